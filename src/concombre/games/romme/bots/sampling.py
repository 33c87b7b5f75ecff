"""Guessing the hidden cards of Rommé: full states consistent with what a player may see.

A player sees their own hand, the discard pile, the melds on the table, how
many cards each player holds and how large the stock is. `deal_hidden` deals
the cards they cannot see at random: each other contender gets as many as
they hold, and the rest, shuffled, is the stock. It is what search bots and
OpenSpiel's Information-Set MCTS play out.

A card another player took from the discard pile and still holds is public
knowledge; `deal_hidden` takes such cards in ``known`` and gives them back to
their holder.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from concombre.core.errors import InvalidArgumentError, require_rng
from concombre.games.romme.cards import RommeCard, deck
from concombre.games.romme.documents import StateParts, rebuild_state
from concombre.games.romme.state import State
from concombre.games.romme.views import View, require_view

__all__ = ["deal_hidden"]


def deal_hidden(
    seen: View, rng: random.Random, known: Mapping[int, frozenset[RommeCard]] | None = None
) -> State:
    """A full state that agrees with the view, the cards the seat cannot see dealt at random.

    Between rounds no card is out, and the state holds none.

    Args:
        seen: What one seat sees.
        rng: Where the deal's randomness comes from.
        known: Cards known to be in another seat's hand (taken from the
            discard pile and not put down since), by seat.

    Raises:
        InvalidArgumentError: ``known`` gives a seat more cards than it
            holds, or cards the view shows elsewhere.

    Examples:
        >>> import random
        >>> from concombre.games.romme import deal, new_game, view
        >>> state = deal(new_game(3, seed=2))
        >>> world = deal_hidden(view(state, 1), random.Random(0))
        >>> world.hands[1] == state.hands[1], world.hand_sizes == state.hand_sizes, len(world.stock)
        (True, True, 68)
    """
    seen, rng = require_view(seen), require_rng(rng)
    known = known or {}
    if not isinstance(known, Mapping) or not all(
            isinstance(cards, (set, frozenset)) and all(type(card) is RommeCard for card in cards)
            for cards in known.values()):
        raise InvalidArgumentError(f"known must map seats to sets of cards, not {known!r:.80}.", field="known")
    shown = {*seen.hand, *seen.discard_pile, *(card for meld in seen.melds for card in meld.cards)}
    promised = {card for cards in known.values() for card in cards}
    if promised & shown or any(len(known.get(seat, ())) > size for seat, size in enumerate(seen.hand_sizes)):
        raise InvalidArgumentError("known cards are cards the view does not show, at most a hand each", field="known")
    unseen = [card for card in deck(seen.rules.jokers) if card not in shown and card not in promised]
    rng.shuffle(unseen)
    hands: list[tuple[RommeCard, ...]] = []
    for seat, size in enumerate(seen.hand_sizes):
        if seat == seen.seat:
            hands.append(seen.hand)
            continue
        held = sorted(known.get(seat, ()))
        while len(held) < size:
            held.append(unseen.pop())
        hands.append(tuple(sorted(held)))
    parts = StateParts(
        rules=seen.rules, players=seen.players, seed=rng.randrange(2**64), dealer=seen.dealer,
        round_number=seen.round_number, contenders=seen.contenders, scores=seen.scores,
        tie_break_points=seen.tie_break_points, phase=seen.phase, to_play=seen.to_play, hands=tuple(hands),
        stock=tuple(unseen) if seen.stock_size else (), discard_pile=seen.discard_pile, melds=seen.melds,
        opened=seen.opened,
        rebuilds=seen.rebuilds, drawn=seen.drawn, last_result=seen.last_result,
    )
    return rebuild_state(parts)
