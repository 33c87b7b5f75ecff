"""Where the web server's games run: its tables, off the event loop, on a thread or in worker processes.

The event loop holds the sockets, the clocks and the limits; every table lives in one `Keeper` (its game,
its bots, its messages, its part of the database) and the loop asks it for work through `Workers`, by the
table's key. With ``count`` worker processes the tables are shared out by key among them, each process
with its own `Keeper` and its own connection to the database, so that the games use every core while the
event loop answers the page and the sockets; with none, one `Keeper` works on a thread of this process.
After each call the loop keeps the table's `Summary`: what it needs to know of the table between calls.

Examples:
    >>> import asyncio
    >>> async def main():
    ...     workers = Workers(0)
    ...     summary = await workers.call(New("t1", Settings("concombre", 3, "Ann", seed=1), used=0.0))
    ...     workers.close()
    ...     return summary.turn > 0, summary.awaited, summary.seat_of(summary.tokens[0])
    >>> asyncio.run(main())
    (True, 0, 0)
"""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import itertools
import json
import multiprocessing
import os
import pickle
import socket
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Generic, TypeVar

import attrs

from concombre.apps.web.store import Store
from concombre.apps.web.tables import Table, new_table, seat_opened, watch_token
from concombre.core.errors import ConcombreError
from concombre.core.i18n import current_language, use_language

__all__ = ["Act", "Acted", "Advance", "Back", "HandToBot", "Join", "Keeper", "Messages", "Moved", "New", "RecordOf",
           "Remove", "Request", "Settings", "Summary", "TimeOut", "Workers"]

T = TypeVar("T")
Letters = dict[tuple[int | None, str], tuple[str, dict[str, str]]]  # a message and its drawings, by seat and language


@attrs.frozen
class Summary:
    """What the event loop knows of a table between calls to its `Keeper`.

    Attributes:
        tokens: Each seat's secret (None for a bot's seat).
        names: The players' names.
        bots: Each seat's bot kind (None for a person's seat).
        clock: The table's seconds a move, or None.
        over: Whether the game is over.
        turn: The actions taken so far.
        awaited: The seat of the person the table waits for (`concombre.apps.web.tables.Table.awaited`), or None.
        pause: How long before the table's next step of its own (`concombre.apps.web.tables.Table.next_step`),
            or None while a person must act.
        arrived: The people's seats whose person has opened their link (`concombre.apps.web.tables.Table.arrived`).
        handed: The tokens of the seats given to the table bot (`concombre.apps.web.tables.Table.handed`).

    Examples:
        >>> from concombre.apps.web.tables import new_table
        >>> summary = Summary.of(new_table("concombre", players=3, name="Ann", seed=1), pause=1.5)
        >>> summary.names, summary.awaited, summary.pause
        (('Ann', 'Bea', 'Cyd'), 0, None)
    """

    tokens: tuple[str | None, ...]
    names: tuple[str, ...]
    bots: tuple[str | None, ...]
    clock: float | None
    over: bool
    turn: int
    awaited: int | None
    pause: float | None
    arrived: frozenset[int] = frozenset({0})
    handed: tuple[str, ...] = ()

    @classmethod
    def of(cls, table: Table, pause: float, round_pause: float | None = None) -> Summary:
        """The summary of ``table``, whose completed tricks stay ``pause`` seconds on the felt (a round's end,
        ``round_pause``: by default three times as long)."""
        return cls(table.tokens, tuple(table.state.players), table.bots, table.clock,
                   table.game.is_over(table.state), len(table.record.actions), table.awaited(),
                   table.next_step(pause, round_pause), table.arrived,
                   table.handed)

    def seat_of(self, token: str | None) -> int | None:
        """The person's seat that ``token`` opens (`concombre.apps.web.tables.Table.seat_of`), or None."""
        return seat_opened(self.tokens, token)

    def watching(self, token: str | None) -> bool:
        """Whether ``token`` is the table's spectators' secret (`concombre.apps.web.tables.Table.watching`)."""
        maker = self.tokens[0]
        return maker is not None and seat_opened((watch_token(maker),), token) == 0

    def was_handed(self, token: str | None) -> bool:
        """Whether ``token`` opened a friend's seat that was given to the table bot."""
        return seat_opened(self.handed, token) is not None

    def invited(self) -> frozenset[int]:
        """The people's seats whose person has not opened their link yet."""
        people = {seat for seat, token in enumerate(self.tokens) if token is not None}
        return frozenset(people - self.arrived)


