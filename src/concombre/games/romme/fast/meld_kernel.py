"""The meld solver's search, compiled by Numba (the ``fast`` extra): one hand at a time, inside compiled code.

`concombre.games.romme.bots.solver` is the reference: it finds the arrangement of a hand into melds that leaves
the least value in it (R3, R5, R6), or the least among those worth the opening (R8), by a search over faces
(the lowest face left: it stays in the hand, or one of the melds through it is put down), remembering what it
solved. `solve_hand` searches the same tree and lists each face's melds in the same order, so that it makes the
very choices of the reference, ties included: of the arrangements leaving the least, the one worth the most on
the table, and of those the first the reference's search meets. It is exact, not a copy of its steps: a
face no meld can hold is left in the hand without a branch (it has no other), a run that cannot come to a meld
is not followed, an opening out of reach of what remains is given up at once, and a position whose best melds
are worth what is still owed takes them (they are then its best opening). Where the reference keeps, for each
position, every arrangement worth knowing and picks the first worth the opening, this search carries what the
melds still owe (the same choice: a meld's worth adds up, and the first of equals is kept).

A hand is a row of counts (`concombre.games.romme.fast.melds.counts_of`): a column per face
(`concombre.games.romme.rules.face`), then the jokers. The rulings are their homes'
(`concombre.games.romme.rules`), compiled as they are: `set_fits` and `run_fits` (R5, R6), `opens` (R8),
`run_face` (the solver's order) and `run_number` (a card's place in a run); the card values are R3's
(`concombre.games.romme.cards.rank_value`, `JOKER_VALUE`).

Examples:
    >>> import numpy as np
    >>> from concombre.games.romme.fast.meld_kernel import new_work, solve_hand
    >>> from concombre.games.romme.fast.melds import counts_of
    >>> from concombre.games.romme import cards_of
    >>> counts = counts_of([cards_of("5H1 6H1 7H1 7S1 7D1 KC1")])[0]
    >>> places, sizes = np.zeros((2, 13), dtype=np.int8), np.zeros(2, dtype=np.int8)
    >>> solve_hand(counts, 0, new_work(), places, sizes), places[0, :sizes[0]].tolist()
    ((21, 21, 1), [21, 22, 23])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from concombre.core.extras import needs

with needs("fast", "concombre.games.romme.fast"):
    import numpy as np
    from numba.cpython.unsafe.numbers import leading_zeros as _leading_zeros
    from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros

from concombre.accel.compiled import jit, jit_inline
from concombre.core.cards import Rank
from concombre.core.errors import InvalidArgumentError
from concombre.games.romme import rules as homes
from concombre.games.romme.cards import JOKER_VALUE, MOST_CARDS, rank_value
from concombre.games.romme.melds import MOST_PLACES

__all__ = ["Work", "forget", "most_melds", "new_work", "solve_hand", "solve_hands"]

Work = tuple[Any, Any]
"""The room `solve_hand` searches in (`new_work`): its frames (each with its candidate melds) and the table of
what it solved, two 2-D ``int64`` arrays.

Examples:
    >>> frames, table = new_work(14)
    >>> frames.ndim, table.ndim, str(table.dtype)
    (2, 2, 'int64')
