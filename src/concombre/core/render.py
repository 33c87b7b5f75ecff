"""Pictures of a game: cards and tables as text (plain or coloured) and as SVG, drawn by the library's own code.

A game describes what is on the table as a `Picture`: rows of `Face` cards
(a hand, a trick with who played what, a meld with what each joker stands
for), each row with a label, and lines of text (the score sheet). This module
draws any picture three ways:

- `picture_text`: lines of text with Unicode suits, coloured for a terminal
  when asked (see `colour_wanted`, which respects ``NO_COLOR``);
- `picture_svg`: an SVG document, every card drawn as a rounded rectangle with
  its rank and suit and a ``<title>`` that names it (screen readers read it);
- `picture_html`: the SVG and the lines as a small HTML fragment, for notebooks.

Nothing is fetched: no image asset, no font file. Each game's ``render``
module builds its pictures (`concombre.core.game.Game.render`); states and
views show them in notebooks through ``_repr_html_`` and ``_repr_svg_``.

Examples:
    >>> hand = (Face("Q", "H", "queen of hearts"), Face("10", "S", "ten of spades"))
    >>> picture = Picture("A hand", (Row("Ann", hand),))
    >>> print(picture_text(picture))
    A hand
      Ann: Q♥ 10♠
    >>> picture_svg(picture).startswith("<svg")
    True
"""

from __future__ import annotations

import functools
import html
import math
import os
import re
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any

import attrs

from concombre.core.cards import Rank, Suit
from concombre.core.errors import InvalidArgumentError
from concombre.core.i18n import N_, _, ngettext
from concombre.core.words import YOU, person

__all__ = [
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "Face",
    "Picture",
    "Pictured",
    "Row",
    "SheetLine",
    "Waits",
    "card_count",
    "card_name",
    "card_svg",
    "colour_wanted",
    "face_svg",
    "face_text",
    "hand_rows",
    "own_label",
    "paint_suits",
    "picture_document",
    "picture_html",
    "picture_svg",
    "picture_text",
    "pictured_table",
    "rank_label",
    "rank_word",
    "viewer",
    "waiting_words",
    "without_hands",
]

SUIT_SYMBOLS = {suit.value: suit.symbol for suit in Suit}
"""The Unicode symbol of each suit letter.

Examples:
    >>> SUIT_SYMBOLS["H"]
    '♥'
"""

SUIT_NAMES = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
"""The English name of each suit letter (the catalog key: `card_name` translates it).

Examples:
    >>> SUIT_NAMES["S"]
    'spades'
"""

_RED = frozenset("DH")

_RANK_WORDS = {
    Rank.TWO: N_("two"), Rank.THREE: N_("three"), Rank.FOUR: N_("four"), Rank.FIVE: N_("five"), Rank.SIX: N_("six"),
    Rank.SEVEN: N_("seven"), Rank.EIGHT: N_("eight"), Rank.NINE: N_("nine"), Rank.TEN: N_("ten"),
    Rank.JACK: N_("jack"), Rank.QUEEN: N_("queen"), Rank.KING: N_("king"), Rank.ACE: N_("ace"),
}


def rank_label(rank: Rank) -> str:
    """A rank as a card's corner shows it: ``10`` for the ten, else its symbol.

    Examples:
        >>> rank_label(Rank.TEN), rank_label(Rank.QUEEN)
        ('10', 'Q')
    """
    return rank.label


def rank_word(rank: Rank) -> str:
    """A rank in words, in the current language, for a card's title: ``queen``.

    Examples:
        >>> rank_word(Rank.ACE)
        'ace'
    """
    return _(_RANK_WORDS[rank])


def card_name(rank: Rank, suit: str) -> str:
    """A card in words, in the current language: ``queen of hearts`` (``Queen hati`` in Indonesian).

    Examples:
        >>> from concombre.core.i18n import use_language
        >>> card_name(Rank.QUEEN, "H")
        'queen of hearts'
        >>> with use_language("id"):
        ...     card_name(Rank.QUEEN, "H")
        'Queen hati'
    """
    return _("{rank} of {suit}", rank=rank_word(rank), suit=_(SUIT_NAMES[suit]))


