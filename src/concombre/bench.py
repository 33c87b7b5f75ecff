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
"""

from __future__ import annotations

import functools
import gc
import importlib.metadata
import json
import logging
import math
import os
import platform
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import attrs

from concombre.core.game import AnyGame
from concombre.games import GAMES
from concombre.games.concombre.actions import apply, legal_actions
from concombre.games.concombre.state import Phase, State
from concombre.games.concombre.transitions import deal, legal_plays, new_game, play, resolve_trick, score_round
from concombre.games.concombre.views import view
from concombre.io.json import from_json, to_json

__all__ = ["Measurement", "Report", "run"]

_clock = time.perf_counter_ns


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
        >>> report = run(quick=True, peers=False)
        >>> report.figure("concombre.step") > 0
        True
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
            lines.append(f"{item.label:<{width}}  {item.value:>12,.2f}  {item.unit}")
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


# -- Concombre -----------------------------------------------------------------------


def _timer_overhead() -> float:
    samples = []
    for _ in range(20_000):
        start = _clock()
        samples.append(_clock() - start)
    return statistics.median(samples)


def _concombre_steps(rounds: int, players: int, seed: int, overhead: float) -> float:
    """Mean µs of a step, `legal_plays` + `play`, over random rounds."""
    rng = random.Random(seed)
    total, steps = 0.0, 0
    for number in range(rounds):
        state = deal(new_game(players, seed=seed + number))
        while state.phase is not Phase.ROUND_COMPLETE:
            if state.phase is Phase.TRICK_COMPLETE:
                state = resolve_trick(state)
                continue
            choice = rng.random()
            start = _clock()
            cards = legal_plays(state)
            state = play(state, cards[int(choice * len(cards))])
            total += _clock() - start - overhead
            steps += 1
    return total / steps / 1000


def _concombre_apply_steps(rounds: int, seed: int, overhead: float) -> float:
    """Mean µs of a step through action values, `legal_actions` + `apply`, over random rounds."""
    rng = random.Random(seed)
    total, steps = 0.0, 0
    for number in range(rounds):
        state = deal(new_game(4, seed=seed + number))
        while state.phase is not Phase.ROUND_COMPLETE:
            choice = rng.random()
            start = _clock()
            actions = legal_actions(state)
            state = apply(state, actions[int(choice * len(actions))])
            total += _clock() - start - overhead
            steps += 1
    return total / steps / 1000


def _concombre_rounds(rounds: int, seed: int) -> float:
    """Mean µs of a whole random round, 4 players and 7 cards: deal, 28 plays, 7 tricks, scoring."""
    rng = random.Random(seed)
    starts = [new_game(4, seed=seed + number) for number in range(rounds)]
    begin = _clock()
    for state in starts:
        state = deal(state)
        while state.phase is not Phase.ROUND_COMPLETE:
            if state.phase is Phase.PLAY:
                cards = legal_plays(state)
                state = play(state, cards[int(rng.random() * len(cards))])
            else:
                state = resolve_trick(state)
        score_round(state)
    return (_clock() - begin) / rounds / 1000


def _concombre_games(games: int, players: int, seed: int) -> float:
    """Whole random games per second."""
    rng = random.Random(seed)
    begin = _clock()
    for number in range(games):
        state = new_game(players, seed=seed + number)
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.PLAY:
                cards = legal_plays(state)
                state = play(state, cards[int(rng.random() * len(cards))])
            else:
                state = apply(state, legal_actions(state)[0])
    return games / ((_clock() - begin) / 1e9)


def _sample_states(count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    states: list[State] = []
    state = new_game(4, seed=seed)
    while len(states) < count:
        if state.phase is Phase.GAME_OVER:
            state = new_game(4, seed=rng.randrange(2**32))
        state = apply(state, rng.choice(legal_actions(state)))
        if state.phase is Phase.PLAY:
            states.append(state)
    return states


def _per_call(states: list[State], call: Callable[[State], object]) -> float:
    begin = _clock()
    for state in states:
        call(state)
    return (_clock() - begin) / len(states) / 1000


def _state_memory(plays: int, seed: int) -> float:
    """Bytes that keeping one more state costs, after a play, over a round's states."""
    rng = random.Random(seed)
    state = deal(new_game(4, seed=seed), None)
    kept: list[State] = []
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    while len(kept) < plays and state.phase is not Phase.ROUND_COMPLETE:
        if state.phase is Phase.PLAY:
            cards = legal_plays(state)
            state = play(state, cards[rng.randrange(len(cards))])
            kept.append(state)
        else:
            state = resolve_trick(state)
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return used / len(kept)


