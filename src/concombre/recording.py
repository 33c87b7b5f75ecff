"""What the records of both games share: the text form, saving, and replaying action by action.

A text record is a header line, ``key: value`` lines, then one action a line.
Each game's record module supplies its header line, its rules class, how to
read and write an action line and how to apply an action; this module does
the rest, so both games' records read, refuse and replay alike.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs

from concombre.errors import FormatError, IllegalActionError, InvalidArgumentError

__all__ = ["read_text_record", "replay_each", "rules_text", "save_record", "text_header"]

A = TypeVar("A")
R = TypeVar("R")


def rules_text(rules: Any) -> str:
    """A rules object as ``key=value`` words, booleans written true or false.

    Examples:
        >>> from concombre import Rules
        >>> rules_text(Rules())
        'follow=lead may_duck=false first_deal=7 limit=21'
    """
    def text(value: Any) -> str:
        return str(value).lower() if isinstance(value, bool) else str(value)

    return " ".join(f"{field.name}={text(getattr(rules, field.name))}" for field in attrs.fields(type(rules)))


def text_header(first: str, players: tuple[str, ...], rules: Any, seed: int, dealer: int) -> list[str]:
    """The header lines of a text record, then a blank line.

    Examples:
        >>> from concombre import Rules
        >>> text_header("concombre record 1", ("Ann", "Bob"), Rules(), 5, 0)[1]
        'players: ["Ann", "Bob"]'
    """
    return [
        first,
        f"players: {json.dumps(list(players), ensure_ascii=False)}",
        f"rules: {rules_text(rules)}",
        f"seed: {seed}",
        f"dealer: {dealer}",
        "",
    ]


def read_text_record(
    text: str, first: str, rules_class: type[R], read_action: Callable[[str], A]
) -> tuple[tuple[str, ...], R, int, int, tuple[A, ...]]:
    """Read a text record: its players, rules, seed, dealer and actions.

    Blank lines, ``#`` comment lines and ``#`` comments after an action are
    skipped.

    Raises:
        FormatError: The text is not such a record; the path names the line.

    Examples:
        >>> from concombre import Rules
        >>> from concombre.records import parse_action
        >>> text = 'concombre record 1\\nplayers: ["A", "B"]\\nseed: 3\\ndealer: 1\\ndeal  # from the seed\\n'
        >>> read_text_record(text, "concombre record 1", Rules, parse_action)[3:]
        (1, (Deal(deck=None),))
    """
    if not isinstance(text, str):
        raise FormatError(f"a record is text, not {type(text).__name__}")
    header: dict[str, str] = {}
    actions: list[A] = []
    started = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = f"line {number}"
        if not started:
            if line != first:
                raise FormatError(f"a text record starts with {first!r}, not {line[:40]!r}", where)
            started = True
            continue
        key, colon, value = line.partition(":")
        if colon and not actions and key.strip() in ("players", "rules", "seed", "dealer"):
            if key.strip() in header:
                raise FormatError(f"{key.strip()!r} is given twice", where)
            header[key.strip()] = value.strip()
            continue
        try:
            actions.append(read_action(line.partition("#")[0]))
        except FormatError as err:
            raise FormatError(err.reason, where) from None
    if not started:
        raise FormatError(f"a text record starts with {first!r}; this text is empty")
    for key in ("players", "seed", "dealer"):
        if key not in header:
            raise FormatError(f"the header has no {key!r} line")
    return (
        _players(header["players"]),
        _rules(header.get("rules", ""), rules_class),
        _number(header["seed"], "seed"),
        _number(header["dealer"], "dealer"),
        tuple(actions),
    )


def _players(value: str) -> tuple[str, ...]:
    try:
        names = json.loads(value)
    except (ValueError, RecursionError):
        names = None
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise FormatError(f'players must be a JSON list of names such as ["Ann", "Bob"], not {value[:60]!r}')
    return tuple(names)


def _rules(value: str, rules_class: type[R]) -> R:
    defaults = rules_class()
    fields = {field.name: getattr(defaults, field.name) for field in attrs.fields(type(defaults))}  # type: ignore[arg-type]
    options: dict[str, object] = {}
    for word in value.split():
        key, equals, text = word.partition("=")
        if not equals or key not in fields or key in options:
            raise FormatError(f"rules are written as {rules_text(defaults)}, not {word!r}")
        if isinstance(fields[key], bool):
            if text not in ("true", "false"):
                raise FormatError(f"{key} must be true or false, not {text!r}")
            options[key] = text == "true"
        elif isinstance(fields[key], int):
            options[key] = _number(text, key)
        else:
            options[key] = text
    try:
        return rules_class(**options)
    except InvalidArgumentError as err:
        raise FormatError(err.reason, "rules", err.ruling) from None


def _number(value: str, name: str) -> int:
    if not value.isdigit() or len(value) > 20:
        raise FormatError(f"{name} must be a whole number, not {value[:30]!r}")
    return int(value)


def save_record(record: Any, path: Path) -> None:
    """Write a game record (of either game) to ``path``: JSON if it ends in .json, else its text form.

    Examples:
        >>> import tempfile
        >>> from pathlib import Path
        >>> from concombre import GameRecord, new_game
        >>> path = Path(tempfile.mkdtemp()) / "game.txt"
        >>> save_record(GameRecord.of(new_game(2, seed=1)), path)
        >>> path.read_text().splitlines()[0]
        'concombre record 1'
    """
    if path.suffix == ".json":
        from concombre.serialize import to_json

        path.write_text(to_json(record, indent=2) + "\n", encoding="utf-8")
    else:
        path.write_text(record.to_text(), encoding="utf-8")


S = TypeVar("S")


def replay_each(
    start: S, actions: Sequence[A], apply: Callable[[S, A], S], action_text: Callable[[A], str]
) -> Iterator[S]:
    """``start``, then the state after each action, each applied by the engine.

    Raises:
        FormatError: Action N is illegal: the path is ``$.actions[N]``, the
            reason says which action and why, and the ruling is named.

    Examples:
        >>> from concombre import Deal, ScoreRound, apply, new_game
        >>> from concombre.records import action_text
        >>> states = replay_each(new_game(2, seed=1), [Deal(), ScoreRound()], apply, action_text)
        >>> next(states).phase.value, next(states).phase.value
        ('deal', 'play')
        >>> try:
        ...     next(states)
        ... except FormatError as err:
        ...     print(err.path, err.ruling)
        $.actions[1] C14
    """
    state = start
    yield state
    for number, action in enumerate(actions):
        try:
            state = apply(state, action)
        except IllegalActionError as err:
            raise FormatError(
                f"action {number} ({action_text(action)}) is illegal: {err.reason}", f"$.actions[{number}]", err.ruling
            ) from None
        except InvalidArgumentError as err:
            raise FormatError(err.reason, f"$.actions[{number}]") from None
        yield state
