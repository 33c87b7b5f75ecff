"""A real server, killed with SIGKILL in the middle of a game and started again, loses no action."""

from __future__ import annotations

import json
import signal
import urllib.request
from typing import Any

import pytest

pytest.importorskip("uvicorn")
client = pytest.importorskip("websockets.sync.client")

from concombre import Record, from_dict  # noqa: E402 - after the skips
from concombre.core.records import replay  # noqa: E402 - any game's

from .webserver import free_port, post, serve, turn_of  # noqa: E402


def play(connection: Any, steps: int) -> dict[str, Any]:
    """Play the first legal card ``steps`` times (or to the end); the last view message."""
    message = turn_of(connection)
    for _ in range(steps):
        if message["over"]:
            break
        card = next(card for card, reason in message["reasons"].items() if reason is None)
        connection.send(json.dumps({"action": {"format": "concombre.action/1", "type": "play", "card": card}}))
        message = turn_of(connection)
    return message


def test_a_server_killed_mid_game_comes_back_with_every_table_as_it_was(tmp_path):
    port, db = free_port(), tmp_path / "tables.sqlite3"
    server = serve(port, db)
    try:
        table = post(port, "/api/tables", {"game": "concombre", "players": 3, "name": "Ann"})
        address = f"ws://127.0.0.1:{port}/ws/{table['table']}?token={table['token']}"
        with client.connect(address) as connection:
            before = play(connection, 9)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        server = serve(port, db)
        with client.connect(address) as connection:
            after = json.loads(connection.recv())
            assert after["view"] == before["view"] and after["log"] == before["log"]
            connection.close()
        with client.connect(address) as connection:
            end = play(connection, 10_000)
        assert end["over"]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables/{table['table']}/record?token="
                                    f"{table['token']}", timeout=10) as answer:
            record = from_dict(json.loads(answer.read()), Record)
        assert replay(record).winner is not None
    finally:
        server.kill()
        server.wait(timeout=10)
