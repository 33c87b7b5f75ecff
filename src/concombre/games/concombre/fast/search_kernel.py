"""The search bot's method compiled by Numba (the ``fast`` extra): sampled deals, an exact end, playouts.

`concombre.games.concombre.bots.search.SearchBot` is the readable reference of the method; this module runs the
same steps in compiled code for `concombre.games.concombre.bots.search.DeepSearchBot`, so that the same time buys
many more samples and a deeper exact horizon:

- `deal_unseen` deals the hidden cards into the other hands within the rank bounds the plays revealed (C7;
  `concombre.games.concombre.bots.sampling.rank_bounds`), by augmenting paths over a random order, as
  `concombre.games.concombre.bots.sampling.deal_hidden` does;
- `last_trick` solves the rest of a round exactly: a max-n search over rank-packed hands (suits never
  matter, C2) with a transposition table, every player playing the card cheapest for themselves and the
  lowest rank among equals, as `concombre.games.concombre.bots.search.last_trick` does;
- `thumb_out` plays a round out by the rule of thumb (every player's highest legal card);
- `world_costs` and `sampled_costs` weigh each candidate card over given or sampled deals.

A hand is a ``uint64`` mask over `concombre.core.cards.PACK` indices; the follow rule is the kernel's
`concombre.games.concombre.fast.kernel.legal_cards` (its masks the rule's home), the trick's winner the home's
``beats``. `tests/test_search_kernel.py` holds every function to the reference, sample for sample.

Examples:
    >>> import numpy as np
    >>> from concombre.games.concombre.fast.search_kernel import by_rank
    >>> bin(int(by_rank(np.uint64(0b1010_0100))))   # a two and two threes, moved to each rank's low bits
    '0b110001'
"""

from __future__ import annotations

import numpy as np

from concombre.accel.compiled import jit, jit_inline
from concombre.accel.splitmix import below
from concombre.games.concombre.fast.kernel import beats, highest, legal_cards, popcount, thumb_card, value_of
from concombre.games.concombre.rules import RANK_CARDS, SAME_RANK

__all__ = [
    "STAMPS",
    "by_rank",
    "deal_unseen",
    "last_trick",
    "new_table",
    "popcount",
    "sampled_costs",
    "thumb_out",
    "world_costs",
]

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_SAME_RANK = np.array(SAME_RANK, dtype=np.uint64)  # the homes' tables (C2), as the kernel reads them
_RANK_CARDS = np.array(RANK_CARDS, dtype=np.uint64)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_PROBES = 8  # slots tried for a position before the table's first slot for it is overwritten

def new_table(bits: int = 16) -> np.ndarray:
    """An empty transposition table of ``2**bits`` entries (16 bytes each: the remaining cards, then the trick,
    the search's stamp and the outcome). Entries are told apart by the search that wrote them, numbered from 1,
    so a table is never cleared until `STAMPS` searches.

    Examples:
        >>> new_table(4).shape
        (16, 2)
    """
    return np.zeros((1 << bits, 2), dtype=np.uint64)


@jit_inline
def _bit(card: int) -> np.uint64:
    return _ONE << np.uint64(card)


@jit
def by_rank(hand: np.uint64) -> np.uint64:
    """``hand`` with each rank's cards moved to the rank's lowest bits: hands that differ only in suits (C2)
    become one position, and one card per rank is tried.

    Examples:
        >>> import numpy as np
        >>> int(by_rank(np.uint64(0b1000_1000)))
        17
    """
    packed = _ZERO
    for rank in range(13):
        cards = _RANK_CARDS[rank]
        packed |= (cards & (~cards + _ONE)) * ((_ONE << np.uint64(popcount(hand & cards))) - _ONE)  # the lowest bits
    return packed



