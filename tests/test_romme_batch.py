"""Rommé's batched engine (`concombre.games.romme.fast`) against the reference engine, step by step.

Seeded random games of the reference engine (its own ``legal_actions``: multi-meld openings, lay-offs at either
end, joker exchanges, discards of either copy) are replayed action by action into the batch, and after every
step the whole state is compared: hands, stock, discard pile, melds with what each place stands for, is worth
and who filled it, the round's flags, the scores, the last round's result, the rewards.
"""

from __future__ import annotations

import os
import random
from typing import Any, cast

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

FULL = os.environ.get("HYPOTHESIS_PROFILE") == "full"  # the sizes; the slow run takes a tenth or a fifth

from concombre.accel import compiled  # noqa: E402
from concombre.accel.compiled import most_threads  # noqa: E402
from concombre.core.cards import Suit  # noqa: E402
from concombre.core.errors import IllegalActionError, InvalidArgumentError  # noqa: E402
from concombre.games import find_game  # noqa: E402
from concombre.games.romme import (  # noqa: E402
    Deal,
    Discard,
    DrawStock,
    LayOff,
    MeldCards,
    Phase,
    Rules,
    apply,
    legal_actions,
    new_game,
)
from concombre.games.romme.cards import card_at  # noqa: E402
from concombre.games.romme.fast import kernel  # noqa: E402
from concombre.games.romme.fast.batch import action_row, action_rows, hand_counts, play, reset  # noqa: E402
from concombre.games.romme.fast.deals import fast_deck, fast_rebuild  # noqa: E402
from concombre.games.romme.fast.table import place_rank, place_suit, place_value  # noqa: E402
from concombre.games.romme.state import replaced  # noqa: E402

GAME = find_game("romme")
PLACE_RANK, PLACE_SUIT, PLACE_VALUE = (cast(Any, home).py_func for home in (place_rank, place_suit, place_value))
PHASES = {Phase.DRAW: kernel.DRAW, Phase.PLAY: kernel.PLAY, Phase.GAME_OVER: kernel.GAME_OVER}
SUITS = list(Suit)
RULES = [
    Rules(),
    Rules(jokers=2, opening=30, rebuilds=0),
    Rules(jokers=6, opening=60, may_return_discard=True, rebuilds=3),
    Rules(jokers=4, opening=50, rebuilds=1),
    Rules(jokers=6, opening=30, may_return_discard=True, rebuilds=2),
]
EAGERNESS = (1.0, 0.3, 0.05)  # how often a player takes any legal action rather than discard at once


class Reference:
    """One reference game, played as the batch plays it: the table's own steps taken at once, fast shuffles given
    to the reference engine as decks and rebuilt stocks."""

    def __init__(self, players: int, rules: Rules, seed: int, deals: str, eager: float) -> None:
        self.deals, self.rng, self.eager = deals, random.Random(seed), eager
        self.state = new_game(players, rules=rules, seed=seed)
        self.rewards = np.zeros(players)
        self.table: Any = None  # the batch's melds and the reference's as last compared
        self.melds: Any = None
        self.hands: list[Any] = [None] * players  # each hand as last compared
        self.compared: Any = None  # the state last compared
        self.settle()
        self.rewards[:] = 0.0  # a batch is dealt with its rewards at 0

    def step(self, action: Any) -> None:
        self.rewards[:] = 0.0
        before = self.state
        after = apply(before, action)
        if self.deals == "fast" and after.rebuilds > before.rebuilds and after.phase is not Phase.DEAL:
            pile = (*before.discard_pile, action.card)[:-1]
            order = fast_rebuild(before.seed, before.round_number, after.rebuilds, len(pile))
            after = replaced(after, stock=tuple(pile[position] for position in order.tolist()))
        self.rewards += GAME.rewards(before, after)
        self.state = after
        self.settle()

    def settle(self) -> None:
        """The table's steps: deals (fast decks given) and scoring, up to a player's turn or the end."""
        while self.state.phase in (Phase.DEAL, Phase.ROUND_COMPLETE):
            state = self.state
            if state.phase is Phase.DEAL and self.deals == "fast":
                action: Any = Deal(tuple(card_at(index) for index in
                                         fast_deck(state.seed, state.round_number, state.rules.jokers).tolist()))
            else:
                action = legal_actions(state)[0]
            self.state = apply(state, action)
            self.rewards += GAME.rewards(state, self.state)

    def choose(self) -> Any:
        actions = legal_actions(self.state)
        if self.state.phase is Phase.PLAY and self.rng.random() > self.eager:
            actions = tuple(action for action in actions if isinstance(action, Discard)) or actions
        return self.rng.choice(actions)


_MELD_ROWS: dict[int, tuple[Any, list[tuple[int, ...]]]] = {}


