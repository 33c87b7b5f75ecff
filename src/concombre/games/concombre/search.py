"""A Concombre bot that plans to the last trick and knows the match: `SearchBot`.

Only the last trick of a round costs anything (C9), so the bot does three things:

- Early in a round (more cards in hand than ``horizon``) it plays by a rule that keeps its options: the
  highest legal card that is neither its lowest nor its highest card (a low card for the last trick, a
  high one to take control), else the highest legal card.
- Later it samples the cards it cannot see, consistent with everything the plays revealed
  (`concombre.games.concombre.sampling.deal_hidden`), and for each sample solves the rest of the round
  exactly: every player, in turn, plays the card that gives the outcome cheapest for themselves (a
  max-n search over ranks, memoised). It plays the card with the lowest mean cost over the samples,
  within a time budget.
- It models its opponents from what they showed this round (`thumb_like`): a player whose every card that
  was not a duck was no higher than the one before plays like `concombre.ThumbBot`, always its highest card,
  so a sampled deal that gives them a card above one they chose to play explains their plays badly and
  counts for less.
- The cost of taking the last trick knows the match: a penalty that brings a player to the limit makes
  them half cucumber (C10, one of two lives lost), and a half cucumber who reaches it again is out (C11).

Examples:
    >>> import random
    >>> from concombre import deal, new_game, view
    >>> seen = view(deal(new_game(3, seed=4)), 1)
    >>> SearchBot().choose(seen, random.Random(1)).card in seen.legal_plays
    True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from itertools import pairwise

import attrs

from concombre.core.cards import Card, index_of
from concombre.core.errors import InvalidArgumentError
from concombre.games.concombre.actions import Action, Play
from concombre.games.concombre.rules import card_to_match, card_value, follow_mask, winning_play
from concombre.games.concombre.sampling import deal_hidden
from concombre.games.concombre.views import View

__all__ = ["SearchBot", "last_trick", "thumb_like"]

_HALF, _OUT = 40.0, 120.0  # what losing one of the two lives costs, and losing the game's last


@attrs.frozen
class SearchBot:
    """Plans to the last trick over sampled deals of the hidden cards, and weighs penalties by the match.

    Attributes:
        horizon: Search once the hand holds at most this many cards.
        exact: Solve a sample exactly once at most this many cards are left in all hands (else the sample is
            played out by the rule of thumb, as `concombre.MonteCarloBot` does).
        samples: The deals of the hidden cards to solve per move.
        seconds: An optional time budget per move: the bot stops sampling when it is spent (at least one
            sample is solved). None, the default, keeps the bot deterministic given its generator.
        model: Weigh each sampled deal by how well it explains the plays of the opponents who play like
            `concombre.ThumbBot` (see `thumb_like`); False weighs every deal alike.
        name: ``"search"``.

    Examples:
        >>> SearchBot().name, SearchBot().samples
        ('search', 40)
    """

    horizon: int = attrs.field(default=9)
    samples: int = attrs.field(default=40)
    exact: int = attrs.field(default=8)
    seconds: float | None = attrs.field(default=None)
    model: bool = attrs.field(default=True)
    name: str = "search"

    def __attrs_post_init__(self) -> None:
        for field, value in (("horizon", self.horizon), ("samples", self.samples), ("exact", self.exact)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InvalidArgumentError(f"SearchBot.{field} must be a whole number from 1, not {value!r}.",
                                           field=field)
        if not isinstance(self.model, bool):
            raise InvalidArgumentError(f"SearchBot.model must be True or False, not {self.model!r}.", field="model")
        if self.seconds is not None and (isinstance(self.seconds, bool) or not isinstance(self.seconds, (int, float))
                                         or self.seconds <= 0):
            raise InvalidArgumentError(f"SearchBot.seconds must be a positive number, not {self.seconds!r}.",
                                       field="seconds")

    def choose(self, seen: View, rng: random.Random) -> Action:
        """The card with the lowest expected cost (see the module's documentation)."""
        legal = seen.legal_plays
        candidates = _one_per_rank(legal)
        if len(candidates) == 1:
            return Play(candidates[0])
        if len(seen.hand) > self.horizon:
            return Play(_keep_options(seen.hand, legal))
        costs = [0.0] * len(candidates)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        plays = _plays(seen, thumb_like(seen)) if self.model else {}
        for _ in range(self.samples):
            world = deal_hidden(seen, rng)
            hands = tuple([world.hand_mask(seat) for seat in range(len(seen.players))])
            weight = _likelihood(plays, hands)
            for number, card in enumerate(candidates):
                loser, value = _after(seen, hands, card, self.exact)
                costs[number] += weight * _cost(seen, loser, value, seen.seat)
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = min(range(len(candidates)), key=lambda number: (costs[number], -number))
        return Play(candidates[best])


def _one_per_rank(cards: Sequence[Card]) -> list[Card]:
    """The highest card of each rank among ``cards``: suits never matter in play (C2)."""
    best: dict[int, Card] = {}
    for card in cards:
        best[card_value(card)] = card
    return list(best.values())


def _keep_options(hand: Sequence[Card], legal: Sequence[Card]) -> Card:
    """The highest legal card that is neither the hand's lowest nor its highest, else the highest legal card."""
    low, high = min(hand, key=card_value), max(hand, key=card_value)
    middle = [card for card in legal if card_value(low) < card_value(card) < card_value(high)]
    return max(middle or legal, key=card_value)


def _cost(seen: View, loser: int, value: int, seat: int) -> float:
    """What taking the last trick with a card of ``value`` costs ``seat``, knowing the match (C9-C11)."""
    if loser != seat:
        return 0.0
    if seen.scores[seat] + value < seen.rules.limit:
        return float(value)
    return _OUT + value if seen.half_cucumber[seat] else _HALF + value


def _after(seen: View, hands: tuple[int, ...], card: Card, exact: int) -> tuple[int, int]:
    """The last trick's loser and winning card value after ``seen.seat`` plays ``card``: solved exactly when at
    most ``exact`` cards are left in all hands, else played out by the rule of thumb (the highest legal card)."""
    index = index_of(card)
    after = list(hands)
    after[seen.seat] &= ~(1 << index)
    trick = (*((seat, index_of(played)) for seat, played in seen.trick), (seen.seat, index))
    order = tuple(seat for seat in range(len(seen.players)) if not seen.eliminated[seat])  # C6
    leader = trick[0][0]
    follow_lead, may_duck = seen.rules.follow == "lead", seen.rules.may_duck
    if sum(hand.bit_count() for hand in after) > exact:
        return _thumb_out(tuple(after), trick, leader, order, follow_lead, may_duck)

    def cost(seat: int, loser: int, value: int) -> float:
        return _cost(seen, loser, value, seat)

    return last_trick(tuple(after), trick, leader, order, follow_lead, may_duck, cost)


_SLIP = 0.1  # how likely a thumb-like player is to have played below its highest card


def _likelihood(plays: dict[int, list[tuple[int, bool]]], hands: tuple[int, ...]) -> float:
    """How well a sampled deal explains ``plays`` (see `_plays`) of the seats modelled as thumb players: each card
    they played that was not a duck should have been the highest they held then (their sampled hand and the cards
    they played since)."""
    weight = 1.0
    for seat, played in plays.items():
        top = ((hands[seat].bit_length() - 1) >> 2) + 2 if hands[seat] else 0
        for rank, duck in reversed(played):
            if not duck and top > rank:
                weight *= _SLIP
            top = max(top, rank)
    return weight


def _plays(seen: View, seats: frozenset[int] | set[int]) -> dict[int, list[tuple[int, bool]]]:
    """The cards each of ``seats`` played this round, in order, as (value, whether it was a duck: below the card
    to match, C7)."""
    plays: dict[int, list[tuple[int, bool]]] = {seat: [] for seat in seats}
    follow_lead = seen.rules.follow == "lead"
    for trick in (*seen.tricks, seen.trick):
        indices = [(seat, card._index) for seat, card in trick]
        for position, (seat, card) in enumerate(indices):
            if seat in plays:
                target = card_to_match(indices[:position or 1], follow_lead)
                plays[seat].append(((card >> 2) + 2, bool(position) and card >> 2 < target >> 2))
    return plays


def thumb_like(seen: View) -> frozenset[int]:
    """The other seats whose plays this round fit `concombre.ThumbBot`'s rule: every card they played that was
    not a duck (below the card to match, C7) was no higher than the one before. A bot's model of its opponents.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> sorted(thumb_like(view(deal(new_game(3, seed=4)), 1)))   # nothing played yet: nothing disproved
        [0, 2]
    """
    others = {seat for seat in range(len(seen.players)) if seat != seen.seat and not seen.eliminated[seat]}
    fitted = set()
    for seat, played in _plays(seen, others).items():
        kept = [rank for rank, duck in played if not duck]
        if all(later <= earlier for earlier, later in pairwise(kept)):
            fitted.add(seat)
    return frozenset(fitted)


def _thumb_out(hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], leader: int, order: tuple[int, ...],
               follow_lead: bool, may_duck: bool) -> tuple[int, int]:
    """The round played out with every player's highest legal card: the last trick's loser and card value."""
    following = {seat: order[(position + 1) % len(order)] for position, seat in enumerate(order)}
    hands_left = list(hands)
    while True:
        if len(trick) == len(order):
            winner, best = winning_play(trick)
            if not any(hands_left):
                return winner, (best >> 2) + 2
            trick, leader = (), winner
        seat = following[trick[-1][0]] if trick else leader
        card = follow_mask(hands_left[seat], trick, follow_lead, may_duck).bit_length() - 1
        hands_left[seat] ^= 1 << card
        trick = (*trick, (seat, card))


