"""The demo: one complete seeded game of any game among its table bots, told in text.

This module sits at the edge of the package: it uses only the `Game`
protocol, exactly as a front-end would.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from concombre.apps.terminal import NAMES
from concombre.core.game import AnyGame, required
from concombre.core.i18n import _, ngettext

__all__ = ["demo_game", "headline"]


def headline(game: AnyGame, state: Any) -> str:
    """The first line of a game's story: the game, the players, the seed and the rules in words.

    Examples:
        >>> from concombre import new_game
        >>> from concombre.games import find_game
        >>> headline(find_game("concombre"), new_game(["Ann", "Bob"], seed=3))
        'Concombre for 2 players (Ann, Bob), seed 3; followers must match or beat the card led.'
    """
    rules = required(game, game.story, "story").describe(state.rules)
    players = ngettext("{n} player ({names})", "{n} players ({names})", len(state.players),
                       names=", ".join(state.players))
    if rules:
        return _("{game} for {players}, seed {seed}; {rules}.", game=_(game.title), players=players, seed=state.seed,
                 rules=rules)
    return _("{game} for {players}, seed {seed}.", game=_(game.title), players=players, seed=state.seed)


def demo_game(game: AnyGame, players: int | None = None, seed: int = 1, rules: Any = None) -> Iterator[str]:
    """Play one whole seeded game among the game's table bots and yield its story line by line.

    ``players`` defaults to the game's `~concombre.core.game.Game.default_players`.

    Examples:
        >>> from concombre.games import find_game
        >>> lines = list(demo_game(find_game("concombre"), players=3, seed=5))
        >>> lines[0]
        'Concombre for 3 players (Ada, Bea, Cyd), seed 5; followers must match or beat the card led.'
        >>> lines[-1].endswith("wins the game.")
        True
    """
    players = game.default_players if players is None else players
    state = game.new_game(NAMES[:players], seed=seed, rules=game.Rules() if rules is None else rules)
    yield headline(game, state)
    story, bots = required(game, game.story, "story"), required(game, game.bots, "bots")
    bot, rng = game.bot(bots.stand_in), random.Random(seed)
    while not game.is_over(state):
        seat = game.to_play(state)
        action = game.legal_actions(state)[0] if seat is None else bot.choose(game.view(state, seat), rng)
        before, state = state, game.apply(state, action)
        yield from story.tell(before, action, state)
