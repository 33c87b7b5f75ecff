"""A terminal front-end: one person plays any game against bots, on the `Game` protocol only.

It shows the person what their view shows on their turn, reads an answer
with the game's own story (a number, a card, an action as a text record
writes it), asks the engine before applying it, and lets the table perform
its own steps. ``hint`` asks the table's bot what it would do and why; ``auto``
lets it play the step and says what it did; ``help`` repeats how to answer;
``quit`` leaves. Every player's step is told as it happens, and the cards a
step of the person puts in their hand are named.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import attrs

from concombre.core.errors import ConcombreError
from concombre.core.game import AnyGame, Bots, Level, Records, Story, required
from concombre.core.i18n import _
from concombre.core.records import Record
from concombre.core.words import YOU, cards_text, person
from concombre.io.records import save_record

__all__ = ["NAMES", "QUIT", "TerminalGame", "levels_text"]

HUMAN = 0
"""The person's seat: the bots sit to their left."""

QUIT = ("quit", "exit", "q")
"""The answers that leave the table (as end of input does).

Examples:
    >>> "quit" in QUIT
    True
"""


def _reason(bot: Any, seen: Any, action: Any) -> str | None:
    """Why the bot chose ``action``, when it can say (a bot's optional ``explain``)."""
    explain = getattr(bot, "explain", None)
    return explain(seen, action) if explain is not None else None

def levels_text(levels: Sequence[Level], chosen: str | None = None) -> str:
    """The levels a game offers, weakest first, each with its bot, ladder rating and time a move: one line.

    Examples:
        >>> levels = [Level(name="beginner", bot="random", rating=-619, ms=0.273),
        ...           Level(name="expert", bot="planner", rating=358, ms=14.728)]
        >>> print(levels_text(levels, "expert"))
        Levels (--level): beginner: random (rating -619, 0.27 ms a move);
        expert: planner (rating +358, 15 ms a move) [yours].
    """
    parts = [_("{level}: {bot} (rating {rating:+d}, {ms} ms a move)", level=_(level.name), bot=level.bot,
               rating=level.rating, ms=f"{level.ms:.2g}") + (_(" [yours]") if level.name == chosen else "")
             for level in levels]
    return _("Levels (--level): {levels}.", levels="; ".join(parts))


NAMES = ("Ada", "Bea", "Cyd", "Dov", "Eli", "Fay", "Gil")
"""The players' names at a table, by seat, after the person's own.

Examples:
    >>> NAMES[:3]
    ('Ada', 'Bea', 'Cyd')
"""


