"""Many rows in one INSERT: what a batch writes, at a third less than `executemany`.

`executemany` runs a one-row INSERT once per row — binding, stepping and resetting the
statement each time — and a tick writes thousands of rows. One statement with many rows'
`VALUES` groups steps once for all of them: in a thousand-resident town's database a sighting's
evidence row cost 4.4-4.7 µs through `executemany` and 3.1-3.4 µs sixteen or sixty-four to a
statement, index upkeep and all. The rows, their order and the table they make are the same.

    many = Many("INSERT INTO t (a, b, c) VALUES (?, ?, ?)")
    many(conn, rows)            # rows: a sequence of 3-tuples

A one-row statement may number its parameters (`?9` used twice, constants between): each
group's numbers are moved on by the row's width.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import chain

_NUMBERED = re.compile(r"\?(\d+)")
PER = 32  # rows a statement: 32 × 38 values (a memory's row) is far below SQLite's 32,766


class Many:
    """A one-row INSERT, made to write rows `PER` to a statement."""

    __slots__ = ("one", "many", "width", "per")

    def __init__(self, sql: str, per: int = PER) -> None:
        head, sep, values = sql.partition(" VALUES ")
        if not sep or not head.startswith("INSERT") or not _one_group(values):
            raise ValueError(f"not a one-row INSERT ... VALUES (...): {sql[:60]}")
        numbered = [int(n) for n in _NUMBERED.findall(values)]
        if numbered:
            width = max(numbered)
            groups = [_NUMBERED.sub(lambda m, k=k: f"?{int(m.group(1)) + k * width}", values)
                      for k in range(per)]
        else:
            width = values.count("?")
            groups = [values] * per
        self.one, self.width, self.per = sql, width, per
        self.many = f"{head} VALUES {', '.join(groups)}"

    def __call__(self, conn, rows: Sequence[tuple]) -> None:
        per, n, width = self.per, len(rows), self.width
        full = n - n % per
        if any(len(r) != width for r in rows):
            full = 0  # a row of another width: `executemany` refuses it, as it always did
        execute = conn.execute
        for i in range(0, full, per):
            execute(self.many, list(chain.from_iterable(rows[i:i + per])))
        if full < n:
            conn.executemany(self.one, rows[full:])


def _one_group(values: str) -> bool:
    """Is `values` one parenthesised group and nothing after it (no second row, no ON
    CONFLICT clause)? Parentheses inside string literals are not looked for: these are our
    own statements, with parameters, not literals holding parentheses."""
    if not values.startswith("("):
        return False
    depth = 0
    for i, ch in enumerate(values):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i == len(values) - 1
    return False
