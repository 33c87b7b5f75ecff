"""End-to-end: the page in headless Chromium, driven by Playwright with the system browser.

The people at the table are played by the library's own bots reading the page's view, and every action is made
the way a person makes it: clicking cards and buttons. axe-core checks every screen. With
``CONCOMBRE_SCREENSHOTS=<dir>`` the tests save the front-end guide's screenshots there (``.ci/run`` makes the
documentation's from this run).
"""

from __future__ import annotations

import os
import random
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")
axe = pytest.importorskip("axe_playwright_python.sync_playwright")

from concombre.apps.web.app import create_app  # noqa: E402
from concombre.games import find_game  # noqa: E402
from concombre.io.json import from_dict, to_dict  # noqa: E402

from .pseudo import untranslated  # noqa: E402
from .webserver import free_port, serve  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine (.ci/run installs it)")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
SHOTS = os.environ.get("CONCOMBRE_SCREENSHOTS")
PHONE = {"width": 390, "height": 844}


def running(app: Any) -> Iterator[str]:
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from running(create_app(trick_pause=0))


@pytest.fixture(scope="module")
def paced_server() -> Iterator[str]:
    """Completed tricks held on the felt a second before they are collected, as `concombre serve` holds them."""
    yield from running(create_app(trick_pause=1.0))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


def open_page(browser: Any, address: str, **options: Any) -> Any:
    # bypass_csp: the test's own probes (axe, reading the message) evaluate strings; the page itself does not.
    page = browser.new_context(bypass_csp=True, **options).new_page()
    page.goto(address)
    return page


def accessible(page: Any, screen: str) -> None:
    """axe-core finds no serious or critical violation on the screen shown."""
    found = axe.Axe().run(page).response["violations"]
    bad = [(rule["id"], rule["impact"], [node["target"] for node in rule["nodes"]][:3])
           for rule in found if rule["impact"] in ("serious", "critical")]
    assert not bad, f"{screen}: {bad}"


def shoot(page: Any, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / name), full_page=True)


def start(page: Any, game: str, players: int, friends: int = 0, seed: int | None = None,
          bot: str | None = None) -> None:
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.fill("#friends", str(friends))
    if bot is not None:
        page.select_option("#bot", bot)
    if seed is not None:
        page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")
    page.wait_for_function("current !== null")


def message(page: Any) -> Any:
    return page.evaluate("current")


def my_turn(page: Any) -> bool:
    shown = message(page)
    return bool(shown and not shown["over"] and shown["view"] and shown["view"]["to_play"] == shown["you"])


def sent(page: Any, clicks: Any) -> None:
    """Do the clicks, then wait for the server's answer; it must not be a refusal."""
    seen = page.evaluate("document.body.dataset.messages")
    clicks()
    page.wait_for_function("seen => document.body.dataset.messages !== seen", arg=seen)
    assert page.locator("#error").inner_text() == "", page.locator("#error").inner_text()


def click_card(page: Any, key: str, within: str = "#hand") -> None:
    page.click(f"{within} button.card[data-card='{key}']")


def play(page: Any, rng: random.Random) -> str:
    """The seat's turn, chosen by the game's table bot from the view the page holds, made by clicking."""
    shown = message(page)
    game = find_game(shown["game"])
    assert game.bots is not None
    action = to_dict(game.bot(game.bots.stand_in).choose(from_dict(shown["view"]), rng))
    kind: str = action["type"]
    if kind == "play":
        sent(page, lambda: click_card(page, action["card"]))
    elif kind == "draw_stock":
        sent(page, lambda: page.click("#draw-stock"))
    elif kind == "draw_discard":
        sent(page, lambda: click_card(page, shown["view"]["discard_pile"][-1], "#board .pile"))
    elif kind == "discard":
        click_card(page, action["card"])
        sent(page, lambda: page.click("#discard"))
    elif kind == "meld":
        for group in action["melds"]:
            for key in group:
                click_card(page, key)
            page.click("#controls button:has-text('Set aside as a meld')")
        sent(page, lambda: page.click("#lay-down"))
    elif kind == "lay_off":
        click_card(page, action["card"])

        def lay_off() -> None:
            page.click(f"#melds > li:nth-child({action['meld'] + 1}) button:has-text('Lay off')")
            ends = page.locator(f"#controls button:has-text('At the {action.get('end')} end')")
            if ends.count():  # the card fits either end of the run: the page asks which
                ends.click()

        sent(page, lay_off)
    elif kind == "exchange_joker":
        joker = message(page)["view"]["melds"][action["meld"]]["cards"][action["place"]]
        for key in [action["card"], *(key for key in action["new_meld"] if key != joker)]:
            click_card(page, key)
        sent(page, lambda: click_card(page, joker, f"#melds > li:nth-child({action['meld'] + 1})"))
    else:
        raise AssertionError(f"the page has no way to {kind}")
    return kind


