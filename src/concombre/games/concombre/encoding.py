"""Fixed-size encodings of what one seat may see of a game of Concombre, shared by the adapters.

The observation is built from the seat's `View` only, so it can never
hold another player's cards; `encode_state` builds the same vector straight
from a state and a seat, reading only what that seat's view holds. Its layout, 244 numbers from 0 to 1:

| piece of `LAYOUT` | slice | what |
| --- | --- | --- |
| `hand` | 0-51 | the seat's hand (one per card of `PACK`) |
| `trick` | 52-103 | the cards of the trick on the table |
| `played` | 104-155 | every card played this round |
| `penalty_cards` | 156-207 | every penalty card in front of a player |
| `seats` | 208-242 | 7 slots of 5 (`SEAT_FEATURES`), one per seat from this one going left: score / 35, |
| | | half cucumber, eliminated, to play, cards held / 14 |
| `deal_size` | 243 | cards dealt each this round / 14 |

The pieces are named once here (as OpenSpiel's observers name theirs) and read by `encode_view`,
`encode_state` and the batched engine's `concombre.batch.observe`.
"""

from __future__ import annotations

import functools

import attrs
import numpy as np
import numpy.typing as npt

from concombre.core.cards import FULL_MASK, PACK, indices_in_mask
from concombre.core.errors import require_seat
from concombre.games.concombre.rules import MAX_PLAYERS
from concombre.games.concombre.state import Match, State, require_state
from concombre.games.concombre.views import View, require_view, trick_start

__all__ = ["ACTIONS", "CARDS_SCALE", "LAYOUT", "OBSERVATION_SIZE", "SCORE_SCALE", "SEAT_FEATURES", "Layout", "Piece",
           "action_mask", "encode_state", "encode_view", "view_text"]

ACTIONS = 52
"""Actions of Concombre: the index in `concombre.PACK` of the card to play.

Examples:
    >>> from concombre import PACK
    >>> str(PACK[ACTIONS - 1])
    'AS'
"""



@attrs.frozen
class Piece:
    """A named piece of the observation vector: where it starts and how many numbers it holds.

    Attributes:
        name: What the piece holds, in words.
        start: Its first position in the vector.
        size: How many numbers it holds.

    Examples:
        >>> LAYOUT.trick.stop
        104
    """

    name: str
    start: int
    size: int

    @property
    def stop(self) -> int:
        """The position just after the piece."""
        return self.start + self.size


SEAT_FEATURES = ("score", "half cucumber", "eliminated", "to play", "held")
"""The numbers of each seat's slot in `LAYOUT.seats`, in order: score / `SCORE_SCALE`, half cucumber (C10),
eliminated (C11), to play, cards held / `CARDS_SCALE`.

Examples:
    >>> SEAT_FEATURES.index("to play")
    3
"""

SCORE_SCALE = 35
"""Scores are divided by this (and capped at 1): above the most a half cucumber can reach (C10, C11).

Examples:
    >>> SCORE_SCALE
    35
"""

CARDS_SCALE = 14
"""Hand sizes and the deal size are divided by this: above the most cards a hand holds (C5).

Examples:
    >>> CARDS_SCALE
    14
"""

@attrs.frozen
class Layout:
    """The observation's pieces, each starting where the one before stops.

    Attributes:
        hand: The seat's own hand, one number per card of `PACK`.
        trick: The cards of the trick on the table.
        played: Every card played this round.
        penalty_cards: Every penalty card in front of a player (C9).
        seats: One slot of `SEAT_FEATURES` per seat, from the observing seat going left.
        deal_size: The cards dealt to each player this round / `CARDS_SCALE` (C5).

    Examples:
        >>> [piece.name for piece in LAYOUT.pieces]
        ['hand', 'trick', 'played', 'penalty cards', 'seats', 'deal size']
        >>> LAYOUT.seats.start, LAYOUT.seats.size, LAYOUT.size
        (208, 35, 244)
    """

    hand: Piece
    trick: Piece
    played: Piece
    penalty_cards: Piece
    seats: Piece
    deal_size: Piece

    @property
    def pieces(self) -> tuple[Piece, ...]:
        """Every piece, in order."""
        return tuple(getattr(self, field.name) for field in attrs.fields(Layout))

    @property
    def size(self) -> int:
        """The length of the vector."""
        return self.deal_size.stop


def _stacked(*pieces: tuple[str, int]) -> list[Piece]:
    starts = [0]
    for _, size in pieces:
        starts.append(starts[-1] + size)
    return [Piece(name, start, size) for (name, size), start in zip(pieces, starts, strict=False)]


LAYOUT = Layout(*_stacked(("hand", 52), ("trick", 52), ("played", 52), ("penalty cards", 52),
                          ("seats", MAX_PLAYERS * len(SEAT_FEATURES)), ("deal size", 1)))
