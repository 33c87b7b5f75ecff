"""Every game as Gymnasium environments: one learner, the game's bots at the other seats.

- `SeatEnv`: one game, a ``gymnasium.Env``, on the reference engine, for every game (``game="romme"`` too);
  any of the game's bots at the other seats.
- `SeatVectorEnv`: thousands of games at once, a ``gymnasium.vector.VectorEnv`` on the game's batched engine
  (`concombre.core.game.Batched`; Concombre has one, `concombre.batch`), the bots' moves batched too
  (Concombre's ``"random"`` and ``"thumb"``); autoreset on the next step, Gymnasium's default
  (``metadata["autoreset_mode"]``).

Both observe as the PettingZoo and OpenSpiel adapters do, ``{"observation": vector, "action_mask": int8}``
(the game's `concombre.core.game.Encoding`: for Concombre 244 floats and the 52 cards), built from the
learner's own view; the action is a slot of the encoding (for Concombre the `PACK` index of the card to
play). A game whose moves are built in parts (`concombre.core.game.Parts`: German Rommé's 167) is played a
part a step: a part that completes no move gives a reward of 0 and leaves the learner to move, its
observation showing the parts built so far, and the mask offers the parts that lead on toward a legal move
(``parts=False``: the encoding's slots instead).

The reward is what the PettingZoo environment gives the learner's seat, in the scheme ``reward=`` chooses
(`concombre.core.game.REWARDS`: ``"points"``, the game's points and ±1 at the end; ``"win"``, ±1 at the end
only; ``"scaled"``, the points over `concombre.core.game.Game.points_scale` and ±1 at the end),
summed over the bots' moves until the learner acts again; a learner the game eliminates
(`concombre.core.game.Game.eliminated`) has lost (-1), and its episode ends there. An action the rules
refuse is refused: the game does not move, the learner gets ``illegal_reward`` and ``info["illegal"]`` says
why in the game's own words, with its ruling (with ``illegal="raise"``, an `concombre.InvalidArgumentError`
instead).
``reset(seed=...)`` seeds the games and the bots; later resets without a seed continue the same reproducible
stream.

Examples:
    >>> from concombre.integrations.gymnasium import SeatEnv
    >>> env = SeatEnv("concombre", players=3, opponents="thumb")
    >>> observation, info = env.reset(seed=1)
    >>> observation["observation"].shape, int(info["action_mask"].sum()) > 0
    ((244,), True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from concombre.core.extras import needs

with needs("learn", __name__):
    import gymnasium
    import numpy as np
    from gymnasium import Env, spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space

from concombre.core.errors import ConcombreError, InvalidArgumentError
from concombre.core.game import END_BONUS, AnyGame, Encoding, Parts, required, reward_scheme, scheme_rewards
from concombre.core.render import picture_text
from concombre.games import DEFAULT_GAME, find_game

__all__ = ["ENV_ID", "SeatEnv", "SeatVectorEnv"]

ENV_ID = "concombre/Seat-v1"
"""The name the environments are registered under when this module is imported:
``gymnasium.make(ENV_ID, game="romme", players=2)``, ``gymnasium.make_vec(ENV_ID, num_envs=1024,
vectorization_mode="vector_entry_point")`` (the batched engine).

Examples:
    >>> import gymnasium
    >>> gymnasium.make(ENV_ID, players=2).unwrapped.players
    2
"""

_ILLEGAL = ("refuse", "raise")


def _single_space(encoding: Encoding[Any, Any, Any], actions: int) -> spaces.Dict:
    return spaces.Dict({"observation": spaces.Box(encoding.low, 1.0, (encoding.size,), np.float32),
                        "action_mask": spaces.Box(0, 1, (actions,), np.int8)})


def _parts(encoding: Encoding[Any, Any, Any], wanted: bool) -> Parts[Any, Any] | None:
    """The encoding's parts when the environment plays by them: asked for, and the game has them."""
    if not isinstance(wanted, bool):
        raise InvalidArgumentError(f"parts must be True or False, not {wanted!r}.", field="parts")
    return encoding.parts if wanted else None


