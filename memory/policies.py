"""Baseline revision policies: the naive arbitrations the seeds measured their rules against.

Seed 004 shows a lie repeated twice beating a first-hand value "because repetition looks like
confidence and nothing records who said what"; seed 002 compares belief memory with one that
keeps a single value. To show what the rules of epistemics §5 buy (`game/evals`), a store can
run under any of these instead of `rules` or `noisy_or` — `MemoryStore(policy="majority")`:

- `latest_wins` — the newest evidence decides: a memory that simply overwrites (and seed 004's
  "a document allowed to revise a declared fact");
- `majority` — each piece of evidence is one vote for its value; most votes hold;
- `sum_confidence` — each piece adds its confidence to its value; the largest sum holds;
- `confidence_first` — the same arbitration by summed confidence, *then* seed 004's provenance
  check (evidence ranking below the value held may not overwrite it). Asked after the
  arbitration, "the value held" is the arbitration's own choice, so the check never finds
  anything to stop: 004's "placed after the memory's own arbitration it did literally nothing".

They know nothing of independent origins — a document read eight times is eight votes — nor of
states, corrections or doubt: their beliefs stay `influencing` (a `past` one revived). A tie
keeps the held value. Each is a pure function over the working belief (`BeliefState`), mutated
in place like `revision.apply`, returning a `Verdict`; `revision` consults `BASELINES` before
its own rules. Every confidence stays 0..100: under `majority` a candidate's confidence is its
share of the votes, under the summing policies its sum capped at 100; the raw tally is kept in
`Cand.tally` (a candidate made before it had one counts as one piece at its confidence).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .belief import BeliefState, Cand
from .evidence import Evidence
from .kinds import State, round_half_up
from .params import MemoryParams

LATEST_WINS = "latest_wins"
MAJORITY = "majority"
SUM_CONFIDENCE = "sum_confidence"
CONFIDENCE_FIRST = "confidence_first"

INFLUENCING = State.INFLUENCING.value


class Verdict(NamedTuple):
    """What one piece of evidence did, in the terms of `revision.Outcome`."""

    action: str  # update, reinforce or keep
    changed: bool
    note: str


Rule = Callable[[BeliefState, Evidence, int, "int | None", MemoryParams], Verdict]


def latest_wins(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None,
                p: MemoryParams) -> Verdict:
    """The newest evidence decides, at its own confidence."""
    c = _candidate(b, e, initial, evidence_id)
    c.conf = initial
    old = b.value
    b.value, b.confidence = e.value, initial
    b.state = INFLUENCING
    if old == e.value:
        return Verdict("reinforce", True, f"{_source(e)} says {e.value} again: the latest word")
    b.since = e.at
    return Verdict("update", True, f"{_source(e)} says {e.value}: the latest word replaces "
                   f"{old}")


def majority(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None,
             p: MemoryParams) -> Verdict:
    """Each piece of evidence is one vote; the value with most votes holds."""
    return _tally(b, e, initial, evidence_id, votes=True)


def sum_confidence(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None,
                   p: MemoryParams) -> Verdict:
    """Each piece adds its confidence to its value; the largest sum holds."""
    return _tally(b, e, initial, evidence_id, votes=False)


def confidence_first(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None,
                     p: MemoryParams) -> Verdict:
    """Arbitration by summed confidence, then the provenance check on its result."""
    out = sum_confidence(b, e, initial, evidence_id, p)
    held = b.held()
    # Seed 004's check: a source ranking below the value held may not overwrite it. After the
    # arbitration the value held is the winner — `e`'s own whenever `e` won, and its candidate
    # ranks at least as high as `e` — so the only case left is evidence that already lost.
    if e.value != b.value and e.rank < held.rank:
        return Verdict(out.action, out.changed, out.note + f"; {_source(e)} ranks below the "
                       f"value held, {b.value}")
    return out


BASELINES: dict[str, Rule] = {
    LATEST_WINS: latest_wins,
    MAJORITY: majority,
    SUM_CONFIDENCE: sum_confidence,
    CONFIDENCE_FIRST: confidence_first,
}


# -- helpers ------------------------------------------------------------------------------------


def _tally(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None, *,
           votes: bool) -> Verdict:
    for c in b.cands:
        if not c.tally:  # made before this policy counted it: one piece at its confidence
            c.tally = 1 if votes else max(1, c.conf)
    c = _candidate(b, e, initial, evidence_id)
    c.tally += 1 if votes else initial
    total = sum(x.tally for x in b.cands)
    for x in b.cands:
        x.conf = round_half_up(100 * x.tally / total) if votes else min(100, x.tally)
    old = b.value
    # The largest tally holds; a tie keeps the value held.
    best = max(b.cands, key=lambda x: (x.tally, x.value == old))
    b.value, b.confidence = best.value, best.conf
    b.state = INFLUENCING
    what = f"{best.tally} vote(s)" if votes else f"confidences summing to {best.tally}"
    if b.value != old:
        b.since = e.at
        return Verdict("update", True, f"{_source(e)} says {e.value}: now {what}, above "
                       f"{old}")
    if e.value == old:
        return Verdict("reinforce", True, f"{_source(e)} supports {old}: {what}")
    return Verdict("keep", False, f"{_source(e)} says {e.value}; {old} still has {what}")


def _candidate(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None) -> Cand:
    """`e`'s value among the candidates (added at `initial` if new), with `e` merged in."""
    c = b.cand(e.value)
    basis = e.basis.value if e.basis else None
    if c is None:
        c = Cand(value=e.value, conf=initial, rank=e.rank, kind=e.kind.value,
                 origins={e.origin_key: e.rank}, first_at=e.at, last_at=e.at,
                 evidence_id=evidence_id, teller=e.teller, origin=e.origin, basis=basis)
        b.cands.append(c)
        return c
    c.origins[e.origin_key] = max(c.origins.get(e.origin_key, -1), e.rank)
    if e.rank > c.rank or c.evidence_id is None:  # the strongest evidence behind the value
        c.rank, c.kind, c.evidence_id = e.rank, e.kind.value, evidence_id
        c.teller, c.origin, c.basis = e.teller, e.origin, basis
    c.last_at = max(c.last_at, e.at)
    return c


def _source(e: Evidence) -> str:
    k = e.kind.value
    if e.teller:
        return f"{e.teller} ({k})"
    if e.document:
        return f"the {e.document}"
    return k
