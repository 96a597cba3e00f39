"""Where in a TOML file a key was written, so errors can name the line.

`tomllib` gives values but not positions. This walks the text once, tracking the current table
(`[scenario]`, the n-th `[[residents]]`, `[attributes.location]`) and the keys written in it —
including inline tables and the items of arrays of inline tables, one per line — and maps
each path to its line. An error's location is the longest known prefix of its path.
"""

from __future__ import annotations

import re

# Every pattern here runs on untrusted text, so none may backtrack: possessive quantifiers,
# and inline keys are only tried where a word starts (the look-behind), which keeps a scan
# linear in the line's length however long a token is.
_HEADER_NAME = re.compile(r'[A-Za-z0-9_.\-" ]++')
_KEY = re.compile(r'\s*+([A-Za-z0-9_\-"]++(?:\s*+\.\s*+[A-Za-z0-9_\-"]++)*+)\s*+=')
_INLINE_KEY = re.compile(r"(?<![A-Za-z0-9_\-])([A-Za-z0-9_\-]++)\s*+=")


def _header(line: str) -> tuple[bool, str] | None:
    """`[table]` or `[[array]]` (a comment may follow): (is an array, its dotted name)."""
    s = line.strip()
    array = s.startswith("[[")
    if not s.startswith("["):
        return None
    close = s.find("]]" if array else "]")
    if close < 0 or s[close + (2 if array else 1):].strip()[:1] not in ("", "#"):
        return None
    name = s[2 if array else 1:close].strip()
    if not name or not _HEADER_NAME.fullmatch(name):
        return None
    return array, name


def _split(dotted: str) -> tuple[str, ...]:
    return tuple(p.strip().strip('"') for p in dotted.split("."))


class LineMap:
    def __init__(self, text: str):
        self.lines: dict[tuple, int] = {}
        counts: dict[tuple, int] = {}
        table: tuple = ()
        array_key: tuple | None = None  # a multi-line array value being read
        array_index = 0
        in_text = False  # inside a multi-line string: nothing here is a key
        for n, raw in enumerate(text.splitlines(), start=1):
            quotes = raw.count('"""') + raw.count("'''")
            if in_text:
                in_text = quotes % 2 == 0
                continue
            if quotes % 2 == 1:
                in_text = True
            line = raw.split("#", 1)[0] if '"' not in raw and "'" not in raw else raw
            h = _header(line)
            if h and array_key is None and not _KEY.match(line):
                path = _split(h[1])
                if h[0]:
                    i = counts.get(path, 0)
                    counts[path] = i + 1
                    table = path + (i,)
                else:
                    table = path
                self.lines.setdefault(table, n)
                continue
            if array_key is not None:
                # Items of a multi-line array: one inline table (or value) per line.
                if line.strip().startswith("]"):
                    array_key = None
                    continue
                if line.strip():
                    item = array_key + (array_index,)
                    self.lines.setdefault(item, n)
                    for k in _INLINE_KEY.findall(line):
                        self.lines.setdefault(item + (k,), n)
                    array_index += line.count("},") + (1 if line.rstrip().endswith("}") else 0) \
                        if "{" in line else 1
                continue
            k = _KEY.match(line)
            if not k:
                continue
            path = table + _split(k.group(1))
            self.lines.setdefault(path, n)
            rest = line[k.end():].strip()
            if rest.startswith("{"):
                for ik in _INLINE_KEY.findall(rest):
                    self.lines.setdefault(path + (ik,), n)
            if rest.startswith("[") and not _closed(rest):
                array_key, array_index = path, 0
            elif rest.startswith("["):
                # A one-line array: its items all live on this line.
                for i in range(rest.count("{") or rest.count(",") + 1):
                    self.lines.setdefault(path + (i,), n)

    def line_of(self, loc: tuple) -> int | None:
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return None


def _closed(rest: str) -> bool:
    depth = 0
    in_str = None
    for ch in rest:
        if in_str:
            if ch == in_str:
                in_str = None
            continue
        if ch in "\"'":
            in_str = ch
        elif ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
    return depth <= 0
