"""The search bot on the compiled kernel: each step held to the reference (`concombre.games.concombre.bots.search`),
sample for sample, and the bot itself deterministic, legal and blind to what its seat cannot see."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from concombre import (  # noqa: E402
    InvalidArgumentError,
    Phase,
    Play,
    apply,
    legal_actions,
    view,
)
from concombre.games.concombre.bots.sampling import deal_hidden, rank_bounds, unseen_cards  # noqa: E402
from concombre.games.concombre.bots.search import (  # noqa: E402
    DeepSearchBot,
    SearchBot,
    _by_rank,
    _cheapest,
    candidates,
    last_trick,
)
from concombre.games.concombre.bots.simple import play_out  # noqa: E402
from concombre.games.concombre.fast import kernel, search_kernel  # noqa: E402

from .support import games  # noqa: E402


def mid_round(state: Any, rng: random.Random) -> Any:
    """A state of the game with a seat to play, some random moves on; None when the game ends first."""
    for _ in range(rng.randrange(120)):
        if state.phase is Phase.GAME_OVER:
            return None
        state = apply(state, rng.choice(legal_actions(state)))
    while state.phase is not Phase.PLAY:
        if state.phase is Phase.GAME_OVER:
            return None
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def position(game: tuple[Any, random.Random]) -> tuple[Any, Any, random.Random] | None:
    """A state some random moves into ``game`` with a seat to play, that seat's view and the generator."""
    state, rng = game
    state = mid_round(state, rng)
    return None if state is None else (state, view(state, state.to_play), rng)


def work() -> Any:
    """A counter of the positions a search visits."""
    return np.zeros(1, dtype=np.int64)


@given(games(), st.sampled_from([4, 8, 10]), st.booleans())
def test_the_kernel_s_costs_are_the_reference_s_for_the_same_deals(game, exact, model):
    found = position(game)
    if found is None:
        return
    _state, seen, rng = found
    players = range(len(seen.players))
    worlds = [[world.hand_mask(seat) for seat in players] for world in (deal_hidden(seen, rng) for _ in range(4))]
    reference = SearchBot(exact=exact, model=model).costs(seen, worlds)
    compiled = DeepSearchBot(exact=exact, model=model).costs(seen, worlds)
    assert compiled == reference  # the same sums in the same order, so the same choice
    chosen = candidates(seen)
    assert _cheapest(chosen, compiled) == _cheapest(chosen, reference) and len(compiled) == len(chosen)


@given(st.lists(st.integers(0, 51), min_size=2, max_size=12, unique=True), st.integers(2, 4), st.integers(0, 3),
       st.booleans(), st.booleans(), st.lists(st.floats(0, 200), min_size=60, max_size=60))
def test_c7_c8_c9_the_kernel_s_exact_end_is_the_reference_s(cards, players, leader, follow_lead, may_duck, costs):
    cards = cards[: len(cards) - len(cards) % players]
    if not cards:
        return
    leader %= players
    hands = [sum(1 << card for card in cards[seat::players]) for seat in range(players)]
    table = np.array(costs[: players * 15]).reshape(players, 15)
    order = tuple(range(players))
    expected = last_trick(tuple(hands), (), leader, order, follow_lead, may_duck,
                          lambda seat, loser, value: float(table[seat, value]) if seat == loser else 0.0)
    following = np.array([(seat + 1) % players for seat in range(players)], dtype=np.int64)
    found = search_kernel.last_trick(np.array(hands, dtype=np.uint64), leader, 0, 0, 0, leader, following, players,
                                     follow_lead, may_duck, table, search_kernel.new_table(10), 1, work())
    assert found == expected
    expected_out = play_out(hands, (), leader, following.tolist(), follow_lead, may_duck)
    assert search_kernel.thumb_out(np.array(hands, dtype=np.uint64), leader, 0, 0, 0, leader, following, players,
                                   follow_lead, may_duck) == expected_out


def test_a_table_full_of_other_searches_changes_no_outcome():
    rng = random.Random(3)
    crowded = search_kernel.new_table(4)  # 16 entries: nearly every position is overwritten or not kept
    roomy = search_kernel.new_table(16)
    cost = np.tile(np.arange(15.0), (2, 1))
    following = np.array([1, 0], dtype=np.int64)
    for search in range(1, 30):
        cards = rng.sample(range(52), 12)
        hands = np.array([sum(1 << card for card in cards[:6]), sum(1 << card for card in cards[6:])], dtype=np.uint64)
        assert search_kernel.last_trick(hands.copy(), 0, 0, 0, 0, 0, following, 2, True, False, cost, crowded,
                                        search, work()) == search_kernel.last_trick(
            hands.copy(), 0, 0, 0, 0, 0, following, 2, True, False, cost, roomy, search, work())


