"""The immutable state of a game of Concombre, and what can be read off it.

A `State` is made of a `Match` (what lasts from round to round: players,
rules, seed, dealer, scores, penalty cards, half cucumbers, eliminations) and
the round in progress (hands and the plays so far). Only the fields that
change during a round live on the state itself, so a play builds one small
object and shares everything else with the state before it.

States are reached only through the transitions in `concombre.games.concombre.transitions`
(C14); everything else here is read-only.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Union

import attrs

from concombre.core.cards import FULL_MASK, Card, card_at, cards_in_mask, index_of, mask_of
from concombre.core.errors import InvalidArgumentError, require_seat
from concombre.core.render import Picture, Pictured
from concombre.core.seats import MatchProperties, state_writers
from concombre.games.concombre import render
from concombre.games.concombre.rules import Rules, card_value, deal_size, next_active, winning_play

__all__ = ["Match", "Phase", "RoundResult", "State", "require_state", "trick_winner"]

SEAT_CARD: dict[tuple[int, int], tuple[int, Card]] = {
    (seat, index): (seat, card_at(index)) for seat in range(7) for index in range(52)
}
"""A play of the inner form, (seat, `PACK` index), as (seat, card): one look-up instead of building a pair.

Examples:
    >>> SEAT_CARD[(2, 51)]
    (2, Card.parse('AS'))
"""


def split_tricks(plays: tuple[tuple[int, Card], ...], end: int, size: int) -> tuple[tuple[tuple[int, Card], ...], ...]:
    """The first ``end`` plays, cut into tricks of ``size``.

    Examples:
        >>> split_tricks(((0, "QH"), (1, "2C"), (0, "3D"), (1, "AS"), (0, "4C")), 4, 2)
        (((0, 'QH'), (1, '2C')), ((0, '3D'), (1, 'AS')))
    """
    return tuple([plays[start : start + size] for start in range(0, end, size)])


class Phase(enum.Enum):
    """What the game is waiting for.

    Examples:
        >>> from concombre import Phase, new_game
        >>> new_game(3, seed=1).phase
        <Phase.DEAL: 'deal'>
    """

    DEAL = "deal"
    """Waiting for the deal of the next round."""
    PLAY = "play"
    """Waiting for `State.to_play` to play a card."""
    TRICK_COMPLETE = "trick complete"
    """Every active player has played to the trick; waiting for it to be resolved."""
    ROUND_COMPLETE = "round complete"
    """The last trick is resolved; waiting for the round to be scored."""
    GAME_OVER = "game over"
    """One active player remains: the winner (C13)."""


@attrs.frozen
class RoundResult:
    """What scoring a round did (C9-C11).

    Attributes:
        round_number: The round that was scored.
        loser: The seat that won the last trick and so took the penalty (C9).
        card: The card that won the last trick: the penalty card (C9).
        score: The loser's score after the round, after C10 or C11 applied.
        half_cucumber: The loser became half cucumber this round (C10).
        eliminated: The loser was eliminated this round (C11).
        returned: Penalty cards the loser handed back to the pack (C10, C11).

    Examples:
        >>> from concombre import Card, RoundResult
        >>> result = RoundResult(1, 2, Card.parse("9S"), 9, False, False, ())
        >>> result.penalty
        9
    """

    round_number: int
    loser: int
    card: Card
    score: int
    half_cucumber: bool
    eliminated: bool
    returned: tuple[Card, ...]

    @property
    def penalty(self) -> int:
        """The penalty points taken: the value of the penalty card (C9)."""
        return card_value(self.card)


@functools.lru_cache(maxsize=512)
def next_seats(eliminated: tuple[bool, ...]) -> tuple[int, ...]:
    """For each seat, the first active seat to its left (itself if none other) (C6, C12).

    Examples:
        >>> next_seats((False, True, False, False))
        (2, 2, 3, 0)
    """
    out = sum(1 << seat for seat, gone in enumerate(eliminated) if gone)
    return tuple(next_active(seat, out, len(eliminated)) for seat in range(len(eliminated)))


@attrs.frozen(cache_hash=True)  # hashed once: the encodings key a per-round cache on it
class Match:
    """What lasts from round to round: players, rules, seed, dealer, score table.

    Read it through `State`, which offers every field here as a property.

    Attributes:
        rules: The rules of the game.
        players: The players' names, by seat.
        seed: The seed from which every deal is shuffled (hidden from players).
        dealer: The dealer of the current (or next) round (C3, C12).
        round_number: The current round, from 1.
        scores: Each seat's score (C9-C11).
        penalty_cards: The penalty cards in front of each seat, in the order
            received (C9).
        half_cucumber: Whether each seat is half cucumber (C10).
        eliminated: Whether each seat is eliminated (C11).
        last_result: What scoring the previous round did, or None.
        next_seat: Derived from ``eliminated``: for each seat, the first
            active seat to its left.
        active_count: Derived from ``eliminated``: how many players are in.
        pack_size: Derived from ``penalty_cards``: the cards in the round's pack (C4).
        pack_mask: Derived from ``penalty_cards``: the round's pack as a bitmask (C4).
        deal_size: Derived: the cards dealt to each active player this round (C5).
        follow_lead: Derived from ``rules``: followers compare with the card led (C7).
        may_duck: Derived from ``rules``: the Danish rule is in force (C7).

    Examples:
        >>> from concombre import new_game
        >>> new_game(["Ann", "Bob"], seed=5).match.players
        ('Ann', 'Bob')
    """

    rules: Rules
    players: tuple[str, ...]
    seed: int
    dealer: int
    round_number: int
    scores: tuple[int, ...]
    penalty_cards: tuple[tuple[Card, ...], ...]
    half_cucumber: tuple[bool, ...]
    eliminated: tuple[bool, ...]
    last_result: RoundResult | None
    # Derived once per round, for the transitions' hot path.
    next_seat: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    active_count: int = attrs.field(init=False, eq=False, repr=False)
    follow_lead: bool = attrs.field(init=False, eq=False, repr=False)
    may_duck: bool = attrs.field(init=False, eq=False, repr=False)
    pack_size: int = attrs.field(init=False, eq=False, repr=False)
    pack_mask: int = attrs.field(init=False, eq=False, repr=False)
    deal_size: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "next_seat", next_seats(self.eliminated))
        object.__setattr__(self, "active_count", self.eliminated.count(False))
        object.__setattr__(self, "follow_lead", self.rules.follow == "lead")
        object.__setattr__(self, "may_duck", self.rules.may_duck)
        object.__setattr__(self, "pack_size", 52 - sum(len(cards) for cards in self.penalty_cards))
        held = mask_of(card for cards in self.penalty_cards for card in cards)
        object.__setattr__(self, "pack_mask", FULL_MASK & ~held)
        object.__setattr__(self, "deal_size", self._deal_size())

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The seats still in the game, in seat order."""
        return tuple(seat for seat, out in enumerate(self.eliminated) if not out)

    def _deal_size(self) -> int:
        """Cards dealt to each active player this round (C5)."""
        wanted = self.rules.first_deal if self.last_result is None else card_value(self.last_result.card)
        return deal_size(self.rules.first_deal, wanted, self.active_count, self.pack_size)

    @property
    def winner(self) -> int | None:
        """The last active seat once only one remains (C13), else None."""
        return self.eliminated.index(False) if self.active_count == 1 else None

    def first_left_of(self, seat: int) -> int:
        """The first active seat to the left of ``seat`` (C5, C6, C12)."""
        return self.next_seat[seat]


