"""German Rommé: rummy with two packs and jokers (rulings R1-R15), with the same shape as Concombre.

A frozen `State`, pure transitions, action values with `apply` and a complete
`legal_actions`, refusals naming the rulings, and `view` for what one seat may
see. The modules have the same names as Concombre's (``rules``, ``state``,
``transitions``, ``actions``, ``views``, ``documents``, ``codec``, ``reading``,
``story``, ``render``, ``encoding``, ``game``), plus Rommé's own ``cards``,
``melds``, ``legal`` (the lay-offs and exchanges on offer), ``options`` (melds
from a hand) and ``choices`` (numbered actions); ``bots/`` holds the bots, the
meld solver and the planner. Import it as `concombre.romme`.

Examples:
    >>> import random
    >>> from concombre.romme import Phase, apply, legal_actions, new_game
    >>> state, rng = new_game(["Ann", "Bob"], seed=7), random.Random(7)
    >>> while state.phase is not Phase.GAME_OVER:
    ...     state = apply(state, rng.choice(legal_actions(state)))
    >>> state.players[state.winner] in ("Ann", "Bob")
    True
"""

from concombre.core.aliases import moved
from concombre.core.records import Record
from concombre.games.romme.actions import (
    Action,
    Deal,
    Discard,
    DrawDiscard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    MeldCards,
    ScoreRound,
    action_text,
    apply,
    is_legal,
    parse_action,
    refusal,
    why_illegal,
)
from concombre.games.romme.bots import BOTS, PlannerBot, RandomBot, SolverBot
from concombre.games.romme.cards import JOKER_VALUE, RommeCard, cards_of, deck, rank_value
from concombre.games.romme.choices import CHOICES, choice_text
from concombre.games.romme.game import GAME, replay, replay_states
from concombre.games.romme.legal import (
    discard_actions,
    exchange_options,
    lay_off_options,
    lay_offs_onto,
    legal_actions,
    meld_actions,
    opening_actions,
)
from concombre.games.romme.melds import Meld, Place, exchange_joker, lay_off, make_meld, why_not_meld
from concombre.games.romme.options import meld_options, opening_value
from concombre.games.romme.reading import read_action
from concombre.games.romme.rules import DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS, Rules
from concombre.games.romme.state import Match, Phase, RoundResult, State
from concombre.games.romme.transitions import (
    deal,
    deck_for,
    discard,
    draw_discard,
    draw_stock,
    exchange,
    lay_off_card,
    meld_cards,
    new_game,
    score_round,
)
from concombre.games.romme.views import View, view

__all__ = [
    "BOTS",
    "CHOICES",
    "DEFAULT_PLAYERS",
    "GAME",
    "JOKER_VALUE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Action",
    "Deal",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "ExchangeJoker",
    "LayOff",
    "Match",
    "Meld",
    "MeldCards",
    "Phase",
    "Place",
    "PlannerBot",
    "RandomBot",
    "Record",
    "RommeCard",
    "RoundResult",
    "Rules",
    "ScoreRound",
    "SolverBot",
    "State",
    "View",
    "action_text",
    "apply",
    "cards_of",
    "choice_text",
    "deal",
    "deck",
    "deck_for",
    "discard",
    "discard_actions",
    "draw_discard",
    "draw_stock",
    "exchange",
    "exchange_joker",
    "exchange_options",
    "is_legal",
    "lay_off",
    "lay_off_card",
    "lay_off_options",
    "lay_offs_onto",
    "legal_actions",
    "make_meld",
    "meld_actions",
    "meld_cards",
    "meld_options",
    "new_game",
    "opening_actions",
    "opening_value",
    "parse_action",
    "rank_value",
    "read_action",
    "refusal",
    "replay",
    "replay_states",
    "score_round",
    "view",
    "why_illegal",
    "why_not_meld",
]

moved({f"concombre.games.romme.{old}": f"concombre.games.romme.{new}" for old, new in (
    ("solver", "bots.solver"), ("planner", "bots.planner"), ("sampling", "bots.sampling"),
    ("checks", "documents"))})
