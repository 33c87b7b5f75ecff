"""The web server: Starlette over the tables of `concombre.apps.web.tables`.

Routes:

- ``GET /``: the page; ``GET /static/...``: its script and style.
- ``GET /api/games``: the installed games, each with its ``name``, ``title``, ``players`` (fewest, most),
  ``bots`` and ``table_bot`` (the bot that takes empty seats unless another is chosen).
- ``POST /api/tables`` with ``{"game": <a game's name>, "players": n, "name": ..., "people": k, "bot": ...,
  "seed": ...}``: a new table with people at its first ``k`` seats (default 1) and bots of that kind
  (default the game's table bot) at the rest; a ``seed`` only at a table without friends (it would show
  its maker every hand). The answer holds its ``table`` id, the ``token`` of seat 0, one ``invitations``
  entry (seat, name, token) per other person and the spectators' ``watch`` token.
- ``GET /api/words?lang=...``: the page's own sentences in a language, keyed by their English
  (`concombre.apps.web.words.PAGE`), with ``lang`` (the language chosen) and ``languages`` (code → name).
- ``WebSocket /ws/{table}?token=...&lang=...``: the seat's messages, in the socket's language; the client sends
  ``{"action": <action document>}`` and every seat receives its own view after every change,
  or ``{"type": "error", "message": ..., "reason": ..., "ruling": ..., "field": ..., "path": ...}`` (the
  message in the socket's language; the ruling id, field and path, or null, never translated). An HTTP
  refusal is ``{"error": ..., "ruling": ..., "field": ..., "path": ...}`` alike. Reconnecting with the token
  rejoins the seat. With the ``watch`` token, a spectator receives the table with every hand face down, and cannot act.
- ``POST /api/tables/{table}/seats/{seat}/bot?token=<seat 0's>``: the table's maker hands a friend's
  empty seat to the table bot.
- ``GET /api/tables/{table}/record?token=...``: the game record, as JSON, once the game is over (it holds
  the seed, which would show every hidden card).

Every sentence the server sends is in the request's language: its ``lang`` parameter, else the first
language of its ``Accept-Language`` header that has a catalog, else English (`concombre.core.i18n`).

Every request passes the `concombre.apps.web.guard.Guard` (allowed hosts and origins, security headers);
bodies and messages are read within limits; binary frames, bad JSON and deep nesting get an error message and
a clean close; the games' work runs off the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from concombre.apps.web.guard import Guard, RateLimit, load_json
from concombre.apps.web.store import Store
from concombre.apps.web.tables import Table, new_table, playable, watch_token
from concombre.apps.web.words import PAGE
from concombre.core.errors import ConcombreError, FormatError, InvalidArgumentError
from concombre.core.i18n import LANGUAGES, _, current_language, language_of, translate, use_language
from concombre.core.limits import name_problem
from concombre.games import GAMES

__all__ = ["MAX_BODY", "MAX_MESSAGE", "MAX_TABLES", "RequestLanguage", "create_app", "language_wanted"]

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
        # each connection's (seat, language); a spectator's seat is None
        self.sockets: dict[str, dict[WebSocket, tuple[int | None, str]]] = {}
        self.used: dict[str, float] = {}
        for key, table, _used in store.tables() if store is not None else ():
            self._hold(key, table)  # idle from now: the clock of the run that kept it means nothing here

    def _hold(self, key: str, table: Table) -> None:
        self.tables[key], self.locks[key], self.sockets[key] = table, asyncio.Lock(), {}
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

    def hand_to_bot(self, key: str, seat: int) -> None:
        """Give a friend's empty seat to the table bot, and keep who sits where."""
        table = self.tables[key]
        first = len(table.record.actions)
        table.hand_to_bot(seat)
        if self.store is not None:
            self.store.seats(key, table)
            self.store.append(key, first, table.record.actions[first:], self.clock())

    def seats(self, key: str) -> set[int | None]:
        """The seats with a connection (None: a spectator)."""
        return {seat for seat, _language in self.sockets[key].values()}

    def messages(self, key: str) -> dict[tuple[int | None, str], dict[str, Any]]:
        """The message of each seat and language with a connection (None: the spectators'), worked out once
        each, with the seats whose person is here (``present``), so the maker sees which friend's seat stands
        empty."""
        table, here = self.tables[key], set(self.sockets[key].values())
        present = sorted(seat for seat, _language in here if seat is not None)
        found = {}
        for seat, language in here:
            with use_language(language):
                found[seat, language] = {**table.message(seat), "present": present}
        return found

    def act(self, key: str, seat: int, document: Any, language: str) -> ConcombreError | None:
        """The seat's action applied, and kept with the bots' replies in one transaction before anyone is told;
        a refusal is said in ``language``."""
        table = self.tables[key]
        first = len(table.record.actions)
        with use_language(language):
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
        ['invitations', 'seat', 'table', 'token', 'watch']
    """
    held = _Tables(max_tables, idle_seconds, clock, None if db is None else Store(db))

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def words(request: Request) -> Response:
        return JSONResponse({"lang": current_language(), "languages": LANGUAGES,
                             "words": {text: translate(text) for text in PAGE}})

    async def games(request: Request) -> Response:
        return JSONResponse([{"name": name, "title": _(game.title), "players": list(game.players),
                              "default_players": game.default_players, "bots": sorted(game.bots.makers),
                              "table_bot": game.bots.table}
                             for name, game in GAMES.items() if game.bots is not None and playable(game)])

    async def create(request: Request) -> Response:
        if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            return JSONResponse({"error": _("Send the table's settings as application/json.")}, status_code=415)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                return JSONResponse({"error": _("The settings are longer than {limit} bytes.", limit=MAX_BODY)},
                                    status_code=413)
        try:
            settings = load_json(body.decode("utf-8"), MAX_BODY)
            game, players, name, people, bot, seed = _settings(settings)
            # the bots may think before the first person's turn: off the event loop (the language goes along)
            table = await asyncio.to_thread(new_table, game, players, name, seed, people, bot)
        except (ValueError, UnicodeDecodeError, ConcombreError) as err:
            return _refused(_("Cannot start that table: {error}", error=err), err)
        key = held.add(table)
        if key is None:
            return JSONResponse({"error": _("The server holds too many tables: try again later.")}, status_code=503)
        invitations = [{"seat": seat, "name": table.state.players[seat], "token": token}
                       for seat, token in enumerate(table.tokens) if token is not None and seat > 0]
        return JSONResponse({"table": key, "token": table.token, "seat": 0, "invitations": invitations,
                             "watch": watch_token(table.token)})

    async def to_bot(request: Request) -> Response:
        key = request.path_params["table"]
        table = held.tables.get(key)
        if table is None or table.seat_of(request.query_params.get("token")) != 0:
            return JSONResponse({"error": _("No such table, or not its maker's seat.")}, status_code=404)
        seat = request.path_params["seat"]
        if seat in held.seats(key):
            return JSONResponse({"error": _("Someone sits at that seat now.")}, status_code=409)
        async with held.locks[key]:
            try:
                await asyncio.to_thread(held.hand_to_bot, key, seat)
            except ConcombreError as err:
                return _refused(str(err), err)
            await _broadcast(key)
        return JSONResponse({"seat": seat, "bot": table.bots[seat]})

    async def _broadcast(key: str) -> None:
        seen = await asyncio.to_thread(held.messages, key)  # once per seat, off the event loop
        for other, seat in list(held.sockets[key].items()):
            if seat in seen:
                with contextlib.suppress(WebSocketDisconnect, RuntimeError):  # a page closed meanwhile
                    await other.send_json(seen[seat])

    async def record(request: Request) -> Response:
        table = held.tables.get(request.path_params["table"])
        token = request.query_params.get("token")
        if table is None or (table.seat_of(token) is None and not table.watching(token)):
            return JSONResponse({"error": _("No such table, or not your seat.")}, status_code=404)
        if not table.game.is_over(table.state):
            return JSONResponse({"error": _("The record holds the seed, which would show every hidden card: "
                                            "it is served once the game is over.")}, status_code=409)
        return JSONResponse(table.record_document(),
                            headers={"Content-Disposition": 'attachment; filename="game.json"'})

    async def play(socket: WebSocket) -> None:
        language = current_language()
        key = socket.path_params["table"]
        table = held.tables.get(key)
        await socket.accept()
        token = socket.query_params.get("token")
        seat = None if table is None else table.seat_of(token)
        if table is None or (seat is None and not table.watching(token)):
            await _close(socket, _("No such table, or not your seat."), 1008)
            return
        held.sockets[key][socket] = (seat, language)
        limit = RateLimit()
        try:
            async with held.locks[key]:
                await _broadcast(key)  # the newcomer's message, and everyone learns who is here
            while True:
                incoming = await socket.receive()
                if incoming["type"] == "websocket.disconnect":
                    break
                if incoming.get("text") is None:
                    await _close(socket, _("Send text: JSON such as {example}.", example='{"action": {...}}'), 1003)
                    break
                try:
                    message = load_json(incoming["text"], MAX_MESSAGE)
                except ValueError as err:
                    await _close(socket, str(err), 1007)
                    break
                refusal: ConcombreError | None = None
                if not isinstance(message, dict) or "action" not in message:
                    refusal = FormatError(_("Send {example}.", example='{"action": <action document>}'))
                elif seat is None:
                    refusal = ConcombreError(_("Spectators watch the table: they cannot play."))
                else:
                    held.touch(key)
                    async with held.locks[key]:
                        refusal = await asyncio.to_thread(held.act, key, seat, message["action"], language)
                        if refusal is None:
                            await _broadcast(key)  # every seat sees every action as it happens
                if refusal is not None:
                    # Only refused messages count: legal actions are bounded by the game's own turns.
                    if not limit.allow():
                        await _close(socket, _("Too many refused messages: slow down."), 1008)
                        break
                    await socket.send_json({"type": "error", **refusal.details()})
        except WebSocketDisconnect:
            pass
        finally:
            held.sockets[key].pop(socket, None)
            held.touch(key)
            if key in held.tables and held.sockets[key]:
                async with held.locks[key]:
                    await _broadcast(key)  # who left

    app = Starlette(routes=[
        Route("/", page),
        Route("/api/games", games),
        Route("/api/words", words),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/seats/{seat:int}/bot", to_bot, methods=["POST"]),
        WebSocketRoute("/ws/{table}", play),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ])
    return Guard(RequestLanguage(app), hosts=allow_hosts, origins=allow_origins)


def _settings(settings: Any) -> tuple[str, int, str, int, str | None, int | None]:
    """The game, the number of players, the maker's name, how many people (the maker included), the bots'
    kind and the seed of a new table's settings, checked."""
    if not isinstance(settings, dict):
        raise ValueError(_("the settings are a JSON object: {example}",
                           example='{"game": ..., "players": ..., "name": ...}'))
    game, players, name = settings.get("game"), settings.get("players"), settings.get("name") or "You"
    if not isinstance(game, str):
        raise ValueError(_("game must be the name of a game, such as {example}", example='"concombre"'))
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(_("players must be a whole number"))
    if not isinstance(name, str):
        raise ValueError(_("name must be text"))
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    people, bot = settings.get("people", 1), settings.get("bot")
    if isinstance(people, bool) or not isinstance(people, int):
        raise ValueError(_("people must be a whole number: the seats for people, yours included"))
    if bot is not None and not isinstance(bot, str):
        raise ValueError(_("bot must be the name of a bot"))
    seed = settings.get("seed")
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ValueError(_("seed must be a whole number from 0 to 2**63 - 1"))
        if people > 1:
            raise ValueError(_("a seed can be chosen only at a table without friends: it would show its maker "
                               "every hand"))
    return game, players, name, people, bot, seed


