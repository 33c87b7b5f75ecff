"""Check that the batched meld solver makes the scalar solver's very choices on a million random hands (issue 61).

For every hand, `concombre.games.romme.fast.melds.best_melds_batch` and `best_opening_batch` (at an opening of
30, 40, 50 or 60, by turns) must give exactly the scalar `best_melds(hand)` and `best_opening(hand, opening)`:
the same melds of the same cards in the same order, the same cards left, the same values (R3, R5, R6, R8).
The hands, seeded, are of three kinds by turns: the benchmark's (twelve natural cards and two jokers), fourteen
cards of a game's pack (2, 4 or 6 jokers) and 0 to 18 cards of the six-joker pack.

    python scripts/romme_melds_agree.py                      # 10**6 hands
    python scripts/romme_melds_agree.py --hands 20000 --seed 3

It prints how many hands agree and the time each solver took; the exit status is 1 if any hand disagrees (the
first ones are printed). Needs the ``fast`` extra (``pip install -e ".[fast]"``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

from concombre.games.romme.bots.solver import best_melds, best_opening
from concombre.games.romme.bots.solver_rows import arrangement
from concombre.games.romme.cards import RommeCard, deck
from concombre.games.romme.fast.melds import best_melds_batch, best_opening_batch, counts_of

OPENINGS = (30, 40, 50, 60)
_NATURALS = [card for card in deck(6) if not card.is_joker]
_JOKERS = [card for card in deck(6) if card.is_joker]


def hands(count: int, rng: random.Random) -> list[list[RommeCard]]:
    """``count`` random hands, the three kinds by turns."""
    made: list[list[RommeCard]] = []
    for number in range(count):
        kind = number % 3
        if kind == 0:
            made.append(rng.sample(_NATURALS, 12) + _JOKERS[:2])
        elif kind == 1:
            made.append(rng.sample(deck(rng.choice((2, 4, 6))), 14))
        else:
            made.append(rng.sample(deck(6), rng.randrange(19)))
    return made


def check(batch: Sequence[list[RommeCard]], opening: int, threads: int) -> tuple[int, list[str], float, float]:
    """(hands that agree, the disagreements worded, batched seconds, scalar seconds) for ``batch``: best_melds, and
    best_opening at ``opening``."""
    counts = counts_of(batch)
    start = time.perf_counter()
    melded, opened = best_melds_batch(counts, threads), best_opening_batch(counts, opening, threads)
    batched = time.perf_counter() - start
    agree, wrong, scalar = 0, [], 0.0
    for row, hand in enumerate(batch):
        start = time.perf_counter()
        expected = (best_melds(hand), best_opening(hand, opening))
        scalar += time.perf_counter() - start
        got = (arrangement(melded, row, hand), arrangement(opened, row, hand))
        if got == expected:
            agree += 1
        else:
            wrong.append(f"{' '.join(map(str, hand))} (opening {opening}): scalar {expected}, batched {got}")
    return agree, wrong, batched, scalar


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10**6, help="how many hands (default 10**6)")
    parser.add_argument("--seed", type=int, default=1, help="the hands' seed (default 1)")
    parser.add_argument("--chunk", type=int, default=10_000, help="hands a batch (default 10,000)")
    parser.add_argument("--threads", type=int, default=1, help="the batch's threads (default 1)")
    options = parser.parse_args(argv)
    rng = random.Random(options.seed)
    checked = agreed = 0
    batched = scalar = 0.0
    wrong: list[str] = []
    begin = time.perf_counter()
    for number, first in enumerate(range(0, options.hands, options.chunk)):
        batch = hands(min(options.chunk, options.hands - first), rng)
        agree, errors, fast, slow = check(batch, OPENINGS[number % len(OPENINGS)], options.threads)
        checked, agreed, batched, scalar = checked + len(batch), agreed + agree, batched + fast, scalar + slow
        wrong += errors
        print(f"{checked:>9,} hands: {agreed:,} agree ({time.perf_counter() - begin:,.0f} s)", flush=True)
    print(f"{agreed:,} of {checked:,} hands agree (best_melds and best_opening); batched {batched:.1f} s "
          f"({batched / max(1, checked) * 1e6:.1f} µs a hand, both solvers), scalar {scalar:.1f} s "
          f"({scalar / max(1, checked) * 1e6:.0f} µs a hand, its caches kept), seed {options.seed}")
    for line in wrong[:10]:
        print("DISAGREES:", line)
    return 0 if agreed == checked else 1


if __name__ == "__main__":
    sys.exit(main())
