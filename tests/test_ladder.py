"""The rating ladder, and the bots' fairness: a bot's choice depends on its view only."""

from __future__ import annotations

import math
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from concombre import InvalidArgumentError
from concombre.apps.cli import main
from concombre.apps.ladder import _strengths, ladder, lineups
from concombre.games import GAMES, find_game


def test_the_same_seed_gives_the_same_ladder_in_one_process_or_many():
    alone = ladder("concombre", ["random", "thumb"], players=(2, 3), games=12, seed=5)
    with ThreadPoolExecutor(2) as pool:
        spread = ladder("concombre", ["random", "thumb"], players=(2, 3), games=12, seed=5, executor=pool)
    assert alone.pairings == spread.pairings
    assert [rating.elo for rating in alone.ratings] == [rating.elo for rating in spread.ratings]


def test_ratings_order_the_bots_and_every_pairing_is_counted():
    result = ladder("concombre", ["random", "thumb"], players=(2, 4), games=40, seed=1)
    thumb, random_bot = result.ratings
    assert thumb.bot == "thumb" and thumb.elo.low <= thumb.elo.value <= thumb.elo.high
    assert thumb.elo.value == pytest.approx(-random_bot.elo.value)  # the mean is 0
    two = result.pairing("thumb", "random", 2)
    assert two.wins + result.pairing("random", "thumb", 2).wins == 40 and two.better
    four = result.pairing("thumb", "random", 4)
    assert four.fair == 0.25 and four.games == 40 and four.better
    assert thumb.ms_per_move >= 0 and "| **thumb** |" in result.table()


def test_a_ladder_of_larger_tables_alone_rates_its_bots_by_luce_s_choice_model():
    result = ladder("concombre", ["random", "thumb"], players=(4,), games=12, seed=3)
    assert all(math.isfinite(value) for rating in result.ratings
               for value in (rating.elo.low, rating.elo.value, rating.elo.high))
    assert result.ratings[-1].bot == "random"  # it never won: smoothed, its rating is finite and the lowest


def test_strengths_fit_luce_s_model_to_tables_of_one_bot_against_copies_of_another():
    # a bot twice as strong as its rival wins a table against three copies of it 2 / (2 + 3) of the time
    strengths = _strengths(["a", "b"], [("a", "b", 3, 5_000_000, 2_000_000.0), ("b", "a", 3, 3_500_000, 500_000.0)])
    assert strengths["a"] - strengths["b"] == pytest.approx(400 * math.log10(2), abs=0.5)


def test_lineups_alternate_pairs_and_put_one_bot_against_three():
    assert lineups(["a", "b", "c"], 2) == [("a", "b", ("a", "b")), ("a", "c", ("a", "c")), ("b", "c", ("b", "c"))]
    assert len(lineups(["a", "b", "c"], 4)) == 6


@pytest.mark.parametrize("settings", [{"bots": ["thumb"]}, {"bots": ["thumb", "thumb"]}, {"bots": ["thumb", "x"]},
                                      {"players": (9,)}, {"players": ()}, {"games": 0}, {"games": True}])
def test_bad_ladders_are_refused(settings):
    with pytest.raises(InvalidArgumentError):
        ladder("concombre", **{"bots": ["random", "thumb"], **settings})


def test_the_command_prints_the_tables(capsys):
    assert main(["ladder", "--bots", "random,thumb", "--players", "2", "--games", "6", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "concombre ladder --game concombre --bots random,thumb --players 2 --games 6 --seed 2" in out
    assert "| bot | rating (Elo scale) | ms per move |" in out
    assert main(["ladder", "--players", "two"]) == 2


def positions(game: Any, count: int, seed: int) -> list[tuple[Any, int]]:
    """Positions where a seat must choose, from random games."""
    rng = random.Random(seed)
    found: list[tuple[Any, int]] = []
    state = game.new_game(2, seed=seed)
    while len(found) < count:
        if game.is_over(state):
            state = game.new_game(2, seed=rng.randrange(10**6))
        seat = game.to_play(state)
        if seat is not None and rng.random() < 0.3:
            found.append((state, seat))
        state = game.apply(state, rng.choice(list(game.legal_actions(state))))
    return found


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_bot_s_choice_does_not_change_when_the_hidden_cards_are_dealt_otherwise(name):
    game = find_game(name)
    if game.learning is None or game.learning.sample is None:
        pytest.skip(f"{game.title} has no sampler of hidden cards")
    rng = random.Random(3)
    for state, seat in positions(game, 6, 11):
        seen = game.view(state, seat)
        assert game.bots is not None
        for kind in game.bots.makers:
            if kind == "mc":
                continue  # the slowest: the others cover the protocol, and mc reads nothing but its view either
            chosen = game.bot(kind).choose(seen, random.Random(7))
            for _ in range(2):
                world = game.learning.sample(seen, rng)  # the cards this seat cannot see, dealt another way
                assert game.view(world, seat) == seen
                assert game.bot(kind).choose(game.view(world, seat), random.Random(7)) == chosen, kind