"""Where each piece of `encode_view`'s vector lies (see `Layout`).

Examples:
    >>> LAYOUT.trick
    Piece(name='trick', start=52, size=52)
"""

OBSERVATION_SIZE = LAYOUT.size
"""The length of `encode_view`'s vector.

Examples:
    >>> OBSERVATION_SIZE
    244
"""

_SLOT = len(SEAT_FEATURES)
_TRICK, _PLAYED, _PENALTY, _SEATS, _DEAL = (piece.start for piece in LAYOUT.pieces[1:])
_TO_PLAY = _SEATS + SEAT_FEATURES.index("to play")

_INDEX = {card: index for index, card in enumerate(PACK)}


def encode_view(seen: View) -> npt.NDArray[np.float32]:
    """The observation vector of a view (layout in the module's documentation).

    Examples:
        >>> from concombre import deal, new_game, view
        >>> vector = encode_view(view(deal(new_game(3, seed=1)), 0))
        >>> vector.shape, int(vector[:52].sum())
        ((244,), 7)
    """
    require_view(seen)
    vector = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    # Cards by their pack index (`Card.index`), not through a dict of cards: the adapters encode every step.
    ones = [card.index for card in seen.hand]
    ones += [_TRICK + card.index for _, card in seen.trick]
    ones += [_PLAYED + card.index for trick in (*seen.tricks, seen.trick) for _, card in trick]
    ones += [_PENALTY + card.index for cards in seen.penalty_cards for card in cards]
    vector[ones] = 1
    count = len(seen.players)
    features: list[float] = []
    for slot in range(count):
        seat = (seen.seat + slot) % count
        features += (min(seen.scores[seat] / SCORE_SCALE, 1.0), seen.half_cucumber[seat], seen.eliminated[seat],
                     seen.to_play == seat, seen.hand_sizes[seat] / CARDS_SCALE)
    vector[_SEATS : _SEATS + _SLOT * count] = features
    vector[_DEAL] = min(seen.deal_size / CARDS_SCALE, 1.0)
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
    phase, to_play, hands, plays, _ = state._round  # one read: the adapters encode every step (see `state.Round`)
    vector = _score_sheet(match, seat).copy()
    ones = list(indices_in_mask((hands >> (seat << 6)) & FULL_MASK))  # the hand starts at 0
    ones += [_TRICK + index for _, index in plays[trick_start(phase, len(plays), match.active_count):]]
    ones += [_PLAYED + index for _, index in plays]
    vector.put(ones, 1)  # put: a third of the cost of vector[ones] = 1
    held = [(hands >> shift & FULL_MASK).bit_count() / CARDS_SCALE for shift in _SHIFTS[count][seat]]
    vector.put(_HELD[count], held)  # cards held, from this seat going left
    if to_play is not None:
        vector[_TO_PLAY + _SLOT * ((to_play - seat) % count)] = 1
    return vector


_HELD = [list(range(_SEATS + SEAT_FEATURES.index("held"), _SEATS + _SLOT * count, _SLOT))
         for count in range(MAX_PLAYERS + 1)]  # where each seat's "held" goes, by table size
_SHIFTS = [[[((seat + slot) % count) << 6 for slot in range(count)] for seat in range(count)]
           for count in range(MAX_PLAYERS + 1)]  # where each hand starts in `State.packed_hands`, from a seat left


@functools.lru_cache(maxsize=64)
def _score_sheet(match: Match, seat: int) -> npt.NDArray[np.float32]:
    """The part of ``encode_state`` that lasts all round: penalty cards, scores, flags, deal size.

    Worked out once a round per seat (a match hashes once: its hash is cached) and copied each step.
    """
    vector = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    vector[[_PENALTY + index for index in indices_in_mask(FULL_MASK & ~match.pack_mask)]] = 1  # C4
    count = len(match.players)
    for slot in range(count):
        other = (seat + slot) % count
        start = _SEATS + _SLOT * slot
        vector[start : start + 3] = (min(match.scores[other] / SCORE_SCALE, 1.0), match.half_cucumber[other],
                                     match.eliminated[other])  # the first three of SEAT_FEATURES
    vector[_DEAL] = min(match.deal_size / CARDS_SCALE, 1.0)
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
    require_view(seen)
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
    require_view(seen)
    return (
        f"p{seen.seat} r{seen.round_number} {seen.phase.value} hand {' '.join(map(str, seen.hand))}"
        f" trick {' '.join(f'{seat}:{card}' for seat, card in seen.trick)} scores {seen.scores}"
        f" half {seen.half_cucumber} out {seen.eliminated}"
    )
