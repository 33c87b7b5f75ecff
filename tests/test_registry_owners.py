"""Owners in the registry: a game that claims another's classes, codec prefix or record header is refused naming
the owner, whatever the order the two register in, and the owner keeps working; `registration_problems` sees a
clash with an installed game at once; ``--game`` of a game left out says why; the log says "Every other game
works" only when it is true.

The in-process tests register games directly (in both orders); the subprocess tests install a copycat and its
owner by entry point, in folders found in both orders on ``sys.path``, the last ones as plug-ins that register
their games themselves when imported."""

from __future__ import annotations

import importlib
import json
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

from concombre import InvalidArgumentError
from concombre.core.game import AnyGame, game_of, refused, register, registered, registration_problems, unregister
from concombre.examples import highcard, highcard_full
from concombre.testing import check_game

ROOT = Path(__file__).resolve().parent.parent


def named(game: AnyGame, name: str, title: str | None = None, **changes: Any) -> AnyGame:
    """``game`` under another name (and title), with ``changes``."""
    info = attrs.evolve(game.info, name=name, title=title or name.title())
    return attrs.evolve(game, info=info, **changes)


@pytest.fixture
def clean() -> Iterator[list[AnyGame]]:
    """The games a test registers (it appends them): each unregistered after, and any refusal of one forgotten
    (registering a game forgets why its name was refused), the registry as it was before."""
    before = dict(registered())
    games: list[AnyGame] = []
    yield games
    for game in games:
        unregister(game)
    for game in games:
        if game.name in refused() and game.name not in before:
            register(game)  # forgets the refusal, then goes
            unregister(game)
    assert registered() == before


@pytest.mark.parametrize("order", ["copycat first", "owner first"])
def test_a_copycat_of_a_games_classes_leaves_the_owner_working_in_either_order(order, clean, caplog):
    copycat = named(highcard.GAME, "copycat")
    clean += [copycat, highcard.GAME]
    with caplog.at_level(logging.WARNING, logger="concombre.games"):
        if order == "copycat first":
            assert register(copycat) is copycat  # no owner yet: nothing to refuse
            assert register(highcard.GAME) is highcard.GAME  # the owner takes its place
            reason = refused()["copycat"].reason
        else:
            register(highcard.GAME)
            with pytest.raises(InvalidArgumentError) as caught:
                register(copycat)
            reason = caught.value.reason
    assert reason.startswith("The game 'copycat' cannot be registered: its types ")
    assert reason.endswith("are High Card's (defined by the package concombre).")
    assert "copycat" not in registered() and registered()["highcard"] is highcard.GAME
    assert game_of(highcard.Rules()) is highcard.GAME and game_of(highcard.HighBot()) is highcard.GAME
    assert registration_problems(copycat) == [reason.partition(": ")[2].rstrip(".")]
    if order == "copycat first":  # refused as it lost its place, and said so once
        assert [record.getMessage() for record in caplog.records] == [f"concombre: {reason} Every other game works."]
    report = check_game(highcard.GAME, games=3, seed=2)  # the owner plays on
    assert report.games == 3 and report.steps > 3


def own_module(folder: Path, name: str) -> ModuleType:
    """A module of High Card's core under a name, title and classes of its own (the module defines them)."""
    source = Path(highcard.__file__).read_text(encoding="utf-8")
    renamed = source.replace('name="highcard", title="High Card"', f'name="{name}", title="{name.title()}"')
    assert renamed != source
    (folder / f"{name}_game.py").write_text(renamed, encoding="utf-8")
    return importlib.import_module(f"{name}_game")


