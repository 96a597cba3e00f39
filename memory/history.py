"""A belief's history: the evidence rows that changed it, and the changes no evidence made.

Nothing is deleted (epistemics §1): every change of a belief is a version. Most changes are
made by a piece of evidence, and that evidence row keeps what it left the belief at — its
value, confidence and state, each NULL when it is the evidence's own value, its initial
confidence, 'influencing' — and the note (none for a belief it founded: that note is always
"first learned: …"). So perceiving writes one row where it wrote two. `belief_versions` holds
only the changes no evidence made — hearsay aging, a teller's word reweighed, memory edits and
their discovery, misremembering — each with `after_evidence`, the last evidence id before it,
which puts the two kinds in the order they happened: an evidence version sorts at (its id, 0),
a held version at (after_evidence, 1, its own id).

`versions()` reads one belief's history; `CLAIM_VERSIONS` is the same for every belief of a
claim, for the questions about a past minute (`memory.queries`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .belief import Version, built
from .revision import founding_note, who_of

if TYPE_CHECKING:
    from .store import MemoryStore

INSERT_VERSION = (
    "INSERT INTO belief_versions (belief_id, at, cause, value, confidence, state, evidence_id, "
    "note, after_evidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)

_OF_EVIDENCE = (
    "SELECT e.id, 0, e.id, e.at, e.outcome, coalesce(e.after_value, e.value), "
    "coalesce(e.after_confidence, e.confidence), coalesce(e.after_state, 'influencing'), "
    "e.id, e.note, e.kind, e.teller, e.origin, e.document, e.implanted_by FROM evidence e "
)
_HELD = (
    "SELECT v.after_evidence, 1, v.id, v.at, v.cause, v.value, v.confidence, v.state, "
    "v.evidence_id, v.note, NULL, NULL, NULL, NULL, NULL FROM belief_versions v "
)

# Every version of every belief about one claim (subject, attribute twice), in order within
# each belief: (belief id, resident, k1, k2, k3, at, value, confidence, state).
CLAIM_VERSIONS = (
    "SELECT b.id AS belief_id, b.resident AS resident, e.id AS k1, 0 AS k2, e.id AS k3, "
    "e.at AS at, coalesce(e.after_value, e.value) AS value, coalesce(e.after_confidence, "
    "e.confidence) AS confidence, coalesce(e.after_state, 'influencing') AS state "
    "FROM claims c JOIN belief_rows b ON b.claim_id = c.id JOIN evidence e ON e.resident = "
    "b.resident AND e.claim_id = b.claim_id WHERE c.subject = :s AND c.attribute = :a AND "
    "e.outcome != 'keep' "
    # A memory only its evidence stands for (memory.unwritten) has that one version.
    "UNION ALL SELECT e.founds, e.resident, e.id, 0, e.id, e.at, e.value, "
    "coalesce(e.after_confidence, e.confidence), 'influencing' FROM claims c JOIN evidence e "
    "ON e.claim_id = c.id AND e.founds IS NOT NULL WHERE c.subject = :s AND c.attribute = :a "
    "UNION ALL SELECT b.id, b.resident, v.after_evidence, 1, v.id, v.at, v.value, "
    "v.confidence, v.state FROM claims c JOIN belief_rows b ON b.claim_id = c.id JOIN "
    "belief_versions v ON v.belief_id = b.id WHERE c.subject = :s AND c.attribute = :a"
)


def versions(store: MemoryStore, belief_id: int, resident: str, claim_id: int) -> list[Version]:
    """The belief's history, oldest first."""
    rows = store.db.execute(
        _OF_EVIDENCE + "WHERE e.resident = ? AND e.claim_id = ? AND e.outcome != 'keep' "
        "UNION ALL " + _HELD + "WHERE v.belief_id = ? ORDER BY 1, 2, 3",
        (resident, claim_id, belief_id)).fetchall()
    out = []
    for n, (_, held, _, at, cause, value, conf, state, eid, note, kind, teller, origin, doc,
            by) in enumerate(rows, 1):
        if note is None:
            note = founding_note(value, who_of(kind, teller, origin, doc, by)) if \
                cause == "new" and not held else ""
        out.append(built(Version, dict(n=n, at=at, cause=cause, value=value,
                                       confidence=conf, state=state, evidence_id=eid,
                                       note=note)))
    return out


def last_evidence(store: MemoryStore) -> int:
    """The latest evidence id: what a version written now comes after."""
    return store.db.execute("SELECT coalesce(max(id), 0) FROM evidence").fetchone()[0]


def count(store: MemoryStore) -> int:
    """How many versions there are, of both kinds."""
    one = store.db.execute
    return one("SELECT count(*) FROM belief_versions").fetchone()[0] + one(
        "SELECT count(*) FROM evidence WHERE outcome != 'keep'").fetchone()[0]
