"""Loaded documents are ones a game could reach; names and bounds are one rule for every form (issue 15).

Each case below loaded before, or was accepted by one form of a record and
refused by the other.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import concombre.romme as romme
from concombre import (
    Deal,
    FormatError,
    InvalidArgumentError,
    Record,
    Rules,
    deal,
    from_dict,
    from_json,
    new_game,
    score_round,
    to_dict,
    to_json,
    view,
)
from concombre.core.limits import MAX_ACTIONS, NAME_LENGTH, name_problem
from concombre.io.records import read_record

from .support import play_round, rig_round


def refused(document: dict[str, Any]) -> FormatError:
    with pytest.raises(FormatError) as caught:
        from_dict(document)
    return caught.value


# -- names: one rule, enforced by new_game and every loader ------------------------------------------

BAD_NAMES = ["Ann\u0085", "Ann\u2028Bob", "Ann\u2029", "Bo\ud800b", "\u202eAnn", " Ann", "Ann\t", "",
             "x" * (NAME_LENGTH + 1)]


@pytest.mark.parametrize("name", BAD_NAMES, ids=repr)
@pytest.mark.parametrize("make", [new_game, romme.new_game], ids=["concombre", "romme"])
def test_c1_r1_new_game_refuses_a_name_that_could_not_be_saved_and_read_back(make, name):
    with pytest.raises(InvalidArgumentError) as caught:
        make(["Bea", name], seed=1)
    assert caught.value.field == "players" and "Player 2" in caught.value.reason


@pytest.mark.parametrize("name", BAD_NAMES, ids=repr)
@pytest.mark.parametrize("kind", ["state", "view", "record"])
def test_every_loader_refuses_the_names_new_game_refuses(kind, name):
    state = deal(new_game(["Ann", "Bea"], seed=2))
    value = {"state": state, "view": view(state, 0), "record": Record.of(new_game(["Ann", "Bea"], seed=2))}[kind]
    document = to_dict(value)
    document["players"][1] = name
    assert refused(document).path == "$.players[1]"


@pytest.mark.parametrize("names", [["Siti Nurhaliza", "Đặng Thị Ngọc"], ["👩‍🚀 Ana", "صالح"], ["A", "x" * NAME_LENGTH]])
def test_names_of_any_script_are_saved_and_read_back_in_both_forms(names):
    record = Record.of(new_game(names, seed=4)).then(Deal())
    assert read_record(record.to_text()) == record == read_record(to_json(record))
    assert from_json(to_json(record).encode("utf-8")) == record


def test_name_problem_explains_each_refusal():
    assert name_problem("Ann\u2028Bob") == (
        "a name holds no line break, control character or lone surrogate (U+2028 at 3)"
    )
    assert name_problem(3) == "a name must be text, not int"
    assert name_problem("Ann Bea") is None


# -- one set of bounds for the JSON and the text form of a record ------------------------------------


def both_forms(record: Record, text: str | None = None) -> list[Any]:
    """What reading the record gives in each form: the record, or the error's class."""
    outcomes: list[Any] = []
    for written in (to_json(record), text if text is not None else record.to_text()):
        try:
            outcomes.append(read_record(written))
        except FormatError as err:
            outcomes.append(type(err))
    return outcomes


@pytest.mark.parametrize(("field", "value"), [("seed", 2**64), ("dealer", 5), ("players", ("Ann",))])
def test_a_record_setup_is_refused_by_both_forms_alike(field, value):
    record = Record(("Ann", "Bea"), Rules(), 3, 0, (Deal(),))
    bad = Record(**{"players": record.players, "rules": record.rules, "seed": 3, "dealer": 0,
                           "actions": record.actions, field: value})
    assert both_forms(bad) == [FormatError, FormatError]


def test_a_negative_dealer_is_refused_by_the_json_form_as_the_text_form_cannot_write_it():
    document = to_dict(Record(("Ann", "Bea"), Rules(), 3, 0, ()))
    document["dealer"] = -1
    error = refused(document)
    assert (error.path, error.ruling) == ("$.dealer", "C3")


def test_a_record_with_an_illegal_action_is_refused_by_both_forms_at_that_action():
    record = Record(("Ann", "Bea"), Rules(), 3, 0, (Deal(), Deal()))
    for text in (to_json(record), record.to_text()):
        with pytest.raises(FormatError) as caught:
            read_record(text)
        assert (caught.value.path, caught.value.ruling) == ("$.actions[1]", "C14")


def test_no_form_takes_more_actions_than_the_limit():
    record = Record(("Ann", "Bea"), Rules(), 3, 0, (Deal(),) * (MAX_ACTIONS + 1))
    for text in (to_json(record), record.to_text()):
        with pytest.raises(FormatError, match="at most 100000"):
            read_record(text)


@pytest.mark.parametrize(("document", "field"), [
    ({"type": "lay_off", "card": "7H1", "meld": 1000, "end": "high"}, "meld"),
    ({"type": "lay_off", "card": "7H1", "meld": -1, "end": "high"}, "meld"),
    ({"type": "meld", "melds": []}, "melds"),
    ({"type": "meld", "melds": [[]]}, "melds"),
    ({"type": "exchange_joker", "card": "5S1", "meld": 0, "place": 13, "new_meld": ["JK1"]}, "place"),
])
def test_r5_r9_r10_an_action_no_table_could_take_is_refused_by_both_forms(document, field):
    error = refused({"format": "concombre.romme.action/1", **document})
    assert error.path == f"$.{field}"
    line = {"meld": "lay off 7H1 on 1000 high", "melds": "meld |"}.get(field, "exchange 5S1 at 1 14 then meld JK1")
    with pytest.raises(FormatError):
        romme.parse_action(line)


