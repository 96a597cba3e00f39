"""Memory edits: an author or a debugger reaching into one resident's memory, audited.

    store.implant("fen", "ada_key", "moved_by", "cy", by="author", at=540)   # a false memory
    store.distort("fen", "ada_key", "moved_by", confidence=30, by="author", at=540)
    store.suppress("fen", "ada_key", "moved_by", by="author", at=540)        # can't recall it
    store.undo(edit.id, by="author", at=600)                                 # itself an edit
    store.edits("fen")                                                       # every edit

Every edit is one row of the append-only `memory_edits` table (who, when, what, the belief
before and after) and one version in the belief's history with cause "edited by …". Nothing is
deleted: an undo is a new edit that puts back what can be put back. A value put in travels the
normal evidence path as `implanted` evidence (epistemics §3: the weakest rank; never first-hand,
never outranking it), and the edit then makes it the held value. A suppression moves the
memory's last evocation back until it is unrecallable by the accessibility rules (§7): the
next time the claim is met, it comes back to mind like any memory.

An edit is *discovered* (`memory.discovery`) when later evidence contradicts the value it put
in. Every refusal is an `InvalidEvidence` naming the argument, raised before anything changes.
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import access as acc
from . import lifecycle
from .args import norm_id
from .belief import BeliefState, Cand
from .codec import SELECT_BELIEF, UPDATE_BELIEF, state_from_row, update_params
from .errors import InvalidEvidence
from .evidence import Evidence
from .history import INSERT_VERSION, last_evidence
from .kinds import SourceKind, State
from .params import MemoryParams
from .writer import BELIEVES

if TYPE_CHECKING:
    from .store import MemoryStore

KINDS = ("implant", "distort", "suppress", "undo")
Id = Annotated[str, Field(min_length=1, max_length=200)]


class Snapshot(BaseModel):
    """How a belief stood just before or just after an edit."""

    model_config = ConfigDict(frozen=True)

    value: str
    confidence: int
    state: str
    since: int
    last_evoked_at: int
    access: str
    candidates: list[list[Any]]  # the candidates as stored (value, conf, rank, kind, ...)


class Edit(BaseModel):
    """One row of `memory_edits`, with what later rows say of it."""

    model_config = ConfigDict(frozen=True)

    id: int
    at: int
    by: str
    kind: str  # implant, distort, suppress, undo
    resident: str
    subject: str
    attribute: str
    value: str | None = None  # the value put in (implant, distort)
    confidence: int | None = None
    undoes: int | None = None  # for an undo: the edit it undid
    evidence_id: int | None = None  # the implanted evidence
    before: Snapshot | None = None  # None: the resident had no belief about the claim
    after: Snapshot
    note: str = ""
    undone_by: int | None = None
    discovered_at: int | None = None
    discovered_how: str | None = None  # first-hand, document, testimony
    discovery_evidence: int | None = None
    since_evidence: int = 0  # evidence after this id is "later" (what can discover it)

    @property
    def claim(self) -> str:
        return f"{self.subject}.{self.attribute}"

    @property
    def puts_value(self) -> bool:
        """An edit that put a value in: the kind a resident can find out (discovery)."""
        return self.kind in ("implant", "distort") and self.value is not None

    @property
    def live(self) -> bool:
        return self.kind != "undo" and self.undone_by is None


class _Args(BaseModel):
    """The arguments every edit takes, validated as evidence is."""

    model_config = ConfigDict(extra="forbid", strict=True)

    resident: Id
    subject: Id
    attribute: Id
    value: Id | None = None
    confidence: Annotated[int, Field(ge=0, le=100)] | None = None
    by: Id
    at: Annotated[int, Field(ge=0)]


def _args(**kw: Any) -> _Args:
    for field in ("resident", "subject", "attribute", "value", "by"):
        v = kw.get(field)
        if isinstance(v, str):
            kw[field] = v = norm_id(v)  # as every id is kept (memory.args)
            if "\x00" in v:
                raise InvalidEvidence(field, "must not contain a NUL character")
    at = kw.get("at")
    if isinstance(at, float) and math.isfinite(at) and at.is_integer():
        kw["at"] = int(at)  # a whole number of minutes, as every call takes a time
    try:
        a = _Args(**kw)
    except ValidationError as exc:
        raise InvalidEvidence.from_pydantic(exc) from None
    if a.attribute.startswith(BELIEVES):
        raise InvalidEvidence("attribute", "edit a resident's own memory of a claim, not what "
                              "they take someone else to believe")
    return a


# -- the edits ----------------------------------------------------------------------------------


def implant(store: MemoryStore, resident: str, subject: str, attribute: str, value: str, *,
            confidence: int | None, by: str, at: int) -> Edit:
    """Put `value` in the resident's memory of the claim as the held value."""
    a = _args(resident=resident, subject=subject, attribute=attribute, value=value,
              confidence=confidence, by=by, at=at)
    if a.value is None:
        raise InvalidEvidence("value", "an implant puts a value in: give one")
    return _put_value(store, "implant", a, required=False)


