"""Read-only views of stored evidence and trust changes, as the store hands them out."""

from __future__ import annotations

import json

from pydantic import BaseModel, ConfigDict

from .kinds import rank_name


class EvidenceRecord(BaseModel):
    """A stored piece of evidence, with the outcome its revision had."""

    model_config = ConfigDict(frozen=True)

    id: int
    resident: str
    subject: str
    attribute: str
    value: str
    kind: str
    source: str
    at: int
    event: str | None = None
    document: str | None = None
    version: int | None = None
    teller: str | None = None
    origin: str | None = None
    chain: list[str] = []
    basis: str | None = None
    premises: list[str] = []
    implanted_by: str | None = None
    by_player: bool = False
    origin_key: str
    confidence: int
    outcome: str

    @classmethod
    def from_row(cls, r: tuple) -> EvidenceRecord:
        """From a row of the store's own (valid as written: built without validation)."""
        from .belief import built

        return built(cls, dict(
            id=r[0], resident=r[1], subject=r[2], attribute=r[3], value=r[4], kind=r[5],
            source=rank_name(r[6]), at=r[7], event=r[8], document=r[9], version=r[10],
            teller=r[11], origin=r[12], chain=json.loads(r[13]) if r[13] else [],
            basis=r[14], premises=json.loads(r[15]) if r[15] else [], implanted_by=r[16],
            by_player=bool(r[17]), origin_key=r[18], confidence=r[19], outcome=r[20],
        ))


class TrustChange(BaseModel):
    model_config = ConfigDict(frozen=True)

    listener: str
    teller: str
    topic: str
    old: float
    new: float
    at: int
    reason: str
    evidence_id: int | None = None
