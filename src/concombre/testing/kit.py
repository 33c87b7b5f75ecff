"""The conformance kit: prove that a game keeps every promise of the `~concombre.core.game.Game` protocol.

`check_game` plays seeded whole games with random legal actions and checks what every edge of the library
relies on, for every capability the game offers. A broken promise, or any exception a game's member raises
while checked, fails with an `AssertionError` that names the promise, the member, and the seed, player count
and step that reproduce it, with the call that replays it. Run it first when you write a game:

    >>> from concombre.games import find_game
    >>> report = check_game(find_game("concombre"), games=2, every=20)
    >>> report.game, report.games, report.unchecked
    ('concombre', 2, ())

What it could not check is in the report, with the reason (`CheckReport.unchecked`); ``strict=True`` fails on
any of it:

    >>> from concombre.examples.highcard import GAME
    >>> sorted({item.promise for item in check_game(GAME, games=1).unchecked})
    ['documents', 'encoding', 'pictures', 'points', 'reader', 'story', 'views']

For your own property-based tests, `states`, `views`, `actions` and `records` are hypothesis strategies
over any game (hypothesis is imported when you call them: the ``test`` extra, ``pip install
"concombre[test]"``, brings it and jsonschema, which validates documents against their schemas).

What `check_game` checks, by promise, at every step of every game; those marked *sampled* cost the most, and
``every=k`` checks them only every k steps and at the start and the end of every round (before each deal, at
each round's end) and at the end:

- ``ends``: every game ends within ``max_steps`` steps.
- ``agrees``: `is_over`, `winner`, `to_play` and `legal_actions` agree (no action offered once over, a
  winner only once over, the player to move a seat of the table), and `returns` gives one number a seat.
- ``offered``: every offered action is accepted by `refusal` (for the referee and for the seat to move);
  a sample of them by `apply`.
- ``refused``: actions the rules refuse (actions seen elsewhere in the game, and any action from another
  seat) are refused by `apply` with the very error `refusal` gives, and leave the state untouched;
  ``seat=None`` is refused for a player's action; a value that is no action is refused with
  `~concombre.core.errors.InvalidArgumentError` naming ``action``.
- ``deterministic``: the same seed and choices give the same game.
- ``views``: every seat's view says whose it is and who is to play; with the game's ``learning.sample``,
  a state that differs only in what the seat cannot see (a twin) gives the same view, and a view that
  differs names the fields that differ. Without ``sample`` leaks are not checked (the report says so).
- ``points``: with ``points``, each step gives one finite number a seat, at most ``points_scale`` either
  way; `Game.rewards` gives one finite number a seat in every scheme of
  `~concombre.core.game.REWARDS`; summed over a game, the ``"win"`` rewards give the winner `END_BONUS` and
  every other seat as much less, and the ``"points"`` rewards are the points and that bonus; with
  ``total=`` (the game's own running total, ``lambda state: state.scores``), the points of the steps add up
  to its change at every step.
- ``pictures`` (*sampled*): with ``render``, the picture of the state and of every seat's view is a
  `~concombre.core.render.Picture` that draws as text (`~concombre.core.render.picture_text`) and as an SVG
  document that parses (`~concombre.core.render.picture_svg`).
- ``story`` (*sampled*): with a story, ``describe(rules)`` is a sentence, ``tell(before, action, after)``
  sentences, ``show(view)`` lines for every seat; ``typed`` writes text; ``offers`` offers only actions the
  seat to move may take; ``reasons(state, seat)`` maps texts to a sentence or None; ``shown_trick`` and
  ``shown_round`` answer None or what they promise.
- ``reader`` (*sampled*): with a story and text records, ``read(state, action_text(action)) == action``
  exactly for every offered action (the library reads back what it writes); with ``typed``,
  ``read(state, typed(action))`` is an action the rules accept that ``typed`` writes the same way.
- ``encoding`` (*sampled*): with ``learning.encoding`` (and numpy), every view's vector has the shape
  ``(size,)`` and finite values from ``low`` to 1, ``observe`` agrees with ``encode(view)``, ``text`` is
  text, ``hand`` and ``action_cards`` give card numbers below ``cards``; the slots are numbers below
  ``actions``, none while the table acts, each an action the rules accept; where ``slot_action`` numbers
  every action, the slots are the legal actions exactly and ``slot_action`` gives each slot's action (a
  game whose slots are numbered afresh in each state, Rommé's choices, may offer a choice among them).
- ``documents``: with a codec, states, views, actions and records round-trip through JSON and validate
  against their JSON Schema (when ``jsonschema`` is installed); the record replays to the same state;
  with text records, the text form reads back.
- ``bots``: with bots, the table's bot and the rivals choose a legal action from a view (in the first game).

Beyond the kit: ``learning.chance`` and ``learning.batched`` are checked by the adapters' and the batched
engine's own tests, not here; a view that shows another seat's cards in a game without ``sample`` is a leak
the kit cannot see.
"""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import TracebackType
from typing import TYPE_CHECKING, Any

import attrs

from concombre.core.errors import IllegalActionError, InvalidArgumentError
from concombre.core.game import END_BONUS, REWARDS, AnyGame, Encoding, RoundShown, register, registered, unregister
from concombre.core.records import Record, replay
from concombre.core.render import Picture, picture_svg, picture_text

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["CheckReport", "Checked", "Unchecked", "actions", "check_game", "records", "states", "views"]


