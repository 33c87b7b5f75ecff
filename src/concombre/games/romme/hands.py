"""A Rommé hand as the transitions keep it: a tuple of cards sorted by `RommeCard.index`, a card added, cards
given, and whether the hand holds what a player gives (R15).

Examples:
    >>> from concombre.games.romme import cards_of
    >>> [str(card) for card in added(cards_of("2C1 9C1"), cards_of("5C1")[0])]
    ['2C1', '5C1', '9C1']
"""

from __future__ import annotations

import bisect
import operator
from collections.abc import Sequence

from concombre.core.errors import IllegalActionError, InvalidArgumentError
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.refusals import short_of

__all__ = ["BY_INDEX", "added", "given", "not_held", "without"]

BY_INDEX = operator.attrgetter("index")
"""The key a hand is sorted by: each card's `RommeCard.index` (for `bisect`, inline where a turn is played).

Examples:
    >>> from concombre.games.romme import RommeCard
    >>> BY_INDEX(RommeCard.parse("2C1")) < BY_INDEX(RommeCard.parse("3C1"))
    True
"""


def added(hand: tuple[RommeCard, ...], card: RommeCard) -> tuple[RommeCard, ...]:
    """``hand`` with ``card``, kept sorted.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> [str(card) for card in added((), cards_of("5C1")[0])]
        ['5C1']
    """
    position = bisect.bisect(hand, card.index, key=BY_INDEX)
    return (*hand[:position], card, *hand[position:])


def without(hand: tuple[RommeCard, ...], card: RommeCard) -> tuple[RommeCard, ...] | None:
    """``hand`` less ``card``, or None if it does not hold it.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> hand = cards_of("2C1 9C1")
        >>> [str(card) for card in without(hand, hand[0])], without(hand, cards_of("9C2")[0])
        (['9C1'], None)
    """
    position = bisect.bisect_left(hand, card.index, key=BY_INDEX)
    if position == len(hand) or hand[position].index != card.index:
        return None
    return (*hand[:position], *hand[position + 1 :])


def given(hand: tuple[RommeCard, ...], cards: Sequence[RommeCard]) -> tuple[RommeCard, ...]:
    """``hand`` less ``cards``, which `not_held` has found held.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> [str(card) for card in given(cards_of("2C1 5C1 9C1"), cards_of("9C1 2C1"))]
        ['5C1']
    """
    for card in cards:
        left = without(hand, card)
        assert left is not None
        hand = left
    return hand


def not_held(hand: tuple[RommeCard, ...], cards: Sequence[RommeCard]) -> IllegalActionError | None:
    """Why ``hand`` cannot give ``cards`` (R15), in people's words (`~concombre.games.romme.refusals.short_of`), or
    None if it holds them all.

    Raises:
        InvalidArgumentError: One of ``cards`` is no Rommé card.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> print(not_held(cards_of("6H1 9C1"), cards_of("6H1 6H2")))
        You hold one 6♥, not two. [R15]
        >>> not_held(cards_of("6H1 9C1"), cards_of("9C1")) is None
        True
    """
    left: tuple[RommeCard, ...] | None = hand
    for card in cards:
        if not isinstance(card, RommeCard):
            raise InvalidArgumentError(f"Expected a RommeCard (such as RommeCard.parse('QH1')), not {card!r}.")
        left = without(left, card)  # type: ignore[arg-type]
        if left is None:
            return short_of(hand, cards, card)
    return None
