"""Property-based tests over whole random games: 2-7 players, every rules option."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from concombre import (
    PACK,
    Card,
    Deal,
    IllegalActionError,
    Phase,
    Play,
    State,
    View,
    apply,
    card_value,
    is_legal,
    legal_actions,
    legal_plays,
    new_game,
    view,
    why_illegal,
)

from .support import check_invariants, games


def fingerprint(state: State) -> tuple[object, ...]:
    """Everything observable about a state, rebuilt from scratch, to detect any change."""
    return (
        state.phase, state.to_play, state.dealer, state.round_number, state.hands, state.trick,
        state.tricks, state.scores, state.penalty_cards, state.half_cucumber, state.eliminated,
        state.last_result, state.stock, hash(state), repr(state),
    )


def expected_legal(state: State) -> set[Card]:
    """C7 written out plainly, as an oracle for `legal_plays`."""
    hand = state.hand(state.to_play or 0)
    if not state.trick:
        return set(hand)
    ranks = [card.rank for _, card in state.trick]
    need = ranks[0] if state.rules.follow == "lead" else max(ranks)
    lowest = {card for card in hand if card.rank == min(c.rank for c in hand)}
    high = {card for card in hand if card.rank >= need}
    if not high:
        return lowest
    return high | lowest if state.rules.may_duck else high


def expected_winner(trick: tuple[tuple[int, Card], ...]) -> tuple[int, Card]:
    """C8 written out plainly: the last of the highest rank."""
    top = max(card.rank for _, card in trick)
    return [play for play in trick if play[1].rank == top][-1]


def check_refusals(state: State) -> None:
    """Every legal play is accepted, every other card refused, the state untouched."""
    before = fingerprint(state)
    legal = set(legal_plays(state))
    assert legal == expected_legal(state)
    for card in PACK:
        if card in legal:
            assert is_legal(state, Play(card)) and why_illegal(state, Play(card)) is None
            apply(state, Play(card))
        else:
            reason = why_illegal(state, Play(card))
            assert reason is not None and not is_legal(state, Play(card))
            with pytest.raises(IllegalActionError) as caught:
                apply(state, Play(card))
            assert caught.value.ruling in ("C7", "C14") and str(caught.value) == reason
        assert fingerprint(state) == before


def check_step(before: State, after: State) -> None:
    """The scoring and trick rules, checked against plain oracles."""
    if before.phase is Phase.TRICK_COMPLETE:
        seat, _ = expected_winner(before.trick)
        assert after.last_trick_winner == seat
        assert after.to_play == (seat if after.phase is Phase.PLAY else None)
    if before.phase is Phase.ROUND_COMPLETE:
        loser, card = expected_winner(before.tricks[-1])
        result = after.last_result
        assert result is not None and (result.loser, result.card) == (loser, card)
        total = before.scores[loser] + card_value(card)
        limit = before.rules.limit
        if total < limit:
            assert after.scores[loser] == total and not result.half_cucumber and not result.eliminated
        elif before.half_cucumber[loser]:
            assert result.eliminated and after.eliminated[loser] and after.scores[loser] == total
        else:
            held = (*before.penalty_cards[loser], card)
            kept = next(c for c in held if card_value(c) == max(card_value(h) for h in held))
            assert result.half_cucumber and after.penalty_cards[loser] == (kept,)
            assert after.scores[loser] == card_value(kept)
        others = [seat for seat in range(len(before.players)) if seat != loser]
        assert all(after.scores[seat] == before.scores[seat] for seat in others)
        assert after.deal_size in (card_value(card), before.rules.first_deal) or after.deal_size < 7


def check_views(state: State) -> None:
    """A view holds its own hand and public cards only: never another seat's hand."""
    for seat in range(len(state.players)):
        seen = view(state, seat)
        assert seen.hand == state.hand(seat)
        others = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
        visible = set(seen.hand) | set(seen.legal_plays)
        visible |= {card for trick in (*seen.tricks, seen.trick) for _, card in trick}
        visible |= {card for cards in seen.penalty_cards for card in cards}
        # last_result is history: cards it names as returned may since have been dealt.
        assert not visible & others
        assert not set(seen.legal_plays) - set(seen.hand)
        assert seen.hand_sizes == tuple(len(hand) for hand in state.hands)


