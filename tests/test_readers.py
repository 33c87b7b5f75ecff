"""What the library writes, its readers read back (issue 60), in both games.

- A record's line reads back as the very action it was written from: ``read_action(view, action_text(a)) == a``
  for every legal action, and so does the story's reader (``story.read``), and ``parse_action``.
- The people's form (``story.typed``) reads back as a move people write the same way, which the rules accept; where
  the hand holds one copy of each card the move names, as the very same move.
- One reader for people: Concombre's ``read_action`` takes a play's number as ``show`` lists them; Rommé's ``show``
  numbers the melds as its reader counts them (from 1), and offers no other numbers.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import concombre
import concombre.romme as romme
from concombre.core.errors import FormatError
from concombre.core.words import card_text
from concombre.games import find_game

FRONTS = {"concombre": concombre, "romme": romme}


def walk(name: str, seed: int, players: int, steps: int) -> Iterator[Any]:
    """The states of a random game: every one of its first ``steps``."""
    game = find_game(name)
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed)
    for _ in range(steps):
        yield state
        if game.is_over(state):
            return
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])


def faces(action: Any, state: Any) -> list[tuple[Any, Any]] | None:
    """The cards a Rommé action names, without their copies (a joker is a joker); None for no card."""
    if isinstance(action, romme.MeldCards):
        cards = [card for meld in action.melds for card in meld]
    elif isinstance(action, romme.ExchangeJoker):
        cards = [action.card, *action.new_meld]
    elif isinstance(action, (romme.LayOff, romme.Discard)):
        cards = [action.card]
    else:
        return None
    return [(card.rank, card.suit) for card in cards]


def one_copy_each(action: Any, state: Any) -> bool:
    """Whether the hand (with the joker an exchange takes) holds one copy of each card the action names: then
    the people's form, which leaves copies out, names one move only."""
    named = faces(action, state)
    if named is None:
        return True
    hand = list(state.hands[state.to_play])
    if isinstance(action, romme.ExchangeJoker):
        hand.append(state.melds[action.meld].places[action.place].card)
    held = [(card.rank, card.suit) for card in hand]
    return all(held.count(face) == 1 for face in named)


def check_readers(name: str, state: Any, seen: set[str]) -> None:
    game, front = find_game(name), FRONTS[name]
    seat = game.to_play(state)
    table = state if seat is None else game.view(state, seat)
    assert game.story is not None and game.story.typed is not None
    for action in game.legal_actions(state):
        line = front.action_text(action)
        assert front.parse_action(line) == action, line
        assert front.read_action(table, line) == action, line
        assert front.read_action(state, line) == action, line
        assert game.story.read(state, line) == action, line
        typed = game.story.typed(action)
        heard = front.read_action(table, typed)
        assert game.story.typed(heard) == typed, (typed, heard)
        assert front.refusal(state, heard, seat=seat) is None, (typed, heard)
        if name == "concombre" or one_copy_each(action, state):
            assert heard == action, (typed, heard, action)
        seen.add(type(action).__name__ + (" high" if getattr(action, "end", None) == "high" else ""))


@pytest.mark.parametrize("name", ["concombre", "romme"])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4), steps=st.integers(1, 160))
def test_every_legal_action_reads_back_from_its_line_and_from_the_peoples_form(name, seed, players, steps):
    seen: set[str] = set()
    for state in walk(name, seed, players, steps):
        check_readers(name, state, seen)


@pytest.mark.parametrize(("name", "kinds"), [
    ("concombre", {"Deal", "Play", "ResolveTrick", "ScoreRound"}),
    ("romme", {"Deal", "DrawStock", "DrawDiscard", "MeldCards", "LayOff", "LayOff high", "ExchangeJoker",
               "Discard", "ScoreRound"}),
])
def test_the_readers_are_checked_on_every_kind_of_action(name, kinds):
    """The seeded sweep behind the property: it meets every kind of action, exchanges and runs' ends included."""
    seen: set[str] = set()
    for seed in range(40):
        for state in walk(name, seed, 2 + seed % 3, 400):
            check_readers(name, state, seen)
        if kinds <= seen:
            break
    assert kinds <= seen, kinds - seen


# -- one reader for people: what show offers, the reader takes ------------------------------------------------


def play_states() -> Iterator[Any]:
    for seed in range(6):
        for state in walk("concombre", seed, 3, 60):
            if state.to_play is not None:
                yield state


