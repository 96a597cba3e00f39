"""Where in a TOML file a key was written, so errors can name the line.

`tomllib` gives values but not positions. This walks the text once, tracking the current table
(`[scenario]`, the n-th `[[residents]]`, `[attributes.location]`) and the keys written in it —
including inline tables and arrays, nested and over as many lines as they take — and maps
each path to its line. An error's location is the longest known prefix of its path.
"""

from __future__ import annotations

import re
import tomllib

# Every pattern here runs on untrusted text, so none may backtrack: possessive quantifiers,
# and keys are only tried where a key may start (after `{` or `,` in an inline table), which
# keeps a scan linear in the line's length however long a token is.
# A key part: bare, "basic" (escapes allowed) or 'literal'; a dotted key is parts joined by dots.
_PART = r"""(?:[A-Za-z0-9_\-]++|"(?:[^"\\\n]++|\\.)*+"|'[^'\n]*+')"""
_DOTTED = rf"{_PART}(?:\s*+\.\s*+{_PART})*+"
_HEADER_NAME = re.compile(rf"\s*+{_DOTTED}\s*+")
_BASIC = re.compile(r'"(?:[^"\\]++|\\.?+)*+"?+')  # "a \"quoted\" word"
_LITERAL = re.compile(r"'[^']*+'?+")
_PLAIN = re.compile(r'[^\[\]{},"\'#]*+')
_KEY = re.compile(rf"\s*+({_DOTTED})\s*+=")
_ONE = re.compile(_PART)


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
    """A dotted key's parts as tomllib names them: a dot inside quotes is part of a name
    (`[attributes."a.b"]` was placed at `[attributes]`'s line), `'literal'` parts are names
    too, and a basic part's escapes are read."""
    out, pos = [], 0
    while True:
        while pos < len(dotted) and dotted[pos] in " \t":
            pos += 1
        m = _ONE.match(dotted, pos)
        if not m:  # (not a key _KEY matched: the rest as it stands)
            return tuple(out) + (dotted[pos:].strip(),)
        out.append(_name(m.group(0)))
        pos = m.end()
        while pos < len(dotted) and dotted[pos] in " \t":
            pos += 1
        if pos >= len(dotted) or dotted[pos] != ".":
            return tuple(out)
        pos += 1


def _name(part: str) -> str:
    if part[:1] == "'":
        return part[1:-1]
    if part[:1] == '"':
        if "\\" not in part:
            return part[1:-1]
        try:
            return tomllib.loads(f"k = {part}")["k"]
        except tomllib.TOMLDecodeError:  # a bad escape: tomllib names the line itself
            return part[1:-1]
    return part


class _Open:
    """An array or inline table being read: its path, and where in it the scan is."""

    __slots__ = ("path", "table", "index", "started", "key")

    def __init__(self, path: tuple, table: bool):
        self.path = path
        self.table = table
        self.index = 0  # an array's item
        self.started = False  # an array: its current item has begun
        self.key: tuple | None = None  # an inline table: the key whose value is being read


