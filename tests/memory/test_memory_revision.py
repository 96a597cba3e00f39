"""Epistemics §5: R(B, e) in the documented order — provenance first, independence second, then
exactly one of reinforce / doubt / anomaly / correct / reconsider / keep — plus states versus
events, and history: nothing deleted, every change a version with its cause."""

from mem_helpers import cands, declared, read, seen, told

from memory import Evidence, MemoryStore, revise

K = ("key", "taken_by")


def _seen(value, at=0, **kw):
    return seen("ada", *K, value, at=at, **kw)


def _told(value, teller="bo", origin=None, at=0, **kw):
    return told("ada", *K, value, teller=teller, origin=origin, at=at, **kw)


# -- 1. provenance first -----------------------------------------------------------------------


def test_lower_ranked_contradiction_never_changes_value_floor_50(store):
    """§5.1: lower-ranked contradiction keeps the value, lowers confidence at most once per
    independent origin and never below 50 for a first-hand-ranked belief; its value is kept as a
    candidate; the state becomes doubtful."""
    store.perceive(_seen("cy"))  # 78
    b = store.perceive(_told("dee", origin="bo", at=1))
    assert (b.value, b.confidence, b.state) == ("cy", 58, "doubtful")  # 78 - 20
    assert cands(b) == {"cy": 58, "dee": 58}
    b = store.perceive(_told("dee", teller="eve", origin="bo", at=2))  # same origin, relayed
    assert (b.value, b.confidence, b.exposures) == ("cy", 58, 1)
    b = store.perceive(_told("dee", teller="fay", origin="fay", at=3))  # independent origin
    assert (b.value, b.confidence) == ("cy", 50)  # max(50, 58 - 20)
    for i in range(5):
        b = store.perceive(_told(f"x{i}", teller="gus", origin=f"o{i}", at=4 + i))
    assert (b.value, b.confidence, b.state) == ("cy", 50, "doubtful")


def test_lower_ranked_contradiction_below_firsthand_floors_at_10(store):
    """§5.1: the 50 floor is only for first-hand-ranked beliefs; a document-ranked one falls by
    20 per independent origin down to 10."""
    store.perceive(read("ada", *K, "cy"))  # 66
    got = [store.perceive(_told(f"v{i}", origin=f"o{i}", at=i + 1)).confidence for i in range(4)]
    assert got == [46, 26, 10, 10]
    assert store.belief("ada", *K).value == "cy"


def test_lower_ranked_contradiction_by_player_is_anomalous(store):
    """§5.1: if the lower-ranked contradiction came through the player the state becomes
    anomalous (and it lowers by the anomaly step, 30)."""
    store.perceive(read("ada", *K, "cy"))  # 66
    b = store.perceive(_told("dee", at=1, by_player=True))
    assert (b.value, b.confidence, b.state) == ("cy", 36, "anomalous")


def test_higher_ranked_contradiction_decides_at_once_as_an_update(store):
    """§5.1: a higher-ranked contradiction decides at once — but "corrected" is seed 000 §12's
    word for first-hand evidence meeting a belief already in doubt. A belief held without
    doubt takes the stronger value as an update, at that evidence's own confidence (78 seen),
    the old value kept as a candidate at 25 with its history; the note names the source."""
    store.perceive(_told("cy"))  # 58, rumour
    b = store.perceive(_seen("dee", at=10))
    assert (b.value, b.confidence, b.state, b.kind) == ("dee", 78, "influencing", "witnessed")
    assert cands(b) == {"dee": 78, "cy": 25}
    last = b.history[-1]
    assert last.cause == "update" and "witnessed evidence" in last.note
    assert "outranks the rumour I had for cy" in last.note
    assert [v.value for v in b.history] == ["cy", "dee"]


