"""Example tests for every Rommé ruling R1-R15 and each option; each test names its ruling."""

from __future__ import annotations

import attrs
import pytest

from concombre import IllegalActionError, InvalidArgumentError
from concombre.romme import (
    Deal,
    Discard,
    DrawDiscard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    MeldCards,
    RommeCard,
    ScoreRound,
    apply,
    cards_of,
    deal,
    deck,
    deck_for,
    discard,
    draw_discard,
    draw_stock,
    legal_actions,
    make_meld,
    meld_cards,
    new_game,
    score_round,
    view,
    why_illegal,
)
from concombre.romme import (
    Phase as RommePhase,
)
from concombre.romme import (
    Rules as RommeRules,
)
from concombre.romme import (
    State as RommeState,
)


def card(text: str) -> RommeCard:
    return RommeCard.parse(text)


def dealt(
    hands: dict[int, str], players: int = 2, rules: RommeRules = RommeRules(), top: str | None = None
) -> RommeState:
    """A dealt round (dealer 0, so seat 1 plays first) with these cards in these hands."""
    game = new_game(players, seed=1, rules=rules)
    order = deck_for(game, {seat: cards_of(text) for seat, text in hands.items()}, card(top) if top else None)
    return deal(game, order)


OPENER = "KH1 KS1 KD1 AC1 2C1 3C1 4C1"  # 30 + 10 = 40


# -- R1, R2 ----------------------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 6])
def test_r1_two_to_six_players(count):
    assert len(new_game(count, seed=1).players) == count


@pytest.mark.parametrize("count", [1, 7])
def test_r1_other_counts_are_refused(count):
    with pytest.raises(InvalidArgumentError) as caught:
        new_game(count)
    assert caught.value.ruling == "R1"


@pytest.mark.parametrize(("jokers", "size"), [(4, 108), (2, 106), (6, 110)])
def test_r2_two_packs_and_jokers(jokers, size):
    cards = deck(jokers)
    assert len(cards) == len(set(cards)) == size
    assert sum(card.is_joker for card in cards) == jokers
    assert card("QH1") != card("QH2") and card("QH1").hand_value == card("QH2").hand_value


def test_r2_copies_keep_their_identity_through_the_game():
    state = dealt({1: "QH1 QH2"})
    assert card("QH1") in state.hands[1] and card("QH2") in state.hands[1]
    state = discard(draw_stock(state), card("QH2"))
    assert state.discard_pile[-1] == card("QH2") and card("QH1") in state.hands[1]


def test_r2_options_are_refused_outside_their_values():
    with pytest.raises(InvalidArgumentError, match="jokers") as caught:
        RommeRules(jokers=3)
    assert caught.value.field == "jokers"


# -- R3 values -------------------------------------------------------------------------


def test_r3_hand_values():
    assert [card(text).hand_value for text in ["2C1", "TC1", "JC1", "QC1", "KC1", "AC1", "JK1"]] == [
        2, 10, 10, 10, 10, 11, 20
    ]


# -- R4 the deal -------------------------------------------------------------------------


def test_r4_thirteen_each_one_at_a_time_from_the_left_a_card_up_the_rest_the_stock():
    game = new_game(3, seed=1, dealer=2)
    state = deal(game, deck())
    order = deck()
    assert state.hands[0] == tuple(sorted(order[0:39:3]))  # seat 0 is left of dealer 2
    assert state.hands[1] == tuple(sorted(order[1:39:3]))
    assert state.discard_pile == (order[39],)
    assert state.stock[-1] == order[40] and len(state.stock) == 108 - 40
    assert state.to_play == 0 and state.phase is RommePhase.DRAW


def test_r4_one_round_per_player_the_deal_passing_left():
    state = new_game(3, seed=2)
    dealers: list[int] = []
    while state.phase is not RommePhase.GAME_OVER and len(dealers) < 3:
        dealers.append(state.dealer)
        state = _play_round_out(state)
    assert dealers == [0, 1, 2]


def _play_round_out(state: RommeState) -> RommeState:
    """Deal, then draw and discard the highest card until the round ends; then score."""
    state = apply(state, Deal())
    while state.phase is not RommePhase.ROUND_COMPLETE:
        state = apply(state, legal_actions(state)[0]) if state.phase is RommePhase.DRAW else apply(
            state, legal_actions(state)[-1]
        )
    return score_round(state)