def distort(store: MemoryStore, resident: str, subject: str, attribute: str, *,
            value: str | None, confidence: int | None, by: str, at: int) -> Edit:
    """Change a memory the resident has: its value, its confidence, or both."""
    a = _args(resident=resident, subject=subject, attribute=attribute, value=value,
              confidence=confidence, by=by, at=at)
    if a.value is None and a.confidence is None:
        raise InvalidEvidence("value", "a distortion changes the value, the confidence or both")
    b = _need_belief(store, a)
    if (a.value is None or a.value == b.value) and (a.confidence is None or
                                                     a.confidence == b.confidence):
        raise InvalidEvidence("value", f"{a.resident} already holds {b.value} at "
                              f"{b.confidence}: nothing to change")
    if a.value is not None and a.value != b.value:
        return _put_value(store, "distort", a, required=True)
    with store._atomic():
        before = snapshot(b)
        b.confidence = a.confidence
        b.held().conf = a.confidence
        note = f"confidence {before.confidence} -> {a.confidence}"
        return _finish(store, "distort", a, b, before, None, note)


def suppress(store: MemoryStore, resident: str, subject: str, attribute: str, *, by: str,
             at: int) -> Edit:
    """Make the memory unrecallable now, by the accessibility rules (§7)."""
    a = _args(resident=resident, subject=subject, attribute=attribute, by=by, at=at)
    b = _need_belief(store, a)
    p = store.params
    if acc.accessibility(a.at, b.last_evoked_at, b.half_life(p)) < p.recallable_at:
        raise InvalidEvidence("attribute", f"{a.resident} can no longer recall it: nothing "
                              "to suppress")
    with store._atomic():
        before = snapshot(b)
        _unrecallable(b, a.at, p)
        return _finish(store, "suppress", a, b, before, None,
                       "moved out of reach: unrecallable until the claim comes up again")


def undo(store: MemoryStore, edit_id: int, *, by: str, at: int) -> Edit:
    """Put back what an edit changed, as far as what happened since allows; an edit itself."""
    if isinstance(edit_id, bool) or not isinstance(edit_id, int):
        raise InvalidEvidence("edit_id", "an edit's number")
    e = get(store, edit_id)
    if e is None:
        raise InvalidEvidence("edit_id", f"no edit {edit_id}")
    if e.kind == "undo":
        raise InvalidEvidence("edit_id", f"edit {edit_id} is an undo; make a new edit instead")
    if e.undone_by is not None:
        raise InvalidEvidence("edit_id", f"edit {edit_id} was already undone (by edit "
                              f"{e.undone_by})")
    later = [x.id for x in listing(store, e.resident, e.subject, e.attribute)
             if x.id > e.id and x.kind != "undo" and x.undone_by is None]
    if later:
        # Undoing an edit puts back the memory as it was before it, which would quietly undo
        # the later ones too while they stayed listed as standing (a hostile-input test).
        ids = ", ".join(str(i) for i in reversed(later))
        raise InvalidEvidence("edit_id", f"later edits of the same memory stand on it: undo "
                              f"{'them' if len(later) > 1 else 'it'} first ({ids})")
    a = _args(resident=e.resident, subject=e.subject, attribute=e.attribute, by=by, at=at)
    b = _need_belief(store, a)
    with store._atomic():
        before = snapshot(b)
        note = _revert(b, e, a.at, store.params)
        out = _finish(store, "undo", a, b, before, None, note, undoes=e.id)
    store._edit_keys = None  # the undone edit can no longer be discovered
    return out


# -- reading ------------------------------------------------------------------------------------

_SELECT = (
    "SELECT m.id, m.at, m.by, m.kind, m.resident, c.subject, c.attribute, m.value, "
    "m.confidence, m.undoes, m.evidence_id, m.before, m.after, m.note, "
    "(SELECT u.id FROM memory_edits u WHERE u.undoes = m.id), d.at, d.how, d.evidence_id, "
    "m.since_evidence "
    "FROM memory_edits m JOIN claims c ON c.id = m.claim_id "
    "LEFT JOIN edit_discoveries d ON d.edit_id = m.id"
)


def _row(r: tuple) -> Edit:
    return Edit(id=r[0], at=r[1], by=r[2], kind=r[3], resident=r[4], subject=r[5],
                attribute=r[6], value=r[7], confidence=r[8], undoes=r[9], evidence_id=r[10],
                before=Snapshot(**json.loads(r[11])) if r[11] else None,
                after=Snapshot(**json.loads(r[12])), note=r[13], undone_by=r[14],
                discovered_at=r[15], discovered_how=r[16], discovery_evidence=r[17],
                since_evidence=r[18])


