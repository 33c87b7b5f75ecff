"""Friends at one web table: invitations, every seat seeing every action, a seat handed to a bot, a restart."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from concombre import Record, from_dict
from concombre.apps.web.app import create_app
from concombre.core.records import replay  # any game's: the front door's replay is Concombre's

from .webserver import free_port, log_of, post, serve

HERE = "http://localhost"


def make(browser: TestClient, **settings: Any) -> dict[str, Any]:
    answer = browser.post("/api/tables", json={"game": "concombre", "players": 3, "name": "Ann", **settings})
    assert answer.status_code == 200, answer.text
    created: dict[str, Any] = answer.json()
    return created


def address(created: dict[str, Any], token: str) -> str:
    return f"ws://localhost/ws/{created['table']}?token={token}"


def test_two_people_finish_a_game_together_each_seeing_only_their_own_hand(tmp_path):
    client = pytest.importorskip("websockets.sync.client")
    pytest.importorskip("uvicorn")
    port = free_port()
    server = serve(port, tmp_path / "tables.sqlite3")  # a real server: one event loop for both connections
    try:
        created = post(port, "/api/tables", {"game": "concombre", "players": 3, "name": "Ann", "people": 2,
                                             "bot": "random"})
        invitation = created["invitations"][0]
        assert invitation["seat"] == 1 and invitation["name"] == "Bea" and invitation["token"] != created["token"]
        base, rng = f"ws://127.0.0.1:{port}/ws/{created['table']}?token=", random.Random(4)
        with client.connect(base + created["token"]) as ann, client.connect(base + invitation["token"]) as bea:
            sockets = {0: ann, 1: bea}
            seen = {seat: json.loads(sockets[seat].recv(timeout=10)) for seat in sockets}
            for seat in sockets:  # whoever came first is then told of the other's arrival
                if seen[seat]["present"] == [seat]:
                    seen[seat] = json.loads(sockets[seat].recv(timeout=10))
            assert seen[0]["present"] == seen[1]["present"] == [0, 1]
            actions = 0
            while not seen[0]["over"]:
                assert seen[0]["you"] == 0 and seen[1]["you"] == 1 and seen[0]["people"] == [0, 1]
                assert not set(map(str, seen[0]["view"]["hand"])) & set(map(str, seen[1]["view"]["hand"]))
                while seen[0]["view"]["to_play"] not in (0, 1) and not seen[0]["over"]:  # the bot's and table's
                    seen = {seat: json.loads(sockets[seat].recv(timeout=10)) for seat in sockets}  # steps, told
                    assert seen[0]["log"] == seen[1]["log"]
                if seen[0]["over"]:
                    break
                mover = seen[0]["view"]["to_play"]
                card = rng.choice([card for card, reason in seen[mover]["reasons"].items() if reason is None])
                sockets[mover].send(json.dumps({"action": {"format": "concombre.action/1", "type": "play",
                                                           "card": card}}))
                seen = {seat: json.loads(sockets[seat].recv(timeout=10)) for seat in sockets}  # both told
                assert seen[0]["log"] == seen[1]["log"]
                actions += 1
            assert seen[1]["over"] and actions > 10
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/{created['table']}/record?token="
                                    f"{invitation['token']}", timeout=10) as answer:
            assert replay(from_dict(json.loads(answer.read()), Record)).winner is not None
    finally:
        server.kill()
        server.wait(timeout=10)


def test_the_maker_can_hand_an_empty_friends_seat_to_a_bot():
    browser = TestClient(create_app(trick_pause=0), base_url=HERE)
    created = make(browser, people=3)
    cyd = created["invitations"][1]
    path = f"/api/tables/{created['table']}/seats/{cyd['seat']}/bot"
    assert browser.post(path, params={"token": cyd["token"]}).status_code == 404  # only the maker may
    with browser.websocket_connect(address(created, cyd["token"])):
        assert browser.post(path, params={"token": created["token"]}).status_code == 409  # Cyd is there
    handed = browser.post(path, params={"token": created["token"]})
    assert handed.status_code == 200 and handed.json() == {"seat": 2, "bot": "thumb"}
    with browser.websocket_connect(address(created, cyd["token"])) as gone:
        told = gone.receive_json()  # Cyd's link says what happened, and how to watch instead
    assert told["type"] == "handed" and "gave your seat to a bot" in told["message"]
    with browser.websocket_connect(address(created, told["watch"])) as watching:
        assert watching.receive_json()["you"] is None
    assert browser.post(f"/api/tables/{created['table']}/seats/0/bot", params={"token": created["token"]}
                        ).status_code == 400


def test_people_and_bots_come_back_after_a_restart(tmp_path):
    db = tmp_path / "tables.sqlite3"
    browser = TestClient(create_app(trick_pause=0, db=db), base_url=HERE)
    created = make(browser, people=2, bot="random")
    with browser.websocket_connect(address(created, created["token"])) as ann:
        first = ann.receive_json()
    again = TestClient(create_app(trick_pause=0, db=db), base_url=HERE)
    with again.websocket_connect(address(created, created["invitations"][0]["token"])) as bea:
        assert bea.receive_json()["people"] == [0, 1]
    with again.websocket_connect(address(created, created["token"])) as ann:
        assert ann.receive_json()["view"] == first["view"]


@pytest.mark.parametrize("settings", [{"people": 0}, {"people": 4}, {"people": "2"}, {"bot": "nobody"},
                                      {"bot": 3}])
def test_bad_seating_is_refused_with_a_reason(settings):
    browser = TestClient(create_app(trick_pause=0), base_url=HERE)
    answer = browser.post("/api/tables", content=json.dumps({"game": "concombre", "players": 3, **settings}),
                          headers={"content-type": "application/json"})
    assert answer.status_code == 400 and answer.json()["error"]


def test_a_database_of_another_layout_is_refused_with_a_reason(tmp_path):
    import sqlite3

    from concombre import InvalidArgumentError
    from concombre.apps.web.store import SCHEMA_VERSION, Store

    old = tmp_path / "old.sqlite3"
    with sqlite3.connect(old) as db:
        db.execute("create table tables (key text primary key, token text)")
    with pytest.raises(InvalidArgumentError, match="another version"):
        Store(old)
    Store(tmp_path / "new.sqlite3").close()
    with sqlite3.connect(tmp_path / "new.sqlite3") as db:
        assert db.execute("pragma user_version").fetchone()[0] == SCHEMA_VERSION
    Store(tmp_path / "new.sqlite3").close()  # its own layout opens again


def test_a_spectator_watches_every_action_and_cannot_act(tmp_path):
    browser = TestClient(create_app(trick_pause=0, db=tmp_path / "tables.sqlite3"), base_url=HERE)
    created = make(browser, people=2)
    assert created["watch"] not in (created["token"], created["invitations"][0]["token"])
    with browser.websocket_connect(address(created, created["watch"])) as watcher:
        seen = watcher.receive_json()
        assert seen["you"] is None and seen["view"] is None and seen["choices"] == [] and seen["reasons"] == {}
        assert [row["label"] for row in seen["picture"]["rows"]][:3] == ["Ann", "Bea", "Cyd"]
        assert all(row["cards"] == [] for row in seen["picture"]["rows"][:3])  # every hand face down
        watcher.send_json({"action": {"format": "concombre.action/1", "type": "play", "card": "2C"}})
        sentence = "Spectators watch the table: they cannot play."
        assert watcher.receive_json() == {"type": "error", "message": sentence, "reason": sentence, "ruling": None,
                                          "field": None, "path": None}
        with browser.websocket_connect(address(created, created["token"])) as ann:
            mine = ann.receive_json()
            if mine["view"]["to_play"] == 0:  # Ann plays: the spectator is told at once
                card = next(card for card, reason in mine["reasons"].items() if reason is None)
                ann.send_json({"action": {"format": "concombre.action/1", "type": "play", "card": card}})
                assert len(watcher.receive_json()["log"]) > len(seen["log"])
    path = f"/api/tables/{created['table']}/record"
    assert browser.get(path, params={"token": created["watch"]}).status_code == 409  # the seed waits for the end
    assert browser.get(path, params={"token": created["watch"] + "x"}).status_code == 404
    # the spectators' link is not a seat: it cannot hand seats to bots
    assert browser.post(f"/api/tables/{created['table']}/seats/1/bot", params={"token": created["watch"]}
                        ).status_code == 404


def test_a_seed_is_chosen_only_at_a_table_without_friends():
    browser = TestClient(create_app(trick_pause=0), base_url=HERE)
    alone = [make(browser, seed=11) for _ in range(2)]
    views = []
    for created in alone:
        with browser.websocket_connect(address(created, created["token"])) as ann:
            views.append(ann.receive_json()["view"])
    assert views[0] == views[1]  # the same seed, the same deal
    for seed in (-1, 2**63, "11", 1.5, True):
        assert browser.post("/api/tables", json={"game": "concombre", "players": 3, "seed": seed}).status_code == 400
    refused = browser.post("/api/tables", json={"game": "concombre", "players": 3, "seed": 11, "people": 2})
    assert refused.status_code == 400 and "every hand" in refused.json()["error"]


def until_bea_is_awaited(ann: Any) -> dict[str, Any]:
    """Ann plays her turns until the table waits for Bea (seat 1): that message."""
    for _ in range(50):
        message: dict[str, Any] = ann.receive_json()
        to_play = message["view"]["to_play"]
        if to_play == 1 and not message["stand_ins"]:
            return message
        if to_play == 0 and message["choices"]:
            card = next(card for card, reason in message["reasons"].items() if reason is None)
            ann.send_json({"action": {"format": "concombre.action/1", "type": "play", "card": card}})
    raise AssertionError("the table never waited for Bea")


def test_a_friend_who_never_opened_their_link_is_not_played_by_the_clock_before_the_grace_ends():
    browser = TestClient(create_app(trick_pause=0), base_url=HERE)
    started = time.monotonic()
    created = make(browser, people=2, bot="random", clock=1, grace=4)
    with browser.websocket_connect(address(created, created["token"])) as ann:
        waiting = until_bea_is_awaited(ann)
        assert waiting["invited"] == [1] and waiting["clock"] is None  # "invited": no clock runs for her
        time.sleep(max(0.0, started + 2.5 - time.monotonic()))  # more than two of her moves' time
        with browser.websocket_connect(address(created, created["watch"])) as spectator:
            seen = spectator.receive_json()
        assert not any("Time ran out for Bea" in str(line) for line in seen["log"]), seen["log"][-3:]
        assert seen["to_play"] == 1 and seen["players"][1] == "Bea"
        played = log_of(ann, "Time ran out for Bea, who is away")  # the grace over, her clock ran out
        assert time.monotonic() - started >= 4 + 1
        assert played["invited"] == [] and played["stand_ins"] == [1]


def test_a_friends_clock_starts_when_they_open_their_link_or_when_a_short_grace_ends():
    browser = TestClient(create_app(trick_pause=0), base_url=HERE)
    created = make(browser, people=2, bot="random", clock=1, grace=600)
    bea = created["invitations"][0]["token"]
    with browser.websocket_connect(address(created, created["token"])) as ann:
        until_bea_is_awaited(ann)
        with browser.websocket_connect(address(created, bea)) as came:
            here = came.receive_json()
            assert here["invited"] == [] and here["clock"]["seat"] == 1  # she came: her clock runs
    short = make(browser, people=2, bot="random", clock=1, grace=1)
    with browser.websocket_connect(address(short, short["token"])) as ann:
        until_bea_is_awaited(ann)
        played = log_of(ann, "Time ran out for Bea, who is away")  # a second's grace, then a second's move
        assert played["stand_ins"] == [1]


def test_a_romme_rounds_end_holds_its_melds_and_score_sheet_before_the_next_deal():
    from concombre.apps.web.tables import new_table

    table = new_table("romme", players=2, name="Ann", seed=2, bot="solver")
    table.bots = ("solver", "solver")  # both seats played by the bot, to the round's end
    while table.round_shown() is None:
        assert table.step()
    assert table.next_step(1.5) == 4.5 and table.next_step(1.5, round_pause=6.0) == 6.0  # held, like a trick
    message = table.message(0)
    ended = message["round_over"]
    assert ended["title"] == "Round 1 is over: Bea went out." and ended["out"] == 1
    assert ended["head"] == ["Player", "Melds", "Hand", "Round", "Total"] and len(ended["rows"]) == 2
    assert message["view"]["melds"], "the last melds stay on the felt"
    assert table.step() and table.round_shown() is None and table.message(0)["round_over"] is None
    sheet = table.log()[-1]  # the score sheet in the log, as Concombre's
    assert isinstance(sheet, dict) and sheet["head"] == ended["head"] and sheet["rows"] == ended["rows"]
