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

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import access as acc
from .belief import Belief, view
from .codec import SELECT_BELIEF, state_from_row

if TYPE_CHECKING:
    from .store import MemoryStore

_WORD = re.compile(r"[^\W_]+")  # letters and digits, as FTS5's unicode61 tokenizer splits
HOP = 2  # associated memories brought along per recalled one


@dataclass(frozen=True)
class Recalled:
    belief: Belief
    score: float
    how: str  # ranked, cue (back from dormancy by name), associative (back by association)
    accessibility: float


def words(text: str) -> list[str]:
    """Tokens as FTS5's default tokenizer makes them: lowercase runs of letters and digits."""
    return _WORD.findall(text.lower())


def recall(store: MemoryStore, resident: str, cue: str, now: int, k: int = 10,
           associate: bool = True) -> list[Recalled]:
    terms = sorted(set(w for w in words(cue) if len(w) > 1))
    who = words(resident)
    if not terms or not who:
        return []
    # The resident column only narrows the search: relevance is bm25 over the memory's own
    # words (weight 0 for the resident column), so a cue that happens to name the resident
    # does not make every one of its memories relevant. The phrase matches any id that starts
    # with the same tokens ("ann" and "ann_b"), so the join keeps exactly this resident's.
    index_pending(store, resident)
    query = (f'resident : ^ "{" ".join(who)}" AND words : ('
             + " OR ".join(f'"{t}"' for t in terms) + ")")
    hits = store.db.execute(
        "SELECT f.rowid, bm25(recall_fts, 0.0, 1.0) AS rank FROM recall_fts f JOIN beliefs b "
        "ON b.id = f.rowid WHERE recall_fts MATCH ? AND b.resident = ? ORDER BY rank LIMIT 200",
        (query, resident)).fetchall()
    if not hits:
        return []
    # bm25 is more negative the better the match; scale it to (0, 1] within this query so it
    # multiplies with accessibility on a common footing.
    best = max(-score for _, score in hits) or 1.0
    rel = {rowid: max(-score, 0.0) / best if best > 0 else 1.0 for rowid, score in hits}
    beliefs = _load(store, list(rel))
    cue_terms = set(terms)
    ranked: list[Recalled] = []
    back: list[Recalled] = []
    for bid, b in beliefs.items():
        a = b.accessibility(now)
        state = acc.state_of(a)
        if state == acc.ACTIVE:
            ranked.append(Recalled(b, rel[bid] * a, "ranked", a))
        elif state == acc.DORMANT and cue_terms & _names(b):
            back.append(Recalled(b, rel[bid], "cue", a))
    ranked.sort(key=lambda r: (-r.score, r.belief.subject, r.belief.attribute))
    out = back + ranked[: max(0, k - len(back))]
    if associate:
        out += _associates(store, resident, out, now)
    _evoke(store, resident, out, now)
    return out


def index_pending(store: MemoryStore, resident: str) -> int:
    """Bring the resident's entries in the full-text index up to date: the words of beliefs
    written since it last recalled (their claim, people, places, objects). Computed when asked
    for, like accessibility, so perceiving pays nothing for it."""
    rows = store.db.execute(
        "SELECT b.id, b.resident, c.subject || ' ' || c.attribute || ' ' || b.value || ' ' || "
        "coalesce(b.teller, '') || ' ' || coalesce(b.origin, '') FROM beliefs b JOIN claims c "
        "ON c.id = b.claim_id WHERE b.resident = ? AND b.indexed = 0", (resident,)).fetchall()
    if rows:
        with store.db.atomic():
            store.db.conn.executemany(
                "INSERT OR REPLACE INTO recall_fts (rowid, resident, words) VALUES (?, ?, ?)",
                rows)
            store.db.conn.execute("UPDATE beliefs SET indexed = 1 WHERE resident = ? AND "
                                  "indexed = 0", (resident,))
    return len(rows)


