"""The rules object of German Rommé: the rulings R1-R15 as defaults, the options as fields."""

from __future__ import annotations

from typing import Any

import attrs

from concombre.core.i18n import N_
from concombre.core.limits import option_check

__all__ = ["DEFAULT_PLAYERS", "MAX_PLAYERS", "MIN_PLAYERS", "Rules"]

MIN_PLAYERS = 2
"""The fewest players of a game of Rommé (R1).

Examples:
    >>> MIN_PLAYERS
    2
"""

MAX_PLAYERS = 6
"""The most players of a game of Rommé (R1).

Examples:
    >>> MAX_PLAYERS
    6
"""

DEFAULT_PLAYERS = 4
"""How many players every command and adapter seats when none is asked for (`concombre.core.game.Game.default_players`).

Examples:
    >>> from concombre.romme import DEFAULT_PLAYERS, new_game
    >>> len(new_game(DEFAULT_PLAYERS, seed=1).players)
    4
"""


def _one_of(*allowed: object, ruling: str) -> Any:
    return option_check(lambda value: type(value) is type(allowed[0]) and value in allowed,  # 4.0, True: not 4, 1
                        N_("{field} must be one of {allowed}, not {value}."), ruling,
                        allowed=", ".join(map(repr, allowed)))


@attrs.frozen
class Rules:
    """The rules a game of Rommé is played by. The defaults are exactly the rulings R1-R15.

    Attributes:
        jokers: Jokers in the pack: 4, or 2 or 6 (R2).
        opening: What the melds of a player's first turn of melding must be
            worth together (R8): 40, or 30, 50 or 60 as some tables play.
        may_return_discard: Whether a player may discard, in the same turn, the
            card they took from the discard pile. Ruling R7a (the texts are
            silent): not while they hold another card, as players expect.
        rebuilds: How often the stock is rebuilt from the discard pile
            before the round ends with nobody out (R12): 2.

    Examples:
        >>> from concombre.games.romme import Rules
        >>> Rules()
        Rules(jokers=4, opening=40, may_return_discard=False, rebuilds=2)
        >>> Rules(jokers=6, opening=30).jokers
        6
    """

    jokers: int = attrs.field(default=4, validator=_one_of(2, 4, 6, ruling="R2"),
                              metadata={"help": N_("Jokers in the pack: 4, or 2 or 6 (R2)")})
    opening: int = attrs.field(default=40, validator=_one_of(30, 40, 50, 60, ruling="R8"),
                               metadata={"help": N_("What the melds of a player's first turn of melding must be worth"
                                                    " together (R8): 40, or 30, 50 or 60 as some tables play")})
    may_return_discard: bool = attrs.field(default=False, validator=_one_of(False, True, ruling="R7a"),
                                           metadata={"help": N_("Whether a player may discard, in the same turn, the "
                                                                "card they took from the discard pile")})
    rebuilds: int = attrs.field(default=2, validator=_one_of(0, 1, 2, 3, ruling="R12"),
                                metadata={"help": N_("How often the stock is rebuilt from the discard pile before the"
                                                     " round ends with nobody out (R12): 2")})
