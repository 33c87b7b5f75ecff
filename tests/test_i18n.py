"""The players' language: the catalogs are complete, and nothing a person reads escapes them.

The pseudo-locale ``qps`` wraps every translated sentence in ``⟦…⟧``; a sentence left outside the markers
is one that never went through the catalog. The demo, a terminal game of each kind, the command line's
help and the web server's messages are run in it and searched for such sentences.
"""

from __future__ import annotations

import collections
import contextlib
import contextvars
import functools
import gettext
import io
import os
import random
import re
import sys
from collections.abc import Generator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import concombre
from concombre.apps.cli import main
from concombre.apps.demo import demo_game
from concombre.apps.terminal import TerminalGame
from concombre.core import i18n
from concombre.core.errors import IllegalActionError, InvalidArgumentError
from concombre.core.i18n import (
    LANGUAGES,
    PSEUDO,
    current_language,
    environment_language,
    language_of,
    use_language,
)
from concombre.games import GAMES, find_game

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

from .catalog import LOCALE, languages, template  # noqa: E402
from .pseudo import untranslated  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "src" / "concombre" / "apps" / "web" / "static"
class _StrictPseudo(gettext.NullTranslations):
    """The pseudo-locale, marking only the sentences the template holds: a sentence passed to ``_()`` in a form
    the extractor cannot see (inside an f-string, built at run time) is left unmarked, as it would be left
    untranslated in every real language."""

    def __init__(self, known: frozenset[str]) -> None:
        super().__init__()
        self.known = known

    def gettext(self, message: str) -> str:
        return i18n.pseudo(message) if message in self.known else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        text = msgid1 if n == 1 else msgid2
        return i18n.pseudo(text) if msgid1 in self.known else text


@functools.cache
def _template_ids() -> frozenset[str]:
    return frozenset(message.id if isinstance(message.id, str) else message.id[0]
                     for message in template() if message.id)


@pytest.fixture(autouse=True)
def strict_pseudo_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test here reads the pseudo-locale as the template knows it (see `_StrictPseudo`)."""
    real = i18n._catalog
    strict = _StrictPseudo(_template_ids())
    monkeypatch.setattr(i18n, "_catalog", lambda language: strict if language == PSEUDO else real(language))


def catalog(language: str):
    with (LOCALE / language / "LC_MESSAGES" / "concombre.po").open("rb") as handle:
        return read_po(handle, locale=language)


def fields(text: str) -> collections.Counter[str]:
    """The placeholders of a sentence, str.format's and %-formatting's, each as often as it stands."""
    return collections.Counter(re.findall(r"\{\w*\}|%(?:\(\w+\))?[sdr]", text.replace("%%", "")))


# -- the catalogs -------------------------------------------------------------------------------------------------


def test_every_language_with_a_catalog_is_offered_and_indonesian_is_there():
    assert languages() == ["id"]
    assert set(languages()) | {"en"} == set(LANGUAGES)


@pytest.mark.parametrize("language", languages())
def test_every_sentence_of_the_source_has_a_translation_that_is_not_fuzzy(language):
    wanted = {message.id if isinstance(message.id, str) else message.id[0] for message in template() if message.id}
    found = {(message.id if isinstance(message.id, str) else message.id[0]): message
             for message in catalog(language) if message.id}
    missing = sorted(wanted - set(found))
    assert not missing, f"not in the {language} catalog (run nox -s catalog, then translate): {missing[:5]}"
    fuzzy = sorted(key for key in wanted if found[key].fuzzy)
    assert not fuzzy, f"fuzzy in the {language} catalog: {fuzzy[:5]}"
    empty = sorted(key for key in wanted if not all([found[key].string] if isinstance(found[key].string, str)
                                                    else found[key].string))
    assert not empty, f"untranslated in the {language} catalog: {empty[:5]}"


@pytest.mark.parametrize("language", languages())
def test_placeholders_and_percent_signs_survive_translation(language):
    for message in catalog(language):
        if not message.id:
            continue
        sources = [message.id] if isinstance(message.id, str) else list(message.id)
        targets = [message.string] if isinstance(message.string, str) else list(message.string)
        for target in targets:
            assert fields(target) in [fields(source) for source in sources], (message.id, target)
            assert target.count("%%") == sources[0].count("%%"), (message.id, target)


def test_the_page_marks_no_sentence_the_catalog_lacks():
    from concombre.apps.web.words import PAGE

    script = (STATIC / "app.js").read_text(encoding="utf-8")
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    marked = re.findall(r'\bt\(\s*"((?:[^"\\]|\\.)*)"', script)
    marked += re.findall(r'\? "([^"]*)"\s*\n?\s*: "([^"]*)",\s*\{ number', script)[0]
    marked += re.findall(r'data-i18n(?:-label|-placeholder)?="([^"]*)"', page)
    assert marked and set(marked) <= set(PAGE), sorted(set(marked) - set(PAGE))
    # every visible sentence of the static page is marked: the text of each element with letters in it
    for tag, attributes, text in re.findall(r"<(\w+)([^>]*)>([^<]*[A-Za-z]{3,}[^<]*)<", page):
        if tag in ("title", "h1", "option") and "data-i18n" not in attributes:
            continue  # the title is set by the script; the name of the library and of the languages stay
        assert "data-i18n" in attributes, (tag, text.strip())


_REAL_CATALOG = i18n._catalog  # before the strict pseudo-locale stands in for it


def _locale_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the Indonesian catalogs that `_catalog` reads instead of the package's, compiled as built."""
    from babel.messages.mofile import write_mo

    folder = tmp_path / "id" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    source = catalog("id")
    with (folder / "concombre.mo").open("wb") as handle:
        write_mo(handle, source)
    (folder / "concombre.po").write_bytes((LOCALE / "id" / "LC_MESSAGES" / "concombre.po").read_bytes())
    os.utime(folder / "concombre.po", (1, 1))  # older than the compiled file, as after a build
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    _REAL_CATALOG.cache_clear()
    return folder


