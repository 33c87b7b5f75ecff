"""A learned Concombre bot: a small network, run with numpy alone, that plays as the search bot would.

`LearnedBot` reads its seat's observation (`concombre.games.concombre.encoding`, 244 numbers), folds the suits
away (`features`: suits never matter in play, C2) and scores the thirteen ranks with a two-layer network; it
plays the legal rank of the highest score, with the highest card of that rank, as the search bots do
(`concombre.games.concombre.bots.search.candidates`).

The shipped weights (``learned.npz``, about 125 kB) were trained by ``scripts/train_learned.py`` in the
repository: the network learns to choose the card `DeepSearchBot` chooses, on positions reached by the
network's own play (DAgger), from a seed, in 43 minutes with two workers. The bots guide shows its training curve.

Examples:
    >>> import random
    >>> from concombre import deal, new_game, view
    >>> seen = view(deal(new_game(2, seed=4)), 1)
    >>> LearnedBot().choose(seen, random.Random(1)).card in seen.legal_plays
    True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from pathlib import Path

import attrs

try:
    import numpy as np
    import numpy.typing as npt
except ModuleNotFoundError as missing:  # numpy is not installed: say how to have it
    raise ModuleNotFoundError(f"The learned bot runs on numpy: pip install numpy ({missing})",
                              name=missing.name) from missing

from concombre.core.cards import Card
from concombre.core.errors import InvalidArgumentError, require_rng
from concombre.games.concombre.actions import Action, Play
from concombre.games.concombre.bots.search import candidates
from concombre.games.concombre.encoding import LAYOUT, OBSERVATION_SIZE, Piece, encode_view
from concombre.games.concombre.rules import card_value
from concombre.games.concombre.views import View, require_turn

__all__ = ["FEATURES", "RANKS", "WEIGHTS", "LearnedBot", "Network", "features", "load_network"]

RANKS = 13
"""The network's outputs: one score per rank, 2 (first) to ace (last).

Examples:
    >>> RANKS
    13
"""

FEATURES = 6 * RANKS + LAYOUT.seats.size + 2
"""How many numbers `features` makes of one observation: per rank, the seat's hand, the trick, the cards played,
the penalty cards, the cards still unseen and the card to beat; then the seats' slots, the deal's size and
whether the seat leads.

Examples:
    >>> FEATURES
    115
"""

WEIGHTS = Path(__file__).with_name("learned.npz")
"""The shipped weights (trained by ``scripts/train_learned.py``).

Examples:
    >>> WEIGHTS.name
    'learned.npz'
"""

Floats = npt.NDArray[np.float32]


def _by_rank(vectors: Floats, piece: Piece) -> Floats:
    """A 52-card piece of each observation as counts per rank, from 0 to 1 (`PACK` is rank by rank)."""
    counts: Floats = vectors[:, piece.start:piece.stop].reshape(len(vectors), RANKS, 4).sum(axis=2) / 4
    return counts


def features(vectors: npt.ArrayLike) -> Floats:
    """The network's input for each observation (shape (N, 244) -> (N, `FEATURES`)).

    Examples:
        >>> from concombre import deal, new_game, view
        >>> from concombre.games.concombre.encoding import encode_view
        >>> features(encode_view(view(deal(new_game(2, seed=4)), 1))[None]).shape
        (1, 115)
    """
    try:
        rows: Floats = np.asarray(vectors, dtype=np.float32)
    except (TypeError, ValueError):
        raise InvalidArgumentError(f"features needs observations of shape (N, {OBSERVATION_SIZE}), not "
                                   f"{vectors!r:.80}.", field="vectors") from None
    if rows.ndim != 2 or rows.shape[1] != OBSERVATION_SIZE:
        raise InvalidArgumentError(f"features needs observations of shape (N, {OBSERVATION_SIZE}), not "
                                   f"{rows.shape}.", field="vectors")
    hand, trick = _by_rank(rows, LAYOUT.hand), _by_rank(rows, LAYOUT.trick)
    played, penalty = _by_rank(rows, LAYOUT.played), _by_rank(rows, LAYOUT.penalty_cards)
    unseen: Floats = np.clip(1 - hand - played, 0, 1)
    present: npt.NDArray[np.bool_] = np.greater(trick, 0)
    top = np.where(present.any(axis=1), RANKS - 1 - present[:, ::-1].argmax(axis=1), -1)
    to_beat = (np.arange(RANKS) == top[:, None]).astype(np.float32)
    leading: Floats = np.logical_not(present.any(axis=1)).astype(np.float32)
    seats, size = rows[:, LAYOUT.seats.start:LAYOUT.seats.stop], rows[:, LAYOUT.deal_size.start:LAYOUT.deal_size.stop]
    return np.concatenate([hand, trick, played, penalty, unseen, to_beat, seats, size, leading[:, None]],
                          axis=1).astype(np.float32)


@attrs.frozen(eq=False)
class Network:
    """A two-layer network from `features` to a score per rank (ReLU between layers).

    Attributes:
        layers: Each layer's (weights, biases), first to last; weights of shape (inputs, outputs).

    Examples:
        >>> network = load_network()
        >>> network.scores(np.zeros((1, FEATURES), dtype=np.float32)).shape
        (1, 13)
    """

    layers: tuple[tuple[Floats, Floats], ...]

    def scores(self, inputs: Floats) -> Floats:
        """Each row's score per rank (higher: the network would rather play that rank)."""
        out = inputs
        for number, (weights, biases) in enumerate(self.layers):
            out = out @ weights + biases
            if number < len(self.layers) - 1:
                out = np.maximum(out, 0)
        return out

    def save(self, path: str | Path) -> None:
        """Write the weights as a numpy ``.npz`` file (what `load_network` reads)."""
        arrays = {f"{kind}{number}": array for number, layer in enumerate(self.layers)
                  for kind, array in zip("wb", layer, strict=True)}
        np.savez_compressed(path, **arrays)  # type: ignore[arg-type]  # numpy types **kwds as bool


