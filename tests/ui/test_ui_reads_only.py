"""The window reads game state and sends commands; it never writes, and never reads the
database itself: the questions it asks are memory's and game's read APIs (`memory.queries`,
`game.queries`), and ui imports only what those packages export."""

import ast
import re
from pathlib import Path

import game
import memory

UI = Path(__file__).resolve().parents[2] / "ui"


def test_ui_never_touches_the_database():
    for f in sorted(UI.rglob("*.py")):
        text = f.read_text(encoding="utf-8")
        assert ".db.execute" not in text and ".db.conn" not in text, f"{f} reads the database"
        assert "sqlite3" not in text, f"{f} opens a database itself"
        sql = re.findall(r'"\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP)\s', text)
        assert not sql, f"{f} has SQL: {sorted(set(sql))}"


def test_ui_imports_memory_only_through_its_public_api():
    for f in sorted(UI.rglob("*.py")):
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module.split(".")[0] == "memory":
                    assert node.module == "memory", f"{f}: from {node.module} import ..."
                    for a in node.names:
                        assert a.name in memory.__all__, f"{f}: memory has no public {a.name}"
                if node.module == "game":
                    for a in node.names:
                        assert a.name in game.__all__, f"{f}: game has no public {a.name}"


def test_the_window_changes_the_world_only_through_sim_command():
    writers = ("store.perceive", "store.propose", "store.set_trust", "store.mark_changed",
               "store.record_use", "store.age", "world.record(", "world.move(", "world.set_",
               "world.init_fact", "sim.record(", "sim.queue(", "sim.flush")
    for f in sorted(UI.rglob("*.py")):
        text = f.read_text(encoding="utf-8")
        for w in writers:
            assert w not in text, f"{f.relative_to(UI.parent)} calls {w}"
