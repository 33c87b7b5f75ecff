"""The checks of the required core, at every step: ``agrees``, ``offered``, ``refused``, ``views`` (leaks with
``learning.sample``) and, at a game's end, ``deterministic``.

Each check takes the `~concombre.testing.run.Run` of the game under check and fails with its
`~concombre.testing.run.BrokenError`. Internal to `concombre.testing`: use `check_game`.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from concombre.core.errors import IllegalActionError, InvalidArgumentError
from concombre.testing.run import BrokenError, Run

__all__ = ["check_agreement", "check_determinism", "check_offered", "check_refused", "check_views"]


_NOT_AN_ACTION = object()


def check_agreement(run: Run, state: Any, legal: tuple[Any, ...], over: bool) -> None:
    """``agrees``: `is_over`, `winner`, `to_play` and `legal_actions` agree, and `returns` gives one number a
    seat.

    Examples:
        >>> from concombre.games import find_game
        >>> from concombre.testing.run import Options, Run
        >>> game, run = find_game("concombre"), Run(find_game("concombre"), 1, 2, Options())
        >>> start = game.new_game(2, seed=1)
        >>> check_agreement(run, start, tuple(game.legal_actions(start)), False); run.counts
        {'agrees': 4}
    """
    game = run.game
    with run.guard("agrees", "winner/to_play/returns"):
        winner, to_play = game.winner(state), game.to_play(state)
    returns = run.collect("agrees", "returns", game.returns, state)
    run.expect(over == (not legal), "agrees", "legal_actions",
               f"is_over is {over} but {len(legal)} actions are offered")
    run.expect(winner is None or over, "agrees", "winner", f"winner is {winner!r} before the game is over")
    run.expect(to_play is None or (isinstance(to_play, int) and 0 <= to_play < run.players), "agrees", "to_play",
               f"to_play is {to_play!r}, no seat of {run.players}")
    run.expect(len(returns) == run.players, "agrees", "returns", f"returns gives {len(returns)} numbers")


def check_offered(run: Run, state: Any, legal: tuple[Any, ...], rng: random.Random) -> None:
    """``offered``: `refusal` accepts every offered action (for the referee and for the seat to move), and
    `apply` a sample of them (``options.applied``, drawn from ``rng``).

    Examples:
        >>> import random
        >>> from concombre.games import find_game
        >>> from concombre.testing.run import Options, Run
        >>> game, run = find_game("concombre"), Run(find_game("concombre"), 1, 2, Options())
        >>> start = game.new_game(2, seed=1)
        >>> check_offered(run, start, tuple(game.legal_actions(start)), random.Random(1)); run.counts
        {'offered': 2}
    """
    game = run.game
    seat = run.call("agrees", "to_play", game.to_play, state)  # the seat to move, or None for the table's steps
    with run.guard("offered", "refusal"):
        for action in legal:
            refused = game.refusal(state, action)
            run.expect(refused is None, "offered", "refusal", f"it refuses the offered {action!r}: {refused}")
            refused = game.refusal(state, action, seat=seat)
            run.expect(refused is None, "offered", "refusal",
                       f"it refuses the offered {action!r} from seat {seat!r}: {refused}")
    for action in rng.sample(legal, min(run.options.applied, len(legal))):
        try:
            game.apply(state, action, seat=seat)
        except Exception as err:  # a refusal or a crash: either breaks the promise
            run.expect(False, "offered", "apply", f"it refuses the offered {action!r}: {type(err).__name__}: {err}")


def check_refused(run: Run, state: Any, legal: tuple[Any, ...], taken: list[Any]) -> None:
    """``refused``: actions of other moments (from ``taken``) and from another seat are refused by `apply` with
    `refusal`'s very error, ``seat=None`` is refused for a player's action, a value that is no action gets
    `~concombre.core.errors.InvalidArgumentError` naming ``action``; and the state is left untouched.

    Examples:
        >>> from concombre.games import find_game
        >>> from concombre.testing.run import Options, Run
        >>> game, run = find_game("concombre"), Run(find_game("concombre"), 1, 2, Options())
        >>> start = game.new_game(2, seed=1)
        >>> dealt = game.apply(start, game.legal_actions(start)[0])
        >>> check_refused(run, dealt, tuple(game.legal_actions(dealt)), [game.legal_actions(start)[0]])
        >>> run.counts
        {'refused': 5}
    """
    game = run.game
    before = repr(state)
    illegal = [action for action in taken[-8:] if action not in legal][:3]  # actions of other moments
    with run.guard("refused", "refusal"):
        for action in illegal:
            _expect_refusal(run, state, action, game.refusal(state, action), {})
        to_play = game.to_play(state)
        if legal and to_play is not None:
            if run.players > 1:
                other = (to_play + 1) % run.players
                _expect_refusal(run, state, legal[0], game.refusal(state, legal[0], seat=other), {"seat": other})
            _expect_refusal(run, state, legal[0], game.refusal(state, legal[0], seat=None), {"seat": None})
    try:
        game.apply(state, _NOT_AN_ACTION)
        run.expect(False, "refused", "apply", "it accepts a value that is no action")
    except InvalidArgumentError as err:
        run.expect(err.field == "action", "refused", "apply", f"it refuses a value that is no action naming "
                                                              f"the field {err.field!r}, not 'action'")
    except BrokenError:
        raise
    except Exception as err:  # anything else is what the promise forbids
        run.expect(False, "refused", "apply", f"a value that is no action raises {type(err).__name__}: {err}, "
                                              "not InvalidArgumentError")
    run.expect(repr(state) == before, "refused", "apply", "a refused action changed the state")


def _expect_refusal(run: Run, state: Any, action: Any, refused: IllegalActionError | None,
                    seat: dict[str, Any]) -> None:
    game = run.game
    try:
        game.apply(state, action, **seat)
    except IllegalActionError as err:
        run.expect(refused is not None and (err.reason, err.ruling) == (refused.reason, refused.ruling), "refused",
                   "refusal", f"apply refuses {action!r} ({err}) but refusal says {refused}")
        return
    except BrokenError:
        raise
    except Exception as err:
        run.expect(False, "refused", "apply", f"{action!r} raises {type(err).__name__}: {err}, "
                                              "not IllegalActionError")
    run.expect(refused is None, "refused", "apply", f"apply accepts {action!r} that refusal refuses: {refused}")


def check_views(run: Run, state: Any, rng: random.Random, over: bool) -> None:
    """``views``: every seat's view says whose it is and who is to play; with ``learning.sample``, a twin state
    (one that differs only in what the seat cannot see) gives the same view, else the failure names the fields
    that differ.

    Examples:
        >>> import random
        >>> from concombre.games import find_game
        >>> from concombre.testing.run import Options, Run
        >>> game, run = find_game("romme"), Run(find_game("romme"), 1, 2, Options())
        >>> check_views(run, game.new_game(2, seed=1), random.Random(1), False); run.counts
        {'views': 4}
    """
    game = run.game
    to_play = run.call("views", "to_play", game.to_play, state)
    sample = game.learning.sample if game.learning is not None else None
    for seat in range(run.players):
        seen = run.call("views", "view", game.view, state, seat)
        says, plays = getattr(seen, "seat", _NOT_AN_ACTION), getattr(seen, "to_play", _NOT_AN_ACTION)
        if not run.holds(says == seat and plays == to_play, "views"):
            raise run.failure("views", "view", f"seat {seat}'s view says seat {_said(says)}, to play "
                                               f"{_said(plays)} (the state: {to_play!r})")
        if sample is not None and not over:
            twin = run.call("views", "learning.sample", sample, seen, rng)
            again = run.call("views", "view", game.view, twin, seat)
            if not run.holds(again == seen, "views"):
                raise run.failure("views", "view", _leak(seat, seen, again))


def _said(value: object) -> str:
    """What a view says of a field, or that it lacks the field."""
    return "nothing (no such field)" if value is _NOT_AN_ACTION else repr(value)


def _leak(seat: int, seen: Any, twin: Any) -> str:
    """Which fields of a seat's view a twin changes: what the view shows that the seat cannot see."""
    differ = [name for name, mine, theirs in _fields(seen, twin) if mine != theirs]
    named = ", ".join(repr(name) for name in differ) or "none of its fields, yet the views differ"
    return (f"seat {seat}'s view changes when only what it cannot see changes (a twin from learning.sample): "
            f"it shows hidden information in {named}")


