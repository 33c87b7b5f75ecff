"""The benchmark suite runs and reports; no timing threshold is asserted here."""

from __future__ import annotations

import json

import pytest

from concombre import bench
from concombre.apps.cli import main
from concombre.apps.simulate import speed_jobs
from concombre.bench import adapters, floors, learning, peers, romme_batch, romme_melds, romme_solver, targets
from concombre.bench.timing import installed


@pytest.mark.slow
def test_a_quick_run_measures_the_engine_and_reports_ratios():
    report = bench.run(quick=True, peers=False, repeat=1, more=speed_jobs)
    keys = [item.key for item in report.measurements]
    assert keys[:3] == ["concombre.step", "concombre.round", "concombre.apply"]
    assert {"concombre.games.2p", "concombre.games.4p", "concombre.games.7p", "concombre.view",
            "concombre.json", "concombre.memory"} <= set(keys)
    assert all(item.value > 0 and len(item.runs) == 1 for item in report.measurements)
    labels = {ratio["label"] for ratio in report.ratios}
    assert {"view / Concombre step", "meld solver, random hands: p99 / 1 ms", "bytes of one more state / 1024",
            "simulate: 2 processes / 1 process"} <= labels
    for ratio in report.ratios:  # each goal says its target, and whether this run met it; the rest inform
        if ratio["target"] is None:
            assert ratio["met"] is None
        else:
            assert ratio["target"].split()[0] in ("<=", ">=") and isinstance(ratio["met"], bool)
    assert {"romme.turn", "romme.rounds", "romme.solver", "romme.solver.adversarial.max"} <= set(keys)
    text = report.to_text()
    assert "Concombre step (legal_plays + play)" in text and "machine: python" in text
    assert json.loads(report.to_json())["measurements"][0]["key"] == "concombre.step"


def test_each_missing_peer_is_named_with_how_to_install_it(monkeypatch):
    monkeypatch.setattr(peers, "installed", lambda name: False)
    jobs, missing = peers.peer_jobs(1, 0.0)
    assert jobs == [] and len(missing) == 2
    assert all("pip install 'concombre[bench]'" in line for line in missing)


@pytest.mark.slow  # a whole quick run with nothing optional installed
def test_missing_peers_are_named_with_how_to_install_them(monkeypatch):
    for module in (adapters, floors, learning, peers, romme_batch, romme_melds, romme_solver):
        monkeypatch.setattr(module, "installed", lambda name: False)
    report = bench.run(quick=True, peers=True, repeat=1)
    assert len(report.missing) == 2
    assert all("pip install 'concombre[bench]'" in line for line in report.missing)
    assert not any(item.key.startswith(("open_spiel", "rlcard")) for item in report.measurements)


@pytest.mark.skipif(not installed("pyspiel"), reason="OpenSpiel is not installed")
def test_openspiel_peers_are_measured_when_installed():
    game = peers.openspiel_game("oh_hell", players=4, num_tricks_fixed=7)
    assert peers.openspiel_steps(game, 2, 1, 0.0) > 0
    assert peers.openspiel_playouts(game, 2, 1) > 0


@pytest.mark.skipif(not installed("rlcard"), reason="RLCard is not installed")
def test_rlcard_peer_is_measured_when_installed():
    assert peers._rlcard_bridge_steps(1, 1, 0.0) > 0


@pytest.mark.slow  # the quick benchmark whole, about 25 s: CI's slow run and its own `bench --quick` run it
def test_the_command_prints_json(capsys):
    assert main(["bench", "--quick", "--no-peers", "--repeat", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["machine"]["python"]
    assert all(ratio["target"] is None or ratio["target"].startswith(("<=", ">=")) for ratio in report["ratios"])
    assert {item["key"]: item["unit"] for item in report["measurements"]}["romme.solver"] == "ms"


def test_the_command_refuses_a_bad_repeat(capsys):
    assert main(["bench", "--repeat", "0"]) == 2
    assert "--repeat must be at least 1" in capsys.readouterr().err


@pytest.mark.skipif(not (installed("pyspiel") and installed("pettingzoo")),
                    reason="the floors need OpenSpiel and PettingZoo")
def test_the_frameworks_floors_are_measured_and_the_adapters_reported_above_them():
    jobs = {key: measure for key, _, _, measure in floors.floor_jobs(1, 0.0)}
    assert set(jobs) == {"floor.openspiel.step", "floor.openspiel.clone", "floor.pettingzoo.step"}
    figures = {key: measure() for key, measure in jobs.items()}
    assert all(value > 0 for value in figures.values())
    figures |= {"concombre.step": 2.0, "adapter.openspiel.concombre.step": figures["floor.openspiel.step"] + 4.0}
    ratios = {ratio["label"]: ratio for ratio in targets.ratios(figures)}
    assert ratios["OpenSpiel adapter step less the floor / Concombre step"]["value"] == pytest.approx(2.0)
    assert ratios["floor: OpenSpiel do-nothing step / Concombre step"]["met"] is None
