"""Pictures of a game of German Rommé: the melds on the table with what each joker stands for, the discard
pile, the stock, the hands and the score sheet with who has opened (R8, R13, R14a).

`picture` takes a state (every hand shown) or one seat's view (its own hand
shown, the others as counts) and gives a `concombre.core.render.Picture`. It
reads states and views by their attributes, so that they can offer their
pictures (``str()``, ``_repr_html_``, ``_repr_svg_``) without an import circle.

Examples:
    >>> from concombre.games.romme import deal, new_game, view
    >>> print(str(view(deal(new_game(["Ann", "Bob"], seed=3)), 0)).splitlines()[0])
    German Rommé, round 1 of 2: Bob to draw (Ann's view)
"""

from __future__ import annotations

from typing import Any

from concombre.core.errors import require_kind
from concombre.core.i18n import N_, _, ngettext
from concombre.core.render import (
    SUIT_SYMBOLS,
    Face,
    Picture,
    Row,
    Waits,
    card_count,
    card_name,
    hand_rows,
    pictured_table,
    rank_label,
    viewer,
    waiting_words,
)
from concombre.core.words import person
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.melds import Meld

__all__ = ["card_face", "card_words", "meld_faces", "picture"]

def card_words(card: RommeCard) -> str:
    """A card in words: ``queen of hearts``, ``joker``.

    Examples:
        >>> card_words(RommeCard.parse("QH2")), card_words(RommeCard.joker(1))
        ('queen of hearts', 'joker')
    """
    require_kind(card, RommeCard, "card", "a Rommé card, such as RommeCard.parse('QH1')")
    if card.rank is None or card.suit is None:
        return _("joker")
    return card_name(card.rank, card.suit.value)


def card_face(card: RommeCard, caption: str | None = None) -> Face:
    """A card as pictures show it; a joker has no rank and no suit.

    Examples:
        >>> card_face(RommeCard.parse("TS1")).rank, card_face(RommeCard.joker(2)).title
        ('10', 'joker')
    """
    require_kind(card, RommeCard, "card", "a Rommé card, such as RommeCard.parse('QH1')")
    if card.rank is None or card.suit is None:
        return Face("", None, _("joker"), caption, str(card))
    return Face(rank_label(card.rank), card.suit.value, card_words(card), caption, str(card))


def meld_faces(meld: Meld) -> tuple[Face, ...]:
    """A meld's cards as pictures show them, each joker captioned with what it stands for (R10): a run's joker
    its card, a set's joker its rank (it stands for any suit the set lacks).

    Examples:
        >>> from concombre.romme import cards_of, make_meld
        >>> [face.caption for face in meld_faces(make_meld(cards_of("3S1 4S1 JK1 6S1"), owner=0))]
        [None, None, 'as 5♠', None]
    """
    require_kind(meld, Meld, "meld", "a Meld on the table (see make_meld)")
    faces = []
    for place in meld.places:
        caption = None
        if place.card.is_joker:  # what it stands for (R10): a set's joker stands for any suit the set lacks
            stands = f"{rank_label(place.rank)}{SUIT_SYMBOLS[place.suit.value] if place.suit else ''}"
            caption = _("as {card}", card=stands)
        faces.append(card_face(place.card, caption))
    return tuple(faces)


def picture(table: Any) -> Picture:
    """The picture of a state (every hand) or of a seat's view (its own hand; the others as counts).

    Examples:
        >>> from concombre.games.romme import deal, new_game
        >>> from concombre.core.render import picture_text
        >>> print(picture_text(picture(deal(new_game(["Ann", "Bob"], seed=3)))))  # doctest: +ELLIPSIS
        German Rommé, round 1 of 2: Bob to draw
          Ann: ... (13 cards)
          Bob: ... (13 cards)
          Discard pile: ... (1 card)
          Stock: 81 cards
          Ann: 0 points, not opened
          Bob: 0 points, not opened
    """
    pictured_table(table, __package__, "German Rommé")
    names = table.players
    seat = getattr(table, "seat", None)  # a view has a seat; a state shows every hand
    if table.in_tie_break:
        title = _("German Rommé, round {round}: {waiting}", round=table.round_number, waiting=_waiting(table))
    else:
        title = _("German Rommé, round {round} of {rounds}: {waiting}", round=table.round_number, rounds=len(names),
                  waiting=_waiting(table))
    title += viewer(names, seat)
    hand = (lambda other: tuple(map(card_face, table.hands[other]))) if seat is None else (
        lambda other: tuple(map(card_face, table.hand)))
    sizes = table.hand_sizes if seat is not None else [len(cards) for cards in table.hands]
    rows = hand_rows(names, seat, [other for other in range(len(names)) if other in table.contenders], hand, sizes)
    pile = table.discard_pile
    rows.append(Row(_("Discard pile"), (card_face(pile[-1]),) if pile else (), card_count(len(pile))))
    stock = table.stock_size if seat is not None else len(table.stock)
    rebuilt = ", " + _("rebuilt {times}x", times=table.rebuilds) if table.rebuilds else ""
    rows.append(Row(_("Stock"), (), card_count(stock) + rebuilt))
    for number, meld in enumerate(table.melds, start=1):
        owners = sorted({person(names[place.owner]) for place in meld.places})
        label = _(N_("Meld {number} (run)") if meld.kind == "run" else N_("Meld {number} (set)"), number=number)
        rows.append(Row(label, meld_faces(meld), ", ".join(owners)))
    return Picture(title, tuple(rows), _score_sheet(table))


_WAITS: Waits = {
    "draw": (N_("{name} to draw"), lambda table: table.to_play),
    "play": (N_("{name} to meld, lay off or discard"), lambda table: table.to_play),
    "deal": (N_("{name} to deal"), lambda table: table.dealer),
}


def _waiting(table: Any) -> str:
    return waiting_words(table, _WAITS, N_("game over, {name} wins (R14)"), N_("the round is over"))


def _score_sheet(table: Any) -> tuple[str, ...]:
    lines = []
    for seat, name in enumerate(table.players):
        points = ngettext("{name}: {n} point", "{name}: {n} points", table.scores[seat], name=person(name))
        line = f"{points}, " + (_("opened") if table.opened[seat] else _("not opened"))
        if table.in_tie_break and seat in table.contenders:
            line += ", " + _("{points} tie-break points (R14a)", points=table.tie_break_points[seat])
        lines.append(line)
    result = table.last_result
    if result is not None:
        out = _("nobody went out (R12)") if result.out is None else _(
            "{name} went out", name=person(table.players[result.out]))
        scored = ", ".join(f"{person(name)} {points:+d}" for name, points in zip(table.players, result.scores,
                                                                                  strict=True))
        lines.append(_("Round {round}: {out}; {scored} (R13)", round=result.round_number, out=out, scored=scored))
    return tuple(lines)
