"""Rommé's moves built in parts reach every legal action, and only legal actions.

On random states (random legal play over 2 to 6 players and every rule option, many turns before the opening
with rich hands, and dealt hands full of melds and jokers): every legal action's parts, walked one at a time
through the offers, reach that very action; every path through the offers ends in a legal action; distinct
legal actions have distinct parts; and the offers are those a plain scan of every legal action's parts gives.
The quick run checks a few hundred states; ``--slow`` checks 10,000.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from concombre import IllegalActionError, InvalidArgumentError
from concombre.games.romme.actions import Action
from concombre.games.romme.cards import RommeCard
from concombre.games.romme.parts import (
    CARD,
    CLOSE,
    DISCARD,
    DRAW_STOCK,
    MELD,
    PARTS,
    TARGET,
    action_parts,
    add_part,
    building,
    next_parts,
    part_refusal,
    part_text,
)
from concombre.romme import (
    Deal,
    Discard,
    DrawDiscard,
    DrawStock,
    ExchangeJoker,
    LayOff,
    MeldCards,
    Phase,
    Rules,
    ScoreRound,
    State,
    apply,
    cards_of,
    deal,
    deck,
    deck_for,
    legal_actions,
    new_game,
)

RULES = [Rules(jokers=jokers, opening=opening, may_return_discard=back, rebuilds=rebuilds)
         for jokers, opening, back, rebuilds in itertools.product((2, 4, 6), (30, 40, 50, 60), (False, True),
                                                                   (0, 1, 2, 3))]

RICH = [  # hands full of melds, both copies and jokers: many openings, many ways to build each
    "QC1 QD1 QH1 QS1 QC2 QD2 KD1 KH1 KS1 JK1 JK2 AH1 2H1",
    "5H1 6H1 7H1 8H1 9H1 5H2 6H2 7H2 JK1 JK2 JK3 TC1 TD1",
    "AC1 AD1 AH1 AS1 2C1 3C1 4C1 JK1 KS1 QS1 JS1 TS1 JK2",
    "7C1 7D1 7H1 7S1 7C2 7D2 7H2 7S2 8C1 9C1 JK1 JK2 JK3",
    "2S1 3S1 4S1 5S1 6S1 7S1 8S1 9S1 TS1 JS1 QS1 KS1 AS1",
    "JK1 JK2 JK3 JK4 9D1 9D2 TD1 TD2 JD1 JD2 QD1 QD2 KD1",
]


def _chosen(state: State, rng: random.Random, discard_often: float) -> Action:
    """A random legal action, a discard more often than its share so that players stay unopened longer."""
    actions = legal_actions(state)
    discards = [action for action in actions if isinstance(action, Discard)]
    if discards and rng.random() < discard_often:
        return rng.choice(discards)
    return rng.choice(actions)


def states(count: int, seed: int) -> Iterator[State]:
    """``count`` states where a player is to move (a draw or a turn), from seeded random games."""
    rng, found = random.Random(seed), 0
    while found < count:
        rules, players = rng.choice(RULES), rng.randint(2, 6)
        game = new_game(players, rules=rules, seed=rng.randrange(1 << 30))
        if rng.random() < 0.4:  # a dealt hand full of melds and jokers for one seat or two
            seats = rng.sample(range(players), min(players, rng.choice((1, 2))))
            pool = list(deck(rules.jokers))
            hands: dict[int, Sequence[RommeCard]] = {}
            for seat in seats:
                wanted = [card for card in cards_of(rng.choice(RICH)) if card in pool]
                hands[seat] = wanted
                pool = [card for card in pool if card not in wanted]
            state = deal(game, deck_for(game, hands))
        else:
            state = deal(game)
        discard_often = rng.choice((0.3, 0.8, 0.95))
        for _ in range(rng.randint(0, 120)):
            if state.phase is not Phase.DRAW and state.phase is not Phase.PLAY:
                break
            if rng.random() < 0.35:
                found += 1
                yield state
                if found == count:
                    return
            state = apply(state, _chosen(state, rng, discard_often))


def check(state: State, rng: random.Random, walks: int = 4) -> int:
    """Every check of the module's promise on one state; the number of legal actions."""
    legal = [action for action in legal_actions(state) if not isinstance(action, (Deal, ScoreRound))]
    sequences = [action_parts(action) for action in legal]
    assert len(set(sequences)) == len(set(legal)), "two legal actions share their parts"
    offered_after: dict[tuple[int, ...], set[int]] = {}
    for sequence in sequences:  # what a scan of every legal action's parts offers after each prefix
        for depth in range(len(sequence)):
            offered_after.setdefault(sequence[:depth], set()).add(sequence[depth])
    for prefix, parts in offered_after.items():
        assert next_parts(state, prefix) == tuple(sorted(parts)), prefix
    for action, sequence in zip(legal, sequences, strict=True):  # every legal action is reached
        built: tuple[int, ...] = ()
        for depth, part in enumerate(sequence):
            assert part in next_parts(state, built)
            built, done = add_part(state, built, part)
            assert (done is None) == (depth < len(sequence) - 1)
        assert done == action and built == ()
    for _ in range(walks if legal else 0):  # every path through the offers ends in a legal action
        built, done = (), None
        while done is None:
            offered = next_parts(state, built)
            assert offered, built
            built, done = add_part(state, built, rng.choice(offered))
        assert done in legal
    return len(legal)


def test_a_few_hundred_states_every_action_reached_every_path_legal() -> None:
    rng, seen = random.Random(5), 0
    for state in states(300, seed=1):
        seen += check(state, rng) > 0
    assert seen == 300


