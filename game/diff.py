"""Two towns side by side: where their world logs part, which beliefs differ, and for each
belief the first point where its histories part — the tool an author needs after changing a
scenario, a seed or an edit (`hearsay diff SAVE_A SAVE_B`).

Reads each town through its public parts (the world log, the memory store); writes nothing.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from memory import Belief, Version

if TYPE_CHECKING:
    from .town import Game

_LOG_FIELDS = ("at", "kind", "actor", "target", "place", "claim", "value", "summary", "data")


@dataclass(frozen=True)
class Side:
    """How one town's belief stands (None when it holds none)."""

    value: str
    confidence: int
    state: str
    source: str
    teller: str | None
    edits: tuple[str, ...] = ()  # an author's edits of it, in order ("suppress", "undo")


@dataclass(frozen=True)
class Step:
    """One version of a belief's history, at the point where two histories part."""

    n: int
    at: int
    cause: str
    value: str
    confidence: int
    state: str


@dataclass(frozen=True)
class Parting:
    """The first point where two histories differ: the minute, and each side's entry there
    (None where one history had already ended)."""

    at: int
    a: Step | None
    b: Step | None


@dataclass(frozen=True)
class EventStep:
    at: int
    summary: str
    kind: str


@dataclass(frozen=True)
class LogParting:
    index: int  # how many events the logs share before they part
    at: int
    a: EventStep | None
    b: EventStep | None


@dataclass(frozen=True)
class BeliefDiff:
    resident: str
    claim: str
    a: Side | None
    b: Side | None
    parted: Parting | None


@dataclass
class Diff:
    log: LogParting | None
    beliefs: list[BeliefDiff]
    a_time: int
    b_time: int

    def as_dict(self) -> dict:
        return asdict(self)


def diff(a: Game, b: Game, *, resident: str | None = None,
         claim: str | None = None, about_others: bool = False) -> Diff:
    subject, _, attribute = (claim or "").partition(".")
    out = []
    ba = _beliefs(a, resident, subject or None, attribute or None, about_others)
    bb = _beliefs(b, resident, subject or None, attribute or None, about_others)
    # A suppression changes no value, confidence or state — only whether it comes to mind —
    # so a town with one suppressed memory showed none differing (an author's report).
    ea, eb = _edits(a), _edits(b)
    for key in sorted(set(ba) | set(bb)):
        x, y = ba.get(key), bb.get(key)
        sx, sy = _side(x, ea.get(key, ())), _side(y, eb.get(key, ()))
        if sx == sy:
            continue
        rid, s, attr = key
        ha = a.store.history(rid, s, attr) if x else []
        hb = b.store.history(rid, s, attr) if y else []
        out.append(BeliefDiff(rid, f"{s}.{attr}", sx, sy, parting(ha, hb)))
    out.sort(key=lambda d: (d.parted.at if d.parted else 1 << 40, d.resident, d.claim))
    return Diff(_log_parting(a, b), out, a.now, b.now)


def _beliefs(sim: Game, resident, subject, attribute, about_others) -> dict:
    return {(x.resident, x.subject, x.attribute): x for x in sim.store.beliefs(
        resident, subject=subject, attribute=attribute, about_others=about_others)}


def _edits(sim: Game) -> dict[tuple[str, str, str], tuple[str, ...]]:
    """The edits still in force on each belief (an undone one, and the undo, are not: a
    suppression undone left the belief as it was, and diff called it a difference)."""
    out: dict[tuple[str, str, str], tuple[str, ...]] = {}
    for e in sim.store.edits():
        if e.kind == "undo" or e.undone_by is not None:
            continue
        key = (e.resident, e.subject, e.attribute)
        out[key] = out.get(key, ()) + (e.kind,)
    return out


def _side(b: Belief | None, edits: tuple[str, ...] = ()) -> Side | None:
    if b is None:
        return None
    return Side(b.value, b.confidence, b.state.value, b.source, b.teller, edits)


def _step(v: Version) -> Step:
    return Step(v.n, v.at, v.cause, v.value, v.confidence, v.state)


def parting(ha: list[Version], hb: list[Version]) -> Parting | None:
    """The first version at which two histories of one belief differ (what, when, how sure,
    in what state, and why), or None if they are the same."""
    for i in range(max(len(ha), len(hb))):
        va = ha[i] if i < len(ha) else None
        vb = hb[i] if i < len(hb) else None
        # The note says where the version came from ("first learned: yes (ada)"): two towns
        # whose residents learned the same thing from different tellers parted there.
        if va is not None and vb is not None and (va.at, va.cause, va.value, va.confidence,
                                                   va.state, va.note) == (
                vb.at, vb.cause, vb.value, vb.confidence, vb.state, vb.note):
            continue
        ats = [v.at for v in (va, vb) if v is not None]
        return Parting(min(ats), _step(va) if va else None, _step(vb) if vb else None)
    return None


def _log_parting(a: Game, b: Game) -> LogParting | None:
    la, lb = a.world.log(), b.world.log()
    for i in range(max(len(la), len(lb))):
        ea = la[i] if i < len(la) else None
        eb = lb[i] if i < len(lb) else None
        if ea is not None and eb is not None and all(ea[f] == eb[f] for f in _LOG_FIELDS):
            continue
        ats = [e["at"] for e in (ea, eb) if e is not None]
        return LogParting(i, min(ats), _event(ea), _event(eb))
    return None


def _event(e: dict | None) -> EventStep | None:
    return EventStep(e["at"], e["summary"], e["kind"]) if e else None
