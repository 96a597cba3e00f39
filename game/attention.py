"""Attention: how deeply a resident can think this hour (epistemics §11, seed 001).

Each resident has a daily budget of wake hours × 6 ten-minute slots. Being awake, acting and
taking in news spend it; sleep restores it. The fraction left, α, picks how each cognitive step
runs: full (α ≥ ⅔), reduced (⅓ ≤ α < ⅔: recall fewer memories, keep the current plan rather
than weigh new ones) or skipped (α < ⅓ — or asleep, or busy carrying out a plan), and a skip
records its reason. Very important news raises the depth one level.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import clock
from .people import AWAKE

if TYPE_CHECKING:
    from .town import Attentive

FULL, REDUCED, SKIP = "full", "reduced", "skip"
ASLEEP, BUSY, EXHAUSTED = "asleep", "busy", "exhausted"

AWAKE_COST = 0.5  # slots per awake tick, doing nothing in particular
ACTION_COST = 0.5  # an action (talking, going somewhere, doing something) on top
ARRIVAL_COST = 0.15  # each piece of news taken in
IMPORTANT_NEWS = 8  # importance at which news raises the depth one level


def budget(wake_minutes: int) -> float:
    """A day's budget: wake hours × slots per hour."""
    return wake_minutes / clock.TICK


def recover_per_tick(wake_minutes: int) -> float:
    sleep = max(clock.TICK, clock.DAY - wake_minutes)
    return budget(wake_minutes) / (sleep / clock.TICK)


def depth(alpha: float, important: bool = False) -> str:
    level = 2 if alpha >= 2 / 3 else 1 if alpha >= 1 / 3 else 0
    if important:
        level = min(2, level + 1)
    return (SKIP, REDUCED, FULL)[level]


def alpha(town: Attentive, rid: str) -> float:
    """α: the fraction of today's attention budget left."""
    st, person = town.state[rid], town.people[rid]
    full = budget(person.wake_minutes)
    if st.attention < 0:
        st.attention = full
    return st.attention / full


def spend(town: Attentive) -> None:
    """Being awake, acting and taking in news spend attention; sleep restores it."""
    arrivals, town.arrivals = town.arrivals, {}
    acted, town.acting = town.acting, set()
    for rid in town.in_order:
        person, st = town.people[rid], town.state[rid]
        if person.is_player:
            continue
        full = budget(person.wake_minutes)
        if st.attention < 0:
            st.attention = full
        if st.status == AWAKE:
            cost = AWAKE_COST + ARRIVAL_COST * arrivals.get(rid, 0)
            if rid in acted:
                cost += ACTION_COST
            st.attention = max(0.0, st.attention - cost)
        else:
            st.attention = min(full, st.attention + recover_per_tick(person.wake_minutes))


def attention_log(db, start: int, end: int) -> list[tuple[int, str, str]]:
    """(minute, resident, depth) of every hourly step between `start` and `end`."""
    return [tuple(r) for r in db.execute(
        "SELECT at, resident, depth FROM attention_log WHERE at >= ? AND at < ? "
        "ORDER BY at, resident", (start, end))]
