"""The HTML report: every resident's beliefs with why, the town's belief distribution, the log
— escaped, self-contained, written by `hearsay report`."""

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
    legend = re.compile(r'stroke="(#[0-9a-f]{6})" stroke-width="6"[^>]*/><text[^>]*>([^<]+)<')
    checked = 0
    for claim in figures(sim)[0]["claims"]:
        spread = {label.removesuffix(" (true)"): c
                  for c, label in legend.findall(str(claim["spread"]))}
        told = {label: c for c, label in legend.findall(str(claim["told"])) if label != "a lie"}
        for label in spread.keys() & told.keys():
            assert spread[label] == told[label], (claim["words"], label)
            checked += 1
        assert len(set(spread.values())) == len(spread)  # answers apart from each other
    assert checked >= 2
