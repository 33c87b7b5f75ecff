"""Concombre and German Rommé as PettingZoo AEC environments.

German Rommé's environment, `romme_env`, offers each step's actions as
numbered choices (see `concombre.integrations.romme_choices`): the action is
the number of a choice, the action mask marks the choices that exist, and the
reward is the points a player scores when a round is scored (R13), plus 1
for the winner and minus 1 for the others at the end (R14).

Concombre's environment, `env`:

Each agent, ``player_0`` to ``player_{n-1}``, acts only when it must play a
card; the table deals, gathers tricks and scores rounds between its steps.
The action is the index in `concombre.PACK` of the card (``Discrete(52)``);
the observation is ``{"observation": encode_view(...), "action_mask": ...}``,
built from the agent's own view only (see `concombre.integrations.encoding`).
The reward is minus the penalty points an agent takes when a round is scored
(C9); when the game ends (C13) the winner gets 1 more and every other player
1 less, and every agent's episode terminates.

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
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from concombre import romme
from concombre.actions import Play, apply, legal_actions
from concombre.cards import PACK
from concombre.errors import InvalidArgumentError
from concombre.integrations.encoding import ACTIONS, OBSERVATION_SIZE, action_mask, encode_view
from concombre.integrations.romme_choices import CHOICES, ROMME_OBSERVATION_SIZE, choices, encode_romme_view
from concombre.romme.records import romme_action_text
from concombre.romme.rules import RommeRules
from concombre.rules import Rules
from concombre.state import GameState, Phase
from concombre.transitions import new_game
from concombre.views import view

__all__ = ["ConcombreEnv", "RommeEnv", "env", "romme_env"]


class _TableEnv(AECEnv):  # type: ignore[misc]
    """What both games' environments share: the agents, the spaces and PettingZoo's bookkeeping."""

    def __init__(self, players: int, actions: int, observation_size: int, low: float, render_mode: str | None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise InvalidArgumentError(f"render_mode must be None or 'ansi', not {render_mode!r}.")
        self.players = players
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        box = spaces.Box(low=low, high=1.0, shape=(observation_size,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": box, "action_mask": mask}) for agent in self.possible_agents
        }

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game, seeded by ``seed`` (unpredictable when None)."""
        self._start(secrets.randbits(64) if seed is None else seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._settle()

    def step(self, action: int | None) -> None:
        """The selected agent takes ``action``; the table then moves on to the next agent's step."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._act(action)
        self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """Let the table act until an agent must, crediting round scores; end the episode at game over."""
        winner = self._table()
        if winner is not None:
            for seat, agent in enumerate(self.possible_agents):
                self.rewards[agent] += 1.0 if seat == winner else -1.0
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[winner]

    def _start(self, seed: int) -> None:
        raise NotImplementedError

    def _act(self, action: int | None) -> None:
        raise NotImplementedError

    def _table(self) -> int | None:
        """Play the table's steps; set `agent_selection`; return the winner at game over, else None."""
        raise NotImplementedError

    def close(self) -> None:
        """Nothing to release."""


class ConcombreEnv(_TableEnv):
    """Concombre as a raw PettingZoo environment; most users want `env`, which adds PettingZoo's checks.

    Attributes:
        metadata: PettingZoo's description: render modes and name.
        players: How many players.
        rules: The rules of the games played.
        render_mode: None, or ``"ansi"`` for text.
        state: The library's state of the game in progress.
        possible_agents: ``player_0`` to ``player_{n-1}``.
        agents: The agents still in the episode.
        action_spaces: Each agent's action space.
        observation_spaces: Each agent's observation space.

    Examples:
        >>> raw = ConcombreEnv(players=2)
        >>> raw.reset(seed=3)
        >>> raw.agent_selection in raw.agents
        True
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "concombre_v1", "is_parallelizable": False}

    def __init__(self, players: int = 4, rules: Rules = Rules(), render_mode: str | None = None) -> None:
        super().__init__(players, ACTIONS, OBSERVATION_SIZE, 0.0, render_mode)
        self.rules = rules
        self.state = new_game(players, rules=rules, seed=0)

    def _start(self, seed: int) -> None:
        self.state = new_game(self.players, rules=self.rules, seed=seed)

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` may see, encoded, and its action mask."""
        seen = view(self.state, self.possible_agents.index(agent))
        return {"observation": encode_view(seen), "action_mask": action_mask(seen)}

    def _act(self, action: int | None) -> None:
        if action is None or not 0 <= int(action) < ACTIONS:
            raise InvalidArgumentError(f"An action is the index of a card, 0 to 51, not {action!r}.")
        self.state = apply(self.state, Play(PACK[int(action)]))

    def _table(self) -> int | None:
        state: GameState = self.state
        while state.phase is not Phase.PLAY and state.phase is not Phase.GAME_OVER:
            state = apply(state, legal_actions(state)[0])
            result = state.last_result
            if state.phase in (Phase.DEAL, Phase.GAME_OVER) and result is not None:
                self.rewards[f"player_{result.loser}"] -= result.penalty
        self.state = state
        self.agent_selection = self.possible_agents[state.to_play or 0]
        return state.winner

    def render(self) -> str | None:
        """The state from the selected agent's side, as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        seen = view(self.state, self.possible_agents.index(self.agent_selection))
        return f"{seen.phase.value}: hand {' '.join(map(str, seen.hand))}; trick " + " ".join(
            f"{seat}:{card}" for seat, card in seen.trick
        )


def env(**kwargs: Any) -> AECEnv:
    """A Concombre environment wrapped in PettingZoo's checks (``players``, ``rules``, ``render_mode``).

    Examples:
        >>> game = env(players=2)
        >>> game.reset(seed=1)
        >>> sorted(game.agents)
        ['player_0', 'player_1']
    """
    wrapped: AECEnv = wrappers.OrderEnforcingWrapper(ConcombreEnv(**kwargs))
    return wrapped


class RommeEnv(_TableEnv):
    """German Rommé as a raw PettingZoo environment; most users want `romme_env`.

    Agents act on every step of their turns: the draw, then melds, lay-offs,
    exchanges and the discard, each chosen among numbered choices.

    Attributes:
        metadata: PettingZoo's description: render modes and name.
        players: How many players (2 to 6).
        rules: The rules of the games played.
        render_mode: None, or ``"ansi"`` for text.
        state: The library's state of the game in progress.
        possible_agents: ``player_0`` to ``player_{n-1}``.
        agents: The agents still in the episode.
        action_spaces: Each agent's action space: the choice slots.
        observation_spaces: Each agent's observation space.

    Examples:
        >>> raw = RommeEnv(players=2)
        >>> raw.reset(seed=3)
        >>> raw.observe(raw.agent_selection)["action_mask"][:3].tolist()
        [1, 1, 0]
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "romme_v1", "is_parallelizable": False}

    def __init__(self, players: int = 3, rules: RommeRules = RommeRules(), render_mode: str | None = None) -> None:
        super().__init__(players, CHOICES, ROMME_OBSERVATION_SIZE, -1.0, render_mode)
        self.rules = rules
        self.state = romme.new_game(players, rules=rules, seed=0)

    def _start(self, seed: int) -> None:
        self.state = romme.new_game(self.players, rules=self.rules, seed=seed)

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` may see, encoded, and the mask of its choices (only on its own step)."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(CHOICES, dtype=np.int8)
        if self.state.to_play == seat:
            mask[: len(choices(self.state))] = 1
        return {"observation": encode_romme_view(romme.view(self.state, seat)), "action_mask": mask}

    def _act(self, action: int | None) -> None:
        offered = choices(self.state)
        if action is None or not 0 <= int(action) < len(offered):
            raise InvalidArgumentError(f"Choice {action!r} is not offered: choose 0 to {len(offered) - 1}.")
        self.state = romme.apply(self.state, offered[int(action)])

    def _table(self) -> int | None:
        state = self.state
        while state.to_play is None and state.phase is not romme.RommePhase.GAME_OVER:
            state = romme.apply(state, romme.legal_actions(state)[0])
            if state.phase in (romme.RommePhase.DEAL, romme.RommePhase.GAME_OVER) and state.last_result:
                for seat, points in enumerate(state.last_result.scores):
                    self.rewards[self.possible_agents[seat]] += points
        self.state = state
        self.agent_selection = self.possible_agents[state.to_play or 0]
        return state.winner

    def render(self) -> str | None:
        """The selected agent's choices, as text (``render_mode="ansi"``)."""
        if self.render_mode is None:
            return None
        return "; ".join(f"{number}: {romme_action_text(action)}" for number, action in enumerate(choices(self.state)))


def romme_env(**kwargs: Any) -> AECEnv:
    """A German Rommé environment wrapped in PettingZoo's checks (``players``, ``rules``, ``render_mode``).

    Examples:
        >>> game = romme_env(players=2)
        >>> game.reset(seed=1)
        >>> observation, *_ = game.last()
        >>> observation["observation"].shape
        (242,)
    """
    wrapped: AECEnv = wrappers.OrderEnforcingWrapper(RommeEnv(**kwargs))
    return wrapped
