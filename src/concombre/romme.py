"""German Rommé's public API: ``from concombre.romme import new_game, apply, legal_actions...``.

The rules live in `concombre.games.romme`; this module is their stable
import path. It has the same names as `concombre` for the ideas both games
share (`State`, `View`, `Phase`, `Rules`, `Action`, `Record`, `BOTS`,
`refusal`, `why_illegal`...). 0.1's names (`RommeState`, `RommePhase`,
`RommeRules`, `RommeView`, `RommeRoundResult`, `RommeMatch`, `RommeAction`,
`RommeRecord`) still work for one minor version, with a `DeprecationWarning`.

Examples:
    >>> from concombre.romme import GAME, State, new_game
    >>> isinstance(new_game(2, seed=1), State) and GAME.name
    'romme'
"""

from collections.abc import Iterator
from typing import Any

from concombre.core.aliases import renamed
from concombre.core.records import own_record
from concombre.core.records import replay as _replay_any
from concombre.core.records import replay_states as _replay_states_any
from concombre.games.romme import *  # noqa: F403
from concombre.games.romme import GAME, Action, Match, Phase, Record, RoundResult, Rules, State, View
from concombre.games.romme import __all__ as _api

# Where another game's records are replayed, for the refusal of ours.
_DOORS = {"concombre": "concombre.replay"}


# The game package exports the generic replay; the front door's own refuses another game's record. (Type checkers
# keep the generic one's type, which types a Rommé record's replay as a Rommé state.)
def replay(record: Record[Action]) -> State:  # type: ignore[no-redef]
    """The state after every action of a German Rommé record, each checked by the engine.

    `concombre.core.records.replay` replays a record of any game; this one refuses another game's.

    Raises:
        InvalidArgumentError: ``record`` is no Rommé record; the message names its game (``field`` ``record``).
        FormatError: The setup is not a valid game, or action N is illegal;
            the path is ``$.actions[N]`` and the ruling is named.

    Examples:
        >>> from concombre.romme import Record, new_game, replay
        >>> replay(Record.of(new_game(2, seed=1))) == new_game(2, seed=1)
        True
        >>> import concombre
        >>> try:
        ...     replay(concombre.Record.of(concombre.new_game(2, seed=1)))
        ... except concombre.InvalidArgumentError as err:
        ...     print(err.field, "-", err.reason)
        record - This is a Concombre record, not a German Rommé one: replay it with concombre.replay (or
        concombre.core.records.replay).
    """
    return _replay_any(own_record(GAME, record, _DOORS))


def replay_states(record: Record[Action]) -> Iterator[State]:  # type: ignore[no-redef]
    """Every state of a German Rommé record: the first, then one after each action, each checked by the engine.

    `concombre.core.records.replay_states` reads a record of any game; this one refuses another game's (at once,
    before the first state).

    Raises:
        InvalidArgumentError: ``record`` is no Rommé record; the message names its game (``field`` ``record``).
        FormatError: The setup is not a valid game, or action N is illegal.

    Examples:
        >>> from concombre.romme import Record, new_game, replay_states
        >>> [state.phase.value for state in replay_states(Record.of(new_game(2, seed=1)))]
        ['deal']
    """
    return _replay_states_any(own_record(GAME, record, _DOORS))

__getattr__: Any = renamed("concombre.romme", {
    "RommeAction": ("Action", Action),
    "RommeMatch": ("Match", Match),
    "RommePhase": ("Phase", Phase),
    "RommeRecord": ("Record", Record),
    "RommeRoundResult": ("RoundResult", RoundResult),
    "RommeRules": ("Rules", Rules),
    "RommeState": ("State", State),
    "RommeView": ("View", View),
})

__all__ = _api
