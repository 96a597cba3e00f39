"""Recall's term index in memory gives SQLite FTS5's bm25, to the last bit (issue 13).

The index replaced an FTS5 table (`fts5(terms, detail = column)`, each resident's words
prefixed with its own code) queried with `bm25(...)` ordered by rank, at most 200 rows. Here
both are fed the same documents — inserts and replacements over many residents, repeated
words, empty documents — and must return the same (score, row) lists, ties included.
"""

import random

import pytest

from memory.driver import sqlite3
from memory.recall_index import LIMIT, RecallIndex

VOCAB = ["key", "cafe", "ada", "bo", "cy", "table", "shelf", "moved", "by", "location",
         "believes", "d1", "0800", "at", "fen", "drawer"]


def _fts() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE recall_terms USING fts5(terms, detail = column)")
    return conn


@pytest.mark.parametrize("seed", range(4))
def test_the_index_scores_and_orders_as_fts5_did(seed):
    rng = random.Random(seed)
    conn, index = _fts(), RecallIndex()
    residents = [f"r{i}" for i in range(12)]
    code = {r: f"u{i + 1}x" for i, r in enumerate(residents)}
    owner = {}
    for step in range(2500):
        bid = rng.randrange(1, 1500) if step > 1000 and rng.random() < 0.3 else step + 1
        r = owner.setdefault(bid, rng.choice(residents))
        ws = [rng.choice(VOCAB) for _ in range(rng.randrange(0, 8))]
        conn.execute("INSERT OR REPLACE INTO recall_terms (rowid, terms) VALUES (?, ?)",
                     (bid, " ".join(code[r] + w for w in ws)))
        index.put(r, bid, ws)
        if step % 97 == 0:
            for _ in range(5):
                who = rng.choice(residents)
                terms = sorted(set(rng.sample(VOCAB, rng.randrange(1, 4))))
                query = " OR ".join(f'"{code[who]}{t}"' for t in terms)
                want = [(rank, rowid) for rowid, rank in conn.execute(
                    "SELECT rowid, bm25(recall_terms) AS rank FROM recall_terms WHERE "
                    "recall_terms MATCH ? ORDER BY rank LIMIT ?", (query, LIMIT))]
                assert index.search(who, terms) == want


def test_a_reloaded_index_is_the_same_index():
    rng = random.Random(9)
    index = RecallIndex()
    for bid in range(1, 400):
        index.put(f"r{bid % 7}", bid, [rng.choice(VOCAB) for _ in range(rng.randrange(1, 6))])
    index.put("r3", 5, ["key", "key", "cafe"])  # a replacement
    for bid in range(400, 460):  # memories of what others believe: counted, never matched
        index.put(f"r{bid % 7}", bid, [rng.choice(VOCAB) for _ in range(3)], about=True)
    docs = [(bid, r, " ".join(ws), bid in index.about)
            for bid, (r, ws) in sorted(index.docs.items())]
    again = RecallIndex()
    again.load(docs, [(1000, "r1")])
    assert (again.rows, again.tokens) == (index.rows, index.tokens)
    for r in (f"r{i}" for i in range(7)):
        assert again.search(r, ["key", "cafe", "ada"]) == index.search(r, ["key", "cafe", "ada"])
    assert again.is_pending("r1", 1000) and not again.is_pending("r1", 1)


def test_memories_of_a_claim_made_freely_recalled_are_indexed_from_then_on():
    """A claim recalled only by a cue is kept out of the index; made freely recalled, what was
    written since its resident last recalled is indexed at the next recall (by its words as
    they are then), as are all memories written after — what came before stays out, as it
    always did."""
    from memory import MemoryStore, Observed, SourceKind

    store = MemoryStore()
    store.define_attribute("at_*", nature="event", importance=0, recall="cue")

    def see(person, hour):
        store.perceive_many([Observed("ada", person, f"at_d1_{hour:02d}00", "cafe",
                                      SourceKind.WITNESSED, hour * 60, f"p{hour}")])

    see("bo", 8)
    assert store.recall("ada", "bo cafe", 9 * 60) == []
    see("cy", 9)
    assert store._index.is_pending("ada", 2) and not store._index.is_pending("ada", 1)
    store.define_attribute("at_*", nature="event", importance=0, recall="free")
    see("dee", 10)
    got = {r.claim[0] for r in store.recall("ada", "cafe", 11 * 60, views=False)}
    assert got == {"cy", "dee"}


def test_a_reopened_store_recalls_as_one_kept_open(tmp_path):
    """A memory indexed, then edited (its value changed without being reworded for recall: the
    index keeps the words it was indexed by), recalls alike whether the store was closed and
    opened again between — as a save continued with --load goes on as the game would have."""
    from mem_helpers import seen

    from memory import MemoryStore

    def run(reopen: bool):
        path = tmp_path / f"m{int(reopen)}.db"
        store = MemoryStore(path)
        store.perceive(seen("cy", "key", "taken_by", "dee", event="e1"))
        store.recall("cy", "key", 10)  # indexed: "key taken by dee"
        if reopen:
            store.close()
            store = MemoryStore(path)
        store.implant("cy", "key", "taken_by", "cafe", by="author", at=20)
        return [(r.claim, r.how) for r in store.recall("cy", "cafe", 30)]

    assert run(True) == run(False)



@pytest.mark.parametrize("seed", range(3))
def test_memories_of_what_others_believe_count_but_are_never_matched(seed):
    """Indexed with `about`, a memory counts in bm25's figures as a row of the FTS5 table did
    (N, tokens, how many of its resident's memories hold a word) but is never returned: the
    scores and order are FTS5's with those rows filtered out of the results — through
    replacements, and a memory dropped and indexed again."""
    rng = random.Random(100 + seed)
    conn, index = _fts(), RecallIndex()
    residents = [f"r{i}" for i in range(6)]
    code = {r: f"u{i + 1}x" for i, r in enumerate(residents)}
    owner: dict[int, str] = {}
    about = {bid for bid in range(1, 900) if bid % 3 == 0}  # fixed per memory, as per claim
    for step in range(1200):
        bid = rng.randrange(1, 900)
        r = owner.setdefault(bid, rng.choice(residents))
        ws = [rng.choice(VOCAB) for _ in range(rng.randrange(1, 7))]
        conn.execute("INSERT OR REPLACE INTO recall_terms (rowid, terms) VALUES (?, ?)",
                     (bid, " ".join(code[r] + w for w in ws)))
        index.put(r, bid, ws, about=bid in about)
        if step % 50 == 0:
            gone = rng.choice(sorted(index.docs))
            index.drop(gone)
            conn.execute("DELETE FROM recall_terms WHERE rowid = ?", (gone,))
        if step % 23 == 0:
            who = rng.choice(residents)
            terms = sorted(set(rng.sample(VOCAB, rng.randrange(1, 4))))
            query = " OR ".join(f'"{code[who]}{t}"' for t in terms)
            want = [(rank, rowid) for rowid, rank in conn.execute(
                "SELECT rowid, bm25(recall_terms) AS rank FROM recall_terms WHERE "
                "recall_terms MATCH ? ORDER BY rank", (query,)) if rowid not in about][:LIMIT]
            got = index.search(who, terms)
            assert got == want
            assert not about & {bid for _, bid in got}
    assert about & set(index.docs)  # some were indexed, and counted
