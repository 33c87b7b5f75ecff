"""The ``points`` promise: a game's points and its rewards in every scheme, summed over its steps and checked as
they come (`Sums`).

Internal to `concombre.testing`: use `check_game`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from concombre.core.game import END_BONUS, REWARDS
from concombre.testing.run import Run

__all__ = ["Sums"]


class Sums:
    """The points and rewards of a game's steps, summed and checked as they come.

    With ``points``, each step gives one finite number a seat, at most ``points_scale`` either way; `Game.rewards`
    one finite number a seat in every scheme of `~concombre.core.game.REWARDS`; at the end (`end`), the ``"win"``
    rewards add up to the end's bonus, the ``"points"`` rewards to the points and that bonus; with the caller's
    ``total=``, the points of the steps add up to its change at every step (`add`).

    Attributes:
        run: The game under check.
        points: The points of the steps so far, by seat.
        rewards: The rewards of the steps so far, by scheme and seat.
        first: The game's own total at the start (``total=``), None without one.

    Examples:
        >>> from concombre.games import find_game
        >>> from concombre.testing.run import Options, Run
        >>> game = find_game("romme")
        >>> run = Run(game, 1, 2, Options(total=lambda state: state.scores))
        >>> start = game.new_game(2, seed=1)
        >>> sums = Sums(run, start)
        >>> sums.add(start, game.apply(start, game.legal_actions(start)[0])); sums.points, run.counts
        ([0.0, 0.0], {'points': 7})
    """

    def __init__(self, run: Run, start: Any) -> None:
        self.run = run
        self.points = [0.0] * run.players
        self.rewards = {scheme: [0.0] * run.players for scheme in REWARDS}
        self.first = None if run.options.total is None else self._total(start)

    def _total(self, state: Any) -> list[float]:
        total = self.run.options.total
        assert total is not None
        kept = self.run.collect("points", "total=", total, state, into=list)
        self.run.expect(len(kept) == self.run.players and all(map(_finite, kept)), "points", "total=",
                        f"it gives {kept!r}, not one number a seat")
        return [float(value) for value in kept]

    def add(self, before: Any, after: Any) -> None:
        """Check and add the points and rewards of the step from ``before`` to ``after``."""
        run, game = self.run, self.run.game
        if game.points is not None:
            gained = run.collect("points", "points", game.points, before, after)
            scale = game.points_scale * (1 + 1e-9)
            if not run.holds(len(gained) == run.players and all(
                    _finite(value) and abs(value) <= scale for value in gained), "points"):
                raise run.failure("points", "points", f"a step gives {gained!r}: not one finite number a seat "
                                                      f"within points_scale {game.points_scale}")
            self.points = _plus(self.points, gained)
        for scheme in REWARDS:
            member = f"rewards ({scheme!r})"
            rewards = run.collect("points", member, game.rewards, before, after, scheme)
            if not run.holds(len(rewards) == run.players and all(map(_finite, rewards)), "points"):
                raise run.failure("points", member, f"a step gives {rewards!r}, not one finite number a seat")
            self.rewards[scheme] = _plus(self.rewards[scheme], rewards)
        if self.first is not None:
            change = [new - old for old, new in zip(self.first, self._total(after), strict=True)]
            if not run.holds(_close(change, self.points), "points"):
                raise run.failure("points", "points", f"the points of the steps add up to {self.points}, but the "
                                                      f"game's total (total=) has changed by {change}")

    def end(self, final: Any) -> None:
        """Check the sums at the game's end, ``final``: the ``"win"`` and ``"points"`` rewards' totals."""
        run = self.run
        winner = run.call("agrees", "winner", run.game.winner, final)
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