Trick = tuple[tuple[int, Card], ...]

Plays = tuple[tuple[int, int], ...]
"""Every play of a round in order, as (seat, `PACK` index) pairs (inner form)."""

Round = tuple[Phase, Union[int, None], int, Plays, int]
"""The round in play, the inner form of `State`: (phase, to_play, hands, plays, legal), read by `State`'s properties.

``hands`` holds every hand in one int: seat s holds the card of `PACK` index i when bit 64 * s + i is set.
``plays`` is every play of the round in order, as (seat, `PACK` index) pairs. ``legal`` is the mask of the
cards ``to_play`` may play (0 outside `Phase.PLAY`): derived from the rest, but computed with every play, since
each play must know the legality of the next one anyway; it makes `concombre.legal_plays` a table look-up.

A plain tuple rather than a `typing.NamedTuple`: a play builds one, and a named tuple costs 7% more
instructions per round (measured). Only this module and the hot paths (the transitions' `play`,
`resolve_trick` and `legal_plays`, and the adapters' `view` and `encode_state`, which unpack it in one read)
touch it; everything else reads the properties.
"""


def trick_winner(trick: Sequence[tuple[int, Card]]) -> int:
    """The seat that wins a trick: highest rank, the last played among equals (C8).

    Examples:
        >>> from concombre import Card, trick_winner
        >>> trick = [(0, Card.parse("9H")), (1, Card.parse("KS")), (2, Card.parse("KD"))]
        >>> trick_winner(trick)
        2
    """
    if isinstance(trick, (str, bytes)) or not isinstance(trick, Sequence) or not trick:
        raise InvalidArgumentError(
            f"A trick is a non-empty sequence of (seat, card) plays, not {trick!r}.", "C8", "trick"
        )
    if not all(isinstance(play, tuple) and len(play) == 2 and isinstance(play[1], Card) for play in trick):
        raise InvalidArgumentError("Each play of a trick is a (seat, Card) pair.", "C8", "trick")
    return winning_play([(seat, card.index) for seat, card in trick])[0]


