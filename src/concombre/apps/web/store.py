"""The web tables kept in SQLite, so that a restart, or a crash, loses no action anyone was told of.

A table is kept as its game record: the setup (players, rules, seed, dealer)
once, then each action as it is applied, in one transaction with the
others of the same step, before any seat is sent the new view. On start the
server replays every kept table through the engine. Only the standard
library's `sqlite3` is used.

Examples:
    >>> from concombre.apps.web.tables import new_table
    >>> store = Store(":memory:")
    >>> table = new_table("concombre", players=3, name="Ann", seed=4)
    >>> store.add("t1", table, used=0.0)
    >>> [(kept.key, kept.joined) for kept in store.tables()]
    [('t1', False)]
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from concombre.apps.web.tables import Table
from concombre.core.errors import InvalidArgumentError
from concombre.core.records import Record
from concombre.io.json import from_dict, to_dict

__all__ = ["SCHEMA_VERSION", "Kept", "Store"]

SCHEMA_VERSION = 3
"""The version of the database's layout, kept in SQLite's ``user_version``; a file of an earlier version is brought
up to date when opened, one of another is refused.

Examples:
    >>> SCHEMA_VERSION
    3
"""

_SCHEMA = """
create table if not exists tables (
    key text primary key,
    seats text not null,
    setup text not null,
    used real not null,
    joined integer not null default 0,
    clock real,
    grace real not null default 180,
    arrived text,
    handed text not null default '[]'
);
create table if not exists actions (
    key text not null references tables (key) on delete cascade,
    number integer not null,
    action text not null,
    primary key (key, number)
);
"""


class Store:
    """Tables in an SQLite database: `add` a new one, `append` its actions, `remove` it, load every one with
    `tables`. Safe to call from several threads (one connection, one lock).

    Args:
        path: The database file (made if missing), or ``":memory:"``.

    Raises:
        InvalidArgumentError: The file holds tables of another layout (`SCHEMA_VERSION`).

    Attributes:
        path: The database file.

    Examples:
        >>> Store(":memory:").path
        ':memory:'
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            _private(Path(self.path))
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        with self._lock:
            version = self._db.execute("pragma user_version").fetchone()[0]
            known = self._db.execute("select count(*) from sqlite_master where name = 'tables'").fetchone()[0]
            if version in (1, 2):
                self._upgrade(version)
            elif version != SCHEMA_VERSION and (version or known):
                self._db.close()
                raise InvalidArgumentError(
                    f"{self.path} holds tables of another version of concombre (schema {version}, this one reads "
                    f"{SCHEMA_VERSION}): give --db another file.", field="db")
            self._db.execute("pragma foreign_keys = on")
            self._db.execute("pragma journal_mode = wal")  # a crash keeps every committed transaction
            if self.path != ":memory:":
                _private(Path(self.path))  # the journal files SQLite just made, as their database
            self._db.executescript(_SCHEMA)
            self._db.execute(f"pragma user_version = {SCHEMA_VERSION}")

    def _upgrade(self, version: int) -> None:
        """Bring a file of an earlier layout up to date, its tables kept."""
        if version == 1:  # version 2 added whether a person ever joined (the old tables count as joined) and
            # the seconds a move of the table's clock
            self._db.execute("alter table tables add column joined integer not null default 1")
            self._db.execute("alter table tables add column clock real")
        # version 3 added the friends' grace, the seats whose person came (null: every person's seat, as the
        # tables of version 2 treated them) and the tokens of the seats given to a bot
        self._db.execute("alter table tables add column grace real not null default 180")
        self._db.execute("alter table tables add column arrived text")
        self._db.execute("alter table tables add column handed text not null default '[]'")

    def add(self, key: str, table: Table, used: float, grace: float = 180.0) -> None:
        """Keep a new table: its setup and the actions already taken (the first deal, the bots' first turns), and
        the ``grace`` seconds its friends' clocks wait for them."""
        record = table.record
        setup = json.dumps(to_dict(attrs.evolve(record, actions=())))
        with self._lock, self._db:
            self._db.execute("begin")
            self._db.execute("insert into tables (key, seats, setup, used, joined, clock, grace, arrived, handed) "
                             "values (?, ?, ?, ?, 0, ?, ?, ?, ?)",
                             (key, _seats(table), setup, used, table.clock, grace, *_people(table)))
            self._insert(key, 0, record.actions)

    def append(self, key: str, first: int, actions: Sequence[Any], used: float) -> None:
        """Keep ``actions``, numbered from ``first``, in one transaction."""
        with self._lock, self._db:
            self._db.execute("begin")
            self._insert(key, first, actions)
            self._db.execute("update tables set used = ? where key = ?", (used, key))

    def _insert(self, key: str, first: int, actions: Sequence[Any]) -> None:
        self._db.executemany("insert into actions values (?, ?, ?)",
                             [(key, first + number, json.dumps(to_dict(action))) for number, action in
                              enumerate(actions)])

    def seats(self, key: str, table: Table) -> None:
        """Keep who sits where now (a seat handed to a bot, say) and whose person came."""
        with self._lock, self._db:
            self._db.execute("update tables set seats = ?, arrived = ?, handed = ? where key = ?",
                             (_seats(table), *_people(table), key))

    def join(self, key: str) -> None:
        """Keep that a person has come to the table (a table nobody joined expires sooner)."""
        with self._lock, self._db:
            self._db.execute("update tables set joined = 1 where key = ?", (key,))

    def remove(self, key: str) -> None:
        """Forget a table and its actions."""
        with self._lock, self._db:
            self._db.execute("delete from tables where key = ?", (key,))

    def tables(self, wanted: Callable[[str], bool] = lambda key: True) -> Iterator[Kept]:
        """Every kept table (or those whose key is ``wanted``), replayed through the engine."""
        with self._lock:
            rows = self._db.execute("select key, seats, setup, used, joined, clock, grace, arrived, handed from tables "
                                    "order by key").fetchall()
            actions: dict[str, list[str]] = {}
            for key, _, text in self._db.execute("select key, number, action from actions order by key, number"):
                actions.setdefault(key, []).append(text)
        for key, seats, setup, used, joined, clock, grace, arrived, handed in rows:
            if not wanted(key):
                continue
            record = from_dict(json.loads(setup), Record)
            record = attrs.evolve(record, actions=tuple(from_dict(json.loads(text)) for text in actions.get(key, ())))
            kept = json.loads(seats)
            tokens = [token for token, _ in kept]
            came = (seat for seat, token in enumerate(tokens) if token is not None) if arrived is None else \
                json.loads(arrived)
            table = Table.replayed(record, tokens, [bot for _, bot in kept], clock, frozenset(came),
                                   json.loads(handed))
            yield Kept(key, table, used, bool(joined), grace)

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()