def test_r4_a_deck_that_is_not_the_games_cards_is_refused():
    with pytest.raises(IllegalActionError) as caught:
        deal(new_game(2, seed=1), deck()[:-1])
    assert caught.value.ruling == "R2"


# -- R5, R6 melds on the table ---------------------------------------------------------------


def test_r5_r6_melds_are_checked_when_put_down():
    state = draw_stock(dealt({1: "3S1 JK1 JK2 KH1 KS1 KD1 AC1 2C1 3C1 4C1"}))
    with pytest.raises(IllegalActionError, match="two natural cards") as caught:
        meld_cards(state, [cards_of("3S1 JK1 JK2"), cards_of("KH1 KS1 KD1")])
    assert caught.value.ruling == "R6"
    with pytest.raises(IllegalActionError, match="do not hold"):
        meld_cards(state, [cards_of("QH1 QS1 QD1")])


# -- R7 the turn -------------------------------------------------------------------------------


def test_r7_draw_then_discard():
    state = dealt({})
    assert legal_actions(state) == (DrawStock(), DrawDiscard())
    with pytest.raises(IllegalActionError, match="must draw first") as caught:
        discard(state, state.hands[1][0])
    assert caught.value.ruling == "R15"
    top = state.discard_pile[-1]
    state = draw_discard(state)
    assert top in state.hands[1] and state.phase is RommePhase.PLAY
    with pytest.raises(IllegalActionError, match="has drawn"):
        draw_stock(state)
    state = discard(state, state.hands[1][0])
    assert state.to_play == 0 and state.phase is RommePhase.DRAW


def test_r7a_the_card_taken_from_the_discard_pile_cannot_go_straight_back():
    state = draw_discard(dealt({}, top="QH1"))
    with pytest.raises(IllegalActionError, match="took Q♥ from the discard pile") as caught:
        discard(state, card("QH1"))
    assert caught.value.ruling == "R7a"
    assert Discard(card("QH1")) not in legal_actions(state)
    relaxed = draw_discard(dealt({}, top="QH1", rules=RommeRules(may_return_discard=True)))
    assert discard(relaxed, card("QH1")).discard_pile[-1] == card("QH1")


def test_r7a_with_no_other_card_left_the_card_taken_may_be_discarded_to_go_out():
    state = draw_discard(dealt({}, top="QH1"))
    seat, taken = state.to_play or 0, card("QH1")
    others = tuple(other for other in state.hands[seat] if other != taken)
    hands = tuple((taken,) if index == seat else hand for index, hand in enumerate(state.hands))
    # Only the taken card is left in the hand (the rest set aside in the stock): discarding it goes out (R11).
    last = RommeState(state.match, (RommePhase.PLAY, seat, hands, (*state.stock, *others), state.discard_pile,
                                    state.melds, state.opened, state.rebuilds, taken))
    out = discard(last, taken)
    assert out.phase is RommePhase.ROUND_COMPLETE and out.out == seat


def test_r7_the_stock_is_rebuilt_from_the_discard_pile():
    state = dealt({})
    while True:
        state = draw_stock(state)
        emptied = not state.stock
        pile = len(state.discard_pile) + 1
        state = discard(state, state.hands[state.to_play or 0][-1])
        if emptied:
            break
    # The next turn found the stock rebuilt from every discard but the top one.
    assert state.rebuilds == 1 and len(state.discard_pile) == 1 and len(state.stock) == pile - 1


# -- R8 the opening -------------------------------------------------------------------------------


def test_r8_an_opening_must_be_worth_forty():
    state = draw_stock(dealt({1: "KH1 KS1 KD1 AC1 2C1 3C1 JK1"}))
    with pytest.raises(IllegalActionError, match="worth 40 or more; these melds are worth 36") as caught:
        meld_cards(state, [cards_of("KH1 KS1 KD1"), cards_of("AC1 2C1 3C1")])
    assert caught.value.ruling == "R8"
    opened = meld_cards(state, [cards_of("KH1 KS1 KD1"), cards_of("AC1 2C1 3C1 JK1")])
    assert opened.opened[1]


