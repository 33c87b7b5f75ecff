"""The solver bot compiled: the very choices of Rommé's `SolverBot` for every game of a batch, in its kernel.

`concombre.games.romme.bots.SolverBot` plays by the meld solver: it takes the discard pile's top card when the
solver says that leaves less in its hand; it puts down the solver's melds once they open (R8), or at once after
its opening; then it exchanges a joker when the new meld leaves less in the hand (R10), lays off the first card
that fits (the most valuable first, R9) and discards the most valuable card the solver leaves out of its melds
(R7a's card withheld). `solver_row` makes each of those choices from a game's row of the batch
(`concombre.games.romme.fast.kernel`), tie for tie: the meld solver is `concombre.games.romme.fast.meld_kernel`'s
`solve_hand` (the scalar solver's own choices), a hand's meld options come in the reference's order
(`concombre.games.romme.fast.options.hand_options`), and lay-offs and exchanges are judged by the batch's own
`lay_off_fit` and `exchange_fit`. The action is a kernel row (`concombre.games.romme.fast.kernel.ACTION_WIDTH`)
that the kernel's `act` takes as it is, so a game of solver bots is the same game in both tiers.

`solver_part` gives the same move as the learner's parts (`concombre.games.romme.parts`), one a step: an
opening's melds in the order the parts list them and, once opened, one meld a step (the parts offer single melds
then). `run_solvers` plays whole games of solver bots (or until a seat must act) in one compiled loop.

Examples:
    >>> from concombre.games.romme.fast.batch import reset
    >>> from concombre.games.romme.fast.solver import solver_rows
    >>> solver_rows(reset([3], players=2))[0, 0] in (0, 1)        # a turn begins with a draw
    True
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from concombre.core.extras import needs

with needs("fast", "concombre's compiled Rommé"):
    import numpy as np
    import numpy.typing as npt

from concombre.accel.compiled import jit, jit_bare, jit_bare_inline, jit_inline
from concombre.core.errors import InvalidArgumentError
from concombre.games.romme import parts as vocabulary
from concombre.games.romme import rules as homes
from concombre.games.romme.fast.builder import lowest_bit
from concombre.games.romme.fast.deals import MOST_CARDS, WORK
from concombre.games.romme.fast.kernel import (
    ACTION_WIDTH,
    BASE,
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
    GAME_OVER,
    HANDS,
    KIND,
    KIND_OF,
    LAY_OFF,
    MELD,
    MELD_OF,
    MELDS,
    MOST_MELDS,
    MOST_PLACES,
    OPENED,
    PHASE,
    PILE,
    PILE_SIZE,
    PLACE_OF,
    SIZE,
    SUIT,
    TO_PLAY,
    act,
)
from concombre.games.romme.fast.meld_kernel import forget, most_melds, new_work, solve_hand
from concombre.games.romme.fast.options import FACES_AT, LENGTH, ROOM, USED, WORDS, WORDS_FREE, hand_options
from concombre.games.romme.fast.table import (
    HAND_VALUES,
    OK,
    RUN,
    exchange_fit,
    face,
    face_rank,
    face_suit,
    lay_off_fit,
    opens,
    place_rank,
    run_fits,
    run_number,
    set_fits,
)
from concombre.games.romme.rules import Rules

natural_face: Callable[..., int] = jit_inline(homes.natural_face)  # a rank and a suit's face (the rule home's)

__all__ = ["MOST_HELD", "rules_record", "run_solvers", "solver_choices", "solver_move", "solver_part", "solver_parts",
           "solver_room", "solver_row", "solver_rows", "thread_room"]

JOKER = homes.JOKER_FACE
MOST_HELD = 14
"""The most cards a hand holds while its player decides: 13 dealt and one drawn (R4, R7).

Examples:
    >>> MOST_HELD
    14
