"""Thousands of games of Concombre at once, as numpy arrays: the batched engine for learning at scale.

A `Batch` holds N independent games with the same number of players and the
same rules. Each hand is one ``uint64`` bit mask (bit i: the card of `PACK`
index i), so every operation runs on N-long arrays. The table's own steps
(dealing, gathering a trick, scoring a round) happen inside `step`: a batch
always waits for the player to move in every game that is not over.

It is exactly the reference engine (`concombre.new_game`, `concombre.apply`):
the same deals for the same seed (C5), the same follow rule (C7), trick
winners (C8), penalties (C9), half cucumbers (C10), eliminations (C11),
deal passing (C12) and winners (C13); a differential test plays thousands of
games through both. Like the reference states, a batch is immutable (its
arrays are read-only) and `step` is a pure function returning a new batch.

Examples:
    >>> import numpy as np
    >>> from concombre.batch import legal_mask, reset, step
    >>> games = reset([1, 2, 3], players=4)
    >>> mask = legal_mask(games)
    >>> mask.shape, games.to_play.tolist()
    ((3, 52), [1, 1, 1])
    >>> after = step(games, mask.argmax(axis=1))  # each game's lowest legal card
    >>> after.to_play.tolist()
    [2, 2, 2]
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence
from typing import Any

import attrs

try:
    import numpy as np
    import numpy.typing as npt
except ModuleNotFoundError as missing:  # the extra is not installed: say which one
    raise ModuleNotFoundError(f"concombre.batch needs numpy: pip install 'concombre[learn]' ({missing})",
                              name=missing.name) from missing

from concombre.core.cards import PACK
from concombre.core.errors import IllegalActionError, InvalidArgumentError
from concombre.core.game import END_BONUS
from concombre.core.seats import SEED_LIMIT
from concombre.games.concombre.encoding import CARDS_SCALE, LAYOUT, OBSERVATION_SIZE, SCORE_SCALE, SEAT_FEATURES
from concombre.games.concombre.rules import (
    AT_LEAST,
    DEFAULT_PLAYERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SAME_RANK,
    Rules,
    beats,
    deal_key,
    deal_size,
)

__all__ = ["Batch", "hand_sizes", "legal_mask", "observe", "random_cards", "reset", "reset_games", "step",
           "thumb_cards"]

U64 = npt.NDArray[np.uint64]
_ONE = np.uint64(1)
_CARD = np.arange(52, dtype=np.uint64)
_BIT = _ONE << _CARD  # the bit of each card
_FULL = np.uint64((1 << 52) - 1)
# The follow rule's masks (C7), from its home: 64 entries, so that "no card" (-1 & 63) finds none.
_AT_LEAST = np.array(AT_LEAST + (0,) * 12, dtype=np.uint64)
_SAME_RANK = np.array(SAME_RANK, dtype=np.uint64)
_BYTE_COUNTS = np.array([bin(byte).count("1") for byte in range(256)], dtype=np.uint8)


@attrs.frozen(eq=False)
class Batch:
    """N games of Concombre with the same players and rules, each waiting for its player to move.

    Every array is read-only: `step` returns a new batch (sharing the arrays a step leaves alone).
    Seats are numbered as in the reference engine; a finished game keeps its last state.

    Attributes:
        players: The number of players of every game (C1).
        rules: The rules of every game.
        seeds: Each game's seed (``uint64``): its deals are the reference engine's for that seed.
        hands: Each seat's hand as a bit mask, shape (N, players).
        to_play: The seat to move in each game; -1 once the game is over.
        legal: The cards the seat to move may play (C7), as a bit mask.
        trick: The cards on the table in the trick in play, as a bit mask.
        trick_size: How many cards the trick in play holds.
        lead: The card led to the trick in play (-1 before the lead).
        best: The card winning the trick so far (C8): the highest rank, the last played among equals.
        best_seat: Who played ``best``.
        played: Every card played this round, as a bit mask.
        scores: Each seat's score (C9-C11).
        penalties: The penalty cards in front of each seat, as bit masks (C9).
        received: The round each penalty card in front of a player was received (0: none), shape (N, 52):
            it decides which of two equal cards a half cucumber keeps (C10).
        half_cucumber: Whether each seat is half cucumber (C10).
        eliminated: Whether each seat is eliminated (C11).
        dealer: The dealer of the round in play (C12).
        round_number: The round in play, from 1.
        deal_size: Cards dealt to each active player this round (C5).
        winner: The winner once the game is over (C13), else -1.
        rewards: What the last step gave each seat, shape (N, players): minus the penalty points of a round
            scored (C9), and at the end 1 more for the winner and 1 less for every other seat (as the
            PettingZoo environment counts).

    Examples:
        >>> games = reset([7, 8], players=3)
        >>> games.hands.shape, hand_sizes(games).tolist()
        ((2, 3), [[7, 7, 7], [7, 7, 7]])
    """

    players: int
    rules: Rules
    seeds: U64
    hands: U64
    to_play: npt.NDArray[np.int64]
    legal: U64
    trick: U64
    trick_size: npt.NDArray[np.int64]
    lead: npt.NDArray[np.int64]
    best: npt.NDArray[np.int64]
    best_seat: npt.NDArray[np.int64]
    played: U64
    scores: npt.NDArray[np.int64]
    penalties: U64
    received: npt.NDArray[np.int16]
    half_cucumber: npt.NDArray[np.bool_]
    eliminated: npt.NDArray[np.bool_]
    dealer: npt.NDArray[np.int64]
    round_number: npt.NDArray[np.int64]
    deal_size: npt.NDArray[np.int64]
    winner: npt.NDArray[np.int64]
    rewards: npt.NDArray[np.float32]
    next_seat: npt.NDArray[np.int64] = attrs.field(repr=False)
    """Derived from ``eliminated``: for each seat, the first active seat to its left (C6, C12)."""
    active: npt.NDArray[np.int64] = attrs.field(repr=False)
    """Derived from ``eliminated``: how many players are still in each game."""
    plays_left: npt.NDArray[np.int64] = attrs.field(repr=False)
    """Derived from the hands: the plays left in each game's round (0 once it is over)."""

    def __attrs_post_init__(self) -> None:
        for name in _ARRAYS:
            getattr(self, name).flags.writeable = False

    def __len__(self) -> int:
        return len(self.seeds)

    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """Whether each game is over (C13)."""
        return self.winner >= 0


