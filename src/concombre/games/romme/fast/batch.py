"""Thousands of games of German Rommé at once, as arrays, compiled: the batched engine for learning at scale.

A `Batch` holds N independent games with the same number of players and the same rules; the rules run in a
compiled kernel (`concombre.games.romme.fast.kernel`, Numba: ``pip install "concombre[fast]"``). The table's own
steps (the deal, scoring a round, the next round, tie-break rounds and the end) happen inside a step: a batch
always waits for a player to draw or play in every game that is not over.

It is exactly the reference engine (`concombre.romme`): with ``deals="exact"`` (the default) the very deals and
rebuilt stocks of ``new_game(seed=...)``, and in every mode the same melds, lay-offs, joker exchanges, R7a, scores
(R13) and tie-breaks (R14, R14a); a differential test plays thousands of games through both. Like the reference
states, a batch is immutable (its arrays are read-only) and `play` returns a new batch.

Examples:
    >>> from concombre.romme import DrawStock
    >>> games = reset([1, 2, 3], players=2)
    >>> games.phase.tolist(), games.to_play.tolist()
    ([1, 1, 1], [1, 1, 1])
    >>> after = play(games, action_rows([DrawStock()] * 3))
    >>> after.phase.tolist(), hand_counts(after).sum(axis=2)[:, 1].tolist()
    ([2, 2, 2], [14, 14, 14])
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from concombre.core.extras import needs

with needs("fast", "concombre's compiled Rommé"):
    import numpy as np
    import numpy.typing as npt

from concombre.accel.compiled import in_runs
from concombre.core.errors import IllegalActionError, InvalidArgumentError
from concombre.core.game import Batched
from concombre.core.seats import SEED_LIMIT
from concombre.games.romme.actions import (
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    MeldCards,
)
from concombre.games.romme.fast import drivers, kernel
from concombre.games.romme.fast.builder import PARTS
from concombre.games.romme.fast.deals import MOST_CARDS
from concombre.games.romme.fast.observe import OBSERVATION_SIZE, observe_games
from concombre.games.romme.fast.solver import run_solvers, solver_parts, thread_room
from concombre.games.romme.fast.table import RULINGS
from concombre.games.romme.rules import DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS, Rules, face

__all__ = ["DEALS", "Batch", "action_row", "action_rows", "batched", "hand_counts", "legal_mask", "observe", "play",
           "random_parts", "reset", "reset_games", "rollout", "step"]

DEALS = ("exact", "fast")
"""How a batch shuffles (R4, R7): ``"exact"``, the reference engine's SHAKE-128 shuffles for the same seed, or
``"fast"``, Fisher-Yates shuffles drawn from SplitMix64 (reproducible and uniform, a different stream:
`concombre.games.romme.fast.deals.fast_deck` and ``fast_rebuild`` give its orders to the reference engine).

Examples:
    >>> DEALS
    ('exact', 'fast')
