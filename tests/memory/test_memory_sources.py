"""Epistemics §3: source kinds, who may name a teller, the provenance rank, and that hearsay and
implanted memories are never upgraded to first-hand by repetition."""

import pytest
from mem_helpers import declared, implanted, read, seen, told

from memory import Evidence, InvalidEvidence, MemoryStore, rank

# -- who names a teller ----------------------------------------------------------------------


def test_hearsay_must_name_teller_and_origin():
    """§3: hearsay must name its teller and its origin."""
    base = dict(resident="ada", subject="key", attribute="taken_by", value="cy", kind="hearsay",
                at=0)
    with pytest.raises(InvalidEvidence) as exc:
        Evidence(**base, origin="cy")
    assert exc.value.field == "teller"
    with pytest.raises(InvalidEvidence) as exc:
        Evidence(**base, teller="bo")
    assert exc.value.field == "origin"
    e = Evidence(**base, teller="bo", origin="cy")
    assert e.chain == ("cy", "bo")


def test_declaration_names_its_teller_who_is_the_subject():
    """§3: a declaration names its teller, the person the claim is about; origin = teller."""
    base = dict(resident="ada", subject="bo", attribute="allergy", value="penicillin",
                kind="declared", at=0)
    with pytest.raises(InvalidEvidence) as exc:
        Evidence(**base)
    assert exc.value.field == "teller"
    with pytest.raises(InvalidEvidence) as exc:
        Evidence(**base, teller="cy")  # cy speaking about bo is hearsay, not a declaration
    assert exc.value.field == "teller"
    assert Evidence(**base, teller="bo").origin == "bo"


@pytest.mark.parametrize("kind,extra", [
    ("firsthand", {"event": "e1"}),
    ("witnessed", {"event": "e1"}),
    ("document", {"document": "ledger"}),
    ("inferred", {"premises": ("key.location",)}),
    ("implanted", {}),
])
def test_other_kinds_never_name_a_teller(kind, extra):
    """§3: no kind but hearsay and declared may name a teller (or an origin)."""
    base = dict(resident="ada", subject="key", attribute="taken_by", value="cy", kind=kind, at=0,
                **extra)
    Evidence(**base)  # valid without one
    with pytest.raises(InvalidEvidence) as exc:
        Evidence(**base, teller="bo")
    assert exc.value.field == "teller"
    with pytest.raises(InvalidEvidence) as exc:
        Evidence(**base, origin="bo")
    assert exc.value.field == "origin"


def test_firsthand_points_at_an_event_and_document_at_a_document():
    """§3 table: first-hand and witnessed carry a world event id, document a document id."""
    for kind, field in (("firsthand", "event"), ("witnessed", "event"), ("document", "document")):
        with pytest.raises(InvalidEvidence) as exc:
            Evidence(resident="ada", subject="key", attribute="a", value="v", kind=kind, at=0)
        assert exc.value.field == field


# -- the rank --------------------------------------------------------------------------------


def test_rank_order():
    """§3: firsthand = witnessed = declared > document > testimony (hearsay, "I saw it") >
    rumour (hearsay, "I heard" / "I reckon") > inferred > implanted."""
    assert rank("firsthand") == rank("witnessed") == rank("declared")
    assert rank("declared") > rank("document") > rank("hearsay", "saw")
    assert rank("hearsay", "saw") > rank("hearsay", "heard") == rank("hearsay", "reckon")
    assert rank("hearsay", "heard") > rank("inferred") > rank("implanted")
    assert rank("hearsay") == rank("hearsay", "heard")  # no basis given: a rumour


def _evidence_of(level: str, value: str, at: int) -> Evidence:
    """Evidence at each provenance level, about bo's claim `key.taken_by`."""
    if level == "firsthand":
        return seen("ada", "key", "taken_by", value, at=at, kind="firsthand")
    if level == "witnessed":
        return seen("ada", "key", "taken_by", value, at=at)
    if level == "document":
        return read("ada", "key", "taken_by", value, document=f"doc_{value}", at=at)
    if level == "testimony":
        return told("ada", "key", "taken_by", value, teller="bo", origin=f"o_{value}", at=at,
                    basis="saw")
    if level == "rumour":
        return told("ada", "key", "taken_by", value, teller="bo", origin=f"o_{value}", at=at,
                    basis="heard")
    if level == "implanted":
        return implanted("ada", "key", "taken_by", value, at=at)
    raise AssertionError(level)


LEVELS = ["witnessed", "document", "testimony", "rumour", "implanted"]
PAIRS = [(hi, lo) for i, hi in enumerate(LEVELS) for lo in LEVELS[i + 1:]]


@pytest.mark.parametrize("higher,lower", PAIRS)
def test_rank_decides_in_revision(store, higher, lower):
    """§3 + §5 step 1: the rank order in behaviour. A lower-ranked contradiction never changes
    the value; a higher-ranked one replaces it at once (an update at its own confidence: the
    belief was not in doubt, so it is not "corrected", seed 000 §12)."""
    store.perceive(_evidence_of(higher, "cy", 0))
    b = store.perceive(_evidence_of(lower, "dee", 1))
    assert b.value == "cy"

    other = MemoryStore(":memory:")
    other.perceive(_evidence_of(lower, "dee", 0))
    b = other.perceive(_evidence_of(higher, "cy", 1))
    first = other.belief("ada", "key", "taken_by").candidates
    assert (b.value, b.state) == ("cy", "influencing")
    assert b.confidence == next(c.confidence for c in first if c.value == "cy")
    assert b.history[-1].cause == "update"


