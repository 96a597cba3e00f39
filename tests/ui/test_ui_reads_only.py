"""The window reads game state and sends commands; it never writes. Only ui/queries.py reads
the database directly, and only with SELECT."""

import re
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "ui"


def test_only_queries_touches_the_database_and_only_to_read():
    for f in sorted(UI.rglob("*.py")):
        text = f.read_text(encoding="utf-8")
        if f.name == "queries.py":
            sql = re.findall(r'"\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP)\b', text)
            assert sql and set(sql) == {"SELECT"}, f"{f}: {sorted(set(sql))}"
            continue
        assert ".db.execute" not in text and ".db.conn" not in text, f"{f} reads the database"


def test_the_window_changes_the_world_only_through_sim_command():
    writers = ("store.perceive", "store.propose", "store.set_trust", "store.mark_changed",
               "store.record_use", "store.age", "world.record(", "world.move(", "world.set_",
               "world.init_fact", "sim.record(", "sim.queue(", "sim.flush")
    for f in sorted(UI.rglob("*.py")):
        text = f.read_text(encoding="utf-8")
        for w in writers:
            assert w not in text, f"{f.relative_to(UI.parent)} calls {w}"