def _names(b: Belief) -> set[str]:
    """What a cue can name: the claim's subject and attribute, and its value."""
    return set(words(b.subject)) | set(words(b.attribute)) | set(words(b.value))


def _load(store: MemoryStore, ids: list[int]) -> dict[int, Belief]:
    out = {}
    for i in range(0, len(ids), 500):
        chunk = ids[i:i + 500]
        marks = ", ".join("?" for _ in chunk)
        for row in store.db.execute(f"{SELECT_BELIEF} WHERE b.id IN ({marks})", chunk):
            out[row[0]] = view(state_from_row(row))
    return out


def _associates(store: MemoryStore, resident: str, recalled: list[Recalled],
                now: int) -> list[Recalled]:
    """Dormant memories sharing a person, place or object with a recalled one (one hop)."""
    have = {(r.belief.subject, r.belief.attribute) for r in recalled}
    entities = sorted({r.belief.subject for r in recalled} | {r.belief.value for r in recalled})
    if not entities:
        return []
    marks = ", ".join("?" for _ in entities)
    rows = store.db.execute(
        f"{SELECT_BELIEF} WHERE b.resident = ? AND b.access = 'dormant' AND "
        f"(c.subject IN ({marks}) OR b.value IN ({marks})) ORDER BY b.id",
        [resident, *entities, *entities]).fetchall()
    out, per = [], {}
    for row in rows:
        b = view(state_from_row(row))
        if (b.subject, b.attribute) in have:
            continue
        a = b.accessibility(now)
        if acc.state_of(a) != acc.DORMANT:
            continue
        anchor = b.subject if b.subject in entities else b.value
        if per.get(anchor, 0) >= HOP:
            continue
        per[anchor] = per.get(anchor, 0) + 1
        have.add((b.subject, b.attribute))
        out.append(Recalled(b, 0.0, "associative", a))
    return out


def _evoke(store: MemoryStore, resident: str, recalled: list[Recalled], now: int) -> None:
    if not recalled:
        return
    keys = [(r.belief.subject, r.belief.attribute) for r in recalled]
    with store.db.atomic():
        for s, a in keys:
            claim = store._claim_id(s, a)
            store.db.conn.execute(
                "UPDATE beliefs SET last_evoked_at = ?, access = 'active', "
                "dormant_at = ? + CAST(3 * half_life AS INTEGER), "
                "gone_at = ? + CAST(5 * half_life AS INTEGER) "
                "WHERE resident = ? AND claim_id = ? AND last_evoked_at <= ?",
                (now, now, now, resident, claim, now))
        events = [(now, resident, r.belief.subject + "." + r.belief.attribute, r.how)
                  for r in recalled if r.how != "ranked"]
        store.db.conn.executemany(
            "INSERT INTO memory_events (at, resident, detail, kind) VALUES (?, ?, ?, ?)",
            events)


# -- the passes ---------------------------------------------------------------------------------

# a = 2⁻³ exactly at three half-lives is still active (§7: active while a ≥ 2⁻³); it is below
# at any later minute, so a memory is dormant at `now` once dormant_at < now (and likewise for
# unrecallable), and the event records the crossing instant itself.
_NEW_DORMANT = "access = 'active' AND dormant_at < :now"
_NEW_GONE = "access = 'dormant' AND gone_at < :now"


