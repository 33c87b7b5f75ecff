"""Levels: the bots people choose by strength, their figures held to the docs' ladder, in the terminal and the web."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from concombre.core.errors import InvalidArgumentError
from concombre.core.game import LEVEL_NAMES, Level
from concombre.games import find_game

LADDER = Path(__file__).resolve().parent.parent / "docs" / "guides" / "ladder"


def ladder_rows(game: str) -> dict[str, tuple[int, float]]:
    """The rating and ms a move of each bot in the docs' ladder table of ``game``."""
    rows = re.findall(r"^\| (\w+) \| ([+-]\d+) \[[^]]*\] \| ([\d.]+) \|$",
                      (LADDER / f"{game}.txt").read_text(encoding="utf-8"), flags=re.MULTILINE)
    return {bot: (int(rating), float(ms)) for bot, rating, ms in rows}


@pytest.mark.parametrize("name", ["concombre", "romme"])
def test_each_game_offers_three_levels_weakest_first_with_the_ladder_s_figures(name):
    game = find_game(name)
    assert game.bots is not None
    levels = game.bots.levels
    assert [level.name for level in levels] == list(LEVEL_NAMES)
    measured = ladder_rows(name)
    for level in levels:
        assert level.bot in game.bots.makers
        assert (level.rating, level.ms) == measured[level.bot], f"{name} {level.name}: regenerate or copy the ladder"
    assert [level.rating for level in levels] == sorted(level.rating for level in levels)


def test_a_level_s_name_is_checked():
    with pytest.raises(InvalidArgumentError) as raised:
        Level(name="grandmaster", bot="thumb", rating=0, ms=1.0)
    assert raised.value.field == "name"


def play(*args: str, stdin: str = "quit\n") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "concombre", "play", *args], input=stdin, capture_output=True,
                          text=True, timeout=120, check=False)


def test_the_terminal_offers_the_levels_and_plays_the_chosen_one():
    done = play("--game", "romme", "--players", "2", "--level", "expert", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "Levels (--level): beginner: random (rating -619" in done.stdout
    assert "expert: planner (rating +358, 15 ms a move) [yours]" in done.stdout
    assert "you play against Bea (planner)" in done.stdout


def test_the_terminal_refuses_a_level_with_bots_or_an_unknown_level():
    both = play("--level", "club", "--bots", "thumb")
    assert both.returncode == 2 and "--level or --bots" in both.stderr
    unknown = play("--level", "grandmaster")
    assert unknown.returncode == 2 and "grandmaster" in unknown.stderr


def test_the_web_page_lists_the_levels():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from concombre.apps.web.app import create_app

    games = TestClient(create_app(trick_pause=0), base_url="http://localhost").get("/api/games?lang=id").json()
    romme = next(game for game in games if game["name"] == "romme")
    assert [(level["name"], level["bot"]) for level in romme["levels"]] == [
        ("beginner", "random"), ("club", "solver"), ("expert", "planner")]
    assert romme["levels"][0]["label"] != "beginner"  # in the reader's language
    assert all(level["bot"] in romme["bots"] for level in romme["levels"])
