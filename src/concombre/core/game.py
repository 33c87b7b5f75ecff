"""The `Game` protocol: what every edge needs to know of a game, and nothing more.

The edges are JSON, the command line, simulation, the web table and the adapters.

A game is one frozen `Game` record of functions and types. Built-in games
register themselves when their package is imported; third-party packages add
theirs through the entry-point group ``concombre.games`` (see
`concombre.games.find_game`). Edges never branch on a game's name: they look
the game up and call what it offers.

Every game's state must carry ``players``, ``rules``, ``seed`` and ``dealer``
(what a `concombre.core.records.Record` stores), and ``to_play`` is read
through `Game.to_play`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

import attrs

from concombre.core.errors import InvalidArgumentError
from concombre.core.i18n import _
from concombre.core.render import Picture

__all__ = [
    "Batched",
    "Bot",
    "Chance",
    "Codec",
    "Encoding",
    "Game",
    "Story",
    "game_of",
    "register",
    "registered",
    "unregister",
    "zero_sum_returns",
]

ViewT = TypeVar("ViewT", contravariant=True)
ActionT = TypeVar("ActionT", covariant=True)


@runtime_checkable
class Bot(Protocol[ViewT, ActionT]):
    """Anything that chooses an action for the seat whose view it is given.

    Bots are asked only on their own turn (``seen.to_play == seen.seat``);
    the table performs the other steps. Implement ``name`` and ``choose``.
    A Concombre bot is a ``Bot[PlayerView, Action]``; a Rommé bot a
    ``Bot[RommeView, RommeAction]``, asked for each step of its turn.

    Examples:
        >>> import random
        >>> from concombre import Bot, Play, deal, new_game, view
        >>> class Lowest:
        ...     name = "lowest"
        ...     def choose(self, seen, rng):
        ...         return Play(seen.legal_plays[0])
        >>> state = deal(new_game(3, seed=1))
        >>> isinstance(Lowest(), Bot), Lowest().choose(view(state, state.to_play), random.Random(0))
        (True, Play(card=Card.parse('2C')))
    """

    @property
    def name(self) -> str:
        """The bot's name, as simulations report it."""
        ...

    def choose(self, seen: ViewT, rng: random.Random) -> ActionT:
        """The action to take, given what the seat may see and a random generator."""
        ...


Structure = Callable[[Any, Any], Any]
"""The JSON layer's strict ``structure(value, type)``, handed to a codec's hooks for nested values."""


@attrs.frozen
class Codec:
    """How a game's values become JSON documents; `concombre.io` reads it, the game never imports `io`.

    Attributes:
        prefix: The start of every format name: ``"concombre"`` gives
            ``"concombre.state/1"``.
        kinds: The document kinds and the type each holds (``"state"``,
            ``"view"``, ``"action"``, ``"rules"``...). ``"action"`` holds the
            union of the game's actions.
        action_names: Each action class by the ``"type"`` its documents carry.
        hooks: Given the strict ``structure``, the game's own structure hooks:
            (type, or a predicate on types, and the hook). A hook raises
            `InvalidArgumentError` with a reason for a bad value.
        unstructure: Unstructure hooks for the game's own value types.
        objects: attrs classes that are loaded field by field, strictly.
        state_parts: A state as the attrs object its document holds.
        parts_type: The class of that object.
        from_parts: The state back from its parts, checked to be reachable
            (raises `FormatError` with a path otherwise).
        check_view: Raises `FormatError` if a loaded view's parts disagree.
        optional: Fields left out of a document when they are None.

    Examples:
        >>> from concombre.games import find_game
        >>> find_game("concombre").codec.prefix
        'concombre'
    """

    prefix: str
    kinds: Mapping[str, Any]
    action_names: Mapping[str, type]
    hooks: Callable[[Structure], Iterable[tuple[Any, Callable[[Any, Any], Any]]]]
    unstructure: Mapping[type, Callable[[Any], Any]]
    objects: tuple[type, ...]
    state_parts: Callable[[Any], Any]
    parts_type: type
    from_parts: Callable[[Any], Any]
    check_view: Callable[[Any], None]
    optional: frozenset[str] = frozenset()


