"""The batched meld solver's rows as the meld solver's own `Arrangement`s of the hands' cards.

`concombre.games.romme.fast.melds` solves many hands at once and answers in arrays of faces; this module, beside
the solver it mirrors (`concombre.games.romme.bots.solver`), gives a row back as the cards: each place takes the
first card of its face not yet placed (copy 1 before copy 2, the jokers in order), as the solver places them,
so that a row's arrangement equals the solver's own (R3, R5, R6, R8).

Examples:
    >>> from concombre.games.romme import cards_of
    >>> from concombre.games.romme.bots.solver import best_melds
    >>> from concombre.games.romme.fast.melds import best_melds_batch, counts_of
    >>> hand = cards_of("QH1 QS1 QD1 QC2 JK1 3H1 4H1")
    >>> found = arrangement(best_melds_batch(counts_of([hand])), 0, hand)
    >>> [" ".join(map(str, meld)) for meld in found.melds], found == best_melds(hand)
    (['QC2 QD1 QH1 QS1', '3H1 4H1 JK1'], True)
"""

from __future__ import annotations

from collections.abc import Sequence

from concombre.core.errors import InvalidArgumentError
from concombre.games.romme.bots.solver import Arrangement
from concombre.games.romme.cards import RommeCard, hand_of
from concombre.games.romme.fast.melds import Arrangements
from concombre.games.romme.rules import face

__all__ = ["arrangement", "arrangements"]


def arrangement(found: Arrangements, row: int, hand: Sequence[RommeCard | str]) -> Arrangement | None:
    """Row ``row`` of the batched solver's ``found`` as the solver's `Arrangement` of ``hand`` (the hand the row's
    counts were made from): the same melds of the same cards in the same order, the same cards left; None where
    no arrangement reaches the opening (R8). The table being empty, no card is laid off.

    Raises:
        InvalidArgumentError: ``found`` is not the batched solver's answer, ``row`` is not one of its rows, or
            ``hand`` is not the row's hand.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> from concombre.games.romme.fast.melds import best_opening_batch, counts_of
        >>> hands = [cards_of("KH1 KS1 KD1 AC1 2C1 3C1 4C1 9D1"), cards_of("KH1 KS1 KD1")]
        >>> found = best_opening_batch(counts_of(hands), 40)
        >>> arrangement(found, 0, hands[0]).left_value, arrangement(found, 1, hands[1])
        (9, None)
    """
    _require_found(found)
    cards = hand_of(hand, "hand", distinct=True)
    if isinstance(row, bool) or not hasattr(row, "__index__") or not 0 <= row < len(found.left_value):
        raise InvalidArgumentError(f"row must be a hand's row, 0 to {len(found.left_value) - 1}, not {row!r}.",
                                   field="row")
    row = int(row)
    if found.left_value[row] < 0:
        return None
    faces: dict[int, list[RommeCard]] = {}
    for card in sorted(cards):
        faces.setdefault(face(card.index), []).append(card)
    melds = []
    for meld in range(int(found.melds[row])):
        placed = []
        for place in found.places[row, meld, : found.sizes[row, meld]].tolist():
            if not faces.get(place):
                raise _not_the_hand(row)
            placed.append(faces[place].pop(0))
        melds.append(tuple(placed))
    left = tuple(sorted(card for held in faces.values() for card in held))
    left_value = sum(card.hand_value for card in left)
    if left_value != found.left_value[row]:
        raise _not_the_hand(row)
    return Arrangement(melds=tuple(melds), left=left, left_value=left_value, table_value=int(found.table_value[row]))


def arrangements(found: Arrangements, hands: Sequence[Sequence[RommeCard | str]]) -> list[Arrangement | None]:
    """Every row of ``found`` as `arrangement` gives it, ``hands`` the hands its counts were made from.

    Raises:
        InvalidArgumentError: ``found`` is not the batched solver's answer, or ``hands`` are not its rows' hands.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> from concombre.games.romme.fast.melds import best_melds_batch, counts_of
        >>> hands = [cards_of("5H1 6H1 7H1"), cards_of("2C1 9D1")]
        >>> [found.left_value for found in arrangements(best_melds_batch(counts_of(hands)), hands)]
        [0, 11]
    """
    _require_found(found)
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != len(found.left_value):
        raise InvalidArgumentError(f"hands must be the {len(found.left_value)} hands of the rows, in their order.",
                                   field="hands")
    return [arrangement(found, row, hand) for row, hand in enumerate(hands)]


def _require_found(found: object) -> None:
    if not isinstance(found, Arrangements):
        raise InvalidArgumentError(f"found must be the batched solver's arrangements (best_melds_batch, "
                                   f"best_opening_batch), not {type(found).__name__}.", field="found")


def _not_the_hand(row: int) -> InvalidArgumentError:
    return InvalidArgumentError(f"hand is not the hand of row {row}: its cards are not the ones solved.",
                                field="hand")