def test_a_stronger_source_takes_its_own_confidence_even_for_a_value_set_aside_before():
    """The same update when the stronger value already stood beside the held one as a
    superseded candidate (25): it takes the evidence's own confidence (78 seen, 70 declared,
    66 read), not 25 + 8 = 33 (a developer's report: a resident who heard 'tom', then 'lia'
    from a witness, then saw tom for herself held tom at 33)."""
    for evidence, conf in ((lambda: _seen("tom", at=30), 78),
                           (lambda: Evidence(resident="ada", subject=K[0], attribute=K[1],
                                             value="tom", kind="declared", teller="tom",
                                             at=30), 70),
                           (lambda: read("ada", *K, "tom", document="ledger", at=30), 66)):
        s = MemoryStore()
        s.perceive(_told("tom", teller="jon", origin="mira", at=10))
        b = s.perceive(_told("lia", teller="ben", origin="ben", basis="saw", at=20))
        assert (b.value, b.confidence, cands(b)) == ("lia", 58, {"lia": 58, "tom": 25})
        b = s.perceive(evidence())
        assert (b.value, b.confidence, b.state) == ("tom", conf, "influencing"), b.kind
        assert cands(b) == {"tom": conf, "lia": 25}


def test_the_same_origin_again_raises_no_set_aside_value_even_when_it_outranks(store):
    """§5.2: re-hearing one origin is exposure and never raises confidence — also when it
    outranks the held value and so decides it (after an author's implant, the weakest kind,
    the old teller's word again brought 'tom' back at 58 where it stood at 25; a review)."""
    store.perceive(_told("tom", teller="jon", origin="mira", at=10))
    store.implant("ada", *K, "lia", by="author", at=20)
    b = store.perceive(_told("tom", teller="jon", origin="mira", at=30))
    assert (b.value, b.confidence) == ("tom", 25), (b.value, b.confidence, cands(b))


def test_corrected_only_when_first_hand_meets_a_doubtful_belief(store):
    """Seed 000 §12: doubtful + first-hand contradiction -> corrected at 72 (here the stronger
    source also outranks the held rumour)."""
    store.perceive(_told("cy"))  # 58
    store.perceive(_told("eve", teller="gus", origin="gus", at=1))  # doubt: 38
    b = store.perceive(_seen("dee", at=10))
    assert (b.value, b.confidence, b.state) == ("dee", 72, "corrected")
    assert b.history[-1].cause == "correct"


def test_a_stronger_second_hand_source_is_an_update_or_a_reconsider_never_a_correction(store):
    """Seed 000 §12: a document outranking a held rumour is an update; outranking a doubtful
    one, a change of mind ("reconsider"); the note says "document", never "first-hand"."""
    store.perceive(_told("cy"))
    b = store.perceive(read("ada", *K, "dee", at=1))
    assert (b.value, b.confidence, b.state) == ("dee", 66, "influencing")
    assert b.history[-1].cause == "update" and "document evidence" in b.history[-1].note
    other = MemoryStore(":memory:")
    other.perceive(_told("cy"))
    other.perceive(_told("eve", teller="gus", origin="gus", at=1))  # doubtful
    b = other.perceive(read("ada", *K, "dee", at=2))
    assert (b.value, b.state) == ("dee", "influencing")
    assert b.history[-1].cause == "reconsider"
    assert all("first-hand" not in v.note for v in b.history)


def test_provenance_is_checked_before_arithmetic(store):
    """§5.1 / seed 004: a lower-ranked candidate that outgrows the held value on confidence
    still never becomes the held value by lower-ranked evidence."""
    store.perceive(declared("ada", "bo", "allergy", "penicillin"))  # 70
    for i in range(6):  # six independent rumours: the candidate climbs to 98
        b = store.perceive(told("ada", "bo", "allergy", "none", teller=f"t{i}", origin=f"o{i}",
                                at=i + 1))
    assert b.value == "penicillin" and b.confidence == 50
    assert cands(b)["none"] > b.confidence


# -- 2. independence -----------------------------------------------------------------------


def test_same_origin_again_is_exposure_not_corroboration(store):
    """§5.2: re-hearing the same claim from the same origin (directly or through other tellers)
    never raises confidence; it counts as exposure. A new independent origin corroborates."""
    store.perceive(_told("cy", origin="bo"))
    for i, teller in enumerate(["bo", "eve", "fay", "bo"]):
        b = store.perceive(_told("cy", teller=teller, origin="bo", at=i + 1))
    assert (b.confidence, b.exposures, b.sources) == (58, 4, 1)
    b = store.perceive(_told("cy", teller="gus", origin="gus", at=9))
    assert (b.confidence, b.sources) == (66, 2)


def test_stronger_kind_from_same_origin_corroborates(store):
    """§5.2: only a new independent origin, *or a stronger source kind*, corroborates."""
    store.perceive(_told("cy", basis="heard"))
    b = store.perceive(_told("cy", basis="saw", at=1))  # bo now says he saw it
    assert (b.confidence, b.source) == (66, "testimony")


