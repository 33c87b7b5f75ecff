"""Checking a loaded Rommé state or view: every card in one place, valid melds, consistent turns.

A Rommé state read from a document is refused with `FormatError`, naming the
offending field, unless the invariants every reachable state keeps hold.
"""

from __future__ import annotations

import attrs

from concombre.core.errors import FormatError, IllegalActionError, InvalidArgumentError
from concombre.core.limits import MAX_ROUNDS, SEED_LIMIT
from concombre.core.seats import check_loaded_players
from concombre.games.romme.cards import RommeCard, deck
from concombre.games.romme.melds import Meld, build_meld
from concombre.games.romme.rules import MAX_PLAYERS, MIN_PLAYERS, Rules, round_score
from concombre.games.romme.state import ROUND_FIELDS, Match, Phase, RoundResult, State, make_state, require_state
from concombre.games.romme.transitions import HAND_SIZE
from concombre.games.romme.views import View, require_view

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
        scores: The match totals.
        tie_break_points: The points from tie-break rounds (R14a).
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
    tie_break_points: tuple[int, ...]
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
    require_state(state)
    return StateParts(**{field.name: getattr(state, field.name) for field in attrs.fields(StateParts)})


def rebuild_state(parts: StateParts) -> State:
    """The state these parts describe, or `FormatError` if no game could reach it.

    Examples:
        >>> from concombre.games.romme import deal, new_game
        >>> parts = state_parts(deal(new_game(2, seed=1)))
        >>> rebuild_state(parts).phase.value
        'draw'
    """
    if type(parts) is not StateParts:
        raise InvalidArgumentError(f"parts must be StateParts (see state_parts), not {parts!r:.80}.", field="parts")
    match = Match(**{field.name: getattr(parts, field.name) for field in attrs.fields(Match)})
    state = make_state(match, tuple(getattr(parts, name) for name in ROUND_FIELDS))
    check_state(state)
    return state


def check_meld(meld: Meld, path: str) -> None:
    """A meld as it lies is a valid meld whose places stand for what the rules say (R5, R6).

    Examples:
        >>> from concombre.games.romme import cards_of, make_meld
        >>> check_meld(make_meld(cards_of("QH1 QS1 QD1"), owner=0), "$.melds[0]") is None
        True
    """
    if type(meld) is not Meld:
        raise InvalidArgumentError(f"meld must be a Meld, not {meld!r:.80}.", field="meld")
    try:
        again = build_meld(meld.cards, tuple(place.owner for place in meld.places))
    except IllegalActionError as err:
        raise FormatError(err.reason, path, err.ruling) from None
    if again != meld:
        raise FormatError("the places do not stand for what these cards, in this order, make", path, "R6")


def _seats(count: int, values: tuple[object, ...], field: str) -> None:
    if len(values) != count:
        raise FormatError(f"expected one entry per player ({count})", f"$.{field}")


def _check_contenders(contenders: tuple[int, ...], count: int) -> None:
    if not contenders or list(contenders) != sorted(set(contenders)) or not all(
        0 <= seat < count for seat in contenders
    ):
        raise FormatError("contenders are distinct seats in order", "$.contenders", "R14")


def _check_owners(meld: Meld, count: int, index: int) -> None:
    if not all(type(place.owner) is int and 0 <= place.owner < count for place in meld.places):
        raise FormatError(f"a meld's places are filled by seats from 0 to {count - 1}", f"$.melds[{index}]", "R9")


def _seated(table: State | View, fields: tuple[str, ...]) -> int:
    """How many seats ``table`` has, its players' names checked (R1) and each of ``fields`` one entry a seat."""
    count = len(table.players)
    check_loaded_players(table.players, MIN_PLAYERS, MAX_PLAYERS, "R1")
    for field in fields:
        _seats(count, getattr(table, field), field)
    return count


def check_state(state: State) -> None:
    """Refuse, with `FormatError`, a state no game of Rommé could reach.

    Examples:
        >>> from concombre.games.romme import deal, new_game
        >>> check_state(deal(new_game(3, seed=1))) is None
        True
    """
    count = _seated(require_state(state), ("scores", "tie_break_points", "hands", "opened"))
    if not 0 <= state.seed < SEED_LIMIT:
        raise FormatError("the seed must be a whole number from 0 to 2**64 - 1", "$.seed")
    # Every seat is checked to be in range before anything is looked up by it.
    _check_contenders(state.contenders, count)
    for index, meld in enumerate(state.melds):
        _check_owners(meld, count, index)
    if state.out is None and state.phase is Phase.ROUND_COMPLETE and any(
        not state.hands[seat] for seat in state.contenders
    ):
        raise FormatError("an empty hand ends the round with that player out", "$.hands", "R11")
    if not 0 <= state.dealer < count:
        raise FormatError(f"the dealer must be a seat from 0 to {count - 1}", "$.dealer")
    if not 0 <= state.rebuilds <= state.rules.rebuilds:
        raise FormatError(f"the stock is rebuilt at most {state.rules.rebuilds} times", "$.rebuilds", "R12")
    _check_turn(state)
    _check_cards(state)
    _check_table(state, "hands")
    _check_score_sheet(state)


