"""The web table under load (`concombre.bench.web`): a small run always, the issue's sizes in the long mode.

The default run plays 6 tables at once and holds only what cannot flake: every game finishes, no error,
figures of every kind reported. ``HYPOTHESIS_PROFILE=full`` plays 40, 200 and 1,000 tables and prints the
figures (no threshold: machines are noisy; the performance page and the closing notes carry them).
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from concombre.bench.web import load_test

LONG = os.environ.get("HYPOTHESIS_PROFILE") == "full"


def test_a_few_tables_at_once_all_finish_without_an_error():
    report = load_test(6)
    assert (report.finished, report.errors) == (6, 0), report.to_text()
    assert report.view_p50 > 0 and report.page_p99 > 0 and report.actions_per_second > 0
    assert report.turn_p99 >= report.view_p50


@pytest.mark.skipif(not LONG, reason="the long mode: HYPOTHESIS_PROFILE=full")
@pytest.mark.parametrize("tables", [40, 200, 1000])
def test_many_tables_at_once_all_finish(tables, capsys):
    report = load_test(tables)
    with capsys.disabled():
        print("\n" + report.to_text())
    assert (report.finished, report.errors) == (tables, 0), report.to_text()
