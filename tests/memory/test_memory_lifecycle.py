"""Lazy memories (memory.lifecycle): a cue-recalled memory of no importance that nothing touches
is left as written by the hourly passes, and nobody can tell — §7's events come at the same
minutes, in the same order, with the same ids, and once touched the memory is exactly what the
passes would have made of it.

Each test runs the same story in two stores, one that writes such memories lazy and one that
never does, and compares every table; the property test draws the stories."""

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from mem_helpers import HOUR, same_lazy_eager, sighting

from memory import MemoryStore, Observed, SourceKind

DAY = 24 * 60


def _pair() -> tuple[MemoryStore, MemoryStore]:
    lazy, eager = MemoryStore(":memory:"), MemoryStore(":memory:")
    eager._clock.enabled = False
    for s in (lazy, eager):
        s.define_attribute("at_*", nature="event", topic="whereabouts", importance=0,
                           recall="cue")
    return lazy, eager


def test_a_sighting_of_no_importance_is_written_lazy_and_a_named_claim_is_not():
    lazy, _ = _pair()
    lazy.perceive_many([sighting("ada", "bo", 8 * HOUR),
                        Observed("ada", "key", "location", "drawer", SourceKind.WITNESSED,
                                 8 * HOUR, "w1")])
    rows = dict(lazy.db.execute("SELECT c.attribute, b.lazy FROM beliefs b JOIN claims c ON "
                                "c.id = b.claim_id").fetchall())
    assert rows == {"at_d1_0800": 1, "location": 0}


def test_the_passes_write_a_lazy_memorys_events_and_leave_its_row():
    """Dormant after 3 × 21.6 h (64.8 h), judged and kept at 72 h, unrecallable after 5 ×
    21.6 h (108 h) — the events of §7 at their minutes; the row keeps 'active'."""
    lazy, eager = _pair()
    for s in (lazy, eager):
        s.perceive_many([sighting("ada", "bo", 8 * HOUR)])
        for hour in range(9, 9 + 120):
            s.refresh_access(hour * HOUR)
            s.look_back(hour * HOUR)
    got = lazy.db.execute("SELECT kind, at, detail FROM memory_events ORDER BY at").fetchall()
    assert got == [("dormant", 8 * HOUR + 3888, f"{8 * HOUR} 1296.0"),
                   ("lookback", 80 * HOUR, "kept"), ("unrecallable", 8 * HOUR + 6480, None)]
    assert lazy.db.execute("SELECT access, looked_back, lazy FROM beliefs").fetchall() == \
        [("active", 0, 1)]
    assert eager.db.execute("SELECT access, looked_back, lazy FROM beliefs").fetchall() == \
        [("unrecallable", 1, 0)]
    same_lazy_eager(lazy, eager)


def test_a_cue_catches_it_up_first_then_it_lives_like_any_other():
    lazy, eager = _pair()
    for s in (lazy, eager):
        s.perceive_many([sighting("ada", "bo", 8 * HOUR), sighting("ada", "cy", 8 * HOUR)])
        for hour in range(9, 80):
            s.refresh_access(hour * HOUR)
            s.look_back(hour * HOUR)
        s.cue("ada", 80 * HOUR, subject="bo", attribute="at_d1_0800")
        for hour in range(80, 400, 7):
            s.refresh_access(hour * HOUR)
            s.look_back(hour * HOUR)
    assert lazy.db.execute("SELECT lazy FROM beliefs ORDER BY id").fetchall() == [(0,), (1,)]
    same_lazy_eager(lazy, eager)


