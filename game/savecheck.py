"""What a save must be before anything reads it: the checks of the one save gate (`game.save`).

- **The file**: a regular file, not empty and not too big, with SQLite's header, whole pages
  only, as many as its header says, in rollback-journal mode (how saves are written).
- **The version**: `PRAGMA user_version` and the `save_version` meta value are not newer than
  ours; every migration the save records is one we know, in our order.
- **The schema**: exactly what our migrations build — derived, not listed: a fresh database is
  built by applying the registered migration sets (as far as the save had applied them) and its
  tables, columns, indexes, triggers and views are compared with the save's. A new table or
  column therefore needs nothing here: add a migration to one of `MIGRATION_SETS`.
- **The meta values**: every `world_meta` and `memory_meta` key is known and its value parses
  (`META` below; a new key registers its parser there).
- **The content**: a SHA-256 over every row of every table, written with the save, matches —
  a flipped byte anywhere in the data is found, not just where SQLite looks. A save without
  one must be one a version-1 Hearsay could have written (`check_version_1`).
- **The rows**: every value of its column's type, JSON of its shape, text UTF-8; and what
  the rows mean — who and what they name exists, closed sets, ranges, the JSON inside them
  (`game.saverows`): checked whether or not a checksum vouches for them.

Every failure is a `SaveError` saying what is wrong; nothing here writes to the file.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import re
import stat
from collections.abc import Callable
from functools import cache
from pathlib import Path

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

from memory.args import MAX_TIME
from memory.driver import sqlite3
from memory.schema import migrations as memory_migrations

from . import saverows
from .generate import MAX_GENERATED_CHARS
from .transcript import migrations as transcript_migrations
from .world import migrations as world_migrations

MAX_MESSAGE = 500  # characters in a refusal (a long path and a short reason fit)
SAVE_FORMAT = "hearsay-save"
SAVE_VERSION = 2  # 2: content checksum, user_version, the scenario's own templates in meta
MAX_SAVE_BYTES = 1 << 30  # 1 GiB: a save is copied into memory to be played
MIGRATION_SETS: tuple[Migrations, ...] = (world_migrations, memory_migrations,
                                          transcript_migrations)
MIGRATIONS_TABLE = Migrations.migrations_table
CHECKSUM_KEY = "checksum"
_HEADER = b"SQLite format 3\x00"


class SaveError(Exception):
    """A save that cannot be used (or a file that must not be written over); the file is
    left exactly as it was. Its message is one line, whatever was put in it."""

    def __init__(self, message: str):
        text = " ".join(str(message).split())
        super().__init__(text if len(text) <= MAX_MESSAGE else text[:MAX_MESSAGE - 3] + "...")


# -- the file -----------------------------------------------------------------------------------


def check_file(path: Path) -> None:
    """A regular file that looks like a whole SQLite database in rollback-journal mode."""
    try:
        st = path.stat()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read it ({exc.strerror})") from None
    if stat.S_ISDIR(st.st_mode):
        raise SaveError(f"{path}: is a folder, not a save file")
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(f"{path}: not a regular file (a pipe, device or socket); not a save")
    check_side_files(path)
    if st.st_size > MAX_SAVE_BYTES:
        raise SaveError(f"{path}: {st.st_size:,} bytes is more than a save may be "
                        f"({MAX_SAVE_BYTES:,})")
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError as exc:
        raise SaveError(f"{path}: cannot read it ({exc.strerror})") from None
    if len(head) < 100 or head[:16] != _HEADER:
        raise SaveError(f"{path}: not a Hearsay save (not an SQLite database)")
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    if page < 512 or page & (page - 1):
        raise SaveError(f"{path}: the save is damaged (bad page size in its header)")
    if head[18] != 1 or head[19] != 1:
        if _memory_store(path):
            # A developer's own store, or its backup() (a developer's trial read "a database in
            # WAL mode" and did not know what to do instead).
            raise SaveError(f"{path}: a memory store, not a game save: these tools read what "
                            "the game saves; read a store in Python with MemoryStore(path) "
                            "and its beliefs(), explain() and history()")
        raise SaveError(f"{path}: not a save Hearsay wrote (a database in WAL mode)")
    encoding = int.from_bytes(head[56:60], "big")
    if encoding in (2, 3):
        # (UTF-16 text: "malformed database schema (獟汱瑩彥…)"; a save fuzz)
        raise SaveError(f"{path}: not a save Hearsay wrote (its text is not in UTF-8)")
    if encoding not in (0, 1):
        raise SaveError(f"{path}: the save is damaged (bad text encoding in its header)")
    if st.st_size % page:
        raise SaveError(f"{path}: the save is damaged (truncated or padded: {st.st_size:,} "
                        f"bytes is not a whole number of {page:,}-byte pages)")
    counter, pages, valid_for = (int.from_bytes(head[a:a + 4], "big") for a in (24, 28, 92))
    if valid_for == counter and pages and pages != st.st_size // page:
        raise SaveError(f"{path}: the save is damaged (its header says {pages:,} pages, the "
                        f"file holds {st.st_size // page:,})")


def check_side_files(path: Path) -> None:
    """No journal or write-ahead log of another program's beside the save. Hearsay writes a
    save whole and renames it into place, so one is another program's — writing the save now,
    or stopped while it did: the save was read without it, and one written over it was then
    ruined by SQLite playing the stale file back into it (a save fuzz)."""
    for suffix in ("-journal", "-wal"):
        side = path.with_name(path.name + suffix)
        try:
            size = side.stat().st_size
        except OSError:
            continue
        if size > 0:
            # (not "move it away": a hot journal is what undoes a half-written save; a
            # review)
            raise SaveError(f"{path}: {side.name} lies beside it — another program has the "
                            "save open and is writing it, or stopped while it was; close that "
                            "program and try again (if none is running, `sqlite3 "
                            f"{path.name} 'PRAGMA integrity_check'` lets SQLite finish or "
                            "undo what it left)")


def in_use(path: Path) -> bool:
    """Whether another program holds the save locked for writing (SQLite's own lock: one
    written over then lost that program's work, with exit 0; a save fuzz)."""
    from urllib.parse import quote

    try:
        conn = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True,
                               timeout=0)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            conn.close()
    except sqlite3.OperationalError as exc:
        return "locked" in str(exc) or "busy" in str(exc)
    except (sqlite3.Error, OSError, ValueError):
        return False
    return False


