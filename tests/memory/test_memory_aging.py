"""Epistemics §6: hearsay aging and forgetting. Once per game day, an influencing belief resting
on hearsay only, with no new evidence and no player intervention for 7 days, above 34: -8 per 7
days, floor 34, then `past`: 58 -> 50 (day 7) -> 42 (day 14) -> 34 and past (day 21). One
set-wise pass over all residents. Forgetting is never deletion."""

import pytest
from mem_helpers import DAY, declared, implanted, read, seen, told

from memory import Evidence

K = ("key", "taken_by")


def _heard(store, resident="ada", at=0, **kw):
    return store.perceive(told(resident, *K, "cy", teller="bo", at=at, **kw))


def _state(store, resident="ada"):
    b = store.belief(resident, *K)
    return b.confidence, b.state


def test_58_50_42_34_past_aging_daily(store):
    """§6: aged once per game day: 58 -> 50 on day 7 -> 42 on day 14 -> 34 and past on 21."""
    _heard(store)
    seen_days = {}
    for day in range(1, 29):
        store.age(day * DAY)
        seen_days[day] = _state(store)
    assert seen_days[6] == (58, "influencing")
    assert seen_days[7] == (50, "influencing")
    assert seen_days[13] == (50, "influencing")
    assert seen_days[14] == (42, "influencing")
    assert seen_days[20] == (42, "influencing")
    assert seen_days[21] == (34, "past")
    assert seen_days[28] == (34, "past")
    causes = [v.cause for v in store.belief("ada", *K).history]
    assert causes == ["new", "age", "age", "age"]


@pytest.mark.parametrize(("day", "expected"), [
    (3, (58, "influencing")), (7, (50, "influencing")), (10, (50, "influencing")),
    (14, (42, "influencing")), (20, (42, "influencing")), (21, (34, "past")),
    (40, (34, "past"))])
def test_daily_or_once_gives_the_same_result(day, expected):
    """§6: calling age every day or once on day N gives the same confidence and state — and
    it is §6's: 58 -> 50 on day 7 -> 42 on day 14 -> 34 and past on day 21."""
    from memory import MemoryStore

    daily, once = MemoryStore(), MemoryStore()
    _heard(daily)
    _heard(once)
    for d in range(1, day + 1):
        daily.age(d * DAY)
    once.age(day * DAY)
    assert _state(daily) == _state(once) == expected


def test_forgetting_is_not_deletion(store):
    """§6: a past belief still answers "someone told me once..."."""
    _heard(store)
    store.age(21 * DAY)
    b = store.belief("ada", *K)
    assert (b.value, b.state, b.teller) == ("cy", "past", "bo")
    assert store.counts()["evidence"] == 2  # the hearsay and what ada learned of bo


def test_new_evidence_restarts_the_clock(store):
    """§6: new evidence restarts the 7 quiet days."""
    _heard(store)
    store.age(7 * DAY)  # 50
    store.perceive(told("ada", *K, "cy", teller="eve", at=10 * DAY))  # independent: 58
    for day in range(11, 17):
        store.age(day * DAY)
    assert _state(store) == (58, "influencing")
    store.age(17 * DAY)
    assert _state(store) == (50, "influencing")


def test_player_intervention_restarts_the_clock(store):
    """§6: a player intervention restarts the clock, even when what the player brings is only
    the same story again (exposure): after an intervention on day 8 the next step is day 15."""
    _heard(store)
    store.age(7 * DAY)  # 50
    _heard(store, at=8 * DAY, by_player=True)
    assert _state(store) == (50, "influencing")
    store.age(14 * DAY)
    assert _state(store) == (50, "influencing")
    store.age(15 * DAY)
    assert _state(store) == (42, "influencing")


def test_repetition_from_one_origin_does_not_restart_the_clock(store):
    """§6 read with §5.2: re-hearing the same origin is exposure, not new evidence, so one
    gossip repeating herself cannot keep a rumour fresh."""
    _heard(store)
    store.perceive(told("ada", *K, "cy", teller="eve", origin="bo", at=5 * DAY))
    store.age(7 * DAY)
    assert _state(store) == (50, "influencing")


@pytest.mark.parametrize("evidence", [
    seen("ada", *K, "cy"),
    declared("ada", "bo", "mood", "sad"),
    read("ada", *K, "cy"),
    implanted("ada", *K, "cy"),
], ids=["witnessed", "declared", "document", "implanted"])
def test_non_hearsay_never_ages(store, evidence):
    """§6: only beliefs resting on hearsay only age."""
    b0 = store.perceive(evidence)
    store.age(70 * DAY)
    b = store.belief(evidence.resident, evidence.subject, evidence.attribute)
    assert (b.confidence, b.state) == (b0.confidence, "influencing")


def test_inferred_never_ages(store):
    store.perceive(seen("ada", "key", "location", "shed"))
    b0 = store.perceive(Evidence(resident="ada", subject="cy", attribute="took", value="yes",
                                 kind="inferred", premises=("key.location",), at=0))
    store.age(70 * DAY)
    assert store.belief("ada", "cy", "took").confidence == b0.confidence == 68


def test_hearsay_backed_by_firsthand_does_not_age(store):
    """§6: "rests on hearsay only": once seen first-hand, it no longer ages."""
    _heard(store)
    store.perceive(seen("ada", *K, "cy", at=1))
    store.age(70 * DAY)
    assert _state(store) == (66, "influencing")  # 58 + 8, untouched by aging


def test_doubtful_hearsay_does_not_age(store):
    """§6: only `influencing` beliefs age."""
    _heard(store)
    store.perceive(told("ada", *K, "dee", teller="eve", at=1))  # doubtful, 38
    store.age(70 * DAY)
    assert _state(store) == (38, "doubtful")


def test_only_above_34(store):
    """§6: stands above 34: trust 0.2 gives 35 -> 34 and past on day 7; trust 0.1 gives 29,
    which never ages (and so never goes past by aging)."""
    store.set_trust("ada", "bo", 0.2)
    store.set_trust("cy", "bo", 0.1)
    _heard(store, "ada")
    _heard(store, "cy")
    store.age(7 * DAY)
    assert _state(store, "ada") == (34, "past")
    store.age(70 * DAY)
    assert _state(store, "cy") == (29, "influencing")


def test_new_support_revives_a_past_belief(store):
    """§6: a past belief is history, not gone: new independent support brings it back."""
    _heard(store)
    store.age(21 * DAY)
    b = store.perceive(told("ada", *K, "cy", teller="eve", at=22 * DAY))
    assert (b.confidence, b.state) == (42, "influencing")


def test_aging_is_one_set_wise_pass(store):
    """§6: aging is one pass over all residents at once, not a loop over rows: a fixed number
    of SQL statements however many beliefs age."""
    store.perceive_many([told(f"r{i}", *K, "cy", teller="bo") for i in range(200)])
    statements = []
    store.db.conn.set_trace_callback(statements.append)
    n = store.age(21 * DAY)
    store.db.conn.set_trace_callback(None)
    assert n == 200
    work = [s for s in statements if not s.strip().upper().startswith(("BEGIN", "COMMIT"))]
    # One INSERT ... SELECT for history, one UPDATE, one UPDATE marking for recheck the
    # conclusions whose premise just went past (§9).
    assert len(work) <= 3, work
    assert {b.state for b in store.beliefs(about_others=False)} == {"past"}
