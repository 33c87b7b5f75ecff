"""The learner's moves built in parts, compiled: which parts lead on from the parts built so far (the mask of
`concombre.games.romme.parts.next_parts`), and the action a finished sequence of parts makes.

The parts are `concombre.games.romme.parts`' 167: draws (0, 1), a card by sorting index (2-111), close (112),
meld (113), a target meld (114-149), a lay-off's end (150-152), an exchange's place (153-165) and discard (166).
Every legal action of the reference engine is one sequence, its cards the very cards ``legal_actions`` gives:
an opening's melds with the lowest copies first and the second copy where a face comes again, jokers lowest
first (`concombre.games.romme.options`); a lay-off's lowest copy; an exchange's card of either copy. A part is
offered when some legal action's sequence begins with the parts built and it; so every path through the offers
ends in a legal action, and every legal action is reachable. The parts built so far of each game are a row of
`BUILT_WIDTH` numbers (how many, then the parts).

Examples:
    >>> from concombre.games.romme.fast.batch import reset
    >>> from concombre.games.romme.fast.batch import legal_mask
    >>> legal_mask(reset([1], players=2))[0].nonzero()[0].tolist()   # a turn begins with a draw
    [0, 1]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from concombre.accel.compiled import jit_bare, jit_bare_inline
from concombre.games.romme.fast.kernel import (
    BASE,
    BUILT_WIDTH,
    CARD_OF,
    CARDS,
    COUNT_OF,
    DISCARD,
    DRAW,
    DRAW_DISCARD,
    DRAW_STOCK,
    DRAWN,
    EXCHANGE,
    FIRST_CARD,
    KIND,
    KIND_OF,
    LAY_OFF,
    MELD,
    MELD_OF,
    MELDS,
    MOST_PLACES,
    OPENED,
    PHASE,
    PILE_SIZE,
    PLACE_OF,
    PLAY,
    SIZE,
    SUIT,
    TO_PLAY,
    hand_size,
    holds,
    popcount,
)
from concombre.games.romme.fast.options import (
    FACES_AT,
    JOKER,
    LENGTH,
    ROOM,
    TOP,
    USED,
    VALUE,
    WORDS_FREE,
    can_open,
    count_vector,
    first_options,
    fits,
    hand_options,
    take,
)
from concombre.games.romme.fast.table import (
    OK,
    RUN,
    exchange_fit,
    face,
    face_rank,
    face_suit,
    opens,
    run_fits,
    set_fits,
)

__all__ = ["EXTRA", "MASK", "PARTS", "action_of", "bits_of", "part_mask"]

P_DRAW_STOCK, P_DRAW_DISCARD, P_CARD, P_CLOSE, P_MELD, P_TARGET, P_LAY_OFF, P_EXCHANGE, P_DISCARD = (
    0, 1, 2, 112, 113, 114, 150, 153, 166)
PARTS = 167
"""How many parts there are (`concombre.games.romme.parts.PARTS`).

Examples:
    >>> PARTS
    167
"""
# The builder's numbers in the workspace (`concombre.games.romme.fast.options.workspace`), after its options: the
# hand by face (counts, each face's lowest and second copy, the jokers lowest first: 53 numbers each), the hand
# of an exchange's new meld the same way, each face's uses so far, the search's stack, a meld's cards, the parts
# built. Its words: the hand's count vector, then the mask of the parts offered (three words, part p at bit p).
CARDS_AT = ROOM
REST_AT = CARDS_AT + 53
USES_AT = REST_AT + 53
STACK_AT = USES_AT + 53
MELD_AT = STACK_AT + 32
PARTS_AT = MELD_AT + 28
EXTRA = PARTS_AT + BUILT_WIDTH - ROOM
"""The numbers the builder needs beyond the options' `concombre.games.romme.fast.options.ROOM`: its
workspace is ``workspace(EXTRA)``.

Examples:
    >>> EXTRA
    252
