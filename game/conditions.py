"""A small, safe condition language for goals, endings, scheduled events and reactions.

    not believes("ada", "cy.took_ada_key", "yes") and fact("cy.barred") != "yes"
    count_believers("meeting.place", "old_hall", 50) >= 4 or happened("accuse", "ada", "cy")

and / or / not, comparisons, numbers, strings, lists, and the functions in FUNCTIONS — never
Python `eval`. Expressions are parsed and type-checked once (at scenario load, so a typo is an
error with its line): every function gets arguments of the types it takes, `<` and the like
compare numbers with numbers or text with text, `time()` takes a literal time — so whatever
loads can be evaluated against a `Context` that answers from the world and from memory.
Parsing is bounded: at most MAX_LENGTH characters, MAX_DEPTH levels of nesting, numbers of at
most 15 digits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol

MAX_LENGTH = 2_000
MAX_DEPTH = 40


class ConditionError(ValueError):
    pass


class Context(Protocol):
    def fn_fact(self, claim: str) -> str: ...


# name -> (min args, max args, what it returns, help)
FUNCTIONS: dict[str, tuple[int, int, str]] = {
    "fact": (1, 1, 'fact("cy.barred") -> the world\'s value of a claim, "" if none'),
    "believes": (3, 4, 'believes("ada", "cy.took_ada_key", "yes" [, min_confidence]) -> held '
                       "value is that, not past"),
    "heard": (3, 3, 'heard("player", "ada_key.moved_by", "cy") -> any of their evidence has '
                    "that value, held or not: seen, read or told (the player's own word come "
                    "back does not count)"),
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
    "present": (1, 7, 'present("school" [, "meeting.place", "school" [, claim, value …]]) '
                      "-> how many residents are there now, awake [and hold every value "
                      "named: there for it]"),
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
    if len(text) > MAX_LENGTH:
        raise ConditionError(f"a condition may have at most {MAX_LENGTH:,} characters")
    out, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            # What the common slips meant, said: "unexpected '='" left an author guessing.
            hint = {"=": " (to compare, write ==)", "&": " (write and)", "|": " (write or)",
                    "!": " (write not, or !=)"}.get(text[pos], "")
            raise ConditionError(f"unexpected {text[pos]!r} at column {pos + 1}{hint}")
        pos = m.end()
        kind = m.lastgroup
        tok = m.group(kind)
        if kind == "ws":
            continue
        if kind == "num":
            if len(tok) > 31 or any(len(part) > 15 for part in tok.split(".")):
                raise ConditionError(f"number {tok[:20]}… at column {m.start() + 1} is too long")
            out.append(("lit", float(tok) if "." in tok else int(tok)))
        elif kind == "str":
            out.append(("lit", _unescape(tok[1:-1], m.start() + 1)))
        elif kind == "name" and tok in _KEYWORDS:
            out.append(("kw", tok))
        else:
            out.append((kind, tok))
    out.append(("end", None))
    return out


_ESCAPES = {"\\": "\\", '"': '"', "'": "'", "n": "\n", "t": "\t"}


def _unescape(body: str, column: int) -> str:
    """A string literal's text: backslash escapes only for \\, \", \', \n and \t."""
    if "\\" not in body:
        return body
    out, i = [], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            nxt = body[i + 1] if i + 1 < len(body) else ""
            if nxt not in _ESCAPES:
                raise ConditionError(f"unknown escape \\{nxt} in the string at column {column}")
            out.append(_ESCAPES[nxt])
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


class _Parser:
    def __init__(self, text: str):
        self.toks = _tokens(text)
        self.i = 0
        self.depth = 0

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ConditionError(f"nested more than {MAX_DEPTH} levels deep")

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
            self.nest()
            node = Node("not", (self.not_(),))
            self.depth -= 1
            return node
        return self.cmp()

    def cmp(self) -> Node:
        left = self.atom()
        k, v = self.peek()
        if k == "op" and v in ("==", "!=", "<", "<=", ">", ">="):
            self.i += 1
            return Node("cmp", (left, self.atom()), v)
        return left

    def atom(self) -> Node:
        self.nest()
        try:
            return self._atom()
        finally:
            self.depth -= 1

    def _atom(self) -> Node:
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
                if self.peek() != ("op", "("):
                    # A bare word is most often a value left unquoted: == yes
                    raise ConditionError(f"{v!r} is not a function: a value is quoted, like "
                                         f"\"{v}\"")
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
            if v == "present" and len(args) % 2 == 0:
                raise ConditionError('present() takes a place, then claims each with its '
                                     'value (present("school", "meeting.place", "school"))')
            return Node("call", tuple(args), v)
        got = "the end" if k == "end" else repr(v)
        raise ConditionError(f"expected a value, found {got}")


