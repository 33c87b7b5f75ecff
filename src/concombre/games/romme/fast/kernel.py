"""The batched engine's kernel: German Rommé's rules over arrays of games, compiled by Numba (the ``fast`` extra).

One game of a batch is a row of the four arrays of `STORAGE` (`concombre.games.romme.fast.batch.Batch` shows
them as the fields `FIELDS` names). Every card is its sorting index (0-103 the natural cards, 104-109 the
jokers): a hand is a bit mask over them in two words (copies play alike, but the reference engine tells them
apart, as R7a's card taken from the discard pile and R10's joker do), the stock and the discard pile are rows of
cards (their tops last), and the melds on the table are fixed rows (`concombre.games.romme.fast.table`): a kind,
a base, a suit and up to 13 places, each with its card and the seat that filled it (R13). A game's row depends
on nothing but itself, so a batch can be cut into runs stepped on several threads with the same results.

An action is a row of `ACTION_WIDTH` numbers: its kind (`DRAW_STOCK` ... `DISCARD`), a card, a meld, a place or
an end (0 none, 1 low, 2 high), how many numbers follow and the cards that follow: the melds of a `MELD`, each
ended by -1, or an `EXCHANGE`'s new meld. The table's own steps (the deal, scoring a round, the next round, the
tie-break rounds and the end, R4, R12-R14a) are taken inside a step, so a batch always waits for a player.

Examples:
    >>> from concombre.games.romme.fast.batch import reset
    >>> games = reset([7], players=2)
    >>> games.phase.tolist(), games.to_play.tolist(), games.stock_size.tolist()
    ([1], [1], [81])
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from concombre.accel.compiled import jit_bare, jit_bare_inline, jit_inline
from concombre.core.game import END_BONUS
from concombre.games.romme import rules as homes
from concombre.games.romme.fast.deals import MOST_CARDS, pack_card, shuffled_positions
from concombre.games.romme.fast.table import (
    HAND_VALUES,
    OK,
    R5,
    R7,
    R7A,
    R8,
    R9,
    R10,
    R15,
    RUN,
    build_meld,
    exchange_fit,
    face,
    lay_off_fit,
    opens,
    place_value,
)

__all__ = ["ACTION_WIDTH", "FIELDS", "STORAGE", "act", "place", "refusal", "restart"]

MOST_SEATS = homes.MAX_PLAYERS
MOST_MELDS = 36  # every card in melds of three (R5)
MOST_PLACES = 13  # a run from the ace to the king (R6)
HAND_SIZE = 13  # cards dealt to each player (R4)
PLAY_PHASES = ("deal", "draw", "play", "round complete", "game over")  # `concombre.games.romme.Phase`'s values
DEAL, DRAW, PLAY, ROUND_COMPLETE, GAME_OVER = range(5)

# small (int8): the round's numbers, each seat's flags, the stock, the discard pile, the melds
PHASE, TO_PLAY, DEALER, REBUILDS, DRAWN, MELDS, STOCK_SIZE, PILE_SIZE, WINNER, OUT = range(10)
OPENED = 10
CONTENDERS = OPENED + MOST_SEATS
STOCK = CONTENDERS + MOST_SEATS
PILE = STOCK + MOST_CARDS
KIND = PILE + MOST_CARDS
BASE = KIND + MOST_MELDS
SUIT = BASE + MOST_MELDS
SIZE = SUIT + MOST_MELDS
CARDS = SIZE + MOST_MELDS
OWNERS = CARDS + MOST_MELDS * MOST_PLACES
SMALL_WIDTH = OWNERS + MOST_MELDS * MOST_PLACES
# words (uint64): the seed, then each seat's hand in two words (cards 0-63, 64-109), then in two words each
# seat's cards taken from the discard pile and not shown since (what the others have seen it take)
SEED, HANDS = 0, 1
TAKEN = HANDS + 2 * MOST_SEATS
WORDS_WIDTH = TAKEN + 2 * MOST_SEATS
# tallies (int32): the round, the totals, the tie-break points, and the last round's result (R13, R14a)
ROUND, SCORES, TIE_BREAK, MELD_VALUES, HAND_VALUES_OF, ROUND_SCORES = 0, 1, 7, 13, 19, 25
LAST_ROUND = 31
TALLIES_WIDTH = 32

BUILT_WIDTH = 33  # a game's parts built so far: how many, then up to 32 parts
DRAW_STOCK, DRAW_DISCARD, MELD, LAY_OFF, EXCHANGE, DISCARD = range(6)
KIND_OF, CARD_OF, MELD_OF, PLACE_OF, COUNT_OF, FIRST_CARD = range(6)
ACTION_WIDTH = 32
"""The numbers of an action's row: kind, card, meld, place or end, how many cards follow, and the cards.

