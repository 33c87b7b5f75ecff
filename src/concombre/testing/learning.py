"""The ``encoding`` promise (*sampled*), with ``learning.encoding``: every view's vector, the observation, the
texts, the card numbers, and the slots of the actions.

Internal to `concombre.testing`: use `check_game`.
"""

from __future__ import annotations

from typing import Any

from concombre.core.game import Encoding
from concombre.testing.run import Run, below

__all__ = ["check_encoding"]


def check_encoding(run: Run, encoding: Encoding[Any, Any, Any], state: Any, legal: tuple[Any, ...],
                   seen: list[Any]) -> None:
    """``encoding``: every view's vector has the shape ``(size,)`` and finite values from ``low`` to 1,
    ``observe`` agrees with ``encode(view)``, ``text`` is text, ``hand`` and ``action_cards`` give card numbers
    below ``cards``; the slots are numbers below ``actions``, none while the table acts, each an action the rules
    accept, and where ``slot_action`` numbers every action, the legal actions exactly (numpy is imported).

    Examples:
        >>> from concombre.games import find_game
        >>> from concombre.testing.run import Options, Run
        >>> game = find_game("concombre")
        >>> run, encoding = Run(game, 1, 2, Options()), game.learning.encoding()
        >>> start = game.new_game(2, seed=1)
        >>> dealt = game.apply(start, game.legal_actions(start)[0])
        >>> seen = [game.view(dealt, seat) for seat in range(2)]
        >>> check_encoding(run, encoding, dealt, tuple(game.legal_actions(dealt)), seen); run.counts
        {'encoding': 26}
    """
    import numpy

    def cards(numbers: Any) -> bool:
        return all(below(number, encoding.cards) for number in numbers)

    for seat, view in enumerate(seen):
        vector = run.collect("encoding", "encoding.encode", encoding.encode, view, into=_numbers,
                             shape="an array of numbers")
        if not run.holds(vector.shape == (encoding.size,) and bool(numpy.all(numpy.isfinite(vector))) and bool(
                numpy.all((vector >= encoding.low) & (vector <= 1.0))), "encoding"):
            span = f"values from {vector.min()} to {vector.max()}" if vector.size else "no values"
            raise run.failure("encoding", "encoding.encode", f"seat {seat}'s vector has the shape {vector.shape} "
                                                             f"and {span}, not ({encoding.size},) from "
                                                             f"{encoding.low} to 1")
        if encoding.observe is not None:
            observed = run.collect("encoding", "encoding.observe", encoding.observe, state, seat, into=_numbers,
                                   shape="an array of numbers")
            run.expect(numpy.array_equal(observed, vector), "encoding", "encoding.observe",
                       f"seat {seat}'s observation is not encode(view)")
        text = run.call("encoding", "encoding.text", encoding.text, view)
        run.expect(isinstance(text, str), "encoding", "encoding.text", f"it answers {text!r}, no text")
        held = run.collect("encoding", "encoding.hand", encoding.hand, view, into=list)
        run.expect(cards(held), "encoding", "encoding.hand", f"seat {seat}'s hand is {held}, not card numbers "
                                                             f"below {encoding.cards}")
    for action in legal:
        taken = run.collect("encoding", "encoding.action_cards", encoding.action_cards, action, into=list)
        if not run.holds(cards(taken), "encoding"):
            raise run.failure("encoding", "encoding.action_cards", f"{action!r} takes {taken}, not card numbers "
                                                                   f"below {encoding.cards}")
    _check_slots(run, encoding, state, legal)


def _numbers(answer: Any) -> Any:
    """``answer`` as a numpy array of numbers (a TypeError if its values are not numbers)."""
    import numpy

    vector = numpy.asarray(answer)
    if vector.dtype.kind not in "biuf":
        raise TypeError(f"its values are of the kind {vector.dtype.name!r}, not numbers")
    return vector


def _listed(slots: dict[Any, Any]) -> list[Any]:
    """The slots, in order where they can be ordered."""
    try:
        return sorted(slots)
    except TypeError:
        return list(slots)


def _check_slots(run: Run, encoding: Encoding[Any, Any, Any], state: Any, legal: tuple[Any, ...]) -> None:
    game = run.game
    slots = run.collect("encoding", "encoding.slots", encoding.slots, state, into=dict)
    to_play = run.call("encoding", "to_play", game.to_play, state)
    if not run.holds(all(below(slot, encoding.actions) for slot in slots), "encoding"):
        raise run.failure("encoding", "encoding.slots", f"its slots {_listed(slots)} are not all numbers below "
                                                        f"{encoding.actions}")
    if not run.holds(to_play is not None or not slots, "encoding"):
        raise run.failure("encoding", "encoding.slots", f"it offers the slots {_listed(slots)} while the table acts")
    with run.guard("encoding", "refusal"):
        refused = [(slot, str(why)) for slot, action in slots.items() if (why := game.refusal(state, action))]
    run.expect(not refused, "encoding", "encoding.slots", f"it offers slots the rules refuse: {refused}")
    if encoding.slot_action is None:  # slots numbered afresh in each state: a choice among the legal actions
        run.expect(to_play is None or bool(slots), "encoding", "encoding.slots", "it offers the seat to move no slot")
        return
    if not run.holds(to_play is None or set(slots.values()) == set(legal), "encoding"):
        raise run.failure("encoding", "encoding.slots", f"its slots' actions are not the legal actions: "
                                                        f"{len(slots)} slots, {len(legal)} actions")
    for slot, action in slots.items():
        fixed = run.call("encoding", "encoding.slot_action", encoding.slot_action, slot)
        if not run.holds(fixed is None or fixed == action, "encoding"):
            raise run.failure("encoding", "encoding.slot_action", f"slot {slot} stands for {fixed!r}, but slots "
                                                                  f"offers it as {action!r}")
