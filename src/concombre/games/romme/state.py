"""The immutable state of a game of German Rommé, and what can be read off it."""

from __future__ import annotations

import enum
from typing import Union

import attrs

from concombre.core.errors import InvalidArgumentError, require_seat
from concombre.core.render import Picture, Pictured
from concombre.core.seats import MatchProperties, state_writers
from concombre.games.romme import render
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.melds import Meld
from concombre.games.romme.rules import Rules

__all__ = ["Match", "Phase", "RoundResult", "State", "require_state"]


class Phase(enum.Enum):
    """What a game of Rommé waits for (R7).

    Examples:
        >>> from concombre.games.romme import Phase, new_game
        >>> new_game(2, seed=1).phase is Phase.DEAL
        True
    """

    DEAL = "deal"
    """Waiting for the deal of the next round."""
    DRAW = "draw"
    """Waiting for `State.to_play` to draw from the stock or the discard pile."""
    PLAY = "play"
    """The player has drawn: they may meld, lay off and exchange jokers, and end the turn with a discard."""
    ROUND_COMPLETE = "round complete"
    """A player went out (R11), or the stock ran out for good (R12): waiting for the scoring."""
    GAME_OVER = "game over"
    """The last round is scored and one player has the highest total (R14)."""


@attrs.frozen
class RoundResult:
    """What scoring a round did (R13).

    Attributes:
        round_number: The round scored.
        out: The seat that went out (R11), or None when the stock ran out (R12).
        meld_values: The value of the places each seat filled.
        hand_values: The value of the cards each seat was left holding.
        scores: What each seat scored this round (0 for seats sitting out).

    Examples:
        >>> from concombre.games.romme import RoundResult
        >>> RoundResult(1, 0, (52, 20), (0, 31), (52, -11)).scores
        (52, -11)
    """

    round_number: int
    out: int | None
    meld_values: tuple[int, ...]
    hand_values: tuple[int, ...]
    scores: tuple[int, ...]


@attrs.frozen
class Match:
    """What lasts through a round of Rommé: players, rules, seed, dealer, totals.

    Read it through `State`, which offers every field here as a property.

    Attributes:
        rules: The rules of the game.
        players: The players' names, by seat.
        seed: The seed every shuffle is drawn from.
        dealer: The dealer of this round (or the next, before the deal).
        round_number: The current round, from 1.
        contenders: The seats playing this round: everyone, or in a
            tie-break round the players tied for the lead (R14).
        scores: Each seat's match total (R13): the regular rounds' points only.
        tie_break_points: Each seat's points from tie-break rounds, kept apart
            from the totals (R14a); all 0 until a tie-break is scored.
        last_result: What scoring the previous round did, or None.

    Examples:
        >>> from concombre.games.romme import new_game
        >>> new_game(["Ann", "Bob"], seed=3).match.players
        ('Ann', 'Bob')
    """

    rules: Rules
    players: tuple[str, ...]
    seed: int
    dealer: int
    round_number: int
    contenders: tuple[int, ...]
    scores: tuple[int, ...]
    tie_break_points: tuple[int, ...]
    last_result: RoundResult | None


Hand = tuple[RommeCard, ...]

Round = tuple[
    Phase, Union[int, None], tuple[Hand, ...], Hand, Hand, tuple[Meld, ...], tuple[bool, ...], int,
    Union[RommeCard, None],
]
"""The round in play, the inner form of `State`, in the order of `ROUND_FIELDS`; the state's properties of
those names read it.

A plain tuple rather than a `typing.NamedTuple`: a draw and a discard build one each, and a named tuple costs
14% more instructions per turn (measured). Only this module and the transitions' hot paths (`draw_stock`,
`discard`, which unpack it in one read) touch it by position; everything else reads the properties, and
`replaced` changes it by name.
"""

ROUND_FIELDS = ("phase", "to_play", "hands", "stock", "discard_pile", "melds", "opened", "rebuilds", "drawn")
"""The names of `Round`'s parts, in order: each is also a property of `State`.

Examples:
    >>> from concombre.games.romme import new_game
    >>> state = new_game(2, seed=1)
    >>> [getattr(state, name) for name in ROUND_FIELDS][:2]
    [<Phase.DEAL: 'deal'>, None]
"""