"""

_STORAGE_TYPES = (np.int8, np.uint64, np.int32, np.float32, np.int16)  # kernel.STORAGE's
_ENDS = {None: 0, "low": 1, "high": 2}
_CARD_BITS = np.arange(64, dtype=np.uint64)
_FACES_OF = np.zeros((MOST_CARDS, 53), dtype=np.int64)  # each card's face, one-hot: counts by a product
_FACES_OF[np.arange(MOST_CARDS), [face(card) for card in range(MOST_CARDS)]] = 1

I8 = npt.NDArray[np.int8]
I32 = npt.NDArray[np.int32]


@attrs.frozen(eq=False)
class Batch:
    """N games of Rommé with the same players and rules, each waiting for a player or over.

    Every array is read-only. Cards are sorting indices (`concombre.games.romme.RommeCard.index`); seats as in the
    reference engine; phases are `kernel.PLAY_PHASES`' numbers (1 draw, 2 play, 4 game over).

    Attributes:
        players: The number of players of every game (R1).
        rules: The rules of every game.
        deals: How the games shuffle: one of `DEALS`.
        seeds: Each game's seed (``uint64``).
        hands: Each seat's hand as two bit masks over the sorting indices (0-63, 64-109), shape (N, 2 * players);
            `hand_counts` counts them by face.
        phase: What each game waits for: 1 a draw, 2 a play (meld, lay off, exchange or discard), 4 nothing.
        to_play: The seat to act, -1 once the game is over.
        dealer: The dealer of the round in play (R4).
        rebuilds: How often the stock was rebuilt this round (R7, R12).
        drawn: The card the player took from the discard pile this turn, or -1 (R7a).
        meld_count: How many melds lie on the table.
        stock_size: How many cards the stock holds; ``stock[:, :stock_size]`` its cards, the top last.
        pile_size: How many cards the discard pile holds; ``discard_pile[:, :pile_size]``, the top last.
        winner: The winner once the game is over (R14), else -1.
        out: Who went out in the last round scored (R11), -1 for nobody.
        opened: Whether each seat has made its opening this round (R8).
        contenders: The seats playing this round: all, or in a tie-break the tied players (R14a).
        stock: The stock's cards (room for 110).
        discard_pile: The discard pile's cards (room for 110).
        meld_kinds: Each meld's kind (0 set, 1 run), room for 36.
        meld_bases: A set's rank (0 two .. 12 ace), a run's first run number (1 low ace .. 14 high ace).
        meld_suits: A run's suit (0-3 clubs, diamonds, hearts, spades); -1 for a set.
        meld_sizes: How many places each meld has.
        places: Each meld's cards in place order, 13 places a meld: ``places[:, 13 * m + p]``.
        owners: The seat that first filled each place (R13).
        round_number: The round in play, from 1; past one per player, a tie-break (R14a).
        scores: Each seat's match total (R13).
        tie_break_points: Each seat's tie-break points, kept apart (R14a).
        meld_values: The last round scored: the value of the places each seat filled (R13).
        hand_values: The last round scored: what each seat was left holding.
        round_scores: The last round scored: what each seat scored.
        last_round: The number of the last round scored, 0 before the first.
        rewards: What the last step gave each seat, shape (N, players): a regular round's score when it is scored
            (a tie-break's none, R14a) and at the end `concombre.core.game.END_BONUS` more for the winner and less
            for every other seat, as ``Game.rewards`` counts.
        taken: Each seat's cards taken from the discard pile and not shown since, as `hands` (what the other
            players have seen it take).
        built: The parts of the move being built (`concombre.games.romme.parts`): how many, then the parts.
        storage: The kernel's five arrays (`kernel.STORAGE`), a row a game: every field above is a view of them.

    Examples:
        >>> games = reset([7, 8], players=3)
        >>> hand_counts(games).sum(axis=2).tolist()
        [[13, 13, 13], [13, 13, 13]]
    """

    players: int
    rules: Rules
    deals: str
    seeds: npt.NDArray[np.uint64]
    hands: npt.NDArray[np.uint64]
    phase: I8
    to_play: I8
    dealer: I8
    rebuilds: I8
    drawn: I8
    meld_count: I8
    stock_size: I8
    pile_size: I8
    winner: I8
    out: I8
    opened: npt.NDArray[np.bool_]
    contenders: npt.NDArray[np.bool_]
    stock: I8
    discard_pile: I8
    meld_kinds: I8
    meld_bases: I8
    meld_suits: I8
    meld_sizes: I8
    places: I8
    owners: I8
    round_number: I32
    scores: I32
    tie_break_points: I32
    meld_values: I32
    hand_values: I32
    round_scores: I32
    last_round: I32
    rewards: npt.NDArray[np.float32]
    taken: npt.NDArray[np.uint64]
    built: npt.NDArray[np.int16]
    storage: tuple[Any, ...] = attrs.field(repr=False)
    _known: dict[str, Any] = attrs.field(factory=dict, repr=False, init=False)  # what was worked out of it

    def __len__(self) -> int:
        return len(self.seeds)

    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """Whether each game is over (R14)."""
        over: npt.NDArray[np.bool_] = self.phase == kernel.GAME_OVER
        return over

    @property
    def nbytes(self) -> int:
        """The memory the batch's arrays take, in bytes."""
        return sum(array.nbytes for array in self.storage)


