"""Concombre's JSON documents, described for `concombre.io`: its kinds, action names and strict hooks.

The game never imports the JSON layer: it hands it this `Codec`, and the
layer's one converter loads and writes every game's documents alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from concombre.core.cards import Card
from concombre.core.errors import InvalidArgumentError
from concombre.core.game import Codec, Structure
from concombre.games.concombre.actions import Action, Deal, Play, ResolveTrick, ScoreRound
from concombre.games.concombre.checks import StateParts, check_view, rebuild_state, state_parts
from concombre.games.concombre.rules import Rules
from concombre.games.concombre.state import GameState, RoundResult
from concombre.games.concombre.views import PlayerView

__all__ = ["CODEC"]


def _card(value: Any, _: Any) -> Card:
    if type(value) is not str:
        raise InvalidArgumentError('expected a card such as "QH"')
    if len(value) > 3 or value != value.strip():
        raise InvalidArgumentError(f'expected a card such as "QH", not {value[:10]!r}')
    return Card.parse(value)


def _hooks(structure: Structure) -> Iterable[tuple[Any, Callable[[Any, Any], Any]]]:
    def seat_card(value: Any, _: Any) -> tuple[int, Card]:
        if type(value) is not list or len(value) != 2:
            raise InvalidArgumentError('expected a play as [seat, card], such as [2, "QH"]')
        return structure(value[0], int), _card(value[1], Card)

    return [(Card, _card), (lambda kind: kind == tuple[int, Card], seat_card)]


CODEC = Codec(
    prefix="concombre",
    kinds={"card": Card, "rules": Rules, "action": Action, "state": GameState, "view": PlayerView},
    action_names={"deal": Deal, "play": Play, "resolve_trick": ResolveTrick, "score_round": ScoreRound},
    hooks=_hooks,
    unstructure={Card: str},
    objects=(Rules, RoundResult, PlayerView),
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
