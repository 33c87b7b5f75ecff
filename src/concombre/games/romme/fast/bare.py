"""Deprecated home of Rommé's compiling without reference counting: it moved to `concombre.accel.compiled`
(`concombre.accel.compiled.jit_bare`, `concombre.accel.compiled.jit_bare_inline`); these names stay for the
modules not yet switched, and go with the next minor version.

Examples:
    >>> from concombre.accel.compiled import jit_bare
    >>> bare is jit_bare
    True
"""

from __future__ import annotations

from concombre.accel.compiled import jit_bare as bare
from concombre.accel.compiled import jit_bare_inline as bare_inline

__all__ = ["bare", "bare_inline"]
