"""Checks for the arguments of the store's calls: every bad argument is an `InvalidEvidence`
naming it, raised before anything is written or cached.

Ids (residents, subjects, attributes, values, tellers, …) are kept without the white space
around them: `norm_id` is the one normalisation, on the way in (`Evidence`, every call's
arguments, through `ident`) and on the way out (reads, through `key`), so `" ada "` is `ada`
whichever way it comes.

Times are sim minutes: whole, finite numbers from 0 to `MAX_TIME` (an integral float such as
`60.0` is taken as 60; `nan`, `inf`, `1.5` and anything past `MAX_TIME` are refused). Counts and
versions stay below `MAX_INT`, so nothing reaching SQLite overflows its 64-bit integers.
"""

from __future__ import annotations

import math
from typing import Any

from .errors import InvalidEvidence

MAX_TIME = 10**12  # sim minutes: about 1.9 million years, exact as a float and in SQLite
MAX_INT = 2**62  # versions and ids: far from SQLite's 2**63 - 1
MAX_ID = 200  # characters in an id (as `Evidence`)
MAX_TEXT = 10_000  # characters in free text (a recall cue, a reason)


def time(field: str, value: Any) -> int:
    """A sim minute, or InvalidEvidence."""
    if isinstance(value, bool):
        raise InvalidEvidence(field, "a time is a number of sim minutes, not a truth value")
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise InvalidEvidence(field, f"a time is a whole, finite number of sim minutes; "
                                  f"got {value!r}")
        value = int(value)
    if not isinstance(value, int):
        raise InvalidEvidence(field, f"a time is a number of sim minutes, got "
                              f"{type(value).__name__}")
    if not 0 <= value <= MAX_TIME:
        raise InvalidEvidence(field, f"sim time runs from minute 0 to {MAX_TIME}")
    return value


def integer(field: str, value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidEvidence(field, f"expected a whole number, got {type(value).__name__}")
    if not lo <= value <= hi:
        raise InvalidEvidence(field, f"must be between {lo} and {hi}")
    return value


def fraction(field: str, value: Any) -> float:
    """A number in 0..1 (trust)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidEvidence(field, f"expected a number between 0 and 1, got "
                              f"{type(value).__name__}")
    if not (math.isfinite(value) and 0.0 <= value <= 1.0):
        raise InvalidEvidence(field, f"trust is between 0 and 1, got {value!r}")
    return float(value)


def norm_id(value: str) -> str:
    """An id as the store keeps it: without the white space around it."""
    return value.strip()


def ident(field: str, value: Any, *, limit: int = MAX_ID) -> str:
    """An id to write: a string, normalised (`norm_id`), not empty, at most `limit`
    characters, no NUL character in it (SQLite would keep it, and recall refuse it)."""
    if not isinstance(value, str):
        raise InvalidEvidence(field, f"expected a string, got {type(value).__name__}")
    value = norm_id(value)
    if not value:
        raise InvalidEvidence(field, "must not be empty")
    if len(value) > limit:
        raise InvalidEvidence(field, f"at most {limit} characters")
    if "\x00" in value:
        raise InvalidEvidence(field, "must not contain a NUL character")
    return value


def key(field: str, value: Any) -> str:
    """An id to look up: a string, normalised as writes normalise it (`norm_id`), not empty —
    a wrong type or an empty id is refused rather than found to name nothing. (A string no
    write takes, too long or with a NUL in it, finds nothing: it names nothing stored.)"""
    if not isinstance(value, str):
        raise InvalidEvidence(field, f"expected a string, got {type(value).__name__}")
    value = norm_id(value)
    if not value:
        raise InvalidEvidence(field, "must not be empty")
    return value


def maybe_key(field: str, value: Any) -> str | None:
    """`key`, or None for None (a filter not given)."""
    return None if value is None else key(field, value)


def text(field: str, value: Any, *, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str):
        raise InvalidEvidence(field, f"expected a string, got {type(value).__name__}")
    if len(value) > limit:
        raise InvalidEvidence(field, f"at most {limit} characters")
    return value


def flag(field: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise InvalidEvidence(field, f"expected true or false, got {type(value).__name__}")
    return value
