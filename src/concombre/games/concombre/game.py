"""Concombre as a `concombre.core.game.Game`: what every edge of the library needs, in one typed record."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from concombre.core.cards import PACK, indices_in_mask, mask_of
from concombre.core.game import Batched, Bots, Chance, Encoding, FullGame, GameInfo, Learning, Records, Story, register
from concombre.core.i18n import N_
from concombre.core.records import Record, own_record
from concombre.core.records import replay as _replay_any
from concombre.core.records import replay_states as _replay_states_any
from concombre.games.concombre.actions import (
    ACTION_NAMES,
    Action,
    Deal,
    Play,
    action_text,
    apply,
    legal_actions,
    parse_action,
    refusal,
)
from concombre.games.concombre.bots import BOTS, LEVELS, ROSTER
from concombre.games.concombre.bots.sampling import deal_hidden
from concombre.games.concombre.codec import CODEC
from concombre.games.concombre.reading import typed_text
from concombre.games.concombre.render import picture
from concombre.games.concombre.rules import DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS, Rules, card_value
from concombre.games.concombre.state import Phase, State
from concombre.games.concombre.story import (
    HELP,
    describe_rules,
    play_reasons,
    read_play,
    show_view,
    shown_trick,
    tell,
)
from concombre.games.concombre.transitions import deal, new_game
from concombre.games.concombre.views import View, view

if TYPE_CHECKING:
    import numpy.typing as npt

    from concombre.games.concombre.fast.batch import Batch

__all__ = ["GAME", "replay", "replay_states"]

_INDEX = {card: index for index, card in enumerate(PACK)}
_PLAYS = tuple(Play(card) for card in PACK)


_NO_POINTS = tuple((0.0,) * count for count in range(MAX_PLAYERS + 1))


def _points(before: State, after: State) -> tuple[float, ...]:
    """Minus the penalty points a step gives (C9): only scoring a round gives any."""
    result = after.last_result
    if before.phase is not Phase.ROUND_COMPLETE or result is None:
        return _NO_POINTS[len(after.players)]
    points = [0.0] * len(after.players)
    points[result.loser] -= result.penalty
    return tuple(points)


def _draws(state: State, action: Action | None) -> int:
    if action is None and state.phase is Phase.DEAL:
        return state.match.deal_size * state.match.active_count
    return 0


def _pool(state: State, action: Action | None, drawn: tuple[int, ...]) -> Sequence[int]:
    # On masks, not cards: a deal asks for its pool once per card dealt.
    left = state.match.pack_mask if state.phase is Phase.DEAL else mask_of(state.stock)
    for index in drawn:
        left &= ~(1 << index)
    return indices_in_mask(left)


def _resolve(state: State, action: Action | None, drawn: tuple[int, ...]) -> State:
    taken = set(drawn)
    return deal(state, [PACK[index] for index in drawn] + [card for card in state.stock if _INDEX[card] not in taken])


def _batched() -> Batched[Batch, npt.NDArray[Any]]:
    from concombre.games.concombre.fast import batch

    return Batched(reset=batch.reset, step=batch.step, reset_games=batch.reset_games, legal_mask=batch.legal_mask,
                   observe=batch.observe, to_play=lambda games: games.to_play, done=lambda games: games.done,
                   rewards=lambda games: games.rewards, eliminated=lambda games: games.eliminated,
                   bots={offer.name: _batched_bot(batch.bot_cards, offer.name) for offer in ROSTER if offer.compiled},
                   winner=lambda games: games.winner,
                   settle=lambda games, seat, bots, seed: batch.rollout(games, bots, until=seat, seed=seed),
                   round_number=lambda games: games.round_number)


def _batched_bot(cards: Callable[[Any, str, Any], Any], name: str) -> Callable[[Any, Any], Any]:
    return lambda games, rng: cards(games, name, rng)


def _encoding() -> Encoding[State, Action, View]:
    from concombre.games.concombre.encoding import ACTIONS, OBSERVATION_SIZE, encode_state, encode_view, view_text

    def slots(state: State) -> dict[int, Action]:
        # Straight from the legal mask to plays made once: the adapters ask for the slots every step.
        return {index: _PLAYS[index] for index in indices_in_mask(state.legal_mask)}

    def hand(seen: View) -> Iterator[int]:
        return (_INDEX[card] for card in seen.hand)

    def action_cards(action: Action) -> tuple[int, ...]:
        return (_INDEX[action.card],) if isinstance(action, Play) else ()

    return Encoding(size=OBSERVATION_SIZE, low=0.0, encode=encode_view, text=view_text, actions=ACTIONS, slots=slots,
                    cards=len(PACK), hand=hand, action_cards=action_cards, observe=encode_state,
                    slot_action=lambda slot: Play(PACK[slot]) if 0 <= slot < len(PACK) else None)


GAME: FullGame[State, Action, View] = FullGame(
    info=GameInfo(
        name="concombre", title=N_("Concombre"), players=(MIN_PLAYERS, MAX_PLAYERS), default_players=DEFAULT_PLAYERS,
        player_ruling="C1", turn_ruling="C6", table_ruling="C14",
        points_scale=float(max(card_value(card) for card in PACK)),  # a round lost costs its card's value (C9)
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
    eliminated=lambda state: state.eliminated,
    records=Records(header="concombre record 1", action_text=action_text, parse_action=parse_action,
                    starts_round=lambda action: isinstance(action, Deal)),
    codec=CODEC,
    story=Story(describe=describe_rules, tell=tell, show=show_view, read=read_play, help=HELP, reasons=play_reasons,
                shown_trick=shown_trick, typed=typed_text),
    render=picture,
    bots=Bots(makers=BOTS, stand_in="thumb", rivals=("thumb", "random"), levels=LEVELS),
    learning=Learning(
        encoding=_encoding,
        chance=Chance(outcomes=len(PACK), draws=_draws, pool=_pool, resolve=_resolve,
                      text=lambda index: str(PACK[index])),
        sample=deal_hidden,
        batched=_batched,
    ),
)
"""Concombre, as the library's edges see it (``find_game("concombre")``), typed: ``FullGame[State, Action, View]``
(a `~concombre.core.game.Game` whose capabilities are typed as present: ``GAME.story`` needs no ``assert``).

