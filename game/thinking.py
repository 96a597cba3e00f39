"""Decisions, a system of the tick: once an hour (staggered by resident) each resident thinks
at the depth its remaining attention allows (epistemics §11) — full, reduced, or skipped with a
reason — and judges its reactions against its beliefs (`decide`), which may set an intent that
`game.pursuit` carries out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import attention, decide
from .people import AWAKE

if TYPE_CHECKING:
    from .town import Town

DECIDE_EVERY = 6  # ticks between a resident's judgements (hourly), staggered by resident


def due(tick_no: int, i: int) -> bool:
    """Whether the resident `i`-th in id order thinks in tick `tick_no`."""
    return (tick_no + i) % DECIDE_EVERY == 0


def think(town: Town, rid: str) -> None:
    """One cognitive step (hourly): judge beliefs against reactions, at the depth the
    remaining attention allows; a skip records why."""
    st = town.state[rid]
    if st.status != AWAKE:
        return _skipped(town, rid, attention.ASLEEP)
    if st.following or (st.intent is not None and st.intent.action != "stay"):
        return _skipped(town, rid, attention.BUSY)
    # News since the resident last thought; very important news raises the depth (§11).
    important = town.news.pop(rid, 0) >= attention.IMPORTANT_NEWS
    st.depth = attention.depth(attention.alpha(town, rid), important)
    if st.depth == attention.SKIP:
        return _skipped(town, rid, attention.EXHAUSTED)
    town.count("processing_" + st.depth)
    _log_attention(town, rid, st.depth, None)
    decide.decide(town, rid, reduced=st.depth == attention.REDUCED)


def _skipped(town: Town, rid: str, why: str) -> None:
    town.state[rid].depth = attention.SKIP
    town.count("processing_skipped")
    town.count("skipped_" + why)
    _log_attention(town, rid, attention.SKIP, why)


def _log_attention(town: Town, rid: str, depth: str, why: str | None) -> None:
    """Keep how the resident thought this hour, for the report's attention plot: written with
    the tick's other thoughts once all have thought (`write_log`)."""
    town.thoughts.append((town.now, rid, depth, why))


def write_log(town: Town) -> None:
    """Write this tick's record of how each resident thought (one statement, not one each)."""
    if town.thoughts:
        town.db.conn.executemany("INSERT OR REPLACE INTO attention_log (at, resident, depth, "
                                 "reason) VALUES (?, ?, ?, ?)", town.thoughts)
        town.thoughts = []

