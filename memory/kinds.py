"""Source kinds, belief states and the numbers that go with them (epistemics §3, §4).

Everything here is a constant or a pure function, so the rules can be read in one place and
tested without a database.
"""

from __future__ import annotations

import math
from enum import StrEnum


class SourceKind(StrEnum):
    """How a resident came by a piece of evidence (epistemics §3)."""

    FIRSTHAND = "firsthand"  # the resident did it, or it happened to them
    WITNESSED = "witnessed"  # the resident saw or overheard it happen
    DECLARED = "declared"  # the person the claim is about said it about themselves
    DOCUMENT = "document"  # read from a notice, ledger or letter
    HEARSAY = "hearsay"  # another resident told them
    INFERRED = "inferred"  # concluded from other beliefs
    IMPLANTED = "implanted"  # put in by the player or the author, no in-world evidence


class State(StrEnum):
    """A belief's one state (epistemics §4)."""

    INFLUENCING = "influencing"
    PAST = "past"
    DOUBTFUL = "doubtful"
    ANOMALOUS = "anomalous"
    CORRECTED = "corrected"


class Basis(StrEnum):
    """What a teller says their own source was; decides testimony versus rumour."""

    SAW = "saw"  # "I saw it myself" -> testimony
    HEARD = "heard"  # "I heard it" -> rumour
    RECKON = "reckon"  # "I reckon" -> rumour


# Provenance ranks, higher is stronger (epistemics §3: 1 firsthand = witnessed = declared,
# 2 document, 3 testimony, 4 rumour, 5 inferred, 6 implanted).
FIRSTHAND_RANK = 5
DOCUMENT_RANK = 4
TESTIMONY_RANK = 3
RUMOUR_RANK = 2
INFERRED_RANK = 1
IMPLANTED_RANK = 0

RANK_NAMES = {
    FIRSTHAND_RANK: "first-hand",
    DOCUMENT_RANK: "document",
    TESTIMONY_RANK: "testimony",
    RUMOUR_RANK: "rumour",
    INFERRED_RANK: "inferred",
    IMPLANTED_RANK: "implanted",
}

# Hearsay ranks: a belief resting only on these ages (§6).
HEARSAY_RANKS = (TESTIMONY_RANK, RUMOUR_RANK)

_KIND_RANK = {
    SourceKind.FIRSTHAND: FIRSTHAND_RANK,
    SourceKind.WITNESSED: FIRSTHAND_RANK,
    SourceKind.DECLARED: FIRSTHAND_RANK,
    SourceKind.DOCUMENT: DOCUMENT_RANK,
    SourceKind.INFERRED: INFERRED_RANK,
    SourceKind.IMPLANTED: IMPLANTED_RANK,
}


def rank(kind: str, basis: str | None = None) -> int:
    """Provenance rank of evidence of `kind`; hearsay ranks by the basis its teller gave."""
    if kind == SourceKind.HEARSAY:
        return TESTIMONY_RANK if basis == Basis.SAW else RUMOUR_RANK
    r = _KIND_RANK.get(kind)  # StrEnum members hash as their strings: one lookup for both
    if r is None:
        raise ValueError(f"unknown source kind {kind!r}")
    return r


def rank_name(value: int) -> str:
    return RANK_NAMES[value]


# Initial confidence (epistemics §4).
FIRSTHAND_CONFIDENCE = 78
DECLARED_CONFIDENCE = 70
DOCUMENT_CONFIDENCE = 66
IMPLANTED_CONFIDENCE = 50
INFERRED_DISCOUNT = 10
DEFAULT_TRUST = 0.6

# Revision numbers (epistemics §5).
REINFORCE_STEP = 8
REINFORCE_CAP = 100
DOUBT_STEP = 20
DOUBT_FLOOR = 10
ANOMALY_STEP = 30
CORRECTED_CONFIDENCE = 72
SUPERSEDED_CONFIDENCE = 25
FIRSTHAND_FLOOR = 50  # lower-ranked contradiction never takes a first-hand belief below this

# noisy-OR policy (epistemics §5, seed 002).
NOISY_ADD_MIN = 70
NOISY_ADD_MAX = 90
NOISY_CAP = 99
NOISY_CONTRADICTED = 25

# Hearsay aging (epistemics §6).
AGING_PERIOD = 7 * 24 * 60  # sim minutes
AGING_STEP = 8
AGING_FLOOR = 34

# Trust moves with first-hand confirmation or refutation (epistemics §10). The document gives
# the direction, not the size: a refuted teller loses more than a confirmed one gains, so a lie
# that works once costs later.
TRUST_CONFIRM = 0.05
TRUST_REFUTE = 0.10


def round_half_up(x: float) -> int:
    """Round .5 away from zero (Python's round() rounds half to even)."""
    return int(math.floor(x + 0.5))


def hearsay_confidence(trust: float) -> int:
    """Initial confidence of hearsay told by a teller the listener trusts `trust`.

    round(35 + (trust - 0.2) * 400 / 7), clamped to [10, 78]: 0.2 -> 35, 0.6 -> 58, 0.9 -> 75.
    """
    return max(10, min(FIRSTHAND_CONFIDENCE, round_half_up(35 + (trust - 0.2) * 400 / 7)))


def initial_confidence(kind: str, trust: float = DEFAULT_TRUST,
                       weakest_premise: int | None = None) -> int:
    """Confidence of a new belief resting on one piece of evidence of `kind`."""
    kind = SourceKind(kind)
    if kind in (SourceKind.FIRSTHAND, SourceKind.WITNESSED):
        return FIRSTHAND_CONFIDENCE
    if kind is SourceKind.HEARSAY:
        return hearsay_confidence(trust)
    if kind is SourceKind.DECLARED:
        return DECLARED_CONFIDENCE
    if kind is SourceKind.DOCUMENT:
        return DOCUMENT_CONFIDENCE
    if kind is SourceKind.INFERRED:
        base = weakest_premise if weakest_premise is not None else DECLARED_CONFIDENCE
        return max(DOUBT_FLOOR, base - INFERRED_DISCOUNT)
    return IMPLANTED_CONFIDENCE
