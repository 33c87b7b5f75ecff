"""Check what the sdist and the wheel hold: ``python tests/check_dist.py SDIST WHEEL`` (run by ``nox -s dist``).

The wheel must carry what the package reads at run time (the JSON Schemas, the
web page, ``py.typed``, the compiled message catalogs); the sdist what a user needs to build, test and
document the release (the tests, the docs, the changelog, the licence). Neither
may carry anything stray: virtualenvs, built sites, caches, compiled files.
"""

from __future__ import annotations

import sys
import tarfile
import zipfile
from pathlib import PurePosixPath

STRAY = (".venv", "site", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis", "dist",
         "build", ".git", ".nox")
SCHEMAS = {f"{prefix}{kind}.schema.json" for prefix in ("", "romme.") for kind in ("action", "record", "state", "view")}


def stray(names: list[str]) -> list[str]:
    return [name for name in names
            if any(part in STRAY for part in PurePosixPath(name).parts[1:]) or name.endswith((".pyc", ".pyo"))]


def check_wheel(path: str) -> list[str]:
    names = zipfile.ZipFile(path).namelist()
    problems = [f"wheel: stray {name}" for name in stray(["wheel/" + name for name in names])]
    schemas = {PurePosixPath(name).name for name in names if name.startswith("concombre/io/schemas/")}
    problems += [f"wheel: no schema {name}" for name in sorted(SCHEMAS - schemas)]
    for needed in ("concombre/py.typed", "concombre/__init__.py", "concombre/apps/web/static/index.html",
                   "concombre/apps/web/static/app.js", "concombre/apps/web/static/style.css",
                   "concombre/apps/web/static/favicon.svg",
                   "concombre/locale/id/LC_MESSAGES/concombre.mo", "concombre/games/concombre/bots/learned.npz",
                   "concombre/testing/__init__.py", "concombre/examples/highcard.py",
                   "concombre/examples/highcard_full.py"):
        if needed not in names:
            problems.append(f"wheel: no {needed}")
    problems += [f"wheel: a catalog's source {name} (the wheel carries the compiled .mo)" for name in names
                 if name.endswith((".po", ".pot"))]
    problems += [f"wheel: a symlink or a path outside the package: {name}" for name in names
                 if not (name.startswith(("concombre/", "concombre-")))]
    return problems


def check_sdist(path: str) -> list[str]:
    with tarfile.open(path) as archive:
        members = archive.getmembers()
    names = [member.name for member in members]
    top = PurePosixPath(names[0]).parts[0]
    problems = [f"sdist: stray {name}" for name in stray(names)]
    problems += [f"sdist: a link {member.name}" for member in members if member.issym() or member.islnk()]
    problems += [f"sdist: a compiled catalog {name} (the build makes it)" for name in names if name.endswith(".mo")]
    for needed in ("pyproject.toml", "README.md", "CHANGELOG.md", "LICENSE", "mkdocs.yml", "noxfile.py",
                   "src/concombre/py.typed", "src/concombre/io/schemas/view.schema.json", "tests/test_rulings.py",
                   "tests/golden/2p-lead-2000.txt", "docs/index.md", "docs/hooks/schemas.py", "PKG-INFO",
                   "hatch_build.py", "src/concombre/locale/id/LC_MESSAGES/concombre.po", "tests/catalog.py",
                   "scripts/train_learned.py"):
        if f"{top}/{needed}" not in names:
            problems.append(f"sdist: no {needed}")
    return problems


def main(sdist: str, wheel: str) -> int:
    problems = check_sdist(sdist) + check_wheel(wheel)
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"check_dist: {sdist} and {wheel}: " + ("OK" if not problems else f"{len(problems)} problem(s)"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
