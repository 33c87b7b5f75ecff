"""High Card with every optional capability: text records, JSON documents, the story, pictures and learning.

`concombre.examples.highcard` is the game as the required core of the protocol; this adds
what the other edges (records, JSON, the terminal, the demo, the web table,
PettingZoo, OpenSpiel, the conformance kit's hidden-hand check) read, and nothing of the rules.
The conformance kit checks every promise of it, leaving nothing unchecked:

Examples:
    >>> from concombre.testing import check_game
    >>> report = check_game(GAME_FULL, games=3, total=lambda state: state.scores, strict=True)
    >>> report.games, report.unchecked
    (3, ())
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs

from concombre.core.cards import Card
from concombre.core.errors import FormatError, InvalidArgumentError
from concombre.core.game import Codec, Encoding, Learning, Records, Story
from concombre.core.render import Face, Picture, Row, card_name, hand_rows
from concombre.core.words import card_text
from concombre.examples.highcard import CARDS, GAME, Action, Deal, Phase, Play, Rules, State, View, legal_actions

_INDEX = {card: index for index, card in enumerate(CARDS)}


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


def typed(action: Action) -> str:
    """An action as a person types it (and `read` reads it back): ``deal``, or the card, ``3♦``."""
    return "deal" if isinstance(action, Deal) else card_text(action.card)


def read(state: State, answer: str) -> Action | str:
    """A person's answer on their turn: the number `show` gives a card, the card (``3♦``, ``3d``), or a record's
    line (``play 3D``, as `action_text` writes it); else why it names no move."""
    hand = state.hands[state.to_play or 0]
    text = answer.strip()
    if text.isdigit() and 1 <= int(text) <= len(hand):
        return Play(hand[int(text) - 1])
    try:
        action = parse_action(text) if " " in text or text == "deal" else Play(text)
    except (InvalidArgumentError, FormatError) as err:
        return err.reason
    return GAME.why_illegal(state, action) or action


def picture(table: State | View) -> Picture:
    """The table as a picture: the hands (a view shows its own, and how many cards the other holds), the trick
    and the scores; `concombre.core.render` draws it as text or SVG."""
    def face(card: Card, caption: str | None = None) -> Face:
        return Face(card.rank.label, card.suit.value, card_name(card.rank, card.suit.value), caption, str(card))

    seat = table.seat if isinstance(table, View) else None
    sizes = table.hand_sizes if isinstance(table, View) else tuple(len(hand) for hand in table.hands)
    hands = (lambda who: tuple(map(face, table.hand))) if isinstance(table, View) else (
        lambda who: tuple(map(face, table.hands[who])))
    rows = hand_rows(table.players, seat, range(2), hands, sizes)
    trick = Row("Trick", tuple(face(card, table.players[who]) for who, card in table.trick))
    scores = tuple(f"{name}: {score}" for name, score in zip(table.players, table.scores, strict=True))
    return Picture(f"High Card, round {table.round_number}", (*rows, trick), scores)


def points(before: State, after: State) -> tuple[float, ...]:
    return tuple(float(new - old) for old, new in zip(before.scores, after.scores, strict=True))


def sample(seen: View, rng: random.Random) -> State:
    """A state the seat's view agrees with, the other hand dealt from the cards the seat cannot see (search and
    the conformance kit's check that a view hides them)."""
    played = {card for _, card in seen.trick}
    unseen = [card for card in CARDS if card not in seen.hand and card not in played]
    rng.shuffle(unseen)
    other = tuple(sorted(unseen[:seen.hand_sizes[1 - seen.seat]]))
    hands = (seen.hand, other) if seen.seat == 0 else (other, seen.hand)
    dealer = seen.round_number  # not in the view, and no part of it: any seat will do for a twin
    return State(seen.rules, seen.players, rng.randrange(2**32), dealer % 2, seen.round_number, seen.phase,
                 seen.to_play, hands, seen.trick, seen.scores)


def encoding() -> Encoding[State, Action, View]:
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

    return Encoding(size=15, low=0.0, encode=encode, text=text, actions=6, slots=slots, cards=6,
                    hand=lambda seen: (_INDEX[card] for card in seen.hand),
                    action_cards=lambda action: (_INDEX[action.card],) if isinstance(action, Play) else (),
                    slot_action=lambda slot: Play(CARDS[slot]) if 0 <= slot < len(CARDS) else None)


GAME_FULL = attrs.evolve(
    GAME,
    points=points,
    records=Records(header="highcard record 1", action_text=action_text, parse_action=parse_action,
                    starts_round=lambda action: isinstance(action, Deal)),
    codec=Codec(
        prefix="highcard",
        kinds={"card": Card, "rules": Rules, "action": Action, "state": State, "view": View},
        action_names={"deal": Deal, "play": Play},
        objects=(Rules, View),
        from_parts=check_state,
        check_view=check_view,
    ),
    story=Story(describe=lambda rules: f"first to {rules.target} points", tell=tell, show=show, read=read,
                help="Type the number of a card, or the card itself.", typed=typed),
    render=picture,
    learning=Learning(encoding=encoding, sample=sample),
)
