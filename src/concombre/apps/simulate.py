"""Simulation at scale: many seeded games between bots, with confidence intervals.

Every game is simulated alike: the rules name the game (pass
`concombre.romme.Rules` to play German Rommé between Rommé bots), and the
game is played through its `concombre.core.game.Game` only.

`simulate` plays ``games`` games and sums them up; `simulate_games` yields each
game's result as it finishes, so a long run can show progress and be stopped
without losing what finished. Every game depends only on the bots, the rules,
the simulation's seed and the game's number, never on which worker played it
or when, so a simulation gives the same result run in one process, on every
core through a `concurrent.futures.ProcessPoolExecutor`, or on a cluster
through any other `concurrent.futures.Executor` (Dask's, for one).
"""

from __future__ import annotations

import hashlib
import math
import random
import statistics
import time
from collections.abc import Generator, Iterable, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import TYPE_CHECKING, Any

import attrs

from concombre.core.errors import InvalidArgumentError
from concombre.core.game import AnyGame, Bot, Game, game_of, required
from concombre.games import DEFAULT_GAME, find_game

if TYPE_CHECKING:
    from concombre.bench.timing import Job

__all__ = [
    "BotSummary", "GameResult", "Interval", "Simulation", "game_played", "play_game", "simulate", "simulate_games",
    "speed_jobs", "summarize",
]

Z95 = 1.959963984540054