def test_document_pages_count_once(store):
    """§5.2: a document repeating the same thing on many pages is one origin."""
    store.perceive(read("ada", *K, "cy", document="ledger"))
    for page in range(8):
        b = store.perceive(read("ada", *K, "cy", document="ledger", at=page + 1))
    assert (b.confidence, b.exposures) == (66, 8)


# -- 3. reinforce / doubt / anomaly / correct / reconsider / keep -----------------------------


def test_reinforce_plus_8_capped_at_100(store):
    """§5.3 reinforce: min(100, c + 8)."""
    store.perceive(_seen("cy"))
    got = [store.perceive(_seen("cy", at=i + 1)).confidence for i in range(4)]
    assert got == [86, 94, 100, 100]


def test_doubt_minus_20_floor_10(store):
    """§5.3 doubt: max(10, c - 20), state doubtful, e's value added as a candidate."""
    store.perceive(_told("cy", origin="bo"))  # 58
    got = []
    for i, v in enumerate(["dee", "eve", "fay"]):
        b = store.perceive(_told(v, teller="gus", origin=f"o{i}", at=i + 1))
        got.append((b.value, b.confidence, b.state))
    assert got == [("cy", 38, "doubtful"), ("cy", 18, "doubtful"), ("cy", 10, "doubtful")]
    assert cands(b) == {"cy": 10, "dee": 58, "eve": 58, "fay": 58}


def test_anomaly_minus_30_by_the_player(store):
    """§5.3 anomaly: a contradiction through the player's intervention: max(10, c - 30),
    state anomalous."""
    store.perceive(_told("cy"))  # 58
    b = store.perceive(_told("dee", teller="eve", at=1, by_player=True))
    assert (b.value, b.confidence, b.state) == ("cy", 28, "anomalous")
    b = store.perceive(_told("fay", teller="fay", at=2, by_player=True))
    assert (b.confidence, b.state) == (10, "anomalous")
    assert b.history[-1].cause == "anomaly"


def test_floor_never_raises_confidence(store):
    """§5.3: the floors stop a fall; a contradiction never makes a belief surer."""
    store.perceive(Evidence(resident="ada", subject="key", attribute="taken_by", value="cy",
                            kind="hearsay", teller="bo", origin="bo", at=0, confidence=5))
    b = store.perceive(_told("dee", teller="eve", at=1))
    assert (b.confidence, b.state) == (5, "doubtful")


def test_correct_when_doubtful_and_firsthand_contradicts(store):
    """§5.3 correct: the belief is doubtful and first-hand-ranked evidence contradicts it: the
    value becomes e's at 72, state corrected, old value a candidate at 25."""
    store.perceive(_seen("cy"))  # 78
    b = store.perceive(_seen("dee", at=1))  # equal rank, not doubtful yet: doubt
    assert (b.value, b.confidence, b.state) == ("cy", 58, "doubtful")
    b = store.perceive(_seen("dee", at=2))  # another independent sighting: correct
    assert (b.value, b.confidence, b.state) == ("dee", 72, "corrected")
    assert cands(b)["cy"] == 25
    # The history says it was a correction, and of what to what.
    last = b.history[-1]
    assert (last.cause, last.value) == ("correct", "dee")
    assert "corrected my earlier understanding: I thought cy, now dee" in last.note


def test_correct_when_anomalous(store):
    """§5.3 correct applies to anomalous beliefs too."""
    store.perceive(_told("cy"))
    store.perceive(_told("dee", teller="eve", at=1, by_player=True))  # anomalous
    b = store.perceive(_seen("eve", at=2))
    assert (b.value, b.confidence, b.state) == ("eve", 72, "corrected")


def test_reconsider_needs_two_independent_origins(store):
    """§5.3 reconsider: doubtful, and another candidate resting on at least two independent
    origins now stands above the held value: the resident changes its mind, state influencing,
    at the candidate's own confidence, and the history says why."""
    store.perceive(_told("cy", origin="bo"))  # 58
    b = store.perceive(_told("dee", teller="eve", origin="eve", at=1))
    assert (b.value, b.confidence, b.state) == ("cy", 38, "doubtful")
    b = store.perceive(_told("dee", teller="fay", origin="fay", at=2))
    assert (b.value, b.confidence, b.state) == ("dee", 66, "influencing")  # 58 + 8
    assert b.history[-1].cause == "reconsider"
    assert "2 independent sources" in b.history[-1].note
    assert cands(b)["cy"] == 18


