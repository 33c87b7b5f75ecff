"""Bots: the protocol, determinism, no cheating, sampling the hidden cards, and strength."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from concombre import (
    PACK,
    Action,
    Bot,
    Card,
    FormatError,
    InvalidArgumentError,
    MonteCarloBot,
    Phase,
    Play,
    RandomBot,
    Rules,
    State,
    ThumbBot,
    View,
    apply,
    card_value,
    deal,
    deck_for,
    is_legal,
    legal_actions,
    legal_plays,
    new_game,
    play,
    resolve_trick,
    trick_winner,
    view,
)
from concombre.apps.simulate import simulate
from concombre.games.concombre.bots import bot_named
from concombre.games.concombre.bots.mc import penalty_after
from concombre.games.concombre.bots.sampling import _match, deal_hidden, rank_bounds
from concombre.games.concombre.documents import rebuild_state, state_parts

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


def _played_on(state: State, rng: random.Random, steps: int) -> State:
    """``state`` after up to ``steps`` random legal actions (fewer if the game ends)."""
    for _ in range(steps):
        if state.phase is Phase.GAME_OVER:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    return state


@given(games())
def test_sampled_worlds_agree_with_the_view_and_what_plays_revealed(game):
    state, rng = game
    state = _played_on(state, rng, rng.randrange(400))
    for seat in range(len(state.players)):
        seen = view(state, seat)
        world = deal_hidden(seen, rng)
        assert view(world, seat) == seen  # the sampled world looks the same from this seat
        assert rebuild_state(state_parts(world)) == world  # built directly, yet the loader's checks pass it
        for other, (low, high) in rank_bounds(seen).items():
            assert all(low <= card_value(card) <= high for card in world.hand(other))
            assert all(low <= card_value(card) <= high for card in state.hand(other))  # the truth fits too


def test_a_view_no_game_could_show_is_refused_by_sampling():
    seen = view(deal(new_game(3, seed=1)), 0)
    with pytest.raises(FormatError) as err:
        deal_hidden(attrs.evolve(seen, scores=(0, 9, 0)), random.Random(0))  # 9 points, no penalty card
    assert err.value.ruling == "C9"
    game = new_game(2, seed=1, rules=Rules(first_deal=2))
    five, king, three = Card.parse("5C"), Card.parse("KS"), Card.parse("3D")
    state = deal(game, deck_for(game, {1: [five, Card.parse("9H")], 0: [king, three]}))
    state = play(play(state, five), king)  # seat 0 must match the 5: it plays the king
    seen = view(state, 0)
    forged = attrs.evolve(seen, trick=((1, five), (0, three)), hand=(king,))  # the 3 under the 5, the king held
    with pytest.raises(FormatError) as err:
        deal_hidden(forged, random.Random(0))
    assert err.value.ruling == "C7"


def _plain_match(ranges: list[tuple[int, int]], values: list[int]) -> dict[int, int] | None:
    """Kuhn's algorithm as the textbook writes it: the specification `sampling._match` is held to."""
    holder: dict[int, int] = {}

    def assign(place: int, tried: set[int]) -> bool:
        for position, value in enumerate(values):
            if position not in tried and ranges[place][0] <= value <= ranges[place][1]:
                tried.add(position)
                if position not in holder or assign(holder[position], tried):
                    holder[position] = place
                    return True
        return False

    return holder if all(assign(place, set()) for place in range(len(ranges))) else None


@given(st.lists(st.tuples(st.integers(2, 14), st.integers(0, 12)), min_size=1, max_size=4),
       st.lists(st.integers(0, 3), max_size=30), st.lists(st.integers(2, 14), max_size=40))
@example([(2, 12)], [0, 0, 0], [5, 9, 2, 14, 7])  # every place alike: the matching without the search
@example([(2, 12), (9, 3)], [0, 1, 1, 0], [9, 2, 12, 10, 3, 11])
def test_the_matching_is_kuhns(kinds, choices, values):
    ranges = [(low, min(low + width, 14)) for low, width in (kinds[choice % len(kinds)] for choice in choices)]
    assert _match(ranges, values) == _plain_match(ranges, values)


def _thumb_round(state: State, seat: int) -> int:
    """The penalty ``seat`` takes when the round is played out by the highest legal card, through the engine."""
    while state.phase is not Phase.ROUND_COMPLETE:
        state = resolve_trick(state) if state.phase is Phase.TRICK_COMPLETE else play(state, legal_plays(state)[-1])
    last = state.tricks[-1]
    loser = trick_winner(last)  # the last trick's winner loses the round (C8, C9)
    return next(card_value(card) for who, card in last if who == loser) if loser == seat else 0


@given(games())
def test_the_monte_carlo_playout_is_the_engines_round(game):
    state, rng = game
    state = _played_on(state, rng, rng.randrange(300))
    if state.phase in (Phase.PLAY, Phase.TRICK_COMPLETE):
        for seat in range(len(state.players)):
            assert penalty_after(state, seat) == _thumb_round(state, seat)


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
