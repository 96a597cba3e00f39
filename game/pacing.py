"""When the clock should stop for the player: something they should see has happened.

An accusation, a break, a report, a meeting — any resident acting on what they believe — that
the player was there to see; a scheduled event of the story happening in front of them; a
deadline two hours away, and a deadline come. Only what the player perceived or was told
counts: a notice never says what happened out of their sight. The window pauses on the first
new notice and lists every notice in its log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import clock
from .knowledge import TALK_KINDS, seen_summary
from .player import PLAYER

if TYPE_CHECKING:
    from .town import Game

# Residents acting on a belief, and the story's own events: worth stopping the clock for.
ACTS = ("accuse", "report", "break_off", "confront", "administer", "attend", "reconcile",
        "avoid", "realise")
STORY = ("happen", "announce", "post_notice", "move_object", "say")
WARN_BEFORE = 2 * clock.HOUR


@dataclass(frozen=True)
class Notice:
    at: int
    text: str
    event: int | None = None


def notices(sim: Game, after_event: int, since: int) -> list[Notice]:
    """What the player should see that happened after world event `after_event`, and the
    deadlines crossed after minute `since` up to now."""
    out: list[Notice] = []
    if not sim.has_player:
        return out
    # And a resident finding something where they looked (Ada found her key in the drawer
    # in front of a player waiting in the café, and nothing was said: a playtest).
    rows = sim.db.execute(
        "SELECT id FROM world_log WHERE id > ? AND (kind IN (" +
        ", ".join("?" for _ in ACTS + STORY) + ") OR (kind = 'look' AND "
        "json_array_length(data, '$.found') > 0)) AND (actor IS NULL OR actor != ?) "
        "ORDER BY id", (after_event, *ACTS, *STORY, PLAYER)).fetchall()
    if rows:
        from .queries import seen_events

        seen = {ev["id"]: ev for ev in seen_events(sim, PLAYER, rows[0][0] - 1)}
        for (eid,) in rows:
            ev = seen.get(eid)
            if ev is None:
                continue
            if ev["kind"] == "avoid" and ev["claim"] is None:
                continue
            out.append(Notice(ev["at"], seen_summary(sim, ev), eid))
    goals: dict[int, list[str]] = {}
    for g in sim.sc.goals:
        if g.by:
            goals.setdefault(clock.parse_when(g.by), []).append(g.text)
    for by, texts in sorted(goals.items()):
        when = f"{clock.fmt_clock(by)} on day {clock.day_of(by)}"
        # "to make sure…", not "…: Make sure…" after the CLI's "At 18:00 on day 3:" (two
        # colons and a capital mid-sentence read as a goal pasted in: a playtest).
        clauses = [_as_clause(sim, x.rstrip(".")) for x in texts]
        if all(c is not None for c in clauses):
            tail = " to " + "; ".join(c for c in clauses if c is not None)
        else:  # a goal that is no bidding ("Quill must…", "Why did Ben…?"): as written
            tail = ": " + "; ".join(x.rstrip(".") for x in texts)
        tail += "" if tail.endswith(("?", "!")) else "."
        if since < by - WARN_BEFORE <= sim.now:
            out.append(Notice(by - WARN_BEFORE, f"Two hours left until {when}{tail}"))
        if since < by <= sim.now:
            out.append(Notice(by, f"The deadline has come ({when}){tail}"))
    return sorted(out, key=lambda n: (n.at, n.event or 0))


# The verbs a goal that bids starts with. Any other first word ("Nobody may bar Cy", "The
# council must not…", "Everyone should know…") is no bidding, whatever its case: "…until 18:00
# on day 3 to nobody may bar Cy." (a review).
BIDDING = frozenset({
    "avoid", "bring", "calm", "catch", "clear", "convince", "find", "fix", "gather", "get",
    "help", "hold", "keep", "learn", "make", "mend", "persuade", "prevent", "protect",
    "prove", "reach", "reconcile", "save", "see", "settle", "show", "solve", "spread",
    "stop", "talk", "tell", "track", "turn", "uncover", "win", "work"
})


def _as_clause(sim: Game, goal: str) -> str | None:
    """A goal that bids ("Make sure nobody…") as the rest of a sentence ("make sure
    nobody…"), or None for one that does not: anything not begun by a verb of `BIDDING` in
    the form that bids ("Find out…", not "Finding…" nor "FIND"), or a question."""
    first = goal.split(" ", 1)[0]
    if goal.endswith("?") or first[1:] != first[1:].lower() or \
            first.lower() not in BIDDING or first[:1] != first[:1].upper():
        return None
    return goal[:1].lower() + goal[1:]


def overheard(sim: Game, after_event: int) -> list[Notice]:
    """Words the player caught in passing after world event `after_event` — said to someone
    else where they stood. Not worth stopping the clock for, but said: a playtester waiting
    at the mill could suddenly name the answer, having heard Pia tell Mo with nothing on
    screen."""
    if not sim.has_player:
        return []
    rows = sim.db.execute(
        "SELECT id FROM world_log WHERE id > ? AND kind IN (" + ", ".join("?" for _ in TALK_KINDS)
        + ") AND claim IS NOT NULL ORDER BY id", (after_event, *TALK_KINDS)).fetchall()
    if not rows:
        return []
    from .queries import seen_events

    seen = {ev["id"]: ev for ev in seen_events(sim, PLAYER, rows[0][0] - 1)}
    return [Notice(ev["at"], seen_summary(sim, ev), ev["id"]) for (eid,) in rows
            if (ev := seen.get(eid)) is not None and PLAYER in (ev["witnesses"] or [])
            and ev.get("value") is not None]


def last_event(sim: Game) -> int:
    """The id of the newest world event (notices are for what comes after it)."""
    row = sim.db.execute("SELECT max(id) FROM world_log").fetchone()
    return row[0] or 0
