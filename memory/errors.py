"""The ways memory says no: bad evidence, a proposal the guard refuses, a store closed, a
database another connection holds or that cannot be written."""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable
from typing import TypeVar

from .driver import sqlite3


class MemoryModuleError(Exception):
    """Base of every error the memory module raises on purpose."""


class InvalidEvidence(MemoryModuleError, ValueError):
    """Evidence (or a call) that breaks the memory contract; names the offending field.

    Raised before anything is written, so the store is unchanged.
    """

    def __init__(self, field: str, reason: str, problems: list[tuple[str, str]] | None = None):
        self.field = field
        self.reason = reason
        self.problems = problems or [(field, reason)]
        self.index: int | None = None  # which piece of a batch, when one was (`in_batch`)
        super().__init__(self._words())

    def _words(self) -> str:
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        where = "" if self.index is None else f"piece {self.index} of the batch (from 0): "
        return f"invalid evidence: {where}{self.field}: {self.reason}{more}"

    def in_batch(self, index: int) -> InvalidEvidence:
        """The same refusal, saying which piece of a batch it was (a developer's batch of
        thousands otherwise named only the field)."""
        self.index = index
        self.args = (self._words(),)
        return self

    @classmethod
    def from_pydantic(cls, exc) -> InvalidEvidence:
        problems = []
        for err in exc.errors():
            loc = ".".join(str(p) for p in err.get("loc", ())) or _field_from_msg(err["msg"])
            problems.append((loc, _clean(err["msg"])))
        field, reason = problems[0]
        return cls(field, reason, problems)


class ForeignTables(InvalidEvidence):
    """A database holding tables (or views, indexes, triggers) by the names the memory store
    uses that the store did not make: refused before anything is written to it."""

    def __init__(self, where: str, tables: list[str]):
        self.tables = list(tables)
        many = len(self.tables) > 1
        super().__init__("db", f"{where} already holds {'tables' if many else 'a table'} by "
                         f"the name{'s' if many else ''} the memory store uses, not made by "
                         f"it: {', '.join(self.tables)}. Nothing was written: give the store "
                         "a file of its own (or rename those tables)")


class StoreDamaged(InvalidEvidence):
    """A database SQLite finds damaged (a page that does not read, text that is not UTF-8):
    refused when the store is opened, before anything is written to it; met by a later call
    (a damaged page no check had read), that call stops with this instead of SQLite's error."""

    def __init__(self, where: str, detail: str, *, call: str | None = None,
                 sqlite: bool = True):
        self.where, self.detail, self.call = where, detail, call
        did = (f"{call}() stopped at it" if call else "nothing was written to it")
        said = f"SQLite: {detail}" if sqlite else detail
        super().__init__("db", f"{where} is damaged ({said}); {did}. Use a copy "
                         "made before the damage (MemoryStore.backup makes one)")
        self.args = (self.reason,)  # not "invalid evidence: ...": nothing given was wrong


class StoreTooNew(InvalidEvidence):
    """A store written by a newer Hearsay — a migration, revision policy or number this one
    does not know: refused before anything is written, so the newer version can still read
    it."""

    def __init__(self, where: str, what: str):
        self.where, self.what = where, what
        super().__init__("db", f"{where} was written by a newer Hearsay ({what} is not one "
                         "this version knows); nothing was written to it. Open it with the "
                         "version that wrote it")
        self.args = (self.reason,)


class GuardRefusal(MemoryModuleError):
    """A proposed memory write that breaks the contract of epistemics §12."""

    def __init__(self, rule: str, reason: str):
        self.rule = rule
        self.reason = reason
        super().__init__(f"refused by the memory guard ({rule}): {reason}")


def _clean(msg: str) -> str:
    # pydantic prefixes custom errors with "Value error, "; the field name says enough.
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
    if msg.startswith("[") and "] " in msg:
        msg = msg.split("] ", 1)[1]
    return msg


def _field_from_msg(msg: str) -> str:
    # Model-level validators name their field as "[field] reason".
    msg = _clean_prefix(msg)
    if msg.startswith("[") and "]" in msg:
        return msg[1:msg.index("]")]
    return "evidence"


def _clean_prefix(msg: str) -> str:
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            return msg[len(prefix):]
    return msg


class StoreClosed(MemoryModuleError):
    """A call on a store after `close()`."""

    def __init__(self) -> None:
        super().__init__("the memory store is closed: open it again to use it")


class StoreBusy(MemoryModuleError, sqlite3.OperationalError):
    """Another connection holds the database's lock ("database is locked", "busy"): nothing
    was written. Retry the call, or open the store with `busy_timeout` (ms) to wait for the
    lock. Also an `sqlite3.OperationalError`, as SQLite's own error was."""

    def __init__(self, call: str, detail: str):
        self.call, self.detail = call, detail
        super().__init__(f"{call}: another connection holds the memory store's database "
                         f"(SQLite: {detail}); nothing was written. Retry the call, or open "
                         "the store with MemoryStore(..., busy_timeout=ms) to wait that long "
                         "for the other connection to finish")


