"""The story of a game of German Rommé in words: what each step did, and a person's turn."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from concombre.core.errors import FormatError, InvalidArgumentError
from concombre.games.romme.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    action_text,
    parse_action,
    why_illegal,
)
from concombre.games.romme.rules import Rules
from concombre.games.romme.state import Phase, State
from concombre.games.romme.views import View

__all__ = ["HELP", "describe_rules", "read_step", "show_view", "step_reasons", "tell"]


def describe_rules(rules: Rules) -> str:
    """The options in words, when they differ from the rulings.

    Examples:
        >>> from concombre.romme import Rules
        >>> describe_rules(Rules()), describe_rules(Rules(opening=30))
        ('', 'openings worth 30')
    """
    words = []
    if rules.jokers != 4:
        words.append(f"{rules.jokers} jokers")
    if rules.opening != 40:
        words.append(f"openings worth {rules.opening}")
    if rules.may_return_discard:
        words.append("the card taken from the discard pile may go back")
    if rules.rebuilds != 2:
        words.append(f"the stock is rebuilt {rules.rebuilds} times")
    return ", ".join(words)


def tell(before: State, action: Action, after: State) -> Iterator[str]:
    """What ``action`` did, taking ``before`` to ``after``, in lines of text.

    Examples:
        >>> from concombre.romme import Deal, DrawStock, apply, new_game
        >>> state = apply(new_game(["Ann", "Bob"], seed=5), Deal())
        >>> list(tell(state, DrawStock(), apply(state, DrawStock())))
        ['  Bob: draw stock']
    """
    names = after.players
    if before.phase is Phase.DEAL:
        yield ""
        yield f"Round {after.round_number}{_tie_break_of(after)}: {names[after.dealer]} deals."
    elif before.to_play is not None:
        yield f"  {names[before.to_play]}: {action_text(action)}"
    elif before.phase is Phase.ROUND_COMPLETE and after.last_result is not None:
        result = after.last_result
        out = "nobody went out" if result.out is None else f"{names[result.out]} went out"
        if before.in_tie_break:
            yield (f"  Tie-break round {result.round_number} is over: {out}; tie-break points "
                   f"{_points(names, after.tie_break_points, _tied(after))} (R14a); the totals stay "
                   f"{_points(names, after.scores)}")
        else:
            yield f"  Round {result.round_number} is over: {out}; totals {_points(names, after.scores)}"
    if after.phase is Phase.GAME_OVER and after.winner is not None and before.phase is not Phase.GAME_OVER:
        winner = after.winner
        won = f"{names[winner]} wins with {after.scores[winner]} points"
        if after.in_tie_break:
            won += f", and {after.tie_break_points[winner]} tie-break points (R14a)"
        yield won + "."


def _points(names: tuple[str, ...], points: tuple[int, ...], seats: Iterable[int] | None = None) -> str:
    shown = range(len(names)) if seats is None else seats
    return ", ".join(f"{names[seat]} {points[seat]}" for seat in shown)


def _tied(seen: State | View) -> tuple[int, ...]:
    """The seats that play or played the tie-break: those tied for the highest total (R14)."""
    top = max(seen.scores)
    return tuple(seat for seat, total in enumerate(seen.scores) if total == top)


def _tie_break_of(seen: State | View) -> str:
    """", a tie-break between Ann and Bob (R14)" in a tie-break round, else nothing."""
    if not seen.in_tie_break:
        return ""
    if seen.phase is Phase.GAME_OVER:
        return ", after a tie-break (R14)"
    return f", a tie-break between {' and '.join(seen.players[seat] for seat in seen.contenders)} (R14)"


HELP = (
    "Draw with s (stock) or d (discard pile). Then meld CARDS | CARDS, lay off CARD on N low|high, "
    "exchange CARD at N P then meld CARDS, and end with discard CARD. hint asks the solver; auto lets it play."
)
"""How a person answers on their turn.

Examples:
    >>> HELP.startswith("Draw with s")
    True
"""


def show_view(seen: View) -> list[str]:
    """The lines a person needs on their turn: scores, the table, the discard pile and the hand.

    Examples:
        >>> from concombre.games.romme import deal, new_game, view
        >>> lines = show_view(view(deal(new_game(["You", "Bea"], seed=2)), 0))
        >>> lines[-1].startswith("Your hand: ")
        True
    """
    names = seen.players
    lines = ["", f"Round {seen.round_number}{_tie_break_of(seen)}. Scores: {_points(names, seen.scores)}"]
    if seen.in_tie_break:
        lines.append(f"Tie-break points, kept apart from the scores (R14a): "
                     f"{_points(names, seen.tie_break_points, _tied(seen))}")
    for number, meld in enumerate(seen.melds):
        owners = sorted({names[place.owner] for place in meld.places})
        stands = " ".join(place.stands_for() for place in meld.places)
        lines.append(f"  meld {number}: {meld}  ({stands}; {', '.join(owners)})")
    top = seen.discard_pile[-1] if seen.discard_pile else "empty"
    lines.append(f"Discard pile top: {top}; {seen.stock_size} cards in the stock; hands: "
                 + ", ".join(f"{names[seat]} {size}" for seat, size in enumerate(seen.hand_sizes)))
    if not seen.opened[seen.seat]:
        lines.append(f"You have not opened: your first melds must be worth {seen.rules.opening} together (R8).")
    lines.append(f"Your hand: {' '.join(map(str, seen.hand))}")
    return lines


def read_step(state: State, answer: str) -> Action | str:
    """The action an answer names, or why it names none (a sentence to show the person).

    Examples:
        >>> from concombre.games.romme import deal, new_game
        >>> state = deal(new_game(["You", "Bea"], seed=2, dealer=1))
        >>> read_step(state, "s")
        DrawStock()
        >>> print(read_step(state, "discard QH1"))
        No card can be discarded now: the player to play must draw first. [R15]
    """
    text = answer.strip().lower()
    if text in ("s", "stock", "draw stock"):
        action: Action = DrawStock()
    elif text in ("d", "discard pile", "draw discard"):
        action = DrawDiscard()
    else:
        try:
            action = parse_action(answer)
        except FormatError as err:
            return f"{err.reason.rstrip('.')}. {HELP}"
        except InvalidArgumentError as err:
            return err.reason
    reason = why_illegal(state, action)
    return action if reason is None else reason


def step_reasons(state: State, seat: int) -> dict[str, str | None]:
    """Why each draw, and the discard of each card in hand, would be refused now (None if allowed).

    Examples:
        >>> from concombre.romme import deal, new_game
        >>> state = deal(new_game(2, seed=3))
        >>> step_reasons(state, state.to_play)["draw stock"] is None
        True
    """
    if state.to_play != seat:
        return {}
    reasons: dict[str, str | None] = {
        "draw stock": why_illegal(state, DrawStock()),
        "draw discard": why_illegal(state, DrawDiscard()),
    }
    for card in state.hands[seat]:
        reasons[str(card)] = why_illegal(state, Discard(card))
    return reasons
