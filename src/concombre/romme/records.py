"""Rommé game records: the setup and every action, replayable, with a one-action-per-line text form."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

import attrs

from concombre.errors import ConcombreError, FormatError, InvalidArgumentError
from concombre.recording import read_text_record, replay_each, text_header
from concombre.romme.actions import (
    Deal,
    Discard,
    DrawDiscard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    MeldCards,
    RommeAction,
    ScoreRound,
    apply,
)
from concombre.romme.cards import RommeCard
from concombre.romme.rules import RommeRules
from concombre.romme.state import RommePhase, RommeState
from concombre.romme.transitions import new_game

__all__ = ["RommeRecord", "parse_romme_action", "replay_romme", "replay_romme_states", "romme_action_text"]

TEXT_HEADER = "concombre romme record 1"
_ACTIONS = (Deal, DrawStock, DrawDiscard, MeldCards, LayOff, ExchangeJoker, Discard, ScoreRound)


@attrs.frozen
class RommeRecord:
    """Everything needed to replay a game of Rommé: its setup and its actions in order.

    Attributes:
        players: The players' names, by seat.
        rules: The rules of the game.
        seed: The seed every shuffle is drawn from.
        dealer: The first dealer's seat.
        actions: Every action applied, in order.

    Examples:
        >>> from concombre.romme import RommeRecord, apply, legal_actions, new_game, replay_romme
        >>> state = new_game(["Ann", "Bob"], seed=2)
        >>> record = RommeRecord.of(state)
        >>> for _ in range(5):
        ...     action = legal_actions(state)[-1]
        ...     state, record = apply(state, action), record.then(action)
        >>> replay_romme(record) == state
        True
    """

    players: tuple[str, ...]
    rules: RommeRules
    seed: int
    dealer: int
    actions: tuple[RommeAction, ...] = ()

    @classmethod
    def of(cls, state: RommeState) -> RommeRecord:
        """An empty record of a game as `concombre.romme.new_game` returned it."""
        if state.phase is not RommePhase.DEAL or state.round_number != 1 or state.last_result is not None:
            raise InvalidArgumentError("RommeRecord.of needs a new game, as new_game returns it.")
        return cls(state.players, state.rules, state.seed, state.dealer)

    def then(self, action: RommeAction) -> RommeRecord:
        """This record with ``action`` appended (it is checked when replayed)."""
        if not isinstance(action, _ACTIONS):
            raise InvalidArgumentError(f"Expected a Rommé action, not {action!r}.")
        return attrs.evolve(self, actions=(*self.actions, action))

    def start(self) -> RommeState:
        """The game's first state, before any action."""
        try:
            return new_game(self.players, dealer=self.dealer, rules=self.rules, seed=self.seed)
        except ConcombreError as err:
            raise FormatError(err.reason, "$", err.ruling) from None

    def to_text(self) -> str:
        """The record as text: a header, then one action per line (see `romme_action_text`).

        Examples:
            >>> from concombre.romme import Deal, DrawStock, RommeRecord, RommeRules
            >>> print(RommeRecord(("Ann", "Bob"), RommeRules(), 5, 0, (Deal(), DrawStock())).to_text())
            concombre romme record 1
            players: ["Ann", "Bob"]
            rules: jokers=4 opening=40 may_return_discard=false rebuilds=2
            seed: 5
            dealer: 0
            <BLANKLINE>
            deal
            draw stock
        """
        lines = text_header(TEXT_HEADER, self.players, self.rules, self.seed, self.dealer)
        lines += [romme_action_text(action) for action in self.actions]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> RommeRecord:
        """Read a record written by `to_text`; blank lines and ``#`` comments are skipped.

        Raises:
            FormatError: The text is not a record; the path names the line.

        Examples:
            >>> text = 'concombre romme record 1\\nplayers: ["A", "B"]\\nseed: 3\\ndealer: 1\\ndeal\\n'
            >>> RommeRecord.from_text(text).actions
            (Deal(deck=None),)
        """
        return cls(*read_text_record(text, TEXT_HEADER, RommeRules, parse_romme_action))


