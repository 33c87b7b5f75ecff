"""The history an OpenSpiel state keeps (`concombre.integrations.openspiel`): persistent logs, and their telling.

A game's history is a `Log`, a persistent list that every clone of a state shares, newest first. It is as deep
as the game is long, so nothing here walks it by recursion: `flat` and `linked` turn it into a flat tuple and back
with a loop (a state is pickled, OpenSpiel's serialisation, with its logs flat), and `tell` tells it as the
information state does (``seat:action ; ...``), from the last telling (`Told`) rather than the whole game again.

Examples:
    >>> log = linked([(0, "TH"), (1, "QS")])
    >>> flat(log)
    ((0, 'TH'), (1, 'QS'))
    >>> tell(Told(None, None), log, str)
    '0:TH ; 1:QS'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Union

__all__ = ["Log", "Told", "flat", "linked", "tell"]

Log = Union[tuple[tuple[Any, Any], "Log"], None]
"""A persistent list, newest first: (item, rest) pairs ending in None. Clones share it; nothing is copied.

Examples:
    >>> empty: Log = None
    >>> (("seat", "action"), empty)
    (('seat', 'action'), None)
"""


def flat(log: Log) -> tuple[Any, ...]:
    """The items of ``log``, oldest first, as a flat tuple (a loop, however long the game).

    Examples:
        >>> flat(((1, "QS"), ((0, "TH"), None)))
        ((0, 'TH'), (1, 'QS'))
        >>> flat(None)
        ()
    """
    items = []
    while log is not None:
        item, log = log
        items.append(item)
    items.reverse()
    return tuple(items)


def linked(items: Sequence[Any]) -> Log:
    """The log of ``items`` (oldest first): `flat` undone, with a loop.

    Examples:
        >>> linked([(0, "TH"), (1, "QS")])
        ((1, 'QS'), ((0, 'TH'), None))
        >>> flat(linked(range(3)))
        (0, 1, 2)
    """
    log: Log = None
    for item in items:
        log = (item, log)
    return log


class Told:
    """The actions of a log as the information state tells them (``seat:action ; ...``), worked out once.

    A position gets one when its information state is first asked for, and every position with the same log
    shares it. Once a position has one, a player's action (``item``) from it starts a new one, ``before`` it, so
    that its text is the last one's and one more action, not the whole game told again at every step (OpenSpiel's
    tests ask for information states at every step: the whole history told each time makes a long game's run
    quadratic). Once its text is known (``text``), it lets ``before`` go: only the positions that hold it keep a
    text. A playout that never asks makes none.

    Attributes:
        item: The action this one adds to ``before``'s, as ``(seat, action)`` (None: the first).
        before: The telling one action earlier, while this one's text is not known.
        text: The history told, once known (None: not yet).

    Examples:
        >>> start = Told(None, None)
        >>> after = Told((0, "TH"), start)
        >>> tell(after, linked([(0, "TH")]), str), after.before is None
        ('0:TH', True)
    """

    __slots__ = ("before", "item", "text")

    def __init__(self, item: Any, before: Told | None, text: str | None = None) -> None:
        self.item, self.before, self.text = item, before, text


def tell(told: Told, log: Log, action_text: Callable[[Any], str]) -> str:
    """Every action of ``log`` (``(seat, action)`` items), oldest first, as the information state tells them, each
    action by ``action_text``: from the last text ``told`` knows, or the whole log if it knows none (a loop, never
    recursion). The text is kept in ``told``.

    Examples:
        >>> start = Told(None, None)
        >>> tell(start, None, str)  # the empty history
        ''
        >>> log = linked([(0, "TH"), (1, "QS")])
        >>> tell(Told((1, "QS"), Told((0, "TH"), start)), log, str.lower)
        '0:th ; 1:qs'
    """
    text = told.text
    if text is None:
        pending: list[Any] = []
        link: Told | None = told
        while link is not None and link.text is None:
            pending.append(link.item)
            link = link.before
        if link is None:  # no text known before: the whole log
            parts = [f"{seat}:{action_text(action)}" for seat, action in flat(log)]
        else:  # an entry is never empty ("seat:..."), so an empty text is the empty history
            parts = [link.text] if link.text else []
            parts += [f"{seat}:{action_text(action)}" for seat, action in reversed(pending)]
        text = told.text = " ; ".join(parts)
        told.before = None
    return text
