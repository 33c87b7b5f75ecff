"""What a seat of each game may see, compiled: the observation of `concombre.games.romme.observation`
(`encode_state` with the parts built and the cards taken from the discard pile), straight from a batch's rows.

Only what the seat may see is read: its own hand, the move it is building, the cards each seat took from the
discard pile and has not shown since, the discard pile, the melds on the table, the scores and sizes every
player sees. No other hand and no card of the stock reaches the vector.

Examples:
    >>> from concombre.romme import deal, new_game
    >>> from concombre.games.romme.fast.batch import observe, reset
    >>> from concombre.games.romme.observation import encode_state
    >>> bool((observe(reset([5], players=3), 2)[0] == encode_state(deal(new_game(3, seed=5)), 2)).all())
    True
"""

from __future__ import annotations

import numpy as np

from concombre.accel.compiled import jit, jit_bare
from concombre.games.romme.fast.builder import P_CARD, P_CLOSE, P_EXCHANGE, P_LAY_OFF, P_TARGET, lowest_bit
from concombre.games.romme.fast.kernel import (
    BASE,
    CARDS,
    DRAWN,
    HANDS,
    KIND,
    MELDS,
    MOST_MELDS,
    MOST_PLACES,
    OPENED,
    OWNERS,
    PHASE,
    PILE,
    PILE_SIZE,
    PLAY,
    REBUILDS,
    ROUND,
    SCORES,
    SIZE,
    STOCK_SIZE,
    SUIT,
    TAKEN,
    TO_PLAY,
    hand_size,
)
from concombre.games.romme.fast.table import RUN, face, face_suit, place_rank, place_value
from concombre.games.romme.observation import LAYOUT, MELD_FEATURES, OBSERVATION_SIZE, SEAT_FEATURES

__all__ = ["OBSERVATION_SIZE", "observe_games"]

_HAND, _TAKEN, _PILE, _MELDS, _JOKER, _SEATS = (piece.start for piece in LAYOUT.pieces[:6])
_STOCK, _REBUILDS, _ROUND, _TIE, _PHASE, _TO_PLAY, _PLACE, _OPENING = (piece.start for piece in LAYOUT.pieces[6:])
_MELD, _SEAT = len(MELD_FEATURES), len(SEAT_FEATURES)
_JOKER_SCALE = float(np.float32(1 / 6))  # the observation's scale of a joker's count in the discard pile
_FIRST_JOKER = 104


@jit_bare
def _run_number(rank: int, ace_low: bool) -> int:
    if rank == 12:
        return 1 if ace_low else 14
    return rank + 2


