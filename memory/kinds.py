"""Source kinds, belief states and the numbers that go with them (epistemics §3, §4).

Everything here is a constant or a pure function, so the rules can be read in one place and
tested without a database.
"""

from __future__ import annotations

import math
from enum import StrEnum

from .params import DEFAULT, MemoryParams


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


# The numbers below are the defaults of `params.MemoryParams` (epistemics §4–§6, §10), kept
# as names for readers and callers; the rules read theirs from the params they are given.
FIRSTHAND_CONFIDENCE = DEFAULT.firsthand_confidence
DECLARED_CONFIDENCE = DEFAULT.declared_confidence
DOCUMENT_CONFIDENCE = DEFAULT.document_confidence
IMPLANTED_CONFIDENCE = DEFAULT.implanted_confidence
INFERRED_DISCOUNT = DEFAULT.inferred_discount
DEFAULT_TRUST = 0.6

REINFORCE_STEP = DEFAULT.reinforce_step
REINFORCE_CAP = DEFAULT.reinforce_cap
DOUBT_STEP = DEFAULT.doubt_step
DOUBT_FLOOR = DEFAULT.doubt_floor
ANOMALY_STEP = DEFAULT.anomaly_step
CORRECTED_CONFIDENCE = DEFAULT.corrected_confidence
SUPERSEDED_CONFIDENCE = DEFAULT.superseded_confidence
FIRSTHAND_FLOOR = DEFAULT.firsthand_floor

NOISY_ADD_MIN = DEFAULT.noisy_add_min
NOISY_ADD_MAX = DEFAULT.noisy_add_max
NOISY_CAP = DEFAULT.noisy_cap
NOISY_CONTRADICTED = DEFAULT.noisy_contradicted

AGING_PERIOD = DEFAULT.aging_period  # sim minutes
AGING_STEP = DEFAULT.aging_step
AGING_FLOOR = DEFAULT.aging_floor

# Trust moves with first-hand confirmation or refutation (epistemics §10). The document gives
# the direction, not the size: a refuted teller loses more than a confirmed one gains, so a lie
# that works once costs later.
TRUST_CONFIRM = DEFAULT.trust_confirm
TRUST_REFUTE = DEFAULT.trust_refute


def round_half_up(x: float) -> int:
    """Round .5 away from zero (Python's round() rounds half to even)."""
    return int(math.floor(x + 0.5))


def hearsay_confidence(trust: float, params: MemoryParams = DEFAULT) -> int:
    """Initial confidence of hearsay told by a teller the listener trusts `trust`.

    round(35 + (trust - 0.2) * 400 / 7), clamped to [10, 78]: 0.2 -> 35, 0.6 -> 58, 0.9 -> 75
    (by default: the line runs from hearsay_low at trust 0.2 to hearsay_high at 0.9).
    """
    p = params
    # (high - low) * 10 / 7 is the slope per unit of trust (0.9 - 0.2 = 7/10), written so the
    # default computes exactly round(35 + (trust - 0.2) * 400 / 7).
    line = p.hearsay_low + (trust - 0.2) * ((p.hearsay_high - p.hearsay_low) * 10) / 7
    return max(p.hearsay_min, min(p.firsthand_confidence, round_half_up(line)))


def initial_confidence(kind: str, trust: float = DEFAULT_TRUST,
                       weakest_premise: int | None = None,
                       params: MemoryParams = DEFAULT) -> int:
    """Confidence of a new belief resting on one piece of evidence of `kind`."""
    p = params
    kind = SourceKind(kind)
    if kind in (SourceKind.FIRSTHAND, SourceKind.WITNESSED):
        return p.firsthand_confidence
    if kind is SourceKind.HEARSAY:
        return hearsay_confidence(trust, p)
    if kind is SourceKind.DECLARED:
        return p.declared_confidence
    if kind is SourceKind.DOCUMENT:
        return p.document_confidence
    if kind is SourceKind.INFERRED:
        base = weakest_premise if weakest_premise is not None else p.declared_confidence
        return max(p.doubt_floor, base - p.inferred_discount)
    return p.implanted_confidence
