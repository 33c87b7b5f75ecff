"""The web server: Starlette over the tables of `concombre.apps.web.tables`.

Routes:

- ``GET /``: the page; ``GET /static/...``: its script and style.
- ``GET /api/games``: the installed games, each with its ``name``, ``title``, ``players`` (fewest, most),
  ``bots`` and ``table_bot`` (the bot that takes empty seats unless another is chosen).
- ``POST /api/tables`` with ``{"game": <a game's name>, "players": n, "name": ..., "people": k, "bot": ...,
  "seed": ..., "clock": seconds, "grace": seconds}``: a new table with people at its first ``k`` seats (default 1)
  and bots of that kind (default the game's table bot) at the rest; a friend's clock waits for them to open
  their link, or ``grace`` seconds (default `GRACE`); a ``seed`` only at a table without friends (it would show
  its maker every hand). The answer holds its ``table`` id, the ``token`` of seat 0, one ``invitations``
  entry (seat, name, token) per other person and the spectators' ``watch`` token.
- ``GET /api/words?lang=...``: the page's own sentences in a language, keyed by their English
  (`concombre.apps.web.words.PAGE`), with ``lang`` (the language chosen) and ``languages`` (code → name).
- ``WebSocket /ws/{table}?token=...&lang=...``: the seat's messages, in the socket's language; the client sends
  ``{"action": <action document>}`` and every seat receives its own view after every change (the person's
  action at once, then the bots' replies; a completed trick is held ``trick_pause`` seconds first, ``trick_won``
  naming its winner; a round's end held longer, ``round_over`` holding its score sheet), with the table's
  ``clock``, ``stand_ins``, the friends still ``invited``, the ``players`` and who is ``to_play``; each card names
  its drawing by ``face``,
  whose SVG comes once a connection in the message's ``faces`` (name → SVG),
  or ``{"type": "error", "message": ..., "reason": ..., "ruling": ..., "field": ..., "path": ...}`` (the
  message in the socket's language; the ruling id, field and path, or null, never translated). An HTTP
  refusal is ``{"error": ..., "ruling": ..., "field": ..., "path": ...}`` alike. Reconnecting with the token
  rejoins the seat. With the ``watch`` token, a spectator receives the table with every hand face down, and cannot act.
  The token of a seat given to the table bot gets ``{"type": "handed", "message": ..., "watch": <watch token>}``.
- ``POST /api/tables/{table}/seats/{seat}/bot?token=<seat 0's>``: the table's maker hands a friend's
  empty seat to the table bot.
- ``GET /api/tables/{table}/record?token=...``: the game record, as JSON, once the game is over (it holds
  the seed, which would show every hidden card).

Every sentence the server sends is in the request's language: its ``lang`` parameter, else the first
language of its ``Accept-Language`` header that has a catalog, else English (`concombre.core.i18n`).

A client address starts at most ``table_burst`` tables at once and ``tables_per_minute`` after that (429 and
``Retry-After``); a full server answers 503 and ``Retry-After``. Every request passes the
`concombre.apps.web.guard.Guard` (allowed hosts and origins, security headers);
bodies and messages are read within limits; binary frames, bad JSON and deep nesting get an error message and
a clean close; the games' work runs on a thread of its own, or in ``workers`` processes (`concombre.apps.web.workers`;
``serve`` starts one a core), never in the event loop's way.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import secrets
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from concombre.apps.web.guard import AddressLimit, Guard, RateLimit, client_address, load_json
from concombre.apps.web.tables import playable, watch_token
from concombre.apps.web.words import PAGE
from concombre.apps.web.workers import (
    Act,
    Advance,
    Back,
    HandToBot,
    Join,
    Messages,
    New,
    RecordOf,
    Remove,
    Settings,
    Summary,
    TimeOut,
    Workers,
)
from concombre.core.errors import ConcombreError, FormatError, InvalidArgumentError
from concombre.core.i18n import LANGUAGES, _, current_language, language_of, translate, use_language
from concombre.core.limits import name_problem
from concombre.games import GAMES

__all__ = ["GRACE", "MAX_BODY", "MAX_CLOCK", "MAX_MESSAGE", "MAX_TABLES", "MIN_CLOCK", "NO_SEAT", "RequestLanguage",
           "create_app", "language_wanted"]

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

MIN_CLOCK = 1
"""The fewest seconds a table's clock may give a person for a move.