@jit
def thumb_out(hands: np.ndarray, to_play: int, size: int, lead: int, best: int, best_seat: int,
              following: np.ndarray, active: int, follow_lead: bool, may_duck: bool) -> tuple[int, int]:
    """The round played out with every player's highest legal card, from a trick of ``size`` cards (its
    first card ``lead``, its winning card ``best`` by ``best_seat``), ``to_play`` next:
    the last trick's loser and the value of its winning card. ``hands`` (by seat) is played out in place.

    Examples:
        >>> import numpy as np
        >>> hands = np.array([0b1 << 48, 0b1], dtype=np.uint64)        # seat 0 holds an ace, seat 1 a two
        >>> thumb_out(hands, 0, 0, 0, 0, 0, np.array([1, 0]), 2, True, False)
        (0, 14)
    """
    while True:
        if size == active:
            to_play, size = best_seat, 0
            left = _ZERO
            for hand in hands:
                left |= hand
            if left == _ZERO:
                return best_seat, value_of(best)
        card = thumb_card(legal_cards(hands[to_play], size, lead, best, follow_lead, may_duck))
        hands[to_play] ^= _bit(card)
        if size == 0:
            lead = card
        if size == 0 or beats(card, best):
            best, best_seat = card, to_play
        size += 1
        to_play = following[to_play]


_DEPTH = 160  # frames a search may stack: a card played each, and a trick's end each
_TRICK_BITS, _STAMP_BITS = 21, 32  # an entry's second word: the trick, the search's stamp, the outcome (8 bits)
STAMPS = 1 << _STAMP_BITS
"""How many searches a table tells apart: the caller clears it (`new_table`) before the stamp would wrap.

Examples:
    >>> STAMPS
    4294967296
"""


@jit_inline
def _entry(trick: int, search: int, outcome: int) -> np.uint64:
    return np.uint64(((trick << _STAMP_BITS | (search & (STAMPS - 1))) << 8) | outcome)


@jit
def _solve(hands: np.ndarray, left: np.uint64, to_play: int, size: int, lead: int, best: int, best_seat: int,
           following: np.ndarray, active: int, follow_lead: bool, may_duck: bool, cost: np.ndarray,
           where: np.ndarray, table: np.ndarray, search: int, work: np.ndarray) -> int:
    """The outcome (loser * 16 + value) with best play from here: a depth-first max-n search over a stack of
    frames (Numba cannot cache a recursive function), each position looked up in ``table`` under its key:
    ``left``, the remaining cards' positions (`where`), and the trick."""
    numbers, words = np.empty((9, _DEPTH), dtype=np.int64), np.empty((2, _DEPTH), dtype=np.uint64)
    seats, sizes, leads, bests, best_seats = numbers[0], numbers[1], numbers[2], numbers[3], numbers[4]
    cards, outcomes, slots, tricks = numbers[5], numbers[6], numbers[7], numbers[8]
    lefts, legals, cheapest = words[0], words[1], np.empty(_DEPTH)
    seats[0], sizes[0], leads[0], bests[0], best_seats[0], lefts[0] = to_play, size, lead, best, best_seat, left
    mask, stamp = table.shape[0] - 1, np.uint64(search & (STAMPS - 1))
    depth, result = 0, 0
    entering = True
    while True:
        seat = seats[depth]
        if entering:
            entering = False
            work[0] += 1
            if sizes[depth] == active:  # the trick is complete
                if lefts[depth] == _ZERO:  # C9: the last trick's winner takes its card's value
                    result = best_seats[depth] * 16 + value_of(bests[depth])
                    depth -= 1
                    if depth < 0:
                        return int(result)
                    continue
                winner = best_seats[depth]  # C6: the trick's winner leads the next, from the same position
                seats[depth], sizes[depth], leads[depth], bests[depth] = winner, 0, 0, 0
                seat = winner
            slots[depth] = -1
            if sizes[depth] == 0:  # positions recur at a trick's start: only those are kept in the table
                trick = (((seat * 8 + sizes[depth]) * 64 + leads[depth]) * 64 + bests[depth]) * 8 + best_seats[depth]
                slot = int(((lefts[depth] ^ np.uint64(trick) * _GOLDEN) * _GOLDEN) >> np.uint64(40)) & mask
                found, free = -1, -1
                for probe in range(_PROBES):
                    at = (slot + probe) & mask
                    held = table[at, 1]
                    if (held >> np.uint64(8)) & np.uint64(STAMPS - 1) != stamp:
                        if free < 0:
                            free = at
                    elif table[at, 0] == lefts[depth] and held >> np.uint64(8 + _STAMP_BITS) == np.uint64(trick):
                        found = int(np.int64(held & np.uint64(0xFF)))
                        break
                if found >= 0:
                    result = found
                    depth -= 1
                    if depth < 0:
                        return int(result)
                    continue
                slots[depth], tricks[depth] = (free if free >= 0 else slot), trick
            outcomes[depth], cheapest[depth] = 0, np.inf
            legals[depth] = legal_cards(hands[seat], sizes[depth], leads[depth], bests[depth], follow_lead,
                                        may_duck)
        else:  # a card's outcome is back: take the card back, and keep the outcome cheapest for the seat
            hands[seat] ^= _bit(cards[depth])
            mine = cost[seat, result & 15] if result >> 4 == seat else 0.0
            if mine <= cheapest[depth]:
                outcomes[depth], cheapest[depth] = result, mine
        if legals[depth] != _ZERO:
            card = highest(legals[depth])  # the rank's highest bit: hands are packed by rank
            legals[depth] &= ~_SAME_RANK[card]
            hands[seat] ^= _bit(card)
            cards[depth] = card
            first = sizes[depth] == 0
            taken = first or beats(card, bests[depth])
            seats[depth + 1], sizes[depth + 1] = following[seat], sizes[depth] + 1
            leads[depth + 1] = card if first else leads[depth]
            bests[depth + 1] = card if taken else bests[depth]
            best_seats[depth + 1] = seat if taken else best_seats[depth]
            lefts[depth + 1] = lefts[depth] ^ _bit(where[seat, card])
            depth += 1
            entering = True
            continue
        result = outcomes[depth]
        if slots[depth] >= 0:
            table[slots[depth], 0] = lefts[depth]
            table[slots[depth], 1] = _entry(tricks[depth], search, result)
        depth -= 1
        if depth < 0:
            return int(result)