# Why a call that sounds like a read writes (the rest write what they are named for).
_WRITES = {
    "recall": "recall re-evokes memories, so it writes",
    "cue": "a cue re-evokes memories, so it writes",
    "explain": "explain first writes the re-evocations held back (memory.deferred)",
    "stale": "stale first writes the re-evocations held back (memory.deferred)",
    "memory_events": "memory_events first writes the events held back (memory.deferred)",
    "flush": "flush writes what was held back",
    "close": "close writes what was held back first",
    "MemoryStore": "opening a store makes its tables and keeps it in WAL mode, whose files "
                   "beside it (-wal, -shm) need a folder that can be written",
}


class StoreReadOnly(MemoryModuleError, sqlite3.OperationalError):
    """A call that writes on a database that cannot be written (opened read-only, a file or
    folder without write permission). Also an `sqlite3.OperationalError`, as SQLite's was."""

    def __init__(self, call: str, detail: str):
        self.call, self.detail = call, detail
        why = _WRITES.get(call, f"{call} writes to it")
        super().__init__(f"the store is read-only; {why} (SQLite: {detail}). Open a "
                         "writable copy, or only read from this one")


# What SQLite says of a damaged file (and of text in it that is not UTF-8).
_DAMAGE = ("malformed", "not a database", "disk image", "could not decode", "corrupt")


def damaged(exc: BaseException) -> bool:
    """Is `exc` SQLite (or a decoder of what the store wrote) finding the database damaged?"""
    if isinstance(exc, UnicodeDecodeError | json.JSONDecodeError):
        return True
    if not isinstance(exc, sqlite3.DatabaseError) or isinstance(exc, MemoryModuleError):
        return False
    low = str(exc).lower()
    return any(word in low for word in _DAMAGE)


def sqlite_failure(call: str, exc: BaseException) -> MemoryModuleError | None:
    """The module's own error for SQLite's lock, read-only or damage failure of `call`, else
    None."""
    if isinstance(exc, StoreBusy | StoreReadOnly):
        # Met inside another call (an implant perceives): named as the call the caller made.
        return type(exc)(call, exc.detail) if exc.call != call else None
    if damaged(exc):
        return StoreDamaged("the memory store's database", _brief(exc), call=call,
                            sqlite=isinstance(exc, sqlite3.DatabaseError))
    if not isinstance(exc, sqlite3.OperationalError) or isinstance(exc, MemoryModuleError):
        return None
    text = str(exc)
    low = text.lower()
    if "locked" in low or "busy" in low:
        return StoreBusy(call, text)
    if "readonly" in low or "read-only" in low:
        return StoreReadOnly(call, text)
    return None


def _brief(exc: BaseException) -> str:
    """SQLite's (or the decoder's) words, on one line and not too long."""
    text = " ".join(str(exc).split())
    return text if len(text) <= 160 else text[:157] + "..."


F = TypeVar("F", bound=Callable)


def translated(fn: F) -> F:
    """`fn`, with SQLite's lock, read-only and damage failures raised as `StoreBusy`,
    `StoreReadOnly` and `StoreDamaged` naming the call (from deep frames they read as the
    engine's faults)."""
    name = fn.__name__

    @functools.wraps(fn)
    def call(*args, **kwargs):
        conn = _conn_of(args[0]) if args else None
        was_in = conn.in_transaction if conn is not None else True
        try:
            return fn(*args, **kwargs)
        except (sqlite3.DatabaseError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            if not was_in:
                _give_back(args[0], conn)
            err = sqlite_failure(name, exc)
            if err is None:
                raise
            raise err from (exc.__cause__ if isinstance(exc, MemoryModuleError) else exc)

    return call  # type: ignore[return-value]


def _conn_of(store) -> sqlite3.Connection | None:
    """The store's connection, if `store` is one that has it open."""
    try:
        conn = store.db.conn
    except Exception:  # (not a store, or a closed one)
        return None
    return conn if isinstance(conn, sqlite3.Connection) else None


def _give_back(store, conn: sqlite3.Connection) -> None:
    """A call that began outside a transaction and failed inside one (a write Python's
    sqlite3 began implicitly, then refused for another connection's lock) leaves it open:
    everything the store wrote after went into it, was never committed, and locked the other
    store out until `close()` threw it all away (a fuzz: "successful" writes lost). Give it
    back, and read again what the store keeps of the record, which followed the call."""
    if not conn.in_transaction:
        return
    with contextlib.suppress(sqlite3.Error):
        conn.rollback()
    forget = getattr(store, "_after_rollback", None)
    if forget is not None:
        with contextlib.suppress(sqlite3.Error, MemoryModuleError):
            forget()


class _ClosedDb:
    """What a closed store holds in place of its database: anything asked of it says so."""

    memory = False

    def __getattr__(self, name: str):
        raise StoreClosed()