def _memory_store(path: Path) -> bool:
    """Whether a database not written as a save holds a memory store's tables and no world
    (read without writing a byte; any failure is "no")."""
    try:
        conn = connect_readonly(path)
        try:
            names = {r[0] for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            conn.close()
    except (SaveError, sqlite3.Error):
        return False
    return {"memory_meta", "evidence"} <= names and "world_meta" not in names


def connect_readonly(path: Path) -> sqlite3.Connection:
    """Open without any chance of writing: read-only and immutable (no journal is played back,
    no -shm or -wal file is made)."""
    from urllib.parse import quote

    uri = f"file:{quote(str(path.resolve()))}?mode=ro&immutable=1"
    try:
        conn = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise SaveError(f"{path}: cannot open: {brief(exc)}") from None
    # A damaged file's text (even SQLite's own report on it) may not be UTF-8: read it
    # leniently here; the strict reading of the copy finds and names the damage.
    conn.text_factory = lambda b: b.decode("utf-8", "replace")
    return conn


def check_integrity(conn: sqlite3.Connection, path: Path) -> None:
    rows = conn.execute("PRAGMA integrity_check(3)").fetchall()
    if [r[0] for r in rows] != ["ok"]:
        # SQLite's report runs over lines ("*** in database main ***\nOn tree page 14 ..."):
        # a refusal is one short line.
        found = "; ".join(str(r[0]).replace("*** in database main ***", "") for r in rows)
        raise SaveError(f"{path}: the save is damaged ({brief(found)})")


def check_constraints(conn: sqlite3.Connection, path: Path) -> None:
    """Every row keeps its table's CHECK and NOT NULL constraints (read from the copy: an
    immutable file's integrity check leaves them out)."""
    rows = conn.execute("PRAGMA quick_check(3)").fetchall()
    if [r[0] for r in rows] != ["ok"]:
        found = "; ".join(str(r[0]).replace("*** in database main ***", "") for r in rows)
        raise SaveError(f"{path}: the save is damaged ({brief(found)})")


def check_references(conn: sqlite3.Connection, path: Path) -> None:
    """Every reference the schema declares points at a row (once the schema is known to be
    ours): a version or a premise of a belief that is not there crashed the report (a
    fuzzer)."""
    bad = conn.execute("PRAGMA foreign_key_check").fetchone()
    if bad is not None:
        table, rowid, parent = bad[0], bad[1], bad[2]
        row = f", row {rowid}" if rowid is not None else ""
        raise SaveError(f"{path}: the save is damaged ({table}{row}: points at no row of "
                        f"{parent})")


# -- the version and the schema -----------------------------------------------------------------


def check_versions(conn: sqlite3.Connection, path: Path) -> dict[str, str]:
    """The save's world meta, once its format and version are ours."""
    user_version = conn.execute("PRAGMA user_version").fetchone()[0]
    if user_version > SAVE_VERSION:
        raise SaveError(f"{path}: saved by a newer Hearsay (file version {user_version}; this "
                        f"one reads up to {SAVE_VERSION})")
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "world_meta" not in tables:
        raise SaveError(f"{path}: not a Hearsay save (no world_meta table)")
    try:
        meta = {str(k): v for k, v in conn.execute("SELECT key, value FROM world_meta")}
    except sqlite3.Error as exc:
        raise SaveError(f"{path}: the save is damaged (world_meta: {brief(exc)})") from None
    if meta.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a Hearsay save")
    raw = meta.get("save_version")
    if not isinstance(raw, str) or not re.fullmatch(r"[1-9][0-9]{0,5}", raw):
        raise SaveError(f"{path}: the save is damaged (save_version is {_show(raw)}, not a "
                        "version number)")
    version = int(raw)
    if version > SAVE_VERSION:
        raise SaveError(f"{path}: saved by a newer Hearsay (save version {version}; this one "
                        f"reads up to {SAVE_VERSION})")
    if version >= 2 and user_version != version:
        raise SaveError(f"{path}: the save is damaged (file version {user_version}, save "
                        f"version {version})")
    if MIGRATIONS_TABLE not in tables:
        raise SaveError(f"{path}: not a Hearsay save (no record of its migrations)")
    return meta


def applied_migrations(conn: sqlite3.Connection, path: Path) -> tuple[tuple[str, ...], ...]:
    """For each of our migration sets, how many of its migrations the save has (as names);
    a set or migration we do not know means a newer Hearsay wrote it."""
    try:
        rows = conn.execute(f"SELECT migration_set, name FROM {MIGRATIONS_TABLE} "
                            "ORDER BY rowid").fetchall()
    except sqlite3.Error as exc:
        raise SaveError(f"{path}: the save is damaged ({MIGRATIONS_TABLE}: {brief(exc)})") from None
    known = {m.name: m for m in MIGRATION_SETS}
    done: dict[str, list[str]] = {name: [] for name in known}
    for set_name, name in rows:
        if not isinstance(name, str) or not isinstance(set_name, str):
            # (a NULL name was "saved by a newer Hearsay (migration None…)"; a save fuzz)
            raise SaveError(f"{path}: the save is damaged ({MIGRATIONS_TABLE}: a record "
                            "with no name)")
        if set_name not in known:
            raise SaveError(f"{path}: saved by a newer Hearsay (it has tables of "
                            f"{_show(set_name)}, which this one does not know)")
        done[set_name].append(name)
    out = []
    for m in MIGRATION_SETS:
        ours = [x.name for x in m._migrations]
        theirs = done[m.name]
        if theirs != ours[:len(theirs)]:
            unknown = [x for x in theirs if x not in ours]
            if unknown:
                raise SaveError(f"{path}: saved by a newer Hearsay (migration "
                                f"{_show(unknown[0])} of {m.name} is not one this one knows)")
            raise SaveError(f"{path}: the save is damaged (its migrations of {m.name} are out "
                            "of order)")
        out.append(tuple(theirs))
    return tuple(out)


def schema_of(conn: sqlite3.Connection) -> dict[str, tuple]:
    """Every table, index, trigger and view (SQLite's own aside) with what defines it: a
    table's columns (name, type, not null, default, key); the SQL of the rest."""
    out: dict[str, tuple] = {}
    objects = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT "
                           "LIKE 'sqlite_%' ORDER BY name").fetchall()
    for kind, name, table, sql in objects:
        if kind == "table":
            cols = tuple(tuple(r[1:]) for r in conn.execute(
                "SELECT * FROM pragma_table_info(?)", (name,)))
            virtual = (sql or "").upper().startswith("CREATE VIRTUAL")
            out[name] = (kind, table, cols, " ".join((sql or "").split()) if virtual else "")
        else:
            out[name] = (kind, table, (), " ".join((sql or "").split()))
    return out


