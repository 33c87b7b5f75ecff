"""The tables of the web server: games in progress, each with its person, bots and record.

A table knows nothing of HTTP: it takes action documents from a seat and
gives each seat the message it may see — its view document, and the help a
page needs to offer only legal moves (the refusal reason of each card in a
Concombre hand, the numbered choices of a Rommé turn). It never gives a seat
another hand, the stock or the seed.
"""

from __future__ import annotations

import random
import secrets
from typing import Any

import attrs

from concombre import romme
from concombre.actions import Play, apply, legal_actions, why_illegal
from concombre.bots import ThumbBot
from concombre.errors import ConcombreError, FormatError, InvalidArgumentError
from concombre.integrations.romme_choices import choices as romme_choices
from concombre.records import GameRecord
from concombre.romme.bots import SolverRommeBot
from concombre.romme.records import RommeRecord, romme_action_text
from concombre.serialize import from_dict, to_dict
from concombre.state import Phase
from concombre.story import tell
from concombre.transitions import new_game
from concombre.views import view

__all__ = ["Table", "new_table"]

NAMES = ("Bea", "Cyd", "Dov", "Eli", "Fay", "Gil")


@attrs.define
class Table:
    """One game at the web server: the person at seat 0, bots at the other seats.

    Attributes:
        game: ``"concombre"`` or ``"romme"``.
        state: The game as it stands (a `GameState` or a `RommeState`).
        record: Every action so far.
        token: The secret that proves a connection holds seat 0.
        log: What happened, in words, most recent last.

    Examples:
        >>> table = new_table("concombre", players=3, name="Ann", seed=1)
        >>> message = table.message(0)
        >>> message["view"]["format"], "seed" in message["view"]
        ('concombre.view/1', False)
    """

    game: str
    state: Any
    record: Any
    token: str
    log: list[str] = attrs.field(factory=list)
    _rng: random.Random = attrs.field(factory=random.Random)

    def message(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see now, as a JSON-ready message."""
        if self.game == "romme":
            seen: Any = romme.view(self.state, seat)
            offered = romme_choices(self.state) if self.state.to_play == seat else []
            extra: dict[str, Any] = {
                "choices": [{"text": romme_action_text(action), "action": to_dict(action)} for action in offered],
                "reasons": self._romme_reasons(seat),
            }
        else:
            seen = view(self.state, seat)
            extra = {"reasons": self._reasons(seat)}
        over = self.state.phase.value == "game over"
        return {"type": "view", "game": self.game, "view": to_dict(seen), "you": seat, "log": self.log[-30:],
                "over": over, **extra}

    def _reasons(self, seat: int) -> dict[str, str | None]:
        if self.state.to_play != seat:
            return {}
        return {str(card): why_illegal(self.state, Play(card)) for card in self.state.hand(seat)}

    def _romme_reasons(self, seat: int) -> dict[str, str | None]:
        """Why each draw, and the discard of each card in hand, would be refused now (None if allowed)."""
        if self.state.to_play != seat:
            return {}
        reasons: dict[str, str | None] = {
            "draw stock": romme.why_illegal(self.state, romme.DrawStock()),
            "draw discard": romme.why_illegal(self.state, romme.DrawDiscard()),
        }
        for card in self.state.hands[seat]:
            reasons[str(card)] = romme.why_illegal(self.state, romme.Discard(card))
        return reasons

    def act(self, seat: int, document: Any) -> str | None:
        """Apply an action document from ``seat``; None when done, else why it was refused (state untouched)."""
        if self.state.to_play != seat:
            return "It is not your turn."
        try:
            action = from_dict(document)
        except FormatError as err:
            return f"That message is not an action: {err}"
        try:
            after = (romme.apply if self.game == "romme" else apply)(self.state, action)
        except ConcombreError as err:
            return str(err)
        self._record(self.state, action, after)
        self._play_bots()
        return None

    def _record(self, before: Any, action: Any, after: Any) -> None:
        self.record = self.record.then(action)
        self.state = after
        if self.game == "romme":
            if before.to_play is not None:
                self.log.append(f"{before.players[before.to_play]}: {romme_action_text(action)}")
            result = after.last_result
            if before.phase is romme.RommePhase.ROUND_OVER and result is not None:
                self.log.append(f"Round {result.round_number} scored: "
                                + ", ".join(f"{n} {p}" for n, p in zip(after.players, result.scores, strict=True)))
        else:
            self.log.extend(line for line in tell(before, after) if line)

    def _play_bots(self) -> None:
        """The table's own steps and the bots' turns, until the person must act or the game ends."""
        while self.state.phase.value != "game over" and self.state.to_play != 0:
            before = self.state
            action: Any
            after: Any
            if self.game == "romme":
                seat = before.to_play
                action = (romme.legal_actions(before)[0] if seat is None
                          else SolverRommeBot().choose(romme.view(before, seat), self._rng))
                after = romme.apply(before, action)
            else:
                seat = before.to_play
                action = (legal_actions(before)[0] if before.phase is not Phase.PLAY
                          else ThumbBot().choose(view(before, seat or 0), self._rng))
                after = apply(before, action)
            self._record(before, action, after)

    def record_document(self) -> dict[str, Any]:
        """The game record so far, as a JSON document."""
        return to_dict(self.record)


def new_table(game: str, players: int, name: str, seed: int | None = None) -> Table:
    """A new table: ``name`` at seat 0 against bots, the first deal done and the bots played up to the person.

    Raises:
        InvalidArgumentError: An unknown game, or a player count the game refuses.

    Examples:
        >>> new_table("romme", players=2, name="Ann", seed=2).state.to_play
        0
    """
    names = [name, *(other for other in NAMES if other != name)][:players]
    seed = secrets.randbits(64) if seed is None else seed
    if game == "concombre":
        state: Any = new_game(names, seed=seed)
        record: Any = GameRecord.of(state)
    elif game == "romme":
        state = romme.new_game(names, seed=seed)
        record = RommeRecord.of(state)
    else:
        raise InvalidArgumentError(f"game must be 'concombre' or 'romme', not {game!r}.")
    table = Table(game, state, record, secrets.token_urlsafe(16), rng=random.Random(seed))
    table._play_bots()
    return table
