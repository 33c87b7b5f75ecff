"""The story of a game of Concombre in words: what each step did, the score table, and a person's turn.

Used by the demo, by ``concombre play`` and by ``concombre replay``; it reads
only what the states show, so it can tell any game, played live or replayed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from concombre.core.aliases import renamed
from concombre.core.cards import index_of
from concombre.core.errors import FormatError, InvalidArgumentError, require_seat
from concombre.core.i18n import N_, _
from concombre.core.render import SheetLine, picture_text
from concombre.core.words import card_text, cards_text, clause, person
from concombre.games.concombre import render
from concombre.games.concombre.actions import Action, Play, why_illegal
from concombre.games.concombre.reading import read_action
from concombre.games.concombre.rules import Rules, winning_play
from concombre.games.concombre.state import Phase, State, require_state
from concombre.games.concombre.views import View, require_view, view

__all__ = ["HELP", "describe_rules", "play_reasons", "read_play", "score_table", "show_view", "shown_trick", "tell"]


def describe_rules(rules: Rules) -> str:
    """The follow rule in words (C7).

    Examples:
        >>> from concombre import Rules
        >>> describe_rules(Rules(follow="highest"))
        'followers must match or beat the highest card so far'
    """
    if type(rules) is not Rules:
        raise InvalidArgumentError(f"rules must be a concombre.Rules, not {rules!r:.80}.", field="rules")
    if rules.may_duck:
        if rules.follow == "lead":
            return _("followers must match or beat the card led, or duck with a card of their lowest rank")
        return _("followers must match or beat the highest card so far, or duck with a card of their lowest rank")
    if rules.follow == "lead":
        return _("followers must match or beat the card led")
    return _("followers must match or beat the highest card so far")


def tell(before: State, action: Action, after: State) -> Iterator[str]:
    """What ``action`` did, from the state ``before`` it to the state ``after``, in lines of text.

    A deal opens a round, each play is one line and so is its resolved trick,
    and a scored round gives the result and the score table.

    Examples:
        >>> from concombre import Deal, deal, new_game
        >>> state = new_game(["Ann", "Bob"], seed=1)
        >>> list(tell(state, Deal(), deal(state)))
        ['', 'Round 1: Ann deals 7 cards each; Bob leads.']
    """
    require_state(before)
    require_state(after)
    if isinstance(action, Play) and before.to_play is not None:  # each play as it happens; then its trick
        yield "  " + clause(before.players[before.to_play], N_("{name} plays {card}."), N_("You play {card}."),
                            card=card_text(action.card))
    yield from _told(before, after)


def _told(before: State, after: State) -> Iterator[str]:
    """What the step from ``before`` to ``after`` did, told from the states alone (plays are told by their trick)."""
    names = after.players
    if before.phase is Phase.DEAL and after.phase is Phase.PLAY:
        yield ""
        deals = clause(names[after.dealer], N_("{name} deals {count} cards each"), N_("You deal {count} cards each"),
                       count=after.deal_size)
        leads = clause(names[after.leader or 0], N_("{name} leads"), N_("You lead"))
        yield _("Round {round}: {deals}; {leads}.", round=after.round_number, deals=deals, leads=leads)
    elif before.phase is Phase.TRICK_COMPLETE:
        cards = ", ".join(f"{person(names[seat])} {card_text(card)}" for seat, card in before.trick)
        yield "  " + _("Trick {number}: {cards}  -> {winner}", number=len(after.tricks), cards=cards,
                       winner=person(names[after.last_trick_winner or 0]))
    elif before.phase is Phase.ROUND_COMPLETE:
        yield from _round_result(after)
        yield ""
        yield from score_table(after)
        if after.winner is not None:
            yield ""
            yield clause(names[after.winner], N_("{name} wins the game."), N_("You win the game."))


def _round_result(state: State) -> Iterator[str]:
    result = state.last_result
    if result is None:
        return
    name = state.players[result.loser]
    yield "  " + clause(name, N_("{name} takes the last trick with {card}: a penalty of {penalty}."),
                        N_("You take the last trick with {card}: a penalty of {penalty}."),
                        card=card_text(result.card), penalty=result.penalty)
    returned = cards_text(result.returned)
    if result.half_cucumber:
        kept = state.penalty_cards[result.loser][0]
        yield "  " + clause(
            name,
            N_("{name} reaches the limit and becomes half cucumber: keeps {kept}, hands back {returned}; "
               "score {score}."),
            N_("You reach the limit and become half cucumber: you keep {kept}, hand back {returned}; score {score}."),
            kept=card_text(kept), returned=returned, score=result.score)
    if result.eliminated:
        yield "  " + clause(
            name,
            N_("{name} reaches the limit again with {score} and is eliminated; hands back {returned}."),
            N_("You reach the limit again with {score} and are eliminated; you hand back {returned}."),
            score=result.score, returned=returned)


def score_table(state: State) -> Iterator[str]:
    """The score table: each player's score, penalty cards and flags.

    Examples:
        >>> from concombre import new_game
        >>> print("\\n".join(score_table(new_game(["Ann", "Bob"], seed=1))))
          Player  Score  Penalty cards
          Ann         0
          Bob         0
    """
    require_state(state)
    names = [person(name) for name in state.players]
    player, score, penalty = _("Player"), _("Score"), _("Penalty cards")
    width = max(len(player), *(len(name) for name in names))
    points = max(len(score), 5)
    yield SheetLine.of(f"  {player:<{width}}  {score:>{points}}  {penalty}", (player, score, penalty))
    for seat, name in enumerate(names):
        cards = cards_text(state.penalty_cards[seat])
        flag = ""
        if state.eliminated[seat]:
            flag = _("eliminated")
        elif state.half_cucumber[seat]:
            flag = _("half cucumber")
        line = f"  {name:<{width}}  {state.scores[seat]:>{points}}  {cards}".rstrip()
        shown = f"{cards} ({flag})".strip() if flag else cards
        yield SheetLine.of(f"{line}  ({flag})" if flag else line, (name, str(state.scores[seat]), shown))


def shown_trick(state: State) -> tuple[int, tuple[tuple[int, str], ...]] | None:
    """The completed trick still on the felt: who won it (C8) and its plays as (seat, card text), from the
    moment its last card is played until the next card is led; None otherwise.

    Examples:
        >>> from concombre import deal, legal_plays, new_game, play
        >>> state = deal(new_game(["Ann", "Bob"], seed=3))
        >>> shown_trick(state) is None
        True
        >>> for _ in range(2):
        ...     state = play(state, legal_plays(state)[0])
        >>> shown_trick(state)
        (0, ((1, '2C'), (0, '3D')))
    """
    require_state(state)
    if state.phase is Phase.TRICK_COMPLETE:
        plays = state.trick
    elif state.phase is Phase.PLAY and not state.trick and state.tricks:
        plays = state.tricks[-1]
    else:
        return None
    winner = winning_play([(seat, index_of(card)) for seat, card in plays])[0]
    return winner, tuple((seat, str(card)) for seat, card in plays)


HELP = N_("On your turn type the number of a play or the card itself (Q♥, qh, 10h); end of input leaves.")
"""How a person answers on their turn (the catalog's key: show it translated, ``_(HELP)``).

Examples:
    >>> HELP.startswith("On your turn")
    True
"""


def show_view(seen: View) -> list[str]:
    """The lines a person needs to choose a play: the table as `concombre.games.concombre.render` draws it,
    the cards played this round, and the plays numbered.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> lines = show_view(view(deal(new_game(["You", "Bob"], seed=2)), 1))
        >>> lines[1], lines[-1].startswith("Your plays: 1) ")
        ("Concombre, round 1: Bob to play (Bob's view)", True)
    """
    require_view(seen)
    names = [person(name) for name in seen.players]
    played = " | ".join(
        f"{names[seat]}: {cards_text(cards)}" for seat, cards in enumerate(seen.played) if cards
    )
    choices = "  ".join(f"{number}) {card_text(card)}" for number, card in enumerate(seen.legal_plays, 1))
    return [
        "",
        *picture_text(render.picture(seen)).splitlines(),
        _("Trick {number} of {count}; played this round: {played}", number=len(seen.tricks) + 1,
          count=seen.deal_size, played=played or _("nothing yet")),
        _("Your plays: {choices}", choices=choices),
    ]


def read_play(state: State, answer: str) -> Action | str:
    """The play an answer names (a number from the list `show_view` shows, or a card: `read_action` reads
    both), or why it names none or the rules refuse it, naming the card tried. A record's line reads as the
    action it was written from (``deal``, ``resolve`` and ``score`` are the table's steps).

    Examples:
        >>> from concombre import deal, legal_plays, new_game
        >>> state = deal(new_game(["You", "Bob"], seed=2))
        >>> read_play(state, "1") == Play(legal_plays(state)[0])
        True
        >>> print(read_play(state, "zz"))
        'zz' is not a card: write a rank (2-9, 10 or T, J, Q, K, A) then a suit (♣ ♦ ♥ ♠, or C D H S), as in
        'Q♥', 'qh' or '10h'. [C2]
    """
    if not isinstance(answer, str):
        raise InvalidArgumentError(f"answer must be what the person typed, not {answer!r}.", field="answer")
    text = answer.strip()
    choices = view(require_state(state), state.to_play or 0).legal_plays
    if not text and choices:
        return _("Type the number of a play, 1 to {count}, or a card such as {card}.", count=len(choices),
                 card=card_text(choices[0]))
    try:
        action = read_action(state, text)
    except FormatError as err:
        return err.reason if err.ruling is None else f"{err.reason} [{err.ruling}]"
    reason = why_illegal(state, action)
    return action if reason is None else reason


def play_reasons(state: State, seat: int) -> dict[str, str | None]:
    """Why each card in ``seat``'s hand may not be played now (None for a legal play); empty off turn.

    Examples:
        >>> from concombre import deal, new_game
        >>> state = deal(new_game(2, seed=3))
        >>> reasons = play_reasons(state, state.to_play)
        >>> sorted(reasons) == sorted(str(card) for card in state.hand(state.to_play))
        True
    """
    require_seat(seat, len(require_state(state).players), "seat")
    if state.to_play != seat:
        return {}
    return {str(card): why_illegal(state, Play(card)) for card in state.hand(seat)}


def _tell_game(states: Iterable[State]) -> Iterator[str]:
    """The story of a game from its successive states (as `concombre.replay_states` gives them).

    Examples:
        >>> from concombre import Deal, Record, Rules, replay_states
        >>> record = Record(("Ann", "Bob"), Rules(), 5, 0, (Deal(),))
        >>> list(_tell_game(replay_states(record)))[-1]
        'Round 1: Ann deals 7 cards each; Bob leads.'
    """
    previous = None
    for state in states:
        if previous is not None:
            yield from _told(previous, state)
        previous = state


__getattr__ = renamed(__name__, {"tell_game": ("Story.tell, step by step", _tell_game)})
