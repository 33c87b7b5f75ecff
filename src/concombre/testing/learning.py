"""The ``encoding`` promise (*sampled*), with ``learning.encoding``: every view's vector, the observation, the
texts, the card numbers, the slots of the actions, and the moves built in parts where the game has them.

Internal to `concombre.testing`: use `check_game`.
"""

from __future__ import annotations

import random
from typing import Any

from concombre.core.game import Encoding, Parts
from concombre.testing.run import Run, below

__all__ = ["check_encoding", "check_parts"]


def check_encoding(run: Run, encoding: Encoding[Any, Any, Any], state: Any, legal: tuple[Any, ...],
                   seen: list[Any], before: Any = None, action: Any = None) -> None:
    """``encoding``: every view's vector has the shape ``(size,)`` and finite values from ``low`` to 1,
    ``observe`` agrees with ``encode(view)``, ``text`` is text, ``hand`` and ``action_cards`` give card numbers
    below ``cards``; the slots are numbers below ``actions``, none while the table acts, each an action the rules
    accept, and where ``slot_action`` numbers every action, the legal actions exactly (numpy is imported).
    With ``parts``, the parts too (`check_parts`), what the seats remember of ``action`` taken in ``before``
    with them.

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
    for offered in legal:
        taken = run.collect("encoding", "encoding.action_cards", encoding.action_cards, offered, into=list)
        if not run.holds(cards(taken), "encoding"):
            raise run.failure("encoding", "encoding.action_cards", f"{offered!r} takes {taken}, not card numbers "
                                                                   f"below {encoding.cards}")
    _check_slots(run, encoding, state, legal)
    if encoding.parts is not None:
        memory = None
        if before is not None and action is not None:
            memory = run.call("encoding", "encoding.parts.remember", encoding.parts.remember, None, before, action)
        check_parts(run, encoding, state, legal, memory)


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


_WALKS = 3  # random paths through the parts offered, a state
_REACHED = 4  # legal actions walked to, part by part, a state
_LONGEST = 1000  # parts a path may take before the kit calls it endless


def check_parts(run: Run, encoding: Encoding[Any, Any, Any], state: Any, legal: tuple[Any, ...],
                memory: Any = None) -> None:
    """The moves built in parts (``encoding.parts``), under the ``encoding`` promise: parts are offered while a
    seat is to move and never while the table acts, in increasing order below ``size``; random paths through
    the parts offered each end in a legal action, and a few legal actions' own parts, taken one at a time,
    reach that very action; ``observe`` with nothing built and nothing remembered is the encoding's
    observation, and with ``memory`` (and, where the game can ``sample`` a twin state that differs only in
    what the seat cannot see, on the twin too) a vector of the encoding's shape and values.

    Examples:
        >>> from concombre.games import find_game
        >>> from concombre.testing.run import Options, Run
        >>> game = find_game("romme")
        >>> run, encoding = Run(game, 1, 2, Options()), game.learning.encoding()
        >>> dealt = game.apply(game.new_game(2, seed=1), game.legal_actions(game.new_game(2, seed=1))[0])
        >>> check_parts(run, encoding, dealt, game.legal_actions(dealt)); run.counts["encoding"] > 10
        True
    """
    import numpy

    parts: Parts[Any, Any] = encoding.parts  # type: ignore[assignment]
    game = run.game
    to_play = run.call("encoding", "to_play", game.to_play, state)
    first = run.collect("encoding", "encoding.parts.offered", parts.offered, state, ())
    if not run.holds(all(below(part, parts.size) for part in first) and list(first) == sorted(set(first)),
                     "encoding"):
        raise run.failure("encoding", "encoding.parts.offered", f"it offers {list(first)}, not parts in increasing "
                                                                f"order below {parts.size}")
    if to_play is None:
        run.expect(not first, "encoding", "encoding.parts.offered", f"it offers {list(first)} while the table acts")
    else:
        run.expect(bool(first), "encoding", "encoding.parts.offered", "it offers the seat to move no part")
    rng = random.Random(run.seed * 7919 + run.step)
    moves = list(legal) if to_play is not None else []
    for _ in range(_WALKS if first else 0):
        made = _walk(run, parts, state, rng)
        run.expect(made in moves, "encoding", "encoding.parts.add", f"a path through the parts offered ends in "
                                                                    f"{made!r}, no legal action")
    for wanted in rng.sample(moves, min(_REACHED, len(moves))):
        _reach(run, parts, state, wanted)
    for seat in range(run.players):
        plain = run.collect("encoding", "encoding.parts.observe", parts.observe, state, seat, (), None,
                            into=numpy.asarray)
        run.expect(numpy.array_equal(plain, encoding.observation(game, state, seat)), "encoding",
                   "encoding.parts.observe", f"seat {seat}'s observation with nothing built is not the encoding's")
        if memory is None:
            continue
        twins = [state]
        sample = game.learning.sample if game.learning is not None else None
        if sample is not None and not game.is_over(state):
            twins.append(run.call("encoding", "learning.sample", sample, game.view(state, seat), rng))
        vectors = [run.collect("encoding", "encoding.parts.observe", parts.observe, twin, seat, (), memory,
                               into=numpy.asarray) for twin in twins]
        for vector in vectors:
            run.expect(vector.shape == (encoding.size,) and bool(numpy.all((vector >= encoding.low) & (vector <= 1))),
                       "encoding", "encoding.parts.observe", f"seat {seat}'s observation with memory has the shape "
                                                             f"{vector.shape} or values beyond {encoding.low} to 1")
        run.expect(all(numpy.array_equal(vectors[0], vector) for vector in vectors), "encoding",
                   "encoding.parts.observe", f"seat {seat}'s observation with memory changes when only what it "
                                             f"cannot see changes (a twin from learning.sample)")


def _walk(run: Run, parts: Parts[Any, Any], state: Any, rng: random.Random) -> Any:
    """The action a random path through the parts offered ends in."""
    built: tuple[int, ...] = ()
    for _ in range(_LONGEST):
        offered = run.collect("encoding", "encoding.parts.offered", parts.offered, state, built)
        if not run.holds(bool(offered), "encoding"):
            raise run.failure("encoding", "encoding.parts.offered", f"the parts {list(built)} lead nowhere: none is "
                                                                    f"offered after them")
        built, made = run.collect("encoding", "encoding.parts.add", parts.add, state, built, rng.choice(offered))
        if made is not None:
            run.expect(built == (), "encoding", "encoding.parts.add", f"a move made leaves the parts {built} built")
            return made
    raise run.failure("encoding", "encoding.parts.add", f"a path through the parts offered takes over {_LONGEST}")


def _reach(run: Run, parts: Parts[Any, Any], state: Any, wanted: Any) -> None:
    """A legal action's own parts, each offered in turn, make that very action."""
    sequence = run.collect("encoding", "encoding.parts.of", parts.of, wanted)
    built: tuple[int, ...] = ()
    made = None
    for depth, part in enumerate(sequence):
        offered = run.collect("encoding", "encoding.parts.offered", parts.offered, state, built)
        if not run.holds(part in offered and made is None, "encoding"):
            raise run.failure("encoding", "encoding.parts.offered", f"{wanted!r}'s part {depth}, {part}, is not "
                                                                    f"offered after {list(built)}")
        built, made = run.collect("encoding", "encoding.parts.add", parts.add, state, built, part)
    run.expect(made == wanted, "encoding", "encoding.parts.add", f"the parts of {wanted!r} make {made!r}")
