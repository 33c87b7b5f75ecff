"""The batched engine's kernel: Concombre's rules over arrays of games, compiled by Numba (the ``fast`` extra).

One game of a batch is a row of the four arrays of `STORAGE` (`concombre.batch.Batch` shows them as the
fields `FIELDS` names); every function here reads and writes rows in place, and the drivers at the end
loop over the games. A game's row depends on nothing but itself, so a batch can be cut into runs of games
stepped on several threads (the drivers release the GIL) with the same results whatever the thread count.

The rules are their homes' (`concombre.games.concombre.rules`), compiled as they are: a card's value (C2),
the follow rule (``follow_cards``, C7), the trick's winner (``beats``, C8), the next active seat
(``next_active``, C6, C12), the deal size (``deal_size``, C5) and the deal's key (C5, read by
`concombre.games.concombre.fast.deals`). The scoring of C9-C13 over the arrays is the kernel's own; the
differential tests hold it, step by step, to the reference engine.

Examples:
    >>> from concombre.batch import reset
    >>> from concombre.games.concombre.fast.kernel import place
    >>> games = reset([7], players=3)
    >>> array, column, width = place("hands", 3)
    >>> (games.storage[array][:, column:column + width] == games.hands).all()
    np.True_
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from concombre.accel.compiled import jit, jit_inline
from concombre.accel.splitmix import below, mix, next_seed
from concombre.core.game import END_BONUS
from concombre.games.concombre import rules as homes
from concombre.games.concombre.encoding import CARDS_SCALE, LAYOUT, SCORE_SCALE, SEAT_FEATURES
from concombre.games.concombre.fast.deals import WORK, pack_order

__all__ = ["BOTS", "FIELDS", "STORAGE", "highest", "legal_cards", "nth_card", "place", "popcount", "random_legal",
           "thumb_card", "widths"]

FIELDS = {
    "seeds": np.uint64, "hands": np.uint64, "penalties": np.uint64, "scores": np.int16, "half_cucumber": np.bool_,
    "eliminated": np.bool_, "received": np.int16, "to_play": np.int8, "legal": np.uint64, "trick": np.uint64,
    "trick_size": np.int8, "lead": np.int8, "best": np.int8, "best_seat": np.int8, "played": np.uint64,
    "dealer": np.int8, "round_number": np.int16, "deal_size": np.int8, "winner": np.int8, "rewards": np.float32,
}
"""A game's arrays as a `concombre.batch.Batch` shows them, with their types (the batch's memory: 242 bytes
a game at 4 players, 314 at 7). The kernel keeps them in four arrays, a row a game (`STORAGE`, `place`):
few arrays to hand from function to function, and one game's state in a few cache lines.

Examples:
    >>> list(FIELDS)[:3], FIELDS["to_play"].__name__
    (['seeds', 'hands', 'penalties'], 'int8')
"""

STORAGE = ("words", "small", "tallies", "rewards")
"""The kernel's four arrays, each (games, columns): ``uint64`` words (seed, legal cards, trick, played,
hands, penalty cards), ``int8`` small numbers (seats, cards, sizes, half cucumbers, eliminations), ``int16``
tallies (round, scores, the round each penalty card was received) and ``float32`` rewards.

Examples:
    >>> STORAGE.index("tallies")
    2