def expected_meld_rows(state: Any) -> list[tuple[int, ...]]:
    """Each meld as (kind, size, then per place: card, owner, rank, suit, value); kept by the melds' identity (a
    draw or a discard keeps the table's tuple)."""
    known = _MELD_ROWS.get(id(state.melds))
    if known is not None and known[0] is state.melds:
        return known[1]
    rows = []
    for meld in state.melds:
        row = [int(meld.kind == "run"), len(meld.places)]
        for place in meld.places:
            row += [place.card.index, place.owner, int(place.rank) - 2,
                    -1 if place.suit is None else SUITS.index(place.suit), place.value]
        rows.append(tuple(row))
    if len(_MELD_ROWS) > 4096:
        _MELD_ROWS.clear()
    _MELD_ROWS[id(state.melds)] = (state.melds, rows)
    return rows


def batch_meld_rows(shown: dict[str, Any], game: int) -> list[tuple[int, ...]]:
    """The batch's melds as `expected_meld_rows` shows them (``shown``: the batch's fields as lists)."""
    rows = []
    for meld in range(shown["meld_count"][game]):
        kind, base = shown["meld_kinds"][game][meld], shown["meld_bases"][game][meld]
        suit = shown["meld_suits"][game][meld]
        row = [kind, shown["meld_sizes"][game][meld]]
        for position in range(row[1]):
            card = shown["places"][game][13 * meld + position]
            row += [card, shown["owners"][game][13 * meld + position], PLACE_RANK(kind, base, position),
                    PLACE_SUIT(kind, suit, card), int(PLACE_VALUE(kind, base, position))]
        rows.append(tuple(row))
    return rows


def agree(games: Any, references: list[Reference], rewarded: bool) -> None:
    """Every part of every game equals its reference state (the batch read as lists once: the test's own cost)."""
    shown = {name: getattr(games, name).tolist() for name in kernel.FIELDS}
    counts = hand_counts(games).tolist()
    for game, reference in enumerate(references):
        state = reference.state
        players = len(state.players)
        assert shown["phase"][game] == PHASES[state.phase], game
        if rewarded:
            assert shown["rewards"][game] == reference.rewards.tolist(), game
        if state is reference.compared:  # a finished game, compared whole when it ended
            continue
        reference.compared = state
        if state.phase is Phase.GAME_OVER:
            assert shown["winner"][game] == state.winner and shown["to_play"][game] == -1
        else:
            assert shown["to_play"][game] == state.to_play, game
            assert shown["drawn"][game] == (-1 if state.drawn is None else state.drawn.index), game
        hands = shown["hands"][game]
        for seat in range(players):
            if reference.hands[seat] == (state.hands[seat], hands[2 * seat:2 * seat + 2], counts[game][seat]):
                continue  # neither hand changed since the last comparison
            held = sum(1 << card.index for card in state.hands[seat])
            assert hands[2 * seat] | hands[2 * seat + 1] << 64 == held, (game, seat)
            faces = [0] * 53
            for card in state.hands[seat]:
                faces[52 if card.is_joker else card.index >> 1] += 1
            assert counts[game][seat] == faces
            reference.hands[seat] = (state.hands[seat], hands[2 * seat:2 * seat + 2], counts[game][seat])
        assert shown["stock"][game][:shown["stock_size"][game]] == [card.index for card in state.stock], game
        assert shown["discard_pile"][game][:shown["pile_size"][game]] == [card.index for card in
                                                                          state.discard_pile], game
        table = (shown["meld_count"][game], shown["meld_kinds"][game], shown["meld_bases"][game],
                 shown["meld_suits"][game], shown["meld_sizes"][game], shown["places"][game], shown["owners"][game])
        if reference.table != table or reference.melds is not state.melds:
            assert batch_meld_rows(shown, game) == expected_meld_rows(state), game
            reference.table, reference.melds = table, state.melds
        assert (shown["dealer"][game], shown["round_number"][game], shown["rebuilds"][game]) == (
            state.dealer, state.round_number, state.rebuilds), game
        assert shown["opened"][game] == list(state.opened), game
        assert [seat for seat in range(players) if shown["contenders"][game][seat]] == list(state.contenders), game
        assert shown["scores"][game] == list(state.scores), game
        assert shown["tie_break_points"][game] == list(state.tie_break_points), game
        result = state.last_result
        if result is None:
            assert shown["last_round"][game] == 0
        else:
            assert (shown["last_round"][game], shown["out"][game]) == (
                result.round_number, -1 if result.out is None else result.out), game
            assert (shown["meld_values"][game], shown["hand_values"][game], shown["round_scores"][game]) == (
                list(result.meld_values), list(result.hand_values), list(result.scores)), game


