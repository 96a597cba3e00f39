"""MemoryStore: the SQLite-backed memory of every resident, and its public API.

    store = MemoryStore(":memory:")            # or a file path, or a sqlite_utils.Database
    store.perceive(Evidence(...))              # revise one belief; returns it
    store.perceive_many([...])                 # one transaction for a tick's evidence
    store.belief("ada", "key", "location")     # value, confidence, state, candidates, history
    store.age(now=7 * 24 * 60)                 # hearsay aging, one set-wise pass
    store.explain("ada", "key", "taken_by")    # the chain of evidence behind the value

The store writes only memory tables; it never touches world state (epistemics §1). A file store
runs in WAL mode so a reader (the window, the inspector) can read while the simulation writes.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext, suppress
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from . import aging, discovery, edits, guard, history, lifecycle, opencheck, unwritten
from . import args as check
from . import recall as recall_mod
from .access import accessibility as _accessibility
from .access import half_life as _half_life
from .belief import EVENT_NATURE, STATE_NATURE, Belief, Version, view
from .bulk import Many
from .cache import BeliefCache
from .codec import (
    SELECT_BELIEF,
    SELECT_BELIEF_ROWS,
    SELECT_BELIEF_ROWS_BY_CLAIM,
    SELECT_UNWRITTEN,
    SELECT_UNWRITTEN_BY_CLAIM,
    UPDATE_BELIEF,
    state_from_row,
    update_params,
)
from .deferred import RECALL_WORDS, HeldWrites
from .driver import sqlite3
from .errors import (
    ForeignTables,
    GuardRefusal,
    InvalidEvidence,
    MemoryModuleError,
    StoreBusy,
    StoreClosed,
    StoreDamaged,
    StoreReadOnly,
    _ClosedDb,
    damaged,
    sqlite_failure,
    translated,
)
from .evidence import Evidence
from .guard import Proposal, TrustProposal, WorldView
from .kinds import DEFAULT_TRUST, SourceKind, State
from .lifecycle import CUE_RECALL, FREE_RECALL
from .misremember import Misremembering
from .params import DEFAULT, MemoryParams
from .queries import Held
from .recall import Recalled
from .recall_index import RecallIndex, belief_words
from .records import EvidenceRecord, TrustChange
from .revision import POLICIES, RULES, Outcome
from .schema import clashes, ensure_schema
from .trust import ANY_TOPIC, TrustBook
from .working import Salient, WorkingSet
from .writer import BELIEVES, Batch, about_attribute


def _like_prefix(prefix: str) -> str:
    """A LIKE pattern for attributes starting with `prefix` (its _ and % taken literally)."""
    return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


class MemoryStore:
    """Every resident's evidence, beliefs, history and trust, in one SQLite database."""

    def __init__(self, db: str | Path | Database = ":memory:", *, policy: str | None = None,
                 default_trust: float | None = None, states: Iterable[str] = (),
                 params: MemoryParams | dict | None = None,
                 track_versions: bool | None = None, busy_timeout: int | None = None,
                 verify: bool | None = None):
        # Every argument is checked before the database is opened, so a bad one leaves a file
        # as it was (a bad policy was found only after the tables were made in it).
        if not isinstance(db, Database | str | Path):
            raise InvalidEvidence("db", "a file path, \":memory:\" or a sqlite-utils Database, "
                                  f"got {type(db).__name__}")
        if policy is not None and (not isinstance(policy, str) or policy not in POLICIES):
            raise InvalidEvidence("policy", f"unknown revision policy {policy!r}; "
                                  f"one of {', '.join(POLICIES)}")
        if default_trust is not None:
            check.fraction("default_trust", default_trust)
        if track_versions is not None:
            check.flag("track_versions", track_versions)
        given = _params(params) if params is not None else None
        if isinstance(states, str | bytes) or not isinstance(states, Iterable):
            raise InvalidEvidence("states", "a list of attribute names (a string is one name: "
                                  "put it in a list)")
        states = [check.ident("states", name) for name in states]
        if busy_timeout is not None:
            busy_timeout = check.integer("busy_timeout", busy_timeout, 0, 2**31 - 1)
        if verify is not None:
            check.flag("verify", verify)
        opened = not isinstance(db, Database)
        # A Database the caller passed is theirs: close() leaves its connection open (closing
        # it killed the game's own tables on the same connection; a developer's trial).
        self._owns_db = opened
        where = "the database" if not opened else repr(str(db))
        if not opened:
            self.db = db
        else:
            text = str(db)
            if "\0" in text:
                raise InvalidEvidence("db", "a file path without a NUL character")
            if text != ":memory:" and os.path.exists(text) and not os.path.isfile(text):
                # (/dev/null opened, failed with SQLite's "disk I/O error" and left a journal
                # in /dev: a hostile-input run)
                raise InvalidEvidence("db", f"{text!r} is not a regular file: give the store "
                                      "a file of its own")
            try:
                self.db = Database(str(db) if isinstance(db, Path) else db)
                self.db.execute("PRAGMA schema_version").fetchone()  # opens the file
                # A game's save holds its memory beside the world; opened here it would be
                # switched to WAL and written, and the game would refuse it after (a developer
                # read a save so). The game opens it checked, in memory: pass that instead.
                saved = self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                                        "AND name = 'world_meta'").fetchone()
            except (sqlite3.Error, UnicodeDecodeError) as exc:  # no such folder, not SQLite
                with suppress(Exception):
                    self.db.close()
                if damaged(exc):
                    raise StoreDamaged(where, " ".join(str(exc).split())[:160],
                                       sqlite=isinstance(exc, sqlite3.Error)) from None
                # A file in WAL mode in a folder that cannot be written (its -shm cannot be
                # made), or another connection's lock: named so, not "cannot open" (a fuzz).
                if isinstance(err := sqlite_failure("MemoryStore", exc),
                              StoreBusy | StoreReadOnly):
                    raise err from None
                raise InvalidEvidence("db", f"cannot open {str(db)!r} as a memory store: "
                                      f"{exc}") from None
            if saved:
                self.db.close()
                raise InvalidEvidence("db", f"{str(db)!r} is a Hearsay save, not a memory "
                                      "store of its own: read it with "
                                      "MemoryStore(game.save.open_save(path)) (checked, in "
                                      "memory; the file is left as it was)")
        # A damaged file, or one a newer Hearsay wrote, is refused before anything is written
        # to it (memory.opencheck); a file opened here is read page by page unless told not.
        try:
            opencheck.check_file(self.db, where, verify=opened if verify is None else verify)
        except MemoryModuleError:
            if opened:
                self.db.close()
            raise
        # Tables by the memory's names that it did not make (a game's own `beliefs`): the
        # migrations would fail on them half-way, the file already switched to WAL and
        # written. Refused before anything is written.
        try:
            foreign = clashes(self.db)
        except sqlite3.Error as exc:
            if opened:
                self.db.close()
            raise InvalidEvidence("db", f"cannot read {where} as a memory store: {exc}") \
                from None
        if foreign:
            ours = opencheck.made_by_store(self.db)
            if opened:
                self.db.close()
            if ours:
                # The store's own tables, its record of making them tampered with (rows
                # deleted from `_sqlite_migrations`): damage, not another program's (a fuzz).
                more = f" and {len(foreign) - 1} more" if len(foreign) > 1 else ""
                raise StoreDamaged(where, f"{foreign[0]}{more} stand without its record of "
                                   "making them", sqlite=False)
            raise ForeignTables(where, foreign)
        # How long a call waits for another connection's lock (ms) before it is `StoreBusy`:
        # given, each write takes the lock first (BEGIN IMMEDIATE), where SQLite waits; not
        # given, as before — the connection's own timeout, and a write that read first finds
        # the lock taken at once.
        self._immediate = bool(busy_timeout)
        try:
            if busy_timeout is not None:
                self.db.execute(f"PRAGMA busy_timeout = {busy_timeout}")
            self._open(default_trust, policy, track_versions, given)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            err = sqlite_failure("MemoryStore", exc)
            if err is None:
                raise
            if opened:
                self.db.close()
            if isinstance(err, StoreDamaged):  # found on the way in: named as the file
                raise StoreDamaged(where, err.detail) from exc
            raise err from exc
        # `states` makes each a state and leaves what else was kept of it (its topic,
        # importance, recall — its own, or its family's) as it was: the same constructor line
        # reopening a store reset them (a developer's finding: trust given on the topic
        # stopped applying).
        try:
            for name in states:
                kept = self._attribute_row(name)
                if kept is None and (family := self._family(name)) is not None:
                    if family[1] == STATE_NATURE:
                        continue  # a state already, as its family says
                    kept = (family[2], family[3], family[4])
                if kept is None:
                    self.define_attribute(name, nature=STATE_NATURE)
                else:
                    topic, importance, recall = kept
                    self.define_attribute(name, nature=STATE_NATURE, topic=topic,
                                          importance=importance, recall=recall)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            err = sqlite_failure("MemoryStore", exc)
            if err is None:
                raise
            raise err from exc

    def __enter__(self) -> MemoryStore:
        if isinstance(self.db, _ClosedDb):
            raise StoreClosed()
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        # Leaving on an error, a batch it left paused is dropped with the store; leaving
        # without one, `close` says that a batch was left unfinished.
        if exc_type is None or not self._paused:
            self.close()

    @translated
    def _attribute_row(self, name: str) -> tuple[str | None, int | None, str] | None:
        """(topic, importance, recall) as kept for attribute `name`, or None if undefined."""
        row = self.db.execute("SELECT topic, importance, recall FROM attributes WHERE name = ?",
                              (name,)).fetchone()
        return None if row is None else (row[0], row[1], row[2])

    def _open(self, default_trust: float | None, policy: str | None,
              track_versions: bool | None, given: MemoryParams | None) -> None:
        """Switch a file to WAL, make or upgrade the tables, and read what the store keeps."""
        if not self.db.memory and not self.db.conn.in_transaction:
            self.db.enable_wal()
            self.db.execute("PRAGMA synchronous=NORMAL")
            # Checkpoint less often than every 1,000 pages: a tick commits many pages at once.
            self.db.execute("PRAGMA wal_autocheckpoint=10000")
        self.db.execute("PRAGMA cache_size=-65536")  # 64 MiB of page cache for the passes
        ensure_schema(self.db)
        meta = self._meta()
        if policy is not None:
            self._set_meta("policy", policy)
        elif "policy" not in meta:
            self._set_meta("policy", RULES)
        if default_trust is not None:
            self._set_meta("default_trust", str(default_trust))
        if track_versions is not None:
            # Off, evidence keeps no world-fact version and nothing goes stale (§9 switched
            # off: the baseline of seed 003's measurement). Kept with the memory, like policy.
            self._set_meta("versions", "1" if track_versions else "0")
        if given is not None:
            # The numbers in force are kept with the memory, so a reopened store (a loaded
            # save) runs with the ones it was made with.
            was = (MemoryParams.model_validate_json(meta["params"]) if "params" in meta
                   else DEFAULT)
            if given != was:
                # Lazy memories share the half-life of the numbers they were written under
                # (memory.lifecycle): under others they are caught up first, as those left them.
                lifecycle.catch_up_every(self.db, lifecycle.Clock(
                    was, _minute(meta.get(lifecycle.ACCESS_PASS)),
                    _minute(meta.get(lifecycle.LOOKBACK_PASS))))
            self._set_meta("params", given.model_dump_json())
        meta = self._meta()
        self._policy: str | None = meta["policy"]
        self._track_versions: bool | None = meta.get("versions", "1") == "1"
        self._params: MemoryParams | None = (MemoryParams.model_validate_json(meta["params"])
                                             if "params" in meta else DEFAULT)
        # The one half-life of lazy memories, which those only their evidence stands for
        # read by (memory.unwritten): as the numbers in force make it. (Numbers changed
        # above wrote their rows first; a record whose clock disagrees with its numbers
        # keeps what its memories read as, written out.)
        if unwritten.clock_differs(self.db, self.params):
            unwritten.write_all(self.db)
        unwritten.set_clock(self.db, self.params)
        self.trust_book = TrustBook(self.db, float(meta.get("default_trust", DEFAULT_TRUST)),
                                    self.params)
        # How far the hourly passes have run, for memories they leave as written
        # (memory.lifecycle).
        self._lifecycle = lifecycle.Clock(self.params, _minute(meta.get(lifecycle.ACCESS_PASS)),
                                          _minute(meta.get(lifecycle.LOOKBACK_PASS)))
        self._claims: dict[tuple[str, str], tuple[int, str, str]] = {}
        # Claims asked about that no belief has yet been held of (the game's conditions and
        # reactions ask after them every tick): not looked for again until one is made.
        self._no_claim: set[tuple[str, str]] = set()
        self._edit_keys: set[tuple[str, int]] | None = None  # beliefs with a live edit
        # Ids of edits discovered by evidence perceived through this store, oldest first, for
        # the caller to take (`take_discoveries`) and act on: the store never writes world state.
        self.discovered: list[int] = []
        self._attributes: dict[str, tuple[str, str | None]] = {}
        self._families: list = []
        self._family_of: dict[str, tuple | None] = {}
        self._recall: dict[str, str] = {}
        self._claim_recall: dict[int, str] = {}  # claim id -> how it comes to mind
        self._cue_about = 0  # claims about someone's beliefs recalled by cue only
        self._about_claims: set[int] = set()  # claims about someone's beliefs (their ids)
        self._claim_topic: dict[int, str] = {}  # claim id -> trust topic, as in _claims
        # What a tick reads again and again, kept here (SQLite stays the record): recall's
        # term index, and writes held to the tick's end (`deferred`).
        self._index = RecallIndex()
        self._working = WorkingSet()
        # The working beliefs, as their rows say (memory.cache).
        self._cache = BeliefCache(None if self.db.memory else self.db.conn)
        self._held = HeldWrites()
        self._defer = 0
        self._paused = False  # a perceiving() batch stands between its stretches
        # Re-evocations may stay held past a tick only where no other program reads the
        # rows: an in-memory database (memory.deferred).
        self._hold = bool(self.db.memory)
        self._reload()
        self._load_index()
        self._load_working()

    # -- configuration -------------------------------------------------------------------------

    @property
    def params(self) -> MemoryParams:
        """The numbers the store runs with (kept with the memory)."""
        p = self._params
        if p is None:
            raise StoreClosed()
        return p

    @property
    def policy(self) -> str:
        """The revision policy (kept with the memory)."""
        p = self._policy
        if p is None:
            raise StoreClosed()
        return p

    @property
    def track_versions(self) -> bool:
        """Whether evidence keeps the world-fact version it saw (§9; kept with the memory)."""
        t = self._track_versions
        if t is None:
            raise StoreClosed()
        return t

    @property
    def _clock(self) -> lifecycle.Clock:
        """How far the hourly passes have run (memory.lifecycle), as memory_meta says: read
        again when it may have moved under what this store kept — its own transaction rolled
        back (a failed tick or batch), or another connection's commit."""
        clock = self._lifecycle
        if clock.stale:
            meta = self._meta()
            clock.access_at = _minute(meta.get(lifecycle.ACCESS_PASS))
            clock.lookback_at = _minute(meta.get(lifecycle.LOOKBACK_PASS))
            clock.stale = False
        return clock

    def _follow(self) -> None:
        """Before what this store keeps of the record is used: if another connection
        committed to the file since, the working beliefs and the passes' minutes are read
        again (memory.cache), and what is kept beside them that another store may have
        written — its new claims, the attributes, the trust and default trust (`_follow_
        record`): an attribute defined through one store was made an event's claim by the
        other for good, a claim made by one was made again by the other (a raw UNIQUE
        error), a trust set by one was not the other's (a developer's trial). Not the working
        set and recall's index: reading them again costs a reading of the whole memory (two
        seconds at 50,000 beliefs, after every write of the other's: a review) —
        `refresh()` does, when asked."""
        try:
            if self._cache.follow():
                self._lifecycle.stale = True
                self._no_claim.clear()  # another connection may have made them
                self._follow_record()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            err = sqlite_failure("MemoryStore", exc)  # (a lock, damage: named, not raw)
            if err is None:
                raise
            raise err from exc

    def _follow_record(self) -> None:
        """Claims, attributes and trust as the file has them now (`_follow`). New claims by
        their ids; an attribute changed since (its nature, topic or recall) may have changed
        its claims too, and they are all read again."""
        rows = self.db.execute("SELECT name, nature, topic, importance, recall FROM "
                               "attributes").fetchall()
        if rows != self._attribute_rows:
            self._reload()
        else:
            top = max((cid for cid, _, _ in self._claims.values()), default=0)
            for cid, s, a, nature, topic, mode in self.db.execute(
                    "SELECT id, subject, attribute, nature, topic, recall FROM claims WHERE "
                    "id > ? ORDER BY id", (top,)):
                self._claims[(s, a)] = (cid, nature, topic)
                self._claim_recall[cid] = mode
                self._claim_topic[cid] = topic
                if a.startswith(BELIEVES):
                    self._about_claims.add(cid)
                    self._cue_about += mode == CUE_RECALL
        meta = self._meta()
        self.trust_book.default = float(meta.get("default_trust", self.trust_book.default))
        self.trust_book.reload()
        self._edit_keys = None  # (another store's edits: found again when asked)

    def _after_rollback(self) -> None:
        """What this store keeps of the record, read again after a failed call's writes were
        given back (`errors.translated`)."""
        self._held.rollback() if self._held._undo is not None else None
        self._cache.clear()
        self._cache.follow()
        self._reload()
        self._load_index()
        self._load_working()

    @translated
    def refresh(self) -> None:
        """Read again all this store keeps of its file — the working set that `top_beliefs`
        and the passes go by and recall's index too — for a store that shares its file with
        another writer and must recall what that one wrote. What this store holds to write
        is written first. It reads the whole memory: call it when you need it, not per
        call."""
        self._not_paused()
        if self._defer:
            raise InvalidEvidence("refresh", "not inside deferred(): its writes are held")
        self._sync()
        self._cache.clear()
        self._cache.follow()
        self._reload()
        self._load_index()
        self._load_working()

    def _passed(self, key: str, now: int) -> None:
        """An hourly pass ran to `now`: kept with the memory (memory.lifecycle)."""
        clock = self._clock
        attr = "access_at" if key == lifecycle.ACCESS_PASS else "lookback_at"
        was = getattr(clock, attr)
        if was is None or now > was:
            setattr(clock, attr, now)
            self._set_meta(key, str(now))

    def _meta(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT key, value FROM memory_meta").fetchall())

    def _set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT INTO memory_meta (key, value) VALUES (?, ?) ON CONFLICT (key) "
                        "DO UPDATE SET value = excluded.value", (key, value))

    def _reload(self) -> None:
        self._no_claim.clear()
        self._cache.clear()
        self._lifecycle.stale = True  # the passes' minutes too may have been rolled back
        self._claims = {}
        self._claim_recall = {}
        self._claim_topic = {}
        for cid, s, a, nature, topic, mode in self.db.execute(
                "SELECT id, subject, attribute, nature, topic, recall FROM claims"):
            self._claims[(s, a)] = (cid, nature, topic)
            self._claim_recall[cid] = mode
            self._claim_topic[cid] = topic
        self._about_claims = {cid for (_, a), (cid, _, _) in self._claims.items()
                              if a.startswith(BELIEVES)}
        self._cue_about = sum(1 for cid in self._about_claims
                              if self._claim_recall[cid] == CUE_RECALL)
        rows = self.db.execute("SELECT name, nature, topic, importance, recall FROM "
                               "attributes").fetchall()
        self._attribute_rows = rows  # (as read: `_follow_record` compares)
        self._attributes = {r[0]: (r[1], r[2]) for r in rows if not r[0].endswith("*")}
        self._importance = {r[0]: r[3] for r in rows if r[3] is not None
                            and not r[0].endswith("*")}
        self._recall = {r[0]: r[4] for r in rows if not r[0].endswith("*")}
        # Families, longest prefix first, so "at_d*" would win over "at_*".
        self._families = sorted(((r[0][:-1], r[1], r[2], r[3], r[4]) for r in rows
                                 if r[0].endswith("*")), key=lambda f: (-len(f[0]), f[0]))
        self._family_of: dict[str, tuple | None] = {}  # attribute -> its family, as found
        self.trust_book.reload()
        self._edit_keys = None

    def _load_working(self) -> None:
        """Rebuild the working set (memory.working) from the tables."""
        self._working.load(self.db.execute(
            "SELECT b.id, b.resident, c.subject, c.attribute, b.value, b.confidence, "
            "b.importance, b.updated_at, b.teller, b.origin, b.state, b.kind, b.access, "
            "b.last_evoked_at, b.half_life, c.recall = 'free' FROM belief_rows b JOIN claims c "
            "ON c.id = b.claim_id WHERE b.importance IS NULL OR b.importance > 0 OR "
            "c.recall = 'free'"))

    def _load_index(self) -> None:
        """Rebuild recall's term index from its record: `recall_words`, and `beliefs.indexed`
        (0: pending, to be indexed at the resident's next recall)."""
        if opencheck.orphan_words(self.db):  # (checked on opening, before any write)
            raise StoreDamaged("the memory store's database", opencheck.ORPHAN_WORDS,
                               call="refresh", sqlite=False)
        # A memory written new keeps `indexed` = 0 once its resident's recall has indexed it
        # (its row is not written again for that); it waits to be indexed only if recall has
        # no words for it, or other words than it has now (reworded since). Words the same as
        # it has are what indexing it again would give.
        waiting = ((bid, resident) for bid, resident, s, a, v, teller, origin, indexed in
                   self.db.execute(
                       "SELECT b.id, b.resident, c.subject, c.attribute, b.value, b.teller, "
                       "b.origin, w.words FROM belief_rows b JOIN claims c ON c.id = b.claim_id "
                       "LEFT JOIN recall_words w ON w.belief_id = b.id WHERE b.indexed = 0 AND "
                       "c.recall = 'free' ORDER BY b.id")
                   if indexed is None or indexed != " ".join(belief_words(s, a, v, teller,
                                                                          origin)))
        self._index.load(
            self.db.execute("SELECT w.belief_id, b.resident, w.words, substr(c.attribute, 1, "
                            "9) = ? FROM recall_words w JOIN belief_rows b ON b.id = w.belief_id "
                            "JOIN claims c ON c.id = b.claim_id ORDER BY w.belief_id",
                            (BELIEVES,)),
            waiting)

    # -- writes held to the end of a tick (memory.deferred) -----------------------------------

    @contextmanager
    def deferred(self) -> Iterator[MemoryStore]:
        """Inside, re-evocations, memory events and recall's record are held and written
        together when the outermost block ends — or earlier, before anything reads them
        through SQL. A simulation runs each tick in one, inside its transaction. On an
        exception nothing held is written (the caller rolls its transaction back)."""
        self._defer += 1
        if self._defer == 1:
            self._held.begin()
        try:
            yield self
        except BaseException:
            self._defer -= 1
            if not self._defer:
                self._held.rollback()  # this block's own; those held before stay held
                self._cache.clear()  # the caller rolls back what the cache followed
                self._lifecycle.stale = True  # and the passes' minutes (memory.lifecycle)
            raise
        self._defer -= 1
        if not self._defer:
            # Re-evocations stay held past the block where nothing else can read the rows
            # (memory.deferred); events and recall's record go out now.
            try:
                self._sync(evocations=not self._hold)
            except sqlite3.OperationalError as exc:
                err = sqlite_failure("deferred", exc)
                if err is None:
                    raise
                raise err from exc
            self._held.commit()

    @translated
    def flush(self) -> None:
        """Write everything held back (re-evocations, memory events, recall's record): what
        a save, or anything reading the tables through SQL, does first."""
        self._sync()

    def _sync(self, evocations: bool = True) -> None:
        """Write whatever is held (nothing to do when nothing is); re-evocations only if
        `evocations`."""
        if not (self._held.events or self._index.written or
                (evocations and self._held.evoked)):
            return
        if self.db.conn.in_transaction:
            self._write_held(evocations)
        else:
            with self._atomic():
                self._write_held(evocations)

    def _write_held(self, evocations: bool = True) -> None:
        if evocations:
            self._held.write_evoked(self.db.conn, self.params, None)
        self._held.write_events(self.db.conn)
        if self._index.written:
            _RECALL_WORDS(self.db.conn, self._index.take_written())

    def _sync_before_pass(self, due: Callable[[], list[int]]) -> None:
        """Before an hourly pass: events and recall's record, and the held re-evocations of
        the memories it is about to judge (`due()`, read from their rows) and of those brought
        back from dormancy — the only rows whose re-evocation it reads (memory.deferred)."""
        self._sync(evocations=False)
        held = self._held
        if held.evoked:
            held.write_evoked(self.db.conn, self.params, [*due(), *held.revived])

    def _not_paused(self) -> None:
        """Refuse a write while a `perceiving()` batch is paused between its stretches:
        written then, it would join the batch's transaction and go with it if the batch were
        dropped (a developer's perceive() after one next() was lost on close(), without a
        word)."""
        if self._paused:
            raise InvalidEvidence("perceiving", "a perceiving() batch is paused unfinished: "
                                  "run it to its end (or close() it to drop it) before "
                                  "anything else writes to the store")

    def _tx(self):
        """One call's transaction: its own — or, inside a tick, the tick's (no savepoint per
        call: the tick is the unit that commits or rolls back)."""
        self._not_paused()
        if self._defer and self.db.conn.in_transaction:
            return nullcontext()
        return self._atomic()

    def _atomic(self):
        """`db.atomic()`; with a `busy_timeout`, a transaction of its own starts by taking
        the write lock (BEGIN IMMEDIATE), so SQLite waits for another connection's lock
        there: a transaction that read first and then found the lock taken could not wait
        (SQLite refuses it at once, or the two would wait on each other)."""
        if self._immediate and not self.db.conn.in_transaction:
            return _immediate(self.db)
        return self.db.atomic()

    def _flush_unless_deferred(self) -> None:
        """Outside a deferred block a call's writes go out when it returns, as they always
        did."""
        if not self._defer:
            self._sync()

    def _evoke(self, ids: list[int], now: int, revived: Iterable[int] = ()) -> None:
        """Re-evoked at `now` (`revived`: those among them brought back from dormancy)."""
        self._held.evoke(ids, now, revived)
        self._working.evoked(ids, now)
        self._cache.evoked(ids, now)

    def _event(self, at: int, resident: str, belief_id: int | None, kind: str,
               detail: str | None = None) -> None:
        self._held.events.append((at, resident, belief_id, kind, detail))

    def _evoked_at(self, bid: int, last_evoked_at: int) -> int:
        return self._held.evoked_at(bid, last_evoked_at)

    def _evoked_state(self, b):
        return self._held.patch(b)

    def _indexed_flag(self, resident: str, bid: int) -> int:
        """`beliefs.indexed` for a row being written: 0 while it waits to be indexed."""
        return 0 if self._index.is_pending(resident, bid) else 1

    def _rewrote(self, b, *, new: bool = False, reworded: bool = False,
                 params: MemoryParams | None = None) -> None:
        """A belief row was just written (by anything but the tick's batch, which tells the
        index itself): a new or reworded one waits to be indexed, a pending one will be
        indexed by its words as they now are; the working beliefs keep it as written."""
        self._cache.put(b)
        if new or reworded:
            # A claim recalled only by cue has nothing to index (unless that changes).
            cue = self._claim_recall.get(b.claim_id) == CUE_RECALL
            self._index.mark(b.resident, b.id, (b.claim_id, None) if cue else None)
        else:
            self._index.refresh(b.resident, b.id, None)
        self._working.wrote(b, self._claim_recall.get(b.claim_id) != CUE_RECALL,
                            b.half_life(params or self.params))

    @translated
    def define_attribute(self, name: str, *, nature: str = EVENT_NATURE,
                         topic: str | None = None, importance: int | None = None,
                         recall: str = "free") -> None:
        """Say whether claims with this attribute describe a changeable state or an event
        (epistemics §5), which trust topic they belong to (§10; default: the attribute), and
        how much they matter, 0..10 (§7's importance; default: unknown).

        A name ending in `*` defines a family ("at_*": every attribute starting "at_").
        `recall` says how its memories come to mind (§7): "free" — ranked by relevance, and
        brought back from dormancy by any cue that names their claim, person or object — or
        "cue": only a cue naming the claim itself (`cue()`) brings them back, and free recall
        and association pass them by (the episodic detail of who stood where)."""
        self._not_paused()
        name = check.ident("name", name)
        if nature not in (STATE_NATURE, EVENT_NATURE):
            raise InvalidEvidence("nature", "an attribute's nature is 'state' or 'event'")
        if topic is not None:
            topic = check.ident("topic", topic)
        if importance is not None:
            check.integer("importance", importance, 0, 10)
        if recall not in (FREE_RECALL, CUE_RECALL):
            raise InvalidEvidence("recall", "an attribute is recalled 'free' or by 'cue'")
        family = name.endswith("*")
        where = "attribute LIKE ? ESCAPE '\\'" if family else "attribute = ?"
        match = _like_prefix(name[:-1]) if family else name
        self._follow()
        if self.db.execute("SELECT 1 FROM attributes WHERE name = ? AND nature = ? AND topic IS ? "
                           "AND importance IS ? AND recall = ?",
                           (name, nature, topic, importance, recall)).fetchone():
            # Defined so already (a loaded save defines its families again): its claims say so
            # and its lazy memories are what they must be; nothing to write or read again.
            return
        try:
            with self._atomic():
                self.db.execute(
                    "INSERT INTO attributes (name, nature, topic, importance, recall) VALUES "
                    "(?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET nature = "
                    "excluded.nature, topic = excluded.topic, importance = "
                    "excluded.importance, recall = excluded.recall",
                    (name, nature, topic, importance, recall))
                # Its lazy memories may no longer be what one must be (memory.lifecycle).
                lifecycle.catch_up_claims(self, f"c.{where}", (match,))
                if recall != CUE_RECALL and self.db.execute(
                        f"SELECT 1 FROM claims WHERE {where} AND recall = ? LIMIT 1",
                        (match, CUE_RECALL)).fetchone():
                    self._index.cue_freed = True  # their pending memories may need indexing
                self.db.execute(f"UPDATE claims SET nature = ?, topic = coalesce(?, "
                                f"attribute), recall = ? WHERE {where}",
                                (nature, topic, recall, match))
        finally:
            self._reload()  # the caches follow the database, written or rolled back
            self._load_working()

    def attribute_importance(self, attribute: str) -> int | None:
        """How much claims of this attribute matter (0..10), or None: unknown."""
        try:
            imp = self._importance.get(attribute)
        except TypeError:  # (unhashable: refused below)
            imp = None
        if imp is None:
            a = check.key("attribute", attribute)
            if a is not attribute:
                return self.attribute_importance(a)
            fam = self._family(attribute)
            imp = fam[3] if fam else None
        return imp

    def _family(self, attribute: str) -> tuple[str, str, str | None, int | None, str] | None:
        """The longest attribute family ("at_*") the attribute belongs to, if any. Asked per
        piece of evidence whose attribute has no importance of its own (every "believes …"
        one), so each attribute's answer is kept until the families are read again."""
        try:
            return self._family_of[attribute]
        except KeyError:
            pass
        found = None
        for fam in self._families:
            if attribute.startswith(fam[0]):
                found = fam
                break
        self._family_of[attribute] = found
        return found

    def recall_mode(self, attribute: str) -> str:
        """How memories of claims with this attribute come to mind: "free" or "cue"."""
        attribute = check.key("attribute", attribute)
        a = self._attributes.get(attribute)
        if a is not None:
            return self._recall.get(attribute, FREE_RECALL)
        fam = self._family(attribute)
        return fam[4] if fam else FREE_RECALL

    def _claims_for(self, keys: Iterable[tuple[str, str]]) -> dict:
        """Claim ids (creating claim roots as needed) for `(subject, attribute)` keys."""
        claims = self._claims
        missing = sorted(k for k in keys if k not in claims)
        if missing:
            next_id = (self.db.execute("SELECT max(id) FROM claims").fetchone()[0] or 0) + 1
            rows = []
            for i, (s, a) in enumerate(missing):
                nature, topic = self._nature_of(a)
                mode = self.recall_mode(a)
                rows.append((next_id + i, s, a, nature, topic, mode))
                claims[(s, a)] = (next_id + i, nature, topic)
                self._no_claim.discard((s, a))
                self._claim_recall[next_id + i] = mode
                self._claim_topic[next_id + i] = topic
                if a.startswith(BELIEVES):
                    self._about_claims.add(next_id + i)
                    if mode == CUE_RECALL:
                        self._cue_about += 1
            _INSERT_CLAIMS(self.db.conn, rows)
        return claims

    def _nature_of(self, attribute: str) -> tuple[str, str]:
        if attribute.startswith(BELIEVES):
            # What someone believes can change, and telling about it is its own topic.
            return STATE_NATURE, "beliefs"
        got = self._attributes.get(attribute)
        if got is None:
            fam = self._family(attribute)
            got = (fam[1], fam[2]) if fam else (EVENT_NATURE, None)
        nature, topic = got
        return nature, topic or attribute

    # -- writing -------------------------------------------------------------------------------

    def perceive(self, evidence: Evidence | dict[str, Any]) -> Belief:
        """Revise the resident's belief with one piece of evidence; return the belief."""
        e = Evidence.parse(evidence)
        self.perceive_many([e])
        belief = self.belief(e.resident, e.subject, e.attribute)
        assert belief is not None
        return belief

    def perceive_many(self, evidence: Sequence[Evidence | dict[str, Any]]) -> list[Outcome]:
        """Revise beliefs with many pieces of evidence, in order, in one transaction.

        Returns what each did. If any piece is invalid, nothing is written.
        """
        gen = self.perceiving(evidence)
        while True:
            try:
                next(gen)
            except StopIteration as done:
                return done.value

    def perceiving(self, evidence: Sequence[Evidence | dict[str, Any]],
                   ) -> Iterator[None]:
        """`perceive_many` as a generator: the same batch, pausing between stretches of its
        work (a window spreads a tick over frames); run it to its end — its value is the
        outcomes — before anything else uses the store."""
        if isinstance(evidence, str | bytes | Mapping | Evidence) or not isinstance(
                evidence, Iterable):
            raise InvalidEvidence("evidence", "a list of pieces of evidence (one piece: "
                                  f"perceive), got {type(evidence).__name__}")
        evs = []
        for i, e in enumerate(evidence):
            try:
                evs.append(Evidence.parse(e))
            except InvalidEvidence as exc:
                raise exc.in_batch(i) from None
        if not evs:
            if isinstance(self.db, _ClosedDb):  # (an empty batch answered [] after close)
                raise StoreClosed()
            return []
        if not self.track_versions:
            evs = [_unversioned(e) for e in evs]
        self._not_paused()  # (before the try: its cleanup is the batch's own)
        try:
            with self._tx():
                # Re-evocations held to the tick's end stay held: the batch reads beliefs with
                # them applied (memory.cache keeps them so; rows it reads it patches), and a
                # row it writes whole carries its own (`HeldWrites.carried`).
                self.trust_book.batch()
                batch = Batch(self)
                self._paused = True  # between its stretches, a batch is paused (`_tx`)
                yield
                for _ in batch.steps(evs):
                    self._paused = True
                    yield
                    self._paused = False
                self._paused = False
                out = batch.outcomes
                self.trust_book.flush()
                found = discovery.check(self, evs)  # did this evidence give an edit away?
            for bid in batch.carried:  # written, and standing: not to be written again
                self._held.forget(bid)
            self.discovered.extend(e.id for e in found)
            return out
        except BaseException as exc:
            self._paused = False
            self.trust_book.discard()
            self._reload()  # the cached claim ids and trust may name rolled-back rows
            err = sqlite_failure("perceive", exc)  # (another's lock, a read-only file)
            if err is None:
                raise
            raise err from exc

    @translated
    def set_trust(self, listener: str, teller: str, value: float, *, topic: str = ANY_TOPIC,
                  at: int = 0, reason: str = "set") -> None:
        """Set how far `listener` trusts what `teller` says (about `topic`, or in general)."""
        self._not_paused()
        listener = check.ident("listener", listener)
        teller = check.ident("teller", teller)
        topic = check.ident("topic", topic)
        value = check.fraction("trust", value)
        at = check.time("at", at)
        check.text("reason", reason, limit=check.MAX_ID)
        self._write_trust(listener, teller, value, topic, at=at, reason=reason)

    def _write_trust(self, listener: str, teller: str, value: float, topic: str, **kw) -> float:
        self._not_paused()  # (propose_trust's way in too)
        try:
            with self._atomic():
                return self.trust_book.set(listener, teller, value, topic, **kw)
        except BaseException:
            self.trust_book.reload()  # the cache may hold what was rolled back
            raise

    @translated
    def age(self, now: int) -> int:
        """Hearsay aging up to sim minute `now` (§6); returns how many beliefs aged."""
        now = check.time("now", now)
        self._follow()
        with self._tx():
            self._sync(evocations=False)  # (aging reads no re-evocation)
            return aging.age(self.db, now, self.params, self._working, self._cache)

    @translated
    def mark_changed(self, changes: Iterable[tuple[str, int]]) -> int:
        """The world moved: fact `f` is now at version `v`. Beliefs resting on an older version
        become stale (§9); returns how many newly did. Work grows with the changes only."""
        rows = []
        if isinstance(changes, str | bytes) or not isinstance(changes, Iterable):
            raise InvalidEvidence("changes", "a list of (fact, version) pairs")
        for item in changes:
            if not isinstance(item, tuple | list) or len(item) != 2:
                raise InvalidEvidence("changes", "each change is a (fact, version) pair")
            rows.append((check.ident("fact", item[0]),
                         check.integer("version", item[1], 1, check.MAX_INT)))
        if not self.track_versions:
            return 0  # no belief rests on a version, so none can be left behind by one
        self._follow()
        with self._tx():
            self._sync(evocations=False)  # (staleness reads no re-evocation)
            return aging.mark_stale(self.db, rows, self._cache)

    @translated
    def record_use(self, resident: str, subject: str, attribute: str, at: int) -> None:
        """This belief supported a decision: u += 1, its half-life lengthens, and it was evoked
        now (§7). Being a candidate in a decision is not use; only call this for support."""
        resident = check.ident("resident", resident)
        subject = check.ident("subject", subject)
        attribute = check.ident("attribute", attribute)
        at = check.time("at", at)
        claim = self._claim_id(subject, attribute)
        if claim is None:
            return
        b = self._working_belief(resident, claim)
        if b is None:
            return
        try:
            # In a transaction of its own (or the tick's): bare, the UPDATE opened one that
            # nothing committed, and closing the store rolled back it and all written after.
            with self._tx():
                lifecycle.catch_up(self, [b])
                b.uses += 1
                b.last_evoked_at = max(b.last_evoked_at, at)
                b.access = "active"
                self.db.conn.execute(UPDATE_BELIEF, update_params(
                    b, self.params, self._indexed_flag(resident, b.id)))
        except BaseException:
            self._cache.clear()  # it may hold the change the row did not take
            raise
        self._rewrote(b)
        self._event(at, resident, b.id, "use")
        self._flush_unless_deferred()

    @translated
    def recall(self, resident: str, cue: str, now: int, k: int = 10,
               associate: bool = True, views: bool = True) -> list[Recalled]:
        """What comes to mind for `cue` (§7): relevance (FTS5 bm25) × accessibility, top `k`,
        plus dormant memories the cue names and, one hop on, those sharing their people,
        places or objects. Everything recalled is re-evoked.

        The one-hop neighbours are the memories recorded dormant: call `refresh_access(now)`
        as time passes (the simulation does, hourly), or a neighbour that has faded since the
        last pass is not yet known to be dormant and is not brought along."""
        resident = check.ident("resident", resident)
        check.text("cue", cue)
        now = check.time("now", now)
        check.integer("k", k, 0, 10_000)
        check.flag("associate", associate)
        check.flag("views", views)
        self._follow()  # (what another store wrote is recalled too)
        return self._evoking(lambda: recall_mod.recall(self, resident, cue, now, k, associate,
                                                       views))

    @translated
    def cue(self, resident: str, now: int, *, subject: str | None = None,
            attribute: str | None = None, value: str | None = None) -> list[Recalled]:
        """A cue naming a claim exactly (its subject, attribute and/or value) brings back
        every memory of it the resident can still recall, dormant ones included (§7); each is
        re-evoked. `Recalled.accessibility` is what it was before the cue."""
        resident = check.ident("resident", resident)
        now = check.time("now", now)
        if subject is None and attribute is None and value is None:
            # (it brought back every memory, the engine's own beliefs about others among
            # them: a developer's report)
            raise InvalidEvidence("cue", "a cue names a subject, an attribute or a value")
        if subject is not None:
            subject = check.ident("subject", subject)
        if attribute is not None:
            attribute = check.ident("attribute", attribute)
        if value is not None:
            value = check.norm_id(check.text("value", value))
        self._follow()
        return self._evoking(lambda: recall_mod.cue(self, resident, now, subject=subject,
                                                    attribute=attribute, value=value))

    def _evoking(self, call: Callable[[], list[Recalled]]) -> list[Recalled]:
        """Run a recall or a cue. Inside a tick what it re-evokes is held to the tick's end;
        outside one it is written now — and if that fails (a read-only database, another
        connection's lock), what the call holds is given back, so the store holds nothing
        it cannot write (closing a read-only store after a refused recall wrote it again)."""
        if self._defer:
            return call()
        held = self._held
        kept = bool(held.evoked)  # held before this call (an in-memory store's)
        was_in = self.db.conn.in_transaction
        held.begin()
        try:
            got = call()
            self._sync()
        except BaseException:
            if not was_in and self.db.conn.in_transaction:  # (see errors._give_back)
                with suppress(sqlite3.Error):
                    self.db.conn.rollback()
            held.rollback()
            self._cache.clear()  # it followed the re-evocations
            self._lifecycle.stale = True
            if not kept:  # the working set too, as the rows say
                with suppress(sqlite3.Error):
                    self._load_working()
            raise
        held.commit()
        return got

    @property
    def seed(self) -> int:
        """The seed misremembering draws from (kept with the memory, 0 by default)."""
        return int(self._meta().get("seed", 0))

    @translated
    def set_seed(self, seed: int) -> None:
        self._not_paused()
        check.integer("seed", seed, -(2**63), 2**63 - 1)
        self._set_meta("seed", str(int(seed)))

    @translated
    def misremember(self, resident: str, subject: str, attribute: str, now: int, *,
                    accessibility: float, trait: float,
                    similar: Callable[[], Sequence[str]] | Sequence[str] = (),
                    stand_ins: Callable[[], Sequence[str]] | Sequence[str] = (),
                    ) -> Misremembering | None:
        """The resident recalls this memory at `accessibility` (before the recall brought it
        back): a weak one may come back wrong (see `memory.misremember`). `similar` are values
        it could drift to, `stand_ins` people who could take the subject's place or be filled
        in beside them — each a list, or a function called only if needed. Returns what went
        wrong, or None; a change is written with a history version that says so."""
        from .recalled_wrong import misremember as write

        self._follow()
        return write(self, resident, subject, attribute, now, accessibility=accessibility,
                     trait=trait, similar=similar, stand_ins=stand_ins)

    @translated
    def beliefs_about(self, resident: str, other: str) -> Mapping[tuple[str, str], Held]:
        """What `resident` takes `other` to believe, claim by claim: {(subject, attribute):
        Held(value, confidence, state)} — for decisions that read beliefs about beliefs (whom
        to tell, whom to ask first). Read through the working set (memory.working), a look
        at a time, unless some claim about beliefs is recalled by cue only (the working set
        does not hold those): then one indexed query."""
        if not (type(resident) is str and type(other) is str and resident and other and
                resident.strip() is resident and other.strip() is other):
            resident, other = check.key("resident", resident), check.key("other", other)
        if not self._cue_about:
            return self._working.about_others(resident, other)
        # A range on the attribute (not LIKE, which ignores case and so the index).
        rows = self.db.execute(
            "SELECT c.attribute, b.value, b.confidence, b.state FROM claims c CROSS JOIN "
            "belief_rows b ON b.claim_id = c.id AND b.resident = ? WHERE c.subject = ? AND "
            "c.attribute >= ? AND c.attribute < ?",
            (resident, other, BELIEVES, BELIEVES[:-1] + "!")).fetchall()
        out = {}
        for attribute, value, confidence, state in rows:
            s, _, a = attribute[len(BELIEVES):].rpartition(".")
            out[(s, a)] = Held(value, confidence, state)
        return out

    @translated
    def refresh_access(self, now: int) -> dict[str, int]:
        """Record entries into dormancy and unrecallability up to `now` (set-wise): the
        caller's to run as time passes (hourly in the simulation, §7); recall's one-hop
        association reads what it recorded."""
        now = check.time("now", now)
        self._follow()
        with self._tx():
            self._sync_before_pass(lambda: recall_mod.access_due(self, now))
            return recall_mod.refresh_access(self, now)

    @translated
    def look_back(self, now: int) -> dict[str, int]:
        """The importance look-back for memories one base half-life old (set-wise)."""
        now = check.time("now", now)
        self._follow()
        with self._tx():
            self._sync_before_pass(lambda: recall_mod.lookback_due(self, now))
            return recall_mod.look_back(self, now)

    @translated
    def memory_events(self, since: int | None = None) -> dict[str, int]:
        """How many of each memory event (dormant, unrecallable, cue, associative, lookback,
        use) happened, for the mechanism report."""
        self._sync()
        sql = "SELECT kind, count(*) FROM memory_event_rows"
        params: list = []
        if since is not None:
            since = check.time("since", since)
            sql += " WHERE at >= ?"
            params.append(since)
        out = dict(self.db.execute(sql + " GROUP BY kind", params).fetchall())
        # And the events of the lazy memories only their evidence stands for, which are
        # theirs by the clock (memory.unwritten): never a lengthening.
        for kind, n in unwritten.event_counts(self.db, since).items():
            out[kind] = out.get(kind, 0) + n
        out["lengthened"] = self.db.execute(
            "SELECT count(*) FROM memory_event_rows WHERE kind = 'lookback' AND detail = "
            "'lengthened'" + (" AND at >= ?" if since is not None else ""), params).fetchone()[0]
        return out

    # -- memory edits (memory/edits.py): audited, append-only, undoable ----------------------

    @translated
    def implant(self, resident: str, subject: str, attribute: str, value: str, *,
                confidence: int | None = None, by: str, at: int) -> edits.Edit:
        """Put `value` in the resident's memory of the claim, as implanted evidence made the
        held value (default confidence 50, §4); the old value stays beside it."""
        self._not_paused()
        self._follow()
        self._sync()  # an edit reads and writes whole belief rows
        return edits.implant(self, resident, subject, attribute, value, confidence=confidence,
                             by=by, at=at)

    @translated
    def distort(self, resident: str, subject: str, attribute: str, *, value: str | None = None,
                confidence: int | None = None, by: str, at: int) -> edits.Edit:
        """Change a memory the resident has: its value (as implanted evidence), its
        confidence, or both."""
        self._not_paused()
        self._follow()
        self._sync()  # an edit reads and writes whole belief rows
        return edits.distort(self, resident, subject, attribute, value=value,
                             confidence=confidence, by=by, at=at)

    @translated
    def suppress(self, resident: str, subject: str, attribute: str, *, by: str,
                 at: int) -> edits.Edit:
        """Make a memory unrecallable now (§7); meeting the claim again brings it back."""
        self._not_paused()
        self._follow()
        self._sync()  # an edit reads and writes whole belief rows
        return edits.suppress(self, resident, subject, attribute, by=by, at=at)

    @translated
    def undo(self, edit_id: int, *, by: str, at: int) -> edits.Edit:
        """Undo an edit, as an edit of its own; nothing is deleted."""
        self._not_paused()
        self._follow()
        self._sync()  # an edit reads and writes whole belief rows
        return edits.undo(self, edit_id, by=by, at=at)

    @translated
    def edits(self, resident: str | None = None, subject: str | None = None,
              attribute: str | None = None) -> list[edits.Edit]:
        """Every edit (oldest first), with whether it was undone or discovered."""
        return edits.listing(self, check.maybe_key("resident", resident),
                             check.maybe_key("subject", subject),
                             check.maybe_key("attribute", attribute))

    @translated
    def edit(self, edit_id: int) -> edits.Edit | None:
        check.integer("edit_id", edit_id, 0, check.MAX_INT)
        return edits.get(self, edit_id)

    @translated
    def take_discoveries(self) -> list[edits.Edit]:
        """The edits discovered since the last call, oldest first (and forget them)."""
        if isinstance(self.db, _ClosedDb):
            raise StoreClosed()  # (with none to take, it answered [])
        ids, self.discovered = self.discovered, []
        return [e for e in (edits.get(self, i) for i in ids) if e is not None]

    @translated
    def edit_keys(self) -> set[tuple[str, int]]:
        if self._edit_keys is None:
            self._edit_keys = edits.live_keys(self)
        return self._edit_keys

    @translated
    def propose(self, proposal: Proposal | dict[str, Any],
                world: WorldView | None = None) -> Belief:
        """Write a memory proposed from outside the rules (a model, typed text, a scenario)
        if the guard allows it (§12); otherwise raise `GuardRefusal` and change nothing."""
        p = proposal if isinstance(proposal, Proposal) else guard.parse_proposal(proposal)
        ev = guard.check(self, p, world)
        try:
            return self.perceive(ev)
        except InvalidEvidence as exc:
            # What only the store can tell (a guess's premise the resident does not hold) is
            # a refusal too: a caller catching GuardRefusal round a model's answer crashed on
            # it (a developer's trial). Nothing was written: perceive checks before writing.
            # (A caller's own slip — a paused batch — stays what it is.)
            if exc.field != "premises":
                raise
            raise GuardRefusal(guard.CONTRACT, f"{exc.field}: {exc.reason}") from None

    @translated
    def propose_trust(self, proposal: TrustProposal) -> float:
        """Change trust only on new evidence involving the teller (§12)."""
        guard.check_trust(self, proposal)
        return self._write_trust(proposal.listener, proposal.teller, proposal.value,
                                 proposal.topic, at=proposal.at, reason="proposed",
                                 evidence_id=max(proposal.cites))

    # -- reading -------------------------------------------------------------------------------

    def trust(self, listener: str, teller: str, topic: str | None = None) -> float:
        """How far `listener` trusts what `teller` says (about `topic`, else in general; the
        store's default trust when nothing was said of it)."""
        if not self.db.conn.in_transaction:  # (a call's own read: what another store set)
            self._follow()
        book = self.trust_book
        try:
            got = book.known(listener, teller, topic)
        except TypeError:  # (unhashable: refused below)
            got = None
        if got is not None:
            return got
        # Not known by these very strings: the default if they are ids as kept (most pairs
        # were never given a trust: read by decisions often, so checked here in line) —
        # else as ids are kept (memory.args), or refused.
        if (type(listener) is str and type(teller) is str and listener and teller
                and listener.strip() is listener and teller.strip() is teller
                and (topic is None or (type(topic) is str and topic
                                       and topic.strip() is topic))):
            return book.default
        return book.get(check.key("listener", listener), check.key("teller", teller),
                        check.maybe_key("topic", topic))

    @translated
    def belief(self, resident: str, subject: str, attribute: str, *,
               history: bool = True) -> Belief | None:
        """What the resident believes about the claim — value, confidence, state, source,
        the values kept beside it and (with `history`) every version — or None if it holds
        no belief about it. Times on it are sim minutes; `half_life` is in minutes too.
        Ids are read as they are written (without the white space around them); one that is
        not a string, or empty, is `InvalidEvidence` rather than "no belief"."""
        claim = self._claim_id(subject, attribute)
        if claim is None:
            if type(resident) is not str or not resident.strip():
                check.key("resident", resident)  # (refused, not "no belief")
            return None
        b = self._working_belief(resident, claim)
        if b is None:
            return None
        return view(b, self._history(b) if history else None, self.params)

    def _working_belief(self, resident: str, claim: int):
        """The resident's working belief about the claim (memory.cache), read from its row
        the first time."""
        self._follow()
        try:
            b = self._cache.get((resident, claim))
        except TypeError:  # (unhashable: refused below)
            b = None
        if b is None:
            r = check.key("resident", resident)  # as written (memory.args), or refused
            if r is not resident:
                return self._working_belief(r, claim)
            row = self._one_row(_ROW_BY_KEY, (resident, claim))
            if row is None:
                return None
            b = self._held.patch(state_from_row(row))
            self._cache.put(b)
        return b

    @translated
    def held(self, resident: str, subject: str, attribute: str) -> tuple[str, int, str] | None:
        """What a resident holds about a claim — (value, confidence, state) — or None: the
        three fields `belief()` would show, read without building the belief (the game's
        conditions ask this of every stage and ending, every tick). Ids as `belief()` reads
        them."""
        claim = self._claim_id(subject, attribute)
        if claim is None:
            if type(resident) is not str or not resident.strip():
                check.key("resident", resident)  # (refused, not "holds nothing")
            return None
        self._follow()
        try:
            b = self._cache.get((resident, claim))
        except TypeError:  # (unhashable: refused below)
            b = None
        if b is not None:
            return (b.value, b.confidence, b.state)
        r = check.key("resident", resident)  # as written (memory.args), or refused
        if r is not resident:
            return self.held(r, subject, attribute)
        return self._one_row(_HELD_BY_KEY, (resident, claim))

    def _one_row(self, sql: tuple[str, str], key: tuple[str, int]):
        """The row `sql` (over `beliefs`) reads for one (resident, claim id): from the rows
        written, else from the memories only their evidence stands for (memory.unwritten) —
        the view `beliefs` is the union of the two, and a memory is in one or the other, so
        asking one and then the other reads what the view would, where reading the view
        costs both arms every time (and most point reads find a written row)."""
        row = self.db.conn.execute(sql[0], key).fetchone()
        if row is None:
            row = self.db.conn.execute(sql[1], key).fetchone()
        return row

    @translated
    def beliefs(self, resident: str | None = None, *, subject: str | None = None,
                attribute: str | None = None, state: str | None = None,
                about_others: bool = True, wants_look: bool | None = None) -> list[Belief]:
        """Beliefs, filtered; ordered by subject and attribute. No history (see `history`)."""
        # Held re-evocations are applied to the rows read, not written first: they change
        # only `last_evoked_at` and `access` (memory.deferred), which no filter here reads —
        # and a decision asks this of every resident every tick.
        # A filter that names nothing (a typo) is refused, not answered with no beliefs.
        resident = check.maybe_key("resident", resident)
        subject = check.maybe_key("subject", subject)
        attribute = check.maybe_key("attribute", attribute)
        if state is not None:
            state = _state(state)
        check.flag("about_others", about_others)
        if wants_look is not None:
            check.flag("wants_look", wants_look)
        where, params = [], []
        if wants_look is not None:
            # A literal, so the partial index of beliefs that want a look can serve it.
            where.append("b.wants_look = 1" if wants_look else "b.wants_look = 0")
        for col, val in (("b.resident", resident), ("c.subject", subject),
                         ("c.attribute", attribute), ("b.state", state)):
            if val is not None:
                where.append(f"{col} = ?")
                params.append(val)
        if not about_others:
            where.append("c.attribute NOT LIKE 'believes %'")
        cond = " WHERE " + " AND ".join(where) if where else ""
        # The rows written, and the lazy memories only their evidence stands for
        # (memory.unwritten) where the filters can take one — influencing, wanting no look
        # — each read from its own indexes (SQLite would read every lazy memory of the
        # resident through the `beliefs` view to find none want a look).
        # Driven from the claims when a claim's subject or attribute is named: few claims,
        # where what a resident holds grows with every day (a decision asks this of a
        # resident, for one attribute, every few ticks).
        by_claim = subject is not None or attribute is not None
        sql = (SELECT_BELIEF_ROWS_BY_CLAIM if by_claim and not wants_look else
               SELECT_BELIEF_ROWS) + cond
        if not wants_look and state in (None, "influencing"):
            sql += " UNION ALL " + (SELECT_UNWRITTEN_BY_CLAIM if by_claim else
                                    SELECT_UNWRITTEN) + cond
            params = params + params
        patch = self._held.patch
        if resident is None and subject is not None and attribute is not None:
            # One claim's believers (a condition counts them every tick; the window's claim
            # view, the report and the summary ask for each question): sorted here, by
            # resident — one memory of a claim each. Asked to order the union, SQLite read
            # the unwritten arm through every resident's evidence in resident order rather
            # than the claim's few rows and a sort: 10 ms a claim in a 300-resident town,
            # not 0.1 ms. (Python's str order is UTF-8's byte order, SQLite's BINARY.)
            rows = sorted(self.db.execute(sql, params), key=_by_resident)
        else:
            rows = self.db.execute(sql + " ORDER BY 2, 23, 24", params)  # resident, claim
        return [view(patch(state_from_row(r)), params=self.params) for r in rows]

    @translated
    def top_beliefs(self, resident: str, *, limit: int = 12, min_confidence: int = 0,
                    default_importance: int = 3) -> list[Salient]:
        """The resident's beliefs most worth bringing up: in mind (active), not past, not
        about what others believe, importance above 0 (the belief's, else its attribute's,
        else `default_importance`), ranked by importance, then recency, then claim. Light
        records from the resident's working set (memory.working); load the full belief for
        the one chosen."""
        if not (type(resident) is str and resident and resident.strip() is resident and
                type(limit) is int and type(min_confidence) is int and
                type(default_importance) is int and limit >= 0 and
                0 <= min_confidence <= 100 and 0 <= default_importance <= 10):
            # (checked in line above: a decision asks this often)
            resident = check.key("resident", resident)
            check.integer("limit", limit, 0, check.MAX_INT)
            check.integer("min_confidence", min_confidence, 0, 100)
            check.integer("default_importance", default_importance, 0, 10)
        return self._working.top(resident, limit, min_confidence, default_importance,
                                 self._importance)

    @translated
    def believers(self, subject: str, attribute: str) -> list[Belief]:
        """Every resident's belief about one claim: the town's belief distribution (000 §20)."""
        return self.beliefs(subject=check.key("subject", subject),
                            attribute=check.key("attribute", attribute))

    @translated
    def belief_about(self, resident: str, other: str, subject: str, attribute: str, *,
                     history: bool = True) -> Belief | None:
        """What `resident` takes `other` to believe about the claim ("Bo believes Cy took it")."""
        subject, attribute = check.key("subject", subject), check.key("attribute", attribute)
        return self.belief(resident, check.key("other", other), about_attribute(subject,
                                                                                attribute),
                           history=history)

    @translated
    def history(self, resident: str, subject: str, attribute: str) -> list[Version]:
        b = self.belief(resident, subject, attribute)
        return b.history if b else []

    def _history(self, b) -> list[Version]:
        return history.versions(self, b.id, b.resident, b.claim_id)

    @translated
    def evidence(self, resident: str, subject: str, attribute: str) -> list[EvidenceRecord]:
        """Every piece of evidence the resident has about the claim, oldest first."""
        resident = check.key("resident", resident)
        claim = self._claim_id(subject, attribute)
        if claim is None:
            return []
        subject, attribute = check.norm_id(subject), check.norm_id(attribute)
        rows = self.db.execute(
            "SELECT id, resident, ?, ?, value, kind, rank, at, event, document, version, "
            "teller, origin, chain, basis, premises, implanted_by, by_player, origin_key, "
            "confidence, outcome FROM evidence WHERE resident = ? AND claim_id = ? ORDER BY id",
            (subject, attribute, resident, claim)).fetchall()
        return [EvidenceRecord.from_row(r) for r in rows]

    @translated
    def latest_evidence(self, resident: str, subject: str, attribute: str, value: str,
                        kind: str) -> EvidenceRecord | None:
        """The resident's latest evidence for this value of the claim, of this kind — the
        evidence behind what it holds, when `value` and `kind` are the held ones. One step
        back along the claim's index, however much evidence the claim has."""
        resident, value = check.key("resident", resident), check.key("value", value)
        if not isinstance(kind, str) or kind not in _KINDS:
            raise InvalidEvidence("kind", f"a kind of evidence is one of {', '.join(_KINDS)}; "
                                  f"got {kind!r}")
        kind = SourceKind(kind).value
        claim = self._claim_id(subject, attribute)
        if claim is None:
            return None
        subject, attribute = check.norm_id(subject), check.norm_id(attribute)
        row = self.db.execute(
            "SELECT id, resident, ?, ?, value, kind, rank, at, event, document, version, "
            "teller, origin, chain, basis, premises, implanted_by, by_player, origin_key, "
            "confidence, outcome FROM evidence WHERE resident = ? AND claim_id = ? AND "
            "value = ? AND kind = ? ORDER BY id DESC LIMIT 1",
            (subject, attribute, resident, claim, value, kind)).fetchone()
        return EvidenceRecord.from_row(row) if row else None

    @translated
    def accessibility(self, resident: str, subject: str, attribute: str,
                      now: int) -> float | None:
        """How easily the resident's memory of the claim comes to mind at `now` (§7), without
        loading the belief; None if it holds none."""
        resident = check.ident("resident", resident)
        subject = check.ident("subject", subject)
        attribute = check.ident("attribute", attribute)
        now = check.time("now", now)
        claim = self._claim_id(subject, attribute)
        if claim is None:
            return None
        self._follow()
        b = self._cache.get((resident, claim))
        if b is not None:  # re-evocations held to the tick's end already applied
            return _accessibility(now, b.last_evoked_at, b.half_life(self.params))
        row = self._one_row(_ACCESS_BY_KEY, (resident, claim))
        if row is None:
            return None

        # H as a view computes it (from importance and the σ terms), to the last bit.
        h = _half_life(row[2], row[3], row[4], row[5], self.params)
        return _accessibility(now, self._held.evoked_at(row[0], row[1]), h)

    @translated
    def evidence_by_id(self, evidence_id: int) -> EvidenceRecord | None:
        check.integer("evidence_id", evidence_id, 0, check.MAX_INT)
        row = self.db.execute(
            "SELECT e.id, e.resident, c.subject, c.attribute, e.value, e.kind, e.rank, e.at, "
            "e.event, e.document, e.version, e.teller, e.origin, e.chain, e.basis, e.premises, "
            "e.implanted_by, e.by_player, e.origin_key, e.confidence, e.outcome FROM evidence e "
            "JOIN claims c ON c.id = e.claim_id WHERE e.id = ?", (evidence_id,)).fetchone()
        return EvidenceRecord.from_row(row) if row else None

    @translated
    def trust_changes(self, listener: str | None = None) -> list[TrustChange]:
        sql = ("SELECT listener, teller, topic, old, new, at, reason, evidence_id FROM "
               "trust_changes")
        params: list = []
        if listener is not None:
            listener = check.key("listener", listener)
            sql += " WHERE listener = ?"
            params.append(listener)
        return [TrustChange(listener=r[0], teller=r[1], topic=r[2], old=r[3], new=r[4], at=r[5],
                            reason=r[6], evidence_id=r[7])
                for r in self.db.execute(sql + " ORDER BY id", params)]

    @translated
    def stale(self, resident: str | None = None) -> list[Belief]:
        self._sync()
        sql = SELECT_BELIEF_ROWS + " WHERE b.stale = 1"  # (an unwritten memory never is)
        params: list = []
        if resident is not None:
            resident = check.key("resident", resident)
            sql += " AND b.resident = ?"
            params.append(resident)
        return [view(state_from_row(r), params=self.params)
                for r in self.db.execute(sql + " ORDER BY b.id", params)]

    @translated
    def explain(self, resident: str, subject: str, attribute: str):
        """Why the resident holds its value: the evidence chain, teller by teller (see
        `memory.explain`); None if the resident holds no belief about the claim."""
        from .explain import explain

        resident = check.key("resident", resident)
        subject, attribute = check.key("subject", subject), check.key("attribute", attribute)
        self._sync()
        return explain(self, resident, subject, attribute)

    @translated
    def residents(self) -> list[str]:
        return [r[0] for r in self.db.execute(
            "SELECT DISTINCT resident FROM beliefs ORDER BY resident")]

    @translated
    def counts(self) -> dict[str, int]:
        one = self.db.execute
        return {
            "evidence": one("SELECT count(*) FROM evidence").fetchone()[0],
            "beliefs": one("SELECT count(*) FROM beliefs").fetchone()[0],
            "versions": history.count(self),
            "claims": one("SELECT count(*) FROM claims").fetchone()[0],
        }

    def _claim_id(self, subject: str, attribute: str) -> int | None:
        try:
            c = self._claims.get((subject, attribute))
            if c is None and (subject, attribute) in self._no_claim:
                self._follow()  # (which forgets them if another connection wrote since)
                if (subject, attribute) in self._no_claim:
                    return None
        except TypeError:  # (unhashable: refused below)
            c = None
        if c is None:
            # Not known by these very strings: as ids are kept (memory.args), or refused —
            # a wrong type or an empty id is not a claim nobody holds. (Only ids so kept
            # are remembered as no claim.)
            s, a = check.key("subject", subject), check.key("attribute", attribute)
            if s is not subject or a is not attribute:
                return self._claim_id(s, a)
            row = self.db.execute("SELECT id, nature, topic, recall FROM claims WHERE subject = ? "
                                  "AND attribute = ?", (subject, attribute)).fetchone()
            if row is None:
                self._no_claim.add((subject, attribute))
                return None
            self._claims[(subject, attribute)] = (row[0], row[1], row[2])
            self._claim_recall[row[0]] = row[3]
            self._claim_topic[row[0]] = row[2]
            if attribute.startswith(BELIEVES):
                self._about_claims.add(row[0])
                if row[3] == CUE_RECALL:
                    self._cue_about += 1
            return row[0]
        return c[0]

    @translated
    @translated
    def backup(self, path: str | Path) -> Path:
        """Copy the whole store as it stands to a new file at `path`, and return its path.

        SQLite's backup API, so the copy is whole while the store is in use; what the store
        holds back is written first. (Copying a store's file misses what is still in its
        `-wal` beside it: a developer's copy of a live store opened empty.) An in-memory
        store is saved so. `path` must not exist: a backup never writes over a file."""
        if isinstance(self.db, _ClosedDb):
            raise StoreClosed()
        self._not_paused()
        if not isinstance(path, str | Path) or not str(path) or "\0" in str(path):
            raise InvalidEvidence("path", "a file path to write the copy to")
        if str(path).endswith(("/", os.sep)):
            raise InvalidEvidence("path", f"{str(path)!r} names a folder: give a file name")
        dest = Path(path)
        try:
            there = dest.exists() or dest.is_symlink()
            folder = dest.parent.is_dir()
        except OSError as exc:  # a name too long, a folder that cannot be looked in
            raise InvalidEvidence("path", f"cannot write {str(dest)!r}: "
                                  f"{exc.strerror or exc}") from None
        if there:
            raise InvalidEvidence("path", f"{str(dest)!r} exists: a backup is written to a "
                                  "new file, never over one")
        if not folder:
            raise InvalidEvidence("path", f"{str(dest.parent)!r} is not a folder")
        self._sync()
        # A name of its own beside the copy, made by SQLite with the usual permissions (a
        # mkstemp file is its owner's only).
        tmp = dest.with_name(f".{dest.name}.{os.getpid()}.{secrets.token_hex(6)}.part")
        try:
            out = sqlite3.connect(str(tmp))
            try:
                self.db.conn.backup(out)
            finally:
                out.close()
            if dest.exists() or dest.is_symlink():  # made meanwhile: still never over it
                raise InvalidEvidence("path", f"{str(dest)!r} exists: a backup is written "
                                      "to a new file, never over one")
            os.replace(tmp, dest)
        except (OSError, sqlite3.OperationalError) as exc:
            # A folder that cannot be written, a name too long: said, nothing left behind.
            raise InvalidEvidence("path", f"cannot write {str(dest)!r}: "
                                  f"{getattr(exc, 'strerror', None) or exc}") from None
        finally:
            for leftover in (tmp, Path(f"{tmp}-journal")):
                with suppress(OSError):
                    os.unlink(leftover)
        return dest

    @translated
    def close(self) -> None:
        if self._paused:
            raise InvalidEvidence("perceiving", "a perceiving() batch is paused unfinished: "
                                  "run it to its end, or close() it to drop it, before "
                                  "closing the store (closed now, it would be rolled back)")
        if isinstance(self.db, _ClosedDb):
            return  # (closing twice is closing once)
        self._sync()
        if self._owns_db:
            self.db.close()
        # A call after this said "Cannot operate on a closed database" from sqlite3, or read
        # on from what was kept in memory: the module's own error, whatever is asked (a
        # developer's finding; a review found the kept parts answering).
        closed = _ClosedDb()
        self.db = closed  # type: ignore[assignment]
        self.trust_book = closed  # type: ignore[assignment]
        self._index = closed  # type: ignore[assignment]
        self._working = closed  # type: ignore[assignment]
        self._cache = closed  # type: ignore[assignment]
        self._held = closed  # type: ignore[assignment]
        # And what it answered from without the database (a developer's finding: `params`,
        # `recall_mode`, `attribute_importance`, `take_discoveries` answered after close).
        self._params = self._policy = self._track_versions = None
        self._attributes = closed  # type: ignore[assignment]
        self._importance = closed  # type: ignore[assignment]


