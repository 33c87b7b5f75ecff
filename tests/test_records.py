"""Game records: building, replaying, the text form, and refusing bad records."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import attrs
import pytest
from hypothesis import given

import concombre.romme as romme
from concombre import (
    Deal,
    FormatError,
    InvalidArgumentError,
    Play,
    Record,
    ResolveTrick,
    Rules,
    ScoreRound,
    action_text,
    apply,
    deal,
    legal_actions,
    new_game,
    parse_action,
    replay,
    replay_states,
)

from .support import games, random_game


@given(games())
def test_replay_rebuilds_every_state_of_a_game(game):
    state, rng = game
    states, record = random_game(state, rng)
    assert list(replay_states(record)) == states
    assert replay(record) == states[-1]
    assert len(record.actions) == len(states) - 1


@given(games())
def test_the_text_form_reads_back_to_the_same_record(game):
    state, rng = game
    _, record = random_game(state, rng)
    text = record.to_text()
    assert Record.from_text(text) == record
    assert text.count("\n# round ") == sum(isinstance(action, Deal) for action in record.actions)


def test_a_record_starts_from_a_new_game_only():
    with pytest.raises(InvalidArgumentError, match="needs a new game"):
        Record.of(deal(new_game(2, seed=1)))
    with pytest.raises(InvalidArgumentError, match="Expected an action"):
        Record.of(new_game(2, seed=1)).then(cast(Any, "play QH"))  # the wrong kind on purpose


def test_an_illegal_action_is_refused_naming_its_number_and_ruling():
    state = new_game(["Ann", "Bob"], seed=5)
    record = Record.of(state)
    for _ in range(4):  # deal, two plays, resolve
        action = legal_actions(state)[-1]
        state, record = apply(state, action), record.then(action)
    bad = attrs.evolve(record, actions=(*record.actions, ScoreRound()))
    with pytest.raises(FormatError) as caught:
        replay(bad)
    assert caught.value.path == "$.actions[4]" and caught.value.ruling == "C14"
    assert "action 4 (score) is illegal" in caught.value.reason


def test_a_record_with_a_bad_setup_is_refused():
    with pytest.raises(FormatError, match="2 to 7 players") as caught:
        replay(Record(("Solo",), Rules(), 1, 0))
    assert caught.value.ruling == "C1"


def test_a_deal_from_an_explicit_deck_is_recorded_and_replayed():
    state = new_game(2, seed=5)
    deck = tuple(reversed(state.stock))
    record = Record.of(state).then(Deal(deck))
    assert replay(record) == deal(state, deck)
    assert Record.from_text(record.to_text()) == record


@pytest.mark.parametrize(
    ("action", "line"),
    [(Deal(), "deal"), (Play("10h"), "play TH"), (ResolveTrick(), "resolve"), (ScoreRound(), "score"),
     (Deal(["2C", "3C"]), "deal 2C 3C")],
)
def test_action_lines(action, line):
    assert action_text(action) == line
    assert parse_action(line) == action


GOOD_HEADER = (
    'concombre record 1\nplayers: ["A", "B"]\n'
    "rules: follow=lead may_duck=false first_deal=7 limit=21\nseed: 3\ndealer: 0\n"
)


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("", "$", "this text is empty"),
        ("chess game\n", "line 1", "starts with"),
        ('concombre record 1\nplayers: ["A", "B"]\nseed: 3\n', "$", "no 'dealer' line"),
        ('concombre record 1\nplayers: A, B\nseed: 3\ndealer: 0\n', "$", "JSON list of names"),
        ('concombre record 1\nplayers: ["A", "B"]\nseed: -3\ndealer: 0\n', "$", "whole number"),
        ('concombre record 1\nplayers: ["A", "B"]\nseed: 3\nseed: 4\ndealer: 0\n', "line 4", "given twice"),
        (GOOD_HEADER.replace("limit=21", "limit=40"), "rules", "15 to 30"),
        (GOOD_HEADER.replace("limit=21", "limit=x"), "$", "whole number"),
        (GOOD_HEADER.replace("may_duck=false", "may_duck=no"), "$", "true or false"),
        (GOOD_HEADER.replace("follow=lead", "colour=red"), "$", "rules are written as"),
        (GOOD_HEADER + "deal\nplay QX\n", "line 7", "is not a card"),
        (GOOD_HEADER + "deal\njump\n", "line 7", "expected an action"),
        (GOOD_HEADER + "deal\nplay\n", "line 7", "expected an action"),
        (GOOD_HEADER + "resolve now\n", "line 6", "expected an action"),
    ],
)
def test_bad_text_records_are_refused_with_the_line(text, where, message):
    with pytest.raises(FormatError, match=message) as caught:
        Record.from_text(text)
    assert caught.value.path == where


def test_text_records_allow_comments_and_blank_lines():
    record = Record.from_text("# a bug report\n\n" + GOOD_HEADER + "\n# round 1\ndeal   # from the seed\n")
    assert record == Record(("A", "B"), Rules(), 3, 0, (Deal(),))


def test_from_text_refuses_non_text():
    with pytest.raises(FormatError, match="a record is text"):
        Record.from_text(b"concombre record 1")  # type: ignore[arg-type]


# -- Rommé's text records: version 2 counts melds and places from 1; version 1 (from 0) still reads ----------------

ROMME_V1 = Path(__file__).parent / "golden" / "romme" / "record-version-1.txt"


@pytest.mark.parametrize(
    ("action", "line"),
    [(romme.LayOff("7H1", 0), "lay off 7H1 on 1"), (romme.LayOff("7H1", 2, "low"), "lay off 7H1 on 3 low"),
     (romme.ExchangeJoker("5S2", 1, 0, ["9C1", "9D1", "JK1"]), "exchange 5S2 at 2 1 then meld 9C1 9D1 JK1"),
     (romme.MeldCards([["QH1", "QS1", "QD1"], ["AC1", "2C1", "JK1"]]), "meld QH1 QS1 QD1 | AC1 2C1 JK1")],
)
def test_romme_action_lines_count_melds_and_places_from_one(action, line):
    assert romme.action_text(action) == line
    assert romme.parse_action(line) == action


@pytest.mark.parametrize("line", ["lay off 7H1 on 0", "exchange 5S2 at 0 1 then meld JK1", "exchange 5S2 at 1 0 then "
                                  "meld JK1"])
def test_romme_action_lines_refuse_a_zero(line):
    with pytest.raises(FormatError, match="counted from 1"):
        romme.parse_action(line)


def test_a_romme_record_is_written_as_version_2():
    state = romme.new_game(["Ann", "Bea"], seed=2)
    record = Record.of(state).then(romme.Deal())
    assert record.to_text().startswith("concombre romme record 2\n")
    assert romme.GAME.records.older.keys() == {"concombre romme record 1"}


def test_a_version_1_romme_record_reads_as_that_release_read_it():
    """The golden record was written, and replayed, by the release before version 2: its lines count melds and places
    from 0; its last lines say the table and hands it replays to. Read now, it is the same game, and written again
    it is a version-2 record that counts from 1 and reads back the same."""
    text = ROMME_V1.read_text()
    assert text.startswith("concombre romme record 1\n")
    record = Record.from_text(text)
    state = romme.replay(record)
    wanted = dict(line[3:].split(": ", 1) for line in text.splitlines() if line.startswith("#= "))
    assert " | ".join(str(meld) for meld in state.melds) == wanted["melds"]
    assert " | ".join(" ".join(map(str, hand)) for hand in state.hands) == wanted["hands"]
    old = [line for line in text.splitlines() if line.startswith(("lay off", "exchange"))]
    assert "lay off JK3 on 0" in old and "exchange 4S1 at 0 2 then meld 8C1 9C1 JK1" in old
    assert romme.LayOff("JK3", 0) in record.actions and romme.ExchangeJoker("4S1", 0, 2, ["8C1", "9C1", "JK1"]) in (
        record.actions)
    again = record.to_text()
    assert again.startswith("concombre romme record 2\n") and "lay off JK3 on 1\n" in again
    assert "exchange 4S1 at 1 3 then meld 8C1 9C1 JK1\n" in again
    assert Record.from_text(again) == record
