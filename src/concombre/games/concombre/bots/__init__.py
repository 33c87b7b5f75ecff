"""Computer players: a `Bot` chooses an action from what its seat may see.

A bot is handed a `View` — never the state — and a random generator, so
it cannot cheat, and it is deterministic given the generator. Bots are plain
frozen values: picklable, so that simulations can run them in other
processes or on other machines.

The bots: `RandomBot`, `ThumbBot` (rules of thumb a sensible human follows),
`MonteCarloBot` (samples the hidden cards and plays the round out), `SearchBot`
and `DeepSearchBot` (plan to the round's end over sampled deals) and the learned
bot (`learned_bot`, a small network trained to play as the deep bot does).
"""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Callable

import attrs

from concombre.core.cards import FULL_MASK
from concombre.core.errors import InvalidArgumentError
from concombre.core.game import Bot, Level
from concombre.games.concombre.actions import Action, Play
from concombre.games.concombre.bots.sampling import deal_hidden
from concombre.games.concombre.bots.search import DeepSearchBot, SearchBot, _one_per_rank, _thumb_out
from concombre.games.concombre.state import Phase, State
from concombre.games.concombre.transitions import play
from concombre.games.concombre.views import View

__all__ = ["BOTS", "LEVELS", "Bot", "DeepSearchBot", "MonteCarloBot", "RandomBot", "SearchBot", "ThumbBot", "bot_named",
           "learned_bot"]


@attrs.frozen
class RandomBot:
    """Plays a legal card at random.

    Attributes:
        name: ``"random"``.

    Examples:
        >>> import random
        >>> from concombre import RandomBot, deal, new_game, view
        >>> seen = view(deal(new_game(2, seed=4)), 1)
        >>> RandomBot().choose(seen, random.Random(1)).card in seen.legal_plays
        True
    """

    name: str = "random"

    def choose(self, seen: View, rng: random.Random) -> Action:
        """A legal card chosen uniformly at random."""
        return Play(rng.choice(seen.legal_plays))


@attrs.frozen
class ThumbBot:
    """Plays as a sensible human would: shed high cards, keep low ones for the end.

    Only the last trick costs anything (C9), and its highest card takes the
    penalty, so the bot plays its highest legal card: early on it sheds high
    cards while a trick costs nothing, and it is left holding its lowest for
    the last trick. When it cannot match the card to beat, the rules make it
    duck with a card of its lowest rank (C7).

    Attributes:
        name: ``"thumb"``.

    Examples:
        >>> import random
        >>> from concombre import ThumbBot, deal, new_game, view
        >>> seen = view(deal(new_game(2, seed=4)), 1)
        >>> ThumbBot().choose(seen, random.Random(1)).card == max(seen.legal_plays)
        True
    """

    name: str = "thumb"

    def choose(self, seen: View, rng: random.Random) -> Action:
        """The highest legal card."""
        return Play(seen.legal_plays[-1])


