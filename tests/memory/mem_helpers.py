"""Small builders for evidence, so each test reads like the rule it pins.

Named `mem_helpers` (not `helpers`) because tests/ has no packages and module basenames must be
unique across tests/memory, tests/game and tests/ui.
"""

from __future__ import annotations

import hashlib
import itertools
import os

from memory import Evidence, MemoryStore, Observed, SourceKind, lifecycle

DAY = 24 * 60  # sim minutes
_events = itertools.count(1)


def seen(resident: str, subject: str, attribute: str, value: str, *, at: int = 0,
         event: str | None = None, kind: str = "witnessed", **kw) -> Evidence:
    """First-hand-ranked evidence of the resident's own: a fresh world event unless given."""
    return Evidence(resident=resident, subject=subject, attribute=attribute, value=value,
                    kind=kind, at=at, event=event or f"ev{next(_events)}", **kw)


def told(resident: str, subject: str, attribute: str, value: str, *, teller: str,
         origin: str | None = None, at: int = 0, **kw) -> Evidence:
    """Hearsay: `teller` told `resident`; `origin` (default the teller) first claimed it."""
    return Evidence(resident=resident, subject=subject, attribute=attribute, value=value,
                    kind="hearsay", teller=teller, origin=origin or teller, at=at, **kw)


def declared(resident: str, subject: str, attribute: str, value: str, *, at: int = 0,
             **kw) -> Evidence:
    """The subject said it about themselves."""
    return Evidence(resident=resident, subject=subject, attribute=attribute, value=value,
                    kind="declared", teller=subject, at=at, **kw)


def read(resident: str, subject: str, attribute: str, value: str, *,
         document: str = "ledger", at: int = 0, **kw) -> Evidence:
    return Evidence(resident=resident, subject=subject, attribute=attribute, value=value,
                    kind="document", document=document, at=at, **kw)


def implanted(resident: str, subject: str, attribute: str, value: str, *, at: int = 0,
              **kw) -> Evidence:
    return Evidence(resident=resident, subject=subject, attribute=attribute, value=value,
                    kind="implanted", at=at, **kw)


def dump(store: MemoryStore) -> list[str]:
    """The whole database as SQL text: equal dumps mean the store is byte-for-byte unchanged.
    (pysqlite3's connections have no `iterdump`: there, the schema and every row in order.)"""
    conn = store.db.conn
    if hasattr(conn, "iterdump"):
        return list(conn.iterdump())
    out = []
    for kind, name, sql in conn.execute(
            "SELECT type, name, sql FROM sqlite_master ORDER BY type, name").fetchall():
        out.append(repr((kind, name, sql)))
        if kind == "table" and not name.startswith("sqlite_"):
            out += map(repr, conn.execute(f'SELECT * FROM "{name}" ORDER BY 1').fetchall())
    return out


def cands(belief) -> dict[str, int]:
    """value -> confidence of every candidate, held value included."""
    return {c.value: c.confidence for c in belief.candidates}


# -- lazy memories (memory.lifecycle): one story in a lazy and an eager store ----------------

HOUR = 60


def sighting(resident: str, person: str, at: int, place: str = "cafe",
             kind: SourceKind = SourceKind.WITNESSED) -> Observed:
    """The hour's sighting of `person` at `place`: a cue-recalled claim of no importance."""
    hour = at // HOUR
    return Observed(resident, person, f"at_d{hour // 24 + 1}_{hour % 24:02d}00", place, kind,
                    at, f"p{hour}")


def lazy_tables(store: MemoryStore) -> dict[str, list]:
    """Every row that matters, lazy memories caught up first (as any touch would)."""
    store._sync()
    ids = [r[0] for r in store.db.execute("SELECT id FROM beliefs WHERE lazy = 1")]
    lifecycle.catch_up_ids(store, ids)
    cols = [r[1] for r in store.db.execute("PRAGMA table_info(beliefs)") if r[1] != "lazy"]
    out = {"beliefs": store.db.execute(f"SELECT {', '.join(cols)} FROM beliefs ORDER BY id")
           .fetchall()}
    # The events in the order they happened (a lazy memory's are its clock's until its row is
    # written, then written with it: memory.unwritten), without the ids that order gives.
    out["memory_events"] = store.db.execute(
        "SELECT at, resident, belief_id, kind, detail FROM memory_events ORDER BY at, "
        "belief_id, kind").fetchall()
    for table in ("evidence", "belief_versions", "claims", "memory_edits"):
        out[table] = store.db.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
    return out


def same_lazy_eager(lazy: MemoryStore, eager: MemoryStore) -> None:
    """The two stores cannot be told apart: the same events, and every table the same."""
    assert lazy.memory_events() == eager.memory_events()
    a, b = lazy_tables(lazy), lazy_tables(eager)
    for table in a:
        assert a[table] == b[table], table


def file_digests(path) -> dict[str, str]:
    """Every file of a database (main, -wal, -shm, -journal) with its bytes' digest: what a
    refused open must leave as it was."""
    out = {}
    for suffix in ("", "-wal", "-shm", "-journal"):
        p = f"{path}{suffix}"
        if os.path.exists(p):
            with open(p, "rb") as f:
                out[suffix] = hashlib.sha256(f.read()).hexdigest()
    return out
