"""The belief inspector's rows: one resident's beliefs in words, filtered and sorted.

Reads `store.beliefs(resident)` only when that resident's memory changed (a cheap signature
query decides), so an inspector open on a resident with a thousand beliefs costs nothing per
frame. Filtering and sorting work on the cached rows. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import queries
from .labels import BELIEVES, claim_label, provenance, value_label

STATES = ("influencing", "past", "doubtful", "anomalous", "corrected")
SOURCES = ("first-hand", "document", "testimony", "rumour", "inferred", "implanted")
SORTS = ("claim", "value", "confidence", "state", "source", "updated")
_SOURCE_ORDER = {s: i for i, s in enumerate(SOURCES)}
_STATE_ORDER = {s: i for i, s in enumerate(STATES)}


@dataclass
class Row:
    subject: str
    attribute: str
    claim: str  # words
    value: str  # words
    raw_value: str
    confidence: int
    state: str
    source: str  # rank name
    kind: str
    told: str  # provenance words
    teller: str | None
    origin: str | None
    about_others: bool
    updated_at: int
    stale: bool
    truth: str | None  # debug: the world's value, words
    raw_truth: str | None
    others: int  # candidates kept beside the held value

    @property
    def key(self) -> tuple[str, str]:
        return (self.subject, self.attribute)

    @property
    def false(self) -> bool:
        """Debug: the world says otherwise (only where the world has a fact to compare)."""
        return self.raw_truth is not None and self.raw_truth != self.raw_value


class InspectorModel:
    def __init__(self, session, resident: str):
        self.session = session
        self.resident = resident
        self.state: str | None = None
        self.source: str | None = None
        self.search = ""
        self.subject: str | None = None
        self.others = True  # show beliefs about what others believe
        self.sort = "claim"
        self.descending = False
        self._sig = None
        self._seen = None  # (session stamp, sim) when the signature was last checked
        self._rows: list[Row] = []
        self._counts: dict = {}
        self._view_key = None
        self._view: list[Row] = []

    def rows(self) -> list[Row]:
        """Every belief the resident holds, as rows. Re-read only when memory changed, and
        then only the beliefs updated since the last look (all of them if that does not
        account for the change)."""
        sim = self.session.sim
        seen = (self.session.stamp, id(sim))
        if seen == self._seen:
            return self._rows  # nothing has happened since the last look
        self._seen = seen
        sig = (*queries.belief_signature(sim, self.resident), id(sim))
        if sig == self._sig:
            return self._rows
        if self._sig is not None and self._sig[-1] == sig[-1]:
            self._patch(self._sig[1])
        if _signature(self._rows, id(sim)) != sig:
            self._rows = [self._row(b) for b in
                          sim.store.beliefs(self.resident, about_others=True)]
        self._sig = sig
        self._view_key = None
        self._counts = {}
        return self._rows

    def _patch(self, since: int) -> None:
        sim = self.session.sim
        index = {r.key: i for i, r in enumerate(self._rows)}
        for s, a in queries.beliefs_updated_since(sim, self.resident, since):
            b = sim.store.belief(self.resident, s, a, history=False)
            if b is None:
                continue
            row = self._row(b)
            if (s, a) in index:
                self._rows[index[(s, a)]] = row
            else:
                index[(s, a)] = len(self._rows)
                self._rows.append(row)

    def _row(self, b) -> Row:
        sim = self.session.sim
        others = b.attribute.startswith(BELIEVES)
        truth = None if others else sim.world.fact(b.subject, b.attribute)
        return Row(
            subject=b.subject, attribute=b.attribute,
            claim=claim_label(sim, b.subject, b.attribute),
            value=value_label(sim, b.value), raw_value=b.value, confidence=b.confidence,
            state=b.state.value, source=b.source, kind=b.kind, told=provenance(sim, b),
            teller=b.teller, origin=b.origin, about_others=others, updated_at=b.updated_at,
            stale=b.stale, truth=value_label(sim, truth) if truth is not None else None,
            raw_truth=truth, others=max(0, len(b.candidates) - 1))

    def visible(self) -> list[Row]:
        """The rows that pass the filters, in the chosen order."""
        rows = self.rows()
        key = (self._sig, self.state, self.source, self.search, self.subject, self.others,
               self.sort, self.descending)
        if key == self._view_key:
            return self._view
        q = self.search.lower().strip()
        out = [r for r in rows
               if (self.state is None or r.state == self.state)
               and (self.source is None or r.source == self.source)
               and (self.subject is None or r.subject == self.subject)
               and (self.others or not r.about_others)
               and (not q or q in r.claim.lower() or q in r.value.lower()
                    or q in f"{r.subject}.{r.attribute}")]
        sort_key = {
            "claim": lambda r: (r.about_others, r.claim.lower()),
            "value": lambda r: (r.value.lower(), r.claim.lower()),
            "confidence": lambda r: (r.confidence, r.claim.lower()),
            "state": lambda r: (_STATE_ORDER.get(r.state, 9), r.claim.lower()),
            "source": lambda r: (_SOURCE_ORDER.get(r.source, 9), r.claim.lower()),
            "updated": lambda r: (r.updated_at, r.claim.lower()),
        }[self.sort]
        out.sort(key=sort_key, reverse=self.descending)
        self._view, self._view_key = out, key
        return out

    def counts(self, field: str) -> dict[str, int]:
        """How many rows have each state (or source), before filtering."""
        rows = self.rows()
        key = (field, self.others)
        if key not in self._counts:
            out: dict[str, int] = {}
            for r in rows:
                if self.others or not r.about_others:
                    v = getattr(r, field)
                    out[v] = out.get(v, 0) + 1
            self._counts[key] = out
        return self._counts[key]

    def top_subjects(self, n: int = 12) -> dict[str, int]:
        """The `n` subjects the resident holds most beliefs about, with their counts."""
        counts = self.counts("subject")
        key = ("top", n, self.others)
        if key not in self._counts:
            self._counts[key] = dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n])
        return self._counts[key]

    def sort_by(self, column: str) -> None:
        if column not in SORTS:
            raise ValueError(f"sort by one of {SORTS}")
        if self.sort == column:
            self.descending = not self.descending
        else:
            self.sort = column
            self.descending = column in ("confidence", "updated")


def _signature(rows: list[Row], sim_id: int) -> tuple:
    """What `queries.belief_signature` would say about these rows."""
    states = [sum(1 for r in rows if r.state == s) for s in queries.STATES]
    return (len(rows), max((r.updated_at for r in rows), default=0),
            sum(r.confidence for r in rows), sum(1 for r in rows if r.stale), *states, sim_id)
