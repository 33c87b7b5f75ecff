"""Helpers shared by the tests: scripted rounds and random whole games."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from concombre import (
    PACK,
    Card,
    GameRecord,
    GameState,
    Phase,
    Play,
    apply,
    deal,
    legal_actions,
    legal_plays,
    resolve_trick,
    score_round,
)


def deck_for(state: GameState, hands: dict[int, list[Card]]) -> list[Card]:
    """A deck whose deal gives each listed seat exactly the listed cards (C5 dealing order)."""
    order: list[Card | None] = [None] * len(state.stock)
    seats = _dealing_order(state)
    size = state.deal_size
    for seat, cards in hands.items():
        assert len(cards) == size, f"seat {seat} needs {size} cards"
        position = seats.index(seat)
        for round_index, card in enumerate(cards):
            order[round_index * len(seats) + position] = card
    rest = iter(card for card in state.stock if card not in {c for cs in hands.values() for c in cs})
    return [card if card is not None else next(rest) for card in order]


def _dealing_order(state: GameState) -> list[int]:
    active = state.active_seats
    count = len(state.players)
    seats: list[int] = []
    seat = state.dealer
    while len(seats) < len(active):
        seat = (seat + 1) % count
        if seat in active:
            seats.append(seat)
    return seats


def lowest(state: GameState) -> Card:
    """The lowest legal card in pack order."""
    return legal_plays(state)[0]


def play_round(state: GameState, choose: Callable[[GameState], Card] = lowest) -> GameState:
    """Play a dealt round to its end (not scored)."""
    while state.phase is not Phase.ROUND_COMPLETE:
        complete = state.phase is Phase.TRICK_COMPLETE
        state = resolve_trick(state) if complete else apply(state, Play(choose(state)))
    return state


def rig_round(state: GameState, loser: int, card: Card | str) -> GameState:
    """Deal, play and score a round in which ``loser`` takes the last trick with ``card``.

    The loser is dealt ``card`` and the next highest cards below it; every
    other active seat is dealt the lowest cards of the pack. Everybody plays
    their lowest legal card, so the loser wins every trick and plays
    ``card`` last.
    """
    card = Card.parse(card) if isinstance(card, str) else card
    size = state.deal_size
    pool = sorted(state.stock)
    assert card in pool, f"{card} is not in the round's pack"
    below = [other for other in pool if other < card]
    hands = {loser: [*below[-(size - 1) :], card] if size > 1 else [card]}
    low = iter(below[: -(size - 1)] if size > 1 else below)
    for seat in state.active_seats:
        if seat != loser:
            hands[seat] = [next(low) for _ in range(size)]
    state = play_round(deal(state, deck_for(state, hands)))
    state = score_round(state)
    result = state.last_result
    assert result is not None and (result.loser, result.card) == (loser, card), result
    return state


def random_states(state: GameState, rng: random.Random) -> Iterator[GameState]:
    """Every state of a game played to its end with uniformly random legal actions."""
    yield state
    while state.phase is not Phase.GAME_OVER:
        state = apply(state, rng.choice(legal_actions(state)))
        yield state


def pack_mask_of(cards: list[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << PACK.index(card)
    return mask


def random_game(state: GameState, rng: random.Random) -> tuple[list[GameState], GameRecord]:
    """Play a game to its end with random legal actions; every state and the record."""
    record = GameRecord.of(state)
    states = [state]
    while state.phase is not Phase.GAME_OVER:
        action = rng.choice(legal_actions(state))
        state, record = apply(state, action), record.then(action)
        states.append(state)
    return states, record
