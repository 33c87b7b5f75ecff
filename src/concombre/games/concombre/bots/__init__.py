"""Computer players, and their one registry (`ROSTER`): a `Bot` chooses an action from what its seat may see.

A bot is handed a `View` — never the state — and a random generator, so
it cannot cheat, and it is deterministic given the generator. Bots are plain
frozen values: picklable, so that simulations can run them in other
processes or on other machines.

The bots, a module each: `RandomBot` and `ThumbBot` (``simple``: the rule of
thumb a sensible human follows), `MonteCarloBot` (``mc``: samples the hidden
cards and plays the round out), `SearchBot` and `DeepSearchBot` (``search``:
plan to the round's end over sampled deals, the deep one on the compiled
search) and the learned bot (``learned``, a small network trained to play as
the deep bot does); ``sampling`` deals the hidden cards they imagine.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

import attrs

from concombre.core.errors import InvalidArgumentError
from concombre.core.game import Bot, Level
from concombre.games.concombre.actions import Action
from concombre.games.concombre.bots.mc import MonteCarloBot
from concombre.games.concombre.bots.search import DeepSearchBot, SearchBot
from concombre.games.concombre.bots.simple import RandomBot, ThumbBot
from concombre.games.concombre.views import View

__all__ = ["BOTS", "LEVELS", "ROSTER", "Bot", "DeepSearchBot", "MonteCarloBot", "Offer", "RandomBot", "SearchBot",
           "ThumbBot", "bot_named", "learned_bot"]


def learned_bot() -> Bot[View, Action]:
    """The learned bot (`concombre.games.concombre.bots.learned.LearnedBot`), which needs numpy (its `Offer` in
    `ROSTER` says so).

    Raises:
        InvalidArgumentError: numpy is not installed.

    Examples:
        >>> learned_bot().name
        'learned'
    """
    if not importlib.util.find_spec("numpy"):
        raise InvalidArgumentError("The learned bot runs on numpy: pip install numpy (or 'concombre[fast]').",
                                   field="name")
    from concombre.games.concombre.bots.learned import LearnedBot

    return LearnedBot()


@attrs.frozen
class Offer:
    """What one bot offers: its Python bot, whether it also plays inside the batched engine's kernel, and the
    package it needs beyond the core.

    Attributes:
        name: Its name, as the command line, the ladder, the web table and `concombre.batch.rollout` know it.
        make: A new bot (a class, or a function that says what is missing).
        compiled: It also plays inside the kernel, by name (`concombre.games.concombre.fast.kernel.BOTS`).
        needs: The module it needs beyond the core (``numpy``, ``numba``), or None.

    Examples:
        >>> [offer.name for offer in ROSTER if offer.compiled]
        ['random', 'thumb']
    """

    name: str
    make: Callable[[], Bot[View, Action]]
    compiled: bool = False
    needs: str | None = None

    @property
    def installed(self) -> bool:
        """Whether what it needs is installed.

        Examples:
            >>> ROSTER[0].installed
            True
        """
        return self.needs is None or importlib.util.find_spec(self.needs) is not None


ROSTER = (
    Offer("random", RandomBot, compiled=True),
    Offer("thumb", ThumbBot, compiled=True),
    Offer("mc", MonteCarloBot),
    Offer("search", SearchBot),
    Offer("learned", learned_bot, needs="numpy"),
    Offer("deep", DeepSearchBot, needs="numba"),
)
"""Every bot of Concombre and what it offers, weakest first: the one registry `BOTS`, `LEVELS`, the batched
engine's bots and the game's `concombre.core.game.Bots` are read from.

Examples:
    >>> [offer.name for offer in ROSTER]
    ['random', 'thumb', 'mc', 'search', 'learned', 'deep']
"""

_HAS = {offer.name: offer.installed for offer in ROSTER}

BOTS: dict[str, Callable[[], Bot[View, Action]]] = {offer.name: offer.make for offer in ROSTER if offer.installed}
"""The bots by name whose packages are installed (`ROSTER`): ``learned`` only where numpy is installed,
``deep`` only where the compiled kernel can run (``pip install "concombre[fast]"``).

Examples:
    >>> sorted(BOTS)
    ['deep', 'learned', 'mc', 'random', 'search', 'thumb']
"""

LEVELS = (
    Level(name="beginner", bot="thumb", rating=-69, ms=0.001),
    *((Level(name="club", bot="learned", rating=196, ms=0.058),) if _HAS["learned"]
      else (Level(name="club", bot="mc", rating=66, ms=1.149),)),
    *((Level(name="expert", bot="deep", rating=201, ms=1.727),) if _HAS["deep"]
      else (Level(name="expert", bot="search", rating=109, ms=5.676),)),
)
"""The bots people choose by strength, weakest first, with their rating and time a move on the ladder (the
docs' ladder page; a test holds these figures to it): the club and expert levels fall back on ``mc`` and
``search`` where numpy or Numba is missing.

Examples:
    >>> [(level.name, level.bot) for level in LEVELS]
    [('beginner', 'thumb'), ('club', 'learned'), ('expert', 'deep')]
"""


def bot_named(name: str) -> Bot[View, Action]:
    """A new bot of this name (see `BOTS`).

    Raises:
        InvalidArgumentError: No bot has this name.

    Examples:
        >>> bot_named("thumb")
        ThumbBot(name='thumb')
    """
    offer = next((offer for offer in ROSTER if offer.name == name), None)
    if offer is None:
        raise InvalidArgumentError(f"There is no bot named {name!r}; choose from {', '.join(sorted(BOTS))}.")
    if not offer.installed:
        raise InvalidArgumentError(f"The {name} bot needs {offer.needs}: pip install 'concombre[fast]'.",
                                   field="name")
    return offer.make()
