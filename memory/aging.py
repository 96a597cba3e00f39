"""Set-wise passes over every resident's beliefs: hearsay aging (§6) and staleness (§9).

Each is a pair of SQL statements over all residents at once, never a Python loop over rows:
one INSERT ... SELECT appends the history versions, one UPDATE applies the change.
"""

from __future__ import annotations

from sqlite_utils import Database

from .params import DEFAULT, MemoryParams


def _statements(p: MemoryParams) -> tuple[str, str]:
    """The two statements of the aging pass, with the params' numbers written in.

    A belief ages when it is influencing, rests on hearsay only (testimony or rumour ranks),
    stands above the floor, and has had no new evidence and no player intervention for a whole
    aging period more than the periods already applied. The first two terms match the partial
    index `beliefs_aging`, and the third its ranges, so only beliefs due are visited.
    """
    period, step, floor = int(p.aging_period), int(p.aging_step), int(p.aging_floor)
    due = f"((:now - quiet_since) / {period} - aged)"
    new = f"max({floor}, confidence - {step} * {due})"
    # Due once the periods already applied, and one more, have passed since it went quiet:
    # one range of the index (aged, quiet_since) per number of periods applied. A belief
    # still above the floor has had fewer than it takes to fall from 100 to it — unless
    # something raised it since (an edit): those few are the last range, read whole.
    # (Each range repeats the index's own terms, so SQLite reads each from it.)
    ranges = max(1, -(-(100 - floor) // max(1, step))) + 1
    agable = "state = 'influencing' AND rank IN (2, 3)"
    by_period = " OR ".join([f"({agable} AND aged = {k} AND quiet_since <= :now - "
                             f"{(k + 1) * period})" for k in range(ranges)]
                            + [f"({agable} AND aged >= {ranges})"])
    where = f"({by_period}) AND confidence > {floor} AND {due} > 0"
    versions = (
        "INSERT INTO belief_versions (belief_id, at, cause, value, confidence, state, note, "
        f"after_evidence) SELECT id, :now, 'age', value, {new}, "
        f"CASE WHEN {new} <= {floor} THEN 'past' ELSE state END, "
        "'hearsay aging: no new evidence for ' || ((:now - quiet_since) / 1440) || ' days', "
        f"(SELECT coalesce(max(id), 0) FROM evidence) FROM belief_rows WHERE {where}"
    )
    # SET expressions all read the row as it was before the update.
    update = (
        f"UPDATE belief_rows SET confidence = {new}, "
        f"state = CASE WHEN {new} <= {floor} THEN 'past' ELSE state END, "
        f"aged = (:now - quiet_since) / {period}, updated_at = max(updated_at, :now) "
        f"WHERE {where}"
    )
    return versions, update


def age(db: Database, now: int, p: MemoryParams = DEFAULT, working=None, cache=None) -> int:
    """Age hearsay up to sim minute `now`: -8 per 7 quiet days, floor 34, then `past`
    (`working`, `cache`: the store's working set and working beliefs, told what changed)."""
    params = {"now": now}
    versions, update = _statements(p)
    db.conn.execute(versions, params)
    changed = db.conn.execute(update + " RETURNING id, confidence, state, updated_at, aged",
                              params).fetchall()
    if working is not None:
        working.aged([r[:4] for r in changed])
    if cache is not None:
        for field, col in (("confidence", 1), ("state", 2), ("updated_at", 3), ("aged", 4)):
            cache.patch(field, ((r[0], r[col]) for r in changed))
    n = len(changed)
    # A conclusion resting on a premise that has just gone past must be rechecked (§9).
    marked = [r[0] for r in db.conn.execute(
        "UPDATE belief_rows SET recheck = 1 WHERE recheck = 0 AND id IN (SELECT bp.belief_id "
        "FROM belief_premises bp CROSS JOIN belief_rows p ON p.id = bp.premise_id WHERE p.state = "
        "'past' AND p.updated_at = :now) RETURNING id", params)]  # from the premises: few
    if cache is not None:
        cache.flag("recheck", marked)
    return n


def mark_stale(db: Database, changes: list[tuple[str, int]], cache=None) -> int:
    """Record new fact versions and mark the beliefs resting on older ones stale."""
    if not changes:
        return 0
    conn = db.conn
    conn.executemany(
        "INSERT INTO fact_versions (fact, version) VALUES (?, ?) ON CONFLICT (fact) DO UPDATE "
        "SET version = max(version, excluded.version)", changes)
    total = 0
    for fact, version in changes:
        ids = [r[0] for r in conn.execute(
            "UPDATE belief_rows SET stale = 1 WHERE stale = 0 AND id IN (SELECT belief_id FROM "
            "belief_facts WHERE fact = ? AND version < ?) RETURNING id", (fact, version))]
        total += len(ids)
        if cache is not None:
            cache.flag("stale", ids)
    return total
