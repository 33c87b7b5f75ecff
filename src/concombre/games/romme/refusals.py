"""Rommé's refusals in people's words: each sentence written once, for the transitions, the melds and the readers.

A card is said as people write it (`~concombre.core.words.card_text`), melds and places as people count them
(from 1, as the table shows them: see `concombre.games.romme.actions`), copies as copies. A sentence that
names what the player tried falls back to one without it whenever the field cannot be filled, so that no
``{card}`` ever reaches a person.

Examples:
    >>> print(no_meld_there(4, 3))
    There is no meld 4: the table has 3 melds. [R9]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from concombre.core.errors import IllegalActionError, InvalidArgumentError
from concombre.core.i18n import N_, _, ngettext
from concombre.core.words import card_text, cards_text, count_word
from concombre.games.romme.cards import RommeCard, hand_of

if TYPE_CHECKING:
    from concombre.games.romme.state import Phase

__all__ = ["PLAIN", "counted_from_one", "no_joker_there", "no_meld_there", "no_place_there", "not_now", "short_of",
           "too_high"]

# What the table waits for, by the phase's value (the phases live above this module: state imports melds).
_WAITING_FOR = {
    "deal": N_("the cards have not been dealt yet"),
    "draw": N_("the player to play must draw first"),
    "play": N_("the player to play has drawn and must end the turn with a discard"),
    "round complete": N_("the round is over and must be scored"),
    "game over": N_("the game is over"),
}

# Each step that names what was tried, and the same step said without it.
PLAIN = {
    N_("You cannot meld {cards}"): N_("No meld can be put down"),
    N_("You cannot lay off {card}"): N_("No card can be laid off"),
    N_("You cannot exchange {card} for a joker"): N_("No joker can be exchanged"),
    N_("You cannot discard {card}"): N_("No card can be discarded"),
}
"""Each step whose sentence names what the player tried (``{card}``, ``{cards}``), and the same step said without
it: what `not_now` says when the field cannot be filled.

Examples:
    >>> PLAIN["You cannot lay off {card}"]
    'No card can be laid off'
