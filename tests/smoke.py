"""Smoke tests of an installed concombre, one per install a user can make: ``python smoke.py EXTRA SDIST``.

``nox -s smoke`` runs it in a fresh virtualenv that holds the built wheel with
that one extra (``core``: no extra), outside the source tree, so that only
what a user receives is tested. Each check is what the extra promises, and
the core also checks that a command whose extra is missing says which one
to install.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
from pathlib import Path

COMMAND = [sys.executable, "-m", "concombre"]


def run(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([*COMMAND, *args], capture_output=True, text=True, timeout=600)
    if check and done.returncode != 0:
        raise AssertionError(f"concombre {' '.join(args)} failed ({done.returncode}): {done.stderr[-2000:]}")
    return done


def unpack(sdist: str) -> Path:
    """The sdist unpacked in a temporary folder: its top directory."""
    target = Path(tempfile.mkdtemp())
    with tarfile.open(sdist) as archive:
        archive.extractall(target, filter="data")
    (top,) = target.iterdir()
    return top


def installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def readme_examples(sdist: str) -> int:
    """Run every Python example of the README whose imports are installed; the number run."""
    text = (unpack(sdist) / "README.md").read_text(encoding="utf-8")
    ran = 0
    for code in re.findall(r"^```python\n(.*?)^```", text, re.DOTALL | re.MULTILINE):
        modules = re.findall(r"^(?:from|import) ([\w.]+)", code, re.MULTILINE)
        if all(installed(module.split(".")[0]) and _importable(module) for module in modules):
            exec(compile(code, "README.md", "exec"), {"__name__": "__main__"})
            ran += 1
    return ran


def _importable(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def core(sdist: str) -> None:
    import concombre
    from concombre.io.json import json_schema, schema_names

    assert readme_examples(sdist) >= 3, "the README's core examples did not run"
    for name in schema_names():
        assert json_schema(name)["$schema"].startswith("https://json-schema.org/"), name
    version = run("--version").stdout.strip()
    assert version == f"concombre {concombre.__version__}", version
    assert run("demo", "--players", "3", "--seed", "1").stdout.rstrip().endswith("wins the game.")
    # the wheel carries the compiled Indonesian catalog (no Babel here to compile it on the fly)
    assert run("demo", "--players", "3", "--seed", "1", "--lang", "id").stdout.startswith("Concombre untuk 3 pemain")
    assert "points/round" in run("simulate", "--games", "6", "--game", "romme").stdout
    if not installed("starlette"):
        refused = run("serve", "--port", "1", check=False)
        assert refused.returncode == 2 and "pip install 'concombre[web]'" in refused.stderr, refused.stderr
    if not installed("pyspiel"):
        assert "pip install 'concombre[bench]'" in run("bench", "--quick").stdout
    if not installed("numba"):
        try:
            importlib.import_module("concombre.batch")
        except ImportError as err:
            assert "pip install 'concombre[fast]'" in str(err), err
        else:
            raise AssertionError("concombre.batch imported without its extra")
    for module, extra in (("pettingzoo", "pettingzoo"), ("openspiel", "openspiel"), ("gymnasium", "learn")):
        if not installed(module if module != "openspiel" else "pyspiel"):
            try:
                importlib.import_module(f"concombre.integrations.{module}")
            except ImportError as err:
                assert f"pip install 'concombre[{extra}]'" in str(err), err
            else:
                raise AssertionError(f"concombre.integrations.{module} imported without its extra")


def cli(sdist: str) -> None:
    import rich  # noqa: F401 - the extra's promise

    done = run("simulate", "--games", "10", "--seed", "2")
    assert "points/round" in done.stdout and "━" in done.stdout  # rich draws the table


def web(sdist: str) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    store = tempfile.mkdtemp()  # the tables' database: not the user's own
    server = subprocess.Popen([*COMMAND, "serve", "--port", str(port), "--db", f"{store}/tables.sqlite3"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        page = _get(f"http://127.0.0.1:{port}/", server)
        assert "<title>" in page, page[:200]
        games = json.loads(_get(f"http://127.0.0.1:{port}/api/games", server))
        assert {game["name"] for game in games} >= {"concombre", "romme"}, games
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", method="POST",
                                         data=json.dumps({"game": "romme", "players": 2}).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert {"table", "token"} <= set(json.load(answer))
    finally:
        server.terminate()
        server.wait(timeout=30)


def _get(url: str, server: subprocess.Popen[str]) -> str:
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                return str(answer.read().decode("utf-8"))
        except OSError:
            if server.poll() is not None:
                said = server.stderr.read() if server.stderr else ""
                raise AssertionError(f"concombre serve stopped: {said}") from None
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def dask(sdist: str) -> None:
    from distributed import Client, LocalCluster

    from concombre import RandomBot, ThumbBot
    from concombre.apps.simulate import simulate

    alone = simulate([ThumbBot(), RandomBot()], 8, seed=3)
    cluster = LocalCluster(n_workers=1, threads_per_worker=1, processes=False)  # type: ignore[no-untyped-call]
    with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        spread = simulate([ThumbBot(), RandomBot()], 8, seed=3, executor=client.get_executor(), chunk=3)
    assert alone == spread


def pettingzoo(sdist: str) -> None:
    from pettingzoo.test import api_test

    from concombre.integrations.pettingzoo import env

    for game in ("concombre", "romme"):
        api_test(env(game=game, players=2), num_cycles=100, verbose_progress=False)


def openspiel(sdist: str) -> None:
    import pyspiel

    import concombre.integrations.openspiel  # noqa: F401 - registers the games

    rng = random.Random(1)
    for name, players, steps in (("python_concombre", 3, 10**6), ("python_romme", 2, 300)):
        state = pyspiel.load_game(name, {"players": players}).new_initial_state()
        for _ in range(steps):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert name != "python_concombre" or state.is_terminal()


def learn(sdist: str) -> None:
    import numpy as np
    from gymnasium.utils.env_checker import check_env

    from concombre.batch import legal_mask, reset, step
    from concombre.integrations.gymnasium import SeatEnv, SeatVectorEnv

    games = reset(range(256), players=5)
    while not games.done.all():
        games = step(games, legal_mask(games).argmax(axis=1))
    assert sorted(set(games.winner.tolist())) == [0, 1, 2, 3, 4]
    check_env(SeatEnv("concombre", players=3), skip_render_check=True)
    vector = SeatVectorEnv("concombre", num_envs=64, players=4)
    observations, _ = vector.reset(seed=1)
    for _ in range(50):
        observations, rewards, *_ = vector.step(observations["action_mask"].argmax(axis=1))
    assert observations["observation"].shape == (64, 244) and np.isfinite(rewards).all()


def fast(sdist: str) -> None:
    from concombre.batch import Buffer, reset, rollout, thumb_cards

    games = rollout(reset(range(512), players=4, deals="fast"), "random", seed=3)
    assert games.done.all() and sorted(set(games.winner.tolist())) == [0, 1, 2, 3]
    buffer = Buffer(reset(range(64), players=3))
    buffer.rollout("thumb", steps=40, autoreset=True, threads=2)
    buffer.step(thumb_cards(buffer.games))
    assert buffer.games.nbytes / 64 <= 400


def bench(sdist: str) -> None:
    report = json.loads(run("bench", "--quick", "--json").stdout)
    labels = [ratio["label"] for ratio in report["ratios"]]
    assert any("oh_hell" in label for label in labels) and any("RLCard" in label for label in labels), labels


def docs(sdist: str) -> None:
    tree = unpack(sdist)
    site = tree / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)], cwd=tree, env=env,
                   check=True, capture_output=True, timeout=600)
    assert (site / "schemas" / "view.schema.json").is_file()
    assert (site / "guides" / "adding-a-game" / "index.html").is_file()
    assert "Ketetapan" in (site / "id" / "rules" / "index.html").read_text(encoding="utf-8")  # the Indonesian site


CHECKS = {"core": core, "cli": cli, "web": web, "dask": dask, "pettingzoo": pettingzoo, "openspiel": openspiel,
          "learn": learn, "fast": fast, "bench": bench, "docs": docs}


def main(extra: str, sdist: str) -> int:
    if Path.cwd().joinpath("src", "concombre").exists():
        raise SystemExit("run the smoke test outside the source tree, so that only the installed package is tested")
    CHECKS[extra](sdist)
    if extra != "core":
        core(sdist)  # an extra must leave the core as it was
    print(f"smoke: {extra}: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