@attrs.frozen
class MonteCarloBot:
    """Samples the hidden cards, plays the round out for each choice, keeps the cheapest.

    For each sample, the unseen cards are dealt at random within what the
    plays so far revealed (`concombre.games.concombre.bots.sampling.deal_hidden`); each candidate
    card is played in that world and the round is finished with every
    player following `ThumbBot`'s rule. The bot plays the candidate with the
    lowest mean penalty for itself; cards of one rank are one candidate,
    since suits never matter (C2). Early in a round, when the last trick is
    far off, it plays like `ThumbBot`.

    Attributes:
        samples: Worlds sampled per decision.
        horizon: Search only with at most this many cards in hand.
        seconds: An optional time budget per decision; the bot stops
            sampling when it is spent (at least one sample is played).
        name: ``"mc"``.

    Examples:
        >>> import random
        >>> from concombre import MonteCarloBot, Rules, deal, new_game, view
        >>> seen = view(deal(new_game(3, seed=4, rules=Rules(first_deal=3))), 1)
        >>> MonteCarloBot(samples=8).choose(seen, random.Random(1)).card in seen.legal_plays
        True
    """

    samples: int = attrs.field(default=32)
    horizon: int = attrs.field(default=7)
    seconds: float | None = attrs.field(default=None)
    name: str = "mc"

    @samples.validator
    def _check_samples(self, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidArgumentError(f"MonteCarloBot.samples must be at least 1, not {value!r}.", field="samples")

    def choose(self, seen: View, rng: random.Random) -> Action:
        """The candidate card with the lowest mean penalty over the sampled worlds."""
        candidates = _one_per_rank(seen.legal_plays)
        if len(candidates) == 1 or len(seen.hand) > self.horizon:
            return Play(seen.legal_plays[-1])
        totals = [0] * len(candidates)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(self.samples):
            world = deal_hidden(seen, rng)
            for number, card in enumerate(candidates):
                totals[number] += _penalty_after(play(world, card), seen.seat)
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = min(range(len(candidates)), key=lambda number: (totals[number], -number))
        return Play(candidates[best])


def _penalty_after(state: State, seat: int) -> int:
    """The penalty ``seat`` takes when everyone plays the round out by `ThumbBot`'s rule, the highest legal card.

    The round is played on the engine's inner form (a bit mask per hand, plays as (seat, `PACK` index)) by the
    search bot's playout, `concombre.games.concombre.bots.search._thumb_out`, on the engine's own follow and trick
    rules (C7, C8), rather than through `play` and `resolve_trick`: the same round without a state per card,
    three times faster (tests/test_bots.py holds the two together).
    """
    match = state.match
    size, plays = match.active_count, state.plays
    trick = plays[len(plays) - len(plays) % size:] if state.phase is Phase.PLAY else plays[-size:]
    leader = -1 if state.to_play is None else state.to_play  # None: the trick is complete; its winner leads next
    packed = state.packed_hands
    hands = [(packed >> (other << 6)) & FULL_MASK for other in range(len(match.players))]
    loser, value = _thumb_out(hands, trick, leader, match.next_seat, match.follow_lead, match.may_duck)
    return value if loser == seat else 0


def learned_bot() -> Bot[View, Action]:
    """The learned bot (`concombre.games.concombre.bots.learned.LearnedBot`), which needs numpy.

    Raises:
        InvalidArgumentError: numpy is not installed.

    Examples:
        >>> learned_bot().name
        'learned'
    """
    if not importlib.util.find_spec("numpy"):
        raise InvalidArgumentError("The learned bot runs on numpy: pip install numpy (or 'concombre[fast]').",
                                   field="name")
    from concombre.games.concombre.bots.learned import LearnedBot

    return LearnedBot()


_HAS_NUMBA, _HAS_NUMPY = bool(importlib.util.find_spec("numba")), bool(importlib.util.find_spec("numpy"))

BOTS: dict[str, Callable[[], Bot[View, Action]]] = {
    "random": RandomBot, "thumb": ThumbBot, "mc": MonteCarloBot, "search": SearchBot,
    **({"learned": learned_bot} if _HAS_NUMPY else {}),
    **({"deep": DeepSearchBot} if _HAS_NUMBA else {}),
}
"""The bots by name, as the command line, the ladder and the web table know them: ``learned`` only where numpy
is installed, ``deep`` only where the compiled kernel can run (``pip install "concombre[fast]"``).

Examples:
    >>> sorted(BOTS)
    ['deep', 'learned', 'mc', 'random', 'search', 'thumb']
"""

LEVELS = (
    Level(name="beginner", bot="thumb", rating=-69, ms=0.001),
    *((Level(name="club", bot="learned", rating=196, ms=0.058),) if _HAS_NUMPY
      else (Level(name="club", bot="mc", rating=66, ms=1.149),)),
    *((Level(name="expert", bot="deep", rating=201, ms=1.727),) if _HAS_NUMBA
      else (Level(name="expert", bot="search", rating=109, ms=5.676),)),
)
"""The bots people choose by strength, weakest first, with their rating and time a move on the ladder (the
docs' ladder page; a test holds these figures to it): the club and expert levels fall back on ``mc`` and
``search`` where numpy or Numba is missing.

Examples:
    >>> [(level.name, level.bot) for level in LEVELS]
    [('beginner', 'thumb'), ('club', 'learned'), ('expert', 'deep')]
"""


def bot_named(name: str) -> Bot[View, Action]:
    """A new bot of this name (see `BOTS`).

    Raises:
        InvalidArgumentError: No bot has this name.

    Examples:
        >>> bot_named("thumb")
        ThumbBot(name='thumb')
    """
    if name == "deep" and name not in BOTS:
        raise InvalidArgumentError("The deep bot plays on the compiled kernel: pip install 'concombre[fast]'.",
                                   field="name")
    if name == "learned" and name not in BOTS:
        return learned_bot()  # says which package is missing
    if name not in BOTS:
        raise InvalidArgumentError(f"There is no bot named {name!r}; choose from {', '.join(sorted(BOTS))}.")
    return BOTS[name]()
