"""A third game, shipped as an example (`concombre.examples.highcard`), works through every edge of the library.

Nothing outside its file knows it: it is registered through the protocol (in
process) or through the ``concombre.games`` entry point (in a fresh process),
and the command line, JSON, records, simulation, the terminal, the web table,
PettingZoo and OpenSpiel take it as they take the built-in games.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from concombre import FormatError, IllegalActionError, InvalidArgumentError, Record, from_json, to_json
from concombre.core.game import AnyGame, register, unregister
from concombre.core.records import replay  # any game's: the front door's replay is Concombre's
from concombre.examples import highcard, highcard_full
from concombre.games import GAMES, find_game
from concombre.io.records import read_record

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def game() -> Iterator[AnyGame]:
    register(highcard_full.GAME_FULL)
    yield highcard_full.GAME_FULL
    unregister(highcard_full.GAME_FULL)


@pytest.fixture
def core_game() -> Iterator[AnyGame]:
    """High Card as the protocol's required core and bots alone: no records, JSON, story or learning."""
    register(highcard.GAME)
    yield highcard.GAME
    unregister(highcard.GAME)


def test_the_required_core_alone_plays_simulates_and_rates_its_bots(core_game):
    from concombre.apps.demo import demo_game
    from concombre.apps.ladder import ladder
    from concombre.apps.simulate import simulate

    state = core_game.new_game(core_game.default_players, seed=1)
    rng = random.Random(1)
    while not core_game.is_over(state):  # the generic loop: nothing but the protocol
        action = rng.choice(core_game.legal_actions(state))
        assert core_game.why_illegal(state, action) is None
        state = core_game.apply(state, action)
    assert core_game.winner(state) in (0, 1) and sorted(core_game.returns(state)) == [-1.0, 1.0]
    summary = simulate([core_game.bot("high"), core_game.bot("random")], 30, seed=2, rules=highcard.Rules())
    assert summary.games == 30 and {bot.name for bot in summary.bots} == {"high", "random"}
    assert ladder("highcard", players=(2,), games=10, seed=1).ratings[0].bot in ("high", "random")
    with pytest.raises(InvalidArgumentError) as caught:
        list(demo_game(core_game))
    assert "High Card offers no story" in str(caught.value) and caught.value.field == "game"
    with pytest.raises(InvalidArgumentError, match="offers no text records"):
        Record.of(core_game.new_game(2, seed=1)).to_text()


def random_record(game, seed: int) -> tuple[object, Record]:
    rng = random.Random(seed)
    state = game.new_game(["Ann", "Bob"], seed=seed)
    record = Record.of(state)
    while not game.is_over(state):
        action = rng.choice(game.legal_actions(state))
        state, record = game.apply(state, action), record.then(action)
    return state, record


def test_the_registry_finds_it_and_checks_its_player_count(game):
    assert find_game("highcard") is game and "highcard" in GAMES
    with pytest.raises(InvalidArgumentError) as caught:
        game.new_game(3)
    assert caught.value.ruling == "H1" and "High Card is played by 2 to 2 players" in str(caught.value)


def test_its_values_round_trip_through_json_and_its_records_replay(game):
    for seed in range(5):
        state, record = random_record(game, seed)
        assert replay(record) == state
        assert from_json(to_json(record), Record) == record
        assert read_record(record.to_text()) == record == read_record(to_json(record))
        assert from_json(to_json(state)) == state
        seen = game.view(state, 1)
        assert from_json(to_json(seen)) == seen
        assert json.loads(to_json(record))["format"] == "highcard.record/1"
    with pytest.raises(FormatError) as caught:
        from_json('{"format": "highcard.state/1", "rules": {"target": 3}, "players": ["A", "B"], "seed": 1,'
                  ' "dealer": 0, "round_number": 1, "phase": "play", "to_play": 0,'
                  ' "hands": [["2C", "2C"], []], "trick": [], "scores": [0, 0]}')
    assert caught.value.ruling == "H2"


def test_an_illegal_action_in_its_record_is_refused_with_its_ruling(game):
    record = Record(("Ann", "Bob"), highcard.Rules(), 1, 0, (highcard.Deal(), highcard.Deal()))
    with pytest.raises(FormatError) as caught:
        replay(record)
    assert (caught.value.path, caught.value.ruling) == ("$.actions[1]", "H2")
    state = game.new_game(2, seed=1)
    with pytest.raises(IllegalActionError):
        game.apply(state, highcard.Play("2C"))
    refused = game.refusal(state, highcard.Play("2C"))
    assert refused is not None and refused.ruling == "H3"
    assert game.why_illegal(state, highcard.Play("2C")) == str(refused)


