"""The compiled kernel of the batched engine: its own hash, its fast deals, rollouts, buffers and threads."""

from __future__ import annotations

import hashlib
import struct
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from concombre import IllegalActionError, InvalidArgumentError, Rules  # noqa: E402
from concombre.accel import compiled  # noqa: E402
from concombre.accel.compiled import most_threads  # noqa: E402
from concombre.accel.shake import deal_keys, key_layout, sort_keys  # noqa: E402
from concombre.batch import Buffer, legal_mask, reset, rollout, step, thumb_cards  # noqa: E402
from concombre.games.concombre.fast import deals, kernel  # noqa: E402
from concombre.games.concombre.rules import deal_key  # noqa: E402


@given(st.integers(0, 2**64 - 1), st.integers(1, 10_000))
def test_c5_the_kernel_s_shake_128_is_hashlib_s(seed, round_number):
    keys = np.zeros(52, dtype=np.uint64)
    deal_keys(*key_layout(deal_key), np.uint64(seed), round_number, keys)
    assert keys.tolist() == list(struct.unpack(">52I", hashlib.shake_128(deal_key(seed, round_number)).digest(208)))


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=3), st.integers(0, 300))
def test_sort_keys_over_several_numbers_and_blocks_is_hashlib_s(seed, salt, count):
    prefix, separator = key_layout(deal_key)
    keys = np.zeros(max(count, 1), dtype=np.uint64)
    sort_keys(prefix, separator, np.array([seed, *salt], dtype=np.uint64), count, keys)
    key = bytes(prefix.astype("uint8")) + bytes([separator]).join(b"%d" % number for number in (seed, *salt))
    assert keys[:count].tolist() == list(struct.unpack(f">{count}I", hashlib.shake_128(key).digest(4 * count)))


@given(st.integers(1, 2**52 - 1), st.data())
def test_nth_card_is_the_card_with_that_many_below_it(mask, data):
    cards = [card for card in range(52) if mask >> card & 1]
    rank = data.draw(st.integers(0, len(cards) - 1))
    assert kernel.nth_card(np.uint64(mask), rank) == cards[rank]


@given(st.integers(0, 2**64 - 1), st.integers(1, 500), st.integers(0, 2**52 - 1))
def test_c4_a_fast_deck_is_the_round_s_pack_reproducibly(seed, round_number, held):
    deck = deals.fast_deck(seed, round_number, held)
    assert sorted(deck.tolist()) == [card for card in range(52) if not held >> card & 1]
    assert (deck == deals.fast_deck(seed, round_number, held)).all()


def test_c5_fast_deals_are_uniform():
    """Which card tops the deck, over 52,000 seeds: a chi-square of 51 degrees of freedom well under its 0.1%
    point (about 90); and different rounds of one seed are different decks."""
    tops = np.array([deals.fast_deck(seed, 1, 0)[0] for seed in range(52_000)])
    counts = np.bincount(tops, minlength=52)
    assert ((counts - 1000) ** 2 / 1000).sum() < 90
    assert (deals.fast_deck(3, 1, 0) != deals.fast_deck(3, 2, 0)).any()


def steps_with_thumbs(games: Any, count: int) -> tuple[Any, Any]:
    total = np.zeros(games.rewards.shape, dtype=np.float32)
    for _ in range(count):
        games = step(games, thumb_cards(games), autoreset=True)
        total += games.rewards
    return games, total


@pytest.mark.parametrize("deals", ["exact", "fast"])
def test_a_rollout_is_the_steps_it_stands_for(deals):
    games = reset(range(64), players=3, rules=Rules(limit=15), deals=deals)
    stepped, total = steps_with_thumbs(games, 150)
    rolled = rollout(games, "thumb", steps=150, autoreset=True)
    for name in kernel.FIELDS:
        if name != "rewards":
            assert (getattr(rolled, name) == getattr(stepped, name)).all(), name
    assert np.allclose(rolled.rewards, total)