def _opponents(game: AnyGame, opponents: str | Sequence[str], players: int, seat: int, known: Sequence[str]
               ) -> tuple[str, ...]:
    """One bot name per seat ("" at the learner's), checked against the bots ``known``."""
    game.check_players(players)
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidArgumentError(f"players must be a whole number, not {players!r}.", field="players")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidArgumentError(f"seat must be from 0 to {players - 1}, not {seat!r}.", field="seat")
    if not isinstance(opponents, (str, Sequence)):
        raise InvalidArgumentError(f"opponents must be a bot's name or a list of names, not {opponents!r}.",
                                   field="opponents")
    names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    if len(names) != players - 1 or any(name not in known for name in names):
        raise InvalidArgumentError(f"opponents must be one of {sorted(known)}, or one per other seat "
                                   f"({players - 1}), not {opponents!r}.", field="opponents")
    names.insert(seat, "")
    return tuple(names)


def _rules(game: AnyGame, rules: Any) -> Any:
    if rules is None:
        return game.Rules()
    if not isinstance(rules, game.Rules):
        raise InvalidArgumentError(f"rules must be a {game.title} rules object, not {rules!r}.", field="rules")
    return rules


def _illegal(illegal: str, reward: float) -> None:
    if illegal not in _ILLEGAL:
        raise InvalidArgumentError(f"illegal must be one of {_ILLEGAL}, not {illegal!r}.", field="illegal")
    if isinstance(reward, bool) or not isinstance(reward, (int, float)):
        raise InvalidArgumentError(f"illegal_reward must be a number, not {reward!r}.", field="illegal_reward")