def test_a_whole_game_of_concombre_by_clicking(browser: Any, server: str) -> None:
    page = open_page(browser, server)
    accessible(page, "setup")
    shoot(page, "web-setup.png")
    page.select_option("#game", "concombre")
    offered = page.locator("#bot option").all_inner_texts()  # the levels first, with their ladder figures
    assert offered[0].startswith("beginner: thumb (rating ") and "ms a move" in offered[0]
    assert offered[1].startswith("club: ") and offered[2].startswith("expert: ")
    start(page, "concombre", 4, seed=7)
    # a card the rules refuse says why on a tap, in words, with its ruling
    refused = page.locator("#hand button.card[aria-disabled='true']").first
    refused.click(force=True)  # a tap: Playwright's own click waits for an enabled control
    assert "[C7]" in page.locator("#reason").inner_text() and "♠" in page.locator("#reason").inner_text()
    assert message(page)["view"]["hand"] == message(page)["view"]["hand"]  # nothing was sent
    accessible(page, "a Concombre trick")
    shoot(page, "web-concombre.png")
    rng = random.Random(1)
    for _ in range(2000):
        if message(page)["over"]:
            break
        page.wait_for_function("current.over || current.view.to_play === current.you")
        if not message(page)["over"]:
            play(page, rng)
    page.wait_for_selector("#over:not([hidden])")
    assert "win" in page.locator("#winner").inner_text()
    assert page.locator("#hand-area").is_hidden()
    accessible(page, "the end screen")
    shoot(page, "web-end.png")
    record = page.request.get(urljoin(page.url, page.locator("#record").get_attribute("href")))
    assert record.json()["format"] == "concombre.record/1"
    page.click("#again")  # the same settings, a new table
    page.wait_for_function("current && !current.over && current.view.round_number === 1")
    assert page.locator("#over").is_hidden()


def test_a_romme_turn_by_picking_cards_meld_lay_off_and_exchange(browser: Any, server: str) -> None:
    page = open_page(browser, server)
    start(page, "romme", 2, seed=29)  # seed 29: Ann melds, lays off and exchanges a joker in her first turns
    done: set[str] = set()
    rng = random.Random(0)
    refused_once, last = False, ""
    for _ in range(80):
        if {"meld", "lay_off", "exchange_joker"} <= done or message(page)["over"]:
            break
        page.wait_for_function("current.over || current.view.to_play === current.you")
        shown = message(page)["view"]
        if shown["phase"] == "play" and not refused_once:
            # two cards that make no meld: the engine's refusal is shown next to the selection, the hand kept
            hand = shown["hand"]
            click_card(page, hand[0])
            click_card(page, hand[-1])
            seen = page.evaluate("document.body.dataset.messages")
            page.click("#lay-down")
            page.wait_for_function("seen => document.body.dataset.messages !== seen", arg=seen)
            assert "[R" in page.locator("#error").inner_text()
            assert message(page)["view"]["hand"] == hand
            click_card(page, hand[0])
            click_card(page, hand[-1])  # picked again: unpicked
            refused_once = True
            accessible(page, "Rommé with a refusal")
        if shown["phase"] == "play" and last.startswith("draw"):
            assert page.locator("#hand button.card.drawn").count() == 1  # the card just drawn is marked
        last = play(page, rng)
        done.add(last)
        if any(card.startswith("JK") for meld in message(page)["view"]["melds"] for card in meld["cards"]):
            shoot(page, "web-romme.png")
    assert {"meld", "lay_off", "exchange_joker"} <= done, done
    accessible(page, "Rommé with melds")


