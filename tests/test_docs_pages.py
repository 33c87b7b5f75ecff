"""The documentation as its users read it: records that replay, no project talk on their pages, examples that
fit the page, front doors that list every name, translations with every section, and the pages in a browser."""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from concombre import replay
from concombre.io.records import read_record

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.DOTALL | re.MULTILINE)


def project_page(page: Path) -> bool:
    """The project's own material (Contributing and what it holds, the changelog), where talk of issues, goals and
    tests belongs."""
    relative = page.relative_to(DOCS).as_posix()
    return relative.startswith(("contributing", "changelog"))


def user_pages() -> list[Path]:
    return [page for page in sorted(DOCS.rglob("*.md")) if not project_page(page) and "hooks" not in page.parts]


def blocks(page: Path) -> Iterator[tuple[str, str]]:
    yield from ((match.group(1), match.group(2)) for match in FENCE.finditer(page.read_text(encoding="utf-8")))


def records() -> list[tuple[str, str]]:
    """Every game record shown in the docs: a text record (its first line ``concombre ... record N``) or a JSON
    one (its format ``....record/1``)."""
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        for number, (_language, code) in enumerate(blocks(page), 1):
            first = code.lstrip().split("\n", 1)[0]
            if re.fullmatch(r"concombre( \w+)? record \d+", first) or re.search(r'"format": "[\w.]+\.record/1"', code):
                found.append((f"{page.relative_to(ROOT)}#{number}", code))
    return found


def test_the_docs_show_records() -> None:
    assert len(records()) >= 1


@pytest.mark.parametrize(("where", "text"), records(), ids=[where for where, _ in records()])
def test_every_record_in_the_docs_replays(where: str, text: str) -> None:
    record = read_record(text)
    assert replay(record) is not None, where


PROJECT_TALK = re.compile(r"\bissues? #?\d+|\bNOT MET\b|\bCI machine\b|\bclosing notes?\b|\btests/[\w/]+\.py|"
                          r"\btest_\w+\.py", re.IGNORECASE)


@pytest.mark.parametrize("page", user_pages(), ids=lambda page: page.relative_to(DOCS).as_posix())
def test_a_users_page_holds_no_project_talk(page: Path) -> None:
    found = [(number, match.group(0)) for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
             for match in PROJECT_TALK.finditer(line)]
    assert not found, found


@pytest.mark.parametrize("page", user_pages(), ids=lambda page: page.relative_to(DOCS).as_posix())
def test_a_users_page_keeps_its_code_within_88_columns(page: Path) -> None:
    wide = [line for _language, code in blocks(page) for line in code.splitlines() if len(line) > 88]
    assert not wide, wide


def test_the_changelog_speaks_to_users_and_keeps_the_projects_details_apart() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    users = changelog[changelog.index("[start:users]"):changelog.index("[end:users]")]
    assert not PROJECT_TALK.findall(users), PROJECT_TALK.findall(users)
    assert '"CHANGELOG.md:users"' in (DOCS / "changelog.md").read_text(encoding="utf-8")
    assert '"CHANGELOG.md:details"' in (DOCS / "contributing" / "history.md").read_text(encoding="utf-8")


def test_the_project_talk_finder_finds_it() -> None:
    said = ["closed by issue 54", "the target is NOT MET", "on the CI machine", "see tests/test_web.py"]
    assert all(PROJECT_TALK.search(line) for line in said)
    assert not PROJECT_TALK.search("An issue with a meld is refused (R9); test your bot with the ladder.")


def names_hook() -> Any:
    """The docs' hook that writes the front doors' tables (docs/hooks/names.py), loaded from its file."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("docs_names_hook", DOCS / "hooks" / "names.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("page", "module"), [("concombre", "concombre"), ("romme", "concombre.romme"),
                                              ("batch", "concombre.batch")])
def test_each_front_door_lists_every_name_of_its_all(page: str, module: str) -> None:
    pytest.importorskip("griffe")
    names = names_hook()
    text = (DOCS / "reference" / f"{page}.md").read_text(encoding="utf-8")
    assert f"<!-- names: {module} -->" in text
    table = names.names_table(module)
    exported = names.exported(module)
    assert exported == list(pytest.importorskip(module).__all__)  # concombre.batch needs the fast extra
    for name in exported:
        assert f"| [`{name}`][" in table, name
    assert table.count("\n| [`") == len(exported)


def headings(page: Path) -> list[tuple[int, str]]:
    """The page's headings outside code blocks: their level and their anchor (an explicit ``{#...}``, else the
    anchor the English heading gets)."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    found = []
    for hashes, title in re.findall(r"^(#{2,4}) (.+)$", text, re.MULTILINE):
        explicit = re.search(r"\{#([\w-]+)\}\s*$", title)
        anchor = explicit.group(1) if explicit else re.sub(r"[^\w\s-]", "", title.replace("`", "")).strip().lower()
        found.append((len(hashes), re.sub(r"[\s]+", "-", anchor)))
    return found