Examples:
    >>> MIN_CLOCK
    1
"""

MAX_CLOCK = 3600
"""The most seconds a table's clock may give a person for a move: an hour.

Examples:
    >>> MAX_CLOCK
    3600
"""

GRACE = 180
"""The seconds a friend's clock waits, by default, for them to open their link: until they come, or this long after
the table's start, their seat shows "invited" and the table's clock does not run for them.

Examples:
    >>> GRACE
    180
"""

NO_SEAT = 4404
"""The WebSocket close code for a link that opens no seat (no such table, or a token of none): nothing to come
back to, so the page forgets the link. Other refusals close with the standard codes (1003, 1007, 1008, 1009).

Examples:
    >>> NO_SEAT
    4404
"""

MAX_MESSAGE = 65536
"""The longest WebSocket message, in characters: the longest Rommé action is a few hundred.

Examples:
    >>> MAX_MESSAGE
    65536
"""


class _Room:
    """The server's tables as the event loop knows them (`concombre.apps.web.workers.Summary`), each with its lock,
    its sockets and when it was last used; the tables themselves, and all the games' work on them (the bots'
    thinking, the views and the messages), are the `concombre.apps.web.workers.Workers`', so that the event loop,
    which answers the page and the sockets, never waits behind it."""

    def __init__(self, limit: int, idle: float, unjoined: float, clock: Callable[[], float],
                 workers: Workers) -> None:
        self.limit, self.idle, self.unjoined, self.clock, self.workers = limit, idle, unjoined, clock, workers
        self.tables: dict[str, Summary] = {}
        self.making = 0  # tables being dealt, their room kept
        self.locks: dict[str, asyncio.Lock] = {}
        # each connection's (seat, language); a spectator's seat is None
        self.sockets: dict[str, dict[WebSocket, tuple[int | None, str]]] = {}
        self.used: dict[str, float] = {}
        self.joined: set[str] = set()  # tables a person has come to
        self.driving: dict[str, asyncio.Task[None]] = {}
        self.clocks: dict[str, tuple[int, float, asyncio.TimerHandle]] = {}  # the move it runs for, its deadline
        self.drawn: dict[WebSocket, set[str]] = {}  # the drawings each connection has been sent
        self.arriving: set[WebSocket] = set()  # connections not sent their first message yet
        self.invited_until: dict[str, float] = {}  # until when the friends' clocks wait for them to come
        self.wakes: dict[str, asyncio.TimerHandle] = {}  # a table's clock to start when a grace period ends
        for key, summary, joined, grace in workers.load():
            # idle from now, and the friends' grace too: the clock of the run that kept it means nothing here
            self._hold(key, summary, grace)
            if joined:
                self.joined.add(key)

    def _hold(self, key: str, summary: Summary, grace: float) -> None:
        self.tables[key], self.locks[key], self.sockets[key] = summary, asyncio.Lock(), {}
        self.used[key] = self.clock()
        self.invited_until[key] = self.used[key] + grace

    def invited(self, key: str) -> frozenset[int]:
        """The friends' seats whose person has not opened their link, while the table's grace lasts: the clock
        does not run for them (`grace_left`)."""
        return self.tables[key].invited() if self.grace_left(key) > 0 else frozenset()

    def grace_left(self, key: str) -> float:
        """Seconds left of the table's grace for friends who have not come yet."""
        return max(0.0, self.invited_until[key] - self.clock())

    def _kept(self, key: str, summary: Summary) -> None:
        """The table's summary after a call, kept (unless the table was forgotten meanwhile)."""
        if key in self.tables:
            self.tables[key] = summary

    def _keep_for(self, key: str) -> float:
        """How long the table may stand unused: minutes if no person ever came, a quarter of ``idle`` once the
        game is over, else ``idle``."""
        if key not in self.joined:
            return min(self.unjoined, self.idle)
        return self.idle / 4 if self.tables[key].over else self.idle

    async def expire(self) -> None:
        """Forget the tables nobody used for as long as they are kept (`_keep_for`)."""
        now = self.clock()
        gone = [key for key in self.tables if now - self.used[key] > self._keep_for(key) and not self.sockets[key]]
        for key in gone:
            for holder in (self.tables, self.locks, self.sockets, self.used, self.invited_until):
                del holder[key]
            self.joined.discard(key)
            wake = self.wakes.pop(key, None)
            if wake is not None:
                wake.cancel()
        await asyncio.gather(*(self.workers.call(Remove(key)) for key in gone))

    def room_in(self) -> float:
        """The seconds until the next table expires (at least 1): how long a refused maker should wait."""
        now = self.clock()
        waits = [self.used[key] + self._keep_for(key) - now for key in self.tables if not self.sockets[key]]
        return max(1.0, min(waits, default=60.0))

    async def add(self, settings: Settings) -> tuple[str, Summary] | None:
        """A new table: its key and summary, or None when the server is full."""
        await self.expire()
        if len(self.tables) + self.making >= self.limit:
            return None
        key = secrets.token_urlsafe(8)
        self.making += 1
        try:
            # the bots may think before the first person's turn: the keeper's work (the language goes along)
            summary = await self.workers.call(New(key, settings, self.clock()))
        finally:
            self.making -= 1
        self._hold(key, summary, settings.grace)
        return key, summary

    async def join(self, key: str, seat: int) -> None:
        """The person at ``seat`` has come to the table: it is kept as long as a table in play, and the clock
        runs for them from now on."""
        if key not in self.joined or seat not in self.tables[key].arrived:
            self.joined.add(key)
            self._kept(key, await self.workers.call(Join(key, seat)))

    async def hand_to_bot(self, key: str, seat: int) -> None:
        """Give a friend's empty seat to the table bot, and keep who sits where."""
        self._kept(key, await self.workers.call(HandToBot(key, seat)))

    def seats(self, key: str) -> set[int | None]:
        """The seats with a connection (None: a spectator)."""
        return {seat for seat, _language in self.sockets[key].values()}

    async def messages(self, key: str, here: set[tuple[int | None, str]], clock: dict[str, Any] | None
                       ) -> dict[tuple[int | None, str], tuple[str, dict[str, str]]]:
        """The message of each seat and language in ``here`` (`concombre.apps.web.workers.Keeper.messages`), with
        the seats whose person is here, so the maker sees which friend's seat stands empty."""
        present = sorted(seat for seat, _language in here if seat is not None)
        return await self.workers.call(Messages(key, tuple(sorted(here, key=repr)), clock, tuple(present),
                                                tuple(sorted(self.invited(key)))))

    async def time_out(self, key: str, seat: int, turn: int, away: bool) -> bool:
        """`concombre.apps.web.tables.Table.time_out`, kept."""
        timed = await self.workers.call(TimeOut(key, seat, turn, away, self.clock()))
        self._kept(key, timed.summary)
        return timed.moved

    async def back(self, key: str, seat: int) -> None:
        """`concombre.apps.web.tables.Table.back`."""
        self._kept(key, await self.workers.call(Back(key, seat)))

    async def act(self, key: str, seat: int, document: Any) -> ConcombreError | None:
        """The seat's action applied, and kept, before anyone is told; a refusal is said in the caller's
        language."""
        acted = await self.workers.call(Act(key, seat, document, self.clock()))
        self._kept(key, acted.summary)
        return acted.refusal

    async def advance(self, key: str) -> bool:
        """The table's next steps that need no pause (`concombre.apps.web.workers.Keeper.advance`); whether any
        was taken."""
        advanced = await self.workers.call(Advance(key, self.clock()))
        self._kept(key, advanced.summary)
        return advanced.moved

    def touch(self, key: str) -> None:
        self.used[key] = self.clock()


