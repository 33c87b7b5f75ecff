"""The melds a hand can make, generated rather than listed (there can be many).

Cards that play alike (the two copies of a card, or two jokers) are offered
once, with the lowest copy, and a run uses a joker only where the hand lacks
the card. The actions built from them (`concombre.games.romme.actions`) are
offered through ``legal_actions``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from operator import attrgetter

from concombre.core.cards import Rank, Suit
from concombre.core.errors import InvalidArgumentError
from concombre.games.romme.cards import RommeCard, hand_of
from concombre.games.romme.melds import make_meld
from concombre.games.romme.rules import face, face_rank, face_suit, run_fits, set_fits

__all__ = ["by_face", "meld_options", "opening_value", "valued_meld_options"]


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
    # Faces by number (`face`), not by (Rank, Suit): enum members hash in Python, and the adapters list the
    # melds of a hand every step.
    faces: dict[int, RommeCard] = {}
    jokers = []
    for card in sorted(hand_of(hand, "hand"), key=_SORTING):  # by key: no Python comparison per pair
        if card.is_joker:
            jokers.append(card)
        else:
            faces.setdefault(face(card.index), card)
    yield from _sets(faces, jokers)
    yield from _runs(faces, jokers)


_SORTING = attrgetter("index")

# For each suit, the face number of each run number 0-14 (1 and 14 are the ace; 0 is never used).
_RUN_FACES = tuple(
    tuple(((12 if number in (1, 14) else number - 2) * 4 + suit) for number in range(15)) for suit in range(4)
)
# What a run's place is worth by its number (R3): the ace 1 low and 11 high, face cards 10.
_RUN_VALUES = (0, 1, *range(2, 11), 10, 10, 10, 11)
_SET_VALUES = (*range(2, 11), 10, 10, 10, 11)  # by rank number 0-12, 2 to ace
_NUMBER_BITS = (*(1 << number for number in range(2, 14)), 1 << 1 | 1 << 14)  # by rank number: its run numbers


def _sets(faces: dict[int, RommeCard], jokers: list[RommeCard]) -> Iterator[tuple[tuple[RommeCard, ...], int]]:
    fewest = 2 if jokers else 3  # a set holds at least two natural cards with jokers, three without (R6)
    by_rank: list[list[RommeCard]] = [[] for _ in range(13)]
    for number, card in faces.items():  # faces are in face order: each rank's cards in suit order
        by_rank[face_rank(number)].append(card)
    for rank, naturals in enumerate(by_rank):
        if len(naturals) < fewest:
            continue
        for size in (3, 4):
            for used_jokers in range(min(len(jokers), size) + 1):
                count = size - used_jokers
                if count > len(naturals):
                    continue
                for group in combinations(naturals, count):
                    if set_fits(_suits(group), count, used_jokers):
                        yield (*group, *jokers[:used_jokers]), _SET_VALUES[rank] * size


def _suits(cards: tuple[RommeCard, ...]) -> int:
    """The suits of natural cards, as a mask (bit `face_suit`)."""
    mask = 0
    for card in cards:
        mask |= 1 << face_suit(face(card.index))
    return mask


def _runs(faces: dict[int, RommeCard], jokers: list[RommeCard]) -> Iterator[tuple[tuple[RommeCard, ...], int]]:
    numbers = [0, 0, 0, 0]  # by suit, a bit for each run number held (the ace twice: 1 and 14)
    for number in faces:
        numbers[face_suit(number)] |= _NUMBER_BITS[face_rank(number)]
    # Without jokers a run starts on three cards in a row; with them, on a natural card no further from
    # its start than the jokers can fill. Other starts are skipped without a walk.
    window, wanted = (7, 7) if not jokers else ((1 << (len(jokers) + 1)) - 1, None)
    for suit, present in enumerate(numbers):
        if not present:
            continue
        row = [faces.get(face) for face in _RUN_FACES[suit]]  # the card held at each run number, or None
        for start in range(1, 13):
            found = present >> start & window
            if not found or (wanted is not None and found != wanted):
                continue
            cards: list[RommeCard] = []
            used = naturals = value = 0
            for number in range(start, 14 if start == 1 else 15):  # the ace plays low or high, never both (R5)
                card = row[number]
                if card is None:
                    if used == len(jokers):
                        break
                    card, used = jokers[used], used + 1
                else:
                    naturals += 1
                cards.append(card)
                value += _RUN_VALUES[number]
                if run_fits(start, naturals, used):
                    yield tuple(cards), value


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
