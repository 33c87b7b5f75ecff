"""High Card: a tiny third game, for tests only, that plugs into every edge through the `Game` protocol.

Two players; six cards (2, 3 and 4 of clubs and diamonds). Each round deals
two cards each from a seeded shuffle (H2); the player left of the dealer
leads. Each trick, both play one card from their hand (H3); the higher rank
wins, the leader among equals (H4), and scores a point and leads next. After
two tricks the deal passes left (H5). The first to ``Rules.target`` points
wins (H1).

It is written as a third-party package would write a game, importing only
``concombre.core``, and registered either directly or through the
``concombre.games`` entry point; nothing outside this file knows it.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterator, Sequence
from typing import Any, Union

import attrs

from concombre.core.cards import Card
from concombre.core.errors import FormatError, IllegalActionError, InvalidArgumentError, require_seat
from concombre.core.game import Codec, Encoding, Game, Story
from concombre.core.seats import game_seed, left_of, player_names, shuffled_order

# --8<-- [start:values]
CARDS = tuple(Card.parse(text) for text in ("2C", "2D", "3C", "3D", "4C", "4D"))
_INDEX = {card: index for index, card in enumerate(CARDS)}


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
class State:
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
        if self.phase is not Phase.GAME_OVER:
            return None
        return max(range(2), key=self.scores.__getitem__)


@attrs.frozen
class View:
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


@attrs.frozen
class Play:
    card: Card = attrs.field(converter=lambda card: Card.parse(card) if isinstance(card, str) else card)


Action = Union[Deal, Play]
# --8<-- [end:values]


# --8<-- [start:transitions]
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


def why_illegal(state: State, action: Action) -> str | None:
    try:
        apply(state, action)
    except IllegalActionError as err:
        return str(err)
    return None


def apply(state: State, action: Action) -> State:
    if isinstance(action, Deal):
        if state.phase is not Phase.DEAL:
            raise IllegalActionError("The cards are dealt only between rounds.", "H2")
        order = [CARDS[position] for position in shuffled_order(6, "highcard", state.seed, state.round_number)]
        first = left_of(state.dealer, 2, (0, 1))
        dealt = {first: tuple(sorted(order[0:4:2])), 1 - first: tuple(sorted(order[1:4:2]))}
        return attrs.evolve(state, phase=Phase.PLAY, to_play=first, hands=(dealt[0], dealt[1]))
# --8<-- [end:transitions]
    if not isinstance(action, Play):
        raise InvalidArgumentError(f"Expected a High Card action (Deal or Play), not {action!r}.")
    seat = state.to_play
    if state.phase is not Phase.PLAY or seat is None:
        raise IllegalActionError("No card can be played now.", "H3")
    if action.card not in state.hands[seat]:
        raise IllegalActionError(f"You do not hold {action.card}.", "H3")
    hands: tuple[tuple[Card, ...], ...] = tuple(
        tuple(card for card in hand if card != action.card) if who == seat else hand
        for who, hand in enumerate(state.hands)
    )
    trick = (*state.trick, (seat, action.card))
    if len(trick) < 2:
        return attrs.evolve(state, hands=hands, trick=trick, to_play=1 - seat)
    (leader, led), (_, followed) = trick
    winner = leader if led.rank >= followed.rank else 1 - leader
    scores = tuple(score + (who == winner) for who, score in enumerate(state.scores))
    if max(scores) >= state.rules.target:
        return attrs.evolve(state, hands=hands, trick=(), scores=scores, phase=Phase.GAME_OVER, to_play=None)
    if any(hands):
        return attrs.evolve(state, hands=hands, trick=(), scores=scores, to_play=winner)
    return attrs.evolve(state, hands=hands, trick=(), scores=scores, phase=Phase.DEAL, to_play=None,
                        dealer=left_of(state.dealer, 2, (0, 1)), round_number=state.round_number + 1)


# --8<-- [start:view]
def view(state: State, seat: int) -> View:
    require_seat(seat, 2, "seat")
    return View(seat, state.players, state.rules, state.phase, state.to_play, state.round_number, state.hands[seat],
                tuple(len(hand) for hand in state.hands), state.trick, state.scores)


def action_text(action: Action) -> str:
    return "deal" if isinstance(action, Deal) else f"play {action.card}"


def parse_action(line: str) -> Action:
    words = line.split()
    if words == ["deal"]:
        return Deal()
    if len(words) == 2 and words[0] == "play":
        try:
            return Play(words[1])
        except InvalidArgumentError as err:
            raise FormatError(err.reason) from None
    raise FormatError(f"expected deal or play CARD, not {line.strip()!r}")
# --8<-- [end:view]


def check_state(state: State) -> State:
    """A loaded state's parts agree: two players, the cards in one place each, the scores below the target."""
    if len(state.players) != 2 or len(state.hands) != 2 or len(state.scores) != 2:
        raise FormatError("High Card has two players", "$.players", "H1")
    placed = [card for hand in state.hands for card in hand] + [card for _, card in state.trick]
    if len(set(placed)) != len(placed) or not set(placed) <= set(CARDS):
        raise FormatError("each of the six cards is in one place at most", "$.hands", "H2")
    if (max(state.scores) >= state.rules.target) != (state.phase is Phase.GAME_OVER):
        raise FormatError("the game is over exactly when a player reaches the target", "$.scores", "H1")
    return state