def test_r8_no_lay_off_or_exchange_before_opening_both_allowed_in_the_opening_turn():
    hand = "KH1 KS1 KD1 AC1 2C1 JK1 4C1 3C1 QH1 QS1 5C1"
    state = draw_stock(dealt({1: hand}))
    for action in (LayOff(card("5C1"), 0, "high"), ExchangeJoker(card("3C1"), 1, 2, cards_of("QH1 QS1 JK1"))):
        with pytest.raises(IllegalActionError, match="only once you have made your opening") as caught:
            apply(state, action)
        assert caught.value.ruling == "R8"
    # The opening: three kings and A-2-(joker as 3)-4 of clubs, 30 + 1 + 2 + 3 + 4 = 40.
    state = apply(state, MeldCards([cards_of("KH1 KS1 KD1"), cards_of("AC1 2C1 JK1 4C1")]))
    assert state.opened[1] and state.melds[1].places[2].stands_for() == "3C"
    state = apply(state, LayOff(card("5C1"), 1, "high"))  # now allowed, in the same turn (R8, R9)
    state = apply(state, ExchangeJoker(card("3C1"), 1, 2, cards_of("QH1 QS1 JK1")))  # and an exchange (R10)
    assert str(state.melds[1]) == "AC1 2C1 3C1 4C1 5C1"
    assert str(state.melds[2]) == "QH1 QS1 JK1"


def test_r8_only_new_melds_count_toward_the_opening():
    state = draw_stock(dealt({1: "KH1 KS1 KD1 QH1 QS1 QD1"}))
    assert meld_cards(state, [cards_of("KH1 KS1 KD1"), cards_of("QH1 QS1 QD1")]).opened[1]  # 30 + 30
    with pytest.raises(IllegalActionError, match="worth 30") as caught:
        meld_cards(state, [cards_of("KH1 KS1 KD1")])
    assert caught.value.ruling == "R8"


def test_r8_option_opening():
    state = draw_stock(dealt({1: "KH1 KS1 KD1"}, rules=RommeRules(opening=30)))
    assert meld_cards(state, [cards_of("KH1 KS1 KD1")]).opened[1]


@pytest.mark.parametrize("opening", [30, 40, 50, 60])
def test_r8_refusals_name_the_opening_the_rules_ask_for(opening):
    state = draw_stock(dealt({1: "QH1 QS1 QD1 5C1"}, rules=RommeRules(opening=opening)))
    with pytest.raises(IllegalActionError, match=f"only once you have made your opening \\({opening} or more\\)"):
        apply(state, LayOff(card("5C1"), 0, None))
    if opening > 30:
        with pytest.raises(IllegalActionError, match=f"worth {opening} or more; these melds are worth 30"):
            meld_cards(state, [cards_of("QH1 QS1 QD1")])


def test_r8_legal_actions_offer_every_opening_and_nothing_before_it():
    state = draw_stock(dealt({1: "KH1 KS1 KD1 AC1 2C1 3C1 4C1 QH1 QS1"}))
    actions = legal_actions(state)
    openings = [action for action in actions if isinstance(action, MeldCards)]
    assert all(sum(make_meld(list(meld), 1).value for meld in action.melds) >= 40 for action in openings)
    assert MeldCards([cards_of("KD1 KH1 KS1"), cards_of("AC1 2C1 3C1 4C1")]) in openings
    assert not any(isinstance(action, (LayOff, ExchangeJoker)) for action in actions)
    kinds = [type(action).__name__ for action in actions]
    assert kinds == sorted(kinds, key=["MeldCards", "LayOff", "ExchangeJoker", "Discard"].index)


# -- R9 lay off, R10 exchange ---------------------------------------------------------------------


def opened_table() -> RommeState:
    """Seat 1 has opened with K-K-K and A-2-3-4 of clubs; seat 0 with 5-6-(joker)-8 of hearts and Q-Q-Q."""
    state = draw_stock(dealt({1: OPENER + " 9H1 7H2 5S1 TH1", 0: "5H1 6H1 JK1 8H1 QH1 QS1 QD1"}))
    state = apply(state, MeldCards([cards_of("KH1 KS1 KD1"), cards_of("AC1 2C1 3C1 4C1")]))
    state = apply(state, Discard(card("5S1")))
    state = draw_stock(state)
    state = apply(state, MeldCards([cards_of("5H1 6H1 JK1 8H1"), cards_of("QH1 QS1 QD1")]))
    state = apply(state, Discard(state.hands[0][0]))
    return draw_stock(state)


