"""Words for the stories: a verb that agrees with who does it ("You deal", "Ann deals").

The terminal seats the person as "You" by default, so every story line that
starts with a player's name goes through `says`.

Examples:
    >>> says("You", "deal"), says("Ann", "deal"), says("Bob", "lay off")
    ('You deal', 'Ann deals', 'Bob lays off')
"""

from __future__ import annotations

__all__ = ["YOU", "says", "verb"]

YOU = "You"
"""The name that takes the verb without an s: the person at a terminal table.

Examples:
    >>> YOU
    'You'
"""

_IRREGULAR = {"be": "is", "have": "has", "go": "goes", "do": "does"}


def says(name: str, base: str) -> str:
    """``name`` and the verb ``base`` agreeing with it (see `verb`).

    Examples:
        >>> says("Cy", "take"), says("Cy", "go out"), says("You", "be"), says("Cy", "be"), says("Cy", "reach")
        ('Cy takes', 'Cy goes out', 'You are', 'Cy is', 'Cy reaches')
    """
    return f"{name} {verb(name, base)}"


def verb(name: str, base: str) -> str:
    """The verb ``base`` as ``name`` does it: bare after "You", the third person after any other name.

    A verb of several words conjugates its first (``"lay off"``, ``"go out"``).

    Examples:
        >>> verb("Ann", "hand back"), verb("You", "hand back"), verb("Ann", "carry")
        ('hands back', 'hand back', 'carries')
    """
    first, _, rest = base.partition(" ")
    if name == YOU:
        form = "are" if first == "be" else first
    elif first in _IRREGULAR:
        form = _IRREGULAR[first]
    elif first.endswith(("s", "sh", "ch", "x", "z")):
        form = first + "es"
    elif first.endswith("y") and first[-2:-1] not in ("a", "e", "i", "o", "u"):
        form = first[:-1] + "ies"
    else:
        form = first + "s"
    return form + (f" {rest}" if rest else "")
