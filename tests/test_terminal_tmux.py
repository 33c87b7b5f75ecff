"""A person plays a whole game of Rommé in a real terminal (tmux), and can follow it from the screen alone.

The person answers every prompt as a scripted player would (drawing from the stock by typing ``s``, a
card without its copy now and then, ``auto`` otherwise); at the end, the record the game saved is
replayed, and every step of every player, as the game's story tells it, must be on the screen, in order.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from concombre.core.records import Record
from concombre.games import find_game
from concombre.io.records import load_record

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=True).stdout


def screen(session: str, whole: bool = False) -> str:
    return tmux("capture-pane", "-p", "-J", "-t", session, *(["-S", "-"] if whole else []))


def play_in_tmux(tmp_path: Path, seed: int) -> tuple[str, Record]:
    session, saved = f"concombre-{uuid.uuid4().hex[:8]}", tmp_path / "game.json"
    done = tmp_path / "done"
    command = (f"{sys.executable} -m concombre play --game romme --players 3 --seed {seed} --save {saved}; "
               f"touch {done}; sleep 30")
    tmux("new-session", "-d", "-s", session, "-x", "220", "-y", "50", command)
    try:
        tmux("set-option", "-t", session, "history-limit", "200000")
        answered, deadline = 0, time.monotonic() + 240
        while not done.exists():
            assert time.monotonic() < deadline, "the game did not end in time:\n" + screen(session)
            last = screen(session).rstrip().splitlines()[-1:] or [""]
            if last[0].startswith("Your move:") and last[0].strip() == "Your move:":
                shown = screen(session)
                answer = "s" if "to draw (your view)" in shown.split("German Rommé, round")[-1] else "auto"
                if answer == "auto" and answered % 5 == 4:
                    answer = "hint"  # asks, and the prompt comes back: auto follows
                tmux("send-keys", "-t", session, answer, "Enter")
                answered += 1
                time.sleep(0.01)
            else:
                time.sleep(0.02)
        transcript = screen(session, whole=True)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True, check=False)
    return transcript, load_record(saved)


def test_a_whole_romme_game_in_a_terminal_can_be_followed_from_the_screen(tmp_path):
    transcript, record = play_in_tmux(tmp_path, seed=11)
    game = find_game("romme")
    lines = [line.rstrip() for line in transcript.splitlines()]
    assert any("wins with" in line for line in lines), transcript[-2000:]
    position, told = 0, 0
    state = record.start()
    for action in record.actions:
        after = game.apply(state, action)
        assert game.story is not None
        for line in game.story.tell(state, action, after):
            if not line.strip():
                continue
            while position < len(lines) and lines[position] != line.rstrip():
                position += 1
            assert position < len(lines), f"not on the screen, in order: {line!r}"
            position += 1
            told += 1
        state = after
    kinds = {type(action).__name__ for action in record.actions}
    assert {"DrawStock", "Discard", "MeldCards"} <= kinds  # the game had draws, melds and discards to follow
    assert told > 100
    assert any(line.startswith("  You now hold ") for line in lines)  # the person sees what they drew
    assert any(line.startswith("Auto, by the solver bot: ") for line in lines)
