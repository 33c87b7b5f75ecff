"""The `Game` record itself: a game's required core and its capabilities, as every edge sees it.

Examples:
    >>> from concombre.games.concombre import GAME
    >>> GAME.name, GAME.players
    ('concombre', (2, 7))
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

import attrs

from concombre.core.errors import IllegalActionError, InvalidArgumentError
from concombre.core.game.capabilities import Bots, Codec, Learning, Records, Story
from concombre.core.game.rewards import END_BONUS, reward_scheme, zero_sum_returns
from concombre.core.game.types import Bot, NewGame, Seat, Table
from concombre.core.i18n import _, said_in
from concombre.core.render import Picture
from concombre.core.seats import REFEREE, Referee, turn_refusal

__all__ = ["OFFERED", "AnyGame", "FullGame", "Game", "GameInfo", "required"]

if TYPE_CHECKING:  # a Game whose types are not given holds Any (TypeVar defaults, PEP 696): see AnyGame
    from typing_extensions import TypeVar as DefaultTypeVar

    S = DefaultTypeVar("S", bound=Table, default=Any)
    A = DefaultTypeVar("A", default=Any)
    V = DefaultTypeVar("V", bound=Seat, default=Any)
else:
    S = TypeVar("S", bound=Table)
    A = TypeVar("A")
    V = TypeVar("V", bound=Seat)
C = TypeVar("C")
F = TypeVar("F")

# The members of 0.1's flat Game that moved into a capability: old name -> (capability, its member).
_MOVED = {
    "action_text": ("records", "action_text"),
    "parse_action": ("records", "parse_action"),
    "record_header": ("records", "header"),
    "starts_round": ("records", "starts_round"),
    "round_title": ("records", "round_title"),
    "table_bot": ("bots", "stand_in"),
    "rivals": ("bots", "rivals"),
    "encoding": ("learning", "encoding"),
    "chance": ("learning", "chance"),
    "sample": ("learning", "sample"),
    "batched": ("learning", "batched"),
}


_FACTS = ("name", "title", "players", "default_players", "player_ruling", "turn_ruling", "table_ruling",
          "points_scale")


@attrs.frozen(kw_only=True)
class GameInfo:
    """A game's static facts, apart from its behaviour (as OpenSpiel's ``GameInfo``): what a front-end shows and
    checks before a game starts. `Game` reads them here (``game.name`` is ``game.info.name``).

    Attributes:
        name: The registry name, as ``--game`` takes it: ``"concombre"``.
        title: The name people know: ``"Concombre"``, ``"German Rommé"``.
        players: The fewest and the most players.
        default_players: How many players every command and adapter seats when none is asked for.
        player_ruling: The ruling that sets the player count (``"C1"``).
        turn_ruling: The ruling that refuses a seat acting out of turn (``"C6"``), for `Game.refusal`'s
            ``seat=``; None: ``player_ruling``.
        table_ruling: The ruling that keeps the table's own steps (dealing, scoring) from the players
            (``"C14"``); None: ``player_ruling``.
        points_scale: The most points one step can give or take from a seat, so that ``points / points_scale``
            lies in [-1, 1] (the ``"scaled"`` rewards, see `REWARDS`).

    Examples:
        >>> from concombre.games import find_game
        >>> info = find_game("romme").info
        >>> info.title, info.players, info.default_players
        ('German Rommé', (2, 6), 4)
    """

    name: str
    title: str
    players: tuple[int, int]
    default_players: int
    player_ruling: str
    turn_ruling: str | None = None
    table_ruling: str | None = None
    points_scale: float = 1.0

    def __attrs_post_init__(self) -> None:
        low, high = self.players
        if not 1 <= low <= self.default_players <= high:
            raise InvalidArgumentError(
                f"{self.name}: default_players must be within players {self.players}, not {self.default_players}.",
                field="default_players",
            )


class _Fact(Generic[F]):
    """A fact of `GameInfo`, read as the game's own: ``game.name`` is ``game.info.name``."""

    __slots__ = ("name",)

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, game: None, owner: type) -> _Fact[F]: ...
    @overload
    def __get__(self, game: object, owner: type) -> F: ...
    def __get__(self, game: object, owner: type) -> F | _Fact[F]:
        if game is None:
            return self
        value: F = getattr(getattr(game, "info"), self.name)  # noqa: B009
        return value