class LineMap:
    def __init__(self, text: str):
        self.lines: dict[tuple, int] = {}
        counts: dict[tuple, int] = {}
        table: tuple = ()
        stack: list[_Open] = []  # a value (array, inline table) still open from a line above
        in_text: str | None = None  # inside a multi-line string (its quotes): no keys here
        # (TOML ends lines with \n or \r\n only: `splitlines` also broke them at U+2028,
        # U+0085 and the like inside a string or comment, and every line after was off by one)
        for n, raw in enumerate(text.split("\n"), start=1):
            was, in_text = in_text, _text_after(raw, in_text)
            if was is not None:
                continue
            if stack:
                self._scan(raw, 0, n, stack)
                continue
            line = raw.split("#", 1)[0] if '"' not in raw and "'" not in raw else raw
            h = _header(line)
            if h and not _KEY.match(line):
                path = _within(_split(h[1]), counts)
                if h[0]:
                    i = counts.get(path, 0)
                    counts[path] = i + 1
                    table = path + (i,)
                else:
                    table = path
                for cut in range(1, len(table) + 1):  # ([[stages]] is also where `stages` is)
                    self.lines.setdefault(table[:cut], n)
                continue
            k = _KEY.match(line)
            if not k:
                continue
            path = table + _split(k.group(1))
            self.lines.setdefault(path, n)
            start = len(line) - len(line[k.end():].lstrip())
            if line[start:start + 1] in ("[", "{"):
                stack.append(_Open(path, line[start] == "{"))
                self._scan(raw, start + 1, n, stack)

    def _scan(self, line: str, pos: int, n: int, stack: list[_Open]) -> None:
        """Read `line` from `pos` inside the open values on `stack`, noting the line of each
        array item and inline key met; what is still open at the end stays on the stack."""
        end = len(line)
        while pos < end and stack:
            top = stack[-1]
            ch = line[pos]
            if ch in " \t\r":
                pos += 1
                continue
            if ch == "#":
                return
            if top.table and top.key is None:
                k = _KEY.match(line, pos)
                # (no key here: what follows is read as a value, not tried again as a key
                # at every character — which would make a long token's scan quadratic)
                top.key = top.path + _split(k.group(1)) if k else top.path
                if k:
                    self.lines.setdefault(top.key, n)
                    pos = k.end()
                    continue
            if ch in "]}":
                stack.pop()
                pos += 1
                continue
            if ch == ",":
                if top.table:
                    top.key = None
                else:
                    top.index += 1
                    top.started = False
                pos += 1
                continue
            # the start of a value (or more of one): an item of an array, or a key's value
            if top.table:
                here = top.key or top.path
            else:
                here = top.path + (top.index,)
                if not top.started:
                    top.started = True
                    self.lines.setdefault(here, n)
            if ch in "[{":
                stack.append(_Open(here, ch == "{"))
                pos += 1
            elif ch in "\"'":
                pos = _string_end(line, pos)
            else:  # a number, a date, true: on to what may matter
                pos = _PLAIN.match(line, pos + 1).end()

    def line_of(self, loc: tuple) -> int | None:
        loc = tuple(loc)
        while loc:
            if loc in self.lines:
                return self.lines[loc]
            loc = loc[:-1]
        return None


def _within(path: tuple, counts: dict[tuple, int]) -> tuple:
    """A header's path with the index of each array table it is inside: `[residents.traits]`
    after the third `[[residents]]` is ("residents", 2, "traits") — it pointed at the line of
    the `[[residents]]` header, not the trait's (a fuzzer)."""
    out: tuple = ()
    for part in path[:-1]:
        out += (part,)
        if out in counts:
            out += (counts[out] - 1,)
    return out + path[-1:]


def _text_after(line: str, open_: str | None) -> str | None:
    """Whether a multi-line string is still open after `line` (its quotes) — a triple quote
    counts only where a string may start, not inside another string or a comment: one in a
    comment turned line numbers off for the rest of the file (a fuzzer)."""
    pos, end = 0, len(line)
    while pos < end:
        if open_ is not None:
            close = line.find(open_, pos)
            # In a basic string a backslash escapes what follows: `\"""` closes nothing (one
            # in a premise lost the line of every key after it; a scenario fuzz).
            while close >= 0 and open_ == '"""' and _escaped(line, close):
                close = line.find(open_, close + 1)
            if close < 0:
                return open_
            pos, open_ = close + 3, None
            continue
        ch = line[pos]
        if ch == "#":
            return None
        if line.startswith(('"""', "'''"), pos):
            open_, pos = line[pos:pos + 3], pos + 3
        elif ch in "\"'":
            pos = _string_end(line, pos)
        else:
            pos += 1
    return open_


def _escaped(line: str, pos: int) -> bool:
    """Is the character at `pos` escaped: an odd run of backslashes just before it?"""
    n = 0
    while pos - n - 1 >= 0 and line[pos - n - 1] == "\\":
        n += 1
    return n % 2 == 1


def _string_end(line: str, pos: int) -> int:
    """Just past the string starting at `pos` (or the end of the line, if it runs on)."""
    return (_BASIC if line[pos] == '"' else _LITERAL).match(line, pos).end()
