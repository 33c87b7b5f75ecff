"""concombre: the exact rules of Concombre and German Rommé as an immutable, typed game-state API.

Every state is an immutable value; every step is a pure function returning a
new state. Start with `new_game`, then `apply` one of `legal_actions` until
the phase is `Phase.GAME_OVER`; show each player only `view` of the state.
German Rommé's API is `concombre.romme`; every game is in `GAMES`.

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

from concombre.core.aliases import renamed
from concombre.core.cards import PACK, Card, Rank, Suit
from concombre.core.errors import ConcombreError, FormatError, IllegalActionError, InvalidArgumentError
from concombre.core.game import Bot, Game
from concombre.core.records import Record
from concombre.games import GAMES, find_game
from concombre.games.concombre.actions import (
    Action,
    Deal,
    Play,
    ResolveTrick,
    ScoreRound,
    action_text,
    apply,
    is_legal,
    legal_actions,
    parse_action,
    refusal,
    why_illegal,
)
from concombre.games.concombre.bots import BOTS, DeepSearchBot, MonteCarloBot, RandomBot, SearchBot, ThumbBot
from concombre.games.concombre.game import GAME, replay, replay_states
from concombre.games.concombre.reading import read_action
from concombre.games.concombre.rules import DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS, Rules, card_value
from concombre.games.concombre.state import Match, Phase, RoundResult, State, trick_winner
from concombre.games.concombre.transitions import (
    deal,
    deck_for,
    legal_plays,
    new_game,
    play,
    resolve_trick,
    score_round,
)
from concombre.games.concombre.views import View, view

if TYPE_CHECKING:
    from concombre.io.json import FORMATS, from_dict, from_json, json_schema, to_dict, to_json

_SERIALIZE = ("FORMATS", "from_dict", "from_json", "json_schema", "to_dict", "to_json")


_RENAMED = renamed("concombre", {"GameState": ("State", State), "PlayerView": ("View", View),
                                 "GameRecord": ("Record", Record)})


def __getattr__(name: str) -> Any:
    # The JSON functions load cattrs, so they are imported on first use only:
    # `import concombre` stays light for programs that never touch JSON.
    if name in _SERIALIZE:
        from concombre.io import json

        return getattr(json, name)
    return _RENAMED(name)

__version__ = "0.1.0"

__all__ = [
    "BOTS",
    "DEFAULT_PLAYERS",
    "FORMATS",
    "GAME",
    "GAMES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PACK",
    "Action",
    "Bot",
    "Card",
    "ConcombreError",
    "Deal",
    "DeepSearchBot",
    "FormatError",
    "Game",
    "IllegalActionError",
    "InvalidArgumentError",
    "Match",
    "MonteCarloBot",
    "Phase",
    "Play",
    "RandomBot",
    "Rank",
    "Record",
    "ResolveTrick",
    "RoundResult",
    "Rules",
    "ScoreRound",
    "SearchBot",
    "State",
    "Suit",
    "ThumbBot",
    "View",
    "action_text",
    "apply",
    "card_value",
    "deal",
    "deck_for",
    "find_game",
    "from_dict",
    "from_json",
    "is_legal",
    "json_schema",
    "legal_actions",
    "legal_plays",
    "new_game",
    "parse_action",
    "play",
    "read_action",
    "refusal",
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