"""

leading_zeros = cast(Callable[[int], int], _leading_zeros)  # LLVM's count of a word's leading zero bits
trailing_zeros = cast(Callable[[int], int], _trailing_zeros)  # and of its trailing ones

# The rule homes, compiled as they are (the tests check each is the home's own function).
set_fits = jit_inline(homes.set_fits)  # R5, R6
run_fits = jit_inline(homes.run_fits)  # R5, R6
opens = jit(homes.opens)  # R8 (not written into its callers: its 0.x branch reassigns an argument)
run_face = jit_inline(homes.run_face)  # the solver's order: suit-major, so that a run's faces follow each other
run_number = jit_inline(homes.run_number)  # R5: a rank's place in a run, the ace low or high

# The search numbers faces as the reference does (`run_face`, "run faces"): suit * 13 + rank. What remains of a
# hand is two words of two bits a face: faces 0-25 (clubs, diamonds) in the first, 26-51 (hearts, spades) in
# the second, so that taking a meld out is two subtractions and the table's key is two numbers.
_FACES = homes.FACES
_RANKS = _FACES // 4
_HALF = 2 * _RANKS  # the faces a word holds: two suits
_JOKER_FACE = homes.JOKER_FACE
_BY_RUN_FACE = sorted(range(_FACES), key=homes.run_face)
_FACE_OF = np.array(_BY_RUN_FACE, dtype=np.int64)  # a run face's face (the callers' numbering)
_RANK_OF = np.array([homes.face_rank(face) for face in _BY_RUN_FACE], dtype=np.int64)
_SUIT_OF = np.array([homes.face_suit(face) for face in _BY_RUN_FACE], dtype=np.int64)
_AT = np.zeros((4, _RANKS), dtype=np.int64)  # the run face of a suit and a rank
for _face in range(_FACES):
    _AT[homes.face_suit(_face), homes.face_rank(_face)] = homes.run_face(_face)
if any(_AT[_suit, _rank] != _suit * _RANKS + _rank for _suit in range(4) for _rank in range(_RANKS)):
    raise ImportError("the solver's faces (rules.run_face) are no longer suit-major: the words' layout is wrong")
_RANK_LIST = tuple(Rank)
_HAND_VALUE = np.array([rank_value(_RANK_LIST[rank], ace_low=False) for rank in _RANK_OF], dtype=np.int64)  # R3
_RANK_AT = np.zeros(16, dtype=np.int64)  # a run number's rank (1 and 14: the ace)
_VALUE_AT = np.zeros(16, dtype=np.int64)  # a run number's value on the table (R3: a low ace is 1)
_NUMBERS = np.zeros(1 << _RANKS, dtype=np.int64)  # the run numbers of a mask of ranks (an ace: 1 and 14)
for _rank in range(_RANKS):
    for _low in (True, False):
        _RANK_AT[homes.run_number(_rank, _low)] = _rank
        _VALUE_AT[homes.run_number(_rank, _low)] = rank_value(_RANK_LIST[_rank], ace_low=_low)
for _ranks in range(1 << _RANKS):
    for _rank in range(_RANKS):
        if _ranks >> _rank & 1:
            _NUMBERS[_ranks] |= 1 << homes.run_number(_rank, True) | 1 << homes.run_number(_rank, False)
_JOKER_MOST = int(_VALUE_AT.max())  # the most a joker stands for on the table (R3: a high ace)
_JOKER_VALUE = JOKER_VALUE  # what a joker left in the hand costs (R3)
_NO = 1 << 15  # the value left by a search that cannot reach what it owes: none
_KEEP, _SET, _RUN, _DONE = 0, 1, 2, 3  # where a frame's branches stand
_GONE = 9  # a frame's run number once its runs are all listed
_ZERO = np.zeros(1, dtype=np.int64)[0]

# A frame of the search, one a face decided: the hand left and what it owes, the best branch so far, the
# branch in flight and where the listing of its candidate melds stands.
(W0, W1, JOKERS, NEED, WORTH, SHED, FACE, BEST_LEFT, BEST_TABLE, BEST, BRANCH, SHIFT_LEFT, SHIFT_TABLE, PHASE,
 OTHERS, SUIT_COUNT, SET_MASK, SET_USED, NATURALS, NUMBER, START, ALLOWED, PLACES, SIZE, JOKER_MASK, USED, HELD,
 NEXT, LISTED) = range(29)
_FRAME = 32
_MELDS = _FRAME  # a frame's candidate melds follow its fields
# A candidate meld: the faces it takes (two words), its jokers, its table value, its natural cards' hand value,
# its kind, its start (a run) or its other suits (a set), its places, its jokers' places.
_T0, _T1, _JOKERS, _VALUE, _WORTH, _KIND, _START, _SIZE, _JMASK = range(9)
_FIELDS = 9
_CHUNK = 24  # candidate melds listed at a time
_TABLE_BITS = 13
_PROBES = 8
_GOLDEN = 0x1E3779B97F4A7C15
_MIX = 0x3C6EF372FE94F82B


def new_work(most_cards: int = 14) -> Work:
    """The room `solve_hand` needs for hands of up to ``most_cards`` cards: its frames (one a face decided, each
    with its candidate melds) and a table of ``2**13`` solved positions (its last row holds the stamp that
    `forget` moves on).

    A workspace is one thread's: give each thread its own. It needs no clearing.

    Raises:
        InvalidArgumentError: ``most_cards`` is not a number of cards a hand can hold (R2).

    Examples:
        >>> frames, table = new_work()
        >>> frames.shape, table.shape
        ((16, 248), (8193, 4))
    """
    if isinstance(most_cards, bool) or not isinstance(most_cards, int) or not 0 <= most_cards <= MOST_CARDS:
        raise InvalidArgumentError(f"most_cards must be a number of cards from 0 to {MOST_CARDS}, not "
                                   f"{most_cards!r}.", "R2", "most_cards")
    depth = most_cards + 2
    table = np.zeros(((1 << _TABLE_BITS) + 1, 4), dtype=np.int64)
    table[-1, 0] = 1  # the first stamp: the empty rows (stamp 0) are no one's
    return np.zeros((depth, _FRAME + _CHUNK * _FIELDS), dtype=np.int64), table


@jit
def forget(work: Work) -> None:
    """Set aside what ``work``'s table remembers (a new stamp): for a hand unrelated to the last ones.

    `solve_hand` keeps in the table what it solves, every position with all that decides it (the cards left,
    the jokers, what the melds still owe), so its answers never depend on what the table holds: only its speed
    does. Hands that share cards (a hand, then the same with a card drawn or discarded) reuse each other's
    positions; between unrelated hands, forgetting makes the table's look-ups end sooner.

    Examples:
        >>> work = new_work()
        >>> forget(work)
        >>> int(work[1][-1, 0])
        2
    """
    table = work[1]
    table[table.shape[0] - 1, 0] += 1


@jit
def most_melds(most_cards: int) -> int:
    """The most melds a hand of ``most_cards`` cards can put down: three cards a meld (R5); at least 1.

    Examples:
        >>> most_melds(14)
        4
    """
    return max(1, most_cards // 3)


# -- the hand as two words ----------------------------------------------------------------------------------------

@jit_inline
def _zero() -> int:
    """0 as a number of the kernel's type, never Numba's literal 0 (a compiled function called with a literal is
    compiled once more for it, and a variable first set to one passes it on while its type is worked out)."""
    return int(_ZERO)


@jit_inline
def _count(w0: int, w1: int, face: int) -> int:
    """How many of run face ``face`` the hand holds."""
    if face < _HALF:
        return (w0 >> (2 * face)) & 3
    return (w1 >> (2 * (face - _HALF))) & 3


@jit_inline
def _bit0(face: int) -> int:
    return (1 << (2 * face)) if face < _HALF else 0


@jit_inline
def _bit1(face: int) -> int:
    return (1 << (2 * (face - _HALF))) if face >= _HALF else 0


@jit_inline
def _lowest(w0: int, w1: int) -> int:
    """The lowest run face the hand holds (it holds one)."""
    if w0 != 0:
        return trailing_zeros(w0) >> 1
    return _HALF + (trailing_zeros(w1) >> 1)


@jit_inline
def _ones(bits: int) -> int:
    """How many bits ``bits`` holds (a few)."""
    count = 0
    while bits:
        bits &= bits - 1
        count += 1
    return count


@jit
def _suit_numbers(w0: int, w1: int, suit: int) -> int:
    """The run numbers of the natural cards of ``suit`` the hand holds (bit n: number n; an ace 1 and 14)."""
    field = ((w0 if suit < 2 else w1) >> (_HALF * (suit & 1))) & ((1 << _HALF) - 1)
    bits = (field | field >> 1) & 0x5555555555555555  # each face's low bit: held at least once
    bits = (bits | bits >> 1) & 0x3333333333333333  # squeezed to a bit a rank
    bits = (bits | bits >> 2) & 0x0F0F0F0F0F0F0F0F
    bits = (bits | bits >> 4) & 0x00FF00FF00FF00FF
    bits = (bits | bits >> 8) & 0x0000FFFF0000FFFF
    return int(_NUMBERS[bits & ((1 << _RANKS) - 1)])


@jit
def _may_meld(w0: int, w1: int, jokers: int, face: int) -> bool:
    """Whether a meld might hold run face ``face``: another natural card of its rank and cards enough for a set,
    or one of its suit within the jokers' reach (R5, R6). False: it stays in the hand whatever is melded."""
    rank, suit, others = _RANK_OF[face], _SUIT_OF[face], 0
    for other in range(4):
        if other != suit and _count(w0, w1, _AT[other, rank]) > 0:
            others += 1
    if others > 0 and others + jokers >= 2:
        return True
    near, reach = _suit_numbers(w0, w1, suit) & ~_NUMBERS[1 << rank], jokers + 1
    window = (1 << (2 * reach + 1)) - 1  # the numbers within reach on either side
    return bool((near >> max(0, run_number(rank, True) - reach)) & window or (
        near >> max(0, run_number(rank, False) - reach)) & window)


