"""Rommé's actions as values, and one entry point that applies any of them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, Union

import attrs

from concombre.errors import IllegalActionError, InvalidArgumentError
from concombre.romme.cards import RommeCard
from concombre.romme.state import RommePhase, RommeState
from concombre.romme.transitions import (
    deal,
    discard,
    draw_discard,
    draw_stock,
    exchange,
    lay_off_card,
    meld_cards,
    score_round,
)

__all__ = [
    "Deal",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "ExchangeJoker",
    "LayOff",
    "MeldCards",
    "RommeAction",
    "ScoreRound",
    "apply",
    "is_legal",
    "legal_actions",
    "why_illegal",
]


def _card(value: RommeCard | str) -> RommeCard:
    if isinstance(value, RommeCard):
        return value
    if isinstance(value, str):
        return RommeCard.parse(value)
    raise InvalidArgumentError(f"Expected a RommeCard (such as RommeCard.parse('QH1')), not {value!r}.")


def _cards(values: Sequence[RommeCard | str]) -> tuple[RommeCard, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise InvalidArgumentError(f"Expected a sequence of cards, not {values!r}.")
    return tuple(_card(value) for value in values)


def _melds(values: Sequence[Sequence[RommeCard | str]]) -> tuple[tuple[RommeCard, ...], ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise InvalidArgumentError(f"Expected a sequence of melds, each a sequence of cards, not {values!r}.")
    return tuple(_cards(meld) for meld in values)


def _deck(values: Sequence[RommeCard | str] | None) -> tuple[RommeCard, ...] | None:
    return None if values is None else _cards(values)


@attrs.frozen
class Deal:
    """Deal the round (see `concombre.romme.deal`).

    Attributes:
        deck: The cards in dealing order, top first, or None to shuffle from the seed.

    Examples:
        >>> from concombre.romme import Deal, apply, new_game
        >>> apply(new_game(2, seed=1), Deal()).phase.value
        'draw'
    """

    deck: tuple[RommeCard, ...] | None = attrs.field(default=None, converter=_deck)


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock (R7).

    Examples:
        >>> from concombre.romme import Deal, DrawStock, apply, new_game
        >>> apply(apply(new_game(2, seed=1), Deal()), DrawStock()).phase.value
        'play'
    """


@attrs.frozen
class DrawDiscard:
    """Draw the top card of the discard pile (R7).

    Examples:
        >>> from concombre.romme import DrawDiscard
        >>> DrawDiscard() == DrawDiscard()
        True
    """


@attrs.frozen
class MeldCards:
    """Put down one or more melds from the hand (R5, R6, R8).

    Attributes:
        melds: The melds, each its cards in place order (a run from low to high).

    Examples:
        >>> from concombre.romme import MeldCards
        >>> action = MeldCards([["QH1", "QS1", "QD2"]])
        >>> [str(card) for card in action.melds[0]]
        ['QH1', 'QS1', 'QD2']
    """

    melds: tuple[tuple[RommeCard, ...], ...] = attrs.field(converter=_melds)


@attrs.frozen
class LayOff:
    """Add a card from the hand to a meld on the table (R9).

    Attributes:
        card: The card.
        meld: The meld's number on the table, from 0.
        end: For a run, ``"low"`` or ``"high"``; None for a set.

    Examples:
        >>> from concombre.romme import LayOff
        >>> LayOff("7H1", 0, "high").end
        'high'
    """

    card: RommeCard = attrs.field(converter=_card)
    meld: int
    end: Literal["low", "high"] | None = None


@attrs.frozen
class ExchangeJoker:
    """Exchange a joker on the table for the card it stands for, and meld the joker anew (R10).

    Attributes:
        card: The natural card from the hand that takes the joker's place.
        meld: The meld's number on the table.
        place: The joker's place in that meld, from 0.
        new_meld: The new meld for the joker: the joker and cards from the hand.

    Examples:
        >>> from concombre.romme import ExchangeJoker
        >>> action = ExchangeJoker("5S1", 0, 2, ["JK1", "QH1", "QD1"])
        >>> str(action.card), len(action.new_meld)
        ('5S1', 3)
    """

    card: RommeCard = attrs.field(converter=_card)
    meld: int
    place: int
    new_meld: tuple[RommeCard, ...] = attrs.field(converter=_cards)


