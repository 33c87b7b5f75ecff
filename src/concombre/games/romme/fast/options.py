"""A hand's melds compiled, in the reference engine's order: the options `concombre.games.romme.options` gives
(sets by rank, then runs by suit; cards that play alike offered once, a run taking a joker only where the hand
lacks the card), and whether some of them together open (R8).

A hand is given by face (`concombre.games.romme.rules.face`): its count of each of the 53 faces (the jokers
last). An option is its faces in place order (`JOKER` for a joker), its value (R3), the jokers it takes, an
upper bound of what its cards could be worth in any meld, and the faces it takes as a count vector: four words
of 4-bit fields, a face a field, so that whether a hand holds an option is a subtraction per word. The options
go into a workspace of two flat arrays a caller makes once (`workspace`: numbers and words, at the offsets
below), so that the kernel's functions hand each other two arrays rather than many.

Examples:
    >>> from concombre.romme import cards_of
    >>> from concombre.games.romme.fast.options import LENGTH, hand_options, workspace
    >>> room, bits = workspace()
    >>> for card in cards_of("5H1 6H1 7H1 7S1 7D2"):
    ...     room[card.index >> 1] += 1
    >>> count = hand_options(room, 0, bits)
    >>> count, room[LENGTH:LENGTH + count].tolist()   # a set of sevens and a run of hearts, their lengths
    (2, [3, 3])
"""

from __future__ import annotations

import itertools

import numpy as np

from concombre.accel.compiled import jit_bare, jit_bare_inline
from concombre.games.romme import rules as homes
from concombre.games.romme.fast.table import RUN_VALUES, SET_VALUES, face_rank, face_suit, opens, run_fits, set_fits

__all__ = ["MOST_OPTIONS", "ROOM", "WORDS", "can_open", "count_vector", "first_options", "fits", "hand_options", "take",
           "workspace"]

JOKER = homes.JOKER_FACE
MOST_OPTIONS = 1024
"""Room for a hand's options: more than any hand of 14 cards makes.

Examples:
    >>> MOST_OPTIONS
    1024
"""

# The workspace's numbers: 53 face counts of the hand asked about (at 0; a caller may keep its own elsewhere),
# then each option's length, value, jokers used and top value, then its faces (13 a row). Its words: each
# option's count vector (4 a row), then room the callers use (from `WORDS_FREE`).
LENGTH = 64
VALUE = LENGTH + MOST_OPTIONS
USED = VALUE + MOST_OPTIONS
TOP = USED + MOST_OPTIONS
FACES_AT = TOP + MOST_OPTIONS
LAST = FACES_AT + 13 * MOST_OPTIONS  # the face counts of the hand whose options the workspace holds, and how many
ROOM = LAST + 54
"""Where a caller's own numbers may start in the workspace (`workspace`'s first array).

Examples:
    >>> ROOM
    17526
"""
NEED = 0
WORDS_FREE = 4 * MOST_OPTIONS
WORDS = WORDS_FREE + 64
"""The length of the workspace's words; a caller's own start at ``4 * MOST_OPTIONS``.

Examples:
    >>> WORDS
    4160
"""
_FIELD = 4  # bits of a face's count in a count vector: up to 7, and a guard bit
_GUARDS = np.array([sum(1 << (_FIELD * field + _FIELD - 1) for field in range(16 if word < 3 else 5))
                    for word in range(4)], dtype=np.uint64)
_TOP_VALUE = np.array([*(SET_VALUES[face >> 2] for face in range(JOKER)), 11], dtype=np.int64)  # most a card is worth
_COMBINATIONS = np.zeros((5, 5, 6), dtype=np.int64)  # by (n, k): the k-subsets of n positions in lexicographic order
_COMBINATION_COUNT = np.zeros((5, 5), dtype=np.int64)
for _n in range(5):
    for _k in range(5):
        for _number, _group in enumerate(itertools.combinations(range(_n), _k)):
            _COMBINATIONS[_n, _k, _number] = sum(1 << position for position in _group)
        _COMBINATION_COUNT[_n, _k] = len(list(itertools.combinations(range(_n), _k)))


