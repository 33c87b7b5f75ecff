"""JSON documents for every value of every game, and loading them safely.

Every document is a JSON object whose ``"format"`` names its game, kind and
version, such as ``"concombre.state/1"`` or ``"concombre.romme.view/1"``, so
that a reader can refuse a document it does not know rather than misread it.
The kinds are ``card``, ``rules``, ``action``, ``state``, ``view`` and
``record``, for each game.

Each game describes its documents in its `concombre.core.game.Codec`; this
module holds the one strict converter that reads them all. Loading never
trusts its input: a malformed document raises `FormatError` with the path of
the offending field and what was expected there, and a state loads only if a
game could have reached it. Structuring is done by cattrs, with strict hooks:
no number is read from a string or a boolean, no list from a string, and no
field is left unchecked.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterator, Mapping
from importlib import resources
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, overload

import attrs
import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_structure_fn
from cattrs.v import transform_error

from concombre.core.errors import ConcombreError, FormatError, InvalidArgumentError, json_type
from concombre.core.game import AnyGame, Codec, Game, registered, required
from concombre.core.limits import MAX_ACTIONS, MAX_DOCUMENT_BYTES, SEED_LIMIT, TEXT_LENGTH
from concombre.core.records import Record, check_record
from concombre.games import GAMES
from concombre.io.derived import derived_schema
from concombre.io.parse import parse_json

__all__ = ["FORMATS", "action_from_dict", "action_from_json", "from_dict", "from_json", "json_schema", "to_dict",
           "to_json"]

T = TypeVar("T")
A = TypeVar("A")

_LIMIT = SEED_LIMIT
_MAX_ITEMS = MAX_ACTIONS
_MAX_TEXT = TEXT_LENGTH


class _RefusedError(ValueError):
    """A value that is not what the document format expects there."""


# -- strict hooks for cattrs ----------------------------------------------------


def _int(value: Any, _: Any) -> int:
    if type(value) is not int:
        raise _RefusedError(f"expected a whole number, found {json_type(value)}")
    if not -_LIMIT < value < _LIMIT:
        raise _RefusedError("expected a whole number of at most 20 digits")
    return value


def _str(value: Any, _: Any) -> str:
    if type(value) is not str:
        raise _RefusedError(f"expected a string, found {json_type(value)}")
    if len(value) > _MAX_TEXT:
        raise _RefusedError(f"expected a string of at most {_MAX_TEXT} characters")
    return value


def _bool(value: Any, _: Any) -> bool:
    if type(value) is not bool:
        raise _RefusedError(f"expected true or false, found {json_type(value)}")
    return value


def _is_fixed_tuple(kind: Any) -> bool:
    args = get_args(kind)
    return get_origin(kind) is tuple and bool(args) and Ellipsis not in args


def _fixed_tuple_hook(kind: Any, converter: cattrs.Converter, names: Mapping[Any, str]
                      ) -> Callable[[Any, Any], tuple[Any, ...]]:
    item_types = get_args(kind)
    hooks = [converter.get_structure_hook(item) for item in item_types]
    shape = ", ".join(names.get(item, getattr(item, "__name__", "value")) for item in item_types)

    def structure(value: Any, _: Any) -> tuple[Any, ...]:
        if type(value) is not list or len(value) != len(item_types):
            raise _RefusedError(f"expected an array of {len(item_types)} items: [{shape}]")
        return tuple(hook(item, item_type) for hook, item, item_type in zip(hooks, value, item_types, strict=True))

    return structure


def _is_enum(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, enum.Enum) and not issubclass(kind, int)


def _enum_hook(kind: Any) -> Callable[[Any, Any], Any]:
    names = [member.value for member in kind]

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not str or value not in names:
            raise _RefusedError(f"expected one of {', '.join(map(repr, names))}")
        return kind(value)

    return structure


def _is_tuple(kind: Any) -> bool:
    return get_origin(kind) is tuple or kind is tuple


def _is_sequence(kind: Any) -> bool:
    args = get_args(kind)
    return get_origin(kind) is tuple and len(args) == 2 and args[1] is Ellipsis


def _sequence_hook(kind: Any, converter: cattrs.Converter) -> Callable[[Any, Any], tuple[Any, ...]]:
    item_type = get_args(kind)[0]
    structure_item = converter.get_structure_hook(item_type)

    def structure(value: Any, _: Any) -> tuple[Any, ...]:
        if type(value) is not list:
            raise _RefusedError(f"expected an array, found {json_type(value)}")
        if len(value) > _MAX_ITEMS:
            raise _RefusedError(f"expected at most {_MAX_ITEMS} items")
        items, errors = [], []
        for index, item in enumerate(value):
            try:
                items.append(structure_item(item, item_type))
            except Exception as exc:  # reported with its path, as cattrs does
                exc.__notes__ = [*getattr(exc, "__notes__", []), cattrs.IterableValidationNote(
                    f"item {index}", index, item_type
                )]
                errors.append(exc)
                break
        if errors:
            raise IterableValidationError("invalid items", errors, kind)
        return tuple(items)

    return structure


def _object_hook(kind: type, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    structure_fields: Callable[[Any, Any], Any] = make_dict_structure_fn(
        kind, converter, _cattrs_forbid_extra_keys=True, _cattrs_detailed_validation=True
    )

    required = [field.name for field in attrs.fields(kind) if field.init and field.default is not None]

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not dict:
            raise _RefusedError(f"expected an object, found {json_type(value)}")
        odd = next((key for key in value if type(key) is not str), None)
        if odd is not None:
            raise _RefusedError(f"an object's keys are strings, not {odd!r}")
        missing = [name for name in required if name not in value]
        if missing:
            raise _RefusedError(f"required field missing: {', '.join(missing)}")
        try:
            return structure_fields(value, kind)
        except (InvalidArgumentError, ClassValidationError) as err:
            # A validator of the class refused a field: report it at that field's path.
            errors = list(err.exceptions) if isinstance(err, ClassValidationError) else [err]
            for error in errors:
                if isinstance(error, InvalidArgumentError) and error.field and not hasattr(error, "__notes__"):
                    error.__notes__ = [
                        cattrs.AttributeValidationNote(f"Structuring {error.field}", error.field, None)
                    ]
            raise ClassValidationError(f"While structuring {kind.__name__}", errors, kind) from None

    return structure


def _is_union_of(union: Any) -> Callable[[Any], bool]:
    return lambda kind: bool(kind == union)


def _codec(game: AnyGame) -> Codec:
    """The game's `Codec`: only games that offer JSON documents are in the format registry."""
    return required(game, game.codec, "JSON documents")