Examples:
    >>> ACTION_WIDTH
    32
"""

STORAGE = ("small", "words", "tallies", "rewards", "built")
"""The kernel's five arrays, each (games, columns): ``int8`` small numbers (the round's, the seats' flags, the
stock, the discard pile, the melds), ``uint64`` words (the seed, the hands, the cards taken from the discard
pile), ``int32`` tallies (the round, the totals, the tie-break points, the last round's result), ``float32``
rewards and ``int16`` parts built so far (`concombre.games.romme.fast.builder`).

Examples:
    >>> STORAGE.index("words")
    1
"""

FIELDS = {
    "seeds": np.uint64, "hands": np.uint64, "phase": np.int8, "to_play": np.int8, "dealer": np.int8,
    "rebuilds": np.int8, "drawn": np.int8, "meld_count": np.int8, "stock_size": np.int8, "pile_size": np.int8,
    "winner": np.int8, "out": np.int8, "opened": np.bool_, "contenders": np.bool_, "stock": np.int8,
    "discard_pile": np.int8, "meld_kinds": np.int8, "meld_bases": np.int8, "meld_suits": np.int8,
    "meld_sizes": np.int8, "places": np.int8, "owners": np.int8, "round_number": np.int32, "scores": np.int32,
    "tie_break_points": np.int32, "meld_values": np.int32, "hand_values": np.int32, "round_scores": np.int32,
    "last_round": np.int32, "rewards": np.float32, "taken": np.uint64, "built": np.int16,
}
"""A game's arrays as a batch shows them, with their types. The kernel keeps them in four arrays, a row a game
(`STORAGE`, `place`).

Examples:
    >>> FIELDS["stock"].__name__, FIELDS["scores"].__name__
    ('int8', 'int32')
"""


def place(name: str, players: int) -> tuple[int, int, int | None]:
    """Where a field of `FIELDS` lives: its array in `STORAGE`, its first column and its width (None: one column).

    Examples:
        >>> place("stock", 4)[:2] == (0, STOCK)
        True
    """
    return _places(players)[name]


@functools.cache
def _places(players: int) -> dict[str, tuple[int, int, int | None]]:
    seats = {"opened": OPENED, "contenders": CONTENDERS}
    singles = {"phase": PHASE, "to_play": TO_PLAY, "dealer": DEALER, "rebuilds": REBUILDS, "drawn": DRAWN,
               "meld_count": MELDS, "stock_size": STOCK_SIZE, "pile_size": PILE_SIZE, "winner": WINNER, "out": OUT}
    rows = {"stock": (STOCK, MOST_CARDS), "discard_pile": (PILE, MOST_CARDS), "meld_kinds": (KIND, MOST_MELDS),
            "meld_bases": (BASE, MOST_MELDS), "meld_suits": (SUIT, MOST_MELDS), "meld_sizes": (SIZE, MOST_MELDS),
            "places": (CARDS, MOST_MELDS * MOST_PLACES), "owners": (OWNERS, MOST_MELDS * MOST_PLACES)}
    places: dict[str, tuple[int, int, int | None]] = {name: (0, column, None) for name, column in singles.items()}
    places |= {name: (0, column, players) for name, column in seats.items()}
    places |= {name: (0, column, width) for name, (column, width) in rows.items()}
    places |= {"seeds": (1, SEED, None), "hands": (1, HANDS, 2 * players), "taken": (1, TAKEN, 2 * players),
               "round_number": (2, ROUND, None), "last_round": (2, LAST_ROUND, None), "rewards": (3, 0, players),
               "built": (4, 0, BUILT_WIDTH)}
    places |= {name: (2, column, players) for name, column in
               (("scores", SCORES), ("tie_break_points", TIE_BREAK), ("meld_values", MELD_VALUES),
                ("hand_values", HAND_VALUES_OF), ("round_scores", ROUND_SCORES))}
    return places


_ONE = np.uint64(1)
_ZERO = np.uint64(0)
# The rule homes, compiled as they are (`concombre.games.romme.rules`; the tests check each is the home's own).
round_score: Callable[..., int] = jit_inline(homes.round_score)  # R13


# -- hands --------------------------------------------------------------------------------------------------

@jit_bare_inline
def _word(seat: int, card: int) -> tuple[int, np.uint64]:
    """The column of ``seat``'s hand word that holds ``card``, and the card's bit in it."""
    if card < 64:
        return HANDS + 2 * seat, _ONE << np.uint64(card)
    return HANDS + 2 * seat + 1, _ONE << np.uint64(card - 64)


@jit_bare_inline
def holds(words: np.ndarray, game: int, seat: int, card: int) -> bool:
    """Whether ``seat`` holds ``card`` (a sorting index)."""
    column, bit = _word(seat, card)
    return bool((words[game, column] & bit) != _ZERO)


@jit_bare_inline
def _give(words: np.ndarray, game: int, seat: int, card: int) -> None:
    column, bit = _word(seat, card)
    words[game, column] |= bit


@jit_bare_inline
def _take(words: np.ndarray, game: int, seat: int, card: int) -> None:
    column, bit = _word(seat, card)
    words[game, column] &= ~bit


@jit_bare_inline
def popcount(mask: np.uint64) -> int:
    """How many bits ``mask`` holds (a SWAR count)."""
    mask = mask - ((mask >> np.uint64(1)) & np.uint64(0x5555555555555555))
    mask = (mask & np.uint64(0x3333333333333333)) + ((mask >> np.uint64(2)) & np.uint64(0x3333333333333333))
    mask = (mask + (mask >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((mask * np.uint64(0x0101010101010101)) >> np.uint64(56))


@jit_bare_inline
def hand_size(words: np.ndarray, game: int, seat: int) -> int:
    """How many cards ``seat`` holds."""
    return popcount(words[game, HANDS + 2 * seat]) + popcount(words[game, HANDS + 2 * seat + 1])


@jit_bare
def _hand_value(words: np.ndarray, game: int, seat: int) -> int:
    """What the cards ``seat`` holds cost (R3, R13)."""
    value = 0
    for half in range(2):
        mask = words[game, HANDS + 2 * seat + half]
        card = 64 * half
        while mask:
            if mask & _ONE:
                value += HAND_VALUES[face(card)]
            mask >>= _ONE
            card += 1
    return value


# -- seats, the deal, the rebuilt stock ----------------------------------------------------------------------

@jit_bare_inline
def _left_contender(small: np.ndarray, game: int, seat: int, players: int) -> int:
    """The first contender to the left of ``seat`` (R4, R14a), or ``seat`` if no other plays."""
    for offset in range(1, players):
        following = (seat + offset) % players
        if small[game, CONTENDERS + following]:
            return following
    return seat


@jit_bare
def _clear_round(small: np.ndarray, words: np.ndarray, game: int, phase: int) -> None:
    """The round's cards gone, as between rounds: empty hands, stock, discard pile and table (what the seats took
    from the discard pile is forgotten at the next deal only)."""
    small[game, PHASE] = phase
    small[game, TO_PLAY] = -1
    small[game, REBUILDS] = 0
    small[game, DRAWN] = -1
    small[game, MELDS] = 0
    small[game, STOCK_SIZE] = 0
    small[game, PILE_SIZE] = 0
    for seat in range(MOST_SEATS):
        small[game, OPENED + seat] = 0
    for column in range(HANDS, TAKEN):
        words[game, column] = _ZERO


@jit_bare
def _deal(small: np.ndarray, words: np.ndarray, tallies: np.ndarray, game: int, players: int, jokers: int,
          fast: bool, order: np.ndarray, work: np.ndarray) -> None:
    """Deal the round (R4): 13 cards to each contender one at a time from the dealer's left, the next card face
    up on the discard pile, the rest the stock; the first contender left of the dealer draws first."""
    _clear_round(small, words, game, DRAW)
    for column in range(TAKEN, WORDS_WIDTH):  # a deal starts the round with nothing taken
        words[game, column] = _ZERO
    count = 104 + jokers
    shuffled_positions(words[game, SEED], int(tallies[game, ROUND]), 0, count, fast, order, work)
    first = _left_contender(small, game, int(small[game, DEALER]), players)
    seats = 0
    for seat in range(players):
        if small[game, CONTENDERS + seat]:
            seats += 1
    seat = first
    for turn in range(seats):
        for position in range(turn, HAND_SIZE * seats, seats):
            _give(words, game, seat, pack_card(order[position]))
        seat = _left_contender(small, game, seat, players)
    dealt = HAND_SIZE * seats
    small[game, PILE] = pack_card(order[dealt])
    small[game, PILE_SIZE] = 1
    for position in range(count - dealt - 1):
        small[game, STOCK + position] = pack_card(order[count - 1 - position])
    small[game, STOCK_SIZE] = count - dealt - 1
    small[game, TO_PLAY] = first


@jit_bare
def _rebuild(small: np.ndarray, words: np.ndarray, tallies: np.ndarray, game: int, fast: bool, order: np.ndarray,
             work: np.ndarray) -> None:
    """The discard pile but its top card shuffled into a new stock (R7), the round's next rebuild."""
    small[game, REBUILDS] += 1
    count = int(small[game, PILE_SIZE]) - 1
    shuffled_positions(words[game, SEED], int(tallies[game, ROUND]), int(small[game, REBUILDS]), count, fast, order,
                       work)
    for position in range(count):
        small[game, STOCK + position] = small[game, PILE + order[position]]
    small[game, STOCK_SIZE] = count
    small[game, PILE] = small[game, PILE + count]
    small[game, PILE_SIZE] = 1


