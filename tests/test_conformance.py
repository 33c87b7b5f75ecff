"""The contract no game can break: the conformance kit (`concombre.testing`) on every game, faulty games caught
by it, and a faulty game installed beside the library refused without harming any other game.

The suite is hermetic: its tests compare against the games they install or register, never against every game
the environment holds, so another game package installed beside the library fails none of them. The fixtures
`other_games` (in process) and `installed` (by entry point, in a fresh process) run those tests both alone and
beside a harmless game of another package (`HARMLESS`), to prove it."""

from __future__ import annotations

import ast
import importlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

from concombre import Deal, IllegalActionError, InvalidArgumentError, Record
from concombre.core.game import AnyGame, register, registered, registration_problems, unregister
from concombre.core.records import replay  # any game's record (concombre.replay takes Concombre's alone)
from concombre.examples import highcard, highcard_full
from concombre.games import find_game
from concombre.testing import actions, check_game, records, states, views

ROOT = Path(__file__).resolve().parent.parent


FULL = settings().max_examples > 100  # HYPOTHESIS_PROFILE=full: ten times the games


def importable(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


NUMPY = importable("numpy")  # the encodings are checked where it is installed


TOTALS = {"concombre": None, "romme": lambda state: state.scores}  # Concombre's scores are reset (C10): no sum


@pytest.mark.parametrize(("name", "games"), [("concombre", 6), ("romme", 3)])
def test_the_built_in_games_keep_every_promise(name, games):
    games *= 10 if FULL else 1
    # the pictures, story, reader and encoding every 20 steps and at each round's start and end (5 in the full run)
    report = check_game(find_game(name), games=games, seed=11, every=5 if FULL else 20, total=TOTALS[name],
                        strict=NUMPY)
    assert report.games == games and report.steps > 100 * games and report.checks > report.steps
    assert [item.promise for item in report.unchecked] == ([] if NUMPY else ["encoding"])  # the test extra's alone
    checked = {item.promise for item in report.checked}
    assert {"pictures", "story", "reader", "points", "views", "documents", "bots"} <= checked
    assert ("encoding" in checked) is NUMPY


@pytest.mark.parametrize("game", [highcard.GAME, highcard_full.GAME_FULL], ids=["core", "full"])
def test_the_third_game_keeps_every_promise(game):
    report = check_game(game, games=20, total=(lambda state: state.scores) if game.points else None)
    assert report.steps > 20
    assert [item.promise for item in report.unchecked if "numpy" not in item.reason] == (
        [] if game is highcard_full.GAME_FULL else  # the full game offers every capability
        ["views", "documents", "documents", "points", "pictures", "story", "reader", "encoding"])


def _leaky_view(state: highcard.State, seat: int) -> highcard.View:
    seen = highcard.view(state, seat)
    return attrs.evolve(seen, hand=state.hands[1 - seat])  # the other seat's hand: a leak


def _generous(state: highcard.State) -> tuple[highcard.Action, ...]:
    offered = highcard.legal_actions(state)
    if not offered or not isinstance(offered[0], highcard.Play):
        return offered
    return (*offered, *(highcard.Play(card) for card in highcard.CARDS if highcard.Play(card) not in offered))


def _shuffled_anyhow(state: highcard.State, action: highcard.Action) -> highcard.State:
    after = highcard.apply(state, action)
    if isinstance(action, highcard.Deal):  # a deal from the machine's randomness, not the seed
        cards = random.sample(highcard.CARDS, 4)
        return attrs.evolve(after, hands=(tuple(sorted(cards[:2])), tuple(sorted(cards[2:]))))
    return after


@pytest.mark.parametrize(("fault", "promise", "member"), [
    ({"view": _leaky_view}, "views", "view"),
    ({"legal_actions": _generous}, "offered", "refusal"),
    ({"apply": _shuffled_anyhow}, "deterministic", "apply"),
])
def test_a_faulty_game_fails_naming_the_promise_member_and_seed(fault, promise, member, other_games):
    before = registered().get("highcard")
    faulty = attrs.evolve(highcard_full.GAME_FULL, **fault)
    with pytest.raises(AssertionError) as caught:
        check_game(faulty, games=10, seed=4)
    message = str(caught.value)
    assert f"the promise {promise!r} is broken by {member}" in message
    assert "seed 4" in message or ("seed " in message and "check_game(game, games=1, seed=" in message)
    assert registered().get("highcard") is before  # the kit's stand-in is gone again
    assert {name: registered().get(name) for name in other_games} == other_games  # and no other game was touched


def test_an_unchecked_apply_that_corrupts_its_input_is_caught():
    def careless(state, action):
        if isinstance(action, highcard.Play) and action.card not in state.hands[state.to_play]:
            raise KeyError(action.card)  # a bare crash instead of the game's refusal
        return highcard.apply(state, action)

    with pytest.raises(AssertionError, match=r"'refused' is broken by apply: .* raises KeyError"):
        check_game(attrs.evolve(highcard.GAME, apply=careless), games=3)


def test_the_registry_checks_a_game_and_names_every_problem(other_games):
    assert highcard_full.GAME_FULL.codec is not None
    codec = attrs.evolve(highcard_full.GAME_FULL.codec, kinds={"action": highcard.Action})
    nobody: Any = "nobody"
    broken = attrs.evolve(highcard_full.GAME_FULL, codec=codec, to_play=nobody)
    problems = registration_problems(broken)
    assert problems[:2] == ["to_play is not callable", "its codec's kinds lack 'card', 'rules', 'state', 'view'"]
    before = dict(registered())
    with pytest.raises(InvalidArgumentError) as caught:
        register(broken)
    assert caught.value.field == "game" and "The game 'highcard' cannot be registered" in str(caught.value)
    assert registered() == before  # the registry as it was, whatever else is installed
    clash = attrs.evolve(highcard.GAME, info=attrs.evolve(highcard.GAME.info, name="concombre"))
    assert "the name 'concombre' is Concombre's (unregister it first)" in registration_problems(clash)


def test_the_generic_layer_takes_a_seat_as_the_front_doors_do():
    game: AnyGame = find_game("concombre")  # the dynamic door: any value may be passed, the engine judges it
    state = game.apply(game.new_game(3, seed=2), Deal(), seat=None)  # the table deals
    play = game.legal_actions(state)[0]
    other = (state.to_play + 1) % 3
    refused = game.refusal(state, play, seat=other)
    assert refused is not None and refused.ruling == "C6"
    unknown = game.refusal(state, play, seat=None)
    assert unknown is not None and unknown.ruling == "C6"  # an unknown client plays for nobody
    with pytest.raises(IllegalActionError, match=r"\[C6\]"):
        game.apply(state, play, seat=None)
    assert game.is_legal(state, play, seat=state.to_play) and game.is_legal(state, play)
    assert game.apply(state, play, seat=state.to_play) == game.apply(state, play)
    assert "[C14]" in str(game.why_illegal(game.new_game(2, seed=1), Deal(), seat=0))
    romme = find_game("romme")
    start = romme.new_game(2, seed=1)
    table_step = romme.refusal(start, romme.legal_actions(start)[0], seat=1)
    assert table_step is not None and table_step.ruling == "R15"
    with pytest.raises(InvalidArgumentError) as caught:
        game.refusal(state, "QH", seat=0)
    assert caught.value.field == "action"


@settings(max_examples=15)
@given(states(highcard.GAME), views(find_game("concombre"), players=(3,), max_steps=60),
       records(find_game("romme"), max_steps=80))
def test_the_strategies_draw_reachable_values(state, seen, record):
    assert highcard.GAME.refusal(state, highcard.Deal()) is None or state.phase is not highcard.Phase.DEAL
    assert len(seen.players) == 3 and 0 <= seen.seat < 3
    assert len(replay(record).players) == len(record.players)


def test_actions_draws_legal_actions_and_refuses_a_finished_game():
    game = find_game("concombre")
    drawn = []

    @settings(max_examples=5)
    @given(actions(game, game.new_game(2, seed=1)))
    def draw(action):
        drawn.append(action)

    draw()
    assert set(drawn) == {Deal()}
    with pytest.raises(InvalidArgumentError, match="over"):
        actions(highcard.GAME, attrs.evolve(highcard.GAME.new_game(2, seed=1), phase=highcard.Phase.GAME_OVER))


# -- a faulty game installed beside the library ---------------------------------------------------------------

FAULTY = '''
import attrs
from concombre.examples.highcard_full import GAME_FULL

# a codec that forgot the "card" kind, and a name of its own
GAME = attrs.evolve(GAME_FULL, info=attrs.evolve(GAME_FULL.info, name="faulty", title="Faulty Card"),
                    codec=attrs.evolve(GAME_FULL.codec, prefix="faulty",
                                       kinds={k: v for k, v in GAME_FULL.codec.kinds.items() if k != "card"}),
                    records=attrs.evolve(GAME_FULL.records, header="faulty record 1"))
'''


def harmless_source() -> str:
    """The source of a harmless game of another package: High Card's core under a name, title and classes of
    its own (its module defines them)."""
    source = Path(highcard.__file__).read_text(encoding="utf-8")
    renamed = source.replace('name="highcard", title="High Card"', 'name="harmless", title="Harmless Card"')
    assert renamed != source
    return renamed


def plug_in(folder: Path, name: str, point: str) -> None:
    """A package's entry point in the group ``concombre.games``, as pip installs one, in ``folder``."""
    info = folder / f"{name}_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[concombre.games]\n{name} = {point}\n")