@cache
def expected_schema(applied: tuple[tuple[str, ...], ...]) -> dict[str, tuple]:
    """The schema our migrations build, applied as far as `applied` says for each set."""
    db = Database(memory=True)
    for m, names in zip(MIGRATION_SETS, applied, strict=True):
        pending = [x.name for x in m._migrations][len(names):]
        m.apply(db, stop_before=pending[0] if pending else None)
    try:
        return schema_of(db.conn)
    finally:
        db.close()


def check_schema(conn: sqlite3.Connection, path: Path,
                 applied: tuple[tuple[str, ...], ...]) -> None:
    want, have = expected_schema(applied), schema_of(conn)
    for name in sorted(set(want) - set(have)):
        raise SaveError(f"{path}: the save is damaged (missing {want[name][0]} {name})")
    # What a later migration makes, made, beside no record of it: the records are what is
    # damaged ("an extra table 'attention_log'" and "index beliefs_aging is not as Hearsay
    # makes it" said nothing of the records deleted; a save fuzz).
    full = expected_schema(tuple(tuple(x.name for x in m._migrations) for m in MIGRATION_SETS))
    if applied != tuple(tuple(x.name for x in m._migrations) for m in MIGRATION_SETS):
        for name in sorted(have):
            if want.get(name) != have[name] and full.get(name) == have[name]:
                raise SaveError(f"{path}: the save is damaged ({MIGRATIONS_TABLE} lacks the "
                                f"record of a migration whose {have[name][0]} {_show(name)} "
                                "it has)")
    for name in sorted(set(have) - set(want)):
        raise SaveError(f"{path}: not a save Hearsay wrote (an extra {have[name][0]} "
                        f"{_show(name)})")
    for name in sorted(want):
        if want[name] != have[name]:
            kind = want[name][0]
            if kind == "table" and want[name][2] != have[name][2]:
                w = [c[0] for c in want[name][2]]
                h = [c[0] for c in have[name][2]]
                # What differs, not every column of both (a refusal is one short line).
                extra = [_show(c) for c in h if c not in w]
                missing = [c for c in w if c not in h]
                what = "; ".join(
                    ([f"unexpected column {', '.join(extra)}"] if extra else []) +
                    ([f"missing column {', '.join(missing)}"] if missing else [])) or (
                    "its columns are out of order" if w != h else
                    "its columns' types or constraints differ")
                raise SaveError(f"{path}: the save is damaged (table {name}: {what})")
            raise SaveError(f"{path}: the save is damaged ({kind} {name} is not as Hearsay "
                            "makes it)")