# -- scoring, the next round, the end ------------------------------------------------------------------------

@jit_bare
def _score(small: np.ndarray, words: np.ndarray, tallies: np.ndarray, rewards: np.ndarray, game: int,
           players: int, jokers: int, fast: bool, order: np.ndarray, work: np.ndarray) -> None:
    """Score the finished round (R13) and deal the next, a tie-break (R14, R14a), or end the game."""
    round_number = int(tallies[game, ROUND])
    tie_break = round_number > players
    out = -1
    for seat in range(players):
        if small[game, CONTENDERS + seat] and hand_size(words, game, seat) == 0:
            out = seat
            break
    for seat in range(players):
        tallies[game, MELD_VALUES + seat] = 0
    for meld in range(small[game, MELDS]):
        kind, base = int(small[game, KIND + meld]), int(small[game, BASE + meld])
        for position in range(small[game, SIZE + meld]):
            owner = small[game, OWNERS + meld * MOST_PLACES + position]
            tallies[game, MELD_VALUES + owner] += place_value(kind, base, position)
    for seat in range(players):
        tallies[game, HAND_VALUES_OF + seat] = _hand_value(words, game, seat)
        gained = 0
        if small[game, CONTENDERS + seat]:
            gained = round_score(int(tallies[game, MELD_VALUES + seat]), int(tallies[game, HAND_VALUES_OF + seat]),
                                 seat == out)
        tallies[game, ROUND_SCORES + seat] = gained
        if tie_break:
            tallies[game, TIE_BREAK + seat] += gained
        else:
            tallies[game, SCORES + seat] += gained
            rewards[game, seat] += gained
    small[game, OUT] = out
    tallies[game, LAST_ROUND] = round_number
    if round_number >= players:  # R14: the players tied for the lead play on
        standing = TIE_BREAK if tie_break else SCORES
        top = -(1 << 30)
        for seat in range(players):
            if small[game, CONTENDERS + seat]:
                top = max(top, int(tallies[game, standing + seat]))
        left = 0
        for seat in range(players):
            if small[game, CONTENDERS + seat]:
                if tallies[game, standing + seat] == top:
                    left += 1
                    small[game, WINNER] = seat
                else:
                    small[game, CONTENDERS + seat] = 0
        if left == 1:
            _clear_round(small, words, game, GAME_OVER)
            for seat in range(players):
                rewards[game, seat] += END_BONUS if seat == small[game, WINNER] else -END_BONUS
            return
        small[game, WINNER] = -1
    small[game, DEALER] = _left_contender(small, game, int(small[game, DEALER]), players)
    tallies[game, ROUND] = round_number + 1
    _deal(small, words, tallies, game, players, jokers, fast, order, work)