"""

SEED, LEGAL, TRICK, PLAYED, HANDS = 0, 1, 2, 3, 4  # words; the penalty cards follow the hands
TO_PLAY, TRICK_SIZE, LEAD, BEST, BEST_SEAT, DEALER, DEAL_SIZE, WINNER, HALF = range(9)  # small; then eliminated
ROUND, SCORES = 0, 1  # tallies; then received


def widths(players: int) -> tuple[int, int, int, int]:
    """The columns of each of `STORAGE`'s arrays for ``players`` players.

    Examples:
        >>> widths(4)
        (12, 16, 57, 4)
    """
    return HANDS + 2 * players, HALF + 2 * players, SCORES + players + 52, players


def place(name: str, players: int) -> tuple[int, int, int | None]:
    """Where a field of `FIELDS` lives: its array in `STORAGE`, its first column and its width (None: one
    column, shape (games,)).

    Examples:
        >>> place("penalties", 4)
        (0, 8, 4)
    """
    return _places(players)[name]


@functools.cache
def _places(players: int) -> dict[str, tuple[int, int, int | None]]:
    return {"seeds": (0, SEED, None), "legal": (0, LEGAL, None), "trick": (0, TRICK, None),
            "played": (0, PLAYED, None), "hands": (0, HANDS, players), "penalties": (0, HANDS + players, players),
            "to_play": (1, TO_PLAY, None), "trick_size": (1, TRICK_SIZE, None), "lead": (1, LEAD, None),
            "best": (1, BEST, None), "best_seat": (1, BEST_SEAT, None), "dealer": (1, DEALER, None),
            "deal_size": (1, DEAL_SIZE, None), "winner": (1, WINNER, None), "half_cucumber": (1, HALF, players),
            "eliminated": (1, HALF + players, players), "round_number": (2, ROUND, None),
            "scores": (2, SCORES, players), "received": (2, SCORES + players, 52), "rewards": (3, 0, players)}


BOTS = ("random", "thumb")
"""The bots that play inside the kernel, by number: a legal card at random, the rule of thumb (`thumb_card`);
the bots of `concombre.games.concombre.bots.ROSTER` that say they are compiled.

Examples:
    >>> BOTS.index("thumb")
    1
