"""Game-free compiled machinery for the games' ``fast`` tiers (the ``fast`` extra: numpy and Numba).

- `concombre.accel.compiled`: how a function is compiled (`jit`, `jit_inline`) and how a batch is cut into
  runs stepped on several threads (`in_runs`).
- `concombre.accel.shake`: SHAKE-128, compiled: the sort keys `concombre.core.seats.keyed_order` draws from a
  deal's key, inside a kernel.
- `concombre.accel.splitmix`: SplitMix64, a counter-based generator for fast deals and restarts.

This layer imports `concombre.core` only; a game's ``fast`` package gives it what is the game's own (its deal
key's layout, its rules).

Examples:
    >>> from concombre.accel import splitmix
    >>> hex(int(splitmix.mix(splitmix.np.uint64(1))))
    '0x5692161d100b05e5'
"""
