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

from concombre.accel.compiled import jit
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
)
from concombre.games.romme.fast.options import JOKER, can_open, count_vector, fits, hand_options, take
from concombre.games.romme.fast.table import OK, RUN, exchange_fit, face, face_rank, face_suit, run_fits, set_fits

__all__ = ["BUILT_WIDTH", "PARTS", "action_of", "part_mask"]

P_DRAW_STOCK, P_DRAW_DISCARD, P_CARD, P_CLOSE, P_MELD, P_TARGET, P_LAY_OFF, P_EXCHANGE, P_DISCARD = (
    0, 1, 2, 112, 113, 114, 150, 153, 166)
PARTS = 167
"""How many parts there are (`concombre.games.romme.parts.PARTS`).

Examples:
    >>> PARTS
    167
"""
COUNTS, LOWEST, SECOND, JOKERS = range(4)  # a hand by face: counts, lowest copy, second copy; its jokers, lowest first


@jit
def read_hand(words: np.ndarray, game: int, seat: int, cards: np.ndarray) -> None:
    """``seat``'s hand by face into ``cards`` (4 x 53): counts, each face's lowest and second copy (-1 for none),
    and the jokers lowest first."""
    cards[:, :] = -1
    cards[COUNTS, :] = 0
    jokers = 0
    for half in range(2):
        mask = words[game, 1 + 2 * seat + half]
        card = 64 * half
        while mask:
            if mask & np.uint64(1):
                number = face(card)
                if number == JOKER:
                    cards[JOKERS, jokers] = card
                    jokers += 1
                elif cards[LOWEST, number] < 0:
                    cards[LOWEST, number] = card
                else:
                    cards[SECOND, number] = card
                cards[COUNTS, number] += 1
            mask >>= np.uint64(1)
            card += 1


@jit
def copy_of(cards: np.ndarray, number: int, used: int) -> int:
    """The physical card the ``used``-th further use of a face takes (`_with_copies`): the lowest copy, then the
    second; the jokers lowest first; -1 when the hand holds no more."""
    if number == JOKER:
        return int(cards[JOKERS, used]) if used < 6 else -1
    if used == 0:
        return int(cards[LOWEST, number])
    return int(cards[SECOND, number]) if used == 1 else -1


@jit
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
            faces |= np.uint64(1) << np.uint64(held)
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
    if face_suit(number) != int(small[game, SUIT + meld]) or (faces >> np.uint64(number)) & np.uint64(1):
        return 0  # another suit, or a face the run holds already (two copies never share a meld, R6)
    rank, ends = face_rank(number), 0
    if low > 1 and run_fits(low - 1, naturals + 1, jokers) and rank == (12 if low - 1 == 1 else low - 3):
        ends |= 2
    if high < 14 and run_fits(low, naturals + 1, jokers) and rank == (12 if high + 1 == 14 else high - 1):
        ends |= 4
    return ends


@jit
def _rest(cards: np.ndarray, card: int, joker: int, rest: np.ndarray) -> int:
    """The hand less ``card``, with the table's ``joker`` (an exchange's new meld is made of these, R10), into
    ``rest``; how many of its jokers lie below ``joker``."""
    rest[:, :] = cards
    number = face(card)
    rest[COUNTS, number] -= 1
    if rest[LOWEST, number] == card:
        rest[LOWEST, number] = rest[SECOND, number]
    rest[SECOND, number] = -1
    below = 0
    while below < rest[COUNTS, JOKER] and rest[JOKERS, below] < joker:
        below += 1
    for position in range(rest[COUNTS, JOKER], below, -1):
        rest[JOKERS, position] = rest[JOKERS, position - 1]
    rest[JOKERS, below] = joker
    rest[COUNTS, JOKER] += 1
    return below


