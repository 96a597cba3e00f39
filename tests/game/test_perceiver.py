"""The player is a perceiver: whatever a player does, every event they are recorded as seeing
or overhearing happened where they stood at that minute (by the presence record) — not at
the place they had just left, nor the one they were walking to. Random players (the sweep's
strangers) stand in for whatever a player might do."""

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from game.player import PLAYER
from game.queries import positions_at
from game.randomplayer import random_walkthrough
from game.sim import Simulation
from game.walkthrough import play

SCENARIOS = ("missing_key", "bad_blood", "cancelled_meeting", "the_ledger")


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 10_000),
       number=st.integers(0, 9))
@example(scenario="the_ledger", seed=4745, number=3)  # a stranger who did nothing at all
def test_the_player_sees_only_what_happens_where_they_stand(scenario, seed, number):
    lines = random_walkthrough(Simulation.new(scenario, seed), number, seed)
    assume(lines)  # a stranger who did nothing: nothing to check
    sim = Simulation.new(scenario, seed)
    play(sim, None, text="\n".join(lines))
    for ev in sim.world.log():
        if PLAYER in (ev["witnesses"] or []) and ev["place"]:
            assert positions_at(sim, ev["at"]).get(PLAYER) == ev["place"], ev["summary"]