# -- German Rommé -----------------------------------------------------------------------


def _romme_turns(rounds: int, seed: int, overhead: float) -> float:
    """Mean µs of a turn, `draw_stock` + `discard` of a random card, legality checked, 4 players."""
    from concombre.games import romme

    rng = random.Random(seed)
    total, turns = 0.0, 0
    for number in range(rounds):
        state = romme.deal(romme.new_game(4, seed=seed + number))
        while state.phase is romme.Phase.DRAW:
            hand = state.hands[state.to_play or 0]
            choice = rng.random()
            start = _clock()
            drawn = romme.draw_stock(state)
            state = romme.discard(drawn, hand[int(choice * len(hand))])
            total += _clock() - start - overhead
            turns += 1
    return total / turns / 1000


def _romme_solver_rounds(rounds: int, seed: int) -> float:
    """Whole rounds between two solver bots per second."""
    from concombre.games import romme
    from concombre.games.romme.bots import SolverBot

    bot, rng = SolverBot(), random.Random(seed)
    begin = _clock()
    for number in range(rounds):
        state = romme.deal(romme.new_game(2, seed=seed + number))
        while state.phase is not romme.Phase.ROUND_COMPLETE:
            state = romme.apply(state, bot.choose(romme.view(state, state.to_play or 0), rng))
    return rounds / ((_clock() - begin) / 1e9)


ADVERSARIAL_HANDS = (
    "9C1 TC1 JC1 9D1 TD1 JD1 9H1 TH1 JH1 9S1 TS1 JS1 JK1 JK2",  # overlapping runs and sets everywhere
    "9C1 9C2 TC1 TC2 JC1 JC2 QC1 QC2 KC1 KC2 9D1 TD1 JK1 JK2",  # both copies of a long run
    "2H1 3H1 4H1 6H1 7H1 8H1 TH1 JH1 QH1 AH1 JK1 JK2 5H2 9H2",  # one suit, jokers to fill the gaps
    "5C1 5D1 5H1 5S1 6C1 6D1 6H1 6S1 7C1 7D1 7H1 7S1 JK1 JK2",  # every set is also a run
    "5C1 5C2 6C1 6C2 7C1 7C2 5D1 6D1 7D1 5H1 6H1 7H1 JK1 JK2",
    "AC1 2C1 3C1 QC1 KC1 AC2 2C2 3C2 QC2 KC2 JK1 JK2 JK3 JK4",  # aces low and high, four jokers
    "8C1 8D1 8H1 8S1 8C2 8D2 8H2 8S2 9C1 9D1 9H1 9S1 JK1 JK2",
    "4S1 5S1 6S1 7S1 8S1 9S1 TS1 JS1 4S2 5S2 6S2 7S2 JK1 JK2",
)
"""The solver's hardest hands: dense with overlapping runs and sets, both copies, long runs with jokers."""


def _solver_hands(kind: str, count: int, seed: int) -> list[Any]:
    from concombre.games.romme.cards import cards_of, deck

    if kind == "adversarial":
        return [cards_of(hand) for hand in ADVERSARIAL_HANDS]
    rng = random.Random(seed)
    naturals = [card for card in deck() if not card.is_joker]
    jokers = [card for card in deck() if card.is_joker][:2]
    return [rng.sample(naturals, 12) + jokers for _ in range(count)]


def _solver_times(kind: str, count: int, seed: int) -> list[float]:
    """Sorted ms of `best_melds` and of `best_opening` on each hand (14 cards, 2+ jokers), nothing cached."""
    from concombre.games.romme.solver import best_melds, best_opening, clear_cache

    times = []
    for hand in _solver_hands(kind, count, seed):
        for solve in (best_melds, best_opening):
            clear_cache()
            begin = _clock()
            solve(hand)
            times.append((_clock() - begin) / 1e6)
    return sorted(times)


