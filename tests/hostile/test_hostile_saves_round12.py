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
