"""Learning at scale: the batched engine's plays and memory, and the Gymnasium environments' steps."""

from __future__ import annotations

import functools
from typing import Any

import attrs

from concombre.bench.floors import deal_floor
from concombre.bench.timing import Job, clock, installed

__all__ = ["BATCH_SIZES", "learning_jobs"]


BATCH_SIZES = (64, 1024, 16384)
"""The batch sizes `concombre bench` measures the batched engine at.

Examples:
    >>> BATCH_SIZES
    (64, 1024, 16384)
"""


def _batch_play(count: int, steps: int, seed: int, warm: int = 300) -> float:
    """Mean µs per play of the batched engine: ``count`` games of 4 players, every one playing at each step (the
    rule-of-thumb card; finished games restart), the table's deals, tricks and scoring included, measured after
    ``warm`` steps (the games start in step; a long run has some rounds and games ending at every step)."""
    from concombre.games.concombre import batch  # needs numpy: imported only when measured

    games = batch.reset(range(seed, seed + count), players=4)
    for _ in range(warm):  # until rounds and games end at every step, as they do in a long run
        games = batch.step(games, batch.thumb_cards(games), autoreset=True)
    total, plays = 0, 0
    for _ in range(steps):
        cards = batch.thumb_cards(games)
        plays += int((games.winner < 0).sum())
        start = clock()
        games = batch.step(games, cards, autoreset=True)
        total += clock() - start
    return total / plays / 1000


def _batch_memory(count: int) -> float:
    """Bytes per game of a batch of ``count`` games of 4 players (every array it holds)."""
    from concombre.games.concombre import batch

    games = batch.reset(range(count), players=4)
    held: int = sum(getattr(games, field.name).nbytes for field in attrs.fields(type(games))
                    if hasattr(getattr(games, field.name), "nbytes"))
    return held / count


def _seat_env_steps(vector: bool, steps: int, seed: int) -> float:
    """Mean µs per game-step with random masked actions: `SeatEnv` (one game), or `SeatVectorEnv` of 1,024
    games (per game), 4 players, random bots."""
    import numpy as np

    from concombre.integrations.gymnasium import SeatEnv, SeatVectorEnv

    rng = np.random.default_rng(seed)
    env: Any = SeatVectorEnv("concombre", num_envs=1024, players=4, opponents="random") if vector else SeatEnv(
        "concombre", players=4, opponents="random")
    observations, _ = env.reset(seed=seed)
    start = clock()
    for _ in range(steps):
        mask = observations["action_mask"].astype(bool)
        actions = (rng.random(mask.shape) * mask).argmax(axis=-1)
        observations, _, terminated, _, _ = env.step(actions if vector else int(actions))
        if not vector and terminated:
            observations, _ = env.reset()
    return (clock() - start) / 1000 / steps / (1024 if vector else 1)


def learning_jobs(scale: int) -> list[Job]:
    if not installed("numpy"):
        return []
    steps = {64: 200, 1024: 40, 16384: 6}
    jobs: list[Job] = [
        (f"batch.{count}.play", f"Concombre batched engine, {count:,} games: one play", "µs",
         functools.partial(_batch_play, count, steps[count] * scale, 21)) for count in BATCH_SIZES
    ]
    jobs.append(("batch.memory", "Concombre batched engine: memory per game", "bytes", lambda: _batch_memory(1024)))
    jobs.append(("floor.batch.deal", "floor: the deals' SHAKE-128 keys alone, per play", "µs",
                 lambda: deal_floor(1024, 150 * scale, 24)))
    if installed("gymnasium"):
        jobs += [
            ("gymnasium.seat.step", "Gymnasium SeatEnv step, 4 players, random bots", "µs",
             lambda: _seat_env_steps(False, 200 * scale, 22)),
            ("gymnasium.vector.step", "Gymnasium SeatVectorEnv, 1,024 games: per game-step", "µs",
             lambda: _seat_env_steps(True, 3 * scale, 23)),
        ]
    return jobs
