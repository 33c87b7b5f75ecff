"""Concombre: the trick-taking game nobody wants to win the last trick of (rulings C1-C14).

The reference engine is the package's top, its modules named as in every game: ``rules`` (each ruling once,
as scalar functions the compiled tier takes unchanged), ``state``, ``transitions``, ``actions``, ``views``,
``documents`` (a state's parts, checked), ``codec``, ``reading`` and ``story`` (actions and steps in words),
``render``, ``encoding`` (observations) and ``game`` (the `GAME` record every edge uses). Above it, ``bots/``
holds every bot and their one registry (`concombre.games.concombre.bots.BOTS`), and ``fast/`` the compiled
tier (the ``fast`` extra). Its public API is re-exported by `concombre` itself.

Examples:
    >>> from concombre.games.concombre import GAME
    >>> GAME.title
    'Concombre'
"""

from concombre.core.aliases import moved
from concombre.games.concombre.game import GAME
from concombre.games.concombre.state import State as State
from concombre.games.concombre.views import View as View

__all__ = ["GAME", "State", "View"]

moved({f"concombre.games.concombre.{old}": f"concombre.{new}" for old, new in (
    ("search", "games.concombre.bots.search"), ("sampling", "games.concombre.bots.sampling"),
    ("learned", "games.concombre.bots.learned"), ("kernel", "games.concombre.fast.kernel"),
    ("batch", "games.concombre.fast.batch"), ("search_kernel", "games.concombre.fast.search_kernel"),
    ("deals", "games.concombre.fast.deals"), ("compiled", "accel.compiled"), ("shake", "accel.shake"),
    ("checks", "games.concombre.documents"))})
