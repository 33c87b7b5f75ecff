"""Checking a loaded Rommé state or view: every card in one place, valid melds, consistent turns.

A Rommé state read from a document is refused with `FormatError`, naming the
offending field, unless the invariants every reachable state keeps hold.
"""

from __future__ import annotations

import attrs

from concombre.core.errors import FormatError, IllegalActionError
from concombre.games.romme.cards import RommeCard, deck
from concombre.games.romme.melds import Meld, build_meld
from concombre.games.romme.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from concombre.games.romme.state import Match, Phase, RoundResult, State
from concombre.games.romme.views import View

__all__ = ["StateParts", "check_meld", "check_state", "check_view", "rebuild_state",
           "state_parts"]

_IN_ROUND = (Phase.DRAW, Phase.PLAY, Phase.ROUND_COMPLETE)


@attrs.frozen
class StateParts:
    """A Rommé state as its document lists it; `rebuild_state` checks and builds it.

    Attributes:
        rules: The rules.
        players: The players' names.
        seed: The seed.
        dealer: The dealer.
        round_number: The round.
        contenders: The seats in the round.
        scores: The totals.
        phase: The phase.
        to_play: The seat to play, or None.
        hands: Each seat's hand, sorted.
        stock: The stock, top card last.
        discard_pile: The discard pile, top card last.
        melds: The melds on the table.
        opened: Who has opened.
        rebuilds: Stock rebuilds this round.
        drawn: The card just taken from the discard pile, or None.
        last_result: The last round's result, or None.

    Examples:
        >>> from concombre.games.romme import deal, new_game
        >>> state = deal(new_game(2, seed=1))
        >>> rebuild_state(state_parts(state)) == state
        True
    """

    rules: Rules
    players: tuple[str, ...]
    seed: int
    dealer: int
    round_number: int
    contenders: tuple[int, ...]
    scores: tuple[int, ...]
    phase: Phase
    to_play: int | None
    hands: tuple[tuple[RommeCard, ...], ...]
    stock: tuple[RommeCard, ...]
    discard_pile: tuple[RommeCard, ...]
    melds: tuple[Meld, ...]
    opened: tuple[bool, ...]
    rebuilds: int
    drawn: RommeCard | None
    last_result: RoundResult | None


def state_parts(state: State) -> StateParts:
    """The parts of a state, as its document lists them.

    Examples:
        >>> from concombre.games.romme import new_game
        >>> state_parts(new_game(2, seed=1)).phase.value
        'deal'
    """
    return StateParts(
        state.rules, state.players, state.seed, state.dealer, state.round_number, state.contenders, state.scores,
        state.phase, state.to_play, state.hands, state.stock, state.discard_pile, state.melds, state.opened,
        state.rebuilds, state.drawn, state.last_result,
    )


def rebuild_state(parts: StateParts) -> State:
    """The state these parts describe, or `FormatError` if no game could reach it.

    Examples:
        >>> from concombre.games.romme import deal, new_game
        >>> parts = state_parts(deal(new_game(2, seed=1)))
        >>> rebuild_state(parts).phase.value
        'draw'
    """
    match = Match(parts.rules, parts.players, parts.seed, parts.dealer, parts.round_number, parts.contenders,
                       parts.scores, parts.last_result)
    state = State(match, (parts.phase, parts.to_play, parts.hands, parts.stock, parts.discard_pile,
                               parts.melds, parts.opened, parts.rebuilds, parts.drawn))
    check_state(state)
    return state


def check_meld(meld: Meld, path: str) -> None:
    """A meld as it lies is a valid meld whose places stand for what the rules say (R5, R6).

    Examples:
        >>> from concombre.games.romme import cards_of, make_meld
        >>> check_meld(make_meld(cards_of("QH1 QS1 QD1"), owner=0), "$.melds[0]") is None
        True
    """
    try:
        again = build_meld(meld.cards, tuple(place.owner for place in meld.places))
    except IllegalActionError as err:
        raise FormatError(err.reason, path, err.ruling) from None
    if again != meld:
        raise FormatError("the places do not stand for what these cards, in this order, make", path, "R6")


def _seats(count: int, values: tuple[object, ...], field: str) -> None:
    if len(values) != count:
        raise FormatError(f"expected one entry per player ({count})", f"$.{field}")


