"""German Rommé's actions as numbered choices: a fixed-size action space for front-ends and learning.

Rommé's actions (melds, lay-offs, joker exchanges) are too many and too varied
for a fixed action set, so the adapters and the web table offer them as
*choices*: at each step `choices` lists what the player to move can do, in a
fixed order — the draws, or the discards, then melds, the meld solver's best
arrangement, lay-offs and joker exchanges — and action ``i`` is the ``i``-th
choice. Their meaning is in `choice_text`.
"""

from __future__ import annotations

import itertools

from concombre.core.errors import InvalidArgumentError
from concombre.games.romme.actions import (
    Action,
    DrawDiscard,
    DrawStock,
    MeldCards,
    action_text,
)
from concombre.games.romme.bots.solver import best_melds, best_opening
from concombre.games.romme.legal import (
    discard_actions,
    exchange_options,
    lay_off_options,
    single_melds,
)
from concombre.games.romme.options import valued_meld_options
from concombre.games.romme.state import Phase, State, require_state

__all__ = ["CHOICES", "choice_text", "choices"]

CHOICES = 256
"""The number of choice slots: the size of the action space.

Examples:
    >>> CHOICES
    256
"""


def choices(state: State) -> list[Action]:
    """What the player to move can do now, in a fixed order, at most `CHOICES` of them.

    Draws first; on a turn, the discards, then the single melds the hand allows
    (any once opened, else those worth the opening), the meld solver's best
    arrangement as one choice, the lay-offs and the joker exchanges.

    Examples:
        >>> from concombre.games.romme import deal, new_game
        >>> choices(deal(new_game(2, seed=1)))
        [DrawStock(), DrawDiscard()]
    """
    require_state(state)
    if state.phase is Phase.DRAW:
        return [DrawStock(), DrawDiscard()] if state.discard_pile else [DrawStock()]
    if state.phase is not Phase.PLAY or state.to_play is None:
        return []
    seat = state.to_play
    hand, opened = state.hands[seat], state.opened[seat]
    options: list[Action] = list(discard_actions(state))
    melds = list(valued_meld_options(hand))
    options += itertools.islice(single_melds(melds, opened, state.rules.opening), 64)
    # A hand that makes no meld has no arrangement either: half the turns need no solver.
    plan = None if not melds else best_melds(hand) if opened else best_opening(hand, state.rules.opening)
    if plan is not None and len(plan.melds) > 1:
        options.append(MeldCards(list(plan.melds)))
    options += itertools.islice(lay_off_options(state), 64)
    options += itertools.islice(exchange_options(state), 32)
    return options[:CHOICES]


def choice_text(state: State, action: int) -> str:
    """What choice number ``action`` does, in the words of a text record.

    Examples:
        >>> from concombre.games.romme import deal, new_game
        >>> choice_text(deal(new_game(2, seed=1)), 0)
        'draw stock'
    """
    offered = choices(require_state(state))
    if type(action) is not int:
        raise InvalidArgumentError(f"action must be a choice number, not {action!r}.", field="action")
    return action_text(offered[action]) if 0 <= action < len(offered) else f"choice {action} (none)"
