"""The SQLite driver behind every connection Hearsay opens: the one sqlite-utils chose.

sqlite-utils opens its connections with `pysqlite3` when that package is installed (a newer
SQLite, common where other libraries need one) and with the standard library's `sqlite3`
otherwise. Hearsay's own connections, backups and `except` clauses must use the same module:
a backup from one driver's connection into the other's is refused with a TypeError, and one
driver's errors pass through the other's `except` clauses. So code that needs the driver
imports it from here, never `import sqlite3` directly (tests/test_layering.py checks it).
"""

from sqlite_utils.utils import sqlite3

__all__ = ["sqlite3"]
