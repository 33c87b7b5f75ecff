"""Computer players for Rommé, through the same `concombre.Bot` protocol as Concombre's.

A bot is asked on each step of its turn — the draw, then each meld, lay-off
or exchange, then the discard — and answers from its `View` alone.
"""

from __future__ import annotations

import random
from typing import ClassVar

import attrs

from concombre.core.aliases import renamed
from concombre.core.errors import IllegalActionError, require_rng
from concombre.core.game import Level
from concombre.core.i18n import N_, _
from concombre.games.romme.actions import Action, Discard, DrawDiscard, DrawStock, ExchangeJoker, LayOff, MeldCards
from concombre.games.romme.bots.planner import best_keep, fits_table
from concombre.games.romme.bots.solver import best_melds, best_opening
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.legal import lay_offs_onto
from concombre.games.romme.melds import exchange_joker, make_meld
from concombre.games.romme.options import meld_options, opening_value
from concombre.games.romme.rules import opens, withheld_discard
from concombre.games.romme.state import Phase
from concombre.games.romme.views import View, require_turn, require_view

__all__ = ["BOTS", "LEVELS", "PlannerBot", "RandomBot", "SolverBot", "discards", "lay_offs"]


def discards(seen: View) -> list[RommeCard]:
    """The cards the seat may discard now (R7, R7a).

    Examples:
        >>> from concombre.games.romme import deal, draw_stock, new_game, view
        >>> seen = view(draw_stock(deal(new_game(2, seed=3))), 1)
        >>> len(discards(seen))
        14
    """
    require_view(seen)
    blocked = withheld_discard(seen.drawn, len(seen.hand), seen.rules)
    return [card for card in seen.hand if card != blocked]


def lay_offs(seen: View) -> list[LayOff]:
    """Every lay-off the seat can make now (R8, R9).

    Examples:
        >>> from concombre.games.romme import deal, draw_stock, new_game, view
        >>> lay_offs(view(draw_stock(deal(new_game(2, seed=3))), 1))
        []
    """
    require_view(seen)
    if seen.phase is not Phase.PLAY or not seen.opened[seen.seat]:
        return []
    return list(lay_offs_onto(seen.hand, seen.melds, seen.seat))


@attrs.frozen
class RandomBot:
    """Draws, melds, lays off and discards at random among what the rules allow.

    Attributes:
        name: ``"random"``.

    Examples:
        >>> import random
        >>> from concombre.games.romme import deal, new_game, view
        >>> RandomBot().choose(view(deal(new_game(2, seed=3)), 1), random.Random(0))
        DrawDiscard()
    """

    name: str = "random"

    def choose(self, seen: View, rng: random.Random) -> Action:
        """A random legal step."""
        seen, rng = require_turn(seen), require_rng(rng)
        options: list[Action]
        if seen.phase is Phase.DRAW:
            options = [DrawStock(), DrawDiscard()] if seen.discard_pile else [DrawStock()]
            return rng.choice(options)
        options = [Discard(card) for card in discards(seen)]
        opened = seen.opened[seen.seat]
        options += [MeldCards([meld]) for meld in meld_options(seen.hand)
                    if opened or opens(opening_value([meld]), seen.rules.opening)]
        options += lay_offs(seen)
        return rng.choice(options)


@attrs.frozen
class SolverBot:
    """Plays by the meld solver: opens as soon as it can, lays off, exchanges jokers, discards its least useful card.

    It takes the discard pile's top card only when the solver says it lowers
    what would be left in hand; exchanges a joker when that leaves less in
    hand; and discards the most valuable card the solver leaves out of its
    melds.

    Attributes:
        name: ``"solver"``.

    Examples:
        >>> import random
        >>> from concombre.games.romme import deal, draw_stock, new_game, view
        >>> action = SolverBot().choose(view(draw_stock(deal(new_game(2, seed=3))), 1), random.Random(0))
        >>> type(action).__name__ in ("MeldCards", "Discard")
        True
    """

    name: str = "solver"

    def choose(self, seen: View, rng: random.Random) -> Action:
        """The step the solver recommends."""
        seen, rng = require_turn(seen), require_rng(rng)
        if seen.phase is Phase.DRAW:
            return self._draw(seen)
        opened = seen.opened[seen.seat]
        plan = best_melds(seen.hand, seen.melds if opened else (), seen.seat) if opened else best_opening(
            seen.hand, seen.rules.opening
        )
        if plan is not None and plan.melds and (opened or opens(plan.table_value, seen.rules.opening)):
            return MeldCards(list(plan.melds))
        if opened:
            exchange = self._exchange(seen)
            if exchange is not None:
                return exchange
            if plan is not None and plan.lay_offs:
                card, meld, end = plan.lay_offs[0]
                return LayOff(card, meld, end)  # type: ignore[arg-type]
        return Discard(self._discard(seen))

    def explain(self, seen: View, action: Action) -> str:
        """Why the solver chose ``action`` for this view, in a sentence a person can follow.

        Examples:
            >>> from concombre.games.romme import DrawStock, deal, new_game, view
            >>> SolverBot().explain(view(deal(new_game(2, seed=3)), 1), DrawStock())
            "the discard pile's top card would not leave less in the hand"
        """
        if isinstance(action, MeldCards):
            worth = sum(make_meld(meld, seen.seat).value for meld in action.melds)
            if seen.opened[seen.seat]:
                return _("these melds put {worth} points on the table", worth=worth)
            return _("these melds put {worth} points on the table, enough to open (at least {opening}, R8)",
                     worth=worth, opening=seen.rules.opening)
        if isinstance(action, LayOff):
            return _("the card fits meld {meld} (R9)", meld=action.meld + 1)
        return _(self._REASONS.get(type(action), self._REASONS[Discard]))

    # Why each action whose reason needs no numbers was chosen; a subclass changes those it decides otherwise.
    _REASONS: ClassVar[dict[type, str]] = {
        DrawStock: N_("the discard pile's top card would not leave less in the hand"),
        DrawDiscard: N_("the discard pile's top card fits the solver's melds and leaves less in the hand"),
        ExchangeJoker: N_("taking the joker back into a new meld leaves less in the hand (R10)"),
        Discard: N_("it is the most valuable card the solver leaves out of its melds"),
    }

    def _draw(self, seen: View) -> Action:
        if not seen.discard_pile:
            return DrawStock()
        top = seen.discard_pile[-1]
        now = best_melds(seen.hand).left_value
        taken = best_melds((*seen.hand, top))
        if top not in taken.left and taken.left_value < now:
            return DrawDiscard()
        return DrawStock()

    def _exchange(self, seen: View) -> ExchangeJoker | None:
        current = best_melds(seen.hand).left_value
        for index, meld in enumerate(seen.melds):
            for position, place in enumerate(meld.places):
                if not place.card.is_joker:
                    continue
                for card in seen.hand:
                    try:
                        _, joker = exchange_joker(meld, position, card)
                    except IllegalActionError:
                        continue
                    rest = [other for other in seen.hand if other != card]
                    for new in meld_options([*rest, joker]):
                        if joker not in new:
                            continue
                        left = [other for other in rest if other not in new]
                        if left and best_melds(left).left_value < current:
                            return ExchangeJoker(card, index, position, new)
        return None

    def _discard(self, seen: View) -> RommeCard:
        allowed = discards(seen)
        plan = best_melds(seen.hand)
        spare = [card for card in plan.left if card in allowed]
        pool = spare or allowed
        return max(pool, key=lambda card: (card.hand_value, card))


