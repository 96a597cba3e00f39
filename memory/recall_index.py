"""Recall's term index, kept in memory: per resident, which of its memories hold which words.

Relevance in recall (epistemics §7) is bm25 over each memory's words — its claim, people,
places and objects. SQLite's FTS5 computed it from `recall_terms`; a MATCH there cost a
fragmented index's page reads and a statement per query (~0.2-0.4 ms), paid thousands of times
a sim day. This index gives the same numbers from Python dictionaries:

- each resident's postings, term -> {memory id: occurrences}, so a query reads only that
  resident's memories however much the town remembers;
- the table-wide figures FTS5's bm25 uses — how many memories are indexed (N) and how many
  tokens they hold — so the score is FTS5's to the last bit: IDF = log((N − n + 0.5) /
  (n + 0.5)) (at least 1e-6), k1 = 1.2, b = 0.75, summed over the query's terms in order,
  ties in rowid order (checked against FTS5 in tests/memory/test_memory_recall_index.py);
- a memory of what someone else believes ("believes <claim>") is indexed for the figures only:
  it counts in N, the tokens and how many of its resident's memories hold each word — as a
  row of `recall_terms` did — but holds no postings, so free recall never matches it (it is
  read by the decisions that ask after it, `MemoryStore.beliefs_about`, or by a cue naming
  its claim). A resident's beliefs about what its neighbours told it were most of what seeing
  a neighbour matched, and grew with every piece of hearsay;
- indexing stays lazy, as it was: a memory written or reworded is *pending* until its resident
  next recalls, and only then do its words (as they are then) enter the index and the
  table-wide figures. Which memories are indexed therefore depends only on who recalled when,
  so a run gives the same scores, whichever way the index is kept.

On disk the index is `recall_words` (migration 0009): one plain row per indexed memory with the
words it is indexed by, written with the rest of a tick's writes; `beliefs.indexed` = 0 marks a
memory pending. A reopened store rebuilds this index from the two.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

_WORD = re.compile(r"[^\W_]+")  # letters and digits, as FTS5's unicode61 tokenizer splits
K1, B = 1.2, 0.75  # FTS5's bm25 constants
LIMIT = 200  # recall ranks at most this many matches (the old query's LIMIT)


def words(text: str) -> list[str]:
    """Tokens as FTS5's default tokenizer makes them: lowercase runs of letters and digits."""
    return _WORD.findall(text.lower())


def belief_words(subject: str, attribute: str, value: str, teller: str | None,
                 origin: str | None) -> list[str]:
    """The words a memory is indexed by: its claim, value, and who told it and first said it."""
    return words(f"{subject} {attribute} {value} {teller or ''} {origin or ''}")