def load_network(path: str | Path | None = None) -> Network:
    """The network whose weights are in ``path`` (None: the shipped `WEIGHTS`).

    Raises:
        InvalidArgumentError: The file is missing or is not a network's weights.

    Examples:
        >>> [weights.shape for weights, _ in load_network().layers]
        [(115, 128), (128, 128), (128, 13)]
    """
    return _load(str(WEIGHTS if path is None else path))


@functools.lru_cache(maxsize=8)
def _load(path: str) -> Network:
    try:
        with np.load(path) as arrays:
            count = len(arrays.files) // 2
            layers = tuple((arrays[f"w{number}"].astype(np.float32), arrays[f"b{number}"].astype(np.float32))
                           for number in range(count))
    except (OSError, KeyError, ValueError) as error:
        raise InvalidArgumentError(f"Cannot read a network's weights from {path}: {error}", field="path") from error
    shapes = [(FEATURES, None)] + [(weights.shape[1], None) for weights, _ in layers]
    if not layers or layers[-1][0].shape[1] != RANKS or any(
            weights.shape[0] != inputs or biases.shape != (weights.shape[1],)
            for (weights, biases), (inputs, _) in zip(layers, shapes[:-1], strict=True)):
        raise InvalidArgumentError(f"{path} does not hold a network from {FEATURES} features to {RANKS} ranks.",
                                   field="path")
    return Network(layers)


def choice(network: Network, vectors: Floats, legal: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """The rank (0 for 2 ... 12 for ace) each row's network prefers among its legal ranks (``legal``: (N, 13)).

    Examples:
        >>> legal = np.zeros((1, 13), dtype=bool); legal[0, [0, 5]] = True
        >>> int(choice(load_network(), np.zeros((1, 244), dtype=np.float32), legal)[0]) in (0, 5)
        True
    """
    scores = network.scores(features(vectors))
    best: npt.NDArray[np.int64] = np.where(legal, scores, -np.inf).argmax(axis=1)
    return best


@attrs.frozen
class LearnedBot:
    """Plays the card a small trained network prefers (see the module's documentation); under 0.1 ms a move.

    Attributes:
        weights: The network's weights file; None, the default, is the shipped `WEIGHTS`.
        name: ``"learned"``.

    Examples:
        >>> import random
        >>> from concombre import deal, new_game, view
        >>> state = deal(new_game(3, seed=4))
        >>> seen = view(state, state.to_play)
        >>> LearnedBot().choose(seen, random.Random(1)).card in seen.legal_plays
        True
    """

    weights: str | None = attrs.field(default=None)
    name: str = "learned"

    def __attrs_post_init__(self) -> None:
        load_network(self.weights)  # refuse a bad file now, not at the first move

    def choose(self, seen: View, rng: random.Random) -> Action:
        """The candidate card of the rank the network scores highest (deterministic: ``rng`` is not used)."""
        seen, rng = require_turn(seen), require_rng(rng)
        chosen = candidates(seen)
        if len(chosen) == 1:
            return Play(chosen[0])
        return Play(_of_rank(chosen, int(choice(load_network(self.weights), encode_view(seen)[None],
                                                legal_ranks(chosen)[None])[0])))


def legal_ranks(chosen: Sequence[Card]) -> npt.NDArray[np.bool_]:
    """The ranks (0 for 2 ... 12 for ace) of the given cards, as a mask of 13.

    Examples:
        >>> from concombre import Card
        >>> legal_ranks([Card.parse("2C"), Card.parse("AS")]).nonzero()[0].tolist()
        [0, 12]
    """
    mask = np.zeros(RANKS, dtype=bool)
    for card in chosen:
        mask[card_value(card) - 2] = True
    return mask


def _of_rank(chosen: Sequence[Card], rank: int) -> Card:
    return next(card for card in chosen if card_value(card) - 2 == rank)
