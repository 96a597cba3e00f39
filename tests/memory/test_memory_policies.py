"""The baseline policies (memory/policies.py): the naive arbitrations the evaluation compares
with the rules of epistemics §5 — latest-wins, majority vote, sum of confidences, and seed
004's provenance check placed after the arbitration. Each is a real store option, kept with
the memory; none of them knows independent origins; every confidence stays within 0..100."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mem_helpers import cands, declared, implanted, read, seen, told

from memory import InvalidEvidence, MemoryStore, revise
from memory.policies import BASELINES
from memory.revision import POLICIES

TRUTH, LIE = "penicillin", "none"


def _after(policy: str, evidence) -> object:
    store = MemoryStore(policy=policy)
    for e in evidence:
        b = store.perceive(e)
    store.close()
    return b


def _lie(n: int, document: str = "export") -> list:
    """A declared value, then a document repeating the opposite on n pages."""
    return [declared("ada", "bo", "allergy", TRUTH)] + [
        read("ada", "bo", "allergy", LIE, document=document, at=i + 1) for i in range(n)]


def test_the_store_takes_every_baseline_by_name_and_keeps_it():
    assert set(BASELINES) == {"latest_wins", "majority", "sum_confidence", "confidence_first"}
    assert set(POLICIES) == {"rules", "noisy_or", *BASELINES}
    for name in BASELINES:
        assert MemoryStore(policy=name).policy == name
    with pytest.raises(InvalidEvidence) as err:
        MemoryStore(policy="loudest")
    assert err.value.field == "policy"


def test_a_reopened_store_runs_under_its_baseline(tmp_path):
    path = tmp_path / "m.db"
    MemoryStore(path, policy="majority").close()
    store = MemoryStore(path)
    assert store.policy == "majority"
    b = None
    for e in _lie(2):
        b = store.perceive(e)
    assert b.value == LIE
    store.close()


def test_latest_wins_takes_the_newest_word_at_its_confidence():
    b = _after("latest_wins", _lie(1))
    assert (b.value, b.confidence, b.state) == (LIE, 66, "influencing")
    assert cands(b) == {LIE: 66, TRUTH: 70}  # the old value stays as a candidate
    b = _after("latest_wins", _lie(1) + [seen("ada", "bo", "allergy", TRUTH, at=9)])
    assert (b.value, b.confidence) == (TRUTH, 78)
    assert [v.cause for v in b.history] == ["new", "update", "update"]


def test_majority_counts_every_copy_as_a_vote_and_a_tie_keeps_the_value():
    """One page against the declaration is a tie: the value held stays. Two pages of the same
    document are two votes: no independence (§5.2) in a baseline."""
    b = _after("majority", _lie(1))
    assert (b.value, cands(b)) == (TRUTH, {TRUTH: 50, LIE: 50})
    b = _after("majority", _lie(2))
    assert (b.value, b.confidence, cands(b)) == (LIE, 67, {LIE: 67, TRUTH: 33})
    b = _after("majority", _lie(3) + [seen("ada", "bo", "allergy", TRUTH, at=9)])
    assert (b.value, cands(b)) == (LIE, {LIE: 60, TRUTH: 40})  # 3 votes against 2


def test_sum_of_confidences_adds_each_piece_and_caps_what_it_shows_at_100():
    """70 declared against 66 + 66 read: 132 wins; a first-hand 78 brings the truth to 148,
    above two pages but not three (198)."""
    assert _after("sum_confidence", _lie(1)).value == TRUTH  # 70 > 66
    b = _after("sum_confidence", _lie(2))
    assert (b.value, b.confidence) == (LIE, 100)
    check = seen("ada", "bo", "allergy", TRUTH, at=9)
    assert _after("sum_confidence", _lie(2) + [check]).value == TRUTH
    assert _after("sum_confidence", _lie(3) + [check]).value == LIE


def test_the_check_after_arbitration_never_stops_the_lie():
    """Seed 004: the provenance check placed after the memory's own arbitration "did literally
    nothing": two pages of an export beat the declaration, as under the plain sum."""
    b = _after("confidence_first", _lie(2))
    assert (b.value, b.confidence) == (LIE, 100)
    # The same order placed first (the rules) keeps the declaration however often it is read.
    assert _after("rules", _lie(8)).value == TRUTH


_values = st.sampled_from(["a", "b", "c"])
_kinds = st.sampled_from(["witnessed", "declared", "document", "hearsay", "implanted"])


def _evidence(i: int, kind: str, value: str, who: int):
    if kind == "witnessed":
        return seen("ada", "bo", "state", value, at=i)
    if kind == "declared":
        return declared("ada", "bo", "state", value, at=i)
    if kind == "document":
        return read("ada", "bo", "state", value, document=f"d{who}", at=i)
    if kind == "hearsay":
        return told("ada", "bo", "state", value, teller=f"t{who}", at=i)
    return implanted("ada", "bo", "state", value, at=i)


_streams = st.lists(st.tuples(_kinds, _values, st.integers(0, 2)), min_size=1, max_size=12)


@settings(max_examples=40, deadline=None)
@given(_streams)
def test_confidence_first_serves_what_the_plain_sum_serves(stream):
    """Whatever arrives, the check after the arbitration changes nothing the sum decided."""
    evidence = [_evidence(i, *x) for i, x in enumerate(stream)]
    a, b = _after("confidence_first", evidence), _after("sum_confidence", evidence)
    assert (a.value, a.confidence) == (b.value, b.confidence)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(BASELINES)), _streams)
def test_under_every_baseline_confidences_stay_within_0_and_100(policy, stream):
    """Including after a teller is shown wrong first-hand and what they said is weighed again
    (seed 000 §30 runs under every policy)."""
    evidence = [_evidence(i, *x) for i, x in enumerate(stream)]
    b = _after(policy, evidence)
    assert 0 <= b.confidence <= 100
    assert all(0 <= c.confidence <= 100 for c in b.candidates)
    assert b.value in {c.value for c in b.candidates}


def test_revise_is_pure_under_a_baseline():
    first, _ = revise(None, declared("ada", "bo", "allergy", TRUTH), policy="majority")
    after, out = revise(first, read("ada", "bo", "allergy", LIE, at=1), policy="majority")
    assert (first.value, first.cands[0].tally) == (TRUTH, 0)  # unchanged
    assert out.action == "keep" and after.value == TRUTH


def test_the_rules_store_candidates_as_before():
    """The tally is written only by a baseline: a rules belief's candidates keep their shape."""
    store = MemoryStore()
    store.perceive(declared("ada", "bo", "allergy", TRUTH))
    row = store.db.execute("SELECT candidates FROM beliefs").fetchone()[0]
    assert [len(c) for c in json.loads(row)] == [11]
    store = MemoryStore(policy="sum_confidence")
    for e in _lie(1):
        store.perceive(e)
    row = store.db.execute("SELECT candidates FROM beliefs").fetchone()[0]
    assert sorted(c[-1] for c in json.loads(row)) == [66, 70]
