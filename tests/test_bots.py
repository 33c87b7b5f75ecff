"""Bots: the protocol, determinism, no cheating, sampling the hidden cards, and strength."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given

from concombre import (
    PACK,
    Action,
    Bot,
    Card,
    InvalidArgumentError,
    MonteCarloBot,
    Phase,
    Play,
    RandomBot,
    Rules,
    ThumbBot,
    View,
    apply,
    card_value,
    deal,
    is_legal,
    legal_actions,
    new_game,
    view,
)
from concombre.apps.simulate import simulate
from concombre.games.concombre.bots import bot_named
from concombre.games.concombre.sampling import deal_hidden, rank_bounds

from .support import games

BOTS: list[Bot[View, Action]] = [RandomBot(), ThumbBot(), MonteCarloBot(samples=3, horizon=3)]


@pytest.mark.parametrize("bot", BOTS, ids=lambda bot: bot.name)
def test_bots_are_bots_picklable_and_deterministic(bot):
    assert isinstance(bot, Bot)
    assert pickle.loads(pickle.dumps(bot)) == bot
    state = deal(new_game(3, seed=9, rules=Rules(first_deal=4)))
    seen = view(state, state.to_play or 0)
    assert bot.choose(seen, random.Random(5)) == bot.choose(seen, random.Random(5))


@given(games())
def test_every_bot_plays_only_legal_cards_through_whole_games(game):
    state, rng = game
    bots = [BOTS[(seat + rng.randrange(3)) % 3] for seat in range(len(state.players))]
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.PLAY:
            seat = state.to_play
            action = bots[seat].choose(view(state, seat), rng)
            assert is_legal(state, action)
        else:
            (action,) = legal_actions(state)
        state = apply(state, action)


def test_the_thumb_bot_sheds_its_highest_card():
    state = deal(new_game(2, seed=3), PACK)
    assert ThumbBot().choose(view(state, 1), random.Random(0)) == Play(max(state.hand(1)))


def test_the_monte_carlo_bot_keeps_its_low_card_for_the_last_trick():
    # Two cards each; seat 1 leads holding the ace and the 2 of clubs. Leading the 2 would let
    # seat 0 win the first trick and leave seat 1 alone with the ace in the last: 14 points.
    # Leading the ace keeps the 2 for the last trick, which seat 0 must then win.
    top = [Card.parse(word) for word in ["AS", "3C", "2C", "3D"]]  # seat 1, seat 0, seat 1, seat 0
    state = deal(new_game(2, seed=1, rules=Rules(first_deal=2)), top + [c for c in PACK if c not in top])
    assert state.to_play == 1 and set(state.hand(1)) == {Card.parse("AS"), Card.parse("2C")}
    assert MonteCarloBot(samples=8).choose(view(state, 1), random.Random(0)) == Play(Card.parse("AS"))


def test_monte_carlo_options_are_checked():
    with pytest.raises(InvalidArgumentError, match="samples"):
        MonteCarloBot(samples=0)
    budgeted = MonteCarloBot(samples=10_000, seconds=0.01)
    state = deal(new_game(2, seed=1, rules=Rules(first_deal=3)))
    assert is_legal(state, budgeted.choose(view(state, state.to_play or 0), random.Random(1)))


def test_bots_by_name():
    assert isinstance(bot_named("mc"), MonteCarloBot)
    with pytest.raises(InvalidArgumentError, match="no bot named 'alphago'"):
        bot_named("alphago")


@given(games())
def test_sampled_worlds_agree_with_the_view_and_what_plays_revealed(game):
    state, rng = game
    for _ in range(rng.randrange(400)):
        if state.phase is Phase.GAME_OVER:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    for seat in range(len(state.players)):
        seen = view(state, seat)
        world = deal_hidden(seen, rng)
        assert view(world, seat) == seen  # the sampled world looks the same from this seat
        for other, (low, high) in rank_bounds(seen).items():
            assert all(low <= card_value(card) <= high for card in world.hand(other))
            assert all(low <= card_value(card) <= high for card in state.hand(other))  # the truth fits too


def test_strength_ordering_in_a_small_seeded_tournament():
    # The full tournaments are in the docs; this small one guards the ordering.
    thumb_vs_random = simulate([ThumbBot(), RandomBot()], 200, seed=1)
    assert thumb_vs_random.bot("thumb").wins.excludes(0.5)
    assert thumb_vs_random.bot("thumb").wins.value > 0.5


def test_the_romme_solver_bot_beats_random_play():
    from concombre.games.romme.bots import RandomBot, SolverBot
    from concombre.romme import Rules as RommeRules

    result = simulate([SolverBot(), RandomBot()], 40, seed=1, rules=RommeRules())
    assert result.bot("solver").wins.low > 0.5


def test_romme_bots_are_picklable_and_deterministic():
    from concombre.games.romme.bots import PlannerBot, RandomBot, SolverBot
    from concombre.romme import deal as romme_deal
    from concombre.romme import draw_stock as romme_draw
    from concombre.romme import new_game as romme_new_game
    from concombre.romme import view as romme_view

    state = romme_draw(romme_deal(romme_new_game(2, seed=3)))
    seen = romme_view(state, state.to_play or 0)
    for bot in (RandomBot(), SolverBot(), PlannerBot()):
        assert pickle.loads(pickle.dumps(bot)) == bot
        assert bot.choose(seen, random.Random(2)) == bot.choose(seen, random.Random(2))
