"""Reading what people type: a Rommé action from text such as ``meld KH KS KD | AC 2C 3C`` or ``lay off 7H on 2``.

People leave out a card's copy (``QH`` or ``Q♥`` is whichever queen of hearts the hand holds, ``joker`` or ``JK``
any joker) and count melds and places from 1, as the table shows them and as every text of the library does (the
one convention, stated in `concombre.games.romme.actions`). `typed_text` writes an action that way; a record's line
(`~concombre.romme.action_text`) names each copy, and `read_action` reads it back as it is.
"""

from __future__ import annotations

from concombre.core.cards import plain_card_text
from concombre.core.errors import FormatError, IllegalActionError, InvalidArgumentError
from concombre.core.i18n import N_, _
from concombre.core.words import card_text, cards_text, person, whole_number
from concombre.games.romme.actions import (
    MOST_MELDS,
    Action,
    Discard,
    DrawDiscard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    MeldCards,
    action_text,
    parse_action,
)
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.melds import MOST_PLACES
from concombre.games.romme.refusals import counted_from_one, no_meld_there, no_place_there
from concombre.games.romme.state import Phase, State
from concombre.games.romme.views import View

__all__ = ["read_action", "typed_text"]

_DRAWS: dict[str, type[DrawStock] | type[DrawDiscard]] = {
    "s": DrawStock, "stock": DrawStock, "draw": DrawStock, "draw stock": DrawStock,
    "d": DrawDiscard, "pile": DrawDiscard, "discard pile": DrawDiscard, "draw discard": DrawDiscard,
}
# The words of an action line that are no card (the grammar of `~concombre.romme.parse_action`).
_KEYWORDS = frozenset({"meld", "lay", "off", "on", "at", "then", "exchange", "discard", "low", "high", "draw",
                       "stock", "deal", "score", "|"})
_NUMBERED = ("on", "at")  # the words before a meld's number (and after "at", a place's)

# How each move is written, said to a person who started one and lost the way.
_FORMS = {
    "meld": N_("Write meld then each meld's cards, melds set apart with |: meld Q♥ Q♠ Q♦ | 7♣ 8♣ 9♣."),
    "lay": N_("Write lay off, the card, on and the meld's number, and low or high for a run's end: lay off 7♥ on 2 "
              "high."),
    "exchange": N_("Write exchange, the card, at, the meld's number and the joker's place, then meld and the "
                   "joker's new meld: exchange 5♠ at 1 3 then meld 9♣ 9♦ joker."),
    "discard": N_("Write discard then one card: discard Q♥."),
    "draw": N_("Draw with s (the stock) or d (the discard pile)."),
}
# What a person may type now, by what the table waits for.
_NOW = {
    Phase.DEAL: N_("The cards are to be dealt: type deal."),
    Phase.DRAW: N_("Draw first: type s (the stock) or d (the discard pile)."),
    Phase.PLAY: N_("Type meld CARDS | CARDS, lay off CARD on N, exchange CARD at N P then meld CARDS, or discard "
                   "CARD to end your turn."),
    Phase.ROUND_COMPLETE: N_("The round is over: type score."),
    Phase.GAME_OVER: N_("The game is over."),
}


