"""The batched meld solver (`concombre.games.romme.fast.melds`) makes the scalar solver's very choices: the same
melds of the same cards in the same order, the same value left and on the table, on random hands, on the
benchmark's adversarial hands and at every opening (R3, R5, R6, R8)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
numba = pytest.importorskip("numba")

from concombre import InvalidArgumentError  # noqa: E402
from concombre.bench import ADVERSARIAL_HANDS  # noqa: E402
from concombre.games.romme import rules as homes  # noqa: E402
from concombre.games.romme.bots.solver import Arrangement, best_melds, best_opening  # noqa: E402
from concombre.games.romme.bots.solver_rows import arrangement, arrangements  # noqa: E402
from concombre.games.romme.cards import RommeCard, cards_of, deck  # noqa: E402
from concombre.games.romme.fast import meld_kernel  # noqa: E402
from concombre.games.romme.fast.meld_kernel import most_melds, new_work, solve_hand, solve_hands  # noqa: E402
from concombre.games.romme.fast.melds import (  # noqa: E402
    COLUMNS,
    Arrangements,
    best_melds_batch,
    best_opening_batch,
    counts_of,
)
from concombre.games.romme.melds import MOST_PLACES, why_not_meld  # noqa: E402

CARDS = deck(6)
OPENINGS = (0, 30, 40, 50, 60)


def random_hands(count: int, seed: int, sizes: tuple[int, ...] = (3, 7, 10, 13, 14, 14, 14, 15)) -> list[Any]:
    """Hands of the whole game's cards (six jokers), of sizes drawn from ``sizes``, and the benchmark's kind:
    twelve natural cards and two jokers."""
    rng = random.Random(seed)
    naturals, jokers = [card for card in CARDS if not card.is_joker], [card for card in CARDS if card.is_joker]
    return [rng.sample(CARDS, rng.choice(sizes)) if number % 3 else rng.sample(naturals, 12) + jokers[:2]
            for number in range(count)]


def disagreements(hands: list[Any], opening: int, threads: int = 1) -> list[tuple[list[str], Any, Any]]:
    """The hands whose batched arrangement is not the scalar one (best_melds at opening 0, else best_opening)."""
    counts = counts_of(hands)
    found = best_melds_batch(counts, threads) if opening == 0 else best_opening_batch(counts, opening, threads)
    wrong = []
    for row, hand in enumerate(hands):
        expected = best_melds(hand) if opening == 0 else best_opening(hand, opening)
        got = arrangement(found, row, hand)
        if got != expected:
            wrong.append(([str(card) for card in hand], expected, got))
    return wrong


# -- the same choices as the scalar solver ----------------------------------------------------------------------


@given(st.lists(st.sampled_from(CARDS), max_size=18, unique=True), st.sampled_from(OPENINGS))
def test_random_hands_are_arranged_as_the_scalar_solver_arranges_them(hand, opening):
    assert disagreements([hand], opening) == []


@pytest.mark.parametrize("opening", OPENINGS)
def test_the_benchmark_s_adversarial_hands_are_arranged_as_the_scalar_solver_arranges_them(opening):
    hands = [cards_of(hand) for hand in ADVERSARIAL_HANDS]
    assert disagreements(hands, opening) == []


@pytest.mark.parametrize("opening", [0, 40])
def test_a_seeded_batch_of_hands_agrees_with_the_scalar_solver(opening):
    assert disagreements(random_hands(300, seed=opening + 1), opening) == []


@pytest.mark.slow
@pytest.mark.parametrize("opening", OPENINGS)
def test_many_hands_agree_with_the_scalar_solver(opening):
    """The quick tests' larger run (scripts/romme_melds_agree.py checks a million hands)."""
    assert disagreements(random_hands(6_000, seed=100 + opening), opening) == []


def test_dense_hands_with_both_copies_and_many_jokers_agree():
    """Where ties are many: both copies of long runs, sets that are also runs, four to six jokers."""
    rng = random.Random(5)
    pool = cards_of("5C1 5C2 6C1 6C2 7C1 7C2 8C1 8C2 5D1 6D1 7D1 5H1 6H1 7H1 5S1 AC1 AC2 2C1 3C1 KC1 QC1 "
                    "JK1 JK2 JK3 JK4 JK5 JK6")
    hands = [rng.sample(pool, rng.randrange(3, 17)) for _ in range(60)]
    for opening in (0, 40, 60):
        assert disagreements(hands, opening) == []


