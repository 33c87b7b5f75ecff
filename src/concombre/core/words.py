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

from concombre.core.i18n import _

__all__ = ["YOU", "card_text", "cards_text", "clause", "person"]

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
