"""One or more example tests for every ruling C1-C14 and both options of C7.

Each test's name starts with the ruling it checks.
"""

from __future__ import annotations

import pytest

from concombre import (
    PACK,
    Card,
    Deal,
    IllegalActionError,
    InvalidArgumentError,
    Phase,
    Play,
    Rank,
    ResolveTrick,
    Rules,
    ScoreRound,
    apply,
    card_value,
    deal,
    legal_plays,
    new_game,
    play,
    resolve_trick,
    score_round,
    trick_winner,
    why_illegal,
)

from .support import deck_for, play_round, rig_round


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def texts(found: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in found)


def trick_state(rules: Rules, hands: dict[int, str], players: int = 3):
    """A dealt round of ``players`` seats, dealer 0 (so seat 1 leads) with the given hands."""
    state = new_game(players, seed=1, rules=rules)
    return deal(state, deck_for(state, {seat: cards(text) for seat, text in hands.items()}))


# -- C1 players -----------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7])
def test_c1_two_to_seven_players_are_accepted(count):
    assert len(new_game(count, seed=0).players) == count


@pytest.mark.parametrize("count", [-1, 0, 1, 8, 52])
def test_c1_other_player_counts_are_refused(count):
    with pytest.raises(InvalidArgumentError, match=r"2 to 7 players") as caught:
        new_game(count)
    assert caught.value.ruling == "C1"


def test_c1_names_count_as_players():
    with pytest.raises(InvalidArgumentError) as caught:
        new_game(["Solo"])
    assert caught.value.ruling == "C1"


# -- C2 cards and ranks ---------------------------------------------------------


def test_c2_one_pack_of_52_distinct_cards_without_jokers():
    assert len(PACK) == len(set(PACK)) == 52
    assert {card.rank for card in PACK} == set(Rank)


def test_c2_values_are_two_to_ten_then_j11_q12_k13_a14():
    values = {str(card_value(Card.parse(f"{symbol}S"))) for symbol in "23456789"}
    assert values == {str(v) for v in range(2, 10)}
    assert [card_value(Card.parse(f"{symbol}H")) for symbol in "TJQKA"] == [10, 11, 12, 13, 14]


def test_c2_suits_never_matter_in_play():
    # A club led does not make a heart "off suit": only the rank is compared.
    hands = {1: "5C 2D 2H 2S 3C 3D 3H", 2: "6H 7H 8H 9H TH JH QH", 0: "4C 4D 4H 4S 5D 5H 5S"}
    state = trick_state(Rules(), hands)
    state = play(state, Card.parse("5C"))
    assert texts(legal_plays(state)) == "6H 7H 8H 9H TH JH QH"


# -- C3 first dealer ------------------------------------------------------------


def test_c3_the_caller_chooses_the_first_dealer_default_seat_0():
    assert new_game(4, seed=1).dealer == 0
    assert new_game(4, seed=1, dealer=3).dealer == 3


@pytest.mark.parametrize("dealer", [-1, 4, "0", 1.0, True])
def test_c3_a_dealer_outside_the_table_is_refused(dealer):
    with pytest.raises(InvalidArgumentError) as caught:
        new_game(4, dealer=dealer)
    assert caught.value.ruling == "C3"


# -- C4 penalty cards are out of the pack -------------------------------------------


def test_c4_the_round_pack_is_52_minus_the_penalty_cards_held():
    state = rig_round(new_game(2, seed=1), loser=1, card="KH")
    assert Card.parse("KH") in state.penalty_cards[1]
    assert len(state.stock) == 51 and Card.parse("KH") not in state.stock
    dealt = deal(state)
    every_card = [card for hand in dealt.hands for card in hand] + list(dealt.stock)
    assert len(every_card) == 51 and Card.parse("KH") not in every_card


