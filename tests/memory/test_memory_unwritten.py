"""Lazy memories held by their evidence row alone (memory.unwritten, migration 0012): a
sighting nothing touches has no row of its own in `belief_rows`; the `beliefs` view gives the
row it would have had, column for column, and the row (and its memory events) are written the
moment something touches it."""

import json

from mem_helpers import HOUR, sighting

from memory import MemoryStore, lifecycle
from memory.codec import BELIEF_COLUMNS

COLUMNS = ", ".join(BELIEF_COLUMNS)


def _store(lazy: bool) -> MemoryStore:
    s = MemoryStore(":memory:")
    s.define_attribute("at_*", nature="event", topic="whereabouts", importance=0,
                       recall="cue")
    s._clock.enabled = lazy
    return s


def test_a_sighting_is_its_evidence_row_and_reads_as_the_row_it_would_have_had():
    unwritten, eager = _store(True), _store(False)
    for s in (unwritten, eager):
        s.perceive_many([sighting("ada", "bo", 8 * HOUR), sighting("ada", "cy", 8 * HOUR)])
    assert unwritten.db.execute("SELECT count(*) FROM belief_rows").fetchone()[0] == 0
    assert unwritten.db.execute("SELECT founds FROM evidence ORDER BY id").fetchall() == [
        (1,), (2,)]
    got = unwritten.db.execute(f"SELECT {COLUMNS} FROM beliefs ORDER BY id").fetchall()
    want = eager.db.execute(f"SELECT {COLUMNS} FROM belief_rows ORDER BY id").fetchall()
    lazy_at = BELIEF_COLUMNS.index("lazy")
    # Field for field, but that the eager one was written so (lazy 0) and the JSON of its
    # candidates may be spelled otherwise (SQLite's, not Python's): the same list.
    cands = BELIEF_COLUMNS.index("candidates")
    for g, w in zip(got, want, strict=True):
        assert [x for i, x in enumerate(g) if i not in (lazy_at, cands)] == \
            [x for i, x in enumerate(w) if i not in (lazy_at, cands)]
        assert json.loads(g[cands]) == json.loads(w[cands])
        assert (g[lazy_at], w[lazy_at]) == (1, 0)
    assert unwritten.counts()["beliefs"] == eager.counts()["beliefs"] == 2
    assert unwritten.belief("ada", "bo", "at_d1_0800") == eager.belief("ada", "bo",
                                                                      "at_d1_0800")


def test_touched_it_is_written_with_its_events_and_the_evidence_stands_for_it_no_more():
    s = _store(True)
    s.perceive_many([sighting("ada", "bo", 8 * HOUR)])
    for hour in range(9, 9 + 80):  # past its dormancy (72.8 h) and its look-back (80 h)
        s.refresh_access(hour * HOUR)
        s.look_back(hour * HOUR)
    events = s.db.execute("SELECT kind FROM memory_events ORDER BY at").fetchall()
    assert events == [("dormant",), ("lookback",)]
    assert s.db.execute("SELECT count(*) FROM memory_event_rows").fetchone()[0] == 0
    lifecycle.catch_up_ids(s, [1])  # what a cue, an edit or new evidence does first
    assert s.db.execute("SELECT id, lazy, access FROM belief_rows").fetchall() == [
        (1, 0, "dormant")]
    assert s.db.execute("SELECT founds FROM evidence").fetchall() == [(None,)]
    assert s.db.execute("SELECT kind FROM memory_event_rows ORDER BY at").fetchall() == events
    assert s.db.execute("SELECT kind FROM memory_events ORDER BY at").fetchall() == events


def test_point_reads_find_a_memory_whether_its_row_is_written_or_not():
    """One memory by resident and claim — `belief`, `held`, `accessibility` — is read from the
    rows written, else from the evidence standing for it (the view's two arms, asked one at a
    time): the same answers as an eager store's, for unwritten, written and unknown ones."""
    unwritten, eager = _store(True), _store(False)
    for s in (unwritten, eager):
        s.perceive_many([sighting("ada", "bo", 8 * HOUR), sighting("ada", "cy", 8 * HOUR)])
    lifecycle.catch_up_ids(unwritten, [2])  # cy's is written now; bo's still is not
    assert unwritten.db.execute("SELECT id FROM belief_rows").fetchall() == [(2,)]
    for subject in ("bo", "cy", "dee"):
        for s in (unwritten, eager):
            s._cache.clear()  # read from the tables, not the working beliefs
        args = ("ada", subject, "at_d1_0800")
        assert unwritten.held(*args) == eager.held(*args)
        assert unwritten.accessibility(*args, now=30 * HOUR) == \
            eager.accessibility(*args, now=30 * HOUR)
        got, want = unwritten.belief(*args), eager.belief(*args)
        assert (got is None) == (want is None) == (subject == "dee")
        if got is not None:
            assert got.model_dump(exclude={"history"}) == want.model_dump(exclude={"history"})