def romme_action_text(action: RommeAction) -> str:
    """One action as a line of a text record.

    Examples:
        >>> from concombre.romme import ExchangeJoker, LayOff, MeldCards
        >>> romme_action_text(MeldCards([["QH1", "QS1", "QD1"], ["AC1", "2C1", "JK1"]]))
        'meld QH1 QS1 QD1 | AC1 2C1 JK1'
        >>> romme_action_text(LayOff("7H1", 2, "high")), romme_action_text(LayOff("QC1", 0))
        ('lay off 7H1 on 2 high', 'lay off QC1 on 0')
        >>> romme_action_text(ExchangeJoker("5S2", 1, 2, ["9C1", "9D1", "JK1"]))
        'exchange 5S2 at 1 2 then meld 9C1 9D1 JK1'
    """
    def cards(group: tuple[RommeCard, ...]) -> str:
        return " ".join(map(str, group))

    if isinstance(action, Deal):
        return "deal" if action.deck is None else f"deal {cards(action.deck)}"
    if isinstance(action, DrawStock):
        return "draw stock"
    if isinstance(action, DrawDiscard):
        return "draw discard"
    if isinstance(action, MeldCards):
        return "meld " + " | ".join(cards(meld) for meld in action.melds)
    if isinstance(action, LayOff):
        return f"lay off {action.card} on {action.meld}" + (f" {action.end}" if action.end else "")
    if isinstance(action, ExchangeJoker):
        return f"exchange {action.card} at {action.meld} {action.place} then meld {cards(action.new_meld)}"
    if isinstance(action, Discard):
        return f"discard {action.card}"
    return "score"


def parse_romme_action(line: str) -> RommeAction:
    """Read one action line (see `romme_action_text`).

    Raises:
        FormatError: The line is not an action.

    Examples:
        >>> parse_romme_action("lay off 7h1 on 2 high")
        LayOff(card=RommeCard.parse('7H1'), meld=2, end='high')
    """
    words = line.split()
    try:
        return _parse_words(words)
    except InvalidArgumentError as err:
        raise FormatError(err.reason) from None
    except (IndexError, ValueError):
        pass
    raise FormatError(f"expected an action (deal, draw stock, draw discard, meld, lay off, exchange, discard, score), "
                      f"not {line.strip()[:60]!r}")


def _parse_words(words: list[str]) -> RommeAction:
    verb = " ".join(words[:2]).lower()
    if words == ["deal"] or (words and words[0] == "deal"):
        return Deal(words[1:] or None)
    if verb in ("draw stock", "draw discard") and len(words) == 2:
        return DrawStock() if verb == "draw stock" else DrawDiscard()
    if words[0] == "meld" and len(words) > 1:
        return MeldCards([group.split() for group in " ".join(words[1:]).split("|")])
    if verb == "lay off" and words[3] == "on" and len(words) in (5, 6):
        end = words[5] if len(words) == 6 else None
        if end not in (None, "low", "high"):
            raise ValueError(end)
        return LayOff(words[2], _index(words[4]), end)  # type: ignore[arg-type]
    if words[0] == "exchange" and words[2] == "at" and words[5:7] == ["then", "meld"]:
        return ExchangeJoker(words[1], _index(words[3]), _index(words[4]), words[7:])
    if words[0] == "discard" and len(words) == 2:
        return Discard(words[1])
    if words == ["score"]:
        return ScoreRound()
    raise ValueError(" ".join(words))


def _index(word: str) -> int:
    if not word.isdigit() or len(word) > 3:
        raise ValueError(word)
    return int(word)


def replay_romme_states(record: RommeRecord) -> Iterator[RommeState]:
    """Every state of the recorded game: the first, then one after each action.

    Raises:
        FormatError: The setup is not a valid game, or action N is illegal;
            the path is ``$.actions[N]`` and the ruling is named.

    Examples:
        >>> from concombre.romme import Deal, RommeRecord, RommeRules
        >>> record = RommeRecord(("Ann", "Bob"), RommeRules(), 5, 0, (Deal(),))
        >>> [state.phase.value for state in replay_romme_states(record)]
        ['deal', 'draw']
    """
    return replay_each(record.start(), record.actions, apply, romme_action_text)


def replay_romme(record: RommeRecord) -> RommeState:
    """The state after every action of the record, each checked by the engine.

    Examples:
        >>> from concombre.romme import Deal, Discard, RommeRecord, RommeRules, replay_romme
        >>> record = RommeRecord(("Ann", "Bob"), RommeRules(), 5, 0, (Deal(), Discard("QH1")))
        >>> try:
        ...     replay_romme(record)
        ... except FormatError as err:
        ...     print(err.path, err.ruling)
        $.actions[1] R15
    """
    return deque(replay_romme_states(record), maxlen=1)[0]
