"""Set-wise passes over every resident's beliefs: hearsay aging (§6) and staleness (§9).

Each is a pair of SQL statements over all residents at once, never a Python loop over rows:
one INSERT ... SELECT appends the history versions, one UPDATE applies the change.
"""

from __future__ import annotations

from sqlite_utils import Database

from .kinds import AGING_FLOOR, AGING_PERIOD, AGING_STEP

# A belief ages when it is influencing, rests on hearsay only (testimony or rumour ranks),
# stands above the floor, and has had no new evidence and no player intervention for a whole
# aging period more than the periods already applied. The first two terms match the partial
# index `beliefs_aging`, so only beliefs that can age are visited.
_DUE = f"((:now - quiet_since) / {AGING_PERIOD} - aged)"
_NEW = f"max({AGING_FLOOR}, confidence - {AGING_STEP} * {_DUE})"
_WHERE = (f"state = 'influencing' AND rank IN (2, 3) AND quiet_since <= :now - {AGING_PERIOD} "
          f"AND confidence > {AGING_FLOOR} AND {_DUE} > 0")

_VERSIONS = (
    "INSERT INTO belief_versions (belief_id, at, cause, value, confidence, state, note) "
    f"SELECT id, :now, 'age', value, {_NEW}, "
    f"CASE WHEN {_NEW} <= {AGING_FLOOR} THEN 'past' ELSE state END, "
    "'hearsay aging: no new evidence for ' || ((:now - quiet_since) / 1440) || ' days' "
    f"FROM beliefs WHERE {_WHERE}"
)
# SET expressions all read the row as it was before the update.
_UPDATE = (
    f"UPDATE beliefs SET confidence = {_NEW}, "
    f"state = CASE WHEN {_NEW} <= {AGING_FLOOR} THEN 'past' ELSE state END, "
    f"aged = (:now - quiet_since) / {AGING_PERIOD}, updated_at = max(updated_at, :now) "
    f"WHERE {_WHERE}"
)


def age(db: Database, now: int) -> int:
    """Age hearsay up to sim minute `now`: -8 per 7 quiet days, floor 34, then `past`."""
    params = {"now": now}
    db.conn.execute(_VERSIONS, params)
    n = db.conn.execute(_UPDATE, params).rowcount
    # A conclusion resting on a premise that has just gone past must be rechecked (§9).
    db.conn.execute(
        "UPDATE beliefs SET recheck = 1 WHERE recheck = 0 AND id IN (SELECT bp.belief_id FROM "
        "belief_premises bp JOIN beliefs p ON p.id = bp.premise_id WHERE p.state = 'past' AND "
        "p.updated_at = :now)", params)
    return n


def mark_stale(db: Database, changes: list[tuple[str, int]]) -> int:
    """Record new fact versions and mark the beliefs resting on older ones stale."""
    if not changes:
        return 0
    conn = db.conn
    conn.executemany(
        "INSERT INTO fact_versions (fact, version) VALUES (?, ?) ON CONFLICT (fact) DO UPDATE "
        "SET version = max(version, excluded.version)", changes)
    total = 0
    for fact, version in changes:
        total += conn.execute(
            "UPDATE beliefs SET stale = 1 WHERE stale = 0 AND id IN (SELECT belief_id FROM "
            "belief_facts WHERE fact = ? AND version < ?)", (fact, version)).rowcount
    return total