@jit
def last_trick(hands: np.ndarray, to_play: int, size: int, lead: int, best: int, best_seat: int,
               following: np.ndarray, active: int, follow_lead: bool, may_duck: bool, cost: np.ndarray,
               table: np.ndarray, search: int, work: np.ndarray) -> tuple[int, int]:
    """Who takes the round's last trick and the value of its winning card when every player plays what costs
    them least (``cost[seat, value]``: what taking the last trick with a card of that value costs ``seat``;
    the lowest rank among equals): a max-n search, memoised in the table under the number ``search`` (each
    search a new number), each position it visits counted in ``work[0]``. The trick on the table as in
    `thumb_out`.

    Examples:
        >>> import numpy as np
        >>> ace, two, king, three = 48, 0, 45, 6          # AS, 2C, KD, 3H
        >>> hands = np.array([1 << ace | 1 << two, 1 << king | 1 << three], dtype=np.uint64)
        >>> cost = np.tile(np.arange(15, dtype=np.float64), (2, 1))
        >>> work = np.zeros(1, dtype=np.int64)
        >>> last_trick(hands, 0, 0, 0, 0, 0, np.array([1, 0]), 2, True, False, cost, new_table(8), 1, work)
        (1, 13)
        >>> int(work[0]) > 0
        True
    """
    packed = np.empty(hands.shape[0], dtype=np.uint64)
    where = np.zeros((hands.shape[0], 64), dtype=np.int64)
    left, count = _ZERO, 0
    for seat in range(hands.shape[0]):
        packed[seat] = by_rank(hands[seat])
        remaining = packed[seat]
        while remaining != _ZERO:
            card = highest(remaining)
            remaining ^= _bit(card)
            where[seat, card] = count
            left |= _bit(count)
            count += 1
    outcome = _solve(packed, left, to_play, size, lead, best, best_seat, following, active, follow_lead,
                     may_duck, cost, where, table, search, work)
    return outcome >> 4, outcome & 15


@jit
def _assign(start: int, low: np.ndarray, high: np.ndarray, values: np.ndarray, holder: np.ndarray,
            tried: np.ndarray, attempt: int, places: np.ndarray, positions: np.ndarray) -> bool:
    """Kuhn's augmenting path from the place ``start``: a card for it, moving other places' cards where needed
    (depth first over a stack of places and the card each tries, since Numba cannot cache recursion)."""
    depth = 0
    places[0], positions[0] = start, 0
    while depth >= 0:
        place, position = places[depth], positions[depth]
        while position < values.shape[0] and (tried[position] == attempt
                                               or not low[place] <= values[position] <= high[place]):
            position += 1
        if position == values.shape[0]:  # no card for this place: its parent tries its next card
            depth -= 1
            if depth >= 0:
                positions[depth] += 1
            continue
        tried[position], positions[depth] = attempt, position
        if holder[position] < 0:  # a free card: every place on the path takes the card it tried
            for level in range(depth + 1):
                holder[positions[level]] = places[level]
            return True
        depth += 1
        places[depth], positions[depth] = holder[position], 0
    return False