def test_faces_with_thousands_of_candidate_melds_agree():
    """The kernel lists a face's candidates a few dozen at a time: here the lowest face has 294 and 4,746 (six
    and four jokers around long runs of one suit)."""
    hands = [cards_of("5C1 6C1 7C1 8C1 9C1 5D1 5H1 JK1 JK2 JK3 JK4 JK5 JK6"),
             cards_of("2C1 3C1 4C1 5C1 6C1 7C1 8C1 9C1 TC1 JC1 QC1 KC1 AC1 JK1 JK2 JK3 JK4")]
    for opening in (0, 60):
        assert disagreements(hands, opening) == []


def test_the_melds_are_melds_and_the_values_add_up():
    hands = random_hands(100, seed=9)
    found = best_melds_batch(counts_of(hands))
    for row, hand in enumerate(hands):
        arranged = arrangement(found, row, hand)
        assert arranged is not None
        assert all(why_not_meld(list(meld)) is None for meld in arranged.melds)
        assert sorted([*(card for meld in arranged.melds for card in meld), *arranged.left]) == sorted(hand)
        assert arranged.left_value == sum(card.hand_value for card in arranged.left) == found.left_value[row]


# -- threads, the kernel's own function, the workspace ------------------------------------------------------------


def test_two_threads_give_the_one_thread_arrays():
    counts = counts_of(random_hands(4_200, seed=3))
    for opening in (0, 40):
        one, two = (best_opening_batch(counts, opening, threads) if opening else best_melds_batch(counts, threads)
                    for threads in (1, 2))
        for name in ("left_value", "table_value", "melds", "places", "sizes"):
            assert np.array_equal(getattr(one, name), getattr(two, name)), name


@pytest.mark.parametrize("need", [0, 40])
def test_solve_hand_inside_compiled_code_is_the_batch_whatever_the_table_remembers(need):
    """A hand's arrangement depends on nothing the table remembers: related hands solved one after another
    without forgetting (a hand, with a card more, with a card less) give what the batch gives."""
    rng = random.Random(need)
    hands = []
    for hand in random_hands(40, seed=need + 7, sizes=(13, 14)):
        hands += [hand, [*hand, rng.choice([card for card in CARDS if card not in hand])], hand[1:]]
    counts = counts_of(hands)
    batch = best_melds_batch(counts) if need == 0 else best_opening_batch(counts, need)
    for unrelated in (True, False):
        size = len(hands)
        left, table, melds = (np.zeros(size, dtype=np.int64) for _ in range(3))
        places = np.zeros((size, most_melds(15), MOST_PLACES), dtype=np.int8)
        sizes = np.zeros((size, most_melds(15)), dtype=np.int8)
        solve_hands(counts, need, 0, size, new_work(15), unrelated, left, table, melds, places, sizes)
        assert left.tolist() == batch.left_value.tolist()
        assert table.tolist() == batch.table_value.tolist() and melds.tolist() == batch.melds.tolist()
        width = batch.places.shape[1]
        assert np.array_equal(places[:, :width], batch.places) and (places[:, width:] == -1).all()


def test_solve_hand_refuses_a_hand_larger_than_its_workspace():
    counts = counts_of([CARDS[:16]])[0]
    places, sizes = np.zeros((5, MOST_PLACES), dtype=np.int8), np.zeros(5, dtype=np.int8)
    with pytest.raises(ValueError, match="workspace"):
        solve_hand(counts, 0, new_work(14), places, sizes)
    assert solve_hand(counts, 0, new_work(16), places, sizes)[0] == best_melds(CARDS[:16]).left_value


def test_the_kernel_calls_the_rule_homes_compiled_as_they_are():
    """R5, R6, R8: the kernel's rulings are the homes' own functions (``py_func``), not copies."""
    for name in ("set_fits", "run_fits", "opens", "run_face", "run_number"):
        assert getattr(meld_kernel, name).py_func is getattr(homes, name), name


def test_the_faces_are_the_homes_faces():
    counts = counts_of([[card] for card in CARDS])
    assert [int(row.argmax()) for row in counts] == [homes.face(card.index) for card in CARDS]
    assert counts.shape == (len(CARDS), COLUMNS) and counts.sum() == len(CARDS)


# -- the arrays and the conversions --------------------------------------------------------------------------------


def test_an_opening_out_of_reach_is_none():
    hands = [cards_of("KH1 KS1 KD1 2C1 5D1"), cards_of("KH1 KS1 KD1 AC1 2C1 3C1 4C1")]
    found = best_opening_batch(counts_of(hands), 40)
    assert found.found.tolist() == [False, True] and found.left_value[0] == -1 and found.melds[0] == 0
    assert arrangement(found, 0, hands[0]) is None and best_opening(hands[0], 40) is None
    assert (found.places[0] == -1).all() and (found.sizes[0] == 0).all()


