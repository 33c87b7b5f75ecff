"""The conformance kit's run: `check_game` plays seeded whole games and checks every promise at every step, and
reports what it checked and what it could not (`CheckReport`, `Checked`, `Unchecked`).

The checks themselves live by promise: `~concombre.testing.required` (the required core),
`~concombre.testing.points`, `~concombre.testing.presentation` (pictures, story, reader),
`~concombre.testing.learning` (encoding), `~concombre.testing.bots` and `~concombre.testing.documents`; the run's
bookkeeping in `~concombre.testing.run`. Import these names from `concombre.testing`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import attrs

from concombre.core.errors import InvalidArgumentError
from concombre.core.game import AnyGame, Encoding, refuse, refused, register, registered, unregister
from concombre.testing.bots import check_bots
from concombre.testing.documents import check_documents
from concombre.testing.learning import check_encoding
from concombre.testing.points import Sums
from concombre.testing.presentation import check_picture, check_reader, check_story
from concombre.testing.required import check_agreement, check_determinism, check_offered, check_refused, check_views
from concombre.testing.run import BrokenError, Options, Run

__all__ = ["CheckReport", "Checked", "Unchecked", "check_game"]


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
    options = Options(max_steps, applied, documents, bots, every, total, None, _has_jsonschema())
    if documents and game.codec is not None and not options.schemas:
        unchecked.append(Unchecked("documents", "schemas not validated: jsonschema is not installed "
                                                "(pip install \"concombre[test]\")"))
    encoding = _encoding(game, options, counts[0], seed, unchecked)
    options = attrs.evolve(options, encoding=encoding)
    steps, checked = 0, dict[str, int]()
    with _standing_in(game):
        for number in range(games):
            run = Run(game, seed + number, counts[number % len(counts)], options, number == 0)
            _check_one(run)
            steps += run.step
            for promise, made in run.counts.items():
                checked[promise] = checked.get(promise, 0) + made
    report = CheckReport(game.name, games, steps, sum(checked.values()),
                         tuple(Checked(promise, made) for promise, made in checked.items()), tuple(unchecked))
    if strict and report.unchecked:
        raise BrokenError(f"{game.name}: strict: not everything was checked: "
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


def _encoding(game: AnyGame, options: Options, players: int, seed: int, unchecked: list[Unchecked]
              ) -> Encoding[Any, Any, Any] | None:
    """The game's encoding, built once (it imports numpy); None, and said why, where it cannot be."""
    if game.learning is None or game.learning.encoding is None:
        return None
    try:
        import numpy  # noqa: F401
    except ImportError:
        unchecked.append(Unchecked("encoding", "not checked: numpy is not installed"))
        return None
    built: Encoding[Any, Any, Any] = Run(game, seed, players, options).call(
        "encoding", "learning.encoding", game.learning.encoding)
    return built


@contextmanager
def _standing_in(game: AnyGame) -> Iterator[None]:
    """``game`` registered in place of the game of its name (if any) while checked; the registry as it was after
    (`_restore`): the games it displaced are registered again, and what was refused is refused again."""
    games, refusals = registered(), refused()
    before = games.get(game.name)
    try:
        if before is not game:
            if before is not None:
                unregister(before)
            try:
                register(game)
            except InvalidArgumentError as err:
                raise BrokenError(f"{game.name}: the promise 'registers' is broken: {err.reason}") from None
        yield
    finally:
        _restore(games, refusals)


def _restore(games: Mapping[str, AnyGame], refusals: Mapping[str, InvalidArgumentError]) -> None:
    """The registry back as it was, ``games`` registered (in their order) and ``refusals`` refused: the games
    registered since are unregistered, and those from the first one missing or out of place on are registered
    again in their order (registering one clears its refusal), then the refusals lost are refused again."""
    now = registered()
    if list(now) == list(games) and all(now[name] is game for name, game in games.items()) and \
            refused() == refusals:
        return  # as it was (the usual case: nothing to do)
    kept = list(games.values())
    for other in now.values():
        if all(other is not mine for mine in kept):
            unregister(other)
    listed = list(registered().values())
    same = next((index for index, (mine, theirs) in enumerate(zip(kept, listed, strict=False))
                 if mine is not theirs), min(len(kept), len(listed)))
    for other in listed[same:]:
        unregister(other)
    for other in kept[same:]:
        register(other)
    now_refused = refused()
    for name, error in refusals.items():
        if now_refused.get(name) is not error:
            refuse(name, error)


def _round(state: Any) -> Any:
    """A state's round (`Table.round_number`), None for no state: a round's start and end are sampled."""
    return None if state is None else getattr(state, "round_number", None)


def _check_one(run: Run) -> None:
    game, options = run.game, run.options
    rng = random.Random(run.seed)
    with run.guard("agrees", "new_game"):
        start = game.new_game(run.players, seed=run.seed)
        seats = len(start.players)
    run.expect(seats == run.players, "agrees", "new_game", f"a {run.players}-player game has {seats} players")
    if game.story is not None:
        described = run.call("story", "story.describe", game.story.describe, start.rules)
        run.expect(isinstance(described, str), "story", "story.describe", f"it answers {described!r}, no text")
    sums = Sums(run, start)
    state, taken, before, action = start, list[Any](), None, None
    while True:
        over = run.call("agrees", "is_over", game.is_over, state)
        legal = run.collect("agrees", "legal_actions", game.legal_actions, state)
        check_agreement(run, state, legal, over)
        sampled = run.step % options.every == 0 or over or _round(before) != _round(state)  # and a round's start
        if over:
            break
        run.expect(run.step < options.max_steps, "ends", "apply",
                   f"the game has not ended after {options.max_steps} steps")
        check_offered(run, state, legal, rng)
        check_refused(run, state, legal, taken)
        if sampled:
            _check_looks(run, state, legal, before, action)
        check_views(run, state, rng, over)
        if options.bots and run.first:
            check_bots(run, state, rng)
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
    check_views(run, state, rng, over)
    sums.end(state)
    check_determinism(run, taken, state)
    if options.documents:
        check_documents(run, start, taken, state)


def _check_looks(run: Run, state: Any, legal: tuple[Any, ...], before: Any, action: Any) -> None:
    """The sampled checks of a state: its pictures, its story, its reader and its encoding."""
    game = run.game
    seen = [run.call("views", "view", game.view, state, seat) for seat in range(run.players)]
    if game.render is not None:
        for shown in (state, *seen):
            check_picture(run, game.render, shown)
    if game.story is not None:
        check_story(run, state, legal, seen, before, action)
        check_reader(run, state, legal)
    if run.options.encoding is not None:
        check_encoding(run, run.options.encoding, state, legal, seen, before, action)
