"""The search bot: its move rules and endgame solver agree with the engine, and it plays only legal cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

from concombre import PACK, Phase, Play, Rules, SearchBot, ThumbBot, apply, deal, legal_actions, new_game, view
from concombre.games.concombre.bots.search import _likelihood, _plays, last_trick, thumb_like
from concombre.games.concombre.bots.simple import play_out
from concombre.games.concombre.rules import follow_mask
from concombre.games.concombre.state import next_seats

RULES = [Rules(), Rules(follow="highest"), Rules(may_duck=True)]


def phase_of(state: Any) -> Phase:
    """The state's phase (a call: a loop that plays on reads it anew)."""
    phase: Phase = state.phase
    return phase


def hands_of(state: Any) -> tuple[int, ...]:
    return tuple(state.hand_mask(seat) for seat in range(len(state.players)))


def trick_of(state: Any) -> tuple[tuple[int, int], ...]:
    return tuple((seat, card.index) for seat, card in state.trick)


def in_play(rules: Rules, players: int, seed: int, plays: int) -> Any:
    """A state in the middle of a round: ``plays`` random plays after the deal."""
    rng = random.Random(seed)
    state: Any = deal(new_game(players, rules=rules, seed=seed))
    for _ in range(plays):
        state = apply(state, rng.choice(legal_actions(state)))
        while state.phase is Phase.TRICK_COMPLETE:
            state = apply(state, legal_actions(state)[0])
        if state.phase is not Phase.PLAY:
            break
    return state


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_the_move_rule_is_the_follow_rule(rules):
    for seed in range(60):
        state: Any = in_play(rules, 2 + seed % 6, seed, seed % 20)
        if state.phase is not Phase.PLAY:
            continue
        legal = follow_mask(hands_of(state)[state.to_play], trick_of(state), rules.follow == "lead", rules.may_duck)
        assert legal == state.legal_mask, seed


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_the_thumb_playout_is_the_engine_s(rules):
    for seed in range(40):
        state: Any = in_play(rules, 2 + seed % 4, seed, seed % 12)
        if state.phase is not Phase.PLAY or not state.trick:
            continue
        predicted = play_out(hands_of(state), trick_of(state), state.trick[0][0], next_seats(state.eliminated),
                               rules.follow == "lead", rules.may_duck)
        while phase_of(state) is not Phase.ROUND_COMPLETE:
            state = apply(state, legal_actions(state)[-1] if phase_of(state) is Phase.PLAY else legal_actions(state)[0])
        assert predicted == outcome_of(state), seed


def outcome_of(state: Any) -> tuple[int, int]:
    """Who took a finished round's last trick, and the value of the card that won it (C8, C9)."""
    last = state.tricks[-1]
    position = max(range(len(last)), key=lambda place: (last[place][1].index >> 2, place))
    return last[position][0], (last[position][1].index >> 2) + 2


def penalty(seat: int, loser: int, value: int) -> float:
    return float(value) if seat == loser else 0.0


def test_the_solver_s_outcome_is_reached_when_everyone_follows_it():
    for seed in range(30):
        state: Any = in_play(Rules(), 3, seed, 15)
        if state.phase is not Phase.PLAY:
            continue
        order = tuple(range(3))
        leader = state.trick[0][0] if state.trick else state.to_play
        expected = last_trick(hands_of(state), trick_of(state), leader, order, True, False, penalty)
        while phase_of(state) is not Phase.ROUND_COMPLETE:
            if phase_of(state) is not Phase.PLAY:
                state = apply(state, legal_actions(state)[0])
                continue
            seat = state.to_play
            best = None
            for action in legal_actions(state):  # the card whose solved outcome costs this seat least
                after: Any = apply(state, action)
                while after.phase is Phase.TRICK_COMPLETE:
                    after = apply(after, legal_actions(after)[0])
                if after.phase is Phase.ROUND_COMPLETE:
                    outcome = outcome_of(after)
                else:
                    after_lead = after.trick[0][0] if after.trick else after.to_play
                    outcome = last_trick(hands_of(after), trick_of(after), after_lead, order, True, False, penalty)
                if best is None or penalty(seat, *outcome) < penalty(seat, *best[1]):
                    best = (action, outcome)
            assert best is not None
            state = apply(state, best[0])
        assert outcome_of(state) == expected, seed


@pytest.mark.parametrize("players", [2, 4])
def test_the_search_bot_plays_legal_cards_fast_and_reproducibly(players):
    bot = SearchBot()
    rng = random.Random(players)
    state: Any = new_game(players, seed=players)
    moves = 0
    while state.phase is not Phase.GAME_OVER and moves < 120:
        if state.phase is not Phase.PLAY:
            state = apply(state, legal_actions(state)[0])
            continue
        seen = view(state, state.to_play)
        choice = bot.choose(seen, random.Random(moves))
        assert isinstance(choice, Play) and choice.card in seen.legal_plays
        assert bot.choose(seen, random.Random(moves)) == choice  # deterministic given its generator
        state = apply(state, choice if rng.random() < 0.5 else ThumbBot().choose(seen, rng))
        moves += 1
    assert moves > 20


def test_bad_settings_are_refused():
    from concombre import InvalidArgumentError

    bad: list[dict[str, Any]] = [{"horizon": 0}, {"samples": True}, {"seconds": 0}, {"exact": "12"}, {"seconds": "1"},
                                 {"model": 1}]
    for settings in bad:
        with pytest.raises(InvalidArgumentError):
            SearchBot(**settings)


def test_thumb_like_opponents_are_those_whose_plays_never_rose():
    state: Any = deal(new_game(3, seed=4))
    assert thumb_like(view(state, 0)) == frozenset({1, 2})
    rng = random.Random(2)
    for _ in range(40):  # random play soon shows a higher card after a lower one
        state = apply(state, rng.choice(legal_actions(state)))
        if state.phase is not Phase.PLAY and state.phase is not Phase.TRICK_COMPLETE:
            break
    seen = view(state, 0)
    for seat in (1, 2):
        plays = [card for trick in (*seen.tricks, seen.trick) for position, (who, card) in enumerate(trick)
                 if who == seat and not (position and card.rank < trick[0][1].rank)]
        rose = any(later.rank > earlier.rank for number, earlier in enumerate(plays) for later in plays[number + 1:])
        assert (seat in thumb_like(seen)) is not rose


def test_a_deal_that_gives_a_thumb_player_a_card_above_its_lead_counts_for_less():
    from concombre.core.cards import index_of

    state: Any = deal(new_game(2, seed=6))
    leader = state.to_play
    led = min(state.hand(leader))  # a thumb player would have led its highest card
    state = apply(state, Play(led))
    seen = view(state, 1 - leader)
    low = sum(1 << index_of(card) for card in PACK if card.rank < led.rank and card not in seen.hand)
    high = sum(1 << index_of(card) for card in PACK if card.rank > led.rank and card not in seen.hand)
    hands = [0, 0]
    hands[leader] = low
    assert _likelihood(_plays(seen, {leader}), tuple(hands)) == 1.0
    hands[leader] = low | high
    assert _likelihood(_plays(seen, {leader}), tuple(hands)) < 1.0
