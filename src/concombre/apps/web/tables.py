"""The tables of the web server: games in progress, each with its people, bots and record.

A table knows nothing of HTTP, nor of which game it holds: it takes action
documents from a seat and gives each seat the message it may see — its view
document, the actions a page may offer, and why each thing on the page would
be refused — all through the game's `concombre.core.game.Game`. It never
gives a seat another hand, the stock or the seed.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence
from typing import Any

import attrs

from concombre.core.errors import ConcombreError, FormatError, InvalidArgumentError
from concombre.core.game import AnyGame, RoundShown, required
from concombre.core.i18n import N_, _, current_language, use_language
from concombre.core.records import Record, replay_states
from concombre.core.render import Picture, SheetLine, picture_document, without_hands
from concombre.games import find_game
from concombre.io.json import from_dict, to_dict

__all__ = ["Table", "new_table", "same_secret", "seat_opened", "watch_token"]

NAMES = ("Bea", "Cyd", "Dov", "Eli", "Fay", "Gil")


@attrs.define
class Table:
    """One game at the web server: people at some seats (each with a secret token), bots at the others.

    Seat 0 is the person who made the table; their invitations hold the other people's tokens, and a
    spectators' link (`watch_token`) shows the table with every hand face down.

    Attributes:
        game: The game played.
        state: The game as it stands.
        record: Every action so far.
        tokens: Each seat's secret, which proves a connection holds it; None for a bot's seat.
        bots: Each seat's bot kind (a name of ``game.bots``); None for a person's seat.
        clock: Seconds each person has for a move, or None for no clock: when they run out, the table bot
            plays that move for them (`time_out`).
        stand_ins: The people's seats the table bot plays for, their person away since their time ran out,
            until they come back (`back`).
        arrived: The people's seats whose person has opened their link at least once (the maker's from the
            start); a friend's seat is "invited" until then (`arrive`).
        handed: The tokens of the friends' seats given to the table bot (`hand_to_bot`): they open no seat, but
            the page can tell their holder what happened.
        logs: What happened, in words, most recent last: one list per language asked for so far
            (see `log`); a score sheet is one entry, a table (``{"head": [...], "rows": [[...], ...]}``).

    Examples:
        >>> table = new_table("concombre", players=3, name="Ann", seed=1)
        >>> message = table.message(0)
        >>> message["view"]["format"], "seed" in message["view"]
        ('concombre.view/1', False)
    """

    game: AnyGame
    state: Any
    record: Record[Any]
    tokens: tuple[str | None, ...]
    bots: tuple[str | None, ...]
    clock: float | None = None
    stand_ins: frozenset[int] = frozenset()
    arrived: frozenset[int] = frozenset({0})
    handed: tuple[str, ...] = ()
    logs: dict[str, list[str | dict[str, Any]]] = attrs.field(factory=dict)
    _rng: random.Random = attrs.field(factory=random.Random)

    @property
    def token(self) -> str:
        """The token of seat 0, the person who made the table."""
        token = self.tokens[0]
        assert token is not None
        return token

    def seat_of(self, token: str | None) -> int | None:
        """The person's seat that ``token`` opens, compared in constant time; None for no seat.

        Examples:
            >>> table = new_table("concombre", players=3, name="Ann", seed=1, people=2)
            >>> table.seat_of(table.tokens[1]), table.seat_of("wrong")
            (1, None)
        """
        return seat_opened(self.tokens, token)

    def watching(self, token: str | None) -> bool:
        """Whether ``token`` is this table's spectators' secret (`watch_token`), compared in constant time.

        Examples:
            >>> table = new_table("concombre", players=3, name="Ann", seed=1)
            >>> table.watching(watch_token(table.token)), table.watching(table.token)
            (True, False)
        """
        return same_secret(token, watch_token(self.token))

    def log(self) -> list[str | dict[str, Any]]:
        """What happened, in words of the current language, most recent last; told anew from the record the
        first time a language is asked for, then kept up to date with each step. A round's score sheet is one
        entry: a table, ``{"head": [...], "rows": [[...], ...]}``, for a page to draw as one.

        Examples:
            >>> from concombre.core.i18n import use_language
            >>> table = new_table("concombre", players=3, name="Ann", seed=1)
            >>> table.log()[0]
            'Round 1: Ann deals 7 cards each; Bea leads.'
            >>> with use_language("id"):
            ...     table.log()[0]
            'Ronde 1: Ann membagikan 7 kartu kepada setiap pemain; Bea memulai.'
        """
        language = current_language()
        if language not in self.logs:
            lines: list[str | dict[str, Any]] = []
            states = replay_states(self.record)
            before = next(states)
            for action, after in zip(self.record.actions, states, strict=True):
                lines += self._told(before, action, after)
                before = after
            self.logs[language] = lines
        return self.logs[language]

    def _told(self, before: Any, action: Any, after: Any) -> list[str | dict[str, Any]]:
        story = required(self.game, self.game.story, "story")
        told: list[str | dict[str, Any]] = []
        for line in story.tell(before, action, after):
            if isinstance(line, SheetLine):  # the story's score sheet: one table, its first line the head
                last = told[-1] if told else None
                if isinstance(last, dict):
                    last["rows"].append(list(line.cells))
                else:
                    told.append({"head": list(line.cells), "rows": []})
            elif line.strip():
                told.append(line.strip())
        return told

    def picture(self, seat: int | None, seen: Any = None) -> Picture | None:
        """What the page draws for ``seat``: the picture of its view (``seen``, when already taken); for a
        spectator (None), the table with every hand face down. None for a game without pictures."""
        game = self.game
        if game.render is None:
            return None
        if seat is None:
            return without_hands(game.render(self.state), self.state.players)
        return game.render(game.view(self.state, seat) if seen is None else seen)

    def message(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see now, as a JSON-ready message in the current language; a spectator (None)
        gets no view, only the public picture.

        Examples:
            >>> table = new_table("concombre", players=3, name="Ann", seed=1)
            >>> [row["label"] for row in table.message(None)["picture"]["rows"]][:2], table.message(None)["view"]
            (['Ann', 'Bea'], None)
        """
        game = self.game
        story = required(game, game.story, "story")
        offered: list[Any] = []
        if seat is not None and game.to_play(self.state) == seat:
            offered = list(story.offers(self.state) if story.offers else game.legal_actions(self.state))
        reasons = dict(story.reasons(self.state, seat)) if story.reasons and seat is not None else {}
        text = story.typed or required(game, game.records, "text records").action_text  # a button's words
        seen = None if seat is None else game.view(self.state, seat)  # taken once: the document and the picture
        picture = self.picture(seat, seen)
        log = self.log()
        won = self.trick_won()
        ended = self.round_shown()
        return {
            "type": "view",
            "game": game.name,
            "title": _(game.title),
            "view": None if seen is None else to_dict(seen),
            "picture": None if picture is None else picture_document(picture),
            "winner": game.winner(self.state),
            "you": seat,
            "players": list(self.state.players),
            "to_play": game.to_play(self.state),
            "people": [seat for seat, token in enumerate(self.tokens) if token is not None],
            "log": log[-30:],
            "log_start": max(0, len(log) - 30),
            "over": game.is_over(self.state),
            "trick_won": None if won is None else {"winner": won[0], "plays": [list(play) for play in won[1]]},
            "round_over": None if ended is None else {"title": ended.title, "out": ended.out,
                                                      "head": list(ended.sheet[0]),
                                                      "rows": [list(row) for row in ended.sheet[1:]]},
            "choices": [{"text": text(action), "action": to_dict(action)} for action in offered],
            "reasons": reasons,
        }

    def act(self, seat: int, document: Any) -> ConcombreError | None:
        """Apply an action document from ``seat``; None when done, else the refusal (state untouched), its
        sentence in the current language. The bots' replies are the table's next steps (`step`)."""
        if self.game.to_play(self.state) != seat:
            return ConcombreError(_("It is not your turn."))
        try:
            action = from_dict(document)
        except FormatError as err:
            return FormatError(_("That message is not an action: {error}", error=err.reason), err.path, err.ruling)
        try:
            after = self.game.apply(self.state, action)
        except ConcombreError as err:
            return err
        self._record(self.state, action, after)
        return None

    def trick_won(self) -> tuple[int, Sequence[tuple[int, str]]] | None:
        """The completed trick on the felt, who won it and its plays (`concombre.core.game.Story.shown_trick`),
        or None.

        Examples:
            >>> table = new_table("concombre", players=3, name="Ann", seed=1)
            >>> table.trick_won() is None
            True
        """
        story = self.game.story
        return None if story is None or story.shown_trick is None else story.shown_trick(self.state)

    def next_step(self, pause: float, round_pause: float | None = None) -> float | None:
        """How long to wait before the table's next step of its own or a bot's (`step`): ``pause`` while a
        completed trick is on the felt before the table collects it, ``round_pause`` (by default three times
        ``pause``) while a round's end is (`round_shown`), else 0; None while a person must act, or once the
        game is over.

        Examples:
            >>> table = new_table("concombre", players=3, name="Ann", seed=1)
            >>> table.next_step(1.5) is None  # Ann to play
            True
        """
        if self.game.is_over(self.state):
            return None
        if self.game.to_play(self.state) is None:
            if self.round_shown() is not None:
                return 3 * pause if round_pause is None else round_pause
            return pause if self.trick_won() is not None else 0.0
        return None if self.awaited() is not None else 0.0

    def round_shown(self) -> RoundShown | None:
        """The round's end on the felt, who went out and its score sheet (`concombre.core.game.Story.shown_round`),
        or None.

        Examples:
            >>> table = new_table("romme", players=2, name="Ann", seed=2)
            >>> table.round_shown() is None
            True
        """
        story = self.game.story
        return None if story is None or story.shown_round is None else story.shown_round(self.state)

    def awaited(self) -> int | None:
        """The seat of the person the table waits for (not a bot's, nor one the bot plays for), or None.

        Examples:
            >>> table = new_table("concombre", players=3, name="Ann", seed=1)
            >>> table.awaited()
            0
        """
        seat = None if self.game.is_over(self.state) else self.game.to_play(self.state)
        return None if seat is None or self.bots[seat] is not None or seat in self.stand_ins else seat

    def step(self) -> bool:
        """Take the table's own next step, or the bot's whose turn it is; False when a person must act or the
        game is over.

        Examples:
            >>> table = new_table("concombre", players=3, name="Ann", seed=1)
            >>> table.step()  # Ann to play: nothing for the table to do
            False
        """
        game = self.game
        before = self.state
        if game.is_over(before):
            return False
        seat = game.to_play(before)
        kind = None if seat is None else self.bots[seat]
        if seat is None:
            action = game.legal_actions(before)[0]
        elif kind is not None:
            action = game.bot(kind).choose(game.view(before, seat), self._rng)
        elif seat in self.stand_ins:
            action = self._stand_in(seat)
        else:
            return False
        self._record(before, action, game.apply(before, action))
        return True

    def _stand_in(self, seat: int) -> Any:
        """The table bot's move for a person's seat."""
        kind = required(self.game, self.game.bots, "bots").stand_in
        return self.game.bot(kind).choose(self.game.view(self.state, seat), self._rng)

    def time_out(self, seat: int, turn: int, away: bool) -> bool:
        """The person at ``seat`` ran out of time on the move after ``turn`` actions: the table bot plays it for
        them and everyone is told why; if they are ``away``, it plays for them until they come back (`back`).
        False, and nothing done, when that move is no longer theirs to make.

        Examples:
            >>> table = new_table("concombre", players=3, name="Ann", seed=1, clock=30)
            >>> _ = table.log()  # the log in English, kept up to date from now on
            >>> table.time_out(0, len(table.record.actions), away=False), table.game.to_play(table.state) != 0
            (True, True)
            >>> table.log()[-2]
            "Time ran out for Ann: the table's bot played for them."
        """
        game = self.game
        if self.awaited() != seat or len(self.record.actions) != turn:
            return False
        name = self.state.players[seat]
        if away:
            self.stand_ins |= {seat}
            self._note(N_("Time ran out for {name}, who is away: the table's bot plays for them until they come "
                          "back."), name=name)
        else:
            self._note(N_("Time ran out for {name}: the table's bot played for them."), name=name)
        before = self.state
        action = self._stand_in(seat)
        self._record(before, action, game.apply(before, action))
        return True

    def back(self, seat: int) -> None:
        """The person at ``seat`` has come back: they play their seat again."""
        if seat in self.stand_ins:
            self.stand_ins -= {seat}
            self._note(N_("{name} is back and plays again."), name=self.state.players[seat])

    def _note(self, sentence: str, **fields: Any) -> None:
        """A line of the table's own in every language's log (the story tells the moves)."""
        for language, lines in self.logs.items():
            with use_language(language):
                lines.append(_(sentence, **fields))

    def arrive(self, seat: int) -> None:
        """The person at ``seat`` has opened their link: from now on the table's clock runs for them.

        Examples:
            >>> table = new_table("concombre", players=3, name="Ann", seed=1, people=2)
            >>> table.arrive(1)
            >>> sorted(table.arrived)
            [0, 1]
        """
        self.arrived |= {seat}

    def hand_to_bot(self, seat: int) -> None:
        """Give a person's seat to the game's table bot (its token opens nothing any more, and is kept in
        `handed`); it plays from the table's next `step`.

        Raises:
            InvalidArgumentError: ``seat`` is seat 0, or not a person's seat.

        Examples:
            >>> table = new_table("concombre", players=3, name="Ann", seed=1, people=2)
            >>> token = table.tokens[1]
            >>> table.hand_to_bot(1)
            >>> table.seat_of(token), table.handed == (token,), table.bots[1]
            (None, True, 'thumb')
        """
        token = None if seat == 0 or not 0 <= seat < len(self.tokens) else self.tokens[seat]
        if token is None:
            raise InvalidArgumentError(_("Seat {seat} is not a friend's seat of this table.", seat=seat), field="seat")
        self.handed = (*self.handed, token)
        self.tokens = (*self.tokens[:seat], None, *self.tokens[seat + 1:])
        self.bots = (*self.bots[:seat], required(self.game, self.game.bots, "bots").stand_in, *self.bots[seat + 1:])

    @classmethod
    def replayed(cls, record: Record[Any], tokens: Sequence[str | None], bots: Sequence[str | None],
                 clock: float | None = None, arrived: frozenset[int] = frozenset({0}),
                 handed: Sequence[str] = ()) -> Table:
        """The table a record leads to, every action checked by the engine and its log told anew; the bots
        draw from a generator seeded by the record.

        Examples:
            >>> table = new_table("concombre", players=3, name="Ann", seed=1)
            >>> again = Table.replayed(table.record, table.tokens, table.bots)
            >>> again.state == table.state and again.log() == table.log()
            True
        """
        states = replay_states(record)  # checked as records are: a bad one raises FormatError with its path
        table = cls(record.game, next(states), attrs.evolve(record, actions=()), tuple(tokens), tuple(bots),
                    clock=clock, arrived=arrived, handed=tuple(handed),
                    rng=random.Random(f"{record.seed}:{len(record.actions)}"))
        for action, after in zip(record.actions, states, strict=True):
            table._record(table.state, action, after)
        return table

    def _record(self, before: Any, action: Any, after: Any) -> None:
        self.record = self.record.then(action)
        self.state = after
        for language, lines in self.logs.items():
            with use_language(language):
                lines += self._told(before, action, after)

    def play_bots(self) -> None:
        """The table's own steps and the bots' turns, all at once, until a person must act or the game ends."""
        while self.step():
            pass

    def record_document(self) -> dict[str, Any]:
        """The game record so far, as a JSON document."""
        return to_dict(self.record)


