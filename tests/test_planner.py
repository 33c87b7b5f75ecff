"""The Rommé planner: what it counts as unseen, how it weighs a hand's prospects, and that it plays legally."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from concombre.games.romme import (
    DrawDiscard,
    Phase,
    Rules,
    apply,
    cards_of,
    deal,
    is_legal,
    legal_actions,
    make_meld,
    new_game,
    view,
)
from concombre.games.romme.bots import PlannerBot, discards
from concombre.games.romme.bots.planner import best_keep, fits_table, outlook, unseen
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.state import State


def positions(count: int, seed: int, players: int = 2) -> list[tuple[State, int]]:
    """Positions where a seat must choose, from games of random play."""
    rng = random.Random(seed)
    found: list[tuple[State, int]] = []
    state: Any = new_game(players, seed=seed)
    while len(found) < count:
        if state.phase is Phase.GAME_OVER:
            state = new_game(players, seed=rng.randrange(10**6))
        if state.to_play is not None and rng.random() < 0.2:
            found.append((state, state.to_play))
        state = apply(state, rng.choice(legal_actions(state)))
    return found


@pytest.mark.parametrize("jokers", [2, 4, 6])
def test_unseen_cards_are_the_pack_less_every_card_the_seat_sees(jokers):
    for state, seat in positions(12, jokers, players=3):
        seen = view(state, seat)
        shown = len(seen.hand) + len(seen.discard_pile) + sum(len(meld.places) for meld in seen.melds)
        outs = unseen(seen)
        assert sum(copies for _, copies in outs) + shown == 104 + seen.rules.jokers
        assert all(1 <= copies <= (seen.rules.jokers if face.is_joker else 2) for face, copies in outs)
        hidden = [card for other, hand in enumerate(state.hands) if other != seat for card in hand] + list(state.stock)
        assert sum(copies for _, copies in outs) == len(hidden)  # every card the seat cannot see, no more


def test_fits_table_agrees_with_the_engine_s_lay_offs():
    run, kings = make_meld(cards_of("5H1 6H1 7H1"), owner=1), make_meld(cards_of("KS1 KD1 KC1"), owner=0)
    for text, fits in (("4H2", True), ("8H1", True), ("9H1", False), ("KH2", True), ("KS2", False), ("JK1", True)):
        assert fits_table([run, kings], RommeCard.parse(text), 0) is fits, text


def test_a_pair_has_better_prospects_than_two_lone_cards():
    outs = unseen(view(deal(new_game(2, seed=1)), 0))
    _, pair = outlook(cards_of("9C1 9D1 2S1"), outs, 0)
    _, lone = outlook(cards_of("9C1 4D1 2S1"), outs, 0)
    assert pair > lone > 0


def test_the_planner_keeps_the_pair_and_lets_a_lone_lower_card_go():
    seen = attrs.evolve(view(deal(new_game(2, seed=1)), 0), hand=tuple(cards_of("9C1 9D1 4S1 KH1 KS1 KD1")))
    assert best_keep(seen, seen.hand, seen.hand, 16.0)[0] == RommeCard.parse("4S1")
    assert best_keep(seen, seen.hand, seen.hand, 0.0)[0] in cards_of("9C1 9D1")  # by value alone: a 9


def test_the_planner_lets_go_of_an_allowed_card_and_never_of_a_joker_while_another_will_do():
    for state, seat in positions(40, 5):
        seen = view(state, seat)
        if seen.phase is not Phase.PLAY:
            continue
        allowed = discards(seen)
        card, _, _ = best_keep(seen, seen.hand, allowed, 16.0)
        assert card in allowed
        if any(not other.is_joker for other in allowed):
            assert not card.is_joker  # a joker is never let go while another card will do


def test_the_planner_never_returns_the_card_it_took_from_the_discard_pile():  # R7a
    checked = 0
    for state, seat in positions(200, 8):
        if state.phase is not Phase.DRAW or not state.discard_pile:
            continue
        after = apply(state, DrawDiscard())
        seen = view(after, seat)
        action = PlannerBot().choose(seen, random.Random(0))
        assert is_legal(after, action)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_planner_plays_whole_games_legally(players):
    rules = Rules(jokers=6) if players == 3 else Rules()
    state: Any = new_game(players, seed=players, rules=rules)
    rng = random.Random(players)
    bot = PlannerBot()
    while state.phase is not Phase.GAME_OVER:
        seat = state.to_play
        if seat is None:
            action = legal_actions(state)[0]
        else:
            seen = view(state, seat)
            action = bot.choose(seen, rng)
            assert is_legal(state, action), (action, seen)
            assert isinstance(bot.explain(seen, action), str)
        state = apply(state, action)