@jit
def _meld_mask(built: np.ndarray, start: int, stop: int, single: bool, cards: np.ndarray, space: Any, count: int,
               opening: int, below: int, mask: np.ndarray, work: Any) -> bool:
    """The parts that lead on from the melds being built, ``built[start:stop]`` (cards and closes), into
    ``mask``: `concombre.games.romme.options`' groups for an opening (each further meld an option from the last
    one's on, the opening reached, R8), or one option (``single``: a player who has opened, or an exchange's new
    meld, which must take the table's joker: an option with more than ``below`` jokers). False when the parts
    built are no beginning of any."""
    held, stack, used = work[0], work[1], work[2]
    most = count_vector(cards[COUNTS], held)
    used[:] = 0
    worth, last, first = 0, 0, start
    while True:
        end = first
        while end < stop and built[end] != P_CLOSE:
            end += 1
        length = end - first
        for position in range(first, end):  # the cards must be those the options take (see `copy_of`)
            number = face(int(built[position]) - P_CARD)
            if int(built[position]) - P_CARD != copy_of(cards, number, used[number]):
                return False
            used[number] += 1
        if end == stop:
            break
        if single or length == 0:
            return False
        option = -1
        for candidate in range(last, count):
            if space[1][candidate] == length and fits(held, space, candidate):
                same = True
                for position in range(length):
                    if space[0][candidate, position] != face(int(built[first + position]) - P_CARD):
                        same = False
                        break
                if same:
                    option = candidate
                    break
        if option < 0:
            return False
        take(held, space, option, 1)
        most -= space[4][option]
        worth += space[2][option]
        last, first = option, end + 1
    any_found = False
    for option in range(last, count):
        size = space[1][option]
        if size < length or (below >= 0 and space[3][option] <= below) or not fits(held, space, option):
            continue
        same = True
        for position in range(length):
            if space[0][option, position] != face(int(built[first + position]) - P_CARD):
                same = False
                break
        if not same:
            continue
        value = worth + space[2][option]
        if size > length:
            if not single and value < opening:
                take(held, space, option, 1)
                reachable = can_open(held, most - space[4][option], space, count, option, opening - value, stack)
                take(held, space, option, -1)
                if not reachable:
                    continue
            number = space[0][option, length]
            card = copy_of(cards, number, used[number])
            if card >= 0:
                mask[P_CARD + card] = True
                any_found = True
            continue
        if single or value >= opening:
            mask[P_MELD] = True
            any_found = True
        if not single:
            take(held, space, option, 1)
            if can_open(held, most - space[4][option], space, count, option, opening - value, stack):
                mask[P_CLOSE] = True
                any_found = True
            take(held, space, option, -1)
    return any_found or length == 0


@jit
def _exchanges(small: np.ndarray, game: int, cards: np.ndarray, card: int, meld: int, place: int, space: Any,
               rest: np.ndarray, mask: np.ndarray, work: Any, scratch: np.ndarray) -> bool:
    """Whether ``card`` may take the joker's place ``place`` of ``meld`` with some new meld for the joker (R10)."""
    size = int(small[game, SIZE + meld])
    for position in range(size):
        scratch[position] = small[game, CARDS + meld * MOST_PLACES + position]
    if exchange_fit(scratch, size, int(small[game, KIND + meld]), int(small[game, BASE + meld]),
                    int(small[game, SUIT + meld]), place, card) != OK:
        return False
    joker = int(scratch[place])
    below = _rest(cards, card, joker, rest)
    count = hand_options(rest[COUNTS], space)
    for option in range(count):  # noqa: SIM110 (a loop: Numba compiles no generator into any())
        if space[3][option] > below:
            return True
    return False


@jit
def _card_mask(small: np.ndarray, words: np.ndarray, game: int, built: np.ndarray, rules: Any, cards: np.ndarray,
               space: Any, rest: np.ndarray, mask: np.ndarray, work: Any, scratch: np.ndarray) -> None:
    """The parts after one card ``built[1]``: its discard, its targets, the next card of a meld it begins."""
    seat, card = int(small[game, TO_PLAY]), int(built[1]) - P_CARD
    held = hand_size(words, game, seat)
    if card != small[game, DRAWN] or held <= 1 or rules[2]:  # R7a
        mask[P_DISCARD] = True
    opened = small[game, OPENED + seat] != 0
    if opened:
        number = face(card)
        lowest = cards[JOKERS, 0] if number == JOKER else cards[LOWEST, number]
        for meld in range(small[game, MELDS]):
            if lowest == card and lay_off_ends(small, game, meld, number):
                mask[P_TARGET + meld] = True
                continue
            for place in range(small[game, SIZE + meld]):
                if face(int(small[game, CARDS + meld * MOST_PLACES + place])) == JOKER and _exchanges(
                        small, game, cards, card, meld, place, space, rest, mask, work, scratch):
                    mask[P_TARGET + meld] = True
                    break
    count = hand_options(cards[COUNTS], space)
    _meld_mask(built, 1, 2, opened, cards, space, count, rules[1], -1, mask, work)


