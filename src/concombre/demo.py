"""The demo: one complete seeded game among built-in players, told in text.

This module sits at the edge of the package: it uses only the public API,
exactly as a front-end would.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from concombre.actions import apply, legal_actions
from concombre.bots import ThumbBot
from concombre.rules import Rules
from concombre.state import Phase
from concombre.story import describe_rules, tell
from concombre.transitions import new_game
from concombre.views import view

__all__ = ["NAMES", "demo_game"]

NAMES = ("Ada", "Bea", "Cyd", "Dov", "Eli", "Fay", "Gil")
"""The demo players' names, by seat.

Examples:
    >>> NAMES[:3]
    ('Ada', 'Bea', 'Cyd')
"""


def demo_game(players: int = 4, seed: int = 1, rules: Rules = Rules()) -> Iterator[str]:
    """Play one whole seeded game among `ThumbBot` players and yield its story line by line.

    Examples:
        >>> lines = list(demo_game(players=3, seed=5))
        >>> lines[0]
        'Concombre for 3 players (Ada, Bea, Cyd), seed 5; followers must match or beat the card led.'
        >>> lines[-1].endswith("wins the game.")
        True
    """
    state = new_game(NAMES[:players], seed=seed, rules=rules)
    yield f"Concombre for {players} players ({', '.join(state.players)}), seed {seed}; {describe_rules(rules)}."
    bot, rng = ThumbBot(), random.Random(seed)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.PLAY:
            action = bot.choose(view(state, state.to_play or 0), rng)
        else:
            (action,) = legal_actions(state)
        before, state = state, apply(state, action)
        yield from tell(before, state)