"""
_FOUND = most_melds(MOST_HELD)  # the most melds the solver finds in a hand
# The solver's own numbers (`solver_room`'s sixth array): each face's uses by the melds found (53), a grown meld's
# cards (`lay_off_fit`: 14), the option number of each of an opening's melds and their order (8 each), the parts
# of the move as the learner builds it (40), the game `solver_move` last asked about (its number and its rows),
# the hand's cards in the order the lay-offs are tried (16),
# and for each seat (and the hand being decided) what the solver found for a hand (`_keep`: its melds' places in
# `solver_room`'s last two arrays).
USES, GROWN, NUMBERS, ORDER, PARTS_OF, LAST_GAME, ORDER_OF, MEMO = 0, 64, 80, 88, 96, 136, 138, 154
CURRENT = homes.MAX_PLAYERS  # the slot of the hand being decided (the seats' are 0-5)
_KEPT = 6  # a slot's numbers: the hand's two words, its value left, melds found, their value, the opening it misses
_NUMBERS = MEMO + _KEPT * (CURRENT + 1)
_UNKNOWN = 1 << 30  # no opening known out of reach
TAKERS = WORDS_FREE  # in the options' words (`solver_room`'s), by natural face: the melds it may be laid off on
_ENDS = np.array([1, 2], dtype=np.int64)  # a run's ends for a lay-off, low then high, as the scalar bot tries them


def solver_room() -> tuple[Any, ...]:
    """The room the solver bot decides in, one a thread: the hand's cards, its face counts, the melds the solver
    finds (places and sizes), the solver's workspace (`concombre.games.romme.fast.meld_kernel.new_work`), the bot's
    numbers, a hand's meld options (`concombre.games.romme.fast.options.workspace`), the table's melds, and the melds
    found for each seat's hand (places and sizes), kept between its moves.

    Examples:
        >>> [array.dtype.name for array in solver_room()[:3]]
        ['int64', 'int8', 'int8']
    """
    frames, table = new_work(MOST_HELD)
    numbers = np.zeros(_NUMBERS, dtype=np.int64)
    numbers[MEMO + 2:_NUMBERS:_KEPT] = -1  # no slot keeps anything yet
    return (np.zeros(MOST_HELD + 2, dtype=np.int64), np.zeros(JOKER + 1, dtype=np.int8),
            np.zeros((_FOUND, MOST_PLACES), dtype=np.int8), np.zeros(_FOUND, dtype=np.int8), frames, table,
            numbers, np.zeros(ROOM, dtype=np.int64), np.zeros(WORDS, dtype=np.uint64),
            np.zeros((MOST_MELDS, MOST_PLACES), dtype=np.int64),
            np.zeros((CURRENT + 1, _FOUND, MOST_PLACES), dtype=np.int8), np.zeros((CURRENT + 1, _FOUND), dtype=np.int8))


# -- the hand and the solver -----------------------------------------------------------------------------------

@jit_bare
def _held(words: np.ndarray, game: int, seat: int, hand: np.ndarray) -> int:
    """The cards ``seat`` holds into ``hand``, lowest sorting index first; how many."""
    held = 0
    for half in range(2):
        mask = words[game, HANDS + 2 * seat + half]
        while mask:
            hand[held] = 64 * half + lowest_bit(mask)
            held += 1
            mask &= mask - np.uint64(1)
    return held


@jit_bare
def _count(hand: np.ndarray, held: int, skip: int, extra: int, counts: np.ndarray) -> None:
    """The face counts of the hand's cards but ``hand[skip]``, and ``extra`` (a card, or -1), into ``counts``."""
    for number in range(JOKER + 1):
        counts[number] = 0
    for position in range(held):
        if position != skip:
            counts[face(hand[position])] += 1
    if extra >= 0:
        counts[face(extra)] += 1


@jit_bare
def _uses(places: np.ndarray, sizes: np.ndarray, found: int, numbers: np.ndarray) -> None:
    """How many places of the melds found take each face, into ``numbers[USES:USES + 53]``."""
    for number in range(JOKER + 1):
        numbers[USES + number] = 0
    for meld in range(found):
        for position in range(sizes[meld]):
            numbers[USES + places[meld, position]] += 1


@jit_bare_inline
def _copy_number(hand: np.ndarray, held: int, card: int) -> int:
    """How many cards of ``card``'s face the hand holds below it: the solver places the lowest copies first."""
    number, below = face(card), 0
    for position in range(held):
        if hand[position] < card and face(hand[position]) == number:
            below += 1
    return below


@jit_bare_inline
def _copy(hand: np.ndarray, held: int, number: int, which: int, skip: int) -> int:
    """The hand's ``which``-th card (from 0, lowest first) of face ``number``, ``hand[skip]`` passed over."""
    for position in range(held):
        if position != skip and face(hand[position]) == number:
            if which == 0:
                return int(hand[position])
            which -= 1
    return -1


@jit_bare_inline
def _clear(row: np.ndarray) -> None:
    for position in range(ACTION_WIDTH):
        row[position] = -1
    row[COUNT_OF] = 0


# -- what the solver found for a hand, kept between moves ------------------------------------------------------

@jit_bare
def _keep(room: Any, slot: int, low: np.uint64, high: np.uint64, left: int, found: int, value: int, absent: int,
          source: int) -> None:
    """What the solver finds for the hand of two words ``low`` and ``high`` (its value left, its ``found`` melds
    worth ``value`` on the table, the least opening it is known not to reach: ``absent``), kept in ``slot`` (a
    seat's, or `CURRENT`); the melds' places are the room's (``source`` -1) or another slot's."""
    places, sizes, numbers, kept_places, kept_sizes = room[2], room[3], room[6], room[10], room[11]
    at = MEMO + _KEPT * slot
    numbers[at], numbers[at + 1] = np.int64(low), np.int64(high)
    numbers[at + 2], numbers[at + 3], numbers[at + 4], numbers[at + 5] = left, found, value, absent
    for meld in range(found):
        size = int(sizes[meld]) if source < 0 else int(kept_sizes[source, meld])
        kept_sizes[slot, meld] = size
        for position in range(size):
            kept_places[slot, meld, position] = places[meld, position] if source < 0 else kept_places[
                source, meld, position]


