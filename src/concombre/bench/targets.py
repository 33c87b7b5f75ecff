"""The goals of the engine and its adapters, as data: each a ratio of two figures of the same run.

A figure's absolute value changes with the machine from day to day; a ratio between two engines measured in
the same process and run does not, so every goal is one (issue 16). A target of None only informs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Literal

import attrs

__all__ = ["TARGETS", "Target", "ratios"]


@attrs.frozen
class Target:
    """A ratio of two figures and the bound it should meet.

    Attributes:
        label: What the ratio compares, for people.
        top: The key of the measurement on top.
        bottom: The key of the measurement below, or a constant (1.0 for "in ms", say).
        bound: The bound, or None when the ratio only informs.
        direction: ``"<="`` (at most ``bound``) or ``">="`` (at least).
        less: The key of a figure taken off ``top`` first (a floor), if any.

    Examples:
        >>> goal = Target("step / peer", "a.step", "b.step", 2.0)
        >>> goal.ratio({"a.step": 3.0, "b.step": 2.0}), goal.met(1.5)
        (1.5, True)
    """

    label: str
    top: str
    bottom: str | float
    bound: float | None
    direction: Literal["<=", ">="] = "<="
    less: str | None = None

    def ratio(self, values: Mapping[str, float]) -> float | None:
        """The ratio in these figures, or None when one of them was not measured (or is not a number)."""
        needed = (self.top, self.less, self.bottom if isinstance(self.bottom, str) else None)
        if any(key is not None and key not in values for key in needed):
            return None
        below = values[self.bottom] if isinstance(self.bottom, str) else self.bottom
        value = (values[self.top] - (values[self.less] if self.less else 0.0)) / below
        return None if math.isnan(value) else value

    def met(self, value: float) -> bool | None:
        """Whether ``value`` meets the bound; None when there is none."""
        if self.bound is None:
            return None
        return value <= self.bound if self.direction == "<=" else value >= self.bound

    @property
    def text(self) -> str | None:
        """The target as the report writes it, such as ``"<= 2.0"``."""
        return None if self.bound is None else f"{self.direction} {self.bound:g}"


TARGETS = (
    Target("Concombre step / OpenSpiel oh_hell step", "concombre.step", "open_spiel.oh_hell.step", 2.0),
    Target("search bot move, 40 samples exact from 8 cards: Python / kernel", "search.python.move",
           "search.kernel.move", 10, ">="),
    Target("deep bot move / 50 ms", "search.deep.move", 50.0, 1),
    Target("learned bot move / 1 ms", "search.learned.move", 1.0, 1),
    Target("search bot, a deal weighed exact from 12 cards: Python / kernel", "search.python.12", "search.kernel.12",
           10, ">="),
    Target("Concombre round / OpenSpiel oh_hell playout", "concombre.round", "open_spiel.oh_hell.playout", 0.8),
    Target("Rommé turn / OpenSpiel gin_rummy step", "romme.turn", "open_spiel.gin_rummy.step", 0.5),
    Target("Rommé decision / OpenSpiel gin_rummy decision, a whole hand's share (as issue 61 measured)",
           "romme.decision", "open_spiel.gin_rummy.hand", 1.5),
    Target("Rommé decision / OpenSpiel gin_rummy decision, its steps alone (chance steps included)", "romme.decision",
           "open_spiel.gin_rummy.decision", 1.5),
    Target("Rommé decision / OpenSpiel gin_rummy step (chance steps untimed)", "romme.decision",
           "open_spiel.gin_rummy.step", None),
    Target("view / Concombre step", "concombre.view", "concombre.step", 2),
    Target("PettingZoo step / Concombre step", "adapter.pettingzoo.concombre.step", "concombre.step", 5),
    Target("OpenSpiel adapter step / Concombre step", "adapter.openspiel.concombre.step", "concombre.step", 3),
    Target("OpenSpiel clone / oh_hell clone", "adapter.openspiel.concombre.clone.early", "open_spiel.oh_hell.clone",
           3),
    Target("OpenSpiel clone at move 600 / at move 5 (flat)", "adapter.openspiel.concombre.clone.late",
           "adapter.openspiel.concombre.clone.early", 1.5),
    Target("OpenSpiel Rommé adapter step / Rommé turn", "adapter.openspiel.romme.step", "romme.turn", 10),
    Target("meld solver, random hands: p99 / 1 ms", "romme.solver.p99", 1.0, 3),
    Target("meld solver, adversarial hands: p99 / 1 ms", "romme.solver.adversarial.p99", 1.0, 10),
    Target("meld solver, adversarial hands: max / 1 ms", "romme.solver.adversarial.max", 1.0, 20),
    Target("simulate: 2 processes / 1 process", "simulate.2 processes", "simulate.1 process", 1.7, ">="),
    Target("simulate: Dask, 2 workers / 1 process", "simulate.a Dask cluster of 2 workers", "simulate.1 process",
           1.7, ">="),
    Target("MCTS whole game, 40 simulations a move / 1 s", "adapter.openspiel.concombre.mcts", 1.0, 3),
    # The floors: what the frameworks alone cost, and what the adapters add above them.
    Target("floor: OpenSpiel do-nothing step / Concombre step", "floor.openspiel.step", "concombre.step", None),
    Target("OpenSpiel adapter step less the floor / Concombre step", "adapter.openspiel.concombre.step",
           "concombre.step", None, less="floor.openspiel.step"),
    Target("floor: PettingZoo do-nothing step / Concombre step", "floor.pettingzoo.step", "concombre.step", None),
    Target("PettingZoo step less the floor / Concombre step", "adapter.pettingzoo.concombre.step", "concombre.step",
           None, less="floor.pettingzoo.step"),
    Target("floor: OpenSpiel do-nothing clone / oh_hell clone", "floor.openspiel.clone", "open_spiel.oh_hell.clone",
           None),
    Target("RLCard bridge step / Concombre step", "rlcard.bridge.step", "concombre.step", 4, ">="),
    Target("Rommé turn / RLCard gin rummy step", "romme.turn", "rlcard.gin_rummy.step", 0.333),
    Target("bytes of one more state / 1024", "concombre.memory", 1024.0, 1),
    Target("OpenSpiel oh_hell step / batched play, 1,024 games, exact deals, 1 thread", "open_spiel.oh_hell.step",
           "batch.1024.exact.1", 10, ">="),
    Target("OpenSpiel oh_hell step / batched play, 16,384 games, exact deals, 1 thread", "open_spiel.oh_hell.step",
           "batch.16384.exact.1", 15, ">="),
    Target("OpenSpiel oh_hell step / batched play, 16,384 games, fast deals, 1 thread", "open_spiel.oh_hell.step",
           "batch.16384.fast.1", 30, ">="),
    Target("OpenSpiel oh_hell step / batched play, 16,384 games, fast deals, 2 threads", "open_spiel.oh_hell.step",
           "batch.16384.fast.2", 50, ">="),
    Target("batched play / rollout game-step, 16,384 games, fast deals, 1 thread", "batch.16384.fast.1",
           "batch.16384.rollout.fast.1", 1, ">="),
    Target("OpenSpiel oh_hell step / batched play, 64 games, exact deals", "open_spiel.oh_hell.step",
           "batch.64.exact.1", None),
    Target("OpenSpiel oh_hell step / batched play, 65,536 games, fast deals, 2 threads", "open_spiel.oh_hell.step",
           "batch.65536.fast.2", None),
    Target("OpenSpiel oh_hell step / pure batched step, 16,384 games (a copy a step)", "open_spiel.oh_hell.step",
           "batch.16384.pure", None),
    Target("floor: OpenSpiel oh_hell step / the kernel's play alone", "open_spiel.oh_hell.step", "floor.batch.play",
           None),
    Target("floor: the kernel's round end, exact / fast deals", "floor.batch.round.exact", "floor.batch.round.fast",
           None),
    Target("batched engine bytes a game, 7 players / 400", "batch.memory.7", 400.0, 1),
    Target("batched engine first calls, empty cache (s) / 15", "batch.compile.cold", 15.0, 1),
    Target("batched engine first calls, from the cache (s) / 1", "batch.compile.cached", 1.0, 1),
    Target("SeatEnv step / SeatVectorEnv game-step (1,024 games)", "gymnasium.seat.step", "gymnasium.vector.step", 50,
           ">="),
)
"""The engines' and adapters' goals, in the order the report lists them (`concombre.bench.report.GOALS` adds
Rommé's compiled tier's).

Examples:
    >>> TARGETS[0].text
    '<= 2'
"""


def ratios(measurements: Mapping[str, float], targets: tuple[Target, ...] = TARGETS) -> tuple[dict[str, Any], ...]:
    """Each target whose figures were measured: its label, value, target text and whether it is met.

    Examples:
        >>> ratios({"concombre.step": 3.0, "open_spiel.oh_hell.step": 2.0})[0]["met"]
        True
    """
    found = []
    for target in targets:
        value = target.ratio(measurements)
        if value is not None:
            found.append({"label": target.label, "value": round(value, 3), "target": target.text,
                          "met": target.met(value)})
    return tuple(found)