@jit
def deal_unseen(hands: np.ndarray, unseen: np.ndarray, seats: np.ndarray, low: np.ndarray, high: np.ndarray,
                key: np.uint64, counter: int) -> int:
    """Deal the ``unseen`` cards into ``hands`` (in place): one card for each place, a place being a seat
    (``seats``) and the card values it may hold (``low`` to ``high``), matched over a random order of cards
    and places (SplitMix64 stream ``key`` from ``counter``), so that a deal is found whenever one exists and
    every deal that fits can come out. The cards left over are the stock. The stream's counter after the deal;
    -1 when no deal fits (which cannot happen with the view of a real game).

    Examples:
        >>> import numpy as np
        >>> hands = np.zeros(2, dtype=np.uint64)
        >>> one = np.array([1, 1])
        >>> deal_unseen(hands, np.array([0, 48]), one, np.array([2, 2]), np.array([2, 14]), np.uint64(1), 0) > 0
        True
        >>> int(hands[1])   # the two must go to the place that may hold only twos
        281474976710657
    """
    cards, places = unseen.copy(), np.arange(seats.shape[0])
    for array in (cards, places):
        for top in range(array.shape[0] - 1, 0, -1):
            other, counter = below(key, counter, top + 1)
            array[top], array[other] = array[other], array[top]
    values = value_of(cards)
    holder = np.full(cards.shape[0], -1, dtype=np.int64)
    tried = np.full(cards.shape[0], -1, dtype=np.int64)
    place_low, place_high = low[places], high[places]
    path_places, path_positions = np.empty(places.shape[0] + 1, dtype=np.int64), np.empty(places.shape[0] + 1,
                                                                                          dtype=np.int64)
    for place in range(places.shape[0]):
        if not _assign(place, place_low, place_high, values, holder, tried, place, path_places, path_positions):
            return -1
    for position in range(cards.shape[0]):
        if holder[position] >= 0:
            hands[seats[places[holder[position]]]] |= _bit(cards[position])
    return counter


@jit
def _likelihood(hands: np.ndarray, ranks: np.ndarray, ducks: np.ndarray, counts: np.ndarray, slip: float) -> float:
    """How well a deal explains the plays of the seats modelled as thumb players (``counts[seat]`` plays each,
    in order, as values and whether each was a duck): ``slip`` for every card played below the highest held."""
    weight = 1.0
    for seat in range(counts.shape[0]):
        top = value_of(highest(hands[seat])) if hands[seat] != _ZERO else 0
        for play in range(counts[seat] - 1, -1, -1):
            if not ducks[seat, play] and top > ranks[seat, play]:
                weight *= slip
            top = max(top, ranks[seat, play])
    return weight


@jit
def _candidate_cost(hands: np.ndarray, seat: int, card: int, size: int, lead: int, best: int,
                    best_seat: int, following: np.ndarray, active: int, follow_lead: bool, may_duck: bool,
                    cost: np.ndarray, exact: int, table: np.ndarray, search: int, work: np.ndarray) -> float:
    """What ``seat`` playing ``card`` costs it in this deal: the round solved exactly once at most ``exact``
    cards are left in all hands, else played out by the rule of thumb (a play counted as a position's work)."""
    after = hands.copy()
    after[seat] ^= _bit(card)
    first = size == 0
    taken = first or beats(card, best)
    lead, best, best_seat = (card if first else lead), (card if taken else best), (seat if taken else best_seat)
    left = 0
    for hand in after:
        left += popcount(hand)
    if left > exact:
        work[0] += left
        loser, value = thumb_out(after, following[seat], size + 1, lead, best, best_seat, following, active,
                                 follow_lead, may_duck)
    else:
        loser, value = last_trick(after, following[seat], size + 1, lead, best, best_seat, following, active,
                                  follow_lead, may_duck, cost, table, search, work)
    return cost[seat, value] if loser == seat else 0.0