@pytest.mark.slow
def test_ten_thousand_states_every_action_reached_every_path_legal() -> None:
    rng, actions, unopened = random.Random(6), 0, 0
    for state in states(10_000, seed=2):
        actions += check(state, rng)
        unopened += state.phase is Phase.PLAY and state.to_play is not None and not state.opened[state.to_play]
    assert unopened > 1000 and actions > 100_000


def test_each_kind_of_action_has_its_parts() -> None:
    assert action_parts(DrawStock()) == (DRAW_STOCK,)
    assert action_parts(DrawDiscard()) == (1,)
    assert action_parts(Discard("QH2")) == (CARD + 85, DISCARD)
    assert action_parts(LayOff("QH2", 3)) == (CARD + 85, TARGET + 3, 150)
    assert action_parts(ExchangeJoker("5S1", 1, 2, ["9C1", "9D1", "JK1"])) == (
        CARD + 30, TARGET + 1, 155, CARD + 56, CARD + 58, CARD + 104, MELD)
    assert action_parts(MeldCards([["QH1", "QS1", "QD1"]])) == (CARD + 84, CARD + 86, CARD + 82, MELD)
    for table in (Deal(), ScoreRound(), "discard QH1"):
        with pytest.raises(InvalidArgumentError) as caught:
            action_parts(table)  # type: ignore[arg-type]
        assert caught.value.field == "action"


def test_a_part_not_offered_is_refused_in_the_rules_words_where_it_completes_an_action() -> None:
    game = new_game(2, seed=3)
    state = deal(game, deck_for(game, {1: cards_of("QC1 QD1 QH1 KD1 KH1 KS1")}, discard_top=cards_of("9S1")[0]))
    state = apply(state, DrawDiscard())
    withheld = CARD + cards_of("9S1")[0].index
    assert withheld not in next_parts(state)  # it begins no meld either
    refused = part_refusal(state, (), withheld)
    assert refused is not None and refused.ruling == "R7a" and refused.field == "part"
    queens = tuple(CARD + card.index for card in cards_of("QC1 QD1 QH1"))
    refused = part_refusal(state, queens, MELD)  # thirty: not enough to open (R8)
    assert refused is not None and refused.ruling == "R8"
    with pytest.raises(InvalidArgumentError) as caught:
        add_part(state, queens, MELD)
    assert caught.value.ruling == "R8" and not isinstance(caught.value, IllegalActionError)
    drawn_again = part_refusal(state, (), DRAW_STOCK)
    assert drawn_again is not None and drawn_again.ruling == "R15"
    offered = part_refusal(state, (), CLOSE)
    assert offered is not None and "Part 112 (close) is no move now: the parts offered are" in str(offered)
    for wrong in (PARTS, -1, "QH1", 2.5, None, True):
        refused = part_refusal(state, (), wrong)
        assert refused is not None and "is no part" in str(refused) and refused.field == "part"


def test_parts_built_that_begin_nothing_are_refused() -> None:
    state = apply(deal(new_game(2, seed=1)), DrawStock())
    for wrong in ((CLOSE,), (MELD,), (CARD + 200,), "12", (1.5,)):
        with pytest.raises(InvalidArgumentError) as caught:
            next_parts(state, wrong)  # type: ignore[arg-type]
        assert caught.value.field == "built"
    assert next_parts(new_game(2, seed=1)) == ()  # the table deals: no player's part


def test_the_parts_are_named_and_read_back() -> None:
    assert [part_text(part) for part in range(PARTS)].count("discard") == 1
    assert len({part_text(part) for part in range(PARTS)}) == PARTS
    assert building((CARD + 5, CARD + 6, CARD + 7, CLOSE, CARD + 9)).melds == ((5, 6, 7),)
    with pytest.raises(InvalidArgumentError):
        part_text(PARTS)
    with pytest.raises(InvalidArgumentError):
        building((PARTS,))


def _with_parts(**changed: Any) -> Any:
    """Rommé with its parts changed by ``attrs.evolve``: a faulty game for the conformance kit."""
    import attrs

    from concombre.games.romme import GAME

    assert GAME.learning.encoding is not None
    encoding = GAME.learning.encoding()
    assert encoding.parts is not None
    faulty = attrs.evolve(encoding, parts=attrs.evolve(encoding.parts, **changed))
    return attrs.evolve(GAME, learning=attrs.evolve(GAME.learning, encoding=lambda: faulty))


def _peeking(state: State, seat: int, built: tuple[int, ...], memory: object) -> object:
    """An observation that shows the next seat's hand once the seats remember something: a leak."""
    from concombre.games.romme.observation import encode_state

    shown = (seat + 1) % len(state.players) if memory is not None else seat
    return encode_state(state, shown, built, memory)  # type: ignore[arg-type]


@pytest.mark.parametrize(("changed", "member", "says"), [
    ({"offered": lambda state, built: (*next_parts(state, built), CLOSE) if not built and next_parts(state) else
      next_parts(state, built)}, "encoding.parts", "offered"),
    ({"add": lambda state, built, part: ((), DrawStock()) if part == DISCARD else add_part(state, built, part)},
     "encoding.parts.add", "no legal action"),
    ({"observe": lambda state, seat, built, memory: _peeking(state, seat, built, memory)},
     "encoding.parts.observe", "cannot see"),
], ids=["a part leading nowhere", "a wrong move", "a leak"])
def test_the_kit_catches_parts_that_break_their_promise(changed: dict[str, Any], member: str, says: str) -> None:
    pytest.importorskip("numpy")
    from concombre.testing import check_game

    with pytest.raises(AssertionError) as caught:
        check_game(_with_parts(**changed), games=1, seed=3, players=(2,), every=3)
    message = str(caught.value)
    assert "the promise 'encoding' is broken by " + member in message and says in message, message
