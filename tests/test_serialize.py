"""JSON documents: round trips, schemas, hidden cards, and refusal of bad input."""

from __future__ import annotations

import json
from typing import Any, Literal

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from concombre import (
    FORMATS,
    PACK,
    Card,
    Deal,
    FormatError,
    InvalidArgumentError,
    Play,
    Record,
    ResolveTrick,
    Rules,
    ScoreRound,
    State,
    View,
    deal,
    from_dict,
    from_json,
    json_schema,
    new_game,
    play,
    replay,
    to_dict,
    to_json,
    view,
)

from .support import check_invariants, games, random_game

KINDS: tuple[Literal["action", "record", "state", "view"], ...] = ("action", "record", "state", "view")
VALIDATORS = {kind: jsonschema.Draft202012Validator(json_schema(kind)) for kind in KINDS}


def validate(document: dict[str, Any]) -> None:
    kind = document["format"].split(".")[1].split("/")[0]
    if kind in VALIDATORS:
        VALIDATORS[kind].validate(document)


def test_every_schema_is_a_valid_draft_2020_12_schema():
    for kind in KINDS:
        jsonschema.Draft202012Validator.check_schema(json_schema(kind))
    with pytest.raises(FormatError, match="no schema"):
        json_schema("card")


@pytest.mark.parametrize(
    "value",
    [Card.parse("TH"), Rules(follow="highest", may_duck=True, first_deal=5, limit=30), Deal(), Deal(PACK),
     Play("QH"), ResolveTrick(), ScoreRound()],
)
def test_simple_values_round_trip(value):
    text = to_json(value)
    assert from_json(text) == value
    assert from_json(text, type(value)) == value
    assert from_dict(json.loads(text)) == value
    assert json.loads(text)["format"] in FORMATS
    validate(json.loads(text))


@given(games())
def test_states_views_and_records_round_trip_through_json(game):
    state, rng = game
    states, record = random_game(state, rng)
    for state in [*rng.sample(states, min(len(states), 12)), states[-1]]:
        document = to_dict(state)
        validate(document)
        assert json.loads(json.dumps(document)) == document  # plain JSON types only
        assert from_json(to_json(state), State) == state
        seat = rng.randrange(len(state.players))
        seen = view(state, seat)
        validate(to_dict(seen))
        assert from_json(to_json(seen), View) == seen
    validate(to_dict(record))
    assert from_json(to_json(record), Record) == record
    assert replay(from_json(to_json(record), Record)) == states[-1]


