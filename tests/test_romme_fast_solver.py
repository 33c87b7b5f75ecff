"""Rommé's solver bot compiled (`concombre.games.romme.fast.solver`) against the scalar `SolverBot`.

Seeded games are played by the scalar `SolverBot` on the reference engine and replayed into a batch: at every
decision the compiled bot's action must be the scalar bot's, row for row (the very cards, melds in the same
order, the same lay-off end, the same exchange). Whole games of compiled solver bots must end as the scalar
ones do (winners, summed rewards, scores); and the bot's parts must always be offered.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from concombre.core.errors import InvalidArgumentError  # noqa: E402
from concombre.games.romme import MeldCards, Phase, Rules, view  # noqa: E402
from concombre.games.romme.bots import SolverBot  # noqa: E402
from concombre.games.romme.fast import kernel  # noqa: E402
from concombre.games.romme.fast.batch import action_row, action_rows, legal_mask, play, reset, step  # noqa: E402
from concombre.games.romme.fast.solver import (  # noqa: E402
    rules_record,
    run_solvers,
    solver_parts,
    solver_room,
    solver_rows,
)
from tests.test_romme_batch import RULES, Reference, agree  # noqa: E402

BOT = SolverBot()


def kind_of(action: Any, state: Any) -> str:
    """What the scalar bot did, for the tests' record of what was played."""
    name = type(action).__name__
    if isinstance(action, MeldCards):
        return "melds" if len(action.melds) > 1 else "meld"
    if name == "Discard" and state.drawn is not None and len(state.hands[state.to_play]) > 1:
        return "returned" if state.rules.may_return_discard and action.card == state.drawn else "withheld"
    return name


def decide(players: int, rules: Rules, seeds: list[int], deals: str) -> Counter[str]:
    """Seeded games of scalar solver bots replayed into one batch: at every decision the compiled bot's action is
    the scalar bot's, and the states stay the reference's; what the bots did."""
    references = [Reference(players, rules, seed, deals, 1.0) for seed in seeds]
    games = reset(seeds, players=players, rules=rules, deals=deals)
    rng, seen = random.Random(0), Counter[str]()
    while not all(reference.state.phase is Phase.GAME_OVER for reference in references):
        rows = solver_rows(games)
        actions: list[Any] = []
        for game, reference in enumerate(references):
            reference.rewards[:] = 0.0
            if reference.state.phase is Phase.GAME_OVER:
                actions.append(None)
                continue
            action = BOT.choose(view(reference.state, reference.state.to_play or 0), rng)
            assert rows[game].tolist() == action_row(action).tolist(), (seeds[game], action)
            seen[kind_of(action, reference.state)] += 1
            seen["decisions"] += 1
            actions.append(action)
            reference.step(action)
        games = play(games, action_rows(actions), where=np.array([action is not None for action in actions]))
        agree(games, references, True)
    return seen


@pytest.mark.parametrize("deals", ["exact", "fast"])
@pytest.mark.parametrize("players", range(2, 7))
def test_each_decision_is_the_scalar_solver_bots(players, deals):
    """A quick version: 4 games a player count and deal mode, a rule set each."""
    rules = RULES[(players + (deals == "fast")) % len(RULES)]
    seen = decide(players, rules, [players * 1_000 + number * 7 for number in range(4)], deals)
    assert seen["decisions"] > 100 and seen["DrawStock"] and seen["Discard"]


@pytest.mark.slow
@pytest.mark.parametrize("deals", ["exact", "fast"])
@pytest.mark.parametrize(("players", "rules"), [(players, rules) for players in range(2, 7) for rules in RULES])
def test_hundreds_of_games_decide_as_the_scalar_solver_bot(players, rules, deals):
    """500 games: 10 for each player count, rule set and deal mode; every kind of decision made."""
    seeds = [players * 100_000 + RULES.index(rules) * 10_000 + number * 13 for number in range(10)]
    seen = decide(players, rules, seeds, deals)
    assert seen["meld"] and seen["melds"] and seen["LayOff"] and seen["ExchangeJoker"] and seen["DrawDiscard"]
    assert seen["withheld"] or seen["returned"]


def scalar_game(players: int, rules: Rules, seed: int) -> tuple[Any, Any, int]:
    """A whole game of scalar solver bots: its final state, each seat's summed rewards, its moves."""
    reference, rng = Reference(players, rules, seed, "exact", 1.0), random.Random(0)
    total, moves = np.zeros(players), 0
    while reference.state.phase is not Phase.GAME_OVER:
        reference.step(BOT.choose(view(reference.state, reference.state.to_play or 0), rng))
        total += reference.rewards
        moves += 1
    return reference.state, total, moves


def field(state: tuple[Any, ...], name: str, players: int) -> Any:
    """A field of the kernel's arrays (`kernel.place`), a row a game."""
    array, column, width = kernel.place(name, players)
    return state[array][:, column] if width is None else state[array][:, column:column + width]