def test_an_edited_catalog_is_read_at_once_and_without_babel_the_compiled_one(tmp_path, monkeypatch):
    folder = _locale_copy(tmp_path, monkeypatch)
    try:
        assert _REAL_CATALOG("id").gettext("Trick") == "Trik"
        edited = (folder / "concombre.po").read_text(encoding="utf-8").replace('msgstr "Trik"', 'msgstr "Trik!"', 1)
        (folder / "concombre.po").write_text(edited, encoding="utf-8")  # newer than the compiled file now
        _REAL_CATALOG.cache_clear()
        assert _REAL_CATALOG("id").gettext("Trick") == "Trik!"
        _REAL_CATALOG.cache_clear()
        monkeypatch.setitem(sys.modules, "babel.messages.mofile", None)  # as without the test extra
        assert _REAL_CATALOG("id").gettext("Trick") == "Trik"
        (folder / "concombre.mo").unlink()
        _REAL_CATALOG.cache_clear()
        with pytest.raises(InvalidArgumentError, match="not compiled") as refused:
            _REAL_CATALOG("id")
        assert refused.value.field == "language"
        (folder / "concombre.po").unlink()
        _REAL_CATALOG.cache_clear()
        with pytest.raises(InvalidArgumentError, match="missing from this installation"):
            _REAL_CATALOG("id")
    finally:
        _REAL_CATALOG.cache_clear()


# -- choosing the language ------------------------------------------------------------------------------------------


