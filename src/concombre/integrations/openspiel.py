"""Concombre and German Rommé as OpenSpiel Python games: ``python_concombre`` and ``python_romme``.

Importing this module registers both games; German Rommé is described with
`ROMME_GAME_TYPE`. For Concombre: Deals are chance nodes, one card at
a time: each outcome is the `concombre.PACK` index of the next card dealt,
uniform over the cards left in the round's pack (C4, C5). A player's action
is the `PACK` index of the card to play (52 actions); the table gathers tricks
and scores rounds between actions. The game is zero-sum: at the end the
winner gets 1 and every other player -1/(n-1).

Observations come from each player's own `PlayerView` (see
`concombre.integrations.encoding`), so they never hold another player's
cards. The information state adds, for perfect recall, every card dealt to
the player and every card played, in order.

Parameters: ``players`` (2-7, default 4), ``follow`` (``"lead"`` or
``"highest"``), ``may_duck`` (bool).

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
from typing import Any

import attrs
import numpy as np
import pyspiel

from concombre import romme
from concombre.actions import Play, apply, legal_actions
from concombre.cards import PACK
from concombre.integrations.encoding import ACTIONS, OBSERVATION_SIZE, encode_view
from concombre.integrations.romme_choices import (
    CHOICES,
    ROMME_OBSERVATION_SIZE,
    choice_text,
    choices,
    encode_romme_view,
)
from concombre.romme.cards import card_at as romme_card_at
from concombre.romme.checks import romme_state_from_parts, romme_state_parts
from concombre.romme.records import romme_action_text
from concombre.romme.rules import MAX_PLAYERS as ROMME_MAX_PLAYERS
from concombre.romme.rules import MIN_PLAYERS as ROMME_MIN_PLAYERS
from concombre.rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from concombre.state import GameState, Phase
from concombre.transitions import deal, legal_plays, new_game
from concombre.views import view

__all__ = ["ConcombreGame", "ConcombreObserver", "ConcombreState", "RommeGame", "RommeObserver", "RommeSpielState"]

_DEFAULTS = {"players": 4, "follow": "lead", "may_duck": False}
PACK_INDEX = {card: index for index, card in enumerate(PACK)}


def _game_type(short_name: str, long_name: str, players: range, parameters: dict[str, Any]) -> Any:
    """An imperfect-information, zero-sum game with explicit chance nodes, as OpenSpiel describes it."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[-1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


GAME_TYPE = _game_type("python_concombre", "Python Concombre", range(MIN_PLAYERS, MAX_PLAYERS + 1), _DEFAULTS)
"""OpenSpiel's description of the game.

Examples:
    >>> GAME_TYPE.short_name
    'python_concombre'
"""


