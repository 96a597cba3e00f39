"""A window playtest of The Missing Key and The Cancelled Meeting, 2026-12-07."""

from game.sim import Simulation
from game.walkthrough import play

KEY = """day 1 16:30 go inn
+ ask fen key location
+ go cafe
+ search drawer
+ take key
+ go hall
+ show gus key
+ tell gus key moved dee
"""


def test_one_shown_a_clue_says_so_not_that_they_saw_the_deed():
    """Shown the key in Dee's cloth, Gus said "Ada's key was moved by Dee — I saw as much
    myself", and the notebook had "witnessed — seen happening": nobody saw Dee move it."""
    sim = Simulation.new("missing_key", seed=0)
    played = play(sim, None, text=KEY)
    told = played.steps[-1]["reply"]
    assert "Ada's key" in told.split("—", 1)[-1] and "saw as much" not in told, told
    assert "just as I saw it" not in told
    from game.player import PLAYER
    from ui.labels import provenance

    b = sim.store.belief(PLAYER, "ada_key", "moved_by", history=False)
    assert (b.value, b.kind) == ("dee", "witnessed")
    assert provenance(sim, b) == "shown by Ada's key"
    gus = sim.store.belief("gus", "ada_key", "moved_by", history=False)
    assert provenance(sim, gus) == "shown by Ada's key"
