"""Every number of the memory model in one place: `MemoryParams` (epistemics §4–§7, §10).

The defaults are the design note's figures (most of them seed 000's and 001's own); a game may
override any of them — a Hearsay scenario does so in its `[memory]` table — and the store keeps
the ones it runs with beside its tables, so a saved game continues with the same numbers.

Nothing else in `memory` holds a tunable number: the revision rules, aging, trust, access and
misremembering all read theirs from the params they are given (the module-level `DEFAULT`
when none is).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

Confidence = Annotated[int, Field(ge=0, le=100)]
Step = Annotated[int, Field(ge=0, le=100)]
Share = Annotated[float, Field(ge=0.0, le=1.0)]


class MemoryParams(BaseModel):
    """The tunable numbers of the memory model, each with the design note's default."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # -- initial confidence of a new belief, by source kind (§4) ---------------------------
    firsthand_confidence: Confidence = 78  # first-hand or witnessed (000 §4)
    declared_confidence: Confidence = 70  # the person speaking about themselves
    document_confidence: Confidence = 66  # read from a notice, ledger or letter
    implanted_confidence: Confidence = 50  # no in-world evidence at all
    inferred_discount: Step = 10  # an inference: its weakest premise's confidence minus this
    # Hearsay: a straight line through two of seed 000's figures (trust 0.2 -> 35, 0.9 -> 75,
    # which puts trust 0.6 at 58), clamped between hearsay_min and firsthand_confidence.
    hearsay_low: Confidence = 35  # at trust 0.2
    hearsay_high: Confidence = 75  # at trust 0.9
    hearsay_min: Confidence = 10

    # -- revision (§5) ---------------------------------------------------------------------
    reinforce_step: Step = 8  # supporting evidence: +8 (000 §9)
    reinforce_cap: Confidence = 100
    doubt_step: Step = 20  # contradiction: -20, state doubtful (000 §10)
    doubt_floor: Confidence = 10
    anomaly_step: Step = 30  # contradiction through the player: -30, anomalous (000 §11)
    corrected_confidence: Confidence = 72  # first-hand meets a doubtful belief (000 §12)
    superseded_confidence: Confidence = 25  # the old value kept beside the new (002)
    firsthand_floor: Confidence = 50  # weaker contradiction never takes first-hand below this

    # -- the noisy-OR policy (seed 002) ------------------------------------------------------
    noisy_add_min: Confidence = 70
    noisy_add_max: Confidence = 90
    noisy_cap: Confidence = 99
    noisy_contradicted: Confidence = 25

    # -- hearsay aging (§6, 000 §14) ---------------------------------------------------------
    aging_days: Annotated[int, Field(ge=1, le=3650)] = 7  # every 7 quiet days...
    aging_step: Step = 8  # ...confidence -8...
    aging_floor: Confidence = 34  # ...down to 34, and then the belief is past

    # -- trust (§10) -----------------------------------------------------------------------
    trust_confirm: Share = 0.05  # a teller confirmed first-hand gains this much trust
    trust_refute: Share = 0.10  # one refuted first-hand loses this much

    # -- accessibility (§7, seed 001) ------------------------------------------------------
    half_life_hours: Annotated[float, Field(gt=0, le=100_000)] = 72.0  # H0
    importance_midpoint: Annotated[int, Field(ge=1, le=10)] = 5  # imp0
    dormant_after: Annotated[float, Field(gt=0, le=100)] = 3.0  # half-lives: a < 2^-3
    unrecallable_after: Annotated[float, Field(gt=0, le=100)] = 5.0  # half-lives: a < 2^-5

    # -- misremembering (Talk of the Town's mutation, transference, confabulation) -----------
    # When a memory no more accessible than `misremember_below` is recalled, it may come back
    # wrong with chance misremember_rate × (1 − the resident's memory trait) × (1 − a).
    misremember_rate: Share = 0.5
    misremember_below: Share = 0.5
    mutation_weight: Annotated[float, Field(ge=0, le=100)] = 1.0  # value drifts to a similar one
    transference_weight: Annotated[float, Field(ge=0, le=100)] = 1.0  # another takes their place
    confabulation_weight: Annotated[float, Field(ge=0, le=100)] = 1.0  # a detail filled in

    @model_validator(mode="after")
    def _consistent(self) -> MemoryParams:
        def need(ok: bool, field: str, why: str) -> None:
            if not ok:
                raise ValueError(f"[{field}] {why}")

        need(self.hearsay_low <= self.hearsay_high, "hearsay_high",
             "must be at least hearsay_low (more trust never means less confidence)")
        need(self.noisy_add_min <= self.noisy_add_max, "noisy_add_max",
             "must be at least noisy_add_min")
        need(self.dormant_after < self.unrecallable_after, "unrecallable_after",
             "must be more half-lives than dormant_after")
        need(self.doubt_floor <= self.firsthand_floor, "firsthand_floor",
             "must be at least doubt_floor")
        return self

    # -- derived -----------------------------------------------------------------------------

    @property
    def half_life_minutes(self) -> float:
        return self.half_life_hours * 60

    @property
    def aging_period(self) -> int:
        """Sim minutes per aging step."""
        return self.aging_days * 24 * 60

    @property
    def active_at(self) -> float:
        """Accessibility at or above which a memory is active (2⁻³ by default)."""
        return 2.0 ** -self.dormant_after

    @property
    def recallable_at(self) -> float:
        """Accessibility at or above which it can still be recalled (2⁻⁵ by default)."""
        return 2.0 ** -self.unrecallable_after

    def overrides(self) -> dict:
        """The values that differ from the defaults (what a scenario changed)."""
        return {k: v for k, v in self.model_dump().items() if v != DEFAULT_VALUES[k]}


DEFAULT = MemoryParams()
DEFAULT_VALUES = DEFAULT.model_dump()