class ConcombreGame(pyspiel.Game):  # type: ignore[misc]
    """The game, as OpenSpiel loads it.

    Attributes:
        players: How many players.
        rules: The rules, from the parameters.

    Examples:
        >>> ConcombreGame({"players": 2}).num_players()
        2
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**_DEFAULTS, **(params or {})}
        self.players = int(merged["players"])
        self.rules = Rules(follow=str(merged["follow"]), may_duck=bool(merged["may_duck"]))  # type: ignore[arg-type]
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTIONS,
            max_chance_outcomes=ACTIONS,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=60_000,
        )
        super().__init__(GAME_TYPE, info, merged)

    def new_initial_state(self) -> ConcombreState:
        """A new game, waiting for the first card of the first deal."""
        return ConcombreState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ConcombreObserver:
        """An observer of what one player may see (with perfect recall for information states)."""
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return ConcombreObserver(perfect_recall)


class ConcombreState(pyspiel.State):  # type: ignore[misc]
    """A state of the game: the library's immutable `GameState`, plus the deal being drawn.

    Attributes:
        engine: The library's state.
        dealing: The cards drawn so far for the coming deal, as `PACK` indices.
        history_of_play: Every play so far, as (seat, `PACK` index).
        dealt: Each player's hands as dealt, one per round so far.

    Examples:
        >>> state = ConcombreGame({"players": 2}).new_initial_state()
        >>> state.current_player() == pyspiel.PlayerId.CHANCE
        True
    """

    def __init__(self, game: ConcombreGame) -> None:
        super().__init__(game)
        self.engine: GameState = new_game(game.players, rules=game.rules, seed=0)
        self.dealing: tuple[int, ...] = ()  # the cards drawn so far for the next deal, top first
        self.history_of_play: tuple[tuple[int, int], ...] = ()  # (seat, card) of every play, in order
        # Each player's hands as dealt, one per round so far (perfect recall).
        self.dealt: tuple[tuple[tuple[int, ...], ...], ...] = tuple(() for _ in range(game.players))

    def __deepcopy__(self, memo: dict[int, Any]) -> ConcombreState:
        # Every part is immutable, so a clone shares them all.
        return copy.copy(self)

    def current_player(self) -> int:
        """The seat to play, CHANCE while dealing, or TERMINAL."""
        phase = self.engine.phase
        if phase is Phase.GAME_OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        if phase is Phase.DEAL:
            return int(pyspiel.PlayerId.CHANCE)
        return int(self.engine.to_play or 0)

    def _legal_actions(self, player: int) -> list[int]:
        return [PACK_INDEX[card] for card in legal_plays(self.engine)]  # pack order is ascending

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may come next in the deal, each equally likely."""
        pack = {PACK_INDEX[card] for card in self.engine.stock} - set(self.dealing)
        left = sorted(pack)
        return [(index, 1.0 / len(left)) for index in left]

    def _apply_action(self, action: int) -> None:
        if self.engine.phase is Phase.DEAL:
            self.dealing = (*self.dealing, action)
            needed = self.engine.deal_size * len(self.engine.active_seats)
            if len(self.dealing) == needed:
                chosen = set(self.dealing)
                rest = [card for card in self.engine.stock if PACK_INDEX[card] not in chosen]
                dealt = deal(self.engine, [PACK[index] for index in self.dealing] + rest)
                self.dealt = tuple(
                    (*rounds, tuple(PACK_INDEX[card] for card in hand))
                    for rounds, hand in zip(self.dealt, dealt.hands, strict=True)
                )
                self.engine, self.dealing = dealt, ()
            return
        seat = self.engine.to_play or 0
        self.engine = apply(self.engine, Play(PACK[action]))
        self.history_of_play = (*self.history_of_play, (seat, action))
        while self.engine.phase in (Phase.TRICK_COMPLETE, Phase.ROUND_COMPLETE):
            self.engine = apply(self.engine, legal_actions(self.engine)[0])

    def _action_to_string(self, player: int, action: int) -> str:
        return f"deal {PACK[action]}" if player == pyspiel.PlayerId.CHANCE else f"play {PACK[action]}"

    def is_terminal(self) -> bool:
        """Whether one player is left (C13)."""
        return self.engine.phase is Phase.GAME_OVER

    def returns(self) -> list[float]:
        """1 for the winner and -1/(n-1) for the others at the end; 0 before."""
        count = len(self.engine.players)
        if self.engine.winner is None:
            return [0.0] * count
        return [1.0 if seat == self.engine.winner else -1.0 / (count - 1) for seat in range(count)]

    def __str__(self) -> str:
        hands = " | ".join(" ".join(map(str, hand)) for hand in self.engine.hands)
        return f"round {self.engine.round_number} {self.engine.phase.value}; hands {hands}; scores {self.engine.scores}"


class ConcombreObserver:
    """What one player may see, as OpenSpiel's observer interface wants it.

    The tensor is `encode_view`'s vector; with perfect recall (information
    states) it also marks every card the player was dealt this round, and the
    string lists every hand the player was dealt and every card played.

    Attributes:
        perfect_recall: Whether this observes information states.
        tensor: The observation vector, filled by `set_from`.
        dict: The tensor by name, as OpenSpiel expects.

    Examples:
        >>> observer = ConcombreObserver(perfect_recall=False)
        >>> observer.tensor.shape
        (244,)
    """

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(OBSERVATION_SIZE + (ACTIONS if perfect_recall else 0), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ConcombreState, player: int) -> None:
        """Fill the tensor from ``player``'s side of ``state``."""
        self.tensor[:OBSERVATION_SIZE] = encode_view(view(state.engine, player))
        if self.perfect_recall:
            self.tensor[OBSERVATION_SIZE:] = 0
            for index in state.dealt[player][-1] if state.dealt[player] else ():
                self.tensor[OBSERVATION_SIZE + index] = 1

    def string_from(self, state: ConcombreState, player: int) -> str:
        """``player``'s view as text; with perfect recall, also their deal and every play so far."""
        seen = view(state.engine, player)
        text = (
            f"p{player} r{seen.round_number} {seen.phase.value} hand {' '.join(map(str, seen.hand))}"
            f" trick {' '.join(f'{seat}:{card}' for seat, card in seen.trick)} scores {seen.scores}"
            f" half {seen.half_cucumber} out {seen.eliminated}"
        )
        if self.perfect_recall:
            dealt = " / ".join(" ".join(str(PACK[index]) for index in hand) for hand in state.dealt[player])
            plays = " ".join(f"{seat}:{PACK[card]}" for seat, card in state.history_of_play)
            text += f" dealt {dealt} plays {plays}"
        return text


