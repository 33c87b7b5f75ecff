"""The batched engine's drivers: loops over the games of a batch, each game's row stepped by the kernel
(`concombre.games.romme.fast.kernel`) and the part builder (`concombre.games.romme.fast.builder`). A game's row
depends on nothing but itself, so a batch may be cut into runs stepped on several threads (the drivers release
the GIL) with the same results. Each driver makes its room (`scratch`) and hands it to its loop, which is
compiled without reference counting (`concombre.accel.compiled.jit_bare`), as is everything it calls.

Examples:
    >>> from concombre.games.romme.fast.batch import reset, rollout
    >>> games = rollout(reset(range(4), players=2), "random", seed=1)
    >>> games.done.tolist()
    [True, True, True, True]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from concombre.accel.compiled import jit, jit_bare, jit_bare_inline
from concombre.accel.splitmix import below, mix, next_seed
from concombre.games.romme.fast.builder import EXTRA, MASK, PARTS, action_of, bits_of, lowest_bit, part_mask
from concombre.games.romme.fast.deals import MOST_CARDS, WORK
from concombre.games.romme.fast.kernel import (
    ACTION_WIDTH,
    GAME_OVER,
    MOST_PLACES,
    PHASE,
    SEED,
    TO_PLAY,
    act,
    popcount,
    refusal,
    restart,
)
from concombre.games.romme.fast.options import ROOM, WORDS
from concombre.games.romme.fast.table import OK

__all__ = ["BOTS", "deal_all", "first_refused", "legal_masks", "refused_part", "run_games", "run_parts"]

_RULES = (4, 40, False, 2, False)  # the default rules as the kernel takes them, for the examples
BOTS = ("random",)
"""The bots that play inside the kernel, by number: a part chosen uniformly among those offered.

Examples:
    >>> BOTS.index("random")
    0