_ARRAYS = tuple(field.name for field in attrs.fields(Batch) if field.name not in ("players", "rules"))


def _evolve(batch: Batch, **changes: Any) -> Batch:
    """``attrs.evolve`` for the hot path: only the new arrays are made read-only."""
    after: Batch = object.__new__(Batch)
    for name in ("players", "rules", *_ARRAYS):
        value = changes.get(name)
        if value is None:
            value = getattr(batch, name)
        elif name != "players" and name != "rules":
            value.flags.writeable = False
        object.__setattr__(after, name, value)
    return after


def reset(seeds: Sequence[int] | npt.ArrayLike, players: int = DEFAULT_PLAYERS, rules: Rules = Rules(),
          dealer: int = 0) -> Batch:
    """One new game per seed, dealt: game i is ``deal(new_game(players, rules=rules, seed=seeds[i], dealer=dealer))``.

    Raises:
        InvalidArgumentError: A player count outside 2-7 (C1), a dealer who is not a seat (C3), rules that are
            not `Rules`, or a seed that is not a whole number from 0 to 2**64 - 1.

    Examples:
        >>> from concombre import deal, new_game
        >>> games = reset([42], players=3)
        >>> reference = deal(new_game(3, seed=42))
        >>> [int(games.hands[0, 0]) >> card._index & 1 for card in reference.hand(0)]
        [1, 1, 1, 1, 1, 1, 1]
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidArgumentError(f"Concombre is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}.",
                                   "C1", "players")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise InvalidArgumentError(f"The dealer must be a seat from 0 to {players - 1}, not {dealer!r}.", "C3",
                                   "dealer")
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a concombre.Rules, not {rules!r}.", field="rules")
    chosen = _seeds(seeds)
    count = len(chosen)
    zeros = np.zeros(count, dtype=np.int64)
    empty = np.zeros((count, players), dtype=np.uint64)
    flags = np.zeros((count, players), dtype=bool)
    dealt = _dealt(Batch(
        players=players, rules=rules, seeds=chosen, hands=empty, to_play=zeros, legal=np.zeros(count, np.uint64),
        trick=np.zeros(count, np.uint64), trick_size=zeros, lead=zeros - 1, best=zeros - 1, best_seat=zeros - 1,
        played=np.zeros(count, np.uint64), scores=np.zeros((count, players), dtype=np.int64), penalties=empty,
        received=np.zeros((count, 52), dtype=np.int16), half_cucumber=flags, eliminated=flags,
        dealer=zeros + dealer, round_number=zeros + 1, winner=zeros - 1,
        deal_size=zeros + deal_size(rules, rules.first_deal, players, 52),
        rewards=np.zeros((count, players), dtype=np.float32),
        next_seat=np.broadcast_to((np.arange(players) + 1) % players, (count, players)).copy(),
        active=zeros + players, plays_left=zeros,
    ), np.ones(count, dtype=bool))
    return _evolve(dealt, legal=_legal(dealt))


def _seeds(seeds: Any) -> U64:
    """The seeds as ``uint64``, each checked to be a whole number from 0 to 2**64 - 1 (no float, no bool)."""
    if isinstance(seeds, np.ndarray):
        values = seeds.tolist() if np.issubdtype(seeds.dtype, np.integer) and seeds.ndim == 1 else None
    else:
        try:
            values = list(seeds)
        except TypeError:
            values = None
    if not values or any(isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < SEED_LIMIT
                         for seed in values):
        raise InvalidArgumentError(f"seeds must be one or more whole numbers from 0 to 2**64 - 1, not {seeds!r}.",
                                   field="seeds")
    return np.array([int(seed) for seed in values], dtype=np.uint64)


def legal_mask(batch: Batch) -> npt.NDArray[np.bool_]:
    """The cards each game's player to move may play (C7), shape (N, 52); all False in a finished game.

    Examples:
        >>> games = reset([3], players=2)
        >>> int(legal_mask(games).sum())   # a leader plays any card of their 7
        7
    """
    return ((batch.legal[:, None] >> _CARD) & _ONE).astype(bool)


def hand_sizes(batch: Batch) -> npt.NDArray[np.int64]:
    """How many cards each seat holds, shape (N, players).

    Examples:
        >>> hand_sizes(reset([5], players=2)).tolist()
        [[7, 7]]
    """
    return _popcount(batch.hands)


def step(batch: Batch, cards: npt.ArrayLike, *, autoreset: bool = False, where: npt.ArrayLike | None = None) -> Batch:
    """Every game's player to move plays ``cards[i]`` (a `PACK` index); the table then gathers full tricks
    (C8), scores finished rounds (C9-C12) and deals the next ones, so each game waits for a play again or is over.

    A finished game ignores its card and stays as it is; with ``autoreset``, a game that was already over
    starts anew instead, from the seed that follows its own (SplitMix64), so a stream of games is reproducible.
    With ``where``, only the games marked True play; the others ignore their card (so that the seats of some
    games can wait for a learner while bots play in the others).

    Raises:
        IllegalActionError: Some game's card is not legal: the message names the games, the cards and the
            ruling (C14: a card the player does not hold; C7: the follow rule). The batch is left as it was.
        InvalidArgumentError: ``cards`` is not one whole number per game.

    Examples:
        >>> games = reset([1], players=2)
        >>> lowest = int(legal_mask(games)[0].argmax())
        >>> step(games, [lowest]).trick_size.tolist()
        [1]
    """
    chosen = _cards(cards, len(batch))
    live = batch.winner < 0
    restarting = None
    if autoreset and not live.all():  # dealt with the step's other deals; they ignore their card this step
        restarting = ~live
        batch = _cleared(batch, restarting, _splitmix(batch.seeds[restarting]))
    if where is not None:
        chosen_games = np.asarray(where)
        if chosen_games.shape != (len(batch),) or chosen_games.dtype != bool:
            raise InvalidArgumentError(f"where must be one bool per game, shape ({len(batch)},).", field="where")
        live = live & chosen_games
    # Any number outside 0-51 lands on a bit above 51 (after & 63), where no legal mask has one.
    refused = (((batch.legal >> (chosen.astype(np.uint64) & np.uint64(63))) & _ONE) == 0) & live
    if refused.any():
        raise _refusal(batch, np.clip(chosen, -1, 52), refused)
    return _play(batch, chosen, live, restarting)


def _cards(cards: Any, count: int) -> npt.NDArray[np.int64]:
    array = np.asarray(cards)
    if array.shape != (count,) or not np.issubdtype(array.dtype, np.integer):
        raise InvalidArgumentError(f"cards must be one whole number (a PACK index) per game: shape ({count},), "
                                   f"not {array.dtype} of shape {array.shape}.", field="cards")
    return array if array.dtype == np.int64 else array.astype(np.int64)


def _refusal(batch: Batch, cards: npt.NDArray[np.int64], wrong: npt.NDArray[np.bool_]) -> IllegalActionError:
    """The error naming the games whose card is refused (up to five), each with its card and ruling."""
    games = np.flatnonzero(wrong)
    parts, rulings = [], set()
    for game in games[:5].tolist():
        card, seat = int(cards[game]), int(batch.to_play[game])
        if not 0 <= card < 52:
            parts.append(f"game {game}: {card} is not a card (a PACK index from 0 to 51)")
            rulings.add("C14")
        elif not int(batch.hands[game, seat]) >> card & 1:
            parts.append(f"game {game}: seat {seat} does not hold {PACK[card]}")
            rulings.add("C14")
        else:
            legal = " ".join(str(PACK[index]) for index in range(52) if int(batch.legal[game]) >> index & 1)
            parts.append(f"game {game}: seat {seat} may not play {PACK[card]} (the follow rule allows {legal})")
            rulings.add("C7")
    more = f", and {len(games) - 5} more" if len(games) > 5 else ""
    ruling = "C7" if rulings == {"C7"} else "C14"
    return IllegalActionError(f"Refused in {len(games)} game(s): {'; '.join(parts)}{more}. Nothing was played.",
                              ruling)


def _play(batch: Batch, cards: npt.NDArray[np.int64], live: npt.NDArray[np.bool_],
          restarting: npt.NDArray[np.bool_] | None = None) -> Batch:
    """The plays, every one of them known to be legal (a finished game's card is ignored), then the table's steps.

    Whole arrays throughout, a game that does not play masked out: at a few thousand games a numpy call costs
    more than the work it does, so the fewer calls the better.
    """
    count, players = len(batch), batch.players
    everyone = bool(live.all())
    card = cards if everyone else np.where(live, cards, 0)
    seat = batch.to_play if everyone else np.maximum(batch.to_play, 0)
    bit = _BIT[card] if everyone else np.where(live, _BIT[card], np.uint64(0))
    at = _rows(count) * players + seat  # where each game's mover is in the flattened (N, players) arrays
    hands = batch.hands.copy()
    hands.reshape(-1)[at] ^= bit
    first = batch.trick_size == 0
    taking = first | beats(card, batch.best)  # C8
    if not everyone:
        taking &= live
        first = first & live
    best = np.where(taking, card, batch.best)
    best_seat = np.where(taking, seat, batch.best_seat)
    size = batch.trick_size + live
    complete = size == batch.active
    to_play = np.where(complete, best_seat, batch.next_seat.reshape(-1)[at])
    if not everyone:
        to_play = np.where(live, to_play, batch.to_play)
    plays_left = batch.plays_left - live
    after = _evolve(batch, hands=hands, to_play=to_play, best=best, best_seat=best_seat,
                    lead=np.where(first, card, batch.lead), played=batch.played | bit,
                    trick=np.where(complete, np.uint64(0), np.where(first, bit, batch.trick | bit)),
                    trick_size=np.where(complete, 0, size), plays_left=plays_left, rewards=_no_rewards(batch))
    ended = np.flatnonzero(complete & (plays_left == 0))
    dealing = restarting
    if len(ended):
        after, going = _score(after, ended)
        dealing = going if dealing is None else dealing | going
    if dealing is not None:
        after = _dealt(after, dealing)
    return _evolve(after, legal=_legal(after))


_ROWS_OF: dict[int, npt.NDArray[np.int64]] = {}
_NO_REWARDS: dict[tuple[int, int], npt.NDArray[np.float32]] = {}


def _rows(count: int) -> npt.NDArray[np.int64]:
    """``np.arange(count)``, made once per batch size."""
    rows = _ROWS_OF.get(count)
    if rows is None:
        rows = _ROWS_OF[count] = np.arange(count)
        rows.flags.writeable = False
    return rows


def _no_rewards(batch: Batch) -> npt.NDArray[np.float32]:
    """The rewards of a step that scores nothing: one read-only array of zeros per shape."""
    shape = (len(batch), batch.players)
    zeros = _NO_REWARDS.get(shape)
    if zeros is None:
        zeros = _NO_REWARDS[shape] = np.zeros(shape, dtype=np.float32)
        zeros.flags.writeable = False
    return zeros


def _legal(batch: Batch) -> U64:
    """The cards each game's player to move may play; none in a finished game. The follow rule's home,
    `concombre.games.concombre.rules.follow_mask`, over whole arrays: its masks are the home's, and a test
    compares the two on random hands and tricks (tests/test_rule_homes.py)."""
    seat = batch.to_play
    over = batch.winner >= 0
    any_over = bool(over.any())
    hand = batch.hands.reshape(-1)[_rows(len(batch)) * batch.players + (np.maximum(seat, 0) if any_over else seat)]
    target = batch.lead if batch.rules.follow == "lead" else batch.best
    high = hand & _AT_LEAST[target & 63]  # target is -1 only when leading, where ``hand`` is taken
    low = hand & _SAME_RANK[_lowest(hand)]
    legal = np.where(high == 0, low, high | low) if batch.rules.may_duck else np.where(high == 0, low, high)
    legal = np.where(batch.trick_size == 0, hand, legal)
    return np.where(over, np.uint64(0), legal) if any_over else legal


def _score(batch: Batch, rows: npt.NDArray[np.int64]) -> tuple[Batch, npt.NDArray[np.bool_]]:
    """Score the rounds just ended in games ``rows`` (C9-C13) and pass the deal (C12); the games to deal anew (C5)."""
    loser, card = batch.best_seat[rows], batch.best[rows]
    value = (card >> 2) + 2
    scores, penalties, received = batch.scores.copy(), batch.penalties.copy(), batch.received.copy()
    half, out, rewards = batch.half_cucumber.copy(), batch.eliminated.copy(), batch.rewards.copy()
    received[rows, card] = batch.round_number[rows]
    penalties[rows, loser] |= _BIT[card]
    scores[rows, loser] += value
    rewards[rows, loser] -= value
    reached = scores[rows, loser] >= batch.rules.limit
    halving = reached & ~half[rows, loser]
    leaving = reached & half[rows, loser]
    if halving.any():  # C10: keep the highest card, the first received among equals
        games, seat = rows[halving], loser[halving]
        held = penalties[games, seat]
        rank = _highest(held) >> 2
        candidates = (held[:, None] >> (rank[:, None] * 4 + np.arange(4)).astype(np.uint64)) & _ONE
        rounds = received[games[:, None], rank[:, None] * 4 + np.arange(4)].astype(np.int64)
        kept = rank * 4 + np.where(candidates.astype(bool), rounds, np.iinfo(np.int64).max).argmin(axis=1)
        received[games] = np.where(((held & ~_BIT[kept])[:, None] >> _CARD) & _ONE, 0, received[games])
        penalties[games, seat] = _BIT[kept]
        scores[games, seat] = (kept >> 2) + 2
        half[games, seat] = True
    if leaving.any():  # C11: out, every penalty card back to the pack, the score kept
        games, seat = rows[leaving], loser[leaving]
        received[games] = np.where((penalties[games, seat][:, None] >> _CARD) & _ONE, 0, received[games])
        penalties[games, seat] = 0
        out[games, seat] = True
    active = batch.players - out[rows].sum(axis=1)
    still_in = batch.active.copy()
    still_in[rows] = active
    over = rows[active == 1]
    winner = batch.winner.copy()
    winner[over] = np.argmin(out[over], axis=1)
    to_play = batch.to_play.copy()
    to_play[over] = -1
    rewards[over] -= END_BONUS
    rewards[over, winner[over]] += 2 * END_BONUS
    going = rows[active > 1]
    dealer, round_number, sizes = batch.dealer.copy(), batch.round_number.copy(), batch.deal_size.copy()
    next_seat = batch.next_seat.copy()
    next_seat[rows] = _next_seats(out[rows])
    dealer[going] = next_seat[going, batch.dealer[going]]
    round_number[going] += 1
    wanted = value[active > 1]
    left = active[active > 1]
    pack = 52 - _popcount(np.bitwise_or.reduce(penalties[going], axis=1))
    sizes[going] = _deal_sizes(batch.rules)[wanted, left, pack]
    after = _evolve(batch, scores=scores, penalties=penalties, received=received, half_cucumber=half,
                    eliminated=out, winner=winner, to_play=to_play, rewards=rewards, dealer=dealer,
                    round_number=round_number, deal_size=sizes, next_seat=next_seat, active=still_in)
    dealing = np.zeros(len(batch), dtype=bool)
    dealing[going] = True
    return after, dealing


def _dealt(batch: Batch, dealing: npt.NDArray[np.bool_]) -> Batch:
    """Deal the round of the games marked ``dealing`` exactly as the reference engine does (C4-C6)."""
    rows = np.flatnonzero(dealing)
    held = np.bitwise_or.reduce(batch.penalties[rows], axis=1)
    order = _shuffled(batch.seeds[rows], batch.round_number[rows], held)
    following = batch.next_seat[rows]
    active = batch.players - batch.eliminated[rows].sum(axis=1)
    seats = np.empty((len(rows), batch.players), dtype=np.int64)
    seats[:, 0] = following[np.arange(len(rows)), batch.dealer[rows]]  # the first active left of the dealer
    for turn in range(1, batch.players):
        seats[:, turn] = following[np.arange(len(rows)), seats[:, turn - 1]]
    position = np.arange(52)
    seat_of = np.take_along_axis(seats, position[None, :] % active[:, None], axis=1)
    dealt = position[None, :] < (batch.deal_size[rows] * active)[:, None]
    bits = np.where(dealt, _BIT[order], np.uint64(0))
    hands = batch.hands.copy()
    hands[rows] = np.stack([np.where(seat_of == seat, bits, np.uint64(0)).sum(axis=1, dtype=np.uint64)
                            for seat in range(batch.players)], axis=1)
    to_play, lead, best, best_seat = batch.to_play.copy(), batch.lead.copy(), batch.best.copy(), batch.best_seat.copy()
    to_play[rows], lead[rows], best[rows], best_seat[rows] = seats[:, 0], -1, -1, -1
    trick, played, size = batch.trick.copy(), batch.played.copy(), batch.trick_size.copy()
    trick[rows], played[rows], size[rows] = 0, 0, 0
    plays_left = batch.plays_left.copy()
    plays_left[rows] = batch.deal_size[rows] * active
    return _evolve(batch, hands=hands, to_play=to_play, lead=lead, best=best, best_seat=best_seat,
                   trick=trick, played=played, trick_size=size, plays_left=plays_left)


def _shuffled(seeds: U64, rounds: npt.NDArray[np.int64], held: U64) -> npt.NDArray[np.int64]:
    """Each game's pack for its round in dealing order: `concombre.core.seats.shuffled_order` (a SHAKE-128 sort
    key per card, ties in card order) without the penalty cards ``held`` (C4), which one stable sort puts last:
    the hashing once per game, the sort for all at once."""
    shake = hashlib.shake_128
    digests = b"".join([shake(deal_key(*pair)).digest(208)
                        for pair in zip(seeds.tolist(), rounds.tolist(), strict=True)])
    keys = np.frombuffer(digests, dtype=">u4").reshape(len(seeds), 52).astype(np.uint64)
    keys |= ((held[:, None] >> _CARD) & _ONE) << np.uint64(32)  # a held card sorts after every card of the pack
    return np.argsort(keys, axis=1, kind="stable")


@functools.lru_cache(maxsize=8)
def _deal_sizes(rules: Rules) -> npt.NDArray[np.int64]:
    """`concombre.games.concombre.rules.deal_size` as a table by (wanted, active players, pack size) (C5): the
    rule's home, looked up for every game a round ends in at once."""
    table = np.zeros((max(rules.first_deal, 14) + 1, MAX_PLAYERS + 1, 53), dtype=np.int64)
    for wanted, active, pack in np.ndindex(*table.shape):
        if active:
            table[wanted, active, pack] = deal_size(rules, wanted, active, pack)
    return table