HARMLESS = "harmless"
"""The name of the harmless game of another package that the suite's hermetic tests run beside."""


@pytest.fixture(params=["alone", "beside another game"])
def other_games(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                ) -> Iterator[dict[str, Any]]:
    """The games of other packages registered in this process while a test runs: none, or a harmless one
    (by name, the game)."""
    if request.param == "alone":
        yield {}
        return
    (tmp_path / "harmless_game.py").write_text(harmless_source())
    monkeypatch.syspath_prepend(str(tmp_path))
    harmless = importlib.import_module("harmless_game").GAME
    register(harmless)
    try:
        yield {HARMLESS: harmless}
    finally:
        unregister(harmless)
        sys.modules.pop("harmless_game", None)


@pytest.fixture(params=["alone", "beside another game"])
def installed(request: pytest.FixtureRequest, tmp_path: Path) -> dict[str, str]:
    """An environment with two game packages installed by entry point, the good High Card and a faulty one,
    alone or beside a harmless game of another package; and whatever the environment itself holds (its
    ``PYTHONPATH`` is kept), so that the tests compare against what they install."""
    (tmp_path / "faulty_game.py").write_text(FAULTY)
    plug_in(tmp_path, "faulty", "faulty_game:GAME")
    plug_in(tmp_path, "highcard", "concombre.examples.highcard_full:GAME_FULL")
    if request.param != "alone":
        (tmp_path / "harmless_game.py").write_text(harmless_source())
        plug_in(tmp_path, HARMLESS, "harmless_game:GAME")
    path = os.pathsep.join(filter(None, (str(tmp_path), os.environ.get("PYTHONPATH"))))
    return {"PYTHONPATH": path, "PATH": "/usr/bin:/bin", "CONCOMBRE_LANG": "en"}


