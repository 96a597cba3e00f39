"""When the clock stops itself (issue 9): for what the player sees happen — an accusation in
front of them, a deadline two hours away and come — never for what happened out of sight."""

from game import clock
from game.pacing import notices
from game.sim import Simulation


def _first_accusation(seed: int) -> dict:
    sim = Simulation.new("missing_key", seed=seed)
    sim.run(until=clock.parse_when("day 3 18:00"))
    return sim.world.log(kind="accuse")[0]


def test_an_accusation_in_front_of_you_is_a_notice_and_out_of_sight_it_is_not():
    acc = _first_accusation(0)  # left alone, Ada accuses Cy on day 2
    here = Simulation.new("missing_key", seed=0)
    here.run(until=acc["at"] - 30)
    start = here.now
    here.command(f"go {acc['place']}")
    here.command("wait 1h30")
    texts = [n.text for n in notices(here, 0, start)]
    seen = [e for e in here.world.log(kind="accuse") if e["at"] >= start]
    assert seen and seen[0]["place"] == acc["place"]
    assert any(t.startswith("Ada accused Cy at") and "Ada's key was moved by Cy" in t
               for t in texts), texts
    away = Simulation.new("missing_key", seed=0)
    away.run(until=acc["at"] - 30)
    away.command("wait 1h30")  # in the square: the accusation happens elsewhere
    assert away.world.count_events(kind="accuse") == 1
    assert not [n for n in notices(away, 0, start) if "accused" in n.text]


def test_deadlines_give_notice_two_hours_before_and_when_they_come():
    sim = Simulation.new("missing_key", seed=0)
    sim.run(until=clock.parse_when("day 3 15:50"))
    since = sim.now
    sim.run(until=clock.parse_when("day 3 16:10"))
    texts = [n.text for n in notices(sim, 10**9, since)]
    assert texts == ["Two hours left until 18:00 on day 3 to find out who really moved Ada's "
                     "key; keep the market council from barring Cy, and bring Ada round."]


def test_one_seen_waiting_is_seen_waiting_and_not_read_for_what_they_believe():
    """"Quill waited at the Schoolroom, believing that the town meeting is on day 3 at six"
    read a mind (a playtest): the player sees someone waiting; the world log keeps why."""
    sim = Simulation.new("cancelled_meeting", seed=5)
    sim.run(until=clock.parse_when("day 3 17:00"))
    start = sim.now
    sim.command("go school")
    sim.command("wait until day 3 18:00")
    waited = [e for e in sim.world.log(kind="attend") if e["at"] >= start]
    assert waited and all("believing that" in e["summary"] for e in waited)
    texts = [n.text for n in notices(sim, 0, start) if "waiting" in n.text]
    assert "Quill was waiting at the Schoolroom." in texts
    assert not [t for t in texts if "believ" in t]


def test_a_goal_that_is_no_bidding_is_given_as_written():
    """"to Quill must…", "to I must…", "to quill's notice…", "to why did Ben stay away?."
    (a review of the deadline notice's wording): only goals that bid become "to …"."""
    from game.pacing import _as_clause

    sim = Simulation.new("cancelled_meeting", seed=0)
    assert _as_clause(sim, "Get five townsfolk to the meeting") == \
        "get five townsfolk to the meeting"
    for sc in ("bad_blood", "missing_key", "the_ledger", "cancelled_meeting"):
        shipped = Simulation.new(sc, seed=0)
        for g in shipped.sc.goals:  # every shipped goal bids
            assert _as_clause(shipped, g.text) == g.text[:1].lower() + g.text[1:], g.text
    for goal in ("Quill must see the notice", "I must see it", "Quill's notice must stand",
                 "Why did Ned lie?", "You must go", "NED must not win", "see to it",
                 # (a review: "…to nobody may bar Cy.")
                 "Nobody may bar Cy", "The council must not bar Cy", "Everyone should know"):
        assert _as_clause(sim, goal) is None, goal
    # (a copy: the loaded scenario may be shared with other tests)
    sim.sc = sim.sc.model_copy(update={"goals": [sim.sc.goals[0].model_copy(
        update={"text": "Why did Ned lie?", "by": "day 1 12:00"})]})
    sim.run(until=clock.parse_when("day 1 12:00"))
    texts = [n.text for n in notices(sim, 10**9, clock.parse_when("day 1 08:00"))]
    assert texts == ["Two hours left until 12:00 on day 1: Why did Ned lie?",
                     "The deadline has come (12:00 on day 1): Why did Ned lie?"], texts


def test_the_world_log_says_a_resident_telling_of_themselves_in_their_pronoun():
    """"Cal told Ava that Cal was accused by Ben", "Cal accused Dot in the Lane" in the world
    log of Nine Neighbours (a playtest read it as robotic): of themselves, in their pronoun
    or own words, as the player's log says it; an accusation at a place."""
    import re

    from game.sim import Simulation

    sim = Simulation.new("nine_neighbours", 0)
    sim.run(days=3.0)
    log = [e for e in sim.world.log() if e["actor"] in sim.people]
    talk = [e["summary"] for e in log if e["kind"] == "talk"]
    assert not [t for t in talk if re.match(r"(\w+) told \w+ that \1\b", t)], talk
    # (everyone here is "they": of themselves, in their own words, not "that they…")
    assert any(re.match(r'\w+ told \w+, "I ', t) for t in talk)
    assert any(re.match(r"\w+ told \w+ that (his|her|their) ", t) for t in talk)
    # A notice that went up says what it says (it said only "the notice at the well").
    notices = [e["summary"] for e in sim.world.log(kind="post_notice")]
    assert notices == ["A new notice went up: the notice at the well says the harvest fair is "
                       "on day 7"], notices
    accused = [e["summary"] for e in log if e["kind"] == "accuse"]
    assert accused and all(" at " in a.partition(":")[0] for a in accused), accused
