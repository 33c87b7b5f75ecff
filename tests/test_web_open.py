"""The web table open to the world: creation limits per address, tables nobody joined, a trick seen whole, the
joker drawn in shapes, the score sheet as a table."""

from __future__ import annotations

import json
import sqlite3
import xml.etree.ElementTree as ET
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from concombre.apps.web.app import create_app
from concombre.apps.web.store import SCHEMA_VERSION, Store
from concombre.apps.web.tables import new_table
from concombre.core.render import Face, face_svg

from .webserver import log_of, turn

HERE = "http://localhost"
SETTINGS = {"game": "concombre", "players": 3, "name": "Ann"}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def start(client: TestClient, address: str | None = None) -> Any:
    headers = {} if address is None else {"X-Forwarded-For": f"198.51.100.9, {address}"}
    return client.post("/api/tables", json=SETTINGS, headers=headers)


def test_a_flood_from_one_address_is_refused_while_another_address_starts_a_game_at_once():
    clock = Clock()
    # behind the proxy: the test client's peer ("testclient") is the proxy, whose X-Forwarded-For names the client
    client = TestClient(create_app(clock=clock, trust_proxy=True, proxies=["testclient"], tables_per_minute=6,
                                   table_burst=3, trick_pause=0), base_url=HERE)
    assert [start(client, "203.0.113.1").status_code for _ in range(3)] == [200, 200, 200]  # the burst
    refused = start(client, "203.0.113.1")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "10"  # 6 a minute: one each 10 s
    assert "try again in 10 s" in refused.json()["error"] and refused.json()["retry_after"] == 10
    assert start(client, "203.0.113.2").status_code == 200  # someone else, at once
    clock.now += 9
    assert start(client, "203.0.113.1").status_code == 429  # still within the window
    clock.now += 1
    assert start(client, "203.0.113.1").status_code == 200  # the window's length later, one more
    assert start(client, "203.0.113.1").status_code == 429


def test_without_trust_proxy_a_forwarded_address_is_the_clients_own_word_and_ignored():
    client = TestClient(create_app(clock=Clock(), tables_per_minute=6, table_burst=2, trick_pause=0), base_url=HERE)
    answers = [start(client, f"203.0.113.{number}").status_code for number in range(3)]
    assert answers == [200, 200, 429]  # one peer, whatever the header claims


def test_a_table_nobody_joined_expires_within_minutes_and_a_full_server_says_when_to_come_back():
    clock = Clock()
    client = TestClient(create_app(clock=clock, max_tables=2, unjoined_seconds=300, trick_pause=0), base_url=HERE)
    joined = start(client).json()
    with client.websocket_connect(f"ws://localhost/ws/{joined['table']}?token={joined['token']}") as socket:
        socket.receive_json()
    assert start(client).status_code == 200  # never joined
    full = start(client)
    assert full.status_code == 503 and 1 <= int(full.headers["Retry-After"]) <= 300
    clock.now += 301
    assert start(client).status_code == 200  # the unjoined table made room; the joined one is kept
    with client.websocket_connect(f"ws://localhost/ws/{joined['table']}?token={joined['token']}") as socket:
        assert socket.receive_json()["type"] == "view"


def test_whether_a_person_joined_survives_a_restart_and_an_old_database_is_brought_up_to_date(tmp_path):
    db = tmp_path / "tables.sqlite3"
    store = Store(db)
    store.add("t1", new_table("concombre", 3, "Ann", seed=1), used=0.0)
    store.add("t2", new_table("concombre", 3, "Ann", seed=2), used=0.0)
    store.join("t1")
    store.close()
    assert [(kept.key, kept.joined) for kept in Store(db).tables()] == [("t1", True), ("t2", False)]
    old = tmp_path / "old.sqlite3"  # the first layout, as version 1 wrote it
    with sqlite3.connect(old) as connection:
        connection.executescript("create table tables (key text primary key, seats text not null, setup text not "
                                 "null, used real not null); pragma user_version = 1;")
    Store(old).close()
    with sqlite3.connect(old) as connection:
        assert connection.execute("pragma user_version").fetchone()[0] == SCHEMA_VERSION == 3
        assert "joined" in [row[1] for row in connection.execute("pragma table_info(tables)")]


