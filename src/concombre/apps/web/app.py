"""The web server: Starlette over the tables of `concombre.apps.web.tables`.

Routes:

- ``GET /``: the page; ``GET /static/...``: its script and style.
- ``GET /api/games``: the installed games, each with its ``name``, ``title`` and ``players`` (fewest, most).
- ``POST /api/tables`` with ``{"game": <a game's name>, "players": n, "name": ...}``:
  a new table; the answer holds its ``table`` id and the ``token`` of seat 0.
- ``WebSocket /ws/{table}?token=...``: the seat's messages; the client sends
  ``{"action": <action document>}`` and receives its view after every change,
  or ``{"type": "error", "message": ...}``. Reconnecting with the token rejoins the seat.
- ``GET /api/tables/{table}/record?token=...``: the game record, as JSON, once the game is over (it holds
  the seed, which would show every hidden card).

Every request passes the `concombre.apps.web.guard.Guard` (allowed hosts and origins, security headers);
bodies and messages are read within limits; binary frames, bad JSON and deep nesting get an error message and
a clean close; the games' work runs off the event loop.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from concombre.apps.web.guard import Guard, RateLimit, load_json, same_secret
from concombre.apps.web.store import Store
from concombre.apps.web.tables import Table, new_table
from concombre.core.errors import ConcombreError
from concombre.core.limits import name_problem
from concombre.games import GAMES

__all__ = ["MAX_BODY", "MAX_MESSAGE", "MAX_TABLES", "create_app"]

STATIC = Path(__file__).with_name("static")

MAX_TABLES = 1000
"""The most tables a server holds at once; idle and finished ones expire to make room.

Examples:
    >>> MAX_TABLES
    1000
"""

MAX_BODY = 4096
"""The longest request body, in bytes: a new table's settings are a few dozen.

Examples:
    >>> MAX_BODY
    4096
"""

MAX_MESSAGE = 65536
"""The longest WebSocket message, in characters: the longest Rommé action is a few hundred.

Examples:
    >>> MAX_MESSAGE
    65536
"""


class _Tables:
    """The server's tables, each with its lock, its sockets and when it was last used."""

    def __init__(self, limit: int, idle: float, clock: Callable[[], float], store: Store | None) -> None:
        self.limit, self.idle, self.clock, self.store = limit, idle, clock, store
        self.tables: dict[str, Table] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.sockets: dict[str, set[WebSocket]] = {}
        self.used: dict[str, float] = {}
        for key, table, _ in store.tables() if store is not None else ():
            self._hold(key, table)  # idle from now: the clock of the run that kept it means nothing here

    def _hold(self, key: str, table: Table) -> None:
        self.tables[key], self.locks[key], self.sockets[key] = table, asyncio.Lock(), set()
        self.used[key] = self.clock()

    def expire(self) -> None:
        """Forget the tables nobody used for ``idle`` seconds (a quarter of that once the game is over)."""
        now = self.clock()
        for key in list(self.tables):
            idle = self.idle / 4 if self.tables[key].game.is_over(self.tables[key].state) else self.idle
            if now - self.used[key] > idle and not self.sockets[key]:
                for holder in (self.tables, self.locks, self.sockets, self.used):
                    del holder[key]
                if self.store is not None:
                    self.store.remove(key)

    def add(self, table: Table) -> str | None:
        """The new table's key, or None when the server is full."""
        self.expire()
        if len(self.tables) >= self.limit:
            return None
        key = secrets.token_urlsafe(8)
        self._hold(key, table)
        if self.store is not None:
            self.store.add(key, table, self.used[key])
        return key

    def act(self, key: str, seat: int, document: Any) -> str | None:
        """The seat's action applied, and kept with the bots' replies in one transaction before anyone is told."""
        table = self.tables[key]
        first = len(table.record.actions)
        refusal = table.act(seat, document)
        if refusal is None and self.store is not None:
            self.store.append(key, first, table.record.actions[first:], self.clock())
        return refusal

    def touch(self, key: str) -> None:
        self.used[key] = self.clock()


