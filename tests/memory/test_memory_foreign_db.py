"""A database the store did not make: opened on a file that already holds a table by one of the
memory's names (a developer's `beliefs (npc, belief)`), the store raised sqlite3's "no such
column: claim_id" half-way — the file already switched to WAL and given a migrations table.
Now it is refused, naming the tables, before anything is written."""


import pytest
from mem_helpers import file_digests as _files
from sqlite_utils import Database

from memory import ForeignTables, InvalidEvidence, MemoryModuleError, MemoryStore
from memory.driver import sqlite3
from memory.schema import MADE_BY, migrations


def _foreign(path, *statements: str) -> None:
    conn = sqlite3.connect(str(path))
    for sql in statements:
        conn.execute(sql)
    conn.commit()
    conn.close()


def test_a_database_with_its_own_beliefs_table_is_refused_untouched(tmp_path):
    path = tmp_path / "g.db"
    _foreign(path, "CREATE TABLE beliefs (npc, belief)",
             "INSERT INTO beliefs VALUES ('ada', 'the key is lost')")
    before = _files(path)
    with pytest.raises(ForeignTables) as e:
        MemoryStore(path)
    assert isinstance(e.value, MemoryModuleError) and isinstance(e.value, InvalidEvidence)
    assert e.value.tables == ["beliefs"] and "beliefs" in str(e.value)
    assert _files(path) == before  # byte for byte: not switched to WAL, no migrations table
    conn = sqlite3.connect(str(path))
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master")] == ["beliefs"]
    conn.close()


def test_every_clashing_table_is_named_and_a_given_database_is_checked_too(tmp_path):
    path = tmp_path / "g.db"
    _foreign(path, "CREATE TABLE trust (who, whom)", "CREATE TABLE evidence (x)",
             "CREATE TABLE players (name)")
    before = _files(path)
    db = Database(str(path))
    with pytest.raises(ForeignTables) as e:
        MemoryStore(db)
    assert e.value.tables == ["evidence", "trust"]  # not `players`: not one of the memory's
    db.close()
    assert _files(path) == before


def test_a_database_with_only_other_tables_or_the_stores_own_opens(tmp_path):
    path = tmp_path / "g.db"
    _foreign(path, "CREATE TABLE players (name)")
    s = MemoryStore(path)
    s.close()
    s = MemoryStore(path)  # its own tables, made by its own migrations
    assert s.counts()["beliefs"] == 0
    s.close()
    # Another migration set of sqlite-utils in the same file makes none of ours.
    conn = sqlite3.connect(str(tmp_path / "h.db"))
    conn.execute("CREATE TABLE _sqlite_migrations (migration_set TEXT, name TEXT, "
                 "applied_at TEXT)")
    conn.execute("INSERT INTO _sqlite_migrations VALUES ('my.game', '0001_memory_tables', "
                 "'now')")
    conn.execute("CREATE TABLE claims (x)")
    conn.commit()
    conn.close()
    with pytest.raises(ForeignTables) as e:
        MemoryStore(tmp_path / "h.db")
    assert e.value.tables == ["claims"]


def test_the_list_of_the_stores_tables_is_what_its_migrations_make():
    """`MADE_BY` names every table, view, index and trigger by the migration that first makes
    it: applied one at a time, the migrations make exactly those."""
    names = [m.name for m in migrations._migrations]
    first: dict[str, str] = {}
    for i, name in enumerate(names):
        db = Database(memory=True)
        if i:
            migrations.apply(db, stop_before=name)
        before = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
        if i + 1 < len(names):
            migrations.apply(db, stop_before=names[i + 1])
        else:
            migrations.apply(db)
        for (made,) in db.execute("SELECT name FROM sqlite_master"):
            if made not in before and not made.startswith(("sqlite_", "_sqlite_",
                                                           "idx__sqlite_")):
                first.setdefault(made, name)
    listed = {t: m for m, ts in MADE_BY.items() for t in ts}
    assert listed == first
