"""How the batched engine's kernel is compiled: Numba, lazily, cached on disk (the ``fast`` extra).

Nothing compiles at import: a function is compiled on its first call, for the argument types it is
given, and kept in Numba's cache (``__pycache__`` beside the module, or the directory named by the
``NUMBA_CACHE_DIR`` environment variable), so that later processes load it in well under a second.

Examples:
    >>> from concombre.games.concombre.fast import kernel
    >>> type(kernel.legal_cards).__name__, type(kernel.legal_cards._cache).__name__
    ('CPUDispatcher', 'FunctionCache')
"""

from __future__ import annotations

import concurrent.futures
import functools
import itertools
import os
from collections.abc import Callable
from typing import Any, TypeVar, cast

from concombre.core.extras import needs

with needs("fast", "concombre's compiled tier"):
    import numba

from concombre.core.errors import InvalidArgumentError

__all__ = ["SMALLEST_RUN", "in_runs", "jit", "jit_bare", "jit_bare_inline", "jit_inline", "most_threads"]

F = TypeVar("F", bound=Callable[..., Any])


def jit(function: F) -> F:
    """``function`` compiled by Numba on its first call (no Python objects, cached on disk).

    Examples:
        >>> import numpy as np
        >>> from concombre.games.concombre.fast.kernel import legal_cards
        >>> int(legal_cards(np.uint64(0b1011), 0, -1, -1, True, False))  # a leader may play any card held
        11
    """
    return cast(F, numba.njit(cache=True, nogil=True)(function))


def jit_inline(function: F) -> F:
    """`jit`, the function written into each caller (Numba's ``inline="always"``): for the small functions of
    a game's step, which would otherwise pay a call's reference counting on every array they are given.

    Examples:
        >>> from concombre.games.concombre.fast import kernel
        >>> kernel.thumb_card.targetoptions["inline"]
        'always'
    """
    return cast(F, numba.njit(cache=True, nogil=True, inline="always")(function))


_BARE: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False}  # Numba's runtime (and its counting) left out


def jit_bare(function: F) -> F:
    """`jit` without Numba's runtime: no reference counting of the arrays a call hands on, for the many small
    functions of a game's step that allocate nothing (their callers give them their room). Such a function may
    call only functions that allocate nothing either (Numba refuses it at compile time otherwise); the drivers
    that make the room are compiled by `jit` and call these. In Rommé's step the counting cost more than the
    rules themselves (measured: about half of a step).

    Examples:
        >>> from concombre.games.romme.fast import kernel
        >>> kernel.act.targetoptions["_nrt"], kernel.act.targetoptions["nogil"]
        (False, True)
    """
    return cast(F, numba.njit(**_BARE)(function))


def jit_bare_inline(function: F) -> F:
    """`jit_bare`, the function written into each caller (Numba's ``inline="always"``).

    Examples:
        >>> from concombre.accel.shake import sort_keys_into
        >>> sort_keys_into.targetoptions["inline"], sort_keys_into.targetoptions["_nrt"]
        ('always', False)
    """
    return cast(F, numba.njit(**_BARE, inline="always")(function))


@functools.cache  # os.cpu_count reads /sys each call: several µs, every step
def most_threads() -> int:
    """The most threads a batch may be stepped on: one a core.

    Examples:
        >>> most_threads() >= 1
        True
    """
    return os.cpu_count() or 1


SMALLEST_RUN = 2048
"""The fewest games a thread is given: below, handing a run to another thread costs more than it saves.

Examples:
    >>> SMALLEST_RUN
    2048
"""


def in_runs(call: Callable[[int, int], object], count: int, threads: object) -> None:
    """``call(start, stop)`` over ``count`` games cut into at most ``threads`` runs of at least `SMALLEST_RUN`
    games, the first on the calling thread and each other on a thread of its own (the kernel's drivers
    release the GIL).

    Raises:
        InvalidArgumentError: ``threads`` is not a whole number from 1 to `most_threads`.

    Examples:
        >>> runs = []
        >>> in_runs(lambda start, stop: runs.append((start, stop)), 10, 1)
        >>> runs
        [(0, 10)]
        >>> runs.clear()
        >>> in_runs(lambda start, stop: runs.append((start, stop)), 5000, 2)
        >>> sorted(runs)
        [(0, 2500), (2500, 5000)]
    """
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= most_threads():
        raise InvalidArgumentError(f"threads must be a whole number from 1 to {most_threads()} (the cores), "
                                   f"not {threads!r}.", field="threads")
    runs = max(1, min(threads, count // SMALLEST_RUN))
    if runs == 1:
        call(0, count)
        return
    bounds = [count * part // runs for part in range(runs + 1)]
    others = [_pool().submit(call, start, stop) for start, stop in itertools.pairwise(bounds[1:])]
    call(bounds[0], bounds[1])
    for future in others:
        future.result()


@functools.cache
def _pool() -> concurrent.futures.ThreadPoolExecutor:
    return concurrent.futures.ThreadPoolExecutor(most_threads(), thread_name_prefix="concombre-kernel")
