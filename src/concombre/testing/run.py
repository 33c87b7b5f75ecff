"""The kit's bookkeeping: one seeded game under check (`Run`), how the games are checked (`Options`), and the
failure that names a broken promise with the call that replays it (`BrokenError`).

Every check of the kit takes a `Run`: it counts each check by promise, and words a failure with the seed, the
player count and the step that reproduce it. Internal to `concombre.testing`: use `check_game`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from types import TracebackType
from typing import Any, TypeVar, overload

import attrs

from concombre.core.game import AnyGame, Encoding
from concombre.core.records import Record

__all__ = ["BrokenError", "Options", "Run", "below", "recorded"]

T = TypeVar("T")

_SHAPES: dict[Any, str] = {tuple: "a sequence", list: "a sequence", dict: "a mapping"}


class BrokenError(AssertionError):
    """A promise the kit found broken (an `AssertionError`, so that any test runner reports it).

    Examples:
        >>> from concombre.games import find_game
        >>> error = Run(find_game("concombre"), 4, 2, Options()).failure("ends", "apply", "it goes on")
        >>> isinstance(error, BrokenError), isinstance(error, AssertionError)
        (True, True)
    """


@attrs.frozen
class Options:
    """How the games are checked: the caller's choices, and the encoding built once (the defaults are
    `check_game`'s; ``schemas``: whether documents are validated against their schemas).

    Examples:
        >>> Options(every=20).replay(7, 3)
        'check_game(game, games=1, seed=7, players=(3,), every=20)'
    """

    max_steps: int = 100_000
    applied: int = 3
    documents: bool = True
    bots: bool = True
    every: int = 1
    total: Callable[[Any], Sequence[float]] | None = None
    encoding: Encoding[Any, Any, Any] | None = None
    schemas: bool = False

    def replay(self, seed: int, players: int) -> str:
        """The call that replays one game (its first game checks every step)."""
        extra = "".join(f", {name}={value!r}" for name, value, default in (
            ("max_steps", self.max_steps, 100_000), ("applied", self.applied, 3),
            ("documents", self.documents, True), ("bots", self.bots, True), ("every", self.every, 1))
            if value != default)
        extra += ", total=<the same total>" if self.total is not None else ""
        return f"check_game(game, games=1, seed={seed}, players=({players},){extra})"


@attrs.define
class Run:
    """One seeded game under check: where it is, so that a failure says how to reproduce it.

    Attributes:
        game: The game checked.
        seed: The game's seed (its choices are drawn from it too).
        players: Its player count.
        options: How it is checked.
        first: Whether it is the first game (the bots are asked in it only).
        step: The step reached.
        counts: How many checks were made, by promise.

    Examples:
        >>> from concombre.games import find_game
        >>> run = Run(find_game("concombre"), 4, 2, Options())
        >>> run.expect(True, "agrees", "is_over", "never said"); run.holds(True, "agrees"), run.counts
        (True, {'agrees': 2})
        >>> try:
        ...     run.call("agrees", "winner", lambda: 1 // 0)
        ... except BrokenError as err:
        ...     print(err)
        concombre: the promise 'agrees' is broken by winner: it raises ZeroDivisionError: integer division or
        modulo by zero (seed 4, 2 players, step 0; replay with check_game(game, games=1, seed=4, players=(2,)))
    """

    game: AnyGame
    seed: int
    players: int
    options: Options
    first: bool = True
    step: int = 0
    counts: dict[str, int] = attrs.field(factory=dict)

    def failure(self, promise: str, member: str, detail: str) -> BrokenError:
        """The failure of ``promise`` by the game's ``member``, with ``detail`` and how to replay it."""
        return BrokenError(f"{self.game.name}: the promise {promise!r} is broken by {member}: {detail} "
                           f"(seed {self.seed}, {self.players} players, step {self.step}; replay with "
                           f"{self.options.replay(self.seed, self.players)})")

    def expect(self, holds: bool, promise: str, member: str, detail: str) -> None:
        """Count a check of ``promise``; fail it, by ``member`` with ``detail``, if it does not hold."""
        self.counts[promise] = self.counts.get(promise, 0) + 1
        if not holds:
            raise self.failure(promise, member, detail)

    def holds(self, holds: bool, promise: str) -> bool:
        """Count a check of ``promise``; whether it holds (the caller words the failure only if it does not)."""
        self.counts[promise] = self.counts.get(promise, 0) + 1
        return holds

    def guard(self, promise: str, member: str) -> _Guard:
        """A block in which any exception a game's member raises is the failure of ``promise`` by ``member``."""
        return _Guard(self, promise, member)

    def call(self, promise: str, member: str, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)``, a game's member: an exception it raises is the failure of ``promise``."""
        with _Guard(self, promise, member):
            return function(*args)

    @overload
    def collect(self, promise: str, member: str, function: Callable[..., Any], *args: Any) -> tuple[Any, ...]: ...

    @overload
    def collect(self, promise: str, member: str, function: Callable[..., Any], *args: Any,
                into: Callable[[Any], T], shape: str | None = None) -> T: ...

    def collect(self, promise: str, member: str, function: Callable[..., Any], *args: Any,
                into: Callable[[Any], Any] = tuple, shape: str | None = None) -> Any:
        """``function(*args)``, a game's member, made ``into`` a tuple (a list, a dict...) before it is looked
        at: an exception it raises, also while its answer is iterated (a generator), and an answer of another
        shape (one ``into`` cannot take: not iterable...) are the failure of ``promise`` by ``member``, the
        latter saying the answer is not ``shape`` (by default, a sequence or a mapping).

        Examples:
            >>> from concombre.games import find_game
            >>> run = Run(find_game("concombre"), 4, 2, Options())
            >>> run.collect("agrees", "legal_actions", lambda: iter([1, 2])), run.collect("x", "y", abs, -1, into=str)
            ((1, 2), '1')
            >>> try:
            ...     run.collect("points", "points", lambda: 5)
            ... except BrokenError as err:
            ...     print(str(err).partition(" (seed")[0])
            concombre: the promise 'points' is broken by points: it answers 5, not a sequence (TypeError: 'int'
            object is not iterable)
        """
        with _Guard(self, promise, member):
            answer = function(*args)
        if type(answer) is into:  # already of the shape asked for (legal_actions' tuples): nothing to make
            return answer
        if isinstance(answer, Iterator):  # a generator: what it raises while iterated is the member's
            with _Guard(self, promise, member):
                return into(answer)
        try:
            return into(answer)
        except Exception as err:
            shape = shape or _SHAPES.get(into, getattr(into, "__name__", repr(into)))
            raise self.failure(promise, member, f"it answers {_short(answer)}, not {shape} "
                                                f"({type(err).__name__}: {err})") from err


class _Guard:
    __slots__ = ("member", "promise", "run")

    def __init__(self, run: Run, promise: str, member: str) -> None:
        self.run, self.promise, self.member = run, promise, member

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, _: TracebackType | None
                 ) -> None:
        if error is None or isinstance(error, BrokenError) or not isinstance(error, Exception):
            return
        raise self.run.failure(self.promise, self.member,
                               f"it raises {type(error).__name__}: {error}") from error


def _short(value: object) -> str:
    """``value``'s repr, cut short where it is long (and never an exception of its own)."""
    try:
        text = repr(value)
    except Exception as err:
        return f"a {type(value).__name__} (its repr raises {type(err).__name__})"
    return text if len(text) <= 200 else text[:197] + "..."


def below(value: object, players: int) -> bool:
    """Whether ``value`` is a whole number (not a bool) from 0 below ``players``: a seat, a card or slot number.

    Examples:
        >>> below(2, 3), below(3, 3), below(True, 3), below(1.0, 3)
        (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def recorded(start: Any, taken: tuple[Any, ...]) -> Record[Any]:
    """The record of a game from its ``start`` (as ``new_game`` returned it) through the actions ``taken``.

    Examples:
        >>> from concombre.games import find_game
        >>> game = find_game("concombre")
        >>> start = game.new_game(2, seed=1)
        >>> recorded(start, tuple(game.legal_actions(start))).actions
        (Deal(deck=None),)
    """
    record: Record[Any] = Record.of(start)
    for action in taken:
        record = record.then(action)
    return record
