"""The web server: Starlette over the tables of `concombre.apps.web.tables`.

Routes:

- ``GET /``: the page; ``GET /static/...``: its script and style.
- ``GET /api/games``: the installed games, each with its ``name``, ``title`` and ``players`` (fewest, most).
- ``POST /api/tables`` with ``{"game": <a game's name>, "players": n, "name": ...}``:
  a new table; the answer holds its ``table`` id and the ``token`` of seat 0.
- ``WebSocket /ws/{table}?token=...``: the seat's messages; the client sends
  ``{"action": <action document>}`` and receives its view after every change,
  or ``{"type": "error", "message": ...}``. Reconnecting with the token rejoins the seat.
- ``GET /api/tables/{table}/record?token=...``: the game record, as JSON.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from concombre.apps.web.tables import Table, new_table
from concombre.core.errors import ConcombreError
from concombre.games import GAMES

__all__ = ["create_app"]

STATIC = Path(__file__).with_name("static")
MAX_TABLES = 1000


def create_app() -> Starlette:
    """The ASGI application, with its own tables.

    Examples:
        >>> from starlette.testclient import TestClient
        >>> client = TestClient(create_app())
        >>> answer = client.post("/api/tables", json={"game": "concombre", "players": 3, "name": "Ann"}).json()
        >>> sorted(answer)
        ['seat', 'table', 'token']
    """
    tables: dict[str, Table] = {}
    locks: dict[str, asyncio.Lock] = {}
    sockets: dict[str, set[WebSocket]] = {}

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def games(request: Request) -> Response:
        return JSONResponse([{"name": name, "title": game.title, "players": list(game.players)}
                             for name, game in GAMES.items()])

    async def create(request: Request) -> Response:
        try:
            body = await request.json()
            game, players, name = body["game"], int(body["players"]), str(body.get("name") or "You")[:30]
            table = new_table(game, players, name)
        except (ValueError, KeyError, TypeError, json.JSONDecodeError, ConcombreError) as err:
            return JSONResponse({"error": f"cannot start that table: {err}"}, status_code=400)
        if len(tables) >= MAX_TABLES:
            return JSONResponse({"error": "too many tables"}, status_code=503)
        key = secrets.token_urlsafe(8)
        tables[key], locks[key], sockets[key] = table, asyncio.Lock(), set()
        return JSONResponse({"table": key, "token": table.token, "seat": 0})

    async def record(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        if table is None or request.query_params.get("token") != table.token:
            return JSONResponse({"error": "no such table, or not your seat"}, status_code=404)
        return JSONResponse(table.record_document(),
                            headers={"Content-Disposition": 'attachment; filename="game.json"'})

    async def play(socket: WebSocket) -> None:
        key = socket.path_params["table"]
        table = tables.get(key)
        await socket.accept()
        if table is None or socket.query_params.get("token") != table.token:
            await socket.send_json({"type": "error", "message": "No such table, or not your seat."})
            await socket.close()
            return
        sockets[key].add(socket)
        try:
            await socket.send_json(table.message(0))
            while True:
                try:
                    incoming = await socket.receive_json()
                except (json.JSONDecodeError, ValueError):
                    await socket.send_json({"type": "error", "message": "Send JSON: {\"action\": {...}}."})
                    continue
                if not isinstance(incoming, dict) or "action" not in incoming:
                    await socket.send_json({"type": "error", "message": "Send {\"action\": <action document>}."})
                    continue
                async with locks[key]:
                    refusal = await asyncio.to_thread(table.act, 0, incoming["action"])
                if refusal is not None:
                    await socket.send_json({"type": "error", "message": refusal})
                    continue
                for other in list(sockets[key]):
                    await other.send_json(table.message(0))
        except WebSocketDisconnect:
            pass
        finally:
            sockets[key].discard(socket)

    return Starlette(routes=[
        Route("/", page),
        Route("/api/games", games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}/record", record),
        WebSocketRoute("/ws/{table}", play),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])
