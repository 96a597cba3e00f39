"""Evidence thresholds for action (epistemics §8, seed 001 table 2).

Before acting on a belief, a resident scores its support from four checks — source kind,
independent sources, current validity, trust in the sources — and compares it with the bar of
the action's class. The more irreversible the action, the higher the bar; and a single piece
of hearsay never clears the irreversible bar, whatever the trust.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory import Belief

REVERSIBLE, VERIFIABLE, IRREVERSIBLE = "reversible", "verifiable", "irreversible"

# What each action does to the world (001: classified by the action itself).
ACTION_CLASS = {
    "ask": REVERSIBLE, "wait": REVERSIBLE, "avoid": REVERSIBLE, "attend": REVERSIBLE,
    "reconcile": REVERSIBLE, "confront": REVERSIBLE,
    "look": VERIFIABLE,
    "accuse": IRREVERSIBLE, "report": IRREVERSIBLE, "administer": IRREVERSIBLE,
    "break_off": IRREVERSIBLE,
}

BARS = {REVERSIBLE: 0.25, VERIFIABLE: 0.40, IRREVERSIBLE: 0.60}

# Weight of the strongest source behind the held value, by provenance rank name.
SOURCE_WEIGHT = {"first-hand": 1.0, "document": 0.85, "testimony": 0.7, "rumour": 0.5,
                 "inferred": 0.45, "implanted": 0.3}
SOURCE_BONUS = 0.10  # per independent source beyond the first
MAX_SOURCE_BONUS = 0.30
HEARSAY_SOURCES = ("testimony", "rumour")


@dataclass(frozen=True)
class Support:
    score: float
    sources: int
    valid: bool
    why: str

    def clears(self, action_class: str) -> bool:
        if not self.valid:
            return False
        return self.score >= BARS[action_class]


def support(b: Belief, trust: float = 0.6, dormant: bool = False) -> Support:
    """Score how well belief `b` supports acting on its held value.

    `trust` is the resident's trust in the teller behind the held value (hearsay only).
    """
    # Still valid? Past, stale, unchecked and dormant memories stay in the history but cannot
    # carry an action with consequences (§8's third check; §9).
    if b.state.value == "past":
        return Support(0.0, b.sources, False, "it is past: history, not a basis for action")
    if b.stale:
        return Support(0.0, b.sources, False, "the world has moved since: it is stale")
    if b.recheck:
        return Support(0.0, b.sources, False, "a premise changed: it needs rechecking")
    if dormant:
        return Support(0.0, b.sources, False, "it is dormant: it does not come to mind")
    weight = SOURCE_WEIGHT.get(b.source, 0.3)
    if b.source in HEARSAY_SOURCES:
        weight *= max(0.5, min(1.25, 0.5 + trust / 1.2))
    bonus = min(MAX_SOURCE_BONUS, SOURCE_BONUS * max(0, b.sources - 1))
    score = round(b.confidence / 100 * weight + bonus, 4)
    return Support(score, b.sources, True,
                   f"{b.source}, {b.sources} independent source(s), confidence {b.confidence}")


def clears_bar(b: Belief, action: str, trust: float = 0.6, dormant: bool = False) -> bool:
    """Does `b` support taking `action`? Single hearsay never clears the irreversible bar."""
    cls = ACTION_CLASS[action]
    s = support(b, trust, dormant)
    if cls == IRREVERSIBLE and b.source in HEARSAY_SOURCES and b.sources < 2:
        return False
    if cls == IRREVERSIBLE and b.source not in ("first-hand", "document") and b.sources < 2:
        return False
    return s.clears(cls)