def test_repetition_from_one_origin_never_reconsiders(store):
    """§5.3: repetition from one origin never gets to reconsider (step 2)."""
    store.perceive(_told("cy", origin="bo"))
    for i, teller in enumerate(["eve", "fay", "gus", "hal", "ivy", "jon"]):
        b = store.perceive(_told("dee", teller=teller, origin="eve", at=i + 1))
    assert (b.value, b.confidence, b.state) == ("cy", 38, "doubtful")


def test_keep_unrelated_evidence_leaves_belief_alone(store):
    """§5.3 keep: exposure or evidence about another claim changes nothing about this one."""
    store.perceive(_told("cy"))
    before = store.belief("ada", *K)
    outs = store.perceive_many([_told("cy", teller="eve", origin="bo", at=1),
                                seen("ada", "key", "location", "shed", at=2)])
    assert outs[0].action == "keep" and not outs[0].changed
    after = store.belief("ada", *K)
    assert (after.value, after.confidence, after.history) == (before.value, before.confidence,
                                                              before.history)


def test_nothing_deleted_every_change_a_version_with_its_cause(store):
    """§5: every change appends a version with the evidence that caused it; nothing is
    deleted, so "I used to think X, then I found out Y" can always be told."""
    seq = [_told("cy"), _told("dee", teller="eve", at=1), _seen("dee", at=2),
           _seen("dee", at=3), _told("cy", at=4)]  # the last is exposure: no version
    for e in seq:
        b = store.perceive(e)
    assert [v.cause for v in b.history] == ["new", "doubt", "correct", "reinforce"]
    ev = store.evidence("ada", *K)
    assert len(ev) == 5 and b.evidence_count == 5
    assert [v.evidence_id for v in b.history] == [ev[i].id for i in range(4)]
    assert {c.value for c in b.candidates} == {"cy", "dee"}
    assert [v.value for v in b.history] == ["cy", "cy", "dee", "dee"]


# -- states and events --------------------------------------------------------------------------


def test_state_later_firsthand_observation_updates(store):
    """§5 states: for a changeable state, later first-hand evidence is an update: the value
    changes, confidence is a new first-hand belief's (78), state influencing, and the old value
    stays in the history as what held until then."""
    store.define_attribute("location", nature="state")
    store.perceive(seen("ada", "key", "location", "counter", at=0))
    store.perceive(seen("ada", "key", "location", "counter", at=30))  # 86
    b = store.perceive(seen("ada", "key", "location", "pocket", at=60))
    assert (b.value, b.confidence, b.state) == ("pocket", 78, "influencing")
    assert [v.value for v in b.history] == ["counter", "counter", "pocket"]
    assert b.history[-1].cause == "update"
    assert "counter held from minute 0 until 60" in b.history[-1].note


def test_state_older_firsthand_observation_come_late_is_what_held_before(store):
    """The mirror of the update (the design note is silent; a developer's finding): a
    sighting from minute 10 perceived after one from minute 1000 is what held then, not a
    contradiction — the newer value stands as it was (78, influencing, no doubt), the older
    one is kept beside it at 25 (a superseded value's), and a sighting after both updates."""
    store.define_attribute("location", nature="state")
    store.perceive(seen("ada", "key", "location", "counter", at=1000))
    b = store.perceive(seen("ada", "key", "location", "drawer", at=10))
    assert (b.value, b.confidence, b.state) == ("counter", 78, "influencing")
    assert {c.value: c.confidence for c in b.candidates} == {"counter": 78, "drawer": 25}
    assert not b.wants_look
    b = store.perceive(seen("ada", "key", "location", "drawer", at=2000))
    assert (b.value, b.confidence, b.state) == ("drawer", 78, "influencing")


def test_an_older_event_sighting_come_late_still_contradicts(store):
    """Only a state is a thing of its time: for an event (who took it) the rules run."""
    store.perceive(_seen("counter", at=1000))
    b = store.perceive(_seen("pocket", at=10))
    assert (b.value, b.confidence, b.state) == ("counter", 58, "doubtful")


