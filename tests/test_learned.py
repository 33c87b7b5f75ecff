"""The learned bot: its features, its network's file, its play (legal, deterministic, from the view alone), and
the script that trains it (the same weights from the same seed, whatever the number of workers)."""

from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given

np = pytest.importorskip("numpy")

from concombre import Card, Phase, Play, Rules, apply, deal, is_legal, legal_actions, new_game, view  # noqa: E402
from concombre.core.errors import InvalidArgumentError  # noqa: E402
from concombre.games.concombre.bots import BOTS, bot_named  # noqa: E402
from concombre.games.concombre.bots.learned import (  # noqa: E402
    FEATURES,
    RANKS,
    WEIGHTS,
    LearnedBot,
    Network,
    choice,
    features,
    legal_ranks,
    load_network,
)
from concombre.games.concombre.bots.sampling import deal_hidden  # noqa: E402
from concombre.games.concombre.bots.search import candidates  # noqa: E402
from concombre.games.concombre.encoding import encode_view  # noqa: E402

from .support import games  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _suits_swapped(vector: Any, order: list[int]) -> Any:
    """The observation with the suits renamed (each 52-card piece's cards moved within their rank)."""
    swapped = vector.copy()
    for start in (0, 52, 104, 156):
        piece = vector[start:start + 52].reshape(RANKS, 4)
        swapped[start:start + 52] = piece[:, order].reshape(52)
    return swapped


def test_the_shipped_weights_are_small_and_shaped_for_the_features():
    assert WEIGHTS.stat().st_size <= 1_000_000
    layers = load_network().layers
    assert layers[0][0].shape[0] == FEATURES and layers[-1][0].shape[1] == RANKS


@given(games())
def test_features_fold_the_suits_away_and_read_the_view_alone(game):
    state, rng = game
    state = deal(state) if state.phase is Phase.DEAL else state
    seat = state.to_play if state.to_play is not None else 0
    vector = encode_view(view(state, seat))
    order = rng.sample(range(4), 4)
    assert (features(vector[None]) == features(_suits_swapped(vector, order)[None])).all()  # suits never matter, C2
    assert features(vector[None]).shape == (1, FEATURES)


def test_features_from_the_batched_engine_are_the_reference_s():
    pytest.importorskip("numba")
    from concombre.batch import observe, reset

    games_at_once = reset([3, 4, 5], players=3)
    for number, seed in enumerate([3, 4, 5]):
        state = deal(new_game(3, seed=seed))
        assert state.to_play is not None
        assert (features(observe(games_at_once)[number:number + 1])
                == features(encode_view(view(state, state.to_play))[None])).all()


@given(games())
def test_the_learned_bot_plays_legal_cards_deterministically_from_the_view_alone(game):
    state, rng = game
    bot = LearnedBot()
    assert pickle.loads(pickle.dumps(bot)) == bot
    while state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.PLAY:
            seen = view(state, state.to_play)
            action = bot.choose(seen, rng)
            assert is_legal(state, action)
            assert bot.choose(seen, random.Random(0)) == action  # deterministic
            other = deal_hidden(seen, rng)  # no peeking: the hidden cards dealt again, seen alike
            assert bot.choose(view(other, seen.seat), rng) == action
        else:
            (action,) = legal_actions(state)
        state = apply(state, action)


def test_the_learned_bot_plays_the_network_s_best_legal_rank():
    seen = view(deal(new_game(2, seed=12, rules=Rules(first_deal=5))), 1)
    chosen = candidates(seen)
    scores = load_network().scores(features(encode_view(seen)[None]))[0]
    best = max(chosen, key=lambda card: scores[int(card.rank) - 2])
    assert LearnedBot().choose(seen, random.Random(0)) == Play(best)
    assert int(choice(load_network(), encode_view(seen)[None], legal_ranks(chosen)[None])[0]) == int(best.rank) - 2


def test_legal_ranks_mark_each_card_s_rank():
    assert legal_ranks([Card.parse("2C"), Card.parse("10H"), Card.parse("AS")]).nonzero()[0].tolist() == [0, 8, 12]


def test_bad_input_names_its_field(tmp_path: Path):
    with pytest.raises(InvalidArgumentError) as raised:
        features(np.zeros((2, 10)))
    assert raised.value.field == "vectors"
    with pytest.raises(InvalidArgumentError) as raised:
        LearnedBot(weights=str(tmp_path / "missing.npz"))
    assert raised.value.field == "path"
    wrong = tmp_path / "wrong.npz"
    Network(((np.zeros((3, RANKS), dtype=np.float32), np.zeros(RANKS, dtype=np.float32)),)).save(wrong)
    with pytest.raises(InvalidArgumentError, match="115 features") as raised:
        load_network(wrong)
    assert raised.value.field == "path"
    text = tmp_path / "text.npz"
    text.write_text("not weights", encoding="utf-8")
    with pytest.raises(InvalidArgumentError):
        load_network(text)


def test_the_learned_bot_by_name():
    assert "learned" in BOTS
    assert bot_named("learned") == LearnedBot()


def test_the_training_script_gives_the_same_weights_from_the_same_seed_whatever_the_workers(tmp_path: Path):
    script = ROOT / "scripts" / "train_learned.py"
    outputs = []
    for workers in (1, 2):
        out = tmp_path / f"weights-{workers}.npz"
        done = subprocess.run(
            [sys.executable, str(script), "--iterations", "2", "--games", "3", "--eval-thumb", "2", "--eval-mc", "1",
             "--hidden", "16", "--epochs", "2", "--budget", "20000", "--workers", str(workers), "--out", str(out),
             "--curve", str(tmp_path / "curve.svg"), "--log", str(tmp_path / "log.json")],
            capture_output=True, text=True, timeout=600, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        outputs.append(load_network(out))
    first, second = outputs
    assert all((a == b).all() for layer_a, layer_b in zip(first.layers, second.layers, strict=True)
               for a, b in zip(layer_a, layer_b, strict=True))
    log = json.loads((tmp_path / "log.json").read_text(encoding="utf-8"))
    assert [entry["iteration"] for entry in log] == [0, 1] and log[1]["positions"] > log[0]["positions"] > 0
    assert 0 <= log[-1]["thumb"]["low"] <= log[-1]["thumb"]["rate"] <= log[-1]["thumb"]["high"] <= 1
    assert (tmp_path / "curve.svg").read_text(encoding="utf-8").startswith("<svg")


def test_a_view_whose_seat_is_not_to_play_is_refused_by_ruling():
    state = deal(new_game(3, seed=4))
    waiting = next(seat for seat in range(3) if seat != state.to_play)
    with pytest.raises(InvalidArgumentError) as raised:
        LearnedBot().choose(view(state, waiting), random.Random(0))
    assert raised.value.ruling == "C6" and raised.value.field == "seen"
