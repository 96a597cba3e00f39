"""A face is seen; what its owner had thought is not. Shown the handbill, Ora — who had told
the player "day 2 at six" and come to hold "cancelled" out of their sight — "frowns — no
longer sure that the town meeting is cancelled", and the case board then filed "Ora says the
town meeting is cancelled" among the contradictions and the answers met (a playtest). What
they held is named only if the player heard them say it (or the brief did, or of a yes or
no, where a frown says which)."""

from __future__ import annotations

from game.sim import Simulation
from game.walkthrough import play
from ui.casebook import case_board

STEPS = """day 1 08:00 go ora house
+ ask ora meeting when
+ go smithy
+ ask uli meeting when
day 2 13:10 go inn
+ ask quill handbill location
+ go hall
+ search hall desk
+ take handbill
+ go smithy
+ show uli handbill
+ go ora house
"""


def test_a_frown_does_not_name_a_belief_never_said():
    sim = Simulation.new("cancelled_meeting", seed=0)
    play(sim, None, to_end=False, text=STEPS)
    said_before = {e.value for e in sim.store.evidence("player", "ora", "believes meeting.when")}
    held = sim.store.belief("ora", "meeting", "when").value
    assert held not in said_before  # she came to hold it out of the player's sight
    text = sim.command("show ora handbill").text()
    word = sim.value_words(held, "when")
    assert word not in text, text
    assert "no longer sure of when the town meeting is" in text or \
        "changes their mind" in text, text
    board = "\n".join(case_board(sim).lines())
    assert f"Ora says the town meeting is {word}" not in board
    met = next(x for x in case_board(sim).lines() if x.startswith("Answers you have met"))
    assert word not in met, met


def test_one_who_steps_out_and_back_during_a_wait_is_seen_to():
    """A playtest waited in the hall from 09:00 to 11:50; Quill walked out at 10:00, pinned
    up the notice in the square and was back by 10:20 — and the wait said nothing of it."""
    sim = Simulation.new("cancelled_meeting", seed=0)
    got = play(sim, None, to_end=False, text="day 1 08:50 go hall\n+ wait until 11:50\n")
    said = got.steps[-1]["reply"]
    assert "Stepped out and came back while you were here: Quill (away 10:00 to 10:20)." in said, \
        said