@attrs.frozen(eq=False, kw_only=True, init=False)
class Game(Generic[S, A, V]):
    """A game, as every edge of the library sees it: ``Game[State, Action, View]``.

    Built by keyword: its static facts (`GameInfo`), then its behaviour. The required core is enough to play a
    game, simulate it and rate bots on it; each capability below it is optional (None: not offered), and an
    edge that needs one refuses a game without it through `required`. The facts read as the game's own:
    ``name``, ``title``, ``players``, ``default_players``, ``player_ruling``, ``points_scale``, and
    ``turn_ruling`` and ``table_ruling`` (the player ruling where the game names none).

    Attributes:
        info: The game's static facts (`GameInfo`).
        Rules: The rules class; its fields are the game's options.
        State: The state class (it has the `Table` fields).
        View: The class of what one seat sees (it has the `Seat` fields).
        action_types: The action classes.
        new_game: ``new_game(players, *, dealer=0, rules=Rules(), seed=None)`` (`NewGame`).
        legal_actions: Every legal action of a state, in a stable order.
        apply: The game's ``apply(state, action)``: the state after an action (raises
            `IllegalActionError`). Call `Game.apply`, which adds the seat rule.
        refusal: The game's ``refusal(state, action)``: why the rules refuse an action here, as the
            `IllegalActionError` that its ``apply`` would raise, or None if it is legal. Call
            `Game.refusal`, which adds the seat rule.
        view: What one seat may see: ``view(state, seat)``.
        to_play: The seat that must act, or None when the table acts.
        is_over: Whether the game has ended.
        winner: The winning seat once over, else None.
        points: What each seat's score gained by one step, in the game's own
            points (``points(before, after)``); None: the game keeps no points.
        eliminated: Which seats are out of the game for good, for games that
            eliminate players; None for games that do not.
        records: Text records (`Records`), or None.
        codec: JSON documents (`Codec`), or None.
        story: The game in words (`Story`), or None.
        render: The picture of a state or of a seat's view
            (`concombre.core.render.Picture`), which `concombre.core.render`
            draws as text or SVG; None for games without pictures.
        bots: The players the library can seat (`Bots`), or None.
        learning: Encoding, chance, sampling and the batched engine (`Learning`), or None.

    Examples:
        >>> from concombre.games import find_game
        >>> game = find_game("romme")
        >>> game.title, game.players, game.default_players
        ('German Rommé', (2, 6), 4)
    """

    info: GameInfo
    Rules: type
    State: type[S]
    View: type[V]
    action_types: tuple[type, ...]
    new_game: NewGame[S]
    legal_actions: Callable[[S], Sequence[A]]
    _apply: Callable[[S, A], S]
    _refusal: Callable[[S, A], IllegalActionError | None]
    view: Callable[[S, int], V]
    to_play: Callable[[S], int | None]
    is_over: Callable[[S], bool]
    winner: Callable[[S], int | None]
    points: Callable[[S, S], tuple[float, ...]] | None = None
    eliminated: Callable[[S], tuple[bool, ...]] | None = None
    records: Records[A] | None = None
    codec: Codec | None = None
    story: Story[S, A, V] | None = None
    render: Callable[[S | V], Picture] | None = None
    bots: Bots[V, A] | None = None
    learning: Learning[S, A, V] | None = None

    def __init__(self, *, info: GameInfo | None = None, Rules: type, State: type[S], View: type[V],  # noqa: N803
                 action_types: tuple[type, ...], new_game: NewGame[S], legal_actions: Callable[[S], Sequence[A]],
                 apply: Callable[[S, A], S], refusal: Callable[[S, A], IllegalActionError | None],
                 view: Callable[[S, int], V], to_play: Callable[[S], int | None], is_over: Callable[[S], bool],
                 winner: Callable[[S], int | None], points: Callable[[S, S], tuple[float, ...]] | None = None,
                 eliminated: Callable[[S], tuple[bool, ...]] | None = None, records: Records[A] | None = None,
                 codec: Codec | None = None, story: Story[S, A, V] | None = None,
                 render: Callable[[S | V], Picture] | None = None, bots: Bots[V, A] | None = None,
                 learning: Learning[S, A, V] | None = None, **facts: Any) -> None:
        self.__attrs_init__(
            info=_info(info, facts), Rules=Rules, State=State, View=View, action_types=action_types,
            new_game=new_game, legal_actions=legal_actions, apply=apply, refusal=refusal, view=view,
            to_play=to_play, is_over=is_over, winner=winner, points=points, eliminated=eliminated,
            records=records, codec=codec, story=story, render=render, bots=bots, learning=learning)

    name = _Fact[str]()
    title = _Fact[str]()
    players = _Fact[tuple[int, int]]()
    default_players = _Fact[int]()
    player_ruling = _Fact[str]()
    points_scale = _Fact[float]()

    @property
    def turn_ruling(self) -> str:
        """`GameInfo.turn_ruling`, or the player ruling where the game names none."""
        return self.info.turn_ruling or self.info.player_ruling

    @property
    def table_ruling(self) -> str:
        """`GameInfo.table_ruling`, or the player ruling where the game names none."""
        return self.info.table_ruling or self.info.player_ruling

    def apply(self, state: S, action: A, *, seat: int | Referee | None = REFEREE) -> S:
        """The state after ``action``; the input is never changed.

        ``seat`` says who acts (`concombre.core.seats.Referee` spells the rule out): omitted, the caller
        referees the table and acts for whoever must (simulations, bots, replays); a seat, that seat acts
        and is refused unless it is to move (`turn_ruling`) and for the table's own steps (`table_ruling`);
        None, the table acts, and a player's action is refused. A server passes each client's seat, or None
        for a client it does not know, and the engine refuses what that caller may not do.

        Raises:
            IllegalActionError: The rules refuse the action (or its seat); the error names the ruling.
            InvalidArgumentError: ``action`` is not an action of this game, or ``seat`` not a seat.

        Examples:
            >>> from concombre import Deal, Play
            >>> from concombre.games import find_game
            >>> game = find_game("concombre")
            >>> state = game.apply(game.new_game(2, seed=1), Deal(), seat=None)   # the table deals
            >>> card = game.legal_actions(state)[0]
            >>> game.apply(state, card, seat=1 - state.to_play)
            Traceback (most recent call last):
            ...
            concombre.core.errors.IllegalActionError: It is Player 2's turn, not Player 1's. [C6]
        """
        if seat is not REFEREE and (refused := self._turn(state, action, seat)) is not None:
            raise refused
        return self._apply(state, action)

    def refusal(self, state: S, action: A, *, seat: int | Referee | None = REFEREE) -> IllegalActionError | None:
        """Why `Game.apply` would refuse ``action`` from ``seat`` here, as its `IllegalActionError`; None if legal.

        The refusal as data, without raising: its ``ruling`` and ``reason``. ``seat`` as for `Game.apply`.

        Raises:
            InvalidArgumentError: ``action`` is not an action of this game, or ``seat`` not a seat.

        Examples:
            >>> from concombre import Deal
            >>> from concombre.games import find_game
            >>> game = find_game("concombre")
            >>> game.refusal(game.new_game(2, seed=1), Deal(), seat=0).ruling
            'C14'
        """
        if seat is not REFEREE and (refused := self._turn(state, action, seat)) is not None:
            return refused
        return self._refusal(state, action)

    def is_legal(self, state: S, action: A, *, seat: int | Referee | None = REFEREE) -> bool:
        """Whether `Game.apply` would accept ``action`` from ``seat`` here (``seat`` as for `Game.apply`).

        Examples:
            >>> from concombre import Deal
            >>> from concombre.games import find_game
            >>> game = find_game("concombre")
            >>> start = game.new_game(2, seed=1)
            >>> [game.is_legal(start, Deal(), seat=seat) for seat in (None, 0)], game.is_legal(start, Deal())
            ([True, False], True)
        """
        return self.refusal(state, action, seat=seat) is None

    def why_illegal(self, state: S, action: A, language: str | None = None, *,
                    seat: int | Referee | None = REFEREE) -> str | None:
        """Why the rules refuse ``action`` here, as a sentence ending with the ruling id; None if it is legal.

        The sentence is in ``language`` (``"en"``, ``"id"``; None: the current
        language, see `concombre.core.i18n`); ``seat`` as for `Game.apply`.

        Examples:
            >>> from concombre import ScoreRound, new_game
            >>> from concombre.games import find_game
            >>> print(find_game("concombre").why_illegal(new_game(2, seed=1), ScoreRound()))
            The round cannot be scored now: the cards have not been dealt yet. [C14]
        """
        return said_in(language, lambda: self.refusal(state, action, seat=seat))

    def _turn(self, state: S, action: A, seat: int | None) -> IllegalActionError | None:
        if not isinstance(action, self.action_types):  # what is no action is refused as such, seat or not
            names = ", ".join(kind.__name__ for kind in self.action_types)
            raise InvalidArgumentError(f"Expected an action of {self.title} ({names}), not {action!r}.",
                                       field="action")
        return turn_refusal(seat, self.to_play(state), state.players, self.turn_ruling, self.table_ruling)

    def returns(self, state: S) -> tuple[float, ...]:
        """Each seat's outcome: 1 for the winner, -1/(n-1) for the others at the end, 0 before.

        Examples:
            >>> from concombre import new_game
            >>> from concombre.games import find_game
            >>> find_game("concombre").returns(new_game(3, seed=1))
            (0.0, 0.0, 0.0)
        """
        return zero_sum_returns(len(state.players), self.winner(state))

    def rewards(self, before: S, after: S, scheme: str = "points") -> tuple[float, ...]:
        """What one step gave each seat, in one of the `REWARDS` schemes (default ``"points"``).

        ``"points"``: its `points`, and at the end `END_BONUS` more for the winner, less for every other seat;
        ``"win"``: only the end's ±`END_BONUS`; ``"scaled"``: ``points / points_scale`` (in [-1, 1]) and the
        end's ±`END_BONUS`. The one reward convention of the library: PettingZoo, Gymnasium and the batched
        engine all give it.

        Raises:
            InvalidArgumentError: ``scheme`` is none of `REWARDS` (``field`` ``reward``).

        Examples:
            >>> from concombre import new_game
            >>> from concombre.games import find_game
            >>> game = find_game("concombre")
            >>> start = new_game(2, seed=1)
            >>> game.rewards(start, game.apply(start, game.legal_actions(start)[0]))
            (0.0, 0.0)
        """
        scheme = reward_scheme(scheme)
        count = len(after.players)
        gained = self.points(before, after) if self.points is not None and scheme != "win" else (0.0,) * count
        if scheme == "scaled":
            gained = tuple(points / self.points_scale for points in gained)
        winner = self.winner(after)
        if winner is None or self.winner(before) is not None:
            return gained
        return tuple(points + (END_BONUS if seat == winner else -END_BONUS) for seat, points in enumerate(gained))

    def check_players(self, count: int) -> None:
        """Refuse a player count the game does not allow, naming its ruling.

        Examples:
            >>> from concombre.games import find_game
            >>> find_game("romme").check_players(7)
            Traceback (most recent call last):
            ...
            concombre.core.errors.InvalidArgumentError: German Rommé is played by 2 to 6 players, not 7. [R1]
        """
        low, high = self.players
        if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
            raise InvalidArgumentError(
                _("{game} is played by {fewest} to {most} players, not {count}.", game=_(self.title), fewest=low,
                  most=high, count=repr(count)), self.player_ruling, "players"
            )

    def bot(self, name: str) -> Bot[V, A]:
        """A new bot of this name.

        Raises:
            InvalidArgumentError: The game has no bot of this name (or no bots).

        Examples:
            >>> from concombre.games import find_game
            >>> find_game("romme").bot("solver").name
            'solver'
        """
        makers = required(self, self.bots, "bots").makers
        if name not in makers:
            raise InvalidArgumentError(_("There is no {game} bot named {name}; choose from {bots}.", game=_(self.title),
                                         name=repr(name), bots=", ".join(sorted(makers))), field="bots")
        return makers[name]()

    if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt member is still an error there

        def __new__(cls, *args, **members):
            # A game that offers every capability is a FullGame (attrs.evolve and copies keep this true both ways).
            if members and cls is Game and all(members.get(name) is not None for name in OFFERED):
                cls = FullGame
            return object.__new__(cls)

        def __getattr__(self, name: str) -> Any:
            # Only reached for names a Game lacks: 0.1's flat members, now in a capability, warn and forward.
            if name in _MOVED:
                capability, member = _MOVED[name]
                warnings.warn(f"Game.{name} is deprecated: use Game.{capability}.{member}.", DeprecationWarning,
                              stacklevel=2)
                offered = getattr(self, capability)
                return None if offered is None else getattr(offered, member)
            raise AttributeError(f"'Game' object has no attribute {name!r}")

    def __repr__(self) -> str:
        return f"<Game {self.name!r}>"


