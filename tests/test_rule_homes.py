"""One home per rule: C2, C5, C7, C8, C12 and the deal's key are defined once, in Concombre's rules module, and
every user goes through them (the transitions, the refusal's reason, sampling, both searches, the batched
engine's kernel). Rommé's likewise: a card's face (R2), the melds (R5, R6), the opening (R8), the round's score
(R13) and the deal key, in its rules module, as integer functions that Numba compiles unchanged.

Each Python user is run with the rule's home replaced by a spy in that user's namespace: the spy must be
called. The compiled tier's functions must be the homes themselves, compiled (``py_func`` identity), and its
users must name them. A syntax scan finds no card rank worked out of an index outside the home, and none of
Rommé's faces or opening comparisons outside its.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concombre import PACK, Card, Phase, Play, Rules, SearchBot, apply, deal, legal_actions, new_game, view
from concombre import why_illegal as why
from concombre.core.cards import FULL_MASK
from concombre.games.concombre import rules, state, transitions
from concombre.games.concombre.bots import search

SRC = Path(__file__).resolve().parent.parent / "src" / "concombre"
HOME = SRC / "games" / "concombre" / "rules.py"


class Spy:
    """A rule's home that counts its calls."""

    def __init__(self, home: Callable[..., Any]) -> None:
        self.home, self.calls = home, 0

    def __call__(self, *args: Any) -> Any:
        self.calls += 1
        return self.home(*args)


