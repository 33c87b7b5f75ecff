"""The adapters' figures: a step through the Game protocol, PettingZoo and OpenSpiel for every game (through
PettingZoo, a move, whatever parts it is built of); OpenSpiel clones and a whole MCTS game."""

from __future__ import annotations

import functools
import random

from concombre.bench.peers import clone_time, openspiel_position, openspiel_steps
from concombre.bench.timing import Job, clock, installed
from concombre.core.game import AnyGame
from concombre.games import GAMES

__all__ = ["adapter_jobs"]


def _protocol_steps(game: AnyGame, budget: int, seed: int, overhead: float) -> float:
    """Mean µs of a step through the `Game` protocol (`legal_actions` + `apply`), over ``budget`` random steps."""
    rng = random.Random(seed)
    total, steps, number = 0.0, 0, 0
    while steps < budget:
        state = game.new_game(game.default_players, seed=seed + number)
        number += 1
        while not game.is_over(state) and steps < budget:
            choice = rng.random()
            start = clock()
            actions = game.legal_actions(state)
            state = game.apply(state, actions[int(choice * len(actions))])
            total += clock() - start - overhead
            steps += 1
    return total / steps / 1000


def _pettingzoo_moves(game: AnyGame, budget: int, seed: int, overhead: float) -> float:
    """Mean µs of an agent's move through the PettingZoo adapter, over ``budget`` random moves: `last` (observation
    and mask) + `step`, once for a move, or once for each of its parts where the game builds its moves in parts
    (German Rommé's, `concombre.core.game.Parts`: the move is made with its last part)."""
    import numpy

    from concombre.integrations.pettingzoo import env

    rng = random.Random(seed)
    total, moves, number = 0.0, 0, 0
    while moves < budget:
        table = env(game=game.name, players=game.default_players)
        table.reset(seed=seed + number)
        raw = table.unwrapped
        number += 1
        for _agent in table.agent_iter():
            if moves >= budget:
                break
            choice = rng.random()
            start = clock()
            observation, _, termination, truncation, _ = table.last()
            if termination or truncation:
                table.step(None)
                continue
            legal = numpy.flatnonzero(observation["action_mask"])
            table.step(int(legal[int(choice * len(legal))]))
            total += clock() - start - overhead
            if not raw.built:  # no part left waiting: the move is made (every step, where moves have no parts)
                moves += 1
    return total / moves / 1000


def _pettingzoo_label(game: AnyGame) -> str:
    """What the PettingZoo row of ``game`` times: a step, or a move built a part a step."""
    learning = game.learning
    if learning is None or learning.encoding is None or learning.encoding().parts is None:
        return f"{game.title} step through PettingZoo (last + step)"
    return f"{game.title} move through PettingZoo, built a part a step (last + step for each part)"


def _openspiel_adapter_steps(game: AnyGame, budget: int, seed: int, overhead: float) -> float:
    """Mean µs of a player's step through the OpenSpiel adapter: `legal_actions` + `apply_action`."""
    import pyspiel

    from concombre.integrations.openspiel import register

    loaded = pyspiel.load_game(register(game), {"players": game.default_players})
    return openspiel_steps(loaded, 10**6, seed, overhead, budget)


def _openspiel_clone(moves: int, count: int) -> float:
    import pyspiel

    from concombre.integrations.openspiel import register

    game = pyspiel.load_game(register(GAMES["concombre"]), {"players": 4})
    return clone_time(openspiel_position(game, moves, 3), count)


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
    begin = clock()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(bot.step(state))
    return (clock() - begin) / 1e9


def adapter_jobs(scale: int, overhead: float) -> list[Job]:
    """For every installed game: a step through the protocol, and through each adapter whose library is installed."""
    jobs: list[Job] = []
    steps = 150 * scale  # a budget of steps (moves), not of games: games differ a lot in length
    for name, game in GAMES.items():
        jobs.append((f"protocol.{name}.step", f"{game.title} step through the Game protocol (legal_actions + apply)",
                     "µs", functools.partial(_protocol_steps, game, steps, 12, overhead)))
        if installed("pettingzoo"):
            jobs.append((f"adapter.pettingzoo.{name}.step", _pettingzoo_label(game), "µs",
                         functools.partial(_pettingzoo_moves, game, steps, 9, overhead)))
        if installed("pyspiel"):
            jobs.append((f"adapter.openspiel.{name}.step",
                         f"{game.title} step through OpenSpiel (legal_actions + apply_action)",
                         "µs", functools.partial(_openspiel_adapter_steps, game, steps, 10, overhead)))
    if installed("pyspiel") and "concombre" in GAMES:
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