@attrs.frozen
class Kept:
    """A table as the database keeps it, replayed.

    Attributes:
        key: The table's key.
        table: The table, replayed through the engine.
        used: When it was last used, by the server's clock of the time.
        joined: Whether a person ever came to it.
        grace: The seconds its friends' clocks wait for them to open their links.

    Examples:
        >>> from concombre.apps.web.tables import new_table
        >>> store = Store(":memory:")
        >>> store.add("t1", new_table("concombre", players=3, name="Ann", seed=4), used=0.0, grace=60.0)
        >>> [(kept.key, kept.grace, sorted(kept.table.arrived)) for kept in store.tables()]
        [('t1', 60.0, [0])]
    """

    key: str
    table: Table
    used: float
    joined: bool
    grace: float


def _people(table: Table) -> tuple[str, str]:
    """The seats whose person came, and the tokens of the seats given to a bot, as kept."""
    return json.dumps(sorted(table.arrived)), json.dumps(list(table.handed))


def _private(path: Path) -> None:
    """The database file, and its journal files, readable and writable by their owner only (they hold every live
    table's seat tokens and seeds); its folder too, when it is made here."""
    if not path.parent.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not path.exists():
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    for kept in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm"),
                 path.with_name(path.name + "-journal")):
        if kept.exists() and kept.stat().st_mode & 0o077:
            kept.chmod(0o600)


def _seats(table: Table) -> str:
    """Each seat's token and bot, as kept: ``[[token, null], [null, "thumb"], ...]``."""
    return json.dumps([[token, bot] for token, bot in zip(table.tokens, table.bots, strict=True)])
