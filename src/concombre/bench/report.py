"""The report: every job run several times, interleaved, and the medians with the targets' ratios."""

from __future__ import annotations

import gc
import json
import os
import platform
import statistics
from collections.abc import Callable
from typing import Any

import attrs

from concombre.bench.adapters import adapter_jobs
from concombre.bench.engines import engine_jobs
from concombre.bench.floors import floor_jobs
from concombre.bench.learning import learning_jobs
from concombre.bench.peers import peer_jobs
from concombre.bench.romme_batch import ROMME_BATCH_TARGETS, romme_batch_jobs
from concombre.bench.romme_melds import MELD_TARGETS, meld_jobs
from concombre.bench.romme_solver import SOLVER_TARGETS, solver_jobs
from concombre.bench.search import search_jobs
from concombre.bench.targets import TARGETS, ratios
from concombre.bench.timing import Job, timer_overhead, version

__all__ = ["GOALS", "Measurement", "Report", "run"]


@attrs.frozen
class Measurement:
    """One figure of the report: the median of several interleaved runs.

    Attributes:
        key: A stable identifier, such as ``"concombre.step"``.
        label: What was measured, for people.
        unit: ``"µs"``, ``"games/s"`` or ``"bytes"``.
        value: The median of ``runs``.
        runs: The figure of each run.

    Examples:
        >>> Measurement("x.step", "a step", "µs", 1.5, (1.4, 1.5, 1.6)).value
        1.5
    """

    key: str
    label: str
    unit: str
    value: float
    runs: tuple[float, ...]


@attrs.frozen
class Report:
    """The benchmark report: the machine, the figures and the ratios to the targets.

    Attributes:
        machine: Python, platform, processor and the peers' versions.
        measurements: Every figure, engine first, then the peers.
        ratios: Named ratios between figures, with their targets.
        missing: Peers that are not installed, and how to install them.

    Examples:
        >>> step = Measurement("concombre.step", "one step", "µs", 1.5, (1.4, 1.5, 1.6))
        >>> report = Report({"python": "3.11.7"}, (step,), (), ())
        >>> report.figure("concombre.step")
        1.5
        >>> print(report.to_text().splitlines()[2])
        one step           1.50  µs
    """

    machine: dict[str, str]
    measurements: tuple[Measurement, ...]
    ratios: tuple[dict[str, Any], ...]
    missing: tuple[str, ...]

    def figure(self, key: str) -> float:
        """The value of the measurement with this key."""
        return next(item.value for item in self.measurements if item.key == key)

    def to_json(self) -> str:
        """The report as JSON."""
        return json.dumps(attrs.asdict(self), indent=2, ensure_ascii=False)

    def to_text(self) -> str:
        """The report as a table for a terminal or a docs page."""
        width = max(len(item.label) for item in self.measurements)
        lines = [f"{'measurement':<{width}}  {'median':>12}  unit", "-" * (width + 22)]
        for item in self.measurements:
            figure = f"{item.value:>12,.2f}" if abs(item.value) >= 1 else f"{item.value:>12.4f}"  # 0.0246 µs
            lines.append(f"{item.label:<{width}}  {figure}  {item.unit}")
        if self.ratios:
            width = max(len(ratio["label"]) for ratio in self.ratios)
            lines += ["", f"{'ratio':<{width}}  measured   target"]
            for ratio in self.ratios:
                if ratio["target"] is None:
                    lines.append(f"{ratio['label']:<{width}}  {ratio['value']:>8.2f}   (information)")
                    continue
                mark = "met" if ratio["met"] else "NOT MET"
                lines.append(f"{ratio['label']:<{width}}  {ratio['value']:>8.2f}   {ratio['target']}  {mark}")
        if self.missing:
            lines += ["", *self.missing]
        lines += ["", "machine: " + ", ".join(f"{key} {value}" for key, value in self.machine.items())]
        return "\n".join(lines)


def _jobs(quick: bool, peers: bool, overhead: float, more: MoreJobs | None) -> tuple[list[Job], list[str]]:
    scale = 1 if quick else 10
    jobs = engine_jobs(scale, overhead) + adapter_jobs(scale, overhead) + floor_jobs(scale, overhead)
    jobs += learning_jobs(scale) + search_jobs(scale) + meld_jobs(scale) + romme_batch_jobs(scale)
    jobs += solver_jobs(scale)
    jobs += more(scale, overhead) if more else []
    if not peers:  # the peers' own rows that Rommé's batch measures beside itself go too
        return [job for job in jobs if not job[0].startswith(("open_spiel.", "rlcard."))], []
    theirs, missing = peer_jobs(scale, overhead)
    return jobs + theirs, missing


GOALS = (*TARGETS, *MELD_TARGETS, *ROMME_BATCH_TARGETS, *SOLVER_TARGETS)
"""Every goal the report checks: the engines' and adapters' (`concombre.bench.targets.TARGETS`), then Rommé's
compiled meld solver's, batch's and solver bot's, each kept beside the jobs that measure it.

Examples:
    >>> len(GOALS) > len(TARGETS)
    True
"""

MoreJobs = Callable[[int, float], list[Job]]
"""Measurements a caller adds to the run: ``more(scale, timer_overhead)`` gives the jobs (``concombre bench``
adds `concombre.apps.simulate.speed_jobs`: the benchmark imports nothing of the apps it measures)."""


def run(quick: bool = False, peers: bool = True, repeat: int | None = None, more: MoreJobs | None = None,
        only: tuple[str, ...] = ()) -> Report:
    """Run every measurement ``repeat`` times, interleaving the engines, and report the medians.

    Args:
        quick: A smoke run: a tenth of the work and 2 repeats, for CI.
        peers: Measure the other engines too, when installed.
        repeat: Runs of each measurement (default 5, or 2 when quick).
        more: Measurements of the caller's to add (see `MoreJobs`).
        only: Measure only the jobs whose key starts with one of these (``("romme.",)``: Rommé's); all if empty.

    Examples:
        >>> report = run(quick=True, peers=False, repeat=1, only=("concombre.", "romme.turn"))
        >>> [item.key for item in report.measurements][:2]
        ['concombre.step', 'concombre.round']
    """
    repeat = repeat or (2 if quick else 5)
    overhead = timer_overhead()
    jobs, missing = _jobs(quick, peers, overhead, more)
    if only:
        jobs = [job for job in jobs if job[0].startswith(only)]
    # The peers and adapters bring large libraries into the process. Their objects live for good, so the
    # garbage collector is told so: otherwise every full collection walks them, and the engines that
    # allocate Python objects as they play would pay for libraries they do not use.
    for _key, _label, _unit, measure in jobs:
        if _key.startswith(("adapter.", "protocol.", "floor.")):
            measure()  # imports what the adapter needs
    gc.collect()
    gc.freeze()
    runs: dict[str, list[float]] = {key: [] for key, *_ in jobs}
    for _ in range(repeat):
        for key, _label, _unit, measure in jobs:
            runs[key].append(measure())
    gc.unfreeze()
    measurements = tuple(
        Measurement(key, label, unit, statistics.median(runs[key]), tuple(runs[key]))
        for key, label, unit, _ in jobs
    )
    report = Report(_machine(), measurements, (), tuple(missing))
    return attrs.evolve(report, ratios=ratios({item.key: item.value for item in measurements}, GOALS))


def _machine() -> dict[str, str]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(terse=True),
        "processor": platform.machine(),
        "cpus": str(os.cpu_count()),
        "concombre": version("concombre"),
        "open-spiel": version("open-spiel"),
        "rlcard": version("rlcard"),
    }
