"""Replies say what visibly changed (issue 9): in the resident's words and in a short marked line
the player can scan; opposite inputs never read the same; open minds adds the numbers."""

import re

from game.sim import Simulation


def told(value: str):
    sim = Simulation.new("the_ledger", seed=0)
    sim.run(until=sim.now + 60)
    sim.command("go clinic")
    return sim.command(f"tell tilly mira.willowbark_allergy {value}")


def test_opposite_inputs_never_read_the_same():
    yes, no = told("yes"), told("no")
    assert yes.ok and no.ok
    assert yes.text() != no.text()
    speech_yes = [ln.text for ln in yes.lines if ln.kind == "speech"][0]
    speech_no = [ln.text for ln in no.lines if ln.kind == "speech"][0]
    assert speech_yes != speech_no
    mark_yes = [ln.text for ln in yes.lines if ln.kind == "mark"][0]
    mark_no = [ln.text for ln in no.lines if ln.kind == "mark"][0]
    assert mark_yes != mark_no and "Tilly" in mark_yes and "Tilly" in mark_no


def test_the_marked_line_names_the_change_and_open_minds_adds_numbers():
    sim = Simulation.new("missing_key", seed=0)
    sim.run(until=sim.now + 30)
    sim.command("go cafe")
    r = sim.command("tell ada cy at counter no")
    mark = [ln for ln in r.lines if ln.kind == "mark"][0]
    assert mark.text == "Ada frowns — she's no longer sure that Cy was at the café counter " \
                        "early."
    assert "▸ Ada frowns" in r.text()
    assert not re.search(r"\d+ → \d+", r.text())  # play: no numbers
    assert re.search(r"yes 78 → \d+, anomalous", r.text(open_minds=True))


def test_every_verb_says_what_changed_in_a_marked_line():
    sim = Simulation.new("missing_key", seed=0)
    sim.run(until=sim.now + 30)
    for cmd in ("go inn", "ask fen key location", "go cafe", "ask ada key moved",
                "search drawer", "take key", "show ada key", "where is fen", "go inn",
                "who fen day 1 08:10", "ask fen key moved", "bring fen", "go cafe",
                "mediate ada fen key moved", "tell ada cy barred no", "wait 30",
                "conclude key moved dee"):
        r = sim.command(cmd)
        assert r.ok, (cmd, r.text())
        assert any(ln.kind == "mark" for ln in r.lines), (cmd, r.text())
