"""A terminal front-end: one person plays Concombre against bots.

It is built on the public API only, as any front-end would be: it shows the
person their `PlayerView`, reads a play, asks `why_illegal` before applying
it, and lets the table perform the deal, the tricks and the scoring.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

from concombre.actions import Action, Play, apply, legal_actions, why_illegal
from concombre.bots import Bot
from concombre.cards import Card
from concombre.demo import NAMES
from concombre.errors import InvalidArgumentError
from concombre.recording import save_record
from concombre.records import GameRecord
from concombre.rules import Rules
from concombre.state import GameState, Phase
from concombre.story import describe_rules, tell
from concombre.transitions import new_game
from concombre.views import PlayerView, view

__all__ = ["TerminalGame", "read_play", "show_view"]

HUMAN = 0
"""The person's seat: the bots sit to their left."""


def show_view(seen: PlayerView) -> list[str]:
    """The lines a person needs to choose a play: scores, the round so far, the hand and the choices.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> lines = show_view(view(deal(new_game(["You", "Bob"], seed=2)), 1))
        >>> lines[-1].startswith("Your plays: 1) ")
        True
    """
    names = seen.players
    scores = ", ".join(
        f"{name} {seen.scores[seat]}"
        + (" (out)" if seen.eliminated[seat] else " (half cucumber)" if seen.half_cucumber[seat] else "")
        for seat, name in enumerate(names)
    )
    played = " | ".join(
        f"{names[seat]}: {' '.join(map(str, cards))}" for seat, cards in enumerate(seen.played) if cards
    )
    trick = ", ".join(f"{names[seat]} {card}" for seat, card in seen.trick) or "you lead"
    choices = "  ".join(f"{number}) {card}" for number, card in enumerate(seen.legal_plays, 1))
    return [
        "",
        f"Round {seen.round_number}, trick {len(seen.tricks) + 1} of {seen.deal_size}. Scores: {scores}",
        f"Played this round: {played or 'nothing yet'}",
        f"Trick so far: {trick}",
        f"Your hand: {' '.join(map(str, seen.hand))}",
        f"Your plays: {choices}",
    ]


def read_play(state: GameState, answer: str) -> Play | str:
    """The play an answer names (a number from the list, or a card), or why it names none.

    Examples:
        >>> from concombre import deal, legal_plays, new_game
        >>> state = deal(new_game(["You", "Bob"], seed=2))
        >>> read_play(state, "1") == Play(legal_plays(state)[0])
        True
        >>> read_play(state, "zz")
        "'zz' is not a card: write a rank (2-9, T or 10, J, Q, K, A) then a suit (C, D, H, S), as in 'QH' or '10h'."
    """
    text = answer.strip()
    choices = view(state, state.to_play or 0).legal_plays
    if not text:
        return f"Type the number of a play, 1 to {len(choices)}, or a card such as {choices[0]}."
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(choices):
            return Play(choices[number - 1])
        return f"There is no play {number}: choose 1 to {len(choices)}."
    try:
        action = Play(Card.parse(text))
    except InvalidArgumentError as err:
        return err.reason
    reason = why_illegal(state, action)
    return action if reason is None else reason


@attrs.define
class TerminalGame:
    """A game between one person, at seat 0, and bots; it keeps its record as it goes.

    Attributes:
        state: The game as it stands.
        record: Every action so far, for `save`.
        bots: The bots at seats 1, 2...
        rngs: Each seat's random generator.

    Examples:
        >>> from concombre import Rules, ThumbBot
        >>> game = TerminalGame.start("You", [ThumbBot()], Rules(), seed=3)
        >>> answers = iter(["1"] * 500)
        >>> lines = []
        >>> game.run(lambda prompt: next(answers), lines.append)
        0
        >>> game.state.phase.value, len(game.record.actions) > 0
        ('game over', True)
    """

    state: GameState
    record: GameRecord
    bots: tuple[Bot[PlayerView, Action], ...]
    rngs: tuple[random.Random, ...]

    @classmethod
    def start(
        cls, name: str, bots: Sequence[Bot[PlayerView, Action]], rules: Rules, seed: int | None = None
    ) -> TerminalGame:
        """A new game: the person named ``name`` at seat 0, then the bots going left."""
        players = [name, *(other for other in NAMES[1:] if other != name)][: len(bots) + 1]
        state = new_game(players, rules=rules, seed=secrets.randbits(64) if seed is None else seed)
        rngs = tuple(random.Random(f"{state.seed}:{seat}") for seat in range(len(players)))
        return cls(state, GameRecord.of(state), tuple(bots), rngs)

    def run(self, read: Callable[[str], str], write: Callable[[str], None]) -> int:
        """Play to the end, or until the person leaves; the exit status (0, or 130 after Ctrl-C)."""
        names = self.state.players
        bots = ", ".join(f"{names[seat + 1]} ({bot.name})" for seat, bot in enumerate(self.bots))
        write(f"Concombre: you are {names[HUMAN]}, against {bots}; {describe_rules(self.state.rules)}.")
        write("On your turn type the number of a play or the card itself (QH, 10h); end of input leaves.")
        try:
            while self.state.phase is not Phase.GAME_OVER:
                self._step(read, write)
        except EOFError:
            write("\nYou leave the table.")
        except KeyboardInterrupt:
            write("\nYou leave the table.")
            return 130
        return 0

    def _step(self, read: Callable[[str], str], write: Callable[[str], None]) -> None:
        state = self.state
        seat = state.to_play
        action: Action
        if seat is None:
            (action,) = legal_actions(state)
        elif seat == HUMAN:
            action = self._ask(read, write)
        else:
            action = self.bots[seat - 1].choose(view(state, seat), self.rngs[seat])
            write(f"  {state.players[seat]} plays {action.card}.")  # type: ignore[union-attr]
        self.state = apply(state, action)
        self.record = self.record.then(action)
        for line in tell(state, self.state):
            write(line)

    def _ask(self, read: Callable[[str], str], write: Callable[[str], None]) -> Play:
        for line in show_view(view(self.state, HUMAN)):
            write(line)
        while True:
            answer = read("Your play: ")
            choice = read_play(self.state, answer)
            if isinstance(choice, Play):
                return choice
            write(choice)

    def save(self, path: Path) -> None:
        """Write the game record to ``path``: JSON if it ends in .json, else the text form."""
        save_record(self.record, path)
