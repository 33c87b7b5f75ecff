"""The cards of German Rommé: two French packs and jokers, each card with its identity (R2).

The two copies of a card, say two queens of hearts, play alike but are
distinct physical cards: every `RommeCard` carries a ``copy`` (1 or 2), and
jokers are numbered too. Ranks and suits are Concombre's (`concombre.Rank`,
`concombre.Suit`); values follow R3.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import attrs

from concombre.core.cards import Rank, Suit, plain_card_text
from concombre.core.errors import InvalidArgumentError
from concombre.core.i18n import _

__all__ = ["JOKER_VALUE", "RommeCard", "cards_of", "deck", "hand_of", "rank_value"]

JOKER_VALUE = 20
"""What a joker left in a hand costs (R3).

Examples:
    >>> JOKER_VALUE
    20
"""

_SUITS = tuple(Suit)
_TEXT = re.compile(r"^(?:(10|[2-9TJQKA])([CDHS])([12])|JK([1-6]))$")


def _card_index(rank: Rank | None, suit: Suit | None, copy: int) -> int:
    """The card's place in sorting order: rank, suit, copy, then the jokers (0-103, 104-109)."""
    if rank is None:
        return 104 + copy - 1
    return (rank - 2) * 8 + _SUITS.index(suit) * 2 + copy - 1


@functools.total_ordering
@attrs.frozen(repr=False, order=False, eq=False)  # equal and hashed by the sorting index: see __eq__
class RommeCard:
    """A physical card: a natural card (rank, suit, copy 1 or 2) or a joker (copy 1 to 6).

    Written ``QH1`` (queen of hearts, first copy), ``TS2`` or ``10s2``, and
    ``JK1`` for the first joker. Cards sort by rank, then suit, then copy,
    with jokers last.

    Attributes:
        rank: The rank, or None for a joker.
        suit: The suit, or None for a joker.
        copy: Which of the two packs (1 or 2), or which joker (1 to 6).
        index: Derived: the card's sorting index, by rank, suit and copy, jokers last.

    Examples:
        >>> from concombre.games.romme import RommeCard
        >>> card = RommeCard.parse("qh2")
        >>> str(card), card.is_joker, card.hand_value
        ('QH2', False, 10)
        >>> str(RommeCard.joker(3)), RommeCard.parse("JK3").hand_value
        ('JK3', 20)
    """

    rank: Rank | None
    suit: Suit | None
    copy: int
    index: int = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        whole = type(self.copy) is int  # True is not copy 1
        joker = whole and self.rank is None and self.suit is None and self.copy in range(1, 7)
        natural = whole and isinstance(self.rank, Rank) and isinstance(self.suit, Suit) and self.copy in (1, 2)
        if not (joker or natural):
            raise InvalidArgumentError(
                f"A Rommé card is a rank, a suit and a copy (1 or 2), or a joker numbered 1 to 6; "
                f"not {self.rank!r}, {self.suit!r}, {self.copy!r}.",
                "R2", "card",
            )
        object.__setattr__(self, "index", _card_index(self.rank, self.suit, self.copy))

    @classmethod
    def joker(cls, copy: int) -> RommeCard:
        """Joker number ``copy`` (1 to 6)."""
        return cls(None, None, copy)

    @classmethod
    def parse(cls, text: RommeCard | str) -> RommeCard:
        """Read a card: ``QH1``, ``10h2``, ``TS1``, ``JK4``; either case.

        Raises:
            InvalidArgumentError: The text is not a card with its copy.
        """
        if isinstance(text, RommeCard):
            return text
        if not isinstance(text, str):
            raise InvalidArgumentError(f"A Rommé card is written as text such as 'QH1', not {text!r}.", "R2", "card")
        found = _TEXT.match(plain_card_text(text))
        if found is None:
            raise InvalidArgumentError(
                _("{text} is not a Rommé card: write a rank (2-9, T or 10, J, Q, K, A), a suit (C, D, H, S) "
                  "and which copy (1 or 2), as in 'QH1', or JK1 to JK6 for a joker.", text=repr(text)),
                "R2", "card",
            )
        if found.group(4):
            return _BY_INDEX[104 + int(found.group(4)) - 1]
        rank = Rank(10) if found.group(1) in ("10", "T") else _RANKS[found.group(1)]
        return _BY_INDEX[_card_index(rank, Suit(found.group(2)), int(found.group(3)))]

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker."""
        return self.rank is None

    @property
    def hand_value(self) -> int:
        """What the card costs left in a hand (R3): its number, 10 for a face card, 11 for an ace, 20 a joker."""
        if self.rank is None:
            return JOKER_VALUE
        return rank_value(self.rank, ace_low=False)

    def __str__(self) -> str:
        if self.rank is None:
            return f"JK{self.copy}"
        return f"{self.rank.symbol}{self.suit.value}{self.copy}"  # type: ignore[union-attr]

    def __repr__(self) -> str:
        return f"RommeCard.parse({str(self)!r})"

    def __lt__(self, other: Any) -> bool:
        if not isinstance(other, RommeCard):
            return NotImplemented
        return self.index < other.index

    # The sorting index names the physical card (rank, suit and copy) once: comparing and hashing it
    # rather than the three fields spares the enums' Python-level hashing in every set and dict of cards.
    def __eq__(self, other: object) -> bool:
        if type(other) is not RommeCard:
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return self.index


_RANKS = {rank.symbol: rank for rank in Rank}


def rank_value(rank: Rank, ace_low: bool) -> int:
    """The value of a rank on the table or in a hand (R3): 2-10, J Q K 10, ace 11, or 1 when low in a run.

    Examples:
        >>> from concombre import Rank
        >>> rank_value(Rank.KING, False), rank_value(Rank.ACE, False), rank_value(Rank.ACE, True)
        (10, 11, 1)
    """
    if type(rank) is not Rank:
        raise InvalidArgumentError(f"rank must be a concombre.Rank such as Rank.ACE, not {rank!r}.", field="rank")
    if rank == Rank.ACE:
        return 1 if ace_low else 11
    return min(int(rank), 10)


_CARDS: tuple[RommeCard, ...] = tuple(
    [RommeCard(rank, suit, copy) for copy in (1, 2) for rank in Rank for suit in Suit]
    + [RommeCard(None, None, copy) for copy in range(1, 7)]
)


def deck(jokers: int = 4) -> tuple[RommeCard, ...]:
    """The cards of a game: two packs and ``jokers`` jokers (R2), in a fixed order.

    Examples:
        >>> len(deck()), len(deck(6)), str(deck()[-1])
        (108, 110, 'JK4')
    """
    if jokers not in (2, 4, 6) or type(jokers) is not int:
        raise InvalidArgumentError(f"jokers must be 2, 4 or 6, not {jokers!r}.", "R2", "jokers")
    return _CARDS[: 104 + jokers]


def cards_of(text: str) -> list[RommeCard]:
    """The cards written in ``text``, separated by spaces.

    Examples:
        >>> [str(card) for card in cards_of("qh1 10s2 jk1")]
        ['QH1', 'TS2', 'JK1']
    """
    if not isinstance(text, str):
        raise InvalidArgumentError(f"text must be cards written out such as 'QH1 JK1', not {text!r}.", field="text")
    return [RommeCard.parse(word) for word in text.split()]


_BY_INDEX: tuple[RommeCard, ...] = tuple(sorted(_CARDS + _CARDS[104:104]))


def card_at(index: int) -> RommeCard:
    """The card with this sorting index (0-103 natural cards, 104-109 jokers)."""
    return _BY_INDEX[index]


MOST_CARDS = 110
"""The most cards a game of Rommé holds: two packs and six jokers (R2); no hand or meld holds more.

