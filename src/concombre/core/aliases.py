"""Old public names kept for one minor version: each warns once used, and says what to use instead.

The stability policy (docs: Contributing): until 1.0 a public name may change
once; the old name stays one minor version as an alias that emits a
`DeprecationWarning`, is listed in CHANGELOG.md and appears nowhere in the docs.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["renamed"]


def renamed(module: str, old_names: Mapping[str, tuple[str, Any]]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that serves each old name, warning with its new one: ``{old: (new, value)}``.

    Examples:
        >>> import warnings
        >>> lookup = renamed("mymodule", {"OldThing": ("NewThing", 42)})
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     value = lookup("OldThing")
        >>> value, str(caught[0].message)
        (42, 'mymodule.OldThing is deprecated and will be removed in the next minor version: use NewThing.')
    """

    def lookup(name: str) -> Any:
        if name not in old_names:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        new, value = old_names[name]
        warnings.warn(f"{module}.{name} is deprecated and will be removed in the next minor version: use {new}.",
                      DeprecationWarning, stacklevel=2)
        return value

    return lookup