def card_count(cards: int) -> str:
    """``"1 card"``, ``"7 cards"``: how rows and notes count cards.

    Examples:
        >>> card_count(1), card_count(0)
        ('1 card', '0 cards')
    """
    return ngettext("{n} card", "{n} cards", cards)


@attrs.frozen
class Face:
    """One card as a picture shows it.

    Attributes:
        rank: What the corner shows: ``"Q"``, ``"10"``, ``"A"``; ``""`` for a
            joker; ``"?"`` for a card face down.
        suit: The suit letter (``"C"``, ``"D"``, ``"H"``, ``"S"``), or None
            for a joker or a card face down.
        title: The card in words (``"queen of hearts"``), for the SVG's
            ``<title>`` and screen readers.
        caption: A word under the card: who played it, what a joker stands for.
        key: The card as records and documents write it (``"QH"``, ``"QH2"``,
            ``"JK1"``), so that a front end can act on the card it shows;
            None for a card face down.

    Examples:
        >>> Face("", None, "joker", "as 7♥", key="JK1").caption
        'as 7♥'
    """

    rank: str
    suit: str | None
    title: str
    caption: str | None = None
    key: str | None = None

    @property
    def red(self) -> bool:
        """Whether the card is printed in red (diamonds and hearts)."""
        return self.suit in _RED

    @property
    def joker(self) -> bool:
        """Whether the card is a joker."""
        return self.rank == "" and self.suit is None


@attrs.frozen
class Row:
    """A labelled row of cards: a hand, a trick, a meld, the discard pile.

    Attributes:
        label: What the row is (``"Your hand"``, ``"Trick"``, ``"Meld 1: run"``).
        faces: The cards, in order.
        note: Text after the cards (``"12 cards"``, ``"Ann's"``).

    Examples:
        >>> Row("Stock", (), "31 cards").note
        '31 cards'
    """

    label: str
    faces: tuple[Face, ...]
    note: str = ""


@attrs.frozen
class Picture:
    """What a table shows: a title, rows of cards and lines of text (the score sheet).

    Attributes:
        title: One line on top (``"Concombre, round 2: Bob to play"``).
        rows: The rows of cards.
        lines: Lines of text under the cards.

    Examples:
        >>> Picture("Round 1", (), ("Ann 0",)).lines
        ('Ann 0',)
    """

    title: str
    rows: tuple[Row, ...]
    lines: tuple[str, ...] = ()


def own_label(name: str) -> str:
    """The label of the row of a view's own hand: ``"Ann (you)"``, or just ``"You"``.

    Examples:
        >>> own_label("Ann"), own_label("You")
        ('Ann (you)', 'You')
    """
    return person(name) if name == YOU else _("{name} (you)", name=name)


def viewer(names: Sequence[str], seat: int | None) -> str:
    """What a picture's title adds for a seat's view: ``" (Ann's view)"``, ``" (your view)"``; nothing for a state.

    Examples:
        >>> viewer(["Ann", "Bob"], 0), viewer(["You", "Bob"], 0), viewer(["Ann"], None)
        (" (Ann's view)", ' (your view)', '')
    """
    if seat is None:
        return ""
    return " " + (_("(your view)") if names[seat] == YOU else _("({name}'s view)", name=names[seat]))


def hand_rows(names: Sequence[str], seat: int | None, seated: Iterable[int], hand: Callable[[int], Sequence[Face]],
              sizes: Sequence[int]) -> list[Row]:
    """A row for each seated player's hand: every hand face up for a state (``seat`` None); for a seat's view,
    its own hand (`own_label`) and of the others only how many cards they hold.

    Args:
        names: The players' names.
        seat: Whose view it is, or None for a state.
        seated: The seats to show, in order (players still in the game).
        hand: The faces of a seat's hand (asked for every seat of a state, for the viewer's alone in a view).
        sizes: How many cards each seat holds.

    Examples:
        >>> two = (Face("2", "C", "two of clubs"),)
        >>> [row.note for row in hand_rows(["Ann", "Bob"], 0, [0, 1], lambda seat: two, [1, 5])]
        ['1 card', 'holds 5 cards']
    """
    rows = []
    for other in seated:
        if seat is None or other == seat:
            faces = tuple(hand(other))
            rows.append(Row(names[other] if seat is None else own_label(names[other]), faces, card_count(len(faces))))
        else:
            rows.append(Row(names[other], (), _("holds {cards}", cards=card_count(sizes[other]))))
    return rows


