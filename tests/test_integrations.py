"""The PettingZoo and OpenSpiel adapters pass their ecosystems' own tests."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings

np = pytest.importorskip("numpy", reason="the adapters' tests need an adapter extra (pettingzoo or openspiel)")

from concombre import deal, new_game, view  # noqa: E402 - after the skip, as the encodings need numpy
from concombre.games.concombre.encoding import OBSERVATION_SIZE, action_mask, encode_view  # noqa: E402

from .support import games  # noqa: E402


def test_the_encoding_holds_only_the_seats_own_cards():
    state = deal(new_game(4, seed=2))
    for seat in range(4):
        vector = encode_view(view(state, seat))
        assert vector.shape == (OBSERVATION_SIZE,)
        others = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
        from concombre import PACK

        assert not any(vector[PACK.index(card)] for card in others)
    assert int(action_mask(view(state, state.to_play or 0)).sum()) == 7


@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on dict observations, as for any masked env
def test_pettingzoo_api_and_seed_tests():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from concombre.integrations.pettingzoo import env

    for players in (2, 5):
        api_test(env(players=players), num_cycles=300, verbose_progress=False)
    seed_test(lambda: env(players=3), num_cycles=300)


def test_pettingzoo_plays_whole_games_with_the_mask():
    pytest.importorskip("pettingzoo")
    from concombre.integrations.pettingzoo import env

    game = env(players=3)
    game.reset(seed=4)
    rng = random.Random(4)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        totals[agent] += reward
        if termination or truncation:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(list(legal))))
    assert max(totals.values()) > min(totals.values())


def play_with(bot: Any, game: Any, rng: Any) -> tuple[Any, int]:
    """A whole game of OpenSpiel ``game``, ``bot`` moving for every player, chance drawn by ``rng``: the end
    and how many moves the bot made."""
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
        else:
            state.apply_action(bot.step(state))
            moves += 1
    return state, moves


def test_openspiel_random_simulations_and_mcts():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import mcts

    import concombre.integrations.openspiel  # noqa: F401 - registers the game

    for players in (2, 4):
        game = pyspiel.load_game("python_concombre", {"players": players, "follow": "highest"})
        pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    game = pyspiel.load_game("python_concombre", {"players": 2})
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=2, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                       random_state=rng)
    state, _ = play_with(bot, game, rng)
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_openspiel_observations_hide_other_hands():
    pyspiel = pytest.importorskip("pyspiel")
    import concombre.integrations.openspiel  # noqa: F401 - registers the game

    game = pyspiel.load_game("python_concombre", {"players": 3})
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    engine = state.engine
    text = state.information_state_string(0)
    assert all(str(card) not in text.split() for card in engine.hands[1])  # nothing played yet: no other card shows
    assert " ".join(map(str, engine.hands[0])) in text


@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on dict observations, as for any masked env
def test_pettingzoo_romme_api_and_seed_tests():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from concombre.integrations.pettingzoo import env

    api_test(env(game="romme", players=3), num_cycles=300, verbose_progress=False)
    seed_test(lambda: env(game="romme", players=2), num_cycles=300)


def test_pettingzoo_romme_refuses_a_choice_not_offered():
    pytest.importorskip("pettingzoo")
    from concombre import InvalidArgumentError
    from concombre.integrations.pettingzoo import TableEnv

    game = TableEnv("romme", players=2, parts=False)  # the numbered choices
    game.reset(seed=2)
    with pytest.raises(InvalidArgumentError, match="no move now: the moves offered are the slots"):
        game.step(200)
    game = TableEnv("romme", players=2)  # the parts
    game.reset(seed=2)
    with pytest.raises(InvalidArgumentError, match="is no part"):
        game.step(200)
    with pytest.raises(InvalidArgumentError, match=r"Part 166 \(discard\) is no move now: the parts offered are 0"):
        game.step(166)
    game.step(0)
    mover, card = game.agent_selection, int(np.flatnonzero(game.observe(game.agent_selection)["action_mask"])[0])
    game.step(card)
    assert game.agent_selection == mover and game.built == (card,) and game.rewards[mover] == 0
    with pytest.raises(InvalidArgumentError) as caught:
        game.step(113)  # one card is no meld (R5)
    assert caught.value.ruling == "R5" and game.built == (card,)


def test_pettingzoo_concombre_refuses_a_card_with_the_rule():
    pytest.importorskip("pettingzoo")
    import numpy as np

    from concombre import PACK, InvalidArgumentError, Play, why_illegal
    from concombre.integrations.pettingzoo import TableEnv

    game = TableEnv("concombre", players=3)
    game.reset(seed=2)
    mask = game.observe(game.agent_selection)["action_mask"]
    wrong = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(InvalidArgumentError) as caught:
        game.step(wrong)
    assert str(caught.value) == why_illegal(game.state, Play(PACK[wrong])) and caught.value.ruling


def test_openspiel_romme_random_simulations():
    pyspiel = pytest.importorskip("pyspiel")
    import concombre.integrations.openspiel  # noqa: F401 - registers the games

    for players in (2, 3):
        game = pyspiel.load_game("python_romme", {"players": players})
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_romme_information_states_hide_other_hands():
    pyspiel = pytest.importorskip("pyspiel")
    import concombre.integrations.openspiel  # noqa: F401 - registers the games

    state = pyspiel.load_game("python_romme", {"players": 2}).new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    other = " ".join(map(str, state.engine.hands[1]))
    assert other not in state.information_state_string(0)
    assert other in state.information_state_string(1)


@pytest.mark.parametrize(("name", "players"), [pytest.param("concombre", 3, marks=pytest.mark.slow), ("romme", 2)])
def test_openspiels_own_ismcts_bot_plays_whole_games_through_resampled_worlds(name, players):
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import ismcts, mcts

    import concombre.integrations.openspiel  # noqa: F401 - registers the games

    class Uniform(mcts.Evaluator):  # type: ignore[misc]
        """No rollouts (a random Rommé game is long): every position is worth 0, every action as likely."""

        def evaluate(self, state: Any) -> Any:
            return np.zeros(players)

        def prior(self, state: Any) -> list[tuple[int, float]]:
            actions = state.legal_actions()
            return [(action, 1.0 / len(actions)) for action in actions]

    game = pyspiel.load_game(f"python_{name}", {"players": players, **({"rebuilds": 0} if name == "romme" else {})})
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(1, rng) if name == "concombre" else Uniform()
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3,
                           random_state=rng)  # it asserts that each resampled world has the same information state
    state, moves = play_with(bot, game, rng)
    assert moves > players and sorted(state.returns())[-1] == 1.0


def test_a_resampled_world_keeps_the_players_information_and_hides_nothing_it_should_not():
    pyspiel = pytest.importorskip("pyspiel")
    import concombre.integrations.openspiel  # noqa: F401 - registers the games

    state = pyspiel.load_game("python_romme", {"players": 3}).new_initial_state()
    rng = random.Random(5)
    for _ in range(60):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(5)]
    assert all(world.information_state_string(player) == state.information_state_string(player) for world in worlds)
    assert all(world.engine.hands[player] == state.engine.hands[player] for world in worlds)
    assert len({world.engine.hands[(player + 1) % 3] for world in worlds}) > 1  # the others' hands are dealt anew
    assert all(world.history() == state.history() for world in worlds)


def test_openspiel_clone_shares_the_immutable_position_whatever_the_history():
    pyspiel = pytest.importorskip("pyspiel")
    import concombre.integrations.openspiel  # noqa: F401 - registers the games

    state = pyspiel.load_game("python_concombre", {"players": 3}).new_initial_state()
    rng = random.Random(6)
    for _ in range(120):
        state.apply_action(rng.choice(state.chance_outcomes())[0] if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    clone = state.clone()
    assert clone.engine is state.engine and clone.history() == state.history()
    assert set(vars(clone)) == {"_now"}  # one shared reference: all that OpenSpiel's clone copies
    clone.apply_action(clone.legal_actions()[0] if not clone.is_chance_node() else clone.chance_outcomes()[0][0])
    assert clone.engine is not state.engine and len(clone.history()) == len(state.history()) + 1


@pytest.mark.parametrize(("name", "players"), [("concombre", 3), ("romme", 2)])
def test_openspiel_refuses_actions_and_chance_outcomes_that_are_not_offered_leaving_the_state(name, players):
    pyspiel = pytest.importorskip("pyspiel")
    import concombre.integrations.openspiel  # noqa: F401 - registers the games
    from concombre import InvalidArgumentError

    state = pyspiel.load_game(f"python_{name}", {"players": players}).new_initial_state()
    rng = random.Random(8)
    refused = {"chance": 0, "player": 0}
    for _ in range(200):
        chance = state.is_chance_node()
        offered = [card for card, _ in state.chance_outcomes()] if chance else state.legal_actions()
        wrong = next(number for number in range(1000) if number not in offered)
        before = (state.history(), state.engine, state.drawn)
        with pytest.raises(InvalidArgumentError, match="Chance outcome" if chance else "not legal here"):
            state.apply_action(wrong)
        assert (state.history(), state.engine, state.drawn) == before
        refused["chance" if chance else "player"] += 1
        state.apply_action(rng.choice(offered))
    assert refused["chance"] and refused["player"]


@settings(max_examples=20)
@given(games())
def test_the_observation_straight_from_a_state_is_the_encoding_of_the_seats_view(game):
    from concombre import apply, legal_actions
    from concombre.games.concombre.encoding import encode_state

    state, rng = game
    while True:
        for seat in range(len(state.players)):
            assert np.array_equal(encode_state(state, seat), encode_view(view(state, seat)))
        if state.winner is not None:
            break
        state = apply(state, rng.choice(legal_actions(state)))


def test_pettingzoo_env_keeps_pettingzoos_order_checks():
    pytest.importorskip("pettingzoo")
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from concombre.integrations.pettingzoo import env

    table = env(players=3)
    assert isinstance(table, OrderEnforcingWrapper) and str(table) == "concombre_v1"
    with pytest.raises(AttributeError, match="before reset"):
        table.last()
    with pytest.raises(AssertionError, match="reset"):
        table.step(0)
    table.reset(seed=4)
    observation, *_ = table.last()
    table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert table.last()[0]["observation"].shape == (OBSERVATION_SIZE,)


@pytest.mark.parametrize("game", ["concombre", "romme"])
def test_pettingzoo_counts_the_end_of_the_game_once_in_every_reward_scheme(game):
    """The winner's ±1 was added twice (once by the game's rewards, once by the environment)."""
    pytest.importorskip("pettingzoo")
    import numpy as np

    from concombre.integrations.pettingzoo import env

    totals = {}
    for scheme in ("win", "points", "scaled"):
        table = env(game=game, players=3, reward=scheme)
        table.reset(seed=4)
        total = dict.fromkeys(table.possible_agents, 0.0)
        for agent in table.agent_iter():
            observation, reward, termination, truncation, _ = table.last()
            total[agent] += reward
            table.step(None if termination or truncation else int(np.flatnonzero(observation["action_mask"])[0]))
        totals[scheme] = total
    assert sorted(totals["win"].values()) == [-1.0, -1.0, 1.0]
    from concombre.games import find_game

    scale = find_game(game).points_scale
    for agent, won in totals["win"].items():
        assert totals["scaled"][agent] == pytest.approx(won + (totals["points"][agent] - won) / scale)
