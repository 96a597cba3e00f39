"""Read-only questions the window asks that game/ and memory/ do not answer yet.

The one place in ui/ that reads the simulation's SQLite tables directly — SELECTs only, never a
write. Each function names what it stands in for, so the lead can move it into game/ or
memory/ and delete it here:

- `beliefs_at`, `claim_change_times`, `claim_values`: who believed what about one claim
  at a past minute (the claim view's step back through time) — wants
  `MemoryStore.believers_at(claim, at)`.
- `claims_in_play`: every claim with how many hold a belief about it — wants
  `MemoryStore.claims()`.
- `positions_at`: where everyone was at a past minute — wants `World.positions_at(at)`.
- `seen_events`: the world events a resident took part in or witnessed — wants
  `World.log(seen_by=...)`.
- `belief_counts`: beliefs per resident for the People list — wants `MemoryStore.counts(by=)`.
- `belief_signature`, `beliefs_updated_since`: a cheap "did this resident's memory change,
  and which beliefs?" check, so the inspector re-reads only the beliefs that changed — wants a
  memory revision counter.
- `save_info`: a save slot's scenario and time without loading it — wants
  `game.save.peek(path)`.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

BELIEVES_LIKE = "believes %"


def beliefs_at(sim, subject: str, attribute: str, at: int) -> dict[str, tuple[str, int, str]]:
    """{resident: (value, confidence, state)} as each belief stood at minute `at`."""
    rows = sim.db.execute(
        "SELECT b.resident, v.value, v.confidence, v.state FROM belief_versions v "
        "JOIN beliefs b ON b.id = v.belief_id JOIN claims c ON c.id = b.claim_id "
        "WHERE c.subject = ? AND c.attribute = ? AND v.id = ("
        "  SELECT max(v2.id) FROM belief_versions v2 WHERE v2.belief_id = v.belief_id "
        "  AND v2.at <= ?)", (subject, attribute, at)).fetchall()
    return {r[0]: (r[1], r[2], r[3]) for r in rows}


def claim_change_times(sim, subject: str, attribute: str) -> list[int]:
    """Every minute at which someone's belief about the claim changed, in order."""
    rows = sim.db.execute(
        "SELECT DISTINCT v.at FROM belief_versions v JOIN beliefs b ON b.id = v.belief_id "
        "JOIN claims c ON c.id = b.claim_id WHERE c.subject = ? AND c.attribute = ? "
        "ORDER BY v.at", (subject, attribute)).fetchall()
    return [r[0] for r in rows]


def claim_values(sim, subject: str, attribute: str) -> list[str]:
    """Every value anyone has held for the claim, in the order they first appeared."""
    rows = sim.db.execute(
        "SELECT v.value, min(v.id) AS first FROM belief_versions v "
        "JOIN beliefs b ON b.id = v.belief_id JOIN claims c ON c.id = b.claim_id "
        "WHERE c.subject = ? AND c.attribute = ? GROUP BY v.value ORDER BY first",
        (subject, attribute)).fetchall()
    return [r[0] for r in rows]


def claims_in_play(sim, limit: int = 500) -> list[tuple[str, str, int]]:
    """(subject, attribute, believers) for claims about the world, most widely held first."""
    rows = sim.db.execute(
        "SELECT c.subject, c.attribute, count(b.id) AS n FROM claims c "
        "JOIN beliefs b ON b.claim_id = c.id WHERE c.attribute NOT LIKE ? "
        "GROUP BY c.id ORDER BY n DESC, c.subject, c.attribute LIMIT ?",
        (BELIEVES_LIKE, limit)).fetchall()
    return [(r[0], r[1], r[2]) for r in rows]


def positions_at(sim, at: int) -> dict[str, str]:
    """{resident: place} at minute `at`, from the presence record."""
    rows = sim.db.execute(
        "SELECT resident, place FROM presence WHERE since <= ? AND coalesce(until, ?) > ? "
        "ORDER BY id", (at, at + 1, at)).fetchall()
    return {r[0]: r[1] for r in rows}


def seen_events(sim, resident: str | None, after_id: int = 0, limit: int = 2000) -> list[dict]:
    """World events after `after_id` that `resident` took part in or witnessed (all events
    if `resident` is None), oldest first, as `World.log()` rows."""
    sql = ("SELECT id, at, kind, actor, target, place, claim, value, summary, data, "
           "participants, witnesses FROM world_log WHERE id > ?")
    params: list = [after_id]
    if resident is not None:
        sql += (" AND (EXISTS (SELECT 1 FROM json_each(participants) WHERE value = ?) OR "
                "EXISTS (SELECT 1 FROM json_each(witnesses) WHERE value = ?))")
        params += [resident, resident]
    sql += " ORDER BY id LIMIT ?"
    params.append(limit)
    cols = ("id", "at", "kind", "actor", "target", "place", "claim", "value", "summary",
            "data", "participants", "witnesses")
    out = []
    for row in sim.db.execute(sql, params).fetchall():
        d = dict(zip(cols, row, strict=True))
        d["data"] = json.loads(d["data"])
        d["participants"] = json.loads(d["participants"])
        d["witnesses"] = json.loads(d["witnesses"])
        out.append(d)
    return out


def belief_counts(sim) -> dict[str, int]:
    """{resident: how many beliefs they hold} (about the world and about others)."""
    return dict(sim.db.execute("SELECT resident, count(*) FROM beliefs GROUP BY resident")
                .fetchall())


STATES = ("influencing", "past", "doubtful", "anomalous", "corrected")


def belief_signature(sim, resident: str) -> tuple:
    """Changes whenever any of the resident's beliefs does: (count, last update, total
    confidence, stale count, then the count in each state of `STATES`)."""
    states = ", ".join(f"sum(state = '{s}')" for s in STATES)
    row = sim.db.execute(
        f"SELECT count(*), coalesce(max(updated_at), 0), coalesce(sum(confidence), 0), "
        f"coalesce(sum(stale), 0), {states} FROM beliefs WHERE resident = ?",
        (resident,)).fetchone()
    return tuple(int(x or 0) for x in row)


def beliefs_updated_since(sim, resident: str, minute: int) -> list[tuple[str, str]]:
    """(subject, attribute) of the resident's beliefs updated at or after `minute`."""
    return sim.db.execute(
        "SELECT c.subject, c.attribute FROM beliefs b JOIN claims c ON c.id = b.claim_id "
        "WHERE b.resident = ? AND b.updated_at >= ?", (resident, minute)).fetchall()


def save_info(path: Path) -> dict | None:
    """A save's scenario id, title-less time and size, read without loading it; None if the
    file is not a save."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        rows = dict(conn.execute("SELECT key, value FROM world_meta WHERE key IN "
                                 "('scenario', 'now', 'ending', 'format')").fetchall())
    except sqlite3.Error:
        return None
    finally:
        conn.close()
    if "scenario" not in rows:
        return None
    return {"scenario": rows["scenario"], "now": int(rows.get("now") or 0),
            "ending": rows.get("ending")}
