"""Each resident's working set: what a tick asks of memory again and again, kept at hand.

SQLite is the record; this is a view of it that the store keeps up to date as it writes, so the
questions a tick asks every conversation cost what the answer is worth, not a scan of
everything a resident ever took in:

- **what a resident might bring up** (`top`): beliefs in mind now (active, not past), not
  about what others believe, of some importance — ranked by importance, then recency. Only the
  beliefs in mind are held per resident, so the cost follows what they have in mind;
- **what recall scores** (`scoring`): for every memory free recall can reach, when it was last
  evoked, its half-life and its claim and value — what ranks a match by relevance ×
  accessibility (§7) — without reading the belief rows;
- **what a recalled memory brings along** (`associates`): each resident's dormant memories by
  the people, places and objects they name, so association looks up the names recalled rather
  than scanning the resident's dormant memories;
- **what one resident takes another to believe** (`about_others`): its free beliefs about
  others' beliefs, by the other and the claim, read a look at a time;
- **where a discredited teller's word lies** (`told_by`): per resident, the claims on which it
  held hearsay from each teller, so reweighing reads those beliefs, not all it holds.

`top`'s ranking is kept sorted per resident as beliefs come into mind and leave it, so asking
costs the answer, not a sort of everything in mind — which grows day by day, as does all the
rest: a day late in a run should cost what an early one does.

The store tells it about every write (`wrote`, a whole belief; `wrote_new`, one founded by one
piece of evidence), every re-evocation (`evoked`), and every set-wise pass that changes what
it holds (`moved`, `lengthened`, `aged`). A reopened store builds it from the tables (`load`).
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, NamedTuple

from .queries import Held

if TYPE_CHECKING:
    from .belief import BeliefState

BELIEVES = "believes "
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
ACTIVE, DORMANT = "active", "dormant"


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


_salient = tuple.__new__  # a `Salient` made without its generated __new__'s call overhead

# One belief: [resident, subject, attribute, value, confidence, importance (the row's, may be
# None), updated_at, teller, origin, state, kind, access, last_evoked_at, half_life, tellable,
# free (recalled freely, not only by a cue)].
(R, S, A, V, CONF, IMP, UPD, TELLER, ORIGIN, STATE, KIND, ACCESS, EVOKED, HALF, TELL,
 FREE) = range(16)


class WorkingSet:
    """Light records of the beliefs recall and talk read, and the sets they read them by."""

    def __init__(self) -> None:
        self.rec: dict[int, list] = {}  # belief id -> record (see above)
        self.in_mind: dict[str, dict[int, list]] = {}  # resident -> tellable, active, not past
        # resident -> name (a subject or value) -> {belief id: record} of free, dormant ones
        self.dormant: dict[str, dict[str, dict[int, list]]] = {}
        # What `top` ranks by, kept sorted as beliefs come into mind and leave it, once `top`
        # has been asked with some attribute importances and default: resident -> sorted
        # [(-importance, -updated_at, subject, attribute, id)] of its beliefs in mind of
        # importance above 0, and each one's key. The ranking a resident's beliefs in mind
        # would need sorting for on every ask (they grow with all it took in over days).
        self._ranked_by: tuple[dict[str, int | None], int] | None = None
        self._ranked: dict[str, list[tuple[int, int, str, str, int]]] = {}
        self._rank_key: dict[int, tuple[int, int, str, str, int]] = {}
        # resident -> other -> attribute ("believes <subject>.<attribute>") -> record of the
        # free beliefs about what others believe: what `beliefs_about` reads (they are the
        # larger part of what a town remembers; the claims about one resident's beliefs,
        # town-wide, grow with every day).
        self.about: dict[str, dict[str, dict[str, list]]] = {}
        # resident -> teller -> claims (subject, attribute) on which some belief of the
        # resident held hearsay from that teller when written: what a discredited teller's
        # word is looked for in (a superset — a value dropped later stays listed). Read from
        # the tables for a resident the first time it is asked about, then kept as written.
        self.told: dict[str, dict[str, set[tuple[str, str]]]] = {}

    @staticmethod
    def can_tell(importance: int | None, attribute: str) -> bool:
        """Ever a candidate to bring up: of some importance (or unknown), about the world."""
        return (importance is None or importance > 0) and not about_others(attribute)

    # -- keeping the sets ----------------------------------------------------------------------

    def _place(self, bid: int, e: list) -> None:
        """Put the record in (or take it out of) the sets its fields say it belongs to."""
        if e[TELL]:
            mine = self.in_mind.get(e[R])
            if e[ACCESS] == ACTIVE and e[STATE] != "past":
                if mine is None:
                    self.in_mind[e[R]] = {bid: e}
                else:
                    mine[bid] = e
                if self._ranked_by is not None:
                    self._rank(bid, e)
            elif mine is not None and mine.pop(bid, None) is not None and \
                    self._ranked_by is not None:
                self._unrank(bid, e)
        if e[FREE] and e[ACCESS] == DORMANT:
            names = self.dormant.setdefault(e[R], {})
            for name in (e[S], e[V]):
                got = names.get(name)
                if got is None:
                    names[name] = {bid: e}
                else:
                    got[bid] = e

    def _unplace(self, bid: int, e: list) -> None:
        """Take the record out of every set (before its fields change)."""
        if e[TELL]:
            mine = self.in_mind.get(e[R])
            if mine is not None and mine.pop(bid, None) is not None and \
                    self._ranked_by is not None:
                self._unrank(bid, e)
        if e[FREE] and e[ACCESS] == DORMANT:
            names = self.dormant.get(e[R])
            if names is not None:
                for name in (e[S], e[V]):
                    got = names.get(name)
                    if got is not None:
                        got.pop(bid, None)
                        if not got:
                            del names[name]

    def _put(self, bid: int, e: list) -> None:
        old = self.rec.get(bid)
        if old is not None:
            self._unplace(bid, old)
            if old[FREE] and old[A].startswith(BELIEVES):
                got = self.about[old[R]][old[S]]
                if got.get(old[A]) is old:
                    del got[old[A]]
        if e[TELL] or e[FREE]:
            self.rec[bid] = e
            self._place(bid, e)
            if e[FREE] and e[A].startswith(BELIEVES):
                self.about.setdefault(e[R], {}).setdefault(e[S], {})[e[A]] = e
        elif old is not None:
            del self.rec[bid]

    # -- keeping it up to date ---------------------------------------------------------------

    def wrote(self, b: BeliefState, free: bool, half_life: float) -> None:
        """The belief's row was just written with this state (`half_life`: the column)."""
        told = self.told.get(b.resident)
        if told is not None:
            for c in b.cands:
                if c.kind == "hearsay" and c.teller is not None:
                    got = told.get(c.teller)
                    if got is None:
                        told[c.teller] = {(b.subject, b.attribute)}
                    else:
                        got.add((b.subject, b.attribute))
        held = b.held()
        tell = self.can_tell(b.importance, b.attribute)
        old = self.rec.get(b.id)  # type: ignore[arg-type]
        if old is not None and old[CONF] == b.confidence and old[V] == b.value and \
                old[IMP] == b.importance and old[UPD] == b.updated_at and \
                old[STATE] == b.state and old[ACCESS] == b.access and old[TELL] == tell and \
                old[FREE] == free and old[R] == b.resident and old[A] == b.attribute:
            # In the same sets, ranked the same (most rewrites re-expose a memory: its
            # evocation and half-life change, nothing a set or the ranking reads).
            old[TELLER], old[ORIGIN], old[KIND] = held.teller, held.origin, held.kind
            old[EVOKED], old[HALF] = b.last_evoked_at, half_life
            return
        self._put(b.id, [  # type: ignore[arg-type]
            b.resident, b.subject, b.attribute, b.value, b.confidence, b.importance,
            b.updated_at, held.teller, held.origin, b.state, held.kind, b.access,
            b.last_evoked_at, half_life, tell, free])

    def wrote_new(self, bid: int, resident: str, subject: str, attribute: str, value: str,
                  confidence: int, importance: int | None, at: int, teller: str | None,
                  origin: str | None, kind: str, half_life: float, free: bool) -> None:
        """A belief founded at `at` by one piece of evidence was just written
        (memory.fresh)."""
        if kind == "hearsay" and teller is not None:
            told = self.told.get(resident)
            if told is not None:
                got = told.get(teller)
                if got is None:
                    told[teller] = {(subject, attribute)}
                else:
                    got.add((subject, attribute))
        tell = self.can_tell(importance, attribute)
        if tell or free:
            self._put(bid, [resident, subject, attribute, value, confidence, importance, at,
                            teller, origin, "influencing", kind, ACTIVE, at, half_life, tell,
                            free])

    def evoked(self, ids: Iterable[int], now: int) -> None:
        """Re-evoked at `now`: active again, unless it was last evoked later."""
        rec = self.rec
        for bid in ids:
            e = rec.get(bid)
            if e is not None and e[EVOKED] <= now:
                if e[ACCESS] == ACTIVE:  # in the same sets as before
                    e[EVOKED] = now
                    continue
                self._unplace(bid, e)
                e[EVOKED] = now
                e[ACCESS] = ACTIVE
                self._place(bid, e)

    def moved(self, rows: Iterable[tuple[int, str]]) -> None:
        """(belief id, access) recorded by a set-wise pass."""
        rec = self.rec
        for bid, access in rows:
            e = rec.get(bid)
            if e is not None and e[ACCESS] != access:
                self._unplace(bid, e)
                e[ACCESS] = access
                self._place(bid, e)

    def lengthened(self, rows: Iterable[tuple[int, float]]) -> None:
        """(belief id, half-life) after the importance look-back."""
        rec = self.rec
        for bid, h in rows:
            e = rec.get(bid)
            if e is not None:
                e[HALF] = h

    def aged(self, rows: Iterable[tuple[int, int, str, int]]) -> None:
        """(belief id, confidence, state, updated_at) after hearsay aging."""
        rec = self.rec
        for bid, conf, state, updated in rows:
            e = rec.get(bid)
            if e is not None:
                self._unplace(bid, e)
                e[CONF], e[STATE], e[UPD] = conf, state, updated
                self._place(bid, e)

    def load(self, rows: Iterable[tuple]) -> None:
        """From the tables: (id, resident, subject, attribute, value, confidence, importance,
        updated_at, teller, origin, state, kind, access, last_evoked_at, half_life, free) of
        every belief."""
        self.__init__()  # the ranking for `top` too: built again when next asked
        for bid, *e in rows:
            tell = self.can_tell(e[IMP], e[A])
            free = bool(e[-1])
            if tell or free:
                self._put(bid, e[:-1] + [tell, free])

    # -- asking --------------------------------------------------------------------------------

    def top(self, resident: str, limit: int, min_confidence: int, default_importance: int,
            attribute_importance: dict[str, int | None]) -> list[Salient]:
        """What `MemoryStore.top_beliefs` answers: in mind, not past, confident enough, of
        some importance (the belief's, else its attribute's, else the default), best first
        by importance, then the latest change, then the claim."""
        by = self._ranked_by
        if by is None or by[1] != default_importance or by[0] != attribute_importance:
            self._rank_all(attribute_importance, default_importance)
        order = self._ranked.get(resident)
        if not order or limit <= 0:
            return []
        rec = self.rec
        out = []
        # Best first already; a resident holds one belief of a claim, so (importance,
        # change, claim) orders them all and the first `limit` confident enough are the
        # answer.
        for neg_imp, _, _, _, bid in order:
            e = rec[bid]
            if e[CONF] < min_confidence:
                continue
            out.append(_salient(Salient, (e[S], e[A], e[V], e[CONF], -neg_imp, e[UPD],
                                          e[TELLER], e[ORIGIN], e[STATE], e[KIND])))
            if len(out) >= limit:
                break
        return out

    def _importance(self, e: list) -> int:
        imp = e[IMP]
        if imp is None:
            assert self._ranked_by is not None
            imp = self._ranked_by[0].get(e[A])
            if imp is None:
                imp = self._ranked_by[1]
        return imp

    def _rank(self, bid: int, e: list) -> None:
        """The belief is in mind with these fields: in its resident's ranking."""
        old = self._rank_key.get(bid)
        if old is not None:
            self._unrank(bid, e)
        imp = self._importance(e)
        if imp <= 0:
            return
        key = (-imp, -e[UPD], e[S], e[A], bid)
        self._rank_key[bid] = key
        order = self._ranked.get(e[R])
        if order is None:
            self._ranked[e[R]] = [key]
        else:
            insort(order, key)

    def _unrank(self, bid: int, e: list) -> None:
        key = self._rank_key.pop(bid, None)
        if key is None:
            return
        order = self._ranked[e[R]]
        del order[bisect_left(order, key)]

    def _rank_all(self, attribute_importance: dict[str, int | None],
                  default_importance: int) -> None:
        """Rank every resident's beliefs in mind by these importances (`top` asked with
        other ones than the ranking was kept by, or for the first time)."""
        self._ranked_by = (dict(attribute_importance), default_importance)
        self._ranked, self._rank_key = {}, {}
        for resident, mine in self.in_mind.items():
            order = []
            for bid, e in mine.items():
                imp = self._importance(e)
                if imp > 0:
                    key = (-imp, -e[UPD], e[S], e[A], bid)
                    self._rank_key[bid] = key
                    order.append(key)
            order.sort()
            self._ranked[resident] = order

    def told_by(self, resident: str, teller: str,
                read: Callable[[], Iterable[tuple[str, str, str]]]) -> set[tuple[str, str]]:
        """The claims on which the resident holds (or held) hearsay from `teller`. `read`
        gives (teller, subject, attribute) of every hearsay value the resident's rows hold,
        asked the first time the resident is."""
        told = self.told.get(resident)
        if told is None:
            told = self.told[resident] = {}
            for who, subject, attribute in read():
                got = told.get(who)
                if got is None:
                    told[who] = {(subject, attribute)}
                else:
                    got.add((subject, attribute))
        return told.get(teller, set())

    def about_others(self, resident: str, other: str) -> AboutOthers:
        """What `resident` takes `other` to believe, by (subject, attribute), from its free
        beliefs about others (complete when no claim about beliefs is recalled by cue only)."""
        return AboutOthers(self.about.get(resident, {}).get(other, {}))

    def scoring(self, bid: int) -> tuple[int, float, str, str, str] | None:
        """(last evoked, half-life, subject, attribute, value) — what recall ranks by."""
        e = self.rec.get(bid)
        return None if e is None else (e[EVOKED], e[HALF], e[S], e[A], e[V])

    def associates(self, resident: str, names: Iterable[str]) -> list[tuple]:
        """(id, subject, attribute, value, last evoked, half-life) of the resident's free
        memories recorded dormant that name one of `names` as subject or value, by id."""
        mine = self.dormant.get(resident)
        if not mine:
            return []
        found: dict[int, list] = {}
        for name in names:
            got = mine.get(name)
            if got:
                found.update(got)
        return [(bid, e[S], e[A], e[V], e[EVOKED], e[HALF])
                for bid, e in sorted(found.items())]


