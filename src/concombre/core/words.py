"""Words for the stories: sentences whose subject is a player, in the current language.

The terminal seats the person under the name `YOU`; a sentence about them is
the catalog's "you" sentence ("You deal 7 cards each"), a sentence about any
other player the catalog's third-person one ("Ann deals 7 cards each"). Each
is a whole sentence in the catalog, so a translation never glues words.

Examples:
    >>> from concombre.core.i18n import N_
    >>> deals = N_("{name} deals {count} cards each"), N_("You deal {count} cards each")
    >>> clause("Ann", *deals, count=7), clause("You", *deals, count=7)
    ('Ann deals 7 cards each', 'You deal 7 cards each')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from concombre.core.i18n import N_, _

__all__ = ["MOST_DIGITS", "YOU", "card_text", "cards_text", "clause", "count_word", "person", "whole_number"]

YOU = "You"
"""The name of the person at a terminal table, whose sentences take the "you" form.

Examples:
    >>> YOU
    'You'
"""


def person(name: str) -> str:
    """A player's name as a sentence shows it: `YOU` in the current language, any other name as it is.

    Examples:
        >>> from concombre.core.i18n import use_language
        >>> with use_language("id"):
        ...     person("You"), person("Ann")
        ('Anda', 'Ann')
    """
    return _("You") if name == YOU else name


def clause(name: str, third: str, you: str, /, **fields: object) -> str:
    """The sentence about ``name``: ``you`` (translated) for `YOU`, else ``third`` with ``{name}`` filled in.

    Mark both sentences with `concombre.core.i18n.N_` so that the catalog holds them.

    Examples:
        >>> clause("Bob", "{name} lays off {card}", "You lay off {card}", card="7H")
        'Bob lays off 7H'
    """
    if name == YOU:
        return _(you, **fields)
    return _(third, name=name, **fields)


def card_text(card: Any) -> str:
    """A card as people write it, for every sentence a person reads: ``10♥``, ``K♠``; a Rommé card without its
    copy (``QH1`` and ``QH2`` are both ``Q♥``), and a joker as the word people use (``joker``, translated).

    A card's *code* (``TH``, ``QH1``, ``JK1``) is ``str(card)``: for files, JSON, records and tests.

    Examples:
        >>> from concombre import Card
        >>> from concombre.romme import RommeCard
        >>> card_text(Card.parse("TH")), card_text(RommeCard.parse("QS2")), card_text(RommeCard.joker(3))
        ('10♥', 'Q♠', 'joker')
    """
    if getattr(card, "is_joker", False):
        return _("joker")
    label = getattr(getattr(card, "rank", None), "label", None)
    symbol = getattr(getattr(card, "suit", None), "symbol", None)
    if not isinstance(label, str) or not isinstance(symbol, str):
        return str(card)  # a card of another model (another package's game): its own text
    return label + symbol


def cards_text(cards: Iterable[Any]) -> str:
    """Cards as people write them, one `card_text` each, apart by spaces: ``10♥ J♥ joker``.

    Examples:
        >>> from concombre import Card
        >>> cards_text([Card.parse("TH"), Card.parse("JH")])
        '10♥ J♥'
    """
    return " ".join(card_text(card) for card in cards)


MOST_DIGITS = 9
"""The most digits `whole_number` reads: past them, no count a person means at a card table (and ``int`` refuses
text past 4,300 digits).

Examples:
    >>> MOST_DIGITS
    9
"""


def whole_number(word: str) -> int | None:
    """The whole number ``word`` is as people type it, or None: ASCII digits only, at most `MOST_DIGITS` of them.

    ``str.isdigit`` also accepts ``'²'`` and ``'٣'``, which ``int`` reads or refuses: a reader asks this instead,
    and answers None with a sentence, never a bare ``ValueError``.

    Examples:
        >>> whole_number("12"), whole_number("007"), whole_number("²"), whole_number("-3"), whole_number("9" * 5000)
        (12, 7, None, None, None)
    """
    if len(word) <= MOST_DIGITS and word.isascii() and word.isdigit():
        return int(word)
    return None


# How many (copies a person named or holds...), in words; more than thirteen: as a number.
_COUNTS = (N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"),
           N_("nine"), N_("ten"), N_("eleven"), N_("twelve"), N_("thirteen"))


def count_word(number: int) -> str:
    """``number`` as a word of the current language, for a sentence ("You hold one 6♥, not four"): one to
    thirteen in words, any other number in digits.

    Examples:
        >>> from concombre.core.i18n import use_language
        >>> count_word(4), count_word(14), count_word(0)
        ('four', '14', '0')
        >>> with use_language("id"):
        ...     count_word(1)
        'satu'
    """
    return _(_COUNTS[number - 1]) if 1 <= number <= len(_COUNTS) else str(number)
