"""What one seat may see of a game of German Rommé as 465 numbers from -1 to 1, for learning (needs numpy), with
the move it is building in parts (`concombre.games.romme.parts`).

The vector is built from what the seat may see only: its own hand, the table, the discard pile, what every
seat holds in number, and the cards the seats took from the discard pile in sight of all (the environments
remember those, `taken_after`). Two states that differ only in cards the seat cannot see give the same
vector. Cards are numbered by their sorting index (`RommeCard.index`, 0-109, the card parts' order), faces
by `concombre.games.romme.rules.face` (0-51, then 52 for the jokers); seats go left from the seat observing.

| piece of `LAYOUT` | slice | what |
| --- | --- | --- |
| `hand` | 0-109 | the seat's hand by card, with the move being built (below) |
| `taken` | 110-219 | by card: taken from the discard pile and not shown since, (seat + 1) / 6; -1 the pile's top |
| `discard_pile` | 220-272 | the discard pile by face: copies / 2, jokers / 6 |
| `melds` | 273-416 | 36 slots of 4 (`MELD_FEATURES`), one per meld on the table in order (below) |
| `jokers` | 417-428 | 6 slots of 2, one per joker JK1-JK6: its meld + 1 / 36, its place + 1 / 13 |
| `seats` | 429-452 | 6 slots of 4 (`SEAT_FEATURES`), one per seat: score, opened (R8), cards held, melded |
| `stock` | 453 | the stock's size / 110 |
| `rebuilds` | 454 | the stock's rebuilds this round / 3 (R12) |
| `round` | 455 | the round / the regular rounds (one per player, R4), at most 1 |
| `tie_break` | 456 | 1 in a tie-break round (R14) |
| `phase` | 457-461 | the phase: deal, draw, play, round complete, game over |
| `to_play` | 462 | 1 when the seat is to play |
| `place` | 463 | the joker's place + 1 / 13, once a joker exchange being built has chosen it |
| `opening` | 464 | what an opening must be worth / 60 (R8) |

- `hand`: 1 for a card held. While the seat builds a move (`concombre.games.romme.parts`), -1 marks a card
  chosen for the meld being built (or for a discard, or an exchange's new meld, its joker from the table
  too), and -0.5 a card in a meld closed in this move, or given to the target of a lay-off or an exchange.
- `taken`: the seat is counted from this one going left (this one 1/6); 0 where no seat took the card. A
  card leaves it when its taker melds, lays off or discards it. The card on top of the discard pile, which the
  seat to draw may take, is -1.
- `melds`: kind (0.5 a set, 1 a run; negative for the target of the move being built); low (a set's rank,
  a run's lowest place: 1 for a low ace .. 14 for a high one) / 14; high / 14; suits (a run's suit + 1 / 4
  in `concombre.Suit` order; a set's suits of its natural cards as bits / 15). Jokers are in `jokers`.
- `seats`: from this seat going left, 0 past the players: the score / 500 (clipped to -1..1), opened, cards
  held / 14, and the value of the places the seat filled on the table this round (what R13 counts) / 150, at
  most 1.

Examples:
    >>> from concombre.romme import deal, new_game
    >>> vector = encode_state(deal(new_game(3, seed=1)), 0)
    >>> vector.shape, int(vector[LAYOUT.hand.start:LAYOUT.hand.stop].sum())
    ((465,), 13)
"""

from __future__ import annotations

import attrs
import numpy as np
import numpy.typing as npt

