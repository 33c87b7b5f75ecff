"""One voice for people: every sentence a person reads names cards as people write them (``10♥``, ``joker``),
never by their code (``TH``, ``QH1``, ``JK1``), and counts melds and places from 1; the codes stay in files.

The walk covers, in English and Indonesian: whole seeded games told by the demo, the refusal of many illegal
actions at every step of random games (each ruling's), what the reader says of junk, the terminal's screens
with hints, auto and refused answers, and the web table's log and buttons.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from concombre.apps.demo import demo_game
from concombre.apps.terminal import TerminalGame
from concombre.apps.web.tables import new_table
from concombre.core.errors import ConcombreError
from concombre.core.i18n import use_language
from concombre.core.records import Record
from concombre.games import find_game

# A card's code as a word of its own: a rank and a suit letter, perhaps a copy; a joker's JK; 10 and a suit.
CODE = re.compile(r"(?<![\w♣♦♥♠])(?:[2-9TJQKA][CDHS][1-6]?|JK[1-6]?|10[CDHS][1-2]?)(?!\w)")
# A meld or a place counted from 0, as records count them.
ZERO = re.compile(r"\b(?:meld|on|at|kombinasi|place|tempat) (?:0|-1)\b")
LANGUAGES = ("en", "id")


def problems(lines: list[str]) -> list[str]:
    return [line for line in lines if CODE.search(line) or ZERO.search(line)]


def random_states(name: str, seed: int) -> Iterator[Any]:
    game = find_game(name)
    rng = random.Random(seed)
    state = game.new_game(3, seed=seed)
    while not game.is_over(state):
        yield state
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ["concombre", "romme"])
def test_whole_games_told_by_the_demo_name_cards_as_people_write_them(name, language):
    with use_language(language):
        lines = [line for seed in range(3) for line in demo_game(find_game(name), players=3, seed=seed)]
    assert len(lines) > 100 and not problems(lines)
    assert any(re.search("[♣♦♥♠]", line) for line in lines)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ["concombre", "romme"])
def test_every_refusal_names_cards_as_people_write_them(name, language):
    game = find_game(name)
    seen_actions: list[Any] = []
    said: list[str] = []
    rulings: set[str] = set()
    with use_language(language):
        for seed in range(2):
            for step, state in enumerate(random_states(name, seed)):
                legal = game.legal_actions(state)
                seen_actions.extend(legal[:3])
                if step % 3:
                    continue
                for action in seen_actions[-60:]:
                    refused = game.refusal(state, action, seat=game.to_play(state) if step % 2 else None)
                    if refused is not None:
                        said.append(str(refused))
                        rulings.add(str(refused.ruling))
    assert len(said) > 200 and not problems(said)
    assert len(rulings) >= 3  # the turn rule, the table's steps and the game's own


def test_rommes_refusals_of_melds_and_lay_offs_name_cards_as_people_do():
    import concombre.romme as romme
    from concombre.romme import RommeCard

    state = romme.deal(romme.new_game(["Ann", "Bob"], seed=3))
    state = romme.draw_stock(state)
    hand = state.hands[state.to_play or 0]
    said = []
    for text in (f"meld {hand[0]} {hand[1]} {hand[2]}", "meld KH KS KD", "discard 7c", f"lay off {hand[0]} on 1",
                 "meld QH1 QH2 QS1", "exchange 5S at 1 1 then meld 9C 9D JK"):
        try:
            action = romme.read_action(state, text)
        except ConcombreError as err:
            said.append(str(err))
            continue
        said.append(romme.why_illegal(state, action, seat=state.to_play) or "")
    assert not problems(said), said
    assert any("♥" in line or "♠" in line or "♣" in line for line in said)
    assert card_word(RommeCard.joker(2)) == "joker"


def card_word(card: Any) -> str:
    from concombre.core.words import card_text

    return card_text(card)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_reader_quotes_what_the_person_typed(language):
    import concombre.romme as romme

    state = romme.deal(romme.new_game(["Ann", "Bob"], seed=3))
    with use_language(language):
        for typed in ("lay off QH on 0", "blah blah", "lay off QH on"):
            with pytest.raises(ConcombreError) as caught:
                romme.read_action(state, typed)
            said = str(caught.value)  # the person's own words quoted, and nothing else of a code
            assert repr(typed) in said and not problems([said.replace(repr(typed), "")])
        opened = next(state for seed in range(20) for state in random_states("romme", seed)
                      if state.to_play is not None and state.opened[state.to_play] and state.melds
                      and romme.legal_actions(state)[-1].__class__ is romme.Discard)
        beyond = len(opened.melds) + 1
        card = opened.hands[opened.to_play][0]
        refused = romme.why_illegal(opened, romme.read_action(opened, f"lay off {card} on {beyond}"))
    assert refused is not None and (f"meld {beyond}" in refused or f"kombinasi {beyond}" in refused), refused


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ["concombre", "romme"])
def test_the_terminal_speaks_in_the_peoples_form(name, language):
    game = find_game(name)
    rng = random.Random(2)
    junk = ["hint", "auto", "zz", "QH", "TH1", "meld KH KS KD", "discard 7c", "lay off JK on 1", "1", "9"]
    lines: list[str] = []
    with use_language(language):
        table = TerminalGame.start(game, "You", [game.bot("thumb" if name == "concombre" else "solver")], game.Rules(),
                                   seed=4)
        answers = iter([rng.choice(junk) for _ in range(600)] + ["auto"] * 2000)
        table.run(lambda prompt: next(answers), lines.append)
    unquoted = [re.sub("|".join(re.escape(repr(word)) for word in junk), "", line) for line in lines]
    assert game.is_over(table.state) and not problems(unquoted)  # the person's own words, quoted, aside
    assert sum(line.startswith(("Hint", "Saran")) for line in lines) > 3
    assert not any("play play" in line or "plays lay" in line for line in lines)


def test_hint_asks_the_bot_of_the_level_played():
    game = find_game("romme")
    table = TerminalGame.start(game, "You", [game.bot("random")], game.Rules(), seed=4, helper="planner")
    answers = iter(["hint", "quit"])
    lines: list[str] = []
    table.run(lambda prompt: next(answers), lines.append)
    assert any(line.startswith("Hint from the planner bot") for line in lines)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", ["concombre", "romme"])
def test_the_web_tables_log_and_buttons_name_cards_as_people_do(name, language):
    table = new_table(name, 3, "Ann", seed=5)
    said: list[str] = []
    with use_language(language):
        said += walk_table(table)
    assert len(said) > 20 and not problems(said)


def walk_table(table: Any) -> list[str]:
    said: list[str] = []
    while not table.message(0)["over"]:
        message = table.message(0)
        said += [choice["text"] for choice in message["choices"]]
        if message["choices"]:
            assert table.act(0, message["choices"][0]["action"]) is None
        table.play_bots()
    for entry in table.message(0)["log"]:  # a sentence, or a score sheet's head and rows
        rows = [] if isinstance(entry, str) else [cell for row in entry["rows"] for cell in row]
        said += [entry] if isinstance(entry, str) else [*entry["head"], *rows]
    return said


def test_files_keep_the_codes():
    game = find_game("romme")
    record: Record[Any] = Record.of(game.new_game(2, seed=1))
    state = game.new_game(2, seed=1)
    rng = random.Random(1)
    for _ in range(40):
        action = rng.choice(game.legal_actions(state))
        state, record = game.apply(state, action), record.then(action)
    assert CODE.search(record.to_text())  # JK1, QH2...: the records, as ever
