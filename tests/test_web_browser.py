"""End-to-end: the page in headless Chromium, driven by Playwright with the system browser."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urljoin

import pytest

sync_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

from concombre.apps.web.app import create_app  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine (.ci/run installs it)")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    running = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(10)


@pytest.fixture
def page(server: str) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context(bypass_csp=True)  # the test's own probes evaluate strings; the page does not
        page = context.new_page()
        page.goto(server)
        yield page
        browser.close()


def test_a_whole_game_of_concombre_by_clicking(page: Any) -> None:
    page.select_option("#game", "concombre")
    page.fill("#players", "3")
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")
    saw_reason = False
    for _ in range(600):
        if page.locator("#over").is_visible():
            break
        page.wait_for_function("document.getElementById('status').textContent.includes('your turn')"
                               " || !document.getElementById('over').hidden")
        if page.locator("#over").is_visible():
            break
        greyed = page.locator("#hand button.card[disabled]")
        if greyed.count():
            saw_reason = saw_reason or bool(greyed.first.get_attribute("title"))
        card = page.locator("#hand button.card:not([disabled])").first.get_attribute("data-card")
        seen = page.evaluate("document.body.dataset.messages")
        page.click(f"#hand button.card[data-card='{card}']")
        # The next message, not the card leaving the hand: a new round may deal the same card again.
        page.wait_for_function("seen => document.body.dataset.messages !== seen", arg=seen)
    assert "wins" in page.locator("#over").inner_text()
    assert saw_reason  # illegal cards were greyed out with the engine's reason on hover
    record = page.request.get(urljoin(page.url, page.locator("#record").get_attribute("href")))
    assert record.json()["format"] == "concombre.record/1"


def test_a_turn_of_romme_by_clicking(page: Any) -> None:
    page.select_option("#game", "romme")
    page.fill("#players", "2")
    page.click("#start")
    page.wait_for_function("document.getElementById('status').textContent.includes('your turn')")
    before = page.locator("#hand button.card").count()
    page.click("#controls button.choice:has-text('draw stock')")
    page.wait_for_function(f"document.querySelectorAll('#hand button.card').length === {before + 1}")
    melds = page.locator("#controls button.choice:has-text('meld')")
    if melds.count():
        melds.first.click()
        page.wait_for_function(f"document.querySelectorAll('#hand button.card').length < {before + 1}")
    card = page.locator("#hand button.card:not([disabled])").first.get_attribute("data-card")
    page.click(f"#hand button.card[data-card='{card}']")
    page.wait_for_function("card => [...document.querySelectorAll('#log li')].some(li => li.textContent.includes("
                           "'discard' + (li.textContent.includes('You discard') ? ' ' : 's ') + card.slice(0, 2)))",
                           arg=card)
    assert page.locator("#melds").count() == 1


def test_two_friends_finish_a_game_of_concombre_in_two_browsers(server: str) -> None:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        ann = browser.new_context(bypass_csp=True).new_page()
        ann.goto(server)
        ann.select_option("#game", "concombre")
        ann.fill("#players", "3")
        ann.fill("#friends", "1")
        ann.click("#start")
        ann.wait_for_selector("#invitations:not([hidden])")
        link = ann.locator("input.invitation").first.input_value()
        assert link.startswith(server + "/#join=")
        bea = browser.new_context(bypass_csp=True).new_page()
        bea.goto(link)
        bea.wait_for_selector("#table:not([hidden])")
        pages = (ann, bea)
        for _ in range(1200):
            if all(page.locator("#over").is_visible() for page in pages):
                break
            moved = False
            for page in pages:
                if "your turn" in page.locator("#status").inner_text() and not page.locator("#over").is_visible():
                    card = page.locator("#hand button.card:not([disabled])").first.get_attribute("data-card")
                    seen = page.evaluate("document.body.dataset.messages")
                    page.click(f"#hand button.card[data-card='{card}']")
                    page.wait_for_function("seen => document.body.dataset.messages !== seen", arg=seen)
                    moved = True
            if not moved:
                time.sleep(0.02)  # the other browser's message is on its way
        for page in pages:
            page.wait_for_selector("#over:not([hidden])")
            assert "wins" in page.locator("#over").inner_text()
        assert "(you)" in bea.locator("#scores").inner_text() and "Bea (you)" in bea.locator("#scores").inner_text()
        browser.close()
