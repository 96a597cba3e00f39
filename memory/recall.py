"""Recall and the passes that keep accessibility honest (epistemics §7, §9; seed 001).

- `recall(resident, cue)`: score = relevance × accessibility, top-k. Relevance is SQLite FTS5's
  bm25 over each belief's words (its claim, people, places, objects) — no embedding model. A cue
  that names a dormant memory's claim, person or object brings it back regardless of rank (a
  *cue recall*); a recalled memory brings along dormant ones that share its people, place or
  object, one hop (an *associative recall*). Whatever is recalled is re-evoked: Δt restarts.
- `refresh_access(now)`: the set-wise pass that records entries into dormancy and into
  unrecallability — cost grows with how many cross a threshold, not with how many exist — and
  marks for recheck the conclusions resting on a premise that went dormant (§9).
- `look_back(now)`: once a memory is one base half-life old, its importance is judged again
  from what happened since — used? conflicted? did it matter to someone close (someone it trusts
  who acted on the same claim)? A higher judgement lengthens H from then on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from . import access as acc
from . import lifecycle
from .belief import Belief, view
from .codec import SELECT_BELIEF, state_from_row
from .lifecycle import CUE_RECALL
from .recall_index import LIMIT, belief_words, words
from .working import EVOKED, HALF, A, S, V

if TYPE_CHECKING:
    from .store import MemoryStore

HOP = 2  # associated memories brought along per recalled one


class Recalled(NamedTuple):
    """One memory that came to mind. (A named tuple: recall makes thousands a day.)"""

    belief: Belief | None  # None when recalled with views=False (only what and how)
    score: float
    how: str  # ranked, cue (back from dormancy by name), associative (back by association)
    accessibility: float
    belief_id: int = 0
    claim: tuple[str, str] = ("", "")


def _cue_terms(cue: str) -> list[str]:
    """The words of a cue recall searches by (two letters or more), in order; kept for the
    cues a town says again and again (whom one sees, and where)."""
    got = _TERMS.get(cue)
    if got is None:
        if len(_TERMS) >= 50_000:
            _TERMS.clear()
        got = _TERMS[cue] = sorted(set(w for w in words(cue) if len(w) > 1))
    return got


_TERMS: dict[str, list[str]] = {}
_NAMED: dict[str, bool] = {}


def _has_words(resident: str) -> bool:
    """Does the resident's id hold a word (one with none has no index: nothing recalls)?"""
    got = _NAMED.get(resident)
    if got is None:
        if len(_NAMED) >= 50_000:
            _NAMED.clear()
        got = _NAMED[resident] = bool(words(resident))
    return got


