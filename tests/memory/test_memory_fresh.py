"""A belief founded by one piece of evidence is written straight from it (memory.fresh, issue
13): its row is, field for field, the row the general path makes — `row_from_state` of
`new_belief` — for every kind of evidence, both policies, any importance and trust; and a store
that takes the shortcut ends up with the same tables as one that never does."""

import random

import pytest
from mem_helpers import declared, implanted, read, seen, told

from memory import Evidence, MemoryStore
from memory import fresh as fr
from memory.codec import INSERT_BELIEF, row_from_state
from memory.params import DEFAULT, MemoryParams
from memory.revision import NOISY_OR, RULES
from memory.writer import about_teller

_TABLES = MemoryStore(":memory:").db.conn


def _inserted(sql: str, params: tuple) -> tuple:
    """The row a statement writes into an empty beliefs table."""
    _TABLES.execute(sql, params)
    got = _TABLES.execute("SELECT * FROM beliefs").fetchone()
    _TABLES.execute("DELETE FROM belief_rows")
    return got


def _evidence(rng: random.Random, i: int) -> Evidence:
    kw = {"importance": rng.choice([None, 0, 3, 9]), "by_player": rng.random() < 0.2}
    if rng.random() < 0.2:
        kw["confidence"] = rng.randrange(0, 101)
    s, a, v = rng.choice(["key", "bo"]), rng.choice(["location", "took"]), rng.choice(
        ["cafe", "bo \"quoted\" é", "cy"])
    pick = rng.randrange(6)
    if pick == 0:
        return seen("ada", s, a, v, at=i, **kw)
    if pick == 1:
        return seen("ada", s, a, v, at=i, kind="firsthand", **kw)
    if pick == 2:
        return told("ada", s, a, v, teller="fen", origin=rng.choice(["fen", "gus"]), at=i,
                    basis=rng.choice(["heard", "saw", "reckon"]), **kw)
    if pick == 3:
        return declared("ada", "bo", a, v, at=i, **kw)
    if pick == 4:
        return read("ada", s, a, v, at=i, **kw)
    return implanted("ada", s, a, v, at=i, **kw)


@pytest.mark.parametrize("policy", [RULES, NOISY_OR])
def test_a_fresh_row_is_the_general_row(policy):
    rng = random.Random(7)
    for params in (DEFAULT, MemoryParams(half_life_hours=30, importance_midpoint=4,
                                         dormant_after=2.5)):
        for i in range(400):
            e = _evidence(rng, i)
            for item in (e, about_teller(e)):
                if item is None:
                    continue
                initial = rng.randrange(0, 101)
                imp = item.importance if item.importance is not None else rng.choice(
                    [None, 2])
                f = fr.fresh(item, initial, 1000 + i, rng.choice(["state", "event"]), 7,
                             50 + i, imp, policy, params)
                b = fr.materialize(f, policy, params)
                want = row_from_state(b, params, 0)
                assert fr.row(f, params) == want, item
                assert _inserted(fr.INSERT_FRESH, fr.insert_params(f, params)) == \
                    _inserted(INSERT_BELIEF, want)


def test_a_store_that_takes_the_shortcut_writes_what_one_that_never_does_writes():
    rng = random.Random(3)
    evs = [_evidence(rng, i) for i in range(300)]
    for e in evs[:40]:
        evs.append(e.model_copy(update={"resident": "bo" if e.resident == "ada" else "ada",
                                        "at": e.at + 1}))
    fast, slow = MemoryStore(":memory:"), MemoryStore(":memory:")
    for store, shortcut in ((fast, True), (slow, False)):
        for i in range(0, len(evs), 37):
            from memory import writer

            batch = writer.Batch(store)
            batch.fast = shortcut
            with store.db.atomic():
                store.trust_book.batch()
                batch.run(evs[i:i + 37])
                store.trust_book.flush()
    for table in ("evidence", "beliefs", "belief_versions", "claims", "trust_changes"):
        q = f"SELECT * FROM {table} ORDER BY rowid"
        assert fast.db.execute(q).fetchall() == slow.db.execute(q).fetchall(), table
    for r in ("ada", "bo"):
        assert fast.top_beliefs(r) == slow.top_beliefs(r)
        assert fast._index.pending == slow._index.pending
