"""Game records, for every game: who played, under which rules and seed, and every action in order.

A `Record` is enough to rebuild every state of a game, because every shuffle
is drawn from the seed. Its game is the game of its rules (see
`concombre.core.game.game_of`). It has a compact text form, a header then
one action a line, for bug reports, tests and golden games; its JSON form is
in `concombre.io`.
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, overload

import attrs

from concombre.core.errors import ConcombreError, FormatError, IllegalActionError, InvalidArgumentError
from concombre.core.game import AnyGame, Game, game_of, registered, required
from concombre.core.i18n import _
from concombre.core.limits import MAX_ACTIONS
from concombre.core.render import Picture, picture_html, picture_svg
from concombre.core.seats import check_loaded_players

__all__ = ["Record", "check_record", "own_record", "replay", "replay_states", "rules_from_text", "rules_text"]

if TYPE_CHECKING:  # a record whose action type is not given holds Any action (TypeVar defaults, PEP 696)
    from typing_extensions import TypeVar as DefaultTypeVar

    # The built-in games' types, for type checkers only: a record of one of their states is typed with its game's
    # action, and replaying it gives that game's state (overloads below). Nothing here is imported to run, so the
    # core still stands below every game; another game's records are typed by their annotations (Record[Action]).
    from concombre.games.concombre.actions import Action as ConcombreAction
    from concombre.games.concombre.state import State as ConcombreState
    from concombre.games.romme.actions import Action as RommeAction
    from concombre.games.romme.state import State as RommeState

    A = DefaultTypeVar("A", default=Any)
else:
    A = TypeVar("A")


@attrs.frozen
class Record(Generic[A]):
    """Everything needed to replay a game: its setup and its actions in order.

    Build one from a new game with `Record.of`, add each action with `then`
    as it is applied, and rebuild the game with `replay`. The same class
    records every game; its game is the game of its ``rules``.

    Attributes:
        players: The players' names, by seat.
        rules: The rules of the game (a `concombre.Rules`, a
            `concombre.romme.RommeRules`...): they name the game.
        seed: The seed every shuffle is drawn from.
        dealer: The first dealer's seat.
        actions: Every action applied, in order.

    Examples:
        >>> from concombre import Record, apply, legal_actions, new_game, replay
        >>> state = new_game(["Ann", "Bob"], seed=8)
        >>> record = Record.of(state)
        >>> for _ in range(5):
        ...     action = legal_actions(state)[0]
        ...     state, record = apply(state, action), record.then(action)
        >>> replay(record) == state
        True
    """

    players: tuple[str, ...]
    rules: Any
    seed: int
    dealer: int
    actions: tuple[A, ...] = ()

    def _picture(self) -> Picture | None:
        """The table where the record ends, titled with the record's setup; None for a game without pictures."""
        game = self.game
        if game.render is None:
            return None
        picture = game.render(replay(self))
        title = (f"{game.title}: {', '.join(self.players)}, seed {self.seed}, {len(self.actions)} actions. "
                 f"{picture.title}")
        return attrs.evolve(picture, title=title)

    def _repr_svg_(self) -> str | None:
        """The table where the record ends, for notebooks."""
        picture = self._picture()
        return None if picture is None else picture_svg(picture)

    def _repr_html_(self) -> str | None:
        """The table where the record ends, for notebooks.

        Examples:
            >>> from concombre import Record, new_game
            >>> Record.of(new_game(["Ann", "Bob"], seed=1))._repr_html_().startswith("<figure")
            True
        """
        picture = self._picture()
        return None if picture is None else picture_html(picture)

    @property
    def game(self) -> AnyGame:
        """The game recorded: the game of `rules` (its name is ``record.game.name``, which
        `concombre.games.find_game` takes, as it takes the game itself).

        Examples:
            >>> from concombre import Record, new_game
            >>> Record.of(new_game(2, seed=1)).game.name
            'concombre'
        """
        return game_of(self.rules)

    @overload
    @classmethod
    def of(cls, state: ConcombreState) -> Record[ConcombreAction]: ...
    @overload
    @classmethod
    def of(cls, state: RommeState) -> Record[RommeAction]: ...
    @overload
    @classmethod
    def of(cls: type[Record[A]], state: Any) -> Record[A]: ...

    @classmethod
    def of(cls, state: Any) -> Record[Any]:
        """An empty record of a game as its ``new_game`` returned it.

        A record is generic in its game's action type, and typed from its state: a type checker sees
        ``Record.of(concombre.new_game(2))`` as a ``Record[concombre.Action]`` (and refuses it where a Rommé
        record is expected, or another game's action in `then`). Another game's record is typed by its
        annotation: ``record: Record[Action] = Record.of(state)``, or ``Record[Action].of(state)``.

        Raises:
            InvalidArgumentError: ``state`` is not a new game (actions were
                already applied to it, so the record could not replay them).

        Examples:
            >>> from concombre import Record, new_game
            >>> Record.of(new_game(["Ann", "Bob"], seed=1)).players
            ('Ann', 'Bob')
            >>> from concombre import Action
            >>> Record[Action].of(new_game(2, seed=1)).actions
            ()
        """
        game = game_of(state, "state")
        if not isinstance(state, game.State):
            raise InvalidArgumentError(
                f"Record.of needs a {game.name} state as new_game returns it, not a {type(state).__name__}: a view "
                "hides the seed and the hands a record replays from.", field="state")
        record = cls(state.players, state.rules, state.seed, state.dealer)
        if record.start() != state:
            raise InvalidArgumentError(
                f"Record.of needs a new game, as {game.name}'s new_game returns it; actions were applied to this one."
            )
        return record

    def then(self, action: A) -> Record[A]:
        """This record with ``action`` appended (it is checked when replayed).

        Raises:
            InvalidArgumentError: ``action`` is not an action of this game.

        Examples:
            >>> from concombre import Deal, Record, new_game
            >>> Record.of(new_game(2, seed=1)).then(Deal()).actions
            (Deal(deck=None),)
        """
        game = self.game
        if not isinstance(action, game.action_types):
            names = ", ".join(kind.__name__ for kind in game.action_types)
            raise InvalidArgumentError(f"Expected an action of {game.title} ({names}), not {action!r}.",
                                       field="action")
        return attrs.evolve(self, actions=(*self.actions, action))

    if TYPE_CHECKING:  # typed through its record (see _Start), which a type checker reads an Any record through
        start: ClassVar[_Start]
    else:

        def start(self):
            """The game's first state, before any action (typed as the state of the record's game).

            Raises:
                FormatError: The players, rules, seed or dealer are not a valid game.

            Examples:
                >>> from concombre import Record, new_game
                >>> Record.of(new_game(2, seed=1)).start() == new_game(2, seed=1)
                True
            """
            return self._start()

    def _start(self) -> Any:
        try:
            return self.game.new_game(self.players, dealer=self.dealer, rules=self.rules, seed=self.seed)
        except ConcombreError as err:
            field = getattr(err, "field", None)
            raise FormatError(err.reason, f"$.{field}" if field else "$", err.ruling) from None

    def to_text(self) -> str:
        """The record as text: a header, then one action per line, each round opened by a comment.

        Examples:
            >>> from concombre import Deal, Record, Rules
            >>> record = Record(("Ann", "Bob"), Rules(), 5, 0, (Deal(),))
            >>> print(record.to_text())
            concombre record 1
            players: ["Ann", "Bob"]
            rules: follow=lead may_duck=false first_deal=7 limit=21
            seed: 5
            dealer: 0
            <BLANKLINE>
            # round 1
            deal
        """
        records = required(self.game, self.game.records, "text records")
        lines = [
            records.header,
            f"players: {json.dumps(list(self.players), ensure_ascii=False)}",
            f"rules: {rules_text(self.rules)}",
            f"seed: {self.seed}",
            f"dealer: {self.dealer}",
            "",
        ]
        round_number = 0
        for action in self.actions:
            if records.starts_round(action):
                round_number += 1
                title = records.round_title or (lambda number, _: f"round {number}")
                lines.append(f"# {title(round_number, len(self.players))}")
            lines.append(records.action_text(action))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str, game: AnyGame | None = None) -> Record[Any]:
        """Read a record written by `to_text`, of ``game`` or of the game its first line names.

        Blank lines, ``#`` comment lines and ``#`` comments after an action
        are skipped. The record is replayed as it is read (see `check_record`),
        so a record that loads is a game that was played.

        Raises:
            FormatError: The text is not a record; the path names the line,
                or the action (``$.actions[N]``) that could not be played.

        Examples:
            >>> from concombre import Record
            >>> text = 'concombre record 1\\nplayers: ["A", "B"]\\nseed: 3\\ndealer: 1\\ndeal\\n'
            >>> Record.from_text(text).actions
            (Deal(deck=None),)
        """
        return check_record(cls(*_read_text(text, game)))


