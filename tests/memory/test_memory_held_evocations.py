"""Re-evocations held to a tick's end (memory.deferred) leave the rows as writing each at once
would — including when a batch of evidence in the same tick reads and rewrites a memory that
was re-evoked before it (the batch reads it with the held re-evocation applied, from the
working beliefs or from its row, and the row it writes carries it), and when the batch gives
an edit away and the finder doubts the editor's other work, re-evoked too."""

import random

import pytest
from mem_helpers import DAY, lazy_tables, seen, told

from memory import MemoryStore

HOUR = 60
PEOPLE = ["ada", "bo", "cy"]
CLAIMS = [("key", "location"), ("ring", "location"), ("key", "taken_by")]
VALUES = ["cafe", "inn", "bo", "cy"]


def _run(seed: int, held: bool, forget: bool) -> MemoryStore:
    rng = random.Random(seed)
    store = MemoryStore(":memory:")
    now = 0
    for _ in range(40):
        now += rng.choice([10, 60, 6 * HOUR, DAY])
        if rng.random() < 0.3:  # an edit, which first-hand news may later give away
            who = rng.choice(PEOPLE)
            s, a = rng.choice(CLAIMS)
            if store.belief(who, s, a, history=False) is not None:
                with store.db.atomic():
                    store.implant(who, s, a, rng.choice(VALUES), by=rng.choice(["m1", "m2"]),
                                  at=now)
        block = store.deferred() if held else _Plain()
        with store.db.atomic(), block:
            for _ in range(rng.randrange(1, 4)):
                who = rng.choice(PEOPLE)
                store.recall(who, " ".join(rng.sample(VALUES + ["key", "ring"], 2)), now, k=3)
            if forget:
                store._cache.clear()  # the batch reads rows, held re-evocations patched in
            evs = []
            for i in range(rng.randrange(1, 5)):
                who = rng.choice(PEOPLE)
                s, a = rng.choice(CLAIMS)
                v = rng.choice(VALUES)
                other = rng.choice([p for p in PEOPLE if p != who])
                at = max(0, now - rng.choice([0, 0, 0, 5 * HOUR, 2 * DAY]))  # late, at times
                evs.append(seen(who, s, a, v, at=at, event=f"e{now}.{i}")
                           if rng.random() < 0.3 else told(who, s, a, v, teller=other, at=at))
            store.perceive_many(evs)
            if rng.random() < 0.5:
                who = rng.choice(PEOPLE)
                store.recall(who, rng.choice(VALUES), now, k=2)
        store.refresh_access(now + 10)
    return store


class _Plain:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


@pytest.mark.parametrize("seed", range(12))
def test_held_re_evocations_leave_the_rows_as_writing_each_at_once(seed):
    want = lazy_tables(_run(seed, held=False, forget=False))
    for forget in (False, True):
        assert lazy_tables(_run(seed, held=True, forget=forget)) == want


def test_an_edit_given_away_in_a_tick_keeps_the_finders_re_evocations():
    """Two memories implanted by one hand; a tick recalls the second, then first-hand news
    gives the first away, and the finder doubts the second too (rewriting it whole): it stays
    as re-evoked in that tick, in its row and in what the store answers after."""

    def run(held: bool):
        store = MemoryStore(":memory:")
        with store.db.atomic():
            store.perceive(seen("ada", "key", "location", "cafe", event="e1"))
            store.perceive(seen("ada", "ring", "owner", "bo", event="e2"))
            store.implant("ada", "key", "location", "inn", by="mallory", at=10)
            store.implant("ada", "ring", "owner", "cy", by="mallory", at=10)
        now = 3 * DAY
        with store.db.atomic(), (store.deferred() if held else _Plain()):
            store.recall("ada", "ring owner", now, k=5)
            store.perceive_many([seen("ada", "key", "location", "cafe", at=now, event="e3")])
            assert store.take_discoveries()
            during = store.accessibility("ada", "ring", "owner", now)
        with store.db.atomic(), (store.deferred() if held else _Plain()):
            store.perceive_many([told("ada", "ring", "owner", "cy", teller="bo", at=now + 60)])
        return during, store.accessibility("ada", "ring", "owner", now + 60), lazy_tables(store)

    assert run(True) == run(False)



