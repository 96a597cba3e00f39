"""What a seventh round of playtests and their notes found, each pinned."""

from game.sim import Simulation


def test_quill_holds_the_new_meeting_time_before_he_asks_vee_for_her_room():
    """cancelled_meeting: Quill told Vee of the day 3 meeting at 09:00 on day 2 while holding
    'cancelled' himself; the ending then read 'told by Quill, who said he saw it — Quill had
    no evidence of it', and a player asking him before the notice went up heard 'cancelled'."""
    sim = Simulation.new("cancelled_meeting", seed=1)
    sim.command("wait until day 2 09:10")
    for claim in ("when", "place"):
        quill = sim.store.belief("quill", "meeting", claim, history=False)
        vee = sim.store.belief("vee", "meeting", claim, history=False)
        assert quill.value == vee.value == {"when": "d3_1800", "place": "school"}[claim]
        assert quill.kind == "firsthand"
        assert vee.teller == "quill"