@jit_bare
def _keep_after(words: np.ndarray, game: int, seat: int, row: np.ndarray, joker: int, room: Any, left: int,
                found: int, value: int, source: int) -> None:
    """What the solver finds for ``seat``'s hand once the move ``row`` is made (its card and cards gone from the
    hand, but ``joker``, which comes from the table), kept for the seat: the hand is known by its cards, so what
    is kept is never read for another hand (`_keep`; with no meld, no opening is reached)."""
    low, high = words[game, HANDS + 2 * seat], words[game, HANDS + 2 * seat + 1]
    for position in range(FIRST_CARD - 1, FIRST_CARD + int(row[COUNT_OF])):
        card = int(row[CARD_OF if position < FIRST_CARD else position])
        if card < 0 or card == joker:
            continue
        if card < 64:
            low &= ~(np.uint64(1) << np.uint64(card))
        else:
            high &= ~(np.uint64(1) << np.uint64(card - 64))
    absent = 1 if found == 0 else int(room[6][MEMO + _KEPT * CURRENT + 5]) if source == CURRENT else _UNKNOWN
    _keep(room, seat, low, high, left, found, value, absent, source)


@jit_bare
def _recall(words: np.ndarray, game: int, seat: int, numbers: np.ndarray) -> tuple[bool, int]:
    """Whether the seat's slot keeps what the solver found for its hand, and -1; or for its hand but one card
    (drawn since), True and that card; (False, -1) if neither."""
    at = MEMO + _KEPT * seat
    low, high = np.uint64(numbers[at]), np.uint64(numbers[at + 1])
    now_low, now_high = words[game, HANDS + 2 * seat], words[game, HANDS + 2 * seat + 1]
    if (low & ~now_low) or (high & ~now_high) or numbers[at + 2] < 0:
        return False, -1
    more_low, more_high = now_low & ~low, now_high & ~high
    if not more_low and not more_high:
        return True, -1
    if more_low and not more_high and not (more_low & (more_low - np.uint64(1))):
        return True, lowest_bit(more_low)
    if more_high and not more_low and not (more_high & (more_high - np.uint64(1))):
        return True, 64 + lowest_bit(more_high)
    return False, -1


# -- the bot's choices -----------------------------------------------------------------------------------------

@jit_bare
def _melds_with(hand: np.ndarray, held: int, card: int) -> bool:
    """Whether some meld holds the natural ``card`` with cards of the hand (R5, R6): a set of its rank with other
    suits and jokers, or a run of its suit through its place, the hand's cards where they are and jokers in the
    gaps. A card no meld holds is left in the hand by every arrangement."""
    number = face(card)
    rank, suit = face_rank(number), face_suit(number)
    jokers = suits = 0
    present = np.uint64(0)  # the run numbers of the suit's cards held, the card's own included (an ace twice)
    for position in range(-1, held):
        other = face(card if position < 0 else hand[position])
        if other == JOKER:
            jokers += 1
        elif face_suit(other) == suit:
            present |= np.uint64(1) << np.uint64(run_number(face_rank(other), False))
            present |= np.uint64(1) << np.uint64(run_number(face_rank(other), True))
        elif face_rank(other) == rank:
            suits |= 1 << face_suit(other)
    mask = 1 << suit
    for naturals in range(1, 5):  # the card and the other suits', lowest suit first
        for used in range(min(jokers, 4) + 1):
            if set_fits(mask, naturals, used):
                return True
        if not suits:
            break
        mask |= suits & -suits
        suits &= suits - 1
    for low in (False, True):  # the runs through the card's place (an ace's two)
        place = run_number(rank, low)
        if low and place == run_number(rank, False):
            break
        below = 0  # the gaps from the run's start to the card: jokers must fill them
        for start in range(place, max(0, place - 13), -1):
            below += not (present >> np.uint64(start)) & np.uint64(1)
            if below > jokers:
                break
            gaps = below
            for stop in range(place + 1, min(13 if start == 1 else 14, start + 12) + 1):
                gaps += not (present >> np.uint64(stop)) & np.uint64(1)
                if gaps > jokers:
                    break
                if stop >= start + 2 and run_fits(start, stop - start + 1 - gaps, gaps):
                    return True
            if place >= start + 2 and run_fits(start, place - start + 1 - below, below):
                return True
    return False


@jit_bare
def _draw(small: np.ndarray, words: np.ndarray, game: int, hand: np.ndarray, held: int, room: Any,
          row: np.ndarray) -> None:
    """`SolverBot._draw`: the discard pile's top card when the solver melds it and leaves less in the hand."""
    _, counts, places, sizes, frames, table, numbers = room[:7]
    pile = int(small[game, PILE_SIZE])
    row[KIND_OF] = DRAW_STOCK
    if pile == 0:
        return
    top = int(small[game, PILE + pile - 1])
    natural = face(top) != JOKER
    if natural and not _melds_with(hand, held, top):
        return  # the top card would be left in the hand whatever the solver finds
    seat = int(small[game, TO_PLAY])
    known, drawn = _recall(words, game, seat, numbers)
    if known and drawn < 0:
        now = int(numbers[MEMO + _KEPT * seat + 2])
        if natural and numbers[MEMO + _KEPT * seat + 3] == 0:
            # The hand holds no meld: every meld of it and the top card holds the top card (not a copy of it,
            # which would meld without it) and leaves less in the hand than all of it. The solver melds it.
            row[KIND_OF] = DRAW_DISCARD
            return
    else:
        _count(hand, held, -1, -1, counts)
        now, value, found = solve_hand(counts, 0, (frames, table), places, sizes)
        _keep(room, seat, words[game, HANDS + 2 * seat], words[game, HANDS + 2 * seat + 1], now, found, value,
              1 if found == 0 else _UNKNOWN, -1)  # for the play after the draw
    _count(hand, held, -1, top, counts)
    left, _, found = solve_hand(counts, 0, (frames, table), places, sizes)
    if left < now:
        _uses(places, sizes, found, numbers)
        if _copy_number(hand, held, top) < numbers[USES + face(top)]:  # the top card is melded, not left
            row[KIND_OF] = DRAW_DISCARD


