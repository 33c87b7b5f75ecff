"""Simulation at scale: many seeded games between bots, with confidence intervals.

Both games are simulated: pass `concombre.romme.RommeRules` as ``rules`` to
play German Rommé between Rommé bots.

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
from collections.abc import Generator, Iterable, Sequence
from concurrent.futures import Executor, Future, as_completed
from typing import Any

import attrs

from concombre import romme
from concombre.actions import apply, legal_actions
from concombre.bots import Bot
from concombre.errors import InvalidArgumentError
from concombre.romme.rules import RommeRules
from concombre.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from concombre.state import Phase
from concombre.transitions import new_game
from concombre.views import view

__all__ = ["BotSummary", "GameResult", "Interval", "Simulation", "play_game", "simulate", "simulate_games", "summarize"]

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
        out: The seats in the order they were eliminated (C11).
        points: Each seat's points over the game: in Concombre the penalty
            points it took (C9), in Rommé its final score (R13).
        rounds_played: Rounds each seat was dealt into.

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
    points: tuple[int, ...]
    rounds_played: tuple[int, ...]


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` of a simulation seeded with ``seed``.

    Examples:
        >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
        True
    """
    digest = hashlib.sha256(f"concombre-simulation:{seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_game(bots: Sequence[Bot[Any, Any]], seed: int, number: int, rules: Rules | RommeRules = Rules()) -> GameResult:
    """Play game ``number`` of a simulation: the bots rotate one seat per game.

    Game ``number`` seats ``bots[(seat + number) % n]`` at each seat, deals
    from `game_seed` and gives each seat a generator of its own, so the game
    depends on nothing but its arguments.

    Examples:
        >>> from concombre import RandomBot, ThumbBot
        >>> play_game([ThumbBot(), RandomBot()], seed=4, number=1).bots
        ('random', 'thumb')
    """
    count = len(bots)
    seated = [bots[(seat + number) % count] for seat in range(count)]
    rngs = [random.Random(f"{seed}:{number}:{seat}") for seat in range(count)]
    if isinstance(rules, RommeRules):
        return _play_romme(seated, rngs, game_seed(seed, number), number, rules)
    state = new_game(count, dealer=number % count, rules=rules, seed=game_seed(seed, number))
    penalties, rounds_played, out = [0] * count, [0] * count, []
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.PLAY:
            seat = state.to_play or 0
            state = apply(state, seated[seat].choose(view(state, seat), rngs[seat]))
            continue
        if state.phase is Phase.DEAL:
            for seat in state.active_seats:
                rounds_played[seat] += 1
        state = apply(state, legal_actions(state)[0])
        result = state.last_result
        if state.phase in (Phase.DEAL, Phase.GAME_OVER) and result is not None:
            penalties[result.loser] += result.penalty
            if result.eliminated:
                out.append(result.loser)
    return GameResult(
        number=number,
        bots=tuple(bot.name for bot in seated),
        winner=state.winner if state.winner is not None else -1,
        rounds=state.round_number,
        out=tuple(out),
        points=tuple(penalties),
        rounds_played=tuple(rounds_played),
    )


def _play_romme(
    seated: list[Bot[Any, Any]], rngs: list[random.Random], seed: int, number: int, rules: RommeRules
) -> GameResult:
    count = len(seated)
    state = romme.new_game(count, dealer=number % count, rules=rules, seed=seed)
    rounds_played = [0] * count
    while state.phase is not romme.RommePhase.GAME_OVER:
        seat = state.to_play
        if seat is None:
            if state.phase is romme.RommePhase.DEAL:
                for player in state.contenders:
                    rounds_played[player] += 1
            state = romme.apply(state, romme.legal_actions(state)[0])
        else:
            state = romme.apply(state, seated[seat].choose(romme.view(state, seat), rngs[seat]))
    return GameResult(
        number=number,
        bots=tuple(bot.name for bot in seated),
        winner=state.winner if state.winner is not None else -1,
        rounds=state.round_number,
        out=(),
        points=state.scores,
        rounds_played=tuple(rounds_played),
    )


def _play_games(
    bots: Sequence[Bot[Any, Any]], seed: int, numbers: range, rules: Rules | RommeRules
) -> list[GameResult]:
    return [play_game(bots, seed, number, rules) for number in numbers]


def simulate_games(
    bots: Sequence[Bot[Any, Any]],
    games: int,
    *,
    seed: int = 0,
    rules: Rules | RommeRules = Rules(),
    executor: Executor | None = None,
    chunk: int = 25,
) -> Generator[GameResult, None, None]:
    """Play the games and yield each result as it finishes (in no fixed order).

    With an ``executor``, games are sent to it in chunks of ``chunk``; stop
    iterating (or press Ctrl-C) and the chunks not yet started are
    cancelled, while every result already yielded stands.

    Examples:
        >>> from concombre import RandomBot, ThumbBot
        >>> sorted(result.number for result in simulate_games([ThumbBot(), RandomBot()], 3, seed=2))
        [0, 1, 2]
    """
    _check(bots, games, chunk)
    if executor is None:
        for number in range(games):
            yield play_game(bots, seed, number, rules)
        return
    futures: list[Future[list[GameResult]]] = [
        executor.submit(_play_games, list(bots), seed, range(start, min(start + chunk, games)), rules)
        for start in range(0, games, chunk)
    ]
    try:
        for future in as_completed(futures):
            yield from future.result()
    finally:
        for future in futures:
            future.cancel()


def _check(bots: Sequence[Bot[Any, Any]], games: int, chunk: int) -> None:
    if not MIN_PLAYERS <= len(bots) <= MAX_PLAYERS:
        raise InvalidArgumentError(f"A game seats {MIN_PLAYERS} to {MAX_PLAYERS} bots, not {len(bots)}.", "C1")
    for name, value in (("games", games), ("chunk", chunk)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidArgumentError(f"{name} must be a whole number of at least 1, not {value!r}.")


@attrs.frozen
class BotSummary:
    """How one bot did over a simulation, over every seat it sat in.

    Attributes:
        name: The bot's name.
        seats: Seats it sat in, over all games.
        wins: The share of its seats that won the game.
        first_out: The share of its seats that were eliminated first.
        points_per_round: Mean points per round it was dealt into: penalty
            points in Concombre (lower is better), score in Rommé (higher is better).

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


def simulate(
    bots: Sequence[Bot[Any, Any]],
    games: int,
    *,
    seed: int = 0,
    rules: Rules | RommeRules = Rules(),
    executor: Executor | None = None,
    chunk: int = 25,
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
    return summarize(simulate_games(bots, games, seed=seed, rules=rules, executor=executor, chunk=chunk))
