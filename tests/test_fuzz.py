"""Every loader and every public function, fuzzed (issue 15): only the library's own errors ever come out.

Documents are real ones of both games, mutated the way bugs and hand edits
change them (see ``fuzzing.py``); each either loads into something a game could
reach, or is refused with `FormatError` and a path. Public functions are called
with at least one wrong argument; each returns or raises a `ConcombreError`,
and never changes its arguments. ``HYPOTHESIS_PROFILE=full`` runs 25 times as
many examples; ``python -m tests.fuzzing`` runs a long campaign and prints its
figures.
"""

from __future__ import annotations

import functools
import os
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .fuzzing import (
    CallFuzzer,
    campaign,
    corpus,
    large_inputs,
    load_mutated,
    load_text,
    memory_cost,
    memory_inputs,
    mutate,
    public_calls,
)

EXAMPLES = 10 * (settings.default.max_examples if settings.default is not None else 40)


@functools.cache
def documents() -> list[dict[str, Any]]:
    return corpus(games=1)


@functools.cache
def fuzzer() -> CallFuzzer:
    return CallFuzzer()


def test_the_corpus_holds_every_kind_of_document_of_both_games():
    formats = {document["format"] for document in documents()}
    for prefix in ("concombre", "concombre.romme"):
        assert {f"{prefix}.{kind}/1" for kind in ("state", "view", "record", "action")} <= formats


@settings(max_examples=EXAMPLES)
@given(number=st.integers(0, 10**6), rng=st.randoms(use_true_random=False))
def test_mutated_documents_load_into_reachable_values_or_are_refused_with_a_path(number, rng):
    real = documents()
    assert load_mutated(mutate(real[number % len(real)], rng)) in ("loaded", "refused")


def test_every_real_document_loads_and_is_reachable():
    assert {load_mutated(document) for document in documents()} == {"loaded"}


@settings(max_examples=EXAMPLES)
@given(number=st.integers(0, 10**6), rng=st.randoms(use_true_random=False))
def test_public_calls_with_wrong_arguments_raise_only_the_librarys_errors(number, rng):
    names = sorted(fuzzer().calls)
    outcome, _ = fuzzer().call(names[number % len(names)], rng)
    assert outcome in ("returned", "refused")


@pytest.mark.parametrize("name", sorted(public_calls()))
def test_each_public_call_refuses_wrong_arguments_with_its_own_errors(name):
    outcomes = {fuzzer().call(name, random.Random(seed))[0] for seed in range(25)}
    assert outcomes <= {"returned", "refused"}


@pytest.mark.parametrize(("what", "text"), list(large_inputs()), ids=[what for what, _ in large_inputs()])
def test_inputs_of_a_mebibyte_built_to_be_slow_are_refused(what, text):
    assert load_text(text) == "refused"  # how long they take is reported by ``python -m tests.fuzzing``


@pytest.mark.parametrize(("what", "text"), list(memory_inputs(2_000_000)),
                         ids=[what for what, _ in memory_inputs(2_000)])
def test_a_hostile_input_never_costs_more_than_20_times_its_size_in_memory(what, text):
    outcome, ratio = memory_cost(text)
    assert ratio <= 20, f"{what}: {outcome}, peak {ratio:.1f} times its size"


@pytest.mark.skipif(os.environ.get("HYPOTHESIS_PROFILE") != "full", reason="the long campaign: HYPOTHESIS_PROFILE=full")
def test_the_long_campaign_finds_nothing():
    """100,000 mutated documents, 40,000 calls with wrong arguments, and inputs of 9.5 MB built to cost memory."""
    figures = campaign(100_000, 40_000, seed=31)
    assert figures["failures"] == {}
    assert figures["documents"].get("failed", 0) == 0 and figures["calls"].get("failed", 0) == 0
    for what, said in figures["memory"].items():
        assert float(said.split("peak ")[1].split(" ")[0]) <= 20, (what, said)


def test_every_invalid_argument_a_call_raises_names_its_field():
    """Over every public call with wrong arguments: an `InvalidArgumentError` always says which argument."""
    from concombre import InvalidArgumentError

    unnamed = []
    for name in sorted(fuzzer().calls):
        for seed in range(12):
            args, kwargs = fuzzer().arguments(name, random.Random(seed))
            try:
                result = fuzzer().calls[name](*args, **kwargs)
                if hasattr(result, "__next__"):
                    list(result)
            except InvalidArgumentError as err:
                if err.field is None:
                    unnamed.append(f"{name}: {err}"[:160])
            except Exception:
                continue
    assert unnamed == []


# -- the games' modules beyond the front doors ---------------------------------------------------------------

GAME_MODULES = [f"concombre.games.{game}.{module}" for game, modules in (
    ("concombre", ["story", "render", "encoding", "views", "state", "transitions", "documents", "reading", "actions",
                   "bots", "bots.search", "bots.mc", "bots.learned", "bots.sampling"]),
    ("romme", ["melds", "options", "legal", "story", "render", "choices", "parts", "observation", "views", "state",
               "transitions", "documents", "reading", "cards", "actions", "bots", "bots.solver", "bots.planner",
               "bots.sampling"]),
) for module in modules]
# What these modules export and do not check, on purpose, each saying so where it is documented: an enum
# (`Phase(value)` raises ValueError, as every enum), a union of classes, a protocol, a record the engine and the
# loaders build after their checks, and Rommé's inner steps of `legal_actions` that trust their arguments, as the
# rules' scalar homes (each names the checked call to use instead): `single_melds` (`meld_actions`),
# `valued_options` (`valued_meld_options`) and `opening_groups` (`opening_actions`).
NOT_CALLS = {"Phase", "Action", "Bot", "Match", "last_trick", "single_melds", "valued_options", "opening_groups"}
WRONG = [None, 7, "x", [1], {"a": 1}]


def module_calls() -> list[tuple[str, Any]]:
    import importlib
    import inspect

    found = []
    for name in GAME_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as missing:  # an extra that is not installed (numpy): checked where it is
            if (missing.name or "concombre").split(".")[0] == "concombre":
                raise
            continue
        for attr in module.__all__:
            value = getattr(module, attr)
            if attr in NOT_CALLS or not callable(value):
                continue
            if isinstance(value, type) and issubclass(value, BaseException):
                continue
            try:
                inspect.signature(value)
            except (TypeError, ValueError):
                continue
            found.append((f"{name}.{attr}", value))
    return found


@pytest.mark.parametrize(("name", "call"), module_calls(), ids=[name for name, _ in module_calls()])
def test_each_function_of_the_games_modules_refuses_values_of_the_wrong_kind_with_the_librarys_errors(name, call):
    """A bot, a picture, an encoding, a story or a document check given values of the wrong kind (None, a
    number, text, a list, a dict for every argument) raises a `ConcombreError`, never a bare error. The rules
    modules' scalar functions are apart: they trust their arguments (their modules say so)."""
    import inspect

    from concombre import ConcombreError

    required = [parameter for parameter in inspect.signature(call).parameters.values()
                if parameter.default is parameter.empty
                and parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD)]
    for wrong in WRONG:
        values = (wrong,) * len(required)
        try:
            result = call(*values)
            if hasattr(result, "__next__"):
                list(result)
        except ConcombreError:
            continue
        except Exception as err:  # the point: nothing else may come out
            raise AssertionError(f"{name}{values!r:.80} raised {type(err).__name__}: {err}") from None