def read_action(table: State | View, text: str) -> Action:
    """The action ``text`` names, as the library prints it (`~concombre.romme.action_text`) or as people type it.

    People's words: ``s`` or ``stock`` draws from the stock, ``d`` or ``pile`` takes the discard pile's top;
    ``meld KH KS KD | AC 2C 3C``; ``lay off 7H on 2 high``; ``exchange 5S at 1 3 then meld 9C 9D JK``;
    ``discard QH``; ``deal``; ``score``. A card may leave out its copy (the hand's card is meant, the first
    not yet named), and its suit may be a symbol (``Q♥``). Melds and places count from 1, as the table shows
    them and as records write them (see `concombre.games.romme.actions`), so that a record's line reads back as
    the very action it was written from. It reads and does not judge: give the action to
    `~concombre.romme.refusal` or `~concombre.romme.apply` (with ``seat=``). ``table`` is the state or the
    view whose player typed it.

    Raises:
        FormatError: The text names no action; the reason, in people's words, says what they may type now
            (``path`` is ``text``), or, for a number no table could have, what the table holds (its ruling).
        InvalidArgumentError: ``table`` is not a Rommé state or view, or ``text`` is not text.

    Examples:
        >>> from concombre.romme import LayOff, action_text, deal, draw_stock, new_game, view
        >>> state = draw_stock(deal(new_game(2, seed=3)))
        >>> read_action(state, "s")
        DrawStock()
        >>> seen = view(state, state.to_play)
        >>> read_action(seen, f"discard {str(seen.hand[0])[:2]}").card == seen.hand[0]
        True
        >>> read_action(seen, "lay off 7H1 on 2 high")      # meld 2 on the table is melds[1]
        LayOff(card=RommeCard.parse('7H1'), meld=1, end='high')
        >>> read_action(seen, action_text(LayOff("7H1", 1, "high"))) == LayOff("7H1", 1, "high")
        True
        >>> try:
        ...     read_action(seen, "discard 3d 3d")
        ... except FormatError as err:
        ...     print(err.reason)
        'discard 3d 3d' is not a move I can read. Write discard then one card: discard Q♥.
    """
    if not isinstance(table, (State, View)):
        raise InvalidArgumentError(f"table must be a Rommé State or View, not {table!r}.", field="table")
    if not isinstance(text, str):
        raise InvalidArgumentError(f"text must be what a person typed, not {text!r}.", field="text")
    draw = _DRAWS.get(" ".join(text.lower().split()))
    if draw is not None:
        return draw()
    words = text.replace("|", " | ").split()
    if not words:
        raise FormatError(_now(table), "text")
    _within_reach(table, words, text)
    line = _as_line(_exchanged(table, text) + _hand(table), words)
    try:
        return parse_action(line)
    except FormatError as err:
        if err.ruling is None and err.__cause__ is None:  # the records' grammar: said for people, for this turn
            raise FormatError(_unread(table, words, text), "text") from None
        reason = err.reason.replace(repr(line), repr(text.strip()))  # the person's own words, never the line
        raise FormatError(reason, "text", err.ruling) from err.__cause__


def _unread(table: State | View, words: list[str], text: str) -> str:
    """What to say of text that names no move: how the move it starts is written, else what may be typed now."""
    form = _FORMS.get(words[0].lower())
    return _("{answer} is not a move I can read.", answer=repr(text.strip()[:60])) + " " + (
        _(form) if form is not None else _now(table))


def _now(table: State | View) -> str:
    """What the person whose table it is may type now, by what the table waits for."""
    seat = table.seat if isinstance(table, View) else table.to_play
    if table.to_play is not None and table.to_play != seat:
        return _("It is not your turn: {name} is to play.", name=person(table.players[table.to_play]))
    return _(_NOW[table.phase])


def _numbered(words: list[str], position: int) -> bool:
    """Whether the word at ``position`` stands where a meld's or a place's number does: after on or at, or a
    place after at's meld."""
    return position >= 1 and (words[position - 1].lower() in _NUMBERED
                              or (position >= 2 and words[position - 2].lower() == "at"))


def _within_reach(table: State | View, words: list[str], text: str) -> None:
    """The reader's check of the numbers typed, in the sentences of `concombre.games.romme.refusals`: each a whole
    number counted from 1, and within what any table holds, else what this table holds (a smaller number no
    meld has is read, and the rules refuse it in the same words)."""
    for position, word in enumerate(words):
        if not _numbered(words, position):
            continue
        number = whole_number(word)
        if number is None:
            shown = word if len(word) <= 20 else word[:20] + "…"
            raise FormatError(_("{word} is no number of a meld or place: they are counted from 1, as the table "
                                "shows them.", word=repr(shown)), "text", "R9")
        if number == 0:
            raise _said(counted_from_one(text))
        meld, melds = whole_number(words[position - 1]), table.melds
        if meld is None:  # a meld's number (after on or at)
            if number > MOST_MELDS:
                raise _said(no_meld_there(number, len(melds)))
        elif number > MOST_PLACES:  # a place's, after at's meld
            if not 1 <= meld <= len(melds):
                raise _said(no_meld_there(meld, len(melds)))
            raise _said(no_place_there(meld, number, len(melds[meld - 1].places)))


def _said(refused: IllegalActionError) -> FormatError:
    """A refusal's sentence and ruling, for what a person typed."""
    return FormatError(refused.reason, "text", refused.ruling)


