"""The web table under load: many tables at once over real WebSockets, against a real ``concombre serve``.

`load_test` starts the server in a process of its own (``--db :memory:``), starts ``tables`` tables (half
Concombre with 4 players, half Rommé with 3: one person each, bots at the other seats) and plays them all
at once, each person choosing one of the page's choices at random as soon as it is their turn. Meanwhile
another client fetches ``GET /`` ten times a second, as a new visitor would. It reports what a person
feels (action → their own new view, action → their next turn), what the visitor waits, the actions a
second the server answers, and the server's memory per table. Nothing here asserts a threshold: machines
are noisy, the figures are the report (``concombre bench --web 40,200``).

The load comes from this process, on the same machine: with two cores, the client's own work takes part
of what the server could use, as it would for a test that plays people on the server's machine.

Examples:
    >>> percentile([1.0, 2.0, 3.0, 4.0], 50)
    2.5
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

import attrs

__all__ = ["LoadReport", "load_test", "percentile"]

_GAMES = (("concombre", 4), ("romme", 3))


def percentile(values: Sequence[float], percent: float) -> float:
    """The ``percent`` percentile of ``values``, interpolated between the two nearest (0.0 for none).

    Examples:
        >>> percentile([10.0, 20.0, 30.0], 99)
        29.8
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    place = (len(ordered) - 1) * percent / 100
    low = int(place)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (place - low)


@attrs.frozen
class LoadReport:
    """What a load test measured (times in milliseconds).

    Attributes:
        tables: Tables played at once.
        finished: Games that reached their end.
        errors: Error messages and failed connections.
        seconds: How long the whole run took, from the first table started to the last game over.
        actions_per_second: Person actions answered a second, over the run.
        view_p50: Action → the person's own new view, median.
        view_p99: The same, 99th percentile.
        turn_p50: Action → the person's next turn (the bots' moves between), median.
        turn_p99: The same, 99th percentile.
        page_p50: ``GET /`` by another client, median.
        page_p99: The same, 99th percentile.
        memory_per_table: The server's resident memory in use with every table open, less its memory before
            the first, per table, in bytes (0 where the system does not say).

    Examples:
        >>> report = LoadReport(2, 2, 0, 1.0, 100.0, 5, 9, 10, 20, 1, 2, 40_000)
        >>> report.to_text().splitlines()[0]
        'web table, 2 tables at once: 2 of 2 games finished, 0 errors, 1.0 s'
    """

    tables: int
    finished: int
    errors: int
    seconds: float
    actions_per_second: float
    view_p50: float
    view_p99: float
    turn_p50: float
    turn_p99: float
    page_p50: float
    page_p99: float
    memory_per_table: int

    def to_text(self) -> str:
        """The report, in a few lines."""
        return "\n".join([
            f"web table, {self.tables} tables at once: {self.finished} of {self.tables} games finished, "
            f"{self.errors} errors, {self.seconds:.1f} s",
            f"  person actions answered: {self.actions_per_second:.0f} a second",
            f"  action -> own new view: p50 {self.view_p50:.0f} ms, p99 {self.view_p99:.0f} ms",
            f"  action -> next turn:    p50 {self.turn_p50:.0f} ms, p99 {self.turn_p99:.0f} ms",
            f"  GET / by a visitor:     p50 {self.page_p50:.0f} ms, p99 {self.page_p99:.0f} ms",
            f"  server memory per table: {self.memory_per_table / 1024:.0f} KiB",
        ])


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _memory(pid: int) -> int:
    """The resident memory of a process and its children, in bytes (0 where /proc is missing)."""
    total, pending = 0, [pid]
    while pending:
        current = pending.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            total += next(int(line.split()[1]) * 1024 for line in status.splitlines() if line.startswith("VmRSS"))
            for task in Path(f"/proc/{current}/task").iterdir():
                pending += [int(child) for child in (task / "children").read_text().split()]
        except (OSError, StopIteration, ValueError):
            continue
    return total


