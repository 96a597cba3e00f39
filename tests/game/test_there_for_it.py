"""`present(place, claim, value)`: counting those there for it, not everyone in the room.

The Cancelled Meeting counted heads in the schoolroom; a player who guessed the room, asked
two residents anything and brought them along — both thinking the meeting was off — won on
seeds 0 to 2 having found out nothing (a playtest). Its winning ending now counts those there
who hold the meeting's time and place.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.conditions import ConditionError, parse
from game.ctx import ConditionContext
from game.postmortem import post_mortem
from game.scenario import ScenarioError, load_scenario
from game.sim import Simulation
from game.walkthrough import play

from .conftest import TINY

GUESSED = """\
+ go farm
day 3 15:20 go inn
+ ask sam meeting when
+ bring sam
+ go smithy
+ ask uli meeting when
+ bring uli
+ go school
+ wait until 18:10
"""


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bringing_two_who_think_it_is_off_does_not_fill_the_room(seed):
    sim = Simulation.new("cancelled_meeting", seed=seed)
    got = play(sim, None, text=GUESSED)
    assert got.win is False, got.ending
    there = {r for r in sim.present("school") if r != "player"}
    assert {"sam", "uli"} <= there  # they came: they were not counted
    pm = post_mortem(sim)
    assert "Sam and Uli were there too, but did not believe that the town meeting is on " \
           "day 3 at six." in pm.headcount, pm.headcount


def test_the_walkthroughs_that_win_still_win():
    for name in ("win-back-to-the-board.txt", "win-show-the-handbill.txt"):
        sim = Simulation.new("cancelled_meeting", seed=0)
        path = Path(__file__).parents[2] / "content/scenarios/cancelled_meeting" / name
        assert play(sim, path).win is True, name


def test_present_counts_those_there_holding_the_value():
    sim = Simulation.new("cancelled_meeting", seed=0)
    sim.run(until=sim.now + 60)
    ctx = ConditionContext(sim)
    place = sim.state["quill"].place
    there = ctx.present_for(place)
    holding = ctx.present_for(place, "meeting.when", "d2_1800")
    assert set(holding) <= set(there)
    assert holding == [r for r in there if ctx.fn_believes(r, "meeting.when", "d2_1800")]
    assert ctx.fn_present(place, "meeting.when", "no_such_value") == 0
    assert ctx.fn_present(place) == len(there)


def test_present_takes_a_place_or_a_place_a_claim_and_a_value():
    assert parse('present("square", "ann.took", "ben") >= 1')
    with pytest.raises(ConditionError, match="a place, or a place, a claim and its value"):
        parse('present("square", "ann.took") >= 1')


def test_validate_reads_presents_claim_and_value(write_scenario):
    ending = ('\n[[endings]]\nid = "e"\ntitle = "E"\nwin = true\ntext = "E."\n'
              'when = \'present("square", "ann.tok", "ben") >= 1\'\n')
    warned = load_scenario(write_scenario(TINY + ending)).warnings
    assert any("'tok'" in w and "took" in w for w in warned), warned
    bad = ending.replace('"ann.tok", "ben"', '"ann.took"')
    with pytest.raises(ScenarioError, match="a place, or a place, a claim and its value"):
        load_scenario(write_scenario(TINY + bad))