@attrs.frozen
class Checked:
    """A promise `check_game` checked, and how many checks it made of it (all passed).

    Attributes:
        promise: The promise's name, as the kit's failures name it (``"pictures"``, ``"reader"``...).
        checks: How many checks of it were made.

    Examples:
        >>> from concombre.games import find_game
        >>> checked = check_game(find_game("concombre"), games=1, every=20).checked
        >>> [item.promise for item in checked if item.promise in ("pictures", "encoding")]
        ['pictures', 'encoding']
    """

    promise: str
    checks: int


@attrs.frozen
class Unchecked:
    """A promise, or part of one, `check_game` did not check, and why (``check_game(..., strict=True)`` fails
    on it).

    Attributes:
        promise: The promise's name (``"views"``, ``"documents"``...).
        reason: What was not checked of it, and why.

    Examples:
        >>> from concombre.examples.highcard import GAME
        >>> print(check_game(GAME, games=1).unchecked[0].reason)
        leaks not checked: the game offers no learning.sample (a twin state that differs only in what a seat
        cannot see)
    """

    promise: str
    reason: str

    def __str__(self) -> str:
        return f"{self.promise}: {self.reason}"


@attrs.frozen
class CheckReport:
    """What `check_game` played and checked (all passed), and what it did not check, and why.

    Attributes:
        game: The game's name.
        games: How many games were played.
        steps: How many steps they took in all.
        checks: How many checks were made in all.
        checked: The promises checked, each with its count of checks (`Checked`).
        unchecked: What was not checked, each with the reason (`Unchecked`): a capability the game does not
            offer (no codec, no render...), one that cannot be checked without another (leaks without
            ``learning.sample``), an extra that is not installed, a check turned off by the caller.

    Examples:
        >>> from concombre.games import find_game
        >>> report = check_game(find_game("romme"), games=1, seed=3, every=20)
        >>> report.games, report.steps > 0, report.complete
        (1, True, True)
    """

    game: str
    games: int
    steps: int
    checks: int
    checked: tuple[Checked, ...] = ()
    unchecked: tuple[Unchecked, ...] = ()

    @property
    def complete(self) -> bool:
        """Whether every promise was checked (nothing is `unchecked`)."""
        return not self.unchecked


class _BrokenError(AssertionError):
    """A promise the kit found broken (an `AssertionError`, so that any test runner reports it)."""


@attrs.frozen
class _Options:
    """How the games are checked: the caller's choices, and the encoding built once."""

    max_steps: int
    applied: int
    documents: bool
    bots: bool
    every: int
    total: Callable[[Any], Sequence[float]] | None
    encoding: Encoding[Any, Any, Any] | None
    schemas: bool

    def replay(self, seed: int, players: int) -> str:
        """The call that replays one game (its first game checks every step)."""
        extra = "".join(f", {name}={value!r}" for name, value, default in (
            ("max_steps", self.max_steps, 100_000), ("applied", self.applied, 3),
            ("documents", self.documents, True), ("bots", self.bots, True), ("every", self.every, 1))
            if value != default)
        extra += ", total=<the same total>" if self.total is not None else ""
        return f"check_game(game, games=1, seed={seed}, players=({players},){extra})"


@attrs.define
class _Run:
    """One seeded game under check: where it is, so that a failure says how to reproduce it."""

    game: AnyGame
    seed: int
    players: int
    options: _Options
    first: bool = True
    step: int = 0
    counts: dict[str, int] = attrs.field(factory=dict)

    def failure(self, promise: str, member: str, detail: str) -> _BrokenError:
        return _BrokenError(f"{self.game.name}: the promise {promise!r} is broken by {member}: {detail} "
                       f"(seed {self.seed}, {self.players} players, step {self.step}; replay with "
                       f"{self.options.replay(self.seed, self.players)})")

    def expect(self, holds: bool, promise: str, member: str, detail: str) -> None:
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


class _Guard:
    __slots__ = ("member", "promise", "run")

    def __init__(self, run: _Run, promise: str, member: str) -> None:
        self.run, self.promise, self.member = run, promise, member

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, _: TracebackType | None
                 ) -> None:
        if error is None or isinstance(error, _BrokenError) or not isinstance(error, Exception):
            return
        raise self.run.failure(self.promise, self.member,
                               f"it raises {type(error).__name__}: {error}") from error


_NOT_AN_ACTION = object()


