"""The ways memory says no: bad evidence, a proposal the guard refuses, a store closed."""

from __future__ import annotations


class MemoryModuleError(Exception):
    """Base of every error the memory module raises on purpose."""


class InvalidEvidence(MemoryModuleError, ValueError):
    """Evidence (or a call) that breaks the memory contract; names the offending field.

    Raised before anything is written, so the store is unchanged.
    """

    def __init__(self, field: str, reason: str, problems: list[tuple[str, str]] | None = None):
        self.field = field
        self.reason = reason
        self.problems = problems or [(field, reason)]
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(f"invalid evidence: {field}: {reason}{more}")

    @classmethod
    def from_pydantic(cls, exc) -> InvalidEvidence:
        problems = []
        for err in exc.errors():
            loc = ".".join(str(p) for p in err.get("loc", ())) or _field_from_msg(err["msg"])
            problems.append((loc, _clean(err["msg"])))
        field, reason = problems[0]
        return cls(field, reason, problems)


class GuardRefusal(MemoryModuleError):
    """A proposed memory write that breaks the contract of epistemics §12."""

    def __init__(self, rule: str, reason: str):
        self.rule = rule
        self.reason = reason
        super().__init__(f"refused by the memory guard ({rule}): {reason}")


def _clean(msg: str) -> str:
    # pydantic prefixes custom errors with "Value error, "; the field name says enough.
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
    if msg.startswith("[") and "] " in msg:
        msg = msg.split("] ", 1)[1]
    return msg


def _field_from_msg(msg: str) -> str:
    # Model-level validators name their field as "[field] reason".
    msg = _clean_prefix(msg)
    if msg.startswith("[") and "]" in msg:
        return msg[1:msg.index("]")]
    return "evidence"


def _clean_prefix(msg: str) -> str:
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            return msg[len(prefix):]
    return msg


class StoreClosed(MemoryModuleError):
    """A call on a store after `close()`."""

    def __init__(self) -> None:
        super().__init__("the memory store is closed: open it again to use it")


class _ClosedDb:
    """What a closed store holds in place of its database: anything asked of it says so."""

    memory = False

    def __getattr__(self, name: str):
        raise StoreClosed()