@jit
def _shed(w0: int, w1: int, jokers: int) -> tuple[int, int, int]:
    """What remains once the lowest faces no meld can hold are left in the hand (their only branch), and their
    value in the hand."""
    shed = 0
    while w0 != 0 or w1 != 0:
        face = _lowest(w0, w1)
        if _may_meld(w0, w1, jokers, face):
            break
        held = _count(w0, w1, face)
        w0, w1, shed = w0 - held * _bit0(face), w1 - held * _bit1(face), shed + held * _HAND_VALUE[face]
    return w0, w1, shed


# -- a face's candidate melds, in the reference's order (`solver._melds_through`) -----------------------------------

@jit_inline
def _begin(frames: Any, d: int) -> None:
    """Start listing the melds through frame ``d``'s face: the sets of its rank first, over its other suits held."""
    face, w0, w1 = frames[d, FACE], frames[d, W0], frames[d, W1]
    rank, others, count = _RANK_OF[face], 0, 0
    for suit in range(_SUIT_OF[face] + 1, 4):  # the rank's lower suits are lower faces: none is left
        if _count(w0, w1, _AT[suit, rank]) > 0:
            others |= suit << (2 * count)
            count += 1
    frames[d, OTHERS], frames[d, SUIT_COUNT], frames[d, SET_MASK], frames[d, SET_USED] = others, count, 0, 0
    frames[d, NATURALS] = _suit_numbers(w0, w1, _SUIT_OF[face]) & ~_NUMBERS[1 << rank]  # its suit's others
    frames[d, NUMBER], frames[d, START], frames[d, PHASE] = -1, 0, _SET
    frames[d, HELD], frames[d, NEXT], frames[d, LISTED] = 0, 0, 0