@attrs.frozen(kw_only=True)
class Settings:
    """A new table's settings, checked by the server before a keeper makes the table
    (`concombre.apps.web.tables.new_table`'s arguments).

    Attributes:
        game: The game's name.
        players: The number of players.
        name: The maker's name, at seat 0.
        people: The seats for people, the maker's included; bots take the others.
        bot: The bots' kind, or None for the game's table bot.
        seed: The game's seed, or None for a random one.
        clock: Seconds a person has for a move, or None.
        grace: Seconds a friend's clock waits for them to open their link, from the table's start.

    Examples:
        >>> Settings("romme", 2, "Ann").people
        1
    """

    game: str = attrs.field(kw_only=False)
    players: int = attrs.field(kw_only=False)
    name: str = attrs.field(kw_only=False)
    people: int = 1
    bot: str | None = None
    seed: int | None = None
    clock: float | None = None
    grace: float = 180.0


@attrs.frozen
class Acted:
    """The answer to `Act`: the refusal (None: the action was taken and kept) and the table's summary after."""

    refusal: ConcombreError | None
    summary: Summary


@attrs.frozen
class Moved:
    """The answer to `Advance` and `TimeOut`: whether the table moved, and its summary after."""

    moved: bool
    summary: Summary


class Keeper:
    """The tables of one worker, each by its key, and their part of the database: every call the event loop
    makes of a table (`Workers.call`) is a method here, and answers the table's `Summary` along.

    Args:
        db: The SQLite file the tables are kept in, or None to keep them in memory only.
        pause: Seconds a completed trick stays on the felt before the table collects it.

    Examples:
        >>> keeper = Keeper(None, pause=0.0)
        >>> summary = keeper.new("t1", Settings("romme", 2, "Ann", seed=2), 0.0)
        >>> acted = keeper.act("t1", 0, {"format": "concombre.romme.action/1", "type": "draw_stock"}, 1.0)
        >>> acted.refusal is None, acted.summary.turn == summary.turn + 1
        (True, True)
    """

    def __init__(self, db: str | None, pause: float, round_pause: float | None = None) -> None:
        self.store = None if db is None else Store(db)
        self.pause = pause
        self.round_pause = round_pause  # None: the table's default, three times the trick's pause
        self.tables: dict[str, Table] = {}
        self._face_names: dict[str, str] = {}  # a card's drawing -> its name in messages

    def _summary(self, key: str) -> Summary:
        return Summary.of(self.tables[key], self.pause, self.round_pause)

    def load(self, shard: int, shards: int) -> list[tuple[str, Summary, bool, float]]:
        """The kept tables whose key falls to ``shard`` of ``shards``, replayed and held: (key, summary, whether
        a person ever joined, the friends' grace in seconds)."""
        found = []
        if self.store is not None:
            for kept in self.store.tables(lambda key: shard_of(key, shards) == shard):
                self.tables[kept.key] = kept.table
                found.append((kept.key, self._summary(kept.key), kept.joined, kept.grace))
        return found

    def new(self, key: str, settings: Settings, used: float) -> Summary:
        """A new table (`concombre.apps.web.tables.new_table`), kept under ``key``, ``used`` at that time."""
        table = self.tables[key] = new_table(settings.game, settings.players, settings.name, settings.seed,
                                             settings.people, settings.bot, settings.clock)
        if self.store is not None:
            self.store.add(key, table, used, settings.grace)
        return self._summary(key)

    def act(self, key: str, seat: int, document: Any, used: float) -> Acted:
        """The seat's action applied, and kept, before anyone is told; or its refusal."""
        table = self.tables[key]
        first = len(table.record.actions)
        refusal = table.act(seat, document)
        if refusal is None:
            self._keep(key, first, used)
        return Acted(refusal, self._summary(key))

    def advance(self, key: str, used: float) -> Moved:
        """The table's next step of its own or a bot's, and the steps after it that need no pause, kept in one
        transaction; whether any was taken."""
        table = self.tables[key]
        first = len(table.record.actions)
        if not table.step():
            return Moved(False, self._summary(key))
        while table.next_step(self.pause, self.round_pause) == 0.0:
            table.step()
        self._keep(key, first, used)
        return Moved(True, self._summary(key))

    def time_out(self, key: str, seat: int, turn: int, away: bool, used: float) -> Moved:
        """`concombre.apps.web.tables.Table.time_out`, kept."""
        table = self.tables[key]
        first = len(table.record.actions)
        moved = table.time_out(seat, turn, away)
        if moved:
            self._keep(key, first, used)
        return Moved(moved, self._summary(key))

    def back(self, key: str, seat: int) -> Summary:
        """`concombre.apps.web.tables.Table.back`."""
        self.tables[key].back(seat)
        return self._summary(key)

    def hand_to_bot(self, key: str, seat: int) -> Summary:
        """Give a friend's empty seat to the table bot, and keep who sits where."""
        table = self.tables[key]
        table.hand_to_bot(seat)
        if self.store is not None:
            self.store.seats(key, table)
        return self._summary(key)

    def join(self, key: str, seat: int) -> Summary:
        """Keep that the person at ``seat`` has come to the table (`concombre.apps.web.tables.Table.arrive`)."""
        table = self.tables[key]
        if seat not in table.arrived:
            table.arrive(seat)
            if self.store is not None:
                self.store.seats(key, table)
        if self.store is not None:
            self.store.join(key)
        return self._summary(key)

    def remove(self, key: str) -> None:
        """Forget the table, here and in the database."""
        del self.tables[key]
        if self.store is not None:
            self.store.remove(key)

    def record(self, key: str) -> dict[str, Any]:
        """The table's game record, as a JSON document."""
        return self.tables[key].record_document()

    def messages(self, key: str, here: Iterable[tuple[int | None, str]], clock: dict[str, Any] | None,
                 present: list[int], invited: list[int] | None = None) -> Letters:
        """The message of each seat and language in ``here`` (None: the spectators'), worked out once each, with
        the seats whose person is connected (``present``), the friends still ``invited`` (their link not opened,
        their clock not running) and the running ``clock``: each as its JSON text without the cards' drawings, and
        the drawings by name."""
        table = self.tables[key]
        found = {}
        for seat, language in here:
            with use_language(language):
                message = {**table.message(seat), "present": present, "invited": invited or [], "clock": clock,
                           "stand_ins": sorted(table.stand_ins)}
            faces = self._faces(message)
            found[seat, language] = json.dumps(message), faces
        return found

    def _faces(self, message: dict[str, Any]) -> dict[str, str]:
        """Each card's drawing taken out of the message, the card naming it by ``face`` instead (a hash of the
        drawing: the same name in every worker): the drawings, by name, for a connection to be sent once."""
        faces: dict[str, str] = {}
        for row in message["picture"]["rows"] if message["picture"] else ():
            for card in row["cards"]:
                svg = card.pop("svg")
                name = self._face_names.get(svg)
                if name is None:
                    if len(self._face_names) > 20_000:  # every face of every language is a few thousand
                        self._face_names.clear()
                    name = self._face_names[svg] = hashlib.blake2b(svg.encode(), digest_size=8).hexdigest()
                card["face"] = name
                faces[name] = svg
        return faces

    def _keep(self, key: str, first: int, used: float) -> None:
        if self.store is not None:
            self.store.append(key, first, self.tables[key].record.actions[first:], used)


