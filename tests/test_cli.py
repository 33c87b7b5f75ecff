"""The command line, through its real entry points."""

from __future__ import annotations

import subprocess
import sys

import pytest

from concombre.cli import main


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


@pytest.mark.parametrize("args", [["demo", "--players", "8"], ["demo", "--follow", "low"], ["nope"], []])
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