def without_hands(picture: Picture, players: tuple[str, ...] | list[str]) -> Picture:
    """The picture with the players' hands face down: each player's row shows how many cards, not which.

    Examples:
        >>> hand = Row("Ann", (Face("2", "C", "two of clubs"),), "1 card")
        >>> without_hands(Picture("Table", (hand,)), ["Ann"]).rows[0]
        Row(label='Ann', faces=(), note='holds 1 card')
    """
    names = set(players)
    rows = tuple(
        Row(row.label, (), _("holds {cards}", cards=card_count(len(row.faces))))
        if row.label in names else row
        for row in picture.rows
    )
    return attrs.evolve(picture, rows=rows)


def colour_wanted(stream: IO[str] | Any = None) -> bool:
    """Whether to colour text for ``stream``: not when ``NO_COLOR`` is set (https://no-color.org), nor when it
    is not a terminal; ``FORCE_COLOR`` forces it.

    Examples:
        >>> import io
        >>> colour_wanted(io.StringIO())
        False
    """
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def face_text(face: Face, colour: bool = False) -> str:
    """A card in a few characters: ``Q♥``, ``10♠``, ``🃏`` for a joker, red suits in red when ``colour``.

    Examples:
        >>> face_text(Face("Q", "H", "queen of hearts")), face_text(Face("", None, "joker"))
        ('Q♥', '🃏')
        >>> face_text(Face("Q", "H", "queen of hearts"), colour=True)
        '\\x1b[31mQ♥\\x1b[0m'
    """
    if face.joker:
        text = "🃏"
    elif face.suit is None:
        text = face.rank or "?"
    else:
        text = f"{face.rank}{SUIT_SYMBOLS[face.suit]}"
    if face.caption:
        text += f"({face.caption})"
    return f"\x1b[31m{text}\x1b[0m" if colour and face.red else text


_RED_WORD = re.compile(r"\S*[♥♦]\S*")


def paint_suits(line: str) -> str:
    """``line`` with every word holding a red suit symbol (♥ ♦) in red, for a terminal that shows colour.

    Examples:
        >>> paint_suits("Q♥ 10♠")
        '\\x1b[31mQ♥\\x1b[0m 10♠'
    """
    return _RED_WORD.sub(lambda word: f"\x1b[31m{word.group(0)}\x1b[0m", line)


def picture_text(picture: Picture, colour: bool = False) -> str:
    """The picture as lines of text, one row a line.

    Examples:
        >>> print(picture_text(Picture("Trick", (Row("Trick", (Face("9", "C", "nine of clubs", "Ann"),)),))))
        Trick
          Trick: 9♣(Ann)
    """
    lines = [picture.title]
    for row in picture.rows:
        cards = " ".join(face_text(face, colour) for face in row.faces)
        text = f"  {row.label}: {cards}".rstrip()
        if row.note:
            text += f" ({row.note})" if row.faces else f" {row.note}"
        lines.append(text)
    lines += [f"  {line}" for line in picture.lines]
    return "\n".join(lines)


# -- SVG ------------------------------------------------------------------------------------

CARD_WIDTH, CARD_HEIGHT, GAP = 44, 62, 6
_LABEL_WIDTH, _ROW_HEIGHT, _TITLE_HEIGHT, _LINE_HEIGHT = 150, 92, 30, 18