"""
HELD = WORDS_FREE
MASK = WORDS_FREE + 8
"""Where the mask of the parts offered lies in the workspace's words: three words, part p at bit p.

Examples:
    >>> MASK
    4104
"""
HAND_AT = MASK + 3  # the hand's two words, then the words of an exchange's new meld's hand
REST_WORDS = HAND_AT + 2
_ONE = np.uint64(1)
_DE_BRUIJN = np.uint64(0x03F79D71B4CB0A89)
_LOWEST_BIT = np.zeros(64, dtype=np.int64)  # the index of each lowest bit, by its de Bruijn product's top six bits
_LOWEST_BIT[[((1 << index) * int(_DE_BRUIJN) & (2**64 - 1)) >> 58 for index in range(64)]] = np.arange(64)


@jit_bare_inline
def lowest_bit(mask: np.uint64) -> int:
    """The index of the lowest bit of a mask that holds one (de Bruijn)."""
    return int(_LOWEST_BIT[((mask & (~mask + _ONE)) * _DE_BRUIJN) >> np.uint64(58)])


@jit_bare_inline
def _mark(bits: np.ndarray, part: int) -> None:
    bits[MASK + (part >> 6)] |= _ONE << np.uint64(part & 63)


@jit_bare
def read_hand(words: np.ndarray, game: int, seat: int, room: np.ndarray, bits: np.ndarray) -> None:
    """``seat``'s hand by face into the workspace: its 53 face counts at `CARDS_AT`, its two words at `HAND_AT`
    (which name each face's copies and the jokers, for `copy_of`)."""
    for number in range(53):
        room[CARDS_AT + number] = 0
    for half in range(2):
        mask = words[game, 1 + 2 * seat + half]
        bits[HAND_AT + half] = mask
        while mask:
            room[CARDS_AT + face(64 * half + lowest_bit(mask))] += 1
            mask &= mask - _ONE


@jit_bare_inline
def copy_of(bits: np.ndarray, at: int, number: int, used: int) -> int:
    """The physical card the ``used``-th further use of a face takes from the hand whose two words are at ``at``
    (`_with_copies`): the lowest copy, then the second; the jokers lowest first; -1 when the hand holds no more."""
    if number == JOKER:
        jokers = bits[at + 1] >> np.uint64(40)
        for _ in range(used):
            jokers &= jokers - _ONE
        return 104 + lowest_bit(jokers) if jokers else -1
    first = 2 * number  # the two copies' sorting indexes, side by side in one word
    pair = (bits[at + (first >> 6)] >> np.uint64(first & 63)) & np.uint64(3)
    if used == 0:
        return first if pair & _ONE else (first + 1 if pair else -1)
    return first + 1 if used == 1 and pair == 3 else -1


@jit_bare
def lay_off_ends(small: np.ndarray, game: int, meld: int, number: int) -> int:
    """Where a card of face ``number`` may be laid off on ``meld`` (R9), as the reference's ``_fits`` finds it: a
    mask of ends, 1 a set's place, 2 a run's low end, 4 its high end; 0 nowhere."""
    size, kind, base = int(small[game, SIZE + meld]), int(small[game, KIND + meld]), int(small[game, BASE + meld])
    naturals = suits = 0
    faces = np.uint64(0)
    for position in range(size):
        held = face(int(small[game, CARDS + meld * MOST_PLACES + position]))
        if held != JOKER:
            naturals += 1
            suits |= 1 << face_suit(held)
            faces |= _ONE << np.uint64(held)
    jokers = size - naturals
    if kind != RUN:
        if number == JOKER:
            return 1 if set_fits(suits, naturals, jokers + 1) else 0
        if face_rank(number) != base or suits >> face_suit(number) & 1:
            return 0
        return 1 if set_fits(suits | 1 << face_suit(number), naturals + 1, jokers) else 0
    low, high = base, base + size - 1
    if number == JOKER:
        return (2 if run_fits(low - 1, naturals, jokers + 1) else 0) | (4 if run_fits(low, naturals, jokers + 1) else 0)
    if face_suit(number) != int(small[game, SUIT + meld]) or (faces >> np.uint64(number)) & _ONE:
        return 0  # another suit, or a face the run holds already (two copies never share a meld, R6)
    rank, ends = face_rank(number), 0
    if low > 1 and run_fits(low - 1, naturals + 1, jokers) and rank == (12 if low - 1 == 1 else low - 3):
        ends |= 2
    if high < 14 and run_fits(low, naturals + 1, jokers) and rank == (12 if high + 1 == 14 else high - 1):
        ends |= 4
    return ends


@jit_bare
def _rest(room: np.ndarray, bits: np.ndarray, card: int, joker: int) -> int:
    """The hand less ``card``, with the table's ``joker`` (an exchange's new meld is made of these, R10): its face
    counts at `REST_AT`, its words at `REST_WORDS`; how many of its jokers lie below ``joker``."""
    for number in range(53):
        room[REST_AT + number] = room[CARDS_AT + number]
    room[REST_AT + face(card)] -= 1
    room[REST_AT + JOKER] += 1
    bits[REST_WORDS], bits[REST_WORDS + 1] = bits[HAND_AT], bits[HAND_AT + 1]
    bits[REST_WORDS + (card >> 6)] &= ~(_ONE << np.uint64(card & 63))
    bits[REST_WORDS + 1] |= _ONE << np.uint64(joker - 64)
    below = bits[REST_WORDS + 1] & ((_ONE << np.uint64(joker - 64)) - _ONE) & ~((_ONE << np.uint64(40)) - _ONE)
    return popcount(below)


@jit_bare_inline
def _same(room: np.ndarray, option: int, first: int, length: int) -> bool:
    """Whether option ``option`` begins with the faces of the parts ``room[first:first + length]``."""
    for position in range(length):
        if room[FACES_AT + 13 * option + position] != face(int(room[first + position]) - P_CARD):
            return False
    return True


@jit_bare
def _meld_mask(room: np.ndarray, bits: np.ndarray, start: int, stop: int, single: bool, at: int, words: int,
               count: int, opening: int, below: int) -> None:
    """The parts that lead on from the melds being built, the parts ``room[start:stop]`` (cards and closes), into
    the mask: `concombre.games.romme.options`' groups for an opening (each further meld an option from the last
    one's on, the opening reached, R8), or one option (``single``: a player who has opened, or an exchange's new
    meld, which must take the table's joker: an option with more than ``below`` jokers). The hand's face counts
    are at ``room[at]``, its words at ``bits[words]``."""
    most = count_vector(room, at, bits, HELD)
    for number in range(53):
        room[USES_AT + number] = 0
    worth, last, first = 0, 0, start
    while True:
        end = first
        while end < stop and room[end] != P_CLOSE:
            end += 1
        length = end - first
        for position in range(first, end):  # the cards must be those the options take (see `copy_of`)
            card = int(room[position]) - P_CARD
            number = face(card)
            if card != copy_of(bits, words, number, int(room[USES_AT + number])):
                return
            room[USES_AT + number] += 1
        if end == stop:
            break
        if single or length == 0:
            return
        option = -1
        for candidate in range(last, count):
            if room[LENGTH + candidate] == length and fits(bits, HELD, candidate) and _same(room, candidate, first,
                                                                                          length):
                option = candidate
                break
        if option < 0:
            return
        take(bits, HELD, option, 1)
        most -= room[TOP + option]
        worth += room[VALUE + option]
        last, first = option, end + 1
    for option in range(last, count):
        size = room[LENGTH + option]
        if size < length or (below >= 0 and room[USED + option] <= below) or not _same(room, option, first, length):
            continue
        if not fits(bits, HELD, option):
            continue
        value = worth + room[VALUE + option]
        if size > length:
            if not single and not opens(value, opening):
                take(bits, HELD, option, 1)
                reachable = can_open(room, bits, HELD, most - room[TOP + option], count, option, opening - value,
                                     STACK_AT)
                take(bits, HELD, option, -1)
                if not reachable:
                    continue
            number = room[FACES_AT + 13 * option + length]
            card = copy_of(bits, words, number, int(room[USES_AT + number]))
            if card >= 0:
                _mark(bits, P_CARD + card)
            continue
        if single or opens(value, opening):
            _mark(bits, P_MELD)
        if not single:
            take(bits, HELD, option, 1)
            if can_open(room, bits, HELD, most - room[TOP + option], count, option, opening - value, STACK_AT):
                _mark(bits, P_CLOSE)
            take(bits, HELD, option, -1)


@jit_bare
def _exchanges(small: np.ndarray, game: int, room: np.ndarray, bits: np.ndarray, card: int, meld: int,
               place: int) -> bool:
    """Whether ``card`` may take the joker's place ``place`` of ``meld`` with some new meld for the joker (R10)."""
    size = int(small[game, SIZE + meld])
    cards = room[MELD_AT:MELD_AT + MOST_PLACES]
    for position in range(size):
        cards[position] = small[game, CARDS + meld * MOST_PLACES + position]
    if exchange_fit(cards, size, int(small[game, KIND + meld]), int(small[game, BASE + meld]),
                    int(small[game, SUIT + meld]), place, card) != OK:
        return False
    below = _rest(room, bits, card, int(cards[place]))
    count = hand_options(room, REST_AT, bits)
    for option in range(count):  # noqa: SIM110 (a loop: Numba compiles no generator into any())
        if room[USED + option] > below:
            return True
    return False


@jit_bare
def _joker_places(small: np.ndarray, game: int, meld: int) -> int:
    """The places of ``meld`` that hold a joker, as a mask."""
    places = 0
    for place in range(small[game, SIZE + meld]):
        if face(int(small[game, CARDS + meld * MOST_PLACES + place])) == JOKER:
            places |= 1 << place
    return places


@jit_bare
def _card_mask(small: np.ndarray, words: np.ndarray, game: int, room: np.ndarray, bits: np.ndarray, rules: Any,
               card: int) -> None:
    """The parts after one card (``room[PARTS_AT + 1]``): its discard, its targets, the next card of a meld it
    begins."""
    seat = int(small[game, TO_PLAY])
    if card != small[game, DRAWN] or hand_size(words, game, seat) <= 1 or rules[2]:  # R7a
        _mark(bits, P_DISCARD)
    opened = small[game, OPENED + seat] != 0
    number = face(card)
    if opened:
        lowest = copy_of(bits, HAND_AT, number, 0)
        for meld in range(small[game, MELDS]):
            if lowest == card and lay_off_ends(small, game, meld, number):
                _mark(bits, P_TARGET + meld)
                continue
            places = _joker_places(small, game, meld) if number != JOKER else 0
            while places:
                place = lowest_bit(np.uint64(places))
                places &= places - 1
                if _exchanges(small, game, room, bits, card, meld, place):
                    _mark(bits, P_TARGET + meld)
                    break
    if card == copy_of(bits, HAND_AT, number, 0) and _may_begin(room, number):
        count = _options_from(room, bits, opened, number)
        _meld_mask(room, bits, PARTS_AT + 1, PARTS_AT + 2, opened, CARDS_AT, HAND_AT, count, rules[1], -1)


@jit_bare_inline
def _options_from(room: np.ndarray, bits: np.ndarray, single: bool, number: int) -> int:
    """The hand's melds a move may begin with the face ``number``: for one meld (a player who has opened) only
    those that begin with it; for an opening all, since the groups are asked of them all."""
    if single and number != JOKER:
        return first_options(room, CARDS_AT, bits, number)
    return hand_options(room, CARDS_AT, bits)


@jit_bare_inline
def _may_begin(room: np.ndarray, number: int) -> bool:
    """Whether some meld of the hand might begin with a card of face ``number`` (a quick test that spares the
    listing of the hand's melds for most cards, and never fails a card that begins one): a set lists its natural
    cards by suit, so the others must be of higher suits, two of them (one beside a joker); a run begun by a
    natural card starts on it (an ace only low) and needs another natural card within one place more than it
    has jokers (R5, R6)."""
    if number == JOKER:
        return True
    jokers, rank, suit = room[CARDS_AT + JOKER], face_rank(number), face_suit(number)
    higher = 0
    for other in range(suit + 1, 4):
        higher += room[CARDS_AT + 4 * rank + other] > 0
    if higher >= (1 if jokers else 2):
        return True
    start = 1 if rank == 12 else rank + 2
    for step in range(1, jokers + 2):
        following = start + step
        if following > (13 if start == 1 else 14):
            break
        if room[CARDS_AT + 4 * (12 if following == 14 else following - 2) + suit] > 0:
            return True
    return False


@jit_bare
def part_mask(small: np.ndarray, words: np.ndarray, built: np.ndarray, game: int, rules: Any, room: np.ndarray,
              bits: np.ndarray) -> None:
    """The parts the game's player to act may take after its parts built so far (``built[game]``), into the mask
    (``bits[MASK:MASK + 3]``, part p at bit p): `concombre.games.romme.parts.next_parts`, compiled. ``room``
    and ``bits``: the workspace, ``workspace(EXTRA)``.

    Examples:
        >>> from concombre.games.romme.fast.batch import reset
        >>> from concombre.games.romme.fast.options import workspace
        >>> small, words, _, _, built = reset([3], players=2).storage
        >>> room, bits = workspace(EXTRA)
        >>> part_mask(small, words, built, 0, (4, 40, False, 2, False), room, bits)
        >>> int(bits[MASK])                                       # draw from the stock or the discard pile
        3
    """
    bits[MASK] = bits[MASK + 1] = bits[MASK + 2] = np.uint64(0)
    phase, length = small[game, PHASE], int(built[game, 0])
    if phase == DRAW:
        if length == 0:
            bits[MASK] = np.uint64(1 | (2 if small[game, PILE_SIZE] > 0 else 0))
        return
    if phase != PLAY:
        return
    seat = int(small[game, TO_PLAY])
    low, high = words[game, 1 + 2 * seat], words[game, 2 + 2 * seat]
    if length == 0:  # every card held begins its discard (R7), but the one R7a withholds
        drawn, starts = int(small[game, DRAWN]), _ONE
        withheld = drawn >= 0 and holds(words, game, seat, drawn) and popcount(low) + popcount(high) > 1
        if withheld and not rules[2]:
            read_hand(words, game, seat, room, bits)
            room[PARTS_AT], room[PARTS_AT + 1] = 1, P_CARD + drawn
            _card_mask(small, words, game, room, bits, rules, drawn)
            starts = bits[MASK] | bits[MASK + 1] | bits[MASK + 2]
        bits[MASK] = low << np.uint64(P_CARD)
        bits[MASK + 1] = (low >> np.uint64(64 - P_CARD)) | (high << np.uint64(P_CARD))
        bits[MASK + 2] = high >> np.uint64(64 - P_CARD)
        if withheld and not rules[2] and not starts:
            part = P_CARD + drawn
            bits[MASK + (part >> 6)] &= ~(_ONE << np.uint64(part & 63))
        return
    for position in range(length + 1):
        room[PARTS_AT + position] = built[game, position]
    read_hand(words, game, seat, room, bits)
    card = int(room[PARTS_AT + 1]) - P_CARD
    if length == 1:
        _card_mask(small, words, game, room, bits, rules, card)
        return
    second = int(room[PARTS_AT + 2])
    if P_TARGET <= second < P_LAY_OFF:
        meld = second - P_TARGET
        if length == 2:
            number = face(card)
            if copy_of(bits, HAND_AT, number, 0) == card:
                ends = lay_off_ends(small, game, meld, number)
                for end in range(3):
                    if ends >> end & 1:
                        _mark(bits, P_LAY_OFF + end)
            places = _joker_places(small, game, meld) if number != JOKER else 0
            while places:
                place = lowest_bit(np.uint64(places))
                places &= places - 1
                if _exchanges(small, game, room, bits, card, meld, place):
                    _mark(bits, P_EXCHANGE + place)
            return
        place = int(room[PARTS_AT + 3]) - P_EXCHANGE
        below = _rest(room, bits, card, int(small[game, CARDS + meld * MOST_PLACES + place]))
        count = hand_options(room, REST_AT, bits)
        _meld_mask(room, bits, PARTS_AT + 4, PARTS_AT + length + 1, True, REST_AT, REST_WORDS, count, 0, below)
        return
    opened = small[game, OPENED + seat] != 0
    count = _options_from(room, bits, opened, face(card) if room[PARTS_AT + 1] != P_CLOSE else JOKER)
    _meld_mask(room, bits, PARTS_AT + 1, PARTS_AT + length + 1, opened, CARDS_AT, HAND_AT, count, rules[1], -1)


@jit_bare_inline
def bits_of(bits: np.ndarray, part: int) -> bool:
    """Whether the mask (``bits[MASK:MASK + 3]``) offers ``part``.

    Examples:
        >>> import numpy as np
        >>> bits = np.zeros(MASK + 3, dtype=np.uint64)
        >>> bits[MASK + 2] = 1 << (166 - 128)                  # the discard part
        >>> bits_of(bits, 166), bits_of(bits, 0)
        (True, False)
    """
    return bool((bits[MASK + (part >> 6)] >> np.uint64(part & 63)) & _ONE)


@jit_bare_inline
def action_of(built: np.ndarray, game: int, part: int, action: np.ndarray) -> bool:
    """The action (a kernel row, `concombre.games.romme.fast.kernel.ACTION_WIDTH`) that ``part`` completes after
    the game's parts built (``built[game]``), into ``action``; False when it completes none (it is built on).

    Examples:
        >>> import numpy as np
        >>> built, action = np.zeros((1, 33), dtype=np.int16), np.zeros(32, dtype=np.int64)
        >>> built[0, :2] = 1, P_CARD + 84                       # QH1 chosen
        >>> action_of(built, 0, P_DISCARD, action), action[:2].tolist()   # discarded: the action's kind and card
        (True, [5, 84])
        >>> action_of(built, 0, P_CARD + 86, action)          # another card: built on
        False
    """
    length = int(built[game, 0])
    if length == 0 and part in (P_DRAW_STOCK, P_DRAW_DISCARD):
        action[KIND_OF] = DRAW_STOCK if part == P_DRAW_STOCK else DRAW_DISCARD
        action[COUNT_OF] = 0
        return True
    if part == P_DISCARD:
        action[KIND_OF], action[CARD_OF], action[COUNT_OF] = DISCARD, int(built[game, 1]) - P_CARD, 0
        return True
    if P_LAY_OFF <= part < P_EXCHANGE:
        action[KIND_OF], action[CARD_OF] = LAY_OFF, int(built[game, 1]) - P_CARD
        action[MELD_OF], action[PLACE_OF] = int(built[game, 2]) - P_TARGET, part - P_LAY_OFF
        action[COUNT_OF] = 0
        return True
    if part != P_MELD:
        return False
    if length > 3 and P_TARGET <= built[game, 2] < P_LAY_OFF:
        action[KIND_OF], action[CARD_OF] = EXCHANGE, int(built[game, 1]) - P_CARD
        action[MELD_OF], action[PLACE_OF] = int(built[game, 2]) - P_TARGET, int(built[game, 3]) - P_EXCHANGE
        for position in range(4, length + 1):
            action[FIRST_CARD + position - 4] = int(built[game, position]) - P_CARD
        action[COUNT_OF] = length - 3
        return True
    action[KIND_OF] = MELD
    for position in range(1, length + 1):
        part_built = int(built[game, position])
        action[FIRST_CARD + position - 1] = -1 if part_built == P_CLOSE else part_built - P_CARD
    action[COUNT_OF] = length
    return True
