"""A real server, killed with SIGKILL in the middle of a game and started again, loses no action."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
client = pytest.importorskip("websockets.sync.client")

from concombre import GameRecord, from_dict, replay  # noqa: E402 - after the skips


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def serve(port: int, db: Path) -> subprocess.Popen[bytes]:
    server = subprocess.Popen([sys.executable, "-m", "concombre", "serve", "--port", str(port), "--db", str(db)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).read()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise AssertionError("the server did not start")


def post(port: int, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    return json.loads(urllib.request.urlopen(request, timeout=10).read())


def play(connection: Any, steps: int) -> dict[str, Any]:
    """Play the first legal card ``steps`` times (or to the end); the last view message."""
    message: dict[str, Any] = json.loads(connection.recv())
    for _ in range(steps):
        if message["over"]:
            break
        card = next(card for card, reason in message["reasons"].items() if reason is None)
        connection.send(json.dumps({"action": {"format": "concombre.action/1", "type": "play", "card": card}}))
        message = json.loads(connection.recv())
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
            record = from_dict(json.loads(answer.read()), GameRecord)
        assert replay(record).winner is not None
    finally:
        server.kill()
        server.wait(timeout=10)
