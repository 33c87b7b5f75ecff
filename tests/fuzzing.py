"""Fuzzing the library's edges: mutated real documents for every loader, wrong arguments for every public call.

The tests in ``test_fuzz.py`` drive these helpers with hypothesis. Run this file
for the figures of a long campaign (documents mutated and calls made, what
happened to them, and the slowest of each)::

    python -m tests.fuzzing --documents 100000 --calls 40000

A document either loads into something a game could reach (a state whose
views load back and whose play goes on, a record that replays, an action that
reads back in both forms) or is refused with `FormatError` and a path.
A call either returns or raises one of the library's own errors, and never
changes its arguments.
"""

from __future__ import annotations

import argparse
import copy
import inspect
import itertools
import json
import math
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import concombre
import concombre.romme as romme
from concombre import ConcombreError, FormatError, Record, from_dict, to_dict, to_json
from concombre.games import find_game

from .support import choices as romme_choices

# -- a corpus of real documents --------------------------------------------------------------


def _random_game(name: str, players: int, seed: int, rules: Any) -> tuple[list[Any], Record]:
    game = find_game(name)
    rng = random.Random(seed)
    state = game.new_game(players, seed=seed, rules=rules)
    record = Record.of(state)
    states = [state]
    while not game.is_over(state):
        options = romme_choices(state, rng) if name == "romme" else list(game.legal_actions(state))
        action = rng.choice(options)
        state, record = game.apply(state, action), record.then(action)
        states.append(state)
    return states, record