def python(env: dict[str, str], code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                          timeout=120)


def test_a_faulty_game_installed_beside_the_library_harms_no_other_game(installed):
    done = python(installed, """
import json
from concombre import Play, new_game, to_json
from concombre.apps.web.tables import new_table
from concombre.games import GAMES, find_game
print(to_json(Play("QH")))
table = new_table("concombre", 2, "Ann", seed=1)
print(sorted(GAMES))
try:
    find_game("faulty")
except Exception as err:
    print(type(err).__name__, err)
""")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert json.loads(lines[0]) == {"format": "concombre.action/1", "type": "play", "card": "QH"}
    games = set(ast.literal_eval(lines[1]))  # the built-in games and the good one installed, whatever else is
    assert {"concombre", "romme", "highcard"} <= games and "faulty" not in games
    beside = (Path(installed["PYTHONPATH"].split(os.pathsep)[0]) / "harmless_game.py").exists()
    assert (HARMLESS in games) is (beside or HARMLESS in _installed_here())  # another package's game works too
    assert lines[2] == ("InvalidArgumentError The game 'faulty' cannot be registered: its codec's kinds lack "
                        "'card'; its types Deal, HighBot, Play, RandomBot, Rules, State, View are High Card's "
                        "(defined by the package concombre).")
    assert done.stderr.count("The game 'faulty' cannot be registered") == 1  # logged once
    demo = subprocess.run([sys.executable, "-m", "concombre", "demo", "--players", "3", "--seed", "1"],
                          capture_output=True, text=True, env=installed, cwd=ROOT, timeout=120)
    assert demo.returncode == 0 and "wins" in demo.stdout


def test_every_reader_of_the_registry_sees_every_installed_game(installed):
    done = python(installed, """
from concombre.examples.highcard_full import GAME_FULL
from concombre import Record
record = Record.of(GAME_FULL.new_game(2, seed=1))   # nothing read the registry before
print(record.game.name)
""")
    assert done.returncode == 0 and done.stdout.strip() == "highcard", done.stderr
    text = Record.of(find_game("romme").new_game(3, seed=1)).to_text()
    fresh = python(installed, f"from concombre.io.records import read_record\nprint(read_record({text!r}).seed)")
    assert fresh.returncode == 0 and fresh.stdout.strip() == "1", fresh.stderr


def test_a_third_games_view_validates_against_its_derived_schema(other_games):
    jsonschema = pytest.importorskip("jsonschema")
    from concombre.io.json import json_schema, to_dict

    before = registered().get("highcard")  # a game of that name installed in the environment steps aside
    if before is not None:
        unregister(before)
    register(highcard_full.GAME_FULL)
    try:
        game = highcard_full.GAME_FULL
        start = game.new_game(2, seed=3)
        state = game.apply(start, highcard.Deal())
        for kind, value in (("view", game.view(state, 1)), ("state", state), ("action", highcard.Play("2C")),
                            ("record", Record.of(start).then(highcard.Deal()))):
            schema = json_schema(f"highcard.{kind}")
            jsonschema.Draft202012Validator.check_schema(schema)
            jsonschema.validate(to_dict(value), schema)
        wrong = {**to_dict(game.view(state, 1)), "hand": [7]}
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(wrong, json_schema("highcard.view"))
    finally:
        unregister(highcard_full.GAME_FULL)
        if before is not None:
            register(before)


def _installed_here() -> set[str]:
    """The games the environment itself installs by entry point (none in the project's own)."""
    from importlib.metadata import entry_points

    return {point.name for point in entry_points(group="concombre.games")}
