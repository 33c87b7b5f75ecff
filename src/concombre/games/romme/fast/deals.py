"""Rommé's shuffles, compiled: a round's deck in dealing order and a rebuilt stock's order, exact or fast (R4, R7).

Exact shuffles are the reference engine's (`concombre.games.romme.transitions`): the positions of the cards
sorted by SHAKE-128 sort keys of the deal key (`concombre.games.romme.rules.deal_key`: ``seed, round`` for a
deal, ``seed, round, rebuild`` for a rebuilt stock), four big-endian bytes a position, ties in position order
(`concombre.core.seats.keyed_order`). Fast shuffles are Fisher-Yates shuffles drawn from a SplitMix64 stream
keyed by the seed, the round and the rebuild: uniform and reproducible, but a different stream from the
reference engine's (`fast_deck` and `fast_rebuild` give them, for the reference engine to play the same rounds).

Cards are their sorting indices (`concombre.games.romme.cards.RommeCard.index`: 0-103 the natural cards by rank,
suit and copy, 104-109 the jokers); the game's cards in pack order (`concombre.games.romme.cards.deck`) are
both packs, copy 1 then copy 2, each by rank and suit, then the jokers (`pack_card`).

Examples:
    >>> from concombre.games.romme.fast.deals import exact_deck
    >>> from concombre.games.romme import deal, new_game
    >>> state = deal(new_game(2, seed=7))
    >>> deck = exact_deck(7, 1, 4)
    >>> sorted(card.index for card in state.hands[1]) == sorted(deck[0:26:2].tolist())
    True
"""

from __future__ import annotations

import numpy as np

from concombre.accel.compiled import jit, jit_bare
from concombre.accel.shake import key_layout, sort_keys_into
from concombre.accel.splitmix import below, mix
from concombre.core.errors import InvalidArgumentError
from concombre.core.seats import SEED_LIMIT
from concombre.games.romme.rules import deal_key

__all__ = ["MOST_CARDS", "WORK", "exact_deck", "fast_deck", "fast_rebuild", "pack_card", "shuffled_positions"]

MOST_CARDS = 110
"""The most cards a game holds (two packs and six jokers, R2): the room a shuffle's arrays need.

Examples:
    >>> MOST_CARDS
    110
"""

WORK = 2 * MOST_CARDS + 65 + 25 + 3
"""The room an exact shuffle needs (the keys, the sortable keys, 65 bucket starts, SHAKE-128's 25 lanes, the deal
key's three numbers), which its caller gives, so that a shuffle allocates nothing.

Examples:
    >>> WORK
    313
"""


def _layout() -> tuple[np.ndarray, int]:
    """The deal key's layout: its bytes before the seed and the one byte between its numbers (R4, R7), checked to
    hold for a rebuild's key too."""
    prefix, separator = key_layout(deal_key)
    shown = bytes(prefix.astype(np.uint8))
    if deal_key(12, 34, 5) != shown + b"12" + bytes([separator]) + b"34" + bytes([separator]) + b"5":
        raise InvalidArgumentError(f"Rommé's deal_key must give <prefix><seed>:<round>:<rebuild>, not "
                                   f"{deal_key(12, 34, 5)!r}.", field="deal_key")
    return prefix, separator


_KEY_PREFIX, _KEY_SEPARATOR = _layout()


@jit_bare
def pack_card(position: int) -> int:
    """The card at ``position`` of the game's cards in pack order (`concombre.games.romme.cards.deck`): copy 1 of
    the 52 faces by rank and suit, then copy 2, then the jokers; as its sorting index.

    Examples:
        >>> pack_card(0), pack_card(52), pack_card(1), pack_card(104)
        (0, 1, 2, 104)
    """
    if position >= 104:
        return position
    return (position % 52) * 2 + position // 52


@jit_bare
def shuffled_positions(seed: np.uint64, round_number: int, rebuild: int, count: int, fast: bool, order: np.ndarray,
                       work: np.ndarray) -> None:
    """The positions ``0..count-1`` shuffled, into ``order[:count]``: a round's deal (``rebuild`` 0) or its
    ``rebuild``-th rebuilt stock. Exact: `concombre.core.seats.keyed_order` of the deal key; fast: a Fisher-Yates
    shuffle drawn from SplitMix64 keyed by the seed, the round and the rebuild. ``work``: `WORK` numbers of room.

    Examples:
        >>> import numpy as np
        >>> from concombre.core.seats import keyed_order
        >>> from concombre.games.romme.rules import deal_key
        >>> order = np.zeros(MOST_CARDS, dtype=np.int64)
        >>> shuffled_positions(np.uint64(5), 2, 1, 40, False, order, np.zeros(WORK, dtype=np.uint64))
        >>> order[:40].tolist() == keyed_order(40, deal_key(5, 2, 1))
        True
    """
    for position in range(count):
        order[position] = position
    if fast:
        key = mix(mix(mix(np.uint64(seed)) + np.uint64(round_number)) + np.uint64(rebuild))
        counter = 0
        for position in range(count - 1):
            offset, counter = below(key, counter, count - position)
            swap = order[position + offset]
            order[position + offset] = order[position]
            order[position] = swap
        return
    keys, sortable, starts = work[:MOST_CARDS], work[MOST_CARDS:2 * MOST_CARDS], work[2 * MOST_CARDS:WORK - 28]
    numbers = work[WORK - 3:WORK]  # the deal key's numbers: the seed, the round, and a rebuild's number (R4, R7)
    numbers[0], numbers[1], numbers[2] = np.uint64(seed), np.uint64(round_number), np.uint64(rebuild)
    sort_keys_into(_KEY_PREFIX, _KEY_SEPARATOR, numbers[:3 if rebuild > 0 else 2], count, keys,
                   work[WORK - 28:WORK - 3])
    # Sorted by (key, position): dropped into 64 buckets by the key's top six bits, in position order, then an
    # insertion sort, which the buckets leave with almost nothing to do.
    starts[:] = 0
    for position in range(count):
        starts[(keys[position] >> np.uint64(26)) + np.uint64(1)] += np.uint64(1)
    for bucket in range(64):
        starts[bucket + 1] += starts[bucket]
    for position in range(count):
        bucket = keys[position] >> np.uint64(26)
        sortable[starts[bucket]] = (keys[position] << np.uint64(7)) | np.uint64(position)
        starts[bucket] += np.uint64(1)
    for position in range(1, count):
        value = sortable[position]
        before = position - 1
        while before >= 0 and sortable[before] > value:
            sortable[before + 1] = sortable[before]
            before -= 1
        sortable[before + 1] = value
    for position in range(count):
        order[position] = int(sortable[position] & np.uint64(127))


