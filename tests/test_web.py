"""The web server through the ASGI test client: whole games, refusals, reconnection, records, no leaks."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient

from concombre import PACK, Record, from_dict
from concombre.apps.web.app import create_app
from concombre.apps.web.tables import new_table
from concombre.core.records import replay  # any game's: the front door's replay is Concombre's
from concombre.core.words import card_text
from concombre.romme import Record as RommeRecord
from concombre.romme import RommeCard

from .webserver import turn

CARD_TEXTS = {str(card) for card in PACK}


def start(client: TestClient, game: str = "concombre", players: int = 3) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": game, "players": players, "name": "Ann"})
    assert answer.status_code == 200
    data: dict[str, Any] = answer.json()
    return data


def strings(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(strings(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(item) for item in value)) if value else set()
    return {value} if isinstance(value, str) else set()


def test_a_whole_game_over_the_websocket_then_the_record():
    client = TestClient(create_app(trick_pause=0), base_url="http://localhost")
    table = start(client)
    with client.websocket_connect(f"ws://localhost/ws/{table['table']}?token={table['token']}") as socket:
        message = turn(socket)
        while not message["over"]:
            assert message["type"] == "view" and "seed" not in json.dumps(message)
            card = next(card for card, reason in message["reasons"].items() if reason is None)
            socket.send_json({"action": {"format": "concombre.action/1", "type": "play", "card": card}})
            message = turn(socket)
    record = client.get(f"/api/tables/{table['table']}/record?token={table['token']}")
    game = from_dict(record.json(), Record)
    assert replay(game).winner is not None
    assert client.get(f"/api/tables/{table['table']}/record?token=wrong").status_code == 404


def test_refusals_leave_the_table_as_it_was():
    client = TestClient(create_app(trick_pause=0), base_url="http://localhost")
    table = start(client)
    with client.websocket_connect(f"ws://localhost/ws/{table['table']}?token={table['token']}") as socket:
        first = turn(socket)
        refused = next(card for card, reason in first["reasons"].items() if reason) if any(
            first["reasons"].values()) else "ZZ"
        for bad in (json.dumps({"nothing": 1}), json.dumps({"action": {"format": "chess/1"}}),
                    json.dumps({"action": {"format": "concombre.action/1", "type": "play", "card": refused}}),
                    json.dumps({"action": {"format": "concombre.action/1", "type": "score_round"}})):
            socket.send_text(bad)
            error = socket.receive_json()
            assert error["type"] == "error" and error["message"]
        socket.send_json({"action": {"format": "concombre.action/1", "type": "play",
                                     "card": next(c for c, r in first["reasons"].items() if r is None)}})
        assert socket.receive_json()["type"] == "view"


def test_a_wrong_token_holds_no_seat_and_reconnecting_rejoins():
    client = TestClient(create_app(trick_pause=0), base_url="http://localhost")
    table = start(client, "romme", 2)
    with client.websocket_connect(f"ws://localhost/ws/{table['table']}?token=stolen") as socket:
        assert socket.receive_json()["type"] == "error"
    with client.websocket_connect(f"ws://localhost/ws/{table['table']}?token={table['token']}") as socket:
        first = socket.receive_json()
        socket.send_json({"action": {"format": "concombre.romme.action/1", "type": "draw_stock"}})
        drawn = socket.receive_json()
    assert len(drawn["view"]["hand"]) == len(first["view"]["hand"]) + 1
    with client.websocket_connect(f"ws://localhost/ws/{table['table']}?token={table['token']}") as socket:
        again = socket.receive_json()  # the same seat, as it was left
        assert again["view"] == drawn["view"]
        discard = next(card for card, reason in again["reasons"].items() if reason is None and len(card) == 3)
        socket.send_json({"action": {"format": "concombre.romme.action/1", "type": "discard", "card": discard}})
        after = socket.receive_json()  # Ann's own view first, then the bot's turn
        spoken = card_text(RommeCard.parse(discard))
        assert f"Ann discards {spoken}." in after["log"] and spoken[-1] in "♣♦♥♠"  # a person's words: no code


def test_the_games_come_from_the_registry():
    games = TestClient(create_app(trick_pause=0), base_url="http://localhost").get("/api/games").json()
    romme = next(game for game in games if game["name"] == "romme")
    assert romme["title"] == "German Rommé" and romme["players"] == [2, 6]
    assert romme["table_bot"] in romme["bots"] and "random" in romme["bots"]
    assert [game["name"] for game in games][:2] == ["concombre", "romme"]


def test_bad_table_requests_are_refused():
    client = TestClient(create_app(trick_pause=0), base_url="http://localhost")
    for body in ({"game": "chess", "players": 2}, {"game": "romme", "players": 9}, {"players": 3}):
        assert client.post("/api/tables", json=body).status_code == 400


@pytest.mark.parametrize("game", ["concombre", "romme"])
def test_messages_never_hold_a_card_the_seat_may_not_see(game):
    table = new_table(game, 3, "Ann", seed=987_654_321_987)
    rng = random.Random(5)
    for _ in range(400):
        message = table.message(0)
        state = table.state
        others = {str(card) for seat, hand in enumerate(state.hands) if seat != 0 for card in hand}
        hidden = others | {str(card) for card in state.stock}
        # The log and the last round's result are history: cards they name may since have been dealt again.
        shown = {key: value for key, value in message.items() if key != "log"}
        shown["view"] = {key: value for key, value in message["view"].items() if key != "last_result"}
        texts = strings(shown)
        assert not texts & hidden, texts & hidden
        assert str(state.seed) not in json.dumps(message) and "seed" not in json.dumps(message)
        watched = table.message(None)  # a spectator: no hand at all, and nothing to act on
        assert watched["view"] is None and watched["choices"] == [] and watched["reasons"] == {}
        every_hand = {str(card) for hand in state.hands for card in hand}
        assert not strings({key: value for key, value in watched.items() if key != "log"}) & (hidden | every_hand)
        if message["over"]:
            break
        if game == "romme":
            action = rng.choice(message["choices"])["action"]
        else:
            action = {"format": "concombre.action/1", "type": "play",
                      "card": rng.choice([c for c, r in message["reasons"].items() if r is None])}
        assert table.act(0, action) is None
        table.play_bots()
    if game == "romme":
        assert replay(from_dict(table.record_document(), RommeRecord)) == table.state
