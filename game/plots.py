"""The numbers behind the pictures: what the report draws as SVG and the window as lines.

- `spread(sim, claim)`: for each hour, how many residents held each value of a claim;
- `confidence(sim, resident, claim)`: one resident's confidence in a claim, version by
  version, with what moved it (and the memory edits among them);
- `told(sim, claim)`: who told whom about a claim, and which tellings were lies;
- `attention(sim, day)`: how each resident thought at each hour of a day (full, reduced,
  skipped — epistemics §11);
- `accessibility(sim, resident, claim)`: how easily a memory comes to mind from its last
  evocation on, with the dormant and unrecallable thresholds (§7).

Only reads; every figure comes from memory's history or the world log. All of it is the
author's view (open minds): the window in play shows only the player's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from memory import DORMANT_AFTER, GONE_AFTER

from . import clock
from .player import PLAYER

if TYPE_CHECKING:
    from .town import Game

TOLD_KINDS = ("talk", "why", "mediate", "say", "announce")


@dataclass
class Spread:
    claim: str
    hours: list[int]  # sim minutes, one per hour
    values: list[str]  # every value held at some hour, most widely held first
    counts: dict[str, list[int]]  # value -> residents holding it at each hour
    truth: str | None = None


@dataclass
class Point:
    at: int
    confidence: int
    value: str
    state: str
    cause: str


@dataclass
class Confidence:
    resident: str
    claim: str
    points: list[Point]
    edits: list[tuple[int, str]] = field(default_factory=list)  # (minute, kind)


@dataclass
class Telling:
    teller: str
    listener: str
    value: str
    at: int
    lie: bool
    kind: str
    embellished: bool = False  # said as seen by a teller who had only heard it


@dataclass
class Told:
    claim: str
    people: list[str]
    tellings: list[Telling]


@dataclass
class Attention:
    day: int
    hours: list[int]  # sim minutes of each hour of the day
    rows: dict[str, list[str | None]]  # resident -> depth per hour (None: no record)


@dataclass
class Access:
    resident: str
    claim: str
    last_evoked_at: int
    half_life: float
    now: int
    dormant_at: int
    gone_at: int


MAX_SAMPLES = 2000  # points in a spread's picture (83 days hourly)


def _history(sim: Game, rid: str, claim: str):
    s, _, a = claim.partition(".")
    return sim.store.history(rid, s, a)


def spread(sim: Game, claim: str, start: int | None = None,
           residents: list[str] | None = None) -> Spread:
    """Stacked counts of each value held, per hour, from the scenario's start to now. A belief
    gone `past` no longer counts."""
    s, _, a = claim.partition(".")
    t0 = clock.align(clock.parse_when(sim.sc.scenario.start)) if start is None else start
    # Hourly, up to MAX_SAMPLES of them; a longer run (a save's clock years on) is sampled
    # more coarsely: hourly over a clock near its limit was 10¹⁰ samples (a fuzzer).
    first = t0 - t0 % clock.HOUR
    step = clock.HOUR * max(1, -(-(sim.now + 1 - first) // (clock.HOUR * MAX_SAMPLES)))
    hours = list(range(first, sim.now + 1, step)) or [sim.now]
    who = residents if residents is not None else [
        b.resident for b in sim.store.believers(s, a) if b.resident != PLAYER]
    counts: dict[str, list[int]] = {}
    for rid in who:
        hist = sim.store.history(rid, s, a)
        i, held = 0, None
        for h, t in enumerate(hours):
            while i < len(hist) and hist[i].at <= t:
                held = hist[i]
                i += 1
            if held is not None and held.state != "past":
                counts.setdefault(held.value, [0] * len(hours))[h] += 1
    values = sorted(counts, key=lambda v: (-sum(counts[v]), v))
    return Spread(claim, hours, values, counts, sim.world.fact(s, a))


def confidence(sim: Game, resident: str, claim: str) -> Confidence:
    s, _, a = claim.partition(".")
    pts = [Point(v.at, v.confidence, v.value, v.state, v.cause)
           for v in sim.store.history(resident, s, a)]
    edits = [(e.at, e.kind) for e in sim.store.edits(resident, s, a)]
    return Confidence(resident, claim, pts, edits)


def told(sim: Game, claim: str) -> Told:
    tellings, people = [], set()
    for ev in sim.world.log():
        if ev["claim"] != claim or ev["kind"] not in TOLD_KINDS or not ev["actor"]:
            continue
        if not ev["value"]:
            # Nothing told: a mediation sat two down to compare, and drew an arrow with no
            # answer, a legend's colour with no words (an author's report).
            continue
        listeners = [x for x in ev["participants"] if x != ev["actor"]] or \
            ([ev["target"]] if ev["target"] else [])
        data = ev["data"] if isinstance(ev["data"], dict) else {}
        lie = bool(data.get("lie")) or _said_seen_falsely(sim, ev, data)
        for to in listeners:
            tellings.append(Telling(ev["actor"], to, ev["value"] or "", ev["at"], lie,
                                    ev["kind"], bool(data.get("embellished"))))
            people |= {ev["actor"], to}
    return Told(claim, sorted(people), tellings)


def _said_seen_falsely(sim: Game, ev: dict, data: dict) -> bool:
    """A scripted lie about having seen it: the teller's lie says this value, 'saw', and
    they told it so — though they believed the value too, so the log's `lie` (a value told
    against belief) is false. Bo's tellings in The Missing Key went unmarked, and an author
    read that as 'my liar isn't lying'."""
    p = sim.people.get(ev["actor"])
    scripted = p.lies.get(ev["claim"]) if p is not None else None
    return bool(scripted) and scripted.get("value") == ev["value"] and \
        scripted.get("basis") == "saw" == data.get("basis") and data.get("origin") == ev["actor"]


def attention(sim: Game, day: int | None = None) -> Attention:
    """How each resident thought, hour by hour, on `day` (default: the last whole day run,
    or today)."""
    if day is None:
        day = max(1, clock.day_of(sim.now) - (1 if clock.time_of_day(sim.now) < 22 * 60
                                                 else 0))
    start = (day - 1) * clock.DAY
    hours = [start + h * clock.HOUR for h in range(24)]
    rows: dict[str, list[str | None]] = {rid: [None] * 24 for rid in sorted(sim.people)
                                         if rid != PLAYER}
    for at, rid, depth in sim.attention_log(start, start + clock.DAY):
        if rid in rows:
            rows[rid][(at - start) // clock.HOUR] = depth
    return Attention(day, hours, rows)


def accessibility(sim: Game, resident: str, claim: str) -> Access | None:
    s, _, a = claim.partition(".")
    b = sim.store.belief(resident, s, a, history=False)
    if b is None:
        return None
    last, h = b.last_evoked_at, b.half_life
    return Access(resident, claim, last, h, sim.now, last + int(DORMANT_AFTER * h),
                  last + int(GONE_AFTER * h))
