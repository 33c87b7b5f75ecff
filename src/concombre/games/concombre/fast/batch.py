"""Thousands of games of Concombre at once, as arrays, compiled: the batched engine for learning at scale.

A `Batch` holds N independent games with the same number of players and the
same rules. Each hand is one ``uint64`` bit mask (bit i: the card of `PACK`
index i); the rules run in a compiled kernel (`concombre.games.concombre.fast.kernel`,
Numba: ``pip install "concombre[fast]"``). The table's own steps (dealing,
gathering a trick, scoring a round) happen inside `step`: a batch always waits
for the player to move in every game that is not over.

It is exactly the reference engine (`concombre.new_game`, `concombre.apply`):
with ``deals="exact"`` (the default) the same deals for the same seed (C5), and
in every mode the same follow rule (C7), trick winners (C8), penalties (C9),
half cucumbers (C10), eliminations (C11), deal passing (C12) and winners (C13);
a differential test plays thousands of games through both. Like the reference
states, a batch is immutable (its arrays are read-only) and `step` is a pure
function returning a new batch. Where a copy per step costs too much, a
`Buffer` steps its own arrays in place, and `rollout` plays many steps with
bots inside the kernel in one call.

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
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from concombre.core.extras import needs

with needs("fast", "concombre.batch"):
    import numpy as np
    import numpy.typing as npt

from concombre.accel.compiled import in_runs
from concombre.core.cards import PACK
from concombre.core.errors import IllegalActionError, InvalidArgumentError
from concombre.core.seats import SEED_LIMIT
from concombre.games.concombre.encoding import OBSERVATION_SIZE
from concombre.games.concombre.fast import kernel
from concombre.games.concombre.rules import DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS, Rules
from concombre.games.concombre.state import next_seats

__all__ = ["DEALS", "Batch", "Buffer", "bot_cards", "hand_sizes", "legal_mask", "observe", "random_cards", "reset",
           "reset_games", "rollout", "step", "thumb_cards"]

DEALS = ("exact", "fast")
"""How a batch deals (C5): ``"exact"``, the reference engine's SHAKE-128 deals for the same seed, or ``"fast"``,
a Fisher-Yates shuffle drawn from SplitMix64 keyed by the seed and the round (reproducible and uniform, but a
different stream: `concombre.games.concombre.fast.deals.fast_deck` gives its decks for the reference engine).

Examples:
    >>> DEALS
    ('exact', 'fast')
