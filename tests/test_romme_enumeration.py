"""The scalar engine's fast enumerations (issue 61) list exactly what the old ones listed, in the same order: the
melds of a hand, the openings (every group of melds worth the opening), the lay-offs and the joker exchanges,
and so `legal_actions` as a whole. The old enumerations are kept as the oracle (`tests/romme_oracle.py`)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concombre.bench.engines import ADVERSARIAL_HANDS
from concombre.games.romme import legal
from concombre.games.romme.cards import RommeCard, cards_of, deck
from concombre.games.romme.melds import Meld, make_meld
from concombre.games.romme.options import opening_groups, valued_meld_options
from concombre.romme import Phase, Rules, State, apply, new_game

from . import romme_oracle as oracle

PACK = deck(6)
NATURALS = tuple(card for card in PACK if not card.is_joker)
JOKERS = tuple(card for card in PACK if card.is_joker)


def old_groups(hand: list[RommeCard], opening: int) -> list[tuple[tuple[RommeCard, ...], ...]]:
    return [tuple(map(tuple, group)) for group in oracle.opening_groups(hand, opening)]


def random_hand(rng: random.Random, size: int, jokers: int) -> list[RommeCard]:
    return rng.sample(NATURALS, size) + list(rng.sample(JOKERS, jokers))


def paired_hand(rng: random.Random) -> list[RommeCard]:
    """A hand dense in pairs (both copies of a face) and runs of one suit: where groups of melds abound."""
    suit = rng.randrange(4)
    low = rng.randrange(0, 9)
    faces = [(rank, suit) for rank in range(low, low + 4)] + [(rng.randrange(13), rng.randrange(4)) for _ in range(2)]
    cards = [card for card in NATURALS if card.rank is not None and card.suit is not None
             and (card.rank - 2, "CDHS".index(card.suit.value)) in faces]
    return cards[:12] + list(JOKERS[: rng.randrange(0, 3)])


@given(st.lists(st.sampled_from(PACK), max_size=18, unique=True), st.sampled_from([30, 40, 50, 60]))
def test_the_openings_of_any_hand_are_the_old_ones(hand, opening):
    assert list(valued_meld_options(hand)) == list(oracle.valued_meld_options(hand))
    assert list(opening_groups(hand, opening)) == old_groups(hand, opening)


def check_random_hands(seed: int, count: int, jokers: tuple[int, ...]) -> None:
    rng = random.Random(seed)
    for number in range(count):
        hand = paired_hand(rng) if number % 8 == 0 else random_hand(rng, rng.randrange(3, 15), rng.choice(jokers))
        rng.shuffle(hand)  # the engine's hands come in any order
        opening = rng.choice((30, 40, 50, 60))
        assert list(valued_meld_options(hand)) == list(oracle.valued_meld_options(hand)), hand
        assert list(opening_groups(hand, opening)) == old_groups(hand, opening), hand


def test_the_openings_of_thousands_of_random_hands_are_the_old_ones():
    check_random_hands(61, 3000, (0, 0, 1, 1, 1, 2))  # the old path is slow with jokers: three below


@pytest.mark.slow
def test_the_openings_of_thousands_of_random_hands_with_jokers_are_the_old_ones():
    check_random_hands(62, 3000, (1, 2, 3, 4))


ADVERSARIAL = (
    *ADVERSARIAL_HANDS,
    "JK1 JK2 JK3 JK4 JK5 JK6 5H1 5H2 6H1 6H2 7S1 7S2 8D1 9D1",  # every joker, pairs
    "AH1 AH2 KH1 KH2 QH1 QH2 JH1 JH2 TH1 TH2 JK1 JK2 JK3 JK4",  # both copies of a run, four jokers
    "2C1 2C2 3C1 3C2 4C1 4C2 2D1 2D2 3D1 3D2 4D1 4D2 JK1 JK2",
    "KC1 KD1 KH1 KS1 KC2 KD2 KH2 KS2 AC1 AD1 AH1 AS1 JK1 JK2",  # two whole sets of kings
)
QUICK = (ADVERSARIAL[1], ADVERSARIAL[5], ADVERSARIAL[8], ADVERSARIAL[9], ADVERSARIAL[10])  # the old path's quick ones


@pytest.mark.parametrize("text", QUICK)
def test_the_openings_of_hands_dense_in_jokers_and_pairs_are_the_old_ones(text):
    hand = cards_of(text)
    counts = []
    for opening in (30, 40, 60):
        groups = list(opening_groups(hand, opening))
        assert groups == old_groups(hand, opening)
        counts.append(len(groups))
    assert counts[0] > 100 and counts == sorted(counts, reverse=True)  # many openings; fewer as the bar rises


@pytest.mark.slow
@pytest.mark.parametrize("text", ADVERSARIAL)
def test_the_openings_of_every_adversarial_hand_are_the_old_ones(text):
    hand = cards_of(text)
    for opening in (30, 40, 50, 60):
        assert list(opening_groups(hand, opening)) == old_groups(hand, opening)


def random_table(rng: random.Random) -> tuple[list[Meld], list[RommeCard]]:
    """Melds a random half-pack makes (sets, runs, jokers in them), and a hand from the other cards."""
    cards = rng.sample(PACK, 44)
    pool, melds = cards[:30], list[Meld]()
    for meld, _ in list(valued_meld_options(pool))[:: rng.randrange(1, 4)]:
        if len(melds) < 9 and all(card in pool for card in meld):
            melds.append(make_meld(list(meld), rng.randrange(2)))
            for card in meld:
                pool.remove(card)
    return melds, cards[30:]


def test_the_lay_offs_onto_random_tables_are_the_old_ones():
    rng = random.Random(9)
    found = 0
    for _ in range(1500):
        melds, hand = random_table(rng)
        offered = list(legal.lay_offs_onto(hand, melds, 1))
        assert offered == list(oracle.lay_offs(hand, melds, 1)), ([str(meld) for meld in melds], hand)
        found += len(offered)
    assert found > 500


def test_a_meld_s_lay_offs_are_asked_again_when_it_changes():
    """The lay-offs of a meld are remembered by the meld: a new meld (a lay-off made) is asked anew."""
    run = make_meld(cards_of("5H1 6H1 7H1"), 0)
    assert [(str(lay_off.card), lay_off.end) for lay_off in legal.lay_offs_onto(cards_of("4H2 8H1 JK1"), [run], 1)] == [
        ("4H2", "low"), ("8H1", "high"), ("JK1", "low"), ("JK1", "high")]
    longer = make_meld(cards_of("5H1 6H1 7H1 8H1 9H1 TH1 JH1 QH1 KH1 AH1"), 0)
    assert [(str(lay_off.card), lay_off.end) for lay_off in legal.lay_offs_onto(cards_of("4H2 AH2 JK1"), [longer], 1)
            ] == [("4H2", "low"), ("JK1", "low")]  # no place above the ace, nor a second ace (R5, R6)


def played(seed: int) -> Iterator[State]:
    """The turns of a random game, across player counts and rules."""
    rng = random.Random(seed)
    players = rng.choice((2, 3, 4, 6))
    rules = Rules(jokers=rng.choice((2, 4, 6)), opening=rng.choice((30, 40, 60)),
                  may_return_discard=rng.random() < 0.3)
    state = new_game(players, seed=seed, rules=rules)
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.PLAY:
            yield state
        actions = legal.legal_actions(state)
        state = apply(state, actions[int(rng.random() * len(actions))])


@pytest.mark.parametrize("seed", range(4))
def test_legal_actions_of_random_games_are_the_old_ones(seed):
    turns = 0
    for state in played(seed):
        assert legal.legal_actions(state) == oracle.legal_actions(state)
        turns += 1
    assert turns > 100


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4, 40))
def test_legal_actions_of_many_random_games_are_the_old_ones(seed):
    for state in played(seed):
        assert legal.legal_actions(state) == oracle.legal_actions(state)