@jit_inline
def _put(frames: Any, d: int, at: int, taken0: int, taken1: int, used: int, value: int, worth: int, kind: int,
         start: int, size: int, jmask: int) -> None:
    row = _MELDS + at * _FIELDS
    frames[d, row + _T0], frames[d, row + _T1], frames[d, row + _JOKERS] = taken0, taken1, used
    frames[d, row + _VALUE], frames[d, row + _WORTH], frames[d, row + _KIND] = value, worth, kind
    frames[d, row + _START], frames[d, row + _SIZE], frames[d, row + _JMASK] = start, size, jmask


@jit
def _next_start(rank: int, jokers: int, number: int, start: int, naturals: int) -> tuple[int, int, int, int]:
    """The next start of a run through a face of ``rank`` after ``number`` (0: the low or only one, 1: an ace's
    high one) and ``start``: for each number, each start from the lowest the jokers reach, but those whose places
    below the face the jokers cannot fill. (number, start, the places a natural card may fill (bit i: number
    start + i), the places); number `_GONE` when none is left."""
    while True:
        start += 1
        if number < 0 or start > run_number(rank, number == 0):
            number += 1
            if number >= (1 if run_number(rank, True) == run_number(rank, False) else 2):
                return _GONE, 0, 0, 0
            start = max(1, run_number(rank, number == 0) - jokers - 1)
        through = run_number(rank, number == 0)
        places = min(MOST_PLACES, (13 if start == 1 else 14) - start + 1)  # never round the corner (R5)
        allowed = ((naturals >> start) | 1 << (through - start)) & ((1 << places) - 1)
        if _ones(((1 << (through - start)) - 1) & ~allowed) <= jokers:
            return number, start, allowed, places


@jit
def _barren_joker(size: int, used: int, jokers: int, allowed: int, face_place: int) -> bool:
    """Whether a joker in place ``size`` of a run leads to no meld: with two jokers, a meld needs two natural
    cards (R6), and no natural card but the face is within the reach of the jokers left."""
    held = size - used + (1 if face_place > size else 0)  # its natural cards, with the face to come
    if used + 1 < 2 or held >= 2:
        return False
    beyond = allowed & ~(1 << face_place) & ~((2 << size) - 1)
    if beyond == 0:
        return True
    nearest = trailing_zeros(beyond)
    return nearest - size - 1 - (1 if size < face_place < nearest else 0) > jokers - used - 1


