"""Why does she believe that? The evidence behind a belief, teller by teller back to the origin.

For each independent origin supporting the held value, the chain starts with the resident's own
evidence and follows each teller into *their* memory: what they had heard, from whom, until it
reaches someone who saw it, read it, reasoned it out — or someone with no evidence at all, who
said it anyway. The result is data (pydantic), for the window, the command line and the report
to render as they like.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from .belief import Candidate, Version
from .records import EvidenceRecord

if TYPE_CHECKING:
    from .store import MemoryStore

MAX_DEPTH = 16


class Step(BaseModel):
    """One link: a resident's evidence for the value (or its absence, `recorded=False`)."""

    model_config = ConfigDict(frozen=True)

    resident: str
    value: str
    kind: str | None = None
    source: str | None = None
    at: int | None = None
    teller: str | None = None
    origin: str | None = None
    basis: str | None = None
    event: str | None = None
    document: str | None = None
    confidence: int | None = None
    recorded: bool = True
    evidence_id: int | None = None
    loop: bool = False  # the chain came back to someone already shown, and stops here
    misremembered: bool = False  # they remember it so, but what they took in was `was`
    was: str | None = None  # "subject.attribute = value" as the evidence has it
    holds: str | None = None  # no evidence of it: the other value they held then (a lie)
    claim: str | None = None  # with `holds`: "subject.attribute", for words about it
    premises: list[str] = []  # worked out: from these claims ("cy.at_counter")

    def describe(self) -> str:
        if self.misremembered:
            return (f"{self.resident} misremembers it: what they took in was {self.was}"
                    if self.was else f"{self.resident} misremembers it")
        if self.loop:
            return f"which leads back to {self.resident}, already shown: the chain goes round"
        if not self.recorded and self.holds is not None:
            # Said against what they hold: a lie, not ignorance (a developer read "without
            # knowing it" of Bo, who saw Dee do it and said Cy).
            return (f"{self.resident} has no evidence of it and holds {self.holds}: they said "
                    "what they do not believe")
        if not self.recorded:
            return f"{self.resident} has no evidence of it: they said it without knowing it"
        k = self.kind
        if k == "hearsay":
            basis = {"saw": "said they saw it", "heard": "had heard it",
                     "reckon": "reckoned so"}.get(self.basis or "", "")
            return f"{self.resident} was told by {self.teller} ({self.teller} {basis})"
        if k == "declared":
            return f"{self.resident} heard it from {self.teller}, about themselves"
        if k == "document":
            return f"{self.resident} read it in the {self.document}"
        if k == "witnessed":
            return f"{self.resident} saw it happen ({self.event})"
        if k == "firsthand":
            return f"{self.resident} was there ({self.event})"
        if k == "inferred":
            return f"{self.resident} worked it out" + (
                f" from {', '.join(self.premises)}" if self.premises else "")
        return f"{self.resident} had it implanted"


class Chain(BaseModel):
    """The path of one independent origin's evidence to the resident."""

    model_config = ConfigDict(frozen=True)

    origin_key: str
    steps: list[Step]
    as_told: list[str]  # tellers as the resident was told, origin first
    complete: bool  # ends at someone's own evidence (seen, read, declared, reasoned)
    # Followed MAX_DEPTH links and went on past them: a twenty-teller chain ended at "p5 was
    # told by p4" with no word that it went further (a developer's trial).
    cut: bool = False


class Explanation(BaseModel):
    """Why a resident holds the value it does (`MemoryStore.explain`): the chains of evidence
    that support it, teller by teller back to where each began (`supports`), the evidence
    against it, the values kept beside it, and its history. `lines()` says it in words."""

    model_config = ConfigDict(frozen=True)

    resident: str
    subject: str
    attribute: str
    value: str
    confidence: int
    state: str
    source: str
    supports: list[Chain]
    against: list[EvidenceRecord]
    candidates: list[Candidate]
    history: list[Version]

    def lines(self) -> list[str]:
        out = [f"{self.resident} believes {self.subject}.{self.attribute} = {self.value} "
               f"({self.confidence}, {self.state}, {self.source})"]
        for chain in self.supports:
            for i, step in enumerate(chain.steps):
                out.append(("  " * (i + 1)) + "<- " + step.describe())
            if chain.cut:
                out.append(("  " * (len(chain.steps) + 1)) + f"<- … (it goes on: only the "
                           f"first {MAX_DEPTH} links are followed)")
        for e in self.against:
            out.append(f"  against: {e.value} ({_against_source(e)})")
        return out


def _against_source(e: EvidenceRecord) -> str:
    """Where a piece of evidence against the value came from, each word once ("implanted,
    implanted" read doubled to a developer)."""
    if e.kind == "implanted":
        return f"implanted by {e.implanted_by}" if e.implanted_by else "implanted"
    if e.kind == "inferred":
        return "inferred" + (f" from {', '.join(e.premises)}" if e.premises else "")
    who = e.teller or e.document or e.event
    return f"{e.source}, {who}" if who else e.source


