"""The `Game` protocol: what every edge needs to know of a game, and nothing more.

The edges are JSON, the command line, simulation, the web table and the adapters.

A game is one frozen, generic `Game` record: ``Game[S, A, V]`` for its state,
action and view types. A small **required core** (name, title, player range,
rules class, `new_game`, `legal_actions`, `apply`, `refusal`, `view`,
`to_play`, `is_over`, `winner`) is enough to play, simulate and rate bots.
The rest are **optional capabilities**, each a record of its own given by
keyword, and None when the game does not offer it:

- ``records``: `Records`, the game's actions as lines of text records;
- ``codec``: `Codec`, its values as JSON documents;
- ``story`` and ``render``: `Story` (the game in words, for the terminal, the
  demo and the web table) and its pictures;
- ``bots``: `Bots`, the players the library can seat;
- ``learning``: `Learning`, the encoding, chance events, sampling and the
  batched engine.

An edge asks "does this game offer X" in one way: ``game.X is None``, or
`required`, which refuses with an error that names the game and what it lacks.

What the library reads of a **state** is `Table` (players, rules, seed,
dealer, round number); of a **view**, `Seat` (the seat, who is to play, the
hand). Actions are opaque values the game's own functions take.

Built-in games register themselves when their package is imported;
third-party packages add theirs through the entry-point group
``concombre.games`` (see `concombre.games.find_game`). Edges never branch on a
game's name: they look the game up and call what it offers.

Examples:
    >>> from concombre.games.concombre import GAME
    >>> state = GAME.new_game(2, seed=1)
    >>> GAME.to_play(state), GAME.legal_actions(state)
    (None, (Deal(deck=None),))
"""

from __future__ import annotations

import operator
import random
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

import attrs

from concombre.core.errors import IllegalActionError, InvalidArgumentError, json_type
from concombre.core.i18n import N_, _, said_in
from concombre.core.render import Picture

__all__ = [
    "END_BONUS",
    "LEVEL_NAMES",
    "REWARDS",
    "AnyGame",
    "Batched",
    "Bot",
    "Bots",
    "Chance",
    "Codec",
    "Encoding",
    "Game",
    "Learning",
    "Level",
    "NewGame",
    "Records",
    "Seat",
    "Story",
    "Table",
    "card_hook",
    "game_of",
    "register",
    "registered",
    "required",
    "reward_scheme",
    "scheme_rewards",
    "unregister",
    "zero_sum_returns",
]


class Table(Protocol):
    """What the library reads of every game's state: the table the game is played at.

    A record stores these (`concombre.core.records.Record`), and simulations
    report the round number. Read-only properties or frozen fields both do.

    Examples:
        >>> from concombre import new_game
        >>> state: Table = new_game(["Ann", "Bob"], seed=3)
        >>> state.players, state.seed, state.dealer, state.round_number
        (('Ann', 'Bob'), 3, 0, 1)
    """

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        ...

    @property
    def rules(self) -> Any:
        """The rules the game is played by (an instance of `Game.Rules`)."""
        ...

    @property
    def seed(self) -> int:
        """The seed every shuffle is drawn from (hidden from the players)."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer's seat of this round (or the next)."""
        ...

    @property
    def round_number(self) -> int:
        """The current round, from 1."""
        ...


class Seat(Protocol):
    """What the library reads of every game's view: whose it is, who is to play, and the seat's hand.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> seen: Seat = view(deal(new_game(2, seed=3)), 1)
        >>> seen.seat, seen.to_play, len(seen.hand)
        (1, 1, 7)
    """

    @property
    def seat(self) -> int:
        """The seat whose view it is."""
        ...

    @property
    def to_play(self) -> int | None:
        """The seat that must act, or None when the table acts."""
        ...

    @property
    def hand(self) -> Sequence[Any]:
        """The cards the seat holds."""
        ...


S = TypeVar("S", bound=Table)
A = TypeVar("A")
V = TypeVar("V", bound=Seat)
S_co = TypeVar("S_co", bound=Table, covariant=True)
ViewT = TypeVar("ViewT", contravariant=True)
ActionT = TypeVar("ActionT", covariant=True)
C = TypeVar("C")

END_BONUS = 1.0
"""What the end of a game adds to the winner's reward and takes from every other seat's (see `Game.rewards`).

The one home of the end-of-game reward convention: the batched engines and the learning environments use it.

Examples:
    >>> END_BONUS
    1.0
"""

