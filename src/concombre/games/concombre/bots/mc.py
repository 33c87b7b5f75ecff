"""The Monte Carlo bot: the hidden cards sampled, each candidate played and the round played out by the rule
of thumb.

Examples:
    >>> import random
    >>> from concombre import Rules, deal, new_game, view
    >>> seen = view(deal(new_game(3, seed=4, rules=Rules(first_deal=3))), 1)
    >>> MonteCarloBot(samples=8).choose(seen, random.Random(1)).card in seen.legal_plays
    True
"""

from __future__ import annotations

import random
import time

import attrs

from concombre.core.cards import FULL_MASK
from concombre.core.errors import InvalidArgumentError, require_rng, require_seat
from concombre.games.concombre.actions import Action, Play
from concombre.games.concombre.bots.sampling import deal_hidden
from concombre.games.concombre.bots.search import candidates
from concombre.games.concombre.bots.simple import ThumbBot, play_out
from concombre.games.concombre.state import Phase, State, require_state
from concombre.games.concombre.transitions import play
from concombre.games.concombre.views import View, require_turn

__all__ = ["MonteCarloBot", "penalty_after"]


@attrs.frozen
class MonteCarloBot:
    """Samples the hidden cards, plays the round out for each choice, keeps the cheapest.

    For each sample, the unseen cards are dealt at random within what the
    plays so far revealed (`concombre.games.concombre.bots.sampling.deal_hidden`); each candidate
    card is played in that world and the round is finished with every
    player following `ThumbBot`'s rule. The bot plays the candidate with the
    lowest mean penalty for itself; cards of one rank are one candidate,
    since suits never matter (C2). Early in a round, when the last trick is
    far off, it plays like `ThumbBot`.

    Attributes:
        samples: Worlds sampled per decision.
        horizon: Search only with at most this many cards in hand.
        seconds: An optional time budget per decision; the bot stops
            sampling when it is spent (at least one sample is played).
        name: ``"mc"``.

    Examples:
        >>> import random
        >>> from concombre import MonteCarloBot, Rules, deal, new_game, view
        >>> seen = view(deal(new_game(3, seed=4, rules=Rules(first_deal=3))), 1)
        >>> MonteCarloBot(samples=8).choose(seen, random.Random(1)).card in seen.legal_plays
        True
    """

    samples: int = attrs.field(default=32)
    horizon: int = attrs.field(default=7)
    seconds: float | None = attrs.field(default=None)
    name: str = "mc"

    @samples.validator
    def _check_samples(self, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidArgumentError(f"MonteCarloBot.samples must be at least 1, not {value!r}.", field="samples")

    def choose(self, seen: View, rng: random.Random) -> Action:
        """The candidate card with the lowest mean penalty over the sampled worlds."""
        seen, rng = require_turn(seen), require_rng(rng)
        chosen = candidates(seen)
        if len(chosen) == 1 or len(seen.hand) > self.horizon:
            return ThumbBot().choose(seen, rng)
        totals = [0] * len(chosen)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.samples):
            world = deal_hidden(seen, rng)
            for number, card in enumerate(chosen):
                totals[number] += penalty_after(play(world, card), seen.seat)
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = min(range(len(chosen)), key=lambda number: (totals[number], -number))
        return Play(chosen[best])


def penalty_after(state: State, seat: int) -> int:
    """The penalty ``seat`` takes when everyone plays the round out by `ThumbBot`'s rule, the highest legal card.

    The round is played on the engine's inner form (a bit mask per hand, plays as (seat, `PACK` index)) by the
    playout, `concombre.games.concombre.bots.simple.play_out`, on the engine's own follow and trick
    rules (C7, C8), rather than through `play` and `resolve_trick`: the same round without a state per card,
    three times faster (the tests hold the two together).

    Examples:
        >>> from concombre import deal, new_game
        >>> penalty_after(deal(new_game(3, seed=2)), 0) in range(15)
        True
    """
    require_seat(seat, len(require_state(state).players), "seat")
    match = state.match
    size, plays = match.active_count, state.plays
    trick = plays[len(plays) - len(plays) % size:] if state.phase is Phase.PLAY else plays[-size:]
    leader = -1 if state.to_play is None else state.to_play  # None: the trick is complete; its winner leads next
    packed = state.packed_hands
    hands = [(packed >> (other << 6)) & FULL_MASK for other in range(len(match.players))]
    loser, value = play_out(hands, trick, leader, match.next_seat, match.follow_lead, match.may_duck)
    return value if loser == seat else 0
