"""Rommé records and JSON documents: round trips, schemas, hidden cards, and refusing bad input."""

from __future__ import annotations

import json
import random
from typing import Any, Literal

import attrs
import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from concombre import FormatError, from_dict, from_json, json_schema, to_dict, to_json
from concombre.romme import (
    Action,
    Deal,
    Discard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    MeldCards,
    ScoreRound,
    apply,
    deck,
    new_game,
    replay,
    replay_states,
    view,
)
from concombre.romme import (
    Phase as RommePhase,
)
from concombre.romme import (
    Record as RommeRecord,
)
from concombre.romme import (
    Rules as RommeRules,
)
from concombre.romme import (
    State as RommeState,
)
from concombre.romme import (
    View as RommeView,
)

from .support import choices, romme_games

KINDS: tuple[Literal["romme.action", "romme.record", "romme.state", "romme.view"], ...] = (
    "romme.action", "romme.record", "romme.state", "romme.view"
)
VALIDATORS = {kind.split(".")[1]: jsonschema.Draft202012Validator(json_schema(kind)) for kind in KINDS}


def validate(document: dict[str, Any]) -> None:
    VALIDATORS[document["format"].split(".")[2].split("/")[0]].validate(document)


def random_game(state: RommeState, rng: random.Random) -> tuple[list[RommeState], RommeRecord]:
    record, states = RommeRecord.of(state), [state]
    while state.phase is not RommePhase.GAME_OVER:
        action = rng.choice(choices(state, rng))
        state, record = apply(state, action), record.then(action)
        states.append(state)
    return states, record


def test_the_romme_schemas_are_valid():
    for kind in KINDS:
        jsonschema.Draft202012Validator.check_schema(json_schema(kind))


@pytest.mark.parametrize("action", [
    Deal(), Deal(deck()), DrawStock(), MeldCards([["QH1", "QS1", "QD1"], ["AC1", "2C1", "JK1"]]),
    LayOff("7H1", 2, "high"), LayOff("QC1", 0), ExchangeJoker("5S2", 1, 2, ["9C1", "9D1", "JK1"]),
    Discard("TS2"), ScoreRound(),
])
def test_actions_round_trip_and_validate(action):
    document = to_dict(action)
    validate(document)
    assert from_json(to_json(action)) == action
    assert from_json(to_json(action), type(action)) == action


@settings(max_examples=6)
@given(romme_games())
def test_states_views_and_records_round_trip(game):
    state, rng = game
    states, record = random_game(state, rng)
    for sample in [*rng.sample(states, min(len(states), 15)), states[-1]]:
        document = to_dict(sample)
        validate(document)
        assert from_json(to_json(sample), RommeState) == sample
        seat = rng.randrange(len(sample.players))
        seen = view(sample, seat)
        validate(to_dict(seen))
        assert from_json(to_json(seen), RommeView) == seen
        text = to_json(seen)
        hidden = {str(card) for other, hand in enumerate(sample.hands) if other != seat for card in hand}
        hidden |= {str(card) for card in sample.stock}
        shown = set(json.loads(text)["hand"]) | set(json.loads(text)["discard_pile"])
        shown |= {card for meld in json.loads(text)["melds"] for card in meld["cards"]}
        assert not shown & hidden and '"seed"' not in text and '"stock"' not in text
    validate(to_dict(record))
    assert from_json(to_json(record), RommeRecord) == record
    assert RommeRecord.from_text(record.to_text()) == record
    assert list(replay_states(record)) == states


def test_an_illegal_action_in_a_record_is_refused_naming_it():
    record: RommeRecord[Action] = RommeRecord(("Ann", "Bob"), RommeRules(), 5, 0, (Deal(), DrawStock(), DrawStock()))
    with pytest.raises(FormatError) as caught:
        replay(record)
    assert caught.value.path == "$.actions[2]" and caught.value.ruling == "R15"


def state_document() -> dict[str, Any]:
    state = apply(apply(new_game(3, seed=4), Deal()), DrawStock())
    return to_dict(state)


@pytest.mark.parametrize(("change", "where", "what"), [
    (lambda d: d["hands"][0].append(d["hands"][1][0]), "$.hands[1]", "two places"),
    (lambda d: d["hands"][0].pop(), "$", "every one of the game's 108 cards"),
    (lambda d: d.update(phase="draw"), "$.hands[", "at most 13 cards"),
    (lambda d: d.update(rebuilds=3), "$.rebuilds", "at most 2"),
    (lambda d: d.update(melds=[{"kind": "set", "cards": ["QH1", "QS1"], "owners": [0, 0]}]), "$.melds[0]", "three"),
    (lambda d: d.update(drawn="JK6"), "$.drawn", "the card just taken"),
    (lambda d: d["hands"][0].__setitem__(0, "QX1"), "$.hands[0][0]", "not a Rommé card"),
    (lambda d: d.update(contenders=[2, 0]), "$.contenders", "distinct seats in order"),
    (lambda d: d.update(extra=1), "$", "unexpected field"),
])
def test_bad_romme_state_documents_are_refused_with_the_path(change, where, what):
    document = state_document()
    change(document)
    with pytest.raises(FormatError) as caught:
        from_dict(document, RommeState)
    assert caught.value.path.startswith(where), caught.value
    if what:
        assert what in caught.value.reason, caught.value


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    state, rng = draw(romme_games())
    for _ in range(draw(st.integers(0, 60))):
        if state.phase is RommePhase.GAME_OVER:
            break
        state = apply(state, rng.choice(choices(state, rng)))
    document: dict[str, Any] = draw(st.sampled_from([lambda: to_dict(state), lambda: to_dict(view(state, 0))]))()
    keys = list(document)
    key = draw(st.sampled_from(keys[1:]))
    document[key] = draw(st.one_of(st.none(), st.integers(-5, 120), st.text(max_size=4), st.just([]),
                                   st.just(["QH1"]), st.just({"kind": "set"}), st.booleans()))
    return document


@settings(max_examples=40)
@given(mutated())
def test_mutated_documents_are_loaded_valid_or_refused(document):
    try:
        loaded = from_dict(document)
    except FormatError as err:
        assert err.path.startswith("$")
        return
    assert from_dict(to_dict(loaded)) == loaded


def test_a_state_with_melds_checks_the_places():
    state = new_game(2, seed=1)
    good = attrs.evolve(state)  # a fresh game loads as it is
    assert from_dict(to_dict(good), RommeState) == good