def check_game(game: AnyGame, *, games: int = 20, seed: int = 0, players: Sequence[int] | None = None,
               max_steps: int = 100_000, applied: int = 3, documents: bool = True, bots: bool = True,
               every: int = 1, total: Callable[[Any], Sequence[float]] | None = None, strict: bool = False
               ) -> CheckReport:
    """Play ``games`` seeded whole games of ``game`` with random legal actions, checking every promise.

    Game ``i`` is played with the seed ``seed + i`` by a player count taken in turn from ``players``
    (default: every count the game allows); choices are drawn from that seed too, so a failure reproduces.

    Args:
        game: The game to check (a `~concombre.core.game.Game`). It need not be registered: JSON documents
            and records find a game in the registry, so it stands in for the game of its name while checked.
        games: How many games to play.
        seed: The first game's seed.
        players: The player counts to play, in turn (default: the game's whole range).
        max_steps: The most steps a game may take before ``ends`` fails.
        applied: How many offered actions are applied at each step besides the one taken (0: only it).
        documents: Whether to check JSON documents, schemas and records (they cost the most).
        bots: Whether to ask the game's table bot and rivals for a move (in the first game, at each of their
            turns).
        every: The sampled checks (pictures, story, reader, encoding) are made at every step (1, the default),
            or every ``every`` steps and at the start and the end of every round and at the end, for long games
            checked often (the replay of a failure samples the same steps).
        total: The game's own running total of points by seat, if it keeps one (``lambda state:
            state.scores``): the points of the steps must add up to its change. None: the sum is not compared
            (Concombre keeps none: its scores are reset by C10).
        strict: Fail if anything is left unchecked (`CheckReport.unchecked`), once every game has passed.

    Raises:
        AssertionError: A promise is broken (or a member of the game raised while checked); the message names
            the promise, the member, the seed, players and step, and the call that replays it. With
            ``strict``, also when something was not checked.

    Examples:
        >>> from concombre.games import find_game
        >>> check_game(find_game("romme"), games=1, seed=5, every=20, total=lambda state: state.scores).checks > 100
        True
        >>> import attrs
        >>> from concombre.examples.highcard_full import GAME_FULL
        >>> try:
        ...     check_game(attrs.evolve(GAME_FULL, render=None), games=1, strict=True)
        ... except AssertionError as err:
        ...     print(err)
        highcard: strict: not everything was checked: pictures: not checked: the game offers no render
    """
    if isinstance(every, bool) or not isinstance(every, int) or every < 1:
        raise InvalidArgumentError(f"every must be a whole number from 1, not {every!r}.", field="every")
    low, high = game.players
    counts = tuple(players) if players is not None else tuple(range(low, high + 1))
    unchecked = _unchecked(game, documents, bots)
    options = _Options(max_steps, applied, documents, bots, every, total, None, _has_jsonschema())
    if documents and game.codec is not None and not options.schemas:
        unchecked.append(Unchecked("documents", "schemas not validated: jsonschema is not installed "
                                                "(pip install \"concombre[test]\")"))
    encoding = _encoding(game, options, counts[0], seed, unchecked)
    options = attrs.evolve(options, encoding=encoding)
    steps, checked = 0, dict[str, int]()
    with _standing_in(game):
        for number in range(games):
            run = _Run(game, seed + number, counts[number % len(counts)], options, number == 0)
            _check_one(run)
            steps += run.step
            for promise, made in run.counts.items():
                checked[promise] = checked.get(promise, 0) + made
    report = CheckReport(game.name, games, steps, sum(checked.values()),
                         tuple(Checked(promise, made) for promise, made in checked.items()), tuple(unchecked))
    if strict and report.unchecked:
        raise _BrokenError(f"{game.name}: strict: not everything was checked: "
                      + "; ".join(str(item) for item in report.unchecked))
    return report


def _has_jsonschema() -> bool:
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        return False
    return True


def _unchecked(game: AnyGame, documents: bool, bots: bool) -> list[Unchecked]:
    """What the kit cannot check of ``game`` with these choices, known before it plays."""
    learning = game.learning
    lacks: list[tuple[str, bool, str]] = [
        ("views", learning is None or learning.sample is None, "leaks not checked: the game offers no "
         "learning.sample (a twin state that differs only in what a seat cannot see)"),
        ("documents", not documents, "not checked: documents=False"),
        ("documents", documents and game.codec is None, "JSON documents not checked: the game offers no codec"),
        ("documents", documents and game.records is None, "text records not checked: the game offers no records"),
        ("documents", not documents and game.records is not None, "text records not checked: documents=False"),
        ("points", game.points is None, "not checked: the game offers no points (rewards are checked)"),
        ("pictures", game.render is None, "not checked: the game offers no render"),
        ("story", game.story is None, "not checked: the game offers no story"),
        ("reader", game.story is None, "not checked: the game offers no story"),
        ("reader", game.story is not None and game.records is None,
         "action_text read back not checked: the game offers no records"),
        ("reader", game.story is not None and game.story.typed is None,
         "people's form not checked: the story offers no typed"),
        ("encoding", learning is None or learning.encoding is None,
         "not checked: the game offers no learning.encoding"),
        ("bots", not bots, "not checked: bots=False"),
        ("bots", bots and game.bots is None, "not checked: the game offers no bots"),
    ]
    return [Unchecked(promise, reason) for promise, lacking, reason in lacks if lacking]


def _encoding(game: AnyGame, options: _Options, players: int, seed: int, unchecked: list[Unchecked]
              ) -> Encoding[Any, Any, Any] | None:
    """The game's encoding, built once (it imports numpy); None, and said why, where it cannot be."""
    if game.learning is None or game.learning.encoding is None:
        return None
    try:
        import numpy  # noqa: F401
    except ImportError:
        unchecked.append(Unchecked("encoding", "not checked: numpy is not installed"))
        return None
    built: Encoding[Any, Any, Any] = _Run(game, seed, players, options).call(
        "encoding", "learning.encoding", game.learning.encoding)
    return built


@contextmanager
def _standing_in(game: AnyGame) -> Iterator[None]:
    """``game`` registered in place of the game of its name (if any) while checked, that one restored after."""
    before = registered().get(game.name)
    if before is game:
        yield
        return
    if before is not None:
        unregister(before)
    try:
        register(game)
    except InvalidArgumentError as err:
        if before is not None:
            register(before)
        raise _BrokenError(f"{game.name}: the promise 'registers' is broken: {err.reason}") from None
    try:
        yield
    finally:
        unregister(game)
        if before is not None:
            register(before)


def _round(state: Any) -> Any:
    """A state's round (`Table.round_number`), None for no state: a round's start and end are sampled."""
    return None if state is None else getattr(state, "round_number", None)


