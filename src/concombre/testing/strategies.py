"""Hypothesis strategies over any game, for users' property-based tests: `states`, `views`, `actions` and
`records` of seeded games played by random legal actions.

Hypothesis is imported when a strategy is made (the ``test`` extra, ``pip install "concombre[test]"``, brings
it). Import these names from `concombre.testing`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from concombre.core.errors import InvalidArgumentError
from concombre.core.game import AnyGame
from concombre.core.records import Record
from concombre.testing.run import recorded

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["actions", "records", "states", "views"]


def _hypothesis() -> Any:
    try:
        from hypothesis import strategies
    except ImportError:  # pragma: no cover - a message for users without hypothesis
        raise ImportError("concombre.testing's strategies need hypothesis: pip install hypothesis") from None
    return strategies


def _played(game: AnyGame, players: Sequence[int] | None, max_steps: int
            ) -> SearchStrategy[tuple[Any, tuple[Any, ...]]]:
    st = _hypothesis()
    low, high = game.players
    counts = tuple(players) if players is not None else tuple(range(low, high + 1))

    @st.composite  # type: ignore[untyped-decorator]
    def build(draw: Callable[[Any], Any]) -> tuple[Any, tuple[Any, ...]]:
        start = game.new_game(draw(st.sampled_from(counts)), seed=draw(st.integers(0, 2**32 - 1)))
        state, taken = start, []
        for _ in range(draw(st.integers(0, max_steps))):
            legal = game.legal_actions(state)
            if not legal:
                break
            action = legal[draw(st.integers(0, len(legal) - 1))]
            state = game.apply(state, action)
            taken.append(action)
        return start, tuple(taken)

    strategy: SearchStrategy[tuple[Any, tuple[Any, ...]]] = build()
    return strategy


def states(game: AnyGame, *, players: Sequence[int] | None = None, max_steps: int = 300) -> SearchStrategy[Any]:
    """A hypothesis strategy for states of ``game`` reached by up to ``max_steps`` random legal actions.

    Examples:
        >>> from hypothesis import given, settings
        >>> from concombre.games import find_game
        >>> game = find_game("concombre")
        >>> @settings(max_examples=5)
        ... @given(states(game, players=(3,)))
        ... def test_three_players(state):
        ...     assert len(state.players) == 3
        >>> test_three_players()
    """
    return _played(game, players, max_steps).map(lambda played: _replayed(game, *played))


def views(game: AnyGame, *, players: Sequence[int] | None = None, max_steps: int = 300) -> SearchStrategy[Any]:
    """A hypothesis strategy for views of ``game``: a seat's view of a state of `states`.

    Examples:
        >>> from hypothesis import given, settings
        >>> from concombre.games import find_game
        >>> @settings(max_examples=5)
        ... @given(views(find_game("romme")))
        ... def test_a_view_is_a_seats(seen):
        ...     assert 0 <= seen.seat < len(seen.players)
        >>> test_a_view_is_a_seats()
    """
    st = _hypothesis()
    return states(game, players=players, max_steps=max_steps).flatmap(
        lambda state: st.integers(0, len(state.players) - 1).map(lambda seat: game.view(state, seat)))


def actions(game: AnyGame, state: Any) -> SearchStrategy[Any]:
    """A hypothesis strategy for the legal actions of ``state`` (none once the game is over).

    Examples:
        >>> from hypothesis import given, settings
        >>> from concombre.games import find_game
        >>> game = find_game("concombre")
        >>> start = game.new_game(2, seed=1)
        >>> @settings(max_examples=5)
        ... @given(actions(game, start))
        ... def test_legal(action):
        ...     assert game.refusal(start, action) is None
        >>> test_legal()
    """
    legal = tuple(game.legal_actions(state))
    if not legal:
        raise InvalidArgumentError("The game is over: there are no actions to draw.", field="state")
    strategy: SearchStrategy[Any] = _hypothesis().sampled_from(legal)
    return strategy


def records(game: AnyGame, *, players: Sequence[int] | None = None, max_steps: int = 300
            ) -> SearchStrategy[Record[Any]]:
    """A hypothesis strategy for records of ``game``: seeded games of up to ``max_steps`` random legal actions.

    Examples:
        >>> from hypothesis import given, settings
        >>> from concombre import replay
        >>> from concombre.games import find_game
        >>> @settings(max_examples=5)
        ... @given(records(find_game("concombre"), max_steps=40))
        ... def test_replays(record):
        ...     assert len(replay(record).players) == len(record.players)
        >>> test_replays()
    """
    return _played(game, players, max_steps).map(lambda played: recorded(*played))


def _replayed(game: AnyGame, start: Any, taken: tuple[Any, ...]) -> Any:
    state = start
    for action in taken:
        state = game.apply(state, action)
    return state