@given(st.integers(0, 2**52 - 1))
def test_c2_hands_packed_by_rank_as_the_reference_packs_them(hand):
    assert int(search_kernel.by_rank(np.uint64(hand))) == _by_rank(hand)
    assert kernel.popcount(np.uint64(hand)) == hand.bit_count()
    assert hand == 0 or kernel.highest(np.uint64(hand)) == hand.bit_length() - 1


@given(games(), st.integers(0, 2**64 - 1))
def test_c7_kernel_deals_fit_what_the_plays_revealed(game, key):
    found = position(game)
    if found is None:
        return
    state, seen, _rng = found
    seat = seen.seat
    bounds = rank_bounds(seen)
    seats = [other for other in bounds for _ in range(seen.hand_sizes[other])]
    hands = np.zeros(len(seen.players), dtype=np.uint64)
    hands[seat] = state.hand_mask(seat)
    unseen = [card.index for card in unseen_cards(seen)]
    counter = search_kernel.deal_unseen(hands, np.array(unseen, dtype=np.int64), np.array(seats, dtype=np.int64),
                                        np.array([bounds[other][0] for other in seats], dtype=np.int64),
                                        np.array([bounds[other][1] for other in seats], dtype=np.int64),
                                        np.uint64(key), 0)
    assert counter >= 0
    assert int(hands[seat]) == state.hand_mask(seat)
    dealt = 0
    for other, (low, high) in bounds.items():
        hand = int(hands[other])
        assert hand.bit_count() == seen.hand_sizes[other]
        assert all(low <= (card >> 2) + 2 <= high for card in range(52) if hand >> card & 1)
        assert not hand & dealt and all(hand >> card & 1 == 0 or card in unseen for card in range(52))
        dealt |= hand


def test_kernel_deals_follow_the_rank_bounds_that_force_them():
    # Places that may hold only twos must get the two twos, whatever the stream.
    for key in range(50):
        hands = np.zeros(3, dtype=np.uint64)
        search_kernel.deal_unseen(hands, np.array([0, 1, 48, 44], dtype=np.int64), np.array([1, 2, 2], dtype=np.int64),
                                  np.array([2, 2, 2], dtype=np.int64), np.array([14, 2, 2], dtype=np.int64),
                                  np.uint64(key), 0)
        assert int(hands[2]) == 0b11 and int(hands[1]).bit_count() == 1


@given(games())
def test_the_deep_bot_plays_legal_cards_deterministically_from_the_view_alone(game):
    found = position(game)
    if found is None:
        return
    _state, seen, rng = found
    seat = seen.seat
    bot = DeepSearchBot(samples=8, exact=10)
    assert pickle.loads(pickle.dumps(bot)) == bot
    choice = bot.choose(seen, random.Random(5))
    assert isinstance(choice, Play) and choice.card in seen.legal_plays
    assert bot.choose(seen, random.Random(5)) == choice
    # no peeking: another deal of the hidden cards, seen the same from this seat, gets the same choice
    other = deal_hidden(seen, rng)
    assert view(other, seat) == seen
    assert bot.choose(view(other, seat), random.Random(5)) == choice


@pytest.mark.parametrize(("field", "value"), [("samples", 0), ("exact", True), ("horizon", 2.5), ("model", "yes"),
                                               ("budget", -1)])
def test_deep_bot_settings_are_checked(field, value):
    with pytest.raises(InvalidArgumentError, match=field) as raised:
        DeepSearchBot(**{field: value})
    assert raised.value.field == field


def test_the_budget_bounds_a_move_s_work_and_keeps_it_deterministic(monkeypatch: pytest.MonkeyPatch) -> None:
    from concombre import deal, new_game

    seen = view(deal(new_game(2, seed=11)), 1)
    small, large = DeepSearchBot(budget=1), DeepSearchBot(budget=10**9)
    choice = small.choose(seen, random.Random(2))
    assert choice == small.choose(seen, random.Random(2))
    assert isinstance(choice, Play) and choice.card in seen.legal_plays
    spent: dict[int, int] = {}
    original = search_kernel.sampled_costs

    def spy(*arguments: Any) -> int:
        result: int = original(*arguments)
        spent[arguments[2]] = int(arguments[-2][0])
        return result

    monkeypatch.setattr(search_kernel, "sampled_costs", spy)
    small.choose(seen, random.Random(2))
    large.choose(seen, random.Random(2))
    assert 0 < spent[1] < spent[10**9]  # one deal weighed against up to 200: the budget stopped the sampling