@attrs.frozen
class Story:
    """A game told in words, for the terminal, the replay and the web table's log.

    Attributes:
        describe: The rules in a sentence (or ``""``).
        tell: What an action did, from the state before it to the state after: ``tell(before, action, after)``.
        show: What a person needs to see on their turn, from their view.
        read: A person's answer on their turn: the action it names, or why
            it names none (a sentence to show them).
        help: How to answer on a turn.
        offers: What a page offers the seat to act as buttons, in order
            (None: the legal actions).
        reasons: Why each thing a page shows the seat to act would be
            refused now, keyed by its text (None if allowed), so a page can
            grey it out and say why; None offers no reasons.

    Examples:
        >>> from concombre.games import find_game
        >>> find_game("concombre").story.describe(find_game("concombre").Rules())
        'followers must match or beat the card led'
    """

    describe: Callable[[Any], str]
    tell: Callable[[Any, Any, Any], Iterator[str]]
    show: Callable[[Any], list[str]]
    read: Callable[[Any, str], Any]
    help: str
    offers: Callable[[Any], Sequence[Any]] | None = None
    reasons: Callable[[Any, int], Mapping[str, str | None]] | None = None


@attrs.frozen
class Chance:
    """A game's hidden draws as explicit chance events, one card at a time (for OpenSpiel).

    A step that draws cards, a deal or a draw from the stock, waits for
    ``draws(state, action)`` cards, each uniform over ``pool``; ``resolve``
    then takes the step with exactly those cards.

    Attributes:
        outcomes: The most cards a game of this kind holds (chance outcomes are numbered below it).
        draws: How many cards chance draws before this step (the action is
            None for the table's own step); 0 when the step draws nothing.
        pool: The card numbers that may come next, given those drawn so far.
        resolve: The state after the step, with those cards drawn.
        text: A card number in words.

    Examples:
        >>> from concombre import new_game
        >>> from concombre.games import find_game
        >>> chance = find_game("concombre").chance
        >>> chance.draws(new_game(3, seed=1), None)
        21
    """

    outcomes: int
    draws: Callable[[Any, Any], int]
    pool: Callable[[Any, Any, tuple[int, ...]], Sequence[int]]
    resolve: Callable[[Any, Any, tuple[int, ...]], Any]
    text: Callable[[int], str]


@attrs.frozen
class Batched:
    """A game's batched engine: many games with the same players and rules at once, as arrays (needs numpy).

    A batch always waits for the player to move in each game that is not over (the table's own steps happen
    inside ``step``). Actions are the `Encoding`'s slots.

    Attributes:
        reset: ``reset(seeds, players=, rules=)``: one new game per seed, as the reference engine starts it.
        step: ``step(batch, actions, where=None)``: every marked game's player to move acts.
        reset_games: ``reset_games(batch, which, seeds)``: the marked games started anew.
        legal_mask: The legal slots of each game's player to move, shape (N, actions).
        observe: ``observe(batch, seat)``: what that seat of each game may see, shape (N, size).
        to_play: The seat to move in each game, -1 once over.
        done: Whether each game is over.
        rewards: What the last step gave each seat, shape (N, players).
        eliminated: Which seats are out of each game for good, shape (N, players).
        bots: Batched bots by name: ``choose(batch, numpy_generator)`` gives each game's action.

    Examples:
        >>> from concombre.games import find_game
        >>> sorted(find_game("concombre").batched().bots)
        ['random', 'thumb']
    """

    reset: Callable[..., Any]
    step: Callable[..., Any]
    reset_games: Callable[[Any, Any, Any], Any]
    legal_mask: Callable[[Any], Any]
    observe: Callable[[Any, Any], Any]
    to_play: Callable[[Any], Any]
    done: Callable[[Any], Any]
    rewards: Callable[[Any], Any]
    eliminated: Callable[[Any], Any]
    bots: Mapping[str, Callable[[Any, Any], Any]]


