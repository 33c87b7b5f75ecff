"""The shipped JSON Schemas agree with the attrs classes they describe, for every game.

A field added to a class, an action added to a game, or a phase renamed fails
here until the schema says so too.
"""

from __future__ import annotations

import enum
import typing
from typing import Any

import attrs
import pytest

from concombre import Record, json_schema
from concombre.core.game import AnyGame
from concombre.games import GAMES
from concombre.io.json import schema_names


def field_names(kind: type) -> set[str]:
    return {field.name for field in attrs.fields(kind) if field.init}


def shipped(game: AnyGame) -> list[str]:
    assert game.codec is not None
    prefix = game.codec.prefix.removeprefix("concombre").lstrip(".")
    names = [name for name in schema_names() if name.rpartition(".")[0] == prefix]
    return [name for name in names if _ships(name)]


def _ships(name: str) -> bool:
    try:
        json_schema(name)
    except Exception:
        return False
    return True


def phase_type(game: AnyGame) -> type[enum.Enum]:
    assert game.codec is not None
    hints = typing.get_type_hints(game.codec.state_type)
    phase = hints["phase"]
    assert isinstance(phase, type) and issubclass(phase, enum.Enum)
    return phase


def round_result_type(game: AnyGame) -> type | None:
    assert game.codec is not None
    return next((kind for kind in game.codec.objects if kind.__name__ == "RoundResult"), None)


BUILT_IN = [GAMES[name] for name in ("concombre", "romme")]


@pytest.mark.parametrize("game", BUILT_IN, ids=lambda game: game.name)
def test_each_built_in_game_ships_its_four_schemas(game):
    assert sorted(name.rpartition(".")[2] for name in shipped(game)) == ["action", "record", "state", "view"]


@pytest.mark.parametrize("game", BUILT_IN, ids=lambda game: game.name)
def test_documents_fields_match_the_classes(game):
    expected = {"state": field_names(game.codec.parts_type), "view": field_names(game.View),
                "record": field_names(Record)}
    for name in shipped(game):
        kind = name.rpartition(".")[2]
        schema = json_schema(name)
        if kind in expected:
            assert set(schema["properties"]) - {"format"} == expected[kind], name
            assert set(schema["required"]) - {"format"} <= expected[kind], name


@pytest.mark.parametrize("game", BUILT_IN, ids=lambda game: game.name)
def test_shared_definitions_match_rules_phases_results_and_actions(game):
    result = round_result_type(game)
    phases = [member.value for member in phase_type(game)]
    for name in shipped(game):
        definitions: dict[str, Any] = json_schema(name)["$defs"]
        assert set(definitions["rules"]["properties"]) == field_names(game.Rules), name
        assert definitions["phase"]["enum"] == phases, name
        if result is not None:
            assert set(definitions["round_result"]["properties"]) == field_names(result), name
        if "action" in definitions:
            variants = {
                variant["properties"]["type"]["const"]: set(variant["properties"]) - {"type"}
                for variant in definitions["action"]["oneOf"]
            }
            assert set(variants) == set(game.codec.action_names), name
            for action_name, kind in game.codec.action_names.items():
                assert variants[action_name] == field_names(kind), f"{name}: {action_name}"
