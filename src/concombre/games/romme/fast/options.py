"""A hand's melds compiled, in the reference engine's order: the options `concombre.games.romme.options` gives
(sets by rank, then runs by suit; cards that play alike offered once, a run taking a joker only where the hand
lacks the card), and whether some of them together open (R8).

A hand is given by face (`concombre.games.romme.rules.face`): its count of each of the 53 faces (the jokers
last). An option is its faces in place order (`JOKER` for a joker), its value (R3), the jokers it takes, an
upper bound of what its cards could be worth in any meld, and the faces it takes as a count vector: four words
of 4-bit fields, a face a field, so that whether a hand holds an option is a subtraction per word. The options of
a hand go into the rows of a `Options` workspace, whose arrays a caller makes once (`workspace`).

Examples:
    >>> import numpy as np
    >>> from concombre.romme import cards_of
    >>> from concombre.games.romme.fast.options import hand_options, workspace
    >>> space = workspace()
    >>> counts = np.zeros(53, dtype=np.int64)
    >>> for card in cards_of("5H1 6H1 7H1 7S1 7D2"):
    ...     counts[card.index >> 1] += 1
    >>> count = hand_options(counts, space)
    >>> count, space[1][:count].tolist()              # a set of sevens and a run of hearts, their lengths
    (2, [3, 3])
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from concombre.accel.compiled import jit
from concombre.games.romme import rules as homes
from concombre.games.romme.fast.table import RUN_VALUES, SET_VALUES, face_suit, run_fits, set_fits

__all__ = ["JOKER", "MOST_OPTIONS", "can_open", "fits", "hand_options", "take", "workspace"]

JOKER = homes.JOKER_FACE
MOST_OPTIONS = 1024
"""Room for a hand's options: more than any hand of 14 cards makes.

Examples:
    >>> MOST_OPTIONS
    1024
"""

FACES, LENGTH, VALUE, USED, TOP, NEED = range(6)  # the workspace's arrays
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


@jit
def workspace() -> tuple[Any, ...]:
    """The arrays a hand's options are written into: faces (options x 13), lengths, values, jokers used, top
    values, and count vectors (options x 4).

    Examples:
        >>> [array.shape for array in workspace()][:2]
        [(1024, 13), (1024,)]
    """
    return (np.zeros((MOST_OPTIONS, 13), dtype=np.int64), np.zeros(MOST_OPTIONS, dtype=np.int64),
            np.zeros(MOST_OPTIONS, dtype=np.int64), np.zeros(MOST_OPTIONS, dtype=np.int64),
            np.zeros(MOST_OPTIONS, dtype=np.int64), np.zeros((MOST_OPTIONS, 4), dtype=np.uint64))


@jit
def _unit(face: int) -> tuple[int, np.uint64]:
    return face >> 4, np.uint64(1) << np.uint64(_FIELD * (face & 15))


@jit
def _finish(space: Any, option: int, length: int, value: int, used: int) -> None:
    """Option ``option``'s faces written: its length, value, jokers used, top value and count vector."""
    faces, lengths, values, jokers, tops, needs = space
    lengths[option] = length
    values[option] = value
    jokers[option] = used
    top = 0
    for word in range(4):
        needs[option, word] = np.uint64(0)
    for position in range(length):
        face = faces[option, position]
        top += _TOP_VALUE[face]
        word, unit = _unit(face)
        needs[option, word] += unit
    tops[option] = top


@jit
def hand_options(counts: np.ndarray, space: Any) -> int:
    """The melds of a hand of these face counts (R5, R6), into ``space``'s rows in the reference engine's order
    (`concombre.games.romme.options.meld_options`); how many.

    Examples:
        >>> import numpy as np
        >>> counts = np.zeros(53, dtype=np.int64)
        >>> counts[[40, 44, 48]] = 1                           # QC KC AC: a run, Q-K-A of clubs
        >>> space = workspace()
        >>> hand_options(counts, space), space[0][0, :3].tolist(), int(space[2][0])
        (1, [40, 44, 48], 31)
    """
    faces = space[FACES]
    jokers = int(counts[JOKER])
    found = 0
    naturals = np.zeros(4, dtype=np.int64)
    set_jokers = min(jokers, 4)  # a set takes at most four jokers
    for rank in range(13):
        held = 0
        for suit in range(4):
            if counts[rank * 4 + suit]:
                naturals[held] = rank * 4 + suit
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
                    for position in range(held):
                        if chosen >> position & 1:
                            suits |= 1 << face_suit(naturals[position])
                            faces[found, length] = naturals[position]
                            length += 1
                    if not set_fits(suits, count, used):
                        continue
                    for _ in range(used):
                        faces[found, length] = JOKER
                        length += 1
                    _finish(space, found, length, SET_VALUES[rank] * size, used)
                    found += 1
    for suit in range(4):
        present = 0
        for rank in range(13):
            if counts[rank * 4 + suit]:
                present |= (1 << 1 | 1 << 14) if rank == 12 else 1 << (rank + 2)
        if not present:
            continue
        window = 7 if not jokers else (1 << (jokers + 1)) - 1
        for start in range(1, 13):
            seen = present >> start & window
            if not seen or (not jokers and seen != 7):
                continue
            used = natural_count = value = length = 0
            for number in range(start, 14 if start == 1 else 15):  # the ace plays low or high, never both (R5)
                if present >> number & 1:
                    faces[found, length] = (12 if number in (1, 14) else number - 2) * 4 + suit
                    natural_count += 1
                else:
                    if used == jokers:
                        break
                    faces[found, length] = JOKER
                    used += 1
                length += 1  # noqa: SIM113 (the walk breaks early: its length is its own)
                value += RUN_VALUES[number]
                if run_fits(start, natural_count, used):
                    for position in range(length):
                        faces[found + 1, position] = faces[found, position]
                    _finish(space, found, length, value, used)
                    found += 1
    return found


