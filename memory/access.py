"""Accessibility: how easily a memory comes to mind now (epistemics §7, seed 001).

Separate from confidence ("is it true?"): a = 2^(-Δt / H), Δt the sim time since the memory was
last used or re-evoked, H = H0 × (imp / imp0) × (1 + σ(d) + σ(u) + σ(s)), σ(n) = 1 − 2^(−n),
with d re-exposures, u uses in a decision, s independent sources. A memory is active while
a ≥ 2⁻³, dormant while 2⁻⁵ ≤ a < 2⁻³, unrecallable below — that is, after three and five
effective half-lives. Accessibility is computed when someone looks (from the stored time of last
evocation and H), never ticked; the set-wise pass in `recall.py` only records transitions.
"""

from __future__ import annotations

from .params import DEFAULT, MemoryParams

# The defaults of `params.MemoryParams`, by name; the functions take the params in force.
H0 = int(DEFAULT.half_life_minutes)  # base half-life, sim minutes (72 sim hours)
IMP0 = DEFAULT.importance_midpoint  # the midpoint of the 0..10 importance scale
MIN_IMPORTANCE = 1  # importance 0 means "never brought up", not "forgotten at once"
ACTIVE_AT = 2 ** -3
DORMANT_AT = 2 ** -5
DORMANT_AFTER = 3  # half-lives
GONE_AFTER = 5

ACTIVE, DORMANT, UNRECALLABLE = "active", "dormant", "unrecallable"


def sigma(n: int) -> float:
    """Saturating reinforcement: each repetition helps, each one less than the last."""
    return 1.0 - 2.0 ** (-max(0, n))


def half_life(importance: int | None, d: int, u: int, s: int,
              params: MemoryParams = DEFAULT) -> float:
    """Effective half-life H in sim minutes."""
    p = params
    ratio = 1.0 if importance is None else max(MIN_IMPORTANCE, importance) / \
        p.importance_midpoint
    return p.half_life_minutes * ratio * (1.0 + sigma(d) + sigma(u) + sigma(s))


def accessibility(now: int, last_evoked_at: int, h: float) -> float:
    dt = max(0, now - last_evoked_at)
    return 2.0 ** (-dt / h)


def state_of(a: float, params: MemoryParams = DEFAULT) -> str:
    if a >= params.active_at:
        return ACTIVE
    return DORMANT if a >= params.recallable_at else UNRECALLABLE
