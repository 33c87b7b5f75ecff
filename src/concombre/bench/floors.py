"""The floors: what a framework costs a game that does nothing, and what the exact deals' hashing costs
the batched engine; no adapter or engine can go below them."""

from __future__ import annotations

import random
from typing import Any

from concombre.bench.peers import clone_time, openspiel_position, openspiel_steps
from concombre.bench.timing import Job, clock, installed

__all__ = ["floor_jobs"]


def _openspiel_floor() -> Any:
    """OpenSpiel's Python game API around a game that does nothing: every step offers three actions."""
    import pyspiel

    name = "python_concombre_bench_floor"
    if name not in {kind.short_name for kind in pyspiel.registered_games()}:
        kind = pyspiel.GameType(
            short_name=name, long_name="a game that does nothing", dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=4, min_num_players=4, provides_information_state_string=False,
            provides_information_state_tensor=False, provides_observation_string=False,
            provides_observation_tensor=False, parameter_specification={})
        info = pyspiel.GameInfo(num_distinct_actions=52, max_chance_outcomes=0, num_players=4, min_utility=-1.0,
                                max_utility=1.0, utility_sum=0.0, max_game_length=10**6)

        class Nothing(pyspiel.State):  # type: ignore[misc]
            def __init__(self, game: Any) -> None:
                super().__init__(game)
                self.moves = 0

            def current_player(self) -> int:
                return self.moves % 4

            def _legal_actions(self, player: int) -> list[int]:
                return [3, 7, 9]

            def _apply_action(self, action: int) -> None:
                self.moves += 1

            def is_terminal(self) -> bool:
                return self.moves >= 10**6

            def returns(self) -> list[float]:
                return [0.0] * 4

        class Floor(pyspiel.Game):  # type: ignore[misc]
            def __init__(self, params: Any = None) -> None:
                super().__init__(kind, info, params or {})

            def new_initial_state(self) -> Nothing:
                return Nothing(self)

        pyspiel.register_game(kind, Floor)
    return pyspiel.load_game(name)


def _pettingzoo_floor_steps(budget: int, seed: int, overhead: float) -> float:
    """Mean µs of `last` + `step` of a PettingZoo table that does nothing but what the API asks: a new
    observation vector and action mask every step, rewards kept, through the adapter's own order checks."""
    import numpy
    from pettingzoo import AECEnv

    from concombre.integrations.pettingzoo import OrderChecks

    class Nothing(AECEnv):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.metadata = {"name": "nothing_v0"}
            self.possible_agents = [f"player_{seat}" for seat in range(4)]

        def reset(self, seed: int | None = None, options: Any = None) -> None:
            self.agents, self.moves = self.possible_agents[:], 0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
            self.agent_selection = self.agents[0]

        def observe(self, agent: str) -> dict[str, Any]:
            mask = numpy.zeros(52, numpy.int8)
            mask.put([3, 7, 9], 1)
            return {"observation": numpy.zeros(244, numpy.float32), "action_mask": mask}

        def step(self, action: int) -> None:
            self._cumulative_rewards[self.agent_selection] = 0.0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.moves += 1
            self.agent_selection = self.possible_agents[self.moves % 4]
            self._accumulate_rewards()

    rng = random.Random(seed)
    table = OrderChecks(Nothing())
    table.reset(seed=seed)
    total = 0.0
    for _agent in table.agent_iter(max_iter=budget):
        choice = rng.random()
        start = clock()
        observation, _, _, _, _ = table.last()
        legal = numpy.flatnonzero(observation["action_mask"])
        table.step(int(legal[int(choice * len(legal))]))
        total += clock() - start - overhead
    return total / budget / 1000


def floor_jobs(scale: int, overhead: float) -> list[Job]:
    """What a step and a clone cost in each framework for a game that does nothing: no adapter can go below."""
    jobs: list[Job] = []
    if installed("pyspiel"):
        jobs += [
            ("floor.openspiel.step", "OpenSpiel Python game doing nothing: step (legal_actions + apply_action)",
             "µs", lambda: openspiel_steps(_openspiel_floor(), 1, 11, overhead, 150 * scale)),
            ("floor.openspiel.clone", "OpenSpiel Python game doing nothing: clone()", "µs",
             lambda: clone_time(openspiel_position(_openspiel_floor(), 5, 3), 200 * scale)),
        ]
    if installed("pettingzoo"):
        jobs.append(("floor.pettingzoo.step", "PettingZoo table doing nothing: step (last + step)", "µs",
                     lambda: _pettingzoo_floor_steps(150 * scale, 12, overhead)))
    return jobs
