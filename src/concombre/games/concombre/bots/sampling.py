"""Guessing the hidden cards: full states consistent with what a player may see.

A player sees their own hand, the cards played and how many cards each player
holds. The forced plays tell more (C7): a follower who played below the card
to match held nothing at or above it, and played a card of their lowest rank;
so every card they still hold ranks from that card up to, but not including,
the card to match. `deal_hidden` deals the unseen cards at random within
those bounds, for bots that search by playing sampled worlds out.
"""

from __future__ import annotations

import functools
import random

from concombre.core.cards import PACK, Card, index_of, mask_of
from concombre.core.errors import require_rng
from concombre.games.concombre.documents import rebuild_state, state_parts
from concombre.games.concombre.rules import beats, card_to_match, card_value, follow_mask, value_of
from concombre.games.concombre.state import Match, Phase, State, make_state
from concombre.games.concombre.views import View, require_view

__all__ = ["SLIP", "deal_hidden", "rank_bounds", "unseen_cards"]

SLIP = 0.1
"""How likely a thumb-like player is to have played below its highest card: the search bots weigh a sampled
deal by this once for each such play it implies (`concombre.games.concombre.bots.search.thumb_like`); the Python
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
    require_view(seen)
    bounds = {seat: (2, 14) for seat in range(len(seen.players)) if seat != seen.seat}
    for trick in (*seen.tricks, seen.trick):
        indices = [(seat, card.index) for seat, card in trick]
        for position in range(1, len(trick)):
            seat, card = indices[position]
            target = card_to_match(indices[:position], seen.rules.follow == "lead")
            if seat == seen.seat or beats(card, target):
                continue
            low, high = bounds[seat]
            low = max(low, value_of(card))  # the card played was of their lowest rank
            if not seen.rules.may_duck:
                high = min(high, value_of(target) - 1)  # and they held nothing at or above the target
            bounds[seat] = (low, high)
    return bounds


def deal_hidden(seen: View, rng: random.Random) -> State:
    """A full state that agrees with the view, the hidden cards dealt at random.

    Other hands get cards that no play of theirs rules out (see `rank_bounds`);
    the rest is the stock. The seed of the state is drawn from ``rng``, since
    the real one is hidden. Outside a round there is nothing hidden to deal,
    and the state holds empty hands.

    The first time it meets a view, it rebuilds one world of it through the
    loader's checks (`concombre.games.concombre.documents.rebuild_state`), so a
    view no game could show is refused; then it builds each world directly,
    since a deal within the bounds replays as the view shows (C7). A bot
    samples many worlds of one view, and the check would cost more than the
    sample.

    Raises:
        FormatError: The view is one no game could show; ``path`` names the part.
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
    _check_view(require_view(seen))
    return _world(seen, require_rng(rng))


@functools.lru_cache(maxsize=64)
def _check_view(seen: View) -> None:
    """Refuse a view no game could show: one world of it must pass the loader's checks."""
    world = _world(seen, random.Random(0))
    rebuild_state(state_parts(world))


def _world(seen: View, rng: random.Random) -> State:
    """A world of the view, built without checks: the hidden cards by `_deal_unseen`, then the seed."""
    hands: list[tuple[Card, ...]] = [() for _ in seen.players]
    hands[seen.seat] = seen.hand
    if seen.phase in _ROUND_PHASES:
        hands = _deal_unseen(seen, rng, hands)
    match = Match(rules=seen.rules, players=seen.players, seed=rng.randrange(2**64), dealer=seen.dealer,
                  round_number=seen.round_number, scores=seen.scores, penalty_cards=seen.penalty_cards,
                  half_cucumber=seen.half_cucumber, eliminated=seen.eliminated, last_result=seen.last_result)
    if seen.phase not in _ROUND_PHASES:
        return make_state(match, (seen.phase, None, 0, (), 0))
    packed = 0
    for seat, hand in enumerate(hands):
        packed |= mask_of(hand) << (seat << 6)
    plays = tuple([(seat, index_of(card)) for trick in (*seen.tricks, seen.trick) for seat, card in trick])
    legal = 0
    if seen.phase is Phase.PLAY and seen.to_play is not None:
        trick = plays[len(plays) - len(seen.trick):]
        legal = follow_mask(mask_of(hands[seen.to_play]), trick, match.follow_lead, match.may_duck)
    return make_state(match, (seen.phase, seen.to_play, packed, plays, legal))


def unseen_cards(seen: View) -> list[Card]:
    """The cards ``seen`` does not show: the other hands' and the stock's, in pack order.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> seen = view(deal(new_game(4, seed=2)), 1)
        >>> len(unseen_cards(seen)), sum(seen.hand_sizes) - len(seen.hand) + seen.stock_size
        (45, 45)
    """
    require_view(seen)
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
    """A matching of every place (its allowed rank range) to a card (its value), or None.

    Kuhn's algorithm: each place in turn takes the first card it may hold, in order, that is free or whose
    holder can move on along an augmenting path. The cards a place may hold and the cards a search has tried
    are bit masks over the card positions, which makes it several times faster than scanning the cards
    while giving the same matching (tests/test_bots.py holds it to the plain scan).
    """
    by_value: dict[int, int] = {}
    for position, value in enumerate(values):
        by_value[value] = by_value.get(value, 0) | 1 << position
    masks = {bounds: sum(mask for value, mask in by_value.items() if bounds[0] <= value <= bounds[1])
             for bounds in set(ranges)}
    if len(masks) == 1:
        return _match_alike(len(ranges), next(iter(masks.values())))
    may_hold = [masks[bounds] for bounds in ranges]
    holder = [-1] * len(values)  # card position -> place
    tried = 0

    def assign(place: int) -> bool:
        nonlocal tried
        options = may_hold[place] & ~tried
        while options:
            bit = options & -options
            tried |= bit
            position = bit.bit_length() - 1
            if holder[position] < 0 or assign(holder[position]):
                holder[position] = place
                return True
            options = may_hold[place] & ~tried  # the cards tried along the way are out too
        return False

    for place in range(len(ranges)):
        tried = 0
        if not assign(place):
            return None
    return {position: place for position, place in enumerate(holder) if place >= 0}


def _match_alike(places: int, may_hold: int) -> dict[int, int] | None:
    """`_match` when every place may hold the same cards (``may_hold``, a mask over card positions).

    Kuhn's algorithm then gives each new place the first card and moves every earlier place one card on, so
    that at the end the i-th card allowed goes to the last place but i: the same matching, without the
    search (the usual case early in a round, before anyone has failed to match a card).
    """
    if may_hold.bit_count() < places:
        return None
    holder = {}
    for place in range(places - 1, -1, -1):
        bit = may_hold & -may_hold
        holder[bit.bit_length() - 1] = place
        may_hold ^= bit
    return holder
