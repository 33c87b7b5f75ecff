"""The rules object of Concombre: the rulings as defaults, the options as fields."""

from __future__ import annotations

from typing import Any, Literal

import attrs

from concombre.core.cards import Card
from concombre.core.errors import InvalidArgumentError
from concombre.core.i18n import _

__all__ = ["DEFAULT_PLAYERS", "MAX_PLAYERS", "MIN_PLAYERS", "Rules", "card_value"]

MIN_PLAYERS = 2
"""The fewest players a game may have (C1).

Examples:
    >>> from concombre import MIN_PLAYERS, new_game
    >>> len(new_game(MIN_PLAYERS, seed=1).players)
    2
"""

MAX_PLAYERS = 7
"""The most players a game may have (C1).

Examples:
    >>> from concombre import MAX_PLAYERS, new_game
    >>> len(new_game(MAX_PLAYERS, seed=1).players)
    7
"""

DEFAULT_PLAYERS = 4
"""How many players every command and adapter seats when none is asked for (`concombre.core.game.Game.default_players`).

Examples:
    >>> from concombre import DEFAULT_PLAYERS, new_game
    >>> len(new_game(DEFAULT_PLAYERS, seed=1).players)
    4
"""



def card_value(card: Card) -> int:
    """A card's value in Concombre (C2): its rank's number, 2..10, J 11, Q 12, K 13, A 14; suits never matter.

    Examples:
        >>> from concombre import Card, card_value
        >>> card_value(Card.parse("QH")), card_value(Card.parse("AS"))
        (12, 14)
    """
    if type(card) is not Card:
        raise InvalidArgumentError(f"card must be a concombre.Card such as Card.parse('QH'), not {card!r}.",
                                   field="card")
    return int(card.rank)


Follow = Literal["lead", "highest"]


def _check_follow(_rules: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value not in ("lead", "highest"):
        raise InvalidArgumentError(
            _("Rules.follow must be 'lead' (compare with the card led) or 'highest' (compare with the highest card "
              "so far), not {value}.", value=repr(value)),
            "C7",
            attribute.name,
        )


def _check_bool(_rules: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        raise InvalidArgumentError(
            _("{field} must be True or False, not {value}.", field="Rules." + attribute.name, value=repr(value)), "C7",
            attribute.name,
        )


def _int_between(low: int, high: int, ruling: str) -> Any:
    def check(_rules: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise InvalidArgumentError(
                _("{field} must be a whole number from {low} to {high}, not {value}.", field="Rules." + attribute.name,
                  low=low, high=high, value=repr(value)),
                ruling,
                attribute.name,
            )

    return check


@attrs.frozen
class Rules:
    """The rules a game is played by. The defaults are exactly the rulings C1-C14.

    Attributes:
        follow: What a following player must match or beat (C7). ``"lead"``
            (the default): the card led. ``"highest"`` (the traditional
            Scandinavian rule): the highest card played so far in the trick.
        may_duck: The Danish rule (C7): when True, a following player may
            always play a card of their lowest rank instead, even when they
            hold a card that meets the requirement. Default False.
        first_deal: Cards dealt to each player in the first round, and the
            fallback when a later round's deal would exceed the pack (C5).
            Default 7; 1 to 52.
        limit: The score at which a player becomes half cucumber (C10), and at
            which a half cucumber is eliminated (C11). Default 21. It must be
            from 15 to 30: above the highest card value, so that a half
            cucumber's new score is always below it, and low enough that the
            pack always holds at least one card for each player.

    Examples:
        >>> from concombre import Rules
        >>> Rules()
        Rules(follow='lead', may_duck=False, first_deal=7, limit=21)
        >>> Rules(follow="highest", may_duck=True).follow
        'highest'
    """

    follow: Follow = attrs.field(default="lead", validator=_check_follow)
    may_duck: bool = attrs.field(default=False, validator=_check_bool)
    first_deal: int = attrs.field(default=7, validator=_int_between(1, 52, "C5"))
    limit: int = attrs.field(default=21, validator=_int_between(15, 30, "C10"))
