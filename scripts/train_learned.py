"""Train the learned Concombre bot's network (``concombre.games.concombre.bots.learned``), from a seed.

The method is DAgger, imitation with the expert asked on the learner's own positions: the expert is
`DeepSearchBot` (the compiled search), whose moves cost milliseconds; the network learns in a few minutes
what it would choose, and then plays in microseconds. Each iteration plays seeded games (2 to 7 players,
mostly 2) whose seats are played by the current network (by the expert itself in the first iteration, and
now and then by the rule of thumb, for positions off the network's own path), asks the expert at every
decision with more than one rank to choose from, adds those positions to everything seen so far, and fits
the network again (cross-entropy on the expert's rank, Adam, written out in numpy: no training framework).
After each iteration the network plays seeded 2-player games against ``thumb`` and ``mc``: the curve.

Everything is seeded and games are labelled in fixed chunks, so a run is the same whatever ``--workers``.

    python scripts/train_learned.py --out learned.npz --curve curve.svg --log training.json

needs the ``fast`` extra (``pip install -e ".[fast]"``). The defaults are the shipped weights' run: 43 minutes of
wall time with two workers on the project's 2-core machine, under two CPU-hours.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one thread: the same sums in the same order, every run
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np

from concombre import Action, MonteCarloBot, Play, ThumbBot
from concombre.apps.simulate import simulate
from concombre.games.concombre.bots.learned import (
    FEATURES,
    RANKS,
    LearnedBot,
    Network,
    features,
    legal_ranks,
)
from concombre.games.concombre.bots.search import DeepSearchBot, candidates
from concombre.games.concombre.encoding import encode_view
from concombre.games.concombre.game import GAME
from concombre.games.concombre.rules import card_value

TABLES = (2, 2, 2, 2, 3, 4, 5, 7)  # a game's table size is drawn from these: mostly the 2-player game
CHUNK = 10  # games labelled per task, whatever the number of workers


def _game(task: tuple[int, int, int, str | None, int, float]) -> list[tuple[Any, Any, int]]:
    """Play one seeded game and return the expert's label at every decision with a choice."""
    seed, iteration, number, weights, budget, thumb_share = task
    rng = random.Random(f"{seed}:{iteration}:{number}")
    players = rng.choice(TABLES)
    expert = DeepSearchBot(budget=budget)
    student = None if weights is None else LearnedBot(weights=weights)
    thumbs = {seat for seat in range(players) if rng.random() < thumb_share}
    state = GAME.new_game(players, dealer=rng.randrange(players), seed=rng.getrandbits(62))
    rows: list[tuple[Any, Any, int]] = []
    while not GAME.is_over(state):
        seat = GAME.to_play(state)
        if seat is None:
            state = GAME.apply(state, GAME.legal_actions(state)[0])
            continue
        seen = GAME.view(state, seat)
        chosen = candidates(seen)
        action: Action | None = None
        if len(chosen) > 1:
            label = expert.choose(seen, rng)
            assert isinstance(label, Play)
            rows.append((encode_view(seen), legal_ranks(chosen), card_value(label.card) - 2))
            action = label
        if seat in thumbs:
            action = ThumbBot().choose(seen, rng)
        elif student is not None:
            action = student.choose(seen, rng)
        state = GAME.apply(state, action if action is not None else GAME.legal_actions(state)[0])
    return rows


def _chunk(tasks: Sequence[tuple[int, int, int, str | None, int, float]]) -> list[tuple[Any, Any, int]]:
    return [row for task in tasks for row in _game(task)]


def label_games(pool: ProcessPoolExecutor, seed: int, iteration: int, games: int, weights: str | None,
                budget: int, thumb_share: float) -> tuple[Any, Any, Any]:
    """The expert's labels on ``games`` new games: observations, legal ranks, the expert's rank."""
    tasks = [(seed, iteration, number, weights, budget, thumb_share) for number in range(games)]
    chunks = [tasks[start:start + CHUNK] for start in range(0, games, CHUNK)]
    rows = [row for part in pool.map(_chunk, chunks) for row in part]
    return (np.array([row[0] for row in rows], dtype=np.float32), np.array([row[1] for row in rows]),
            np.array([row[2] for row in rows], dtype=np.int64))


