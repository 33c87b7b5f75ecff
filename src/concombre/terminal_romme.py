"""A terminal front-end for German Rommé: one person against bots, on the public API only.

On a turn the person types a draw (``s`` for the stock, ``d`` for the discard
pile), then any number of actions written as in a text record — ``meld QH1
QS1 QD1 | AC1 2C1 3C1``, ``lay off 7H1 on 2 high``, ``exchange 5S2 at 1 2
then meld 9C1 9D1 JK1`` — and ends the turn with ``discard QC2``. ``hint``
shows what the meld solver would do and ``auto`` lets it play the step.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import attrs

from concombre.errors import FormatError, InvalidArgumentError
from concombre.recording import save_record
from concombre.romme.actions import DrawDiscard, DrawStock, RommeAction, apply, legal_actions, why_illegal
from concombre.romme.bots import SolverRommeBot
from concombre.romme.records import RommeRecord, parse_romme_action, replay_romme_states, romme_action_text
from concombre.romme.rules import RommeRules
from concombre.romme.state import RommePhase, RommeState
from concombre.romme.transitions import new_game
from concombre.romme.views import RommeView, view

__all__ = ["RommeTerminal", "read_romme_step", "romme_story", "show_romme_view"]

HUMAN = 0
"""The person's seat."""

HELP = (
    "Draw with s (stock) or d (discard pile). Then meld CARDS | CARDS, lay off CARD on N low|high, "
    "exchange CARD at N P then meld CARDS, and end with discard CARD. hint asks the solver; auto lets it play."
)


def show_romme_view(seen: RommeView) -> list[str]:
    """The lines a person needs on their turn: scores, the table, the discard pile and the hand.

    Examples:
        >>> from concombre.romme import deal, new_game, view
        >>> lines = show_romme_view(view(deal(new_game(["You", "Bea"], seed=2)), 0))
        >>> lines[-1].startswith("Your hand: ")
        True
    """
    names = seen.players
    lines = ["", f"Round {seen.round_number}. Scores: " + ", ".join(
        f"{name} {seen.scores[seat]}" for seat, name in enumerate(names))]
    for number, meld in enumerate(seen.melds):
        owners = sorted({names[place.owner] for place in meld.places})
        stands = " ".join(place.stands_for() for place in meld.places)
        lines.append(f"  meld {number}: {meld}  ({stands}; {', '.join(owners)})")
    top = seen.discard_pile[-1] if seen.discard_pile else "empty"
    lines.append(f"Discard pile top: {top}; {seen.stock_size} cards in the stock; hands: "
                 + ", ".join(f"{names[seat]} {size}" for seat, size in enumerate(seen.hand_sizes)))
    if not seen.opened[seen.seat]:
        lines.append(f"You have not opened: your first melds must be worth {seen.rules.opening} together (R8).")
    lines.append(f"Your hand: {' '.join(map(str, seen.hand))}")
    return lines


def read_romme_step(state: RommeState, answer: str) -> RommeAction | str:
    """The action an answer names, or why it names none (a sentence to show the person).

    Examples:
        >>> from concombre.romme import deal, new_game
        >>> state = deal(new_game(["You", "Bea"], seed=2, dealer=1))
        >>> read_romme_step(state, "s")
        DrawStock()
        >>> print(read_romme_step(state, "discard QH1"))
        No card can be discarded now: the player to play must draw first. [R15]
    """
    text = answer.strip().lower()
    if text in ("s", "stock", "draw stock"):
        action: RommeAction = DrawStock()
    elif text in ("d", "discard pile", "draw discard"):
        action = DrawDiscard()
    else:
        try:
            action = parse_romme_action(answer)
        except FormatError as err:
            return f"{err.reason.rstrip('.')}. {HELP}"
        except InvalidArgumentError as err:
            return err.reason
    reason = why_illegal(state, action)
    return action if reason is None else reason


