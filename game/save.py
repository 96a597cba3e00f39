"""Saves: one SQLite file holding the world tables and every resident's memory — and the one
gate every save passes, read or written over.

**Reading** (`open_save`): the file is checked before anything reads it (see
`game.savecheck`: a whole SQLite file, integrity, version, the schema our migrations build,
every meta value, the content checksum), then copied into memory; the file is opened
read-only and immutable, so a damaged, foreign or newer file is refused without being touched.

**Writing** (`write_save`): only to a path that is free, or that holds a save passing the same
gate and not newer than us (`check_target`) — never over someone's database, a damaged save
or a newer one. The save is copied with SQLite's backup API into a temporary file beside the
target, stamped (format, version, checksum), checked, synced, renamed into place, and the
folder synced: a crash leaves the old save or the complete new one, never half of one.
Temporary files are removed on every way out, and a killed writer's on the next open.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from sqlite_utils import Database

from memory.driver import sqlite3

from . import savecheck as sc
from .savecheck import SAVE_FORMAT, SAVE_VERSION, SaveError

__all__ = ["SAVE_FORMAT", "SAVE_VERSION", "Checked", "SaveError", "check_target", "open_save",
           "check_output", "report_target", "write_save", "write_text"]


class Checked:
    """A save that passed the gate: the in-memory copy and its parsed meta values."""

    def __init__(self, db: Database, meta: dict[str, dict[str, object]]):
        self.db = db
        self.meta = meta


def check_target(path: str | Path) -> None:
    """Raise SaveError unless a save may be written to `path`: free (its folder existing or
    creatable), or a Hearsay save that passes the gate and is not newer than us."""
    path = Path(path)
    _check_folder(path)
    if not (path.exists() or path.is_symlink()):
        return
    try:
        _gate(path)
    except SaveError as exc:
        raise SaveError(f"{exc}; not written over") from None
    if sc.in_use(path):
        raise SaveError(f"{path}: another program has the save locked, writing it; close "
                        "that program and save again; not written over")


def write_save(db: Database, path: str | Path) -> Path:
    path = Path(path)
    if path.is_symlink() and path.exists():
        # Through the link, to the save it names: the rename replaced the link with a file
        # and left the save it pointed at as it was, with nothing said (a hostile-input test).
        path = path.resolve()
    _remove_stale(path)
    check_target(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + sc.TEMP_MARK, suffix=".tmp",
                                   dir=path.parent)
        os.close(fd)
    except OSError as exc:
        raise SaveError(f"{path}: cannot write here ({exc.strerror})") from None
    try:
        dest = sqlite3.connect(tmp)
        try:
            db.conn.backup(dest)
            dest.execute("PRAGMA journal_mode=DELETE")
            # No syncs while the temporary file is built: it is synced once, whole, before
            # the rename that makes it the save.
            dest.execute("PRAGMA synchronous=OFF")
            dest.execute("INSERT INTO world_meta (key, value) VALUES ('format', ?), "
                         "('save_version', ?) ON CONFLICT (key) DO UPDATE SET value = "
                         "excluded.value", (SAVE_FORMAT, str(SAVE_VERSION)))
            dest.execute(f"DELETE FROM world_meta WHERE key = '{sc.CHECKSUM_KEY}'")
            dest.execute(f"PRAGMA user_version = {SAVE_VERSION}")
            dest.commit()
            digest = sc.content_digest(dest)
            dest.execute("INSERT INTO world_meta (key, value) VALUES (?, ?)",
                         (sc.CHECKSUM_KEY, digest))
            dest.commit()
            ok = dest.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            dest.close()
        if ok != "ok":
            raise SaveError(f"the save did not check out ({ok}); {path} was not changed")
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
        os.replace(tmp, path)
        _sync_folder(path.parent)
    except OSError as exc:
        raise SaveError(f"{path}: cannot write the save ({exc.strerror or exc}); "
                        "it was not changed") from None
    finally:
        if os.path.exists(tmp):
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return path


def open_save(path: str | Path) -> Database:
    """Check a save and copy it into an in-memory database; raise SaveError if it is bad."""
    return open_checked(path).db


def open_checked(path: str | Path) -> Checked:
    """`open_save`, with the save's meta values as the gate parsed them."""
    path = Path(path)
    _remove_stale(path)
    return _gate(path)


