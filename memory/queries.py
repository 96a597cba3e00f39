"""Read-only questions about the whole memory: who believed what at a past minute, which claims
are in play, how many beliefs each resident holds, and what changed in one resident's memory.

Every function here only SELECTs; none revises anything. They take a `MemoryStore` and read
its tables in single statements (set-wise, as the rest of memory does), so a window or a report
can ask them every frame or every tick. The history they read is every belief's versions
(memory.history: the evidence rows that changed it, and the changes no evidence made) — the
append-only record of every change (epistemics §1), so a past minute is reconstructed exactly.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, NamedTuple

from . import unwritten
from .history import CLAIM_VERSIONS
from .kinds import State
from .writer import BELIEVES

if TYPE_CHECKING:
    from .store import MemoryStore

_ABOUT_OTHERS = BELIEVES + "%"  # claims about what someone else believes


class Held(NamedTuple):
    """How one belief stood at some minute."""

    value: str
    confidence: int
    state: str


class Heard(NamedTuple):
    """One thing a resident was told: who said it, about what, when, and the source the teller
    gave for it — one of the listener's own evidence rows (hearsay or a declaration)."""

    evidence_id: int
    teller: str
    subject: str
    attribute: str
    value: str
    kind: str  # "hearsay", or "declared" when the teller spoke about themselves
    basis: str | None  # what the teller said their source was: saw, heard, reckon
    origin: str | None  # who the teller said it came from
    chain: tuple[str, ...]
    at: int
    event: str | None  # the conversation turn it points at


class ClaimCount(NamedTuple):
    """One claim and how many residents hold a belief about it."""

    subject: str
    attribute: str
    believers: int


class BeliefSignature(NamedTuple):
    """Sums over one resident's beliefs that change whenever any of them does: a revision
    (count, latest update, confidence, staleness, states), a re-evocation or a use (§7), a
    re-exposure, or an importance look-back. Two equal signatures mean nothing a reader
    shows has changed; each field can be recomputed from the beliefs themselves."""

    count: int
    updated_at: int  # the latest `updated_at`
    confidence: int  # the sum of confidences
    stale: int  # how many are stale
    last_evoked_at: int  # the sum of `last_evoked_at`
    uses: int  # the sum of uses
    exposures: int  # the sum of re-exposures
    importance: int  # the sum of (judged) importances, unknown counted as 0
    states: tuple[int, ...]  # how many are in each state, in the order of `memory.State`


STATES = tuple(s.value for s in State)


def believers_at(store: MemoryStore, subject: str, attribute: str,
                 at: int) -> dict[str, Held]:
    """{resident: Held(value, confidence, state)} for every belief about the claim as it stood
    at minute `at` (its latest version at or before `at`); residents who had no belief about
    it yet are absent."""
    store._sync()
    out: dict[str, tuple] = {}
    for _, resident, *key, t, value, conf, state in _claim_versions(store, subject, attribute):
        if t <= at:
            out[resident] = (key, Held(value, conf, state))
    return {r: h for r, (_, h) in out.items()}


def _claim_versions(store: MemoryStore, subject: str, attribute: str) -> list[tuple]:
    """Every version of every belief about the claim, each belief's in order (memory.history):
    (belief id, resident, k1, k2, k3, at, value, confidence, state)."""
    return store.db.execute(CLAIM_VERSIONS + " ORDER BY 1, 3, 4, 5",
                            {"s": subject, "a": attribute}).fetchall()


def heard(store: MemoryStore, listener: str, *, teller: str | None = None,
          subject: str | None = None, attribute: str | None = None,
          since_id: int = 0) -> list[Heard]:
    """What `listener` was told — by `teller`, about `subject`/`attribute` if given — oldest
    first: their hearsay and declared evidence (what a teller says they believe, never what
    they believe). Evidence ids after `since_id` only, to read on from a last look."""
    sql = ("SELECT e.id, e.teller, c.subject, c.attribute, e.value, e.kind, e.basis, e.origin, "
           "e.chain, e.at, e.event FROM evidence e JOIN claims c ON c.id = e.claim_id "
           "WHERE e.resident = ? AND e.kind IN ('hearsay', 'declared') AND e.teller IS NOT NULL "
           "AND c.attribute NOT LIKE ? AND e.id > ?")
    params: list = [listener, _ABOUT_OTHERS, since_id]
    for col, val in (("e.teller", teller), ("c.subject", subject), ("c.attribute", attribute)):
        if val is not None:
            sql += f" AND {col} = ?"
            params.append(val)
    rows = store.db.execute(sql + " ORDER BY e.id", params).fetchall()
    return [Heard(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7],
                  tuple(json.loads(r[8])) if r[8] else (), r[9], r[10]) for r in rows]


def claim_change_times(store: MemoryStore, subject: str, attribute: str) -> list[int]:
    """Every minute at which someone's belief about the claim changed, in order."""
    return sorted({r[5] for r in _claim_versions(store, subject, attribute)})


