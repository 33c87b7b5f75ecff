"""Views: what one seat may see."""

from __future__ import annotations

import pytest

from concombre import (
    PACK,
    Card,
    InvalidArgumentError,
    Phase,
    apply,
    deal,
    legal_actions,
    new_game,
    play,
    view,
)


def test_view_shows_own_hand_public_cards_and_counts():
    state = deal(new_game(["Ann", "Bob", "Cy"], seed=1), PACK)
    state = play(state, Card.parse("2C"))  # Bob leads
    seen = view(state, 2)
    assert seen.players == ("Ann", "Bob", "Cy")
    assert seen.hand == state.hand(2)
    assert seen.trick == ((1, Card.parse("2C")),)
    assert seen.played == ((), (Card.parse("2C"),), ())
    assert seen.hand_sizes == (7, 6, 7)
    assert seen.stock_size == 52 - 21
    assert seen.my_turn and seen.legal_plays
    assert view(state, 0).legal_plays == () and not view(state, 0).my_turn


def test_view_keeps_resolved_tricks_of_the_round():
    state = deal(new_game(2, seed=3))
    while state.phase is not Phase.PLAY or len(state.tricks) < 2:
        state = apply(state, legal_actions(state)[0])
    assert view(state, 0).tricks == state.tricks
    assert len(view(state, 1).tricks) == 2


@pytest.mark.parametrize("seat", [-1, 3, "0", None, True])
def test_view_refuses_a_seat_not_at_the_table(seat):
    with pytest.raises(InvalidArgumentError, match="seat"):
        view(new_game(3, seed=1), seat)


def test_view_before_the_deal_and_at_the_end():
    state = new_game(2, seed=1)
    seen = view(state, 0)
    assert seen.hand == () and seen.stock_size == 0 and seen.phase is Phase.DEAL
    while state.phase is not Phase.GAME_OVER:
        state = apply(state, legal_actions(state)[0])
    assert view(state, 1).winner == state.winner is not None