class Request(Generic[T]):
    """One call of the event loop on a table's `Keeper`, sent across the worker boundary as a value: its table's
    ``key``, its arguments by name, and `run`, the keeper's method it calls, whose answer is typed ``T``.

    Examples:
        >>> Back("t1", 2).run(Keeper(None, pause=0.0))
        Traceback (most recent call last):
        KeyError: 't1'
    """

    __slots__ = ()
    key: str

    def run(self, keeper: Keeper) -> T:
        """The keeper's answer."""
        raise NotImplementedError


@attrs.frozen
class New(Request[Summary]):
    """Make a table (`Keeper.new`)."""

    key: str
    settings: Settings
    used: float

    def run(self, keeper: Keeper) -> Summary:
        """`Keeper.new`."""
        return keeper.new(self.key, self.settings, self.used)


@attrs.frozen
class Act(Request[Acted]):
    """A person's action (`Keeper.act`)."""

    key: str
    seat: int
    document: Any
    used: float

    def run(self, keeper: Keeper) -> Acted:
        """`Keeper.act`."""
        return keeper.act(self.key, self.seat, self.document, self.used)


@attrs.frozen
class Advance(Request[Moved]):
    """The table's next steps of its own (`Keeper.advance`)."""

    key: str
    used: float

    def run(self, keeper: Keeper) -> Moved:
        """`Keeper.advance`."""
        return keeper.advance(self.key, self.used)


@attrs.frozen
class TimeOut(Request[Moved]):
    """A person's clock ran out (`Keeper.time_out`)."""

    key: str
    seat: int
    turn: int
    away: bool
    used: float

    def run(self, keeper: Keeper) -> Moved:
        """`Keeper.time_out`."""
        return keeper.time_out(self.key, self.seat, self.turn, self.away, self.used)


