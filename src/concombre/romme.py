"""German Rommé's public API: ``from concombre.romme import new_game, apply, legal_actions...``.

The rules live in `concombre.games.romme`; this module is their stable
import path. The names of 0.1 (`RommeState`, `RommePhase`, `RommeRules`,
`RommeView`, `RommeRoundResult`, `RommeMatch`, `RommeAction`, `RommeRecord`)
remain as aliases of the names every game now shares (`State`, `Phase`...).

Examples:
    >>> from concombre.romme import RommeState, State, new_game
    >>> RommeState is State and isinstance(new_game(2, seed=1), RommeState)
    True
"""

from concombre.games.romme import *  # noqa: F403
from concombre.games.romme import Action, Match, Phase, Record, RoundResult, Rules, State, View
from concombre.games.romme import __all__ as _api

RommeAction = Action
RommeMatch = Match
RommePhase = Phase
RommeRecord = Record
RommeRoundResult = RoundResult
RommeRules = Rules
RommeState = State
RommeView = View

__all__ = _api