def explain(store: MemoryStore, resident: str, subject: str, attribute: str) -> Explanation | None:
    b = store.belief(resident, subject, attribute)
    if b is None:
        return None
    evidence = store.evidence(resident, subject, attribute)
    best: dict[str, EvidenceRecord] = {}
    for e in evidence:
        if e.value != b.value:
            continue
        cur = best.get(e.origin_key)
        if cur is None or _rank(e) > _rank(cur):
            best[e.origin_key] = e
    chains = [_chain(store, e) for e in sorted(best.values(), key=lambda x: (-_rank(x), x.id))]
    if b.misremembered:
        # What it remembers has no evidence of its own: show what was taken in instead.
        step = _misremembered(store, resident, b)
        if step is not None:
            chains.insert(0, Chain(origin_key="misremembered", steps=[step], as_told=[],
                                   complete=False))
    against = []
    seen = set()
    for e in evidence:
        if e.value != b.value and (e.value, e.origin_key) not in seen:
            seen.add((e.value, e.origin_key))
            against.append(e)
    return Explanation(
        resident=resident, subject=subject, attribute=attribute, value=b.value,
        confidence=b.confidence, state=b.state.value, source=b.source, supports=chains,
        against=against, candidates=b.candidates, history=b.history)


def _chain(store: MemoryStore, e: EvidenceRecord) -> Chain:
    """Follow each teller into their own memory. A chain that comes back to someone already
    shown (A had it from B, who had it from A) says so and stops, and then ends at the origin's
    own evidence — or at its absence — so it never goes round for ever."""
    steps = [_step(e)]
    seen = {e.resident}
    cur = e
    complete = cur.kind != "hearsay"
    cut = False
    while cur.kind == "hearsay" and len(steps) < MAX_DEPTH:
        teller = cur.teller
        if teller is None:
            break
        if teller in seen:
            steps.append(Step(resident=teller, value=cur.value, loop=True))
            complete = False
            origin = e.origin or cur.origin
            if origin and origin not in seen:
                own = _own_evidence(store, origin, cur)
                steps.append(_step(own) if own is not None else
                             Step(resident=origin, value=cur.value, recorded=False))
                complete = own is not None
            break
        seen.add(teller)
        nxt = _evidence_before(store, teller, cur)
        if nxt is None:
            tb = store.belief(teller, cur.subject, cur.attribute)
            wrong = _misremembered(store, teller, tb) if tb is not None and \
                tb.misremembered and tb.value == cur.value else None
            # Judged by what they held when they told it, not by what they hold now: told
            # before they held anything, it was said without knowing, not against belief (a
            # developer's teller read as a liar for a value they came to hold a day later).
            then = _held_at(tb.history, cur.at) if tb is not None else None
            steps.append(wrong or Step(
                resident=teller, value=cur.value, recorded=False,
                holds=then if then is not None and then != cur.value else None,
                claim=f"{cur.subject}.{cur.attribute}"))
            complete = False
            break
        steps.append(_step(nxt))
        cur = nxt
        complete = cur.kind != "hearsay"
    else:  # (not a break: the chain stopped only for its length, if its last was hearsay)
        cut = cur.kind == "hearsay" and cur.teller is not None
    return Chain(origin_key=e.origin_key, steps=steps, as_told=list(e.chain), complete=complete,
                 cut=cut)


def _held_at(history: list[Version], at: int) -> str | None:
    """The value a belief held at minute `at` — its latest version at or before it (as
    `memory.queries.believers_at` reads a past minute) — or None: none held yet."""
    held = None
    for v in history:
        if v.at <= at:
            held = v.value
    return held


def _misremembered(store: MemoryStore, resident: str, b) -> Step | None:
    """A misremembered value's step: the evidence the memory rests on, and what it said."""
    held = next((c for c in b.candidates if c.held), None)
    rec = store.evidence_by_id(held.evidence_id) if held and held.evidence_id else None
    was = f"{rec.subject}.{rec.attribute} = {rec.value}" if rec is not None else None
    return Step(resident=resident, value=b.value, kind=rec.kind if rec else b.kind,
                source=b.source, at=rec.at if rec else None, event=rec.event if rec else None,
                confidence=b.confidence, misremembered=True, was=was,
                evidence_id=rec.id if rec else None)


def _own_evidence(store: MemoryStore, who: str, told: EvidenceRecord) -> EvidenceRecord | None:
    """`who`'s own evidence for the value (seen, read, declared, reasoned — not heard)."""
    found = None
    for e in store.evidence(who, told.subject, told.attribute):
        if e.value == told.value and e.kind != "hearsay" and (
                found is None or _rank(e) > _rank(found)):
            found = e
    return found


def _evidence_before(store: MemoryStore, teller: str,
                     told: EvidenceRecord) -> EvidenceRecord | None:
    """The teller's strongest evidence for the same value, from before they told it."""
    found = None
    for e in store.evidence(teller, told.subject, told.attribute):
        if e.value == told.value and e.at <= told.at and (found is None or _rank(e) > _rank(found)):
            found = e
    return found


def _rank(e: EvidenceRecord) -> int:
    from .kinds import RANK_NAMES

    return {v: k for k, v in RANK_NAMES.items()}[e.source]


def _step(e: EvidenceRecord) -> Step:
    return Step(resident=e.resident, value=e.value, kind=e.kind, source=e.source, at=e.at,
                teller=e.teller, origin=e.origin, basis=e.basis, event=e.event,
                document=e.document, confidence=e.confidence, evidence_id=e.id,
                premises=list(e.premises or ()))