@jit_bare
def _meld_row(hand: np.ndarray, held: int, places: np.ndarray, sizes: np.ndarray, found: int, numbers: np.ndarray,
              row: np.ndarray) -> None:
    """The melds found as a `MELD` row, each place the lowest copy of its face not yet placed, melds apart by -1."""
    for number in range(JOKER + 1):
        numbers[USES + number] = 0
    at = FIRST_CARD
    for meld in range(found):
        if meld:
            row[at] = -1
            at += 1
        for position in range(sizes[meld]):
            number = places[meld, position]
            row[at] = _copy(hand, held, number, numbers[USES + number], -1)
            numbers[USES + number] += 1
            at += 1
    row[KIND_OF], row[COUNT_OF] = MELD, at - FIRST_CARD


@jit_bare_inline
def _copy_meld(small: np.ndarray, game: int, meld: int, melds: np.ndarray) -> None:
    """The table's meld ``meld``'s cards into ``melds[meld]``, for the meld checks."""
    for position in range(small[game, SIZE + meld]):
        melds[meld, position] = small[game, CARDS + meld * MOST_PLACES + position]


@jit_bare
def _exchange(small: np.ndarray, words: np.ndarray, game: int, hand: np.ndarray, held: int, current: int,
              room: Any, row: np.ndarray) -> bool:
    """`SolverBot._exchange`: the first joker of the table (meld by meld, place by place) that a card of the hand
    (lowest first) may take (R10), with the first new meld of the hand's options holding it that leaves cards in
    the hand worth less than ``current``; False if none."""
    _, counts, places, sizes, frames, table, _, options, bits, melds = room[:10]
    for meld in range(int(small[game, MELDS])):
        size, kind = int(small[game, SIZE + meld]), int(small[game, KIND + meld])
        base, suit = int(small[game, BASE + meld]), int(small[game, SUIT + meld])
        for place in range(size):
            joker = int(small[game, CARDS + meld * MOST_PLACES + place])
            if face(joker) != JOKER:
                continue
            _copy_meld(small, game, meld, melds)
            below = 0  # the hand's jokers below the table's: the options take the lowest jokers first
            for position in range(held):
                below += face(hand[position]) == JOKER and hand[position] < joker
            stands_for = place_rank(kind, base, place)
            for given in range(held):
                card = int(hand[given])
                if face(card) == JOKER or face_rank(face(card)) != stands_for or (  # only its card takes its place
                        kind == RUN and face_suit(face(card)) != suit):
                    continue
                if exchange_fit(melds[meld], size, kind, base, suit, place, card) != OK:
                    continue
                for number in range(JOKER + 1):
                    options[number] = 0
                for position in range(held):
                    if position != given:
                        options[face(hand[position])] += 1
                options[JOKER] += 1
                for option in range(hand_options(options, 0, bits)):
                    used, length = options[USED + option], options[LENGTH + option]
                    if below >= used or held - length <= 0:  # the joker is not in it, or nothing is left
                        continue
                    _count(hand, held, given, -1, counts)
                    for position in range(length):
                        counts[options[FACES_AT + 13 * option + position]] -= 1
                    counts[JOKER] += 1  # the table's joker, counted off above, was never the hand's
                    after, table_worth, still = solve_hand(counts, 0, (frames, table), places, sizes)
                    if after >= current:
                        continue
                    row[KIND_OF], row[CARD_OF], row[MELD_OF], row[PLACE_OF] = EXCHANGE, card, meld, place
                    jokers = 0
                    for position in range(length):
                        number = options[FACES_AT + 13 * option + position]
                        if number != JOKER:
                            row[FIRST_CARD + position] = _copy(hand, held, number, 0, given)
                            continue
                        if jokers == below:  # the jokers lowest first: the table's in its turn
                            row[FIRST_CARD + position] = joker
                        else:
                            row[FIRST_CARD + position] = _copy(hand, held, JOKER, jokers - (jokers > below), -1)
                        jokers += 1
                    row[COUNT_OF] = length
                    _keep_after(words, game, int(small[game, TO_PLAY]), row, joker, room, after, still,
                                int(table_worth), -1)
                    return True
    return False


