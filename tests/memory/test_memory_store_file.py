"""A store's own file, from a developer's trial: reopened with the same constructor line, it
kept its attributes' topics and importance; damaged, or written by a newer Hearsay, it is
refused with nothing written; `backup` copies a live store whole (copying the file missed
what was in its WAL); `with MemoryStore(...)` closes it."""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from mem_helpers import file_digests as _files
from mem_helpers import seen

from memory import (
    ForeignTables,
    InvalidEvidence,
    MemoryModuleError,
    MemoryStore,
    StoreClosed,
    StoreDamaged,
    StoreTooNew,
)
from memory.driver import sqlite3
from memory.errors import sqlite_failure, translated

ROOT = Path(__file__).resolve().parents[2]


def _said(store, at, teller="bo", value="mill"):
    return store.perceive(dict(resident="ada", subject="key", attribute="location", value=value,
                               kind="hearsay", teller=teller, origin=teller, at=at,
                               event=f"e{at}"))


def _told_often(store, n: int):
    """The store, told n-1 times where the key is (a new place each minute)."""
    for at in range(1, n):
        _said(store, at, value=f"place{at}")
    return store


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
    _told_often(MemoryStore(path), 200).close()
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
    store = _told_often(MemoryStore(live), 51)
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


# -- from a hostile-input run over these checks ---------------------------------------------


def _journal_store(path) -> None:
    """A store file in rollback-journal mode (as `backup` of an in-memory store writes one):
    opening it switches it to WAL, so a refusal must come before that."""
    m = MemoryStore(":memory:")
    _said(m, 10)
    m.backup(path)
    m.close()


@pytest.mark.parametrize("sql, args, words", [
    ("INSERT OR REPLACE INTO memory_meta (key, value) VALUES ('default_trust', ?)", ("0.5x",),
     "default_trust"),
    ("INSERT OR REPLACE INTO memory_meta (key, value) VALUES ('default_trust', ?)", ("2.5",),
     "default_trust"),
    ("INSERT OR REPLACE INTO memory_meta (key, value) VALUES ('access_pass_at', ?)", ("abc",),
     "access_pass_at"),
    ("INSERT OR REPLACE INTO memory_meta (key, value) VALUES ('seed', ?)", ("1.5",), "seed"),
    ("INSERT OR REPLACE INTO memory_meta (key, value) VALUES ('versions', ?)", ("yes",),
     "versions"),
    ("UPDATE attributes SET recall = ?", ("bogus",), "attribute"),
    ("DROP TABLE memory_meta", (), "memory_meta is missing"),
    # any table the migrations made: a dropped one opened, and every call then met SQLite's
    # raw "no such table" (a developer's trial)
    ("DROP TABLE evidence", (), "its table or view evidence is missing"),
    ("DROP TABLE trust_changes", (), "its table or view trust_changes is missing"),
    # beliefs of claims deleted: it opened, then a write met a raw UNIQUE error (a fuzz)
    ("DELETE FROM claims", (), "its beliefs name claims it does not have"),
])
def test_what_the_store_reads_on_opening_is_checked_before_it_writes(tmp_path, sql, args,
                                                                    words):
    path = tmp_path / "j.db"
    _journal_store(path)
    with sqlite3.connect(str(path)) as conn:
        if "attributes" in sql:
            conn.execute("INSERT OR IGNORE INTO attributes (name, nature) VALUES ('x', 'event')")
        conn.execute(sql, args)
    conn.close()
    before = _files(path)
    with pytest.raises(StoreDamaged) as got:
        MemoryStore(path)
    assert words in str(got.value) and "SQLite:" not in str(got.value)
    assert _files(path) == before  # not switched to WAL


def test_damaged_rows_met_later_are_store_damaged(tmp_path):
    path = tmp_path / "s.db"
    store = MemoryStore(path)
    _said(store, 10)
    store.close()
    with sqlite3.connect(str(path)) as conn:
        conn.execute("UPDATE belief_rows SET candidates = '[[\"c\",'")
    conn.close()
    store = MemoryStore(path)
    with pytest.raises(StoreDamaged, match=r"belief\(\) stopped at it"):
        store.belief("ada", "key", "location")
    store.close()


def test_a_truncated_store_is_damaged_and_a_device_is_no_store(tmp_path):
    path = tmp_path / "s.db"
    _told_often(MemoryStore(path), 120).close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    before = _files(path)
    with pytest.raises(StoreDamaged):
        MemoryStore(path)
    assert _files(path) == before
    with pytest.raises(InvalidEvidence, match="not a regular file"):
        MemoryStore("/dev/null")
    assert not os.path.exists("/dev/null-journal")


