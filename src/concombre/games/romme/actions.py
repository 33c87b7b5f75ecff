"""Rommé's actions as values, and one entry point that applies any of them.

How melds and places are numbered, the one convention: **people count the melds on the table and the places of
a meld from 1**, as the table shows them ("Meld 1 (set)"), and so does every text the library writes or reads:
a record's line (`action_text`, `parse_action`), what people type (`~concombre.games.romme.reading.read_action`,
`~concombre.games.romme.reading.typed_text`) and every sentence. The action values hold indexes, from 0:
`LayOff.meld`, `ExchangeJoker.meld` and `ExchangeJoker.place` index `State.melds` and `Meld.places`, and JSON
documents hold those indexes. Text records of version 1 (``concombre romme record 1``) counted from 0:
`parse_action_v1` reads their lines.

Examples:
    >>> action_text(LayOff("QH1", 0))               # meld 1 on the table is melds[0]
    'lay off QH1 on 1'
    >>> parse_action("lay off QH1 on 1") == parse_action_v1("lay off QH1 on 0") == LayOff("QH1", 0)
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Union

import attrs

from concombre.core.errors import FormatError, IllegalActionError, InvalidArgumentError
from concombre.core.game.moves import Move, Moves
from concombre.core.i18n import _
from concombre.core.seats import REFEREE, Referee
from concombre.core.words import whole_number
from concombre.games.romme.cards import MOST_CARDS, RommeCard
from concombre.games.romme.melds import MOST_PLACES
from concombre.games.romme.refusals import counted_from_one, too_high
from concombre.games.romme.state import State, require_state
from concombre.games.romme.transitions import (
    deal,
    deal_refusal,
    discard,
    discard_refusal,
    draw_discard,
    draw_discard_refusal,
    draw_stock,
    draw_stock_refusal,
    exchange,
    exchange_refusal,
    lay_off_card,
    lay_off_refusal,
    meld_cards,
    meld_refusal,
    score_refusal,
    score_round,
)

__all__ = [
    "ACTION_NAMES",
    "MOST_MELDS",
    "Action",
    "Deal",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "ExchangeJoker",
    "LayOff",
    "MeldCards",
    "ScoreRound",
    "action_text",
    "apply",
    "is_legal",
    "parse_action",
    "parse_action_v1",
    "refusal",
    "why_illegal",
]


def _card(value: RommeCard | str) -> RommeCard:
    if isinstance(value, RommeCard):
        return value
    if isinstance(value, str):
        return RommeCard.parse(value)
    raise InvalidArgumentError(f"Expected a RommeCard (such as RommeCard.parse('QH1')), not {value!r}.", "R2", "card")


def _cards(values: Sequence[RommeCard | str], field: str = "new_meld") -> tuple[RommeCard, ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise InvalidArgumentError(f"Expected a sequence of cards, not {values!r}.", field=field)
    try:  # not `naming`: legal_actions builds many of these
        return tuple(_card(value) for value in values)
    except InvalidArgumentError as err:
        raise err.about(field) from None


def _melds(values: Sequence[Sequence[RommeCard | str]]) -> tuple[tuple[RommeCard, ...], ...]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise InvalidArgumentError(f"Expected a sequence of melds, each a sequence of cards, not {values!r}.",
                                   field="melds")
    return tuple(_cards(meld, "melds") for meld in values)


def _deck(values: Sequence[RommeCard | str] | None) -> tuple[RommeCard, ...] | None:
    return None if values is None else _cards(values, "deck")


# The shape every action must have, in any form (Python, JSON or a text record), before any
# state is consulted: indexes within what a table can ever hold, and melds of some cards.
MOST_MELDS = MOST_CARDS // 3
"""The most melds a table can hold: every card of the game in melds of three (R5).

Examples:
    >>> MOST_MELDS
    36
