"""How every figure is timed: the clock, its overhead, a job, and which peers are installed."""

from __future__ import annotations

import importlib.metadata
import statistics
import time
from collections.abc import Callable
from typing import Any

__all__ = ["Job", "clock", "installed", "per_call", "percentile", "timer_overhead", "version"]

clock = time.perf_counter_ns
"""The clock every figure is read from, in nanoseconds."""

Job = tuple[str, str, str, Callable[[], float]]
"""A measurement to run: (key, label, unit, the call that returns one figure)."""


def timer_overhead() -> float:
    samples = []
    for _ in range(20_000):
        start = clock()
        samples.append(clock() - start)
    return statistics.median(samples)


def per_call(items: list[Any], call: Callable[[Any], object]) -> float:
    begin = clock()
    for item in items:
        call(item)
    return (clock() - begin) / len(items) / 1000


def percentile(times: list[float], share: float) -> float:
    return times[max(0, int(len(times) * share) - 1)]


def installed(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"
