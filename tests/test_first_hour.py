"""What a newcomer met in the first hour (issue 31): each bug with a test that failed before its fix."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import concombre
import concombre.romme as romme
from concombre import Card, IllegalActionError, InvalidArgumentError, Play, Record
from concombre.apps.simulate import game_played, simulate
from concombre.core.game import AnyGame, register, unregister
from concombre.examples import highcard, highcard_full

from .support import choices, games, romme_games


@pytest.mark.parametrize("front", [concombre, romme])
@pytest.mark.parametrize("bad", ["deal", None, 3, Card.parse("QH")])
def test_action_text_refuses_what_is_not_an_action_instead_of_writing_score(front, bad):
    with pytest.raises(InvalidArgumentError) as caught:
        front.action_text(bad)
    assert caught.value.field == "action"


def test_a_record_is_made_of_a_new_game_not_of_a_view():
    state = concombre.new_game(3, seed=1)
    with pytest.raises(InvalidArgumentError, match="not a View") as caught:
        Record.of(concombre.view(state, 0))
    assert caught.value.field == "state"
    with pytest.raises(InvalidArgumentError, match="not a View"):
        romme.Record.of(romme.view(romme.new_game(2, seed=1), 0))


def test_r8_the_opening_solver_refuses_an_opening_that_is_no_number():
    from concombre.games.romme.bots.solver import best_opening

    for bad in (None, "40", -1, True):
        with pytest.raises(InvalidArgumentError) as caught:
            best_opening(romme.cards_of("KH1 KS1 KD1"), bad)  # type: ignore[arg-type]
        assert (caught.value.field, caught.value.ruling) == ("opening", "R8")


@pytest.mark.parametrize(
    ("call", "field", "ruling"),
    [
        (lambda: concombre.why_illegal(concombre.new_game(2), "QH"), "action", None),  # type: ignore[arg-type]
        (lambda: concombre.apply(concombre.new_game(2), romme.DrawStock()), "action", None),  # type: ignore[arg-type]
        (lambda: romme.apply(romme.new_game(2), concombre.Deal()), "action", None),  # type: ignore[arg-type]
        (lambda: Card.parse("1H"), "card", "C2"),
        (lambda: Play("1H"), "card", "C2"),
        (lambda: Card(1, "H"), "rank", "C2"),
        (lambda: concombre.Deal(["QH", "1H"]), "deck", "C2"),
        (lambda: concombre.Deal(5), "deck", "C4"),  # type: ignore[arg-type]
        (lambda: romme.MeldCards(["QH1"]), "melds", None),
        (lambda: romme.MeldCards([["QH"]]), "melds", "R2"),
        (lambda: romme.Discard("QH"), "card", "R2"),
        (lambda: romme.ExchangeJoker("QH1", 0, 0, "x"), "new_meld", None),
        (lambda: romme.Deal(["QH1", 5]), "deck", "R2"),  # type: ignore[list-item]
    ],
)
def test_every_invalid_argument_names_its_field_and_a_card_its_ruling(call, field, ruling):
    with pytest.raises(InvalidArgumentError) as caught:
        call()
    assert (caught.value.field, caught.value.ruling) == (field, ruling)


def test_the_transitions_read_card_text_exactly_as_the_action_classes_do():
    state = concombre.deal(concombre.new_game(3, seed=1))
    card = concombre.legal_plays(state)[0]
    assert concombre.play(state, str(card)) == concombre.play(state, card) == concombre.apply(state, Play(str(card)))
    turn = romme.draw_stock(romme.deal(romme.new_game(2, seed=3)))
    held = turn.hands[turn.to_play or 0][0]
    by_text = romme.discard(turn, str(held).lower())
    assert by_text == romme.discard(turn, held) == romme.apply(turn, romme.Discard(str(held)))


@pytest.fixture
def third_game() -> Iterator[AnyGame]:
    register(highcard.GAME)
    yield highcard.GAME
    unregister(highcard.GAME)


def test_simulate_plays_the_game_the_bots_belong_to_and_refuses_another_game_s_bots(third_game):
    assert game_played([romme.SolverBot(), romme.RandomBot()]).name == "romme"
    assert game_played([concombre.ThumbBot(), concombre.RandomBot()]).name == "concombre"
    summary = simulate([third_game.bot("high"), third_game.bot("random")], 6, seed=1)  # no rules= needed
    assert summary.games == 6
    with pytest.raises(InvalidArgumentError, match="RandomBot 'random' is a bot of German Rommé, not of Concombre"):
        simulate([concombre.ThumbBot(), romme.RandomBot()], 2, game="concombre")
    with pytest.raises(InvalidArgumentError, match="Rules") as caught:
        simulate([concombre.ThumbBot(), concombre.RandomBot()], 2, rules=romme.Rules(), game="concombre")
    assert caught.value.field == "rules"


def test_demo_seats_the_game_s_own_count(capsys):
    from concombre.apps.cli import main

    register(highcard_full.GAME_FULL)
    try:
        assert main(["demo", "--game", "highcard"]) == 0  # a 2-player game: the default of 4 was refused
    finally:
        unregister(highcard_full.GAME_FULL)
    assert "High Card for 2 players" in capsys.readouterr().out


# -- apply(seat=): a server need not compare state.to_play itself ------------------------------------


def test_c6_apply_refuses_a_play_by_a_seat_whose_turn_it_is_not():
    state = concombre.deal(concombre.new_game(["Ann", "Bob", "Cy"], seed=1))
    mover = state.to_play
    assert mover is not None
    other = (mover + 1) % 3
    action = Play(concombre.legal_plays(state)[0])
    before = repr(state)
    with pytest.raises(IllegalActionError, match=f"It is {state.players[mover]}'s turn, not") as caught:
        concombre.apply(state, action, seat=other)
    assert caught.value.ruling == "C6" and repr(state) == before
    refused = concombre.refusal(state, action, seat=other)
    assert refused is not None and refused.ruling == "C6"
    assert concombre.apply(state, action, seat=mover) == concombre.apply(state, action)
    assert not concombre.is_legal(state, action, seat=other) and concombre.is_legal(state, action, seat=mover)


def test_c14_and_r15_no_seat_deals_or_scores():
    for front, ruling in ((concombre, "C14"), (romme, "R15")):
        state = front.new_game(3, seed=1)
        refused = front.refusal(state, front.Deal(), seat=0)
        assert refused is not None and refused.ruling == ruling
        assert front.refusal(state, front.Deal()) is None


def test_r7_apply_refuses_a_draw_by_a_player_whose_turn_it_is_not():
    state = romme.deal(romme.new_game(["Ann", "Bob"], seed=1))
    with pytest.raises(IllegalActionError, match="It is Bob's turn, not Ann's") as caught:
        romme.apply(state, romme.DrawStock(), seat=0)
    assert caught.value.ruling == "R7"
    assert romme.why_illegal(state, romme.DrawStock(), "id", seat=0) == "Sekarang giliran Bob, bukan giliran Ann. [R7]"
    with pytest.raises(InvalidArgumentError) as wrong:
        romme.apply(state, romme.DrawStock(), seat=5)
    assert wrong.value.field == "seat"


@settings(max_examples=10, deadline=None)
@given(games(), st.integers(0, 6))
def test_apply_with_the_seat_to_move_is_apply_and_any_other_seat_is_refused(game, other):
    state, rng = game
    for _ in range(120):
        if state.is_over:
            break
        action = rng.choice(concombre.legal_actions(state))
        seat = state.to_play
        if other < len(state.players) and other != seat:
            assert concombre.refusal(state, action, seat=other) is not None
        after = concombre.apply(state, action, seat=seat)
        assert after == concombre.apply(state, action)
        state = after


@settings(max_examples=6, deadline=None)
@given(romme_games())
def test_romme_apply_with_the_seat_to_move_is_apply(game):
    state, rng = game
    for _ in range(150):
        if state.is_over:
            break
        action = rng.choice(choices(state, rng))
        after = romme.apply(state, action, seat=state.to_play)
        assert after == romme.apply(state, action)
        state = after


def test_a_random_game_is_played_through_seats():
    state = concombre.new_game(4, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        action = rng.choice(concombre.legal_actions(state))
        state = concombre.apply(state, action, seat=state.to_play)
    assert state.winner is not None


# -- a user program: each game played from text typed as a person types it -------------------------------


def typed_card(card: Card, rng: random.Random) -> str:
    """A card as a person might type it: ``10♥``, ``q♥``, ``qh``, ``10h``, ``T♥``."""
    rank, suit = card.rank.symbol, card.suit.value
    symbol = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[suit]
    rank = rng.choice([rank, "10"] if rank == "T" else [rank, rank.lower()])
    return rank + rng.choice([symbol, suit, suit.lower()])


def typed_concombre(action: concombre.Action, rng: random.Random) -> str:
    if isinstance(action, Play):
        card = typed_card(action.card, rng)
        return rng.choice([card, f"play {card}"])
    return concombre.action_text(action)


def test_a_user_program_plays_concombre_from_typed_text():
    state = concombre.new_game(["Ann", "Bob", "Cy"], seed=11)
    rng = random.Random(11)
    refusals = 0
    while not state.is_over:
        seat = state.to_play
        if seat is not None and rng.random() < 0.2:  # a card not allowed, typed: refused as data, with the rule
            wrong = [card for card in state.hand(seat) if card not in concombre.legal_plays(state)]
            if wrong:
                typed = concombre.read_action(concombre.view(state, seat), typed_card(rng.choice(wrong), rng))
                refused = concombre.refusal(state, typed, seat=seat)
                assert refused is not None and refused.ruling == "C7" and "[C7]" in str(refused)
                refusals += 1
        action = rng.choice(concombre.legal_actions(state))
        table = concombre.view(state, seat) if seat is not None else state
        heard = concombre.read_action(table, typed_concombre(action, rng))
        assert heard == action
        assert concombre.refusal(state, heard, seat=seat) is None
        state = concombre.apply(state, heard, seat=seat)
    assert refusals > 0 and state.winner is not None


def typed_romme_cards(cards: tuple[romme.RommeCard, ...], hand: tuple[romme.RommeCard, ...],
                      rng: random.Random) -> str:
    """Cards as a person types them: without the copy where the hand holds only one such card."""
    words = []
    for card in cards:
        face = str(card)[:2]
        alone = sum(str(other)[:2] == face for other in hand) == 1
        words.append(face.lower() if alone and rng.random() < 0.7 else str(card))
    return " ".join(words)


def typed_romme(action: romme.Action, hand: tuple[romme.RommeCard, ...], rng: random.Random) -> str:
    if isinstance(action, romme.DrawStock):
        return rng.choice(["s", "stock", "draw stock"])
    if isinstance(action, romme.DrawDiscard):
        return rng.choice(["d", "pile", "draw discard"])
    if isinstance(action, romme.MeldCards):
        return "meld " + " | ".join(typed_romme_cards(meld, hand, rng) for meld in action.melds)
    if isinstance(action, romme.LayOff):
        end = f" {action.end}" if action.end else ""
        return f"lay off {typed_romme_cards((action.card,), hand, rng)} on {action.meld + 1}{end}"
    if isinstance(action, romme.ExchangeJoker):
        return (f"exchange {action.card} at {action.meld + 1} {action.place + 1} then meld "
                f"{' '.join(map(str, action.new_meld))}")
    if isinstance(action, romme.Discard):
        return f"discard {typed_romme_cards((action.card,), hand, rng)}"
    return romme.action_text(action)


def test_a_user_program_plays_romme_from_typed_text():
    state = romme.new_game(["Ann", "Bob", "Cy"], seed=12)
    rng = random.Random(12)
    refusals = melds = 0
    while not state.is_over:
        seat = state.to_play
        if seat is not None and state.phase is romme.Phase.DRAW and rng.random() < 0.3:
            typed = romme.read_action(romme.view(state, seat), "discard " + str(state.hands[seat][0])[:2])
            refused = romme.refusal(state, typed, seat=seat)  # a discard before the draw: refused, as data
            assert refused is not None and refused.ruling == "R15"
            refusals += 1
        action = rng.choice(choices(state, rng))
        hand = state.hands[seat] if seat is not None else ()
        table = romme.view(state, seat) if seat is not None else state
        heard = romme.read_action(table, typed_romme(action, hand, rng))
        assert heard == action, (typed_romme(action, hand, rng), action)
        melds += isinstance(heard, romme.MeldCards)
        state = romme.apply(state, heard, seat=seat)
    assert refusals > 0 and melds > 0 and state.winner is not None


@pytest.mark.parametrize("text", ["", "   ", "fly", "play", "play 1H", "deal 2C 1H", "QH QS"])
def test_read_action_refuses_text_that_is_no_concombre_action(text):
    with pytest.raises(concombre.FormatError) as caught:
        concombre.read_action(concombre.new_game(2), text)
    assert caught.value.path == "text"


@pytest.mark.parametrize("text", ["", "fly", "meld", "lay off QH on x", "discard 1H", "exchange at"])
def test_read_action_refuses_text_that_is_no_romme_action(text):
    with pytest.raises(concombre.FormatError) as caught:
        romme.read_action(romme.new_game(2), text)
    assert caught.value.path == "text"


def test_read_action_refuses_what_is_not_a_table_or_text():
    for front in (concombre, romme):
        with pytest.raises(InvalidArgumentError) as caught:
            front.read_action(None, "deal")
        assert caught.value.field == "table"
        with pytest.raises(InvalidArgumentError) as caught:
            front.read_action(front.new_game(2), 5)
        assert caught.value.field == "text"
