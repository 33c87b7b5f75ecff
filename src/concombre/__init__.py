"""concombre: the exact rules of Concombre as an immutable, typed game-state API.

Every state is an immutable value; every step is a pure function returning a
new state. Start with `new_game`, then `apply` one of `legal_actions` until
the phase is `Phase.GAME_OVER`; show each player only `view` of the state.

Example:
    >>> import random
    >>> from concombre import Phase, apply, legal_actions, new_game
    >>> state = new_game(["Ann", "Bob", "Cy"], seed=2024)
    >>> rng = random.Random(0)
    >>> while state.phase is not Phase.GAME_OVER:
    ...     state = apply(state, rng.choice(legal_actions(state)))
    >>> state.players[state.winner] in ("Ann", "Bob", "Cy")
    True
"""

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
from concombre.cards import PACK, Card, Rank, Suit
from concombre.errors import ConcombreError, IllegalActionError, InvalidArgumentError
from concombre.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from concombre.state import GameState, Match, Phase, RoundResult, trick_winner
from concombre.transitions import deal, legal_plays, new_game, play, resolve_trick, score_round
from concombre.views import PlayerView, view

__version__ = "0.1.0"

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PACK",
    "Action",
    "Card",
    "ConcombreError",
    "Deal",
    "GameState",
    "IllegalActionError",
    "InvalidArgumentError",
    "Match",
    "Phase",
    "Play",
    "PlayerView",
    "Rank",
    "ResolveTrick",
    "RoundResult",
    "Rules",
    "ScoreRound",
    "Suit",
    "apply",
    "deal",
    "is_legal",
    "legal_actions",
    "legal_plays",
    "new_game",
    "play",
    "resolve_trick",
    "score_round",
    "trick_winner",
    "view",
    "why_illegal",
]