def new_network(rng: np.random.Generator, hidden: int) -> Network:
    sizes = (FEATURES, hidden, hidden, RANKS)
    return Network(tuple((rng.normal(0, np.sqrt(2 / inputs), (inputs, outputs)).astype(np.float32),
                          np.zeros(outputs, dtype=np.float32)) for inputs, outputs in itertools.pairwise(sizes)))


def fit(network: Network, inputs: Any, legal: Any, labels: Any, rng: np.random.Generator, epochs: int,
        rate: float, batch: int = 256) -> tuple[Network, float]:
    """Adam on the cross-entropy of the expert's rank (illegal ranks masked out); the network and last loss."""
    params = [array.copy() for layer in network.layers for array in layer]
    moments = [np.zeros_like(array) for array in params]
    squares = [np.zeros_like(array) for array in params]
    steps, loss = 0, 0.0
    for _ in range(epochs):
        order = rng.permutation(len(labels))
        total = 0.0
        for start in range(0, len(order), batch):
            rows = order[start:start + batch]
            grads, part = _gradients(params, inputs[rows], legal[rows], labels[rows])
            total += part * len(rows)
            steps += 1
            for number, grad in enumerate(grads):
                moments[number] = 0.9 * moments[number] + 0.1 * grad
                squares[number] = 0.999 * squares[number] + 0.001 * grad * grad
                step = rate * (moments[number] / (1 - 0.9 ** steps)) / (
                    np.sqrt(squares[number] / (1 - 0.999 ** steps)) + 1e-8)
                params[number] -= step.astype(np.float32)
        loss = total / len(labels)
    return Network(tuple((params[number], params[number + 1]) for number in range(0, len(params), 2))), loss


def _gradients(params: list[Any], inputs: Any, legal: Any, labels: Any) -> tuple[list[Any], float]:
    w0, b0, w1, b1, w2, b2 = params
    h0 = np.maximum(inputs @ w0 + b0, 0)
    h1 = np.maximum(h0 @ w1 + b1, 0)
    scores = np.where(legal, h1 @ w2 + b2, -1e9)
    scores -= scores.max(axis=1, keepdims=True)
    chances = np.exp(scores)
    chances /= chances.sum(axis=1, keepdims=True)
    rows = np.arange(len(labels))
    loss = float(-np.log(chances[rows, labels] + 1e-12).mean())
    d2 = chances
    d2[rows, labels] -= 1
    d2 /= len(labels)
    d1 = (d2 @ w2.T) * (h1 > 0)
    d0 = (d1 @ w1.T) * (h0 > 0)
    return [inputs.T @ d0, d0.sum(0), h0.T @ d1, d1.sum(0), h1.T @ d2, d2.sum(0)], loss


def agreement(network: Network, inputs: Any, legal: Any, labels: Any) -> float:
    """The share of positions where the network chooses the expert's rank."""
    scores = np.where(legal, network.scores(inputs), -np.inf)
    return float(np.mean(scores.argmax(axis=1) == labels))


def win_rate(weights: str, opponent: Any, games: int, seed: int, pool: ProcessPoolExecutor) -> dict[str, float]:
    """The learned bot's 2-player win rate against ``opponent``, with its 95% interval."""
    summary = simulate([LearnedBot(weights=weights), opponent], games, seed=seed, executor=pool).bots[0]
    return {"rate": summary.wins.value, "low": summary.wins.low, "high": summary.wins.high}


