"""The plan of the house, checked: its layers and tiers, imports only pointing down, no circle, no edge that names
a game.

- ``core`` imports nothing of the library but ``core``;
- ``accel`` (the shared compiled layer) imports ``core`` only;
- a game imports ``core`` and itself, never another game, the registry or an edge; inside it, the reference
  engine at its top imports neither its ``bots`` nor its ``fast`` tier (only ``game``, which assembles the
  `Game` record, and the package's ``__init__`` reach both), ``fast`` never imports ``bots``, and only ``fast``
  imports ``accel``;
- the edges (``io``, ``apps``, ``integrations``) reach games only through the
  registry ``concombre.games`` and the ``Game`` protocol, and never name a game;
- ``bench`` imports nothing of ``apps`` (``apps`` may run the benchmark).

Imports are read from the source (every ``import``, lazy ones inside functions
included), and each layer is also imported for real with the layers above it
blocked.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "concombre"
EDGES = ("io", "apps", "integrations")
GAMES = tuple(sorted(path.name for path in (PACKAGE / "games").iterdir() if (path / "__init__.py").exists()))


def module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def type_only(tree: ast.AST) -> set[int]:
    """The import nodes under ``if TYPE_CHECKING:``: read by type checkers only, never run (find_game's and
    Record.of's overloads name the built-in games' types so), so they bind no layer to another at run time."""
    return {id(node) for block in ast.walk(tree)
            if isinstance(block, ast.If) and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
            for statement in block.body for node in ast.walk(statement)
            if isinstance(node, (ast.Import, ast.ImportFrom))}


def imports_of(path: Path) -> set[str]:
    """Every module of the library that ``path`` imports to run, anywhere in it (lazy imports included)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = type_only(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {item for item in found if item == "concombre" or item.startswith("concombre.")}


def real_modules(names: set[str]) -> set[str]:
    """Keep the names that are modules of the library (``from x import name`` also lists ``x.name``)."""
    known = {module_name(path) for path in modules()}
    return {name for name in names if name in known}


def layer_of(name: str) -> str:
    parts = name.split(".")
    if len(parts) == 1:
        return "front door"
    if parts[1] == "games" and len(parts) > 2:
        return f"game {parts[2]}"
    if parts[1] == "games":
        return "registry"
    return parts[1]


TIERS = ("bots", "fast")
ASSEMBLERS = ("game", "")  # a game's `Game` record and its package's __init__ reach every tier


def tier_of(name: str) -> str:
    """A game module's tier: ``engine`` (the package's top), ``bots`` or ``fast``; or ``assembler``."""
    parts = name.split(".")[3:]
    if not parts or parts == ["game"]:
        return "assembler"
    return parts[0] if parts[0] in TIERS else "engine"


# Where the code differs from the tiers, and why: Rommé's numbered choices offer the meld solver's best
# arrangement as one of the actions, so the action space (an engine module) calls the solver, a bot's tool.
TIER_EXCEPTIONS = {("concombre.games.romme.choices", "concombre.games.romme.bots.solver")}


def allowed(importer: str, imported: str) -> bool:
    """Whether the layer (and, in a game, the tier) of ``importer`` may import ``imported``."""
    mine, theirs = layer_of(importer), layer_of(imported)
    if theirs == "core":
        return True
    if mine in ("core", "accel"):
        return theirs == mine
    if mine.startswith("game "):
        if theirs == "accel":
            return tier_of(importer) == "fast"
        return theirs == mine and tier_allowed(importer, imported)
    if mine == "examples":  # the examples are written as another package's game
        return theirs == mine
    if mine == "registry":
        return False  # the registry loads games by name through importlib, never by an import statement
    if mine in EDGES:
        return theirs in ("registry", "io", mine) or (mine == "apps" and theirs == "bench")
    if mine == "bench":
        return theirs != "apps"
    return True  # the front doors (concombre, concombre.romme, concombre.batch) stand above everything


def tier_allowed(importer: str, imported: str) -> bool:
    mine, theirs = tier_of(importer), tier_of(imported)
    if imported.count(".") == 2:  # ``from concombre.games.<game> import rules``: the package, already there
        return True
    if mine == "assembler" or theirs in ("engine", mine) or (importer, imported) in TIER_EXCEPTIONS:
        return True
    return mine == "bots" and theirs == "fast"  # the search bots run on the compiled search when it is there


@pytest.mark.parametrize("path", modules(), ids=lambda path: module_name(path))
def test_every_import_points_down_the_house(path):
    importer = module_name(path)
    wrong = sorted(name for name in real_modules(imports_of(path)) if not allowed(importer, name))
    assert not wrong, f"{importer} imports {', '.join(wrong)}, against the plan of the house"


def test_no_import_circle():
    graph = {module_name(path): real_modules(imports_of(path)) for path in modules()}
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        if name in trail:
            pytest.fail("import circle: " + " -> ".join((*trail[trail.index(name):], name)))
        if name in done:
            return
        for other in sorted(graph.get(name, ())):
            if other != name and not name.startswith(other + "."):  # a package's own __init__ is not a circle
                visit(other, (*trail, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())


def game_names_in_code(path: Path) -> list[int]:
    """The lines where the code (docstrings left out) writes a game's name as a string or names a game's class."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings, program_names = set(), set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            docstrings.add(id(first.value))
        if isinstance(node, ast.keyword) and node.arg == "prog":
            program_names.add(id(node.value))  # the command is called concombre, like the package
    classes = {"State", "View", "Rules", "Phase"}  # a game's own classes, by the names every game shares
    fields = {id(node.target) for node in ast.walk(tree) if isinstance(node, ast.AnnAssign)}  # Game.State: type[S]
    parameters = {node.arg for node in ast.walk(tree) if isinstance(node, ast.arg)}  # Game(State=...) builds one
    skipped = docstrings | program_names | fields

    def names_a_game(node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in GAMES and id(node) not in skipped
        if isinstance(node, ast.Name):  # imported from a game: game.State is the protocol's, and allowed
            return (node.id in classes and id(node) not in skipped and isinstance(node.ctx, ast.Load)
                    and node.id not in parameters)
        if isinstance(node, ast.Attribute):  # concombre.State, romme.View...: a game's module named
            return node.attr in classes and isinstance(node.value, ast.Name) and node.value.id in GAMES
        return False

    return sorted(getattr(node, "lineno", 0) for node in ast.walk(tree) if names_a_game(node))


@pytest.mark.parametrize(
    "path",
    [path for path in modules() if layer_of(module_name(path)) in (*EDGES, "core")],
    ids=lambda path: module_name(path),
)
def test_no_edge_names_a_game(path):
    lines = game_names_in_code(path)
    assert not lines, f"{module_name(path)} names a game at lines {lines}: look it up with find_game instead"


ISOLATED = """
import importlib, importlib.abc, pkgutil, sys, types
blocked = {blocked!r}

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if any(name == prefix or name.startswith(prefix + ".") for prefix in blocked):
            raise ImportError(f"{{name}} is above this layer")
        return None

sys.meta_path.insert(0, Block())
# The front door imports every layer, so the package stands here without it.
package = types.ModuleType("concombre")
package.__path__ = [{root!r}]
sys.modules["concombre"] = package
layer = importlib.import_module({layer!r})
names = [layer.__name__]
if hasattr(layer, "__path__"):
    names += [info.name for info in pkgutil.walk_packages(layer.__path__, layer.__name__ + ".")]
for name in names:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name and err.name.split(".")[0] != "concombre":
            continue  # a module of an optional extra (numpy for the encodings) that is not installed
        raise
print(len(names))
"""


@pytest.mark.parametrize(
    ("layer", "blocked"),
    [
        ("concombre.core", ["concombre.games", "concombre.io", "concombre.apps", "concombre.integrations",
                            "concombre.bench", "concombre.romme", "concombre.accel", "concombre.batch"]),
        ("concombre.accel", ["concombre.games", "concombre.io", "concombre.apps", "concombre.integrations",
                             "concombre.bench", "concombre.romme", "concombre.batch"]),
        *[(f"concombre.games.{game}", ["concombre.io", "concombre.apps", "concombre.integrations", "concombre.bench",
                                       "concombre.romme", *(f"concombre.games.{other}" for other in GAMES
                                                            if other != game)])
          for game in GAMES],
        ("concombre.io", ["concombre.apps", "concombre.integrations", "concombre.bench"]),
        ("concombre.bench", ["concombre.apps"]),
    ],
)
def test_each_layer_imports_with_the_layers_above_blocked(layer, blocked):
    script = ISOLATED.format(blocked=blocked, root=str(PACKAGE), layer=layer)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout.split()[-1]) >= 2


@pytest.mark.parametrize("path", modules(), ids=lambda path: module_name(path))
def test_no_module_imports_another_s_private_names(path):  # gettext's `_` is the one public underscore
    private = sorted(f"{node.module}.{alias.name}" for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                     if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("concombre")
                     for alias in node.names if alias.name.startswith("_") and alias.name not in ("_", "__all__"))
    assert not private, f"{module_name(path)} imports private names: {private}"
