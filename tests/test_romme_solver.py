"""The meld solver is exact (compared with brute force on small hands) and its melds are valid."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from concombre.games.romme.bots.solver import best_melds, best_opening
from concombre.romme import RommeCard, cards_of, deck, make_meld, why_not_meld


@cache  # the hands share their groups: every group's orderings are tried once a run
def can_meld(cards: tuple[RommeCard, ...]) -> int | None:
    """The table value of the best ordering of ``cards`` that is a meld, or None."""
    values = [make_meld(list(order), 0).value for order in itertools.permutations(cards)
              if why_not_meld(list(order)) is None]
    return max(values) if values else None


def brute_force(hand: tuple[RommeCard, ...], need: int) -> int | None:
    """The least value left over every partition of ``hand`` into melds and a remainder worth ``need``."""

    @cache
    def search(rest: tuple[RommeCard, ...], need: int) -> int | None:
        if not rest:
            return 0 if need <= 0 else None
        first, others = rest[0], rest[1:]
        best = search(others, need)
        best = None if best is None else best + first.hand_value
        for size in range(2, min(len(others), 12) + 1):
            for group in itertools.combinations(others, size):
                worth = can_meld((first, *group))
                if worth is None:
                    continue
                remaining = tuple(card for card in others if card not in group)
                found = search(remaining, max(0, need - worth))
                if found is not None and (best is None or found < best):
                    best = found
        return best

    return search(tuple(sorted(hand)), need)


SMALL_POOL = cards_of("2H1 3H1 4H1 5H1 6H1 2S1 3S1 4S1 2D1 3D1 2H2 3H2 AH1 KH1 QH1 AS1 AD1 JK1 JK2")


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(SMALL_POOL), min_size=3, max_size=8, unique=True))
def test_the_solver_agrees_with_brute_force(hand):
    found = best_melds(hand)
    assert found.left_value == brute_force(tuple(hand), 0)
    for meld in found.melds:
        assert why_not_meld(list(meld)) is None
    used = [card for meld in found.melds for card in meld] + list(found.left)
    assert sorted(used) == sorted(hand)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from(SMALL_POOL), min_size=3, max_size=8, unique=True))
def test_the_best_opening_agrees_with_brute_force(hand):
    opening = best_opening(hand, 20)
    expected = brute_force(tuple(hand), 20)
    if expected is None:
        assert opening is None
    else:
        assert opening is not None and opening.left_value == expected and opening.table_value >= 20


def test_full_hands_with_jokers_give_valid_melds():
    rng = random.Random(3)
    for _ in range(30):
        hand = rng.sample(deck(), 14)
        found = best_melds(hand)
        for meld in found.melds:
            assert why_not_meld(list(meld)) is None
        assert found.left_value == sum(card.hand_value for card in found.left)


def test_a_hand_that_melds_out_entirely():
    found = best_melds(cards_of("KH1 KS1 KD1 AC1 2C1 3C1 4C1 5H1 6H1 7H1 9S1 9D1 9H1 JK1"))
    assert found.left == () and found.left_value == 0


DENSE_POOL = cards_of("9C1 9C2 TC1 TC2 JC1 9D1 TD1 JD1 9H1 TH1 9S1 AC1 2C1 3C1 JK1 JK2 JK3")


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(DENSE_POOL), min_size=3, max_size=8, unique=True), st.sampled_from([0, 20, 30, 40]))
def test_dense_hands_with_both_copies_and_many_jokers_agree_with_brute_force(hand, need):
    """The hands the solver finds hardest: overlapping runs and sets, both copies, three jokers, a low ace."""
    found = best_opening(hand, need) if need else best_melds(hand)
    expected = brute_force(tuple(hand), need)
    assert (found.left_value if found is not None else None) == expected