def recall(store: MemoryStore, resident: str, cue: str, now: int, k: int = 10,
           associate: bool = True, views: bool = True) -> list[Recalled]:
    terms = _cue_terms(cue)
    if not terms or not _has_words(resident):
        return []
    # The resident's own postings only (memory.recall_index): the cost follows what one
    # resident remembers, not the town; its words written since it last recalled go in first.
    index_pending(store, resident)
    scores = store._index.matches(resident, terms)
    if not scores:
        return []
    if len(scores) > LIMIT:  # only the LIMIT best matches are ranked (the old query's LIMIT)
        found = store._index.search(resident, terms)
        matches: Iterable[tuple[int, float]] = [(bid, -s) for s, bid in found]
        best = -found[0][0] or 1.0
    else:  # all of them: no need to sort them first (`ranked` and `back` are sorted below)
        matches = scores.items()
        best = max(scores.values()) or 1.0
    # Score from plain columns (relevance, last evocation, half-life, the claim's names) kept
    # in the working set; only the memories that come to mind are loaded in full. One loop
    # over the matches, with nothing called per match that need not be: a resident's matches
    # grow with everything it remembers.
    rec = store._working.rec
    rows = None  # of the matches the working set does not hold, read when one is met
    # bm25 is scaled to (0, 1] within this query (by the best match's) so it multiplies with
    # accessibility on a common footing.
    cue_terms = set(terms)
    params = store.params
    active_at, recallable_at = params.active_at, params.recallable_at
    # (-(relevance × accessibility), subject, attribute, ...): sorted as they stand, the best
    # first, ties by claim — a resident holds one memory of a claim, so no tie goes further.
    ranked: list[tuple[float, str, str, int, float, float, str]] = []
    back: list[tuple[tuple[float, int], tuple]] = []  # ((rank order), what `chosen` takes)
    scale = best > 0
    for bid, x in matches:
        e = rec.get(bid)
        if e is None:
            if rows is None:
                rows = _scoring_rows(store, [b for b, _ in matches if b not in rec])
            evoked, h, subject, attribute, value = rows[bid]
        else:
            evoked, h, subject, attribute, value = e[EVOKED], e[HALF], e[S], e[A], e[V]
        rel = (x if x >= 0.0 else 0.0) / best if scale else 1.0  # max(score, 0.0) / best
        dt = now - evoked
        a = 2.0 ** (-(dt if dt > 0 else 0) / h)  # access.accessibility, inline
        if a >= active_at:
            v = rel * a
            ranked.append((-v, subject, attribute, bid, v, a, value))
        elif a >= recallable_at and cue_terms & _words_of(subject, attribute, value):
            back.append(((-1.0 * x, bid), (rel, subject, attribute, bid, "cue", a, value)))
    # Brought back by the cue, in the order the matches rank (bm25, then id).
    back.sort()
    ranked.sort()
    chosen = [c for _, c in back] + [(v, s, at, bid, "ranked", a, value)
                     for _, s, at, bid, v, a, value in ranked[: max(0, k - len(back))]]
    if associate:
        chosen += _associates(store, resident, chosen, now)
    _evoke(store, resident, chosen, now)
    full = _load(store, [c[3] for c in chosen]) if views else {}
    return [Recalled(full.get(c[3]), c[0], c[4], c[5], c[3], (c[1], c[2])) for c in chosen
            if not views or c[3] in full]


def cue(store: MemoryStore, resident: str, now: int, *, subject: str | None = None,
        attribute: str | None = None, value: str | None = None) -> list[Recalled]:
    """A cue that names a claim — its subject, attribute and/or value exactly ("where was
    everyone on day 1 at eight?" names the attribute) — brings back every memory of the
    resident it names that can still be recalled, dormant or not, regardless of rank (§7).
    Each is re-evoked; a dormant one counts as a cue recall. `accessibility` is what it was
    before the cue, so the caller can tell a vivid memory from one barely brought back."""
    where, params = ["b.resident = ?"], [resident]
    for col, val in (("c.subject", subject), ("c.attribute", attribute), ("b.value", value)):
        if val is not None:
            where.append(f"{col} = ?")
            params.append(val)
    # Driven from the claims when the cue names one (an attribute names few of them), so the
    # cost does not grow with everything the resident remembers; the rows written, then the
    # memories only their evidence stands for (memory.unwritten), each from its own index.
    by_claim = subject is not None or attribute is not None
    arms = []
    for table, cols in (("belief_rows b", "b.id, b.last_evoked_at, b.half_life, b.lazy"),
                        ("evidence b", "b.founds, b.at, l.half_life, 1")):
        join = (f"claims c CROSS JOIN {table} ON b.claim_id = c.id" if by_claim else
                f"{table} JOIN claims c ON c.id = b.claim_id")
        if table.startswith("evidence"):
            join += " CROSS JOIN lazy_clock l"
        arms.append(f"SELECT {cols}, c.subject, c.attribute, b.value FROM {join} WHERE "
                    + " AND ".join(where + (["b.founds IS NOT NULL"] if
                                            table.startswith("evidence") else [])))
    # Sorted here by claim (one memory of a claim each): asked to order the union, SQLite
    # read the evidence arm by walking every claim in order (2 ms a cue in a 300-resident
    # town) instead of the named attribute's few.
    rows = [(bid, s, a, v, evoked, h, waits) for bid, evoked, h, waits, s, a, v in
            sorted(store.db.execute(" UNION ALL ".join(arms), params + params),
                   key=_by_claim)]
    chosen, lazy = [], []
    for bid, s, a, v, evoked, h, waits in rows:
        evoked = store._evoked_at(bid, evoked)
        acc_now = acc.accessibility(now, evoked, h)
        state = acc.state_of(acc_now, store.params)
        if state == acc.UNRECALLABLE:
            continue
        how = "cue" if state == acc.DORMANT else "named"
        chosen.append((1.0, s, a, bid, how, acc_now, v))
        if waits:
            lazy.append(bid)
    if lazy:  # evoked now: first what the passes would have recorded (memory.lifecycle)
        lifecycle.catch_up_ids(store, lazy)
    _evoke(store, resident, [c for c in chosen], now, events_for=("cue",))
    full = _load(store, [c[3] for c in chosen])
    return [Recalled(full.get(c[3]), c[0], c[4], c[5], c[3], (c[1], c[2])) for c in chosen
            if c[3] in full]