def test_concombre_reads_each_number_show_offers_as_that_play():
    story = concombre.GAME.story
    assert story is not None
    checked = 0
    for state in play_states():
        seen = concombre.view(state, state.to_play)
        offered = re.findall(r"(\d+)\) (\S+)", story.show(seen)[-1])
        assert [int(number) for number, _ in offered] == list(range(1, len(seen.legal_plays) + 1))
        for number, card in offered:
            play = concombre.Play(seen.legal_plays[int(number) - 1])
            assert card == card_text(play.card)
            assert concombre.read_action(seen, number) == concombre.read_action(seen, card) == play
            assert concombre.read_action(state, number) == play and story.read(state, number) == play
            checked += 1
        with pytest.raises(FormatError) as caught:
            concombre.read_action(seen, str(len(offered) + 1))
        assert caught.value.reason == f"There is no play {len(offered) + 1}: choose 1 to {len(offered)}."
    assert checked > 100


def test_concombre_refuses_a_number_when_nothing_is_to_be_played():
    state = concombre.new_game(2, seed=1)  # waiting for the deal
    with pytest.raises(FormatError) as caught:
        concombre.read_action(state, "1")
    assert (caught.value.path, caught.value.ruling) == ("text", "C14")
    assert "no card can be played now" in caught.value.reason


def test_romme_shows_the_melds_numbered_as_its_reader_counts_them():
    story = romme.GAME.story
    assert story is not None
    checked = 0
    for seed in range(12):
        for state in walk("romme", seed, 2, 400):
            if state.to_play is None or not state.melds:
                continue
            seen = romme.view(state, state.to_play)
            shown = [int(number) for number in re.findall(r"\bMeld (\d+) \(", "\n".join(story.show(seen)))]
            assert shown == list(range(1, len(state.melds) + 1))
            for action in romme.legal_actions(state):
                if isinstance(action, romme.LayOff):
                    end = f" {action.end}" if action.end else ""
                    text = f"lay off {card_text(action.card)} on {shown[action.meld]}{end}"
                    heard = romme.read_action(seen, text)
                    assert isinstance(heard, romme.LayOff) and (heard.meld, heard.end) == (action.meld, action.end)
                    checked += 1
        if checked > 20:
            break
    assert checked > 20


def test_romme_offers_no_numbered_moves_and_says_what_to_type_for_a_bare_number():
    state = romme.draw_stock(romme.deal(romme.new_game(["Ann", "Bob"], seed=3)))
    seen = romme.view(state, 1)
    story = romme.GAME.story
    assert story is not None
    assert not any(re.search(r"\b\d+\) ", line) for line in story.show(seen))
    with pytest.raises(FormatError) as caught:
        romme.read_action(seen, "1")
    assert caught.value.reason == ("'1' is not a move I can read. Type meld CARDS | CARDS, lay off CARD on N, "
                                   "exchange CARD at N P then meld CARDS, or discard CARD to end your turn.")


# -- numbers a person cannot mean: digits `int` reads otherwise or refuses (review B2) -------------------------------

ODD_NUMBERS = ("²", "٣", "9" * 5000, "1²")


@pytest.mark.parametrize("number", ODD_NUMBERS)
def test_concombre_s_reader_answers_odd_digits_with_a_sentence(number):
    state = concombre.deal(concombre.new_game(2, seed=1))
    with pytest.raises(FormatError) as caught:
        concombre.read_action(state, number)
    assert caught.value.path == "text" and len(caught.value.reason) < 200
    story = concombre.GAME.story
    assert story is not None
    said = story.read(state, number)
    assert isinstance(said, str) and len(said) < 200


@pytest.mark.parametrize("number", ODD_NUMBERS)
@pytest.mark.parametrize("form", ["lay off 7H on {}", "exchange 7H at 1 {} then meld 9C 9D joker",
                                  "exchange 7H at {} 1 then meld 9C 9D joker"])
def test_romme_s_reader_answers_odd_digits_with_a_sentence(number, form):
    state = romme.draw_stock(romme.deal(romme.new_game(2, seed=3)))
    text = form.format(number)
    with pytest.raises(FormatError) as caught:
        romme.read_action(state, text)
    assert caught.value.path == "text" and caught.value.ruling == "R9" and len(caught.value.reason) < 200
    story = romme.GAME.story
    assert story is not None and len(str(story.read(state, text))) < 200


def test_a_record_s_odd_digits_are_no_action():
    for line in ("lay off 7H1 on ²", "lay off 7H1 on " + "9" * 5000, "exchange 5S2 at 1 ² then meld 9C1 9D1 JK1"):
        with pytest.raises(FormatError, match="expected an action"):
            romme.parse_action(line)