def workspace(extra: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The workspace: `ROOM` + ``extra`` numbers and `WORDS` words, zeros.

    Examples:
        >>> [array.shape for array in workspace(10)]
        [(17536,), (4160,)]
    """
    return np.zeros(ROOM + extra, dtype=np.int64), np.zeros(WORDS, dtype=np.uint64)


@jit_bare_inline
def _unit(face: int) -> tuple[int, np.uint64]:
    return face >> 4, np.uint64(1) << np.uint64(_FIELD * (face & 15))


@jit_bare_inline
def _finish(room: np.ndarray, bits: np.ndarray, option: int, length: int, value: int, used: int) -> None:
    """Option ``option``'s faces written: its length, value, jokers used, top value and count vector."""
    room[LENGTH + option] = length
    room[VALUE + option] = value
    room[USED + option] = used
    top = 0
    row = NEED + 4 * option
    bits[row] = bits[row + 1] = bits[row + 2] = bits[row + 3] = np.uint64(0)
    for position in range(length):
        face = room[FACES_AT + 13 * option + position]
        top += _TOP_VALUE[face]
        word, unit = _unit(face)
        bits[row + word] += unit
    room[TOP + option] = top


@jit_bare
def hand_options(room: np.ndarray, counts: int, bits: np.ndarray) -> int:
    """The melds of a hand whose 53 face counts are ``room[counts:counts + 53]`` (R5, R6), into the workspace
    in the reference engine's order (`concombre.games.romme.options.meld_options`); how many. The workspace
    remembers the last hand it was asked about: asked again (a move built a part at a time), it answers at once.

    Examples:
        >>> room, bits = workspace()
        >>> room[[40, 44, 48]] = 1                           # QC KC AC: a run, Q-K-A of clubs
        >>> hand_options(room, 0, bits), room[FACES_AT:FACES_AT + 3].tolist(), int(room[VALUE])
        (1, [40, 44, 48], 31)
    """
    same = room[LAST + JOKER + 1] >= 0
    for number in range(JOKER + 1):
        if room[LAST + number] != room[counts + number]:
            same = False
            room[LAST + number] = room[counts + number]
    if same:
        return int(room[LAST + JOKER + 1])
    found = _options(room, counts, bits, -1)
    room[LAST + JOKER + 1] = found
    return found


@jit_bare
def first_options(room: np.ndarray, counts: int, bits: np.ndarray, first: int) -> int:
    """The melds of the hand (as `hand_options`) that begin with a card of the natural face ``first``, in the
    same order among themselves; how many. Enough where one meld is built at a time (a player who has opened):
    the others are not listed.

    Examples:
        >>> room, bits = workspace()
        >>> room[[40, 41, 42, 44, 48]] = 1                   # QC QD QH KC AC: a set of queens, a run from the QC
        >>> first_options(room, 0, bits, 41), hand_options(room, 0, bits)   # from QD: none; in all: two
        (0, 2)
    """
    room[LAST + JOKER + 1] = -1  # the workspace no longer holds a whole hand's melds
    return _options(room, counts, bits, first)


@jit_bare
def _options(room: np.ndarray, counts: int, bits: np.ndarray, first: int) -> int:
    """The hand's melds into the workspace (those that begin with the face ``first``, or all if it is -1)."""
    jokers = int(room[counts + JOKER])
    found = 0
    set_jokers = min(jokers, 4)  # a set takes at most four jokers
    for rank in range(13):
        if first >= 0 and rank != face_rank(first):
            continue
        held = naturals = 0  # the naturals of the rank held, a face a byte
        for suit in range(4):
            if room[counts + rank * 4 + suit]:
                naturals |= (rank * 4 + suit) << (8 * held)
                held += 1
        if held < (2 if set_jokers else 3):
            continue
        for size in range(3, 5):
            for used in range(min(set_jokers, size) + 1):
                count = size - used
                if count > held:
                    continue
                for number in range(_COMBINATION_COUNT[held, count]):
                    chosen = _COMBINATIONS[held, count, number]
                    suits = length = 0
                    row = FACES_AT + 13 * found
                    for position in range(held):
                        if chosen >> position & 1:
                            natural = naturals >> (8 * position) & 255
                            suits |= 1 << face_suit(natural)
                            room[row + length] = natural
                            length += 1
                    if not set_fits(suits, count, used) or (first >= 0 and room[row] != first):
                        continue
                    for _ in range(used):
                        room[row + length] = JOKER
                        length += 1
                    _finish(room, bits, found, length, SET_VALUES[rank] * size, used)
                    found += 1
    for suit in range(4):
        if first >= 0 and suit != face_suit(first):
            continue
        present = 0
        for rank in range(13):
            if room[counts + rank * 4 + suit]:
                present |= (1 << 1 | 1 << 14) if rank == 12 else 1 << (rank + 2)
        if not present:
            continue
        window = 7 if not jokers else (1 << (jokers + 1)) - 1
        for start in range(1, 13):
            if first >= 0 and start != (1 if face_rank(first) == 12 else face_rank(first) + 2):
                continue
            seen = present >> start & window
            if not seen or (not jokers and seen != 7):
                continue
            used = natural_count = value = length = 0
            row = FACES_AT + 13 * found
            for number in range(start, 14 if start == 1 else 15):  # the ace plays low or high, never both (R5)
                if present >> number & 1:
                    room[row + length] = (12 if number in (1, 14) else number - 2) * 4 + suit
                    natural_count += 1
                else:
                    if used == jokers:
                        break
                    room[row + length] = JOKER
                    used += 1
                length += 1  # noqa: SIM113 (the walk breaks early: its length is its own)
                value += RUN_VALUES[number]
                if run_fits(start, natural_count, used):
                    for position in range(length):
                        room[row + 13 + position] = room[row + position]
                    _finish(room, bits, found, length, value, used)
                    found += 1
                    row += 13
    return found


@jit_bare_inline
def fits(bits: np.ndarray, held: int, option: int) -> bool:
    """Whether the count vector ``bits[held:held + 4]`` holds option ``option``'s faces.

    Examples:
        >>> room, bits = workspace()
        >>> room[[0, 1, 2]] = 1
        >>> bits[WORDS_FREE] = 0x111
        >>> hand_options(room, 0, bits), fits(bits, WORDS_FREE, 0)
        (1, True)
    """
    row = NEED + 4 * option
    for word in range(4):
        if ((bits[held + word] | _GUARDS[word]) - bits[row + word]) & _GUARDS[word] != _GUARDS[word]:
            return False
    return True


@jit_bare_inline
def take(bits: np.ndarray, held: int, option: int, sign: int) -> None:
    """Option ``option``'s faces taken out of (``sign`` 1) or put back into (-1) the count vector at ``held``.

    Examples:
        >>> room, bits = workspace()
        >>> room[[0, 1, 2]] = 1                                  # 2C 2D 2H: a set
        >>> count, _ = hand_options(room, 0, bits), count_vector(room, 0, bits, WORDS_FREE)
        >>> take(bits, WORDS_FREE, 0, 1)
        >>> int(bits[WORDS_FREE]), fits(bits, WORDS_FREE, 0)
        (0, False)
    """
    row = NEED + 4 * option
    for word in range(4):
        if sign > 0:
            bits[held + word] -= bits[row + word]
        else:
            bits[held + word] += bits[row + word]


@jit_bare
def count_vector(room: np.ndarray, counts: int, bits: np.ndarray, held: int) -> int:
    """The face counts ``room[counts:counts + 53]`` as a count vector at ``bits[held:held + 4]``; the most the cards
    could be worth.

    Examples:
        >>> room, bits = workspace()
        >>> room[[0, 52]] = 1, 2                                 # a two of clubs and two jokers
        >>> count_vector(room, 0, bits, WORDS_FREE), hex(int(bits[WORDS_FREE]))
        (24, '0x1')
    """
    most = 0
    for word in range(4):
        bits[held + word] = np.uint64(0)
    for face in range(JOKER + 1):
        count = room[counts + face]
        if count:
            word, unit = _unit(face)
            bits[held + word] += unit * np.uint64(count)
            most += _TOP_VALUE[face] * count
    return most


@jit_bare
def can_open(room: np.ndarray, bits: np.ndarray, held: int, most: int, count: int, start: int, need: int,
             stack: int) -> bool:
    """Whether options ``start`` on (each as often as the hand holds it) fit the count vector at ``held``
    together and are worth ``need`` or more (R8), at least one of them: `concombre.games.romme.options`' search
    for groups, asking only whether one exists. ``most`` bounds what the cards held could add; ``stack``: where
    32 numbers of room for the search start in ``room``. The count vector is left as it was.

    Examples:
        >>> room, bits = workspace(32)
        >>> room[[40, 41, 42, 0, 4, 8, 12]] = 1                   # QC QD QH; 2C-5C
        >>> count = hand_options(room, 0, bits)
        >>> most = count_vector(room, 0, bits, WORDS_FREE)
        >>> [can_open(room, bits, WORDS_FREE, most, count, 0, need, ROOM) for need in (44, 45)]
        [True, False]
    """
    if not opens(most, need):  # R8: even every card held could not reach the opening
        return False
    depth = 0
    room[stack], room[stack + 1] = start, need
    found = False
    while depth >= 0:
        at = stack + 2 * depth
        option, wanted = room[at], room[at + 1]
        if option >= count:  # this level is spent: back to the one before, its option put back
            depth -= 1
            if depth >= 0:
                before = room[at - 2]
                take(bits, held, before, -1)
                most += room[TOP + before]
                room[at - 2] = before + 1
            continue
        if not fits(bits, held, option):
            room[at] = option + 1
            continue
        if opens(room[VALUE + option], wanted):
            found = True
            break
        rest = wanted - room[VALUE + option]
        if opens(most - room[TOP + option], rest):  # the cards left could still be worth enough: go deeper
            take(bits, held, option, 1)
            most -= room[TOP + option]
            depth += 1
            room[at + 2], room[at + 3] = option, rest
        else:
            room[at] = option + 1
    while depth > 0:  # put back what is still taken
        depth -= 1
        take(bits, held, room[stack + 2 * depth], -1)
    return found