def check_view(seen: View) -> None:
    if seen.hand_sizes[seen.seat] != len(seen.hand):
        raise FormatError("the seat's hand size is the size of its hand", "$.hand_sizes")


def tell(before: State, action: Action, after: State) -> Iterator[str]:
    names = after.players
    if isinstance(action, Deal):
        yield f"Round {after.round_number}: {names[after.dealer]} deals."
    elif isinstance(action, Play) and len(before.trick) == 1:
        (leader, led), card = before.trick[0], action.card
        winner = leader if led.rank >= card.rank else 1 - leader
        yield f"  {names[leader]} {led}, {names[1 - leader]} {card} -> {names[winner]}"
    if after.winner is not None:
        yield f"{names[after.winner]} wins."


def show(seen: View) -> list[str]:
    plays = "  ".join(f"{number}) {card}" for number, card in enumerate(seen.hand, 1))
    return [f"Scores {seen.scores}; trick {[str(card) for _, card in seen.trick]}", f"Your plays: {plays}"]


def read(state: State, answer: str) -> Action | str:
    hand = state.hands[state.to_play or 0]
    text = answer.strip()
    if text.isdigit() and 1 <= int(text) <= len(hand):
        return Play(hand[int(text) - 1])
    try:
        action = Play(text)
    except InvalidArgumentError as err:
        return err.reason
    return why_illegal(state, action) or action


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


def rewards(before: State, after: State) -> tuple[float, ...]:
    return tuple(float(new - old) for old, new in zip(before.scores, after.scores, strict=True))


def encoding() -> Encoding:
    import numpy as np

    def encode(seen: View) -> Any:
        vector = np.zeros(15, dtype=np.float32)
        for card in seen.hand:
            vector[_INDEX[card]] = 1
        for _, card in seen.trick:
            vector[6 + _INDEX[card]] = 1
        vector[12:14] = [min(score / seen.rules.target, 1.0) for score in seen.scores]
        vector[14] = seen.to_play == seen.seat
        return vector

    def slots(state: State) -> dict[int, Action]:
        return {_INDEX[action.card]: action for action in legal_actions(state) if isinstance(action, Play)}

    def text(seen: View) -> str:
        return f"p{seen.seat} {seen.phase.value} hand {' '.join(map(str, seen.hand))} scores {seen.scores}"

    return Encoding(15, 0.0, encode, text, 6, slots, 6, lambda seen: (_INDEX[card] for card in seen.hand))


# --8<-- [start:game]
GAME = Game(
    name="highcard",
    title="High Card",
    players=(2, 2),
    player_ruling="H1",
    Rules=Rules,
    State=State,
    View=View,
    action_types=(Deal, Play),
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    why_illegal=why_illegal,
    view=view,
    to_play=lambda state: state.to_play,
    is_over=lambda state: state.phase is Phase.GAME_OVER,
    winner=lambda state: state.winner,
    rewards=rewards,
    action_text=action_text,
    parse_action=parse_action,
    record_header="highcard record 1",
    starts_round=lambda action: isinstance(action, Deal),
    codec=Codec(
        prefix="highcard",
        kinds={"card": Card, "rules": Rules, "action": Action, "state": State, "view": View},
        action_names={"deal": Deal, "play": Play},
        hooks=lambda structure: (),
        unstructure={},
        objects=(Rules, View),
        state_parts=lambda state: state,
        parts_type=State,
        from_parts=check_state,
        check_view=check_view,
    ),
    bots={"random": RandomBot, "high": HighBot},
    table_bot="high",
    rivals=("high", "random"),
    story=Story(describe=lambda rules: f"first to {rules.target} points", tell=tell, show=show, read=read,
                help="Type the number of a card, or the card itself."),
    chance=None,
    encoding=encoding,
)
# --8<-- [end:game]
