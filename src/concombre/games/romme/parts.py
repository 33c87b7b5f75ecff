"""German Rommé's moves built in parts: a fixed vocabulary of `PARTS` slots from which a learner with a
fixed-size output reaches every legal action, one part at a time.

A Rommé turn's actions are too many for a fixed set of numbered actions (an opening alone may be any of a
hundred groups of melds), so a learner builds each one, as a person picks up cards before putting them down:

| slot | part |
| --- | --- |
| 0 | draw from the stock (`DrawStock`) |
| 1 | take the discard pile's top card (`DrawDiscard`) |
| 2-111 | a card: the physical card whose sorting index (`RommeCard.index`) is the slot minus 2 |
| 112 | close: end the meld being built and start the next one of the same `MeldCards` |
| 113 | meld: put the melds down (ends a `MeldCards`, and an exchange's new meld) |
| 114-149 | target: meld *m* on the table (the slot minus 114, from 0) for the one card chosen |
| 150-152 | lay off on the target (`LayOff`): a set's place (150), a run's low end (151) or high end (152) |
| 153-165 | exchange the target's joker at place *p* (the slot minus 153, from 0); then the joker's new meld |
| 166 | discard the card chosen (`Discard`) |

Every legal action of `~concombre.games.romme.legal_actions` is one sequence of parts (`action_parts`), and
no sequence is the beginning of another, since each ends with a part that ends nothing else:

- ``DrawStock()``: ``(0,)``; ``DrawDiscard()``: ``(1,)``;
- ``Discard(c)``: ``(2 + c, 166)``;
- ``LayOff(c, m, end)``: ``(2 + c, 114 + m, 150 + [None, "low", "high"].index(end))``;
- ``ExchangeJoker(c, m, p, new)``: ``(2 + c, 114 + m, 153 + p, *(2 + x for x in new), 113)``;
- ``MeldCards(melds)``: each meld's cards in the action's order, 112 between two melds, 113 at the end;

where ``c`` stands for a card's sorting index. The parts offered after the parts built so far (`next_parts`)
are those that lead on toward some legal action, so every path a learner takes through the offers ends in a
legal action, and every legal action can be reached; `add_part` takes one part and gives the action once its
last part is taken. Both are pure functions of the state and the parts built so far (a tuple); the legal
actions of the last state asked about are kept, so that building a move part by part lists them once.
The table's own steps (`Deal`, `ScoreRound`) are not the players' and have no parts.

Examples:
    >>> from concombre.romme import cards_of, deal, deck_for, draw_stock, new_game
    >>> game = new_game(2, seed=3)
    >>> state = draw_stock(deal(game, deck_for(game, {1: cards_of("QC1 QD1 QH1 QS1 KD1 KH1 KS1")})))
    >>> built = ()
    >>> for card in cards_of("QC1 QD1 QH1"):
    ...     built, action = add_part(state, built, CARD + card.index)
    ...     print([part_text(part) for part in next_parts(state, built)])
    ['QD1', 'QH1', 'discard']
    ['QH1', 'QS1']
    ['QS1', 'close']
    >>> built, action = add_part(state, built, CLOSE)        # three queens are worth 30: not yet an opening
    >>> built, action = add_part(state, built, CARD + cards_of("KD1")[0].index)
    >>> built, action = add_part(state, built, CARD + cards_of("KH1")[0].index)
    >>> built, action = add_part(state, built, CARD + cards_of("KS1")[0].index)
    >>> add_part(state, built, MELD)[1] == MeldCards([cards_of("QC1 QD1 QH1"), cards_of("KD1 KH1 KS1")])
    True
"""

from __future__ import annotations

import operator
from bisect import bisect_left
from collections.abc import Sequence

import attrs

from concombre.core.errors import InvalidArgumentError
from concombre.games.romme.actions import (
    MOST_MELDS,
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    MeldCards,
    refusal,
)
from concombre.games.romme.cards import MOST_CARDS, card_at
from concombre.games.romme.legal import legal_actions
from concombre.games.romme.melds import MOST_PLACES
from concombre.games.romme.rules import withheld_discard
from concombre.games.romme.state import Phase, State, require_state

