"""SplitMix64 (Steele, Lea and Flood), compiled: a counter-based stream of 64-bit words for the fast deals'
shuffles and a finished game's next seed. Game-free (the ``fast`` extra).

Examples:
    >>> import numpy as np
    >>> from concombre.accel.splitmix import below
    >>> number, counter = below(np.uint64(5), 0, 52)
    >>> 0 <= number < 52
    True
"""

from __future__ import annotations

import numpy as np

from concombre.accel.compiled import jit

__all__ = ["GOLDEN", "below", "mix", "next_seed"]

_ONE = np.uint64(1)
_LOW32 = np.uint64(0xFFFFFFFF)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
"""SplitMix64's increment, the golden ratio's 64 fractional bits.

Examples:
    >>> hex(int(GOLDEN))
    '0x9e3779b97f4a7c15'
"""


@jit
def mix(value: np.uint64) -> np.uint64:
    """SplitMix64's finaliser: a 64-bit word that looks random, from any word.

    Examples:
        >>> import numpy as np
        >>> hex(int(mix(np.uint64(1))))
        '0x5692161d100b05e5'
    """
    value = (value ^ (value >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    value = (value ^ (value >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return value ^ (value >> np.uint64(31))


@jit
def next_seed(seed: np.uint64) -> np.uint64:
    """The seed a finished game restarts from with ``autoreset``: SplitMix64's next output.

    Examples:
        >>> import numpy as np
        >>> int(next_seed(np.uint64(0))) == int(mix(np.uint64(0x9E3779B97F4A7C15)))
        True
    """
    return mix(seed + GOLDEN)


@jit
def below(key: np.uint64, counter: int, count: int) -> tuple[int, int]:
    """A whole number uniform in ``0..count-1`` from the stream ``key`` at ``counter`` (Lemire's multiply and
    reject, on the high 32 bits of SplitMix64's outputs); the counter after it.

    Examples:
        >>> import numpy as np
        >>> number, counter = below(np.uint64(5), 0, 52)
        >>> 0 <= number < 52, counter
        (True, 1)
    """
    bound = np.uint64(count)
    product = (mix(key + np.uint64(counter) * GOLDEN) >> np.uint64(32)) * bound
    counter += 1
    if (product & _LOW32) < bound:
        threshold = (np.uint64(1 << 32) - bound) % bound
        while (product & _LOW32) < threshold:
            product = (mix(key + np.uint64(counter) * GOLDEN) >> np.uint64(32)) * bound
            counter += 1
    return int(product >> np.uint64(32)), counter
