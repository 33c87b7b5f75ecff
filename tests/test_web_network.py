"""The web table against a hostile network, on a real `concombre serve`: forged proxy headers, other origins on the
same machine, oversized frames, half-sent requests, the database's file modes, IPv6 neighbours."""

from __future__ import annotations

import http.client
import json
import socket
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
sync_client = pytest.importorskip("websockets.sync.client")
websockets_exceptions = pytest.importorskip("websockets.exceptions")

from starlette.testclient import TestClient  # noqa: E402

from concombre.apps.web.app import create_app  # noqa: E402
from concombre.apps.web.guard import AddressLimit  # noqa: E402

from .webserver import free_port, serve  # noqa: E402

SETTINGS = {"game": "concombre", "players": 3, "name": "Ann"}


def create(port: int, source: str = "127.0.0.1", headers: dict[str, str] | None = None) -> int:
    """Start a table from the client address ``source``: the answer's status."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    connection.request("POST", "/api/tables", body=json.dumps(SETTINGS),
                       headers={"Content-Type": "application/json", **(headers or {})})
    status = connection.getresponse().status
    connection.close()
    return status


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    """A server whose creation limit is two tables at once, then one a minute; its database in a folder it makes."""
    port = free_port()
    db = tmp_path_factory.mktemp("network") / "kept" / "tables.sqlite3"
    process = serve(port, db, "--create-burst", "2", "--create-rate", "1", "--header-timeout", "1")
    yield port, db
    process.kill()
    process.wait()


def test_a_forged_forwarded_address_changes_nothing_and_another_address_is_served_at_once(
        server: tuple[int, Path]) -> None:
    port, _db = server
    forged = [create(port, headers={"X-Forwarded-For": f"203.0.113.{number}"}) for number in range(3)]
    assert forged == [200, 200, 429]  # one peer, whatever its header claims (uvicorn's proxy headers are off)
    assert create(port, source="127.0.0.2") == 200  # a flood from one address leaves another served at once


def test_the_database_its_journal_and_its_folder_are_the_owners_only(server: tuple[int, Path]) -> None:
    _port, db = server
    kept = [path for path in db.parent.iterdir() if path.name.startswith(db.name)]
    assert db in kept and any(path.name.endswith("-wal") for path in kept), kept
    for path in kept:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, (path.name, oct(path.stat().st_mode))
    assert stat.S_IMODE(db.parent.stat().st_mode) == 0o700


def test_a_page_from_another_port_or_scheme_is_refused(server: tuple[int, Path]) -> None:
    port, _db = server
    assert create(port, source="127.0.0.3", headers={"Origin": f"http://127.0.0.1:{port + 1}"}) == 403
    assert create(port, source="127.0.0.3", headers={"Origin": f"https://127.0.0.1:{port}"}) == 403
    assert create(port, source="127.0.0.3", headers={"Origin": f"http://127.0.0.1:{port}"}) == 200
    with pytest.raises(websockets_exceptions.InvalidStatus) as refused:  # the handshake itself is refused
        sync_client.connect(f"ws://127.0.0.1:{port}/ws/nothing?token=x",
                            additional_headers={"Origin": "http://localhost:1234"})
    assert refused.value.response.status_code == 403


def drain(connection: Any) -> None:
    """Read messages until the connection closes (which raises)."""
    while True:
        connection.recv(timeout=10)


def test_a_one_megabyte_frame_is_closed_with_1009_before_it_is_read(server: tuple[int, Path]) -> None:
    port, _db = server
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=("127.0.0.4", 0))
    connection.request("POST", "/api/tables", body=json.dumps(SETTINGS), headers={"Content-Type": "application/json"})
    table: dict[str, Any] = json.loads(connection.getresponse().read())
    connection.close()
    with sync_client.connect(f"ws://127.0.0.1:{port}/ws/{table['table']}?token={table['token']}") as socket_:
        assert json.loads(socket_.recv(timeout=10))["type"] == "view"
        socket_.send(json.dumps({"action": "x" * 2**20}))
        with pytest.raises(websockets_exceptions.ConnectionClosed) as closed:
            drain(socket_)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_half_sent_request_headers_are_dropped_within_the_timeout(server: tuple[int, Path]) -> None:
    port, _db = server
    with socket.create_connection(("127.0.0.1", port), timeout=10) as line:
        line.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        started = time.monotonic()
        assert line.recv(1024) == b""  # closed by the server, not answered
        assert time.monotonic() - started < 5


def test_with_trust_proxy_only_the_proxys_forwarded_address_counts(tmp_path: Path) -> None:
    port = free_port()
    process = serve(port, tmp_path / "tables.sqlite3", "--create-burst", "1", "--create-rate", "1", "--trust-proxy")
    try:  # the proxy on this machine (the default --proxy): each client its own bucket
        assert [create(port, headers={"X-Forwarded-For": f"203.0.113.{n}"}) for n in range(3)] == [200, 200, 200]
        assert create(port, headers={"X-Forwarded-For": "203.0.113.1"}) == 429
        # a client that reaches the server without going through the proxy is its own address, whatever it says
        assert [create(port, source="127.0.0.5", headers={"X-Forwarded-For": f"198.51.100.{n}"})
                for n in range(2)] == [200, 429]
    finally:
        process.kill()
        process.wait()
    port = free_port()
    process = serve(port, tmp_path / "other.sqlite3", "--create-burst", "1", "--create-rate", "1", "--trust-proxy",
                    "--proxy", "10.9.9.9")
    try:
        assert [create(port, headers={"X-Forwarded-For": f"203.0.113.{n}"}) for n in range(2)] == [200, 429]
    finally:
        process.kill()
        process.wait()


def test_an_ipv6_neighbourhood_shares_one_bucket() -> None:
    limit = AddressLimit(per_minute=1, burst=2, clock=lambda: 0.0)
    assert [limit.wait(f"2001:db8:7:8::{n:x}") for n in range(3)] == [0.0, 0.0, 60.0]
    assert limit.wait("2001:db8:7:9::1") == 0.0  # the next /64 is someone else


@pytest.mark.parametrize("name", ["\u202eAnn", "Ann\u200f", "\u200b\u200b", "\u2066Bob\u2069"])
def test_names_with_direction_marks_or_only_invisible_characters_are_refused(name: str) -> None:
    client = TestClient(create_app(trick_pause=0), base_url="http://localhost")
    answer = client.post("/api/tables", json={**SETTINGS, "name": name})
    assert answer.status_code == 400 and "name" in answer.json()["error"]
