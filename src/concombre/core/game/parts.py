"""A game's moves built a part at a time (`Parts`): an optional capability of a game's
`~concombre.core.game.Encoding`, for games whose legal actions are too many and too varied to number once.

Examples:
    >>> from concombre.games import find_game
    >>> find_game("romme").learning.encoding().parts.size
    167
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

import attrs

from concombre.core.errors import InvalidArgumentError

__all__ = ["Parts"]

S = TypeVar("S")
A = TypeVar("A")

Built = tuple[int, ...]


@attrs.frozen(kw_only=True)
class Parts(Generic[S, A]):
    """A game's moves built a part at a time from a fixed vocabulary of ``size`` parts, so that a learner with a
    fixed-size output (``Discrete(size)``) reaches every legal action: each legal action is one sequence of
    parts, and at each step the parts offered are those that lead on toward some legal action.

    The environments take a part a step when a game's encoding has them: a part that completes no action
    leaves the same seat to move (no reward), with the parts built so far in its observation; the part that
    completes one applies that action. Every function is pure: the state, and the parts built so far as a
    tuple (``()`` to begin).

    Attributes:
        size: How many parts there are.
        offered: ``offered(state, built)``: the parts the seat to move may take next, in increasing order;
            none while the table acts. Raises `InvalidArgumentError` where ``built`` begins no legal action.
        add: ``add(state, built, part)``: ``((), action)`` when ``part`` completes ``action``, else the parts
            built so far with ``part`` and None. Raises `InvalidArgumentError` for a part not offered.
        refusal: ``refusal(state, built, part)``: why a part may not be taken now, as the error to raise or to
            show (the rules' refusal, with its ruling, where it completes an action they refuse); None if it
            is offered.
        of: An action's parts, in order (a player's actions only).
        text: A part in words.
        observe: ``observe(state, seat, built, memory)``: the encoding's vector of what ``seat`` may see, with
            the parts built so far of its move (while it is to play) and what the seats remember of the
            game (``memory``; None for nothing remembered).
        remember: ``remember(memory, state, action)``: what every seat remembers after ``action`` is taken
            in ``state`` (the table's steps too), from what every seat saw only; it starts from None. A game
            that needs no memory keeps None.

    Examples:
        >>> from concombre.games import find_game
        >>> game = find_game("romme")
        >>> parts = game.learning.encoding().parts
        >>> state = game.apply(game.new_game(2, seed=1), game.legal_actions(game.new_game(2, seed=1))[0])
        >>> [parts.text(part) for part in parts.offered(state, ())]
        ['draw stock', 'draw discard']
        >>> parts.add(state, (), 0)
        ((), DrawStock())
    """

    size: int
    offered: Callable[[S, Built], Sequence[int]]
    add: Callable[[S, Built, int], tuple[Built, A | None]]
    refusal: Callable[[S, Built, object], InvalidArgumentError | None]
    of: Callable[[A], Built]
    text: Callable[[int], str]
    observe: Callable[[S, int, Built, Any], Any]
    remember: Callable[[Any, S, A], Any] = lambda memory, state, action: None

    def part(self, value: object) -> int:
        """``value`` as a part's number, or an `InvalidArgumentError` naming ``action`` when it is none: not a
        whole number from 0 to ``size - 1`` (whether the part is offered now is `refusal`'s question).

        Examples:
            >>> from concombre.games import find_game
            >>> parts = find_game("romme").learning.encoding().parts
            >>> parts.part(166)
            166
            >>> parts.part("QH1")
            Traceback (most recent call last):
            ...
            concombre.core.errors.InvalidArgumentError: Action 'QH1' is no part: a part is a whole number from 0 to 166.
        """
        try:
            number = None if isinstance(value, bool) else operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            number = None
        if number is None or not 0 <= number < self.size:
            raise InvalidArgumentError(f"Action {value!r} is no part: a part is a whole number from 0 to "
                                       f"{self.size - 1}.", field="action")
        return number
