"""The other engines, measured in the same process and run: OpenSpiel (pyspiel) and RLCard."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from concombre.bench.timing import Job, clock, installed

__all__ = ["clone_time", "openspiel_decisions", "openspiel_game", "openspiel_playouts", "openspiel_position",
           "openspiel_steps", "peer_jobs"]


def openspiel_game(name: str, **params: int) -> Any:
    import pyspiel  # an optional peer, imported only when measured

    return pyspiel.load_game(name, params)


def openspiel_steps(game: Any, playouts: int, seed: int, overhead: float, budget: int | None = None) -> float:
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
            start = clock()
            actions = state.legal_actions()
            state.apply_action(actions[int(choice * len(actions))])
            total += clock() - start - overhead
            steps += 1
        if budget is not None and steps >= budget:
            break
    return total / steps / 1000


def openspiel_decisions(game: Any, playouts: int, seed: int, overhead: float, whole: bool = False) -> float:
    """Mean µs of a player's decision (`legal_actions` + `apply_action`) over random playouts, the chance nodes'
    steps (a deal's cards, a card drawn from the stock) timed too and shared among the decisions; with
    ``whole``, the playout's `new_initial_state` too (gin_rummy's costs milliseconds: it builds its meld tables)."""
    rng = random.Random(seed)
    total, decisions = 0.0, 0
    for _ in range(playouts):
        start = clock()
        state = game.new_initial_state()
        if whole:
            total += clock() - start - overhead
        while not state.is_terminal():
            choice = rng.random()
            start = clock()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(choice * len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[int(choice * len(actions))])
                decisions += 1
            total += clock() - start - overhead
    return total / decisions / 1000


def openspiel_playouts(game: Any, playouts: int, seed: int) -> float:
    """Mean µs of a whole random playout of an OpenSpiel ``game`` (its chance nodes and `new_initial_state` too)."""
    rng = random.Random(seed)
    begin = clock()
    for _ in range(playouts):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[int(rng.random() * len(actions))])
    return (clock() - begin) / playouts / 1000


def openspiel_position(game: Any, moves: int, seed: int) -> Any:
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


def clone_time(state: Any, count: int) -> float:
    """Mean µs of OpenSpiel's ``clone()`` of ``state``."""
    begin = clock()
    for _ in range(count):
        state.clone()
    return (clock() - begin) / count / 1000


def _rlcard_bridge_steps(deals: int, seed: int, overhead: float) -> float:
    from rlcard.games.bridge.game import BridgeGame  # an optional peer

    game = BridgeGame()
    return _rlcard_steps(game, lambda: game.judger.get_legal_actions(), deals, seed, overhead)


def _rlcard_gin_steps(deals: int, seed: int, overhead: float) -> float:
    from rlcard.games.gin_rummy.game import GinRummyGame  # an optional peer

    game = GinRummyGame()
    return _rlcard_steps(game, lambda: game.judge.get_legal_actions(), deals, seed, overhead)


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
            start = clock()
            actions = legal()
            game.step(actions[int(choice * len(actions))])
            total += clock() - start - overhead
            steps += 1
    return total / steps / 1000


def peer_jobs(scale: int, overhead: float) -> tuple[list[Job], list[str]]:
    """The installed peers' measurements, and a line for each peer that is missing."""
    jobs: list[Job] = []
    missing = []
    if installed("pyspiel"):
        oh_hell = openspiel_game("oh_hell", players=4, num_tricks_fixed=7)
        hearts = openspiel_game("hearts")
        gin_rummy = openspiel_game("gin_rummy")
        jobs += [
            ("open_spiel.oh_hell.step", "OpenSpiel oh_hell step (legal_actions + apply_action)", "µs",
             lambda: openspiel_steps(oh_hell, 30 * scale, 1, overhead)),
            ("open_spiel.oh_hell.playout", "OpenSpiel oh_hell whole playout, 4 players x 7 tricks", "µs",
             lambda: openspiel_playouts(oh_hell, 30 * scale, 2)),
            ("open_spiel.hearts.step", "OpenSpiel hearts step (legal_actions + apply_action)", "µs",
             lambda: openspiel_steps(hearts, 5 * scale, 3, overhead)),
            ("open_spiel.gin_rummy.step", "OpenSpiel gin_rummy step (legal_actions + apply_action)", "µs",
             lambda: openspiel_steps(gin_rummy, 2 * scale, 4, overhead)),
            ("open_spiel.gin_rummy.decision", "OpenSpiel gin_rummy decision, its chance nodes' steps included", "µs",
             lambda: openspiel_decisions(gin_rummy, 2 * scale, 4, overhead)),
            ("open_spiel.gin_rummy.hand", "OpenSpiel gin_rummy decision, a whole hand's share (new_initial_state, "
             "chance steps)", "µs", lambda: openspiel_decisions(gin_rummy, 2 * scale, 4, overhead, whole=True)),
            ("open_spiel.oh_hell.clone", "OpenSpiel oh_hell clone(), at move 5", "µs",
             lambda: clone_time(openspiel_position(oh_hell, 5, 3), 200 * scale)),
        ]
    else:
        missing.append("OpenSpiel is not installed: pip install 'concombre[bench]' to measure it.")
    if installed("rlcard"):
        jobs.append(("rlcard.bridge.step", "RLCard bridge step (legal actions + game.step)", "µs",
                     lambda: _rlcard_bridge_steps(3 * scale, 4, overhead)))
        jobs.append(("rlcard.gin_rummy.step", "RLCard gin rummy step (legal actions + game.step)", "µs",
                     lambda: _rlcard_gin_steps(scale, 5, overhead)))
    else:
        missing.append("RLCard is not installed: pip install 'concombre[bench]' to measure it.")
    return jobs, missing
