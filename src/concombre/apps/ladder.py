"""A rating ladder: a seeded round robin among a game's bots, with ratings and head-to-head win rates.

With 2 players every pair of bots plays ``games`` games, seats alternating; with 4 players each bot plays
``games`` games against three copies of each other bot (its fair share is then 1/4), seats rotating. Each
lineup is a `concombre.apps.simulate` run, so a ladder gives the same result in one process, on every
core or on a Dask cluster (any `concurrent.futures.Executor`).

The ratings are strengths fitted to every game played, on the Elo scale (400 points is 10 to 1 odds; the
mean is 0), with 95% intervals from a seeded Bayesian bootstrap: Bradley-Terry with 2 players, and at a
larger table Luce's choice model, in which a bot wins with a chance in proportion to its strength (three
copies of a rival, three times its strength). Win rates carry
Wilson 95% intervals.

Examples:
    >>> result = ladder("concombre", ["random", "thumb"], players=(2,), games=40, seed=1)
    >>> [rating.bot for rating in result.ratings]
    ['thumb', 'random']
    >>> result.pairing("thumb", "random", 2).rate.value > 0.5
    True
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor

import attrs

from concombre.apps.simulate import Interval, proportion, simulate_games
from concombre.core.errors import InvalidArgumentError
from concombre.core.game import required
from concombre.core.i18n import _
from concombre.games import DEFAULT_GAME, find_game

__all__ = ["Ladder", "Pairing", "Rating", "ladder", "lineups"]


@attrs.frozen
class Pairing:
    """How one bot did against another.

    Attributes:
        bot: The bot.
        rival: The other bot (with more players, copies of it sat in every other seat).
        players: The number of players at the table.
        games: Games played.
        wins: Games the bot won.
        rate: Its win rate, with a Wilson 95% interval.
        fair: The share a bot as strong as its rivals would win: 1/players.

    Examples:
        >>> Pairing("thumb", "random", 2, 10, 9, proportion(9, 10), 0.5).better
        True
    """

    bot: str
    rival: str
    players: int
    games: int
    wins: int
    rate: Interval
    fair: float

    @property
    def better(self) -> bool:
        """Whether the bot wins more than its fair share, beyond doubt at 95%."""
        return self.rate.low > self.fair


@attrs.frozen
class Rating:
    """A bot's place on the ladder.

    Attributes:
        bot: The bot.
        elo: Its strength on the Elo scale (mean 0; see `ladder`), with a 95% bootstrap interval.
        ms_per_move: Its mean time to choose an action, in milliseconds, over the whole ladder.

    Examples:
        >>> Rating("thumb", Interval(120.0, 90.0, 150.0), 0.01).elo.value
        120.0
    """

    bot: str
    elo: Interval
    ms_per_move: float


@attrs.frozen
class Ladder:
    """The result of `ladder`: ratings (best first) and every head-to-head pairing.

    Attributes:
        game: The game's name.
        seed: The ladder's seed.
        games: Games per pairing.
        ratings: One per bot, best first.
        pairings: Every bot against every other, for each player count.

    Examples:
        >>> result = ladder("concombre", ["random", "thumb"], players=(2,), games=10, seed=2)
        >>> print(result.table().splitlines()[0])
        | bot | rating (Elo scale) | ms per move |
    """

    game: str
    seed: int
    games: int
    ratings: tuple[Rating, ...]
    pairings: tuple[Pairing, ...]

    def pairing(self, bot: str, rival: str, players: int) -> Pairing:
        """The pairing of ``bot`` against ``rival`` with ``players`` players."""
        return next(item for item in self.pairings if (item.bot, item.rival, item.players) == (bot, rival, players))

    def table(self) -> str:
        """The ratings, then each player count's head-to-head win rates, as Markdown tables."""
        head = (_("bot"), _("rating (Elo scale)"), _("ms per move"))
        lines = ["| " + " | ".join(head) + " |", "| --- | --- | --- |"]
        lines += [f"| {rating.bot} | {rating.elo.value:+.0f} [{rating.elo.low:+.0f}, {rating.elo.high:+.0f}] | "
                  f"{rating.ms_per_move:.3f} |" for rating in self.ratings]
        names = [rating.bot for rating in self.ratings]
        for players in sorted({item.players for item in self.pairings}):
            lines += ["", _heading(players, self.games), "",
                      "| | " + " | ".join(names) + " |", "| --- |" + " --- |" * len(names)]
            for bot in names:
                cells = ["" if bot == rival else str(self.pairing(bot, rival, players).rate) for rival in names]
                lines.append(f"| **{bot}** | " + " | ".join(cells) + " |")
        return "\n".join(lines)


def _heading(players: int, games: int) -> str:
    """What a head-to-head table shows, above it."""
    share = f"{1 / players:.2f}"
    if players == 2:
        return _("{players} players: the row's win rate against the column (fair share {share}), {games} games "
                 "each, 95% intervals", players=players, share=share, games=games)
    return _("{players} players: the row's win rate against {rivals} copies of the column (fair share {share}), "
             "{games} games each, 95% intervals", players=players, rivals=players - 1, share=share, games=games)


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, str, tuple[str, ...]]]:
    """The games' line-ups: (bot, rival, the bots at the table). Two players: every pair once; four: each bot
    against three copies of each other bot.

    Examples:
        >>> lineups(["a", "b"], 4)
        [('a', 'b', ('a', 'b', 'b', 'b')), ('b', 'a', ('b', 'a', 'a', 'a'))]
    """
    if players == 2:
        return [(bot, rival, (bot, rival)) for bot, rival in itertools.combinations(bots, 2)]
    return [(bot, rival, (bot, *[rival] * (players - 1))) for bot, rival in itertools.permutations(bots, 2)]


