"""The melds a hand can make, generated rather than listed (there can be many).

Cards that play alike (the two copies of a card, or two jokers) are offered
once, with the lowest copy, and a run uses a joker only where the hand lacks
the card. The actions built from them (`concombre.games.romme.actions`) are
offered through ``legal_actions``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations
from operator import attrgetter, itemgetter
from typing import Any

from concombre.core.cards import Rank, Suit
from concombre.core.errors import InvalidArgumentError
from concombre.games.romme.cards import MOST_CARDS, RommeCard, hand_of
from concombre.games.romme.melds import make_meld
from concombre.games.romme.rules import (
    FACES,
    JOKER_FACE,
    face,
    face_rank,
    face_suit,
    opens,
    run_fits,
    run_number,
    set_fits,
)

__all__ = ["by_face", "meld_options", "opening_groups", "opening_value", "valued_meld_options", "valued_options"]


def by_face(hand: Sequence[RommeCard]) -> tuple[dict[tuple[Rank, Suit], RommeCard], list[RommeCard]]:
    """The lowest copy of each face in ``hand``, and its jokers in order.

    Examples:
        >>> from concombre.romme import cards_of
        >>> faces, jokers = by_face(cards_of("QH2 QH1 JK2"))
        >>> [str(card) for card in faces.values()], [str(card) for card in jokers]
        (['QH1'], ['JK2'])
    """
    faces: dict[tuple[Rank, Suit], RommeCard] = {}
    jokers = []
    for card in sorted(hand_of(hand, "hand")):
        if card.is_joker:
            jokers.append(card)
        else:
            faces.setdefault((card.rank, card.suit), card)  # type: ignore[arg-type]
    return faces, jokers


def meld_options(hand: Sequence[RommeCard]) -> Iterator[tuple[RommeCard, ...]]:
    """Every meld these cards can make (R5, R6), each as its cards in place order.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> [" ".join(map(str, meld)) for meld in meld_options(cards_of("5H1 6H1 7H1 7S1 7D2"))]
        ['7D2 7H1 7S1', '5H1 6H1 7H1']
    """
    for meld, _ in valued_meld_options(hand):
        yield meld


def valued_meld_options(hand: Sequence[RommeCard]) -> Iterator[tuple[tuple[RommeCard, ...], int]]:
    """`meld_options`, each meld with what it is worth (R3): ``opening_value([meld])`` without building the meld.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> [(" ".join(map(str, meld)), value) for meld, value in valued_meld_options(cards_of("AH1 2H1 JK1 QS1"))]
        [('AH1 2H1 JK1', 6)]
    """
    yield from valued_options(hand_of(hand, "hand"))


def valued_options(hand: Sequence[RommeCard]) -> list[tuple[tuple[RommeCard, ...], int]]:
    """`valued_meld_options` as a list, for the engine's own hands. An inner step of `legal_actions`, it trusts its
    argument: ask `valued_meld_options` with any cards.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> [(" ".join(map(str, meld)), value) for meld, value in valued_options(cards_of("5H1 6H1 7H1"))]
        [('5H1 6H1 7H1', 18)]
    """
    return [(option[0], option[1]) for option in _options(hand)]


_Option = tuple[tuple[RommeCard, ...], int, int, int, tuple[int, ...]]
"""A meld a hand can make, as `_options` gives it: its cards in place order, what it is worth (R3), the faces
it takes as a count vector (`_count_vector`), the most its cards could be worth in any meld (a bound for the
searches), and its slots (the faces it takes, ``JOKER_FACE + 1 + k`` for the hand's k-th joker)."""

# A hand's cards by face, in one list: the lowest copy of each natural face at its face, and the jokers, lowest
# first, after `JOKER_FACE` (slot JOKER_FACE + 1 + k for the k-th). The patterns below name cards by slot.
_JOKER_SLOT = JOKER_FACE + 1
_FACE_OF: tuple[int, ...] = tuple(face(index) for index in range(MOST_CARDS))  # `face`, by sorting index
_RANK_OF: tuple[int, ...] = tuple(face_rank(number) for number in range(FACES))
_SUIT_OF: tuple[int, ...] = tuple(face_suit(number) for number in range(FACES))
_FACE_AT: tuple[tuple[int, ...], ...] = tuple(  # by rank, the face of each suit
    tuple(next(number for number in range(FACES) if _RANK_OF[number] == rank and _SUIT_OF[number] == suit)
          for suit in range(4)) for rank in range(13))
_ROW: tuple[tuple[int, ...], ...] = tuple(  # by suit, the face at each run number 1-14 (the ace at 1 and 14)
    tuple(next((number for number in range(FACES) if _SUIT_OF[number] == suit and number_ in (
        run_number(_RANK_OF[number], True), run_number(_RANK_OF[number], False))), -1) for number_ in range(15))
    for suit in range(4))
_COUNT_BITS = 4
"""Bits of each face's field in a `_count_vector`: counts up to 7 (two copies, six jokers) and a guard bit."""
_GUARDS = sum(1 << (_COUNT_BITS * number + _COUNT_BITS - 1) for number in range(JOKER_FACE + 1))
_MOST_VALUE = 11
"""The most a card is worth in a meld (R3): an ace, or a joker standing for one."""

# What a run's place is worth by its number (R3): the ace 1 low and 11 high, face cards 10.
_RUN_VALUES = (0, 1, *range(2, 11), 10, 10, 10, 11)
_SET_VALUES = (*range(2, 11), 10, 10, 10, 11)  # by rank number 0-12, 2 to ace
_NUMBER_BITS = (*(1 << number for number in range(2, 14)), 1 << 1 | 1 << 14)  # by rank number: its run numbers
_TOP_VALUE = (*(_SET_VALUES[_RANK_OF[number]] for number in range(FACES)), _MOST_VALUE)  # by face
_FACE_FACTS = tuple((_RANK_OF[number], 1 << _SUIT_OF[number], _SUIT_OF[number], _NUMBER_BITS[_RANK_OF[number]])
                    for number in range(FACES))
"""By natural face: its rank, its suit as a bit, its suit, and its run numbers (a mask): what `_options` notes."""


def _count_vector(faces: Iterable[int]) -> int:
    """Faces (`face`, jokers `JOKER_FACE`) as one int, a field of `_COUNT_BITS` bits a face holding its count:
    whether a hand holds a meld's faces is one subtraction (a field that borrows clears its guard bit), and taking
    them out another.

    Examples:
        >>> held = _count_vector([0, 0, 52])
        >>> [((held | _GUARDS) - _count_vector(meld)) & _GUARDS == _GUARDS for meld in ([0, 52], [0, 0, 0])]
        [True, False]
    """
    vector = 0
    for number in faces:
        vector += 1 << (_COUNT_BITS * number)
    return vector


def _slot_face(slot: int) -> int:
    return slot if slot < _JOKER_SLOT else JOKER_FACE


_Pattern = tuple[Callable[[list[Any]], tuple[RommeCard, ...]], int, int, int, tuple[int, ...]]
"""A meld by slot, for any hand: what takes its cards from a hand's slots, its value, its faces' count vector,
the most its cards could be worth, and its slots."""


def _pattern(slots: tuple[int, ...], value: int) -> _Pattern:
    faces = [_slot_face(slot) for slot in slots]
    return itemgetter(*slots), value, _count_vector(faces), sum(_TOP_VALUE[number] for number in faces), slots


_RUN_PATTERNS: dict[int, tuple[_Pattern, ...]] = {}


def _set_patterns(rank: int, suits: int, jokers: int) -> tuple[_Pattern, ...]:
    """The sets of ``rank`` that naturals of the suits ``suits`` (a mask) and ``jokers`` jokers make (R5, R6),
    by slot, in the order `meld_options` gives them: by size, then jokers used, then the naturals' suits."""
    naturals = [_FACE_AT[rank][suit] for suit in range(4) if suits >> suit & 1]
    found = []
    if len(naturals) >= (2 if jokers else 3):  # a set holds at least two natural cards with jokers, three without
        for size in (3, 4):
            for used in range(min(jokers, size) + 1):
                count = size - used
                if count > len(naturals):
                    continue
                for group in combinations(naturals, count):
                    held = 0
                    for number in group:
                        held |= 1 << _SUIT_OF[number]
                    if set_fits(held, count, used):
                        found.append(_pattern((*group, *range(_JOKER_SLOT, _JOKER_SLOT + used)),
                                              _SET_VALUES[rank] * size))
    return tuple(found)


def _run_patterns(suit: int, present: int, jokers: int) -> tuple[_Pattern, ...]:
    """The runs of ``suit`` that the run numbers ``present`` (a mask, the ace at 1 and 14) and ``jokers`` jokers
    make (R5, R6), by slot, in the order `meld_options` gives them: by start, then length."""
    # Without jokers a run starts on three cards in a row; with them, on a natural card no further from
    # its start than the jokers can fill. Other starts are skipped without a walk.
    window, wanted = (7, 7) if not jokers else ((1 << (jokers + 1)) - 1, None)
    row = _ROW[suit]
    found = []
    for start in range(1, 13):
        seen = present >> start & window
        if not seen or (wanted is not None and seen != wanted):
            continue
        slots: list[int] = []
        used = naturals = value = 0
        for number in range(start, 14 if start == 1 else 15):  # the ace plays low or high, never both (R5)
            if present >> number & 1:
                slots.append(row[number])
                naturals += 1
            else:
                if used == jokers:
                    break
                slots.append(_JOKER_SLOT + used)
                used += 1
            value += _RUN_VALUES[number]
            if run_fits(start, naturals, used):
                found.append(_pattern(tuple(slots), value))
    return tuple(found)


def _options(hand: Sequence[RommeCard]) -> list[_Option]:
    """Every meld ``hand`` can make (R5, R6), in `meld_options` order: the sets by rank, then the runs by suit.

    The melds of a rank or a suit depend only on which of its faces the hand holds and on its jokers: each
    such pattern is worked out once and remembered, and a hand's melds are its patterns with its own cards.
    """
    slots: list[RommeCard | None] = [None] * _JOKER_SLOT
    jokers: list[RommeCard] = []
    ranks = [0] * 13  # by rank, the suits held (a mask)
    suits = [0, 0, 0, 0]  # by suit, the run numbers held (the ace twice: 1 and 14)
    pairs = 0  # the ranks of two suits or more: the only ones a set can be made of (R5, R6)
    for card in hand:
        index = card.index
        number = _FACE_OF[index]
        if number == JOKER_FACE:
            jokers.append(card)
            continue
        held = slots[number]
        if held is None:
            slots[number] = card
            rank, suit_bit, suit, run_bits = _FACE_FACTS[number]
            if ranks[rank]:
                pairs |= 1 << rank
            ranks[rank] |= suit_bit
            suits[suit] |= run_bits
        elif index < held.index:
            slots[number] = card
    if len(jokers) > 1:
        jokers.sort(key=_SORTING)
    slots += jokers
    count = len(jokers)
    found: list[_Option] = []
    if pairs:
        sets = _SET_PATTERNS[min(count, 4)] or _sets_with(min(count, 4))  # a set takes at most four jokers
        while pairs:  # by rank, lowest first
            lowest = pairs & -pairs
            pairs ^= lowest
            rank = lowest.bit_length() - 1
            for take, value, needed, most, pattern in sets[rank][ranks[rank]]:
                found.append((take(slots), value, needed, most, pattern))
    for suit, present in enumerate(suits):
        if present:
            key = (present << 2 | suit) * (MOST_CARDS + 1) + count
            patterns = _RUN_PATTERNS.get(key)
            if patterns is None:
                patterns = _run_patterns_of(key, suit, present, count)
            for take, value, needed, most, pattern in patterns:
                found.append((take(slots), value, needed, most, pattern))
    return found


_Sets = tuple[tuple[tuple[_Pattern, ...], ...], ...]

_SET_PATTERNS: list[_Sets | None] = [None] * 5
"""The sets of every rank, by jokers held (up to four), rank and suits held: worked out once, when first asked."""


def _sets_with(jokers: int) -> _Sets:
    sets = _SET_PATTERNS[jokers] = tuple(tuple(_set_patterns(rank, suits, jokers) for suits in range(16))
                                         for rank in range(13))
    return sets


_MOST_PATTERNS = 1 << 16
"""How many suits' run patterns are remembered before the memory is emptied (a few MB at most)."""


def _run_patterns_of(key: int, suit: int, present: int, jokers: int) -> tuple[_Pattern, ...]:
    """`_run_patterns`, remembered under ``key`` (for the run numbers ``present``) and under the numbers that
    matter: a natural card lies in a run only beside another no further away than the jokers can bridge (a run
    holds two natural cards, R6, each next to another but for jokers), so the others are left out of the key and
    the many hands that differ by them share their runs."""
    reach = 0
    for distance in range(1, jokers + 2):
        reach |= present >> distance | present << distance
    kept = present & reach
    common = (kept << 2 | suit) * (MOST_CARDS + 1) + jokers
    patterns = _RUN_PATTERNS.get(common)
    if patterns is None:
        patterns = _run_patterns(suit, kept, jokers) if kept else ()
    if len(_RUN_PATTERNS) > _MOST_PATTERNS:
        _RUN_PATTERNS.clear()
    _RUN_PATTERNS[key] = _RUN_PATTERNS[common] = patterns
    return patterns


def opening_groups(hand: Sequence[RommeCard], opening: int) -> Iterator[tuple[tuple[RommeCard, ...], ...]]:
    """Every group of disjoint melds of ``hand`` worth ``opening`` together (R8), each its melds' cards: the
    groups of `meld_options` in their order (a meld may come twice where the hand holds two copies), a face
    used again taking its next copy, or the next joker. Trusts its arguments: ask `opening_actions` with a state.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> [[" ".join(map(str, meld)) for meld in group] for group in opening_groups(cards_of(
        ...     "KH1 KS1 KD1 KD2 AC1 2C1 3C1 4C1"), 40)]
        [['KD1 KH1 KS1', 'AC1 2C1 3C1 4C1']]
        >>> len(list(opening_groups(cards_of("KH1 KS1 KD1 KD2 AC1 2C1 3C1 4C1 JK1"), 40)))
        11
    """
    options = _options(hand)
    if not options:
        return
    used = 0  # the faces some option takes: no other card can add to a group's worth
    for option in options:
        used |= option[2]
    held = most = 0
    for card in hand:
        number = _FACE_OF[card.index]
        held += _UNITS[number]
        if used & _FIELDS[number]:
            most += _TOP_VALUE[number]
    copies: list[list[RommeCard]] | None = None
    for group, taken in _groups(options, held, most, opening):
        if not taken & _TWICE:  # no face taken twice: each meld takes the lowest copies, as its option does
            yield tuple([options[number][0] for number in group])
            continue
        if copies is None:
            copies = _copies(hand)
        yield _with_copies([options[number][4] for number in group], copies)


_UNITS = tuple(_count_vector([number]) for number in range(JOKER_FACE + 1))
"""Each face's count vector (`_count_vector`) alone: a hand's is their sum."""

_FIELDS = tuple((1 << _COUNT_BITS) - 1 << (_COUNT_BITS * number) for number in range(JOKER_FACE + 1))
"""Each face's field of a count vector (`_count_vector`), all its bits."""

_TWICE = sum(0b110 << (_COUNT_BITS * number) for number in range(JOKER_FACE + 1))
"""The bits of a count vector's fields that say a face is counted twice or more."""


def _groups(options: list[_Option], held: int, most: int, opening: int) -> list[tuple[tuple[int, ...], int]]:
    """The groups of ``options`` (by number, each in order, an option again where the faces allow) that the hand's
    faces ``held`` (a count vector) can make together, worth ``opening``, depth first: each with the faces it
    takes (a count vector).

    ``most`` bounds what the cards held could add (those some option takes, each at its most worth in a meld):
    where even that falls short of the opening, no group opens
    below and none is tried. An option the faces left cannot make is not tried again below."""
    needs = [option[2] for option in options]
    values = [option[1] for option in options]
    tops = [option[3] for option in options]
    found: list[tuple[tuple[int, ...], int]] = []

    def extend(feasible: list[int], held: int, most: int, worth: int, chosen: tuple[int, ...]) -> None:
        # ``feasible``: the options the faces ``held`` can make (every option of the hand, at the root)
        for position, index in enumerate(feasible):
            group = (*chosen, index)
            value = worth + values[index]
            need = needs[index]
            if opens(value, opening):
                found.append((group, everything - held + need))
            left = most - tops[index]
            if opens(value + left, opening):
                rest = (held - need) | _GUARDS  # whether the faces left hold an option's (see `_count_vector`)
                below = [other for other in feasible[position:] if (rest - needs[other]) & _GUARDS == _GUARDS]
                if below:
                    extend(below, held - need, left, value, group)

    everything = held
    if opens(most, opening):
        extend(list(range(len(options))), held, most, 0, ())
    return found


def _copies(hand: Sequence[RommeCard]) -> list[list[RommeCard]]:
    """The hand's cards by face (`face`, jokers at `JOKER_FACE`), each face's copies lowest first."""
    copies: list[list[RommeCard]] = [[] for _ in range(JOKER_FACE + 1)]
    for card in sorted(hand, key=_SORTING):
        copies[_FACE_OF[card.index]].append(card)
    return copies


def _with_copies(melds: list[tuple[int, ...]], copies: list[list[RommeCard]]) -> tuple[tuple[RommeCard, ...], ...]:
    """Melds given by slot (see `_Option`) with the hand's own cards: each further use of a face takes its next
    copy, or the next joker."""
    taken = [0] * (JOKER_FACE + 1)
    found = []
    for slots in melds:
        cards = []
        for slot in slots:
            number = _slot_face(slot)
            cards.append(copies[number][taken[number]])
            taken[number] += 1
        found.append(tuple(cards))
    return tuple(found)


_SORTING = attrgetter("index")


def opening_value(melds: Sequence[Sequence[RommeCard]]) -> int:
    """What these melds are worth together (R3), as an opening counts them (R8).

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> opening_value([cards_of("KH1 KS1 KD1"), cards_of("JK1 2C1 3C1")])
        36
    """
    if isinstance(melds, (str, bytes)) or not isinstance(melds, (list, tuple)):
        raise InvalidArgumentError(f"melds must be a sequence of melds, each a sequence of cards, not {melds!r}.",
                                   field="melds")
    return sum(make_meld(hand_of(meld, "melds"), 0).value for meld in melds)