def test_threads_change_nothing(monkeypatch):
    monkeypatch.setattr(compiled, "SMALLEST_RUN", 1)  # runs of any length: the threads share these 301 games
    games = reset(range(301), players=5, deals="fast")
    threads = most_threads()
    one, many = rollout(games, "random", steps=200, seed=9), rollout(games, "random", steps=200, seed=9,
                                                                     threads=threads)
    assert all((getattr(one, name) == getattr(many, name)).all() for name in kernel.FIELDS)
    assert not (one.hands == rollout(games, "random", steps=200, seed=10).hands).all()  # the seed matters
    buffer = Buffer(games)
    buffer.step(thumb_cards(games), threads=threads)
    assert (buffer.games.hands == step(games, thumb_cards(games)).hands).all()


def test_a_rollout_until_a_seat_stops_where_that_seat_must_play():
    games = rollout(reset(range(50), players=4), ["random", "thumb", "random", "thumb"], until=2, seed=1)
    assert ((games.to_play == 2) | games.done | games.eliminated[:, 2]).all()
    finished = rollout(games, "thumb")
    assert finished.done.all() and (finished.rewards.sum(axis=1) < 0).all()  # the rounds' penalty points, summed


def test_a_buffer_steps_in_place_and_refuses_without_a_change():
    games = reset(range(8), players=2)
    buffer = Buffer(games)
    before = buffer.snapshot()
    buffer.step(thumb_cards(buffer.games))
    assert (buffer.games.legal == step(games, thumb_cards(games)).legal).all()
    assert (before.legal == games.legal).all()  # the snapshot and the batch it came from are untouched
    kept = buffer.snapshot()
    cards = np.where(legal_mask(buffer.games), -1, np.arange(52)).max(axis=1)  # a card that is not legal
    with pytest.raises(IllegalActionError):
        buffer.step(cards)
    assert all((getattr(kept, name) == getattr(buffer.games, name)).all() for name in kernel.FIELDS)
    with pytest.raises(ValueError, match="read-only"):
        buffer.games.hands[0, 0] = 0


@pytest.mark.parametrize(("settings", "field"), [({"bots": "smart"}, "bots"), ({"bots": ["thumb"]}, "bots"),
                                                 ({"steps": -1}, "steps"), ({"until": 4}, "until"),
                                                 ({"seed": -1}, "seed"), ({"threads": 0}, "threads"),
                                                 ({"autoreset": True}, "steps")])
def test_bad_rollouts_are_refused(settings, field):
    with pytest.raises(InvalidArgumentError) as caught:
        rollout(reset([1], players=3), **settings)
    assert caught.value.field == field


def test_bad_deal_modes_and_buffers_are_refused():
    with pytest.raises(InvalidArgumentError) as caught:
        reset([1], deals="quick")
    assert caught.value.field == "deals" and caught.value.ruling == "C5"
    with pytest.raises(InvalidArgumentError):
        Buffer("games")  # type: ignore[arg-type]


def test_memory_per_game_is_within_400_bytes():
    assert reset(range(1000), players=7).nbytes / 1000 <= 400


def test_importing_compiles_nothing():
    program = ("import concombre, concombre.batch\n"
               "from concombre.accel import shake\n"
               "from concombre.games.concombre.fast import kernel\n"
               "compiled = [name for module in (kernel, shake) for name, value in vars(module).items()\n"
               "            if getattr(value, 'signatures', None)]\n"
               "print(compiled)")
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True, timeout=120)
    assert result.stdout.strip() == "[]"


def test_the_old_next_seat_warns_and_is_derived():
    games = reset([1], players=4)
    with pytest.warns(DeprecationWarning, match="next_seat"):
        assert getattr(games, "next_seat").tolist() == [[1, 2, 3, 0]]  # noqa: B009 (hidden from type checkers)
    with pytest.raises(AttributeError):
        getattr(games, "no_such_field")  # noqa: B009
