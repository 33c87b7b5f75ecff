"""Reading what people type: a Concombre action from text such as ``10♥``, ``q♥``, ``2`` or ``play QH``."""

from __future__ import annotations

from concombre.core.cards import Card
from concombre.core.errors import FormatError, InvalidArgumentError
from concombre.core.i18n import _
from concombre.core.words import MOST_DIGITS, card_text, whole_number
from concombre.games.concombre.actions import Action, Play, action_text, parse_action
from concombre.games.concombre.state import State
from concombre.games.concombre.views import View, view

__all__ = ["read_action", "typed_text"]


def read_action(table: State | View, text: str) -> Action:
    """The action ``text`` names, as the library prints it (`~concombre.action_text`) or as people type it.

    A card alone is a play, written as the table shows it or as people type it: ``10♥``, ``Q♥``, ``q♥``,
    ``qh``, ``10h``, ``T♥``; ``play 10h`` too. A number picks a play as the story shows them to the player
    to play (``Your plays: 1) 3♦  2) 3♠``, `~concombre.View.legal_plays` counted from 1). ``deal``,
    ``resolve`` and ``score`` are the table's steps. It reads and does not judge: give the action to
    `~concombre.refusal` or `~concombre.apply` (with ``seat=``), which say whether the rules allow it.
    ``table`` is the state or the view the text answers.

    Raises:
        FormatError: The text names no action, or a number no play has; the reason says what is expected
            (``path`` is ``text``).
        InvalidArgumentError: ``table`` is not a Concombre state or view, or ``text`` is not text.

    Examples:
        >>> from concombre import deal, new_game, refusal
        >>> state = deal(new_game(3, seed=1))
        >>> read_action(state, "10♥"), read_action(state, "q♥"), read_action(state, "play 2c")
        (Play(card=Card.parse('TH')), Play(card=Card.parse('QH')), Play(card=Card.parse('2C')))
        >>> read_action(state, "resolve")
        ResolveTrick()
        >>> read_action(state, "1") == Play(view(state, state.to_play).legal_plays[0])
        True
    """
    if not isinstance(table, (State, View)):
        raise InvalidArgumentError(f"table must be a Concombre State or View, not {table!r}.", field="table")
    if not isinstance(text, str):
        raise InvalidArgumentError(f"text must be what a person typed, not {text!r}.", field="text")
    words = text.split()
    if len(words) == 1 and words[0].isascii() and words[0].isdigit():  # a number as people type it
        return _numbered(table, words[0])
    if len(words) == 1 and words[0].lower() not in ("deal", "resolve", "score", "play"):
        try:
            return Play(Card.parse(words[0]))
        except InvalidArgumentError as err:
            raise FormatError(err.reason, "text", err.ruling) from None
    try:
        return parse_action(text)
    except FormatError as err:
        if words and words[0].lower() == "play":
            raise FormatError(err.reason, "text", err.ruling) from None
        raise FormatError(_("{text} is no move: type a card such as 10♥ or q♠, or deal, resolve, score.",
                            text=repr(text.strip()[:60])), "text") from None


def _numbered(table: State | View, word: str) -> Play:
    """The play numbered ``word`` (from 1) among those the story shows the player to play."""
    if isinstance(table, View):
        plays = table.legal_plays
    else:
        plays = view(table, table.to_play).legal_plays if table.to_play is not None else ()
    number = whole_number(word)
    shown = word if number is not None else word[:MOST_DIGITS] + "…"  # past any count: said short
    if not plays:
        raise FormatError(_("There is no play {number}: no card can be played now.", number=shown), "text", "C14")
    if number is None or not 1 <= number <= len(plays):
        raise FormatError(_("There is no play {number}: choose 1 to {count}.", number=shown, count=len(plays)),
                          "text")
    return Play(plays[number - 1])


def typed_text(action: Action) -> str:
    """An action as a person types it, in the people's form: what a hint suggests, and what `read_action`
    reads back. A play is its card (``10♥``); the table's steps are their words (``deal``...).

    Its code, for records, is `~concombre.action_text` (``play TH``).

    Examples:
        >>> from concombre import Deal, deal, new_game
        >>> typed_text(Play("TH")), typed_text(Deal())
        ('10♥', 'deal')
        >>> read_action(deal(new_game(2, seed=1)), typed_text(Play("TH")))
        Play(card=Card.parse('TH'))
    """
    if isinstance(action, Play):
        return card_text(action.card)
    return action_text(action)
