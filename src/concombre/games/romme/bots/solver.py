"""The meld solver: the melds a hand can make that leave the least value in it (R3, R5, R6, R8).

`best_melds` finds, exactly, the arrangement of a hand into valid melds that
leaves the least value in the hand (ace 11, joker 20); `best_opening` does
the same among arrangements worth at least the opening (R8) on the table.
The search works on faces (rank and suit) with their counts, so the two
copies of a card cost nothing extra, and remembers what it solved.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from operator import attrgetter

import attrs

from concombre.core.cards import Rank, Suit
from concombre.core.errors import InvalidArgumentError
from concombre.games.romme.cards import JOKER_VALUE, RommeCard, hand_of, rank_value
from concombre.games.romme.melds import Meld, laid_off, seat_number, table_of
from concombre.games.romme.rules import face, opens, run_face, run_fits, set_fits

__all__ = ["Arrangement", "best_melds", "best_opening", "clear_cache"]

_SUITS = tuple(Suit)
_FACES = tuple((rank, suit) for suit in Suit for rank in Rank)  # runs are contiguous in this order: `run_face`'s
_INDEX = {face: index for index, face in enumerate(_FACES)}
_SORTING = attrgetter("index")
_JOKER = -1


@attrs.frozen
class Arrangement:
    """Melds to put down and the cards left in hand.

    Attributes:
        melds: The melds, each its cards in place order.
        left: The cards left in the hand.
        left_value: What the cards left in the hand are worth (R3).
        table_value: What the melds are worth on the table (R3), as an opening counts it.
        lay_offs: Cards to lay off on the table's melds afterwards, as
            (card, meld number, end).

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> from concombre.games.romme.bots.solver import best_melds
        >>> found = best_melds(cards_of("5H1 6H1 7H1 7S1 7D1 KC1"))
        >>> [" ".join(map(str, meld)) for meld in found.melds], found.left_value
        (['7D1 7H1 7S1'], 21)
    """

    melds: tuple[tuple[RommeCard, ...], ...]
    left: tuple[RommeCard, ...]
    left_value: int
    table_value: int
    lay_offs: tuple[tuple[RommeCard, int, str | None], ...] = ()


def _hand_value(face: int) -> int:
    return rank_value(_FACES[face][0], ace_low=False)


# What remains of a hand is one int: two bits per face hold its count (0-2), so that taking a meld out
# is one subtraction and the memo hashes a number, not a 52-tuple.
_LOW_BITS = sum(1 << (2 * face) for face in range(len(_FACES)))
_HAND_VALUES = tuple(_hand_value(face) for face in range(len(_FACES)))
_SUIT_OF = tuple(_SUITS.index(suit) for _, suit in _FACES)  # `face_suit`, in the solver's numbering
_RANK_FACES = tuple(tuple(_INDEX[(rank, suit)] for suit in _SUITS) for rank, _ in _FACES)

Frontier = tuple[tuple[int, int, tuple[tuple[int, ...], ...]], ...]
"""The arrangements worth knowing: (value left, table value, melds), none with more left and less on the table."""


def _present(counts: int) -> int:
    """One bit per face (at its field's low bit) for the faces the hand holds."""
    return (counts | counts >> 1) & _LOW_BITS


@functools.lru_cache(maxsize=100_000)
def _melds_through(face: int, present: int, jokers: int) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    """Every meld holding ``face`` that faces ``present`` and ``jokers`` allow: (faces taken, jokers, value, places).

    ``face`` is the lowest face the hand holds (the search always melds that one first).

    Only the faces of ``face``'s suit and rank matter, so the caller passes just those: the candidates of a
    face are then worked out once for many of the search's subproblems (that was 90% of its time).
    """
    rank, suit = _FACES[face]
    found: list[tuple[tuple[int, ...], int]] = []
    # Sets: this face, other suits of the rank, jokers for missing suits (R5, R6).
    others = [other for other in _RANK_FACES[face] if other != face and present >> (2 * other) & 1]
    value = rank_value(rank, ace_low=False)
    for mask in range(1 << len(others)):
        chosen = [others[bit] for bit in range(len(others)) if mask >> bit & 1]
        naturals = 1 + len(chosen)
        suits = 1 << _SUIT_OF[face]
        for other in chosen:
            suits |= 1 << _SUIT_OF[other]
        for used in range(min(jokers, 4 - naturals) + 1):
            if set_fits(suits, naturals, used):
                found.append(((face, *chosen, *(_JOKER,) * used), value * (naturals + used)))
    # Runs of this suit through this face; every other place a natural card or a joker. The search passes
    # the lowest face left, so the places below it are jokers (or a low ace): a run starts at most
    # ``jokers`` places below it, one more with a low ace.
    numbers = (1, 14) if rank == Rank.ACE else (int(rank),)
    for number in numbers:
        for start in range(max(1, number - jokers - 1), number + 1):
            _runs_from(start, number, suit, face, present, jokers, found)
    return tuple(
        (sum(1 << (2 * place) for place in places if place != _JOKER), places.count(_JOKER), meld_value, places)
        for places, meld_value in found
    )


# For each suit, the face at each run number 1-14 (1 and 14 are the ace), and each number's value (R3).
_FACE_AT: tuple[tuple[int, ...], ...] = tuple(
    (-1, *(_INDEX[(Rank.ACE if number in (1, 14) else Rank(number), suit)] for number in range(1, 15)))
    for suit in _SUITS
)
_VALUE_AT = (0, *(rank_value(Rank.ACE if number in (1, 14) else Rank(number), ace_low=number == 1)
                  for number in range(1, 15)))


def _runs_from(
    start: int, through: int, suit: Suit, face: int, present: int, jokers: int,
    found: list[tuple[tuple[int, ...], int]],
) -> None:
    """Every run of ``suit`` from ``start`` that holds ``face`` at ``through``, each other place natural or a joker."""
    face_at = _FACE_AT[_SUITS.index(suit)]
    last = 13 if start == 1 else 14  # never round the corner: a run has one ace at most (R5)
    stack: list[tuple[int, tuple[int, ...], int, int, int]] = [(start, (), 0, 0, 0)]
    while stack:
        number, places, used, naturals, value = stack.pop()
        if number > through and run_fits(start, naturals, used):
            found.append((places, value))
        if number > last or len(places) == 13:
            continue
        worth = _VALUE_AT[number]
        if number == through:
            stack.append((number + 1, (*places, face), used, naturals + 1, value + worth))
            continue
        here = face_at[number]
        if here != face and present >> (2 * here) & 1:
            stack.append((number + 1, (*places, here), used, naturals + 1, value + worth))
        if used < jokers:
            stack.append((number + 1, (*places, _JOKER), used + 1, naturals, value + worth))


def _suit_and_rank(face: int) -> int:
    """The bits of ``_present`` that a meld through ``face`` can use: its suit's faces and its rank's."""
    suit = _SUIT_OF[face]
    mask = ((1 << 26) - 1) << (26 * suit)
    for other in _RANK_FACES[face]:
        mask |= 3 << (2 * other)
    return mask & _LOW_BITS


_RELEVANT = tuple(_suit_and_rank(face) for face in range(len(_FACES)))


@functools.lru_cache(maxsize=200_000)
def _search(counts: int, jokers: int) -> Frontier:
    """Every worthwhile arrangement of what remains (see `Frontier`), best (least left) first."""
    if not counts:
        return ((jokers * JOKER_VALUE, 0, ()),)
    face = ((counts & -counts).bit_length() - 1) >> 1  # the lowest face left: every meld of it is tried here
    options: list[tuple[int, int, tuple[tuple[int, ...], ...]]] = []
    worth = _HAND_VALUES[face]
    for left, table, melds in _search(counts - (1 << (2 * face)), jokers):  # the card stays in the hand
        options.append((left + worth, table, melds))
    present = _present(counts) & _RELEVANT[face]
    for taken, used, value, places in _melds_through(face, present, jokers):
        for left, table, melds in _search(counts - taken, jokers - used):
            options.append((left, table + value, (places, *melds)))
    options.sort(key=lambda option: (option[0], -option[1]))
    frontier, most = [], -1
    for option in options:  # keep an arrangement only if it puts more on the table than every one leaving less
        if option[1] > most:
            frontier.append(option)
            most = option[1]
    return tuple(frontier)


def _arrange(hand: Sequence[RommeCard], need: int, table: Sequence[Meld] = (), seat: int = 0) -> Arrangement | None:
    counts = 0
    jokers = [card for card in hand if card.is_joker]
    naturals: dict[int, list[RommeCard]] = {}
    for card in sorted(hand, key=_SORTING):
        if not card.is_joker:
            index = run_face(face(card.index))
            counts += 1 << (2 * index)
            naturals.setdefault(index, []).append(card)
    # The frontier is best first: the first arrangement worth the opening leaves the least (R8).
    solved = next((option for option in _search(counts, len(jokers)) if opens(option[1], need)), None)
    if solved is None:
        return None
    _, table_value, plans = solved
    spare_jokers = sorted(jokers, key=_SORTING)
    melds = []
    for places in plans:
        melds.append(tuple(spare_jokers.pop(0) if place == _JOKER else naturals[place].pop(0) for place in places))
    left = [card for cards in naturals.values() for card in cards] + spare_jokers
    lay_offs = _lay_offs(left, table, seat) if table else ()
    laid = {card for card, _, _ in lay_offs}
    left = [card for card in left if card not in laid]
    return Arrangement(
        melds=tuple(melds),
        left=tuple(sorted(left, key=_SORTING)),
        left_value=sum(card.hand_value for card in left),
        table_value=table_value,
        lay_offs=lay_offs,
    )


def _lay_offs(left: list[RommeCard], table: Sequence[Meld], seat: int) -> tuple[tuple[RommeCard, int, str | None], ...]:
    """Cards of ``left`` that fit the table's melds, laid off one after another (highest value first)."""
    melds = list(table)
    done: list[tuple[RommeCard, int, str | None]] = []
    progress = True
    while progress:
        progress = False
        for card in sorted(left, key=lambda card: -card.hand_value):
            if any(card == laid for laid, _, _ in done):
                continue
            for index, meld in enumerate(melds):
                for end in ("low", "high") if meld.kind == "run" else (None,):
                    grown = laid_off(meld, card, seat, end)
                    if grown is None:  # not fitting is the common case
                        continue
                    melds[index] = grown
                    done.append((card, index, end))
                    progress = True
                    break
                else:
                    continue
                break
    return tuple(done)


def best_melds(hand: Sequence[RommeCard], table: Sequence[Meld] = (), seat: int = 0) -> Arrangement:
    """The melds that leave the least value in ``hand`` (R3), exactly; then lay-offs onto ``table``.

    Lay-offs onto the table's melds (for a player who has opened, R9) are
    added afterwards, one card at a time while any fits.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> found = best_melds(cards_of("QH1 QS1 QD1 QC2 JK1 3H1 4H1"))
        >>> sorted(" ".join(map(str, meld)) for meld in found.melds), found.left_value
        (['3H1 4H1 JK1', 'QC2 QD1 QH1 QS1'], 0)
    """
    arranged = _arrange(hand_of(hand, "hand", distinct=True), 0, table_of(table, "table"), seat_number(seat, "seat"))
    assert arranged is not None
    return arranged


def best_opening(hand: Sequence[RommeCard], opening: int = 40) -> Arrangement | None:
    """Among arrangements whose melds are worth ``opening`` or more on the table (R8), the one leaving the least.

    None when the hand cannot open.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> best_opening(cards_of("KH1 KS1 KD1 2C1 5D1")) is None     # 30 is not enough
        True
        >>> best_opening(cards_of("KH1 KS1 KD1 AC1 2C1 3C1 4C1")).table_value
        40
    """
    if isinstance(opening, bool) or not isinstance(opening, int) or opening < 0:
        raise InvalidArgumentError(f"opening must be a whole number of points, such as 40, not {opening!r}.", "R8",
                                   "opening")
    return _arrange(hand_of(hand, "hand", distinct=True), opening)


def clear_cache() -> None:
    """Forget every search the solver remembers, so that the next one is timed from scratch.

    Examples:
        >>> from concombre.romme import cards_of
        >>> clear_cache()
        >>> len(best_melds(cards_of("QH1 QS1 QD1 2C1")).melds)
        1
    """
    _search.cache_clear()
    _melds_through.cache_clear()
