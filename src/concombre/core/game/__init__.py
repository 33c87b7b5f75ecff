"""The `Game` protocol: what every edge needs to know of a game, and nothing more.

The edges are JSON, the command line, simulation, the web table and the adapters.

A game is one frozen, generic `Game` record: ``Game[S, A, V]`` for its state,
action and view types. A small **required core** (name, title, player range,
rules class, `new_game`, `legal_actions`, `apply`, `refusal`, `view`,
`to_play`, `is_over`, `winner`) is enough to play, simulate and rate bots.
The rest are **optional capabilities**, each a record of its own given by
keyword, and None when the game does not offer it:

- ``records``: `Records`, the game's actions as lines of text records;
- ``codec``: `Codec`, its values as JSON documents;
- ``story`` and ``render``: `Story` (the game in words, for the terminal, the
  demo and the web table) and its pictures;
- ``bots``: `Bots`, the players the library can seat;
- ``learning``: `Learning`, the encoding (with its moves built in `Parts`, where a game has them), chance
  events, sampling and the batched engine.

An edge asks "does this game offer X" in one way: ``game.X is None``, or
`required`, which refuses with an error that names the game and what it lacks.
A game that offers every capability (`OFFERED`) is a `FullGame`, whose
capabilities are typed as present: the built-in games are.

What the library reads of a **state** is `Table` (players, rules, seed,
dealer, round number); of a **view**, `Seat` (the seat, who is to play, the
hand). Actions are opaque values the game's own functions take.

Built-in games register themselves when their package is imported;
third-party packages add theirs through the entry-point group
``concombre.games`` (see `concombre.games.find_game`). Each is checked as it
registers, and one that fails is left out without harming the others
(`registry`). Edges never branch on a game's name: they look the game up and
call what it offers. `concombre.testing.check_game` proves a game keeps every
promise of the protocol.

The modules, by job: `types` (what the library reads of a state, a view, a
bot), `protocol` (the `Game` record), `capabilities` (the optional records),
`parts` (moves built a part at a time), `rewards` (the reward schemes), `moves`
(a game's dispatch of its actions: each one's refusal and transition, with the
seat rule) and `registry`.

Examples:
    >>> from concombre.games.concombre import GAME
    >>> state = GAME.new_game(2, seed=1)
    >>> GAME.to_play(state), GAME.legal_actions(state)
    (None, (Deal(deck=None),))
"""

from concombre.core.game.capabilities import (
    LEVEL_NAMES,
    Batched,
    Bots,
    Chance,
    Codec,
    Encoding,
    Learning,
    Level,
    Records,
    RoundShown,
    Story,
    Structure,
    card_hook,
)
from concombre.core.game.moves import Move, Moves
from concombre.core.game.parts import Parts
from concombre.core.game.protocol import OFFERED, AnyGame, FullGame, Game, GameInfo, required
from concombre.core.game.registry import (
    DOCUMENT_KINDS,
    game_of,
    on_first_read,
    refuse,
    refused,
    register,
    registered,
    registration_problems,
    unregister,
)
from concombre.core.game.rewards import END_BONUS, REWARDS, reward_scheme, scheme_rewards, zero_sum_returns
from concombre.core.game.types import Bot, NewGame, Seat, Table

__all__ = [
    "DOCUMENT_KINDS",
    "END_BONUS",
    "LEVEL_NAMES",
    "OFFERED",
    "REWARDS",
    "AnyGame",
    "Batched",
    "Bot",
    "Bots",
    "Chance",
    "Codec",
    "Encoding",
    "FullGame",
    "Game",
    "GameInfo",
    "Learning",
    "Level",
    "Move",
    "Moves",
    "NewGame",
    "Parts",
    "Records",
    "RoundShown",
    "Seat",
    "Story",
    "Structure",
    "Table",
    "card_hook",
    "game_of",
    "on_first_read",
    "refuse",
    "refused",
    "register",
    "registered",
    "registration_problems",
    "required",
    "reward_scheme",
    "scheme_rewards",
    "unregister",
    "zero_sum_returns",
]
