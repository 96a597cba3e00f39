"""Beliefs: one resident's current understanding of one claim (epistemics §2, §4).

Two shapes of the same thing. `BeliefState` is the working record the revision rules mutate —
a plain slotted dataclass, because the simulation revises hundreds of thousands of them and
pydantic validation on every step would cost more than the rules themselves. `Belief`,
`Candidate` and `Version` are the pydantic views the store hands out to callers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict

from . import access as acc
from .kinds import FIRSTHAND_RANK, HEARSAY_RANKS, State, rank_name
from .params import DEFAULT, MemoryParams


def _encode(o) -> str:
    from .codec import dumps  # one C encoder, made once

    return dumps(o)

STATE_NATURE = "state"  # a claim about a state that can change (where the key is)
EVENT_NATURE = "event"  # a claim about something that happened (who took the key)


@dataclass(slots=True)
class Cand:
    """One candidate value of a belief, with the origins that support it."""

    value: str
    conf: int
    rank: int
    kind: str
    origins: dict[str, int]  # origin key -> strongest rank it gave this value
    first_at: int
    last_at: int
    evidence_id: int | None = None  # strongest evidence behind this value
    teller: str | None = None
    origin: str | None = None
    basis: str | None = None
    tally: int = 0  # a baseline policy's votes or summed confidence (memory.policies); else 0

    def to_json(self) -> list:
        row = [self.value, self.conf, self.rank, self.kind, self.origins, self.first_at,
               self.last_at, self.evidence_id, self.teller, self.origin, self.basis]
        if self.tally:
            row.append(self.tally)  # only baselines keep one: the rules' rows stay as they were
        return row

    @classmethod
    def from_json(cls, row: list) -> Cand:
        return cls(*row)


@dataclass(slots=True)
class BeliefState:
    """The full revision state of one belief; what the `beliefs` row holds."""

    resident: str
    subject: str
    attribute: str
    value: str
    confidence: int
    state: str
    cands: list[Cand]
    nature: str = EVENT_NATURE
    since: int = 0  # sim minute the held value was adopted
    id: int | None = None
    claim_id: int | None = None
    last_evidence_at: int = 0
    last_intervention_at: int | None = None
    aged: int = 0  # aging steps applied since the last new evidence
    exposures: int = 0  # d: re-hearing from an origin already counted
    uses: int = 0  # u: times it supported a decision
    last_evoked_at: int = 0
    stale: bool = False
    recheck: bool = False
    wants_look: bool = False
    importance: int | None = None
    created_at: int = 0
    updated_at: int = 0
    unjudged: int = 0  # hearsay rows whose teller has not yet been judged first-hand
    premises: list[str] = field(default_factory=list)
    facts: dict[str, int] = field(default_factory=dict)  # world-fact versions it rests on (§9)
    access: str = "active"  # active / dormant / unrecallable, as last recorded (§7)
    judged_importance: int | None = None  # importance after the look-back, if it ran
    looked_back: bool = False
    misremembered: bool = False  # recalled wrong: the held value is not what the evidence says
    evidence_count: int = 0  # pieces of evidence the resident has about the claim (a counter)
    # Its row is left as written by the hourly passes until it is touched (memory.lifecycle):
    # `access` and `looked_back` as read are what it was made with, not what the passes made.
    lazy: bool = False

    def effective_importance(self) -> int | None:
        return self.judged_importance if self.judged_importance is not None else \
            self.importance

    def half_life(self, params: MemoryParams = DEFAULT) -> float:
        """H, in sim minutes (§7)."""
        return acc.half_life(self.effective_importance(), self.exposures, self.uses,
                             self.sources, params)

    # -- candidates ----------------------------------------------------------------------

    def held(self) -> Cand:
        for c in self.cands:
            if c.value == self.value:
                return c
        raise AssertionError(f"held value {self.value!r} has no candidate")

    def cand(self, value: str) -> Cand | None:
        for c in self.cands:
            if c.value == value:
                return c
        return None

    @property
    def rank(self) -> int:
        return self.held().rank

    @property
    def kind(self) -> str:
        return self.held().kind

    @property
    def sources(self) -> int:
        """s: independent origins behind the held value."""
        return len(self.held().origins)

    @property
    def hearsay_only(self) -> bool:
        return self.held().rank in HEARSAY_RANKS

    @property
    def firsthand_ranked(self) -> bool:
        return self.held().rank >= FIRSTHAND_RANK

    def quiet_since(self) -> int:
        """When the hearsay aging clock last restarted: new evidence or a player's move (§6)."""
        if self.last_intervention_at is not None and self.last_intervention_at > \
                self.last_evidence_at:
            return self.last_intervention_at
        return self.last_evidence_at

    def outdated_by(self, fact: str, version: int | None) -> bool:
        """Does a piece of evidence at `version` of `fact` show the world moved past what this
        belief rests on (§9)?"""
        return version is not None and fact in self.facts and self.facts[fact] < version

    def cands_json(self) -> str:
        return _encode([c.to_json() for c in self.cands])

    def copy(self) -> BeliefState:
        import copy as _copy

        return _copy.deepcopy(self)