pyspiel.register_game(GAME_TYPE, ConcombreGame)


# -- German Rommé ------------------------------------------------------------------------

ROMME_GAME_TYPE = _game_type(
    "python_romme", "Python German Rommé", range(ROMME_MIN_PLAYERS, ROMME_MAX_PLAYERS + 1), {"players": 2}
)
"""OpenSpiel's description of German Rommé: ``pyspiel.load_game("python_romme")``.

Deals and draws from the stock are chance nodes: each outcome is a card (its
sorting index, `RommeCard` order), uniform over the cards not yet seen. A
player's action is the number of a choice (see
`concombre.integrations.romme_choices`). The game is zero-sum: 1 for the
winner, -1/(n-1) for the others.

Examples:
    >>> ROMME_GAME_TYPE.short_name
    'python_romme'
"""


class RommeGame(pyspiel.Game):  # type: ignore[misc]
    """German Rommé, as OpenSpiel loads it.

    Attributes:
        players: How many players (2 to 6).

    Examples:
        >>> RommeGame({"players": 3}).num_players()
        3
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {"players": 2, **(params or {})}
        self.players = int(merged["players"])
        info = pyspiel.GameInfo(
            num_distinct_actions=CHOICES,
            max_chance_outcomes=110,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=200_000,
        )
        super().__init__(ROMME_GAME_TYPE, info, merged)

    def new_initial_state(self) -> RommeSpielState:
        """A new game, waiting for the first card of the first deal."""
        return RommeSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RommeObserver:
        """An observer of what one player may see (with their history, for information states)."""
        return RommeObserver(iig_obs_type is not None and iig_obs_type.perfect_recall)


class RommeSpielState(pyspiel.State):  # type: ignore[misc]
    """A state of German Rommé: the library's immutable `RommeState`, plus a deal or draw being drawn.

    Attributes:
        engine: The library's state.
        dealing: The cards drawn so far for the coming deal, in dealing order.
        drawing: Whether the player to play has chosen the stock and the card is being drawn.
        history: For each player, what they have seen happen, in order (perfect recall).
        held: The cards each player has held this round, as sorting indices.

    Examples:
        >>> state = RommeGame().new_initial_state()
        >>> state.is_chance_node(), len(state.chance_outcomes())
        (True, 108)
    """

    def __init__(self, game: RommeGame) -> None:
        super().__init__(game)
        self.engine = romme.new_game(game.players, seed=0)
        self.dealing: tuple[romme.RommeCard, ...] = ()
        self.drawing = False
        self.history: tuple[tuple[str, ...], ...] = tuple(() for _ in range(game.players))
        # The cards each player has held this round, as sorting indices (for information-state tensors).
        self.held: tuple[frozenset[int], ...] = tuple(frozenset() for _ in range(game.players))
        self._offered: tuple[romme.RommeState | None, list[romme.RommeAction]] = (None, [])

    def __deepcopy__(self, memo: dict[int, Any]) -> RommeSpielState:
        return copy.copy(self)  # every part is immutable

    def current_player(self) -> int:
        """The seat to move, CHANCE while dealing or drawing from the stock, or TERMINAL."""
        if self.engine.phase is romme.RommePhase.GAME_OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.engine.phase is romme.RommePhase.DEAL or self.drawing:
            return int(pyspiel.PlayerId.CHANCE)
        return int(self.engine.to_play or 0)

    def _choices(self) -> list[romme.RommeAction]:
        """The choices of the engine's state, computed once per state (they need the meld solver)."""
        engine, offered = self._offered
        if engine is not self.engine:
            offered = choices(self.engine)
            self._offered = (self.engine, offered)
        return offered

    def _legal_actions(self, player: int) -> list[int]:
        return list(range(len(self._choices())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may come next, each equally likely."""
        if self.drawing:
            pool = [card._index for card in self.engine.stock]
        else:
            taken = {card._index for card in self.dealing}
            pool = [card._index for card in romme.deck(self.engine.rules.jokers) if card._index not in taken]
        pool.sort()
        return [(index, 1.0 / len(pool)) for index in pool]

    def _apply_action(self, action: int) -> None:
        if self.drawing:
            self._draw(romme_card_at(action))
        elif self.engine.phase is romme.RommePhase.DEAL:
            self._deal(romme_card_at(action))
        else:
            offered = self._choices()[action]
            seat = self.engine.to_play or 0
            self._tell(seat, romme_action_text(offered))
            if isinstance(offered, romme.DrawStock):
                self.drawing = True
                return
            if isinstance(offered, romme.DrawDiscard) and self.engine.discard_pile:
                top = self.engine.discard_pile[-1]._index
                self.held = (*self.held[:seat], self.held[seat] | {top}, *self.held[seat + 1 :])
            self.engine = romme.apply(self.engine, offered)
            self._settle()

    def _deal(self, card: romme.RommeCard) -> None:
        self.dealing = (*self.dealing, card)
        if len(self.dealing) < 13 * len(self.engine.contenders) + 1:
            return
        rest = [other for other in romme.deck(self.engine.rules.jokers) if other not in set(self.dealing)]
        self.engine = romme.deal(self.engine, [*self.dealing, *rest])
        self.dealing = ()
        for seat in range(len(self.engine.players)):
            self._tell(seat, f"dealt {' '.join(map(str, self.engine.hands[seat]))}", private=seat)
        self.held = tuple(frozenset(card._index for card in hand) for hand in self.engine.hands)
        self._settle()

    def _draw(self, card: romme.RommeCard) -> None:
        parts = romme_state_parts(self.engine)
        stock = (*(other for other in parts.stock if other != card), card)  # the chosen card on top
        self.engine = romme.draw_stock(romme_state_from_parts(attrs.evolve(parts, stock=stock)))
        self.drawing = False
        seat = self.engine.to_play or 0
        self._tell(seat, f"drew {card}", private=seat)
        self.held = (*self.held[:seat], self.held[seat] | {card._index}, *self.held[seat + 1 :])

    def _settle(self) -> None:
        """Let the table score finished rounds; deals wait for chance."""
        while self.engine.phase is romme.RommePhase.ROUND_OVER:
            self.engine = romme.score_round(self.engine)

    def _tell(self, seat: int, text: str, private: int | None = None) -> None:
        self.history = tuple(
            (*seen, f"{seat}:{text}") if private is None or private == player else seen
            for player, seen in enumerate(self.history)
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {romme_card_at(action)}"
        return choice_text(self.engine, action)

    def is_terminal(self) -> bool:
        """Whether the last round is scored and one player leads (R14)."""
        return self.engine.phase is romme.RommePhase.GAME_OVER

    def returns(self) -> list[float]:
        """1 for the winner and -1/(n-1) for the others at the end; 0 before."""
        count = len(self.engine.players)
        if self.engine.winner is None:
            return [0.0] * count
        return [1.0 if seat == self.engine.winner else -1.0 / (count - 1) for seat in range(count)]

    def __str__(self) -> str:
        return f"{self.engine!r} hands {' | '.join(' '.join(map(str, hand)) for hand in self.engine.hands)}"


class RommeObserver:
    """What one player of Rommé may see, as OpenSpiel's observer interface wants it.

    Attributes:
        perfect_recall: Whether this observes information states.
        tensor: `encode_romme_view`'s vector, filled by `set_from`; with perfect
            recall, followed by 110 marks of the cards the player held this round.
        dict: The tensor by name.

    Examples:
        >>> RommeObserver(perfect_recall=False).tensor.shape
        (242,)
    """

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(ROMME_OBSERVATION_SIZE + (110 if perfect_recall else 0), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RommeSpielState, player: int) -> None:
        """Fill the tensor from ``player``'s side of ``state``; with perfect recall, the cards they held."""
        self.tensor[:ROMME_OBSERVATION_SIZE] = encode_romme_view(romme.view(state.engine, player))
        if self.perfect_recall:
            self.tensor[ROMME_OBSERVATION_SIZE:] = 0
            for index in state.held[player]:
                self.tensor[ROMME_OBSERVATION_SIZE + index] = 1

    def string_from(self, state: RommeSpielState, player: int) -> str:
        """``player``'s view as text; with perfect recall, everything they saw happen."""
        seen = romme.view(state.engine, player)
        melds = " / ".join(str(meld) for meld in seen.melds)
        text = (
            f"p{player} r{seen.round_number} {seen.phase.value} hand {' '.join(map(str, seen.hand))}"
            f" table {melds} pile {' '.join(map(str, seen.discard_pile))} scores {seen.scores}"
        )
        if self.perfect_recall:
            text += " history " + " ; ".join(state.history[player])
        return text


pyspiel.register_game(ROMME_GAME_TYPE, RommeGame)