def check_indexes(conn: sqlite3.Connection, path: Path) -> None:
    """Full-text indexes agree with their content (SQLite's own check skips them)."""
    for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                "sql LIKE 'CREATE VIRTUAL TABLE%USING fts5%'").fetchall():
        q = _quote(name)
        try:
            conn.execute(f"INSERT INTO {q} ({q}) VALUES ('integrity-check')")
        except sqlite3.Error as exc:
            raise SaveError(f"{path}: the save is damaged (index {name}: {brief(exc)})") from None
        finally:
            conn.rollback()  # the check is written as an INSERT: close its transaction


# -- meta values --------------------------------------------------------------------------------


def _int(lo: int, hi: int) -> Callable[[str], object]:
    def parse(v: str) -> int:
        if not re.fullmatch(r"-?[0-9]{1,20}", v):
            raise ValueError("not a whole number")
        n = int(v)
        if not lo <= n <= hi:
            raise ValueError(f"{n} is not between {lo} and {hi}")
        return n
    return parse


def _ident(v: str) -> str:
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,59}", v):
        raise ValueError("not an id")
    return v


def _text(limit: int) -> Callable[[str], object]:
    def parse(v: str) -> str:
        if len(v) > limit:
            raise ValueError(f"longer than {limit:,} characters")
        return v
    return parse


def _json(v: str, limit: int = 1 << 20) -> object:
    if len(v) > limit:
        raise ValueError(f"longer than {limit:,} characters")
    try:
        return json.loads(v)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def _rng(v: str) -> object:
    state = _json(v, 64_000)
    if not (isinstance(state, list) and len(state) == 3 and isinstance(state[1], list)
            and all(type(x) is int for x in state[1])
            and (state[2] is None or type(state[2]) is float)):
        raise ValueError("not a random generator's state")
    try:
        random.Random().setstate((state[0], tuple(state[1]), state[2]))
    except (TypeError, ValueError, OverflowError) as exc:
        raise ValueError(f"not a random generator's state ({exc})") from None
    return state


def _counters(v: str) -> object:
    c = _json(v)
    if not isinstance(c, dict) or not all(type(n) is int and 0 <= n < 2**62 for n in c.values()):
        raise ValueError("not a table of counts")
    return c