"""

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_SAME_RANK = np.array(homes.SAME_RANK, dtype=np.uint64)
# The rules homes, compiled as they are (`concombre.games.concombre.rules`):
# the tests check that each is the home's own function. Typed loosely: they take numpy's integers here.
beats: Callable[..., bool] = jit(homes.beats)  # C8
follow_cards: Callable[..., int] = jit_inline(homes.follow_cards)  # C7
next_active: Callable[..., int] = jit_inline(homes.next_active)  # C6, C12
value_of: Callable[..., Any] = jit_inline(homes.value_of)  # C2
deal_size: Callable[..., int] = jit(homes.deal_size)  # C5
_DE_BRUIJN = np.uint64(0x03F79D71B4CB0A89)
_LOWEST = np.zeros(64, dtype=np.int64)  # the card of each lowest bit, by its de Bruijn product's top six bits
_LOWEST[[((1 << index) * int(_DE_BRUIJN) & (2**64 - 1)) >> 58 for index in range(64)]] = np.arange(64)
_FIRST_SEAT_FEATURE = LAYOUT.seats.start
_FEATURES = len(SEAT_FEATURES)
_SCORE, _HALF, _OUT, _TO_PLAY, _HELD = (SEAT_FEATURES.index(name) for name in
                                        ("score", "half cucumber", "eliminated", "to play", "held"))
_DEAL_SIZE = LAYOUT.deal_size.start


# -- bits -----------------------------------------------------------------------------------------------------

@jit
def _bit(card: int) -> np.uint64:
    return _ONE << np.uint64(card)


@jit
def _byte_counts(mask: np.uint64) -> np.uint64:
    """Each byte of ``mask`` replaced by how many cards it holds (the first steps of a SWAR count)."""
    mask = mask - ((mask >> np.uint64(1)) & np.uint64(0x5555555555555555))
    mask = (mask & np.uint64(0x3333333333333333)) + ((mask >> np.uint64(2)) & np.uint64(0x3333333333333333))
    return (mask + (mask >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)


@jit
def popcount(mask: np.uint64) -> int:
    """How many cards ``mask`` holds (a SWAR count).

    Examples:
        >>> import numpy as np
        >>> popcount(np.uint64(0b1011))
        3
    """
    return int((_byte_counts(mask) * np.uint64(0x0101010101010101)) >> np.uint64(56))


@jit
def _lowest(mask: np.uint64) -> int:
    """The index of the lowest card of a mask that holds one (de Bruijn)."""
    return int(_LOWEST[((mask & (~mask + _ONE)) * _DE_BRUIJN) >> np.uint64(58)])


@jit
def highest(mask: np.uint64) -> int:
    """The index of the highest card of a mask that holds one.

    Examples:
        >>> import numpy as np
        >>> highest(np.uint64(0b1011))
        3
    """
    index = 0
    for shift in (32, 16, 8, 4, 2, 1):
        if mask >> np.uint64(shift):
            mask >>= np.uint64(shift)
            index += shift
    return index


_BYTES = np.uint64(0x0101010101010101)
_HIGH_BITS = np.uint64(0x8080808080808080)
_IN_BYTE = np.array([[[index for index in range(8) if byte >> index & 1][rank] if rank < bin(byte).count("1") else 0
                      for rank in range(8)] for byte in range(256)], dtype=np.int64)


@jit
def nth_card(mask: np.uint64, rank: int) -> int:
    """The index of the card of ``mask`` with ``rank`` cards below it (``rank`` less than the cards it holds),
    without a loop: the bytes' card counts summed in one multiply, the byte found by comparing all eight at
    once, the card in it from a table.

    Examples:
        >>> import numpy as np
        >>> nth_card(np.uint64(0b1011_0000), 2)
        7
    """
    running = _byte_counts(mask) * _BYTES  # byte i: the cards in bytes 0 to i
    at_most = (((np.uint64(rank) * _BYTES) | _HIGH_BITS) - running) & _HIGH_BITS  # bytes whose running count <= rank
    byte = popcount(at_most)
    before = ((running << np.uint64(8)) >> np.uint64(8 * byte)) & np.uint64(0xFF)
    return 8 * byte + int(_IN_BYTE[int((mask >> np.uint64(8 * byte)) & np.uint64(0xFF)), rank - int(before)])


@jit_inline
def thumb_card(legal: np.uint64) -> int:
    """The rule of thumb, compiled (`concombre.games.concombre.bots.simple.thumb_card`, held equal by the tests):
    of a mask of legal cards, the `PACK` index to play, the highest.

    Examples:
        >>> import numpy as np
        >>> thumb_card(np.uint64(0b1011))
        3
    """
    return highest(legal)


# -- the rules ------------------------------------------------------------------------------------------------

@jit
def legal_cards(hand: np.uint64, trick_size: int, lead: int, best: int, follow_lead: bool, may_duck: bool
                ) -> np.uint64:
    """The cards of ``hand`` that may be played (C7): `concombre.games.concombre.rules.follow_mask` over the
    trick's lead and best card, its masks the home's.

    Examples:
        >>> import numpy as np
        >>> hand = np.uint64(0b1_0001_0001)          # 2C, 3C, 4C
        >>> int(legal_cards(hand, 1, 4, 4, True, False))  # 3C led: 3C or higher
        272
    """
    if trick_size == 0:
        return np.uint64(hand)
    # the card to match (C7): the lead's, or by follow="highest" the best so far (of the highest card's rank)
    return np.uint64(follow_cards(hand, lead if follow_lead else best, may_duck))


@jit_inline
def _out_seats(small: np.ndarray, game: int, players: int) -> int:
    """The game's eliminated seats, as the mask `next_active` takes."""
    out = 0
    for seat in range(players):
        if small[game, HALF + players + seat]:
            out |= 1 << seat
    return out


@jit_inline
def _next_active(small: np.ndarray, game: int, seat: int, players: int) -> int:
    """The first active seat to the left of ``seat`` (C6, C12; `next_active` over the game's row)."""
    return int(next_active(seat, _out_seats(small, game, players), players))


@jit_inline
def _active(small: np.ndarray, game: int, players: int) -> int:
    count = 0
    for seat in range(players):
        if not small[game, HALF + players + seat]:
            count += 1
    return count


