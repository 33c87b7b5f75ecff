"""The batched engine (`concombre.batch`) against the reference engine, step by step, and its refusals."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from concombre import (  # noqa: E402
    IllegalActionError,
    InvalidArgumentError,
    Play,
    Rules,
    apply,
    deal,
    legal_actions,
    new_game,
)
from concombre.accel import compiled  # noqa: E402
from concombre.accel.compiled import most_threads  # noqa: E402
from concombre.batch import (  # noqa: E402
    hand_sizes,
    legal_mask,
    observe,
    random_cards,
    reset,
    reset_games,
    step,
    thumb_cards,
)
from concombre.core.cards import FULL_MASK, PACK  # noqa: E402
from concombre.games.concombre.encoding import encode_state  # noqa: E402
from concombre.games.concombre.fast.deals import fast_deck  # noqa: E402
from concombre.games.concombre.state import Phase  # noqa: E402

RULES = [
    Rules(),
    Rules(follow="highest"),
    Rules(may_duck=True),
    Rules(follow="highest", may_duck=True),
    Rules(first_deal=10, limit=15),
    Rules(first_deal=3, limit=30, may_duck=True),
]
GAMES_EACH = 56  # 6 player counts x 6 rule sets x 56 games: 2,016 games


def settle(state: Any, deals: str = "exact") -> Any:
    """The table's own steps, as the batch performs them inside a step; fast deals given as the deck."""
    while state.phase not in (Phase.PLAY, Phase.GAME_OVER):
        if state.phase is Phase.DEAL and deals == "fast":
            held = FULL_MASK & ~state.match.pack_mask
            state = deal(state, [PACK[card] for card in fast_deck(state.match.seed, state.match.round_number, held)])
        else:
            state = apply(state, legal_actions(state)[0])
    return state


def agree(games: Any, states: list[Any]) -> None:
    """Every part of every game equals the reference state: hands, legal cards, the score sheet, observations."""
    players = games.players
    live = [game for game, state in enumerate(states) if state.phase is Phase.PLAY]
    for game, state in enumerate(states):
        if state.phase is Phase.GAME_OVER:
            assert games.winner[game] == state.winner and games.to_play[game] == -1
        else:
            assert [int(mask) for mask in games.hands[game]] == [state.hand_mask(seat) for seat in range(players)], game
            assert (games.to_play[game], int(games.legal[game])) == (state.to_play, state.legal_mask), game
        assert games.round_number[game] == state.round_number and games.dealer[game] == state.dealer, game
    sheet = np.array([[*state.scores, *state.half_cucumber, *state.eliminated, state.deal_size] for state in states])
    ours = np.concatenate([games.scores, games.half_cucumber, games.eliminated, games.deal_size[:, None]], axis=1)
    assert (sheet[live] == ours[live]).all()
    held = np.bitwise_or.reduce(games.penalties, axis=1)
    assert [int(held[game]) for game in live] == [FULL_MASK & ~states[game].match.pack_mask for game in live]  # C4
    watched = live[::4]  # observations of a quarter of the games, every step (they cost most to compare)
    if watched:
        expected = np.stack([encode_state(states[game], states[game].to_play) for game in watched])
        assert (observe(games)[watched] == expected).all()


# Each player count with one rule set, each rule set once, in the default run; every pairing with --slow.
TABLES = [pytest.param(players, rules, id=f"{players}-{repr(rules).replace(' ', '')}",
                       marks=() if number == players % len(RULES) else pytest.mark.slow)
          for players in range(2, 8) for number, rules in enumerate(RULES)]


@pytest.mark.parametrize("deals", ["exact", "fast"])
@pytest.mark.parametrize(("players", "rules"), TABLES)
def test_the_batch_plays_exactly_as_the_reference_engine(players, rules, deals, monkeypatch):
    """Every step of 2,016 games a deal mode (with --slow): exact deals against ``new_game(seed=...)``, fast
    deals by giving the reference engine the kernel's decks; half of the runs on two threads (the same games
    either way: the runs may be as short as a game here)."""
    monkeypatch.setattr(compiled, "SMALLEST_RUN", 1)
    seeds = [players * 10_000 + number * 7 for number in range(GAMES_EACH)]
    rng = random.Random(players)
    threads = min(1 + players % 2, most_threads())
    games = reset(seeds, players=players, rules=rules, deals=deals)
    states = [settle(new_game(players, rules=rules, seed=seed), deals) for seed in seeds]
    while True:
        agree(games, states)
        if all(state.phase is Phase.GAME_OVER for state in states):
            break
        cards = []
        for game, state in enumerate(states):
            if state.phase is Phase.GAME_OVER:
                cards.append(-1)
                continue
            action = rng.choice(legal_actions(state))
            assert isinstance(action, Play)
            cards.append(action.card.index)
            states[game] = settle(apply(state, action), deals)
        games = step(games, np.array(cards), threads=threads)
    assert (games.done).all()


