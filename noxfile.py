"""The release path, checked as users receive the package: ``nox`` runs it all, ``nox -s NAME`` one step.

- ``dist``: build the sdist, then the wheel *from the sdist* (as ``pip install``
  of an sdist does), run ``twine check`` on both and check what each holds.
- ``smoke(extra=...)``: a fresh virtualenv per install a user can make — the
  core alone, then each extra alone — installs the built wheel and runs a
  short smoke test of what that extra promises (``tests/smoke.py``).
- ``core(python=...)``: the supported Pythons beside the default one: the
  core tests and the core smoke test against the built wheel.
- ``learn(python=...)``: the ``learn`` extra alone (Numba's compiled kernel, Gymnasium) on the supported
  Pythons beside the default one: its smoke test and the kernel's, batch's and environments' tests.
- ``workflows``: the GitHub workflows and ``.readthedocs.yaml`` validated against their schemas.
- ``catalog`` (on demand): extract the sentences and update the message catalogs (``tests/catalog.py``).

The default Python's full suite is ``python -m pytest`` (see the README).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
EXTRAS = ["core", "cli", "web", "dask", "pettingzoo", "openspiel", "fast", "learn", "bench", "docs"]
OTHER_PYTHONS = ["3.10", "3.13"]

nox.options.sessions = ["dist", "smoke", "core", "learn", "workflows"]
nox.options.reuse_existing_virtualenvs = False
nox.options.error_on_missing_interpreters = True


def wheel() -> Path:
    """The wheel the ``dist`` session built."""
    found = sorted(DIST.glob("concombre-*.whl"))
    if len(found) != 1:
        raise RuntimeError(f"expected one wheel in {DIST}; run `nox -s dist` first (found {found})")
    return found[0]


def sdist() -> Path:
    """The sdist the ``dist`` session built."""
    found = sorted(DIST.glob("concombre-*.tar.gz"))
    if len(found) != 1:
        raise RuntimeError(f"expected one sdist in {DIST}; run `nox -s dist` first (found {found})")
    return found[0]


@nox.session(python=False)
def dist(session: nox.Session) -> None:
    """Build the sdist, then the wheel from it; check both with twine and by their contents."""
    shutil.rmtree(DIST, ignore_errors=True)
    # With no --sdist or --wheel, build makes the sdist and then the wheel from the unpacked sdist.
    session.run(sys.executable, "-m", "build", "--outdir", str(DIST), str(ROOT))
    session.run(sys.executable, "-m", "twine", "check", "--strict", *map(str, sorted(DIST.iterdir())))
    session.run(sys.executable, str(ROOT / "tests" / "check_dist.py"), str(sdist()), str(wheel()))


@nox.session
@nox.parametrize("extra", EXTRAS)
def smoke(session: nox.Session, extra: str) -> None:
    """Install the built wheel alone, or with one extra alone, and check what it promises."""
    target = str(wheel()) if extra == "core" else f"concombre[{extra}] @ {wheel().as_uri()}"
    session.install(target)
    tmp = session.create_tmp()  # run outside the tree, so that only the installed package is importable
    session.chdir(tmp)
    session.run("python", str(ROOT / "tests" / "smoke.py"), extra, str(sdist()))


@nox.session(python=OTHER_PYTHONS)
def learn(session: nox.Session) -> None:
    """The learn extra alone on another supported Python: it installs, compiles its kernel and plays."""
    session.install(f"concombre[learn,test] @ {wheel().as_uri()}")
    session.chdir(session.create_tmp())
    session.run("python", str(ROOT / "tests" / "smoke.py"), "learn", str(sdist()))
    tests = [str(ROOT / "tests" / name) for name in ("test_kernel.py", "test_batch.py", "test_gymnasium.py",
                                                               "test_search_kernel.py", "test_learned.py")]
    session.run("python", "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=--strict-markers -ra",
                "-o", "testpaths=tests", *tests, env={"HYPOTHESIS_PROFILE": "default"})


@nox.session(python=OTHER_PYTHONS)
def core(session: nox.Session) -> None:
    """The core tests and the core smoke test on another supported Python, against the built wheel."""
    session.install(f"concombre[test] @ {wheel().as_uri()}")
    session.chdir(session.create_tmp())  # outside the tree: only the installed package is importable
    session.run("python", str(ROOT / "tests" / "smoke.py"), "core", str(sdist()))
    # The tests of what needs no extra; those that need one skip themselves. The tree's own src/ stays off the
    # path, so the tests import the installed wheel.
    session.run("python", "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=--strict-markers -ra",
                "-o", "testpaths=tests", str(ROOT / "tests"), env={"HYPOTHESIS_PROFILE": "default"})


@nox.session(python=False)
def catalog(session: nox.Session) -> None:
    """Extract every sentence into the message template and merge it into each language's catalog (see
    docs/guides/languages.md); not run by default: a translator runs it after changing a sentence."""
    session.run(sys.executable, str(ROOT / "tests" / "catalog.py"))


@nox.session(python=False)
def workflows(session: nox.Session) -> None:
    """Validate the GitHub workflows and the Read the Docs configuration against the schemas check-jsonschema ships."""
    check = [sys.executable, "-m", "check_jsonschema", "--builtin-schema"]
    files = sorted(str(path) for path in (ROOT / ".github" / "workflows").glob("*.yml"))
    session.run(*check, "vendor.github-workflows", *files)
    session.run(*check, "vendor.readthedocs", str(ROOT / ".readthedocs.yaml"))