def test_an_indonesian_browser_gets_the_page_and_the_table_in_indonesian(browser: Any, server: str) -> None:
    page = open_page(browser, server, locale="id-ID")
    page.wait_for_function("document.documentElement.lang === 'id'")
    assert page.locator("#start").inner_text() == "Mulai permainan"
    assert page.locator("#setup-title").inner_text() == "Meja baru" and page.title().startswith("concombre: mainkan")
    assert page.locator("#game option[value='romme']").inner_text() == "Rommé Jerman"
    accessible(page, "the setup in Indonesian")
    start(page, "concombre", 3, seed=7)
    page.wait_for_function("document.querySelectorAll('#log li').length > 0")
    assert page.locator("#log li").first.inner_text().startswith("Ronde 1: ")
    assert page.locator("#hand-title").inner_text() == "Kartu di tangan Anda"
    refused = page.locator("#hand button.card[aria-disabled='true']")
    if refused.count():
        refused.first.click(force=True)
        assert "[C7]" in page.locator("#reason").inner_text() and "Anda" in page.locator("#reason").inner_text()
    accessible(page, "a Concombre table in Indonesian")
    shoot(page, "web-indonesian.png")
    # the switch: the page and the table's messages in English, kept for the next visit
    seen = page.evaluate("document.body.dataset.messages")
    page.select_option("#lang", "en")
    page.wait_for_function("seen => document.body.dataset.messages !== seen", arg=seen)
    assert page.locator("#hand-title").inner_text() == "Your hand"
    assert page.locator("#log li").first.inner_text().startswith("Round 1: ")
    assert page.evaluate("localStorage.getItem('concombre-lang')") == "en"


@pytest.mark.parametrize(("game", "players"), [("concombre", 3), ("romme", 2)])
def test_the_page_in_the_pseudo_locale_shows_no_untranslated_sentence(browser: Any, server: str, game: str,
                                                                        players: int) -> None:
    context = browser.new_context(bypass_csp=True)
    context.add_init_script("localStorage.setItem('concombre-lang', 'qps')")  # as if chosen on an earlier visit
    page = context.new_page()
    page.goto(server)
    page.wait_for_function("document.documentElement.lang === 'qps'")
    languages = page.locator("#lang").inner_text()  # each language named in itself, never translated

    def shown() -> str:
        return str(page.evaluate("document.body.innerText")).replace(languages, " ")

    assert "⟦" in shown() and not untranslated(shown()), untranslated(shown())
    start(page, game, players, seed=5)
    page.wait_for_function("document.querySelectorAll('#log li').length > 0")
    text = shown() + " " + page.title() + " " + " ".join(
        page.eval_on_selector_all("[aria-label], [title]", "found => found.map(e => e.ariaLabel || e.title)"))
    assert "⟦" in text and not untranslated(text), untranslated(text)
    context.close()


def test_the_table_fits_a_phone(browser: Any, server: str) -> None:
    page = open_page(browser, server, viewport=PHONE)
    start(page, "concombre", 7, seed=3)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], wide
    accessible(page, "Concombre on a phone")
    start_again = open_page(browser, server, viewport=PHONE)
    start(start_again, "romme", 6, seed=5)
    assert start_again.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_spectator_sees_the_table_and_no_hand(browser: Any, server: str) -> None:
    ann = open_page(browser, server)
    start(ann, "romme", 3, friends=1)
    watching = ann.locator("input.invitation.spectators").input_value()
    viewer = open_page(browser, watching)
    viewer.wait_for_function("current !== null")
    shown = message(viewer)
    assert shown["you"] is None and shown["view"] is None and shown["choices"] == []
    assert "watching" in viewer.locator("#status").inner_text() and viewer.locator("#hand-area").is_hidden()
    hidden = set(message(ann)["view"]["hand"])
    assert not hidden & {card["key"] for row in shown["picture"]["rows"] for card in row["cards"]}
    accessible(viewer, "a spectator")
    accessible(ann, "the invitations")