@jit_bare
def _lay_off(small: np.ndarray, words: np.ndarray, game: int, hand: np.ndarray, held: int, left: int, meldless: bool,
             room: Any, row: np.ndarray) -> bool:
    """The first lay-off of the solver's (`concombre.games.romme.bots.solver`'s ``_lay_offs``): the hand's cards
    the most valuable first (lowest first among equals), each tried on the melds in order, a run's low end before
    its high end (R9); False if none fits."""
    numbers, bits, melds = room[6], room[8], room[9]
    count = int(small[game, MELDS])
    for number in range(JOKER):  # the melds each natural face may go on: a set of its rank, a run's end
        bits[TAKERS + number] = np.uint64(0)
    for meld in range(count):
        size, kind = int(small[game, SIZE + meld]), int(small[game, KIND + meld])
        base, suit, bit = int(small[game, BASE + meld]), int(small[game, SUIT + meld]), np.uint64(1) << np.uint64(meld)
        if kind != RUN:
            for other in range(4):
                bits[TAKERS + natural_face(base, other)] |= bit
            continue
        if base > 1:
            bits[TAKERS + natural_face(place_rank(kind, base, -1), suit)] |= bit
        if base + size <= 14:
            bits[TAKERS + natural_face(place_rank(kind, base, size), suit)] |= bit
    order = numbers[ORDER_OF:]  # the hand's cards the most valuable first, the lowest first among equals
    for position in range(held):
        card, at = int(hand[position]), position
        while at > 0 and HAND_VALUES[face(order[at - 1])] < HAND_VALUES[face(card)]:
            order[at] = order[at - 1]
            at -= 1
        order[at] = card
    copied = np.uint64(0)
    for position in range(held):
        card = int(order[position])
        number = face(card)
        takers = bits[TAKERS + number] if number != JOKER else (np.uint64(1) << np.uint64(count)) - np.uint64(1)
        while takers:
            meld = lowest_bit(takers)
            takers &= takers - np.uint64(1)
            size, kind = int(small[game, SIZE + meld]), int(small[game, KIND + meld])
            base, suit = int(small[game, BASE + meld]), int(small[game, SUIT + meld])
            if not (copied >> np.uint64(meld)) & np.uint64(1):
                _copy_meld(small, game, meld, melds)
                copied |= np.uint64(1) << np.uint64(meld)
            for end in range(2 if kind == RUN else 1):
                chosen = _ENDS[end] if kind == RUN else 0
                if number != JOKER and kind == RUN and face_rank(number) != place_rank(
                        kind, base, size if chosen == 2 else -1):
                    continue  # a natural card goes on a run's end its rank follows on
                if lay_off_fit(melds[meld], size, kind, base, suit, card, chosen, numbers[GROWN:]) == OK:
                    row[KIND_OF], row[CARD_OF], row[MELD_OF], row[PLACE_OF] = LAY_OFF, card, meld, chosen
                    if meldless:  # every card is left: the rest leave what they did, less the card
                        _keep_after(words, game, int(small[game, TO_PLAY]), row, -1, room,
                                    left - int(HAND_VALUES[number]), 0, 0, -1)
                    return True
    return False


@jit_bare
def _discard(small: np.ndarray, words: np.ndarray, game: int, hand: np.ndarray, held: int, left: int,
             may_return: bool, room: Any, row: np.ndarray) -> None:
    """`SolverBot._discard`: the most valuable card (the highest sorting index among equals) the solver's best
    melds leave out (their faces' uses in ``numbers[USES:]``, ``left`` their value left), else of the hand; never
    the card just taken from the discard pile while others are held, unless the rules allow it (R7a)."""
    numbers = room[6]
    withheld = int(small[game, DRAWN]) if held > 1 and not may_return else -1  # R7a
    chosen, most = -1, -1
    for spare in (True, False):
        copy, before = 0, -1  # the card's copy number among the hand's cards of its face (they follow each other)
        for position in range(held):
            card = int(hand[position])
            copy = copy + 1 if face(card) == before else 0
            before = face(card)
            if card == withheld or (spare and copy < numbers[USES + face(card)]):
                continue
            if HAND_VALUES[face(card)] >= most:
                chosen, most = card, int(HAND_VALUES[face(card)])
        if chosen >= 0:
            break
    row[KIND_OF], row[CARD_OF] = DISCARD, chosen
    if spare:  # the best melds of the rest are the hand's: they leave what they left, less the card
        at = MEMO + _KEPT * CURRENT
        _keep_after(words, game, int(small[game, TO_PLAY]), row, -1, room, left - most, int(numbers[at + 3]),
                    int(numbers[at + 4]), CURRENT)


