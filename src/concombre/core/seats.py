"""Who sits at a table, seats round it, and the seeded shuffle: written once for every game.

Seats are numbered from 0 and play passes to the left, to the next number,
skipping the seats that sit the round out.
"""

from __future__ import annotations

import enum
import hashlib
import secrets
import struct
from collections.abc import Callable, Container, Sequence
from typing import Any, Generic, Literal, Protocol, TypeVar

from concombre.core.errors import FormatError, IllegalActionError, InvalidArgumentError, require_seat
from concombre.core.i18n import _
from concombre.core.limits import SEED_LIMIT, name_problem
from concombre.core.words import YOU

__all__ = [
    "REFEREE", "SEED_LIMIT", "MatchProperties", "Referee", "check_loaded_players", "deal_key", "game_seed",
    "keyed_order", "left_of", "player_names", "seats_from", "shuffled_order", "state_writers", "turn_refusal",
]


def player_names(players: object, fewest: int, most: int, title: str, ruling: str) -> tuple[str, ...]:
    """The players' names: ``players`` if it is a sequence of distinct names, or ``Player 1``... for a count.

    Each name must pass `concombre.core.limits.name_problem`: printable text
    on one line, at most 64 characters, so that every game can be saved and
    read back in both record forms.

    The count is checked first, against the game's ``fewest`` and ``most``
    players and its ``ruling``, so that no name is made for a count the game
    refuses.

    Raises:
        InvalidArgumentError: Neither a count nor names, a count the game
            refuses, or names that break the name rule or repeat; ``field`` is ``players``.

    Examples:
        >>> player_names(3, 2, 7, "Concombre", "C1")
        ('Player 1', 'Player 2', 'Player 3')
        >>> player_names(["Ann", "Bob"], 2, 6, "German Rommé", "R1")
        ('Ann', 'Bob')
    """
    if isinstance(players, int) and not isinstance(players, bool):
        count = players
    elif isinstance(players, Sequence) and not isinstance(players, str):
        count = len(players)
    else:
        raise InvalidArgumentError(_("players must be a number of players or a sequence of names, not {players}.",
                                     players=repr(players)), field="players")
    if not fewest <= count <= most:
        raise InvalidArgumentError(_("{game} is played by {fewest} to {most} players, not {count}.", game=_(title),
                                     fewest=fewest, most=most, count=count), ruling, "players")
    if isinstance(players, int):
        return tuple(f"Player {seat + 1}" for seat in range(count))
    names = tuple(players)
    for seat, name in enumerate(names):
        problem = name_problem(name)
        if problem is not None:
            raise InvalidArgumentError(_("Player {number}'s name {name} is refused: {problem}.", number=seat + 1,
                                         name=repr(name), problem=problem), field="players")
    if len(set(names)) != count:
        raise InvalidArgumentError(_("The players' names must be distinct: {names}.", names=repr(names)),
                                   field="players")
    return names


def check_loaded_players(names: tuple[str, ...], fewest: int, most: int, ruling: str) -> None:
    """Refuse, with `FormatError` at ``$.players``, the players of a loaded document that `new_game` would refuse.

    Examples:
        >>> check_loaded_players(("Ann", "Bob"), 2, 7, "C1") is None
        True
        >>> try:
        ...     check_loaded_players(("Ann", "Ann"), 2, 7, "C1")
        ... except FormatError as err:
        ...     print(err.path, "-", err.reason)
        $.players[1] - names are distinct, and 'Ann' is also the name of seat 0
    """
    if not fewest <= len(names) <= most:
        raise FormatError(_("a game has {fewest} to {most} players, not {count}", fewest=fewest, most=most,
                            count=len(names)), "$.players", ruling)
    for seat, name in enumerate(names):
        problem = name_problem(name)
        if problem is None and name in names[:seat]:
            problem = _("names are distinct, and {name} is also the name of seat {seat}", name=repr(name),
                        seat=names.index(name))
        if problem is not None:
            raise FormatError(problem, f"$.players[{seat}]")


def game_seed(seed: object) -> int:
    """``seed`` if it is a whole number from 0 to 2**64 - 1; a new unpredictable one (from `secrets`) when None.

    Raises:
        InvalidArgumentError: Anything else; ``field`` is ``seed``.

    Examples:
        >>> game_seed(7), 0 <= game_seed(None) < SEED_LIMIT
        (7, True)
    """
    if seed is None:
        return secrets.randbelow(SEED_LIMIT)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise InvalidArgumentError(_("The seed must be a whole number from 0 to 2**64 - 1, not {seed}.",
                                     seed=repr(seed)), field="seed")
    return seed