def told(page: Any) -> int:
    """How many lines of the story the page has been told."""
    shown = message(page)
    return int(shown["log_start"]) + len(shown["log"])


def wait_until(condition: Any, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


@pytest.mark.slow  # whole games in a browser; test_web_restart.py restarts the server in the default run
@pytest.mark.parametrize(("game", "players"), [("concombre", 3), ("romme", 2)])
def test_two_friends_finish_a_game_across_a_server_restart(browser: Any, tmp_path: Path, game: str,
                                                           players: int) -> None:
    port = free_port()
    db = tmp_path / "tables.sqlite3"
    server = serve(port, db)
    try:
        ann = open_page(browser, f"http://127.0.0.1:{port}")
        start(ann, game, players, friends=1)
        bea = open_page(browser, ann.locator("input.invitation.friend").first.input_value())
        bea.wait_for_function("current !== null")
        people, rngs = (ann, bea), {ann: random.Random(1), bea: random.Random(2)}
        actions, restarted = 0, False
        while not all(message(page)["over"] for page in people):
            if actions == 12 and not restarted:
                # the bots' replies told to both pages first: the kill then loses nothing anyone was shown
                wait_until(lambda: any(my_turn(page) for page in people) and told(ann) == told(bea))
                server.kill()  # a crash, mid-game: both pages lose their connection, then come back by themselves
                server.wait()
                for page in people:
                    page.wait_for_function("document.getElementById('status').textContent.includes('Connection lost')")
                before = {page: message(page)["view"] for page in people}
                server = serve(port, db)
                for page in people:
                    page.wait_for_function("!document.getElementById('status').textContent.includes('lost')"
                                           " && current.present.length === 2", timeout=30_000)
                    assert message(page)["view"] == before[page]  # the same table, to the last action
                restarted = True
            movers = [page for page in people if my_turn(page)]
            if not movers:
                wait_until(lambda: any(my_turn(page) or message(page)["over"] for page in people))
                continue
            play(movers[0], rngs[movers[0]])
            actions += 1
        assert restarted
        for page in people:
            page.wait_for_selector("#over:not([hidden])")
        winner = message(ann)["winner"]
        assert winner == message(bea)["winner"]
        assert "Bea (you)" in bea.locator("#scores").inner_text()
    finally:
        server.kill()
        server.wait()


def test_the_maker_gives_an_absent_friends_seat_to_a_bot(browser: Any, server: str) -> None:
    ann = open_page(browser, server)
    start(ann, "concombre", 3, friends=1)
    assert "away" in ann.locator("#scores").inner_text()  # Bea has not opened her link
    ann.click("#scores button:has-text('Give this seat to a bot')")
    ann.wait_for_function("current.people.length === 1")
    assert "away" not in ann.locator("#scores").inner_text()
    accessible(ann, "a seat given to a bot")


def test_the_clock_counts_down_plays_for_a_person_out_of_time_and_a_trick_is_seen_whole(
        browser: Any, paced_server: str) -> None:
    page = open_page(browser, paced_server)
    page.fill("#clock", "3")
    start(page, "concombre", 3, seed=7)
    page.wait_for_selector("#clock-left:not([hidden])")
    assert "s to move" in page.locator("#clock-left").inner_text()
    accessible(page, "the clock")
    # Ann lets her time run out: the table's bot plays her move, and the log says who played it and why
    page.wait_for_function("current.log.some((line) => typeof line === 'string' && "
                           "line.startsWith('Time ran out for Ann'))", timeout=20_000)
    # every completed trick stays on the felt, its three cards and who won it, before it is collected
    page.wait_for_function("document.querySelector('.trick-won') !== null && "
                           "document.querySelectorAll('.ring .card.still').length === 3", timeout=20_000)
    assert "wins the trick" in page.locator(".trick-won").inner_text()
    accessible(page, "a trick seen whole")
    shoot(page, "web-trick.png")