def test_c4_a_deck_holding_a_penalty_card_is_refused():
    state = rig_round(new_game(2, seed=1), loser=1, card="KH")
    with pytest.raises(IllegalActionError, match="penalty card") as caught:
        deal(state, PACK)
    assert caught.value.ruling == "C4"


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (PACK[:-1], "lacks AS"),
        ((*PACK[:-1], PACK[0]), "2♣ twice"),
        ((), "lacks 2C"),
    ],
)
def test_c4_a_deck_that_is_not_the_round_pack_is_refused(deck, message):
    state = new_game(3, seed=1)
    with pytest.raises(IllegalActionError, match=message) as caught:
        deal(state, deck)
    assert caught.value.ruling == "C4"


def test_c4_deck_of_non_cards_is_refused_with_a_clear_error():
    with pytest.raises(InvalidArgumentError, match="Expected a Card") as caught:
        deal(new_game(3, seed=1), [3] * 52)  # type: ignore[list-item]
    assert (caught.value.field, caught.value.ruling) == ("card", "C2")
    with pytest.raises(IllegalActionError, match="holds Q♥ twice"):  # card text is read as Deal reads it
        deal(new_game(3, seed=1), ["QH"] * 52)
    with pytest.raises(InvalidArgumentError, match="sequence of Card"):
        deal(new_game(3, seed=1), "QH")


# -- C5 the deal ------------------------------------------------------------------


def test_c5_seven_cards_each_in_the_first_round_the_rest_is_the_stock():
    state = deal(new_game(5, seed=8))
    assert [len(hand) for hand in state.hands] == [7] * 5
    assert len(state.stock) == 52 - 35


def test_c5_dealing_is_one_at_a_time_from_left_of_the_dealer():
    state = deal(new_game(3, seed=1, dealer=1), PACK)
    # seat 2 is left of dealer 1, so it receives the top card, seat 0 the second...
    assert texts(state.hand(2)) == "2C 2S 3H 4D 5C 5S 6H"
    assert texts(state.hand(0)) == "2D 3C 3S 4H 5D 6C 6S"
    assert texts(state.hand(1)) == "2H 3D 4C 4S 5H 6D 7C"


def test_c5_deck_for_deals_the_asked_cards_and_refuses_what_cannot_be_dealt():
    from concombre import deck_for as library_deck_for

    game = new_game(3, seed=2, dealer=2)
    state = deal(game, library_deck_for(game, {1: cards("AS KS"), 0: cards("2C")}))
    assert set(cards("AS KS")) <= set(state.hand(1)) and Card.parse("2C") in state.hand(0)
    for hands, ruling in (({0: cards("AS"), 1: cards("AS")}, "C4"), ({0: cards("2C 3C 4C 5C 6C 7C 8C 9C")}, "C5"),
                          ({5: cards("AS")}, "C5")):
        with pytest.raises(InvalidArgumentError) as caught:
            library_deck_for(game, hands)
        assert caught.value.ruling == ruling


def test_c5_later_rounds_deal_the_value_of_the_last_penalty_card():
    state = rig_round(new_game(3, seed=1), loser=2, card="9S")
    assert state.deal_size == 9
    assert {len(hand) for hand in deal(state).hands} == {9}


def test_c5_the_value_counts_even_if_the_card_went_back_to_the_pack():
    state = rig_round(new_game(2, seed=1), loser=1, card="KH")
    state = rig_round(state, loser=1, card="9S")  # 13 + 9 = 22: half cucumber keeps KH, returns 9S
    assert Card.parse("9S") not in state.penalty_cards[1]
    assert state.deal_size == 9


def test_c5_too_many_for_the_pack_falls_back_to_seven():
    state = rig_round(new_game(7, seed=1), loser=3, card="AS")
    assert len(state.stock) < 14 * 7
    assert state.deal_size == 7