from concombre.core.cards import Suit
from concombre.core.errors import InvalidArgumentError, require_seat
from concombre.games.romme.actions import (
    MOST_MELDS,
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
from concombre.games.romme.cards import MOST_CARDS, RommeCard
from concombre.games.romme.melds import MOST_PLACES, Meld
from concombre.games.romme.parts import building
from concombre.games.romme.rules import FACES, MAX_PLAYERS, face, run_number
from concombre.games.romme.state import Phase, State, require_state
from concombre.games.romme.views import View, require_view

__all__ = ["LAYOUT", "MELD_FEATURES", "OBSERVATION_SIZE", "SEAT_FEATURES", "Layout", "Piece", "Taken",
           "encode_state", "encode_view", "taken_after", "view_text"]


@attrs.frozen
class Piece:
    """A named piece of the observation vector: where it starts and how many numbers it holds.

    Attributes:
        name: What the piece holds, in words.
        start: Its first position in the vector.
        size: How many numbers it holds.

    Examples:
        >>> LAYOUT.melds.stop
        417
    """

    name: str
    start: int
    size: int

    @property
    def stop(self) -> int:
        """The position just after the piece."""
        return self.start + self.size


MELD_FEATURES = ("kind", "low", "high", "suits")
"""The numbers of each meld's slot in `LAYOUT.melds`, in order (see the module).

Examples:
    >>> MELD_FEATURES.index("high")
    2
"""

SEAT_FEATURES = ("score", "opened", "held", "melded")
"""The numbers of each seat's slot in `LAYOUT.seats`, in order: score / 500, opened (R8), cards held / 14, the
value of the places it filled on the table this round (R13) / 150.

Examples:
    >>> len(SEAT_FEATURES)
    4
"""

_JOKERS = 6  # the most jokers a pack holds (R2)
_FACES = FACES + 1  # the natural faces, then the jokers' face


@attrs.frozen
class Layout:
    """The observation's pieces, each starting where the one before stops (see the module for each).

    Attributes:
        hand: The seat's hand by card, with the move being built.
        taken: The cards taken from the discard pile and not shown since, by card, with who took them; and the
            discard pile's top card.
        discard_pile: The discard pile by face.
        melds: One slot of `MELD_FEATURES` per meld on the table.
        jokers: Where each joker is on the table.
        seats: One slot of `SEAT_FEATURES` per seat, from the observing seat going left.
        stock: The stock's size.
        rebuilds: The stock's rebuilds this round.
        round: The round, against the regular rounds.
        tie_break: Whether the round is a tie-break.
        phase: The phase, one of five.
        to_play: Whether the seat is to play.
        place: The place of the joker an exchange being built aims at.
        opening: What an opening must be worth.

    Examples:
        >>> [piece.name for piece in LAYOUT.pieces][:4]
        ['hand', 'taken', 'discard pile', 'melds']
        >>> LAYOUT.seats.start, LAYOUT.size
        (429, 465)
    """

    hand: Piece
    taken: Piece
    discard_pile: Piece
    melds: Piece
    jokers: Piece
    seats: Piece
    stock: Piece
    rebuilds: Piece
    round: Piece
    tie_break: Piece
    phase: Piece
    to_play: Piece
    place: Piece
    opening: Piece

    @property
    def pieces(self) -> tuple[Piece, ...]:
        """Every piece, in order."""
        return tuple(getattr(self, field.name) for field in attrs.fields(Layout))

    @property
    def size(self) -> int:
        """The length of the vector."""
        return self.opening.stop


def _stacked(*pieces: tuple[str, int]) -> list[Piece]:
    starts = [0]
    for _, size in pieces:
        starts.append(starts[-1] + size)
    return [Piece(name, start, size) for (name, size), start in zip(pieces, starts, strict=False)]


LAYOUT = Layout(*_stacked(
    ("hand", MOST_CARDS), ("taken", MOST_CARDS), ("discard pile", _FACES),
    ("melds", MOST_MELDS * len(MELD_FEATURES)), ("jokers", 2 * _JOKERS), ("seats", MAX_PLAYERS * len(SEAT_FEATURES)),
    ("stock", 1), ("rebuilds", 1), ("round", 1), ("tie-break", 1), ("phase", len(Phase)), ("to play", 1),
    ("place", 1), ("opening", 1)))
"""Where each piece of the observation lies (see `Layout` and the module).

Examples:
    >>> LAYOUT.discard_pile
    Piece(name='discard pile', start=220, size=53)
"""

OBSERVATION_SIZE = LAYOUT.size
"""The length of the observation: 465 numbers.

Examples:
    >>> OBSERVATION_SIZE
    465
"""

Taken = tuple[frozenset[int], ...]
"""What the seats took from the discard pile this round and have not shown since: for each seat, the sorting
indexes of those cards (`taken_after` keeps it up to date).

Examples:
    >>> from concombre.romme import Deal, new_game
    >>> taken_after(None, new_game(2, seed=1), Deal())
    (frozenset(), frozenset())
"""

_PHASES = {phase: index for index, phase in enumerate(Phase)}
_SUITS = {suit: index for index, suit in enumerate(Suit)}
_PILE_SCALE = np.array([0.5] * FACES + [1 / _JOKERS], dtype=np.float32)
_HAND, _TAKEN, _PILE, _MELDS, _JOKER, _SEATS = (piece.start for piece in LAYOUT.pieces[:6])
_STOCK, _REBUILDS, _ROUND, _TIE, _PHASE, _TO_PLAY, _PLACE, _OPENING = (piece.start for piece in LAYOUT.pieces[6:])


def taken_after(taken: Taken | None, state: State, action: Action) -> Taken:
    """What the seats have taken from the discard pile and not shown, after ``action`` is taken in ``state``:
    a card drawn from the discard pile is added to its taker's, and a card melded, laid off or discarded leaves
    it; a deal starts the round with nothing taken. ``None`` is nothing remembered yet. Only what every seat
    sees is read: the discard pile's top, and the cards an action shows.

    Raises:
        InvalidArgumentError: ``state`` or ``action`` is not of Rommé, or ``taken`` is not one set a seat.

    Examples:
        >>> from concombre.romme import DrawDiscard, apply, deal, new_game
        >>> state = deal(new_game(2, seed=1))
        >>> taken = taken_after(None, state, DrawDiscard())     # seat 1 takes the discard pile's top card
        >>> taken == (frozenset(), frozenset({state.discard_pile[-1].index}))
        True
    """
    players = len(require_state(state).players)
    if type(action) is Deal:
        return (frozenset(),) * players
    if taken is None:
        taken = (frozenset(),) * players
    elif type(taken) is not tuple or len(taken) != players or any(type(cards) is not frozenset for cards in taken):
        raise InvalidArgumentError(f"taken must hold one frozenset of card indexes a seat ({players}), not "
                                   f"{taken!r}.", field="taken")
    seat = state.to_play
    if type(action) is DrawDiscard:
        if seat is None or not state.discard_pile:
            return taken
        return (*taken[:seat], taken[seat] | {state.discard_pile[-1].index}, *taken[seat + 1:])
    if type(action) in (DrawStock, ScoreRound):
        return taken
    shown = _shown(action)
    if seat is None or not taken[seat] & shown:
        return taken
    return (*taken[:seat], taken[seat] - shown, *taken[seat + 1:])


def _shown(action: Action) -> frozenset[int]:
    if type(action) is Discard or type(action) is LayOff:
        return frozenset((action.card.index,))
    if type(action) is MeldCards:
        return frozenset(card.index for meld in action.melds for card in meld)
    if type(action) is ExchangeJoker:
        return frozenset(card.index for card in (action.card, *action.new_meld))
    raise InvalidArgumentError(f"Expected a Rommé action (DrawStock, MeldCards, Discard...), not {action!r}.",
                               field="action")


def encode_state(state: State, seat: int, built: tuple[int, ...] = (), taken: Taken | None = None
                 ) -> npt.NDArray[np.float32]:
    """What ``seat`` may see of ``state`` as the observation (see the module), with the parts ``built`` so far
    of its move (only while it is to play) and what the seats have ``taken`` from the discard pile (None:
    only the card this seat took this turn, as its view shows it).

    Raises:
        InvalidArgumentError: ``seat`` is not a seat, ``built`` not parts, or ``taken`` not one set a seat.

    Examples:
        >>> from concombre.romme import deal, new_game
        >>> vector = encode_state(deal(new_game(2, seed=1)), 1)
        >>> float(vector[LAYOUT.to_play.start]), float(vector[LAYOUT.stock.start] * 110)
        (1.0, 81.0)
    """
    players = len(require_state(state).players)
    require_seat(seat, players, "seat")
    mover = state.to_play == seat
    vector = _common(state, seat, state.hands[seat], state.drawn if mover else None, len(state.stock))
    if taken is not None:
        if type(taken) is not tuple or len(taken) != players:
            raise InvalidArgumentError(f"taken must hold one frozenset of card indexes a seat ({players}), not "
                                       f"{taken!r}.", field="taken")
        for step in range(players):
            cards = taken[(seat + step) % players]
            if cards:
                vector[[_TAKEN + index for index in cards]] = (step + 1) / 6
    if built and mover and state.phase is Phase.PLAY:
        _built(vector, built)
    return vector


def encode_view(seen: View) -> npt.NDArray[np.float32]:
    """The observation of a view, with nothing built and nothing remembered (`encode_state` with its defaults
    gives the same vector straight from the state).

    Examples:
        >>> from concombre.romme import deal, new_game, view
        >>> state = deal(new_game(3, seed=1))
        >>> bool((encode_view(view(state, 2)) == encode_state(state, 2)).all())
        True
    """
    require_view(seen)
    return _common(seen, seen.seat, seen.hand, seen.drawn, seen.stock_size)


def _common(source: State | View, seat: int, hand: tuple[RommeCard, ...], drawn: RommeCard | None,
            stock: int) -> npt.NDArray[np.float32]:
    """The vector of what a state and a view both tell: all but the move built and what others took."""
    vector = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    if hand:
        vector[[card.index for card in hand]] = 1.0
    if drawn is not None:
        vector[_TAKEN + drawn.index] = 1 / 6
    pile = source.discard_pile
    if pile:
        faces = _FACE_OF[[card.index for card in pile]]
        vector[_PILE:_MELDS] = np.bincount(faces, minlength=_FACES) * _PILE_SCALE
        vector[_TAKEN + pile[-1].index] = -1.0
    melded: tuple[float, ...] = ()
    if source.melds:
        vector[_MELDS:_SEATS], melded = _table(source.melds)
    players = len(source.players)
    opened, sizes, scores = source.opened, source.hand_sizes, source.scores
    seats: list[float] = []
    for step in range(players):
        other = (seat + step) % players
        seats += (max(-1.0, min(scores[other] / 500, 1.0)), opened[other], min(sizes[other] / 14, 1.0),
                  melded[other] if other < len(melded) else 0.0)
    vector[_SEATS:_SEATS + len(seats)] = seats
    vector[_STOCK:_PHASE] = (stock / MOST_CARDS, source.rebuilds / 3, min(source.round_number / players, 1.0),
                             source.round_number > players)
    vector[_PHASE + _PHASES[source.phase]] = 1.0
    vector[_TO_PLAY] = source.to_play == seat
    vector[_OPENING] = source.rules.opening / 60
    return vector


_FACE_OF = np.array([face(index) for index in range(MOST_CARDS)], dtype=np.intp)  # each card's face, by its home
_Table = tuple[npt.NDArray[np.float32], tuple[float, ...]]
_last_table: tuple[tuple[Meld, ...], _Table] = ((), (np.zeros(_SEATS - _MELDS, dtype=np.float32), ()))


def _table(melds: tuple[Meld, ...]) -> _Table:
    """The pieces `melds` and `jokers` of the melds on the table, and what each seat's places on it are worth
    (R13) as `seats` shows it: worked out once for the table's melds as they stand (they change only when a
    player melds, lays off or exchanges), for every seat and every step."""
    global _last_table
    known, table = _last_table
    if known is melds:
        return table
    section = np.zeros(_SEATS - _MELDS, dtype=np.float32)
    worth = [0] * MAX_PLAYERS
    for number, meld in enumerate(melds):
        _meld(section, number, meld)
        for place in meld.places:
            worth[place.owner] += place.value
    table = (section, tuple(min(value / 150, 1.0) for value in worth))
    _last_table = (melds, table)
    return table


def _meld(section: npt.NDArray[np.float32], number: int, meld: Meld) -> None:
    base = number * len(MELD_FEATURES)
    places = meld.places
    if meld.kind == "run":
        first, last = places[0], places[-1]
        section[base:base + 4] = (1.0, run_number(int(first.rank) - 2, True) / 14,
                                  run_number(int(last.rank) - 2, False) / 14,
                                  (_SUITS[first.suit] + 1) / 4)  # type: ignore[index]
    else:
        rank = run_number(int(places[0].rank) - 2, False) / 14
        suits = [_SUITS[place.suit] for place in places if place.suit is not None]  # a set's joker has none
        section[base:base + 4] = (0.5, rank, rank, sum(1 << suit for suit in suits) / 15)
    for position, place in enumerate(places):
        if place.card.is_joker:
            slot = _JOKER - _MELDS + 2 * (place.card.copy - 1)
            section[slot:slot + 2] = ((number + 1) / MOST_MELDS, (position + 1) / MOST_PLACES)


def _built(vector: npt.NDArray[np.float32], built: tuple[int, ...]) -> None:
    move = building(built)
    if move.selection:
        vector[list(move.selection)] = -1.0
    given = [index for meld in move.melds for index in meld]
    if move.card is not None:
        given.append(move.card)
    if given:
        vector[given] = -0.5
    if move.target is not None:
        kind = _MELDS + move.target * len(MELD_FEATURES)
        vector[kind] = -vector[kind]
    if move.place is not None:
        vector[_PLACE] = (move.place + 1) / MOST_PLACES


def view_text(seen: View) -> str:
    """A view as one line of text: the seat, round, phase, hand, table, discard pile and scores.

    Examples:
        >>> from concombre.romme import deal, new_game, view
        >>> view_text(view(deal(new_game(2, seed=1)), 0)).startswith("p0 r1 draw hand ")
        True
    """
    require_view(seen)
    melds = " / ".join(str(meld) for meld in seen.melds)
    return (
        f"p{seen.seat} r{seen.round_number} {seen.phase.value} hand {' '.join(map(str, seen.hand))}"
        f" table {melds} pile {' '.join(map(str, seen.discard_pile))} scores {seen.scores}"
    )
