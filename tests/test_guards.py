"""Bad arguments to the engines get the library's own error, naming the argument or the ruling (issue 15, engine part).

Each case was a bare exception or a silent wrong answer before: a state of the
wrong type or game, a card of the other game, rules or cards of the wrong
type, empty tricks, non-sequences, and player counts so large that building
their names took seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

import concombre.romme as romme
from concombre import (
    Card,
    Deal,
    InvalidArgumentError,
    Play,
    apply,
    deal,
    legal_actions,
    legal_plays,
    new_game,
    play,
    score_round,
    trick_winner,
    view,
    why_illegal,
)
from concombre.games.romme.bots.solver import best_melds, best_opening

CONCOMBRE_CALLS: dict[str, Callable[[Any], object]] = {
    "apply": lambda state: apply(state, Deal()),
    "apply a play": lambda state: apply(state, Play("2C")),
    "legal_actions": legal_actions,
    "legal_plays": legal_plays,
    "why_illegal": lambda state: why_illegal(state, Deal()),
    "play": lambda state: play(state, Card.parse("2C")),
    "deal": deal,
    "score_round": score_round,
    "view": lambda state: view(state, 0),
}
ROMME_CALLS: dict[str, Callable[[Any], object]] = {
    "apply": lambda state: romme.apply(state, romme.Deal()),
    "legal_actions": romme.legal_actions,
    "view": lambda state: romme.view(state, 0),
    "draw_stock": romme.draw_stock,
    "discard": lambda state: romme.discard(state, romme.RommeCard.parse("QH1")),
    "lay_off_options": lambda state: list(romme.lay_off_options(state)),
    "deck_for": lambda state: romme.deck_for(state, {}),
}
NOT_STATES: list[object] = [None, {}, (), "state", 3]


@pytest.mark.parametrize("name", sorted(CONCOMBRE_CALLS))
@pytest.mark.parametrize("value", [*NOT_STATES, "romme state", "view"])
def test_concombre_calls_refuse_what_is_not_a_concombre_state(name, value):
    if value == "romme state":
        value = romme.new_game(2, seed=1)
    elif value == "view":
        value = view(new_game(2, seed=1), 0)
    with pytest.raises(InvalidArgumentError) as caught:
        CONCOMBRE_CALLS[name](value)
    assert caught.value.field == "state" and "Concombre State" in caught.value.reason


@pytest.mark.parametrize("name", sorted(ROMME_CALLS))
@pytest.mark.parametrize("value", [*NOT_STATES, "concombre state"])
def test_romme_calls_refuse_what_is_not_a_romme_state(name, value):
    if value == "concombre state":
        value = new_game(2, seed=1)
    with pytest.raises(InvalidArgumentError) as caught:
        ROMME_CALLS[name](value)
    assert caught.value.field == "state" and "German Rommé State" in caught.value.reason


def test_c14_a_card_of_the_other_game_is_refused_not_read_as_another_card():
    state = deal(new_game(3, seed=1))
    before = state.hands
    with pytest.raises(InvalidArgumentError) as caught:
        play(state, romme.RommeCard.parse("2D1"))  # type: ignore[arg-type]
    assert caught.value.field == "card" and state.hands == before


@pytest.mark.parametrize(("make", "ruling"), [(new_game, "C1"), (romme.new_game, "R1")])
def test_c1_r1_a_huge_player_count_is_refused_before_any_name_is_made(make, ruling):
    begin = time.perf_counter()
    for count in (10**9, -5, 0):
        with pytest.raises(InvalidArgumentError) as caught:
            make(count)
        assert caught.value.ruling == ruling and caught.value.field == "players"
    assert time.perf_counter() - begin < 1  # a billion names took seconds, then memory


@pytest.mark.parametrize("options", [{"jokers": 4.0}, {"rebuilds": 2.0}, {"opening": True}, {"may_return_discard": 0}])
def test_r2_romme_rules_take_their_own_types_only(options):
    with pytest.raises(InvalidArgumentError) as caught:
        romme.Rules(**options)
    assert caught.value.field == next(iter(options))


@pytest.mark.parametrize("copy", [True, 1.0, "1"])
def test_r2_a_card_copy_is_a_whole_number(copy):
    with pytest.raises(InvalidArgumentError):
        romme.RommeCard(None, None, copy)


@pytest.mark.parametrize("trick", [[], (), "QH", [(0, "QH")], None])
def test_c8_a_trick_is_a_non_empty_sequence_of_seat_card_pairs(trick):
    with pytest.raises(InvalidArgumentError) as caught:
        trick_winner(trick)
    assert caught.value.ruling == "C8" and caught.value.field == "trick"


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: romme.make_meld(5, 0), "cards"),  # type: ignore[arg-type]
        (lambda: list(romme.meld_options(5)), "hand"),  # type: ignore[arg-type]
        (lambda: romme.opening_value(5), "melds"),  # type: ignore[arg-type]
        (lambda: romme.opening_value([5]), "melds"),  # type: ignore[list-item]
        (lambda: best_melds(5), "hand"),  # type: ignore[arg-type]
        (lambda: best_opening(None), "hand"),  # type: ignore[arg-type]
        (lambda: best_melds([romme.RommeCard.parse("QH1")] * 330), "hand"),
        (lambda: best_melds([romme.RommeCard.parse("QH1")] * 2), "hand"),
        (lambda: romme.deck_for(romme.new_game(2, seed=1), 5), "hands"),  # type: ignore[arg-type]
    ],
)
def test_r2_romme_card_arguments_are_sequences_of_cards_within_the_game(call, field):
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    assert caught.value.field == field


# -- loaders: raw IndexErrors that escaped from_json --------------------------------------------------------


def test_c6_a_view_whose_trick_names_a_seat_the_game_lacks_is_refused():
    from concombre import FormatError, from_dict, legal_plays, to_dict

    state = deal(new_game(3, seed=1))
    document = to_dict(view(play(state, legal_plays(state)[0]), 0))
    document["trick"] = [[5, document["trick"][0][1]]]
    with pytest.raises(FormatError) as caught:
        from_dict(document)
    assert (caught.value.path, caught.value.ruling) == ("$.trick", "C6")


def test_r14_contenders_are_checked_before_the_state_reads_who_went_out():
    from concombre import FormatError, from_dict, to_dict

    document = to_dict(romme.apply(romme.new_game(2, seed=1), romme.Deal()))
    document |= {"phase": "round complete", "to_play": None, "contenders": [0, 9]}
    with pytest.raises(FormatError) as caught:
        from_dict(document)
    assert (caught.value.path, caught.value.ruling) == ("$.contenders", "R14")


def test_r9_a_meld_filled_by_a_seat_the_game_lacks_is_refused():
    from concombre import FormatError, from_dict, to_dict

    game = romme.new_game(2, seed=3)
    hand = romme.cards_of("KH1 KS1 KD1 QH1 QS1 QD1")
    state = romme.draw_stock(romme.deal(game, romme.deck_for(game, {1: hand})))
    state = romme.meld_cards(state, [hand[:3], hand[3:]])
    document = to_dict(state)
    assert from_dict(document) == state
    document["melds"][0]["owners"] = [4, 4, 4]
    with pytest.raises(FormatError) as caught:
        from_dict(document)
    assert (caught.value.path, caught.value.ruling) == ("$.melds[0]", "R9")
