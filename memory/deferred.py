"""Writes held back: re-evocations, memory events and the recall record.

A tick recalls hundreds of times, and each recall re-evokes what came to mind (§7: Δt
restarts). Written one recall at a time that was a savepoint, an UPDATE and an INSERT each;
held here they go out together, in one `executemany` each, when the tick ends
(`MemoryStore.deferred`) — or earlier, just before anything reads what they change through
SQL. Readers on the hot path (a single belief, recall's own scoring) read through the held
re-evocations instead (`evoked_at`, `patch`), so a tick sees its own re-evocations at once.

In a store no other program can read (an in-memory database: a game's), re-evocations stay
held past the tick's end, until something needs them on the rows: a reader through SQL or a
save (`MemoryStore.flush`), or the hourly passes — which write just the ones whose rows they
are about to judge (`due`): a memory its row says is slipping out of mind, or one a cue or an
association brought back from dormancy (`revived`). A memory re-evoked every hour for days is
then written when it matters, not every tick: re-evocations were most of the rows a late tick
rewrote, and each row rewritten costs its tick's commit. Each block (a tick) keeps an undo log
of the re-evocations it held, so a failed tick gives back only its own.

Holding changes nothing that can be seen: a re-evocation sets `last_evoked_at` to `now` if it
was not later already, and the belief active — several held for one memory come to their
largest `now`, as the same statements run one by one would; memory events keep the order they
happened in.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .bulk import Many

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
_EVENTS = Many(EVENT)  # many rows a statement (memory.bulk)

_NONE = object()  # no re-evocation was held for the memory before this block


class HeldWrites:
    """Re-evocations and memory events not yet written."""

    __slots__ = ("evoked", "events", "revived", "_undo")

    def __init__(self) -> None:
        self.evoked: dict[int, int] = {}  # belief id -> the latest `now` it was re-evoked at
        self.events: list[tuple] = []  # memory_events rows, in the order they happened
        # Held ones brought back from dormancy (by a cue or an association): their rows may
        # say dormant, and the passes must find them active.
        self.revived: set[int] = set()
        # This block's changes, to give back if it fails: belief id -> (held `now` before,
        # revived before); None outside a block.
        self._undo: dict[int, tuple[object, bool]] | None = None

    def __bool__(self) -> bool:
        return bool(self.evoked or self.events)

    def begin(self) -> None:
        """A block (a tick) starts: what it holds can be given back (`rollback`)."""
        self._undo = {}

    def commit(self) -> None:
        """The block stands: what it held is held like the rest."""
        self._undo = None

    def rollback(self) -> None:
        """The block failed: forget its events and give back its re-evocations (those held
        before it stay held)."""
        self.events = []
        undo, self._undo = self._undo, None
        if undo is None:
            self.evoked, self.revived = {}, set()
            return
        for bid, (t, revived) in undo.items():
            if t is _NONE:
                self.evoked.pop(bid, None)
            else:
                self.evoked[bid] = t  # type: ignore[assignment]
            if revived:
                self.revived.add(bid)
            else:
                self.revived.discard(bid)

    def _note(self, bid: int) -> None:
        undo = self._undo
        if undo is not None and bid not in undo:
            undo[bid] = (self.evoked.get(bid, _NONE), bid in self.revived)

    def evoke(self, ids: Iterable[int], now: int, revived: Iterable[int] = ()) -> None:
        ev = self.evoked
        undo = self._undo
        rev = self.revived
        for bid in ids:
            t = ev.get(bid)
            if t is None or now > t:
                if undo is not None and bid not in undo:
                    undo[bid] = (_NONE if t is None else t, bid in rev)
                ev[bid] = now
        for bid in revived:
            if bid not in rev:
                self._note(bid)
                rev.add(bid)

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
        if bid in self.evoked:
            self._note(bid)
            del self.evoked[bid]
            self.revived.discard(bid)

    def write(self, conn, params: MemoryParams) -> None:
        """Write everything held."""
        self.write_evoked(conn, params, None)
        self.write_events(conn)

    def write_evoked(self, conn, params: MemoryParams, ids: Iterable[int] | None) -> int:
        """Write the held re-evocations of `ids` (every one if None); they are held no more.
        Returns how many were written."""
        ev = self.evoked
        if ids is None:
            got = sorted(ev.items())
        else:
            got = sorted((bid, ev[bid]) for bid in set(ids) if bid in ev)
        if not got:
            return 0
        da, ua = params.dormant_after, params.unrecallable_after
        conn.executemany(EVOKE, [(t, t, da, t, ua, bid, t) for bid, t in got])
        undo = self._undo
        rev = self.revived
        for bid, t in got:
            if undo is not None and bid not in undo:
                undo[bid] = (t, bid in rev)
            del ev[bid]
            rev.discard(bid)
        return len(got)

    def write_events(self, conn) -> None:
        if self.events:
            _EVENTS(conn, self.events)
            self.events = []

    def discard(self) -> None:
        self.evoked, self.events, self.revived, self._undo = {}, [], set(), None
