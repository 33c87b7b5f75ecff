"""The engines' own figures: Concombre's step, round, games, view, JSON and memory; Rommé's turn, rounds
and meld solver; `simulate` in parallel."""

from __future__ import annotations

import gc
import random
import statistics
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

from concombre.bench.timing import Job, clock, per_call, percentile
from concombre.games.concombre.actions import apply, legal_actions
from concombre.games.concombre.state import Phase, State
from concombre.games.concombre.transitions import deal, legal_plays, new_game, play, resolve_trick, score_round
from concombre.games.concombre.views import view
from concombre.io.json import from_json, to_json

__all__ = ["ADVERSARIAL_HANDS", "engine_jobs", "romme_decisions"]


def _timed_steps(rounds: int, players: int, seed: int, overhead: float, offered: Callable[[State], Sequence[Any]],
                 take: Callable[[State, Any], State], resolve_untimed: bool) -> float:
    """Mean µs of a step, ``offered(state)`` + ``take(state, one of them)``, over random rounds; with
    ``resolve_untimed``, a complete trick is resolved off the clock."""
    rng = random.Random(seed)
    total, steps = 0.0, 0
    for number in range(rounds):
        state = deal(new_game(players, seed=seed + number))
        while state.phase is not Phase.ROUND_COMPLETE:
            if resolve_untimed and state.phase is Phase.TRICK_COMPLETE:
                state = resolve_trick(state)
                continue
            choice = rng.random()
            start = clock()
            options = offered(state)
            state = take(state, options[int(choice * len(options))])
            total += clock() - start - overhead
            steps += 1
    return total / steps / 1000


def _concombre_rounds(rounds: int, seed: int) -> float:
    """Mean µs of a whole random round, 4 players and 7 cards: deal, 28 plays, 7 tricks, scoring."""
    rng = random.Random(seed)
    starts = [new_game(4, seed=seed + number) for number in range(rounds)]
    begin = clock()
    for state in starts:
        state = deal(state)
        while state.phase is not Phase.ROUND_COMPLETE:
            if state.phase is Phase.PLAY:
                cards = legal_plays(state)
                state = play(state, cards[int(rng.random() * len(cards))])
            else:
                state = resolve_trick(state)
        score_round(state)
    return (clock() - begin) / rounds / 1000


def _concombre_games(games: int, players: int, seed: int) -> float:
    """Whole random games per second."""
    rng = random.Random(seed)
    begin = clock()
    for number in range(games):
        state = new_game(players, seed=seed + number)
        while state.phase is not Phase.GAME_OVER:
            if state.phase is Phase.PLAY:
                cards = legal_plays(state)
                state = play(state, cards[int(rng.random() * len(cards))])
            else:
                state = apply(state, legal_actions(state)[0])
    return games / ((clock() - begin) / 1e9)


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
            start = clock()
            drawn = romme.draw_stock(state)
            state = romme.discard(drawn, hand[int(choice * len(hand))])
            total += clock() - start - overhead
            turns += 1
    return total / turns / 1000


def romme_decisions(games: int, seed: int, overhead: float, players: int = 2) -> float:
    """Mean µs of a Rommé decision, `legal_actions` + `apply` of a random legal action, over whole random games:
    every action of the game is a decision (the deal and the scoring too; Rommé has no chance nodes), and each
    game's `new_game` is shared among its decisions."""
    from concombre.games import romme

    rng = random.Random(seed)
    total, decisions = 0.0, 0
    for number in range(games):
        start = clock()
        state = romme.new_game(players, seed=seed + number)
        total += clock() - start - overhead
        while state.phase is not romme.Phase.GAME_OVER:
            choice = rng.random()
            start = clock()
            actions = romme.legal_actions(state)
            state = romme.apply(state, actions[int(choice * len(actions))])
            total += clock() - start - overhead
            decisions += 1
    return total / decisions / 1000


