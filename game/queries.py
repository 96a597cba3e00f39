"""Read-only questions about the town a window or report asks: where everyone was at a past
minute, which world events a resident took part in or saw, what a save holds without loading
it, and what scenario and seed a run started from (to start it again).

Nothing here changes the world or anyone's memory: the world reads are single SELECTs over the
presence record and the append-only world log.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from memory.driver import sqlite3

if TYPE_CHECKING:
    from .scenario.loader import LoadedScenario
    from .town import Game

_LOG_COLUMNS = ("id", "at", "kind", "actor", "target", "place", "claim", "value", "summary",
                "data", "participants", "witnesses")
_JSON_COLUMNS = ("data", "participants", "witnesses")


class SaveInfo(NamedTuple):
    """What a save file holds, read without loading it."""

    scenario: str  # the scenario's id
    now: int  # the sim minute it was saved at
    ending: str | None  # the ending reached, if the story is over
    title: str | None = None  # the story's title, as the save's own scenario text gives it


def positions_at(sim: Game, at: int) -> dict[str, str]:
    """{resident: place} at minute `at`, from the presence record (residents with no record
    then are absent)."""
    rows = sim.db.execute(
        "SELECT resident, place FROM presence WHERE since <= ? AND coalesce(until, ?) > ? "
        "ORDER BY id", (at, at + 1, at)).fetchall()
    return {r[0]: r[1] for r in rows}


def looks_round(sim: Game, who: str, place: str, since: int) -> tuple[int | None, int]:
    """(the latest minute, how many times) `who` looked round `place` — no one spot — at or
    after `since`: each such look reads what is posted there (game.player.search)."""
    row = sim.db.execute(
        "SELECT max(at), count(*) FROM world_log WHERE kind = 'look' AND actor = ? AND "
        "place = ? AND at >= ? AND json_extract(data, '$.spot') IS NULL", (who, place, since)
    ).fetchone()
    return (row[0], row[1]) if row else (None, 0)


def seen_events(sim: Game, resident: str | None, after_id: int = 0,
                limit: int = 2000) -> list[dict]:
    """World events after id `after_id` that `resident` took part in or witnessed (every
    event if `resident` is None), oldest first, at most `limit`, as `World.log()` rows."""
    sql = f"SELECT {', '.join(_LOG_COLUMNS)} FROM world_log WHERE id > ?"
    params: list = [after_id]
    if resident is not None:
        sql += (" AND (EXISTS (SELECT 1 FROM json_each(participants) WHERE value = ?) OR "
                "EXISTS (SELECT 1 FROM json_each(witnesses) WHERE value = ?))")
        params += [resident, resident]
    sql += " ORDER BY id LIMIT ?"
    params.append(int(limit))
    out = []
    for row in sim.db.execute(sql, params).fetchall():
        d = dict(zip(_LOG_COLUMNS, row, strict=True))
        for col in _JSON_COLUMNS:
            d[col] = json.loads(d[col])
        out.append(d)
    return out


def peek_save(path: str | Path) -> SaveInfo | None:
    """A save's scenario, time and ending, read without loading or changing it; None if the
    file is missing, is not a save, or its values do not parse (loading it says why)."""
    from . import savecheck

    path = Path(path)
    try:
        savecheck.check_file(path)
        conn = savecheck.connect_readonly(path)
    except savecheck.SaveError:
        return None
    try:
        meta = dict(conn.execute("SELECT key, substr(value, 1, 4096) FROM world_meta WHERE "
                                 "key IN ('scenario', 'now', 'ending', 'scenario_text')"
                                 ).fetchall())
    except sqlite3.Error:
        return None
    finally:
        conn.close()
    parsers = savecheck.META["world_meta"]
    try:
        scenario = parsers["scenario"][1](meta["scenario"])
        now = parsers["now"][1](meta.get("now") or "0")
        ending = parsers["ending"][1](meta["ending"]) if meta.get("ending") else None
    except (KeyError, TypeError, ValueError):
        return None
    return SaveInfo(str(scenario), int(str(now)), str(ending) if ending else None,
                    _title(meta.get("scenario_text")))


_TITLE = re.compile(r'^\[scenario\][^\[]*?^title\s*=\s*"([^"\\\n]{1,120})"\s*$', re.M | re.S)


def _title(text: object) -> str | None:
    """The title line of the scenario's head (a plain string, as shipped scenarios and
    generated towns write it), read without parsing the whole scenario; None otherwise."""
    if not isinstance(text, str):
        return None
    m = _TITLE.search(text)
    got = m.group(1).strip() if m else ""
    return got if got and got.isprintable() else None


def started_from(sim: Game) -> tuple[LoadedScenario, int]:
    """The scenario a run began from — its text as it was then, kept in the world, so even a
    generated town or a since-edited file comes back the same — and the run's seed."""
    from .generate import saved_scenario_text

    text = sim.world.meta("scenario_text") or ""
    loaded = saved_scenario_text(text, Path(sim.world.meta("scenario_file") or "scenario.toml"))
    loaded.templates = dict(sim.templates)  # the templates it ran with, never a folder's
    return loaded, int(sim.world.meta("seed") or 0)


def restart(sim: Game) -> Game:
    """A fresh run of the scenario and seed `sim` started from (see `started_from`): a new
    game of the same kind."""
    loaded, seed = started_from(sim)
    return type(sim).new(loaded, seed)  # type: ignore[attr-defined]
