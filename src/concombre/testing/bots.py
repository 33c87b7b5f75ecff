"""The ``bots`` promise: the table's bot and the rivals choose, from the view of the seat to move, an action the
rules accept (in the first game of a check).

Internal to `concombre.testing`: use `check_game`.
"""

from __future__ import annotations

import random
from typing import Any

from concombre.testing.run import Run

__all__ = ["check_bots"]


def check_bots(run: Run, state: Any, rng: random.Random) -> None:
    """``bots``: each of the game's bots (``stand_in`` and ``rivals``) chooses a legal action for the seat to move
    (none while the table acts), drawing from ``rng``.

    Examples:
        >>> import random
        >>> from concombre.games import find_game
        >>> from concombre.testing.run import Options, Run
        >>> game = find_game("concombre")
        >>> run = Run(game, 1, 2, Options())
        >>> start = game.new_game(2, seed=1)
        >>> dealt = game.apply(start, game.legal_actions(start)[0])
        >>> check_bots(run, dealt, random.Random(1)); run.counts
        {'bots': 2}
    """
    game = run.game
    if game.bots is None:
        return
    to_play = run.call("bots", "to_play", game.to_play, state)
    if to_play is None:
        return
    seen = run.call("bots", "view", game.view, state, to_play)
    for name in dict.fromkeys((game.bots.stand_in, *game.bots.rivals)):
        member = f"bots.makers[{name!r}]"
        with run.guard("bots", member):
            chosen = game.bot(name).choose(seen, random.Random(rng.random()))
        with run.guard("bots", "refusal"):
            refused = game.refusal(state, chosen, seat=to_play)
        run.expect(refused is None, "bots", member, f"the bot chooses {chosen!r}, which the rules refuse")
