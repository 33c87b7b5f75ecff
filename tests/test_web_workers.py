"""The games in worker processes (`concombre.apps.web.workers`): the tables shared out by key, refusals and
errors carried back whole, every table back after a restart with another number of workers."""

from __future__ import annotations

import json
import pickle
import urllib.error
import urllib.request

import pytest

from concombre.apps.web.workers import shard_of
from concombre.core.errors import ConcombreError, FormatError, IllegalActionError, InvalidArgumentError

from .webserver import free_port, post, serve, turn_of


@pytest.mark.parametrize("error", [ConcombreError("It is not your turn."), IllegalActionError("Follow suit.", "C7"),
                                   InvalidArgumentError("No seat 9.", field="seat"),
                                   FormatError("not a card", "$.card", "C2")])
def test_an_error_crosses_to_and_from_a_worker_process_whole(error):
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error) and again.details() == error.details()


def test_the_tables_are_shared_out_among_the_workers_the_same_way_every_time():
    keys = [f"table{number}" for number in range(200)]
    assert {shard_of(key, 2) for key in keys} == {0, 1}
    assert [shard_of(key, 3) for key in keys] == [shard_of(key, 3) for key in keys]


def test_tables_in_worker_processes_play_refuse_and_come_back_after_a_restart_with_other_workers(tmp_path):
    client = pytest.importorskip("websockets.sync.client")
    pytest.importorskip("uvicorn")
    db = tmp_path / "tables.sqlite3"
    port = free_port()
    server = serve(port, db, "--workers", "2")
    views = {}
    try:
        made: list[dict[str, str]] = []
        # Table keys are random: six tables or more, until both workers hold some (within the creation burst).
        while len(made) < 18 and (len(made) < 6 or len({shard_of(table["table"], 2) for table in made}) < 2):
            made.append(post(port, "/api/tables", {"game": ("concombre", "romme")[len(made) % 2], "players": 3,
                                                   "name": "Ann"}))
        assert {shard_of(table["table"], 2) for table in made} == {0, 1}  # both workers hold tables
        for table in made:
            with client.connect(f"ws://127.0.0.1:{port}/ws/{table['table']}?token={table['token']}") as ann:
                message = turn_of(ann)
                ann.send(json.dumps({"action": {"format": "concombre.action/1", "type": "nothing"}}))
                refusal = json.loads(ann.recv(timeout=10))  # said in the worker, carried back whole
                assert refusal["type"] == "error" and refusal["path"] is not None, refusal
                assert "action" in refusal["message"]
                ann.send(json.dumps({"action": message["choices"][0]["action"]}))
                views[table["table"]] = turn_of(ann)["view"]
            seat = f"/api/tables/{table['table']}/seats/9/bot?token={table['token']}"
            with pytest.raises(urllib.error.HTTPError) as refused:  # raised in the worker, answered here
                post(port, seat, {})
            assert refused.value.code == 400 and json.loads(refused.value.read())["field"] == "seat"
            refused.value.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
    port = free_port()
    server = serve(port, db, "--workers", "3")  # the tables shared out anew
    try:
        for table in made:
            with client.connect(f"ws://127.0.0.1:{port}/ws/{table['table']}?token={table['token']}") as ann:
                assert json.loads(ann.recv(timeout=10))["view"] == views[table["table"]]
            record = f"http://127.0.0.1:{port}/api/tables/{table['table']}/record?token={table['token']}"
            with pytest.raises(urllib.error.HTTPError) as held_back:  # asked of its worker: the game goes on
                urllib.request.urlopen(record, timeout=10).close()
            assert held_back.value.code == 409
            held_back.value.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
