"""Every legal action of a Rommé state, enumerated in a stable order: the draws, melds, lay-offs, joker
exchanges and discards (the values themselves are in `concombre.games.romme.actions`).

A turn's options can be many (melds of a hand, places to lay off), so the large sets are generators;
`legal_actions` lists them all in one call.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from concombre.core.cards import Rank
from concombre.core.errors import IllegalActionError
from concombre.games.romme.actions import (
    Action,
    Deal,
    Discard,
    DrawDiscard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    MeldCards,
    ScoreRound,
)
from concombre.games.romme.cards import MOST_CARDS, RommeCard, card_at
from concombre.games.romme.melds import Meld, Place, exchange_joker, laid_off, seat_number, table_of
from concombre.games.romme.options import by_face, meld_options, valued_meld_options
from concombre.games.romme.rules import face, opens, withheld_discard
from concombre.games.romme.state import Phase, State, require_state

__all__ = [
    "discard_actions",
    "exchange_options",
    "lay_off_options",
    "lay_offs_onto",
    "legal_actions",
    "meld_actions",
    "opening_actions",
    "single_melds",
]


_DISCARDS = tuple(Discard(card_at(index)) for index in range(MOST_CARDS))
"""A discard of each card, by its sorting index: `discard_actions` offers these rather than build new ones."""


def _meld_cards(melds: tuple[tuple[RommeCard, ...], ...]) -> MeldCards:
    """A `MeldCards` of melds the options generated (tuples of cards already): built without its converter,
    a tenth of the cost, since the adapters list the melds of a hand every step."""
    action: MeldCards = object.__new__(MeldCards)
    object.__setattr__(action, "melds", melds)
    return action


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, in a stable order: the draws, melds, lay-offs, joker exchanges, discards.

    Complete up to actions that are the same move: the two copies of a card
    and the jokers play alike, so each is offered with its lowest copy (in
    a meld that uses both copies, the second takes copy 2); the melds of
    one `MeldCards` come in one order; and once a player has opened, several
    melds at once are offered as single melds, which is the same move made
    one meld at a time. Before the opening (R8), every group of melds worth
    the opening is offered (see `opening_actions`).

    Examples:
        >>> from concombre.romme import Deal, apply, legal_actions, new_game
        >>> legal_actions(apply(new_game(2, seed=1), Deal()))
        (DrawStock(), DrawDiscard())
    """
    phase = require_state(state).phase
    if phase is Phase.PLAY:
        seat = state.to_play
        assert seat is not None
        melds = meld_actions(state) if state.opened[seat] else opening_actions(state)
        return (*melds, *lay_off_options(state), *exchange_options(state), *discard_actions(state))
    if phase is Phase.DRAW:
        return (DrawStock(), DrawDiscard()) if state.discard_pile else (DrawStock(),)
    if phase is Phase.DEAL:
        return (Deal(),)
    if phase is Phase.ROUND_COMPLETE:
        return (ScoreRound(),)
    return ()


def discard_actions(state: State) -> tuple[Discard, ...]:
    """The discards that end the turn now, in hand order (R7, R7a); none outside a turn.

    Examples:
        >>> from concombre.romme import Deal, DrawStock, apply, new_game
        >>> len(discard_actions(apply(apply(new_game(2, seed=1), Deal()), DrawStock())))
        14
    """
    seat = require_state(state).to_play
    if state.phase is not Phase.PLAY or seat is None:
        return ()
    hand = state.hands[seat]
    blocked = withheld_discard(state.drawn, len(hand), state.rules)
    if blocked is None:
        return tuple([_DISCARDS[card.index] for card in hand])
    return tuple([_DISCARDS[card.index] for card in hand if card.index != blocked.index])


def _opened_player(state: State) -> int | None:
    """The player to play, once they have opened (R8): only they may lay off or exchange a joker; else None."""
    seat = require_state(state).to_play
    return seat if state.phase is Phase.PLAY and seat is not None and state.opened[seat] else None


