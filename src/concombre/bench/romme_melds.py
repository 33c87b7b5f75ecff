"""Rommé's meld solver at scale: the batched, compiled `best_melds` and `best_opening` beside the scalar solver,
on the same hands in the same run, and the compiled solver's first calls (issue 61)."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import tempfile
from typing import Any

from concombre.bench.targets import Target
from concombre.bench.timing import Job, clock, installed

__all__ = ["MELD_HANDS", "MELD_TARGETS", "meld_jobs"]

MELD_HANDS = 10_000
"""The hands of a batch the batched solver is timed on: 14 cards each, twelve natural cards and two jokers (the
scalar solver's benchmark hands, `concombre.bench.engines`).

Examples:
    >>> MELD_HANDS
    10000
"""

MELD_TARGETS = (
    Target("batched best_melds, a 14-card hand, 1 thread (µs) / 10", "romme.melds.batch.1", 10.0, 1),
    Target("scalar best_melds / batched best_melds, 1 thread (the same hands)", "romme.melds.scalar",
           "romme.melds.batch.1", None),
    Target("scalar best_opening / batched best_opening, 1 thread (the same hands)", "romme.melds.opening.scalar",
           "romme.melds.opening.batch.1", None),
    Target("batched best_melds, 1 thread / 2 threads", "romme.melds.batch.1", "romme.melds.batch.2", None),
    Target("batched meld solver first calls, empty cache (s) / 15", "romme.melds.compile.cold", 15.0, 1),
    Target("batched meld solver first calls, from the cache (s) / 1", "romme.melds.compile.cached", 1.0, 1),
)
"""The meld solver's goals: issue 61's 10 µs a 14-card hand, and its ratio to the scalar solver, both measured in
the same run.

Examples:
    >>> MELD_TARGETS[0].ratio({"romme.melds.batch.1": 7.5})
    0.75
"""


@functools.cache
def _hands(count: int, seed: int) -> tuple[Any, Any]:
    """``count`` seeded hands of twelve natural cards and two jokers, and their counts (made once a run)."""
    import random

    from concombre.games.romme.cards import deck
    from concombre.games.romme.fast.melds import counts_of

    rng = random.Random(seed)
    naturals, jokers = [card for card in deck() if not card.is_joker], [card for card in deck() if card.is_joker]
    hands = [rng.sample(naturals, 12) + jokers[:2] for _ in range(count)]
    return hands, counts_of(hands)


def _batched(opening: int, threads: int, seed: int) -> float:
    """Mean µs a hand of the batched solver (`best_melds_batch`, or `best_opening_batch` at ``opening``) over
    `MELD_HANDS` hands, compiled before the clock."""
    from concombre.games.romme.fast.melds import best_melds_batch, best_opening_batch

    _, counts = _hands(MELD_HANDS, seed)

    def solve(rows: Any) -> object:
        return best_opening_batch(rows, opening, threads) if opening else best_melds_batch(rows, threads)

    solve(counts[:8])
    start = clock()
    solve(counts)
    return (clock() - start) / 1000 / len(counts)


def _scalar(opening: int, count: int, seed: int) -> float:
    """Mean µs a hand of the scalar solver (`best_melds`, or `best_opening` at ``opening``) on the first ``count``
    of the same hands, nothing remembered from one hand to the next."""
    from concombre.games.romme.bots.solver import best_melds, best_opening, clear_cache

    hands, _ = _hands(MELD_HANDS, seed)
    total = 0
    for hand in hands[:count]:
        clear_cache()
        start = clock()
        if opening:
            best_opening(hand, opening)
        else:
            best_melds(hand)
        total += clock() - start
    return total / 1000 / count


_COMPILING = ("from concombre.games.romme.fast.melds import best_melds_batch, counts_of\n"
              "from concombre.games.romme import cards_of\n"
              "best_melds_batch(counts_of([cards_of('5H1 6H1 7H1 JK1')]))\n")


@functools.cache
def _compile_times() -> tuple[float, float]:
    """Seconds for a new process to import the batched solver and solve a hand: with an empty Numba cache, then
    from that cache. Measured once a bench run."""
    with tempfile.TemporaryDirectory() as cache:
        environment = {**os.environ, "NUMBA_CACHE_DIR": cache}
        times = []
        for _ in range(2):
            start = clock()
            subprocess.run([sys.executable, "-c", _COMPILING], check=True, env=environment, capture_output=True)
            times.append((clock() - start) / 1e9)
    return times[0], times[1]


def meld_jobs(scale: int) -> list[Job]:
    """The meld solver's measurements, at ``scale`` (1 for a smoke run, 10 for the report); none without the
    ``fast`` extra.

    Examples:
        >>> keys = [key for key, *_ in meld_jobs(1)]
        >>> "romme.melds.batch.1" in keys or not keys
        True
    """
    if not (installed("numpy") and installed("numba")):
        return []
    from concombre.accel.compiled import most_threads

    seed = 8
    jobs: list[Job] = [
        ("romme.melds.batch.1", f"Rommé batched best_melds, {MELD_HANDS:,} 14-card hands (2 jokers), 1 thread: a hand",
         "µs", lambda: _batched(0, 1, seed)),
        ("romme.melds.opening.batch.1", f"Rommé batched best_opening (40), {MELD_HANDS:,} hands, 1 thread: a hand",
         "µs", lambda: _batched(40, 1, seed)),
        ("romme.melds.scalar", "Rommé scalar best_melds, the same hands: a hand", "µs",
         lambda: _scalar(0, 20 * scale, seed)),
        ("romme.melds.opening.scalar", "Rommé scalar best_opening (40), the same hands: a hand", "µs",
         lambda: _scalar(40, 20 * scale, seed)),
        ("romme.melds.compile.cold", "Rommé batched meld solver: import and first call, empty cache (once a run)", "s",
         lambda: _compile_times()[0]),
        ("romme.melds.compile.cached", "Rommé batched meld solver: import and first call, from the cache", "s",
         lambda: _compile_times()[1]),
    ]
    if most_threads() > 1:
        jobs.insert(1, ("romme.melds.batch.2", f"Rommé batched best_melds, {MELD_HANDS:,} hands, 2 threads: a hand",
                        "µs", lambda: _batched(0, 2, seed)))
    return jobs