class RequestLanguage:
    """ASGI middleware: each request and socket runs in the language it asks for (`language_wanted`), so that
    every sentence the handlers write, and every refusal the library raises there, is in it.

    Attributes:
        app: The application it wraps.

    Examples:
        >>> import asyncio
        >>> from concombre.core.i18n import current_language
        >>> async def app(scope, receive, send):
        ...     print(current_language())
        >>> scope = {"type": "http", "query_string": b"lang=id", "headers": []}
        >>> asyncio.run(RequestLanguage(app)(scope, None, None))
        id
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with use_language(language_wanted(HTTPConnection(scope))):
            await self.app(scope, receive, send)


def language_wanted(connection: HTTPConnection) -> str:
    """The language to answer a request in: its ``lang`` parameter, else the most wanted language of its
    ``Accept-Language`` header that has a catalog, else English.

    Examples:
        >>> from starlette.requests import Request
        >>> def asking(query, header):
        ...     scope = {"type": "http", "query_string": query, "headers": [(b"accept-language", header)]}
        ...     return language_wanted(Request(scope))
        >>> asking(b"lang=id", b"en"), asking(b"", b"fr-FR, id;q=0.8, en;q=0.5"), asking(b"lang=xx", b"de")
        ('id', 'id', 'en')
    """
    asked = connection.query_params.get("lang")
    wanted = [] if asked is None else [(2.0, asked)]
    for part in connection.headers.get("accept-language", "").split(",")[:20]:
        code, _sep, weight = part.strip().partition(";q=")
        try:
            wanted.append((float(weight) if weight else 1.0, code.strip()))
        except ValueError:
            continue
    for _weight, code in sorted(wanted, key=lambda pair: -pair[0]):
        try:
            return language_of(code)
        except InvalidArgumentError:
            continue
    return "en"


def _refused(sentence: str, err: Exception) -> JSONResponse:
    """A 400 answer: the sentence for the person, and the parts a program reads, which no language changes."""
    parts = err.details() if isinstance(err, ConcombreError) else {"ruling": None, "field": None, "path": None}
    return JSONResponse({"error": sentence, "ruling": parts["ruling"], "field": parts["field"], "path": parts["path"]},
                        status_code=400)


async def _close(socket: WebSocket, reason: str, code: int) -> None:
    """Say why, in the shape of every error message, then close the connection cleanly."""
    await socket.send_json({"type": "error", **ConcombreError(reason).details()})
    await socket.close(code=code, reason=reason[:120])
