"""memory.queries: the read-only questions about the whole memory — who believed what at a past
minute, the claims in play, counts, and a cheap "did this memory change, and where?"."""

from mem_helpers import DAY, dump, seen, told

from memory import (
    BeliefSignature,
    ClaimCount,
    Held,
    belief_counts,
    belief_signature,
    believers_at,
    changed_since,
    claim_change_times,
    claim_values,
    claims,
)


def spread(store):
    """Bo sees Cy take the key at 10:00, tells Ada at 11:00; Dee is told Eli did it at 12:00;
    Bo sees again at noon the next day (a reinforcement)."""
    store.perceive(seen("bo", "key", "taken_by", "cy", at=600))
    store.perceive(told("ada", "key", "taken_by", "cy", teller="bo", at=660))
    store.perceive(told("dee", "key", "taken_by", "eli", teller="fen", at=720))
    store.perceive(seen("bo", "key", "where", "drawer", at=600))
    store.perceive(seen("bo", "key", "taken_by", "cy", at=DAY + 720))


def test_believers_at_reconstructs_a_past_minute_from_the_history(store):
    spread(store)
    assert believers_at(store, "key", "taken_by", 599) == {}
    at_ten = believers_at(store, "key", "taken_by", 600)
    assert set(at_ten) == {"bo"} and at_ten["bo"].value == "cy"
    assert isinstance(at_ten["bo"], Held)
    assert set(believers_at(store, "key", "taken_by", 700)) == {"bo", "ada"}
    # every belief's value at each of its versions is what its history says
    for rid in ("bo", "ada", "dee"):
        b = store.belief(rid, "key", "taken_by")
        for v in b.history:
            last = [x for x in b.history if x.at <= v.at][-1]
            assert believers_at(store, "key", "taken_by", v.at)[rid] == (
                last.value, last.confidence, last.state)
    now = believers_at(store, "key", "taken_by", 10 * DAY)
    assert now == {b.resident: (b.value, b.confidence, b.state.value)
                   for b in store.believers("key", "taken_by")}
    assert believers_at(store, "nothing", "here", 600) == {}


def test_change_times_and_values_of_one_claim(store):
    spread(store)
    assert claim_change_times(store, "key", "taken_by") == [600, 660, 720, DAY + 720]
    assert claim_values(store, "key", "taken_by") == ["cy", "eli"]  # in order of appearance
    assert claim_change_times(store, "key", "colour") == []
    assert claim_values(store, "key", "colour") == []


def test_claims_in_play_most_widely_held_first(store):
    spread(store)
    assert claims(store) == [ClaimCount("key", "taken_by", 3), ("key", "where", 1)]
    # being told also tells the listener what the teller believes: claims about others
    both = claims(store, about_others=True)
    assert ("bo", "believes key.taken_by", 1) in both and ("fen", "believes key.taken_by",
                                                          1) in both
    assert len(both) == 4 and both[0] == ("key", "taken_by", 3)
    assert claims(store, limit=1) == [("key", "taken_by", 3)]


def test_belief_counts_per_resident(store):
    spread(store)
    # Ada and Dee also believe something about what their teller believes
    assert belief_counts(store) == {"bo": 2, "ada": 2, "dee": 2}
    assert sum(belief_counts(store).values()) == store.counts()["beliefs"]
    assert belief_counts(store.__class__(":memory:")) == {}


def test_signature_changes_with_any_change_and_changed_since_says_where(store):
    spread(store)
    before = belief_signature(store, "bo")
    assert isinstance(before, BeliefSignature)
    assert before.count == 2 and before.updated_at == DAY + 720
    assert before.states == (2, 0, 0, 0, 0)  # influencing, past, doubtful, anomalous, corrected
    assert belief_signature(store, "bo") == before  # asking changes nothing
    assert belief_signature(store, "nobody") == BeliefSignature(0, 0, 0, 0, 0, 0, 0, 0,
                                                                (0, 0, 0, 0, 0))
    # a use changes no value or timestamp of revision, but it is a change of memory (§7)
    store.record_use("bo", "key", "where", at=2 * DAY)
    after = belief_signature(store, "bo")
    assert after != before and after.uses == before.uses + 1
    assert after.updated_at == before.updated_at
    assert changed_since(store, "bo", 2 * DAY) == [("key", "where")]
    assert changed_since(store, "bo", DAY + 720) == [("key", "taken_by"), ("key", "where")]
    assert changed_since(store, "bo", 3 * DAY) == []
    # being recalled re-evokes: the sum of last_evoked_at moves
    store.recall("bo", "key", now=3 * DAY)
    assert belief_signature(store, "bo").last_evoked_at > after.last_evoked_at
    assert changed_since(store, "bo", 3 * DAY)


def test_queries_only_read(store):
    spread(store)
    snapshot = dump(store)
    believers_at(store, "key", "taken_by", 700)
    claim_change_times(store, "key", "taken_by")
    claim_values(store, "key", "taken_by")
    claims(store, about_others=True)
    belief_counts(store)
    belief_signature(store, "bo")
    changed_since(store, "bo", 0)
    assert dump(store) == snapshot
