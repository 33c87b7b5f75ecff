"""SHAKE-128 (FIPS 202) compiled: a deal's sort keys inside a kernel, as `concombre.core.seats.keyed_order`
draws them.

The reference engines shuffle a round's pack by `concombre.core.seats.keyed_order`: SHAKE-128 of the round's
deal key, four bytes a card. A kernel cannot call `hashlib`, so this module writes the same function for
Numba. A game's key is ``<prefix><seed><one byte><round>`` (`concombre.core.seats.deal_key`); `key_layout`
reads that layout from the game's own key function, and `deal_keys` absorbs the key into Keccak-f[1600]
(always one block) and squeezes out four bytes a card. The tests compare it with ``hashlib`` on random seeds
and rounds.

Examples:
    >>> import hashlib, struct
    >>> import numpy as np
    >>> from concombre.accel.shake import deal_keys, key_layout
    >>> from concombre.games.concombre.rules import deal_key
    >>> prefix, separator = key_layout(deal_key)
    >>> keys = np.zeros(52, dtype=np.uint64)
    >>> deal_keys(prefix, separator, np.uint64(7), 2, keys)
    >>> keys.tolist() == list(struct.unpack(">52I", hashlib.shake_128(deal_key(7, 2)).digest(208)))
    True
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from concombre.accel.compiled import jit, jit_bare_inline, jit_inline
from concombre.core.errors import InvalidArgumentError

__all__ = ["deal_keys", "keccak", "key_layout", "sort_keys", "sort_keys_into"]

RATE = 168  # SHAKE-128's block, in bytes


def _round_constants() -> np.ndarray:
    """iota's 24 constants, from FIPS 202's linear feedback shift register (rc, algorithm 5)."""
    def rc(t: int) -> int:
        if t % 255 == 0:
            return 1
        r = 1
        for _ in range(t % 255):
            r <<= 1
            if r & 0x100:
                r ^= 0x171
        return r & 1

    constants = []
    for round_index in range(24):
        value = 0
        for j in range(7):
            if rc(j + 7 * round_index):
                value |= 1 << ((1 << j) - 1)
        constants.append(value)
    return np.array(constants, dtype=np.uint64)


def _rho_pi() -> tuple[np.ndarray, np.ndarray]:
    """rho's rotations and pi's destinations, lane by lane (lane x + 5y), from FIPS 202's algorithms 2 and 3."""
    rotation = np.zeros(25, dtype=np.uint64)
    x, y = 1, 0
    for t in range(24):
        rotation[x + 5 * y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    destination = np.array([y + 5 * ((2 * x + 3 * y) % 5) for y in range(5) for x in range(5)], dtype=np.int64)
    return rotation, destination


_RC = _round_constants()
_ROTATION, _DESTINATION = _rho_pi()


@jit
def _rotl(value: np.uint64, shift: int) -> np.uint64:
    return (value << np.uint64(shift)) | (value >> np.uint64(64 - shift))


@jit
def keccak(lanes: np.ndarray) -> None:
    """Keccak-f[1600] on 25 ``uint64`` lanes (lane x + 5y), in place: the rounds written out lane by lane
    (theta's columns c and mixes d, rho and pi into b, chi back into a, iota), which Numba keeps in registers.

    Examples:
        >>> import numpy as np
        >>> lanes = np.zeros(25, dtype=np.uint64)
        >>> keccak(lanes)
        >>> hex(int(lanes[0]))
        '0xf1258f7940e1dde7'
    """
    a0 = lanes[0]
    a1 = lanes[1]
    a2 = lanes[2]
    a3 = lanes[3]
    a4 = lanes[4]
    a5 = lanes[5]
    a6 = lanes[6]
    a7 = lanes[7]
    a8 = lanes[8]
    a9 = lanes[9]
    a10 = lanes[10]
    a11 = lanes[11]
    a12 = lanes[12]
    a13 = lanes[13]
    a14 = lanes[14]
    a15 = lanes[15]
    a16 = lanes[16]
    a17 = lanes[17]
    a18 = lanes[18]
    a19 = lanes[19]
    a20 = lanes[20]
    a21 = lanes[21]
    a22 = lanes[22]
    a23 = lanes[23]
    a24 = lanes[24]
    for round_index in range(24):
        c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20
        c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21
        c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22
        c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23
        c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24
        d0 = c4 ^ _rotl(c1, 1)
        d1 = c0 ^ _rotl(c2, 1)
        d2 = c1 ^ _rotl(c3, 1)
        d3 = c2 ^ _rotl(c4, 1)
        d4 = c3 ^ _rotl(c0, 1)
        b0 = a0 ^ d0
        b1 = _rotl(a6 ^ d1, 44)
        b2 = _rotl(a12 ^ d2, 43)
        b3 = _rotl(a18 ^ d3, 21)
        b4 = _rotl(a24 ^ d4, 14)
        b5 = _rotl(a3 ^ d3, 28)
        b6 = _rotl(a9 ^ d4, 20)
        b7 = _rotl(a10 ^ d0, 3)
        b8 = _rotl(a16 ^ d1, 45)
        b9 = _rotl(a22 ^ d2, 61)
        b10 = _rotl(a1 ^ d1, 1)
        b11 = _rotl(a7 ^ d2, 6)
        b12 = _rotl(a13 ^ d3, 25)
        b13 = _rotl(a19 ^ d4, 8)
        b14 = _rotl(a20 ^ d0, 18)
        b15 = _rotl(a4 ^ d4, 27)
        b16 = _rotl(a5 ^ d0, 36)
        b17 = _rotl(a11 ^ d1, 10)
        b18 = _rotl(a17 ^ d2, 15)
        b19 = _rotl(a23 ^ d3, 56)
        b20 = _rotl(a2 ^ d2, 62)
        b21 = _rotl(a8 ^ d3, 55)
        b22 = _rotl(a14 ^ d4, 39)
        b23 = _rotl(a15 ^ d0, 41)
        b24 = _rotl(a21 ^ d1, 2)
        a0 = b0 ^ (~b1 & b2)
        a1 = b1 ^ (~b2 & b3)
        a2 = b2 ^ (~b3 & b4)
        a3 = b3 ^ (~b4 & b0)
        a4 = b4 ^ (~b0 & b1)
        a5 = b5 ^ (~b6 & b7)
        a6 = b6 ^ (~b7 & b8)
        a7 = b7 ^ (~b8 & b9)
        a8 = b8 ^ (~b9 & b5)
        a9 = b9 ^ (~b5 & b6)
        a10 = b10 ^ (~b11 & b12)
        a11 = b11 ^ (~b12 & b13)
        a12 = b12 ^ (~b13 & b14)
        a13 = b13 ^ (~b14 & b10)
        a14 = b14 ^ (~b10 & b11)
        a15 = b15 ^ (~b16 & b17)
        a16 = b16 ^ (~b17 & b18)
        a17 = b17 ^ (~b18 & b19)
        a18 = b18 ^ (~b19 & b15)
        a19 = b19 ^ (~b15 & b16)
        a20 = b20 ^ (~b21 & b22)
        a21 = b21 ^ (~b22 & b23)
        a22 = b22 ^ (~b23 & b24)
        a23 = b23 ^ (~b24 & b20)
        a24 = b24 ^ (~b20 & b21)
        a0 ^= _RC[round_index]

    lanes[0] = a0
    lanes[1] = a1
    lanes[2] = a2
    lanes[3] = a3
    lanes[4] = a4
    lanes[5] = a5
    lanes[6] = a6
    lanes[7] = a7
    lanes[8] = a8
    lanes[9] = a9
    lanes[10] = a10
    lanes[11] = a11
    lanes[12] = a12
    lanes[13] = a13
    lanes[14] = a14
    lanes[15] = a15
    lanes[16] = a16
    lanes[17] = a17
    lanes[18] = a18
    lanes[19] = a19
    lanes[20] = a20
    lanes[21] = a21
    lanes[22] = a22
    lanes[23] = a23
    lanes[24] = a24


@jit
def _absorb_byte(lanes: np.ndarray, position: int, byte: int) -> None:
    lanes[position >> 3] ^= np.uint64(byte) << np.uint64(8 * (position & 7))


@jit
def _absorb_number(lanes: np.ndarray, position: int, number: np.uint64) -> int:
    """The decimal digits of ``number`` at ``position``; the position after them."""
    digits = 1
    rest = number // np.uint64(10)
    while rest:
        digits += 1
        rest //= np.uint64(10)
    for place in range(digits - 1, -1, -1):
        _absorb_byte(lanes, position + place, 48 + int(number % np.uint64(10)))
        number //= np.uint64(10)
    return position + digits


def key_layout(deal_key: Callable[[int, int], bytes]) -> tuple[np.ndarray, int]:
    """The layout of a game's deal key, read from its key function ``deal_key(seed, round_number)``: the bytes
    before the seed (as an array, for `deal_keys`) and the one byte between the seed and the round.

    Raises:
        InvalidArgumentError: the key is not ``<prefix><seed><one byte><round>``.

    Examples:
        >>> prefix, separator = key_layout(lambda seed, round_number: b"demo:%d:%d" % (seed, round_number))
        >>> bytes(prefix.astype("uint8")), chr(separator)
        (b'demo:', ':')
    """
    prefix, separator, rest = deal_key(0, 0).split(b"0")
    if (rest or len(separator) != 1 or deal_key(12, 34) != prefix + b"12" + separator + b"34"
            or len(prefix) + 2 * 20 + 2 >= RATE):  # two 64-bit numbers, the separator and the padding in a block
        raise InvalidArgumentError(f"deal_key must give <prefix><seed><one byte><round>, not {deal_key(12, 34)!r} "
                                   f"for seed 12 and round 34.", field="deal_key")
    return np.frombuffer(prefix, dtype=np.uint8).astype(np.int64), separator[0]


@jit_inline  # into its caller, where a game's key layout is a constant: the prefix's loop unrolls
def deal_keys(prefix: np.ndarray, separator: int, seed: np.uint64, round_number: int, keys: np.ndarray) -> None:
    """The 52 cards' sort keys of a round's deal, into ``keys``: ``keyed_order``'s four big-endian bytes a card
    of SHAKE-128 over the deal key ``<prefix><seed><separator><round_number>`` (its layout from `key_layout`).

    Examples:
        >>> import numpy as np
        >>> keys = np.zeros(52, dtype=np.uint64)
        >>> deal_keys(np.array([100, 58]), 58, np.uint64(1), 1, keys)  # the key b"d:1:1"
        >>> int(keys.argmin()) in range(52)
        True
    """
    lanes = np.zeros(25, dtype=np.uint64)
    for position in range(len(prefix)):
        _absorb_byte(lanes, position, prefix[position])
    position = _absorb_number(lanes, len(prefix), np.uint64(seed))
    _absorb_byte(lanes, position, separator)
    position = _absorb_number(lanes, position + 1, np.uint64(round_number))
    _squeeze(lanes, position, 52, keys)


@jit_inline
def sort_keys(prefix: np.ndarray, separator: int, numbers: np.ndarray, count: int, keys: np.ndarray) -> None:
    """``count`` sort keys into ``keys``: ``keyed_order``'s four big-endian bytes a position of SHAKE-128 over
    the key ``<prefix><numbers[0]><separator><numbers[1]>...`` (a game's `deal_key` with salts of its own: a
    round, a rebuilt stock), over as many blocks as ``count`` needs.

    Examples:
        >>> import hashlib, struct
        >>> import numpy as np
        >>> keys = np.zeros(110, dtype=np.uint64)
        >>> sort_keys(np.array([100, 58]), 58, np.array([7, 2, 1], dtype=np.uint64), 110, keys)  # b"d:7:2:1"
        >>> keys.tolist() == list(struct.unpack(">110I", hashlib.shake_128(b"d:7:2:1").digest(440)))
        True
    """
    sort_keys_into(prefix, separator, numbers, count, keys, np.zeros(25, dtype=np.uint64))


@jit_bare_inline
def sort_keys_into(prefix: np.ndarray, separator: int, numbers: np.ndarray, count: int, keys: np.ndarray,
                   lanes: np.ndarray) -> None:
    """`sort_keys` in the caller's room: ``lanes``, 25 64-bit words of Keccak's state (overwritten), so that a
    kernel compiled without Numba's runtime (`concombre.accel.compiled.jit_bare`) can call it.

    Examples:
        >>> import numpy as np
        >>> keys, other = np.zeros(60, dtype=np.uint64), np.zeros(60, dtype=np.uint64)
        >>> numbers = np.array([7, 2], dtype=np.uint64)
        >>> sort_keys_into(np.array([100, 58]), 58, numbers, 60, keys, np.ones(25, dtype=np.uint64))
        >>> sort_keys(np.array([100, 58]), 58, numbers, 60, other)
        >>> bool((keys == other).all())
        True
    """
    lanes[:] = 0
    for position in range(len(prefix)):
        _absorb_byte(lanes, position, prefix[position])
    position = len(prefix)
    for number in range(len(numbers)):
        if number:
            _absorb_byte(lanes, position, separator)
            position += 1
        position = _absorb_number(lanes, position, np.uint64(numbers[number]))
    _squeeze(lanes, position, count, keys)


@jit
def _squeeze(lanes: np.ndarray, position: int, count: int, keys: np.ndarray) -> None:
    """Pads the key absorbed up to ``position``, then squeezes ``count`` four-byte big-endian keys."""
    _absorb_byte(lanes, position, 0x1F)  # SHAKE's domain bits and the first bit of the padding
    _absorb_byte(lanes, RATE - 1, 0x80)
    keccak(lanes)
    done = 0
    while True:
        for lane in range(RATE // 8):
            word = lanes[lane]
            for half in range(2):  # two keys a lane; a key's four bytes are read big-endian
                if done == count:
                    return
                part = (word >> np.uint64(32 * half)) & np.uint64(0xFFFFFFFF)
                keys[done] = (((part & np.uint64(0xFF)) << np.uint64(24)) | ((part & np.uint64(0xFF00)) << np.uint64(8))
                              | ((part >> np.uint64(8)) & np.uint64(0xFF00)) | (part >> np.uint64(24)))
                done += 1
        keccak(lanes)
