"""Every game as a PettingZoo AEC environment: ``env(game="concombre")``, ``env(game="romme")``...

Each agent, ``player_0`` to ``player_{n-1}``, acts only when the game waits
for its seat; the table performs its own steps (deals, gathering tricks,
scoring) between the agents' steps. Actions are the slots of the game's
`concombre.core.game.Encoding`: for Concombre the index in `concombre.PACK` of
the card to play (``Discrete(52)``). A game whose moves are built in parts
(`concombre.core.game.Parts`: German Rommé's 167, `concombre.games.romme.parts`)
is played a part a step: a part that completes no move gives no reward and
leaves the same agent to act, its observation showing the parts built so far
(``parts=False``: the encoding's slots, Rommé's numbered choices). The
observation is ``{"observation": vector, "action_mask": mask}``, built from
the agent's own view only. The reward is what a step gives a seat in the scheme ``reward=`` chooses
(`concombre.core.game.REWARDS`): by default ``"points"``, the game's points (minus the penalty points in
Concombre, the round's score in Rommé) and, when the game ends, 1 more for the winner and 1 less for every
other player; ``"win"``, only that ±1; ``"scaled"``, the points over the game's
`concombre.core.game.Game.points_scale` (each step's in [-1, 1]) and the ±1. Every agent's episode
terminates with the game. An action the game does not offer is refused with the game's own reason.

Examples:
    >>> from concombre.integrations.pettingzoo import env
    >>> game = env(players=3)
    >>> game.reset(seed=1)
    >>> observation, reward, termination, truncation, info = game.last()
    >>> observation["observation"].shape, int(observation["action_mask"].sum()) > 0
    ((244,), True)
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Mapping
from typing import Any

from concombre.core.extras import needs

with needs("pettingzoo", __name__):
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

from concombre.core.errors import InvalidArgumentError
from concombre.core.game import Parts, required, reward_scheme
from concombre.core.render import colour_wanted, picture_text
from concombre.games import DEFAULT_GAME, find_game

__all__ = ["RENDER_MODES", "TableEnv", "env"]

RENDER_MODES = ("human", "ansi")
"""How the environments render: ``"human"`` prints the selected agent's view, ``"ansi"`` returns it as text.

Examples:
    >>> RENDER_MODES
    ('human', 'ansi')
