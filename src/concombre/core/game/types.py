"""What the library reads of every game's values: `Table` (a state), `Seat` (a view), `NewGame`, and `Bot`.

Examples:
    >>> from concombre import new_game
    >>> state: Table = new_game(["Ann", "Bob"], seed=3)
    >>> state.players
    ('Ann', 'Bob')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = ["Bot", "NewGame", "Seat", "Table"]


class Table(Protocol):
    """What the library reads of every game's state: the table the game is played at.

    A record stores these (`concombre.core.records.Record`), and simulations
    report the round number. Read-only properties or frozen fields both do.

    Examples:
        >>> from concombre import new_game
        >>> state: Table = new_game(["Ann", "Bob"], seed=3)
        >>> state.players, state.seed, state.dealer, state.round_number
        (('Ann', 'Bob'), 3, 0, 1)
    """

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        ...

    @property
    def rules(self) -> object:
        """The rules the game is played by (an instance of `Game.Rules`)."""
        ...

    @property
    def seed(self) -> int:
        """The seed every shuffle is drawn from (hidden from the players)."""
        ...

    @property
    def dealer(self) -> int:
        """The dealer's seat of this round (or the next)."""
        ...

    @property
    def round_number(self) -> int:
        """The current round, from 1."""
        ...


class Seat(Protocol):
    """What the library reads of every game's view: whose it is, who is to play, and the seat's hand.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> seen: Seat = view(deal(new_game(2, seed=3)), 1)
        >>> seen.seat, seen.to_play, len(seen.hand)
        (1, 1, 7)
    """

    @property
    def seat(self) -> int:
        """The seat whose view it is."""
        ...

    @property
    def to_play(self) -> int | None:
        """The seat that must act, or None when the table acts."""
        ...

    @property
    def hand(self) -> Sequence[object]:
        """The cards the seat holds."""
        ...


S_co = TypeVar("S_co", bound=Table, covariant=True)
ViewT = TypeVar("ViewT", contravariant=True)
ActionT = TypeVar("ActionT", covariant=True)


class NewGame(Protocol[S_co]):
    """The signature of every game's ``new_game``: ``new_game(players, *, dealer=0, rules=..., seed=None)``.

    ``players`` is a count or the names in seat order; ``rules`` an instance of
    the game's `Game.Rules` (its default: the rulings); ``seed`` a whole number
    (omitted: drawn from `secrets`).

    Examples:
        >>> from concombre import new_game
        >>> start: NewGame[Table] = new_game
        >>> start(3, seed=1).players
        ('Player 1', 'Player 2', 'Player 3')
    """

    def __call__(
        self, players: int | Sequence[str], *, dealer: int = ..., rules: Any = ..., seed: int | None = ...
    ) -> S_co:
        """A new game, waiting for its first step."""
        ...


@runtime_checkable
class Bot(Protocol[ViewT, ActionT]):
    """Anything that chooses an action for the seat whose view it is given.

    Bots are asked only on their own turn (``seen.to_play == seen.seat``);
    the table performs the other steps. Implement ``name`` and ``choose``.
    A Concombre bot is a ``Bot[View, Action]``; so is a Rommé bot, with
    Rommé's `View` and `Action`, asked for each step of its turn.

    Examples:
        >>> import random
        >>> from concombre import Bot, Play, deal, new_game, view
        >>> class Lowest:
        ...     name = "lowest"
        ...     def choose(self, seen, rng):
        ...         return Play(seen.legal_plays[0])
        >>> state = deal(new_game(3, seed=1))
        >>> isinstance(Lowest(), Bot), Lowest().choose(view(state, state.to_play), random.Random(0))
        (True, Play(card=Card.parse('2C')))
    """

    @property
    def name(self) -> str:
        """The bot's name, as simulations report it."""
        ...

    def choose(self, seen: ViewT, rng: random.Random) -> ActionT:
        """The action to take, given what the seat may see and a random generator."""
        ...

