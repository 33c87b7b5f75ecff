"""What one seat may see: the player's view of a game, with no hidden card in it."""

from __future__ import annotations

import attrs

from concombre.core.cards import FULL_MASK, Card, cards_in_mask
from concombre.core.errors import require_kind, require_seat, require_seat_to_play
from concombre.core.render import Picture, Pictured
from concombre.games.concombre import render
from concombre.games.concombre.rules import Rules
from concombre.games.concombre.state import SEAT_CARD, Phase, RoundResult, State, Trick, require_state, split_tricks

__all__ = ["View", "require_turn", "require_view", "trick_start", "view"]


@attrs.frozen(repr=False)
class View(Pictured):
    """Everything one seat may see of a game, and nothing else.

    It holds the seat's own hand, what is face up on the table and the score
    sheet; of the other hands only their sizes. It never holds another
    player's cards, the stock or the seed, so it is safe to send to that
    player's client or hand to a bot.

    Attributes:
        seat: Whose view this is.
        players: The players' names, by seat.
        rules: The rules of the game.
        phase: What the game waits for.
        to_play: The seat to play, or None outside `Phase.PLAY`.
        dealer: The dealer of this round (or the next, before the deal).
        round_number: The current round, from 1.
        deal_size: Cards dealt to each active player this round (C5).
        hand: This seat's cards, in pack order.
        hand_sizes: How many cards each seat holds.
        stock_size: How many cards lie in the face-down stock.
        trick: The trick on the table as (seat, card) pairs.
        tricks: This round's resolved tricks, each as (seat, card) pairs.
        scores: Each seat's score.
        penalty_cards: The penalty cards in front of each seat (C9).
        half_cucumber: Whether each seat is half cucumber (C10).
        eliminated: Whether each seat is eliminated (C11).
        last_result: What scoring the previous round did, or None.
        winner: The winner once the game is over (C13), else None.
        legal_plays: The cards this seat may play now; empty unless it is
            this seat's turn.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> state = deal(new_game(3, seed=4))
        >>> mine = view(state, 1)
        >>> len(mine.hand), mine.hand_sizes, mine.stock_size, mine.legal_plays == mine.hand
        (7, (7, 7, 7), 31, True)
    """

    seat: int
    players: tuple[str, ...]
    rules: Rules
    phase: Phase
    to_play: int | None
    dealer: int
    round_number: int
    deal_size: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    trick: Trick
    tricks: tuple[Trick, ...]
    scores: tuple[int, ...]
    penalty_cards: tuple[tuple[Card, ...], ...]
    half_cucumber: tuple[bool, ...]
    eliminated: tuple[bool, ...]
    last_result: RoundResult | None
    winner: int | None
    legal_plays: tuple[Card, ...]

    @property
    def played(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat has played this round, in the order played."""
        played: list[tuple[Card, ...]] = [()] * len(self.players)
        for trick in (*self.tricks, self.trick):
            for seat, card in trick:
                played[seat] += (card,)
        return tuple(played)

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to play."""
        return self.to_play == self.seat

    def __repr__(self) -> str:
        parts = [f"round={self.round_number}", f"phase={self.phase.value!r}"]
        if self.to_play is not None:
            parts.append(f"to_play={self.to_play}")
        parts += [f"hand={' '.join(map(str, self.hand))!r}", f"scores={self.scores}"]
        return f"<View of seat {self.seat}: {' '.join(parts)}>"

    def _picture(self) -> Picture:
        return render.picture(self)


def trick_start(phase: Phase, played: int, size: int) -> int:
    """Where the trick on the table starts among the round's ``played`` plays, ``size`` to a trick.

    Examples:
        >>> trick_start(Phase.PLAY, 9, 4), trick_start(Phase.TRICK_COMPLETE, 8, 4)
        (8, 4)
    """
    if phase is Phase.PLAY:
        return played - played % size
    if phase is Phase.TRICK_COMPLETE:
        return played - size
    return played


def view(state: State, seat: int) -> View:
    """What ``seat`` may see of ``state`` (see `View`).

    Raises:
        InvalidArgumentError: ``seat`` is not a seat of this game.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> state = deal(new_game(["Ann", "Bob"], seed=4))
        >>> v = view(state, 0)
        >>> v.hand == state.hand(0), v.my_turn, v.legal_plays
        (True, False, ())
    """
    if type(state) is not State:  # the checks inline: adapters take a view every step
        require_state(state)
    match = state.match
    count = len(match.players)
    if type(seat) is not int or not 0 <= seat < count:
        require_seat(seat, count, "seat")
    phase, to_play, hands, plays, legal = state._round  # one read: the adapters take a view every step
    size = match.active_count
    start = trick_start(phase, len(plays), size)
    pairs = tuple(map(SEAT_CARD.__getitem__, plays))
    in_round = phase is not Phase.DEAL and phase is not Phase.GAME_OVER
    return View(
        seat,
        match.players,
        match.rules,
        phase,
        to_play,
        match.dealer,
        match.round_number,
        match.deal_size,
        cards_in_mask((hands >> (seat << 6)) & FULL_MASK),
        tuple([((hands >> (other << 6)) & FULL_MASK).bit_count() for other in range(count)]),
        match.pack_size - match.deal_size * size if in_round else 0,  # the stock is never touched in a round (C5)
        pairs[start:],
        split_tricks(pairs, start, size),
        match.scores,
        match.penalty_cards,
        match.half_cucumber,
        match.eliminated,
        match.last_result,
        match.winner,
        cards_in_mask(legal) if to_play == seat else (),
    )


def require_view(seen: object, field: str = "seen") -> View:
    """``seen`` if it is a Concombre `View`, else an `InvalidArgumentError` naming ``field``.
    The bots, the pictures and the learning encoding take a seat's view, never the whole state.

    Examples:
        >>> from concombre import InvalidArgumentError, new_game
        >>> try:
        ...     require_view(new_game(2, seed=1))
        ... except InvalidArgumentError as err:
        ...     print(err.field, "-", err.reason)
        seen - Expected a Concombre View (as view(state, seat) returns it), not State.
    """
    return require_kind(seen, View, field, "a Concombre View (as view(state, seat) returns it)")


def require_turn(seen: object, field: str = "seen") -> View:
    """``seen`` if it is the Concombre view of the seat to play, else an `InvalidArgumentError` (C6).

    Examples:
        >>> from concombre import deal, new_game, view
        >>> state = deal(new_game(2, seed=1))
        >>> require_turn(view(state, state.to_play)).seat == state.to_play
        True
    """
    if type(seen) is View and seen.to_play == seen.seat:  # the bots' every move: the quick way first
        return seen
    checked = require_view(seen, field)
    return require_seat_to_play(checked, checked.seat, checked.to_play, "C6", field)