class RecallIndex:
    """Every resident's indexed words, pending memories, and FTS5's table-wide figures."""

    def __init__(self) -> None:
        self.rows = 0  # N: indexed memories, all residents
        self.tokens = 0  # their tokens, all residents
        self.docs: dict[int, tuple[str, tuple[str, ...]]] = {}  # id -> (resident, words)
        self.lengths: dict[int, int] = {}  # id -> how many words
        self.postings: dict[str, dict[str, dict[int, int]]] = {}  # resident -> term -> {id: n}
        # resident -> term -> how many of its memories of others' beliefs hold it (no
        # postings: counted only, for the figures bm25 reads)
        self.unmatched: dict[str, dict[str, int]] = {}
        self.about: set[int] = set()  # ids of those memories among `docs`
        # resident -> {memory id: (claim id, its words) if known, else None (read them then)}
        self.pending: dict[str, dict[int, tuple[int, list[str]] | None]] = {}
        # resident -> {memory id: claim id} pending as well, of claims recalled only by a cue
        # when marked: nothing to index, unless the claim has been made freely recalled since
        # (`cue_freed`). Kept apart so a recall need not walk a day's sightings to skip them.
        self.cue_pending: dict[str, dict[int, int]] = {}
        self.cue_freed = False  # some claim once recalled only by cue is now recalled freely
        self.written: set[int] = set()  # indexed since the record was last written

    # -- pending ---------------------------------------------------------------------------

    def mark(self, resident: str, bid: int, got: tuple[int, list[str]] | None) -> None:
        """The memory was written new, or reworded: index it at its resident's next recall.
        `got` is (claim id, its words) as they stand, or None if they must be read then;
        (claim id, None) for a claim recalled only by a cue."""
        if got is not None and got[1] is None:
            p = self.pending.get(resident)
            if p is not None:
                p.pop(bid, None)
            c = self.cue_pending.get(resident)
            if c is None:
                self.cue_pending[resident] = {bid: got[0]}
            else:
                c[bid] = got[0]
            return
        c = self.cue_pending.get(resident)
        if c is not None:
            c.pop(bid, None)
        self.pending.setdefault(resident, {})[bid] = got

    def mark_cue(self, resident: str, bid: int, cid: int) -> None:
        """`mark(resident, bid, (cid, None))`: a memory of a claim recalled only by a cue
        was written new (the commonest write of all: who stood where)."""
        c = self.cue_pending.get(resident)
        if c is None:
            self.cue_pending[resident] = {bid: cid}
        else:
            c[bid] = cid
        p = self.pending.get(resident)
        if p is not None:
            p.pop(bid, None)

    def refresh(self, resident: str, bid: int, got: tuple[int, list[str]] | None) -> None:
        """A memory changed: if it is pending, it will be indexed by its words as they are
        then (an indexed one keeps the words it was indexed by until it is reworded). One of
        a claim recalled by cue stays as it is: if ever indexed, its words are read then."""
        p = self.pending.get(resident)
        if p is not None and bid in p:
            p[bid] = got

    def is_pending(self, resident: str, bid: int) -> bool:
        p = self.pending.get(resident)
        if p is not None and bid in p:
            return True
        c = self.cue_pending.get(resident)
        return c is not None and bid in c

    def take_pending(self, resident: str) -> dict[int, tuple[int, list[str]] | None]:
        return self.pending.pop(resident, {})

    def take_cue(self, resident: str) -> dict[int, int]:
        return self.cue_pending.pop(resident, {})

    # -- the index -------------------------------------------------------------------------

    def put(self, resident: str, bid: int, ws: list[str], about: bool = False) -> None:
        """INSERT OR REPLACE: the memory is indexed by `ws` (replacing what it had); `about`:
        it is of what someone else believes, counted but never matched."""
        if bid in self.docs:
            self.drop(bid)
        if about:
            counts = self.unmatched.get(resident)
            if counts is None:
                counts = self.unmatched[resident] = {}
            for w in set(ws):
                counts[w] = counts.get(w, 0) + 1
            self.about.add(bid)
            self._count(resident, bid, ws)
            return
        terms = self.postings.get(resident)
        if terms is None:
            terms = self.postings[resident] = {}
        get = terms.get
        for w in ws:
            post = get(w)
            if post is None:
                terms[w] = {bid: 1}
            elif bid in post:
                post[bid] += 1
            else:
                post[bid] = 1
        self._count(resident, bid, ws)

    def _count(self, resident: str, bid: int, ws: list[str]) -> None:
        n = len(ws)
        self.docs[bid] = (resident, tuple(ws))
        self.lengths[bid] = n
        self.rows += 1
        self.tokens += n
        self.written.add(bid)

    def drop(self, bid: int) -> None:
        old = self.docs.pop(bid, None)
        if old is None:
            return
        del self.lengths[bid]
        resident, ws = old
        if bid in self.about:
            self.about.discard(bid)
            counts = self.unmatched[resident]
            for w in set(ws):
                left = counts[w] - 1
                if left:
                    counts[w] = left
                else:
                    del counts[w]
        else:
            terms = self.postings[resident]
            for w in set(ws):
                post = terms[w]
                del post[bid]
                if not post:
                    del terms[w]
        self.rows -= 1
        self.tokens -= len(ws)

    def search(self, resident: str, terms: list[str]) -> list[tuple[float, int]]:
        """(bm25, memory id) of the resident's memories holding any of `terms`, best first
        (most negative), at most LIMIT — what `bm25(recall_terms)` ordered by rank gave."""
        scores = self.matches(resident, terms)
        out = [(-1.0 * score, bid) for bid, score in scores.items()]
        out.sort()
        return out[:LIMIT]

    def matches(self, resident: str, terms: list[str]) -> dict[int, float]:
        """{memory id: its bm25, positive} of every memory of the resident holding any of
        `terms`, in no particular order — `search` before its sort and LIMIT, for a caller
        that orders what it needs itself."""
        mine = self.postings.get(resident)
        if not mine or not self.rows:
            return {}
        return self.scores(mine, terms, self.unmatched.get(resident))

    def scores(self, mine: dict[str, dict[int, int]], terms: list[str],
               unmatched: dict[str, int] | None = None) -> dict[int, float]:
        """Each matching memory's bm25 (positive), summed term by term in the query's order.
        Walked posting by posting rather than memory by memory: a term a memory lacks adds
        exactly 0.0, so it is skipped, and a term's part depends only on how often the memory
        holds it and how many words it has — computed once per (count, length) in a query,
        not once per memory (a resident's hits grow with all it remembers; the few distinct
        (count, length) pairs among them do not). `unmatched`: how many of the resident's
        memories that are never matched hold each term (they still make a term commoner)."""
        n_rows = self.rows
        avgdl = float(self.tokens) / float(n_rows)
        lengths = self.lengths
        scores: dict[int, float] = {}
        get = scores.get
        first = True
        for t in terms:
            p = mine.get(t)
            if not p:
                continue
            n_t = len(p) if unmatched is None else len(p) + unmatched.get(t, 0)
            v = math.log((n_rows - n_t + 0.5) / (n_t + 0.5))
            idf = v if v > 0.0 else 1e-6
            once: dict[int, float] = {}  # length -> the part of a memory holding it once
            part: dict[tuple[int, int], float] = {}  # (count, length) -> part, for the rest
            for bid, n in p.items():
                dl = lengths[bid]
                if n == 1:
                    c = once.get(dl)
                    if c is None:
                        c = once[dl] = self._part(idf, 1, dl, avgdl)
                else:
                    c = part.get((n, dl))
                    if c is None:
                        c = part[(n, dl)] = self._part(idf, n, dl, avgdl)
                # The first term's parts are the sums so far (0.0 + c is c, bit for bit).
                scores[bid] = c if first else get(bid, 0.0) + c
            first = False
        return scores

    @staticmethod
    def _part(idf: float, n: int, length: int, avgdl: float) -> float:
        """One term's part of a memory's bm25: it holds the term `n` times in `length`."""
        d = float(length)
        norm = K1 * (1 - B + B * d / avgdl)
        f = float(n)
        return idf * ((f * (K1 + 1.0)) / (f + norm))

    # -- the record on disk ----------------------------------------------------------------

    def load(self, docs: Iterable[tuple[int, str, str, int]],
             pending: Iterable[tuple[int, str]]) -> None:
        """Rebuild from `recall_words` (memory id, resident, words, whether it is of what
        someone else believes) and the pending memories (id, resident)."""
        cue_freed = self.cue_freed
        self.__init__()
        for bid, resident, text, about in docs:
            self.put(resident, bid, text.split(), bool(about))
        for bid, resident in pending:
            self.pending.setdefault(resident, {})[bid] = None
        self.written.clear()
        self.cue_freed = cue_freed

    def take_written(self) -> list[tuple[int, str]]:
        """(memory id, words) of what was indexed since the record was last written."""
        out = [(bid, " ".join(self.docs[bid][1])) for bid in sorted(self.written)
               if bid in self.docs]
        self.written.clear()
        return out
