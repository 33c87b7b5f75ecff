"""Hypothesis profiles: a quick default for every run, a fuller one on demand; the slow tests on demand; and
English sentences.

Run the fuller profile with ``HYPOTHESIS_PROFILE=full python -m pytest``. Tests marked ``slow`` (minutes each:
long seeded matches, the benchmark's smoke run, other engines' searches) are left out of the default run and
run with ``python -m pytest --slow`` (all tests) or ``python -m pytest --slow -m slow`` (those alone), as CI
does. The tests read the library's sentences in English whatever the machine's locale (the tests of other
languages ask for theirs).
"""

import os
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "full",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
os.environ["CONCOMBRE_LANG"] = "en"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", default=False,
                     help="also run the tests marked slow (left out by default; CI runs them)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]


# The compiled kernel's entry points from Python, each compiled once a run: a second signature (a caller
# passing other types or layouts) would be a second compile, seconds of the suite's time and a sign of a
# sloppy caller. (Functions the kernel also calls inside itself, such as legal_cards or deal_keys, take on
# the signatures of their compiled callers too, so they are not counted.)
KERNEL_ENTRY_POINTS = {
    "concombre.games.concombre.fast.kernel": ("run_games", "first_refused", "deal_all", "observe_games",
                                              "random_legal", "thumb_legal"),
    "concombre.games.concombre.fast.deals": ("_fast_deck",),
    "concombre.games.concombre.fast.search_kernel": ("world_costs", "sampled_costs"),
    "concombre.games.romme.fast.drivers": ("first_refused", "run_games", "deal_all", "legal_masks", "refused_part",
                                           "run_parts"),
    "concombre.games.romme.fast.observe": ("observe_games",),
    "concombre.games.romme.fast.deals": ("_deck", "_positions"),
    "concombre.games.romme.fast.meld_kernel": ("solve_hands",),
    "concombre.games.romme.fast.solver": ("solver_choices", "run_solvers"),
}


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    twice = [f"{module}.{name}: {', '.join(map(str, signatures))}"
             for module, names in KERNEL_ENTRY_POINTS.items() if module in sys.modules
             for name in names if len(signatures := getattr(getattr(sys.modules[module], name), "signatures", ())) > 1]
    if twice:
        print("\nThe kernel was compiled twice for:", *twice, sep="\n  ")
        session.exitstatus = 1