def _batch(players: int, rules: Rules, deals: str, storage: tuple[Any, ...]) -> Batch:
    """A batch over ``storage`` (not copied), its fields views of it; all made read-only."""
    for array in storage:
        array.flags.writeable = False
    fields = {}
    for name, index, columns, flag in _layout(players):
        view = storage[index][:, columns]
        fields[name] = view.view(np.bool_) if flag else view
    return Batch(players, rules, deals, **fields, storage=storage)


@functools.cache
def _layout(players: int) -> tuple[tuple[str, int, int | slice, bool], ...]:
    layout = []
    for name, dtype in kernel.FIELDS.items():
        index, start, width = kernel.place(name, players)
        layout.append((name, index, start if width is None else slice(start, start + width), dtype is np.bool_))
    return tuple(layout)


def _owned(batch: Batch) -> tuple[Any, ...]:
    return tuple(array.copy() for array in batch.storage)


def _rules(rules: Rules, deals: str) -> tuple[int, int, bool, int, bool]:
    """The rules as the kernel takes them, one record: jokers, opening, may return the discard, rebuilds, fast."""
    return rules.jokers, rules.opening, rules.may_return_discard, rules.rebuilds, deals == "fast"


def _state(storage: tuple[Any, ...], start: int = 0, stop: int | None = None) -> tuple[Any, ...]:
    if start == 0 and (stop is None or stop >= len(storage[0])):
        return storage
    return tuple(array[start:stop] for array in storage)


def _seeds(seeds: Any) -> npt.NDArray[np.uint64]:
    """The seeds as ``uint64``, each checked to be a whole number from 0 to 2**64 - 1."""
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