def test_new_evidence_about_it_catches_it_up_first():
    """Told otherwise about that hour, the resident's memory of it is revised (and brought
    back to mind): from then on the passes treat it as they treat any memory."""
    from memory import Evidence

    lazy, eager = _pair()
    for s in (lazy, eager):
        s.perceive_many([sighting("ada", "bo", 8 * HOUR)])
        for hour in range(9, 70):
            s.refresh_access(hour * HOUR)
        s.perceive_many([Evidence(resident="ada", subject="bo", attribute="at_d1_0800",
                                  value="inn", kind="hearsay", teller="cy", origin="cy",
                                  at=70 * HOUR)])
        for hour in range(70, 400, 7):
            s.refresh_access(hour * HOUR)
            s.look_back(hour * HOUR)
    assert lazy.db.execute("SELECT b.lazy FROM beliefs b JOIN claims c ON c.id = b.claim_id "
                           "WHERE c.subject = 'bo'").fetchall() == [(0,)]
    same_lazy_eager(lazy, eager)


def test_a_use_or_an_edit_catches_it_up_first():
    lazy, eager = _pair()
    for s in (lazy, eager):
        s.perceive_many([sighting("ada", "bo", 8 * HOUR), sighting("ada", "cy", 8 * HOUR)])
        for hour in range(9, 90):
            s.refresh_access(hour * HOUR)
            s.look_back(hour * HOUR)
        s.record_use("ada", "bo", "at_d1_0800", 90 * HOUR)
        s.suppress("ada", "cy", "at_d1_0800", by="author", at=90 * HOUR)
        for hour in range(90, 600, 5):
            s.refresh_access(hour * HOUR)
            s.look_back(hour * HOUR)
    assert lazy.db.execute("SELECT lazy FROM beliefs").fetchall() == [(0,), (0,)]
    same_lazy_eager(lazy, eager)


def test_a_memory_perceived_after_its_minute_was_passed_is_written_eager():
    """Perceived late about a minute long gone (a backstory), it is already due: the passes
    must see it as they always did."""
    lazy, eager = _pair()
    for s in (lazy, eager):
        s.refresh_access(10 * DAY)
        s.look_back(10 * DAY)
        s.perceive_many([sighting("ada", "bo", 8 * HOUR)])
        s.refresh_access(10 * DAY + HOUR)
        s.look_back(10 * DAY + HOUR)
    assert lazy.db.execute("SELECT lazy FROM beliefs").fetchall() == [(0,)]
    same_lazy_eager(lazy, eager)


def test_a_reopened_store_goes_on_alike(tmp_path):
    runs = []
    for enabled in (True, False):
        path = tmp_path / f"m{enabled}.db"
        s = MemoryStore(path)
        s._clock.enabled = enabled
        s.define_attribute("at_*", nature="event", topic="whereabouts", importance=0,
                           recall="cue")
        s.perceive_many([sighting("ada", "bo", 8 * HOUR)])
        for hour in range(9, 70):
            s.refresh_access(hour * HOUR)
        s.close()
        s = MemoryStore(path)
        s._clock.enabled = enabled
        s.perceive_many([sighting("ada", "cy", 70 * HOUR)])
        for hour in range(70, 300, 5):
            s.refresh_access(hour * HOUR)
            s.look_back(hour * HOUR)
        runs.append(s)
    same_lazy_eager(*runs)


def test_an_attribute_redefined_catches_its_lazy_memories_up():
    """Made freely recalled, the sightings may now be evoked by any word: they must be
    ordinary memories first."""
    lazy, eager = _pair()
    for s in (lazy, eager):
        s.perceive_many([sighting("ada", "bo", 8 * HOUR)])
        for hour in range(9, 75):
            s.refresh_access(hour * HOUR)
            s.look_back(hour * HOUR)
        s.define_attribute("at_*", nature="event", topic="whereabouts", importance=4,
                           recall="free")
        s.recall("ada", "bo cafe", 76 * HOUR)
        for hour in range(76, 300, 3):
            s.refresh_access(hour * HOUR)
            s.look_back(hour * HOUR)
    assert lazy.db.execute("SELECT lazy FROM beliefs").fetchall() == [(0,)]
    same_lazy_eager(lazy, eager)


