"""Rommé melds: a hand-checked table of sets and runs, with jokers, values and refusals (R3, R5, R6)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from concombre import IllegalActionError
from concombre.games.romme.cards import deck
from concombre.games.romme.options import meld_options, opening_value, valued_meld_options
from concombre.romme import cards_of, exchange_joker, lay_off, make_meld, why_not_meld

VALID = [
    # cards in place order, kind, what each place stands for, value (R3)
    ("QH1 QS1 QD2", "set", "QH QS QD", 30),
    ("QH1 QS1 QD2 QC1", "set", "QH QS QD QC", 40),
    ("3S1 3H1 JK1 JK2", "set", "3S 3H 3* 3*", 12),  # the seed's own example
    ("AH1 AS2 JK1", "set", "AH AS A*", 33),  # aces in a set are 11
    ("2H1 3H1 4H1", "run", "2H 3H 4H", 9),
    ("AH1 2H1 3H1", "run", "AH 2H 3H", 6),  # the ace low counts 1
    ("QH1 KH1 AH1", "run", "QH KH AH", 31),  # the ace high counts 11
    ("JK1 2C1 3C1", "run", "AC 2C 3C", 6),  # a joker as a low ace is worth 1
    ("QC1 KC1 JK1", "run", "QC KC AC", 31),  # ... and as a high ace 11
    ("5H1 6H1 JK1", "run", "5H 6H 7H", 18),
    ("JK1 5H1 6H1", "run", "4H 5H 6H", 15),
    ("3S1 4S1 JK1 6S1", "run", "3S 4S 5S 6S", 18),  # the seed's run, before the exchange
    ("JK1 JK2 5D1 6D1", "run", "3D 4D 5D 6D", 18),  # jokers side by side
    ("2D1 3D1 4D1 5D1 6D1 7D1 8D1 9D1 TD1 JD1 QD1 KD1 AD1", "run", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", 95),
]

INVALID = [
    ("3S1 JK1 JK2", "two or more jokers must hold at least two natural cards", "R6"),  # the seed's example
    ("QH1 QS1", "at least three cards", "R5"),
    ("QH1 QH2 QS1", "Two copies of Q♥ never share a meld", "R6"),
    ("QH1 QS1 QD1 QC1 JK1", "3 or 4 cards", "R5"),
    ("KH1 AH1 2H1", "never round the corner", "R5"),
    ("JK1 AH1 2H1", "no run", "R5"),  # nothing below the ace
    ("QH1 KH1 AH1 JK1", "no run", "R5"),  # nothing above the ace
    ("2H1 4H1 5H1", "no run", "R5"),
    ("4H1 3H1 2H1", "no run", "R5"),  # places go low to high
    ("2H1 3S1 4H1", "neither a set", "R5"),
    ("JK1 2H1 3H1 4H1 5H1 6H1 7H1 8H1 9H1 TH1 JH1 QH1 KH1 AH1", "at most 13", "R6"),
    ("QH1 QH1 QS1", "same card is given twice", "R2"),
]


@pytest.mark.parametrize(("text", "kind", "stands_for", "value"), VALID)
def test_valid_melds_and_their_values(text, kind, stands_for, value):
    meld = make_meld(cards_of(text), owner=0)
    assert meld.kind == kind
    assert " ".join(place.stands_for() for place in meld.places) == stands_for
    assert meld.value == value
    assert why_not_meld(cards_of(text)) is None


@pytest.mark.parametrize(("text", "message", "ruling"), INVALID)
def test_invalid_melds_say_exactly_why(text, message, ruling):
    with pytest.raises(IllegalActionError, match=message) as caught:
        make_meld(cards_of(text), owner=0)
    assert caught.value.ruling == ruling
    assert why_not_meld(cards_of(text)) == str(caught.value)


def test_r10_the_seeds_joker_exchange():
    run = make_meld(cards_of("3S1 4S1 JK1 6S1"), owner=1)
    meld, joker = exchange_joker(run, 2, cards_of("5S2")[0])  # either copy of the 5 of spades
    assert str(meld) == "3S1 4S1 5S2 6S1" and str(joker) == "JK1"
    assert meld.places[2].owner == 1 and meld.places[2].value == 5  # owner and value unchanged (R13)
    with pytest.raises(IllegalActionError, match="stands for 5♠, not 5♥") as caught:
        exchange_joker(run, 2, cards_of("5H1")[0])
    assert caught.value.ruling == "R10"
    with pytest.raises(IllegalActionError, match="no joker"):
        exchange_joker(run, 0, cards_of("3S2")[0])


def test_r10_a_set_joker_takes_any_missing_suit():
    threes = make_meld(cards_of("3S1 3H1 JK1"), owner=0)
    assert exchange_joker(threes, 2, cards_of("3D2")[0])[0].places[2].stands_for() == "3D"
    with pytest.raises(IllegalActionError, match="a 3 of a suit the set lacks"):
        exchange_joker(threes, 2, cards_of("3S2")[0])


def test_r9_laying_off_keeps_places_and_owners():
    run = make_meld(cards_of("5H1 6H1 7H1"), owner=0)
    grown = lay_off(run, cards_of("8H2")[0], owner=1, end="high")
    assert str(grown) == "5H1 6H1 7H1 8H2"
    assert [place.owner for place in grown.places] == [0, 0, 0, 1]
    assert str(lay_off(run, cards_of("JK1")[0], owner=1, end="low")) == "JK1 5H1 6H1 7H1"
    with pytest.raises(IllegalActionError, match="does not fit") as caught:
        lay_off(run, cards_of("8H2")[0], owner=1, end="low")
    assert caught.value.ruling == "R9"
    with pytest.raises(IllegalActionError, match="which end"):
        lay_off(run, cards_of("8H2")[0], owner=1)
    queens = make_meld(cards_of("QH1 QS1 QD1"), owner=0)
    assert lay_off(queens, cards_of("QC2")[0], owner=1).value == 40
    with pytest.raises(IllegalActionError, match="does not fit"):
        lay_off(queens, cards_of("QH2")[0], owner=1)


@settings(max_examples=200)
@given(st.lists(st.sampled_from(deck(6)), min_size=0, max_size=16, unique=True))
def test_every_meld_option_is_a_meld_worth_what_the_options_say(hand):
    options = list(valued_meld_options(hand))
    assert [meld for meld, _ in options] == list(meld_options(hand))
    for meld, value in options:
        assert make_meld(meld, owner=0).value == value == opening_value([meld])  # R3, R5, R6