def _check_one(run: _Run) -> None:
    game, options = run.game, run.options
    rng = random.Random(run.seed)
    with run.guard("agrees", "new_game"):
        start = game.new_game(run.players, seed=run.seed)
    run.expect(len(start.players) == run.players, "agrees", "new_game",
               f"a {run.players}-player game has {len(start.players)} players")
    if game.story is not None:
        described = run.call("story", "story.describe", game.story.describe, start.rules)
        run.expect(isinstance(described, str), "story", "story.describe", f"it answers {described!r}, no text")
    sums = _Sums(run, start)
    state, taken, before, action = start, list[Any](), None, None
    while True:
        over = run.call("agrees", "is_over", game.is_over, state)
        legal = tuple(run.call("agrees", "legal_actions", game.legal_actions, state))
        _check_agreement(run, state, legal, over)
        sampled = run.step % options.every == 0 or over or _round(before) != _round(state)  # and a round's start
        if over:
            break
        run.expect(run.step < options.max_steps, "ends", "apply",
                   f"the game has not ended after {options.max_steps} steps")
        _check_offered(run, state, legal, rng)
        _check_refused(run, state, legal, taken)
        if sampled:
            _check_looks(run, state, legal, before, action)
        _check_views(run, state, rng, over)
        if options.bots and run.first:
            _check_bots(run, state, rng)
        chosen = legal[rng.randrange(len(legal))]
        with run.guard("offered", "apply"):
            after = game.apply(state, chosen)
        if not sampled and _round(after) != _round(state):  # a round's end, known once the next step starts another
            _check_looks(run, state, legal, before, action)
        sums.add(state, after)
        before, state, action = state, after, chosen
        taken.append(chosen)
        run.step += 1
    _check_looks(run, state, (), before, action)
    _check_views(run, state, rng, over)
    sums.end(state)
    _check_determinism(run, taken, state)
    if options.documents:
        _check_documents(run, start, taken, state)


def _check_agreement(run: _Run, state: Any, legal: tuple[Any, ...], over: bool) -> None:
    game = run.game
    with run.guard("agrees", "winner/to_play/returns"):
        winner, to_play, returns = game.winner(state), game.to_play(state), game.returns(state)
    run.expect(over == (not legal), "agrees", "legal_actions",
               f"is_over is {over} but {len(legal)} actions are offered")
    run.expect(winner is None or over, "agrees", "winner", f"winner is {winner!r} before the game is over")
    run.expect(to_play is None or (isinstance(to_play, int) and 0 <= to_play < run.players), "agrees", "to_play",
               f"to_play is {to_play!r}, no seat of {run.players}")
    run.expect(len(returns) == run.players, "agrees", "returns", f"returns gives {len(returns)} numbers")


def _check_offered(run: _Run, state: Any, legal: tuple[Any, ...], rng: random.Random) -> None:
    game = run.game
    seat = run.call("agrees", "to_play", game.to_play, state)  # the seat to move, or None for the table's steps
    with run.guard("offered", "refusal"):
        for action in legal:
            refused = game.refusal(state, action)
            run.expect(refused is None, "offered", "refusal", f"it refuses the offered {action!r}: {refused}")
            refused = game.refusal(state, action, seat=seat)
            run.expect(refused is None, "offered", "refusal",
                       f"it refuses the offered {action!r} from seat {seat!r}: {refused}")
    for action in rng.sample(legal, min(run.options.applied, len(legal))):
        try:
            game.apply(state, action, seat=seat)
        except Exception as err:  # a refusal or a crash: either breaks the promise
            run.expect(False, "offered", "apply", f"it refuses the offered {action!r}: {type(err).__name__}: {err}")


def _check_refused(run: _Run, state: Any, legal: tuple[Any, ...], taken: list[Any]) -> None:
    game = run.game
    before = repr(state)
    illegal = [action for action in taken[-8:] if action not in legal][:3]  # actions of other moments
    with run.guard("refused", "refusal"):
        for action in illegal:
            _expect_refusal(run, state, action, game.refusal(state, action), {})
        to_play = game.to_play(state)
        if legal and to_play is not None:
            if run.players > 1:
                other = (to_play + 1) % run.players
                _expect_refusal(run, state, legal[0], game.refusal(state, legal[0], seat=other), {"seat": other})
            _expect_refusal(run, state, legal[0], game.refusal(state, legal[0], seat=None), {"seat": None})
    try:
        game.apply(state, _NOT_AN_ACTION)
        run.expect(False, "refused", "apply", "it accepts a value that is no action")
    except InvalidArgumentError as err:
        run.expect(err.field == "action", "refused", "apply", f"it refuses a value that is no action naming "
                                                              f"the field {err.field!r}, not 'action'")
    except _BrokenError:
        raise
    except Exception as err:  # anything else is what the promise forbids
        run.expect(False, "refused", "apply", f"a value that is no action raises {type(err).__name__}: {err}, "
                                              "not InvalidArgumentError")
    run.expect(repr(state) == before, "refused", "apply", "a refused action changed the state")


def _expect_refusal(run: _Run, state: Any, action: Any, refused: IllegalActionError | None,
                    seat: dict[str, Any]) -> None:
    game = run.game
    try:
        game.apply(state, action, **seat)
    except IllegalActionError as err:
        run.expect(refused is not None and (err.reason, err.ruling) == (refused.reason, refused.ruling), "refused",
                   "refusal", f"apply refuses {action!r} ({err}) but refusal says {refused}")
        return
    except _BrokenError:
        raise
    except Exception as err:
        run.expect(False, "refused", "apply", f"{action!r} raises {type(err).__name__}: {err}, "
                                              "not IllegalActionError")
    run.expect(refused is None, "refused", "apply", f"apply accepts {action!r} that refusal refuses: {refused}")