Examples:
    >>> MOST_CARDS == len(deck(6))
    True
"""


def hand_of(cards: object, field: str = "cards", distinct: bool = False) -> tuple[RommeCard, ...]:
    """``cards`` as a tuple of Rommé cards (``"QH1"`` text is read), else `InvalidArgumentError` naming ``field``.

    At most `MOST_CARDS`; with ``distinct``, no physical card twice (R2).

    Examples:
        >>> [str(card) for card in hand_of(["qh1", RommeCard.joker(2)])]
        ['QH1', 'JK2']
        >>> from concombre import InvalidArgumentError
        >>> try:
        ...     hand_of(5, "hand")
        ... except InvalidArgumentError as err:
        ...     print(err.field)
        hand
    """
    if isinstance(cards, (str, bytes)) or not isinstance(cards, (list, tuple)):
        raise InvalidArgumentError(f"{field} must be a sequence of Rommé cards such as ['QH1', 'JK1'], not {cards!r}.",
                                   field=field)
    if len(cards) > MOST_CARDS:
        raise InvalidArgumentError(f"{field} holds {len(cards)} cards; a game has at most {MOST_CARDS}.", "R2", field)
    try:
        parsed = tuple(card if isinstance(card, RommeCard) else RommeCard.parse(card) for card in cards)
    except InvalidArgumentError as err:
        raise err.about(field) from None
    if distinct and len(set(parsed)) < len(parsed):
        raise InvalidArgumentError(f"{field} holds a card twice; each physical card is one (R2).", "R2", field)
    return parsed
