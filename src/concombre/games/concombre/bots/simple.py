"""The simple bots: `RandomBot` and `ThumbBot`, and the rule of thumb itself (`thumb_card`) with the round
played out by it (`play_out`), which the Monte Carlo and search bots use.

The rule of thumb has two forms: this one over Python ints, and the compiled tier's
(`concombre.games.concombre.fast.kernel.thumb_card`), which the tests hold equal.

Examples:
    >>> import random
    >>> from concombre import deal, new_game, view
    >>> seen = view(deal(new_game(2, seed=4)), 1)
    >>> ThumbBot().choose(seen, random.Random(1)).card == max(seen.legal_plays)
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from concombre.core.cards import PACK, mask_of
from concombre.core.errors import require_rng
from concombre.games.concombre.actions import Action, Play
from concombre.games.concombre.rules import follow_mask, value_of, winning_play
from concombre.games.concombre.views import View, require_turn

__all__ = ["RandomBot", "ThumbBot", "play_out", "thumb_card"]


def thumb_card(legal: int) -> int:
    """The rule of thumb (`ThumbBot`'s): of a mask of legal cards (not empty), the `PACK` index to play, the
    highest.

    Examples:
        >>> thumb_card(0b1011)
        3
    """
    return legal.bit_length() - 1


@attrs.frozen
class RandomBot:
    """Plays a legal card at random.

    Attributes:
        name: ``"random"``.

    Examples:
        >>> import random
        >>> from concombre import RandomBot, deal, new_game, view
        >>> seen = view(deal(new_game(2, seed=4)), 1)
        >>> RandomBot().choose(seen, random.Random(1)).card in seen.legal_plays
        True
    """

    name: str = "random"

    def choose(self, seen: View, rng: random.Random) -> Action:
        """A legal card chosen uniformly at random."""
        seen, rng = require_turn(seen), require_rng(rng)
        return Play(rng.choice(seen.legal_plays))


@attrs.frozen
class ThumbBot:
    """Plays as a sensible human would: shed high cards, keep low ones for the end.

    Only the last trick costs anything (C9), and its highest card takes the
    penalty, so the bot plays its highest legal card: early on it sheds high
    cards while a trick costs nothing, and it is left holding its lowest for
    the last trick. When it cannot match the card to beat, the rules make it
    duck with a card of its lowest rank (C7).

    Attributes:
        name: ``"thumb"``.

    Examples:
        >>> import random
        >>> from concombre import ThumbBot, deal, new_game, view
        >>> seen = view(deal(new_game(2, seed=4)), 1)
        >>> ThumbBot().choose(seen, random.Random(1)).card == max(seen.legal_plays)
        True
    """

    name: str = "thumb"

    def choose(self, seen: View, rng: random.Random) -> Action:
        """The highest legal card (`thumb_card`)."""
        seen, rng = require_turn(seen), require_rng(rng)
        return Play(PACK[thumb_card(mask_of(seen.legal_plays))])


def play_out(hands: Sequence[int], trick: Sequence[tuple[int, int]], leader: int, next_seat: Sequence[int],
               follow_lead: bool, may_duck: bool) -> tuple[int, int]:
    """The round played out by `thumb_card` (every player's highest legal card): the last trick's loser and the
    value of its winning card. ``hands`` are masks by seat, ``trick`` the (seat, `PACK` index) plays on the table,
    ``next_seat`` each seat's follower (`concombre.games.concombre.state.next_seats`); ``leader`` leads when
    ``trick`` is empty. The Monte Carlo bot and the search bots' playouts.

    Examples:
        >>> from concombre import Card
        >>> from concombre.core.cards import index_of
        >>> ace, two = index_of(Card.parse("AS")), index_of(Card.parse("2C"))
        >>> # seat 0 leads AS and then 2C; seat 1 plays its twos and takes the last trick (C8: ties go last)
        >>> play_out([1 << ace | 1 << two, 1 << two + 1 | 1 << two + 2], (), 0, (1, 0), True, False)
        (1, 2)
    """
    size = len(set(next_seat))  # the seats still in the game (C6)
    hands_left, on_table = list(hands), list(trick)
    seat = next_seat[trick[-1][0]] if trick else leader
    while True:
        if len(on_table) == size:
            winner, best = winning_play(on_table)
            if not any(hands_left):
                return winner, value_of(best)
            on_table, seat = [], winner
        card = thumb_card(follow_mask(hands_left[seat], on_table, follow_lead, may_duck))
        hands_left[seat] ^= 1 << card
        on_table.append((seat, card))
        seat = next_seat[seat]
