"""The registry of games: each game checked as it registers, a faulty one refused and kept apart, and one way in.

Every reader of the registry (`registered`, `game_of`, `concombre.games.GAMES` and `find_game`) first lets
the installed games register themselves (through `on_first_read`, which `concombre.games` sets), so that no
reader sees fewer games than another. A game that fails its checks is refused with an error naming the game
and what is wrong (`refused` keeps it); every other game keeps working.

Examples:
    >>> from concombre.games import find_game
    >>> game_of(find_game("romme").Rules()).name
    'romme'
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TypeVar

from concombre.core.errors import InvalidArgumentError
from concombre.core.game.protocol import AnyGame, Game
from concombre.core.game.types import Seat, Table

__all__ = ["DOCUMENT_KINDS", "game_of", "on_first_read", "refuse", "refused", "register", "registered",
           "registration_problems", "unregister"]

S = TypeVar("S", bound=Table)
A = TypeVar("A")
V = TypeVar("V", bound=Seat)

DOCUMENT_KINDS = ("card", "rules", "action", "state", "view")
"""The document kinds every `~concombre.core.game.Codec` must give a type for (it may add more).

Examples:
    >>> DOCUMENT_KINDS
    ('card', 'rules', 'action', 'state', 'view')
"""

_LOG = logging.getLogger("concombre.games")
_REQUIRED_CALLS = ("new_game", "legal_actions", "_apply", "_refusal", "view", "to_play", "is_over", "winner")
_GAMES: dict[str, AnyGame] = {}
_BY_TYPE: dict[type, AnyGame] = {}
_REFUSED: dict[str, InvalidArgumentError] = {}
_first_read: list[Callable[[], None]] = []


def on_first_read(load: Callable[[], None]) -> None:
    """Have ``load`` run before the registry is first read: `concombre.games` loads the installed games with it.

    ``load`` runs once (it may read the registry itself: by then it is no longer waiting).

    Examples:
        >>> on_first_read(lambda: None)
    """
    _first_read.append(load)


def _installed() -> None:
    while _first_read:
        _first_read.pop(0)()


def registration_problems(game: object) -> list[str]:
    """What keeps ``game`` from being registered, in words (empty: nothing).

    A game's required members are present and callable, its types are classes, its codec gives every
    kind of `DOCUMENT_KINDS` and names each of its action types, its bots name their makers, and its name,
    codec prefix, record header and types are no other registered game's.

    Examples:
        >>> import attrs
        >>> from concombre.games import find_game
        >>> game = find_game("concombre")
        >>> registration_problems(game)
        []
        >>> codec = attrs.evolve(game.codec, kinds={"action": object})
        >>> registration_problems(attrs.evolve(game, info=attrs.evolve(game.info, name="broken"), codec=codec))[:2]
        ["its codec's kinds lack 'card', 'rules', 'state', 'view'", "its codec's prefix 'concombre' is Concombre's"]
    """
    if not isinstance(game, Game):
        return [f"it is a {type(game).__name__}, not a concombre Game"]
    problems = [f"{name.lstrip('_')} is not callable" for name in _REQUIRED_CALLS if not callable(getattr(game, name))]
    problems += [f"{name} is not a class" for name in ("Rules", "State", "View")
                 if not isinstance(getattr(game, name), type)]
    if not game.action_types or not all(isinstance(kind, type) for kind in game.action_types):
        problems.append("action_types is not a non-empty tuple of classes")
    if not isinstance(game.name, str) or not game.name.isidentifier() or not game.name.islower():
        problems.append(f"its name {game.name!r} is not a lower-case identifier")
    problems += _codec_problems(game)
    problems += _clashes(game)
    return problems


def _codec_problems(game: AnyGame) -> list[str]:
    codec = game.codec
    if codec is None:
        return []
    problems = []
    missing = [kind for kind in DOCUMENT_KINDS if kind not in codec.kinds]
    if missing:
        problems.append(f"its codec's kinds lack {', '.join(map(repr, missing))}")
    unnamed = [kind.__name__ for kind in game.action_types if kind not in codec.action_names.values()]
    if unnamed:
        problems.append(f"its codec's action_names lack {', '.join(unnamed)}")
    return problems


def _clashes(game: AnyGame) -> list[str]:
    problems = []
    for other in _GAMES.values():
        if other.name == game.name or other is game:
            continue
        if game.codec is not None and other.codec is not None and game.codec.prefix == other.codec.prefix:
            problems.append(f"its codec's prefix {game.codec.prefix!r} is {other.title}'s")
        if game.records is not None and other.records is not None and game.records.header == other.records.header:
            problems.append(f"its record header {game.records.header!r} is {other.title}'s")
    taken = _GAMES.get(game.name)
    if taken is not None and taken is not game:
        problems.append(f"the name {game.name!r} is {taken.title}'s (unregister it first)")
    claimed = sorted({kind.__name__ for kind in _types(game) if _BY_TYPE.get(kind, game).name != game.name})
    if claimed:
        problems.append(f"its types {', '.join(claimed)} are another game's")
    return problems


def _types(game: AnyGame) -> list[type]:
    bot_classes = [maker for maker in game.bots.makers.values() if isinstance(maker, type)] if game.bots else []
    return [game.Rules, game.State, game.View, *game.action_types, *bot_classes]


def register(game: Game[S, A, V]) -> Game[S, A, V]:
    """Make ``game`` known to the library's edges, once it passes `registration_problems`.

    A game's own package calls this when imported, or names its game in the entry-point group
    ``concombre.games``. Registering the same game again does nothing.

    Raises:
        InvalidArgumentError: The game fails its checks; the message names the game and every problem
            (``field`` ``game``). Nothing is registered.

    Examples:
        >>> from concombre.games import find_game
        >>> register(find_game("concombre")) is find_game("concombre")
        True
        >>> register("romme")
        Traceback (most recent call last):
        ...
        concombre.core.errors.InvalidArgumentError: The game 'romme' cannot be registered: it is a str, not a
        concombre Game.
    """
    problems = registration_problems(game)
    if problems:
        name = game.name if isinstance(game, Game) else str(game)
        raise InvalidArgumentError(f"The game {name!r} cannot be registered: {'; '.join(problems)}.", field="game")
    _GAMES[game.name] = game
    _REFUSED.pop(game.name, None)
    for kind in _types(game):
        _BY_TYPE[kind] = game
    return game


def refuse(name: str, error: InvalidArgumentError) -> None:
    """Keep ``error`` as why the installed game ``name`` is left out, and log it once (logger
    ``concombre.games``); `concombre.games.find_game` names it to whoever asks for that game.

    Examples:
        >>> refuse("nogame", InvalidArgumentError("The game 'nogame' cannot be registered: a test."))
        >>> refused()["nogame"].reason
        "The game 'nogame' cannot be registered: a test."
        >>> _ = _REFUSED.pop("nogame")
    """
    if name not in _REFUSED:
        _LOG.warning("concombre: %s Every other game works.", error.reason)
    _REFUSED[name] = error


def refused() -> Mapping[str, InvalidArgumentError]:
    """The installed games left out, by name, with why (see `refuse`).

    Examples:
        >>> "concombre" in refused()
        False
    """
    _installed()
    return dict(_REFUSED)


def unregister(game: AnyGame) -> None:
    """Forget a registered game (a plug-in being unloaded, or a test's game); unknown games are ignored.

    Examples:
        >>> from concombre.games import find_game
        >>> game = find_game("romme")
        >>> unregister(game); "romme" in registered()
        False
        >>> register(game) is game and "romme" in registered()
        True
    """
    if _GAMES.get(game.name) is game:
        del _GAMES[game.name]
    for kind in [kind for kind, owner in _BY_TYPE.items() if owner is game]:
        del _BY_TYPE[kind]


def registered() -> Mapping[str, AnyGame]:
    """Every game registered, by name: the built-in and installed ones, loaded on first read, and those
    registered since.

    Examples:
        >>> sorted(registered())[:2]
        ['concombre', 'romme']
    """
    _installed()
    return dict(_GAMES)


def game_of(value: object, field: str | None = None) -> AnyGame:
    """The game a state, view, rules object, action or bot belongs to (typed loosely: use a game's `GAME` for types).

    A bot is known by its class, when the game's `Bots.makers` names the class itself. A value of an
    installed game is known even before anything read the registry.

    Raises:
        InvalidArgumentError: ``value`` is of no registered game; ``field`` names the argument it was.

    Examples:
        >>> from concombre import Rules
        >>> game_of(Rules()).name
        'concombre'
    """
    game = _BY_TYPE.get(type(value))
    if game is None:
        _installed()
        game = _BY_TYPE.get(type(value))
    if game is None:
        raise InvalidArgumentError(f"{value!r} belongs to no game the library knows.", field=field)
    return game
