"""Game records as files: read one of any game in either form, text or JSON, and save one.

This is where a record's form and game are recognised, so that no front-end
has to: a JSON record names its game in its format, a text record in its
first line.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from concombre.core.errors import FormatError, InvalidArgumentError
from concombre.core.i18n import _
from concombre.core.limits import MAX_DOCUMENT_BYTES, document_bound
from concombre.core.records import Record
from concombre.games import GAMES
from concombre.io.json import from_json, to_json

__all__ = ["load_record", "read_record", "save_record"]


def read_record(text: str, *, max_bytes: int = MAX_DOCUMENT_BYTES) -> Record[Any]:
    """The record in ``text``: a JSON document (``concombre.record/1``...) or a text record, of any game.

    Raises:
        FormatError: The text is no record of an installed game; the path says where.

    Examples:
        >>> from concombre import Record, new_game
        >>> record = Record.of(new_game(2, seed=1))
        >>> read_record(record.to_text()) == record == read_record(to_json(record))
        True
    """
    if not isinstance(text, str):
        raise FormatError(f"a record is text, not {type(text).__name__}")
    max_bytes = document_bound(max_bytes)
    if text.lstrip().startswith("{"):
        record = from_json(text, max_bytes=max_bytes)
        if not isinstance(record, Record):
            formats = ", ".join(f"{game.codec.prefix}.record/1" for game in GAMES.values() if game.codec is not None)
            raise FormatError(f"expected a game record ({formats})", "$.format")
        return record
    if len(text) > max_bytes:
        raise FormatError(f"the record is {len(text)} characters; the most a loader reads is {max_bytes} "
                          "(MAX_DOCUMENT_BYTES, max_bytes=)")
    return Record.from_text(text)  # the registry's first read loads every installed game, so every header is known


def load_record(path: str | os.PathLike[str], *, max_bytes: int = MAX_DOCUMENT_BYTES) -> Record[Any]:
    """The record in the file at ``path`` (see `read_record`).

    A file larger than ``max_bytes`` (`~concombre.core.limits.MAX_DOCUMENT_BYTES`, far above any reachable
    record) is refused before it is read.

    Raises:
        InvalidArgumentError: The file cannot be read.
        FormatError: It holds no record, or is larger than ``max_bytes``; the path starts with the file's name.

    Examples:
        >>> import tempfile
        >>> from concombre import Record, new_game
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     save_record(Record.of(new_game(2, seed=1)), Path(folder) / "game.json")
        ...     load_record(Path(folder) / "game.json").seed
        1
    """
    max_bytes = document_bound(max_bytes)
    _require_path(path)
    try:
        size = Path(path).stat().st_size
        if size > max_bytes:
            raise FormatError(f"the file is {size} bytes; the most a loader reads is {max_bytes} "
                              "(MAX_DOCUMENT_BYTES, max_bytes=)", str(path))
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        # the system's own words for what went wrong (such as "No such file or directory") follow ours
        reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        raise InvalidArgumentError(_("cannot read {path}: {reason}", path=path, reason=reason), field="path") from None
    try:
        return read_record(text, max_bytes=max_bytes)
    except FormatError as err:
        raise FormatError(err.reason, f"{path}: {err.path}", err.ruling) from None


def save_record(record: Record[Any], path: str | os.PathLike[str]) -> None:
    """Write a game record of any game to ``path``: JSON if it ends in .json, else its text form.

    Raises:
        InvalidArgumentError: ``record`` is no game record, ``path`` no file's path, or the file cannot be
            written (the system's reason follows).

    Examples:
        >>> import tempfile
        >>> from concombre import Record, new_game
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     save_record(Record.of(new_game(2, seed=1)), Path(folder) / "game.txt")
        ...     (Path(folder) / "game.txt").read_text().splitlines()[0]
        'concombre record 1'
    """
    if not isinstance(record, Record):
        raise InvalidArgumentError(f"record must be a game record, such as Record.of(state), not {record!r:.80}.",
                                   field="record")
    target = Path(_require_path(path))
    text = to_json(record, indent=2) + "\n" if target.suffix == ".json" else record.to_text()
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as err:
        reason = err.strerror or str(err)
        raise InvalidArgumentError(_("cannot write {path}: {reason}", path=path, reason=reason), field="path") from None


def _require_path(path: object) -> str | os.PathLike[str]:
    if isinstance(path, bool) or not isinstance(path, (str, os.PathLike)):
        raise InvalidArgumentError(f"path must be a file's path, not {path!r:.80}.", field="path")
    return path