@jit_bare
def solver_row(small: np.ndarray, words: np.ndarray, game: int, rules: Any, room: Any, row: np.ndarray,
               melding: bool = True) -> None:
    """The action the game's player to act takes as `concombre.games.romme.bots.SolverBot`, into ``row`` (a kernel
    row): a draw; the solver's melds (its opening, R8, or any once opened); a joker exchange, a lay-off (opened
    only); or a discard. ``rules``: the kernel's rules record; ``room``: `solver_room`'s. Without ``melding``, the
    bot's choice were its melds not to be put down.

    Examples:
        >>> from concombre.games.romme.fast.batch import reset
        >>> solver_rows(reset([3], players=2))[0, 0] in (0, 1)    # through solver_rows: a turn begins with a draw
        True
    """
    hand, counts, places, sizes, frames, table, numbers = room[:7]
    seat = int(small[game, TO_PLAY])
    held = _held(words, game, seat, hand)
    _clear(row)
    if small[game, PHASE] == DRAW:
        _draw(small, words, game, hand, held, room, row)
        return
    opening, opened = int(rules[1]), small[game, OPENED + seat] != 0
    known, drawn = _recall(words, game, seat, numbers)
    at = MEMO + _KEPT * seat
    if known and (drawn < 0 or (face(drawn) != JOKER and not _melds_with(hand, held, drawn))):
        # The hand's melds are known, and no meld holds the card drawn since: the same melds, the card left.
        left, found, value, absent = int(numbers[at + 2]), int(numbers[at + 3]), int(numbers[at + 4]), int(
            numbers[at + 5])
        if drawn >= 0:
            left += HAND_VALUES[face(drawn)]
        for meld in range(found):
            sizes[meld] = room[11][seat, meld]
            for position in range(sizes[meld]):
                places[meld, position] = room[10][seat, meld, position]
    else:
        _count(hand, held, -1, -1, counts)
        left, value, found = solve_hand(counts, 0, (frames, table), places, sizes)  # best_melds(hand)
        absent = 1 if found == 0 else _UNKNOWN
    _keep(room, CURRENT, np.uint64(0), np.uint64(0), left, found, value, absent, -1)
    if melding and found > 0 and (opened or opens(value, opening)):  # the best melds worth the opening are it
        _meld_row(hand, held, places, sizes, found, numbers, row)
        _keep_after(words, game, seat, row, -1, room, left, 0, 0, -1)  # no meld is left in the rest
        return
    _uses(places, sizes, found, numbers)  # the cards the solver's best melds leave out: the discard's choice
    if melding and found > 0 and not opened and absent > opening:  # the best opening (R8) leaves more
        _count(hand, held, -1, -1, counts)
        opening_left, _, melds = solve_hand(counts, opening, (frames, table), places, sizes)
        if opening_left >= 0:
            _meld_row(hand, held, places, sizes, melds, numbers, row)
            _keep_after(words, game, seat, row, -1, room, opening_left, 0, 0, -1)
            return
        numbers[MEMO + _KEPT * CURRENT + 5] = opening  # this hand reaches no opening of this many points
    if opened and (_exchange(small, words, game, hand, held, left, room, row)
                   or _lay_off(small, words, game, hand, held, left, found == 0, room, row)):
        return
    _discard(small, words, game, hand, held, left, bool(rules[2]), room, row)


# -- the move as the learner's parts ---------------------------------------------------------------------------

@jit_bare
def _option_of(hand: np.ndarray, held: int, row: np.ndarray, start: int, stop: int, options: np.ndarray,
               count: int) -> int:
    """The number of the hand's meld option (`hand_options`' order) whose faces are the cards
    ``row[start:stop]``'; -1 if none is (a run with a joker where the hand holds the card, say)."""
    for option in range(count):
        if options[LENGTH + option] != stop - start:
            continue
        same = True
        for position in range(stop - start):
            same = same and options[FACES_AT + 13 * option + position] == face(row[start + position])
        if same:
            return option
    return -1


@jit_bare
def _meld_parts(small: np.ndarray, game: int, hand: np.ndarray, held: int, room: Any, row: np.ndarray) -> int:
    """A `MELD` row as the parts offer it (`concombre.games.romme.legal.legal_actions`' form): once opened, its
    first meld alone; before, its melds in the options' order, each face taking its lowest copy not yet taken.
    Into ``numbers[PARTS_OF:]``: how many parts, or 0 where a meld is none of the hand's options."""
    numbers, options, bits = room[6], room[7], room[8]
    for number in range(JOKER + 1):
        options[number] = 0
    for position in range(held):
        options[face(hand[position])] += 1
    count = hand_options(options, 0, bits)
    melds, start, stop = 0, FIRST_CARD, FIRST_CARD + int(row[COUNT_OF])
    for position in range(FIRST_CARD, stop + 1):
        if position == stop or row[position] < 0:
            option = _option_of(hand, held, row, start, position, options, count)
            if option < 0:
                return 0
            numbers[NUMBERS + melds], numbers[ORDER + melds] = option, start
            melds += 1
            start = position + 1
            if small[game, OPENED + int(small[game, TO_PLAY])]:
                break
    for later in range(1, melds):  # in the options' order; equal options keep theirs
        at = later
        while at > 0 and numbers[NUMBERS + at - 1] > numbers[NUMBERS + at]:
            for column in (NUMBERS, ORDER):
                numbers[column + at - 1], numbers[column + at] = numbers[column + at], numbers[column + at - 1]
            at -= 1
    for number in range(JOKER + 1):
        numbers[USES + number] = 0
    length = 0
    for meld in range(melds):
        if meld:
            numbers[PARTS_OF + length] = vocabulary.CLOSE
            length += 1
        position = numbers[ORDER + meld]
        while position < stop and row[position] >= 0:
            number = face(row[position])
            numbers[PARTS_OF + length] = vocabulary.CARD + _copy(hand, held, number, numbers[USES + number], -1)
            numbers[USES + number] += 1
            length += 1
            position += 1
    numbers[PARTS_OF + length] = vocabulary.MELD
    return length + 1


