"""German Rommé as a fixed-size vector, for learning: an encoding of a view (needs numpy).

The observation (`encode_view`, 242 numbers from 0 to 1) is built from
the player's `View` only:

| slice | what |
| --- | --- |
| 0-52 | own hand: copies of each of the 52 faces / 2, then jokers / 6 |
| 53-105 | the faces on the table, the same way |
| 106-158 | the discard pile, the same way |
| 159-211 | the discard pile's top card |
| 212-235 | 6 slots of 4, one per seat from this one going left: score / 500 (clipped to -1..1), |
| | opened, cards held / 14, to play |
| 236-240 | the phase (deal, draw, play, round over, game over) |
| 241 | the stock's size / 108 |
"""

from __future__ import annotations

import itertools

import numpy as np
import numpy.typing as npt

from concombre.core.cards import Rank, Suit
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.state import Phase
from concombre.games.romme.views import View, require_view

__all__ = ["OBSERVATION_SIZE", "encode_view", "view_text"]

OBSERVATION_SIZE = 242
"""The length of `encode_view`'s vector.

Examples:
    >>> OBSERVATION_SIZE
    242
"""

_FACE = {(rank, suit): index for index, (rank, suit) in enumerate(itertools.product(Rank, Suit))}
_PHASES = list(Phase)


def _faces(cards: tuple[RommeCard, ...] | list[RommeCard]) -> npt.NDArray[np.float32]:
    counts = np.zeros(53, dtype=np.float32)
    for card in cards:
        if card.is_joker:
            counts[52] += 1 / 6
        else:
            counts[_FACE[(card.rank, card.suit)]] += 0.5  # type: ignore[index]
    return counts


def encode_view(seen: View) -> npt.NDArray[np.float32]:
    """The observation vector of a Rommé view (layout in the module's documentation).

    Examples:
        >>> from concombre.games.romme import deal, new_game, view
        >>> vector = encode_view(view(deal(new_game(3, seed=1)), 0))
        >>> vector.shape, round(float(vector[:53].sum() * 2))
        ((242,), 13)
    """
    require_view(seen)
    vector = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    vector[0:53] = _faces(seen.hand)
    vector[53:106] = _faces([card for meld in seen.melds for card in meld.cards])
    vector[106:159] = _faces(seen.discard_pile)
    if seen.discard_pile:
        vector[159:212] = _faces(seen.discard_pile[-1:]) > 0
    count = len(seen.players)
    for slot in range(count):
        seat = (seen.seat + slot) % count
        base = 212 + 4 * slot
        vector[base] = max(-1.0, min(seen.scores[seat] / 500, 1.0))
        vector[base + 1] = seen.opened[seat]
        vector[base + 2] = seen.hand_sizes[seat] / 14
        vector[base + 3] = seen.to_play == seat
    vector[236 + _PHASES.index(seen.phase)] = 1
    vector[241] = seen.stock_size / 108
    return vector




def view_text(seen: View) -> str:
    """A view as one line of text: the seat, round, phase, hand, table, discard pile and scores.

    Examples:
        >>> from concombre.romme import deal, new_game, view
        >>> view_text(view(deal(new_game(2, seed=1)), 0)).startswith("p0 r1 draw hand ")
        True
    """
    require_view(seen)
    melds = " / ".join(str(meld) for meld in seen.melds)
    return (
        f"p{seen.seat} r{seen.round_number} {seen.phase.value} hand {' '.join(map(str, seen.hand))}"
        f" table {melds} pile {' '.join(map(str, seen.discard_pile))} scores {seen.scores}"
    )