def _templates(v: str) -> object:
    from .templates import TEMPLATE_NAMES

    t = _json(v, 1 << 20)
    if not isinstance(t, dict) or not all(k in TEMPLATE_NAMES and isinstance(s, str)
                                          for k, s in t.items()):
        raise ValueError("not a set of templates")
    return t


def _checksum(v: str) -> str:
    if not re.fullmatch(r"[0-9a-f]{64}", v):
        raise ValueError("not a SHA-256")
    return v


def _fraction(v: str) -> float:
    if len(v) > 30:
        raise ValueError("not a number")
    x = float(v)
    if not (math.isfinite(x) and 0 <= x <= 1):
        raise ValueError("not between 0 and 1")
    return x


def _flag(v: str) -> bool:
    if v not in ("0", "1"):
        raise ValueError("not 0 or 1")
    return v == "1"


def _memory_params(v: str) -> object:
    from pydantic import ValidationError

    from memory.params import MemoryParams

    if len(v) > 100_000:
        raise ValueError("too long")
    try:
        return MemoryParams.model_validate_json(v)
    except ValidationError as exc:
        # Which parameter, and why ("not the memory model's parameters" said neither; a save
        # fuzz).
        err = exc.errors(include_url=False)[0]
        where = ".".join(str(x) for x in err["loc"])
        raise ValueError("not the memory model's parameters ("
                         + (f"{_show(where)}: " if where else "") + f"{err['msg'][:120]})"
                         ) from None


def _policy(v: str) -> str:
    from memory.revision import POLICIES

    if v not in POLICIES:
        raise ValueError("not a revision policy")
    return v


# table -> key -> (required, parser). A new meta key registers its parser here (the gate
# refuses keys it does not know: a newer Hearsay's, or garbage).
META: dict[str, dict[str, tuple[bool, Callable[[str], object]]]] = {
    "world_meta": {
        "format": (True, _text(40)),
        "save_version": (True, _int(1, SAVE_VERSION)),
        CHECKSUM_KEY: (False, _checksum),
        "scenario": (True, _ident),
        # (a generated town's may be longer: `game.generate.saved_scenario_text` checks it)
        "scenario_text": (True, _text(MAX_GENERATED_CHARS)),
        "scenario_file": (False, _text(4096)),
        "templates": (False, _templates),
        "seed": (True, _int(-(2**63), 2**63 - 1)),
        # (room left for the longest run from it: `run --days` takes up to 3,650 days)
        "now": (True, _int(0, MAX_TIME - 4000 * 24 * 60)),
        "rng": (True, _rng),
        "counters": (False, _counters),
        "ending": (False, _ident),
        "open_minds": (False, _flag),
    },
    "memory_meta": {
        "policy": (True, _policy),
        "default_trust": (False, _fraction),
        "params": (False, _memory_params),
        "seed": (False, _int(-(2**63), 2**63 - 1)),
        "versions": (False, _flag),  # version tracking (memory.store), "1" unless switched off
        # How far the hourly passes have run (memory.lifecycle), once they have.
        "access_pass_at": (False, _int(0, MAX_TIME)),
        "lookback_pass_at": (False, _int(0, MAX_TIME)),
    },
}


def check_meta(conn: sqlite3.Connection, path: Path) -> dict[str, dict[str, object]]:
    """Every meta value, parsed; a SaveError naming the first that does not parse."""
    out: dict[str, dict[str, object]] = {}
    for table, keys in META.items():
        parsed: dict[str, object] = {}
        for key, value in conn.execute(f"SELECT key, value FROM {table}"):
            spec = keys.get(key) if isinstance(key, str) else None
            if spec is None:
                raise SaveError(f"{path}: not a save this Hearsay can read (unknown {table} "
                                f"key {_show(key)})")
            if not isinstance(value, str):
                raise SaveError(f"{path}: the save is damaged ({table} {key} is not text)")
            try:
                parsed[key] = spec[1](value)
            except ValueError as exc:
                raise SaveError(f"{path}: the save is damaged ({table} {key}: {exc})") from None
        for key, (required, _) in keys.items():
            if required and key not in parsed:
                raise SaveError(f"{path}: the save is damaged ({table} has no {key})")
        out[table] = parsed
    return out