REWARDS = ("points", "win", "scaled")
"""The reward schemes of `Game.rewards` and the learning environments (their ``reward=``):

- ``"points"``: the game's points for each step (Concombre: minus the penalty points of a round lost;
  Rommé: the round's score), and ±`END_BONUS` at the end.
- ``"win"``: only the end's ±`END_BONUS`: winning is all that counts.
- ``"scaled"``: the points over the game's `Game.points_scale`, each step's in [-1, 1], and ±`END_BONUS`
  at the end: round points no longer swamp winning.

Examples:
    >>> REWARDS
    ('points', 'win', 'scaled')
"""


def reward_scheme(scheme: object) -> str:
    """``scheme`` checked as one of `REWARDS`.

    Raises:
        InvalidArgumentError: It is none of them (``field`` ``reward``).

    Examples:
        >>> reward_scheme("win")
        'win'
    """
    if scheme not in REWARDS:
        raise InvalidArgumentError(f"reward must be one of {', '.join(REWARDS)}, not {scheme!r}.", field="reward")
    return scheme


def scheme_rewards(points: Any, bonus: Any, scheme: str, scale: float) -> Any:
    """A step's rewards in ``scheme`` from its ``points`` and its end ``bonus`` (±`END_BONUS` or 0), as
    numbers or numpy arrays alike: for engines that keep the two apart (the batched engine).

    Examples:
        >>> scheme_rewards(-7.0, -1.0, "points", 14.0), scheme_rewards(-7.0, -1.0, "scaled", 14.0)
        (-8.0, -1.5)
        >>> scheme_rewards(-7.0, 0.0, "win", 14.0)
        0.0
    """
    if scheme == "win":
        return bonus + 0 * points
    return (points / scale if scheme == "scaled" else points) + bonus


class NewGame(Protocol[S_co]):
    """The signature of every game's ``new_game``: ``new_game(players, *, dealer=0, rules=..., seed=None)``.

    ``players`` is a count or the names in seat order; ``rules`` an instance of
    the game's `Game.Rules` (its default: the rulings); ``seed`` a whole number
    (omitted: drawn from `secrets`).

    Examples:
        >>> from concombre import new_game
        >>> start: NewGame[Table] = new_game
        >>> start(3, seed=1).players
        ('Player 1', 'Player 2', 'Player 3')
    """

    def __call__(
        self, players: int | Sequence[str], *, dealer: int = ..., rules: Any = ..., seed: int | None = ...
    ) -> S_co:
        """A new game, waiting for its first step."""
        ...