def test_simulation_terminal_demo_and_web_table_play_it(game):
    from concombre.apps.demo import demo_game
    from concombre.apps.simulate import simulate
    from concombre.apps.terminal import TerminalGame
    from concombre.apps.web.tables import new_table
    from concombre.io.json import to_dict

    summary = simulate([game.bot("high"), game.bot("random")], 40, seed=3, rules=highcard.Rules())
    assert summary.games == 40 and {bot.name for bot in summary.bots} == {"high", "random"}
    lines = list(demo_game(game, players=2, seed=4))
    assert lines[0].startswith("High Card for 2 players") and lines[-1].endswith("wins.")
    table = TerminalGame.start(game, "You", [game.bot("random")], highcard.Rules(), seed=5)
    answers = iter(["9", "1", "1", "1", "1", "1", "1"] * 5)
    assert table.run(lambda prompt: next(answers), lambda line: None) == 0 and game.is_over(table.state)
    web = new_table("highcard", 2, "Ann", seed=6)
    while not web.message(0)["over"]:
        assert web.act(0, web.message(0)["choices"][0]["action"]) is None
        web.play_bots()
    assert replay(web.record) == web.state and to_dict(web.record)["format"] == "highcard.record/1"


@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's advice on dict observations
def test_pettingzoo_api_test_passes(game):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from concombre.integrations.pettingzoo import env

    api_test(env(game="highcard", players=2), num_cycles=200, verbose_progress=False)
    seed_test(lambda: env(game="highcard", players=2), num_cycles=200)


def test_openspiel_random_sim_test_passes(game):
    pyspiel = pytest.importorskip("pyspiel")
    from concombre.integrations.openspiel import register as register_with_openspiel

    loaded = pyspiel.load_game(register_with_openspiel(game), {"players": 2})
    pyspiel.random_sim_test(loaded, num_sims=5, serialize=True, verbose=False)


@pytest.fixture
def plugin(tmp_path: Path) -> dict[str, str]:
    """An environment in which the game is installed as a package would install it: by its entry point."""
    info = tmp_path / "highcard_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: highcard-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[concombre.games]\nhighcard = concombre.examples.highcard_full:GAME_FULL\n")
    return {"PYTHONPATH": f"{tmp_path}:{ROOT}", "PATH": "/usr/bin:/bin"}


def run(plugin: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "concombre", *args], capture_output=True, text=True,
                          env=plugin, cwd=ROOT, timeout=120)


def test_the_command_line_plays_a_game_installed_by_entry_point(plugin, tmp_path):
    done = run(plugin, "simulate", "--game", "highcard", "--games", "30", "--json")
    assert done.returncode == 0, done.stderr
    assert [bot["name"] for bot in json.loads(done.stdout)["bots"]] == ["high", "random"]
    demo = run(plugin, "demo", "--game", "highcard", "--players", "2", "--target", "2")
    assert demo.stdout.rstrip().endswith("wins.")
    refused = run(plugin, "simulate", "--game", "highcard", "--follow", "highest")
    assert refused.returncode == 2 and "--follow is not an option of High Card" in refused.stderr
    saved = tmp_path / "game.txt"
    played = subprocess.run([sys.executable, "-m", "concombre", "play", "--game", "highcard", "--players", "2",
                             "--seed", "3", "--save", str(saved)], input="1\n" * 20, capture_output=True, text=True,
                            env=plugin, cwd=ROOT, timeout=120)
    assert played.returncode == 0, played.stderr
    assert saved.read_text().startswith("highcard record 1")
    replayed = run(plugin, "replay", str(saved))
    assert replayed.returncode == 0 and replayed.stdout.startswith("High Card for 2 players (You, Bea)")


def test_the_terminal_asks_the_engine_before_applying_what_a_reader_returns():
    from concombre.apps.terminal import TerminalGame

    def trusting(state, answer):  # a reader that returns whatever card is named, held or not
        return highcard.Play(answer.strip())

    assert highcard_full.GAME_FULL.story is not None
    careless = attrs.evolve(highcard_full.GAME_FULL, story=attrs.evolve(highcard_full.GAME_FULL.story, read=trusting))
    register(careless)
    try:
        table = TerminalGame.start(careless, "You", [careless.bot("high")], highcard.Rules(target=1), seed=5)
        cards = [str(card) for card in reversed(highcard.CARDS)]  # 4D first: not in this deal's hand
        answers = iter(cards * 3)
        lines: list[str] = []
        assert table.run(lambda prompt: next(answers), lines.append) == 0
        assert any(line.startswith("You do not hold") and line.endswith("[H3]") for line in lines)
        assert careless.is_over(table.state)
    finally:
        unregister(careless)


def test_ladder_and_simulate_run_on_a_games_own_player_counts(plugin):
    done = run(plugin, "ladder", "--game", "highcard", "--games", "4")
    assert done.returncode == 0, done.stderr
    assert "--players 2 " in done.stdout  # not the default 2,4: High Card seats two
    from concombre.apps.cli import _counts, _rivals

    wide = attrs.evolve(highcard.GAME, info=attrs.evolve(highcard.GAME.info, players=(3, 7), default_players=5))
    assert _counts(wide, (2, 4)) == "4" and _counts(wide, (2, 3, 4, 5, 7)) == "3,4,5,7"
    assert _rivals(wide) == ("high", "random", "high", "random", "high")
