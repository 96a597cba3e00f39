"""Every shipped scenario keeps walkthroughs that win and that lose; each must do what its
name says (issue 4)."""

import pytest

from game.scenario import load_scenario
from game.scenario.loader import SCENARIOS, shipped_names
from game.sim import Simulation
from game.walkthrough import play, walkthroughs

CASES = [(name, path) for name in shipped_names()
         for path in walkthroughs(SCENARIOS / name)]


def test_every_scenario_with_a_player_has_a_win_and_a_lose():
    for name in shipped_names():
        sc = load_scenario(name).scenario
        if sc.player is None:
            continue
        names = [p.name for p in walkthroughs(SCENARIOS / name)]
        assert any(n.startswith("win-") for n in names), name
        assert any(n.startswith("lose-") for n in names), name


@pytest.mark.parametrize("name,path", CASES, ids=[f"{n}/{p.name}" for n, p in CASES])
def test_walkthrough_ends_as_its_name_says(name, path):
    sim = Simulation.new(load_scenario(name), seed=0)
    played = play(sim, path)
    assert played.ending is not None, f"{path.name}: no ending reached"
    assert played.win is path.name.startswith("win-"), (
        f"{path.name} reached {played.ending}: " +
        "; ".join(s["command"] + " -> " + s["reply"] for s in played.steps if not s["ok"]))


def test_a_step_after_the_ending_is_refused_at_the_minute_it_ended():
    """A step after the ending printed with an empty time (a playtest): it has the time the
    story ended at, and says the story was over."""
    sim = Simulation.new("cancelled_meeting", 5)
    played = play(sim, None, text="day 3 18:00  go school\n+  wait 30\n+  look\n")
    assert sim.ending
    last = played.steps[-1]
    assert (last["command"], last["ok"], last["reply"]) == ("look", False,
                                                            "the story was already over")
    assert last["time"] == "day 3 18:10"
