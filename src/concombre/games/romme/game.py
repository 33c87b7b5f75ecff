"""German Rommé as a `concombre.core.game.Game`: what every edge of the library needs, in one record."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from concombre.core.game import Batched, Bots, Chance, Encoding, FullGame, GameInfo, Learning, Records, Story, register
from concombre.core.i18n import N_
from concombre.core.records import Record, own_record
from concombre.core.records import replay as _replay_any
from concombre.core.records import replay_states as _replay_states_any
from concombre.games.romme.actions import (
    ACTION_NAMES,
    Action,
    Deal,
    Discard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    MeldCards,
    action_text,
    apply,
    parse_action,
    parse_action_v1,
    refusal,
)
from concombre.games.romme.bots import BOTS, LEVELS
from concombre.games.romme.cards import MOST_CARDS, card_at, deck
from concombre.games.romme.choices import choices
from concombre.games.romme.codec import CODEC
from concombre.games.romme.legal import (
    legal_actions,
)
from concombre.games.romme.reading import typed_text
from concombre.games.romme.render import picture
from concombre.games.romme.rules import DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS, Rules
from concombre.games.romme.state import Phase, State
from concombre.games.romme.story import HELP, describe_rules, read_step, show_view, shown_round, step_reasons, tell
from concombre.games.romme.transitions import HAND_SIZE, deal, draw_stock, new_game, with_stock_top
from concombre.games.romme.views import View, view

__all__ = ["GAME", "replay", "replay_states"]


def _points(before: State, after: State) -> tuple[float, ...]:
    """What each seat's total gains when a regular round is scored (R13); a tie-break changes no total (R14a)."""
    result = after.last_result
    if before.phase is Phase.ROUND_COMPLETE and result is not None and not before.in_tie_break:
        return tuple(float(points) for points in result.scores)
    return (0.0,) * len(after.players)


def _sample(seen: View, rng: random.Random) -> State:
    from concombre.games.romme.bots.sampling import deal_hidden

    return deal_hidden(seen, rng)


def _batched() -> Batched[Any, Any]:
    from concombre.games.romme.fast.batch import batched  # the compiled tier: numpy and Numba, on first call

    return batched()


def _round_title(number: int, players: int) -> str:
    """Rounds past one per player are tie-breaks (R14), whose points are kept apart (R14a)."""
    return f"round {number}, a tie-break (R14a)" if number > players else f"round {number}"


def _draws(state: State, action: Action | None) -> int:
    if action is None and state.phase is Phase.DEAL:
        return HAND_SIZE * len(state.contenders) + 1
    return 1 if isinstance(action, DrawStock) and state.phase is Phase.DRAW else 0


def _pool(state: State, action: Action | None, drawn: tuple[int, ...]) -> Sequence[int]:
    if isinstance(action, DrawStock):
        return sorted(card.index for card in state.stock)
    taken = set(drawn)
    return [index for index in _DEAL_POOLS[state.rules.jokers] if index not in taken]


# Each deck's card numbers in order, by its jokers: a deal asks for its pool once per card dealt.
_DEAL_POOLS = {jokers: sorted(card.index for card in deck(jokers)) for jokers in (2, 4, 6)}


def _resolve(state: State, action: Action | None, drawn: tuple[int, ...]) -> State:
    cards = [card_at(index) for index in drawn]
    if isinstance(action, DrawStock):
        return draw_stock(with_stock_top(state, cards[0]))
    taken = set(cards)
    return deal(state, [*cards, *(card for card in deck(state.rules.jokers) if card not in taken)])


def _encoding() -> Encoding[State, Action, View]:
    from concombre.core.game import Parts
    from concombre.games.romme.choices import CHOICES
    from concombre.games.romme.observation import OBSERVATION_SIZE, encode_state, encode_view, taken_after, view_text
    from concombre.games.romme.parts import PARTS, action_parts, add_part, next_parts, part_refusal, part_text

    def hand(seen: View) -> Iterator[int]:
        return (card.index for card in seen.hand)

    def action_cards(action: Action) -> Iterator[int]:
        if isinstance(action, (Discard, LayOff)):
            return iter((action.card.index,))
        if isinstance(action, MeldCards):
            return (card.index for meld in action.melds for card in meld)
        if isinstance(action, ExchangeJoker):
            return (card.index for card in (action.card, *action.new_meld))  # the joker taken passes through the hand
        return iter(())

    parts: Parts[State, Action] = Parts(
        size=PARTS, offered=next_parts, add=add_part, refusal=part_refusal, of=action_parts, text=part_text,
        observe=encode_state, remember=taken_after,
    )
    return Encoding(
        size=OBSERVATION_SIZE, low=-1.0, encode=encode_view, text=view_text, actions=CHOICES,
        slots=lambda state: dict(enumerate(choices(state))), cards=MOST_CARDS, hand=hand, action_cards=action_cards,
        observe=encode_state, parts=parts,
    )


