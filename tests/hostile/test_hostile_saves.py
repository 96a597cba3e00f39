"""Damaged and hostile saves through every command that reads or writes one: exit 0 or 2, never
1, never a hang, and no save's bytes change unless it was the command's target and the command
succeeded. The corpus is built from one good save (see saves.py)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from .conftest import cli, digest

# command -> how to run it on save F (with a scratch folder T); `target` says which file the
# command may write (None: it must write no save at all).
COMMANDS = {
    "run-load": (lambda f, t: ["run", "--load", f, "--days", "0.05", "--json"], None),
    "run-load-save-itself": (lambda f, t: ["run", "--load", f, "--days", "0.05", "--save", f],
                             "self"),
    "run-save-over": (lambda f, t: ["run", "missing_key", "--days", "0.02", "--save", f],
                      "self"),
    "inspect": (lambda f, t: ["inspect", f, "-r", "ada"], None),
    "inspect-json": (lambda f, t: ["inspect", f, "-r", "player", "--json", "--all"], None),
    "why": (lambda f, t: ["why", f, "ada", "ada_key.moved_by"], None),
    "report": (lambda f, t: ["report", f, "-o", t / "r.html"], None),
    "report-over-it": (lambda f, t: ["report", t / "good.db", "-o", f], None),
    "report-default": (lambda f, t: ["report", f], None),
    "play": (lambda f, t: ["play", "--load", f, "--frames", "1", "--screenshot",
                           t / "shot.png"], None),
}


def test_the_corpus_covers_every_kind_of_damage(corpus):
    kinds = ("truncated", "padded", "flipped", "zeroed", "swapped", "dropped", "renamed",
             "extra", "meta", "newer", "scenario", "templates", "rows", "wal", "not-sqlite")
    for kind in kinds:
        assert any(kind in n for n in corpus), kind
    assert len(corpus) >= 150


def _run_all(corpus, tmp_path, names, good_save):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    results: dict[tuple[str, str], int] = {}
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    for name in names:
        src = corpus[name]
        for cmd, (make, target) in COMMANDS.items():
            f = tmp_path / src.name
            f.write_bytes(src.read_bytes())
            (scratch / "good.db").write_bytes(good_save.read_bytes())
            before = digest(f)
            res = cli(make(f, scratch))
            results[(name, cmd)] = res.exit_code
            if res.exit_code == 2 and cmd in ("inspect", "why", "report"):
                # A refusal is one short line (never SQLite's own report over lines).
                line = res.output.strip()
                assert "\n" not in line and len(line) < 600 and "***" not in line, (name, line)
            if not (target == "self" and res.exit_code == 0):
                assert digest(f) == before, f"{cmd} changed {name}"
            leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
            assert not leftovers, leftovers
            f.unlink()
            for p in scratch.iterdir():
                p.unlink()
    return results


@pytest.mark.parametrize("part", range(4))
def test_every_command_on_every_damaged_save_exits_0_or_2_and_changes_nothing(
        corpus, tmp_path, good_save, part):
    names = sorted(corpus)[part::4]
    results = _run_all(corpus, tmp_path, names, good_save)
    assert len(results) == len(names) * len(COMMANDS)
    # Most of the corpus is refused outright; what loads is what the damage did not reach
    # (a flipped byte in a page's free space) or what a careful forger made valid.
    refused = {n for (n, cmd), code in results.items() if cmd == "inspect" and code == 2}
    assert len(refused) >= len(names) * 2 // 3


def test_a_damaged_save_is_refused_with_where_and_why(corpus, tmp_path):
    """Spot checks of the messages: what is wrong, said plainly."""
    expect = {
        "truncated-by-1": "truncated",
        "flipped-many": "damaged",
        "dropped-belief_rows": "missing table belief_rows",
        "renamed-people.spec": "spec_x",
        "meta-now-garbage": "damaged",
        "meta-now-1-crafted": "now",
        "newer-save-version-crafted": "newer Hearsay",
        "newer-migration": "newer Hearsay",
        "extra-trigger": "extra trigger",
        "wal-mode": "WAL",
        "scenario-long-token": "scenario",
        "templates-loop": "template",
        "rows-people-spec": "the save is damaged (people.spec, row 1: not a JSON object)",
        "rows-no-sim-state": "data is damaged",
        "flipped-header-52": "damaged",  # SQLite's integrity report: several lines of its own
        "renamed-evidence.kind": "unexpected column 'kind_x'; missing column kind",
        "rows-state-a-string": "(sim_state.state, row 1: not a JSON object)",
        "rows-candidates-numbers": ": an element is not an array)",
        "rows-value-blob": "(evidence.value, row 1: blob where text belongs)",
        "rows-value-not-utf8": "(evidence.value, row 1: text that is not UTF-8)",
        "rows-log-at-text": "world_log.at, row ",
        "rows-log-data-blob": "world_log.data, row ",
        "times-off-tick": "is not on a 10-minute tick",
        "times-before-log": "is before its world log's last event",
        "times-pass-ahead": "access_pass_at, minute 999999, is after its clock",
        "rows-state-deep": "(sim_state.state, row 1: JSON nested deeper than 200)",
    }
    for prefix, words in expect.items():
        name = next(n for n in sorted(corpus) if n.startswith(prefix))
        res = cli(["inspect", corpus[name], "-r", "ada"])
        assert res.exit_code == 2, (name, res.output)
        assert words in res.output and str(corpus[name]) in res.output, (name, res.output)
        assert res.output.strip().count("\n") == 0 and len(res.output) < 600, (name, res.output)


def test_a_save_never_reads_templates_from_a_folder_it_names(corpus):
    """The save says its scenario came from a folder with its own templates/; loading it uses
    the save's own (none) — never that folder's."""
    from game.sim import Simulation

    sim = Simulation.load(corpus["scenario-file-elsewhere"])
    sim.command("go cafe")
    text = sim.command("ask ada ada_key.moved_by").text()
    assert "PWNED" not in text and sim.templates == {}


# A save of version 1, before checksums, written by the Hearsay before them (34dfb4f~1, its
# tree from `git archive`: `hearsay run missing_key --days 0.6 --seed 5 --save ...`).
SAVE_V1 = Path(__file__).parent / "data" / "save_v1.db"


def test_the_gate_refuses_damage_not_saves(tmp_path, good_save):
    """A good save loads; so does a version-1 save (before checksums), through every command;
    a version-2 save without its checksum does not, nor one passed off as version 1 (its
    checksum deleted, its version set back: it has what version 1 could not have)."""
    from game.sim import Simulation
    from memory.driver import sqlite3

    assert Simulation.load(good_save).now > 0
    old = tmp_path / "old.db"
    old.write_bytes(SAVE_V1.read_bytes())
    before = digest(old)
    for args in (["run", "--load", old, "--days", "0.02"], ["inspect", old, "-r", "ada"],
                 ["why", old, "ada", "ada_key.moved_by"], ["report", old, "-o",
                                                          tmp_path / "r.html"]):
        res = cli(args)
        assert res.exit_code == 0, (args, res.output)
    assert digest(old) == before
    fake = tmp_path / "fake.db"
    fake.write_bytes(good_save.read_bytes())
    conn = sqlite3.connect(fake)
    conn.execute("DELETE FROM world_meta WHERE key = 'checksum'")
    conn.execute("UPDATE world_meta SET value = '1' WHERE key = 'save_version'")
    conn.execute("PRAGMA user_version = 0")
    conn.commit()
    conn.close()
    res = cli(["run", "--load", fake, "--days", "0.02"])
    assert res.exit_code == 2 and "says it is of version 1" in res.output, res.output
    assert cli(["run", "--load", tmp_path / "nope.db"]).exit_code == 2


def test_crafted_rows_are_refused_by_the_gate_naming_where(corpus, tmp_path):
    """The fuzzer's crafted saves (checksum recomputed, or passed off as version 1) crashed
    commands or loaded as nonsense: each is refused (exit 2) by every command that reads a
    save, naming table, column and row, and left as it was."""
    from .saves import crafted_rows

    names = [n for n, _ in crafted_rows()]
    for name in names:
        f = corpus[name]
        before = digest(f)
        for args in (["inspect", f, "-r", "ada"], ["run", "--load", f, "--days", "0.02"],
                     ["why", f, "ada", "ada_key.moved_by"]):
            res = cli(args)
            assert res.exit_code == 2, (name, args, res.output)
            line = res.output.strip()
            assert "the save is damaged (" in line and "\n" not in line, (name, line)
            if not name.startswith(("v1-", "rows-default-trust")):
                assert ", row " in line, (name, line)
        assert digest(f) == before, name


def test_the_gate_reads_what_the_rows_mean(corpus):
    """Spot checks of the words: table.column, row, and what is wrong (a belief's or a piece
    of evidence's row number is whichever the good save gave it)."""
    expect = {
        "v1-impostor": "says it is of version 1, from before checksums, but has file version 2",
        "v1-impostor-file-version-0": "but has migration '0008_memory_edits'",
        "rows-candidates-held-missing": ": a candidate is not [value, confidence, rank",
        "rows-two-beliefs-of-one-claim": "(evidence.founds, row *: founds a memory its "
                                         "resident already holds written",
        "rows-two-stays-open": "a second stay still open for one resident (two places at once)",
        "rows-claim-subject-dotted": "'ada_key.x' is not a claim's subject",
        "rows-key-nowhere": "'nowhere' is no place, spot of one or person",
        "rows-key-in-no-spot": "'cafe.nosuchspot' is no place, spot of one or person",
        "rows-edit-of-another-memory": "is not the memory its evidence went into",
        "rows-flag-seven": "(belief_rows.stale, row *: 7 is not a flag (0 or 1))",
        "rows-place-no-name": "(places.name, row *: '' is empty (a place has a name))",
        "rows-candidates-other-value": "the held value is none of its candidates'",
        "rows-evidence-rank-negative": "(evidence.rank, row *: -7 is not a provenance rank",
        "rows-half-life-0": "(belief_rows.half_life, row *: 0.0 is not a half-life",
        "rows-state-attention-text": "(sim_state.state, row *: attention: Input should be a "
                                     "valid number)",
        "rows-state-sighted-text": "sighted: Input should be a valid array",
        "rows-spec-traits-text": "(people.spec, row *: traits.honesty: Input should be a "
                                 "valid number)",
        "rows-spec-lies-number": "lies.ada_key.moved_by: Input should be an object",
        "rows-belief-resident-unknown": "(belief_rows.resident, row *: 'zz' is no one in the "
                                        "town)",
        "rows-belief-claim-nowhere": "(belief_rows.claim_id, row *: 99999 is no claim",
        "rows-belief-kind-bogus": "'bogus' is not a kind of source",
        "rows-belief-access-weird": "(belief_rows.access, row *: 'weird' is not a memory's",
        "rows-trust-listener-unknown": "(trust.listener, row [\"zz\",\"ada\",\"*\"]: 'zz'",
        "rows-default-trust-1.5": "memory_meta default_trust: not between 0 and 1",
        "rows-object-owner-unknown": "(objects.owner, row *: 'zz' is no one in the town)",
        "rows-log-kind-bogus": "'bogus' is not a kind of event",
        "rows-spec-sleep-out-of-range": "(people.spec, row *: sleep.0: Input should be greater",
        "rows-spec-schedule-nowhere": "(people.spec, row *: 'nowhere' is no place in the town)",
    }
    for name, words in expect.items():
        res = cli(["inspect", corpus[name], "-r", "ada"])
        # ("row *: " stands for any row's number)
        text = re.sub(r", row \d+: ", ", row *: ", res.output)
        assert res.exit_code == 2 and words in text, (name, res.output)


def test_fifos_and_folders_are_refused_without_hanging(tmp_path, good_save):
    fifo = tmp_path / "pipe.db"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.db"
    folder.mkdir()
    walk = tmp_path / "walk.txt"
    os.mkfifo(walk)
    for args in (["run", "--load", fifo], ["run", "missing_key", "--days", "0.02", "--save",
                                           fifo],
                 ["inspect", fifo, "-r", "ada"], ["report", good_save, "-o", fifo],
                 ["run", "--load", folder], ["run", "missing_key", "--save", folder],
                 ["report", good_save, "-o", folder], ["run", "missing_key", "--commands", walk],
                 ["play", "missing_key", "--frames", "1", "--screenshot", fifo],
                 ["validate", fifo]):
        res = cli(args, timeout=10)
        assert res.exit_code == 2, (args, res.output)


def test_a_killed_writers_temp_file_is_removed_on_the_next_open(tmp_path, good_save):
    save = tmp_path / "mine.db"
    save.write_bytes(good_save.read_bytes())
    stale = tmp_path / "mine.db.hearsay-save-k1ll3d__.tmp"
    stale.write_bytes(good_save.read_bytes()[:5000])
    other = tmp_path / "notes.txt.abcdefgh.tmp"  # not beside this save: left alone
    other.write_text("x")
    # A user's own files beside the save, named like a temp (the fuzzer's "g.db.notes123.tmp",
    # deleted by `inspect`), or named as ours but not an SQLite file: left alone.
    mine = tmp_path / "mine.db.notes123.tmp"
    mine.write_text("notes")
    looks = tmp_path / "mine.db.hearsay-save-notes123.tmp"
    looks.write_text("my notes")
    cli(["inspect", save, "-r", "ada", "--json"])
    assert not stale.exists() and other.exists() and mine.exists() and looks.exists()


def test_a_failed_write_leaves_the_old_save_and_no_temp(tmp_path, good_save, monkeypatch):
    from game.save import SaveError
    from game.sim import Simulation

    save = tmp_path / "mine.db"
    save.write_bytes(good_save.read_bytes())
    before = digest(save)
    sim = Simulation.load(save)

    def boom(*a):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)  # the disk fills up at the very last step

    with pytest.raises(SaveError):
        sim.save(save)
    assert digest(save) == before
    assert [p.name for p in tmp_path.iterdir()] == ["mine.db"]


