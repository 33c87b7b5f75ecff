"""German Rommé's public API: ``from concombre.romme import new_game, apply, legal_actions...``.

The rules live in `concombre.games.romme`; this module is their stable
import path. It has the same names as `concombre` for the ideas both games
share (`State`, `View`, `Phase`, `Rules`, `Action`, `Record`, `BOTS`,
`refusal`, `why_illegal`...). 0.1's names (`RommeState`, `RommePhase`,
`RommeRules`, `RommeView`, `RommeRoundResult`, `RommeMatch`, `RommeAction`,
`RommeRecord`) still work for one minor version, with a `DeprecationWarning`.

Examples:
    >>> from concombre.romme import GAME, State, new_game
    >>> isinstance(new_game(2, seed=1), State) and GAME.name
    'romme'
"""

from typing import Any

from concombre.core.aliases import renamed
from concombre.games.romme import *  # noqa: F403
from concombre.games.romme import Action, Match, Phase, Record, RoundResult, Rules, State, View
from concombre.games.romme import __all__ as _api

__getattr__: Any = renamed("concombre.romme", {
    "RommeAction": ("Action", Action),
    "RommeMatch": ("Match", Match),
    "RommePhase": ("Phase", Phase),
    "RommeRecord": ("Record", Record),
    "RommeRoundResult": ("RoundResult", RoundResult),
    "RommeRules": ("Rules", Rules),
    "RommeState": ("State", State),
    "RommeView": ("View", View),
})

__all__ = _api