def test_an_empty_batch_and_an_empty_hand():
    assert best_melds_batch(np.zeros((0, COLUMNS), dtype=np.int8)).left_value.shape == (0,)
    found = best_melds_batch(counts_of([[]]))
    assert arrangement(found, 0, []) == Arrangement((), (), 0, 0) == best_melds([])


def test_the_arrays_are_read_only_and_shaped_for_the_largest_hand():
    found = best_melds_batch(counts_of([CARDS[:20], CARDS[:3]]))
    assert isinstance(found, Arrangements) and found.places.shape == (2, 20 // 3, MOST_PLACES)
    with pytest.raises(ValueError, match="read-only"):
        found.left_value[0] = 3


@pytest.mark.parametrize(("counts", "field"), [
    (np.zeros((2, 52), dtype=np.int8), "counts"),
    (np.full((1, COLUMNS), 3, dtype=np.int8), "counts"),
    (np.zeros((1, COLUMNS), dtype=np.float64), "counts"),
    (np.pad(np.zeros((1, 52), dtype=np.int8), ((0, 0), (0, 1)), constant_values=7), "counts"),
    (np.full((1, COLUMNS), -1), "counts"),
    ("QH1", "counts"),
])
def test_counts_that_are_no_hands_are_refused_naming_the_field(counts, field):
    with pytest.raises(InvalidArgumentError) as refused:
        best_melds_batch(counts)
    assert refused.value.field == field and refused.value.ruling == "R2"


def test_bad_arguments_are_refused_naming_their_field():
    counts = counts_of([cards_of("5H1 6H1 7H1")])
    for opening in (-1, True, 40.0, "40"):
        with pytest.raises(InvalidArgumentError) as refused:
            best_opening_batch(counts, opening)  # type: ignore[arg-type]
        assert refused.value.field == "opening" and refused.value.ruling == "R8"
    with pytest.raises(InvalidArgumentError) as refused:
        best_melds_batch(counts, threads=0)
    assert refused.value.field == "threads"
    for hands in ("QH1", [["QH1", "QH1"]], [["XX9"]]):
        with pytest.raises(InvalidArgumentError):
            counts_of(hands)
    found = best_melds_batch(counts)
    for row in (1, -1, True):
        with pytest.raises(InvalidArgumentError) as refused:
            arrangement(found, row, cards_of("5H1 6H1 7H1"))
        assert refused.value.field == "row"
    with pytest.raises(InvalidArgumentError) as refused:
        arrangement(found, 0, cards_of("5H1 6H1 8H1"))
    assert refused.value.field == "hand"
    assert arrangement(found, np.int64(0), cards_of("5H1 6H1 7H1")) == best_melds(
        cards_of("5H1 6H1 7H1"))
    with pytest.raises(InvalidArgumentError) as refused:
        arrangements(found, [])
    assert refused.value.field == "hands"
    assert arrangements(found, [cards_of("5H1 6H1 7H1")]) == [best_melds(cards_of("5H1 6H1 7H1"))]


def test_a_row_s_places_are_faces_and_jokers():
    found = best_melds_batch(counts_of([cards_of("QH1 QS1 QD1 QC2 JK1 3H1 4H1")]))
    melds = [found.places[0, meld, : found.sizes[0, meld]].tolist() for meld in range(int(found.melds[0]))]
    faces = [[homes.face(RommeCard.parse(card).index) for card in meld.split()] for meld in ("QC2 QD1 QH1 QS1",
                                                                                            "3H1 4H1 JK1")]
    assert melds == faces and faces[1][2] == homes.JOKER_FACE


@pytest.mark.parametrize("call", [counts_of, best_melds_batch, best_opening_batch, arrangement, arrangements, new_work])
def test_values_of_the_wrong_kind_are_refused_with_the_library_s_errors(call):
    """As the fuzz test asks of the games' modules: None, a number, text, a list, a dict for every argument."""
    import inspect

    from concombre import ConcombreError

    parameters = list(inspect.signature(call).parameters.values())
    required = [parameter for parameter in parameters if parameter.default is parameter.empty] or parameters[:1]
    for wrong in (None, 7, "x", [1], {"a": 1}, -3, True):
        if call is new_work and wrong == 7 and wrong is not True:  # seven cards: a workspace for them
            continue
        with pytest.raises(ConcombreError):
            call(*(wrong,) * len(required))
