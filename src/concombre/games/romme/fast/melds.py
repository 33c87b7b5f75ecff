"""The meld solver batched and compiled (the ``fast`` extra): `best_melds` and `best_opening` for many hands at once.

`concombre.games.romme.bots.solver` is the reference: the arrangement of a hand into melds that leaves the
least value in it (R3, R5, R6), or the least among those worth the opening (R8). This module gives, for each
hand of a batch, the very arrangement the reference gives (the same melds in the same order, each card in the
same place, ties broken alike), searched in compiled code
(`concombre.games.romme.fast.meld_kernel.solve_hand`, which a batched engine's bots call inside their own
kernels):

- `counts_of` writes hands as counts, a row a hand: how many of each face (`concombre.games.romme.rules.face`),
  then the jokers;
- `best_melds_batch` and `best_opening_batch` solve a batch, on one thread or several;
- `concombre.games.romme.bots.solver_rows.arrangement` gives a row back as the reference's `Arrangement` of
  the hand's cards (the bots' tier, where the reference lives).

Examples:
    >>> from concombre.games.romme import cards_of
    >>> from concombre.games.romme.fast.melds import best_melds_batch, counts_of
    >>> hands = [cards_of("5H1 6H1 7H1 7S1 7D1 KC1"), cards_of("QH1 QS1 QD1 QC2 JK1 3H1 4H1")]
    >>> found = best_melds_batch(counts_of(hands))
    >>> found.left_value.tolist(), found.table_value.tolist(), found.melds.tolist()
    ([21, 0], [21, 52], [1, 2])
    >>> found.places[1, 1, :found.sizes[1, 1]].tolist()  # 3H, 4H and a joker
    [6, 10, 52]
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from concombre.core.extras import needs

with needs("fast", "concombre.games.romme.fast"):
    import numpy as np
    import numpy.typing as npt

from concombre.accel.compiled import in_runs
from concombre.core.errors import InvalidArgumentError
from concombre.games.romme import rules as homes
from concombre.games.romme.cards import RommeCard, hand_of
from concombre.games.romme.fast.meld_kernel import most_melds, new_work, solve_hands
from concombre.games.romme.melds import MOST_PLACES

__all__ = ["COLUMNS", "MOST_JOKERS", "Arrangements", "best_melds_batch", "best_opening_batch", "counts_of"]

COLUMNS = homes.FACES + 1
"""The columns of a hand's counts (`counts_of`): one per natural face (`concombre.games.romme.rules.face`, 0-51,
each held 0-2 times: two packs), then the jokers held (column `concombre.games.romme.rules.JOKER_FACE`).

Examples:
    >>> COLUMNS
    53
"""

MOST_JOKERS = 6
"""The most jokers a hand can hold: a game has 2, 4 or 6 (R2).

Examples:
    >>> MOST_JOKERS
    6