"""


@jit
def scratch() -> tuple[Any, ...]:
    """The room a driver works in, made once a call: the part builder's workspace (numbers and words), the
    shuffles' room, a meld's cards and an action's row.

    Examples:
        >>> len(scratch())
        6
    """
    room, bits = np.zeros(ROOM + EXTRA, dtype=np.int64), np.zeros(WORDS, dtype=np.uint64)
    return (room, bits, np.empty(MOST_CARDS, dtype=np.int64), np.empty(WORK, dtype=np.uint64),
            np.zeros(2 * MOST_PLACES + 2, dtype=np.int64), np.zeros(ACTION_WIDTH, dtype=np.int64))


@jit_bare
def _first_refused(small: np.ndarray, words: np.ndarray, actions: np.ndarray, live: np.ndarray, rules: Any,
                   meld: np.ndarray) -> tuple[int, int]:
    for game in range(len(actions)):
        if live[game] and small[game, PHASE] != GAME_OVER:
            code = refusal(small, words, game, actions[game], rules, meld)
            if code != OK:
                return game, code
    return -1, OK


@jit
def first_refused(state: Any, actions: np.ndarray, live: np.ndarray, rules: Any) -> tuple[int, int]:
    """The first live game whose action (a kernel row) is refused, a finished game refusing nothing, and the
    refusal's code; (-1, `OK`) if none is.

    Examples:
        >>> import numpy as np
        >>> from concombre.romme import Discard, DrawStock
        >>> from concombre.games.romme.fast.batch import action_rows, reset
        >>> state = tuple(array.copy() for array in reset([1, 2], players=2).storage)   # as play gives it
        >>> first_refused(state, action_rows([DrawStock(), Discard("QH1")]), np.ones(2, dtype=bool), _RULES)
        (1, 15)
    """
    return _first_refused(state[0], state[1], actions, live, rules, scratch()[4])


@jit_bare
def _run_games(small: np.ndarray, words: np.ndarray, tallies: np.ndarray, rewards: np.ndarray, built: np.ndarray,
               actions: np.ndarray, live: np.ndarray, rules: Any, order: np.ndarray, work: np.ndarray,
               meld: np.ndarray) -> None:
    for game in range(len(actions)):
        for seat in range(rewards.shape[1]):
            rewards[game, seat] = 0.0
        if live[game] and small[game, PHASE] != GAME_OVER:
            built[game, 0] = 0
            act(small, words, tallies, rewards, game, actions[game], rules, order, work, meld)


@jit
def run_games(state: Any, actions: np.ndarray, live: np.ndarray, rules: Any) -> None:
    """One step of every live game that is not over: its player to act takes its action (a kernel row, known
    legal), any move half built abandoned. The rewards are the step's.

    Examples:
        >>> import numpy as np
        >>> from concombre.romme import DrawStock
        >>> from concombre.games.romme.fast.batch import action_rows, reset
        >>> state = tuple(array.copy() for array in reset([1], players=2).storage)
        >>> run_games(state, action_rows([DrawStock()]), np.ones(1, dtype=bool), _RULES)
        >>> int(state[0][0, 0])                                  # the player now plays (phase 2)
        2
    """
    room = scratch()
    _run_games(state[0], state[1], state[2], state[3], state[4], actions, live, rules, room[2], room[3], room[4])


@jit_bare
def _deal_all(small: np.ndarray, words: np.ndarray, tallies: np.ndarray, players: int, dealer: int, rules: Any,
              order: np.ndarray, work: np.ndarray) -> None:
    for game in range(len(small)):
        restart(small, words, tallies, game, words[game, SEED], dealer, players, rules[0], rules[4], order, work)


@jit
def deal_all(state: Any, dealer: int, rules: Any) -> None:
    """Every game started from its seed (already in place) and dealt (R4).

    Examples:
        >>> from concombre.games.romme.fast.batch import reset
        >>> state = tuple(array.copy() for array in reset([1], players=2).storage)
        >>> state[1][0, 0] = 5                                    # another seed
        >>> deal_all(state, 0, _RULES)
        >>> bool((state[0] == reset([5], players=2).storage[0]).all())
        True
    """
    room = scratch()
    _deal_all(state[0], state[1], state[2], state[3].shape[1], dealer, rules, room[2], room[3])


@jit_bare
def _legal_masks(small: np.ndarray, words: np.ndarray, built: np.ndarray, rules: Any, masks: np.ndarray,
                 room: np.ndarray, bits: np.ndarray) -> None:
    for game in range(len(small)):
        part_mask(small, words, built, game, rules, room, bits)
        for word in range(3):
            offered = bits[MASK + word]
            while offered:
                masks[game, 64 * word + lowest_bit(offered)] = True
                offered &= offered - np.uint64(1)


@jit
def legal_masks(state: Any, rules: Any, masks: np.ndarray) -> None:
    """Each game's parts offered after its parts built so far, into ``masks`` (games x `PARTS` bools, False).

    Examples:
        >>> import numpy as np
        >>> from concombre.games.romme.fast.batch import reset
        >>> masks = np.zeros((1, PARTS), dtype=bool)
        >>> legal_masks(reset([1], players=2).storage, _RULES, masks)
        >>> masks[0].nonzero()[0].tolist()
        [0, 1]
    """
    room = scratch()
    _legal_masks(state[0], state[1], state[4], rules, masks, room[0], room[1])


@jit_bare
def _refused_part(small: np.ndarray, words: np.ndarray, built: np.ndarray, parts: np.ndarray, live: np.ndarray,
                  rules: Any, room: np.ndarray, bits: np.ndarray) -> int:
    for game in range(len(parts)):
        if live[game] and small[game, PHASE] != GAME_OVER:
            part = parts[game]
            part_mask(small, words, built, game, rules, room, bits)
            if part < 0 or part >= PARTS or not bits_of(bits, part):
                return game
    return -1


@jit
def refused_part(state: Any, parts: np.ndarray, live: np.ndarray, rules: Any) -> int:
    """The first live game, not over, whose part is not offered; -1 if none.

    Examples:
        >>> import numpy as np
        >>> from concombre.games.romme.fast.batch import reset
        >>> refused_part(reset([1, 2], players=2).storage, np.array([0, 166]), np.ones(2, dtype=bool), _RULES)
        1
    """
    room = scratch()
    return _refused_part(state[0], state[1], state[4], parts, live, rules, room[0], room[1])


@jit_bare_inline
def _random_part(bits: np.ndarray, stream: np.uint64, counter: int) -> tuple[int, int]:
    """A part offered by the mask, uniformly at random from the stream; the stream's counter after it."""
    offered = popcount(bits[MASK]) + popcount(bits[MASK + 1]) + popcount(bits[MASK + 2])
    pick, counter = below(stream, counter, offered)
    for word in range(3):
        parts = bits[MASK + word]
        here = popcount(parts)
        if pick < here:
            for _ in range(pick):
                parts &= parts - np.uint64(1)
            return 64 * word + lowest_bit(parts), counter
        pick -= here
    return -1, counter