def watch_token(token: str) -> str:
    """The spectators' secret of the table whose maker holds ``token``: derived from it (so nothing more is kept),
    and telling nothing of it.

    Examples:
        >>> len(watch_token("abc")), watch_token("abc") == watch_token("abc") != watch_token("abd")
        (22, True)
    """
    return hashlib.sha256(b"concombre-watch:" + token.encode()).hexdigest()[:22]


def seat_opened(tokens: Sequence[str | None], token: str | None) -> int | None:
    """The seat whose secret, of ``tokens`` (None for a seat without one), is ``token``, every seat compared in
    constant time, so that the time says nothing of which; None for no seat.

    Examples:
        >>> seat_opened(("abc", None, "xyz"), "xyz"), seat_opened(("abc", None, "xyz"), "abd")
        (2, None)
    """
    found = None
    for seat, secret in enumerate(tokens):
        if secret is not None and same_secret(token, secret):
            found = seat
    return found


def same_secret(given: str | None, secret: str) -> bool:
    """Whether ``given`` is ``secret``, compared in constant time (any text, even not ASCII, is fine).

    Examples:
        >>> same_secret("abc", "abc"), same_secret("abç", "abc"), same_secret(None, "abc")
        (True, False, False)
    """
    return given is not None and secrets.compare_digest(given.encode("utf-8", "replace"), secret.encode("utf-8"))