"""

U64 = npt.NDArray[np.uint64]
_ONE = np.uint64(1)
_CARD = np.arange(52, dtype=np.uint64)
_STORAGE_TYPES = (np.uint64, np.int8, np.int16, np.float32)  # kernel.STORAGE's


@attrs.frozen(eq=False)
class Batch:
    """N games of Concombre with the same players and rules, each waiting for its player to move.

    Every array is read-only: `step` returns a new batch. Seats are numbered as in the reference engine; a
    finished game keeps its last state.

    Attributes:
        players: The number of players of every game (C1).
        rules: The rules of every game.
        deals: How the games deal: one of `DEALS`.
        seeds: Each game's seed (``uint64``): with exact deals, its deals are the reference engine's for it.
        hands: Each seat's hand as a bit mask, shape (N, players).
        penalties: The penalty cards in front of each seat, as bit masks (C9).
        scores: Each seat's score (C9-C11).
        half_cucumber: Whether each seat is half cucumber (C10).
        eliminated: Whether each seat is eliminated (C11).
        received: The round each penalty card in front of a player was received (0: none), shape (N, 52):
            it decides which of two equal cards a half cucumber keeps (C10).
        to_play: The seat to move in each game; -1 once the game is over.
        legal: The cards the seat to move may play (C7), as a bit mask.
        trick: The cards on the table in the trick in play, as a bit mask.
        trick_size: How many cards the trick in play holds.
        lead: The card led to the trick in play (-1 before the first lead of a round).
        best: The card winning the trick so far (C8): the highest rank, the last played among equals.
        best_seat: Who played ``best``.
        played: Every card played this round, as a bit mask.
        dealer: The dealer of the round in play (C12).
        round_number: The round in play, from 1.
        deal_size: Cards dealt to each active player this round (C5).
        winner: The winner once the game is over (C13), else -1.
        rewards: What the last step gave each seat, shape (N, players): minus the penalty points of a round
            scored (C9), and at the end 1 more for the winner and 1 less for every other seat (as the
            PettingZoo environment counts); after `rollout`, summed over its steps.
        storage: The kernel's four arrays (`concombre.games.concombre.fast.kernel.STORAGE`), a row a game: every
            field above is a view of them.

    Examples:
        >>> games = reset([7, 8], players=3)
        >>> games.hands.shape, hand_sizes(games).tolist()
        ((2, 3), [[7, 7, 7], [7, 7, 7]])
    """

    players: int
    rules: Rules
    deals: str
    seeds: U64
    hands: U64
    penalties: U64
    scores: npt.NDArray[np.int16]
    half_cucumber: npt.NDArray[np.bool_]
    eliminated: npt.NDArray[np.bool_]
    received: npt.NDArray[np.int16]
    to_play: npt.NDArray[np.int8]
    legal: U64
    trick: U64
    trick_size: npt.NDArray[np.int8]
    lead: npt.NDArray[np.int8]
    best: npt.NDArray[np.int8]
    best_seat: npt.NDArray[np.int8]
    played: U64
    dealer: npt.NDArray[np.int8]
    round_number: npt.NDArray[np.int16]
    deal_size: npt.NDArray[np.int8]
    winner: npt.NDArray[np.int8]
    rewards: npt.NDArray[np.float32]
    storage: tuple[Any, ...] = attrs.field(repr=False)

    def __len__(self) -> int:
        return len(self.seeds)

    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """Whether each game is over (C13)."""
        return self.winner >= 0

    @property
    def active(self) -> npt.NDArray[np.int64]:
        """How many players are still in each game (C11)."""
        active: npt.NDArray[np.int64] = self.players - self.eliminated.sum(axis=1)
        return active

    @property
    def plays_left(self) -> npt.NDArray[np.int64]:
        """The plays left in each game's round (0 once the game is over)."""
        left: npt.NDArray[np.int64] = hand_sizes(self).sum(axis=1)
        return left

    if not TYPE_CHECKING:  # hidden from type checkers and the docs: 0.1's stored field, now derived

        def __getattr__(self, name: str) -> Any:
            if name != "next_seat":
                raise AttributeError(f"'Batch' object has no attribute {name!r}")
            warnings.warn("Batch.next_seat is deprecated: derive it from Batch.eliminated.", DeprecationWarning,
                          stacklevel=2)
            return np.array([next_seats(tuple(row)) for row in self.eliminated.tolist()], dtype=np.int64)

    @property
    def nbytes(self) -> int:
        """The memory the batch's arrays take, in bytes."""
        return sum(array.nbytes for array in self.storage)


def _batch(players: int, rules: Rules, deals: str, storage: tuple[Any, ...]) -> Batch:
    """A batch over ``storage`` (not copied; a `Buffer` gives views of its own arrays), its fields views of it;
    all made read-only."""
    for array in storage:
        array.flags.writeable = False
    fields = {}
    for name, index, columns, flag in _layout(players):
        view = storage[index][:, columns]
        fields[name] = view.view(np.bool_) if flag else view  # a view of a read-only array is read-only
    return Batch(players, rules, deals, **fields, storage=storage)


@functools.cache
def _layout(players: int) -> tuple[tuple[str, int, int | slice, bool], ...]:
    """Each field's array, columns and whether it is shown as bools (`concombre.games.concombre.fast.kernel.place`)."""
    layout = []
    for name, dtype in kernel.FIELDS.items():
        index, start, width = kernel.place(name, players)
        layout.append((name, index, start if width is None else slice(start, start + width), dtype is np.bool_))
    return tuple(layout)


