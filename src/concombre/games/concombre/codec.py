"""Concombre's JSON documents, described for `concombre.io`: its kinds and action names.

The game never imports the JSON layer: it hands it this `Codec`, and the
layer's one converter loads and writes every game's documents alike.
"""

from __future__ import annotations

from concombre.core.cards import Card
from concombre.core.game import Codec, card_hook
from concombre.games.concombre.actions import ACTION_NAMES, Action
from concombre.games.concombre.documents import StateParts, check_view, rebuild_state, state_parts
from concombre.games.concombre.rules import Rules
from concombre.games.concombre.state import RoundResult, State
from concombre.games.concombre.views import View

__all__ = ["CODEC"]




CODEC = Codec(
    prefix="concombre",
    kinds={"card": Card, "rules": Rules, "action": Action, "state": State, "view": View},
    action_names=ACTION_NAMES,
    hooks=lambda structure: [(Card, card_hook(Card.parse, "QH"))],
    unstructure={Card: str},
    objects=(Rules, RoundResult, View),
    state_parts=state_parts,
    parts_type=StateParts,
    from_parts=rebuild_state,
    check_view=check_view,
    optional=frozenset({"deck"}),
)
"""How Concombre's values are written as ``concombre.*/1`` documents.

Examples:
    >>> sorted(CODEC.kinds)
    ['action', 'card', 'rules', 'state', 'view']
"""