@jit
def _fill(frames: Any, d: int) -> int:
    """List the next candidate melds through frame ``d``'s face (at most `_CHUNK`) after its fields, as the
    reference's `_melds_through` lists them; how many (0: none is left).

    Sets: the other suits chosen by a mask counted up, each with 0, 1... jokers (R5, R6). Runs: for each start
    (`_next_start`), depth first, each run before its longer ones, a joker in a place before the natural card.
    The depth-first search needs no stack: a run is its size and the places of its jokers, and after a run that
    cannot grow comes the run cut at its last joker a natural card can replace, with that card."""
    face, jokers, phase = frames[d, FACE], frames[d, JOKERS], frames[d, PHASE]
    rank, suit, worth = _RANK_OF[face], _SUIT_OF[face], _HAND_VALUE[face]
    zero = _zero()  # not the literal 0: a call given a literal is compiled once more for it
    count, number, start, allowed, places, size, jmask, used = 0, zero, zero, zero, zero, zero, zero, zero
    if phase == _SET:
        others, mask, used = frames[d, OTHERS], frames[d, SET_MASK], frames[d, SET_USED]
        masks = 1 << frames[d, SUIT_COUNT]
        while mask < masks and count < _CHUNK:
            suits, naturals, taken0, taken1 = 1 << suit, 1, _bit0(face), _bit1(face)
            for bit in range(frames[d, SUIT_COUNT]):
                if mask >> bit & 1:
                    other = _AT[(others >> (2 * bit)) & 3, rank]
                    suits |= 1 << _SUIT_OF[other]
                    naturals += 1
                    taken0 += _bit0(other)
                    taken1 += _bit1(other)
            top = min(jokers, 4 - naturals)
            while used <= top and count < _CHUNK:
                extra = used
                used += 1
                if set_fits(suits, naturals, extra):
                    _put(frames, d, count, taken0, taken1, extra, worth * (naturals + extra), worth * naturals, _SET,
                         mask, naturals + extra, 0)
                    count += 1
            if used > top:
                mask += 1
                used = 0
        frames[d, SET_MASK], frames[d, SET_USED] = mask, used
        if mask >= masks:
            phase = _RUN
            number, start, allowed, places = _next_start(rank, jokers, zero - 1, zero, frames[d, NATURALS])
            size, jmask, used = 0, 0, 0
            if number == _GONE:
                phase = _DONE
    else:
        number, start, allowed, places = frames[d, NUMBER], frames[d, START], frames[d, ALLOWED], frames[d, PLACES]
        size, jmask, used = frames[d, SIZE], frames[d, JOKER_MASK], frames[d, USED]
    if phase == _RUN:
        face_place = run_number(rank, number == 0) - start
        while count < _CHUNK:
            if size < places and size != face_place and used < jokers and not _barren_joker(
                    size, used, jokers, allowed, face_place):  # a joker in the next place
                jmask |= 1 << size
                used += 1
                size += 1
            elif size < places and allowed >> size & 1:  # the natural card of the next place
                size += 1
            else:  # the run cannot grow: cut it at its last joker a natural card can replace, with that card
                open_places = jmask & allowed & ((1 << size) - 1)
                if open_places == 0:
                    number, start, allowed, places = _next_start(rank, jokers, number, start, frames[d, NATURALS])
                    if number == _GONE:
                        phase = _DONE
                        break
                    face_place = run_number(rank, number == 0) - start
                    size, jmask, used = 0, 0, 0
                    continue
                place = 63 - leading_zeros(open_places)
                jmask &= (1 << place) - 1
                used, size = _ones(jmask), place + 1
            if size > face_place and size >= 3 and run_fits(start, size - used, used):
                taken0, taken1, value, held = 0, 0, 0, 0
                for at in range(size):
                    value += _VALUE_AT[start + at]
                    if not jmask >> at & 1:
                        here = _AT[suit, _RANK_AT[start + at]]
                        taken0 += _bit0(here)
                        taken1 += _bit1(here)
                        held += _HAND_VALUE[here]
                _put(frames, d, count, taken0, taken1, used, value, held, _RUN, start, size, jmask)
                count += 1
        frames[d, NUMBER], frames[d, START], frames[d, ALLOWED], frames[d, PLACES] = number, start, allowed, places
        frames[d, SIZE], frames[d, JOKER_MASK], frames[d, USED] = size, jmask, used
    frames[d, PHASE] = phase
    return count


# -- the search ------------------------------------------------------------------------------------------------------

@jit_inline
def _slot(table: Any, w0: int, w1: int, key: int) -> int:
    """Where ``(w0, w1, key)`` is in the table (>= 0), or -1 - the slot to write it to."""
    mask = (1 << _TABLE_BITS) - 1
    mixed = (w0 * _GOLDEN) ^ (w1 * _MIX) ^ (key * _GOLDEN)
    home = (mixed ^ (mixed >> 29) ^ (mixed >> 47)) & mask
    stamp = key >> 16
    for probe in range(_PROBES):
        at = (home + probe) & mask
        if table[at, 2] >> 16 != stamp:
            return -1 - at
        if table[at, 0] == w0 and table[at, 1] == w1 and table[at, 2] == key:
            return at
    return -1 - home


