"""Rommé's solver bot at scale: whole games of the compiled, batched `SolverBot` beside the scalar `SolverBot`'s,
on the same seeds in the same run (issue 61).

- ``romme.solver.batch.game.<players>``: µs a whole game of solver bots in every seat, played by the batch's
  compiled bot in one compiled loop (`concombre.games.romme.fast.solver.run_solvers`), exact deals, one thread.
- ``romme.solver.scalar.game.<players>``: µs a whole game of the scalar `concombre.games.romme.bots.SolverBot` in
  every seat on the reference engine, the same seeds: the very same games (the tests hold them equal).
"""

from __future__ import annotations

import functools
from typing import Any

from concombre.bench.targets import Target
from concombre.bench.timing import Job, clock, installed

__all__ = ["SOLVER_GAMES", "SOLVER_TARGETS", "solver_jobs"]

SOLVER_GAMES = 4
"""The seeds of a measurement at scale 1 (a smoke run); the report plays ten times as many.

Examples:
    >>> SOLVER_GAMES
    4
"""

SOLVER_TARGETS = tuple(
    target for players in (2, 4) for target in (
        Target(f"scalar SolverBot whole game / batched solver whole game, {players} players, 1 thread "
               "(issue 61: >= 100)", f"romme.solver.scalar.game.{players}", f"romme.solver.batch.game.{players}",
               100.0, ">="),
        Target(f"scalar SolverBot whole game / batched solver whole game, {players} players, 1 thread "
               "(goal: >= 300)", f"romme.solver.scalar.game.{players}", f"romme.solver.batch.game.{players}",
               300.0, ">="),
    )
)
"""Issue 61's goals for the batched solver bot: its whole games at least 100 times (goal 300) the scalar bot's
games a second, on the same seeds in the same run.

Examples:
    >>> SOLVER_TARGETS[0].ratio({"romme.solver.scalar.game.2": 20_000.0, "romme.solver.batch.game.2": 100.0})
    200.0
"""

_REPEATS = 20  # the batch plays its seeds this many times over: enough work for the clock


def _seeds(players: int, count: int) -> list[int]:
    return [7_000 * players + number for number in range(count)]


@functools.cache
def _compiled() -> None:
    """The batched solver compiled (or loaded from Numba's cache) before any clock starts."""
    _played(2, 2, 1)


def _batched(players: int, count: int) -> float:
    """Mean µs a whole game of compiled solver bots on the ``count`` seeds, each played `_REPEATS` times."""
    _compiled()
    return _played(players, count, _REPEATS)


def _played(players: int, count: int, repeats: int) -> float:
    """Mean µs a whole game of compiled solver bots: the ``count`` seeds, each played ``repeats`` times, in one
    call of the compiled loop."""
    from concombre.games.romme.fast.batch import reset
    from concombre.games.romme.fast.solver import rules_record, run_solvers, solver_room
    from concombre.games.romme.rules import Rules

    games = reset(_seeds(players, count) * repeats, players=players)
    state, room = tuple(array.copy() for array in games.storage), solver_room()
    record = rules_record(Rules(), "exact")
    start = clock()
    run_solvers(state, -1, record, room)
    elapsed = clock() - start
    return elapsed / 1000 / (count * repeats)


def _scalar(players: int, count: int) -> float:
    """Mean µs a whole game of scalar solver bots on the same seeds: each bot's choice, the reference engine's
    apply, its deals and scoring (the solver's memory of solved hands kept from game to game, as in play)."""
    import random

    from concombre.games.romme import Phase, apply, legal_actions, new_game, view
    from concombre.games.romme.bots import SolverBot
    from concombre.games.romme.bots.solver import clear_cache

    clear_cache()
    bot, rng = SolverBot(), random.Random(0)
    start = clock()
    for seed in _seeds(players, count):
        state: Any = new_game(players, seed=seed)
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.PLAY or state.phase is Phase.DRAW:
                state = apply(state, bot.choose(view(state, state.to_play), rng))
            else:
                state = apply(state, legal_actions(state)[0])  # the deal, the round's scoring
    return (clock() - start) / 1000 / count


def solver_jobs(scale: int) -> list[Job]:
    """The batched solver bot's measurements at ``scale`` (1 for a smoke run, 10 for the report), 2 and 4
    players; none without the ``fast`` extra.

    Examples:
        >>> keys = [key for key, *_ in solver_jobs(1)]
        >>> "romme.solver.batch.game.2" in keys or not keys
        True
    """
    if not (installed("numpy") and installed("numba")):
        return []
    count = SOLVER_GAMES * scale
    jobs: list[Job] = []
    for players in (2, 4):
        jobs += [
            (f"romme.solver.batch.game.{players}", f"Rommé batched solver bots, a whole {players}-player game "
             f"({count} seeds x {_REPEATS}, exact deals, 1 thread)", "µs",
             functools.partial(_batched, players, count)),
            (f"romme.solver.scalar.game.{players}", f"Rommé scalar SolverBot, a whole {players}-player game (the "
             f"same {count} seeds)", "µs", functools.partial(_scalar, players, count)),
        ]
    return jobs
