"""Epistemics §1 (three layers that never merge) and §2 (claims have identity, not similarity)."""

from mem_helpers import DAY, dump, read, seen, told
from sqlite_utils import Database

from memory import MemoryStore
from memory.driver import sqlite3

MEMORY_TABLES = {
    "memory_meta", "attributes", "claims", "evidence", "beliefs", "belief_versions",
    "belief_facts", "fact_versions", "belief_premises", "trust", "trust_changes",
    "memory_events", "recall_residents", "recall_terms", "recall_terms_config",
    "recall_terms_content", "recall_terms_data", "recall_terms_docsize",
    "recall_terms_idx",  # recall's FTS5 index (§7), until migration 0009
    "recall_words",  # its record since 0009 (the index itself is kept in memory)
    # 0012: the rows written of `beliefs` (now a view with the lazy memories only their
    # evidence stands for) and those memories' one half-life; renaming `beliefs` rewrites
    # what refers to it in SQLite's own temporary schema.
    "belief_rows", "lazy_clock", "sqlite_temp_master", "memory_event_rows", "lookback_passes",
    # migration 0004's first recall index, replaced by recall_terms in 0006:
    "recall_fts", "recall_fts_config", "recall_fts_content", "recall_fts_data",
    "recall_fts_docsize", "recall_fts_idx",
    "_sqlite_migrations",  # sqlite-utils' own record of applied migrations
    "sqlite_master",  # creating the memory tables themselves
}


def test_evidence_rows_are_per_resident_and_point_at_their_source(store):
    """§1: evidence is per resident and points back at the world event / document version /
    teller it came from."""
    store.perceive(seen("ada", "key", "taken_by", "cy", event="e1"))
    store.perceive(read("ada", "key", "taken_by", "cy", document="ledger", version=3))
    store.perceive(told("ada", "key", "taken_by", "cy", teller="bo", origin="dee", at=5))

    ev = store.evidence("ada", "key", "taken_by")
    assert [e.kind for e in ev] == ["witnessed", "document", "hearsay"]
    assert ev[0].event == "e1" and ev[0].teller is None
    assert (ev[1].document, ev[1].version) == ("ledger", 3)
    assert (ev[2].teller, ev[2].origin, ev[2].chain) == ("bo", "dee", ["dee", "bo"])
    assert all(e.resident == "ada" for e in ev)
    # Bo told it, but that put no evidence in Bo's memory: evidence is per resident.
    assert store.evidence("bo", "key", "taken_by") == []


def test_one_belief_per_resident_and_claim_and_they_differ(store):
    """§1: two residents who met the same event hold different beliefs about it."""
    store.perceive(seen("ada", "key", "taken_by", "cy", event="e1"))
    store.perceive(seen("ada", "key", "taken_by", "cy", event="e1", at=1))  # same event again
    store.perceive(told("bo", "key", "taken_by", "cy", teller="ada", at=2))

    own = store.beliefs(about_others=False)
    assert [(b.resident, b.subject, b.attribute) for b in own] == [
        ("ada", "key", "taken_by"), ("bo", "key", "taken_by")]
    ada, bo = own
    assert (ada.kind, ada.confidence) == ("witnessed", 78)
    assert (bo.kind, bo.confidence) == ("hearsay", 58)


def test_claim_is_a_structured_key_values_are_candidates(store):
    """§2: "open" and "not open" are two values of one claim, not two claims; another
    attribute is another claim, however similar its words."""
    store.perceive(seen("ada", "door", "open", "yes", at=0))
    store.perceive(told("ada", "door", "open", "no", teller="bo", at=1))
    store.perceive(seen("ada", "door", "opened", "yes", at=2))

    b = store.belief("ada", "door", "open")
    assert sorted(c.value for c in b.candidates) == ["no", "yes"]
    assert store.counts()["claims"] == 3  # door.open, door.opened, bo's "believes door.open"
    assert store.belief("ada", "door", "opened").candidates[0].value == "yes"


def _world_db() -> Database:
    db = Database(memory=True)
    db["world_facts"].insert_all([{"fact": "key.location", "value": "counter", "version": 1}],
                                 pk="fact")
    db["world_log"].insert_all([{"id": "e1", "what": "cy takes the key", "at": 0}], pk="id")
    return db


def test_memory_never_writes_world_tables():
    """§1: beliefs never write world truth. A database holding (made-up) world tables keeps them
    untouched through perceive, aging, staleness and trust, and no SQL statement memory runs
    writes anything but memory tables."""
    db = _world_db()
    before = [list(db[t].rows) for t in ("world_facts", "world_log")]
    written: set[str] = set()

    def authorizer(action, arg1, arg2, dbname, source):
        if action in (sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE):
            written.add(arg1)
        if action == sqlite3.SQLITE_DROP_TABLE:
            written.add(arg1)
        if action == sqlite3.SQLITE_ALTER_TABLE:  # (database, table)
            written.add(arg2)
        return sqlite3.SQLITE_OK

    db.conn.set_authorizer(authorizer)
    store = MemoryStore(db, states=["location"])
    store.perceive(seen("ada", "key", "location", "counter", event="e1", version=1))
    store.perceive(told("bo", "key", "location", "pocket", teller="ada"))
    store.perceive_many([seen("cy", "key", "location", "pocket", at=5),
                         read("dee", "key", "location", "drawer")])
    store.set_trust("ada", "bo", 0.3)
    store.age(30 * DAY)
    store.mark_changed([("key.location", 2)])
    store.record_use("ada", "key", "location", at=60)
    db.conn.set_authorizer(None)

    assert [list(db[t].rows) for t in ("world_facts", "world_log")] == before
    assert written and written <= MEMORY_TABLES, written - MEMORY_TABLES


def test_reading_never_writes(store):
    """§1: looking at memory (belief, beliefs, explain, evidence) changes nothing."""
    store.perceive(told("ada", "key", "taken_by", "cy", teller="bo"))
    before = dump(store)
    store.belief("ada", "key", "taken_by")
    store.beliefs()
    store.explain("ada", "key", "taken_by")
    store.evidence("ada", "key", "taken_by")
    store.belief_about("ada", "bo", "key", "taken_by")
    store.belief("nobody", "no", "such")
    assert dump(store) == before