def playable(game: AnyGame) -> bool:
    """Whether ``game`` can be played at a web table: it offers a story, text records, JSON documents and bots.

    Examples:
        >>> from concombre.games import find_game
        >>> playable(find_game("romme"))
        True
    """
    return None not in (game.story, game.records, game.codec, game.bots)


def new_table(game: str, players: int, name: str, seed: int | None = None, people: int = 1,
              bot: str | None = None, clock: float | None = None) -> Table:
    """A new table: ``name`` at seat 0, ``people - 1`` friends at the next seats, bots at the rest; the first
    deal done and the bots played up to a person. ``clock``: seconds each person has for a move (None: no
    clock; see `Table.time_out`).

    Raises:
        InvalidArgumentError: An unknown game or bot, a player count the game refuses, or more people than seats.

    Examples:
        >>> table = new_table("romme", players=2, name="Ann", seed=2)
        >>> table.game.name, table.game.to_play(table.state), table.bots
        ('romme', 0, (None, 'solver'))
    """
    chosen = find_game(game)
    chosen.check_players(players)
    if isinstance(people, bool) or not isinstance(people, int) or not 1 <= people <= players:
        raise InvalidArgumentError(_("people must be 1 to {players} (the seats), not {people}.", players=players,
                                     people=repr(people)), field="people")
    offered = required(chosen, chosen.bots, "bots")
    needed = ((chosen.story, "story"), (chosen.records, "text records"), (chosen.codec, "JSON documents"))
    for capability, what in needed:
        required(chosen, capability, what)
    kind = offered.stand_in if bot is None else bot
    if kind not in offered.makers:
        raise InvalidArgumentError(_("No bot {bot} plays {game}: choose one of {bots}.", bot=repr(kind),
                                     game=_(chosen.title), bots=", ".join(sorted(offered.makers))), field="bot")
    names = [name, *(other for other in NAMES if other != name)][:players]
    seed = secrets.randbits(64) if seed is None else seed
    state = chosen.new_game(names, seed=seed)
    tokens = tuple(secrets.token_urlsafe(16) if seat < people else None for seat in range(players))
    bots = tuple(None if seat < people else kind for seat in range(players))
    table = Table(chosen, state, Record.of(state), tokens, bots, clock=clock, rng=random.Random(seed))
    table.play_bots()
    return table