def _by_claim(row: tuple) -> tuple[str, str]:
    return row[4], row[5]


def index_pending(store: MemoryStore, resident: str) -> int:
    """Bring the resident's entries in the recall index up to date — the words of memories
    written or reworded since it last recalled (their claim, people, places, objects), as
    they are now — and return how many were indexed. Computed when asked for, like
    accessibility, so perceiving pays nothing for it; claims recalled only by a cue naming
    them (`define_attribute(recall="cue")`) are kept out: free recall passes them by."""
    index = store._index
    pending = index.take_pending(resident)
    cue = index.take_cue(resident)
    modes = store._claim_recall
    if cue and index.cue_freed:
        # Pending while their claim came back only by cue; made freely recalled since, they
        # are indexed like any pending memory, by their words as they are now.
        for bid, cid in cue.items():
            if modes.get(cid) != CUE_RECALL:
                pending[bid] = None
    if not pending:
        return 0
    # Words not known yet are read as the belief stands now (claims recalled by cue only
    # never need theirs).
    unknown = [bid for bid, got in pending.items() if got is None or (
        got[1] is None and modes.get(got[0]) != CUE_RECALL)]
    if unknown:
        pending.update(_current_words(store, unknown))
    n = 0
    about = store._about_claims  # what others believe: counted, never matched (recall_index)
    for bid in sorted(pending):
        got = pending[bid]
        if got is None or modes.get(got[0]) == CUE_RECALL or got[1] is None:
            continue
        index.put(resident, bid, got[1], got[0] in about)
        n += 1
    return n




def _current_words(store: MemoryStore, ids: list[int]) -> dict[int, tuple[int, list[str]]]:
    out = {}
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        marks = ", ".join("?" for _ in chunk)
        for bid, cid, s, a, v, teller, origin in store.db.execute(
                f"SELECT b.id, b.claim_id, c.subject, c.attribute, b.value, b.teller, b.origin "
                f"FROM beliefs b JOIN claims c ON c.id = b.claim_id WHERE b.id IN ({marks})",
                chunk):
            out[bid] = (cid, belief_words(s, a, v, teller, origin))
    return out


def _scoring_rows(store: MemoryStore, ids: list[int]) -> dict[int, tuple]:
    """id -> (last evoked, half-life, subject, attribute, value), from the working set
    (memory.working); a memory it does not hold (indexed while its claim was recalled
    freely, then defined to come back only by cue) is read from its row."""
    working = store._working
    out, missing = {}, []
    for bid in ids:
        got = working.scoring(bid)
        if got is None:
            missing.append(bid)
        else:
            out[bid] = got
    for i in range(0, len(missing), 500):
        chunk = missing[i:i + 500]
        marks = ", ".join("?" for _ in chunk)
        for bid, evoked, h, s, a, v in store.db.execute(
                f"SELECT b.id, b.last_evoked_at, b.half_life, c.subject, c.attribute, b.value "
                f"FROM beliefs b JOIN claims c ON c.id = b.claim_id WHERE b.id IN ({marks})",
                chunk):
            out[bid] = (store._evoked_at(bid, evoked), h, s, a, v)
    return out


