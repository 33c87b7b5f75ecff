"""The package's errors: one base class, one refusal for illegal actions.

Every error the library raises on purpose derives from `ConcombreError`, so an
embedding program can catch them all in one place. Each carries the id of the
ruling it enforces (``"C7"``, ``"C1"``...) where there is one, and a sentence a
player would understand, in the language of the call (see `concombre.core.i18n`).
The ruling, the field and the path never change with the language: `ConcombreError.details`
gives them apart from the sentence, for a program to read.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

__all__ = ["ConcombreError", "FormatError", "IllegalActionError", "InvalidArgumentError", "json_type", "naming"]

T = TypeVar("T")


class ConcombreError(Exception):
    """Base class of every error raised by concombre.

    Attributes:
        ruling: The ruling id from the rulings (``"C7"``...), or ``None``.
        reason: The refusal as a sentence, without the ruling id.

    Examples:
        >>> from concombre import ConcombreError, new_game
        >>> try:
        ...     new_game(8)
        ... except ConcombreError as err:
        ...     print(err.ruling, "-", err.reason)
        C1 - Concombre is played by 2 to 7 players, not 8.
    """

    def __init__(self, reason: str, ruling: str | None = None) -> None:
        self.reason = reason
        self.ruling = ruling
        super().__init__(f"{reason} [{ruling}]" if ruling else reason)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled whole (its sentence and every part), so that it crosses to and from a worker process unchanged
        return _remade, (type(self), self.args, self.__dict__)

    def details(self) -> dict[str, str | None]:
        """The error as a program reads it: the whole ``message``, its ``reason``, and the parts that never change
        with the language (``ruling``, ``field``, ``path``; None where the error has none).

        Examples:
            >>> from concombre import Rules
            >>> from concombre.core.i18n import use_language
            >>> with use_language("id"):
            ...     try:
            ...         Rules(limit=0)
            ...     except ConcombreError as err:
            ...         details = err.details()
            >>> details["ruling"], details["field"], details["path"]
            ('C10', 'limit', None)
        """
        return {"message": str(self), "reason": self.reason, "ruling": self.ruling,
                "field": getattr(self, "field", None), "path": getattr(self, "path", None)}


def _remade(kind: type[ConcombreError], args: tuple[Any, ...], parts: dict[str, Any]) -> ConcombreError:
    """An error as it was pickled (`ConcombreError.__reduce__`): its class, its sentence and its parts."""
    error = Exception.__new__(kind)
    error.args = args
    error.__dict__.update(parts)
    return error


class IllegalActionError(ConcombreError):
    """An action the rules do not allow in this state; the state is unchanged.

    ``ruling`` is always set, and ``str(error)`` ends with it in brackets.

    Examples:
        >>> from concombre import IllegalActionError, new_game, resolve_trick
        >>> state = new_game(3, seed=1)
        >>> try:
        ...     resolve_trick(state)
        ... except IllegalActionError as err:
        ...     print(err)
        There is no complete trick to resolve: the cards have not been dealt yet. [C14]
    """

    def __init__(self, reason: str, ruling: str) -> None:
        super().__init__(reason, ruling)


class InvalidArgumentError(ConcombreError, ValueError):
    """A malformed argument: a wrong type, an unknown card, an out-of-range number.

    It is also a `ValueError`, so code that already catches that keeps working.

    Attributes:
        field: The offending argument or field (``card``, ``deck``, ``seat``, a field of `Rules`...).

    Examples:
        >>> from concombre import Card, InvalidArgumentError
        >>> try:
        ...     Card.parse("1H")
        ... except InvalidArgumentError as err:
        ...     print(err.field, err.ruling)
        ...     print(err.reason)
        card C2
        '1H' is not a card: write a rank (2-9, 10 or T, J, Q, K, A)
        then a suit (♣ ♦ ♥ ♠, or C D H S), as in 'Q♥', 'qh' or '10h'.
    """

    def __init__(self, reason: str, ruling: str | None = None, field: str | None = None) -> None:
        super().__init__(reason, ruling)
        self.field = field

    def about(self, field: str) -> InvalidArgumentError:
        """This error as the refusal of ``field``: the same reason and ruling, for a value read from inside it.

        Examples:
            >>> InvalidArgumentError("'1H' is not a card.", "C2", "card").about("deck").field
            'deck'
        """
        return self if self.field == field else InvalidArgumentError(self.reason, self.ruling, field)


def require_seat(value: object, count: int, field: str, ruling: str | None = None) -> int:
    """``value`` if it is a seat of a ``count``-player game, else an `InvalidArgumentError` naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
        raise InvalidArgumentError(f"{field} must be a seat from 0 to {count - 1}, not {value!r}.", ruling, field)
    return value