def _info(info: GameInfo | None, facts: dict[str, Any]) -> GameInfo:
    """The game's facts: ``info``, or 0.9's flat keywords (``name=``, ``title=``...), which warn."""
    unknown = sorted(set(facts) - set(_FACTS))
    if unknown:
        raise InvalidArgumentError(f"Game takes no {', '.join(unknown)}.", field="game")
    if not facts:
        if info is None:
            raise InvalidArgumentError("Game needs info: the game's facts (GameInfo).", field="info")
        return info
    warnings.warn(f"Game({', '.join(f'{name}=' for name in facts)}...) is deprecated and will be removed in the next "
                  f"minor version: give info=GameInfo(...).", DeprecationWarning, stacklevel=3)
    return GameInfo(**facts) if info is None else attrs.evolve(info, **facts)


OFFERED = ("points", "records", "codec", "story", "render", "bots", "learning")
"""The capabilities a `FullGame` offers, every one (``eliminated`` is a rule some games have, not a capability).

Examples:
    >>> from concombre.games import find_game
    >>> game = find_game("romme")
    >>> all(getattr(game, name) is not None for name in OFFERED)
    True
"""


class FullGame(Game[S, A, V]):
    """A `Game` that offers every capability of `OFFERED`, typed as present: as the built-in games are.

    ``concombre.GAME.story`` is a `Story`, not ``Story | None``, so code checked with ``mypy --strict`` uses it
    with no ``assert``; `concombre.games.find_game` of a built-in game's name gives its ``FullGame``. Built as a
    `Game` is, with every capability given. It is a `Game` in every other way: at run time any `Game` built
    with every capability is one, and one built with a capability missing (``attrs.evolve(game, story=None)``)
    is a plain `Game`, so ``isinstance(game, FullGame)`` says truly whether a game offers them all.

    Examples:
        >>> from concombre.games import find_game
        >>> game = find_game("concombre")
        >>> isinstance(game, FullGame), game.story.describe(game.Rules())
        (True, 'followers must match or beat the card led')
        >>> import attrs
        >>> type(attrs.evolve(game, story=None)).__name__
        'Game'
    """

    __slots__ = ()

    if TYPE_CHECKING:
        points: Callable[[S, S], tuple[float, ...]]
        records: Records[A]
        codec: Codec
        story: Story[S, A, V]
        render: Callable[[S | V], Picture]
        bots: Bots[V, A]
        learning: Learning[S, A, V]

    def __init__(self, *, info: GameInfo | None = None, Rules: type, State: type[S], View: type[V],  # noqa: N803
                 action_types: tuple[type, ...], new_game: NewGame[S], legal_actions: Callable[[S], Sequence[A]],
                 apply: Callable[[S, A], S], refusal: Callable[[S, A], IllegalActionError | None],
                 view: Callable[[S, int], V], to_play: Callable[[S], int | None], is_over: Callable[[S], bool],
                 winner: Callable[[S], int | None], points: Callable[[S, S], tuple[float, ...]],
                 records: Records[A], codec: Codec, story: Story[S, A, V], render: Callable[[S | V], Picture],
                 bots: Bots[V, A], learning: Learning[S, A, V],
                 eliminated: Callable[[S], tuple[bool, ...]] | None = None, **facts: Any) -> None:
        super().__init__(
            info=info, **facts, Rules=Rules, State=State, View=View, action_types=action_types, new_game=new_game,
            legal_actions=legal_actions, apply=apply, refusal=refusal, view=view, to_play=to_play, is_over=is_over,
            winner=winner, points=points, eliminated=eliminated, records=records, codec=codec, story=story,
            render=render, bots=bots, learning=learning)

    if not TYPE_CHECKING:

        def __new__(cls, *args, **members):
            if members and any(members.get(name) is None for name in OFFERED):
                return Game(**members)  # a capability missing: a plain Game (attrs.evolve(game, story=None))
            return object.__new__(cls)


