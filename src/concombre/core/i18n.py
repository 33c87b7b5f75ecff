"""The players' language: every sentence a person reads goes through gettext.

English is the source language; the catalogs (``concombre/locale/<lang>/LC_MESSAGES/concombre.po``,
compiled to ``.mo`` by the build) translate it. The language of a sentence is chosen, first match wins, by

1. a ``language=`` argument of a call that returns text (``why_illegal(state, action, language="id")``),
2. the innermost `use_language` block (a context variable: each thread or task of a server has its own),
3. the ``CONCOMBRE_LANG`` environment variable (``concombre --lang`` sets the block for the whole command),
4. the usual locale variables ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``,
5. English.

The environment is read once, on the first sentence (`environment_language` reads it anew).

Besides the real languages there is a pseudo-locale, ``"qps"``: every translated sentence comes back with
its words wrapped in ``⟦…⟧`` and its placeholders left outside, so a test can find any sentence that escaped
the catalog, even one that fills another's placeholder.

Examples:
    >>> from concombre.core.i18n import _, use_language
    >>> with use_language("id"):
    ...     _("Round {round} of {rounds}", round=2, rounds=4)
    'Ronde 2 dari 4'
    >>> with use_language("qps"):
    ...     _("Round {round} of {rounds}", round=2, rounds=4)
    '⟦Round ⟧2⟦ of ⟧4'
"""

from __future__ import annotations

import contextlib
import functools
import gettext as _gettext
import io
import os
import re
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path

from concombre.core.errors import InvalidArgumentError

__all__ = [
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "_",
    "add_catalog",
    "current_language",
    "environment_language",
    "language_of",
    "ngettext",
    "pseudo",
    "said_in",
    "translate",
    "translate_plural",
    "use_language",
]

DOMAIN = __name__.partition(".")[0]  # the package's name: the catalogs are concombre.mo
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
SOURCE = "en"
PSEUDO = "qps"
"""The pseudo-locale: each translated sentence's words wrapped in ``⟦…⟧`` (for tests that hunt untranslated
text; see `pseudo`).

Examples:
    >>> PSEUDO
    'qps'
"""

LANGUAGES: dict[str, str] = {"en": "English", "id": "Bahasa Indonesia"}
"""The languages with a catalog, by code, each named in itself.

Examples:
    >>> sorted(LANGUAGES)
    ['en', 'id']
"""

_ALIASES = {"in": "id", "ind": "id", "eng": "en"}
_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_chosen: ContextVar[str | None] = ContextVar("concombre_language", default=None)
_environment: list[str] = []  # the environment's language, once read


def _code(text: str) -> str | None:
    """The supported language a locale name means (``"id_ID.UTF-8"`` → ``"id"``), or None."""
    base = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    base = _ALIASES.get(base, base)
    return base if base in LANGUAGES or base == PSEUDO else None


def language_of(language: str) -> str:
    """The code of a supported language named by ``language`` (``"id"``, ``"id_ID.UTF-8"``, ``"en-GB"``...).

    Raises:
        InvalidArgumentError: Not a language with a catalog (``field`` is ``"language"``).

    Examples:
        >>> language_of("id_ID.UTF-8"), language_of("en-GB")
        ('id', 'en')
    """
    code = _code(language) if isinstance(language, str) else None
    if code is None:
        known = ", ".join(sorted(LANGUAGES))
        raise InvalidArgumentError(f"language must be one of {known} (or {PSEUDO!r}), not {language!r}.",
                                   field="language")
    return code


def _from_environment() -> str:
    """The language the environment asked for when first read (reading it costs more than a sentence does)."""
    if not _environment:
        _environment.append(environment_language())
    return _environment[0]


def environment_language() -> str:
    """The language ``CONCOMBRE_LANG``, then ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` ask for now.

    Sentences follow the environment as it was when the first one was written; a program that changes the
    variables while it runs writes ``with use_language(environment_language()):``.

    Examples:
        >>> environment_language() in LANGUAGES
        True
    """
    wanted = os.environ.get("CONCOMBRE_LANG", "")
    if wanted:
        return _code(wanted) or SOURCE
    for variable in _ENVIRONMENT:
        for name in os.environ.get(variable, "").split(":"):
            if name and name not in ("C", "POSIX"):
                code = _code(name)
                if code is not None:
                    return code
        if os.environ.get(variable):
            return SOURCE  # the first variable set decides, as gettext reads them
    return SOURCE


