"""The rules object of Concombre: the rulings as defaults, the options as fields.

The functions beside it are the rulings' scalar homes, on card indices and bit masks (`value_of`, `beats`,
`follow_cards`, `next_active`, `deal_size`, `deal_key`...): the engine, the searches and the compiled kernel
call these very functions (the kernel compiles them as they are), so they trust their arguments. The
checked way to ask the rules is through a state (`concombre.legal_plays`, `concombre.why_illegal`...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol, TypeVar, overload

import attrs

from concombre.core.cards import FULL_MASK, Card
from concombre.core.errors import InvalidArgumentError
from concombre.core.i18n import N_
from concombre.core.limits import option_check
from concombre.core.seats import deal_key as shared_deal_key

__all__ = ["AT_LEAST", "DEFAULT_PLAYERS", "MAX_PLAYERS", "MIN_PLAYERS", "RANK_CARDS", "SAME_RANK", "Rules", "beats",
           "card_to_match", "card_value", "deal_key", "deal_size", "follow_cards", "follow_mask", "next_active",
           "value_of", "winning_play"]

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


# -- the rules in bit-mask form ------------------------------------------------
# Each rule is written here once, over `PACK` indices (a card is its index, a hand a mask of them), as scalar
# integer functions and tuples that Numba compiles unchanged: the transitions, the refusal's reason, sampling
# and the Python search call them as they are, and the compiled tier (`concombre.games.concombre.fast`) calls
# them compiled (``jit(rules.value_of)``). They call nothing but operators, so that Numba can take them whole,
# and no other module writes a card's rank out of its index.


class _Ranked(Protocol):
    def __rshift__(self, other: int, /) -> Any: ...


Ranked = TypeVar("Ranked", bound=_Ranked)


@overload
def value_of(index: int) -> int: ...
@overload
def value_of(index: Ranked) -> Any: ...
def value_of(index: Any) -> Any:
    """A card's value (C2) from its `PACK` index: 2 for a two .. 14 for an ace (`card_value`'s, over indices;
    numpy arrays of indices too).

    Examples:
        >>> from concombre import PACK, Card
        >>> value_of(PACK.index(Card.parse("QH"))), value_of(0)
        (12, 2)
    """
    return (index >> 2) + 2

AT_LEAST: tuple[int, ...] = tuple(FULL_MASK & ~((1 << (index & ~3)) - 1) for index in range(52))
"""For each `PACK` index, the mask of the cards ranked at least as high (C7: what may follow).

Examples:
    >>> from concombre import PACK, Card
    >>> from concombre.core.cards import cards_in_mask
    >>> [str(card) for card in cards_in_mask(AT_LEAST[PACK.index(Card.parse("KH"))])]
    ['KC', 'KD', 'KH', 'KS', 'AC', 'AD', 'AH', 'AS']
