"""Each resident's working set: what a tick asks of memory again and again, kept at hand.

SQLite is the record; this is a view of it that the store keeps up to date as it writes, so the
questions a tick asks every conversation cost what the answer is worth, not a scan of
everything a resident ever took in:

- **what a resident might bring up** (`top`): their beliefs that are in mind now (active, not
  past), not about what others believe, of some importance — ranked by importance, then
  recency. Only beliefs in mind are held per resident, so the cost follows what they have in
  mind, which stays about the same from day to day, not what they have ever known.

The store tells it about every write (`wrote`, a whole belief), every re-evocation
(`evoked`), and every set-wise pass that moves a belief in or out of mind (`moved`, `aged`).
A reopened store builds it from the tables (`load`).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .belief import BeliefState

BELIEVES = "believes "
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def about_others(attribute: str) -> bool:
    """`attribute LIKE 'believes %'` as SQLite reads it (ASCII letters in any case)."""
    return attribute[:9].translate(_ASCII_LOWER) == BELIEVES


class Salient(NamedTuple):
    """A light record of one belief, for choosing among many (see `top_beliefs`)."""

    subject: str
    attribute: str
    value: str
    confidence: int
    importance: int
    updated_at: int
    teller: str | None
    origin: str | None
    state: str
    kind: str


# One tellable belief: [resident, subject, attribute, value, confidence, importance (the row's,
# may be None), updated_at, teller, origin, state, kind, access, last_evoked_at].
R, S, A, V, CONF, IMP, UPD, TELLER, ORIGIN, STATE, KIND, ACCESS, EVOKED = range(13)


class WorkingSet:
    """The tellable beliefs of every resident, and which of them are in mind."""

    def __init__(self) -> None:
        self.tellable: dict[int, list] = {}  # belief id -> entry (see above)
        self.in_mind: dict[str, dict[int, list]] = {}  # resident -> {belief id: entry}

    @staticmethod
    def can_tell(importance: int | None, attribute: str) -> bool:
        """Ever a candidate: of some importance (or unknown), about the world."""
        return (importance is None or importance > 0) and not about_others(attribute)

    def _place(self, bid: int, e: list) -> None:
        mine = self.in_mind.get(e[R])
        if e[ACCESS] == "active" and e[STATE] != "past":
            if mine is None:
                self.in_mind[e[R]] = {bid: e}
            else:
                mine[bid] = e
        elif mine is not None:
            mine.pop(bid, None)

    # -- keeping it up to date ---------------------------------------------------------------

    def wrote(self, b: BeliefState) -> None:
        """The belief's row was just written with this state."""
        bid = b.id
        if not self.can_tell(b.importance, b.attribute):
            old = self.tellable.pop(bid, None)
            if old is not None:
                self.in_mind.get(old[R], {}).pop(bid, None)
            return
        held = b.held()
        e = [b.resident, b.subject, b.attribute, b.value, b.confidence, b.importance,
             b.updated_at, held.teller, held.origin, b.state, held.kind, b.access,
             b.last_evoked_at]
        self.tellable[bid] = e  # type: ignore[index]
        self._place(bid, e)  # type: ignore[arg-type]

    def wrote_new(self, bid: int, resident: str, subject: str, attribute: str, value: str,
                  confidence: int, importance: int | None, at: int, teller: str | None,
                  origin: str | None, kind: str) -> None:
        """A belief founded at `at` by one piece of evidence was just written (memory.fresh);
        the caller checked `can_tell`."""
        e = [resident, subject, attribute, value, confidence, importance, at, teller, origin,
             "influencing", kind, "active", at]
        self.tellable[bid] = e
        self._place(bid, e)

    def evoked(self, ids: Iterable[int], now: int) -> None:
        """Re-evoked at `now`: active again, unless it was last evoked later."""
        for bid in ids:
            e = self.tellable.get(bid)
            if e is not None and e[EVOKED] <= now:
                e[EVOKED] = now
                e[ACCESS] = "active"
                self._place(bid, e)

    def moved(self, rows: Iterable[tuple[int, str]]) -> None:
        """(belief id, access) recorded by a set-wise pass."""
        for bid, access in rows:
            e = self.tellable.get(bid)
            if e is not None:
                e[ACCESS] = access
                self._place(bid, e)

    def aged(self, rows: Iterable[tuple[int, int, str, int]]) -> None:
        """(belief id, confidence, state, updated_at) after hearsay aging."""
        for bid, conf, state, updated in rows:
            e = self.tellable.get(bid)
            if e is not None:
                e[CONF], e[STATE], e[UPD] = conf, state, updated
                self._place(bid, e)

    def load(self, rows: Iterable[tuple]) -> None:
        """From the tables: (id, resident, subject, attribute, value, confidence, importance,
        updated_at, teller, origin, state, kind, access, last_evoked_at) of every belief."""
        self.__init__()
        for bid, *e in rows:
            if self.can_tell(e[IMP], e[A]):
                self.tellable[bid] = e
                self._place(bid, e)

    # -- asking --------------------------------------------------------------------------------

    def top(self, resident: str, limit: int, min_confidence: int, default_importance: int,
            attribute_importance: dict[str, int | None]) -> list[Salient]:
        """What `MemoryStore.top_beliefs` answers: in mind, not past, confident enough, of
        some importance (the belief's, else its attribute's, else the default), best first
        by importance, then the latest change, then the claim."""
        mine = self.in_mind.get(resident)
        if not mine:
            return []
        picks = []
        for e in mine.values():
            if e[CONF] < min_confidence:
                continue
            imp = e[IMP]
            if imp is None:
                imp = attribute_importance.get(e[A])
                if imp is None:
                    imp = default_importance
            if imp <= 0:
                continue
            picks.append((-imp, -e[UPD], e[S], e[A], imp, e))
        return [Salient(e[S], e[A], e[V], e[CONF], imp, e[UPD], e[TELLER], e[ORIGIN],
                        e[STATE], e[KIND])
                for _, _, _, _, imp, e in heapq.nsmallest(limit, picks)]
