"""Learning at scale: the compiled batched engine's plays, rollouts, memory and compile times, and the Gymnasium
environments' steps."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import tempfile
from typing import Any

from concombre.bench.timing import Job, clock, installed

__all__ = ["BATCH_SIZES", "CURVE_KEYS", "learning_jobs"]


BATCH_SIZES = (64, 1024, 16384, 65536)
"""The batch sizes `concombre bench` measures the batched engine at.

Examples:
    >>> BATCH_SIZES
    (64, 1024, 16384, 65536)
"""

CURVE_KEYS = {"exact deals, 1 thread": "batch.{}.exact.1", "fast deals, 1 thread": "batch.{}.fast.1",
              "fast deals, 2 threads": "batch.{}.fast.2", "rollout, fast deals, 1 thread": "batch.{}.rollout.fast.1"}
"""The lines of the curve of plays a second against the batch size (`concombre.bench.curve`), by the key of
their measurements (``{}``: the batch size).

Examples:
    >>> CURVE_KEYS["fast deals, 2 threads"].format(1024)
    'batch.1024.fast.2'
"""


@functools.cache
def _warmed(count: int, deals: str) -> Any:
    """``count`` games of 4 players 300 random steps in (finished games restarting): rounds and games then end
    at every step, as they do in a long run. Made once a bench run."""
    from concombre.games.concombre.fast import batch

    return batch.rollout(batch.reset(range(count), players=4, deals=deals), "random", steps=300, autoreset=True)


def _batch_play(count: int, steps: int, seed: int, deals: str, threads: int, pure: bool = False) -> float:
    """Mean µs per play of the batched engine: ``count`` games of 4 players stepped in place (a `Buffer`; with
    ``pure``, through `concombre.batch.step`, a new batch each step), every one playing at each step a legal
    card chosen at random outside the kernel (from the legal masks, with random words drawn before the clock,
    as OpenSpiel's step is timed), finished games restarting."""
    import numpy as np

    from concombre.games.concombre.fast import batch, kernel

    rng = np.random.default_rng(seed)
    buffer = batch.Buffer(_warmed(count, deals))
    games, cards = buffer.games, np.empty(count, dtype=np.int64)
    total, plays = 0, 0
    for _ in range(steps):
        words = rng.bit_generator.random_raw(count)
        plays += count - int(games.done.sum())
        start = clock()
        kernel.random_legal(games.legal.copy(), words, cards)
        if pure:
            games = batch.step(games, cards, autoreset=True, threads=threads)
        else:
            buffer.step(cards, autoreset=True, threads=threads)
        total += clock() - start
    return total / plays / 1000


def _rollout_play(count: int, steps: int, seed: int, deals: str, threads: int) -> float:
    """Mean µs per game-step of a whole rollout in one call: the random bot playing every seat inside the kernel,
    finished games restarting (a restart is one of the steps)."""
    from concombre.games.concombre.fast import batch

    buffer = batch.Buffer(_warmed(count, deals))
    start = clock()
    buffer.rollout("random", steps=steps, autoreset=True, seed=seed + 1, threads=threads)
    return (clock() - start) / 1000 / steps / count


def _kernel_parts(count: int, deals: str, part: str) -> float:
    """The kernel's ceilings, measured alone on ``count`` fresh 4-player games with the thumb bot inside the
    kernel: µs per play of a round's first 27 plays (no round ends), or µs per game of the 28th play, which
    ends every round: the scoring (C9-C13) and the next deal."""
    from concombre.games.concombre.fast import batch

    fresh = batch.reset(range(count), players=4, deals=deals)
    batch.Buffer(fresh).rollout("thumb", steps=1)  # compiled before the clock
    plays, ending = batch.Buffer(fresh), batch.Buffer(fresh)
    start = clock()
    plays.rollout("thumb", steps=27)
    middle = clock() - start
    start = clock()
    ending.rollout("thumb", steps=28)
    whole = clock() - start
    return middle / 1000 / 27 / count if part == "play" else (whole - middle) / 1000 / count


def _batch_memory(players: int) -> float:
    """Bytes per game of a batch of 1,024 games (every array it holds)."""
    from concombre.games.concombre.fast import batch

    games: Any = batch.reset(range(1024), players=players)
    return float(games.nbytes) / 1024


_COMPILING = ("from concombre.batch import Buffer, observe, reset, rollout, step, thumb_cards\n"
              "games = reset(range(8), players=4)\n"
              "games = step(games, thumb_cards(games), autoreset=True)\n"
              "rollout(games, 'random', steps=5, autoreset=True, until=1)\n"
              "observe(reset(range(2), players=3, deals='fast'))\n"
              "Buffer(games).step(thumb_cards(games))\n")


@functools.cache
def _compile_times() -> tuple[float, float]:
    """Seconds for a new process to import the batched engine and make its first calls (every kernel the
    engine uses): with an empty Numba cache (the first call after install), then from that cache. Measured once
    a bench run (each measure costs a compile)."""
    with tempfile.TemporaryDirectory() as cache:
        environment = {**os.environ, "NUMBA_CACHE_DIR": cache}
        times = []
        for _ in range(2):
            start = clock()
            subprocess.run([sys.executable, "-c", _COMPILING], check=True, env=environment, capture_output=True)
            times.append((clock() - start) / 1e9)
    return times[0], times[1]


def _seat_env_steps(vector: bool, steps: int, seed: int, count: int = 1024) -> float:
    """Mean µs per game-step with random masked actions: `SeatEnv` (one game), or `SeatVectorEnv` of ``count``
    games (per game; its opponents play inside the kernel), 4 players, random bots."""
    import numpy as np

    from concombre.integrations.gymnasium import SeatEnv, SeatVectorEnv

    rng = np.random.default_rng(seed)
    env: Any = SeatVectorEnv("concombre", num_envs=count, players=4, opponents="random") if vector else SeatEnv(
        "concombre", players=4, opponents="random")
    observations, _ = env.reset(seed=seed)
    start = clock()
    for _ in range(steps):
        mask = observations["action_mask"].astype(bool)
        actions = (rng.random(mask.shape) * mask).argmax(axis=-1)
        observations, _, terminated, _, _ = env.step(actions if vector else int(actions))
        if not vector and terminated:
            observations, _ = env.reset()
    return (clock() - start) / 1000 / steps / (count if vector else 1)


def _steps(count: int, scale: int) -> int:
    """Steps of a measure at this batch size: 2,000,000 plays in all (200,000 when quick), about 0.1 s."""
    return max(2, scale * 200_000 // count)


def learning_jobs(scale: int) -> list[Job]:
    if not (installed("numpy") and installed("numba")):
        return []
    from concombre.accel.compiled import most_threads

    jobs: list[Job] = []
    modes = (("exact", 1), ("fast", 1), ("exact", 2), ("fast", 2)) if most_threads() > 1 else (("exact", 1),
                                                                                               ("fast", 1))
    for count in BATCH_SIZES:
        for deals, threads in modes:
            jobs.append((f"batch.{count}.{deals}.{threads}",
                         f"batched play, {count:,} games, {deals} deals, {threads} thread{'s' * (threads > 1)}", "µs",
                         functools.partial(_batch_play, count, _steps(count, scale), 21, deals, threads)))
        jobs.append((f"batch.{count}.rollout.fast.1", f"batched rollout, {count:,} games, fast deals: per game-step",
                     "µs", functools.partial(_rollout_play, count, _steps(count, scale), 22, "fast", 1)))
    jobs += [
        ("batch.16384.rollout.exact.1", "batched rollout, 16,384 games, exact deals: per game-step", "µs",
         functools.partial(_rollout_play, 16384, _steps(16384, scale), 22, "exact", 1)),
        *([("batch.16384.rollout.fast.2", "batched rollout, 16,384 games, fast deals, 2 threads: per game-step",
            "µs", functools.partial(_rollout_play, 16384, _steps(16384, scale), 22, "fast", 2))]
          if most_threads() > 1 else []),
        ("batch.16384.pure", "batched play, 16,384 games, a new batch each step (pure step)", "µs",
         functools.partial(_batch_play, 16384, _steps(16384, scale), 23, "exact", 1, True)),
        ("floor.batch.play", "floor: the kernel alone, a play (no round ends)", "µs",
         functools.partial(_kernel_parts, 16384, "fast", "play")),
        ("floor.batch.round.fast", "floor: the kernel alone, a round's end and fast deal", "µs",
         functools.partial(_kernel_parts, 16384, "fast", "round")),
        ("floor.batch.round.exact", "floor: the kernel alone, a round's end and exact deal", "µs",
         functools.partial(_kernel_parts, 16384, "exact", "round")),
        ("batch.memory", "batched engine: memory per game, 4 players", "bytes", lambda: _batch_memory(4)),
        ("batch.memory.7", "batched engine: memory per game, 7 players", "bytes", lambda: _batch_memory(7)),
        ("batch.compile.cold", "batched engine: import and first calls, empty cache (once a run)", "s",
         lambda: _compile_times()[0]),
        ("batch.compile.cached", "batched engine: import and first calls, from the cache (once a run)", "s",
         lambda: _compile_times()[1]),
    ]
    if installed("gymnasium"):
        jobs += [
            ("gymnasium.seat.step", "Gymnasium SeatEnv step, 4 players, random bots", "µs",
             lambda: _seat_env_steps(False, 200 * scale, 22)),
            ("gymnasium.vector.step", "Gymnasium SeatVectorEnv, 1,024 games: per game-step", "µs",
             lambda: _seat_env_steps(True, 3 * scale, 23)),
            ("gymnasium.vector.16384.step", "Gymnasium SeatVectorEnv, 16,384 games: per game-step", "µs",
             lambda: _seat_env_steps(True, 2 * scale, 24, 16384)),
        ]
    return jobs