def ladder(game: str = DEFAULT_GAME, bots: Sequence[str] | None = None, *, players: Sequence[int] = (2, 4),
           games: int = 200, seed: int = 0, executor: Executor | None = None,
           progress: Callable[[], None] | None = None) -> Ladder:
    """Play the round robin and rate the bots (see the module's documentation).

    Args:
        game: The game's name.
        bots: The names of the bots to rate (default: every named bot of the game).
        players: The player counts to play at (each one the game allows).
        games: Games per pairing.
        seed: The ladder's seed: the same seed, the same games.
        executor: Where to play the games (None: in this process).
        progress: Called after each game.

    Raises:
        InvalidArgumentError: An unknown bot, fewer than two bots, no player count, a player count the game
            refuses, or a number of games below 1.

    Examples:
        >>> result = ladder("romme", ["random", "solver"], players=(2,), games=4, seed=3)
        >>> result.ratings[0].bot
        'solver'
    """
    chosen = find_game(game)
    makers = required(chosen, chosen.bots, "bots").makers
    names = list(makers) if bots is None else list(bots)
    unknown = [name for name in names if name not in makers]
    if unknown or len(set(names)) < 2 or len(set(names)) != len(names):
        raise InvalidArgumentError(_("Give two or more different bots of {game}: {bots}; not {names}.",
                                     game=_(chosen.title), bots=", ".join(sorted(makers)), names=repr(names)),
                                   field="bots")
    if not players:
        raise InvalidArgumentError(_("Give one or more player counts to play at."), field="players")
    for count in players:
        chosen.check_players(count)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise InvalidArgumentError(_("games must be a whole number of at least 1, not {games}.", games=repr(games)),
                                   field="games")
    pairings, moves, seconds = [], dict.fromkeys(names, 0), dict.fromkeys(names, 0.0)
    schedule = [(seats, lineup) for seats in players for lineup in lineups(names, seats)]
    for number, (count, (bot, rival, seated)) in enumerate(schedule):
        wins = 0
        table = [makers[name]() for name in seated]
        for result in simulate_games(table, games, seed=seed * 1000 + number, rules=chosen.Rules(), game=chosen,
                                     executor=executor):
            wins += result.bots[result.winner] == bot
            for seat, name in enumerate(result.bots):
                moves[name] += result.moves[seat]
                seconds[name] += result.seconds[seat]
            if progress is not None:
                progress()
        pairings.append(Pairing(bot, rival, count, games, wins, proportion(wins, games), 1 / count))
        if count == 2:
            pairings.append(Pairing(rival, bot, count, games, games - wins, proportion(games - wins, games), 0.5))
    elo = _ratings(names, pairings, random.Random(seed))
    ratings = sorted((Rating(name, elo[name], 1000 * seconds[name] / max(moves[name], 1)) for name in names),
                     key=lambda rating: -rating.elo.value)
    return Ladder(chosen.name, seed, games, tuple(ratings), tuple(pairings))


_Table = tuple[str, str, int, int, float]
"""One lineup's results for the fit: the bot, its rival, the rival's seats, games played, the bot's wins."""


def _strengths(names: Sequence[str], tables: Sequence[_Table]) -> dict[str, float]:
    """Strengths by the MM algorithm, on the Elo scale with mean 0.

    Luce's choice model: a table is won by a bot with a chance in proportion to its strength, so with 2
    players this is Bradley-Terry, and a rival seated three times wins with three times its strength. Half a
    2-player win each way between every two bots smooths the bots that never won or never lost.
    """
    strength = dict.fromkeys(names, 1.0)
    for _round in range(200):
        won = dict.fromkeys(names, 0.5 * (len(names) - 1))
        weighed = {name: sum(1.0 / (strength[name] + strength[other]) for other in names if other != name)
                   for name in names}
        for bot, rival, seats, games, wins in tables:
            total = strength[bot] + seats * strength[rival]
            won[bot] += wins
            won[rival] += games - wins
            weighed[bot] += games / total
            weighed[rival] += games * seats / total
        updated = {name: won[name] / weighed[name] for name in names}
        scale = math.exp(sum(math.log(value) for value in updated.values()) / len(names))
        strength = {name: value / scale for name, value in updated.items()}
    return {name: 400 * math.log10(value) for name, value in strength.items()}


def _table(item: Pairing, wins: float) -> _Table:
    """A pairing's lineup for the fit, with these wins of its bot."""
    return item.bot, item.rival, item.players - 1, item.games, wins


def _ratings(names: Sequence[str], pairings: Sequence[Pairing], rng: random.Random) -> dict[str, Interval]:
    """Each bot's strength, with a 95% interval from 200 resamples of every lineup's wins (a Bayesian bootstrap:
    a pairing that one bot always won still leaves room for doubt)."""
    played = [item for item in pairings if item.players > 2 or item.bot < item.rival]  # a 2-player pair once
    point = _strengths(names, [_table(item, item.wins) for item in played])
    draws: dict[str, list[float]] = {name: [] for name in names}
    for _draw in range(200):
        resampled: list[_Table] = []
        for item in played:  # the rate drawn from its Jeffreys posterior, then the games from it
            rate = rng.betavariate(item.wins + 0.5, item.games - item.wins + 0.5)
            won = sum(rng.random() < rate for _ in range(item.games))
            resampled.append(_table(item, won))
        for name, value in _strengths(names, resampled).items():
            draws[name].append(value)
    intervals = {}
    for name in names:
        ordered = sorted(draws[name])
        intervals[name] = Interval(point[name], ordered[4], ordered[194])
    return intervals

