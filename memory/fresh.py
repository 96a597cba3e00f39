"""New beliefs written straight from their one piece of evidence: the batch's common case.

Most evidence a tick perceives founds a belief — who stood where, the first telling of a rumour,
what a teller says they believe — and nothing else in the batch touches it. Building a full
`BeliefState` for each (and encoding it back into a row) cost more than the rules themselves.
For such evidence the batch keeps a `Fresh` note instead, and the row is made here, field for
field what `row_from_state(new_belief(...))` makes (tests/memory/test_memory_fresh.py checks it
over every kind of evidence). If anything later in the batch needs the belief itself — a second
piece of evidence, a teller discredited — the note becomes a `BeliefState` then
(`materialize`), by `revision.new_belief` as always.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

from . import access as acc
from .belief import BeliefState
from .codec import dumps
from .params import MemoryParams
from .revision import entry_confidence, new_belief

_HEARSAY = "hearsay"


class Fresh(NamedTuple):
    """A belief founded in this batch by one piece of evidence, not yet a `BeliefState`."""

    e: object  # the evidence (an `Evidence`, or the batch's own record of a teller's word)
    initial: int
    eid: int
    nature: str
    cid: int
    bid: int
    importance: int | None
    conf: int  # its confidence: the evidence's initial confidence as the policy enters it


def fresh(e, initial: int, eid: int, nature: str, cid: int, bid: int, importance: int | None,
          policy: str, params: MemoryParams) -> Fresh:
    return Fresh(e, initial, eid, nature, cid, bid, importance,
                 entry_confidence(initial, policy, params))


def materialize(f: Fresh, policy: str, params: MemoryParams) -> BeliefState:
    """The `BeliefState` the batch would have made for it."""
    e = f.e
    b = new_belief(e, f.initial, f.eid, f.nature, policy, params)  # type: ignore[arg-type]
    b.importance = f.importance
    b.id = f.bid
    b.claim_id = f.cid
    b.evidence_count = 1
    if e.kind.value == _HEARSAY:  # type: ignore[attr-defined]
        b.unjudged = 1
    return b


# The row's constant columns are written into the statement, and a value that fills several
# columns is bound once (?9: the minute it was perceived), so a row binds 18 values, not 38.
INSERT_FRESH = (
    "INSERT INTO belief_rows (id, resident, claim_id, value, confidence, state, rank, kind, "
    "candidates, since, created_at, updated_at, last_evidence_at, last_intervention_at, "
    "quiet_since, aged, exposures, uses, sources, last_evoked_at, importance, stale, recheck, "
    "wants_look, unjudged, premises, teller, origin, half_life, access, dormant_at, gone_at, "
    "judged_importance, looked_back, misremembered, indexed, evidence_count, lazy) VALUES (?1, "
    "?2, ?3, ?4, ?5, 'influencing', ?6, ?7, ?8, ?9, ?9, ?9, ?9, ?10, ?9, 0, 0, 0, 1, ?9, ?11, "
    "0, 0, 0, ?12, NULL, ?13, ?14, ?15, 'active', ?9 + ?16, ?9 + ?17, NULL, 0, 0, 0, 1, ?18)"
)

_half_lives: dict[tuple, tuple[float, int, int]] = {}


def half_life_of(importance: int | None, params: MemoryParams) -> tuple[float, int, int]:
    """H of a belief with one source, and its dormant and unrecallable offsets (§7)."""
    key = (importance, params.half_life_minutes, params.importance_midpoint,
           params.dormant_after, params.unrecallable_after)
    got = _half_lives.get(key)
    if got is None:
        h = acc.half_life(importance, 0, 0, 1, params)
        got = _half_lives[key] = (h, int(params.dormant_after * h),
                                  int(params.unrecallable_after * h))
    return got


def row(f: Fresh, params: MemoryParams, lazy: int = 0) -> tuple:
    """Its `beliefs` row, in `codec.BELIEF_COLUMNS` order (indexed 0: recall has yet to see
    it; `lazy` 1 if the passes are to leave it as written, memory.lifecycle)."""
    e = f.e
    at = e.at  # type: ignore[attr-defined]
    rank = e.rank  # type: ignore[attr-defined]
    kind = e.kind.value  # type: ignore[attr-defined]
    teller, origin = e.teller, e.origin  # type: ignore[attr-defined]
    basis = e.basis.value if e.basis else None  # type: ignore[attr-defined]
    conf = f.conf
    cands = dumps([[e.value, conf, rank, kind, {e.origin_key: rank}, at, at,  # type: ignore
                    f.eid, teller, origin, basis]])
    h, dormant, gone = half_life_of(f.importance, params)
    return (
        f.bid, e.resident, f.cid, e.value, conf, "influencing", rank, kind,  # type: ignore
        cands, at, at, at, at, at if e.by_player else None, at, 0, 0, 0, 1, at,  # type: ignore
        f.importance, 0, 0, 0, 1 if kind == _HEARSAY else 0, None, teller, origin, h,
        "active", at + dormant, at + gone, None, 0, 0, 0, 1, lazy,
    )


def insert_params(f: Fresh, params: MemoryParams, lazy: int = 0) -> tuple:
    """The values `INSERT_FRESH` binds: the same row as `row`."""
    return next(insert_rows((f,), params, lambda *_: lazy))


def insert_rows(fs: Iterable[Fresh], params: MemoryParams,
                lazy: Callable[[int, int | None, str, bool, int], int]) -> Iterator[tuple]:
    """`insert_params` for each of `fs` — a batch's thousands — with what rows of one
    importance share worked out once; `lazy(claim id, importance, kind, by the player, at)`
    says whether each is written lazy (memory.lifecycle)."""
    halves: dict = {}  # importance -> (H, dormant offset, unrecallable offset)
    for f in fs:
        e, _, eid, _, cid, bid, imp, conf = f
        at = e.at  # type: ignore[attr-defined]
        rank = e.rank  # type: ignore[attr-defined]
        kind = e.kind._value_  # type: ignore[attr-defined]  # (.value is a slow property)
        teller, origin = e.teller, e.origin  # type: ignore[attr-defined]
        basis = e.basis._value_ if e.basis else None  # type: ignore[attr-defined]
        by_player = e.by_player  # type: ignore[attr-defined]
        h = halves.get(imp)
        if h is None:
            h = halves[imp] = half_life_of(imp, params)
        yield (bid, e.resident, cid, e.value, conf, rank, kind,  # type: ignore[attr-defined]
               dumps([[e.value, conf, rank, kind, {e.origin_key: rank},  # type: ignore
                       at, at, eid, teller, origin, basis]]),
               at, at if by_player else None, imp, 1 if kind == _HEARSAY else 0, teller,
               origin, h[0], h[1], h[2], lazy(cid, imp, kind, by_player, at))
