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
    assert goals["open_spiel.gin_rummy.hand"].ratio({"romme.decision": 30.0, "open_spiel.gin_rummy.hand": 20.0}) == 1.5


@pytest.mark.skipif(not installed("pyspiel"), reason="OpenSpiel is not installed")
def test_a_gin_rummy_decision_is_measured_with_and_without_its_hand_s_setup():
    game = openspiel_game("gin_rummy")
    steps, whole = openspiel_decisions(game, 1, 1, 0.0), openspiel_decisions(game, 1, 1, 0.0, whole=True)
    assert 0 < steps < whole  # the same hand: the whole one adds its new_initial_state