@jit
def world_costs(worlds: np.ndarray, seat: int, candidates: np.ndarray, size: int, lead: int,
                best: int, best_seat: int, following: np.ndarray, active: int, follow_lead: bool, may_duck: bool,
                cost: np.ndarray, exact: int, ranks: np.ndarray, ducks: np.ndarray, counts: np.ndarray,
                slip: float, table: np.ndarray, search: int, work: np.ndarray, costs: np.ndarray) -> int:
    """Add to ``costs`` each candidate card's cost over the given deals (``worlds``: a row of hands by seat
    each), weighed by how well each deal explains the modelled plays, and to ``work[0]`` the positions
    visited; the next search number.

    Examples:
        >>> import numpy as np
        >>> worlds = np.array([[1 << 48 | 1, 1 << 45 | 1 << 6]], dtype=np.uint64)   # AS 2C / KD 3H
        >>> cost, costs = np.tile(np.arange(15.0), (2, 1)), np.zeros(2)
        >>> none = np.zeros((2, 52), dtype=np.int64)
        >>> _ = world_costs(worlds, 0, np.array([48, 0]), 0, 0, 0, 0, np.array([1, 0]), 2, True, False,
        ...                 cost, 8, none, none.astype(np.bool_), np.zeros(2, dtype=np.int64), 0.1, new_table(8), 1,
        ...                 np.zeros(1, dtype=np.int64), costs)
        >>> costs.tolist()   # lead the ace and keep the two: seat 1 takes the last trick; lead the two: seat 0 does
        [0.0, 14.0]
    """
    for world in range(worlds.shape[0]):
        hands = worlds[world]
        weight = _likelihood(hands, ranks, ducks, counts, slip)
        for number in range(candidates.shape[0]):
            costs[number] += weight * _candidate_cost(hands, seat, candidates[number], size, lead, best,
                                                      best_seat, following, active, follow_lead, may_duck, cost,
                                                      exact, table, search, work)
            search += 1
    return search


@jit
def sampled_costs(hand: np.ndarray, samples: int, budget: int, key: np.uint64, unseen: np.ndarray, seats: np.ndarray,
                  low: np.ndarray, high: np.ndarray, seat: int, candidates: np.ndarray, size: int,
                  lead: int, best: int, best_seat: int, following: np.ndarray, active: int, follow_lead: bool,
                  may_duck: bool, cost: np.ndarray, exact: int, ranks: np.ndarray, ducks: np.ndarray,
                  counts: np.ndarray, slip: float, table: np.ndarray, search: int, work: np.ndarray, costs: np.ndarray
                  ) -> int:
    """`world_costs` over ``samples`` deals of the unseen cards (`deal_unseen`, from the stream ``key``) to
    the hands ``hand`` holds (the bot's own; the others empty), or fewer: sampling stops after the deal that
    brings ``work[0]`` to ``budget`` positions. The next search number, or -1 when no deal fits.

    Examples:
        >>> import numpy as np
        >>> own = np.array([1 << 48 | 1, 0], dtype=np.uint64)   # AS 2C; seat 1 holds two of KD, 3H, 4S
        >>> none, costs = np.zeros((2, 52), dtype=np.int64), np.zeros(2)
        >>> work = np.zeros(1, dtype=np.int64)
        >>> _ = sampled_costs(own, 20, 10**6, np.uint64(3), np.array([45, 6, 11]), np.array([1, 1]), np.array([2, 2]),
        ...                   np.array([14, 14]), 0, np.array([48, 0]), 0, 0, 0, 0, np.array([1, 0]), 2, True,
        ...                   False, np.tile(np.arange(15.0), (2, 1)), 8, none, none.astype(np.bool_),
        ...                   np.zeros(2, dtype=np.int64), 0.1, new_table(8), 1, work, costs)
        >>> bool(costs[0] == 0.0 and costs[1] > 0.0)
        True
    """
    worlds = np.empty((1, hand.shape[0]), dtype=np.uint64)
    counter = 0
    for _ in range(samples):
        worlds[0] = hand
        counter = deal_unseen(worlds[0], unseen, seats, low, high, key, counter)
        if counter < 0:
            return -1
        search = world_costs(worlds, seat, candidates, size, lead, best, best_seat, following, active,
                             follow_lead, may_duck, cost, exact, ranks, ducks, counts, slip, table, search, work, costs)
        if work[0] >= budget:
            break
    return search