def reset(seeds: Sequence[int] | npt.ArrayLike, players: int = DEFAULT_PLAYERS, rules: Rules = Rules(),
          dealer: int = 0, deals: str = "exact") -> Batch:
    """One new game per seed, dealt: with exact deals, game i is
    ``deal(new_game(players, rules=rules, seed=seeds[i], dealer=dealer))``.

    Raises:
        InvalidArgumentError: A player count outside 2-6 (R1), a dealer who is not a seat, rules that are not
            `concombre.romme.Rules`, deals not one of `DEALS`, or a seed that is not a whole number from 0 to
            2**64 - 1.

    Examples:
        >>> from concombre.romme import deal, new_game
        >>> games = reset([42], players=3)
        >>> reference = deal(new_game(3, seed=42))
        >>> [card.index for card in reference.discard_pile] == games.discard_pile[0, :1].tolist()
        True
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidArgumentError(f"German Rommé is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not "
                                   f"{players!r}.", "R1", "players")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise InvalidArgumentError(f"The dealer must be a seat from 0 to {players - 1}, not {dealer!r}.", "R4",
                                   "dealer")
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be a concombre.romme.Rules, not {rules!r}.", field="rules")
    if deals not in DEALS:
        raise InvalidArgumentError(f"deals must be one of {', '.join(DEALS)}, not {deals!r}.", "R4", "deals")
    chosen = _seeds(seeds)
    widths = (kernel.SMALL_WIDTH, kernel.WORDS_WIDTH, kernel.TALLIES_WIDTH, players, kernel.BUILT_WIDTH)
    storage = tuple(np.zeros((len(chosen), width), dtype=dtype)
                    for width, dtype in zip(widths, _STORAGE_TYPES, strict=True))
    storage[1][:, kernel.SEED] = chosen
    drivers.deal_all(storage, dealer, _rules(rules, deals))
    return _batch(players, rules, deals, storage)


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


def action_row(action: Action) -> npt.NDArray[np.int64]:
    """A reference engine's player action as the kernel's row of `kernel.ACTION_WIDTH` numbers.

    Raises:
        InvalidArgumentError: ``action`` is not a player's action of Rommé (a deal or a scoring is the table's).

    Examples:
        >>> from concombre.romme import LayOff
        >>> action_row(LayOff("7H1", 2, "high"))[:5].tolist()
        [3, 44, 2, 2, 0]
    """
    row = np.full(kernel.ACTION_WIDTH, -1, dtype=np.int64)
    row[kernel.COUNT_OF] = 0
    cards: list[int] = []
    if isinstance(action, DrawStock):
        row[kernel.KIND_OF] = kernel.DRAW_STOCK
    elif isinstance(action, DrawDiscard):
        row[kernel.KIND_OF] = kernel.DRAW_DISCARD
    elif isinstance(action, MeldCards):
        row[kernel.KIND_OF] = kernel.MELD
        for number, meld in enumerate(action.melds):
            cards += [card.index for card in meld] + ([-1] if number < len(action.melds) - 1 else [])
    elif isinstance(action, LayOff):
        row[kernel.KIND_OF], row[kernel.CARD_OF], row[kernel.MELD_OF] = kernel.LAY_OFF, action.card.index, action.meld
        row[kernel.PLACE_OF] = _ENDS[action.end]
    elif isinstance(action, ExchangeJoker):
        row[kernel.KIND_OF], row[kernel.CARD_OF], row[kernel.MELD_OF] = kernel.EXCHANGE, action.card.index, action.meld
        row[kernel.PLACE_OF] = action.place
        cards = [card.index for card in action.new_meld]
    elif isinstance(action, Discard):
        row[kernel.KIND_OF], row[kernel.CARD_OF] = kernel.DISCARD, action.card.index
    else:
        raise InvalidArgumentError(f"Expected a player's action of Rommé (a draw, meld, lay-off, exchange or "
                                   f"discard), not {action!r}.", field="action")
    if len(cards) > kernel.ACTION_WIDTH - kernel.FIRST_CARD:
        raise InvalidArgumentError(f"An action row holds at most {kernel.ACTION_WIDTH - kernel.FIRST_CARD} cards "
                                   f"and separators, not {len(cards)}.", "R5", "action")
    row[kernel.COUNT_OF] = len(cards)
    row[kernel.FIRST_CARD:kernel.FIRST_CARD + len(cards)] = cards
    return row


def action_rows(actions: Sequence[Action | None]) -> npt.NDArray[np.int64]:
    """One row per game (`action_row`; a draw from the stock, ignored, where an action is None), shape (N, 32).

    Examples:
        >>> from concombre.romme import Discard
        >>> action_rows([Discard("QH1"), None])[:, :2].tolist()
        [[5, 84], [0, -1]]
    """
    return np.stack([action_row(DrawStock() if action is None else action) for action in actions])


def play(batch: Batch, actions: npt.ArrayLike, *, where: npt.ArrayLike | None = None, threads: int = 1) -> Batch:
    """Every game's player to act takes its action (a row of `action_rows`); the table then takes its own steps,
    so each game waits for a player again or is over. A finished game ignores its row; with ``where``, only the
    marked games act. ``threads`` shares the games out among that many threads; the result is the same.

    Raises:
        IllegalActionError: Some game's action is refused: the message names the games and the rulings. The
            batch is left as it was.
        InvalidArgumentError: ``actions`` is not one row per game, or ``where`` one bool per game.

    Examples:
        >>> from concombre.romme import DrawDiscard
        >>> games = reset([5], players=2)
        >>> taken = int(games.discard_pile[0, 0])
        >>> play(games, action_rows([DrawDiscard()])).drawn.tolist() == [taken]
        True
    """
    arrays = _owned(batch)
    rows = np.asarray(actions)
    if rows.shape != (len(batch), kernel.ACTION_WIDTH) or not np.issubdtype(rows.dtype, np.integer):
        raise InvalidArgumentError(f"actions must be one row of {kernel.ACTION_WIDTH} whole numbers per game "
                                   f"(action_rows), shape ({len(batch)}, {kernel.ACTION_WIDTH}).", field="actions")
    rows = np.ascontiguousarray(rows, dtype=np.int64)
    live = _live(where, len(batch))
    rules = _rules(batch.rules, batch.deals)
    game, code = drivers.first_refused(_state(arrays), rows, live, rules)
    if game >= 0:
        raise IllegalActionError(f"Refused in game {game}: its player to act may not take that action now "
                                 f"({RULINGS[code]}). Nothing was played.", RULINGS[code])

    def run(start: int, stop: int) -> None:
        drivers.run_games(_state(arrays, start, stop), rows[start:stop], live[start:stop], rules)

    in_runs(run, len(batch), threads)
    return _batch(batch.players, batch.rules, batch.deals, arrays)


def hand_counts(batch: Batch) -> npt.NDArray[np.int64]:
    """How many cards of each face each seat holds (52 natural faces, then the jokers), shape (N, players, 53).

    Examples:
        >>> counts = hand_counts(reset([3], players=2))
        >>> counts.shape, counts[0].sum(axis=1).tolist()
        ((1, 2, 53), [13, 13])
    """
    words = np.ascontiguousarray(batch.hands).reshape(len(batch), batch.players, 2, 1)
    bits = ((words >> _CARD_BITS) & np.uint64(1)).reshape(len(batch), batch.players, 128)[:, :, :MOST_CARDS]
    counts: npt.NDArray[np.int64] = bits.astype(np.int64) @ _FACES_OF
    return counts



def legal_mask(batch: Batch) -> npt.NDArray[np.bool_]:
    """The parts each game's player to act may take after the parts built so far (`concombre.games.romme.parts`:
    those that lead on toward some legal action), shape (N, 167); all False in a finished game.

    Examples:
        >>> games = reset([3], players=2)
        >>> legal_mask(games)[0].nonzero()[0].tolist()    # draw from the stock, or take the discard pile's top
        [0, 1]
    """
    known = batch._known.get("legal_mask")
    if known is None:  # a batch never changes: its mask is worked out once (an environment asks it twice a step)
        known = np.zeros((len(batch), PARTS), dtype=bool)
        drivers.legal_masks(batch.storage, _rules(batch.rules, batch.deals), known)
        known.flags.writeable = False
        batch._known["legal_mask"] = known
    masks: npt.NDArray[np.bool_] = known
    return masks


def step(batch: Batch, parts: npt.ArrayLike, *, autoreset: bool = False, where: npt.ArrayLike | None = None,
         threads: int = 1) -> Batch:
    """Every game's player to act takes one part (`concombre.games.romme.parts`): a part that completes a move
    makes it (the table then takes its own steps), any other is built on and the same player acts again. A
    finished game ignores its part (with ``autoreset``, it starts anew from the seed after its own); with
    ``where``, only the marked games act. ``threads`` shares the games out; the result is the same.

    Raises:
        IllegalActionError: Some game's part is not offered (`legal_mask`): the message names the game and the
            part; the batch is left as it was.
        InvalidArgumentError: ``parts`` is not one whole number per game, or ``where`` one bool per game.

    Examples:
        >>> games = step(reset([3], players=2), [0])       # draw from the stock
        >>> games.phase.tolist(), int(legal_mask(games)[0].sum())   # now any of the 14 cards held
        ([2], 14)
    """
    arrays = _owned(batch)
    chosen = np.asarray(parts)
    if chosen.shape != (len(batch),) or not np.issubdtype(chosen.dtype, np.integer):
        raise InvalidArgumentError(f"parts must be one whole number per game, shape ({len(batch)},).",
                                   field="parts")
    chosen = np.ascontiguousarray(chosen, dtype=np.int64)
    live = _live(where, len(batch))
    rules = _rules(batch.rules, batch.deals)
    refused: list[int] = []
    masks = batch._known.get("legal_mask")
    if masks is not None:  # the parts offered are known already: checked here, not again in the kernel
        acting = live & ~batch.done
        offered = masks[np.arange(len(batch)), np.clip(chosen, 0, PARTS - 1)] & (chosen >= 0) & (chosen < PARTS)
        refused += np.flatnonzero(acting & ~offered)[:1].tolist()
    checked = -2 if masks is not None else -1

    def run(start: int, stop: int) -> None:
        game = drivers.run_parts(_state(arrays, start, stop), True, chosen[start:stop], live[start:stop], _NO_BOTS, 1,
                                 checked, bool(autoreset), np.uint64(0), rules, start)
        if game >= 0:
            refused.append(start + game)

    if refused:
        game = refused[0]
        raise IllegalActionError(f"Refused in game {game}: part {int(chosen[game])} is not offered now (see "
                                 "legal_mask). Nothing was played.", "R15")

    in_runs(run, len(batch), threads)
    if refused:  # the arrays stepped are dropped: the batch is as it was
        game = min(refused)
        raise IllegalActionError(f"Refused in game {game}: part {int(chosen[game])} is not offered now (see "
                                 "legal_mask). Nothing was played.", "R15")
    return _batch(batch.players, batch.rules, batch.deals, arrays)


_NO_BOTS = np.zeros(MAX_PLAYERS, dtype=np.int64)


def _live(where: Any, count: int) -> npt.NDArray[np.bool_]:
    live = np.ones(count, dtype=bool) if where is None else np.asarray(where)
    if live.shape != (count,) or live.dtype != bool:
        raise InvalidArgumentError(f"where must be one bool per game, shape ({count},).", field="where")
    return np.ascontiguousarray(live)


def rollout(batch: Batch, bots: str | Sequence[str] = "random", steps: int | None = None, *, autoreset: bool = False,
            until: int | None = None, seed: int = 0, threads: int = 1) -> Batch:
    """Many steps of every game in one call, the bots (`concombre.games.romme.fast.drivers.BOTS`, by name, or a
    name per seat) taking one part a step inside the kernel: ``steps`` steps of each game, or each game to its
    end when ``steps`` is None; with ``until``, each game only until that seat must act. The rewards are summed
    over the call. The random bot draws from ``seed`` and each game's place: the same call gives the same games,
    whatever ``threads``.

    Raises:
        InvalidArgumentError: An unknown bot, a bad ``steps``, ``until`` or ``seed``, or ``autoreset`` without
            ``steps``.

    Examples:
        >>> games = rollout(reset(range(3), players=3), "random", seed=2)
        >>> games.done.tolist(), bool((games.winner >= 0).all())
        ([True, True, True], True)
    """
    names = [bots] * batch.players if isinstance(bots, str) else list(bots)
    if len(names) != batch.players or any(name not in drivers.BOTS for name in names):
        raise InvalidArgumentError(f"bots must be one of {', '.join(drivers.BOTS)}, or one of them per seat "
                                   f"({batch.players}), not {bots!r}.", field="bots")
    if steps is not None and (isinstance(steps, bool) or not isinstance(steps, int) or steps < 0):
        raise InvalidArgumentError(f"steps must be a whole number from 0, or None, not {steps!r}.", field="steps")
    if steps is None and autoreset:
        raise InvalidArgumentError("A rollout with autoreset needs steps: its games would never end.", field="steps")
    if until is not None and (isinstance(until, bool) or not isinstance(until, int) or not 0 <= until < batch.players):
        raise InvalidArgumentError(f"until must be a seat from 0 to {batch.players - 1}, not {until!r}.",
                                   field="until")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise InvalidArgumentError(f"seed must be a whole number from 0 to 2**64 - 1, not {seed!r}.", field="seed")
    arrays = _owned(batch)
    chosen = np.array([drivers.BOTS.index(name) for name in names], dtype=np.int64)
    rules = _rules(batch.rules, batch.deals)
    plays, seat = -1 if steps is None else steps, -1 if until is None else until
    if plays == 0:
        return batch

    def run(start: int, stop: int) -> None:
        drivers.run_parts(_state(arrays, start, stop), False, _NO_PARTS, _NO_LIVE, chosen, plays, seat,
                          bool(autoreset), np.uint64(seed), rules, start)

    in_runs(run, len(batch), threads)
    return _batch(batch.players, batch.rules, batch.deals, arrays)


_NO_PARTS = np.zeros(0, dtype=np.int64)
_NO_LIVE = np.zeros(0, dtype=bool)


def observe(batch: Batch, seat: int | npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
    """What a seat of each game may see, as the learner's observation (`concombre.games.romme.observation`,
    ``encode_state`` with the parts built and the cards taken from the discard pile), shape (N, 465): built
    from that seat's hand and what every player has seen only.

    Args:
        batch: The games.
        seat: One seat for every game, a seat per game, or None for each game's player to act (seat 0 in a
            finished game).

    Raises:
        InvalidArgumentError: A seat that is not one of the games'.

    Examples:
        >>> observe(reset([1, 2], players=4), 3).shape
        (2, 465)
    """
    count, players = len(batch), batch.players
    seats = np.maximum(batch.to_play, 0) if seat is None else np.broadcast_to(np.asarray(seat), (count,))
    if not np.issubdtype(seats.dtype, np.integer) or ((seats < 0) | (seats >= players)).any():
        raise InvalidArgumentError(f"seat must be from 0 to {players - 1}.", field="seat")
    vectors = np.zeros((count, OBSERVATION_SIZE), dtype=np.float32)
    seats = np.array(seats, dtype=np.int64)  # a writable copy: one compiled signature, never a read-only one
    observe_games(batch.storage, seats, batch.rules.opening, vectors)
    return vectors


def random_parts(batch: Batch, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A part chosen uniformly at random among those each game offers (`legal_mask`), drawn from ``rng``; 0 in a
    finished game (which ignores it).

    Examples:
        >>> games = reset([4, 5], players=2)
        >>> parts = random_parts(games, np.random.default_rng(0))
        >>> bool(legal_mask(games)[[0, 1], parts].all())
        True
    """
    masks = legal_mask(batch)
    offered = masks.sum(axis=1)
    wanted = np.minimum((rng.random(len(batch)) * offered).astype(np.int64), np.maximum(offered - 1, 0))
    parts: npt.NDArray[np.int64] = np.argmax(masks.cumsum(axis=1) > wanted[:, None], axis=1).astype(np.int64)
    return np.where(offered > 0, parts, 0)


