"""argparse in the players' language: its own words (usage, headings, -h, refusals) from the library's catalog.

argparse asks the standard `gettext` for its sentences; the command line is the program here, so while a
line is read `in_language` lends argparse the catalog's, and gives the standard ones back after.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
import typing
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from concombre.core.aliases import renamed
from concombre.core.errors import InvalidArgumentError
from concombre.core.i18n import LANGUAGES, N_, _, language_of, translate, translate_plural

__all__ = ["ARGPARSE_SENTENCES", "Parser", "in_language", "language_asked"]


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, its "usage:" in the current language."""

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


_UNTRANSLATED_ARGUMENT = re.compile(r"argument (?P<name>\S+): (?P<message>.*)", re.DOTALL)


class Parser(argparse.ArgumentParser):
    """argparse's parser whose own words (usage, sections, -h, errors) are in the current language.

    Examples:
        >>> from concombre.core.i18n import use_language
        >>> with use_language("id"):
        ...     print(Parser(prog="concombre").format_usage().split()[0])
        penggunaan:
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=_("show this help message and exit"))
        self.add_argument("--lang", type=_language_option, default=argparse.SUPPRESS, metavar="LANG",
                          help=_("the language of everything printed: {languages} (default: CONCOMBRE_LANG, then "
                                 "the locale)", languages=", ".join(sorted(LANGUAGES))))

    def error(self, message: str) -> typing.NoReturn:
        """Print the usage and the refusal, in the current language, and exit with status 2."""
        self.print_usage(sys.stderr)
        # Python 3.10's argparse writes "argument X: ..." without gettext (3.11 asks for it): said again here
        named = _UNTRANSLATED_ARGUMENT.fullmatch(message)
        if named is not None:
            message = translate("argument %(argument_name)s: %(message)s") % {
                "argument_name": named["name"], "message": named["message"]}
        self.exit(2, _("{prog}: error: {message}", prog=self.prog, message=message) + "\n")


def _language_option(text: str) -> str:
    try:
        return language_of(text)
    except InvalidArgumentError as err:
        raise argparse.ArgumentTypeError(err.reason) from None


def language_asked(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for, wherever it stands, before the parser (whose words it sets) is built.

    Examples:
        >>> language_asked(["demo", "--lang", "id"]), language_asked(["demo", "--lang=xx"])
        ('id', None)
    """
    for position, word in enumerate(argv):
        value = argv[position + 1] if word == "--lang" and position + 1 < len(argv) else (
            word.partition("=")[2] if word.startswith("--lang=") else None)
        if value is not None:
            try:
                return language_of(value)
            except InvalidArgumentError:
                return None  # the parser refuses it, in the current language
    return None


ARGPARSE_SENTENCES = (
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("the following arguments are required: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("%(heading)s:"),
)
"""argparse's own sentences that a person can meet (its refusals, its help's headings), marked for the catalog:
argparse asks the standard gettext for them, and `in_language` lends it ours while a line is read.

Examples:
    >>> "expected one argument" in ARGPARSE_SENTENCES
    True
"""


@contextlib.contextmanager
def in_language() -> Iterator[None]:
    """argparse's own sentences from the catalog, in the current language, inside the block (the command line
    is the program here: argparse's module-level gettext is lent ours and given back).

    Examples:
        >>> from concombre.core.i18n import use_language
        >>> with use_language("id"), in_language():
        ...     argparse._("expected one argument") != "expected one argument"
        True
    """
    saved = getattr(argparse, "_"), getattr(argparse, "ngettext")  # noqa: B009 - names typeshed does not declare
    setattr(argparse, "_", translate)  # noqa: B010
    setattr(argparse, "ngettext", translate_plural)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", saved[0])  # noqa: B010
        setattr(argparse, "ngettext", saved[1])  # noqa: B010


__getattr__ = renamed(__name__, {"language_wanted": ("language_asked", language_asked)})