def _words_of(subject: str, attribute: str, value: str) -> set[str]:
    """What a cue can name: the claim's subject and attribute, and its value."""
    return set(words(subject)) | set(words(attribute)) | set(words(value))


def _load(store: MemoryStore, ids: list[int]) -> dict[int, Belief]:
    out = {}
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        marks = ", ".join("?" for _ in chunk)
        for row in store.db.execute(f"{SELECT_BELIEF} WHERE b.id IN ({marks})", chunk):
            out[row[0]] = view(store._evoked_state(state_from_row(row)), params=store.params)
    return out


def _associates(store: MemoryStore, resident: str, recalled: list[tuple],
                now: int) -> list[tuple]:
    """Dormant memories sharing a person, place or object with a recalled one (one hop)."""
    have = {(c[1], c[2]) for c in recalled}
    entities = sorted({c[1] for c in recalled} | {c[6] for c in recalled})
    if not entities:
        return []
    rows = store._working.associates(resident, entities)
    out, per = [], {}
    for bid, subject, attribute, value, evoked, h in rows:
        if (subject, attribute) in have:
            continue
        a = acc.accessibility(now, evoked, h)
        if acc.state_of(a, store.params) != acc.DORMANT:
            continue
        anchor = subject if subject in entities else value
        if per.get(anchor, 0) >= HOP:
            continue
        per[anchor] = per.get(anchor, 0) + 1
        have.add((subject, attribute))
        out.append((0.0, subject, attribute, bid, "associative", a, value))
    return out


def _evoke(store: MemoryStore, resident: str, recalled: list[tuple], now: int,
           events_for: tuple[str, ...] = ("cue", "associative")) -> None:
    """Whatever came to mind is re-evoked: Δt restarts (§7). Held with the tick's other
    writes (`MemoryStore.deferred`), or written at once outside one."""
    if not recalled:
        return
    # Brought back by a cue or an association (or named by a cue), a memory may be one its
    # row says is dormant: the passes read it from there (memory.deferred).
    store._evoke([c[3] for c in recalled], now, [c[3] for c in recalled if c[4] != "ranked"])
    for c in recalled:
        if c[4] in events_for:
            store._event(now, resident, c[3], c[4], f"{c[1]}.{c[2]}")


# -- the passes ---------------------------------------------------------------------------------

# a = 2⁻³ exactly at three half-lives is still active (§7: active while a ≥ 2⁻³); it is below
# at any later minute, so a memory is dormant at `now` once dormant_at < now (and likewise for
# unrecallable), and the event records the crossing instant itself. Lazy memories
# (memory.lifecycle) are not in the passes' indexes: those crossing since the last pass are
# found by when they were made (all share one half-life), and their rows are left as written.
_NEW_DORMANT = "access = 'active' AND lazy = 0 AND dormant_at < :now"
_NEW_GONE = "access = 'dormant' AND gone_at < :now"
# Lazy memories whose rows are written (memory.lifecycle); those only their evidence stands
# for have their events by the clock alone (memory.unwritten).
_LAZY_SINCE = "lazy = 1 AND created_at >= :lo AND created_at < :hi"
_EARLIEST = -(2 ** 62)  # before any minute: the window's lower end when no pass has run


def access_due(store: MemoryStore, now: int) -> list[int]:
    """The memories `refresh_access(now)` will judge from their rows: those the rows say are
    going dormant, or unrecallable (a held re-evocation of one must be written first:
    memory.deferred)."""
    return [r[0] for r in store.db.execute(
        f"SELECT id FROM belief_rows WHERE {_NEW_DORMANT} UNION ALL SELECT id FROM belief_rows "
        f"WHERE {_NEW_GONE}", {"now": now})]


def lookback_due(store: MemoryStore, now: int) -> list[int]:
    """The memories `look_back(now)` will judge (and may lengthen) from their rows."""
    p = {"now": now, "h0": store.params.half_life_minutes}
    return [r[0] for r in store.db.execute(f"SELECT id FROM belief_rows WHERE {_DUE}", p)]