@jit_bare
def restart(small: np.ndarray, words: np.ndarray, tallies: np.ndarray, game: int, seed: np.uint64, dealer: int,
             players: int, jokers: int, fast: bool, order: np.ndarray, work: np.ndarray) -> None:
    """The game started anew from ``seed`` and dealt (R4); its rewards and parts built are the caller's.

    Examples:
        >>> import numpy as np
        >>> from concombre.games.romme.fast.batch import reset
        >>> from concombre.games.romme.fast.drivers import scratch
        >>> small, words, tallies = (array.copy() for array in reset([3], players=2).storage[:3])
        >>> restart(small, words, tallies, 0, np.uint64(9), 1, 2, 4, False, *scratch()[2:4])
        >>> int(small[0, TO_PLAY]), int(small[0, STOCK_SIZE])   # the dealer's left draws first
        (0, 81)
    """
    small[game, :] = 0
    words[game, :] = _ZERO
    tallies[game, :] = 0
    words[game, SEED] = seed
    tallies[game, ROUND] = 1
    small[game, DEALER] = dealer
    small[game, WINNER] = -1
    small[game, OUT] = -1
    for seat in range(players):
        small[game, CONTENDERS + seat] = 1
    _deal(small, words, tallies, game, players, jokers, fast, order, work)


