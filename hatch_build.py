"""The build step that compiles the message catalogs: every ``src/concombre/locale/*/LC_MESSAGES/*.po`` becomes
the ``.mo`` file gettext reads, beside it, and goes into the wheel. The compiled files are build output, never
committed (``.gitignore``); an editable install compiles them in the tree.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile each ``.po`` catalog to ``.mo`` before the wheel (or an editable install) is built."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        locale = Path(self.root) / "src" / "concombre" / "locale"
        for source in sorted(locale.glob("*/LC_MESSAGES/*.po")):
            with source.open("rb") as handle:
                catalog = read_po(handle, locale=source.parent.parent.name)
            fuzzy = [message.id for message in catalog if message.id and message.fuzzy]
            if fuzzy:
                raise RuntimeError(f"{source}: fuzzy translations would ship: {fuzzy[:3]}")
            with source.with_suffix(".mo").open("wb") as handle:
                write_mo(handle, catalog)
        build_data["artifacts"].append("src/concombre/locale/*/LC_MESSAGES/*.mo")
