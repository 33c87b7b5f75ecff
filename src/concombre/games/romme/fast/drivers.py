"""The batched engine's drivers: loops over the games of a batch, each game's row stepped by the kernel
(`concombre.games.romme.fast.kernel`) and the part builder (`concombre.games.romme.fast.builder`). A game's row
depends on nothing but itself, so a batch may be cut into runs stepped on several threads (the drivers release
the GIL) with the same results.

Examples:
    >>> from concombre.games.romme.fast.batch import reset, rollout
    >>> games = rollout(reset(range(4), players=2), "random", seed=1)
    >>> games.done.tolist()
    [True, True, True, True]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from concombre.accel.compiled import jit
from concombre.accel.splitmix import below, mix, next_seed
from concombre.games.romme.fast.builder import PARTS, action_of, part_mask
from concombre.games.romme.fast.deals import MOST_CARDS, WORK
from concombre.games.romme.fast.kernel import (
    ACTION_WIDTH,
    BUILT_WIDTH,
    GAME_OVER,
    MOST_PLACES,
    PHASE,
    SEED,
    TO_PLAY,
    act,
    refusal,
    restart,
)
from concombre.games.romme.fast.options import workspace
from concombre.games.romme.fast.table import OK

__all__ = ["BOTS", "deal_all", "first_refused", "legal_masks", "refused_part", "run_games", "run_parts"]

BOTS = ("random",)
"""The bots that play inside the kernel, by number: a part chosen uniformly among those offered.

Examples:
    >>> BOTS.index("random")
    0
"""


@jit
def scratch() -> tuple[Any, ...]:
    """The room the part builder works in, made once a call: a hand by face, its options, the hand of an
    exchange's new meld, the search's room, a meld's cards, the shuffles' room and an action's row.

    Examples:
        >>> len(scratch())
        8
    """
    work = (np.zeros(4, dtype=np.uint64), np.zeros((16, 2), dtype=np.int64), np.zeros(53, dtype=np.int64),
            np.zeros(BUILT_WIDTH, dtype=np.int16))
    return (np.zeros((4, 53), dtype=np.int64), workspace(), np.zeros((4, 53), dtype=np.int64), work,
            np.zeros(2 * MOST_PLACES + 2, dtype=np.int64), np.empty(MOST_CARDS, dtype=np.int64),
            np.empty(WORK, dtype=np.uint64), np.zeros(ACTION_WIDTH, dtype=np.int64))


@jit
def first_refused(state: Any, actions: np.ndarray, live: np.ndarray, rules: Any) -> tuple[int, int]:
    """The first live game whose action (a kernel row) is refused, a finished game refusing nothing, and the
    refusal's code; (-1, `OK`) if none is."""
    small, words = state[0], state[1]
    room = np.zeros(2 * MOST_PLACES + 2, dtype=np.int64)
    for game in range(len(actions)):
        if live[game] and small[game, PHASE] != GAME_OVER:
            code = refusal(small, words, game, actions[game], rules, room)
            if code != OK:
                return game, code
    return -1, OK


@jit
def run_games(state: Any, actions: np.ndarray, live: np.ndarray, rules: Any) -> None:
    """One step of every live game that is not over: its player to act takes its action (a kernel row, known
    legal), any move half built abandoned. The rewards are the step's."""
    small, words, tallies, rewards, built = state[0], state[1], state[2], state[3], state[4]
    room = scratch()
    for game in range(len(actions)):
        for seat in range(rewards.shape[1]):
            rewards[game, seat] = 0.0
        if live[game] and small[game, PHASE] != GAME_OVER:
            built[game, 0] = 0
            act(small, words, tallies, rewards, game, actions[game], rules, room[5], room[6], room[4])


@jit
def deal_all(state: Any, dealer: int, rules: Any) -> None:
    """Every game started from its seed (already in place) and dealt (R4)."""
    small, words, tallies, rewards = state[0], state[1], state[2], state[3]
    order, work = np.empty(MOST_CARDS, dtype=np.int64), np.empty(WORK, dtype=np.uint64)
    for game in range(len(small)):
        restart(small, words, tallies, game, words[game, SEED], dealer, rewards.shape[1], rules[0], rules[4], order,
                work)


@jit
def legal_masks(state: Any, rules: Any, masks: np.ndarray) -> None:
    """Each game's parts offered after its parts built so far, into ``masks`` (games x `PARTS`)."""
    small, words, built = state[0], state[1], state[4]
    room = scratch()
    for game in range(len(small)):
        part_mask(small, words, game, built[game], rules, masks[game], room[0], room[1], room[2], room[3], room[4])


@jit
def refused_part(state: Any, parts: np.ndarray, live: np.ndarray, rules: Any) -> int:
    """The first live game, not over, whose part is not offered; -1 if none."""
    small, words, built = state[0], state[1], state[4]
    room = scratch()
    mask = np.zeros(PARTS, dtype=np.bool_)
    for game in range(len(parts)):
        if live[game] and small[game, PHASE] != GAME_OVER:
            part = parts[game]
            part_mask(small, words, game, built[game], rules, mask, room[0], room[1], room[2], room[3], room[4])
            if part < 0 or part >= PARTS or not mask[part]:
                return game
    return -1


@jit
def _take_part(small: np.ndarray, words: np.ndarray, tallies: np.ndarray, rewards: np.ndarray, built: np.ndarray,
               game: int, part: int, rules: Any, room: Any) -> None:
    """The game's player to act takes ``part`` (offered): the move it completes is made, else it is built on."""
    row = room[7]
    if action_of(built[game], part, row):
        built[game, 0] = 0
        act(small, words, tallies, rewards, game, row, rules, room[5], room[6], room[4])
    else:
        length = built[game, 0] + 1
        built[game, length] = part
        built[game, 0] = length


@jit
def run_parts(state: Any, given: bool, parts: np.ndarray, live: np.ndarray, bots: np.ndarray, steps: int, seat: int,
              autoreset: bool, key: np.uint64, rules: Any, first_game: int) -> None:
    """Every game, one after the other. With parts ``given``, one step: each live game's player takes its part
    (all known offered). Otherwise up to ``steps`` steps (all of the game if negative), the players the in-kernel
    ``bots`` (one per seat, `BOTS`); with ``seat`` at least 0, only until that seat must act. A finished game
    restarts with ``autoreset`` (a step of its own), from the seed after its own. The rewards start from 0 and
    sum the call's steps. The random bot draws from ``key`` and the game's place in the whole batch
    (``first_game`` is the place of the first game given), so threads change nothing."""
    small, words, tallies, rewards, built = state[0], state[1], state[2], state[3], state[4]
    players = rewards.shape[1]
    room = scratch()
    mask = np.zeros(PARTS, dtype=np.bool_)
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
                            rules[4], room[5], room[6])
                    built[game, 0] = 0
                continue
            if given:
                if not live[game]:
                    continue
                part = int(parts[game])
            else:
                part_mask(small, words, game, built[game], rules, mask, room[0], room[1], room[2], room[3], room[4])
                offered = 0
                for number in range(PARTS):
                    offered += mask[number]
                pick, counter = below(stream, counter, offered)
                part = 0
                while not mask[part] or pick > 0:
                    if mask[part]:
                        pick -= 1
                    part += 1
            _take_part(small, words, tallies, rewards, built, game, part, rules, room)