def spy(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> Spy:
    watched = Spy(getattr(rules, name))
    monkeypatch.setattr(module, name, watched)
    return watched


def played_out(seed: int, players: int = 4, rules_: Rules = Rules()) -> Iterator[Any]:
    rng = random.Random(seed)
    game = new_game(players, seed=seed, rules=rules_)
    while game.phase is not Phase.GAME_OVER:
        yield game
        game = apply(game, rng.choice(legal_actions(game)))


# -- every user calls the home ------------------------------------------------------------------------------


def test_c7_the_transitions_follow_through_follow_cards(monkeypatch):
    follow = spy(monkeypatch, transitions, "follow_cards")
    for _ in played_out(1):
        pass
    assert follow.calls > 20


def test_c7_the_refusal_s_reason_lists_what_follow_mask_allows(monkeypatch):
    game = deal(new_game(2, seed=3), deck=PACK)
    game = apply(game, Play(Card.parse("3H")))
    follow = spy(monkeypatch, transitions, "follow_mask")
    reason = why(game, Play(Card.parse("2D")))
    assert follow.calls == 1 and reason is not None and reason.endswith("3♦ 3♠ 4♦ 4♠ 5♦. [C7]")


def test_c7_and_c8_the_search_bot_solves_with_the_homes(monkeypatch):
    follow, winner = spy(monkeypatch, search, "follow_mask"), spy(monkeypatch, search, "winning_play")
    to_match = spy(monkeypatch, search, "card_to_match")
    for seed in range(5):
        for game in played_out(seed, players=3):
            if game.phase is Phase.PLAY and len(game.hand(game.to_play)) <= 3:
                SearchBot(samples=2).choose(view(game, game.to_play), random.Random(1))
    assert follow.calls and winner.calls and to_match.calls


def test_c8_the_transitions_and_the_state_resolve_tricks_with_winning_play(monkeypatch):
    resolved, seen = spy(monkeypatch, transitions, "winning_play"), spy(monkeypatch, state, "winning_play")
    for game in played_out(2):
        game.last_trick_winner  # noqa: B018 - the property is the user
    assert resolved.calls > 5 and seen.calls > 5


def test_c5_matches_deal_through_deal_size_and_deals_through_deal_key(monkeypatch):
    sized, keyed = spy(monkeypatch, state, "deal_size"), spy(monkeypatch, transitions, "deal_key")
    rounds = sum(1 for game in played_out(3) if game.phase is Phase.DEAL)
    assert sized.calls >= rounds and keyed.calls == rounds


def test_c2_c7_c8_the_python_search_and_sampling_call_the_homes(monkeypatch):
    from concombre.games.concombre.bots import sampling

    valued, beaten = spy(monkeypatch, search, "value_of"), spy(monkeypatch, search, "beats")
    matched = spy(monkeypatch, sampling, "card_to_match")
    for seed in range(3):
        for game in played_out(seed, players=3):
            if game.phase is Phase.PLAY and len(game.hand(game.to_play)) <= 3:
                SearchBot(samples=2).choose(view(game, game.to_play), random.Random(1))
    assert valued.calls and beaten.calls and matched.calls


COMPILED_HOMES = ("beats", "follow_cards", "next_active", "value_of", "deal_size")


def test_the_compiled_tier_is_the_homes_compiled():
    """C2, C5, C7, C8, C12: the kernel's functions are the rules module's own, compiled; the search kernel uses
    the kernel's; and each compiled user names them (read from its code object, not its text)."""
    pytest.importorskip("numba")
    from concombre.games.concombre.fast import deals, kernel, search_kernel

    for name in COMPILED_HOMES:
        assert getattr(kernel, name).py_func is getattr(rules, name), name
    for name in ("beats", "value_of", "legal_cards"):
        assert getattr(search_kernel, name) is getattr(kernel, name), name
    users = {kernel.legal_cards: {"follow_cards"}, kernel._next_active: {"next_active"},
             kernel._score: {"value_of", "deal_size"}, kernel._restart: {"deal_size"},
             kernel.run_games: {"beats", "next_active", "legal_cards"},
             search_kernel.thumb_out: {"beats", "value_of", "legal_cards"}, search_kernel._solve: {"beats", "value_of"},
             search_kernel._likelihood: {"value_of"}, search_kernel.deal_unseen: {"value_of"}}
    for user, names in users.items():
        code = getattr(user, "py_func").__code__  # noqa: B009 - the dispatcher's Python function
        assert names <= set(code.co_names), (code.co_name, names)
    assert vars(deals)["deal_key"] is rules.deal_key  # the deal key's layout is read from its home


def test_the_compiled_homes_agree_with_the_python_homes():
    np = pytest.importorskip("numpy")
    pytest.importorskip("numba")
    from concombre.games.concombre.fast import kernel

    indices = np.arange(52)
    assert kernel.value_of(indices).tolist() == [rules.value_of(index) for index in range(52)]
    assert all(kernel.deal_size(first, wanted, active, pack) == rules.deal_size(first, wanted, active, pack)
               for first in (1, 7, 13) for wanted in range(15) for active in range(1, 8) for pack in range(53))
    for out in (0b0000, 0b1010, 0b1011):
        assert [kernel.next_active(seat, out, 4) for seat in range(4)] == [rules.next_active(seat, out, 4)
                                                                         for seat in range(4)]
    assert np.array_equal(rules.beats(indices, np.full(52, 20)), indices >> 2 >= 5)


@given(st.integers(0, FULL_MASK), st.integers(0, 51), st.booleans())
def test_c7_follow_cards_is_the_follow_rule_as_players_state_it(hand, to_match, may_duck):
    cards = [index for index in range(52) if hand >> index & 1]
    high = [index for index in cards if rules.value_of(index) >= rules.value_of(to_match)]
    lowest = [index for index in cards if rules.value_of(index) == min(map(rules.value_of, cards))] if cards else []
    allowed = set(high) | (set(lowest) if may_duck or not high else set())
    assert rules.follow_cards(hand, to_match, may_duck) == sum(1 << index for index in allowed)


def test_c2_value_of_is_card_value_and_c12_next_active_is_left_of():
    from concombre.core.seats import left_of

    assert [rules.value_of(index) for index in range(52)] == [rules.card_value(card) for card in PACK]
    for out in (0b00000, 0b11010, 0b10111):
        active = {seat for seat in range(5) if not out >> seat & 1}
        assert [rules.next_active(seat, out, 5) for seat in range(5)] == [left_of(seat, 5, active) for seat in range(5)]


# -- where a user inlines a line of a home for speed, or vectorises it, the two are held together -----------

hand_masks = st.integers(min_value=1, max_value=FULL_MASK)
tricks = st.lists(st.tuples(st.integers(0, 6), st.integers(0, 51)), min_size=1, max_size=6)


@given(tricks, st.booleans())
def test_c7_follow_mask_s_card_to_match_is_card_to_match(trick, follow_lead):
    target = rules.card_to_match(trick, follow_lead)
    hand = rules.AT_LEAST[target] & ~rules.SAME_RANK[target]
    assert rules.follow_mask(hand, trick, follow_lead, False) == hand & rules.AT_LEAST[target] or not hand


@given(tricks)
def test_c8_winning_play_folds_beats(trick):
    best = trick[0]
    for play in trick[1:]:
        if rules.beats(play[1], best[1]):
            best = play
    assert rules.winning_play(trick) == best


@given(st.lists(st.tuples(hand_masks, tricks), min_size=1, max_size=30), st.sampled_from(
    [Rules(), Rules(follow="highest"), Rules(may_duck=True), Rules(follow="highest", may_duck=True)]))
def test_c7_the_batched_follow_rule_is_follow_mask(cases, rules_):
    np = pytest.importorskip("numpy")
    pytest.importorskip("numba")
    from concombre.games.concombre.fast.kernel import legal_cards

    for hand, trick in cases:
        lead, best = trick[0][1], max(card for _, card in trick)
        compiled = legal_cards(np.uint64(hand), len(trick), lead, best, rules_.follow == "lead", rules_.may_duck)
        assert int(compiled) == rules.follow_mask(hand, trick, rules_.follow == "lead", rules_.may_duck)


# -- nothing else writes the rules out ----------------------------------------------------------------------

def sources() -> Iterator[tuple[Path, str]]:
    for path in sorted(SRC.rglob("*.py")):
        if path != HOME:
            yield path, path.read_text(encoding="utf-8")


def _restates_a_rank(node: ast.AST) -> bool:
    """A card's rank worked out of its `PACK` index: ``i >> 2``, ``i & ~3``, ``0xF << ...``, ``4 * rank``."""
    if not isinstance(node, ast.BinOp):
        return False
    right, left = node.right, node.left
    number = right.value if isinstance(right, ast.Constant) else None
    if isinstance(node.op, ast.RShift) and number == 2:
        return True
    if isinstance(node.op, ast.BitAnd) and isinstance(right, ast.UnaryOp) and isinstance(right.op, ast.Invert):
        return isinstance(right.operand, ast.Constant) and right.operand.value == 3
    if isinstance(node.op, ast.LShift) and isinstance(left, ast.Constant) and left.value == 0xF:
        return True
    return isinstance(node.op, ast.Mult) and any(isinstance(side, ast.Constant) and side.value == 4
                                                 and isinstance(other, ast.Name) and "rank" in other.id
                                                 for side, other in ((left, right), (right, left)))


def test_no_card_rank_is_restated_outside_its_home():
    concombre = SRC / "games" / "concombre"
    found = [f"{path.relative_to(SRC)}: {ast.unparse(node)}"
             for path, text in sources() if path.is_relative_to(concombre) or "accel" in path.parts
             for node in ast.walk(ast.parse(text)) if _restates_a_rank(node)]
    assert not found, f"a card's rank written out beside its home (concombre.games.concombre.rules): {found}"


def _defines(node: ast.AST, homes: set[str]) -> str | None:
    """The home ``node`` defines again, if it does: a function or table of a home's name that does not read it."""
    if isinstance(node, ast.FunctionDef) and node.name.lstrip("_") in homes:
        name, body = node.name.lstrip("_"), "\n".join(ast.unparse(line) for line in node.body)
    elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and node.targets[0].id.lstrip(
            "_") in homes:
        name, body = node.targets[0].id.lstrip("_"), ast.unparse(node.value)
    else:
        return None
    return None if name in body else name  # a wrapper or a copy reads the home by its name


def test_each_home_is_defined_once():
    homes = {"follow_mask", "follow_cards", "card_to_match", "beats", "winning_play", "deal_size", "deal_key",
             "AT_LEAST", "SAME_RANK", "RANK_CARDS", "value_of", "next_active"}
    defined = [(str(path.relative_to(SRC)), name) for path, text in sources() for node in ast.walk(ast.parse(text))
               if (name := _defines(node, homes))]
    assert not defined, f"a rule's home defined again: {defined}"


# -- rounds are read by name: only the state modules and the documented hot paths touch the inner form ------

HOT_PATHS = {
    "core/seats.py": {"state_writers"},  # the slot's writer, for every game's state
    "games/concombre/transitions.py": {"play", "resolve_trick", "legal_plays"},
    "games/concombre/encoding.py": {"encode_state"},
    "games/concombre/views.py": {"view"},
    "games/romme/transitions.py": {"draw_stock", "discard"},
}


def _reads_of_the_round(tree: ast.Module) -> set[str]:
    """The functions (``<module>`` for top-level code) that touch ``._round`` or ``__dict__["_round"]``."""
    found = set()

    def walk(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            inside = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else where
            if (isinstance(child, ast.Attribute) and child.attr == "_round") or (
                    isinstance(child, ast.Constant) and child.value == "_round"):
                found.add(where)
            walk(child, inside)

    walk(tree, "<module>")
    return found


def test_only_the_hot_paths_read_a_round_by_position():
    for path, text in sources():
        relative = str(path.relative_to(SRC))
        if relative.endswith("/state.py"):
            continue
        readers = _reads_of_the_round(ast.parse(text))
        assert readers <= HOT_PATHS.get(relative, set()), f"{relative} reads the round's inner form in {readers}"


# -- the bots: one registry, the rule of thumb once per form -------------------------------------------------


def test_the_roster_is_the_one_registry_of_bots():
    from concombre.games import find_game
    from concombre.games.concombre.bots import BOTS, LEVELS, ROSTER

    assert list(BOTS) == [offer.name for offer in ROSTER if offer.installed]
    assert {level.bot for level in LEVELS} <= set(BOTS)
    game = find_game("concombre")
    assert game.bots is not None and game.bots.makers is BOTS
    if all(offer.installed for offer in ROSTER):
        from concombre.games.concombre.fast import kernel

        compiled = tuple(offer.name for offer in ROSTER if offer.compiled)
        assert compiled == kernel.BOTS
        assert game.learning is not None and game.learning.batched is not None
        assert tuple(game.learning.batched().bots) == compiled


@given(st.integers(1, FULL_MASK))
def test_the_rule_of_thumb_compiled_is_the_rule_of_thumb(legal):
    np = pytest.importorskip("numpy")
    pytest.importorskip("numba")
    from concombre.games.concombre.bots.simple import thumb_card
    from concombre.games.concombre.fast import kernel

    assert kernel.thumb_card(np.uint64(legal)) == thumb_card(legal)


def test_the_thumb_bot_plays_the_rule_of_thumb_and_the_playouts_use_it(monkeypatch):
    from concombre import ThumbBot
    from concombre.games.concombre.bots import simple

    ruled = spy_on(monkeypatch, simple, "thumb_card")
    for game in played_out(4):
        if game.phase is Phase.PLAY:
            seen = view(game, game.to_play)
            assert ThumbBot().choose(seen, random.Random(0)) == Play(max(seen.legal_plays))
    assert ruled.calls > 20


def spy_on(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> Spy:
    watched = Spy(getattr(module, name))
    monkeypatch.setattr(module, name, watched)
    return watched


# -- Rommé: its rules module names each ruling's home, and the users call them -------------------------------


def test_romme_s_rules_name_a_home_for_each_ruling_a_function_decides():
    import importlib

    from concombre.games.romme import rules as romme_rules

    for ruling, path in romme_rules.HOMES.items():
        module, _, name = path.rpartition(".")
        assert callable(getattr(importlib.import_module(module), name)), ruling
    assert {"R2 faces", "R5", "R5 sets", "R5 runs", "R6", "R7a", "R8", "R9", "R10", "R13"} <= set(romme_rules.HOMES)


def test_romme_s_transitions_legal_actions_and_bots_call_the_homes(monkeypatch):
    from concombre import romme
    from concombre.games.romme import bots as romme_bots
    from concombre.games.romme import documents as romme_documents
    from concombre.games.romme import legal as romme_legal
    from concombre.games.romme import melds as romme_melds
    from concombre.games.romme import options as romme_options
    from concombre.games.romme import rules as romme_rules
    from concombre.games.romme import transitions as romme_transitions
    from concombre.games.romme.bots import solver as romme_solver

    romme_solver.clear_cache()  # the solver and the options remember melds: the spies must see them worked out
    monkeypatch.setattr(romme_options, "_SET_PATTERNS", [None] * 5)
    monkeypatch.setattr(romme_options, "_RUN_PATTERNS", {})
    monkeypatch.setattr(romme_legal, "_KNOWN", {})
    users = ((romme_transitions, ("deal_key", "opens", "round_score", "withheld_discard")),
             (romme_legal, ("face", "set_fits", "run_fits", "run_number", "natural_face", "withheld_discard")),
             (romme_bots, ("opens", "withheld_discard")), (romme_options, ("opens", "set_fits", "run_fits")),
             (romme_melds, ("face", "face_rank", "face_suit", "run_number", "set_fits", "run_fits")),
             (romme_solver, ("face", "run_face", "opens", "set_fits", "run_fits")), (romme_documents, ("round_score",)))
    watched = {(module.__name__, name): spy_on_home(monkeypatch, module, romme_rules, name)
               for module, names in users for name in names}
    rng, bots = random.Random(5), (romme.BOTS["random"](), romme.BOTS["solver"]())
    state = romme.new_game(2, seed=5)
    for _ in range(5000):
        if state.phase is romme.Phase.GAME_OVER:
            break
        if state.phase is romme.Phase.PLAY and rng.random() < 0.5:
            state = romme.apply(state, rng.choice(bots).choose(romme.view(state, state.to_play or 0), rng))
        else:
            action = rng.choice(romme.legal_actions(state))
            assert romme.is_legal(state, action)  # the refusals ask the homes too
            state = romme.apply(state, action)
        if state.last_result is not None:
            romme_documents.check_state(state)  # a loaded score sheet is checked by R13's home
    assert not [key for key, spied in watched.items() if not spied.calls]  # each user called each home


ROMME_COMPILED_HOMES = ("face", "face_rank", "face_suit", "natural_face", "run_face", "run_number", "run_rank",
                        "set_fits", "run_fits", "opens", "round_score")


def test_romme_s_integer_homes_compile_as_they_are():
    """The homes the compiled tier calls are plain integer functions: Numba compiles each unchanged, and the
    compiled function agrees with the Python one on every input it takes (naturals' faces, masks, counts)."""
    numba = pytest.importorskip("numba")
    from concombre.games.romme import rules as romme_rules

    cases: dict[str, list[tuple[Any, ...]]] = {
        "face": [(index,) for index in range(110)],
        "face_rank": [(natural,) for natural in range(52)],
        "face_suit": [(natural,) for natural in range(52)],
        "run_face": [(natural,) for natural in range(52)],
        "run_number": [(rank, low) for rank in range(13) for low in (False, True)],
        "natural_face": [(rank, suit) for rank in range(13) for suit in range(4)],
        "run_rank": [(number,) for number in range(1, 15)],
        "set_fits": [(suits, naturals, jokers) for suits in range(16) for naturals in range(5) for jokers in range(7)],
        "run_fits": [(start, naturals, jokers) for start in range(16) for naturals in range(15) for jokers in range(7)],
        "opens": [(worth, need) for worth in range(0, 80, 5) for need in (30, 40, 50, 60)],
        "round_score": [(melded, held, out) for melded in (0, 40, 95) for held in (0, 12) for out in (False, True)],
    }
    assert set(cases) == set(ROMME_COMPILED_HOMES)
    for name, arguments in cases.items():
        home = getattr(romme_rules, name)
        compiled = numba.njit(home)
        assert [compiled(*args) for args in arguments] == [home(*args) for args in arguments], name


def test_romme_s_face_is_rank_and_suit_and_the_solver_s_order_is_derived_from_it():
    from concombre.core.cards import Rank, Suit
    from concombre.games.romme import rules as romme_rules
    from concombre.games.romme.bots import solver as romme_solver
    from concombre.games.romme.cards import deck

    suits = tuple(Suit)
    for card in deck(6):
        number = romme_rules.face(card.index)
        if card.is_joker:
            assert number == romme_rules.JOKER_FACE
            continue
        assert card.rank is not None and card.suit is not None
        assert (romme_rules.face_rank(number), romme_rules.face_suit(number)) == (card.rank - 2, suits.index(card.suit))
        assert romme_solver._FACES[romme_rules.run_face(number)] == (card.rank, card.suit)
        assert romme_rules.natural_face(romme_rules.face_rank(number), romme_rules.face_suit(number)) == number
        ace = card.rank is Rank.ACE
        assert romme_rules.run_number(romme_rules.face_rank(number), True) == (1 if ace else int(card.rank))
    assert sorted(map(romme_rules.run_face, range(romme_rules.FACES))) == list(range(romme_rules.FACES))
    assert [romme_rules.run_rank(romme_rules.run_number(rank, low)) for rank in range(13) for low in (False, True)] == [
        rank for rank in range(13) for _ in range(2)]
    # the options' tables, by sorting index and by face, are the homes' answers, read once
    from concombre.games.romme import options

    assert tuple(map(romme_rules.face, range(110))) == options._FACE_OF
    assert tuple(map(romme_rules.face_rank, range(52))) == options._RANK_OF
    assert tuple(map(romme_rules.face_suit, range(52))) == options._SUIT_OF


def _romme_meld_verdicts() -> Iterator[tuple[list[Any], bool, str]]:
    """Sets of every subset of one rank's suits, and runs of every window with jokers in every place: the
    cards, whether the integer homes say they meld, and which home."""
    import itertools

    from concombre.games.romme import rules as romme_rules
    from concombre.games.romme.cards import RommeCard, card_at

    jokers = [RommeCard.joker(copy) for copy in range(1, 7)]
    for rank in (0, 9, 12):
        for suits in range(16):
            naturals = [card_at(2 * (4 * rank + suit)) for suit in range(4) if suits >> suit & 1]
            for used in range(4):
                fits = romme_rules.set_fits(suits, len(naturals), used)
                yield naturals + jokers[:used], fits, "set"
        yield [card_at(2 * 4 * rank), card_at(2 * 4 * rank + 1), jokers[0]], romme_rules.set_fits(1, 2, 1), "set"
    for start in range(1, 15):
        for size in range(1, 15):
            numbers = range(start, start + size)
            beyond = {position for position, number in enumerate(numbers) if number > 14}  # only a joker there
            for holes in itertools.chain([()], itertools.combinations(range(size), 1),
                                         itertools.combinations(range(size), 2)):
                blanks = beyond | set(holes)
                if len(blanks) > 6 or len(blanks) == size:
                    continue
                cards, used = [], 0
                for position, number in enumerate(numbers):
                    if position in blanks:
                        cards.append(jokers[used])
                        used += 1
                    else:  # the natural card of hearts at this place
                        cards.append(card_at(2 * (4 * (12 if number in (1, 14) else number - 2) + 2)))
                yield cards, romme_rules.run_fits(start, size - used, used), "run"


def test_romme_s_meld_homes_decide_what_make_meld_accepts():
    """R5, R6: where the integer homes say cards meld, `why_not_meld` (the worded home) agrees, run by run and set
    by set (with jokers in every place)."""
    from concombre.games.romme.melds import why_not_meld

    checked = 0
    for cards, fits, kind in _romme_meld_verdicts():
        reason = why_not_meld(cards)
        assert (reason is None) == fits, ([str(card) for card in cards], kind, reason)
        checked += 1
    assert checked > 1000


def spy_on_home(monkeypatch: pytest.MonkeyPatch, user: Any, home: Any, name: str) -> Spy:
    watched = Spy(getattr(home, name))
    monkeypatch.setattr(user, name, watched)
    return watched


# -- Rommé: nothing else works a card's face out of its index, or compares a worth with the opening ----------

ROMME_HOME = SRC / "games" / "romme" / "rules.py"


def romme_sources() -> Iterator[tuple[Path, str]]:
    """Rommé's modules (the compiled tier's too) and its front door, but its rules module."""
    for path in sorted(SRC.rglob("*.py")):
        if path != ROMME_HOME and ("romme" in path.parts or path.name == "romme.py"):
            yield path, path.read_text(encoding="utf-8")


def _restates_a_face(node: ast.AST) -> bool:
    """A card's face worked out of its sorting index (R2): ``card.index >> 1``, ``index // 2``."""
    if not isinstance(node, ast.BinOp) or not isinstance(node.right, ast.Constant):
        return False
    halved = (isinstance(node.op, ast.RShift) and node.right.value == 1) or (
        isinstance(node.op, ast.FloorDiv) and node.right.value == 2)
    return halved and any(word in ast.unparse(node.left) for word in ("index", "card"))


def _restates_the_opening(node: ast.AST) -> bool:
    """R8's comparison written out: a worth compared with the opening (``worth >= rules.opening``, ``>= need``),
    rather than asked of `opens`. A comparison with a constant (an argument's check) is not R8, nor one with the
    compiled solver bot's memo ``absent`` (the least opening known out of a hand's reach: needs against needs)."""
    if not isinstance(node, ast.Compare) or not any(isinstance(op, (ast.GtE, ast.Gt, ast.Lt, ast.LtE))
                                                    for op in node.ops):
        return False
    sides = [node.left, *node.comparators]
    if any(isinstance(side, ast.Constant) or (isinstance(side, ast.Name) and side.id == "absent") for side in sides):
        return False
    return any("opening" in ast.unparse(side) or (isinstance(side, ast.Name) and side.id == "need") for side in sides)


def test_romme_s_faces_and_opening_are_not_restated_outside_their_homes():
    found = [f"{path.relative_to(SRC)}: {ast.unparse(node)}" for path, text in romme_sources()
             for node in ast.walk(ast.parse(text)) if _restates_a_face(node) or _restates_the_opening(node)]
    assert not found, f"a card's face or R8 written out beside its home (concombre.games.romme.rules): {found}"


def test_the_romme_scan_finds_what_it_looks_for():
    """The scan is not vacuous: the homes' own lines, and the lines they replaced, are caught."""
    def flagged(text: str) -> bool:
        line = ast.parse(text, mode="eval").body
        return _restates_a_face(line) or _restates_the_opening(line)

    assert all(map(flagged, ("card.index >> 1", "index // 2", "worth >= rules.opening", "option[1] >= need",
                             "value + 3 < state.rules.opening")))
    assert not any(map(flagged, ("counts >> 1", "opening < 0", "len(hand) // 2", "rules.opening != 40")))
    home = ast.parse(ROMME_HOME.read_text(encoding="utf-8"))
    assert any(_restates_a_face(node) for node in ast.walk(home)) and any(
        _restates_the_opening(node) for node in ast.walk(home))


def test_romme_s_opens_takes_the_opening_as_a_number_and_its_old_form_warns():
    from concombre.games.romme import rules as romme_rules

    assert romme_rules.opens(40, 40) and not romme_rules.opens(39, 40)
    with pytest.warns(DeprecationWarning, match=r"opens\(worth, rules.opening\)"):
        assert romme_rules.opens(30, romme_rules.Rules(opening=30))  # type: ignore[arg-type]  # 0.x's form
    with pytest.warns(DeprecationWarning, match="is deprecated"):
        assert not romme_rules.opens(39, romme_rules.Rules())  # type: ignore[arg-type]