def current_language() -> str:
    """The language sentences are written in here: the innermost `use_language`, else the environment.

    Examples:
        >>> with use_language("id"):
        ...     current_language()
        'id'
    """
    return _chosen.get() or _from_environment()


@contextlib.contextmanager
def use_language(language: str | None) -> Iterator[str]:
    """Write every sentence in ``language`` inside the block (None keeps the language as it is).

    Raises:
        InvalidArgumentError: Not a language with a catalog.

    Examples:
        >>> from concombre import IllegalActionError, new_game, resolve_trick
        >>> with use_language("id"):
        ...     try:
        ...         resolve_trick(new_game(3, seed=1))
        ...     except IllegalActionError as err:
        ...         print(err.ruling)
        C14
    """
    if language is None:
        yield current_language()
        return
    token = _chosen.set(language_of(language))
    try:
        yield _chosen.get() or SOURCE
    finally:
        # A block in a generator or coroutine that is closed elsewhere (by the garbage collector, say) ends in a
        # context its language was never set in: there is nothing to restore there.
        with contextlib.suppress(ValueError):
            _chosen.reset(token)


def said_in(language: str | None, refuse: Callable[..., object | None], *args: object) -> str | None:
    """``refuse(*args)`` as a sentence in ``language`` (None: the current one), or None when it returns None:
    the one way a refusal (a game's ``refusal``) becomes its ``why_illegal`` text.

    Examples:
        >>> from concombre import ScoreRound, new_game, refusal
        >>> print(said_in("id", refusal, new_game(2, seed=1), ScoreRound()))
        Ronde belum bisa dihitung sekarang: kartu belum dibagikan. [C14]
    """
    if language is None:  # the common case, kept free of the context's cost: legality checks run in bots' loops
        refused = refuse(*args)
    else:
        with use_language(language):
            refused = refuse(*args)
    return None if refused is None else str(refused)


# a placeholder, as str.format ({name}, {n}) and %-formatting (%s, %(name)r) write them
_PLACEHOLDER = re.compile(r"(\{\w*\}|%(?:\(\w+\))?[sdr])")


def pseudo(message: str) -> str:
    """``message`` as the pseudo-locale writes it: each run of words in ``⟦…⟧``, each placeholder left outside,
    so that whatever fills a placeholder is seen for what it is.

    Examples:
        >>> pseudo("Round {round} of {rounds}"), pseudo("unrecognized arguments: %s")
        ('⟦Round ⟧{round}⟦ of ⟧{rounds}', '⟦unrecognized arguments: ⟧%s')
    """
    return "".join(part if _PLACEHOLDER.fullmatch(part) else f"⟦{part}⟧"
                   for part in _PLACEHOLDER.split(message) if part)