def _check_views(run: _Run, state: Any, rng: random.Random, over: bool) -> None:
    game = run.game
    to_play = game.to_play(state)
    sample = game.learning.sample if game.learning is not None else None
    for seat in range(run.players):
        seen = run.call("views", "view", game.view, state, seat)
        if not run.holds(seen.seat == seat and seen.to_play == to_play, "views"):
            raise run.failure("views", "view", f"seat {seat}'s view says seat {seen.seat}, to play "
                                               f"{seen.to_play!r} (the state: {to_play!r})")
        if sample is not None and not over:
            twin = run.call("views", "learning.sample", sample, seen, rng)
            again = run.call("views", "view", game.view, twin, seat)
            if not run.holds(again == seen, "views"):
                raise run.failure("views", "view", _leak(seat, seen, again))


def _leak(seat: int, seen: Any, twin: Any) -> str:
    """Which fields of a seat's view a twin changes: what the view shows that the seat cannot see."""
    differ = [name for name, mine, theirs in _fields(seen, twin) if mine != theirs]
    named = ", ".join(repr(name) for name in differ) or "none of its fields, yet the views differ"
    return (f"seat {seat}'s view changes when only what it cannot see changes (a twin from learning.sample): "
            f"it shows hidden information in {named}")


def _fields(one: Any, other: Any) -> list[tuple[str, Any, Any]]:
    """A view's fields beside a twin's: an attrs class's, else its instance attributes."""
    kind = type(one)
    if attrs.has(kind) and kind is type(other):
        return [(field.name, getattr(one, field.name), getattr(other, field.name)) for field in attrs.fields(kind)]
    mine, theirs = getattr(one, "__dict__", {}), getattr(other, "__dict__", {})
    return [(name, mine.get(name), theirs.get(name)) for name in sorted(set(mine) | set(theirs))]


class _Sums:
    """The points and rewards of a game's steps, summed and checked as they come."""

    def __init__(self, run: _Run, start: Any) -> None:
        self.run = run
        self.points = [0.0] * run.players
        self.rewards = {scheme: [0.0] * run.players for scheme in REWARDS}
        self.first = None if run.options.total is None else self._total(start)

    def _total(self, state: Any) -> list[float]:
        total = self.run.options.total
        assert total is not None
        kept = list(self.run.call("points", "total=", total, state))
        self.run.expect(len(kept) == self.run.players and all(map(_finite, kept)), "points", "total=",
                        f"it gives {kept!r}, not one number a seat")
        return [float(value) for value in kept]

    def add(self, before: Any, after: Any) -> None:
        run, game = self.run, self.run.game
        if game.points is not None:
            gained = tuple(run.call("points", "points", game.points, before, after))
            scale = game.points_scale * (1 + 1e-9)
            if not run.holds(len(gained) == run.players and all(
                    _finite(value) and abs(value) <= scale for value in gained), "points"):
                raise run.failure("points", "points", f"a step gives {gained!r}: not one finite number a seat "
                                                      f"within points_scale {game.points_scale}")
            self.points = _plus(self.points, gained)
        for scheme in REWARDS:
            member = f"rewards ({scheme!r})"
            rewards = tuple(run.call("points", member, game.rewards, before, after, scheme))
            if not run.holds(len(rewards) == run.players and all(map(_finite, rewards)), "points"):
                raise run.failure("points", member, f"a step gives {rewards!r}, not one finite number a seat")
            self.rewards[scheme] = _plus(self.rewards[scheme], rewards)
        if self.first is not None:
            change = [new - old for old, new in zip(self.first, self._total(after), strict=True)]
            if not run.holds(_close(change, self.points), "points"):
                raise run.failure("points", "points", f"the points of the steps add up to {self.points}, but the "
                                                      f"game's total (total=) has changed by {change}")

    def end(self, final: Any) -> None:
        run = self.run
        winner = run.game.winner(final)
        bonus = [0.0 if winner is None else END_BONUS if seat == winner else -END_BONUS for seat in range(run.players)]
        if not run.holds(_close(self.rewards["win"], bonus), "points"):
            raise run.failure("points", "rewards ('win')", f"the 'win' rewards add up to {self.rewards['win']}, "
                                                           f"not {bonus} (the winner: {winner!r})")
        with_bonus = _plus(self.points, bonus)
        if not run.holds(_close(self.rewards["points"], with_bonus), "points"):
            raise run.failure("points", "rewards ('points')", f"the 'points' rewards add up to "
                                                              f"{self.rewards['points']}, not the points and the "
                                                              f"end's bonus, {with_bonus}")


def _plus(sums: list[float], more: Sequence[float]) -> list[float]:
    return [mine + float(value) for mine, value in zip(sums, more, strict=True)]