def _cleared(batch: Batch, which: npt.NDArray[np.bool_], seeds: U64) -> Batch:
    """The games marked in ``which`` as new games of these seeds before their first deal (dealer 0, C3)."""
    rules, players = batch.rules, batch.players
    fresh: dict[str, Any] = {
        "seeds": seeds, "hands": 0, "to_play": -1, "legal": 0, "trick": 0, "trick_size": 0, "lead": -1, "best": -1,
        "best_seat": -1, "played": 0, "scores": 0, "penalties": 0, "received": 0, "half_cucumber": False,
        "eliminated": False, "dealer": 0, "round_number": 1, "winner": -1, "rewards": 0.0,
        "deal_size": deal_size(rules, rules.first_deal, players, 52),
        "next_seat": (np.arange(players) + 1) % players, "active": players, "plays_left": 0,
    }
    parts = {}
    for name, value in fresh.items():
        merged = getattr(batch, name).copy()
        merged[which] = value
        parts[name] = merged
    return _evolve(batch, **parts)


def reset_games(batch: Batch, which: npt.ArrayLike, seeds: Sequence[int] | npt.ArrayLike) -> Batch:
    """The games marked in ``which`` started anew (dealt, dealer 0) from ``seeds`` (one per marked game, in order);
    the others untouched.

    Raises:
        InvalidArgumentError: ``which`` is not one bool per game, or the seeds do not match it.

    Examples:
        >>> games = reset([1, 2], players=2)
        >>> again = reset_games(games, [False, True], [7])
        >>> again.seeds.tolist(), bool((again.hands[0] == games.hands[0]).all())
        ([1, 7], True)
    """
    marked = np.asarray(which)
    if marked.shape != (len(batch),) or marked.dtype != bool:
        raise InvalidArgumentError(f"which must be one bool per game, shape ({len(batch)},).", field="which")
    if not marked.any():
        return batch
    fresh = reset(_seeds(seeds), players=batch.players, rules=batch.rules, dealer=0)
    if len(fresh) != int(marked.sum()):
        raise InvalidArgumentError(f"Give one seed per game started anew: {int(marked.sum())}, not {len(fresh)}.",
                                   field="seeds")
    parts = {}
    for name in _ARRAYS:
        merged = getattr(batch, name).copy()
        merged[marked] = getattr(fresh, name)
        parts[name] = merged
    return _evolve(batch, **parts)