def test_r9_a_lay_off_onto_an_opponents_meld_counts_for_whoever_lays_it():
    state = opened_table()
    state = apply(state, LayOff(card("9H1"), 2, "high"))
    assert str(state.melds[2]) == "5H1 6H1 JK1 8H1 9H1"
    assert state.melds[2].places[-1].owner == 1 and state.melds[2].places[0].owner == 0
    with pytest.raises(IllegalActionError, match="7♥ does not fit") as caught:
        apply(state, LayOff(card("7H2"), 3))  # a seven on the set of queens
    assert caught.value.ruling == "R9"


def test_r10_the_joker_must_go_into_a_new_meld_and_keeps_the_places_value_and_owner():
    state = opened_table()
    with pytest.raises(IllegalActionError, match="must go into the new meld") as caught:
        apply(state, ExchangeJoker(card("7H2"), 2, 2, cards_of("KH1 KS1 KD1")))
    assert caught.value.ruling == "R10"
    with pytest.raises(IllegalActionError, match="at least three cards"):
        apply(state, ExchangeJoker(card("7H2"), 2, 2, cards_of("JK1 9H1")))


# -- R11 going out ----------------------------------------------------------------------------------


def test_r11_the_round_ends_when_a_hand_is_empty_by_melding():
    state = draw_stock(dealt({1: "KH1 KS1 KD1 AC1 2C1 3C1 4C1 5H1 6H1 7H1 9S1 9D1 9H1"}))
    drawn = next(c for c in state.hands[1] if c not in cards_of("KH1 KS1 KD1 AC1 2C1 3C1 4C1 5H1 6H1 7H1 9S1 9D1 9H1"))
    melds = [cards_of("KH1 KS1 KD1"), cards_of("AC1 2C1 3C1 4C1"), cards_of("5H1 6H1 7H1"), cards_of("9S1 9D1 9H1")]
    state = apply(state, MeldCards(melds))
    assert state.phase is RommePhase.PLAY and state.hands[1] == (drawn,)
    state = apply(state, Discard(drawn))  # going out by discarding the last card
    assert state.phase is RommePhase.ROUND_COMPLETE and state.out == 1


# -- R12 a round always ends ------------------------------------------------------------------------


@pytest.mark.parametrize("rebuilds", [0, 2])
def test_r12_the_round_ends_with_nobody_out_when_the_stock_runs_out_again(rebuilds):
    state = dealt({}, rules=RommeRules(rebuilds=rebuilds))
    while state.phase is not RommePhase.ROUND_COMPLETE:
        state = draw_stock(state)
        state = discard(state, state.hands[state.to_play or 0][-1])
    assert state.out is None and state.rebuilds == rebuilds
    result = score_round(state).last_result
    assert result is not None and result.out is None
    assert result.scores == tuple(-value for value in result.hand_values)  # nobody melded


# -- R13 scoring ---------------------------------------------------------------------------------------


def test_r13_the_one_out_scores_their_melds_the_others_melds_minus_their_hands():
    state = draw_stock(dealt({1: "KH1 KS1 KD1 AC1 2C1 3C1 4C1 5H1 6H1 7H1 9S1 9D1 9H1"}))
    melds = [cards_of("KH1 KS1 KD1"), cards_of("AC1 2C1 3C1 4C1"), cards_of("5H1 6H1 7H1"), cards_of("9S1 9D1 9H1")]
    state = apply(state, MeldCards(melds))
    state = apply(state, Discard(state.hands[1][0]))
    left = sum(c.hand_value for c in state.hands[0])
    scored = score_round(state)
    assert scored.last_result is not None
    assert scored.last_result.scores == (-left, 30 + 10 + 18 + 27)
    assert scored.scores == (-left, 85)


def test_r13_an_exchanged_joker_keeps_its_places_owner_and_value():
    state = opened_table()
    before = (state.meld_value(0), state.meld_value(1))
    state = apply(state, ExchangeJoker(card("7H2"), 2, 2, cards_of("9H1 TH1 JK1")))
    place = state.melds[2].places[2]
    assert str(place.card) == "7H2" and place.owner == 0 and place.value == 7
    assert str(state.melds[-1]) == "9H1 TH1 JK1" and state.melds[-1].places[2].stands_for() == "JH"
    assert (state.meld_value(0), state.meld_value(1)) == (before[0], before[1] + 9 + 10 + 10)  # a jack is 10


