"""Old public names kept for one minor version: each warns once used, and says what to use instead.

The stability policy (docs: Contributing): until 1.0 a public name may change
once; the old name stays one minor version as an alias that emits a
`DeprecationWarning`, is listed in CHANGELOG.md and appears nowhere in the docs.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["moved", "renamed"]


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


class _Moved(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds each old module path of `moved` and loads it as the module at its new path, warning."""

    def __init__(self, paths: Mapping[str, str]) -> None:
        self.paths = dict(paths)
        self.specs: dict[str, Any] = {}

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.paths:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        new = self.paths[spec.name]
        warnings.warn(f"{spec.name} is deprecated and will be removed in the next minor version: use {new}.",
                      DeprecationWarning, stacklevel=2)
        module = importlib.import_module(new)
        self.specs[spec.name] = module.__spec__  # the import system gives the module the old spec next
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        """The module is the new one, already run: only its own spec is given back."""
        module.__spec__ = self.specs[module.__spec__.name] if module.__spec__ else None


def moved(paths: Mapping[str, str]) -> None:
    """Keep old module paths importable for one minor version: ``{old: new}``. Importing an old path warns and
    gives the module at its new path (the very module object, so its names and state are shared).

    Examples:
        >>> import importlib, warnings
        >>> moved({"concombre.old_words_demo": "concombre.core.words"})
        >>> with warnings.catch_warnings(record=True) as caught:
        ...     warnings.simplefilter("always")
        ...     module = importlib.import_module("concombre.old_words_demo")
        >>> module is importlib.import_module("concombre.core.words"), caught[0].category.__name__
        (True, 'DeprecationWarning')
    """
    sys.meta_path.append(_Moved(paths))