def batched() -> Batched[Batch, Any]:
    """Rommé's batched engine as the games' generic capability (`concombre.core.game.Batched`): the learner's
    parts as its slots, the observation of `concombre.games.romme.observation`, the bots ``random`` (a part at
    random) and ``solver`` (the scalar `SolverBot`'s moves, `concombre.games.romme.fast.solver`), ``settle`` in the
    kernel's own loop. Nobody is ever out of a game of Rommé (no eliminations).

    Examples:
        >>> engine = batched()
        >>> games = engine.reset([1, 2], players=2)
        >>> engine.legal_mask(games).shape, engine.observe(games, 0).shape, sorted(engine.bots)
        ((2, 167), (2, 465), ['random', 'solver'])
    """
    return Batched(reset=reset, step=step, reset_games=reset_games, legal_mask=legal_mask, observe=observe,
                   to_play=lambda games: games.to_play, done=lambda games: games.done,
                   rewards=lambda games: games.rewards,
                   eliminated=lambda games: np.zeros((len(games), games.players), dtype=bool),
                   bots=_CHOOSERS, winner=lambda games: games.winner,
                   settle=_settle,
                   round_number=lambda games: games.round_number)


_CHOOSERS: dict[str, Callable[[Batch, Any], npt.NDArray[np.int64]]] = {"random": random_parts, "solver": solver_parts}


