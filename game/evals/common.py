"""What the experiments share: the policies compared, evidence builders, and plain tables.

Every experiment runs each policy on the same generated corpus, seeded, through the memory's
public API (`MemoryStore.perceive_many`, `beliefs`, `mark_changed`, …): nothing here reaches
into the store's tables.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from memory import Evidence

# Ours first, then the baselines of memory.policies, in the order the tables show them.
POLICIES = ("rules", "noisy_or", "latest_wins", "majority", "sum_confidence",
            "confidence_first")
OURS = ("rules", "noisy_or")
LABELS = {
    "rules": "ours: rules",
    "noisy_or": "ours: noisy-OR",
    "latest_wins": "latest wins",
    "majority": "majority vote",
    "sum_confidence": "sum of confidences",
    "confidence_first": "confidence, then provenance",
}

DAY = 24 * 60  # sim minutes

_events = itertools.count(1)


def seen(resident: str, subject: str, attribute: str, value: str, at: int, **kw) -> Evidence:
    """The resident saw it themselves (a fresh world event each time: independent)."""
    return Evidence(resident=resident, subject=subject, attribute=attribute, value=value,
                    kind="witnessed", at=at, event=f"ev{next(_events)}", **kw)


def told(resident: str, subject: str, attribute: str, value: str, at: int, *, teller: str,
         origin: str | None = None, **kw) -> Evidence:
    return Evidence(resident=resident, subject=subject, attribute=attribute, value=value,
                    kind="hearsay", teller=teller, origin=origin or teller, at=at, **kw)


def declared(resident: str, subject: str, attribute: str, value: str, at: int) -> Evidence:
    """The person the claim is about said it about themselves."""
    return Evidence(resident=resident, subject=subject, attribute=attribute, value=value,
                    kind="declared", teller=subject, at=at)


def read(resident: str, subject: str, attribute: str, value: str, at: int, *, document: str,
         **kw) -> Evidence:
    return Evidence(resident=resident, subject=subject, attribute=attribute, value=value,
                    kind="document", document=document, at=at, **kw)


def implanted(resident: str, subject: str, attribute: str, value: str, at: int) -> Evidence:
    return Evidence(resident=resident, subject=subject, attribute=attribute, value=value,
                    kind="implanted", at=at)


def pct(part: float, whole: float) -> str:
    return "—" if not whole else f"{100 * part / whole:.1f} %"


def table(head: Sequence[str], rows: Sequence[Sequence[object]], *,
          left: int = 1) -> list[str]:
    """A plain-text table: the first `left` columns left-aligned, the rest right-aligned."""
    cells = [[str(c) for c in head]] + [[str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(head))]

    def line(r: list[str]) -> str:
        return "  ".join(c.ljust(w) if i < left else c.rjust(w)
                         for i, (c, w) in enumerate(zip(r, widths, strict=True))).rstrip()

    return [line(cells[0]), "  ".join("-" * w for w in widths)] + [line(r) for r in cells[1:]]
