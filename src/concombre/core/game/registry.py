"""The registry of games: each game checked as it registers, a faulty one refused and kept apart, and one way in.

Every reader of the registry (`registered`, `refused`, `game_of`, `registration_problems`,
`concombre.games.GAMES` and `find_game`) first lets the installed games register themselves (through
`on_first_read`, which `concombre.games` sets), so that no reader sees fewer games than another. A game that
fails its checks is refused with an error naming the game and what is wrong (`refused` keeps it); every other
game keeps working.

**Owners.** Two games never share a class, a codec prefix or a record header; when two claim one, its owner
keeps it, whatever the order they register in:

- a class (a game's ``Rules``, ``State``, ``View``, action types and bot classes) is the game's that comes from
  the package defining it (the top-level package of the class's module). An installed game comes from its
  entry point's package and its distribution's packages, a built-in game from ``concombre``; a game registered
  in a program (`register` without ``packages``) is taken to come from its classes' package, but ranks below
  a game shown to come from it and above one shown to come from elsewhere. Among equals, the game whose name
  is part of the class's module (``concombre.examples.highcard`` is ``highcard``'s);
- a codec prefix or record header (`~concombre.core.game.Records` ``header`` and ``older``) is the game's
  whose name it is (the prefix, or a word of the header); among equals, the game that comes from its own
  ``Rules``' package;
- still equal: the game registered first (the installed games register in the order of their names).

A plug-in that registers its game when imported (`register` without ``packages``) is judged like one named by
its entry point alone: while an entry point loads, such a `register` only holds the game (`holding`), and it is
judged once every installed game is loaded, with its entry point's packages, so that the order the plug-ins
load in does not decide who keeps what.

A game that loses a claim is refused naming the owner. An owner that registers after its claimant takes its
place: the claimant is unregistered and refused (`refused` says why).

Examples:
    >>> from concombre.games import find_game
    >>> game_of(find_game("romme").Rules()).name
    'romme'
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import TypeVar

from concombre.core.errors import InvalidArgumentError
from concombre.core.game.protocol import AnyGame, Game
from concombre.core.game.types import Seat, Table
from concombre.core.i18n import _

__all__ = ["DOCUMENT_KINDS", "game_of", "holding", "on_first_read", "refuse", "refused", "register", "registered",
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
_HOMES: dict[int, tuple[AnyGame, frozenset[str]]] = {}  # by id(game): the game (kept alive) and its packages
_REFUSED: dict[str, InvalidArgumentError] = {}
_SAID: set[str] = set()  # the refused games already logged
_first_read: list[Callable[[], None]] = []
_loading: list[bool] = []  # not empty while the installed games load
_held: list[list[AnyGame]] = []  # while an entry point loads (`holding`): the games `register` holds, innermost last


def on_first_read(load: Callable[[], None]) -> None:
    """Have ``load`` run before the registry is first read: `concombre.games` loads the installed games with it.

    ``load`` runs once (it may read the registry itself: by then it is no longer waiting, and readers see the
    games registered so far). The games it refuses are logged once it is done.

    Examples:
        >>> on_first_read(lambda: None)
    """
    _first_read.append(load)


def _installed() -> None:
    if _loading or not _first_read:
        return
    _loading.append(True)
    try:
        while _first_read:
            _first_read.pop(0)()
    finally:
        _loading.clear()
        _say_refused()


def _say_refused() -> None:
    """Log each refused game not yet logged, once, and whether every other game works."""
    for name in sorted(set(_REFUSED) - _SAID):
        _SAID.add(name)
        others = sorted(set(_REFUSED) - {name})
        tail = _("Every other game works.") if not others else _(
            "Also left out: {games}; the other games work.", games=", ".join(map(repr, others)))
        _LOG.warning("concombre: %s %s", _REFUSED[name].reason, tail)


@contextlib.contextmanager
def holding() -> Iterator[list[AnyGame]]:
    """While the block runs, `register` without ``packages`` holds a game instead of judging it: the list it yields
    gathers each such game once, for whoever loads it to register it with the packages it comes from.

    `concombre.games` loads each installed game's entry point so: a plug-in that registers its game when
    imported is then judged with its entry point's packages, after every installed game is loaded, whatever
    the order they load in (the module's "Owners"). A held game is not registered yet: readers do not see it.

    Examples:
        >>> from concombre.examples import highcard
        >>> with holding() as held:
        ...     register(highcard.GAME) is highcard.GAME
        True
        >>> held == [highcard.GAME] and "highcard" not in registered()
        True
    """
    held: list[AnyGame] = []
    _held.append(held)
    try:
        yield held
    finally:
        _held.pop()


def registration_problems(game: object) -> list[str]:
    """What keeps ``game`` from being registered, in words (empty: nothing).

    A game's required members are present and callable, its types are classes, its codec gives every
    kind of `DOCUMENT_KINDS` and names each of its action types, its bots name their makers, and its name,
    codec prefix, record headers and types are no other registered game's (the module's "Owners" says who
    keeps one that two games claim). The installed games are loaded first, so a clash with one shows at once.

    Examples:
        >>> import attrs
        >>> from concombre.games import find_game
        >>> game = find_game("concombre")
        >>> registration_problems(game)
        []
        >>> codec = attrs.evolve(game.codec, kinds={"action": object})
        >>> registration_problems(attrs.evolve(game, info=attrs.evolve(game.info, name="broken"), codec=codec))[:2]
        ["its codec's kinds lack 'card', 'rules', 'state', 'view'", "its codec's prefix 'concombre' is Concombre's"]
        >>> copycat = attrs.evolve(game, info=attrs.evolve(game.info, name="copycat"))
        >>> registration_problems(copycat)[-1]  # doctest: +ELLIPSIS
        "its types Deal, ..., View are Concombre's (defined by the package concombre)"
    """
    _installed()
    return _problems(game)


def _problems(game: object) -> list[str]:
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
    problems += _contests(game)[0]
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


def _types(game: AnyGame) -> list[type]:
    bot_classes = [maker for maker in game.bots.makers.values() if isinstance(maker, type)] if game.bots else []
    return [game.Rules, game.State, game.View, *game.action_types, *bot_classes]


def _claims(game: AnyGame) -> dict[Hashable, str]:
    """What ``game`` claims as its own, each with how a refusal says it: its codec prefix, its record headers
    (this version's and older ones') and its classes (said together, as "its types")."""
    claims: dict[Hashable, str] = {}
    if game.codec is not None and isinstance(game.codec.prefix, Hashable):
        claims[("prefix", game.codec.prefix)] = f"its codec's prefix {game.codec.prefix!r}"
    if game.records is not None:
        if isinstance(game.records.header, Hashable):
            claims[("header", game.records.header)] = f"its record header {game.records.header!r}"
        for header in game.records.older if isinstance(game.records.older, Mapping) else ():
            claims.setdefault(("header", header), f"its older record header {header!r}")
    for kind in _types(game) if isinstance(game.action_types, Iterable) else ():
        if isinstance(kind, type):
            claims[kind] = "its types"
    return claims


def _package(kind: object) -> str:
    """The top-level package of the module that defines ``kind``."""
    return str(getattr(kind, "__module__", "")).partition(".")[0]


def _home(game: AnyGame) -> frozenset[str] | None:
    """The packages ``game`` comes from, if it was registered with them (None: not known)."""
    held = _HOMES.get(id(game))
    return held[1] if held is not None and held[0] is game else None


def _rank(game: AnyGame, item: Hashable) -> tuple[int, int]:
    """How strong ``game``'s claim to ``item`` is (the greater, the stronger): see the module's "Owners"."""
    def standing(package: str) -> int:  # 2: comes from the package; 1: not known; 0: comes from elsewhere
        home = _home(game)
        return 1 if home is None else 2 if package in home else 0

    if isinstance(item, type):
        return standing(_package(item)), int(game.name in item.__module__.split("."))
    assert isinstance(item, tuple)
    kind, word = item
    named = game.name == word if kind == "prefix" else game.name in str(word).split()
    return int(named), standing(_package(game.Rules))


def _contests(game: AnyGame) -> tuple[list[str], list[AnyGame]]:
    """``game``'s claims that registered games keep (in words, naming them), and the registered games it
    would take the place of (it owns all they share, or holds their name by owning all they share)."""
    problems: list[str] = []
    displaced: list[AnyGame] = []
    mine = _claims(game)
    for other in list(_GAMES.values()):
        if other is game:
            continue
        theirs = _claims(other)
        shared = [item for item in mine if item in theirs]
        kept = [item for item in shared if _rank(other, item) >= _rank(game, item)]
        if shared and not kept:
            displaced.append(other)
        elif other.name == game.name:
            problems.append(f"the name {game.name!r} is {other.title}'s (unregister it first)")
        elif kept:
            problems += [f"{mine[item]} is {other.title}'s" for item in kept if not isinstance(item, type)]
            kinds = sorted((item for item in kept if isinstance(item, type)), key=lambda kind: kind.__name__)
            if kinds:
                packages = " and ".join(sorted({_package(kind) for kind in kinds}))
                problems.append(f"its types {', '.join(kind.__name__ for kind in kinds)} are {other.title}'s "
                                f"(defined by the package {packages})")
    return problems, displaced


def register(game: Game[S, A, V], *, packages: Iterable[str] | None = None) -> Game[S, A, V]:
    """Make ``game`` known to the library's edges, once it passes `registration_problems`.

    A game's own package calls this when imported, or names its game in the entry-point group
    ``concombre.games``. Registering the same game again does nothing. A game that owns what a registered game
    claims (the module's "Owners") takes its place: that one is unregistered and `refused`, naming this one.

    Args:
        game: The game.
        packages: The top-level packages ``game`` comes from, as far as known: an installed game's entry
            point's package and its distribution's (`concombre.games` gives them). Without them, the game is
            taken to come from its classes' package, below a game shown to come from it; while an installed
            game's entry point loads (`holding`), the game is held, to be judged with its entry point's.

    Raises:
        InvalidArgumentError: The game fails its checks; the message names the game and every problem
            (``field`` ``game``). Nothing is registered.

    Examples:
        >>> import attrs
        >>> from concombre.games import find_game
        >>> register(find_game("concombre")) is find_game("concombre")
        True
        >>> register("romme")
        Traceback (most recent call last):
        ...
        concombre.core.errors.InvalidArgumentError: The game 'romme' cannot be registered: it is a str, not a
        concombre Game.
        >>> from concombre.examples import highcard
        >>> copycat = register(attrs.evolve(highcard.GAME, info=attrs.evolve(highcard.GAME.info, name="copycat")))
        >>> register(highcard.GAME) is highcard.GAME  # the owner of High Card's classes takes them back
        True
        >>> refused()["copycat"].reason  # doctest: +ELLIPSIS
        "The game 'copycat' cannot be registered: its types ... are High Card's (defined by the package concombre)."
        >>> unregister(highcard.GAME); unregister(register(copycat))  # registered again, it is no longer refused
    """
    if packages is None and _held and isinstance(game, Game):
        if _GAMES.get(game.name) is not game and all(other is not game for other in _held[-1]):
            _held[-1].append(game)
        return game
    if packages is not None and isinstance(game, Game):
        _HOMES[id(game)] = (game, frozenset(packages))
    problems = _problems(game)
    if problems:
        if isinstance(game, Game) and _GAMES.get(game.name) is game:
            unregister(game)  # known from elsewhere now, it no longer holds what it claimed
        raise _refusal(game, problems)
    displaced = _contests(game)[1]
    for other in displaced:
        unregister(other)
    _GAMES[game.name] = game
    _REFUSED.pop(game.name, None)
    _SAID.discard(game.name)
    for kind in _types(game):
        _BY_TYPE[kind] = game
    for other in displaced:
        if other.name != game.name:
            refuse(other.name, _refusal(other, _problems(other)))
    return game


def _refusal(game: object, problems: list[str]) -> InvalidArgumentError:
    name = game.name if isinstance(game, Game) else str(game)
    return InvalidArgumentError(f"The game {name!r} cannot be registered: {'; '.join(problems)}.", field="game")


def refuse(name: str, error: InvalidArgumentError) -> None:
    """Keep ``error`` as why the game ``name`` is left out, and log it once (logger ``concombre.games``), saying
    whether every other game works (once the installed games are loaded); `concombre.games.find_game` names it
    to whoever asks for that game.

    Examples:
        >>> refuse("nogame", InvalidArgumentError("The game 'nogame' cannot be registered: a test."))
        >>> refused()["nogame"].reason
        "The game 'nogame' cannot be registered: a test."
        >>> _ = _REFUSED.pop("nogame")
    """
    _REFUSED[name] = error
    if not _loading:
        _say_refused()


def refused() -> Mapping[str, InvalidArgumentError]:
    """The games left out, by name, with why (see `refuse`): installed games that failed their checks, and games
    that lost what they claimed to its owner.

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
