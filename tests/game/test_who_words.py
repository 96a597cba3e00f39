"""'Whom did you see?' agrees in number: 'There was Ada there', 'There were Ada and Eli there'
(the playtest read "There was Ada, Eli and Hana there")."""

from game.sim import Simulation
from game.templates import _who


def test_there_was_one_and_there_were_several():
    sim = Simulation.new("missing_key", seed=0)
    one = {sim.words.render("who", f"k{i}", s=_who(place="the café", seen=[("Ada", "sure")]))
           for i in range(40)}
    many = {sim.words.render("who", f"k{i}", s=_who(
        place="the café", seen=[("Ada", "sure"), ("Eli", "sure"), ("Hana", "sure")]))
        for i in range(40)}
    assert any("There was Ada there" in t for t in one)
    assert any("There were Ada" in t for t in many)
    assert not any("There was" in t for t in many)
