"""The optional extras: one way for a module to say which extra it needs when its imports fail.

Examples:
    >>> from concombre.core.extras import needs
    >>> with needs("fast", "concombre.batch"):
    ...     import math
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

__all__ = ["needs"]


@contextlib.contextmanager
def needs(extra: str, what: str) -> Iterator[None]:
    """Import an extra's packages inside this block: a missing one is re-raised naming ``what`` needs it and
    the ``pip install`` that brings it (a `ModuleNotFoundError` stays one, so fallbacks still catch it).

    Examples:
        >>> try:
        ...     with needs("fast", "concombre.batch"):
        ...         import not_installed_anywhere
        ... except ModuleNotFoundError as missing:
        ...     print(missing, missing.name, sep="\\n")
        concombre.batch needs the fast extra: pip install 'concombre[fast]' (No module named 'not_installed_anywhere')
        not_installed_anywhere
    """
    try:
        yield
    except ImportError as missing:
        kind = ModuleNotFoundError if isinstance(missing, ModuleNotFoundError) else ImportError
        raise kind(f"{what} needs the {extra} extra: pip install 'concombre[{extra}]' ({missing})",
                   name=missing.name) from missing