@runtime_checkable
class Bot(Protocol[ViewT, ActionT]):
    """Anything that chooses an action for the seat whose view it is given.

    Bots are asked only on their own turn (``seen.to_play == seen.seat``);
    the table performs the other steps. Implement ``name`` and ``choose``.
    A Concombre bot is a ``Bot[View, Action]``; so is a Rommé bot, with
    Rommé's `View` and `Action`, asked for each step of its turn.

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


def card_hook(parse: Callable[[str], C], example: str) -> Callable[[Any, Any], C]:
    """A `Codec` structure hook for a game's card, written as its short text: a string at most one character
    longer than ``example`` (a "10"), without spaces around it, given to ``parse``; anything else is refused
    with what was expected and what was found.

    Examples:
        >>> from concombre import Card
        >>> hook = card_hook(Card.parse, "QH")
        >>> hook("AS", Card)
        Card.parse('AS')
        >>> try:
        ...     hook(7, Card)
        ... except InvalidArgumentError as err:
        ...     print(err)
        expected a card such as "QH", found a number
    """

    def structure(value: Any, _: Any) -> C:
        if type(value) is not str:
            raise InvalidArgumentError(f'expected a card such as "{example}", found {json_type(value)}')
        if len(value) > len(example) + 1 or value != value.strip():
            raise InvalidArgumentError(f'expected a card such as "{example}", not {value[:10]!r}')
        return parse(value)

    return structure
"""The JSON layer's strict ``structure(value, type)``, handed to a codec's hooks for nested values."""


@attrs.frozen(kw_only=True)
class Records(Generic[A]):
    """A game's actions as lines of text records (`concombre.core.records.Record.to_text`).

    Attributes:
        header: The first line of the game's text records: ``"concombre record 1"``.
        action_text: An action as one line: ``"play QH"``.
        parse_action: One line back as an action (raises `FormatError`).
        starts_round: Whether an action starts a round (a deal): records head each round with it.
        round_title: How records name round N of a game of P players, for
            games whose rounds differ (``"round 4, a tie-break"``); None
            names every round ``"round N"``.

    Examples:
        >>> from concombre.games import find_game
        >>> records = find_game("concombre").records
        >>> records.header, records.action_text(records.parse_action("play qh"))
        ('concombre record 1', 'play QH')
    """

    header: str
    action_text: Callable[[A], str]
    parse_action: Callable[[str], A]
    starts_round: Callable[[A], bool]
    round_title: Callable[[int, int], str] | None = None


@attrs.frozen(kw_only=True)
class Codec:
    """How a game's values become JSON documents; `concombre.io` reads it, the game never imports `io`.

    A document is one attrs value, loaded field by field, strictly, by the
    library's one cattrs converter; what the converter cannot know of the
    game's own types (cards, enums with rules, states kept in an inner form)
    is given here.

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
        unstructure: Unstructure hooks for the game's own value types (a card
            as its text, say).
        objects: attrs classes that are loaded field by field, strictly (an
            unknown or missing field is refused with its path).
        state_parts: A state as the attrs object its document holds (the
            state itself when its fields are what a document shows).
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
    hooks: Callable[[Structure], Iterable[tuple[Any, Callable[[Any, Any], Any]]]] = lambda structure: ()
    unstructure: Mapping[type, Callable[[Any], Any]] = attrs.field(factory=dict)
    objects: tuple[type, ...] = ()
    state_parts: Callable[[Any], Any] = lambda state: state
    parts_type: type | None = None
    from_parts: Callable[[Any], Any] = lambda parts: parts
    check_view: Callable[[Any], None] = lambda seen: None
    optional: frozenset[str] = frozenset()

    @property
    def state_type(self) -> type:
        """The class a state document holds: `parts_type`, or the ``"state"`` kind."""
        found: type = self.parts_type if self.parts_type is not None else self.kinds["state"]
        return found


@attrs.frozen(kw_only=True)
class Story(Generic[S, A, V]):
    """A game told in words, for the terminal, the demo, the replay and the web table's log.

    Attributes:
        describe: The rules in a sentence (or ``""``): ``describe(rules)``.
        tell: What an action did, from the state before it to the state
            after: ``tell(before, action, after)``.
        show: What a person needs to see on their turn, from their view.
        read: A person's answer on their turn: the action it names, or why
            it names none (a sentence to show them).
        help: How to answer on a turn.
        offers: What a page offers the seat to act as buttons, in order
            (None: the legal actions).
        reasons: Why each thing a page shows the seat to act would be
            refused now, keyed by its text (None if allowed), so a page can
            grey it out and say why; None offers no reasons.
        shown_trick: The completed trick a table leaves on the felt: who won
            it and its plays as (seat, card text) pairs, from the moment it is
            complete until the next card is led; None when none is (and for
            a game without tricks). A table holds such a state a moment
            before its own next step, so that people see the trick whole.

    Examples:
        >>> from concombre.games import find_game
        >>> game = find_game("concombre")
        >>> game.story.describe(game.Rules())
        'followers must match or beat the card led'
    """

    describe: Callable[[Any], str]
    tell: Callable[[S, A, S], Iterator[str]]
    show: Callable[[V], list[str]]
    read: Callable[[S, str], A | str]
    help: str
    offers: Callable[[S], Sequence[A]] | None = None
    reasons: Callable[[S, int], Mapping[str, str | None]] | None = None
    shown_trick: Callable[[S], tuple[int, Sequence[tuple[int, str]]] | None] | None = None


LEVEL_NAMES = (N_("beginner"), N_("club"), N_("expert"))
"""The levels people choose bots by, weakest first (`Level`).

Examples:
    >>> LEVEL_NAMES
    ('beginner', 'club', 'expert')
"""