def test_event_contradiction_runs_the_rules(store):
    """§5 events: the same sequence about an event (who took the key) is a contradiction."""
    store.perceive(_seen("counter", at=0))
    b = store.perceive(_seen("pocket", at=60))
    assert (b.value, b.confidence, b.state) == ("counter", 58, "doubtful")


def test_state_lower_ranked_news_keeps_value_and_wants_a_look(store):
    """§5.1 about a state: newer lower-ranked news does not change the value, but makes the
    resident want to go and look (§8); looking clears it."""
    store.define_attribute("location", nature="state")
    store.perceive(seen("ada", "key", "location", "counter", at=0))
    b = store.perceive(told("ada", "key", "location", "shed", teller="bo", at=10))
    assert (b.value, b.state, b.wants_look) == ("counter", "doubtful", True)
    b = store.perceive(seen("ada", "key", "location", "shed", at=20))
    assert (b.value, b.state, b.wants_look) == ("shed", "influencing", False)


def test_state_declared_later_updates_at_declared_confidence(store):
    """§5 states: first-hand-ranked includes declarations; the new confidence is the new
    belief's (declared: 70)."""
    store.define_attribute("mood", nature="state")
    store.perceive(declared("ada", "bo", "mood", "happy", at=0))
    b = store.perceive(declared("ada", "bo", "mood", "sad", at=60))
    assert (b.value, b.confidence, b.state) == ("sad", 70, "influencing")


# -- the pure function --------------------------------------------------------------------------


def test_revise_is_pure():
    """§5: R(B, e) as a pure function: the input belief is not modified."""
    b0, out = revise(None, _seen("cy"))
    assert out.action == "new" and b0.confidence == 78
    b1, out = revise(b0, _told("dee", at=1))
    assert (out.action, b1.value, b1.confidence, b1.state) == ("doubt", "cy", 58, "doubtful")
    assert (b0.confidence, b0.state, len(b0.cands)) == (78, "influencing", 1)


def test_reconsider_never_adopts_a_weaker_ranked_candidate(store):
    """§5.1 before §5.3: reconsider is confidence arithmetic, so it may only adopt a candidate
    that ranks with the held value or above. Two independent rumours never overturn testimony,
    even once an equal-rank contradiction has made the belief doubtful."""
    store.perceive(_told("cy", teller="bo", basis="saw"))  # testimony, 58
    store.perceive(_told("dee", teller="eve", origin="eve", at=1))  # rumour: 38
    b = store.perceive(_told("dee", teller="fay", origin="fay", at=2))  # rumour: 18
    assert (b.value, cands(b)["dee"]) == ("cy", 66)  # two origins, above the held value
    b = store.perceive(_told("gus", teller="gus", basis="saw", at=3))  # equal rank: doubt
    assert (b.value, b.confidence, b.state) == ("cy", 10, "doubtful")


def test_own_account_coming_back_is_not_new_support(store):
    """§5.2: Wes saw it (78) and told the town; hearing it back from a neighbour — origin Wes —
    is exposure, not corroboration: still 78, one source, one more exposure. A neighbour's own
    independent sighting does corroborate (+8)."""
    store.perceive(seen("wes", "key", "taken_by", "cy", at=0))
    b = store.perceive(told("wes", "key", "taken_by", "cy", teller="ann", origin="wes", at=5,
                            chain=("wes", "ann")))
    assert (b.confidence, b.sources, b.exposures) == (78, 1, 1)
    assert b.history[-1].cause == "new"  # nothing changed: no version written
    b = store.perceive(told("wes", "key", "taken_by", "cy", teller="ann", origin="ann", at=6,
                            basis="saw"))
    assert (b.confidence, b.sources) == (86, 2)


def test_own_account_coming_back_never_contradicts_either(store):
    """Wes once said cy, then saw dee; his old account coming back (origin Wes) is exposure,
    not a contradiction of what he now holds."""
    store.perceive(told("wes", "key", "taken_by", "cy", teller="bo", at=0))
    store.perceive(seen("wes", "key", "taken_by", "dee", at=1))
    before = store.belief("wes", "key", "taken_by")
    b = store.perceive(told("wes", "key", "taken_by", "cy", teller="ann", origin="wes", at=5))
    assert (b.value, b.confidence, b.state) == (before.value, before.confidence, before.state)
    assert b.exposures == before.exposures + 1