@jit
def _deck(seed: np.uint64, round_number: int, jokers: int, fast: bool, deck: np.ndarray) -> None:
    work = np.empty(WORK, dtype=np.uint64)
    order = np.empty(MOST_CARDS, dtype=np.int64)
    count = 104 + jokers
    shuffled_positions(seed, round_number, 0, count, fast, order, work)
    for position in range(count):
        deck[position] = pack_card(order[position])


def _checked(seed: object, round_number: object, jokers: object) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise InvalidArgumentError(f"seed must be a whole number from 0 to 2**64 - 1, not {seed!r}.", field="seed")
    if isinstance(round_number, bool) or not isinstance(round_number, int) or not 1 <= round_number < 2**31:
        raise InvalidArgumentError(f"round_number must be a whole number from 1, not {round_number!r}.",
                                   field="round_number")
    if jokers not in (2, 4, 6) or type(jokers) is not int:
        raise InvalidArgumentError(f"jokers must be 2, 4 or 6, not {jokers!r}.", "R2", "jokers")


def exact_deck(seed: int, round_number: int, jokers: int) -> np.ndarray:
    """A round's deck as the reference engine shuffles it (R4), top first, as sorting indices: the deck
    ``deal(state)`` deals for this seed and round.

    Raises:
        InvalidArgumentError: A seed, round or joker count out of range.

    Examples:
        >>> len(exact_deck(1, 1, 6)), sorted(exact_deck(1, 1, 2).tolist()) == list(range(106))
        (110, True)
    """
    _checked(seed, round_number, jokers)
    deck = np.zeros(104 + jokers, dtype=np.int64)
    _deck(np.uint64(seed), round_number, jokers, False, deck)
    return deck


def fast_deck(seed: int, round_number: int, jokers: int) -> np.ndarray:
    """A round's deck as ``deals="fast"`` shuffles it, top first, as sorting indices: the deck to give the
    reference engine's ``deal(state, deck)`` for the same round.

    Raises:
        InvalidArgumentError: A seed, round or joker count out of range.

    Examples:
        >>> deck = fast_deck(7, 1, 4)
        >>> sorted(deck.tolist()) == list(range(108)), (deck == fast_deck(7, 2, 4)).all()
        (True, np.False_)
    """
    _checked(seed, round_number, jokers)
    deck = np.zeros(104 + jokers, dtype=np.int64)
    _deck(np.uint64(seed), round_number, jokers, True, deck)
    return deck


@jit
def _positions(seed: np.uint64, round_number: int, rebuild: int, count: int, fast: bool, order: np.ndarray) -> None:
    shuffled_positions(seed, round_number, rebuild, count, fast, order, np.empty(WORK, dtype=np.uint64))


def fast_rebuild(seed: int, round_number: int, rebuild: int, count: int) -> np.ndarray:
    """The order ``deals="fast"`` gives a rebuilt stock (R7): the positions of the ``count`` cards of the discard pile
    below its top, the first the stock's bottom; the reference engine's rebuild is
    ``keyed_order(count, deal_key(seed, round_number, rebuild))``.

    Raises:
        InvalidArgumentError: A seed, round, rebuild or count out of range.

    Examples:
        >>> sorted(fast_rebuild(3, 1, 1, 20).tolist()) == list(range(20))
        True
    """
    _checked(seed, round_number, 4)
    if isinstance(rebuild, bool) or not isinstance(rebuild, int) or not 1 <= rebuild <= 3:
        raise InvalidArgumentError(f"rebuild must be 1, 2 or 3, not {rebuild!r}.", "R12", "rebuild")
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MOST_CARDS:
        raise InvalidArgumentError(f"count must be a whole number from 0 to {MOST_CARDS}, not {count!r}.",
                                   field="count")
    order = np.zeros(MOST_CARDS, dtype=np.int64)
    _positions(np.uint64(seed), round_number, rebuild, count, True, order)
    return order[:count]
