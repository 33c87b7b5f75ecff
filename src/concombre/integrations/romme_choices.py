"""German Rommé for the adapters: a fixed-size encoding of a view, and its actions as numbered choices.

Rommé's actions (melds, lay-offs, joker exchanges) are too many and too varied
for a fixed action set, so the adapters offer them as *choices*: at each step
`choices` lists what the player to move can do, in a fixed order — the draws,
or the discards, then melds, the meld solver's best arrangement, lay-offs and
joker exchanges — and action ``i`` is the ``i``-th choice. The action mask
marks the choices that exist; their meaning is in `choice_text`.

The observation (`encode_romme_view`, 242 numbers from 0 to 1) is built from
the player's `RommeView` only:

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

from concombre.cards import Rank, Suit
from concombre.romme.actions import DrawDiscard, DrawStock, MeldCards, RommeAction, legal_actions
from concombre.romme.cards import RommeCard
from concombre.romme.options import exchange_options, lay_off_options, meld_actions
from concombre.romme.records import romme_action_text
from concombre.romme.solver import best_melds, best_opening
from concombre.romme.state import RommePhase, RommeState
from concombre.romme.views import RommeView

__all__ = ["CHOICES", "ROMME_OBSERVATION_SIZE", "choice_text", "choices", "encode_romme_view"]

CHOICES = 256
"""The number of choice slots: the size of the action space.

Examples:
    >>> CHOICES
    256
"""

ROMME_OBSERVATION_SIZE = 242
"""The length of `encode_romme_view`'s vector.

Examples:
    >>> ROMME_OBSERVATION_SIZE
    242
"""

_FACE = {(rank, suit): index for index, (rank, suit) in enumerate(itertools.product(Rank, Suit))}
_PHASES = list(RommePhase)


def _faces(cards: tuple[RommeCard, ...] | list[RommeCard]) -> npt.NDArray[np.float32]:
    counts = np.zeros(53, dtype=np.float32)
    for card in cards:
        if card.is_joker:
            counts[52] += 1 / 6
        else:
            counts[_FACE[(card.rank, card.suit)]] += 0.5  # type: ignore[index]
    return counts


def encode_romme_view(seen: RommeView) -> npt.NDArray[np.float32]:
    """The observation vector of a Rommé view (layout in the module's documentation).

    Examples:
        >>> from concombre.romme import deal, new_game, view
        >>> vector = encode_romme_view(view(deal(new_game(3, seed=1)), 0))
        >>> vector.shape, round(float(vector[:53].sum() * 2))
        ((242,), 13)
    """
    vector = np.zeros(ROMME_OBSERVATION_SIZE, dtype=np.float32)
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


def choices(state: RommeState) -> list[RommeAction]:
    """What the player to move can do now, in a fixed order, at most `CHOICES` of them.

    Draws first; on a turn, the discards, then the single melds the hand allows
    (any once opened, else those worth the opening), the meld solver's best
    arrangement as one choice, the lay-offs and the joker exchanges.

    Examples:
        >>> from concombre.romme import deal, new_game
        >>> choices(deal(new_game(2, seed=1)))
        [DrawStock(), DrawDiscard()]
    """
    if state.phase is RommePhase.DRAW:
        return [DrawStock(), DrawDiscard()] if state.discard_pile else [DrawStock()]
    if state.phase is not RommePhase.PLAY or state.to_play is None:
        return []
    seat = state.to_play
    options: list[RommeAction] = list(legal_actions(state))
    options += itertools.islice(meld_actions(state), 64)
    plan = best_melds(state.hands[seat]) if state.opened[seat] else best_opening(
        state.hands[seat], state.rules.opening
    )
    if plan is not None and len(plan.melds) > 1:
        options.append(MeldCards(list(plan.melds)))
    options += itertools.islice(lay_off_options(state), 64)
    options += itertools.islice(exchange_options(state), 32)
    return options[:CHOICES]


def choice_text(state: RommeState, action: int) -> str:
    """What choice number ``action`` does, in the words of a text record.

    Examples:
        >>> from concombre.romme import deal, new_game
        >>> choice_text(deal(new_game(2, seed=1)), 0)
        'draw stock'
    """
    offered = choices(state)
    return romme_action_text(offered[action]) if 0 <= action < len(offered) else f"choice {action} (none)"
