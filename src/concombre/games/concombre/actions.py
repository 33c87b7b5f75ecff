"""Actions as values, and one entry point that applies any of them.

Front-ends, game records and bots can treat every step alike: ask
`legal_actions`, pick one, `apply` it. `why_illegal` explains a refusal
before it happens, so a front-end can grey out a card and say why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Union

import attrs

from concombre.core.cards import PACK, Card, cards_in_mask
from concombre.core.errors import FormatError, IllegalActionError, InvalidArgumentError, naming
from concombre.core.game.moves import Move, Moves
from concombre.core.i18n import _
from concombre.core.seats import REFEREE, Referee
from concombre.games.concombre.state import Phase, State, require_state
from concombre.games.concombre.transitions import (
    deal,
    deal_refusal,
    play,
    play_refusal,
    resolve_refusal,
    resolve_trick,
    score_refusal,
    score_round,
)

__all__ = [
    "ACTION_NAMES",
    "Action",
    "Deal",
    "Play",
    "ResolveTrick",
    "ScoreRound",
    "action_text",
    "apply",
    "is_legal",
    "legal_actions",
    "parse_action",
    "refusal",
    "why_illegal",
]


def _to_deck(deck: Sequence[Card | str] | None) -> tuple[Card, ...] | None:
    if deck is None:
        return None
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
        raise InvalidArgumentError(f"Deal.deck must be a sequence of cards or None, not {deck!r}.", "C4", "deck")
    with naming("deck"):
        return tuple(_to_card(card) for card in deck)


def _to_card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise InvalidArgumentError(f"Expected a Card (such as Card.parse('QH')), not {card!r}.", "C2", "card")


@attrs.frozen
class Deal:
    """Deal the round (see `concombre.deal`).

    Attributes:
        deck: The pack in dealing order, top card first, or None to shuffle
            from the game's seed. Cards may be given as text ("QH").

    Examples:
        >>> from concombre import Deal, apply, new_game
        >>> apply(new_game(3, seed=1), Deal()).phase.value
        'play'
    """

    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_to_deck)


@attrs.frozen
class Play:
    """Play a card from the hand of the player to play (see `concombre.apps`).

    Attributes:
        card: The card; text such as ``"QH"`` is read with `Card.parse`.

    Examples:
        >>> from concombre import Card, Play
        >>> Play("qh") == Play(Card.parse("QH"))
        True
    """

    card: Card = attrs.field(converter=_to_card)


@attrs.frozen
class ResolveTrick:
    """Gather the complete trick (see `concombre.resolve_trick`).

    Examples:
        >>> from concombre import ResolveTrick
        >>> ResolveTrick() == ResolveTrick()
        True
    """


@attrs.frozen
class ScoreRound:
    """Score the finished round (see `concombre.score_round`).

    Examples:
        >>> from concombre import ScoreRound
        >>> ScoreRound()
        ScoreRound()
    """


Action = Union[Deal, Play, ResolveTrick, ScoreRound]
"""Any action of Concombre: the type `apply` takes and `legal_actions` returns.

Examples:
    >>> from concombre import Action, Deal, Play, legal_actions, new_game
    >>> actions: tuple[Action, ...] = legal_actions(new_game(2, seed=1))
    >>> actions
    (Deal(deck=None),)
"""

ACTION_NAMES: dict[str, type[Action]] = {"deal": Deal, "play": Play, "resolve_trick": ResolveTrick,
                                         "score_round": ScoreRound}
"""Each action class by the name its documents and records carry, in the order of `Action`.

Examples:
    >>> ACTION_NAMES["play"].__name__
    'Play'
"""

_DEAL = Deal()
_RESOLVE = ResolveTrick()
_SCORE = ScoreRound()
_PLAYS = tuple(Play(card) for card in PACK)


def apply(state: State, action: Action, *, seat: int | Referee | None = REFEREE) -> State:
    """Apply any action to the state and return the new state.

    Given the ``seat`` that acts, the action is refused unless that seat is to play (C6); dealing, resolving
    and scoring are no seat's (C14). Omitted, the caller referees and acts for whoever is to move; None, the
    table acts, and a player's action is refused (C6): see `~concombre.core.seats.Referee`.

    Raises:
        IllegalActionError: The action is not legal here, or not this seat's to make; the ruling is named.
        InvalidArgumentError: ``action`` is not an action, or ``seat`` not a seat.

    Examples:
        >>> from concombre import Deal, Play, apply, legal_plays, new_game
        >>> state = apply(new_game(4, seed=9), Deal())
        >>> state = apply(state, Play(legal_plays(state)[0]))
        >>> state.to_play
        2
        >>> print(why_illegal(state, Play(legal_plays(state)[0]), seat=1))
        It is Player 3's turn, not Player 2's. [C6]
    """
    return MOVES.apply(state, action, seat)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every action legal in this state, in a stable order.

    Waiting for the deal: ``(Deal(),)`` (deal from the seed). Playing: one
    `Play` for each of `legal_plays`, in pack order. A complete trick:
    ``(ResolveTrick(),)``. A finished round: ``(ScoreRound(),)``. Game over:
    nothing.

    Examples:
        >>> from concombre import legal_actions, new_game
        >>> legal_actions(new_game(2, seed=1))
        (Deal(deck=None),)
    """
    if type(state) is not State:  # inline: no call on the hot path
        require_state(state)
    phase = state.phase
    if phase is Phase.PLAY:
        return tuple([_PLAYS[card.index] for card in cards_in_mask(state.legal_mask)])  # checked above: no 2nd check
    if phase is Phase.TRICK_COMPLETE:
        return (_RESOLVE,)
    if phase is Phase.DEAL:
        return (_DEAL,)
    if phase is Phase.ROUND_COMPLETE:
        return (_SCORE,)
    return ()


