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
    """The median ns of two reads of `clock` alone: what every per-step figure takes off each step it times."""
    samples = []
    for _ in range(20_000):
        start = clock()
        samples.append(clock() - start)
    return statistics.median(samples)


def per_call(items: list[Any], call: Callable[[Any], object]) -> float:
    """Mean µs of ``call`` on each of ``items``, timed as one run.

    Examples:
        >>> per_call([1, 2, 3], str) > 0
        True
    """
    begin = clock()
    for item in items:
        call(item)
    return (clock() - begin) / len(items) / 1000


def percentile(times: list[float], share: float) -> float:
    """The figure below which ``share`` of the sorted ``times`` lie.

    Examples:
        >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5)
        2.0
    """
    return times[max(0, int(len(times) * share) - 1)]


def installed(module: str) -> bool:
    """Whether ``module`` (a peer or an extra) can be imported here.

    Examples:
        >>> installed("json"), installed("no_such_module_here")
        (True, False)
    """
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def version(distribution: str) -> str:
    """The installed version of ``distribution``, or ``"not installed"``, for the report's machine line."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"
