"""The card model shared by every game: ranks, suits, a card's identity and the 52-card pack.

What a card is worth is each game's business: Concombre's values are in
`concombre.games.concombre.rules` (C2), Rommé's in `concombre.games.romme.cards` (R3).

Cards are values: two `Card` objects with the same rank and suit are equal and
hash alike. Inside game states a card is stored as its *index* in `PACK`
(``0..51``, ascending rank, then suit in the order clubs, diamonds, hearts,
spades), and a set of cards as an integer bitmask over those indices; the
public API always hands out `Card` objects.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from typing import Any

import attrs

from concombre.core.errors import InvalidArgumentError
from concombre.core.i18n import _

__all__ = ["PACK", "Card", "Rank", "Suit", "plain_card_text"]


class Rank(enum.IntEnum):
    """A card's rank, numbered 2 to 14 in rank order, ace high.

    The number orders the ranks; what a rank is worth is each game's own rule.

    Examples:
        >>> from concombre import Rank
        >>> Rank.QUEEN > Rank.JACK, int(Rank.ACE), Rank.TEN.symbol
        (True, 14, 'T')
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The one-character name used in card codes: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_SYMBOLS[self]

    @property
    def label(self) -> str:
        """The name people write and a card's corner shows: ``10`` for the ten, else `symbol`."""
        return "10" if self is Rank.TEN else _RANK_SYMBOLS[self]


class Suit(enum.Enum):
    """A card's suit: clubs, diamonds, hearts or spades, written C, D, H, S.

    Examples:
        >>> from concombre import Suit
        >>> Suit("H"), Suit.SPADES.value
        (<Suit.HEARTS: 'H'>, 'S')
    """

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The suit as people write it: ``♣``, ``♦``, ``♥``, ``♠``."""
        return _SUIT_SYMBOLS_OF[self.value]


_SUIT_SYMBOLS_OF = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_RANK_SYMBOLS = {rank: str(rank.value) for rank in Rank if rank < Rank.TEN} | {
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_BY_TEXT = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()} | {"10": Rank.TEN}
_SUIT_ORDER = {suit: position for position, suit in enumerate(Suit)}


def _to_rank(value: Any) -> Rank:
    if isinstance(value, Rank):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 14:
        return Rank(value)
    raise InvalidArgumentError(f"A card's rank must be a Rank or a number from 2 to 14, not {value!r}.", "C2", "rank")


def _to_suit(value: Any) -> Suit:
    if isinstance(value, Suit):
        return value
    if isinstance(value, str) and value.upper() in ("C", "D", "H", "S"):
        return Suit(value.upper())
    raise InvalidArgumentError(f"A card's suit must be a Suit or one of C, D, H, S, not {value!r}.", "C2", "suit")


@functools.total_ordering
@attrs.frozen(cache_hash=True, order=False, repr=False)
class Card:
    """A playing card: a rank and a suit.

    Cards compare by rank first and then by suit (clubs < diamonds < hearts <
    spades), the order of `PACK`.

    Attributes:
        rank: The rank; an int 2..14 is accepted and converted.
        suit: The suit; a letter C, D, H or S is accepted and converted.
        index: Derived: the card's place in `PACK` (0 for 2C .. 51 for AS), the form the engines' bit masks
            and the rules' functions use.

    Examples:
        >>> from concombre import Card, Rank, Suit
        >>> card = Card(Rank.QUEEN, Suit.HEARTS)
        >>> card == Card.parse("qh"), str(card)
        (True, 'QH')
        >>> str(Card.parse("10s")), Card.parse("TS") < Card.parse("JC")
        ('TS', True)
    """

    rank: Rank = attrs.field(converter=_to_rank)
    suit: Suit = attrs.field(converter=_to_suit)
    index: int = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "index", _index_of(self.rank, self.suit))

    @classmethod
    def parse(cls, text: Card | str) -> Card:
        """Read a card written as rank then suit: ``"QH"``, ``"10h"``, ``"Ts"``, ``"10♥"``, ``"q♥"``.

        Ten may be written ``T`` or ``10``; letters may be either case; a suit may be its letter or its
        symbol, as the table shows it (see `plain_card_text`).
        Anything else raises `InvalidArgumentError`.

        Examples:
            >>> from concombre import Card
            >>> Card.parse("10h") == Card.parse("TH")
            True
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidArgumentError(f"A card is written as text such as 'QH', not {text!r}.", "C2", "card")
        cleaned = plain_card_text(text)
        rank = _RANK_BY_TEXT.get(cleaned[:-1])
        suit = cleaned[-1:]
        if rank is None or suit not in ("C", "D", "H", "S"):
            raise InvalidArgumentError(_("{text} is not a card: write a rank (2-9, 10 or T, J, Q, K, A) then a suit "
                                         "(♣ ♦ ♥ ♠, or C D H S), as in 'Q♥', 'qh' or '10h'.", text=repr(text)), "C2",
                                       "card")
        return _CARDS[_index_of(rank, Suit(suit))]

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index


