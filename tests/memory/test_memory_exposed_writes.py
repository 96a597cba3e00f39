"""A belief only re-exposed in a batch (§5.2: the same origin again) has just the columns an
exposure changes written (memory.writer, `UPDATE_EXPOSED`): its rows must come out exactly as
writing each whole row would — whatever mix of exposures, support, contradiction, a player's
word, first-hand news that judges tellers, recalls and passes a run has."""

import random

import pytest
from mem_helpers import DAY, seen, told

from memory import MemoryStore, writer

HOUR = 60
PEOPLE = ["ada", "bo", "cy", "dee"]
CLAIMS = [("key", "location"), ("ring", "location"), ("key", "taken_by"), ("bo", "mood")]
VALUES = ["cafe", "inn", "bo", "cy"]


def _rows(store: MemoryStore) -> dict[str, list]:
    """Every row of the memory tables (held writes flushed)."""
    store._sync()
    return {t: store.db.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in (
        "belief_rows", "evidence", "belief_versions", "memory_event_rows", "trust_changes")}


def _run(seed: int, policy: str) -> MemoryStore:
    rng = random.Random(seed)
    store = MemoryStore(":memory:", policy=policy, states=["location"])
    now = 0
    for _ in range(60):
        now += rng.choice([10, 60, 6 * HOUR, DAY])
        with store.db.atomic(), store.deferred():
            evs = []
            for i in range(rng.randrange(1, 6)):
                who = rng.choice(PEOPLE)
                s, a = rng.choice(CLAIMS)
                v = rng.choice(VALUES[:2] if rng.random() < 0.7 else VALUES)
                teller = rng.choice([p for p in PEOPLE if p != who])
                origin = rng.choice([teller, rng.choice(PEOPLE)])
                if rng.random() < 0.2:
                    evs.append(seen(who, s, a, v, at=now, event=f"e{now}.{i}"))
                else:
                    evs.append(told(who, s, a, v, teller=teller, origin=origin, at=now,
                                    by_player=rng.random() < 0.1,
                                    importance=rng.choice([None, 2, 7])))
            store.perceive_many(evs)
            if rng.random() < 0.4:
                store.recall(rng.choice(PEOPLE), rng.choice(VALUES), now, k=3)
        if rng.random() < 0.3:
            store.refresh_access(now + 10)
            store.look_back(now + 10)
    return store


@pytest.mark.parametrize("policy", ["rules", "noisy_or"])
@pytest.mark.parametrize("seed", range(6))
def test_writing_only_what_an_exposure_changes_leaves_every_row_as_a_whole_write(
        monkeypatch, seed, policy):
    light = _run(seed, policy)
    made = writer.Batch.__init__

    def whole_rows_only(self, store):
        made(self, store)
        self.light_rules = False  # every dirty belief written whole, as before

    monkeypatch.setattr(writer.Batch, "__init__", whole_rows_only)
    whole = _run(seed, policy)
    a, b = _rows(light), _rows(whole)
    for table in a:
        assert a[table] == b[table], table


def test_a_run_of_rumours_heard_again_writes_exposures_only(monkeypatch):
    """The point of it: re-hearing from an origin already counted is most of a town's later
    days, and those rows take the narrow statement."""
    store = MemoryStore(":memory:")
    store.perceive(told("ada", "key", "location", "cafe", teller="bo"))
    seen_sql = []
    store.db.conn.set_trace_callback(seen_sql.append)
    with store.db.atomic(), store.deferred():
        store.perceive_many([told("ada", "key", "location", "cafe", teller="bo", at=60)])
    store.db.conn.set_trace_callback(None)
    updates = [s for s in seen_sql if s.startswith("UPDATE belief_rows")]
    assert updates and all(s.startswith("UPDATE belief_rows SET exposures") for s in updates)
    assert store.belief("ada", "key", "location").exposures == 1
