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
import os
import platform
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import attrs

from concombre.core.game import Game
from concombre.games import GAMES
from concombre.games.concombre.actions import apply, legal_actions
from concombre.games.concombre.state import GameState, Phase
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
            lines += ["", "ratio                                            measured   target"]
            for ratio in self.ratios:
                mark = "met" if ratio["met"] else "NOT MET"
                lines.append(f"{ratio['label']:<47}  {ratio['value']:>8.2f}   {ratio['target']}  {mark}")
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


def _sample_states(count: int, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    states: list[GameState] = []
    state = new_game(4, seed=seed)
    while len(states) < count:
        if state.phase is Phase.GAME_OVER:
            state = new_game(4, seed=rng.randrange(2**32))
        state = apply(state, rng.choice(legal_actions(state)))
        if state.phase is Phase.PLAY:
            states.append(state)
    return states


def _per_call(states: list[GameState], call: Callable[[GameState], object]) -> float:
    begin = _clock()
    for state in states:
        call(state)
    return (_clock() - begin) / len(states) / 1000


def _state_memory(plays: int, seed: int) -> float:
    """Bytes that keeping one more state costs, after a play, over a round's states."""
    rng = random.Random(seed)
    state = deal(new_game(4, seed=seed), None)
    kept: list[GameState] = []
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
    from concombre.games.romme.bots import SolverRommeBot

    bot, rng = SolverRommeBot(), random.Random(seed)
    begin = _clock()
    for number in range(rounds):
        state = romme.deal(romme.new_game(2, seed=seed + number))
        while state.phase is not romme.Phase.ROUND_COMPLETE:
            state = romme.apply(state, bot.choose(romme.view(state, state.to_play or 0), rng))
    return rounds / ((_clock() - begin) / 1e9)


def _solver_times(hands: int, seed: int) -> tuple[float, float]:
    """Median and 95th percentile ms of `best_melds` on 14-card hands with two jokers, nothing cached."""
    from concombre.games.romme.cards import deck
    from concombre.games.romme.solver import best_melds, clear_cache

    rng = random.Random(seed)
    naturals = [card for card in deck() if not card.is_joker]
    jokers = [card for card in deck() if card.is_joker][:2]
    times = []
    for _ in range(hands):
        hand = rng.sample(naturals, 12) + jokers
        clear_cache()
        begin = _clock()
        best_melds(hand)
        times.append((_clock() - begin) / 1e6)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


def _rlcard_gin_steps(deals: int, seed: int, overhead: float) -> float:
    from rlcard.games.gin_rummy.game import GinRummyGame  # an optional peer

    game = GinRummyGame()
    return _rlcard_steps(game, lambda: game.judge.get_legal_actions(), deals, seed, overhead)


# -- the adapters -------------------------------------------------------------------------


def _table_size(game: Game) -> int:
    """The players a benchmark seats: four where the game allows it."""
    low, high = game.players
    return max(low, min(4, high))


def _protocol_steps(game: Game, budget: int, seed: int, overhead: float) -> float:
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


def _pettingzoo_steps(game: Game, budget: int, seed: int, overhead: float) -> float:
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


def _openspiel_adapter_steps(game: Game, budget: int, seed: int, overhead: float) -> float:
    """Mean µs of a player's step through the OpenSpiel adapter: `legal_actions` + `apply_action`."""
    import pyspiel

    from concombre.integrations.openspiel import register

    loaded = pyspiel.load_game(register(game), {"players": _table_size(game)})
    return _openspiel_steps(loaded, 10**6, seed, overhead, budget)


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
         lambda: _per_call(states[: 20 * scale], lambda s: from_json(to_json(s), GameState))),
        ("concombre.memory", "Concombre memory of one more state after a play", "bytes",
         lambda: _state_memory(28, 5)),
        ("romme.turn", "Rommé turn (draw_stock + discard), 4 players", "µs",
         lambda: _romme_turns(3 * scale, 6, overhead)),
        ("romme.rounds", "Rommé whole rounds between solver bots, 2 players", "rounds/s",
         lambda: _romme_solver_rounds(scale, 7)),
        ("romme.solver", "Rommé meld solver, 14 cards with 2 jokers (median)", "ms",
         lambda: _solver_times(20 * scale, 8)[0]),
        ("romme.solver.p95", "Rommé meld solver, 14 cards with 2 jokers (95th percentile)", "ms",
         lambda: _solver_times(20 * scale, 8)[1]),
    ]
    missing = []
    jobs += _adapter_jobs(scale, overhead)
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
        if _key.startswith(("adapter.", "protocol.")):
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
    keys = {item.key for item in report.measurements}
    ratios = []

    def add(label: str, value: float, target: str, met: bool) -> None:
        ratios.append({"label": label, "value": round(value, 3), "target": target, "met": met})

    if "open_spiel.oh_hell.step" in keys:
        step = report.figure("concombre.step") / report.figure("open_spiel.oh_hell.step")
        add("1. step / OpenSpiel oh_hell step", step, "<= 3", step <= 3)
        whole = report.figure("concombre.round") / report.figure("open_spiel.oh_hell.playout")
        add("2. round / OpenSpiel oh_hell playout", whole, "<= 1", whole <= 1)
    if "rlcard.bridge.step" in keys:
        speed = report.figure("rlcard.bridge.step") / report.figure("concombre.step")
        add("3. RLCard bridge step / step", speed, ">= 4", speed >= 4)
    memory = report.figure("concombre.memory")
    add("4. bytes of one more state / 1024", memory / 1024, "<= 1", memory <= 1024)
    if "open_spiel.gin_rummy.step" in keys:
        turn = report.figure("romme.turn") / report.figure("open_spiel.gin_rummy.step")
        add("5. Rommé turn / OpenSpiel gin_rummy step", turn, "<= 1", turn <= 1)
    if "rlcard.gin_rummy.step" in keys:
        third = report.figure("romme.turn") / report.figure("rlcard.gin_rummy.step")
        add("6. Rommé turn / RLCard gin rummy step", third, "<= 0.333", third <= 1 / 3)
    for key in sorted(keys):
        parts = key.split(".")
        if parts[0] == "adapter":
            framework, game, protocol = parts[1], parts[2], f"protocol.{parts[2]}.step"
            add(f"{framework} {game} step / protocol step",
                report.figure(key) / report.figure(protocol), "(overhead)", True)
    solver = report.figure("romme.solver")
    add("7. meld solver median / 10 ms", solver / 10, "< 1", solver < 10)
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
