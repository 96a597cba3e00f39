"""Two stores on one file each see the other's writes (README, "The memory module"): not only
the beliefs, but the claims, attributes and trust each keeps beside them, and — between calls —
the working set and recall's index. A developer's trial found an attribute defined through one
store made an event's claim by the other for good, a claim made by one made again by the other
(a raw UNIQUE error), and a trust set by one not the other's."""

from mem_helpers import seen, told

from memory import MemoryStore


def test_a_trust_set_through_one_store_is_the_other_s(tmp_path):
    path = tmp_path / "town.db"
    a, b = MemoryStore(path), MemoryStore(path)
    a.perceive(seen("ada", "x", "y", "z"))
    assert a.trust("ada", "cy") == 0.6
    b.set_trust("ada", "cy", 0.2)
    assert a.trust("ada", "cy") == 0.2
    # …and weighs what cy says through the other store as §4 has it at trust 0.2: 35
    assert a.perceive(told("ada", "k", "t", "v", teller="cy", at=10)).confidence == 35


def test_an_attribute_defined_through_one_store_shapes_the_other_s_claims(tmp_path):
    path = tmp_path / "town.db"
    a, b = MemoryStore(path), MemoryStore(path)
    a.define_attribute("location", nature="state", topic="whereabouts")
    b.perceive(seen("ada", "key", "location", "drawer", at=0))
    got = b.perceive(seen("ada", "key", "location", "shelf", at=100))
    # a state seen anew is updated (§5.1), not a contradiction left in doubt
    assert (got.nature, got.value, got.confidence, got.state.value) == (
        "state", "shelf", 78, "influencing")


def test_a_claim_made_through_one_store_is_not_made_again_by_the_other(tmp_path):
    path = tmp_path / "town.db"
    a, b = MemoryStore(path), MemoryStore(path)
    b.trust("bo", "cy")  # (b has looked at the file before a writes)
    a.perceive(seen("ada", "k", "t", "v", at=10))
    assert b.perceive(seen("bo", "k", "t", "w", at=20)).value == "w"
    assert a.belief("bo", "k", "t").value == "w"


def test_refresh_reads_the_other_s_memories_into_recall_and_the_working_set(tmp_path):
    """What recall and `top_beliefs` go by is read again on `refresh()`, not on every call:
    that reads the whole memory (two seconds at 50,000 beliefs, after every write of the
    other's: a review)."""
    path = tmp_path / "town.db"
    a, b = MemoryStore(path), MemoryStore(path)
    a.perceive(seen("ada", "cake", "baked_by", "bo", at=0))
    assert [r.belief.value for r in a.recall("ada", "cake", now=10)] == ["bo"]
    b.perceive(seen("ada", "pie", "baked_by", "cy", at=5))
    assert a.belief("ada", "pie", "baked_by").value == "cy"  # a belief: followed at once
    a.refresh()
    got = {r.belief.subject: r.belief.value for r in a.recall("ada", "pie", now=10)}
    assert got == {"pie": "cy"}
    assert {x.subject for x in a.top_beliefs("ada", limit=5)} == {"cake", "pie"}


def test_a_default_trust_set_through_one_store_is_the_other_s(tmp_path):
    """B opened with default_trust=0.3: A still answered 0.6 and took told evidence at 58,
    against B's 41 (a review)."""
    path = tmp_path / "town.db"
    a = MemoryStore(path)
    a.perceive(seen("ada", "x", "y", "z"))
    MemoryStore(path, default_trust=0.3)
    assert a.trust("ada", "cy") == 0.3


def test_refresh_is_refused_inside_a_deferred_block(tmp_path):
    import pytest

    from memory import InvalidEvidence

    a = MemoryStore(tmp_path / "town.db")
    with a.deferred(), pytest.raises(InvalidEvidence, match="refresh"):
        a.refresh()