def test_c5_when_seven_each_is_too_many_deal_what_the_pack_allows_evenly():
    state = new_game(7, seed=1)
    for loser, ace in zip([1, 2, 3, 4], ["AS", "AH", "AD", "AC"], strict=True):
        state = rig_round(state, loser=loser, card=ace)
    assert len(state.stock) == 48 and state.deal_size == 48 // 7 == 6
    dealt = deal(state)
    assert [len(hand) for hand in dealt.hands] == [6] * 7 and len(dealt.stock) == 6


def test_c5_the_fallback_is_the_first_deal_option():
    state = rig_round(new_game(7, seed=1, rules=Rules(first_deal=5)), loser=0, card="AS")
    assert state.deal_size == 5


def test_c5_the_same_seed_deals_the_same_and_rounds_differ():
    first = deal(new_game(4, seed=123))
    again = deal(new_game(4, seed=123))
    other = deal(new_game(4, seed=124))
    assert first == again and first.hands != other.hands


# -- C6 tricks and turns --------------------------------------------------------


def test_c6_a_round_has_as_many_tricks_as_cards_dealt_each():
    state = play_round(deal(new_game(4, seed=2)))
    assert len(state.tricks) == 7


def test_c6_first_lead_is_left_of_the_dealer_then_the_trick_winner_leads():
    state = deal(new_game(4, seed=2, dealer=3))
    assert state.to_play == 0 and state.leader == 0
    for _ in range(4):
        state = play(state, legal_plays(state)[0])
    winner = trick_winner(state.trick)
    state = resolve_trick(state)
    assert state.to_play == winner == state.last_trick_winner == state.leader


def test_c6_everyone_plays_once_per_trick_in_seat_order_going_left():
    state = deal(new_game(4, seed=2, dealer=1))
    seats = []
    while state.phase is Phase.PLAY:
        seats.append(state.to_play)
        state = play(state, legal_plays(state)[0])
    assert seats == [2, 3, 0, 1]
    assert state.phase is Phase.TRICK_COMPLETE and state.to_play is None


def test_c6_eliminated_players_are_skipped():
    state = new_game(3, seed=1)
    state = rig_round(state, loser=1, card="KH")
    state = rig_round(state, loser=1, card="QH")  # 25: half cucumber, keeps KH
    state = rig_round(state, loser=1, card="JS")  # 13 + 11 = 24: eliminated
    assert state.eliminated == (False, True, False)
    state = deal(state)
    order = []
    while state.phase is Phase.PLAY:
        order.append(state.to_play)
        state = play(state, legal_plays(state)[0])
    assert state.dealer == 0
    assert order == [2, 0] and len(state.hand(1)) == 0


# -- C7 following -----------------------------------------------------------------

LEAD_9 = {1: "9C 2D 2H 2S 3C 3D 3H", 2: "4C 4D 8H KS AS 5C 6D", 0: "4H 4S 5D 5H 5S 6C 6H"}


def test_c7_the_leader_may_play_any_card():
    state = trick_state(Rules(), LEAD_9)
    assert legal_plays(state) == state.hand(1)


def test_c7_a_follower_must_play_equal_or_higher_than_the_card_led():
    state = play(trick_state(Rules(), LEAD_9), Card.parse("9C"))
    assert texts(legal_plays(state)) == "KS AS"
    with pytest.raises(IllegalActionError, match=r"ranked 9 or higher .*K♠ A♠") as caught:
        play(state, Card.parse("4C"))
    assert caught.value.ruling == "C7"


def test_c7_without_such_a_card_any_card_of_the_lowest_rank():
    state = play(trick_state(Rules(), LEAD_9), Card.parse("9C"))
    state = play(state, Card.parse("KS"))
    assert texts(legal_plays(state)) == "4H 4S"  # seat 0 holds nothing at 9 or above
    with pytest.raises(IllegalActionError, match="lowest rank, 4: 4♥ 4♠") as caught:
        play(state, Card.parse("6H"))
    assert caught.value.ruling == "C7"