def left_of(seat: int, count: int, playing: Container[int]) -> int:
    """The first seat to the left of ``seat`` that is ``playing`` (``seat`` itself if no other is).

    Examples:
        >>> left_of(1, 4, {0, 1, 3})
        3
        >>> left_of(3, 4, {0, 1, 3})
        0
    """
    for step in range(1, count):
        following = (seat + step) % count
        if following in playing:
            return following
    return seat


def seats_from(first: int, count: int, playing: Container[int]) -> tuple[int, ...]:
    """The playing seats in turn order, starting with ``first``.

    Examples:
        >>> seats_from(2, 4, {0, 2, 3})
        (2, 3, 0)
    """
    seats = [first]
    following = left_of(first, count, playing)
    while following != first:
        seats.append(following)
        following = left_of(following, count, playing)
    return tuple(seats)


def shuffled_order(count: int, *salt: object) -> list[int]:
    """The positions ``0..count-1`` in a random order drawn from ``salt`` (a seed, a round...).

    Each position gets a 32-bit sort key from SHAKE-128 of the salt, and the
    positions are sorted by key: a uniform shuffle (ties, about one in ten
    million, keep position order), the same on every platform and Python
    version, and several times faster than seeding a `random.Random`.

    Examples:
        >>> shuffled_order(5, "demo", 1) == shuffled_order(5, "demo", 1)
        True
        >>> sorted(shuffled_order(5, "demo", 1))
        [0, 1, 2, 3, 4]
    """
    return keyed_order(count, deal_key(*salt))


def deal_key(*salt: object) -> bytes:
    """The key a deal is shuffled from: its parts (a game's name, a seed, a round...) joined by colons, the
    form every game shares and `concombre.accel.shake.key_layout` reads.

    Examples:
        >>> deal_key("concombre", 7, 2)
        b'concombre:7:2'
    """
    return ":".join(map(str, salt)).encode()


def keyed_order(count: int, key: bytes) -> list[int]:
    """The positions ``0..count-1`` in the random order `shuffled_order` draws from the bytes ``key``.

    For a game whose rules name their deal's key (Concombre's `concombre.games.concombre.rules.deal_key`).

    Examples:
        >>> keyed_order(5, b"demo:1") == shuffled_order(5, "demo", 1)
        True
    """
    digest = hashlib.shake_128(key).digest(4 * count)
    return sorted(range(count), key=struct.unpack(f">{count}I", digest).__getitem__)


R_co = TypeVar("R_co", covariant=True)