__all__ = [
    "CARD",
    "CLOSE",
    "DISCARD",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "ENDS",
    "EXCHANGE",
    "LAY_OFF",
    "MELD",
    "PARTS",
    "TARGET",
    "Building",
    "action_parts",
    "add_part",
    "building",
    "next_parts",
    "part_refusal",
    "part_text",
]

DRAW_STOCK = 0
"""The part that draws from the stock: `DrawStock` whole.

Examples:
    >>> action_parts(DrawStock()) == (DRAW_STOCK,)
    True
"""

DRAW_DISCARD = 1
"""The part that takes the discard pile's top card: `DrawDiscard` whole.

Examples:
    >>> action_parts(DrawDiscard()) == (DRAW_DISCARD,)
    True
"""

CARD = 2
"""The first card part: card part ``CARD + index`` chooses the physical card of that sorting index (0-109).

Examples:
    >>> part_text(CARD), part_text(CARD + MOST_CARDS - 1)
    ('2C1', 'JK6')
"""

CLOSE = CARD + MOST_CARDS
"""The part that closes the meld being built, so that the next card starts another meld of the same move.

Examples:
    >>> CLOSE
    112
"""

MELD = CLOSE + 1
"""The part that puts the melds built down (`MeldCards`), or ends an exchange's new meld (`ExchangeJoker`).

Examples:
    >>> MELD
    113
"""

TARGET = MELD + 1
"""The first target part: ``TARGET + m`` aims the card chosen at meld ``m`` of the table (from 0).

Examples:
    >>> TARGET, TARGET + MOST_MELDS - 1
    (114, 149)
"""

ENDS: tuple[str | None, ...] = (None, "low", "high")
"""Where a lay-off goes, in the order of its parts: a set's place (None), a run's low end, its high end.

Examples:
    >>> ENDS.index("high")
    2
"""

LAY_OFF = TARGET + MOST_MELDS
"""The first lay-off part: ``LAY_OFF + ENDS.index(end)`` lays the card chosen off on the target (`LayOff`).

Examples:
    >>> LAY_OFF
    150
"""

EXCHANGE = LAY_OFF + len(ENDS)
"""The first exchange part: ``EXCHANGE + p`` gives the card chosen for the target's joker at place ``p`` (from
0); the joker's new meld follows, card by card, then `MELD` (`ExchangeJoker`).

Examples:
    >>> EXCHANGE, EXCHANGE + MOST_PLACES - 1
    (153, 165)
"""

DISCARD = EXCHANGE + MOST_PLACES
"""The part that discards the card chosen, ending the turn (`Discard`).

Examples:
    >>> DISCARD
    166
"""

PARTS = DISCARD + 1
"""The number of part slots: the size of a learner's action space (`Discrete(PARTS)`).

Examples:
    >>> PARTS
    167
"""

Built = tuple[int, ...]


def action_parts(action: Action) -> Built:
    """The parts of a player's action, in the order a learner takes them (see the module).

    Raises:
        InvalidArgumentError: ``action`` is none of a player's actions (the deal and the scoring are the
            table's); ``field`` is ``action``.

    Examples:
        >>> from concombre.romme import LayOff, MeldCards
        >>> action_parts(LayOff("7H1", 2, "high"))
        (46, 116, 152)
        >>> action_parts(MeldCards([["QH1", "QS1", "QD1"], ["AC1", "2C1", "JK1"]]))
        (86, 88, 84, 112, 98, 2, 106, 113)
    """
    if type(action) is Discard:
        return (CARD + action.card.index, DISCARD)
    if type(action) is MeldCards:
        parts: list[int] = []
        for meld in action.melds:
            parts += [CARD + card.index for card in meld]
            parts.append(CLOSE)
        parts[-1] = MELD
        return tuple(parts)
    if type(action) is LayOff:
        return (CARD + action.card.index, TARGET + action.meld, LAY_OFF + ENDS.index(action.end))
    if type(action) is ExchangeJoker:
        return (CARD + action.card.index, TARGET + action.meld, EXCHANGE + action.place,
                *(CARD + card.index for card in action.new_meld), MELD)
    if type(action) is DrawStock:
        return (DRAW_STOCK,)
    if type(action) is DrawDiscard:
        return (DRAW_DISCARD,)
    raise InvalidArgumentError(f"{action!r} has no parts: only a player's actions (a draw, melds, a lay-off, a "
                               f"joker exchange, a discard) are built in parts.", field="action")


