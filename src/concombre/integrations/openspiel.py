"""Every game as an OpenSpiel Python game: ``python_concombre``, ``python_romme``...

Importing this module registers every installed game with OpenSpiel under
``python_<name>``. Hidden draws are explicit chance nodes, one card at a
time, each uniform over the cards that may come (the game's
`concombre.core.game.Chance`): Concombre's deals; Rommé's deals and draws
from the stock. A game that shuffles only from its seed starts instead with
one chance node that picks the seed among `SEEDS`. A player's action is a
slot of the game's `concombre.core.game.Encoding` (Concombre: the
`concombre.PACK` index of the card to play; Rommé: the number of a choice).
The game is zero-sum: at the end the winner gets 1 and every other player
-1/(n-1).

Observations come from each player's own view, so they never hold another
player's cards. Information states add, for perfect recall, every action the
player saw taken and every card the player has held this round.

Parameters: ``players``, and each field of the game's rules (Concombre:
``follow``, ``may_duck``, ``first_deal``, ``limit``).

Examples:
    >>> import pyspiel
    >>> import concombre.integrations.openspiel
    >>> game = pyspiel.load_game("python_concombre", {"players": 3})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 52)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import attrs

try:
    import numpy as np
    import pyspiel
except ImportError as missing:  # the extra is not installed: say which one
    raise ImportError(
        f"concombre.integrations.openspiel needs the openspiel extra: pip install 'concombre[openspiel]' ({missing})"
    ) from missing

from concombre.core.game import Game
from concombre.games import GAMES

__all__ = ["SEEDS", "SpielGame", "SpielObserver", "SpielState", "game_type", "register"]

SEEDS = 64
"""How many seeds the opening chance node of a game without explicit draws picks among.

Examples:
    >>> SEEDS
    64
