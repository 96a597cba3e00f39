"""What a first-time author and a playtester tripped over on the command line: `why` with a
blank part of a claim (a traceback), `inspect --claim` (one question among ninety presence
memories), a stopped walkthrough's save not written (nothing said so), and `sweep
--show-random`'s replay line naming a scenario by an id its folder is not found by."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from ui.cli import main


@pytest.fixture(scope="module")
def save(tmp_path_factory):
    path = tmp_path_factory.mktemp("author") / "mk.db"
    res = CliRunner().invoke(main, ["run", "missing_key", "--seed", "3", "--days", "0.5",
                                    "--save", str(path)])
    assert res.exit_code == 0, res.output
    return path


@pytest.mark.parametrize("claim", [" .location", "ada_key. ", ".", " . "])
def test_why_with_a_blank_part_is_no_claim(save, claim):
    res = CliRunner().invoke(main, ["why", str(save), "ada", claim])
    assert res.exit_code == 2, res.output
    assert "is not a claim: write it subject.attribute" in res.output
    assert "Traceback" not in res.output


def test_why_suggests_a_resident_and_only_claims_as_typed(save):
    res = CliRunner().invoke(main, ["why", str(save), "adda", "ada_key.location"])
    assert res.exit_code == 2 and "no resident 'adda' (did you mean 'ada'?)" in res.output
    res = CliRunner().invoke(main, ["why", str(save), "ada", "ada_key.locaton"])
    assert "(did you mean 'ada_key.location'?)" in res.output
    assert "believes" not in res.output


def test_inspect_claim_filters_by_claim_subject_or_attribute(save):
    rows = lambda *a: [r["claim"] for r in __import__("json").loads(CliRunner().invoke(  # noqa: E731
        main, ["inspect", str(save), "-r", "ada", "--json", *a]).output)["beliefs"]]
    everything = rows()
    assert rows("--claim", "ada_key.location") == ["ada_key.location"]
    assert set(rows("--claim", "ada_key")) == {c for c in everything if c.startswith("ada_key.")}
    assert set(rows("--claim", ".location", "--claim", "ada_key.moved_by")) == {
        c for c in everything if c.endswith(".location") or c == "ada_key.moved_by"}
    res = CliRunner().invoke(main, ["inspect", str(save), "-r", "ada", "--claim", "zz.top"])
    assert res.exit_code == 2 and "ada holds no belief about zz.top" in res.output


def test_a_stopped_walkthrough_says_its_save_was_not_written(tmp_path):
    steps = tmp_path / "step.txt"
    steps.write_text("+ look\n+ search cafe.nothing\n")
    out = tmp_path / "me.db"
    res = CliRunner().invoke(main, ["run", "missing_key", "--commands", str(steps), "--days",
                                    "0", "--save", str(out)])
    assert res.exit_code == 2, res.output
    assert f"{out} was not written" in res.output
    assert not out.exists()


def test_show_random_replays_the_scenario_as_typed():
    from game.scenario.loader import SCENARIOS

    folder = str(SCENARIOS / "missing_key")
    res = CliRunner().invoke(main, ["sweep", folder, "--show-random", "1:2"])
    assert res.exit_code == 0, res.output
    assert f"replay with: hearsay run {folder} --seed 2 --commands FILE" in res.output


def test_sweep_names_a_bad_walkthrough_by_its_file(tmp_path):
    """An author: the sweep's error named the route ("lose-typo:1:"), not the file, as `run
    --commands` does."""
    bad = tmp_path / "lose-typo.txt"
    bad.write_text("day 1 09:00 go nowhere_at_all\n")
    res = CliRunner().invoke(main, ["sweep", "missing_key", "--commands", str(bad), "--seeds",
                                    "1", "--random-players", "0"])
    assert res.exit_code == 2, res.output
    assert f"{bad}:1: no place 'nowhere_at_all'" in res.output


def test_a_step_from_a_save_lists_only_what_was_seen_in_it(tmp_path):
    """A playtest stepping a game a command at a time read every old sighting again at the
    head of each step's output ("what you saw happen: day 1 09:50 Cy avoided Ada" …)."""
    first, step, save = tmp_path / "a.txt", tmp_path / "b.txt", tmp_path / "g.db"
    first.write_text("day 1 09:00 go cafe\n+ wait until 11:00\n")
    step.write_text("+ wait 30\n")
    res = CliRunner().invoke(main, ["run", "missing_key", "--commands", str(first), "--days",
                                    "0", "--save", str(save)])
    assert "Cy avoided Ada" in res.output
    res = CliRunner().invoke(main, ["run", "--load", str(save), "--commands", str(step),
                                    "--days", "0", "--save", str(save)])
    assert res.exit_code == 0, res.output
    assert "Cy avoided Ada" not in res.output
    assert "you saw nothing notable happen this run" in res.output
    assert re.search(r"… \d+ things? seen before this run, not shown", res.output)
    assert "--notebook, under What you saw happen" in res.output
    board = CliRunner().invoke(main, ["run", "--load", str(save), "--commands", str(step),
                                      "--days", "0", "--notebook"])
    assert "WHAT YOU SAW HAPPEN" in board.output and "Cy avoided Ada" in board.output


@pytest.mark.parametrize("command", [["inspect", "-r", "ada"], ["why", "ada", "ring.taken_by"],
                                     ["report"], ["edits"]])
def test_a_memory_store_given_for_a_save_is_named_for_what_it_is(tmp_path, command):
    """A developer's own store (and its backup) read "not a save Hearsay wrote (a database in
    WAL mode)": it says it is a memory store, and how to read one; the file is left as it
    was."""
    import hashlib

    from memory import Evidence, MemoryStore

    path = tmp_path / "mine.db"
    with MemoryStore(path) as store:
        store.perceive(Evidence(resident="ada", subject="ring", attribute="taken_by",
                                value="rook", kind="firsthand", event="e1", at=0))
        store.backup(tmp_path / "copy.db")
    for p in (path, tmp_path / "copy.db"):
        before = hashlib.sha256(p.read_bytes()).hexdigest()
        res = CliRunner().invoke(main, [command[0], str(p), *command[1:]])
        assert res.exit_code == 2, res.output
        assert "a memory store, not a game save" in res.output and "MemoryStore(path)" in \
            res.output, res.output
        assert hashlib.sha256(p.read_bytes()).hexdigest() == before
