"""How Rommé's kernel is compiled: Numba without reference counting, for functions that allocate nothing.

A Numba function that hands arrays to another counts their references, an atomic add and subtract a call,
which in Rommé's step (many small functions over a game's rows) cost more than the rules themselves. The kernel's
functions allocate nothing (their callers give them their room), so they are compiled without Numba's runtime:
no counting at all. A function compiled so may call only functions that allocate nothing either (Numba refuses
it otherwise, at compile time); the drivers that make the room are compiled as usual
(`concombre.accel.compiled.jit`) and call these.

Examples:
    >>> from concombre.games.romme.fast import kernel
    >>> kernel.act.targetoptions["_nrt"]
    False
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from concombre.core.extras import needs

with needs("fast", "concombre's compiled Rommé"):
    import numba

__all__ = ["bare", "bare_inline"]

F = TypeVar("F", bound=Callable[..., Any])
_BARE: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False}  # Numba's runtime (and its counting) left out


def bare(function: F) -> F:
    """``function`` compiled by Numba on its first call, cached on disk, without reference counting: for a
    function that allocates nothing.

    Examples:
        >>> from concombre.games.romme.fast import options
        >>> options.hand_options.targetoptions["_nrt"], options.hand_options.targetoptions["nogil"]
        (False, True)
    """
    return cast(F, numba.njit(**_BARE)(function))


def bare_inline(function: F) -> F:
    """`bare`, the function written into each caller (Numba's ``inline="always"``).

    Examples:
        >>> from concombre.games.romme.fast import options
        >>> options.fits.targetoptions["inline"], options.fits.targetoptions["_nrt"]
        ('always', False)
    """
    return cast(F, numba.njit(**_BARE, inline="always")(function))