@pytest.fixture
def tabby(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """A game of its own classes, ``tabby`` (High Card's rules in a module of its own)."""
    monkeypatch.syspath_prepend(str(tmp_path))
    yield own_module(tmp_path, "tabby")
    sys.modules.pop("tabby_game", None)


def claiming(module: ModuleType, claim: str, word: str) -> AnyGame:
    """The game of ``module`` with a codec prefix, record header or older record header ``word``."""
    full = highcard_full.GAME_FULL
    assert full.codec is not None and full.records is not None
    own = {name: getattr(module, kind.__name__) for name, kind in full.codec.action_names.items()}
    codec = attrs.evolve(full.codec, prefix=word if claim == "prefix" else module.GAME.name, action_names=own)
    records = attrs.evolve(full.records, header=word if claim == "header" else f"{module.GAME.name} record 2",
                           older={word: full.records.parse_action} if claim == "older header" else {})
    game: AnyGame = attrs.evolve(module.GAME, codec=codec, records=records)
    return game


@pytest.mark.parametrize("order", ["claimant first", "owner first"])
@pytest.mark.parametrize(("claim", "word", "said"), [
    ("prefix", "highcard", "its codec's prefix 'highcard'"),
    ("header", "highcard record 1", "its record header 'highcard record 1'"),
    ("older header", "highcard record 1", "its older record header 'highcard record 1'"),
])
def test_a_prefix_or_header_is_the_games_whose_name_it_is(tabby, claim, word, said, order, clean):
    claimant, owner = claiming(tabby, claim, word), highcard_full.GAME_FULL
    assert registration_problems(claimant) == []  # its classes are its own: High Card is not registered
    clean += [claimant, owner]
    if order == "claimant first":
        register(claimant)
        register(owner)
        reason = refused()["tabby"].reason
    else:
        register(owner)
        with pytest.raises(InvalidArgumentError) as caught:
            register(claimant)
        reason = caught.value.reason
    assert reason == f"The game 'tabby' cannot be registered: {said} is High Card's."
    assert registered()["highcard"] is owner and "tabby" not in registered()


@pytest.mark.parametrize("first", ["highcard", "tabby"])
def test_a_prefix_named_after_neither_game_stays_with_the_first_registered(tabby, first, clean):
    full = highcard_full.GAME_FULL
    assert full.codec is not None
    mine = claiming(tabby, "prefix", "cards")
    theirs = attrs.evolve(highcard.GAME, codec=attrs.evolve(full.codec, prefix="cards"))
    games = [mine, theirs] if first == "tabby" else [theirs, mine]
    clean += games
    register(games[0])
    with pytest.raises(InvalidArgumentError, match=rf"its codec's prefix 'cards' is {games[0].title}'s\.$"):
        register(games[1])
    assert registered()[games[0].name] is games[0] and games[1].name not in registered()


# -- installed by entry point, in a fresh process --------------------------------------------------------------------

COPYCAT = '''
import attrs
from concombre.examples.highcard_full import GAME_FULL

# High Card's whole game under another name: its classes, prefix and header are High Card's
GAME = attrs.evolve(GAME_FULL, info=attrs.evolve(GAME_FULL.info, name="{name}", title="Copycat"))
'''

CONCOPY = '''
import attrs
import concombre

GAME = attrs.evolve(concombre.GAME, info=attrs.evolve(concombre.GAME.info, name="concopy", title="Concopy"))
'''

SCRIPT = '''
import contextlib, io, json
import {name}_game
from concombre.core.game import game_of, refused, registered, registration_problems

problems = registration_problems({name}_game.GAME)  # the first read of the registry: the installed games load
from concombre import Record
from concombre.apps.cli import main
from concombre.examples.highcard_full import GAME_FULL
from concombre.games import find_game

owner = find_game("highcard") is GAME_FULL and game_of(GAME_FULL.Rules()) is GAME_FULL
said = io.StringIO()
with contextlib.redirect_stderr(said):
    codes = []
    for args in (["play", "--game", "{name}"], ["play", "--game", "nosuch"]):
        try:
            codes.append(main(args))
        except SystemExit as stop:
            codes.append(stop.code)
    with contextlib.redirect_stdout(io.StringIO()):
        codes.append(main(["demo", "--game", "highcard", "--players", "2", "--target", "2"]))
print(json.dumps({{"problems": problems, "games": sorted(registered()), "owner": owner, "codes": codes,
                  "refused": {{name: error.reason for name, error in refused().items()}}, "said": said.getvalue(),
                  "header": Record.of(GAME_FULL.new_game(2, seed=1)).to_text().splitlines()[0]}}))
'''


def plug_in(folder: Path, name: str, point: str) -> None:
    """A package's entry point in the group ``concombre.games``, as pip installs one, in ``folder``."""
    folder.mkdir(exist_ok=True)
    info = folder / f"{name}_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[concombre.games]\n{name} = {point}\n")