@jit
def part_mask(small: np.ndarray, words: np.ndarray, game: int, built: np.ndarray, rules: Any, mask: np.ndarray,
              cards: np.ndarray, space: Any, rest: np.ndarray, work: Any, scratch: np.ndarray) -> None:
    """The parts the game's player to act may take after the parts ``built`` (a row of `BUILT_WIDTH`), into
    ``mask`` (`PARTS` bools, cleared first): `concombre.games.romme.parts.next_parts`, compiled."""
    mask[:] = False
    phase, length = small[game, PHASE], int(built[0])
    if phase == DRAW:
        if length == 0:
            mask[P_DRAW_STOCK] = True
            mask[P_DRAW_DISCARD] = small[game, PILE_SIZE] > 0
        return
    if phase != PLAY:
        return
    seat = int(small[game, TO_PLAY])
    read_hand(words, game, seat, cards)
    if length == 0:
        drawn, withheld, starts = int(small[game, DRAWN]), -1, False
        if drawn >= 0 and holds(words, game, seat, drawn) and hand_size(words, game, seat) > 1 and not rules[2]:
            withheld = drawn  # R7a: it begins no discard; does it begin another move?
            probe = work[3]
            probe[0], probe[1] = 1, P_CARD + drawn
            _card_mask(small, words, game, probe, rules, cards, space, rest, mask, work, scratch)
            starts = bool(mask.any())
            mask[:] = False
        for half in range(2):
            hand = words[game, 1 + 2 * seat + half]
            card = 64 * half
            while hand:
                if hand & np.uint64(1):
                    mask[P_CARD + card] = card != withheld or starts
                hand >>= np.uint64(1)
                card += 1
        return
    if length == 1:
        _card_mask(small, words, game, built, rules, cards, space, rest, mask, work, scratch)
        return
    second = int(built[2])
    if P_TARGET <= second < P_LAY_OFF:
        card, meld = int(built[1]) - P_CARD, second - P_TARGET
        if length == 2:
            number = face(card)
            lowest = cards[JOKERS, 0] if number == JOKER else cards[LOWEST, number]
            if lowest == card:
                ends = lay_off_ends(small, game, meld, number)
                for end in range(3):
                    mask[P_LAY_OFF + end] = (ends >> end & 1) != 0
            for place in range(small[game, SIZE + meld]):
                if face(int(small[game, CARDS + meld * MOST_PLACES + place])) == JOKER and _exchanges(
                        small, game, cards, card, meld, place, space, rest, mask, work, scratch):
                    mask[P_EXCHANGE + place] = True
            return
        place = int(built[3]) - P_EXCHANGE
        joker = int(small[game, CARDS + meld * MOST_PLACES + place])
        below = _rest(cards, card, joker, rest)
        count = hand_options(rest[COUNTS], space)
        _meld_mask(built, 4, length + 1, True, rest, space, count, 0, below, mask, work)
        return
    count = hand_options(cards[COUNTS], space)
    _meld_mask(built, 1, length + 1, small[game, OPENED + seat] != 0, cards, space, count, rules[1], -1, mask, work)


@jit
def action_of(built: np.ndarray, part: int, action: np.ndarray) -> bool:
    """The action (a kernel row, `concombre.games.romme.fast.kernel.ACTION_WIDTH`) that ``part`` completes after
    the parts ``built``, into ``action``; False when it completes none (the part is then built on)."""
    length = int(built[0])
    action[:] = -1
    action[COUNT_OF] = 0
    if length == 0 and part in (P_DRAW_STOCK, P_DRAW_DISCARD):
        action[KIND_OF] = DRAW_STOCK if part == P_DRAW_STOCK else DRAW_DISCARD
        return True
    if part == P_DISCARD:
        action[KIND_OF], action[CARD_OF] = DISCARD, int(built[1]) - P_CARD
        return True
    if P_LAY_OFF <= part < P_EXCHANGE:
        action[KIND_OF], action[CARD_OF], action[MELD_OF] = LAY_OFF, int(built[1]) - P_CARD, int(built[2]) - P_TARGET
        action[PLACE_OF] = part - P_LAY_OFF
        return True
    if part != P_MELD:
        return False
    if length > 3 and P_TARGET <= built[2] < P_LAY_OFF:
        action[KIND_OF], action[CARD_OF], action[MELD_OF] = EXCHANGE, int(built[1]) - P_CARD, int(built[2]) - P_TARGET
        action[PLACE_OF] = int(built[3]) - P_EXCHANGE
        for position in range(4, length + 1):
            action[FIRST_CARD + position - 4] = int(built[position]) - P_CARD
        action[COUNT_OF] = length - 3
        return True
    action[KIND_OF] = MELD
    for position in range(1, length + 1):
        action[FIRST_CARD + position - 1] = -1 if built[position] == P_CLOSE else int(built[position]) - P_CARD
    action[COUNT_OF] = length
    return True

