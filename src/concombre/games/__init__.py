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
import warnings
from collections.abc import Iterator, Mapping

from concombre.core.errors import InvalidArgumentError
from concombre.core.game import AnyGame, register, registered
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
_loaded = False


def _load() -> None:
    """Import the built-in games and the installed ones, once; each registers itself."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in _BUILT_IN:
        importlib.import_module(module)
    for point in importlib.metadata.entry_points(group=ENTRY_POINTS):
        try:
            game = point.load()
            register(game)
        except Exception as err:  # a broken plug-in must not break the library
            warnings.warn(f"concombre: the game {point.name!r} ({point.value}) could not be loaded: {err}",
                          RuntimeWarning, stacklevel=2)


class _Games(Mapping[str, AnyGame]):
    """Every game installed, by name; reading it loads the games on first use."""

    def __getitem__(self, name: str) -> AnyGame:
        _load()
        return registered()[name]

    def __iter__(self) -> Iterator[str]:
        _load()
        return iter(sorted(registered()))

    def __len__(self) -> int:
        _load()
        return len(registered())

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


GAMES: Mapping[str, AnyGame] = _Games()
"""Every game installed, by name: the built-in ``concombre`` and ``romme``, and those of other packages.

Examples:
    >>> GAMES["concombre"].players
    (2, 7)
"""


def find_game(name: str) -> AnyGame:
    """The game of this name.

    Raises:
        InvalidArgumentError: No installed game has this name; the message lists those that do.

    Examples:
        >>> find_game("concombre").title
        'Concombre'
    """
    games = GAMES
    if not isinstance(name, str) or name not in games:
        raise InvalidArgumentError(_("There is no game {name}; the games are {games}.", name=repr(name),
                                     games=", ".join(games)), field="game")
    return games[name]
