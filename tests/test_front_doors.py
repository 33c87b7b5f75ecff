"""Both games' front doors mirror each other: the same names for the same ideas, and 0.1's names still warn."""

from __future__ import annotations

import importlib
import subprocess
import sys
import warnings
from typing import Any

import pytest

import concombre
import concombre.romme as romme

SHARED = {
    "Action", "BOTS", "DEFAULT_PLAYERS", "Deal", "GAME", "MAX_PLAYERS", "MIN_PLAYERS", "Match", "Phase",
    "RandomBot", "Record", "RoundResult", "Rules", "ScoreRound", "State", "View", "action_text", "apply", "deal",
    "deck_for", "is_legal", "legal_actions", "new_game", "parse_action", "read_action", "refusal", "replay",
    "replay_states", "score_round", "view", "why_illegal",
}


@pytest.mark.parametrize("door", [concombre, romme], ids=["concombre", "concombre.romme"])
def test_each_front_door_exports_every_shared_name(door):
    assert set(door.__all__) >= SHARED, sorted(SHARED - set(door.__all__))
    assert door.GAME.State is door.State and door.GAME.View is door.View and door.GAME.Rules is door.Rules


def test_the_shared_names_mean_the_same_in_both_games():
    for game in (concombre, romme):
        state = game.new_game(game.DEFAULT_PLAYERS, seed=1)
        assert isinstance(state, game.State) and game.legal_actions(state) == (game.Deal(),)
        dealt = game.deal(state)
        assert dealt == game.apply(state, game.Deal()) and len(dealt.hand(1)) == len(dealt.hands[1])
        assert game.refusal(state, game.ScoreRound()) is not None
        assert game.why_illegal(state, game.ScoreRound()) == str(game.refusal(state, game.ScoreRound()))
        assert game.GAME.default_players == game.DEFAULT_PLAYERS
        assert {"random"} <= set(game.BOTS) and game.BOTS["random"] is game.RandomBot
        for member in ("DEAL", "PLAY", "ROUND_COMPLETE", "GAME_OVER"):
            assert game.Phase[member].value == concombre.Phase[member].value


def test_the_deck_keyword_is_deck_in_both_games():
    for game in (concombre, romme):
        state = game.new_game(2, seed=4)
        assert game.deal(state, deck=game.deck_for(state, {})) == game.deal(state, game.deck_for(state, {}))


@pytest.mark.parametrize(("module", "old", "new"), [
    ("concombre", "GameState", "State"), ("concombre", "PlayerView", "View"), ("concombre", "GameRecord", "Record"),
    *(("concombre.romme", f"Romme{name}", name)
      for name in ("State", "Phase", "Rules", "View", "RoundResult", "Match", "Action", "Record")),
    ("concombre.games.romme.bots", "RandomRommeBot", "RandomBot"),
    ("concombre.games.romme.bots", "SolverRommeBot", "SolverBot"),
    ("concombre.games.romme.bots", "PlannerRommeBot", "PlannerBot"),
])
def test_an_old_name_warns_and_is_the_new_one(module, old, new):
    door = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=f"{old} is deprecated.*use {new}"):
        value = getattr(door, old)
    assert value is getattr(door, new)


def test_the_old_keyword_and_game_members_warn():
    state = romme.new_game(2, seed=4)
    with pytest.warns(DeprecationWarning, match="deck_order"):
        dealt = romme.deal(state, deck_order=romme.deck_for(state, {}))
    assert dealt == romme.deal(state, deck=romme.deck_for(state, {}))
    with pytest.warns(DeprecationWarning, match=r"Game.table_bot is deprecated: use Game.bots.stand_in"):
        assert concombre.GAME.table_bot == "thumb"  # type: ignore[attr-defined,unused-ignore]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert concombre.GAME.bots is not None and concombre.GAME.bots.stand_in == "thumb"


def test_an_unknown_name_is_still_an_attribute_error():
    with pytest.raises(AttributeError):
        concombre.NoSuchThing  # noqa: B018
    with pytest.raises(AttributeError):
        concombre.GAME.no_such_member  # type: ignore[attr-defined] # noqa: B018


@pytest.mark.parametrize(("old", "new"), [
    ("concombre.games.concombre.search", "concombre.games.concombre.bots.search"),
    ("concombre.games.concombre.sampling", "concombre.games.concombre.bots.sampling"),
    ("concombre.games.concombre.learned", "concombre.games.concombre.bots.learned"),
    ("concombre.games.concombre.checks", "concombre.games.concombre.documents"),
    ("concombre.games.romme.solver", "concombre.games.romme.bots.solver"),
    ("concombre.games.romme.planner", "concombre.games.romme.bots.planner"),
    ("concombre.games.romme.sampling", "concombre.games.romme.bots.sampling"),
    ("concombre.games.romme.checks", "concombre.games.romme.documents"),
])
def test_a_moved_module_warns_at_its_old_path_and_is_the_new_module(old, new):
    if old.endswith("learned"):
        pytest.importorskip("numpy")  # the learned bot's module runs on numpy
    code = ("import importlib, warnings\n"
            "with warnings.catch_warnings(record=True) as caught:\n"
            "    warnings.simplefilter('always')\n"
            f"    module = importlib.import_module({old!r})\n"
            f"assert module is importlib.import_module({new!r}), module\n"
            "assert module.__spec__.name == module.__name__\n"
            "print([str(item.message) for item in caught if item.category is DeprecationWarning])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert f"{old} is deprecated" in done.stdout and f"use {new}" in done.stdout


def test_the_renamed_members_of_this_version_warn():
    from concombre.apps import argparse_words
    from concombre.core.game import Bots
    from concombre.games.concombre import story

    with pytest.warns(DeprecationWarning, match="use language_asked"):
        assert argparse_words.language_wanted(["--lang", "id"]) == "id"
    with pytest.warns(DeprecationWarning, match="tell_game is deprecated"):
        assert callable(story.tell_game)
    with pytest.warns(DeprecationWarning, match="use stand_in"):
        bots = Bots(makers={"thumb": concombre.ThumbBot}, table="thumb", rivals=("thumb",))
    with pytest.warns(DeprecationWarning, match="use Bots.stand_in"):
        assert bots.table == "thumb"


def test_a_game_built_with_its_facts_flat_warns_and_keeps_them_in_its_info():
    import attrs

    from concombre.core.game import Game, GameInfo
    from concombre.examples import highcard

    behaviour: dict[str, Any] = {str(field.alias): getattr(highcard.GAME, field.name)
                                 for field in attrs.fields(Game) if field.name != "info"}
    with pytest.warns(DeprecationWarning, match="give info=GameInfo"):
        flat = Game(name="highcard", title="High Card", players=(2, 2), default_players=2, player_ruling="H1",
                    **behaviour)
    assert flat.info == highcard.GAME.info and isinstance(flat.info, GameInfo)
    with pytest.raises(concombre.InvalidArgumentError, match="Game takes no colour"):
        Game(info=highcard.GAME.info, colour="red", **behaviour)
