"""concombre: the exact rules of Concombre as an immutable, typed game-state API.

Every state is an immutable value; every step is a pure function returning a
new state. Start with `new_game`, then `apply` one of `legal_actions` until
the phase is `Phase.GAME_OVER`; show each player only `view` of the state.

Examples:
    >>> import random
    >>> from concombre import Phase, apply, legal_actions, new_game
    >>> state = new_game(["Ann", "Bob", "Cy"], seed=2024)
    >>> rng = random.Random(0)
    >>> while state.phase is not Phase.GAME_OVER:
    ...     state = apply(state, rng.choice(legal_actions(state)))
    >>> state.players[state.winner] in ("Ann", "Bob", "Cy")
    True
"""

from typing import TYPE_CHECKING, Any

from concombre.actions import (
    Action,
    Deal,
    Play,
    ResolveTrick,
    ScoreRound,
    apply,
    is_legal,
    legal_actions,
    why_illegal,
)
from concombre.bots import Bot, MonteCarloBot, RandomBot, ThumbBot
from concombre.cards import PACK, Card, Rank, Suit
from concombre.errors import ConcombreError, FormatError, IllegalActionError, InvalidArgumentError
from concombre.records import GameRecord, replay, replay_states
from concombre.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from concombre.state import GameState, Match, Phase, RoundResult, trick_winner
from concombre.transitions import deal, legal_plays, new_game, play, resolve_trick, score_round
from concombre.views import PlayerView, view

if TYPE_CHECKING:
    from concombre.serialize import FORMATS, from_dict, from_json, json_schema, to_dict, to_json

_SERIALIZE = ("FORMATS", "from_dict", "from_json", "json_schema", "to_dict", "to_json")


def __getattr__(name: str) -> Any:
    # The JSON functions load cattrs, so they are imported on first use only:
    # `import concombre` stays light for programs that never touch JSON.
    if name in _SERIALIZE:
        from concombre import serialize

        return getattr(serialize, name)
    raise AttributeError(f"module 'concombre' has no attribute {name!r}")


__version__ = "0.1.0"

__all__ = [
    "FORMATS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PACK",
    "Action",
    "Bot",
    "Card",
    "ConcombreError",
    "Deal",
    "FormatError",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "InvalidArgumentError",
    "Match",
    "MonteCarloBot",
    "Phase",
    "Play",
    "PlayerView",
    "RandomBot",
    "Rank",
    "ResolveTrick",
    "RoundResult",
    "Rules",
    "ScoreRound",
    "Suit",
    "ThumbBot",
    "apply",
    "deal",
    "from_dict",
    "from_json",
    "is_legal",
    "json_schema",
    "legal_actions",
    "legal_plays",
    "new_game",
    "play",
    "replay",
    "replay_states",
    "resolve_trick",
    "score_round",
    "to_dict",
    "to_json",
    "trick_winner",
    "view",
    "why_illegal",
]
