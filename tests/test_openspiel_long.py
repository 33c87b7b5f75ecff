"""OpenSpiel takes games of any length: no recursion on the history's depth anywhere in the adapter.

A state's history is a persistent list as deep as the game is long, shared by its clones; pickle (OpenSpiel's
serialisation of a Python state) walked it by recursion and failed once a game passed about a thousand steps.
Here: serialisation, its reading back, clones, copies, the information state and the history of states far
deeper than the stack allows (`shallow_stack`), on a test-only High Card played to thousands of points
(`LONG`, 5,001 steps at the least) and on four-player Rommé.
"""

from __future__ import annotations

import contextlib
import copy
import pickle
import random
import sys
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import Any

import attrs
import pytest

from concombre.core.errors import InvalidArgumentError
from concombre.core.game import AnyGame, Records, register, unregister
from concombre.examples import highcard, highcard_full

pyspiel = pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("concombre.integrations.openspiel")

TARGET = 2500
"""High Card to this many points: a trick scores one point and takes two steps, so a game takes
1 + 2 * TARGET = 5,001 steps at the least (the opening seed, then at least TARGET tricks)."""


def _check_target(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100_000:
        raise InvalidArgumentError(f"Rules.target must be a whole number from 1 to 100000, not {value!r}.",
                                   "H1", "target")


@attrs.frozen
class LongRules(highcard.Rules):
    """High Card's rules with a target as high as a test needs (High Card's own stops at 9)."""

    target: int = attrs.field(default=TARGET, validator=_check_target)


def _new_game(players: int | Sequence[str], *, dealer: int = 0, rules: highcard.Rules = LongRules(),
              seed: int | None = None) -> highcard.State:
    if not isinstance(rules, LongRules):
        raise InvalidArgumentError(f"rules must be LongRules, not {rules!r}.", field="rules")
    return highcard.new_game(players, dealer=dealer, rules=rules, seed=seed)


LONG: AnyGame = attrs.evolve(
    highcard_full.GAME_FULL,
    info=attrs.evolve(highcard_full.GAME_FULL.info, name="highcard_long", title="Long High Card"),
    Rules=LongRules,
    new_game=_new_game,
    records=Records(header="highcard_long record 1", action_text=highcard_full.action_text,
                    parse_action=highcard_full.parse_action, starts_round=lambda action: action == highcard.Deal()),
    codec=None,
    story=None,
    render=None,
)
"""High Card to `TARGET` points, with what OpenSpiel needs (learning, text records) and nothing else."""


@pytest.fixture(scope="module")
def long_game() -> Iterator[Any]:
    """`LONG` registered (OpenSpiel reads a serialised state back through the registry) and loaded."""
    register(LONG)
    try:
        yield pyspiel.load_game(openspiel.register(LONG))
    finally:
        unregister(LONG)


@contextlib.contextmanager
def shallow_stack(room: int = 150) -> Iterator[None]:
    """A recursion limit ``room`` frames above the caller's depth: anything that recursed as deep as a long
    game's history would raise `RecursionError`."""
    frame: FrameType | None = sys._getframe()
    depth = 0
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + room)
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)


def step(state: Any, rng: random.Random) -> None:
    """One random step: a chance outcome or a legal action."""
    state.apply_action(rng.choice(state.chance_outcomes())[0] if state.is_chance_node()
                       else rng.choice(state.legal_actions()))


def played(game: Any, seed: int, steps: int | None = None) -> Any:
    """A state ``steps`` random steps into ``game`` (or at its end)."""
    state, rng = game.new_initial_state(), random.Random(seed)
    while not state.is_terminal() and (steps is None or len(state.history()) < steps):
        step(state, rng)
    return state


def same(a: Any, b: Any, players: int) -> None:
    """``a`` and ``b`` are the same state to OpenSpiel and to every player."""
    assert a.history() == b.history() and str(a) == str(b) and a.is_terminal() == b.is_terminal()
    assert a.current_player() == b.current_player()
    if a.is_terminal():
        assert a.returns() == b.returns()
        return
    assert (a.chance_outcomes() if a.is_chance_node() else a.legal_actions()) == (
        b.chance_outcomes() if b.is_chance_node() else b.legal_actions())
    for player in range(players):
        assert a.information_state_string(player) == b.information_state_string(player)
        assert a.information_state_tensor(player) == b.information_state_tensor(player)
        assert a.observation_string(player) == b.observation_string(player)


def test_a_whole_long_game_serialises_reads_back_clones_and_tells_its_history_without_recursion(long_game):
    state = played(long_game, seed=1)
    assert state.is_terminal() and len(state.history()) >= 1 + 2 * TARGET >= 5000
    middle = played(long_game, seed=2, steps=3000)
    assert not middle.is_terminal() and len(middle.history()) == 3000
    for deep in (state, middle):
        with shallow_stack():
            text = pyspiel.serialize_game_and_state(long_game, deep)
            _, back = pyspiel.deserialize_game_and_state(text)
            kept = pickle.loads(pickle.dumps(deep.__dict__))["_now"]
            twins = [back, deep.clone(), copy.copy(deep), copy.deepcopy(deep)]
            for twin in twins:
                same(twin, deep, 2)
            seen = deep.actions_seen(0)
            assert len(seen) == len(deep.history()) - 1  # every step but the opening seed is a player's
            assert f"history {' ; '.join(seen)} held" in deep.information_state_string(0)
        assert kept.engine == deep.engine
        if not deep.is_terminal():  # the copies play on as the state does, each on its own
            rng = random.Random(3)
            for _ in range(40):
                action = (rng.choice(deep.chance_outcomes())[0] if deep.is_chance_node()
                          else rng.choice(deep.legal_actions()))
                for twin in (deep, *twins):
                    twin.apply_action(action)
            for twin in twins:
                same(twin, deep, 2)


def test_openspiels_random_simulation_serialises_four_player_romme():
    game = pyspiel.load_game("python_romme", {"players": 4})
    assert len(played(game, seed=0).history()) > 1000  # as deep as pickle failed at
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
def test_openspiels_random_simulation_serialises_games_of_five_thousand_steps_and_more(long_game):
    assert min(len(played(long_game, seed).history()) for seed in range(3)) >= 5000
    pyspiel.random_sim_test(long_game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "players"), [("concombre", 3), ("romme", 2)])
def test_information_states_told_step_by_step_are_the_history_told_whole(name, players):
    """The history in an information state is worked out from the last one's; whichever states are asked, in
    whichever order, from clones, branches and states read back, it is every action seen, in order."""
    game = pyspiel.load_game(f"python_{name}", {"players": players})
    rng = random.Random(7)
    states, asked = [game.new_initial_state()], 0
    for _ in range(600):
        state = rng.choice(states[-8:])  # mostly the newest states: branches off recent positions
        if state.is_terminal():
            states.remove(state)
            states = states or [game.new_initial_state()]
            continue
        if rng.random() < 0.05:
            state = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
        branch = state.clone() if rng.random() < 0.3 else state
        step(branch, rng)
        if branch is not state:
            states.append(branch)
        if rng.random() < 0.4:
            player = rng.randrange(players)
            told = f"history {' ; '.join(branch.actions_seen(player))} held"
            assert told in branch.information_state_string(player)
            asked += 1
    assert asked > 100