def test_c7_equal_rank_meets_the_requirement():
    hands = {1: "5C 2D 2H 2S 3C 3D 3H", 2: "5H 4D 4H 4S 6C 6D 6H", 0: "7C 7D 7H 7S 8C 8D 8H"}
    state = trick_state(Rules(), hands)
    state = play(state, Card.parse("5C"))
    assert texts(legal_plays(state)) == "5H 6C 6D 6H"


def test_c7_default_compares_with_the_card_led_not_the_highest():
    state = play(trick_state(Rules(), LEAD_9), Card.parse("9C"))
    state = play(state, Card.parse("KS"))
    hands = {1: "9C 2D 2H 2S 3C 3D 3H", 2: "KS 4D 8H 4C AS 5C 6D", 0: "TH 4S 5D 5H 5S 6C 6H"}
    state = play(play(trick_state(Rules(), hands), Card.parse("9C")), Card.parse("KS"))
    assert texts(legal_plays(state)) == "TH"  # 10 beats the 9 led, though the king is higher


def test_c7_option_highest_compares_with_the_highest_card_so_far():
    hands = {1: "9C 2D 2H 2S 3C 3D 3H", 2: "KS 4D 8H 4C AS 5C 6D", 0: "TH 4S 5D 5H 5S 6C 6H"}
    state = trick_state(Rules(follow="highest"), hands)
    state = play(play(state, Card.parse("9C")), Card.parse("KS"))
    assert texts(legal_plays(state)) == "4S"  # nothing at K or above: the lowest rank
    with pytest.raises(IllegalActionError, match="highest card played so far, K♠") as caught:
        play(state, Card.parse("TH"))
    assert caught.value.ruling == "C7"


def test_c7_option_highest_still_allows_matching_the_highest():
    hands = {1: "9C 2D 2H 2S 3C 3D 3H", 2: "KS 4D 8H 4C AS 5C 6D", 0: "KH 4S 5D 5H 5S 6C AH"}
    state = trick_state(Rules(follow="highest"), hands)
    state = play(play(state, Card.parse("9C")), Card.parse("KS"))
    assert texts(legal_plays(state)) == "KH AH"


def test_c7_option_may_duck_allows_the_lowest_rank_even_when_holding_higher():
    state = play(trick_state(Rules(may_duck=True), LEAD_9), Card.parse("9C"))
    assert texts(legal_plays(state)) == "4C 4D KS AS"
    assert play(state, Card.parse("4D")).trick[-1] == (2, Card.parse("4D"))
    with pytest.raises(IllegalActionError, match="Danish") as caught:
        play(state, Card.parse("8H"))
    assert caught.value.ruling == "C7"


def test_c7_option_may_duck_changes_nothing_without_a_higher_card():
    state = play(trick_state(Rules(may_duck=True), LEAD_9), Card.parse("9C"))
    state = play(state, Card.parse("KS"))
    assert texts(legal_plays(state)) == "4H 4S"


def test_c7_both_options_together():
    hands = {1: "9C 2D 2H 2S 3C 3D 3H", 2: "KS 4D 8H 4C AS 5C 6D", 0: "AH 4S 5D 5H 5S 6C TH"}
    state = trick_state(Rules(follow="highest", may_duck=True), hands)
    state = play(play(state, Card.parse("9C")), Card.parse("KS"))
    assert texts(legal_plays(state)) == "4S AH"


def test_c7_a_card_not_in_hand_is_refused():
    state = trick_state(Rules(), LEAD_9)
    with pytest.raises(IllegalActionError, match="do not hold A♠"):
        play(state, Card.parse("AS"))


# -- C8 winning a trick -----------------------------------------------------------


def test_c8_the_highest_rank_wins():
    trick = [(0, Card.parse("9H")), (1, Card.parse("KC")), (2, Card.parse("TS"))]
    assert trick_winner(trick) == 1


def test_c8_among_equal_highest_the_last_played_wins():
    trick = [(2, Card.parse("KH")), (0, Card.parse("KC")), (1, Card.parse("4S"))]
    assert trick_winner(trick) == 0