class SeatEnv(Env[dict[str, Any], Any]):
    """One game for one learner at ``seat``; the game's bots play the other seats.

    Args:
        game: The game's name (``"concombre"``, ``"romme"``...).
        players: How many players; by default the game's `concombre.core.game.Game.default_players`.
        seat: The learner's seat.
        opponents: A bot's name for every other seat, or one name per other seat in seat order.
        rules: The game's rules object; the rulings by default.
        illegal: ``"refuse"`` (the game does not move, ``illegal_reward``) or ``"raise"``.
        illegal_reward: The reward of a refused card.
        render_mode: ``"ansi"`` (the learner's view as text) or None.
        reward: The reward scheme, one of `concombre.core.game.REWARDS` (default ``"points"``).
        parts: Whether a game whose moves are built in parts (German Rommé) is played a part a step (the
            default), or by the encoding's slots.

    Attributes:
        metadata: Gymnasium's description: the render modes.
        game: The game (`concombre.core.game.Game`).
        players: How many players.
        seat: The learner's seat.
        bots: Each seat's bot name; ``""`` at the learner's.
        rules: The rules played by.
        illegal: What a refused action does: ``"refuse"`` or ``"raise"``.
        illegal_reward: The reward of a refused action.
        render_mode: ``"ansi"`` or None.
        reward: The reward scheme.
        encoding: The game's encoding (`concombre.core.game.Encoding`).
        parts: The parts the learner builds its moves from (`concombre.core.game.Parts`), or None: the slots.
        observation_space: ``Dict(observation=Box, action_mask=Box)``.
        action_space: ``Discrete``: the encoding's slots, or its parts.
        state: The game as it stands (hidden cards included: never give it to the learner).
        built: The parts of the learner's move built so far (``()`` when none, or without parts).

    Examples:
        >>> env = SeatEnv("concombre", players=2)
        >>> observation, info = env.reset(seed=3)
        >>> card = int(info["action_mask"].argmax())
        >>> observation, reward, terminated, truncated, info = env.step(card)
        >>> terminated, truncated
        (False, False)
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 - Gymnasium's own

    def __init__(self, game: str = DEFAULT_GAME, players: int | None = None, seat: int = 0,
                 opponents: str | Sequence[str] | None = None, rules: Any = None, illegal: str = "refuse",
                 illegal_reward: float = -1.0, render_mode: str | None = None, reward: str = "points",
                 parts: bool = True) -> None:
        self.game = find_game(game)
        self.reward = reward_scheme(reward)
        players = self.game.default_players if players is None else players
        self.players, self.seat = players, seat
        bots = required(self.game, self.game.bots, "bots")
        self.bots = _opponents(self.game, bots.stand_in if opponents is None else opponents, players, seat,
                               list(bots.makers))
        self.rules = _rules(self.game, rules)
        _illegal(illegal, illegal_reward)
        if render_mode not in (None, "ansi"):
            raise InvalidArgumentError(f"render_mode must be 'ansi' or None, not {render_mode!r}.",
                                       field="render_mode")
        self.illegal, self.illegal_reward, self.render_mode = illegal, float(illegal_reward), render_mode
        learning = required(self.game, self.game.learning, "learning")
        self.encoding = required(self.game, learning.encoding, "learning encoding")()
        self.parts = _parts(self.encoding, parts)
        actions = self.encoding.actions if self.parts is None else self.parts.size
        self.observation_space = _single_space(self.encoding, actions)
        self.action_space = spaces.Discrete(actions)
        self._players = {name: self.game.bot(name) for name in set(self.bots) if name}
        self.state: Any = None
        self.built: tuple[int, ...] = ()
        self._memory: Any = None
        self._rng = random.Random(0)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game (its seed drawn from the environment's generator), played by the bots up to the learner."""
        super().reset(seed=seed)
        game_seed, bot_seed = (int(value) for value in self.np_random.integers(0, 2**63, size=2))
        self._rng = random.Random(bot_seed)
        self.state = self.game.new_game(self.players, rules=self.rules, seed=game_seed)
        self.built, self._memory = (), None
        self._settle()
        return self._seen()

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The learner takes the action of slot ``action`` (Concombre: a card's `PACK` index), or the part
        ``action`` of its move; once a move is made, the bots play up to the learner's next turn."""
        if self.state is None:
            raise InvalidArgumentError("Call reset() before step().", field="action")
        if self._ended():
            raise InvalidArgumentError("The episode is over: call reset().", field="action")
        if self.parts is not None:
            return self._step_part(self.parts, action)
        slot = self.encoding.slot(action)  # what is no slot at all is refused as such, whatever `illegal` says
        offered = self.encoding.slots(self.state)
        if slot not in offered:
            refused = self.encoding.refused(self.game, self.state, action)
            assert refused is not None
            if self.illegal == "raise":
                raise refused
            observation, info = self._seen()
            return observation, self.illegal_reward, False, False, {**info, "illegal": str(refused)}
        reward = self._apply(offered[slot]) + self._settle()
        observation, info = self._seen()
        return observation, reward, self._ended(), False, info

    def _step_part(self, parts: Parts[Any, Any], action: object) -> tuple[dict[str, Any], float, bool, bool,
                                                                        dict[str, Any]]:
        """One part of the learner's move: the move is made once its last part is taken."""
        part = parts.part(action)  # what is no part at all is refused as such, whatever `illegal` says
        refused = parts.refusal(self.state, self.built, part)
        if refused is not None:
            if self.illegal == "raise":
                raise refused
            observation, info = self._seen()
            return observation, self.illegal_reward, False, False, {**info, "illegal": str(refused)}
        built, move = parts.add(self.state, self.built, part)
        self.built = built
        if move is None:
            observation, info = self._seen()
            return observation, 0.0, False, False, info
        reward = self._apply(move) + self._settle()
        observation, info = self._seen()
        return observation, reward, self._ended(), False, info

    def _apply(self, action: Any) -> float:
        before = self.state
        if self.parts is not None:
            self._memory = self.parts.remember(self._memory, before, action)
        self.state = self.game.apply(before, action)
        reward = self.game.rewards(before, self.state, self.reward)[self.seat]  # the end's bonus included
        if not self.game.is_over(self.state) and self._out(self.state) and not self._out(before):
            reward -= END_BONUS  # out for good: lost, as at the end of the game
        return float(reward)

    def _out(self, state: Any) -> bool:
        return self.game.eliminated is not None and self.game.eliminated(state)[self.seat]

    def _ended(self) -> bool:
        """Whether the learner's episode is over: the game is, or the learner is out of it."""
        return self.game.is_over(self.state) or self._out(self.state)

    def _settle(self) -> float:
        """The table's steps and the bots' turns until the learner must play, is out, or the game ends."""
        gained, game = 0.0, self.game
        while not self._ended() and game.to_play(self.state) != self.seat:
            mover = game.to_play(self.state)
            if mover is None:
                action = game.legal_actions(self.state)[0]
            else:
                action = self._players[self.bots[mover]].choose(game.view(self.state, mover), self._rng)
            gained += self._apply(action)
        return gained

    def _seen(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The learner's observation and info, the action mask worked out once for both."""
        parts, mine = self.parts, self.game.to_play(self.state) == self.seat
        if parts is None:
            mask = np.zeros(self.encoding.actions, dtype=np.int8)
            if mine:
                mask.put(list(self.encoding.slots(self.state)), 1)
            vector = self.encoding.observation(self.game, self.state, self.seat)
        else:
            mask = np.zeros(parts.size, dtype=np.int8)
            if mine:
                mask.put(list(parts.offered(self.state, self.built)), 1)
            vector = parts.observe(self.state, self.seat, self.built, self._memory)
        return {"observation": vector.astype(np.float32), "action_mask": mask}, {"action_mask": mask.copy()}

    def render(self) -> str | None:
        """The learner's view as text, with ``render_mode="ansi"``."""
        if self.render_mode is None or self.state is None:
            return None
        assert self.game.render is not None
        return picture_text(self.game.render(self.game.view(self.state, self.seat)))


class SeatVectorEnv(VectorEnv[dict[str, Any], Any, Any]):
    """``num_envs`` games at once on the game's batched engine, one learner at ``seat`` in each.

    The learner acts in every game at each step; the batched bots then play every game up to the learner's
    next turn. A finished game is reset on the next step (its action ignored, reward 0), as Gymnasium's
    ``AutoresetMode.NEXT_STEP`` says.

    Each step's ``infos`` say, per game, in Gymnasium's vector form (an array, and a mask under the same key
    with ``_`` before it marking the games it speaks of): ``"round_over"``, a round ended during the step
    (where the engine tells rounds, `~concombre.core.game.Batched.round_number`); ``"game_over"``, the game
    ended; ``"illegal"``, the rules' refusal of the learner's slot, in words with its ruling (``""`` where it
    was legal). A number that is no slot at all is refused with `~concombre.InvalidArgumentError`. Where the
    game's moves are built in parts (`~concombre.core.game.Parts`), the engine's slots are the parts, one a
    step: a part that completes no move leaves the learner to move with no reward.

    Attributes:
        metadata: Gymnasium's description: next-step autoreset, no render mode.
        game: The game (`concombre.core.game.Game`).
        engine: Its batched engine (`concombre.core.game.Batched`).
        num_envs: How many games.
        players: How many players in each.
        seat: The learner's seat in each.
        bots: Each seat's batched bot name; ``""`` at the learner's.
        rules: The rules played by.
        illegal: What a refused action does: ``"refuse"`` or ``"raise"``.
        illegal_reward: The reward of a refused action.
        reward: The reward scheme, one of `concombre.core.game.REWARDS`.
        encoding: The game's encoding (`concombre.core.game.Encoding`).
        single_observation_space: One game's observation space.
        single_action_space: One game's action space.
        observation_space: The batched observation space.
        action_space: The batched action space.
        games: The games as they stand (the engine's batch; hidden cards included).

    Raises:
        InvalidArgumentError: The game has no batched engine, or a bot is not one of its batched bots.

    Examples:
        >>> env = SeatVectorEnv("concombre", num_envs=8, players=3)
        >>> observations, infos = env.reset(seed=2)
        >>> observations["observation"].shape, observations["action_mask"].shape
        ((8, 244), (8, 52))
        >>> actions = observations["action_mask"].argmax(axis=1)
        >>> observations, rewards, terminations, truncations, infos = env.step(actions)
        >>> rewards.shape, bool(terminations.any())
        ((8,), False)
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(self, game: str = DEFAULT_GAME, num_envs: int = 1024, players: int | None = None, seat: int = 0,
                 opponents: str | Sequence[str] | None = None, rules: Any = None, illegal: str = "refuse",
                 illegal_reward: float = -1.0, reward: str = "points") -> None:
        chosen = find_game(game)
        self.reward = reward_scheme(reward)
        players = chosen.default_players if players is None else players
        learning = required(chosen, chosen.learning, "learning")
        if learning.batched is None:
            raise InvalidArgumentError(f"{chosen.title} has no batched engine: use SeatEnv.", field="game")
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidArgumentError(f"num_envs must be a whole number from 1, not {num_envs!r}.", field="num_envs")
        self.game, self.engine = chosen, learning.batched()
        if self.reward != "points" and self.engine.winner is None:
            raise InvalidArgumentError(f"{chosen.title}'s batched engine gives only the points rewards.",
                                       field="reward")
        table = chosen.bots.stand_in if chosen.bots is not None else ""
        default = table if table in self.engine.bots else sorted(self.engine.bots)[0]
        self.bots = _opponents(chosen, default if opponents is None else opponents, players, seat,
                               list(self.engine.bots))
        self.rules = _rules(chosen, rules)
        _illegal(illegal, illegal_reward)
        self.num_envs, self.players, self.seat = num_envs, players, seat
        self.illegal, self.illegal_reward = illegal, float(illegal_reward)
        self.encoding = required(self.game, learning.encoding, "learning encoding")()
        self._actions = self.encoding.actions if self.encoding.parts is None else self.encoding.parts.size
        self.single_observation_space = _single_space(self.encoding, self._actions)
        self.single_action_space = spaces.Discrete(self._actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._kinds = sorted({name for name in self.bots if name})
        self._kind_of = np.array([self._kinds.index(name) if name else 0 for name in self.bots])
        self.games: Any = None
        self._finished = np.zeros(num_envs, dtype=bool)

    def reset(self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        """New games for every environment (their seeds drawn from the environment's generator)."""
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        super().reset(seed=seed)
        self.games = self.engine.reset(self._seeds(self.num_envs), players=self.players, rules=self.rules)
        self._finished = np.zeros(self.num_envs, dtype=bool)
        rewards = self._settle()
        del rewards  # nothing is scored before the learner's first card
        return self._observe(), {}

    def step(self, actions: Any) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
        """The learner's card in every game, then the bots' up to the learner's next turn; finished games restart."""
        if self.games is None:
            raise InvalidArgumentError("Call reset() before step().", field="actions")
        engine, games, restarting = self.engine, self.games, self._finished
        if restarting.any():
            games = engine.reset_games(games, restarting, self._seeds(int(restarting.sum())))
        cards = np.asarray(actions)
        if cards.shape != (self.num_envs,) or not np.issubdtype(cards.dtype, np.integer):
            raise InvalidArgumentError(f"actions must be one slot per game, shape ({self.num_envs},).",
                                       field="actions")
        if ((cards < 0) | (cards >= self._actions)).any():
            wrong = int(np.flatnonzero((cards < 0) | (cards >= self._actions))[0])
            raise InvalidArgumentError(f"actions[{wrong}] is {int(cards[wrong])}, no slot: a slot is a whole number "
                                       f"from 0 to {self._actions - 1}.", field="actions")
        moving = ~restarting & (engine.to_play(games) == self.seat)
        legal = engine.legal_mask(games)[np.arange(self.num_envs), cards].astype(bool)
        refused = moving & ~legal
        if refused.any() and self.illegal == "raise":
            engine.step(games, cards, where=moving)  # raises the engine's error, naming the games and rulings
        rounds_before = self._rounds(games)
        illegal = self._refusals(games, cards, refused)
        self.games = engine.step(games, np.where(legal, cards, 0), where=moving & legal)
        out_before, over_before = engine.eliminated(games)[:, self.seat], np.asarray(engine.done(games))
        rewards = engine.rewards(self.games)[:, self.seat].astype(np.float64) + self._settle()
        rewards = self._in_scheme(rewards, over_before)
        ended = self._ended()
        rewards[ended & ~engine.done(self.games) & ~out_before] -= END_BONUS  # eliminated, out for good: lost
        rewards[refused] = self.illegal_reward
        rewards[restarting] = 0.0
        self._finished = ended
        game_over = np.asarray(engine.done(self.games)) & ~restarting
        infos: dict[str, Any] = {"illegal": illegal, "_illegal": refused, "game_over": game_over,
                                 "_game_over": game_over}
        if rounds_before is not None:
            round_over = ((self._rounds(self.games) != rounds_before) | game_over) & ~restarting
            infos |= {"round_over": round_over, "_round_over": round_over}
        return self._observe(), rewards, self._finished.copy(), np.zeros(self.num_envs, dtype=bool), infos

    def _rounds(self, games: Any) -> Any:
        return None if self.engine.round_number is None else np.array(self.engine.round_number(games), copy=True)

    def _refusals(self, games: Any, slots: Any, refused: Any) -> Any:
        """Each game's refusal of its slot in words ("" where it was legal): the engine's own error, one game at a
        time (refusals are rare, so their words cost nothing on the common path)."""
        words = np.full(self.num_envs, "", dtype=object)
        for game in np.flatnonzero(refused).tolist():
            only = np.zeros(self.num_envs, dtype=bool)
            only[game] = True
            try:
                self.engine.step(games, slots, where=only)
            except ConcombreError as err:
                words[game] = str(err)
        return words

    def _seeds(self, count: int) -> Any:
        return self.np_random.integers(0, 2**63, size=count, dtype=np.int64).astype(np.uint64)

    def _settle(self) -> Any:
        """The bots play every game up to the learner's turn; the learner's rewards meanwhile."""
        engine, gained = self.engine, np.zeros(self.num_envs)
        if engine.settle is not None:  # the bots' turns inside the engine's own loop, in one call
            names = [name or self._kinds[0] for name in self.bots]  # the learner's seat is never played
            self.games = engine.settle(self.games, self.seat, names, int(self.np_random.integers(0, 2**63)))
            return engine.rewards(self.games)[:, self.seat].astype(np.float64)
        while True:
            games = self.games
            to_play = engine.to_play(games)
            waiting = ~self._ended(games) & (to_play != self.seat)
            if not waiting.any():
                return gained
            choices = [engine.bots[kind](games, self.np_random) for kind in self._kinds]
            kind = self._kind_of[np.maximum(to_play, 0)]
            actions = choices[0] if len(choices) == 1 else np.choose(kind, choices)
            self.games = engine.step(games, actions, where=waiting)
            gained += engine.rewards(self.games)[:, self.seat]

    def _in_scheme(self, rewards: Any, over_before: Any) -> Any:
        """The engine's rewards (points and the end's bonus together) in the environment's scheme."""
        if self.reward == "points":
            return rewards
        assert self.engine.winner is not None
        ending = np.asarray(self.engine.done(self.games)) & ~over_before
        won = np.asarray(self.engine.winner(self.games)) == self.seat
        bonus = np.where(ending, np.where(won, END_BONUS, -END_BONUS), 0.0)
        return scheme_rewards(rewards - bonus, bonus, self.reward, self.game.points_scale)

    def _ended(self, games: Any = None) -> Any:
        """Whether each learner's episode is over: its game is, or the learner is out of it."""
        games = self.games if games is None else games
        return np.asarray(self.engine.done(games)) | np.asarray(self.engine.eliminated(games))[:, self.seat]

    def _observe(self) -> dict[str, Any]:
        engine = self.engine
        mask = engine.legal_mask(self.games) & (engine.to_play(self.games) == self.seat)[:, None]
        return {"observation": engine.observe(self.games, self.seat), "action_mask": mask.astype(np.int8)}


if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point=lambda **settings: SeatEnv(**settings),
                       vector_entry_point=lambda **settings: SeatVectorEnv(**settings))