def _action_hook(game: AnyGame, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    names = _codec(game).action_names

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not dict:
            raise _RefusedError(f"expected an action object, found {json_type(value)}")
        name = value.get("type")
        kind = names.get(name) if type(name) is str else None
        if kind is None:
            raise _RefusedError(f"expected an action whose type is one of {', '.join(map(repr, names))}")
        body = {key: item for key, item in value.items() if key != "type"}
        return converter.structure(body, kind)

    return structure


@attrs.frozen
class _Documents:
    """Every format of the registered games, and the converter that reads and writes them."""

    games: tuple[AnyGame, ...]
    formats: dict[str, tuple[AnyGame, str]]
    format_of: dict[type, str]
    classes: dict[AnyGame, tuple[type, type]]
    converter: cattrs.Converter


def _build(games: tuple[AnyGame, ...]) -> _Documents:
    formats: dict[str, tuple[AnyGame, str]] = {}
    format_of: dict[type, str] = {}
    for game in games:
        for kind, value_type in (*_codec(game).kinds.items(), ("record", Record)):
            name = f"{_codec(game).prefix}.{kind}/1"
            formats[name] = (game, kind)
            if kind == "action":
                format_of |= dict.fromkeys(_codec(game).action_names.values(), name)
            elif kind != "record":
                format_of[value_type] = name
    classes = {game: _document_classes(game) for game in games}
    converter = _make_converter(games)
    for document in (kind for pair in classes.values() for kind in pair):
        converter.register_structure_hook(document, _object_hook(document, converter))
    return _Documents(games, formats, format_of, classes, converter)


def _make_converter(games: tuple[AnyGame, ...]) -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    primitives: tuple[tuple[type, Callable[[Any, Any], Any]], ...] = ((int, _int), (str, _str), (bool, _bool))
    for primitive, primitive_hook in primitives:
        converter.register_structure_hook(primitive, primitive_hook)
    converter.register_structure_hook_factory(_is_enum, _enum_hook)
    kind_names = {kind: name for game in games for name, kind in _codec(game).kinds.items()} | {int: "seat"}
    converter.register_structure_hook_factory(
        _is_fixed_tuple, lambda kind: _fixed_tuple_hook(kind, converter, kind_names))
    converter.register_structure_hook_factory(_is_sequence, _sequence_hook)
    for game in games:
        codec = _codec(game)
        for kind, hook in codec.hooks(converter.structure):
            if isinstance(kind, type):
                converter.register_structure_hook(kind, hook)
            else:
                converter.register_structure_hook_func(kind, hook)
        converter.register_structure_hook_func(_is_union_of(codec.kinds["action"]), _action_hook(game, converter))
        for kind in (*codec.objects, codec.state_type, *codec.action_names.values()):
            converter.register_structure_hook(kind, _object_hook(kind, converter))
        for kind, write in codec.unstructure.items():
            converter.register_unstructure_hook(kind, write)
        write_action = _action_writer(game, converter)
        for action in codec.action_names.values():
            converter.register_unstructure_hook(action, write_action)
    converter.register_unstructure_hook_factory(
        _is_tuple, lambda _: lambda items: [converter.unstructure(item) for item in items]
    )
    return converter


_CACHE: list[_Documents] = []


def _documents() -> _Documents:
    """The formats of every game registered now (built again when a game is added or removed)."""
    games = _with_codecs()
    if not _CACHE or _CACHE[0].games != games:
        len(GAMES)  # the first time: load every installed game, which registers itself
        _CACHE[:] = [_build(_with_codecs())]
    return _CACHE[0]


def _with_codecs() -> tuple[AnyGame, ...]:
    return tuple(game for game in registered().values() if game.codec is not None)


def _action_writer(game: AnyGame, converter: cattrs.Converter) -> Callable[[Any], dict[str, Any]]:
    codec = _codec(game)
    names = {kind: name for name, kind in codec.action_names.items()}

    def unstructure(action: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"type": names[type(action)]}
        for field in attrs.fields(type(action)):
            value = getattr(action, field.name)
            if value is not None or field.name not in codec.optional:
                body[field.name] = converter.unstructure(value)
        return body

    return unstructure


class _Formats(Mapping[str, type]):
    """Every document format of every installed game, with the type its documents hold."""

    def __getitem__(self, name: str) -> type:
        game, kind = _documents().formats[name]
        found: type = Record if kind == "record" else _codec(game).kinds[kind]
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(_documents().formats)

    def __len__(self) -> int:
        return len(_documents().formats)


FORMATS: Mapping[str, type] = _Formats()
"""Every document format this version reads and writes, with the type it holds.

Examples:
    >>> from concombre import FORMATS, State
    >>> FORMATS["concombre.state/1"] is State
    True
"""


# -- documents -------------------------------------------------------------------


def to_dict(value: Any) -> dict[str, Any]:
    """The JSON document of a value, as a dict of JSON types (lists, not tuples).

    Examples:
        >>> from concombre import Play, to_dict
        >>> to_dict(Play("QH"))
        {'format': 'concombre.action/1', 'type': 'play', 'card': 'QH'}
    """
    documents = _documents()
    converter = documents.converter
    if isinstance(value, Record):
        game = value.game
        body: Any = {
            "players": list(value.players),
            "rules": converter.unstructure(value.rules),
            "seed": value.seed,
            "dealer": value.dealer,
            "actions": [converter.unstructure(action) for action in value.actions],
        }
        return {"format": f"{_codec(game).prefix}.record/1", **body}
    name = documents.format_of.get(type(value))
    if name is None:
        raise FormatError(f"{type(value).__name__} has no document format; expected one of {_kinds()}")
    game, kind = documents.formats[name]
    if kind == "card":
        body = {"card": converter.unstructure(value)}
    elif kind == "state":
        body = converter.unstructure(_codec(game).state_parts(value))
    else:
        body = converter.unstructure(value)
    return {"format": name, **body}


def to_json(value: Any, *, indent: int | None = None) -> str:
    """The JSON text of a value's document (see `to_dict`), indented by ``indent`` spaces (0 to 8) or on one line.

    Raises:
        InvalidArgumentError: ``indent`` is not None or a whole number from 0 to 8.
        FormatError: ``value`` has no document format.

    Examples:
        >>> from concombre import Card, to_json
        >>> to_json(Card.parse("10h"))
        '{"format": "concombre.card/1", "card": "TH"}'
    """
    if indent is not None and (type(indent) is not int or not 0 <= indent <= 8):
        raise InvalidArgumentError(f"indent must be None or a whole number from 0 to 8, not {indent!r}.",
                                   field="indent")
    return json.dumps(to_dict(value), indent=indent, ensure_ascii=False)


@overload
def from_dict(document: Any, expected: type[T]) -> T: ...
@overload
def from_dict(document: Any, expected: None = None) -> Any: ...


def from_dict(document: Any, expected: type[Any] | None = None) -> Any:
    """Load a document (as `json.loads` returns it), checking every field.

    Args:
        document: The document.
        expected: The type the caller expects (`State`, `Play`,
            `Record`...), or a game's action union (`concombre.Action`,
            `concombre.romme.Action`: any action of that game); a document
            of another kind is refused. None accepts any kind.

    Raises:
        FormatError: The document is malformed, of another kind or version,
            or describes a state no game could reach; ``path`` says where.
        InvalidArgumentError: ``expected`` is neither a type nor None.

    Examples:
        >>> from concombre import Rules, from_dict
        >>> from_dict({"format": "concombre.rules/1", "follow": "highest", "may_duck": False,
        ...            "first_deal": 7, "limit": 21}, Rules)
        Rules(follow='highest', may_duck=False, first_deal=7, limit=21)
    """
    if expected is not None and not isinstance(expected, type):
        actions_of = _game_of_actions(expected)
        if actions_of is None:
            raise InvalidArgumentError(f"expected must be a type such as State, a game's Action, or None, not "
                                       f"{expected!r}.", field="expected")
        return action_from_dict(document, actions_of)
    if type(document) is not dict:
        raise FormatError(f"expected a document object, found {json_type(document)}")
    name = document.get("format")
    game, kind = _kind_of(name)
    value_type = Record if kind == "record" else _codec(game).kinds[kind]
    if expected is not None and not (value_type is expected or _action_format(expected) == name):
        wanted = _documents().format_of.get(expected, getattr(expected, "__name__", str(expected)))
        raise FormatError(f"expected a {wanted} document, found {name}", "$.format")
    body = {key: value for key, value in document.items() if key != "format"}
    loaded = _load(game, kind, body)
    if expected is not None and isinstance(expected, type) and not isinstance(loaded, expected):
        raise FormatError(f"expected a {_action_name(expected)} action", "$.type")
    return loaded


def _game_of_actions(union: Any) -> AnyGame | None:
    return next((game for game in _documents().games if _codec(game).kinds["action"] == union), None)


def action_from_dict(document: Any, game: Game[Any, A, Any]) -> A:
    """Load a document of any action of ``game`` (see `from_dict`), typed as the game's action.

    Raises:
        FormatError: The document is no action of ``game``; ``path`` says where.

    Examples:
        >>> from concombre import GAME
        >>> action_from_dict({"format": "concombre.action/1", "type": "play", "card": "QH"}, GAME)
        Play(card=Card.parse('QH'))
    """
    if type(document) is not dict:
        raise FormatError(f"expected a document object, found {json_type(document)}")
    name = document.get("format")
    found, kind = _kind_of(name)
    expected = f"{_codec(game).prefix}.action/1"
    if found.name != game.name or kind != "action":
        raise FormatError(f"expected a {expected} document, found {name}", "$.format")
    loaded: A = _load(found, kind, {key: value for key, value in document.items() if key != "format"})
    return loaded


def action_from_json(text: str | bytes, game: Game[Any, A, Any], *, max_bytes: int = MAX_DOCUMENT_BYTES) -> A:
    """Load JSON text of any action of ``game`` (`action_from_dict`): ``from_json(text, concombre.Action)``,
    typed for a type checker through the game (``concombre.GAME``, ``concombre.romme.GAME``).

    Raises:
        FormatError: The text is not JSON, or no action of ``game``.

    Examples:
        >>> from concombre import GAME, Play, to_json
        >>> action_from_json(to_json(Play("QH")), GAME)
        Play(card=Card.parse('QH'))
    """
    return action_from_dict(parse_json(text, max_bytes), game)


def _action_format(kind: Any) -> str | None:
    name = _documents().format_of.get(kind) if isinstance(kind, type) else None
    return name if name is not None and name.endswith(".action/1") else None


def _action_name(kind: type) -> str:
    documents = _documents()
    game, _ = documents.formats[documents.format_of[kind]]
    return next(name for name, action in _codec(game).action_names.items() if action is kind)


@overload
def from_json(text: str | bytes, expected: type[T], *, max_bytes: int = ...) -> T: ...
@overload
def from_json(text: str | bytes, expected: None = None, *, max_bytes: int = ...) -> Any: ...


def from_json(text: str | bytes, expected: type[Any] | None = None, *, max_bytes: int = MAX_DOCUMENT_BYTES) -> Any:
    """Load a document from JSON text (see `from_dict`).

    Before it is parsed, a text longer than ``max_bytes`` (`~concombre.core.limits.MAX_DOCUMENT_BYTES`, far
    above any reachable document) is refused, and so is one packed with more arrays and objects than any
    document of the library holds (one in every 8 characters), so that reading never costs memory out of
    proportion to the text. An object that gives a key twice is refused, at that key's path: JSON readers differ
    on which of the two they keep, so the library reads neither.

    Raises:
        FormatError: The text is not JSON, or the document is refused.

    Examples:
        >>> from concombre import State, deal, from_json, new_game, to_json
        >>> state = deal(new_game(3, seed=5))
        >>> from_json(to_json(state), State) == state
        True
        >>> from concombre import FormatError
        >>> try:
        ...     from_json('{"format": "concombre.rules/1", "limit": 21, "limit": 31}')
        ... except FormatError as err:
        ...     print(err.path, "-", err.reason)
        $.limit - 'limit' is given twice
    """
    return from_dict(parse_json(text, max_bytes), expected)


def schema_names() -> tuple[str, ...]:
    """The names `json_schema` takes: ``"state"``, ``"romme.view"``... (the format name less ``concombre.`` and ``/1``).

    Examples:
        >>> schema_names()[:4]
        ('action', 'record', 'state', 'view')
    """
    return tuple(sorted(_schema_kinds(), key=lambda name: (name.count("."), name)))


def _schema_kinds() -> dict[str, tuple[AnyGame, str]]:
    return {name.removeprefix("concombre.").removesuffix("/1"): (game, kind)
            for name, (game, kind) in _documents().formats.items() if kind in ("action", "record", "state", "view")}


def json_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a document kind.

    ``kind`` is one of `schema_names`: ``"action"``, ``"record"``,
    ``"state"``, ``"view"``, and the same prefixed with the game for other
    games (``"romme.view"``; ``"concombre.view"`` is ``"view"``). Front-ends in other languages can
    validate what they receive with it. The built-in games' schemas ship in the package; another game's
    are those it ships (`~concombre.core.game.Codec.schemas`), or else derived from its document classes
    (`concombre.io.derived.derived_schema`).

    Examples:
        >>> from concombre import json_schema
        >>> json_schema("view")["properties"]["format"]
        {'const': 'concombre.view/1'}
    """
    found = _schema_kinds()
    name = kind.removeprefix("concombre.") if isinstance(kind, str) else None
    if name not in found:
        raise FormatError(f"there is no schema for {kind!r}; expected one of {', '.join(schema_names())}")
    game, document = found[name]
    shipped = resources.files("concombre.io").joinpath("schemas", f"{name}.schema.json")
    package = _codec(game).schemas
    if not shipped.is_file() and package is not None:
        shipped = resources.files(package).joinpath(f"{document}.schema.json")
        if not shipped.is_file():
            raise FormatError(f"{game.title} names {package} for its schemas, which holds no {document}.schema.json")
    if not shipped.is_file():
        return derived_schema(game, document)
    schema: dict[str, Any] = json.loads(shipped.read_text("utf-8"))
    return schema


def _kind_of(name: Any) -> tuple[AnyGame, str]:
    formats = _documents().formats
    if type(name) is not str:
        raise FormatError(f"expected a format name such as 'concombre.state/1'; expected one of {_kinds()}", "$.format")
    if name in formats:
        return formats[name]
    family, _, version = name.rpartition("/")
    if f"{family}/1" in formats and version.isdigit():
        raise FormatError(
            f"{name} is version {version} of the format; this version of concombre reads version 1",
            "$.format",
        )
    raise FormatError(f"unknown format {name[:60]!r}; expected one of {_kinds()}", "$.format")


def _load(game: AnyGame, kind: str, body: dict[str, Any]) -> Any:
    codec = _codec(game)
    converter = _documents().converter
    try:
        if kind == "card":
            return converter.structure(body, _documents().classes[game][0]).card
        if kind == "state":
            return codec.from_parts(converter.structure(body, codec.state_type))
        if kind == "record":
            return check_record(
                Record(**attrs.asdict(converter.structure(body, _documents().classes[game][1]), recurse=False))
            )
        loaded: Any = converter.structure(body, codec.kinds[kind])
    except FormatError:
        raise
    except _STRUCTURE_ERRORS as exc:
        message, _, path = transform_error(exc, "$", _describe)[0].rpartition(" @ ")
        raise FormatError(message, path, getattr(_first_cause(exc), "ruling", None)) from None
    if kind == "view":
        codec.check_view(loaded)
    return loaded


def _document_classes(game: AnyGame) -> tuple[type, type]:
    """The fields of ``game``'s card and record documents, typed with its card, rules and actions."""
    card = attrs.make_class("CardDocument", {"card": attrs.field(type=_codec(game).kinds["card"])}, frozen=True)
    union = _codec(game).kinds["action"]
    actions: Any = tuple.__class_getitem__((union, ...))
    fields = {
        "players": attrs.field(type=tuple[str, ...]),
        "rules": attrs.field(type=game.Rules),
        "seed": attrs.field(type=int),
        "dealer": attrs.field(type=int),
        "actions": attrs.field(type=actions),
    }
    return card, attrs.make_class("RecordDocument", fields, frozen=True)


def _first_cause(exc: BaseException) -> BaseException:
    while isinstance(exc, (ClassValidationError, IterableValidationError)) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


_STRUCTURE_ERRORS = (
    ClassValidationError,
    IterableValidationError,
    ForbiddenExtraKeysError,
    _RefusedError,
    ConcombreError,
)


def _describe(exc: BaseException, kind: Any) -> str:
    if isinstance(exc, (_RefusedError, ConcombreError)):
        return exc.reason if isinstance(exc, ConcombreError) else str(exc)
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unexpected field(s): {', '.join(sorted(map(str, exc.extra_fields)))}"
    if get_origin(kind) is Literal:
        return f"expected one of {', '.join(map(repr, get_args(kind)))}"
    if get_origin(kind) is Union:
        return "expected null or a value of the documented type"
    return f"invalid value ({type(exc).__name__})"


def _kinds() -> str:
    return ", ".join(_documents().formats)
