"""Trust per listener, teller and topic (epistemics §10), cached in memory, written through.

Lookup falls back from the topic to the teller's general trust ("*") to the store default, so a
scenario can say "Ada trusts Bo" once and "but not about money" separately.
"""

from __future__ import annotations

from sqlite_utils import Database

from .params import DEFAULT, MemoryParams

ANY_TOPIC = "*"


_UPSERT = ("INSERT INTO trust (listener, teller, topic, value) VALUES (?, ?, ?, ?) "
           "ON CONFLICT (listener, teller, topic) DO UPDATE SET value = excluded.value")
_CHANGE = ("INSERT INTO trust_changes (listener, teller, topic, old, new, at, reason, "
           "evidence_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")


class TrustBook:
    def __init__(self, db: Database, default: float, params: MemoryParams = DEFAULT):
        self.db = db
        self.default = default
        self.params = params
        self._t: dict[tuple[str, str, str], float] = {}
        self._pending: dict | None = None
        self._changes: list[tuple] = []
        self.reload()

    def reload(self) -> None:
        self._t = {(r[0], r[1], r[2]): r[3] for r in
                   self.db.execute("SELECT listener, teller, topic, value FROM trust")}

    def get(self, listener: str, teller: str, topic: str | None = None) -> float:
        t = self._t
        if topic is not None:
            v = t.get((listener, teller, topic))
            if v is not None:
                return v
        v = t.get((listener, teller, ANY_TOPIC))
        return self.default if v is None else v

    def known(self, listener: str, teller: str, topic: str | None = None) -> float | None:
        """`get`, or None where nothing was said of it (no default)."""
        t = self._t
        if topic is not None:
            v = t.get((listener, teller, topic))
            if v is not None:
                return v
        return t.get((listener, teller, ANY_TOPIC))

    def set(self, listener: str, teller: str, value: float, topic: str = ANY_TOPIC, *,
            at: int = 0, reason: str = "set", evidence_id: int | None = None) -> float:
        if not 0.0 <= value <= 1.0:
            from .errors import InvalidEvidence

            raise InvalidEvidence("trust", f"trust is between 0 and 1, got {value}")
        old = self.get(listener, teller, topic)
        value = round(value, 4)
        row = (listener, teller, topic, value)
        change = (listener, teller, topic, old, value, at, reason, evidence_id)
        self._t[(listener, teller, topic)] = value
        if self._pending is not None:
            # Inside a perceive batch: written with the batch's other rows (see `flush`).
            self._pending[(listener, teller, topic)] = row
            self._changes.append(change)
        else:
            self.db.conn.execute(_UPSERT, row)
            self.db.conn.execute(_CHANGE, change)
        return value

    def batch(self) -> None:
        """Hold writes until `flush` (the cache answers reads meanwhile)."""
        self._pending, self._changes = {}, []

    def flush(self) -> None:
        pending, changes = self._pending or {}, self._changes
        self._pending, self._changes = None, []
        if pending:
            self.db.conn.executemany(_UPSERT, list(pending.values()))
        if changes:
            self.db.conn.executemany(_CHANGE, changes)

    def discard(self) -> None:
        """A batch failed: forget its held writes (the caller reloads the cache)."""
        self._pending, self._changes = None, []

    def judge(self, listener: str, teller: str, topic: str, confirmed: bool, *, at: int,
              evidence_id: int | None) -> float:
        """A first-hand check of what `teller` said: confirmed gains trust, refuted loses it."""
        old = self.get(listener, teller, topic)
        p = self.params
        new = min(1.0, old + p.trust_confirm) if confirmed else max(0.0, old - p.trust_refute)
        reason = "confirmed first-hand" if confirmed else "refuted first-hand"
        return self.set(listener, teller, new, topic, at=at, reason=reason,
                        evidence_id=evidence_id)
