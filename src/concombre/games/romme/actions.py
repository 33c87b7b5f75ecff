"""Rommé's actions as values, and one entry point that applies any of them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Literal, Union

import attrs

from concombre.core.cards import Rank
from concombre.core.errors import FormatError, IllegalActionError, InvalidArgumentError
from concombre.core.i18n import _, use_language
from concombre.games.romme.cards import MOST_CARDS, RommeCard, card_at
from concombre.games.romme.melds import MOST_PLACES, Meld, Place, exchange_joker, laid_off
from concombre.games.romme.options import by_face, meld_options, valued_meld_options
from concombre.games.romme.state import Phase, State, require_state
from concombre.games.romme.transitions import (
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
    "exchange_options",
    "is_legal",
    "lay_off_options",
    "legal_actions",
    "meld_actions",
    "opening_actions",
    "parse_action",
    "refusal",
    "single_melds",
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
        meld: The meld's number on the table, from 0.
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
        meld: The meld's number on the table.
        place: The joker's place in that meld, from 0.
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


_DISCARDS = tuple(Discard(card_at(index)) for index in range(MOST_CARDS))
"""A discard of each card, by its sorting index: `discard_actions` offers these rather than build new ones."""


def _meld_cards(melds: tuple[tuple[RommeCard, ...], ...]) -> MeldCards:
    """A `MeldCards` of melds the options generated (tuples of cards already): built without its converter,
    a tenth of the cost, since the adapters list the melds of a hand every step."""
    action: MeldCards = object.__new__(MeldCards)
    object.__setattr__(action, "melds", melds)
    return action


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

_APPLY: dict[type, Callable[[State, Any], State]] = {
    Deal: lambda state, action: deal(state, action.deck),
    DrawStock: lambda state, action: draw_stock(state),
    DrawDiscard: lambda state, action: draw_discard(state),
    MeldCards: lambda state, action: meld_cards(state, action.melds),
    LayOff: lambda state, action: lay_off_card(state, action.card, action.meld, action.end),
    ExchangeJoker: lambda state, action: exchange(state, action.card, action.meld, action.place, action.new_meld),
    Discard: lambda state, action: discard(state, action.card),
    ScoreRound: lambda state, action: score_round(state),
}


def apply(state: State, action: Action) -> State:
    """Apply any action and return the new state; the given state is never changed.

    Raises:
        IllegalActionError: The rules refuse it; the ruling is named.
        InvalidArgumentError: ``action`` is not a Rommé action.

    Examples:
        >>> from concombre.games.romme import Deal, DrawStock, apply, new_game
        >>> state = apply(apply(new_game(3, seed=2), Deal()), DrawStock())
        >>> len(state.hands[state.to_play])
        14
    """
    transition = _APPLY.get(type(action))
    if transition is None:
        raise InvalidArgumentError(f"Expected a Rommé action (DrawStock, MeldCards, Discard...), not {action!r}.")
    return transition(state, action)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, in a stable order: the draws, melds, lay-offs, joker exchanges, discards.

    Complete up to actions that are the same move: the two copies of a card
    and the jokers play alike, so each is offered with its lowest copy (in
    a meld that uses both copies, the second takes copy 2); the melds of
    one `MeldCards` come in one order; and once a player has opened, several
    melds at once are offered as single melds, which is the same move made
    one meld at a time. Before the opening (R8), every group of melds worth
    the opening is offered (see `opening_actions`).

    Examples:
        >>> from concombre.romme import Deal, apply, legal_actions, new_game
        >>> legal_actions(apply(new_game(2, seed=1), Deal()))
        (DrawStock(), DrawDiscard())
    """
    phase = require_state(state).phase
    if phase is Phase.PLAY:
        seat = state.to_play
        assert seat is not None
        melds = meld_actions(state) if state.opened[seat] else opening_actions(state)
        return (*melds, *lay_off_options(state), *exchange_options(state), *discard_actions(state))
    if phase is Phase.DRAW:
        return (DrawStock(), DrawDiscard()) if state.discard_pile else (DrawStock(),)
    if phase is Phase.DEAL:
        return (Deal(),)
    if phase is Phase.ROUND_COMPLETE:
        return (ScoreRound(),)
    return ()