@attrs.frozen(repr=False)
class State(MatchProperties[Rules], Pictured):
    """The whole state of a game of Rommé, hidden cards included.

    Give players `concombre.games.romme.view` of it, never the state: it holds every
    hand, the stock and the seed. The fields of its `Match` and of the
    round in play are properties of the state.

    Attributes:
        match: What lasts through the round (see `Match`).

    Examples:
        >>> from concombre.games.romme import deal, new_game
        >>> state = deal(new_game(["Ann", "Bob"], seed=3))
        >>> state.phase.value, state.to_play, [len(hand) for hand in state.hands], len(state.stock)
        ('draw', 1, [13, 13], 81)
    """

    match: Match
    # The round in one tuple, so that a draw or a discard builds two small
    # objects rather than one with eighteen fields (see `Round`).
    _round: Round

    @property
    def contenders(self) -> tuple[int, ...]:
        """The seats playing this round (R14)."""
        return self.match.contenders

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's match total (R13); tie-break rounds never change it (R14a)."""
        return self.match.scores

    @property
    def tie_break_points(self) -> tuple[int, ...]:
        """Each seat's points from tie-break rounds, kept apart from `scores` (R14a)."""
        return self.match.tie_break_points

    @property
    def in_tie_break(self) -> bool:
        """Whether the current round is a tie-break round (R14, R14a).

        Examples:
            >>> from concombre.games.romme import new_game
            >>> new_game(2, seed=1).in_tie_break
            False
        """
        return self.round_number > self.regular_rounds

    @property
    def last_result(self) -> RoundResult | None:
        """What scoring the previous round did, or None."""
        return self.match.last_result

    @property
    def phase(self) -> Phase:
        """What the game waits for."""
        return self._round[0]

    @property
    def to_play(self) -> int | None:
        """The seat whose turn it is, or None."""
        return self._round[1]

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Each seat's hand, sorted."""
        return self._round[2]

    def hand(self, seat: int) -> Hand:
        """The cards ``seat`` holds, sorted (as Concombre's `concombre.State.hand`).

        Raises:
            InvalidArgumentError: ``seat`` is not a seat of the game.

        Examples:
            >>> from concombre.romme import deal, new_game
            >>> len(deal(new_game(2, seed=3)).hand(0))
            13
        """
        require_seat(seat, len(self._round[2]), "seat")
        return self._round[2][seat]

    @property
    def stock(self) -> Hand:
        """The face-down stock; its top card is the last."""
        return self._round[3]

    @property
    def discard_pile(self) -> Hand:
        """The discard pile; its top card is the last."""
        return self._round[4]

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The melds on the table, in the order they were put down."""
        return self._round[5]

    @property
    def opened(self) -> tuple[bool, ...]:
        """Whether each seat has made its opening this round (R8)."""
        return self._round[6]

    @property
    def rebuilds(self) -> int:
        """How often the stock was rebuilt this round (R7, R12)."""
        return self._round[7]

    @property
    def drawn(self) -> RommeCard | None:
        """The card the player to play took from the discard pile this turn, if any (R7a)."""
        return self._round[8]

    @property
    def out(self) -> int | None:
        """The seat that went out this round (R11): the one left with an empty hand, if any."""
        if self.phase is not Phase.ROUND_COMPLETE:
            return None
        return next((seat for seat in self.contenders if not self.hands[seat]), None)

    @property
    def regular_rounds(self) -> int:
        """The rounds of the game before any tie-break: one per player (R4)."""
        return len(self.players)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (`Phase.GAME_OVER`): the loop's test that holds for either game's state.

        Examples:
            >>> from concombre.romme import new_game
            >>> new_game(3, seed=1).is_over
            False
        """
        return self._round[0] is Phase.GAME_OVER

    @property
    def winner(self) -> int | None:
        """The seat with the highest total once the game is over (R14), else None.

        After a tie-break it is the tied player with the most tie-break points (R14a).
        """
        if self.phase is not Phase.GAME_OVER:
            return None
        return max(self.contenders, key=lambda seat: (self.scores[seat], self.tie_break_points[seat]))

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(hand) for hand in self.hands)

    def meld_value(self, seat: int) -> int:
        """The value of the places ``seat`` filled this round (R13)."""
        return sum(meld.value_for(seat) for meld in self.melds)

    def __repr__(self) -> str:
        parts = [f"round={self.round_number}", f"phase={self.phase.value!r}"]
        if self.to_play is not None:
            parts.append(f"to_play={self.to_play}")
        parts += [f"dealer={self.dealer}", f"scores={self.scores}"]
        if any(self.tie_break_points):
            parts.append(f"tie_break_points={self.tie_break_points}")
        return f"<romme.State {' '.join(parts)}>"

    def _picture(self) -> Picture:
        return render.picture(self)


SET_MATCH, SET_ROUND = state_writers(State)  # the transitions build their states with these (see make_state)


def make_state(match: Match, round_in_play: Round) -> State:
    """The state of ``match`` with ``round_in_play``: the one constructor the transitions and the loader use.

    Built by its slots, a third of the cost of ``State(match, round_in_play)`` (the same value); it checks
    nothing, so only the transitions and the loader (which checks after) call it. `concombre.romme.draw_stock`
    and `concombre.romme.discard` build theirs the same way, inline.

    Examples:
        >>> from concombre.games.romme import new_game
        >>> state = new_game(2, seed=1)
        >>> make_state(state.match, state._round) == state
        True
    """
    state = object.__new__(State)
    SET_MATCH(state, match)
    SET_ROUND(state, round_in_play)
    return state


def replaced(state: State, **parts: object) -> State:
    """``state`` with these parts of the round in play (named as in `ROUND_FIELDS`) replaced; unchecked.

    Examples:
        >>> from concombre.games.romme import new_game
        >>> replaced(new_game(2, seed=1), rebuilds=1).rebuilds
        1
    """
    values: list[object] = list(state._round)
    for name, value in parts.items():
        values[_PLACE[name]] = value
    return make_state(state.match, tuple(values))  # type: ignore[arg-type]


_PLACE = {name: place for place, name in enumerate(ROUND_FIELDS)}
"""Each part of the round by name: its place in `Round`."""


def require_state(state: object) -> State:
    """``state`` if it is a Rommé `State`, else an `InvalidArgumentError` naming the ``state`` argument.

    Examples:
        >>> from concombre import InvalidArgumentError, new_game
        >>> try:
        ...     require_state(new_game(2, seed=1))     # a Concombre game
        ... except InvalidArgumentError as err:
        ...     print(err.field, "-", err.reason)
        state - Expected a German Rommé State (as concombre.romme.new_game returns it), not State.
    """
    if type(state) is not State:
        raise InvalidArgumentError(
            f"Expected a German Rommé State (as concombre.romme.new_game returns it), not {type(state).__name__}.",
            field="state",
        )
    return state
