"""Every Python example in the README and the docs runs, so none can rot."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def examples() -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        for number, match in enumerate(BLOCK.finditer(page.read_text(encoding="utf-8")), 1):
            found.append((f"{page.relative_to(ROOT)}#{number}", match.group(1)))
    return found


def test_the_readme_links_are_absolute_so_they_work_on_pypi():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    relative = re.findall(r"\]\((?!https?://|#)([^)]*)\)", readme)
    assert not relative, f"PyPI shows the README as the project's page: make these links absolute: {relative}"


def test_the_readme_and_docs_have_examples():
    assert len(examples()) >= 3


@pytest.mark.parametrize(("where", "code"), examples(), ids=[where for where, _ in examples()])
def test_example_runs(where, code, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # what an example writes ("game.json") lands in a folder of its own
    for module in re.findall(r"^(?:from|import) ([\w.]+)", code, re.MULTILINE):
        # A third-party library, an adapter or the batched engine comes with an extra: without it, the example
        # is skipped (a module of the library that fails for another reason still fails the test).
        if module.split(".")[0] != "concombre" or module.startswith("concombre.integrations."):
            pytest.importorskip(module, reason=f"{where} needs an extra that is not installed", exc_type=ImportError)
            continue
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as missing:
            if (missing.name or "concombre").split(".")[0] == "concombre":
                raise
            pytest.skip(f"{where} needs an extra that is not installed ({missing.name})")
    exec(compile(code, where, "exec"), {"__name__": "__main__"})  # run the examples' main blocks too


def test_api_names_in_the_prose_link_to_their_reference():
    import importlib.util

    spec = importlib.util.spec_from_file_location("links", ROOT / "docs" / "hooks" / "links.py")
    assert spec is not None and spec.loader is not None
    links = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(links)
    known = links.index()
    assert "State" not in known and "deal" not in known  # both games have one: the page says which
    assert links.game_index("concombre")["State"] == "concombre.games.concombre.state.State"
    assert links.game_index("concombre.romme")["deal"] == "concombre.games.romme.transitions.deal"
    page = "Call `legal_actions` on a `State`.\n\n```python\n`State`\n```\n"
    assert links.link_names(page, {**links.game_index("concombre"), **known}) == (
        "Call [`legal_actions`][concombre.games.concombre.actions.legal_actions] on a "
        "[`State`][concombre.games.concombre.state.State].\n\n```python\n`State`\n```\n"
    )


def test_the_readme_starts_with_pip_install():
    """A user's first command is the install from PyPI; the set-up for working on the project comes later."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first = readme.split("```", 2)[1]
    assert first.strip().splitlines() == ["sh", "pip install concombre"]