def check_times(conn: sqlite3.Connection, path: Path, meta: dict[str, dict[str, object]]
                ) -> None:
    """The save's clock is on a tick and not before what its world log or its memory's passes
    record: edited to 1983, or to before events already logged, it was taken as it stood
    (a fuzzer)."""
    from .clock import TICK

    now = int(meta["world_meta"]["now"])  # type: ignore[arg-type]
    if now % TICK:
        raise SaveError(f"{path}: the save is damaged (its clock, minute {now}, is not on a "
                        f"{TICK}-minute tick)")
    last = conn.execute("SELECT max(at) FROM world_log").fetchone()[0]
    if isinstance(last, int) and last > now:
        raise SaveError(f"{path}: the save is damaged (its clock, minute {now}, is before "
                        f"its world log's last event, minute {last})")
    for key in ("access_pass_at", "lookback_pass_at"):
        at = meta["memory_meta"].get(key)
        if isinstance(at, int) and at > now + TICK:
            raise SaveError(f"{path}: the save is damaged (memory_meta {key}, minute {at}, is "
                            f"after its clock, minute {now})")
    # Rows of memory after the clock (a belief held since 2190, evidence from the far future).
    problem = saverows.row_problem(conn, clock=True)
    if problem is not None:
        raise SaveError(f"{path}: the save is damaged ({problem})")


# -- the checksum -------------------------------------------------------------------------------


def content_digest(conn: sqlite3.Connection) -> str:
    """SHA-256 over every row of every stored table in a fixed order (the checksum row
    itself aside). Virtual tables are covered by their shadow tables."""
    h = hashlib.sha256()
    tables = conn.execute("SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND "
                          "type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").fetchall()
    for name, without_rowid in tables:
        q = _quote(name)
        if without_rowid:
            keys = [r[1] for r in sorted(conn.execute("SELECT cid, name, pk FROM "
                                                      "pragma_table_info(?)", (name,)),
                                         key=lambda r: r[2]) if r[2]]
            order = ", ".join(_quote(k) for k in keys)
        else:
            order = "rowid"
        where = f" WHERE key != '{CHECKSUM_KEY}'" if name == "world_meta" else ""
        h.update(f"\x1e{name}\x1f".encode())
        cur = conn.execute(f"SELECT * FROM {q}{where} ORDER BY {order}")
        while rows := cur.fetchmany(4096):
            h.update(repr(rows).encode())
    return h.hexdigest()


# What a save of version 1 (before checksums) can hold: the migrations of every Hearsay that
# wrote version 1 (read from the project's history), no file version, no templates of its own
# (version 2 brought all three). A save with more says version 1 to skip its checksum: a
# newer save with its checksum row deleted and its version set back (a fuzzer).
V1_MIGRATIONS = {
    "hearsay.world": ("0001_world_tables", "0002_attention_log"),
    "hearsay.memory": ("0001_memory_tables", "0002_attribute_importance",
                       "0003_belief_teller_origin", "0004_accessibility_and_recall",
                       "0005_lazy_recall_index", "0006_recall_terms_per_resident",
                       "0007_cue_recall_and_misremembering"),
    "hearsay.transcript": ("0001_transcript",),
}
V2_META_KEYS = ("templates",)


def check_checksum(conn: sqlite3.Connection, path: Path, meta: dict[str, object]) -> None:
    want = meta.get(CHECKSUM_KEY)
    if int(meta["save_version"]) < 2:  # type: ignore[arg-type]
        # (with a checksum too: one that said 1 beside file version 2 and a checksum passed
        # as the old kind; a save fuzz)
        check_version_1(conn, path, meta)
    if want is None:
        if int(meta["save_version"]) >= 2:  # type: ignore[arg-type]
            raise SaveError(f"{path}: the save is damaged (its checksum is missing)")
        return
    if content_digest(conn) != want:
        raise SaveError(f"{path}: the save is damaged (its content does not match its "
                        "checksum: changed since it was written)")


def check_version_1(conn: sqlite3.Connection, path: Path, meta: dict[str, object]) -> None:
    """A save without a checksum is one a Hearsay of version 1 could have written: anything
    newer is a later save passed off as an old one, refused (its rows are checked either
    way: `check_rows`)."""
    impostor = f"{path}: the save is damaged (it says it is of version 1, from before checksums"
    user_version = conn.execute("PRAGMA user_version").fetchone()[0]
    if user_version != 0:
        raise SaveError(f"{impostor}, but has file version {user_version})")
    for key in V2_META_KEYS:
        if key in meta:
            raise SaveError(f"{impostor}, but has world_meta {key}, which came after)")
    for set_name, name in conn.execute(f"SELECT migration_set, name FROM {MIGRATIONS_TABLE} "
                                       "ORDER BY rowid"):
        if name not in V1_MIGRATIONS.get(set_name, ()):
            raise SaveError(f"{impostor}, but has migration {_show(name)} of "
                            f"{_show(set_name)}, which came after)")


