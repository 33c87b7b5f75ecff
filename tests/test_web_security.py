"""The web server as an attacker finds it: each property here was broken before issue 18, and is tested."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from concombre.apps.web.app import MAX_BODY, NO_SEAT, create_app
from concombre.apps.web.guard import RateLimit

HERE = "http://localhost"
SETTINGS = {"game": "concombre", "players": 3, "name": "Ann"}


def client(**options: Any) -> TestClient:
    return TestClient(create_app(**options), base_url=HERE)


def table(browser: TestClient) -> dict[str, Any]:
    answer = browser.post("/api/tables", json=SETTINGS)
    assert answer.status_code == 200, answer.text
    created: dict[str, Any] = answer.json()
    return created


def socket_url(created: dict[str, Any], token: str | None = None) -> str:
    return f"ws://localhost/ws/{created['table']}?token={token or created['token']}"


def receive_until_closed(socket: Any, messages: list[dict[str, Any]]) -> None:
    while True:
        messages.append(socket.receive_json())


def test_the_record_and_its_seed_wait_for_the_end_of_the_game():
    browser = client()
    created = table(browser)
    early = browser.get(f"/api/tables/{created['table']}/record?token={created['token']}")
    assert early.status_code == 409 and "once the game is over" in early.json()["error"]
    assert '"seed"' not in early.text  # no record, so no seed: every bot's hand and every deal stay hidden


def test_a_foreign_page_cannot_create_a_table_nor_join_one():
    browser = client()
    plain = browser.post("/api/tables", content=json.dumps(SETTINGS), headers={"content-type": "text/plain"})
    assert plain.status_code == 415
    foreign = browser.post("/api/tables", json=SETTINGS, headers={"origin": "https://evil.example"})
    assert foreign.status_code == 403
    assert browser.post("/api/tables", json=SETTINGS, headers={"origin": HERE}).status_code == 200
    created = table(browser)
    with pytest.raises(WebSocketDisconnect) as refused, browser.websocket_connect(
            socket_url(created), headers={"origin": "https://evil.example"}):
        pass
    assert refused.value.code == 1008
    allowed = client(allow_origins=["https://cards.example"])
    assert allowed.post("/api/tables", json=SETTINGS, headers={"origin": "https://cards.example"}).status_code == 200


def test_a_rebound_host_name_finds_nothing():
    browser = client()
    assert browser.get("/api/games", headers={"host": "evil.example"}).status_code == 403
    assert browser.get("/api/games", headers={"host": "localhost:8000"}).status_code == 200
    assert client(allow_hosts=["cards.example"]).get("/api/games", headers={"host": "cards.example"}).status_code == 200


def test_bad_bodies_get_a_400_not_a_crash():
    browser = client()
    for body in ('{"game": "concombre", "players": Infinity}', '{"game": "concombre", "players": 1e400}',
                 '{"game": "concombre", "players": 3.0}', "[" * 100_000 + "]" * 100_000, "{", '"just text"',
                 json.dumps({**SETTINGS, "name": "\ud800"}),
                 json.dumps({**SETTINGS, "name": "<img src=x onerror=alert(1)>" * 9})):
        answer = browser.post("/api/tables", content=body.encode("utf-8", "surrogatepass"),
                              headers={"content-type": "application/json"})
        assert answer.status_code in (400, 413), (body[:40], answer.status_code)
        assert "error" in answer.json()
    huge = browser.post("/api/tables", content=b" " * (32 * 2**20), headers={"content-type": "application/json"})
    assert huge.status_code == 413 and str(MAX_BODY) in huge.json()["error"]


@pytest.mark.parametrize("frame", ["binary", "bad json", "deep", "too long"])
def test_bad_frames_get_a_message_and_a_clean_close(frame):
    browser = client()
    created = table(browser)
    with browser.websocket_connect(socket_url(created)) as socket:
        assert socket.receive_json()["type"] == "view"
        if frame == "binary":
            socket.send_bytes(b"\x00\x01")
        elif frame == "bad json":
            socket.send_text("{not json")
        elif frame == "deep":
            socket.send_text("[" * 100_000 + "]" * 100_000)
        else:
            socket.send_text(json.dumps({"action": "x" * 70_000}))
        error = socket.receive_json()
        assert error["type"] == "error" and error["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code in (1003, 1007)
    with browser.websocket_connect(socket_url(created)) as again:  # the table is still there, as it was
        assert again.receive_json()["type"] == "view"


def test_a_flood_of_messages_is_cut_off():
    browser = client()
    created = table(browser)
    with browser.websocket_connect(socket_url(created)) as socket:
        socket.receive_json()
        for _ in range(200):
            socket.send_text(json.dumps({"nothing": 1}))
        messages: list[dict[str, Any]] = []
        with pytest.raises(WebSocketDisconnect) as closed:
            receive_until_closed(socket, messages)
        assert closed.value.code == 1008 and "Too many refused messages" in messages[-1]["message"]
    tick = [0.0]
    limit = RateLimit(per_second=2, burst=2, clock=lambda: tick[0])
    assert [limit.allow() for _ in range(3)] == [True, True, False]
    tick[0] += 0.5
    assert limit.allow()  # a second's share refills


def test_tokens_of_any_text_are_refused_cleanly():
    browser = client()
    created = table(browser)
    for token in ("wrong", "é" * 22, created["token"][:-1]):
        assert browser.get(f"/api/tables/{created['table']}/record", params={"token": token}).status_code == 404
        with browser.websocket_connect(socket_url(created, token)) as socket:
            assert "not your seat" in socket.receive_json()["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == NO_SEAT == 4404  # the page forgets such a link: no seat to come back to


def test_tables_expire_so_a_flood_does_not_lock_everyone_out():
    now = [0.0]
    browser = client(max_tables=3, idle_seconds=60, clock=lambda: now[0])
    for _ in range(3):
        table(browser)
    assert browser.post("/api/tables", json=SETTINGS).status_code == 503
    now[0] += 61
    assert browser.post("/api/tables", json=SETTINGS).status_code == 200  # the idle ones made room


def test_the_page_forbids_inline_scripts():
    answer = client().get("/")
    policy = answer.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert answer.headers["x-content-type-options"] == "nosniff"