def discard_actions(state: State) -> tuple[Discard, ...]:
    """The discards that end the turn now, in hand order (R7, R7a); none outside a turn.

    Examples:
        >>> from concombre.romme import Deal, DrawStock, apply, new_game
        >>> len(discard_actions(apply(apply(new_game(2, seed=1), Deal()), DrawStock())))
        14
    """
    seat = require_state(state).to_play
    if state.phase is not Phase.PLAY or seat is None:
        return ()
    hand = state.hands[seat]
    blocked = state.drawn if len(hand) > 1 and not state.rules.may_return_discard else None
    if blocked is None:
        return tuple([_DISCARDS[card._index] for card in hand])
    return tuple([_DISCARDS[card._index] for card in hand if card._index != blocked._index])


def lay_off_options(state: State) -> Iterator[LayOff]:
    """Every lay-off the player to play can make now (R8, R9).

    Examples:
        >>> from concombre.games.romme import new_game
        >>> list(lay_off_options(new_game(2, seed=1)))
        []
    """
    seat = require_state(state).to_play
    if state.phase is not Phase.PLAY or seat is None or not state.opened[seat]:
        return
    faces, jokers = by_face(state.hands[seat])
    candidates = [*faces.values(), *jokers[:1]]
    for index, meld in enumerate(state.melds):
        for card in candidates:
            for end in _ends_to_try(meld, card):
                if laid_off(meld, card, seat, end) is not None:  # type: ignore[arg-type]
                    yield LayOff(card, index, end)  # type: ignore[arg-type]


def _run_number(place: Place) -> int:
    """A run place's number: 2-13, the ace 1 when low and 14 when high (R5)."""
    if place.rank is Rank.ACE:
        return 1 if place.value == 1 else 14
    return int(place.rank)


def _ends_to_try(meld: Meld, card: RommeCard) -> tuple[str | None, ...]:
    """Where ``card`` might join ``meld``: a natural card only next to a run's end of its suit, or in a set of
    its rank missing its suit. Each place tried is a whole meld check, and most cards fit nowhere."""
    if card.is_joker:
        return ("low", "high") if meld.kind == "run" else (None,)
    places = meld.places
    if meld.kind == "set":
        fits = card.rank is places[0].rank and all(place.suit is not card.suit for place in places)
        return (None,) if fits else ()
    if card.suit is not places[0].suit:
        return ()
    number = 14 if card.rank is Rank.ACE else int(card.rank or 0)  # an ace goes below a 2 or above a king
    low, high = _run_number(places[0]), _run_number(places[-1])
    ends: tuple[str | None, ...] = ()
    if low - 1 == number or (number == 14 and low == 2):
        ends += ("low",)
    if high + 1 == number:
        ends += ("high",)
    return ends


def exchange_options(state: State) -> Iterator[ExchangeJoker]:
    """Every joker exchange the player to play can make now, with each new meld for the joker (R10).

    Examples:
        >>> from concombre.games.romme import new_game
        >>> list(exchange_options(new_game(2, seed=1)))
        []
    """
    seat = require_state(state).to_play
    if state.phase is not Phase.PLAY or seat is None or not state.opened[seat]:
        return
    hand = state.hands[seat]
    for index, meld in enumerate(state.melds):
        for position, place in enumerate(meld.places):
            if not place.card.is_joker:
                continue
            for card in dict.fromkeys(card for card in hand if card.rank is place.rank):  # only its rank fits (R10)
                try:
                    _, joker = exchange_joker(meld, position, card)
                except IllegalActionError:
                    continue
                rest = [other for other in hand if other != card] + [joker]
                for new in meld_options(rest):
                    if joker in new:
                        yield ExchangeJoker(card, index, position, new)


def meld_actions(state: State) -> Iterator[MeldCards]:
    """Single-meld actions the player to play can take now: any meld once opened, else one worth the opening.

    Openings made of several melds are combinations of `meld_options`; the
    meld solver finds the best.

    Examples:
        >>> from concombre.games.romme import new_game
        >>> list(meld_actions(new_game(2, seed=1)))
        []
    """
    seat = require_state(state).to_play
    if state.phase is not Phase.PLAY or seat is None:
        return
    yield from single_melds(valued_meld_options(state.hands[seat]), state.opened[seat], state.rules.opening)


