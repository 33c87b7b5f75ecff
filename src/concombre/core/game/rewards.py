"""The library's one reward convention: the schemes of `REWARDS`, the end's `END_BONUS`, zero-sum returns.

Examples:
    >>> scheme_rewards(-7.0, -1.0, "scaled", 14.0)
    -1.5
"""

from __future__ import annotations

from typing import Any

from concombre.core.errors import InvalidArgumentError

__all__ = ["END_BONUS", "REWARDS", "reward_scheme", "scheme_rewards", "zero_sum_returns"]

END_BONUS = 1.0
"""What the end of a game adds to the winner's reward and takes from every other seat's (see `Game.rewards`).

The one home of the end-of-game reward convention: the batched engines and the learning environments use it.

Examples:
    >>> END_BONUS
    1.0
"""

REWARDS = ("points", "win", "scaled")
"""The reward schemes of `Game.rewards` and the learning environments (their ``reward=``):

- ``"points"``: the game's points for each step (Concombre: minus the penalty points of a round lost;
  Rommé: the round's score), and ±`END_BONUS` at the end.
- ``"win"``: only the end's ±`END_BONUS`: winning is all that counts.
- ``"scaled"``: the points over the game's `Game.points_scale`, each step's in [-1, 1], and ±`END_BONUS`
  at the end: round points no longer swamp winning.

Examples:
    >>> REWARDS
    ('points', 'win', 'scaled')
"""


def reward_scheme(scheme: object) -> str:
    """``scheme`` checked as one of `REWARDS`.

    Raises:
        InvalidArgumentError: It is none of them (``field`` ``reward``).

    Examples:
        >>> reward_scheme("win")
        'win'
    """
    if scheme not in REWARDS:
        raise InvalidArgumentError(f"reward must be one of {', '.join(REWARDS)}, not {scheme!r}.", field="reward")
    return scheme


def scheme_rewards(points: Any, bonus: Any, scheme: str, scale: float) -> Any:
    """A step's rewards in ``scheme`` from its ``points`` and its end ``bonus`` (±`END_BONUS` or 0), as
    numbers or numpy arrays alike: for engines that keep the two apart (the batched engine).

    Examples:
        >>> scheme_rewards(-7.0, -1.0, "points", 14.0), scheme_rewards(-7.0, -1.0, "scaled", 14.0)
        (-8.0, -1.5)
        >>> scheme_rewards(-7.0, 0.0, "win", 14.0)
        0.0
    """
    if scheme == "win":
        return bonus + 0 * points
    return (points / scale if scheme == "scaled" else points) + bonus



def zero_sum_returns(count: int, winner: int | None) -> tuple[float, ...]:
    """1 for the winner and -1/(n-1) for each other seat; all 0 while there is no winner.

    Examples:
        >>> zero_sum_returns(3, 1)
        (-0.5, 1.0, -0.5)
    """
    if winner is None:
        return (0.0,) * count
    return tuple(1.0 if seat == winner else -1.0 / (count - 1) for seat in range(count))