"""


def _below(most: int, ruling: str) -> Any:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < most:
            raise InvalidArgumentError(
                f"{type(instance).__name__}.{attribute.name} must be a whole number from 0 to {most - 1}, "
                f"not {value!r}.", ruling, attribute.name,
            )

    return check


def _meld_sizes(instance: Any, attribute: attrs.Attribute[Any], value: tuple[tuple[RommeCard, ...], ...]) -> None:
    groups = value if attribute.name == "melds" else (value,)
    if attribute.name == "melds" and not 1 <= len(groups) <= MOST_MELDS:
        raise InvalidArgumentError(f"MeldCards needs 1 to {MOST_MELDS} melds, not {len(groups)}.", "R5", "melds")
    if any(not 1 <= len(group) <= MOST_PLACES for group in groups):
        raise InvalidArgumentError(
            f"{type(instance).__name__}.{attribute.name}: each meld holds 1 to {MOST_PLACES} cards.",
            "R5",
            attribute.name,
        )


def _end(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value not in (None, "low", "high"):
        raise InvalidArgumentError(f"LayOff.end must be 'low', 'high' or None, not {value!r}.", "R9", "end")


@attrs.frozen
class Deal:
    """Deal the round (see `concombre.games.romme.deal`).

    Attributes:
        deck: The cards in dealing order, top first, or None to shuffle from the seed.

    Examples:
        >>> from concombre.games.romme import Deal, apply, new_game
        >>> apply(new_game(2, seed=1), Deal()).phase.value
        'draw'
    """

    deck: tuple[RommeCard, ...] | None = attrs.field(default=None, converter=_deck)


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock (R7).

    Examples:
        >>> from concombre.games.romme import Deal, DrawStock, apply, new_game
        >>> apply(apply(new_game(2, seed=1), Deal()), DrawStock()).phase.value
        'play'
    """


@attrs.frozen
class DrawDiscard:
    """Draw the top card of the discard pile (R7).

    Examples:
        >>> from concombre.games.romme import DrawDiscard
        >>> DrawDiscard() == DrawDiscard()
        True
    """


@attrs.frozen
class MeldCards:
    """Put down one or more melds from the hand (R5, R6, R8).

    Attributes:
        melds: The melds, each its cards in place order (a run from low to high).

    Examples:
        >>> from concombre.games.romme import MeldCards
        >>> action = MeldCards([["QH1", "QS1", "QD2"]])
        >>> [str(card) for card in action.melds[0]]
        ['QH1', 'QS1', 'QD2']
    """

    melds: tuple[tuple[RommeCard, ...], ...] = attrs.field(converter=_melds, validator=_meld_sizes)


@attrs.frozen
class LayOff:
    """Add a card from the hand to a meld on the table (R9).

    Attributes:
        card: The card.
        meld: The meld's index in `State.melds`, from 0 (people and text count from 1: see the module).
        end: For a run, ``"low"`` or ``"high"``; None for a set.

    Examples:
        >>> from concombre.games.romme import LayOff
        >>> LayOff("7H1", 0, "high").end
        'high'
    """

    card: RommeCard = attrs.field(converter=_card)
    meld: int = attrs.field(validator=_below(MOST_MELDS, "R9"))
    end: Literal["low", "high"] | None = attrs.field(default=None, validator=_end)


@attrs.frozen
class ExchangeJoker:
    """Exchange a joker on the table for the card it stands for, and meld the joker anew (R10).

    Attributes:
        card: The natural card from the hand that takes the joker's place.
        meld: The meld's index in `State.melds`, from 0 (people and text count from 1: see the module).
        place: The joker's index in that meld's places, from 0.
        new_meld: The new meld for the joker: the joker and cards from the hand.

    Examples:
        >>> from concombre.games.romme import ExchangeJoker
        >>> action = ExchangeJoker("5S1", 0, 2, ["JK1", "QH1", "QD1"])
        >>> str(action.card), len(action.new_meld)
        ('5S1', 3)
    """

    card: RommeCard = attrs.field(converter=_card)
    meld: int = attrs.field(validator=_below(MOST_MELDS, "R10"))
    place: int = attrs.field(validator=_below(MOST_PLACES, "R10"))
    new_meld: tuple[RommeCard, ...] = attrs.field(converter=_cards, validator=_meld_sizes)


@attrs.frozen
class Discard:
    """Discard a card from the hand, ending the turn (R7).

    Attributes:
        card: The card.

    Examples:
        >>> from concombre.games.romme import Discard
        >>> str(Discard("10c2").card)
        'TC2'
    """

    card: RommeCard = attrs.field(converter=_card)


