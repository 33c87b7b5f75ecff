"""Every legal action of a Rommé state, enumerated in a stable order: the draws, melds, lay-offs, joker
exchanges and discards (the values themselves are in `concombre.games.romme.actions`).

A turn's options can be many (melds of a hand, places to lay off), so the large sets are generators;
`legal_actions` lists them all in one call.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from concombre.core.cards import Suit
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
from concombre.games.romme.cards import MOST_CARDS, RommeCard, card_at, hand_of
from concombre.games.romme.melds import End, Meld, Place, seat_number, table_of, unfit_exchange
from concombre.games.romme.options import opening_groups, valued_options
from concombre.games.romme.rules import (
    JOKER_FACE,
    face,
    face_rank,
    face_suit,
    natural_face,
    opens,
    run_fits,
    run_number,
    run_rank,
    set_fits,
    withheld_discard,
)
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
    if type(state) is not State:  # `require_state`, inline: every decision asks
        require_state(state)
    phase = state.phase
    if phase is _PLAY:
        seat = state.to_play
        assert seat is not None
        hand = state.hands[seat]
        blocked = withheld_discard(state.drawn, len(hand), state.rules)  # `discard_actions`, inline
        discards = [_DISCARDS[card.index] for card in hand if blocked is None or card.index != blocked.index]
        if not state.opened[seat]:  # no lay-off nor exchange before the opening (R8): `opening_actions`, inline
            found: list[Action] = [_meld_cards(melds) for melds in opening_groups(hand, state.rules.opening)]
            found += discards
            return tuple(found)
        table = _table(state.melds)
        faces = _hand_faces(hand)
        mask = faces[0]
        found = [_meld_cards((meld,)) for meld, _ in valued_options(hand)]  # `meld_actions` once opened: every meld
        if mask & table.lay_off_faces:
            found += _lay_offs(hand, faces, table)
        if mask & table.exchange_faces:
            found += _exchanges(hand, mask, table)
        found += discards
        return tuple(found)
    if phase is _DRAW:
        return _DRAWS if state.discard_pile else _DRAW_STOCK
    if phase is Phase.DEAL:
        return _DEAL
    if phase is Phase.ROUND_COMPLETE:
        return _SCORE
    return ()


_PLAY, _DRAW = Phase.PLAY, Phase.DRAW
_DRAWS, _DRAW_STOCK, _DEAL, _SCORE = (DrawStock(), DrawDiscard()), (DrawStock(),), (Deal(),), (ScoreRound(),)
"""The actions of a draw, a deal and the scoring: always the same values (frozen), built once."""


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
        hand = state.hands[seat]
        yield from _lay_offs(hand, _hand_faces(hand), _table(state.melds))  # a state's melds and seat need no check


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
    checked, table = tuple(sorted(hand_of(hand, "hand"))), table_of(melds)
    seat_number(seat, "seat")  # whether a card fits does not depend on who lays it off
    return _lay_offs(checked, _hand_faces(checked), _table(table))


def _hand_faces(hand: Sequence[RommeCard]) -> tuple[int, dict[int, RommeCard]]:
    """The faces ``hand`` holds (`face`, a joker `JOKER_FACE`), as a mask and with each one's lowest copy: the
    first, the hand being sorted (a state's hands are)."""
    mask = 0
    lowest: dict[int, RommeCard] = {}
    for card in hand:
        number = _FACE_OF[card.index]
        if not mask >> number & 1:
            lowest[number] = card
            mask |= 1 << number
    return mask, lowest


_FACE_OF = tuple(face(index) for index in range(MOST_CARDS))
"""`face`, by sorting index: read in every `_hand_faces`."""


def _lay_offs(hand: Sequence[RommeCard], faces: tuple[int, dict[int, RommeCard]], table: _Table) -> Iterator[LayOff]:
    """`lay_offs_onto` without its checks, for a state's own melds and seat (every `legal_actions`): for each
    meld, the faces that fit it (`_Facts`) that the hand holds (``faces``, `_hand_faces`), each with its lowest
    copy, the first joker last."""
    mask, lowest = faces
    if not mask & table.lay_off_faces:
        return
    for index, facts in enumerate(table.facts):
        if mask & facts.lay_off_faces:
            for number, ends in facts.lay_offs:
                if mask >> number & 1:
                    laid = lowest[number]
                    for end in ends:
                        yield _lay_off(laid, index, end)


def _lay_off(card: RommeCard, meld: int, end: End | None) -> LayOff:
    """A `LayOff` of values the options found (a card, a meld's index, an end): built without its checks."""
    action: LayOff = object.__new__(LayOff)
    object.__setattr__(action, "card", card)
    object.__setattr__(action, "meld", meld)
    object.__setattr__(action, "end", end)
    return action


class _Facts(NamedTuple):
    """What a meld on the table takes (R9, R10), by face (`face`; a joker `JOKER_FACE`), whoever plays: whether a
    card fits does not depend on its copy, nor on who lays it off.

    Attributes:
        meld: The meld.
        lay_offs: The faces that fit it as a lay-off, in face order, each with the ends where it fits (None for
            a set): in a set, a natural card of its rank in a suit it lacks, or a joker; at a run's end, the
            natural card of its suit next to it (the ace below a two or above a king), or a joker. Each is asked
            of the meld homes, `set_fits` and `run_fits`, for the meld it would make (the places already there
            keep what they stand for).
        exchanges: Its jokers, each (place, the joker, the faces that may take its place: `unfit_exchange`).
        lay_off_faces: The faces of ``lay_offs``, as a mask: a hand that holds none lays nothing off here.
        exchange_faces: The faces of ``exchanges``, as a mask.
    """

    meld: Meld
    lay_offs: tuple[tuple[int, tuple[End | None, ...]], ...]
    exchanges: tuple[tuple[int, RommeCard, frozenset[int]], ...]
    lay_off_faces: int
    exchange_faces: int


_KNOWN: dict[int, _Facts] = {}
"""The `_Facts` of the melds seen lately, by the meld's id: a table's melds stay from turn to turn (each entry
keeps its meld, so that the id stays its own)."""

_MOST_KNOWN = 4096
"""How many melds `_KNOWN` remembers before it is emptied."""

_SUITS = tuple(Suit)

_CARD_OF = {face(index): card_at(index) for index in reversed(range(MOST_CARDS))}
"""A card of each face, its first copy: the one `_facts` asks `unfit_exchange` about."""


class _Table(NamedTuple):
    """What the melds on a table take (R9, R10), meld by meld.

    Attributes:
        melds: The melds.
        facts: Each meld's `_Facts`, in table order.
        lay_off_faces: The faces that fit some meld, as a mask: a hand that holds none has no lay-off.
        exchange_faces: The faces that may take some joker's place, as a mask.
    """

    melds: tuple[Meld, ...]
    facts: tuple[_Facts, ...]
    lay_off_faces: int
    exchange_faces: int


_TABLES: dict[int, _Table] = {}
"""The `_Table` of the tables seen lately, by the id of their melds' tuple, which a state keeps until a meld
changes (each entry keeps its melds, so that the id stays theirs)."""


def _table(melds: tuple[Meld, ...]) -> _Table:
    """What the melds on a table take (see `_Table`), remembered."""
    known = _TABLES.get(id(melds))
    if known is not None and known.melds is melds:
        return known
    every = tuple([_facts(meld) for meld in melds])
    fitting = exchanging = 0
    for facts in every:
        fitting |= facts.lay_off_faces
        exchanging |= facts.exchange_faces
    if len(_TABLES) >= _MOST_KNOWN:
        _TABLES.clear()
    table = _TABLES[id(melds)] = _Table(melds, every, fitting, exchanging)
    return table


def _facts(meld: Meld) -> _Facts:
    """What ``meld`` takes (see `_Facts`), remembered."""
    known = _KNOWN.get(id(meld))
    if known is not None and known.meld is meld:
        return known
    if len(_KNOWN) >= _MOST_KNOWN:
        _KNOWN.clear()
    lay_offs, exchanges = _lay_offs_of(meld), _exchanges_of(meld)
    fitting = exchanging = 0
    for number, _ in lay_offs:
        fitting |= 1 << number
    for _, _, faces in exchanges:
        for number in faces:
            exchanging |= 1 << number
    facts = _KNOWN[id(meld)] = _Facts(meld, lay_offs, exchanges, fitting, exchanging)
    return facts


def _exchanges_of(meld: Meld) -> tuple[tuple[int, RommeCard, frozenset[int]], ...]:
    numbers = [face(place.card.index) for place in meld.places]
    if JOKER_FACE not in numbers:
        return ()
    found = []
    held = {face_suit(number) for number in numbers if number != JOKER_FACE}
    for position, place in enumerate(meld.places):
        if numbers[position] == JOKER_FACE:  # ask `unfit_exchange`: the card it stands for, or a suit the set lacks
            rank = int(place.rank) - 2
            suits = [_SUITS.index(place.suit)] if place.suit is not None else [
                suit for suit in range(4) if suit not in held]
            faces = frozenset(number for number in (natural_face(rank, suit) for suit in suits)
                              if unfit_exchange(meld, position, _CARD_OF[number]) is None)
            found.append((position, place.card, faces))
    return tuple(found)


def _lay_offs_of(meld: Meld) -> tuple[tuple[int, tuple[End | None, ...]], ...]:
    places = meld.places
    naturals = [number for number in (face(place.card.index) for place in places) if number != JOKER_FACE]
    jokers = len(places) - len(naturals)
    found: list[tuple[int, tuple[End | None, ...]]] = []
    if meld.kind == "set":
        suits = 0
        for number in naturals:
            suits |= 1 << face_suit(number)
        rank = face_rank(naturals[0])
        for suit in range(4):
            if not suits >> suit & 1 and set_fits(suits | 1 << suit, len(naturals) + 1, jokers):
                found.append((natural_face(rank, suit), (None,)))
        if set_fits(suits, len(naturals), jokers + 1):
            found.append((JOKER_FACE, (None,)))
    else:
        suit = face_suit(naturals[0])
        low, high = _run_number(places[0]), _run_number(places[-1])
        ends: dict[int, tuple[End, ...]] = {}
        if low > 1 and run_fits(low - 1, len(naturals) + 1, jokers):
            ends[natural_face(run_rank(low - 1), suit)] = ("low",)
        if high < 14 and run_fits(low, len(naturals) + 1, jokers):
            number = natural_face(run_rank(high + 1), suit)
            ends[number] = (*ends.get(number, ()), "high")
        found += sorted((number, at) for number, at in ends.items() if number not in naturals)  # no copy twice (R6)
        at: tuple[End, ...] = tuple(end for end, start in (("low", low - 1), ("high", low))  # type: ignore[misc]
                                    if run_fits(start, len(naturals), jokers + 1))
        if at:
            found.append((JOKER_FACE, at))
    return tuple(found)


def _run_number(place: Place) -> int:
    """A run place's number (`run_number`): 2-13, the ace 1 when low and 14 when high (R5)."""
    return run_number(int(place.rank) - 2, place.value == 1)


def exchange_options(state: State) -> Iterator[ExchangeJoker]:
    """Every joker exchange the player to play can make now, with each new meld for the joker (R10).

    Examples:
        >>> from concombre.games.romme import new_game
        >>> list(exchange_options(new_game(2, seed=1)))
        []
    """
    seat = _opened_player(state)
    if seat is not None:
        hand = state.hands[seat]
        yield from _exchanges(hand, _hand_faces(hand)[0], _table(state.melds))


def _exchanges(hand: Sequence[RommeCard], mask: int, table: _Table) -> Iterator[ExchangeJoker]:
    """`exchange_options` of a hand holding the faces ``mask`` (`_hand_faces`) at ``table``."""
    if not mask & table.exchange_faces:
        return
    for index, facts in enumerate(table.facts):
        if not mask & facts.exchange_faces:
            continue
        for position, joker, faces in facts.exchanges:
            # the hand's cards that `exchange_joker` takes (only the joker's rank fits, R10), in hand order
            for card in dict.fromkeys(card for card in hand if _FACE_OF[card.index] in faces):
                rest = [other for other in hand if other != card] + [joker]
                for new, _ in valued_options(rest):  # the hand's own cards and the joker need no check
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
    yield from single_melds(valued_options(state.hands[seat]), state.opened[seat], state.rules.opening)


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
    for melds in opening_groups(state.hands[seat], state.rules.opening):
        yield _meld_cards(melds)
