"""Perceiving evidence in bulk: load the beliefs a batch touches, revise them, write once.

A tick of the simulation produces thousands of pieces of evidence. Reading and writing each
belief separately would cost a round trip per row, so a batch loads every belief it needs in a
few queries, runs the revision rules in memory in input order (so a batch gives exactly what
perceiving one at a time gives), and writes evidence, beliefs and versions with `executemany`
inside the caller's transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import TYPE_CHECKING

from . import unwritten
from .belief import STATE_NATURE, BeliefState
from .bulk import Many
from .codec import (
    INSERT_BELIEF,
    SELECT_BELIEF,
    UPDATE_BELIEF,
    UPDATE_EXPOSED,
    exposed_params,
    row_from_state,
    state_from_row,
    update_params,
)
from .codec import (
    dumps as _dumps,
)
from .errors import InvalidEvidence
from .evidence import Evidence
from .fresh import INSERT_FRESH, Fresh, half_life_of, insert_rows, materialize
from .history import INSERT_VERSION
from .kinds import FIRSTHAND_RANK, SourceKind, initial_confidence
from .lifecycle import CUE_RECALL, catch_up, lazy_eligible
from .observed import Observed
from .recall_index import belief_words
from .revision import (
    FOUNDS_AS_WRITTEN,
    NOISY_OR,
    RULES,
    Founded,
    Outcome,
    apply,
    entry_confidence,
    founding_note,
    new_belief,
    reweigh,
    who,
)

if TYPE_CHECKING:
    from .store import MemoryStore

# Pieces of evidence (or rows) between a batch's pauses (`Batch.steps`): a window runs a tick a
# slice at a time between frames, so a slice must stay a few milliseconds even in the hour's
# big batch of sightings. Pauses change nothing but where a caller may look in.
STRETCH = 64
LOAD_CHUNK = 200  # belief keys loaded by one query
BELIEVES = "believes "  # attribute prefix of a belief about what another resident believes

_HEARSAY = SourceKind.HEARSAY
_HEARSAY_KIND = _HEARSAY.value
_DECLARED = SourceKind.DECLARED
_FIRST = (SourceKind.FIRSTHAND, SourceKind.WITNESSED)
_new_fresh = tuple.__new__  # a `Fresh` made without its generated __new__'s call overhead

INSERT_EVIDENCE = (
    "INSERT INTO evidence (id, resident, claim_id, value, kind, rank, at, event, document, "
    "version, fact, teller, origin, chain, basis, premises, implanted_by, by_player, "
    "origin_key, confidence, outcome, after_value, after_confidence, after_state, note) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
# Most evidence leaves the columns of other kinds empty; SQLite's binding costs per parameter,
# so those rows bind only what they have (the rest are NULL by default).
INSERT_SEEN = (
    "INSERT INTO evidence (id, resident, claim_id, value, kind, rank, at, event, by_player, "
    "origin_key, confidence, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
# A lazy memory's founding evidence, which stands for the memory until something touches it
# (memory.unwritten): `founds` is the id its row would have.
INSERT_UNWRITTEN = (
    "INSERT INTO evidence (id, resident, claim_id, value, kind, rank, at, event, by_player, "
    "origin_key, confidence, outcome, founds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_TOLD = (
    "INSERT INTO evidence (id, resident, claim_id, value, kind, rank, at, event, teller, "
    "origin, chain, basis, by_player, origin_key, confidence, outcome) VALUES (?, ?, ?, ?, ?, "
    "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def about_attribute(subject: str, attribute: str) -> str:
    """The attribute of the claim "<teller> believes <subject>.<attribute>"."""
    return f"{BELIEVES}{subject}.{attribute}"


class SaidByTeller:
    """Declared evidence that the teller believes what they told (§10), built by the store for
    every piece of hearsay. It is valid by construction, so it skips pydantic: a plain slotted
    record with the attributes the revision rules read from an `Evidence` (those it never
    varies are the class's own), made with one call and nine stores — a frozen dataclass's
    twenty `object.__setattr__` calls cost more than a piece of evidence's revision. (Made
    once and only read after.)"""

    __slots__ = ("resident", "subject", "attribute", "value", "at", "teller", "by_player",
                 "event", "importance", "origin")
    kind = SourceKind.DECLARED
    document = version = fact = chain = basis = implanted_by = confidence = None
    premises: tuple = ()
    rank = FIRSTHAND_RANK

    def __init__(self, resident: str, subject: str, attribute: str, value: str, at: int,
                 teller: str, by_player: bool, event: str | None, importance: int | None,
                 origin: str | None = None) -> None:
        self.resident, self.subject, self.attribute, self.value = (resident, subject,
                                                                    attribute, value)
        self.at, self.teller, self.by_player, self.event = at, teller, by_player, event
        self.importance, self.origin = importance, origin

    @property
    def origin_key(self) -> str:
        return "person:" + self.teller

    @property
    def fact_key(self) -> str:
        return f"{self.subject}.{self.attribute}"


def about_teller(e: Evidence) -> SaidByTeller | None:
    """What a listener learns about the teller: that the teller says they believe it (§10).

    The teller speaks about their own mind, so this is a declaration; if the teller lied, the
    listener's belief about them is false, like any lie about oneself.
    """
    if e.kind is not _HEARSAY or e.attribute.startswith(BELIEVES):
        return None
    return SaidByTeller(e.resident, e.teller, about_attribute(e.subject, e.attribute), e.value,
                        e.at, e.teller, e.by_player, e.event, e.importance, origin=e.teller)


class Batch:
    """One call of `perceive_many`: everything it reads, changes and writes."""

    def __init__(self, store: MemoryStore):
        self.store = store
        self.db = store.db
        self.beliefs: dict[tuple[str, int], BeliefState] = {}
        self.new: dict[int, BeliefState] = {}
        self.dirty: dict[int, BeliefState] = {}
        # Dirty beliefs more than re-exposed (§5.2) in this batch: their whole rows are
        # written. The rest — a rumour heard again from an origin already counted, most of
        # what a town's later days hear — changed only what an exposure changes (`apply`:
        # exposures, the half-life they lengthen, last evocation, importance, the evidence
        # counters), and only those columns are: no candidates to encode, no index but the
        # ones on when a memory slips out of mind to keep.
        self.whole: set[int] = set()
        self.light_rules = store.policy in (RULES, NOISY_OR)  # (a baseline may do more)
        self.evidence_rows: list[tuple] = []  # all columns
        self.seen_rows: list[tuple] = []  # INSERT_SEEN's
        self.told_rows: list[tuple] = []  # INSERT_TOLD's
        self.versions: list[tuple] = []
        self.facts: list[tuple] = []
        self.premise_rows: list[tuple] = []
        self.judged: list[int] = []
        self.pending_hearsay: dict[tuple[str, int], list[tuple[int, str, str]]] = {}
        self.touched_facts: set[int] = set()
        self.reworded: set[int] = set()
        self.changed_premises: set[int] = set()
        self._held_by: dict[str, set[tuple[str, int]]] = {}  # loaded beliefs, by resident
        # Beliefs founded in this batch by one piece of evidence that nothing else in the
        # batch touches: written straight from it (memory.fresh) unless something needs them.
        self.fresh: dict[tuple[str, int], Fresh] = {}
        # Of those, the lazy ones whose row is not written: their evidence rows (with the
        # belief id they found) stand for them (memory.unwritten).
        self.unwritten: dict[tuple[str, int], tuple] = {}
        self.once: set[tuple[str, int]] = set()  # keys only one piece of evidence touches
        self.fast = store.policy in FOUNDS_AS_WRITTEN
        # A new value enters at the confidence it was told with (every policy but noisy-OR).
        self.enters_as_told = store.policy != NOISY_OR
        self.seen_fast = self.fast and self.enters_as_told  # sightings' short path
        self._waits: dict[int, bool] = {}  # minute -> may a memory made then be lazy
        self._initial: dict = {}  # source kind -> initial confidence, for kinds without trust
        self.outcomes: list[Outcome] = []
        self.carried: list[int] = []  # held re-evocations the rows written carry

    def run(self, evs: Sequence[Evidence]) -> list[Outcome]:
        for _ in self.steps(evs):
            pass
        return self.outcomes

    def steps(self, evs: Sequence[Evidence]) -> Iterator[None]:
        """`run`, yielding every STRETCH pieces of evidence and between its writes, so a
        caller can spread one batch over several turns (a window between frames); the batch
        is the same batch either way. What each piece did is in `outcomes` at the end."""
        store = self.store
        # What another connection wrote since, first: the claims, attributes and trust read
        # below are its too (a claim it made, made again here, was a raw UNIQUE error).
        store._follow()
        # Each piece with what a teller's word also says (§10), and each claim a piece names
        # looked up once: the hour's sightings alone are thousands a batch.
        known = store._claims
        items: list[tuple[Evidence, Evidence | None]] = []
        missing: set[tuple[str, str]] = set()
        for e in evs:
            k = (e.subject, e.attribute)
            if k not in known:
                missing.add(k)
            a = about_teller(e) if e.kind is _HEARSAY else None
            if a is not None:
                k = (a.subject, a.attribute)
                if k not in known:
                    missing.add(k)
            for p in e.premises:
                s, _, attr = p.rpartition(".")
                if (s, attr) not in known:
                    missing.add((s, attr))
            items.append((e, a))
        yield
        claims = store._claims_for(missing)
        yield
        # No belief can be about a claim made just now: those keys are not looked for (the
        # hour's sightings are each a new claim, a person and an hour, by the thousand).
        new_claims = {claims[k][0] for k in missing}
        touched: dict[tuple[str, int], int] = {}
        get = touched.get
        work: list[tuple] = []  # (evidence, its claim, its key) in order, tellers' words too
        for e, a in items:
            c = claims[(e.subject, e.attribute)]
            k = (e.resident, c[0])
            touched[k] = get(k, 0) + 1
            work.append((e, c, k))
            if a is not None:
                c = claims[(a.subject, a.attribute)]
                ka = (a.resident, c[0])
                touched[ka] = get(ka, 0) + 1
                work.append((a, c, ka))
            for p in e.premises:
                s, _, attr = p.rpartition(".")
                touched[(e.resident, claims[(s, attr)][0])] = 2  # read by an inference
        self.once = {k for k, n in touched.items() if n == 1}
        yield
        yield from self._loading({k for k in touched if k[1] not in new_claims},
                                 with_facts=any(e.version is not None for e in evs))

        next_eid = (self.db.execute("SELECT max(id) FROM evidence").fetchone()[0] or 0) + 1
        self.next_bid = unwritten.next_id(self.db.conn)
        outcomes = self.outcomes
        append = outcomes.append
        one = self._one
        n = 0
        for e, c, k in work:
            if e.__class__ is SaidByTeller:  # what a teller says they believe: no outcome
                one(e, next_eid, c, k, claims)
            else:
                if n and n % STRETCH == 0:
                    yield
                append(one(e, next_eid, c, k, claims))
                n += 1
            next_eid += 1
        yield from self._write()

    def _get(self, key: tuple[str, int]) -> BeliefState | None:
        """The belief for `key` as this batch has it (a fresh one becomes a BeliefState)."""
        b = self.beliefs.get(key)
        if b is None:
            f = self.fresh.pop(key, None)
            if f is not None:
                row = self.unwritten.pop(key, None)
                if row is not None:  # its row is written after all: an evidence row only
                    self.seen_rows.append(row[:-1])
                b = materialize(f, self.store.policy, self.store.params)
                self.beliefs[key] = b
                self.new[b.id] = b
        return b

    # -- one piece of evidence ---------------------------------------------------------------

    def _one(self, e: Evidence, eid: int, c: tuple[int, str, str], key: tuple[str, int],
             claims: dict) -> Outcome:
        """Revise with one piece of evidence (`c`: its claim's id, nature and topic; `key`:
        (resident, claim id))."""
        store = self.store
        cid, nature, topic = c
        # (Never one of `fresh`: a belief is founded fresh only by the one piece of evidence
        # that touches it in the batch, which is this one.)
        b = self.beliefs.get(key)
        if b is None and e.__class__ is Observed and self.seen_fast and key in self.once:
            return self._found_seen(e, eid, cid, nature, key)  # type: ignore[arg-type]
        kind = e.kind
        weakest = None
        premise_ids: list[int] = []
        if kind is SourceKind.INFERRED:
            confs = []
            for p in e.premises:
                s, _, attr = p.rpartition(".")
                pb = self.beliefs.get((e.resident, claims[(s, attr)][0]))
                if pb is None:
                    raise InvalidEvidence("premises", f"{e.resident} holds no belief about {p}, "
                                          "so cannot infer from it")
                confs.append(pb.confidence)
                premise_ids.append(pb.id)
            weakest = min(confs)
        params = store.params
        if e.confidence is not None:
            initial = e.confidence
        elif kind is _HEARSAY:
            initial = initial_confidence(kind, store.trust_book.get(e.resident, e.teller, topic),
                                         params=params)
        elif weakest is None:
            initial = self._initial.get(kind)  # one per kind: the same every time
            if initial is None:
                initial = self._initial[kind] = initial_confidence(kind, params=params)
        else:
            initial = initial_confidence(kind, weakest_premise=weakest, params=params)

        if b is None and key in self.once and self.fast and not premise_ids and \
                e.version is None:
            # Founded by this evidence, touched by nothing else in the batch (memory.fresh).
            imp = e.importance
            if imp is None:
                imp = store.attribute_importance(e.attribute)
            conf = initial if self.enters_as_told else entry_confidence(initial, store.policy,
                                                                        params)
            self.fresh[key] = _new_fresh(Fresh, (e, initial, eid, nature, cid, self.next_bid,
                                                 imp, conf))
            self.next_bid += 1
            held = self._held_by.get(e.resident)
            if held is None:
                self._held_by[e.resident] = {key}
            else:
                held.add(key)
            # Its history is this evidence row (memory.history): nothing else to write.
            if conf == initial and e.teller is None and e.origin is None and \
                    e.chain is None and e.basis is None and e.document is None and \
                    not e.premises and e.implanted_by is None:
                # `_evidence_row`'s commonest row (who stood where), made here.
                row = (eid, e.resident, cid, e.value, kind._value_, e.rank, e.at, e.event,
                       int(e.by_player), e.origin_key, initial, "new")
                if imp == 0 and lazy_eligible(store._clock, store._claim_recall.get(cid), imp,
                                              kind._value_, e.by_player, e.at):
                    # Lazy, and nothing but this row to say what it is: the row stands for
                    # it (memory.unwritten).
                    self.unwritten[key] = row + (self.next_bid - 1,)
                else:
                    self.seen_rows.append(row)
            else:
                self._evidence_row(e, eid, cid, initial, "new",
                                   None if conf == initial else (None, conf, None, None))
                if kind is _HEARSAY:
                    self.pending_hearsay.setdefault(key, []).append((eid, e.teller, e.value))
            return Founded(e)  # type: ignore[return-value]
        if b is None:
            b = new_belief(e, initial, eid, nature, store.policy, params)
            if b.importance is None:
                b.importance = store.attribute_importance(e.attribute)
            b.id = self.next_bid
            self.next_bid += 1
            b.claim_id = cid
            self.beliefs[key] = b
            self._held_by.setdefault(e.resident, set()).add(key)
            self.new[b.id] = b
            out = Outcome("new", True, founding_note(e.value, who(e)))
        else:
            before = (b.value, b.state)
            out = apply(b, e, initial, eid, store.policy, params)
            if b.id not in self.new:
                self.dirty[b.id] = b
                if not (out.exposure and self.light_rules) or e.by_player or premise_ids:
                    self.whole.add(b.id)  # more than an exposure: its whole row is written
            if b.value != before[0]:
                self.reworded.add(b.id)  # the recall index holds the held value's words
                self.changed_premises.add(b.id)
            elif b.state == "past" and before[1] != "past":
                self.changed_premises.add(b.id)

        b.evidence_count += 1
        after = None
        if out.changed:  # the version is kept on the evidence row (memory.history)
            if out.action == "new":
                if b.confidence != initial:
                    after = (None, b.confidence, None, None)
            else:
                after = (b.value if b.value != e.value else None,
                         b.confidence if b.confidence != initial else None,
                         b.state if b.state != "influencing" else None, out.note)
        self._evidence_row(e, eid, cid, initial, out.action, after)
        if e.value == b.value:
            if e.version is not None:
                self.facts.append((b.id, e.fact_key, e.version))
                self.touched_facts.add(b.id)
            if premise_ids:
                b.premises = list(e.premises)
                b.recheck = False
                self.premise_rows.extend((b.id, p) for p in premise_ids)

        if kind is _HEARSAY:
            b.unjudged += 1
            self.pending_hearsay.setdefault(key, []).append((eid, e.teller, e.value))
        elif kind in _FIRST and b.unjudged:
            self._judge(e, eid, key, topic, b)
        return out

    def _found_seen(self, e: Observed, eid: int, cid: int, nature: str,
                    key: tuple[str, int]) -> Founded:
        """`_one` for a sighting (an `Observed`) that founds its belief, touched by nothing
        else in the batch: the commonest evidence of all — who stood where, a hundred
        thousand a day in a town of a thousand — on a short path. The same `Fresh` note, ids
        and row as `_one`'s fresh path makes: an `Observed` is first-hand or witnessed, of a
        world event, never the player's, with no confidence, version, teller or document."""
        kind = e.kind
        initial = self._initial.get(kind)  # one per kind: the same every time
        if initial is None:
            initial = self._initial[kind] = initial_confidence(kind, params=self.store.params)
        imp = e.importance
        if imp is None:
            imp = self.store.attribute_importance(e.attribute)
        bid = self.next_bid
        self.next_bid = bid + 1
        self.fresh[key] = _new_fresh(Fresh, (e, initial, eid, nature, cid, bid, imp, initial))
        resident = e.resident
        held = self._held_by.get(resident)
        if held is None:
            self._held_by[resident] = {key}
        else:
            held.add(key)
        # Its history is this evidence row (memory.history): nothing else to write.
        at = e.at
        row = (eid, resident, cid, e.value, kind._value_, e.rank, at, e.event, 0, e.origin_key,
               initial, "new")
        if imp == 0 and self.store._claim_recall.get(cid) == CUE_RECALL and self._can_wait(at):
            # Lazy (memory.lifecycle), and nothing but this row to say what it is: the row
            # stands for it (memory.unwritten).
            self.unwritten[key] = (*row, bid)
        else:
            self.seen_rows.append(row)
        return Founded(e)

    def _can_wait(self, at: int) -> bool:
        """`lifecycle.Clock.can_wait`, asked once per minute a batch's sightings are of (the
        passes do not run inside a batch)."""
        got = self._waits.get(at)
        if got is None:
            got = self._waits[at] = self.store._clock.can_wait(at)
        return got

    def _evidence_row(self, e: Evidence, eid: int, cid: int, initial: int, action: str,
                      after: tuple | None = None) -> None:
        """The evidence row, with what it left the belief at when that is not the evidence's
        own value, initial confidence and 'influencing' (memory.history)."""
        if after is None and e.document is None and e.version is None and not e.premises \
                and e.implanted_by is None:
            if e.teller is None and e.origin is None and e.chain is None and e.basis is None:
                # `_value_`: the member's text without Enum's slow `.value` property.
                self.seen_rows.append((eid, e.resident, cid, e.value, e.kind._value_, e.rank,
                                       e.at, e.event, int(e.by_player), e.origin_key,
                                       initial, action))
            else:
                self.told_rows.append((
                    eid, e.resident, cid, e.value, e.kind._value_, e.rank, e.at, e.event,
                    e.teller, e.origin, _dumps(list(e.chain)) if e.chain else None,
                    e.basis.value if e.basis else None, int(e.by_player), e.origin_key,
                    initial, action))
            return
        self.evidence_rows.append((
            eid, e.resident, cid, e.value, e.kind.value, e.rank, e.at, e.event, e.document,
            e.version, e.fact_key if e.version is not None else None, e.teller, e.origin,
            _dumps(list(e.chain)) if e.chain else None,
            e.basis.value if e.basis else None,
            _dumps(list(e.premises)) if e.premises else None, e.implanted_by,
            int(e.by_player), e.origin_key, initial, action, *(after or (None,) * 4),
        ))

    def _judge(self, e: Evidence, eid: int, key: tuple[str, int], topic: str,
               b: BeliefState) -> None:
        """Seen first-hand: every teller who told this resident about the claim gains or loses
        trust on its topic, once per thing they said (§10)."""
        pend = self.pending_hearsay.pop(key, [])
        rows = []
        if b.unjudged > len(pend):
            rows = self.db.execute(
                "SELECT id, teller, value FROM evidence WHERE resident = ? AND claim_id = ? "
                "AND kind = 'hearsay' AND judged = 0 ORDER BY id", key).fetchall()
        book = self.store.trust_book
        seen: set[tuple[str, str]] = set()
        for hid, teller, value in list(rows) + pend:
            self.judged.append(hid)
            if (teller, value) in seen:
                continue  # a teller who said the same thing eight times is judged once
            seen.add((teller, value))
            confirmed = value == e.value
            if not confirmed and b.nature == STATE_NATURE:
                continue  # a state may have changed since they spoke: no proof they were wrong
            before = book.get(e.resident, teller, topic)
            after = book.judge(e.resident, teller, topic, confirmed, at=e.at, evidence_id=eid)
            if after < before:
                self._discredit(e.resident, teller, topic, before, after, e.at, eid, key)
        b.unjudged = 0

    def _discredit(self, listener: str, teller: str, topic: str, before: float, after: float,
                   at: int, eid: int, judged: tuple[str, int]) -> None:
        """Seed 000 §30: a source shown to be wrong counts for less. Everything else the
        listener holds from that teller on that topic is weighed again at the new trust, and
        the history says why (`revision.reweigh`). The claim that showed them wrong has been
        revised already by the evidence itself."""
        store = self.store
        p = store.params
        delta = initial_confidence("hearsay", after, params=p) - \
            initial_confidence("hearsay", before, params=p)
        if delta == 0:
            return
        # Only the listener's beliefs on the topic that held hearsay from the teller can move
        # (revision.reweigh); the working set lists the claims those are (memory.working),
        # rather than a pass over all the listener believes. Those already loaded are read
        # as this batch has them, below.
        topic_of = store._claim_topic
        claims = store._claims
        told = store._working.told_by(listener, teller, lambda: self.db.execute(
            "SELECT json_extract(j.value, '$[8]'), c.subject, c.attribute FROM belief_rows b JOIN "
            "claims c ON c.id = b.claim_id, json_each(b.candidates) j WHERE b.resident = ? AND "
            "json_extract(j.value, '$[3]') = 'hearsay' AND json_extract(j.value, '$[8]') IS "
            "NOT NULL", (listener,)))
        wanted = set()
        for sa in told:
            cid, _, t = claims[sa]
            if t == topic and (listener, cid) not in self.beliefs:
                wanted.add((listener, cid))
        self._load(wanted, with_facts=False)
        was = initial_confidence("hearsay", before, params=p)
        note = (f"trust in {teller} on {topic} fell from {before:.2f} to {after:.2f} (refuted "
                f"first-hand): what {teller} says now counts {was + delta}, not {was}")
        for key in sorted(self._held_by.get(listener, ())):
            if topic_of.get(key[1]) != topic or key == judged:
                continue
            b = self._get(key)
            assert b is not None
            if reweigh(b, teller, delta, p) is None:
                continue
            if b.id not in self.new:
                self.dirty[b.id] = b
                self.whole.add(b.id)
            self.versions.append((b.id, at, "reweigh", b.value, b.confidence, b.state, eid,
                                  note, eid))

    # -- reading and writing -----------------------------------------------------------------

    def _load(self, wanted: set[tuple[str, int]], with_facts: bool) -> None:
        for _ in self._loading(wanted, with_facts):
            pass

    def _loading(self, wanted: set[tuple[str, int]], with_facts: bool) -> Iterator[None]:
        """Load the beliefs `wanted` names that exist, a chunk of keys at a time: the working
        ones kept (memory.cache) as they are, the rest from their rows (and kept from now)."""
        cache = self.store._cache
        self.store._follow()  # another connection's commit: read again (memory.cache)
        keys, waiting = [], []
        for k in sorted(wanted):
            b = cache.get(k)
            if b is None:
                keys.append(k)
                continue
            self.beliefs[k] = b
            self._held_by.setdefault(k[0], set()).add(k)
            if b.lazy:
                waiting.append(b)
        if waiting:  # touched now: first what the passes would have recorded on them
            catch_up(self.store, waiting)
        for i in range(0, len(keys), LOAD_CHUNK):
            if i:
                yield
            chunk = keys[i:i + LOAD_CHUNK]
            # Touched now: a memory only its evidence stood for gets its row, to be read and
            # caught up below like any lazy one (memory.unwritten). Only a claim recalled by
            # cue can have one (a lazy memory's is).
            modes = self.store._claim_recall
            maybe = [k for k in chunk if modes.get(k[1]) == CUE_RECALL]
            if maybe:
                unwritten.write_keys(self.db.conn, maybe)
            values = ", ".join("(?, ?)" for _ in chunk)
            params = [x for k in chunk for x in k]
            # Driving the join from the wanted keys makes SQLite use the (resident, claim_id)
            # index; a row-value IN (...) would scan the whole beliefs table per chunk.
            sql = (f"WITH k(r, c) AS (VALUES {values}) "
                   + SELECT_BELIEF.replace("FROM beliefs b", "FROM k CROSS JOIN belief_rows b "
                                           "ON b.resident = k.r AND b.claim_id = k.c"))
            lazy = []
            patch = self.store._held.patch  # re-evocations held to the tick's end
            for row in self.db.execute(sql, params):
                b = patch(state_from_row(row))
                self.beliefs[(b.resident, b.claim_id)] = b
                self._held_by.setdefault(b.resident, set()).add((b.resident, b.claim_id))
                cache.put(b)
                if b.lazy:
                    lazy.append(b)
            if lazy:  # touched now: first what the passes would have recorded on them
                catch_up(self.store, lazy)
        if with_facts:
            self._load_facts()

    def _load_facts(self) -> None:
        """The fact versions loaded beliefs rest on, so versioned evidence can tell whether the
        world moved past them (§9). Only batches that carry versions need them."""
        by_id = {b.id: b for b in self.beliefs.values()}
        ids = list(by_id)
        for i in range(0, len(ids), 500):
            chunk = ids[i:i + 500]
            marks = ", ".join("?" for _ in chunk)
            for bid, fact, version in self.db.execute(
                    f"SELECT belief_id, fact, version FROM belief_facts WHERE belief_id IN "
                    f"({marks})", chunk):
                by_id[bid].facts[fact] = version

    def _write(self) -> Iterator[None]:
        """Write what the batch made, in big statements; yields between them (and between
        stretches of one), which changes nothing: the rows and their order are the same."""
        store = self.store
        params = store.params
        index = store._index
        conn = self.db.conn
        execute = conn.executemany

        def ex(sql: str, rows: Iterable[tuple]) -> Iterator[None]:
            # Rows are built a stretch at a time, so building them is spread over the pauses;
            # an INSERT writes many rows a statement (memory.bulk).
            it = iter(rows)
            many = _MANY.get(sql)
            if many is None and sql.startswith("INSERT"):
                many = _MANY[sql] = Many(sql)
            while chunk := list(islice(it, STRETCH)):
                if many is None:
                    execute(sql, chunk)
                else:
                    many(conn, chunk)
                yield

        for sql, rows in ((INSERT_SEEN, self.seen_rows), (INSERT_TOLD, self.told_rows),
                          (INSERT_EVIDENCE, self.evidence_rows),
                          (INSERT_UNWRITTEN, list(self.unwritten.values()))):
            if rows:
                yield from ex(sql, rows)
        if len(self.fresh) > len(self.unwritten):
            clock, modes = store._clock, store._claim_recall
            unwritten_keys = self.unwritten
            yield from ex(INSERT_FRESH, insert_rows(
                (f for k, f in self.fresh.items() if k not in unwritten_keys), params,
                lambda cid, imp, kind, by_player, at: int(lazy_eligible(
                    clock, modes.get(cid), imp, kind, by_player, at))))
        if self.new:
            yield from ex(INSERT_BELIEF, (row_from_state(b, params, 0)
                                          for b in self.new.values()))
            for b in self.new.values():
                store._cache.put(b)
        reworded = self.reworded
        if self.dirty:
            whole = self.whole
            full = [b for b in self.dirty.values() if b.id in whole or b.id in reworded]
            light = [b for b in self.dirty.values() if b.id not in whole and
                     b.id not in reworded]
            if full:
                yield from ex(UPDATE_BELIEF, (
                    update_params(b, params, 0 if b.id in reworded or
                                  index.is_pending(b.resident, b.id) else 1) for b in full))
            if light:
                yield from ex(UPDATE_EXPOSED, (
                    exposed_params(b, params, 0 if index.is_pending(b.resident, b.id) else 1)
                    for b in light))
            held = store._held
            if held.evoked:
                # A re-evocation held to the tick's end that the row just written carries
                # already (the batch read it with held ones applied) is not written again —
                # once the batch's writes stand (`MemoryStore.perceiving` forgets them).
                self.carried = [b.id for b in self.dirty.values() if held.carried(b)]
        ex = execute  # the rest are small
        if self.versions:
            ex(INSERT_VERSION, self.versions)
        if self.facts:
            ex("INSERT INTO belief_facts (belief_id, fact, version) VALUES (?, ?, ?) "
               "ON CONFLICT (belief_id, fact) DO UPDATE SET version = "
               "max(version, excluded.version)", self.facts)
            # Meeting the current version of a fact is a re-verification: recompute staleness
            # for just the beliefs that met one (§9).
            ids = sorted(self.touched_facts)
            for i in range(0, len(ids), 500):
                chunk = ids[i:i + 500]
                marks = ", ".join("?" for _ in chunk)
                store._cache.patch("stale", ((bid, bool(st)) for bid, st in self.db.execute(
                    f"UPDATE belief_rows SET stale = EXISTS (SELECT 1 FROM belief_facts bf JOIN "
                    f"fact_versions fv ON fv.fact = bf.fact WHERE bf.belief_id = belief_rows.id "
                    f"AND bf.version < fv.version) WHERE id IN ({marks}) RETURNING id, stale",
                    chunk).fetchall()))
        if self.premise_rows:
            ex("INSERT OR IGNORE INTO belief_premises (belief_id, premise_id) VALUES (?, ?)",
               self.premise_rows)
        # A conclusion whose premise was corrected or went past must be rechecked (§9).
        if self.changed_premises:
            mark_rechecks(self.db, sorted(self.changed_premises), store._cache)
        if self.judged:
            ex("UPDATE evidence SET judged = 1 WHERE id = ?", [(i,) for i in self.judged])
        # Recall's index (§7): a new belief waits to be indexed, and so does one whose held
        # value changed; recall catches up on just that resident's pending words when it next
        # runs (recall.index_pending), with its words as they are then.
        yield
        working = store._working
        modes = store._claim_recall
        for n, b in enumerate(self.new.values(), 1):
            if n % STRETCH == 0:
                yield
            working.wrote(b, modes.get(b.claim_id) != CUE_RECALL, b.half_life(params))
        for n, b in enumerate(self.dirty.values(), 1):
            if n % STRETCH == 0:
                yield
            working.wrote(b, modes.get(b.claim_id) != CUE_RECALL, b.half_life(params))
        can_tell = working.can_tell
        halves: dict = {}  # importance -> H (memory.fresh)
        # Lazy memories only their evidence stands for (memory.unwritten): of a claim
        # recalled by cue, of no importance, first-hand — nothing for the working set or for
        # recall to index; each waits as a cue's (`RecallIndex.mark_cue`, inline: they are
        # most of a tick's evidence, and none can be pending otherwise, being new).
        cue_pending = index.cue_pending
        for (resident, cid), row in self.unwritten.items():
            got = cue_pending.get(resident)
            if got is None:
                cue_pending[resident] = {row[-1]: cid}
            else:
                got[row[-1]] = cid
        unwritten_keys = self.unwritten
        n = 0
        for k, f in self.fresh.items():
            if k in unwritten_keys:
                continue
            n += 1
            if n % STRETCH == 0:
                yield
            e, _, _, _, cid, bid, imp, conf = f
            kind = e.kind._value_
            if modes.get(cid) == CUE_RECALL:
                # Recalled only by a cue naming it: nothing for recall to index, and in the
                # working set only if it could be brought up (who stood where cannot).
                if kind == _HEARSAY_KIND or can_tell(imp, e.attribute):
                    h = halves.get(imp)
                    if h is None:
                        h = halves[imp] = half_life_of(imp, params)[0]
                    working.wrote_new(bid, e.resident, e.subject, e.attribute, e.value, conf,
                                      imp, e.at, e.teller, e.origin, kind, h, False)
                index.mark_cue(e.resident, bid, cid)
                continue
            h = halves.get(imp)
            if h is None:
                h = halves[imp] = half_life_of(imp, params)[0]
            working.wrote_new(bid, e.resident, e.subject, e.attribute, e.value, conf, imp,
                              e.at, e.teller, e.origin, kind, h, True)
            index.mark(e.resident, bid, (cid, belief_words(e.subject, e.attribute, e.value,
                                                           e.teller, e.origin)))
        for b in self.new.values():
            index.mark(b.resident, b.id, (b.claim_id, None if modes.get(b.claim_id) == CUE_RECALL
                                          else _words(b)))
        for b in self.dirty.values():
            if b.id in reworded:
                index.mark(b.resident, b.id, (b.claim_id, _words(b)))
            elif index.is_pending(b.resident, b.id):
                index.refresh(b.resident, b.id, (b.claim_id, _words(b)))


_MANY: dict[str, Many] = {}  # a batch's INSERTs, each made to write many rows a statement


def _words(b: BeliefState) -> list[str]:
    held = b.held()
    return belief_words(b.subject, b.attribute, b.value, held.teller, held.origin)


def mark_rechecks(db, premise_ids: list[int], cache) -> int:
    """Mark for recheck every inferred belief resting on one of `premise_ids` (§9)."""
    n = 0
    for i in range(0, len(premise_ids), 500):
        chunk = premise_ids[i:i + 500]
        marks = ", ".join("?" for _ in chunk)
        ids = [r[0] for r in db.conn.execute(
            f"UPDATE belief_rows SET recheck = 1 WHERE recheck = 0 AND id IN (SELECT belief_id "
            f"FROM belief_premises WHERE premise_id IN ({marks})) RETURNING id", chunk)]
        cache.flag("recheck", ids)
        n += len(ids)
    return n
