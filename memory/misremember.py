"""Misremembering: a weak memory, recalled, may come back wrong (Talk of the Town).

Talk of the Town's characters misremember in three ways, and so do ours:

- **mutation** — the value drifts to a similar one ("the drawer" becomes "the till");
- **transference** — another person takes the person's place (it was Gus I saw there, not
  Fen): the memory is now about someone else, and the original slips out of use;
- **confabulation** — a detail is filled in that was never taken in (Bo is always there at
  that hour, so he must have been): a new memory beside the original.

Only a memory that is weak when recalled can go wrong: its accessibility a (§7) at most
`misremember_below`. The chance is `misremember_rate × (1 − memory) × (1 − a)`, `memory` being
the resident's trait (0..1, a good memory near 1). Which way it goes is drawn by the params'
weights among the ways open to it (a similar value to drift to, someone to stand in).

Everything here is a pure function of plain data. The draws are hashes of the store's seed
and what is recalled, by whom, when — so the same run misremembers the same way, whatever
else happens, and never consumes anyone's random generator. Misremembering changes only the
belief (its value, or a new belief beside it) and says so in its history: the evidence keeps
what was actually taken in, and the world log what actually happened.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from .belief import BeliefState, Cand
from .params import MemoryParams

MUTATION, TRANSFERENCE, CONFABULATION = "mutation", "transference", "confabulation"
KINDS = (MUTATION, TRANSFERENCE, CONFABULATION)
CAUSE = "misremembered"  # the history version's cause


@dataclass(frozen=True)
class Misremembering:
    """What went wrong with one recalled memory."""

    kind: str  # mutation, transference or confabulation
    resident: str
    subject: str  # the memory recalled
    attribute: str
    was: str  # its value as taken in
    value: str  # the value now remembered (for a stand-in, the same value)
    stand_in: str | None = None  # transference / confabulation: whom it is now about
    chance: float = 0.0


def chance(p: MemoryParams, trait: float, accessibility: float) -> float:
    """The chance a memory recalled at accessibility `a` comes back wrong, for a resident
    whose memory trait is `trait` (0..1)."""
    if accessibility > p.misremember_below:
        return 0.0
    trait = min(1.0, max(0.0, trait))
    return p.misremember_rate * (1.0 - trait) * (1.0 - accessibility)


def draw(seed: int, *parts: object) -> float:
    """A uniform number in [0, 1) fixed by the seed and `parts` (deterministic, stateless)."""
    h = hashlib.blake2b("|".join(map(str, (seed, *parts))).encode(), digest_size=8).digest()
    return int.from_bytes(h, "big") / 2 ** 64


def draws(seed: int, *parts: object) -> Callable[..., float]:
    """`draw` for many that share their first parts: `draws(s, "a", "b")(x, y)` is
    `draw(s, "a", "b", x, y)`, the shared prefix hashed once (BLAKE2 hashes incrementally, so
    the digest is the same)."""
    head = hashlib.blake2b(("|".join(map(str, (seed, *parts))) + "|").encode(),
                           digest_size=8)

    def rest(*more: object) -> float:
        h = head.copy()
        h.update("|".join(map(str, more)).encode())
        return int.from_bytes(h.digest(), "big") / 2 ** 64

    return rest


def choose(p: MemoryParams, u: float, *, can_mutate: bool, can_stand_in: bool) -> str | None:
    """Which way it goes wrong, by weight among the ways open: `u` uniform in [0, 1)."""
    ways = [(MUTATION, p.mutation_weight if can_mutate else 0.0),
            (TRANSFERENCE, p.transference_weight if can_stand_in else 0.0),
            (CONFABULATION, p.confabulation_weight if can_stand_in else 0.0)]
    total = sum(w for _, w in ways)
    if total <= 0:
        return None
    x = u * total
    for kind, w in ways:
        if x < w:
            return kind
        x -= w
    return next(k for k, w in reversed(ways) if w > 0)


def mutate(b: BeliefState, value: str, at: int) -> str:
    """The held value drifts to `value`: same source, confidence and evidence behind it (the
    resident feels no different), flagged as misremembered. Returns the history note."""
    was = b.value
    held = b.held()
    held.value = value
    held.last_at = max(held.last_at, at)
    b.value = value
    b.misremembered = True
    b.updated_at = max(b.updated_at, at)
    b.last_evoked_at = max(b.last_evoked_at, at)
    b.access = "active"
    return f"misremembered (mutation): took in {was}, remembers {value}"


def stand_in(b: BeliefState, subject: str, at: int, kind: str) -> tuple[BeliefState, str]:
    """A memory like `b` but about `subject` (transference or confabulation): the value,
    source and confidence the resident remembers, resting on the evidence of the original.
    Returns the new belief (no id yet) and its history note."""
    held = b.held()
    cand = Cand(value=b.value, conf=b.confidence, rank=held.rank, kind=held.kind,
                origins=dict(held.origins), first_at=at, last_at=at,
                evidence_id=held.evidence_id, teller=held.teller, origin=held.origin,
                basis=held.basis)
    nb = BeliefState(
        resident=b.resident, subject=subject, attribute=b.attribute, value=b.value,
        confidence=b.confidence, state="influencing", cands=[cand], nature=b.nature,
        since=b.since, last_evidence_at=at, created_at=at, updated_at=at,
        importance=b.importance, last_evoked_at=at, misremembered=True)
    what = "another took their place" if kind == TRANSFERENCE else "a detail filled in"
    note = (f"misremembered ({kind}, {what}): it was {b.subject} that was taken in, with "
            f"{b.attribute} = {b.value}")
    return nb, note


def displaced(b: BeliefState, subject: str, at: int) -> str:
    """Transference: the original memory slips out of use (past, kept in the history)."""
    b.state = "past"
    b.updated_at = max(b.updated_at, at)
    return f"misremembered (transference): now remembered as {subject}, not {b.subject}"