"""

SAME_RANK: tuple[int, ...] = tuple(0xF << (index & ~3) for index in range(52))
"""For each `PACK` index, the mask of the four cards of its rank (C2, C7: a follower's lowest rank).

Examples:
    >>> from concombre import PACK, Card
    >>> SAME_RANK[PACK.index(Card.parse("2H"))] == 0b1111
    True
"""

RANK_CARDS: tuple[int, ...] = tuple(SAME_RANK[4 * rank] for rank in range(13))
"""For each rank, 0 for the twos .. 12 for the aces, the mask of its four cards (C2).

Examples:
    >>> from concombre.core.cards import cards_in_mask
    >>> [str(card) for card in cards_in_mask(RANK_CARDS[12])]
    ['AC', 'AD', 'AH', 'AS']
"""

_RANK_STARTS = sum(1 << (4 * rank) for rank in range(13))  # the bit of each rank's lowest card


def follow_cards(hand: int, to_match: int, may_duck: bool) -> int:
    """The cards of ``hand`` that may follow when the card to match is ``to_match`` (C7), as a mask: those
    ranked at least as high, and the lowest rank's when there are none or always by the Danish rule
    (``may_duck``). `follow_mask` over a trick; the batched engine's follow rule, compiled.

    Examples:
        >>> from concombre import PACK, Card
        >>> from concombre.core.cards import cards_in_mask, mask_of
        >>> hand = mask_of(Card.parse(text) for text in ("2C", "5D", "KS"))
        >>> [str(card) for card in cards_in_mask(follow_cards(hand, PACK.index(Card.parse("4H")), False))]
        ['5D', 'KS']
    """
    legal = hand & AT_LEAST[to_match]
    if not legal or may_duck:  # the lowest rank held: the lowest card, then its rank's lowest bit, then the rank
        low = hand & (~hand + 1)  # -hand, in the form Numba keeps in one type for uint64 masks
        legal |= hand & (((low | (low >> 1) | (low >> 2) | (low >> 3)) & _RANK_STARTS) * 0xF)
    return legal


def card_to_match(trick: Sequence[tuple[int, int]], follow_lead: bool) -> int:
    """The card a follower must match or beat (C7): the card led, or by ``follow_lead=False`` (the traditional
    Scandinavian rule) the highest played so far. ``trick`` holds (seat, `PACK` index) plays, at least one.

    Examples:
        >>> trick = [(0, 20), (1, 33)]
        >>> card_to_match(trick, True), card_to_match(trick, False)
        (20, 33)
    """
    return trick[0][1] if follow_lead else max([card for _, card in trick])


def follow_mask(hand: int, trick: Sequence[tuple[int, int]], follow_lead: bool, may_duck: bool) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (C7), as a mask.

    ``trick`` holds the plays so far as (seat, `PACK` index) pairs. A leader may play anything; a follower
    must play a card ranked at least as high as `card_to_match`, and when they hold none, or always by the
    Danish rule (``may_duck``), may play a card of their lowest rank.

    Examples:
        >>> from concombre import PACK, Card
        >>> from concombre.core.cards import cards_in_mask, mask_of
        >>> hand = mask_of(Card.parse(text) for text in ("2C", "5D", "KS"))
        >>> trick = [(0, PACK.index(Card.parse("4H")))]
        >>> [str(card) for card in cards_in_mask(follow_mask(hand, trick, True, False))]
        ['5D', 'KS']
        >>> [str(card) for card in cards_in_mask(follow_mask(hand, trick, True, True))]   # the Danish rule
        ['2C', '5D', 'KS']
    """
    if not trick:
        return hand
    # card_to_match, inline: the transitions call this after every play, and a call is 1.5% of a round
    return follow_cards(hand, trick[0][1] if follow_lead else max([card for _, card in trick]), may_duck)


@overload
def beats(card: int, best: int) -> bool: ...
@overload
def beats(card: Ranked, best: Ranked) -> Any: ...
def beats(card: Any, best: Any) -> Any:
    """Whether ``card`` takes the trick from ``best``, played before it (C8): ranked at least as high, since the
    last played among equals wins. `PACK` indices, or numpy arrays of them (compared element by element).

    Examples:
        >>> from concombre import PACK, Card
        >>> king_spades, king_diamonds = PACK.index(Card.parse("KS")), PACK.index(Card.parse("KD"))
        >>> beats(king_diamonds, king_spades), beats(PACK.index(Card.parse("9H")), king_spades)
        (True, False)
    """
    return card >> 2 >= best >> 2


def winning_play(trick: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The play that wins a trick of (seat, `PACK` index) plays (C8; see `beats`).

    Examples:
        >>> from concombre import PACK, Card
        >>> trick = [(seat, PACK.index(Card.parse(text))) for seat, text in ((0, "9H"), (1, "KS"), (2, "KD"))]
        >>> winning_play(trick) == trick[2]
        True
    """
    best = trick[0]
    for play in trick[1:]:
        if play[1] >> 2 >= best[1] >> 2:  # `beats`, inline: every trick is resolved here, and a call per play
            best = play  # costs 1% of a round; tests/test_rule_homes.py holds the two together
    return best


def next_active(seat: int, out: int, players: int) -> int:
    """The first active seat to the left of ``seat`` (C6, C12: the next to follow, the next dealer), or ``seat``
    itself when no other is active; ``out`` holds the eliminated seats as a mask (bit ``s`` for seat ``s``).

    Examples:
        >>> next_active(0, 0b0010, 4), next_active(3, 0b0010, 4)
        (2, 0)
    """
    for step in range(1, players):
        other = (seat + step) % players
        if not out >> other & 1:
            return other
    return seat


def deal_size(first_deal: int, wanted: int, active: int, pack: int) -> int:
    """The cards each of ``active`` players is dealt from a pack of ``pack`` cards (C5): ``wanted`` (the first
    deal, or the value of the last penalty card), else ``first_deal`` when ``wanted`` would exceed the pack,
    else as many as the pack allows.

    Examples:
        >>> deal_size(7, 13, 4, 52), deal_size(7, 14, 4, 52), deal_size(13, 14, 4, 52)
        (13, 7, 13)
    """
    if wanted * active <= pack:
        return wanted
    if first_deal * active <= pack:
        return first_deal
    return pack // active


def deal_key(seed: int, round_number: int) -> bytes:
    """The key a round's pack is shuffled from (C5): one per game seed and round, so every deal can be dealt again
    (`concombre.core.seats.keyed_order` turns it into the order; the shared form is
    `concombre.core.seats.deal_key`'s).

    Examples:
        >>> deal_key(7, 2)
        b'concombre:7:2'
    """
    return shared_deal_key("concombre", seed, round_number)


Follow = Literal["lead", "highest"]


_check_follow = option_check(lambda value: value in ("lead", "highest"), N_(
    "Rules.follow must be 'lead' (compare with the card led) or 'highest' (compare with the highest card so far), "
    "not {value}."), "C7")
_check_bool = option_check(lambda value: isinstance(value, bool), N_("{field} must be True or False, not {value}."),
                           "C7")


def _int_between(low: int, high: int, ruling: str) -> Any:
    return option_check(lambda value: not isinstance(value, bool) and isinstance(value, int) and low <= value <= high,
                        N_("{field} must be a whole number from {low} to {high}, not {value}."), ruling,
                        low=low, high=high)


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

    follow: Follow = attrs.field(default="lead", validator=_check_follow,
                                 metadata={"help": N_("What a following player must match or beat (C7)")})
    may_duck: bool = attrs.field(default=False, validator=_check_bool,
                                 metadata={"help": N_("The Danish rule (C7): when True, a following player may always"
                                                      " play a card of their lowest rank instead, even when they hold"
                                                      " a card that meets the requirement")})
    first_deal: int = attrs.field(default=7, validator=_int_between(1, 52, "C5"),
                                  metadata={"help": N_("Cards dealt to each player in the first round, and the "
                                                       "fallback when a later round's deal would exceed the "
                                                       "pack (C5)")})
    limit: int = attrs.field(default=21, validator=_int_between(15, 30, "C10"),
                             metadata={"help": N_("The score at which a player becomes half cucumber (C10), and at "
                                                  "which a half cucumber is eliminated (C11)")})