def single_melds(options: Iterable[tuple[tuple[RommeCard, ...], int]], opened: bool,
                 opening: int) -> Iterator[MeldCards]:
    """`meld_actions` from a hand's `valued_meld_options`, for a player who has ``opened`` or not (R8).

    Examples:
        >>> from concombre.romme import cards_of
        >>> from concombre.games.romme.options import valued_meld_options
        >>> options = list(valued_meld_options(cards_of("KH1 KS1 KD1 2C1 3C1 4C1")))
        >>> len(list(single_melds(options, True, 40))), len(list(single_melds(options, False, 40)))
        (2, 0)
    """
    for meld, value in options:
        if opened or value >= opening:
            yield _meld_cards((meld,))


def opening_actions(state: State) -> Iterator[MeldCards]:
    """Every group of melds the player to play can open with (R8): disjoint melds worth the opening together.

    Each group is offered once, its melds in `meld_options` order; a face
    used by two melds takes the first copy, then the second.

    Examples:
        >>> from concombre.romme import cards_of, deal, deck_for, draw_stock, new_game
        >>> game = new_game(2, seed=3)
        >>> hand = cards_of("KH1 KS1 KD1 AC1 2C1 3C1 4C1")
        >>> state = draw_stock(deal(game, deck_for(game, {1: hand})))
        >>> openings = [[" ".join(map(str, meld)) for meld in action.melds] for action in opening_actions(state)]
        >>> len(openings), ["KD1 KH1 KS1", "AC1 2C1 3C1 4C1"] in openings, ["KD1 KH1 KS1"] in openings
        (36, True, False)
    """
    seat = require_state(state).to_play
    if state.phase is not Phase.PLAY or seat is None or state.opened[seat]:
        return
    hand = state.hands[seat]
    options, values = [], []
    for meld, value in valued_meld_options(hand):
        options.append(meld)
        values.append(value)
    held: dict[object, int] = {}
    for card in hand:
        held[_face(card)] = held.get(_face(card), 0) + 1
    spare = len(hand)
    for group in _groups(options, values, held, spare, state.rules.opening, 0, [], 0):
        yield MeldCards(_with_copies([options[number] for number in group], hand))


def _face(card: RommeCard) -> object:
    return "joker" if card.is_joker else (card.rank, card.suit)


def _groups(
    options: list[tuple[RommeCard, ...]], values: list[int], held: dict[object, int], spare: int,
    opening: int, start: int, chosen: list[int], worth: int,
) -> Iterator[list[int]]:
    """The groups of options from ``start`` on that the hand can hold together, worth ``opening`` with ``chosen``."""
    for index in range(start, len(options)):
        meld = options[index]
        needs: dict[object, int] = {}
        for card in meld:
            needs[_face(card)] = needs.get(_face(card), 0) + 1
        if len(meld) > spare or any(held.get(face, 0) < count for face, count in needs.items()):
            continue
        for face, count in needs.items():
            held[face] -= count
        group = [*chosen, index]
        if worth + values[index] >= opening:
            yield group
        yield from _groups(options, values, held, spare - len(meld), opening, index, group, worth + values[index])
        for face, count in needs.items():
            held[face] += count


def _with_copies(melds: list[tuple[RommeCard, ...]], hand: Sequence[RommeCard]) -> list[list[RommeCard]]:
    """The melds with the hand's own cards: each further use of a face takes its next copy, or the next joker."""
    copies: dict[object, list[RommeCard]] = {}
    for card in sorted(hand):
        copies.setdefault(_face(card), []).append(card)
    taken = {face: iter(cards) for face, cards in copies.items()}
    return [[next(taken[_face(card)]) for card in meld] for meld in melds]


def refusal(state: State, action: Action) -> IllegalActionError | None:
    """Why the rules refuse ``action`` here, as the `IllegalActionError` that `apply` would raise; None if legal.

    The refusal as data: its ``ruling``, ``reason`` and `~concombre.ConcombreError.details`, without raising.
    `apply` is the one place a Rommé step is judged (a meld's checks are the building of the meld), so this asks
    it and keeps what it refuses: the state is never changed.

    Raises:
        InvalidArgumentError: ``state`` or ``action`` is not of the game.

    Examples:
        >>> from concombre.games.romme import DrawStock, new_game, refusal
        >>> refused = refusal(new_game(2, seed=1), DrawStock())
        >>> refused.ruling, refused.reason
        ('R15', 'No card can be drawn now: the cards have not been dealt yet.')
    """
    try:
        apply(state, action)
    except IllegalActionError as err:
        return err
    return None