def corpus(games: int = 2) -> list[dict[str, Any]]:
    """Real documents of both games: states from every phase, every seat's views, records and actions."""
    documents: list[dict[str, Any]] = []
    setups = [
        ("concombre", 3, concombre.Rules()),
        ("concombre", 5, concombre.Rules(follow="highest", may_duck=True, limit=15)),
        ("romme", 2, romme.Rules()),
        ("romme", 3, romme.Rules(jokers=6, may_return_discard=True, rebuilds=1)),
    ]
    for number, (name, players, rules) in enumerate(setups * games):
        states, record = _random_game(name, players, 1000 + number, rules)
        game = find_game(name)
        step = max(1, len(states) // 12)
        picked = [*states[::step], states[-1]]
        documents += [to_dict(state) for state in picked]
        documents += [to_dict(game.view(state, seat)) for state in picked[::3] for seat in range(players)]
        documents.append(to_dict(record))
        documents += [to_dict(action) for action in record.actions[:: max(1, len(record.actions) // 10)]]
    return documents


# -- structure-aware mutations -----------------------------------------------------------------

ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, -1, 2, 6, 7, 13, 14, 99, 10_000, 2**31, 2**63, 2**64, -(2**63), 10**18, 1.5, math.pi,
    "", " ", "x", "QH", "QH1", "JK1", "JK7", "1C", "AS2", "deal", "play", "round complete", "Ann\u2028Bob",
    "A\x85B", "\ud800", " Ann", "Ann\n", "\u202eAnn", "x" * 70, "x" * 300, [], [0], [None], ["QH"], {}, {"a": 1},
]


def _paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*path, index))


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        node = node[step]
    return node


def _nearby_card(text: str, rng: random.Random) -> str:
    if len(text) == 2:
        return rng.choice("23456789TJQKA") + rng.choice("CDHS")
    if text.startswith("JK"):
        return f"JK{rng.randint(1, 7)}"
    return rng.choice("23456789TJQKA") + rng.choice("CDHS") + rng.choice("123")


def mutate(document: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``document`` changed in one to three places, the way a bug or a hand edit would change it."""
    mutated = copy.deepcopy(document)
    for _ in range(rng.choice((1, 1, 2, 3))):
        paths = [path for path in _paths(mutated) if path]
        if not paths:
            break
        path = rng.choice(paths)
        parent, key = _get(mutated, path[:-1]), path[-1]
        value = parent[key]
        operation = rng.randrange(8)
        if operation == 0:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif operation == 1 and type(value) is int:
            parent[key] = value + rng.choice((-2, -1, 1, 2, 1000, -(value * 2) - 1))
        elif operation == 2 and isinstance(value, str) and len(value) <= 3:
            parent[key] = _nearby_card(value, rng)
        elif operation == 3 and isinstance(parent, list):
            del parent[key]
        elif operation == 4 and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(value))
        elif operation == 5 and isinstance(parent, list) and len(parent) > 1:
            other = rng.randrange(len(parent))
            parent[key], parent[other] = parent[other], parent[key]
        elif operation == 6:
            parent[key] = copy.deepcopy(_get(mutated, rng.choice(paths)))  # a part spliced from elsewhere
        elif isinstance(parent, dict) and operation == 7:
            if rng.random() < 0.5 and key != "format":
                del parent[key]
            else:  # an unknown field; from_dict may be given keys that JSON could not hold
                parent[rng.choice((f"extra_{key}", 1, None))] = value
        elif type(value) is bool:
            parent[key] = not value
    return mutated


# -- what a loaded document must be ------------------------------------------------------------


def check_loaded(value: Any) -> None:
    """A loaded value is one a game could reach: it reads back, and a state's views load and its play goes on."""
    assert from_dict(to_dict(value)) == value
    to_json(value).encode("utf-8")
    if isinstance(value, Record):
        again = Record.from_text(value.to_text(), value.game)
        assert again == value, "the text form of a loaded record reads back"
        return
    game = _game_of_value(value)
    if game is None:
        return
    if isinstance(value, game.State):
        for seat in range(len(value.players)):
            seen = game.view(value, seat)
            assert from_dict(to_dict(seen)) == seen
        if not game.is_over(value):
            actions = game.legal_actions(value)
            assert actions, "a game that is not over has a legal action"
            game.apply(value, actions[0])
    elif isinstance(value, game.action_types):
        assert game.records.parse_action(game.records.action_text(value)) == value, "an action reads back from its text"


def _game_of_value(value: Any) -> Any:
    for name in ("concombre", "romme"):
        game = find_game(name)
        if isinstance(value, (game.State, game.View, *game.action_types)):
            return game
    return None


def load_mutated(document: dict[str, Any]) -> str:
    """Load one document: ``"loaded"`` (and checked) or ``"refused"``; anything else raises."""
    try:
        value = from_dict(document)
    except FormatError as err:
        assert isinstance(err.path, str) and err.path, err
        return "refused"
    check_loaded(value)
    return "loaded"


# -- wrong arguments for every public call -----------------------------------------------------

_NOT_VALIDATED = {
    # Inner forms built by the engines, documented as unchecked: a program that builds them
    # by hand takes the checked road through `from_dict`.
    "Match", "State", "View", "RoundResult", "Meld", "Place",
    # Protocols, unions, enums and errors: Python's own behaviour.
    "Game", "Bot", "Action", "Phase", "Rank", "Suit",
}


DEPRECATED_PARAMETERS = frozenset({"deck_order"})
"""Old keyword names kept for one minor version: they warn by design, so the fuzzer leaves them out."""


def _beyond_the_front_doors() -> dict[str, Callable[..., Any]]:
    """The other public calls that take a record, a view, a card or a person's text."""
    from concombre.apps.simulate import game_played
    from concombre.core.cards import plain_card_text
    from concombre.games.concombre.story import play_reasons, read_play
    from concombre.games.romme.bots.solver import best_melds, best_opening
    from concombre.games.romme.story import read_step, step_reasons
    from concombre.io.records import read_record

    return {
        "concombre.Record.of": concombre.Record.of, "concombre.Record.from_text": concombre.Record.from_text,
        "concombre.romme.Record.of": romme.Record.of, "concombre.io.records.read_record": read_record,
        "concombre.core.cards.plain_card_text": plain_card_text, "concombre.apps.simulate.game_played": game_played,
        "concombre.read_play": read_play, "concombre.play_reasons": play_reasons,
        "concombre.romme.read_step": read_step, "concombre.romme.step_reasons": step_reasons,
        "concombre.romme.best_melds": best_melds, "concombre.romme.best_opening": best_opening,
    }


def public_calls() -> dict[str, Callable[..., Any]]:
    """Every public function and checked class of ``concombre`` and ``concombre.romme``, by qualified name, and
    the other public calls that take a record, a view, a card or a person's text."""
    found: dict[str, Callable[..., Any]] = dict(_beyond_the_front_doors())
    for module in (concombre, romme):
        for name in module.__all__:
            value = getattr(module, name)
            if not callable(value) or name in _NOT_VALIDATED:
                continue
            if isinstance(value, type) and issubclass(value, BaseException):
                continue
            found[f"{module.__name__}.{name}"] = value
    return found


def _right_values() -> dict[str, dict[str, list[Any]]]:
    """Well-formed arguments for each parameter name, per game module."""
    c_states, c_record = _random_game("concombre", 3, 7, concombre.Rules())
    r_states, r_record = _random_game("romme", 2, 7, romme.Rules())
    c_pick = c_states[:: max(1, len(c_states) // 8)]
    r_pick = r_states[:: max(1, len(r_states) // 8)]
    c_card, r_card = concombre.Card.parse("QH"), romme.RommeCard.parse("QH1")
    r_cards = romme.cards_of("QH1 QS1 QD1")
    shared: dict[str, list[Any]] = {
        "players": [2, 3, ["Ann", "Bob"]], "seat": [0, 1], "dealer": [0, 1], "seed": [1, 2**63], "indent": [2],
        "owner": [0, 1], "position": [0, 2], "place": [0, 2], "meld": [0, 1], "end": [None, "low", "high"],
        "ace_low": [True, False], "name": ["concombre", "romme", "random"], "samples": [4], "horizon": [2],
        "seconds": [None], "kind": ["concombre.state/1", "concombre.romme.view/1"],
    }
    concombre_values: dict[str, list[Any]] = {
        **shared,
        "state": c_pick, "action": [concombre.Deal(), concombre.Play("QH"), concombre.ScoreRound()],
        "card": [c_card, "QH"], "rules": [concombre.Rules()], "record": [c_record],
        "trick": [[(0, c_card), (1, concombre.Card.parse("2C"))]], "deck": [None, list(concombre.PACK)],
        "hands": [{0: list(concombre.PACK[:7])}], "document": [to_dict(c_pick[2])], "text": [to_json(c_pick[2])],
        "expected": [None, concombre.State], "value": [c_pick[1], c_record], "line": ["deal", "play QH"],
        "rank": [concombre.Rank.QUEEN], "suit": [concombre.Suit.HEARTS], "follow": ["lead"], "may_duck": [False],
        "first_deal": [7], "limit": [21], "actions": [()],
        "table": [c_pick[2], concombre.view(c_pick[2], 0)], "answer": ["QH", "1", "10♥"],
        "bots": [[concombre.ThumbBot(), concombre.RandomBot()]], "game": ["concombre", None],
        "max_bytes": [2**20],
    }
    romme_values: dict[str, list[Any]] = {
        **shared,
        "state": r_pick, "action": [romme.Deal(), romme.DrawStock(), romme.Discard("QH1"), 0, 1],
        "meld": [0, romme.make_meld(r_cards, 0), romme.make_meld(romme.cards_of("5H1 6H1 JK1"), 1)],
        "card": [r_card, "QH1"], "rules": [romme.Rules()], "record": [r_record], "cards": [r_cards, "QH1 QS1 QD1"],
        "text": ["QH1 QS1 QD1"], "hand": [r_cards], "melds": [[r_cards]], "new_meld": [r_cards],
        "deck": [None], "deck_order": [None], "hands": [{0: r_cards}], "discard_top": [None],
        "jokers": [4, 6], "line": ["draw stock", "discard QH1"], "copy": [1, 2], "rank": [concombre.Rank.QUEEN],
        "suit": [concombre.Suit.HEARTS, None], "opening": [40], "may_return_discard": [False], "rebuilds": [2],
        "actions": [()],
        "table": [r_pick[2], romme.view(r_pick[2], 0)], "answer": ["s", "meld QH QS QD", "discard qh"],
        "max_bytes": [2**20],
    }
    return {"concombre": concombre_values, "concombre.romme": romme_values}


def _wrong_values() -> list[Any]:
    c_state = concombre.new_game(2, seed=3)
    r_state = romme.deal(romme.new_game(2, seed=3))
    return [
        *ODD_VALUES, float("nan"), b"QH", (1, 2), object(), ..., c_state, r_state, romme.view(r_state, 0),
        concombre.view(concombre.deal(c_state), 0), concombre.Card.parse("2C"), romme.RommeCard.parse("2C2"),
        romme.Deal(), concombre.Play("2C"), list(romme.deck(6)) * 12, [["QH1"] * 3] * 40, {0: ["QH"]}, {-1: []},
        {"QH": 1}, concombre.Rules(), romme.Rules(),
    ]


class CallFuzzer:
    """Calls public functions with arguments of which at least one is wrong, and judges what comes out."""

    def __init__(self) -> None:
        self.calls = public_calls()
        self.right = _right_values()
        self.wrong = _wrong_values()

    def arguments(self, name: str, rng: random.Random) -> tuple[list[Any], dict[str, Any]]:
        function = self.calls[name]
        module = "concombre.romme" if name.startswith("concombre.romme.") else "concombre"
        parameters = [
            parameter for parameter in inspect.signature(function).parameters.values()
            if parameter.kind not in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD)
            and parameter.name not in DEPRECATED_PARAMETERS
        ]
        wrong_at = rng.randrange(len(parameters)) if parameters else -1
        args: list[Any] = []
        kwargs: dict[str, Any] = {}
        for index, parameter in enumerate(parameters):
            optional = parameter.default is not parameter.empty
            if optional and index != wrong_at and rng.random() < 0.4:
                continue
            pool = self.right[module].get(parameter.name, [])
            wrong = index == wrong_at or not pool or rng.random() < 0.2
            value = rng.choice(self.wrong if wrong else pool)
            if parameter.kind is parameter.KEYWORD_ONLY or (optional and rng.random() < 0.5):
                kwargs[parameter.name] = value
            else:
                if kwargs:  # positional after a keyword: name it too
                    kwargs[parameter.name] = value
                else:
                    args.append(value)
        return args, kwargs

    def call(self, name: str, rng: random.Random) -> tuple[str, float]:
        """One call of ``name`` with wrong arguments: ``("returned" | "refused", seconds)``; anything else raises."""
        args, kwargs = self.arguments(name, rng)
        before = [_snapshot(value) for value in (*args, *kwargs.values())]
        start = time.perf_counter()
        try:
            result = self.calls[name](*args, **kwargs)
            if inspect.isgenerator(result) or isinstance(result, Iterator):
                list(itertools.islice(result, 200))
            outcome = "returned"
        except ConcombreError:
            outcome = "refused"
        except BaseException as exc:
            raise AssertionError(f"{name}(*{args!r:.300}, **{kwargs!r:.300}) raised {exc!r:.300}") from exc
        finally:
            seconds = time.perf_counter() - start
            after = [_snapshot(value) for value in (*args, *kwargs.values())]
            if after != before:
                raise AssertionError(f"{name} changed its arguments: {args!r:.300} {kwargs!r:.300}")
        return outcome, seconds


def _snapshot(value: Any) -> Any:
    """What can be compared after a call to see that an argument was not changed."""
    if isinstance(value, (list, dict, set)):
        return repr(value)
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    try:
        return (type(value), hash(value))
    except TypeError:
        return repr(value)


# -- large inputs: none of up to 1 MiB may take long ----------------------------------------------


def large_inputs() -> Iterator[tuple[str, str]]:
    """Inputs of about 1 MiB built to be slow: long arrays, long records, deep nesting, many lines."""
    state = to_dict(concombre.deal(concombre.new_game(3, seed=1)))
    record = Record.of(concombre.new_game(3, seed=1))
    yield "a hand of 150,000 cards", json.dumps({**state, "hands": [["QH"] * 150_000, [], []]})
    deals = Record(record.players, record.rules, 1, 0, (concombre.Deal(),) * 90_000)
    yield "a record of 90,000 deals", to_json(deals)
    yield "a text record of 200,000 lines", record.to_text() + "score\n" * 200_000
    yield "JSON nested 500,000 deep", "[" * 500_000 + "]" * 500_000
    rommes = to_dict(romme.deal(romme.new_game(2, seed=1)))
    yield "a Rommé stock of 100,000 cards", json.dumps({**rommes, "stock": ["QH1"] * 100_000})
    yield "a Rommé meld of 100,000 cards", json.dumps(
        {**rommes, "melds": [{"kind": "run", "cards": ["QH1"] * 100_000, "owners": [0] * 100_000}]}
    )


def load_text(text: str) -> str:
    """Load any text as a record or a document: ``"loaded"`` or ``"refused"``."""
    from concombre.io.records import read_record

    try:
        if text.lstrip().startswith("concombre"):
            read_record(text)
        else:
            concombre.from_json(text)
    except FormatError:
        return "refused"
    return "loaded"


# -- the long campaign, for the figures -----------------------------------------------------------


def campaign(documents: int, calls: int, seed: int = 0) -> dict[str, Any]:
    rng = random.Random(seed)
    real = corpus()
    outcomes: Counter[str] = Counter()
    failures: dict[str, str] = {}
    slowest = (0.0, "")
    for _ in range(documents):
        original = rng.choice(real)
        document = mutate(original, rng)
        start = time.perf_counter()
        try:
            outcomes[load_mutated(document)] += 1
        except Exception as exc:  # counted and shown: the campaign reports every kind of failure
            where = traceback.extract_tb(exc.__traceback__)[-1]
            kind = f"{type(exc).__name__} at {Path(where.filename).name}:{where.lineno}: {str(exc)[:120]}"
            outcomes["failed"] += 1
            failures.setdefault(kind, json.dumps(document)[:1500])
        seconds = time.perf_counter() - start
        if seconds > slowest[0]:
            slowest = (seconds, json.dumps(document)[:200])
    fuzzer = CallFuzzer()
    names = sorted(fuzzer.calls)
    results: Counter[str] = Counter()
    slowest_call = (0.0, "")
    for number in range(calls):
        name = names[number % len(names)]
        try:
            outcome, seconds = fuzzer.call(name, rng)
        except AssertionError as exc:
            results["failed"] += 1
            failures.setdefault(str(exc)[:400], name)
            continue
        results[outcome] += 1
        if seconds > slowest_call[0]:
            slowest_call = (seconds, name)
    large = {}
    for what, text in large_inputs():
        start = time.perf_counter()
        outcome = load_text(text)
        large[what] = f"{outcome} in {time.perf_counter() - start:.3f} s ({len(text.encode()) / 2**20:.2f} MiB)"
    memory = {}
    for what, text in memory_inputs():
        outcome, ratio = memory_cost(text)
        memory[what] = f"{outcome}, peak {ratio:.1f} times its {len(text.encode()) / 1e6:.1f} MB"
    return {
        "large inputs": large, "memory": memory,
        "documents": dict(outcomes), "slowest document (s)": round(slowest[0], 4),
        "functions": len(names), "calls": dict(results), "slowest call (s)": round(slowest_call[0], 4),
        "slowest call": slowest_call[1], "failures": failures,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=10_000)
    parser.add_argument("--calls", type=int, default=4_000)
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    start = time.perf_counter()
    figures = campaign(options.documents, options.calls, options.seed)
    figures["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(figures, indent=2))



def memory_inputs(size: int = 9_500_000) -> Iterator[tuple[str, str]]:
    """Hostile inputs of about ``size`` bytes (under 10 MB), each built to cost memory out of proportion."""
    header = Record.of(concombre.new_game(3, seed=1)).to_text()

    def filled(unit: str, opening: str = "[", closing: str = "]") -> str:
        return opening + unit * (size // len(unit)) + closing.lstrip(",")

    yield "an array of empty objects", filled("{},")[:-1] + "{}]"
    yield "an array of spaced empty objects", filled("{},      ")[:-1] + "{}]"
    yield "an array of one-letter strings", filled('"a",')[:-1] + '"a"]'
    yield "an array of numbers", filled("1000,")[:-1] + "1]"
    yield "an array of floats", filled("1.5,")[:-1] + "1]"
    yield "spaced nesting", "[       " * 20_000 + "]" * 20_000
    yield "a record of strings", ('{"format": "concombre.record/1", "players": ["A", "B"], "rules": {"follow": '
                                  '"lead", "may_duck": false, "first_deal": 7, "limit": 21}, "seed": 1, "dealer": 0, '
                                  '"actions": ' + filled('"x",')[:-1] + '"x"]}')
    yield "a text record of short lines", header + "score\n" * (size // 6)
    yield "a text record of comments", header + "#\n" * (size // 2)


def memory_cost(text: str) -> tuple[str, float]:
    """Load ``text`` (see `load_text`) and say how it ended and its peak memory as a multiple of its size."""
    import tracemalloc

    tracemalloc.start()
    try:
        outcome = load_text(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return outcome, peak / len(text.encode("utf-8"))


if __name__ == "__main__":
    main()
