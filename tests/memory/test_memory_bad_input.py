"""What it must withstand (b): bad input. Invalid evidence — unknown kind, hearsay without a
teller, confidence out of range, empty ids — raises one exception type, InvalidEvidence, naming
the field (.field), and leaves the store unchanged; in perceive_many one bad item means nothing
is written."""

import pytest
from mem_helpers import dump, seen, told

from memory import Evidence, InvalidEvidence

GOOD = dict(resident="ada", subject="key", attribute="taken_by", value="cy", kind="hearsay",
            teller="bo", origin="bo", at=10)


def _with(**kw):
    d = dict(GOOD)
    for k, v in kw.items():
        if v is ...:
            d.pop(k)
        else:
            d[k] = v
    return d


BAD = [
    (_with(kind="gossip"), "kind"),
    (_with(kind=None), "kind"),
    (_with(teller=...), "teller"),
    (_with(teller=""), "teller"),
    (_with(origin=...), "origin"),
    (_with(confidence=101), "confidence"),
    (_with(confidence=-1), "confidence"),
    (_with(resident=""), "resident"),
    (_with(resident="   "), "resident"),
    (_with(subject=""), "subject"),
    (_with(attribute=""), "attribute"),
    (_with(value=""), "value"),
    (_with(resident=...), "resident"),
    (_with(at=-5), "at"),
    (_with(at="noon"), "at"),
    (_with(basis="dreamt"), "basis"),
    (_with(teller="ada"), "teller"),  # telling oneself
    (_with(chain=("dee", "bo")), "chain"),  # a chain starts at the origin
    (_with(colour="red"), "colour"),  # unknown field
    (_with(kind="witnessed", teller=..., origin=..., event=""), "event"),
    (_with(kind="document", teller=..., origin=..., document="ledger", version=0), "version"),
    ("not a mapping", "evidence"),
]


@pytest.mark.parametrize("data,field", BAD, ids=[f for _, f in BAD])
def test_bad_evidence_raises_invalid_evidence_naming_the_field(store, data, field):
    store.perceive(told("ada", "key", "taken_by", "dee", teller="eve"))
    before = dump(store)
    with pytest.raises(InvalidEvidence) as exc:
        store.perceive(data)
    assert exc.value.field == field
    assert field in str(exc.value)
    assert dump(store) == before


def test_constructing_evidence_directly_raises_the_same_type():
    """One exception type whichever way evidence is made (not pydantic's ValidationError),
    and it is a ValueError for callers that catch those."""
    with pytest.raises(InvalidEvidence) as exc:
        Evidence(**_with(confidence=200))
    assert exc.value.field == "confidence"
    assert isinstance(exc.value, ValueError)


def test_all_problems_are_listed():
    with pytest.raises(InvalidEvidence) as exc:
        Evidence(**_with(resident="", confidence=200))
    assert {f for f, _ in exc.value.problems} == {"resident", "confidence"}


@pytest.mark.parametrize("data,field", BAD[:8], ids=[f for _, f in BAD[:8]])
def test_one_bad_item_in_a_batch_writes_nothing(store, data, field):
    store.perceive(seen("ada", "pie", "taken_by", "cy"))
    before = dump(store)
    batch = [told("ada", "key", "taken_by", "dee", teller="eve"), data,
             seen("bo", "key", "taken_by", "cy", at=3)]
    with pytest.raises(InvalidEvidence) as exc:
        store.perceive_many(batch)
    assert exc.value.field == field
    assert dump(store) == before


def test_failure_inside_a_batch_rolls_everything_back(store):
    """An item that is valid on its own but cannot be applied (an inference from a belief the
    resident does not hold) fails the batch after work has begun: everything rolls back, and
    the store still works afterwards."""
    store.perceive(seen("ada", "pie", "taken_by", "cy"))
    before = dump(store)
    batch = [told("ada", "key", "taken_by", "dee", teller="eve", at=1),
             Evidence(resident="ada", subject="cy", attribute="guilty", value="yes",
                      kind="inferred", premises=("nothing.known",), at=2)]
    with pytest.raises(InvalidEvidence) as exc:
        store.perceive_many(batch)
    assert exc.value.field == "premises"
    assert dump(store) == before
    b = store.perceive(batch[0])  # claim ids cached during the failed batch were dropped
    assert (b.value, b.confidence) == ("dee", 58)


def test_bad_trust_and_policy_name_their_field(store):
    before = dump(store)
    with pytest.raises(InvalidEvidence) as exc:
        store.set_trust("ada", "bo", 1.5)
    assert exc.value.field == "trust"
    with pytest.raises(InvalidEvidence) as exc:
        store.define_attribute("location", nature="liquid")
    assert exc.value.field == "nature"
    assert dump(store) == before
