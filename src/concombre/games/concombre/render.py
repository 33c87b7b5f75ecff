"""Pictures of a game of Concombre: the hands, the trick with who played what, the score sheet (C9-C11).

`picture` takes a state (every hand shown) or one seat's view (its own hand
shown, the others as counts) and gives a `concombre.core.render.Picture`,
which `concombre.core.render` draws as text or SVG. States and views show it
in notebooks (``_repr_html_``, ``_repr_svg_``) and as ``str()``.

This module reads states and views by their attributes, so that the state and
view modules can offer the pictures without an import circle.

Examples:
    >>> from concombre import deal, new_game, view
    >>> state = deal(new_game(["Ann", "Bob"], seed=3))
    >>> print(str(view(state, 0)).splitlines()[0])
    Concombre, round 1: Bob to play (Ann's view)
"""

from __future__ import annotations

from typing import Any

from concombre.core.cards import Card
from concombre.core.errors import require_kind
from concombre.core.i18n import N_, _, ngettext
from concombre.core.render import (
    Face,
    Picture,
    Row,
    Waits,
    card_name,
    hand_rows,
    pictured_table,
    rank_label,
    viewer,
    waiting_words,
)
from concombre.core.words import card_text, cards_text, person

__all__ = ["card_face", "picture"]

def card_face(card: Card, caption: str | None = None) -> Face:
    """A card as pictures show it: ``10`` for the ten, its name as the title.

    Examples:
        >>> from concombre import Card
        >>> card_face(Card.parse("TD"))
        Face(rank='10', suit='D', title='ten of diamonds', caption=None, key='TD')
    """
    require_kind(card, Card, "card", "a Card, such as Card.parse('QH')")
    return Face(rank_label(card.rank), card.suit.value, card_name(card.rank, card.suit.value), caption, str(card))


def picture(table: Any) -> Picture:
    """The picture of a state (every hand) or of a seat's view (its own hand; the others as counts).

    Examples:
        >>> from concombre import deal, new_game
        >>> from concombre.core.render import picture_text
        >>> print(picture_text(picture(deal(new_game(["Ann", "Bob"], seed=3)))))  # doctest: +ELLIPSIS
        Concombre, round 1: Bob to play
          Ann: ...
          Bob: ...
          Trick:
          Ann: 0 points
          Bob: 0 points
    """
    pictured_table(table, __package__, "Concombre")
    names = table.players
    seat = getattr(table, "seat", None)  # a view has a seat; a state shows every hand
    title = _("Concombre, round {round}: {waiting}", round=table.round_number, waiting=_waiting(table))
    title += viewer(names, seat)
    seated = [other for other in range(len(names)) if not table.eliminated[other]]
    hand = (lambda other: tuple(map(card_face, table.hand(other)))) if seat is None else (
        lambda other: tuple(map(card_face, table.hand)))
    rows = hand_rows(names, seat, seated, hand, table.hand_sizes)
    rows.append(Row(_("Trick"), tuple(card_face(card, person(names[player])) for player, card in table.trick)))
    if seat is not None and table.legal_plays:
        rows.append(Row(_("You may play"), tuple(card_face(card) for card in table.legal_plays)))
    return Picture(title, tuple(rows), _score_sheet(table))


_WAITS: Waits = {
    "play": (N_("{name} to play"), lambda table: table.to_play),
    "deal": (N_("{name} to deal"), lambda table: table.dealer),
    "trick complete": (N_("the trick is complete"), None),
}


def _waiting(table: Any) -> str:
    return waiting_words(table, _WAITS, N_("game over, {name} wins (C13)"), N_("the round is over"))


def _score_sheet(table: Any) -> tuple[str, ...]:
    lines = []
    for seat, name in enumerate(table.players):
        parts = [ngettext("{name}: {n} point", "{name}: {n} points", table.scores[seat], name=person(name))]
        if table.penalty_cards[seat]:
            cards = cards_text(table.penalty_cards[seat])
            parts.append(_("penalty cards {cards}", cards=cards))
        if table.eliminated[seat]:
            parts.append(_("eliminated (C11)"))
        elif table.half_cucumber[seat]:
            parts.append(_("half cucumber (C10)"))
        lines.append(", ".join(parts))
    result = table.last_result
    if result is not None:
        lines.append(_("Last round: {name} took the last trick with {card}, {penalty} penalty points (C9)",
                       name=person(table.players[result.loser]), card=card_text(result.card), penalty=result.penalty))
    return tuple(lines)
