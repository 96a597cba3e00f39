"""Discovering an edit: the resident finds out a memory was not their own.

An edit that put a value in (`memory.edits`) is discovered when evidence perceived after it
contradicts that value strongly enough: one piece of first-hand-ranked evidence (the resident's
own eyes, or the person concerned speaking of themselves), one document, or testimony ("I saw
it") from `TESTIMONY_TO_DISCOVER` independent origins. A rumour never discovers anything, and
neither does another implant. Ordinary revision has already run by then (§5: anything outranks
an implanted value); discovery is what the resident makes of it besides:

- the discovery is recorded (append-only `edit_discoveries`) with a version on the belief;
- the resident doubts every other memory the same hand edited (the edit's `by`) that still
  holds what was put in: confidence down by the anomaly step (§5: −30, floor 10 by default —
  the store's `anomaly_step` and `doubt_floor`), `doubtful`.

The check runs inside `perceive_many`'s transaction, and only for beliefs with a live edit,
so a store without edits pays one set lookup per batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import edits
from .evidence import Evidence
from .kinds import DOCUMENT_RANK, FIRSTHAND_RANK, TESTIMONY_RANK, State

if TYPE_CHECKING:
    from .store import MemoryStore

TESTIMONY_TO_DISCOVER = 2  # independent "I saw it" accounts that together give an edit away


def check(store: MemoryStore, evs: Sequence[Evidence]) -> list[edits.Edit]:
    """Record the discoveries this batch of evidence made; returns the edits discovered."""
    keys = store.edit_keys()
    if not keys:
        return []
    hit = set()
    for e in evs:
        c = store._claim_id(e.subject, e.attribute)
        if c is not None and (e.resident, c) in keys:
            hit.add((e.resident, e.subject, e.attribute))
    found = []
    for resident, subject, attribute in sorted(hit):
        for ed in edits.listing(store, resident, subject, attribute):
            if ed.puts_value and ed.live and ed.discovered_at is None:
                row = _contradiction(store, ed)
                if row is not None:
                    _discover(store, ed, *row)
                    found.append(ed)
    if found:
        store._edit_keys = None
    return found


def _contradiction(store: MemoryStore, ed: edits.Edit) -> tuple[int, int, str, str] | None:
    """(evidence id, at, how, value) of the evidence that gives the edit away, or None."""
    claim = store._claim_id(ed.subject, ed.attribute)
    rows = store.db.execute(
        "SELECT e.id, e.at, e.rank, e.origin_key, e.value FROM evidence e WHERE "
        "e.resident = ? AND e.claim_id = ? AND e.id > ? AND e.value != ? AND e.kind != "
        "'implanted' AND e.rank >= ? ORDER BY e.id", (ed.resident, claim, ed.since_evidence,
                                                       ed.value, TESTIMONY_RANK)).fetchall()
    origins: set[str] = set()
    for eid, at, rank, origin, value in rows:
        if rank >= FIRSTHAND_RANK:
            return eid, at, "first-hand", value
        if rank == DOCUMENT_RANK:
            return eid, at, "document", value
        origins.add(origin)
        if len(origins) >= TESTIMONY_TO_DISCOVER:
            return eid, at, "testimony", value
    return None


def _discover(store: MemoryStore, ed: edits.Edit, evidence_id: int, at: int, how: str,
              value: str) -> None:
    conn = store.db.conn
    conn.execute("INSERT INTO edit_discoveries (edit_id, resident, at, evidence_id, how) "
                 "VALUES (?, ?, ?, ?, ?)", (ed.id, ed.resident, at, evidence_id, how))
    b = edits.load(store, ed.resident, ed.subject, ed.attribute)
    assert b is not None
    edits.write(store, b, "discovered", at, f"realised the memory of {ed.value} was not their "
                f"own (edit {ed.id}): {how} evidence says {value}", evidence_id)
    # Whoever did this may have done more: doubt what else the same hand put in.
    p = store.params
    for other in edits.listing(store, ed.resident):
        if other.id == ed.id or other.by != ed.by or other.kind not in ("implant", "distort") \
                or not other.live or other.discovered_at is not None:
            continue
        ob = edits.load(store, other.resident, other.subject, other.attribute)
        if ob is None or ob.value != other.after.value or ob.state == State.PAST.value:
            continue
        ob.confidence = ob.held().conf = max(min(ob.confidence, p.doubt_floor),
                                             ob.confidence - p.anomaly_step)
        if ob.state != State.ANOMALOUS.value:
            ob.state = State.DOUBTFUL.value
        edits.write(store, ob, "doubt", at, f"doubted: edit {other.id} came from the same "
                    f"hand ({other.by}) as a memory found not to be their own (edit {ed.id})")
