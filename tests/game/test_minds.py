"""Decisions that read what a resident believes others believe (issue 10, epistemics §10):
whom to tell, "who told you?", and asking a trusted friend before acting (§8)."""

from pathlib import Path

from game import decide, talk
from game.player import said_context
from game.scenario.loader import parse_text
from game.sim import Simulation
from memory import Evidence, about_attribute

from .conftest import TINY

REACT = '''
[attributes.slighted]
importance = 9

[[beliefs]]
resident = "ann"
claim = "ben.slighted"
value = "yes"
kind = "firsthand"

[[reactions]]
id = "break"
who = ["ann"]
believes = { claim = "ben.slighted", value = "yes" }
action = "break_off"
target = "ben"
'''


def tiny(extra: str = "", seed: int = 0) -> Simulation:
    return Simulation.new(parse_text(TINY + extra, Path("tiny.toml")), seed)


def thinks(sim, who, other, claim, value, at=None):
    """`who` hears `other` say what they believe about claim (a declaration about their own
    mind: epistemics §10)."""
    s, _, a = claim.partition(".")
    sim.store.perceive(Evidence(resident=who, subject=other, attribute=about_attribute(s, a),
                                value=value, kind="declared", teller=other,
                                at=sim.now if at is None else at, event="w1"))


def test_nobody_tells_what_they_believe_the_listener_already_knows():
    sim = tiny(REACT)
    thinks(sim, "ann", "cat", "ben.slighted", "yes")  # Cat said so herself
    picked = {talk.choose_topic(sim, "ann", who) for who in ["cat"] * 15}
    assert all(b is None or b.claim != ("ben", "slighted") for b in picked)
    told = [talk.choose_topic(sim, "ann", "dan") for _ in range(15)]
    assert any(b is not None and b.claim == ("ben", "slighted") for b in told)


def test_who_told_you_is_the_teller_until_that_telling_goes_dormant():
    """Importance 1 (given with the evidence), one source: H = 21.6 h. Ann keeps the rumour
    itself in mind (recalled at 50 h), but the telling — what she takes Ben to believe — is
    dormant after 64.8 h: asked at 70 h who told her, it is "someone"; and she cannot go and
    ask the teller."""
    sim = tiny()
    t0 = sim.now
    sim.store.perceive(Evidence(resident="ann", subject="cat", attribute="took", value="yes",
                                kind="hearsay", teller="ben", origin="ben", at=t0,
                                event="w1", importance=1))
    b = sim.store.belief("ann", "cat", "took")
    assert talk.teller_remembered(sim, b) and talk.memory_state(sim, b) != "forgot_source"
    sim.store.cue("ann", t0 + 50 * 60, subject="cat", attribute="took")
    sim.now = t0 + 70 * 60
    b = sim.store.belief("ann", "cat", "took")
    assert b.access(sim.now) == "active"
    assert not talk.teller_remembered(sim, b)
    assert talk.memory_state(sim, b) == "forgot_source"
    told = talk.tell(sim, "ann", "dan", b, "home", ["ann", "dan"])
    assert told.origin == talk.FORGOTTEN  # she passes it on as "someone told me"
    ctx = said_context(sim, "ann", "cat.took", told, b)
    assert ctx["teller"] == "someone"
    reaction = type("R", (), {"verify": ["ask_teller", "wait"]})()
    for _ in range(10):
        assert decide._verification(sim, "ann", reaction, b) != "ask_teller"


def test_a_trusted_friend_who_believes_otherwise_is_asked_before_breaking_off():
    """§8: Ann's own eyes clear the irreversible bar — but she believes Dan, whom she trusts
    (0.8), thinks otherwise: she goes to ask Dan first, once. Without that belief about Dan's
    mind she would break off at once."""
    plain = tiny(REACT)
    decide.decide(plain, "ann")
    assert plain.state["ann"].intent.action == "break_off"

    sim = tiny(REACT + '''
[[trust]]
listener = "ann"
teller = "dan"
value = 0.8
''')
    thinks(sim, "ann", "dan", "ben.slighted", "no")
    decide.decide(sim, "ann")
    it = sim.state["ann"].intent
    assert (it.action, it.target, it.purpose, it.via) == ("ask", "dan", "verify", "ask_friend")
    row = sim.db.execute("SELECT outcome, via FROM decisions WHERE resident = 'ann'").fetchone()
    assert row == ("verified", "ask_friend")
    # Asked once; the next judgement acts on what she then believes.
    sim.state["ann"].intent = None
    sim.state["ann"].cooldown.clear()
    decide.decide(sim, "ann")
    assert sim.state["ann"].intent.action == "break_off"


def test_an_untrusted_or_agreeing_friend_is_not_asked():
    sim = tiny(REACT)
    thinks(sim, "ann", "dan", "ben.slighted", "no")  # trust 0.6: not enough to stop her
    thinks(sim, "ann", "cat", "ben.slighted", "yes")
    decide.decide(sim, "ann")
    assert sim.state["ann"].intent.action == "break_off"