def card_texts(value: Any) -> set[str]:
    """Every string in a JSON document that is a card."""
    if isinstance(value, dict):
        return set().union(*(card_texts(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_texts(item) for item in value)) if value else set()
    return {value} if isinstance(value, str) and value in {str(card) for card in PACK} else set()


def keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | set().union(*(keys(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(keys(item) for item in value)) if value else set()
    return set()


@given(games())
def test_a_view_sent_to_a_client_holds_nothing_that_seat_may_not_see(game):
    state, rng = game
    states, _ = random_game(state, rng)
    for state in rng.sample(states, min(len(states), 25)):
        for seat in range(len(state.players)):
            document = json.loads(to_json(view(state, seat)))
            assert not keys(document) & {"seed", "stock", "hands", "deck"}
            hidden = {str(card) for other, hand in enumerate(state.hands) if other != seat for card in hand}
            # last_result may name cards handed back last round, since dealt again: history, not a hand.
            document.pop("last_result")
            assert not card_texts(document) & hidden
            assert str(state.seed) not in json.dumps(document) or state.seed < 100


def state_document() -> dict[str, Any]:
    state = deal(new_game(3, seed=5), PACK)
    return to_dict(play(state, Card.parse("2C")))


def mutated(path: list[Any], value: Any) -> dict[str, Any]:
    document = state_document()
    target: Any = document
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return document


DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "where", "what"),
    [
        (["seed"], "5", "$.seed", "whole number"),
        (["seed"], True, "$.seed", "whole number"),
        (["seed"], 2**70, "$.seed", "at most 20 digits"),
        (["seed"], -1, "$.seed", "0 to 2**64"),
        (["seed"], DELETE, "$", "required field missing"),
        (["extra"], 1, "$", "unexpected field"),
        (["players"], "ABC", "$.players", "expected an array"),
        (["players"], ["A"], "$.players", "2 to 7 players"),
        (["players", 1], "Player 1", "$.players[1]", "distinct"),
        (["rules", "limit"], 14, "$.rules.limit", "15 to 30"),
        (["rules", "follow"], "low", "$.rules.follow", "lead"),
        (["phase"], "bidding", "$.phase", "expected one of"),
        (["hands", 1, 0], "ZZ", "$.hands[1][0]", "is not a card"),
        (["hands", 1, 0], "2C", "$.hands[1]", "two places"),
        (["hands", 0, 0], "2D", "$.hands[2]", "two places"),
        (["hands", 2], [], "$.hands[2]", "dealt 7"),
        (["scores", 0], 5, "$.scores[0]", "value of their penalty cards"),
        (["penalty_cards", 0], ["AS"], "$.scores[0]", "value of their penalty cards"),
        (["eliminated", 1], True, "$.half_cucumber[1]", "only a half cucumber"),
        (["to_play"], 0, "$.to_play", "seat to play is 2"),
        (["dealer"], 9, "$.dealer", "seat from 0 to 2"),
        (["trick", 0, 0], 2, "$.hands[1]", "dealt 7"),
        (["trick", 0], [1, "2C", 3], "$.trick[0]", "[seat, card]"),
        (["last_result"], {"round_number": 1}, "$.last_result", "required field missing"),
        (["round_number"], 2, "$.last_result", "follows a scored round"),
        (["tricks"], [[[1, "2C"], [2, "2D"], [0, "2H"]]], "$.hands[0]", "but was dealt 7"),
    ],
)
def test_bad_state_documents_are_refused_with_the_path(path, value, where, what):
    with pytest.raises(FormatError) as caught:
        from_dict(mutated(path, value), State)
    assert caught.value.path.startswith(where), caught.value
    assert what in caught.value.reason, caught.value


def test_a_card_from_the_stock_makes_another_reachable_state():
    document = mutated(["hands", 0, 0], "AS")  # AS was in the stock: a different, valid deal
    state = from_dict(document, State)
    assert Card.parse("AS") in state.hand(0) and Card.parse("2H") in state.stock
    check_invariants(state)


def test_plays_out_of_turn_name_c6():
    state = deal(new_game(3, seed=5), PACK)
    document = to_dict(play(play(state, Card.parse("2C")), Card.parse("2D")))
    document["trick"].reverse()
    with pytest.raises(FormatError) as caught:
        from_dict(document, State)
    assert (caught.value.path, caught.value.ruling) == ("$.trick[0]", "C6")
    assert "seat 1 plays here, not seat 2" in caught.value.reason


def test_a_follow_rule_breach_in_the_trick_names_c7():
    state = deal(new_game(3, seed=5), PACK)  # seat 1: 2C 2S 3H 4D 5C 5S 6H; seat 2: 2D 3C 3S 4H 5D 6C 6S
    document = to_dict(play(play(state, Card.parse("3H")), Card.parse("3C")))
    document["trick"][1] = [2, "2D"]
    document["hands"][2] = sorted({*document["hands"][2], "3C"} - {"2D"}, key=lambda c: Card.parse(c))
    with pytest.raises(FormatError) as caught:
        from_dict(document, State)
    assert caught.value.ruling == "C7" and caught.value.path == "$.trick[1]"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ('{"format": "concombre.games.concombre.state/1", "rules": {', "not valid JSON"),
        ("[       " * 100_000 + "]" * 100_000, "nested too deeply"),  # spaced: not refused for density
        ("[" * 100_000 + "]" * 100_000, "arrays and objects in"),
        ('{"format": "concombre.card/1", "card": NaN}', "not a JSON number"),
        ('{"format": "concombre.card/1", "card": "QH", "n": 1' + "0" * 5000 + "}", "not valid JSON"),
        ("42", "expected a document object"),
        ('{"card": "QH"}', "format name"),
        ('{"format": "concombre.card/2", "card": "QH"}', "version 2"),
        ('{"format": "concombre.card/x", "card": "QH"}', "unknown format"),
        ('{"format": "chess.board/1"}', "unknown format"),
        ('{"format": ["concombre.card/1"]}', "format name"),
        ('{"format": "concombre.action/1", "type": ["play"]}', "type is one of"),
        ('{"format": "concombre.action/1", "type": "play"}', "required field missing"),
        ('{"format": "concombre.action/1", "type": "play", "card": "QH", "seat": 1}', "unexpected field"),
        ('{"format": "concombre.action/1", "type": "deal", "deck": "2C 3C"}', "expected an array"),
        ('{"format": "concombre.card/1", "card": " QH"}', "card such as"),
        ('{"format": "concombre.view/1"}', "required field missing"),
        ('{"format": "concombre.record/1", "players": ["A", "B"], "rules": [], "seed": 1, "dealer": 0, "actions": []}',
         "expected an object"),
        (b"\xff\xfe\x00", "not valid JSON"),
    ],
)
def test_bad_json_is_refused_with_one_error_type(text, message):
    with pytest.raises(FormatError, match=message):
        from_json(text)


