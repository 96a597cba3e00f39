"""A save fuzz of 2026-12-07: a save with another program's journal beside it, or locked by
one, was read without it and written over — and the next SQLite open played the stale file
back into the new save and ruined it, or the other program's work was lost."""

from __future__ import annotations

import sqlite3

import pytest

from .conftest import cli, digest


@pytest.fixture
def save(tmp_path):
    from game.sim import Simulation

    sim = Simulation.new("missing_key", seed=0)
    sim.run(until=sim.now + 60)
    path = tmp_path / "s.db"
    sim.save(path)
    return path


@pytest.mark.parametrize("side", ["-journal", "-wal"])
def test_a_save_with_another_programs_journal_beside_it_is_refused(save, side):
    stale = save.with_name(save.name + side)
    stale.write_bytes(b"x" * 600)
    before = digest(save), digest(stale)
    for args in (["run", "--load", save, "--days", "0.02", "--save", save],
                 ["run", "--load", save, "--days", "0.02"], ["inspect", save, "-r", "ada"]):
        res = cli(args)
        assert res.exit_code == 2, (args, res.output)
        assert f"{stale.name} lies beside it — another program" in res.output, res.output
    assert (digest(save), digest(stale)) == before
    stale.write_bytes(b"")  # (an empty one is nothing to play back: read and written)
    assert cli(["run", "--load", save, "--days", "0.02", "--save", save]).exit_code == 0


def test_a_save_another_program_holds_locked_is_not_written_over(save, tmp_path):
    other = sqlite3.connect(save)
    other.execute("BEGIN EXCLUSIVE")
    try:
        before = digest(save)
        for args in (["run", "--load", save, "--days", "0.02", "--save", save],
                     ["run", "missing_key", "--days", "0.02", "--save", save]):
            res = cli(args)
            assert res.exit_code == 2, (args, res.output)
            assert "another program has the save locked" in res.output, res.output
            assert "not written over" in res.output
        assert digest(save) == before
    finally:
        other.rollback()
        other.close()
    assert cli(["run", "--load", save, "--days", "0.02", "--save", save]).exit_code == 0


def test_a_save_in_utf16_is_named_so(save):
    """A save fuzz: the header's text encoding set to UTF-16 was "malformed database schema
    (獟汱瑩彥…)"."""
    data = bytearray(save.read_bytes())
    data[56:60] = (2).to_bytes(4, "big")
    save.write_bytes(bytes(data))
    res = cli(["inspect", save, "-r", "ada"])
    assert res.exit_code == 2 and "its text is not in UTF-8" in res.output, res.output


def _set_ending(path, ending):
    from game.savecheck import CHECKSUM_KEY, content_digest

    conn = sqlite3.connect(path)
    try:
        if ending is None:
            conn.execute("DELETE FROM world_meta WHERE key = 'ending'")
        else:
            conn.execute("INSERT INTO world_meta (key, value) VALUES ('ending', ?) ON CONFLICT "
                         "(key) DO UPDATE SET value = excluded.value", (ending,))
        conn.execute(f"DELETE FROM world_meta WHERE key = '{CHECKSUM_KEY}'")
        conn.commit()
        conn.execute("INSERT INTO world_meta VALUES (?, ?)", (CHECKSUM_KEY,
                                                              content_digest(conn)))
        conn.commit()
    finally:
        conn.close()


def test_an_ending_the_world_log_does_not_record_is_refused(save, tmp_path):
    """A save fuzz (checksum recomputed): an ending set on a game in play was printed as how
    it ended; one taken off a finished game let it go on."""
    _set_ending(save, "barred")
    before = digest(save)
    res = cli(["run", "--load", save, "--days", "0.02"])
    assert res.exit_code == 2 and "its ending is 'barred', but its world log records none" \
        in res.output, res.output
    assert digest(save) == before
    done = tmp_path / "done.db"
    assert cli(["run", "missing_key", "--save", done]).exit_code == 0
    assert cli(["run", "--load", done, "--days", "0.02"]).exit_code == 0
    _set_ending(done, None)
    res = cli(["run", "--load", done, "--days", "0.02"])
    assert res.exit_code == 2 and "its ending is none, but its world log records" in \
        res.output, res.output


def _forged(path, *statements):
    """`statements` run on the save, its checksum made again (a hand-edited save)."""
    from game.savecheck import CHECKSUM_KEY, content_digest

    conn = sqlite3.connect(path)
    try:
        for sql in statements:
            conn.execute(sql)
        conn.commit()
        conn.execute("UPDATE world_meta SET value = ? WHERE key = ?",
                     (content_digest(conn), CHECKSUM_KEY))
        conn.commit()
    finally:
        conn.close()


@pytest.mark.parametrize("statements, said", [
    # (each was refused, but as something else: "an extra table 'attention_log'", "index
    # beliefs_aging is not as Hearsay makes it", "saved by a newer Hearsay (migration None…)")
    (["DELETE FROM _sqlite_migrations"], "_sqlite_migrations lacks the record of a migration"),
    (["DELETE FROM _sqlite_migrations WHERE rowid = (SELECT max(rowid) FROM "
      "_sqlite_migrations)"], "_sqlite_migrations lacks the record of a migration"),
    (["UPDATE _sqlite_migrations SET name = NULL WHERE rowid = 5"],
     "_sqlite_migrations: a record with no name"),
    # (the broken text is the save's, not the file on disk it was read from once)
    (["UPDATE world_meta SET value = 'x = [[[' WHERE key = 'scenario_text'"],
     "the scenario in the save is broken: the save's copy of scenario.toml:1:"),
    # (which parameter, and why)
    (["UPDATE memory_meta SET value = json_set(value, '$.reinforce_step', -1) WHERE key = "
      "'params'"], "not the memory model's parameters ('reinforce_step': Input should be "),
    # (version 1 is from before checksums: one with a checksum and file version 2 is not)
    (["UPDATE world_meta SET value = '1' WHERE key = 'save_version'"],
     "says it is of version 1, from before checksums, but has file version 2"),
])
def test_a_hand_edited_save_is_refused_for_what_is_wrong(save, statements, said):
    """A save fuzz of 2026-12-07: the refusal says what is wrong, not something else."""
    _forged(save, *statements)
    before = digest(save)
    res = cli(["inspect", save, "-r", "ada"])
    assert res.exit_code == 2 and said in res.output, res.output
    assert digest(save) == before
