"""The working beliefs: every belief the store has read or written, kept as its revision state.

A tick revises, reads and evokes the same beliefs again and again — a resident re-hears what it
already holds (by a town's tenth day most evidence lands on a belief it has), a speaker's
chosen belief is loaded in full, "who told you?" asks how vivid a telling still is. Read from
its row each time, a belief cost a query and a JSON decode of its candidates; here it is read
once and kept as the `BeliefState` the rules revise, so a batch revises the kept state in place
and writes it back, and the store's readers answer from it.

SQLite stays the record: every change is written as before (a batch's rows at its end, the
passes set-wise), and this cache follows the record — a kept state is always what its row says,
with the re-evocations held to the end of the tick (memory.deferred) already applied. What
changes a row outside a batch tells it: `put` a state just written (a use, an edit,
misremembering), `patch` what a set-wise pass changed (from its RETURNING rows), `evoked` for a
re-evocation. A pass that changes rows it cannot name, a failed batch or tick, or a redefined
attribute `clear` it: the next read loads from the record again — as does a commit by another
connection to the same file (`follow`). Beliefs founded by one piece of
evidence and never touched again (most sightings) are not kept until something reads them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .belief import BeliefState


class BeliefCache:
    """Working beliefs by (resident, claim id) and by belief id."""

    __slots__ = ("by_key", "by_id", "_conn", "_version")

    def __init__(self, conn=None) -> None:
        self.by_key: dict[tuple[str, int], BeliefState] = {}
        self.by_id: dict[int, BeliefState] = {}
        # A file another connection may write to (an embedding game's second process): the
        # kept states are good only while the file's data_version stays as it was. (An
        # in-memory database has no other connection: nothing to check.)
        self._conn = conn
        self._version = None

    def follow(self) -> bool:
        """Before the kept states are read: if another connection changed the file since,
        they may be out of date — forget them (and say so: True)."""
        if self._conn is None:
            return False
        v = self._conn.execute("PRAGMA data_version").fetchone()[0]
        if v != self._version:
            self._version = v
            self.clear()
            return True
        return False

    def get(self, key: tuple[str, int]) -> BeliefState | None:
        return self.by_key.get(key)

    def put(self, b: BeliefState) -> None:
        """`b` is what its row now says (written, or read, just now)."""
        old = self.by_id.get(b.id)  # type: ignore[arg-type]
        if old is not None and old is not b:
            self.by_key.pop((old.resident, old.claim_id), None)  # type: ignore[arg-type]
        self.by_key[(b.resident, b.claim_id)] = b  # type: ignore[index]
        self.by_id[b.id] = b  # type: ignore[index]

    def clear(self) -> None:
        self.by_key.clear()
        self.by_id.clear()

    def evoked(self, ids: Iterable[int], now: int) -> None:
        """Re-evoked at `now` (held to the tick's end): what `HeldWrites.patch` would apply."""
        by_id = self.by_id
        for bid in ids:
            b = by_id.get(bid)
            if b is not None and b.last_evoked_at <= now:
                b.last_evoked_at = now
                b.access = "active"

    def patch(self, field: str, rows: Iterable[tuple]) -> None:
        """A set-wise pass set `field` on these rows: (belief id, value) each."""
        by_id = self.by_id
        for bid, value in rows:
            b = by_id.get(bid)
            if b is not None:
                setattr(b, field, value)

    def flag(self, field: str, ids: Iterable[int]) -> None:
        """A set-wise pass set a yes/no `field` (stale, recheck, looked_back) on these rows."""
        by_id = self.by_id
        for bid in ids:
            b = by_id.get(bid)
            if b is not None:
                setattr(b, field, True)
