"""mkdocs hook: the pictures of the "Seeing a game" guide, drawn by the library at build time.

Each picture is `concombre.core.render.picture_svg` of a seeded position, so the guide always shows
what the library draws today; nothing is kept in the tree.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files


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


def on_files(files: Files, config: Any) -> Files:
    """Add each picture to the site's files, as ``images/pictures/<name>.svg``."""
    from concombre.core.render import picture_svg
    from concombre.games import find_game

    tables = {**_concombre_positions(), "romme-view": _romme_position()}
    # Written to files, not given as content: the i18n plugin copies each file of the site by its source path.
    drawn = Path(tempfile.mkdtemp(prefix="concombre-pictures-"))
    for name, table in tables.items():
        game = find_game("romme" if name.startswith("romme") else "concombre")
        assert game.render is not None
        source = drawn / f"{name}.svg"
        source.write_text(picture_svg(game.render(table)), encoding="utf-8")
        files.append(File.generated(config, f"images/pictures/{name}.svg", abs_src_path=str(source)))
    return files