@attrs.frozen
class ScoreRound:
    """Score the finished round (R13, R14).

    Examples:
        >>> from concombre.games.romme import ScoreRound
        >>> ScoreRound()
        ScoreRound()
    """


Action = Union[Deal, DrawStock, DrawDiscard, MeldCards, LayOff, ExchangeJoker, Discard, ScoreRound]
"""Any action of Rommé.

Examples:
    >>> from concombre.games.romme import Action, legal_actions, new_game
    >>> actions: tuple[Action, ...] = legal_actions(new_game(2, seed=1))
    >>> actions
    (Deal(deck=None),)
"""

ACTION_NAMES: dict[str, type[Action]] = {
    "deal": Deal,
    "draw_stock": DrawStock,
    "draw_discard": DrawDiscard,
    "meld": MeldCards,
    "lay_off": LayOff,
    "exchange_joker": ExchangeJoker,
    "discard": Discard,
    "score_round": ScoreRound,
}
"""Each action class by the name its documents and records carry, in the order of `Action`.

Examples:
    >>> ACTION_NAMES["lay_off"].__name__
    'LayOff'
"""

def apply(state: State, action: Action, *, seat: int | Referee | None = REFEREE) -> State:
    """Apply any action and return the new state; the given state is never changed.

    Given the ``seat`` that acts, the action is refused unless that seat is to play (R7); dealing and scoring
    are no seat's (R15). Omitted, the caller referees and acts for whoever is to move; None, the table acts,
    and a player's action is refused (R7): see `~concombre.core.seats.Referee`.

    Raises:
        IllegalActionError: The rules refuse it, or it is not this seat's to make; the ruling is named.
        InvalidArgumentError: ``action`` is not a Rommé action, or ``seat`` not a seat.

    Examples:
        >>> from concombre.games.romme import Deal, DrawStock, apply, new_game
        >>> state = apply(apply(new_game(3, seed=2), Deal()), DrawStock())
        >>> len(state.hands[state.to_play])
        14
    """
    if seat is REFEREE:  # `MOVES.apply` without its seat rule, inline: every step of a game comes here
        take = _TAKE.get(type(action))
        if take is not None:
            return take(state, action)
    return MOVES.apply(state, action, seat)


def refusal(state: State, action: Action, *, seat: int | Referee | None = REFEREE) -> IllegalActionError | None:
    """Why the rules refuse ``action`` here, as the `IllegalActionError` that `apply` would raise; None if legal.

    The refusal as data: its ``ruling``, ``reason`` and `~concombre.ConcombreError.details`, without raising:
    each transition raises what its refusal here returns, so the two never disagree.

    Raises:
        InvalidArgumentError: ``state`` or ``action`` is not of the game.

    Examples:
        >>> from concombre.games.romme import DrawStock, new_game, refusal
        >>> refused = refusal(new_game(2, seed=1), DrawStock())
        >>> refused.ruling, refused.reason
        ('R15', 'No card can be drawn now: the cards have not been dealt yet.')
    """
    return MOVES.refusal(state, action, seat)


MOVES: Moves[State, Action] = Moves(
    kinds={
        Deal: Move(lambda state, action: deal_refusal(state, action.deck),
                   lambda state, action: deal(state, action.deck)),
        DrawStock: Move(lambda state, action: draw_stock_refusal(state), lambda state, action: draw_stock(state)),
        DrawDiscard: Move(lambda state, action: draw_discard_refusal(state), lambda state, action: draw_discard(state)),
        MeldCards: Move(lambda state, action: meld_refusal(state, action.melds),
                        lambda state, action: meld_cards(state, action.melds)),
        LayOff: Move(lambda state, action: lay_off_refusal(state, action.card, action.meld, action.end),
                     lambda state, action: lay_off_card(state, action.card, action.meld, action.end)),
        ExchangeJoker: Move(
            lambda state, action: exchange_refusal(state, action.card, action.meld, action.place, action.new_meld),
            lambda state, action: exchange(state, action.card, action.meld, action.place, action.new_meld)),
        Discard: Move(lambda state, action: discard_refusal(state, action.card),
                      lambda state, action: discard(state, action.card)),
        ScoreRound: Move(lambda state, action: score_refusal(state), lambda state, action: score_round(state)),
    },
    what="a Rommé action (DrawStock, MeldCards, Discard...)", state=require_state, turn_ruling="R7",
    table_ruling="R15")
