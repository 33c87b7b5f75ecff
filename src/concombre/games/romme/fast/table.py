"""The melds of Rommé compiled: a meld from its cards, what its places stand for and are worth, and whether a card
may be laid off on it or take a joker's place (R3, R5, R6, R9, R10) — the reference engine's
`concombre.games.romme.melds`, over card numbers.

A card is its sorting index (0-103 natural, 104-109 jokers); a meld on the table is its kind (`SET`, `RUN`), its
base (a set's rank 0-12, a run's first run number 1-14, `concombre.games.romme.rules.run_number`), its suit (a
run's; -1 for a set) and its cards in place order. What a place stands for and its value follow from those
(`place_rank`, `place_suit`, `place_value`); a joker exchanged in a set leaves the natural card's suit in its
place, as the reference's place does. The checks return a refusal code (`OK`, or the ruling's code of `RULINGS`)
and change nothing; the rule homes of `concombre.games.romme.rules` are called compiled as they are.

Examples:
    >>> import numpy as np
    >>> from concombre.romme import cards_of
    >>> from concombre.games.romme.fast.table import RUN, build_meld
    >>> cards = np.array([card.index for card in cards_of("QH1 KH2 JK1")], dtype=np.int64)
    >>> build_meld(cards, 0, 3) == (0, RUN, 12, 2)      # a run from the queen (12) of hearts (2)
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np

from concombre.accel.compiled import jit, jit_bare, jit_bare_inline, jit_inline
from concombre.core.cards import Rank
from concombre.games.romme import rules as homes
from concombre.games.romme.cards import JOKER_VALUE, rank_value

__all__ = ["HAND_VALUES", "RULINGS", "RUN_VALUES", "SET_VALUES", "build_meld", "exchange_fit", "lay_off_fit",
           "place_rank", "place_suit", "place_value"]

SET, RUN = 0, 1
OK = 0
R2, R5, R6, R7, R7A, R8, R9, R10, R15 = 2, 5, 6, 7, 71, 8, 9, 10, 15
RULINGS = {R2: "R2", R5: "R5", R6: "R6", R7: "R7", R7A: "R7a", R8: "R8", R9: "R9", R10: "R10", R15: "R15"}
"""The ruling each refusal code names.

Examples:
    >>> RULINGS[71]
    'R7a'
"""

_RANKS = tuple(Rank)
SET_VALUES = np.array([rank_value(rank, ace_low=False) for rank in _RANKS], dtype=np.int64)
"""What a place of a set is worth, by the set's rank 0-12 (R3).

Examples:
    >>> SET_VALUES[[0, 9, 12]].tolist()
    [2, 10, 11]
"""
RUN_VALUES = np.array([0] + [rank_value(_RANKS[12] if number in (1, 14) else Rank(number), ace_low=number == 1)
                             for number in range(1, 15)], dtype=np.int64)
"""What a place of a run is worth, by its run number 1-14 (R3): the ace 1 low and 11 high.

Examples:
    >>> RUN_VALUES[[1, 2, 13, 14]].tolist()
    [1, 2, 10, 11]
"""
HAND_VALUES = np.array([rank_value(_RANKS[natural >> 2], ace_low=False) for natural in range(homes.FACES)]
                       + [JOKER_VALUE], dtype=np.int64)
"""What a card left in a hand costs, by its face (`concombre.games.romme.rules.face`): an ace 11, a joker 20 (R3).

Examples:
    >>> HAND_VALUES[[0, 51, 52]].tolist()
    [2, 11, 20]
