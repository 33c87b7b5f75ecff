"""The rules object of German Rommé: the rulings R1-R15 as defaults, the options as fields.

The functions beside it (`face`, `set_fits`, `run_fits`, `opens`, `round_score`, `withheld_discard`,
`deal_key`...) are the rulings' scalar homes, called in the engine's and the bots' inner loops: they trust
their arguments. Those on plain integers (a card's sorting index, a face, bit masks, counts) call nothing but
operators, so that the compiled tier (`concombre.games.romme.fast`) compiles them as they are; no other module
works a card's face out of its index. The checked way to ask the rules is through a state
(`concombre.romme.legal_actions`, `concombre.romme.why_illegal`...).
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from concombre.core.i18n import N_
from concombre.core.limits import option_check
from concombre.core.seats import deal_key as shared_deal_key

if TYPE_CHECKING:
    from concombre.games.romme.cards import RommeCard

__all__ = ["DEFAULT_PLAYERS", "FACES", "HOMES", "JOKER_FACE", "MAX_PLAYERS", "MIN_PLAYERS", "Rules", "deal_key", "face",
           "face_rank", "face_suit", "natural_face", "opens", "round_score", "run_face", "run_fits", "run_number",
           "run_rank", "set_fits", "withheld_discard"]

HOMES = {
    "R2": "concombre.games.romme.cards.deck",
    "R2 faces": "concombre.games.romme.rules.face",
    "R3": "concombre.games.romme.cards.rank_value",
    "R5": "concombre.games.romme.melds.why_not_meld",
    "R5 sets": "concombre.games.romme.rules.set_fits",
    "R5 runs": "concombre.games.romme.rules.run_fits",
    "R6": "concombre.games.romme.melds.make_meld",
    "R7a": "concombre.games.romme.rules.withheld_discard",
    "R8": "concombre.games.romme.rules.opens",
    "R9": "concombre.games.romme.melds.lay_off",
    "R10": "concombre.games.romme.melds.exchange_joker",
    "R13": "concombre.games.romme.rules.round_score",
}
"""Where each of Rommé's rulings that a function decides is written, once: the melds (R5, R6; worded by
`why_not_meld`, decided on integers by `set_fits` and `run_fits`), the opening (R8), laying off (R9), the
joker exchange (R10), R7a and the scoring (R13), with the pack (R2: a card's face, which both copies share)
and the card values (R3). The transitions, the refusals, the legal actions and the bots call these; the tests check that
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


# -- the rulings on integers ----------------------------------------------------------------------------
# A card is its sorting index (0-103 the natural cards, rank-major: rank, suit, copy; 104-109 the jokers);
# its face is what both copies share (R2): 0-51 rank-major, (rank - 2) * 4 + suit, and every joker
# `JOKER_FACE`. The functions below call nothing but operators, so that Numba compiles them unchanged.

FACES = 52
"""How many natural faces there are: one for each rank and suit, both copies sharing it (R2).

Examples:
    >>> FACES
    52
"""

JOKER_FACE = 52
"""The face every joker has (`face`): after the 52 natural faces, since jokers play alike (R2, R6).

Examples:
    >>> face(104) == face(109) == JOKER_FACE
    True
"""

_FIRST_JOKER = 104  # the sorting index of the first joker: two packs of 52 before it (R2)


def face(index: int) -> int:
    """The face of the card with sorting index ``index`` (R2): its rank and suit as one number, 0 for the two
    of clubs .. 51 for the ace of spades (``(rank - 2) * 4 + suit``, suits in `concombre.Suit` order), the same
    for both copies; `JOKER_FACE` for every joker.

    Examples:
        >>> from concombre.games.romme import RommeCard
        >>> face(RommeCard.parse("2C1").index), face(RommeCard.parse("QH2").index), face(RommeCard.joker(3).index)
        (0, 42, 52)
    """
    return index >> 1 if index < _FIRST_JOKER else JOKER_FACE


def face_rank(natural: int) -> int:
    """The rank of a natural face (see `face`): 0 for a two .. 12 for an ace.

    Examples:
        >>> face_rank(0), face_rank(42), face_rank(51)
        (0, 10, 12)
    """
    return natural >> 2


def face_suit(natural: int) -> int:
    """The suit of a natural face (see `face`): 0-3, in `concombre.Suit` order (clubs, diamonds, hearts, spades).

    Examples:
        >>> face_suit(0), face_suit(42)
        (0, 2)
    """
    return natural & 3


def natural_face(rank: int, suit: int) -> int:
    """The face of ``rank`` (0 for a two .. 12 for an ace) and ``suit`` (0-3): `face_rank` and `face_suit` undone.

    Examples:
        >>> natural_face(10, 2), natural_face(face_rank(51), face_suit(51))
        (42, 51)
    """
    return rank << 2 | suit


def run_face(natural: int) -> int:
    """A natural face in suit-major order, ``suit * 13 + rank``: each suit's faces side by side from the two to
    the ace, so that a run's faces follow each other (R5), as the meld solver numbers them.

    Examples:
        >>> run_face(0), run_face(4), run_face(51)
        (0, 1, 51)
    """
    return (natural & 3) * 13 + (natural >> 2)


def run_number(rank: int, ace_low: bool) -> int:
    """Where a card of ``rank`` (0 for a two .. 12 for an ace, `face_rank`) stands in a run (R5): 2-13 by its
    number, the ace 1 when low and 14 when high.

    Examples:
        >>> run_number(0, False), run_number(11, False), run_number(12, True), run_number(12, False)
        (2, 13, 1, 14)
    """
    if rank == 12:
        return 1 if ace_low else 14
    return rank + 2


def run_rank(number: int) -> int:
    """The rank (`face_rank`: 0 for a two .. 12 for an ace) of run number ``number`` (1-14): `run_number` undone.

    Examples:
        >>> run_rank(1), run_rank(2), run_rank(13), run_rank(14)
        (12, 0, 11, 12)
    """
    return 12 if number == 1 or number == 14 else number - 2


def set_fits(suits: int, naturals: int, jokers: int) -> bool:
    """Whether ``naturals`` natural cards of one rank, of the suits in the mask ``suits`` (bit ``face_suit``),
    with ``jokers`` jokers make a set (R5, R6): 3 or 4 cards, no two of one suit, and at least two natural
    cards beside two or more jokers. The caller has seen that the natural cards share a rank.

    Examples:
        >>> set_fits(0b0111, 3, 0), set_fits(0b0011, 2, 1), set_fits(0b0001, 1, 2), set_fits(0b0011, 3, 0)
        (True, True, False, False)
    """
    size = naturals + jokers
    held = (suits & 1) + (suits >> 1 & 1) + (suits >> 2 & 1) + (suits >> 3 & 1)
    return 3 <= size <= 4 and held == naturals and (jokers < 2 or naturals >= 2)


def run_fits(start: int, naturals: int, jokers: int) -> bool:
    """Whether a run of one suit from run number ``start`` (`run_number`: 1 a low ace .. 14 a high ace), its
    ``naturals`` natural cards in their places and ``jokers`` jokers in the others, stands (R5, R6): 3 to 13
    cards, from the ace (low) to the ace (high) but never round the corner, and at least two natural cards
    beside two or more jokers. The caller has seen that each natural card is the one its place stands for.

    Examples:
        >>> run_fits(1, 3, 0), run_fits(12, 2, 1), run_fits(13, 3, 0), run_fits(5, 1, 2)
        (True, True, False, False)
    """
    size = naturals + jokers
    return 3 <= size <= 13 and start >= 1 and start + size - 1 <= (13 if start == 1 else 14) and (
        jokers < 2 or naturals >= 2)


def opens(worth: int, need: int) -> bool:
    """Whether melds worth ``worth`` together may be a player's first melding (R8): at least ``need`` points,
    the rules' ``opening``.

    Passing the `Rules` as ``need`` (0.x's form) still works for one minor version, with a
    `DeprecationWarning`: pass ``rules.opening``.

    Examples:
        >>> opens(40, 40), opens(39, 40), opens(30, Rules(opening=30).opening)
        (True, False, True)
    """
    if not isinstance(need, int):  # 0.x's form, opens(worth, rules); compiled code never takes this branch
        warnings.warn("opens(worth, rules) is deprecated and will be removed in the next minor version: use "
                      "opens(worth, rules.opening).", DeprecationWarning, stacklevel=2)
        need = need.opening
    return worth >= need


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