def _gate(path: Path) -> Checked:
    sc.check_file(path)
    src = sc.connect_readonly(path)
    mem = sqlite3.connect(":memory:")
    try:
        try:
            sc.check_integrity(src, path)
            sc.check_versions(src, path)
            src.backup(mem)
        finally:
            src.close()
        # Everything else reads the copy: the file is closed and can no longer change.
        # The schema's CHECK and NOT NULL constraints are checked here: SQLite leaves them
        # out of its check of a file opened immutable, and a save written with them off (a
        # state 'bogus', a confidence of 101: a fuzzer) passed the gate and crashed a run.
        sc.check_constraints(mem, path)
        applied = sc.applied_migrations(mem, path)
        sc.check_schema(mem, path, applied)
        meta = sc.check_meta(mem, path)
        sc.check_rows(mem, path)  # (first: the checksum reads every row as text)
        sc.check_times(mem, path, meta)
        sc.check_references(mem, path)  # (after the rows: their words name the column)
        sc.check_checksum(mem, path, meta["world_meta"])
        sc.check_indexes(mem, path)
    except SaveError:
        mem.close()
        raise
    except (sqlite3.Error, UnicodeError) as exc:
        mem.close()
        raise SaveError(f"{path}: the save is damaged ({sc.brief(exc)})") from None
    db = Database(mem)
    # The game goes on in this copy in memory, as a new game does in its own: its ticks run
    # with the journal off, back to back in one transaction (game.sim), and memory holds
    # what it may hold to the tick's end (memory.store) — sqlite-utils marks only the
    # databases it opened itself as in memory.
    db.memory = True
    return Checked(db, meta)


def _check_folder(path: Path) -> None:
    """The target's folder exists (or can be made) and can be written: checked before a run,
    so a bad --save costs nothing."""
    if path.is_dir():
        raise SaveError(f"{path}: is a folder, not a save file")
    try:
        st_mode = path.stat().st_mode if path.exists() else None
    except OSError as exc:
        raise SaveError(f"{path}: cannot use it ({exc.strerror})") from None
    if st_mode is not None and not os.path.isfile(path):
        raise SaveError(f"{path}: not a regular file (a pipe, device or socket)")
    folder = path.absolute().parent
    above = folder
    while not above.exists() and not above.is_symlink() and above != above.parent:
        above = above.parent
    if not above.is_dir():
        raise SaveError(f"{path}: {above} is not a folder")
    try:  # make the folder (a save path's missing folders are made) and try writing in it
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".hearsay-probe-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise SaveError(f"{path}: cannot write in {folder} ({exc.strerror or exc})") from None


def _remove_stale(path: Path) -> None:
    for tmp in sc.stale_temps(path):
        with contextlib.suppress(OSError):
            tmp.unlink()


def _sync_folder(folder: Path) -> None:
    """Make the rename durable (POSIX; elsewhere a no-op)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- other files written beside saves (the HTML report) ---------------------------------------

NOT_A_REPORT = (".db", ".sqlite", ".sqlite3", ".db3", ".save")


def report_target(save: Path, output: Path | None) -> Path:
    """Where a report of `save` may go (see `check_output`); by default beside the save, as
    .html — or, if the save is itself called *.html, with .html added."""
    out = output or save.with_suffix(".html")
    if output is None and out.absolute() == save.absolute():
        out = save.with_name(save.name + ".html")
    check_output(out, "report", source=save)
    return out


def check_output(out: Path, what: str, *, source: Path | None = None) -> None:
    """A file a command writes that is not a save (a report, a screenshot) never goes over a
    save: not a .db file, not any SQLite file, not the file read from; only a regular file or
    a new one, in a folder that is one."""
    if out.suffix.lower() in NOT_A_REPORT:
        raise SaveError(f"{out}: a {what} is never written to a {out.suffix} file")
    if out.exists() or out.is_symlink():
        if not out.is_file():
            raise SaveError(f"{out}: not a regular file; the {what} was not written")
        if source is not None and source.exists() and out.resolve() == source.resolve():
            raise SaveError(f"{out}: that is the save itself; the {what} was not written")
        try:
            with open(out, "rb") as f:
                head = f.read(64)
        except OSError as exc:
            raise SaveError(f"{out}: cannot check it ({exc.strerror})") from None
        if head[:16] == b"SQLite format 3\x00":
            raise SaveError(f"{out}: an SQLite database (a save?); the {what} was not written")
        if head and not _LOOKS_LIKE[what](out, head):
            # Only a file of the kind written is written over: `--screenshot` turned the
            # walkthrough it played, and the scenario, into images (a hostile-input test).
            raise SaveError(f"{out}: already holds something that is not a {what}; the "
                            f"{what} was not written (name a new file, or remove this one)")
    above = out.absolute().parent
    while not above.exists() and above != above.parent:
        above = above.parent
    if not above.is_dir():
        raise SaveError(f"{out}: {above} is not a folder")


_IMAGES = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"BM")
_LOOKS_LIKE = {
    # A report is HTML; a screenshot an image (PNG, JPEG, BMP — or TGA, which has no magic
    # bytes, by its name).
    "report": lambda path, head: head.lstrip(b"\xef\xbb\xbf \t\r\n").lower().startswith(
        (b"<!doctype html", b"<html")),
    "screenshot": lambda path, head: head.startswith(_IMAGES) or
    path.suffix.lower() == ".tga",
}


def write_text(path: Path, text: str) -> None:
    """Write beside, then rename: a failed write leaves the old file whole, and no temp."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as exc:
        raise SaveError(f"{path}: cannot write it ({exc.strerror or exc})") from None
    finally:
        if tmp is not None and os.path.exists(tmp):
            with contextlib.suppress(OSError):
                os.unlink(tmp)