@attrs.frozen
class Encoding:
    """A view as a fixed-size vector and the actions as numbered slots, for learning (needs numpy).

    Attributes:
        size: The length of the observation vector.
        low: The least value the vector holds (its greatest is 1).
        encode: A view as a float32 vector.
        text: A view as one line of text.
        actions: How many action slots there are.
        slots: The legal actions of the player to move, by slot number.
        cards: How many card numbers there are.
        hand: The card numbers in a view's hand (for perfect recall).
        action_cards: The card numbers an action takes out of its player's
            hand (for perfect recall: with the hand, every card held this round).
        observe: ``encode(view(state, seat))`` worked out straight from the
            state, without building the view (the adapters' hot path); None
            for games without one. Use `Encoding.observation`, which falls
            back on the view.

    Examples:
        >>> from concombre.games import find_game
        >>> find_game("concombre").encoding().actions
        52
    """

    size: int
    low: float
    encode: Callable[[Any], Any]
    text: Callable[[Any], str]
    actions: int
    slots: Callable[[Any], Mapping[int, Any]]
    cards: int
    hand: Callable[[Any], Iterable[int]]
    action_cards: Callable[[Any], Iterable[int]] = lambda action: ()
    observe: Callable[[Any, int], Any] | None = None

    def observation(self, game: Game, state: Any, seat: int) -> Any:
        """The vector of what ``seat`` may see of ``state``: ``encode(game.view(state, seat))``.

        Examples:
            >>> from concombre import deal, new_game
            >>> from concombre.games import find_game
            >>> game = find_game("concombre")
            >>> game.encoding().observation(game, deal(new_game(3, seed=1)), 0).shape
            (244,)
        """
        if self.observe is not None:
            return self.observe(state, seat)
        return self.encode(game.view(state, seat))


@attrs.frozen(eq=False)
class Game:
    """A game, as every edge of the library sees it.

    Attributes:
        name: The registry name, as ``--game`` takes it: ``"concombre"``.
        title: The name people know: ``"Concombre"``, ``"German Rommé"``.
        players: The fewest and the most players.
        player_ruling: The ruling that sets the player count (``"C1"``).
        Rules: The rules class; its fields are the game's options.
        State: The state class.
        View: The class of what one seat sees.
        action_types: The action classes.
        new_game: ``new_game(players, *, dealer=0, rules=Rules(), seed=None)``.
        legal_actions: Every legal action of a state, in a stable order.
        apply: The state after an action (raises `IllegalActionError`).
        why_illegal: Why an action is refused, or None: ``why_illegal(state, action, language=None)``.
        view: What one seat may see: ``view(state, seat)``.
        to_play: The seat that must act, or None when the table acts.
        is_over: Whether the game has ended.
        winner: The winning seat once over, else None.
        returns: Each seat's outcome: 1 for the winner, -1/(n-1) for the
            others at the end, 0 before.
        rewards: What each seat's total gained by one step (round scores;
            a Rommé tie-break changes no total, R14a).
        action_text: An action as a line of a text record.
        parse_action: A line of a text record as an action (raises `FormatError`).
        record_header: The first line of the game's text records.
        starts_round: Whether an action starts a round (a deal).
        codec: How values become JSON documents.
        bots: Bot factories by name.
        table_bot: The bot that takes the empty seats at a table.
        rivals: A line-up of bots to simulate by default.
        story: The game in words.
        chance: The game's draws as chance events, or None when the game
            shuffles from its seed only.
        encoding: The learning encoding, built on first call (imports numpy).
        eliminated: Which seats are out of the game for good, for games that
            eliminate players; None for games that do not.
        sample: A full state that agrees with one seat's view, the cards the
            seat cannot see dealt at random: ``sample(view, rng)``, for search
            bots and OpenSpiel's Information-Set MCTS; None if the game has none.
        round_title: How records name round N of a game of P players, for
            games whose rounds differ (``"round 4, a tie-break"``); None
            names every round ``"round N"``.
        render: The picture of a state or of a seat's view
            (`concombre.core.render.Picture`), which `concombre.core.render`
            draws as text or SVG; None for games without pictures.
        batched: The game's batched engine (`Batched`), built on first call
            (imports numpy); None for games without one.

    Examples:
        >>> from concombre.games import find_game
        >>> game = find_game("romme")
        >>> game.title, game.players
        ('German Rommé', (2, 6))
    """

    name: str
    title: str
    players: tuple[int, int]
    player_ruling: str
    Rules: type
    State: type
    View: type
    action_types: tuple[type, ...]
    new_game: Callable[..., Any]
    legal_actions: Callable[[Any], Sequence[Any]]
    apply: Callable[[Any, Any], Any]
    why_illegal: Callable[..., str | None]
    view: Callable[[Any, int], Any]
    to_play: Callable[[Any], int | None]
    is_over: Callable[[Any], bool]
    winner: Callable[[Any], int | None]
    rewards: Callable[[Any, Any], tuple[float, ...]]
    action_text: Callable[[Any], str]
    parse_action: Callable[[str], Any]
    record_header: str
    starts_round: Callable[[Any], bool]
    codec: Codec
    bots: Mapping[str, Callable[[], Any]]
    table_bot: str
    rivals: tuple[str, ...]
    story: Story
    chance: Chance | None
    encoding: Callable[[], Encoding]
    eliminated: Callable[[Any], tuple[bool, ...]] | None = None
    round_title: Callable[[int, int], str] | None = None
    sample: Callable[[Any, Any], Any] | None = None
    render: Callable[[Any], Picture] | None = None
    batched: Callable[[], Batched] | None = None

    def returns(self, state: Any) -> tuple[float, ...]:
        """Each seat's outcome: 1 for the winner, -1/(n-1) for the others at the end, 0 before.

        Examples:
            >>> from concombre import new_game
            >>> from concombre.games import find_game
            >>> find_game("concombre").returns(new_game(3, seed=1))
            (0.0, 0.0, 0.0)
        """
        return zero_sum_returns(len(state.players), self.winner(state))

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

    def bot(self, name: str) -> Any:
        """A new bot of this name.

        Raises:
            InvalidArgumentError: The game has no bot of this name.

        Examples:
            >>> from concombre.games import find_game
            >>> find_game("romme").bot("solver").name
            'solver'
        """
        if name not in self.bots:
            raise InvalidArgumentError(_("There is no {game} bot named {name}; choose from {bots}.", game=_(self.title),
                                         name=repr(name), bots=", ".join(sorted(self.bots))), field="bots")
        return self.bots[name]()

    def __repr__(self) -> str:
        return f"<Game {self.name!r}>"


