"""§4: hearsay's initial confidence is `round(35 + (trust − 0.2) × 400 / 7)` clamped to
[10, 78]. At the design's anchors the line never leaves that range for trust in 0..1 (trust 0
gives 24, trust 1 gives 81 → 78), so the floor of 10 is met only with other anchors — an audit
found no test reaching it (a floor of 0 passed every test)."""

from memory import MemoryParams, MemoryStore
from memory.kinds import hearsay_confidence


def test_the_design_line_and_its_ceiling():
    assert [hearsay_confidence(t) for t in (0.0, 0.2, 0.6, 0.9, 1.0)] == [24, 35, 58, 75, 78]


def test_the_floor_of_ten_holds_under_steeper_anchors():
    steep = MemoryParams(hearsay_low=20, hearsay_high=90)  # 100 points per unit of trust
    assert hearsay_confidence(0.2, steep) == 20
    assert hearsay_confidence(0.1, steep) == 10  # the line gives exactly 10
    assert hearsay_confidence(0.0, steep) == 10  # the line gives 0: clamped to 10
    assert hearsay_confidence(1.0, steep) == 78  # the line gives 100: clamped to 78


def test_a_store_with_steep_anchors_takes_untrusted_hearsay_in_at_ten():
    store = MemoryStore(params=MemoryParams(hearsay_low=20, hearsay_high=90))
    store.set_trust("ada", "bo", 0.0)
    b = store.perceive(dict(resident="ada", subject="key", attribute="location", value="mill",
                            kind="hearsay", teller="bo", origin="bo", at=0, event="e1"))
    assert b.confidence == 10