# -- views ------------------------------------------------------------------------------------


class Candidate(BaseModel):
    """A value the resident holds or keeps beside the held one."""

    model_config = ConfigDict(frozen=True)

    value: str
    confidence: int
    kind: str
    source: str  # provenance rank name: first-hand, document, testimony, rumour, ...
    origins: list[str]
    held: bool
    teller: str | None = None
    origin: str | None = None
    evidence_id: int | None = None  # the strongest evidence behind it


class Version(BaseModel):
    """One entry of a belief's history: what changed, when, and why."""

    model_config = ConfigDict(frozen=True)

    n: int
    at: int
    cause: str
    value: str
    confidence: int
    state: str
    evidence_id: int | None = None
    note: str = ""


class Belief(BaseModel):
    """What one resident believes about one claim, with its provenance and history."""

    model_config = ConfigDict(frozen=True)

    resident: str
    subject: str
    attribute: str
    value: str
    confidence: int
    state: State
    kind: str
    source: str
    teller: str | None = None
    origin: str | None = None
    basis: str | None = None
    nature: str = EVENT_NATURE
    candidates: list[Candidate] = []
    history: list[Version] = []
    since: int = 0
    created_at: int = 0
    updated_at: int = 0
    stale: bool = False
    recheck: bool = False
    wants_look: bool = False
    misremembered: bool = False  # recalled wrong (debug: the evidence says otherwise)
    exposures: int = 0
    uses: int = 0
    sources: int = 1
    last_evoked_at: int = 0
    importance: int | None = None
    evidence_count: int = 0
    half_life: float = acc.H0  # effective half-life H, sim minutes (§7)
    dormant_after: float = DEFAULT.dormant_after  # half-lives (the store's params)
    unrecallable_after: float = DEFAULT.unrecallable_after

    def accessibility(self, now: int) -> float:
        """How easily it comes to mind at `now`, 0..1 (§7)."""
        return acc.accessibility(now, self.last_evoked_at, self.half_life)

    def access(self, now: int) -> str:
        """active, dormant or unrecallable at `now`."""
        a = self.accessibility(now)
        if a >= 2.0 ** -self.dormant_after:
            return acc.ACTIVE
        return acc.DORMANT if a >= 2.0 ** -self.unrecallable_after else acc.UNRECALLABLE

    @property
    def claim(self) -> tuple[str, str]:
        return (self.subject, self.attribute)

    @property
    def others(self) -> list[Candidate]:
        """Candidates kept beside the held value."""
        return [c for c in self.candidates if not c.held]


def built(cls, values: dict):
    """`cls.model_construct(**values)` for a frozen model given every one of its fields, at a
    quarter of the cost: model_construct also looks up defaults, aliases and extras field by
    field, and views are built by the thousand in a tick (6 % of a small town's run)."""
    if len(values) != len(cls.model_fields):  # a field left out would be missing, not default
        raise TypeError(f"{cls.__name__} built from {sorted(values)}")
    m = cls.__new__(cls)
    object.__setattr__(m, "__dict__", values)
    object.__setattr__(m, "__pydantic_fields_set__", set(values))
    object.__setattr__(m, "__pydantic_extra__", None)
    object.__setattr__(m, "__pydantic_private__", None)
    return m


def view(b: BeliefState, history: list[Version] | None = None,
         params: MemoryParams = DEFAULT) -> Belief:
    """The read-only view of a working belief. Built without validation (`built`):
    every field comes from a working belief the rules keep valid, and a tick builds views by
    the thousand."""
    held = b.held()
    cands = sorted(b.cands, key=lambda c: (c.value != b.value, -c.conf, c.value))
    return built(Belief, dict(
        resident=b.resident, subject=b.subject, attribute=b.attribute, value=b.value,
        confidence=b.confidence, state=State(b.state), kind=held.kind,
        source=rank_name(held.rank), teller=held.teller, origin=held.origin, basis=held.basis,
        nature=b.nature,
        candidates=[
            built(Candidate, dict(
                value=c.value, confidence=b.confidence if c.value == b.value else c.conf,
                kind=c.kind, source=rank_name(c.rank), origins=sorted(c.origins),
                held=c.value == b.value, teller=c.teller, origin=c.origin,
                evidence_id=c.evidence_id))
            for c in cands
        ],
        history=history or [], since=b.since, created_at=b.created_at, updated_at=b.updated_at,
        stale=b.stale, recheck=b.recheck, wants_look=b.wants_look,
        misremembered=b.misremembered, exposures=b.exposures,
        uses=b.uses, sources=b.sources, last_evoked_at=b.last_evoked_at,
        importance=b.effective_importance(), evidence_count=b.evidence_count,
        half_life=b.half_life(params), dormant_after=params.dormant_after,
        unrecallable_after=params.unrecallable_after,
    ))