# -- the rows -----------------------------------------------------------------------------------

# Columns that hold JSON, and what each must be: the top level, and (for arrays) each element.
# An edited save whose checksum was computed again (it has no key), or an old one without one,
# passed the gate with "x" for a resident's state and crashed every command (a fuzzer).
JSON_COLUMNS: dict[tuple[str, str], tuple[str, str | None]] = {
    ("evidence", "chain"): ("array", "text"),
    ("evidence", "premises"): ("array", "text"),
    ("belief_rows", "candidates"): ("array", "array"),  # (each a candidate, compact)
    ("belief_rows", "premises"): ("array", "text"),
    ("beliefs", "candidates"): ("array", "array"),  # (a save from before issue 13)
    ("beliefs", "premises"): ("array", "text"),
    ("memory_edits", "before"): ("object", None),
    ("memory_edits", "after"): ("object", None),
    ("places", "spots"): ("array", "text"),
    ("documents", "says"): ("array", "array"),
    ("people", "spec"): ("object", None),
    ("world_log", "data"): ("object", None),
    ("world_log", "participants"): ("array", "text"),
    ("world_log", "witnesses"): ("array", "text"),
    ("decisions", "used"): ("array", None),
    ("sim_state", "state"): ("object", None),
}
MAX_JSON_DEPTH = 200  # the saves' own nest a few levels; Python's reader gives up near 1,000
_AFFINITY = {"INTEGER": ("integer", "null"), "REAL": ("real", "integer", "null"),
             "TEXT": ("text", "null")}