@jit
def _solve(frames: Any, table: Any, w0: int, w1: int, jokers: int, need: int, worth: int,
           stamp: int) -> tuple[int, int, int]:
    """(left, table value, branch) of the reference's arrangement of what remains, owing ``need`` on the table:
    the least value left, then the most on the table, then the first the reference's search meets (branch 0:
    the lowest face stays in the hand; k: the k-th meld through it). Left is `_NO` if nothing is worth
    ``need``. ``worth`` is the natural cards' hand value, a bound on their table value. A depth-first search
    over a stack of frames (Numba cannot cache a recursive function), each position kept in ``table``."""
    frames[0, W0], frames[0, W1], frames[0, JOKERS], frames[0, NEED], frames[0, WORTH] = w0, w1, jokers, need, worth
    zero = _zero()
    d, left, value, branch = zero, zero, zero, zero - 1
    entering = True
    while True:
        if entering:
            entering = False
            jokers, need = frames[d, JOKERS], frames[d, NEED]
            w0, w1, shed = _shed(frames[d, W0], frames[d, W1], jokers)
            frames[d, W0], frames[d, W1], frames[d, SHED], frames[d, WORTH] = w0, w1, shed, frames[d, WORTH] - shed
            known = True
            if w0 == 0 and w1 == 0:
                left, value, branch = (jokers * _JOKER_VALUE if opens(zero, need) else _NO), zero, zero - 1
            elif not opens(frames[d, WORTH] + jokers * _JOKER_MOST, need):  # even all of it on the table is too little
                left, value, branch = _NO, 0, -1
            else:
                at = _slot(table, w0, w1, jokers | need << 3 | stamp << 16)
                if at < 0 and need > 0:  # the best melds, if worth what is owed, are the best opening too
                    at = _slot(table, w0, w1, jokers | stamp << 16)
                    if at >= 0 and not opens((table[at, 3] >> 16) & 0xFFFF, need):
                        at = -1
                known = at >= 0
                if known:
                    solved = table[at, 3]
                    left, value, branch = solved & 0xFFFF, (solved >> 16) & 0xFFFF, (solved >> 32) - 1
                else:
                    frames[d, FACE] = _lowest(w0, w1)
                    frames[d, BEST_LEFT], frames[d, BEST_TABLE], frames[d, BEST] = _NO, 0, -1
                    frames[d, BRANCH], frames[d, PHASE] = -1, _KEEP
            if known:  # back to the parent
                if left < _NO:
                    left += frames[d, SHED]
                d -= 1
                if d < 0:
                    return left, value, branch
                continue
        elif left < _NO:  # a branch's result is back: kept if better (ties: the first branch)
            left += frames[d, SHIFT_LEFT]
            value += frames[d, SHIFT_TABLE]
            if left < frames[d, BEST_LEFT] or (left == frames[d, BEST_LEFT] and value > frames[d, BEST_TABLE]):
                frames[d, BEST_LEFT], frames[d, BEST_TABLE], frames[d, BEST] = left, value, frames[d, BRANCH]
        face = frames[d, FACE]
        found = True
        if frames[d, PHASE] == _KEEP:  # the face stays in the hand
            _begin(frames, d)
            frames[d, BRANCH] = 0
            taken0, taken1, used, melded, gone = _bit0(face), _bit1(face), 0, 0, _HAND_VALUE[face]
            frames[d, SHIFT_LEFT], frames[d, SHIFT_TABLE] = _HAND_VALUE[face], 0
        else:  # the next candidate meld
            if frames[d, NEXT] == frames[d, HELD] and frames[d, PHASE] != _DONE:
                frames[d, LISTED] += frames[d, HELD]
                frames[d, HELD], frames[d, NEXT] = _fill(frames, d), 0
            found = frames[d, NEXT] < frames[d, HELD]
            row = _MELDS + frames[d, NEXT] * _FIELDS
            frames[d, NEXT] += 1
            taken0, taken1, used = frames[d, row + _T0], frames[d, row + _T1], frames[d, row + _JOKERS]
            melded, gone = frames[d, row + _VALUE], frames[d, row + _WORTH]
            frames[d, BRANCH] = frames[d, LISTED] + frames[d, NEXT]
            frames[d, SHIFT_LEFT], frames[d, SHIFT_TABLE] = 0, melded
        if not found:  # every branch tried: the best kept, and handed back
            left, value, branch = frames[d, BEST_LEFT], frames[d, BEST_TABLE], frames[d, BEST]
            key = frames[d, JOKERS] | frames[d, NEED] << 3 | stamp << 16
            at = _slot(table, frames[d, W0], frames[d, W1], key)
            at = at if at >= 0 else -1 - at
            table[at, 0], table[at, 1], table[at, 2] = frames[d, W0], frames[d, W1], key
            table[at, 3] = left | value << 16 | (branch + 1) << 32
            if left < _NO:
                left += frames[d, SHED]
            d -= 1
            if d < 0:
                return left, value, branch
            continue
        child, need = d + 1, frames[d, NEED]
        frames[child, W0], frames[child, W1] = frames[d, W0] - taken0, frames[d, W1] - taken1
        frames[child, JOKERS], frames[child, WORTH] = frames[d, JOKERS] - used, frames[d, WORTH] - gone
        frames[child, NEED] = 0 if opens(melded, need) else need - melded
        d = child
        entering = True


