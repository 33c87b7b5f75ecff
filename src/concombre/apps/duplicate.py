"""Duplicate games: the same deals played twice, once with a candidate bot in a seat and once with a baseline
bot in that seat, the other seats and every seat's generator the same.

As in duplicate bridge, the luck of the deal cancels out: each deal set gives a paired difference (the
candidate's win less the baseline's, and its penalty points per round less the baseline's), and the mean of
those differences has a far narrower 95% interval than two win rates measured on different deals. The
candidate's seat moves round the table from one deal set to the next (`concombre.apps.simulate.play_game`
rotates the seats), so it sits everywhere equally; a table size is a row of the result.

Examples:
    >>> rows = duplicate("concombre", "thumb", "random", players=(2, 3), games=30, seed=1)
    >>> [(row.players, row.difference.value > 0) for row in rows]
    [(2, True), (3, True)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor

import attrs

from concombre.apps.simulate import GameResult, Interval, mean, proportion, simulate_games
from concombre.core.errors import InvalidArgumentError
from concombre.core.game import required
from concombre.core.i18n import _
from concombre.games import DEFAULT_GAME, find_game

__all__ = ["Paired", "duplicate", "duplicate_table"]


@attrs.frozen
class Paired:
    """How a candidate bot did against a baseline bot on the same deals, at one table size.

    Attributes:
        candidate: The candidate bot's name.
        baseline: The baseline bot's name.
        opponent: The bot in every other seat.
        players: The table size.
        games: Deal sets, each played once with each of the two bots.
        candidate_wins: The candidate's win rate (Wilson 95% interval).
        baseline_wins: The baseline's win rate on the same deals.
        difference: The paired difference in win rate, candidate less baseline (95% interval).
        points: The paired difference in points per round (in Concombre minus the penalty points, so above 0
            is better), candidate less baseline (95% interval).

    Examples:
        >>> row = Paired("a", "b", "b", 2, 10, proportion(6, 10), proportion(5, 10), Interval(0.1, 0.02, 0.18),
        ...              Interval(0.5, -0.1, 1.1))
        >>> row.better
        True
    """

    candidate: str
    baseline: str
    opponent: str
    players: int
    games: int
    candidate_wins: Interval
    baseline_wins: Interval
    difference: Interval
    points: Interval

    @property
    def better(self) -> bool:
        """Whether the candidate wins more often than the baseline in its seat, beyond doubt at 95%."""
        return self.difference.low > 0


def duplicate(game: str = DEFAULT_GAME, candidate: str = "search", baseline: str = "mc", *,
              opponent: str | None = None, players: Sequence[int] = (2, 3, 4, 5, 7), games: int = 200,
              seed: int = 0, executor: Executor | None = None,
              progress: Callable[[], None] | None = None) -> tuple[Paired, ...]:
    """Play ``games`` deal sets at each table size twice, the candidate then the baseline in one seat and
    ``opponent`` (default: the baseline) in the others, and pair the results deal by deal.

    Args:
        game: The game's name.
        candidate: The bot to judge, by name.
        baseline: The bot it is judged against, by name.
        opponent: The bot in every other seat (default: the baseline).
        players: The table sizes (each one the game allows).
        games: Deal sets at each table size.
        seed: The seed: the same seed, the same deals.
        executor: Where to play the games (None: in this process).
        progress: Called after each game.

    Raises:
        InvalidArgumentError: An unknown bot, the candidate the same as the baseline, a table size the game
            refuses, or a number of games below 2.

    Examples:
        >>> (row,) = duplicate("concombre", "random", "thumb", players=(2,), games=20, seed=2)
        >>> row.difference.value < 0, row.opponent
        (True, 'thumb')
    """
    chosen = find_game(game)
    makers = required(chosen, chosen.bots, "bots").makers
    opponent = baseline if opponent is None else opponent
    for field, name in (("candidate", candidate), ("baseline", baseline), ("opponent", opponent)):
        if name not in makers:
            raise InvalidArgumentError(_("{field} must be one of the bots of {game}: {bots}; not {name}.",
                                         field=field, game=_(chosen.title), bots=", ".join(sorted(makers)),
                                         name=repr(name)), field=field)
    if candidate == baseline:
        raise InvalidArgumentError(_("The candidate and the baseline must be different bots, not both {name}.",
                                     name=repr(candidate)), field="baseline")
    for count in players:
        chosen.check_players(count)
    if isinstance(games, bool) or not isinstance(games, int) or games < 2:
        raise InvalidArgumentError(_("games must be a whole number of at least 2, not {games}.", games=repr(games)),
                                   field="games")
    rows = []
    for count in players:
        played = []
        for bot in (candidate, baseline):
            table = [makers[name]() for name in (bot, *[opponent] * (count - 1))]
            found = {}
            for result in simulate_games(table, games, seed=seed * 1000 + count, rules=chosen.Rules(), game=chosen,
                                         executor=executor):
                found[result.number] = result
                if progress is not None:
                    progress()
            played.append([found[number] for number in range(games)])
        rows.append(_paired(candidate, baseline, opponent, count, *played))
    return tuple(rows)


def _seat(result: GameResult) -> int:
    """The seat of the first bot of the line-up (the candidate or the baseline) in this game: `play_game`
    seats ``bots[(seat + number) % n]``."""
    return -result.number % len(result.bots)


def _paired(candidate: str, baseline: str, opponent: str, players: int, judged: Sequence[GameResult],
            base: Sequence[GameResult]) -> Paired:
    wins = [[result.winner == _seat(result) for result in results] for results in (judged, base)]
    points = [[result.points[_seat(result)] / max(result.rounds_played[_seat(result)], 1) for result in results]
              for results in (judged, base)]
    return Paired(candidate, baseline, opponent, players, len(judged), proportion(sum(wins[0]), len(judged)),
                  proportion(sum(wins[1]), len(base)),
                  mean([float(mine) - float(theirs) for mine, theirs in zip(*wins, strict=True)]),
                  mean([mine - theirs for mine, theirs in zip(*points, strict=True)]))


def duplicate_table(rows: Sequence[Paired]) -> str:
    """The rows as a Markdown table, one line a table size.

    Examples:
        >>> rows = duplicate("concombre", "thumb", "random", players=(2,), games=10, seed=3)
        >>> print(duplicate_table(rows).splitlines()[0])
        | players | deal sets | thumb wins | random wins | paired difference | points a round, paired difference |
    """
    if not rows:
        return ""
    first = rows[0]
    head = (_("players"), _("deal sets"), _("{bot} wins", bot=first.candidate), _("{bot} wins", bot=first.baseline),
            _("paired difference"), _("points a round, paired difference"))
    lines = ["| " + " | ".join(head) + " |", "| --- " * len(head) + "|"]
    lines += [f"| {row.players} | {row.games} | {row.candidate_wins} | {row.baseline_wins} | "
              f"{_signed(row.difference)} | {_signed(row.points)} |" for row in rows]
    return "\n".join(lines)


def _signed(interval: Interval) -> str:
    return f"{interval.value:+.3f} [{interval.low:+.3f}, {interval.high:+.3f}]"