Examples:
    >>> GAME.name, GAME.players, GAME.default_players, GAME.player_ruling
    ('concombre', (2, 7), 4, 'C1')
"""

register(GAME)


def replay(record: Record[Action]) -> State:
    """The state after every action of a Concombre record, each checked by the engine.

    `concombre.core.records.replay` replays a record of any game; this one refuses another game's.

    Raises:
        InvalidArgumentError: ``record`` is no Concombre record; the message names its game (``field``
            ``record``).
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
        >>> from concombre import InvalidArgumentError
        >>> from concombre.romme import new_game as new_romme
        >>> try:
        ...     replay(Record.of(new_romme(2, seed=1)))
        ... except InvalidArgumentError as err:
        ...     print(err.field, "-", err.reason)
        record - This is a German Rommé record, not a Concombre one: replay it with concombre.core.records.replay, or
        its own game's replay.
    """
    return _replay_any(own_record(GAME, record))


def replay_states(record: Record[Action]) -> Iterator[State]:
    """Every state of a Concombre record: the first, then one after each action, each checked by the engine.

    `concombre.core.records.replay_states` reads a record of any game; this one refuses another game's.

    Raises:
        InvalidArgumentError: ``record`` is no Concombre record; the message names its game (``field``
            ``record``). Raised at once, before the first state.
        FormatError: The setup is not a valid game, or action N is illegal;
            the path is ``$.actions[N]`` and the ruling is named.

    Examples:
        >>> from concombre import Deal, Record, Rules, replay_states
        >>> record = Record(("Ann", "Bob"), Rules(), 5, 0, (Deal(),))
        >>> [state.phase.value for state in replay_states(record)]
        ['deal', 'play']
    """
    return _replay_states_any(own_record(GAME, record))
