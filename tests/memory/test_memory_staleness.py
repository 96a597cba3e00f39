"""Epistemics §9 (versions): evidence records the world-fact version it saw; a belief resting on
an older version than the world's is stale — found without a model call, with work that grows
with what changed — and stays stale until the resident meets the new version."""

from mem_helpers import read, seen, told


def test_mark_changed_makes_beliefs_on_older_versions_stale(store):
    store.perceive(seen("ada", "key", "location", "counter", version=1))
    store.perceive(seen("bo", "key", "location", "counter", version=2))
    store.perceive(seen("cy", "key", "taken_by", "dee", version=1))  # another fact
    assert store.mark_changed([("key.location", 2)]) == 1
    assert store.belief("ada", "key", "location").stale
    assert not store.belief("bo", "key", "location").stale  # already saw version 2
    assert not store.belief("cy", "key", "taken_by").stale
    assert [b.resident for b in store.stale()] == ["ada"]
    assert store.mark_changed([("key.location", 2)]) == 0  # already marked


def test_stale_stays_stale_until_checked(store):
    """§9: a stale belief stays stale until the resident meets the new version; other
    evidence without it (hearsay, unversioned sightings) does not clear it."""
    store.perceive(seen("ada", "key", "location", "counter", version=1))
    store.mark_changed([("key.location", 2)])
    store.perceive(told("ada", "key", "location", "counter", teller="bo", at=5))
    store.perceive(seen("ada", "key", "location", "counter", at=6, version=1))
    assert store.belief("ada", "key", "location").stale


def test_reperceiving_the_new_version_clears_staleness(store):
    """§9 refresh: meeting the new version with the same value clears the flag."""
    store.perceive(seen("ada", "key", "location", "counter", version=1))
    store.mark_changed([("key.location", 2)])
    b = store.perceive(seen("ada", "key", "location", "counter", at=10, version=2))
    assert not b.stale and b.value == "counter"
    assert store.stale() == []


def test_new_version_with_a_new_value_replaces_the_old(store):
    """§9 correct: re-reading a notice that has changed. The new version of the fact the belief
    rests on means the world moved: the value changes (an update, as for a state), the old
    value stays in the history, and the belief is no longer stale."""
    store.perceive(read("ada", "notice", "meeting", "4pm", document="notice", version=1))
    store.mark_changed([("document:notice", 2)])
    assert store.belief("ada", "notice", "meeting").stale
    b = store.perceive(read("ada", "notice", "meeting", "5pm", document="notice", version=2,
                            at=60))
    assert (b.value, b.confidence, b.state, b.stale) == ("5pm", 66, "influencing", False)
    assert [v.value for v in b.history] == ["4pm", "5pm"]
    assert b.history[-1].cause == "update"


def test_newer_version_from_a_weaker_source_does_not_change_the_value(store):
    """§9 with §5.1: a newer version reported by a lower-ranked source is still lower-ranked:
    provenance first; the value stands (and stays stale until checked)."""
    store.perceive(seen("ada", "key", "location", "counter", version=1))
    store.mark_changed([("key.location", 2)])
    b = store.perceive(told("ada", "key", "location", "shed", teller="bo", at=5, version=2))
    assert (b.value, b.stale) == ("counter", True)


def test_staleness_in_one_batch_equals_one_at_a_time(store):
    """§9 in bulk: versions met inside one perceive_many are seen by later items."""
    from memory import MemoryStore

    seq = [read("ada", "notice", "meeting", "4pm", document="notice", version=1),
           read("ada", "notice", "meeting", "5pm", document="notice", version=2, at=1),
           read("ada", "notice", "meeting", "5pm", document="notice", version=2, at=2)]
    store.perceive_many(seq)
    single = MemoryStore()
    for e in seq:
        single.perceive(e)
    a, b = store.belief("ada", "notice", "meeting"), single.belief("ada", "notice", "meeting")
    assert (a.value, a.confidence, a.history) == (b.value, b.confidence, b.history)
    assert a.value == "5pm"


def test_marking_work_grows_with_changes_not_beliefs(store):
    """§9: marking stale finds the beliefs resting on the changed fact through an index, never
    by scanning every belief."""
    store.perceive_many([seen(f"r{i}", "k", f"a{i % 50}", "v", version=1) for i in range(500)])
    statements = []
    store.db.conn.set_trace_callback(statements.append)
    assert store.mark_changed([("k.a1", 2)]) == 10
    store.db.conn.set_trace_callback(None)
    marking = [s for s in statements if s.lstrip().upper().startswith("UPDATE BELIEF_ROWS")]
    assert marking
    for sql in marking:
        plan = " ".join(r[-1] for r in store.db.execute("EXPLAIN QUERY PLAN " + sql))
        assert "SCAN belief_rows" not in plan and "SCAN belief_facts" not in plan, plan