if TYPE_CHECKING:

    class _Start(Protocol):
        """`Record.start`'s type: the state of the record's game (an overloaded descriptor rather than overloads
        on ``self``, which a type checker would resolve to the first for a ``Record[Any]``)."""

        @overload
        def __get__(self, record: None, owner: object) -> Callable[[Record[Any]], Any]: ...
        @overload
        def __get__(self, record: Record[ConcombreAction], owner: object) -> Callable[[], ConcombreState]: ...
        @overload
        def __get__(self, record: Record[RommeAction], owner: object) -> Callable[[], RommeState]: ...
        @overload
        def __get__(self, record: Record[Any], owner: object) -> Callable[[], Any]: ...


def check_record(record: Record[A]) -> Record[A]:
    """``record`` if it is a game that could be played: every action replays, within the library's bounds.

    Both forms of a record, JSON and text, are read through this check, so
    that they accept exactly the same records.

    Raises:
        FormatError: The setup is not a valid game (path ``$.players``,
            ``$.seed``...), the record
            holds more than `concombre.core.limits.MAX_ACTIONS` actions, or
            action N is illegal (path ``$.actions[N]``, with its ruling).

    Examples:
        >>> from concombre import Deal, FormatError, Record, Rules
        >>> check_record(Record(("Ann", "Bob"), Rules(), 5, 0, (Deal(),))).seed
        5
        >>> try:
        ...     check_record(Record(("Ann", "Bob"), Rules(), 5, 2))
        ... except FormatError as err:
        ...     print(err.path, "-", err.reason, err.ruling)
        $.dealer - dealer must be a seat from 0 to 1, not 2. C3
    """
    if len(record.actions) > MAX_ACTIONS:
        raise FormatError(_("a record holds at most {most} actions, not {count}", most=MAX_ACTIONS,
                            count=len(record.actions)), "$.actions")
    fewest, most = record.game.players
    check_loaded_players(tuple(record.players), fewest, most, record.game.player_ruling)
    for _state in replay_states(record):
        pass
    return record