@attrs.frozen
class _Offer:
    """The legal actions of one state as sorted part sequences: those that begin with some parts lie side by
    side, so that the parts offered next are found by bisection, without a tree built for every state."""

    sequences: list[Built]
    actions: dict[Built, Action]


_last: tuple[State | None, _Offer | None] = (None, None)  # the last state asked about, and its offer


def _offer(state: State) -> _Offer:
    global _last
    known, offer = _last
    if known is state and offer is not None:
        return offer
    actions = {action_parts(action): action for action in legal_actions(state) if action.__class__ in _PLAYERS}
    offer = _Offer(sorted(actions), actions)
    _last = (state, offer)
    return offer


_PLAYERS = frozenset({DrawStock, DrawDiscard, MeldCards, LayOff, ExchangeJoker, Discard})


def _built(built: object) -> Built:
    if type(built) is tuple and all(type(part) is int for part in built):
        return built
    if isinstance(built, Sequence) and not isinstance(built, (str, bytes)):
        try:
            return tuple(operator.index(part) for part in built)  # numpy's integers too
        except TypeError:
            pass
    raise InvalidArgumentError(f"built must be the parts built so far, a tuple of whole numbers, not {built!r}.",
                               field="built")


def _quick(state: State, built: Built) -> tuple[int, ...] | None:
    """The parts offered where they are known without listing the legal actions: the draws, and a turn's
    first card when every card held may be discarded (each card of the hand begins its discard at least)."""
    if built:
        return None
    if state.phase is Phase.DRAW:
        return (DRAW_STOCK, DRAW_DISCARD) if state.discard_pile else (DRAW_STOCK,)
    if state.phase is Phase.PLAY and state.to_play is not None:
        hand = state.hands[state.to_play]
        if withheld_discard(state.drawn, len(hand), state.rules) is None:
            return tuple([CARD + card.index for card in hand])  # a hand is sorted: so are its parts
    return None


def next_parts(state: State, built: Sequence[int] = ()) -> tuple[int, ...]:
    """The parts the player to move may take after ``built``, in increasing order: those that lead on toward
    some legal action (none while the table acts, or once the game is over).

    Raises:
        InvalidArgumentError: ``built`` is not the beginning of any legal action's parts (``field`` ``built``),
            or ``state`` is no Rommé state.

    Examples:
        >>> from concombre.romme import deal, new_game
        >>> next_parts(deal(new_game(2, seed=1)))
        (0, 1)
    """
    global _last_parts
    known, asked, offered = _last_parts
    if known is state and asked == built and type(built) is tuple:  # asked again: by part_refusal, by add_part
        return offered
    checked = _built(built)
    offered = _next_parts(require_state(state), checked)
    _last_parts = (state, checked, offered)
    return offered


_last_parts: tuple[State | None, Built, tuple[int, ...]] = (None, (), ())  # the last parts offered, and where


def _next_parts(state: State, built: Built) -> tuple[int, ...]:
    quick = _quick(state, built)
    if quick is not None:
        return quick
    offer = _offer(state)
    sequences, depth = offer.sequences, len(built)
    start, stop = bisect_left(sequences, built), bisect_left(sequences, (*built, PARTS))
    if start == stop or built in offer.actions:
        if not built:
            return ()
        raise InvalidArgumentError(f"The parts {list(built)} begin no legal action now: build a move from the parts "
                                   f"next_parts offers, from ().", field="built")
    found = []
    while start < stop:
        part = sequences[start][depth]
        found.append(part)
        start = bisect_left(sequences, (*built, part + 1), start, stop)
    return tuple(found)


