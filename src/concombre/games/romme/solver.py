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

import attrs

from concombre.core.cards import Rank, Suit
from concombre.core.errors import IllegalActionError
from concombre.games.romme.cards import JOKER_VALUE, RommeCard, hand_of, rank_value
from concombre.games.romme.melds import Meld, lay_off

__all__ = ["Arrangement", "best_melds", "best_opening", "clear_cache"]

_SUITS = tuple(Suit)
_FACES = tuple((rank, suit) for suit in Suit for rank in Rank)  # runs are contiguous in this order
_INDEX = {face: index for index, face in enumerate(_FACES)}
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
        >>> from concombre.games.romme.solver import best_melds
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


def _candidate_melds(face: int, counts: tuple[int, ...], jokers: int) -> list[tuple[tuple[int, ...], int]]:
    """Every meld holding ``face`` that the remaining cards allow: (its places as faces or _JOKER, table value)."""
    rank, suit = _FACES[face]
    found: list[tuple[tuple[int, ...], int]] = []
    # Sets: this face, other suits of the rank, jokers for missing suits (R5, R6).
    others = [_INDEX[(rank, other)] for other in _SUITS if other != suit and counts[_INDEX[(rank, other)]]]
    value = rank_value(rank, ace_low=False)
    for mask in range(1 << len(others)):
        chosen = [others[bit] for bit in range(len(others)) if mask >> bit & 1]
        naturals = 1 + len(chosen)
        for used in range(min(jokers, 4 - naturals) + 1):
            size = naturals + used
            if size >= 3 and (used < 2 or naturals >= 2):
                found.append(((face, *chosen, *(_JOKER,) * used), value * size))
    # Runs of this suit through this face; every other place a natural card or a joker.
    numbers = (1, 14) if rank == Rank.ACE else (int(rank),)
    for number in numbers:
        for start in range(max(1, number - 12), number + 1):
            _runs_from(start, number, suit, face, counts, jokers, found)
    return found


def _runs_from(
    start: int, through: int, suit: Suit, face: int, counts: tuple[int, ...], jokers: int,
    found: list[tuple[tuple[int, ...], int]],
) -> None:
    def extend(number: int, places: tuple[int, ...], used: int, naturals: int, value: int) -> None:
        if number > through and len(places) >= 3 and (used < 2 or naturals >= 2):
            found.append((places, value))
        if number > 14 or len(places) == 13 or (start == 1 and number == 14):
            return
        rank = Rank.ACE if number in (1, 14) else Rank(number)
        here = _INDEX[(rank, suit)]
        worth = rank_value(rank, ace_low=number == 1)
        if number == through:
            extend(number + 1, (*places, face), used, naturals + 1, value + worth)
            return
        if (counts[here] and here != face) or (here == face and counts[here] > 1):
            extend(number + 1, (*places, here), used, naturals + 1, value + worth)
        if used < jokers:
            extend(number + 1, (*places, _JOKER), used + 1, naturals, value + worth)

    extend(start, (), 0, 0, 0)


@functools.lru_cache(maxsize=200_000)
def _search(counts: tuple[int, ...], jokers: int, need: int) -> tuple[int, int, tuple[tuple[int, ...], ...]] | None:
    """(value left, table value, melds) of the best arrangement of what remains; None if ``need`` is out of reach."""
    face = next((index for index, count in enumerate(counts) if count), None)
    if face is None:
        return (jokers * JOKER_VALUE, 0, ()) if need <= 0 else None
    best: tuple[int, int, tuple[tuple[int, ...], ...]] | None = None
    rest = list(counts)
    rest[face] -= 1
    kept = _search(tuple(rest), jokers, need)
    if kept is not None:
        best = (kept[0] + _hand_value(face), kept[1], kept[2])
    for places, value in _candidate_melds(face, counts, jokers):
        remaining = list(counts)
        used = 0
        for place in places:
            if place == _JOKER:
                used += 1
            else:
                remaining[place] -= 1
        if min(remaining) < 0:
            continue
        sub = _search(tuple(remaining), jokers - used, max(0, need - value))
        if sub is not None and (best is None or sub[0] < best[0] or (sub[0] == best[0] and sub[1] + value > best[1])):
            best = (sub[0], sub[1] + value, (places, *sub[2]))
    return best


def _arrange(hand: Sequence[RommeCard], need: int, table: Sequence[Meld] = (), seat: int = 0) -> Arrangement | None:
    counts = [0] * len(_FACES)
    jokers = [card for card in hand if card.is_joker]
    naturals: dict[int, list[RommeCard]] = {}
    for card in sorted(hand):
        if not card.is_joker:
            index = _INDEX[(card.rank, card.suit)]  # type: ignore[index]
            counts[index] += 1
            naturals.setdefault(index, []).append(card)
    solved = _search(tuple(counts), len(jokers), need)
    if solved is None:
        return None
    _, table_value, plans = solved
    spare_jokers = sorted(jokers)
    melds = []
    for places in plans:
        melds.append(tuple(spare_jokers.pop(0) if place == _JOKER else naturals[place].pop(0) for place in places))
    left = [card for cards in naturals.values() for card in cards] + spare_jokers
    lay_offs = _lay_offs(left, table, seat) if table else ()
    laid = {card for card, _, _ in lay_offs}
    left = [card for card in left if card not in laid]
    return Arrangement(
        melds=tuple(melds),
        left=tuple(sorted(left)),
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
                    try:
                        melds[index] = lay_off(meld, card, seat, end)
                    except IllegalActionError:  # not fitting is the common case
                        continue
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
    arranged = _arrange(hand_of(hand, "hand", distinct=True), 0, table, seat)
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
