"""The games the library knows: the built-in ones, and those other packages install.

Every edge of the library (JSON, the command line, simulation, the web
table, the adapters) finds a game here and talks to it only through its
`concombre.core.game.Game`. A package adds a game by exposing its `Game` in
the entry-point group ``concombre.games``::

    [project.entry-points."concombre.games"]
    mygame = "mypackage.game:GAME"

Examples:
    >>> from concombre.games import GAMES, find_game
    >>> sorted(GAMES)[:2]
    ['concombre', 'romme']
    >>> find_game("romme").title
    'German Rommé'
"""

from __future__ import annotations

import importlib
import importlib.metadata
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Literal, overload

from concombre.core.errors import InvalidArgumentError
from concombre.core.game import AnyGame, Game, on_first_read, refuse, refused, register, registered
from concombre.core.game.registry import holding
from concombre.core.i18n import _

__all__ = ["DEFAULT_GAME", "ENTRY_POINTS", "GAMES", "find_game"]

ENTRY_POINTS = "concombre.games"
"""The entry-point group through which other packages add games.

Examples:
    >>> ENTRY_POINTS
    'concombre.games'
"""

DEFAULT_GAME = "concombre"
"""The game an edge plays when none is named: the library's namesake.

Examples:
    >>> find_game(DEFAULT_GAME).title
    'Concombre'
"""

_BUILT_IN = ("concombre.games.concombre", "concombre.games.romme")


def _load() -> None:
    """Import the built-in games (they come from the package ``concombre``), then load every installed one, and
    register those in the order of their names, each with the packages it comes from: its entry point's and its
    distribution's. Each is checked as it registers, and a class, prefix or header two games claim stays its
    owner's whatever the order (`concombre.core.game.registry`'s "Owners").

    A plug-in may register its game itself when imported: while its entry point loads, that `register` only
    holds the game (`concombre.core.game.registry.holding`), and the game is judged here with the others, with
    its entry point's packages (a game its import registers that no entry point names comes after them, without).

    An installed game that cannot be loaded or fails its checks is left out with its reason
    (`concombre.core.game.refuse`): a broken plug-in, or one that claims another's, never breaks the library or
    another game.
    """
    for module in _BUILT_IN:
        built_in = getattr(importlib.import_module(module), "GAME", None)  # None: being imported, registering
        if isinstance(built_in, Game):
            register(built_in, packages=("concombre",))
    loaded: list[tuple[importlib.metadata.EntryPoint, AnyGame]] = []
    held: list[AnyGame] = []  # the games the plug-ins registered as they were imported
    for point in sorted(importlib.metadata.entry_points(group=ENTRY_POINTS), key=lambda point: point.name):
        with holding() as holds:
            try:
                game = point.load()
                if getattr(game, "name", point.name) != point.name:
                    raise InvalidArgumentError(f"The game {point.name!r} ({point.value}) cannot be registered: its "
                                               f"entry point's name is not the game's name {game.name!r}.",
                                               field="game")
                loaded.append((point, game))
            except InvalidArgumentError as err:
                refuse(point.name, err)
            except Exception as err:  # a plug-in that fails to import must not break the library
                refuse(point.name, InvalidArgumentError(f"The game {point.name!r} ({point.value}) could not be "
                                                        f"loaded: {type(err).__name__}: {err}.", field="game"))
        came = bool(loaded) and loaded[-1][0] is point
        held += [game for game in holds if came or game.name != point.name]  # a plug-in that failed: not its game
    # all loaded before any registers (an owner may come after its claimant: it takes its place), each tried
    # again while one more registers (a game refused for a claimant's claim, once that claimant was displaced)
    waiting: list[tuple[str, AnyGame, set[str] | None]] = [
        (point.name, game, _packages(point)) for point, game in sorted(loaded, key=lambda pair: (pair[0].name,
                                                                                                pair[0].value))]
    waiting += [(game.name, game, None) for game in held if all(game is not other for _, other in loaded)]
    while waiting:
        left = []
        for name, game, packages in waiting:
            try:
                register(game, packages=packages)
            except InvalidArgumentError as err:
                if packages is not None or name not in registered():
                    refuse(name, err)
                left.append((name, game, packages))
        if len(left) == len(waiting):
            break
        waiting = left


def _packages(point: importlib.metadata.EntryPoint) -> set[str]:
    """The top-level packages an entry point's game comes from: its module's, and its distribution's."""
    packages = {point.module.partition(".")[0]}
    for path in (point.dist.files or []) if point.dist is not None else []:
        top = path.parts[0] if path.parts else ""
        if len(path.parts) > 1 and not top.endswith((".dist-info", ".data", ".egg-info")) and top != "..":
            packages.add(top)
        elif len(path.parts) == 1 and top.endswith(".py"):
            packages.add(top.removesuffix(".py"))
    return packages


on_first_read(_load)


class _Games(Mapping[str, AnyGame]):
    """Every game installed, by name (a view of `concombre.core.game.registered`)."""

    def __getitem__(self, name: str) -> AnyGame:
        return registered()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(registered()))

    def __len__(self) -> int:
        return len(registered())

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


GAMES: Mapping[str, AnyGame] = _Games()
"""Every game installed, by name: the built-in ``concombre`` and ``romme``, and those of other packages.

Examples:
    >>> GAMES["concombre"].players
    (2, 7)
"""


if TYPE_CHECKING:  # the built-in games' types, for find_game's overloads: the registry imports no game to run
    from concombre.core.game import FullGame
    from concombre.games.concombre.actions import Action as ConcombreAction
    from concombre.games.concombre.state import State as ConcombreState
    from concombre.games.concombre.views import View as ConcombreView
    from concombre.games.romme.actions import Action as RommeAction
    from concombre.games.romme.state import State as RommeState
    from concombre.games.romme.views import View as RommeView


@overload
def find_game(name: Literal["concombre"]) -> FullGame[ConcombreState, ConcombreAction, ConcombreView]: ...
@overload
def find_game(name: Literal["romme"]) -> FullGame[RommeState, RommeAction, RommeView]: ...
@overload
def find_game(name: str | AnyGame) -> AnyGame: ...


def find_game(name: str | AnyGame) -> AnyGame:
    """The installed game of this name (or of this game's name: ``find_game(record.game)`` works too).

    A built-in game's name, written out, is typed with its game's types: ``find_game("romme")`` is a
    `~concombre.core.game.FullGame` of Rommé's ``State``, ``Action`` and ``View``; any other name (or a name
    known only at run time) gives an `~concombre.core.game.AnyGame`.

    Raises:
        InvalidArgumentError: No installed game has this name; the message lists those that do. For an
            installed game that was left out, it says why (`concombre.core.game.registration_problems`).

    Examples:
        >>> find_game("concombre").title
        'Concombre'
        >>> from concombre import Record, new_game
        >>> find_game(Record.of(new_game(2, seed=1)).game).name
        'concombre'
    """
    if isinstance(name, Game):
        name = name.name
    games = GAMES
    if isinstance(name, str) and name not in games and name in refused():
        raise refused()[name]
    if not isinstance(name, str) or name not in games:
        raise InvalidArgumentError(_("There is no game {name}; the games are {games}.", name=repr(name),
                                     games=", ".join(games)), field="game")
    return games[name]
