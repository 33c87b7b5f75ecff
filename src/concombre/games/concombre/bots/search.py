"""Bots that plan to the last trick and know the match: `SearchBot`, and `DeepSearchBot` on the kernel.

Only the last trick of a round costs anything (C9), so the bot does three things:

- Early in a round (more cards in hand than ``horizon``) it plays by a rule that keeps its options: the
  highest legal card that is neither its lowest nor its highest card (a low card for the last trick, a
  high one to take control), else the highest legal card.
- Later it samples the cards it cannot see, consistent with everything the plays revealed
  (`concombre.games.concombre.bots.sampling.deal_hidden`), and for each sample solves the rest of the round
  exactly: every player, in turn, plays the card that gives the outcome cheapest for themselves (a
  max-n search over ranks, memoised). It plays the card with the lowest mean cost over the samples,
  within a time budget.
- It models its opponents from what they showed this round (`thumb_like`): a player whose every card that
  was not a duck was no higher than the one before plays like `concombre.ThumbBot`, always its highest card,
  so a sampled deal that gives them a card above one they chose to play explains their plays badly and
  counts for less.
- The cost of taking the last trick knows the match: a penalty that brings a player to the limit makes
  them half cucumber (C10, one of two lives lost), and a half cucumber who reaches it again is out (C11).

`SearchBot` is the readable reference of the method. `DeepSearchBot` runs the same steps on the compiled
kernel (`concombre.games.concombre.fast.search_kernel`, the ``fast`` extra), so that a move weighs many more deals,
each solved exactly from much earlier in the round; given the same deals, the two weigh every card alike
(`SearchBot.costs`, `DeepSearchBot.costs`).

Examples:
    >>> import random
    >>> from concombre import deal, new_game, view
    >>> seen = view(deal(new_game(3, seed=4)), 1)
    >>> SearchBot().choose(seen, random.Random(1)).card in seen.legal_plays
    True
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import attrs

from concombre.core.cards import Card, index_of, mask_of
from concombre.core.errors import InvalidArgumentError, require_rng
from concombre.games.concombre.actions import Action, Play
from concombre.games.concombre.bots.sampling import SLIP, deal_hidden, rank_bounds, unseen_cards
from concombre.games.concombre.bots.simple import play_out
from concombre.games.concombre.rules import (
    SAME_RANK,
    beats,
    card_to_match,
    card_value,
    follow_mask,
    value_of,
    winning_play,
)
from concombre.games.concombre.state import next_seats
from concombre.games.concombre.views import View, require_turn, require_view

__all__ = ["BUDGET", "DeepSearchBot", "SearchBot", "candidates", "last_trick", "thumb_like"]

_HALF, _OUT = 40.0, 120.0  # what losing one of the two lives costs, and losing the game's last

BUDGET = 600_000
"""`DeepSearchBot`'s default work a move, in positions visited: at most about 25 to 50 ms on this project's 2-core
CI machine (see the performance page).

Examples:
    >>> DeepSearchBot().budget == BUDGET
    True