async def _http(port: int, method: str, path: str, body: bytes = b"", headers: Sequence[str] = ()) -> tuple[int, bytes]:
    """One HTTP/1.1 request on a new connection: the status and the body."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close",
             f"Content-Length: {len(body)}", *headers]
    if body:
        lines.append("Content-Type: application/json")
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    answer = await reader.read()
    writer.close()
    head, _sep, content = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), content


def _chunked(content: bytes) -> bytes:
    """A chunked body, unchunked (uvicorn sends JSON with a length, but be safe)."""
    if not content or content[:1] in b"{[":
        return content
    out, rest = b"", content
    while rest:
        size_text, _sep, rest = rest.partition(b"\r\n")
        size = int(size_text, 16)
        if size == 0:
            break
        out, rest = out + rest[:size], rest[size + 2:]
    return out


class _Load:
    def __init__(self, port: int, seed: int) -> None:
        self.port, self.rng = port, random.Random(seed)
        self.views: list[float] = []
        self.turns: list[float] = []
        self.pages: list[float] = []
        self.errors: list[str] = []
        self.finished = 0
        self.running = True

    async def start(self, number: int) -> dict[str, Any] | None:
        game, players = _GAMES[number % 2]
        body = json.dumps({"game": game, "players": players, "name": "Ann"}).encode()
        # each table from its own address, as people would come (the server reads it with --trust-proxy)
        address = f"X-Forwarded-For: 10.{number // 65536 % 256}.{number // 256 % 256}.{number % 256}"
        for _attempt in range(50):
            status, content = await _http(self.port, "POST", "/api/tables", body, [address])
            if status == 200:
                answer: dict[str, Any] = json.loads(_chunked(content))
                return answer
            if status not in (429, 503):
                break
            await asyncio.sleep(0.2)
        self.errors.append(f"POST /api/tables answered {status}")
        return None

    async def person(self, table: dict[str, Any], seed: int) -> None:
        from websockets.asyncio.client import connect

        rng = random.Random(seed)
        address = f"ws://127.0.0.1:{self.port}/ws/{table['table']}?token={table['token']}"
        sent: float | None = None
        viewed = False
        try:
            async with connect(address, max_size=2**24, open_timeout=60) as connection:
                while True:
                    message = json.loads(await asyncio.wait_for(connection.recv(), 300))
                    now = time.perf_counter()
                    if message.get("type") == "error":
                        self.errors.append(str(message.get("message")))
                        return
                    if sent is not None and not viewed:
                        self.views.append((now - sent) * 1000)
                        viewed = True
                    if message["over"]:
                        self.finished += 1
                        return
                    mine = message["choices"] and message["view"] and message["view"].get("to_play") == message["you"]
                    if mine:
                        if sent is not None:
                            self.turns.append((now - sent) * 1000)
                        choice = rng.choice(message["choices"])
                        await connection.send(json.dumps({"action": choice["action"]}))
                        sent, viewed = time.perf_counter(), False
        except Exception as err:
            self.errors.append(f"{type(err).__name__}: {err}")

    async def visitor(self) -> None:
        while self.running:
            began = time.perf_counter()
            try:
                status, _content = await _http(self.port, "GET", "/")
                if status != 200:
                    self.errors.append(f"GET / answered {status}")
            except OSError as err:
                self.errors.append(f"GET /: {err}")
            self.pages.append((time.perf_counter() - began) * 1000)
            await asyncio.sleep(0.1)


async def _run(port: int, tables: int, seed: int, pid: int) -> tuple[_Load, float, int]:
    load = _Load(port, seed)
    idle = _memory(pid)
    began = time.perf_counter()
    gate = asyncio.Semaphore(16)

    async def started(number: int) -> dict[str, Any] | None:
        async with gate:
            return await load.start(number)

    made = await asyncio.gather(*(started(number) for number in range(tables)))
    visitor = asyncio.create_task(load.visitor())
    people = [asyncio.create_task(load.person(table, seed + number)) for number, table in enumerate(made)
              if table is not None]
    await asyncio.sleep(1.0)
    used = _memory(pid) - idle
    await asyncio.gather(*people)
    seconds = time.perf_counter() - began
    load.running = False
    await visitor
    return load, seconds, max(0, used)


def load_test(tables: int, *, seed: int = 0, serve_options: Sequence[str] = ("--trust-proxy", "--trick-pause", "0"),
              python: str = sys.executable, environment: dict[str, str] | None = None) -> LoadReport:
    """Play ``tables`` tables at once against a new ``concombre serve`` and report what people felt.

    Args:
        tables: Tables at once (half Concombre with 4 players, half Rommé with 3; one person each).
        seed: The people's choices.
        serve_options: More options for ``concombre serve``: by default ``--trust-proxy``, so that each table
            comes from an address of its own as people would (one machine plays them all here), and
            ``--trick-pause 0``, so that the people play as fast as the server answers.
        python: The Python that runs the server (another checkout's, to compare).
        environment: The server's environment (default: this process's).

    Examples:
        >>> report = load_test(2)  # a new server, two tables played to their end: a few seconds
        >>> report.finished, report.errors
        (2, 0)
    """
    port = _free_port()
    command = [python, "-m", "concombre", "serve", "--port", str(port), "--db", ":memory:", *serve_options]
    with tempfile.TemporaryFile() as said, subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=said,
                                                             env=environment or dict(os.environ)) as server:
        try:
            _wait_for(port, server, said)
            load, seconds, used = asyncio.run(_run(port, tables, seed, server.pid))
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
    views, turns, pages = load.views, load.turns, load.pages
    return LoadReport(tables, load.finished, len(load.errors), seconds, len(views) / seconds if seconds else 0.0,
                      statistics.median(views) if views else 0.0, percentile(views, 99),
                      statistics.median(turns) if turns else 0.0, percentile(turns, 99),
                      statistics.median(pages) if pages else 0.0, percentile(pages, 99), used // max(1, tables))


def _wait_for(port: int, server: subprocess.Popen[bytes], said: IO[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            said.seek(0)
            raise RuntimeError(f"concombre serve stopped: {said.read().decode(errors='replace').strip()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("concombre serve did not start within a minute")


if __name__ == "__main__":  # python -m concombre.bench.web 40 200 [--base PYTHON]
    counts = [int(arg) for arg in sys.argv[1:] if arg.isdigit()]
    options: tuple[str, ...] = () if "--plain" in sys.argv else ("--trust-proxy", "--trick-pause", "0")
    for count in counts or [40]:
        print(load_test(count, serve_options=options).to_text(), flush=True)