"""Rommé's actions, each with its refusal and its transition (`concombre.core.game.Moves`): `apply`,
`refusal`, `is_legal` and `why_illegal` dispatch through it.

Examples:
    >>> from concombre.games.romme import new_game
    >>> MOVES.apply(new_game(2, seed=1), Deal()).phase.value
    'draw'
"""

_TAKE = {kind: move.apply for kind, move in MOVES.kinds.items()}
"""Each action class's transition, from `MOVES`: what `apply` calls when the caller referees."""


def why_illegal(state: State, action: Action, language: str | None = None, *,
                seat: int | Referee | None = REFEREE) -> str | None:
    """Why the rules refuse ``action`` here, as the error's text; None if it is legal.

    The sentence is in ``language`` (``"en"``, ``"id"``; None: the current language,
    see `concombre.core.i18n`); the ruling id in brackets stays as it is.

    Examples:
        >>> from concombre.games.romme import DrawStock, new_game, why_illegal
        >>> print(why_illegal(new_game(2, seed=1), DrawStock()))
        No card can be drawn now: the cards have not been dealt yet. [R15]
        >>> print(why_illegal(new_game(2, seed=1), DrawStock(), language="id"))
        Tidak ada kartu yang bisa diambil sekarang: kartu belum dibagikan. [R15]
    """
    return MOVES.why_illegal(state, action, language, seat)


def is_legal(state: State, action: Action, *, seat: int | Referee | None = REFEREE) -> bool:
    """Whether `apply` would accept ``action``.

    Examples:
        >>> from concombre.games.romme import Deal, is_legal, new_game
        >>> is_legal(new_game(2, seed=1), Deal())
        True
    """
    return MOVES.refusal(state, action, seat) is None


def action_text(action: Action) -> str:
    """One action as a line of a text record, its melds and places counted from 1 (see the module).

    Raises:
        InvalidArgumentError: ``action`` is not a Rommé action; ``field`` is ``action``.

    Examples:
        >>> from concombre.games.romme import ExchangeJoker, LayOff, MeldCards
        >>> action_text(MeldCards([["QH1", "QS1", "QD1"], ["AC1", "2C1", "JK1"]]))
        'meld QH1 QS1 QD1 | AC1 2C1 JK1'
        >>> action_text(LayOff("7H1", 2, "high")), action_text(LayOff("QC1", 0))
        ('lay off 7H1 on 3 high', 'lay off QC1 on 1')
        >>> action_text(ExchangeJoker("5S2", 1, 2, ["9C1", "9D1", "JK1"]))
        'exchange 5S2 at 2 3 then meld 9C1 9D1 JK1'
    """
    return _text(action, 1)


def _text(action: Action, base: int) -> str:
    def cards(group: tuple[RommeCard, ...]) -> str:
        return " ".join(map(str, group))

    if isinstance(action, Deal):
        return "deal" if action.deck is None else f"deal {cards(action.deck)}"
    if isinstance(action, DrawStock):
        return "draw stock"
    if isinstance(action, DrawDiscard):
        return "draw discard"
    if isinstance(action, MeldCards):
        return "meld " + " | ".join(cards(meld) for meld in action.melds)
    if isinstance(action, LayOff):
        return f"lay off {action.card} on {action.meld + base}" + (f" {action.end}" if action.end else "")
    if isinstance(action, ExchangeJoker):
        return (f"exchange {action.card} at {action.meld + base} {action.place + base} then meld "
                f"{cards(action.new_meld)}")
    if isinstance(action, Discard):
        return f"discard {action.card}"
    if isinstance(action, ScoreRound):
        return "score"
    raise MOVES.not_an_action(action)


def parse_action(line: str) -> Action:
    """Read one action line (see `action_text`), its melds and places counted from 1.

    Raises:
        FormatError: The line is not an action; the reason says why (with the ruling, for a number no table
            has or a meld without cards).
        InvalidArgumentError: ``line`` is not text.

    Examples:
        >>> parse_action("lay off 7h1 on 2 high")
        LayOff(card=RommeCard.parse('7H1'), meld=1, end='high')
        >>> try:
        ...     parse_action("lay off 7h1 on 0 high")
        ... except FormatError as err:
        ...     print(err.reason)
        Melds and places are counted from 1, as the table shows them: 'lay off 7h1 on 0 high'
    """
    return _parsed(line, 1)


