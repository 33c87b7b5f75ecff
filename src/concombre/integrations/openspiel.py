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

Games of any length: clones share the history, nothing walks it by
recursion, and a state serialises (OpenSpiel pickles it) with its history
flat, so ``pyspiel.serialize_game_and_state`` and its reading back work
however many steps a game has taken.

Examples:
    >>> import pyspiel
    >>> import concombre.integrations.openspiel
    >>> game = pyspiel.load_game("python_concombre", {"players": 3})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 52)
"""

from __future__ import annotations

import bisect
import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from concombre.core.extras import needs

with needs("openspiel", __name__):
    import numpy as np
    import pyspiel

from concombre.core.errors import InvalidArgumentError
from concombre.core.game import AnyGame, required
from concombre.games import GAMES, find_game
from concombre.integrations.spiel_history import Log, Told, flat, linked, tell

__all__ = ["SEEDS", "SpielGame", "SpielObserver", "SpielState", "game_type", "register"]

SEEDS = 64
"""How many seeds the opening chance node of a game without explicit draws picks among.

Examples:
    >>> SEEDS
    64
"""


_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

def _defaults(game: AnyGame) -> dict[str, Any]:
    rules = game.Rules()
    return {"players": game.default_players} | {
        field.name: getattr(rules, field.name) for field in attrs.fields(game.Rules)
    }


def game_type(game: AnyGame) -> Any:
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
        shared: What every state of this game shares (its states hold it, never copies).

    Examples:
        >>> from concombre.games import find_game
        >>> SpielGame(find_game("concombre"), {"players": 2}).num_players()
        2
    """

    def __init__(self, game: AnyGame, params: dict[str, Any] | None = None) -> None:
        merged = {**_defaults(game), **(params or {})}
        self.game = game
        learning = required(game, game.learning, "learning")
        self.encoding, self._chance = required(game, learning.encoding, "learning encoding")(), learning.chance
        self._action_text = required(game, game.records, "text records").action_text
        self.players = int(merged["players"])
        game.check_players(self.players)
        self.rules = game.Rules(**{field.name: merged[field.name] for field in attrs.fields(game.Rules)})
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.actions,
            max_chance_outcomes=self._chance.outcomes if self._chance else SEEDS,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=200_000,
        )
        super().__init__(game_type(game), info, merged)
        self.shared = _Shared(self)

    def new_initial_state(self) -> SpielState:
        """A new game, waiting for its first chance event."""
        return SpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SpielObserver:
        """An observer of what one player may see (with perfect recall for information states)."""
        return SpielObserver(self, iig_obs_type is not None and iig_obs_type.perfect_recall)


class _Shared:
    """What every state of one loaded game shares: the game, its encoding, the players, the rules, the start.

    States hold it rather than copies of its parts, so that a clone copies one reference.
    """

    __slots__ = ("action_text", "chance", "encoding", "game", "players", "rules", "start")

    def __init__(self, spiel: SpielGame) -> None:
        self.game, self.encoding, self.players, self.rules = spiel.game, spiel.encoding, spiel.players, spiel.rules
        self.chance, self.action_text = spiel._chance, spiel._action_text
        self.start = _Now(self, spiel.game.new_game(spiel.players, rules=spiel.rules, seed=0), self.chance is not None)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self  # shared by every state of the game: copying it would copy the game

    def __reduce__(self) -> tuple[Any, ...]:
        # OpenSpiel serialises a state by pickling it: the shared part is pickled as what rebuilds it (the game's
        # name, the players and the rules), never as the game's functions, which pickle cannot take.
        return _shared_of, (self.game.name, self.players, self.rules)


@functools.lru_cache(maxsize=16)
def _shared_of(name: str, players: int, rules: Any) -> _Shared:
    """What the states of the installed game ``name`` for ``players`` and ``rules`` share (a pickled state's,
    rebuilt once)."""
    params = {"players": players} | {field.name: getattr(rules, field.name) for field in attrs.fields(type(rules))}
    return SpielGame(find_game(name), params).shared


def _told(now: _Now) -> str:
    """Every action taken so far, oldest first, as the information state tells them
    (`concombre.integrations.spiel_history.tell`)."""
    told = now.told
    if told is None:
        told = now.told = Told(None, None)  # a cache, as the mover is: the position itself does not change
    return tell(told, now.log, now.shared.action_text)