def _by_rank(hand: int) -> int:
    """``hand`` (a bit mask) with each rank's cards moved to the rank's lowest bits: suits never matter (C2), so
    hands that differ only in suits become one position for the memo, and one card per rank is tried."""
    packed = 0
    while hand:
        nibble = (hand.bit_length() - 1) & ~3
        count = (hand >> nibble & 0xF).bit_count()
        packed |= ((1 << count) - 1) << nibble
        hand &= ~(0xF << nibble)
    return packed


def last_trick(hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], leader: int, order: tuple[int, ...],
               follow_lead: bool, may_duck: bool, cost: Callable[[int, int, int], float]) -> tuple[int, int]:
    """Who takes the round's last trick, and the value of the card that wins it, when every player plays the
    card whose outcome costs them least (``cost(seat, loser, value)``; the lowest rank among equals). Hands are
    bit masks by seat, the trick on the table (seat, card index) pairs led by ``leader``, ``order`` the active seats in
    playing order. A max-n search over ranks (suits never matter, C2), memoised within the call.

    Examples:
        >>> from concombre import Card   # seat 1 then takes the last trick with its king
        >>> ace, two, king, three = (index_of(Card.parse(text)) for text in ("AS", "2C", "KD", "3H"))
        >>> hands = (1 << ace | 1 << two, 1 << king | 1 << three)
        >>> penalty = lambda seat, loser, value: value if seat == loser else 0
        >>> last_trick(hands, (), 0, (0, 1), True, False, penalty)   # seat 0 leads the ace and keeps the 2:
        (1, 13)
    """
    memo: dict[tuple[tuple[int, ...], tuple[tuple[int, int], ...], int], tuple[int, int]] = {}
    following = {seat: order[(position + 1) % len(order)] for position, seat in enumerate(order)}

    def solve(hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], leader: int) -> tuple[int, int]:
        key = (hands, trick, leader)
        found = memo.get(key)
        if found is not None:
            return found
        if len(trick) == len(order):
            winner, best = winning_play(trick)
            result = (winner, (best >> 2) + 2) if not any(hands) else solve(hands, (), winner)  # C6, C9
            memo[key] = result
            return result
        seat = following[trick[-1][0]] if trick else leader
        legal = follow_mask(hands[seat], trick, follow_lead, may_duck)
        best_result, best_cost = (0, 0), float("inf")
        while legal:
            card = legal.bit_length() - 1  # the rank's highest bit: hands are packed by rank
            legal &= ~(0xF << (card & ~3))
            outcome = solve((*hands[:seat], hands[seat] ^ 1 << card, *hands[seat + 1:]), (*trick, (seat, card)),
                            leader)
            mine = cost(seat, *outcome)
            if mine <= best_cost:
                best_result, best_cost = outcome, mine
        memo[key] = best_result
        return best_result

    return solve(tuple(_by_rank(hand) for hand in hands), trick, leader)
