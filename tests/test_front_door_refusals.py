"""Front doors refuse what is not theirs: a game's replay refuses another game's record (naming it), every JSON
loader refuses an object that gives a key twice (naming the key's path), and a game typed as offering every
capability (`FullGame`) offers them at run time too."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import concombre
import concombre.romme as romme
from concombre.core.errors import FormatError, InvalidArgumentError
from concombre.core.game import OFFERED, AnyGame, FullGame, Game, register, registration_problems, unregister
from concombre.core.records import Record, own_record, replay, replay_states
from concombre.examples import highcard, highcard_full
from concombre.games import find_game
from concombre.io.json import action_from_json, from_json, to_dict, to_json
from concombre.io.records import load_record, read_record


def played(game: Any, seed: int, steps: int) -> tuple[Any, Record[Any]]:
    """A state after up to ``steps`` random legal actions, and its record."""
    state = game.new_game(2, seed=seed)
    record: Record[Any] = Record.of(state)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over(state):
            break
        action = rng.choice(list(game.legal_actions(state)))
        state, record = game.apply(state, action), record.then(action)
    return state, record


# -- a game's replay refuses another game's record ----------------------------------------------------------------


def test_concombre_s_replay_refuses_a_romme_record_naming_its_game_and_its_replay():
    _, record = played(romme.GAME, 1, 5)
    for door in (concombre.replay, concombre.replay_states):
        with pytest.raises(InvalidArgumentError) as caught:
            door(record)
        assert caught.value.field == "record"
        assert "This is a German Rommé record, not a Concombre one" in caught.value.reason
        assert "concombre.core.records.replay" in caught.value.reason


def test_romme_s_replay_refuses_a_concombre_record_naming_its_game_and_its_replay():
    _, record = played(concombre.GAME, 2, 5)
    for door in (romme.replay, romme.replay_states):
        with pytest.raises(InvalidArgumentError) as caught:
            door(record)
        assert caught.value.field == "record"
        assert "This is a Concombre record, not a German Rommé one" in caught.value.reason
        assert "concombre.core.records.replay" in caught.value.reason


@pytest.fixture
def third() -> Iterator[AnyGame]:
    register(highcard.GAME)
    yield highcard.GAME
    unregister(highcard.GAME)


def test_a_third_game_s_record_is_sent_to_the_replay_of_any_game(third):
    _, record = played(third, 3, 3)
    with pytest.raises(InvalidArgumentError,
                       match=r"High Card record.*concombre\.core\.records\.replay, or its own game's replay\.$"):
        concombre.replay(record)
    assert replay(record) == played(third, 3, 3)[0]


@pytest.mark.parametrize("door", [concombre.replay, romme.replay, concombre.replay_states, romme.replay_states])
@pytest.mark.parametrize("value", [None, "concombre record 1", {"players": ["A", "B"]}, 3])
def test_a_front_door_s_replay_refuses_what_is_no_record(door, value):
    with pytest.raises(InvalidArgumentError) as caught:
        door(value)
    assert caught.value.field == "record"


@pytest.mark.parametrize(("game", "door", "states"), [(concombre.GAME, concombre.replay, concombre.replay_states),
                                                     (romme.GAME, romme.replay, romme.replay_states)])
def test_a_front_door_replays_its_own_game_as_the_replay_of_any_game_does(game, door, states):
    for seed in range(3):
        state, record = played(game, seed, 40)
        assert door(record) == replay(record) == state
        assert list(states(record)) == list(replay_states(record))
        assert own_record(game, record) is record


def test_the_refusal_comes_before_any_state_is_built():
    _, record = played(romme.GAME, 4, 2)
    with pytest.raises(InvalidArgumentError):
        concombre.replay_states(record)  # at the call, not at the first next()


# -- JSON: a key given twice is refused, with its path ------------------------------------------------------------


def with_twice(value: Any, target: tuple[Any, ...], path: tuple[Any, ...] = ()) -> str:
    """``value`` as JSON text, the key at ``target`` (a path of keys and indices) written twice."""
    if isinstance(value, dict):
        parts = []
        for key, item in value.items():
            text = f"{json.dumps(key)}: {with_twice(item, target, (*path, key))}"
            parts += [text, text] if (*path, key) == target else [text]
        return "{" + ", ".join(parts) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(with_twice(item, target, (*path, index)) for index, item in enumerate(value)) + "]"
    return json.dumps(value, ensure_ascii=False)


def keys_of(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every key of every object in ``value``."""
    if isinstance(value, dict):
        return [found for key, item in value.items() for found in [(*path, key), *keys_of(item, (*path, key))]]
    if isinstance(value, list):
        return [found for index, item in enumerate(value) for found in keys_of(item, (*path, index))]
    return []


