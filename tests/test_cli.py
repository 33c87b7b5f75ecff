"""The command line, through its real entry points."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from concombre.apps.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "concombre", *args], capture_output=True, text=True, timeout=60, check=False
    )


def test_demo_plays_a_whole_game_readably():
    done = run("demo", "--players", "4", "--seed", "7")
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert text.startswith("Concombre for 4 players (Ada, Bea, Cyd, Dov), seed 7")
    assert "Round 1: Ada deals 7 cards each; Bea leads." in text
    assert "Trick 1:" in text and "takes the last trick with" in text
    assert "Player  Score  Penalty cards" in text
    assert "half cucumber" in text and "eliminated" in text
    assert text.rstrip().endswith("wins the game.")


def test_demo_is_reproducible_and_options_change_it():
    assert run("demo", "--seed", "3").stdout == run("demo", "--seed", "3").stdout
    assert run("demo", "--seed", "3").stdout != run("demo", "--seed", "3", "--follow", "highest").stdout
    assert "duck" in run("demo", "--seed", "3", "--may-duck").stdout


@pytest.mark.parametrize("players", ["2", "7"])
def test_demo_for_every_table_size(players, capsys):
    assert main(["demo", "--players", players, "--seed", "1"]) == 0
    assert f"Concombre for {players} players" in capsys.readouterr().out


@pytest.mark.parametrize("args", [["demo", "--follow", "low"], ["demo", "--game", "chess"], ["nope"], []])
def test_bad_arguments_are_refused_with_usage(args):
    done = run(*args)
    assert done.returncode == 2
    assert "usage: concombre" in done.stderr and "Traceback" not in done.stderr


def test_the_console_script_runs_the_demo():
    from pathlib import Path

    script = Path(sys.executable).with_name("concombre")
    if not script.exists():
        pytest.skip("the package is not installed with its console script")
    done = subprocess.run(
        [str(script), "demo", "--players", "3"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert "wins the game." in done.stdout


@pytest.mark.parametrize("seed", ["-1", str(2**64)])
def test_a_seed_out_of_range_is_refused_without_a_traceback(seed):
    done = run("demo", "--seed", seed)
    assert done.returncode == 2
    assert "concombre: The seed must be" in done.stderr and "Traceback" not in done.stderr


def run_with_input(args: list[str], text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "concombre", *args], input=text, capture_output=True, text=True, timeout=120,
        check=False,
    )


def test_play_a_whole_game_against_the_bots_by_numbers(tmp_path):
    record = tmp_path / "game.txt"
    done = run_with_input(["play", "--players", "3", "--seed", "5", "--save", str(record)], "1\n" * 2000)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "you play against Bea (thumb), Cyd (thumb)" in out
    assert "(your view)" in out and "Your plays: 1) " in out and "  Trick: " in out and "You may play: " in out
    assert "played this round:" in out and "  You: 0 points" in out and "  Bea plays " in out
    assert ("wins the game." in out or "You win the game." in out) and "Traceback" not in done.stderr
    assert "The game record is saved in" in out
    replayed = run(*["replay", str(record)])
    assert replayed.returncode == 0
    assert replayed.stdout.rstrip().endswith(("wins the game.", "win the game."))


def test_play_refuses_bad_input_with_the_reason_and_asks_again():
    done = run_with_input(["play", "--players", "2", "--seed", "5"], "zz\n0\n\nAS\n2C\n1\n")
    out = done.stdout
    assert "'zz' is not a card" in out
    assert "There is no play 0" in out
    assert "Type the number of a play" in out
    assert "[C14]" in out or "[C7]" in out  # a card not held, or not allowed to follow
    assert "You leave the table." in out  # end of input after the scripted answers
    assert done.returncode == 0 and "Traceback" not in done.stderr


def test_play_accepts_cards_as_text_and_saves_json(tmp_path):
    from concombre import Record, from_json, replay

    record = tmp_path / "game.json"
    first = run_with_input(["play", "--players", "2", "--seed", "8"], "")
    assert "You leave the table." in first.stdout
    done = run_with_input(["play", "--players", "2", "--seed", "8", "--bots", "random", "--save", str(record)],
                          "\n".join(["1"] * 10) + "\n")
    assert done.returncode == 0
    game = from_json(record.read_text(), Record)
    assert game.players == ("You", "Bea")
    assert replay(game).phase.value in ("play", "trick complete", "round complete", "deal", "game over")


def test_play_with_mixed_bots_and_rules():
    done = run_with_input(["play", "--players", "4", "--bots", "random,mc", "--follow", "highest", "--may-duck",
                           "--seed", "2", "--name", "Zoe"], "1\n" * 3)
    assert "you are Zoe, against Bea (random), Cyd (mc), Dov (random)" in done.stdout
    assert "highest card so far, or duck" in done.stdout


def test_play_refuses_an_unknown_bot():
    done = run_with_input(["play", "--bots", "thumb,alphago"], "")
    assert done.returncode == 2 and "no Concombre bot named 'alphago'" in done.stderr


def test_simulate_prints_a_table_and_json():
    done = run("simulate", "--games", "40", "--bots", "thumb,random", "--workers", "2", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert "thumb" in done.stdout and "points/round" in done.stdout and "40 games" in done.stdout
    data = json.loads(run("simulate", "--games", "10", "--bots", "thumb,random,thumb", "--json").stdout)
    assert data["games"] == 10 and [bot["name"] for bot in data["bots"]] == ["thumb", "random"]
    assert data["bots"][0]["seats"] == 20


def test_simulate_without_rich_prints_plain_text(monkeypatch, capsys):
    import builtins

    real_import = builtins.__import__

    def no_rich(name, *args, **kwargs):
        if name.startswith("rich"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_rich)
    assert main(["simulate", "--games", "10", "--bots", "thumb,random"]) == 0
    captured = capsys.readouterr()
    assert "points/round" in captured.out and "10/10 games" in captured.err


def test_simulate_romme_between_the_solver_and_random_bots():
    data = json.loads(run("simulate", "--game", "romme", "--games", "6", "--json").stdout)
    assert [bot["name"] for bot in data["bots"]] == ["solver", "random"]
    assert run("simulate", "--game", "romme", "--bots", "thumb,random").returncode == 2


def test_simulate_refuses_bad_arguments():
    assert run("simulate", "--games", "0").returncode == 2
    assert "played by 2 to 7 players, not 1. [C1]" in run("simulate", "--bots", "thumb").stderr


@pytest.mark.parametrize("command", ["demo", "play", "simulate"])
def test_every_command_refuses_another_games_options(command):
    done = run(command, "--game", "romme", "--follow", "highest")
    assert done.returncode == 2 and "--follow is not an option of German Rommé" in done.stderr
    done = run(command, "--jokers", "6")
    assert done.returncode == 2 and "--jokers is not an option of Concombre" in done.stderr


def test_simulate_checks_rommes_player_count_with_its_ruling():
    done = run("simulate", "--game", "romme", "--bots", "solver,random,random,random,random,random,random")
    assert done.returncode == 2 and "German Rommé is played by 2 to 6 players, not 7. [R1]" in done.stderr
    done = run("simulate", "--game", "romme", "--jokers", "6", "--games", "2", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["games"] == 2


def test_replay_refuses_a_bad_file(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("concombre record 1\nplayers: [\"A\", \"B\"]\nseed: 1\ndealer: 0\ndeal\nplay QQ\n")
    done = run("replay", str(bad))
    assert done.returncode == 2 and "line 6" in done.stderr and "Traceback" not in done.stderr
    assert run("replay", str(tmp_path / "missing.txt")).returncode == 2


def test_import_concombre_stays_light():
    heavy = ('rich', 'cattrs', 'distributed', 'numpy', 'pyspiel', 'pettingzoo', 'gymnasium')
    code = f"import sys, concombre, concombre.games.romme; print(sorted(m for m in {heavy!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_play_a_whole_game_of_romme_with_auto_and_replay_it(tmp_path):
    record = tmp_path / "romme.json"
    done = run_with_input(["play", "--game", "romme", "--players", "2", "--seed", "6", "--save", str(record)],
                          "auto\n" * 3000)
    assert done.returncode == 0, done.stderr
    assert "German Rommé: you play against Bea (solver)." in done.stdout
    assert "  You: " in done.stdout and "  Discard pile: " in done.stdout and "(your view)" in done.stdout
    assert "You win with" in done.stdout or "Bea wins with" in done.stdout
    replayed = run("replay", str(record))
    assert replayed.returncode == 0 and replayed.stdout.rstrip().endswith("points.")


def test_play_romme_refuses_bad_steps_with_the_reason():
    answers = "x\ns\ndiscard ZZ1\nlay off QH1 on 1 high\nhint\nhelp\n"
    done = run_with_input(["play", "--game", "romme", "--players", "3", "--seed", "6", "--bots", "random"], answers)
    out = done.stdout
    assert "'x' is not a move I can read." in out and "'ZZ1' is not a card" in out
    assert "[R8]" in out or "[R15]" in out  # no lay-off before opening, or a card not held
    assert "Hint from the solver bot: " in out and "You leave the table." in out
    assert done.returncode == 0 and "Traceback" not in done.stderr


def test_play_romme_refuses_seven_players():
    done = run_with_input(["play", "--game", "romme", "--players", "7"], "")
    assert done.returncode == 2 and "2 to 6 players" in done.stderr


def test_version_is_the_installed_distributions(capsys):
    import importlib.metadata

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"concombre {importlib.metadata.version('concombre')}"


def test_simulate_on_a_dask_scheduler_and_the_columns_that_mean_something(capsys):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        assert main(["simulate", "--games", "30", "--scheduler", cluster.scheduler_address, "--json"]) == 0
    on_dask = json.loads(capsys.readouterr().out)
    assert main(["simulate", "--games", "30", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == on_dask  # the same seeded games, wherever they are played
    assert main(["simulate", "--games", "4", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    assert "not both" in capsys.readouterr().err
    assert main(["simulate", "--game", "romme", "--games", "2"]) == 0
    table = capsys.readouterr().out
    assert "points/round" in table and "first out" not in table  # Rommé eliminates nobody


def test_replay_steps_through_a_game_showing_the_table_and_with_hands_every_hand(tmp_path):
    record = tmp_path / "romme.json"
    played = run_with_input(["play", "--game", "romme", "--players", "2", "--seed", "4", "--save", str(record)],
                            "auto\n" * 2000)
    assert played.returncode == 0
    stepped = run_with_input(["replay", "--step", str(record)], "\n\nq\n")
    out = stepped.stdout
    assert stepped.returncode == 0 and out.count("Enter for the next action") == 3
    assert "You: holds 13 cards" in out and "Discard pile:" in out
    assert out.rstrip().endswith("points.")  # after q, the rest of the game is told without stopping
    shown = run("replay", "--hands", str(record)).stdout
    assert "holds 13 cards" not in shown.split("Round 1")[1].split("Discard pile")[0]  # hands face up


@pytest.mark.parametrize("command", ["demo", "play", "simulate", "replay", "serve", "bench"])
def test_every_commands_help_reads_well(command, capsys):
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    text = capsys.readouterr().out
    assert "%%" not in text and "usage: concombre " + command in text
    assert all(line == line.rstrip() or not line.strip() for line in text.splitlines())


def test_a_bench_curve_that_cannot_be_written_is_refused_before_measuring(tmp_path, capsys, monkeypatch):
    import concombre.bench

    monkeypatch.setattr(concombre.bench, "run", lambda **_: pytest.fail("the bench ran"))
    assert main(["bench", "--curve", str(tmp_path / "missing" / "curve.svg")]) == 2
    assert "--curve cannot be written to" in capsys.readouterr().err