def card_svg(face: Face, x: int, y: int) -> str:
    """One card as an SVG group at (x, y): a rounded rectangle, the rank and suit in two corners, a ``<title>``.

    Examples:
        >>> print(card_svg(Face("Q", "H", "queen of hearts"), 0, 0).splitlines()[1])
          <title>queen of hearts</title>
    """
    colour = "#c0392b" if face.red else "#1b1b1b"
    if face.suit is None:
        mark, corner = "", ""
    else:
        mark, corner = SUIT_SYMBOLS[face.suit], f"{face.rank}{SUIT_SYMBOLS[face.suit]}"
    back = face.suit is None and not face.joker
    fill = "#2c5d8f" if back else "#fffdf7"
    parts = [
        f'<g class="card" transform="translate({x},{y})">',
        f"  <title>{html.escape(face.title)}</title>",
        f'  <rect width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" fill="{fill}" stroke="#555" stroke-width="1"/>',
    ]
    if face.joker:  # shapes, not a character: a viewer without an emoji font draws it the same
        parts += [_star(CARD_WIDTH / 2, CARD_HEIGHT / 2, 14, "#6a1b9a"), _star(9, 10, 5, "#6a1b9a"),
                  _star(CARD_WIDTH - 9, CARD_HEIGHT - 10, 5, "#6a1b9a")]
    elif not back:
        parts += [
            f'  <text x="4" y="14" font-size="12" font-family="sans-serif" fill="{colour}">'
            f"{html.escape(corner)}</text>",
            f'  <text x="{CARD_WIDTH // 2}" y="{CARD_HEIGHT // 2 + 8}" font-size="22" text-anchor="middle" '
            f'font-family="sans-serif" fill="{colour}">{html.escape(mark)}</text>',
            f'  <text x="{CARD_WIDTH - 4}" y="{CARD_HEIGHT - 5}" font-size="12" text-anchor="end" '
            f'font-family="sans-serif" fill="{colour}">{html.escape(corner)}</text>',
        ]
    if face.caption:
        parts.append(f'  <text x="{CARD_WIDTH // 2}" y="{CARD_HEIGHT + 14}" font-size="11" text-anchor="middle" '
                     f'font-family="sans-serif" fill="#333">{html.escape(face.caption)}</text>')
    parts.append("</g>")
    return "\n".join(parts)


def _star(x: float, y: float, radius: float, colour: str) -> str:
    """A five-pointed star centred on (x, y), as an SVG polygon."""
    points = []
    for point in range(10):
        reach = radius if point % 2 == 0 else radius * 0.42
        angle = math.pi * point / 5 - math.pi / 2
        points.append(f"{x + reach * math.cos(angle):.1f},{y + reach * math.sin(angle):.1f}")
    return f'  <polygon points="{" ".join(points)}" fill="{colour}"/>'


def face_svg(face: Face) -> str:
    """One card as a standalone SVG image, its caption under it; ``role="img"`` and a ``<title>`` name it.

    Examples:
        >>> import xml.etree.ElementTree as ET
        >>> root = ET.fromstring(face_svg(Face("", None, "joker", "as 7♥")))
        >>> root.get("viewBox"), root.get("aria-label")
        ('0 0 44 78', 'joker, as 7♥')
    """
    height = CARD_HEIGHT + (16 if face.caption else 0)
    name = html.escape(f"{face.title}, {face.caption}" if face.caption else face.title, quote=True)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{CARD_WIDTH}" height="{height}" '
            f'viewBox="0 0 {CARD_WIDTH} {height}" role="img" aria-label="{name}">\n'
            f"{card_svg(face, 0, 0)}\n</svg>")


_drawn = functools.lru_cache(maxsize=4096)(face_svg)  # a page's message draws the same few dozen faces again


