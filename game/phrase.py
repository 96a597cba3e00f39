"""Attribute phrases: a label ("{subject} is at {value}") and an `about` ("where {subject}
is"), and a reaction's words for its act ("{actor} gave {target} feverfew") — the only words
a scenario writes with fields in them.

A phrase is parsed once, when the scenario loads, into literal text and the named fields it may
use (`{subject}`, and in a label `{value}`; `{actor}` and `{target}` in an act); `{{` and `}}`
are literal braces. Nothing else is allowed — no positional field (`{}`, `{0}`), no attribute
or index (`{subject.__class__}`), no conversion (`{value!r}`), no format spec
(`{subject:>99999}`) — so rendering is plain concatenation of what the phrase was given: it
cannot reach an object, fail, or grow.
"""

from __future__ import annotations

import string
from functools import lru_cache

LABEL_FIELDS = frozenset({"subject", "value"})
ABOUT_FIELDS = frozenset({"subject"})
ACT_FIELDS = frozenset({"actor", "target"})  # a reaction's words for its act


class PhraseError(ValueError):
    pass


@lru_cache(maxsize=4096)
def parse(text: str, fields: frozenset[str]) -> tuple[tuple[str, str | None], ...]:
    """`text` as (literal, field or None) pieces; PhraseError if it uses anything but
    `fields`."""
    allowed = ", ".join("{" + f + "}" for f in sorted(fields))
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise PhraseError(f"{exc} (write fields as {allowed}, and a brace as {{{{ or }}}})") \
            from None
    out: list[tuple[str, str | None]] = []
    for literal, name, spec, conversion in parts:
        if literal:
            out.append((literal, None))
        if name is None:
            continue
        shown = "{" + name + (f"!{conversion}" if conversion else "") + \
            (f":{spec}" if spec else "") + "}"
        if name == "" or name.isdigit():
            raise PhraseError(f"{shown}: positional fields are not allowed; use {allowed}")
        if name not in fields:
            if any(c in name for c in ".[]"):
                raise PhraseError(f"{shown}: no attribute access or indexing; use {allowed}")
            raise PhraseError(f"{shown}: unknown field (this phrase may use {allowed})")
        if conversion:
            raise PhraseError(f"{shown}: no conversions (!{conversion}); use {allowed}")
        if spec:
            raise PhraseError(f"{shown}: no format spec (:{spec}); use {allowed}")
        out.append(("", name))
    return tuple(out)


def render(text: str, fields: frozenset[str], **values: str) -> str:
    """The phrase with its fields filled in (the phrase was checked at load)."""
    return "".join(lit if name is None else values[name] for lit, name in parse(text, fields))