def lay_off_options(state: State) -> Iterator[LayOff]:
    """Every lay-off the player to play can make now (R8, R9).

    Examples:
        >>> from concombre.games.romme import new_game
        >>> list(lay_off_options(new_game(2, seed=1)))
        []
    """
    seat = _opened_player(state)
    if seat is not None:
        yield from _lay_offs(state.hands[seat], state.melds, seat)  # a state's melds and seat need no check


def lay_offs_onto(hand: Sequence[RommeCard], melds: Sequence[Meld], seat: int) -> Iterator[LayOff]:
    """Every lay-off of a card of ``hand`` onto ``melds`` by the player at ``seat`` (R9): one card of each face
    (two copies fit alike) and the first joker, meld by meld. `lay_off_options` for the player to play; a bot
    asks it with its view's hand and melds.

    Examples:
        >>> from concombre.games.romme import cards_of, make_meld
        >>> run = make_meld(cards_of("5H1 6H1 7H1"), 0)
        >>> [(str(lay_off.card), lay_off.end) for lay_off in lay_offs_onto(cards_of("4H2 8H1 8H2 9S1"), [run], 1)]
        [('4H2', 'low'), ('8H1', 'high')]
    """
    return _lay_offs(hand, table_of(melds), seat_number(seat, "seat"))


def _lay_offs(hand: Sequence[RommeCard], melds: Sequence[Meld], seat: int) -> Iterator[LayOff]:
    """`lay_offs_onto` without its checks, for a state's own melds and seat (every `legal_actions`)."""
    faces, jokers = by_face(hand)
    candidates = [*faces.values(), *jokers[:1]]
    for index, meld in enumerate(melds):
        for card in candidates:
            for end in _ends_to_try(meld, card):
                if laid_off(meld, card, seat, end) is not None:  # type: ignore[arg-type]
                    yield LayOff(card, index, end)  # type: ignore[arg-type]


def _run_number(place: Place) -> int:
    """A run place's number: 2-13, the ace 1 when low and 14 when high (R5)."""
    if place.rank is Rank.ACE:
        return 1 if place.value == 1 else 14
    return int(place.rank)


def _ends_to_try(meld: Meld, card: RommeCard) -> tuple[str | None, ...]:
    """Where ``card`` might join ``meld``: a natural card only next to a run's end of its suit, or in a set of
    its rank missing its suit. Each place tried is a whole meld check, and most cards fit nowhere."""
    if card.is_joker:
        return ("low", "high") if meld.kind == "run" else (None,)
    places = meld.places
    if meld.kind == "set":
        fits = card.rank is places[0].rank and all(place.suit is not card.suit for place in places)
        return (None,) if fits else ()
    if card.suit is not places[0].suit:
        return ()
    number = 14 if card.rank is Rank.ACE else int(card.rank or 0)  # an ace goes below a 2 or above a king
    low, high = _run_number(places[0]), _run_number(places[-1])
    ends: tuple[str | None, ...] = ()
    if low - 1 == number or (number == 14 and low == 2):
        ends += ("low",)
    if high + 1 == number:
        ends += ("high",)
    return ends


def exchange_options(state: State) -> Iterator[ExchangeJoker]:
    """Every joker exchange the player to play can make now, with each new meld for the joker (R10).

    Examples:
        >>> from concombre.games.romme import new_game
        >>> list(exchange_options(new_game(2, seed=1)))
        []
    """
    seat = _opened_player(state)
    if seat is None:
        return
    hand = state.hands[seat]
    for index, meld in enumerate(state.melds):
        for position, place in enumerate(meld.places):
            if not place.card.is_joker:
                continue
            for card in dict.fromkeys(card for card in hand if card.rank is place.rank):  # only its rank fits (R10)
                try:
                    _, joker = exchange_joker(meld, position, card)
                except IllegalActionError:
                    continue
                rest = [other for other in hand if other != card] + [joker]
                for new in meld_options(rest):
                    if joker in new:
                        yield ExchangeJoker(card, index, position, new)