def listing(store: MemoryStore, resident: str | None = None, subject: str | None = None,
            attribute: str | None = None) -> list[Edit]:
    """Every edit, oldest first; filtered by resident and claim if given."""
    where, params = [], []
    for col, val in (("m.resident", resident), ("c.subject", subject),
                     ("c.attribute", attribute)):
        if val is not None:
            where.append(f"{col} = ?")
            params.append(val)
    sql = _SELECT + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY m.id"
    return [_row(r) for r in store.db.execute(sql, params)]


def get(store: MemoryStore, edit_id: int) -> Edit | None:
    row = store.db.execute(_SELECT + " WHERE m.id = ?", (edit_id,)).fetchone()
    return _row(row) if row else None


def live_keys(store: MemoryStore) -> set[tuple[str, int]]:
    """(resident, claim id) of every edit that put a value in and is neither undone nor
    discovered: the only beliefs whose new evidence the discovery check must look at."""
    return {(r[0], r[1]) for r in store.db.execute(
        "SELECT m.resident, m.claim_id FROM memory_edits m WHERE m.kind IN ('implant', "
        "'distort') AND m.value IS NOT NULL AND NOT EXISTS (SELECT 1 FROM memory_edits u "
        "WHERE u.undoes = m.id) AND NOT EXISTS (SELECT 1 FROM edit_discoveries d WHERE "
        "d.edit_id = m.id)")}


# -- helpers ------------------------------------------------------------------------------------


def snapshot(b: BeliefState) -> Snapshot:
    return Snapshot(value=b.value, confidence=b.confidence, state=b.state, since=b.since,
                    last_evoked_at=b.last_evoked_at, access=b.access,
                    candidates=[c.to_json() for c in b.cands])


def load(store: MemoryStore, resident: str, subject: str, attribute: str) -> BeliefState | None:
    claim = store._claim_id(subject, attribute)
    if claim is None:
        return None
    row = store.db.execute(f"{SELECT_BELIEF} WHERE b.resident = ? AND b.claim_id = ?",
                           (resident, claim)).fetchone()
    if row is None:
        return None
    # With the tick's held re-evocations (a batch of evidence finding an edit out reads
    # here with them still held).
    b = store._held.patch(state_from_row(row))
    lifecycle.catch_up(store, [b])  # an edit touches it (memory.lifecycle)
    return b


def write(store: MemoryStore, b: BeliefState, cause: str, at: int, note: str,
          evidence_id: int | None = None) -> None:
    """Write a changed belief and the version that records why (one statement each)."""
    # Written with the numbers in force (half-life and thresholds), as the rules write.
    store.db.conn.execute(UPDATE_BELIEF, update_params(b, store.params, store._indexed_flag(
        b.resident, b.id)))
    store._rewrote(b)
    store.db.conn.execute(INSERT_VERSION, (b.id, at, cause, b.value, b.confidence, b.state,
                                           evidence_id, note, last_evidence(store)))


def _need_belief(store: MemoryStore, a: _Args) -> BeliefState:
    b = load(store, a.resident, a.subject, a.attribute)
    if b is None:
        raise InvalidEvidence("attribute", f"{a.resident} holds no belief about "
                              f"{a.subject}.{a.attribute}")
    return b


def _last_evidence(store: MemoryStore) -> int:
    return store.db.execute("SELECT coalesce(max(id), 0) FROM evidence").fetchone()[0]


def _put_value(store: MemoryStore, kind: str, a: _Args, *, required: bool) -> Edit:
    """Implanted evidence through the normal path (§3: it ranks lowest and never becomes
    first-hand), then the edit makes its value the one held."""
    old = load(store, a.resident, a.subject, a.attribute)
    if required and old is None:
        raise InvalidEvidence("attribute", f"{a.resident} holds no belief about "
                              f"{a.subject}.{a.attribute}")
    conf = a.confidence
    if conf is None:  # an implant feels like §4's implanted memory; a distortion keeps the feel
        conf = old.confidence if kind == "distort" and old else \
            store.params.implanted_confidence
    e = Evidence(resident=a.resident, subject=a.subject, attribute=a.attribute, value=a.value,
                 kind=SourceKind.IMPLANTED, implanted_by=a.by, at=a.at, confidence=conf)
    with store._atomic():
        before = snapshot(old) if old else None
        store.perceive_many([e])
        eid = _last_evidence(store)
        b = load(store, a.resident, a.subject, a.attribute)
        assert b is not None
        held = b.cand(a.value)
        assert held is not None
        was = b.value
        if was != a.value:
            # The displaced value stays beside it, as after a correction (§5: kept at 25,
            # `superseded_confidence`).
            b.held().conf = min(b.held().conf, store.params.superseded_confidence)
        b.value = a.value
        b.confidence = held.conf = conf
        b.state = State.INFLUENCING.value
        b.since = a.at
        b.wants_look = False
        note = (f"{kind}ed {a.value}" if was == a.value or old is None else
                f"{kind}ed {a.value} in place of {was}")
        return _finish(store, kind, a, b, before, eid, note)


