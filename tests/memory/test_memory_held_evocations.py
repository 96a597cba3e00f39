"""Re-evocations held to a tick's end (memory.deferred) leave the rows as writing each at once
would — including when a batch of evidence in the same tick reads and rewrites a memory that
was re-evoked before it (the batch reads it with the held re-evocation applied, from the
working beliefs or from its row, and the row it writes carries it)."""

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


@pytest.mark.parametrize("seed", range(10))
def test_held_re_evocations_leave_the_rows_as_writing_each_at_once(seed):
    want = lazy_tables(_run(seed, held=False, forget=False))
    for forget in (False, True):
        assert lazy_tables(_run(seed, held=True, forget=forget)) == want