class AboutOthers(Mapping):
    """{(subject, attribute): Held(value, confidence, state)} read through to the working
    set's records, so a look costs one lookup, not a pass over all one knows of another."""

    __slots__ = ("_by",)

    def __init__(self, by: dict[str, list]):
        self._by = by  # attribute ("believes <subject>.<attribute>") -> record

    def __getitem__(self, key: tuple[str, str]) -> Held:
        try:
            subject, attribute = key
        except (TypeError, ValueError):
            raise KeyError(key) from None
        # The key is the attribute split at its last dot: an attribute with a dot in it
        # cannot be one.
        e = None if "." in attribute else self._by.get(f"{BELIEVES}{subject}.{attribute}")
        if e is None:
            raise KeyError(key)
        return Held(e[V], e[CONF], e[STATE])

    def get(self, key: tuple[str, str], default: Held | None = None) -> Held | None:
        """`Mapping.get` without the KeyError it would raise and catch: whom to tell asks of
        every belief a speaker might bring up, and most are news to the listener."""
        try:
            subject, attribute = key
        except (TypeError, ValueError):
            return default
        if "." in attribute:
            return default
        e = self._by.get(f"{BELIEVES}{subject}.{attribute}")
        return default if e is None else Held(e[V], e[CONF], e[STATE])

    def __iter__(self) -> Iterator[tuple[str, str]]:
        for attribute in self._by:
            s, _, a = attribute[len(BELIEVES):].rpartition(".")
            yield (s, a)

    def __len__(self) -> int:
        return len(self._by)