# -- R14 the end of the game ----------------------------------------------------------------------------


def round_over(players: int, round_number: int) -> RommeState:
    """A real round that ended with nobody out (R12), relabelled as round ``round_number``."""
    game = new_game(players, seed=1, rules=RommeRules(rebuilds=0))
    state = deal(game)
    while state.phase is not RommePhase.ROUND_COMPLETE:
        state = draw_stock(state)
        state = discard(state, state.hands[state.to_play or 0][-1])
    return attrs.evolve(state, match=attrs.evolve(state.match, round_number=round_number))


def test_r14_after_one_round_per_player_the_highest_total_wins():
    state = round_over(2, 2)
    scored = score_round(attrs.evolve(state, match=attrs.evolve(state.match, scores=(100, 0))))
    assert scored.phase is RommePhase.GAME_OVER and scored.winner == 0


def test_r14_players_tied_for_the_lead_play_on_among_themselves():
    state = round_over(3, 3)
    gained = [-sum(c.hand_value for c in hand) for hand in state.hands]
    totals = (50 - gained[0], 50 - gained[1], 10 - gained[2])  # seats 0 and 1 tie on 50
    tied = score_round(attrs.evolve(state, match=attrs.evolve(state.match, scores=totals)))
    assert tied.phase is RommePhase.DEAL and tied.contenders == (0, 1) and tied.round_number == 4
    tie_break = deal(tied)
    assert tie_break.hands[2] == () and len(tie_break.hands[0]) == len(tie_break.hands[1]) == 13
    assert tie_break.to_play in (0, 1)
    state = tie_break
    while state.phase is not RommePhase.ROUND_COMPLETE:  # seat 2 never takes a turn
        assert state.to_play != 2
        state = draw_stock(state)
        state = discard(state, state.hands[state.to_play or 0][-1])


def play_out(state: RommeState) -> RommeState:
    """Draw and discard until the stock runs out (R12): nobody melds."""
    while state.phase is not RommePhase.ROUND_COMPLETE:
        state = draw_stock(state)
        state = discard(state, state.hands[state.to_play or 0][-1])
    return state


def tie_break_over() -> RommeState:
    """A 3-player game after its regular rounds, seats 0 and 1 tied on 50 and seat 2 on 45, whose
    tie-break round has just been played out with nobody melding (R12)."""
    state = round_over(3, 3)
    gained = [-sum(c.hand_value for c in hand) for hand in state.hands]
    totals = (50 - gained[0], 50 - gained[1], 45 - gained[2])
    tied = score_round(attrs.evolve(state, match=attrs.evolve(state.match, scores=totals)))
    assert tied.scores == (50, 50, 45) and tied.contenders == (0, 1)
    return play_out(deal(tied))


def test_r14a_tie_break_points_are_kept_apart_and_never_change_the_totals():
    finished = tie_break_over()
    scored = score_round(finished)
    result = scored.last_result
    assert result is not None and scored.scores == (50, 50, 45)  # the totals of the regular rounds, untouched
    assert scored.tie_break_points == tuple(result.scores)
    assert scored.tie_break_points[2] == 0 and result.round_number == 4


def test_r14a_a_player_who_sat_out_can_never_overtake_the_winner():
    finished = tie_break_over()
    scored = score_round(finished)  # both tied players lose points in the tie-break: nobody melded
    assert all(points < 0 for points in scored.tie_break_points[:2])
    if scored.phase is RommePhase.GAME_OVER:
        winner = scored.winner
        assert winner in (0, 1) and scored.scores[winner] == max(scored.scores)
        assert scored.tie_break_points[winner] == max(scored.tie_break_points[:2])
    else:  # the tie-break tied again: another one is played, by the same two players
        assert scored.contenders == (0, 1) and scored.round_number == 5


