"""Evidence: what one resident actually came into contact with (epistemics §1, §3).

Evidence is the boundary of the memory module, so it is a pydantic model that refuses anything
that breaks the source rules: hearsay names its teller and origin, a declaration its teller, no
other kind names a teller; first-hand and witnessed evidence point at a world event, documents at
a document. Every refusal is an `InvalidEvidence` that names the field.

Each field takes its own type only (pydantic strict): a time is a whole number of sim
minutes (`60.0` is 60, as every call takes a time), not `True` or `"90"`; an id or a value is
a string, not `7` made into `"7"` — as the store's calls take them. Ids and values are kept
without the white space around them, by the one normalisation reads use too
(`memory.args.norm_id`), and never hold a NUL character (SQLite would keep it, and recall
refuse it: a memory that could never be recalled).
"""

from __future__ import annotations

import math
from functools import cached_property
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .args import MAX_INT, MAX_TIME, norm_id
from .errors import InvalidEvidence
from .kinds import Basis, SourceKind, rank
from .observed import Observed


class _once(cached_property):
    """`functools.cached_property` without the lock Python 3.11's takes on each first look
    (a pure function of a frozen model needs none; evidence is made by the thousand)."""

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.attrname] = self.func(instance)
        return value


Id = Annotated[str, Field(min_length=1, max_length=200, strict=True)]
# The fields holding ids (or values), one or a tuple of them: normalised before validation.
_IDS = frozenset({"resident", "subject", "attribute", "value", "event", "document", "fact",
                  "teller", "origin", "implanted_by"})
_ID_TUPLES = frozenset({"chain", "premises"})