@attrs.frozen
class Back(Request[Summary]):
    """A person is back at their seat (`Keeper.back`)."""

    key: str
    seat: int

    def run(self, keeper: Keeper) -> Summary:
        """`Keeper.back`."""
        return keeper.back(self.key, self.seat)


@attrs.frozen
class HandToBot(Request[Summary]):
    """A friend's empty seat given to the table bot (`Keeper.hand_to_bot`)."""

    key: str
    seat: int

    def run(self, keeper: Keeper) -> Summary:
        """`Keeper.hand_to_bot`."""
        return keeper.hand_to_bot(self.key, self.seat)


@attrs.frozen
class Join(Request[Summary]):
    """A person came to their seat (`Keeper.join`)."""

    key: str
    seat: int

    def run(self, keeper: Keeper) -> Summary:
        """`Keeper.join`."""
        return keeper.join(self.key, self.seat)


@attrs.frozen
class Remove(Request[None]):
    """Forget the table (`Keeper.remove`)."""

    key: str

    def run(self, keeper: Keeper) -> None:
        """`Keeper.remove`."""
        keeper.remove(self.key)


@attrs.frozen
class RecordOf(Request[dict[str, Any]]):
    """The table's record as a JSON document (`Keeper.record`)."""

    key: str

    def run(self, keeper: Keeper) -> dict[str, Any]:
        """`Keeper.record`."""
        return keeper.record(self.key)


@attrs.frozen
class Messages(Request[Letters]):
    """The messages of the seats and languages ``here`` (`Keeper.messages`)."""

    key: str
    here: tuple[tuple[int | None, str], ...]
    clock: dict[str, Any] | None
    present: tuple[int, ...]
    invited: tuple[int, ...] = ()

    def run(self, keeper: Keeper) -> Letters:
        """`Keeper.messages`."""
        return keeper.messages(self.key, self.here, self.clock, list(self.present), list(self.invited))


def shard_of(key: str, shards: int) -> int:
    """The worker, of ``shards``, that holds the table ``key``: the same in every process and every run.

    Examples:
        >>> shard_of("t1", 2) == shard_of("t1", 2), 0 <= shard_of("t1", 3) < 3
        (True, True)
    """
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=4).digest(), "big") % shards


def _work(connection: Any, db: str | None, pause: float, round_pause: float | None) -> None:
    """A worker process: its `Keeper` answers each request from the server, in order, until the server goes."""
    keeper = Keeper(db, pause, round_pause)
    with socket.socket(fileno=os.dup(connection.fileno())) as line:
        connection.close()
        while (message := _read(line)) is not None:
            number, language, request = message
            try:
                with use_language(language):
                    answer = (number, True, _answer(keeper, request))
            except Exception as err:  # sent back, raised again where the server called
                answer = (number, False, err)
            try:
                data = pickle.dumps(answer)
            except Exception as err:
                data = pickle.dumps((number, False, RuntimeError(f"{type(err).__name__}: {err}")))
            line.sendall(len(data).to_bytes(8, "big") + data)
    if keeper.store is not None:
        keeper.store.close()


def _answer(keeper: Keeper, request: Request[Any] | tuple[int, int]) -> Any:
    """The keeper's answer to a request; a (shard, shards) pair asks for the kept tables (`Keeper.load`)."""
    return keeper.load(*request) if isinstance(request, tuple) else request.run(keeper)


def _read(line: socket.socket) -> Any:
    """The next request on a worker's line, or None once the server closed it."""
    head = _exactly(line, 8)
    return None if head is None else pickle.loads(_exactly(line, int.from_bytes(head, "big")) or b"")


def _exactly(line: socket.socket, size: int) -> bytes | None:
    data = bytearray()
    while len(data) < size:
        part = line.recv(min(size - len(data), 1 << 20))
        if not part:
            return None
        data += part
    return bytes(data)