# -- Concombre: the round number follows from the score sheet (C9-C11) --------------------------------


def test_c9_a_round_number_the_score_sheet_cannot_follow_from_is_refused():
    state = rig_round(new_game(3, seed=1), 1, "QH")
    state = rig_round(state, 2, "AS")
    assert state.round_number == 3 and from_dict(to_dict(state)) == state
    document = to_dict(state)
    document["round_number"] = 10_000
    document["last_result"]["round_number"] = 9_999
    error = refused(document)
    assert (error.path, error.ruling) == ("$.round_number", "C9")


def test_c9_a_view_gets_the_same_score_sheet_checks_as_a_state():
    state = rig_round(new_game(3, seed=1), 1, "QH")
    document = to_dict(view(state, 0))
    document["round_number"] = 40
    document["last_result"]["round_number"] = 39
    assert refused(document).ruling == "C9"


@pytest.mark.parametrize(("field", "value", "path"), [
    ("stock_size", 2**63, "$.stock_size"), ("deal_size", 8, "$.deal_size"), ("hand_sizes", [7, 7, 9], "$.hand_sizes"),
    ("seat", 3, "$.seat"), ("winner", 1, "$.winner"),
])
def test_c5_c6_a_concombre_view_whose_sizes_or_seats_do_not_add_up_is_refused(field, value, path):
    document = to_dict(view(deal(new_game(3, seed=1)), 0))
    document[field] = value
    assert refused(document).path.startswith(path)


# -- Rommé: opened flags, hands, scores and tie-breaks as the game leaves them ------------------------


def romme_turn() -> romme.State:
    return romme.draw_stock(romme.deal(romme.new_game(3, seed=5)))


def test_r8_everyone_marked_opened_with_nothing_on_the_table_is_refused():
    document = to_dict(romme_turn())
    document["opened"] = [True, True, True]
    error = refused(document)
    assert (error.path, error.ruling) == ("$.opened[0]", "R8")


def test_r7_a_hand_that_lost_cards_to_nowhere_is_refused():
    state = romme_turn()
    document = to_dict(state)
    seat = state.to_play or 0
    moved = document["hands"][seat][1:]
    document["stock"] = document["stock"] + moved
    document["hands"][seat] = document["hands"][seat][:1]
    error = refused(document)
    assert (error.path, error.ruling) == (f"$.hands[{seat}]", "R7")


@pytest.mark.parametrize("scores", [[10**18, 0, 0], [-(10**18), 0, 0]])
def test_r13_scores_no_rounds_could_give_are_refused(scores):
    state = romme.new_game(3, seed=5)
    document = to_dict(state)
    document["scores"] = scores
    assert refused(document).path in ("$.scores[0]", "$.last_result")


def test_r14a_tie_break_points_before_any_tie_break_are_refused():
    document = to_dict(romme_turn())
    document["tie_break_points"] = [5, 0, 0]
    error = refused(document)
    assert (error.path, error.ruling) == ("$.tie_break_points[0]", "R14a")


@pytest.mark.parametrize(("field", "value", "path"), [
    ("stock_size", 2**63, "$.stock_size"), ("seat", 7, "$.seat"), ("to_play", 9, "$.to_play"),
    ("contenders", [0, 4], "$.contenders"), ("opened", [True, False, False], "$.opened[0]"),
])
def test_r2_r14_a_romme_view_whose_sizes_or_seats_do_not_add_up_is_refused(field, value, path):
    document = to_dict(romme.view(romme_turn(), 0))
    document[field] = value
    assert refused(document).path == path


def test_a_concombre_round_played_out_still_loads_and_its_views_too():
    state = play_round(deal(new_game(4, seed=9)))
    assert from_dict(to_dict(state)) == state
    assert all(from_dict(to_dict(view(state, seat))) == view(state, seat) for seat in range(4))
    scored = score_round(state)
    assert from_json(to_json(scored)) == scored


# -- the JSON functions themselves -----------------------------------------------------------------


def test_from_dict_refuses_keys_json_could_not_hold_with_a_path():
    document = to_dict(new_game(2, seed=1))
    document["rules"][None] = 1
    assert refused(document).path == "$.rules"
    keyed: dict[Any, Any] = to_dict(new_game(2, seed=1))
    keyed[1] = 2
    assert refused(keyed).path == "$"


@pytest.mark.parametrize("expected", [{}, [], "State", 3])
def test_from_dict_refuses_an_expected_that_is_not_a_type(expected):
    with pytest.raises(InvalidArgumentError) as caught:
        from_dict(to_dict(new_game(2, seed=1)), expected)
    assert caught.value.field == "expected"


@pytest.mark.parametrize("indent", [-1, 2**31, 2.0, "  "])
def test_to_json_refuses_an_indent_that_would_run_away(indent):
    with pytest.raises(InvalidArgumentError) as caught:
        to_json(new_game(2, seed=1), indent=indent)
    assert caught.value.field == "indent"
    assert json.loads(to_json(new_game(2, seed=1), indent=2))["format"] == "concombre.state/1"
