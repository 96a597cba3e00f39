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
pass that writes events for lazy memories writes none for these: their events are the view
`unwritten_events` (what the passes would have written for them, by the minutes the passes
have run to, and each look-back's minute, `lookback_passes`), until their rows are written,
and their events with them.
"""

from __future__ import annotations

from collections.abc import Iterable

from .codec import BELIEF_COLUMNS
from .fresh import half_life_of
from .params import MemoryParams

_COLUMNS = ", ".join(BELIEF_COLUMNS)
# The events (memory_events' columns) of unwritten memories whose founding evidence ids are
# given, as the view has them: written when their rows are.
_EVENTS_OF = (
    "INSERT INTO memory_event_rows (at, resident, belief_id, kind, detail) SELECT at, "
    "resident, belief_id, kind, detail FROM unwritten_events WHERE belief_id IN ({marks}) "
    "ORDER BY at, belief_id, kind"
)


def _numbers(params: MemoryParams) -> tuple[float, int, int, float]:
    h, dormant, gone = half_life_of(0, params)
    return h, dormant, gone, float(params.half_life_minutes)


def set_clock(db, params: MemoryParams) -> bool:
    """`lazy_clock` as `params` make it (one row); True if it had to change. The caller has
    written every unwritten memory first if the numbers were different (`write_all`)."""
    want = _numbers(params)
    row = db.execute("SELECT half_life, dormant, gone, h0 FROM lazy_clock WHERE id = 1"
                     ).fetchone()
    if row is not None and tuple(row) == want:
        return False
    db.execute("INSERT INTO lazy_clock (id, half_life, dormant, gone, h0) VALUES (1, ?, ?, ?, "
               "?) ON CONFLICT (id) DO UPDATE SET half_life = excluded.half_life, dormant = "
               "excluded.dormant, gone = excluded.gone, h0 = excluded.h0", want)
    return True


def clock_differs(db, params: MemoryParams) -> bool:
    """Would `set_clock(params)` change what the unwritten memories read as?"""
    row = db.execute("SELECT half_life, dormant, gone, h0 FROM lazy_clock WHERE id = 1"
                     ).fetchone()
    return row is not None and tuple(row) != _numbers(params)


def write_rows(conn, ids: Iterable[int]) -> int:
    """Write the rows of those of `ids` that only their evidence stands for, as the view has
    them (still lazy); the evidence no longer stands for them. Returns how many."""
    ids = sorted(set(ids))
    n = 0
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        marks = ", ".join("?" for _ in chunk)
        got = conn.execute(f"INSERT INTO belief_rows ({_COLUMNS}) SELECT {_COLUMNS} FROM "
                           f"unwritten_beliefs WHERE id IN ({marks})", chunk).rowcount
        if got:
            conn.execute(_EVENTS_OF.format(marks=marks), chunk)
            conn.execute(f"UPDATE evidence SET founds = NULL WHERE founds IN ({marks})", chunk)
            n += got
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
        db.execute("INSERT INTO memory_event_rows (at, resident, belief_id, kind, detail) "
                   "SELECT at, resident, belief_id, kind, detail FROM unwritten_events ORDER BY "
                   "at, belief_id, kind")
        db.execute("UPDATE evidence SET founds = NULL WHERE founds IS NOT NULL")
    return n


def next_id(conn) -> int:
    """The next belief id: after every row written and every memory only evidence holds."""
    a = conn.execute("SELECT max(id) FROM belief_rows").fetchone()[0] or 0
    b = conn.execute("SELECT max(founds) FROM evidence WHERE founds IS NOT NULL").fetchone()[0]
    return max(a, b or 0) + 1


def event_counts(db, since: int | None = None) -> dict[str, int]:
    """How many of each memory event the unwritten memories have had (at or after `since`):
    each of them read (a report's question, not a tick's: no index on the minute is kept
    for it, which every sighting would pay for)."""
    row = db.execute(
        "SELECT l.dormant, l.gone, l.h0, (SELECT CAST(value AS INTEGER) FROM memory_meta WHERE "
        "key = 'access_pass_at'), (SELECT CAST(value AS INTEGER) FROM memory_meta WHERE key = "
        "'lookback_pass_at') FROM lazy_clock l").fetchone()
    if row is None:
        return {}
    dormant, gone, h0, access_at, lookback_at = row
    one = db.execute
    out = {}
    low = -(2 ** 62) if since is None else since
    for kind, offset in (("dormant", dormant), ("unrecallable", gone)):
        if access_at is None:
            continue
        # at = made + offset, recorded once the pass ran past it; `since` bounds at too.
        n = one("SELECT count(*) FROM evidence WHERE founds IS NOT NULL AND at < ? AND at >= ?",
                (access_at - offset, low - offset)).fetchone()[0]
        if n:
            out[kind] = n
    if lookback_at is not None:
        if since is None:
            n = one("SELECT count(*) FROM evidence WHERE founds IS NOT NULL AND at <= ?",
                    (lookback_at - h0,)).fetchone()[0]
        else:  # judged at the first look-back a base half-life after it was made
            n = one("SELECT count(*) FROM unwritten_events WHERE kind = 'lookback' AND at >= ?",
                    (since,)).fetchone()[0]
        if n:
            out["lookback"] = n
    return out


def first_dormancy(db) -> tuple[int, int, str, str] | None:
    """(at, belief id, detail, resident) of the earliest entry into dormancy an unwritten
    memory has had, or None."""
    return db.execute(
        "SELECT e.at + l.dormant, e.founds, e.at || ' ' || l.half_life, e.resident FROM "
        "evidence e CROSS JOIN lazy_clock l WHERE e.founds IS NOT NULL AND e.at + l.dormant < "
        "(SELECT CAST(value AS INTEGER) FROM memory_meta WHERE key = 'access_pass_at') ORDER "
        "BY e.at, e.founds LIMIT 1").fetchone()
