"""Version tracking as a switch (`MemoryStore(track_versions=False)`): the same memory without
§9, the baseline of seed 003's measurement. Off, evidence keeps no world-fact version, nothing
is marked stale, and a newer version of a notice is only a contradiction from the same
source; on (the default) everything of test_memory_staleness holds."""

import pytest
from mem_helpers import read, seen

from memory import InvalidEvidence, MemoryStore


def test_tracking_is_on_by_default_and_kept_with_the_memory(tmp_path):
    assert MemoryStore().track_versions
    path = tmp_path / "m.db"
    MemoryStore(path, track_versions=False).close()
    store = MemoryStore(path)
    assert not store.track_versions
    store.close()
    with pytest.raises(InvalidEvidence) as err:
        MemoryStore(track_versions="no")
    assert err.value.field == "track_versions"


def test_off_evidence_keeps_no_version_and_nothing_goes_stale():
    store = MemoryStore(track_versions=False)
    store.perceive(seen("ada", "key", "location", "counter", version=1))
    store.perceive(read("ada", "notice", "meeting", "4pm", document="notice", version=1))
    assert store.mark_changed([("key.location", 2), ("document:notice", 2)]) == 0
    assert store.stale() == []
    versions = [e.version for claim in (("key", "location"), ("notice", "meeting"))
                for e in store.evidence("ada", *claim)]
    assert versions == [None, None]
    assert store.db.execute("SELECT count(*) FROM belief_facts").fetchone()[0] == 0
    with pytest.raises(InvalidEvidence):  # still refuses what is not a change
        store.mark_changed([("key.location", 0)])


def test_off_a_changed_notice_is_a_contradiction_not_an_update():
    """§9's "refresh, or correct" needs the version: without it the notice saying 5pm after
    saying 4pm is the same source contradicting itself — doubt, and 4pm is still the answer."""
    on, off = MemoryStore(), MemoryStore(track_versions=False)
    for store in (on, off):
        store.perceive(read("ada", "notice", "meeting", "4pm", document="notice", version=1))
        store.mark_changed([("document:notice", 2)])
        store.perceive(read("ada", "notice", "meeting", "5pm", document="notice", version=2,
                            at=60))
    a, b = on.belief("ada", "notice", "meeting"), off.belief("ada", "notice", "meeting")
    assert (a.value, a.state, a.stale) == ("5pm", "influencing", False)
    assert (b.value, b.confidence, b.state, b.stale) == ("4pm", 46, "doubtful", False)
    # Reading it again is the same origin saying the same: exposure, never a change of mind.
    b = off.perceive(read("ada", "notice", "meeting", "5pm", document="notice", version=2,
                          at=120))
    assert b.value == "4pm"


def test_off_states_still_update_on_a_later_sighting():
    """What does not rest on versions is unchanged: a later first-hand sighting of a state
    that can change is an update (§5), tracked or not."""
    store = MemoryStore(track_versions=False, states=["location"])
    store.perceive(seen("ada", "key", "location", "counter", version=1))
    b = store.perceive(seen("ada", "key", "location", "shed", version=2, at=30))
    assert (b.value, b.state) == ("shed", "influencing")