def refresh_access(store: MemoryStore, now: int) -> dict[str, int]:
    """Record memories that slipped below 2⁻³ (dormant) or 2⁻⁵ (unrecallable) by `now`."""
    conn = store.db.conn
    clock = store._clock
    p = {"now": now}
    since = _EARLIEST if clock.access_at is None else clock.access_at
    # The detail keeps when it was last evoked and its half-life then, so a report can show
    # dormancy came three effective half-lives after the last evocation. Lazy memories' events
    # go in with the rest, in the order the pass has always written them (by the minute, then
    # the memory), as if their rows had been in its index.
    lazy = {"lo": since - clock.dormant, "hi": now - clock.dormant}
    went = conn.execute("INSERT INTO memory_event_rows (at, resident, belief_id, kind, "
                 "detail) SELECT at, resident, id, 'dormant', detail FROM (SELECT dormant_at AS "
                 "at, resident, id, last_evoked_at || ' ' || half_life AS detail FROM "
                 f"belief_rows WHERE {_NEW_DORMANT} UNION ALL SELECT dormant_at, resident, id, "
                 f"last_evoked_at || ' ' || half_life FROM belief_rows WHERE {_LAZY_SINCE}) "
                 "ORDER BY at, id", p | lazy)
    # A conclusion resting on a premise that went dormant needs rechecking (§9). (A lazy
    # memory is never a premise: one named as a premise was touched, and caught up.)
    cache = store._cache  # the working beliefs follow their rows (memory.cache)
    cache.flag("recheck", [r[0] for r in conn.execute(
        "UPDATE belief_rows SET recheck = 1 WHERE recheck = 0 AND id IN (SELECT bp.belief_id "
        "FROM belief_premises bp JOIN belief_rows pr ON pr.id = bp.premise_id WHERE "
        f"pr.{_NEW_DORMANT.replace(' AND ', ' AND pr.')}) RETURNING id", p)])
    dormant = conn.execute(f"UPDATE belief_rows SET access = 'dormant' WHERE {_NEW_DORMANT} "
                           "RETURNING id", p).fetchall()
    store._working.moved((r[0], acc.DORMANT) for r in dormant)
    cache.patch("access", ((r[0], acc.DORMANT) for r in dormant))
    lazy = {"lo": since - clock.gone, "hi": now - clock.gone}
    lost = conn.execute("INSERT INTO memory_event_rows (at, resident, belief_id, kind) "
                 "SELECT at, resident, id, 'unrecallable' FROM (SELECT gone_at AS at, "
                 f"resident, id FROM belief_rows WHERE {_NEW_GONE} UNION ALL SELECT gone_at, "
                 f"resident, id FROM belief_rows WHERE {_LAZY_SINCE}) ORDER BY at, id",
                 p | lazy)
    gone = conn.execute(f"UPDATE belief_rows SET access = 'unrecallable' WHERE {_NEW_GONE} "
                        "RETURNING id", p).fetchall()
    store._working.moved((r[0], acc.UNRECALLABLE) for r in gone)
    cache.patch("access", ((r[0], acc.UNRECALLABLE) for r in gone))
    store._passed(lifecycle.ACCESS_PASS, now)
    # Counted by the events, lazy memories' too.
    return {"dormant": went.rowcount, "unrecallable": lost.rowcount}


_BASE = "coalesce(judged_importance, importance, 5)"
# (`o`, the others: a memory only its evidence stands for is never used, memory.unwritten.)
_CLOSE = (
    "EXISTS (SELECT 1 FROM belief_rows o JOIN trust t ON t.listener = belief_rows.resident "
    "AND t.teller = o.resident AND t.topic = '*' AND t.value >= 0.7 WHERE o.claim_id = "
    "belief_rows.claim_id AND o.resident != belief_rows.resident AND o.uses > 0)")
_JUDGED = (f"min(10, {_BASE} + (uses > 0) + (json_array_length(candidates) > 1 OR state IN "
           f"('doubtful', 'anomalous', 'corrected')) + {_CLOSE})")