"""


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

@attrs.frozen
class _Link:
    """One link of a persistent list, newest first; clones share it, and copying it copies nothing."""

    item: Any
    rest: _Link | None

    def __copy__(self) -> _Link:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Link:
        return self


def _defaults(game: Game) -> dict[str, Any]:
    rules = game.Rules()
    return {"players": max(game.players[0], min(4, game.players[1]))} | {
        field.name: getattr(rules, field.name) for field in attrs.fields(game.Rules)
    }


def game_type(game: Game) -> Any:
    """OpenSpiel's description of a game: imperfect information, zero-sum, with explicit chance nodes.

    Examples:
        >>> from concombre.games import find_game
        >>> game_type(find_game("romme")).short_name
        'python_romme'
    """
    return pyspiel.GameType(
        short_name=f"python_{game.name}",
        long_name=f"Python {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.players[1],
        min_num_players=game.players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(game),
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """A game of the library, as OpenSpiel loads it.

    Attributes:
        game: The library's game.
        encoding: Its learning encoding.
        players: How many players.
        rules: The rules, from the parameters.

    Examples:
        >>> from concombre.games import find_game
        >>> SpielGame(find_game("concombre"), {"players": 2}).num_players()
        2
    """

    def __init__(self, game: Game, params: dict[str, Any] | None = None) -> None:
        merged = {**_defaults(game), **(params or {})}
        self.game = game
        self.encoding = game.encoding()
        self.players = int(merged["players"])
        game.check_players(self.players)
        self.rules = game.Rules(**{field.name: merged[field.name] for field in attrs.fields(game.Rules)})
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.actions,
            max_chance_outcomes=game.chance.outcomes if game.chance else SEEDS,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=200_000,
        )
        super().__init__(game_type(game), info, merged)

    def new_initial_state(self) -> SpielState:
        """A new game, waiting for its first chance event."""
        return SpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SpielObserver:
        """An observer of what one player may see (with perfect recall for information states)."""
        return SpielObserver(self, iig_obs_type is not None and iig_obs_type.perfect_recall)


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A state: the library's immutable state, plus the cards chance has drawn for the step waiting on them.

    Attributes:
        game: The library's game.
        encoding: Its learning encoding.
        players: How many players.
        rules: The rules of the game.
        engine: The library's state.
        waiting: The step waiting for chance: an action, or None for the table's own step.
        drawn: The card numbers drawn so far for it.
        seeded: Whether the seed is chosen (games without explicit draws).

    Examples:
        >>> from concombre.games import find_game
        >>> state = SpielGame(find_game("romme"), {"players": 2}).new_initial_state()
        >>> state.is_chance_node(), len(state.chance_outcomes())
        (True, 108)
    """

    def __init__(self, spiel: SpielGame) -> None:
        super().__init__(spiel)
        # What the state needs of its game, kept here: OpenSpiel may drop the Python side of a game object.
        self.game, self.encoding, self.players, self.rules = spiel.game, spiel.encoding, spiel.players, spiel.rules
        game = spiel.game
        self.engine = game.new_game(spiel.players, rules=spiel.rules, seed=0)
        self.waiting: Any = None
        self.drawn: tuple[int, ...] = ()
        self.seeded = game.chance is not None
        # Both grow by one link a step, shared with every clone, and are read only for information states:
        # the players' actions, all public, newest first; and the states since the round began.
        self._log: _Link | None = None
        self._round_states: _Link | None = _Link(self.engine, None)
        self._slots: tuple[Any, Mapping[int, Any]] = (None, {})
        self._mover: tuple[Any, Any, int] = (None, None, _CHANCE)

    def __deepcopy__(self, memo: dict[int, Any]) -> SpielState:
        return copy.copy(self)  # every part is immutable

    def _chance_draws(self) -> int:
        chance = self.game.chance
        return 0 if chance is None else chance.draws(self.engine, self.waiting)

    def current_player(self) -> int:
        """The seat to move, CHANCE while cards are drawn (or the seed chosen), or TERMINAL."""
        mover = self._mover
        if mover[0] is not self.engine or mover[1] is not self.waiting:  # worked out once per state
            mover = (self.engine, self.waiting, self._player())
            self._mover = mover
        return mover[2]

    def _player(self) -> int:
        game = self.game
        if not self.seeded:
            return _CHANCE
        if game.is_over(self.engine):
            return _TERMINAL
        seat = game.to_play(self.engine)
        return _CHANCE if self.waiting is not None or seat is None else int(seat)

    def _offered(self) -> Mapping[int, Any]:
        engine, slots = self._slots
        if engine is not self.engine:
            slots = self.encoding.slots(self.engine)
            self._slots = (self.engine, slots)
        return slots

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._offered())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may come next (or the seeds), each equally likely."""
        if not self.seeded:
            return [(seed, 1.0 / SEEDS) for seed in range(SEEDS)]
        chance = self.game.chance
        assert chance is not None
        pool = sorted(chance.pool(self.engine, self.waiting, self.drawn))
        return [(card, 1.0 / len(pool)) for card in pool]

    def _apply_action(self, action: int) -> None:
        game = self.game
        if not self.seeded:
            self.engine = game.new_game(self.players, rules=self.rules, seed=action)
            self._round_states = _Link(self.engine, None)
            self.seeded = True
            self._settle()
            return
        if self.current_player() == _CHANCE:
            self.drawn = (*self.drawn, action)
            if len(self.drawn) == self._chance_draws():
                assert game.chance is not None
                self._changed(game.chance.resolve(self.engine, self.waiting, self.drawn))
                self.waiting, self.drawn = None, ()
                self._settle()
            return
        chosen = self._offered()[action]
        self._log = _Link((game.to_play(self.engine), chosen), self._log)
        if game.chance is not None and game.chance.draws(self.engine, chosen) > 0:
            self.waiting = chosen
            return
        self._changed(game.apply(self.engine, chosen))
        self._settle()

    def _settle(self) -> None:
        """Take the table's own steps that draw nothing; steps that draw wait for chance."""
        game = self.game
        while (game.to_play(self.engine) is None and not game.is_over(self.engine)
               and self.waiting is None and self._chance_draws() == 0):
            self._changed(game.apply(self.engine, game.legal_actions(self.engine)[0]))

    def _changed(self, engine: Any) -> None:
        """Move to ``engine``, keeping the states of the round so far."""
        same_round = getattr(engine, "round_number", 0) == getattr(self.engine, "round_number", 0)
        self.engine = engine
        self._round_states = _Link(engine, self._round_states if same_round else None)

    def history(self, player: int) -> list[str]:
        """Every action ``player`` saw taken, oldest first: the players' actions, which are all public.

        Examples:
            >>> from concombre.games import find_game
            >>> SpielGame(find_game("romme"), {"players": 2}).new_initial_state().history(0)
            []
        """
        told, link = [], self._log
        while link is not None:
            (seat, action), link = link.item, link.rest
            told.append(f"{seat}:{self.game.action_text(action)}")
        return told[::-1]

    def held(self, player: int) -> frozenset[int]:
        """The card numbers ``player`` has held this round.

        Examples:
            >>> from concombre.games import find_game
            >>> SpielGame(find_game("concombre"), {"players": 2}).new_initial_state().held(0)
            frozenset()
        """
        cards: set[int] = set()
        link = self._round_states
        while link is not None:
            engine, link = link.item, link.rest
            cards.update(self.encoding.hand(self.game.view(engine, player)))
        return frozenset(cards)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.game
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}" if not self.seeded or game.chance is None else f"card {game.chance.text(action)}"
        chosen = self._offered().get(action)
        return game.action_text(chosen) if chosen is not None else f"action {action} (none)"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.seeded and bool(self.game.is_over(self.engine))

    def returns(self) -> list[float]:
        """1 for the winner and -1/(n-1) for the others at the end; 0 before."""
        return list(self.game.returns(self.engine))

    def __str__(self) -> str:
        return f"{self.engine!r} waiting {self.waiting!r} drawn {self.drawn}"


