"""Many rows in one INSERT (memory.bulk) make the table `executemany` makes, row for row and
in order, for plain and numbered parameters, whatever the number of rows."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memory.bulk import Many
from memory.driver import sqlite3

PLAIN = "INSERT INTO t (a, b, c) VALUES (?, ?, ?)"
# Numbered, one used twice, a constant and an expression between: as `memory.fresh` writes.
NUMBERED = "INSERT INTO t (a, b, c, d, e) VALUES (?1, ?2, 'k', ?1 + ?3, ?2)"
value = st.one_of(st.integers(-2**62, 2**62), st.text(max_size=5), st.none())


def table(sql: str, rows: list[tuple], many: bool, per: int = 4) -> list[tuple]:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (a, b, c, d, e)")
    if many:
        Many(sql, per=per)(conn, rows)
    else:
        conn.executemany(sql, rows)
    return conn.execute("SELECT rowid, * FROM t ORDER BY rowid").fetchall()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(value, value, value), max_size=30), st.integers(1, 9))
def test_plain_rows_make_the_same_table(rows, per):
    assert table(PLAIN, rows, True, per) == table(PLAIN, rows, False)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-1000, 1000), value, st.integers(-1000, 1000)),
                max_size=30), st.integers(1, 9))
def test_numbered_rows_make_the_same_table(rows, per):
    assert table(NUMBERED, rows, True, per) == table(NUMBERED, rows, False)


def test_the_statement_holds_its_rows_in_order_and_renumbers_each():
    many = Many(NUMBERED, per=2)
    assert many.width == 3
    assert many.many.endswith("VALUES (?1, ?2, 'k', ?1 + ?3, ?2), (?4, ?5, 'k', ?4 + ?6, ?5)")


REFUSED = re.escape("not a one-row INSERT ... VALUES (...): ")


def test_only_a_one_row_insert_is_taken():
    for sql in ("UPDATE t SET a = ? WHERE b = ?", "INSERT INTO t (a) SELECT 1",
                "INSERT INTO t (a) VALUES (?) ON CONFLICT DO NOTHING",
                "INSERT INTO t (a, b) VALUES (?, ?) ON CONFLICT (a) DO UPDATE SET b = "
                "max(b, excluded.b)",
                "INSERT INTO t (a) VALUES (?), (?)",
                "REPLACE INTO t (a) VALUES (?)"):
        with pytest.raises(ValueError, match=REFUSED) as e:
            Many(sql)
        assert str(e.value).endswith(sql[:60])  # naming the statement refused
    Many("INSERT OR REPLACE INTO t (a, b) VALUES (?, coalesce(?, 0))")


@pytest.mark.parametrize("n", [1, 4, 9])
def test_a_row_of_another_width_is_refused_as_executemany_refuses_it(n):
    rows = [(1, 2, 3)] * (n - 1) + [(4, 5)]
    for many in (True, False):
        with pytest.raises(sqlite3.ProgrammingError):
            table(PLAIN, rows, many)
