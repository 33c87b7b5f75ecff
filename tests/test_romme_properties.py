"""Property-based tests over whole random games of Rommé: 2-6 players, every option."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from concombre import IllegalActionError
from concombre.romme import (
    Discard,
    DrawStock,
    LayOff,
    MeldCards,
    RommeAction,
    RommeCard,
    RommePhase,
    RommeRules,
    RommeState,
    ScoreRound,
    apply,
    deck,
    exchange_options,
    lay_off_options,
    legal_actions,
    make_meld,
    meld_actions,
    new_game,
    view,
)


@st.composite
def romme_games(draw: st.DrawFn) -> tuple[RommeState, random.Random]:
    players = draw(st.integers(2, 6))
    rules = RommeRules(
        jokers=draw(st.sampled_from([4, 2, 6])),
        opening=draw(st.sampled_from([40, 30])),
        may_return_discard=draw(st.booleans()),
        rebuilds=draw(st.sampled_from([2, 1])),
    )
    state = new_game(players, dealer=draw(st.integers(0, players - 1)), rules=rules,
                     seed=draw(st.integers(0, 2**64 - 1)))
    return state, random.Random(draw(st.integers(0, 2**32)))


def choices(state: RommeState, rng: random.Random) -> list[RommeAction]:
    """Legal actions, with melds, lay-offs and exchanges offered often enough to be played."""
    actions = list(legal_actions(state))
    if state.phase is RommePhase.PLAY:
        actions += list(itertools.islice(meld_actions(state), 6)) * 4
        actions += list(itertools.islice(lay_off_options(state), 4)) * 4
        actions += list(itertools.islice(exchange_options(state), 2)) * 4
    return actions


def check(state: RommeState) -> None:
    everything = [card for hand in state.hands for card in hand] + list(state.stock) + list(state.discard_pile)
    everything += [card for meld in state.melds for card in meld.cards]
    if state.phase in (RommePhase.DEAL, RommePhase.GAME_OVER):
        assert everything == []
    else:
        assert sorted(everything) == sorted(deck(state.rules.jokers))  # every card in exactly one place
    for meld in state.melds:
        again = make_meld(list(meld.cards), 0)  # the table holds only valid melds (R5, R6)
        assert again.kind == meld.kind
        assert [p.stands_for() for p in again.places] == [p.stands_for() for p in meld.places]
        assert [p.value for p in again.places] == [p.value for p in meld.places]
    assert (state.to_play is not None) == (state.phase in (RommePhase.DRAW, RommePhase.PLAY))
    for seat in range(len(state.players)):
        if seat not in state.contenders:
            assert state.hands[seat] == ()


def check_refusals(state: RommeState, rng: random.Random) -> None:
    before = (state, hash(state), repr(state))
    stranger = rng.choice(deck(state.rules.jokers))
    tries: list[RommeAction] = [
        Discard(stranger), LayOff(stranger, 99, "low"), MeldCards([[stranger]]), ScoreRound(), DrawStock()
    ]
    for action in tries:
        if state.phase is RommePhase.DRAW and isinstance(action, DrawStock):
            continue
        if state.phase is RommePhase.ROUND_COMPLETE and isinstance(action, ScoreRound):
            continue
        holder = state.to_play
        if holder is not None and stranger in state.hands[holder] and isinstance(action, Discard):
            continue
        with pytest.raises(IllegalActionError) as caught:
            apply(state, action)
        assert (caught.value.ruling or "").startswith("R")
    assert (state, hash(state), repr(state)) == before


def check_views(state: RommeState) -> None:
    for seat in range(len(state.players)):
        seen = view(state, seat)
        assert seen.hand == state.hands[seat]
        others = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
        public = set(seen.hand) | set(seen.discard_pile) | {c for meld in seen.melds for c in meld.cards}
        assert not public & others
        assert seen.stock_size == len(state.stock) and seen.hand_sizes == state.hand_sizes


@settings(max_examples=8)
@given(romme_games())
def test_whole_random_games_keep_every_invariant(game):
    state, rng = game
    steps = 0
    check(state)
    while state.phase is not RommePhase.GAME_OVER:
        before = state
        if steps % 7 == 0:
            check_refusals(state, rng)
        if steps % 29 == 0:
            check_views(state)
        state = apply(state, rng.choice(choices(state, rng)))
        check(state)
        if before.phase is RommePhase.ROUND_COMPLETE:  # R13: melds minus what is left in hand
            for seat in before.contenders:
                left = 0 if seat == before.out else sum(card.hand_value for card in before.hands[seat])
                assert state.scores[seat] == before.scores[seat] + before.meld_value(seat) - left
        steps += 1
        assert steps < 200_000, "the game did not end"
    assert state.winner in state.contenders
    assert state.scores[state.winner] == max(state.scores[seat] for seat in state.contenders)


@settings(max_examples=8)
@given(romme_games())
def test_same_seed_and_choices_give_the_same_game(game):
    state, rng = game
    seed = rng.getrandbits(32)

    def play_out(start: RommeState) -> RommeState:
        chooser = random.Random(seed)
        while start.phase is not RommePhase.GAME_OVER:
            start = apply(start, chooser.choice(choices(start, chooser)))
        return start

    assert play_out(state) == play_out(new_game(state.players, dealer=state.dealer, rules=state.rules,
                                                seed=state.seed))


def test_card_text_round_trips():
    for card in deck(6):
        assert RommeCard.parse(str(card)) == card
