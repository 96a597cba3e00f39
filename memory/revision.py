"""The revision rules R(B, e) as plain functions (epistemics §5).

`revise(belief, evidence, ...)` is pure: it returns a new belief and what it did. The store uses
`apply()`, the same rules mutating a working copy in place, because it revises in bulk.

Order matters (seed 004): provenance is compared before any confidence arithmetic, then the
independence of the origin, then exactly one of reinforce / doubt / anomaly / correct /
reconsider / keep. For a claim about a state that can change, later first-hand evidence is an
update, not a contradiction; so is evidence of a newer version of a world fact the held value
rests on (§9), when it comes from a source at least as strong.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import access as acc
from .belief import STATE_NATURE, BeliefState, Cand
from .evidence import Evidence
from .kinds import (
    DEFAULT_TRUST,
    FIRSTHAND_RANK,
    SourceKind,
    State,
    initial_confidence,
    rank_name,
    round_half_up,
)
from .params import DEFAULT, MemoryParams
from .policies import BASELINES

RULES = "rules"  # the default policy: held value changes only by update, correct, reconsider
NOISY_OR = "noisy_or"  # the alternative of seed 002: the held value is the strongest candidate
POLICIES = (RULES, NOISY_OR, *BASELINES)  # and the naive baselines the evaluation compares
# Policies whose new belief is `new_belief` below, so the store's writer may build its row
# straight from the evidence (memory.fresh) when nothing else in a batch touches it. A policy
# that founds beliefs some other way leaves this set, and its beliefs go the general way.
FOUNDS_AS_WRITTEN = frozenset(POLICIES)

INFLUENCING = State.INFLUENCING.value
PAST = State.PAST.value
DOUBTFUL = State.DOUBTFUL.value
ANOMALOUS = State.ANOMALOUS.value
CORRECTED = State.CORRECTED.value


@dataclass(slots=True)
class Outcome:
    """What one piece of evidence did to a belief."""

    action: str  # new, update, reinforce, doubt, anomaly, correct, reconsider, keep
    changed: bool
    note: str = ""
    exposure: bool = False  # re-heard from an origin already counted (§5.2)


class Founded:
    """The outcome of evidence that founded a belief: an `Outcome` whose note is written only
    if someone reads it (a tick founds thousands, and reads none of their notes)."""

    __slots__ = ("_e",)
    action = "new"
    changed = True
    exposure = False

    def __init__(self, e: Evidence):
        self._e = e

    @property
    def note(self) -> str:
        return founding_note(self._e.value, who(self._e))

    def __repr__(self) -> str:
        return f"Outcome(action='new', changed=True, note={self.note!r}, exposure=False)"


def who(e: Evidence) -> str:
    """A short description of where evidence came from, for history notes."""
    return who_of(e.kind.value, e.teller, e.origin, e.document, e.implanted_by)


def who_of(k: str, teller: str | None, origin: str | None, document: str | None,
           implanted_by: str | None) -> str:
    """`who`, from the columns of a stored piece of evidence."""
    if k == "hearsay":
        return f"{teller} (from {origin})" if origin != teller else str(teller)
    if k == "declared":
        return f"{teller} themselves"
    if k == "document":
        return f"the {document}"
    if k == "implanted":
        return f"implanted by {implanted_by}"
    if k == "inferred":
        return "my own reasoning"
    return "my own eyes" if k == "witnessed" else "my own experience"


def founding_note(value: str, who_words: str) -> str:
    """The history note of a belief founded by one piece of evidence (the store's words)."""
    return f"first learned: {value} ({who_words})"


def new_belief(e: Evidence, initial: int, evidence_id: int | None, nature: str,
               policy: str = RULES, params: MemoryParams = DEFAULT) -> BeliefState:
    conf = _entry_confidence(initial, policy, params)
    c = _cand(e, conf, evidence_id)
    return BeliefState(
        resident=e.resident, subject=e.subject, attribute=e.attribute, value=e.value,
        confidence=conf, state=INFLUENCING, cands=[c], nature=nature, since=e.at,
        last_evidence_at=e.at,
        last_intervention_at=e.at if e.by_player else None, created_at=e.at, updated_at=e.at,
        importance=e.importance, last_evoked_at=e.at,
        facts={e.fact_key: e.version} if e.version is not None else {},
    )


def revise(belief: BeliefState | None, e: Evidence, *, initial: int | None = None,
           trust: float = DEFAULT_TRUST, evidence_id: int | None = None, policy: str = RULES,
           nature: str | None = None,
           params: MemoryParams = DEFAULT) -> tuple[BeliefState, Outcome]:
    """Apply evidence `e` to `belief` (None for a new claim); returns (new belief, outcome).

    `initial` is the confidence `e` would give a new belief on its own; by default it comes
    from the source kind and `trust` (§4). The input belief is not modified.
    """
    if initial is None:
        initial = e.confidence if e.confidence is not None else initial_confidence(
            e.kind, trust, params=params)
    if belief is None:
        b = new_belief(e, initial, evidence_id, nature or "event", policy, params)
        return b, Outcome("new", True, f"first heard: {e.value} ({who(e)})")
    b = belief.copy()
    return b, apply(b, e, initial, evidence_id, policy, params)


def apply(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None,
          policy: str = RULES, params: MemoryParams = DEFAULT) -> Outcome:
    """Revise `b` in place with `e`, in the documented order."""
    quiet = b.quiet_since()
    # Whether the memory could be recalled when the evidence came, before it changes anything
    # (a more important claim lengthens the half-life, §7).
    gone = e.value != b.value and _unrecallable(b, e.at, params)
    if e.by_player:
        b.last_intervention_at = max(e.at, b.last_intervention_at or 0)
    if e.importance is not None and (b.importance is None or e.importance > b.importance):
        b.importance = e.importance
    out = _rules(b, e, initial, evidence_id, policy, params)
    # Meeting the claim again, even from an origin already counted, brings it back to mind
    # (§7: d counts re-exposures; the half-life and Δt restart from here) — but a memory that
    # can no longer be recalled is not brought back by being contradicted while it stays
    # held: nothing in the contradiction calls it up (a cue reaches only dormant memories).
    if e.at >= b.last_evoked_at and (e.value == b.value or not gone):
        b.last_evoked_at = e.at
        b.access = "active"
    if not out.exposure and e.value == b.value and e.rank >= FIRSTHAND_RANK:
        # Seen (or declared) afresh: the conclusion stands checked. Re-inferring from premises
        # also clears it (the writer does that); a rumour does not (§9).
        b.recheck = False
    if not out.exposure:
        b.last_evidence_at = max(b.last_evidence_at, e.at)
        b.updated_at = max(b.updated_at, e.at)
        if e.value == b.value:
            b.misremembered = False  # what it remembers is now what it has evidence of
    if b.quiet_since() != quiet:
        # New evidence or a player's intervention restarts the aging clock (§6); `aged` counts
        # the periods applied since the clock last started, so it restarts with it. A player
        # re-telling something already heard is exposure, but still an intervention.
        b.aged = 0
    if e.version is not None and e.value == b.value:
        b.facts[e.fact_key] = max(b.facts.get(e.fact_key, 0), e.version)
    return out


def _rules(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None,
           policy: str, p: MemoryParams) -> Outcome:
    baseline = BASELINES.get(policy)
    if baseline is not None:  # a naive arbitration (memory.policies) instead of all below
        return Outcome(*baseline(b, e, initial, evidence_id, p))
    r = e.rank
    supports = e.value == b.value
    held = b.held()

    # States and events: a later first-hand observation of a changeable state is an update, and
    # so is a newer version of a world fact the held value rests on (§9): the world moved.
    if not supports and (_observed_later(b, e) or _newer_version(b, e)):
        return _update(b, e, initial, evidence_id, policy, p)

    # An observation of a state from before the one the held value rests on, come late: what
    # held then, not a contradiction of what holds now (the mirror of the update above). A
    # developer's sighting from minute 10, perceived after one from minute 1000, left the
    # newer value doubtful at 58. Kept beside it as what held before, at the superseded
    # confidence; nothing else changes.
    if not supports and _observed_earlier(b, e):
        c = b.cand(e.value)
        if c is None:
            b.cands.append(_cand(e, p.superseded_confidence, evidence_id))
        else:
            _merge_origin(c, e, evidence_id)
        return Outcome("keep", True, f"{source_words(e)} evidence ({who(e)}) of {e.value} is "
                       f"older than what I hold ({b.value}): it held before")

    # A resident's own account coming back to them through others (its origin is themselves)
    # is neither support nor contradiction: it is exposure (§5.2), under both policies.
    if _own_account(e):
        b.exposures += 1
        return Outcome("keep", False, f"{who(e)}: my own account coming back to me — "
                       "exposure, not evidence", exposure=True)

    if policy == NOISY_OR:
        return _noisy(b, e, initial, evidence_id, p)

    # 1. Provenance first.
    if not supports and r < held.rank:
        return _lower(b, e, initial, evidence_id, p)
    if not supports and r > held.rank:
        # The stronger source decides at once (004). "Corrected" is seed 000 §12's word for
        # first-hand evidence meeting a belief already in doubt; anything else that outranks
        # the held value replaces it as an update (or, in doubt, a change of mind).
        if b.state in (DOUBTFUL, ANOMALOUS) and r >= FIRSTHAND_RANK:
            return _correct(b, e, initial, evidence_id, p)
        return _outranked(b, e, initial, evidence_id, p)

    # 2. Independence: the same origin again is exposure, never corroboration.
    if _already_counted(b, e):
        b.exposures += 1
        return Outcome("keep", False, f"heard again from {e.origin_key}: exposure, not "
                       "corroboration", exposure=True)

    # 3. Exactly one of the rest.
    if supports:
        return _reinforce(b, e, evidence_id, p)
    if b.state in (DOUBTFUL, ANOMALOUS) and r >= FIRSTHAND_RANK:
        return _correct(b, e, initial, evidence_id, p)
    out = _contradict(b, e, initial, evidence_id, p)
    return _reconsider(b, e) or out


def _own_account(e: Evidence) -> bool:
    """What the resident said coming back to them: hearsay whose origin is the resident."""
    return e.origin == e.resident and e.kind is not SourceKind.DECLARED


def source_words(e: Evidence) -> str:
    """The source as it was, for history notes: "witnessed", "declared", "document", or for
    hearsay its rank ("testimony", "rumour") — never "first-hand" for what was not."""
    k = e.kind.value
    if k == "hearsay":
        return rank_name(e.rank)
    return {"firsthand": "first-hand", "witnessed": "witnessed", "declared": "declared"}.get(
        k, k)


def _unrecallable(b: BeliefState, at: int, p: MemoryParams) -> bool:
    return acc.state_of(acc.accessibility(at, b.last_evoked_at, b.half_life(p)), p) == \
        acc.UNRECALLABLE


def _observed_later(b: BeliefState, e: Evidence) -> bool:
    return b.nature == STATE_NATURE and e.rank >= FIRSTHAND_RANK and e.at > b.since


def _observed_earlier(b: BeliefState, e: Evidence) -> bool:
    """A changeable state seen first-hand before the held value's own observation (`since`),
    when the held value itself was observed first-hand."""
    return b.nature == STATE_NATURE and e.rank >= FIRSTHAND_RANK and e.at < b.since and \
        b.held().rank >= FIRSTHAND_RANK


def _newer_version(b: BeliefState, e: Evidence) -> bool:
    """Evidence of a newer version of a fact the held value rests on, from a source at least as
    strong (a lower-ranked one still may not change the value: provenance first)."""
    return b.outdated_by(e.fact_key, e.version) and e.rank >= b.held().rank


# -- the rules ----------------------------------------------------------------------------------


def _reinforce(b: BeliefState, e: Evidence, evidence_id: int | None,
               p: MemoryParams) -> Outcome:
    held = b.held()
    _merge_origin(held, e, evidence_id)
    _set_conf(b, min(p.reinforce_cap, b.confidence + p.reinforce_step))
    _settle(b, e)
    return Outcome("reinforce", True, f"{who(e)} supports {b.value}")


def _contradict(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None,
                p: MemoryParams) -> Outcome:
    _add_or_raise(b, e, initial, evidence_id, p)
    if e.by_player:
        _set_conf(b, _lowered(b.confidence, p.anomaly_step, p.doubt_floor))
        b.state = ANOMALOUS
        return Outcome("anomaly", True,
                       f"{who(e)} says {e.value}, against {b.value}: the player's doing")
    _set_conf(b, _lowered(b.confidence, p.doubt_step, p.doubt_floor))
    if b.state != ANOMALOUS:
        b.state = DOUBTFUL
    return Outcome("doubt", True, f"{who(e)} says {e.value}, against {b.value}")


def _lower(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None,
           p: MemoryParams) -> Outcome:
    """Lower-ranked contradiction: never changes the value (seed 004)."""
    held = b.held()
    ok = e.origin_key
    if _already_counted(b, e):
        b.exposures += 1
        return Outcome("keep", False, f"heard again from {ok}: exposure", exposure=True)
    lowered_before = any(ok in c.origins for c in b.cands if c.value != b.value)
    _add_or_raise(b, e, initial, evidence_id, p)
    if not lowered_before:
        floor = p.firsthand_floor if held.rank >= FIRSTHAND_RANK else p.doubt_floor
        step = p.anomaly_step if e.by_player else p.doubt_step
        _set_conf(b, _lowered(b.confidence, step, floor))
    if e.by_player:
        b.state = ANOMALOUS
    elif b.state != ANOMALOUS:
        b.state = DOUBTFUL
    if b.nature == STATE_NATURE and e.at > b.since:
        b.wants_look = True  # newer news about a state: go and look (§8)
    action = "anomaly" if e.by_player else "doubt"
    # "implanted by author says bo", not "implanted from implanted by author" (a developer's
    # trial read the history of an implant so)
    src = who(e)
    said = src if e.kind is SourceKind.IMPLANTED else f"{rank_name(e.rank)} from {src}"
    return Outcome(action, True, f"{said} says {e.value}; it ranks "
                   f"below the {rank_name(held.rank)} evidence for {b.value}, which stands")


def _correct(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None,
             p: MemoryParams) -> Outcome:
    """Seed 000 §12: first-hand-ranked evidence against a belief already in doubt."""
    old = b.held()
    old_value = b.value
    c = _add_or_raise(b, e, initial, evidence_id, p)
    old.conf = p.superseded_confidence
    b.value = e.value
    b.since = e.at
    _set_conf(b, p.corrected_confidence)
    b.state = CORRECTED
    b.wants_look = False
    assert c is not None
    return Outcome("correct", True, f"later {source_words(e)} evidence ({who(e)}) corrected my "
                   f"earlier understanding: I thought {old_value}, now {e.value} (I already "
                   "doubted it)")


def _outranked(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None,
               p: MemoryParams) -> Outcome:
    """A stronger source against a held value not in doubt, or a second-hand one against a
    doubtful value: its value is held at its own confidence (an update, or a change of mind
    when the resident was already in doubt); the old value stays beside it at the superseded
    confidence, and the note names the source as it was."""
    old = b.held()
    old_value, was_doubtful = b.value, b.state in (DOUBTFUL, ANOMALOUS)
    had = b.cand(e.value)
    fresh = had is None or had.origins.get(e.origin_key, -1) < e.rank  # not mere exposure
    c = _add_or_raise(b, e, initial, evidence_id, p)
    assert c is not None
    if fresh:
        # At its own confidence at least: a value that stood beside the old one as a
        # superseded candidate (25) was only raised by 8, so seeing it oneself left it at 33.
        # (The same origin again is exposure, §5.2: it raises nothing.)
        c.conf = max(c.conf, initial)
    old.conf = min(old.conf, p.superseded_confidence)
    b.value = e.value
    b.since = e.at
    b.confidence = c.conf
    b.state = INFLUENCING
    b.wants_look = False
    return Outcome("reconsider" if was_doubtful else "update", True,
                   f"{source_words(e)} evidence ({who(e)}) outranks the {rank_name(old.rank)} I "
                   f"had for {old_value}: now {e.value}")


def _reconsider(b: BeliefState, e: Evidence) -> Outcome | None:
    if b.state != DOUBTFUL:
        return None
    held_rank = b.held().rank
    best = None
    for c in b.cands:
        # Only a candidate ranking with the held value or above: provenance comes before any
        # arithmetic (seed 004), so values resting on weaker evidence never win by confidence.
        if c.value != b.value and c.rank >= held_rank and len(c.origins) >= 2 and \
                c.conf > b.confidence and (best is None or c.conf > best.conf):
            best = c
    if best is None:
        return None
    old_value = b.value
    b.held().conf = b.confidence
    b.value = best.value
    b.confidence = best.conf
    b.state = INFLUENCING
    b.since = e.at
    return Outcome("reconsider", True, f"changed my mind: {best.value} now rests on "
                   f"{len(best.origins)} independent sources and stands above {old_value}")


def _update(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None,
            policy: str, p: MemoryParams) -> Outcome:
    """A changeable state observed first-hand later: the world moved; old value is history."""
    old_value, old_since = b.value, b.since
    conf = _entry_confidence(initial, policy, p)
    b.cands = [_cand(e, conf, evidence_id)]
    b.value = e.value
    b.confidence = conf
    b.state = INFLUENCING
    b.since = e.at
    b.wants_look = False
    return Outcome("update", True, f"{old_value} held from minute {old_since} until {e.at}; "
                   f"now {e.value} ({who(e)})")


def _noisy(b: BeliefState, e: Evidence, initial: int, evidence_id: int | None,
           p: MemoryParams) -> Outcome:
    """The noisy-OR policy of seed 002, with provenance-first and independence kept."""
    r = e.rank
    held = b.held()
    if _already_counted(b, e):
        b.exposures += 1
        return Outcome("keep", False, f"heard again from {e.origin_key}: exposure",
                       exposure=True)
    s = initial / 100
    if e.value == b.value:
        _merge_origin(held, e, evidence_id)
        _set_conf(b, _noisy_merge(b.confidence, s, p))
        _settle(b, e)
        return Outcome("reinforce", True, f"{who(e)} supports {b.value} (noisy-OR)")
    c = b.cand(e.value)
    if r < held.rank:
        out = _lower(b, e, initial, evidence_id, p)
        c = b.cand(e.value)
        assert c is not None
        c.conf = min(c.conf, b.confidence - 1)  # may never overtake the held value
        return out
    if c is None:
        c = _cand(e, _entry_confidence(initial, NOISY_OR, p), evidence_id)
        b.cands.append(c)
    else:
        _merge_origin(c, e, evidence_id)
        c.conf = _noisy_merge(c.conf, s, p)
    old_value, was_doubtful = b.value, b.state in (DOUBTFUL, ANOMALOUS)
    _set_conf(b, p.noisy_contradicted)
    # The strongest candidate holds, among those ranking with the old value or above: provenance
    # first holds under both policies, so a value resting on weaker evidence (kept below the
    # held value only while it stood) never takes over by arithmetic once the held value falls.
    best = max((x for x in b.cands if x.rank >= held.rank),
               key=lambda x: (x.conf, x.value == old_value))
    b.value = best.value
    b.confidence = best.conf
    if b.value == old_value:
        b.state = DOUBTFUL
        return Outcome("doubt", True, f"{who(e)} says {e.value}, against {old_value}")
    b.since = e.at
    if r >= FIRSTHAND_RANK and was_doubtful:  # seed 000 §12, under both policies
        b.state = CORRECTED
        action = "correct"
    elif r > held.rank:
        b.state = INFLUENCING
        action = "reconsider" if was_doubtful else "update"
    elif e.by_player:
        b.state = ANOMALOUS
        action = "anomaly"
    else:
        b.state = INFLUENCING
        action = "reconsider"
    return Outcome(action, True, f"{who(e)} says {e.value}: now the strongest candidate, "
                   f"{old_value} drops to {p.noisy_contradicted}")


def reweigh(b: BeliefState, teller: str, delta: int, p: MemoryParams = DEFAULT) -> Outcome | None:
    """Seed 000 §30: the listener's trust in `teller` has fallen, so each value of `b` that
    rests on that teller's word (hearsay told by them) moves by `delta` — the difference the
    new trust makes to hearsay's initial confidence (§4) — never below the doubt floor. If the
    held value falls below a candidate at least as well sourced, the resident is now in doubt.
    Returns None when nothing rested on that teller."""
    moved = False
    for c in b.cands:
        if c.kind == "hearsay" and c.teller == teller:
            new = max(min(c.conf, p.doubt_floor), c.conf + delta)
            if new != c.conf:
                c.conf = new
                moved = True
    if not moved:
        return None
    held = b.held()
    b.confidence = held.conf
    if b.state in (INFLUENCING, CORRECTED) and any(
            c.value != b.value and c.rank >= held.rank and c.conf > b.confidence
            for c in b.cands):
        b.state = DOUBTFUL
    return Outcome("reweigh", True, f"{teller}'s word counts for {delta:+d}")


# -- helpers ------------------------------------------------------------------------------------


def _noisy_merge(c: int, s: float, p: MemoryParams = DEFAULT) -> int:
    """Seed 002's merge of supporting evidence of strength s: min(99, 100 - (100 - c)(1 - s)),
    rounded half up like every other figure in the model."""
    return min(p.noisy_cap, round_half_up(100 - (100 - c) * (1 - s)))


def _lowered(c: int, step: int, floor: int) -> int:
    """c - step, but not below floor; a floor stops a fall, it never raises a confidence that
    was already below it (a contradiction never makes a resident surer)."""
    return max(min(c, floor), c - step)


def entry_confidence(initial: int, policy: str, p: MemoryParams = DEFAULT) -> int:
    """The confidence a new value enters with under `policy`."""
    if policy == NOISY_OR:
        return max(p.noisy_add_min, min(p.noisy_add_max, initial))
    return initial


_entry_confidence = entry_confidence


def _cand(e: Evidence, conf: int, evidence_id: int | None) -> Cand:
    return Cand(value=e.value, conf=conf, rank=e.rank, kind=e.kind.value,
                origins={e.origin_key: e.rank}, first_at=e.at, last_at=e.at,
                evidence_id=evidence_id, teller=e.teller, origin=e.origin,
                basis=e.basis.value if e.basis else None)


def _already_counted(b: BeliefState, e: Evidence) -> bool:
    c = b.cand(e.value)
    return c is not None and c.origins.get(e.origin_key, -1) >= e.rank


def _merge_origin(c: Cand, e: Evidence, evidence_id: int | None) -> None:
    r = e.rank
    ok = e.origin_key
    if c.origins.get(ok, -1) < r:
        c.origins[ok] = r
    if r > c.rank or c.evidence_id is None:
        c.rank = r
        c.kind = e.kind.value
        c.evidence_id = evidence_id
        c.teller, c.origin = e.teller, e.origin
        c.basis = e.basis.value if e.basis else None
    c.last_at = max(c.last_at, e.at)


def _add_or_raise(b: BeliefState, e: Evidence, initial: int,
                  evidence_id: int | None, p: MemoryParams = DEFAULT) -> Cand | None:
    """Add `e`'s value as a candidate, or raise it for a new origin or stronger kind."""
    c = b.cand(e.value)
    if c is None:
        c = _cand(e, initial, evidence_id)
        b.cands.append(c)
        return c
    if c.origins.get(e.origin_key, -1) >= e.rank:
        return c
    _merge_origin(c, e, evidence_id)
    c.conf = min(p.reinforce_cap, c.conf + p.reinforce_step)
    return c


def _set_conf(b: BeliefState, conf: int) -> None:
    b.confidence = conf
    b.held().conf = conf


def _settle(b: BeliefState, e: Evidence) -> None:
    """After support: a past belief is revived; doubt lifts once the held value leads again."""
    if b.state == PAST:
        b.state = INFLUENCING
    leads = all(c.conf < b.confidence for c in b.cands if c.value != b.value)
    if leads and (b.state == DOUBTFUL or (b.state == ANOMALOUS and e.rank >= FIRSTHAND_RANK)):
        b.state = INFLUENCING
    if e.rank >= FIRSTHAND_RANK and e.at >= b.since:
        b.wants_look = False