@jit
def _deal(words: np.ndarray, small: np.ndarray, game: int, players: int, round_number: int, fast: bool,
          order: np.ndarray, work: np.ndarray) -> None:
    """Deal the game's round (C4-C6): a card at a time from the top, from the first active player left of the
    dealer; that player leads."""
    held = _ZERO
    for seat in range(players):
        held |= words[game, HANDS + players + seat]
        words[game, HANDS + seat] = _ZERO
    active = _active(small, game, players)
    dealt = int(small[game, DEAL_SIZE]) * active
    pack_order(words[game, SEED], round_number, held, fast, order, dealt, work)
    first = _next_active(small, game, int(small[game, DEALER]), players)
    seat = first
    for turn in range(active):
        for position in range(turn, dealt, active):
            words[game, HANDS + seat] |= _bit(order[position])
        seat = _next_active(small, game, seat, players)
    small[game, TO_PLAY] = first
    words[game, LEGAL] = words[game, HANDS + first]
    words[game, TRICK] = _ZERO
    words[game, PLAYED] = _ZERO
    small[game, TRICK_SIZE] = 0
    small[game, LEAD] = -1
    small[game, BEST] = -1
    small[game, BEST_SEAT] = -1


@jit
def _score(words: np.ndarray, small: np.ndarray, tallies: np.ndarray, rewards: np.ndarray, game: int, limit: int,
           first_deal: int, fast: bool, order: np.ndarray, work: np.ndarray) -> None:
    """The round just ended: its last trick's winner takes the penalty card (C9), half cucumber (C10) or out
    (C11); the game won (C13) or the deal passed (C12) and the next round dealt."""
    players = rewards.shape[1]
    penalty, received, out = HANDS + players, SCORES + players, HALF + players
    loser, card = int(small[game, BEST_SEAT]), int(small[game, BEST])
    value = value_of(card)
    tallies[game, received + card] = tallies[game, ROUND]
    words[game, penalty + loser] |= _bit(card)
    tallies[game, SCORES + loser] += value
    rewards[game, loser] -= value
    if tallies[game, SCORES + loser] >= limit:
        held = words[game, penalty + loser]
        if not small[game, HALF + loser]:  # C10: the highest card kept, the first received among equals
            highest_rank = held & _SAME_RANK[highest(held)]
            kept, first = -1, 1 << 30
            while highest_rank:
                candidate = _lowest(highest_rank)
                if tallies[game, received + candidate] < first:
                    kept, first = candidate, tallies[game, received + candidate]
                highest_rank &= highest_rank - _ONE
            for other in range(52):
                if other != kept and (held >> np.uint64(other)) & _ONE:
                    tallies[game, received + other] = 0
            words[game, penalty + loser] = _bit(kept)
            tallies[game, SCORES + loser] = value_of(kept)
            small[game, HALF + loser] = 1
        else:  # C11: out, every penalty card back to the pack, the score kept
            for other in range(52):
                if (held >> np.uint64(other)) & _ONE:
                    tallies[game, received + other] = 0
            words[game, penalty + loser] = _ZERO
            small[game, out + loser] = 1
    active = _active(small, game, players)
    if active == 1:
        for seat in range(players):
            rewards[game, seat] -= END_BONUS
            if not small[game, out + seat]:
                small[game, WINNER] = seat
        rewards[game, small[game, WINNER]] += 2 * END_BONUS
        small[game, TO_PLAY] = -1
        words[game, LEGAL] = _ZERO
        return
    small[game, DEALER] = _next_active(small, game, int(small[game, DEALER]), players)
    tallies[game, ROUND] += 1
    held_all = _ZERO
    for seat in range(players):
        held_all |= words[game, penalty + seat]
    small[game, DEAL_SIZE] = deal_size(first_deal, value, active, 52 - popcount(held_all))
    _deal(words, small, game, players, int(tallies[game, ROUND]), fast, order, work)


@jit
def _restart(words: np.ndarray, small: np.ndarray, tallies: np.ndarray, game: int, seed: np.uint64,
             dealer_seat: int, players: int, first_deal: int, fast: bool, order: np.ndarray,
             work: np.ndarray) -> None:
    """The game started anew from ``seed`` and dealt (C3-C6); its rewards are the caller's (a rollout sums them
    across a restart)."""
    words[game, :] = _ZERO
    small[game, :] = 0
    tallies[game, :] = 0
    words[game, SEED] = seed
    tallies[game, ROUND] = 1
    small[game, DEALER] = dealer_seat
    small[game, WINNER] = -1
    small[game, DEAL_SIZE] = deal_size(first_deal, first_deal, players, 52)
    _deal(words, small, game, players, 1, fast, order, work)


