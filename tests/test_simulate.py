"""Simulations: reproducible whatever the parallelism, streamed, with confidence intervals."""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from concombre import Action, Bot, InvalidArgumentError, RandomBot, Rules, ThumbBot, View
from concombre.apps.simulate import mean, play_game, proportion, simulate, simulate_games, summarize

BOTS: list[Bot[View, Action]] = [ThumbBot(), RandomBot(), ThumbBot()]


def test_a_simulation_is_the_same_in_one_process_in_threads_and_in_processes():
    alone = simulate(BOTS, 30, seed=4)
    with ThreadPoolExecutor(3) as threads:
        threaded = simulate(BOTS, 30, seed=4, executor=threads, chunk=4)
    with ProcessPoolExecutor(2) as processes:
        spread = simulate(BOTS, 30, seed=4, executor=processes, chunk=7)
    assert alone == threaded == spread
    assert [result.number for result in alone.results] == list(range(30))


def test_a_simulation_runs_on_a_dask_cluster():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster, distributed.Client(cluster) as client:
        on_dask = simulate(BOTS, 20, seed=8, executor=client.get_executor(), chunk=5)
    assert on_dask == simulate(BOTS, 20, seed=8)


def test_results_stream_and_a_stopped_run_keeps_what_finished():
    with ThreadPoolExecutor(1) as pool:
        stream = simulate_games(BOTS, 200, seed=2, executor=pool, chunk=5)
        first = [next(stream) for _ in range(12)]
        stream.close()  # as when the caller stops on Ctrl-C: pending chunks are cancelled
    assert len({result.number for result in first}) == 12
    partial = summarize(first)
    assert partial.games == 12 and sum(bot.seats for bot in partial.bots) == 36


def test_seats_rotate_and_every_game_is_a_pure_function_of_its_number():
    assert play_game(BOTS, 5, 3) == play_game(BOTS, 5, 3)
    assert [play_game(BOTS, 5, number).bots for number in range(3)] == [
        ("thumb", "random", "thumb"), ("random", "thumb", "thumb"), ("thumb", "thumb", "random")
    ]


def test_a_game_result_adds_up():
    result = play_game(BOTS, 1, 0, Rules())
    assert sorted([*result.out, result.winner]) == [0, 1, 2]
    assert all(played >= 1 for played in result.rounds_played)
    assert sum(result.points) < 0  # minus the penalty points taken (C9)


def test_summaries_count_seats_wins_and_intervals():
    summary = simulate([ThumbBot(), RandomBot()], 60, seed=3)
    thumb, random_bot = summary.bot("thumb"), summary.bot("random")
    assert thumb.seats == random_bot.seats == 60
    assert math.isclose(thumb.wins.value + random_bot.wins.value, 1.0)
    assert thumb.wins.low <= thumb.wins.value <= thumb.wins.high
    assert thumb.points_per_round.value > random_bot.points_per_round.value
    assert summary.rounds_per_game.low < summary.rounds_per_game.value < summary.rounds_per_game.high


def test_intervals():
    assert proportion(0, 0).low == 0.0
    assert proportion(10, 10).high == 1.0 and proportion(10, 10).low > 0.65
    assert math.isinf(mean([3.0]).high)
    assert math.isnan(mean([]).value)


@pytest.mark.parametrize(("bots", "games", "message"), [
    ([ThumbBot()], 5, "2 to 7 players"), (BOTS, 0, "games"), (BOTS, True, "games"),
])
def test_bad_simulations_are_refused(bots, games, message):
    with pytest.raises(InvalidArgumentError, match=message):
        simulate(bots, games)
