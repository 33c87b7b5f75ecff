"""A real `concombre serve` in a subprocess, for the tests that need one: several connections at once, a kill."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def serve(port: int, db: Path, *options: str) -> subprocess.Popen[bytes]:
    """``concombre serve`` on ``port`` (completed tricks collected at once unless ``options`` say otherwise)."""
    server = subprocess.Popen([sys.executable, "-m", "concombre", "serve", "--port", str(port), "--db", str(db),
                               "--trick-pause", "0", *options],
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


def mine(message: dict[str, Any]) -> bool:
    """Whether a view message asks its seat to act: its turn, or the game's end."""
    view = message.get("view") or {}
    return bool(message.get("over")) or (view.get("to_play") == message.get("you") and bool(message["choices"]))


def turn(socket: Any) -> dict[str, Any]:
    """The next message that asks the seat to act (the table sends one after every change: the person's own
    action, then the bots' replies), from an ASGI test client's socket."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] != "view" or mine(message):
            return message


def turn_of(connection: Any) -> dict[str, Any]:
    """`turn`, from a `websockets` connection."""
    while True:
        message: dict[str, Any] = json.loads(connection.recv())
        if message["type"] != "view" or mine(message):
            return message


def log_of(socket: Any, wanted: str, limit: int = 200) -> dict[str, Any]:
    """The first message whose log holds a line starting with ``wanted``, from an ASGI test client's socket."""
    for _ in range(limit):
        message: dict[str, Any] = socket.receive_json()
        if any(isinstance(line, str) and line.startswith(wanted) for line in message.get("log", [])):
            return message
    raise AssertionError(f"no {wanted!r} in {limit} messages")
