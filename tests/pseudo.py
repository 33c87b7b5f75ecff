"""The pseudo-locale's reader: what a text run in ``qps`` leaves outside the markers ``⟦…⟧``.

A sentence outside the markers never went through the catalog. Players' names and the game's notation (the
commands a person types, bots' and games' names) are not sentences, and are not counted.
"""

from __future__ import annotations

import re

NAMES = {"Ada", "Bea", "Cyd", "Dov", "Eli", "Fay", "Gil", "Ann", "You"}
# Words that are notation, not sentences: commands and options a person types, bots' and games' names.
NOTATION = {"concombre", "romme", "demo", "play", "simulate", "ladder", "replay", "serve", "bench", "help", "lang",
            "thumb", "random", "solver", "planner", "search", "deep", "learned", "mc",
            "stock", "draw", "discard", "meld", "lay", "off",
            "exchange", "score", "resolve", "deal", "lead", "highest", "low", "high", "auto", "hint", "quit",
            "json", "txt", "int"}
_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")


def untranslated(text: str) -> list[str]:
    """The words of ``text`` outside the pseudo-locale's markers, other than names and notation."""
    while True:
        stripped = _MARKED.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    # options, placeholders, card codes, API names (Rules.limit) and addresses are notation; a quoted value is
    # data ('nope', "Ann")
    text = re.sub(r"--?[\w-]+|\{[^}]*\}|\b[A-Z]{2,}\b|\b\w+\.\w+\b|https?://\S+|'[^'\n]*'|\"[^\"\n]*\"", " ",
                  text)
    words = re.findall(r"[A-Za-zÀ-ÿ]{3,}", text)
    return [word for word in words if word not in NAMES and word.lower() not in NOTATION]