def require_kind(value: object, kind: type[T], field: str, expected: str) -> T:
    """``value`` if it is a ``kind`` (exactly: the engines' records are never subclassed), else an
    `InvalidArgumentError` naming ``field`` that says what was ``expected`` and what came.

    Examples:
        >>> from concombre import Card
        >>> try:
        ...     require_kind("QH", Card, "card", "a Card, such as Card.parse('QH')")
        ... except InvalidArgumentError as err:
        ...     print(err.field, "-", err.reason)
        card - Expected a Card, such as Card.parse('QH'), not str.
    """
    if type(value) is kind:
        return value
    raise InvalidArgumentError(f"Expected {expected}, not {type(value).__name__}.", field=field)


def require_seat_to_play(seen: T, seat: int, to_play: int | None, ruling: str, field: str = "seen") -> T:
    """``seen``, a seat's view, if its ``seat`` is the one ``to_play``, else an `InvalidArgumentError` with the
    game's turn ``ruling``: a bot chooses only on its own turn.

    Examples:
        >>> try:
        ...     require_seat_to_play("a view", 0, 1, "C6")
        ... except InvalidArgumentError as err:
        ...     print(err.ruling, "-", err.reason)
        C6 - Seat 0 is not to play: a bot chooses only on its own turn.
    """
    if seat != to_play:
        raise InvalidArgumentError(f"Seat {seat} is not to play: a bot chooses only on its own turn.", ruling, field)
    return seen


def require_rng(rng: object, field: str = "rng") -> random.Random:
    """``rng`` if it is a `random.Random` (what a bot draws its choices from), else an `InvalidArgumentError`.

    Examples:
        >>> import random
        >>> require_rng(random.Random(1)).random() < 1
        True
    """
    if isinstance(rng, random.Random):
        return rng
    raise InvalidArgumentError(f"{field} must be a random.Random, such as random.Random(seed), not "
                               f"{type(rng).__name__}.", field=field)


class FormatError(ConcombreError, ValueError):
    """A document (JSON, dict or record text) that cannot be loaded.

    Attributes:
        path: Where the offending value is: a JSON path such as
            ``"$.hands[2][0]"``, or ``"line 7"`` in a text record.
        reason: What was wrong and what was expected there.
        ruling: The ruling the document breaks, if it is a rule (``"C7"``...).

    Examples:
        >>> from concombre import FormatError, from_json
        >>> try:
        ...     from_json('{"format": "concombre.card/1", "card": "1H"}')
        ... except FormatError as err:
        ...     print(err.path)
        $.card
    """

    def __init__(self, reason: str, path: str = "$", ruling: str | None = None) -> None:
        self.path = path
        super().__init__(f"{path}: {reason}", ruling)
        self.reason = reason


def json_type(value: object) -> str:
    """What a loaded JSON value is, in words, for a refusal that says what it found (a game's codec hooks too).

    Examples:
        >>> json_type([1]), json_type(None), json_type(2.5)
        ('an array', 'null', 'a number')
    """
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean", type(None): "null"}
    if type(value) in names:
        return names[type(value)]
    return "a number" if isinstance(value, (int, float)) else type(value).__name__


class naming:  # noqa: N801 - used as a function: ``with naming("deck"):``
    """Name ``field`` on any `InvalidArgumentError` raised inside, keeping its reason and ruling.

    For a value read from inside an argument: a card of a deck is refused as the ``deck``. A class rather than
    a generator, so that entering it costs next to nothing on the paths that read many cards.

    Examples:
        >>> from concombre import Card
        >>> try:
        ...     with naming("deck"):
        ...         Card.parse("1H")
        ... except InvalidArgumentError as err:
        ...     print(err.field, err.ruling)
        deck C2
    """

    __slots__ = ("_field",)

    def __init__(self, field: str) -> None:
        self._field = field

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, error: BaseException | None, trace: object) -> None:
        if isinstance(error, InvalidArgumentError) and error.field != self._field:
            raise error.about(self._field) from None