def refresh_access(store: MemoryStore, now: int) -> dict[str, int]:
    """Record memories that slipped below 2⁻³ (dormant) or 2⁻⁵ (unrecallable) by `now`."""
    conn = store.db.conn
    p = {"now": now}
    # The detail keeps when it was last evoked and its half-life then, so a report can show
    # dormancy came three effective half-lives after the last evocation.
    conn.execute("INSERT INTO memory_events (at, resident, belief_id, kind, detail) "
                 "SELECT dormant_at, resident, id, 'dormant', last_evoked_at || ' ' || "
                 f"half_life FROM beliefs WHERE {_NEW_DORMANT}", p)
    # A conclusion resting on a premise that went dormant needs rechecking (§9).
    conn.execute("UPDATE beliefs SET recheck = 1 WHERE recheck = 0 AND id IN (SELECT "
                 "bp.belief_id FROM belief_premises bp JOIN beliefs pr ON pr.id = "
                 f"bp.premise_id WHERE pr.{_NEW_DORMANT.replace(' AND ', ' AND pr.')})", p)
    dormant = conn.execute(f"UPDATE beliefs SET access = 'dormant' WHERE {_NEW_DORMANT}",
                           p).rowcount
    conn.execute("INSERT INTO memory_events (at, resident, belief_id, kind) "
                 f"SELECT gone_at, resident, id, 'unrecallable' FROM beliefs WHERE {_NEW_GONE}",
                 p)
    gone = conn.execute(f"UPDATE beliefs SET access = 'unrecallable' WHERE {_NEW_GONE}",
                        p).rowcount
    return {"dormant": dormant, "unrecallable": gone}


_BASE = "coalesce(judged_importance, importance, 5)"
_CLOSE = (
    "EXISTS (SELECT 1 FROM beliefs o JOIN trust t ON t.listener = beliefs.resident AND "
    "t.teller = o.resident AND t.topic = '*' AND t.value >= 0.7 WHERE o.claim_id = "
    "beliefs.claim_id AND o.resident != beliefs.resident AND o.uses > 0)")
_JUDGED = (f"min(10, {_BASE} + (uses > 0) + (json_array_length(candidates) > 1 OR state IN "
           f"('doubtful', 'anomalous', 'corrected')) + {_CLOSE})")
_DUE = f"looked_back = 0 AND created_at <= :now - {acc.H0}"
# Importance is floored at 1 in H (access.MIN_IMPORTANCE): judging a 0 up to 1 changes nothing,
# so it is not a lengthening.
_HIGHER = f"max({acc.MIN_IMPORTANCE}, {_JUDGED}) > max({acc.MIN_IMPORTANCE}, {_BASE})"


def look_back(store: MemoryStore, now: int) -> dict[str, int]:
    """Judge the importance of memories one base half-life old again (§7, seed 001)."""
    conn = store.db.conn
    p = {"now": now}
    conn.execute(
        "INSERT INTO memory_events (at, resident, belief_id, kind, detail) SELECT :now, "
        f"resident, id, 'lookback', CASE WHEN {_HIGHER} THEN 'lengthened' ELSE "
        f"'kept' END FROM beliefs WHERE {_DUE}", p)
    lengthened = conn.execute(
        f"UPDATE beliefs SET half_life = half_life * max(1, {_JUDGED}) / max(1, {_BASE}), "
        f"judged_importance = {_JUDGED}, looked_back = 1 WHERE {_DUE} AND {_HIGHER}",
        p).rowcount
    kept = conn.execute(f"UPDATE beliefs SET looked_back = 1 WHERE {_DUE}", p).rowcount
    # A longer H moves the thresholds later; a memory already recorded dormant (a low-
    # importance one can be by 64.8 h, before its look-back at 72 h) may now be above 2⁻³
    # again, and its recorded state must say so, or the pass would never record it going
    # dormant again and what reads the column (talk, association) would disagree with a(t).
    conn.execute(
        "UPDATE beliefs SET dormant_at = last_evoked_at + CAST(3 * half_life AS INTEGER), "
        "gone_at = last_evoked_at + CAST(5 * half_life AS INTEGER), access = CASE "
        "WHEN access != 'active' AND last_evoked_at + CAST(3 * half_life AS INTEGER) >= :now "
        "THEN 'active' WHEN access = 'unrecallable' AND last_evoked_at + CAST(5 * half_life "
        "AS INTEGER) >= :now THEN 'dormant' ELSE access END WHERE id IN (SELECT "
        "belief_id FROM memory_events WHERE kind = 'lookback' AND detail = 'lengthened' AND "
        "at = :now)", p)
    return {"lookbacks": lengthened + kept, "lengthened": lengthened}
