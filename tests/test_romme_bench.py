"""The bench's Rommé rows: a Rommé decision measured beside a decision of OpenSpiel's gin_rummy, and the goal
that compares them (issue 61). No timing threshold is asserted: the report says whether the goal is met."""

from __future__ import annotations

import pytest

from concombre.bench.engines import romme_decisions
from concombre.bench.peers import openspiel_decisions, openspiel_game
from concombre.bench.targets import TARGETS
from concombre.bench.timing import installed


def test_a_romme_decision_is_measured():
    assert romme_decisions(1, 3, 0.0) > 0


def test_the_decision_goals_compare_a_romme_decision_with_gin_rummy_s():
    goals = {target.bottom: target for target in TARGETS if target.top == "romme.decision"}
    assert set(goals) == {"open_spiel.gin_rummy.hand", "open_spiel.gin_rummy.decision", "open_spiel.gin_rummy.step"}
    assert goals["open_spiel.gin_rummy.hand"].bound == 1.5  # issue 61's goal, as it measured gin_rummy
    assert goals["open_spiel.gin_rummy.decision"].bound == 1.5  # and without gin_rummy's new_initial_state
    assert goals["open_spiel.gin_rummy.step"].bound is None
    assert goals["open_spiel.gin_rummy.hand"].ratio({"romme.decision": 30.0, "open_spiel.gin_rummy.hand": 20.0}) == 1.5


@pytest.mark.skipif(not installed("pyspiel"), reason="OpenSpiel is not installed")
def test_a_gin_rummy_decision_is_measured_with_and_without_its_hand_s_setup():
    game = openspiel_game("gin_rummy")
    steps, whole = openspiel_decisions(game, 1, 1, 0.0), openspiel_decisions(game, 1, 1, 0.0, whole=True)
    assert 0 < steps < whole  # the same hand: the whole one adds its new_initial_state


@pytest.mark.skipif(not installed("pettingzoo"), reason="PettingZoo is not installed")
def test_the_pettingzoo_rows_time_a_move_whatever_parts_it_takes(monkeypatch):
    """With a clock that moves 1 µs a read, a row's figure is the steps timed a move: one for Concombre (a move a
    step), more for German Rommé (a discard takes two parts: the card, then discard); its label says so."""
    from itertools import count

    from concombre.bench import adapters
    from concombre.games import GAMES

    ticks = count(0, 1000)
    monkeypatch.setattr(adapters, "clock", lambda: next(ticks))
    concombre, romme = GAMES["concombre"], GAMES["romme"]
    assert adapters._pettingzoo_moves(concombre, 20, 9, 0.0) == pytest.approx(1.0)
    assert 1.3 < adapters._pettingzoo_moves(romme, 60, 9, 0.0) < 3.0
    assert adapters._pettingzoo_label(concombre) == "Concombre step through PettingZoo (last + step)"
    assert adapters._pettingzoo_label(romme).startswith("German Rommé move through PettingZoo")