@jit_inline
def _write(frames: Any, d: int, one: int, places: Any, sizes: Any, at: int) -> None:
    """Candidate ``one`` of frame ``d`` into row ``at`` of ``places`` (faces, a joker `JOKER_FACE`, in place
    order; -1 after its last place) and ``sizes``."""
    row, face = one * _FIELDS, frames[d, FACE]
    size = frames[d, _MELDS + row + _SIZE]
    for place in range(places.shape[1]):
        places[at, place] = -1
    if frames[d, _MELDS + row + _KIND] == _SET:
        places[at, 0] = _FACE_OF[face]
        rank, others, chosen, filled = _RANK_OF[face], frames[d, OTHERS], frames[d, _MELDS + row + _START], 1
        for bit in range(frames[d, SUIT_COUNT]):
            if chosen >> bit & 1:
                places[at, filled] = _FACE_OF[_AT[(others >> (2 * bit)) & 3, rank]]
                filled += 1
        for place in range(filled, size):
            places[at, place] = _JOKER_FACE
    else:
        start, jmask, suit = frames[d, _MELDS + row + _START], frames[d, _MELDS + row + _JMASK], _SUIT_OF[face]
        for place in range(size):
            places[at, place] = _JOKER_FACE if jmask >> place & 1 else _FACE_OF[_AT[suit, _RANK_AT[start + place]]]
    sizes[at] = size


