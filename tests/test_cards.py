"""The card model: ranks, suits, cards, parsing and the pack (C2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concombre import PACK, Card, InvalidArgumentError, Rank, Suit


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [("QH", Rank.QUEEN, Suit.HEARTS), ("10h", Rank.TEN, Suit.HEARTS), ("Ts", Rank.TEN, Suit.SPADES),
     ("2c", Rank.TWO, Suit.CLUBS), ("ad", Rank.ACE, Suit.DIAMONDS), (" 9S ", Rank.NINE, Suit.SPADES)],
)
def test_parse_reads_rank_then_suit_in_either_case(text, rank, suit):
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["", "Q", "H", "1H", "11H", "QX", "QHH", "HQ", "10", "JOKER", "0S"])
def test_parse_refuses_anything_else_with_help(text):
    with pytest.raises(InvalidArgumentError, match="is not a card"):
        Card.parse(text)


@pytest.mark.parametrize("value", [None, 12, b"QH", ["Q", "H"]])
def test_parse_refuses_non_text(value):
    with pytest.raises(InvalidArgumentError, match="written as text"):
        Card.parse(value)


def test_str_writes_ten_as_t_and_round_trips_every_card():
    assert str(Card(Rank.TEN, Suit.CLUBS)) == "TC"
    for card in PACK:
        assert Card.parse(str(card)) == card
        assert Card.parse(str(card).lower()) == card
        assert eval(repr(card)) == card  # the repr is meant to be evaluable


def test_rank_numbers_are_concombre_card_values():
    from concombre import card_value

    assert [rank.value for rank in Rank] == list(range(2, 15))
    assert all(card_value(card) == int(card.rank) for card in PACK)


def test_pack_order_is_rank_then_suit_and_cards_sort_that_way():
    assert [str(card) for card in PACK[:5]] == ["2C", "2D", "2H", "2S", "3C"]
    shuffled = list(PACK)
    random.Random(1).shuffle(shuffled)
    assert sorted(shuffled) == list(PACK)
    assert Card.parse("AS") > Card.parse("AC") >= Card.parse("AC") > Card.parse("KS")
    assert Card.parse("2C") <= Card.parse("2D")


def test_cards_are_values_hashable_and_immutable():
    card = Card.parse("QH")
    assert card == Card(Rank.QUEEN, Suit.HEARTS) and hash(card) == hash(Card(12, "h"))
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]


@pytest.mark.parametrize(("rank", "suit"), [(1, "H"), (15, "H"), ("Q", "H"), (True, "H"), (12, "X"), (12, 3)])
def test_constructor_refuses_bad_fields(rank, suit):
    with pytest.raises(InvalidArgumentError, match="card's"):
        Card(rank, suit)


def test_comparing_with_a_non_card_is_refused():
    with pytest.raises(TypeError):
        assert Card.parse("2C") < 3


@given(st.text(max_size=6))
def test_parse_never_crashes(text):
    try:
        card = Card.parse(text)
    except InvalidArgumentError:
        return
    assert card in PACK