class _Now:
    """Where a game stands, immutable: clones share it, and what is worked out from it is kept in it.

    ``log`` holds every player's action, newest first; ``round_log`` the actions of this round with the
    seat that took them, for perfect recall. Both are persistent lists shared with every clone. ``told``
    is the log as the information state tells it (`Told`), once one was asked for here or before.
    """

    __slots__ = (
        "drawn",
        "draws",
        "engine",
        "log",
        "mover",
        "pool",
        "round_log",
        "round_number",
        "seeded",
        "shared",
        "slots",
        "told",
        "waiting",
    )

    def __init__(self, shared: _Shared, engine: Any, seeded: bool, waiting: Any = None, drawn: tuple[int, ...] = (),
                 log: Log = None, round_log: Log = None, draws: int | None = None,
                 round_number: int | None = None, told: Told | None = None) -> None:
        self.shared = shared
        self.engine, self.seeded, self.waiting, self.drawn = engine, seeded, waiting, drawn
        self.log, self.round_log = log, round_log
        self.round_number = getattr(engine, "round_number", 0) if round_number is None else round_number
        # Worked out on first use, and kept: the mover, the slots, the draws the waiting step needs (the same
        # all through a deal, so handed on from draw to draw) and the cards chance may draw next.
        self.mover: int | None = None
        self.slots: Mapping[int, Any] | None = None
        self.draws = draws
        self.pool: Sequence[int] | None = None
        self.told = told

    def __copy__(self) -> _Now:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Now:
        return self  # immutable: a clone shares it, whatever its history (clone stays flat)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (OpenSpiel's serialisation) with its logs as flat tuples: pickle walks nested pairs by recursion,
        # which fails once a game passes about a thousand steps. What is worked out from the position (the mover,
        # the slots, the pool, the history told) is left out: it is worked out again on first use.
        return _now_of, (self.shared, self.engine, self.seeded, self.waiting, self.drawn, flat(self.log),
                         flat(self.round_log), self.draws, self.round_number)


def _now_of(shared: _Shared, engine: Any, seeded: bool, waiting: Any, drawn: tuple[int, ...], log: Sequence[Any],
            round_log: Sequence[Any], draws: int | None, round_number: int) -> _Now:
    """A pickled position rebuilt, its flat logs linked again (`_Now.__reduce__`)."""
    return _Now(shared, engine, seeded, waiting, drawn, linked(log), linked(round_log), draws, round_number)


def _player(now: _Now) -> int:
    game = now.shared.game
    if not now.seeded:
        return _CHANCE
    if game.is_over(now.engine):
        return _TERMINAL
    seat = game.to_play(now.engine)
    return _CHANCE if now.waiting is not None or seat is None else int(seat)


def _offered(now: _Now) -> Mapping[int, Any]:
    """The legal actions of the position by slot, worked out once and shared by its clones."""
    slots = now.slots
    if slots is None:
        slots = now.slots = now.shared.encoding.slots(now.engine)
    return slots


def _chance_draws(now: _Now) -> int:
    draws = now.draws
    if draws is None:
        chance = now.shared.chance
        draws = now.draws = 0 if chance is None else chance.draws(now.engine, now.waiting)
    return draws


def _pool(now: _Now) -> Sequence[int]:
    """The cards chance may draw next, in order."""
    pool = now.pool
    if pool is None:
        chance = now.shared.chance
        assert chance is not None
        pool = now.pool = sorted(chance.pool(now.engine, now.waiting, now.drawn))
    return pool


def _drawn(now: _Now, card: int) -> _Now:
    """The position once chance has drawn ``card``: the step waiting on the draws is taken after the last one."""
    chance = now.shared.chance
    assert chance is not None
    pool = _pool(now)
    spot = bisect.bisect_left(pool, card)
    if spot == len(pool) or pool[spot] != card:
        raise InvalidArgumentError(f"Chance outcome {card!r} is not a card that may come now: see chance_outcomes().",
                                   field="action")
    drawn = (*now.drawn, card)
    if len(drawn) < _chance_draws(now):
        return _Now(now.shared, now.engine, True, now.waiting, drawn, now.log, now.round_log, now.draws,
                    now.round_number, now.told)
    return _settled(_moved(now, chance.resolve(now.engine, now.waiting, drawn), now.log, now.round_log, now.told))


