"""Memory keeps only the indexes a query uses, and a tick's queries use them (issue 13).

Every index costs every write of its table: a belief row insert is a B-tree insert per index.
So each index of the memory tables must be the one some query searches by — and no statement a
tick runs may scan a memory table whole, or its cost would grow with everything the town ever
remembered. A small town runs with every statement it runs recorded; then the store's other
readers (the window's, the report's, the edits') are asked once; each statement's
`EXPLAIN QUERY PLAN` is read.
"""

import re

import pytest

from game import clock
from game.generate import generated_town
from game.sim import Simulation
from memory import (
    belief_signature,
    believers_at,
    changed_since,
    claim_values,
    claims,
    cue_recalled,
    first_dormancy,
    heard,
)

MEMORY_TABLES = {"beliefs", "belief_rows", "memory_event_rows", "lookback_passes",
                 "lazy_clock", "evidence", "claims", "belief_versions", "belief_facts",
                 "fact_versions", "belief_premises", "trust", "trust_changes", "memory_events",
                 "memory_edits", "edit_discoveries", "recall_words", "attributes",
                 "memory_meta"}
# A whole-table read: any SCAN but of a statement's own constant rows (its CTE of keys), and
# of belief_premises (bp), which holds only what inferred beliefs rest on — a handful, however
# long the town runs — and is read from its side so as never to read every belief; and of
# lazy_clock (l), one row: the lazy memories' half-life (memory.unwritten).
_SCAN = re.compile(r"^SCAN (?!\d+ CONSTANT ROWS|CONSTANT ROW|k\b|bp\b|l\b)(\w+)")


class Recording:
    """A connection that records each statement it runs (with its placeholders)."""

    def __init__(self, conn):
        self._conn, self.seen = conn, {}

    def __getattr__(self, name):
        return getattr(self._conn, name)

    def execute(self, sql, *args):
        self.seen.setdefault(sql, args[0] if args else None)
        return self._conn.execute(sql, *args)

    def executemany(self, sql, rows):
        rows = list(rows)
        self.seen.setdefault(sql, rows[0] if rows else None)
        return self._conn.executemany(sql, rows)


def _plan(conn, sql: str, params) -> list[str]:
    if not sql.lstrip().upper().startswith(("SELECT", "WITH", "UPDATE", "DELETE", "INSERT")):
        return []
    if isinstance(params, dict):
        params = {k: None for k in params}
    elif params is not None:
        params = [None] * len(params)
    try:
        return [r[3] for r in conn.execute("EXPLAIN QUERY PLAN " + sql, params or ())]
    except Exception:  # a statement EXPLAIN cannot take as is (a pragma, a savepoint)
        return []


@pytest.fixture(scope="module")
def town():
    sim = Simulation.new(generated_town(14, 3, days=4), 3)
    sim.run(days=0.5)  # settle in, then record a day and a half of ticks
    rec = Recording(sim.db.conn)
    sim.db.conn = rec
    sim.run(days=1.5)
    ticks = dict(rec.seen)
    # The store's other readers, once each: the window, the report, the edits.
    store = sim.store
    rid = sorted(sim.people)[0]
    b = store.beliefs(rid, about_others=False)[0]
    store.belief(rid, b.subject, b.attribute)
    store.believers(b.subject, b.attribute)
    believers_at(store, b.subject, b.attribute, sim.now)
    claim_values(store, b.subject, b.attribute)
    claims(store)
    heard(store, rid)
    belief_signature(store, rid)
    changed_since(store, rid, sim.now - clock.HOUR)
    store.memory_events()  # the mechanism report's
    store.memory_events(since=sim.now - clock.DAY)
    first_dormancy(store)
    cue_recalled(store)
    store.explain(rid, b.subject, b.attribute)
    store.cue(rid, sim.now, attribute="at_d1_0800")
    e = store.implant(rid, b.subject, b.attribute, "someone_else", by="test", at=sim.now)
    store.undo(e.id, by="test", at=sim.now)
    store.edits(rid, b.subject, b.attribute)
    store.edits(rid)
    store.mark_changed([(f"{b.subject}.{b.attribute}", 99)])
    return sim, ticks, dict(rec.seen)


def test_every_index_of_the_memory_tables_is_one_a_query_searches_by(town):
    sim, _, seen = town
    conn = sim.db.conn._conn
    used = set()
    for sql, params in seen.items():
        for step in _plan(conn, sql, params):
            used.update(re.findall(r"USING (?:COVERING )?INDEX (\w+)", step))
    indexes = {name for name, table in conn.execute(
        "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
        if table in MEMORY_TABLES}
    assert indexes - used == set(), "indexes no query uses (they only cost writes)"


def test_no_statement_of_a_tick_reads_a_memory_table_whole(town):
    sim, ticks, _ = town
    assert _scans(sim.db.conn._conn, ticks) == {}


def test_a_claims_believers_and_a_cue_read_only_their_claims(town):
    """`believers` (a condition's count every tick; the window's claim view, the report) and
    `cue` (a witness asked where everyone was) named a claim, or an attribute, and SQLite,
    asked to order the union of the rows written and the unwritten memories, read every
    resident's evidence (10 ms a claim at 300 residents) or every claim (2 ms a cue) in order
    instead of the few rows named and a sort."""
    sim, _, _ = town
    store = sim.store
    rec = Recording(sim.db.conn._conn)
    sim.db.conn = rec
    try:
        rid = sorted(sim.people)[0]
        b = store.beliefs(rid, about_others=False)[0]
        got = store.believers(b.subject, b.attribute)
        recalled = store.cue(rid, sim.now, attribute="at_d1_0800")
    finally:
        sim.db.conn = rec._conn
    assert rec.seen and _scans(rec._conn, rec.seen) == {}
    # Still in resident order (the claim's) and in claim order (the cue's), unwritten
    # memories among the rows written.
    assert [x.resident for x in got] == sorted(x.resident for x in got) and len(got) > 1
    assert {x.resident for x in got} == {
        r for r in sim.people if store.held(r, b.subject, b.attribute) is not None}
    named = [r.claim for r in recalled]
    assert named == sorted(named) and len(named) > 1


def _scans(conn, statements) -> dict[str, str]:
    """The statements that read a memory table whole: one step of each plan's."""
    scans = {}
    for sql, params in statements.items():
        plan = _plan(conn, sql, params)
        # A view read through (`beliefs`: the rows written and the lazy memories only their
        # evidence stands for) is materialized from its parts' own steps, each checked here;
        # reading what they gave is not a read of a table.
        made = {m.group(1) for step in plan
                if (m := re.match(r"^(?:MATERIALIZE|CO-ROUTINE) (\w+)", step))}
        made |= {alias for view in list(made) for alias in re.findall(
            rf"\b{view}\s+(?:AS\s+)?(?!ON\b|WHERE\b|JOIN\b)(\w+)", sql)}
        for step in plan:
            m = _SCAN.match(step)
            if m and m.group(1) not in made:
                scans[sql[:120]] = step
    return scans