@jit
def solve_hand(counts: Any, need: int, work: Work, places: Any, sizes: Any) -> tuple[int, int, int]:
    """The reference solver's arrangement of one hand, inside compiled code: (the value left in the hand, the
    melds' table value, how many melds), the melds written into ``places`` and ``sizes``; (-1, 0, 0) if no
    arrangement is worth ``need`` (R8).

    ``need`` 0 is `concombre.games.romme.bots.solver.best_melds` (the table empty); more is ``best_opening(hand,
    need)``. ``counts`` is the hand's row of `concombre.games.romme.fast.melds.counts_of` (the count of each
    face, then the jokers); ``work`` comes from `new_work` for hands of as many cards or more; ``places`` is an
    integer array of at least `most_melds` rows of `concombre.games.romme.melds.MOST_PLACES` columns: row i
    gets meld i's faces in place order (`concombre.games.romme.rules.face`, a joker
    `concombre.games.romme.rules.JOKER_FACE`, -1 after its last place; rows past the melds all -1), and
    ``sizes[i]`` its places (0 past the melds).

    Like the rule homes, it trusts its arguments (compiled code checks nothing in its inner loop), but for the
    room they need: a hand larger than ``work`` or ``places`` allow raises `ValueError`. The checked way in is
    `concombre.games.romme.fast.melds.best_melds_batch`.

    Examples:
        >>> import numpy as np
        >>> from concombre.games.romme import cards_of
        >>> from concombre.games.romme.fast.melds import counts_of
        >>> counts = counts_of([cards_of("KH1 KS1 KD1 AC1 2C1 3C1 4C1 9D1")])[0]
        >>> places, sizes = np.zeros((4, 13), dtype=np.int8), np.zeros(4, dtype=np.int8)
        >>> solve_hand(counts, 40, new_work(), places, sizes)
        (9, 40, 2)
        >>> places[0, :sizes[0]].tolist(), places[1, :sizes[1]].tolist()
        ([48, 0, 4, 8], [45, 46, 47])
    """
    frames, table = work
    zero = _zero()
    w0, w1, worth, spare, naturals = zero, zero, zero, zero, zero
    jokers = zero + counts[_JOKER_FACE]
    for face in range(_FACES):
        held = int(counts[face])
        if held > 0:
            at = run_face(face)
            w0 += held * _bit0(at)
            w1 += held * _bit1(at)
            naturals += held
    if frames.shape[0] < naturals + 2 or places.shape[0] < most_melds(naturals + jokers) or sizes.shape[0] < (
            places.shape[0]) or places.shape[1] < MOST_PLACES:
        raise ValueError("solve_hand: the hand holds more cards than its workspace (new_work) or its places take")
    # A face no meld of the hand can hold stays in it (its only branch): set aside, it spares the search.
    kept0, kept1 = w0, w1
    for at in range(_FACES):
        held = _count(w0, w1, at)
        if held > 0 and not _may_meld(w0, w1, jokers, at):
            kept0, kept1, spare = kept0 - held * _bit0(at), kept1 - held * _bit1(at), spare + held * _HAND_VALUE[at]
        else:
            worth += held * _HAND_VALUE[at]
    stamp = table[table.shape[0] - 1, 0]
    if need > 0:  # the best melds first: worth what is owed, they are the best opening (and their positions serve)
        _solve(frames, table, kept0, kept1, jokers, zero, worth, stamp)
    left, value, _ = _solve(frames, table, kept0, kept1, jokers, need, worth, stamp)
    count = 0
    w0, w1 = kept0, kept1
    while left < _NO:  # down the best branches, from the table (solved again where it was overwritten)
        w0, w1, gone = _shed(w0, w1, jokers)
        worth -= gone
        if w0 == 0 and w1 == 0:
            break
        _, _, branch = _solve(frames, table, w0, w1, jokers, need, worth, stamp)
        face = _lowest(w0, w1)
        if branch == 0:
            w0, w1, worth = w0 - _bit0(face), w1 - _bit1(face), worth - _HAND_VALUE[face]
            continue
        frames[0, W0], frames[0, W1], frames[0, JOKERS], frames[0, FACE] = w0, w1, jokers, face
        _begin(frames, 0)
        listed = 0
        while True:
            held = _fill(frames, zero)
            if branch <= listed + held:
                break
            listed += held
        row = _MELDS + (branch - listed - 1) * _FIELDS
        _write(frames, 0, branch - listed - 1, places, sizes, count)
        count += 1
        w0, w1 = w0 - frames[0, row + _T0], w1 - frames[0, row + _T1]
        jokers, worth = jokers - frames[0, row + _JOKERS], worth - frames[0, row + _WORTH]
        melded = frames[0, row + _VALUE]
        need = zero if opens(melded, need) else need - melded
    for at in range(count, places.shape[0]):
        sizes[at] = 0
        for place in range(places.shape[1]):
            places[at, place] = -1
    if left >= _NO:
        return -1, 0, 0
    return left + spare, value, count


@jit
def solve_hands(counts: Any, need: int, start: int, stop: int, work: Work, unrelated: bool, left: Any, table: Any,
                melds: Any, places: Any, sizes: Any) -> None:
    """`solve_hand` for rows ``start`` to ``stop`` of ``counts``, into the same rows of ``left``, ``table`` and
    ``melds`` (its three numbers) and of ``places`` and ``sizes``; with ``unrelated``, the table forgets before
    each hand (`forget`). The batch's driver (`concombre.games.romme.fast.melds.best_melds_batch`).

    Examples:
        >>> import numpy as np
        >>> from concombre.games.romme import cards_of
        >>> from concombre.games.romme.fast.melds import counts_of
        >>> counts = counts_of([cards_of("5H1 6H1 7H1 KC1"), cards_of("5H1 6H1 7H1 KC1 KD1 KS1")])
        >>> left, table, melds = np.zeros(2, np.int64), np.zeros(2, np.int64), np.zeros(2, np.int64)
        >>> places, sizes = np.zeros((2, 2, 13), np.int8), np.zeros((2, 2), np.int8)
        >>> solve_hands(counts, 0, 0, 2, new_work(), False, left, table, melds, places, sizes)
        >>> left.tolist(), table.tolist(), melds.tolist()
        ([10, 0], [18, 48], [1, 2])
    """
    for row in range(start, stop):
        if unrelated:
            forget(work)
        left[row], table[row], melds[row] = solve_hand(counts[row], need, work, places[row], sizes[row])