"""


def not_now(what: str, phase: Phase, tried: object = None) -> IllegalActionError:
    """The refusal of a step the ``phase`` does not allow (R15): ``what`` (a sentence marked with ``N_``), naming
    what the player ``tried`` (a card as people write it, melds as cards set apart with |), then what the table
    waits for. Without a card or melds to name, ``what``'s `PLAIN` sentence is said.

    Examples:
        >>> from concombre.games.romme import Phase, RommeCard
        >>> print(not_now("You cannot lay off {card}", Phase.DRAW, RommeCard.parse("QH1")))
        You cannot lay off Q♥ now: the player to play must draw first. [R15]
        >>> print(not_now("You cannot lay off {card}", Phase.DRAW, "QH1"))
        No card can be laid off now: the player to play must draw first. [R15]
        >>> print(not_now("You cannot meld {cards}", Phase.DEAL, [["QH1", "QS1", "QD1"], []]))
        No meld can be put down now: the cards have not been dealt yet. [R15]
    """
    said = None
    if "{card}" in what and isinstance(tried, RommeCard):
        said = _(what, card=card_text(tried))
    elif "{cards}" in what:
        melds = _melds_text(tried)
        said = None if melds is None else _(what, cards=melds)
    elif "{" not in what:
        said = _(what)
    if said is None:
        said = _(PLAIN[what])
    return IllegalActionError(_("{what} now: {waiting}.", what=said, waiting=_(_WAITING_FOR[phase.value])), "R15")


def _melds_text(tried: object) -> str | None:
    """Melds as people write them (``Q♥ Q♠ Q♦ | 7♣ 8♣ 9♣``), or None if ``tried`` is not melds of cards."""
    if isinstance(tried, (str, bytes)) or not isinstance(tried, (list, tuple)) or not tried:
        return None
    try:
        melds = [hand_of(meld, "melds") for meld in tried]
    except InvalidArgumentError:
        return None
    return " | ".join(cards_text(meld) for meld in melds) if all(melds) else None


def no_meld_there(number: object, melds: int) -> IllegalActionError:
    """The refusal of meld ``number``, as people count (from 1), on a table of ``melds`` melds (R9): what the
    rules and the people's reader say of a number no meld has.

    Examples:
        >>> print(no_meld_there(99, 3))
        There is no meld 99: the table has 3 melds. [R9]
        >>> print(no_meld_there(1, 0))
        There is no meld 1: the table has no melds yet. [R9]
    """
    if not melds:
        return IllegalActionError(_("There is no meld {number}: the table has no melds yet.", number=number), "R9")
    return IllegalActionError(ngettext("There is no meld {number}: the table has {n} meld.",
                                       "There is no meld {number}: the table has {n} melds.", melds, number=number),
                              "R9")


def no_place_there(meld: int, place: object, places: int) -> IllegalActionError:
    """The refusal of place ``place`` of meld ``meld``, both as people count (from 1), a meld of ``places``
    places (R10).

    Examples:
        >>> print(no_place_there(1, 7, 3))
        Meld 1 has no place 7: it has 3 places. [R10]
    """
    return IllegalActionError(ngettext("Meld {meld} has no place {place}: it has {n} place.",
                                       "Meld {meld} has no place {place}: it has {n} places.", places, meld=meld,
                                       place=place), "R10")


def no_joker_there(meld: int, place: int, card: RommeCard) -> IllegalActionError:
    """The refusal of a joker exchange at place ``place`` of meld ``meld`` (both as people count, from 1), which
    holds ``card``, no joker (R10).

    Examples:
        >>> from concombre.games.romme import RommeCard
        >>> print(no_joker_there(1, 2, RommeCard.parse("KS1")))
        There is no joker at place 2 of meld 1: K♠ is there. [R10]
    """
    return IllegalActionError(_("There is no joker at place {place} of meld {meld}: {card} is there.",
                                place=place, meld=meld, card=card_text(card)), "R10")


def too_high(number: int, most: int, place: bool = False) -> IllegalActionError:
    """The refusal of meld ``number`` (or place, with ``place``), as people count, past what any table holds
    (``most``): what a record's line is told, with no table at hand (R9, R10).

    Examples:
        >>> print(too_high(99, 36))
        There is no meld 99: a table holds at most 36 melds. [R9]
        >>> print(too_high(14, 13, place=True))
        There is no place 14: a meld holds at most 13 cards. [R10]
    """
    if place:
        return IllegalActionError(_("There is no place {number}: a meld holds at most {most} cards.", number=number,
                                    most=most), "R10")
    return IllegalActionError(_("There is no meld {number}: a table holds at most {most} melds.", number=number,
                                most=most), "R9")


def counted_from_one(text: str) -> IllegalActionError:
    """The refusal of a meld or a place numbered 0 in ``text`` (R9): people count them from 1.

    Examples:
        >>> print(counted_from_one("lay off 7H on 0"))
        Melds and places are counted from 1, as the table shows them: 'lay off 7H on 0' [R9]
    """
    return IllegalActionError(_("Melds and places are counted from 1, as the table shows them: {text}",
                                text=repr(text.strip())), "R9")


def short_of(hand: Sequence[RommeCard], cards: Sequence[RommeCard], card: RommeCard) -> IllegalActionError:
    """The refusal of ``cards``, of which ``hand`` cannot give ``card`` (R15): copies counted as people count them,
    a card's copy aside (any joker is a joker).

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> print(short_of(cards_of("6H1 9C1"), cards_of("6H1 6H2"), cards_of("6H2")[0]))
        You hold one 6♥, not two. [R15]
        >>> print(short_of(cards_of("6H1"), cards_of("7S1"), cards_of("7S1")[0]))
        You do not hold 7♠. [R15]
    """
    face = (card.rank, card.suit)
    held = sum((other.rank, other.suit) == face for other in hand)
    asked = sum((other.rank, other.suit) == face for other in cards)
    shown = card_text(card)
    if not held:
        return IllegalActionError(_("You do not hold {card}.", card=shown), "R15")
    if held < asked:
        return IllegalActionError(_("You hold {held} {card}, not {asked}.", held=count_word(held), card=shown,
                                    asked=count_word(asked)), "R15")
    return IllegalActionError(_("You hold another copy of {card}, not this one.", card=shown), "R15")
