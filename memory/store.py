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

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from sqlite_utils import Database

from . import aging, discovery, edits, guard
from . import recall as recall_mod
from .belief import EVENT_NATURE, STATE_NATURE, Belief, Version, view
from .codec import SELECT_BELIEF, UPDATE_BELIEF, state_from_row, update_params
from .errors import InvalidEvidence
from .evidence import Evidence
from .guard import Proposal, TrustProposal, WorldView
from .kinds import DEFAULT_TRUST
from .recall import Recalled
from .records import EvidenceRecord, TrustChange
from .revision import POLICIES, RULES, Outcome
from .schema import ensure_schema
from .trust import ANY_TOPIC, TrustBook
from .writer import BELIEVES, Batch, about_attribute


class Salient(NamedTuple):
    """A light record of one belief, for choosing among many (see `top_beliefs`)."""

    subject: str
    attribute: str
    value: str
    confidence: int
    importance: int
    updated_at: int
    teller: str | None
    origin: str | None
    state: str
    kind: str


class MemoryStore:
    """Every resident's evidence, beliefs, history and trust, in one SQLite database."""

    def __init__(self, db: str | Path | Database = ":memory:", *, policy: str | None = None,
                 default_trust: float | None = None, states: Iterable[str] = ()):
        if isinstance(db, Database):
            self.db = db
        else:
            self.db = Database(str(db) if isinstance(db, Path) else db)
        if not self.db.memory and not self.db.conn.in_transaction:
            self.db.enable_wal()
            self.db.execute("PRAGMA synchronous=NORMAL")
            # Checkpoint less often than every 1,000 pages: a tick commits many pages at once.
            self.db.execute("PRAGMA wal_autocheckpoint=10000")
        self.db.execute("PRAGMA cache_size=-65536")  # 64 MiB of page cache for the passes
        ensure_schema(self.db)
        meta = self._meta()
        if policy is not None:
            if policy not in POLICIES:
                raise InvalidEvidence("policy", f"unknown revision policy {policy!r}; "
                                      f"one of {', '.join(POLICIES)}")
            self._set_meta("policy", policy)
        elif "policy" not in meta:
            self._set_meta("policy", RULES)
        if default_trust is not None:
            if not 0 <= default_trust <= 1:
                raise InvalidEvidence("default_trust", "trust is between 0 and 1")
            self._set_meta("default_trust", str(default_trust))
        meta = self._meta()
        self.policy: str = meta["policy"]
        self.trust_book = TrustBook(self.db, float(meta.get("default_trust", DEFAULT_TRUST)))
        self._claims: dict[tuple[str, str], tuple[int, str, str]] = {}
        self._edit_keys: set[tuple[str, int]] | None = None  # beliefs with a live edit
        # Ids of edits discovered by evidence perceived through this store, oldest first, for
        # the caller to take (`take_discoveries`) and act on: the store never writes world state.
        self.discovered: list[int] = []
        self._attributes: dict[str, tuple[str, str | None]] = {}
        self._reload()
        for name in states:
            self.define_attribute(name, nature=STATE_NATURE)

    # -- configuration -------------------------------------------------------------------------

    def _meta(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT key, value FROM memory_meta").fetchall())

    def _set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT INTO memory_meta (key, value) VALUES (?, ?) ON CONFLICT (key) "
                        "DO UPDATE SET value = excluded.value", (key, value))

    def _reload(self) -> None:
        self._claims = {(r[1], r[2]): (r[0], r[3], r[4]) for r in self.db.execute(
            "SELECT id, subject, attribute, nature, topic FROM claims")}
        self._attributes = {r[0]: (r[1], r[2]) for r in self.db.execute(
            "SELECT name, nature, topic FROM attributes")}
        self._importance = {r[0]: r[1] for r in self.db.execute(
            "SELECT name, importance FROM attributes WHERE importance IS NOT NULL")}
        self.trust_book.reload()
        self._edit_keys = None

    def define_attribute(self, name: str, *, nature: str = EVENT_NATURE,
                         topic: str | None = None, importance: int | None = None) -> None:
        """Say whether claims with this attribute describe a changeable state or an event
        (epistemics §5), which trust topic they belong to (§10; default: the attribute), and
        how much they matter, 0..10 (§7's importance; default: unknown)."""
        if nature not in (STATE_NATURE, EVENT_NATURE):
            raise InvalidEvidence("nature", "an attribute's nature is 'state' or 'event'")
        if importance is not None and not 0 <= importance <= 10:
            raise InvalidEvidence("importance", "importance is between 0 and 10")
        with self.db.atomic():
            self.db.execute(
                "INSERT INTO attributes (name, nature, topic, importance) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET nature = excluded.nature, topic = "
                "excluded.topic, importance = excluded.importance",
                (name, nature, topic, importance))
            self.db.execute("UPDATE claims SET nature = ?, topic = ? WHERE attribute = ?",
                            (nature, topic or name, name))
        self._reload()

    def attribute_importance(self, attribute: str) -> int | None:
        return self._importance.get(attribute)

    def _claims_for(self, keys: Iterable[tuple[str, str]]) -> dict:
        """Claim ids (creating claim roots as needed) for `(subject, attribute)` keys."""
        claims = self._claims
        missing = sorted(k for k in keys if k not in claims)
        if missing:
            next_id = (self.db.execute("SELECT max(id) FROM claims").fetchone()[0] or 0) + 1
            rows = []
            for i, (s, a) in enumerate(missing):
                nature, topic = self._nature_of(a)
                rows.append((next_id + i, s, a, nature, topic))
                claims[(s, a)] = (next_id + i, nature, topic)
            self.db.conn.executemany("INSERT INTO claims (id, subject, attribute, nature, topic) "
                                     "VALUES (?, ?, ?, ?, ?)", rows)
        return claims

    def _nature_of(self, attribute: str) -> tuple[str, str]:
        if attribute.startswith(BELIEVES):
            # What someone believes can change, and telling about it is its own topic.
            return STATE_NATURE, "beliefs"
        nature, topic = self._attributes.get(attribute, (EVENT_NATURE, None))
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
        evs = [Evidence.parse(e) for e in evidence]
        if not evs:
            return []
        try:
            with self.db.atomic():
                self.trust_book.batch()
                out = Batch(self).run(evs)
                self.trust_book.flush()
                found = discovery.check(self, evs)  # did this evidence give an edit away?
            self.discovered.extend(e.id for e in found)
            return out
        except BaseException:
            self.trust_book.discard()
            self._reload()  # the cached claim ids and trust may name rolled-back rows
            raise

    def set_trust(self, listener: str, teller: str, value: float, *, topic: str = ANY_TOPIC,
                  at: int = 0, reason: str = "set") -> None:
        """Set how far `listener` trusts what `teller` says (about `topic`, or in general)."""
        with self.db.atomic():
            self.trust_book.set(listener, teller, value, topic, at=at, reason=reason)

    def age(self, now: int) -> int:
        """Hearsay aging up to sim minute `now` (§6); returns how many beliefs aged."""
        if now < 0:
            raise InvalidEvidence("now", "sim time starts at minute 0")
        with self.db.atomic():
            return aging.age(self.db, now)

    def mark_changed(self, changes: Iterable[tuple[str, int]]) -> int:
        """The world moved: fact `f` is now at version `v`. Beliefs resting on an older version
        become stale (§9); returns how many newly did. Work grows with the changes only."""
        with self.db.atomic():
            return aging.mark_stale(self.db, list(changes))

    def record_use(self, resident: str, subject: str, attribute: str, at: int) -> None:
        """This belief supported a decision: u += 1, its half-life lengthens, and it was evoked
        now (§7). Being a candidate in a decision is not use; only call this for support."""
        claim = self._claim_id(subject, attribute)
        if claim is None:
            return
        row = self.db.execute(f"{SELECT_BELIEF} WHERE b.resident = ? AND b.claim_id = ?",
                              (resident, claim)).fetchone()
        if row is None:
            return
        b = state_from_row(row)
        b.uses += 1
        b.last_evoked_at = max(b.last_evoked_at, at)
        b.access = "active"
        with self.db.atomic():
            self.db.conn.execute(UPDATE_BELIEF, update_params(b))
            self.db.conn.execute("INSERT INTO memory_events (at, resident, belief_id, kind) "
                                 "VALUES (?, ?, ?, 'use')", (at, resident, b.id))

    def recall(self, resident: str, cue: str, now: int, k: int = 10,
               associate: bool = True, views: bool = True) -> list[Recalled]:
        """What comes to mind for `cue` (§7): relevance (FTS5 bm25) × accessibility, top `k`,
        plus dormant memories the cue names and, one hop on, those sharing their people,
        places or objects. Everything recalled is re-evoked."""
        return recall_mod.recall(self, resident, cue, now, k, associate, views)

    def refresh_access(self, now: int) -> dict[str, int]:
        """Record entries into dormancy and unrecallability up to `now` (set-wise)."""
        with self.db.atomic():
            return recall_mod.refresh_access(self, now)

    def look_back(self, now: int) -> dict[str, int]:
        """The importance look-back for memories one base half-life old (set-wise)."""
        with self.db.atomic():
            return recall_mod.look_back(self, now)

    def memory_events(self, since: int | None = None) -> dict[str, int]:
        """How many of each memory event (dormant, unrecallable, cue, associative, lookback,
        use) happened, for the mechanism report."""
        sql = "SELECT kind, count(*) FROM memory_events"
        params: list = []
        if since is not None:
            sql += " WHERE at >= ?"
            params.append(since)
        out = dict(self.db.execute(sql + " GROUP BY kind", params).fetchall())
        out["lengthened"] = self.db.execute(
            "SELECT count(*) FROM memory_events WHERE kind = 'lookback' AND detail = "
            "'lengthened'" + (" AND at >= ?" if since is not None else ""), params).fetchone()[0]
        return out

    # -- memory edits (memory/edits.py): audited, append-only, undoable ----------------------

    def implant(self, resident: str, subject: str, attribute: str, value: str, *,
                confidence: int | None = None, by: str, at: int) -> edits.Edit:
        """Put `value` in the resident's memory of the claim, as implanted evidence made the
        held value (default confidence 50, §4); the old value stays beside it."""
        return edits.implant(self, resident, subject, attribute, value, confidence=confidence,
                             by=by, at=at)

    def distort(self, resident: str, subject: str, attribute: str, *, value: str | None = None,
                confidence: int | None = None, by: str, at: int) -> edits.Edit:
        """Change a memory the resident has: its value (as implanted evidence), its
        confidence, or both."""
        return edits.distort(self, resident, subject, attribute, value=value,
                             confidence=confidence, by=by, at=at)

    def suppress(self, resident: str, subject: str, attribute: str, *, by: str,
                 at: int) -> edits.Edit:
        """Make a memory unrecallable now (§7); meeting the claim again brings it back."""
        return edits.suppress(self, resident, subject, attribute, by=by, at=at)

    def undo(self, edit_id: int, *, by: str, at: int) -> edits.Edit:
        """Undo an edit, as an edit of its own; nothing is deleted."""
        return edits.undo(self, edit_id, by=by, at=at)

    def edits(self, resident: str | None = None, subject: str | None = None,
              attribute: str | None = None) -> list[edits.Edit]:
        """Every edit (oldest first), with whether it was undone or discovered."""
        return edits.listing(self, resident, subject, attribute)

    def edit(self, edit_id: int) -> edits.Edit | None:
        return edits.get(self, edit_id)

    def take_discoveries(self) -> list[edits.Edit]:
        """The edits discovered since the last call, oldest first (and forget them)."""
        ids, self.discovered = self.discovered, []
        return [e for e in (edits.get(self, i) for i in ids) if e is not None]

    def edit_keys(self) -> set[tuple[str, int]]:
        if self._edit_keys is None:
            self._edit_keys = edits.live_keys(self)
        return self._edit_keys

    def propose(self, proposal: Proposal | dict[str, Any],
                world: WorldView | None = None) -> Belief:
        """Write a memory proposed from outside the rules (a model, typed text, a scenario)
        if the guard allows it (§12); otherwise raise `GuardRefusal` and change nothing."""
        p = proposal if isinstance(proposal, Proposal) else guard.parse_proposal(proposal)
        return self.perceive(guard.check(self, p, world))

    def propose_trust(self, proposal: TrustProposal) -> float:
        """Change trust only on new evidence involving the teller (§12)."""
        guard.check_trust(self, proposal)
        with self.db.atomic():
            return self.trust_book.set(proposal.listener, proposal.teller, proposal.value,
                                       proposal.topic, at=proposal.at, reason="proposed",
                                       evidence_id=max(proposal.cites))

    # -- reading -------------------------------------------------------------------------------

    def trust(self, listener: str, teller: str, topic: str | None = None) -> float:
        return self.trust_book.get(listener, teller, topic)

    def belief(self, resident: str, subject: str, attribute: str, *,
               history: bool = True) -> Belief | None:
        claim = self._claim_id(subject, attribute)
        if claim is None:
            return None
        row = self.db.execute(f"{SELECT_BELIEF} WHERE b.resident = ? AND b.claim_id = ?",
                              (resident, claim)).fetchone()
        if row is None:
            return None
        b = state_from_row(row)
        count = self.db.execute("SELECT count(*) FROM evidence WHERE resident = ? AND "
                                "claim_id = ?", (resident, claim)).fetchone()[0]
        return view(b, self._history(b.id) if history else None, count)

    def beliefs(self, resident: str | None = None, *, subject: str | None = None,
                attribute: str | None = None, state: str | None = None,
                about_others: bool = True, wants_look: bool | None = None) -> list[Belief]:
        """Beliefs, filtered; ordered by subject and attribute. No history (see `history`)."""
        where, params = [], []
        if wants_look is not None:
            where.append("b.wants_look = ?")
            params.append(int(wants_look))
        for col, val in (("b.resident", resident), ("c.subject", subject),
                         ("c.attribute", attribute), ("b.state", state)):
            if val is not None:
                where.append(f"{col} = ?")
                params.append(val)
        if not about_others:
            where.append("c.attribute NOT LIKE 'believes %'")
        sql = SELECT_BELIEF + (" WHERE " + " AND ".join(where) if where else "")
        sql += " ORDER BY b.resident, c.subject, c.attribute"
        return [view(state_from_row(r)) for r in self.db.execute(sql, params)]

    def top_beliefs(self, resident: str, *, limit: int = 12, min_confidence: int = 0,
                    default_importance: int = 3) -> list[Salient]:
        """The resident's beliefs most worth bringing up: not past, not about what others
        believe, importance above 0, ranked by importance then recency. One indexed query
        returning light records; load the full belief for the one chosen."""
        imp = "coalesce(b.importance, a.importance, ?)"
        sql = ("SELECT c.subject, c.attribute, b.value, b.confidence, " + imp + ", "
               "b.updated_at, b.teller, b.origin, b.state, b.kind FROM beliefs b "
               "JOIN claims c ON c.id = b.claim_id LEFT JOIN attributes a ON a.name = "
               "c.attribute WHERE b.resident = ? AND b.state != 'past' AND b.access = 'active' "
               "AND b.confidence >= ? "
               "AND c.attribute NOT LIKE 'believes %' AND " + imp + " > 0 "
               "ORDER BY 5 DESC, b.updated_at DESC, c.subject, c.attribute LIMIT ?")
        rows = self.db.execute(sql, (default_importance, resident, min_confidence,
                                     default_importance, limit))
        return [Salient(*r) for r in rows]

    def believers(self, subject: str, attribute: str) -> list[Belief]:
        """Every resident's belief about one claim: the town's belief distribution (000 §20)."""
        return self.beliefs(subject=subject, attribute=attribute)

    def belief_about(self, resident: str, other: str, subject: str,
                     attribute: str) -> Belief | None:
        """What `resident` takes `other` to believe about the claim ("Bo believes Cy took it")."""
        return self.belief(resident, other, about_attribute(subject, attribute))

    def history(self, resident: str, subject: str, attribute: str) -> list[Version]:
        b = self.belief(resident, subject, attribute)
        return b.history if b else []

    def _history(self, belief_id: int) -> list[Version]:
        rows = self.db.execute(
            "SELECT at, cause, value, confidence, state, evidence_id, note FROM belief_versions "
            "WHERE belief_id = ? ORDER BY id", (belief_id,)).fetchall()
        return [Version(n=i + 1, at=r[0], cause=r[1], value=r[2], confidence=r[3], state=r[4],
                        evidence_id=r[5], note=r[6]) for i, r in enumerate(rows)]

    def evidence(self, resident: str, subject: str, attribute: str) -> list[EvidenceRecord]:
        """Every piece of evidence the resident has about the claim, oldest first."""
        claim = self._claim_id(subject, attribute)
        if claim is None:
            return []
        rows = self.db.execute(
            "SELECT id, resident, ?, ?, value, kind, rank, at, event, document, version, "
            "teller, origin, chain, basis, premises, implanted_by, by_player, origin_key, "
            "confidence, outcome FROM evidence WHERE resident = ? AND claim_id = ? ORDER BY id",
            (subject, attribute, resident, claim)).fetchall()
        return [EvidenceRecord.from_row(r) for r in rows]

    def evidence_by_id(self, evidence_id: int) -> EvidenceRecord | None:
        row = self.db.execute(
            "SELECT e.id, e.resident, c.subject, c.attribute, e.value, e.kind, e.rank, e.at, "
            "e.event, e.document, e.version, e.teller, e.origin, e.chain, e.basis, e.premises, "
            "e.implanted_by, e.by_player, e.origin_key, e.confidence, e.outcome FROM evidence e "
            "JOIN claims c ON c.id = e.claim_id WHERE e.id = ?", (evidence_id,)).fetchone()
        return EvidenceRecord.from_row(row) if row else None

    def trust_changes(self, listener: str | None = None) -> list[TrustChange]:
        sql = ("SELECT listener, teller, topic, old, new, at, reason, evidence_id FROM "
               "trust_changes")
        params: list = []
        if listener is not None:
            sql += " WHERE listener = ?"
            params.append(listener)
        return [TrustChange(listener=r[0], teller=r[1], topic=r[2], old=r[3], new=r[4], at=r[5],
                            reason=r[6], evidence_id=r[7])
                for r in self.db.execute(sql + " ORDER BY id", params)]

    def stale(self, resident: str | None = None) -> list[Belief]:
        sql = SELECT_BELIEF + " WHERE b.stale = 1"
        params: list = []
        if resident is not None:
            sql += " AND b.resident = ?"
            params.append(resident)
        return [view(state_from_row(r)) for r in self.db.execute(sql + " ORDER BY b.id", params)]

    def explain(self, resident: str, subject: str, attribute: str):
        """Why the resident holds its value: the evidence chain, teller by teller (see
        `memory.explain`)."""
        from .explain import explain

        return explain(self, resident, subject, attribute)

    def residents(self) -> list[str]:
        return [r[0] for r in self.db.execute(
            "SELECT DISTINCT resident FROM beliefs ORDER BY resident")]

    def counts(self) -> dict[str, int]:
        one = self.db.execute
        return {
            "evidence": one("SELECT count(*) FROM evidence").fetchone()[0],
            "beliefs": one("SELECT count(*) FROM beliefs").fetchone()[0],
            "versions": one("SELECT count(*) FROM belief_versions").fetchone()[0],
            "claims": one("SELECT count(*) FROM claims").fetchone()[0],
        }

    def _claim_id(self, subject: str, attribute: str) -> int | None:
        c = self._claims.get((subject, attribute))
        if c is None:
            row = self.db.execute("SELECT id, nature, topic FROM claims WHERE subject = ? AND "
                                  "attribute = ?", (subject, attribute)).fetchone()
            if row is None:
                return None
            self._claims[(subject, attribute)] = (row[0], row[1], row[2])
            return row[0]
        return c[0]

    def close(self) -> None:
        self.db.close()