@attrs.frozen(kw_only=True)
class Level:
    """A bot offered to people by strength: a level's name, the bot, and how it did on the game's ladder.

    The rating and time come from the ladder page in the docs (``concombre ladder``), and a test holds them
    to it, so that what a front-end shows is what was measured.

    Attributes:
        name: One of `LEVEL_NAMES` (translate it with ``concombre.core.i18n.gettext``).
        bot: The bot's name among the game's `Bots.makers`.
        rating: Its ladder rating on the Elo scale (0: the ladder's average bot).
        ms: Its mean time a move on the ladder, in milliseconds.

    Examples:
        >>> from concombre.games import find_game
        >>> [level.name for level in find_game("romme").bots.levels]
        ['beginner', 'club', 'expert']
    """

    name: str
    bot: str
    rating: int
    ms: float

    def __attrs_post_init__(self) -> None:
        if self.name not in LEVEL_NAMES:
            raise InvalidArgumentError(f"A level's name is one of {', '.join(LEVEL_NAMES)}, not {self.name!r}.",
                                       field="name")


@attrs.frozen(kw_only=True)
class Bots(Generic[V, A]):
    """The players a game offers: factories by name, the one that takes empty seats, and a default line-up.

    Attributes:
        makers: Bot factories by name (a class or any callable that returns a `Bot`).
        table: The bot that takes the empty seats at a table.
        rivals: A line-up of bots that simulations play by default.
        levels: The bots people choose by strength, weakest first (`Level`); only bots among ``makers``
            (a level whose bot needs a missing extra is left out by the game).

    Examples:
        >>> from concombre.games import find_game
        >>> bots = find_game("romme").bots
        >>> sorted(bots.makers), bots.table, bots.rivals
        (['planner', 'random', 'solver'], 'solver', ('solver', 'random'))
    """

    makers: Mapping[str, Callable[[], Bot[V, A]]]
    table: str
    rivals: tuple[str, ...]
    levels: tuple[Level, ...] = ()

    def __attrs_post_init__(self) -> None:
        for name in (self.table, *self.rivals, *(level.bot for level in self.levels)):
            if name not in self.makers:
                raise InvalidArgumentError(f"Bots names {name!r}, which is none of its makers.", field="bots")


@attrs.frozen(kw_only=True)
class Chance(Generic[S, A]):
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
        >>> chance = find_game("concombre").learning.chance
        >>> chance.draws(new_game(3, seed=1), None)
        21
    """

    outcomes: int
    draws: Callable[[S, A | None], int]
    pool: Callable[[S, A | None, tuple[int, ...]], Sequence[int]]
    resolve: Callable[[S, A | None, tuple[int, ...]], S]
    text: Callable[[int], str]


@attrs.frozen(kw_only=True)
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
        rewards: What the last step gave each seat, shape (N, players), as `Game.rewards` gives it
            (the end-of-game `END_BONUS` included).
        eliminated: Which seats are out of each game for good, shape (N, players).
        bots: Batched bots by name: ``choose(batch, numpy_generator)`` gives each game's action.
        winner: Each game's winning seat, -1 before its end; None if the engine does not say (then only the
            ``"points"`` rewards are offered on it).
        settle: ``settle(batch, seat, bots, seed)``: every game played by its bots (a name per seat, from
            ``bots``) until ``seat`` must play, is out or the game is over, in one call (a compiled engine's
            own loop), the rewards summed over it; None where the bots play step by step.

    Examples:
        >>> from concombre.games import find_game
        >>> sorted(find_game("concombre").learning.batched().bots)
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
    winner: Callable[[Any], Any] | None = None
    settle: Callable[[Any, int, Sequence[str], int], Any] | None = None


@attrs.frozen(kw_only=True)
class Encoding(Generic[S, A, V]):
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
        slot_action: The action a slot always stands for, offered or not (Concombre: the card of that `PACK`
            index), so that a refused slot is explained by the game's own refusal; None where slots are
            numbered afresh in each state (Rommé).

    Examples:
        >>> from concombre.games import find_game
        >>> find_game("concombre").learning.encoding().actions
        52
    """

    size: int
    low: float
    encode: Callable[[V], Any]
    text: Callable[[V], str]
    actions: int
    slots: Callable[[S], Mapping[int, A]]
    cards: int
    hand: Callable[[V], Iterable[int]]
    action_cards: Callable[[A], Iterable[int]] = lambda action: ()
    observe: Callable[[S, int], Any] | None = None
    slot_action: Callable[[int], A | None] | None = None

    def refused(self, game: Game[S, A, V], state: S, slot: object) -> InvalidArgumentError | None:
        """Why ``slot`` is no move now, as the error to raise or to show: the game's own refusal and its ruling
        where the slot always stands for one action (`slot_action`), else the slots that are offered; None
        when the slot is offered.

        Examples:
            >>> from concombre import deal, new_game
            >>> from concombre.games import find_game
            >>> game = find_game("concombre")
            >>> print(game.learning.encoding().refused(game, deal(new_game(2, seed=1)), 1))
            You do not hold 2D. [C14]
        """
        try:
            number = None if isinstance(slot, bool) else operator.index(slot)  # type: ignore[arg-type]
        except TypeError:
            number = None
        offered = self.slots(state)
        if number in offered:
            return None
        action = self.slot_action(number) if self.slot_action is not None and number is not None else None
        refusal = game.refusal(state, action) if action is not None else None
        if refusal is not None:
            return InvalidArgumentError(refusal.reason, refusal.ruling, "action")
        return InvalidArgumentError(f"Action {slot!r} is no move now: the moves offered are the slots "
                                    f"{sorted(offered)}.", field="action")

    def observation(self, game: Game[S, A, V], state: S, seat: int) -> Any:
        """The vector of what ``seat`` may see of ``state``: ``encode(game.view(state, seat))``.

        Examples:
            >>> from concombre import deal, new_game
            >>> from concombre.games import find_game
            >>> game = find_game("concombre")
            >>> game.learning.encoding().observation(game, deal(new_game(3, seed=1)), 0).shape
            (244,)
        """
        if self.observe is not None:
            return self.observe(state, seat)
        return self.encode(game.view(state, seat))


