"""The typed API holds for user code: mypy --strict checks a program written against each game's ``GAME``."""

from __future__ import annotations

from pathlib import Path

import pytest

from . import typed_user_code

ROOT = Path(__file__).resolve().parent.parent


def test_user_code_against_the_typed_games_runs():
    typed_user_code.run()


@pytest.mark.slow  # mypy runs: CI runs it
def test_user_code_against_the_typed_games_passes_mypy_strict(tmp_path):
    api = pytest.importorskip("mypy.api")
    out, err, status = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"), "--no-error-summary",
                                str(ROOT / "tests" / "typed_user_code.py")])
    assert status == 0, out + err


@pytest.mark.slow  # mypy runs: CI runs it
def test_a_wrong_use_of_a_typed_game_is_caught_by_mypy(tmp_path):
    """The check can fail: a Concombre state given to Rommé's apply is a type error."""
    api = pytest.importorskip("mypy.api")
    wrong = tmp_path / "wrong.py"
    wrong.write_text("import concombre\nimport concombre.romme as romme\n\n"
                     "romme.GAME.apply(concombre.new_game(2, seed=1), romme.DrawStock())\n")
    out, _, status = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"), str(wrong)])
    assert status == 1 and 'incompatible type "concombre.games.concombre.state.State"' in out, out


@pytest.mark.slow  # mypy runs: CI runs it
def test_another_games_action_in_a_typed_record_is_caught_by_mypy(tmp_path):
    api = pytest.importorskip("mypy.api")
    wrong = tmp_path / "wrong_record.py"
    wrong.write_text("import concombre\nimport concombre.romme as romme\n\n"
                     "record = concombre.Record[concombre.Action].of(concombre.new_game(2, seed=1))\n"
                     "record.then(romme.DrawStock())\n")
    out, _, status = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"), str(wrong)])
    assert status == 1 and 'Argument 1 to "then" of "Record" has incompatible type "DrawStock"' in out, out


def test_no_required_member_of_the_protocol_is_an_untyped_callable():
    import attrs

    from concombre.core.game import Game

    for field in attrs.fields(Game):
        if field.default is attrs.NOTHING:
            assert "..., Any" not in str(field.type), f"Game.{field.name} is typed {field.type}"
