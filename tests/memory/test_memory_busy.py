"""Another connection's lock and a read-only database, as a developer met them: sqlite3's raw
"database is locked" and "attempt to write a readonly database" from deep inside the module
(bulk.py, aging.py, trust.py, deferred.py). Now each is the module's own error naming the call
and saying what to do — `StoreBusy`, `StoreReadOnly`, both `MemoryModuleError`s (and still
`sqlite3.OperationalError`s, as SQLite's were) — and `busy_timeout` makes a call wait for the
lock instead."""

import threading
import time

import pytest
from mem_helpers import seen, told
from sqlite_utils import Database

from memory import MemoryModuleError, MemoryStore, StoreBusy, StoreReadOnly
from memory.driver import sqlite3


def _made(path) -> None:
    s = MemoryStore(path, states=["location"])
    s.perceive(seen("ada", "key", "location", "counter", at=0))
    s.perceive(told("ada", "ring", "taken_by", "cy", teller="bo", at=5))
    s.close()


CALLS = {
    "perceive": lambda s: s.perceive(seen("ada", "key", "location", "shelf", at=10)),
    "age": lambda s: s.age(100),
    "set_trust": lambda s: s.set_trust("ada", "bo", 0.3),
    "implant": lambda s: s.implant("ada", "key", "location", "z", by="x", at=3),
    "refresh_access": lambda s: s.refresh_access(100),
    "recall": lambda s: s.recall("ada", "key", 100),
    "mark_changed": lambda s: s.mark_changed([("key.location", 2)]),
    "record_use": lambda s: s.record_use("ada", "key", "location", 20),
}


@pytest.mark.parametrize("call", sorted(CALLS))
def test_another_connections_lock_is_store_busy_naming_the_call(tmp_path, call):
    path = tmp_path / "m.db"
    _made(path)
    store = MemoryStore(path)
    # No busy_timeout given: the connection's own timeout, as before. sqlite3's default is
    # five seconds of waiting per call; 50 ms is as good a wait to find the lock taken.
    store.db.execute("PRAGMA busy_timeout = 50")
    before = store.counts()
    other = sqlite3.connect(str(path))
    other.execute("BEGIN IMMEDIATE")  # a long tick of another program
    try:
        with pytest.raises(StoreBusy) as e:
            CALLS[call](store)
    finally:
        other.rollback()
        other.close()
    assert isinstance(e.value, MemoryModuleError) and isinstance(e.value, sqlite3.Error)
    assert str(e.value).startswith(f"{call}: ") and "busy_timeout" in str(e.value)
    assert store.counts() == before
    CALLS[call](store)  # retried, it goes through
    store.close()


def test_busy_timeout_waits_for_the_lock(tmp_path):
    path = tmp_path / "m.db"
    _made(path)
    store = MemoryStore(path, busy_timeout=5000)
    locked, release = threading.Event(), 0.3

    def hold() -> None:
        other = sqlite3.connect(str(path))
        other.execute("BEGIN IMMEDIATE")
        locked.set()
        time.sleep(release)
        other.commit()
        other.close()

    t = threading.Thread(target=hold)
    t.start()
    locked.wait(5)
    t0 = time.monotonic()
    b = store.perceive(seen("ada", "key", "location", "counter", at=10))  # waits, then writes
    waited = time.monotonic() - t0
    t.join()
    assert b.confidence == 86 and waited >= release / 2
    assert len(store.recall("ada", "key", 20)) == 1
    store.close()
    with pytest.raises(MemoryModuleError, match="busy_timeout"):
        MemoryStore(path, busy_timeout=-1)


def _read_only(path) -> MemoryStore:
    return MemoryStore(Database(sqlite3.connect(f"file:{path}?mode=ro", uri=True)))


def test_a_read_only_store_reads_and_refuses_writes_in_words(tmp_path):
    path = tmp_path / "m.db"
    _made(path)
    store = _read_only(path)
    assert store.belief("ada", "key", "location").value == "counter"
    assert store.explain("ada", "key", "location").lines()[0].startswith("ada believes")
    with pytest.raises(StoreReadOnly) as e:
        store.recall("ada", "key", 100)
    assert "the store is read-only; recall re-evokes memories, so it writes" in str(e.value)
    with pytest.raises(StoreReadOnly, match="perceive writes"):
        store.perceive(seen("ada", "key", "location", "shelf", at=10))
    with pytest.raises(StoreReadOnly, match="age writes"):
        store.age(10_000)
    # The refused recall left nothing held to write: the store reads on, and closes.
    assert store.accessibility("ada", "key", "location", 100) < 1.0
    ex = store.explain("ada", "key", "location")
    assert (ex.value, ex.confidence, ex.state, ex.source) == ("counter", 78, "influencing",
                                                              "first-hand")
    assert [(step.kind, step.at) for step in ex.supports[0].steps] == [("witnessed", 0)]
    # The refused perceive left no version and no candidate "shelf" behind.
    assert [v.cause for v in ex.history] == ["new"]
    assert [c.value for c in ex.candidates] == ["counter"]
    store.close()


def test_a_call_refused_for_a_lock_leaves_no_transaction_open(tmp_path):
    """A cue refused as StoreBusy (a lazy memory written by an INSERT Python's sqlite3 began a
    transaction for, then refused) left that transaction open: every later write went into it,
    returned normally, locked the other store out, and was thrown away at close() (a fuzz).
    The refused call's writes are given back; later ones are committed."""
    from memory import Evidence

    path = tmp_path / "m.db"
    a, b = MemoryStore(path, busy_timeout=0), MemoryStore(path, busy_timeout=0)
    a.define_attribute("at_door", recall="cue")
    a.perceive(Evidence(resident="ada", subject="key", attribute="at_door", value="v0",
                        kind="firsthand", at=0, event="e0", importance=0))
    lock = sqlite3.connect(str(path), timeout=0)
    lock.execute("BEGIN IMMEDIATE")
    with pytest.raises(StoreBusy):
        a.cue("ada", 100, attribute="at_door")
    lock.rollback()
    lock.close()
    assert not a.db.conn.in_transaction
    a.perceive(seen("ada", "key", "at_door", "v1", at=200))
    a.set_trust("ada", "bo", 0.9)
    b.perceive(seen("bo", "key", "at_door", "v2", at=300))  # not locked out
    a.close()
    c = MemoryStore(path)
    assert c.trust("ada", "bo") == 0.9 and c.counts()["evidence"] == 3  # nothing lost


def test_refresh_refused_for_a_lock_is_store_busy(tmp_path):
    """refresh() let SQLite's raw "database is locked" out (a fuzz)."""
    path = tmp_path / "m.db"
    a = MemoryStore(path, busy_timeout=0)
    a.perceive(seen("ada", "cake", "baked_by", "bo", at=0))
    lock = sqlite3.connect(str(path), timeout=0)
    lock.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreBusy):
            a.recall("ada", "cake", now=10)
        with pytest.raises(StoreBusy):
            a.refresh()
    finally:
        lock.rollback()
        lock.close()
    a.refresh()
    assert [r.belief.value for r in a.recall("ada", "cake", now=20)] == ["bo"]
