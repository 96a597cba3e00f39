"""A small, safe condition language for goals, endings, scheduled events and reactions.

    not believes("ada", "cy.took_ada_key", "yes") and fact("cy.barred") != "yes"
    count_believers("meeting.place", "old_hall", 50) >= 4 or happened("accuse", "ada", "cy")

and / or / not, comparisons, numbers, strings, lists, and the functions in FUNCTIONS — never
Python `eval`. Expressions are parsed once (at scenario load, so a typo is an error with its
line) and evaluated against a `Context` that answers from the world and from memory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol


class ConditionError(ValueError):
    pass


class Context(Protocol):
    def fn_fact(self, claim: str) -> str: ...


# name -> (min args, max args, what it returns, help)
FUNCTIONS: dict[str, tuple[int, int, str]] = {
    "fact": (1, 1, 'fact("cy.barred") -> the world\'s value of a claim, "" if none'),
    "believes": (3, 4, 'believes("ada", "cy.took_ada_key", "yes" [, min_confidence]) -> held '
                       "value is that, not past"),
    "value": (2, 2, 'value("ada", "ada_key.location") -> the value ada holds, "" if none'),
    "confidence": (2, 2, 'confidence("ada", "cy.took_ada_key") -> 0..100, 0 if no belief'),
    "knows": (2, 2, 'knows("ada", "ada_key.location") -> holds the true value, not past'),
    "count_believers": (2, 4, 'count_believers("cy.took_ada_key", "yes" [, min_confidence '
                              '[, ["gus", "eli"]]]) -> how many hold it'),
    "happened": (1, 3, 'happened("accuse" [, actor [, target]]) -> an event of that id or kind '
                       "is in the world log"),
    "times": (1, 3, 'times("accuse" [, actor [, target]]) -> how many such events'),
    "now": (0, 0, "now() -> the current sim minute"),
    "time": (1, 1, 'time("day 3 18:00") -> that sim minute'),
    "at": (2, 2, 'at("cy", "market") -> cy is there now'),
    "present": (1, 1, 'present("school") -> how many residents are there now, awake'),
    "trust": (2, 2, 'trust("ada", "bo") -> how far ada trusts bo, 0..1'),
    "reached": (1, 1, 'reached("found_drawer") -> the player has reached a knowledge stage'),
    "concluded": (1, 1, 'concluded("ada_key.moved_by") -> the answer the player gave, "" if '
                        "none"),
    "affinity": (2, 2, 'affinity("ana", "ben") -> how ana feels about ben, -1..1'),
}

_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<num>\d+(?:\.\d+)?)
  | (?P<str>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
  | (?P<op>==|!=|<=|>=|<|>|\(|\)|\[|\]|,)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
""", re.VERBOSE)

_KEYWORDS = {"and", "or", "not", "true", "false"}


@dataclass(frozen=True)
class Node:
    op: str  # lit, call, and, or, not, cmp, list
    args: tuple = ()
    value: Any = None


def _tokens(text: str) -> list[tuple[str, Any]]:
    out, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise ConditionError(f"unexpected {text[pos]!r} at column {pos + 1}")
        pos = m.end()
        kind = m.lastgroup
        tok = m.group(kind)
        if kind == "ws":
            continue
        if kind == "num":
            out.append(("lit", float(tok) if "." in tok else int(tok)))
        elif kind == "str":
            out.append(("lit", bytes(tok[1:-1], "utf-8").decode("unicode_escape")))
        elif kind == "name" and tok in _KEYWORDS:
            out.append(("kw", tok))
        else:
            out.append((kind, tok))
    out.append(("end", None))
    return out


