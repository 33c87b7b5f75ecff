"""Deprecated: German Rommé's first observation, 242 numbers built from a view (needs numpy); the observation
is now `concombre.games.romme.observation` (465 numbers, with the move being built in parts and the cards
taken from the discard pile).

Its names (``OBSERVATION_SIZE``, ``encode_view``, ``view_text``) still work for one minor version, with a
`DeprecationWarning`, and give what they gave:

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

from typing import Any

import numpy as np
import numpy.typing as npt

from concombre.core.aliases import renamed
from concombre.games.romme import observation
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.rules import FACES, face
from concombre.games.romme.state import Phase
from concombre.games.romme.views import View, require_view

__all__: list[str] = []

_SIZE = 242
_PHASES = list(Phase)


def _faces(cards: tuple[RommeCard, ...] | list[RommeCard]) -> npt.NDArray[np.float32]:
    counts = np.zeros(FACES + 1, dtype=np.float32)
    for card in cards:
        counts[face(card.index)] += 1 / 6 if card.is_joker else 0.5
    return counts


def _encode_view(seen: View) -> npt.NDArray[np.float32]:
    """The first observation of a Rommé view (layout in the module's documentation)."""
    require_view(seen)
    vector = np.zeros(_SIZE, dtype=np.float32)
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


__getattr__: Any = renamed("concombre.games.romme.encoding", {
    "OBSERVATION_SIZE": ("concombre.games.romme.observation.OBSERVATION_SIZE (465 numbers)", _SIZE),
    "encode_view": ("concombre.games.romme.observation.encode_view (465 numbers)", _encode_view),
    "view_text": ("concombre.games.romme.observation.view_text", observation.view_text),
})
