"""User code written against the typed games: `tests/test_typing.py` checks it with ``mypy --strict``.

Each built-in game's ``GAME`` is a ``Game[State, Action, View]``, so a loop over it is checked; the test-only
third game goes through the same protocol.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import concombre
import concombre.romme as romme
from concombre.core.errors import IllegalActionError
from concombre.core.game import AnyGame, Game, Learning
from concombre.core.records import Record, replay, replay_states
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


def typed_to_the_end(seed: int) -> str:
    """A built-in game found by name, its records and replays, and its capabilities, typed with no assert."""
    game = find_game("romme")
    state = game.new_game(2, seed=seed)
    assert_type(game.legal_actions(state), Sequence[romme.Action])
    record = Record.of(state)
    assert_type(record, Record[romme.Action])
    assert_type(record.start(), romme.State)
    record = record.then(game.legal_actions(state)[0])
    assert_type(replay(record), romme.State)
    assert_type(romme.replay(record), romme.State)
    assert_type(next(replay_states(record)), romme.State)
    ours = Record.of(concombre.new_game(2, seed=seed))
    assert_type(ours, Record[concombre.Action])
    assert_type(concombre.replay(ours), concombre.State)
    assert_type(ours.start(), concombre.State)
    loaded: Record[Any] = ours  # a record of any game, as load_record gives it: its states are Any
    assert_type(loaded.start(), Any)
    assert_type(replay(loaded), Any)
    seen = concombre.GAME.view(concombre.GAME.apply(ours.start(), concombre.Deal()), 0)
    lines = concombre.GAME.story.show(seen)  # no assert: the built-in games offer every capability
    assert_type(find_game("concombre").records.header, str)
    assert_type(game.bots.stand_in, str)
    assert_type(game.render(state).title, str)
    assert_type(concombre.GAME.codec.prefix, str)
    assert_type(concombre.GAME.learning, Learning[concombre.State, concombre.Action, concombre.View])
    assert_type(concombre.GAME.points(ours.start(), ours.start()), tuple[float, ...])
    return concombre.GAME.story.describe(concombre.Rules()) + " / " + lines[0]


def dynamic(name: str) -> str:
    game: AnyGame = find_game(name)  # the dynamic door: its types are Any
    return game.title


def run() -> None:
    assert play_out(concombre.GAME, 1) is not None
    assert max(play_romme(2)) == 1.0
    assert play_third(3) in (0, 1)
    assert dynamic("romme") == "German Rommé"
    assert len(served(4).actions) == 2
    assert typed_to_the_end(5).startswith("followers")
