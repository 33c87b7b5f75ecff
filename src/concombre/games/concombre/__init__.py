"""Concombre: the trick-taking game nobody wants to win the last trick of (rulings C1-C14).

The package's modules, the same in every game: ``rules``, ``state``,
``transitions``, ``actions``, ``views``, ``checks``, ``codec``, ``story``,
``bots``, ``sampling``, ``encoding`` and ``game`` (the `GAME` record every edge
uses). Its public API is re-exported by `concombre` itself.

Examples:
    >>> from concombre.games.concombre import GAME
    >>> GAME.title
    'Concombre'
"""

from concombre.games.concombre.game import GAME
from concombre.games.concombre.state import State as State
from concombre.games.concombre.views import View as View

__all__ = ["GAME", "State", "View"]
