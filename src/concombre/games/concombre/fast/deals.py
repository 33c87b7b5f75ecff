"""The batched engine's shuffles, compiled: a round's pack in dealing order, exact or fast (C4, C5).

Exact deals are the reference engine's: the 52 cards sorted by their SHAKE-128 keys
(`concombre.accel.shake`), ties in card order, the penalty cards held left out. Fast deals are a
Fisher-Yates shuffle whose draws come from a SplitMix64 stream keyed by the seed and the round: uniform,
reproducible, and a different stream from the reference engine's (`fast_deck` gives its decks, for the
reference engine to deal the same rounds).

Examples:
    >>> from concombre.games.concombre.fast.deals import fast_deck
    >>> deck = fast_deck(7, 1, 0)
    >>> sorted(deck.tolist()) == list(range(52))
    True
"""

from __future__ import annotations

import numpy as np

from concombre.accel.compiled import jit
from concombre.accel.shake import deal_keys, key_layout
from concombre.accel.splitmix import below, mix
from concombre.games.concombre.rules import deal_key

__all__ = ["WORK", "fast_deck", "pack_order"]

_ONE = np.uint64(1)
_KEY_PREFIX, _KEY_SEPARATOR = key_layout(deal_key)  # C5: the reference engine's deal key, in the kernel

WORK = 169
"""The room an exact order needs (52 keys, 52 sort keys, 65 bucket starts), which its caller gives, so that a
deal allocates nothing.

Examples:
    >>> WORK
    169
"""


@jit
def pack_order(seed: np.uint64, round_number: int, held: np.uint64, fast: bool, order: np.ndarray, wanted: int,
                work: np.ndarray) -> int:
    """The round's pack (the 52 cards less ``held``, C4) into ``order``, its first ``wanted`` cards in dealing
    order; how many cards the pack holds. Exact: the reference engine's order (SHAKE-128 keys, ties in card
    order). Fast: a Fisher-Yates shuffle drawn from SplitMix64 keyed by the seed and the round. ``work``: room
    for the exact order's keys (`WORK` numbers), given by the caller so that a deal allocates nothing.

    Examples:
        >>> import numpy as np
        >>> order = np.zeros(52, dtype=np.int64)
        >>> pack_order(np.uint64(3), 1, np.uint64(0b11), False, order, 5, np.zeros(WORK, dtype=np.uint64))
        50
    """
    if fast:
        return _fast_order(seed, round_number, held, order, wanted)
    return _exact_order(seed, round_number, held, order, work)


@jit
def _fast_order(seed: np.uint64, round_number: int, held: np.uint64, order: np.ndarray, wanted: int) -> int:
    count = 0
    for card in range(52):
        if not (held >> np.uint64(card)) & _ONE:
            order[count] = card
            count += 1
    key = mix(mix(np.uint64(seed)) + np.uint64(round_number))
    counter = 0
    for position in range(min(wanted, count - 1)):
        offset, counter = below(key, counter, count - position)
        swap = order[position + offset]
        order[position + offset] = order[position]
        order[position] = swap
    return count


@jit
def _exact_order(seed: np.uint64, round_number: int, held: np.uint64, order: np.ndarray, work: np.ndarray) -> int:
    count = 0
    keys, sortable, starts = work[:52], work[52:104], work[104:169]
    deal_keys(_KEY_PREFIX, _KEY_SEPARATOR, np.uint64(seed), round_number, keys)
    # Sorted by (key, card): the cards dropped into 64 buckets by their key's top six bits, in card order, then
    # an insertion sort, which the buckets leave with almost nothing to do.
    starts[:] = 0
    for card in range(52):
        if not (held >> np.uint64(card)) & _ONE:
            starts[(keys[card] >> np.uint64(26)) + np.uint64(1)] += _ONE
            count += 1
    for bucket in range(64):
        starts[bucket + 1] += starts[bucket]
    for card in range(52):
        if not (held >> np.uint64(card)) & _ONE:
            bucket = keys[card] >> np.uint64(26)
            sortable[starts[bucket]] = (keys[card] << np.uint64(6)) | np.uint64(card)
            starts[bucket] += _ONE
    for position in range(1, count):
        value = sortable[position]
        before = position - 1
        while before >= 0 and sortable[before] > value:
            sortable[before + 1] = sortable[before]
            before -= 1
        sortable[before + 1] = value
    for position in range(count):
        order[position] = sortable[position] & np.uint64(63)
    return count


@jit
def _fast_deck(seed: np.uint64, round_number: int, held: np.uint64, order: np.ndarray) -> int:
    return pack_order(seed, round_number, held, True, order, 52, np.empty(WORK, dtype=np.uint64))


def fast_deck(seed: int, round_number: int, held: int) -> np.ndarray:
    """The whole pack of a round (52 cards less the penalty cards ``held``, a mask) in the order of
    ``deals="fast"``, as `PACK` indices: the deck to give the reference engine's `concombre.deal` for the
    same deal.

    Examples:
        >>> len(fast_deck(1, 2, 0b1111))
        48
    """
    order = np.zeros(52, dtype=np.int64)
    count = _fast_deck(np.uint64(seed), round_number, np.uint64(held), order)
    return order[:count]