@overload
def replay_states(record: Record[ConcombreAction]) -> Iterator[ConcombreState]: ...
@overload
def replay_states(record: Record[RommeAction]) -> Iterator[RommeState]: ...
@overload
def replay_states(record: Record[Any]) -> Iterator[Any]: ...


def replay_states(record: Record[Any]) -> Iterator[Any]:
    """Every state of the recorded game: the first, then one after each action, each checked by the engine
    (typed as the states of the record's game).

    Raises:
        FormatError: The setup is not a valid game, or action N is illegal;
            the path is ``$.actions[N]`` and the ruling is named.

    Examples:
        >>> from concombre import Deal, Record, Rules, replay_states
        >>> record = Record(("Ann", "Bob"), Rules(), 5, 0, (Deal(),))
        >>> [state.phase.value for state in replay_states(record)]
        ['deal', 'play']
    """
    if not isinstance(record, Record):
        raise InvalidArgumentError(f"Expected a Record, not {record!r}.", field="record")
    game = record.game
    state = record.start()
    yield state
    for number, action in enumerate(record.actions):
        try:
            state = game.apply(state, action)
        except IllegalActionError as err:
            raise FormatError(
                f"action {number} ({_action_text(game, action)}) is illegal: {err.reason}",
                f"$.actions[{number}]",
                err.ruling,
            ) from None
        except InvalidArgumentError as err:
            raise FormatError(err.reason, f"$.actions[{number}]") from None
        yield state