@attrs.frozen(kw_only=True)
class Learning(Generic[S, A, V]):
    """What learning and search need of a game beyond its rules (the parts that need numpy are built on call).

    Attributes:
        encoding: The learning encoding (`Encoding`), built on first call (imports numpy).
        chance: The game's draws as chance events (`Chance`), or None when the
            game shuffles from its seed only.
        sample: A full state that agrees with one seat's view, the cards the
            seat cannot see dealt at random: ``sample(view, rng)``, for search
            bots and OpenSpiel's Information-Set MCTS; None if the game has none.
        batched: The game's batched engine (`Batched`), built on first call
            (imports numpy); None for games without one.

    Examples:
        >>> from concombre.games import find_game
        >>> learning = find_game("romme").learning
        >>> learning.encoding().actions, learning.batched is None
        (256, True)
    """

    encoding: Callable[[], Encoding[S, A, V]]
    chance: Chance[S, A] | None = None
    sample: Callable[[V, random.Random], S] | None = None
    batched: Callable[[], Batched] | None = None


# The members of 0.1's flat Game that moved into a capability: old name -> (capability, its member).
_MOVED = {
    "action_text": ("records", "action_text"),
    "parse_action": ("records", "parse_action"),
    "record_header": ("records", "header"),
    "starts_round": ("records", "starts_round"),
    "round_title": ("records", "round_title"),
    "table_bot": ("bots", "table"),
    "rivals": ("bots", "rivals"),
    "encoding": ("learning", "encoding"),
    "chance": ("learning", "chance"),
    "sample": ("learning", "sample"),
    "batched": ("learning", "batched"),
}


