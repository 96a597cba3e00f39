"""The player telling one resident the same thing twice is one source, however it is put.

Told openly, then again "anonymously" (without saying where you heard it), Tilly counted two
independent origins — the player's and "someone's" — and changed her mind on the player's word
alone; either telling alone lost the_ledger, both won it (a playtest, seeds 0 to 2).
"""

from __future__ import annotations

from game.player import ANONYMOUS
from game.sim import Simulation

from .conftest import as_author


def _tilly_told(first: str, second: str):
    sim = Simulation.new("the_ledger", seed=0)
    as_author(sim, "go clinic")
    sim.command("wait 30")
    as_author(sim, f"tell tilly mira.willowbark_allergy yes{first}")
    after_one = sim.store.belief("tilly", "mira", "willowbark_allergy", history=False)
    reply = as_author(sim, f"tell tilly mira.willowbark_allergy yes{second}")
    # She says she has heard it from the player before: the same face, the same word.
    assert any(x in reply.text() for x in ("told me that already", "So you said before",
                                           "said that before")), reply.text()
    after_two = sim.store.belief("tilly", "mira", "willowbark_allergy", history=False)
    mine = [e for e in sim.store.evidence("tilly", "mira", "willowbark_allergy")
            if e.teller == "player"]
    return sim, after_one, after_two, mine


def test_told_openly_then_anonymously_is_one_origin_and_changes_nothing_more():
    _, one, two, mine = _tilly_told("", " anonymously")
    assert [e.origin for e in mine] == ["player", "player"]
    assert (two.value, two.confidence, two.state) == (one.value, one.confidence, one.state)


def test_told_anonymously_then_openly_keeps_the_first_origin():
    _, one, two, mine = _tilly_told(" anonymously", "")
    assert [e.origin for e in mine] == [ANONYMOUS, ANONYMOUS]
    assert (two.value, two.confidence, two.state) == (one.value, one.confidence, one.state)


def test_the_ledger_is_not_won_by_saying_it_twice():
    from game.walkthrough import play

    text = "+ go clinic\n+ wait 30\n+ tell tilly mira.willowbark_allergy yes\n" \
           "+ tell tilly mira.willowbark_allergy yes anonymously\n"
    for seed in (0, 1, 2):
        got = play(Simulation.new("the_ledger", seed=seed), None, text=text)
        assert got.win is False, (seed, got.ending)


def _say_through_a_model(sim) -> None:
    """`say` to Tilly that Mira is allergic, read by a model that reads it as a behaving model
    would: as that claim."""
    from game.model import Reading

    class Model:
        def new_verb(self):
            pass

        def read(self, sim, text):
            return Reading(listener="tilly", subject="mira", attribute="willowbark_allergy",
                           value="yes", source="hearsay", basis="heard")

    sim.model = Model()
    sim.command("say Tilly, Mira is allergic to willowbark, yes")
    sim.model = None


def test_said_through_a_model_after_an_anonymous_tell_is_the_same_source():
    """A review: `tell tilly … anonymously`, then `say` the same through a model, gave Tilly
    two independent origins — the anonymous one and the player's — and won the_ledger."""
    sim = Simulation.new("the_ledger", seed=0)
    as_author(sim, "go clinic")
    sim.command("wait 30")
    as_author(sim, "tell tilly mira.willowbark_allergy yes anonymously")
    one = sim.store.belief("tilly", "mira", "willowbark_allergy", history=False)
    _say_through_a_model(sim)
    two = sim.store.belief("tilly", "mira", "willowbark_allergy", history=False)
    mine = [e.origin for e in sim.store.evidence("tilly", "mira", "willowbark_allergy")
            if e.teller == "player"]
    assert mine == [ANONYMOUS, ANONYMOUS]
    assert (two.value, two.confidence) == (one.value, one.confidence)


def test_told_after_saying_it_through_a_model_is_told_again():
    """A review: `say` read by a model into Tilly's memory, then `tell` the same: one source
    (as above), but her reply met it as news, not "You told me that already"."""
    sim = Simulation.new("the_ledger", seed=0)
    as_author(sim, "go clinic")
    sim.command("wait 30")
    _say_through_a_model(sim)
    reply = as_author(sim, "tell tilly mira.willowbark_allergy yes")
    assert any(x in reply.text() for x in ("told me that already", "So you said before",
                                           "said that before")), reply.text()
