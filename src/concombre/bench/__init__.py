"""The benchmark suite: the engine's costs, side by side with other engines.

Run it with ``concombre bench`` (``--json`` for a machine-readable report,
``--quick`` for a smoke run). It measures, for Concombre: one step
(`legal_plays` + `play`, legality checked) during random playouts; a whole
random round of 4 players with 7 cards; whole random games per second for 2,
4 and 7 players; a step through `legal_actions` + `apply`; `view`; a JSON
round trip of a state; and the memory one more state costs after a play.

When the optional peers are installed (``pip install concombre[bench]``) it
measures them in the same process and run, interleaved with the engine:
OpenSpiel's ``oh_hell`` (4 players, 7 tricks) and ``hearts`` through
pyspiel, and RLCard's bridge game engine; then it reports the ratios. No
threshold is asserted anywhere: machines are noisy, so the figures live in
the report.

Every per-step figure is timed the same way for every engine: each step
between two reads of `time.perf_counter_ns`, less the cost of the two reads
measured alone.

The package's modules, one job each: `timing` (the clock and a job), `engines`, `adapters`, `floors`,
`learning`, `search`, `peers` (the figures), `targets` (the goals, as data) and `report` (the run and its report).
"""

from __future__ import annotations

from concombre.bench.engines import ADVERSARIAL_HANDS
from concombre.bench.learning import BATCH_SIZES
from concombre.bench.report import Measurement, Report, run
from concombre.bench.targets import TARGETS, Target

__all__ = ["ADVERSARIAL_HANDS", "BATCH_SIZES", "TARGETS", "Measurement", "Report", "Target", "run"]
