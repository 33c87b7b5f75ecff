"""German Rommé: rummy with two packs and jokers, as an immutable, typed game-state API.

The same shape as Concombre's: a frozen `RommeState`, pure transitions, action
values with `apply` and `legal_actions`, refusals naming the rulings
(R1-R15), and `view` for what one seat may see.

Examples:
    >>> import random
    >>> from concombre.romme import RommePhase, apply, legal_actions, meld_actions, new_game
    >>> state, rng = new_game(["Ann", "Bob"], seed=7), random.Random(7)
    >>> while state.phase is not RommePhase.GAME_OVER:
    ...     choices = list(legal_actions(state)) + list(meld_actions(state))
    ...     state = apply(state, rng.choice(choices))
    >>> state.players[state.winner] in ("Ann", "Bob")
    True
"""

from concombre.romme.actions import (
    Deal,
    Discard,
    DrawDiscard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    MeldCards,
    RommeAction,
    ScoreRound,
    apply,
    is_legal,
    legal_actions,
    why_illegal,
)
from concombre.romme.cards import JOKER_VALUE, RommeCard, cards_of, deck, rank_value
from concombre.romme.melds import Meld, Place, exchange_joker, lay_off, make_meld, why_not_meld
from concombre.romme.options import exchange_options, lay_off_options, meld_actions, meld_options, opening_value
from concombre.romme.records import (
    RommeRecord,
    parse_romme_action,
    replay_romme,
    replay_romme_states,
    romme_action_text,
)
from concombre.romme.rules import MAX_PLAYERS, MIN_PLAYERS, RommeRules
from concombre.romme.state import RommeMatch, RommePhase, RommeRoundResult, RommeState
from concombre.romme.transitions import (
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
from concombre.romme.views import RommeView, view

__all__ = [
    "JOKER_VALUE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Deal",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "ExchangeJoker",
    "LayOff",
    "Meld",
    "MeldCards",
    "Place",
    "RommeAction",
    "RommeCard",
    "RommeMatch",
    "RommePhase",
    "RommeRecord",
    "RommeRoundResult",
    "RommeRules",
    "RommeState",
    "RommeView",
    "ScoreRound",
    "apply",
    "cards_of",
    "deal",
    "deck",
    "deck_for",
    "discard",
    "draw_discard",
    "draw_stock",
    "exchange",
    "exchange_joker",
    "exchange_options",
    "is_legal",
    "lay_off",
    "lay_off_card",
    "lay_off_options",
    "legal_actions",
    "make_meld",
    "meld_actions",
    "meld_cards",
    "meld_options",
    "new_game",
    "opening_value",
    "parse_romme_action",
    "rank_value",
    "replay_romme",
    "replay_romme_states",
    "romme_action_text",
    "score_round",
    "view",
    "why_illegal",
    "why_not_meld",
]