_MEDIA = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
          ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}


def create_app(*, allow_hosts: Sequence[str] = (), allow_origins: Sequence[str] = (), max_tables: int = MAX_TABLES,
               idle_seconds: float = 6 * 3600, unjoined_seconds: float = 300,
               clock: Callable[[], float] = time.monotonic, db: str | Path | None = None,
               tables_per_minute: float = 10, table_burst: float = 20, trust_proxy: bool = False,
               proxies: Sequence[str] = ("127.0.0.1", "::1"), trick_pause: float = 1.5,
               round_pause: float | None = None, workers: int = 0) -> Any:
    """The ASGI application, with its own tables, behind its `concombre.apps.web.guard.Guard`.

    Args:
        allow_hosts: Host names the server answers to, beyond the loopback names.
        allow_origins: Origins whose pages may use it, beyond the pages it serves itself.
        max_tables: The most tables at once.
        idle_seconds: How long a table nobody uses is kept (a finished one, a quarter of that).
        unjoined_seconds: How long a table is kept when no person ever connected to it.
        clock: The clock tables expire by, and creations are counted by (seconds).
        db: An SQLite file to keep the tables in (`concombre.apps.web.store.Store`): they survive a restart
            or a crash, and are replayed when the server starts. None keeps them in memory only.
        tables_per_minute: The tables one client address may start a minute, in the long run (0: no limit);
            past it the server answers 429 with ``Retry-After``.
        table_burst: The tables one address may start at once.
        trust_proxy: Read the client's address from ``X-Forwarded-For``, and the page's scheme from
            ``X-Forwarded-Proto``, of the requests that come from one of ``proxies``
            (`concombre.apps.web.guard.client_address`): only behind a reverse proxy that writes them. Without
            it, those headers change nothing.
        proxies: The reverse proxies' addresses, whose headers ``trust_proxy`` reads (by default the loopback
            addresses: a proxy on the same machine).
        trick_pause: Seconds a completed trick stays on the felt before the table collects it (the bots wait).
        round_pause: Seconds a round's end (its last melds and score sheet) stays on the felt before the next
            deal; None: three times ``trick_pause``.
        workers: Worker processes for the games, the tables shared out among them
            (`concombre.apps.web.workers.Workers`), so that they use every core; 0 runs them on one thread of
            this process.

    Examples:
        >>> from starlette.testclient import TestClient
        >>> client = TestClient(create_app(), base_url="http://localhost")
        >>> answer = client.post("/api/tables", json={"game": "concombre", "players": 3, "name": "Ann"}).json()
        >>> sorted(answer)
        ['invitations', 'seat', 'table', 'token', 'watch']
    """
    room = _Room(max_tables, idle_seconds, unjoined_seconds, clock, Workers(workers, db, trick_pause, round_pause))
    makers = AddressLimit(tables_per_minute, table_burst, clock)
    # the page and its files, read once: a visitor's GET never touches the disk nor a thread
    files = {path.name: (path.read_bytes(), _MEDIA[path.suffix]) for path in STATIC.iterdir() if path.suffix in _MEDIA}
    answers: dict[tuple[str, str], bytes] = {}  # the API's cheap answers, by route and language

    def cached(route: str, make: Callable[[], Any]) -> Response:
        language = current_language()
        if (route, language) not in answers:
            answers[route, language] = json.dumps(make()).encode()
        return Response(answers[route, language], media_type="application/json")

    async def page(request: Request) -> Response:
        content, media = files["index.html"]
        return Response(content, media_type=media)

    async def static(request: Request) -> Response:
        found = files.get(request.path_params["name"])
        if found is None:
            return JSONResponse({"error": _("No such file.")}, status_code=404)
        return Response(found[0], media_type=found[1], headers={"Cache-Control": "no-cache"})

    async def favicon(request: Request) -> Response:
        content, media = files["favicon.svg"]  # for the clients that ask before reading the page's link
        return Response(content, media_type=media, headers={"Cache-Control": "max-age=86400"})

    async def words(request: Request) -> Response:
        return cached("words", lambda: {"lang": current_language(), "languages": LANGUAGES,
                                        "words": {text: translate(text) for text in PAGE}})

    async def games(request: Request) -> Response:
        return cached("games", lambda: [
            {"name": name, "title": _(game.title), "players": list(game.players),
             "default_players": game.default_players, "bots": sorted(game.bots.makers), "table_bot": game.bots.stand_in,
             "levels": [{"name": level.name, "label": _(level.name), "bot": level.bot, "rating": level.rating,
                         "ms": level.ms} for level in game.bots.levels]}
            for name, game in GAMES.items() if game.bots is not None and playable(game)])

    async def create(request: Request) -> Response:
        if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            return JSONResponse({"error": _("Send the table's settings as application/json.")}, status_code=415)
        wait = makers.wait(client_address(request.scope, trust_proxy, proxies))
        if wait:
            return _later(_("You have started many tables in a short time: try again in {seconds} s.",
                            seconds=math.ceil(wait)), 429, wait)
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                return JSONResponse({"error": _("The settings are longer than {limit} bytes.", limit=MAX_BODY)},
                                    status_code=413)
        try:
            made = await room.add(_settings(load_json(body.decode("utf-8"), MAX_BODY)))
        except (ValueError, UnicodeDecodeError, ConcombreError) as err:
            return _refused(_("Cannot start that table: {error}", error=err), err)
        if made is None:
            wait = room.room_in()
            return _later(_("The server holds too many tables: try again in {seconds} s.", seconds=math.ceil(wait)),
                          503, wait)
        key, table = made
        token = table.tokens[0]
        assert token is not None
        invitations = [{"seat": seat, "name": table.names[seat], "token": other}
                       for seat, other in enumerate(table.tokens) if other is not None and seat > 0]
        return JSONResponse({"table": key, "token": token, "seat": 0, "invitations": invitations,
                             "watch": watch_token(token)})

    async def to_bot(request: Request) -> Response:
        key = request.path_params["table"]
        table = room.tables.get(key)
        if table is None or table.seat_of(request.query_params.get("token")) != 0:
            return JSONResponse({"error": _("No such table, or not its maker's seat.")}, status_code=404)
        seat = request.path_params["seat"]
        if seat in room.seats(key):
            return JSONResponse({"error": _("Someone sits at that seat now.")}, status_code=409)
        async with room.locks[key]:
            try:
                await room.hand_to_bot(key, seat)
            except ConcombreError as err:
                return _refused(str(err), err)
            await _broadcast(key)
        _drive(key)
        return JSONResponse({"seat": seat, "bot": room.tables[key].bots[seat]})

    async def _broadcast(key: str) -> None:
        told = {other: seat for other, seat in room.sockets[key].items() if other not in room.arriving}
        here = set(told.values())
        running = _arm(key)
        seen = await room.messages(key, here, running)  # once per seat and language, off the event loop
        for other, seat in told.items():
            if seat in seen:
                with contextlib.suppress(WebSocketDisconnect, RuntimeError):  # a page closed meanwhile
                    await other.send_text(_with_faces(room.drawn.setdefault(other, set()), *seen[seat]))

    def _arm(key: str) -> dict[str, Any] | None:
        """The table's clock for the person to move, started when their move began (and the table is watched);
        what the messages say of it, or None."""
        table, loop = room.tables[key], asyncio.get_running_loop()
        seat, turn, seconds = table.awaited, table.turn, table.clock
        kept = room.clocks.get(key)
        runs = seconds is not None and seat is not None and bool(room.sockets[key])
        if runs and seat in room.invited(key):  # a friend not come yet: their clock waits for them, or the grace
            runs = False
            _wake_after_grace(key)
        if kept is not None and (not runs or kept[0] != turn):  # that move was made, or nobody is watching
            kept[2].cancel()
            del room.clocks[key]
            kept = None
        if seconds is None or seat is None or not runs:
            return None
        if kept is None:
            handle = loop.call_later(seconds, lambda: loop.create_task(_time_out(key, seat, turn)))
            kept = room.clocks[key] = (turn, loop.time() + seconds, handle)
        return {"seat": seat, "per_move": seconds, "left": round(max(0.0, kept[1] - loop.time()), 1)}

    def _wake_after_grace(key: str) -> None:
        """Tell the table again when its grace for friends ends, so that their clock starts then."""
        if key in room.wakes:
            return
        loop = asyncio.get_running_loop()

        async def wake() -> None:
            room.wakes.pop(key, None)
            if key in room.tables:
                async with room.locks[key]:
                    await _broadcast(key)

        room.wakes[key] = loop.call_later(room.grace_left(key) + 0.01, lambda: loop.create_task(wake()))

    async def _time_out(key: str, seat: int, turn: int) -> None:
        if key not in room.tables:
            return
        async with room.locks[key]:
            room.clocks.pop(key, None)
            away = seat not in room.seats(key)
            if not await room.time_out(key, seat, turn, away):
                return
            await _broadcast(key)
        _drive(key)

    def _drive(key: str) -> None:
        """Play the table's own steps and the bots' turns, telling everyone after each pause, until a person
        must act; one driver a table."""
        running = room.driving.get(key)
        if running is None or running.done():
            room.driving[key] = asyncio.get_running_loop().create_task(_advance(key))

    async def _advance(key: str) -> None:
        while key in room.tables:
            delay = room.tables[key].pause
            if delay is None:
                return
            if delay:
                await asyncio.sleep(delay)  # a completed trick stays on the felt a moment
            if key not in room.tables:
                return
            async with room.locks[key]:
                if await room.advance(key):
                    await _broadcast(key)

    async def record(request: Request) -> Response:
        table = room.tables.get(request.path_params["table"])
        token = request.query_params.get("token")
        if table is None or (table.seat_of(token) is None and not table.watching(token)):
            return JSONResponse({"error": _("No such table, or not your seat.")}, status_code=404)
        if not table.over:
            return JSONResponse({"error": _("The record holds the seed, which would show every hidden card: "
                                            "it is served once the game is over.")}, status_code=409)
        return JSONResponse(await room.workers.call(RecordOf(request.path_params["table"])),
                            headers={"Content-Disposition": 'attachment; filename="game.json"'})

    async def play(socket: WebSocket) -> None:
        language = current_language()
        key = socket.path_params["table"]
        table = room.tables.get(key)
        await socket.accept()
        token = socket.query_params.get("token")
        seat = None if table is None else table.seat_of(token)
        if table is not None and seat is None and table.was_handed(token):
            await _handed(socket, table)
            return
        if table is None or (seat is None and not table.watching(token)):
            await _close(socket, _("No such table, or not your seat."), NO_SEAT)
            return
        room.sockets[key][socket] = (seat, language)
        room.arriving.add(socket)  # told from its first message on, which tells everyone it came
        limit = RateLimit()
        try:
            if seat is not None:
                await room.join(key, seat)
            async with room.locks[key]:
                if seat is not None:
                    await room.back(key, seat)  # a seat the bot played while they were away
                room.arriving.discard(socket)
                await _broadcast(key)  # the newcomer's message, and everyone learns who is here
            _drive(key)  # a table kept halfway through the bots' turns (a restart) goes on
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
                    room.touch(key)
                    async with room.locks[key]:
                        refusal = await room.act(key, seat, message["action"])
                        if refusal is None:
                            await _broadcast(key)  # every seat sees every action as it happens
                    if refusal is None:
                        _drive(key)  # then the bots' replies
                if refusal is not None:
                    # Only refused messages count: legal actions are bounded by the game's own turns.
                    if not limit.allow():
                        await _close(socket, _("Too many refused messages: slow down."), 1008)
                        break
                    await socket.send_json({"type": "error", **refusal.details()})
        except WebSocketDisconnect:
            pass
        finally:
            room.sockets[key].pop(socket, None)
            room.arriving.discard(socket)
            room.drawn.pop(socket, None)
            room.touch(key)
            if key in room.tables and room.sockets[key]:
                async with room.locks[key]:
                    await _broadcast(key)  # who left

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        room.workers.close()

    app = Starlette(lifespan=lifespan, routes=[
        Route("/", page),
        Route("/api/games", games),
        Route("/api/words", words),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table}/record", record),
        Route("/api/tables/{table}/seats/{seat:int}/bot", to_bot, methods=["POST"]),
        WebSocketRoute("/ws/{table}", play),
        Route("/static/{name}", static),
        Route("/favicon.ico", favicon),
    ])
    return Guard(RequestLanguage(app), hosts=allow_hosts, origins=allow_origins,
                 proxies=proxies if trust_proxy else ())