@attrs.frozen
class Discard:
    """Discard a card from the hand, ending the turn (R7).

    Attributes:
        card: The card.

    Examples:
        >>> from concombre.romme import Discard
        >>> str(Discard("10c2").card)
        'TC2'
    """

    card: RommeCard = attrs.field(converter=_card)


@attrs.frozen
class ScoreRound:
    """Score the finished round (R13, R14).

    Examples:
        >>> from concombre.romme import ScoreRound
        >>> ScoreRound()
        ScoreRound()
    """


RommeAction = Union[Deal, DrawStock, DrawDiscard, MeldCards, LayOff, ExchangeJoker, Discard, ScoreRound]
"""Any action of Rommé.

Examples:
    >>> from concombre.romme import RommeAction, legal_actions, new_game
    >>> actions: tuple[RommeAction, ...] = legal_actions(new_game(2, seed=1))
    >>> actions
    (Deal(deck=None),)
"""

_APPLY: dict[type, Callable[[RommeState, Any], RommeState]] = {
    Deal: lambda state, action: deal(state, action.deck),
    DrawStock: lambda state, action: draw_stock(state),
    DrawDiscard: lambda state, action: draw_discard(state),
    MeldCards: lambda state, action: meld_cards(state, action.melds),
    LayOff: lambda state, action: lay_off_card(state, action.card, action.meld, action.end),
    ExchangeJoker: lambda state, action: exchange(state, action.card, action.meld, action.place, action.new_meld),
    Discard: lambda state, action: discard(state, action.card),
    ScoreRound: lambda state, action: score_round(state),
}


def apply(state: RommeState, action: RommeAction) -> RommeState:
    """Apply any action and return the new state; the given state is never changed.

    Raises:
        IllegalActionError: The rules refuse it; the ruling is named.
        InvalidArgumentError: ``action`` is not a Rommé action.

    Examples:
        >>> from concombre.romme import Deal, DrawStock, apply, new_game
        >>> state = apply(apply(new_game(3, seed=2), Deal()), DrawStock())
        >>> len(state.hands[state.to_play])
        14
    """
    transition = _APPLY.get(type(action))
    if transition is None:
        raise InvalidArgumentError(f"Expected a Rommé action (DrawStock, MeldCards, Discard...), not {action!r}.")
    return transition(state, action)


def legal_actions(state: RommeState) -> tuple[RommeAction, ...]:
    """The draws, discards and table steps legal now, in a stable order.

    Melds, lay-offs and joker exchanges are many; `concombre.romme.options`
    generates them. In `RommePhase.PLAY` this lists only the discards, in
    hand order.

    Examples:
        >>> from concombre.romme import Deal, apply, legal_actions, new_game
        >>> legal_actions(apply(new_game(2, seed=1), Deal()))
        (DrawStock(), DrawDiscard())
    """
    phase = state.phase
    if phase is RommePhase.DRAW:
        return (DrawStock(), DrawDiscard()) if state.discard_pile else (DrawStock(),)
    if phase is RommePhase.PLAY:
        seat = state.to_play
        assert seat is not None
        hand = state.hands[seat]
        blocked = state.drawn if len(hand) > 1 and not state.rules.may_return_discard else None
        return tuple(Discard(card) for card in hand if card != blocked)
    if phase is RommePhase.DEAL:
        return (Deal(),)
    if phase is RommePhase.ROUND_OVER:
        return (ScoreRound(),)
    return ()


def why_illegal(state: RommeState, action: RommeAction) -> str | None:
    """Why the rules refuse ``action`` here, as the error's text; None if it is legal.

    Examples:
        >>> from concombre.romme import DrawStock, new_game, why_illegal
        >>> print(why_illegal(new_game(2, seed=1), DrawStock()))
        No card can be drawn now: the cards have not been dealt yet. [R15]
    """
    try:
        apply(state, action)
    except IllegalActionError as err:
        return str(err)
    return None


def is_legal(state: RommeState, action: RommeAction) -> bool:
    """Whether `apply` would accept ``action``.

    Examples:
        >>> from concombre.romme import Deal, is_legal, new_game
        >>> is_legal(new_game(2, seed=1), Deal())
        True
    """
    return why_illegal(state, action) is None
