"""German Rommé at scale: the compiled batch's whole random games and the vector environment's steps, beside
OpenSpiel's ``gin_rummy`` measured in the same run (issue 61).

- ``romme.batch.game.1``: µs a whole 2-player game of the batch's own random bot (a part chosen at random
  among those offered, every seat, inside the kernel), exact deals, one thread; ``romme.batch.game.fast.2`` the
  same with fast deals on two threads.
- ``romme.vector.1024.step``: µs a game-step of ``SeatVectorEnv("romme", num_envs=1024)`` (2 players), the
  learner taking a random part of those its mask offers, the opponents' parts inside the engine.
- ``open_spiel.gin_rummy.playout``: µs a whole hand of OpenSpiel's C++ ``gin_rummy``, random play, its chance
  nodes included, driven as the bench drives ``oh_hell``.
"""

from __future__ import annotations

import functools
from typing import Any

from concombre.bench.targets import Target
from concombre.bench.timing import Job, clock, installed

__all__ = ["ROMME_BATCH_TARGETS", "romme_batch_jobs"]

ROMME_BATCH_TARGETS = (
    Target("OpenSpiel gin_rummy whole hand / Rommé batch whole 2-player random game, 1 thread (issue 61: >= 10)",
           "open_spiel.gin_rummy.playout", "romme.batch.game.1", 10.0, ">="),
    Target("OpenSpiel gin_rummy whole hand / Rommé batch whole 2-player random game, 1 thread (goal: >= 25)",
           "open_spiel.gin_rummy.playout", "romme.batch.game.1", 25.0, ">="),
    Target("OpenSpiel gin_rummy whole hand / Rommé batch whole game, fast deals, 2 threads",
           "open_spiel.gin_rummy.playout", "romme.batch.game.fast.2", None, ">="),
    Target("OpenSpiel gin_rummy decision / SeatVectorEnv(romme, 1024) step (issue 61: >= 3)",
           "open_spiel.gin_rummy.decision", "romme.vector.1024.step", 3.0, ">="),
    Target("OpenSpiel gin_rummy decision / SeatVectorEnv(romme, 1024) step (goal: >= 8)",
           "open_spiel.gin_rummy.decision", "romme.vector.1024.step", 8.0, ">="),
)
"""Issue 61's goals for Rommé's batch, each a ratio of figures of the same run (gin_rummy's decision is the
peers' ``open_spiel.gin_rummy.decision``).

Examples:
    >>> ROMME_BATCH_TARGETS[0].ratio({"open_spiel.gin_rummy.playout": 5000.0, "romme.batch.game.1": 200.0})
    25.0
"""


def _games(count: int, seed: int, deals: str, threads: int) -> float:
    """Mean µs a whole 2-player game: ``count`` new games played to their end by the random bot in one rollout
    (compiled before the clock)."""
    from concombre.games.romme.fast.batch import reset, rollout

    rollout(reset(range(4), players=2, deals=deals), "random", seed=seed, threads=1)
    games = reset(range(seed * count, (seed + 1) * count), players=2, deals=deals)
    start = clock()
    finished = rollout(games, "random", seed=seed, threads=threads)
    elapsed = clock() - start
    assert finished.done.all()
    return elapsed / 1000 / count


@functools.cache
def _environment(count: int) -> dict[str, Any]:
    """``SeatVectorEnv("romme", num_envs=count)``, 2 players, reset, and its last observations (made once a run,
    compiled before any clock)."""
    from concombre.integrations.gymnasium import SeatVectorEnv

    environment = SeatVectorEnv("romme", num_envs=count, players=2)
    observations, _ = environment.reset(seed=1)
    return {"environment": environment, "observations": observations}


def _vector_steps(count: int, steps: int, seed: int) -> float:
    """Mean µs a game-step of the vector environment: the learner's random part among those offered (drawn
    inside the clock, from the mask the last step returned), the bots' parts played inside the engine."""
    import numpy as np

    held = _environment(count)
    environment, observations = held["environment"], held["observations"]
    rng = np.random.default_rng(seed)
    start = clock()
    for _ in range(steps):
        mask = observations["action_mask"].astype(bool)
        wanted = (rng.random(count) * mask.sum(axis=1)).astype(np.int64)
        parts = (mask.cumsum(axis=1) > wanted[:, None]).argmax(axis=1)
        observations, *_ = environment.step(parts)
    elapsed = clock() - start
    held["observations"] = observations
    return elapsed / 1000 / steps / count


def _gin_playouts(playouts: int, seed: int) -> float:
    """Mean µs a whole hand of OpenSpiel's ``gin_rummy``, random play, chance nodes included."""
    from concombre.bench.peers import openspiel_game, openspiel_playouts

    return openspiel_playouts(openspiel_game("gin_rummy"), playouts, seed)


def romme_batch_jobs(scale: int) -> list[Job]:
    """Rommé's batch measurements at ``scale`` (1 for a smoke run, 10 for the report): none without the ``fast``
    extra; gin_rummy's whole hands where OpenSpiel is installed.

    Examples:
        >>> keys = [key for key, *_ in romme_batch_jobs(1)]
        >>> "romme.batch.game.1" in keys or not keys
        True
    """
    jobs: list[Job] = []
    if installed("numba"):
        jobs += [
            ("romme.batch.game.1", "Rommé batch: a whole 2-player game, random parts, exact deals, 1 thread", "µs",
             lambda: _games(200 * scale, 1, "exact", 1)),
            ("romme.batch.game.fast.2", "Rommé batch: a whole 2-player game, random parts, fast deals, 2 threads",
             "µs", lambda: _games(400 * scale, 2, "fast", 2)),
        ]
        if installed("gymnasium"):
            jobs.append(("romme.vector.1024.step", "SeatVectorEnv(romme, 1024 games, 2 players): a game-step, a "
                         "random part of the learner's mask, the bots inside", "µs",
                         lambda: _vector_steps(1024, 20 * scale, 3)))
    if installed("pyspiel"):
        jobs.append(("open_spiel.gin_rummy.playout", "OpenSpiel gin_rummy whole hand, random play (C++)", "µs",
                     lambda: _gin_playouts(6 * scale, 4)))
    return jobs