@contextmanager
def _immediate(db: Database) -> Iterator[Database]:
    """A transaction that takes the write lock first (waiting up to the busy timeout)."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.rollback()
        raise
    try:
        db.conn.execute("COMMIT")
    except BaseException:
        db.rollback()
        raise


def _minute(text: str | None) -> int | None:
    return None if text is None else int(text)


# Many rows a statement (memory.bulk): a town makes claims and indexes memories by the
# thousand a tick.
_INSERT_CLAIMS = Many("INSERT INTO claims (id, subject, attribute, nature, topic, recall) "
                      "VALUES (?, ?, ?, ?, ?, ?)")
_RECALL_WORDS = Many(RECALL_WORDS)


def _by_resident(row: tuple) -> str:
    return row[1]


def _by_key(sql: str) -> tuple[str, str]:
    """A point read over `beliefs` as (over the rows written, over the unwritten memories)."""
    return (sql.replace("FROM beliefs b", "FROM belief_rows b"),
            sql.replace("FROM beliefs b", "FROM unwritten_beliefs b"))


# Point reads of one memory by (resident, claim id) (`MemoryStore._one_row`).
_ROW_BY_KEY = _by_key(f"{SELECT_BELIEF} WHERE b.resident = ? AND b.claim_id = ?")
_ACCESS_BY_KEY = _by_key(
    "SELECT b.id, b.last_evoked_at, coalesce(b.judged_importance, b.importance), b.exposures, "
    "b.uses, b.sources FROM beliefs b WHERE b.resident = ? AND b.claim_id = ?")
_HELD_BY_KEY = _by_key("SELECT b.value, b.confidence, b.state FROM beliefs b WHERE "
                       "b.resident = ? AND b.claim_id = ?")


def _unversioned(e: Evidence) -> Evidence:
    """`e` as a store without version tracking takes it in: which version it saw is not kept."""
    if e.version is None and e.fact is None:
        return e
    return e.model_copy(update={"version": None, "fact": None})


_STATES = tuple(x.value for x in State)
_KINDS = tuple(x.value for x in SourceKind)


def _state(state: Any) -> str:
    """A belief state to filter by, or InvalidEvidence (a typo found no beliefs)."""
    if not isinstance(state, str) or state not in _STATES:
        raise InvalidEvidence("state", f"a belief's state is one of {', '.join(_STATES)}; "
                              f"got {state!r}")
    return State(state).value


def _params(given: MemoryParams | dict) -> MemoryParams:
    """Params from a model or a mapping; a bad mapping is `InvalidEvidence` naming the key."""
    if isinstance(given, MemoryParams):
        return given
    if not isinstance(given, dict):
        raise InvalidEvidence("params", f"expected a mapping, got {type(given).__name__}")
    from pydantic import ValidationError

    try:
        return MemoryParams.model_validate(given)
    except ValidationError as exc:
        raise InvalidEvidence.from_pydantic(exc) from None
