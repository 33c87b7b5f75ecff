"""The library's bounds and its rule for players' names: one definition for the engines and every document form.

`new_game`, the JSON form (`concombre.io`) and the text form of records
(`concombre.core.records`) all read their limits here, so a game one of them
accepts can always be saved and read back by the others.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from concombre.core.errors import InvalidArgumentError
from concombre.core.i18n import _

__all__ = [
    "MAX_ACTIONS", "MAX_DOCUMENT_BYTES", "MAX_ROUNDS", "NAME_LENGTH", "SEED_LIMIT", "TEXT_LENGTH", "document_bound",
    "name_problem", "option_check",
]


def option_check(accepts: Callable[[Any], bool], sentence: str, ruling: str,
                 **words: object) -> Callable[[Any, Any, Any], None]:
    """An attrs validator for a field of a game's ``Rules``: a value ``accepts`` refuses is refused with
    ``sentence`` (marked with ``N_``; ``{field}`` and ``{value}`` are filled in, with ``words``), naming
    ``ruling`` and the field.

    Examples:
        >>> import attrs
        >>> from concombre.core.i18n import N_
        >>> @attrs.frozen
        ... class Rules:
        ...     target: int = attrs.field(default=3, validator=option_check(
        ...         lambda value: value in (3, 5), N_("{field} must be 3 or 5, not {value}."), "H2"))
        >>> try:
        ...     Rules(target=4)
        ... except InvalidArgumentError as err:
        ...     print(err.field, err.ruling, err.reason)
        target H2 Rules.target must be 3 or 5, not 4.
    """

    def check(_rules: Any, attribute: Any, value: Any) -> None:
        if not accepts(value):
            raise InvalidArgumentError(_(sentence, field="Rules." + attribute.name, value=repr(value), **words),
                                       ruling, attribute.name)

    return check

SEED_LIMIT = 2**64
"""Seeds are whole numbers below this: 0 to 2**64 - 1.

Examples:
    >>> SEED_LIMIT - 1 == 0xFFFF_FFFF_FFFF_FFFF
    True
"""

MAX_ROUNDS = 10_000
"""The highest round number a game may reach; a longer game is refused as a document.

Examples:
    >>> MAX_ROUNDS
    10000
"""

MAX_ACTIONS = 100_000
"""The most actions a record may hold, and the most items of any array in a document.

Examples:
    >>> MAX_ACTIONS
    100000
"""

MAX_DOCUMENT_BYTES = 16 * 2**20
"""The largest document (JSON or a text record) the loaders read, in bytes (UTF-8): 16 MiB.

A record of `MAX_ACTIONS` actions takes about 3.5 MB (some 35 bytes an action), so this is far above any
document a game can reach; a larger one is refused before it is parsed. `concombre.from_json` and
`concombre.io.records.load_record` take ``max_bytes=`` to change it.

Examples:
    >>> MAX_DOCUMENT_BYTES
    16777216
"""

NAME_LENGTH = 64
"""The most characters a player's name may hold.

Examples:
    >>> NAME_LENGTH
    64
"""

TEXT_LENGTH = 200
"""The most characters of any other string in a document (a card, a phase, a rules option).

Examples:
    >>> TEXT_LENGTH
    200
"""

# Categories no name may hold: controls (line breaks, tabs, U+0085), line and
# paragraph separators, and lone surrogates. These categories are the same in
# every Python's Unicode tables, so a name valid on one is valid on all.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
# Bidirectional overrides, isolates and marks could make a name display as another one ("\u200fBea" as "Bea").
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
# What shows nothing on its own: marks that combine with a letter, format characters (joiners), spaces.
_UNSEEN_CATEGORIES = frozenset({"Mn", "Me", "Cf", "Zs"})


def name_problem(name: object) -> str | None:
    """What is wrong with ``name`` as a player's name, or None if it is fine.

    A name is text of 1 to `NAME_LENGTH` characters, neither starting nor
    ending with a space, holding no control character, line or paragraph
    separator (so it always fits on one line of a text record), lone
    surrogate (so it can always be encoded as UTF-8) or bidirectional
    control or mark (so it cannot display as another name), and showing at
    least one letter, digit or symbol (not only combining marks, joiners or
    spaces). Letters of any script, marks, joiners and emoji are all fine.

    Examples:
        >>> name_problem("Siti Nurhaliza") is None, name_problem("👩‍🚀 Ana") is None
        (True, True)
        >>> name_problem("Ann\\u2028Bob")
        'a name holds no line break, control character or lone surrogate (U+2028 at 3)'
        >>> name_problem(" Ann")
        'a name neither starts nor ends with a space'
        >>> name_problem("\u200fBea")
        'a name holds no bidirectional control or mark (U+200F at 0): it could show as another name'
        >>> name_problem("\u0301\u200d")
        'a name shows at least one letter, digit or symbol, not only marks, joiners or spaces'
    """
    if not isinstance(name, str):
        return _("a name must be text, not {kind}", kind=type(name).__name__)
    if not name:
        return _("a name cannot be empty")
    if len(name) > NAME_LENGTH:
        return _("a name holds at most {most} characters, not {count}", most=NAME_LENGTH, count=len(name))
    if name != name.strip():
        return _("a name neither starts nor ends with a space")
    for position, char in enumerate(name):
        code = f"U+{ord(char):04X}"
        if char in _BIDI_CONTROLS:
            return _("a name holds no bidirectional control or mark ({code} at {position}): it could show as "
                     "another name", code=code, position=position)
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            return _("a name holds no line break, control character or lone surrogate ({code} at {position})",
                     code=code, position=position)
    if all(unicodedata.category(char) in _UNSEEN_CATEGORIES for char in name):
        return _("a name shows at least one letter, digit or symbol, not only marks, joiners or spaces")
    return None


def document_bound(max_bytes: object) -> int:
    """``max_bytes`` checked as a loader's bound on a document's size: a whole number of bytes above 0.

    Raises:
        InvalidArgumentError: Anything else; ``field`` is ``max_bytes``.

    Examples:
        >>> document_bound(MAX_DOCUMENT_BYTES) == MAX_DOCUMENT_BYTES
        True
    """
    if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 1:
        raise InvalidArgumentError(f"max_bytes must be a whole number of bytes above 0, not {max_bytes!r}.",
                                   field="max_bytes")
    return max_bytes
