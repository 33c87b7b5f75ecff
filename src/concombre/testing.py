"""The conformance kit: prove that a game keeps every promise of the `~concombre.core.game.Game` protocol.

`check_game` plays seeded whole games with random legal actions and checks, at every step, what every edge of
the library relies on. A broken promise raises an `AssertionError` that names the promise, the member that
broke it, and the seed, player count and step that reproduce it. Run it first when you write a game:

    >>> from concombre.games import find_game
    >>> report = check_game(find_game("concombre"), games=2)
    >>> report.game, report.games
    ('concombre', 2)

For your own property-based tests, `states`, `views`, `actions` and `records` are hypothesis strategies
over any game (hypothesis is imported when you call them; ``pip install hypothesis``).

What `check_game` checks, by promise:

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
  a state that differs only in what the seat cannot see (a twin) gives the same view.
- ``documents``: with a codec, states, views, actions and records round-trip through JSON and validate
  against their JSON Schema (when ``jsonschema`` is installed); the record replays to the same state;
  with text records, the text form reads back.
- ``reader``: with a story whose ``typed`` writes an action in people's words, the reader reads what it
  writes for an offered action back as that action (the same in people's words). Without ``typed``, the
  reader given what `Records.action_text` writes answers with an action the rules accept, or with a sentence
  saying why not; never with an action the rules refuse (a front-end asks the engine all the same).
- ``bots``: with bots, the table's bot and the rivals choose a legal action from a view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import attrs

from concombre.core.errors import ConcombreError, IllegalActionError, InvalidArgumentError
from concombre.core.game import AnyGame, register, registered, unregister
from concombre.core.records import Record, replay

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["CheckReport", "actions", "check_game", "records", "states", "views"]


@attrs.frozen
class CheckReport:
    """What `check_game` played: the games, the steps taken and the checks made (all passed).

    Attributes:
        game: The game's name.
        games: How many games were played.
        steps: How many steps they took in all.
        checks: How many checks were made in all.

    Examples:
        >>> from concombre.games import find_game
        >>> report = check_game(find_game("romme"), games=1, seed=3)
        >>> report.games, report.steps > 0
        (1, True)
    """

    game: str
    games: int
    steps: int
    checks: int


@attrs.define
class _Run:
    """One seeded game under check: where it is, so that a failure says how to reproduce it."""

    game: AnyGame
    seed: int
    players: int
    step: int = 0
    checks: int = 0

    def expect(self, holds: bool, promise: str, member: str, detail: str) -> None:
        self.checks += 1
        if not holds:
            raise AssertionError(f"{self.game.name}: the promise {promise!r} is broken by {member}: {detail} "
                                 f"(seed {self.seed}, {self.players} players, step {self.step}; replay with "
                                 f"check_game(game, games=1, seed={self.seed}, players=({self.players},)))")


_NOT_AN_ACTION = object()


def check_game(game: AnyGame, *, games: int = 20, seed: int = 0, players: Sequence[int] | None = None,
               max_steps: int = 100_000, applied: int = 3, documents: bool = True, bots: bool = True
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
        bots: Whether to ask the game's table bot and rivals for a move (once a game, at each of their turns).

    Raises:
        AssertionError: A promise is broken; the message names it, the member, and the seed, players and step.

    Examples:
        >>> from concombre.games import find_game
        >>> check_game(find_game("romme"), games=1, seed=5).checks > 100
        True
    """
    low, high = game.players
    counts = tuple(players) if players is not None else tuple(range(low, high + 1))
    steps = checks = 0
    with _standing_in(game):
        for number in range(games):
            run = _Run(game, seed + number, counts[number % len(counts)])
            _check_one(run, max_steps, applied, documents, bots and number == 0)
            steps, checks = steps + run.step, checks + run.checks
    return CheckReport(game.name, games, steps, checks)


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
        raise AssertionError(f"{game.name}: the promise 'registers' is broken: {err.reason}") from None
    try:
        yield
    finally:
        unregister(game)
        if before is not None:
            register(before)


def _check_one(run: _Run, max_steps: int, applied: int, documents: bool, bots: bool) -> None:
    game = run.game
    rng = random.Random(run.seed)
    start = game.new_game(run.players, seed=run.seed)
    run.expect(len(start.players) == run.players, "agrees", "new_game",
               f"a {run.players}-player game has {len(start.players)} players")
    state, taken = start, list[Any]()
    while not game.is_over(state):
        run.expect(run.step < max_steps, "ends", "apply", f"the game has not ended after {max_steps} steps")
        legal = tuple(game.legal_actions(state))
        _check_agreement(run, state, legal)
        _check_offered(run, state, legal, rng, applied)
        _check_refused(run, state, legal, taken)
        _check_views(run, state, rng)
        if bots:
            _check_bots(run, state, legal, rng)
        if documents and run.step % 7 == 0:
            _check_reader(run, state, legal)
        action = legal[rng.randrange(len(legal))]
        state = game.apply(state, action)
        taken.append(action)
        run.step += 1
    _check_agreement(run, state, tuple(game.legal_actions(state)))
    _check_views(run, state, rng)
    _check_determinism(run, taken, state)
    if documents:
        _check_documents(run, start, taken, state)


def _check_agreement(run: _Run, state: Any, legal: tuple[Any, ...]) -> None:
    game = run.game
    over, winner, to_play = game.is_over(state), game.winner(state), game.to_play(state)
    run.expect(over == (not legal), "agrees", "legal_actions",
               f"is_over is {over} but {len(legal)} actions are offered")
    run.expect(winner is None or over, "agrees", "winner", f"winner is {winner!r} before the game is over")
    run.expect(to_play is None or (isinstance(to_play, int) and 0 <= to_play < run.players), "agrees", "to_play",
               f"to_play is {to_play!r}, no seat of {run.players}")
    returns = game.returns(state)
    run.expect(len(returns) == run.players, "agrees", "returns", f"returns gives {len(returns)} numbers")