def test_report_never_writes_over_a_save(tmp_path, good_save):
    html_named = tmp_path / "g.html"  # a save that happens to be called .html
    html_named.write_bytes(good_save.read_bytes())
    b = tmp_path / "b.db"
    b.write_bytes(good_save.read_bytes())
    plain = tmp_path / "plainname"
    plain.write_bytes(good_save.read_bytes())
    res = cli(["report", html_named])
    assert res.exit_code == 0 and (tmp_path / "g.html.html").exists()
    assert digest(html_named) == digest(good_save)
    for out in (b, plain, html_named):
        res = cli(["report", good_save, "-o", out])
        assert res.exit_code == 2, res.output
        assert digest(out) == digest(good_save)


def test_a_screenshot_never_writes_over_a_save(tmp_path, good_save):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    for name in ("shot.db", "shot.png"):
        target = tmp_path / name
        target.write_bytes(good_save.read_bytes())
        res = cli(["play", "missing_key", "--frames", "1", "--screenshot", target])
        assert res.exit_code == 2, res.output
        assert digest(target) == digest(good_save)


def test_a_report_or_screenshot_writes_over_only_its_own_kind(tmp_path, good_save):
    """`--screenshot` made the walkthrough it played, and the scenario, into images, and
    `report -o` wrote over a walkthrough (a hostile-input test): an existing file is written
    over only if it already holds a report (HTML) or a screenshot (an image)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    walk = tmp_path / "walk.txt"
    walk.write_text("+ look\n", encoding="utf-8")
    before = walk.read_bytes()
    for args in (["play", "missing_key", "--frames", "1", "--commands", walk, "--screenshot",
                  walk], ["report", good_save, "-o", walk]):
        res = cli(args)
        assert res.exit_code == 2 and "not written" in res.output, res.output
        assert walk.read_bytes() == before
    shot, page = tmp_path / "a.png", tmp_path / "a.html"
    for _ in range(2):  # the second time over the first: the same kind, written over
        assert cli(["play", "missing_key", "--frames", "1", "--screenshot", shot]) \
            .exit_code == 0
        assert cli(["report", good_save, "-o", page]).exit_code == 0
    assert shot.read_bytes().startswith(b"\x89PNG") and page.read_text().startswith("<!doc")


def test_a_save_through_a_symlink_writes_the_save_it_names(tmp_path, good_save):
    """The rename replaced the link with a file, and the save it pointed at stayed as it
    was, with nothing said (a hostile-input test)."""
    target = tmp_path / "real.db"
    target.write_bytes(good_save.read_bytes())
    link = tmp_path / "link.db"
    link.symlink_to(target)
    res = cli(["run", "missing_key", "--days", "0.05", "--save", link])
    assert res.exit_code == 0, res.output
    assert link.is_symlink() and digest(target) != digest(good_save)
    assert cli(["run", "--load", link, "--days", "0.02"]).exit_code == 0


def test_the_memory_store_refuses_a_save_by_path_and_reads_it_checked(tmp_path, good_save):
    """A developer read a save with `MemoryStore(path)`: the store switched it to WAL, and
    every command refused the save after. The store names the way in and leaves the file as
    it was; `MemoryStore(open_save(path))` reads it."""
    from game.save import open_save
    from memory import InvalidEvidence, MemoryStore

    save = tmp_path / "s.db"
    save.write_bytes(good_save.read_bytes())
    before = digest(save)
    with pytest.raises(InvalidEvidence, match=r"is a Hearsay save.*open_save\(path\)"):
        MemoryStore(save)
    assert digest(save) == before and not (tmp_path / "s.db-wal").exists()
    assert cli(["why", save, "ada", "ada_key.moved_by"]).exit_code == 0
    store = MemoryStore(open_save(save))
    b = store.belief("ada", "ada_key", "moved_by")
    # What Ada was told in the save (Bo's word that Cy moved it), as the game reads it.
    assert (b.value, b.source, b.teller) == ("cy", "testimony", "bo")
    from game.sim import Simulation

    game = Simulation.load(save).store.belief("ada", "ada_key", "moved_by")
    assert (b.value, b.confidence, b.state) == (game.value, game.confidence, game.state)
    assert digest(save) == before


def test_json_depth_is_read_outside_strings():
    from game.savecheck import _depth

    assert _depth('{"a": "[[[[{{{{"}') == 1
    assert _depth('[[["\\"]"]]]') == 3
    assert _depth("[" * 270 + "]" * 270) == 270
