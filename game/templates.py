"""Word templates under a budget: what a scenario's own `templates/` may do, checked at load.

Residents' words are jinja2 templates (`content/templates/`); a scenario folder may override
any of them by name. A scenario is input from anyone, so its templates are held to rules the
shipped ones also keep:

- **sandboxed** (jinja2's immutable sandbox) with only `pick(...)` and a small `range` as
  globals, a short list of filters, and string methods that cannot grow text
  (`SAFE_METHODS`); no macros, imports, blocks or extends, and `{% include %}` only of another
  word template by name, never in a cycle;
- **bounded**: loops do not nest (not even through an include), so a render's work follows the
  size of what it is given; `*`, `**` and `%` are checked before they run, and what `~`, `+`,
  `join` and a `{% set %}` or `{% filter %}` block would build is sized before it is built;
  `round` goes to 15 places at most and `odd`/`even`/`divisibleby` test numbers only (on a
  string `%` formats); a template nested more than `MAX_DEPTH` deep or with more than
  `MAX_FILTERS` filters is refused before it is compiled; and every render has a time budget
  (`RENDER_SECONDS`) and a size budget (`RENDER_CHARS`) — which a single slow C operation
  could outrun, so each way to start one on a big value is closed instead;
- **files only**: a link in `templates/` is refused, not followed;
- **checked** at load: each is compiled and rendered against sample contexts
  (`SAMPLES` — the shapes the engine passes) under the same budget, so an unknown variable, a
  syntax error or a runaway loop is a `validate` error with the template's file and line.

At run time a scenario template that still fails (on a context the samples did not cover)
gives way to the shipped template of the same name: the game goes on, and the world log —
which words never touch — is the same.
"""

from __future__ import annotations

import stat
import time
from collections.abc import Mapping, MappingView
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, DictLoader, StrictUndefined, TemplateError, nodes
from jinja2.compiler import CodeGenerator
from jinja2.exceptions import SecurityError, TemplateSyntaxError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from .sources import read_at
from .textpos import not_utf8

TEMPLATES = Path(__file__).resolve().parents[1] / "content" / "templates"  # the shipped ones
TEMPLATE_NAMES = ("answer", "why", "who", "told", "shown", "mediate", "refuse")
MAX_TEMPLATE_BYTES = 64_000
MAX_TEMPLATE_FILES = 50  # files looked at in a templates/ folder
RENDER_SECONDS = 0.25
RENDER_CHARS = 20_000
MAX_RANGE = 1_000
FILTERS = ("hedge", "read_at", "length", "count", "lower", "upper", "capitalize", "title",
           "trim", "join", "default", "d", "first", "last", "e", "escape", "string", "int",
           "float", "abs", "round", "list", "sort", "unique", "reverse", "wordcount", "safe",
           "min", "max")
SAFE_METHODS = frozenset({"lower", "upper", "capitalize", "title", "strip", "lstrip", "rstrip",
                          "startswith", "endswith", "split", "get", "keys", "values", "items",
                          "count", "index", "find", "cycle", "isdigit", "isalpha"})
_FORBIDDEN = {nodes.Macro: "{% macro %}", nodes.CallBlock: "{% call %}",
              nodes.Import: "{% import %}", nodes.FromImport: "{% from ... import %}",
              nodes.Extends: "{% extends %}", nodes.Block: "{% block %}",
              nodes.ScopedEvalContextModifier: "{% autoescape %}",
              nodes.EvalContextModifier: "{% autoescape %}", nodes.NSRef: "namespace"}


class TemplateBudgetError(TemplateError):
    """A render that ran past its time or size budget."""


def _size(x: Any, limit: int = RENDER_CHARS) -> int:
    """Characters `x` makes as text, without making it — a string's length, a list's items
    summed — counted only until it passes `limit`, each list once (a list holding itself
    twice, twenty lines deep, took seconds to count and forty never ended; a review)."""
    memo: dict[int, int] = {}

    def size(v: Any) -> int:
        if isinstance(v, str):
            return len(v)
        if isinstance(v, Mapping):
            v = [x for kv in v.items() for x in kv]  # (a dict hid its items: a fuzz run)
        elif isinstance(v, MappingView | set | frozenset):
            v = list(v)
        elif not isinstance(v, list | tuple):
            return 32  # a number, None, a range: short when made text
        if id(v) in memo:
            return memo[id(v)]
        total = 2 * len(v)  # (brackets and commas, as a printed list has them)
        for item in v:
            if total > limit:
                break
            total += size(item)
        memo[id(v)] = total
        return total

    try:
        return size(x)
    except RecursionError:  # lists inside lists a thousand deep: no word template's
        return limit + 1


