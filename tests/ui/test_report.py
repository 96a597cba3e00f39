"""The HTML report: every resident's beliefs with why, the town's belief distribution, the log
— escaped, self-contained, written by `hearsay report`."""

from pathlib import Path

from click.testing import CliRunner

from game.sim import Simulation
from ui.cli import main
from ui.report import render


def test_report_holds_beliefs_chains_truth_and_log(tmp_path):
    sim = Simulation.new("missing_key", seed=3)
    sim.run(days=1)
    html = render(sim)
    assert html.startswith("<!doctype html>") and "</html>" in html
    assert "Ada&#39;s key was moved by" in html or "Ada's key was moved by" in html
    assert "why, and history" in html and "✗ false" in html
    assert "World log" in html and "Dee wiped the counter" in html
    assert "<script" not in html  # a page of data, nothing to run


def test_report_command_writes_the_page(tmp_path):
    save = tmp_path / "s.db"
    assert CliRunner().invoke(main, ["run", "missing_key", "--days", "0.5", "--save",
                                     str(save)]).exit_code == 0
    res = CliRunner().invoke(main, ["report", str(save)])
    assert res.exit_code == 0, res.output
    page = save.with_suffix(".html")
    assert page.exists() and "The Missing Key" in page.read_text(encoding="utf-8")
    bad = tmp_path / "bad.db"
    bad.write_text("nope")
    assert CliRunner().invoke(main, ["report", str(bad)]).exit_code == 2


def test_an_answer_has_one_colour_in_every_chart_of_its_claim():
    """'How it spread' coloured the night shift orange and the slight blue, 'Who told whom' the
    other way round (and Dee and Cy alike in missing_key)."""
    import re

    from ui.report import _pictures as figures

    sim = Simulation.new("bad_blood", seed=1)
    sim.run(days=2.5)
    # (each legend item's whole words are its tooltip: the words drawn may wrap or be cut)
    legend = re.compile(r'<g><title>([^<]+)</title><line[^>]*stroke="(#[0-9a-f]{6})" '
                        r'stroke-width="6"')
    checked = 0
    for claim in figures(sim)[0]["claims"]:
        spread = {label.removeprefix("✓ "): c
                  for label, c in legend.findall(str(claim["spread"]))}
        told = {label: c for label, c in legend.findall(str(claim["told"])) if label != "a lie"}
        for label in spread.keys() & told.keys():
            assert spread[label] == told[label], (claim["words"], label)
            checked += 1
        assert len(set(spread.values())) == len(spread)  # answers apart from each other
    assert checked >= 2


def test_a_scripted_lie_of_having_seen_it_is_drawn_as_a_lie_and_the_count_is_residents():
    """Bo believes Cy moved the key and tells it as seen — his scripted lie is the 'saw'. The
    log's `lie` (a value told against belief) is false for it, so his arrows were plain and an
    author read that as 'my liar isn't lying'. The header counted the player as a resident."""
    from game import plots

    sim = Simulation.new("missing_key", seed=1)
    sim.run(days=1)
    bo = [t for t in plots.told(sim, "ada_key.moved_by").tellings if t.teller == "bo"]
    assert bo and all(t.lie for t in bo)
    honest = [t for t in plots.told(sim, "ada_key.moved_by").tellings if t.teller != "bo"]
    assert honest and not any(t.lie for t in honest)
    html = render(sim)
    assert "Bo told Hana Cy (a lie)" in html
    n = len([p for p in sim.people.values() if not p.is_player])
    assert f"· {n} residents ·" in " ".join(html.split())


def test_the_report_says_it_is_the_open_minds_view_and_warns_mid_story(tmp_path):
    """Full minds and world truth are the author's view, always marked (a report of a save
    still being played is the answer to the case)."""
    sim = Simulation.new("missing_key", seed=0)
    sim.run(days=0.25)
    assert not sim.ending
    html = render(sim)
    assert "Open minds — the author" in html
    assert "the story is not over: spoilers" in html
    save = tmp_path / "s.db"
    assert CliRunner().invoke(main, ["run", "missing_key", "--days", "0.25", "--save",
                                     str(save)]).exit_code == 0
    res = CliRunner().invoke(main, ["report", str(save)])
    assert res.exit_code == 0 and "open minds" in res.output and "not over" in res.output
    done = tmp_path / "d.db"
    walk = str(Path(__file__).parents[2] / "content/scenarios/missing_key/win-show-the-key.txt")
    assert CliRunner().invoke(main, ["run", "missing_key", "--commands", walk, "--save",
                                     str(done)]).exit_code == 0
    res = CliRunner().invoke(main, ["report", str(done)])
    assert res.exit_code == 0 and "not over" not in res.output
    html = done.with_suffix(".html").read_text(encoding="utf-8")
    assert "Open minds" in html and "spoilers" not in html


def test_inspect_and_why_say_they_are_the_open_minds_view(tmp_path):
    """A playtester read `inspect` on their own save mid-game: a whole mind with a truth
    column, marked nowhere as the author's view."""
    save = tmp_path / "s.db"
    assert CliRunner().invoke(main, ["run", "missing_key", "--days", "0.25", "--save",
                                     str(save)]).exit_code == 0
    res = CliRunner().invoke(main, ["inspect", str(save), "-r", "ada"])
    assert res.exit_code == 0 and "open minds (the author's view)" in res.output
    res = CliRunner().invoke(main, ["why", str(save), "ada", "ada_key.moved_by"])
    assert res.exit_code == 0 and res.output.rstrip().endswith(
        "(open minds: the author's view of a whole memory, not what a player hears)")
    import json

    for args in (["inspect", str(save), "-r", "ada", "--json"],
                 ["why", str(save), "ada", "ada_key.moved_by", "--json"]):
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 0 and json.loads(res.output)["open_minds"] is True
    res = CliRunner().invoke(main, ["why", str(save), "ada", ".moved_by"])
    assert res.exit_code == 2 and "is not a claim" in res.output
