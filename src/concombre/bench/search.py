"""The search bot: what one sampled deal costs to weigh, the reference in Python against the compiled kernel,
on the same positions and deals (2 players, mid-round), at the reference's exact horizon and the kernel bot's."""

from __future__ import annotations

import functools
import random
from typing import Any

from concombre.bench.timing import Job, clock, installed

__all__ = ["search_jobs"]


@functools.cache
def _positions(count: int, players: int = 2) -> tuple[tuple[Any, tuple[tuple[int, ...], ...]], ...]:
    """``count`` views of rounds of ``players`` with 6 cards in the hand to play, each with 2 sampled deals of
    the hidden cards (the same for both engines)."""
    from concombre import Phase, ThumbBot, apply, deal, legal_actions, new_game, view
    from concombre.games.concombre.bots.sampling import deal_hidden

    found: list[tuple[Any, tuple[tuple[int, ...], ...]]] = []
    seed = 0
    while len(found) < count:
        seed += 1
        rng = random.Random(seed)
        state: Any = deal(new_game(players, seed=seed))
        while state.phase is not Phase.PLAY or len(state.hand(state.to_play)) > 6:
            if state.phase is Phase.PLAY:
                state = apply(state, ThumbBot().choose(view(state, state.to_play), rng))
            elif state.phase is Phase.GAME_OVER:
                break
            else:
                state = apply(state, legal_actions(state)[0])
        if state.phase is Phase.PLAY and len(state.hand(state.to_play)) == 6:
            seen = view(state, state.to_play)
            worlds = tuple(tuple(world.hand_mask(seat) for seat in range(players))
                           for world in (deal_hidden(seen, rng) for _ in range(2)))
            found.append((seen, worlds))
    return tuple(found)


def _per_deal(kernel: bool, exact: int, count: int) -> float:
    """Mean ms to weigh every candidate card over one given deal, exact from ``exact`` cards."""
    from concombre.games.concombre.bots.search import DeepSearchBot, SearchBot

    bot = DeepSearchBot(exact=exact) if kernel else SearchBot(exact=exact)
    positions = _positions(count)
    bot.costs(*positions[0])  # compiled (or loaded from the cache) before the clock starts
    start = clock()
    for seen, worlds in positions:
        bot.costs(seen, worlds)
    return (clock() - start) / 1e6 / (2 * count)


def _per_move(bot: Any, count: int, players: int = 2) -> float:
    """Mean ms a move of ``bot``, sampling its deals, on the same positions."""
    positions = _positions(count, players)
    bot.choose(positions[0][0], random.Random(0))
    start = clock()
    for number, (seen, _worlds) in enumerate(positions):
        bot.choose(seen, random.Random(number))
    return (clock() - start) / 1e6 / count


def search_jobs(scale: int) -> list[Job]:
    """The search bot's figures: a move of the reference (40 samples, exact from 8 cards), the Monte Carlo bot's
    move at 2 and 7 players, the learned bot's move (with numpy), the same method on the kernel, the kernel
    bot's own move, and one deal weighed exact from 12 cards by each (the kernel's figures only when the
    ``fast`` extra is installed)."""
    from concombre.games.concombre.bots import MonteCarloBot
    from concombre.games.concombre.bots.search import DeepSearchBot, SearchBot

    count = 2 * scale
    jobs: list[Job] = [("search.python.move", "search bot move: 40 samples, exact from 8 cards (Python)", "ms",
                        functools.partial(_per_move, SearchBot(), count)),
                       ("search.mc.move", "Monte Carlo bot move: 32 samples played out, 2 players (Python)", "ms",
                        functools.partial(_per_move, MonteCarloBot(), count)),
                       ("search.mc.move7", "Monte Carlo bot move: 32 samples played out, 7 players (Python)", "ms",
                        functools.partial(_per_move, MonteCarloBot(), count, 7))]
    if installed("numpy"):
        from concombre.games.concombre.bots.learned import LearnedBot

        jobs.append(("search.learned.move", "learned bot move: its network on the same positions (numpy)", "ms",
                     functools.partial(_per_move, LearnedBot(), 10 * count)))
    if not (installed("numpy") and installed("numba")):
        return jobs
    return [*jobs,
            ("search.kernel.move", "the same move on the kernel: 40 samples, exact from 8 cards", "ms",
             functools.partial(_per_move, DeepSearchBot(samples=40, exact=8, horizon=9), count)),
            ("search.deep.move", "deep bot move: 200 samples, exact from 12 cards (kernel)", "ms",
             functools.partial(_per_move, DeepSearchBot(), count)),
            ("search.python.12", "search bot, a given deal weighed, exact from 12 cards (Python)", "ms",
             functools.partial(_per_deal, False, 12, max(2, count // 5))),
            ("search.kernel.12", "search bot, a given deal weighed, exact from 12 cards (kernel)", "ms",
             functools.partial(_per_deal, True, 12, count))]