def replay(players: int, rules: Rules, seeds: list[int], deals: str, threads: int,
           eagerness: tuple[float, ...] = EAGERNESS) -> dict[str, int]:
    """Seeded random reference games replayed into one batch, compared after every step; what they played."""
    references = [Reference(players, rules, seed, deals, eagerness[number % len(eagerness)])
                  for number, seed in enumerate(seeds)]
    games = reset(seeds, players=players, rules=rules, deals=deals)
    seen = dict.fromkeys(("meld", "melds", "lay_off", "exchange", "rebuild", "tie_break", "returned"), 0)
    agree(games, references, False)
    while not all(reference.state.phase is Phase.GAME_OVER for reference in references):
        actions: list[Any] = []
        for reference in references:
            if reference.state.phase is Phase.GAME_OVER:
                actions.append(None)
                reference.rewards[:] = 0.0  # a finished game's step gives nothing
                continue
            action = reference.choose()
            actions.append(action)
            before = reference.state
            reference.step(action)
            seen["meld"] += isinstance(action, MeldCards)
            seen["melds"] += isinstance(action, MeldCards) and len(action.melds) > 1
            seen["lay_off"] += isinstance(action, LayOff)
            seen["exchange"] += type(action).__name__ == "ExchangeJoker"
            seen["rebuild"] += reference.state.rebuilds > before.rebuilds
            seen["tie_break"] += reference.state.round_number == players + 1 > before.round_number
            seen["returned"] += isinstance(action, Discard) and before.drawn == action.card
        games = play(games, action_rows(actions), where=np.array([action is not None for action in actions]),
                     threads=threads)
        agree(games, references, True)
    return seen


TABLES = [pytest.param(players, rules, id=f"{players}-{number}") for players in range(2, 7)
          for number, rules in enumerate(RULES)]


@pytest.mark.parametrize(("players", "rules"), [(players, RULES[players % len(RULES)]) for players in range(2, 7)])
@pytest.mark.parametrize("deals", ["exact", "fast"])
def test_the_batch_plays_exactly_as_the_reference_engine(players, rules, deals, monkeypatch):
    """A quick version: 12 games for each player count and deal mode, a rule set each, half on two threads."""
    monkeypatch.setattr(compiled, "SMALLEST_RUN", 1)
    seeds = [players * 1_000 + number * 7 for number in range(12)]
    seen = replay(players, rules, seeds, deals, min(1 + players % 2, most_threads()))
    assert seen["meld"] and seen["lay_off"]


@pytest.mark.slow
@pytest.mark.parametrize("deals", ["exact", "fast"])
@pytest.mark.parametrize(("players", "rules"), TABLES)
def test_thousands_of_games_play_exactly_as_the_reference_engine(players, rules, deals, monkeypatch):
    """2,000 games a player count (200 a rule set and deal mode) with ``HYPOTHESIS_PROFILE=full``, a tenth in the
    slow run; every other rule set on two threads."""
    monkeypatch.setattr(compiled, "SMALLEST_RUN", 1)
    number = RULES.index(rules)
    seeds = [players * 100_000 + number * 10_000 + game * 13 for game in range(200 if FULL else 20)]
    seen = replay(players, rules, seeds, deals, min(1 + number % 2, most_threads()))
    assert seen["meld"] and seen["lay_off"] and seen["melds"] and (seen["exchange"] or not FULL)


@pytest.mark.parametrize(("players", "seeds"), [(2, [71, 89, 128, 135]), (3, [98, 202]), (4, [97, 163])])
def test_r14_tie_break_rounds_play_exactly_as_the_reference_engine(players, seeds):
    """Games whose players never meld (every round ends with the stock, R12) that end the regular rounds tied for
    the lead (found by a search over seeds): the tied players play on, their points kept apart (R14a)."""
    seen = replay(players, Rules(rebuilds=0, jokers=2), seeds, "exact", 1, eagerness=(0.0,))
    assert seen["tie_break"] == len(seeds)


def test_an_illegal_action_is_refused_naming_its_ruling_and_changing_nothing():
    games = reset([1, 2], players=2)
    with pytest.raises(IllegalActionError) as caught:
        play(games, action_rows([Discard("QH1"), None]))  # a discard before the draw
    assert caught.value.ruling == "R15"
    assert (games.phase == kernel.DRAW).all()
    drawn = play(games, action_rows([DrawStock(), DrawStock()]))
    seat = int(drawn.to_play[0])
    hand = [card_at(card) for card in range(110) if int(drawn.hands[0, 2 * seat + card // 64]) >> card % 64 & 1]
    with pytest.raises(IllegalActionError) as caught:
        play(drawn, action_rows([MeldCards([hand[:3]]), None]))
    assert caught.value.ruling in ("R5", "R6", "R8")
    with pytest.raises(IllegalActionError) as caught:
        play(drawn, action_rows([LayOff(hand[0], 0), None]))
    assert caught.value.ruling == "R8"  # nobody has opened


def test_bad_rows_and_actions_are_refused_naming_the_field():
    games = reset([1], players=2)
    with pytest.raises(InvalidArgumentError) as caught:
        play(games, np.zeros((1, 5), dtype=np.int64))
    assert caught.value.field == "actions"
    with pytest.raises(InvalidArgumentError) as caught:
        action_row(Deal())
    assert caught.value.field == "action"
    with pytest.raises(InvalidArgumentError) as caught:
        reset([1], players=7)
    assert caught.value.ruling == "R1"
