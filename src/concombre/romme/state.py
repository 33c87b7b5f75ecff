"""The immutable state of a game of German Rommé, and what can be read off it."""

from __future__ import annotations

import enum

import attrs

from concombre.romme.cards import RommeCard
from concombre.romme.melds import Meld
from concombre.romme.rules import RommeRules

__all__ = ["RommePhase", "RommeRoundResult", "RommeState"]


class RommePhase(enum.Enum):
    """What a game of Rommé waits for (R7).

    Examples:
        >>> from concombre.romme import RommePhase, new_game
        >>> new_game(2, seed=1).phase is RommePhase.DEAL
        True
    """

    DEAL = "deal"
    """Waiting for the deal of the next round."""
    DRAW = "draw"
    """Waiting for `RommeState.to_play` to draw from the stock or the discard pile."""
    PLAY = "play"
    """The player has drawn: they may meld, lay off and exchange jokers, and end the turn with a discard."""
    ROUND_OVER = "round over"
    """A player went out (R11), or the stock ran out for good (R12): waiting for the scoring."""
    GAME_OVER = "game over"
    """The last round is scored and one player has the highest total (R14)."""


@attrs.frozen
class RommeRoundResult:
    """What scoring a round did (R13).

    Attributes:
        round_number: The round scored.
        out: The seat that went out (R11), or None when the stock ran out (R12).
        meld_values: The value of the places each seat filled.
        hand_values: The value of the cards each seat was left holding.
        scores: What each seat scored this round (0 for seats sitting out).

    Examples:
        >>> from concombre.romme import RommeRoundResult
        >>> RommeRoundResult(1, 0, (52, 20), (0, 31), (52, -11)).scores
        (52, -11)
    """

    round_number: int
    out: int | None
    meld_values: tuple[int, ...]
    hand_values: tuple[int, ...]
    scores: tuple[int, ...]


@attrs.frozen(repr=False)
class RommeState:
    """The whole state of a game of Rommé, hidden cards included.

    Give players `concombre.romme.view` of it, never the state: it holds every
    hand, the stock and the seed.

    Attributes:
        rules: The rules of the game.
        players: The players' names, by seat.
        seed: The seed every shuffle is drawn from.
        dealer: The dealer of this round (or the next, before the deal).
        round_number: The current round, from 1.
        contenders: The seats playing this round: everyone, or in a
            tie-break round the players tied for the lead (R14).
        scores: Each seat's total (R13).
        phase: What the game waits for.
        to_play: The seat whose turn it is, or None.
        hands: Each seat's hand, sorted.
        stock: The face-down stock; its top card is the last.
        discard_pile: The discard pile; its top card is the last.
        melds: The melds on the table, in the order they were put down.
        opened: Whether each seat has made its opening this round (R8).
        rebuilds: How often the stock was rebuilt this round (R7, R12).
        drawn: The card the player to play took from the discard pile this
            turn, if any (R7a).
        out: The seat that went out this round (R11), if any.
        last_result: What scoring the previous round did, or None.

    Examples:
        >>> from concombre.romme import deal, new_game
        >>> state = deal(new_game(["Ann", "Bob"], seed=3))
        >>> state.phase.value, state.to_play, [len(hand) for hand in state.hands], len(state.stock)
        ('draw', 1, [13, 13], 81)
    """

    rules: RommeRules
    players: tuple[str, ...]
    seed: int
    dealer: int
    round_number: int
    contenders: tuple[int, ...]
    scores: tuple[int, ...]
    phase: RommePhase
    to_play: int | None
    hands: tuple[tuple[RommeCard, ...], ...]
    stock: tuple[RommeCard, ...]
    discard_pile: tuple[RommeCard, ...]
    melds: tuple[Meld, ...]
    opened: tuple[bool, ...]
    rebuilds: int
    drawn: RommeCard | None
    out: int | None
    last_result: RommeRoundResult | None

    @property
    def regular_rounds(self) -> int:
        """The rounds of the game before any tie-break: one per player (R4)."""
        return len(self.players)

    @property
    def winner(self) -> int | None:
        """The seat with the highest total once the game is over (R14), else None."""
        if self.phase is not RommePhase.GAME_OVER:
            return None
        return max(self.contenders, key=lambda seat: self.scores[seat])

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
        return f"<RommeState {' '.join(parts)}>"