def picture_svg(picture: Picture) -> str:
    """The picture as a standalone SVG document: the title, each row's label and cards, the lines of text.

    Examples:
        >>> import xml.etree.ElementTree as ET
        >>> svg = picture_svg(Picture("Hand", (Row("Ann", (Face("A", "S", "ace of spades"),)),)))
        >>> root = ET.fromstring(svg)
        >>> root.tag, [title.text for title in root.iter("{http://www.w3.org/2000/svg}title")]
        ('{http://www.w3.org/2000/svg}svg', ['Hand', 'ace of spades'])
    """
    widest = max((len(row.faces) for row in picture.rows), default=0)
    # the labels' column as wide as its longest label or note, and the whole as wide as the title and the lines
    # (about 0.55 of a sans-serif font's size a character), so that nothing is clipped
    label_width = max([_LABEL_WIDTH, *(round(len(row.label) * 7.2) + 20 for row in picture.rows),
                       *(round(len(row.note) * 6.1) + 20 for row in picture.rows if row.note)])
    width = max([label_width + max(widest, 4) * (CARD_WIDTH + GAP) + 20, round(len(picture.title) * 8.6) + 20,
                 *(round(len(line) * 6.7) + 20 for line in picture.lines)])
    height = _TITLE_HEIGHT + len(picture.rows) * _ROW_HEIGHT + len(picture.lines) * _LINE_HEIGHT + 10
    body = [f'<rect width="{width}" height="{height}" rx="8" fill="#eef3ea"/>',  # the table: legible on dark pages
            f'<text x="10" y="20" font-size="15" font-weight="bold" font-family="sans-serif">'
            f"{html.escape(picture.title)}</text>"]
    y = _TITLE_HEIGHT
    for row in picture.rows:
        label = html.escape(row.label)
        body.append(f'<text x="10" y="{y + 24}" font-size="13" font-family="sans-serif">{label}</text>')
        if row.note:
            body.append(f'<text x="10" y="{y + 42}" font-size="11" font-family="sans-serif" fill="#555">'
                        f"{html.escape(row.note)}</text>")
        for number, face in enumerate(row.faces):
            body.append(card_svg(face, label_width + number * (CARD_WIDTH + GAP), y))
        y += _ROW_HEIGHT
    for line in picture.lines:
        body.append(f'<text x="10" y="{y + 13}" font-size="12" font-family="sans-serif">{html.escape(line)}</text>')
        y += _LINE_HEIGHT
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img">\n<title>{html.escape(picture.title)}</title>\n'
        + "\n".join(body) + "\n</svg>"
    )


def picture_html(picture: Picture) -> str:
    """The picture for a notebook or a web page: its SVG in a ``<figure>``, the lines as text a reader can copy.

    Examples:
        >>> picture_html(Picture("Round 1", (), ("Ann 0",))).startswith("<figure")
        True
    """
    lines = "".join(f"<li>{html.escape(line)}</li>" for line in picture.lines)
    return (f'<figure class="concombre-picture">{picture_svg(picture)}'
            f"<figcaption><ul>{lines}</ul></figcaption></figure>")


def picture_document(picture: Picture) -> dict[str, Any]:
    """The picture as a JSON-ready document, for a page that draws it: each card with its words, its corner
    label and its SVG (`face_svg`), and ``twin`` (1 or 2) when two cards of the same face are in view, so that
    the page tells them apart only then.

    Examples:
        >>> queens = (Face("Q", "H", "queen of hearts", key="QH1"), Face("Q", "H", "queen of hearts", key="QH2"))
        >>> document = picture_document(Picture("Round 1", (Row("Ann", queens, "2 cards"),), ("Ann: 0 points",)))
        >>> [(card["key"], card["label"], card["twin"]) for card in document["rows"][0]["cards"]]
        [('QH1', 'Q♥', 1), ('QH2', 'Q♥', 2)]
    """
    keys: dict[tuple[str, str | None, str], set[str]] = {}
    for row in picture.rows:
        for face in row.faces:
            if face.key is not None:
                keys.setdefault((face.rank, face.suit, face.title), set()).add(face.key)

    def card(face: Face) -> dict[str, Any]:
        same = sorted(keys.get((face.rank, face.suit, face.title), ()))
        label = "★" if face.joker else f"{face.rank}{SUIT_SYMBOLS.get(face.suit or '', '')}"
        return {"key": face.key, "label": label, "words": face.title, "caption": face.caption, "red": face.red,
                "joker": face.joker, "twin": same.index(face.key) + 1 if len(same) > 1 and face.key else None,
                "svg": _drawn(face)}

    return {"title": picture.title, "lines": list(picture.lines),
            "rows": [{"label": row.label, "note": row.note, "cards": [card(face) for face in row.faces]}
                     for row in picture.rows]}


