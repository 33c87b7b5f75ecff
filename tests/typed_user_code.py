"""User code written against the typed games: `tests/test_typing.py` checks it with ``mypy --strict``.

Each built-in game's ``GAME`` is a ``Game[State, Action, View]``, so a loop over it is checked; the test-only
third game goes through the same protocol.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import concombre
import concombre.romme as romme
from concombre.core.errors import IllegalActionError
from concombre.core.game import AnyGame, Game
from concombre.examples import highcard
from concombre.games import find_game
from concombre.io.json import action_from_json

if TYPE_CHECKING:
    from typing import assert_type
else:  # typing.assert_type is Python 3.11's; at run time it only hands the value back

    def assert_type(value: Any, _: Any) -> Any:
        return value


def play_out(game: Game[concombre.State, concombre.Action, concombre.View], seed: int) -> int | None:
    state = game.new_game(game.default_players, seed=seed)
    assert_type(state, concombre.State)
    rng = random.Random(seed)
    while not game.is_over(state):
        actions = game.legal_actions(state)
        action = rng.choice(actions)
        assert_type(action, concombre.Action)
        refused = game.refusal(state, action)
        assert_type(refused, IllegalActionError | None)
        seen = game.view(state, 0)
        assert_type(seen, concombre.View)
        state = game.apply(state, action)
    return game.winner(state)


def play_romme(seed: int) -> tuple[float, ...]:
    game = romme.GAME
    state = game.new_game(2, seed=seed)
    assert_type(state, romme.State)
    bot = game.bot("solver")
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = game.to_play(state)
        action = game.legal_actions(state)[0] if seat is None else bot.choose(game.view(state, seat), rng)
        assert_type(action, romme.Action)
        state = game.apply(state, action)
    assert_type(state.hand(0), tuple[romme.RommeCard, ...])
    return game.returns(state)


def play_third(seed: int) -> int | None:
    game = highcard.GAME
    state = game.new_game(2, seed=seed)
    assert_type(state, highcard.State)
    while not game.is_over(state):
        state = game.apply(state, game.legal_actions(state)[0])
    return game.winner(state)


def served(seed: int) -> concombre.Record[concombre.Action]:
    """A server's loop: each action from the seat that sent it, through the dynamic door, and the record typed."""
    game = find_game("concombre")
    state = game.apply(game.new_game(2, seed=seed), concombre.Deal(), seat=None)  # the table's own step
    record = concombre.Record[concombre.Action].of(game.new_game(2, seed=seed)).then(concombre.Deal())
    assert_type(record, concombre.Record[concombre.Action])
    sent = concombre.to_json(game.legal_actions(state)[0])
    action = action_from_json(sent, concombre.GAME)  # any action of this game, typed
    assert_type(action, concombre.Action)
    seat = state.to_play
    assert game.refusal(state, action, seat=seat) is None and not game.is_legal(state, action, seat=None)
    return record.then(action)


def dynamic(name: str) -> str:
    game: AnyGame = find_game(name)  # the dynamic door: its types are Any
    return game.title


def run() -> None:
    assert play_out(concombre.GAME, 1) is not None
    assert max(play_romme(2)) == 1.0
    assert play_third(3) in (0, 1)
    assert dynamic("romme") == "German Rommé"
    assert len(served(4).actions) == 2