GAME: FullGame[State, Action, View] = FullGame(
    info=GameInfo(
        name="romme", title=N_("German Rommé"), players=(MIN_PLAYERS, MAX_PLAYERS), default_players=DEFAULT_PLAYERS,
        player_ruling="R1", turn_ruling="R7", table_ruling="R15",
        points_scale=float(sum(card.hand_value for card in deck(6))),  # no round scores more than every card (R3, R13)
    ),
    Rules=Rules,
    State=State,
    View=View,
    action_types=tuple(ACTION_NAMES.values()),
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    refusal=refusal,
    view=view,
    to_play=lambda state: state.to_play,
    is_over=lambda state: state.is_over,
    winner=lambda state: state.winner,
    points=_points,
    records=Records(header="concombre romme record 2", action_text=action_text, parse_action=parse_action,
                    starts_round=lambda action: isinstance(action, Deal), round_title=_round_title,
                    older={"concombre romme record 1": parse_action_v1}),  # version 1 counted melds from 0
    codec=CODEC,
    story=Story(describe=describe_rules, tell=tell, show=show_view, read=read_step, help=HELP, offers=choices,
                reasons=step_reasons, typed=typed_text, shown_round=shown_round),
    render=picture,
    bots=Bots(makers=BOTS, stand_in="solver", rivals=("solver", "random"), levels=LEVELS),
    learning=Learning(
        encoding=_encoding,
        chance=Chance(outcomes=MOST_CARDS, draws=_draws, pool=_pool, resolve=_resolve,
                      text=lambda index: str(card_at(index))),
        sample=_sample,
        batched=_batched,
    ),
)
"""German Rommé, as the library's edges see it (``find_game("romme")``), typed: ``FullGame[State, Action, View]``
(a `~concombre.core.game.Game` whose capabilities are typed as present: ``GAME.story`` needs no ``assert``).

Examples:
    >>> GAME.name, GAME.players, GAME.default_players, GAME.player_ruling
    ('romme', (2, 6), 4, 'R1')
"""

register(GAME)


def replay(record: Record[Action]) -> State:
    """The state after every action of a German Rommé record, each checked by the engine.

    `concombre.core.records.replay` replays a record of any game; this one refuses another game's.

    Raises:
        InvalidArgumentError: ``record`` is no Rommé record; the message names its game (``field`` ``record``).
        FormatError: The setup is not a valid game, or action N is illegal;
            the path is ``$.actions[N]`` and the ruling is named.

    Examples:
        >>> from concombre.romme import Record, new_game, replay
        >>> replay(Record.of(new_game(2, seed=1))) == new_game(2, seed=1)
        True
        >>> import concombre
        >>> try:
        ...     replay(concombre.Record.of(concombre.new_game(2, seed=1)))
        ... except concombre.InvalidArgumentError as err:
        ...     print(err.field, "-", err.reason)
        record - This is a Concombre record, not a German Rommé one: replay it with concombre.core.records.replay, or
        its own game's replay.
    """
    return _replay_any(own_record(GAME, record))


def replay_states(record: Record[Action]) -> Iterator[State]:
    """Every state of a German Rommé record: the first, then one after each action, each checked by the engine.

    `concombre.core.records.replay_states` reads a record of any game; this one refuses another game's (at once,
    before the first state).

    Raises:
        InvalidArgumentError: ``record`` is no Rommé record; the message names its game (``field`` ``record``).
        FormatError: The setup is not a valid game, or action N is illegal.

    Examples:
        >>> from concombre.romme import Record, new_game, replay_states
        >>> [state.phase.value for state in replay_states(Record.of(new_game(2, seed=1)))]
        ['deal']
    """
    return _replay_states_any(own_record(GAME, record))
