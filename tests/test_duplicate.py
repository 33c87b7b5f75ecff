"""Duplicate games: the same deals and opponents, a candidate and a baseline in turn in one seat, paired."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from concombre import InvalidArgumentError, RandomBot, ThumbBot
from concombre.apps.cli import main
from concombre.apps.duplicate import duplicate, duplicate_table
from concombre.apps.simulate import simulate_games


def test_both_runs_play_the_same_deals_with_the_same_opponents():
    (row,) = duplicate("concombre", "thumb", "random", opponent="thumb", players=(3,), games=12, seed=4)
    judged = sorted(simulate_games([ThumbBot(), ThumbBot(), ThumbBot()], 12, seed=4003), key=lambda r: r.number)
    base = sorted(simulate_games([RandomBot(), ThumbBot(), ThumbBot()], 12, seed=4003), key=lambda r: r.number)
    seat = [-result.number % 3 for result in judged]
    wins = [(one.winner == at) - (other.winner == at) for one, other, at in zip(judged, base, seat, strict=True)]
    assert row.difference.value == pytest.approx(sum(wins) / 12)
    won = [result.winner == at for result, at in zip(judged, seat, strict=True)]
    assert row.candidate_wins.value == pytest.approx(sum(won) / 12)
    assert sorted(set(seat)) == [0, 1, 2]  # the judged seat goes round the table


def test_a_better_bot_shows_a_positive_paired_difference_at_every_table_size():
    rows = duplicate("concombre", "thumb", "random", players=(2, 3, 5, 7), games=40, seed=1)
    assert [row.players for row in rows] == [2, 3, 5, 7]
    assert all(row.better and row.points.low > 0 for row in rows)
    assert all(row.opponent == "random" for row in rows)
    flipped = duplicate("concombre", "random", "thumb", players=(2,), games=40, seed=1)[0]
    assert flipped.difference.high < 0


def test_the_same_seed_gives_the_same_rows_in_one_process_or_many():
    alone = duplicate("concombre", "thumb", "random", players=(2, 4), games=10, seed=7)
    with ThreadPoolExecutor(2) as pool:
        assert duplicate("concombre", "thumb", "random", players=(2, 4), games=10, seed=7, executor=pool) == alone


@pytest.mark.parametrize(("settings", "field"), [
    ({"candidate": "alphago"}, "candidate"), ({"baseline": "x"}, "baseline"), ({"opponent": "y"}, "opponent"),
    ({"candidate": "mc", "baseline": "mc"}, "baseline"), ({"games": 1}, "games"), ({"games": True}, "games"),
])
def test_bad_duplicates_are_refused_naming_the_field(settings, field):
    with pytest.raises(InvalidArgumentError) as refused:
        duplicate("concombre", **{"candidate": "thumb", "baseline": "random", "players": (2,), **settings})
    assert refused.value.field == field


def test_a_table_size_the_game_refuses_is_refused():
    with pytest.raises(InvalidArgumentError, match="2 to 7"):
        duplicate("concombre", "thumb", "random", players=(8,), games=4)


def test_the_command_prints_the_table(capsys):
    assert main(["ladder", "--duplicate", "thumb", "--baseline", "random", "--players", "2,3", "--games", "6"]) == 0
    out = capsys.readouterr().out
    assert "concombre ladder --game concombre --duplicate thumb --baseline random --players 2,3 --games 6" in out
    assert "| players | deal sets | thumb wins | random wins | paired difference |" in out
    assert out.count("\n| 2 | 6 |") + out.count("\n| 3 | 6 |") == 2
    assert duplicate_table(()) == ""