def test_a_document_of_another_kind_is_refused():
    with pytest.raises(FormatError, match=r"expected a concombre\.state/1 document"):
        from_json(to_json(Card.parse("QH")), State)
    with pytest.raises(FormatError, match="expected a play action"):
        from_json(to_json(Deal()), Play)
    assert from_json(to_json(Play("QH")), Play) == Play("QH")


def test_values_without_a_format_are_refused():
    with pytest.raises(FormatError, match="no document format"):
        to_dict(object())
    with pytest.raises(FormatError, match="JSON text"):
        from_json(42)  # type: ignore[call-overload]


def test_c7_a_view_document_lists_legal_plays_only_for_the_seat_to_play():
    """A seat that is not to play has no legal plays; the seat to play has exactly what C7 allows."""
    state = deal(new_game(3, seed=2))
    mover = state.to_play
    assert mover is not None
    other = next(seat for seat in range(3) if seat != mover)
    document = to_dict(view(state, other))
    document["legal_plays"] = document["hand"][:1]
    with pytest.raises(FormatError, match="legal plays are what C7 allows it now: none") as caught:
        from_dict(document, View)
    assert caught.value.ruling == "C7"
    document = to_dict(view(state, mover))
    document["legal_plays"] = document["legal_plays"][1:]
    with pytest.raises(FormatError, match="legal plays are what C7 allows"):
        from_dict(document, View)
    assert from_dict(to_dict(view(state, mover)), View) == view(state, mover)


def test_a_view_document_must_agree_with_itself():
    document = to_dict(view(deal(new_game(3, seed=2)), 0))
    document["legal_plays"] = ["AS"] if "AS" not in document["hand"] else ["2C"]
    document["to_play"] = 0
    with pytest.raises(FormatError, match="legal plays are what C7 allows"):
        from_dict(document, View)
    document = to_dict(view(deal(new_game(3, seed=2)), 0))
    document["hand_sizes"][0] = 3
    with pytest.raises(FormatError, match=r"hand_sizes\[0\]"):
        from_dict(document, View)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=5)
    | st.sampled_from(["QH", "2C", "play", "deal", "lead", "game over", "concombre.games.concombre.state/1"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=12,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*prefix, index))
    return found


