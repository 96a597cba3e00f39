"""What a resident says when asked and the note of the answer give the same source: the one
they told, not the one they hold. A liar who claims to have seen what he worked out says "I saw
it" (the playtest found Bo saying "Nobody told me; I worked it out" above a note that read "he
said he saw it" — his own words gave his lie away)."""

from game.player import said_context
from game.sim import Simulation
from game.talk import Told
from tests.game.conftest import as_author


def answer(commands: list[str]) -> list[str]:
    sim = Simulation.new("missing_key", seed=0)
    out = []
    for c in commands:
        r = sim.command(c)
        out.append(r.text())
    return out


def test_a_liar_claiming_to_have_seen_it_says_he_saw_it():
    *_, asked, why = answer(["wait 2h", "go market", "ask bo key moved", "why bo key moved"])
    for text in (asked, why):
        assert "worked it out" not in text and "Nobody told me" not in text, text
        assert "saw it" in text.split("Noted:")[0].lower(), text
    # The note: what he told (a liar sounds certain: what the telling recorded, as the case
    # board and the window's mind panel show, not a sureness of its own). Asked why, he told
    # the same, and the same note is not said again.
    assert "he said he saw it" in asked and "he seemed certain" in asked, asked
    assert "Noted:" not in why, why


def test_words_follow_the_provenance_told_not_the_one_held():
    sim = Simulation.new("missing_key", seed=0)
    sim.run(days=0.2)
    b = sim.store.belief("ada", "ada_key", "moved_by")  # hearsay from Bo
    assert b is not None and b.kind == "hearsay" and b.teller == "bo"
    claim = "ada_key.moved_by"
    held = Told(0, claim, b.value, "heard", "bo", ("bo", "ada"), False)
    ctx = said_context(sim, "ada", claim, held, b)
    assert (ctx["source"], ctx["teller"]) == ("heard", "Bo")
    # Embellished: she heard it from Bo and says she saw it herself.
    claimed = Told(0, claim, b.value, "saw", "ada", ("ada",), False, as_held=False)
    ctx = said_context(sim, "ada", claim, claimed, b)
    assert (ctx["source"], ctx["teller"]) == ("saw", "")
    text = sim.words.render("answer", "x", s=ctx)
    assert "Bo" not in text, text


def test_of_oneself_but_from_another_the_note_says_from_whom():
    # Cy: "Ada told me I was at the café counter early" was noted only as "speaking of
    # herself" (the listener takes it as her own declaration; her words name Ada).
    from game.player import noted

    sim = Simulation.new("missing_key", seed=0)
    claim = "cy.at_counter"
    told = Told(0, claim, "yes", "heard", "ada", ("ada", "cy"), False, as_held=True)
    text = noted(sim, "cy", claim, told)
    # ... and only so: "speaking of herself, as Ada told her" read as two sources at odds.
    assert "— as Ada told her;" in text and "speaking of herself" not in text, text
    own = Told(0, claim, "yes", "saw", "cy", ("cy",), False)
    assert "speaking of herself;" in noted(sim, "cy", claim, own)


def test_a_clue_seen_is_named_not_passed_off_as_the_deed_watched():
    # Shown her key in Dee's cloth, Ada said "I saw it myself: my key was moved by Dee", and
    # the player's notes "You saw for yourself … moved by Dee": neither saw Dee move it.
    from game.postmortem import _step_words
    from ui.casebook import _own

    *_, asked, why = answer(["go inn", "who fen day 1 08:10", "ask fen ada_key.location",
                             "go cafe", "search cafe.drawer", "take ada_key",
                             "show ada ada_key", "ask ada key moved", "why ada key moved"])
    assert "for myself: my key was moved by Dee" in asked and "I was there" not in asked
    assert "Because I saw my key for myself" in why, why
    sim = Simulation.new("missing_key", seed=0)
    for c in ["go inn", "who fen day 1 08:10", "ask fen ada_key.location", "go cafe",
              "search cafe.drawer", "take ada_key", "show ada ada_key"]:
        sim.command(c)
    own = _own(sim, "ada_key.moved_by")
    assert own.startswith("You saw Ada's key for yourself") and "it tells you" in own, own
    steps = sim.store.explain("ada", "ada_key", "moved_by").supports[0].steps
    assert "Ada: saw Ada's key for herself" in _step_words(sim, steps[0])


def test_a_question_about_oneself_takes_the_pronoun():
    # "Cy does not know whether Cy was at the café counter early."
    sim = Simulation.new("missing_key", seed=0)
    sim.command("go bakery")
    text = as_author(sim, "ask cy cy.at_counter").text()
    assert "Cy does not know whether she was at the café counter early." in text, text
    assert sim.say_claim("cy.at_counter") == "whether Cy was at the café counter early"
    sim.people["cy"].pronoun = "they"
    assert sim.say_claim("cy.at_counter", them="cy") == \
        "whether they were at the café counter early"


def test_a_clue_read_from_odd_event_rows_is_none_not_an_error(monkeypatch):
    from game.acts import clue_seen

    sim = Simulation.new("missing_key", seed=0)
    for data in ([1, 2], {"found": 5}, {"object": 7}, "text", {"found": [None, ["x"]]}):
        for kind in ("look", "show"):
            monkeypatch.setattr(sim.world, "event", lambda ref, got=(kind, data): got)
            assert clue_seen(sim, "w1", None, "dee") is None
    monkeypatch.undo()
    assert clue_seen(sim, "w999999", None, "dee") is None and clue_seen(sim, "p1", None, "x") \
        is None