def meld_actions(state: State) -> Iterator[MeldCards]:
    """Single-meld actions the player to play can take now: any meld once opened, else one worth the opening.

    Openings made of several melds are combinations of `meld_options`; the
    meld solver finds the best.

    Examples:
        >>> from concombre.games.romme import new_game
        >>> list(meld_actions(new_game(2, seed=1)))
        []
    """
    seat = require_state(state).to_play
    if state.phase is not Phase.PLAY or seat is None:
        return
    yield from single_melds(valued_meld_options(state.hands[seat]), state.opened[seat], state.rules.opening)


def single_melds(options: Iterable[tuple[tuple[RommeCard, ...], int]], opened: bool,
                 opening: int) -> Iterator[MeldCards]:
    """`meld_actions` from a hand's `valued_meld_options`, for a player who has ``opened`` or not (R8). An inner
    step of `meld_actions` and the numbered choices, it trusts its arguments: ask `meld_actions` with a state.

    Examples:
        >>> from concombre.romme import cards_of
        >>> from concombre.games.romme.options import valued_meld_options
        >>> options = list(valued_meld_options(cards_of("KH1 KS1 KD1 2C1 3C1 4C1")))
        >>> len(list(single_melds(options, True, 40))), len(list(single_melds(options, False, 40)))
        (2, 0)
    """
    for meld, value in options:
        if opened or opens(value, opening):
            yield _meld_cards((meld,))


def opening_actions(state: State) -> Iterator[MeldCards]:
    """Every group of melds the player to play can open with (R8): disjoint melds worth the opening together.

    Each group is offered once, its melds in `meld_options` order; a face
    used by two melds takes the first copy, then the second.

    Examples:
        >>> from concombre.romme import cards_of, deal, deck_for, draw_stock, new_game
        >>> game = new_game(2, seed=3)
        >>> hand = cards_of("KH1 KS1 KD1 AC1 2C1 3C1 4C1")
        >>> state = draw_stock(deal(game, deck_for(game, {1: hand})))
        >>> openings = [[" ".join(map(str, meld)) for meld in action.melds] for action in opening_actions(state)]
        >>> len(openings), ["KD1 KH1 KS1", "AC1 2C1 3C1 4C1"] in openings, ["KD1 KH1 KS1"] in openings
        (36, True, False)
    """
    seat = require_state(state).to_play
    if state.phase is not Phase.PLAY or seat is None or state.opened[seat]:
        return
    hand = state.hands[seat]
    options, values = [], []
    for meld, value in valued_meld_options(hand):
        options.append(meld)
        values.append(value)
    held: dict[int, int] = {}
    for card in hand:
        held[face(card.index)] = held.get(face(card.index), 0) + 1
    spare = len(hand)
    for group in _groups(options, values, held, spare, state.rules.opening, 0, [], 0):
        yield MeldCards(_with_copies([options[number] for number in group], hand))


def _groups(
    options: list[tuple[RommeCard, ...]], values: list[int], held: dict[int, int], spare: int,
    opening: int, start: int, chosen: list[int], worth: int,
) -> Iterator[list[int]]:
    """The groups of options from ``start`` on that the hand can hold together, worth ``opening`` with ``chosen``."""
    for index in range(start, len(options)):
        meld = options[index]
        needs: dict[int, int] = {}
        for card in meld:
            needs[face(card.index)] = needs.get(face(card.index), 0) + 1
        if len(meld) > spare or any(held.get(number, 0) < count for number, count in needs.items()):
            continue
        for number, count in needs.items():
            held[number] -= count
        group = [*chosen, index]
        if opens(worth + values[index], opening):
            yield group
        yield from _groups(options, values, held, spare - len(meld), opening, index, group, worth + values[index])
        for number, count in needs.items():
            held[number] += count


def _with_copies(melds: list[tuple[RommeCard, ...]], hand: Sequence[RommeCard]) -> list[list[RommeCard]]:
    """The melds with the hand's own cards: each further use of a face takes its next copy, or the next joker."""
    copies: dict[int, list[RommeCard]] = {}
    for card in sorted(hand):
        copies.setdefault(face(card.index), []).append(card)
    taken = {number: iter(cards) for number, cards in copies.items()}
    return [[next(taken[face(card.index)]) for card in meld] for meld in melds]
