"""JSON text read within the library's bounds: its size, how densely it nests, and every object's keys given once.

Python's reader keeps the last of a key given twice, where another reader may keep the first, so a document that
gives a key twice is read as neither: `parse_json` refuses it naming the key's path, and `KeysOnce` lets another
reader (the web table's messages) do the same with its own sentences.

Examples:
    >>> parse_json('{"players": ["Ann", "Bob"]}')
    {'players': ['Ann', 'Bob']}
"""

from __future__ import annotations

import json
from typing import Any

from concombre.core.errors import FormatError
from concombre.core.i18n import _
from concombre.core.limits import MAX_DOCUMENT_BYTES, document_bound

__all__ = ["KeysOnce", "parse_json"]

_DENSEST = 8  # characters per array or object, at the least: the library's documents have some 30


class KeysOnce:
    """A ``json.loads`` ``object_pairs_hook`` that notes an object giving a key twice; `given_twice` then names the
    first such key and its path (``$.players``, ``$.actions[2].card``). One per reading.

    Attributes:
        twice: Whether an object read so far gave a key twice.

    Examples:
        >>> once = KeysOnce()
        >>> value = json.loads('{"seed": 1, "actions": [{"card": "QH", "card": "AS"}]}', object_pairs_hook=once)
        >>> once.given_twice(value)
        ('card', '$.actions[0].card')
        >>> KeysOnce().given_twice({"seed": 1}) is None
        True
    """

    __slots__ = ("twice",)

    def __init__(self) -> None:
        self.twice = False

    def __call__(self, items: list[tuple[str, Any]]) -> dict[str, Any]:
        value = dict(items)
        if len(value) == len(items):
            return value
        seen: set[str] = set()
        for key, _item in items:
            if key in seen:
                break
            seen.add(key)
        self.twice = True
        return _Twice(value, key)

    def given_twice(self, value: Any) -> tuple[str, str] | None:
        """The first key given twice in ``value`` (as this hook read it) and its path; None when none was."""
        if not self.twice:
            return None
        paths: list[tuple[Any, str]] = [(value, "$")]  # a stack, not recursion: any depth json reads
        while paths:
            value, path = paths.pop()
            if isinstance(value, _Twice):
                return value.key, f"{path}.{value.key}"
            if isinstance(value, dict):
                paths += reversed([(item, f"{path}.{key}") for key, item in value.items()])
            elif isinstance(value, list):
                paths += reversed([(item, f"{path}[{index}]") for index, item in enumerate(value)])
        return None  # not reached: the outermost object that gave a key twice is in the value


class _Twice(dict[str, Any]):
    """A JSON object that gave a key twice, kept as read until its path is known."""

    __slots__ = ("key",)

    def __init__(self, value: dict[str, Any], key: str) -> None:
        super().__init__(value)
        self.key = key


def parse_json(text: str | bytes, max_bytes: int = MAX_DOCUMENT_BYTES) -> Any:
    """The JSON value of ``text``, refused unless it is JSON within the bounds with every object's keys given once.

    Raises:
        FormatError: ``text`` is no JSON text, is larger than ``max_bytes``, packs more arrays and objects than
            any document of the library, nests too deeply, or gives a key twice (the path names it).

    Examples:
        >>> try:
        ...     parse_json('{"seed": 1, "seed": 2}')
        ... except FormatError as err:
        ...     print(err.path, "-", err.reason)
        $.seed - 'seed' is given twice
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise FormatError(f"expected JSON text, found {type(text).__name__}")
    _check_size(text, max_bytes)
    once = KeysOnce()
    try:
        parsed = json.loads(text, parse_constant=_no_constant, object_pairs_hook=once)
    except RecursionError:
        raise FormatError("the JSON is nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as err:
        raise FormatError(f"not valid JSON: {err}") from None
    twice = once.given_twice(parsed)
    if twice is not None:
        raise FormatError(_("{key} is given twice", key=repr(twice[0])), twice[1])
    return parsed


def _check_size(text: str | bytes | bytearray, max_bytes: int) -> None:
    max_bytes = document_bound(max_bytes)
    size = len(text) if not isinstance(text, str) or text.isascii() else len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise FormatError(f"the document is {size} bytes; the most a loader reads is {max_bytes} "
                          "(MAX_DOCUMENT_BYTES, max_bytes=)")
    opened = text.count("{") + text.count("[") if isinstance(text, str) else text.count(b"{") + text.count(b"[")
    if opened * _DENSEST > max(size, 4096):
        raise FormatError(f"the document holds {opened} arrays and objects in {size} bytes: no document of the "
                          f"library packs more than one in every {_DENSEST} characters")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")