def zero_sum_returns(count: int, winner: int | None) -> tuple[float, ...]:
    """1 for the winner and -1/(n-1) for each other seat; all 0 while there is no winner.

    Examples:
        >>> zero_sum_returns(3, 1)
        (-0.5, 1.0, -0.5)
    """
    if winner is None:
        return (0.0,) * count
    return tuple(1.0 if seat == winner else -1.0 / (count - 1) for seat in range(count))


_GAMES: dict[str, Game] = {}
_BY_TYPE: dict[type, Game] = {}


def register(game: Game) -> Game:
    """Make ``game`` known to the library's edges; its own package calls this when imported.

    Registering a game again under the same name replaces it.

    Examples:
        >>> from concombre.games import find_game
        >>> register(find_game("concombre")) is find_game("concombre")
        True
    """
    if not isinstance(game, Game):
        raise InvalidArgumentError(f"Only a concombre Game can be registered, not {game!r}.")
    _GAMES[game.name] = game
    for kind in (game.Rules, game.State, game.View, *game.action_types):
        _BY_TYPE[kind] = game
    return game


def unregister(game: Game) -> None:
    """Forget a registered game (a plug-in being unloaded, or a test's game); unknown games are ignored.

    Examples:
        >>> from concombre.games import find_game
        >>> game = find_game("romme")
        >>> unregister(game); "romme" in registered()
        False
        >>> register(game) is game and "romme" in registered()
        True
    """
    if _GAMES.get(game.name) is game:
        del _GAMES[game.name]
    for kind in [kind for kind, owner in _BY_TYPE.items() if owner is game]:
        del _BY_TYPE[kind]


def registered() -> Mapping[str, Game]:
    """The games registered so far, by name (see `concombre.games.GAMES` for all installed ones).

    Examples:
        >>> import concombre
        >>> "concombre" in registered()
        True
    """
    return dict(_GAMES)


def game_of(value: Any) -> Game:
    """The game a state, view, rules object or action belongs to.

    Raises:
        InvalidArgumentError: ``value`` is of no registered game.

    Examples:
        >>> from concombre import Rules
        >>> game_of(Rules()).name
        'concombre'
    """
    game = _BY_TYPE.get(type(value))
    if game is None:
        raise InvalidArgumentError(f"{value!r} belongs to no game the library knows.")
    return game