def _moved(now: _Now, engine: Any, log: Log, round_log: Log, told: Told | None) -> _Now:
    """The position at ``engine`` after the actions ``log`` (told by ``told``); a new round starts a new round
    log."""
    number = getattr(engine, "round_number", 0)
    if number != now.round_number:
        round_log = None
    return _Now(now.shared, engine, True, None, (), log, round_log, round_number=number, told=told)


def _settled(now: _Now) -> _Now:
    """Take the table's own steps that draw nothing; steps that draw wait for chance."""
    game = now.shared.game
    while (game.to_play(now.engine) is None and not game.is_over(now.engine)
           and now.waiting is None and _chance_draws(now) == 0):
        now = _moved(now, game.apply(now.engine, game.legal_actions(now.engine)[0]), now.log, now.round_log,
                     now.told)
    return now


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A state: the library's immutable state, plus the cards chance has drawn for the step waiting on them.

    Its only attribute is a shared immutable record, so that OpenSpiel's ``clone()``, which builds a new
    state and deep-copies every attribute, copies one reference whatever the game's length.

    Examples:
        >>> from concombre.games import find_game
        >>> state = SpielGame(find_game("romme"), {"players": 2}).new_initial_state()
        >>> state.is_chance_node(), len(state.chance_outcomes())
        (True, 108)
    """

    def __init__(self, spiel: SpielGame) -> None:
        super().__init__(spiel)
        # What the state needs of its game, kept here: OpenSpiel may drop the Python side of a game object.
        self._now = spiel.shared.start

    @property
    def _shared(self) -> _Shared:
        return self._now.shared

    @property
    def game(self) -> AnyGame:
        """The library's game."""
        return self._shared.game

    @property
    def encoding(self) -> Any:
        """The game's learning encoding."""
        return self._shared.encoding

    @property
    def engine(self) -> Any:
        """The library's state."""
        return self._now.engine

    @property
    def waiting(self) -> Any:
        """The step waiting for chance: an action, or None for the table's own step."""
        return self._now.waiting

    @property
    def drawn(self) -> tuple[int, ...]:
        """The card numbers drawn so far for the step waiting on chance."""
        return self._now.drawn

    def __copy__(self) -> SpielState:
        clone: SpielState = self.clone()
        return clone  # as cheap as OpenSpiel's clone: one shared reference, however long the history

    def __deepcopy__(self, memo: dict[int, Any]) -> SpielState:
        clone: SpielState = self.clone()
        return clone  # every part is immutable (not pickled and read back, as pyspiel's own copy would)

    def current_player(self) -> int:
        """The seat to move, CHANCE while cards are drawn (or the seed chosen), or TERMINAL."""
        now = self._now
        mover = now.mover
        if mover is None:  # worked out once per position, shared by its clones
            mover = now.mover = _player(now)
        return mover

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(_offered(self._now))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may come next (or the seeds), each equally likely."""
        now = self._now
        if not now.seeded:
            return [(seed, 1.0 / SEEDS) for seed in range(SEEDS)]
        pool = _pool(now)
        likely = 1.0 / len(pool)
        return [(card, likely) for card in pool]

    def _apply_action(self, action: int) -> None:
        now = self._now
        shared = now.shared
        game = shared.game
        if not now.seeded:
            if type(action) is not int or not 0 <= action < SEEDS:
                raise InvalidArgumentError(f"Chance outcome {action!r} is no seed: one of 0 to {SEEDS - 1}.",
                                           field="action")
            engine = game.new_game(shared.players, rules=shared.rules, seed=action)
            self._now = _settled(_Now(shared, engine, True))
            return
        seat = self.current_player()
        if seat == _CHANCE:
            self._now = _drawn(now, action)
            return
        chosen = _offered(now).get(action)
        if chosen is None:
            raise InvalidArgumentError(
                f"Action {action!r} is not legal here: seat {seat} may take {sorted(_offered(now))}.", field="action"
            )
        item = (seat, chosen)
        told = None if now.told is None else Told(item, now.told)
        log, round_log = (item, now.log), (item, now.round_log)
        if shared.chance is not None and shared.chance.draws(now.engine, chosen) > 0:
            self._now = _Now(shared, now.engine, True, chosen, (), log, round_log, round_number=now.round_number,
                             told=told)
            return
        self._now = _settled(_moved(now, game.apply(now.engine, chosen), log, round_log, told))

    def actions_seen(self, player: int) -> list[str]:
        """Every action ``player`` saw taken, oldest first: the players' actions, which are all public.

        (OpenSpiel's own ``history()``, the list of action numbers, is left as it is.)

        Examples:
            >>> from concombre.games import find_game
            >>> SpielGame(find_game("romme"), {"players": 2}).new_initial_state().actions_seen(0)
            []
        """
        action_text = self._shared.action_text
        return [f"{seat}:{action_text(action)}" for seat, action in flat(self._now.log)]

    def held(self, player: int) -> frozenset[int]:
        """The card numbers ``player`` has held this round: their hand, and the cards their actions put out.

        Examples:
            >>> from concombre.games import find_game
            >>> SpielGame(find_game("concombre"), {"players": 2}).new_initial_state().held(0)
            frozenset()
        """
        shared, now = self._shared, self._now
        cards = set(shared.encoding.hand(shared.game.view(now.engine, player)))
        link = now.round_log
        while link is not None:
            (seat, action), link = link
            if seat == player:
                cards.update(shared.encoding.action_cards(action))
        return frozenset(cards)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one: the cards they cannot see dealt anew at random.

        It has the same history and the same information state for ``player_id``; OpenSpiel's
        Information-Set MCTS (``open_spiel.python.algorithms.ismcts``) searches such states. The
        randomness comes from ``probability_sampler`` (a ``pyspiel.UniformProbabilitySampler``).

        Examples:
            >>> import pyspiel
            >>> from concombre.games import find_game
            >>> state = SpielGame(find_game("concombre"), {"players": 3}).new_initial_state()
            >>> while state.is_chance_node():
            ...     state.apply_action(state.chance_outcomes()[0][0])
            >>> player = state.current_player()
            >>> world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            >>> world.information_state_string(player) == state.information_state_string(player)
            True
        """
        shared, now = self._shared, self._now
        clone: SpielState = self.clone()
        sample = required(shared.game, shared.game.learning, "learning").sample
        if sample is None or not now.seeded:
            return clone
        rng = random.Random(int(probability_sampler() * 2**53))
        engine = sample(shared.game.view(now.engine, player_id), rng)
        clone._now = _Now(shared, engine, True, now.waiting, now.drawn, now.log, now.round_log, told=now.told)
        return clone

    def _action_to_string(self, player: int, action: int) -> str:
        chance = self._shared.chance
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {chance.text(action)}" if self._now.seeded and chance else f"seed {action}"
        chosen = _offered(self._now).get(action)
        return self._shared.action_text(chosen) if chosen is not None else f"action {action} (none)"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        now = self._now
        mover = now.mover
        if mover is None:  # as current_player, inline: OpenSpiel asks several times a step
            mover = now.mover = _player(now)
        return mover == _TERMINAL

    def returns(self) -> list[float]:
        """1 for the winner and -1/(n-1) for the others at the end; 0 before."""
        return list(self._shared.game.returns(self._now.engine))

    def __str__(self) -> str:
        now = self._now
        return f"{now.engine!r} waiting {now.waiting!r} drawn {now.drawn}"


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
        self.tensor[:size] = self.encoding.observation(self.game, state.engine, player)
        if self.perfect_recall:
            self.tensor[size:] = 0
            for card in state.held(player):
                self.tensor[size + card] = 1

    def string_from(self, state: SpielState, player: int) -> str:
        """``player``'s view as text; with perfect recall, also every action they saw and the cards they held."""
        text = self.encoding.text(self.game.view(state.engine, player))
        if self.perfect_recall:
            text += f" history {_told(state._now)} held {sorted(state.held(player))}"
        return text


_REGISTERED: set[str] = set()


def register(game: AnyGame) -> str:
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


def _register(game: AnyGame) -> None:
    def start(self: SpielGame, params: dict[str, Any] | None = None) -> None:
        SpielGame.__init__(self, game, params)

    pyspiel.register_game(game_type(game), type(f"SpielGame_{game.name}", (SpielGame,), {"__init__": start}))


for _game in GAMES.values():
    register(_game)