class _BoundedCodeGenerator(CodeGenerator):
    """`a ~ b` is made through the environment, which checks its size first: twenty lines of
    `{% set a = a ~ a %}` doubled a string to gigabytes with no call or operator to stop it."""

    def visit_Concat(self, node: nodes.Concat, frame: Any) -> None:
        self.write("environment.bounded_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class BudgetedSandbox(ImmutableSandboxedEnvironment):
    """The sandbox, with a deadline and an output limit checked on every call, attribute
    lookup and operator that could be costly — and on what `join`, `~` and `+` build, before
    they build it."""

    intercepted_binops = frozenset({"*", "**", "%", "//", "+"})
    code_generator_class = _BoundedCodeGenerator

    def __init__(self, loader: BaseLoader):
        super().__init__(loader=loader, undefined=StrictUndefined, autoescape=False,
                         trim_blocks=True, lstrip_blocks=True, cache_size=100)
        self.globals.clear()
        self.globals["range"] = self._range
        for name in list(self.filters):
            if name not in FILTERS:
                del self.filters[name]
        self.filters["hedge"] = hedge
        self.filters["read_at"] = read_at  # 'on the notice board', 'in the ledger'
        self.filters["join"] = self._join
        self.filters["round"] = _round
        # `odd`, `even` and `divisibleby` run `%`, which on a string formats it: "%2000000000d"
        # is divisibleby 1 built two gigabytes (a fuzz run). Of numbers only.
        for name, test in (("odd", lambda v: _whole(v) and v % 2 == 1),
                           ("even", lambda v: _whole(v) and v % 2 == 0),
                           ("divisibleby", lambda v, n: _whole(v) and _whole(n) and n != 0
                            and v % n == 0)):
            self.tests[name] = test
        # What a `{% set %}…{% endset %}` or `{% filter %}` block prints is joined by
        # `concat`, out of sight of the output's count: forty set blocks, each printing the
        # last twice, ran out of memory (a fuzz run). Sized first, like `~`.
        self.concat = self._bounded_join
        self.deadline: float | None = None

    def _bounded_join(self, parts: Any) -> str:
        parts = list(parts)  # (jinja2's own render passes a generator)
        self._budget(sum(_size(p) for p in parts))
        return "".join(parts)

    def _budget(self, size: int) -> None:
        self.tick()
        if size > RENDER_CHARS:
            raise TemplateBudgetError(f"more than {RENDER_CHARS:,} characters")

    def bounded_concat(self, parts: tuple) -> str:
        """`a ~ b ~ …`, once its size is known to be within the budget."""
        self._budget(sum(_size(p) for p in parts))
        return "".join(map(str, parts))

    def _join(self, value: Any, d: str = "", attribute: Any = None) -> str:
        """jinja2's `join`, its size checked before it is built: a list of one long string
        times two thousand, joined, ran out of memory (a hostile-input run)."""
        items = list(value)[:RENDER_CHARS + 1]
        if attribute is not None:
            items = [self.getitem(x, attribute) for x in items]
        self._budget(sum(_size(x) for x in items) + len(str(d)) * max(len(items) - 1, 0))
        return str(d).join(map(str, items))

    def tick(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise TemplateBudgetError(f"took longer than {RENDER_SECONDS} s")

    def _range(self, *args: int) -> range:
        self.tick()
        r = range(*args)
        if len(r) > MAX_RANGE:
            raise SecurityError(f"range() of more than {MAX_RANGE} items")
        return r

    def getattr(self, obj: Any, attribute: str) -> Any:
        self.tick()
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        self.tick()
        return super().getitem(obj, argument)

    def call(__self, __context, __obj, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        __self.tick()
        name = getattr(__obj, "__name__", "")
        owner = getattr(__obj, "__self__", None)
        if (isinstance(owner, str | list | tuple | dict) or name in ("format", "format_map")) \
                and name not in SAFE_METHODS:
            raise SecurityError(f"{name}() is not allowed in word templates")
        out = super().call(__context, __obj, *args, **kwargs)
        if isinstance(out, str) and len(out) > RENDER_CHARS:
            raise TemplateBudgetError(f"more than {RENDER_CHARS:,} characters")
        return out

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        self.tick()
        if operator == "%" and isinstance(left, str):
            raise SecurityError("'%' formatting is not allowed in word templates")
        if operator == "*":
            for seq, n in ((left, right), (right, left)):
                # (by what its items make, not how many: a list of one 19,000-character
                # string times a thousand, printed, ran out of memory; a review)
                if isinstance(seq, str | list | tuple) and isinstance(n, int) and \
                        _size(seq) * max(n, 0) > RENDER_CHARS:
                    raise TemplateBudgetError(f"more than {RENDER_CHARS:,} characters")
            if isinstance(left, int) and isinstance(right, int) and \
                    left.bit_length() + right.bit_length() > 256:
                raise SecurityError("a number too big for a word template")
        if operator == "+" and isinstance(left, str | list | tuple) and \
                isinstance(right, str | list | tuple):
            self._budget(_size(left) + _size(right))
        if operator == "**" and isinstance(left, int | float) and \
                isinstance(right, int | float) and (abs(right) > 64 or abs(left) > 2**32):
            raise SecurityError("a power too big for a word template")
        return super().call_binop(context, operator, left, right)


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and abs(v) < 2**64


def _round(value: Any, precision: int = 0, method: str = "common") -> float:
    """jinja2's `round`, to at most 15 places either way: rounding to a billion places built a
    power of ten that never finished (a fuzz run)."""
    from jinja2.filters import do_round

    if not isinstance(precision, int) or abs(precision) > 15:
        raise SecurityError("round() to more than 15 places is not allowed in word templates")
    return do_round(value, precision, method)


def hedge(confidence: int) -> str:
    if confidence >= 80:
        return "I'm sure"
    if confidence >= 60:
        return "I'm fairly sure"
    if confidence >= 45:
        return "I think so"
    return "I'm not at all sure"


def render(env: BudgetedSandbox, name: str, **ctx: Any) -> str:
    """Render template `name` (e.g. "answer") within the time and size budget."""
    out: list[str] = []
    n = 0
    try:
        t = env.get_template(f"{name}.j2")  # (compiled here: its compiler recurses too)
        env.deadline = time.monotonic() + RENDER_SECONDS
        for chunk in t.generate(**ctx):
            n += len(chunk)
            if n > RENDER_CHARS:
                raise TemplateBudgetError(f"more than {RENDER_CHARS:,} characters")
            env.tick()
            out.append(chunk)
    except RecursionError:
        raise TemplateBudgetError("templates include each other without end, or nest too "
                                  "deeply") from None
    except SyntaxError:  # (Python's own limit on what the template compiles to: 100 ifs deep)
        raise TemplateBudgetError("nested too deeply for a word template") from None
    finally:
        env.deadline = None
    # A lone surrogate ("\ud800") is no text: written to the transcript it crashed the run
    # (a fuzz run). Made a replacement character.
    text = "".join(out)
    return text.encode("utf-8", "replace").decode("utf-8") if not text.isascii() else text


# -- checking a scenario's templates ------------------------------------------------------------


Problem = tuple[str, int | None, str]  # (template name, line, message)


def read_folder(folder: Path) -> tuple[dict[str, str], list[Problem], list[Problem]]:
    """A scenario folder's `templates/`: (sources by name, problems, warnings). Only regular
    files, each at most MAX_TEMPLATE_BYTES of UTF-8."""
    sources: dict[str, str] = {}
    problems: list[Problem] = []
    warnings: list[Problem] = []
    d = folder / "templates"
    if not d.is_dir():
        return sources, problems, warnings
    try:
        entries = sorted(d.iterdir())[:MAX_TEMPLATE_FILES + 1]
    except OSError as exc:
        return sources, [("", None, f"cannot read {d}: {exc.strerror}")], warnings
    if len(entries) > MAX_TEMPLATE_FILES:
        warnings.append(("", None, f"more than {MAX_TEMPLATE_FILES} files in {d}; only the "
                         f"first {MAX_TEMPLATE_FILES} are looked at"))
        entries = entries[:MAX_TEMPLATE_FILES]
    for p in entries:
        if p.suffix != ".j2":
            if p.stem in TEMPLATE_NAMES and p.suffix and p.is_file():  # (answer.jinja was
                # passed over unsaid)
                warnings.append(("", None, f"{p.name} is not read: a word template's file "
                                 f"ends in .j2 ({p.stem}.j2)"))
            continue
        name = p.stem
        if name not in TEMPLATE_NAMES:
            warnings.append((name, None, f"not a word template ({', '.join(TEMPLATE_NAMES)}); "
                             "ignored"))
            continue
        try:
            st = p.lstat()  # (a link is not followed: one to a file outside the scenario
            # put that file's text in residents' mouths, and in the save; a fuzz run)
            if stat.S_ISLNK(st.st_mode):
                problems.append((name, None, "a link, not a file: put the template itself in "
                                 "templates/"))
                continue
            if not stat.S_ISREG(st.st_mode):
                problems.append((name, None, "not a regular file"))
                continue
            if st.st_size > MAX_TEMPLATE_BYTES:
                problems.append((name, None, f"{st.st_size:,} bytes; a template may have at "
                                 f"most {MAX_TEMPLATE_BYTES:,}"))
                continue
            data = p.read_bytes()
            sources[name] = data.decode("utf-8")
        except OSError as exc:
            problems.append((name, None, f"cannot read it: {exc.strerror}"))
        except UnicodeDecodeError as exc:
            # (named by line, as a scenario's is: "byte 1234" sent an author counting)
            line, column, byte = not_utf8(data, exc)
            problems.append((name, line, f"not UTF-8 text (byte {byte:#04x} at line {line}, "
                             f"column {column})"))
    return sources, problems, warnings


def check_sources(sources: dict[str, str]) -> list[Problem]:
    """Every problem with a scenario's templates: static rules, then sample renders."""
    if not sources:
        return []
    problems: list[Problem] = []
    for name, src in sorted(sources.items()):
        if name not in TEMPLATE_NAMES:
            problems.append((name, None, "not a word template"))
        elif len(src.encode("utf-8")) > MAX_TEMPLATE_BYTES:
            problems.append((name, None, f"a template may have at most {MAX_TEMPLATE_BYTES:,} "
                             "bytes"))
    if problems:
        return problems
    env = environment(sources)
    asts: dict[str, nodes.Template] = {}
    for name in TEMPLATE_NAMES:
        try:
            src = sources.get(name) or (TEMPLATES / f"{name}.j2").read_text(encoding="utf-8")
        except OSError:
            continue
        try:
            ast = env.parse(src, name=f"{name}.j2")
            if name in sources:
                # Measured without recursing, before anything walks it: 979 attributes deep
                # passed the parser and broke the include graph's walk (a fuzz run), and a
                # long chain of filters compiles in time that grows with its cube.
                shape = _shape(ast)
                if shape is not None:
                    problems.append((name, None, shape))
                    continue
                problems += [(name, line, msg) for line, msg in _static(ast)]
        except TemplateSyntaxError as exc:
            problems.append((name, exc.lineno, exc.message or "syntax error"))
            continue
        except RecursionError:
            # A hundred brackets, ifs or filters inside one another (a hostile-input run):
            # jinja2's parser recurses through them; Python's stack does not reach so far.
            problems.append((name, None, "nested too deeply for a word template"))
            continue
        asts[name] = ast
    problems += _graph(asts, set(sources))
    if problems:
        return problems
    for name in sorted(sources):
        for i, sample in enumerate(SAMPLES[name]):
            try:
                render(env, name, pick=_pick, **sample)
            except (TemplateError, ArithmeticError, TypeError, ValueError, LookupError,
                    AttributeError, RecursionError, MemoryError) as exc:
                # (out of stack or memory too: what it built is let go as this unwinds, and a
                # template is refused, not the check crashed)
                # Which sample, by what it holds: "sample context 1" alone did not say that
                # `s.what` is not given when they know nothing (an author's trial).
                problems.append((name, _line_of(exc, name), f"with sample context {i + 1} "
                                 f"({_given(sample)}): {type(exc).__name__}: "
                                 f"{_first_line(exc)}"))
                break
    return problems


def _given(sample: dict[str, Any]) -> str:
    """What a sample context gives, briefly: "s with speaker, listener, topic, known,
    memory, of_self (known false)"."""
    out = []
    for key, v in sample.items():
        if isinstance(v, dict):
            flags = [f"{k} {json_word(v[k])}" for k in ("known", "change", "reason")
                     if k in v and v[k] not in (None, "")]
            out.append(f"{key} with {', '.join(v)}" + (f" ({', '.join(flags)})"
                                                        if flags else ""))
        elif isinstance(v, _Outcome):
            out.append(f"{key} with action {v.action}")
        else:
            out.append(f"{key} {json_word(v)}")
    return "; ".join(out)


def json_word(v: Any) -> str:
    return "true" if v is True else "false" if v is False else str(v)


def environment(overrides: dict[str, str] | None = None) -> BudgetedSandbox:
    from jinja2 import ChoiceLoader, FileSystemLoader

    loaders: list[BaseLoader] = []
    if overrides:
        loaders.append(_Named({f"{k}.j2": v for k, v in overrides.items()}))
    loaders.append(FileSystemLoader(str(TEMPLATES)))
    return BudgetedSandbox(ChoiceLoader(loaders))


class _Named(DictLoader):
    """Templates from memory, each named as its file (so errors can give its line)."""

    def get_source(self, environment, template):
        source, _, uptodate = super().get_source(environment, template)
        return source, template, uptodate


MAX_DEPTH = 40  # nodes inside one another
MAX_FILTERS = 400  # filters and tests in one template (the shipped ones have 8 at most)


def _shape(ast: nodes.Template) -> str | None:
    """What is wrong with a template's shape — too deep, too many filters — or None; found
    without recursion."""
    stack = [(ast, 0)]
    filters = 0
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            return "nested too deeply for a word template"
        if isinstance(node, nodes.Filter | nodes.Test):
            filters += 1
            if filters > MAX_FILTERS:
                return f"more than {MAX_FILTERS} filters and tests in one word template"
        stack.extend((child, depth + 1) for child in node.iter_child_nodes())
    return None


def _static(ast: nodes.Template) -> list[tuple[int | None, str]]:
    out: list[tuple[int | None, str]] = []
    for kind, what in _FORBIDDEN.items():
        for n in ast.find_all(kind):
            out.append((n.lineno, f"{what} is not allowed in word templates"))
    for f in ast.find_all(nodes.Filter):
        if f.name not in FILTERS:
            out.append((f.lineno, f"filter {f.name!r} is not allowed in word templates "
                        f"(allowed: {', '.join(FILTERS)})"))
    for c in ast.find_all(nodes.Call):
        fn = c.node
        if isinstance(fn, nodes.Name) and fn.name in ("pick", "range"):
            continue
        if isinstance(fn, nodes.Getattr) and fn.attr in SAFE_METHODS:
            continue
        what = fn.name if isinstance(fn, nodes.Name) else (
            fn.attr if isinstance(fn, nodes.Getattr) else "this")
        out.append((c.lineno, f"calling {what}() is not allowed in word templates (only "
                    "pick(), range() and simple string methods)"))
    for loop in ast.find_all(nodes.For):
        if loop.recursive:
            out.append((loop.lineno, "recursive loops are not allowed in word templates"))
    for inc in ast.find_all(nodes.Include):
        if _included(inc) is None:
            out.append((inc.lineno, "{% include %} names one of the word templates, e.g. "
                        "\"answer.j2\""))
    return out


def _included(inc: nodes.Include) -> str | None:
    t = inc.template
    if isinstance(t, nodes.Const) and isinstance(t.value, str) and t.value.endswith(".j2") \
            and t.value[:-3] in TEMPLATE_NAMES:
        return t.value[:-3]
    return None


def _graph(asts: dict[str, nodes.Template], ours: set[str]) -> list[Problem]:
    """No include cycles; no loop inside a loop, counting what an include brings in."""
    includes = {n: {_included(i) for i in t.find_all(nodes.Include)} - {None}
                for n, t in asts.items()}
    out: list[Problem] = []

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for nxt in includes.get(todo.pop(), ()):
                if nxt and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    cyclic = {n for n in asts if n in reach(n)}
    for name in sorted(ours & cyclic):
        # The line of the include that leads round, and the templates it goes through (the
        # cycle was said with neither: a scenario fuzz).
        inc = next(i for i in asts[name].find_all(nodes.Include)
                   if (to := _included(i)) in cyclic and name in reach(to) | {to})
        ring = sorted(({_included(inc)} | reach(_included(inc) or "")) & cyclic)
        out.append((name, inc.lineno, "the template includes itself" if ring == [name] else
                    "templates include each other in a cycle: "
                    + ", ".join(f"{n}.j2" for n in ring)))
    depths: dict[str, int] = {}

    def depth(name: str) -> int:
        """The deepest loop nesting rendering `name` can reach, includes expanded."""
        if name not in depths:
            depths[name] = 0  # (no cycles here: those were refused above)
            depths[name] = walk(asts[name], 0) if name in asts else 0
        return depths[name]

    def walk(n: nodes.Node, d: int) -> int:
        if isinstance(n, nodes.For):
            d += 1
        deepest = d
        if isinstance(n, nodes.Include) and _included(n):
            deepest = d + depth(_included(n) or "")
        for child in n.iter_child_nodes():
            deepest = max(deepest, walk(child, d))
        return deepest

    def inner(n: nodes.Node, inside: bool) -> int | None:
        """The line of the first loop (or include of one) inside a loop."""
        if isinstance(n, nodes.For):
            if inside:
                return n.lineno
            inside = True
        if inside and isinstance(n, nodes.Include) and depth(_included(n) or "") >= 1:
            return n.lineno
        for child in n.iter_child_nodes():
            if (got := inner(child, inside)) is not None:
                return got
        return None

    for name in sorted(ours - cyclic):
        if depth(name) > 1:
            out.append((name, inner(asts[name], False), "loops may not nest in word templates "
                        "(not even through an include)"))
    return out


def _line_of(exc: BaseException, name: str) -> int | None:
    if isinstance(exc, TemplateSyntaxError):
        return exc.lineno
    line = None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename in (f"{name}.j2", f"<template {name}.j2>") or \
                tb.tb_frame.f_code.co_filename.endswith(f"{name}.j2"):
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0][:200] if text else ""


def _pick(*options: Any) -> Any:
    return options[0] if options else ""


# -- sample contexts: the shapes the engine passes (game/player.py) -----------------------------


def _said(**kw: Any) -> dict:
    base = {"speaker": "Ada", "listener": "you", "topic": "who moved Ada's key", "known": True,
            "memory": "", "what": "Cy moved Ada's key", "value": "Cy", "state": "influencing",
            "confidence": 70, "source": "heard", "teller": "Bo", "teller_self": "himself",
            "teller_subj": "he",
            "origin": "Bo",
            "chain": ["Bo", "Ada"], "document": "", "self_about": False, "self_did": False,
            "event": True,
            "basis_said": "saw",
            "sources": 1, "when": "this morning", "links": [], "premises": "it stands to reason",
            "old_what": "", "corrected_by": "", "against_what": "", "against_who": "",
            "against_says": "says", "history": "",
            # (every key game.player passes: a scenario's copy of a shipped template that
            # used one the samples lacked — `posted`, `also_from` — failed validate)
            "what_of_teller": "Cy moved Ada's key", "origin_read": False, "clue": "",
            "posted": False, "also_from": "", "also_read": "", "also_reckoned": False,
            "overheard": False, "of_self": False}
    base.update(kw)
    return base


_UNKNOWN = {"speaker": "Ada", "listener": "you", "topic": "who moved Ada's key", "known": False,
            "memory": "", "of_self": False}
_SAID = [
    {"s": dict(_UNKNOWN)},
    {"s": dict(_UNKNOWN, memory="gone")},
    {"s": _said()},  # (third: a test reads its keys as every key the game passes)
    {"s": dict(_UNKNOWN, others_say="Ada accused me of it: her key was moved by me")},
    {"s": dict(_UNKNOWN, topic="whether Ada has a fever", of_self=True)},
    {"s": _said(overheard=True)},
    {"s": _said(overheard=True, chain=["Eve", "Bo", "Ada"], origin="Eve")},
    {"s": _said(chain=["Eve", "Bo", "Ada"], links=["Bo had it from Eve."])},
    {"s": _said(teller="", chain=[])},
    {"s": _said(source="saw", teller="", memory="sure")},
    {"s": _said(source="saw", teller="", event=False)},
    {"s": _said(source="saw", self_about=True)},
    {"s": _said(source="saw", self_about=True, self_did=True)},
    {"s": _said(source="saw", teller="", posted=True)},
    {"s": _said(source="saw", teller="", clue="Ada's key")},
    {"s": _said(also_from="Eli and you", also_read="the notice", also_reckoned=True,
                sources=3)},
    {"s": _said(origin="the notice board", origin_read=True)},
    {"s": _said(source="declared", teller="Cy")},
    {"s": _said(source="document", document="the notice", teller="")},
    {"s": _said(source="reckon", teller="")},
    {"s": _said(source="implanted")},
    {"s": _said(state="past", memory="hazy")},
    {"s": _said(memory="forgot_source")},
    {"s": _said(state="corrected", old_what="Dee moved Ada's key",
                corrected_by="I saw otherwise with my own eyes")},
    {"s": _said(state="doubtful", against_what="Dee moved Ada's key", against_who="Fen")},
    {"s": _said(state="doubtful", against_what="Dee moved my key", against_who="you",
                against_says="say")},
]


class _Outcome:
    """The sample of a memory Outcome (what a told piece of evidence did)."""

    def __init__(self, action: str):
        self.action, self.changed, self.note, self.exposure = action, True, "", False


def _who(*, place: str, seen: list[tuple[str, str]] = (), memory: str = "sure",
         asleep: bool = False, away: bool = False, forgot: bool = False) -> dict[str, Any]:
    """A sample of what `who` passes its template (game.player.who): whom they remember
    there, grouped by how well (sure, think, hazy), each group already in words."""
    out: dict[str, Any] = {
        "time": "08:10 on day 1", "place": place, "asleep": asleep, "away": away,
        "forgot": forgot, "memory": memory, "others": [n for n, _ in seen],
        "others_words": " and ".join(n for n, _ in seen),
        "seen": [{"name": n, "memory": m} for n, m in seen]}
    for how in ("sure", "think", "hazy"):
        group = [n for n, m in seen if m == how]
        out[how] = " and ".join(group)
        out[f"{how}_n"] = len(group)
    out["sure_you"] = ("you", "sure") in seen  # the player among those surely seen
    return out


SAMPLES: dict[str, list[dict[str, Any]]] = {
    "answer": _SAID,
    "why": _SAID,
    "mediate": _SAID,
    "who": [{"s": _who(place="the café", seen=[("Bo", "sure"), ("Fen", "think"),
                                                ("Cy", "hazy")])},
            {"s": _who(place="the café", seen=[("you", "sure"), ("Tilly", "sure")])},
            {"s": _who(place="the café", memory="hazy", seen=[])},
            {"s": _who(place="", forgot=True)},
            {"s": _who(place="home", asleep=True)},
            {"s": _who(place="the city", away=True)}],
    # (what game.player.tell and game.player.show pass: `s` with how it moved them, as
    # game.visible names it, and `o`, memory's outcome)
    "told": [{"o": _Outcome(a), "s": {"what": "Cy moved your key", "change": c, "saw": saw,
                                       "again": again, "clue": clue, "own": own}}
             for a, c, saw, again, clue, own in (
                 (*x, "", False) if len(x) == 4 else (*x, False) if len(x) == 5 else x
                 for x in (
                 ("new", "new", False, False), ("update", "changed", False, False),
                 ("reinforce", "reinforce", False, False), ("reinforce", "reinforce", True,
                                                            False),
                 ("reinforce", "reinforce", True, False, "Ada's key"),
                 ("reinforce", "reinforce", True, False, "", True),
                 ("keep", "same", False, False), ("keep", "same", True, False),
                 ("keep", "same", True, False, "Ada's key"),
                 ("keep", "same", True, False, "", True),
                 ("doubt", "doubt", False, False), ("anomaly", "less", False, False),
                 ("correct", "changed", False, False), ("reconsider", "torn", False, False),
                 ("keep", "rejected", False, True), ("keep", "blank", False, False),
                 ("keep", "guarded", False, False)))],
    "shown": [{"s": {"what": "Ada's key is in the drawer", "change": c, "self_about": mine},
               "o": _Outcome(a)}
              for a, c, mine in (("new", "new", False), ("correct", "changed", False),
                                 ("reinforce", "reinforce", False),
                                 ("reinforce", "reinforce", True), ("keep", "same", False),
                                 ("doubt", "doubt", False), ("keep", "", False))],
    "refuse": [{"reason": r} for r in ("distrust", "asleep", "away", "busy", "unasked",
                                        "unheard", "quiet")],
}