"""


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
        _check_search(self, ("horizon", self.horizon), ("samples", self.samples), ("exact", self.exact))
        if self.seconds is not None and (isinstance(self.seconds, bool) or not isinstance(self.seconds, (int, float))
                                         or self.seconds <= 0):
            raise InvalidArgumentError(f"SearchBot.seconds must be a positive number, not {self.seconds!r}.",
                                       field="seconds")

    def choose(self, seen: View, rng: random.Random) -> Action:
        """The card with the lowest expected cost (see the module's documentation)."""
        seen, rng, chosen, early = _asked(seen, rng, self.horizon)
        if early is not None:
            return early
        costs = [0.0] * len(chosen)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        plays = _plays(seen, thumb_like(seen)) if self.model else {}
        for _ in range(self.samples):
            world = deal_hidden(seen, rng)
            hands = tuple([world.hand_mask(seat) for seat in range(len(seen.players))])
            _add_costs(costs, seen, chosen, hands, plays, self.exact)
            if deadline is not None and time.perf_counter() > deadline:
                break
        return Play(_cheapest(chosen, costs))

    def costs(self, seen: View, worlds: Sequence[Sequence[int]]) -> list[float]:
        """Each of `candidates`'s cost summed over the given deals of the hidden cards (a hand mask by seat
        each), weighed as `choose` weighs its samples: what `DeepSearchBot.costs` is held to.

        Examples:
            >>> import random
            >>> from concombre import deal, new_game, view
            >>> from concombre.games.concombre.bots.sampling import deal_hidden, rank_bounds, unseen_cards
            >>> seen = view(deal(new_game(2, seed=4)), 1)
            >>> world = deal_hidden(seen, random.Random(0))
            >>> len(SearchBot().costs(seen, [[world.hand_mask(seat) for seat in (0, 1)]])) == len(candidates(seen))
            True
        """
        chosen = candidates(seen)
        costs = [0.0] * len(chosen)
        plays = _plays(seen, thumb_like(seen)) if self.model else {}
        for hands in worlds:
            _add_costs(costs, seen, chosen, tuple(hands), plays, self.exact)
        return costs


@attrs.frozen
class DeepSearchBot:
    """`SearchBot`'s method on the compiled kernel (the ``fast`` extra): many more sampled deals, solved exactly
    from much earlier in the round, in the same time.

    The steps are `SearchBot`'s (`concombre.games.concombre.fast.search_kernel` runs them): sample the hidden cards
    within what the plays revealed, weigh each deal by how well it explains the thumb-like opponents' plays,
    solve the rest of the round exactly (max-n over rank-packed hands, with a transposition table) or play it
    out by the rule of thumb beyond ``exact`` cards, and play the card of the lowest mean cost, a penalty
    weighed by what it does to the match (C9-C11). Given the same deals, its costs are `SearchBot.costs`'s.

    Attributes:
        horizon: Search once the hand holds at most this many cards.
        samples: The most deals of the hidden cards to solve per move.
        exact: Solve a deal exactly once at most this many cards are left in all hands.
        budget: The most work a move may take, in positions visited (a play of a playout counts as one):
            sampling stops after the deal that spends it, so a move's time is bounded and the bot stays
            deterministic given its generator (about 40 ns a position on this project's 2-core CI machine).
        model: Weigh each sampled deal by how well it explains the thumb-like opponents' plays.
        name: ``"deep"``.

    Examples:
        >>> import random
        >>> from concombre import deal, new_game, view
        >>> seen = view(deal(new_game(3, seed=4)), 1)
        >>> DeepSearchBot(samples=20).choose(seen, random.Random(1)).card in seen.legal_plays
        True
    """

    horizon: int = attrs.field(default=13)
    samples: int = attrs.field(default=200)
    exact: int = attrs.field(default=12)
    budget: int = attrs.field(default=BUDGET)
    model: bool = attrs.field(default=True)
    name: str = "deep"

    def __attrs_post_init__(self) -> None:
        _check_search(self, ("horizon", self.horizon), ("samples", self.samples), ("exact", self.exact),
                      ("budget", self.budget))

    def choose(self, seen: View, rng: random.Random) -> Action:
        """The card with the lowest expected cost over `samples` sampled deals."""
        seen, rng, chosen, early = _asked(seen, rng, self.horizon)
        if early is not None:
            return early
        return Play(_cheapest(chosen, _kernel_costs(self, seen, chosen, None, rng.getrandbits(64))))

    def costs(self, seen: View, worlds: Sequence[Sequence[int]]) -> list[float]:
        """`SearchBot.costs`, computed by the kernel: each of `candidates`'s cost summed over the given deals.

        Examples:
            >>> import random
            >>> from concombre import deal, new_game, view
            >>> from concombre.games.concombre.bots.sampling import deal_hidden, rank_bounds, unseen_cards
            >>> seen = view(deal(new_game(2, seed=4)), 1)
            >>> worlds = [[deal_hidden(seen, random.Random(n)).hand_mask(seat) for seat in (0, 1)] for n in range(3)]
            >>> DeepSearchBot(exact=8).costs(seen, worlds) == SearchBot(exact=8).costs(seen, worlds)
            True
        """
        return _kernel_costs(self, seen, candidates(seen), worlds, 0)


def _check_search(bot: object, *counts: tuple[str, object]) -> None:
    """Refuse a search bot's settings that are not whole numbers from 1, naming the field."""
    for field, value in counts:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidArgumentError(f"{type(bot).__name__}.{field} must be a whole number from 1, not {value!r}.",
                                       field=field)
    model = getattr(bot, "model", True)
    if not isinstance(model, bool):
        raise InvalidArgumentError(f"{type(bot).__name__}.model must be True or False, not {model!r}.", field="model")


def _kernel_costs(bot: DeepSearchBot, seen: View, chosen: Sequence[Card], worlds: Sequence[Sequence[int]] | None,
                  key: int) -> list[float]:
    """The kernel's costs of ``chosen`` over the given ``worlds``, or over ``bot.samples`` deals drawn from
    the stream ``key`` when ``worlds`` is None."""
    import numpy as np

    from concombre.games.concombre.fast import search_kernel as compiled

    players = len(seen.players)
    shared = _kernel_position(bot, seen, chosen, len(chosen) * (bot.samples if worlds is None else len(worlds)))
    costs = shared[-1]
    if worlds is not None:
        _transpositions.search = compiled.world_costs(np.array(worlds, dtype=np.uint64).reshape(-1, players), seen.seat,
                                             *shared)
        return [float(cost) for cost in costs]
    hands = np.zeros(players, dtype=np.uint64)
    hands[seen.seat] = mask_of(seen.hand)
    bounds = rank_bounds(seen)
    seats = [seat for seat in bounds for _ in range(seen.hand_sizes[seat])]
    unseen = np.array([index_of(card) for card in unseen_cards(seen)], dtype=np.int64)
    searched = compiled.sampled_costs(
        hands, bot.samples, bot.budget, np.uint64(key), unseen, np.array(seats, dtype=np.int64),
        np.array([bounds[seat][0] for seat in seats], dtype=np.int64),
        np.array([bounds[seat][1] for seat in seats], dtype=np.int64), seen.seat, *shared)
    if searched < 0:
        raise ValueError("no deal of the unseen cards fits what the plays revealed")
    _transpositions.search = searched
    return [float(cost) for cost in costs]


def _kernel_position(bot: DeepSearchBot, seen: View, chosen: Sequence[Card], searches: int) -> Any:
    """What the kernel's `world_costs` and `sampled_costs` take after the seat, read from the view: the
    candidates, the trick, the playing order, the rules, the match's cost table, the opponents' model (with
    `SLIP`), a
    transposition table with room for ``searches`` searches, a work counter, and the costs to add to (last)."""
    import numpy as np

    players = len(seen.players)
    following = np.array(next_seats(seen.eliminated), dtype=np.int64)  # C6
    trick = [(seat, index_of(card)) for seat, card in seen.trick]
    lead, (best_seat, best) = (trick[0][1], winning_play(trick)) if trick else (0, (0, 0))
    cost = np.array([[_cost(seen, seat, value, seat) for value in range(15)] for seat in range(players)])
    ranks, ducks = np.zeros((players, 52), dtype=np.int64), np.zeros((players, 52), dtype=np.bool_)
    counts = np.zeros(players, dtype=np.int64)
    for seat, played in (_plays(seen, thumb_like(seen)) if bot.model else {}).items():
        counts[seat] = len(played)
        for number, (rank, duck) in enumerate(played):
            ranks[seat, number], ducks[seat, number] = rank, duck
    return (np.array([index_of(card) for card in chosen], dtype=np.int64), len(trick), lead, best, best_seat,
            following, seen.eliminated.count(False), seen.rules.follow == "lead", seen.rules.may_duck, cost,
            bot.exact, ranks, ducks, counts, SLIP, _transpositions.get(searches), _transpositions.search,
            np.zeros(1, dtype=np.int64), np.zeros(len(chosen)))


class _Transpositions(threading.local):
    """Each thread's transposition table for the kernel's search, made on first use, and the next search's
    number (an entry belongs to one search, so the table is cleared only when the numbers would wrap)."""

    search = 1
    table: Any = None  # the transposition table (search_kernel.new_table)

    def get(self, searches: int) -> Any:
        """The table, with room for ``searches`` more search numbers."""
        from concombre.games.concombre.fast.search_kernel import STAMPS, new_table

        if self.table is None or self.search + searches >= STAMPS:
            self.table, self.search = new_table(), 1
        return self.table


_transpositions = _Transpositions()


def _asked(seen: View, rng: random.Random, horizon: int) -> tuple[View, random.Random, list[Card], Action | None]:
    """What a search bot is asked, checked (`require_turn`, `require_rng`), its candidate cards, and the play it
    makes without a search, if any (`_early_play`)."""
    seen, rng = require_turn(seen), require_rng(rng)
    chosen = candidates(seen)
    return seen, rng, chosen, _early_play(seen, chosen, horizon)


def _early_play(seen: View, chosen: Sequence[Card], horizon: int) -> Play | None:
    """The play made without searching: the only candidate of ``chosen``, or the rule that keeps options while
    the hand holds more than ``horizon`` cards; None when the bot should search."""
    if len(chosen) == 1:
        return Play(chosen[0])
    if len(seen.hand) > horizon:
        return Play(_keep_options(seen.hand, seen.legal_plays))
    return None


def _add_costs(costs: list[float], seen: View, chosen: Sequence[Card], hands: tuple[int, ...],
               plays: dict[int, list[tuple[int, bool]]], exact: int) -> None:
    weight = _likelihood(plays, hands)
    for number, card in enumerate(chosen):
        loser, value = _after(seen, hands, card, exact)
        costs[number] += weight * _cost(seen, loser, value, seen.seat)


def _cheapest(chosen: Sequence[Card], costs: Sequence[float]) -> Card:
    """The candidate of the lowest cost, the highest rank among equals."""
    return chosen[min(range(len(chosen)), key=lambda number: (costs[number], -number))]


def candidates(seen: View) -> list[Card]:
    """The cards a search weighs: the highest legal card of each rank, lowest rank first (suits never matter
    in play, C2).

    Examples:
        >>> from concombre import deal, new_game, view
        >>> seen = view(deal(new_game(2, seed=4)), 1)
        >>> len(candidates(seen)) == len({card.rank for card in seen.legal_plays})
        True
    """
    require_view(seen)
    return _one_per_rank(seen.legal_plays)


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
        return play_out(after, trick, leader, next_seats(seen.eliminated), follow_lead, may_duck)

    def cost(seat: int, loser: int, value: int) -> float:
        return _cost(seen, loser, value, seat)

    return last_trick(tuple(after), trick, leader, order, follow_lead, may_duck, cost)




def _likelihood(plays: dict[int, list[tuple[int, bool]]], hands: tuple[int, ...]) -> float:
    """How well a sampled deal explains ``plays`` (see `_plays`) of the seats modelled as thumb players: each card
    they played that was not a duck should have been the highest they held then (their sampled hand and the cards
    they played since)."""
    weight = 1.0
    for seat, played in plays.items():
        top = value_of(hands[seat].bit_length() - 1) if hands[seat] else 0
        for rank, duck in reversed(played):
            if not duck and top > rank:
                weight *= SLIP
            top = max(top, rank)
    return weight


def _plays(seen: View, seats: frozenset[int] | set[int]) -> dict[int, list[tuple[int, bool]]]:
    """The cards each of ``seats`` played this round, in order, as (value, whether it was a duck: below the card
    to match, C7)."""
    plays: dict[int, list[tuple[int, bool]]] = {seat: [] for seat in seats}
    follow_lead = seen.rules.follow == "lead"
    for trick in (*seen.tricks, seen.trick):
        indices = [(seat, card.index) for seat, card in trick]
        for position, (seat, card) in enumerate(indices):
            if seat in plays:
                target = card_to_match(indices[:position or 1], follow_lead)
                plays[seat].append((value_of(card), bool(position) and not beats(card, target)))
    return plays


def thumb_like(seen: View) -> frozenset[int]:
    """The other seats whose plays this round fit `concombre.ThumbBot`'s rule: every card they played that was
    not a duck (below the card to match, C7) was no higher than the one before. A bot's model of its opponents.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> sorted(thumb_like(view(deal(new_game(3, seed=4)), 1)))   # nothing played yet: nothing disproved
        [0, 2]
    """
    require_view(seen)
    others = {seat for seat in range(len(seen.players)) if seat != seen.seat and not seen.eliminated[seat]}
    fitted = set()
    for seat, played in _plays(seen, others).items():
        kept = [rank for rank, duck in played if not duck]
        if all(later <= earlier for earlier, later in pairwise(kept)):
            fitted.add(seat)
    return frozenset(fitted)


def _by_rank(hand: int) -> int:
    """``hand`` (a bit mask) with each rank's cards moved to the rank's lowest bits: suits never matter (C2), so
    hands that differ only in suits become one position for the memo, and one card per rank is tried."""
    packed = 0
    while hand:
        rank = SAME_RANK[hand.bit_length() - 1]
        packed |= (rank & -rank) * ((1 << (hand & rank).bit_count()) - 1)  # the rank's lowest count bits
        hand &= ~rank
    return packed


def last_trick(hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], leader: int, order: tuple[int, ...],
               follow_lead: bool, may_duck: bool, cost: Callable[[int, int, int], float]) -> tuple[int, int]:
    """Who takes the round's last trick, and the value of the card that wins it, when every player plays the
    card whose outcome costs them least (``cost(seat, loser, value)``; the lowest rank among equals). Hands are
    bit masks by seat, the trick on the table (seat, card index) pairs led by ``leader``, ``order`` the active seats in
    playing order. A max-n search over ranks (suits never matter, C2), memoised within the call. An inner step
    of the search on bit masks, as the rules' scalar homes, it trusts its arguments.

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
            result = (winner, value_of(best)) if not any(hands) else solve(hands, (), winner)  # C6, C9
            memo[key] = result
            return result
        seat = following[trick[-1][0]] if trick else leader
        legal = follow_mask(hands[seat], trick, follow_lead, may_duck)
        best_result, best_cost = (0, 0), float("inf")
        while legal:
            card = legal.bit_length() - 1  # the rank's highest bit: hands are packed by rank
            legal &= ~SAME_RANK[card]
            outcome = solve((*hands[:seat], hands[seat] ^ 1 << card, *hands[seat + 1:]), (*trick, (seat, card)),
                            leader)
            mine = cost(seat, *outcome)
            if mine <= best_cost:
                best_result, best_cost = outcome, mine
        memo[key] = best_result
        return best_result

    return solve(tuple(_by_rank(hand) for hand in hands), trick, leader)
