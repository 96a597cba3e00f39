"""The one-way dependencies of architecture.md: memory <- game <- ui.

memory imports nothing from game or ui (and no pygame); game imports nothing from ui and no
pygame. Checked by walking every module's imports, including ones inside functions.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN = {
    "memory": {"game", "ui", "pygame", "jinja2", "openai", "click", "rich"},
    "game": {"ui", "pygame"},
}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_dependencies_point_one_way():
    bad = []
    for package, forbidden in FORBIDDEN.items():
        files = sorted((ROOT / package).rglob("*.py"))
        assert files, f"{package}/ has no modules"
        for f in files:
            wrong = imported_roots(f) & forbidden
            if wrong:
                bad.append(f"{f.relative_to(ROOT)} imports {', '.join(sorted(wrong))}")
    assert not bad, "dependency arrows point the wrong way:\n" + "\n".join(bad)


def test_the_check_catches_a_wrong_arrow(tmp_path):
    f = tmp_path / "m.py"
    f.write_text("def f():\n    from ui import cli\n    import pygame.font\n")
    assert imported_roots(f) == {"ui", "pygame"}


def imports_sim(path: Path, package: tuple[str, ...] = ("game",)) -> bool:
    """Does the module import game.sim — at the top, inside a function or for type checking,
    absolutely or relatively from any depth (`package` is the module's own package)?"""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # resolve `.sim`, `..sim`, `from .. import sim` to a full name
                base = package[:len(package) - (node.level - 1)]
                full = ".".join(base + ((node.module,) if node.module else ()))
            else:
                full = node.module or ""
            if full == "game.sim" or full.startswith("game.sim.") or (
                    full == "game" and any(a.name == "sim" for a in node.names)):
                return True
        elif isinstance(node, ast.Import) and any(
                a.name == "game.sim" or a.name.startswith("game.sim.") for a in node.names):
            return True
    return False


def test_no_module_of_game_imports_the_simulation():
    """The tick is a pipeline of systems (game.town): each is given the town, typed by a
    protocol, and none reaches back into `game.sim` — only the package's own API re-exports
    `Simulation`."""
    bad = [str(f.relative_to(ROOT)) for f in sorted((ROOT / "game").rglob("*.py"))
           if f.relative_to(ROOT).as_posix() not in ("game/sim.py", "game/__init__.py")
           and imports_sim(f, f.relative_to(ROOT).parent.parts)]
    assert not bad, f"these modules import game.sim: {', '.join(bad)}"


def test_the_sim_check_catches_each_way_of_importing_it(tmp_path):
    for text in ("from .sim import Simulation\n", "from game.sim import X\n",
                 "def f():\n    from . import sim\n", "import game.sim\n",
                 "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                 "    from .sim import Simulation\n"):
        f = tmp_path / "m.py"
        f.write_text(text)
        assert imports_sim(f), text
    for text in ("from ..sim import Simulation\n", "from .. import sim\n"):
        f.write_text(text)  # from a subpackage (game/evals)
        assert imports_sim(f, ("game", "evals")), text
        assert not imports_sim(f), text  # from game/ itself that is outside the package
    f.write_text("from .. import Simulation\n")  # the package's API: allowed
    assert not imports_sim(f, ("game", "evals"))
    f.write_text("from .simple import x\nfrom .town import Town\n")
    assert not imports_sim(f)


def test_sqlite_comes_from_one_driver():
    """Every module of memory, game and ui — and the benchmarks, whose floors must run on the
    engine's SQLite — takes the SQLite driver from memory.driver (the one sqlite-utils
    chose), so connections, backups and errors agree when pysqlite3 is installed; only
    memory/driver.py itself names sqlite-utils' choice."""
    bad = []
    for package in ("memory", "game", "ui", "benchmarks"):
        for f in sorted((ROOT / package).rglob("*.py")):
            if "sqlite3" in imported_roots(f) or "pysqlite3" in imported_roots(f):
                bad.append(str(f.relative_to(ROOT)))
    assert not bad, "import sqlite3 from memory.driver instead:\n" + "\n".join(bad)


def test_the_driver_is_the_one_sqlite_utils_connects_with():
    from sqlite_utils import Database

    from memory.driver import sqlite3

    assert isinstance(Database(memory=True).conn, sqlite3.Connection)


def test_no_module_defines_a_name_twice():
    """A second `def _needed` in game/postmortem.py replaced the first, which another
    function still called with other arguments: every lost Cancelled Meeting ended in a
    traceback (a review). ruff's F811 does not see a name used between the two."""
    twice = []
    for package in ("memory", "game", "ui"):
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            seen: dict[str, int] = {}
            for node in tree.body:
                # Functions, classes and module constants: a second `_NUMBERS` (a tuple) under
                # the durations' dict broke "wait two hours", and a second MAX_LINE made every
                # command's limit the walkthrough line's (a review).
                names = ([node.name] if isinstance(node, (ast.FunctionDef, ast.ClassDef,
                                                          ast.AsyncFunctionDef)) else
                         [t.id for t in node.targets if isinstance(t, ast.Name)]
                         if isinstance(node, ast.Assign) else
                         [node.target.id] if isinstance(node, ast.AnnAssign) and
                         isinstance(node.target, ast.Name) and node.value is not None else [])
                for name in names:
                    if name in seen:
                        twice.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name} "
                                     f"(first at line {seen[name]})")
                    seen.setdefault(name, node.lineno)
    assert not twice, twice
