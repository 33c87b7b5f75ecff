"""Rommé's compiled shuffles (`concombre.games.romme.fast.deals`) against the reference engine's (R4, R7)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from concombre.core.errors import InvalidArgumentError  # noqa: E402
from concombre.core.seats import keyed_order, seats_from  # noqa: E402
from concombre.games.romme import Rules, deal, new_game  # noqa: E402
from concombre.games.romme.cards import card_at, deck  # noqa: E402
from concombre.games.romme.fast import deals  # noqa: E402
from concombre.games.romme.rules import deal_key  # noqa: E402


def dealt(state: Any, order: list[int]) -> tuple[dict[int, list[int]], list[int], list[int]]:
    """The hands, discard pile and stock (as sorting indices) that dealing ``order`` gives (R4)."""
    seats = seats_from((state.dealer + 1) % len(state.players), len(state.players), state.contenders)
    hands = {seat: sorted(order[place] for place in range(turn, 13 * len(seats), len(seats)))
             for turn, seat in enumerate(seats)}
    return hands, [order[13 * len(seats)]], list(reversed(order[13 * len(seats) + 1:]))


@pytest.mark.parametrize("count", [300, pytest.param(3000, marks=pytest.mark.slow)])
def test_r4_exact_decks_deal_the_reference_engine_s_hands(count):
    """Every player count, joker count and dealer: the reference's first deal of a seed is the exact deck's (the
    later rounds' decks are held to ``keyed_order`` below, and every round's deal by the differential test)."""
    for number in range(count):
        players, jokers = 2 + number % 5, (2, 4, 6)[number // 5 % 3]
        seed, dealer = number * 7_919 + number % 2 * 2**63, number % players
        begun = new_game(players, seed=seed, dealer=dealer, rules=Rules(jokers=jokers))
        reference = deal(begun)
        hands, pile, stock = dealt(begun, deals.exact_deck(seed, 1, jokers).tolist())
        assert [[card.index for card in hand] for hand in reference.hands] == [hands[seat] for seat in range(players)]
        assert [card.index for card in reference.discard_pile] == pile
        assert [card.index for card in reference.stock] == stock


@given(st.integers(0, 2**64 - 1), st.integers(1, 60), st.integers(1, 3), st.integers(0, 110))
def test_r7_a_rebuilt_stock_is_shuffled_as_the_reference_engine_shuffles_it(seed, round_number, rebuild, count):
    order = np.zeros(deals.MOST_CARDS, dtype=np.int64)
    deals._positions(np.uint64(seed), round_number, rebuild, count, False, order)
    assert order[:count].tolist() == keyed_order(count, deal_key(seed, round_number, rebuild))


@given(st.integers(0, 2**64 - 1), st.integers(1, 60), st.sampled_from([2, 4, 6]))
def test_r4_decks_hold_the_game_s_cards_once_in_both_modes(seed, round_number, jokers):
    cards = sorted(card.index for card in deck(jokers))
    exact, fast = deals.exact_deck(seed, round_number, jokers), deals.fast_deck(seed, round_number, jokers)
    assert sorted(exact.tolist()) == cards == sorted(fast.tolist())
    assert [card_at(index) for index in exact.tolist()] == [deck(jokers)[place] for place in
                                                             keyed_order(len(cards), deal_key(seed, round_number))]
    assert (fast == deals.fast_deck(seed, round_number, jokers)).all()


def test_fast_shuffles_are_uniform_and_differ_by_round_and_rebuild():
    """Which card tops the deck, over 21,600 seeds: a chi-square of 107 degrees of freedom under its 0.1% point
    (about 157); a round's deal and its rebuilds are different orders."""
    tops = np.array([deals.fast_deck(seed, 1, 4)[0] for seed in range(21_600)])
    counts = np.bincount(tops, minlength=108)
    assert ((counts - 200) ** 2 / 200).sum() < 157
    assert (deals.fast_deck(3, 1, 4) != deals.fast_deck(3, 2, 4)).any()
    assert (deals.fast_rebuild(3, 1, 1, 50) != deals.fast_rebuild(3, 1, 2, 50)).any()


@pytest.mark.parametrize(("call", "field"), [
    (lambda: deals.exact_deck(-1, 1, 4), "seed"), (lambda: deals.fast_deck(1, 0, 4), "round_number"),
    (lambda: deals.exact_deck(1, 1, 5), "jokers"), (lambda: deals.fast_rebuild(1, 1, 4, 10), "rebuild"),
    (lambda: deals.fast_rebuild(1, 1, 1, 111), "count")])
def test_bad_shuffles_are_refused_naming_the_field(call, field):
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    assert caught.value.field == field


def test_the_kernel_calls_the_rule_homes_compiled_as_they_are():
    """R2, R5, R6, R8, R13: the compiled tier's rulings are the homes' own functions (`py_func`), not copies."""
    from concombre.games.romme import rules as homes
    from concombre.games.romme.fast import kernel, table

    for name, function in table.compiled_homes().items():
        assert function is getattr(homes, name), name
    assert kernel.opens.py_func is homes.opens and kernel.round_score.py_func is homes.round_score  # type: ignore[attr-defined]
