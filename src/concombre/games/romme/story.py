"""The story of a game of German Rommé in words: what each step did, and a person's turn."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from concombre.core.errors import FormatError, InvalidArgumentError, require_seat
from concombre.core.game import RoundShown
from concombre.core.i18n import N_, _, ngettext
from concombre.core.render import SheetLine, picture_text
from concombre.core.words import card_text, clause, person
from concombre.games.romme import actions, render
from concombre.games.romme.actions import Action, action_text, why_illegal
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.reading import read_action
from concombre.games.romme.rules import Rules
from concombre.games.romme.state import Phase, RoundResult, State, require_state
from concombre.games.romme.transitions import round_result
from concombre.games.romme.views import View, require_view

__all__ = ["HELP", "describe_rules", "face", "read_step", "round_sheet", "said", "show_view", "shown_round",
           "step_reasons", "tell"]


def describe_rules(rules: Rules) -> str:
    """The options in words, when they differ from the rulings.

    Examples:
        >>> from concombre.romme import Rules
        >>> describe_rules(Rules()), describe_rules(Rules(opening=30))
        ('', 'openings worth 30')
    """
    if type(rules) is not Rules:
        raise InvalidArgumentError(f"rules must be a concombre.romme.Rules, not {rules!r:.80}.", field="rules")
    words = []
    if rules.jokers != 4:
        words.append(ngettext("{n} joker", "{n} jokers", rules.jokers))
    if rules.opening != 40:
        words.append(_("openings worth {opening}", opening=rules.opening))
    if rules.may_return_discard:
        words.append(_("the card taken from the discard pile may go back"))
    if rules.rebuilds != 2:
        words.append(ngettext("the stock is rebuilt {n} time", "the stock is rebuilt {n} times", rules.rebuilds))
    return ", ".join(words)


def tell(before: State, action: Action, after: State) -> Iterator[str]:
    """What ``action`` did, taking ``before`` to ``after``, in lines of text a person can follow.

    Every draw, meld, lay-off, exchange and discard is told as it happens, with the card taken from the
    discard pile named (everyone sees it) and the card drawn from the stock not (nobody else does).
    Cards are written without their copy, melds numbered from 1, as a person answers (see `read_step`).

    Examples:
        >>> from concombre.romme import Deal, DrawStock, apply, new_game
        >>> state = apply(new_game(["Ann", "Bob"], seed=5), Deal())
        >>> list(tell(state, DrawStock(), apply(state, DrawStock())))
        ['  Bob draws from the stock.']
    """
    require_state(before)
    require_state(after)
    names = after.players
    if before.phase is Phase.DEAL:
        yield ""
        deals = clause(names[after.dealer], N_("{name} deals"), N_("You deal"))
        yield _("Round {round}{tie_break}: {deals}.", round=after.round_number, tie_break=_tie_break_of(after),
                deals=deals)
    elif before.to_play is not None:
        yield f"  {said(names[before.to_play], action, before)}."
    elif before.phase is Phase.ROUND_COMPLETE and after.last_result is not None:
        result = after.last_result
        out = _("nobody went out") if result.out is None else clause(
            names[result.out], N_("{name} went out"), N_("you went out"))
        if before.in_tie_break:
            yield "  " + _("Tie-break round {round} is over: {out}; tie-break points {points} (R14a); the totals "
                           "stay {totals}", round=result.round_number, out=out,
                           points=_points(names, after.tie_break_points, _tied(after)),
                           totals=_points(names, after.scores))
        else:
            yield "  " + _("Round {round} is over: {out}; totals {totals}", round=result.round_number, out=out,
                           totals=_points(names, after.scores))
        standing = after.tie_break_points if before.in_tie_break else after.scores
        rows = round_sheet(names, result, standing, before.in_tie_break)
        width = max(len(row[0]) for row in rows)
        for row in rows:
            yield SheetLine.of("  " + "  ".join([row[0].ljust(width), *(cell.rjust(6) for cell in row[1:])]), row)
    if after.phase is Phase.GAME_OVER and after.winner is not None and before.phase is not Phase.GAME_OVER:
        winner = after.winner
        if after.in_tie_break:
            yield clause(names[winner],
                         N_("{name} wins with {points} points, and {tie_break} tie-break points (R14a)."),
                         N_("You win with {points} points, and {tie_break} tie-break points (R14a)."),
                         points=after.scores[winner], tie_break=after.tie_break_points[winner])
        else:
            yield clause(names[winner], N_("{name} wins with {points} points."), N_("You win with {points} points."),
                         points=after.scores[winner])


def round_sheet(names: tuple[str, ...], result: RoundResult, standing: tuple[int, ...],
                tie_break: bool = False) -> tuple[tuple[str, ...], ...]:
    """A round's score sheet (R13), its head first: each player's melds, the hand they were left with, the round's
    points and their total after it (in a tie-break round, their tie-break points: R14a).

    Examples:
        >>> result = RoundResult(1, 1, (57, 84), (4, 0), (53, 84))
        >>> for row in round_sheet(("Ann", "Bea"), result, (53, 84)):
        ...     print(row)
        ('Player', 'Melds', 'Hand', 'Round', 'Total')
        ('Ann', '57', '-4', '53', '53')
        ('Bea', '84 (out)', '0', '84', '84')
    """
    if type(result) is not RoundResult:
        raise InvalidArgumentError(f"result must be a RoundResult, not {result!r:.80}.", field="result")
    count = len(result.scores)
    for field, values in (("names", names), ("standing", standing)):
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) != count:
            raise InvalidArgumentError(f"{field} must hold one entry for each of the {count} seats, not "
                                       f"{values!r:.80}.", field=field)
    head = (_("Player"), _("Melds"), _("Hand"), _("Round"), _("Tie-break (R14a)") if tie_break else _("Total"))
    rows = [head]
    for seat, name in enumerate(names):
        melds = str(result.meld_values[seat]) + (" " + _("(out)") if result.out == seat else "")
        hand = str(-result.hand_values[seat]) if result.hand_values[seat] else "0"
        rows.append((person(name), melds, hand, str(result.scores[seat]), str(standing[seat])))
    return tuple(rows)


def shown_round(state: State) -> RoundShown | None:
    """The round's end as a table holds it before it is scored (`concombre.core.game.Story.shown_round`): who went
    out and the score sheet the scoring will give (`round_sheet`); None unless the round is complete.

    Examples:
        >>> from concombre.romme import Phase, Rules, deal, discard, draw_stock, new_game
        >>> state = deal(new_game(["Ann", "Bob"], seed=3, rules=Rules(rebuilds=0)))
        >>> shown_round(state) is None
        True
        >>> while state.phase is not Phase.ROUND_COMPLETE:   # nobody melds: the stock runs out (R12)
        ...     state = draw_stock(state)
        ...     state = discard(state, state.hands[state.to_play][-1])
        >>> shown = shown_round(state)
        >>> shown.title, shown.out, shown.sheet[0]
        ('Round 1 is over: nobody went out.', None, ('Player', 'Melds', 'Hand', 'Round', 'Total'))
    """
    require_state(state)
    if require_state(state).phase is not Phase.ROUND_COMPLETE:
        return None
    result = round_result(state)
    names = state.players
    before = state.tie_break_points if state.in_tie_break else state.scores
    standing = tuple(total + gained for total, gained in zip(before, result.scores, strict=True))
    out = _("nobody went out") if result.out is None else clause(
        names[result.out], N_("{name} went out"), N_("you went out"))
    return RoundShown(_("Round {round} is over: {out}.", round=result.round_number, out=out), result.out,
                      round_sheet(names, result, standing, state.in_tie_break))


def said(name: str, action: Action, before: State | View) -> str:
    """A player's action in words, as a person reads and answers it: no copies, melds numbered from 1.

    Examples:
        >>> from concombre.romme import LayOff, MeldCards, new_game
        >>> state = new_game(["Ann", "Bob"], seed=5)
        >>> said("You", MeldCards([["QH1", "QS2", "QD1"]]), state), said("Ann", LayOff("7H1", 0, "high"), state)
        ('You meld Q♥ Q♠ Q♦', 'Ann lays off 7♥ on meld 1 high')
    """
    if isinstance(action, actions.DrawStock):
        return clause(name, N_("{name} draws from the stock"), N_("You draw from the stock"))
    if isinstance(action, actions.DrawDiscard):
        return clause(name, N_("{name} takes {card} from the discard pile"),
                      N_("You take {card} from the discard pile"), card=face(before.discard_pile[-1]))
    if isinstance(action, actions.MeldCards):
        melds = _(" and ").join(" ".join(map(face, meld)) for meld in action.melds)
        return clause(name, N_("{name} melds {melds}"), N_("You meld {melds}"), melds=melds)
    if isinstance(action, actions.LayOff):
        if action.end is not None:
            end = _("low") if action.end == "low" else _("high")
            return clause(name, N_("{name} lays off {card} on meld {meld} {end}"),
                          N_("You lay off {card} on meld {meld} {end}"), card=face(action.card), meld=action.meld + 1,
                          end=end)
        return clause(name, N_("{name} lays off {card} on meld {meld}"), N_("You lay off {card} on meld {meld}"),
                      card=face(action.card), meld=action.meld + 1)
    if isinstance(action, actions.ExchangeJoker):
        return clause(name,
                      N_("{name} exchanges {card} for the joker at meld {meld} place {place}, then melds {cards}"),
                      N_("You exchange {card} for the joker at meld {meld} place {place}, then meld {cards}"),
                      card=face(action.card), meld=action.meld + 1, place=action.place + 1,
                      cards=" ".join(map(face, action.new_meld)))
    if isinstance(action, actions.Discard):
        return clause(name, N_("{name} discards {card}"), N_("You discard {card}"), card=face(action.card))
    return f"{person(name)}: {action_text(action)}"


def face(card: RommeCard) -> str:
    """A card as people write it (`concombre.core.words.card_text`): ``Q♥``, ``10♠``, ``joker`` for any joker
    (the copy does not matter to a person).

    Examples:
        >>> from concombre.romme import RommeCard
        >>> face(RommeCard.parse("QH2")), face(RommeCard.parse("TS1")), face(RommeCard.joker(3))
        ('Q♥', '10♠', 'joker')
    """
    return card_text(card)


def _points(names: tuple[str, ...], points: tuple[int, ...], seats: Iterable[int] | None = None) -> str:
    shown = range(len(names)) if seats is None else seats
    return ", ".join(f"{person(names[seat])} {points[seat]}" for seat in shown)


def _tied(seen: State | View) -> tuple[int, ...]:
    """The seats that play or played the tie-break: those tied for the highest total (R14)."""
    top = max(seen.scores)
    return tuple(seat for seat, total in enumerate(seen.scores) if total == top)


def _tie_break_of(seen: State | View) -> str:
    """", a tie-break between Ann and Bob (R14)" in a tie-break round, else nothing."""
    if not seen.in_tie_break:
        return ""
    if seen.phase is Phase.GAME_OVER:
        return _(", after a tie-break (R14)")
    tied = _(" and ").join(person(seen.players[seat]) for seat in seen.contenders)
    return _(", a tie-break between {players} (R14)", players=tied)


HELP = N_(
    "Draw with s (stock) or d (discard pile). Then meld CARDS | CARDS, lay off CARD on N low|high, "
    "exchange CARD at N P then meld CARDS, and end with discard CARD. Cards as Q♥, qh or 10s (joker for a "
    "joker); melds and places count from 1. hint asks a bot; auto lets it play; quit leaves."
)
"""How a person answers on their turn (the catalog's key: show it translated, ``_(HELP)``).

Examples:
    >>> HELP.startswith("Draw with s")
    True
"""


def show_view(seen: View) -> list[str]:
    """The lines a person needs on their turn: the table as `concombre.games.romme.render` draws it, and
    what they may do.

    Examples:
        >>> from concombre.games.romme import deal, new_game, view
        >>> lines = show_view(view(deal(new_game(["You", "Bea"], seed=2)), 0))
        >>> lines[1].startswith("German Rommé, round 1 of 2"), lines[-1].startswith("You have not opened")
        (True, True)
    """
    require_view(seen)
    lines = ["", *picture_text(render.picture(seen)).splitlines()]
    if seen.drawn is not None:
        lines.append(_("You took {card} from the discard pile: you may not discard it this turn (R7a).",
                       card=face(seen.drawn)))
    if not seen.opened[seen.seat]:
        lines.append(_("You have not opened: your first melds must be worth {opening} together (R8).",
                       opening=seen.rules.opening))
    return lines


def read_step(state: State, answer: str) -> Action | str:
    """The action a person's answer names (`~concombre.games.romme.reading.read_action`: a record's line, or an
    action as people type it, copies left out and melds and places counted from 1), or why it names none or the
    rules refuse it: a sentence to show the person, which says what they may type now.

    Examples:
        >>> from concombre.games.romme import deal, new_game
        >>> state = deal(new_game(["You", "Bea"], seed=2, dealer=1))
        >>> read_step(state, "s")
        DrawStock()
        >>> print(read_step(state, "discard QH1"))
        You cannot discard Q♥ now: the player to play must draw first. [R15]
        >>> print(read_step(state, "hint me"))
        'hint me' is not a move I can read. Draw first: type s (the stock) or d (the discard pile).
    """
    try:
        action = read_action(state, answer)
    except FormatError as err:
        return err.reason if err.ruling is None else f"{err.reason} [{err.ruling}]"
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
    require_seat(seat, len(require_state(state).players), "seat")
    if state.to_play != seat:
        return {}
    reasons: dict[str, str | None] = {
        "draw stock": why_illegal(state, actions.DrawStock()),
        "draw discard": why_illegal(state, actions.DrawDiscard()),
    }
    for card in state.hands[seat]:
        reasons[str(card)] = why_illegal(state, actions.Discard(card))
    return reasons
