"""Rommé's batched engine played a part at a time (`concombre.games.romme.fast.batch.step`): its mask is the
reference's ``next_parts`` after every part built, and its games stay the reference's, step by step."""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

FULL = os.environ.get("HYPOTHESIS_PROFILE") == "full"  # the sizes; the slow run takes a tenth or a fifth

from concombre.accel import compiled  # noqa: E402
from concombre.core.errors import IllegalActionError, InvalidArgumentError  # noqa: E402
from concombre.games.romme import MeldCards, Phase, Rules  # noqa: E402
from concombre.games.romme.fast.batch import legal_mask, observe, reset, rollout, step  # noqa: E402
from concombre.games.romme.observation import encode_state, taken_after  # noqa: E402
from concombre.games.romme.parts import add_part, next_parts  # noqa: E402
from tests.test_romme_batch import RULES, Reference, agree  # noqa: E402


def walk(players: int, rules: Rules, seeds: list[int], threads: int = 1) -> Counter[str]:
    """Seeded games built part by part, each part chosen at random among the reference's offers, in the batch and
    the reference engine side by side; the masks, the whole states and two seats' observations (the player to
    act's, with the parts built, and the next seat's) compared after every part."""
    references = [Reference(players, rules, seed, "exact", (1.0, 0.3)[number % 2])
                  for number, seed in enumerate(seeds)]
    games = reset(seeds, players=players, rules=rules)
    rng, made = random.Random(seeds[0]), Counter[str]()
    built: list[tuple[int, ...]] = [() for _ in seeds]
    taken: list[Any] = [None] * len(seeds)
    while not all(reference.state.phase is Phase.GAME_OVER for reference in references):
        masks, parts = legal_mask(games), []
        for game, reference in enumerate(references):
            reference.rewards[:] = 0.0
            if reference.state.phase is Phase.GAME_OVER:
                assert not masks[game].any()
                parts.append(0)
                continue
            offered = next_parts(reference.state, built[game])
            assert tuple(np.flatnonzero(masks[game]).tolist()) == offered, (game, built[game])
            part = rng.choice(offered)
            parts.append(part)
            built[game], action = add_part(reference.state, built[game], part)
            if action is not None:
                before = reference.state.round_number
                taken[game] = taken_after(taken[game], reference.state, action)
                several = isinstance(action, MeldCards) and len(action.melds) > 1
                made[type(action).__name__ + ("s" if several else "")] += 1
                reference.step(action)
                after = reference.state
                if after.round_number != before and after.phase is not Phase.GAME_OVER:
                    taken[game] = None  # a new deal: nothing taken
        games = step(games, np.array(parts), threads=threads)
        agree(games, references, True)
        assert [games.built[game, 1:1 + games.built[game, 0]].tolist() for game in range(len(seeds))] == [
            list(parts) for parts in built]
        movers = np.maximum(games.to_play, 0)
        for seats in (movers, (movers + 1) % players):
            expected = [encode_state(reference.state, int(seat), built[game], taken[game] or (frozenset(),) * players)
                        for game, (reference, seat) in enumerate(zip(references, seats, strict=True))]
            ours, theirs = observe(games, seats), np.stack(expected)
            wrong = np.argwhere(ours != theirs)
            assert not len(wrong), [(int(game), int(at), float(ours[game, at]), float(theirs[game, at]))
                                    for game, at in wrong[:6]]
    return made


@pytest.mark.parametrize(("players", "count"), [(2, 16), (3, 8), (4, 6), (6, 4)])
def test_the_parts_offered_are_the_reference_s_after_every_part(players, count, monkeypatch):
    monkeypatch.setattr(compiled, "SMALLEST_RUN", 1)
    made = walk(players, RULES[players % len(RULES)], [players * 100 + number for number in range(count)],
                1 + players % 2)
    assert made["Discard"] and made["DrawDiscard"]


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 7))
def test_thousands_of_games_built_in_parts_are_the_reference_s(players):
    """400 games a player count with ``HYPOTHESIS_PROFILE=full`` (80 in the slow run), every rule set: openings
    of several melds, lay-offs and exchanges among them."""
    made: Counter[str] = Counter()
    for number, rules in enumerate(RULES):
        made += walk(players, rules, [players * 10_000 + number * 1_000 + game for game in range(80 if FULL else 16)])
    assert made["MeldCardss"] and made["LayOff"] and made["ExchangeJoker"]


def test_a_rollout_of_random_parts_plays_games_to_their_end_whatever_the_threads(monkeypatch):
    monkeypatch.setattr(compiled, "SMALLEST_RUN", 1)
    games = reset(range(40), players=3, rules=Rules(jokers=6))
    one, two = rollout(games, "random", seed=5), rollout(games, "random", seed=5, threads=2)
    assert one.done.all() and all((getattr(one, name) == getattr(two, name)).all() for name in ("scores", "winner"))
    assert not (one.scores == rollout(games, "random", seed=6).scores).all()  # the seed matters
    half = rollout(games, "random", steps=50, seed=5)
    assert (rollout(half, "random", until=1, seed=3).to_play[~half.done] == 1).all()


def test_a_part_not_offered_is_refused_changing_nothing():
    games = reset([1, 2], players=2)
    with pytest.raises(IllegalActionError):
        step(games, [166, 0])  # a discard before the draw
    assert (games.built[:, 0] == 0).all() and (games.phase == 1).all()
    with pytest.raises(InvalidArgumentError) as caught:
        rollout(games, "smart")
    assert caught.value.field == "bots"
    with pytest.raises(InvalidArgumentError) as caught:
        step(games, [0])
    assert caught.value.field == "parts"


def test_romme_s_batched_engine_is_the_games_capability():
    from concombre.games import find_game

    learning = find_game("romme").learning
    assert learning is not None and learning.batched is not None
    engine = learning.batched()
    assert engine.settle is not None and engine.round_number is not None
    games = engine.reset(list(range(20)), players=3, rules=Rules(opening=30))
    rng = np.random.default_rng(1)
    for _ in range(300):
        parts = engine.bots["random"](games, rng)
        waiting = ~engine.done(games)
        assert engine.legal_mask(games)[waiting, parts[waiting]].all()
        games = engine.step(games, parts, where=waiting)
    assert engine.observe(games, 1).shape == (20, 465) and not engine.eliminated(games).any()
    settled = engine.settle(games, 2, ["random"] * 3, 7)
    assert ((engine.to_play(settled) == 2) | engine.done(settled)).all()
    finished = engine.settle(games, 2, ["random"] * 3, 7)
    assert (engine.round_number(finished) >= engine.round_number(games)).all()


def test_a_vector_environment_plays_romme_a_part_a_step():
    gymnasium = pytest.importorskip("gymnasium")
    del gymnasium
    from concombre.integrations.gymnasium import SeatVectorEnv

    env = SeatVectorEnv("romme", num_envs=32, players=2)
    observations, _ = env.reset(seed=3)
    rng, ended, returns, terminated = np.random.default_rng(0), 0, np.zeros(32), np.zeros(32, dtype=bool)
    for _ in range(600):
        mask = observations["action_mask"].astype(bool)
        assert (mask.any(axis=1) != terminated).all()  # the learner acts in every game but those just over
        pick = (mask.cumsum(axis=1) > (rng.random(32) * mask.sum(axis=1)).astype(int)[:, None]).argmax(axis=1)
        observations, rewards, terminated, _, infos = env.step(pick)
        assert not infos["_illegal"].any()
        returns += rewards
        ended += int(terminated.sum())
    assert ended > 10 and np.isfinite(returns).all()