def _check_offered(run: _Run, state: Any, legal: tuple[Any, ...], rng: random.Random, applied: int) -> None:
    game = run.game
    to_play = game.to_play(state)
    seat = to_play  # the seat to move, or None for the table's own steps: either way the one that may act
    for action in legal:
        refused = game.refusal(state, action)
        run.expect(refused is None, "offered", "refusal", f"it refuses the offered {action!r}: {refused}")
        refused = game.refusal(state, action, seat=seat)
        run.expect(refused is None, "offered", "refusal", f"it refuses the offered {action!r} from seat {seat!r}: "
                                                          f"{refused}")
    for action in rng.sample(legal, min(applied, len(legal))):
        try:
            game.apply(state, action, seat=seat)
        except ConcombreError as err:
            run.expect(False, "offered", "apply", f"it refuses the offered {action!r}: {err}")


def _check_refused(run: _Run, state: Any, legal: tuple[Any, ...], taken: list[Any]) -> None:
    game = run.game
    before = repr(state)
    illegal = [action for action in taken[-8:] if action not in legal][:3]  # actions of other moments
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
    except Exception as err:
        run.expect(False, "refused", "apply", f"{action!r} raises {type(err).__name__}: {err}, "
                                              "not IllegalActionError")
    run.expect(refused is None, "refused", "apply", f"apply accepts {action!r} that refusal refuses: {refused}")


def _check_views(run: _Run, state: Any, rng: random.Random) -> None:
    game = run.game
    to_play = game.to_play(state)
    sample = game.learning.sample if game.learning is not None else None
    for seat in range(run.players):
        seen = game.view(state, seat)
        run.expect(seen.seat == seat and seen.to_play == to_play, "views", "view",
                   f"seat {seat}'s view says seat {seen.seat}, to play {seen.to_play!r} (the state: {to_play!r})")
        if sample is not None and not game.is_over(state):
            twin = sample(seen, rng)
            run.expect(game.view(twin, seat) == seen, "views", "view",
                       f"seat {seat}'s view changes when only what it cannot see changes (a twin from "
                       "learning.sample): it shows hidden information")


def _check_bots(run: _Run, state: Any, legal: tuple[Any, ...], rng: random.Random) -> None:
    game = run.game
    to_play = game.to_play(state)
    if game.bots is None or to_play is None:
        return
    for name in dict.fromkeys((game.bots.stand_in, *game.bots.rivals)):
        chosen = game.bot(name).choose(game.view(state, to_play), random.Random(rng.random()))
        run.expect(game.refusal(state, chosen, seat=to_play) is None, "bots", f"bots.makers[{name!r}]",
                   f"the bot chooses {chosen!r}, which the rules refuse")


def _check_reader(run: _Run, state: Any, legal: tuple[Any, ...]) -> None:
    game = run.game
    if game.story is None or game.to_play(state) is None:
        return
    typed = game.story.typed
    if typed is not None:
        for action in legal[:4]:
            text = typed(action)
            read = game.story.read(state, text)
            run.expect(not isinstance(read, str) and game.refusal(state, read) is None and typed(read) == text,
                       "reader", "story.read", f"it does not read {text!r} (story.typed of an offered action) back "
                                               f"as that action: {read!r}")
        return
    if game.records is None:
        return
    for action in legal[:3]:
        text = game.records.action_text(action)
        read = game.story.read(state, text)
        run.expect(isinstance(read, str) or game.refusal(state, read) is None, "reader", "story.read",
                   f"it reads {text!r} (records.action_text of an offered action) as {read!r}, which the rules "
                   "refuse")


def _check_determinism(run: _Run, taken: list[Any], final: Any) -> None:
    game = run.game
    state = game.new_game(run.players, seed=run.seed)
    for action in taken:
        try:
            state = game.apply(state, action)
        except ConcombreError as err:
            run.expect(False, "deterministic", "apply", f"the same seed and choices refuse {action!r}: {err}")
    run.expect(state == final, "deterministic", "new_game/apply",
               "the same seed and choices give another game (a shuffle not drawn from the seed?)")


def _check_documents(run: _Run, start: Any, taken: list[Any], final: Any) -> None:
    game = run.game
    if game.codec is None:
        return
    from concombre.io.json import from_json, json_schema, to_dict, to_json

    record = _recorded(start, tuple(taken))
    values = [("state", final), ("view", game.view(final, 0)), ("record", record)]
    values += [("action", action) for action in taken[-3:]]
    for kind, value in values:
        try:
            back = from_json(to_json(value))
        except ConcombreError as err:
            run.expect(False, "documents", f"codec ({kind})", f"its JSON document does not load back: {err}")
        run.expect(back == value, "documents", f"codec ({kind})", "its JSON document loads back as another value")
        _validate(run, kind, to_dict(value), json_schema(f"{game.codec.prefix}.{kind}"))
    run.expect(replay(record) == final, "documents", "Record", "the record replays to another state")
    if game.records is not None:
        from concombre.io.records import read_record

        run.expect(read_record(record.to_text()) == record, "documents", "records",
                   "the record's text form reads back as another record")


def _validate(run: _Run, kind: str, document: dict[str, Any], schema: dict[str, Any]) -> None:
    try:
        import jsonschema
    except ImportError:  # the schema is still checked to exist above; validation needs the test extra
        return
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