class SpielObserver:
    """What one player may see, as OpenSpiel's observer interface wants it.

    Attributes:
        game: The library's game observed.
        encoding: Its learning encoding.
        perfect_recall: Whether this observes information states.
        tensor: The encoding's vector of the player's view; with perfect
            recall, followed by a mark for each card the player held this round.
        dict: The tensor by name, as OpenSpiel expects.

    Examples:
        >>> from concombre.games import find_game
        >>> SpielObserver(SpielGame(find_game("concombre")), perfect_recall=False).tensor.shape
        (244,)
    """

    def __init__(self, spiel: SpielGame, perfect_recall: bool) -> None:
        self.game, self.encoding = spiel.game, spiel.encoding
        self.perfect_recall = perfect_recall
        size = self.encoding.size
        self.tensor = np.zeros(size + (self.encoding.cards if perfect_recall else 0), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        """Fill the tensor from ``player``'s side of ``state``."""
        size = self.encoding.size
        self.tensor[:size] = self.encoding.encode(self.game.view(state.engine, player))
        if self.perfect_recall:
            self.tensor[size:] = 0
            for card in state.held(player):
                self.tensor[size + card] = 1

    def string_from(self, state: SpielState, player: int) -> str:
        """``player``'s view as text; with perfect recall, also every action they saw and the cards they held."""
        text = self.encoding.text(self.game.view(state.engine, player))
        if self.perfect_recall:
            text += f" history {' ; '.join(state.history(player))} held {sorted(state.held(player))}"
        return text


_REGISTERED: set[str] = set()


def register(game: Game) -> str:
    """Register a game with OpenSpiel as ``python_<name>``, once; import time does it for every installed game.

    Returns:
        The short name to load it by.

    Examples:
        >>> from concombre.games import find_game
        >>> register(find_game("concombre"))
        'python_concombre'
    """
    name = f"python_{game.name}"
    if name not in _REGISTERED:
        _register(game)
        _REGISTERED.add(name)
    return name


def _register(game: Game) -> None:
    def start(self: SpielGame, params: dict[str, Any] | None = None) -> None:
        SpielGame.__init__(self, game, params)

    pyspiel.register_game(game_type(game), type(f"SpielGame_{game.name}", (SpielGame,), {"__init__": start}))


for _game in GAMES.values():
    register(_game)
