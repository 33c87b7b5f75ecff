"""Property-based tests over whole random games of Rommé: 2-6 players, every option."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from concombre import IllegalActionError
from concombre.romme import (
    Action as RommeAction,
)
from concombre.romme import (
    Discard,
    DrawStock,
    LayOff,
    MeldCards,
    RommeCard,
    ScoreRound,
    apply,
    deck,
    make_meld,
    new_game,
    view,
)
from concombre.romme import (
    Phase as RommePhase,
)
from concombre.romme import (
    State as RommeState,
)

from .support import choices, romme_games


def check(state: RommeState) -> None:
    everything = [card for hand in state.hands for card in hand] + list(state.stock) + list(state.discard_pile)
    everything += [card for meld in state.melds for card in meld.cards]
    if state.phase in (RommePhase.DEAL, RommePhase.GAME_OVER):
        assert everything == []
    else:
        assert sorted(everything) == sorted(deck(state.rules.jokers))  # every card in exactly one place
    for meld in state.melds:
        again = make_meld(list(meld.cards), 0)  # the table holds only valid melds (R5, R6)
        assert again.kind == meld.kind
        assert [p.stands_for() for p in again.places] == [p.stands_for() for p in meld.places]
        assert [p.value for p in again.places] == [p.value for p in meld.places]
    assert (state.to_play is not None) == (state.phase in (RommePhase.DRAW, RommePhase.PLAY))
    for seat in range(len(state.players)):
        if seat not in state.contenders:
            assert state.hands[seat] == ()


def check_refusals(state: RommeState, rng: random.Random) -> None:
    before = (state, hash(state), repr(state))
    stranger = rng.choice(deck(state.rules.jokers))
    tries: list[RommeAction] = [
        Discard(stranger), LayOff(stranger, 35, "low"), MeldCards([[stranger]]), ScoreRound(), DrawStock()
    ]
    for action in tries:
        if state.phase is RommePhase.DRAW and isinstance(action, DrawStock):
            continue
        if state.phase is RommePhase.ROUND_COMPLETE and isinstance(action, ScoreRound):
            continue
        holder = state.to_play
        if holder is not None and stranger in state.hands[holder] and isinstance(action, Discard):
            continue
        with pytest.raises(IllegalActionError) as caught:
            apply(state, action)
        assert (caught.value.ruling or "").startswith("R")
    assert (state, hash(state), repr(state)) == before


def check_views(state: RommeState) -> None:
    for seat in range(len(state.players)):
        seen = view(state, seat)
        assert seen.hand == state.hands[seat]
        others = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
        public = set(seen.hand) | set(seen.discard_pile) | {c for meld in seen.melds for c in meld.cards}
        assert not public & others
        assert seen.stock_size == len(state.stock) and seen.hand_sizes == state.hand_sizes


@settings(max_examples=8)
@given(romme_games())
def test_whole_random_games_keep_every_invariant(game):
    state, rng = game
    steps = 0
    check(state)
    while state.phase is not RommePhase.GAME_OVER:
        before = state
        if steps % 7 == 0:
            check_refusals(state, rng)
        if steps % 29 == 0:
            check_views(state)
        state = apply(state, rng.choice(choices(state, rng)))
        check(state)
        if before.phase is RommePhase.ROUND_COMPLETE:  # R13: melds minus what is left in hand
            # A tie-break round's points go to the tie-break points and never change the totals (R14a).
            field = "tie_break_points" if before.in_tie_break else "scores"
            for seat in before.contenders:
                left = 0 if seat == before.out else sum(card.hand_value for card in before.hands[seat])
                gained = before.meld_value(seat) - left
                assert getattr(state, field)[seat] == getattr(before, field)[seat] + gained
            if before.in_tie_break:
                assert state.scores == before.scores
        steps += 1
        assert steps < 200_000, "the game did not end"
    assert state.winner in state.contenders
    assert state.scores[state.winner] == max(state.scores)  # R14a: the winner holds the highest total


@settings(max_examples=8)
@given(romme_games())
def test_same_seed_and_choices_give_the_same_game(game):
    state, rng = game
    seed = rng.getrandbits(32)

    def play_out(start: RommeState) -> RommeState:
        chooser = random.Random(seed)
        while start.phase is not RommePhase.GAME_OVER:
            start = apply(start, chooser.choice(choices(start, chooser)))
        return start

    assert play_out(state) == play_out(new_game(state.players, dealer=state.dealer, rules=state.rules,
                                                seed=state.seed))


def test_card_text_round_trips():
    for card in deck(6):
        assert RommeCard.parse(str(card)) == card


@settings(max_examples=25, deadline=None)
@given(romme_games(), st.integers(0, 2**32), st.integers(0, 150))
def test_hidden_cards_are_dealt_anew_in_a_world_the_seat_cannot_tell_apart(game, world_seed, steps):
    """R2: `deal_hidden` keeps every card in one place and all the seat sees; only what it cannot see moves."""
    from concombre.games.romme.bots.sampling import deal_hidden

    state, rng = game
    for _ in range(steps):
        if state.phase is RommePhase.GAME_OVER:
            break
        state = apply(state, rng.choice(choices(state, rng)))
    seat = rng.randrange(len(state.players))
    seen = view(state, seat)
    world = deal_hidden(seen, random.Random(world_seed))  # rebuilt through the loader's checks: reachable
    assert view(world, seat) == seen
    others = [other for other in state.contenders if other != seat]
    hidden = sorted([*state.stock, *(card for other in others for card in state.hands[other])])
    assert sorted([*world.stock, *(card for other in others for card in world.hands[other])]) == hidden


def lay_offs_accepted(state: RommeState) -> set[LayOff]:
    """Every lay-off `lay_off` accepts, trying every candidate card at every end of every meld."""
    from concombre.games.romme import lay_off
    from concombre.games.romme.options import by_face

    seat = state.to_play or 0
    faces, jokers = by_face(state.hands[seat])
    accepted = set()
    for index, meld in enumerate(state.melds):
        for card in [*faces.values(), *jokers[:1]]:
            for end in ("low", "high") if meld.kind == "run" else (None,):
                try:
                    lay_off(meld, card, seat, end)
                except IllegalActionError:
                    continue
                accepted.add(LayOff(card, index, end))
    return accepted


@settings(max_examples=10, deadline=None)
@given(romme_games())
def test_r9_lay_off_options_offer_every_lay_off_the_meld_accepts(game):
    """The quick test of which cards may join which meld never leaves out a lay-off `lay_off` accepts."""
    from concombre.games.romme import lay_off_options

    state, rng = game
    checked = 0
    while state.phase is not RommePhase.GAME_OVER and checked < 40:
        if state.phase is RommePhase.PLAY and state.opened[state.to_play or 0] and state.melds:
            assert set(lay_off_options(state)) == lay_offs_accepted(state)
            checked += 1
        state = apply(state, rng.choice(choices(state, rng)))


def illegal_variants(state: RommeState, action: RommeAction, rng: random.Random) -> list[RommeAction]:
    """Actions a step away from a legal one: a card not held, a meld broken, another place or end, the drawn card."""
    from concombre.romme import DrawDiscard, ExchangeJoker

    stranger = rng.choice(deck(state.rules.jokers))
    hand = state.hands[state.to_play] if state.to_play is not None else ()
    spare = rng.choice(hand) if hand else stranger
    variants: list[RommeAction] = [Discard(stranger), Discard(spare), DrawDiscard(), ScoreRound()]
    if state.drawn is not None:
        variants.append(Discard(state.drawn))
    if isinstance(action, MeldCards):
        first = list(action.melds[0])
        variants += [MeldCards([[*first, spare]]), MeldCards([[stranger, *first[1:]]]), MeldCards([first[:2]])]
    if isinstance(action, LayOff):
        variants += [LayOff(spare, action.meld, action.end), LayOff(action.card, action.meld, "low"),
                     LayOff(action.card, action.meld, "high"), LayOff(action.card, len(state.melds), action.end)]
    if isinstance(action, ExchangeJoker):
        variants += [attrs.evolve(action, place=(action.place + 1) % 13), attrs.evolve(action, card=spare),
                     attrs.evolve(action, new_meld=tuple(action.new_meld[1:]))]
    return variants


def same_refusal(state: RommeState, action: RommeAction) -> bool:
    """`refusal` returns exactly what `apply` raises, and None exactly when `apply` accepts; True if refused."""
    from concombre.romme import refusal

    refused = refusal(state, action)
    try:
        apply(state, action)
    except IllegalActionError as raised:
        assert refused is not None, (action, raised)
        assert (refused.ruling, refused.reason) == (raised.ruling, raised.reason)
        return True
    assert refused is None, (action, refused)
    return False


@settings(max_examples=8, deadline=None)
@given(romme_games())
def test_r15_the_refusal_is_what_apply_raises_and_none_exactly_when_it_accepts(game):
    """One refusal mechanism: every transition raises what its ``*_refusal`` says, legal actions get None."""
    from concombre.core.errors import InvalidArgumentError

    state, rng = game
    refused = steps = 0
    while state.phase is not RommePhase.GAME_OVER and steps < 400:
        options = choices(state, rng)
        chosen = rng.choice(options)
        for action in [chosen, *illegal_variants(state, chosen, rng)]:
            try:
                refused += same_refusal(state, action)
            except InvalidArgumentError:  # a variant no action can be (a meld of two cards...): not a refusal
                continue
        state = apply(state, chosen)
        steps += 1
    assert refused > steps  # the variants were refused, not only accepted


def test_the_refusal_never_runs_a_transition(monkeypatch):
    """Rommé's refusal judges without applying (it used to apply and catch)."""
    import attrs

    from concombre.core.game import Move
    from concombre.games.romme import actions
    from concombre.romme import DrawDiscard, deal, refusal

    def never(state: object, action: object) -> object:
        raise AssertionError("a refusal ran a transition")

    state = deal(new_game(3, seed=4))
    kinds = {kind: Move(move.refusal, never) for kind, move in actions.MOVES.kinds.items()}
    monkeypatch.setattr(actions, "MOVES", attrs.evolve(actions.MOVES, kinds=kinds))
    assert refusal(state, DrawStock()) is None and refusal(state, DrawDiscard()) is None
    refused = refusal(state, ScoreRound())
    assert refused is not None and refused.ruling == "R15"
