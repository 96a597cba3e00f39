"""Where a byte that is not UTF-8 stands in a file's bytes — its line and column, counted in
characters as an editor counts them — for the errors of every file a user hands the game
(scenarios, walkthroughs)."""

from __future__ import annotations


def not_utf8(data: bytes, exc: UnicodeDecodeError) -> tuple[int, int, int]:
    """(line, column, the byte) of the first byte `exc` found not to be UTF-8 in `data`."""
    line = data.count(b"\n", 0, exc.start) + 1
    start = data.rfind(b"\n", 0, exc.start) + 1
    column = len(data[start:exc.start].decode("utf-8", "replace")) + 1
    return line, column, data[exc.start]