def create_app(*, allow_hosts: Sequence[str] = (), allow_origins: Sequence[str] = (), max_tables: int = MAX_TABLES,
               idle_seconds: float = 6 * 3600, clock: Callable[[], float] = time.monotonic,
               db: str | Path | None = None) -> Any:
    """The ASGI application, with its own tables, behind its `concombre.apps.web.guard.Guard`.

    Args:
        allow_hosts: Host names the server answers to, beyond the loopback names.
        allow_origins: Origins whose pages may use it, beyond the pages it serves itself.
        max_tables: The most tables at once.
        idle_seconds: How long a table nobody uses is kept (a finished one, a quarter of that).
        clock: The clock tables expire by (seconds).
        db: An SQLite file to keep the tables in (`concombre.apps.web.store.Store`): they survive a restart
            or a crash, and are replayed when the server starts. None keeps them in memory only.

    Examples:
        >>> from starlette.testclient import TestClient
        >>> client = TestClient(create_app(), base_url="http://localhost")
        >>> answer = client.post("/api/tables", json={"game": "concombre", "players": 3, "name": "Ann"}).json()
        >>> sorted(answer)
        ['seat', 'table', 'token']
    """
    held = _Tables(max_tables, idle_seconds, clock, None if db is None else Store(db))

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def games(request: Request) -> Response:
        return JSONResponse([{"name": name, "title": game.title, "players": list(game.players)}
                             for name, game in GAMES.items()])

    async def create(request: Request) -> Response:
        if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            return JSONResponse({"error": "Send the table's settings as application/json."}, status_code=415)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                return JSONResponse({"error": f"The settings are longer than {MAX_BODY} bytes."}, status_code=413)
        try:
            settings = load_json(body.decode("utf-8"), MAX_BODY)
            game, players, name = _settings(settings)
            table = await asyncio.to_thread(new_table, game, players, name)  # the bots may think: off the loop
        except (ValueError, UnicodeDecodeError, ConcombreError) as err:
            return JSONResponse({"error": f"Cannot start that table: {err}"}, status_code=400)
        key = held.add(table)
        if key is None:
            return JSONResponse({"error": "The server holds too many tables: try again later."}, status_code=503)
        return JSONResponse({"table": key, "token": table.token, "seat": 0})

    async def record(request: Request) -> Response:
        table = held.tables.get(request.path_params["table"])
        if table is None or not same_secret(request.query_params.get("token"), table.token):
            return JSONResponse({"error": "no such table, or not your seat"}, status_code=404)
        if not table.game.is_over(table.state):
            return JSONResponse({"error": "The record holds the seed, which would show every hidden card: "
                                          "it is served once the game is over."}, status_code=409)
        return JSONResponse(table.record_document(),
                            headers={"Content-Disposition": 'attachment; filename="game.json"'})

    async def play(socket: WebSocket) -> None:
        key = socket.path_params["table"]
        table = held.tables.get(key)
        await socket.accept()
        if table is None or not same_secret(socket.query_params.get("token"), table.token):
            await _close(socket, "No such table, or not your seat.", 1008)
            return
        held.sockets[key].add(socket)
        limit = RateLimit()
        try:
            await socket.send_json(await asyncio.to_thread(table.message, 0))
            while True:
                incoming = await socket.receive()
                if incoming["type"] == "websocket.disconnect":
                    break
                if not limit.allow():
                    await _close(socket, "Too many messages: slow down.", 1008)
                    break
                if incoming.get("text") is None:
                    await _close(socket, "Send text: JSON such as {\"action\": {...}}.", 1003)
                    break
                try:
                    message = load_json(incoming["text"], MAX_MESSAGE)
                except ValueError as err:
                    await _close(socket, str(err), 1007)
                    break
                if not isinstance(message, dict) or "action" not in message:
                    await socket.send_json({"type": "error", "message": "Send {\"action\": <action document>}."})
                    continue
                held.touch(key)
                async with held.locks[key]:
                    refusal = await asyncio.to_thread(held.act, key, 0, message["action"])
                    seen = None if refusal is not None else await asyncio.to_thread(table.message, 0)
                if seen is None:
                    await socket.send_json({"type": "error", "message": refusal})
                    continue
                for other in list(held.sockets[key]):
                    await other.send_json(seen)  # worked out once for every socket, off the event loop
        except WebSocketDisconnect:
            pass
        finally:
            held.sockets[key].discard(socket)
            held.touch(key)

    app = Starlette(routes=[
        Route("/", page),
        Route("/api/games", games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}/record", record),
        WebSocketRoute("/ws/{table}", play),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])
    return Guard(app, hosts=allow_hosts, origins=allow_origins)


def _settings(settings: Any) -> tuple[str, int, str]:
    """The game, the number of players and the person's name of a new table's settings, checked."""
    if not isinstance(settings, dict):
        raise ValueError("the settings are a JSON object: {\"game\": ..., \"players\": ..., \"name\": ...}")
    game, players, name = settings.get("game"), settings.get("players"), settings.get("name") or "You"
    if not isinstance(game, str):
        raise ValueError("game must be the name of a game, such as \"concombre\"")
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError("players must be a whole number")
    if not isinstance(name, str):
        raise ValueError("name must be text")
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    return game, players, name


async def _close(socket: WebSocket, reason: str, code: int) -> None:
    """Say why, then close the connection cleanly."""
    await socket.send_json({"type": "error", "message": reason})
    await socket.close(code=code, reason=reason[:120])