class SheetLine(str):
    """A line of a score sheet: its text as a terminal shows it (aligned columns), and its ``cells``, so that a
    page can draw the sheet as a table. The first line of a sheet is its head.

    Attributes:
        cells: The line's columns, as text.

    Examples:
        >>> line = SheetLine.of("  Ann     14  AC", ("Ann", "14", "AC"))
        >>> line.strip(), line.cells
        ('Ann     14  AC', ('Ann', '14', 'AC'))
    """

    cells: tuple[str, ...]

    @classmethod
    def of(cls, text: str, cells: Sequence[str]) -> SheetLine:
        """The line ``text`` with its ``cells``."""
        line = cls(text)
        line.cells = tuple(cells)
        return line


def pictured_table(table: object, home: str, title: str) -> None:
    """Refuse, naming ``table``, what is not a state or a view of the game whose package is ``home``: a
    game's picture function asks this before drawing. Told by the classes' module rather than by the classes,
    which the game's state and view modules define by drawing themselves with that function.

    Examples:
        >>> from concombre import new_game
        >>> pictured_table(new_game(2, seed=1), "concombre.games.concombre", "Concombre")
        >>> try:
        ...     pictured_table(None, "concombre.games.concombre", "Concombre")
        ... except InvalidArgumentError as err:
        ...     print(err.field, "-", err.reason)
        table - table must be a Concombre State or View, not NoneType.
    """
    kind = type(table)
    if kind.__name__ not in ("State", "View") or kind.__module__ not in (f"{home}.state", f"{home}.views"):
        raise InvalidArgumentError(f"table must be a {title} State or View, not {kind.__name__}.", field="table")


class Pictured:
    """A mixin for states and views: ``str()`` draws the picture as text, and notebooks show it
    (``_repr_html_``, ``_repr_svg_``). A class implements ``_picture()``.

    Examples:
        >>> class Hand(Pictured):
        ...     def _picture(self):
        ...         return Picture("A hand", (Row("Ann", (Face("2", "C", "two of clubs"),)),))
        >>> print(Hand())
        A hand
          Ann: 2♣
        >>> "<title>two of clubs</title>" in Hand()._repr_svg_()
        True
    """

    __slots__ = ()

    def _picture(self) -> Picture:
        raise NotImplementedError

    def __str__(self) -> str:
        return picture_text(self._picture())

    def _repr_svg_(self) -> str:
        return picture_svg(self._picture())

    def _repr_html_(self) -> str:
        return picture_html(self._picture())


Waits = dict[str, tuple[str, Callable[[Any], int] | None]]
"""What a game waits for in each phase (by its value): a sentence marked with ``N_``, and who it names
(``{name}``: the seat to play, the dealer...), or None; for `waiting_words`.

Examples:
    >>> waits: Waits = {"deal": (N_("{name} to deal"), lambda table: table.dealer)}
    >>> sorted(waits)
    ['deal']
"""


def waiting_words(table: Any, waits: Waits, game_over: str, otherwise: str) -> str:
    """What ``table`` (a state or a view) waits for, in words for a picture's title: ``game_over`` (naming the
    winner) once there is one, else the sentence ``waits`` gives its phase, else ``otherwise``.

    Examples:
        >>> from concombre import new_game
        >>> waits = {"deal": (N_("{name} to deal"), lambda table: table.dealer)}
        >>> waiting_words(new_game(["Ann", "Bob"], seed=1), waits, N_("{name} wins"), N_("the round is over"))
        'Ann to deal'
    """
    names = [person(name) for name in table.players]
    if table.winner is not None:
        return _(game_over, name=names[table.winner])
    sentence, seat = waits.get(table.phase.value, (otherwise, None))
    return _(sentence) if seat is None else _(sentence, name=names[seat(table)])
