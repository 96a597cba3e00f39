"""Decisions that read what a resident believes others believe (issue 10, epistemics §10):
whom to tell, "who told you?", and asking a trusted friend before acting (§8)."""

from pathlib import Path

from game import decide, talk
from game.player import said_context
from game.scenario.loader import parse_text
from game.sim import Simulation
from game.state import NO_ANSWER
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


def test_one_who_gave_no_answer_is_not_asked_it_again_while_the_belief_stands():
    """§8's verification asks the teller or the one concerned: Ava asked Cal who moved Ben's
    hammer ten times in eight days, "Cal did not know" each time (a playtest of Nine
    Neighbours). Asked once and no answer, they are not asked it again; the teller still may
    be, and another value of the belief is another question."""
    sim = tiny()
    t0 = sim.now
    sim.store.perceive(Evidence(resident="ann", subject="cat", attribute="took", value="dan",
                                kind="hearsay", teller="ben", origin="ben", at=t0,
                                event="w1"))
    b = sim.store.belief("ann", "cat", "took")
    reaction = type("R", (), {"verify": ["ask_subject", "ask_teller"], "id": "r"})()
    key = "r:cat.took:dan"
    seen = {decide._verification(sim, "ann", reaction, b, key) for _ in range(30)}
    assert seen == {"ask_subject", "ask_teller"}
    sim.state["ann"].verified[f"{key}{NO_ANSWER}cat"] = 1  # Cat was asked: no answer
    assert {decide._verification(sim, "ann", reaction, b, key) for _ in range(30)} == \
        {"ask_teller"}
    assert {decide._verification(sim, "ann", reaction, b, "r:cat.took:eve")
            for _ in range(30)} == {"ask_subject", "ask_teller"}


def test_in_a_town_nobody_asks_the_same_one_the_same_thing_after_no_answer():
    from collections import Counter

    sim = Simulation.new("nine_neighbours", 0)
    sim.run(days=4.0)
    unanswered = Counter((e["actor"], e["target"], e["claim"]) for e in sim.world.log(kind="ask")
                         if e["data"].get("answer") is None)
    assert unanswered and max(unanswered.values()) == 1, unanswered
