"""The belief inspector's rows: one resident's beliefs in words, filtered and sorted.

Reads `store.beliefs(resident)` only when that resident's memory changed (a cheap signature
query, `memory.belief_signature`, decides), so an inspector open on a resident with a thousand
beliefs costs nothing per frame. Filtering and sorting work on the cached rows. How easily
each belief comes to mind (epistemics §7) is worked out from the cached belief when looked at,
since it changes with the clock alone. No pygame here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from operator import attrgetter

from game import PLAYER, clock, seen_since
from memory import Belief, BeliefSignature, State, belief_signature, changed_since

from .claimview import SOUNDED
from .labels import (
    BELIEVES,
    RECALL,
    claim_label,
    half_lives,
    provenance,
    recall_word,
    source_words,
    state_label,
    told_of,
    value_label,
)

STATES = ("influencing", "past", "doubtful", "anomalous", "corrected")
# A source as the rows name it: first-hand, and the two kinds that rank with it but are not
# one's own sighting — another's word of themselves, a thing shown (ui.labels.source_words).
SOURCES = ("first-hand", "witnessed", "declared", "document", "testimony", "rumour",
           "inferred", "implanted")
SORTS = ("claim", "value", "confidence", "state", "recall", "source", "updated")
_SOURCE_ORDER = {s: i for i, s in enumerate(SOURCES)}
_STATE_ORDER = {s: i for i, s in enumerate(STATES)}
_DESCENDING_FIRST = ("confidence", "recall", "updated")  # biggest first on the first click
# A change of mind seen in front of the player (`visible.Change.kind`), as the notebook's row
# says how it was known (in the few words its line has room for).
SEEN_WORDS = {"new": "seen taking it in", "changed": "seen coming round to it",
              "reinforce": "seen holding to it", "same": "seen holding to it",
              "doubt": "seen left unsure", "less": "seen left unsure",
              "torn": "seen left torn"}
UNSURE = ("doubt", "less", "torn")
PATCH_LIMIT = 100  # re-read more changed beliefs than this in one query, not one by one
REFRESH_S = 0.5  # while the interactive window's clock runs, the rows are read again this often


@dataclass
class Row:
    subject: str
    attribute: str
    claim: str  # words
    value: str  # words
    raw_value: str
    confidence: int
    state: str
    source: str  # as the rows name it (`SOURCES`): a rank, or declared / witnessed
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
    belief: Belief  # the belief read (no history)
    half_life: float  # effective half-life H, sim minutes (§7)
    last_evoked_at: int  # when it was last brought to mind

    @property
    def key(self) -> tuple[str, str]:
        return (self.subject, self.attribute)

    def accessibility(self, now: int) -> float:
        """How easily it comes to mind at `now`, 0..1 (§7)."""
        return self.belief.accessibility(now)

    def half_lives(self, now: int) -> float:
        """Half-lives since it was last brought to mind (accessibility is 2 to the minus
        this): plain arithmetic, cheap enough to count a thousand rows every tick."""
        return half_lives(now, self.last_evoked_at, self.half_life)

    def recall(self, now: int) -> str:
        """vivid, fading, dormant or forgotten at `now` (see `labels.recall_word`)."""
        return recall_word(half_lives(now, self.last_evoked_at, self.half_life))

    @property
    def state_words(self) -> str:
        """The state as the player reads it (`labels.PLAY_STATES`)."""
        return state_label(self.state)

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
        self.recall: str | None = None  # vivid / fading / dormant / forgotten
        self.search = ""
        self.subject: str | None = None
        self.others = True  # show beliefs about what others believe
        self.sort = "claim"
        self.descending = False
        self._sig: tuple | None = None  # (BeliefSignature, sim id, edits) at the last look
        self._seen = None  # (session stamp, sim) when the signature was last checked
        self._looked_at = 0  # the sim minute the signature was last checked at
        self._rows: list[Row] = []
        self._tally = Tally([])  # the rows' signature, kept as they change
        self._index: dict[tuple[str, str], int] = {}  # row key -> its place in _rows
        self._counts: dict = {}
        self._view_key = None
        self._view: list[Row] = []
        self._read_at: float | None = None  # the session clock's reading at the last look
        self._now = session.now  # the sim minute the rows show
        self._seen_since: dict = {}  # the player's notebook: changes of mind seen since

    @property
    def now(self) -> int:
        """The minute the rows show: now, except between the looks of a running window."""
        self.rows()
        return self._now

    def rows(self) -> list[Row]:
        """Every belief the resident holds, as rows. Re-read only when memory changed, and
        then only the beliefs updated since the last look (all of them if that does not
        account for the change). While the interactive window's clock runs, at most every
        REFRESH_S of real time: a table of a thousand rows read sixteen times a second is
        not read by anyone, and each look costs a frame several milliseconds."""
        session = self.session
        sim = session.sim
        seen = (session.stamp, id(sim))
        if seen == self._seen:
            return self._rows  # nothing has happened since the last look
        # (A stand-in session without a clock — a report's, a test's — reads on every change.)
        clock = getattr(session, "clock", None) if getattr(session, "elastic", False) else None
        if clock is not None and session.speed and self._read_at is not None and \
                self._seen[1] == seen[1] and clock() - self._read_at < REFRESH_S:
            return self._rows
        self._seen = seen
        self._now = sim.now
        self._read_at = clock() if clock is not None else None
        # An author's edit (or its undo) can put a belief back as it was, its minute and all,
        # and leave every sum of the signature as it stood: the session counts its edits, and
        # after one the rows are read again in full.
        # The notebook also shows the changes of mind the player saw after what each one
        # said (`game.seen_since`): a new one re-reads the rows.
        mine = self.resident == PLAYER and getattr(sim, "has_player", False)
        sig = (belief_signature(sim.store, self.resident), id(sim),
               getattr(session, "edits", 0),
               sim.world.count_events(kind="react") if mine else 0)
        looked_at, self._looked_at = self._looked_at, sim.now
        if sig == self._sig:
            return self._rows
        same_town = self._sig is not None and self._sig[1:] == sig[1:]
        self._seen_since = seen_since(sim) if mine and sig[3] else {}
        if same_town:
            self._patch(looked_at)  # what changed at or after the minute of the last look
        if not same_town or (self._tally.signature(), *sig[1:]) != sig:
            self._rows = [self._row(b) for b in
                          sim.store.beliefs(self.resident, about_others=True)]
            self._tally = Tally(self._rows)
            self._index = {r.key: i for i, r in enumerate(self._rows)}
        self._sig = sig
        self._view_key = None
        self._counts = {}
        return self._rows

    def _patch(self, since: int) -> None:
        sim = self.session.sim
        changed = changed_since(sim.store, self.resident, since)
        if len(changed) > PATCH_LIMIT:
            return  # the rows will not match the signature: `rows` reads them all
        index, tally = self._index, self._tally
        for s, a in changed:
            b = sim.store.belief(self.resident, s, a, history=False)
            if b is None:
                continue
            row = self._row(b)
            if (s, a) in index:
                i = index[(s, a)]
                tally.replace(self._rows[i], row)
                self._rows[i] = row
            else:
                index[(s, a)] = len(self._rows)
                self._rows.append(row)
                tally.add(row)

    def _row(self, b) -> Row:
        sim = self.session.sim
        others = b.attribute.startswith(BELIEVES)
        truth = None if others else sim.world.fact(b.subject, b.attribute)
        seen = self._seen_since.get((b.subject, b.attribute[len(BELIEVES):])) \
            if others and self._seen_since else None
        if seen is not None:  # they changed their mind in front of you since they said it
            return self._seen_row(b, seen)
        return Row(
            subject=b.subject, attribute=b.attribute,
            claim=claim_label(sim, b.subject, b.attribute,
                              told_of(self.session, self.resident, b.subject, b.attribute)),
            value=value_label(sim, b.value, b.attribute), raw_value=b.value,
            confidence=b.confidence,
            state=b.state.value, source=source_words(b), kind=b.kind,
            told=provenance(sim, b),
            teller=b.teller, origin=b.origin, about_others=others, updated_at=b.updated_at,
            stale=b.stale,
            truth=value_label(sim, truth, b.attribute) if truth is not None else None,
            raw_truth=truth, others=max(0, len(b.candidates) - 1), belief=b,
            half_life=b.half_life, last_evoked_at=b.last_evoked_at)

    def _seen_row(self, b, seen) -> Row:
        """The row of what someone said they believe, as the player last saw it: how they
        took what the player told or showed them, after they had said it (`seen_since`)."""
        sim = self.session.sim
        kind = seen.turn.partition(":")[2]
        did = SEEN_WORDS.get(kind, "seen since")
        # Doubtful as the claim view colours them: by how sure they sounded too ("nods …
        # though torn between two accounts" was a row "held to it", believed; a review).
        unsure = kind in UNSURE or seen.sure in ("torn", "unsure")
        if unsure and kind not in UNSURE:
            did += ", torn" if seen.sure == "torn" else ", unsure"
        return Row(
            subject=b.subject, attribute=b.attribute,
            claim=claim_label(sim, b.subject, b.attribute,
                              told_of(self.session, self.resident, b.subject, b.attribute)),
            value=value_label(sim, seen.value, b.attribute), raw_value=seen.value,
            confidence=SOUNDED.get(seen.sure, b.confidence),
            state="doubtful" if unsure else "influencing",
            source="witnessed", kind="witnessed", told=f"{did}, {clock.fmt(seen.at)}",
            teller=b.subject, origin=None, about_others=True, updated_at=seen.at,
            stale=False, truth=None, raw_truth=None, others=0, belief=b,
            half_life=b.half_life, last_evoked_at=b.last_evoked_at)

    def visible(self) -> list[Row]:
        """The rows that pass the filters, in the chosen order."""
        rows = self.rows()
        now = self.now
        timed = self.sort == "recall" or self.recall is not None  # changes with the clock
        key = (self._sig, self.state, self.source, self.recall, self.search, self.subject,
               self.others, self.sort, self.descending, now if timed else None)
        if key == self._view_key:
            return self._view
        q = self.search.lower().strip()
        out = [r for r in rows
               if (self.state is None or r.state == self.state)
               and (self.source is None or r.source == self.source)
               and (self.recall is None or r.recall(now) == self.recall)
               and (self.subject is None or r.subject == self.subject)
               and (self.others or not r.about_others)
               and (not q or q in r.claim.lower() or q in r.value.lower()
                    or q in f"{r.subject}.{r.attribute}")]
        sort_key = {
            "claim": lambda r: (r.about_others, r.claim.lower()),
            "value": lambda r: (r.value.lower(), r.claim.lower()),
            "confidence": lambda r: (r.confidence, r.claim.lower()),
            "state": lambda r: (_STATE_ORDER.get(r.state, 9), r.claim.lower()),
            "recall": lambda r: (-r.half_lives(now), r.claim.lower()),  # = accessibility
            "source": lambda r: (_SOURCE_ORDER.get(r.source, 9), r.claim.lower()),
            "updated": lambda r: (r.updated_at, r.claim.lower()),
        }[self.sort]
        out.sort(key=sort_key, reverse=self.descending)
        self._view, self._view_key = out, key
        return out

    def counts(self, field: str) -> dict[str, int]:
        """How many rows have each state (or source, subject, recall), before filtering."""
        rows = self.rows()
        now = self.now
        key = (field, self.others, now if field == "recall" else None)
        out = self._counts.get(key)
        if out is None:
            pool = rows if self.others else [r for r in rows if not r.about_others]
            if field == "recall":  # changes with the clock: keep only this minute's
                self._counts = {k: v for k, v in self._counts.items() if k[0] != "recall"}
                got = Counter(recall_word(max(0, now - r.last_evoked_at) / r.half_life)
                              for r in pool)
                out = {w: got[w] for w in RECALL if w in got}
            else:
                out = dict(Counter(map(attrgetter(field), pool)))
            self._counts[key] = out
        return out

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
            self.descending = column in _DESCENDING_FIRST


def signature_of(rows: list[Row]) -> BeliefSignature:
    """What `memory.belief_signature` says of a memory holding exactly these beliefs (added
    up afresh: what `Tally` keeps must equal it)."""
    bs = [r.belief for r in rows]
    return BeliefSignature(
        count=len(bs), updated_at=max((b.updated_at for b in bs), default=0),
        confidence=sum(b.confidence for b in bs), stale=sum(1 for b in bs if b.stale),
        last_evoked_at=sum(b.last_evoked_at for b in bs), uses=sum(b.uses for b in bs),
        exposures=sum(b.exposures for b in bs), importance=sum(b.importance or 0 for b in bs),
        states=tuple(sum(1 for b in bs if b.state == s) for s in State))


_STATE_SLOT = {s: i for i, s in enumerate(State)}


class Tally:
    """`signature_of` kept up to date as rows are replaced and added, so a look that patches
    a few rows of a thousand does not add the thousand up again to check itself."""

    def __init__(self, rows: list[Row]) -> None:
        self.sums = [0] * (7 + len(_STATE_SLOT))  # count, confidence … importance, states
        self.latest: dict[int, int] = {}  # updated_at -> how many rows have it
        for r in rows:
            self.add(r)

    def _part(self, r: Row, sign: int) -> None:
        b, s = r.belief, self.sums
        s[0] += sign
        s[1] += sign * b.confidence
        s[2] += sign * (1 if b.stale else 0)
        s[3] += sign * b.last_evoked_at
        s[4] += sign * b.uses
        s[5] += sign * b.exposures
        s[6] += sign * (b.importance or 0)
        s[7 + _STATE_SLOT[b.state]] += sign
        n = self.latest.get(b.updated_at, 0) + sign
        if n:
            self.latest[b.updated_at] = n
        else:
            del self.latest[b.updated_at]

    def add(self, r: Row) -> None:
        self._part(r, 1)

    def replace(self, old: Row, new: Row) -> None:
        self._part(old, -1)
        self._part(new, 1)

    def signature(self) -> BeliefSignature:
        s = self.sums
        return BeliefSignature(count=s[0], updated_at=max(self.latest, default=0),
                               confidence=s[1], stale=s[2], last_evoked_at=s[3], uses=s[4],
                               exposures=s[5], importance=s[6], states=tuple(s[7:]))
