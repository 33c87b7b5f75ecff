"""Reading what people type: a Rommé action from text such as ``meld KH KS KD | AC 2C 3C`` or ``lay off 7H on 2``.

People leave out a card's copy (``QH`` is whichever queen of hearts the hand holds) and count melds and places
from 1, as the table shows them; the library's own lines (`~concombre.romme.action_text`) count from 0 and
name each copy. Both are read here, into the same actions.
"""

from __future__ import annotations

from concombre.core.cards import plain_card_text
from concombre.core.errors import FormatError, InvalidArgumentError
from concombre.core.i18n import _
from concombre.games.romme.actions import Action, DrawDiscard, DrawStock, parse_action
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.state import State
from concombre.games.romme.views import View

__all__ = ["read_action"]

_DRAWS: dict[str, type[DrawStock] | type[DrawDiscard]] = {
    "s": DrawStock, "stock": DrawStock, "draw": DrawStock, "draw stock": DrawStock,
    "d": DrawDiscard, "pile": DrawDiscard, "discard pile": DrawDiscard, "draw discard": DrawDiscard,
}
_NUMBERED = ("on", "at")  # the words before a meld's number (and after "at", a place's)


def read_action(table: State | View, text: str) -> Action:
    """The action ``text`` names, as the library prints it or as people type it.

    People's words: ``s`` or ``stock`` draws from the stock, ``d`` or ``pile`` takes the discard pile's top;
    ``meld KH KS KD | AC 2C 3C``; ``lay off 7H on 2 high``; ``exchange 5S at 1 3 then meld 9C 9D JK``;
    ``discard QH``; ``deal``; ``score``. A card may leave out its copy (the hand's card is meant, the first
    not yet named), and its suit may be a symbol (``Q♥``). Melds and places count from 1, as the table shows
    them (a record's line, `~concombre.romme.action_text`, counts from 0: read it with
    `~concombre.romme.parse_action`). It reads and does not judge: give the action to
    `~concombre.romme.refusal` or `~concombre.romme.apply` (with ``seat=``). ``table`` is the state or the
    view whose player typed it.

    Raises:
        FormatError: The text names no action; the reason says what is expected (``path`` is ``text``).
        InvalidArgumentError: ``table`` is not a Rommé state or view, or ``text`` is not text.

    Examples:
        >>> from concombre.romme import deal, draw_stock, new_game, view
        >>> state = draw_stock(deal(new_game(2, seed=3)))
        >>> read_action(state, "s")
        DrawStock()
        >>> seen = view(state, state.to_play)
        >>> read_action(seen, f"discard {str(seen.hand[0])[:2]}").card == seen.hand[0]
        True
        >>> read_action(seen, "lay off 7H1 on 2 high")      # meld 2 on the table is melds[1]
        LayOff(card=RommeCard.parse('7H1'), meld=1, end='high')
    """
    if not isinstance(table, (State, View)):
        raise InvalidArgumentError(f"table must be a Rommé State or View, not {table!r}.", field="table")
    if not isinstance(text, str):
        raise InvalidArgumentError(f"text must be what a person typed, not {text!r}.", field="text")
    draw = _DRAWS.get(" ".join(text.lower().split()))
    if draw is not None:
        return draw()
    try:
        return parse_action(_as_line(_hand(table), text))
    except FormatError as err:  # the cause, kept: a card that could not be read
        raise FormatError(err.reason, "text", err.ruling) from err.__cause__


def _hand(table: State | View) -> tuple[RommeCard, ...]:
    if isinstance(table, View):
        return table.hand
    return table.hands[table.to_play] if table.to_play is not None else ()


def _as_line(hand: tuple[RommeCard, ...], text: str) -> str:
    """``text`` as a text record writes it: each card given its copy, melds and places counted from 0."""
    words = text.replace("|", " | ").split()
    taken: set[RommeCard] = set()
    line = []
    for position, word in enumerate(words):
        before = words[position - 1].lower() if position else ""
        numbered = before in _NUMBERED or (position >= 2 and words[position - 2].lower() == "at")
        if word.isdigit() and numbered:
            line.append(str(int(word) - 1) if int(word) > 0 else "-1")
        else:
            line.append(_with_copy(word, hand, taken))
    if not line:
        raise FormatError(_("Type a move: s (stock), d (discard pile), meld, lay off, exchange or discard."))
    return " ".join(line)


def _with_copy(word: str, hand: tuple[RommeCard, ...], taken: set[RommeCard]) -> str:
    """``word`` with a card's copy added when it names a card without one: the first of the hand not yet taken."""
    plain = plain_card_text(word).replace("10", "T")
    if plain == "JK":
        matches = [card for card in hand if card.is_joker and card not in taken]
    elif len(plain) == 2 and plain[0] in "23456789TJQKA" and plain[1] in "CDHS":
        matches = [card for card in hand if str(card)[:2] == plain and card not in taken]
    else:
        named = _card_or_none(plain)
        if named is None:
            return word
        taken.add(named)  # a copy named: the copy-less words after it mean another
        return plain
    if not matches:
        return plain + "1" if plain != "JK" else "JK1"  # the parser names the card; the rules say it is not held
    taken.add(matches[0])
    return str(matches[0])


def _card_or_none(text: str) -> RommeCard | None:
    if not text[:1].isalnum() or not text[-1:].isdigit():  # words such as "on", "meld", "|": no card
        return None
    try:
        return RommeCard.parse(text)
    except InvalidArgumentError:
        return None
