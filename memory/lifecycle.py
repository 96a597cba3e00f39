"""Memories whose life runs by the clock alone: their rows are left as written (§7).

Most of what a town remembers is who stood where — sightings, cue-recalled and of no importance
— and a resident who takes one in never touches it again unless a question names that hour.
Every such memory would still cross into dormancy after three half-lives, be judged again at one
base half-life (and kept: nothing happened to it since) and become unrecallable after five:
three rewrites of its row and three memory events apiece, nine in ten of a long town's
transitions, and the reason a day late in a run cost twice an early one.

Such a memory is *lazy*: its row is written once and not rewritten by the hourly passes. The
passes still write every memory event it would have made, at the same minute and in the same
order (they find lazy memories crossing a threshold by one index on when they were made: all
lazy memories share one half-life), so `memory_events` is what it always was; only the row's
recorded `access` and `looked_back` are left as written. Those two columns are read by nothing
but the passes themselves until something touches the memory — new evidence about its claim, a
cue naming it, a use, an edit, misremembering, its attribute redefined. Then it is *caught up*
first: both columns are set to what the passes would have left (`recorded`), and it is a memory
like any other from then on. So no reader can tell a lazy memory from an eager one.

A memory may be written lazy only if nothing about it can differ from the eager passes: founded
by one piece of first-hand or witnessed evidence nothing else touched, of a cue-recalled claim,
importance 0 (a look-back can then only keep it: judged importance 0 + "someone close used it"
is at most 1, the floor anyway), no world-fact version, not the player's doing — and not already
due at the last pass (which a memory perceived late, about a minute long past, can be). The
store keeps the latest minute of each pass (`memory_meta`), so a reopened store goes on alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import access as acc
from . import unwritten
from .fresh import half_life_of

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .belief import BeliefState
    from .params import MemoryParams

ACCESS_PASS = "access_pass_at"  # memory_meta: the latest minute `refresh_access` ran to
LOOKBACK_PASS = "lookback_pass_at"  # memory_meta: the latest minute `look_back` ran to
LAZY_KINDS = frozenset({"firsthand", "witnessed"})
# How memories of a claim come to mind (an attribute's `recall`, §7): freely, by relevance, or
# only by a cue naming the claim — as who stood where does; only those may wait unwritten.
FREE_RECALL, CUE_RECALL = "free", "cue"


class Clock:
    """The latest minute each hourly pass has run to (None: never), and the one half-life
    every lazy memory has, with its thresholds."""

    __slots__ = ("access_at", "lookback_at", "h0", "dormant", "gone", "enabled", "stale")

    def __init__(self, params: MemoryParams, access_at: int | None,
                 lookback_at: int | None) -> None:
        self.enabled = True  # off, every memory is written eager (a test compares the two)
        # The minutes may no longer be what memory_meta says (a rolled-back tick or batch,
        # another connection's commit): read them again before they are next used.
        self.stale = False
        self.access_at = access_at
        self.lookback_at = lookback_at
        self.h0 = params.half_life_minutes
        _, self.dormant, self.gone = half_life_of(0, params)

    def can_wait(self, at: int) -> bool:
        """May a memory made at minute `at` be written lazy: not due at either pass yet?"""
        if not self.enabled:
            return False
        if self.access_at is not None and at + self.dormant < self.access_at:
            return False
        return self.lookback_at is None or at + self.h0 > self.lookback_at

    def recorded(self, dormant_at: int, gone_at: int, created_at: int) -> tuple[str, bool]:
        """(access, looked_back) the passes so far would have recorded on the row."""
        a = self.access_at
        if a is None or dormant_at >= a:
            access = acc.ACTIVE
        else:
            access = acc.DORMANT if gone_at >= a else acc.UNRECALLABLE
        looked = self.lookback_at is not None and created_at <= self.lookback_at - self.h0
        return access, looked


def lazy_eligible(clock: Clock, recall: str | None, importance: int | None, kind: str,
                  by_player: bool, at: int) -> bool:
    """Whether a belief founded now by one piece of evidence may be written lazy."""
    return (recall == CUE_RECALL and importance == 0 and kind in LAZY_KINDS and not by_player
            and clock.can_wait(at))


CATCH_UP = (
    "UPDATE belief_rows SET access = ?, looked_back = ?, lazy = 0 WHERE id = ? AND lazy = 1"
)


def catch_up(store, states: Iterable[BeliefState]) -> None:
    """Lazy memories about to be touched: record on their rows (and on these working
    states) what the passes so far would have, and treat them like any other from now on."""
    clock: Clock = store._clock
    rows = []
    for b in states:
        if not b.lazy:
            continue
        # Untouched since it was made: last evoked then, at the one lazy half-life.
        b.access, b.looked_back = clock.recorded(b.last_evoked_at + clock.dormant,
                                                 b.last_evoked_at + clock.gone, b.created_at)
        b.lazy = False
        rows.append((b.access, int(b.looked_back), b.id))
    if rows:
        # Those only their evidence stood for get their rows first (memory.unwritten).
        unwritten.write_rows(store.db.conn, [r[2] for r in rows])
        store.db.conn.executemany(CATCH_UP, rows)


def catch_up_ids(store, ids: Iterable[int]) -> None:
    """`catch_up` for memories known only by id (a cue is about to evoke them)."""
    ids = sorted(set(ids))
    clock: Clock = store._clock
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        marks = ", ".join("?" for _ in chunk)
        rows = []
        for bid, dormant_at, gone_at, created_at in store.db.execute(
                f"SELECT id, dormant_at, gone_at, created_at FROM belief_rows WHERE lazy = 1 "
                f"AND id IN ({marks}) UNION ALL SELECT id, dormant_at, gone_at, created_at "
                f"FROM unwritten_beliefs WHERE id IN ({marks})", chunk + chunk).fetchall():
            access, looked = clock.recorded(dormant_at, gone_at, created_at)
            rows.append((access, int(looked), bid))
            b = store._cache.by_id.get(bid)  # a working belief follows its row (memory.cache)
            if b is not None:
                b.access, b.looked_back, b.lazy = access, looked, False
        if rows:
            unwritten.write_rows(store.db.conn, [r[2] for r in rows])
            store.db.conn.executemany(CATCH_UP, rows)


def catch_up_claims(store, where: str, params: tuple) -> None:
    """`catch_up` for every lazy memory of the claims `where` (on `claims c`) names: their
    attribute is being redefined, so they may no longer be what a lazy memory must be."""
    ids = [r[0] for r in store.db.execute(
        f"SELECT b.id FROM claims c JOIN belief_rows b ON b.claim_id = c.id WHERE b.lazy = 1 "
        f"AND {where} UNION ALL SELECT e.founds FROM claims c JOIN evidence e ON e.claim_id = "
        f"c.id WHERE e.founds IS NOT NULL AND {where}", params + params)]
    catch_up_ids(store, ids)


def catch_up_every(db, clock: Clock) -> int:
    """Every lazy memory caught up, set-wise, to what the passes so far (`clock`: the numbers
    it was written with) would have recorded: before the store takes other numbers, under
    which it would no longer share the lazy memories' half-life."""
    a, lb = clock.access_at, clock.lookback_at
    # Those only their evidence stands for read by the numbers they were written under: their
    # rows first, as those numbers make them (memory.unwritten).
    unwritten.write_all(db)
    return db.execute(  # the Database's: committed at once outside a transaction, as meta is
        "UPDATE belief_rows SET access = CASE WHEN :a IS NULL OR dormant_at >= :a THEN 'active' "
        "WHEN gone_at >= :a THEN 'dormant' ELSE 'unrecallable' END, looked_back = "
        "(:lb IS NOT NULL AND created_at <= :lb - :h0), lazy = 0 WHERE lazy = 1",
        {"a": a, "lb": lb, "h0": clock.h0}).rowcount
