"""concombre: the exact rules of Concombre and German Rommé as an immutable, typed game-state API.

Every state is an immutable value; every step is a pure function returning a
new state. Start with `new_game`, then `apply` one of `legal_actions` until
the phase is `Phase.GAME_OVER`; show each player only `view` of the state.
German Rommé's API is `concombre.romme`; every game is in `GAMES`.

Examples:
    >>> import random
    >>> from concombre import Phase, apply, legal_actions, new_game
    >>> state = new_game(["Ann", "Bob", "Cy"], seed=2024)
    >>> rng = random.Random(0)
    >>> while state.phase is not Phase.GAME_OVER:
    ...     state = apply(state, rng.choice(legal_actions(state)))
    >>> state.players[state.winner] in ("Ann", "Bob", "Cy")
    True
"""

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from concombre.core.aliases import renamed
from concombre.core.cards import PACK, Card, Rank, Suit
from concombre.core.errors import ConcombreError, FormatError, IllegalActionError, InvalidArgumentError
from concombre.core.game import Bot, Game
from concombre.core.records import Record, own_record
from concombre.core.records import replay as _replay_any
from concombre.core.records import replay_states as _replay_states_any
from concombre.games import GAMES, find_game
from concombre.games.concombre.actions import (
    Action,
    Deal,
    Play,
    ResolveTrick,
    ScoreRound,
    action_text,
    apply,
    is_legal,
    legal_actions,
    parse_action,
    refusal,
    why_illegal,
)
from concombre.games.concombre.bots import BOTS, DeepSearchBot, MonteCarloBot, RandomBot, SearchBot, ThumbBot
from concombre.games.concombre.game import GAME
from concombre.games.concombre.reading import read_action
from concombre.games.concombre.rules import DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS, Rules, card_value
from concombre.games.concombre.state import Match, Phase, RoundResult, State, trick_winner
from concombre.games.concombre.transitions import (
    deal,
    deck_for,
    legal_plays,
    new_game,
    play,
    resolve_trick,
    score_round,
)
from concombre.games.concombre.views import View, view

if TYPE_CHECKING:
    from concombre.io.json import FORMATS, from_dict, from_json, json_schema, to_dict, to_json

# Where another game's records are replayed, for the refusal of ours.
_DOORS = {"romme": "concombre.romme.replay"}


def replay(record: Record[Action]) -> State:
    """The state after every action of a Concombre record, each checked by the engine.

    `concombre.core.records.replay` replays a record of any game; this one refuses another game's.

    Raises:
        InvalidArgumentError: ``record`` is no Concombre record; the message names its game (``field``
            ``record``).
        FormatError: The setup is not a valid game, or action N is illegal;
            the path is ``$.actions[N]`` and the ruling is named.

    Examples:
        >>> from concombre import Deal, FormatError, Record, Play, Rules, replay
        >>> record = Record(("Ann", "Bob"), Rules(), 5, 0, (Deal(), Play("KD"), Play("3H")))
        >>> try:
        ...     replay(record)
        ... except FormatError as err:
        ...     print(err.path, err.ruling)
        $.actions[2] C7
        >>> from concombre import InvalidArgumentError
        >>> from concombre.romme import new_game as new_romme
        >>> try:
        ...     replay(Record.of(new_romme(2, seed=1)))
        ... except InvalidArgumentError as err:
        ...     print(err.field, "-", err.reason)
        record - This is a German Rommé record, not a Concombre one: replay it with concombre.romme.replay (or
        concombre.core.records.replay).
    """
    return _replay_any(own_record(GAME, record, _DOORS))


def replay_states(record: Record[Action]) -> Iterator[State]:
    """Every state of a Concombre record: the first, then one after each action, each checked by the engine.

    `concombre.core.records.replay_states` reads a record of any game; this one refuses another game's.

    Raises:
        InvalidArgumentError: ``record`` is no Concombre record; the message names its game (``field``
            ``record``). Raised at once, before the first state.
        FormatError: The setup is not a valid game, or action N is illegal;
            the path is ``$.actions[N]`` and the ruling is named.

    Examples:
        >>> from concombre import Deal, Record, Rules, replay_states
        >>> record = Record(("Ann", "Bob"), Rules(), 5, 0, (Deal(),))
        >>> [state.phase.value for state in replay_states(record)]
        ['deal', 'play']
    """
    return _replay_states_any(own_record(GAME, record, _DOORS))


_SERIALIZE = ("FORMATS", "from_dict", "from_json", "json_schema", "to_dict", "to_json")


_RENAMED = renamed("concombre", {"GameState": ("State", State), "PlayerView": ("View", View),
                                 "GameRecord": ("Record", Record)})


def __getattr__(name: str) -> Any:
    # The JSON functions load cattrs, so they are imported on first use only:
    # `import concombre` stays light for programs that never touch JSON.
    if name in _SERIALIZE:
        from concombre.io import json

        return getattr(json, name)
    return _RENAMED(name)

__version__ = "0.1.0"

__all__ = [
    "BOTS",
    "DEFAULT_PLAYERS",
    "FORMATS",
    "GAME",
    "GAMES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PACK",
    "Action",
    "Bot",
    "Card",
    "ConcombreError",
    "Deal",
    "DeepSearchBot",
    "FormatError",
    "Game",
    "IllegalActionError",
    "InvalidArgumentError",
    "Match",
    "MonteCarloBot",
    "Phase",
    "Play",
    "RandomBot",
    "Rank",
    "Record",
    "ResolveTrick",
    "RoundResult",
    "Rules",
    "ScoreRound",
    "SearchBot",
    "State",
    "Suit",
    "ThumbBot",
    "View",
    "action_text",
    "apply",
    "card_value",
    "deal",
    "deck_for",
    "find_game",
    "from_dict",
    "from_json",
    "is_legal",
    "json_schema",
    "legal_actions",
    "legal_plays",
    "new_game",
    "parse_action",
    "play",
    "read_action",
    "refusal",
    "replay",
    "replay_states",
    "resolve_trick",
    "score_round",
    "to_dict",
    "to_json",
    "trick_winner",
    "view",
    "why_illegal",
]