class Evidence(BaseModel):
    """One piece of evidence about one claim `(subject, attribute)` for one resident.

    `at` is the sim minute the resident perceived it. `version` is the version of the world
    fact (or document) the evidence saw, for staleness (§9); `fact` names that fact and defaults
    to ``"document:<document id>"`` for a document, else to ``"subject.attribute"`` — the
    names `MemoryStore.mark_changed` takes. `confidence`, when given, is what a new value
    enters with instead of what its kind and the teller's trust give (§4): a caller's own
    weighting of a source, which overrules the document's numbers (left None, they hold).
    """

    model_config = ConfigDict(frozen=True, extra="forbid", ignored_types=(_once,))

    resident: Id
    subject: Id
    attribute: Id
    value: Id
    kind: SourceKind
    at: int = Field(ge=0, le=MAX_TIME, strict=True)
    event: Id | None = None
    document: Id | None = None
    version: int | None = Field(default=None, ge=1, le=MAX_INT, strict=True)
    fact: Id | None = None
    teller: Id | None = None
    origin: Id | None = None
    chain: tuple[Id, ...] | None = None
    basis: Basis | None = None
    premises: tuple[Id, ...] = ()
    implanted_by: Id | None = None
    by_player: bool = Field(default=False, strict=True)
    confidence: int | None = Field(default=None, ge=0, le=100, strict=True)
    importance: int | None = Field(default=None, ge=0, le=10, strict=True)

    def __init__(self, **data: Any) -> None:
        try:
            super().__init__(**data)
        except ValidationError as exc:
            raise InvalidEvidence.from_pydantic(exc) from None

    @classmethod
    def made(cls, **fields: Any) -> Evidence:
        """Evidence built from values the caller made valid itself — every field given, each
        of its type (a `SourceKind`, a `Basis`, tuples) — without validation: a town makes
        tens of thousands a day from its own checked ids and rules. What the source rules
        require is the caller's to keep; anything from outside goes through `Evidence(...)`."""
        from .belief import built

        return built(cls, fields)

    @classmethod
    def parse(cls, data: Any) -> Evidence:
        """Evidence from a mapping (or an Evidence), raising `InvalidEvidence` on bad input."""
        if isinstance(data, Evidence | Observed):
            return data  # type: ignore[return-value]
        if not isinstance(data, dict):
            raise InvalidEvidence("evidence", f"expected a mapping, got {type(data).__name__}")
        return cls(**data)

    @model_validator(mode="before")
    @classmethod
    def _defaults(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        for field, v in data.items():  # (values replaced in place: the keys stay as they are)
            if field in _IDS:
                if isinstance(v, str):
                    data[field] = v = norm_id(v)
                    if "\x00" in v:
                        _fail(field, "must not contain a NUL character")
            elif field in _ID_TUPLES and isinstance(v, tuple | list):
                data[field] = v = tuple(norm_id(x) if isinstance(x, str) else x for x in v)
                if any(isinstance(x, str) and "\x00" in x for x in v):
                    _fail(field, "must not contain a NUL character")
        attribute = data.get("attribute")
        if isinstance(attribute, str) and attribute[:9].encode("ascii", "replace").lower() \
                == b"believes " and not (data.get("teller") is not None
                                         and data.get("teller") == data.get("subject")):
            # (as SQLite's LIKE 'believes %' reads it: ASCII letters in any case) The store's
            # own name for what a resident believes another believes, which only that other's
            # own word gives (teller = subject: "I believe…"): a sighting under it was taken
            # as the teller's word and overwritten by the next telling (a developer's trial).
            _fail("attribute", "'believes …' is what someone says they believe: evidence "
                  "told by its subject; for anything else give the claim's attribute")
        at = data.get("at")
        if isinstance(at, float) and math.isfinite(at) and at.is_integer():
            data["at"] = int(at)  # a whole number of minutes, as every call takes a time
        kind = data.get("kind")
        if kind == SourceKind.HEARSAY:
            if data.get("basis") is None:
                data["basis"] = Basis.HEARD
            chain = data.get("chain")
            if chain is None and data.get("origin") and data.get("teller"):
                origin, teller = data["origin"], data["teller"]
                data["chain"] = (origin,) if origin == teller else (origin, teller)
        elif kind == SourceKind.DECLARED and data.get("teller") and data.get("origin") is None:
            data["origin"] = data["teller"]
        elif kind == SourceKind.IMPLANTED and data.get("implanted_by") is None:
            data["implanted_by"] = "player" if data.get("by_player") else "author"
        if kind == SourceKind.DOCUMENT and data.get("version") is None and data.get("document"):
            data["version"] = 1
        return data

    @model_validator(mode="after")
    def _source_rules(self) -> Evidence:
        k = self.kind
        if k is SourceKind.HEARSAY:
            _need(self.teller, "teller", "hearsay must name its teller")
            _need(self.origin, "origin", "hearsay must name its origin (who first claimed it)")
            if self.chain is not None:
                if self.chain[0] != self.origin:
                    _fail("chain", "a chain of tellers starts at the origin")
                if self.chain[-1] != self.teller:
                    _fail("chain", "a chain of tellers ends at the teller")
            if self.teller == self.resident:
                _fail("teller", "a resident cannot tell itself something")
        elif k is SourceKind.DECLARED:
            _need(self.teller, "teller", "a declaration must name its teller")
            if self.origin != self.teller:
                _fail("origin", "a declaration's origin is its teller")
            if self.teller not in (self.subject, self.value):
                _fail("teller", "a declaration is a person speaking about themselves: the "
                      "teller must be the claim's subject or its value")
        else:
            if self.teller is not None:
                _fail("teller", f"{k.value} evidence never names a teller")
            if self.origin is not None:
                _fail("origin", f"{k.value} evidence never names an origin")
            if self.chain is not None:
                _fail("chain", f"{k.value} evidence has no chain of tellers")
        if self.basis is not None and k is not SourceKind.HEARSAY:
            _fail("basis", "only hearsay carries the basis its teller gave")
        if k in (SourceKind.FIRSTHAND, SourceKind.WITNESSED):
            _need(self.event, "event", f"{k.value} evidence points at the world event it saw")
        if k is SourceKind.DOCUMENT:
            _need(self.document, "document", "document evidence names the document read")
        elif self.document is not None:
            _fail("document", f"{k.value} evidence does not point at a document")
        if k is SourceKind.INFERRED:
            if not self.premises:
                _fail("premises", "inferred evidence lists the beliefs it rests on")
            for p in self.premises:
                if "." not in p:
                    _fail("premises", f"premise {p!r} is not of the form subject.attribute")
        elif self.premises:
            _fail("premises", f"{k.value} evidence has no premises")
        if k is not SourceKind.IMPLANTED and self.implanted_by is not None:
            _fail("implanted_by", f"{k.value} evidence is not implanted")
        return self

    # -- derived -----------------------------------------------------------------------------

    # Derived values are computed once: the revision rules ask for them many times.
    @_once
    def rank(self) -> int:
        return rank(self.kind, self.basis)

    @_once
    def origin_key(self) -> str:
        """Who or what this evidence ultimately comes from, for the independence rule (§5.2).

        Hearsay relayed through any number of tellers keeps its origin, so a single origin
        repeated eight times counts once; a document counts once however many pages repeat it.
        """
        k = self.kind
        if k is SourceKind.HEARSAY or k is SourceKind.DECLARED:
            return "person:" + (self.origin or "")
        if k is SourceKind.DOCUMENT:
            return "document:" + (self.document or "")
        if k is SourceKind.INFERRED:
            return "inferred:" + self.resident
        if k is SourceKind.IMPLANTED:
            return "implanted:" + (self.implanted_by or "")
        return "event:" + (self.event or "")

    @property
    def fact_key(self) -> str:
        if self.fact:
            return self.fact
        if self.document:
            return "document:" + self.document
        return f"{self.subject}.{self.attribute}"


def _need(value: object, field: str, reason: str) -> None:
    if value is None or value == "":
        _fail(field, reason)


def _fail(field: str, reason: str) -> None:
    raise ValueError(f"[{field}] {reason}")
