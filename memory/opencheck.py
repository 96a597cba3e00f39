"""What a store's file must be before the store writes to it.

Opening a file, the store switches it to WAL and runs its migrations: writes. A damaged file
(SQLite's `quick_check` finds a bad page, or what the store reads to open does not parse) or
one a newer Hearsay wrote (a migration, revision policy or number this version does not know)
is refused first, with nothing written, so it stays as it was for a backup's comparison or
for the version that wrote it. A developer's finding: a damaged store opened and took writes,
or failed later with SQLite's raw error; a hostile-input run then found values the store
reads on opening (its trust, its passes' minutes, its seed, its attributes) that made it fail
half-way, the file already switched to WAL.
"""

from __future__ import annotations

import math
import re

from pydantic import ValidationError
from sqlite_utils import Database

from .driver import sqlite3
from .errors import StoreDamaged, StoreTooNew, damaged
from .params import MemoryParams
from .revision import POLICIES
from .schema import migrations

_MIGRATIONS_TABLE = "_sqlite_migrations"
_MINUTES = 10**12  # sim minutes the store takes (memory.args)
_INTEGER = re.compile(r"-?\d{1,19}")


def check_file(db: Database, where: str, *, verify: bool) -> None:
    """Refuse `db` (named `where` in the error) if it is damaged or from a newer Hearsay.
    `verify`: read every page first (`PRAGMA quick_check`: about 1.5 s per 100 MB here);
    without it only what the store reads to open is checked."""
    try:
        if verify:
            rows = [r[0] for r in db.execute("PRAGMA quick_check(3)").fetchall()]
            if rows != ["ok"]:
                raise StoreDamaged(where, "; ".join(str(r) for r in rows))
        tables = {r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()}
        ours = _known_migrations(db, where) if _MIGRATIONS_TABLE in tables else set()
        if "0001_memory_tables" in ours:
            # The store made its tables: what it reads to open must be there and read.
            for table in ("memory_meta", "attributes"):
                if table not in tables:
                    raise StoreDamaged(where, f"its table {table} is missing", sqlite=False)
            if ours >= {m.name for m in migrations._migrations}:
                # Every migration ran, so every table and view they make is there: one
                # dropped since (`evidence`) opened, and every call then failed with
                # SQLite's raw "no such table" (a developer's trial).
                have = {r[0] for r in db.execute(
                    "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
                missing = sorted(_expected_objects() - have)
                if missing:
                    raise StoreDamaged(where, f"its table or view {missing[0]} is missing"
                                       + (f" (and {len(missing) - 1} more)"
                                          if len(missing) > 1 else ""), sqlite=False)
                # A belief of a claim the file no longer has: rows deleted from `claims`
                # opened, answered "no belief", and the next write failed with a raw UNIQUE
                # error (a fuzz). One pass over the beliefs, by the claims' key.
                if "belief_rows" in have and db.execute(
                        "SELECT 1 FROM belief_rows b WHERE NOT EXISTS (SELECT 1 FROM claims c "
                        "WHERE c.id = b.claim_id) LIMIT 1").fetchone():
                    raise StoreDamaged(where, "its beliefs name claims it does not have",
                                       sqlite=False)
                # Recall's words of beliefs the file no longer has: found here, before the
                # file is switched to WAL, not after (a fuzz: refused, but written).
                if "recall_words" in have and orphan_words(db):
                    raise StoreDamaged(where, ORPHAN_WORDS, sqlite=False)
            _known_meta(db, where)
            _known_attributes(db, where)
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        if not damaged(exc) and not isinstance(exc, sqlite3.OperationalError):
            raise
        if isinstance(exc, sqlite3.OperationalError) and not damaged(exc) and any(
                w in str(exc).lower() for w in ("locked", "busy", "readonly", "read-only")):
            raise  # another connection's lock, a read-only file: the caller names those
        raise StoreDamaged(where, " ".join(str(exc).split())[:160],
                           sqlite=not isinstance(exc, UnicodeDecodeError)) from None


ORPHAN_WORDS = "its recall index names memories it does not have"


def orphan_words(db: Database) -> bool:
    """Does recall's record of words (`recall_words`) name a belief the file does not have?"""
    return db.execute("SELECT 1 FROM recall_words w WHERE NOT EXISTS (SELECT 1 FROM "
                      "belief_rows b WHERE b.id = w.belief_id) LIMIT 1").fetchone() is not None


def made_by_store(db: Database) -> bool:
    """Did a memory store make this file's tables — is its `memory_meta` there with the
    revision policy every store keeps? (Another program's tables by the store's names are not
    the store's; the store's own, with the record of their making gone, are damage.)"""
    try:
        return db.execute("SELECT 1 FROM memory_meta WHERE key = 'policy'").fetchone() \
            is not None
    except sqlite3.DatabaseError:
        return False


_EXPECTED: set[str] = set()


def _expected_objects() -> set[str]:
    """The tables and views a store's migrations make, read off a new store made in memory
    once (a schema's own account, not a list kept by hand beside it)."""
    if not _EXPECTED:
        fresh = Database(sqlite3.connect(":memory:"))
        try:
            migrations.apply(fresh)
            _EXPECTED.update(r[0] for r in fresh.execute(
                "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT "
                "LIKE 'sqlite_%'"))
        except sqlite3.OperationalError:  # (an SQLite without FTS5 makes no new store; a
            return set()                  # file made already is not refused for that)
        finally:
            fresh.close()
    return _EXPECTED


def _known_migrations(db: Database, where: str) -> set[str]:
    """The store's migrations the file records as applied; a newer one is `StoreTooNew`."""
    known = {m.name for m in migrations._migrations}
    try:
        rows = db.execute(f"SELECT name FROM {_MIGRATIONS_TABLE} WHERE migration_set = ?",
                          [migrations.name]).fetchall()
    except sqlite3.OperationalError:
        return set()  # another program's table by that name: `clashes` decides
    names = {str(name) for (name,) in rows}
    for name in sorted(names):
        if name not in known:
            raise StoreTooNew(where, f"its migration {name[:60]!r}")
    return names


def _known_meta(db: Database, where: str) -> None:
    meta = {str(k): v for k, v in db.execute("SELECT key, value FROM memory_meta").fetchall()}
    policy = meta.get("policy")
    if policy is not None and policy not in POLICIES:
        raise StoreTooNew(where, f"its revision policy {str(policy)[:60]!r}")

    def bad(key: str, what: str) -> StoreDamaged:
        return StoreDamaged(where, f"its kept {key} is not {what} ({str(meta[key])[:40]!r})",
                            sqlite=False)

    if "default_trust" in meta:
        try:
            trust = float(str(meta["default_trust"]))
        except ValueError:
            trust = math.nan
        if not (math.isfinite(trust) and 0.0 <= trust <= 1.0):
            raise bad("default_trust", "a trust between 0 and 1")
    if "versions" in meta and meta["versions"] not in ("0", "1"):
        raise bad("versions", "0 or 1")
    for key, limit in (("access_pass_at", _MINUTES), ("lookback_pass_at", _MINUTES),
                       ("seed", 2**62)):
        if key in meta and not (_INTEGER.fullmatch(str(meta[key]))
                                and abs(int(str(meta[key]))) <= limit):
            raise bad(key, "a whole number in range")
    if "params" in meta:
        try:
            MemoryParams.model_validate_json(str(meta["params"]))
        except ValidationError as exc:
            errs = exc.errors()
            extra = [e for e in errs if e.get("type") == "extra_forbidden"]
            if extra:
                name = ".".join(str(p) for p in extra[0].get("loc", ()))
                raise StoreTooNew(where, f"its number {name[:60]!r}") from None
            first = errs[0]
            name = ".".join(str(p) for p in first.get("loc", ())) or "params"
            raise StoreDamaged(where, f"its kept numbers do not read ({name}: "
                               f"{first.get('msg', '')})", sqlite=False) from None


def _known_attributes(db: Database, where: str) -> None:
    # (a store of an older version lacks the later columns: its migrations add them)
    have = {r[1] for r in db.execute("PRAGMA table_info(attributes)").fetchall()}
    cols = [c if c in have else "NULL" for c in ("name", "nature", "topic", "importance")]
    cols.append("recall" if "recall" in have else "'free'")
    for name, nature, topic, importance, recall in db.execute(
            f"SELECT {', '.join(cols)} FROM attributes").fetchall():
        fine = (isinstance(name, str) and name and nature in ("state", "event")
                and (topic is None or isinstance(topic, str))
                and (importance is None or (type(importance) is int and 0 <= importance <= 10))
                and recall in ("free", "cue"))
        if not fine:
            raise StoreDamaged(where, f"its attribute {str(name)[:40]!r} does not read",
                               sqlite=False)