def claim_values(store: MemoryStore, subject: str, attribute: str) -> list[str]:
    """Every value anyone has held for the claim, in the order they first appeared."""
    first: dict[str, tuple] = {}
    for _, _, k1, k2, k3, _, value, _, _ in _claim_versions(store, subject, attribute):
        key = (k1, k2, k3)
        if value not in first or key < first[value]:
            first[value] = key
    return sorted(first, key=first.__getitem__)


def claims(store: MemoryStore, *, about_others: bool = False,
           limit: int | None = None) -> list[ClaimCount]:
    """Every claim someone holds a belief about, with how many do, most widely held first
    (then by subject and attribute). Claims about what others believe only if asked."""
    # Counted claim by claim over the rows written and the memories only their evidence
    # stands for (memory.unwritten), each from its own index on the claim.
    sql = ("SELECT c.subject, c.attribute, k.n FROM claims c JOIN (SELECT claim_id, count(*) "
           "AS n FROM (SELECT claim_id FROM belief_rows UNION ALL SELECT claim_id FROM "
           "evidence WHERE founds IS NOT NULL) GROUP BY claim_id) k ON k.claim_id = c.id")
    params: list = []
    if not about_others:
        sql += " WHERE c.attribute NOT LIKE ?"
        params.append(_ABOUT_OTHERS)
    sql += " ORDER BY k.n DESC, c.subject, c.attribute"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(int(limit))
    return [ClaimCount(*r) for r in store.db.execute(sql, params).fetchall()]


def belief_counts(store: MemoryStore) -> dict[str, int]:
    """{resident: how many beliefs they hold} (about the world and about others)."""
    return dict(store.db.execute("SELECT resident, count(*) FROM beliefs GROUP BY resident")
                .fetchall())


def belief_signature(store: MemoryStore, resident: str) -> BeliefSignature:
    """The resident's `BeliefSignature`: a cheap "has anything in this memory changed?"."""
    store._sync()  # re-evocations held back are on the rows (memory.deferred)
    states = ", ".join(f"coalesce(sum(state = '{s}'), 0)" for s in STATES)
    row = store.db.execute(
        "SELECT count(*), coalesce(max(updated_at), 0), coalesce(sum(confidence), 0), "
        "coalesce(sum(stale), 0), coalesce(sum(last_evoked_at), 0), coalesce(sum(uses), 0), "
        "coalesce(sum(exposures), 0), coalesce(sum(coalesce(judged_importance, importance, "
        f"0)), 0), {states} FROM beliefs WHERE resident = ?", (resident,)).fetchone()
    n = len(BeliefSignature._fields) - 1
    return BeliefSignature(*(int(x) for x in row[:n]), states=tuple(int(x) for x in row[n:]))


def changed_since(store: MemoryStore, resident: str, at: int) -> list[tuple[str, str]]:
    """(subject, attribute) of the resident's beliefs revised or brought to mind at or after
    minute `at`, in claim order."""
    store._sync()  # re-evocations held back are on the rows (memory.deferred)
    return [(r[0], r[1]) for r in store.db.execute(
        "SELECT c.subject, c.attribute FROM beliefs b JOIN claims c ON c.id = b.claim_id "
        "WHERE b.resident = ? AND (b.updated_at >= ? OR b.last_evoked_at >= ?) "
        "ORDER BY c.subject, c.attribute", (resident, at, at))]


def cue_recalled(store: MemoryStore) -> dict[str, int]:
    """How much of memory is of claims recalled only by a cue (who stood where, issue 10):
    {"evidence": pieces of evidence of them, "dormant": entries into dormancy of memories of
    them}. A memory's claim is read from its row, or from the evidence that stands for it while
    it has none (memory.unwritten)."""
    store._sync()
    one = store.db.execute
    return {
        "evidence": one("SELECT count(*) FROM evidence e JOIN claims c ON c.id = e.claim_id "
                        "WHERE c.recall = 'cue'").fetchone()[0],
        # (An unwritten memory is one of a claim recalled by cue: memory.unwritten.)
        "dormant": one(
            "SELECT count(*) FROM memory_event_rows m JOIN belief_rows b ON b.id = m.belief_id "
            "JOIN claims c ON c.id = b.claim_id WHERE m.kind = 'dormant' AND c.recall = 'cue'"
            ).fetchone()[0] + unwritten.event_counts(store.db).get("dormant", 0),
    }


def first_dormancy(store: MemoryStore) -> tuple[int, str, str] | None:
    """(at, detail, resident) of the earliest entry into dormancy (ties by memory), or None:
    detail is "<last evoked> <half-life>" (memory.recall)."""
    store._sync()
    got = [r for r in (
        store.db.execute("SELECT at, belief_id, detail, resident FROM memory_event_rows WHERE "
                         "kind = 'dormant' ORDER BY at, belief_id LIMIT 1").fetchone(),
        unwritten.first_dormancy(store.db)) if r is not None]
    if not got:
        return None
    at, _, detail, resident = min(got)
    return at, detail, resident
