"""mkdocs hook: the site's pictures of cards, drawn by the library at build time.

Each picture is `concombre.core.render.picture_svg` of a seeded position (the "Seeing a game" guide, the
home page) or of a rules page's worked example, so the site always shows what the library draws today;
nothing is kept in the tree.
"""

from __future__ import annotations

import random
import shutil
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

_DRAWN: list[Path] = []  # the folders the pictures are drawn in, removed once the site holds its copies


def _concombre_positions() -> dict[str, Any]:
    from concombre import deal, legal_plays, new_game, play, view

    state = deal(new_game(["Ann", "Bob", "Cy", "Dee"], seed=7))
    for _ in range(3):
        state = play(state, legal_plays(state)[-1])
    return {"concombre-state": state, "concombre-view": view(state, state.to_play)}


def _romme_position() -> Any:
    from concombre.games import find_game

    game, rng = find_game("romme"), random.Random(2)
    bots = [game.bot(game.bots.stand_in) for _ in range(3)]
    state = game.new_game(["Ann", "Bob", "Cy"], seed=12)
    while not game.is_over(state):
        seat = game.to_play(state)
        if seat is None:
            state = game.apply(state, game.legal_actions(state)[0])
            continue
        if len(state.melds) >= 4 and any(place.card.is_joker for meld in state.melds for place in meld.places):
            return game.view(state, seat)
        state = game.apply(state, bots[seat].choose(game.view(state, seat), rng))
    return game.view(state, 0)


def _worked_examples() -> dict[str, Any]:
    """The rules pages' worked examples as pictures: a trick with ties (C7, C8), a half cucumber (C10), Rommé's
    melds and a joker exchange (R6, R10)."""
    from concombre import Card
    from concombre.core.render import Picture, Row
    from concombre.games.concombre.render import card_face
    from concombre.games.romme.render import meld_faces
    from concombre.romme import cards_of, make_meld

    def trick(*plays: tuple[str, str]) -> tuple[Any, ...]:
        return tuple(card_face(Card.parse(code), caption=name or None) for name, code in plays)

    def meld(codes: str, owner: int) -> tuple[Any, ...]:
        return meld_faces(make_meld(cards_of(codes), owner=owner))

    return {
        "rules-trick-ties": Picture(
            "A trick with ties: the last of the highest cards wins (C8)",
            (Row("Bob leads, Cy beats, Di ducks, Ann ties", trick(("Bob", "9H"), ("Cy", "KS"), ("Di", "3C"),
                                                                  ("Ann", "KD")), "Ann wins the trick"),)),
        "rules-half-cucumber": Picture(
            "A half cucumber (C10): Bob's penalty cards reach 21, and he keeps his highest",
            (Row("Bob's penalty cards after round 3", trick(("", "9S"), ("", "6D"), ("", "KH")),
                 "9 + 6 + 13 = 28: half cucumber"),
             Row("What he keeps", trick(("", "KH"),), "13: he hands back 9♠ and 6♦"))),
        "romme-melds": Picture(
            "Melds on the table (R5, R6): a set, a run, a run with a joker",
            (Row("Meld 1: set, Bob", meld("KH1 KS1 KD1", 1), "30 points"),
             Row("Meld 2: run, Bob", meld("AC1 2C1 3C1 4C1", 1), "10 points: the ace low counts 1"),
             Row("Meld 3: run, Ann", meld("3S1 4S1 JK1 6S1", 0), "18 points: the joker stands for 5♠"))),
        "romme-joker-exchange": Picture(
            "A joker exchange (R10): Bob puts 5♠ in the joker's place and melds the joker",
            (Row("Meld 3, before", meld("3S1 4S1 JK1 6S1", 0), "the joker stands for 5♠"),
             Row("Meld 3, after", meld("3S1 4S1 5S2 6S1", 0), "the place still counts 5 for Ann"),
             Row("Bob's new meld", meld("9C1 9D1 JK1", 1), "the joker stands for a nine: 9 for Bob"))),
    }


def on_files(files: Files, config: Any) -> Files:
    """Add each picture to the site's files, as ``images/pictures/<name>.svg``."""
    from concombre.core.render import picture_svg
    from concombre.games import find_game

    tables = {**_concombre_positions(), "romme-view": _romme_position()}
    drawn_pictures = _worked_examples()
    # Written to files, not given as content: the i18n plugin copies each file of the site by its source path.
    drawn = Path(tempfile.mkdtemp(prefix="concombre-pictures-"))
    _DRAWN.append(drawn)
    for name, table in tables.items():
        game = find_game("romme" if name.startswith("romme") else "concombre")
        assert game.render is not None
        source = drawn / f"{name}.svg"
        source.write_text(picture_svg(game.render(table)), encoding="utf-8")
        files.append(File.generated(config, f"images/pictures/{name}.svg", abs_src_path=str(source)))
    for name, shown in drawn_pictures.items():
        source = drawn / f"{name}.svg"
        source.write_text(picture_svg(shown), encoding="utf-8")
        files.append(File.generated(config, f"images/pictures/{name}.svg", abs_src_path=str(source)))
    return files


def on_post_build(config: Any) -> None:
    """Remove the folders the pictures were drawn in: the site has copied them."""
    while _DRAWN:
        shutil.rmtree(_DRAWN.pop(), ignore_errors=True)