_DUE = "looked_back = 0 AND lazy = 0 AND created_at <= :now - :h0"
# Importance is floored at 1 in H (access.MIN_IMPORTANCE): judging a 0 up to 1 changes nothing,
# so it is not a lengthening.
_HIGHER = f"max({acc.MIN_IMPORTANCE}, {_JUDGED}) > max({acc.MIN_IMPORTANCE}, {_BASE})"


def look_back(store: MemoryStore, now: int) -> dict[str, int]:
    """Judge the importance of memories one base half-life old again (§7, seed 001)."""
    conn = store.db.conn
    pm = store.params
    p = {"now": now, "h0": pm.half_life_minutes, "da": pm.dormant_after,
         "ua": pm.unrecallable_after}
    clock = store._clock
    # A lazy memory made since the last look-back came due is judged too, and kept (of
    # importance 0 and untouched, nothing can raise it: memory.lifecycle); its row is left.
    lo = _EARLIEST if clock.lookback_at is None else clock.lookback_at - clock.h0
    judged = conn.execute(
        "INSERT INTO memory_event_rows (at, resident, belief_id, kind, detail) SELECT :now, "
        "resident, id, 'lookback', detail FROM (SELECT created_at, resident, id, CASE WHEN "
        f"{_HIGHER} THEN 'lengthened' ELSE 'kept' END AS detail FROM belief_rows WHERE "
        f"{_DUE} UNION ALL SELECT created_at, resident, id, 'kept' FROM belief_rows WHERE "
        "lazy = 1 AND created_at > :lo AND created_at <= :now - :h0) ORDER BY created_at, id",
        p | {"lo": lo})
    if clock.lookback_at is None or now > clock.lookback_at:
        # The minute of each look-back, which is when those only their evidence stands for
        # were judged (memory.unwritten).
        conn.execute("INSERT OR IGNORE INTO lookback_passes (at) VALUES (?)", (now,))
    longer = conn.execute(
        f"UPDATE belief_rows SET half_life = half_life * max(1, {_JUDGED}) / max(1, {_BASE}), "
        f"judged_importance = {_JUDGED}, looked_back = 1 WHERE {_DUE} AND {_HIGHER} "
        "RETURNING id, half_life, judged_importance", p).fetchall()
    store._working.lengthened((r[0], r[1]) for r in longer)
    cache = store._cache  # the working beliefs follow their rows (memory.cache)
    cache.patch("judged_importance", ((r[0], r[2]) for r in longer))
    cache.flag("looked_back", [r[0] for r in longer])
    lengthened = len(longer)
    cache.flag("looked_back", [r[0] for r in conn.execute(
        f"UPDATE belief_rows SET looked_back = 1 WHERE {_DUE} RETURNING id", p)])
    # A longer H moves the thresholds later; a memory already recorded dormant (a low-
    # importance one can be by 64.8 h, before its look-back at 72 h) may now be above 2⁻³
    # again, and its recorded state must say so, or the pass would never record it going
    # dormant again and what reads the column (talk, association) would disagree with a(t).
    moved = conn.execute(
        "UPDATE belief_rows SET dormant_at = last_evoked_at + CAST(:da * half_life AS INTEGER), "
        "gone_at = last_evoked_at + CAST(:ua * half_life AS INTEGER), access = CASE "
        "WHEN access != 'active' AND last_evoked_at + CAST(:da * half_life AS INTEGER) >= :now "
        "THEN 'active' WHEN access = 'unrecallable' AND last_evoked_at + CAST(:ua * half_life "
        "AS INTEGER) >= :now THEN 'dormant' ELSE access END WHERE id IN (SELECT "
        "belief_id FROM memory_event_rows WHERE kind = 'lookback' AND detail = 'lengthened' AND "
        "at = :now) RETURNING id, access", p).fetchall()
    store._working.moved(moved)
    cache.patch("access", moved)
    store._passed(lifecycle.LOOKBACK_PASS, now)
    return {"lookbacks": judged.rowcount, "lengthened": lengthened}