@jit_bare_inline
def _shown(words: np.ndarray, game: int, card: int) -> None:
    """``card`` shown (melded, laid off, discarded): no seat's card taken from the discard pile any more."""
    column, bit = _word(0, card)
    for seat in range(MOST_SEATS):
        words[game, column + TAKEN - HANDS + 2 * seat] &= ~bit


# -- the players' actions ----------------------------------------------------------------------------------

@jit_bare
def _meld_cards(small: np.ndarray, game: int, meld: int, into: np.ndarray) -> int:
    """Meld ``meld``'s cards into ``into``, in place order; how many."""
    count = int(small[game, SIZE + meld])
    for position in range(count):
        into[position] = small[game, CARDS + meld * MOST_PLACES + position]
    return count


@jit_bare
def _held_apart(words: np.ndarray, game: int, seat: int, cards: np.ndarray, start: int, stop: int, skip: int,
                low: np.uint64, high: np.uint64) -> bool:
    """Whether ``seat`` holds the cards ``cards[start:stop]`` (-1 and ``skip`` passed over) beside those already
    taken (``low`` and ``high``, a mask in two words): each card once (R15)."""
    for position in range(start, stop):
        card = cards[position]
        if card < 0 or card == skip:
            continue
        if card >= MOST_CARDS or not holds(words, game, seat, card):
            return False
        if card < 64:
            bit = _ONE << np.uint64(card)
            if low & bit:
                return False
            low |= bit
        else:
            bit = _ONE << np.uint64(card - 64)
            if high & bit:
                return False
            high |= bit
    return True


