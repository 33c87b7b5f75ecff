"""One home per rule: C5, C7, C8 and the deal's key are defined once, in Concombre's rules module, and every
user goes through them (the transitions, the refusal's reason, the search bot, the batched engine, the bench).

Each user is run with the rule's home replaced by a spy in that user's namespace: the spy must be called, and
the game must still agree with the reference. A static scan shows the rule's fragments appear nowhere else.
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
from concombre.games.concombre import rules, search, state, transitions

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


def test_c7_the_transitions_follow_through_follow_mask(monkeypatch):
    follow = spy(monkeypatch, transitions, "follow_mask")
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


def test_the_batched_engine_goes_through_the_homes(monkeypatch):
    np = pytest.importorskip("numpy")
    pytest.importorskip("numba")
    from concombre.games.concombre import kernel

    assert kernel._AT_LEAST.tolist() == list(rules.AT_LEAST) and kernel._SAME_RANK.tolist() == list(rules.SAME_RANK)
    assert getattr(kernel._beats, "py_func") is rules.beats  # noqa: B009  # C8's home, compiled as it is
    sized = spy(monkeypatch, kernel, "deal_size")
    kernel.deal_sizes.cache_clear()
    table = kernel.deal_sizes(Rules(first_deal=5))
    assert sized.calls == 15 * 7 * 53
    assert all(table[wanted, active, pack] == rules.deal_size(Rules(first_deal=5), wanted, active, pack)
               for wanted in range(15) for active in range(1, 8) for pack in range(53))
    assert np.array_equal(rules.beats(np.arange(52), np.full(52, 20)), np.arange(52) >> 2 >= 5)


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
    from concombre.games.concombre.kernel import legal_cards

    for hand, trick in cases:
        lead, best = trick[0][1], max(card for _, card in trick)
        compiled = legal_cards(np.uint64(hand), len(trick), lead, best, rules_.follow == "lead", rules_.may_duck)
        assert int(compiled) == rules.follow_mask(hand, trick, rules_.follow == "lead", rules_.may_duck)


# -- nothing else writes the rules out ----------------------------------------------------------------------

FRAGMENTS = {
    "C7 (the masks of follow_mask)": ("& ~((1 << (index & ~3)) - 1)", "0xF << (index & ~3)"),
    "C8 (beats)": (">> 2 >=", ">> 2 >"),
    "C5 (deal_size)": ("first_deal *", "* players <= 52", "// players"),
    "the deal's key (deal_key)": ('b"concombre:', '"concombre", match.seed'),
}


def sources() -> Iterator[tuple[Path, str]]:
    for path in sorted(SRC.rglob("*.py")):
        if path != HOME:
            yield path, path.read_text(encoding="utf-8")


@pytest.mark.parametrize("rule", sorted(FRAGMENTS))
def test_a_rule_s_fragments_appear_only_in_its_home(rule):
    found = [f"{path.relative_to(SRC)}: {fragment!r}" for path, text in sources() for fragment in FRAGMENTS[rule]
             if fragment in text]
    assert not found, f"{rule} is written out beside its home: {found}"


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
    homes = {"follow_mask", "card_to_match", "beats", "winning_play", "deal_size", "deal_key", "AT_LEAST",
             "SAME_RANK"}
    defined = [(str(path.relative_to(SRC)), name) for path, text in sources() for node in ast.walk(ast.parse(text))
               if (name := _defines(node, homes))]
    assert not defined, f"a rule's home defined again: {defined}"


# -- rounds are read by name: only the state modules and the documented hot paths touch the inner form ------

HOT_PATHS = {
    "games/concombre/transitions.py": {"play", "resolve_trick", "legal_plays", "<module>"},
    "games/concombre/encoding.py": {"encode_state"},
    "games/concombre/views.py": {"view"},
    "games/romme/transitions.py": {"draw_stock", "discard", "<module>"},
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