def _fields(one: Any, other: Any) -> list[tuple[str, Any, Any]]:
    """A view's fields beside a twin's: an attrs class's, else its instance attributes."""
    kind = type(one)
    if attrs.has(kind) and kind is type(other):
        return [(field.name, getattr(one, field.name), getattr(other, field.name)) for field in attrs.fields(kind)]
    mine, theirs = getattr(one, "__dict__", {}), getattr(other, "__dict__", {})
    return [(name, mine.get(name), theirs.get(name)) for name in sorted(set(mine) | set(theirs))]


def check_determinism(run: Run, taken: list[Any], final: Any) -> None:
    """``deterministic``: the same seed and the choices ``taken`` give the same game, ``final``.

    Examples:
        >>> from concombre.games import find_game
        >>> from concombre.testing.run import Options, Run
        >>> game, run = find_game("concombre"), Run(find_game("concombre"), 1, 2, Options())
        >>> start = game.new_game(2, seed=1)
        >>> taken = [game.legal_actions(start)[0]]
        >>> check_determinism(run, taken, game.apply(start, taken[0])); run.counts
        {'deterministic': 1}
    """
    game = run.game
    state = game.new_game(run.players, seed=run.seed)
    for action in taken:
        try:
            state = game.apply(state, action)
        except Exception as err:
            run.expect(False, "deterministic", "apply", f"the same seed and choices refuse {action!r}: "
                                                        f"{type(err).__name__}: {err}")
    run.expect(state == final, "deterministic", "new_game/apply",
               "the same seed and choices give another game (a shuffle not drawn from the seed?)")
