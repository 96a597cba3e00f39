"""What a store's file must be before the store writes to it.

Opening a file, the store switches it to WAL and runs its migrations: writes. A damaged file
(SQLite's `quick_check` finds a bad page) or one a newer Hearsay wrote (a migration, revision
policy or number this version does not know) is refused first, with nothing written, so it
stays as it was for a backup's comparison or for the version that wrote it. A developer's
finding: a damaged store opened and took writes, or failed later with SQLite's raw error.
"""

from __future__ import annotations

from pydantic import ValidationError
from sqlite_utils import Database

from .driver import sqlite3
from .errors import StoreDamaged, StoreTooNew, damaged
from .params import MemoryParams
from .revision import POLICIES
from .schema import migrations

_MIGRATIONS_TABLE = "_sqlite_migrations"


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
        if _MIGRATIONS_TABLE in tables:
            _known_migrations(db, where)
        if "memory_meta" in tables:
            _known_meta(db, where)
    except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
        if not damaged(exc):
            raise
        raise StoreDamaged(where, " ".join(str(exc).split())) from None


def _known_migrations(db: Database, where: str) -> None:
    known = {m.name for m in migrations._migrations}
    try:
        rows = db.execute(f"SELECT name FROM {_MIGRATIONS_TABLE} WHERE migration_set = ?",
                          [migrations.name]).fetchall()
    except sqlite3.OperationalError:
        return  # another program's table by that name: `clashes` decides (no columns of ours)
    for (name,) in rows:
        if name not in known:
            raise StoreTooNew(where, f"its migration {str(name)[:60]!r}")


def _known_meta(db: Database, where: str) -> None:
    try:
        meta = dict(db.execute("SELECT key, value FROM memory_meta").fetchall())
    except sqlite3.OperationalError:
        return  # not ours (no such columns): `clashes` says so
    policy = meta.get("policy")
    if policy is not None and policy not in POLICIES:
        raise StoreTooNew(where, f"its revision policy {str(policy)[:60]!r}")
    if "params" in meta:
        try:
            MemoryParams.model_validate_json(meta["params"])
        except ValidationError as exc:
            errs = exc.errors()
            extra = [e for e in errs if e.get("type") == "extra_forbidden"]
            if extra:
                name = ".".join(str(p) for p in extra[0].get("loc", ()))
                raise StoreTooNew(where, f"its number {name[:60]!r}") from None
            first = errs[0]
            name = ".".join(str(p) for p in first.get("loc", ())) or "params"
            raise StoreDamaged(where, f"its kept numbers do not read ({name}: "
                               f"{first.get('msg', '')})") from None