@attrs.frozen(eq=False, kw_only=True)
class Game(Generic[S, A, V]):
    """A game, as every edge of the library sees it: ``Game[State, Action, View]``.

    Built by keyword. The required core is enough to play a game, simulate it
    and rate bots on it; each capability below it is optional (None: not
    offered), and an edge that needs one refuses a game without it through
    `required`.

    Attributes:
        name: The registry name, as ``--game`` takes it: ``"concombre"``.
        title: The name people know: ``"Concombre"``, ``"German Rommé"``.
        players: The fewest and the most players.
        default_players: How many players every command and adapter seats
            when none is asked for.
        player_ruling: The ruling that sets the player count (``"C1"``).
        Rules: The rules class; its fields are the game's options.
        State: The state class (it has the `Table` fields).
        View: The class of what one seat sees (it has the `Seat` fields).
        action_types: The action classes.
        new_game: ``new_game(players, *, dealer=0, rules=Rules(), seed=None)`` (`NewGame`).
        legal_actions: Every legal action of a state, in a stable order.
        apply: The state after an action (raises `IllegalActionError`).
        refusal: Why the rules refuse an action here, as the `IllegalActionError`
            that `apply` would raise, or None if it is legal.
        view: What one seat may see: ``view(state, seat)``.
        to_play: The seat that must act, or None when the table acts.
        is_over: Whether the game has ended.
        winner: The winning seat once over, else None.
        points: What each seat's score gained by one step, in the game's own
            points (``points(before, after)``); None: the game keeps no points.
        points_scale: The most points one step can give or take from a seat, so that
            ``points / points_scale`` lies in [-1, 1] (the ``"scaled"`` rewards, see `REWARDS`).
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

    name: str
    title: str
    players: tuple[int, int]
    default_players: int
    player_ruling: str
    Rules: type[Any]
    State: type[S]
    View: type[V]
    action_types: tuple[type[Any], ...]
    new_game: NewGame[S]
    legal_actions: Callable[[S], Sequence[A]]
    apply: Callable[[S, A], S]
    refusal: Callable[[S, A], IllegalActionError | None]
    view: Callable[[S, int], V]
    to_play: Callable[[S], int | None]
    is_over: Callable[[S], bool]
    winner: Callable[[S], int | None]
    points: Callable[[S, S], tuple[float, ...]] | None = None
    points_scale: float = 1.0
    eliminated: Callable[[S], tuple[bool, ...]] | None = None
    records: Records[A] | None = None
    codec: Codec | None = None
    story: Story[S, A, V] | None = None
    render: Callable[[S | V], Picture] | None = None
    bots: Bots[V, A] | None = None
    learning: Learning[S, A, V] | None = None

    def __attrs_post_init__(self) -> None:
        low, high = self.players
        if not 1 <= low <= self.default_players <= high:
            raise InvalidArgumentError(
                f"{self.name}: default_players must be within players {self.players}, not {self.default_players}.",
                field="default_players",
            )

    def why_illegal(self, state: S, action: A, language: str | None = None) -> str | None:
        """Why the rules refuse ``action`` here, as a sentence ending with the ruling id; None if it is legal.

        The sentence is in ``language`` (``"en"``, ``"id"``; None: the current
        language, see `concombre.core.i18n`).

        Examples:
            >>> from concombre import ScoreRound, new_game
            >>> from concombre.games import find_game
            >>> print(find_game("concombre").why_illegal(new_game(2, seed=1), ScoreRound()))
            The round cannot be scored now: the cards have not been dealt yet. [C14]
        """
        return said_in(language, self.refusal, state, action)

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


AnyGame = Game[Any, Any, Any]
"""A game whose types are not known statically: what `concombre.games.find_game` gives (the dynamic door).

Use a game's own ``GAME`` (``concombre.GAME``, ``concombre.romme.GAME``) where its types should be checked.

Examples:
    >>> from concombre.games import find_game
    >>> game: AnyGame = find_game("romme")
    >>> game.name
    'romme'
"""



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


def zero_sum_returns(count: int, winner: int | None) -> tuple[float, ...]:
    """1 for the winner and -1/(n-1) for each other seat; all 0 while there is no winner.

    Examples:
        >>> zero_sum_returns(3, 1)
        (-0.5, 1.0, -0.5)
    """
    if winner is None:
        return (0.0,) * count
    return tuple(1.0 if seat == winner else -1.0 / (count - 1) for seat in range(count))


_GAMES: dict[str, Game[Any, Any, Any]] = {}
_BY_TYPE: dict[type, Game[Any, Any, Any]] = {}


def register(game: Game[S, A, V]) -> Game[S, A, V]:
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
    bot_classes = [maker for maker in game.bots.makers.values() if isinstance(maker, type)] if game.bots else []
    for kind in (game.Rules, game.State, game.View, *game.action_types, *bot_classes):
        _BY_TYPE[kind] = game
    return game


def unregister(game: Game[Any, Any, Any]) -> None:
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


def registered() -> Mapping[str, Game[Any, Any, Any]]:
    """The games registered so far, by name (see `concombre.games.GAMES` for all installed ones).

    Examples:
        >>> import concombre
        >>> "concombre" in registered()
        True
    """
    return dict(_GAMES)


def game_of(value: Any, field: str | None = None) -> Game[Any, Any, Any]:
    """The game a state, view, rules object, action or bot belongs to (typed loosely: use a game's `GAME` for types).

    A bot is known by its class, when the game's `Bots.makers` names the class itself.

    Raises:
        InvalidArgumentError: ``value`` is of no registered game; ``field`` names the argument it was.

    Examples:
        >>> from concombre import Rules
        >>> game_of(Rules()).name
        'concombre'
    """
    game = _BY_TYPE.get(type(value))
    if game is None:
        raise InvalidArgumentError(f"{value!r} belongs to no game the library knows.", field=field)
    return game