def add_part(state: State, built: Sequence[int], part: int) -> tuple[Built, Action | None]:
    """The parts built after taking ``part``, and the action they complete: ``((), action)`` once the last part
    of a legal action is taken, else ``(built + (part,), None)``.

    Raises:
        InvalidArgumentError: ``part`` is not offered after ``built`` (`part_refusal` says why, with the
            ruling where the rules refuse the action it would complete), or ``built`` begins no legal action.

    Examples:
        >>> from concombre.romme import deal, new_game
        >>> add_part(deal(new_game(2, seed=1)), (), DRAW_STOCK)
        ((), DrawStock())
    """
    built = _built(built)
    refused = part_refusal(state, built, part)
    if refused is not None:
        raise refused
    if not built and part in (DRAW_STOCK, DRAW_DISCARD):
        return (), DrawStock() if part == DRAW_STOCK else DrawDiscard()
    grown = (*built, part)
    if part in (DISCARD, MELD) or LAY_OFF <= part < EXCHANGE:  # the parts that end an action, and nothing else
        return (), _offer(state).actions[grown]
    return grown, None


def part_refusal(state: State, built: Sequence[int], part: object) -> InvalidArgumentError | None:
    """Why ``part`` may not be taken after ``built`` now, as the error to raise or show (``field`` ``part``);
    None when it is offered. Where the part would complete an action that the rules refuse, the error is the
    rules' refusal, with its ruling.

    Raises:
        InvalidArgumentError: ``built`` begins no legal action.

    Examples:
        >>> from concombre.romme import deal, new_game
        >>> state = deal(new_game(2, seed=1))
        >>> part_refusal(state, (), DRAW_STOCK) is None
        True
        >>> print(part_refusal(state, (), MELD))
        Part 113 (meld) is no move now: the parts offered are 0 (draw stock), 1 (draw discard).
        >>> print(part_refusal(state, (), PARTS))
        Part 167 is no part: a part is a whole number from 0 to 166.
    """
    try:
        number = None if isinstance(part, bool) else operator.index(part)  # type: ignore[arg-type]
    except TypeError:
        number = None
    if number is None or not 0 <= number < PARTS:
        return InvalidArgumentError(f"Part {part!r} is no part: a part is a whole number from 0 to {PARTS - 1}.",
                                    field="part")
    built = _built(built)
    offered = next_parts(state, built)
    if number in offered:
        return None
    meant = _meant(built, number)
    refused = refusal(state, meant) if meant is not None else None
    if refused is not None:
        return InvalidArgumentError(refused.reason, refused.ruling, "part")
    shown = ", ".join(f"{offer} ({part_text(offer)})" for offer in offered[:12])
    more = f" and {len(offered) - 12} more" if len(offered) > 12 else ""
    return InvalidArgumentError(f"Part {number} ({part_text(number)}) is no move now: the parts offered are "
                                f"{shown or 'none'}{more}.", field="part")


def _meant(built: Built, part: int) -> Action | None:
    """The action ``part`` would complete after ``built``, read from the parts alone; None if it completes none
    (or the parts make no action's shape)."""
    try:
        if not built:  # a card begins its discard at least: a card refused first is a discard refused
            if CARD <= part < CLOSE:
                return Discard(card_at(part - CARD))
            return DrawStock() if part == DRAW_STOCK else DrawDiscard() if part == DRAW_DISCARD else None
        cards = [card_at(number - CARD) for number in built if CARD <= number < CLOSE]
        if part == DISCARD and len(built) == 1 and len(cards) == 1:
            return Discard(cards[0])
        if len(built) == 2 and LAY_OFF <= part < EXCHANGE and TARGET <= built[1] < LAY_OFF and len(cards) == 1:
            return LayOff(cards[0], built[1] - TARGET, ENDS[part - LAY_OFF])  # type: ignore[arg-type]
        if part != MELD:
            return None
        if len(built) > 3 and TARGET <= built[1] < LAY_OFF and EXCHANGE <= built[2] < DISCARD:
            return ExchangeJoker(cards[0], built[1] - TARGET, built[2] - EXCHANGE, cards[1:])
        if all(CARD <= number <= CLOSE for number in built):
            melds: list[list[int]] = [[]]
            for number in built:
                if number == CLOSE:
                    melds.append([])
                else:
                    melds[-1].append(number - CARD)
            return MeldCards([[card_at(index) for index in meld] for meld in melds])
    except InvalidArgumentError:  # a meld of no card, or too many: no action's shape
        return None
    return None


