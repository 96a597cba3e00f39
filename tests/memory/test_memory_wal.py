"""What it must withstand (c): concurrency of reads. A file store runs in WAL mode, so the UI
can read while the simulation writes."""

from mem_helpers import seen, told

from memory import MemoryStore
from memory.driver import sqlite3


def test_file_store_uses_wal(tmp_path):
    store = MemoryStore(tmp_path / "town.db")
    assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_reader_reads_while_writer_writes(tmp_path):
    """A second connection reads — without waiting — while the first holds an open write
    transaction, and sees the last committed state; after the commit it sees the new one."""
    path = tmp_path / "town.db"
    writer = MemoryStore(path)
    writer.perceive(seen("ada", "key", "taken_by", "cy"))
    reader = sqlite3.connect(path, timeout=0)  # no waiting: a lock would fail at once
    count = "SELECT count(*) FROM beliefs"
    with writer.db.atomic():
        writer.perceive_many([told(f"r{i}", "key", "taken_by", "cy", teller="bo")
                              for i in range(50)])
        assert reader.execute(count).fetchone()[0] == 1
    assert reader.execute(count).fetchone()[0] == 1 + 50 * 2  # each also learns of bo


def test_writer_commits_while_a_reader_holds_a_snapshot(tmp_path):
    """WAL's point: a long read (the window rendering) does not block the simulation's
    commit, and the reader keeps a consistent snapshot until it finishes."""
    path = tmp_path / "town.db"
    writer = MemoryStore(path)
    writer.perceive(seen("ada", "key", "taken_by", "cy"))
    writer.db.execute("PRAGMA busy_timeout = 0")
    ui = MemoryStore(path)  # the UI's own store on the same file
    ui.db.conn.execute("BEGIN")
    assert ui.belief("ada", "key", "taken_by").confidence == 78
    writer.perceive(seen("ada", "key", "taken_by", "cy", at=5))  # would fail if blocked
    assert ui.belief("ada", "key", "taken_by").confidence == 78  # its snapshot
    ui.db.conn.execute("COMMIT")
    assert ui.belief("ada", "key", "taken_by").confidence == 86


def test_every_public_write_commits_on_a_file_store(tmp_path):
    """Each call that writes leaves no transaction open: another connection sees its rows,
    and a store closed and opened again holds them. `record_use` ran its UPDATE bare, and the
    transaction it opened was never committed — closing the store rolled it back, and all
    written after it (a developer's report)."""
    path = tmp_path / "town.db"
    store = MemoryStore(path)
    calls = [
        lambda: store.perceive(told("kai", "lamp", "taken_by", "tom", teller="jon", at=180)),
        lambda: store.record_use("kai", "lamp", "taken_by", 700),
        lambda: store.perceive(seen("kai", "bell", "rung_by", "ada", at=800)),
        lambda: store.age(10 * 1440),
        lambda: store.refresh_access(10 * 1440),
        lambda: store.look_back(10 * 1440),
        lambda: store.recall("kai", "lamp", 10 * 1440),
        lambda: store.cue("kai", 10 * 1440, subject="bell"),
        lambda: store.mark_changed([("lamp", 10 * 1440)]),
        lambda: store.set_trust("kai", "jon", 0.4),
        lambda: store.implant("kai", "bell", "rung_by", "cy", by="author", at=10 * 1440 + 5),
        lambda: store.undo(1, by="author", at=10 * 1440 + 6),
    ]
    for i, call in enumerate(calls):
        call()
        assert not store.db.conn.in_transaction, f"call {i} left a transaction open"
    before = (store.counts(), store.belief("kai", "lamp", "taken_by"),
              store.history("kai", "bell", "rung_by"), store.memory_events())
    other = sqlite3.connect(path)
    assert other.execute("SELECT count(*) FROM evidence").fetchone()[0] == before[0]["evidence"]
    other.close()
    store.close()
    again = MemoryStore(path)
    assert again.belief("kai", "lamp", "taken_by").uses == 1
    assert (again.counts(), again.belief("kai", "lamp", "taken_by"),
            again.history("kai", "bell", "rung_by"), again.memory_events()) == before