@st.composite
def mutated_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid document of a random game, then one to three random mutations."""
    state, rng = draw(games())
    states, record = random_game(state, rng)
    state = rng.choice(states)
    document: dict[str, Any] = draw(
        st.sampled_from([lambda: to_dict(state), lambda: to_dict(view(state, 0)), lambda: to_dict(record)])
    )()
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(document)[1:] or [()]))
        if not path:
            break
        parent: Any = document
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["replace", "delete", "card", "number", "swap"]))
        if how == "delete":
            del parent[path[-1]]
        elif how == "card":
            parent[path[-1]] = str(draw(st.sampled_from(PACK)))
        elif how == "number":
            parent[path[-1]] = draw(st.integers(-3, 60))
        elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
            parent.reverse()
        else:
            parent[path[-1]] = draw(JSON)
    return document


@given(mutated_documents())
def test_mutated_documents_load_into_valid_values_or_are_refused(document):
    try:
        loaded = from_dict(document)
    except FormatError as err:
        assert err.path.startswith("$")
        return
    if isinstance(loaded, State):
        check_invariants(loaded)
    assert from_dict(to_dict(loaded)) == loaded
    if isinstance(loaded, Record):
        try:
            final = replay(loaded)
        except FormatError as err:
            assert err.path.startswith("$")
        else:
            check_invariants(final)


@given(games(), st.integers(0, 10_000))
def test_truncated_json_is_refused(game, cut):
    state, rng = game
    states, _ = random_game(state, rng)
    text = to_json(rng.choice(states))
    cut = cut % len(text)
    with pytest.raises(FormatError):
        from_json(text[:cut])


@pytest.mark.parametrize(
    "text",
    [
        "[" + "{}," * 600_000 + "{}]",  # as dense as JSON gets: refused before it is parsed
        "[" + "{},      " * 300_000 + "{}]",
        "[" + '"a",' * 600_000 + '"a"]',
        "[" + "1000," * 500_000 + "1]",
        '{"format": "concombre.record/1", "actions": [' + "[]," * 600_000 + "[]]}",
    ],
)
def test_reading_a_document_never_costs_memory_out_of_proportion_to_it(text):
    """A hostile document of a few MB is refused within 20 times its size in memory."""
    import tracemalloc

    tracemalloc.start()
    try:
        with pytest.raises(FormatError):
            from_json(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20 * len(text)


def test_a_document_above_the_bound_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    """MAX_DOCUMENT_BYTES, adjustable with max_bytes=, for JSON text, text records and files."""
    import json as json_module

    from concombre import Record
    from concombre.core.limits import MAX_DOCUMENT_BYTES
    from concombre.io.records import load_record, read_record, save_record

    record = Record.of(new_game(2, seed=1))
    text = to_json(record)
    assert from_json(text, max_bytes=len(text)) == record
    with pytest.raises(FormatError, match=f"the most a loader reads is {len(text) - 1}"):
        from_json(text, max_bytes=len(text) - 1)
    with pytest.raises(FormatError, match="MAX_DOCUMENT_BYTES"):
        read_record(record.to_text(), max_bytes=10)
    path = tmp_path / "game.json"
    save_record(record, path)
    assert load_record(path) == record
    monkeypatch.setattr(json_module, "loads", lambda *args, **kwargs: pytest.fail("parsed"))
    with pytest.raises(FormatError, match="the file is") as caught:
        load_record(path, max_bytes=10)
    assert str(path) in (caught.value.path or "")
    assert MAX_DOCUMENT_BYTES > 4 * 100_000 * 35  # far above a record of MAX_ACTIONS actions


def test_record_files_take_a_path_as_text_and_refuse_what_is_not_a_record_or_a_path(tmp_path, monkeypatch):
    from concombre import Record
    from concombre.io.records import load_record, save_record

    record = Record.of(new_game(2, seed=1))
    monkeypatch.chdir(tmp_path)
    save_record(record, "game.json")  # a path as text, as people write it
    save_record(record, "game.txt")
    assert load_record("game.json") == record == load_record(tmp_path / "game.txt")
    for wrong, field in ((("not a record", "game.json"), "record"), ((None, "game.json"), "record"),
                         ((record, 7), "path"), ((record, True), "path"), ((record, None), "path")):
        with pytest.raises(InvalidArgumentError) as refused:
            save_record(*wrong)
        assert refused.value.field == field, wrong
    with pytest.raises(InvalidArgumentError, match="cannot write") as refused:
        save_record(record, tmp_path / "no such folder" / "game.json")
    assert refused.value.field == "path"
    with pytest.raises(InvalidArgumentError, match="cannot read"):
        load_record(tmp_path / "no such file.json")
    assert not (tmp_path / "no such folder").exists()