@attrs.frozen
class Interval:
    """An estimate with its 95% confidence interval.

    Attributes:
        value: The estimate.
        low: The interval's lower end.
        high: The interval's upper end.

    Examples:
        >>> Interval(0.5, 0.4, 0.6).excludes(0.65)
        True
    """

    value: float
    low: float
    high: float

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval."""
        return not self.low <= value <= self.high

    def __str__(self) -> str:
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"


def proportion(successes: int, trials: int) -> Interval:
    """A rate with its Wilson score interval at 95%.

    Examples:
        >>> str(proportion(60, 100))
        '0.600 [0.502, 0.691]'
    """
    if trials == 0:
        return Interval(math.nan, 0.0, 1.0)
    rate = successes / trials
    denominator = 1 + Z95**2 / trials
    centre = (rate + Z95**2 / (2 * trials)) / denominator
    spread = Z95 * math.sqrt(rate * (1 - rate) / trials + Z95**2 / (4 * trials**2)) / denominator
    # The interval always holds the rate itself, rounding errors at 0 and 1 notwithstanding.
    return Interval(rate, min(rate, max(0.0, centre - spread)), max(rate, min(1.0, centre + spread)))


def mean(values: Sequence[float]) -> Interval:
    """A mean with its normal-approximation interval at 95%.

    Examples:
        >>> str(mean([1, 2, 3, 4]))
        '2.500 [1.235, 3.765]'
    """
    if not values:
        return Interval(math.nan, math.nan, math.nan)
    centre = statistics.fmean(values)
    spread = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return Interval(centre, centre - spread, centre + spread)


@attrs.frozen
class GameResult:
    """How one simulated game went.

    Attributes:
        number: The game's number in the simulation.
        bots: The bot's name at each seat.
        winner: The winning seat (C13).
        rounds: Rounds played.
        out: The seats in the order they were eliminated (C11), in games that eliminate.
        points: Each seat's points over the game, the sum of its rewards: in
            Concombre minus the penalty points it took (C9), in Rommé its
            final score (R13).
        rounds_played: Rounds each seat took a turn in.
        moves: How many actions each seat chose.
        seconds: The time each seat's bot took to choose them, in all.

    Examples:
        >>> from concombre import RandomBot, ThumbBot
        >>> result = play_game([ThumbBot(), RandomBot()], seed=1, number=0)
        >>> result.bots, result.out[0] != result.winner
        (('thumb', 'random'), True)
    """

    number: int
    bots: tuple[str, ...]
    winner: int
    rounds: int
    out: tuple[int, ...]
    points: tuple[float, ...]
    rounds_played: tuple[int, ...]
    moves: tuple[int, ...] = ()
    seconds: tuple[float, ...] = attrs.field(default=(), eq=False)  # a clock's reading: not part of the game


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` of a simulation seeded with ``seed``.

    Examples:
        >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
        True
    """
    digest = hashlib.sha256(f"concombre-simulation:{seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def game_played(bots: Sequence[Bot[Any, Any]], rules: Any = None, game: AnyGame | str | None = None) -> AnyGame:
    """The game ``bots`` play: ``game`` (a `~concombre.core.game.Game` or its name) if given, else the game of
    ``rules``, else the game the bots are known to belong to, else Concombre.

    Raises:
        InvalidArgumentError: ``rules`` or one of the bots is another game's (``field`` ``rules`` or ``bots``).

    Examples:
        >>> from concombre import ThumbBot
        >>> from concombre.romme import RandomBot, SolverBot
        >>> game_played([SolverBot(), RandomBot()]).name
        'romme'
        >>> try:
        ...     game_played([ThumbBot(), RandomBot()], game="concombre")
        ... except InvalidArgumentError as err:
        ...     print(err.field, err)
        bots RandomBot 'random' is a bot of German Rommé, not of Concombre.
    """
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise InvalidArgumentError(f"bots must be a sequence of bots, one per seat, not {bots!r}.", field="bots")
    if game is not None and not isinstance(game, (str, Game)):
        raise InvalidArgumentError(f"game must be a game's name or a Game, not {game!r}.", field="game")
    chosen = find_game(game) if isinstance(game, str) else game
    owners = [_owner(bot) for bot in bots]
    if chosen is None:
        known = {owner.name: owner for owner in owners if owner is not None}
        if rules is not None:
            chosen = game_of(rules, "rules")
        elif len(known) == 1:
            chosen = next(iter(known.values()))
    chosen = chosen or find_game(DEFAULT_GAME)
    if rules is not None and _owner(rules) is not chosen:
        raise InvalidArgumentError(f"rules must be {chosen.title}'s Rules, not {rules!r}.", field="rules")
    for bot, owner in zip(bots, owners, strict=True):
        if owner is not None and owner is not chosen:
            raise InvalidArgumentError(f"{type(bot).__name__} {getattr(bot, 'name', '')!r} is a bot of {owner.title}, "
                                       f"not of {chosen.title}.", field="bots")
    return chosen


def _owner(value: Any) -> AnyGame | None:
    try:
        return game_of(value)
    except InvalidArgumentError:
        return None


def play_game(bots: Sequence[Bot[Any, Any]], seed: int, number: int, rules: Any = None,
              game: AnyGame | str | None = None) -> GameResult:
    """Play game ``number`` of a simulation: the bots rotate one seat per game.

    Game ``number`` seats ``bots[(seat + number) % n]`` at each seat, deals
    from `game_seed` and gives each seat a generator of its own, so the game
    depends on nothing but its arguments. The game is ``game`` or the one the rules or the bots belong to
    (see `game_played`); ``rules`` None: the game's rules by the rulings.

    Examples:
        >>> from concombre import RandomBot, ThumbBot
        >>> play_game([ThumbBot(), RandomBot()], seed=4, number=1).bots
        ('random', 'thumb')
    """
    game = game_played(bots, rules, game)
    count = len(bots)
    seated = [bots[(seat + number) % count] for seat in range(count)]
    rngs = [random.Random(f"{seed}:{number}:{seat}") for seat in range(count)]
    state = game.new_game(count, dealer=number % count, rules=game.Rules() if rules is None else rules,
                          seed=game_seed(seed, number))
    points, rounds_played, out = [0.0] * count, [0] * count, []
    moves, seconds = [0] * count, [0.0] * count
    in_round: set[int] = set()
    while not game.is_over(state):
        seat = game.to_play(state)
        if seat is None:
            action = game.legal_actions(state)[0]
        else:
            in_round.add(seat)
            seen = game.view(state, seat)
            start = time.perf_counter()
            action = seated[seat].choose(seen, rngs[seat])
            seconds[seat] += time.perf_counter() - start
            moves[seat] += 1
        before, state = state, game.apply(state, action)
        if state.round_number != before.round_number or game.is_over(state):
            for player in in_round:
                rounds_played[player] += 1
            in_round.clear()
        if game.points is not None:
            for player, gained in enumerate(game.points(before, state)):
                points[player] += gained
        if game.eliminated is not None:
            out += [player for player, gone in enumerate(game.eliminated(state)) if gone and player not in out]
    return GameResult(
        number=number,
        bots=tuple(bot.name for bot in seated),
        winner=game.winner(state) if game.winner(state) is not None else -1,  # type: ignore[arg-type]
        rounds=state.round_number,
        out=tuple(out),
        points=tuple(points),
        rounds_played=tuple(rounds_played),
        moves=tuple(moves),
        seconds=tuple(seconds),
    )


def _play_games(bots: Sequence[Bot[Any, Any]], seed: int, numbers: range, rules: Any, game: str
                ) -> list[GameResult]:
    return [play_game(bots, seed, number, rules, game) for number in numbers]


def simulate_games(bots: Sequence[Bot[Any, Any]], games: int, *, seed: int = 0, rules: Any = None,
                   game: AnyGame | str | None = None, executor: Executor | None = None, chunk: int = 25
                   ) -> Generator[GameResult, None, None]:
    """Play the games and yield each result as it finishes (in no fixed order).

    With an ``executor``, games are sent to it in chunks of ``chunk``; stop
    iterating (or press Ctrl-C) and the chunks not yet started are
    cancelled, while every result already yielded stands. ``game`` (a `~concombre.core.game.Game` or its
    name) says which game is played; omitted, it is the game of ``rules`` or of the bots (`game_played`),
    and a bot of another game is refused by name.

    Examples:
        >>> from concombre import RandomBot, ThumbBot
        >>> sorted(result.number for result in simulate_games([ThumbBot(), RandomBot()], 3, seed=2))
        [0, 1, 2]
    """
    played = game_played(bots, rules, game)
    _check(played, bots, games, chunk)
    if executor is None:
        for number in range(games):
            yield play_game(bots, seed, number, rules, played)
        return
    futures: list[Future[list[GameResult]]] = [  # the game by name: a process pool sends arguments pickled
        executor.submit(_play_games, list(bots), seed, range(start, min(start + chunk, games)), rules, played.name)
        for start in range(0, games, chunk)
    ]
    try:
        for future in as_completed(futures):
            yield from future.result()
    finally:
        for future in futures:
            future.cancel()


def _check(game: AnyGame, bots: Sequence[Bot[Any, Any]], games: int, chunk: int) -> None:
    game.check_players(len(bots))
    for name, value in (("games", games), ("chunk", chunk)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidArgumentError(f"{name} must be a whole number of at least 1, not {value!r}.", field=name)


@attrs.frozen
class BotSummary:
    """How one bot did over a simulation, over every seat it sat in.

    Attributes:
        name: The bot's name.
        seats: Seats it sat in, over all games.
        wins: The share of its seats that won the game.
        first_out: The share of its seats that were eliminated first.
        points_per_round: Mean points per round it took a turn in (higher is
            better): minus the penalty points in Concombre, the score in Rommé.

    Examples:
        >>> from concombre import RandomBot, ThumbBot
        >>> summary = simulate([ThumbBot(), RandomBot()], 20, seed=1).bots[0]
        >>> summary.name, summary.seats
        ('thumb', 20)
    """

    name: str
    seats: int
    wins: Interval
    first_out: Interval
    points_per_round: Interval


@attrs.frozen
class Simulation:
    """The summary of a simulation.

    Attributes:
        games: Games played.
        bots: One summary per bot name, in the order the bots were given.
        rounds_per_game: Mean rounds per game.
        results: Every game's result, by game number.

    Examples:
        >>> from concombre import RandomBot, ThumbBot
        >>> result = simulate([ThumbBot(), RandomBot()], 10, seed=3)
        >>> result.games, [bot.name for bot in result.bots]
        (10, ['thumb', 'random'])
    """

    games: int
    bots: tuple[BotSummary, ...]
    rounds_per_game: Interval
    results: tuple[GameResult, ...]

    def bot(self, name: str) -> BotSummary:
        """The summary of the bot with this name."""
        return next(summary for summary in self.bots if summary.name == name)


def summarize(results: Iterable[GameResult]) -> Simulation:
    """Sum up game results, in game-number order whatever order they came in.

    Examples:
        >>> from concombre import RandomBot, ThumbBot
        >>> games = list(simulate_games([ThumbBot(), RandomBot()], 4, seed=5))
        >>> summarize(reversed(games)) == summarize(games)
        True
    """
    ordered = tuple(sorted(results, key=lambda result: result.number))
    names = list(dict.fromkeys(name for result in ordered for name in result.bots))
    summaries = []
    for name in names:
        seats = [(result, seat) for result in ordered for seat, bot in enumerate(result.bots) if bot == name]
        wins = sum(result.winner == seat for result, seat in seats)
        first = sum(bool(result.out) and result.out[0] == seat for result, seat in seats)
        per_round = [
            result.points[seat] / result.rounds_played[seat] for result, seat in seats if result.rounds_played[seat]
        ]
        summaries.append(BotSummary(name, len(seats), proportion(wins, len(seats)),
                                    proportion(first, len(seats)), mean(per_round)))
    return Simulation(len(ordered), tuple(summaries), mean([result.rounds for result in ordered]), ordered)


def simulate(bots: Sequence[Bot[Any, Any]], games: int, *, seed: int = 0, rules: Any = None,
             game: AnyGame | str | None = None, executor: Executor | None = None, chunk: int = 25
             ) -> Simulation:
    """Play ``games`` seeded games between ``bots`` and sum them up (see `simulate_games`).

    Examples:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from concombre import RandomBot, ThumbBot
        >>> alone = simulate([ThumbBot(), RandomBot()], 12, seed=7)
        >>> with ThreadPoolExecutor(2) as pool:
        ...     spread = simulate([ThumbBot(), RandomBot()], 12, seed=7, executor=pool, chunk=5)
        >>> alone == spread
        True
    """
    return summarize(simulate_games(bots, games, seed=seed, rules=rules, game=game, executor=executor, chunk=chunk))


_WORKERS = ("1 process", "2 processes", "a Dask cluster of 2 workers")


def _simulate_speed(workers: str, games: int) -> float:
    """Games per second of `simulate_games`, the executor started before the clock (its start-up is not timed)."""
    import logging
    from concurrent.futures import ProcessPoolExecutor

    from concombre.bench.timing import clock, installed

    game = find_game(DEFAULT_GAME)
    offered = required(game, game.bots, "bots")
    bots: list[Any] = [offered.makers[name]() for name in (*offered.rivals, *offered.rivals)]
    executor: Executor | None = None
    cluster: Any = None
    client: Any = None
    if workers == "2 processes":
        executor = ProcessPoolExecutor(2)
    elif workers.startswith("a Dask"):
        if not installed("dask.distributed"):
            return float("nan")
        from dask import distributed  # an optional extra, imported only when measured

        cluster = distributed.LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
        )
        client = distributed.Client(cluster)  # type: ignore[no-untyped-call]
        executor = client.get_executor()
    try:
        if executor is not None:  # warm the workers up: imports and the first games are not timed
            for _ in simulate_games(bots, 4, seed=99, executor=executor, chunk=2):
                pass
        begin = clock()
        for _ in simulate_games(bots, games, seed=1, executor=executor, chunk=max(1, games // 16)):
            pass
        return games / ((clock() - begin) / 1e9)
    finally:
        if isinstance(executor, ProcessPoolExecutor):
            executor.shutdown()
        if cluster is not None:
            client.close()  # the client first: the cluster then has no results left to lose
            cluster.close()


def speed_jobs(scale: int, overhead: float) -> list[Job]:
    """The benchmark's figures of `simulate_games` (``concombre bench`` adds them to its own): games a second in
    one process, two, and on a Dask cluster of two workers at full scale, the default game's rivals playing.

    Examples:
        >>> [key for key, *_ in speed_jobs(1, 0.0)]
        ['simulate.1 process', 'simulate.2 processes']
    """
    return [(f"simulate.{workers}", f"simulate, thumb and random bots, 4 players: {workers}", "games/s",
             lambda workers=workers: _simulate_speed(workers, 80 * scale))  # type: ignore[misc]
            for workers in (_WORKERS if scale > 1 else _WORKERS[:2])]  # a cluster takes seconds to start