def _percentile(times: list[float], share: float) -> float:
    return times[max(0, int(len(times) * share) - 1)]


def _rlcard_gin_steps(deals: int, seed: int, overhead: float) -> float:
    from rlcard.games.gin_rummy.game import GinRummyGame  # an optional peer

    game = GinRummyGame()
    return _rlcard_steps(game, lambda: game.judge.get_legal_actions(), deals, seed, overhead)


# -- simulate, in parallel ---------------------------------------------------------------


_WORKERS = ("1 process", "2 processes", "a Dask cluster of 2 workers")


def _simulate_speed(workers: str, games: int) -> float:
    """Games per second of `simulate_games`, the executor started before the clock (its start-up is not timed)."""
    from concurrent.futures import Executor, ProcessPoolExecutor

    from concombre.apps.simulate import simulate_games
    from concombre.games.concombre.bots import RandomBot, ThumbBot

    bots: list[Any] = [ThumbBot(), RandomBot(), ThumbBot(), RandomBot()]
    executor: Executor | None = None
    cluster: Any = None
    client: Any = None
    if workers == "2 processes":
        executor = ProcessPoolExecutor(2)
    elif workers.startswith("a Dask"):
        if not _installed("dask.distributed"):
            return float("nan")
        from dask import distributed  # an optional extra, imported only when measured

        cluster = distributed.LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
        )
        client = distributed.Client(cluster)  # type: ignore[no-untyped-call]
        executor = client.get_executor()
    try:
        if executor is not None:  # warm the workers up: imports and the first games are not timed
            for _ in simulate_games(bots, 4, seed=99, executor=executor, chunk=2):
                pass
        begin = _clock()
        for _ in simulate_games(bots, games, seed=1, executor=executor, chunk=max(1, games // 16)):
            pass
        return games / ((_clock() - begin) / 1e9)
    finally:
        if isinstance(executor, ProcessPoolExecutor):
            executor.shutdown()
        if cluster is not None:
            client.close()  # the client first: the cluster then has no results left to lose
            cluster.close()


# -- the adapters -------------------------------------------------------------------------


def _table_size(game: AnyGame) -> int:
    """The players a benchmark seats: four where the game allows it."""
    low, high = game.players
    return max(low, min(4, high))


def _protocol_steps(game: AnyGame, budget: int, seed: int, overhead: float) -> float:
    """Mean µs of a step through the `Game` protocol (`legal_actions` + `apply`), over ``budget`` random steps."""
    rng = random.Random(seed)
    total, steps, number = 0.0, 0, 0
    while steps < budget:
        state = game.new_game(_table_size(game), seed=seed + number)
        number += 1
        while not game.is_over(state) and steps < budget:
            choice = rng.random()
            start = _clock()
            actions = game.legal_actions(state)
            state = game.apply(state, actions[int(choice * len(actions))])
            total += _clock() - start - overhead
            steps += 1
    return total / steps / 1000


def _pettingzoo_steps(game: AnyGame, budget: int, seed: int, overhead: float) -> float:
    """Mean µs of an agent step through the PettingZoo adapter: `last` (observation and mask) + `step`."""
    import numpy

    from concombre.integrations.pettingzoo import env

    rng = random.Random(seed)
    total, steps, number = 0.0, 0, 0
    while steps < budget:
        table = env(game=game.name, players=_table_size(game))
        table.reset(seed=seed + number)
        number += 1
        for _agent in table.agent_iter(max_iter=budget - steps + 1):
            choice = rng.random()
            start = _clock()
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            legal = numpy.flatnonzero(observation["action_mask"])
            table.step(int(legal[int(choice * len(legal))]))
            total += _clock() - start - overhead
            steps += 1
    return total / steps / 1000


def _openspiel_adapter_steps(game: AnyGame, budget: int, seed: int, overhead: float) -> float:
    """Mean µs of a player's step through the OpenSpiel adapter: `legal_actions` + `apply_action`."""
    import pyspiel

    from concombre.integrations.openspiel import register

    loaded = pyspiel.load_game(register(game), {"players": _table_size(game)})
    return _openspiel_steps(loaded, 10**6, seed, overhead, budget)


def _openspiel_position(game: Any, moves: int, seed: int) -> Any:
    """A state of ``game`` after ``moves`` random actions (chance outcomes included)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        chance = state.is_chance_node()
        actions = [outcome for outcome, _ in state.chance_outcomes()] if chance else state.legal_actions()
        state.apply_action(actions[int(rng.random() * len(actions))])
    return state


def _clone_time(state: Any, count: int) -> float:
    """Mean µs of OpenSpiel's ``clone()`` of ``state``."""
    begin = _clock()
    for _ in range(count):
        state.clone()
    return (_clock() - begin) / count / 1000


def _openspiel_clone(moves: int, count: int) -> float:
    import pyspiel

    from concombre.integrations.openspiel import register

    game = pyspiel.load_game(register(GAMES["concombre"]), {"players": 4})
    return _clone_time(_openspiel_position(game, moves, 3), count)


def _openspiel_mcts_game(simulations: int, seed: int) -> float:
    """Seconds of a whole 2-player Concombre game between OpenSpiel MCTS bots (random rollouts)."""
    import numpy
    import pyspiel
    from open_spiel.python.algorithms import mcts

    from concombre.integrations.openspiel import register

    game = pyspiel.load_game(register(GAMES["concombre"]), {"players": 2})
    rng = numpy.random.RandomState(seed)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=simulations,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    begin = _clock()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(bot.step(state))
    return (_clock() - begin) / 1e9


# -- the floors: what the frameworks cost a game that does nothing ----------------------


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

    from concombre.integrations.pettingzoo import _Ordered

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
    table = _Ordered(Nothing())
    table.reset(seed=seed)
    total = 0.0
    for _agent in table.agent_iter(max_iter=budget):
        choice = rng.random()
        start = _clock()
        observation, _, _, _, _ = table.last()
        legal = numpy.flatnonzero(observation["action_mask"])
        table.step(int(legal[int(choice * len(legal))]))
        total += _clock() - start - overhead
    return total / budget / 1000


def _floor_jobs(scale: int, overhead: float) -> list[Job]:
    """What a step and a clone cost in each framework for a game that does nothing: no adapter can go below."""
    jobs: list[Job] = []
    if _installed("pyspiel"):
        jobs += [
            ("floor.openspiel.step", "OpenSpiel Python game doing nothing: step (legal_actions + apply_action)",
             "µs", lambda: _openspiel_steps(_openspiel_floor(), 1, 11, overhead, 150 * scale)),
            ("floor.openspiel.clone", "OpenSpiel Python game doing nothing: clone()", "µs",
             lambda: _clone_time(_openspiel_position(_openspiel_floor(), 5, 3), 200 * scale)),
        ]
    if _installed("pettingzoo"):
        jobs.append(("floor.pettingzoo.step", "PettingZoo table doing nothing: step (last + step)", "µs",
                     lambda: _pettingzoo_floor_steps(150 * scale, 12, overhead)))
    return jobs


def _adapter_jobs(scale: int, overhead: float) -> list[Job]:
    """For every installed game: a step through the protocol, and through each adapter whose library is installed."""
    jobs: list[Job] = []
    steps = 150 * scale  # a budget of steps, not of games: games differ a lot in length
    for name, game in GAMES.items():
        jobs.append((f"protocol.{name}.step", f"{game.title} step through the Game protocol (legal_actions + apply)",
                     "µs", functools.partial(_protocol_steps, game, steps, 12, overhead)))
        if _installed("pettingzoo"):
            jobs.append((f"adapter.pettingzoo.{name}.step", f"{game.title} step through PettingZoo (last + step)",
                         "µs", functools.partial(_pettingzoo_steps, game, steps, 9, overhead)))
        if _installed("pyspiel"):
            jobs.append((f"adapter.openspiel.{name}.step",
                         f"{game.title} step through OpenSpiel (legal_actions + apply_action)",
                         "µs", functools.partial(_openspiel_adapter_steps, game, steps, 10, overhead)))
    if _installed("pyspiel") and "concombre" in GAMES:
        jobs += [
            ("adapter.openspiel.concombre.clone.early", "Concombre clone() through OpenSpiel, at move 5", "µs",
             lambda: _openspiel_clone(5, 200 * scale)),
            ("adapter.openspiel.concombre.clone.late", "Concombre clone() through OpenSpiel, at move 600", "µs",
             lambda: _openspiel_clone(600, 200 * scale)),
        ]
        if scale > 1:  # a whole game of search: too long for a smoke run
            jobs.append(("adapter.openspiel.concombre.mcts", "OpenSpiel MCTS, 40 simulations a move: a whole "
                         "2-player Concombre game", "s", lambda: _openspiel_mcts_game(40, 1)))
    return jobs


# -- learning at scale: the batched engine and the Gymnasium environments ---------------------


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
        start = _clock()
        games = batch.step(games, cards, autoreset=True)
        total += _clock() - start
    return total / plays / 1000


def _deal_floor(count: int, steps: int, seed: int) -> float:
    """µs per play that the deals' SHAKE-128 keys alone cost (the shuffle the reference engine defines, C5): the
    time to hash one round's keys, over the plays a round holds in thumb-played 4-player games. No exact
    batched engine can play faster than this in CPython."""
    import hashlib

    from concombre.games.concombre import batch

    games = batch.reset(range(seed, seed + count), players=4)
    plays = rounds = 0
    for _ in range(steps):
        plays += int((games.winner < 0).sum())
        after = batch.step(games, batch.thumb_cards(games), autoreset=True)
        rounds += int(((after.round_number != games.round_number) | (after.seeds != games.seeds)).sum())
        games = after
    start = _clock()
    b"".join([hashlib.shake_128(b"concombre:%d:%d" % (number, 2)).digest(208) for number in range(4096)])
    per_round = (_clock() - start) / 1000 / 4096
    return per_round * rounds / plays


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
    start = _clock()
    for _ in range(steps):
        mask = observations["action_mask"].astype(bool)
        actions = (rng.random(mask.shape) * mask).argmax(axis=-1)
        observations, _, terminated, _, _ = env.step(actions if vector else int(actions))
        if not vector and terminated:
            observations, _ = env.reset()
    return (_clock() - start) / 1000 / steps / (1024 if vector else 1)


def _learning_jobs(scale: int) -> list[Job]:
    if not _installed("numpy"):
        return []
    steps = {64: 200, 1024: 40, 16384: 6}
    jobs: list[Job] = [
        (f"batch.{count}.play", f"Concombre batched engine, {count:,} games: one play", "µs",
         functools.partial(_batch_play, count, steps[count] * scale, 21)) for count in BATCH_SIZES
    ]
    jobs.append(("batch.memory", "Concombre batched engine: memory per game", "bytes", lambda: _batch_memory(1024)))
    jobs.append(("floor.batch.deal", "floor: the deals' SHAKE-128 keys alone, per play", "µs",
                 lambda: _deal_floor(1024, 150 * scale, 24)))
    if _installed("gymnasium"):
        jobs += [
            ("gymnasium.seat.step", "Gymnasium SeatEnv step, 4 players, random bots", "µs",
             lambda: _seat_env_steps(False, 200 * scale, 22)),
            ("gymnasium.vector.step", "Gymnasium SeatVectorEnv, 1,024 games: per game-step", "µs",
             lambda: _seat_env_steps(True, 3 * scale, 23)),
        ]
    return jobs


# -- the peers ------------------------------------------------------------------------


def _openspiel_game(name: str, **params: int) -> Any:
    import pyspiel  # an optional peer, imported only when measured

    return pyspiel.load_game(name, params)


def _openspiel_steps(game: Any, playouts: int, seed: int, overhead: float, budget: int | None = None) -> float:
    """Mean µs of a player's step (`legal_actions` + `apply_action`) over random playouts, or ``budget`` steps."""
    rng = random.Random(seed)
    total, steps = 0.0, 0
    for _ in range(playouts):
        state = game.new_initial_state()
        while not state.is_terminal() and (budget is None or steps < budget):
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            choice = rng.random()
            start = _clock()
            actions = state.legal_actions()
            state.apply_action(actions[int(choice * len(actions))])
            total += _clock() - start - overhead
            steps += 1
        if budget is not None and steps >= budget:
            break
    return total / steps / 1000


def _openspiel_playouts(game: Any, playouts: int, seed: int) -> float:
    rng = random.Random(seed)
    begin = _clock()
    for _ in range(playouts):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[int(rng.random() * len(actions))])
    return (_clock() - begin) / playouts / 1000


def _rlcard_bridge_steps(deals: int, seed: int, overhead: float) -> float:
    from rlcard.games.bridge.game import BridgeGame  # an optional peer

    game = BridgeGame()
    return _rlcard_steps(game, lambda: game.judger.get_legal_actions(), deals, seed, overhead)


def _rlcard_steps(
    game: Any, legal: Callable[[], Any], deals: int, seed: int, overhead: float
) -> float:
    """Microseconds per RLCard step (legal actions, then one random step)."""
    import numpy  # an optional peer's dependency

    rng = random.Random(seed)
    game.np_random = numpy.random.RandomState(seed)
    total, steps = 0.0, 0
    for _ in range(deals):
        game.init_game()
        while not game.is_over():
            choice = rng.random()
            start = _clock()
            actions = legal()
            game.step(actions[int(choice * len(actions))])
            total += _clock() - start - overhead
            steps += 1
    return total / steps / 1000


def _installed(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


# -- the run --------------------------------------------------------------------------


Job = tuple[str, str, str, Callable[[], float]]


def _jobs(quick: bool, peers: bool, overhead: float) -> tuple[list[Job], list[str]]:
    scale = 1 if quick else 10
    states = _sample_states(200 * scale, seed=7)
    jobs: list[Job] = [
        ("concombre.step", "Concombre step (legal_plays + play), 4 players", "µs",
         lambda: _concombre_steps(30 * scale, 4, 1, overhead)),
        ("concombre.round", "Concombre whole random round, 4 players x 7 cards", "µs",
         lambda: _concombre_rounds(30 * scale, 2)),
        ("concombre.apply", "Concombre step (legal_actions + apply), 4 players", "µs",
         lambda: _concombre_apply_steps(30 * scale, 3, overhead)),
        *[(f"concombre.games.{players}p", f"Concombre whole random games, {players} players", "games/s",
           lambda players=players: _concombre_games(2 * scale, players, 4)) for players in (2, 4, 7)],
        ("concombre.view", "Concombre view(state, seat)", "µs", lambda: _per_call(states, lambda s: view(s, 0))),
        ("concombre.json", "Concombre JSON round trip of a state", "µs",
         lambda: _per_call(states[: 20 * scale], lambda s: from_json(to_json(s), State))),
        ("concombre.memory", "Concombre memory of one more state after a play", "bytes",
         lambda: _state_memory(28, 5)),
        ("romme.turn", "Rommé turn (draw_stock + discard), 4 players", "µs",
         lambda: _romme_turns(3 * scale, 6, overhead)),
        ("romme.rounds", "Rommé whole rounds between solver bots, 2 players", "rounds/s",
         lambda: _romme_solver_rounds(scale, 7)),
        ("romme.solver", "Rommé meld solver, random 14-card hands with 2 jokers: p50", "ms",
         lambda: statistics.median(_solver_times("random", 20 * scale, 8))),
        ("romme.solver.p99", "Rommé meld solver, random 14-card hands with 2 jokers: p99", "ms",
         lambda: _percentile(_solver_times("random", 20 * scale, 8), 0.99)),
        ("romme.solver.max", "Rommé meld solver, random 14-card hands with 2 jokers: max", "ms",
         lambda: _solver_times("random", 20 * scale, 8)[-1]),
        ("romme.solver.adversarial.p99", "Rommé meld solver, adversarial hands: p99", "ms",
         lambda: _percentile(_solver_times("adversarial", 0, 0), 0.99)),
        ("romme.solver.adversarial.max", "Rommé meld solver, adversarial hands: max", "ms",
         lambda: _solver_times("adversarial", 0, 0)[-1]),
        *[(f"simulate.{workers}", f"simulate, thumb and random bots, 4 players: {workers}", "games/s",
           lambda workers=workers: _simulate_speed(workers, 80 * scale))
          for workers in (_WORKERS if scale > 1 else _WORKERS[:2])],  # a cluster takes seconds to start
    ]
    missing = []
    jobs += _adapter_jobs(scale, overhead)
    jobs += _floor_jobs(scale, overhead)
    jobs += _learning_jobs(scale)
    if peers and _installed("pyspiel"):
        oh_hell = _openspiel_game("oh_hell", players=4, num_tricks_fixed=7)
        hearts = _openspiel_game("hearts")
        gin_rummy = _openspiel_game("gin_rummy")
        jobs += [
            ("open_spiel.oh_hell.step", "OpenSpiel oh_hell step (legal_actions + apply_action)", "µs",
             lambda: _openspiel_steps(oh_hell, 30 * scale, 1, overhead)),
            ("open_spiel.oh_hell.playout", "OpenSpiel oh_hell whole playout, 4 players x 7 tricks", "µs",
             lambda: _openspiel_playouts(oh_hell, 30 * scale, 2)),
            ("open_spiel.hearts.step", "OpenSpiel hearts step (legal_actions + apply_action)", "µs",
             lambda: _openspiel_steps(hearts, 5 * scale, 3, overhead)),
            ("open_spiel.gin_rummy.step", "OpenSpiel gin_rummy step (legal_actions + apply_action)", "µs",
             lambda: _openspiel_steps(gin_rummy, 2 * scale, 4, overhead)),
            ("open_spiel.oh_hell.clone", "OpenSpiel oh_hell clone(), at move 5", "µs",
             lambda: _clone_time(_openspiel_position(oh_hell, 5, 3), 200 * scale)),
        ]
    elif peers:
        missing.append("OpenSpiel is not installed: pip install 'concombre[bench]' to measure it.")
    if peers and _installed("rlcard"):
        jobs.append(("rlcard.bridge.step", "RLCard bridge step (legal actions + game.step)", "µs",
                     lambda: _rlcard_bridge_steps(3 * scale, 4, overhead)))
        jobs.append(("rlcard.gin_rummy.step", "RLCard gin rummy step (legal actions + game.step)", "µs",
                     lambda: _rlcard_gin_steps(scale, 5, overhead)))
    elif peers:
        missing.append("RLCard is not installed: pip install 'concombre[bench]' to measure it.")
    return jobs, missing


def run(quick: bool = False, peers: bool = True, repeat: int | None = None) -> Report:
    """Run every measurement ``repeat`` times, interleaving the engines, and report the medians.

    Args:
        quick: A smoke run: a tenth of the work and 2 repeats, for CI.
        peers: Measure the other engines too, when installed.
        repeat: Runs of each measurement (default 5, or 2 when quick).

    Examples:
        >>> report = run(quick=True, peers=False)
        >>> [item.key for item in report.measurements][:2]
        ['concombre.step', 'concombre.round']
    """
    repeat = repeat or (2 if quick else 5)
    overhead = _timer_overhead()
    jobs, missing = _jobs(quick, peers, overhead)
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
    return attrs.evolve(report, ratios=_ratios(report))


def _ratios(report: Report) -> tuple[dict[str, Any], ...]:
    """The goals of the engine and its adapters, each a ratio of two figures of the same run (issue 16)."""
    values = {item.key: item.value for item in report.measurements}
    ratios = []

    def add(label: str, top: str, bottom: str | float, target: str | None, less: str | None = None) -> None:
        """A ratio of ``top`` (less the figure ``less``) to ``bottom``; a target None only informs."""
        needed = (top, less, bottom if isinstance(bottom, str) else None)
        if any(key is not None and key not in values for key in needed):
            return
        below = values[bottom] if isinstance(bottom, str) else bottom
        value = (values[top] - (values[less] if less else 0.0)) / below
        if math.isnan(value):
            return
        met = None
        if target is not None:
            bound = float(target.split()[-1])
            met = value <= bound if target.startswith("<=") else value >= bound
        ratios.append({"label": label, "value": round(value, 3), "target": target, "met": met})

    add("Concombre step / OpenSpiel oh_hell step", "concombre.step", "open_spiel.oh_hell.step", "<= 2.0")
    add("Concombre round / OpenSpiel oh_hell playout", "concombre.round", "open_spiel.oh_hell.playout", "<= 0.8")
    add("Rommé turn / OpenSpiel gin_rummy step", "romme.turn", "open_spiel.gin_rummy.step", "<= 0.5")
    add("view / Concombre step", "concombre.view", "concombre.step", "<= 2")
    add("PettingZoo step / Concombre step", "adapter.pettingzoo.concombre.step", "concombre.step", "<= 5")
    add("OpenSpiel adapter step / Concombre step", "adapter.openspiel.concombre.step", "concombre.step", "<= 3")
    add("OpenSpiel clone / oh_hell clone", "adapter.openspiel.concombre.clone.early", "open_spiel.oh_hell.clone",
        "<= 3")
    add("OpenSpiel clone at move 600 / at move 5 (flat)", "adapter.openspiel.concombre.clone.late",
        "adapter.openspiel.concombre.clone.early", "<= 1.5")
    add("OpenSpiel Rommé adapter step / Rommé turn", "adapter.openspiel.romme.step", "romme.turn", "<= 10")
    add("meld solver, random hands: p99 / 1 ms", "romme.solver.p99", 1.0, "<= 3")
    add("meld solver, adversarial hands: p99 / 1 ms", "romme.solver.adversarial.p99", 1.0, "<= 10")
    add("meld solver, adversarial hands: max / 1 ms", "romme.solver.adversarial.max", 1.0, "<= 20")
    add("simulate: 2 processes / 1 process", "simulate.2 processes", "simulate.1 process", ">= 1.7")
    add("simulate: Dask, 2 workers / 1 process", "simulate.a Dask cluster of 2 workers", "simulate.1 process",
        ">= 1.7")
    add("MCTS whole game, 40 simulations a move / 1 s", "adapter.openspiel.concombre.mcts", 1.0, "<= 3")
    # The floors: what the frameworks alone cost, and what the adapters add above them.
    add("floor: OpenSpiel do-nothing step / Concombre step", "floor.openspiel.step", "concombre.step", None)
    add("OpenSpiel adapter step less the floor / Concombre step", "adapter.openspiel.concombre.step",
        "concombre.step", None, less="floor.openspiel.step")
    add("floor: PettingZoo do-nothing step / Concombre step", "floor.pettingzoo.step", "concombre.step", None)
    add("PettingZoo step less the floor / Concombre step", "adapter.pettingzoo.concombre.step", "concombre.step",
        None, less="floor.pettingzoo.step")
    add("floor: OpenSpiel do-nothing clone / oh_hell clone", "floor.openspiel.clone", "open_spiel.oh_hell.clone",
        None)
    add("RLCard bridge step / Concombre step", "rlcard.bridge.step", "concombre.step", ">= 4")
    add("Rommé turn / RLCard gin rummy step", "romme.turn", "rlcard.gin_rummy.step", "<= 0.333")
    add("bytes of one more state / 1024", "concombre.memory", 1024.0, "<= 1")
    add("OpenSpiel oh_hell step / batched play, 1,024 games", "open_spiel.oh_hell.step", "batch.1024.play", ">= 10")
    add("OpenSpiel oh_hell step / batched play, 16,384 games", "open_spiel.oh_hell.step", "batch.16384.play",
        ">= 30")
    add("OpenSpiel oh_hell step / batched play, 64 games", "open_spiel.oh_hell.step", "batch.64.play", None)
    add("floor: OpenSpiel oh_hell step / the deals' keys per play", "open_spiel.oh_hell.step", "floor.batch.deal",
        None)
    add("SeatEnv step / SeatVectorEnv game-step (1,024 games)", "gymnasium.seat.step", "gymnasium.vector.step",
        ">= 10")
    return tuple(ratios)


def _machine() -> dict[str, str]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(terse=True),
        "processor": platform.machine(),
        "cpus": str(os.cpu_count()),
        "concombre": _version("concombre"),
        "open-spiel": _version("open-spiel"),
        "rlcard": _version("rlcard"),
    }