@overload
def replay(record: Record[ConcombreAction]) -> ConcombreState: ...
@overload
def replay(record: Record[RommeAction]) -> RommeState: ...
@overload
def replay(record: Record[Any]) -> Any: ...


def replay(record: Record[Any]) -> Any:
    """The state after every action of the record, each checked by the engine, of any game (typed as the state
    of the record's game). A game's front door has its own, which refuses another game's record:
    `concombre.replay`, `concombre.romme.replay`.

    Raises:
        FormatError: The setup is not a valid game, or action N is illegal;
            the path is ``$.actions[N]`` and the ruling is named.

    Examples:
        >>> from concombre import Deal, FormatError, Record, Play, Rules, replay
        >>> record = Record(("Ann", "Bob"), Rules(), 5, 0, (Deal(), Play("KD"), Play("3H")))
        >>> try:
        ...     replay(record)
        ... except FormatError as err:
        ...     print(err.path, err.ruling)
        $.actions[2] C7
    """
    return deque(replay_states(record), maxlen=1)[0]


def own_record(game: Game[Any, A, Any], record: object) -> Record[A]:
    """``record`` if it is a record of ``game``: what a game's own ``replay`` (its front door's) checks first.

    Raises:
        InvalidArgumentError: ``record`` is no `Record`, or a record of another game, which the message names
            with the replay that takes any game's (``field`` ``record``).

    Examples:
        >>> from concombre import GAME, Record, new_game
        >>> from concombre.romme import new_game as new_romme
        >>> own_record(GAME, Record.of(new_game(2, seed=1))).seed
        1
        >>> try:
        ...     own_record(GAME, Record.of(new_romme(2, seed=1)))
        ... except InvalidArgumentError as err:
        ...     print(err.field, "-", err.reason)
        record - This is a German Rommé record, not a Concombre one: replay it with concombre.core.records.replay, or
        its own game's replay.
    """
    if not isinstance(record, Record):
        raise InvalidArgumentError(f"Expected a {game.title} record (a Record, such as Record.of(state)), not "
                                   f"{record!r:.80}.", field="record")
    other = record.game
    if other.name != game.name:
        raise InvalidArgumentError(f"This is a {other.title} record, not a {game.title} one: replay it with "
                                   "concombre.core.records.replay, or its own game's replay.", field="record")
    owned: Record[A] = record
    return owned


def rules_text(rules: Any) -> str:
    """A rules object as ``key=value`` words, booleans written true or false.

    Examples:
        >>> from concombre import Rules
        >>> rules_text(Rules())
        'follow=lead may_duck=false first_deal=7 limit=21'
    """
    def text(value: Any) -> str:
        return str(value).lower() if isinstance(value, bool) else str(value)

    return " ".join(f"{field.name}={text(getattr(rules, field.name))}" for field in attrs.fields(type(rules)))


def _action_text(game: Game[Any, Any, Any], action: Any) -> str:
    """An action as its record line where the game has records, else as its value."""
    return game.records.action_text(action) if game.records is not None else repr(action)