@jit_bare
def _run_parts(small: np.ndarray, words: np.ndarray, tallies: np.ndarray, rewards: np.ndarray, built: np.ndarray,
               given: bool, parts: np.ndarray, live: np.ndarray, steps: int, seat: int, autoreset: bool,
               key: np.uint64, rules: Any, first_game: int, room: Any) -> int:
    numbers, bits, order, work, meld, row = room
    players = rewards.shape[1]
    stream = np.uint64(0)
    for game in range(len(small)):
        if not given:
            stream = mix(key ^ mix(np.uint64(first_game + game)))
        counter, done = 0, 0
        for other in range(players):
            rewards[game, other] = 0.0
        while True:
            if given:
                if done == 1:
                    break
            elif (steps >= 0 and done == steps) or (small[game, PHASE] == GAME_OVER and not autoreset) or (
                    seat >= 0 and (small[game, PHASE] == GAME_OVER or small[game, TO_PLAY] == seat)):
                break
            done += 1
            if small[game, PHASE] == GAME_OVER:
                if autoreset:
                    restart(small, words, tallies, game, next_seed(words[game, SEED]), 0, players, rules[0],
                            rules[4], order, work)
                    built[game, 0] = 0
                continue
            if given:
                if not live[game]:
                    continue
                part = int(parts[game])
                if seat != -2:  # -2: the caller has checked every part against the games' masks
                    part_mask(small, words, built, game, rules, numbers, bits)
                    if part < 0 or part >= PARTS or not bits_of(bits, part):
                        return game  # refused: the caller drops the arrays, which this call has changed
            else:
                part_mask(small, words, built, game, rules, numbers, bits)
                part, counter = _random_part(bits, stream, counter)
            if action_of(built, game, part, row):
                built[game, 0] = 0
                act(small, words, tallies, rewards, game, row, rules, order, work, meld)
            else:
                length = built[game, 0] + 1
                built[game, length] = part
                built[game, 0] = length
    return -1


@jit
def run_parts(state: Any, given: bool, parts: np.ndarray, live: np.ndarray, bots: np.ndarray, steps: int, seat: int,
              autoreset: bool, key: np.uint64, rules: Any, first_game: int) -> int:
    """Every game, one after the other. With parts ``given``, one step: each live game's player takes its part,
    unless it is not offered: then the first such game is returned at once (-1 when none is; the arrays are then
    half stepped, for the caller to drop; ``seat`` -2 says the caller has checked the parts). Otherwise up to
    ``steps`` steps (all of the game if negative), the players the in-kernel ``bots`` (one per seat, `BOTS`: the
    random bot); with ``seat`` at least 0, only until that seat must act. A finished game restarts with
    ``autoreset`` (a step of its own), from the seed after its own. The rewards start from 0 and sum the call's
    steps. The random bot draws from ``key`` and the game's place in the whole batch (``first_game`` is the place
    of the first game given), so threads change nothing.

    Examples:
        >>> import numpy as np
        >>> from concombre.games.romme.fast.batch import reset
        >>> state = tuple(array.copy() for array in reset([1], players=2).storage)
        >>> none = np.zeros(0, dtype=np.int64)
        >>> run_parts(state, False, none, np.zeros(0, dtype=bool), none, -1, -1, False, np.uint64(3), _RULES, 0)
        -1
        >>> int(state[0][0, 0])                                  # played to its end (phase 4)
        4
    """
    return _run_parts(state[0], state[1], state[2], state[3], state[4], given, parts, live, steps, seat, autoreset,
                      key, rules, first_game, scratch())