def _finish(store: MemoryStore, kind: str, a: _Args, b: BeliefState, before: Snapshot | None,
            evidence_id: int | None, note: str, *, undoes: int | None = None) -> Edit:
    """The version with cause "edited by …" and the audit row, in the caller's transaction."""
    since = evidence_id if evidence_id is not None else _last_evidence(store)
    next_id = (store.db.execute("SELECT coalesce(max(id), 0) FROM memory_edits")
               .fetchone()[0]) + 1
    label = f"edit {next_id}: {note}" if kind != "undo" else note
    write(store, b, f"edited by {a.by}", a.at, label, evidence_id)
    after = snapshot(b)
    claim = store._claim_id(a.subject, a.attribute)
    store.db.conn.execute(
        "INSERT INTO memory_edits (id, at, by, kind, resident, claim_id, value, confidence, "
        "undoes, evidence_id, since_evidence, before, after, note) VALUES (?, ?, ?, ?, ?, ?, ?, "
        "?, ?, ?, ?, ?, ?, ?)",
        (next_id, a.at, a.by, kind, a.resident, claim, a.value if kind != "suppress" else None,
         b.confidence if kind in ("implant", "distort") else None, undoes, evidence_id, since,
         before.model_dump_json() if before else None, after.model_dump_json(), label))
    if kind in ("implant", "distort") and a.value is not None:
        store._edit_keys = None  # a new edit the discovery check must watch
    e = get(store, next_id)
    assert e is not None
    return e


def longest_half_life(p: MemoryParams) -> float:
    """The longest half-life a memory can grow to (§7: importance 10 doubles H0, and each of
    the three σ terms tends to 1): a suppression reaches back five of these (the
    unrecallable threshold), so no later change of importance, re-exposure or use makes the
    memory recallable again by arithmetic alone."""
    return p.half_life_minutes * (10 / p.importance_midpoint) * 4


def _unrecallable(b: BeliefState, at: int, p: MemoryParams) -> None:
    """Move the last evocation back past the unrecallable threshold (five by default) of the
    longest half-lives: a(at) < 2⁻⁵ (§7)."""
    b.last_evoked_at = at - math.ceil(p.unrecallable_after * longest_half_life(p)) - 1
    b.access = acc.UNRECALLABLE


def _revert(b: BeliefState, e: Edit, at: int, p: MemoryParams) -> str:
    """Undo `e` on the belief as it stands now; returns the history note."""
    if e.kind == "suppress":
        if b.last_evoked_at != e.after.last_evoked_at:
            return f"undid edit {e.id}: the memory had already come back to mind"
        b.last_evoked_at = e.before.last_evoked_at if e.before else at
        b.access = acc.state_of(acc.accessibility(at, b.last_evoked_at, b.half_life(p)), p)
        return f"undid edit {e.id}: brought back within reach"
    if e.value is None:  # a distortion of confidence only
        if b.value != e.after.value:
            return f"undid edit {e.id}: the value it touched is no longer held"
        assert e.before is not None
        step = e.before.confidence - e.after.confidence
        b.confidence = b.held().conf = max(0, min(100, b.confidence + step))
        return f"undid edit {e.id}: confidence back by {step}"
    if b.value != e.value:
        _withdraw(b, e)
        return f"undid edit {e.id}: withdrew the implanted {e.value}; the held value had moved on"
    if e.before is None:
        # Nothing to go back to: the memory the edit made fades out of reach (never deleted).
        b.state = State.PAST.value
        _unrecallable(b, at, p)
        return f"undid edit {e.id}: {e.value} was never theirs; kept only as history"
    old = b.cand(e.before.value)
    if old is None:
        old = Cand.from_json(next(c for c in e.before.candidates if c[0] == e.before.value))
        b.cands.append(old)
    b.value = e.before.value
    b.confidence = old.conf = e.before.confidence
    b.state = e.before.state
    b.since = e.before.since
    _withdraw(b, e)
    return f"undid edit {e.id}: back to {e.before.value}"


def _withdraw(b: BeliefState, e: Edit) -> None:
    """Take the edit's implanted origin off its value; a value with no origin left goes."""
    key = f"implanted:{e.by}"
    c = b.cand(e.value or "")
    if c is None or key not in c.origins or c.value == b.value:
        return
    if len(c.origins) == 1:
        b.cands.remove(c)
        return
    del c.origins[key]
    c.rank = max(c.origins.values())