def _exchanged(table: State | View, text: str) -> tuple[RommeCard, ...]:
    """The joker an ``exchange ... at MELD PLACE`` takes from the table: a copy-less joker in its new meld is it."""
    words = text.lower().split()  # exchange CARD at MELD PLACE then meld CARDS
    if len(words) < 5 or words[0] != "exchange" or words[2] != "at":
        return ()
    meld, place = (number - 1 if (number := whole_number(word)) is not None else -1 for word in words[3:5])
    melds = table.melds
    if not 0 <= meld < len(melds) or not 0 <= place < len(melds[meld].places):
        return ()
    card = melds[meld].places[place].card
    return (card,) if card.is_joker else ()


def _hand(table: State | View) -> tuple[RommeCard, ...]:
    """The hand a copy-less card is looked up in, the card taken from the discard pile this turn last: where two
    copies are held, a person discarding one means the one the rules let go (R7a)."""
    if isinstance(table, View):
        hand, drawn = table.hand, table.drawn
    elif table.to_play is not None:
        hand, drawn = table.hands[table.to_play], table.drawn
    else:
        hand, drawn = (), None
    return hand if drawn is None else (*(card for card in hand if card != drawn), drawn)


def _as_line(hand: tuple[RommeCard, ...], words: list[str]) -> str:
    """``text`` (its ``words``) as a text record writes it: each card given its copy, melds and places as typed."""
    taken: set[RommeCard] = set()
    line = []
    for position, word in enumerate(words):
        if _numbered(words, position):  # a whole number from 1: `_within_reach` has checked it
            line.append(str(whole_number(word)))
        else:
            line.append(_with_copy(word, hand, taken, attempted=words[0].lower() in _KEYWORDS))
    return " ".join(line)


def _with_copy(word: str, hand: tuple[RommeCard, ...], taken: set[RommeCard], attempted: bool = True) -> str:
    """``word`` with a card's copy added when it names a card without one: the first of the hand not yet taken."""
    plain = plain_card_text(word).replace("10", "T")
    if word.lower() in ("joker", _("joker").lower()):  # a joker as people call it (JK reads as JK anyway)
        plain = "JK"
    if plain == "JK":
        matches = [card for card in hand if card.is_joker and card not in taken]
    elif len(plain) == 2 and plain[0] in "23456789TJQKA" and plain[1] in "CDHS":
        matches = [card for card in hand if str(card)[:2] == plain and card not in taken]
    else:
        named = _card_or_none(plain)
        if named is None:
            if word.lower() in _KEYWORDS or word.lstrip("-").isdigit() or not attempted:
                return word  # a word of the grammar, or a line that is no action at all: the parser says so
            raise FormatError(_("{word} is not a card: write a rank then a suit, as in 'Q♥', 'qh' or '10s', or joker.",
                                word=repr(word)), "text", "R2")
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


def typed_text(action: Action) -> str:
    """An action as a person types it, in the people's form: cards without their copy (``7♥``, ``joker``),
    melds and places counted from 1 as the table shows them. It is what a hint suggests, and `read_action`
    reads it back (a copy-less card meaning the first copy the hand holds).

    Its code, for records, is `~concombre.romme.action_text` (``lay off 7H1 on 2 high``): the same numbers.

    Examples:
        >>> from concombre.games.romme import DrawStock, ExchangeJoker, LayOff, MeldCards
        >>> typed_text(LayOff("7H1", 1, "high")), typed_text(DrawStock())
        ('lay off 7♥ on 2 high', 's')
        >>> typed_text(MeldCards([["QH1", "QS1", "JK2"]]))
        'meld Q♥ Q♠ joker'
        >>> typed_text(ExchangeJoker("5S2", 0, 2, ["9C1", "9D1", "JK1"]))
        'exchange 5♠ at 1 3 then meld 9♣ 9♦ joker'
    """
    if isinstance(action, DrawStock):
        return "s"
    if isinstance(action, DrawDiscard):
        return "d"
    if isinstance(action, MeldCards):
        return "meld " + " | ".join(cards_text(meld) for meld in action.melds)
    if isinstance(action, LayOff):
        return f"lay off {card_text(action.card)} on {action.meld + 1}" + (f" {action.end}" if action.end else "")
    if isinstance(action, ExchangeJoker):
        return (f"exchange {card_text(action.card)} at {action.meld + 1} {action.place + 1} then meld "
                f"{cards_text(action.new_meld)}")
    if isinstance(action, Discard):
        return f"discard {card_text(action.card)}"
    return action_text(action)