def test_player_view_has_no_field_for_hidden_information():
    names = {field.name for field in attrs.fields(View)}
    assert not names & {"seed", "stock", "hands", "match"}


@given(games())
def test_whole_random_games_keep_every_invariant(game):
    state, rng = game
    steps = 0
    check_invariants(state)
    while state.phase is not Phase.GAME_OVER:
        before, snapshot = state, fingerprint(state)
        if state.phase is Phase.PLAY and steps % 3 == 0:
            check_refusals(state)
        state = apply(state, rng.choice(legal_actions(state)))
        assert fingerprint(before) == snapshot  # the input is never changed
        check_invariants(state)
        check_step(before, state)
        steps += 1
        assert steps < 20_000, "the game did not end"
    assert legal_actions(state) == ()


@given(games())
def test_every_legal_action_is_accepted_and_views_leak_nothing(game):
    state, rng = game
    while state.phase is not Phase.GAME_OVER:
        actions = legal_actions(state)
        assert actions
        for action in actions:
            assert is_legal(state, action)
        if rng.random() < 0.2:
            check_views(state)
        state = apply(state, rng.choice(actions))
    check_views(state)


@given(games())
def test_same_seed_and_choices_give_the_same_game(game):
    state, rng = game
    choice_seed = rng.getrandbits(32)

    def play_out(start: State) -> list[State]:
        chooser = random.Random(choice_seed)
        states = [start]
        while states[-1].phase is not Phase.GAME_OVER:
            states.append(apply(states[-1], chooser.choice(legal_actions(states[-1]))))
        return states

    first = play_out(state)
    again = play_out(new_game(state.players, dealer=state.dealer, rules=state.rules, seed=state.seed))
    assert first == again
    assert [hash(s) for s in first] == [hash(s) for s in again]
    assert first[-1].winner is not None


@given(games(), st.data())
def test_refused_deals_and_actions_out_of_turn_leave_the_state_alone(game, data):
    state, rng = game
    for _ in range(rng.randrange(0, 200)):
        if state.phase is Phase.GAME_OVER:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    snapshot = fingerprint(state)
    deck = data.draw(st.lists(st.sampled_from(PACK), max_size=60))
    reason = why_illegal(state, Deal(deck=tuple(deck)))
    if reason is not None:
        with pytest.raises(IllegalActionError) as caught:
            apply(state, Deal(deck=tuple(deck)))
        assert caught.value.ruling in ("C4", "C14")
        assert str(caught.value) == reason
    assert fingerprint(state) == snapshot


@given(games(), st.data())
def test_a_view_depends_only_on_what_its_seat_may_know(game, data):
    """Reshuffling the cards a seat cannot see (other hands, stock) and changing the seed
    give the same view: nothing hidden can be read from it."""
    state, rng = game
    seat = data.draw(st.integers(0, len(state.players) - 1))
    deck = list(PACK)
    rng.shuffle(deck)
    dealt = apply(state, Deal(deck=tuple(deck)))
    mine = set(dealt.hand(seat))
    hidden = [position for position, card in enumerate(deck) if card not in mine]
    shuffled = [deck[position] for position in hidden]
    rng.shuffle(shuffled)
    other_deck = list(deck)
    for position, card in zip(hidden, shuffled, strict=True):
        other_deck[position] = card
    other_state = new_game(state.players, dealer=state.dealer, rules=state.rules, seed=state.seed ^ 1)
    other = apply(other_state, Deal(deck=tuple(other_deck)))
    assert view(dealt, seat) == view(other, seat)
