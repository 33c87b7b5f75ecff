"""Guessing the hidden cards: full states consistent with what a player may see.

A player sees their own hand, the cards played and how many cards each player
holds. The forced plays tell more (C7): a follower who played below the card
to match held nothing at or above it, and played a card of their lowest rank;
so every card they still hold ranks from that card up to, but not including,
the card to match. `deal_hidden` deals the unseen cards at random within
those bounds, for bots that search by playing sampled worlds out.
"""

from __future__ import annotations

import random

from concombre.core.cards import PACK, Card
from concombre.games.concombre.checks import StateParts, rebuild_state
from concombre.games.concombre.rules import card_value
from concombre.games.concombre.state import Phase, State
from concombre.games.concombre.views import View

__all__ = ["SLIP", "deal_hidden", "rank_bounds", "unseen_cards"]

SLIP = 0.1
"""How likely a thumb-like player is to have played below its highest card: the search bots weigh a sampled
deal by this once for each such play it implies (`concombre.games.concombre.search.thumb_like`); the Python
search and its compiled kernel both read it here.

Examples:
    >>> SLIP
    0.1
"""

_ROUND_PHASES = (Phase.PLAY, Phase.TRICK_COMPLETE, Phase.ROUND_COMPLETE)


def rank_bounds(seen: View) -> dict[int, tuple[int, int]]:
    """For each other seat, the ranks its hidden cards must lie in: (lowest, highest) values.

    Examples:
        >>> from concombre import PACK, Card, deal, new_game, play, view
        >>> hands = ["AS KS QS JS TS 9S 8S", "2C 2D 2H 2S 3C 3D 3H", "AH KH QH JH TH 9H 8H"]  # seats 1, 2, 0
        >>> top = [Card.parse(word) for row in zip(*(hand.split() for hand in hands)) for word in row]
        >>> state = deal(new_game(3, seed=1), deck=top + [card for card in PACK if card not in top])
        >>> state = play(play(state, Card.parse("AS")), Card.parse("2C"))
        >>> rank_bounds(view(state, 0))[2]   # seat 2 could not match the ace: it holds 2s to kings
        (2, 13)
    """
    bounds = {seat: (2, 14) for seat in range(len(seen.players)) if seat != seen.seat}
    for trick in (*seen.tricks, seen.trick):
        for position in range(1, len(trick)):
            seat, card = trick[position]
            target = trick[0][1] if seen.rules.follow == "lead" else max(c for _, c in trick[:position])
            if seat == seen.seat or card.rank >= target.rank:
                continue
            low, high = bounds[seat]
            low = max(low, card_value(card))  # the card played was of their lowest rank
            if not seen.rules.may_duck:
                high = min(high, card_value(target) - 1)  # and they held nothing at or above the target
            bounds[seat] = (low, high)
    return bounds


def deal_hidden(seen: View, rng: random.Random) -> State:
    """A full state that agrees with the view, the hidden cards dealt at random.

    Other hands get cards that no play of theirs rules out (see `rank_bounds`);
    the rest is the stock. The seed of the state is drawn from ``rng``, since
    the real one is hidden. Outside a round there is nothing hidden to deal,
    and the state holds empty hands.

    Raises:
        ValueError: No deal of the unseen cards fits the bounds (which cannot
            happen with the view of a real game).

    Examples:
        >>> import random
        >>> from concombre import deal, new_game, view
        >>> state = deal(new_game(4, seed=2))
        >>> world = deal_hidden(view(state, 1), random.Random(0))
        >>> world.hand(1) == state.hand(1), [len(hand) for hand in world.hands]
        (True, [7, 7, 7, 7])
    """
    hands: list[tuple[Card, ...]] = [() for _ in seen.players]
    hands[seen.seat] = seen.hand
    if seen.phase in _ROUND_PHASES:
        hands = _deal_unseen(seen, rng, hands)
    parts = StateParts(
        rules=seen.rules,
        players=seen.players,
        seed=rng.randrange(2**64),
        dealer=seen.dealer,
        round_number=seen.round_number,
        phase=seen.phase,
        to_play=seen.to_play,
        scores=seen.scores,
        penalty_cards=seen.penalty_cards,
        half_cucumber=seen.half_cucumber,
        eliminated=seen.eliminated,
        last_result=seen.last_result,
        hands=tuple(hands),
        tricks=seen.tricks,
        trick=seen.trick,
    )
    return rebuild_state(parts)


def unseen_cards(seen: View) -> list[Card]:
    """The cards ``seen`` does not show: the other hands' and the stock's, in pack order.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> seen = view(deal(new_game(4, seed=2)), 1)
        >>> len(unseen_cards(seen)), sum(seen.hand_sizes) - len(seen.hand) + seen.stock_size
        (45, 45)
    """
    known = set(seen.hand) | {card for trick in (*seen.tricks, seen.trick) for _, card in trick}
    known |= {card for cards in seen.penalty_cards for card in cards}
    return [card for card in PACK if card not in known]


def _deal_unseen(seen: View, rng: random.Random, hands: list[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
    """Deal the unseen cards at random so that every seat gets its count within its bounds.

    The seats' places are matched to cards by augmenting paths (Kuhn's
    algorithm) over a random order of cards and places, so a deal is found
    whenever one exists, and every deal that fits can come out.
    """
    unseen = unseen_cards(seen)
    bounds = rank_bounds(seen)
    places = [seat for seat in bounds for _ in range(seen.hand_sizes[seat])]
    rng.shuffle(unseen)
    rng.shuffle(places)
    holder = _match([bounds[seat] for seat in places], [card_value(card) for card in unseen])
    if holder is None:
        raise ValueError("no deal of the unseen cards fits what the plays revealed")
    dealt = [list(hand) for hand in hands]
    for position, place in holder.items():
        dealt[places[place]].append(unseen[position])
    return [tuple(sorted(hand)) for hand in dealt]


def _match(ranges: list[tuple[int, int]], values: list[int]) -> dict[int, int] | None:
    """A matching of every place (its allowed rank range) to a card (its value), or None."""
    holder: dict[int, int] = {}  # card position -> place

    def assign(place: int, tried: set[int]) -> bool:
        low, high = ranges[place]
        for position, value in enumerate(values):
            if position in tried or not low <= value <= high:
                continue
            tried.add(position)
            if position not in holder or assign(holder[position], tried):
                holder[position] = place
                return True
        return False

    return holder if all(assign(place, set()) for place in range(len(ranges))) else None