@jit_bare
def refusal(small: np.ndarray, words: np.ndarray, game: int, action: np.ndarray, rules: Any,
            scratch: np.ndarray) -> int:
    """Why the game's player to play may not take ``action`` (a row of `ACTION_WIDTH`), as a refusal code of
    `concombre.games.romme.fast.table.RULINGS`, or `OK`: the reference engine's refusals (R5-R10, R15).
    ``scratch``: room for a meld's cards and a grown meld (28 numbers).

    Examples:
        >>> import numpy as np
        >>> from concombre.romme import Discard, DrawStock
        >>> from concombre.games.romme.fast.batch import action_row, reset
        >>> from concombre.games.romme.fast.table import RULINGS
        >>> small, words = reset([3], players=2).storage[:2]
        >>> room, rules = np.zeros(28, dtype=np.int64), (4, 40, False, 2, False)
        >>> refusal(small, words, 0, action_row(DrawStock()), rules, room)
        0
        >>> RULINGS[refusal(small, words, 0, action_row(Discard("QH1")), rules, room)]  # not before the draw
        'R15'
    """
    opening, may_return = rules[1], rules[2]
    kind, phase, seat = action[KIND_OF], small[game, PHASE], int(small[game, TO_PLAY])
    if kind in (DRAW_STOCK, DRAW_DISCARD):
        if phase != DRAW:
            return R15
        return R7 if kind == DRAW_DISCARD and small[game, PILE_SIZE] == 0 else OK
    if phase != PLAY or kind < 0 or kind > DISCARD:
        return R15
    card, meld, count = int(action[CARD_OF]), int(action[MELD_OF]), int(action[COUNT_OF])
    if kind == MELD:
        stop = FIRST_CARD + count
        if count < 1 or stop > ACTION_WIDTH:
            return R5
        if not _held_apart(words, game, seat, action, FIRST_CARD, stop, -1, _ZERO, _ZERO):
            return R15
        worth, start, groups = 0, FIRST_CARD, 0
        for position in range(FIRST_CARD, stop + 1):
            if position < stop and action[position] >= 0:
                continue
            if position - start < 1 or position - start > MOST_PLACES:
                return R5
            code, meld_kind, base, _ = build_meld(action, start, position - start)
            if code != OK:
                return code
            for offset in range(position - start):
                worth += place_value(meld_kind, base, offset)
            groups += 1
            start = position + 1
            if position == stop - 1:
                break
        if small[game, MELDS] + groups > MOST_MELDS:
            return R5
        return OK if small[game, OPENED + seat] or opens(worth, opening) else R8
    if kind != DISCARD and not small[game, OPENED + seat]:
        return R8
    if card < 0 or card >= MOST_CARDS or not holds(words, game, seat, card):
        return R15
    if kind == DISCARD:  # R7a: not the card just taken from the discard pile while others are held
        held = hand_size(words, game, seat)
        return R7A if card == small[game, DRAWN] and held > 1 and not may_return else OK
    if not 0 <= meld < small[game, MELDS]:
        return R9
    size = _meld_cards(small, game, meld, scratch)
    meld_kind, base, suit = int(small[game, KIND + meld]), int(small[game, BASE + meld]), int(small[game, SUIT + meld])
    if kind == LAY_OFF:
        end = int(action[PLACE_OF])
        if not 0 <= end <= 2:
            return R9
        return lay_off_fit(scratch, size, meld_kind, base, suit, card, end, scratch[MOST_PLACES:])
    place_number = int(action[PLACE_OF])
    code = exchange_fit(scratch, size, meld_kind, base, suit, place_number, card)
    if code != OK:
        return code
    joker, stop, found = scratch[place_number], FIRST_CARD + count, False
    if count < 1 or stop > ACTION_WIDTH:
        return R5
    for position in range(FIRST_CARD, stop):
        found = found or action[position] == joker
    if not found:
        return R10
    low = _ONE << np.uint64(card) if card < 64 else _ZERO
    high = _ONE << np.uint64(card - 64) if card >= 64 else _ZERO
    if not _held_apart(words, game, seat, action, FIRST_CARD, stop, joker, low, high):
        return R15
    for position in range(FIRST_CARD, stop):
        if action[position] < 0:
            return R5
    return build_meld(action, FIRST_CARD, count)[0]


@jit_bare
def _put_meld(small: np.ndarray, words: np.ndarray, game: int, seat: int, cards: np.ndarray, start: int,
              count: int, joker: int) -> None:
    """A new meld of ``cards[start:start + count]`` on the table, every place filled by ``seat`` (R13), its cards
    taken from the hand (but ``joker``, which comes from the table, R10)."""
    _, kind, base, suit = build_meld(cards, start, count)
    meld = int(small[game, MELDS])
    small[game, MELDS] = meld + 1
    small[game, KIND + meld] = kind
    small[game, BASE + meld] = base
    small[game, SUIT + meld] = suit
    small[game, SIZE + meld] = count
    for position in range(count):
        card = cards[start + position]
        small[game, CARDS + meld * MOST_PLACES + position] = card
        small[game, OWNERS + meld * MOST_PLACES + position] = seat
        if card != joker:
            _take(words, game, seat, card)