@attrs.frozen
class PlannerBot(SolverBot):
    """Plans a draw ahead: keeps the cards with prospects, takes the discard pile's top when it pays, feeds nobody.

    It melds, opens, lays off and exchanges jokers as `SolverBot` does: every place a player fills on the
    table scores for them and every card left in hand counts against them (R13), so there is nothing to gain
    by holding melds back. It differs in what it keeps and what it takes:

    - It discards the card whose loss leaves the best hand, counting what the hand leaves unmelded against
      what the next card is likely to save (`concombre.games.romme.bots.planner.best_keep`): a pair or two
      cards of a run in the making are worth keeping over a lone card of lower value. It never discards a
      joker while another card will do, and it avoids a card that an opponent who has opened could take
      and lay off (R9).
    - It takes the discard pile's top card when it melds at once, when it can lay it off (having opened), when
      it is a joker, or when the hand it leaves is better than what a card from the stock promises.

    Attributes:
        prospects: How much a hand's prospects (what a drawn card saves on average) weigh against what it
            leaves unmelded.
        name: ``"planner"``.

    Examples:
        >>> import random
        >>> from concombre.games.romme import deal, draw_stock, new_game, view
        >>> seen = view(draw_stock(deal(new_game(2, seed=3))), 1)
        >>> type(PlannerBot().choose(seen, random.Random(0))).__name__ in ("MeldCards", "Discard")
        True
    """

    prospects: float = 16.0
    name: str = "planner"

    _REASONS: ClassVar[dict[type, str]] = {
        **SolverBot._REASONS,
        DrawStock: N_("the stock promises more than the discard pile's top card"),
        DrawDiscard: N_("the discard pile's top card makes the hand better than a card from the stock would"),
        Discard: N_("what stays in the hand leaves the least and has the best prospects"),
    }

    def _draw(self, seen: View) -> Action:
        if not seen.discard_pile:
            return DrawStock()
        top = seen.discard_pile[-1]
        if top.is_joker or (seen.opened[seen.seat] and fits_table(seen.melds, top, seen.seat)):
            return DrawDiscard()
        if not isinstance(super()._draw(seen), DrawStock):
            return DrawDiscard()  # it melds at once
        _, now, saved = best_keep(seen, seen.hand, seen.hand, self.prospects)
        taken = (*seen.hand, top)
        _, then, _ = best_keep(seen, taken, [card for card in taken if card != top], self.prospects)  # R7a
        return DrawDiscard() if then < now - saved else DrawStock()

    def _discard(self, seen: View) -> RommeCard:
        return best_keep(seen, seen.hand, discards(seen), self.prospects)[0]


BOTS = {"random": RandomBot, "solver": SolverBot, "planner": PlannerBot}
"""The Rommé bots by name, as the command line knows them.

Examples:
    >>> sorted(BOTS)
    ['planner', 'random', 'solver']
"""

LEVELS = (
    Level(name="beginner", bot="random", rating=-619, ms=0.273),
    Level(name="club", bot="solver", rating=260, ms=0.481),
    Level(name="expert", bot="planner", rating=358, ms=14.728),
)
"""The bots people choose by strength, weakest first, with their rating and time a move on the ladder (the
docs' ladder page; a test holds these figures to it).

Examples:
    >>> [(level.name, level.bot) for level in LEVELS]
    [('beginner', 'random'), ('club', 'solver'), ('expert', 'planner')]
"""


__getattr__ = renamed(__name__, {
    "RandomRommeBot": ("RandomBot", RandomBot),
    "SolverRommeBot": ("SolverBot", SolverBot),
    "PlannerRommeBot": ("PlannerBot", PlannerBot),
})