@pytest.mark.parametrize(("name", "found"), [("copycat", "copycat first"), ("xerox", "owner first")])
def test_an_installed_copycat_leaves_its_installed_owner_working_whatever_the_order(name, found, tmp_path):
    """The copycat's folder comes first on ``sys.path`` (its entry point is found first) or last; ``xerox``
    also sorts after ``highcard``, and is installed beside a copycat of Concombre (so that it is not the only
    game refused)."""
    copycats, owners = tmp_path / "copycats", tmp_path / "owners"
    plug_in(copycats, name, f"{name}_game:GAME")
    (copycats / f"{name}_game.py").write_text(COPYCAT.format(name=name))
    plug_in(owners, "highcard", "concombre.examples.highcard_full:GAME_FULL")
    if name == "xerox":
        plug_in(copycats, "concopy", "concopy_game:GAME")
        (copycats / "concopy_game.py").write_text(CONCOPY)
    folders = [copycats, owners] if found == "copycat first" else [owners, copycats]
    path = os.pathsep.join(filter(None, (*map(str, folders), os.environ.get("PYTHONPATH"))))
    env = {"PYTHONPATH": path, "PATH": "/usr/bin:/bin", "CONCOMBRE_LANG": "en"}
    done = subprocess.run([sys.executable, "-c", SCRIPT.format(name=name)], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    clash = ["its codec's prefix 'highcard' is High Card's", "its record header 'highcard record 1' is High Card's",
             "its types Deal, HighBot, Play, RandomBot, Rules, State, View are High Card's (defined by the package "
             "concombre)"]
    assert seen["problems"] == clash  # seen at once, before anything else read the registry
    reason = f"The game {name!r} cannot be registered: {'; '.join(clash)}."
    assert seen["refused"][name] == reason
    assert seen["owner"] and {"concombre", "romme", "highcard"} <= set(seen["games"]) and name not in seen["games"]
    assert seen["header"] == "highcard record 1"
    assert seen["codes"] == [2, 2, 0]  # --game of the copycat and of no game refused; the owner plays
    play, unknown = seen["said"].split("usage:")[1:]
    assert play.rstrip().endswith(f"argument --game: {name!r} is installed but left out. {reason}")
    assert "invalid choice: 'nosuch'" in unknown and "'highcard'" in unknown and name not in unknown.split("(")[-1]
    others = sorted(set(seen["refused"]) - {name})
    tail = "Every other game works." if not others else f"Also left out: {', '.join(map(repr, others))};"
    logged = [line for line in done.stderr.splitlines() if line.startswith(f"concombre: The game {name!r}")]
    assert logged == [f"concombre: {reason} {tail}" + ("" if not others else " the other games work.")]
    assert ("Every other game works." in done.stderr) is (not others)
    if name == "xerox":
        assert seen["refused"]["concopy"].endswith("are Concombre's (defined by the package concombre).")


def test_the_kit_checks_an_authors_own_game_beside_an_installed_copycat_of_it(tabby, clean):
    """A third-party author checks their game (`check_game` registers it as a stand-in) while a copycat of it
    from another package is installed: the author's game takes its classes back, and is checked."""
    copycat = named(tabby.GAME, "copycat")
    clean += [copycat, tabby.GAME]
    register(copycat, packages={"copycat_game"})  # as an installed package's entry point registers it
    report = check_game(tabby.GAME, games=2, seed=1)
    assert report.games == 2 and "tabby" not in registered()  # the stand-in is gone after the check
    assert registered()["copycat"] is copycat and "copycat" not in refused()  # the registry as it was before
    register(tabby.GAME, packages={"tabby_game"})  # installed, by its own package: a variant of it is checked too
    variant = attrs.evolve(tabby.GAME, winner=lambda state: tabby.GAME.winner(state))
    assert check_game(variant, games=2, seed=1).games == 2 and registered()["tabby"] is tabby.GAME
    with pytest.raises(InvalidArgumentError, match="are Tabby's"):
        register(copycat)


# -- plug-ins that register themselves when imported ----------------------------------------------------------------

FELIS_PLUGIN = '''
from concombre.core.game import register
from felis import GAME

register(GAME)  # as the guide allows: the game registers itself when its module is imported
'''

COPYCAT_AT_IMPORT = '''
import attrs
from concombre.core.game import register
from felis import GAME as OWN  # Tabby's classes, from Tabby's package

GAME = register(attrs.evolve(OWN, info=attrs.evolve(OWN.info, name="{name}", title="Copycat")))
'''

AT_IMPORT_SCRIPT = '''
import json
from concombre.core.game import game_of, refused, registered

games = sorted(registered())  # the first read of the registry: the installed games load
import felis
print(json.dumps({{"games": games, "owner": game_of(felis.Rules()).name,
                  "refused": {{name: error.reason for name, error in refused().items()}}}}))
'''


@pytest.mark.parametrize("found", ["copycat's folder first", "owner's folder first"])
@pytest.mark.parametrize("name", ["copycat", "xerox"])
def test_plug_ins_that_register_at_import_leave_the_owner_its_classes_whatever_the_order(name, found, tmp_path):
    """Tabby's package (``felis``, its classes, and ``felis_plugin``, which registers Tabby when imported) and a
    copycat's (which registers Tabby's game under its own name when imported) are both installed. ``copycat``
    loads before ``tabby`` (the entry points load in the order of their names), ``xerox`` after; either way the
    owner keeps its classes and the copycat is refused naming it."""
    copycats, owners = tmp_path / "copycats", tmp_path / "owners"
    plug_in(copycats, name, f"{name}_game:GAME")
    (copycats / f"{name}_game.py").write_text(COPYCAT_AT_IMPORT.format(name=name))
    plug_in(owners, "tabby", "felis_plugin:GAME")
    source = Path(highcard.__file__).read_text(encoding="utf-8")
    tabby = source.replace('name="highcard", title="High Card"', 'name="tabby", title="Tabby"')
    (owners / "felis.py").write_text(tabby, encoding="utf-8")
    (owners / "felis_plugin.py").write_text(FELIS_PLUGIN)
    (owners / "tabby_plugin-1.0.dist-info" / "RECORD").write_text(  # as pip writes it: the distribution's files
        "felis.py,,\nfelis_plugin.py,,\ntabby_plugin-1.0.dist-info/METADATA,,\n")
    folders = [copycats, owners] if found == "copycat's folder first" else [owners, copycats]
    path = os.pathsep.join(filter(None, (*map(str, folders), os.environ.get("PYTHONPATH"))))
    env = {"PYTHONPATH": path, "PATH": "/usr/bin:/bin", "CONCOMBRE_LANG": "en"}
    done = subprocess.run([sys.executable, "-c", AT_IMPORT_SCRIPT.format()], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert "tabby" in seen["games"] and name not in seen["games"] and seen["owner"] == "tabby"
    reason = (f"The game {name!r} cannot be registered: its types Deal, HighBot, Play, RandomBot, Rules, State, View "
              f"are Tabby's (defined by the package felis).")
    assert seen["refused"] == {name: reason}
    logged = [line for line in done.stderr.splitlines() if line.startswith("concombre: ")]
    assert logged == [f"concombre: {reason} Every other game works."]
