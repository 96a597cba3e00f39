"""Saves: one SQLite file holding the world tables and every resident's memory.

Written atomically — copied with SQLite's backup API to a temporary file beside the target,
checked, then renamed into place — so a crash never leaves half a save. Opening a save reads it
read-only and copies it into memory after checking it, so a corrupt or foreign file is refused
without being touched.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path

from sqlite_utils import Database

SAVE_FORMAT = "hearsay-save"
SAVE_VERSION = 1
REQUIRED_TABLES = ("world_meta", "world_log", "facts", "people", "places", "beliefs",
                   "evidence", "belief_versions", "sim_state")


class SaveError(Exception):
    """A save that cannot be loaded; the file is left exactly as it was."""


def check_target(path: str | Path) -> None:
    """Raise SaveError unless `path` is free or already holds a Hearsay save: a save never
    writes over a file it cannot read (someone's database, a damaged save) — that stays as it
    was."""
    path = Path(path)
    if path.is_dir():
        raise SaveError(f"{path}: is a folder, not a save file")
    if not path.exists():
        return
    # Only "is this ours?": the header and the format mark, not a full check — overwriting an
    # old save with a new one is the point, and a big save need not be read to do it.
    with open(path, "rb") as f:
        head = f.read(16)
    ours = False
    if head == b"SQLite format 3\x00":
        try:
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                row = conn.execute("SELECT value FROM world_meta WHERE key = 'format'").fetchone()
                ours = row is not None and row[0] == SAVE_FORMAT
            finally:
                conn.close()
        except sqlite3.Error:
            pass
    if not ours:
        raise SaveError(f"{path}: not a Hearsay save; not written over")


def write_save(db: Database, path: str | Path) -> Path:
    path = Path(path)
    check_target(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        dest = sqlite3.connect(tmp)
        try:
            db.conn.backup(dest)
            dest.execute("INSERT INTO world_meta (key, value) VALUES ('format', ?), "
                         "('save_version', ?) ON CONFLICT (key) DO UPDATE SET value = "
                         "excluded.value", (SAVE_FORMAT, str(SAVE_VERSION)))
            dest.commit()
            dest.execute("PRAGMA journal_mode=DELETE")
            ok = dest.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            dest.close()
        if ok != "ok":
            raise SaveError(f"the save did not check out ({ok}); {path} was not changed")
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


def open_save(path: str | Path) -> Database:
    """Check a save and copy it into an in-memory database; raise SaveError if it is bad."""
    path = Path(path)
    if not path.is_file():
        raise SaveError(f"{path}: no such save file")
    with open(path, "rb") as f:
        head = f.read(16)
    if head != b"SQLite format 3\x00":
        raise SaveError(f"{path}: not a Hearsay save (not an SQLite database)")
    try:
        src = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise SaveError(f"{path}: cannot open: {exc}") from None
    try:
        try:
            ok = src.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise SaveError(f"{path}: the save is damaged ({ok})")
            tables = {r[0] for r in src.execute("SELECT name FROM sqlite_master WHERE "
                                                "type = 'table'")}
            missing = [t for t in REQUIRED_TABLES if t not in tables]
            if missing:
                raise SaveError(f"{path}: not a Hearsay save (missing {', '.join(missing)})")
            meta = dict(src.execute("SELECT key, value FROM world_meta"))
            if meta.get("format") != SAVE_FORMAT:
                raise SaveError(f"{path}: not a Hearsay save")
            version = int(meta.get("save_version", "0"))
            if version > SAVE_VERSION:
                raise SaveError(f"{path}: saved by a newer Hearsay (save version {version})")
            mem = sqlite3.connect(":memory:")
            src.backup(mem)
        except sqlite3.DatabaseError as exc:
            raise SaveError(f"{path}: the save is damaged ({exc})") from None
    finally:
        src.close()
    return Database(mem)