def _finite(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _close(one: Sequence[float], other: Sequence[float]) -> bool:
    return len(one) == len(other) and all(math.isclose(a, b, abs_tol=1e-6) for a, b in zip(one, other, strict=True))


def _check_looks(run: _Run, state: Any, legal: tuple[Any, ...], before: Any, action: Any) -> None:
    """The sampled checks of a state: its pictures, its story, its reader and its encoding."""
    game = run.game
    seen = [run.call("views", "view", game.view, state, seat) for seat in range(run.players)]
    if game.render is not None:
        for shown in (state, *seen):
            _check_picture(run, game.render, shown)
    if game.story is not None:
        _check_story(run, state, legal, seen, before, action)
        _check_reader(run, state, legal)
    if run.options.encoding is not None:
        _check_encoding(run, run.options.encoding, state, legal, seen)


def _check_picture(run: _Run, render: Callable[[Any], Picture], shown: Any) -> None:
    what = f"seat {shown.seat}'s view" if hasattr(shown, "seat") else "the state"
    picture = run.call("pictures", "render", render, shown)
    if not run.holds(isinstance(picture, Picture), "pictures"):
        raise run.failure("pictures", "render", f"the picture of {what} is a {type(picture).__name__}, "
                                                "not a Picture")
    text = run.call("pictures", "render (its picture as text)", picture_text, picture)
    run.expect(text.startswith(picture.title), "pictures", "render", f"the picture of {what} draws as {text!r}")
    svg = run.call("pictures", "render (its picture as SVG)", picture_svg, picture)
    try:
        ElementTree.fromstring(svg)
    except ElementTree.ParseError as err:
        run.expect(False, "pictures", "render", f"the SVG picture of {what} does not parse: {err}")


def _check_story(run: _Run, state: Any, legal: tuple[Any, ...], seen: list[Any], before: Any, action: Any) -> None:
    game, story = run.game, run.game.story
    assert story is not None
    if before is not None:
        told = run.call("story", "story.tell", _told, story.tell, before, action, state)
        if not run.holds(all(isinstance(line, str) for line in told), "story"):
            raise run.failure("story", "story.tell", f"it tells {action!r} in lines that are no text: {told!r}")
    for view in seen:
        lines = run.call("story", "story.show", story.show, view)
        if not run.holds(isinstance(lines, list) and all(isinstance(line, str) for line in lines), "story"):
            raise run.failure("story", "story.show", f"seat {view.seat}'s view is shown as {lines!r}, not a list "
                                                     "of lines")
    to_play = game.to_play(state)
    if story.typed is not None:
        for offered in legal:
            written = run.call("story", "story.typed", story.typed, offered)
            if not run.holds(isinstance(written, str) and written != "", "story"):
                raise run.failure("story", "story.typed", f"it writes {offered!r} as {written!r}, no text")
    if story.offers is not None:
        for offered in run.call("story", "story.offers", story.offers, state):
            refused = None if to_play is None else run.call("story", "refusal", game.refusal, state, offered)
            if not run.holds(to_play is not None and refused is None, "story"):
                raise run.failure("story", "story.offers", f"it offers {offered!r}, which the seat to move "
                                                           f"({to_play!r}) may not take: {refused}")
    if story.reasons is not None:
        for seat in range(run.players):
            reasons = run.call("story", "story.reasons", story.reasons, state, seat)
            if not run.holds(isinstance(reasons, Mapping) and all(isinstance(text, str) and (
                    why is None or isinstance(why, str)) for text, why in reasons.items()), "story"):
                raise run.failure("story", "story.reasons", f"it answers {reasons!r} for seat {seat}, not texts "
                                                            "with a sentence or None")
    if story.shown_trick is not None:
        trick = run.call("story", "story.shown_trick", story.shown_trick, state)
        if not run.holds(trick is None or _a_trick(trick, run.players), "story"):
            raise run.failure("story", "story.shown_trick", f"it answers {trick!r}, not None or (a seat, "
                                                            "(seat, card text) pairs)")
    if story.shown_round is not None:
        shown = run.call("story", "story.shown_round", story.shown_round, state)
        if not run.holds(shown is None or isinstance(shown, RoundShown), "story"):
            raise run.failure("story", "story.shown_round", f"it answers {shown!r}, not None or a RoundShown")


def _told(tell: Callable[[Any, Any, Any], Iterator[str]], before: Any, action: Any, after: Any) -> list[str]:
    return list(tell(before, action, after))


def _a_trick(trick: object, players: int) -> bool:
    if not isinstance(trick, tuple) or len(trick) != 2:
        return False
    winner, plays = trick
    return _seat(winner, players) and all(
        isinstance(play, tuple) and len(play) == 2 and _seat(play[0], players) and isinstance(play[1], str)
        for play in plays)


def _seat(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def _check_reader(run: _Run, state: Any, legal: tuple[Any, ...]) -> None:
    """What the library writes of an offered action, its reader reads back: exactly (records), as a move
    written the same way (people's form)."""
    game, story = run.game, run.game.story
    if story is None or game.to_play(state) is None:
        return  # a reader reads a person's answer on their turn
    records, typed = game.records, story.typed
    for action in legal:
        if records is not None:
            text = run.call("reader", "records.action_text", records.action_text, action)
            read = run.call("reader", "story.read", story.read, state, text)
            if not run.holds(read == action, "reader"):
                raise run.failure("reader", "story.read", f"it reads {text!r} (records.action_text of the offered "
                                                          f"{action!r}) as {read!r}")
        if typed is not None:
            text = run.call("reader", "story.typed", typed, action)
            read = run.call("reader", "story.read", story.read, state, text)
            if not run.holds(not isinstance(read, str) and run.call("reader", "refusal", game.refusal, state, read)
                             is None and run.call("reader", "story.typed", typed, read) == text, "reader"):
                raise run.failure("reader", "story.read", f"it does not read {text!r} (story.typed of the offered "
                                                          f"{action!r}) back as a move written the same way: "
                                                          f"{read!r}")


def _check_encoding(run: _Run, encoding: Encoding[Any, Any, Any], state: Any, legal: tuple[Any, ...],
                    seen: list[Any]) -> None:
    import numpy

    def cards(numbers: Any) -> bool:
        return all(_seat(number, encoding.cards) for number in numbers)

    for seat, view in enumerate(seen):
        vector = numpy.asarray(run.call("encoding", "encoding.encode", encoding.encode, view))
        if not run.holds(vector.shape == (encoding.size,) and bool(numpy.all(numpy.isfinite(vector))) and bool(
                numpy.all((vector >= encoding.low) & (vector <= 1.0))), "encoding"):
            raise run.failure("encoding", "encoding.encode", f"seat {seat}'s vector has the shape {vector.shape} "
                                                             f"and values from {vector.min()} to {vector.max()}, "
                                                             f"not ({encoding.size},) from {encoding.low} to 1")
        if encoding.observe is not None:
            observed = numpy.asarray(run.call("encoding", "encoding.observe", encoding.observe, state, seat))
            run.expect(numpy.array_equal(observed, vector), "encoding", "encoding.observe",
                       f"seat {seat}'s observation is not encode(view)")
        text = run.call("encoding", "encoding.text", encoding.text, view)
        run.expect(isinstance(text, str), "encoding", "encoding.text", f"it answers {text!r}, no text")
        held = list(run.call("encoding", "encoding.hand", encoding.hand, view))
        run.expect(cards(held), "encoding", "encoding.hand", f"seat {seat}'s hand is {held}, not card numbers "
                                                             f"below {encoding.cards}")
    for action in legal:
        taken = list(run.call("encoding", "encoding.action_cards", encoding.action_cards, action))
        if not run.holds(cards(taken), "encoding"):
            raise run.failure("encoding", "encoding.action_cards", f"{action!r} takes {taken}, not card numbers "
                                                                   f"below {encoding.cards}")
    _check_slots(run, encoding, state, legal)


def _check_slots(run: _Run, encoding: Encoding[Any, Any, Any], state: Any, legal: tuple[Any, ...]) -> None:
    game = run.game
    slots = dict(run.call("encoding", "encoding.slots", encoding.slots, state))
    to_play = game.to_play(state)
    run.expect(all(_seat(slot, encoding.actions) for slot in slots), "encoding", "encoding.slots",
               f"its slots {sorted(slots)} are not all numbers below {encoding.actions}")
    run.expect(to_play is not None or not slots, "encoding", "encoding.slots",
               f"it offers the slots {sorted(slots)} while the table acts")
    with run.guard("encoding", "refusal"):
        refused = [(slot, str(why)) for slot, action in slots.items() if (why := game.refusal(state, action))]
    run.expect(not refused, "encoding", "encoding.slots", f"it offers slots the rules refuse: {refused}")
    if encoding.slot_action is None:  # slots numbered afresh in each state: a choice among the legal actions
        run.expect(to_play is None or bool(slots), "encoding", "encoding.slots", "it offers the seat to move no slot")
        return
    if not run.holds(to_play is None or set(slots.values()) == set(legal), "encoding"):
        raise run.failure("encoding", "encoding.slots", f"its slots' actions are not the legal actions: "
                                                        f"{len(slots)} slots, {len(legal)} actions")
    for slot, action in slots.items():
        fixed = run.call("encoding", "encoding.slot_action", encoding.slot_action, slot)
        if not run.holds(fixed is None or fixed == action, "encoding"):
            raise run.failure("encoding", "encoding.slot_action", f"slot {slot} stands for {fixed!r}, but slots "
                                                                  f"offers it as {action!r}")


def _check_bots(run: _Run, state: Any, rng: random.Random) -> None:
    game = run.game
    to_play = game.to_play(state)
    if game.bots is None or to_play is None:
        return
    seen = game.view(state, to_play)
    for name in dict.fromkeys((game.bots.stand_in, *game.bots.rivals)):
        member = f"bots.makers[{name!r}]"
        with run.guard("bots", member):
            chosen = game.bot(name).choose(seen, random.Random(rng.random()))
        with run.guard("bots", "refusal"):
            refused = game.refusal(state, chosen, seat=to_play)
        run.expect(refused is None, "bots", member, f"the bot chooses {chosen!r}, which the rules refuse")


def _check_determinism(run: _Run, taken: list[Any], final: Any) -> None:
    game = run.game
    state = game.new_game(run.players, seed=run.seed)
    for action in taken:
        try:
            state = game.apply(state, action)
        except Exception as err:
            run.expect(False, "deterministic", "apply", f"the same seed and choices refuse {action!r}: "
                                                        f"{type(err).__name__}: {err}")
    run.expect(state == final, "deterministic", "new_game/apply",
               "the same seed and choices give another game (a shuffle not drawn from the seed?)")


def _check_documents(run: _Run, start: Any, taken: list[Any], final: Any) -> None:
    game = run.game
    record = _recorded(start, tuple(taken))
    if game.codec is not None:
        from concombre.io.json import from_json, json_schema, to_dict, to_json

        values = [("state", final), ("view", game.view(final, 0)), ("record", record)]
        values += [("action", action) for action in taken[-3:]]
        for kind, value in values:
            try:
                back = from_json(to_json(value))
            except Exception as err:
                run.expect(False, "documents", f"codec ({kind})",
                           f"its JSON document does not load back: {type(err).__name__}: {err}")
            run.expect(back == value, "documents", f"codec ({kind})", "its JSON document loads back as another value")
            with run.guard("documents", f"codec ({kind})"):
                document, schema = to_dict(value), json_schema(f"{game.codec.prefix}.{kind}")
            _validate(run, kind, document, schema)
        with run.guard("documents", "Record"):
            replayed = replay(record)
        run.expect(replayed == final, "documents", "Record", "the record replays to another state")
    if game.records is not None:
        from concombre.io.records import read_record

        with run.guard("documents", "records"):
            back = read_record(record.to_text())
        run.expect(back == record, "documents", "records", "the record's text form reads back as another record")


def _validate(run: _Run, kind: str, document: dict[str, Any], schema: dict[str, Any]) -> None:
    if not run.options.schemas:  # the schema is still checked to exist above; validation needs the test extra
        return
    import jsonschema

    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(document))
    run.expect(not errors, "documents", f"json_schema ({kind})",
               f"its document does not validate: {errors[0].message if errors else ''}")


def _hypothesis() -> Any:
    try:
        from hypothesis import strategies
    except ImportError:  # pragma: no cover - a message for users without hypothesis
        raise ImportError("concombre.testing's strategies need hypothesis: pip install hypothesis") from None
    return strategies


def _played(game: AnyGame, players: Sequence[int] | None, max_steps: int
            ) -> SearchStrategy[tuple[Any, tuple[Any, ...]]]:
    st = _hypothesis()
    low, high = game.players
    counts = tuple(players) if players is not None else tuple(range(low, high + 1))

    @st.composite  # type: ignore[untyped-decorator]
    def build(draw: Callable[[Any], Any]) -> tuple[Any, tuple[Any, ...]]:
        start = game.new_game(draw(st.sampled_from(counts)), seed=draw(st.integers(0, 2**32 - 1)))
        state, taken = start, []
        for _ in range(draw(st.integers(0, max_steps))):
            legal = game.legal_actions(state)
            if not legal:
                break
            action = legal[draw(st.integers(0, len(legal) - 1))]
            state = game.apply(state, action)
            taken.append(action)
        return start, tuple(taken)

    strategy: SearchStrategy[tuple[Any, tuple[Any, ...]]] = build()
    return strategy


def states(game: AnyGame, *, players: Sequence[int] | None = None, max_steps: int = 300) -> SearchStrategy[Any]:
    """A hypothesis strategy for states of ``game`` reached by up to ``max_steps`` random legal actions.

    Examples:
        >>> from hypothesis import given, settings
        >>> from concombre.games import find_game
        >>> game = find_game("concombre")
        >>> @settings(max_examples=5)
        ... @given(states(game, players=(3,)))
        ... def test_three_players(state):
        ...     assert len(state.players) == 3
        >>> test_three_players()
    """
    return _played(game, players, max_steps).map(lambda played: _replayed(game, *played))


def views(game: AnyGame, *, players: Sequence[int] | None = None, max_steps: int = 300) -> SearchStrategy[Any]:
    """A hypothesis strategy for views of ``game``: a seat's view of a state of `states`.

    Examples:
        >>> from hypothesis import given, settings
        >>> from concombre.games import find_game
        >>> @settings(max_examples=5)
        ... @given(views(find_game("romme")))
        ... def test_a_view_is_a_seats(seen):
        ...     assert 0 <= seen.seat < len(seen.players)
        >>> test_a_view_is_a_seats()
    """
    st = _hypothesis()
    return states(game, players=players, max_steps=max_steps).flatmap(
        lambda state: st.integers(0, len(state.players) - 1).map(lambda seat: game.view(state, seat)))


def actions(game: AnyGame, state: Any) -> SearchStrategy[Any]:
    """A hypothesis strategy for the legal actions of ``state`` (none once the game is over).

    Examples:
        >>> from hypothesis import given, settings
        >>> from concombre.games import find_game
        >>> game = find_game("concombre")
        >>> start = game.new_game(2, seed=1)
        >>> @settings(max_examples=5)
        ... @given(actions(game, start))
        ... def test_legal(action):
        ...     assert game.refusal(start, action) is None
        >>> test_legal()
    """
    legal = tuple(game.legal_actions(state))
    if not legal:
        raise InvalidArgumentError("The game is over: there are no actions to draw.", field="state")
    strategy: SearchStrategy[Any] = _hypothesis().sampled_from(legal)
    return strategy


def records(game: AnyGame, *, players: Sequence[int] | None = None, max_steps: int = 300
            ) -> SearchStrategy[Record[Any]]:
    """A hypothesis strategy for records of ``game``: seeded games of up to ``max_steps`` random legal actions.

    Examples:
        >>> from hypothesis import given, settings
        >>> from concombre import replay
        >>> from concombre.games import find_game
        >>> @settings(max_examples=5)
        ... @given(records(find_game("concombre"), max_steps=40))
        ... def test_replays(record):
        ...     assert len(replay(record).players) == len(record.players)
        >>> test_replays()
    """
    return _played(game, players, max_steps).map(lambda played: _recorded(*played))


def _replayed(game: AnyGame, start: Any, taken: tuple[Any, ...]) -> Any:
    state = start
    for action in taken:
        state = game.apply(state, action)
    return state


def _recorded(start: Any, taken: tuple[Any, ...]) -> Record[Any]:
    record: Record[Any] = Record.of(start)
    for action in taken:
        record = record.then(action)
    return record

