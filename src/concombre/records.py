"""Game records: who played, under which rules and seed, and every action in order.

A `GameRecord` is enough to rebuild every state of a game with `replay`,
because deals are shuffled from the seed. It has a compact text form, one
action per line, for bug reports, tests and golden games; its JSON form is in
`concombre.serialize`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

import attrs

from concombre.actions import Action, Deal, Play, ResolveTrick, ScoreRound, apply
from concombre.cards import Card
from concombre.errors import ConcombreError, FormatError, InvalidArgumentError
from concombre.recording import read_text_record, replay_each, text_header
from concombre.rules import Rules
from concombre.state import GameState, Phase
from concombre.transitions import new_game

__all__ = ["GameRecord", "action_text", "parse_action", "replay", "replay_states"]

TEXT_HEADER = "concombre record 1"


@attrs.frozen
class GameRecord:
    """Everything needed to replay a game: its setup and its actions in order.

    Build one from a new game with `GameRecord.of`, add each action with
    `then` as it is applied, and rebuild the game with `replay`.

    Attributes:
        players: The players' names, by seat.
        rules: The rules of the game.
        seed: The seed every deal is shuffled from.
        dealer: The first dealer's seat.
        actions: Every action applied, in order.

    Examples:
        >>> from concombre import GameRecord, apply, legal_actions, new_game, replay
        >>> state = new_game(["Ann", "Bob"], seed=8)
        >>> record = GameRecord.of(state)
        >>> for _ in range(5):
        ...     action = legal_actions(state)[0]
        ...     state, record = apply(state, action), record.then(action)
        >>> replay(record) == state
        True
    """

    players: tuple[str, ...]
    rules: Rules
    seed: int
    dealer: int
    actions: tuple[Action, ...] = ()

    @classmethod
    def of(cls, state: GameState) -> GameRecord:
        """An empty record of a game as `concombre.new_game` returned it.

        Raises:
            InvalidArgumentError: ``state`` is not a new game (actions were
                already applied to it, so the record could not replay them).
        """
        if state.phase is not Phase.DEAL or state.round_number != 1 or state.last_result is not None:
            raise InvalidArgumentError(
                "GameRecord.of needs a new game, as new_game returns it; "
                f"this one is in round {state.round_number}, phase {state.phase.value!r}."
            )
        return cls(state.players, state.rules, state.seed, state.dealer)

    def then(self, action: Action) -> GameRecord:
        """This record with ``action`` appended (it is checked when replayed)."""
        if not isinstance(action, (Deal, Play, ResolveTrick, ScoreRound)):
            raise InvalidArgumentError(
                f"Expected an action (Deal, Play, ResolveTrick or ScoreRound), not {action!r}."
            )
        return attrs.evolve(self, actions=(*self.actions, action))

    def start(self) -> GameState:
        """The game's first state, before any action.

        Raises:
            FormatError: The players, rules, seed or dealer are not a valid game.
        """
        try:
            return new_game(self.players, dealer=self.dealer, rules=self.rules, seed=self.seed)
        except ConcombreError as err:
            raise FormatError(err.reason, "$", err.ruling) from None

    def to_text(self) -> str:
        """The record as text: a header, then one action per line.

        Examples:
            >>> from concombre import Deal, GameRecord, Rules
            >>> record = GameRecord(("Ann", "Bob"), Rules(), 5, 0, (Deal(),))
            >>> print(record.to_text())
            concombre record 1
            players: ["Ann", "Bob"]
            rules: follow=lead may_duck=false first_deal=7 limit=21
            seed: 5
            dealer: 0
            <BLANKLINE>
            # round 1
            deal
        """
        lines = text_header(TEXT_HEADER, self.players, self.rules, self.seed, self.dealer)
        round_number = 0
        for action in self.actions:
            if isinstance(action, Deal):
                round_number += 1
                lines.append(f"# round {round_number}")
            lines.append(action_text(action))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        """Read a record written by `to_text`.

        Blank lines, ``#`` comment lines and ``#`` comments after an action are skipped.

        Raises:
            FormatError: The text is not a record; the path names the line.

        Examples:
            >>> from concombre import GameRecord
            >>> text = 'concombre record 1\\nplayers: ["A", "B"]\\nseed: 3\\ndealer: 1\\ndeal\\n'
            >>> GameRecord.from_text(text).actions
            (Deal(deck=None),)
        """
        return cls(*read_text_record(text, TEXT_HEADER, Rules, parse_action))


def action_text(action: Action) -> str:
    """One action as a line of a text record: ``deal``, ``play QH``, ``resolve``, ``score``.

    Examples:
        >>> from concombre import Play
        >>> action_text(Play("10h"))
        'play TH'
    """
    if isinstance(action, Play):
        return f"play {action.card}"
    if isinstance(action, Deal):
        return "deal" if action.deck is None else "deal " + " ".join(str(card) for card in action.deck)
    return "resolve" if isinstance(action, ResolveTrick) else "score"


def parse_action(line: str) -> Action:
    """Read one action line (see `action_text`).

    Raises:
        FormatError: The line is not an action.

    Examples:
        >>> parse_action("play qh")
        Play(card=Card.parse('QH'))
    """
    words = line.split()
    if not words:
        raise FormatError("expected an action (deal, play CARD, resolve or score), found nothing")
    verb, rest = words[0].lower(), words[1:]
    try:
        if verb == "play" and len(rest) == 1:
            return Play(Card.parse(rest[0]))
        if verb == "deal":
            return Deal(tuple(Card.parse(word) for word in rest) if rest else None)
    except InvalidArgumentError as err:
        raise FormatError(err.reason) from None
    if verb in ("resolve", "score") and not rest:
        return ResolveTrick() if verb == "resolve" else ScoreRound()
    raise FormatError(f"expected an action (deal, play CARD, resolve or score), not {line.strip()!r}")


def replay_states(record: GameRecord) -> Iterator[GameState]:
    """Every state of the recorded game: the first, then one after each action.

    Raises:
        FormatError: The setup is not a valid game, or action N is illegal;
            the path is ``$.actions[N]`` and the ruling is named.

    Examples:
        >>> from concombre import Deal, GameRecord, Rules, replay_states
        >>> record = GameRecord(("Ann", "Bob"), Rules(), 5, 0, (Deal(),))
        >>> [state.phase.value for state in replay_states(record)]
        ['deal', 'play']
    """
    return replay_each(record.start(), record.actions, apply, action_text)


def replay(record: GameRecord) -> GameState:
    """The state after every action of the record, each checked by the engine.

    Raises:
        FormatError: The setup is not a valid game, or action N is illegal;
            the path is ``$.actions[N]`` and the ruling is named.

    Examples:
        >>> from concombre import Deal, GameRecord, Play, Rules, replay
        >>> record = GameRecord(("Ann", "Bob"), Rules(), 5, 0, (Deal(), Play("KD"), Play("3H")))
        >>> try:
        ...     replay(record)
        ... except FormatError as err:
        ...     print(err.path, err.ruling)
        $.actions[2] C7
    """
    return deque(replay_states(record), maxlen=1)[0]