def test_an_illegal_card_is_refused_naming_the_games_and_the_ruling():
    games = reset([1, 2, 3], players=3)
    lead = legal_mask(games).argmax(axis=1)
    games = step(games, lead)  # the leaders have led: the followers must follow (C7)
    mask = legal_mask(games)
    hands = games.hands.copy()
    cards = mask.argmax(axis=1)
    held = ((games.hands[np.arange(3), games.to_play][:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1))
    refused = np.flatnonzero(held[1].astype(bool) & ~mask[1])
    if len(refused):
        cards[1] = refused[0]
        with pytest.raises(IllegalActionError) as caught:
            step(games, cards)
        assert caught.value.ruling == "C7" and "game 1" in str(caught.value) and "game 0" not in str(caught.value)
    absent = np.flatnonzero(~held[2].astype(bool))[0]
    cards[2] = absent
    with pytest.raises(IllegalActionError) as caught:
        step(games, cards)
    assert caught.value.ruling in ("C7", "C14") and "does not hold" in str(caught.value)
    assert (games.hands == hands).all()  # untouched
    with pytest.raises(ValueError, match="read-only"):
        games.hands[0, 0] = 0  # a batch cannot be changed in place


@pytest.mark.parametrize("cards", [[0, 1], [[0, 1, 2]], ["a", "b", "c"], [0.5, 1.0, 2.0], None])
def test_cards_of_the_wrong_shape_or_type_are_refused(cards):
    with pytest.raises(InvalidArgumentError) as caught:
        step(reset([1, 2, 3], players=3), cards)
    assert caught.value.field == "cards"


@pytest.mark.parametrize(("seeds", "players", "field"), [([], 3, "seeds"), ([-1], 3, "seeds"), ([2**64], 3, "seeds"),
                                                         (["x"], 3, "seeds"), ([1.5], 3, "seeds"), ([1], 1, "players"),
                                                         ([1], 8, "players"), ([1], True, "players")])
def test_bad_resets_are_refused(seeds, players, field):
    with pytest.raises(InvalidArgumentError) as caught:
        reset(seeds, players=players)
    assert caught.value.field == field


def test_finished_games_stay_or_restart_reproducibly():
    games = reset(list(range(40)), players=2, rules=Rules(limit=15))
    while not games.done.any():
        games = step(games, thumb_cards(games))
    over = games.done.copy()
    kept = step(games, thumb_cards(games))
    assert (kept.winner[over] == games.winner[over]).all() and (kept.hands[over] == games.hands[over]).all()
    again = step(games, thumb_cards(games), autoreset=True)
    twice = step(games, thumb_cards(games), autoreset=True)
    assert not again.done[over].any() and (again.seeds[over] != games.seeds[over]).all()
    assert (again.hands == twice.hands).all()  # the same stream
    fresh = reset(again.seeds[over], players=2, rules=Rules(limit=15))
    assert (again.hands[over] == fresh.hands).all()
    with pytest.raises(InvalidArgumentError):
        reset_games(games, over, list(range(int(over.sum()) + 1)))  # one seed per game started anew


def game_to_play(state: Any) -> int:
    seat: int = state.to_play
    return seat


def test_the_batched_bots_play_as_the_bots_do():
    from concombre import ThumbBot, view

    seeds = list(range(30))
    games = reset(seeds, players=4)
    states = [deal(new_game(4, seed=seed)) for seed in seeds]
    for _ in range(12):
        cards = thumb_cards(games)
        for game, state in enumerate(states):
            thumb = ThumbBot().choose(view(state, game_to_play(state)), random.Random(0))
            assert isinstance(thumb, Play) and thumb.card.index == cards[game]
            states[game] = settle(apply(state, legal_actions(state)[-1]))
        games = step(games, cards)
    rng = np.random.default_rng(0)
    chosen = random_cards(games, rng)
    assert legal_mask(games)[np.arange(30), chosen].all()
    assert len({tuple(random_cards(games, rng)) for _ in range(5)}) > 1


def test_observations_of_any_seat_hold_only_that_seat_s_hand():
    games = reset(list(range(20)), players=5)
    states = [deal(new_game(5, seed=seed)) for seed in range(20)]
    for seat in range(5):
        seen = observe(games, seat)
        assert (seen == np.stack([encode_state(state, seat) for state in states])).all()
        assert (seen[:, :52].sum(axis=1) == hand_sizes(games)[:, seat]).all()
    with pytest.raises(InvalidArgumentError):
        observe(games, 5)
