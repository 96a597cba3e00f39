"""A fuzzer's crafted saves of 2026-12-07 (checksum recomputed, CHECK constraints and the
append-only triggers switched off while writing): each crashed a command, or hung one, and
each is now refused by the save gate — exit 2, one line, the file left as it was."""

from __future__ import annotations

import shutil

import pytest

from game.savecheck import CHECKSUM_KEY, content_digest
from memory.driver import sqlite3

from .conftest import cli, digest


def _craft(good, path, *statements):
    """Copy the good save and change it as a person with an SQLite shell can: constraints
    off, triggers dropped and put back, the checksum recomputed."""
    shutil.copyfile(good, path)
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA ignore_check_constraints = ON")
        triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"
                                ).fetchall()
        for name, _ in triggers:
            conn.execute(f'DROP TRIGGER "{name}"')
        for st in statements:
            conn.execute(st)
        for _, sql in triggers:
            conn.execute(sql)
        conn.execute(f"DELETE FROM world_meta WHERE key = '{CHECKSUM_KEY}'")
        conn.commit()
        conn.execute("INSERT INTO world_meta VALUES (?, ?)", (CHECKSUM_KEY, content_digest(conn)))
        conn.commit()
    finally:
        conn.close()
    return path


@pytest.fixture(scope="module")
def edited_save(tmp_path_factory):
    """missing_key half a day in, with two of an author's memory edits in it."""
    from game.sim import Simulation

    sim = Simulation.new("missing_key", seed=3)
    for line in ("go cafe", "ask ada ada_key.moved_by", "wait 2h"):
        sim.command(line)
    path = tmp_path_factory.mktemp("edited") / "good.db"
    sim.save(path)
    assert cli(["edit", path, "fen", "ada_key.moved_by", "--implant", "cy"]).exit_code == 0
    assert cli(["edit", path, "ada", "ada_key.location", "--distort", "cafe",
                "--confidence", "40"]).exit_code == 0
    # A suppressed memory is evoked far back, before the start (a first gate refused it).
    assert cli(["edit", path, "fen", "ada_key.location", "--suppress"]).exit_code == 0
    assert cli(["edit", path, "--undo", "1"]).exit_code == 0
    return path


def test_the_good_save_with_edits_suppressed_and_undone_loads(edited_save, tmp_path):
    for args in (["run", "--load", edited_save, "--days", "0.02"], ["edits", edited_save],
                 ["report", edited_save, "-o", tmp_path / "r.html"]):
        res = cli(args)
        assert res.exit_code == 0, (args, res.output)


BELIEF = "(SELECT min(id) FROM belief_rows)"
CASES = {
    # (what the gate says, the statements)
    "state-bogus": ("CHECK constraint failed in belief_rows",
                    [f"UPDATE belief_rows SET state = 'bogus' WHERE id = {BELIEF}"]),
    "confidence-101": ("CHECK constraint failed in belief_rows",
                       [f"UPDATE belief_rows SET confidence = 101 WHERE id = {BELIEF}"]),
    "trust-huge": ("CHECK constraint failed in trust", ["UPDATE trust SET value = 1e308"]),
    "importance-huge": ("belief_rows.importance, row ",
                        [f"UPDATE belief_rows SET importance = 4611686018427387904 WHERE id = "
                         f"{BELIEF}"]),
    "evidence-id-huge": ("evidence.id, row ", [
        "UPDATE evidence SET id = 4611686018427387904 WHERE id = (SELECT max(id) FROM "
        "evidence)"]),
    "claim-subject-empty": ("claims.subject, row ", ["UPDATE claims SET subject = '' WHERE id "
                                                     "= (SELECT min(id) FROM claims)"]),
    "person-name-empty": ("people.name, row ", ["UPDATE people SET name = '' WHERE id = 'ada'"]),
    "version-at-far-on": ("belief_versions.at, row ", [
        "UPDATE belief_versions SET at = 4611686018427387904 WHERE id = (SELECT min(id) FROM "
        "belief_versions)"]),
    "version-of-no-belief": ("points at no row of belief_rows", [
        "UPDATE belief_versions SET belief_id = 999999 WHERE id = (SELECT min(id) FROM "
        "belief_versions)"]),
    "edit-after-empty": ("memory_edits.after, row 1: value: Field required",
                         ["UPDATE memory_edits SET after = '{}' WHERE id = 1"]),
    "edit-before-junk": ("memory_edits.before, row 2: value: Field required",
                         ["UPDATE memory_edits SET before = '{\"x\": 1}' WHERE id = 2"]),
    "clock-at-its-limit": ("world_meta now: 999999999990 is not between 0 and", [
        "UPDATE world_meta SET value = '999999999990' WHERE key = 'now'"]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_crafted_rows_are_refused_not_crashed_on(name, edited_save, tmp_path):
    said, statements = CASES[name]
    f = _craft(edited_save, tmp_path / f"{name}.db", *statements)
    before = digest(f)
    for args in (["inspect", f, "-r", "ada"], ["run", "--load", f, "--days", "0.02"],
                 ["report", f, "-o", tmp_path / "r.html"], ["edits", f]):
        res = cli(args)
        line = res.output.strip()
        assert res.exit_code == 2 and "\n" not in line, (name, args, res.output)
        assert said in line, (name, args, line)
    assert digest(f) == before, name
    assert not (tmp_path / "r.html").exists()


def test_a_clock_years_on_still_reports_and_draws(edited_save, tmp_path):
    """A clock far on — legal, if no game gets there — hung the report's time axis (a tick a
    90 days over 10¹² minutes) and ran it out of memory (a sample an hour)."""
    f = _craft(edited_save, tmp_path / "far.db",
               "UPDATE world_meta SET value = '900000000000' WHERE key = 'now'")
    res = cli(["report", f, "-o", tmp_path / "r.html"], timeout=20)
    assert res.exit_code == 0, res.output
    assert "<svg" in (tmp_path / "r.html").read_text()


def test_play_with_both_a_save_and_a_scenario_is_refused(edited_save):
    # (`run` refused it; `play` quietly played the save)
    res = cli(["play", "--load", edited_save, "missing_key", "--frames", "1"])
    assert res.exit_code == 2 and "give a scenario or --load, not both" in res.output
