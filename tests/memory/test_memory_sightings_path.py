"""A sighting that founds its memory takes a short path through a batch
(`writer.Batch._found_seen`); whatever else a batch holds — a second sighting of the same
hour, hearsay about it, other residents' sightings, a later batch — the store is what the
general path makes of the same evidence, row for row."""

from hypothesis import given, settings
from hypothesis import strategies as st
from mem_helpers import HOUR, dump, sighting, told

from memory import MemoryStore, SourceKind
from memory import writer as writer_module

PEOPLE = ["ada", "bo", "cy"]
PLACES = ["cafe", "mill"]

piece = st.one_of(
    st.tuples(st.just("seen"), st.sampled_from(PEOPLE), st.sampled_from(PEOPLE),
              st.integers(0, 30), st.sampled_from(PLACES), st.booleans()),
    st.tuples(st.just("told"), st.sampled_from(PEOPLE), st.sampled_from(PEOPLE),
              st.integers(0, 30), st.sampled_from(PLACES), st.sampled_from(PEOPLE)))


def evidence(p):
    if p[0] == "seen":
        _, resident, person, hour, place, own = p
        return sighting(resident, resident if own else person, hour * HOUR, place,
                        SourceKind.FIRSTHAND if own else SourceKind.WITNESSED)
    _, resident, person, hour, place, teller = p
    if teller == resident:
        teller = "dee"
    return told(resident, person, f"at_d{hour // 24 + 1}_{hour % 24:02d}00", place,
                teller=teller, at=hour * HOUR + 5)


def store() -> MemoryStore:
    s = MemoryStore(":memory:")
    s.define_attribute("at_*", nature="event", topic="whereabouts", importance=0,
                       recall="cue")
    return s


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(piece, min_size=1, max_size=12), min_size=1, max_size=5))
def test_the_short_path_makes_what_the_general_path_makes(batches):
    short, general = store(), store()
    made = writer_module.Batch.__init__

    def without(self, s):
        made(self, s)
        self.seen_fast = False

    outs = {}
    for name, s in (("short", short), ("general", general)):
        if name == "general":
            writer_module.Batch.__init__ = without
        try:
            got = []
            for i, batch in enumerate(batches):
                evs = sorted((evidence(p) for p in batch), key=lambda e: e.at)
                got += [o.action for o in s.perceive_many(evs)]
                if i % 2:
                    s.refresh_access((i + 40) * HOUR)
            outs[name] = got
        finally:
            writer_module.Batch.__init__ = made
    assert outs["short"] == outs["general"]
    assert rows(short) == rows(general)


def rows(s: MemoryStore) -> list[str]:
    """Every row of the store (not the migrations' timestamps)."""
    return [x for x in dump(s) if "_sqlite_migrations" not in x]