def test_every_completed_trick_stays_on_the_felt_with_its_winner_before_it_is_collected():
    client = TestClient(create_app(trick_pause=0.01), base_url=HERE)
    table = client.post("/api/tables", json={**SETTINGS, "seed": 5}).json()
    held: list[dict[str, Any]] = []
    with client.websocket_connect(f"ws://localhost/ws/{table['table']}?token={table['token']}") as socket:
        message = socket.receive_json()
        while message["view"]["round_number"] == 1:
            view = message["view"]
            if view["phase"] == "trick complete":
                held.append(message)
                assert message["trick_won"]["plays"] == view["trick"] and len(view["trick"]) == 3
            elif view["phase"] == "play" and not view["trick"] and view["tricks"]:  # collected, nothing led yet:
                assert message["trick_won"]["plays"] == view["tricks"][-1]  # the trick is still shown
                assert message["trick_won"]["winner"] == view["to_play"]  # its winner leads (C8)
            else:
                assert message["trick_won"] is None
            if message["view"]["to_play"] == 0:
                card = next(card for card, reason in message["reasons"].items() if reason is None)
                socket.send_json({"action": {"format": "concombre.action/1", "type": "play", "card": card}})
            message = socket.receive_json()
        tricks = [line for line in message["log"] if isinstance(line, str) and line.startswith("Trick ")]
    assert len(held) == 7 and len(tricks) >= 7  # a round of 7 cards: every trick was seen whole


def test_the_joker_is_drawn_in_shapes_and_keeps_its_caption():
    svg = face_svg(Face("", None, "joker", "as 7♥", key="JK1"))
    root = ET.fromstring(svg)
    space = "{http://www.w3.org/2000/svg}"
    assert len(list(root.iter(f"{space}polygon"))) == 3
    assert [text.text for text in root.iter(f"{space}text")] == ["as 7♥"]  # the caption, and no character
    assert "🃏" not in svg and "★" not in svg


def test_the_rounds_score_sheet_is_one_table_in_the_log():
    table = new_table("concombre", 3, "Ann", seed=1)
    while table.state.round_number == 1:
        table.act(0, json.loads(json.dumps(table.message(0)["choices"][0]["action"])))
        table.play_bots()
    sheets = [entry for entry in table.log() if isinstance(entry, dict)]
    assert len(sheets) == 1 and sheets[0]["head"] == ["Player", "Score", "Penalty cards"]
    assert [row[0] for row in sheets[0]["rows"]] == ["Ann", "Bea", "Cyd"]
    assert not any(isinstance(entry, str) and entry.startswith("Player") for entry in table.log())
    assert table.message(0)["log"] == table.log()[-30:]


def test_a_person_out_of_time_has_the_move_played_by_the_bot_and_everyone_is_told():
    client = TestClient(create_app(trick_pause=0), base_url=HERE)
    table = client.post("/api/tables", json={**SETTINGS, "seed": 3, "clock": 1}).json()
    with client.websocket_connect(f"ws://localhost/ws/{table['table']}?token={table['token']}") as socket:
        first = turn(socket)
        assert first["clock"] == {"seat": 0, "per_move": 1.0, "left": 1.0}  # the page counts it down
        hand = len(first["view"]["hand"])
        played = log_of(socket, "Time ran out for Ann: the table's bot played for them.")
        assert len(played["view"]["hand"]) == hand - 1 and played["stand_ins"] == []  # Ann is here: one move only