def test_c8_resolving_gives_the_lead_to_the_last_of_equal_highest():
    hands = {1: "KH 2D 2H 2S 3C 3D 3H", 2: "KC 4D 4H 4S 5C 5D 5H", 0: "6C 6D 6H 6S 7C 7D 7H"}
    state = trick_state(Rules(), hands)
    for card in ("KH", "KC", "6C"):
        state = play(state, Card.parse(card))
    assert resolve_trick(state).to_play == 2


# -- C9 the last trick scores -------------------------------------------------------


def test_c9_only_the_last_trick_scores_its_winning_card_value():
    state = rig_round(new_game(3, seed=1), loser=2, card="QS")
    assert state.scores == (0, 0, 12)
    assert state.penalty_cards == ((), (), (Card.parse("QS"),))
    result = state.last_result
    assert result is not None and result.penalty == 12 and not result.half_cucumber


def test_c9_the_penalty_card_leaves_the_pack():
    state = rig_round(new_game(3, seed=1), loser=2, card="QS")
    assert Card.parse("QS") not in state.stock


# -- C10 half cucumber ------------------------------------------------------------


def test_c10_reaching_the_limit_keeps_only_the_highest_card():
    state = rig_round(new_game(2, seed=1), loser=0, card="8S")
    state = rig_round(state, loser=0, card="JS")  # 8 + 11 = 19
    assert state.scores[0] == 19 and not state.half_cucumber[0]
    state = rig_round(state, loser=0, card="9H")  # 28: half cucumber
    assert state.half_cucumber[0]
    assert state.penalty_cards[0] == (Card.parse("JS"),) and state.scores[0] == 11
    result = state.last_result
    assert result is not None and result.half_cucumber and not result.eliminated
    assert set(result.returned) == {Card.parse("8S"), Card.parse("9H")}
    assert Card.parse("8S") in state.stock and Card.parse("9H") in state.stock


def test_c10_exactly_the_limit_counts():
    state = rig_round(new_game(2, seed=1), loser=1, card="TS")
    state = rig_round(state, loser=1, card="JS")  # 21
    assert state.half_cucumber[1] and state.scores[1] == 11


def test_c10_of_two_equal_highest_the_first_received_is_kept():
    state = rig_round(new_game(2, seed=1), loser=1, card="KH")
    state = rig_round(state, loser=1, card="KS")  # 26: KH came first
    assert state.penalty_cards[1] == (Card.parse("KH"),)
    assert state.last_result is not None and state.last_result.returned == (Card.parse("KS"),)


def test_c10_option_limit():
    state = rig_round(new_game(2, seed=1, rules=Rules(limit=25)), loser=1, card="KH")
    state = rig_round(state, loser=1, card="JS")  # 24: half cucumber under 21, not under 25
    assert not state.half_cucumber[1] and state.scores[1] == 24
    state = rig_round(state, loser=1, card="8S")  # 32 reaches 25
    assert state.half_cucumber[1] and state.scores[1] == 13


# -- C11 elimination --------------------------------------------------------------


def eliminate_seat_1(players: int = 3, dealer: int = 0):
    state = new_game(players, seed=1, dealer=dealer)
    state = rig_round(state, loser=1, card="KH")
    state = rig_round(state, loser=1, card="QH")  # 25: half cucumber with KH (13)
    return rig_round(state, loser=1, card="JS")  # 24 again: eliminated


def test_c11_reaching_the_limit_again_eliminates():
    state = eliminate_seat_1()
    assert state.eliminated == (False, True, False)
    assert state.scores[1] == 24  # the total that eliminated them
    assert state.penalty_cards[1] == ()
    result = state.last_result
    assert result is not None and result.eliminated
    assert set(result.returned) == {Card.parse("KH"), Card.parse("JS")}
    assert len(state.stock) == 52  # their penalty cards are back in the pack