def _check_table(sheet: State | View, field: str) -> None:
    """What each seat holds and filled on the table adds up to the cards dealt and drawn (R4, R7, R8, R11, R14).

    ``field`` names the hand sizes in the document: ``hands`` for a state, ``hand_sizes`` for a view.
    """
    filled = [0] * len(sheet.players)
    for meld in sheet.melds:
        for place in meld.places:
            filled[place.owner] += 1
    for seat, size in enumerate(sheet.hand_sizes):
        if seat not in sheet.contenders or sheet.phase not in _IN_ROUND:
            if size or filled[seat] or sheet.opened[seat]:
                raise FormatError("a player sitting the round out holds nothing", f"$.{field}[{seat}]", "R14")
            continue
        if sheet.opened[seat] != (filled[seat] > 0):
            raise FormatError(
                "a player has opened exactly when they have filled places on the table", f"$.opened[{seat}]", "R8"
            )
        drawn = 1 if sheet.phase is Phase.PLAY and seat == sheet.to_play else 0
        went_out = size == 0 and sheet.phase is Phase.ROUND_COMPLETE  # by a discard, or by melding every card
        if size + filled[seat] not in ((HAND_SIZE, HAND_SIZE + 1) if went_out else (HAND_SIZE + drawn,)):
            raise FormatError(
                f"a hand and the places its player filled hold the {HAND_SIZE} cards dealt, and one drawn this turn",
                f"$.{field}[{seat}]",
                "R7",
            )


def _most_points(rules: Rules) -> int:
    """What every card of the game is worth in a hand: no round scores more, or less than its negative (R3)."""
    return sum(card.hand_value for card in deck(rules.jokers))


def _scored_rounds(state: State | View) -> int:
    return state.round_number if state.phase is Phase.GAME_OVER else state.round_number - 1


def _check_score_sheet(state: State | View) -> None:
    """Totals, tie-break points and contenders as the rounds scored can leave them (R13, R14, R14a)."""
    scored = _scored_rounds(state)
    regular_rounds = len(state.players)  # R4
    regular = min(scored, regular_rounds)
    tie_breaks = scored - regular
    most = _most_points(state.rules)
    for field, rounds in (("scores", regular), ("tie_break_points", tie_breaks)):
        for seat, points in enumerate(getattr(state, field)):
            if abs(points) > rounds * most:
                raise FormatError(
                    f"{rounds} rounds scored give between {-rounds * most} and {rounds * most} points",
                    f"$.{field}[{seat}]",
                    "R14a" if field == "tie_break_points" else "R13",
                )
    everyone = tuple(range(len(state.players)))
    if scored < regular_rounds:
        if state.contenders != everyone:
            raise FormatError("everyone plays the rounds before any tie-break", "$.contenders", "R14")
        return
    top = max(state.scores)
    leaders = tuple(seat for seat in everyone if state.scores[seat] == top)
    if not set(state.contenders) <= set(leaders) or (tie_breaks == 0 and state.contenders != leaders):
        raise FormatError("after the last regular round, the players tied for the lead play on", "$.contenders",
                          "R14")
    if any(points and seat not in leaders for seat, points in enumerate(state.tie_break_points)):
        raise FormatError("only players tied for the lead play tie-break rounds", "$.tie_break_points", "R14a")
    if state.phase is not Phase.GAME_OVER and len({state.tie_break_points[seat] for seat in state.contenders}) > 1:
        raise FormatError("the players still in the tie-break have as many tie-break points as each other",
                          "$.tie_break_points", "R14a")


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
    _check_rounds_played(state)


def _check_rounds_played(sheet: State | View) -> None:
    """The round number, and the last round's result, as the rounds scored leave them (R13)."""
    if not 1 <= sheet.round_number <= MAX_ROUNDS:
        raise FormatError(f"the round number must be from 1 to {MAX_ROUNDS}", "$.round_number")
    result = sheet.last_result
    if result is None:
        if sheet.round_number != 1 or any(sheet.scores) or sheet.phase is Phase.GAME_OVER:
            raise FormatError("every round after the first follows a scored round", "$.last_result")
        return
    if result.round_number != _scored_rounds(sheet):
        raise FormatError(f"the last scored round is round {_scored_rounds(sheet)}", "$.last_result.round_number")
    _check_result(sheet, result)


