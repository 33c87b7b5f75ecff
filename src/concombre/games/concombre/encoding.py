"""Fixed-size encodings of what one seat may see of a game of Concombre, shared by the adapters.

The observation is built from the seat's `View` only, so it can never
hold another player's cards; `encode_state` builds the same vector straight
from a state and a seat, reading only what that seat's view holds. Its layout, 244 numbers from 0 to 1:

| slice | what |
| --- | --- |
| 0-51 | the seat's hand (one per card of `PACK`) |
| 52-103 | the cards of the trick on the table |
| 104-155 | every card played this round |
| 156-207 | every penalty card in front of a player |
| 208-242 | 7 slots of 5, one per seat from this one going left: score / 35, half cucumber, |
| | eliminated, to play, cards held / 14 |
| 243 | cards dealt each this round / 14 |
"""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt

from concombre.core.cards import FULL_MASK, PACK, indices_in_mask
from concombre.core.errors import require_seat
from concombre.games.concombre.rules import MAX_PLAYERS
from concombre.games.concombre.state import Match, State, require_state
from concombre.games.concombre.views import View, trick_start

__all__ = ["ACTIONS", "OBSERVATION_SIZE", "action_mask", "encode_state", "encode_view", "view_text"]

ACTIONS = 52
"""Actions of Concombre: the index in `concombre.PACK` of the card to play.

Examples:
    >>> from concombre import PACK
    >>> str(PACK[ACTIONS - 1])
    'AS'
"""

OBSERVATION_SIZE = 4 * 52 + MAX_PLAYERS * 5 + 1
"""The length of `encode_view`'s vector.

Examples:
    >>> OBSERVATION_SIZE
    244
"""

_INDEX = {card: index for index, card in enumerate(PACK)}


def encode_view(seen: View) -> npt.NDArray[np.float32]:
    """The observation vector of a view (layout in the module's documentation).

    Examples:
        >>> from concombre import deal, new_game, view
        >>> vector = encode_view(view(deal(new_game(3, seed=1)), 0))
        >>> vector.shape, int(vector[:52].sum())
        ((244,), 7)
    """
    vector = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    # Cards by their pack index (`_index`), not through a dict of cards: the adapters encode every step.
    ones = [card._index for card in seen.hand]
    ones += [52 + card._index for _, card in seen.trick]
    ones += [104 + card._index for trick in (*seen.tricks, seen.trick) for _, card in trick]
    ones += [156 + card._index for cards in seen.penalty_cards for card in cards]
    vector[ones] = 1
    count = len(seen.players)
    features: list[float] = []
    for slot in range(count):
        seat = (seen.seat + slot) % count
        features += (min(seen.scores[seat] / 35, 1.0), seen.half_cucumber[seat], seen.eliminated[seat],
                     seen.to_play == seat, seen.hand_sizes[seat] / 14)
    vector[208 : 208 + 5 * count] = features
    vector[243] = min(seen.deal_size / 14, 1.0)
    return vector


def encode_state(state: State, seat: int) -> npt.NDArray[np.float32]:
    """``encode_view(view(state, seat))``, without building the view: the adapters encode every step.

    It reads only what the seat's view holds: its own hand, the cards face up, the score sheet and
    the sizes of the other hands.

    Raises:
        InvalidArgumentError: ``seat`` is not a seat of this game.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> state = deal(new_game(3, seed=1))
        >>> bool((encode_state(state, 2) == encode_view(view(state, 2))).all())
        True
    """
    if type(state) is not State:
        require_state(state)
    match = state.match
    count = len(match.players)
    if type(seat) is not int or not 0 <= seat < count:
        require_seat(seat, count, "seat")
    phase, to_play, hands, plays, _ = state._round
    vector = _score_sheet(match, seat).copy()
    ones = list(indices_in_mask((hands >> (seat << 6)) & FULL_MASK))
    ones += [52 + index for _, index in plays[trick_start(phase, len(plays), match.active_count):]]
    ones += [104 + index for _, index in plays]
    vector.put(ones, 1)  # put: a third of the cost of vector[ones] = 1
    held = [(hands >> shift & FULL_MASK).bit_count() / 14 for shift in _SHIFTS[count][seat]]
    vector.put(_HELD[count], held)  # cards held, from this seat going left
    if to_play is not None:
        vector[211 + 5 * ((to_play - seat) % count)] = 1
    return vector


_HELD = [list(range(212, 208 + 5 * count, 5)) for count in range(MAX_PLAYERS + 1)]
_SHIFTS = [[[((seat + slot) % count) << 6 for slot in range(count)] for seat in range(count)]
           for count in range(MAX_PLAYERS + 1)]  # where each hand starts in the hands int, from a seat going left


@functools.lru_cache(maxsize=64)
def _score_sheet(match: Match, seat: int) -> npt.NDArray[np.float32]:
    """The part of ``encode_state`` that lasts all round: penalty cards, scores, flags, deal size.

    Worked out once a round per seat (a match hashes once: its hash is cached) and copied each step.
    """
    vector = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    vector[[156 + index for index in indices_in_mask(FULL_MASK & ~match.pack_mask)]] = 1  # penalty cards (C4)
    count = len(match.players)
    for slot in range(count):
        other = (seat + slot) % count
        vector[208 + 5 * slot : 211 + 5 * slot] = (min(match.scores[other] / 35, 1.0), match.half_cucumber[other],
                                                   match.eliminated[other])
    vector[243] = min(match.deal_size / 14, 1.0)
    vector.flags.writeable = False
    return vector


def action_mask(seen: View) -> npt.NDArray[np.int8]:
    """1 for each card the seat may play now (C7), else 0.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> state = deal(new_game(3, seed=1))
        >>> int(action_mask(view(state, state.to_play)).sum())
        7
    """
    mask = np.zeros(ACTIONS, dtype=np.int8)
    for card in seen.legal_plays:
        mask[_INDEX[card]] = 1
    return mask


def view_text(seen: View) -> str:
    """A view as one line of text: the seat, round, phase, hand, trick, scores and flags.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> view_text(view(deal(new_game(2, seed=1)), 0)).startswith("p0 r1 play hand ")
        True
    """
    return (
        f"p{seen.seat} r{seen.round_number} {seen.phase.value} hand {' '.join(map(str, seen.hand))}"
        f" trick {' '.join(f'{seat}:{card}' for seat, card in seen.trick)} scores {seen.scores}"
        f" half {seen.half_cucumber} out {seen.eliminated}"
    )
