"""The scalar engine's enumerations as they were before they were made fast (issue 61), kept as the oracle the
fast ones are held to: the same actions, in the same order, on every hand and table. Plain and slow on purpose:
each is the rule written the obvious way (dicts of faces, a recursion that counts each face's copies)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from operator import attrgetter

from concombre.core.cards import Rank
from concombre.core.errors import IllegalActionError
from concombre.games.romme.actions import Action, ExchangeJoker, LayOff, MeldCards
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.legal import discard_actions
from concombre.games.romme.melds import Meld, Place, exchange_joker, laid_off
from concombre.games.romme.state import Phase, State

__all__ = ["exchange_options", "lay_offs", "legal_actions", "opening_actions", "opening_groups", "valued_meld_options"]

_SORTING = attrgetter("index")
_RUN_VALUES = (0, 1, *range(2, 11), 10, 10, 10, 11)
_SET_VALUES = (*range(2, 11), 10, 10, 10, 11)
_NUMBER_BITS = (*(1 << number for number in range(2, 14)), 1 << 1 | 1 << 14)
_RUN_FACES = tuple(
    tuple(((12 if number in (1, 14) else number - 2) * 4 + suit) for number in range(15)) for suit in range(4)
)


def valued_meld_options(hand: Sequence[RommeCard]) -> Iterator[tuple[tuple[RommeCard, ...], int]]:
    faces: dict[int, RommeCard] = {}
    jokers = []
    for card in sorted(hand, key=_SORTING):
        if card.is_joker:
            jokers.append(card)
        else:
            faces.setdefault(card.index >> 1, card)
    yield from _sets(faces, jokers)
    yield from _runs(faces, jokers)


def _sets(faces: dict[int, RommeCard], jokers: list[RommeCard]) -> Iterator[tuple[tuple[RommeCard, ...], int]]:
    fewest = 2 if jokers else 3
    by_rank: list[list[RommeCard]] = [[] for _ in range(13)]
    for number, card in faces.items():
        by_rank[number >> 2].append(card)
    for rank, naturals in enumerate(by_rank):
        if len(naturals) < fewest:
            continue
        for size in (3, 4):
            for used_jokers in range(min(len(jokers), size) + 1):
                count = size - used_jokers
                if count < 1 or count > len(naturals) or (used_jokers >= 2 and count < 2):
                    continue
                for group in combinations(naturals, count):
                    yield (*group, *jokers[:used_jokers]), _SET_VALUES[rank] * size


def _runs(faces: dict[int, RommeCard], jokers: list[RommeCard]) -> Iterator[tuple[tuple[RommeCard, ...], int]]:
    numbers = [0, 0, 0, 0]
    for number in faces:
        numbers[number & 3] |= _NUMBER_BITS[number >> 2]
    window, wanted = (7, 7) if not jokers else ((1 << (len(jokers) + 1)) - 1, None)
    for suit, present in enumerate(numbers):
        if not present:
            continue
        row = [faces.get(number) for number in _RUN_FACES[suit]]
        for start in range(1, 13):
            found = present >> start & window
            if not found or (wanted is not None and found != wanted):
                continue
            cards: list[RommeCard] = []
            used = naturals = value = 0
            for number in range(start, 14 if start == 1 else 15):
                card = row[number]
                if card is None:
                    if used == len(jokers):
                        break
                    card, used = jokers[used], used + 1
                else:
                    naturals += 1
                cards.append(card)
                value += _RUN_VALUES[number]
                if len(cards) >= 3 and naturals >= (2 if used >= 2 else 1):
                    yield tuple(cards), value


def _face(card: RommeCard) -> object:
    return "joker" if card.is_joker else (card.rank, card.suit)


def opening_actions(state: State) -> Iterator[MeldCards]:
    seat = state.to_play
    if state.phase is not Phase.PLAY or seat is None or state.opened[seat]:
        return
    for melds in opening_groups(state.hands[seat], state.rules.opening):
        yield MeldCards(melds)


def opening_groups(hand: Sequence[RommeCard], opening: int) -> Iterator[list[list[RommeCard]]]:
    options, values = [], []
    for meld, value in valued_meld_options(hand):
        options.append(meld)
        values.append(value)
    held: dict[object, int] = {}
    for card in hand:
        held[_face(card)] = held.get(_face(card), 0) + 1
    for group in _groups(options, values, held, len(hand), opening, 0, [], 0):
        yield _with_copies([options[number] for number in group], hand)


def _groups(
    options: list[tuple[RommeCard, ...]], values: list[int], held: dict[object, int], spare: int,
    opening: int, start: int, chosen: list[int], worth: int,
) -> Iterator[list[int]]:
    for index in range(start, len(options)):
        meld = options[index]
        needs: dict[object, int] = {}
        for card in meld:
            needs[_face(card)] = needs.get(_face(card), 0) + 1
        if len(meld) > spare or any(held.get(face, 0) < count for face, count in needs.items()):
            continue
        for face, count in needs.items():
            held[face] -= count
        group = [*chosen, index]
        if worth + values[index] >= opening:
            yield group
        yield from _groups(options, values, held, spare - len(meld), opening, index, group, worth + values[index])
        for face, count in needs.items():
            held[face] += count


def _with_copies(melds: list[tuple[RommeCard, ...]], hand: Sequence[RommeCard]) -> list[list[RommeCard]]:
    copies: dict[object, list[RommeCard]] = {}
    for card in sorted(hand):
        copies.setdefault(_face(card), []).append(card)
    taken = {face: iter(cards) for face, cards in copies.items()}
    return [[next(taken[_face(card)]) for card in meld] for meld in melds]


def _by_face(hand: Sequence[RommeCard]) -> tuple[dict[object, RommeCard], list[RommeCard]]:
    faces: dict[object, RommeCard] = {}
    jokers = []
    for card in sorted(hand):
        if card.is_joker:
            jokers.append(card)
        else:
            faces.setdefault((card.rank, card.suit), card)
    return faces, jokers


def lay_offs(hand: Sequence[RommeCard], melds: Sequence[Meld], seat: int) -> Iterator[LayOff]:
    faces, jokers = _by_face(hand)
    candidates = [*faces.values(), *jokers[:1]]
    for index, meld in enumerate(melds):
        for card in candidates:
            for end in _ends_to_try(meld, card):
                if laid_off(meld, card, seat, end) is not None:  # type: ignore[arg-type]
                    yield LayOff(card, index, end)  # type: ignore[arg-type]


def _run_number(place: Place) -> int:
    if place.rank is Rank.ACE:
        return 1 if place.value == 1 else 14
    return int(place.rank)


def _ends_to_try(meld: Meld, card: RommeCard) -> tuple[str | None, ...]:
    if card.is_joker:
        return ("low", "high") if meld.kind == "run" else (None,)
    places = meld.places
    if meld.kind == "set":
        fits = card.rank is places[0].rank and all(place.suit is not card.suit for place in places)
        return (None,) if fits else ()
    if card.suit is not places[0].suit:
        return ()
    number = 14 if card.rank is Rank.ACE else int(card.rank or 0)
    low, high = _run_number(places[0]), _run_number(places[-1])
    ends: tuple[str | None, ...] = ()
    if low - 1 == number or (number == 14 and low == 2):
        ends += ("low",)
    if high + 1 == number:
        ends += ("high",)
    return ends


def exchange_options(state: State) -> Iterator[ExchangeJoker]:
    seat = state.to_play
    if state.phase is not Phase.PLAY or seat is None or not state.opened[seat]:
        return
    hand = state.hands[seat]
    for index, meld in enumerate(state.melds):
        for position, place in enumerate(meld.places):
            if not place.card.is_joker:
                continue
            for card in dict.fromkeys(card for card in hand if card.rank is place.rank):
                try:
                    _, joker = exchange_joker(meld, position, card)
                except IllegalActionError:
                    continue
                rest = [other for other in hand if other != card] + [joker]
                for new, _ in valued_meld_options(rest):
                    if joker in new:
                        yield ExchangeJoker(card, index, position, new)


def legal_actions(state: State) -> tuple[Action, ...]:
    """The old `legal_actions` of a state in a turn (the other phases were never changed)."""
    seat = state.to_play
    assert state.phase is Phase.PLAY and seat is not None
    if state.opened[seat]:
        melds: list[MeldCards] = [MeldCards([meld]) for meld, _ in valued_meld_options(state.hands[seat])]
        offs: list[LayOff] = list(lay_offs(state.hands[seat], state.melds, seat))
    else:
        melds, offs = list(opening_actions(state)), []
    return (*melds, *offs, *exchange_options(state), *discard_actions(state))