@jit_inline
def _choose(legal: np.uint64, bot: int, key: np.uint64, counter: int) -> tuple[int, int]:
    """The card of in-kernel bot ``bot`` (`BOTS`) among the ``legal`` cards; the random stream's counter."""
    if bot == 1:
        return thumb_card(legal), counter
    pick, counter = below(key, counter, popcount(legal))
    return nth_card(legal, pick), counter


# -- the drivers: one game per iteration, written out in the loop (a loop calling an inlined function that holds
# the step ran a hundred times slower: Numba's reference counting of the state's arrays, not pruned there) -----

@jit
def first_refused(state: Any, cards: np.ndarray, live: np.ndarray) -> int:
    """The first game whose card is refused (not in its legal mask; a finished game refuses nothing), or -1."""
    words, small = state[0], state[1]
    for game in range(len(cards)):
        if live[game] and small[game, WINNER] < 0:
            card = cards[game]
            if card < 0 or card > 51 or not (words[game, LEGAL] >> np.uint64(card)) & _ONE:
                return game
    return -1


@jit
def run_games(state: Any, given: bool, cards: np.ndarray, live: np.ndarray, bots: np.ndarray, steps: int, seat: int,
              autoreset: bool, key: np.uint64, rules: Any, first_deal: int, first_game: int
              ) -> None:
    """Every game, one after the other. With cards ``given``, one step: the games marked ``live`` play their
    card (all known legal). Otherwise up to ``steps`` steps (all of the game if negative), the players the
    in-kernel ``bots`` (one per seat); with ``seat`` at least 0, only until that seat must play or is out. A finished
    game restarts with ``autoreset`` (a step of its own). The games' rewards start from 0 and sum the call's
    steps (scoring only ever adds to them). The random bot draws from ``key`` and the game's place in the
    whole batch (``first_game`` is the place of the first game given).

    The play is written out here rather than called: a call handing arrays to a function that is not inlined
    costs their reference counting, several times the play itself (the reason, too, for the state's four
    arrays rather than one per field)."""
    words, small, tallies, rewards = state
    follow_lead, may_duck, limit, fast = rules
    players = rewards.shape[1]
    out = HALF + players
    order, work = np.empty(52, dtype=np.int64), np.empty(WORK, dtype=np.uint64)
    stream = _ZERO
    for game in range(len(words)):
        if not given:  # the random bot's stream: the game's own, whatever the run it is stepped in
            stream = mix(key ^ mix(np.uint64(first_game + game)))
        counter, done = 0, 0
        for other in range(players):
            if rewards[game, other] != 0.0:  # most steps score nothing: a read is cheaper than a write
                rewards[game, other] = 0.0
        out_seats = _out_seats(small, game, players)  # read again only when a round is scored or restarted
        while True:
            if given:
                if done == 1:
                    break
            elif (steps >= 0 and done == steps) or (small[game, WINNER] >= 0 and not autoreset) or (
                    seat >= 0 and (small[game, WINNER] >= 0 or small[game, TO_PLAY] == seat
                                   or small[game, out + seat])):
                break
            done += 1
            if small[game, WINNER] >= 0:
                if autoreset:
                    _restart(words, small, tallies, game, next_seed(words[game, SEED]), 0, players, first_deal,
                             fast, order, work)
                    out_seats = 0
                continue
            if given:
                if not live[game]:
                    continue
                card = cards[game]
            else:
                card, counter = _choose(words[game, LEGAL], bots[small[game, TO_PLAY]], stream, counter)
            mover = int(small[game, TO_PLAY])
            bit = _bit(card)
            words[game, HANDS + mover] ^= bit
            words[game, PLAYED] |= bit
            if small[game, TRICK_SIZE] == 0:
                small[game, LEAD] = card
                small[game, BEST] = card
                small[game, BEST_SEAT] = mover
                words[game, TRICK] = bit
            else:
                if beats(card, int(small[game, BEST])):  # C8
                    small[game, BEST] = card
                    small[game, BEST_SEAT] = mover
                words[game, TRICK] |= bit
            if small[game, TRICK_SIZE] + 1 < _active(small, game, players):
                small[game, TRICK_SIZE] += 1
                mover = next_active(mover, out_seats, players)
            else:  # the trick is full: its winner leads the next, or the round is over
                words[game, TRICK] = _ZERO
                small[game, TRICK_SIZE] = 0
                mover = int(small[game, BEST_SEAT])
                left = _ZERO
                for other in range(players):
                    left |= words[game, HANDS + other]
                if left == _ZERO:
                    _score(words, small, tallies, rewards, game, limit, first_deal, fast, order, work)
                    out_seats = _out_seats(small, game, players)
                    continue
            small[game, TO_PLAY] = mover
            words[game, LEGAL] = legal_cards(words[game, HANDS + mover], int(small[game, TRICK_SIZE]),
                                             int(small[game, LEAD]), int(small[game, BEST]), follow_lead, may_duck)