def curve_svg(log: Sequence[dict[str, Any]]) -> str:
    """The training curve: win rates against thumb and mc after each iteration, with their intervals."""
    width, height, left, right, top, bottom = 640, 360, 60, 150, 20, 50
    last = max(entry["positions"] for entry in log)

    def x(positions: float) -> float:
        return float(left + (width - left - right) * positions / last)

    def y(rate: float) -> float:
        return top + (height - top - bottom) * (1 - rate)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
             f'font-size="12"><rect width="{width}" height="{height}" fill="white"/>']
    for rate in (0, 0.25, 0.5, 0.75, 1):
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(rate):.1f}" y2="{y(rate):.1f}" '
                     f'stroke="#ddd"/><text x="{left - 8}" y="{y(rate) + 4:.1f}" text-anchor="end">{rate:.2f}</text>')
    for number, (name, colour) in enumerate((("thumb", "#1565c0"), ("mc", "#c62828"))):
        points = [(x(entry["positions"]), entry[name]) for entry in log]
        for px, won in points:
            parts.append(f'<line x1="{px:.1f}" x2="{px:.1f}" y1="{y(won["low"]):.1f}" y2="{y(won["high"]):.1f}" '
                         f'stroke="{colour}" stroke-width="2"/>')
        line = " ".join(f"{px:.1f},{y(won['rate']):.1f}" for px, won in points)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts.append(f'<text x="{width - right + 10}" y="{top + 20 + 20 * number}" fill="{colour}">'
                     f"against {name}</text>")
    step = 10 ** max(0, len(str(last)) - 1)  # round ticks on the x axis: 0, 100,000, 200,000...
    step = step // 2 if last / step < 4 else step
    for tick in range(0, last + 1, step):
        parts.append(f'<line x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="{height - bottom}" y2="{height - bottom + 5}" '
                     f'stroke="#555"/><text x="{x(tick):.1f}" y="{height - bottom + 18}" text-anchor="middle">'
                     f"{tick // 1000:,}k</text>")
    parts.append(f'<text x="{(width - right + left) / 2}" y="{height - 12}" text-anchor="middle">positions '
                 f"labelled by the expert (last: {last:,})</text>")
    parts.append(f'<text x="14" y="{height / 2}" transform="rotate(-90 14 {height / 2})" text-anchor="middle">'
                 "2-player win rate (95% interval)</text></svg>")
    return "\n".join(parts) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=8, help="DAgger iterations (the first: the expert plays)")
    parser.add_argument("--games", type=int, default=600, help="games labelled per iteration")
    parser.add_argument("--budget", type=int, default=300_000, help="the expert's budget, positions a move")
    parser.add_argument("--thumb-share", type=float, default=0.2, help="share of seats played by the rule of thumb")
    parser.add_argument("--hidden", type=int, default=128, help="units in each of the two hidden layers")
    parser.add_argument("--epochs", type=int, default=8, help="passes over all positions after each iteration")
    parser.add_argument("--rate", type=float, default=1e-3, help="Adam's step size")
    parser.add_argument("--eval-thumb", type=int, default=400, help="2-player games against thumb per iteration")
    parser.add_argument("--eval-mc", type=int, default=200, help="2-player games against mc per iteration")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("learned.npz"))
    parser.add_argument("--curve", type=Path, default=None, help="write the training curve here (SVG)")
    parser.add_argument("--log", type=Path, default=None, help="write the figures of each iteration here (JSON)")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    network = new_network(rng, args.hidden)
    seen: list[tuple[Any, Any, Any]] = []
    log: list[dict[str, Any]] = []
    started = time.perf_counter()
    weights: str | None = None
    with ProcessPoolExecutor(args.workers) as pool, tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        for iteration in range(args.iterations):
            seen.append(label_games(pool, args.seed, iteration, args.games, weights, args.budget,
                                    args.thumb_share))
            observations = np.concatenate([part[0] for part in seen])
            inputs, legal = features(observations), np.concatenate([part[1] for part in seen])
            labels = np.concatenate([part[2] for part in seen])
            fresh = features(seen[-1][0])
            before = agreement(network, fresh, seen[-1][1], seen[-1][2])
            network, loss = fit(network, inputs, legal, labels, rng, args.epochs, args.rate)
            weights = str(folder / f"iteration-{iteration}.npz")  # a new file: the workers cache by path
            network.save(weights)
            shutil.copyfile(weights, args.out)
            entry = {"iteration": iteration, "positions": len(labels), "loss": round(loss, 4),
                     "agreement_before": round(before, 4),
                     "agreement": round(agreement(network, inputs, legal, labels), 4),
                     "thumb": win_rate(weights, ThumbBot(), args.eval_thumb, args.seed * 1000 + iteration, pool),
                     "mc": win_rate(weights, MonteCarloBot(), args.eval_mc, args.seed * 1000 + 500 + iteration, pool),
                     "seconds": round(time.perf_counter() - started, 1)}
            log.append(entry)
            print(json.dumps(entry), flush=True)
            if args.log is not None:
                args.log.write_text(json.dumps(log, indent=1) + "\n", encoding="utf-8")
            if args.curve is not None:
                args.curve.write_text(curve_svg(log), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