def test_states_naming_a_member_of_a_family_keeps_the_familys_settings(tmp_path):
    path = tmp_path / "f.db"
    store = MemoryStore(path)
    store.define_attribute("at_*", nature="state", topic="sightings", importance=6,
                           recall="cue")
    store.close()
    store = MemoryStore(path, states=["at_mill"])
    rows = store.db.execute("SELECT name FROM attributes").fetchall()
    assert rows == [("at_*",)]  # nothing written for the member
    assert store.recall_mode("at_mill") == "cue"
    store.close()


def test_backup_refuses_what_it_cannot_write_in_words(tmp_path):
    store = MemoryStore(":memory:")
    _said(store, 1)
    with pytest.raises(InvalidEvidence, match="a file path"):
        store.backup(str(tmp_path / "a\0b.db"))
    with pytest.raises(InvalidEvidence, match="names a folder"):
        store.backup(str(tmp_path / "newdir") + "/")
    with pytest.raises(InvalidEvidence, match="cannot write"):
        store.backup(tmp_path / ("x" * 300 + ".db"))
    assert not [p for p in os.listdir(tmp_path) if ".part" in p]
    store.close()
    with pytest.raises(StoreClosed):
        store.backup(tmp_path / "late.db")
    with pytest.raises(StoreClosed):
        store.perceive_many([])
    with pytest.raises(StoreClosed):
        store.__enter__()


def test_recall_words_of_deleted_beliefs_are_damage_found_before_a_write(tmp_path):
    """Beliefs deleted under recall's record of their words: the open was refused as
    "invalid evidence" and only after the file was switched to WAL (a fuzz)."""
    path = tmp_path / "j.db"
    m = MemoryStore(":memory:")
    for at, who in enumerate(("ada", "bo")):
        m.perceive(seen(who, "key", "location", "drawer", at=at))
        m.recall(who, "key drawer", at + 1)  # indexes the memory: a recall_words row
    m.backup(path)
    m.close()
    with sqlite3.connect(str(path)) as conn:
        conn.execute("DELETE FROM belief_rows WHERE resident = 'bo'")
    conn.close()
    before = _files(path)
    with pytest.raises(StoreDamaged, match=r"its recall index names memories it does not "
                       r"have\); nothing was written"):
        MemoryStore(path)
    assert _files(path) == before


@pytest.mark.parametrize("sql, words", [
    ("DELETE FROM _sqlite_migrations", r"attributes and \d+ more stand without its record"),
    ("DELETE FROM _sqlite_migrations WHERE name != '0001_memory_tables'", "stand without"),
])
def test_the_stores_tables_without_its_record_of_making_them_are_damage(tmp_path, sql, words):
    """Not "tables by the memory's names, not made by it" (ForeignTables, for another
    program's file): its own memory_meta is there (a fuzz)."""
    path = tmp_path / "j.db"
    _journal_store(path)
    with sqlite3.connect(str(path)) as conn:
        conn.execute(sql)
    conn.close()
    before = _files(path)
    with pytest.raises(StoreDamaged, match=words) as got:
        MemoryStore(path)
    assert not isinstance(got.value, ForeignTables)
    assert _files(path) == before


_NOBODY = """
import sys
sys.path.insert(0, {root!r})
from memory import MemoryModuleError, MemoryStore
try:
    MemoryStore({path!r})
except MemoryModuleError as e:
    print(type(e).__name__, e)
"""


def test_a_store_in_a_folder_that_cannot_be_written_is_read_only():
    """A store in WAL mode needs its -shm file beside it: in a folder nobody may write, its
    open was refused as "invalid evidence: cannot open" (a fuzz). It is StoreReadOnly, and
    the file is left as it was."""
    cmd = [sys.executable, "-c"]
    if os.geteuid() == 0:  # root writes anywhere: the open is tried as nobody
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv")
        cmd = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *cmd]
    # (pytest's own folder is root's alone: nobody could not reach a file in it)
    base = Path(tempfile.mkdtemp(prefix="hearsay-ro-"))
    base.chmod(0o755)
    if os.geteuid() == 0 and any(not up.stat().st_mode & 0o001 for up in base.parents):
        shutil.rmtree(base)  # (nobody could not reach a file under it)
        pytest.skip(f"{tempfile.gettempdir()} cannot be entered by another user")
    folder = base / "ro"
    folder.mkdir()
    path = folder / "m.db"
    try:
        store = MemoryStore(path)  # (in WAL mode)
        _said(store, 10)
        store.close()
        before = _files(path)
        path.chmod(0o444)
        folder.chmod(0o555)
        out = subprocess.run([*cmd, _NOBODY.format(root=str(ROOT), path=str(path))],
                             capture_output=True, text=True, timeout=60)
        folder.chmod(0o755)
        assert out.returncode == 0, out.stderr
        assert out.stdout.startswith("StoreReadOnly the store is read-only; opening a store"), \
            out.stdout
        assert "folder that can be written" in out.stdout
        assert _files(path) == before
    finally:
        folder.chmod(0o755)
        shutil.rmtree(base)
