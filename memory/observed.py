"""First-hand evidence made by the thousand: a plain record with what `Evidence` would hold.

A town's residents take in who else is there every hour (who stood where): a thousand
residents make a hundred thousand such pieces of evidence a day. A validated pydantic
`Evidence` costs several microseconds to build; `Observed` checks the same rules for what it
can hold — first-hand or witnessed evidence of a world event, nothing else — in plain Python,
and the store takes it wherever it takes `Evidence`. Anything it refuses is `InvalidEvidence`
naming the field, as `Evidence` would refuse it.
"""

from __future__ import annotations

import re

from .args import MAX_ID, MAX_TIME
from .errors import InvalidEvidence
from .kinds import SourceKind, rank

_KINDS = {SourceKind.FIRSTHAND: rank(SourceKind.FIRSTHAND),
          SourceKind.WITNESSED: rank(SourceKind.WITNESSED)}


def _id(field: str, value: object) -> str:
    if not isinstance(value, str):
        raise InvalidEvidence(field, "Input should be a valid string")
    value = value.strip()
    if not value:
        raise InvalidEvidence(field, "String should have at least 1 character")
    if len(value) > MAX_ID:
        raise InvalidEvidence(field, f"String should have at most {MAX_ID} characters")
    return value


def _whole(x: object) -> bool:
    """An int (of any subclass) that is not a bool."""
    return isinstance(x, int) and not isinstance(x, bool)


_FIELDS = ("resident", "subject", "attribute", "value", "event")
# An id as `_id` would leave it, checked in one step: 1..MAX_ID characters, no white space at
# either end (`\s` is `str.isspace`). No match: check field by field (`_id` says what is
# wrong, or strips it).
_good_id = re.compile(rf"(?!\s)[\s\S]{{1,{MAX_ID}}}(?<!\s)").fullmatch


_new = object.__new__


class Observed:
    """One resident's own observation of a world event (kind first-hand or witnessed)."""

    __slots__ = ("resident", "subject", "attribute", "value", "kind", "at", "event",
                 "importance", "rank", "origin_key")
    # What the other kinds of evidence carry, and this one never does.
    document = version = fact = teller = origin = chain = basis = implanted_by = None
    confidence = None
    premises: tuple = ()
    by_player = False

    def __init__(self, resident: str, subject: str, attribute: str, value: str,
                 kind: SourceKind, at: int, event: str, importance: int | None = None):
        # Made by the thousand an hour: each check's common case first, in as few steps.
        if kind.__class__ is not SourceKind:
            try:
                kind = SourceKind(kind)
            except ValueError:
                raise InvalidEvidence("kind", f"unknown source kind {kind!r}") from None
        r = _KINDS.get(kind)
        if r is None:
            raise InvalidEvidence("kind", "observed evidence is first-hand or witnessed")
        if (at.__class__ is not int and not _whole(at)) or not 0 <= at <= MAX_TIME:
            raise InvalidEvidence("at", f"a sim minute from 0 to {MAX_TIME}")
        if importance is not None and ((importance.__class__ is not int and
                                        not _whole(importance)) or not 0 <= importance <= 10):
            raise InvalidEvidence("importance", "a whole number from 0 to 10")
        ids = (resident, subject, attribute, value, event)
        for x in ids:  # the common case checked at once; any doubt, field by field
            if x.__class__ is not str or _good_id(x) is None:
                ids = tuple(_id(f, v) for f, v in zip(_FIELDS, ids, strict=True))
                break
        self.resident, self.subject, self.attribute, self.value, self.event = ids
        if self.attribute[:9].encode("ascii", "replace").lower() == b"believes ":
            # What someone believes is known from their own word, never seen (as `Evidence`
            # has it; this slipped past the rule there: a review).
            raise InvalidEvidence("attribute", "'believes …' is what someone says they "
                                  "believe: evidence told by its subject, never observed")
        self.kind = kind
        self.at = at
        self.importance = importance
        self.rank = r
        self.origin_key = "event:" + self.event

    @classmethod
    def known(cls, resident: str, subject: str, attribute: str, value: str,
              kind: SourceKind, at: int, event: str,
              importance: int | None = None) -> Observed:
        """One made by a caller from what it has checked already — ids of its own
        (a game's residents, places and hours: validated when its scenario was read), a
        `SourceKind` member, a sim minute: the record without the checks (a town makes a
        hundred thousand a day)."""
        o = _new(cls)
        o.resident, o.subject, o.attribute, o.value, o.event = (resident, subject, attribute,
                                                                 value, event)
        o.kind, o.at, o.importance, o.rank = kind, at, importance, _KINDS[kind]
        o.origin_key = "event:" + event
        return o

    @property
    def fact_key(self) -> str:
        return f"{self.subject}.{self.attribute}"

    def __repr__(self) -> str:
        return (f"Observed({self.resident!r}, {self.subject}.{self.attribute} = "
                f"{self.value!r}, {self.kind.value}, at {self.at}, {self.event!r})")
