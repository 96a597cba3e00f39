"""A wait says when one brought along went their own way, though the story ended later in
the same wait (a playtest of The Ledger: Tilly's going at 17:30 was in no line of a wait to
the deadline the next day)."""

from pathlib import Path

from game.commands import parse
from game.scenario import load_scenario
from game.sim import Simulation

LEDGER = Path(__file__).resolve().parents[2] / "content/scenarios/the_ledger"


def test_one_brought_along_goes_their_own_way_in_a_wait_the_ending_cuts_short():
    sim = Simulation.new(load_scenario(LEDGER), 0)
    for line in ("ask joss mira.willowbark_allergy", "bring joss"):
        assert sim.command(parse(line, sim.names())).ok
    until = sim.state["joss"].follow_until
    reply = sim.command(parse("wait until day 2 20:00", sim.names())).text()
    assert sim.ending, "the story no longer ends in that wait"
    assert f"At {until // 60 % 24:02d}:{until % 60:02d} on day 1: Joss went his own way." \
        in reply, reply
    assert "goes his own way" not in reply  # said once, at its minute
