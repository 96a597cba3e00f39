"""Epistemics §4 (initial confidence) and §10 (trust per listener, teller and topic, moved by
later first-hand confirmation or refutation)."""

import pytest
from mem_helpers import declared, implanted, read, seen, told

from memory import Evidence, hearsay_confidence, initial_confidence


@pytest.mark.parametrize("kind,expected", [
    ("firsthand", 78), ("witnessed", 78), ("hearsay", 58), ("declared", 70), ("document", 66),
    ("implanted", 50),
])
def test_initial_confidence_by_kind(kind, expected):
    """§4: first-hand or witnessed 78; hearsay 58 at trust 0.6; declared 70; document 66;
    implanted 50."""
    assert initial_confidence(kind) == expected


def test_initial_confidence_in_the_store(store):
    """§4: the same figures for new beliefs in the store."""
    got = [
        store.perceive(seen("ada", "k", "a1", "v", kind="firsthand")).confidence,
        store.perceive(seen("ada", "k", "a2", "v")).confidence,
        store.perceive(told("ada", "k", "a3", "v", teller="bo")).confidence,
        store.perceive(declared("ada", "bo", "a4", "v")).confidence,
        store.perceive(read("ada", "k", "a5", "v")).confidence,
        store.perceive(implanted("ada", "k", "a6", "v")).confidence,
    ]
    assert got == [78, 78, 58, 70, 66, 50]


@pytest.mark.parametrize("trust,expected", [
    (0.2, 35), (0.6, 58), (0.9, 75),  # the three figures of document 000
    (0.0, 24), (1.0, 78),  # round(35 + (t - 0.2) * 400 / 7) clamped to [10, 78]
])
def test_trust_mapping(trust, expected):
    """§4: hearsay's initial confidence round(35 + (trust - 0.2) * 400/7), clamped [10, 78]."""
    assert hearsay_confidence(trust) == expected


def test_inferred_is_weakest_premise_minus_ten(store):
    """§4: inferred starts at its weakest premise's confidence minus 10."""
    store.perceive(seen("ada", "key", "location", "counter"))  # 78
    store.perceive(told("ada", "cy", "mood", "angry", teller="bo"))  # 58
    b = store.perceive(Evidence(resident="ada", subject="cy", attribute="took_key", value="yes",
                                kind="inferred", premises=("key.location", "cy.mood"), at=5))
    assert (b.confidence, b.kind, b.source) == (48, "inferred", "inferred")


def test_trust_is_per_listener_teller_and_topic(store):
    """§10: trust[i <- j](topic), default 0.6, sets hearsay's initial confidence (§4)."""
    store.set_trust("ada", "bo", 0.2)  # ada trusts bo little, on every topic
    store.set_trust("ada", "bo", 0.9, topic="location")  # but on where things are, a lot
    assert store.perceive(told("ada", "key", "taken_by", "cy", teller="bo")).confidence == 35
    assert store.perceive(told("ada", "key", "location", "shed", teller="bo")).confidence == 75
    # per listener: cy's trust in bo is the default
    assert store.perceive(told("cy", "key", "taken_by", "dee", teller="bo")).confidence == 58
    # per teller: ada's trust in eve is the default
    assert store.perceive(told("ada", "pie", "taken_by", "dee", teller="eve")).confidence == 58
    assert store.trust("ada", "bo") == 0.2
    assert store.trust("ada", "bo", "location") == 0.9
    assert store.trust("ada", "bo", "taken_by") == 0.2  # falls back to bo's general trust


def test_trust_topic_can_group_attributes(store):
    """§10: a topic may cover several attributes (define_attribute(topic=...))."""
    store.define_attribute("owes", topic="money")
    store.set_trust("ada", "bo", 0.2, topic="money")
    assert store.perceive(told("ada", "cy", "owes", "10", teller="bo")).confidence == 35
    assert store.perceive(told("ada", "cy", "mood", "sad", teller="bo")).confidence == 58


def test_default_trust_is_configurable():
    """§10 default 0.6 is a tunable; a store may set another."""
    from memory import MemoryStore

    s = MemoryStore(default_trust=0.2)
    assert s.perceive(told("ada", "key", "taken_by", "cy", teller="bo")).confidence == 35


def test_trust_rises_when_confirmed_first_hand(store):
    """§10: a teller whose claim the listener later confirms first-hand gains trust on that
    topic, and their next hearsay on it starts higher."""
    store.perceive(told("ada", "key", "taken_by", "cy", teller="bo"))
    store.perceive(seen("ada", "key", "taken_by", "cy", at=10))
    assert store.trust("ada", "bo", "taken_by") > 0.6
    assert store.trust("ada", "bo", "mood") == 0.6  # only on that topic
    change = store.trust_changes("ada")[-1]
    assert (change.teller, change.topic, change.reason) == ("bo", "taken_by",
                                                             "confirmed first-hand")
    nxt = store.perceive(told("ada", "pie", "taken_by", "dee", teller="bo", at=20))
    assert nxt.confidence == hearsay_confidence(store.trust("ada", "bo", "taken_by")) > 58


def test_trust_falls_when_refuted_first_hand(store):
    """§10: a teller refuted first-hand loses trust on that topic; confirmation and refutation
    are judged once per thing said."""
    store.perceive(told("ada", "key", "taken_by", "cy", teller="bo"))
    store.perceive(told("ada", "key", "taken_by", "cy", teller="eve", origin="bo", at=1))
    store.perceive(seen("ada", "key", "taken_by", "dee", at=10))
    assert store.trust("ada", "bo", "taken_by") < 0.6
    assert store.trust("ada", "eve", "taken_by") < 0.6
    # Judged once: another sighting does not punish bo again for the same words.
    t = store.trust("ada", "bo", "taken_by")
    store.perceive(seen("ada", "key", "taken_by", "dee", at=20))
    assert store.trust("ada", "bo", "taken_by") == t
    nxt = store.perceive(told("ada", "pie", "taken_by", "fay", teller="bo", at=30))
    assert nxt.confidence == hearsay_confidence(t) < 58


def test_a_teller_repeating_the_same_words_is_judged_once(store):
    """§10 with seed 004: eight tellings of one lie are one thing said — refuted once."""
    for i in range(8):
        store.perceive(told("ada", "key", "taken_by", "cy", teller="bo", at=i))
    store.perceive(seen("ada", "key", "taken_by", "dee", at=10))
    assert store.trust("ada", "bo", "taken_by") == pytest.approx(0.5)
    assert len(store.trust_changes("ada")) == 1


def test_a_changed_state_does_not_prove_the_teller_wrong(store):
    """§5 states vs events: seeing the key elsewhere later is an update — the teller may have
    been right when they spoke — so it costs them no trust; confirming still earns it."""
    store.define_attribute("location", nature="state")
    store.perceive(told("ada", "key", "location", "counter", teller="bo"))
    store.perceive(seen("ada", "key", "location", "drawer", at=60))
    assert store.trust("ada", "bo", "location") == 0.6
    store.perceive(told("ada", "cup", "location", "shelf", teller="bo", at=70))
    store.perceive(seen("ada", "cup", "location", "shelf", at=80))
    assert store.trust("ada", "bo", "location") > 0.6
