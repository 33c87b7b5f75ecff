"""Golden games: a dozen seeded whole games stored as text records with their results.

Each file under ``tests/golden/`` is a text record followed by ``#=`` lines
giving the dealer, scores, penalty cards and flags after every round, and the
winner. The test replays each record through the engine and compares, so any
change of behaviour shows up as a failing test and, once intended, as a
reviewed diff of these files.

To regenerate them on purpose after an intended change of behaviour:

    CONCOMBRE_REGENERATE_GOLDEN=1 python -m pytest tests/test_golden.py

then review ``git diff tests/golden`` before committing.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from concombre import Phase, Record, Rules, ScoreRound, State, new_game, replay_states

from .support import random_game

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("CONCOMBRE_REGENERATE_GOLDEN") == "1"

GAMES = [
    (players, follow, may_duck, 1000 * players + (follow == "highest"))
    for players in range(2, 8)
    for follow, may_duck in (("lead", False), ("highest", players % 2 == 1))
]


def golden_path(players: int, follow: str, may_duck: bool, seed: int) -> Path:
    duck = "-duck" if may_duck else ""
    return GOLDEN / f"{players}p-{follow}{duck}-{seed}.txt"


def summary(state: State) -> str:
    """One ``#=`` line: what a scored round left on the score sheet."""
    def seats(values: tuple[object, ...]) -> str:
        return ",".join(str(int(value)) if isinstance(value, bool) else str(value) for value in values)

    penalty = ",".join(" ".join(str(card) for card in cards) or "-" for cards in state.penalty_cards)
    return (
        f"#= round {state.last_result.round_number if state.last_result else 0}: dealer={state.dealer} "
        f"scores={seats(state.scores)} penalty={penalty} half={seats(state.half_cucumber)} "
        f"out={seats(state.eliminated)}"
    )


def results(record: Record) -> list[str]:
    lines = []
    final = None
    for state, action in zip(replay_states(record), (None, *record.actions), strict=True):
        if isinstance(action, ScoreRound):
            lines.append(summary(state))
        final = state
    assert final is not None and final.phase is Phase.GAME_OVER
    lines.append(f"#= winner: {final.winner}")
    return lines


@pytest.mark.parametrize(("players", "follow", "may_duck", "seed"), GAMES)
def test_golden_game_replays_to_the_same_results(players, follow, may_duck, seed):
    path = golden_path(players, follow, may_duck, seed)
    if REGENERATE:
        start = new_game(players, seed=seed, rules=Rules(follow=follow, may_duck=may_duck), dealer=seed % players)
        _, record = random_game(start, random.Random(seed))
        path.write_text(record.to_text() + "\n".join(results(record)) + "\n", encoding="utf-8")
    text = path.read_text(encoding="utf-8")
    record = Record.from_text(text)
    assert record.rules == Rules(follow=follow, may_duck=may_duck)
    expected = [line for line in text.splitlines() if line.startswith("#=")]
    assert results(record) == expected


def test_there_are_a_dozen_golden_games_and_no_strays():
    assert len(GAMES) == 12
    assert sorted(GOLDEN.glob("*.txt")) == sorted(golden_path(*game) for game in GAMES)