@attrs.define
class RommeTerminal:
    """A game of Rommé between one person, at seat 0, and bots; it keeps its record as it goes.

    Attributes:
        state: The game as it stands.
        record: Every action so far.
        bots: The bots at seats 1, 2...
        rngs: Each seat's random generator.

    Examples:
        >>> game = RommeTerminal.start("You", [SolverRommeBot()], RommeRules(), seed=3)
        >>> answers = iter(["auto"] * 5000)
        >>> game.run(lambda prompt: next(answers), lambda line: None)
        0
        >>> game.state.phase.value
        'game over'
    """

    state: RommeState
    record: RommeRecord
    bots: tuple[SolverRommeBot, ...]
    rngs: tuple[random.Random, ...]

    @classmethod
    def start(cls, name: str, bots: Sequence[SolverRommeBot], rules: RommeRules, seed: int | None = None
              ) -> RommeTerminal:
        """A new game: the person named ``name`` at seat 0, then the bots going left."""
        others = [other for other in ("Bea", "Cyd", "Dov", "Eli", "Fay") if other != name]
        state = new_game([name, *others[: len(bots)]], rules=rules,
                         seed=secrets.randbits(64) if seed is None else seed)
        rngs = tuple(random.Random(f"{state.seed}:{seat}") for seat in range(len(bots) + 1))
        return cls(state, RommeRecord.of(state), tuple(bots), rngs)

    def run(self, read: Callable[[str], str], write: Callable[[str], None]) -> int:
        """Play to the end, or until the person leaves; the exit status (0, or 130 after Ctrl-C)."""
        names = self.state.players
        write(f"German Rommé: you are {names[HUMAN]}, against "
              + ", ".join(f"{names[seat + 1]} ({bot.name})" for seat, bot in enumerate(self.bots)) + ".")
        write(HELP)
        try:
            while self.state.phase is not RommePhase.GAME_OVER:
                self._step(read, write)
        except EOFError:
            write("\nYou leave the table.")
        except KeyboardInterrupt:
            write("\nYou leave the table.")
            return 130
        winner = self.state.winner
        if winner is not None:
            write(f"{names[winner]} wins with {self.state.scores[winner]} points.")
        return 0

    def _step(self, read: Callable[[str], str], write: Callable[[str], None]) -> None:
        state = self.state
        seat = state.to_play
        if seat is None:
            (action,) = legal_actions(state)
        elif seat == HUMAN:
            action = self._ask(read, write)
        else:
            action = self.bots[seat - 1].choose(view(state, seat), self.rngs[seat])
            if not isinstance(action, (DrawStock, DrawDiscard)):
                write(f"  {state.players[seat]}: {romme_action_text(action)}")
        self.state = apply(state, action)
        self.record = self.record.then(action)
        if self.state.phase is RommePhase.DRAW and state.phase is RommePhase.DEAL:
            write(f"\nRound {self.state.round_number}: {self.state.players[self.state.dealer]} deals.")
        result = self.state.last_result
        if state.phase is RommePhase.ROUND_OVER and result is not None:
            out = "nobody went out" if result.out is None else f"{self.state.players[result.out]} went out"
            write(f"Round {result.round_number} is over: {out}. This round: "
                  + ", ".join(f"{name} {points}" for name, points in zip(self.state.players, result.scores,
                                                                          strict=True)))

    def _ask(self, read: Callable[[str], str], write: Callable[[str], None]) -> RommeAction:
        seen = view(self.state, HUMAN)
        if self.state.phase is RommePhase.DRAW:
            for line in show_romme_view(seen):
                write(line)
        while True:
            answer = read("Draw (s or d): " if self.state.phase is RommePhase.DRAW else "Your move: ")
            if answer.strip().lower() in ("hint", "auto"):
                suggestion = SolverRommeBot().choose(seen, self.rngs[HUMAN])
                if answer.strip().lower() == "auto":
                    return suggestion
                write(f"The solver would play: {romme_action_text(suggestion)}")
                continue
            if answer.strip().lower() in ("help", "?"):
                write(HELP)
                continue
            choice = read_romme_step(self.state, answer)
            if not isinstance(choice, str):
                return choice
            write(choice)

    def save(self, path: Path) -> None:
        """Write the game record to ``path``: JSON if it ends in .json, else the text form."""
        save_record(self.record, path)


def romme_story(record: RommeRecord) -> Iterator[str]:
    """A recorded game of Rommé told action by action, round by round (each action checked by the engine).

    Raises:
        FormatError: An action of the record is illegal (see `concombre.romme.replay_romme`).

    Examples:
        >>> from concombre.romme import Deal, DrawStock, RommeRecord, RommeRules
        >>> list(romme_story(RommeRecord(("Ann", "Bob"), RommeRules(), 5, 0, (Deal(), DrawStock()))))
        ['German Rommé for Ann, Bob, seed 5.', '', 'Round 1: Ann deals.', '  Bob: draw stock']
    """
    states = replay_romme_states(record)
    state = next(states)
    yield f"German Rommé for {', '.join(state.players)}, seed {record.seed}."
    for action, after in zip(record.actions, states, strict=False):
        if state.phase is RommePhase.DEAL:
            yield ""
            yield f"Round {after.round_number}: {after.players[after.dealer]} deals."
        elif state.to_play is not None:
            yield f"  {state.players[state.to_play]}: {romme_action_text(action)}"
        elif after.last_result is not None and state.phase is RommePhase.ROUND_OVER:
            result = after.last_result
            out = "nobody went out" if result.out is None else f"{after.players[result.out]} went out"
            yield f"  Round {result.round_number} is over: {out}; totals " + ", ".join(
                f"{name} {total}" for name, total in zip(after.players, after.scores, strict=True))
        if after.phase is RommePhase.GAME_OVER and after.winner is not None:
            yield f"{after.players[after.winner]} wins."
        state = after
