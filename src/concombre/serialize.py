"""JSON documents for every value of the library, and loading them safely.

Every document is a JSON object whose ``"format"`` names its kind and
version, such as ``"concombre.state/1"``, so that a reader can refuse a
document it does not know rather than misread it. The kinds are ``card``,
``rules``, ``action``, ``state``, ``view`` and ``record``.

Loading never trusts its input: a malformed document raises `FormatError`
with the path of the offending field and what was expected there, and a state
loads only if a game could have reached it (see `concombre.rebuild`).
Structuring is done by cattrs, with strict hooks: no number is read from a
string or a boolean, no list from a string, and no field is left unchecked.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, Literal, TypeVar, Union, get_args, get_origin, overload

import attrs
import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_structure_fn
from cattrs.v import transform_error

from concombre import romme
from concombre.actions import Action, Deal, Play, ResolveTrick, ScoreRound
from concombre.cards import Card
from concombre.errors import ConcombreError, FormatError, IllegalActionError, InvalidArgumentError
from concombre.rebuild import StateParts, rebuild_state, state_parts
from concombre.records import GameRecord
from concombre.romme import melds as romme_melds
from concombre.romme.checks import (
    RommeStateParts,
    check_romme_view,
    romme_state_from_parts,
    romme_state_parts,
)
from concombre.rules import Rules
from concombre.state import GameState, Phase, RoundResult
from concombre.views import PlayerView

__all__ = ["FORMATS", "from_dict", "from_json", "json_schema", "to_dict", "to_json"]

T = TypeVar("T")

FORMATS: Mapping[str, type] = {
    "concombre.card/1": Card,
    "concombre.rules/1": Rules,
    "concombre.action/1": Action,  # type: ignore[dict-item]  # a union of the four action classes
    "concombre.state/1": GameState,
    "concombre.view/1": PlayerView,
    "concombre.record/1": GameRecord,
    "concombre.romme.action/1": romme.RommeAction,  # type: ignore[dict-item]  # a union of action classes
    "concombre.romme.state/1": romme.RommeState,
    "concombre.romme.view/1": romme.RommeView,
    "concombre.romme.record/1": romme.RommeRecord,
}
"""Every document format this version reads and writes, with the type it holds.

Examples:
    >>> from concombre import FORMATS, GameState
    >>> FORMATS["concombre.state/1"] is GameState
    True
