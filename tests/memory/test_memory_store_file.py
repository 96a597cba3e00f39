"""A store's own file, from a developer's trial: reopened with the same constructor line, it
kept its attributes' topics and importance; damaged, or written by a newer Hearsay, it is
refused with nothing written; `backup` copies a live store whole (copying the file missed
what was in its WAL); `with MemoryStore(...)` closes it."""

import hashlib
import os

import pytest

from memory import (
    InvalidEvidence,
    MemoryModuleError,
    MemoryStore,
    StoreClosed,
    StoreDamaged,
    StoreTooNew,
)
from memory.driver import sqlite3
from memory.errors import sqlite_failure, translated


def _files(path) -> dict[str, str]:
    """Every file of the database (main, -wal, -shm) with its bytes' digest."""
    out = {}
    for suffix in ("", "-wal", "-shm", "-journal"):
        p = f"{path}{suffix}"
        if os.path.exists(p):
            with open(p, "rb") as f:
                out[suffix] = hashlib.sha256(f.read()).hexdigest()
    return out


def _said(store, at, teller="bo", value="mill"):
    return store.perceive(dict(resident="ada", subject="key", attribute="location", value=value,
                               kind="hearsay", teller=teller, origin=teller, at=at,
                               event=f"e{at}"))


def _closed_store(path, **rows) -> None:
    store = MemoryStore(path)
    _said(store, 10)
    store.close()
    conn = sqlite3.connect(str(path))
    for sql, args in rows.items():
        conn.execute(sql, args)
    conn.commit()
    conn.close()


def test_reopening_with_states_keeps_the_attributes_topic_and_importance(tmp_path):
    path = tmp_path / "s.db"
    store = MemoryStore(path, states=["location"])
    store.define_attribute("location", nature="state", importance=6, topic="whereabouts")
    store.set_trust("ada", "bo", 0.9, topic="whereabouts")
    assert _said(store, 10).confidence == 75  # §4: trust 0.9 → 75
    store.close()
    store = MemoryStore(path, states=["location"])  # the same line, reopening
    assert store.attribute_importance("location") == 6
    row = store.db.execute("SELECT nature, topic, importance FROM attributes "
                           "WHERE name = 'location'").fetchone()
    assert row == ("state", "whereabouts", 6)
    # Trust on the topic still applies to a new teller's word about it (it was 58: 0.6).
    store.set_trust("ada", "cy", 0.9, topic="whereabouts")
    b = store.perceive(dict(resident="ada", subject="ring", attribute="location", value="pond",
                            kind="hearsay", teller="cy", origin="cy", at=20, event="r1"))
    assert b.confidence == 75
    store.close()


def test_states_still_makes_an_event_attribute_a_state(tmp_path):
    path = tmp_path / "s.db"
    store = MemoryStore(path)
    store.define_attribute("location", nature="event", importance=3, topic="whereabouts")
    store.close()
    store = MemoryStore(path, states=["location"])
    row = store.db.execute("SELECT nature, topic, importance FROM attributes "
                           "WHERE name = 'location'").fetchone()
    assert row == ("state", "whereabouts", 3)
    store.close()


def test_a_damaged_store_is_refused_untouched(tmp_path):
    path = tmp_path / "s.db"
    store = MemoryStore(path)
    for at in range(1, 200):
        _said(store, at, value=f"place{at}")
    store.close()
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    for i in range(middle, middle + 4096, 7):
        data[i] ^= 0xFF
    path.write_bytes(bytes(data))
    before = _files(path)
    with pytest.raises(StoreDamaged) as got:
        MemoryStore(path)
    assert "is damaged" in str(got.value) and "nothing was written" in str(got.value)
    assert str(path) in str(got.value)
    assert not str(got.value).startswith("invalid evidence")
    assert isinstance(got.value, MemoryModuleError)
    assert _files(path) == before  # not switched to WAL, not migrated


def test_damage_met_later_is_the_modules_error_naming_the_call():
    err = sqlite_failure("beliefs", sqlite3.DatabaseError("database disk image is malformed"))
    assert isinstance(err, StoreDamaged) and err.call == "beliefs"
    assert "beliefs() stopped at it" in str(err)
    assert isinstance(sqlite_failure("x", UnicodeDecodeError("utf-8", b"\xff", 0, 1, "bad")),
                      StoreDamaged)
    assert sqlite_failure("x", sqlite3.IntegrityError("UNIQUE constraint failed")) is None

    @translated
    def counts():
        raise sqlite3.OperationalError("Could not decode to UTF-8 column 'subject'")

    with pytest.raises(StoreDamaged, match=r"counts\(\) stopped"):
        counts()


@pytest.mark.parametrize("sql, args, what", [
    ("INSERT INTO _sqlite_migrations (migration_set, name, applied_at) VALUES (?, ?, ?)",
     ("hearsay.memory", "0099_future_shape", "2030-01-01"), "0099_future_shape"),
    ("UPDATE memory_meta SET value = ? WHERE key = 'policy'", ("future_policy",),
     "future_policy"),
    ("INSERT INTO memory_meta (key, value) VALUES ('params', ?) ON CONFLICT (key) DO UPDATE "
     "SET value = excluded.value", ('{"future_knob": 1}',), "future_knob"),
])
def test_a_store_from_a_newer_hearsay_is_refused_untouched(tmp_path, sql, args, what):
    path = tmp_path / "s.db"
    _closed_store(path, **{sql: args})
    before = _files(path)
    with pytest.raises(StoreTooNew) as got:
        MemoryStore(path)
    assert what in str(got.value) and "newer Hearsay" in str(got.value)
    assert _files(path) == before


def test_kept_numbers_that_do_not_read_are_damage(tmp_path):
    path = tmp_path / "s.db"
    _closed_store(path, **{"INSERT INTO memory_meta (key, value) VALUES ('params', ?) ON "
                           "CONFLICT (key) DO UPDATE SET value = excluded.value":
                           ('{"hearsay_half_life_days": "soon"',)})
    before = _files(path)
    with pytest.raises(StoreDamaged, match="kept numbers"):
        MemoryStore(path)
    assert _files(path) == before


def test_backup_copies_a_live_store_whole_and_never_over_a_file(tmp_path):
    live = tmp_path / "live.db"
    store = MemoryStore(live)
    for at in range(1, 51):
        _said(store, at, value=f"place{at}")
    out = store.backup(tmp_path / "bk.db")
    assert out == tmp_path / "bk.db"
    with MemoryStore(out) as again:
        assert again.counts() == store.counts()
        assert again.belief("ada", "key", "location") == store.belief("ada", "key", "location")
    taken = tmp_path / "taken.db"
    taken.write_bytes(b"mine")
    with pytest.raises(InvalidEvidence, match="never over one"):
        store.backup(taken)
    assert taken.read_bytes() == b"mine"
    with pytest.raises(InvalidEvidence, match="not a folder"):
        store.backup(tmp_path / "nowhere" / "bk.db")
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".part")]
    store.close()


def test_an_in_memory_store_is_saved_by_backup(tmp_path):
    store = MemoryStore(":memory:")
    _said(store, 5)
    store.backup(tmp_path / "m.db")
    with MemoryStore(tmp_path / "m.db") as again:
        assert again.belief("ada", "key", "location").confidence == 58
    store.close()


def test_with_closes_the_store(tmp_path):
    with MemoryStore(tmp_path / "w.db") as store:
        _said(store, 1)
    with pytest.raises(StoreClosed):
        store.counts()
