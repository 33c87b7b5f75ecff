"""Planning a Rommé hand one draw ahead: what a card adds, what a hand may still become.

The meld solver (`concombre.games.romme.bots.solver`) says what a hand is worth now: the value it would leave
in the hand. A player also weighs what the hand may become: a pair waits for a third card, 5-7 of hearts
for the 6. This module measures that from what a seat can see:

- `unseen`: the faces the seat cannot see (not in its hand, the discard pile or the table), with how many
  copies of each may still come (R2: two of each card, and the jokers);
- `outlook`: what a hand leaves now, and how much a card from the stock saves on average (what the hand
  leaves with it, against what it would leave if the card fitted nothing);
- `best_keep`: which card to let go so that what stays is best (a card's value against its prospects),
  and which cards not to hand an opponent: a discard that fits a meld on the table can be taken and laid
  off (R9) by an opponent who has opened.

`concombre.games.romme.PlannerBot` plays by these.

Examples:
    >>> from concombre.games.romme import cards_of
    >>> outs = [(face, 1) for face in cards_of("7H1 KC1")]
    >>> outlook(cards_of("5H1 6H1 2S1"), outs, 0)   # leaves 13; with 7H it leaves 2, not 13 + 7: saves 18
    (13, 9.0)
"""

from __future__ import annotations

from collections.abc import Sequence

from concombre.core.cards import Rank, Suit
from concombre.games.romme.bots.solver import best_melds
from concombre.games.romme.cards import JOKER_VALUE, RommeCard
from concombre.games.romme.melds import Meld, laid_off, make_meld, table_of
from concombre.games.romme.views import View, require_view

__all__ = ["best_keep", "fits_table", "outlook", "unseen"]

_FACES = tuple(RommeCard(rank, suit, 1) for suit in Suit for rank in Rank)
_JOKER = RommeCard.joker(1)


def unseen(seen: View) -> list[tuple[RommeCard, int]]:
    """Each face (its first copy; a joker as ``JK1``) that may still come to ``seen.seat``, with how many copies.

    Examples:
        >>> from concombre.games.romme import deal, new_game, view
        >>> outs = unseen(view(deal(new_game(2, seed=3)), 0))
        >>> sum(copies for _, copies in outs)    # 108 cards less 13 in hand and the discard pile's 1
        94
    """
    require_view(seen)
    shown: dict[tuple[Rank | None, Suit | None], int] = {}
    for card in (*seen.hand, *seen.discard_pile, *(card for meld in seen.melds for card in meld.cards)):
        shown[card.rank, card.suit] = shown.get((card.rank, card.suit), 0) + 1
    outs = [(face, 2 - shown.get((face.rank, face.suit), 0)) for face in _FACES]
    outs.append((_JOKER, seen.rules.jokers - shown.get((None, None), 0)))
    return [(face, copies) for face, copies in outs if copies > 0]


def fits_table(melds: Sequence[Meld], card: RommeCard, seat: int) -> bool:
    """Whether ``card`` can be laid off on one of ``melds`` (R9).

    Examples:
        >>> from concombre.games.romme import cards_of, make_meld
        >>> table = [make_meld(cards_of("5H1 6H1 7H1"), owner=1)]
        >>> fits_table(table, RommeCard.parse("8H2"), 0), fits_table(table, RommeCard.parse("8S2"), 0)
        (True, False)
    """
    return _fits(table_of(melds), card, seat)


def _fits(melds: Sequence[Meld], card: RommeCard, seat: int) -> bool:
    """`fits_table` without its check of the melds, for the planner's loops over melds it holds."""
    for meld in melds:
        for end in ("low", "high") if meld.kind == "run" else (None,):
            if laid_off(meld, card, seat, end) is not None:  # not fitting is the common case
                return True
    return False


def _near(card: RommeCard, other: RommeCard) -> bool:
    """Whether two cards can share a meld: one rank, or one suit at most two apart (an ace plays low or high)."""
    if card.rank is None or other.rank is None or card.rank == other.rank:
        return True
    if card.suit != other.suit:
        return False
    low, high = sorted((int(card.rank), int(other.rank)))
    return high - low <= 2 or (high == Rank.ACE and low <= 3)


def outlook(hand: Sequence[RommeCard], outs: Sequence[tuple[RommeCard, int]], seat: int) -> tuple[int, float]:
    """What ``hand`` leaves unmelded at best (R3), and what one card from ``outs`` saves on average.

    A card saves the difference between what the hand leaves with it and what it would leave if the card
    fitted nothing. It helps when it melds with the cards left over, extends a meld the hand holds (counted
    at half its value: the meld was made already), or is a joker.

    Examples:
        >>> from concombre.games.romme import cards_of
        >>> outlook(cards_of("QH1 QS1 2C1"), [(RommeCard.parse("QD1"), 2), (RommeCard.parse("9C1"), 2)], 0)
        (22, 15.0)
    """
    plan = best_melds(hand)
    left = plan.left
    held = [make_meld(meld, seat) for meld in plan.melds]
    total = copies = 0.0
    for face, count in outs:
        copies += count
        if face.is_joker:
            total += count * min(JOKER_VALUE, plan.left_value)
        elif _fits(held, face, seat):  # melds it made itself: no check on this loop
            total += count * face.hand_value / 2  # the card would only make a meld longer
        elif any(_near(face, card) for card in left):
            drawn = face if face not in left else RommeCard(face.rank, face.suit, 2)
            total += count * max(0, plan.left_value + face.hand_value - best_melds((*left, drawn)).left_value)
    return plan.left_value, total / copies if copies else 0.0


def best_keep(seen: View, hand: Sequence[RommeCard], allowed: Sequence[RommeCard],
              prospects: float) -> tuple[RommeCard, float, float]:
    """The card of ``allowed`` to let go of from ``hand``, with the score and the prospects of what stays.

    A hand's score is what it leaves unmelded less ``prospects`` times what a drawn card saves on average
    (`outlook`); lower is better. A card that an opponent who has opened could lay off (R9) costs its value
    on top. Only cards the solver leaves out of its melds are weighed, and never a joker while another will do.

    Examples:
        >>> from concombre.games.romme import deal, draw_stock, new_game, view
        >>> seen = view(draw_stock(deal(new_game(2, seed=3))), 1)
        >>> card, score, _ = best_keep(seen, seen.hand, seen.hand, 16.0)
        >>> card in seen.hand
        True
    """
    spare = set(best_melds(hand).left)
    pool = ([card for card in allowed if card in spare and not card.is_joker]
            or [card for card in allowed if card in spare] or list(allowed))
    outs = unseen(seen)
    feeding = any(opened for seat, opened in enumerate(seen.opened) if seat != seen.seat)
    best: tuple[RommeCard, float, float] | None = None
    for card in dict.fromkeys(pool):
        rest = list(hand)
        rest.remove(card)
        left, saved = outlook(rest, outs, seen.seat)
        score = left - prospects * saved
        if feeding and _fits(seen.melds, card, seen.seat):  # a checked view's melds
            score += card.hand_value
        if best is None or score < best[1]:
            best = (card, score, saved)
    assert best is not None, "a hand to discard from is never empty"
    return best
