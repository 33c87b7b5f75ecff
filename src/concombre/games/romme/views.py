"""What one seat may see of a game of Rommé: no other hand, no stock, no seed."""

from __future__ import annotations

import attrs

from concombre.core.errors import require_kind, require_seat, require_seat_to_play
from concombre.core.render import Picture, Pictured
from concombre.games.romme import render
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.melds import Meld
from concombre.games.romme.rules import Rules
from concombre.games.romme.state import Phase, RoundResult, State, require_state

__all__ = ["View", "require_turn", "require_view", "view"]


@attrs.frozen(repr=False)
class View(Pictured):
    """Everything one seat may see of a game of Rommé, and nothing else.

    Attributes:
        seat: Whose view this is.
        players: The players' names, by seat.
        rules: The rules of the game.
        phase: What the game waits for.
        to_play: The seat whose turn it is, or None.
        dealer: The dealer of this round.
        round_number: The current round, from 1.
        contenders: The seats playing this round (R14).
        hand: This seat's cards, sorted.
        hand_sizes: How many cards each seat holds.
        stock_size: How many cards the stock holds.
        rebuilds: How often the stock was rebuilt this round (R7, R12): everyone sees it.
        discard_pile: The discard pile, top card last: every card in it was
            seen face up.
        melds: The melds on the table, each place with who filled it.
        opened: Whether each seat has made its opening (R8).
        scores: Each seat's match total (R13).
        tie_break_points: Each seat's tie-break points, kept apart from the
            totals (R14a).
        drawn: The card this seat took from the discard pile this turn, if any.
        last_result: What scoring the previous round did, or None.
        winner: The winner once the game is over, else None.

    Examples:
        >>> from concombre.games.romme import deal, new_game, view
        >>> seen = view(deal(new_game(3, seed=2)), 0)
        >>> len(seen.hand), seen.hand_sizes, seen.stock_size
        (13, (13, 13, 13), 68)
    """

    seat: int
    players: tuple[str, ...]
    rules: Rules
    phase: Phase
    to_play: int | None
    dealer: int
    round_number: int
    contenders: tuple[int, ...]
    hand: tuple[RommeCard, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    rebuilds: int
    discard_pile: tuple[RommeCard, ...]
    melds: tuple[Meld, ...]
    opened: tuple[bool, ...]
    scores: tuple[int, ...]
    tie_break_points: tuple[int, ...]
    drawn: RommeCard | None
    last_result: RoundResult | None
    winner: int | None

    @property
    def in_tie_break(self) -> bool:
        """Whether the round is a tie-break round (R14, R14a): past one round per player.

        Examples:
            >>> from concombre.games.romme import deal, new_game, view
            >>> view(deal(new_game(2, seed=1)), 0).in_tie_break
            False
        """
        return self.round_number > len(self.players)

    def __repr__(self) -> str:
        parts = [f"round={self.round_number}", f"phase={self.phase.value!r}"]
        if self.to_play is not None:
            parts.append(f"to_play={self.to_play}")
        parts += [f"hand={' '.join(map(str, self.hand))!r}", f"melds={len(self.melds)}", f"scores={self.scores}"]
        return f"<romme.View of seat {self.seat}: {' '.join(parts)}>"

    def _picture(self) -> Picture:
        return render.picture(self)


def view(state: State, seat: int) -> View:
    """What ``seat`` may see of ``state`` (see `View`).

    Raises:
        InvalidArgumentError: ``seat`` is not a seat of this game.

    Examples:
        >>> from concombre.games.romme import deal, new_game, view
        >>> state = deal(new_game(["Ann", "Bob"], seed=2))
        >>> view(state, 1).hand == state.hands[1]
        True
    """
    count = len(require_state(state).players)
    require_seat(seat, count, "seat")
    return View(
        seat=seat,
        players=state.players,
        rules=state.rules,
        phase=state.phase,
        to_play=state.to_play,
        dealer=state.dealer,
        round_number=state.round_number,
        contenders=state.contenders,
        hand=state.hands[seat],
        hand_sizes=state.hand_sizes,
        stock_size=len(state.stock),
        rebuilds=state.rebuilds,
        discard_pile=state.discard_pile,
        melds=state.melds,
        opened=state.opened,
        scores=state.scores,
        tie_break_points=state.tie_break_points,
        drawn=state.drawn if state.to_play == seat else None,
        last_result=state.last_result,
        winner=state.winner,
    )


def require_view(seen: object, field: str = "seen") -> View:
    """``seen`` if it is a German Rommé `View`, else an `InvalidArgumentError` naming ``field``.
    A Rommé bot, the planner and the samplers read what one seat sees: its hand, the melds, the pile.

    Examples:
        >>> from concombre import InvalidArgumentError
        >>> from concombre.romme import new_game
        >>> try:
        ...     require_view(new_game(2, seed=1))
        ... except InvalidArgumentError as err:
        ...     print(err.field, "-", err.reason)
        seen - Expected a German Rommé View (as concombre.romme.view(state, seat) returns it), not State.
    """
    return require_kind(seen, View, field, "a German Rommé View (as concombre.romme.view(state, seat) returns it)")


def require_turn(seen: object, field: str = "seen") -> View:
    """``seen`` if it is the German Rommé view of the seat to play, else an `InvalidArgumentError` (R7).

    Examples:
        >>> from concombre import InvalidArgumentError
        >>> from concombre.romme import deal, new_game, view
        >>> try:  # seat 1 is to draw
        ...     require_turn(view(deal(new_game(2, seed=1)), 0))
        ... except InvalidArgumentError as err:
        ...     print(err.ruling, "-", err.reason)
        R7 - Seat 0 is not to play: a bot chooses only on its own turn.
    """
    if type(seen) is View and seen.to_play == seen.seat:  # the bots' every move: the quick way first
        return seen
    checked = require_view(seen, field)
    return require_seat_to_play(checked, checked.seat, checked.to_play, "R7", field)