"""

# The rule homes, compiled as they are (the tests check that each is the home's own function).
face: Callable[..., int] = jit_inline(homes.face)  # R2
face_rank: Callable[..., int] = jit_inline(homes.face_rank)
face_suit: Callable[..., int] = jit_inline(homes.face_suit)
run_number: Callable[..., int] = jit_inline(homes.run_number)
set_fits: Callable[..., bool] = jit_inline(homes.set_fits)  # R5, R6
run_fits: Callable[..., bool] = jit_inline(homes.run_fits)  # R5, R6
opens: Callable[..., bool] = jit(homes.opens)  # R8 (not inlined: the deprecated form's branch defeats the inliner)


@jit_bare
def build_meld(cards: np.ndarray, start: int, count: int) -> tuple[int, int, int, int]:
    """The meld ``cards[start:start + count]`` make in this order (R5, R6), as the reference's ``make_meld``
    judges it: ``(OK, kind, base, suit)``, or a refusal code first.

    Examples:
        >>> import numpy as np
        >>> build_meld(np.array([104, 4, 105]), 0, 3)[0] == R6       # 3C JK JK: two jokers, one natural card
        True
    """
    if count < 3:
        return R5, -1, -1, -1
    naturals = jokers = 0
    rank = suit = -1
    one_rank = one_suit = True
    faces = np.uint64(0)
    for position in range(count):
        for other in range(position):
            if cards[start + other] == cards[start + position]:
                return R2, -1, -1, -1
    for position in range(count):
        natural = face(cards[start + position])
        if natural == homes.JOKER_FACE:
            jokers += 1
            continue
        bit = np.uint64(1) << np.uint64(natural)
        if faces & bit:
            return R6, -1, -1, -1
        faces |= bit
        naturals += 1
        if rank < 0:
            rank, suit = face_rank(natural), face_suit(natural)
        else:
            one_rank = one_rank and face_rank(natural) == rank
            one_suit = one_suit and face_suit(natural) == suit
    if jokers >= 2 and naturals < 2:
        return R6, -1, -1, -1
    if one_rank:
        suits = 0
        for position in range(count):
            natural = face(cards[start + position])
            if natural != homes.JOKER_FACE:
                suits |= 1 << face_suit(natural)
        if not set_fits(suits, naturals, jokers):
            return R5, -1, -1, -1
        return OK, SET, rank, -1
    if not one_suit:
        return R5, -1, -1, -1
    if count > 13:
        return R6, -1, -1, -1
    first = 0
    while face(cards[start + first]) == homes.JOKER_FACE:
        first += 1
    for ace_low in (False, True):
        base = run_number(face_rank(face(cards[start + first])), ace_low) - first
        fits = True
        for position in range(first + 1, count):
            natural = face(cards[start + position])
            if natural != homes.JOKER_FACE and run_number(face_rank(natural), ace_low) != base + position:
                fits = False
                break
        if fits and run_fits(base, naturals, jokers):
            return OK, RUN, base, suit
    return R5, -1, -1, -1


@jit_bare_inline
def place_rank(kind: int, base: int, position: int) -> int:
    """The rank (0-12) place ``position`` of a meld stands for (R6).

    Examples:
        >>> place_rank(RUN, 12, 2), place_rank(SET, 5, 3)     # Q-K-A: an ace; a set of sevens
        (12, 5)
    """
    if kind == SET:
        return base
    number = base + position
    return 12 if number == 1 else number - 2


@jit_bare_inline
def place_suit(kind: int, suit: int, card: int) -> int:
    """The suit a place holding ``card`` stands for: the run's, or in a set the card's own (-1 for a joker, which
    stands for any suit the set lacks, R6).

    Examples:
        >>> place_suit(RUN, 2, 104), place_suit(SET, -1, 104), place_suit(SET, -1, 7)
        (2, -1, 3)
    """
    if kind == RUN:
        return suit
    natural = face(card)
    return -1 if natural == homes.JOKER_FACE else face_suit(natural)


@jit_bare_inline
def place_value(kind: int, base: int, position: int) -> int:
    """What place ``position`` of a meld is worth (R3): a set's rank value, a run's by its run number.

    Examples:
        >>> place_value(RUN, 1, 0), place_value(RUN, 12, 2), place_value(SET, 12, 0)
        (1, 11, 11)
    """
    if kind == SET:
        return int(SET_VALUES[base])
    return int(RUN_VALUES[base + position])


@jit_bare
def lay_off_fit(meld: np.ndarray, count: int, kind: int, base: int, suit: int, card: int, end: int,
                grown: np.ndarray) -> int:
    """Whether ``card`` may be laid off on the meld whose cards are ``meld[:count]`` (R9), at ``end`` of a run (1
    low, 2 high; 0 none, which a set takes and a run refuses): `OK` or the refusal's code, as the reference's
    ``lay_off`` judges it (the grown meld must be a meld whose old places stand for what they stood for, R6).
    ``grown``: room for 14 cards.

    Examples:
        >>> import numpy as np
        >>> meld = np.array([36, 44, 52])                       # 6H1 7H1 8H1: a run from 6 of hearts
        >>> lay_off_fit(meld, 3, RUN, 6, 2, 60, 2, np.zeros(14, dtype=np.int64)), lay_off_fit(
        ...     meld, 3, RUN, 6, 2, 60, 1, np.zeros(14, dtype=np.int64))     # 9H1: high, not low
        (0, 9)
    """
    if kind == RUN and end == 0:
        return R9
    low = kind == RUN and end == 1
    for position in range(count):
        grown[position + 1 if low else position] = meld[position]
    grown[0 if low else count] = card
    code, grown_kind, grown_base, grown_suit = build_meld(grown, 0, count + 1)
    if code != OK:
        return R9
    shift = 1 if low else 0
    for position in range(count):
        if (place_rank(grown_kind, grown_base, position + shift) != place_rank(kind, base, position)
                or place_suit(grown_kind, grown_suit, meld[position]) != place_suit(kind, suit, meld[position])):
            return R6
    return OK


@jit_bare
def exchange_fit(meld: np.ndarray, count: int, kind: int, base: int, suit: int, place: int, card: int) -> int:
    """Whether ``card`` may take the joker's place ``place`` of the meld whose cards are ``meld[:count]`` (R10): a
    joker must be there, and ``card`` the natural card it stands for (either copy), or in a set a card of its
    rank in a suit the set lacks. `OK` or `R10`.

    Examples:
        >>> import numpy as np
        >>> meld = np.array([48, 50, 104])                      # 8C1 8D1 JK1: a set of eights
        >>> exchange_fit(meld, 3, SET, 6, -1, 2, 53), exchange_fit(meld, 3, SET, 6, -1, 2, 49)  # 8S2; 8C2
        (0, 10)
    """
    if not 0 <= place < count or face(meld[place]) != homes.JOKER_FACE:
        return R10
    natural = face(card)
    if natural == homes.JOKER_FACE or face_rank(natural) != place_rank(kind, base, place):
        return R10
    if kind == RUN:
        return OK if face_suit(natural) == suit else R10
    for position in range(count):
        held = face(meld[position])
        if held != homes.JOKER_FACE and face_suit(held) == face_suit(natural):
            return R10
    return OK


def compiled_homes() -> dict[str, Any]:
    """The rule homes this module compiles, by name: each the home's own function (``py_func``), for the tests.

    Examples:
        >>> compiled_homes()["face"] is homes.face
        True
    """
    return {name: cast(Any, function).py_func for name, function in
            (("face", face), ("face_rank", face_rank), ("face_suit", face_suit), ("run_number", run_number),
             ("set_fits", set_fits), ("run_fits", run_fits), ("opens", opens))}
