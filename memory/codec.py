"""Rows <-> working beliefs: the one place that knows the column order of `beliefs`."""

from __future__ import annotations

import json

from .belief import BeliefState, Cand
from .params import DEFAULT, MemoryParams

# Columns written for a belief, in order; `id` first so an INSERT and an UPDATE share them.
BELIEF_COLUMNS = (
    "id", "resident", "claim_id", "value", "confidence", "state", "rank", "kind", "candidates",
    "since", "created_at", "updated_at", "last_evidence_at", "last_intervention_at",
    "quiet_since", "aged", "exposures", "uses", "sources", "last_evoked_at", "importance",
    "stale", "recheck", "wants_look", "unjudged", "premises", "teller", "origin",
    "half_life", "access", "dormant_at", "gone_at", "judged_importance", "looked_back",
    "misremembered", "indexed", "evidence_count", "lazy",
)

INSERT_BELIEF = (
    f"INSERT INTO belief_rows ({', '.join(BELIEF_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in BELIEF_COLUMNS)})"
)
# Who and which claim never change, so an update leaves them (and their index) alone.
_FIXED = ("id", "resident", "claim_id", "created_at")
_CHANGING = tuple(c for c in BELIEF_COLUMNS if c not in _FIXED)
_CHANGING_AT = tuple(BELIEF_COLUMNS.index(c) for c in _CHANGING)
UPDATE_BELIEF = (
    "UPDATE belief_rows SET " + ", ".join(f"{c} = ?" for c in _CHANGING) + " WHERE id = ?"
)

def _encoder():
    """`json.JSONEncoder(separators=(",", ":")).encode`, without building an encoder per call:
    the C encoder it would make, made once (no circular check: rows hold plain lists)."""
    from json.encoder import c_make_encoder, encode_basestring_ascii

    if c_make_encoder is None:  # pragma: no cover - CPython always has it
        return json.JSONEncoder(separators=(",", ":")).encode
    enc = c_make_encoder(None, None, encode_basestring_ascii, None, ":", ",", False, False,
                         True)
    join = "".join
    return lambda o: join(enc(o, 0))


dumps = _encoder()

# What a SELECT must return for `state_from_row`, with the claim joined in.
SELECT_BELIEF = (
    "SELECT b.id, b.resident, b.claim_id, b.value, b.confidence, b.state, b.candidates, "
    "b.since, b.created_at, b.updated_at, b.last_evidence_at, b.last_intervention_at, b.aged, "
    "b.exposures, b.uses, b.last_evoked_at, b.importance, b.stale, b.recheck, b.wants_look, "
    "b.unjudged, b.premises, c.subject, c.attribute, c.nature, b.access, "
    "b.judged_importance, b.looked_back, b.misremembered, b.evidence_count, b.lazy "
    "FROM beliefs b JOIN claims c ON c.id = b.claim_id"
)
# The same of the rows written only (memory.unwritten): for a caller that has written the
# rows of any unwritten memory it reads, or reads what no unwritten memory can be.
SELECT_BELIEF_ROWS = SELECT_BELIEF.replace("FROM beliefs b", "FROM belief_rows b")
# And of the lazy memories only their evidence stands for.
SELECT_UNWRITTEN = SELECT_BELIEF.replace("FROM beliefs b", "FROM unwritten_beliefs b")
SELECT_BELIEF_ROWS_BY_CLAIM = SELECT_BELIEF.replace(
    "FROM beliefs b JOIN claims c ON c.id = b.claim_id",
    "FROM claims c CROSS JOIN belief_rows b ON b.claim_id = c.id")
SELECT_UNWRITTEN_BY_CLAIM = SELECT_BELIEF.replace(
    "FROM beliefs b JOIN claims c ON c.id = b.claim_id",
    "FROM claims c CROSS JOIN unwritten_beliefs b ON b.claim_id = c.id")


def state_from_row(r: tuple) -> BeliefState:
    return BeliefState(
        id=r[0], resident=r[1], claim_id=r[2], value=r[3], confidence=r[4], state=r[5],
        cands=[Cand(*c) for c in json.loads(r[6])], since=r[7], created_at=r[8],
        updated_at=r[9], last_evidence_at=r[10], last_intervention_at=r[11], aged=r[12],
        exposures=r[13], uses=r[14], last_evoked_at=r[15], importance=r[16],
        stale=bool(r[17]), recheck=bool(r[18]), wants_look=bool(r[19]), unjudged=r[20],
        premises=json.loads(r[21]) if r[21] else [], subject=r[22], attribute=r[23],
        nature=r[24], access=r[25], judged_importance=r[26], looked_back=bool(r[27]),
        misremembered=bool(r[28]), evidence_count=r[29], lazy=bool(r[30]),
    )


def row_from_state(b: BeliefState, params: MemoryParams = DEFAULT, indexed: int = 0) -> tuple:
    """The row of a belief; `indexed` is 0 while recall has yet to index its words."""
    held = b.held()
    quiet = b.quiet_since()
    h = b.half_life(params)
    return (
        b.id, b.resident, b.claim_id, b.value, b.confidence, b.state, held.rank, held.kind,
        b.cands_json(), b.since, b.created_at, b.updated_at, b.last_evidence_at,
        b.last_intervention_at, quiet, b.aged, b.exposures, b.uses, len(held.origins),
        b.last_evoked_at, b.importance, int(b.stale), int(b.recheck), int(b.wants_look),
        b.unjudged, dumps(b.premises) if b.premises else None, held.teller, held.origin,
        h, b.access, b.last_evoked_at + int(params.dormant_after * h),
        b.last_evoked_at + int(params.unrecallable_after * h), b.judged_importance,
        int(b.looked_back), int(b.misremembered), indexed, b.evidence_count, int(b.lazy),
    )


def update_params(b: BeliefState, params: MemoryParams = DEFAULT, indexed: int = 1) -> tuple:
    row = row_from_state(b, params, indexed)
    return tuple(row[i] for i in _CHANGING_AT) + (row[0],)


# What re-exposure changes (memory.writer: a belief only re-exposed in a batch), and nothing
# else: the columns an exposure moves, so neither the candidates nor the indexes on what else
# a row holds are written again.
UPDATE_EXPOSED = (
    "UPDATE belief_rows SET exposures = ?, last_evoked_at = ?, access = ?, importance = ?, "
    "evidence_count = ?, unjudged = ?, half_life = ?, dormant_at = ?, gone_at = ?, indexed = ? "
    "WHERE id = ?"
)


def exposed_params(b: BeliefState, params: MemoryParams = DEFAULT, indexed: int = 1) -> tuple:
    """`UPDATE_EXPOSED`'s values: those of `row_from_state` for its columns."""
    h = b.half_life(params)
    evoked = b.last_evoked_at
    return (b.exposures, evoked, b.access, b.importance, b.evidence_count, b.unjudged, h,
            evoked + int(params.dormant_after * h), evoked + int(params.unrecallable_after * h),
            indexed, b.id)