@attrs.define
class TerminalGame:
    """A game between one person, at seat 0, and bots; it keeps its record as it goes.

    Attributes:
        game: The game played.
        state: The game as it stands.
        record: Every action so far, for `save`.
        bots: The bots at seats 1, 2...
        rngs: Each seat's random generator.
        helper: The bot that answers the person's ``hint`` and ``auto``: the level's bot when one is
            played, else the game's table bot.

    Examples:
        >>> from concombre.games import find_game
        >>> game = find_game("concombre")
        >>> table = TerminalGame.start(game, "You", [game.bot("thumb")], game.Rules(), seed=3)
        >>> answers = iter(["1"] * 500)
        >>> table.run(lambda prompt: next(answers), lambda line: None)
        0
        >>> game.is_over(table.state), len(table.record.actions) > 0
        (True, True)
    """

    game: AnyGame
    state: Any
    record: Record[Any]
    bots: tuple[Any, ...]
    rngs: tuple[random.Random, ...]
    helper: str | None = None

    @classmethod
    def start(cls, game: AnyGame, name: str, bots: Sequence[Any], rules: Any, seed: int | None = None,
              helper: str | None = None) -> TerminalGame:
        """A new game: the person named ``name`` at seat 0, then the bots going left; ``helper`` answers
        ``hint`` and ``auto`` (default: the game's table bot)."""
        players = [name, *(other for other in NAMES[1:] if other != name)][: len(bots) + 1]
        state = game.new_game(players, rules=rules, seed=secrets.randbits(64) if seed is None else seed)
        rngs = tuple(random.Random(f"{state.seed}:{seat}") for seat in range(len(players)))
        return cls(game, state, Record.of(state), tuple(bots), rngs, helper)

    @property
    def _story(self) -> Story[Any, Any, Any]:
        return required(self.game, self.game.story, "story")

    @property
    def _records(self) -> Records[Any]:
        return required(self.game, self.game.records, "text records")

    @property
    def _bots(self) -> Bots[Any, Any]:
        return required(self.game, self.game.bots, "bots")

    def run(self, read: Callable[[str], str], write: Callable[[str], None]) -> int:
        """Play to the end, or until the person leaves; the exit status (0, or 130 after Ctrl-C)."""
        names, story = self.state.players, self._story
        bots = ", ".join(f"{names[seat + 1]} ({bot.name})" for seat, bot in enumerate(self.bots))
        rules = story.describe(self.state.rules)
        title, you = _(self.game.title), names[HUMAN]
        if you == YOU and rules:  # no "you are You": the person kept the default name
            write(_("{game}: you play against {bots}; {rules}.", game=title, bots=bots, rules=rules))
        elif you == YOU:
            write(_("{game}: you play against {bots}.", game=title, bots=bots))
        elif rules:
            write(_("{game}: you are {name}, against {bots}; {rules}.", game=title, name=you, bots=bots, rules=rules))
        else:
            write(_("{game}: you are {name}, against {bots}.", game=title, name=you, bots=bots))
        write(_(story.help))
        try:
            while not self.game.is_over(self.state):
                self._step(read, write)
        except EOFError:
            write("\n" + _("You leave the table."))
        except KeyboardInterrupt:
            write("\n" + _("You leave the table."))
            return 130
        return 0

    def _step(self, read: Callable[[str], str], write: Callable[[str], None]) -> None:
        game, state = self.game, self.state
        seat = game.to_play(state)
        if seat is None:
            action = game.legal_actions(state)[0]
        elif seat == HUMAN:
            action = self._ask(read, write)
        else:
            action = self.bots[seat - 1].choose(game.view(state, seat), self.rngs[seat])
        self.state = game.apply(state, action)
        self.record = self.record.then(action)
        told = list(self._story.tell(state, action, self.state))
        if not told and seat not in (None, HUMAN):
            told = [f"  {person(state.players[seat])}: {self._typed(action)}"]
        for line in told:
            write(line)
        if seat == HUMAN:
            self._tell_new_cards(state, write)

    def _tell_new_cards(self, before: Any, write: Callable[[str], None]) -> None:
        """Name the cards the person's step put in their hand: the one drawn from the stock, say."""
        held = list(getattr(self.game.view(before, HUMAN), "hand", ()))
        new = []
        for card in getattr(self.game.view(self.state, HUMAN), "hand", ()):
            if card in held:
                held.remove(card)
            else:
                new.append(card)
        if new:
            write("  " + _("You now hold {cards}.", cards=cards_text(new)))

    def _ask(self, read: Callable[[str], str], write: Callable[[str], None]) -> Any:
        game = self.game
        seen = game.view(self.state, HUMAN)
        for line in self._story.show(seen):
            write(line)
        while True:
            answer = read(_("Your move: "))
            word = answer.strip().lower()
            if word in QUIT:
                raise EOFError
            if word in ("hint", "auto"):
                suggestion = self._suggest(seen, write, auto=word == "auto")
                if word == "auto":
                    return suggestion
                continue
            if word in ("help", "?"):
                write(_(self._story.help))
                continue
            choice = self._story.read(self.state, answer)
            if isinstance(choice, str):
                write(choice)
                continue
            # the engine judges what the game's reader made of the answer: a refusal is said, and asked again
            try:
                refused: ConcombreError | None = game.refusal(self.state, choice, seat=HUMAN)
            except ConcombreError as err:
                refused = err
            if refused is None:
                return choice
            write(str(refused))

    def _typed(self, action: Any) -> str:
        """An action as the person would type it (the story's people's form, else the record's line)."""
        typed = self._story.typed
        return typed(action) if typed is not None else self._records.action_text(action)

    def _suggest(self, seen: Any, write: Callable[[str], None], auto: bool) -> Any:
        """The helper bot's move for the person, said in the words the person can type back."""
        name = self.helper or self._bots.stand_in
        bot = self.game.bot(name)
        suggestion = bot.choose(seen, self.rngs[HUMAN])
        why, action = _reason(bot, seen, suggestion), self._typed(suggestion)
        if auto:
            said = (_("Auto, by the {bot} bot: {action}, because {why}.", bot=name, action=action, why=why) if why
                    else _("Auto, by the {bot} bot: {action}.", bot=name, action=action))
        else:
            said = (_("Hint from the {bot} bot: {action}, because {why}.", bot=name, action=action, why=why) if why
                    else _("Hint from the {bot} bot: {action}.", bot=name, action=action))
        write(said)
        return suggestion

    def save(self, path: Path) -> None:
        """Write the game record to ``path``: JSON if it ends in .json, else the text form."""
        save_record(self.record, path)
