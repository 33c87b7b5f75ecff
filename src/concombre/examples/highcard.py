"""High Card: a tiny third game, written to the `Game` protocol's required core, as an example.

Two players; six cards (2, 3 and 4 of clubs and diamonds). Each round deals
two cards each from a seeded shuffle (H2); the player left of the dealer
leads. Each trick, both play one card from their hand (H3); the higher rank
wins, the leader among equals (H4), and scores a point and leads next. After
two tricks the deal passes left (H5). The first to ``Rules.target`` points
wins (H1).

It is written as a third-party package would write a game, importing only
``concombre.core``; the library does not register it (the tests and "Adding a
game" do). This file is the whole game as the library needs it to play,
simulate and rate bots: `concombre.examples.highcard_full` adds the optional
capabilities (records, JSON, the story, learning) for every other edge.

Examples:
    >>> from concombre.testing import check_game
    >>> check_game(GAME, games=3).games
    3
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from typing import Any, Union

import attrs

from concombre.core.cards import Card
from concombre.core.errors import IllegalActionError, InvalidArgumentError, require_seat
from concombre.core.game import Bots, Game, GameInfo
from concombre.core.seats import game_seed, left_of, player_names, shuffled_order

CARDS = tuple(Card.parse(text) for text in ("2C", "2D", "3C", "3D", "4C", "4D"))


def _check_target(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 9:
        raise InvalidArgumentError(f"Rules.target must be a whole number from 1 to 9, not {value!r}.", "H1", "target")


@attrs.frozen
class Rules:
    target: int = attrs.field(default=3, validator=_check_target)


class Phase(enum.Enum):
    DEAL = "deal"
    PLAY = "play"
    GAME_OVER = "game over"


@attrs.frozen
class State:  # players, rules, seed, dealer and round_number are what the library reads (Table)
    rules: Rules
    players: tuple[str, ...]
    seed: int
    dealer: int
    round_number: int
    phase: Phase
    to_play: Union[int, None]
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[int, Card], ...]
    scores: tuple[int, ...]

    @property
    def winner(self) -> int | None:
        return max(range(2), key=self.scores.__getitem__) if self.phase is Phase.GAME_OVER else None


@attrs.frozen
class View:  # seat, to_play and hand are what the library reads (Seat)
    seat: int
    players: tuple[str, ...]
    rules: Rules
    phase: Phase
    to_play: Union[int, None]
    round_number: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    scores: tuple[int, ...]


@attrs.frozen
class Deal:
    pass


def _card(card: Card | str) -> Card:
    return Card.parse(card) if isinstance(card, str) else card


@attrs.frozen
class Play:
    card: Card = attrs.field(converter=_card)


Action = Union[Deal, Play]


def new_game(
    players: int | Sequence[str], *, dealer: int = 0, rules: Rules = Rules(), seed: int | None = None
) -> State:
    names = player_names(players, 2, 2, "High Card", "H1")
    require_seat(dealer, 2, "dealer")
    if not isinstance(rules, Rules):
        raise InvalidArgumentError(f"rules must be High Card's Rules, not {rules!r}.", field="rules")
    return State(rules, names, game_seed(seed), dealer, 1, Phase.DEAL, None, ((), ()), (), (0, 0))


def legal_actions(state: State) -> tuple[Action, ...]:
    if state.phase is Phase.DEAL:
        return (Deal(),)
    if state.phase is Phase.PLAY and state.to_play is not None:
        return tuple(Play(card) for card in state.hands[state.to_play])
    return ()


def refusal(state: State, action: Action) -> IllegalActionError | None:
    """The one judge of an action: `apply` raises what it returns, `Game.why_illegal` words it."""
    if isinstance(action, Deal):
        return None if state.phase is Phase.DEAL else IllegalActionError("The cards are dealt only between rounds.",
                                                                           "H2")
    if not isinstance(action, Play):
        raise InvalidArgumentError(f"Expected a High Card action (Deal or Play), not {action!r}.", field="action")
    if state.phase is not Phase.PLAY or state.to_play is None:
        return IllegalActionError("No card can be played now.", "H3")
    if action.card not in state.hands[state.to_play]:
        return IllegalActionError(f"You do not hold {action.card}.", "H3")
    return None


def apply(state: State, action: Action) -> State:
    refused = refusal(state, action)
    if refused is not None:
        raise refused
    if isinstance(action, Deal):
        order = [CARDS[position] for position in shuffled_order(6, "highcard", state.seed, state.round_number)]
        first = left_of(state.dealer, 2, (0, 1))
        dealt = {first: tuple(sorted(order[0:4:2])), 1 - first: tuple(sorted(order[1:4:2]))}
        return attrs.evolve(state, phase=Phase.PLAY, to_play=first, hands=(dealt[0], dealt[1]))
    seat = state.to_play or 0
    hands = tuple(tuple(card for card in hand if card != action.card) if who == seat else hand
                  for who, hand in enumerate(state.hands))
    trick = (*state.trick, (seat, action.card))
    if len(trick) < 2:
        return attrs.evolve(state, hands=hands, trick=trick, to_play=1 - seat)
    (leader, led), (_, followed) = trick
    winner = leader if led.rank >= followed.rank else 1 - leader  # H4
    scores = tuple(score + (who == winner) for who, score in enumerate(state.scores))
    if max(scores) >= state.rules.target:
        return attrs.evolve(state, hands=hands, trick=(), scores=scores, phase=Phase.GAME_OVER, to_play=None)
    if any(hands):
        return attrs.evolve(state, hands=hands, trick=(), scores=scores, to_play=winner)
    return attrs.evolve(state, hands=hands, trick=(), scores=scores, phase=Phase.DEAL, to_play=None,
                        dealer=left_of(state.dealer, 2, (0, 1)), round_number=state.round_number + 1)


def view(state: State, seat: int) -> View:
    require_seat(seat, 2, "seat")
    return View(seat, state.players, state.rules, state.phase, state.to_play, state.round_number, state.hands[seat],
                tuple(len(hand) for hand in state.hands), state.trick, state.scores)


@attrs.frozen
class RandomBot:
    name: str = "random"

    def choose(self, seen: View, rng: random.Random) -> Action:
        return Play(rng.choice(seen.hand))


@attrs.frozen
class HighBot:
    name: str = "high"

    def choose(self, seen: View, rng: random.Random) -> Action:
        return Play(max(seen.hand))


GAME: Game[State, Action, View] = Game(
    info=GameInfo(name="highcard", title="High Card", players=(2, 2), default_players=2, player_ruling="H1"),
    Rules=Rules,
    State=State,
    View=View,
    action_types=(Deal, Play),
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    refusal=refusal,
    view=view,
    to_play=lambda state: state.to_play,
    is_over=lambda state: state.phase is Phase.GAME_OVER,
    winner=lambda state: state.winner,
    bots=Bots(makers={"random": RandomBot, "high": HighBot}, stand_in="high", rivals=("high", "random")),
)
