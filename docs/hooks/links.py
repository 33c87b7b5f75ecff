"""mkdocs hook: every API name in the prose links to its reference.

A name in backticks outside code blocks becomes a link when it names exactly one public class or function of
a module that has a reference page (an autorefs link, ``[`State`][concombre.games.concombre.state.State]``),
or such a module (a link to its page). A name two games share (`` `Rules` ``, `` `deal` ``) means the Rommé
one on the Rommé pages and the Concombre one elsewhere, as each game's front door exports them. Unknown names
stay plain text.
"""

from __future__ import annotations

import posixpath
import re
from functools import cache
from pathlib import Path
from typing import Any

REFERENCE = Path(__file__).resolve().parents[1] / "reference"
_DIRECTIVE = re.compile(r"^::: (concombre[\w.]*)$", re.MULTILINE)
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.DOTALL | re.MULTILINE)
_NAME = re.compile(r"(?<![\[\w`])`((?:concombre\.)?[A-Za-z_][\w.]*)(\(\))?`(?![\]\(`])")


@cache
def pages() -> dict[str, str]:
    """Each documented module with its reference page, relative to the docs."""
    found = {}
    for page in REFERENCE.rglob("*.md"):
        for name in _DIRECTIVE.findall(page.read_text()):
            found.setdefault(name, page.relative_to(REFERENCE.parent).as_posix())
    return found


@cache
def _package() -> Any:
    """The package as griffe reads it from the source: nothing is imported, so no extra is needed."""
    import griffe

    return griffe.load("concombre", search_paths=[str(REFERENCE.parents[1] / "src")], docstring_parser="google")


def _kind(obj: Any) -> str:
    return str(getattr(obj.kind, "value", obj.kind))


@cache
def index() -> dict[str, str]:
    """Each linkable name, bare and dotted, with the identifier its reference anchor carries."""
    package = _package()
    found: dict[str, set[str]] = {}
    rendered: dict[str, set[str]] = {}  # names a package's page renders for its own modules, that have no page
    for name in sorted(pages()):
        module = package if name == "concombre" else package[name.removeprefix("concombre.")]
        for member in module.exports or ():
            obj = module[str(member)]
            kept = found
            if obj.is_alias:
                obj, kept = _own(obj, name), rendered
                if obj is None:
                    continue  # linked where it is defined: that page renders it
            if _kind(obj) not in ("class", "function"):
                continue
            identifier = f"{name}.{member}"
            kept.setdefault(str(member), set()).add(identifier)
            kept.setdefault(identifier, set()).add(identifier)
    for member, identifiers in rendered.items():  # a name defined where it has a page comes first
        found.setdefault(member, identifiers)
    for member, target in game_index("concombre").items():
        found.setdefault(f"concombre.{member}", set()).add(target)
    return {name: next(iter(targets)) for name, targets in found.items() if len(targets) == 1}


def _own(alias: Any, module: str) -> Any:
    """What ``alias`` names, if a module of the package ``module`` that has no page of its own defines it (the
    package's page renders it: `concombre.testing`, `concombre.core.game`); else None."""
    try:
        final = alias.final_target
    except Exception:  # an alias griffe cannot follow: no link
        return None
    home = final.path.rpartition(".")[0]
    inside = module != "concombre" and home.startswith(module + ".")  # the front door renders none of its names
    return final if inside and home not in pages() else None


@cache
def game_index(front_door: str) -> dict[str, str]:
    """The names a game's front door exports (``concombre``, ``concombre.romme``) with their identifiers:
    on that game's pages, a name two games share means this game's."""
    package = _package()
    module = package if front_door == "concombre" else package[front_door.removeprefix("concombre.")]
    found = {}
    for member in module.exports or ():
        obj = module[str(member)]
        try:
            final = obj.final_target if obj.is_alias else obj
        except Exception:  # an alias griffe cannot follow: no link
            continue
        if _kind(final) in ("class", "function") and final.path.rpartition(".")[0] in pages():
            found[str(member)] = final.path
    return found


def link_names(markdown: str, known: dict[str, str], modules: dict[str, str] | None = None) -> str:
    """``markdown`` with each known API name in backticks, outside code blocks and links, made a link;
    ``modules`` maps module names to the relative paths of their pages.

    >>> text = "Use `view` and `Rules` of `concombre.io`.\\n```python\\nview\\n`view`\\n```\\n"
    >>> print(link_names(text, {"view": "a.view"}, {"concombre.io": "../reference/io.md"}))
    Use [`view`][a.view] and `Rules` of [`concombre.io`](../reference/io.md).
    ```python
    view
    `view`
    ```
    <BLANKLINE>
    """
    modules = modules or {}

    def linked(match: re.Match[str]) -> str:
        name, call = match.group(1), match.group(2) or ""
        if name in modules and not call:
            return f"[`{name}`]({modules[name]})"
        target = known.get(name)
        return f"[`{name}{call}`][{target}]" if target else match.group(0)

    parts, last = [], 0
    for fence in _FENCE.finditer(markdown):
        parts += [_NAME.sub(linked, markdown[last:fence.start()]), fence.group(0)]
        last = fence.end()
    parts.append(_NAME.sub(linked, markdown[last:]))
    return "".join(parts)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Link the API names of every page but the reference pages (mkdocstrings renders those)."""
    if page.file.src_uri.startswith("reference/"):
        return markdown
    here = posixpath.dirname(page.file.src_uri)
    modules = {name: posixpath.relpath(path, here or ".") for name, path in pages().items() if name != "concombre"}
    game = "concombre.romme" if "romme" in page.file.src_uri else "concombre"
    return link_names(markdown, {**game_index(game), **index()}, modules)