def test_an_away_seat_is_played_by_the_bot_once_its_time_runs_out_and_taken_back_on_return_across_a_restart(
        tmp_path):
    db = tmp_path / "tables.sqlite3"
    client = TestClient(create_app(trick_pause=0, db=db), base_url=HERE)
    table = client.post("/api/tables", json={**SETTINGS, "people": 2, "bot": "random", "clock": 1}).json()
    bea = table["invitations"][0]["token"]
    with client.websocket_connect(f"ws://localhost/ws/{table['table']}?token={bea}") as came:
        came.receive_json()  # Bea came (her first message follows her arrival being kept), and left
    again = TestClient(create_app(trick_pause=0, db=db), base_url=HERE)  # a restart: the clock's setting is kept
    with again.websocket_connect(f"ws://localhost/ws/{table['table']}?token={table['token']}") as ann:
        message = ann.receive_json()
        assert message["present"] == [0] and (message["clock"] or {}).get("per_move") == 1.0
        for _ in range(3):  # Ann plays on; Bea's first timed-out move makes her a stand-in
            message = turn(ann)
            if message["stand_ins"] == [1]:
                break
            card = next(card for card, reason in message["reasons"].items() if reason is None)
            ann.send_json({"action": {"format": "concombre.action/1", "type": "play", "card": card}})
        else:
            message = log_of(ann, "Time ran out for Bea, who is away")
        assert message["stand_ins"] == [1]
        stand_in = message["view"]["hand_sizes"][1]
        card = next(card for card, reason in turn(ann)["reasons"].items() if reason is None)
        ann.send_json({"action": {"format": "concombre.action/1", "type": "play", "card": card}})
        mine = turn(ann)  # Bea's seat played at once, without waiting for her clock
        assert mine["view"]["hand_sizes"][1] < stand_in and mine["clock"]["seat"] == 0
        with again.websocket_connect(f"ws://localhost/ws/{table['table']}?token={bea}") as back:
            came = back.receive_json()
            assert came["stand_ins"] == [] and "Bea is back and plays again." in came["log"]


def test_the_deployment_pages_backup_copies_the_tables_while_the_server_writes(tmp_path):
    db, copy = tmp_path / "tables.sqlite3", tmp_path / "backup.sqlite3"
    store = Store(db)
    store.add("t1", new_table("concombre", 3, "Ann", seed=1), used=0.0)
    source, target = sqlite3.connect(db), sqlite3.connect(copy)
    source.backup(target)  # the page's one-liner, while the store's connection is open and writing
    store.add("t2", new_table("romme", 2, "Ann", seed=2), used=0.0)
    source.close()
    target.close()
    store.close()
    assert [kept.key for kept in Store(copy).tables()] == ["t1"]


def test_each_cards_drawing_is_sent_once_a_connection():
    client = TestClient(create_app(trick_pause=0), base_url=HERE)
    table = client.post("/api/tables", json={**SETTINGS, "seed": 4}).json()
    drawn: dict[str, str] = {}
    with client.websocket_connect(f"ws://localhost/ws/{table['table']}?token={table['token']}") as socket:
        for _ in range(6):
            message = turn(socket)
            assert not set(message["faces"]) & set(drawn)  # nothing sent twice
            drawn.update(message["faces"])
            cards = [card for row in message["picture"]["rows"] for card in row["cards"]]
            assert cards and all(card["face"] in drawn and "svg" not in card for card in cards)
            assert all(drawn[card["face"]].startswith("<svg") and card["words"] in drawn[card["face"]]
                       for card in cards)
            card = next(card for card, reason in message["reasons"].items() if reason is None)
            socket.send_json({"action": {"format": "concombre.action/1", "type": "play", "card": card}})
    with client.websocket_connect(f"ws://localhost/ws/{table['table']}?token={table['token']}") as again:
        message = again.receive_json()  # a new connection is sent every drawing it shows
        assert {card["face"] for row in message["picture"]["rows"] for card in row["cards"]} <= set(message["faces"])