def path_text(path: tuple[Any, ...]) -> str:
    return "$" + "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path)


def documents() -> list[Any]:
    values: list[Any] = []
    for game in (concombre.GAME, romme.GAME):
        state, record = played(game, 5, 30)
        values += [state, game.view(state, 0), record, record.actions[-1], state.rules]
    return values


@pytest.mark.parametrize("value", documents(), ids=lambda value: type(value).__name__)
def test_every_key_given_twice_is_refused_at_its_path(value):
    document = to_dict(value)
    keys = keys_of(document)
    assert from_json(with_twice(document, ())) == value  # the writer below writes what the library reads
    for target in random.Random(len(keys)).sample(keys, min(len(keys), 25)):
        with pytest.raises(FormatError) as caught:
            from_json(with_twice(document, target))
        assert caught.value.path == path_text(target)
        assert caught.value.reason == f"{target[-1]!r} is given twice"


def test_an_action_and_a_record_read_by_their_own_loaders_refuse_a_key_given_twice(tmp_path):
    with pytest.raises(FormatError) as caught:
        action_from_json('{"format": "concombre.action/1", "type": "play", "card": "QH", "card": "KH"}',
                         concombre.GAME)
    assert caught.value.path == "$.card"
    _, record = played(romme.GAME, 6, 10)
    twice = with_twice(to_dict(record), ("players",))
    with pytest.raises(FormatError) as caught:
        read_record(twice)
    assert caught.value.path == "$.players"
    saved = tmp_path / "game.json"
    saved.write_text(twice, encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        load_record(str(saved))
    assert caught.value.path == f"{saved}: $.players"


def test_the_outermost_key_given_twice_is_named_when_it_hides_an_inner_one():
    with pytest.raises(FormatError) as caught:
        from_json('{"format": "concombre.rules/1", "a": {"b": 1, "b": 2}, "a": 3}')
    assert (caught.value.path, caught.value.reason) == ("$.a", "'a' is given twice")
    with pytest.raises(FormatError) as caught:
        from_json('[{"x": 1}, {"y": {"z": 1, "z": 1}}]')
    assert caught.value.path == "$[1].y.z"


def test_equal_keys_in_different_objects_are_no_repeat():
    state, _ = played(concombre.GAME, 7, 10)
    assert from_json(to_json(state)) == state  # "card" in many actions, "players" beside "rules"...


# -- a game typed as offering every capability offers them ----------------------------------------------------------


def test_the_built_in_games_offer_every_capability_they_are_typed_with():
    for game in (concombre.GAME, romme.GAME, find_game("concombre"), find_game("romme")):
        assert isinstance(game, FullGame) and isinstance(game, Game)
        assert all(getattr(game, name) is not None for name in OFFERED)
        assert registration_problems(game) == []


def test_a_game_without_a_capability_is_a_plain_game_and_one_with_all_is_a_full_one():
    game: AnyGame = concombre.GAME  # typed as any game: a type checker refuses to take a FullGame's capability away
    for name in OFFERED:
        removed: dict[str, Any] = {name: None}
        bare = attrs.evolve(game, **removed)
        assert type(bare) is Game and getattr(bare, name) is None, name
        given: dict[str, Any] = {name: getattr(concombre.GAME, name)}
        whole = attrs.evolve(bare, **given)
        assert type(whole) is FullGame, name
    assert type(highcard.GAME) is Game  # the example game offers no records, story...
    assert type(highcard_full.GAME_FULL) is FullGame  # its whole form, built by attrs.evolve, offers them all
    bare = attrs.evolve(game, eliminated=None)  # a rule, not a capability
    assert type(bare) is FullGame


def test_a_full_game_copies_as_one():
    for copied in (copy.copy(romme.GAME), copy.deepcopy(romme.GAME)):
        assert type(copied) is FullGame and copied.name == "romme" and copied.story is not None


def test_a_full_game_is_built_as_a_game_is_and_stays_frozen():
    fields: dict[str, Any] = {str(field.alias): getattr(concombre.GAME, field.name) for field in attrs.fields(Game)}
    built = FullGame(**fields)
    assert type(built) is FullGame and built.story is concombre.GAME.story
    assert type(Game(**fields)) is FullGame
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.story = None  # type: ignore[assignment]
    with pytest.deprecated_call():
        old = Game(**{key: value for key, value in fields.items() if key != "info"}, name="old", title="Old",
                   players=(2, 3), default_players=2, player_ruling="O1")
    assert type(old) is FullGame and old.name == "old"