class _Worker:
    """One worker process and the server's end of its line: requests written, and answers read, by the event loop
    itself (no thread of the server's waits on a worker; nothing it writes ever blocks it)."""

    def __init__(self, db: str | None, pause: float, round_pause: float | None) -> None:
        here, there = multiprocessing.Pipe()
        # spawned, not forked: the server has threads, and a worker needs none of its memory
        self.process = multiprocessing.get_context("spawn").Process(target=_work, args=(there, db, pause, round_pause),
                                                                     daemon=True, name="concombre-games")
        self.process.start()
        there.close()
        self.line = socket.socket(fileno=os.dup(here.fileno()))
        here.close()
        self.numbers = itertools.count()
        self.waiting: dict[int, asyncio.Future[Any]] = {}
        self.opened: asyncio.Task[tuple[asyncio.StreamReader, asyncio.StreamWriter]] | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.reading: asyncio.Task[None] | None = None

    def load(self, shard: int, shards: int) -> list[tuple[str, Summary, bool, float]]:
        """The worker's kept tables (`Keeper.load`), waited for: before the server's event loop runs."""
        assert self.opened is None
        data = pickle.dumps((next(self.numbers), current_language(), (shard, shards)))
        self.line.sendall(len(data).to_bytes(8, "big") + data)
        head = _exactly(self.line, 8)
        if head is None:
            raise RuntimeError("a worker of the web server stopped")
        _number, ok, value = pickle.loads(_exactly(self.line, int.from_bytes(head, "big")) or b"")
        if not ok:
            raise value
        found: list[tuple[str, Summary, bool, float]] = value
        return found

    async def call(self, request: Request[T]) -> T:
        """The answer to one request, off the event loop."""
        loop = asyncio.get_running_loop()
        if self.opened is None:  # once, for every caller: one reader of the line
            self.opened = loop.create_task(asyncio.open_connection(sock=self.line))
        reader, writer = await asyncio.shield(self.opened)
        if self.writer is None:
            self.writer = writer
            self.reading = loop.create_task(self._answers(reader))
        number = next(self.numbers)
        answer = self.waiting[number] = loop.create_future()
        data = pickle.dumps((number, current_language(), request))
        writer.write(len(data).to_bytes(8, "big") + data)
        value: T = await answer
        return value

    async def _answers(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                head = await reader.readexactly(8)
                number, ok, value = pickle.loads(await reader.readexactly(int.from_bytes(head, "big")))
                answer = self.waiting.pop(number)
                if ok:
                    answer.set_result(value)
                else:
                    answer.set_exception(value)
        except (asyncio.IncompleteReadError, ConnectionError):
            for answer in self.waiting.values():
                answer.set_exception(RuntimeError("a worker of the web server stopped"))
            self.waiting.clear()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.line.close()
        self.process.join(timeout=10)
        if self.process.is_alive():
            self.process.kill()


class Workers:
    """The `Keeper` of each table, by key: in ``count`` worker processes (tables shared out by `shard_of`), or
    for none, on one thread of this process. Every call runs in the caller's language and returns what the
    keeper's method returns, or raises what it raised. With worker processes, the calls come from one event loop.

    Args:
        count: Worker processes (0: one thread here).
        db: The SQLite file the tables are kept in, or None.
        pause: Seconds a completed trick stays on the felt.
        round_pause: Seconds a round's end stays on the felt (None: three times ``pause``).

    Examples:
        >>> import asyncio
        >>> async def main():
        ...     workers = Workers(0)
        ...     await workers.call(New("t1", Settings("romme", 2, "Ann", seed=2), used=0.0))
        ...     text = await workers.call(Messages("t1", ((0, "en"),), None, (0,)))
        ...     workers.close()
        ...     return sorted(text)
        >>> asyncio.run(main())
        [(0, 'en')]
    """

    def __init__(self, count: int = 0, db: str | Path | None = None, pause: float = 1.5,
                 round_pause: float | None = None) -> None:
        path = None if db is None else str(db)
        self.count = count
        self._local: Keeper | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._workers: list[_Worker] = []
        if count == 0:
            self._local = Keeper(path, pause, round_pause)
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="concombre-games")
        else:
            if path is not None:
                Store(path).close()  # the file made, or brought up to date, once, before the workers open it
            self._workers = [_Worker(path, pause, round_pause) for _worker in range(count)]

    async def call(self, request: Request[T]) -> T:
        """The keeper's answer to ``request``, for its table, off the event loop, in the caller's language."""
        if self._local is not None:
            context = contextvars.copy_context()
            return await asyncio.get_running_loop().run_in_executor(
                self._thread, context.run, request.run, self._local)
        return await self._workers[shard_of(request.key, self.count)].call(request)

    def load(self) -> list[tuple[str, Summary, bool, float]]:
        """Every kept table, replayed by its keeper before the server answers anyone: (key, summary, whether a
        person ever joined, the friends' grace in seconds)."""
        if self._local is not None:
            return self._local.load(0, 1)
        return [table for shard, worker in enumerate(self._workers) for table in worker.load(shard, self.count)]

    def close(self) -> None:
        """Stop the workers (their databases closed with them)."""
        for worker in self._workers:
            worker.close()
        if self._thread is not None:
            self._thread.shutdown(wait=True, cancel_futures=True)
        if self._local is not None and self._local.store is not None:
            self._local.store.close()