def check_rows(conn: sqlite3.Connection, path: Path) -> None:
    """Every value is of its column's declared type, every JSON column holds JSON of its
    shape and no deeper than MAX_JSON_DEPTH, and every text is UTF-8: a SaveError naming the
    first table, column and row that is not."""
    listed = conn.execute("SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND "
                          "type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    ids = {name: "NULL" if wr else "rowid" for name, wr in listed}
    tables = list(ids)
    for table in tables:
        q, rowid = _quote(table), ids[table]
        cols = [(r[1], (r[2] or "").upper()) for r in conn.execute(
            "SELECT * FROM pragma_table_info(?)", (table,))]
        typed = [(col, declared) for col, declared in cols if declared in _AFFINITY]
        if typed:
            # One pass a table: which column of the first row whose value is not its type.
            bad = " OR ".join(_not_typed(col, declared) for col, declared in typed)
            which = " ".join(f"WHEN {_not_typed(col, declared)} THEN {i}"
                             for i, (col, declared) in enumerate(typed))
            got = " ".join(f"WHEN {_not_typed(col, declared)} THEN typeof({_quote(col)})"
                           for col, declared in typed)
            row = conn.execute(f"SELECT {rowid}, CASE {which} END, CASE {got} END FROM {q} "
                               f"WHERE {bad} LIMIT 1").fetchone()
            if row is not None:
                col, declared = typed[row[1]]
                raise SaveError(f"{path}: the save is damaged ({table}.{col}, {_row(row[0])}: "
                                f"{row[2]} where {declared.lower()} belongs)")
        for col, _ in cols:
            shape = JSON_COLUMNS.get((table, col))
            if shape is not None:
                _check_json(conn, path, table, col, *shape)
    _check_utf8(conn, path, ids)
    # What the rows mean: who and what they name exists, closed sets and ranges, the JSON
    # inside rows read as the game reads it (checksum or not: a crafted or old save).
    problem = saverows.row_problem(conn)
    if problem is not None:
        raise SaveError(f"{path}: the save is damaged ({problem})")


def _not_typed(col: str, declared: str) -> str:
    allowed = ", ".join(f"'{t}'" for t in _AFFINITY[declared])
    return f"typeof({_quote(col)}) NOT IN ({allowed})"


def _check_json(conn: sqlite3.Connection, path: Path, table: str, col: str, top: str,
                element: str | None) -> None:
    q, c = _quote(table), _quote(col)
    row = conn.execute(f"SELECT rowid FROM {q} WHERE {c} IS NOT NULL AND (NOT json_valid({c}) "
                       f"OR json_type({c}) != ?) LIMIT 1", (top,)).fetchone()
    if row is not None:
        raise SaveError(f"{path}: the save is damaged ({table}.{col}, row {row[0]}: not a "
                        f"JSON {top})")
    if element is not None:
        row = conn.execute(f"SELECT t.rowid FROM {q} AS t, json_each(t.{c}) AS e WHERE "
                           f"t.{c} IS NOT NULL AND e.type != ? LIMIT 1",
                           (element,)).fetchone()
        if row is not None:
            raise SaveError(f"{path}: the save is damaged ({table}.{col}, row {row[0]}: an "
                            f"element is not {'text' if element == 'text' else 'an ' + element})")
    # Deep nesting: only a value with more opening brackets than the bound can be that deep,
    # so only those are read through (SQLite counts them).
    opens = f"length({c}) - length(replace(replace({c}, '[', ''), '{{', ''))"
    for rowid, text in conn.execute(f"SELECT rowid, {c} FROM {q} WHERE {opens} > ?",
                                    (MAX_JSON_DEPTH,)):
        if _depth(text) > MAX_JSON_DEPTH:
            raise SaveError(f"{path}: the save is damaged ({table}.{col}, row {rowid}: JSON "
                            f"nested deeper than {MAX_JSON_DEPTH})")


def _depth(text: str) -> int:
    """How deep JSON nests, read linearly (brackets inside strings do not count)."""
    deepest = depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _row(rowid: object) -> str:
    return "a row" if rowid is None else f"row {rowid}"


def _check_utf8(conn: sqlite3.Connection, path: Path, ids: dict[str, str]) -> None:
    """Text that is not UTF-8 stopped every reader with "Could not decode to UTF-8". Only
    rows with text past printable ASCII are read through: most of a save is ids. One pass a
    table."""
    reads = []  # the statements first, while names read as text
    for table, rowid in ids.items():
        cols = [r[0] for r in conn.execute("SELECT name FROM pragma_table_info(?)", (table,))]
        # (a character outside printable ASCII: SQLite reads a broken sequence as one too)
        wide = [f"(typeof({_quote(c)}) = 'text' AND {_quote(c)} GLOB '*[^ -~]*')"
                for c in cols]
        picks = ", ".join(f"CASE WHEN typeof({_quote(c)}) = 'text' THEN {_quote(c)} END"
                          for c in cols)
        reads.append((table, cols, f"SELECT {rowid}, {picks} FROM {_quote(table)} WHERE "
                                   + " OR ".join(wide)))
    was = conn.text_factory
    conn.text_factory = bytes
    try:
        for table, cols, sql in reads:
            for row in conn.execute(sql):
                for col, v in zip(cols, row[1:], strict=True):
                    try:
                        if v is not None:
                            v.decode("utf-8")
                    except UnicodeDecodeError:
                        raise SaveError(f"{path}: the save is damaged ({table}.{col}, "
                                        f"{_row(row[0])}: text that is not UTF-8)") from None
    finally:
        conn.text_factory = was


# -- helpers ------------------------------------------------------------------------------------


def brief(exc: BaseException) -> str:
    """An exception's message, one line, at most 160 characters."""
    text = "".join(ch if ch.isprintable() else "?" for ch in " ".join(str(exc).split()))
    return text if len(text) <= 160 else text[:157] + "..."


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _show(x: object) -> str:
    """A value from a file, shortened and without control characters, for a message."""
    s = repr(x)
    s = "".join(ch if ch.isprintable() else "?" for ch in s)
    return s if len(s) <= 60 else s[:57] + "..."


TEMP_MARK = ".hearsay-save-"  # in a save's temp name: <save>.hearsay-save-<8 random chars>.tmp


def stale_temps(path: Path) -> list[Path]:
    """Temporary files a killed save left beside `path` (see `game.save.write_save`): named
    as only it names them, and empty or an SQLite file. A user's "g.db.notes123.tmp" was
    taken for one and deleted by `inspect` (a hostile-input test)."""
    pattern = re.compile(re.escape(path.name + TEMP_MARK) + r"[A-Za-z0-9_]{8}\.tmp")
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    out = []
    for n in names:
        p = path.parent / n
        if pattern.fullmatch(n) and p.is_file() and not p.is_symlink() and _sqlite_or_empty(p):
            out.append(p)
    return out


def _sqlite_or_empty(p: Path) -> bool:
    try:
        with open(p, "rb") as f:
            head = f.read(16)
    except OSError:
        return False
    return head in (b"", b"SQLite format 3\x00")