def _with_faces(drawn: set[str], text: str, faces: dict[str, str]) -> str:
    """A message's text with the drawings of its cards that this connection has not been sent yet (``faces``:
    name → SVG; each card names its drawing by ``face``), which are then counted as sent."""
    new = {name: svg for name, svg in faces.items() if name not in drawn}
    drawn.update(new)
    return f'{text[:-1]}, "faces": {json.dumps(new)}}}'


def _later(sentence: str, status: int, wait: float) -> JSONResponse:
    """A 429 or 503 answer: the sentence, and ``Retry-After`` in whole seconds."""
    return JSONResponse({"error": sentence, "retry_after": math.ceil(wait)}, status_code=status,
                        headers={"Retry-After": str(math.ceil(wait))})


def _settings(settings: Any) -> Settings:
    """The game, the number of players, the maker's name, how many people (the maker included), the bots'
    kind, the seed and the clock's seconds a move of a new table's settings, checked."""
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
    clock = settings.get("clock")
    if clock is not None and (isinstance(clock, bool) or not isinstance(clock, (int, float))
                              or not MIN_CLOCK <= clock <= MAX_CLOCK):
        raise ValueError(_("clock must be the seconds a person has for a move, from {least} to {most}, or null",
                           least=MIN_CLOCK, most=MAX_CLOCK))
    grace = settings.get("grace", GRACE)
    if isinstance(grace, bool) or not isinstance(grace, (int, float)) or not 0 <= grace <= MAX_CLOCK:
        raise ValueError(_("grace must be the seconds a friend's clock waits for them to open their link, from 0 to "
                           "{most}", most=MAX_CLOCK))
    return Settings(game, players, name, people=people, bot=bot, seed=seed,
                    clock=None if clock is None else float(clock), grace=float(grace))


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


async def _handed(socket: WebSocket, table: Summary) -> None:
    """Tell the holder of a seat given to the table bot what happened, and how to watch the game instead."""
    maker = table.tokens[0]
    await socket.send_json({"type": "handed", "watch": None if maker is None else watch_token(maker),
                            "message": _("The table's maker gave your seat to a bot, so that the game could go on "
                                         "without you. You can still watch it.")})
    await socket.close(code=1000)


async def _close(socket: WebSocket, reason: str, code: int) -> None:
    """Say why, in the shape of every error message, then close the connection cleanly."""
    await socket.send_json({"type": "error", **ConcombreError(reason).details()})
    await socket.close(code=code, reason=reason[:120])