def _index_of(rank: Rank, suit: Suit) -> int:
    return (rank - 2) * 4 + _SUIT_ORDER[suit]


_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)

PACK: tuple[Card, ...] = _CARDS
"""The 52-card pack in its fixed order: ascending rank, then clubs, diamonds, hearts, spades.

Examples:
    >>> from concombre import PACK
    >>> len(PACK), str(PACK[0]), str(PACK[-1])
    (52, '2C', 'AS')
"""

# ---------------------------------------------------------------------------
# Cards as indices and sets of cards as bitmasks: the engine's inner form.

FULL_MASK = (1 << 52) - 1


_SUIT_SYMBOLS = str.maketrans({"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S",
                               "\ufe0f": None, "\ufe0e": None})


def plain_card_text(text: str) -> str:
    """A card as a person typed it, in the letters the parsers read: trimmed, upper case, suit symbols as
    letters (``♥`` or ``♡`` is ``H``), emoji variation selectors dropped. Both games' cards read through it.

    Examples:
        >>> plain_card_text(" 10♥ "), plain_card_text("q♠️"), plain_card_text("ts")
        ('10H', 'QS', 'TS')
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(f"A card is written as text such as 'QH', not {text!r}.", "C2", "card")
    return text.strip().translate(_SUIT_SYMBOLS).upper()


def card_at(index: int) -> Card:
    """The card with this index in `PACK`."""
    return _CARDS[index]


def index_of(card: Card | str) -> int:
    """The index in `PACK` of a card, or of card text as `Card.parse` reads it; anything else raises
    `InvalidArgumentError` (C2, ``card``)."""
    if isinstance(card, Card):
        return card.index
    if isinstance(card, str):
        return Card.parse(card).index
    raise InvalidArgumentError(f"Expected a Card (such as Card.parse('QH')), not {card!r}.", "C2", "card")


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask of a collection of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << index_of(card)
    return mask


def _chunk_table(chunk: int) -> tuple[tuple[Card, ...], ...]:
    """For each 13-bit value, the cards of this 13-bit slice of a mask, in pack order."""
    rows: list[tuple[Card, ...]] = [()]
    for bit in range(13):
        card = (_CARDS[13 * chunk + bit],)
        rows += [row + card for row in rows]
    return tuple(rows)


# A mask becomes a tuple of cards with four table look-ups instead of 52 bit
# tests: the tables hold every subset of each quarter of the pack (3 MB, 7 ms
# to build at import).
_LOW, _MIDDLE_LOW, _MIDDLE_HIGH, _HIGH = (_chunk_table(chunk) for chunk in range(4))


def cards_in_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a bitmask, in pack order."""
    return (
        _LOW[mask & 0x1FFF]
        + _MIDDLE_LOW[mask >> 13 & 0x1FFF]
        + _MIDDLE_HIGH[mask >> 26 & 0x1FFF]
        + _HIGH[mask >> 39 & 0x1FFF]
    )


def _index_table(chunk: int) -> tuple[tuple[int, ...], ...]:
    rows: list[tuple[int, ...]] = [()]
    for bit in range(13):
        rows += [(*row, 13 * chunk + bit) for row in rows]
    return tuple(rows)


_INDICES = tuple(_index_table(chunk) for chunk in range(4))


def indices_in_mask(mask: int) -> tuple[int, ...]:
    """The `PACK` indices of a bitmask, lowest first: four table look-ups, as `cards_in_mask`.

    Examples:
        >>> indices_in_mask(0b1011 | 1 << 51)
        (0, 1, 3, 51)
    """
    low, middle_low, middle_high, high = _INDICES
    return (
        low[mask & 0x1FFF]
        + middle_low[mask >> 13 & 0x1FFF]
        + middle_high[mask >> 26 & 0x1FFF]
        + high[mask >> 39 & 0x1FFF]
    )