"""

_FACES, _JOKER_FACE = homes.FACES, homes.JOKER_FACE
_MOST_NEED = (1 << 15) - 1  # an opening beyond every hand's reach, within the kernel's key


# -- the batch -------------------------------------------------------------------------------------------------------

@attrs.frozen(eq=False)
class Arrangements:
    """The solver's arrangement of each hand of a batch (`best_melds_batch`, `best_opening_batch`), as arrays.

    Attributes:
        left_value: What each hand keeps is worth (R3); -1 where no arrangement reaches the opening (R8).
        table_value: What each hand's melds are worth on the table (R3).
        melds: How many melds each hand puts down.
        places: Each meld's faces in place order, shape (N, `most_melds`, 13): a natural card's face
            (`concombre.games.romme.rules.face`), a joker `concombre.games.romme.rules.JOKER_FACE`, -1 after
            the meld's last place and in rows past the hand's melds.
        sizes: Each meld's places, shape (N, `most_melds`); 0 past the hand's melds.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> found = best_opening_batch(counts_of([cards_of("KH1 KS1 KD1 2C1 5D1")]), 40)
        >>> found.left_value.tolist(), found.found.tolist()
        ([-1], [False])
    """

    left_value: npt.NDArray[np.int64]
    table_value: npt.NDArray[np.int64]
    melds: npt.NDArray[np.int64]
    places: npt.NDArray[np.int8]
    sizes: npt.NDArray[np.int8]

    @property
    def found(self) -> npt.NDArray[np.bool_]:
        """Whether each hand has an arrangement (always, but for an opening out of reach)."""
        return np.asarray(self.left_value >= 0)


def counts_of(hands: Sequence[Sequence[RommeCard | str]]) -> npt.NDArray[np.int8]:
    """Hands as the solver's counts, a row a hand: how many of each face it holds (column
    `concombre.games.romme.rules.face`), then its jokers (column `concombre.games.romme.rules.JOKER_FACE`).

    Raises:
        InvalidArgumentError: A hand is not Rommé cards, or holds a physical card twice (R2).

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> counts = counts_of([cards_of("2C1 2C2 JK1 JK3")])
        >>> counts.shape, counts[0, 0], counts[0, 52]
        ((1, 53), np.int8(2), np.int8(2))
    """
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise InvalidArgumentError(f"hands must be a sequence of hands, such as [['QH1', 'JK1']], not {hands!r}.",
                                   field="hands")
    rows = np.zeros((len(hands), COLUMNS), dtype=np.int8)
    for row, hand in enumerate(hands):
        for card in hand_of(hand, "hand", distinct=True):
            rows[row, homes.face(card.index)] += 1
    return rows


def best_melds_batch(counts: npt.ArrayLike, threads: int = 1) -> Arrangements:
    """`concombre.games.romme.bots.solver.best_melds` (the table empty) of each hand of ``counts`` (`counts_of`):
    its melds, what it keeps and what its melds are worth, the reference's own choices.

    ``threads`` threads (at most one a core) share the batch, with the same result.

    Raises:
        InvalidArgumentError: ``counts`` is not hands' counts (2 of a face at most, `MOST_JOKERS` jokers), or
            ``threads`` is not 1 to the cores.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> found = best_melds_batch(counts_of([cards_of("QH1 QS1 QD1 QC2 JK1 3H1 4H1"), cards_of("2C1 9D1")]))
        >>> found.left_value.tolist(), found.melds.tolist(), found.places[0, 1, :found.sizes[0, 1]].tolist()
        ([0, 11], [2, 0], [6, 10, 52])
    """
    return _batch(counts, 0, threads)


def best_opening_batch(counts: npt.ArrayLike, opening: int = 40, threads: int = 1) -> Arrangements:
    """`concombre.games.romme.bots.solver.best_opening` of each hand of ``counts`` (`counts_of`): among the
    arrangements worth ``opening`` or more on the table (R8), the reference's; ``left_value`` -1 for a hand that
    cannot open.

    Raises:
        InvalidArgumentError: ``counts`` is not hands' counts, ``opening`` is not a whole number of points, or
            ``threads`` is not 1 to the cores.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> found = best_opening_batch(counts_of([cards_of("KH1 KS1 KD1 AC1 2C1 3C1 4C1"), cards_of("KH1 KS1 KD1")]))
        >>> found.left_value.tolist(), found.table_value.tolist()
        ([0, -1], [40, 0])
    """
    if isinstance(opening, bool) or not isinstance(opening, int) or opening < 0:
        raise InvalidArgumentError(f"opening must be a whole number of points, such as 40, not {opening!r}.", "R8",
                                   "opening")
    return _batch(counts, opening, threads)


def _batch(counts: npt.ArrayLike, need: int, threads: int) -> Arrangements:
    rows = _checked_counts(counts)
    size = len(rows)
    most = int(rows.sum(axis=1, dtype=np.int64).max()) if size else 0
    width = most_melds(most)
    left, table, melds = np.empty(size, dtype=np.int64), np.empty(size, dtype=np.int64), np.empty(size, np.int64)
    places, sizes = np.empty((size, width, MOST_PLACES), dtype=np.int8), np.empty((size, width), dtype=np.int8)
    need = min(need, _MOST_NEED)

    def run(start: int, stop: int) -> None:
        solve_hands(rows, need, start, stop, new_work(most), True, left, table, melds, places, sizes)

    in_runs(run, size, threads)
    for array in (left, table, melds, places, sizes):
        array.flags.writeable = False
    return Arrangements(left, table, melds, places, sizes)


def _checked_counts(counts: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """``counts`` as the kernel reads them, or `InvalidArgumentError` naming ``counts`` (R2)."""
    try:
        array = np.asarray(counts)
    except (TypeError, ValueError):
        array = np.zeros(0, dtype=np.float64)
    if array.ndim != 2 or array.shape[1] != COLUMNS or (array.size and array.dtype.kind not in "iu"):
        raise InvalidArgumentError(f"counts must be whole numbers, a row of {COLUMNS} a hand (see counts_of), not "
                                   f"{type(counts).__name__} of shape {getattr(array, 'shape', None)}.", "R2", "counts")
    if array.size and (array.min() < 0 or array[:, :_FACES].max() > 2 or array[:, _JOKER_FACE].max() > MOST_JOKERS):
        raise InvalidArgumentError(f"counts hold 0 to 2 of a face (two packs) and 0 to {MOST_JOKERS} jokers.", "R2",
                                   "counts")
    return np.ascontiguousarray(array, dtype=np.int8)
