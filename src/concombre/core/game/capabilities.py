"""A game's optional capabilities, each a record of its own: `Records`, `Codec`, `Story`, `Bots` (and their
`Level`), and for learning `Learning` with its `Encoding`, `Chance` and `Batched` engine.

Examples:
    >>> from concombre.games import find_game
    >>> find_game("concombre").records.header
    'concombre record 1'
"""

from __future__ import annotations

import operator
import random
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from concombre.core.errors import IllegalActionError, InvalidArgumentError, json_type
from concombre.core.game.parts import Parts
from concombre.core.game.types import Bot, Seat, Table
from concombre.core.i18n import N_

__all__ = ["LEVEL_NAMES", "Batched", "Bots", "Chance", "Codec", "Encoding", "Learning", "Level", "Records",
           "RoundShown", "Story", "Structure", "card_hook"]

S = TypeVar("S", bound=Table)
A = TypeVar("A")
V = TypeVar("V", bound=Seat)
C = TypeVar("C")
B = TypeVar("B")  # a batched engine's batch
N = TypeVar("N")  # its arrays
S_in = TypeVar("S_in", contravariant=True)
A_in = TypeVar("A_in", contravariant=True)
V_out = TypeVar("V_out", covariant=True)


class _Judged(Protocol[S_in, A_in, V_out]):
    """What an `Encoding` asks of its game (a `~concombre.core.game.Game`): its refusal and its views."""

    def refusal(self, state: S_in, action: A_in) -> IllegalActionError | None: ...

    @property
    def view(self) -> Callable[[S_in, int], V_out]: ...


Structure = Callable[[Any, Any], Any]
"""The JSON layer's strict ``structure(value, type)``, handed to a codec's hooks for nested values.

Examples:
    >>> from concombre.games import find_game
    >>> hooks = find_game("concombre").codec.hooks
    >>> callable(hooks)
    True
"""