class _Pseudo(_gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


@functools.cache
def _catalog(language: str) -> _gettext.NullTranslations:
    """The library's catalog for ``language``, the games' own (`add_catalog`) asked after it."""
    catalog = _library_catalog(language)
    for added in _ADDED.get(language, ()):
        catalog.add_fallback(_Asked(added))
    return catalog


class _Asked(_gettext.NullTranslations):
    """A game's catalog in the library's chain, asked as it is: chaining never changes the game's own object
    (gettext's ``add_fallback`` would, and a catalog chained twice would become its own fallback)."""

    def __init__(self, catalog: _gettext.NullTranslations) -> None:
        super().__init__()
        self.catalog = catalog
        self.following: _gettext.NullTranslations | None = None

    def add_fallback(self, fallback: _gettext.NullTranslations) -> None:
        if self.following is None:
            self.following = fallback
        else:
            self.following.add_fallback(fallback)

    def gettext(self, message: str) -> str:
        answer = self.catalog.gettext(message)
        if answer != message or self.following is None:
            return answer
        return self.following.gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        answer = self.catalog.ngettext(msgid1, msgid2, n)
        if answer != (msgid1 if n == 1 else msgid2) or self.following is None:
            return answer
        return self.following.ngettext(msgid1, msgid2, n)


def _library_catalog(language: str) -> _gettext.NullTranslations:
    if language == PSEUDO:
        return _Pseudo()
    if language == SOURCE:
        return _gettext.NullTranslations()
    compiled = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    source = compiled.with_suffix(".po")  # only in a source checkout: the wheel carries the compiled file alone
    edited = source.exists() and (not compiled.exists() or source.stat().st_mtime > compiled.stat().st_mtime)
    if edited:
        fresh = _compiled_from_source(source, language, required=not compiled.exists())
        if fresh is not None:
            return fresh
    if not compiled.exists():
        raise InvalidArgumentError(f"The {language!r} catalog is missing from this installation of concombre "
                                   f"({compiled}): reinstall it.", field="language")
    with compiled.open("rb") as handle:
        return _gettext.GNUTranslations(handle)


def add_catalog(language: str, catalog: _gettext.NullTranslations) -> None:
    """Add a game's own translations (a package's gettext catalog) to the library's for ``language``.

    The library asks its own catalog first and yours for what it lacks, so that everything it translates
    speaks your sentences too: your game's ``title``, its story's ``help``, your rules' fields' help, and
    any sentence you pass through `translate` or `_`. Call it when your game's module is imported (next to
    ``register``), once per language you ship, for a language of `LANGUAGES`; English needs none.

    Raises:
        InvalidArgumentError: ``language`` is none of `LANGUAGES` (``field`` ``language``), or ``catalog`` is
            no gettext catalog (``field`` ``catalog``).

    Examples:
        >>> import gettext
        >>> class Words(gettext.NullTranslations):
        ...     def gettext(self, message):
        ...         return {"High Card": "Kartu Tinggi"}.get(message, message)
        >>> add_catalog("id", Words())
        >>> translate("High Card", "id"), translate("Round {round} of {rounds}", "id")
        ('Kartu Tinggi', 'Ronde {round} dari {rounds}')
    """
    if not isinstance(catalog, _gettext.NullTranslations):
        raise InvalidArgumentError(f"catalog must be a gettext catalog (gettext.translation(...)), not {catalog!r}.",
                                   field="catalog")
    code = language_of(language)
    added = _ADDED.setdefault(code, [])
    if code == PSEUDO or any(known is catalog for known in added):
        return  # the pseudo-locale translates every sentence by itself; a catalog added again is there already
    added.append(catalog)
    _catalog(code).add_fallback(_Asked(catalog))  # the catalog in use; one built anew (cache_clear) has it too


_ADDED: dict[str, list[_gettext.NullTranslations]] = {}  # the games' own catalogs by language, in the order added


def _compiled_from_source(source: Path, language: str, required: bool) -> _gettext.NullTranslations | None:
    """A source checkout's edited or never-built catalog, compiled in memory with Babel (the ``test`` extra);
    None without Babel when a compiled catalog is there to fall back on."""
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:
        if not required:
            return None
        raise InvalidArgumentError(
            f"The {language!r} catalog is not compiled: install the package (its build compiles {source.name}) "
            "or install Babel.", field="language") from None
    with source.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


def translate(message: str, language: str | None = None) -> str:
    """``message`` (an English msgid, untouched by any placeholder) in ``language``, else the current one.

    Examples:
        >>> translate("Trick", "id")
        'Trik'
    """
    return _catalog(language_of(language) if language else current_language()).gettext(message)


def translate_plural(singular: str, plural: str, n: int, language: str | None = None) -> str:
    """The form of ``singular`` / ``plural`` for ``n`` in ``language``, else the current one, placeholders untouched
    (for code that formats the sentence itself, such as argparse).

    Examples:
        >>> translate_plural("expected %s argument", "expected %s arguments", 2)
        'expected %s arguments'
    """
    return _catalog(language_of(language) if language else current_language()).ngettext(singular, plural, n)


def _(message: str, /, **fields: object) -> str:
    """``message`` in the current language, its ``{placeholders}`` filled from ``fields``.

    Examples:
        >>> with use_language("id"):
        ...     _("You do not hold {card}.", card="QH")
        'Anda tidak memegang QH.'
    """
    language = _chosen.get() or _from_environment()
    # English needs no catalog: refusals are built in the solvers' inner loops (most tried lay-offs fail)
    text = message if language == SOURCE else _catalog(language).gettext(message)
    return text.format(**fields) if fields else text


def ngettext(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """The singular or plural form for ``n`` in the current language, ``{n}`` and ``fields`` filled in.

    Examples:
        >>> ngettext("{n} card", "{n} cards", 3)
        '3 cards'
    """
    language = _chosen.get() or _from_environment()
    english = singular if n == 1 else plural
    text = english if language == SOURCE else _catalog(language).ngettext(singular, plural, n)
    return text.format(n=n, **fields)


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for "mark, translate later"
    """Mark ``message`` for the catalog without translating it now (for tables built at import).

    Examples:
        >>> N_("Trick")
        'Trick'
    """
    return message