def _check_result(state: State | View, result: RoundResult) -> None:
    path = "$.last_result"
    count = len(state.players)
    for field in ("meld_values", "hand_values", "scores"):
        if len(getattr(result, field)) != count:
            raise FormatError(f"expected one entry per player ({count})", f"{path}.{field}")
    if result.out is not None and not (0 <= result.out < count and result.hand_values[result.out] == 0):
        raise FormatError("the player who went out is a seat left holding nothing", f"{path}.out", "R11")
    most = _most_points(state.rules)
    for seat in range(count):
        meld_value, hand_value = result.meld_values[seat], result.hand_values[seat]
        if not (0 <= meld_value <= most and 0 <= hand_value <= most):
            raise FormatError(f"values of cards are from 0 to {most}", f"{path}.meld_values[{seat}]", "R13")
        if result.scores[seat] != round_score(meld_value, hand_value, seat == result.out):
            raise FormatError("a round's score is the value of the places filled, less the cards left in hand",
                              f"{path}.scores[{seat}]", "R13")


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
    if state.phase not in _IN_ROUND and (any(state.opened) or state.rebuilds):
        raise FormatError("nobody has opened and the stock is not rebuilt between rounds", "$.opened", "R4")
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
    """Refuse, with `FormatError`, a view no seat of any game could be shown.

    Every seat and index is in range, the sizes add up to the game's cards,
    and the score sheet is one the rounds scored could leave.

    Examples:
        >>> from concombre.games.romme import deal, new_game, view
        >>> check_view(view(deal(new_game(3, seed=1)), 0)) is None
        True
    """
    count = _seated(require_view(seen), ("hand_sizes", "opened", "scores", "tie_break_points"))
    for field in ("seat", "dealer", "to_play", "winner"):
        seat = getattr(seen, field)
        if seat is not None and not 0 <= seat < count:
            raise FormatError(f"expected a seat from 0 to {count - 1}", f"$.{field}")
    _check_contenders(seen.contenders, count)
    for index, meld in enumerate(seen.melds):
        _check_owners(meld, count, index)
        check_meld(meld, f"$.melds[{index}]")
    if seen.hand_sizes[seen.seat] != len(seen.hand) or list(seen.hand) != sorted(seen.hand):
        raise FormatError("the seat's hand, sorted, is as large as its hand size says", f"$.hand_sizes[{seen.seat}]")
    game_cards = set(deck(seen.rules.jokers))
    everything = [*seen.hand, *seen.discard_pile, *(card for meld in seen.melds for card in meld.cards)]
    if len(set(everything)) != len(everything) or not set(everything) <= game_cards:
        raise FormatError(f"each of the game's {len(game_cards)} cards is in one place at most", "$.hand", "R2")
    in_round = seen.phase in _IN_ROUND
    table = sum(len(meld.cards) for meld in seen.melds)
    total = seen.stock_size + len(seen.discard_pile) + sum(seen.hand_sizes) + table
    if total != (len(game_cards) if in_round else 0) or seen.stock_size < 0:
        raise FormatError(f"the stock, the discard pile, the hands and the table hold the game's "
                          f"{len(game_cards)} cards during a round, and nothing between rounds", "$.stock_size", "R2")
    if not 0 <= seen.rebuilds <= (seen.rules.rebuilds if in_round else 0):
        raise FormatError(f"the stock is rebuilt at most {seen.rules.rebuilds} times in a round", "$.rebuilds", "R12")
    turn = seen.phase in (Phase.DRAW, Phase.PLAY)
    if turn != (seen.to_play is not None) or (turn and seen.to_play not in seen.contenders):
        raise FormatError("a contender is to play exactly while a turn is on", "$.to_play", "R7")
    if seen.drawn is not None and not (seen.phase is Phase.PLAY and seen.to_play == seen.seat and (
            seen.drawn in seen.hand or any(seen.drawn in meld.cards for meld in seen.melds))):
        raise FormatError("the card just taken from the discard pile is this seat's, on its turn", "$.drawn", "R7a")
    over = seen.phase is Phase.GAME_OVER
    if over != (seen.winner is not None) or (over and seen.contenders != (seen.winner,)):
        raise FormatError("the game has a winner exactly when it is over: the last contender", "$.winner", "R14")
    _check_table(seen, "hand_sizes")
    _check_rounds_played(seen)
    _check_score_sheet(seen)
