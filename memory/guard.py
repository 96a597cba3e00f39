"""The structured memory guard (epistemics §12, seed 000 §23).

Anything that proposes a memory write from outside the rules — a language model's output, text
a player typed, a scenario file — comes in as a `Proposal` and passes `check()` first:

- only world events prove that something happened;
- a rejected, interrupted or replaced action is never recorded as done;
- a guess is never written as a fact;
- a source kind is never upgraded;
- no relationship (trust) changes without new evidence.

A refused proposal raises `GuardRefusal` with the rule and the reason, and memory is untouched.
Memory knows nothing of the world, so the caller passes a `WorldView` that can look events up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .args import MAX_INT, MAX_TIME
from .errors import GuardRefusal, InvalidEvidence
from .evidence import Evidence, Id
from .kinds import (
    Basis,
    SourceKind,
    initial_confidence,
    rank,
)

if TYPE_CHECKING:
    from .store import MemoryStore

EVENT_PROOF = "world-events-only"
NOT_DONE = "not-done"
GUESS = "guess-not-fact"
UPGRADE = "no-upgrade"
RELATIONSHIP = "relationship-needs-evidence"
CONTRACT = "evidence-contract"


# Kinds that claim something happened in the world (a sight, a telling) and so need an event.
_NEEDS_EVENT = (SourceKind.FIRSTHAND, SourceKind.WITNESSED, SourceKind.DECLARED,
                SourceKind.HEARSAY)


class WorldEvent(BaseModel):
    """What the world can say about one of its events."""

    id: str
    status: Literal["done", "rejected", "interrupted", "replaced"] = "done"
    at: int = 0
    participants: list[str] = []
    witnesses: list[str] = []
    spoken: bool = False  # a conversation: it proves what was said, not that it happened


class WorldView(Protocol):
    def event(self, event_id: str) -> WorldEvent | None: ...


EvidenceId = Annotated[int, Field(ge=1, le=MAX_INT)]


class Proposal(BaseModel):
    """A memory write proposed from outside the revision rules."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True,
                              coerce_numbers_to_str=True)

    proposer: Literal["model", "player", "scenario", "other"] = "model"
    resident: Id
    subject: Id
    attribute: Id
    value: Id
    kind: SourceKind
    # Strict, as `Evidence`'s: `at=True` was written as minute 1 where perceive refuses it
    # (a sweep of bad arguments).
    at: int = Field(ge=0, le=MAX_TIME, strict=True)
    event: Id | None = None
    document: Id | None = None
    version: int | None = Field(default=None, ge=1, le=MAX_INT, strict=True)
    teller: str | None = None
    origin: str | None = None
    basis: Basis | None = None
    premises: tuple[str, ...] = ()
    confidence: int | None = Field(default=None, ge=0, le=100, strict=True)
    certainty: Literal["fact", "guess"] = "fact"
    records_done: bool = False  # asserts that an action was carried out
    cites: list[EvidenceId] = []  # evidence this proposal rewords or rests on
    by_player: bool = False


class TrustProposal(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)

    listener: Id
    teller: Id
    topic: Id = "*"
    value: float = Field(ge=0, le=1)
    at: int = Field(ge=0, le=MAX_TIME, strict=True)
    cites: list[EvidenceId] = []


