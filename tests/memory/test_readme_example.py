"""The README's first example of the memory module runs as written, and each line whose comment
begins with a value gives that value (a developer's trial ran it: its aging line showed no aging,
on a first-hand belief, and nothing checked it)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _example() -> str:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## The memory module"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def _expected(comment: str):
    """The value a comment begins with ("'counter', 58, 'doubtful': the rumour…"), or None."""
    cuts = [i for i, ch in enumerate(comment) if ch == ":"] + [len(comment)]
    for cut in cuts:
        try:
            return True, ast.literal_eval(comment[:cut].strip())
        except (ValueError, SyntaxError):
            continue
    return False, None


def test_the_memory_example_runs_and_says_what_it_gives():
    source = _example()
    lines = source.splitlines()
    env: dict = {}
    checked = 0
    for stmt in ast.parse(source).body:
        code = ast.get_source_segment(source, stmt)
        if not isinstance(stmt, ast.Expr):
            exec(code, env)
            continue
        got = eval(code, env)
        last = lines[stmt.end_lineno - 1]
        comment = last[stmt.end_col_offset:].strip()
        ok, want = _expected(comment.lstrip("#").strip()) if comment.startswith("#") else \
            (False, None)
        if ok:
            assert got == want, (code, got, want)
            checked += 1
    assert checked >= 4