TRANSLATED = sorted(DOCS.rglob("*.id.md"))


@pytest.mark.parametrize("page", TRANSLATED, ids=lambda page: page.name)
def test_a_translated_page_has_its_english_pages_sections(page: Path) -> None:
    english = page.with_name(page.name.replace(".id.md", ".md"))
    theirs, ours = headings(english), headings(page)
    assert [level for level, _anchor in ours] == [level for level, _anchor in theirs], (ours, theirs)
    for (_level, anchor), (_english_level, english_anchor) in zip(ours, theirs, strict=True):
        if "{#" in page.read_text(encoding="utf-8"):
            assert anchor == english_anchor, (anchor, english_anchor)


def test_the_navigation_is_translated() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    translations = config[config.index("nav_translations:"):config.index("  - autorefs")]
    nav = config[config.index("\nnav:"):]
    labels = re.findall(r"^ {2}- ([^:\n]+):\s*$", nav, re.MULTILINE)  # the tabs
    labels += re.findall(r"^ {6}- ([^:\n]+):", nav[:nav.index("  - Reference:")], re.MULTILINE)  # their pages
    labels += re.findall(r'^ {6}- "?([^":\n]+)"?:\s*$', nav, re.MULTILINE)  # the reference's sections
    missing = [label for label in dict.fromkeys(labels) if not label.startswith("concombre")
               and not re.search(rf'^\s+"?{re.escape(label)}"?: ', translations, re.MULTILINE)
               and label not in ("Concombre", "PettingZoo", "OpenSpiel")]  # names, the same in every language
    assert not missing, missing


# -- the built site, in a browser ---------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
SHOTS = os.environ.get("CONCOMBRE_SCREENSHOTS")
SHOWN = {"home": "", "reference": "reference/concombre/", "rules": "rules/", "performance": "performance/"}


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    pytest.importorskip("mkdocs")
    built, temporary = tmp_path_factory.mktemp("site"), tmp_path_factory.mktemp("tmp")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(built)], cwd=ROOT,
                   check=True, capture_output=True,
                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "TMPDIR": str(temporary)})
    assert not list(temporary.iterdir()), "the build leaves nothing behind in the temporary folder"
    assert (built / "images" / "pictures" / "rules-trick-ties.svg").is_file()  # the drawn pictures were copied
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(built))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", built
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def site(built_site: tuple[str, Path]) -> str:
    return built_site[0]


@pytest.mark.slow  # builds the site (about half a minute)
def test_no_reference_page_prints_a_value_over_600_characters(built_site: tuple[str, Path]) -> None:
    import html

    pages = sorted((built_site[1] / "reference").rglob("index.html"))
    assert len(pages) > 50
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for signature in re.findall(r'class="doc-signature[^"]*"[^>]*>(.*?)</div>', text, re.DOTALL):
            shown = html.unescape(re.sub(r"<[^>]+>", "", signature))
            assert not (" = " in shown.split("(", 1)[0] and len(shown) > 600), (page, shown[:120])


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine (.ci/run installs it)")
@pytest.mark.parametrize("width", [1280, 390])
def test_the_pages_fit_the_screen_with_no_clipping_or_broken_words(site: str, width: int) -> None:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": width, "height": 900})
        for name, path in SHOWN.items():
            page.goto(site + path)
            page.wait_for_load_state("load")
            if SHOTS:
                Path(SHOTS).mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(Path(SHOTS) / f"docs-{name}-{width}.png"), full_page=True)
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= width, (name, wide)
            # an identifier in a table stays on one line (the table scrolls instead)
            broken = page.evaluate("""() => [...document.querySelectorAll('.md-typeset table code')]
                .filter((code) => code.getClientRects().length > 1).map((code) => code.textContent)""")
            assert not broken, (name, broken[:5])
            # every picture shown whole: none wider than the page it is in
            clipped = page.evaluate("""() => [...document.querySelectorAll('.md-content img')]
                .filter((image) => image.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
                .map((image) => image.getAttribute('src'))""")
            assert not clipped, (name, clipped)
        browser.close()
