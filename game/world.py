"""World truth (epistemics §1): places, objects, documents, facts with versions, and the log.

The world log is one append-only, time-ordered table of what happened; SQLite triggers refuse
any UPDATE or DELETE on it. Facts change only through `World.record()`, which writes the event
and its fact changes together — a belief never writes here.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from . import clock

# `json.dumps(data, sort_keys=True, separators=(",", ":"))` without making an encoder per event.
_data_json = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode

WORLD_SCHEMA_VERSION = 1

migrations = Migrations("hearsay.world")


@migrations(name="0001_world_tables")
def _v1(db: Database) -> None:
    db.executescript(
        """
        CREATE TABLE IF NOT EXISTS world_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS places (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL,
            x REAL NOT NULL, y REAL NOT NULL, spots TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS people (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, role TEXT NOT NULL, home TEXT NOT NULL,
            spec TEXT NOT NULL, is_player INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE IF NOT EXISTS objects (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, owner TEXT
        );
        CREATE TABLE IF NOT EXISTS documents (
            id TEXT PRIMARY KEY, name TEXT NOT NULL, place TEXT NOT NULL, text TEXT NOT NULL,
            says TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS facts (
            subject TEXT NOT NULL, attribute TEXT NOT NULL, value TEXT NOT NULL,
            version INTEGER NOT NULL, since INTEGER NOT NULL,
            PRIMARY KEY (subject, attribute)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS fact_history (
            id INTEGER PRIMARY KEY, subject TEXT NOT NULL, attribute TEXT NOT NULL,
            value TEXT NOT NULL, version INTEGER NOT NULL, at INTEGER NOT NULL, event_id INTEGER
        );
        CREATE TABLE IF NOT EXISTS world_log (
            id INTEGER PRIMARY KEY,
            at INTEGER NOT NULL,
            kind TEXT NOT NULL,
            actor TEXT,
            target TEXT,
            place TEXT,
            claim TEXT,
            value TEXT,
            summary TEXT NOT NULL,
            data TEXT NOT NULL,
            participants TEXT NOT NULL,
            witnesses TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS log_by_actor ON world_log (actor, kind);
        CREATE INDEX IF NOT EXISTS log_by_kind ON world_log (kind, at);
        CREATE TRIGGER IF NOT EXISTS world_log_no_update BEFORE UPDATE ON world_log
            BEGIN SELECT RAISE(ABORT, 'the world log is append-only'); END;
        CREATE TRIGGER IF NOT EXISTS world_log_no_delete BEFORE DELETE ON world_log
            BEGIN SELECT RAISE(ABORT, 'the world log is append-only'); END;
        CREATE TABLE IF NOT EXISTS presence (
            id INTEGER PRIMARY KEY, resident TEXT NOT NULL, place TEXT NOT NULL,
            since INTEGER NOT NULL, until INTEGER
        );
        CREATE INDEX IF NOT EXISTS presence_by_resident ON presence (resident, since);
        CREATE INDEX IF NOT EXISTS presence_by_place ON presence (place, since);
        CREATE TABLE IF NOT EXISTS relationships (
            a TEXT NOT NULL, b TEXT NOT NULL, affinity REAL NOT NULL,
            PRIMARY KEY (a, b)
        ) WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS decisions (
            id INTEGER PRIMARY KEY, at INTEGER NOT NULL, resident TEXT NOT NULL,
            reaction TEXT NOT NULL, action TEXT NOT NULL, class TEXT NOT NULL,
            claim TEXT NOT NULL, value TEXT NOT NULL, support REAL NOT NULL, bar REAL NOT NULL,
            outcome TEXT NOT NULL, via TEXT, used TEXT NOT NULL, verified_first INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS sim_state (
            resident TEXT PRIMARY KEY, state TEXT NOT NULL
        );
        """
    )


@migrations(name="0002_attention_log")
def _v2(db: Database) -> None:
    # How each resident thought at each hourly step (epistemics §11): full, reduced or skip,
    # and why a skip — what the report's attention plot draws. Game state, not world truth.
    db.executescript(
        """
        CREATE TABLE IF NOT EXISTS attention_log (
            at INTEGER NOT NULL, resident TEXT NOT NULL, depth TEXT NOT NULL, reason TEXT,
            PRIMARY KEY (resident, at)
        ) WITHOUT ROWID;
        """
    )


@migrations(name="0003_attention_by_minute")
def _v3(db: Database) -> None:
    # The attention log keyed by the minute first: it is written an hour's step at a time
    # for everyone (one place in the table, not a page per resident) and read by minutes.
    db.executescript(
        """
        CREATE TABLE attention_by_minute (
            at INTEGER NOT NULL, resident TEXT NOT NULL, depth TEXT NOT NULL, reason TEXT,
            PRIMARY KEY (at, resident)
        ) WITHOUT ROWID;
        INSERT INTO attention_by_minute (at, resident, depth, reason)
            SELECT at, resident, depth, reason FROM attention_log;
        DROP TABLE attention_log;
        ALTER TABLE attention_by_minute RENAME TO attention_log;
        """
    )


@dataclass
class Event:
    """A world event about to be recorded."""

    kind: str
    at: int
    summary: str
    actor: str | None = None
    target: str | None = None
    place: str | None = None
    claim: str | None = None
    value: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    participants: list[str] = field(default_factory=list)
    witnesses: list[str] = field(default_factory=list)
    changes: list[tuple[str, str, str]] = field(default_factory=list)  # (subject, attr, value)


# What two residents fall out by: acted on a belief against the other (game.pursuit).
GRIEVANCE_KINDS = ("avoid", "break_off", "accuse", "confront")
_GRIEVANCES = "(" + ", ".join(f"'{k}'" for k in GRIEVANCE_KINDS) + ")"


class World:
    """The world tables of one simulation database."""

    def __init__(self, db: Database):
        self.db = db
        migrations.apply(db)
        self._facts: dict[tuple[str, str], tuple[str, int]] = {}
        self.reload()

    def reload(self) -> None:
        self._aff: dict[tuple[str, str], float] | None = None
        self._presence: dict[str, int] = {}
        self._facts = {(r[0], r[1]): (r[2], r[3]) for r in self.db.execute(
            "SELECT subject, attribute, value, version FROM facts")}

    # -- meta ----------------------------------------------------------------------------------

    def meta(self, key: str, default: str | None = None) -> str | None:
        row = self.db.execute("SELECT value FROM world_meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else default

    def set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT INTO world_meta (key, value) VALUES (?, ?) ON CONFLICT (key) "
                        "DO UPDATE SET value = excluded.value", (key, value))

    # -- facts ---------------------------------------------------------------------------------

    def fact(self, subject: str, attribute: str) -> str | None:
        f = self._facts.get((subject, attribute))
        return f[0] if f else None

    def version(self, subject: str, attribute: str) -> int:
        f = self._facts.get((subject, attribute))
        return f[1] if f else 0

    def facts(self) -> dict[tuple[str, str], tuple[str, int]]:
        return dict(self._facts)

    def _set_fact(self, subject: str, attribute: str, value: str, at: int,
                  event_id: int | None) -> tuple[str, int] | None:
        """Change a fact (new version); returns (fact key, version), or None if unchanged."""
        cur = self._facts.get((subject, attribute))
        if cur is not None and cur[0] == value:
            return None
        version = (cur[1] if cur else 0) + 1
        self.db.execute(
            "INSERT INTO facts (subject, attribute, value, version, since) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (subject, attribute) DO UPDATE SET value = excluded.value, "
            "version = excluded.version, since = excluded.since",
            (subject, attribute, value, version, at))
        self.db.execute(
            "INSERT INTO fact_history (subject, attribute, value, version, at, event_id) "
            "VALUES (?, ?, ?, ?, ?, ?)", (subject, attribute, value, version, at, event_id))
        self._facts[(subject, attribute)] = (value, version)
        return (f"{subject}.{attribute}", version)

    def init_fact(self, subject: str, attribute: str, value: str, at: int) -> None:
        self._set_fact(subject, attribute, value, at, None)

    # -- the log -------------------------------------------------------------------------------

    def record(self, ev: Event) -> tuple[int, list[tuple[str, int]]]:
        """Append the event to the log and apply its fact changes; returns (id, changed)."""
        if ev.summary:
            ev.summary = ev.summary[0].upper() + ev.summary[1:]  # a sentence, in the log
        cur = self.db.conn.execute(
            "INSERT INTO world_log (at, kind, actor, target, place, claim, value, summary, data, "
            "participants, witnesses) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (ev.at, ev.kind, ev.actor, ev.target, ev.place, ev.claim, ev.value, ev.summary,
             _data_json(ev.data),
             json.dumps(sorted(ev.participants)), json.dumps(sorted(ev.witnesses))))
        eid = cur.lastrowid
        changed = []
        for s, a, v in ev.changes:
            c = self._set_fact(s, a, v, ev.at, eid)
            if c:
                changed.append(c)
        return eid, changed

    def log(self, *, since: int | None = None, kind: str | None = None,
            limit: int | None = None) -> list[dict]:
        where, params = [], []
        if since is not None:
            where.append("at >= ?")
            params.append(since)
        if kind is not None:
            where.append("kind = ?")
            params.append(kind)
        sql = "SELECT * FROM world_log" + (" WHERE " + " AND ".join(where) if where else "")
        sql += " ORDER BY id" + (f" LIMIT {int(limit)}" if limit else "")
        cur = self.db.execute(sql, params)
        cols = [d[0] for d in cur.description]
        out = []
        for row in cur:
            d = dict(zip(cols, row, strict=True))
            d["data"] = json.loads(d["data"])
            d["participants"] = json.loads(d["participants"])
            d["witnesses"] = json.loads(d["witnesses"])
            out.append(d)
        return out

    def entry(self, event_ref: str | None) -> dict | None:
        """A world event cited as evidence ("w12") as `log` gives it; None if not one."""
        if not event_ref or not event_ref.startswith("w") or not event_ref[1:].isdigit():
            return None
        cur = self.db.execute("SELECT * FROM world_log WHERE id = ?", (int(event_ref[1:]),))
        row = cur.fetchone()
        if row is None:
            return None
        d = dict(zip([c[0] for c in cur.description], row, strict=True))
        for k in ("data", "participants", "witnesses"):
            d[k] = json.loads(d[k])
        return d

    def event(self, event_ref: str | None) -> tuple[str, dict] | None:
        """(kind, data) of a world event cited as evidence ("w12"); None if it is not one."""
        if not event_ref or not event_ref.startswith("w") or not event_ref[1:].isdigit():
            return None
        row = self.db.execute("SELECT kind, data FROM world_log WHERE id = ?",
                              (int(event_ref[1:]),)).fetchone()
        if not row:
            return None
        try:
            return row[0], json.loads(row[1])
        except (TypeError, ValueError):  # not JSON: nothing to say of it
            return None

    def summary_of(self, event_ref: str | None) -> str:
        """What happened at a world event cited as evidence ("w12"), or where someone was, for
        a presence record ("p7": "Fen was at Ada's Café, day 1 08:00–08:45"); "" if neither."""
        if event_ref and event_ref.startswith("p") and event_ref[1:].isdigit():
            got = self.presence_words(int(event_ref[1:]))
            if got is None:
                return ""
            rid, place, since, until = got
            name = self.db.execute("SELECT name, is_player FROM people WHERE id = ?",
                                   (rid,)).fetchone()
            where = self.db.execute("SELECT name FROM places WHERE id = ?", (place,)).fetchone()
            span = f"{clock.fmt(since)}–{clock.fmt_clock(until)}" if until is not None else \
                f"from {clock.fmt(since)}"
            # The player named "You" (as scenarios name them) takes "were".
            was = "were" if name and name[1] and name[0] == "You" else "was"
            return f"{name[0] if name else rid} {was} at {where[0] if where else place}, {span}"
        if not event_ref or not event_ref.startswith("w") or not event_ref[1:].isdigit():
            return ""
        row = self.db.execute("SELECT summary FROM world_log WHERE id = ?",
                              (int(event_ref[1:]),)).fetchone()
        return row[0] if row else ""

    def count_events(self, kind: str | None = None, actor: str | None = None,
                     target: str | None = None, event_id: str | None = None) -> int:
        where, params = [], []
        for col, val in (("kind", kind), ("actor", actor), ("target", target)):
            if val is not None:
                where.append(f"{col} = ?")
                params.append(val)
        if event_id is not None:
            where.append("json_extract(data, '$.id') = ?")
            params.append(event_id)
        sql = "SELECT count(*) FROM world_log" + (" WHERE " + " AND ".join(where) if where else "")
        return self.db.execute(sql, params).fetchone()[0]

    def grievances(self, a: str, b: str) -> set[str]:
        """The claims two residents fell out over since they last made peace: what either
        acted on in avoiding, breaking off with, accusing or confronting the other."""
        pair = "((actor = :a AND target = :b) OR (actor = :b AND target = :a))"
        return {r[0] for r in self.db.execute(
            f"SELECT DISTINCT claim FROM world_log WHERE {pair} AND kind IN {_GRIEVANCES} AND "
            f"claim IS NOT NULL AND id > coalesce((SELECT max(id) FROM world_log WHERE {pair} "
            "AND kind = 'reconcile'), 0)", {"a": a, "b": b})}

    def log_hash(self) -> str:
        """SHA-256 of the whole world log, row by row in order: equal logs, equal hashes."""
        h = hashlib.sha256()
        for row in self.db.execute(
                "SELECT id, at, kind, actor, target, place, claim, value, summary, data, "
                "participants, witnesses FROM world_log ORDER BY id"):
            h.update(json.dumps(row, separators=(",", ":")).encode())
            h.update(b"\n")
        return h.hexdigest()

    # -- relationships and presence --------------------------------------------------------------

    def affinity(self, a: str, b: str) -> float:
        """How `a` feels about `b`, -1..1 (read from a write-through cache of the table)."""
        if self._aff is None:
            self._aff = {(r[0], r[1]): r[2] for r in self.db.execute(
                "SELECT a, b, affinity FROM relationships")}
        return self._aff.get((a, b), 0.0)

    def set_affinity(self, a: str, b: str, value: float) -> None:
        value = max(-1.0, min(1.0, round(value, 4)))
        self.db.execute("INSERT INTO relationships (a, b, affinity) VALUES (?, ?, ?) "
                        "ON CONFLICT (a, b) DO UPDATE SET affinity = excluded.affinity",
                        (a, b, value))
        if self._aff is not None:
            self._aff[(a, b)] = value

    def move(self, resident: str, place: str, at: int) -> None:
        open_id = self._presence.get(resident)
        if open_id is not None:  # the one open record, known: closed by its id
            self.db.execute("UPDATE presence SET until = ? WHERE id = ? AND until IS NULL",
                            (at, open_id))
        else:
            self.db.execute("UPDATE presence SET until = ? WHERE resident = ? AND until IS "
                            "NULL", (at, resident))
        cur = self.db.conn.execute("INSERT INTO presence (resident, place, since) VALUES "
                                   "(?, ?, ?)", (resident, place, at))
        self._presence[resident] = cur.lastrowid

    def presence_id(self, resident: str, at: int | None = None) -> int | None:
        """The presence record of where the resident is now (or was at minute `at`): what a
        sighting of them points back at."""
        if at is None:
            pid = self._presence.get(resident)
            if pid is not None:
                return pid
            row = self.db.execute("SELECT max(id) FROM presence WHERE resident = ? AND until "
                                  "IS NULL", (resident,)).fetchone()
            if row and row[0] is not None:
                self._presence[resident] = row[0]
            return row[0] if row else None
        row = self.db.execute(
            "SELECT id FROM presence WHERE resident = ? AND since <= ? AND coalesce(until, ?) "
            "> ? ORDER BY id DESC LIMIT 1", (resident, at, at + 1, at)).fetchone()
        return row[0] if row else None

    def presence_words(self, pid: int) -> tuple[str, str, int, int | None] | None:
        """(resident, place, since, until) of a presence record."""
        row = self.db.execute("SELECT resident, place, since, until FROM presence WHERE id = ?",
                              (pid,)).fetchone()
        return tuple(row) if row else None

    def whereabouts(self, resident: str, start: int, end: int) -> list[tuple[str, int, int]]:
        """Where the resident was between `start` and `end`: [(place, from, to)]."""
        rows = self.db.execute(
            "SELECT place, since, coalesce(until, ?) FROM presence WHERE resident = ? AND "
            "since < ? AND coalesce(until, ?) > ? ORDER BY since",
            (end, resident, end, end, start)).fetchall()
        return [(p, max(s, start), min(u, end)) for p, s, u in rows]

    def present_at(self, place: str, start: int, end: int) -> list[str]:
        rows = self.db.execute(
            "SELECT DISTINCT resident FROM presence WHERE place = ? AND since < ? AND "
            "coalesce(until, ?) > ? ORDER BY resident", (place, end, end, start)).fetchall()
        return [r[0] for r in rows]


def fmt_event(ev: dict) -> str:
    return f"{clock.fmt(ev['at'])}  {ev['summary']}"