def _romme_solver_rounds(rounds: int, seed: int) -> float:
    """Whole rounds between two solver bots per second."""
    from concombre.games import romme
    from concombre.games.romme.bots import SolverBot

    bot, rng = SolverBot(), random.Random(seed)
    begin = clock()
    for number in range(rounds):
        state = romme.deal(romme.new_game(2, seed=seed + number))
        while state.phase is not romme.Phase.ROUND_COMPLETE:
            state = romme.apply(state, bot.choose(romme.view(state, state.to_play or 0), rng))
    return rounds / ((clock() - begin) / 1e9)


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
"""The solver's hardest hands: dense with overlapping runs and sets, both copies, long runs with jokers.

Examples:
    >>> len(ADVERSARIAL_HANDS), len(ADVERSARIAL_HANDS[0].split())
    (8, 14)
"""


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
    from concombre.games.romme.bots.solver import best_melds, best_opening, clear_cache

    times = []
    for hand in _solver_hands(kind, count, seed):
        for solve in (best_melds, best_opening):
            clear_cache()
            begin = clock()
            solve(hand)
            times.append((clock() - begin) / 1e6)
    return sorted(times)


def engine_jobs(scale: int, overhead: float) -> list[Job]:
    """The engines' measurements, at ``scale`` (1 for a smoke run, 10 for the report)."""
    states = _sample_states(200 * scale, seed=7)
    return [
        ("concombre.step", "Concombre step (legal_plays + play), 4 players", "µs",
         lambda: _timed_steps(30 * scale, 4, 1, overhead, legal_plays, play, resolve_untimed=True)),
        ("concombre.round", "Concombre whole random round, 4 players x 7 cards", "µs",
         lambda: _concombre_rounds(30 * scale, 2)),
        ("concombre.apply", "Concombre step (legal_actions + apply), 4 players", "µs",
         lambda: _timed_steps(30 * scale, 4, 3, overhead, legal_actions, apply, resolve_untimed=False)),
        *[(f"concombre.games.{players}p", f"Concombre whole random games, {players} players", "games/s",
           lambda players=players: _concombre_games(2 * scale, players, 4)) for players in (2, 4, 7)],
        ("concombre.view", "Concombre view(state, seat)", "µs", lambda: per_call(states, lambda s: view(s, 0))),
        ("concombre.json", "Concombre JSON round trip of a state", "µs",
         lambda: per_call(states[: 20 * scale], lambda s: from_json(to_json(s), State))),
        ("concombre.memory", "Concombre memory of one more state after a play", "bytes",
         lambda: _state_memory(28, 5)),
        ("romme.turn", "Rommé turn (draw_stock + discard), 4 players", "µs",
         lambda: _romme_turns(3 * scale, 6, overhead)),
        ("romme.decision", "Rommé decision (legal_actions + apply), random legal play, 2 players", "µs",
         lambda: romme_decisions(scale, 11, overhead)),
        ("romme.rounds", "Rommé whole rounds between solver bots, 2 players", "rounds/s",
         lambda: _romme_solver_rounds(scale, 7)),
        ("romme.solver", "Rommé meld solver, random 14-card hands with 2 jokers: p50", "ms",
         lambda: statistics.median(_solver_times("random", 20 * scale, 8))),
        ("romme.solver.p99", "Rommé meld solver, random 14-card hands with 2 jokers: p99", "ms",
         lambda: percentile(_solver_times("random", 20 * scale, 8), 0.99)),
        ("romme.solver.max", "Rommé meld solver, random 14-card hands with 2 jokers: max", "ms",
         lambda: _solver_times("random", 20 * scale, 8)[-1]),
        ("romme.solver.adversarial.p99", "Rommé meld solver, adversarial hands: p99", "ms",
         lambda: percentile(_solver_times("adversarial", 0, 0), 0.99)),
        ("romme.solver.adversarial.max", "Rommé meld solver, adversarial hands: max", "ms",
         lambda: _solver_times("adversarial", 0, 0)[-1]),
    ]
