"""A developer's trial of the memory API: what the lists carry, and a batch's bad piece named."""

import pytest

from memory import Evidence, InvalidEvidence, MemoryStore


def _told(store, teller, at):
    store.perceive(Evidence(resident="eli", subject="vase", attribute="broken_by", value="cy",
                            kind="hearsay", teller=teller, origin=teller, at=at))


def test_listed_beliefs_carry_their_evidence_count():
    store = MemoryStore()
    _told(store, "dee", 0)
    _told(store, "bo", 5)
    whole = store.belief("eli", "vase", "broken_by")
    assert whole.evidence_count == 2
    listed = [b for b in store.beliefs("eli", about_others=False)]
    assert [b.evidence_count for b in listed] == [2]
    assert listed[0].history == []  # the lists carry no history (README): belief() does
    recalled = store.recall("eli", "vase", 10)
    assert [r.belief.evidence_count for r in recalled] == [2]


def test_a_batch_names_its_invalid_piece_and_writes_nothing():
    store = MemoryStore()
    ok = dict(resident="a", subject="x", attribute="y", value="v", kind="firsthand", at=0,
              event="e")
    with pytest.raises(InvalidEvidence) as got:
        store.perceive_many([ok, ok, dict(ok, at="soon")])
    assert got.value.index == 2 and got.value.field == "at"
    assert "piece 2 of the batch" in str(got.value)
    assert store.belief("a", "x", "y") is None


def test_one_piece_refused_alone_has_no_index():
    store = MemoryStore()
    with pytest.raises(InvalidEvidence) as got:
        store.perceive(dict(resident="a", subject="x", attribute="y", value="v",
                            kind="firsthand", at=-1, event="e"))
    assert got.value.index is None and "piece" not in str(got.value)