def parse_action_v1(line: str) -> Action:
    """Read one action line of a version-1 text record (``concombre romme record 1``), whose melds and places
    count from 0: how records were written before version 2 (see the module).

    Raises:
        FormatError: The line is not an action.
        InvalidArgumentError: ``line`` is not text.

    Examples:
        >>> parse_action_v1("lay off 7h1 on 2 high")
        LayOff(card=RommeCard.parse('7H1'), meld=2, end='high')
        >>> parse_action_v1("exchange 5S2 at 0 1 then meld 9C1 9D1 JK1") == parse_action(
        ...     "exchange 5S2 at 1 2 then meld 9C1 9D1 JK1")
        True
    """
    return _parsed(line, 0)


def _parsed(line: str, base: int) -> Action:
    if not isinstance(line, str):
        raise InvalidArgumentError(f"line must be the text of one action, not {line!r}.", field="line")
    words = line.split()
    try:
        return _parse_words(words, base, line)
    except FormatError:  # said in the words of people already: a number no table has, a meld without cards
        raise
    except InvalidArgumentError as err:  # a card that cannot be read: the cause says which (see read_step)
        raise FormatError(err.reason) from err
    except (IndexError, ValueError):
        pass
    raise FormatError(_("expected an action (deal, draw stock, draw discard, meld, lay off, exchange, discard, "
                        "score), not {line}", line=repr(line.strip()[:60])))


def _parse_words(words: list[str], base: int, line: str) -> Action:
    verb = " ".join(words[:2]).lower()
    if words and words[0] == "deal":
        return Deal(words[1:] or None)
    if verb in ("draw stock", "draw discard") and len(words) == 2:
        return DrawStock() if verb == "draw stock" else DrawDiscard()
    if words[0] == "meld" and len(words) > 1:
        return MeldCards(_groups([group.split() for group in " ".join(words[1:]).split("|")]))
    if verb == "lay off" and words[3] == "on" and len(words) in (5, 6):
        end = words[5] if len(words) == 6 else None
        if end not in (None, "low", "high"):
            raise ValueError(end)
        return LayOff(words[2], _index(words[4], base, MOST_MELDS, line), end)  # type: ignore[arg-type]
    if words[0] == "exchange" and words[2] == "at" and words[5:7] == ["then", "meld"]:
        meld, place = _index(words[3], base, MOST_MELDS, line), _index(words[4], base, MOST_PLACES, line)
        return ExchangeJoker(words[1], meld, place, _groups([words[7:]])[0])
    if words[0] == "discard" and len(words) == 2:
        return Discard(words[1])
    if words == ["score"]:
        return ScoreRound()
    raise ValueError(" ".join(words))


def _groups(groups: list[list[str]]) -> list[list[str]]:
    """The melds of a line, checked for their sizes in the words of people, before any card is read (R5)."""
    if len(groups) > MOST_MELDS:
        raise FormatError(_("A turn puts down at most {most} melds, not {count}.", most=MOST_MELDS,
                            count=len(groups)), ruling="R5")
    for group in groups:
        if not group:
            raise FormatError(_("Each meld needs its cards: one of these melds has none (melds are set apart "
                                "with |)."), ruling="R5")
        if len(group) > MOST_PLACES:
            raise FormatError(_("A meld holds at most {most} cards, not {count}.", most=MOST_PLACES,
                                count=len(group)), ruling="R5")
    return groups


def _index(word: str, base: int, most: int, line: str) -> int:
    """A meld's or a place's number as written (from ``base``) as its index, from 0: the check of a record's
    numbers, in the sentences of `concombre.games.romme.refusals` (the people's reader says the same)."""
    number = whole_number(word)
    if number is None:
        raise ValueError(word)
    index = number - base
    if index < 0:
        raise _said(counted_from_one(line))
    if index >= most:
        raise _said(too_high(index + 1, most, place=most != MOST_MELDS))
    return index


def _said(refused: IllegalActionError) -> FormatError:
    return FormatError(refused.reason, ruling=refused.ruling)
