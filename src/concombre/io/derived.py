"""JSON Schemas derived from a game's document classes, for a game that ships none of its own.

A game may ship its schemas (`~concombre.core.game.Codec.schemas`: the package that holds
``<kind>.schema.json``); otherwise `derived_schema` writes one from the classes its codec names, as the
library's converter writes their documents: attrs classes as objects with exactly their fields, tuples as
arrays, enums as their values, the game's card (and any type the codec writes itself) as a string, and each
action as an object with its ``"type"``.

Examples:
    >>> from concombre.games import find_game
    >>> schema = derived_schema(find_game("concombre"), "action")
    >>> schema["oneOf"][0]["properties"]["type"]
    {'const': 'deal'}
"""

from __future__ import annotations

import enum
import types
import typing
from typing import Any, Union, get_args, get_origin

import attrs

from concombre.core.errors import FormatError
from concombre.core.game import AnyGame, Codec

__all__ = ["DRAFT", "derived_schema"]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every schema the library gives.

Examples:
    >>> DRAFT.endswith("2020-12/schema")
    True
"""

_PRIMITIVES: dict[Any, dict[str, Any]] = {
    bool: {"type": "boolean"},
    int: {"type": "integer"},
    float: {"type": "number"},
    str: {"type": "string"},
    type(None): {"type": "null"},
}


def derived_schema(game: AnyGame, kind: str) -> dict[str, Any]:
    """The JSON Schema of ``game``'s ``kind`` documents (``"state"``, ``"view"``, ``"action"``, ``"record"``),
    derived from the classes its codec names.

    Raises:
        FormatError: The game has no codec, or no such document kind.

    Examples:
        >>> from concombre.games import find_game
        >>> schema = derived_schema(find_game("romme"), "view")
        >>> schema["properties"]["format"], schema["additionalProperties"]
        ({'const': 'concombre.romme.view/1'}, False)
    """
    codec = game.codec
    if codec is None:
        raise FormatError(f"{game.title} has no JSON documents, so no schema")
    deriver = _Deriver(codec)
    if kind == "action":
        body = deriver.actions(documents=True)
    elif kind == "record":
        body = deriver.record(game)
    elif kind == "state":
        body = deriver.document(codec.state_type, kind)
    elif kind in codec.kinds:
        body = deriver.document(codec.kinds[kind], kind)
    else:
        raise FormatError(f"{game.title} has no {kind!r} documents")
    return {"$schema": DRAFT, "$id": f"{codec.prefix}.{kind}/1", "title": f"{game.title} {kind}", **body}


@attrs.define
class _Deriver:
    codec: Codec

    def document(self, kind: Any, name: str) -> dict[str, Any]:
        body = self.schema(kind)
        return self._with_format(body, name)

    def _with_format(self, body: dict[str, Any], name: str) -> dict[str, Any]:
        if body.get("type") != "object":
            return body
        properties = {"format": {"const": f"{self.codec.prefix}.{name}/1"}, **body["properties"]}
        return {**body, "properties": properties, "required": ["format", *body["required"]]}

    def actions(self, documents: bool = False) -> dict[str, Any]:
        variants = []
        for name, action in self.codec.action_names.items():
            body = self._object(action)
            body["properties"] = {"type": {"const": name}, **body["properties"]}
            body["required"] = ["type", *body["required"]]
            variants.append(self._with_format(body, "action") if documents else body)
        return {"oneOf": variants}

    def record(self, game: AnyGame) -> dict[str, Any]:
        properties = {
            "format": {"const": f"{self.codec.prefix}.record/1"},
            "players": {"type": "array", "items": {"type": "string"}},
            "rules": self.schema(game.Rules),
            "seed": {"type": "integer"},
            "dealer": {"type": "integer"},
            "actions": {"type": "array", "items": self.actions()},
        }
        return {"type": "object", "properties": properties, "required": list(properties),
                "additionalProperties": False}

    def schema(self, kind: Any) -> dict[str, Any]:
        if kind in _PRIMITIVES:
            return dict(_PRIMITIVES[kind])
        if kind is self.codec.kinds.get("card") or kind in self.codec.unstructure:
            return {"type": "string"}
        if kind is self.codec.kinds.get("action"):
            return self.actions()
        origin, args = get_origin(kind), get_args(kind)
        if origin in (Union, types.UnionType):
            return {"anyOf": [self.schema(arg) for arg in args]}
        if origin in (tuple, list, frozenset, set) or origin is typing.Sequence:
            if (len(args) == 2 and args[1] is Ellipsis) or origin is not tuple:
                return {"type": "array", "items": self.schema(args[0]) if args else {}}
            return {"type": "array", "prefixItems": [self.schema(arg) for arg in args], "items": False,
                    "minItems": len(args)}
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            return {"enum": [member.value for member in kind]}
        if isinstance(kind, type) and attrs.has(kind):
            return self._object(kind)
        return {}  # a type the converter writes in its own way: any value

    def _object(self, kind: type) -> dict[str, Any]:
        hints = typing.get_type_hints(kind)
        fields = attrs.fields(kind)
        properties = {field.name: self.schema(hints.get(field.name, Any)) for field in fields}
        required = [field.name for field in fields if field.name not in self.codec.optional]
        return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}
