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

from concombre.core.render import (
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Face,
    Picture,
    Row,
    card_count,
    hand_rows,
    rank_label,
    rank_word,
    viewer,
)
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.melds import Meld

__all__ = ["card_face", "card_words", "picture"]

def card_words(card: RommeCard) -> str:
    """A card in words: ``queen of hearts``, ``joker``.

    Examples:
        >>> card_words(RommeCard.parse("QH2")), card_words(RommeCard.joker(1))
        ('queen of hearts', 'joker')
    """
    if card.rank is None or card.suit is None:
        return "joker"
    return f"{rank_word(card.rank)} of {SUIT_NAMES[card.suit.value]}"


def card_face(card: RommeCard, caption: str | None = None) -> Face:
    """A card as pictures show it; a joker has no rank and no suit.

    Examples:
        >>> card_face(RommeCard.parse("TS1")).rank, card_face(RommeCard.joker(2)).title
        ('10', 'joker')
    """
    if card.rank is None or card.suit is None:
        return Face("", None, "joker", caption, str(card))
    return Face(rank_label(card.rank), card.suit.value, card_words(card), caption, str(card))


def _meld_faces(meld: Meld) -> tuple[Face, ...]:
    faces = []
    for place in meld.places:
        caption = None
        if place.card.is_joker:  # what it stands for (R10): a set's joker stands for any suit the set lacks
            caption = f"as {rank_label(place.rank)}{SUIT_SYMBOLS[place.suit.value] if place.suit else ''}"
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
    names = table.players
    seat = getattr(table, "seat", None)  # a view has a seat; a state shows every hand
    title = f"German Rommé, round {table.round_number}"
    if not table.in_tie_break:
        title += f" of {len(names)}"
    title += f": {_waiting(table)}{viewer(names, seat)}"
    hand = (lambda other: tuple(map(card_face, table.hands[other]))) if seat is None else (
        lambda other: tuple(map(card_face, table.hand)))
    sizes = table.hand_sizes if seat is not None else [len(cards) for cards in table.hands]
    rows = hand_rows(names, seat, [other for other in range(len(names)) if other in table.contenders], hand, sizes)
    pile = table.discard_pile
    rows.append(Row("Discard pile", (card_face(pile[-1]),) if pile else (), card_count(len(pile))))
    stock = table.stock_size if seat is not None else len(table.stock)
    rows.append(Row("Stock", (), card_count(stock) + (f", rebuilt {table.rebuilds}x" if table.rebuilds else "")))
    for number, meld in enumerate(table.melds, start=1):
        owners = sorted({names[place.owner] for place in meld.places})
        rows.append(Row(f"Meld {number} ({meld.kind})", _meld_faces(meld), ", ".join(owners)))
    return Picture(title, tuple(rows), _score_sheet(table))


def _waiting(table: Any) -> str:
    names, phase = table.players, table.phase.value
    if table.winner is not None:
        return f"game over, {names[table.winner]} wins (R14)"
    if phase == "draw":
        return f"{names[table.to_play]} to draw"
    if phase == "play":
        return f"{names[table.to_play]} to meld, lay off or discard"
    if phase == "deal":
        return f"{names[table.dealer]} to deal"
    return "the round is over"


def _score_sheet(table: Any) -> tuple[str, ...]:
    lines = []
    for seat, name in enumerate(table.players):
        line = f"{name}: {table.scores[seat]} points, {'opened' if table.opened[seat] else 'not opened'}"
        if table.in_tie_break and seat in table.contenders:
            line += f", {table.tie_break_points[seat]} tie-break points (R14a)"
        lines.append(line)
    result = table.last_result
    if result is not None:
        out = "nobody went out (R12)" if result.out is None else f"{table.players[result.out]} went out"
        scored = ", ".join(f"{name} {points:+d}" for name, points in zip(table.players, result.scores,
                                                                          strict=True))
        lines.append(f"Round {result.round_number}: {out}; {scored} (R13)")
    return tuple(lines)