def test_c11_a_half_cucumber_below_the_limit_plays_on():
    state = new_game(2, seed=1)
    state = rig_round(state, loser=1, card="KH")
    state = rig_round(state, loser=1, card="QH")  # half cucumber, 13
    state = rig_round(state, loser=1, card="7S")  # 20
    assert not state.eliminated[1] and state.scores[1] == 20
    assert state.penalty_cards[1] == (Card.parse("KH"), Card.parse("7S"))


# -- C12 the deal passes left ---------------------------------------------------------


def test_c12_the_deal_passes_to_the_left_each_round():
    state = new_game(3, seed=1, dealer=1)
    state = score_round(play_round(deal(state)))
    assert state.dealer == 2
    state = score_round(play_round(deal(state)))
    assert state.dealer == 0


def test_c12_eliminated_players_are_skipped_as_dealer():
    state = new_game(4, seed=1, dealer=0)
    state = rig_round(state, loser=1, card="KH")  # dealer 0 -> 1
    state = rig_round(state, loser=1, card="QH")  # dealer 1 -> 2, seat 1 half cucumber
    state = rig_round(state, loser=1, card="AC")  # dealer 2 -> 3, seat 1 eliminated
    state = rig_round(state, loser=2, card="QD")  # dealer 3 -> 0
    assert state.eliminated[1] and state.dealer == 0
    state = rig_round(state, loser=2, card="JS")  # dealer 0 -> 2, skipping seat 1
    assert state.dealer == 2


def test_c12_a_dealer_who_was_just_eliminated_passes_the_deal_left():
    state = new_game(4, seed=1, dealer=3)
    state = rig_round(state, loser=1, card="KH")  # dealer 3 -> 0
    state = rig_round(state, loser=1, card="QH")  # dealer 0 -> 1
    assert state.dealer == 1
    state = rig_round(state, loser=1, card="AC")  # the dealer, seat 1, is eliminated
    assert state.eliminated[1] and state.dealer == 2


# -- C13 the end of the game ----------------------------------------------------------


def test_c13_the_last_active_player_wins_and_nothing_more_is_dealt():
    state = eliminate_seat_1(players=2)
    assert state.phase is Phase.GAME_OVER
    assert state.winner == 0
    with pytest.raises(IllegalActionError, match="game is over") as caught:
        deal(state)
    assert caught.value.ruling == "C14"


def test_c13_the_game_goes_on_while_two_remain():
    state = eliminate_seat_1(players=3)
    assert state.phase is Phase.DEAL and state.winner is None


# -- C14 only legal transitions -----------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "phase_needed"),
    [(Deal(), Phase.DEAL), (Play("2C"), Phase.PLAY), (ResolveTrick(), Phase.TRICK_COMPLETE),
     (ScoreRound(), Phase.ROUND_COMPLETE)],
)
def test_c14_actions_out_of_phase_are_refused_and_the_state_kept(action, phase_needed):
    state = deal(new_game(3, seed=4), PACK)
    states = {
        Phase.DEAL: new_game(3, seed=4),
        Phase.PLAY: state,
        Phase.TRICK_COMPLETE: play(play(play(state, Card.parse("2C")), Card.parse("2D")), Card.parse("2H")),
        Phase.ROUND_COMPLETE: play_round(state),
        Phase.GAME_OVER: eliminate_seat_1(players=2),
    }
    for phase, before in states.items():
        assert before.phase is phase
        snapshot = (before, hash(before), repr(before))
        if phase is phase_needed:
            continue
        with pytest.raises(IllegalActionError) as caught:
            apply(before, action)
        assert caught.value.ruling == "C14"
        assert why_illegal(before, action) == str(caught.value)
        assert (before, hash(before), repr(before)) == snapshot


def test_c14_a_refusal_names_the_rule_in_its_text():
    state = new_game(3, seed=4)
    with pytest.raises(IllegalActionError) as caught:
        score_round(state)
    assert str(caught.value).endswith("[C14]")
