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



def test_beliefs_read_in_a_tick_show_its_held_re_evocations_and_leave_them_held():
    """`beliefs()` inside a tick answers with the tick's re-evocations applied (a decision
    asks it of every resident every tick), without writing them out early: the rows are
    written once, when the tick ends, and say what they would have."""
    store = MemoryStore(":memory:")
    with store.db.atomic():
        store.perceive(seen("ada", "key", "location", "cafe", event="e1", at=0))
    later = 3 * DAY
    with store.db.atomic(), store.deferred():
        store.recall("ada", "key", later, k=3)
        [b] = store.beliefs("ada", attribute="location")
        assert b.last_evoked_at == later and b.access(later) == "active"
        assert store._held.evoked  # still held: nothing was written to read it
        assert store.db.execute("SELECT last_evoked_at FROM beliefs").fetchone()[0] == 0
    assert store.db.execute("SELECT last_evoked_at FROM beliefs").fetchone()[0] == later
    [b] = store.beliefs("ada", attribute="location")
    assert b.last_evoked_at == later
