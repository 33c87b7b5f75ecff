"""Helpers shared by the tests: scripted rounds, random whole games, and the strategies that draw them."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator

from hypothesis import strategies as st

from concombre import (
    PACK,
    Card,
    Phase,
    Play,
    Record,
    Rules,
    State,
    apply,
    card_value,
    deal,
    legal_actions,
    legal_plays,
    new_game,
    resolve_trick,
    score_round,
)
from concombre import deck_for as library_deck_for
from concombre.romme import (
    Action as RommeAction,
)
from concombre.romme import (
    Phase as RommePhase,
)
from concombre.romme import (
    Rules as RommeRules,
)
from concombre.romme import (
    State as RommeState,
)
from concombre.romme import (
    exchange_options,
    lay_off_options,
    meld_actions,
)
from concombre.romme import legal_actions as romme_legal_actions
from concombre.romme import new_game as romme_new_game


def deck_for(state: State, hands: dict[int, list[Card]]) -> list[Card]:
    """A deck whose deal gives each listed seat exactly the listed cards (C5 dealing order)."""
    for seat, cards in hands.items():
        assert len(cards) == state.deal_size, f"seat {seat} needs {state.deal_size} cards"
    return list(library_deck_for(state, hands))


def lowest(state: State) -> Card:
    """The lowest legal card in pack order."""
    return legal_plays(state)[0]


def play_round(state: State, choose: Callable[[State], Card] = lowest) -> State:
    """Play a dealt round to its end (not scored)."""
    while state.phase is not Phase.ROUND_COMPLETE:
        complete = state.phase is Phase.TRICK_COMPLETE
        state = resolve_trick(state) if complete else apply(state, Play(choose(state)))
    return state


def rig_round(state: State, loser: int, card: Card | str) -> State:
    """Deal, play and score a round in which ``loser`` takes the last trick with ``card``.

    The loser is dealt ``card`` and the next highest cards below it; every
    other active seat is dealt the lowest cards of the pack. Everybody plays
    their lowest legal card, so the loser wins every trick and plays
    ``card`` last.
    """
    card = Card.parse(card) if isinstance(card, str) else card
    size = state.deal_size
    pool = sorted(state.stock)
    assert card in pool, f"{card} is not in the round's pack"
    below = [other for other in pool if other < card]
    hands = {loser: [*below[-(size - 1) :], card] if size > 1 else [card]}
    low = iter(below[: -(size - 1)] if size > 1 else below)
    for seat in state.active_seats:
        if seat != loser:
            hands[seat] = [next(low) for _ in range(size)]
    state = play_round(deal(state, deck_for(state, hands)))
    state = score_round(state)
    result = state.last_result
    assert result is not None and (result.loser, result.card) == (loser, card), result
    return state


def random_states(state: State, rng: random.Random) -> Iterator[State]:
    """Every state of a game played to its end with uniformly random legal actions."""
    yield state
    while state.phase is not Phase.GAME_OVER:
        state = apply(state, rng.choice(legal_actions(state)))
        yield state


def pack_mask_of(cards: list[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << PACK.index(card)
    return mask


def random_game(state: State, rng: random.Random) -> tuple[list[State], Record]:
    """Play a game to its end with random legal actions; every state and the record."""
    record = Record.of(state)
    states = [state]
    while state.phase is not Phase.GAME_OVER:
        action = rng.choice(legal_actions(state))
        state, record = apply(state, action), record.then(action)
        states.append(state)
    return states, record


# -- hypothesis strategies and invariants shared by several test modules ---------------------


@st.composite
def games(draw: st.DrawFn) -> tuple[State, random.Random]:
    """A new game with random players, dealer, options and seed, and a random chooser."""
    players = draw(st.integers(2, 7))
    rules = Rules(
        follow=draw(st.sampled_from(["lead", "highest"])),
        may_duck=draw(st.booleans()),
        limit=draw(st.sampled_from([21, 21, 15, 30])),
    )
    state = new_game(
        players,
        dealer=draw(st.integers(0, players - 1)),
        rules=rules,
        seed=draw(st.integers(0, 2**64 - 1)),
    )
    return state, random.Random(draw(st.integers(0, 2**32)))


def check_invariants(state: State) -> None:
    rules, count = state.rules, len(state.players)
    active = [seat for seat in range(count) if not state.eliminated[seat]]
    played = [card for trick in (*state.tricks, state.trick) for _, card in trick]
    penalties = [card for cards in state.penalty_cards for card in cards]
    in_hands = [card for hand in state.hands for card in hand]
    every = in_hands + played + penalties + list(state.stock)
    # Cards are conserved: every card is in exactly one place.
    assert sorted(every) == list(PACK)
    # Phases and turns.
    assert (state.to_play is not None) == (state.phase is Phase.PLAY)
    assert state.to_play is None or state.to_play in active
    assert (state.winner is not None) == (state.phase is Phase.GAME_OVER) == (len(active) == 1)
    assert not state.eliminated[state.dealer] or state.phase is Phase.GAME_OVER
    # Hands: every active seat was dealt deal_size cards; the stock holds the rest (C5).
    if state.phase in (Phase.PLAY, Phase.TRICK_COMPLETE, Phase.ROUND_COMPLETE):
        size = state.deal_size
        assert size * len(active) + len(state.stock) == 52 - len(penalties)
        for seat in range(count):
            dealt = len(state.hand(seat)) + len(state.played[seat])
            assert dealt == (size if seat in active else 0)
        assert all(len(trick) == len(active) for trick in state.tricks)
    else:
        assert not in_hands and not played
    # Scores (C9-C11).
    for seat in range(count):
        held = sum(card_value(card) for card in state.penalty_cards[seat])
        if state.eliminated[seat]:
            assert state.penalty_cards[seat] == () and state.scores[seat] >= rules.limit
            assert state.half_cucumber[seat]
        else:
            assert state.scores[seat] == held < rules.limit


@st.composite
def romme_games(draw: st.DrawFn) -> tuple[RommeState, random.Random]:
    players = draw(st.integers(2, 6))
    rules = RommeRules(
        jokers=draw(st.sampled_from([4, 2, 6])),
        opening=draw(st.sampled_from([40, 30])),
        may_return_discard=draw(st.booleans()),
        rebuilds=draw(st.sampled_from([2, 1])),
    )
    state = romme_new_game(players, dealer=draw(st.integers(0, players - 1)), rules=rules,
                           seed=draw(st.integers(0, 2**64 - 1)))
    return state, random.Random(draw(st.integers(0, 2**32)))


def choices(state: RommeState, rng: random.Random) -> list[RommeAction]:
    """Legal actions, with single melds, lay-offs and exchanges weighted up so that random games use them."""
    actions = list(romme_legal_actions(state))
    if state.phase is RommePhase.PLAY:
        actions += list(itertools.islice(meld_actions(state), 6)) * 4
        actions += list(itertools.islice(lay_off_options(state), 4)) * 4
        actions += list(itertools.islice(exchange_options(state), 2)) * 4
    return actions
