"""Fixed-size encodings of what one seat may see of a game of Concombre, shared by the adapters.

The observation is built from the seat's `PlayerView` only, so it can never
hold another player's cards. Its layout, 244 numbers from 0 to 1:

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

import numpy as np
import numpy.typing as npt

from concombre.core.cards import PACK
from concombre.games.concombre.rules import MAX_PLAYERS
from concombre.games.concombre.views import PlayerView

__all__ = ["ACTIONS", "OBSERVATION_SIZE", "action_mask", "encode_view", "view_text"]

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


def encode_view(seen: PlayerView) -> npt.NDArray[np.float32]:
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


def action_mask(seen: PlayerView) -> npt.NDArray[np.int8]:
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


def view_text(seen: PlayerView) -> str:
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
