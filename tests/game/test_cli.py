"""The command line: run, inspect, why — and bad input exits 2 without touching anything."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from game import clock
from ui.cli import main

SCEN = Path(__file__).resolve().parents[2] / "content" / "scenarios" / "missing_key"


@pytest.fixture(scope="module")
def save(tmp_path_factory):
    path = tmp_path_factory.mktemp("saves") / "mk.db"
    res = CliRunner().invoke(main, ["run", "missing_key", "--seed", "3", "--days", "1",
                                    "--save", str(path), "--json"])
    assert res.exit_code == 0, res.output
    return path


def test_run_json_summary_has_the_counts_and_log_hash(save):
    res = CliRunner().invoke(main, ["run", "missing_key", "--seed", "3", "--days", "1",
                                    "--json"])
    s = json.loads(res.output)
    for key in ("ticks", "log_sha256"):
        assert key in s
    # The town's totals counted what the player never saw: open minds' (a playtest).
    assert not {"world_events", "evidence", "beliefs", "counters"} & set(s)
    opened = json.loads(CliRunner().invoke(main, [
        "run", "missing_key", "--seed", "3", "--days", "1", "--json", "--open-minds"]).output)
    for key in ("world_events", "evidence", "beliefs", "counters"):
        assert key in opened
    assert opened["log_sha256"] == s["log_sha256"]
    assert s["ticks"] == 144
    assert len(s["log_sha256"]) == 64
    again = json.loads(CliRunner().invoke(main, ["run", "missing_key", "--seed", "3",
                                                 "--days", "1", "--json"]).output)
    assert again["log_sha256"] == s["log_sha256"]


def test_continuing_a_save_from_the_command_line(save):
    res = CliRunner().invoke(main, ["run", "--load", str(save), "--days", "0.5", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["time"] == "day 2 21:00"


def test_inspect_lists_beliefs_with_provenance_and_debug_view(save):
    res = CliRunner().invoke(main, ["inspect", str(save), "--resident", "ada", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    row = next(b for b in data["beliefs"] if b["claim"] == "ada_key.moved_by")
    for key in ("value", "candidates", "confidence", "state", "kind", "teller", "origin",
                "history"):
        assert key in row
    assert row["debug"]["truth"] == "dee"
    assert row["debug"]["matches_truth"] is (row["value"] == "dee")
    table = CliRunner().invoke(main, ["inspect", str(save), "-r", "ada"])
    assert table.exit_code == 0 and "ada_key.moved_by" in table.output


def test_why_explains_a_belief(save):
    res = CliRunner().invoke(main, ["why", str(save), "ada", "ada_key.moved_by"])
    assert res.exit_code == 0, res.output
    assert "Ada believes Ada's key was moved by" in res.output and "history:" in res.output
    # Worked out from what: a developer read "Bo worked it out" and could not tell.
    bo = CliRunner().invoke(main, ["why", str(save), "bo", "ada_key.moved_by"])
    assert "Bo worked it out (day 1 08:58), believing that Cy was at the café counter " \
        "early" in bo.output


def test_why_says_what_happened_at_each_step(tmp_path):
    """A chain link that saw or was there names the event in words, down the hearsay chain:
    in a run where Fen's word reached Ada and she went to look in the drawer (the witness
    walkthrough has Fen tell her where the key went)."""
    from game.sim import Simulation
    from game.walkthrough import play

    sim = Simulation.new("missing_key", 0)
    play(sim, SCEN / "win-bring-the-witness.txt", to_end=False)
    assert any(e["actor"] == "ada" for e in sim.world.log(kind="look"))
    save = sim.save(tmp_path / "look.db")
    res = CliRunner().invoke(main, ["why", str(save), "ada", "ada_key.location"])
    assert res.exit_code == 0, res.output
    assert "Ada was there, did it or saw it (day " in res.output
    assert "): Ada looked at the drawer" in res.output
    assert "Fen saw it happen (day 1 08:10): Dee wiped the counter" in res.output


def test_why_says_what_an_onlooker_saw_wrongly_and_marks_what_happened(tmp_path):
    """Nine Neighbours has onlookers see Fin's borrowing of the hammer as Cal's (`seen_as`):
    "Ben saw it happen: Fin moved Ben's hammer…" stood under "Ben believes … moved by Cal"
    (a playtest). What Ben saw, then what happened, marked."""
    from game.sim import Simulation

    sim = Simulation.new("nine_neighbours", 0)
    sim.run(until=clock.parse_when("day 1 15:00"))
    save = sim.save(tmp_path / "nine.db")
    res = CliRunner().invoke(main, ["why", str(save), "ben", "ben_hammer.moved_by"])
    assert res.exit_code == 0, res.output
    assert "Ben believes Ben's hammer was moved by Cal" in res.output
    assert "Ben saw it happen (day 1 14:20): Ben's hammer was moved by Cal (what happened: " \
        "Fin moved Ben's hammer to the shed" in res.output
    # Fin did it: he saw what happened, nothing marked.
    fin = CliRunner().invoke(main, ["why", str(save), "fin", "ben_hammer.moved_by"])
    assert "Fin was there, did it or saw it (day 1 14:20): Fin moved Ben's hammer" in fin.output
    assert "what happened" not in fin.output


def test_the_engines_missing_reads_as_missing(save):
    from game.sim import Simulation
    sim = Simulation.load(save)
    assert sim.say_claim("ada_key.location", "missing") == "Ada's key is missing"
    assert sim.say_claim("ada_key.location", "missing", me="ada") == "my key is missing"


def test_unknown_resident_exits_2(save):
    res = CliRunner().invoke(main, ["inspect", str(save), "--resident", "zed"])
    assert res.exit_code == 2
    assert "no resident 'zed'" in res.output


def test_a_corrupt_save_is_refused_untouched(tmp_path, save):
    bad = tmp_path / "bad.db"
    data = bytearray(save.read_bytes())
    data[len(data) // 2:len(data) // 2 + 4096] = b"\x00" * 4096
    bad.write_bytes(bytes(data))
    before = bad.read_bytes()
    for args in (["inspect", str(bad), "-r", "ada"], ["run", "--load", str(bad)]):
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 2, res.output
        assert "hearsay:" in res.output
    assert bad.read_bytes() == before
    assert not list(tmp_path.glob("bad.db-*"))  # no journal or WAL files left beside it
    text = tmp_path / "notes.db"
    text.write_text("not a database")
    res = CliRunner().invoke(main, ["run", "--load", str(text)])
    assert res.exit_code == 2 and "not a Hearsay save" in res.output


def test_a_save_never_writes_over_a_file_that_is_not_a_save(tmp_path, save):
    from memory.driver import sqlite3

    other = tmp_path / "accounts.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE ledger (amount)")
    conn.commit()
    conn.close()
    text = tmp_path / "notes.txt"
    text.write_text("my notes")
    for target in (other, text):
        before = target.read_bytes()
        res = CliRunner().invoke(main, ["run", "missing_key", "--days", "0.1",
                                        "--save", str(target)])
        assert res.exit_code == 2, res.output
        assert "not a Hearsay save" in res.output and "not written over" in res.output
        assert target.read_bytes() == before
    again = tmp_path / "again.db"  # an existing save is written over, as asked
    again.write_bytes(save.read_bytes())
    res = CliRunner().invoke(main, ["run", "--load", str(again), "--days", "0.1",
                                    "--save", str(again)])
    assert res.exit_code == 0, res.output
    assert again.read_bytes() != save.read_bytes()


def test_a_generated_town_is_not_held_to_the_cap_on_a_users_file(tmp_path, monkeypatch):
    """`--residents` makes its town itself: the cap on a scenario a user gives
    (MAX_SCENARIO_BYTES; a town of 2,000 is 2.3 million characters) is not for it, nor for a
    save of it — but a user's file, or a save's text that is not the generated town it names,
    is still held to it. A small town stands in, under a small cap."""
    from game import generate
    from game.scenario import ScenarioError, loader

    monkeypatch.setattr(loader, "MAX_SCENARIO_BYTES", 5_000)
    text = generate.town_toml(12, 4)
    assert len(text) > 5_000
    user = tmp_path / "town.toml"
    user.write_text(text)
    res = CliRunner().invoke(main, ["validate", str(user)])
    assert res.exit_code == 2 and "a scenario may have at most 5,000" in res.output
    with pytest.raises(ScenarioError, match="at most 5,000"):
        loader.parse_text(text, Path("generated/town-12-4.toml"))
    path = tmp_path / "town.db"
    res = CliRunner().invoke(main, ["run", "--residents", "12", "--seed", "4", "--days", "0.05",
                                    "--save", str(path)])
    assert res.exit_code == 0, res.output
    res = CliRunner().invoke(main, ["run", "--load", str(path), "--days", "0.02"])
    assert res.exit_code == 0, res.output
    # A save's text is taken past the cap only if it is exactly the town its name says.
    name = Path("generated/town-12-4.toml")
    assert generate.saved_scenario_text(text, name).scenario.scenario.id == "town_12"
    for bad_text, bad_name in ((text + "\n# mine", name), (text, Path("generated/town-12-5.toml")),
                               (text, Path("town-12-4.toml"))):
        with pytest.raises(ScenarioError, match="at most 5,000"):
            generate.saved_scenario_text(bad_text, bad_name)


def test_why_with_a_misspelt_claim_says_so_and_suggests_one(save):
    """'ola holds no belief about gate.opend_by' read as if the claim existed (an author)."""
    def why(claim):
        return CliRunner().invoke(main, ["why", str(save), "fen", claim])

    res = why("ada_key.moved_bi")
    assert res.exit_code == 2
    assert "nobody in this save holds a belief about 'ada_key.moved_bi'" in res.output
    assert "did you mean 'ada_key.moved_by'?" in res.output
    res = why("adakey")
    assert res.exit_code == 2 and "write it subject.attribute" in res.output


def test_a_chain_that_ends_in_a_lie_says_so_in_words():
    """'Hana has no evidence of it — said it without knowing it', of one who saw otherwise:
    a lie read as ignorance (a developer). And its words name what she holds, not an id."""
    from game.sim import Simulation
    from memory import Evidence
    from ui.labels import step_words

    sim = Simulation.new("missing_key", 0)
    sim.store.perceive(Evidence(resident="hana", subject="ada_key", attribute="location",
                                value="cafe.drawer", kind="witnessed", at=600, event="e1"))
    sim.store.perceive(Evidence(resident="gus", subject="ada_key", attribute="location",
                                value="market", kind="hearsay", teller="hana", origin="hana",
                                basis="saw", at=610))
    [chain] = sim.store.explain("gus", "ada_key", "location").supports
    assert step_words(sim, chain.steps[-1]) == (
        "Hana has no evidence of it and believes that Ada's key is in the drawer in Ada's "
        "Café — said what she does not believe")


def test_a_walkthrough_stopped_at_its_step_shows_what_was_played_before(tmp_path):
    """An author's walkthrough stopped at line 6 printed only why: the steps before it were
    the way to see why."""
    path = tmp_path / "w.txt"
    path.write_text("day 1 09:00 go market\n+ ask bo key moved\n+ ask bo cy.barred\n")
    res = CliRunner().invoke(main, ["run", "missing_key", "--commands", str(path)])
    assert res.exit_code == 2
    assert "Played until the stop (2 steps):" in res.output
    assert "  > day 1 09:10  ask bo key moved" in res.output
    assert f"{path}:3: no claim 'cy.barred'" in res.output


def test_a_resident_is_named_to_the_tools_as_commands_name_one(save, tmp_path):
    """`--select BEN`, `why … Ben`, `inspect -r be` were refused where `ask be …` is not (a
    playtest): the id, any case, a unique prefix or the name; nobody is still refused."""
    runner = CliRunner()
    for args in (["inspect", str(save), "-r", "ADA"], ["why", str(save), "Ad", "ada_key.moved_by"],
                 ["edits", str(save), "-r", "Ada"], ["diff", str(save), str(save), "-r", "ada"]):
        res = runner.invoke(main, args)
        assert res.exit_code == 0, (args, res.output)
    assert "Ada believes" in runner.invoke(main, ["why", str(save), "ADA",
                                                  "ada_key.moved_by"]).output
    res = runner.invoke(main, ["inspect", str(save), "-r", "zed"])
    assert res.exit_code == 2 and "no resident 'zed'" in res.output
    res = runner.invoke(main, ["play", "missing_key", "--frames", "1", "--select", "Cy",
                               "--screenshot", str(tmp_path / "x.png")])
    assert res.exit_code == 0, res.output


@pytest.mark.parametrize("typed", ["MISSING_KEY", "Missing Key", "missing-key"])
def test_a_shipped_scenario_is_named_in_any_case(typed):
    res = CliRunner().invoke(main, ["brief", typed])
    assert res.exit_code == 0 and "The Missing Key" in res.output, res.output


def test_run_lists_every_event_with_events_all():
    """`run` listed the last 15 events ("… 61 earlier not shown") and nothing showed the rest
    but the HTML report (a playtest): --events N or all, and the note says so."""
    runner = CliRunner()
    base = ["run", "nine_neighbours", "--days", "3"]
    few = runner.invoke(main, base + ["--events", "3"])
    assert few.exit_code == 0, few.output
    assert "earlier not shown (--events all lists them)" in few.output
    every = runner.invoke(main, base + ["--events", "all"])
    assert "day 1 14:20  Fin moved Ben's hammer" in every.output
    assert "earlier not shown" not in every.output and "Fin moved Ben's" not in few.output
    listed = [ln for ln in few.output.splitlines() if ln.startswith("  day ")]
    assert len(listed) == 3
    # Fewer than asked for: every one (of 10 on day 1, the last 5 were listed).
    day = runner.invoke(main, ["run", "nine_neighbours", "--days", "1"]).output
    assert "day 1 14:20  Fin moved Ben's hammer" in day and "earlier not shown" not in day
    bad = runner.invoke(main, base + ["--events", "-1"])
    assert bad.exit_code == 2 and "a whole number, or 'all'" in bad.output