@pytest.mark.parametrize("where", ["memory", "file"])
def test_beliefs_read_in_a_tick_show_its_held_re_evocations_and_leave_them_held(tmp_path,
                                                                                 where):
    """`beliefs()` inside a tick answers with the tick's re-evocations applied (a decision
    asks it of every resident every tick), without writing them out early. A file's rows are
    written when the tick ends (another program may read them); an in-memory store's when
    something needs them there (`flush`: a save, a reader through SQL) — and say what they
    would have."""
    store = MemoryStore(":memory:" if where == "memory" else tmp_path / "m.db")
    with store.db.atomic():
        store.perceive(seen("ada", "key", "location", "cafe", event="e1", at=0))
    later = 3 * DAY
    with store.db.atomic(), store.deferred():
        store.recall("ada", "key", later, k=3)
        [b] = store.beliefs("ada", attribute="location")
        assert b.last_evoked_at == later and b.access(later) == "active"
        assert store._held.evoked  # still held: nothing was written to read it
        assert store.db.execute("SELECT last_evoked_at FROM beliefs").fetchone()[0] == 0
    row = store.db.execute("SELECT last_evoked_at FROM beliefs").fetchone()[0]
    assert row == (0 if where == "memory" else later)
    [b] = store.beliefs("ada", attribute="location")
    assert b.last_evoked_at == later
    store.flush()
    assert store.db.execute("SELECT last_evoked_at FROM beliefs").fetchone()[0] == later
    assert not store._held.evoked


def test_a_failed_tick_gives_back_only_its_own_held_re_evocations():
    """Held past a tick (an in-memory store), re-evocations survive the next tick failing;
    that tick's own are forgotten with its transaction."""
    store = MemoryStore(":memory:")
    with store.db.atomic():
        store.perceive_many([seen("ada", "key", "location", "cafe", event="e1", at=0),
                             seen("ada", "ring", "location", "inn", event="e2", at=0)])
    with store.db.atomic(), store.deferred():
        store.recall("ada", "key", 60, k=1)
    with pytest.raises(RuntimeError), store.db.atomic(), store.deferred():
        store.recall("ada", "key ring", 120, k=2)
        raise RuntimeError("the tick fails")
    key = store.belief("ada", "key", "location", history=False)
    ring = store.belief("ada", "ring", "location", history=False)
    assert (key.last_evoked_at, ring.last_evoked_at) == (60, 0)
    store.flush()
    assert store.db.execute("SELECT c.subject, b.last_evoked_at FROM beliefs b JOIN claims c "
                            "ON c.id = b.claim_id ORDER BY 1").fetchall() == [("key", 60),
                                                                              ("ring", 0)]


def test_the_hourly_passes_find_what_a_held_re_evocation_kept_in_mind():
    """A memory re-evoked and held past its tick is not recorded dormant at the minute its row
    would have had it; one brought back from dormancy by association is active again; the
    events are those of writing every re-evocation at its tick's end."""
    runs = []
    for hold in (True, False):
        store = MemoryStore(":memory:")
        store._hold = hold
        with store.db.atomic():
            store.perceive_many([seen("ada", "key", "location", "cafe", event="e1", at=0),
                                 seen("ada", "key", "owner", "bo", event="e2", at=0)])
        for hour in range(1, 24 * 9):
            now = hour * HOUR
            with store.db.atomic(), store.deferred():
                if hour % 30 == 0:
                    store.recall("ada", "location", now, k=1)
                if hour == 24 * 5:
                    store.recall("ada", "cafe", now, k=1)  # association brings "owner" back
                store.refresh_access(now)
                store.look_back(now)
        store.flush()
        runs.append(lazy_tables(store))
    assert runs[0] == runs[1]
