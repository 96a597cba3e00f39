"""A new player's notes from a CLI playtest of Bad Blood and The Cancelled Meeting: one who
fell asleep where the player waited was said to have come and gone, and the ending's list of
what was missed sat outside anything that marked it as the truth shown after the story."""

from __future__ import annotations

from game.sim import Simulation
from game.walkthrough import play


def _replies(scenario: str, text: str) -> list[str]:
    sim = Simulation.new(scenario, seed=0)
    return [s["reply"] for s in play(sim, None, to_end=False, text=text).steps]


def test_one_who_falls_asleep_where_you_wait_has_not_gone():
    """Ivo slept in his lodgings the whole night the player watched, and a wait said "Came and
    went: Ivo (… to 23:30)" beside look's "Asleep here: Ivo" (a playtest)."""
    night = _replies("bad_blood", "+ go lodgings\n+ wait until day 3 02:00\n+ look\n")
    assert "Came and went" not in night[1], night[1]
    assert "Woke up here: Ivo (at 08:30 on day 2)." in night[1]
    assert "Fell asleep here: Ivo (at 23:30 on day 2)." in night[1]
    # woken first, then asleep: said in the order they came
    assert night[1].index("Woke up") < night[1].index("Fell asleep")
    assert "Asleep here: Ivo." in night[2] and "Nobody else is awake here." in night[2]

    morning = _replies("bad_blood", "+ go lodgings\n+ wait until day 3 08:10\n"
                                    "+ wait until day 3 09:00\n")
    assert "Came and went" not in morning[2], morning[2]
    assert "Woke up here: Ivo (at 08:30)." in morning[2] and "Here now: Ivo." in morning[2]


def test_one_who_wakes_and_walks_out_has_gone():
    """Asleep when the wait began, up at 08:30 and out at 09:30: the reply said only that he
    woke (a review)."""
    got = _replies("bad_blood", "+ go lodgings\n+ wait until day 3 02:00\n"
                                "+ wait until day 3 12:00\n")
    assert "Woke up here: Ivo (at 08:30)." in got[2] and "Ivo has gone." in got[2], got[2]


def test_one_falling_asleep_is_not_said_to_have_gone():
    """Awake at the start of a wait and asleep at its end: he fell asleep, not "has gone", and
    nobody else is awake (not "Nobody is here now")."""
    got = _replies("bad_blood", "day 2 22:00 go lodgings\n+ wait until day 3 01:00\n")
    assert "Fell asleep here: Ivo" in got[1], got[1]
    assert "has gone" not in got[1] and "Nobody is here now" not in got[1], got[1]


def test_what_was_missed_is_said_to_be_shown_because_the_story_is_over():
    end = _replies("bad_blood", "day 2 08:00 wait until day 5 12:00\n")[-1]
    assert "You found out 1 of 5 (what you missed, shown now the story is over):" in end, end


def test_a_bare_time_gone_by_lately_is_refused_not_waited_a_day_for():
    """At 10:00 on day 2, "wait until 09:30" waited until 09:30 on day 3, past Ana's break with
    Ben, with no word before (a playtest). A time gone by within six hours is a slip: refused,
    with the command for tomorrow's; one long gone (tonight's "until 07:00") is tomorrow's."""
    sim = Simulation.new("bad_blood", seed=0)
    sim.command("wait until 10:00")
    before = sim.now
    r = sim.command("wait until 09:30")
    assert not r.ok and sim.now == before  # nothing passed
    assert r.text() == ("It is already past 09:30 (day 2): to wait until the next, type "
                        "wait until day 3 09:30.")
    assert sim.command("wait until 10:00").text() == (
        "It is 10:00 (day 2): to wait until the next, type wait until day 3 10:00.")
    at = sim.now
    assert sim.command("wait until day 3 09:30").ok and sim.now > at
    sim.command("wait until 23:00")
    r = sim.command("wait until 07:00")
    assert r.ok and r.text().startswith("You wait until 07:00 on day 4.")
    # across midnight too: at 01:00, 23:30 went by an hour and a half ago (a review)
    night = Simulation.new("bad_blood", seed=0)
    night.command("wait until day 3 01:00")
    r = night.command("wait until 23:30")
    assert not r.ok and r.text() == ("It is already past 23:30 (day 2): to wait until the "
                                     "next, type wait until day 3 23:30."), r.text()


def test_told_they_did_it_themselves_they_learn_only_that_you_say_so():
    """`tell bo ada_key.moved_by bo` crashed (exit 1) once evidence under "believes …" was
    checked, and with it every sweep's random players (a fuzz run): what the player says of
    Bo is recorded as the player's own word of what they believe."""
    sim = Simulation.new("missing_key", seed=0)
    sim.command("go market")
    r = sim.command("tell bo ada_key.moved_by bo")
    assert r.ok and "does not believe that Ada's key was moved by him" in r.text(), r.text()
    assert sim.store.belief_about("bo", "player", "ada_key", "moved_by").value == "bo"


def test_one_brought_along_is_still_there_at_the_minute_their_time_is_up():
    """"Sam follows you until 18:10", and Sam left the schoolroom at 18:10 as the meeting was
    counted, unsaid (a window playtest): at that minute they are where the player took them,
    and go their own way from the next."""
    from game import clock

    sim = Simulation.new("cancelled_meeting", seed=0)
    sim.run(until=clock.parse_when("day 2 10:40"))
    for c in ("go inn", "ask pat meeting when", "bring pat", "go square"):
        assert sim.command(c).ok, c
    until = sim.state["pat"].follow_until
    sim.run(until=until)
    assert sim.now == until and not sim.state["pat"].following
    assert sim.state["pat"].place == "square"
    sim.run(until=until + 60)
    assert sim.state["pat"].place != "square" or sim.state["pat"].intent is not None


def test_the_case_board_says_when_you_last_read_an_unchanged_notice():
    """Read again unchanged, a notice is no new evidence, and the board kept "when you read it"
    at the first reading (a window playtest)."""
    from ui.casebook import case_board

    sim = Simulation.new("cancelled_meeting", seed=0)
    for c in ("go square", "search"):
        sim.command(c)
    once = [ln for ln in case_board(sim).lines() if ln.startswith("The notice board said")]
    assert once and all("when you read it (08:00 on day 1)" in ln for ln in once), once
    sim.command("wait 1h")
    sim.command("search")
    again = [ln for ln in case_board(sim).lines() if ln.startswith("The notice board said")]
    assert again and all("when you last read it (09:10 on day 1)" in ln for ln in again), again


def test_one_falling_asleep_twice_is_named_once():
    """Two nights in Ivo's lodgings: "Fell asleep here: Bo (at 22:00 on day 1) and Bo (at
    22:00 on day 2)", in Bo's house, read as two of him (a playtest); as "Came and went"
    does, each name once."""
    got = _replies("bad_blood", "day 2 22:00 go lodgings\n+ wait until day 4 09:00\n")
    line = next(x for x in got[1].splitlines() if "Fell asleep here" in x)
    assert line.endswith("Fell asleep here: Ivo (at 23:30 on day 2 and at 23:30 on day 3)."), line