def test_the_language_comes_from_the_argument_the_context_then_the_environment(monkeypatch):
    for variable in ("CONCOMBRE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    assert environment_language() == "en"
    monkeypatch.setenv("LANG", "id_ID.UTF-8")
    assert environment_language() == "id"
    monkeypatch.setenv("LC_ALL", "C")
    assert environment_language() == "en"  # the first variable set decides, as gettext reads them
    monkeypatch.setenv("LANGUAGE", "fr:id:en")
    assert environment_language() == "id"  # LANGUAGE comes first; its first language with a catalog decides
    monkeypatch.setenv("CONCOMBRE_LANG", "en")
    assert environment_language() == "en"
    with use_language(environment_language()):
        assert current_language() == "en"
        with use_language("id"):
            assert current_language() == "id"
        state = concombre.new_game(2, seed=1)
        assert str(concombre.why_illegal(state, concombre.ScoreRound(), language="id")).startswith("Ronde belum")
        assert str(concombre.why_illegal(state, concombre.ScoreRound())).startswith("The round cannot")


def test_a_language_block_closed_outside_its_context_ends_quietly():
    def told() -> Generator[str, None, None]:
        with use_language("id"):
            yield current_language()
            yield current_language()

    story = told()
    assert contextvars.copy_context().run(next, story) == "id"
    story.close()  # as the garbage collector closes a generator left unfinished, in another context
    assert current_language() == "en"


def test_an_unknown_language_is_refused_naming_the_field():
    with pytest.raises(InvalidArgumentError) as refused:
        language_of("xx")
    assert refused.value.field == "language" and "en, id" in str(refused.value)
    with pytest.raises(InvalidArgumentError), use_language("klingon"):
        pass


def test_a_refusal_from_the_api_in_indonesian_keeps_its_ruling():
    state = concombre.deal(concombre.new_game(["Ann", "Bob"], seed=2))
    state = concombre.play(state, min(state.hand(state.to_play or 0)))  # the lead: the follower must match or beat it
    refused = next(card for card in state.hand(state.to_play or 0)
                   if not concombre.is_legal(state, concombre.Play(card)))
    for language in ("id", "qps"):
        reason = concombre.why_illegal(state, concombre.Play(refused), language=language)
        assert reason is not None and reason.endswith("[C7]")
    indonesian = str(concombre.why_illegal(state, concombre.Play(refused), language="id"))
    assert indonesian.startswith("Anda ") and "wajib" in indonesian
    with use_language("id"), pytest.raises(IllegalActionError) as raised:
        concombre.apply(state, concombre.Play(refused))
    assert raised.value.ruling == "C7" and raised.value.reason.startswith("Anda ")


def test_a_romme_refusal_from_the_api_in_indonesian_keeps_its_ruling():
    from concombre import romme

    game = find_game("romme")
    state = game.apply(game.new_game(["Ann", "Bob"], seed=3), romme.Deal())
    discard = romme.Discard(game.view(state, game.to_play(state) or 0).hand[0])  # before drawing: R15
    assert game.why_illegal(state, discard, language="id") == (
        "Anda tidak dapat membuang 2♣ sekarang: pemain yang mendapat giliran harus mengambil kartu dulu. [R15]")
    assert str(game.why_illegal(state, discard, language="en")).endswith("must draw first. [R15]")
    with use_language("id"), pytest.raises(IllegalActionError) as raised:
        game.apply(state, discard)
    assert raised.value.ruling == "R15" and raised.value.reason.startswith("Anda tidak dapat membuang 2♣")


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_every_refusal_of_every_game_goes_through_the_catalog(game, seed, steps):
    chosen = find_game(game)
    state = chosen.new_game(chosen.players[0], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if chosen.is_over(state):
            break
        state = chosen.apply(state, rng.choice(list(chosen.legal_actions(state))))
    view_cards = getattr(chosen.view(state, 0), "hand", ())
    for action in _probes(chosen, state, view_cards):
        reason = chosen.why_illegal(state, action, language="qps")
        if reason is not None:
            assert not untranslated(reason.rsplit(" [", 1)[0]), reason


def _probes(game: Any, state: Any, cards: Any) -> list[Any]:
    """Actions to try in ``state``: every legal action of a fresh game, and each card of a hand played."""
    found = list(game.legal_actions(game.new_game(game.players[0], seed=0)))
    for action_type in game.action_types:
        for card in cards:
            try:
                found.append(action_type(card))
            except (TypeError, InvalidArgumentError):
                continue
    return found


# -- whole runs in the pseudo-locale --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_demo_is_wholly_translated(game):
    chosen = find_game(game)
    with use_language("qps"):
        text = "\n".join(demo_game(chosen, players=chosen.players[0] + 1, seed=4))
    assert text.count("⟦") > 20 and not untranslated(text), untranslated(text)[:10]


def test_the_demo_in_indonesian_reads_indonesian(capsys):
    assert main(["demo", "--lang", "id", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Concombre untuk 3 pemain (Ada, Bea, Cyd), seed 2; pemain berikutnya wajib")
    assert "Ronde 1: Ada membagikan 7 kartu kepada setiap pemain; Bea memulai." in out
    assert "memenangkan permainan." in out and "Trick" not in out and " plays " not in out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_terminal_game_is_wholly_translated(game):
    chosen = find_game(game)
    answers = iter(["zz", "0", "help", "hint", *["auto"] * 3000])
    shown: list[str] = []

    def read(prompt: str) -> str:
        shown.append(prompt)
        return next(answers)

    with use_language("qps"):
        assert chosen.bots is not None
        table = TerminalGame.start(chosen, "You", [chosen.bot(chosen.bots.stand_in)], chosen.Rules(), seed=3)
        assert table.run(read, shown.append) == 0
    text = "\n".join(shown)
    assert "⟦" in text and chosen.is_over(table.state)
    assert not untranslated(text), untranslated(text)[:10]


def _help(*args: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out), pytest.raises(SystemExit):
        main([*args, "--lang", "qps", "--help"])
    return out.getvalue()


@pytest.mark.parametrize("command", [(), ("demo",), ("play",), ("simulate",), ("ladder",), ("replay",), ("serve",),
                                     ("bench",)])
def test_the_command_lines_help_is_wholly_translated(command):
    text = _help(*command)
    assert text.startswith("⟦usage: ⟧") and not untranslated(text), untranslated(text)[:10]


def test_the_command_line_takes_the_language_anywhere_and_refuses_an_unknown_one(capsys, monkeypatch):
    monkeypatch.setenv("CONCOMBRE_LANG", "id")
    assert main(["demo", "--players", "2", "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("Concombre untuk 2 pemain")
    monkeypatch.delenv("CONCOMBRE_LANG")
    assert main(["--lang", "en", "demo", "--players", "2", "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("Concombre for 2 players")
    with pytest.raises(SystemExit):
        main(["demo", "--lang", "xx"])
    assert "--lang" in capsys.readouterr().err
    assert main(["demo", "--players", "9", "--lang", "id"]) == 2
    assert "dimainkan oleh 2 sampai 7 pemain, bukan 9. [C1]" in capsys.readouterr().err


@pytest.mark.parametrize("command", [
    ["ladder", "--bots", "random,thumb", "--players", "2,4", "--games", "2", "--seed", "1"],
    ["simulate", "--game", "romme", "--games", "2", "--bots", "solver,random", "--seed", "1"],
    ["demo", "--limit", "0"], ["demo", "--follow", "nope"], ["demo", "--game", "romme", "--jokers", "3"],
    ["demo", "--seed", "-4"], ["simulate", "--bots", "nope"], ["ladder", "--bots", "thumb,thumb"],
    ["play", "--name", " Ann"], ["demo", "--game", "nope"],
    ["demo", "--names", "x"], ["demo", "--players", "x"], ["demo", "--seed"], ["replay"], ["nope"],  # argparse's
])
def test_the_command_lines_output_and_refusals_are_wholly_translated(command, capsys):
    with contextlib.suppress(SystemExit):  # argparse's own refusals
        main([*command, "--lang", "qps"])
    captured = capsys.readouterr()
    text = captured.out + captured.err
    assert "⟦" in text and not untranslated(text), untranslated(text)[:10]


@pytest.mark.parametrize(("record", "ruling"), [
    ("", None), ("concombre record 9\n", None), ("concombre record 1\nplayers: [\"Ann\"]\nseed: 1\ndealer: 0\n", "C1"),
    ("concombre record 1\nplayers: Ann\n", None), ("concombre record 1\nrules: limit=x\n", None),
    ("concombre record 1\nseed: 1\nseed: 2\n", None), ("concombre record 1\nplay QQ\n", None),
    ("romme record 1\nfly away\n", None), ("concombre record 1\nrules: may_duck=maybe\n", None),
])
def test_replaying_a_broken_text_record_is_refused_wholly_translated(record, ruling, tmp_path, capsys):
    path = tmp_path / "game.txt"
    path.write_text(record, encoding="utf-8")
    assert main(["replay", str(path), "--lang", "qps"]) == 2
    err = capsys.readouterr().err
    sentence = re.sub(r"(line \d+|\$[\w.\[\]]*): ", "", err.replace(str(path), ""))  # the path is not a sentence
    assert "⟦" in err and not untranslated(sentence), err
    assert ruling is None or f"[{ruling}]" in err


# -- the web table ----------------------------------------------------------------------------------------------------


def test_the_web_servers_words_and_messages_follow_each_connections_language():
    testclient = pytest.importorskip("starlette.testclient")
    from concombre.apps.web.app import create_app
    from concombre.apps.web.words import PAGE

    client = testclient.TestClient(create_app(), base_url="http://localhost")
    words = client.get("/api/words", headers={"Accept-Language": "id-ID,id;q=0.9,en;q=0.8"}).json()
    assert words["lang"] == "id" and words["words"]["Start a game"] == "Mulai permainan"
    pseudo = client.get("/api/words?lang=qps").json()["words"]
    assert all(pseudo[text] == i18n.pseudo(text) for text in PAGE)
    assert client.get("/api/games?lang=id").json()[1]["title"] == "Rommé Jerman"
    refused = client.post("/api/tables?lang=id", json={"game": "concombre", "players": 9, "name": "Ann"})
    assert refused.status_code == 400 and "dimainkan oleh 2 sampai 7 pemain" in refused.json()["error"]
    assert refused.json()["ruling"] == "C1" and refused.json()["field"] == "players"  # never translated
    for wanted in ({"game": "concombre", "players": 3, "name": " Ann"}, {"game": "romme", "players": 2, "seed": -1},
                     {"game": "nope", "players": 2}, {"game": "concombre", "players": 3, "bot": "nope"}):
        answer = client.post("/api/tables?lang=qps", json={"name": "Ann"} | wanted)
        assert answer.status_code == 400 and not untranslated(answer.json()["error"]), answer.json()
    made = client.post("/api/tables", json={"game": "romme", "players": 2, "name": "Ann", "seed": 3}).json()
    for language in ("qps", "id"):
        address = f"ws://localhost/ws/{made['table']}?token={made['token']}&lang={language}"
        with client.websocket_connect(address) as socket:
            message = socket.receive_json()
            socket.send_json({"action": {"format": "concombre.romme.action/1", "type": "discard", "card": "QH1"}})
            refusal = socket.receive_json()
        if language == "qps":
            shown = [message["title"], message["picture"]["title"], *message["log"], *message["picture"]["lines"],
                     *(row["label"] + " " + (row["note"] or "") for row in message["picture"]["rows"]),
                     *(card["words"] for row in message["picture"]["rows"] for card in row["cards"]),
                     *(reason for reason in message["reasons"].values() if reason), refusal["message"]]
            for text in shown:
                assert not untranslated(text.rsplit(" [", 1)[0]), text
        else:
            assert message["title"] == "Rommé Jerman" and message["log"][0] == "Ronde 1: Ann membagikan kartu."
            assert refusal["type"] == "error" and "[R" in refusal["message"]
            assert refusal["ruling"].startswith("R")
            assert refusal["message"] == f"{refusal['reason']} [{refusal['ruling']}]"


def test_a_games_own_catalog_translates_its_title_and_sentences_after_the_librarys(tmp_path):
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale="id", domain="cardgame")
    catalog.add("Card Game of a Plugin", "Permainan Kartu Plugin")
    catalog.add("Round {round} of {rounds}", "not the library's")  # the library's own sentence wins
    folder = tmp_path / "id" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "cardgame.mo").open("wb") as handle:
        write_mo(handle, catalog)
    added = gettext.translation("cardgame", tmp_path, languages=["id"])
    i18n.add_catalog("id", added)
    i18n.add_catalog("id", added)  # again (a module imported twice): once is enough, and no loop
    assert i18n.translate("Card Game of a Plugin", "id") == "Permainan Kartu Plugin"
    assert i18n.translate("A sentence nobody has", "id") == "A sentence nobody has"
    _REAL_CATALOG.cache_clear()  # the catalogs are built again with the game's after the library's
    assert i18n.translate("Card Game of a Plugin", "id") == "Permainan Kartu Plugin"
    other = gettext.NullTranslations()
    i18n.add_catalog("id", other)
    _REAL_CATALOG.cache_clear()  # built again: no game's catalog is chained to another's, so none loops
    assert i18n.translate("A sentence nobody has", "id") == "A sentence nobody has"
    assert added._fallback is None and other._fallback is None  # type: ignore[attr-defined]
    assert i18n.translate("Card Game of a Plugin", "en") == "Card Game of a Plugin"
    assert i18n.translate("Round {round} of {rounds}", "id") == "Ronde {round} dari {rounds}"
    with pytest.raises(InvalidArgumentError) as caught:
        i18n.add_catalog("fr", gettext.NullTranslations())
    assert caught.value.field == "language"
    with pytest.raises(InvalidArgumentError) as caught:
        i18n.add_catalog("id", {"a": "b"})  # type: ignore[arg-type]
    assert caught.value.field == "catalog"