def check_state(state: State) -> None:
    """Refuse, with `FormatError`, a state no game of Rommé could reach.

    Examples:
        >>> from concombre.games.romme import deal, new_game
        >>> check_state(deal(new_game(3, seed=1))) is None
        True
    """
    count = len(state.players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise FormatError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}", "$.players", "R1")
    if len(set(state.players)) < count or not all(name.strip() for name in state.players):
        raise FormatError("names must be distinct and non-empty", "$.players")
    for field in ("scores", "hands", "opened"):
        _seats(count, getattr(state, field), field)
    if not 0 <= state.seed < 2**64:
        raise FormatError("the seed must be a whole number from 0 to 2**64 - 1", "$.seed")
    if not state.contenders or list(state.contenders) != sorted(set(state.contenders)) or not all(
        0 <= seat < count for seat in state.contenders
    ):
        raise FormatError("contenders are distinct seats in order", "$.contenders", "R14")
    # Every seat is checked to be in range before anything is looked up by it.
    for index, meld in enumerate(state.melds):
        if not all(type(place.owner) is int and 0 <= place.owner < count for place in meld.places):
            raise FormatError(f"a meld's places are filled by seats from 0 to {count - 1}", f"$.melds[{index}]", "R9")
    if state.out is None and state.phase is Phase.ROUND_COMPLETE and any(
        not state.hands[seat] for seat in state.contenders
    ):
        raise FormatError("an empty hand ends the round with that player out", "$.hands", "R11")
    if not 0 <= state.dealer < count:
        raise FormatError(f"the dealer must be a seat from 0 to {count - 1}", "$.dealer")
    if not 1 <= state.round_number <= 10_000:
        raise FormatError("the round number must be from 1 to 10000", "$.round_number")
    if not 0 <= state.rebuilds <= state.rules.rebuilds:
        raise FormatError(f"the stock is rebuilt at most {state.rules.rebuilds} times", "$.rebuilds", "R12")
    _check_turn(state)
    _check_cards(state)


def _check_turn(state: State) -> None:
    turn = state.phase in (Phase.DRAW, Phase.PLAY)
    if turn != (state.to_play is not None) or (turn and state.to_play not in state.contenders):
        raise FormatError("a contender is to play exactly while a turn is on", "$.to_play", "R7")
    drawn = state.drawn
    on_table = drawn is not None and any(drawn in meld.cards for meld in state.melds)
    if drawn is not None and (
        state.phase is not Phase.PLAY or not (drawn in state.hands[state.to_play or 0] or on_table)
    ):
        raise FormatError(
            "the card just taken from the discard pile is in the hand of the player to play, or melded",
            "$.drawn",
            "R7",
        )
    if turn and not state.hands[state.to_play or 0]:
        raise FormatError("a player whose hand is empty has gone out: the round is over", "$.phase", "R11")
    if state.phase is Phase.DRAW and not state.stock:
        raise FormatError("a turn starts with a stock to draw from", "$.stock", "R7")
    if state.phase is Phase.GAME_OVER and len(state.contenders) != 1:
        raise FormatError("the game is over when one player leads", "$.contenders", "R14")
    result = state.last_result
    if result is not None:
        expected = state.round_number if state.phase is Phase.GAME_OVER else state.round_number - 1
        if result.round_number != expected:
            raise FormatError(f"the last scored round is round {expected}", "$.last_result.round_number")
    elif state.round_number != 1 or any(state.scores):
        raise FormatError("every round after the first follows a scored round", "$.last_result")


def _check_cards(state: State) -> None:
    seen: set[object] = set()
    places = [(f"$.hands[{seat}]", hand) for seat, hand in enumerate(state.hands)]
    places += [("$.stock", state.stock), ("$.discard_pile", state.discard_pile)]
    places += [(f"$.melds[{index}]", meld.cards) for index, meld in enumerate(state.melds)]
    for path, cards in places:
        for card in cards:
            if card in seen:
                raise FormatError(f"{card} is in two places at once", path, "R2")
            seen.add(card)
    game_cards = set(deck(state.rules.jokers))
    if state.phase in _IN_ROUND and seen != game_cards:
        raise FormatError(f"every one of the game's {len(game_cards)} cards is in one place during a round", "$", "R2")
    if state.phase not in _IN_ROUND and seen:
        raise FormatError("no cards are out between rounds", "$.hands", "R4")
    for seat, hand in enumerate(state.hands):
        limit = 14 if state.phase is Phase.PLAY and seat == state.to_play else 13
        if len(hand) > limit:
            raise FormatError(f"a hand holds at most {limit} cards here: 13 dealt, one drawn", f"$.hands[{seat}]", "R7")
        if list(hand) != sorted(hand):
            raise FormatError("a hand is listed in sorted order", f"$.hands[{seat}]")
        if seat not in state.contenders and (hand or state.opened[seat]):
            raise FormatError("a player sitting the round out holds nothing", f"$.hands[{seat}]", "R14")
    for index, meld in enumerate(state.melds):
        check_meld(meld, f"$.melds[{index}]")
        if any(not state.opened[place.owner] for place in meld.places):
            raise FormatError("only a player who has opened fills places on the table", f"$.melds[{index}]", "R8")


def check_view(seen: View) -> None:
    """Refuse, with `FormatError`, a view whose parts disagree.

    Examples:
        >>> from concombre.games.romme import deal, new_game, view
        >>> check_view(view(deal(new_game(3, seed=1)), 0)) is None
        True
    """
    count = len(seen.players)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise FormatError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}", "$.players", "R1")
    for field in ("hand_sizes", "opened", "scores"):
        _seats(count, getattr(seen, field), field)
    if not 0 <= seen.seat < count or seen.hand_sizes[seen.seat] != len(seen.hand):
        raise FormatError("the seat's hand size is the size of its hand", "$.hand_sizes")
    everything = [*seen.hand, *seen.discard_pile, *(card for meld in seen.melds for card in meld.cards)]
    if len(set(everything)) != len(everything):
        raise FormatError("a card is in two places at once", "$.hand", "R2")
    for index, meld in enumerate(seen.melds):
        check_meld(meld, f"$.melds[{index}]")
