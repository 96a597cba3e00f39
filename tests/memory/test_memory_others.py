"""Epistemics §10: when j tells i a claim, i records a belief about j — "j believes k" — whether
or not i believes k; residents can lie, and the listener records what was *said*."""

from mem_helpers import seen, told

K = ("key", "taken_by")


def test_telling_records_a_belief_about_the_teller(store):
    store.perceive(told("ada", *K, "cy", teller="bo", at=5))
    about = store.belief_about("ada", "bo", *K)
    assert (about.value, about.kind, about.teller) == ("cy", "declared", "bo")
    assert about.resident == "ada" and about.subject == "bo"


def test_recorded_whether_or_not_the_listener_believes_it(store):
    """§10: ada saw dee take the key, so does not take bo's word; she still knows what bo
    believes (or says he does)."""
    store.perceive(seen("ada", *K, "dee"))
    store.perceive(told("ada", *K, "cy", teller="bo", at=5))
    assert store.belief("ada", *K).value == "dee"
    assert store.belief_about("ada", "bo", *K).value == "cy"


def test_a_lie_is_recorded_as_what_was_said(store):
    """§10: bo believes dee took it but tells ada cy did; ada's belief about bo records "cy"
    (what was said), and bo's own belief is untouched."""
    store.perceive(seen("bo", *K, "dee"))
    store.perceive(told("ada", *K, "cy", teller="bo", at=5))
    assert store.belief_about("ada", "bo", *K).value == "cy"
    assert store.belief("bo", *K).value == "dee"
    assert store.belief_about("ada", "bo", *K).value != store.belief("bo", *K).value


def test_relayed_telling_is_about_the_teller_not_the_origin(store):
    """§10: j is who told i; a relayed story says what the relayer claims, not the origin."""
    store.perceive(told("ada", *K, "cy", teller="eve", origin="bo", at=5))
    assert store.belief_about("ada", "eve", *K).value == "cy"
    assert store.belief_about("ada", "bo", *K) is None


def test_what_someone_says_they_believe_can_change(store):
    """§10: a later telling of another value updates what the listener takes the teller to
    believe (it is a state of the teller's mind), keeping the old one in the history."""
    store.perceive(told("ada", *K, "cy", teller="bo", at=5))
    store.perceive(told("ada", *K, "dee", teller="bo", at=50))
    about = store.belief_about("ada", "bo", *K)
    assert about.value == "dee"
    assert [v.value for v in about.history] == ["cy", "dee"]


def test_every_listener_records_it(store):
    """Recorded whenever someone is told something: each listener, each telling."""
    store.perceive_many([told(r, *K, "cy", teller="bo", at=5) for r in ("ada", "cy", "dee")])
    assert [b.resident for b in store.beliefs(subject="bo")] == ["ada", "cy", "dee"]
    assert store.beliefs("ada", about_others=False)[0].attribute == "taken_by"


def test_free_recall_passes_beliefs_about_others_by_but_decisions_and_cues_reach_them(store):
    """What ada takes bo to believe is read by the decisions that ask after it
    (`beliefs_about`) and by a cue naming its claim; seeing bo, or anything that names him,
    does not bring it to mind — however many such memories ada holds, free recall matches
    only her memories of the world (her own belief, on bo's word, among them)."""
    for i, thing in enumerate(["key", "ring", "coat", "lamp"]):
        store.perceive(told("ada", thing, "location", "cafe", teller="bo", at=5 + i))
    got = store.recall("ada", "bo cafe", 60, k=10, associate=False)
    assert sorted(r.claim for r in got) == [(t, "location") for t in
                                            ("coat", "key", "lamp", "ring")]
    assert store.beliefs_about("ada", "bo")[("key", "location")].value == "cafe"
    named = store.cue("ada", 60, subject="bo", attribute="believes key.location")
    assert [r.claim for r in named] == [("bo", "believes key.location")]