def card_hook(parse: Callable[[str], C], example: str) -> Callable[[object, object], C]:
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

    def structure(value: object, _: object) -> C:
        if type(value) is not str:
            raise InvalidArgumentError(f'expected a card such as "{example}", found {json_type(value)}')
        if len(value) > len(example) + 1 or value != value.strip():
            raise InvalidArgumentError(f'expected a card such as "{example}", not {value[:10]!r}')
        return parse(value)

    return structure


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
        older: The headers of the game's earlier versions of its text records, each with the reader of
            their action lines, so that a record written by an earlier release still reads (a format never
            changes without a new header and a reader for the old one).

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
    older: Mapping[str, Callable[[str], A]] = attrs.field(factory=dict, hash=False)

    def reader(self, header: str) -> Callable[[str], A] | None:
        """The reader of the action lines of a text record that starts with ``header`` (this version's or an
        older one's), or None if the header is none of this game's.

        Examples:
            >>> from concombre.games import find_game
            >>> records = find_game("concombre").records
            >>> records.reader("concombre record 1") is records.parse_action, records.reader("chess 1")
            (True, None)
        """
        return self.parse_action if header == self.header else self.older.get(header)


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
        schemas: The package (an importable name, ``"mygame.schemas"``) whose files
            ``state.schema.json``, ``view.schema.json``, ``action.schema.json`` and
            ``record.schema.json`` are the game's JSON Schemas (include them in its wheel);
            None: `concombre.io.json.json_schema` derives them from the document classes.

    Examples:
        >>> from concombre.games import find_game
        >>> find_game("concombre").codec.prefix
        'concombre'
    """

    prefix: str
    kinds: Mapping[str, Any]
    action_names: Mapping[str, type]
    hooks: Callable[[Structure], Iterable[tuple[type, Callable[[object, object], object]]]] = lambda structure: ()
    unstructure: Mapping[type, Callable[[Any], object]] = attrs.field(factory=dict)
    objects: tuple[type, ...] = ()
    state_parts: Callable[[Any], Any] = lambda state: state
    parts_type: type | None = None
    from_parts: Callable[[Any], Any] = lambda parts: parts
    check_view: Callable[[Any], None] = lambda seen: None
    optional: frozenset[str] = frozenset()
    schemas: str | None = None

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
        typed: An action as a person types it, in the people's form (``10♥``, ``lay off 7♥ on 2 high``):
            what a hint suggests, and what ``read`` reads back; None: the records' ``action_text``.
        shown_trick: The completed trick a table leaves on the felt: who won
            it and its plays as (seat, card text) pairs, from the moment it is
            complete until the next card is led; None when none is (and for
            a game without tricks). A table holds such a state a moment
            before its own next step, so that people see the trick whole.
        shown_round: A round's end a table leaves on the felt, before it is scored
            and the next deal clears it (`RoundShown`): who went out and the
            round's score sheet; None when the state is no round's end (and
            for a game whose rounds end otherwise). A table holds such a state
            longer than a trick, so that people read the sheet.

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
    typed: Callable[[A], str] | None = None
    shown_round: Callable[[S], RoundShown | None] | None = None


@attrs.frozen
class RoundShown:
    """A round's end as a table shows it (`Story.shown_round`): a sentence, who went out, and the round's score
    sheet as cells, its first row the head.

    Attributes:
        title: What happened, in a sentence (``Round 1 is over: Bea went out.``).
        out: The seat that went out, or None.
        sheet: The score sheet's rows of cells, the first its head.

    Examples:
        >>> RoundShown("Round 1 is over.", None, (("Player", "Round"), ("Ann", "12"))).sheet[1]
        ('Ann', '12')
    """

    title: str
    out: int | None
    sheet: tuple[tuple[str, ...], ...]


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


@attrs.frozen(kw_only=True, init=False)
class Bots(Generic[V, A]):
    """The players a game offers: factories by name, the one that takes empty seats, and a default line-up.

    Attributes:
        makers: Bot factories by name (a class or any callable that returns a `Bot`).
        stand_in: The bot that takes the empty seats at a table (and a person's seat while they are away).
        rivals: The line-up simulations play by default: one bot name a seat. Where the game cannot seat
            that many, ``concombre simulate`` repeats it round the table to ``default_players``.
        levels: The bots people choose by strength, weakest first (`Level`); only bots among ``makers``
            (a level whose bot needs a missing extra is left out by the game).

    Examples:
        >>> from concombre.games import find_game
        >>> bots = find_game("romme").bots
        >>> sorted(bots.makers), bots.stand_in, bots.rivals
        (['planner', 'random', 'solver'], 'solver', ('solver', 'random'))
    """

    makers: Mapping[str, Callable[[], Bot[V, A]]]
    stand_in: str
    rivals: tuple[str, ...]
    levels: tuple[Level, ...] = ()

    def __init__(self, *, makers: Mapping[str, Callable[[], Bot[V, A]]], stand_in: str | None = None,
                 rivals: tuple[str, ...], levels: tuple[Level, ...] = (), table: str | None = None) -> None:
        if table is not None:
            warnings.warn("Bots(table=...) is deprecated and will be removed in the next minor version: use "
                          "stand_in.", DeprecationWarning, stacklevel=2)
        chosen = table if stand_in is None else stand_in
        if chosen is None:
            raise InvalidArgumentError("Bots needs stand_in: the bot that takes the empty seats at a table.",
                                       field="stand_in")
        self.__attrs_init__(makers=makers, stand_in=chosen, rivals=rivals, levels=levels)

    @property
    def table(self) -> str:
        """Deprecated: `stand_in`."""
        warnings.warn("Bots.table is deprecated and will be removed in the next minor version: use Bots.stand_in.",
                      DeprecationWarning, stacklevel=2)
        return self.stand_in

    def __attrs_post_init__(self) -> None:
        for name in (self.stand_in, *self.rivals, *(level.bot for level in self.levels)):
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
class Batched(Generic[B, N]):
    """A game's batched engine: many games with the same players and rules at once, as arrays (needs numpy).

    A batch always waits for the player to move in each game that is not over (the table's own steps happen
    inside ``step``). Actions are the `Encoding`'s slots, or its parts where it has them
    (`~concombre.core.game.Parts`, one part a step). ``Batched[B, N]``: ``B`` the engine's batch, ``N`` its
    arrays (numpy's).

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
        round_number: Each game's round in play, from 1, so that a learner sees rounds end (the vector
            environment's ``info["round_over"]``); None for an engine that does not say.

    Examples:
        >>> from concombre.games import find_game
        >>> sorted(find_game("concombre").learning.batched().bots)
        ['random', 'thumb']
    """

    reset: Callable[..., B]
    step: Callable[..., B]
    reset_games: Callable[[B, N, N], B]
    legal_mask: Callable[[B], N]
    observe: Callable[[B, N], N]
    to_play: Callable[[B], N]
    done: Callable[[B], N]
    rewards: Callable[[B], N]
    eliminated: Callable[[B], N]
    bots: Mapping[str, Callable[[B, Any], N]]
    winner: Callable[[B], N] | None = None
    settle: Callable[[B, int, Sequence[str], int], B] | None = None
    round_number: Callable[[B], N] | None = None


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
        parts: The game's moves built a part at a time (`~concombre.core.game.Parts`), which reach every
            legal action where the slots cannot (Rommé); the environments take parts when a game has them.
            None: the slots are the moves.

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
    parts: Parts[S, A] | None = None

    def slot(self, action: object) -> int:
        """``action`` as a slot number, or an `InvalidArgumentError` naming ``action`` when it is none: not a
        whole number from 0 to ``actions - 1`` (whether the slot is offered now is `refused`'s question).

        Examples:
            >>> from concombre.games import find_game
            >>> encoding = find_game("concombre").learning.encoding()
            >>> encoding.slot(3)
            3
            >>> encoding.slot("QH")
            Traceback (most recent call last):
            ...
            concombre.core.errors.InvalidArgumentError: Action 'QH' is no slot: a slot is a whole number from 0 to 51.
        """
        try:
            number = None if isinstance(action, bool) else operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            number = None
        if number is None or not 0 <= number < self.actions:
            raise InvalidArgumentError(f"Action {action!r} is no slot: a slot is a whole number from 0 to "
                                       f"{self.actions - 1}.", field="action")
        return number

    def refused(self, game: _Judged[S, A, V], state: S, slot: object) -> InvalidArgumentError | None:
        """Why ``slot`` is no move now, as the error to raise or to show: the game's own refusal and its ruling
        where the slot always stands for one action (`slot_action`), else the slots that are offered; None
        when the slot is offered.

        Examples:
            >>> from concombre import deal, new_game
            >>> from concombre.games import find_game
            >>> game = find_game("concombre")
            >>> print(game.learning.encoding().refused(game, deal(new_game(2, seed=1)), 1))
            You do not hold 2♦. [C14]
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

    def observation(self, game: _Judged[S, A, V], state: S, seat: int) -> Any:
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
        encoding: The learning encoding (`Encoding`), built on first call (imports numpy); None for a game
            that offers search (``sample``) without an encoding for learners.
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
        (256, False)
    """

    encoding: Callable[[], Encoding[S, A, V]] | None = None
    chance: Chance[S, A] | None = None
    sample: Callable[[V, random.Random], S] | None = None
    batched: Callable[[], Batched[Any, Any]] | None = None


