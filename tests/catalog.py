"""The message catalogs: extract every sentence of the source, and bring each language's ``.po`` up to date.

Run ``nox -s catalog`` (or ``python tests/catalog.py``) after changing a sentence: it writes the template
``src/concombre/locale/concombre.pot`` and merges it into every ``<lang>/LC_MESSAGES/concombre.po``, where new
sentences arrive untranslated (and changed ones fuzzy) for a translator. The build compiles the ``.po`` files
(``hatch_build.py``); ``tests/test_i18n.py`` fails while any sentence lacks a translation.

The sentences are the calls ``_()``, ``N_()`` and ``ngettext()`` in the source (each rules option's help is an
``N_()`` in its field's metadata).
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "concombre"
LOCALE = PACKAGE / "locale"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}


def template() -> Catalog:
    """Every sentence of the source, as a Babel catalog with no translations."""
    catalog = Catalog(project="concombre", copyright_holder="The concombre developers",
                      msgid_bugs_address="https://github.com/concombre/concombre/issues",
                      charset="utf-8")
    found = extract_from_dir(str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS,
                             comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
    for filename, line, message, comments, context in found:
        catalog.add(message, None, [(f"src/concombre/{filename}", line)], auto_comments=comments, context=context)
    return catalog


def languages() -> list[str]:
    """The languages with a catalog in the tree."""
    return sorted(path.parent.parent.name for path in LOCALE.glob("*/LC_MESSAGES/concombre.po"))


def update() -> None:
    """Write the template and merge it into every language's catalog."""
    fresh = template()
    with (LOCALE / "concombre.pot").open("wb") as handle:
        write_po(handle, fresh, width=116, omit_header=False, sort_output=False)
    for language in languages():
        path = LOCALE / language / "LC_MESSAGES" / "concombre.po"
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language)
        catalog.update(fresh, update_header_comment=False)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=116, ignore_obsolete=True, include_previous=True)


if __name__ == "__main__":
    update()
    print(f"catalog: {len(template())} sentences; languages {', '.join(languages())}")
