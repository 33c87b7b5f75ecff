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


# Each misuse on a line of its own, with the words of mypy's error for it; mypy must refuse each and nothing else.
MISUSES = {
    "a Rommé record typed as a Concombre one":
        ("wrong: Record[concombre.Action] = Record.of(romme.new_game(2, seed=1))",
         'expression has type "Record[concombre.games.romme.actions.Deal'),
    "a Rommé record's replay kept as a Concombre state":
        ("state: concombre.State = replay(Record.of(romme.new_game(2, seed=1)))",
         'expression has type "concombre.games.romme.state.State", variable has type'),
    "a Rommé record's first state kept as a Concombre state":
        ("first: concombre.State = Record.of(romme.new_game(2, seed=1)).start()",
         'expression has type "concombre.games.romme.state.State", variable has type'),
    "a Rommé record given to Concombre's replay":
        ("concombre.replay(Record.of(romme.new_game(2, seed=1)))",
         'Argument 1 to "replay" has incompatible type "Record[concombre.games.romme.actions.Deal'),
    "a Concombre record given to Rommé's replay":
        ("romme.replay(Record.of(concombre.new_game(2, seed=1)))",
         'Argument 1 to "replay" has incompatible type "Record[concombre.games.concombre.actions.Deal'),
    "a Concombre state given to Rommé's legal actions, found by name":
        ('find_game("romme").legal_actions(concombre.new_game(2, seed=1))',
         'Argument 1 has incompatible type "concombre.games.concombre.state.State"'),
    "a Rommé action given to a Concombre record found by name":
        ('Record.of(find_game("concombre").new_game(2)).then(romme.DrawStock())',
         'Argument 1 to "then" of "Record" has incompatible type "DrawStock"'),
    "a capability a game lacks, still optional on the dynamic door":
        ('dynamic: AnyGame = find_game("romme")\ndynamic.story.describe(None)',
         'Item "None" of "Story[Any, Any, Any] | None" has no attribute "describe"'),
}


@pytest.mark.slow  # mypy runs: CI runs it
def test_mypy_refuses_each_misuse_of_the_typed_games_and_accepts_their_capabilities(tmp_path):
    api = pytest.importorskip("mypy.api")
    header = ["import concombre", "import concombre.romme as romme", "from concombre.core.game import AnyGame",
              "from concombre.core.records import Record, replay", "from concombre.games import find_game", "",
              "# accepted: a built-in game's capabilities need no assert",
              'print(concombre.GAME.story.describe(concombre.Rules()), find_game("romme").bots.stand_in)', ""]
    lines, expected = list(header), {}
    for name, (code, words) in MISUSES.items():
        lines += code.split("\n")
        expected[len(lines)] = (name, words)
    wrong = tmp_path / "misuses.py"
    wrong.write_text("\n".join(lines) + "\n")
    out, err, status = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"), "--no-error-summary",
                                "--hide-error-context", str(wrong)])
    errors: dict[int, list[str]] = {}
    for line in out.splitlines():
        _, number, kind, message = [*line.split(":", 3), "", "", ""][:4]
        if kind.strip() == "error":
            errors.setdefault(int(number), []).append(message)
    assert status == 1, out + err
    for number, (name, words) in expected.items():
        assert any(words in message for message in errors.get(number, [])), f"{name}: not refused as expected\n{out}"
    assert set(errors) <= set(expected), f"mypy refused more than the misuses:\n{out}"


def test_no_required_member_of_the_protocol_is_an_untyped_callable():
    import attrs

    from concombre.core.game import Game

    for field in attrs.fields(Game):
        if field.default is attrs.NOTHING:
            assert "..., Any" not in str(field.type), f"Game.{field.name} is typed {field.type}"


def test_a_full_game_requires_exactly_the_capabilities_it_offers():
    """`OFFERED`, `FullGame.__init__`'s required capabilities and its typed members are one list written three
    times (types are read by mypy only): this keeps them equal."""
    import ast
    import inspect

    from concombre.core.game import protocol
    from concombre.core.game.protocol import OFFERED, FullGame, Game

    optional = {name for name, field in inspect.signature(Game.__init__).parameters.items()
                if field.default is None}
    required = {name for name, field in inspect.signature(FullGame.__init__).parameters.items()
                if field.default is inspect.Parameter.empty and name in optional}
    assert required == set(OFFERED)
    tree = ast.parse(inspect.getsource(protocol))
    full = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "FullGame")
    typed = {statement.target.id for block in full.body if isinstance(block, ast.If) for statement in block.body
             if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name)}
    assert typed == set(OFFERED)
