"""The Gymnasium environments: Gymnasium's own checks, seeding, refusals, autoreset, and no leak."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from concombre import PACK, InvalidArgumentError, Play, why_illegal  # noqa: E402
from concombre.batch import observe  # noqa: E402
from concombre.integrations.gymnasium import ENV_ID, SeatEnv, SeatVectorEnv  # noqa: E402


@pytest.mark.parametrize(("game", "players"), [("concombre", 3), ("concombre", 7), ("romme", 2)])
def test_gymnasium_s_checker_passes(game, players):
    check_env(SeatEnv(game, players=players), skip_render_check=True)
    check_env(gymnasium.make(ENV_ID, game=game, players=players, render_mode="ansi").unwrapped)


def play_out(env: Any, seed: int, rng: Any) -> tuple[float, int]:
    observation, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        assert (observation["action_mask"] == info["action_mask"]).all()
        seen = env.game.view(env.state, env.seat)
        assert (observation["observation"] == env.encoding.encode(seen)).all()  # the learner's own view, nothing more
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, _, info = env.step(action)
        total, steps = total + reward, steps + 1
        if terminated:
            return total, steps


def test_a_whole_episode_against_the_bots_is_reproducible():
    env = SeatEnv("concombre", players=4, seat=2, opponents=["random", "thumb", "mc"])
    first = play_out(env, 5, np.random.default_rng(1))
    seed = env.state.seed
    assert play_out(env, 5, np.random.default_rng(1)) == first and first[1] > 3
    env.reset()
    assert env.state.seed != seed  # the next game of the stream


def test_resets_without_a_seed_continue_one_stream():
    one, two = SeatEnv("concombre", players=3), SeatEnv("concombre", players=3)
    one.reset(seed=11)
    two.reset(seed=11)
    assert (one.reset()[0]["observation"] == two.reset()[0]["observation"]).all()
    assert one.state == two.state


def test_a_refused_card_leaves_the_game_as_it_was():
    env = SeatEnv("concombre", players=3)
    observation, info = env.reset(seed=2)
    before = env.state
    wrong = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    again, reward, terminated, _, info = env.step(wrong)
    assert env.state is before and reward == -1.0 and not terminated
    assert info["illegal"] == why_illegal(before, Play(PACK[wrong])) and info["illegal"].endswith("]")  # the rule
    assert (again["observation"] == observation["observation"]).all()
    strict = SeatEnv("concombre", players=3, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(InvalidArgumentError):
        strict.step(wrong)
    no_slots: tuple[Any, ...] = ("QH", 52, -1, 2.5, None)
    for no_slot in no_slots:  # what is no slot at all is refused as such, state untouched
        with pytest.raises(InvalidArgumentError, match="is no slot") as caught:
            env.step(no_slot)
        assert caught.value.field == "action" and env.state is before


@pytest.mark.parametrize("settings", [{"players": 8}, {"seat": 4}, {"opponents": "nobody"}, {"opponents": ["thumb"]},
                                      {"illegal": "ignore"}, {"rules": "fast"}, {"render_mode": "human"},
                                      {"opponents": 3}])
def test_bad_settings_are_refused(settings):
    with pytest.raises(InvalidArgumentError):
        SeatEnv("concombre", **settings)


def test_stepping_before_reset_or_after_the_end_is_refused():
    env = SeatEnv("concombre", players=2)
    with pytest.raises(InvalidArgumentError, match="reset"):
        env.step(0)
    play_out(env, 3, np.random.default_rng(0))
    with pytest.raises(InvalidArgumentError, match="reset"):
        env.step(0)


def test_the_vector_env_observes_and_steps_every_game():
    env = SeatVectorEnv("concombre", num_envs=64, players=3, opponents=["random", "thumb"])
    observations, _ = env.reset(seed=3)
    assert observations["observation"].shape == (64, 244) and observations["action_mask"].dtype == np.int8
    assert env.observation_space.contains(observations)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        mask = observations["action_mask"].astype(bool)
        assert (mask.any(axis=1) | env._finished).all()  # the learner acts in every game still going
        assert (observations["observation"] == observe(env.games, 0)).all()
        previous = env._finished.copy()
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        observations, rewards, terminations, truncations, _ = env.step(actions)
        # next-step autoreset: a game that ended last step starts anew, with no reward and not terminated
        assert not terminations[previous].any() and (rewards[previous] == 0).all()
        ended += int(terminations.sum())
        assert not truncations.any()
    assert ended > 0


def test_the_vector_env_is_reproducible_and_refuses_illegal_cards():
    def run(seed: int) -> tuple[Any, Any]:
        env = SeatVectorEnv("concombre", num_envs=16, players=4, opponents="random")
        observations, _ = env.reset(seed=seed)
        rewards = []
        for _ in range(60):
            observations, reward, *_ = env.step(observations["action_mask"].argmax(axis=1))
            rewards.append(reward)
        return np.array(rewards), env.games.hands

    first, second = run(4), run(4)
    assert (first[0] == second[0]).all() and (first[1] == second[1]).all()
    env = SeatVectorEnv("concombre", num_envs=4, players=3)
    observations, _ = env.reset(seed=1)
    actions = observations["action_mask"].argmax(axis=1)
    actions[2] = int(np.flatnonzero(observations["action_mask"][2] == 0)[0])
    before = env.games.hands.copy()
    observations, rewards, *_, infos = env.step(actions)
    assert rewards[2] == -1.0 and infos["_illegal"].tolist() == [False, False, True, False]
    assert infos["illegal"][2].endswith("Nothing was played. [C14]") and infos["illegal"][0] == ""
    assert "game 2" in infos["illegal"][2]
    assert (env.games.hands[2] == before[2]).all()
    strict = SeatVectorEnv("concombre", num_envs=4, players=3, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(Exception, match="game 2"):
        strict.step(actions)


def test_the_vector_env_marks_round_and_game_ends_per_game():
    env = SeatVectorEnv("concombre", num_envs=6, players=2, opponents="thumb")
    observations, _ = env.reset(seed=3)
    rounds = [env.games.round_number.copy()]
    seen_round = seen_game = 0
    restarting = np.zeros(6, dtype=bool)
    for _ in range(400):
        observations, _, terminated, _, infos = env.step(observations["action_mask"].argmax(axis=1))
        assert (infos["game_over"] == terminated).all() and (infos["_round_over"] >= infos["game_over"]).all()
        changed = (env.games.round_number != rounds[-1]) & ~restarting  # a restarted game begins round 1 again
        assert (infos["round_over"] == (changed | infos["game_over"])).all()
        restarting = terminated
        seen_round += int(infos["round_over"].sum())
        seen_game += int(infos["game_over"].sum())
        rounds.append(env.games.round_number.copy())
    assert seen_round > seen_game > 0
    with pytest.raises(InvalidArgumentError, match=r"actions\[0\] is 52, no slot"):
        env.step(np.array([52, 0, 0, 0, 0, 0]))


def test_the_registered_vector_env_is_the_batched_one():
    vector = gymnasium.make_vec(ENV_ID, num_envs=32, vectorization_mode="vector_entry_point", players=5)
    assert isinstance(vector.unwrapped, SeatVectorEnv) and vector.unwrapped.num_envs == 32
    observations, _ = vector.reset(seed=0)
    assert observations["observation"].shape == (32, 244)


def test_a_game_without_a_batched_engine_says_so():
    from concombre.core.game.registry import register, registered, unregister
    from concombre.examples.highcard_full import GAME_FULL  # High Card has no batched engine

    before = registered().get(GAME_FULL.name)
    register(GAME_FULL)
    try:
        with pytest.raises(InvalidArgumentError, match="no batched engine"):
            SeatVectorEnv(GAME_FULL.name, num_envs=4, players=2)
    finally:
        unregister(GAME_FULL)
        if before is not None:
            register(before)
    with pytest.raises(InvalidArgumentError):
        SeatVectorEnv("concombre", num_envs=0)
    with pytest.raises(InvalidArgumentError):
        SeatVectorEnv("concombre", num_envs=4, opponents="mc")  # not batched


def _episode(game: str, reward: str, seed: int) -> tuple[float, list[float], bool]:
    """One learner's episode, always playing the first card offered: its total, each step's reward, and a win."""
    env = SeatEnv(game, players=3, opponents="random", reward=reward)
    _, info = env.reset(seed=seed)
    steps: list[float] = []
    while True:
        _, value, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        steps.append(value)
        if terminated:
            return sum(steps), steps, env.game.winner(env.state) == env.seat


@pytest.mark.parametrize("game", ["concombre", "romme"])
def test_the_reward_schemes_give_the_same_game_its_points_its_win_or_both_scaled(game):
    """``win``: ±1 once, at the end (it was counted twice); ``points`` adds the points; ``scaled`` the points over
    the game's points_scale, so that each step's points lie in [-1, 1]."""
    from concombre.games import find_game

    scale = find_game(game).points_scale
    for seed in (1, 2, 3):
        won_total, won_steps, won = _episode(game, "win", seed)
        assert won_total == (1.0 if won else -1.0) and sum(step != 0 for step in won_steps) == 1
        points_total, points_steps, _ = _episode(game, "points", seed)
        scaled_total, scaled_steps, _ = _episode(game, "scaled", seed)
        points = [step - bonus for step, bonus in zip(points_steps, won_steps, strict=True)]
        assert scaled_total == pytest.approx(won_total + sum(points) / scale)
        assert all(-1.0 <= step - bonus <= 1.0 for step, bonus in zip(scaled_steps, won_steps, strict=True))
        assert points_total == pytest.approx(won_total + sum(points))


def test_the_vector_env_gives_the_reward_schemes_as_the_single_env_does():
    totals = {}
    for scheme in ("points", "win", "scaled"):
        env = SeatVectorEnv("concombre", num_envs=32, players=3, opponents="random", reward=scheme)
        observations, _ = env.reset(seed=5)
        total, done = np.zeros(32), np.zeros(32, dtype=bool)
        for _ in range(500):
            observations, rewards, terminations, *_ = env.step(observations["action_mask"].argmax(axis=1))
            total += np.where(done, 0.0, rewards)
            done |= terminations
            if done.all():
                break
        assert done.all()
        totals[scheme] = total
    assert set(np.unique(totals["win"])) <= {-1.0, 1.0}
    assert totals["scaled"] == pytest.approx(totals["win"] + (totals["points"] - totals["win"]) / 14.0)


def test_an_unknown_reward_scheme_is_refused():
    wrong: Any = 1
    for make in (lambda: SeatEnv("concombre", reward="score"), lambda: SeatVectorEnv("concombre", 4, reward=wrong)):
        with pytest.raises(InvalidArgumentError) as caught:
            make()
        assert caught.value.field == "reward"


def _parts_episode(seed: int, rng: Any, steps: int = 400) -> tuple[list[float], list[int], Any]:
    """A learner at German Rommé choosing random parts: each step's reward, each step's part, the final state."""
    env = SeatEnv("romme", players=3, seat=1, opponents="random")
    observation, info = env.reset(seed=seed)
    assert env.action_space == gymnasium.spaces.Discrete(167) and observation["observation"].shape == (465,)
    assert env.parts is not None
    rewards: list[float] = []
    parts: list[int] = []
    for _ in range(steps):
        part = int(rng.choice(np.flatnonzero(info["action_mask"])))
        moved_before, built = env.state, env.built
        observation, reward, terminated, _, info = env.step(part)
        assert (observation["observation"] == env.parts.observe(env.state, 1, env.built, env._memory)).all()
        if env.built:  # a part that completes no move: nothing happens, the learner builds on
            assert env.state is moved_before and reward == 0.0 and env.built == (*built, part)
            assert env.game.to_play(env.state) == 1 and info["action_mask"].any()
        rewards.append(reward)
        parts.append(part)
        if terminated:
            break
    return rewards, parts, env.state


def test_romme_is_played_a_part_a_step_reproducibly() -> None:
    first = _parts_episode(5, np.random.default_rng(2))
    second = _parts_episode(5, np.random.default_rng(2))
    assert first[:2] == second[:2] and first[2] == second[2]
    assert len(set(first[1])) > 20  # draws, cards, discards and more


def test_a_romme_part_not_offered_is_refused_with_the_rules_words() -> None:
    env = SeatEnv("romme", players=2, opponents="random")
    _, info = env.reset(seed=3)
    while not info["action_mask"][0]:  # up to the learner's draw
        _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    before = env.state
    _, reward, terminated, _, info = env.step(166)  # a discard before the draw
    assert env.state is before and reward == -1.0 and not terminated and info["illegal"].startswith("Part 166")
    _, _, _, _, info = env.step(0)
    card = int(np.flatnonzero(info["action_mask"])[0])
    _, reward, _, _, info = env.step(card)
    assert reward == 0.0 and env.built == (card,)
    _, reward, _, _, info = env.step(113)  # one card is no meld (R5)
    assert reward == -1.0 and info["illegal"].endswith("[R5]") and env.built == (card,)
    with pytest.raises(InvalidArgumentError, match="is no part"):
        env.step(167)
    strict = SeatEnv("romme", players=2, opponents="random", illegal="raise")
    _, info = strict.reset(seed=3)
    wrong = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(InvalidArgumentError):
        strict.step(wrong)


def test_romme_s_numbered_choices_are_still_offered() -> None:
    env = SeatEnv("romme", players=2, parts=False)
    observation, info = env.reset(seed=1)
    assert env.action_space == gymnasium.spaces.Discrete(256) and env.parts is None
    assert observation["observation"].shape == (465,)
    observation, *_ = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    with pytest.raises(InvalidArgumentError) as caught:
        SeatEnv("romme", parts="yes")  # type: ignore[arg-type]
    assert caught.value.field == "parts"