@attrs.frozen(repr=False)
class State(MatchProperties[Rules], Pictured):
    """The whole state of a game of Concombre, hidden cards included.

    States are immutable values: equal when every part is equal, hashable, and
    never changed by the transitions, which return new states. Give players
    `concombre.view` of it, never the state itself: it holds every hand and
    the seed.

    Attributes:
        match: What lasts from round to round (see `Match`); its fields are
            also properties of the state.

    Examples:
        >>> from concombre import deal, new_game, play
        >>> state = deal(new_game(["Ann", "Bob", "Cy"], seed=7))
        >>> state.phase.value, state.to_play, len(state.hand(1))
        ('play', 1, 7)
        >>> after = play(state, state.hand(1)[0])
        >>> len(after.hand(1)), len(state.hand(1))
        (6, 7)
    """

    match: Match
    # The round in play, in one tuple so that a play builds two small objects
    # rather than one with six fields (see `Round`).
    _round: Round

    @property
    def phase(self) -> Phase:
        """What the game waits for (see `Phase`)."""
        return self._round[0]

    @property
    def to_play(self) -> int | None:
        """The seat to play a card, or None outside `Phase.PLAY`."""
        return self._round[1]

    @property
    def plays(self) -> Plays:
        """Every play of this round in order, as (seat, `PACK` index) pairs: the compact form of `tricks` and `trick`.

        Examples:
            >>> from concombre import PACK, deal, new_game, play
            >>> state = play(deal(new_game(2, seed=3), deck=PACK), PACK[2])   # seat 1 leads the 3 of clubs
            >>> state.plays
            ((1, 2),)
        """
        return self._round[3]

    @property
    def legal_mask(self) -> int:
        """The cards `to_play` may play, as a bit mask over `PACK` indices (0 outside `Phase.PLAY`).

        Examples:
            >>> from concombre import PACK, deal, new_game
            >>> state = deal(new_game(2, seed=3), deck=PACK)
            >>> state.legal_mask == sum(1 << PACK.index(card) for card in state.hand(1))
            True
        """
        return self._round[4]

    # -- what lasts from round to round -------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score (C9-C11)."""
        return self.match.scores

    @property
    def penalty_cards(self) -> tuple[tuple[Card, ...], ...]:
        """The penalty cards in front of each seat, in the order received (C9)."""
        return self.match.penalty_cards

    @property
    def half_cucumber(self) -> tuple[bool, ...]:
        """Whether each seat is half cucumber (C10)."""
        return self.match.half_cucumber

    @property
    def eliminated(self) -> tuple[bool, ...]:
        """Whether each seat is eliminated (C11)."""
        return self.match.eliminated

    @property
    def active_seats(self) -> tuple[int, ...]:
        """The seats still in the game."""
        return self.match.active_seats

    @property
    def last_result(self) -> RoundResult | None:
        """What scoring the previous round did, or None before the first is scored."""
        return self.match.last_result

    @property
    def deal_size(self) -> int:
        """Cards dealt to each active player this round, or to be dealt next (C5)."""
        return self.match.deal_size

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (`Phase.GAME_OVER`): the loop's test that holds for either game's state.

        Examples:
            >>> from concombre import new_game
            >>> new_game(3, seed=1).is_over
            False
        """
        return self._round[0] is Phase.GAME_OVER

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over (C13), else None."""
        return self.match.winner

    # -- the round in progress ----------------------------------------------

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds, in pack order.

        Raises:
            InvalidArgumentError: ``seat`` is not a seat of the game.
        """
        return cards_in_mask(self.hand_mask(seat))

    @property
    def packed_hands(self) -> int:
        """Every hand in one int: bit 64 * s + i is set when seat s holds ``PACK[i]`` (the engine's own form).

        Examples:
            >>> from concombre import PACK, deal, new_game
            >>> state = deal(new_game(2, seed=3), deck=PACK)
            >>> state.packed_hands >> 64 == state.hand_mask(1)
            True
        """
        return self._round[2]

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds as a bit mask over `PACK` indices (bit i: ``PACK[i]``).

        Raises:
            InvalidArgumentError: ``seat`` is not a seat of the game.

        Examples:
            >>> from concombre import PACK, deal, new_game
            >>> state = deal(new_game(2, seed=3), deck=PACK)
            >>> state.hand_mask(1) == sum(1 << PACK.index(card) for card in state.hand(1))
            True
        """
        if type(seat) is not int or not 0 <= seat < len(self.match.players):
            require_seat(seat, len(self.match.players), "seat")
        return (self._round[2] >> (seat << 6)) & FULL_MASK

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand, in pack order."""
        return tuple([cards_in_mask(mask) for mask in self._hand_masks()])

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        hands = self._round[2]  # inline: a view reads it every step
        return tuple([((hands >> (seat << 6)) & FULL_MASK).bit_count() for seat in range(len(self.match.players))])

    def _hand_masks(self) -> list[int]:
        """Each seat's `hand_mask`, read off `packed_hands` without checking a seat."""
        hands = self._round[2]
        return [(hands >> (seat << 6)) & FULL_MASK for seat in range(len(self.match.players))]

    @property
    def trick(self) -> Trick:
        """The trick on the table as (seat, card) pairs in the order played."""
        return tuple(map(SEAT_CARD.__getitem__, self.plays[self._trick_start() :]))

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The resolved tricks of this round, each as (seat, card) pairs."""
        return split_tricks(tuple(map(SEAT_CARD.__getitem__, self.plays)), self._trick_start(),
                            self.match.active_count)

    @property
    def played(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has played this round, in the order played."""
        played: list[tuple[Card, ...]] = [()] * len(self.match.players)
        for seat, card in self.plays:
            played[seat] += (card_at(card),)
        return tuple(played)

    @property
    def leader(self) -> int | None:
        """The seat that leads (or led) the current trick; None outside a round."""
        if self.phase is Phase.PLAY and len(self.plays) % self.match.active_count == 0:
            return self.to_play
        if self.phase in (Phase.PLAY, Phase.TRICK_COMPLETE):
            return self.plays[self._trick_start()][0]
        return None

    @property
    def last_trick_winner(self) -> int | None:
        """The seat that won the most recently resolved trick of this round, or None."""
        start = self._trick_start()
        if start == 0:
            return None
        return winning_play(self.plays[start - self.match.active_count : start])[0]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards of the round's pack that are in no hand and were not played.

        During a round this is the face-down stock, which takes no part in play
        (C5); before the deal it is the whole pack about to be dealt.
        """
        used = mask_of(card for cards in self.match.penalty_cards for card in cards)
        for mask in self._hand_masks():
            used |= mask
        for _, card in self.plays:
            used |= 1 << card
        return cards_in_mask(FULL_MASK & ~used)

    def holds(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` holds ``card``."""
        return bool(self.hand_mask(seat) >> index_of(card) & 1)

    def _trick_start(self) -> int:
        """Index in `_plays` where the current trick starts (len(plays) if none)."""
        played = len(self.plays)
        if self.phase is Phase.TRICK_COMPLETE:
            return played - self.match.active_count
        if self.phase is Phase.PLAY:
            return played - played % self.match.active_count
        return played

    def __repr__(self) -> str:
        parts = [f"round={self.round_number}", f"phase={self.phase.value!r}"]
        if self.to_play is not None:
            parts.append(f"to_play={self.to_play}")
        parts += [f"dealer={self.dealer}", f"scores={self.scores}"]
        if self.winner is not None:
            parts.append(f"winner={self.winner}")
        return f"<State {' '.join(parts)}>"

    def _picture(self) -> Picture:
        return render.picture(self)


SET_MATCH, SET_ROUND = state_writers(State)  # the transitions build their states with these (see make_state)


def make_state(match: Match, round_in_play: Round) -> State:
    """The state of ``match`` with ``round_in_play``: the one constructor the transitions use.

    Built by its slots, a third of the cost of ``State(match, round_in_play)`` (the same value); it checks
    nothing, so only the transitions and the loaders (which check first) call it. `concombre.play` and
    `concombre.resolve_trick` build theirs the same way, inline (a call is 3% of a round).

    Examples:
        >>> from concombre import new_game
        >>> state = new_game(2, seed=3)
        >>> make_state(state.match, (Phase.DEAL, None, 0, (), 0)) == state
        True
    """
    state = object.__new__(State)
    SET_MATCH(state, match)
    SET_ROUND(state, round_in_play)
    return state


def require_state(state: object) -> State:
    """``state`` if it is a Concombre `State`, else an `InvalidArgumentError` naming the ``state`` argument.

    Every public function that takes a state checks it, so that a wrong value (None, a dict, a view, a state of
    another game) is refused with this error rather than a bare `AttributeError` or a silent wrong answer.

    Examples:
        >>> from concombre import InvalidArgumentError, new_game, view
        >>> try:
        ...     require_state(view(new_game(2, seed=1), 0))
        ... except InvalidArgumentError as err:
        ...     print(err.field, "-", err.reason)
        state - Expected a Concombre State (as new_game returns it), not View.
    """
    if type(state) is not State:
        raise InvalidArgumentError(
            f"Expected a Concombre State (as new_game returns it), not {type(state).__name__}.", field="state"
        )
    return state
