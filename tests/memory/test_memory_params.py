"""Every default number of the memory model is a tunable (issue 10): `MemoryParams` holds them
with epistemics.md's defaults, the store runs with the ones it is given, and keeps them."""

import pytest
from mem_helpers import DAY, cands, seen, told

from memory import InvalidEvidence, MemoryParams, MemoryStore, hearsay_confidence


def test_the_defaults_are_the_design_notes_numbers():
    p = MemoryParams()
    assert (p.firsthand_confidence, p.declared_confidence, p.document_confidence,
            p.implanted_confidence, p.inferred_discount) == (78, 70, 66, 50, 10)
    assert [hearsay_confidence(t, p) for t in (0.2, 0.6, 0.9)] == [35, 58, 75]
    assert (p.reinforce_step, p.doubt_step, p.doubt_floor, p.anomaly_step,
            p.corrected_confidence, p.superseded_confidence, p.firsthand_floor) == \
        (8, 20, 10, 30, 72, 25, 50)
    assert (p.aging_days, p.aging_step, p.aging_floor) == (7, 8, 34)
    assert (p.half_life_hours, p.importance_midpoint, p.dormant_after,
            p.unrecallable_after) == (72, 5, 3, 5)
    assert p.active_at == 2 ** -3 and p.recallable_at == 2 ** -5


def test_hearsay_follows_the_line_between_the_two_anchors():
    p = MemoryParams(hearsay_low=20, hearsay_high=90)
    assert hearsay_confidence(0.2, p) == 20
    assert hearsay_confidence(0.9, p) == 78  # capped at first-hand
    assert hearsay_confidence(0.55, p) == 55


def test_a_store_runs_with_its_params():
    p = MemoryParams(firsthand_confidence=90, doubt_step=5, reinforce_step=1)
    s = MemoryStore(":memory:", params=p)
    b = s.perceive(seen("ada", "key", "location", "counter"))
    assert b.confidence == 90
    b = s.perceive(seen("ada", "key", "location", "counter"))
    assert b.confidence == 91
    b = s.perceive(seen("ada", "key", "location", "drawer"))
    assert (b.confidence, b.state.value) == (86, "doubtful")
    b = s.perceive(seen("ada", "key", "location", "till"))
    assert b.state.value == "corrected"  # first-hand meets a doubtful belief...
    assert b.confidence == 72 and cands(b)["counter"] == 25  # ...at the untouched defaults


def test_aging_and_accessibility_follow_the_params():
    p = MemoryParams(aging_days=2, aging_step=10, aging_floor=40, half_life_hours=10)
    s = MemoryStore(":memory:", params=p)
    s.perceive(told("ada", "key", "taken_by", "cy", teller="bo"))
    s.age(2 * DAY)
    b = s.belief("ada", "key", "taken_by")
    assert b.confidence == 48
    s.age(4 * DAY)
    assert s.belief("ada", "key", "taken_by").state.value == "past"
    # H = 10 h × (1 + σ(s=1)) = 15 h: dormant after three of them.
    assert b.half_life == pytest.approx(15 * 60)
    assert b.access(45 * 60) == "active" and b.access(45 * 60 + 1) == "dormant"


def test_trust_steps_follow_the_params():
    s = MemoryStore(":memory:", params=MemoryParams(trust_refute=0.3))
    s.perceive(told("ada", "key", "taken_by", "cy", teller="bo"))
    s.perceive(seen("ada", "key", "taken_by", "dee", kind="witnessed"))
    assert s.trust("ada", "bo", "taken_by") == pytest.approx(0.3)


def test_the_params_are_kept_with_the_memory(tmp_path):
    path = tmp_path / "m.db"
    s = MemoryStore(path, params={"firsthand_confidence": 60})
    s.close()
    again = MemoryStore(path)
    assert again.params.firsthand_confidence == 60
    assert again.perceive(seen("ada", "key", "location", "counter")).confidence == 60


@pytest.mark.parametrize("bad,field", [
    ({"doubt_step": 101}, "doubt_step"),
    ({"hearsay_low": 80, "hearsay_high": 40}, "hearsay_high"),
    ({"dormant_after": 6}, "unrecallable_after"),
    ({"no_such_number": 1}, "no_such_number"),
])
def test_bad_params_are_refused_naming_the_key(bad, field):
    with pytest.raises(InvalidEvidence) as exc:
        MemoryStore(":memory:", params=bad)
    assert field in str(exc.value)


def test_the_two_anchors_reproduce_the_design_notes_formula_exactly():
    """§4: round(35 + (trust − 0.2) × 400 / 7), clamped to [10, 78], at every trust 0.00–1.00."""
    from memory.kinds import round_half_up

    p = MemoryParams()
    for i in range(101):
        t = i / 100
        expect = max(10, min(78, round_half_up(35 + (t - 0.2) * 400 / 7)))
        assert hearsay_confidence(t, p) == expect, t


def test_memory_edits_and_their_discovery_follow_the_params():
    """A developer's store with its own numbers still implanted at 50, kept a displaced value
    at 25 and doubted the same hand's other edits by 30: edits and discovery read the store's
    params (`implanted_confidence`, `superseded_confidence`, `anomaly_step`, `doubt_floor`)
    like every other rule."""
    p = MemoryParams(anomaly_step=10, implanted_confidence=40, superseded_confidence=30)
    s = MemoryStore(":memory:", params=p)
    s.implant("a", "k", "taken_by", "cy", by="author", at=0)
    assert s.belief("a", "k", "taken_by").confidence == 40
    s.perceive(told("a", "v", "broken_by", "dee", teller="t", at=0))
    s.implant("a", "v", "broken_by", "bo", by="author", at=1)
    assert cands(s.belief("a", "v", "broken_by")) == {"bo": 40, "dee": 30}
    s.perceive(seen("a", "k", "taken_by", "eve", at=5))  # gives the first implant away
    assert [e.id for e in s.take_discoveries()] == [1]
    b = s.belief("a", "v", "broken_by")
    assert (b.value, b.confidence, b.state.value) == ("bo", 30, "doubtful")  # 40 - 10
    # The floor is the store's too.
    s = MemoryStore(":memory:", params=MemoryParams(anomaly_step=60, doubt_floor=15))
    s.implant("a", "k", "taken_by", "cy", by="author", at=0)
    s.implant("a", "v", "broken_by", "bo", by="author", at=0)
    s.perceive(seen("a", "k", "taken_by", "eve", at=5))
    assert s.belief("a", "v", "broken_by").confidence == 15


def test_a_suppression_reaches_past_the_stores_own_thresholds():
    """Suppressing reaches back past the store's unrecallable threshold and half-life, not
    the defaults': with longer half-lives, the default reach left the memory recallable."""
    p = MemoryParams(half_life_hours=720)
    s = MemoryStore(":memory:", params=p)
    s.perceive(seen("fen", "key", "moved_by", "dee", at=0, importance=10))
    s.suppress("fen", "key", "moved_by", by="author", at=60)
    b = s.belief("fen", "key", "moved_by")
    assert b.access(60) == "unrecallable"
    assert s.recall("fen", "key moved_by dee", 61) == []