def _settle(games: Batch, seat: int, bots: Sequence[str], seed: int) -> Batch:
    """Every game played by its bots (a name per seat, `_CHOOSERS`) until ``seat`` must act or it is over, the
    rewards summed: inside the kernel's own loop where every other seat is the random bot, or every other seat the
    solver bot (its whole moves, the scalar `SolverBot`'s); for a mix of them, a part a step."""
    names = ["random" if number == seat else name for number, name in enumerate(bots)]
    if len(names) != games.players or any(name not in _CHOOSERS for name in names):
        raise InvalidArgumentError(f"bots must be one of {', '.join(_CHOOSERS)} per seat ({games.players}), not "
                                   f"{bots!r}.", field="bots")
    if all(name == "random" for name in names):
        return rollout(games, names, until=seat, seed=seed)
    if all(name == "solver" for number, name in enumerate(names) if number != seat):
        arrays = _owned(games)
        run_solvers(_state(arrays), seat, _rules(games.rules, games.deals), thread_room())
        return _batch(games.players, games.rules, games.deals, arrays)
    rng, total = np.random.default_rng(seed), np.zeros((len(games), games.players), dtype=np.float32)
    while True:
        waiting = ~games.done & (games.to_play != seat)
        if not waiting.any():
            break
        movers = [names[mover] for mover in np.maximum(games.to_play, 0).tolist()]
        parts = np.zeros(len(games), dtype=np.int64)
        for name in set(movers):
            parts = np.where(np.array([mover == name for mover in movers]), _CHOOSERS[name](games, rng), parts)
        games = step(games, parts, where=waiting)
        total += games.rewards
    arrays = _owned(games)
    arrays[3][:] = total
    return _batch(games.players, games.rules, games.deals, arrays)
