"""Pictures of both games: text and SVG that show the table, a title per card, and no hidden card in a view."""

from __future__ import annotations

import io
import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from concombre.core.game import AnyGame
from concombre.core.render import (
    Face,
    Picture,
    Row,
    colour_wanted,
    face_text,
    own_label,
    picture_html,
    picture_svg,
    picture_text,
)
from concombre.games import GAMES


def pictured(game: AnyGame, table: Any) -> Picture:
    assert game.render is not None
    return game.render(table)

SVG = "{http://www.w3.org/2000/svg}"


def random_positions(name: str, seed: int, count: int = 12) -> list[Any]:
    """States of a game played at random, melds preferred in Rommé, so that pictures have something to show."""
    game, rng = GAMES[name], random.Random(seed)
    state = game.new_game(rng.randint(*game.players), seed=seed)
    states = []
    for step in range(2_000):
        if game.is_over(state):
            break
        actions = list(game.legal_actions(state))
        putting_down = [action for action in actions if type(action).__name__ in ("MeldCards", "LayOff")]
        state = game.apply(state, rng.choice(putting_down) if putting_down and rng.random() < 0.8
                           else rng.choice(actions))
        if step % 7 == 0:
            states.append(state)
    states.append(state)
    return states[-count:]


def faces_of(picture: Picture) -> list[Face]:
    return [face for row in picture.rows for face in row.faces]


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_svg_of_every_state_and_view_is_xml_with_a_title_per_card(name, seed):
    game = GAMES[name]
    for state in random_positions(name, seed, 4):
        for table in (state, *(game.view(state, seat) for seat in range(len(state.players)))):
            picture = pictured(game, table)
            root = ET.fromstring(table._repr_svg_())
            assert root.tag == f"{SVG}svg"
            cards = [group for group in root.iter(f"{SVG}g") if group.get("class") == "card"]
            assert len(cards) == len(faces_of(picture))
            assert [card.findtext(f"{SVG}title") for card in cards] == [face.title for face in faces_of(picture)]
            assert root.findtext(f"{SVG}title") == picture.title
            ET.fromstring(f"<div>{table._repr_html_()}</div>")  # the notebook's HTML is well-formed too


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_views_picture_shows_the_seats_own_hand_and_of_the_others_only_how_many_cards(name):
    game = GAMES[name]
    for seed in range(6):
        for state in random_positions(name, seed):
            for seat, name_of_seat in enumerate(state.players):
                seen = game.view(state, seat)
                rows = {row.label: row for row in pictured(game, seen).rows}
                for other, other_name in enumerate(state.players):
                    if other != seat and other_name in rows:
                        assert rows[other_name].faces == () and "holds" in rows[other_name].note
                own = rows.get(own_label(name_of_seat))
                assert own is None or [face.title for face in own.faces] == [
                    face.title for face in pictured(game, state).rows[[row.label for row in pictured(game, state).rows]
                                                                   .index(name_of_seat)].faces
                ]


def test_str_of_a_state_and_a_view_is_the_picture_as_text():
    from concombre import deal, new_game, view

    state = deal(new_game(["Ann", "Bob", "Cy"], seed=3))
    assert str(state).splitlines()[0] == "Concombre, round 1: Bob to play"
    mine = str(view(state, 1))
    assert "Bob (you):" in mine and "You may play:" in mine and "Ann: holds 7 cards" in mine
    assert repr(view(state, 1)).startswith("<View of seat 1: round=1 phase='play' to_play=1 hand='")


def test_romme_jokers_show_what_they_stand_for():
    from concombre.games.romme import cards_of, make_meld
    from concombre.games.romme.render import meld_faces

    run = make_meld(cards_of("5H1 JK1 7H1"), owner=0)
    assert [face_text(face) for face in meld_faces(run)] == ["5♥", "🃏(as 6♥)", "7♥"]
    group = make_meld(cards_of("QH1 QS1 JK2"), owner=1)
    assert face_text(meld_faces(group)[-1]) == "🃏(as Q)"  # a set's joker stands for any suit it lacks (R10)


def test_colour_follows_no_color_and_the_terminal(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    assert colour_wanted(Terminal()) and not colour_wanted(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour_wanted(Terminal())
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert colour_wanted(io.StringIO())
    picture = Picture("Hand", (Row("Ann", (Face("Q", "H", "queen of hearts"), Face("Q", "S", "queen of spades"))),))
    assert "\x1b[31mQ♥\x1b[0m Q♠" in picture_text(picture, colour=True)
    assert "\x1b" not in picture_text(picture)


def test_text_in_pictures_is_escaped_in_svg_and_html():
    picture = Picture("<b>&", (Row("<Ann>", (Face("Q", "H", 'queen "of" <hearts>', "<x>"),)),), ("a < b",))
    ET.fromstring(picture_svg(picture))
    ET.fromstring(picture_html(picture))
    assert "<b>" not in picture_svg(picture)


@pytest.mark.parametrize(("name", "players"), [("concombre", 3), ("romme", 2)])
def test_pettingzoo_render_test_passes_in_both_modes(name, players, capsys):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import render_test

    from concombre.integrations.pettingzoo import env

    render_test(lambda render_mode=None: env(game=name, players=players, render_mode=render_mode))
    printed = capsys.readouterr().out
    assert ("Concombre, round" if name == "concombre" else "German Rommé, round") in printed
    table = env(game=name, players=players, render_mode="ansi")
    table.reset(seed=1)
    assert "(you)" in table.render()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_record_shows_in_a_notebook_as_the_table_where_it_ends(name):
    from concombre.core.records import Record, replay

    game, rng = GAMES[name], random.Random(3)
    state = game.new_game(["Ann", "Bob"], seed=9)
    record = Record.of(state)
    for _ in range(30):
        action = rng.choice(list(game.legal_actions(state)))
        state, record = game.apply(state, action), record.then(action)
    svg = record._repr_svg_()
    assert svg is not None
    root = ET.fromstring(svg)
    title = root.findtext(f"{SVG}title") or ""
    assert title.startswith(f"{game.title}: Ann, Bob, seed 9, 30 actions. ")
    assert title.endswith(pictured(game, replay(record)).title)
    ET.fromstring(f"<div>{record._repr_html_()}</div>")
