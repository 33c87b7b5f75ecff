"""mkdocs hook: a front door's reference page lists every name of its ``__all__``, drawn from the source.

A page holds ``<!-- names: concombre.batch -->`` where its table goes; the hook writes one row a name, in the
order of ``__all__``: the name, linked to where it is defined, and the first sentence of its docstring. The
table is made at build time from the source (griffe reads it; nothing is imported), so it can never miss a
name, and the tests check it the same way.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

SOURCE = Path(__file__).resolve().parents[2] / "src"
MARKER = re.compile(r"^<!-- names: ([\w.]+) -->$", re.MULTILINE)


@cache
def _module(path: str) -> Any:
    import griffe

    return griffe.load(path, search_paths=[str(SOURCE)], docstring_parser="google", resolve_aliases=True,
                       resolve_external=False)


def _first_sentence(text: str) -> str:
    paragraph = " ".join(text.strip().split("\n\n")[0].split())
    match = re.match(r"(.+?[.!?])(\s|$)", paragraph)
    sentence = match.group(1) if match else paragraph
    return sentence.replace("|", "\\|").replace("``", "`")


def exported(path: str) -> list[str]:
    """The names of ``__all__`` of the module ``path``, in order."""
    module = _module(path)
    return [str(name) for name in module.exports or ()]


def names_table(path: str) -> str:
    """The Markdown table of the module's ``__all__``: each name linked to its definition, with what it is."""
    module = _module(path)
    rows = ["| name | what it is |", "| --- | --- |"]
    for name in exported(path):
        found = module[name]
        target = found.final_target if found.is_alias else found
        said = _first_sentence(target.docstring.value) if target.docstring else ""
        rows.append(f"| [`{name}`][{target.path}] | {said} |")
    return "\n".join(rows)


def on_page_markdown(markdown: str, **_: Any) -> str:
    return MARKER.sub(lambda match: names_table(match.group(1)), markdown)