# name -> (argument types, result type). Types: "str", "num" (numbers and truth values),
# "bool", "any" (a string or a number), "list" (a list of strings).
SIGNATURES: dict[str, tuple[tuple[str, ...], str]] = {
    "fact": (("str",), "str"),
    "believes": (("str", "str", "any", "num"), "bool"),
    "heard": (("str", "str", "any"), "bool"),
    "value": (("str", "str"), "str"),
    "confidence": (("str", "str"), "num"),
    "knows": (("str", "str"), "bool"),
    "count_believers": (("str", "any", "num", "list"), "num"),
    "happened": (("str", "str", "str"), "bool"),
    "times": (("str", "str", "str"), "num"),
    "now": ((), "num"),
    "time": (("str",), "num"),
    "at": (("str", "str"), "bool"),
    "present": (("str", "str", "any", "str", "any", "str", "any"), "num"),
    "trust": (("str", "str"), "num"),
    "reached": (("str",), "bool"),
    "concluded": (("str",), "str"),
    "affinity": (("str", "str"), "num"),
}
_WORDS = {"str": "text", "num": "a number", "bool": "true or false", "list": "a list",
          "any": "text or a number"}


def _type(n: Node) -> str:
    """The type of `n`, or ConditionError if it could fail when evaluated."""
    op = n.op
    if op == "lit":
        v = n.value
        return "bool" if isinstance(v, bool) else ("str" if isinstance(v, str) else "num")
    if op in ("and", "or", "not"):
        for a in n.args:
            _type(a)
        return "bool"
    if op == "list":
        for a in n.args:
            if _type(a) != "str":
                raise ConditionError("a list holds text, like [\"gus\", \"eli\"]")
        return "list"
    if op == "cmp":
        a, b = (_type(x) for x in n.args)
        numeric = {"num", "bool"}
        same = (a in numeric and b in numeric) or a == b
        if not same:
            raise ConditionError(f"{n.value} compares {_WORDS[a]} with {_WORDS[b]}, which can "
                                 "never be equal or ordered")
        if n.value not in ("==", "!=") and a not in numeric | {"str"}:
            raise ConditionError(f"{n.value} cannot order {_WORDS[a]}")
        return "bool"
    if op == "call":
        params, result = SIGNATURES[n.value]
        for i, (arg, want) in enumerate(zip(n.args, params, strict=False)):
            got = _type(arg)
            ok = got == want or (want == "num" and got == "bool") or (
                want == "any" and got in ("str", "num", "bool"))
            if not ok:
                raise ConditionError(f"{n.value}() takes {_WORDS[want]} as argument {i + 1}, "
                                     f"not {_WORDS[got]}")
        if n.value == "time" and n.args[0].op != "lit":
            raise ConditionError('time() takes a time written out, like time("day 3 18:00")')
        return result
    raise ConditionError(f"bad node {op}")


class Condition:
    """A parsed, type-checked condition; `evaluate(ctx)` gives its truth (or value)."""

    def __init__(self, text: str):
        self.text = text
        self.node = _Parser(text).parse()
        _type(self.node)

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

    def compared(self) -> list[tuple[Node, Node]]:
        """Each call compared with a literal (`fact("cy.barred") == "yes"`, either way
        round), as (call, literal): for checking the literal against a scenario."""
        out: list[tuple[Node, Node]] = []

        def walk(n: Node) -> None:
            if n.op == "cmp":
                left, right = n.args
                if left.op == "call" and right.op == "lit":
                    out.append((left, right))
                elif right.op == "call" and left.op == "lit":
                    out.append((right, left))
            for a in n.args:
                if isinstance(a, Node):
                    walk(a)

        walk(self.node)
        return out

    def asked(self) -> list[tuple[Node, Node | None]]:
        """Each call the condition asks to be so — not under a `not` — with the comparison
        it is a side of (None when it stands alone): what a stage or an ending asks for,
        not what it rules out (the post-mortem and the ending's notes read these)."""
        out: list[tuple[Node, Node | None]] = []

        def walk(n: Node, negated: bool, cmp: Node | None) -> None:
            if n.op == "not":
                walk(n.args[0], not negated, None)
                return
            if n.op == "call" and not negated:
                out.append((n, cmp))
            for a in n.args:
                if isinstance(a, Node):
                    walk(a, negated, n if n.op == "cmp" else None)

        walk(self.node, False, None)
        return out


def at_least(call: Node, cmp: Node | None) -> bool:
    """Whether `cmp` asks `call`'s number to be large (`present("school") >= 5`, `3 <
    present("x")`): those it counts are whom the condition wants there."""
    if cmp is None:
        return False
    if cmp.args[0] is call:
        return cmp.value in (">=", ">")
    return cmp.args[1] is call and cmp.value in ("<=", "<")


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


def value_of(n: Node, ctx: Any) -> Any:
    """One node's value, as the condition holding it is judged (a call's argument, say)."""
    return _eval(n, ctx)


def parse(text: str) -> Condition:
    return Condition(text)