def why_illegal(state: State, action: Action, language: str | None = None, *,
                seat: int | Referee | None = REFEREE) -> str | None:
    """Why the rules refuse ``action`` here, as the error's text; None if it is legal.

    The text is that of the `IllegalActionError` that `apply` would raise,
    ending with the ruling id in brackets, in ``language`` (``"en"``, ``"id"``;
    None: the current language, see `concombre.core.i18n`).

    Raises:
        InvalidArgumentError: ``action`` is not an action.

    Examples:
        >>> from concombre import Deal, ScoreRound, new_game, why_illegal
        >>> state = new_game(3, seed=2)
        >>> why_illegal(state, Deal()) is None
        True
        >>> print(why_illegal(state, ScoreRound()))
        The round cannot be scored now: the cards have not been dealt yet. [C14]
        >>> print(why_illegal(state, ScoreRound(), language="id"))
        Ronde belum bisa dihitung sekarang: kartu belum dibagikan. [C14]
    """
    return MOVES.why_illegal(state, action, language, seat)


def is_legal(state: State, action: Action, *, seat: int | Referee | None = REFEREE) -> bool:
    """Whether `apply` would accept ``action`` in this state.

    Examples:
        >>> from concombre import Deal, Play, is_legal, new_game
        >>> state = new_game(3, seed=2)
        >>> is_legal(state, Deal()), is_legal(state, Play("QH"))
        (True, False)
    """
    return MOVES.refusal(state, action, seat) is None


def refusal(state: State, action: Action, *, seat: int | Referee | None = REFEREE) -> IllegalActionError | None:
    """Why the rules refuse ``action`` here, as the `IllegalActionError` that `apply` would raise; None if legal.

    The refusal as data: its ``ruling``, ``reason`` and `~concombre.ConcombreError.details`, without raising.

    Raises:
        InvalidArgumentError: ``action`` is not an action.

    Examples:
        >>> from concombre import ScoreRound, new_game, refusal
        >>> refused = refusal(new_game(3, seed=2), ScoreRound())
        >>> refused.ruling, refused.reason
        ('C14', 'The round cannot be scored now: the cards have not been dealt yet.')
    """
    return MOVES.refusal(state, action, seat)


MOVES: Moves[State, Action] = Moves(
    kinds={
        Deal: Move(lambda state, action: deal_refusal(state, action.deck),
                   lambda state, action: deal(state, action.deck)),
        Play: Move(lambda state, action: play_refusal(state, action.card),
                   lambda state, action: play(state, action.card)),
        ResolveTrick: Move(lambda state, action: resolve_refusal(state), lambda state, action: resolve_trick(state)),
        ScoreRound: Move(lambda state, action: score_refusal(state), lambda state, action: score_round(state)),
    },
    what="a Concombre action (Deal, Play, ResolveTrick or ScoreRound)", state=require_state, turn_ruling="C6",
    table_ruling="C14")
"""Concombre's actions, each with its refusal and its transition (`concombre.core.game.Moves`): `apply`,
`refusal`, `is_legal` and `why_illegal` dispatch through it.

Examples:
    >>> from concombre import new_game
    >>> MOVES.apply(new_game(2, seed=1), Deal()).phase.value
    'play'
"""


def action_text(action: Action) -> str:
    """One action as a line of a text record: ``deal``, ``play QH``, ``resolve``, ``score``.

    Raises:
        InvalidArgumentError: ``action`` is not a Concombre action; ``field`` is ``action``.

    Examples:
        >>> from concombre import Play
        >>> action_text(Play("10h"))
        'play TH'
    """
    if isinstance(action, Play):
        return f"play {action.card}"
    if isinstance(action, Deal):
        return "deal" if action.deck is None else "deal " + " ".join(str(card) for card in action.deck)
    if isinstance(action, ResolveTrick):
        return "resolve"
    if isinstance(action, ScoreRound):
        return "score"
    raise MOVES.not_an_action(action)


def parse_action(line: str) -> Action:
    """Read one action line (see `action_text`).

    Raises:
        FormatError: The line is not an action.
        InvalidArgumentError: ``line`` is not text.

    Examples:
        >>> parse_action("play qh")
        Play(card=Card.parse('QH'))
    """
    if not isinstance(line, str):
        raise InvalidArgumentError(f"line must be the text of one action, not {line!r}.", field="line")
    words = line.split()
    if not words:
        raise FormatError(_("expected an action (deal, play CARD, resolve or score), found nothing"))
    verb, rest = words[0].lower(), words[1:]
    try:
        if verb == "play" and len(rest) == 1:
            return Play(Card.parse(rest[0]))
        if verb == "deal":
            return Deal(tuple(Card.parse(word) for word in rest) if rest else None)
    except InvalidArgumentError as err:
        raise FormatError(err.reason) from None
    if verb in ("resolve", "score") and not rest:
        return ResolveTrick() if verb == "resolve" else ScoreRound()
    raise FormatError(_("expected an action (deal, play CARD, resolve or score), not {line}",
                            line=repr(line.strip())))
