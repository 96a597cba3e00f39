"""`Observed`, the plain record for first-hand evidence made by the thousand (issue 13): a
store fed it writes exactly what one fed the same evidence as `Evidence` writes, and it refuses
what `Evidence` refuses for such evidence, naming the field."""

import pytest

from memory import Evidence, InvalidEvidence, MemoryStore, Observed


def _both(i: int):
    kind = "witnessed" if i % 3 else "firsthand"
    args = dict(resident=f"r{i % 4}", subject=f"s{i % 5}", attribute="at_d1_0800",
                value=f"p{i % 3}", kind=kind, at=i * 10, event=f"p{i}",
                importance=None if i % 4 else 0)
    return Evidence(**args), Observed(**args)


def test_a_store_fed_observed_writes_what_evidence_writes():
    stores = MemoryStore(":memory:"), MemoryStore(":memory:")
    pairs = [_both(i) for i in range(120)]
    for k in range(0, 120, 25):
        stores[0].perceive_many([e for e, _ in pairs[k:k + 25]])
        stores[1].perceive_many([o for _, o in pairs[k:k + 25]])
    for table in ("evidence", "beliefs", "belief_versions", "claims"):
        q = f"SELECT * FROM {table} ORDER BY rowid"
        assert stores[0].db.execute(q).fetchall() == stores[1].db.execute(q).fetchall()


@pytest.mark.parametrize("field,bad", [
    ("resident", ""), ("resident", "   "), ("value", "x" * 201), ("event", None),
    ("kind", "hearsay"), ("kind", "dreamt"), ("at", -1), ("at", 1.5),
    ("importance", 11),
])
def test_observed_refuses_what_evidence_refuses(field, bad):
    args = dict(resident="ada", subject="key", attribute="location", value="cafe",
                kind="witnessed", at=0, event="w1")
    args[field] = bad
    with pytest.raises(InvalidEvidence) as got:
        Observed(**args)
    assert got.value.field == field
    with pytest.raises(InvalidEvidence):
        Evidence(**args)


@pytest.mark.parametrize("field,bad", [("subject", 5), ("importance", "3"), ("at", True)])
def test_observed_takes_no_number_for_text_or_text_for_a_number(field, bad):
    """Stricter than `Evidence`, which coerces: a record made by code, not typed."""
    args = dict(resident="ada", subject="key", attribute="location", value="cafe",
                kind="witnessed", at=0, event="w1")
    args[field] = bad
    with pytest.raises(InvalidEvidence) as got:
        Observed(**args)
    assert got.value.field == field


def test_observed_strips_ids_as_evidence_does():
    o = Observed(" ada ", "key", "location", " cafe", "witnessed", 0, "w1")
    e = Evidence(resident=" ada ", subject="key", attribute="location", value=" cafe",
                 kind="witnessed", at=0, event="w1")
    assert (o.resident, o.value, o.rank, o.origin_key) == (e.resident, e.value, e.rank,
                                                           e.origin_key)


def test_one_made_from_known_ids_is_the_one_the_checks_make():
    """`Observed.known` (a game's own sightings, from ids it has checked) holds what the
    checked constructor would, field for field, and the store takes it alike."""
    from memory import SourceKind as K

    args = ("ada", "bo", "at_d1_0800", "cafe", K.WITNESSED, 480, "p7", 0)
    a, b = Observed(*args), Observed.known(*args)
    for f in Observed.__slots__:
        assert getattr(a, f) == getattr(b, f), f
    assert (a.fact_key, a.by_player, a.teller, a.premises) == (b.fact_key, b.by_player,
                                                              b.teller, b.premises)
    stores = [MemoryStore(":memory:"), MemoryStore(":memory:")]
    for s, e in zip(stores, (a, b), strict=True):
        s.perceive_many([e])
    assert stores[0].belief("ada", "bo", "at_d1_0800") == stores[1].belief("ada", "bo",
                                                                          "at_d1_0800")