"""


class TableEnv(AECEnv):  # type: ignore[misc]
    """A game as a raw PettingZoo environment; most users want `env`, which adds PettingZoo's checks.

    Attributes:
        metadata: PettingZoo's description: render modes and name (``concombre_v1``, ``romme_v1``...).
        game: The game played (see `concombre.games.find_game`).
        encoding: The game's encoding: the observation vector and the action slots.
        players: How many players.
        rules: The rules of the games played.
        render_mode: None, ``"human"`` (printed) or ``"ansi"`` (returned as text).
        reward: The reward scheme, one of `concombre.core.game.REWARDS`.
        parts: The parts the agents build their moves from (`concombre.core.game.Parts`), or None: the slots.
        state: The library's state of the game in progress.
        built: The parts built so far of the move of the agent to act (``()`` when none).
        possible_agents: ``player_0`` to ``player_{n-1}``.
        agents: The agents still in the episode.
        action_spaces: Each agent's action space: the encoding's slots.
        observation_spaces: Each agent's observation space.

    Examples:
        >>> raw = TableEnv("romme", players=2)
        >>> raw.reset(seed=3)
        >>> raw.observe(raw.agent_selection)["action_mask"][:3].tolist()
        [1, 1, 0]
        >>> raw.step(0)                                     # draw from the stock: a move of one part
        >>> agent = raw.agent_selection
        >>> card = int(raw.observe(agent)["action_mask"].argmax())
        >>> raw.step(card)                                  # a card chosen: the same agent builds on
        >>> raw.agent_selection == agent, raw.built == (card,)
        (True, True)
    """

    def __init__(self, game: str = DEFAULT_GAME, players: int | None = None, rules: Any = None,
                 render_mode: str | None = None, reward: str = "points", parts: bool = True) -> None:
        super().__init__()
        self.game = find_game(game)
        self.reward = reward_scheme(reward)
        players = self.game.default_players if players is None else players
        self.game.check_players(players)
        if render_mode not in (None, *RENDER_MODES):
            raise InvalidArgumentError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}.",
                                       field="render_mode")
        learning = required(self.game, self.game.learning, "learning")
        self.encoding = required(self.game, learning.encoding, "learning encoding")()
        if not isinstance(parts, bool):
            raise InvalidArgumentError(f"parts must be True or False, not {parts!r}.", field="parts")
        self.parts = self.encoding.parts if parts else None
        self.metadata = {"render_modes": list(RENDER_MODES), "name": f"{self.game.name}_v1",
                         "is_parallelizable": False}
        self.players = players
        self.rules = self.game.Rules() if rules is None else rules
        self.render_mode = render_mode
        self.state = self.game.new_game(players, rules=self.rules, seed=0)
        self.built: tuple[int, ...] = ()
        self._memory: Any = None
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        actions = self.encoding.actions if self.parts is None else self.parts.size
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        box = spaces.Box(low=self.encoding.low, high=1.0, shape=(self.encoding.size,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": box, "action_mask": mask}) for agent in self.possible_agents
        }
        self._slots: tuple[Any, Mapping[int, Any]] = (None, {})

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game, seeded by ``seed`` (unpredictable when None)."""
        self.state = self.game.new_game(self.players, rules=self.rules,
                                        seed=secrets.randbits(64) if seed is None else seed)
        self.built, self._memory = (), None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._settle()

    def _offered(self) -> Mapping[int, Any]:
        """The slots of the state as it stands, computed once per state."""
        state, slots = self._slots
        if state is not self.state:
            slots = self.encoding.slots(self.state)
            self._slots = (self.state, slots)
        return slots

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` may see, encoded, and the mask of its actions (only on its own step)."""
        seat, parts = self.possible_agents.index(agent), self.parts
        mine = self.game.to_play(self.state) == seat
        if parts is None:
            mask = np.zeros(self.encoding.actions, dtype=np.int8)
            if mine:
                mask.put(list(self._offered()), 1)
            return {"observation": self.encoding.observation(self.game, self.state, seat), "action_mask": mask}
        mask = np.zeros(parts.size, dtype=np.int8)
        if mine:
            mask.put(list(parts.offered(self.state, self.built)), 1)
        vector = parts.observe(self.state, seat, self.built if mine else (), self._memory)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent takes ``action``; the table then moves on to the next agent's step."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.parts is not None:
            self._step_part(self.parts, action)
            return
        slot = self.encoding.slot(action)
        offered = self._offered()
        if slot not in offered:
            refused = self.encoding.refused(self.game, self.state, slot)
            assert refused is not None
            raise refused
        self._apply(offered[slot])
        self._settle()
        self._accumulate_rewards()

    def _step_part(self, parts: Parts[Any, Any], action: object) -> None:
        """One part of the agent's move: the move is made once its last part is taken."""
        part = parts.part(action)
        refused = parts.refusal(self.state, self.built, part)
        if refused is not None:
            raise refused
        self.built, move = parts.add(self.state, self.built, part)
        if move is not None:
            self._apply(move)
            self._settle()
        self._accumulate_rewards()

    def _apply(self, action: Any) -> None:
        before = self.state
        if self.parts is not None:
            self._memory = self.parts.remember(self._memory, before, action)
        self.state = self.game.apply(before, action)
        rewards = self.game.rewards(before, self.state, self.reward)  # the end's bonus included
        if any(rewards):
            for seat, points in enumerate(rewards):
                self.rewards[self.possible_agents[seat]] += points

    def _settle(self) -> None:
        """Play the table's steps until an agent must act; end the episode at game over."""
        game = self.game
        while game.to_play(self.state) is None and not game.is_over(self.state):
            self._apply(game.legal_actions(self.state)[0])
        winner = game.winner(self.state)
        self.agent_selection = self.possible_agents[game.to_play(self.state) or 0]
        if game.is_over(self.state):
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[winner or 0]

    def render(self) -> str | None:
        """The selected agent's view as a picture in text (`concombre.core.render`): returned with
        ``render_mode="ansi"``, printed with ``"human"`` (coloured on a terminal, unless ``NO_COLOR`` is set)."""
        if self.render_mode is None:
            return None
        seen = self.game.view(self.state, self.possible_agents.index(self.agent_selection))
        human = self.render_mode == "human"
        if self.game.render is None:
            text = self.encoding.text(seen)
        else:
            text = picture_text(self.game.render(seen), colour=human and colour_wanted(sys.stdout))
        if human:
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class OrderChecks(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order checks, with ``last`` and ``step`` reaching the table in one call once it is reset.

    (PettingZoo's own wrapper forwards each attribute ``last`` reads through two ``__getattr__``: eight a step.)
    """

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        result: tuple[Any, float, bool, bool, dict[str, Any]] = (
            self.env.last(observe) if self._has_reset else super().last(observe)  # PettingZoo's own error
        )
        return result

    def __str__(self) -> str:
        return str(self.env)  # as PettingZoo's own wrapper shows itself

    def step(self, action: Any) -> None:
        if not self._has_reset or not self.env.agents:
            super().step(action)  # PettingZoo's own error or warning
            return
        self._has_updated = True
        self.env.step(action)


def env(**kwargs: Any) -> AECEnv:
    """A game's environment wrapped in PettingZoo's checks (``game``, ``players``, ``rules``, ``render_mode``,
    ``reward``, ``parts``).

    Examples:
        >>> game = env(game="romme", players=2)
        >>> game.reset(seed=1)
        >>> sorted(game.agents)
        ['player_0', 'player_1']
    """
    wrapped: AECEnv = OrderChecks(TableEnv(**kwargs))
    return wrapped