def test_an_attribute_defined_again_as_it_was_leaves_its_lazy_memories_be():
    """Defined again as it stood (a loaded save defines its families anew), nothing of it has
    changed: its lazy memories stay lazy, and go on as the eager ones do."""
    lazy, eager = _pair()
    for s in (lazy, eager):
        s.perceive_many([sighting("ada", "bo", 8 * HOUR)])
        s.refresh_access(9 * HOUR)
        s.define_attribute("at_*", nature="event", topic="whereabouts", importance=0,
                           recall="cue")
        for hour in range(10, 300, 3):
            s.refresh_access(hour * HOUR)
            s.look_back(hour * HOUR)
    assert lazy.db.execute("SELECT lazy FROM beliefs").fetchall() == [(1,)]
    same_lazy_eager(lazy, eager)


PEOPLE = ["ada", "bo", "cy"]
step = st.one_of(
    st.tuples(st.just("see"), st.sampled_from(PEOPLE), st.sampled_from(PEOPLE),
              st.integers(0, 12), st.sampled_from(["cafe", "inn"]), st.booleans()),
    st.tuples(st.just("pass"), st.integers(0, 400), st.booleans()),
    st.tuples(st.just("cue"), st.sampled_from(PEOPLE), st.sampled_from(PEOPLE),
              st.integers(0, 12)),
    st.tuples(st.just("use"), st.sampled_from(PEOPLE), st.sampled_from(PEOPLE),
              st.integers(0, 12)),
    st.tuples(st.just("suppress"), st.sampled_from(PEOPLE), st.sampled_from(PEOPLE),
              st.integers(0, 12)),
    st.tuples(st.just("told"), st.sampled_from(PEOPLE), st.sampled_from(PEOPLE),
              st.integers(0, 12), st.sampled_from(PEOPLE)),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(step, min_size=1, max_size=40))
# Found by hypothesis on 2026-12-03: a sighting long past at once beyond recall, then
# suppressed: both stores refuse it (the test raised instead of comparing them).
@example(story=[("pass", 249, False), ("pass", 400, True), ("see", "ada", "ada", 0, "cafe",
                                                              False),
                ("suppress", "ada", "ada", 0)])
def test_any_story_leaves_the_same_memory_lazy_or_not(story):
    """Sightings at any hour (some long past), the passes at any hour (some going back), cues
    and uses of what was seen, a memory suppressed, hearsay about the same hour: every table
    the same, lazy or not."""
    from memory import Evidence, InvalidEvidence

    lazy, eager = _pair()
    now = 0
    refused: dict[int, list[int]] = {}  # a suppression refused, by store: at which step
    for s in (lazy, eager):
        now = 0
        refused[id(s)] = []
        for i, op in enumerate(story):
            if op[0] == "see":
                _, who, person, hour, place, self_seen = op
                kind = SourceKind.FIRSTHAND if self_seen or who == person else \
                    SourceKind.WITNESSED
                s.perceive_many([sighting(who, person, hour * HOUR, place, kind)])
            elif op[0] == "pass":
                _, hour, forward = op
                now = now + hour * 10 if forward else hour * 10
                s.refresh_access(now)
                s.look_back(now)
            elif op[0] in ("cue", "use", "suppress"):
                _, who, person, hour = op
                attr = sighting(who, person, hour * HOUR).attribute
                if op[0] == "cue":
                    s.cue(who, now, subject=person, attribute=attr)
                elif op[0] == "use":
                    s.record_use(who, person, attr, now)
                elif s.belief(who, person, attr) is not None:
                    # A memory that can no longer be recalled cannot be suppressed (nothing
                    # to suppress): refused alike, lazy or not.
                    try:
                        s.suppress(who, person, attr, by="author", at=now)
                    except InvalidEvidence as exc:
                        assert "nothing to suppress" in str(exc), exc
                        refused[id(s)].append(i)
            else:
                _, who, person, hour, teller = op
                if teller in (who, person):
                    continue
                s.perceive_many([Evidence(resident=who, subject=person,
                                          attribute=sighting(who, person, hour * HOUR)
                                          .attribute, value="inn", kind="hearsay",
                                          teller=teller, origin=teller, at=now)])
    assert refused[id(lazy)] == refused[id(eager)]
    same_lazy_eager(lazy, eager)