"""

_ACTION_TYPES: dict[str, dict[str, type]] = {
    "concombre.action/1": {"deal": Deal, "play": Play, "resolve_trick": ResolveTrick, "score_round": ScoreRound},
    "concombre.romme.action/1": {
        "deal": romme.Deal,
        "draw_stock": romme.DrawStock,
        "draw_discard": romme.DrawDiscard,
        "meld": romme.MeldCards,
        "lay_off": romme.LayOff,
        "exchange_joker": romme.ExchangeJoker,
        "discard": romme.Discard,
        "score_round": romme.ScoreRound,
    },
}
_ACTION_NAMES = {kind: name for types in _ACTION_TYPES.values() for name, kind in types.items()}
_ACTION_FORMAT = {kind: form for form, types in _ACTION_TYPES.items() for kind in types.values()}
_ACTION_CLASSES = tuple(_ACTION_NAMES)
_FORMAT_OF: dict[type, str] = {kind: name for name, kind in FORMATS.items() if not name.endswith("action/1")}
_FORMAT_OF |= _ACTION_FORMAT
_LIMIT = 2**64
_MAX_ITEMS = 10_000
_MAX_TEXT = 200


class _RefusedError(ValueError):
    """A value that is not what the document format expects there."""


# -- strict hooks for cattrs ----------------------------------------------------


def _int(value: Any, _: Any) -> int:
    if type(value) is not int:
        raise _RefusedError(f"expected a whole number, found {_json_type(value)}")
    if not -_LIMIT < value < _LIMIT:
        raise _RefusedError("expected a whole number of at most 20 digits")
    return value


def _str(value: Any, _: Any) -> str:
    if type(value) is not str:
        raise _RefusedError(f"expected a string, found {_json_type(value)}")
    if len(value) > _MAX_TEXT:
        raise _RefusedError(f"expected a string of at most {_MAX_TEXT} characters")
    return value


def _bool(value: Any, _: Any) -> bool:
    if type(value) is not bool:
        raise _RefusedError(f"expected true or false, found {_json_type(value)}")
    return value


def _card(value: Any, _: Any) -> Card:
    if type(value) is not str:
        raise _RefusedError(f'expected a card such as "QH", found {_json_type(value)}')
    if len(value) > 3 or value != value.strip():
        raise _RefusedError(f'expected a card such as "QH", not {value[:10]!r}')
    return Card.parse(value)


def _phase(value: Any, _: Any) -> Phase:
    names = [phase.value for phase in Phase]
    if type(value) is not str or value not in names:
        raise _RefusedError(f"expected one of {', '.join(map(repr, names))}")
    return Phase(value)


def _seat_card(value: Any, _: Any) -> tuple[int, Card]:
    if type(value) is not list or len(value) != 2:
        raise _RefusedError('expected a play as [seat, card], such as [2, "QH"]')
    return _int(value[0], int), _card(value[1], Card)


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
            raise _RefusedError(f"expected an array, found {_json_type(value)}")
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
            raise _RefusedError(f"expected an object, found {_json_type(value)}")
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


def _action_hook(form: str) -> Callable[[Any, Any], Any]:
    types = _ACTION_TYPES[form]

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not dict:
            raise _RefusedError(f"expected an action object, found {_json_type(value)}")
        name = value.get("type")
        kind = types.get(name) if type(name) is str else None
        if kind is None:
            raise _RefusedError(f"expected an action whose type is one of {', '.join(map(repr, types))}")
        body = {key: item for key, item in value.items() if key != "type"}
        return _CONVERTER.structure(body, kind)

    return structure


def _unstructure_action(action: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"type": _ACTION_NAMES[type(action)]}
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        if value is not None or field.name not in ("deck", "end"):
            body[field.name] = _CONVERTER.unstructure(value)
    return body


def _romme_card(value: Any, _: Any) -> romme.RommeCard:
    if type(value) is not str:
        raise _RefusedError(f'expected a card such as "QH1", found {_json_type(value)}')
    if len(value) > 4 or value != value.strip():
        raise _RefusedError(f'expected a card such as "QH1", not {value[:10]!r}')
    return romme.RommeCard.parse(value)


def _romme_phase(value: Any, _: Any) -> romme.RommePhase:
    names = [phase.value for phase in romme.RommePhase]
    if type(value) is not str or value not in names:
        raise _RefusedError(f"expected one of {', '.join(map(repr, names))}")
    return romme.RommePhase(value)


def _meld(value: Any, _: Any) -> romme.Meld:
    if type(value) is not dict or set(value) != {"kind", "cards", "owners"}:
        raise _RefusedError('expected a meld as {"kind": ..., "cards": [...], "owners": [...]}')
    cards = _CONVERTER.structure(value["cards"], tuple[romme.RommeCard, ...])
    owners = _CONVERTER.structure(value["owners"], tuple[int, ...])
    if value["kind"] not in ("set", "run") or len(owners) != len(cards) or not all(0 <= o < 6 for o in owners):
        raise _RefusedError("expected a set or a run, with one owner seat per card")
    try:
        meld = romme_melds._build(cards, owners)
    except IllegalActionError as err:
        raise _RefusedError(f"{err.reason} [{err.ruling}]") from None
    if meld.kind != value["kind"]:
        raise _RefusedError(f"these cards make a {meld.kind}, not a {value['kind']}")
    return meld


def _unstructure_meld(meld: romme.Meld) -> dict[str, Any]:
    return {"kind": meld.kind, "cards": [str(card) for card in meld.cards],
            "owners": [place.owner for place in meld.places]}


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    hooks: list[tuple[type, Callable[[Any, Any], Any]]] = [
        (int, _int), (str, _str), (bool, _bool), (Card, _card), (Phase, _phase)
    ]
    for primitive, hook in hooks:
        converter.register_structure_hook(primitive, hook)
    converter.register_structure_hook_func(lambda kind: kind == tuple[int, Card], _seat_card)
    converter.register_structure_hook_func(lambda kind: kind == Action, _action_hook("concombre.action/1"))
    converter.register_structure_hook_func(
        lambda kind: kind == romme.RommeAction, _action_hook("concombre.romme.action/1")
    )
    converter.register_structure_hook(romme.RommeCard, _romme_card)
    converter.register_structure_hook(romme.RommePhase, _romme_phase)
    converter.register_structure_hook(romme.Meld, _meld)
    converter.register_unstructure_hook(romme.RommeCard, str)
    converter.register_unstructure_hook(romme.Meld, _unstructure_meld)
    converter.register_structure_hook_factory(_is_sequence, _sequence_hook)
    romme_kinds = (romme.RommeRules, romme.RommeRoundResult, romme.RommeView, RommeStateParts, romme.RommeRecord)
    for kind in (Rules, RoundResult, PlayerView, StateParts, GameRecord, *romme_kinds, *_ACTION_CLASSES):
        converter.register_structure_hook(kind, _object_hook(kind, converter))
    converter.register_unstructure_hook(Card, str)
    for action in _ACTION_CLASSES:
        converter.register_unstructure_hook(action, _unstructure_action)
    converter.register_unstructure_hook_factory(
        _is_tuple, lambda _: lambda items: [converter.unstructure(item) for item in items]
    )
    return converter


_CONVERTER = _make_converter()


# -- documents -------------------------------------------------------------------


def to_dict(value: Any) -> dict[str, Any]:
    """The JSON document of a value, as a dict of JSON types (lists, not tuples).

    Examples:
        >>> from concombre import Play, to_dict
        >>> to_dict(Play("QH"))
        {'format': 'concombre.action/1', 'type': 'play', 'card': 'QH'}
    """
    name = _FORMAT_OF.get(type(value))
    if name is None:
        raise FormatError(f"{type(value).__name__} has no document format; expected one of {_kinds()}")
    if isinstance(value, Card):
        body: Any = {"card": str(value)}
    elif isinstance(value, GameState):
        body = _CONVERTER.unstructure(state_parts(value))
    elif isinstance(value, romme.RommeState):
        body = _CONVERTER.unstructure(romme_state_parts(value))
    else:
        body = _CONVERTER.unstructure(value)
    return {"format": name, **body}


def to_json(value: Any, *, indent: int | None = None) -> str:
    """The JSON text of a value's document (see `to_dict`).

    Examples:
        >>> from concombre import Card, to_json
        >>> to_json(Card.parse("10h"))
        '{"format": "concombre.card/1", "card": "TH"}'
    """
    return json.dumps(to_dict(value), indent=indent, ensure_ascii=False)


@overload
def from_dict(document: Any, expected: type[T]) -> T: ...
@overload
def from_dict(document: Any, expected: None = None) -> Any: ...


def from_dict(document: Any, expected: type[Any] | None = None) -> Any:
    """Load a document (as `json.loads` returns it), checking every field.

    Args:
        document: The document.
        expected: The type the caller expects (`GameState`, `Play`...); a
            document of another kind is refused. None accepts any kind.

    Raises:
        FormatError: The document is malformed, of another kind or version,
            or describes a state no game could reach; ``path`` says where.

    Examples:
        >>> from concombre import Rules, from_dict
        >>> from_dict({"format": "concombre.rules/1", "follow": "highest", "may_duck": False,
        ...            "first_deal": 7, "limit": 21}, Rules)
        Rules(follow='highest', may_duck=False, first_deal=7, limit=21)
    """
    if type(document) is not dict:
        raise FormatError(f"expected a document object, found {_json_type(document)}")
    name = document.get("format")
    kind = _kind_of(name)
    if expected is not None and not (kind is expected or _ACTION_FORMAT.get(expected) == name):
        wanted = _FORMAT_OF.get(expected, getattr(expected, "__name__", str(expected)))
        raise FormatError(f"expected a {wanted} document, found {name}", "$.format")
    body = {key: value for key, value in document.items() if key != "format"}
    loaded = _load(kind, body)
    if expected is not None and not isinstance(loaded, expected):
        raise FormatError(f"expected a {_ACTION_NAMES[expected]} action", "$.type")
    return loaded


@overload
def from_json(text: str | bytes, expected: type[T]) -> T: ...
@overload
def from_json(text: str | bytes, expected: None = None) -> Any: ...


def from_json(text: str | bytes, expected: type[Any] | None = None) -> Any:
    """Load a document from JSON text (see `from_dict`).

    Raises:
        FormatError: The text is not JSON, or the document is refused.

    Examples:
        >>> from concombre import GameState, deal, from_json, new_game, to_json
        >>> state = deal(new_game(3, seed=5))
        >>> from_json(to_json(state), GameState) == state
        True
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise FormatError(f"expected JSON text, found {type(text).__name__}")
    try:
        document = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise FormatError("the JSON is nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as err:
        raise FormatError(f"not valid JSON: {err}") from None
    return from_dict(document, expected)


SchemaKind = Literal[
    "action", "record", "state", "view", "romme.action", "romme.record", "romme.state", "romme.view"
]


def json_schema(kind: SchemaKind) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a document kind, as shipped in the package.

    Front-ends in other languages can validate what they receive with it.

    Examples:
        >>> from concombre import json_schema
        >>> json_schema("view")["properties"]["format"]
        {'const': 'concombre.view/1'}
    """
    kinds = ("action", "record", "state", "view")
    if kind not in (*kinds, *(f"romme.{name}" for name in kinds)):
        raise FormatError(f"there is no schema for {kind!r}; expected action, record, state or view, "
                          "or romme.action, romme.record, romme.state or romme.view")
    text = resources.files("concombre").joinpath("schemas", f"{kind}.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _kind_of(name: Any) -> type:
    if type(name) is not str:
        raise FormatError(f"expected a format name such as 'concombre.state/1'; expected one of {_kinds()}", "$.format")
    if name in FORMATS:
        return FORMATS[name]
    family, _, version = name.rpartition("/")
    if f"{family}/1" in FORMATS and version.isdigit():
        raise FormatError(
            f"{name} is version {version} of the format; this version of concombre reads version 1",
            "$.format",
        )
    raise FormatError(f"unknown format {name[:60]!r}; expected one of {_kinds()}", "$.format")


def _load(kind: type, body: dict[str, Any]) -> Any:
    try:
        if kind is Card:
            return _CONVERTER.structure(body, _CardDocument).card
        if kind is GameState:
            return rebuild_state(_CONVERTER.structure(body, StateParts))
        if kind is romme.RommeState:
            return romme_state_from_parts(_CONVERTER.structure(body, RommeStateParts))
        loaded: Any = _CONVERTER.structure(body, kind)
    except FormatError:
        raise
    except _STRUCTURE_ERRORS as exc:
        message, _, path = transform_error(exc, "$", _describe)[0].rpartition(" @ ")
        raise FormatError(message, path, getattr(_first_cause(exc), "ruling", None)) from None
    if isinstance(loaded, PlayerView):
        _check_view(loaded)
    elif isinstance(loaded, romme.RommeView):
        check_romme_view(loaded)
    return loaded


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


@attrs.frozen
class _CardDocument:
    card: Card


def _describe(exc: BaseException, kind: Any) -> str:
    if isinstance(exc, (_RefusedError, ConcombreError)):
        return exc.reason if isinstance(exc, ConcombreError) else str(exc)
    if isinstance(exc, KeyError):
        return "required field missing"
    if isinstance(exc, ForbiddenExtraKeysError):
        return f"unexpected field(s): {', '.join(sorted(exc.extra_fields))}"
    if get_origin(kind) is Literal:
        return f"expected one of {', '.join(map(repr, get_args(kind)))}"
    if get_origin(kind) is Union:
        return "expected null or a value of the documented type"
    return f"invalid value ({type(exc).__name__})"


def _check_view(seen: PlayerView) -> None:
    """A view's parts agree with each other: seats, sizes and cards in one place each."""
    count = len(seen.players)
    if not 2 <= count <= 7:
        raise FormatError(f"a game has 2 to 7 players, not {count}", "$.players", "C1")
    for field in ("hand_sizes", "scores", "penalty_cards", "half_cucumber", "eliminated"):
        if len(getattr(seen, field)) != count:
            raise FormatError(f"expected one entry per player ({count})", f"$.{field}")
    seats = (("seat", seen.seat), ("dealer", seen.dealer), ("to_play", seen.to_play), ("winner", seen.winner))
    for field, seat in seats:
        if seat is not None and not 0 <= seat < count:
            raise FormatError(f"expected a seat from 0 to {count - 1}", f"$.{field}")
    if seen.hand_sizes[seen.seat] != len(seen.hand):
        raise FormatError("the seat's hand size is the size of its hand", f"$.hand_sizes[{seen.seat}]")
    placed = [*seen.hand, *(card for cards in seen.penalty_cards for card in cards)]
    placed += [card for trick in (*seen.tricks, seen.trick) for _, card in trick]
    if len(set(placed)) != len(placed):
        raise FormatError("a card is in two places at once", "$.hand", "C4")
    if not set(seen.legal_plays) <= set(seen.hand):
        raise FormatError("legal plays come from the hand", "$.legal_plays", "C7")


def _json_type(value: Any) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", type(None): "null"}
    if type(value) in names:
        return names[type(value)]
    return "a number" if isinstance(value, (int, float)) else type(value).__name__


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _kinds() -> str:
    return ", ".join(FORMATS)
