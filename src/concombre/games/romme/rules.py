"""The rules object of German Rommé: the rulings R1-R15 as defaults, the options as fields.

The functions beside it (`opens`, `round_score`, `withheld_discard`, `deal_key`) are the rulings' scalar
homes, called in the engine's and the bots' inner loops: they trust their arguments. The checked way to ask
the rules is through a state (`concombre.romme.legal_actions`, `concombre.romme.why_illegal`...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from concombre.core.i18n import N_
from concombre.core.limits import option_check
from concombre.core.seats import deal_key as shared_deal_key

if TYPE_CHECKING:
    from concombre.games.romme.cards import RommeCard

__all__ = ["DEFAULT_PLAYERS", "HOMES", "MAX_PLAYERS", "MIN_PLAYERS", "Rules", "deal_key", "opens", "round_score",
           "withheld_discard"]

HOMES = {
    "R2": "concombre.games.romme.cards.deck",
    "R3": "concombre.games.romme.cards.rank_value",
    "R5": "concombre.games.romme.melds.why_not_meld",
    "R6": "concombre.games.romme.melds.make_meld",
    "R7a": "concombre.games.romme.rules.withheld_discard",
    "R8": "concombre.games.romme.rules.opens",
    "R9": "concombre.games.romme.melds.lay_off",
    "R10": "concombre.games.romme.melds.exchange_joker",
    "R13": "concombre.games.romme.rules.round_score",
}
"""Where each of Rommé's rulings that a function decides is written, once: the melds (R5, R6), the opening
(R8), laying off (R9), the joker exchange (R10), R7a and the scoring (R13), with the pack (R2) and the card
values (R3). The transitions, the refusals, the legal actions and the bots call these; the tests check that
each path names a function and that its users call it.

Examples:
    >>> HOMES["R9"]
    'concombre.games.romme.melds.lay_off'
"""

Card = TypeVar("Card", bound="RommeCard")


def deal_key(seed: int, *salt: int) -> bytes:
    """The key a pack is shuffled from (R4, R7: a round's deal, a rebuilt stock): the game, its seed and ``salt``
    (the round, the rebuild), in the form every game shares (`concombre.core.seats.deal_key`).

    Examples:
        >>> deal_key(7, 2, 0)
        b'concombre-romme:7:2:0'
    """
    return shared_deal_key("concombre-romme", seed, *salt)


def opens(worth: int, rules: Rules) -> bool:
    """Whether melds worth ``worth`` together may be a player's first melding (R8): at least ``rules.opening``.

    Examples:
        >>> opens(40, Rules()), opens(39, Rules()), opens(30, Rules(opening=30))
        (True, False, True)
    """
    return worth >= rules.opening


def withheld_discard(drawn: Card | None, held: int, rules: Rules) -> Card | None:
    """The card a player may not discard now (R7a): the one they took from the discard pile this turn
    (``drawn``), while they hold other cards (``held`` cards in all), unless ``rules.may_return_discard``.

    Examples:
        >>> withheld_discard("QH1", 5, Rules()), withheld_discard("QH1", 1, Rules())
        ('QH1', None)
    """
    return drawn if held > 1 and not rules.may_return_discard else None


def round_score(meld_value: int, hand_value: int, went_out: bool) -> int:
    """A player's points for a round (R13): what they melded, less what is left in their hand unless they went
    out.

    Examples:
        >>> round_score(55, 12, False), round_score(80, 0, True)
        (43, 80)
    """
    return meld_value - (0 if went_out else hand_value)

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
