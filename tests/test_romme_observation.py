"""Rommé's observation of 465 numbers: what each piece holds, the move being built, the cards taken from the discard
pile, and never a hidden card (two states that differ only in what a seat cannot see give the same vector)."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from concombre import InvalidArgumentError  # noqa: E402
from concombre.games.romme.bots.sampling import deal_hidden  # noqa: E402
from concombre.games.romme.cards import card_at  # noqa: E402
from concombre.games.romme.observation import (  # noqa: E402
    LAYOUT,
    MELD_FEATURES,
    OBSERVATION_SIZE,
    encode_state,
    encode_view,
    taken_after,
)
from concombre.games.romme.parts import CARD, CLOSE, EXCHANGE, TARGET, add_part, next_parts  # noqa: E402
from concombre.romme import (  # noqa: E402
    Discard,
    DrawDiscard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    MeldCards,
    Phase,
    Rules,
    apply,
    cards_of,
    deal,
    deck_for,
    legal_actions,
    new_game,
    view,
)


def piece(vector: Any, name: str) -> Any:
    found = getattr(LAYOUT, name)
    return vector[found.start:found.stop]


def test_the_layout_is_465_numbers_in_pieces_side_by_side() -> None:
    assert OBSERVATION_SIZE == LAYOUT.size == 465 <= 512
    stops = [0] + [part.stop for part in LAYOUT.pieces]
    assert [part.start for part in LAYOUT.pieces] == stops[:-1]


def played(seed: int, players: int, rules: Rules, steps: int) -> Any:
    """Random legal play: every state with what the seats took from the discard pile, as the environments
    remember it."""
    rng = random.Random(seed)
    state, taken = new_game(players, rules=rules, seed=seed), None
    for _ in range(steps):
        if state.is_over:
            return
        action = rng.choice(legal_actions(state))
        taken = taken_after(taken, state, action)
        state = apply(state, action)
        yield state, taken


def test_two_states_that_differ_only_in_hidden_cards_give_the_same_observation() -> None:
    rng, compared = random.Random(4), 0
    for seed, players, rules in ((1, 2, Rules()), (2, 4, Rules(jokers=6, opening=30)), (3, 6, Rules(jokers=2))):
        for state, taken in played(seed, players, rules, 500):
            if state.phase not in (Phase.DRAW, Phase.PLAY):
                continue
            seat = rng.randrange(players)
            mover = state.to_play == seat
            built: tuple[int, ...] = ()
            if mover and state.phase is Phase.PLAY:  # a move half built, along a random path of the offers
                for _ in range(rng.randrange(4)):
                    grown, done = add_part(state, built, rng.choice(next_parts(state, built)))
                    if done is not None:
                        break
                    built = grown
            known = {other: frozenset(card_at(index) for index in cards)
                     for other, cards in enumerate(taken) if other != seat and cards}
            twin = deal_hidden(view(state, seat), rng, known)
            assert twin != state or not any(state.hands[other] for other in range(players) if other != seat)
            mine = encode_state(state, seat, built, taken)
            assert np.array_equal(mine, encode_state(twin, seat, built, taken))
            assert np.array_equal(encode_state(state, seat), encode_view(view(state, seat)))
            assert mine.min() >= -1 and mine.max() <= 1
            compared += 1
    assert compared > 400


def test_the_seat_s_hand_and_the_move_it_builds() -> None:
    game = new_game(2, seed=3)
    hand = cards_of("QC1 QD1 QH1 KD1 KH1 KS1 5S1")
    state = apply(deal(game, deck_for(game, {1: hand})), DrawStock())
    built: tuple[int, ...] = ()
    for card in cards_of("QC1 QD1 QH1"):
        built, _ = add_part(state, built, CARD + card.index)
    built, _ = add_part(state, built, CLOSE)
    built, _ = add_part(state, built, CARD + cards_of("KD1")[0].index)
    vector = encode_state(state, 1, built)
    mine = piece(vector, "hand")
    assert mine[[card.index for card in cards_of("QC1 QD1 QH1")]].tolist() == [-0.5] * 3  # a meld closed
    assert mine[cards_of("KD1")[0].index] == -1 and mine[cards_of("KH1")[0].index] == 1  # chosen, held
    assert sorted(np.flatnonzero(mine).tolist()) == sorted(card.index for card in state.hands[1])
    assert np.array_equal(encode_state(state, 0, built), encode_state(state, 0))  # another seat's move: not shown
    assert float(piece(vector, "to_play")[0]) == 1 and float(piece(encode_state(state, 0), "to_play")[0]) == 0
    assert float(piece(vector, "opening")[0]) == pytest.approx(40 / 60)


def test_the_table_s_melds_and_jokers_and_an_exchange_being_built() -> None:
    game = new_game(2, seed=5)
    hand = cards_of("5H1 6H1 JK1 9C1 9D1 9S1 QD1 QS1 QH2 7H1 TC1 TD1 JK2")
    state = apply(deal(game, deck_for(game, {1: hand})), DrawStock())
    state = apply(state, MeldCards([cards_of("5H1 6H1 JK1"), cards_of("9C1 9D1 9S1"), cards_of("QD1 QS1 QH2")]))
    vector = encode_state(state, 0)
    run, nines = piece(vector, "melds")[:4], piece(vector, "melds")[4:8]
    assert MELD_FEATURES == ("kind", "low", "high", "suits")
    assert run.tolist() == pytest.approx([1.0, 5 / 14, 7 / 14, 3 / 4])  # hearts are the third suit
    assert nines.tolist() == pytest.approx([0.5, 9 / 14, 9 / 14, (1 + 2 + 8) / 15])  # clubs, diamonds, spades
    assert piece(vector, "jokers")[:2].tolist() == pytest.approx([1 / 36, 3 / 13])  # JK1: meld 1, place 3
    left = piece(vector, "seats")[4:8]  # the seat to the left: score, opened, held, melded
    assert left[1] == 1 and left[3] == pytest.approx((5 + 6 + 7 + 27 + 30) / 150)  # the joker's place is a 7
    exchange = next(action for action in legal_actions(state) if isinstance(action, ExchangeJoker))
    built: tuple[int, ...] = ()
    for part in (CARD + exchange.card.index, TARGET + exchange.meld, EXCHANGE + exchange.place):
        built, _ = add_part(state, built, part)
    building = encode_state(state, 1, built)
    assert float(piece(building, "melds")[4 * exchange.meld]) == -1.0  # the target
    assert float(piece(building, "place")[0]) == pytest.approx((exchange.place + 1) / 13)
    assert float(piece(building, "hand")[exchange.card.index]) == -0.5  # given for the joker
    lay_off = next(action for action in legal_actions(state) if isinstance(action, LayOff))
    built, _ = add_part(state, (), CARD + lay_off.card.index)
    assert float(piece(encode_state(state, 1, built), "hand")[lay_off.card.index]) == -1.0


def test_the_cards_taken_from_the_discard_pile_until_shown() -> None:
    game = new_game(3, seed=2)
    top = cards_of("7S2")[0]
    state = deal(game, deck_for(game, {}, discard_top=top))
    taker = state.to_play
    assert taker is not None
    assert piece(encode_state(state, 0), "taken")[top.index] == -1  # on top of the discard pile
    taken = taken_after(None, state, DrawDiscard())
    state = apply(state, DrawDiscard())
    for seat in range(3):
        shown = piece(encode_state(state, seat, (), taken), "taken")
        assert shown[top.index] == pytest.approx(((taker - seat) % 3 + 1) / 6)
        assert np.count_nonzero(shown) == 1
    assert piece(encode_state(state, taker), "taken")[top.index] == pytest.approx(1 / 6)  # the view's own draw
    discard = next(action for action in legal_actions(state) if isinstance(action, Discard) and action.card != top)
    taken = taken_after(taken, state, discard)
    assert taken[taker] == {top.index}
    with pytest.raises(InvalidArgumentError) as caught:
        taken_after(({1},), state, discard)  # type: ignore[arg-type]
    assert caught.value.field == "taken"
    with pytest.raises(InvalidArgumentError) as caught:
        encode_state(state, 3)
    assert caught.value.field == "seat"