def test_r14a_a_tie_in_the_tie_break_means_another_tie_break():
    finished = tie_break_over()
    equal = tuple(sum(card.hand_value for card in hand) for hand in finished.hands)
    level = attrs.evolve(finished, match=attrs.evolve(finished.match, tie_break_points=(equal[0], equal[1], 0)))
    again = score_round(level)  # each tied player ends the tie-break on 0 points
    assert again.tie_break_points == (0, 0, 0) and again.phase is RommePhase.DEAL
    assert again.contenders == (0, 1) and again.round_number == 5 and again.scores == (50, 50, 45)


def test_r14a_the_tie_break_points_are_shown_apart_in_views_and_the_story():
    from concombre.games import find_game

    finished = tie_break_over()
    scored = score_round(finished)
    assert view(scored, 2).tie_break_points == scored.tie_break_points
    game = find_game("romme")
    assert game.story is not None and game.points is not None
    told = " ".join(game.story.tell(finished, ScoreRound(), scored))
    assert "tie-break" in told.lower()
    shown = " ".join(game.story.show(view(scored, 0)))
    assert "tie-break" in shown.lower()
    assert game.points(finished, scored) == (0.0, 0.0, 0.0)  # the totals did not change


def test_r14a_the_text_form_of_a_record_marks_tie_break_rounds():
    from concombre import Record

    record = Record(("Ann", "Bob"), RommeRules(), 1, 0, (Deal(), ScoreRound(), Deal(), ScoreRound(), Deal()))
    comments = [line for line in record.to_text().splitlines() if line.startswith("#")]
    assert comments == ["# round 1", "# round 2", "# round 3, a tie-break (R14a)"]


# -- R15 only legal actions -------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [DrawStock(), DrawDiscard(), Discard(card("QH1")), ScoreRound(),
                                    MeldCards([cards_of("QH1 QS1 QD1")])])
def test_r15_actions_out_of_phase_are_refused_and_the_state_kept(action):
    state = new_game(2, seed=1)
    snapshot = (state, hash(state))
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action)
    assert caught.value.ruling == "R15"
    assert why_illegal(state, action) == str(caught.value)
    assert (state, hash(state)) == snapshot


def test_views_show_melds_with_owners_and_hide_other_hands():
    state = opened_table()
    seen = view(state, 0)
    assert seen.hand == state.hands[0] and seen.stock_size == len(state.stock)
    assert [place.owner for place in seen.melds[2].places] == [0, 0, 0, 0]
    assert not hasattr(seen, "stock") and not hasattr(seen, "seed") and not hasattr(seen, "hands")


def test_r14a_tie_break_states_and_views_are_saved_and_loaded_back():
    from concombre import from_dict, to_dict

    finished = tie_break_over()
    scored = score_round(finished)
    for state in (finished, scored, deal(scored) if scored.phase is RommePhase.DEAL else scored):
        assert from_dict(to_dict(state)) == state
        for seat in range(3):
            assert from_dict(to_dict(view(state, seat))) == view(state, seat)


def test_a_person_may_leave_out_copies_and_counts_melds_and_places_from_one():
    from concombre.games.romme.story import read_step, said

    game = new_game(["You", "Bea"], seed=3)
    hand = cards_of("5H1 6H1 7H1 QS1 QD2 QC1 QH2 7S1 7S2 JK2 3C1 9D1 KD1")
    state = draw_stock(deal(game, deck_for(game, {1: hand})))
    assert read_step(state, "discard 7s") == Discard(RommeCard.parse("7S1"))  # the first copy held
    assert read_step(state, "meld 5h 6h 7h|qs qd qc") == MeldCards([cards_of("5H1 6H1 7H1"), cards_of("QS1 QD2 QC1")])
    melds = read_step(state, "meld 5H 6H 7H | QS QD QC")
    assert isinstance(melds, MeldCards)
    opened = apply(state, melds)
    assert opened.melds[0].kind == "run"
    told = said("You", LayOff(RommeCard.parse("7S2"), 1, None), opened)
    assert told == "You lay off 7♠ on meld 2"
    assert read_step(opened, "lay off QH on 2") == LayOff(RommeCard.parse("QH2"), 1, None)  # melds count from 1
    assert str(read_step(opened, "discard 2C")).endswith("[R15]")  # not held
    refused = read_step(opened, "exchange QH at 1 2 then meld 7s 7s jk")
    assert isinstance(refused, str) and "[R10]" in refused  # the run holds no joker: refused, and why