def part_text(part: int) -> str:
    """What a part does, in the words of the text records (cards by their code, melds and places from 1).

    Raises:
        InvalidArgumentError: ``part`` is no part (``field`` ``part``).

    Examples:
        >>> [part_text(part) for part in (DRAW_STOCK, CARD + 84, CLOSE, TARGET + 2, LAY_OFF + 1, EXCHANGE, DISCARD)]
        ['draw stock', 'QH1', 'close', 'on 3', 'lay off low', 'exchange at 1', 'discard']
    """
    if isinstance(part, bool) or not isinstance(part, int) or not 0 <= part < PARTS:
        raise InvalidArgumentError(f"Part {part!r} is no part: a part is a whole number from 0 to {PARTS - 1}.",
                                   field="part")
    if part < CARD:
        return ("draw stock", "draw discard")[part]
    if part < CLOSE:
        return str(card_at(part - CARD))
    if part < TARGET:
        return ("close", "meld")[part - CLOSE]
    if part < LAY_OFF:
        return f"on {part - TARGET + 1}"
    if part < EXCHANGE:
        return " ".join(filter(None, ("lay off", ENDS[part - LAY_OFF])))
    if part < DISCARD:
        return f"exchange at {part - EXCHANGE + 1}"
    return "discard"


@attrs.frozen
class Building:
    """What the parts built so far hold (`building`): for the observation of a move half made.

    Attributes:
        selection: The sorting indexes of the cards of the meld being built (a discard's card, the cards of
            an exchange's new meld), in the order taken.
        melds: The melds closed so far in this move, each its cards' sorting indexes.
        card: The card given to the target (for a lay-off or an exchange), or None.
        target: The meld aimed at (from 0), or None.
        place: The place of the joker the card is exchanged for (from 0), or None.

    Examples:
        >>> building((CARD + 3, TARGET + 1, EXCHANGE + 2, CARD + 104))
        Building(selection=(104,), melds=(), card=3, target=1, place=2)
    """

    selection: tuple[int, ...] = ()
    melds: tuple[tuple[int, ...], ...] = ()
    card: int | None = None
    target: int | None = None
    place: int | None = None


def building(built: Sequence[int]) -> Building:
    """What the parts ``built`` so far hold (see `Building`), read from the parts alone.

    Raises:
        InvalidArgumentError: ``built`` is not a tuple of parts (``field`` ``built``).

    Examples:
        >>> building((CARD + 86, CARD + 90, CARD + 84, CLOSE, CARD + 2))
        Building(selection=(2,), melds=((86, 90, 84),), card=None, target=None, place=None)
    """
    built = _built(built)
    if any(not 0 <= part < PARTS for part in built):
        raise InvalidArgumentError(f"built holds a number that is no part: {list(built)}.", field="built")
    if len(built) > 1 and TARGET <= built[1] < LAY_OFF:
        place = built[2] - EXCHANGE if len(built) > 2 and EXCHANGE <= built[2] < DISCARD else None
        return Building(tuple(part - CARD for part in built[3:] if CARD <= part < CLOSE), (), built[0] - CARD,
                        built[1] - TARGET, place)
    melds: list[tuple[int, ...]] = []
    selection: list[int] = []
    for part in built:
        if part == CLOSE:
            melds.append(tuple(selection))
            selection = []
        elif CARD <= part < CLOSE:
            selection.append(part - CARD)
    return Building(tuple(selection), tuple(melds))