@jit_bare
def _part_of(small: np.ndarray, words: np.ndarray, built: np.ndarray, game: int, rules: Any, room: Any,
             row: np.ndarray, spare: np.ndarray) -> int:
    """The next part of the move ``row`` (the solver's) after the game's parts built; ``spare``: a row of room."""
    numbers, hand = room[6], room[0]
    if row[KIND_OF] == MELD:
        if _meld_parts(small, game, hand, _held(words, game, int(small[game, TO_PLAY]), hand), room, row):
            return int(numbers[PARTS_OF + built[game, 0]])
        solver_row(small, words, game, rules, room, spare, False)
        row = spare
    kind, length = row[KIND_OF], int(built[game, 0])
    if kind in (DRAW_STOCK, DRAW_DISCARD):
        return vocabulary.DRAW_STOCK if kind == DRAW_STOCK else vocabulary.DRAW_DISCARD
    if length == 0:
        return vocabulary.CARD + int(row[CARD_OF])
    if kind == DISCARD:
        return vocabulary.DISCARD
    if length == 1:
        return vocabulary.TARGET + int(row[MELD_OF])
    if kind == LAY_OFF:
        return vocabulary.LAY_OFF + int(row[PLACE_OF])
    if length == 2:
        return vocabulary.EXCHANGE + int(row[PLACE_OF])
    if length - 3 < row[COUNT_OF]:
        return vocabulary.CARD + int(row[FIRST_CARD + length - 3])
    return vocabulary.MELD


@jit_bare
def solver_part(small: np.ndarray, words: np.ndarray, built: np.ndarray, game: int, rules: Any, room: Any,
                row: np.ndarray) -> int:
    """The next part (`concombre.games.romme.parts`) of the solver bot's move after the game's parts built so far
    (``built[game]``, the bot's own): `solver_row`'s action as the parts offer it (see `_meld_parts`; where its
    melds are not all the hand's options, the move the bot would make without them). ``row``: room for a row.

    Examples:
        >>> from concombre.games.romme.fast.batch import reset
        >>> int(solver_parts(reset([3], players=2))[0]) in (0, 1)   # through solver_parts: the draw's part
        True
    """
    solver_row(small, words, game, rules, room, row)
    return _part_of(small, words, built, game, rules, room, row, row)


# -- the drivers -----------------------------------------------------------------------------------------------

@jit_bare
def _rows(small: np.ndarray, words: np.ndarray, built: np.ndarray, rules: Any, room: Any, rows: np.ndarray,
          parts: np.ndarray, spare: np.ndarray) -> None:
    for game in range(len(small)):
        if small[game, PHASE] == GAME_OVER:
            _clear(rows[game])
            rows[game, KIND_OF], parts[game] = DRAW_STOCK, 0
            continue
        forget((room[4], room[5]))
        solver_row(small, words, game, rules, room, rows[game])
        parts[game] = _part_of(small, words, built, game, rules, room, rows[game], spare)


@jit
def solver_choices(small: np.ndarray, words: np.ndarray, built: np.ndarray, rules: Any, room: Any, rows: np.ndarray,
                   parts: np.ndarray) -> None:
    """Each game's solver move: its action (a kernel row) into ``rows`` and its next part into ``parts`` (a finished
    game: a draw from the stock, ignored). ``small``, ``words``, ``built``: the kernel's arrays of those names
    (`concombre.games.romme.fast.kernel.STORAGE`); ``room``: `solver_room`'s.

    Examples:
        >>> import numpy as np
        >>> from concombre.games.romme.fast.batch import reset
        >>> small, words, _, _, built = (array.copy() for array in reset([3, 4], players=2).storage)
        >>> rows, parts = np.zeros((2, 32), dtype=np.int64), np.zeros(2, dtype=np.int64)
        >>> solver_choices(small, words, built, rules_record(Rules(), "exact"), solver_room(), rows, parts)
        >>> bool((rows[:, 0] == parts).all())             # a draw's row and its part: 0 stock, 1 discard pile
        True
    """
    _rows(small, words, built, rules, room, rows, parts, np.zeros(ACTION_WIDTH, dtype=np.int64))


@jit_bare
def solver_move(small: np.ndarray, words: np.ndarray, game: int, rules: Any, room: Any, row: np.ndarray) -> None:
    """`solver_row` for a game's player to act, as a driver of whole games asks it: the solver's table of positions
    (`concombre.games.romme.fast.meld_kernel.forget`) kept while the same game is asked again (its hands are
    related), set aside for another game. Only the speed depends on it, never the move.

    Examples:
        >>> from concombre.games.romme.fast.batch import reset
        >>> state = tuple(array.copy() for array in reset([3], players=2).storage)
        >>> run_solvers(state, 0, rules_record(Rules(), "exact"), solver_room())   # through run_solvers
        >>> int(state[0][0, TO_PLAY])                      # seat 1 played its turn: seat 0 to act
        0
    """
    numbers = room[6]
    if numbers[LAST_GAME] != game or numbers[LAST_GAME + 1] != small.ctypes.data:
        forget((room[4], room[5]))
        numbers[LAST_GAME], numbers[LAST_GAME + 1] = game, small.ctypes.data
    solver_row(small, words, game, rules, room, row)


