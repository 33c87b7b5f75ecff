"""Thousands of games of Concombre at once, compiled: ``from concombre.batch import reset, step...``.

The engine lives in `concombre.games.concombre.fast.batch`; this module is its stable import path (it needs numpy
and Numba: ``pip install "concombre[fast]"``).

Examples:
    >>> from concombre.batch import legal_mask, reset
    >>> legal_mask(reset(range(1024), players=4)).shape
    (1024, 52)
"""

from concombre.games.concombre.fast.batch import *  # noqa: F403
from concombre.games.concombre.fast.batch import __all__ as _api

__all__ = _api
