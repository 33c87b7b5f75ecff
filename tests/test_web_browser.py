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
from concombre.apps.web.server import config  # noqa: E402
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
    server = uvicorn.Server(config(app, "127.0.0.1", port))  # as concombre serve runs it
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
    offered = page.locator("#bot option").all_inner_texts()  # the levels first, in words, weakest first
    assert offered[:3] == ["Beginner: easy, plays at once", "Club: stronger, plays at once",
                           "Expert: strongest, plays at once"], offered
    assert page.locator("#bot optgroup").nth(1).get_attribute("label") == "Other bots, by name"
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
    menu = page.locator("#bot").bounding_box()
    assert menu is not None and menu["x"] + menu["width"] <= PHONE["width"]  # the bot menu is not cut off
    start(page, "concombre", 7, seed=3)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], wide
    hand, scores = page.locator("#hand").bounding_box(), page.locator("#scores-title").bounding_box()
    assert hand is not None and scores is not None
    assert scores["y"] - (hand["y"] + hand["height"]) < 80  # no gap splits the hand from the scores
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


def test_the_maker_gives_an_absent_friends_seat_to_a_bot_after_a_question_and_the_friend_is_told(
        browser: Any, server: str) -> None:
    ann = open_page(browser, server)
    start(ann, "concombre", 3, friends=1)
    bea_link = ann.locator("input.invitation.friend").first.input_value()
    assert "invited" in ann.locator("#scores").inner_text()  # Bea has not opened her link
    ann.click("#scores button:has-text('Give this seat to a bot')")
    assert ann.locator("#confirm").is_visible() and "Bea" in ann.locator("#confirm-text").inner_text()
    accessible(ann, "the question before a seat is given to a bot")
    ann.click("#confirm-no")  # nothing done
    assert ann.locator("#confirm").is_hidden() and message(ann)["people"] == [0, 1]
    ann.click("#scores button:has-text('Give this seat to a bot')")
    ann.click("#confirm-yes")
    ann.wait_for_function("current.people.length === 1")
    assert "invited" not in ann.locator("#scores").inner_text()
    accessible(ann, "a seat given to a bot")
    bea = open_page(browser, bea_link)  # her link now says what happened, and offers to watch
    bea.wait_for_selector("#gone:not([hidden])")
    assert "gave your seat to a bot" in bea.locator("#gone-text").inner_text()
    assert bea.locator("#hand-area").is_hidden()
    accessible(bea, "a seat given to a bot, from the friend's link")
    bea.click("#watch-instead")
    bea.wait_for_function("current !== null && current.you === null")
    assert "watching" in bea.locator("#status").inner_text()


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
                           "document.querySelectorAll('.ring .card.still img.card-image').length === 3",
                           timeout=20_000)  # drawn as cards, not text tiles
    # once collected, the won trick stays on the felt until the next lead, though no picture row holds its cards
    # any more (nor after a reconnect or a language switch): the page keeps the faces it was shown
    drawn = page.evaluate("""() => {
        const shown = structuredClone(current);
        const plays = shown.trick_won.plays;
        const keys = new Set(plays.map(([, key]) => key));
        shown.view.trick = [];
        for (const row of shown.picture.rows) row.cards = row.cards.filter((card) => !keys.has(card.key));
        shown.faces = {};
        draw(shown);
        return document.querySelectorAll('.ring .card.still img.card-image').length;
    }""")
    assert drawn == 3
    assert "wins the trick" in page.locator(".trick-won").inner_text()
    accessible(page, "a trick seen whole")
    shoot(page, "web-trick.png")