@jit_bare
def act(small: np.ndarray, words: np.ndarray, tallies: np.ndarray, rewards: np.ndarray, game: int,
        action: np.ndarray, rules: Any, order: np.ndarray, work: np.ndarray, scratch: np.ndarray) -> None:
    """The game's player to play takes ``action``, which `refusal` allows; the table then takes its own steps
    (scoring a round, the next deal, the end) until a player must act or the game is over. ``order``, ``work``
    and ``scratch``: room for a shuffle and a meld's cards (`concombre.games.romme.fast.drivers.scratch`).

    Examples:
        >>> from concombre.romme import DrawStock
        >>> from concombre.games.romme.fast.batch import action_row, reset
        >>> from concombre.games.romme.fast.drivers import scratch
        >>> small, words, tallies, rewards, built = (array.copy() for array in reset([3], players=2).storage)
        >>> room = scratch()
        >>> act(small, words, tallies, rewards, 0, action_row(DrawStock()), (4, 40, False, 2, False), *room[2:5])
        >>> int(small[0, PHASE]), hand_size(words, 0, 1)
        (2, 14)
    """
    jokers, most_rebuilds, fast = rules[0], rules[3], rules[4]
    players = rewards.shape[1]
    kind, seat = action[KIND_OF], int(small[game, TO_PLAY])
    card, meld, count = int(action[CARD_OF]), int(action[MELD_OF]), int(action[COUNT_OF])
    if kind == DRAW_STOCK:
        small[game, STOCK_SIZE] -= 1
        _give(words, game, seat, int(small[game, STOCK + small[game, STOCK_SIZE]]))
        small[game, DRAWN] = -1
        small[game, PHASE] = PLAY
        return
    if kind == DRAW_DISCARD:
        small[game, PILE_SIZE] -= 1
        taken = int(small[game, PILE + small[game, PILE_SIZE]])
        _give(words, game, seat, taken)
        column, bit = _word(seat, taken)
        words[game, column + TAKEN - HANDS] |= bit
        small[game, DRAWN] = taken
        small[game, PHASE] = PLAY
        return
    for position in range(FIRST_CARD, FIRST_CARD + count):  # the cards shown leave what the others saw taken
        if action[position] >= 0:
            _shown(words, game, int(action[position]))
    if kind != MELD:
        _shown(words, game, card)
    if kind == MELD:
        start, stop = FIRST_CARD, FIRST_CARD + count
        for position in range(FIRST_CARD, stop + 1):
            if position == stop or action[position] < 0:
                if position > start:
                    _put_meld(small, words, game, seat, action, start, position - start, -1)
                start = position + 1
        small[game, OPENED + seat] = 1
    elif kind == LAY_OFF:
        size = _meld_cards(small, game, meld, scratch)
        row = meld * MOST_PLACES
        low = small[game, KIND + meld] == RUN and action[PLACE_OF] == 1
        grown = scratch[MOST_PLACES:]
        for position in range(size):
            grown[position + 1 if low else position] = scratch[position]
        grown[0 if low else size] = card
        _, _, base, _ = build_meld(grown, 0, size + 1)
        small[game, BASE + meld] = base
        if low:
            for position in range(size, 0, -1):
                small[game, CARDS + row + position] = small[game, CARDS + row + position - 1]
                small[game, OWNERS + row + position] = small[game, OWNERS + row + position - 1]
        at = 0 if low else size
        small[game, CARDS + row + at] = card
        small[game, OWNERS + row + at] = seat
        small[game, SIZE + meld] = size + 1
        _take(words, game, seat, card)
    elif kind == EXCHANGE:
        at = meld * MOST_PLACES + int(action[PLACE_OF])
        joker = int(small[game, CARDS + at])
        small[game, CARDS + at] = card
        _take(words, game, seat, card)
        _put_meld(small, words, game, seat, action, FIRST_CARD, count, joker)
    else:  # DISCARD (R7): the turn ends, the next contender draws; the stock rebuilt if it ran out (R7, R12)
        _take(words, game, seat, card)
        small[game, PILE + small[game, PILE_SIZE]] = card
        small[game, PILE_SIZE] += 1
        small[game, DRAWN] = -1
        if hand_size(words, game, seat) > 0:
            small[game, TO_PLAY] = _left_contender(small, game, seat, players)
            small[game, PHASE] = DRAW
            if small[game, STOCK_SIZE] > 0:
                return
            if small[game, REBUILDS] < most_rebuilds and small[game, PILE_SIZE] >= 2:
                _rebuild(small, words, tallies, game, fast, order, work)
                return
    if hand_size(words, game, seat) == 0 or kind == DISCARD:  # R11 or R12: the round is over
        small[game, PHASE] = ROUND_COMPLETE
        small[game, TO_PLAY] = -1
        small[game, DRAWN] = -1
        _score(small, words, tallies, rewards, game, players, jokers, fast, order, work)