@jit_bare
def _observe(small: np.ndarray, words: np.ndarray, tallies: np.ndarray, built: np.ndarray, game: int, seat: int,
             players: int, opening: int, vector: np.ndarray, melded: np.ndarray) -> None:
    """``seat``'s observation of the game into ``vector`` (zeros), as `encode_state` makes it."""
    phase, mover = int(small[game, PHASE]), small[game, TO_PLAY] == seat
    for half in range(2):
        held = words[game, HANDS + 2 * seat + half]
        while held:
            vector[_HAND + 64 * half + lowest_bit(held)] = 1.0
            held &= held - np.uint64(1)
    if mover and small[game, DRAWN] >= 0:
        vector[_TAKEN + small[game, DRAWN]] = 1 / 6
    pile = int(small[game, PILE_SIZE])
    for position in range(pile):
        number = face(int(small[game, PILE + position]))
        vector[_PILE + number] += _JOKER_SCALE if number == 52 else 0.5
    if pile:
        vector[_TAKEN + small[game, PILE + pile - 1]] = -1.0
    for other in range(6):
        melded[other] = 0
    for meld in range(small[game, MELDS]):
        kind, base, size = int(small[game, KIND + meld]), int(small[game, BASE + meld]), int(small[game, SIZE + meld])
        at = _MELDS + _MELD * meld
        suits = 0
        for position in range(size):
            card = int(small[game, CARDS + meld * MOST_PLACES + position])
            melded[small[game, OWNERS + meld * MOST_PLACES + position]] += place_value(kind, base, position)
            if card >= _FIRST_JOKER:
                slot = _JOKER + 2 * (card - _FIRST_JOKER)
                vector[slot] = (meld + 1) / MOST_MELDS
                vector[slot + 1] = (position + 1) / MOST_PLACES
            else:
                suits |= 1 << face_suit(face(card))
        if kind == RUN:
            vector[at] = 1.0
            vector[at + 1] = _run_number(place_rank(kind, base, 0), True) / 14
            vector[at + 2] = _run_number(place_rank(kind, base, size - 1), False) / 14
            vector[at + 3] = (small[game, SUIT + meld] + 1) / 4
        else:
            vector[at] = 0.5
            vector[at + 1] = vector[at + 2] = _run_number(base, False) / 14
            vector[at + 3] = suits / 15
    for step in range(players):
        other = (seat + step) % players
        at = _SEATS + _SEAT * step
        vector[at] = max(-1.0, min(tallies[game, SCORES + other] / 500, 1.0))
        vector[at + 1] = 1.0 if small[game, OPENED + other] else 0.0
        vector[at + 2] = min(hand_size(words, game, other) / 14, 1.0)
        vector[at + 3] = min(melded[other] / 150, 1.0)
        taken = (step + 1) / 6
        for half in range(2):
            held = words[game, TAKEN + 2 * other + half]
            while held:
                vector[_TAKEN + 64 * half + lowest_bit(held)] = taken
                held &= held - np.uint64(1)
    round_number = int(tallies[game, ROUND])
    vector[_STOCK] = small[game, STOCK_SIZE] / 110
    vector[_REBUILDS] = small[game, REBUILDS] / 3
    vector[_ROUND] = min(round_number / players, 1.0)
    vector[_TIE] = 1.0 if round_number > players else 0.0
    vector[_PHASE + phase] = 1.0
    vector[_TO_PLAY] = 1.0 if mover else 0.0
    vector[_OPENING] = opening / 60
    length = int(built[game, 0])
    if not mover or phase != PLAY or length == 0:
        return
    if length > 1 and P_TARGET <= built[game, 2] < P_LAY_OFF:
        vector[_HAND + built[game, 1] - P_CARD] = -0.5  # the card given to the target
        at = _MELDS + _MELD * (built[game, 2] - P_TARGET)
        vector[at] = -vector[at]
        if length > 2 and P_EXCHANGE <= built[game, 3] < P_EXCHANGE + MOST_PLACES:
            vector[_PLACE] = (built[game, 3] - P_EXCHANGE + 1) / MOST_PLACES
        for position in range(4, length + 1):
            if P_CARD <= built[game, position] < P_CLOSE:
                vector[_HAND + built[game, position] - P_CARD] = -1.0
        return
    last = 0
    for position in range(1, length + 1):
        if built[game, position] == P_CLOSE:
            last = position
    for position in range(1, length + 1):
        if P_CARD <= built[game, position] < P_CLOSE:
            vector[_HAND + built[game, position] - P_CARD] = -1.0 if position > last else -0.5


@jit_bare
def _observe_all(small: np.ndarray, words: np.ndarray, tallies: np.ndarray, built: np.ndarray, seats: np.ndarray,
                 players: int, opening: int, vectors: np.ndarray, melded: np.ndarray) -> None:
    for game in range(len(seats)):
        _observe(small, words, tallies, built, game, int(seats[game]), players, opening, vectors[game], melded)


@jit
def observe_games(state: tuple[np.ndarray, ...], seats: np.ndarray, opening: int, vectors: np.ndarray) -> None:
    """Each game's observation for seat ``seats[game]`` into ``vectors`` (zeros, games x `OBSERVATION_SIZE`), by
    the rules' ``opening``.

    Examples:
        >>> from concombre.games.romme.fast.batch import reset
        >>> vectors = np.zeros((1, OBSERVATION_SIZE), dtype=np.float32)
        >>> observe_games(reset([1], players=2).storage, np.array([1]), 40, vectors)
        >>> int(vectors[0, :110].sum())                           # the 13 cards of seat 1
        13
    """
    melded = np.zeros(6, dtype=np.int64)
    _observe_all(state[0], state[1], state[2], state[4], seats, state[3].shape[1], opening, vectors, melded)