@jit
def deal_all(state: Any, dealer_seat: int, rules: Any, first_deal: int) -> None:
    """Every game started from its seed and dealt (the seeds already in place)."""
    words, small, tallies, rewards = state
    order, work = np.empty(52, dtype=np.int64), np.empty(WORK, dtype=np.uint64)
    for game in range(len(words)):
        _restart(words, small, tallies, game, words[game, SEED], dealer_seat, rewards.shape[1], first_deal,
                 rules[3], order, work)


@jit
def random_legal(legal: np.ndarray, words: np.ndarray, cards: np.ndarray) -> None:
    """A legal card uniformly at random for each game, from one random 64-bit word each (-1 with none).

    Examples:
        >>> import numpy as np
        >>> from concombre.batch import legal_mask, reset
        >>> games = reset([1, 2], players=3)
        >>> cards = np.zeros(2, dtype=np.int64)
        >>> random_legal(games.legal.copy(), np.array([5, 6], dtype=np.uint64), cards)  # contiguous masks
        >>> bool(legal_mask(games)[[0, 1], cards].all())
        True
    """
    for game in range(len(legal)):
        mask = legal[game]
        if mask == _ZERO:
            cards[game] = -1
            continue
        pick, _ = below(words[game], 0, popcount(mask))
        cards[game] = nth_card(mask, pick)


@jit
def thumb_legal(legal: np.ndarray, cards: np.ndarray) -> None:
    """Each game's card by the rule of thumb (`thumb_card`; -1 with no legal card)."""
    for game in range(len(legal)):
        cards[game] = thumb_card(legal[game]) if legal[game] else -1


@jit
def observe_games(state: Any, seats: np.ndarray, vectors: np.ndarray) -> None:
    """Each game's observation for seat ``seats[game]`` (`concombre.games.concombre.encoding`) into ``vectors``
    (zeros): that seat's hand and what is face up."""
    words, small, tallies, rewards = state
    players = rewards.shape[1]
    for game in range(len(seats)):
        seat = seats[game]
        held = _ZERO
        for other in range(players):
            held |= words[game, HANDS + players + other]
        masks = (words[game, HANDS + seat], words[game, TRICK], words[game, PLAYED], held)
        for piece in range(4):
            mask = masks[piece]
            while mask:
                vectors[game, 52 * piece + _lowest(mask)] = 1.0
                mask &= mask - _ONE
        for offset in range(players):
            other = (seat + offset) % players
            at = _FIRST_SEAT_FEATURE + offset * _FEATURES
            vectors[game, at + _SCORE] = min(tallies[game, SCORES + other] / SCORE_SCALE, 1.0)
            vectors[game, at + _HALF] = 1.0 if small[game, HALF + other] else 0.0
            vectors[game, at + _OUT] = 1.0 if small[game, HALF + players + other] else 0.0
            vectors[game, at + _TO_PLAY] = 1.0 if small[game, TO_PLAY] == other else 0.0
            vectors[game, at + _HELD] = popcount(words[game, HANDS + other]) / CARDS_SCALE
        vectors[game, _DEAL_SIZE] = min(small[game, DEAL_SIZE] / CARDS_SCALE, 1.0)
