"""'Whom did you see?' agrees in number: 'Ada was there too', 'Ada and Eli were there too'
(the playtest read "There was Ada, Eli and Hana there"; another, "There was Quill there")."""

from game.sim import Simulation
from game.templates import _who


def test_there_was_one_and_there_were_several():
    sim = Simulation.new("missing_key", seed=0)
    one = {sim.words.render("who", f"k{i}", s=_who(place="the café", seen=[("Ada", "sure")]))
           for i in range(40)}
    many = {sim.words.render("who", f"k{i}", s=_who(
        place="the café", seen=[("Ada", "sure"), ("Eli", "sure"), ("Hana", "sure")]))
        for i in range(40)}
    assert any("Ada was there too" in t for t in one)
    assert any("I saw Ada there" in t for t in one)
    assert any("Hana were there too" in t for t in many)
    assert not any("There was" in t or "There were" in t for t in one | many)


def test_a_time_with_no_day_is_the_latest_such_time_gone_by():
    """A playtest: on day 2, 'who lin 07:00' answered "At 07:00 on day 1…"."""
    from game import clock
    from game.player import PLAYER

    sim = Simulation.new("bad_blood", seed=11)  # starts day 2 08:00
    lin = sim.state["lin"].place
    sim.command(f"go {lin}")
    assert sim.state[PLAYER].place == sim.state["lin"].place
    assert "on day 2" in sim.command("who lin 07:00").text()
    assert "on day 1" in sim.command("who lin day 1 19:00").text()
    assert sim.now < clock.parse_when("day 2 23:00")
    # Today's 23:00 has not come: yesterday's is meant.
    assert "23:00 on day 1" in sim.command("who lin 23:00").text()


def test_one_who_lives_at_an_inn_says_the_inn_not_home():
    """A playtest: Sam, who keeps the Lamb and lives there, said "I was at home. I saw Ned,
    Pat, you and Rue there", and the note "at The Lamb"."""
    from game import clock
    from game.player import PLAYER

    sim = Simulation.new("cancelled_meeting", seed=23)
    sim.run(until=clock.parse_when("day 1 12:00"))
    sim.command("go inn")
    assert sim.state[PLAYER].place == sim.state["sam"].place == "inn"
    text = sim.command("who sam day 1 09:00").text()
    assert "I was at the Lamb" in text and "at home" not in text
    mira = Simulation.new("the_ledger", seed=0)  # a home that is a home is "home"
    mira.command("go mira_home")
    mira.run(until=clock.parse_when("day 1 10:00"))
    assert mira.state["mira"].place == mira.state[PLAYER].place == "mira_home"
    assert "I was at home" in mira.command("who mira day 1 09:30").text()
