"""Memory edits (issue 14): implant, distort, suppress and undo, each an append-only audit row and
a version "edited by …" in the belief's history; implanted evidence never becomes first-hand
and never outranks it (epistemics §3); a suppressed memory is unrecallable by §7's rules; an
edit is discovered when later evidence contradicts it (first-hand, a document, or two
independent testimonies), and the resident then doubts the other edits of the same hand by the
anomaly step (−30)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mem_helpers import DAY, cands, dump, read, seen, told

from memory import InvalidEvidence, MemoryStore
from memory.driver import sqlite3


def fen_saw_dee(store, at=0):
    store.perceive(seen("fen", "key", "moved_by", "dee", at=at))


def test_implant_over_a_firsthand_memory(store):
    fen_saw_dee(store)
    e = store.implant("fen", "key", "moved_by", "cy", by="author", at=60)
    b = store.belief("fen", "key", "moved_by")
    assert (b.value, b.confidence, b.state.value) == ("cy", 50, "influencing")  # §4: 50
    assert b.source == "implanted" and b.kind == "implanted"  # §3: the weakest rank
    assert cands(b) == {"cy": 50, "dee": 25}  # the old value kept beside it, at 25
    last = b.history[-1]
    assert last.cause == "edited by author" and last.value == "cy" and "edit 1" in last.note
    assert e.kind == "implant" and e.before.value == "dee" and e.after.value == "cy"
    rec = store.evidence("fen", "key", "moved_by")[-1]
    assert (rec.kind, rec.source, rec.implanted_by) == ("implanted", "implanted", "author")
    assert e.evidence_id == rec.id


def test_implanting_a_new_memory(store):
    e = store.implant("fen", "key", "moved_by", "cy", confidence=64, by="author", at=5)
    b = store.belief("fen", "key", "moved_by")
    assert (b.value, b.confidence, b.source) == ("cy", 64, "implanted")
    assert e.before is None
    assert [v.cause for v in b.history] == ["new", "edited by author"]


def test_an_implant_never_outranks_firsthand_evidence(store):
    store.implant("fen", "key", "moved_by", "cy", by="author", at=5)
    b = store.perceive(seen("fen", "key", "moved_by", "dee", at=10))
    # The weakest rank gives way at once; not "corrected" (seed 000 §12: that is first-hand
    # evidence meeting a belief already in doubt) but an update to what was seen.
    assert (b.value, b.state.value) == ("dee", "influencing")
    # and repetition never lifts it: a second implant of the same value is exposure at rank 0
    store.implant("fen", "key", "moved_by", "cy", by="author", at=20)
    assert store.belief("fen", "key", "moved_by").source == "implanted"
    for rec in store.evidence("fen", "key", "moved_by"):
        if rec.kind == "implanted":
            assert rec.source == "implanted"


def test_the_edit_table_is_append_only(store):
    fen_saw_dee(store)
    store.implant("fen", "key", "moved_by", "cy", by="author", at=60)
    for sql in ("UPDATE memory_edits SET by = 'x'", "DELETE FROM memory_edits"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            store.db.execute(sql)
    store.perceive(seen("fen", "key", "moved_by", "dee", at=70))
    for sql in ("UPDATE edit_discoveries SET how = 'x'", "DELETE FROM edit_discoveries"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            store.db.execute(sql)


def test_distort_value_and_confidence(store):
    fen_saw_dee(store)
    e = store.distort("fen", "key", "moved_by", confidence=30, by="dev", at=10)
    b = store.belief("fen", "key", "moved_by")
    assert (b.value, b.confidence, b.source) == ("dee", 30, "first-hand")
    assert e.value is None and e.confidence == 30
    e2 = store.distort("fen", "key", "moved_by", value="bo", by="dev", at=20)
    b = store.belief("fen", "key", "moved_by")
    assert (b.value, b.confidence, b.source) == ("bo", 30, "implanted")  # keeps the feel
    assert e2.kind == "distort" and e2.evidence_id is not None
    assert [v.cause for v in b.history].count("edited by dev") == 2


def test_suppress_makes_it_unrecallable_until_the_claim_comes_up(store):
    fen_saw_dee(store)
    store.suppress("fen", "key", "moved_by", by="author", at=60)
    b = store.belief("fen", "key", "moved_by")
    assert b.access(60) == "unrecallable" and b.value == "dee"
    assert store.recall("fen", "key moved_by dee", 61) == []  # a cue cannot reach it
    assert b.history[-1].cause == "edited by author"
    # Contradicted, it stays out of reach — nothing in "Cy did it" calls up "Dee did" (§7) —
    # even though the more important claim would lengthen its half-life.
    store.perceive(told("fen", "key", "moved_by", "cy", teller="bo", at=120, importance=10))
    b = store.belief("fen", "key", "moved_by")
    assert (b.value, b.access(120)) == ("dee", "unrecallable")
    store.perceive(told("fen", "key", "moved_by", "dee", teller="eli", at=180))
    assert store.belief("fen", "key", "moved_by").access(180) == "active"  # met again


def test_undo_puts_back_what_was_changed(store):
    fen_saw_dee(store)
    e = store.implant("fen", "key", "moved_by", "cy", by="author", at=60)
    u = store.undo(e.id, by="author", at=90)
    b = store.belief("fen", "key", "moved_by")
    assert (b.value, b.confidence, b.state.value) == ("dee", 78, "influencing")
    assert "cy" not in cands(b)  # the implanted value withdrawn with its only origin
    assert u.kind == "undo" and u.undoes == e.id
    assert store.edit(e.id).undone_by == u.id
    assert len(store.edits()) == 2  # nothing deleted
    assert b.history[-1].cause == "edited by author" and "undid edit 1" in b.history[-1].note
    with pytest.raises(InvalidEvidence, match="already undone"):
        store.undo(e.id, by="author", at=95)
    with pytest.raises(InvalidEvidence, match="is an undo"):
        store.undo(u.id, by="author", at=95)


def test_undo_a_suppression_and_a_confidence_edit(store):
    fen_saw_dee(store, at=0)
    s = store.suppress("fen", "key", "moved_by", by="author", at=60)
    store.undo(s.id, by="author", at=61)
    assert store.belief("fen", "key", "moved_by").access(61) == "active"
    d = store.distort("fen", "key", "moved_by", confidence=40, by="author", at=62)
    store.undo(d.id, by="author", at=63)
    assert store.belief("fen", "key", "moved_by").confidence == 78


def test_undoing_an_implanted_new_memory_keeps_it_only_as_history(store):
    e = store.implant("fen", "key", "moved_by", "cy", by="author", at=5)
    store.undo(e.id, by="author", at=6)
    b = store.belief("fen", "key", "moved_by")
    assert b.state.value == "past" and b.access(6) == "unrecallable"


def test_firsthand_evidence_discovers_an_implant(store):
    fen_saw_dee(store)
    e = store.implant("fen", "key", "moved_by", "cy", by="author", at=60)
    store.perceive(seen("fen", "key", "moved_by", "dee", at=120))
    d = store.edit(e.id)
    assert (d.discovered_at, d.discovered_how) == (120, "first-hand")
    assert store.belief("fen", "key", "moved_by").history[-1].cause == "discovered"


def test_a_document_discovers_it_a_rumour_does_not(store):
    store.implant("fen", "key", "moved_by", "cy", by="author", at=5)
    store.perceive(told("fen", "key", "moved_by", "dee", teller="bo", at=10))  # rumour
    assert store.edit(1).discovered_at is None
    store.perceive(read("fen", "key", "moved_by", "dee", at=20))
    assert store.edit(1).discovered_how == "document"


def test_two_independent_testimonies_discover_it(store):
    store.implant("fen", "key", "moved_by", "cy", by="author", at=5)
    saw = dict(basis="saw")
    store.perceive(told("fen", "key", "moved_by", "dee", teller="bo", at=10, **saw))
    store.perceive(told("fen", "key", "moved_by", "dee", teller="eli", origin="bo", at=11,
                        chain=("bo", "eli"), **saw))  # the same origin: not independent
    assert store.edit(1).discovered_at is None
    store.perceive(told("fen", "key", "moved_by", "dee", teller="gus", at=12, **saw))
    assert store.edit(1).discovered_how == "testimony"


def test_discovery_casts_doubt_on_the_same_hands_other_edits(store):
    fen_saw_dee(store)
    store.perceive(seen("fen", "key", "location", "drawer", at=0))
    store.perceive(seen("fen", "bo", "honest", "yes", at=0))
    store.implant("fen", "key", "moved_by", "cy", by="author", at=60)
    store.implant("fen", "key", "location", "cy_pocket", confidence=70, by="author", at=60)
    store.implant("fen", "bo", "honest", "no", confidence=70, by="someone_else", at=60)
    store.perceive(seen("fen", "key", "moved_by", "dee", at=120))
    loc = store.belief("fen", "key", "location")
    assert (loc.value, loc.confidence, loc.state.value) == ("cy_pocket", 40, "doubtful")
    assert loc.history[-1].cause == "doubt" and "same hand" in loc.history[-1].note
    assert store.belief("fen", "bo", "honest").confidence == 70  # another hand: untouched


BAD_CALLS = [
    (lambda s: s.implant("", "key", "moved_by", "cy", by="a", at=1), "resident"),
    (lambda s: s.implant("fen", "key", "moved_by", "", by="a", at=1), "value"),
    (lambda s: s.implant("fen", "key", "moved_by", "cy", by="", at=1), "by"),
    (lambda s: s.implant("fen", "key", "moved_by", "cy", by="a", at=-1), "at"),
    (lambda s: s.implant("fen", "key", "moved_by", "cy", confidence=101, by="a", at=1),
     "confidence"),
    (lambda s: s.implant("fen", "key", "moved_by", "cy", confidence=True, by="a", at=1),
     "confidence"),
    (lambda s: s.implant("fen", "bo", "believes key.moved_by", "cy", by="a", at=1),
     "attribute"),
    (lambda s: s.distort("fen", "key", "moved_by", by="a", at=1), "value"),
    (lambda s: s.distort("fen", "key", "moved_by", value="dee", by="a", at=1), "value"),
    (lambda s: s.distort("gus", "key", "moved_by", value="cy", by="a", at=1), "attribute"),
    (lambda s: s.suppress("gus", "key", "moved_by", by="a", at=1), "attribute"),
    (lambda s: s.undo(99, by="a", at=1), "edit_id"),
    (lambda s: s.undo("1", by="a", at=1), "edit_id"),
]


@pytest.mark.parametrize("call,field", BAD_CALLS)
def test_a_refused_edit_changes_nothing(store, call, field):
    fen_saw_dee(store)
    before = dump(store)
    keys = set(store.edit_keys())
    with pytest.raises(InvalidEvidence) as exc:
        call(store)
    assert exc.value.field == field
    assert dump(store) == before and store.edit_keys() == keys


OPS = st.lists(st.tuples(st.sampled_from(["implant", "distort", "suppress", "undo", "see",
                                          "tell"]),
                         st.sampled_from(["cy", "dee", "bo"]), st.integers(0, 100)),
               max_size=12)


@settings(max_examples=40, deadline=None)
@given(OPS)
def test_edits_only_ever_append_and_implants_stay_implanted(ops):
    s = MemoryStore(":memory:")
    s.perceive(seen("fen", "key", "moved_by", "dee", at=0))
    at, rows = 1, (0, 0, 0)
    for op, value, conf in ops:
        at += 30
        try:
            if op == "implant":
                s.implant("fen", "key", "moved_by", value, confidence=conf, by="a", at=at)
            elif op == "distort":
                s.distort("fen", "key", "moved_by", confidence=conf, by="a", at=at)
            elif op == "suppress":
                s.suppress("fen", "key", "moved_by", by="a", at=at)
            elif op == "undo" and s.edits():
                s.undo(s.edits()[conf % len(s.edits())].id, by="a", at=at)
            elif op == "see":
                s.perceive(seen("fen", "key", "moved_by", value, at=at))
            elif op == "tell":
                s.perceive(told("fen", "key", "moved_by", value, teller="bo", at=at))
        except InvalidEvidence:
            pass
        now = tuple(s.db.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                    for t in ("memory_edits", "belief_versions", "evidence"))
        assert all(a >= b for a, b in zip(now, rows, strict=True))
        rows = now
        b = s.belief("fen", "key", "moved_by")
        held = next(c for c in b.candidates if c.held)
        if held.kind == "implanted":
            assert held.source == "implanted"
        for rec in s.evidence("fen", "key", "moved_by"):
            assert rec.kind != "implanted" or rec.source == "implanted"
    s.close()


def test_suppress_and_undo_within_a_day(store):
    fen_saw_dee(store, at=0)
    e = store.suppress("fen", "key", "moved_by", by="a", at=DAY)
    assert store.belief("fen", "key", "moved_by").access(DAY) == "unrecallable"
    store.undo(e.id, by="a", at=DAY + 1)
    assert store.belief("fen", "key", "moved_by").access(DAY + 1) == "active"


def test_an_edit_with_later_edits_of_the_same_memory_is_undone_after_them(store):
    """Undoing edit 1 put the memory back as it was before it, so edit 2 (a distortion on
    top) no longer applied while still listed as standing (a hostile-input test): undo the
    later first, and nothing changes when refused."""
    fen_saw_dee(store)
    store.implant("fen", "key", "moved_by", "cy", by="author", at=10)
    store.distort("fen", "key", "moved_by", confidence=30, by="author", at=11)
    before = dump(store)
    with pytest.raises(InvalidEvidence) as exc:
        store.undo(1, by="author", at=12)
    assert "undo it first (2)" in exc.value.reason
    assert dump(store) == before
    store.undo(2, by="author", at=12)
    store.undo(1, by="author", at=13)
    b = store.belief("fen", "key", "moved_by")
    assert (b.value, b.confidence) == ("dee", 78)
    assert [e.undone_by is not None for e in store.edits() if e.kind != "undo"] == [True, True]