def test_declared_ranks_with_firsthand(store):
    """§3: a declaration ranks with first-hand evidence; a document cannot beat it, and an
    equal-rank observation does not outrank it (it only doubts)."""
    store.perceive(declared("ada", "bo", "allergy", "penicillin"))
    b = store.perceive(read("ada", "bo", "allergy", "none", document="old_export", at=1))
    assert (b.value, b.source) == ("penicillin", "first-hand")
    b = store.perceive(seen("ada", "bo", "allergy", "none", at=2))
    # Doubtful after the document, so equal-rank first-hand evidence corrects (§5 "correct").
    assert (b.value, b.state) == ("none", "corrected")


# -- no upgrade by repetition ----------------------------------------------------------------


def test_hearsay_never_becomes_firsthand_however_often_repeated(store):
    """§3: hearsay, repeated by one origin or many, relayed or re-told claiming "I saw it",
    stays hearsay: never firsthand or witnessed."""
    for i in range(12):
        store.perceive(told("ada", "key", "taken_by", "cy", teller=f"t{i}", origin="cy",
                            at=i, basis="saw" if i % 2 else "heard"))
    for i in range(12):
        store.perceive(told("ada", "key", "taken_by", "cy", teller=f"t{i}", origin=f"o{i}",
                            at=20 + i, basis="saw"))
    b = store.belief("ada", "key", "taken_by")
    assert b.kind == "hearsay" and b.source == "testimony"
    assert b.confidence == 100  # corroborated by independent origins, still not first-hand
    assert all(c.kind == "hearsay" for c in b.candidates)


def test_implanted_never_becomes_firsthand(store):
    """§3: an implanted memory repeated stays implanted; repeating it is exposure."""
    for i in range(8):
        b = store.perceive(implanted("ada", "key", "taken_by", "cy", at=i))
    assert (b.kind, b.source, b.confidence, b.exposures) == ("implanted", "implanted", 50, 7)


def test_only_own_firsthand_evidence_makes_a_firsthand_record(store):
    """§3: only new first-hand evidence of the resident's own creates a first-hand record."""
    store.perceive(told("ada", "key", "taken_by", "cy", teller="bo"))
    b = store.perceive(seen("ada", "key", "taken_by", "cy", at=5, event="e9"))
    assert (b.kind, b.source) == ("witnessed", "first-hand")
    assert store.evidence("ada", "key", "taken_by")[0].kind == "hearsay"  # the old row stays


def test_a_discredited_source_counts_for_less_everywhere_on_its_topic(store):
    """Seed 000 §30 (epistemics §10): once Ada sees for herself that Bo was wrong about one
    thing on a topic, her trust in Bo on that topic falls (0.60 -> 0.50) and everything else
    she holds from Bo on that topic is weighed again — 58 becomes 52, the hearsay figure at
    trust 0.5 — with a history version that says why. Other topics, and other tellers, keep
    their weight."""
    for a in ("took_key", "took_purse", "bakes"):
        store.define_attribute(a, topic="thefts" if a.startswith("took") else "bread")
    store.perceive(told("ada", "cy", "took_key", "yes", teller="bo", at=0))
    store.perceive(told("ada", "cy", "took_purse", "yes", teller="bo", at=1))
    store.perceive(told("ada", "dee", "took_purse", "yes", teller="eli", at=1))
    store.perceive(told("ada", "cy", "bakes", "rye", teller="bo", at=2))
    store.perceive(seen("ada", "cy", "took_key", "no", at=10))  # Bo was wrong
    assert store.trust("ada", "bo", "thefts") == pytest.approx(0.5)
    purse = store.belief("ada", "cy", "took_purse")
    assert purse.confidence == 52
    last = purse.history[-1]
    assert last.cause == "reweigh" and "trust in bo on thefts fell from 0.60 to 0.50" in last.note
    assert store.belief("ada", "dee", "took_purse").confidence == 58  # Eli's word stands
    assert store.belief("ada", "cy", "bakes").confidence == 58  # another topic


def test_a_discredited_held_value_can_fall_into_doubt(store):
    """§30 with §5: if the held value rested on the discredited teller and now stands below
    an equally sourced candidate, the resident is in doubt."""
    store.define_attribute("took_key", topic="thefts")
    store.define_attribute("took_box", topic="thefts")
    store.set_trust("ada", "bo", 0.8)
    store.perceive(told("ada", "cy", "took_box", "yes", teller="bo", at=0))  # 69
    store.perceive(told("ada", "cy", "took_box", "no", teller="eli", at=1, origin="eli"))
    assert store.belief("ada", "cy", "took_box").confidence == 49
    store.perceive(told("ada", "cy", "took_key", "yes", teller="bo", at=2))
    store.perceive(seen("ada", "cy", "took_key", "no", at=3))
    b = store.belief("ada", "cy", "took_box")
    assert (b.value, b.state.value) == ("yes", "doubtful")
    assert b.confidence < 49