def test_two_links_in_one_browser_keep_both_seats_and_leaving_asks_first(browser: Any, server: str) -> None:
    context = browser.new_context(bypass_csp=True)
    errors: list[str] = []
    ann = context.new_page()
    ann.on("console", lambda line: errors.append(line.text) if line.type == "error" else None)
    ann.goto(server)
    start(ann, "concombre", 3, friends=1)
    watching = ann.locator("input.invitation.spectators").input_value()
    bea_link = ann.locator("input.invitation.friend").first.input_value()
    spectator = context.new_page()  # the maker opens the spectators' link in a second tab of the same browser
    spectator.goto(watching)
    spectator.wait_for_function("current !== null && current.you === null")
    names = spectator.locator(".ring .seat .who").all_inner_texts()  # the table ring, with the names
    assert sorted(names) == ["Ann", "Bea", "Cyd"], names
    accessible(spectator, "a spectator's Concombre table")
    friend = context.new_page()  # and a friend's link, to check it
    friend.goto(bea_link)
    friend.wait_for_function("current !== null && current.you === 1")
    ann.reload()  # the first tab still holds the maker's seat
    ann.wait_for_function("current !== null")
    assert message(ann)["you"] == 0 and message(ann)["view"]["hand"]
    assert ann.locator("#invitations").get_attribute("open") is None  # every friend came: the links fold away
    ann.click("#tables")  # every seat this browser holds, and a way back to each
    ann.wait_for_selector("#held:not([hidden])")
    held = ann.locator("#held-list li").all_inner_texts()
    assert len(held) == 3 and any("watching" in line for line in held), held
    accessible(ann, "the seats this browser holds")
    shoot(ann, "web-held.png")
    ann.click("#held-list li:has-text('Concombre: Ann') button:has-text('Go to this table')")
    ann.wait_for_function("current !== null && current.you === 0")
    ann.click("#leave")  # leaving asks first
    assert ann.locator("#confirm").is_visible()
    ann.click("#confirm-no")
    assert ann.locator("#table").is_visible() and len(ann.locator("#held-list li").all_inner_texts()) == 3
    ann.click("#leave")
    ann.click("#confirm-yes")
    ann.wait_for_selector("#setup:not([hidden])")
    assert ann.locator("#held-list li").count() == 2
    gone = context.new_page()  # a link to a table that is gone (expired, say) is said so, and not held
    gone.goto(server + "/#join=gone-table.not-a-token")
    gone.wait_for_selector("#gone:not([hidden])")
    assert "not your seat" in gone.locator("#gone-text").inner_text()
    assert gone.evaluate("Object.keys(JSON.parse(localStorage.getItem('concombre-seats'))).length") == 2
    assert not errors, errors  # no failed request either: the favicon is served
    assert ann.request.get(server + "/favicon.ico").ok
    context.close()


def test_a_late_friend_is_invited_with_no_clock_until_they_open_their_link(browser: Any, server: str) -> None:
    ann = open_page(browser, server)
    ann.fill("#clock", "2")
    start(ann, "concombre", 3, friends=1)
    bea_link = ann.locator("input.invitation.friend").first.input_value()
    rng = random.Random(3)
    for _ in range(30):  # Ann plays until the table waits for Bea
        ann.wait_for_function("current.view.to_play === 0 || current.view.to_play === 1")
        if message(ann)["view"]["to_play"] == 1:
            break
        if my_turn(ann):
            play(ann, rng)
    assert message(ann)["view"]["to_play"] == 1 and message(ann)["invited"] == [1]
    assert "invited" in ann.locator("#scores").inner_text() and ann.locator("#clock-left").is_hidden()
    accessible(ann, "a friend invited, not come yet")
    shoot(ann, "web-invited.png")
    time.sleep(3)  # more than a move's time: her clock does not run before she comes
    assert message(ann)["view"]["to_play"] == 1
    assert not any("Time ran out for Bea" in str(line) for line in message(ann)["log"])
    bea = open_page(browser, bea_link)
    bea.wait_for_function("current !== null && current.you === 1")
    ann.wait_for_function("current.invited.length === 0 && current.clock !== null && current.clock.seat === 1")
    assert ann.locator("#clock-left").inner_text().startswith("Bea: ")


@pytest.fixture(scope="module")
def round_server() -> Iterator[str]:
    """A round's end held four seconds on the felt before the next deal."""
    yield from running(create_app(trick_pause=0, round_pause=4.0))


def test_a_romme_rounds_end_shows_its_melds_and_score_sheet_before_the_next_deal(browser: Any,
                                                                                 round_server: str) -> None:
    page = open_page(browser, round_server)
    start(page, "romme", 2, seed=29)
    rng = random.Random(0)
    for _ in range(400):
        page.wait_for_function("current.over || current.round_over !== null || current.view.to_play === current.you")
        if message(page)["round_over"] is not None or message(page)["over"]:
            break
        play(page, rng)
    page.wait_for_selector("#board .round-over")
    ended = page.locator("#board .round-over")
    assert "Round 1 is over: " in ended.inner_text() and "went out" in ended.inner_text()
    assert ended.locator("table.sheet thead th").all_inner_texts() == ["Player", "Melds", "Hand", "Round", "Total"]
    assert ended.locator("table.sheet tbody tr").count() == 2
    assert page.locator("#melds li.meld").count() > 0  # the last melds stay on the felt
    accessible(page, "a Rommé round's end")
    shoot(page, "web-round-end.png")
    page.wait_for_function("current.round_over === null && current.view.round_number === 2", timeout=15_000)
    assert page.locator("#log table.sheet").count() >= 1  # the sheet stays in the log
    # the end screen's final table: the scores and the winner, not a round's hands nor openings
    page.evaluate("draw({...current, over: true, winner: 0})")
    header = page.locator("#scores thead th").all_inner_texts()
    assert header == ["Player", "Final score", "Notes"], header
    assert "not opened" not in page.locator("#scores").inner_text()