def _owned(batch: Batch) -> tuple[Any, ...]:
    """Writable copies of a batch's storage."""
    return tuple(array.copy() for array in batch.storage)


def _rules(rules: Rules, deals: str) -> tuple[bool, bool, int, bool]:
    """The rules as the kernel takes them: follow the lead, may duck, the limit, fast deals."""
    return rules.follow == "lead", rules.may_duck, rules.limit, deals == "fast"


def _state(storage: tuple[Any, ...], start: int = 0, stop: int | None = None) -> tuple[Any, ...]:
    """The storage as the kernel takes it, games start to stop."""
    if start == 0 and (stop is None or stop >= len(storage[0])):  # unsliced: Numba types a new view slowly
        return storage
    return tuple(array[start:stop] for array in storage)


def reset(seeds: Sequence[int] | npt.ArrayLike, players: int = DEFAULT_PLAYERS, rules: Rules = Rules(),
          dealer: int = 0, deals: str = "exact") -> Batch:
    """One new game per seed, dealt: with exact deals, game i is
    ``deal(new_game(players, rules=rules, seed=seeds[i], dealer=dealer))``.

    Raises:
        InvalidArgumentError: A player count outside 2-7 (C1), a dealer who is not a seat (C3), rules that are
            not `Rules`, deals not one of `DEALS`, or a seed that is not a whole number from 0 to 2**64 - 1.

    Examples:
        >>> from concombre import deal, new_game
        >>> games = reset([42], players=3)
        >>> reference = deal(new_game(3, seed=42))
        >>> [int(games.hands[0, 0]) >> card.index & 1 for card in reference.hand(0)]
        [1, 1, 1, 1, 1, 1, 1]
        >>> reset([42], players=3, deals="fast").deals
        'fast'
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidArgumentError(f"Concombre is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}.",
                                   "C1", "players")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise InvalidArgumentError(f"The dealer must be a seat from 0 to {players - 1}, not {dealer!r}.", "C3",
                                   "dealer")
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a concombre.Rules, not {rules!r}.", field="rules")
    if deals not in DEALS:
        raise InvalidArgumentError(f"deals must be one of {', '.join(DEALS)}, not {deals!r}.", "C5", "deals")
    chosen = _seeds(seeds)
    storage = tuple(np.zeros((len(chosen), width), dtype=dtype)
                    for width, dtype in zip(kernel.widths(players), _STORAGE_TYPES, strict=True))
    storage[0][:, kernel.SEED] = chosen
    kernel.deal_all(storage, dealer, _rules(rules, deals), rules.first_deal)
    return _batch(players, rules, deals, storage)


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
    hands = np.ascontiguousarray(batch.hands)
    sizes: npt.NDArray[np.int64] = np.unpackbits(hands.view(np.uint8).reshape(*hands.shape, 8), axis=-1).sum(
        axis=-1, dtype=np.int64)
    return sizes


def step(batch: Batch, cards: npt.ArrayLike, *, autoreset: bool = False, where: npt.ArrayLike | None = None,
         threads: int = 1) -> Batch:
    """Every game's player to move plays ``cards[i]`` (a `PACK` index); the table then gathers full tricks
    (C8), scores finished rounds (C9-C12) and deals the next ones, so each game waits for a play again or is over.

    A finished game ignores its card and stays as it is; with ``autoreset``, a game that was already over
    starts anew instead, from the seed that follows its own (SplitMix64), so a stream of games is reproducible.
    With ``where``, only the games marked True play; the others ignore their card (so that the seats of some
    games can wait for a learner while bots play in the others). ``threads`` shares the games out among
    that many threads; the result is the same.

    Raises:
        IllegalActionError: Some game's card is not legal: the message names the games, the cards and the
            ruling (C14: a card the player does not hold; C7: the follow rule). The batch is left as it was.
        InvalidArgumentError: ``cards`` is not one whole number per game, or ``where`` one bool per game.

    Examples:
        >>> games = reset([1], players=2)
        >>> lowest = int(legal_mask(games)[0].argmax())
        >>> step(games, [lowest]).trick_size.tolist()
        [1]
    """
    arrays = _owned(batch)
    _step(batch, arrays, cards, autoreset, where, threads)
    return _batch(batch.players, batch.rules, batch.deals, arrays)


def _step(batch: Batch, arrays: tuple[Any, ...], cards: Any, autoreset: bool, where: Any, threads: int) -> None:
    """`step` into ``arrays`` (the batch's own, or copies): every check before the first write."""
    chosen = _cards(cards, len(batch))
    live = _where(where, len(batch))
    if kernel.first_refused(_state(arrays), chosen, live) >= 0:
        raise _refusal(batch, chosen, live)
    rules, restart = _rules(batch.rules, batch.deals), bool(autoreset)

    def run(start: int, stop: int) -> None:
        whole = start == 0 and stop == len(batch)
        kernel.run_games(_state(arrays, start, stop), True, chosen if whole else chosen[start:stop],
                         live if whole else live[start:stop], _NO_BOTS, 1, -1, restart, _NO_KEY, rules,
                         batch.rules.first_deal, start)

    in_runs(run, len(batch), threads)


def _cards(cards: Any, count: int) -> npt.NDArray[np.int64]:
    array = np.asarray(cards)
    if array.shape != (count,) or not np.issubdtype(array.dtype, np.integer):
        raise InvalidArgumentError(f"cards must be one whole number (a PACK index) per game: shape ({count},), "
                                   f"not {array.dtype} of shape {array.shape}.", field="cards")
    return array if array.dtype == np.int64 else array.astype(np.int64)


_EVERY: dict[int, npt.NDArray[np.bool_]] = {}
# What the kernel's one driver is given for what a call does not use (bots for a step, cards for a rollout).
_NO_BOTS = np.zeros(MAX_PLAYERS, dtype=np.int64)
_NO_KEY = np.uint64(0)
_NO_CARDS = np.zeros(0, dtype=np.int64)
_NO_LIVE = np.zeros(0, dtype=bool)
_NO_LIVE.flags.writeable = False  # as every ``live`` the kernel is given: one compiled signature


def _where(where: Any, count: int) -> npt.NDArray[np.bool_]:
    if where is None:
        every = _EVERY.get(count)
        if every is None:
            every = _EVERY[count] = np.ones(count, dtype=bool)
            every.flags.writeable = False
        return every
    chosen = np.asarray(where)
    if chosen.shape != (count,) or chosen.dtype != bool:
        raise InvalidArgumentError(f"where must be one bool per game, shape ({count},).", field="where")
    chosen = np.ascontiguousarray(chosen).view()
    chosen.flags.writeable = False  # as ``_EVERY``: the kernel is compiled once for read-only masks
    return chosen


def _refusal(batch: Batch, cards: npt.NDArray[np.int64], live: npt.NDArray[np.bool_]) -> IllegalActionError:
    """The error naming the games whose card is refused (up to five), each with its card and ruling."""
    # Any number outside 0-51 lands on a bit above 51 (after & 63), where no legal mask has one.
    wrong = (((batch.legal >> (cards.astype(np.uint64) & np.uint64(63))) & _ONE) == 0) & live & (batch.winner < 0)
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


def _bots(batch: Batch, bots: str | Sequence[str]) -> npt.NDArray[np.int64]:
    """One in-kernel bot number per seat, from a name for every seat or a name per seat."""
    names = [bots] * batch.players if isinstance(bots, str) else list(bots)
    if len(names) != batch.players or any(name not in kernel.BOTS for name in names):
        raise InvalidArgumentError(f"bots must be one of {', '.join(kernel.BOTS)}, or one of them per seat "
                                   f"({batch.players}), not {bots!r}.", field="bots")
    return np.array([kernel.BOTS.index(name) for name in names], dtype=np.int64)


def rollout(batch: Batch, bots: str | Sequence[str] = "random", steps: int | None = None, *, autoreset: bool = False,
            until: int | None = None, seed: int = 0, threads: int = 1) -> Batch:
    """Many steps of every game in one call, the bots (`concombre.games.concombre.fast.kernel.BOTS`, by name, or a
    name per seat) playing inside the kernel: ``steps`` steps of each game (as many calls of `step` would), or
    each game to its end when ``steps`` is None; with ``until``, each game only until that seat must play or
    is out. The returned batch's ``rewards`` are summed over the rollout. The random bot's draws come from
    ``seed`` and each game's place in the batch: the same call gives the same games, whatever ``threads``.

    Raises:
        InvalidArgumentError: An unknown bot, a bad ``steps``, ``until`` or ``seed``, or ``autoreset``
            without ``steps`` (the games would never end).

    Examples:
        >>> games = rollout(reset(range(100), players=4), "thumb")
        >>> bool(games.done.all()), sorted(set(games.winner.tolist())) == [0, 1, 2, 3]
        (True, True)
    """
    arrays = _owned(batch)
    _rollout(batch, arrays, bots, steps, autoreset, until, seed, threads)
    return _batch(batch.players, batch.rules, batch.deals, arrays)


def _rollout(batch: Batch, arrays: tuple[Any, ...], bots: str | Sequence[str], steps: int | None, autoreset: bool,
             until: int | None, seed: int, threads: int) -> None:
    chosen = _bots(batch, bots)
    if steps is not None and (isinstance(steps, bool) or not isinstance(steps, int) or steps < 0):
        raise InvalidArgumentError(f"steps must be a whole number from 0, or None, not {steps!r}.", field="steps")
    if steps is None and autoreset:
        raise InvalidArgumentError("A rollout with autoreset needs steps: its games would never end.", field="steps")
    if until is not None and (isinstance(until, bool) or not isinstance(until, int) or not 0 <= until < batch.players):
        raise InvalidArgumentError(f"until must be a seat from 0 to {batch.players - 1}, not {until!r}.",
                                   field="until")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise InvalidArgumentError(f"seed must be a whole number from 0 to 2**64 - 1, not {seed!r}.", field="seed")
    rules, key = _rules(batch.rules, batch.deals), np.uint64(seed)
    plays, seat = -1 if steps is None else steps, -1 if until is None else until
    if plays == 0:  # nothing to play: the batch as it was, its last rewards kept
        return

    def run(start: int, stop: int) -> None:
        kernel.run_games(_state(arrays, start, stop), False, _NO_CARDS, _NO_LIVE, chosen, plays, seat,
                         bool(autoreset), key, rules, batch.rules.first_deal, start)

    in_runs(run, len(batch), threads)


@attrs.define(eq=False)
class Buffer:
    """A batch's arrays owned and stepped in place: no copy per step, for learners that need no history.

    Attributes:
        games: A read-only `Batch` over the buffer's own arrays: it changes as the buffer steps (take a
            `snapshot` to keep one).

    Examples:
        >>> buffer = Buffer(reset(range(4), players=3))
        >>> buffer.step(thumb_cards(buffer.games))
        >>> buffer.games.trick_size.tolist()
        [1, 1, 1, 1]
        >>> buffer.rollout("random", steps=5)
        >>> buffer.snapshot().trick_size.shape
        (4,)
    """

    games: Batch
    _arrays: tuple[Any, ...] = attrs.field(init=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.games, Batch):
            raise InvalidArgumentError(f"A Buffer is made from a Batch, not {self.games!r}.", field="games")
        self._arrays = _owned(self.games)
        views = tuple(array.view() for array in self._arrays)
        self.games = _batch(self.games.players, self.games.rules, self.games.deals, views)

    def step(self, cards: npt.ArrayLike, *, autoreset: bool = False, where: npt.ArrayLike | None = None,
             threads: int = 1) -> None:
        """`step`, in place: a refused card changes nothing.

        Examples:
            >>> buffer = Buffer(reset([1], players=2))
            >>> buffer.step([int(buffer.games.legal[0]).bit_length() - 1])
            >>> buffer.games.trick_size.tolist()
            [1]
        """
        _step(self.games, self._arrays, cards, autoreset, where, threads)

    def rollout(self, bots: str | Sequence[str] = "random", steps: int | None = None, *, autoreset: bool = False,
                until: int | None = None, seed: int = 0, threads: int = 1) -> None:
        """`rollout`, in place.

        Examples:
            >>> buffer = Buffer(reset([1, 2], players=2))
            >>> buffer.rollout("thumb")
            >>> buffer.games.done.tolist()
            [True, True]
        """
        _rollout(self.games, self._arrays, bots, steps, autoreset, until, seed, threads)

    def snapshot(self) -> Batch:
        """The games as they stand, as a batch of their own (copied).

        Examples:
            >>> buffer = Buffer(reset([1], players=2))
            >>> kept = buffer.snapshot()
            >>> buffer.rollout("thumb")
            >>> bool(kept.done[0]), bool(buffer.games.done[0])
            (False, True)
        """
        return _batch(self.games.players, self.games.rules, self.games.deals, _owned(self.games))


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
    fresh = reset(_seeds(seeds), players=batch.players, rules=batch.rules, dealer=0, deals=batch.deals)
    if len(fresh) != int(marked.sum()):
        raise InvalidArgumentError(f"Give one seed per game started anew: {int(marked.sum())}, not {len(fresh)}.",
                                   field="seeds")
    arrays = _owned(batch)
    for array, new in zip(arrays, fresh.storage, strict=True):
        array[marked] = new
    return _batch(batch.players, batch.rules, batch.deals, arrays)


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
    vectors = np.zeros((count, OBSERVATION_SIZE), dtype=np.float32)
    kernel.observe_games(batch.storage, np.ascontiguousarray(seats, dtype=np.int64), vectors)
    return vectors


def thumb_cards(batch: Batch) -> npt.NDArray[np.int64]:
    """Each game's card by the rule of thumb (`concombre.ThumbBot`): the highest legal card; -1 in a finished game.

    Examples:
        >>> games = reset([4], players=2)
        >>> int(thumb_cards(games)[0]) == int(legal_mask(games)[0].nonzero()[0].max())
        True
    """
    cards = np.empty(len(batch), dtype=np.int64)
    kernel.thumb_legal(batch.legal.copy(), cards)  # a copy: one layout whatever N, one compiled signature
    return cards


def bot_cards(batch: Batch, name: str, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """Each game's card by the in-kernel bot ``name`` (`concombre.games.concombre.fast.kernel.BOTS`): `thumb_cards`
    or `random_cards` (drawn from ``rng``); -1 in a finished game.

    Raises:
        InvalidArgumentError: No bot plays inside the kernel by this name.

    Examples:
        >>> games = reset([4], players=2)
        >>> (bot_cards(games, "thumb", np.random.default_rng(0)) == thumb_cards(games)).all()
        np.True_
    """
    if name not in kernel.BOTS:
        raise InvalidArgumentError(f"bots must be one of {', '.join(kernel.BOTS)}, not {name!r}.", field="bots")
    return thumb_cards(batch) if name == "thumb" else random_cards(batch, rng)


def random_cards(batch: Batch, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A legal card chosen uniformly at random in each game (`concombre.RandomBot`'s rule), drawn from ``rng``;
    -1 in a finished game.

    Examples:
        >>> games = reset([4, 5], players=2)
        >>> cards = random_cards(games, np.random.default_rng(0))
        >>> bool(legal_mask(games)[[0, 1], cards].all())
        True
    """
    cards = np.empty(len(batch), dtype=np.int64)
    kernel.random_legal(batch.legal.copy(), rng.bit_generator.random_raw(len(batch)), cards)  # as thumb_cards
    return cards