@jit
def fits(held: np.ndarray, space: Any, option: int) -> bool:
    """Whether the count vector ``held`` (4 words) holds option ``option``'s faces.

    Examples:
        >>> import numpy as np
        >>> space = workspace()
        >>> counts = np.zeros(53, dtype=np.int64); counts[[0, 1, 2]] = 1
        >>> hand_options(counts, space), fits(np.array([0x111, 0, 0, 0], dtype=np.uint64), space, 0)
        (1, True)
    """
    needs = space[NEED]
    for word in range(4):  # noqa: SIM110 (a loop: Numba compiles no generator into all())
        if ((held[word] | _GUARDS[word]) - needs[option, word]) & _GUARDS[word] != _GUARDS[word]:
            return False
    return True


@jit
def take(held: np.ndarray, space: Any, option: int, sign: int) -> None:
    """Option ``option``'s faces taken out of (``sign`` 1) or put back into (-1) the count vector ``held``."""
    needs = space[NEED]
    for word in range(4):
        if sign > 0:
            held[word] -= needs[option, word]
        else:
            held[word] += needs[option, word]


@jit
def count_vector(counts: np.ndarray, held: np.ndarray) -> int:
    """A hand's face counts as a count vector into ``held`` (4 words); the most its cards could be worth."""
    most = 0
    for word in range(4):
        held[word] = np.uint64(0)
    for face in range(JOKER + 1):
        if counts[face]:
            word, unit = _unit(face)
            held[word] += unit * np.uint64(counts[face])
            most += _TOP_VALUE[face] * counts[face]
    return most


@jit
def can_open(held: np.ndarray, most: int, space: Any, count: int, start: int, need: int, stack: np.ndarray) -> bool:
    """Whether options ``start`` on (each as often as the hand holds it) fit the count vector ``held`` together
    and are worth ``need`` or more (R8), at least one of them: `concombre.games.romme.options`' search for
    groups, asking only whether one exists. ``most`` bounds what the cards held could add; ``stack``: room for the
    search (at least 2 x 16 numbers). ``held`` is left as it was.

    Examples:
        >>> import numpy as np
        >>> space = workspace()
        >>> counts = np.zeros(53, dtype=np.int64); counts[[40, 41, 42, 0, 4, 8, 12]] = 1   # QC QD QH; 2C-5C
        >>> count = hand_options(counts, space)
        >>> held = np.zeros(4, dtype=np.uint64); most = count_vector(counts, held)
        >>> stack = np.zeros((16, 2), dtype=np.int64)
        >>> can_open(held, most, space, count, 0, 44, stack), can_open(held, most, space, count, 0, 45, stack)
        (True, False)
    """
    values, tops = space[VALUE], space[TOP]
    depth = 0
    stack[0, 0], stack[0, 1] = start, need
    if most < need:
        return False
    found = False
    while depth >= 0:
        option, wanted = stack[depth, 0], stack[depth, 1]
        if option >= count:  # this level is spent: back to the one before, its option put back
            depth -= 1
            if depth >= 0:
                take(held, space, stack[depth, 0], -1)
                most += tops[stack[depth, 0]]
                stack[depth, 0] += 1
            continue
        if not fits(held, space, option):
            stack[depth, 0] += 1
            continue
        if values[option] >= wanted:
            found = True
            break
        rest = wanted - values[option]
        if most - tops[option] >= rest:  # the cards left could still be worth enough: go deeper
            take(held, space, option, 1)
            most -= tops[option]
            depth += 1
            stack[depth, 0], stack[depth, 1] = option, rest
        else:
            stack[depth, 0] += 1
    while depth > 0:  # put back what is still taken
        depth -= 1
        take(held, space, stack[depth, 0], -1)
    return found