def _splitmix(seeds: U64) -> U64:
    with np.errstate(over="ignore"):
        mixed = seeds + np.uint64(0x9E3779B97F4A7C15)
        mixed = (mixed ^ (mixed >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        mixed = (mixed ^ (mixed >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return mixed ^ (mixed >> np.uint64(31))


def _next_seats(eliminated: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """For each game and seat, the first active seat to its left (itself if no other), shape (N, players)."""
    count = eliminated.shape[1]
    seats = np.arange(count)
    following = np.broadcast_to(seats, eliminated.shape).copy()
    for step_ in range(count - 1, 0, -1):  # the nearest wins: tried last
        other = (seats + step_) % count
        following = np.where(~eliminated[:, other], other, following)
    return following


def _popcount(masks: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(masks).astype(np.int64)
    as_bytes = np.ascontiguousarray(masks).view(np.uint8).reshape(*masks.shape, 8)
    counts: npt.NDArray[np.int64] = _BYTE_COUNTS[as_bytes].sum(axis=-1, dtype=np.int64)
    return counts


def _highest(masks: U64) -> npt.NDArray[np.int64]:
    """The index of each mask's highest card (masks of 52 bits are exact as float64)."""
    return np.frexp(masks.astype(np.float64))[1].astype(np.int64) - 1


def _lowest(masks: U64) -> npt.NDArray[np.int64]:
    """The index of each mask's lowest card; 0 for an empty mask."""
    with np.errstate(over="ignore"):
        lowest = masks & (~masks + _ONE)
    return np.maximum(_highest(lowest), 0)


def observe(batch: Batch, seat: int | npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
    """What a seat of each game may see, as the observation vectors of the PettingZoo and OpenSpiel adapters
    (`concombre.games.concombre.encoding`, 244 numbers), shape (N, 244). Built from that seat's hand and the
    cards face up only.

    Args:
        batch: The games.
        seat: One seat for every game, a seat per game, or None for each game's player to move (seat 0 in
            a finished game).

    Examples:
        >>> from concombre import deal, new_game
        >>> from concombre.games.concombre.encoding import encode_state
        >>> games = reset([9], players=3)
        >>> bool((observe(games)[0] == encode_state(deal(new_game(3, seed=9)), 1)).all())
        True
    """
    count, players = len(batch), batch.players
    seats = np.maximum(batch.to_play, 0) if seat is None else np.broadcast_to(np.asarray(seat), (count,))
    if not np.issubdtype(seats.dtype, np.integer) or ((seats < 0) | (seats >= players)).any():
        raise InvalidArgumentError(f"seat must be from 0 to {players - 1}.", field="seat")
    rows = np.arange(count)
    vector = np.zeros((count, OBSERVATION_SIZE), dtype=np.float32)
    masks = np.stack([batch.hands[rows, seats], batch.trick, batch.played,
                      np.bitwise_or.reduce(batch.penalties, axis=1)], axis=1)
    cards = slice(LAYOUT.hand.start, LAYOUT.penalty_cards.stop)  # hand, trick, played and penalty cards, in a row
    vector[:, cards] = ((masks[:, :, None] >> _CARD) & _ONE).reshape(count, 4 * 52)
    others = (seats[:, None] + np.arange(players)) % players
    sizes = _popcount(batch.hands)
    features = np.zeros((count, players, len(SEAT_FEATURES)), dtype=np.float32)
    feature = SEAT_FEATURES.index
    features[:, :, feature("score")] = np.minimum(batch.scores[rows[:, None], others] / SCORE_SCALE, 1.0)
    features[:, :, feature("half cucumber")] = batch.half_cucumber[rows[:, None], others]
    features[:, :, feature("eliminated")] = batch.eliminated[rows[:, None], others]
    features[:, :, feature("to play")] = others == batch.to_play[:, None]
    features[:, :, feature("held")] = sizes[rows[:, None], others] / CARDS_SCALE
    vector[:, LAYOUT.seats.start:LAYOUT.seats.start + features[0].size] = features.reshape(count, -1)
    vector[:, LAYOUT.deal_size.start] = np.minimum(batch.deal_size / CARDS_SCALE, 1.0)
    return vector


def thumb_cards(batch: Batch) -> npt.NDArray[np.int64]:
    """Each game's card by the rule of thumb (`concombre.ThumbBot`): the highest legal card; -1 in a finished game.

    Examples:
        >>> games = reset([4], players=2)
        >>> int(thumb_cards(games)[0]) == int(legal_mask(games)[0].nonzero()[0].max())
        True
    """
    return np.where(batch.legal == 0, -1, _highest(batch.legal))


def random_cards(batch: Batch, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A legal card chosen uniformly at random in each game (`concombre.RandomBot`'s rule); -1 in a finished game.

    Examples:
        >>> games = reset([4, 5], players=2)
        >>> cards = random_cards(games, np.random.default_rng(0))
        >>> bool(legal_mask(games)[[0, 1], cards].all())
        True
    """
    mask = legal_mask(batch)
    counts = mask.sum(axis=1)
    pick = (rng.random(len(batch)) * counts).astype(np.int64)
    chosen = (np.cumsum(mask, axis=1) > pick[:, None]).argmax(axis=1)
    return np.where(counts > 0, chosen, -1)
