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


# A developer's trial: `at=True` was minute 1, `at="90"` minute 90, `resident=7` and `value=5`
# became strings, while the store's calls refuse such (store.age(True), implant(value=5)).
STRICT = [
    (_with(at=True), "at"), (_with(at="90"), "at"), (_with(at=60.5), "at"),
    (_with(resident=7), "resident"), (_with(value=5), "value"), (_with(value=5.5), "value"),
    (_with(teller=3), "teller"), (_with(confidence="70"), "confidence"),
    (_with(confidence=True), "confidence"), (_with(importance=1.0), "importance"),
    (_with(by_player="yes"), "by_player"), (_with(by_player=1), "by_player"),
    (_with(kind="document", teller=..., origin=..., document="ledger", version="2"),
     "version"),
    (_with(chain=("bo", 4)), "chain.1"),
]
# A NUL was stored, and then the memory could never be recalled (recall refuses it).
NUL = [(_with(**{f: "a\x00b"}), f) for f in ("resident", "subject", "attribute", "value",
                                              "teller", "origin")] + [
    (_with(kind="witnessed", teller=..., origin=..., event="e\x00"), "event"),
    (_with(kind="document", teller=..., origin=..., document="led\x00ger"), "document"),
    (_with(fact="key\x00.location"), "fact"),
    (_with(origin="dee", chain=("dee", "c\x00y", "bo")), "chain"),
]


@pytest.mark.parametrize("data,field", STRICT + NUL)
def test_evidence_takes_each_field_of_its_own_type_only_and_no_nul(store, data, field):
    before = dump(store)
    with pytest.raises(InvalidEvidence) as e:
        store.perceive(data)
    assert e.value.field == field
    assert dump(store) == before


def test_a_whole_number_of_minutes_as_a_float_is_that_minute_as_every_call_takes_it(store):
    assert Evidence(**_with(at=60.0)).at == 60
    assert store.perceive(_with(at=90.0)).updated_at == 90
    store.implant("ada", "ring", "taken_by", "eve", by="author", at=120.0)
    assert store.edit(1).at == 120


def test_ids_are_read_as_they_are_written(store):
    """`" ada "` was stored as `ada`, but `belief(" ada ", ...)` found nothing: reads
    normalise ids as writes do (`memory.args.norm_id`, the one function for both)."""
    store.perceive(_with(resident=" ada ", subject="key\t", attribute=" taken_by",
                         value=" cy ", teller="bo ", origin=" bo"))
    store.set_trust(" ada", "bo ", 0.3)
    b = store.belief("ada", "key", "taken_by")
    assert (b.resident, b.subject, b.attribute, b.value) == ("ada", "key", "taken_by", "cy")
    assert store.trust("ada", "bo") == 0.3
    for r, s, a in ((" ada ", " key", "taken_by "), ("ada\n", "key", "taken_by")):
        assert store.belief(r, s, a).value == "cy"
        assert store.held(r, s, a) == ("cy", b.confidence, b.state)
        assert [e.value for e in store.evidence(r, s, a)] == ["cy"]
        assert store.explain(r, s, a).lines()[0].startswith("ada believes key.taken_by = cy")
        assert store.history(r, s, a) == b.history
        assert store.accessibility(r, s, a, 10) == 1.0
        assert store.latest_evidence(r, s, a, " cy", "hearsay").value == "cy"
    assert store.trust(" ada ", " bo") == 0.3
    assert [x.value for x in store.believers(" key ", "taken_by ")] == ["cy"]
    assert [x.value for x in store.beliefs(" ada ", attribute=" taken_by")] == ["cy"]
    assert store.belief_about(" ada ", " bo ", " key", "taken_by ").value == "cy"
    assert set(store.beliefs_about(" ada", "bo ")) == {("key", "taken_by")}
    assert store.recall(" ada ", "key", 20)[0].belief.value == "cy"
    assert [x.subject for x in store.top_beliefs(" ada ")] == ["key"]