@pytest.mark.parametrize(("players", "rules"), [(2, Rules()), (3, RULES[1]), (4, RULES[2])])
def test_whole_games_of_solver_bots_end_as_the_scalar_tiers(players, rules):
    """Whole games in one compiled call: the same winners, summed rewards, scores and last round as the scalar
    tier's on the same seeds (exact deals)."""
    seeds = [players * 77 + number for number in range(5)]
    state = tuple(array.copy() for array in reset(seeds, players=players, rules=rules).storage)
    run_solvers(state, -1, rules_record(rules, "exact"), solver_room())
    for game, seed in enumerate(seeds):
        final, total, _ = scalar_game(players, rules, seed)
        assert field(state, "winner", players)[game] == final.winner, seed
        assert state[3][game].tolist() == total.tolist(), seed
        assert field(state, "scores", players)[game].tolist() == list(final.scores), seed
        assert field(state, "round_scores", players)[game].tolist() == list(final.last_result.scores), seed
    assert (field(state, "phase", players) == kernel.GAME_OVER).all()


def test_solver_bots_play_until_the_seat_given_must_act():
    games = reset([5, 6, 7], players=3)
    state = tuple(array.copy() for array in games.storage)
    run_solvers(state, 2, rules_record(Rules(), "exact"), solver_room())
    assert (field(state, "to_play", 3) == 2).all()
    assert (field(state, "phase", 3) == kernel.DRAW).all()
    again = tuple(array.copy() for array in state)
    run_solvers(again, 2, rules_record(Rules(), "exact"), solver_room())  # the seat to act already: nothing moves
    assert all((before == after).all() for before, after in zip(state[:3], again[:3], strict=True))


@pytest.mark.parametrize("players", [2, 4])
def test_the_solvers_parts_are_offered_and_make_its_move(players):
    """Games played a part a step by the bot's parts: every part offered; every move but a meld (whose melds the
    parts may order otherwise) is the solver's own row."""
    rules = RULES[players]
    games = reset([players * 31 + number for number in range(6)], players=players, rules=rules)
    moves = Counter[int]()
    while not games.done.all():
        parts, rows = solver_parts(games), solver_rows(games)
        offered = legal_mask(games)[np.arange(len(games)), parts]
        assert (offered | games.done).all()
        after = step(games, parts, where=~games.done)
        for game in np.flatnonzero(~games.done & (after.built[:, 0] == 0)).tolist():
            moves[int(rows[game, kernel.KIND_OF])] += 1
            if rows[game, kernel.KIND_OF] != kernel.MELD:  # the move made is the row's: the same next state
                alone = np.arange(len(games)) == game
                expected = play(games, rows, where=alone)
                assert all((mine[game] == theirs[game]).all() for mine, theirs in
                           zip(after.storage[:4], expected.storage[:4], strict=True)), game
        games = after
    assert moves[kernel.MELD] and moves[kernel.LAY_OFF] and moves[kernel.DISCARD]


def test_a_batch_is_required():
    with pytest.raises(InvalidArgumentError) as caught:
        solver_rows("games")
    assert caught.value.field == "batch"


def test_a_card_no_meld_holds_is_told_apart_from_one_some_meld_holds():
    """`_melds_with` (which lets the bot skip the solver) against the hand's meld options: whether some option of
    the hand and the card holds the card's face, on random hands of 2-13 cards with 0-4 jokers."""
    from concombre.games.romme.fast.options import FACES_AT, LENGTH, hand_options, workspace
    from concombre.games.romme.fast.solver import _melds_with
    from concombre.games.romme.rules import face

    rng, room, bits = random.Random(61), *workspace()
    told = Counter[bool]()
    for _ in range(3_000):
        naturals = rng.sample(range(104), rng.randint(3, 14))
        card, hand = naturals[0], naturals[1:] + list(range(104, 104 + rng.choice((0, 0, 1, 2, 4))))
        room[:53] = 0
        for held in (card, *hand):
            room[face(held)] += 1
        count = hand_options(room, 0, bits)
        expected = any(face(card) in room[FACES_AT + 13 * option:FACES_AT + 13 * option + room[LENGTH + option]]
                       for option in range(count))
        assert _melds_with(np.array(hand, dtype=np.int64), len(hand), card) == expected, (card, hand)
        told[expected] += 1
    assert told[True] > 300 and told[False] > 300


def test_the_batched_engine_offers_the_solver_bot_and_settles_with_it():
    """`find_game("romme").learning.batched()`: the bot ``solver`` (its parts always offered), and ``settle`` with
    solver bots in the other seats is `run_solvers` (their whole moves); with a mix of bots, a part a step."""
    from concombre.games import find_game

    engine = find_game("romme").learning.batched()  # type: ignore[misc]
    games = reset([11, 12, 13], players=3)
    assert sorted(engine.bots) == ["random", "solver"]
    parts = engine.bots["solver"](games, np.random.default_rng(0))
    assert legal_mask(games)[np.arange(3), parts].all()
    settled = engine.settle(games, 0, ["solver"] * 3, 5)  # type: ignore[misc]
    state = tuple(array.copy() for array in games.storage)
    run_solvers(state, 0, rules_record(Rules(), "exact"), solver_room())
    assert all((mine == theirs).all() for mine, theirs in zip(settled.storage, state, strict=True))
    mixed = engine.settle(games, 0, ["random", "solver", "random"], 5)  # type: ignore[misc]
    assert ((mixed.to_play == 0) | mixed.done).all()
