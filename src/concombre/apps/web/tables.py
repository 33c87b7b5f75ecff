"""The tables of the web server: games in progress, each with its person, bots and record.

A table knows nothing of HTTP, nor of which game it holds: it takes action
documents from a seat and gives each seat the message it may see — its view
document, the actions a page may offer, and why each thing on the page would
be refused — all through the game's `concombre.core.game.Game`. It never
gives a seat another hand, the stock or the seed.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

import attrs

from concombre.core.errors import ConcombreError, FormatError
from concombre.core.game import Game
from concombre.core.records import Record
from concombre.games import find_game
from concombre.io.json import from_dict, to_dict

__all__ = ["Table", "new_table"]

NAMES = ("Bea", "Cyd", "Dov", "Eli", "Fay", "Gil")


@attrs.define
class Table:
    """One game at the web server: the person at seat 0, the game's table bot at the other seats.

    Attributes:
        game: The game played.
        state: The game as it stands.
        record: Every action so far.
        token: The secret that proves a connection holds seat 0.
        log: What happened, in words, most recent last.

    Examples:
        >>> table = new_table("concombre", players=3, name="Ann", seed=1)
        >>> message = table.message(0)
        >>> message["view"]["format"], "seed" in message["view"]
        ('concombre.view/1', False)
    """

    game: Game
    state: Any
    record: Record
    token: str
    log: list[str] = attrs.field(factory=list)
    _rng: random.Random = attrs.field(factory=random.Random)

    def message(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now, as a JSON-ready message."""
        game, story = self.game, self.game.story
        offered: list[Any] = []
        if game.to_play(self.state) == seat:
            offered = list(story.offers(self.state) if story.offers else game.legal_actions(self.state))
        reasons = dict(story.reasons(self.state, seat)) if story.reasons else {}
        return {
            "type": "view",
            "game": game.name,
            "title": game.title,
            "view": to_dict(game.view(self.state, seat)),
            "you": seat,
            "log": self.log[-30:],
            "over": game.is_over(self.state),
            "choices": [{"text": game.action_text(action), "action": to_dict(action)} for action in offered],
            "reasons": reasons,
        }

    def act(self, seat: int, document: Any) -> str | None:
        """Apply an action document from ``seat``; None when done, else why it was refused (state untouched)."""
        if self.game.to_play(self.state) != seat:
            return "It is not your turn."
        try:
            action = from_dict(document)
        except FormatError as err:
            return f"That message is not an action: {err}"
        try:
            after = self.game.apply(self.state, action)
        except ConcombreError as err:
            return str(err)
        self._record(self.state, action, after)
        self._play_bots()
        return None

    def _record(self, before: Any, action: Any, after: Any) -> None:
        self.record = self.record.then(action)
        self.state = after
        self.log.extend(line.strip() for line in self.game.story.tell(before, action, after) if line.strip())

    def _play_bots(self) -> None:
        """The table's own steps and the bots' turns, until the person must act or the game ends."""
        game = self.game
        bot = game.bot(game.table_bot)
        while not game.is_over(self.state) and game.to_play(self.state) != 0:
            before = self.state
            seat = game.to_play(before)
            action = game.legal_actions(before)[0] if seat is None else bot.choose(game.view(before, seat), self._rng)
            self._record(before, action, game.apply(before, action))

    def record_document(self) -> dict[str, Any]:
        """The game record so far, as a JSON document."""
        return to_dict(self.record)


def new_table(game: str, players: int, name: str, seed: int | None = None) -> Table:
    """A new table: ``name`` at seat 0 against bots, the first deal done and the bots played up to the person.

    Raises:
        InvalidArgumentError: An unknown game, or a player count the game refuses.

    Examples:
        >>> table = new_table("romme", players=2, name="Ann", seed=2)
        >>> table.game.name, table.game.to_play(table.state)
        ('romme', 0)
    """
    chosen = find_game(game)
    chosen.check_players(players)
    names = [name, *(other for other in NAMES if other != name)][:players]
    seed = secrets.randbits(64) if seed is None else seed
    state = chosen.new_game(names, seed=seed)
    table = Table(chosen, state, Record.of(state), secrets.token_urlsafe(16), rng=random.Random(seed))
    table._play_bots()
    return table