class _Match(Protocol[R_co]):
    @property
    def rules(self) -> R_co: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def seed(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def round_number(self) -> int: ...


def state_writers(state_class: type[Any]) -> tuple[Callable[[Any, Any], None], Callable[[Any, Any], None]]:
    """How a game builds its state without ``__init__``: the writers of the state class's ``match`` and
    ``_round`` slots (their own descriptors). With ``object.__new__(state_class)``, a third of the cost of the
    checked constructor: the transitions build every state so, and check what they build another way.

    Examples:
        >>> from concombre import State, new_game
        >>> set_match, set_round = state_writers(State)
        >>> state = new_game(2, seed=1)
        >>> built = object.__new__(State)
        >>> set_match(built, state.match); set_round(built, state._round)
        >>> built == state
        True
    """
    return state_class.__dict__["match"].__set__, state_class.__dict__["_round"].__set__


class MatchProperties(Generic[R_co]):
    """A mixin for a game's state: what lasts from round to round, read from its ``match`` as properties.

    Every game's state keeps a ``match`` record holding the rules, the players, the seed, the dealer and the
    round, and shows them as its own; written once here for every game.

    Attributes:
        match: The game's record of what lasts through the round (its own ``Match``).

    Examples:
        >>> from concombre import new_game
        >>> from concombre.romme import new_game as new_romme
        >>> state = new_game(["Ann", "Bob"], seed=3)
        >>> isinstance(state, MatchProperties), isinstance(new_romme(2), MatchProperties)
        (True, True)
        >>> state.players, state.seed, state.dealer, state.round_number
        (('Ann', 'Bob'), 3, 0, 1)
    """

    __slots__ = ()
    match: _Match[R_co]

    @property
    def rules(self) -> R_co:
        """The rules of the game."""
        return self.match.rules

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self.match.players

    @property
    def seed(self) -> int:
        """The seed every deal is shuffled from. Never show it to players."""
        return self.match.seed

    @property
    def dealer(self) -> int:
        """The dealer of this round (or the next, before the deal)."""
        return self.match.dealer

    @property
    def round_number(self) -> int:
        """The current round, counting from 1."""
        return self.match.round_number


class Referee(enum.Enum):
    """Who acts when an action names no seat: the ``seat=`` rule of every game's ``apply`` and ``refusal``.

    - ``seat`` omitted (its default, `REFEREE`): the caller referees the table and acts for whoever must:
      a simulation, a bot's search, a replay; nothing is asked of the seat.
    - ``seat=N``: seat N acts, and is refused unless it is to move (not its turn: the game's turn ruling,
      C6 or R7) and for the table's own steps (dealing, resolving, scoring: C14 or R15).
    - ``seat=None``: the table acts. Its own steps are allowed; a player's action is refused, so that a
      server that maps a client it does not know to None never plays for anyone.

    Examples:
        >>> from concombre import Deal, Play, apply, legal_plays, new_game, refusal
        >>> state = apply(new_game(2, seed=1), Deal(), seat=None)          # the table deals
        >>> card = Play(legal_plays(state)[0])
        >>> refusal(state, card) is None, refusal(state, card, seat=state.to_play) is None
        (True, True)
        >>> print(refusal(state, card, seat=None))
        It is Player 2's turn: name the seat that acts (seat=None is the table's own steps). [C6]
    """

    REFEREE = "referee"


REFEREE: Literal[Referee.REFEREE] = Referee.REFEREE
"""The default ``seat`` of every ``apply`` and ``refusal``: the caller referees and acts for whoever must
(`Referee`).

Examples:
    >>> REFEREE
    <Referee.REFEREE: 'referee'>
"""


def turn_refusal(seat: int | Referee | None, to_play: int | None, players: Sequence[str], turn_ruling: str,
                 table_ruling: str) -> IllegalActionError | None:
    """Why ``seat`` may not act now, or None (the rule of `Referee`): not its turn (``turn_ruling``), a step no
    seat takes (dealing, scoring: ``table_ruling``), or, for ``seat`` None, a player's action that the table
    cannot take for them. `REFEREE` asks nothing.

    Both games' ``apply(state, action, seat=...)`` and ``refusal`` ask this first, so that a server need not
    compare ``state.to_play`` itself.

    Raises:
        InvalidArgumentError: ``seat`` is not a seat of the table (``field`` ``seat``).

    Examples:
        >>> print(turn_refusal(1, 0, ("Ann", "Bob"), "C6", "C14"))
        It is Ann's turn, not Bob's. [C6]
        >>> print(turn_refusal(None, 0, ("Ann", "Bob"), "C6", "C14"))
        It is Ann's turn: name the seat that acts (seat=None is the table's own steps). [C6]
        >>> turn_refusal(0, 0, ("Ann", "Bob"), "C6", "C14") is None
        True
        >>> print(turn_refusal(0, 1, ("You", "Bob"), "C6", "C14"))
        It is Bob's turn, not yours. [C6]
    """
    if seat is REFEREE:
        return None
    if seat is None:
        if to_play is None:
            return None
        if players[to_play] == YOU:
            return IllegalActionError(_("It is your turn: name the seat that acts (seat=None is the table's own "
                                        "steps)."), turn_ruling)
        return IllegalActionError(_("It is {player}'s turn: name the seat that acts (seat=None is the table's own "
                                    "steps).", player=players[to_play]), turn_ruling)
    require_seat(seat, len(players), "seat")
    if to_play is None:
        return IllegalActionError(_("No player acts now: this step is the table's (dealing, resolving, scoring)."),
                                  table_ruling)
    if seat != to_play:
        if players[seat] == YOU:  # the person reading: "not yours", never "not You's"
            return IllegalActionError(_("It is {player}'s turn, not yours.", player=players[to_play]), turn_ruling)
        if players[to_play] == YOU:
            return IllegalActionError(_("It is your turn, not {other}'s.", other=players[seat]), turn_ruling)
        return IllegalActionError(_("It is {player}'s turn, not {other}'s.", player=players[to_play],
                                    other=players[seat]), turn_ruling)
    return None
