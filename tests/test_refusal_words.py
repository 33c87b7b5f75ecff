"""Refusals in people's words (issue 60): no class or field names, melds and places as people count them (from 1),
copies said as copies, what a person may type now instead of the records' grammar, and the card the person
tried named in the refusal, in both games; each ruling's id kept in the error.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import concombre
import concombre.romme as romme
from concombre.core.errors import ConcombreError, FormatError
from concombre.core.i18n import use_language
from concombre.core.words import card_text
from concombre.games import find_game
from concombre.romme import cards_of, deck_for

# What only code says: a class's or a field's name, a 0-based number, the records' list of steps.
CODE_WORDS = re.compile(r"\b(?:Deal|DrawStock|DrawDiscard|MeldCards|LayOff|ExchangeJoker|Discard|ScoreRound|Play|"
                        r"ResolveTrick)\b|\w+\.\w+ must|\b(?:meld|melds|place|new_meld)=|expected an action|"
                        r"\b(?:meld|place|on|at) 0\b|whole number from 0")


def opened_table() -> Any:
    """Bob (seat 1) has drawn and opened with K♥ K♠ joker and Q♥ Q♠ Q♦; he holds 6♥ once, K♦, 9♣ 9♦, 3♦."""
    game = romme.new_game(["Ann", "Bob"], seed=3)
    hand = cards_of("KH1 KS1 JK1 QH1 QS1 QD1 KD2 6H1 9C1 9D1 3D1")
    state = romme.draw_stock(romme.deal(game, deck_for(game, {1: hand})))
    return romme.meld_cards(state, [cards_of("KH1 KS1 JK1"), cards_of("QH1 QS1 QD1")])


def before_opening() -> Any:
    game = romme.new_game(["Ann", "Bob"], seed=3)
    hand = cards_of("KH1 KS1 JK1 QH1 QS1 QD1 KD2 6H1 9C1 9D1 3D1")
    return romme.draw_stock(romme.deal(game, deck_for(game, {1: hand})))


def refused_reading(table: Any, text: str) -> FormatError:
    with pytest.raises(FormatError) as caught:
        romme.read_action(table, text)
    assert caught.value.path == "text"
    return caught.value


def said(state: Any, text: str) -> str:
    """What the rules say of what a person typed at ``state``."""
    reason = romme.why_illegal(state, romme.read_action(state, text))
    assert reason is not None, text
    return reason


# -- Rommé: numbers as people count them -----------------------------------------------------------------------


def test_a_meld_number_no_table_has_is_said_as_people_count_melds():
    state = opened_table()
    refused = refused_reading(state, "lay off 3♦ on 99")
    assert (refused.reason, refused.ruling) == ("There is no meld 99: the table has 2 melds.", "R9")
    assert said(state, "lay off 3♦ on 5") == "There is no meld 5: the table has 2 melds. [R9]"  # the same words
    refused = refused_reading(before_opening(), "lay off 3♦ on 1000")
    assert refused.reason == "There is no meld 1000: the table has no melds yet."


def test_a_place_no_meld_has_is_said_as_people_count_places():
    state = opened_table()
    refused = refused_reading(state, "exchange KD at 1 99 then meld 9c 9d joker")
    assert (refused.reason, refused.ruling) == ("Meld 1 has no place 99: it has 3 places.", "R10")
    assert said(state, "exchange KD at 1 7 then meld 9c 9d joker") == "Meld 1 has no place 7: it has 3 places. [R10]"
    assert said(state, "exchange KD at 1 1 then meld 9c 9d joker") == (
        "There is no joker at place 1 of meld 1: K♥ is there. [R10]")
    assert romme.read_action(state, "exchange KD at 1 3 then meld 9c 9d joker") == romme.ExchangeJoker(
        "KD2", 0, 2, cards_of("9C1 9D1 JK1"))  # and the right one is read, counted from 1


def test_a_meld_without_cards_is_said_in_words():
    for text in ("meld |", "meld 9c 9d |", "exchange KD at 1 3 then meld"):
        refused = refused_reading(opened_table(), text)
        assert refused.ruling == "R5" and "melds has none" in refused.reason and not CODE_WORDS.search(refused.reason)


# -- Rommé: copies -----------------------------------------------------------------------------------------------


def test_copies_are_said_as_copies():
    state = opened_table()
    assert said(state, "meld 6h 6h 6h 6h") == "You hold one 6♥, not four. [R15]"
    assert said(state, "meld 9c 9c 9d") == "You hold one 9♣, not two. [R15]"
    assert said(state, "discard 7s") == "You do not hold 7♠. [R15]"
    assert said(state, "discard 6H2") == "You hold another copy of 6♥, not this one. [R15]"  # a record's copy
    with use_language("id"):
        assert romme.why_illegal(state, romme.read_action(state, "meld 6h 6h 6h 6h")) == (
            "Anda memegang satu 6♥, bukan empat. [R15]")


# -- Rommé: what to type now, instead of the records' grammar ------------------------------------------------------


@pytest.mark.parametrize(("text", "then"), [
    ("meld", "Write meld then each meld's cards"),
    ("discard 3d 3d", "Write discard then one card: discard Q♥."),
    ("lay off 3d", "Write lay off, the card, on and the meld's number"),
    ("exchange kd", "Write exchange, the card, at,"),
    ("hint", "Type meld CARDS | CARDS, lay off CARD on N, exchange CARD at N P then meld CARDS, or discard CARD"),
    ("1", "Type meld CARDS | CARDS"),
])
def test_text_that_names_no_move_is_answered_with_what_to_type(text, then):
    refused = refused_reading(opened_table(), text)
    assert refused.reason == f"{text!r} is not a move I can read. " + refused.reason.split(". ", 1)[1]
    assert then in refused.reason and not CODE_WORDS.search(refused.reason)
    assert "score" not in refused.reason and "deal" not in refused.reason  # steps a person cannot take


def test_what_to_type_follows_the_phase_and_the_turn():
    state = romme.deal(romme.new_game(["Ann", "Bob"], seed=3))
    assert refused_reading(state, "hint").reason == (
        "'hint' is not a move I can read. Draw first: type s (the stock) or d (the discard pile).")
    assert refused_reading(state, "").reason == "Draw first: type s (the stock) or d (the discard pile)."
    waiting = romme.view(state, 0)  # Ann's view: Bob draws first
    assert refused_reading(waiting, "hint").reason == (
        "'hint' is not a move I can read. It is not your turn: Bob is to play.")
    assert refused_reading(romme.new_game(2, seed=1), "go").reason.endswith("The cards are to be dealt: type deal.")


def test_the_story_answers_with_the_same_words():
    state, story = opened_table(), romme.GAME.story
    assert story is not None
    assert story.read(state, "lay off 3♦ on 99") == "There is no meld 99: the table has 2 melds. [R9]"
    assert str(story.read(state, "meld")).startswith("'meld' is not a move I can read. Write meld")


# -- the card tried, named in the refusal (both games) --------------------------------------------------------------


def test_romme_refusals_name_the_card_tried():
    drawing = romme.deal(romme.new_game(["Ann", "Bob"], seed=3))
    card = drawing.hands[1][0]
    assert romme.why_illegal(drawing, romme.Discard(card)) == (
        f"You cannot discard {card_text(card)} now: the player to play must draw first. [R15]")
    assert said(before_opening(), "lay off 3♦ on 1") == (
        "You may lay off 3♦ only once you have made your opening (40 or more). [R8]")
    assert said(before_opening(), "exchange KD at 1 3 then meld 9c 9d joker") == (
        "You may exchange K♦ for a joker only once you have made your opening (40 or more). [R8]")
    assert said(drawing, "meld 9c 9d 9h") == "You cannot meld 9♣ 9♦ 9♥ now: the player to play must draw first. [R15]"


def test_concombre_refusals_name_the_card_tried():
    state = concombre.play(concombre.deal(concombre.new_game(2, seed=3), deck=concombre.PACK),
                           concombre.Card.parse("3H"))
    reason = concombre.why_illegal(state, concombre.read_action(state, "2d"))
    assert reason is not None and reason.startswith("You cannot play 2♦: you hold cards ranked 3 or higher")
    assert reason.endswith("[C7]")
    story = concombre.GAME.story
    assert story is not None and story.read(state, "2d") == reason
    complete = concombre.play(state, concombre.Card.parse("4S"))
    assert concombre.why_illegal(complete, concombre.Play("TH")) == (
        "You cannot play 10♥ now: the trick on the table must be resolved first. [C14]")
    with use_language("id"):
        assert str(concombre.why_illegal(complete, concombre.Play("TH"))).startswith(
            "Anda tidak dapat memainkan 10♥ sekarang")


@pytest.mark.parametrize("name", ["concombre", "romme"])
def test_no_refusal_of_a_random_game_talks_like_code(name):
    """Many illegal actions at every step of random games: each refusal in people's words, and each refusal of a
    card by the game's own rules (not the turn's) names that card."""
    game = find_game(name)
    rng = random.Random(5)
    refusals = named = 0
    for seed in range(3):
        state = game.new_game(3, seed=seed)
        pool: list[Any] = []
        for _ in range(300):
            if game.is_over(state):
                break
            legal = game.legal_actions(state)
            pool.extend(legal[:4])
            for action in rng.sample(pool, min(len(pool), 6)):
                try:
                    refused = game.refusal(state, action)
                except ConcombreError as err:  # an action no table could take
                    pytest.fail(f"{action!r}: {err}")
                if refused is None:
                    continue
                refusals += 1
                assert not CODE_WORDS.search(refused.reason), refused.reason
                card = getattr(action, "card", None)
                if card is not None and refused.ruling in ("C7", "C14", "R7a", "R8", "R15"):
                    assert card_text(card) in refused.reason, refused.reason
                    named += 1
            state = game.apply(state, legal[rng.randrange(len(legal))])
    assert refusals > 100 and named > 20


# -- no placeholder reaches a person; each sentence said once (review B7) ---------------------------------------------


def test_a_step_refused_before_its_time_never_shows_a_placeholder():
    from concombre.games.romme import transitions

    drawing = romme.deal(romme.new_game(["Ann", "Bob"], seed=3))
    melding, laying_off, exchanging, discarding = (  # called as no action class would: what the fields fall back on
        transitions.meld_refusal, transitions.lay_off_refusal, transitions.exchange_refusal,
        transitions.discard_refusal)
    funny: Any = (None, [[]], [["QH1"], []], "QH1")
    refusals = [*(melding(drawing, melds) for melds in funny), laying_off(drawing, funny[3], 0),
                discarding(drawing, funny[0]), exchanging(drawing, funny[3], 0, 0, [])]
    for refused in refusals:
        assert refused is not None and refused.ruling == "R15", refused
        assert "{" not in refused.reason and "  " not in refused.reason and refused.reason.startswith("No "), refused
    with use_language("id"):
        assert "{" not in str(laying_off(drawing, funny[3], 0))


def test_each_sentence_that_names_the_card_has_one_without_it():
    from concombre.games.romme.refusals import PLAIN

    for named, plain in PLAIN.items():
        assert "{card" in named and "{" not in plain


def test_no_joker_there_is_said_once_by_the_rules_home():
    from concombre.games.romme.melds import unfit_exchange

    state = opened_table()
    meld = state.melds[0]
    home = unfit_exchange(meld, 0, cards_of("KD2")[0], 0)
    assert home is not None and str(home) == said(state, "exchange KD at 1 1 then meld 9c 9d joker")
    outside = unfit_exchange(meld, 6, cards_of("KD2")[0], 0)
    assert outside is not None and str(outside) == said(state, "exchange KD at 1 7 then meld 9c 9d joker")


def test_numbers_past_any_table_are_said_in_the_readers_one_words():
    state = opened_table()
    line = romme.action_text(romme.LayOff("3D1", 0)).replace(" 1", " 0")
    with pytest.raises(FormatError) as caught:
        romme.parse_action(line)
    typed = refused_reading(state, "lay off 3D1 on 0")
    assert (caught.value.reason, caught.value.ruling) == (typed.reason, typed.ruling) == (
        "Melds and places are counted from 1, as the table shows them: 'lay off 3D1 on 0'", "R9")
    with pytest.raises(FormatError) as caught:
        romme.parse_action("lay off 3D1 on 99")
    assert (caught.value.reason, caught.value.ruling) == ("There is no meld 99: a table holds at most 36 melds.", "R9")
    with pytest.raises(FormatError) as caught:
        romme.parse_action("exchange KD2 at 1 14 then meld 9C1 9D1 JK1")
    assert (caught.value.reason, caught.value.ruling) == ("There is no place 14: a meld holds at most 13 cards.", "R10")
