"""The demo: one complete seeded game among simple built-in players, told in text.

This module sits at the edge of the package: it uses only the public API,
exactly as a front-end would.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator

from concombre.actions import Deal, Play, ResolveTrick, ScoreRound, apply
from concombre.cards import Card
from concombre.rules import Rules
from concombre.state import GameState, Phase
from concombre.transitions import new_game
from concombre.views import PlayerView, view

__all__ = ["NAMES", "demo_game", "shed_high_keep_low"]

NAMES = ("Ada", "Bea", "Cyd", "Dov", "Eli", "Fay", "Gil")
"""The demo players' names, by seat.

Examples:
    >>> NAMES[:3]
    ('Ada', 'Bea', 'Cyd')
"""


def shed_high_keep_low(seen: PlayerView) -> Card:
    """A simple player: shed the highest legal card, but keep low cards for the last two tricks.

    Only the last trick of a round costs anything (C9), so high cards are
    safest early and a low card is worth keeping for the end.

    Examples:
        >>> from concombre import deal, new_game, view
        >>> state = deal(new_game(3, seed=4))
        >>> card = shed_high_keep_low(view(state, state.to_play))
        >>> card == max(view(state, state.to_play).legal_plays)
        True
    """
    return min(seen.legal_plays) if len(seen.hand) <= 2 else max(seen.legal_plays)


def demo_game(players: int = 4, seed: int = 1, rules: Rules = Rules()) -> Iterator[str]:
    """Play one whole seeded game and yield its story line by line.

    Examples:
        >>> lines = list(demo_game(players=3, seed=5))
        >>> lines[0]
        'Concombre for 3 players (Ada, Bea, Cyd), seed 5; followers must match or beat the card led.'
        >>> lines[-1].endswith("wins the game.")
        True
    """
    state = new_game(NAMES[:players], seed=seed, rules=rules)
    names = state.players
    follow = "the card led" if rules.follow == "lead" else "the highest card so far"
    duck = "; a follower may always duck with a lowest card" if rules.may_duck else ""
    yield (
        f"Concombre for {players} players ({', '.join(names)}), seed {seed}; "
        f"followers must match or beat {follow}{duck}."
    )
    while state.phase is not Phase.GAME_OVER:
        state = apply(state, Deal())
        yield ""
        yield (
            f"Round {state.round_number}: {names[state.dealer]} deals {state.deal_size} cards each; "
            f"{names[state.to_play or 0]} leads."
        )
        state = yield from _play_round(state)
        state = apply(state, ScoreRound())
        yield from _round_result(state)
        yield ""
        yield from score_table(state)
    yield ""
    yield f"{names[state.winner or 0]} wins the game."


def _play_round(state: GameState) -> Generator[str, None, GameState]:
    names = state.players
    number = 0
    while state.phase is not Phase.ROUND_COMPLETE:
        while state.phase is Phase.PLAY:
            seat = state.to_play or 0
            state = apply(state, Play(shed_high_keep_low(view(state, seat))))
        number += 1
        cards = ", ".join(f"{names[seat]} {card}" for seat, card in state.trick)
        state = apply(state, ResolveTrick())
        winner = state.last_trick_winner or 0
        yield f"  Trick {number}: {cards}  -> {names[winner]}"
    return state


def _round_result(state: GameState) -> Iterator[str]:
    result = state.last_result
    assert result is not None
    name = state.players[result.loser]
    yield f"  {name} takes the last trick with {result.card}: a penalty of {result.penalty}."
    returned = " ".join(str(card) for card in result.returned)
    if result.half_cucumber:
        kept = state.penalty_cards[result.loser][0]
        yield (
            f"  {name} reaches the limit and becomes half cucumber: keeps {kept}, "
            f"hands back {returned}; score {result.score}."
        )
    if result.eliminated:
        yield (
            f"  {name} reaches the limit again with {result.score} and is eliminated; "
            f"hands back {returned}."
        )


def score_table(state: GameState) -> Iterator[str]:
    """The score table: each player's score, penalty cards and flags.

    Examples:
        >>> from concombre import new_game
        >>> print("\\n".join(score_table(new_game(["Ann", "Bob"], seed=1))))
          Player  Score  Penalty cards
          Ann         0
          Bob         0
    """
    width = max(6, *(len(name) for name in state.players))
    yield f"  {'Player':<{width}}  Score  Penalty cards"
    for seat, name in enumerate(state.players):
        cards = " ".join(str(card) for card in state.penalty_cards[seat])
        flag = ""
        if state.eliminated[seat]:
            flag = "eliminated"
        elif state.half_cucumber[seat]:
            flag = "half cucumber"
        line = f"  {name:<{width}}  {state.scores[seat]:>5}  {cards}".rstrip()
        yield f"{line}  ({flag})" if flag else line

