"""Writes held back to the end of a tick: re-evocations, memory events and the recall record.

A tick recalls hundreds of times, and each recall re-evokes what came to mind (§7: Δt
restarts). Written one recall at a time that was a savepoint, an UPDATE and an INSERT each;
held here they go out together, in one `executemany` each, when the tick ends
(`MemoryStore.deferred`) — or earlier, just before anything reads what they change through
SQL. Readers on the hot path (a single belief, recall's own scoring) read through the held
re-evocations instead (`evoked_at`, `patch`), so a tick sees its own re-evocations at once.

Holding changes nothing that can be seen: a re-evocation sets `last_evoked_at` to `now` if it
was not later already, and the belief active — several held for one memory come to their
largest `now`, as the same statements run one by one would; memory events keep the order they
happened in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .belief import BeliefState
    from .params import MemoryParams

EVOKE = (
    "UPDATE belief_rows SET last_evoked_at = ?, access = 'active', "
    "dormant_at = ? + CAST(? * half_life AS INTEGER), "
    "gone_at = ? + CAST(? * half_life AS INTEGER) WHERE id = ? AND last_evoked_at <= ?"
)
EVENT = ("INSERT INTO memory_event_rows (at, resident, belief_id, kind, detail) VALUES "
         "(?, ?, ?, ?, ?)")
RECALL_WORDS = "INSERT OR REPLACE INTO recall_words (belief_id, words) VALUES (?, ?)"


class HeldWrites:
    """Re-evocations and memory events not yet written."""

    __slots__ = ("evoked", "events")

    def __init__(self) -> None:
        self.evoked: dict[int, int] = {}  # belief id -> the latest `now` it was re-evoked at
        self.events: list[tuple] = []  # memory_events rows, in the order they happened

    def __bool__(self) -> bool:
        return bool(self.evoked or self.events)

    def evoke(self, ids: list[int], now: int) -> None:
        ev = self.evoked
        for bid in ids:
            t = ev.get(bid)
            if t is None or now > t:
                ev[bid] = now

    def evoked_at(self, bid: int, last_evoked_at: int) -> int:
        """When the memory was last evoked, counting held re-evocations."""
        t = self.evoked.get(bid)
        return t if t is not None and last_evoked_at <= t else last_evoked_at

    def patch(self, b: BeliefState) -> BeliefState:
        """The belief as read from its row, with held re-evocations applied."""
        t = self.evoked.get(b.id)  # type: ignore[arg-type]
        if t is not None and b.last_evoked_at <= t:
            b.last_evoked_at = t
            b.access = "active"
        return b

    def carried(self, b: BeliefState) -> bool:
        """Does `b`, as its row was just written whole, already say what its held
        re-evocation would (or is it later, so the re-evocation would change nothing)?"""
        t = self.evoked.get(b.id)  # type: ignore[arg-type]
        return t is not None and (b.last_evoked_at > t or (b.last_evoked_at == t and
                                                           b.access == "active"))

    def forget(self, bid: int) -> None:
        """The belief's row was just written whole, held re-evocation included."""
        self.evoked.pop(bid, None)

    def write(self, conn, params: MemoryParams) -> None:
        if self.evoked:
            da, ua = params.dormant_after, params.unrecallable_after
            conn.executemany(EVOKE, [(t, t, da, t, ua, bid, t)
                                     for bid, t in sorted(self.evoked.items())])
            self.evoked = {}
        if self.events:
            conn.executemany(EVENT, self.events)
            self.events = []

    def discard(self) -> None:
        self.evoked, self.events = {}, []
