"""Actions as values: apply, legal_actions, is_legal, why_illegal, and bad arguments."""

from __future__ import annotations

import attrs
import pytest

from concombre import (
    PACK,
    Card,
    Deal,
    IllegalActionError,
    InvalidArgumentError,
    Phase,
    Play,
    ResolveTrick,
    Rules,
    ScoreRound,
    State,
    action_text,
    apply,
    deal,
    is_legal,
    legal_actions,
    legal_plays,
    new_game,
    play,
    why_illegal,
)


def test_legal_actions_follow_the_phases():
    state = new_game(2, seed=5)
    assert legal_actions(state) == (Deal(),)
    state = apply(state, Deal(PACK))
    assert legal_actions(state) == tuple(Play(card) for card in legal_plays(state))
    for _ in range(2):
        state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.TRICK_COMPLETE
    assert legal_actions(state) == (ResolveTrick(),)


def test_legal_plays_come_in_pack_order():
    state = deal(new_game(4, seed=77))
    plays = legal_plays(state)
    assert list(plays) == sorted(plays)


def test_apply_equals_the_named_transitions():
    state = new_game(3, seed=6)
    assert apply(state, Deal()) == deal(state)
    dealt = deal(state)
    card = legal_plays(dealt)[-1]
    assert apply(dealt, Play(card)) == play(dealt, card)


def test_play_accepts_card_text():
    assert Play("10h").card == Card.parse("TH")
    assert Deal(["2C", Card.parse("3C")]).deck == (Card.parse("2C"), Card.parse("3C"))


@pytest.mark.parametrize("bad", [None, "QH", 3, Card.parse("QH"), object()])
def test_apply_refuses_what_is_not_an_action(bad):
    state = new_game(2, seed=1)
    for call in (apply, why_illegal, is_legal, lambda _, action: action_text(action)):
        with pytest.raises(InvalidArgumentError, match="Expected a Concombre action") as caught:
            call(state, bad)
        assert caught.value.field == "action"


@pytest.mark.parametrize("bad", [None, 12, 1.5, ("Q", "H")])
def test_play_refuses_what_is_not_a_card(bad):
    with pytest.raises(InvalidArgumentError, match="Expected a Card"):
        Play(bad)
    state = deal(new_game(2, seed=1))
    with pytest.raises(InvalidArgumentError, match="Expected a Card"):
        play(state, bad)


def test_deal_action_refuses_a_non_sequence_deck():
    with pytest.raises(InvalidArgumentError, match="sequence of cards"):
        Deal(deck="2C3C")
    with pytest.raises(InvalidArgumentError, match="sequence of cards"):
        Deal(deck=5)  # type: ignore[arg-type]


def test_why_illegal_gives_the_refusal_text_and_none_when_legal():
    state = deal(new_game(2, seed=3), PACK)
    state = play(state, Card.parse("3H"))
    reason = why_illegal(state, Play("2D"))
    assert reason is not None and reason.endswith("[C7]") and "3♦ 3♠ 4♦ 4♠ 5♦" in reason
    assert why_illegal(state, Play("3D")) is None
    assert is_legal(state, Play("3D")) and not is_legal(state, Play("2D"))
    assert why_illegal(state, Play("AS")) == "You do not hold A♠. [C14]"


def test_the_refusal_error_carries_ruling_and_reason():
    state = deal(new_game(2, seed=3), PACK)
    with pytest.raises(IllegalActionError) as caught:
        apply(state, ScoreRound())
    err = caught.value
    assert err.ruling == "C14"
    assert err.reason == "The round cannot be scored now: a card is still to be played to the trick."
    assert str(err) == f"{err.reason} [C14]"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [({"follow": "low"}, "follow"), ({"may_duck": 1}, "may_duck"), ({"first_deal": 0}, "first_deal"),
     ({"first_deal": 53}, "first_deal"), ({"limit": 14}, "limit"), ({"limit": 31}, "limit"),
     ({"limit": 21.0}, "limit"), ({"first_deal": True}, "first_deal")],
)
def test_rules_refuse_bad_fields_naming_them(kwargs, field):
    with pytest.raises(InvalidArgumentError, match=f"Rules.{field}"):
        Rules(**kwargs)


@pytest.mark.parametrize(
    ("players", "message"),
    [("AB", "number of players or a sequence of names"), (["Ann", "Ann"], "distinct"),
     (["Ann", ""], "cannot be empty"), (["Ann", 3], "must be text"), (None, "number of players"), (True, "number")],
)
def test_new_game_refuses_bad_players(players, message):
    with pytest.raises(InvalidArgumentError, match=message):
        new_game(players)


@pytest.mark.parametrize("seed", [-1, 2**64, "1", 1.0, True])
def test_new_game_refuses_bad_seeds(seed):
    with pytest.raises(InvalidArgumentError, match="seed"):
        new_game(2, seed=seed)


def test_new_game_refuses_bad_rules():
    with pytest.raises(InvalidArgumentError, match=r"concombre\.Rules"):
        new_game(2, rules={"follow": "lead"})  # type: ignore[arg-type]


def test_without_a_seed_deals_are_unpredictable():
    seeds = {new_game(2).seed for _ in range(20)}
    assert len(seeds) == 20
    assert all(0 <= seed < 2**64 for seed in seeds)


def test_states_are_immutable_values():
    state = deal(new_game(3, seed=1))
    with pytest.raises(AttributeError):
        state.phase = Phase.DEAL  # type: ignore[misc]
    again = deal(new_game(3, seed=1))
    assert state == again and hash(state) == hash(again) and state is not again
    assert len({state, again}) == 1


def test_nothing_mutable_is_reachable_from_a_state():
    state = deal(new_game(4, seed=2))
    for _ in range(6):
        state = apply(state, legal_actions(state)[0])
    seen: set[int] = set()

    def walk(value: object) -> None:
        if id(value) in seen:
            return
        seen.add(id(value))
        assert not isinstance(value, (list, dict, set, bytearray)), value
        if isinstance(value, (tuple, frozenset)):
            for item in value:
                walk(item)
        elif attrs.has(type(value)):
            for field in attrs.fields(type(value)):  # type: ignore[arg-type]
                walk(getattr(value, field.name))

    walk(state)
    assert isinstance(state, State)


def test_repr_is_short_and_readable():
    assert repr(new_game(2, seed=1)) == "<State round=1 phase='deal' dealer=0 scores=(0, 0)>"