def why_illegal(state: State, action: Action, language: str | None = None) -> str | None:
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
    if language is None:  # the common case, kept free of the context's cost: legality checks run in loops
        refused = refusal(state, action)
    else:
        with use_language(language):
            refused = refusal(state, action)
    return None if refused is None else str(refused)


def is_legal(state: State, action: Action) -> bool:
    """Whether `apply` would accept ``action``.

    Examples:
        >>> from concombre.games.romme import Deal, is_legal, new_game
        >>> is_legal(new_game(2, seed=1), Deal())
        True
    """
    return why_illegal(state, action) is None


def action_text(action: Action) -> str:
    """One action as a line of a text record.

    Examples:
        >>> from concombre.games.romme import ExchangeJoker, LayOff, MeldCards
        >>> action_text(MeldCards([["QH1", "QS1", "QD1"], ["AC1", "2C1", "JK1"]]))
        'meld QH1 QS1 QD1 | AC1 2C1 JK1'
        >>> action_text(LayOff("7H1", 2, "high")), action_text(LayOff("QC1", 0))
        ('lay off 7H1 on 2 high', 'lay off QC1 on 0')
        >>> action_text(ExchangeJoker("5S2", 1, 2, ["9C1", "9D1", "JK1"]))
        'exchange 5S2 at 1 2 then meld 9C1 9D1 JK1'
    """
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
        return f"lay off {action.card} on {action.meld}" + (f" {action.end}" if action.end else "")
    if isinstance(action, ExchangeJoker):
        return f"exchange {action.card} at {action.meld} {action.place} then meld {cards(action.new_meld)}"
    if isinstance(action, Discard):
        return f"discard {action.card}"
    return "score"


def parse_action(line: str) -> Action:
    """Read one action line (see `action_text`).

    Raises:
        FormatError: The line is not an action.
        InvalidArgumentError: ``line`` is not text.

    Examples:
        >>> parse_action("lay off 7h1 on 2 high")
        LayOff(card=RommeCard.parse('7H1'), meld=2, end='high')
    """
    if not isinstance(line, str):
        raise InvalidArgumentError(f"line must be the text of one action, not {line!r}.", field="line")
    words = line.split()
    try:
        return _parse_words(words)
    except InvalidArgumentError as err:  # a card that cannot be read: the cause says which (see read_step)
        raise FormatError(err.reason) from err
    except (IndexError, ValueError):
        pass
    raise FormatError(_("expected an action (deal, draw stock, draw discard, meld, lay off, exchange, discard, "
                        "score), not {line}", line=repr(line.strip()[:60])))


def _parse_words(words: list[str]) -> Action:
    verb = " ".join(words[:2]).lower()
    if words == ["deal"] or (words and words[0] == "deal"):
        return Deal(words[1:] or None)
    if verb in ("draw stock", "draw discard") and len(words) == 2:
        return DrawStock() if verb == "draw stock" else DrawDiscard()
    if words[0] == "meld" and len(words) > 1:
        return MeldCards([group.split() for group in " ".join(words[1:]).split("|")])
    if verb == "lay off" and words[3] == "on" and len(words) in (5, 6):
        end = words[5] if len(words) == 6 else None
        if end not in (None, "low", "high"):
            raise ValueError(end)
        return LayOff(words[2], _index(words[4]), end)  # type: ignore[arg-type]
    if words[0] == "exchange" and words[2] == "at" and words[5:7] == ["then", "meld"]:
        return ExchangeJoker(words[1], _index(words[3]), _index(words[4]), words[7:])
    if words[0] == "discard" and len(words) == 2:
        return Discard(words[1])
    if words == ["score"]:
        return ScoreRound()
    raise ValueError(" ".join(words))


def _index(word: str) -> int:
    if not word.isdigit() or len(word) > 3:
        raise ValueError(word)
    return int(word)
