"""What the player to play can put on the table: melds, lay-offs and joker exchanges.

There can be very many of these, so they are generated, not listed: a
front-end can offer them as choices and a bot can search them. Cards that
play alike (the two copies of a card, or two jokers) are offered once, with
the lowest copy, and a run uses a joker only where the hand lacks the card.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from concombre.cards import Rank, Suit
from concombre.errors import IllegalActionError
from concombre.romme.actions import ExchangeJoker, LayOff, MeldCards
from concombre.romme.cards import RommeCard
from concombre.romme.melds import exchange_joker, lay_off, make_meld
from concombre.romme.state import RommePhase, RommeState

__all__ = ["exchange_options", "lay_off_options", "meld_actions", "meld_options", "opening_value"]


def _by_face(hand: Sequence[RommeCard]) -> tuple[dict[tuple[Rank, Suit], RommeCard], list[RommeCard]]:
    faces: dict[tuple[Rank, Suit], RommeCard] = {}
    jokers = []
    for card in sorted(hand):
        if card.is_joker:
            jokers.append(card)
        else:
            faces.setdefault((card.rank, card.suit), card)  # type: ignore[arg-type]
    return faces, jokers


def meld_options(hand: Sequence[RommeCard]) -> Iterator[tuple[RommeCard, ...]]:
    """Every meld these cards can make (R5, R6), each as its cards in place order.

    Examples:
        >>> from concombre.romme import cards_of
        >>> [" ".join(map(str, meld)) for meld in meld_options(cards_of("5H1 6H1 7H1 7S1 7D2"))]
        ['7D2 7H1 7S1', '5H1 6H1 7H1']
    """
    faces, jokers = _by_face(hand)
    yield from _sets(faces, jokers)
    yield from _runs(faces, jokers)


def _sets(faces: dict[tuple[Rank, Suit], RommeCard], jokers: list[RommeCard]) -> Iterator[tuple[RommeCard, ...]]:
    for rank in Rank:
        naturals = [faces[(rank, suit)] for suit in Suit if (rank, suit) in faces]
        for size in (3, 4):
            for used_jokers in range(min(len(jokers), size) + 1):
                count = size - used_jokers
                if count < 1 or count > len(naturals) or (used_jokers >= 2 and count < 2):
                    continue
                for group in combinations(naturals, count):
                    yield (*group, *jokers[:used_jokers])


def _runs(faces: dict[tuple[Rank, Suit], RommeCard], jokers: list[RommeCard]) -> Iterator[tuple[RommeCard, ...]]:
    for suit in Suit:
        for start in range(1, 13):
            cards: list[RommeCard] = []
            used = naturals = 0
            for number in range(start, min(start + 13, 15)):
                if start == 1 and number == 14:
                    break  # the ace plays low or high, never both (R5)
                rank = Rank.ACE if number in (1, 14) else Rank(number)
                card = faces.get((rank, suit))
                if card is None:
                    if used == len(jokers):
                        break
                    card, used = jokers[used], used + 1
                else:
                    naturals += 1
                cards.append(card)
                if len(cards) >= 3 and naturals >= (2 if used >= 2 else 1):
                    yield tuple(cards)


def opening_value(melds: Sequence[Sequence[RommeCard]]) -> int:
    """What these melds are worth together (R3), as an opening counts them (R8).

    Examples:
        >>> from concombre.romme import cards_of
        >>> opening_value([cards_of("KH1 KS1 KD1"), cards_of("JK1 2C1 3C1")])
        36
    """
    return sum(make_meld(list(meld), 0).value for meld in melds)


def lay_off_options(state: RommeState) -> Iterator[LayOff]:
    """Every lay-off the player to play can make now (R8, R9).

    Examples:
        >>> from concombre.romme import new_game
        >>> list(lay_off_options(new_game(2, seed=1)))
        []
    """
    seat = state.to_play
    if state.phase is not RommePhase.PLAY or seat is None or not state.opened[seat]:
        return
    faces, jokers = _by_face(state.hands[seat])
    candidates = [*faces.values(), *jokers[:1]]
    for index, meld in enumerate(state.melds):
        ends: tuple[str | None, ...] = ("low", "high") if meld.kind == "run" else (None,)
        for card in candidates:
            for end in ends:
                try:
                    lay_off(meld, card, seat, end)  # type: ignore[arg-type]
                except IllegalActionError:
                    continue
                yield LayOff(card, index, end)  # type: ignore[arg-type]


def exchange_options(state: RommeState) -> Iterator[ExchangeJoker]:
    """Every joker exchange the player to play can make now, with each new meld for the joker (R10).

    Examples:
        >>> from concombre.romme import new_game
        >>> list(exchange_options(new_game(2, seed=1)))
        []
    """
    seat = state.to_play
    if state.phase is not RommePhase.PLAY or seat is None or not state.opened[seat]:
        return
    hand = state.hands[seat]
    for index, meld in enumerate(state.melds):
        for position, place in enumerate(meld.places):
            if not place.card.is_joker:
                continue
            for card in dict.fromkeys(card for card in hand if not card.is_joker):
                try:
                    _, joker = exchange_joker(meld, position, card)
                except IllegalActionError:
                    continue
                rest = [other for other in hand if other != card] + [joker]
                for new in meld_options(rest):
                    if joker in new:
                        yield ExchangeJoker(card, index, position, new)


def meld_actions(state: RommeState) -> Iterator[MeldCards]:
    """Single-meld actions the player to play can take now: any meld once opened, else one worth the opening.

    Openings made of several melds are combinations of `meld_options`; the
    meld solver finds the best.

    Examples:
        >>> from concombre.romme import new_game
        >>> list(meld_actions(new_game(2, seed=1)))
        []
    """
    seat = state.to_play
    if state.phase is not RommePhase.PLAY or seat is None:
        return
    for meld in meld_options(state.hands[seat]):
        if state.opened[seat] or opening_value([meld]) >= state.rules.opening:
            yield MeldCards([meld])