if not TYPE_CHECKING:
    AnyGame = Game[Any, Any, Any]
    """A game whose types are not known statically: what `concombre.games.find_game` gives for a name known only
    at run time (the dynamic door): ``Game[Any, Any, Any]``.

    Use a game's own ``GAME`` (``concombre.GAME``, ``concombre.romme.GAME``), or `~concombre.games.find_game`
    of a built-in game's name written out, where its types should be checked.

    Examples:
        >>> from concombre.games import find_game
        >>> name = "romme"
        >>> game: AnyGame = find_game(name)
        >>> game.name
        'romme'
    """
else:
    # For type checkers, the bare class, whose types default to Any: an alias of Game[Any, Any, Any] would hand them
    # another Any (mypy's "special form"), which overloads such as Record.of's take for a Concombre state.
    AnyGame = Game



def required(game: AnyGame, capability: C | None, what: str) -> C:
    """``capability`` if the game offers it, else an `InvalidArgumentError` naming the game and what it lacks.

    Examples:
        >>> from concombre.games import find_game
        >>> game = find_game("concombre")
        >>> required(game, game.records, "text records").header
        'concombre record 1'
        >>> import attrs
        >>> bare = attrs.evolve(game, records=None)
        >>> required(bare, bare.records, "text records")
        Traceback (most recent call last):
        ...
        concombre.core.errors.InvalidArgumentError: Concombre offers no text records.
    """
    if capability is None:
        raise InvalidArgumentError(f"{game.title} offers no {what}.", field="game")  # a game author's mistake: English
    return capability