def check(store: MemoryStore, p: Proposal, world: WorldView | None = None) -> Evidence:
    """Return the evidence `p` may be written as, or raise `GuardRefusal`."""
    kind = p.kind
    r = rank(kind, p.basis)
    if p.certainty == "guess" and kind is not SourceKind.INFERRED:
        raise GuardRefusal(GUESS, f"a guess may only be written as inferred, not as {kind.value}")
    if p.confidence is not None:
        pm = store.params
        ceiling = initial_confidence(kind, params=pm) if kind is not SourceKind.HEARSAY \
            else pm.firsthand_confidence
        if p.confidence > ceiling:
            raise GuardRefusal(GUESS, f"confidence {p.confidence} is more than {kind.value} "
                               f"evidence can carry ({ceiling})")
    if kind is SourceKind.IMPLANTED and p.proposer != "scenario":
        raise GuardRefusal(CONTRACT, "only a scenario may implant a memory")
    if kind in _NEEDS_EVENT or p.records_done:
        _check_event(p, world)
    for eid in p.cites:
        cited = store.evidence_by_id(eid)
        if cited is None:
            raise GuardRefusal(CONTRACT, f"cites evidence {eid}, which does not exist")
        if cited.resident != p.resident:
            raise GuardRefusal(CONTRACT, f"cites evidence {eid}, which is {cited.resident}'s, "
                               f"not {p.resident}'s")
        cited_rank = rank(cited.kind, cited.basis)
        if r > cited_rank and not (p.event and kind in (SourceKind.FIRSTHAND,
                                                        SourceKind.WITNESSED)):
            raise GuardRefusal(UPGRADE, f"evidence {eid} is {cited.kind} ({cited.source}); "
                               f"rewording it as {kind.value} would upgrade its source")
    # What the resident only heard or was given never becomes "seen" without a world event:
    # first-hand and witnessed proposals were made to name one the resident attended above.
    try:
        return Evidence(
            resident=p.resident, subject=p.subject, attribute=p.attribute, value=p.value,
            kind=kind, at=p.at, event=p.event, document=p.document, version=p.version,
            teller=p.teller, origin=p.origin, basis=p.basis, premises=p.premises,
            confidence=p.confidence, by_player=p.by_player)
    except InvalidEvidence as exc:
        raise GuardRefusal(CONTRACT, f"{exc.field}: {exc.reason}") from None


def _check_event(p: Proposal, world: WorldView | None) -> None:
    if not p.event:
        raise GuardRefusal(EVENT_PROOF, "only a world event proves that something happened; "
                           "this proposal names none")
    if world is None:
        raise GuardRefusal(EVENT_PROOF, "no world to check the event against")
    ev = world.event(p.event)
    if ev is None:
        raise GuardRefusal(EVENT_PROOF, f"event {p.event!r} is not in the world log")
    if p.records_done and ev.status != "done":
        raise GuardRefusal(NOT_DONE, f"event {p.event!r} was {ev.status}, not done")
    if p.kind in _NEEDS_EVENT:
        present = set(ev.participants) | set(ev.witnesses)
        if p.resident not in present:
            raise GuardRefusal(EVENT_PROOF, f"{p.resident} was not at event {p.event!r}")
        if ev.spoken and p.kind in (SourceKind.FIRSTHAND, SourceKind.WITNESSED):
            raise GuardRefusal(UPGRADE, f"event {p.event!r} was a conversation: it proves "
                               "what was said, not that it happened — hearsay at most")
        if p.kind is SourceKind.FIRSTHAND and p.resident not in ev.participants:
            raise GuardRefusal(UPGRADE, f"{p.resident} saw event {p.event!r} but took no part; "
                               "that is witnessed, not firsthand")
        if p.teller and p.teller not in ev.participants:
            raise GuardRefusal(EVENT_PROOF, f"{p.teller} took no part in event {p.event!r}, "
                               "so did not tell anyone anything there")


def check_trust(store: MemoryStore, p: TrustProposal) -> None:
    """A trust change needs evidence newer than the last change that involves the teller."""
    last = store.db.execute(
        "SELECT max(evidence_id) FROM trust_changes WHERE listener = ? AND teller = ?",
        (p.listener, p.teller)).fetchone()[0] or 0
    for eid in p.cites:
        e = store.evidence_by_id(eid)
        if (e is not None and e.resident == p.listener and eid > last
                and p.teller in (e.teller, e.subject, e.value, e.origin)):
            return
    raise GuardRefusal(RELATIONSHIP, f"{p.listener}'s trust in {p.teller} cannot change without "
                       f"new evidence involving {p.teller}")


def parse_proposal(data: object) -> Proposal:
    """A proposal from untrusted data (a model's JSON); malformed input is a refusal."""
    try:
        return Proposal.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(x) for x in first.get("loc", ())) or "proposal"
        raise GuardRefusal(CONTRACT, f"{loc}: {first['msg']}") from None
