"""Lazy memories held by their evidence row alone, until something touches them.

Most of what a town remembers is who stood where: a lazy memory (memory.lifecycle) founded by
one piece of first-hand or witnessed evidence that nothing ever touches again. Every field of
its `beliefs` row follows from that evidence row and the one half-life all lazy memories share
— so the row is not written. The evidence row names the belief it founded (`founds`, the id the
row would have had) and the view `unwritten_beliefs` gives the row it would have been, field for
field; `beliefs` is the view of both, the rows written (`belief_rows`) and these (migration
0012). The lazy memories' half-life and thresholds are `lazy_clock`'s one row, set from the
numbers in force whenever the store opens (`set_clock`).

Reading one is reading the view. Before anything *writes* one — new evidence about its claim,
a cue naming it, a use, an edit, misremembering, its attribute redefined (the moments
`lifecycle.catch_up` runs) — its row is written as the view has it (`write_rows`), still lazy,
and the evidence row no longer stands for it: from then on it is a row like any other. A
pass that writes events for lazy memories reads both kinds (`lazy_rows`).
"""

from __future__ import annotations

from collections.abc import Iterable

from .codec import BELIEF_COLUMNS
from .fresh import half_life_of
from .params import MemoryParams

_COLUMNS = ", ".join(BELIEF_COLUMNS)
def lazy_rows(lower: str = ">=", upper: str = "<") -> str:
    """Every lazy memory as (id, resident, created_at, dormant_at, gone_at, last_evoked_at,
    half_life) — the rows written lazy and those only their evidence stands for — made
    between `:lo` and `:hi` (created_at `lower` :lo and `upper` :hi), each part read from
    its index on the minute it was made."""
    return (
        "SELECT id, resident, created_at, dormant_at, gone_at, last_evoked_at, half_life FROM "
        f"belief_rows WHERE lazy = 1 AND created_at {lower} :lo AND created_at {upper} :hi "
        "UNION ALL SELECT e.founds, e.resident, e.at, e.at + l.dormant, e.at + l.gone, e.at, "
        "l.half_life FROM evidence e CROSS JOIN lazy_clock l WHERE e.founds IS NOT NULL AND "
        f"e.at {lower} :lo AND e.at {upper} :hi")


def set_clock(db, params: MemoryParams) -> bool:
    """`lazy_clock` as `params` make it (one row); True if it had to change. The caller has
    written every unwritten memory first if the numbers were different (`write_all`)."""
    h, dormant, gone = half_life_of(0, params)
    row = db.execute("SELECT half_life, dormant, gone FROM lazy_clock WHERE id = 1").fetchone()
    if row is not None and tuple(row) == (h, dormant, gone):
        return False
    db.execute("INSERT INTO lazy_clock (id, half_life, dormant, gone) VALUES (1, ?, ?, ?) ON "
               "CONFLICT (id) DO UPDATE SET half_life = excluded.half_life, dormant = "
               "excluded.dormant, gone = excluded.gone", (h, dormant, gone))
    return True


def clock_differs(db, params: MemoryParams) -> bool:
    """Would `set_clock(params)` change what the unwritten memories read as?"""
    row = db.execute("SELECT half_life, dormant, gone FROM lazy_clock WHERE id = 1").fetchone()
    return row is not None and tuple(row) != half_life_of(0, params)


def write_rows(conn, ids: Iterable[int]) -> int:
    """Write the rows of those of `ids` that only their evidence stands for, as the view has
    them (still lazy); the evidence no longer stands for them. Returns how many."""
    ids = sorted(set(ids))
    n = 0
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        marks = ", ".join("?" for _ in chunk)
        n += conn.execute(f"INSERT INTO belief_rows ({_COLUMNS}) SELECT {_COLUMNS} FROM "
                          f"unwritten_beliefs WHERE id IN ({marks})", chunk).rowcount
        if n:
            conn.execute(f"UPDATE evidence SET founds = NULL WHERE founds IN ({marks})", chunk)
    return n


def write_keys(conn, keys: Iterable[tuple[str, int]]) -> int:
    """`write_rows` for the memories of these (resident, claim id) keys, if unwritten."""
    keys = sorted(set(keys))
    ids: list[int] = []
    for i in range(0, len(keys), 200):
        chunk = keys[i:i + 200]
        values = ", ".join("(?, ?)" for _ in chunk)
        ids += [r[0] for r in conn.execute(
            f"WITH k(r, c) AS (VALUES {values}) SELECT e.founds FROM k CROSS JOIN evidence e "
            "ON e.resident = k.r AND e.claim_id = k.c WHERE e.founds IS NOT NULL",
            [x for k in chunk for x in k])]
    return write_rows(conn, ids) if ids else 0


def write_all(db) -> int:
    """Every unwritten memory's row written (before the numbers they read by change). `db`:
    the store's `Database`, whose statements commit at once outside a transaction."""
    n = db.execute(f"INSERT INTO belief_rows ({_COLUMNS}) SELECT {_COLUMNS} FROM "
                   "unwritten_beliefs").rowcount
    if n:
        db.execute("UPDATE evidence SET founds = NULL WHERE founds IS NOT NULL")
    return n


def next_id(conn) -> int:
    """The next belief id: after every row written and every memory only evidence holds."""
    a = conn.execute("SELECT max(id) FROM belief_rows").fetchone()[0] or 0
    b = conn.execute("SELECT max(founds) FROM evidence WHERE founds IS NOT NULL").fetchone()[0]
    return max(a, b or 0) + 1
