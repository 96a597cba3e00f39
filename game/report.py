"""The mechanism report: the counts seed 001 used to show its memory at work (issue 6).

`hearsay run SCENARIO --days D --report mechanisms --json` — world events; memory updates after
use; high-consequence judgements, split into acted and verified first (and how many of the
acted ones rested on evidence the resident had gone and verified); importance look-backs (and
how many lengthened a half-life); reduced and skipped processing; entries into dormancy; cue
recalls; associative recalls; expressions of memory state — and, since issue 10, company taken
in (sightings), how many of the entries into dormancy were those, and memories misremembered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memory import cue_recalled
from memory import first_dormancy as first_entry

if TYPE_CHECKING:
    from .town import Game

# Seed 001's readings, for the README's table beside ours. The document reports each figure
# at the run length where it first becomes observable (30, 120 or 240 hourly steps).
SEED_001 = {
    "world_events": (30, 5288), "updates_after_use": (30, 405), "judgements": (30, 17),
    "judgements_acted": (30, 9), "judgements_verified": (30, 8),
    "acted_on_verified": (30, 2), "lookbacks": (120, 367), "reduced": (120, 127),
    "dormancy_entries": (240, 525), "cue_recalls": (240, 219),
    "associative_recalls": (240, 290), "memory_state_expressions": (240, 116),
}


def mechanisms(sim: Game) -> dict[str, int]:
    db = sim.db
    ev = sim.store.memory_events()
    cue = cue_recalled(sim.store)
    c = sim.counters
    one = lambda sql: db.execute(sql).fetchone()[0]  # noqa: E731 - a local shorthand
    judged = "FROM decisions WHERE class = 'irreversible'"
    return {
        "world_events": one("SELECT count(*) FROM world_log WHERE json_extract(data, "
                            "'$.backstory') IS NULL"),
        "updates_after_use": ev.get("use", 0),
        "judgements": one(f"SELECT count(*) {judged}"),
        "judgements_acted": one(f"SELECT count(*) {judged} AND outcome = 'acted'"),
        "judgements_verified": one(f"SELECT count(*) {judged} AND outcome IN "
                                   "('verified', 'waited')"),
        "acted_on_verified": one(f"SELECT count(*) {judged} AND outcome = 'acted' AND "
                                 "verified_first = 1"),
        "lookbacks": ev.get("lookback", 0),
        "lookbacks_lengthened": ev.get("lengthened", 0),
        "reduced": c.get("processing_reduced", 0),
        "skipped": c.get("processing_skipped", 0),
        "skipped_asleep": c.get("skipped_asleep", 0),
        "skipped_busy": c.get("skipped_busy", 0),
        "skipped_exhausted": c.get("skipped_exhausted", 0),
        "dormancy_entries": ev.get("dormant", 0),
        "unrecallable": ev.get("unrecallable", 0),
        "cue_recalls": ev.get("cue", 0),
        "associative_recalls": ev.get("associative", 0),
        "memory_state_expressions": c.get("memory_state_expressed", 0),
        # Issue 10: company taken in (who stood where, an hour at a time), how much of the
        # dormancy above is those memories, and recalls that came back wrong.
        "sightings": cue["evidence"],
        "dormancy_entries_sightings": cue["dormant"],
        "misremembered": ev.get("misremembered", 0),
    }


def first_dormancy(sim: Game) -> dict | None:
    """When the first memory slipped into dormancy, and how many of its own effective
    half-lives after it was last evoked (the formula says three)."""
    row = first_entry(sim.store)
    if row is None:
        return None
    at, detail, who = row
    evoked, h = int(detail.split()[0]), float(detail.split()[1])
    return {"at": at, "resident": who, "half_lives": round((at - evoked) / h, 2),
            "half_life_hours": round(h / 60, 1)}