def _read_text(text: str, game: Game[Any, Any, Any] | None) -> tuple[tuple[str, ...], Any, int, int, tuple[Any, ...]]:
    """A text record's players, rules, seed, dealer and actions."""
    if not isinstance(text, str):
        raise FormatError(_("a record is text, not {kind}", kind=type(text).__name__))
    if game is not None and not isinstance(game, Game):
        raise InvalidArgumentError(f"game must be a concombre Game (see find_game), not {game!r}.", field="game")
    lines = _record_lines(text)  # one at a time: a long text costs no more memory than its actions
    first_number, first = next(lines, (0, ""))
    if not first:
        raise FormatError(_("a text record starts with a header line such as 'concombre record 1'; this text is "
                            "empty"))
    games = {candidate.records: candidate.Rules for candidate in ([game] if game is not None else registered().values())
             if candidate.records is not None}
    chosen = next((candidate for candidate in games if candidate.reader(first) is not None), None)
    if chosen is None:
        # TRANSLATORS: between the header lines a text record may start with, as in 'a' or 'b'
        headers = _(" or ").join(repr(candidate.header) for candidate in games)
        raise FormatError(_("a text record starts with {headers}, not {line}", headers=headers, line=repr(first[:40])),
                          f"line {first_number}")
    game_rules, parse_action = games[chosen], chosen.reader(first)
    assert parse_action is not None  # the header was chosen for it
    header: dict[str, str] = {}
    actions: list[Any] = []
    for count, (number, line) in enumerate(lines, 2):
        if count > MAX_ACTIONS + 5:  # a header and its four lines, then the actions
            raise FormatError(_("a record holds at most {most} actions", most=MAX_ACTIONS), "$.actions")
        where = f"line {number}"
        key, colon, value = line.partition(":")
        if colon and not actions and key.strip() in ("players", "rules", "seed", "dealer"):
            if key.strip() in header:
                raise FormatError(_("{key} is given twice", key=repr(key.strip())), where)
            header[key.strip()] = value.strip()
            continue
        try:
            actions.append(parse_action(line.partition("#")[0]))
        except FormatError as err:
            raise FormatError(err.reason, where) from None
    for key in ("players", "seed", "dealer"):
        if key not in header:
            raise FormatError(_("the header has no {key} line", key=repr(key)))
    return (
        _players(header["players"]),
        rules_from_text(header.get("rules", ""), game_rules),
        _number(header["seed"], "seed"),
        _number(header["dealer"], "dealer"),
        tuple(actions),
    )


_LINE_END = re.compile("\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")  # where str.splitlines splits


def _record_lines(text: str) -> Iterator[tuple[int, str]]:
    """The record's lines that say something, numbered as in ``text.splitlines()``, stripped; comments skipped."""
    start, number = 0, 1
    for end in _LINE_END.finditer(text):
        line = text[start:end.start()].strip()
        if line and not line.startswith("#"):
            yield number, line
        start, number = end.end(), number + 1
    line = text[start:].strip()
    if line and not line.startswith("#"):
        yield number, line


def _players(value: str) -> tuple[str, ...]:
    try:
        names = json.loads(value)
    except (ValueError, RecursionError):
        names = None
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise FormatError(_('players must be a JSON list of names such as {example}, not {value}',
                            example='["Ann", "Bob"]', value=repr(value[:60])))
    return tuple(names)


def rules_from_text(value: str, rules_class: type) -> Any:
    """A rules object from ``key=value`` words, as `rules_text` writes them; fields left out keep their defaults.

    Raises:
        FormatError: An unknown or repeated key, or a value the rules refuse (the ruling is named).

    Examples:
        >>> from concombre import Rules
        >>> rules_from_text("follow=highest may_duck=true", Rules)
        Rules(follow='highest', may_duck=True, first_deal=7, limit=21)
    """
    defaults = rules_class()
    fields = {field.name: getattr(defaults, field.name) for field in attrs.fields(type(defaults))}
    options: dict[str, object] = {}
    for word in value.split():
        key, equals, text = word.partition("=")
        if not equals or key not in fields or key in options:
            raise FormatError(_("rules are written as {example}, not {word}", example=rules_text(defaults),
                                 word=repr(word)))
        if isinstance(fields[key], bool):
            if text not in ("true", "false"):
                raise FormatError(_("{key} must be true or false, not {text}", key=key, text=repr(text)))
            options[key] = text == "true"
        elif isinstance(fields[key], int):
            options[key] = _number(text, key)
        else:
            options[key] = text
    try:
        return rules_class(**options)
    except InvalidArgumentError as err:
        raise FormatError(err.reason, "rules", err.ruling) from None


def _number(value: str, name: str) -> int:
    if not value.isdigit() or len(value) > 20:
        raise FormatError(_("{name} must be a whole number, not {value}", name=name, value=repr(value[:30])))
    return int(value)
