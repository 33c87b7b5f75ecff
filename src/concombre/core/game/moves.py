"""A game's moves, dispatched once for every game: each action class with its refusal and its transition.

As pokerkit pairs every operation's *verify* with its *do*, a game lists, for each of its action classes, the
function that says why the rules refuse such an action here (`Move.refusal`) and the one that takes it
(`Move.apply`); `Moves` adds the seat rule (`concombre.core.seats.turn_refusal`) and refuses what is no
action of the game. A game's own ``apply``, ``refusal``, ``is_legal`` and ``why_illegal`` are these.

Examples:
    >>> from concombre.games.concombre.actions import MOVES
    >>> from concombre import Deal, new_game
    >>> state = MOVES.apply(new_game(2, seed=1), Deal())
    >>> MOVES.refusal(state, Deal()).ruling
    'C14'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import attrs

from concombre.core.errors import IllegalActionError, InvalidArgumentError
from concombre.core.game.types import Table
from concombre.core.i18n import said_in
from concombre.core.seats import REFEREE, Referee, turn_refusal

__all__ = ["Move", "Moves"]

S = TypeVar("S", bound=Table)
A = TypeVar("A")


@attrs.frozen
class Move(Generic[S, A]):
    """One action class's pair: why the rules refuse such an action here (None: legal), and the state after it.

    Attributes:
        refusal: ``refusal(state, action)``: the `IllegalActionError` that ``apply`` would raise, or None.
        apply: ``apply(state, action)``: the state after the action (it raises what ``refusal`` returns).

    Examples:
        >>> from concombre.games.concombre.actions import MOVES
        >>> from concombre import ScoreRound, new_game
        >>> MOVES.kinds[ScoreRound].refusal(new_game(2, seed=1), ScoreRound()).ruling
        'C14'
    """

    refusal: Callable[[S, Any], IllegalActionError | None]  # Any: each move takes its own action class
    apply: Callable[[S, Any], S]


@attrs.frozen(kw_only=True)
class Moves(Generic[S, A]):
    """Every action class of a game with its `Move`, and the seat rule: the one dispatch of ``apply`` and
    ``refusal``.

    Attributes:
        kinds: Each action class's `Move`.
        what: What an action of the game is, for the error anything else gets
            (``"a Concombre action (Deal, Play, ResolveTrick or ScoreRound)"``).
        state: The game's check of a state (its ``require_state``): the state, or the error that says what is
            wrong with it.
        turn_ruling: The ruling that refuses a seat acting out of turn (``"C6"``).
        table_ruling: The ruling that keeps the table's own steps from the players (``"C14"``).

    Examples:
        >>> from concombre.games.concombre.actions import MOVES
        >>> sorted(kind.__name__ for kind in MOVES.kinds)
        ['Deal', 'Play', 'ResolveTrick', 'ScoreRound']
    """

    kinds: Mapping[type, Move[S, A]]
    what: str
    state: Callable[[object], S]
    turn_ruling: str
    table_ruling: str

    def apply(self, state: S, action: A, seat: int | Referee | None = REFEREE) -> S:
        """The state after ``action`` from ``seat`` (`concombre.core.seats.Referee`: omitted, the caller
        referees).

        Raises:
            IllegalActionError: The rules refuse it, or it is not this seat's to make.
            InvalidArgumentError: ``action`` is no action of the game, or ``seat`` not a seat.

        Examples:
            >>> from concombre.games.concombre.actions import MOVES
            >>> from concombre import Deal, new_game
            >>> MOVES.apply(new_game(2, seed=1), Deal()).phase.value
            'play'
        """
        if seat is not REFEREE and (refused := self.turn_refusal(state, seat)) is not None:
            raise refused
        move = self.kinds.get(type(action))
        if move is None:
            raise self.not_an_action(action)
        return move.apply(state, action)

    def refusal(self, state: S, action: A, seat: int | Referee | None = REFEREE) -> IllegalActionError | None:
        """Why `apply` would refuse ``action`` from ``seat`` here, as its error; None if it is legal.

        Raises:
            InvalidArgumentError: ``action`` is no action of the game, or ``seat`` not a seat.

        Examples:
            >>> from concombre.games.concombre.actions import MOVES
            >>> from concombre import ScoreRound, new_game
            >>> MOVES.refusal(new_game(2, seed=1), ScoreRound()).ruling
            'C14'
        """
        move = self.kinds.get(type(action))
        if move is None:
            raise self.not_an_action(action)
        if seat is not REFEREE and (refused := self.turn_refusal(state, seat)) is not None:
            return refused
        return move.refusal(state, action)

    def why_illegal(self, state: S, action: A, language: str | None = None,
                    seat: int | Referee | None = REFEREE) -> str | None:
        """`refusal`'s sentence, ending with its ruling id, in ``language`` (None: the current one); None if legal.

        Examples:
            >>> from concombre.games.concombre.actions import MOVES
            >>> from concombre import ScoreRound, new_game
            >>> print(MOVES.why_illegal(new_game(2, seed=1), ScoreRound(), "id"))
            Ronde belum bisa dihitung sekarang: kartu belum dibagikan. [C14]
        """
        return said_in(language, lambda: self.refusal(state, action, seat))

    def turn_refusal(self, state: S, seat: int | Referee | None) -> IllegalActionError | None:
        """Why ``seat`` may not act now, whatever the action (`concombre.core.seats.turn_refusal`), or None.

        Examples:
            >>> from concombre.games.concombre.actions import MOVES
            >>> from concombre import new_game
            >>> MOVES.turn_refusal(new_game(2, seed=1), 0).ruling   # the deal is the table's
            'C14'
        """
        checked = self.state(state)
        return turn_refusal(seat, getattr(checked, "to_play"), checked.players, self.turn_ruling,  # noqa: B009
                            self.table_ruling)

    def not_an_action(self, action: object) -> InvalidArgumentError:
        """The error for what is no action of the game (``field`` ``action``).

        Examples:
            >>> from concombre.games.concombre.actions import MOVES
            >>> print(MOVES.not_an_action("QH"))
            Expected a Concombre action (Deal, Play, ResolveTrick or ScoreRound), not 'QH'.
        """
        return InvalidArgumentError(f"Expected {self.what}, not {action!r}.", field="action")