class _Parser:
    def __init__(self, text: str):
        self.toks = _tokens(text)
        self.i = 0

    def peek(self) -> tuple[str, Any]:
        return self.toks[self.i]

    def take(self, kind: str, value: Any = None) -> Any:
        k, v = self.toks[self.i]
        if k != kind or (value is not None and v != value):
            want = value or kind
            got = "the end" if k == "end" else repr(v)
            raise ConditionError(f"expected {want!r}, found {got}")
        self.i += 1
        return v

    def parse(self) -> Node:
        node = self.or_()
        if self.peek()[0] != "end":
            raise ConditionError(f"unexpected {self.peek()[1]!r} after a complete condition")
        return node

    def or_(self) -> Node:
        parts = [self.and_()]
        while self.peek() == ("kw", "or"):
            self.i += 1
            parts.append(self.and_())
        return parts[0] if len(parts) == 1 else Node("or", tuple(parts))

    def and_(self) -> Node:
        parts = [self.not_()]
        while self.peek() == ("kw", "and"):
            self.i += 1
            parts.append(self.not_())
        return parts[0] if len(parts) == 1 else Node("and", tuple(parts))

    def not_(self) -> Node:
        if self.peek() == ("kw", "not"):
            self.i += 1
            return Node("not", (self.not_(),))
        return self.cmp()

    def cmp(self) -> Node:
        left = self.atom()
        k, v = self.peek()
        if k == "op" and v in ("==", "!=", "<", "<=", ">", ">="):
            self.i += 1
            return Node("cmp", (left, self.atom()), v)
        return left

    def atom(self) -> Node:
        k, v = self.peek()
        if k == "lit":
            self.i += 1
            return Node("lit", value=v)
        if k == "kw" and v in ("true", "false"):
            self.i += 1
            return Node("lit", value=v == "true")
        if k == "op" and v == "(":
            self.i += 1
            node = self.or_()
            self.take("op", ")")
            return node
        if k == "op" and v == "[":
            self.i += 1
            items = []
            while self.peek() != ("op", "]"):
                items.append(self.atom())
                if self.peek() == ("op", ","):
                    self.i += 1
            self.take("op", "]")
            return Node("list", tuple(items))
        if k == "name":
            self.i += 1
            if v not in FUNCTIONS:
                from difflib import get_close_matches

                near = get_close_matches(v, FUNCTIONS, n=1)
                hint = f" (did you mean {near[0]}?)" if near else ""
                raise ConditionError(f"unknown function {v!r}{hint}")
            self.take("op", "(")
            args = []
            while self.peek() != ("op", ")"):
                args.append(self.or_())
                if self.peek() == ("op", ","):
                    self.i += 1
                elif self.peek() != ("op", ")"):
                    raise ConditionError(f"expected ',' or ')' in the arguments of {v}")
            self.take("op", ")")
            lo, hi, _ = FUNCTIONS[v]
            if not lo <= len(args) <= hi:
                n = f"{lo}" if lo == hi else f"{lo} to {hi}"
                raise ConditionError(f"{v}() takes {n} arguments, got {len(args)}")
            return Node("call", tuple(args), v)
        got = "the end" if k == "end" else repr(v)
        raise ConditionError(f"expected a value, found {got}")


class Condition:
    """A parsed condition; `evaluate(ctx)` gives its truth (or value)."""

    def __init__(self, text: str):
        self.text = text
        self.node = _Parser(text).parse()

    def __repr__(self) -> str:
        return f"Condition({self.text!r})"

    def evaluate(self, ctx: Any) -> Any:
        return _eval(self.node, ctx)

    def holds(self, ctx: Any) -> bool:
        return bool(self.evaluate(ctx))

    def calls(self) -> list[Node]:
        """Every function call in the condition (for checking ids against a scenario)."""
        out: list[Node] = []

        def walk(n: Node) -> None:
            if n.op == "call":
                out.append(n)
            for a in n.args:
                if isinstance(a, Node):
                    walk(a)

        walk(self.node)
        return out


def _eval(n: Node, ctx: Any) -> Any:
    op = n.op
    if op == "lit":
        return n.value
    if op == "and":
        return all(_eval(a, ctx) for a in n.args)
    if op == "or":
        return any(_eval(a, ctx) for a in n.args)
    if op == "not":
        return not _eval(n.args[0], ctx)
    if op == "list":
        return [_eval(a, ctx) for a in n.args]
    if op == "cmp":
        a, b = _eval(n.args[0], ctx), _eval(n.args[1], ctx)
        try:
            return {"==": a == b, "!=": a != b}[n.value] if n.value in ("==", "!=") else \
                {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[n.value]
        except TypeError:
            raise ConditionError(f"cannot compare {a!r} {n.value} {b!r}") from None
    if op == "call":
        args = [_eval(a, ctx) for a in n.args]
        return getattr(ctx, "fn_" + n.value)(*args)
    raise ConditionError(f"bad node {op}")


def parse(text: str) -> Condition:
    return Condition(text)