@jit_bare
def _run_solvers(small: np.ndarray, words: np.ndarray, tallies: np.ndarray, rewards: np.ndarray,
                 built: np.ndarray, seat: int, rules: Any, order: np.ndarray, work: np.ndarray, meld: np.ndarray,
                 room: Any, row: np.ndarray) -> None:
    players = rewards.shape[1]
    for game in range(len(small)):
        for other in range(players):
            rewards[game, other] = 0.0
        while small[game, PHASE] != GAME_OVER and small[game, TO_PLAY] != seat:
            built[game, 0] = 0
            solver_move(small, words, game, rules, room, row)
            act(small, words, tallies, rewards, game, row, rules, order, work, meld)


@jit
def run_solvers(state: Any, seat: int, rules: Any, room: Any) -> None:
    """Every game played by solver bots, one after the other, until ``seat`` must act (-1: to its end) or it is
    over, each move the kernel's `act` of `solver_row`'s action; the rewards start from 0 and sum the call's
    steps. ``state``: the kernel's five arrays (`concombre.games.romme.fast.kernel.STORAGE`); ``rules``: its rules
    record (`rules_record`); ``room``: `solver_room`'s.

    Examples:
        >>> from concombre.games.romme.fast.batch import reset
        >>> state = tuple(array.copy() for array in reset([3, 4], players=3).storage)
        >>> run_solvers(state, -1, rules_record(Rules(), "exact"), solver_room())
        >>> bool((state[0][:, PHASE] == GAME_OVER).all())  # both games played to their end
        True
    """
    _run_solvers(state[0], state[1], state[2], state[3], state[4], seat, rules, np.empty(MOST_CARDS, dtype=np.int64),
                 np.empty(WORK, dtype=np.uint64), np.zeros(2 * MOST_PLACES + 2, dtype=np.int64), room,
                 np.zeros(ACTION_WIDTH, dtype=np.int64))


# -- from Python -----------------------------------------------------------------------------------------------

_ROOMS = threading.local()


def thread_room() -> tuple[Any, ...]:
    """This thread's `solver_room`, made once: what the solver found for its seats' hands is kept from call to
    call (it is kept with each hand, so any batch may use it).

    Examples:
        >>> thread_room() is thread_room()
        True
    """
    room: tuple[Any, ...] | None = getattr(_ROOMS, "room", None)
    if room is None:
        room = _ROOMS.room = solver_room()
    return room


def rules_record(rules: Rules, deals: str) -> tuple[int, int, bool, int, bool]:
    """The rules as the kernel takes them, one record: jokers, opening (R8), whether a player may return the card
    taken from the discard pile (R7a), rebuilds (R12) and whether the deals are fast.

    Examples:
        >>> rules_record(Rules(), "exact")
        (4, 40, False, 2, False)
    """
    return rules.jokers, rules.opening, rules.may_return_discard, rules.rebuilds, deals == "fast"


def _choices(batch: Any) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    # A batch (`concombre.games.romme.fast.batch.Batch`, whose module drives this one's bot: not imported here).
    storage = getattr(batch, "storage", None)
    if not isinstance(storage, tuple) or len(storage) != 5 or not hasattr(batch, "rules"):
        raise InvalidArgumentError(f"Expected a batch of Rommé games (reset), not {batch!r}.", field="batch")
    small, words, _, _, built = storage
    rows = np.empty((len(batch), ACTION_WIDTH), dtype=np.int64)
    parts = np.empty(len(batch), dtype=np.int64)
    record = rules_record(batch.rules, batch.deals)
    solver_choices(small.copy(), words.copy(), built.copy(), record, thread_room(), rows, parts)
    return rows, parts


def solver_rows(batch: Any) -> npt.NDArray[np.int64]:
    """Each game's solver move (`concombre.games.romme.bots.SolverBot`'s choice for its player to act) as the
    batch's action rows (`concombre.games.romme.fast.batch.play`), shape (N, 32); a finished game's row is a draw
    from the stock, which `play` ignores.

    Raises:
        InvalidArgumentError: ``batch`` is not a batch of Rommé games.

    Examples:
        >>> from concombre.games.romme.fast.batch import play, reset
        >>> games = reset([3, 4], players=2)
        >>> games = play(games, solver_rows(games))       # the draws
        >>> games = play(games, solver_rows(games))       # a meld, an exchange, a lay-off or a discard
        >>> games.to_play.tolist() != [1, 1] or bool((games.phase == 2).all())
        True
    """
    return _choices(batch)[0]


def solver_parts(batch: Any, generator: Any = None) -> npt.NDArray[np.int64]:
    """Each game's next part (`concombre.games.romme.parts`) of the solver bot's move, after the parts it has built
    (`concombre.games.romme.fast.batch.step`), shape (N,): the batched bot of the parts' form. An opening's melds
    come in the order the parts list them and, once opened, the bot puts down one meld a step (the parts offer
    single melds then), so a game played a part a step may lay its melds in another order than `solver_rows`'s.
    ``generator`` is not used: the solver chooses alike every time.

    Raises:
        InvalidArgumentError: ``batch`` is not a batch of Rommé games.

    Examples:
        >>> from concombre.games.romme.fast.batch import legal_mask, reset
        >>> games = reset([3], players=2)
        >>> int(solver_parts(games)[0]) in legal_mask(games)[0].nonzero()[0].tolist()
        True
    """
    del generator
    return _choices(batch)[1]
