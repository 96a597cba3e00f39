"""A model that reads into the player's words what they did not say, and a server that fails
fast: against the fake server of test_model_server.py.

A review found three holes. The guard checked only that the words named the reading's answer,
and only when it was a person, thing or place: "say hello" read as "Mira is allergic to
willowbark = yes" went into Tilly's memory as the player's word. "I'm the one who moved it"
(a straight apostrophe) did not name the player, though "I’m" did. And a server that answered
`{}` at once was never rested: only what failed before the reply's bytes was counted."""

from __future__ import annotations

import time

import pytest

from .test_model_server import (
    BUDGET,
    NOT_A_COMPLETION,
    FakeModel,
    answer,
    body,
    reading,
    status,
    with_someone,
)


@pytest.fixture
def fake():
    f = FakeModel()
    yield f
    f.close()


def memory(sim) -> dict[str, list]:
    tables = ("claims", "evidence", "belief_rows", "belief_versions", "belief_facts",
              "belief_premises", "trust", "trust_changes", "memory_edits")
    return {t: sorted(sim.db.execute(f"SELECT * FROM {t}").fetchall(), key=repr)
            for t in tables}


def at_the_apothecary(monkeypatch, fake: FakeModel | None):
    """the_ledger, seed 0, the player with Tilly (with `fake` as the model, or none)."""
    return with_someone(monkeypatch, fake, "the_ledger", "clinic", "tilly", "30")


ALLERGIC = {"listener": "tilly", "subject": "mira", "attribute": "willowbark_allergy",
            "value": "yes"}


@pytest.mark.parametrize("typed, why", [
    ("hello", "your words do not say anything about whether Mira is allergic to willowbark"),
    ("Tilly, it was Joss", "do not say anything about whether Mira is allergic to willowbark"),
    ("Tilly, Mira is not allergic to willowbark",
     "your words do not say that Mira is allergic to willowbark"),
    ("Mira isn’t allergic, Tilly", "your words do not say that Mira is allergic to willowbark"),
])
def test_a_yes_the_words_do_not_say_is_refused_and_memory_untouched(fake, monkeypatch, typed,
                                                                     why):
    """The review's repro, through the server: a yes names no one, so the words must name
    the claim, and must not say the opposite. Refused in words; memory is as a game without
    a model leaves it, and so is the world log."""
    sim = at_the_apothecary(monkeypatch, fake)
    fake.default = answer(reading(**ALLERGIC))
    r = sim.command(f"say {typed}")
    assert not r.ok
    text = r.text()
    assert "(What you said was heard, but the model's reading was refused: " in text, text
    assert why in text and "which the model read into them" in text, text
    assert "Error" not in text and "Traceback" not in text, text
    assert not [e for e in sim.store.evidence("tilly", "mira", "willowbark_allergy")
                if e.teller == "player"]
    bare = at_the_apothecary(monkeypatch, None)
    bare.command(f"say {typed}")
    assert memory(sim) == memory(bare), "a refused reading changed memory"
    assert sim.world.log_hash() == bare.world.log_hash()


@pytest.mark.parametrize("typed", ["Tilly, Mira is allergic to willowbark, yes",
                                   "Mira's got a willowbark allergy",
                                   "mira — allergic to willowbark. I'm sure of it"])
def test_the_same_yes_said_in_words_is_read(fake, monkeypatch, typed):
    sim = at_the_apothecary(monkeypatch, fake)
    fake.default = answer(reading(**ALLERGIC))
    r = sim.command(f"say {typed}")
    assert r.ok, r.text()
    ev = sim.store.evidence("tilly", "mira", "willowbark_allergy")[-1]
    assert (ev.value, ev.kind, ev.teller, ev.by_player) == ("yes", "hearsay", "player", True)


@pytest.mark.parametrize("scenario, claim, value, typed, missing", [
    # a person: the name, and the claim (its subject, its owner, or what it asks)
    ("missing_key", "ada_key.moved_by", "dee", "Ada, it was Dee who moved your key", None),
    ("missing_key", "ada_key.moved_by", "dee", "Dee moved it, Ada: I heard so", None),
    ("missing_key", "ada_key.moved_by", "dee", "I was wrong, Ada, it was Dee", None),
    ("missing_key", "ada_key.moved_by", "dee", "Dee took the keys", None),
    ("missing_key", "ada_key.moved_by", "dee", "Dee",
     "say anything about who moved Ada's key"),
    ("missing_key", "ada_key.moved_by", "dee", "hello",
     "name Dee, nor say anything about who moved Ada's key"),
    # (said to no one in particular, "it" is no key: to Ada it is hers, below)
    ("missing_key", "ada_key.moved_by", "player", "I'm the one who moved it",
     "say anything about who moved Ada's key"),
    ("missing_key", "ada_key.location", "cafe.drawer", "your key is in the drawer", None),
    ("missing_key", "cy.accused_by", "bo", "it was Bo", "say anything about who accused Cy"),
    # a yes or a no: how it is said
    ("missing_key", "cy.barred", "yes", "Cy is barred from the market", None),
    ("missing_key", "cy.barred", "no", "Cy isn't barred from the market", None),
    ("missing_key", "cy.barred", "no", "Cy isn’t barred from the market", None),
    ("missing_key", "cy.barred", "no", "they never barred Cy", None),
    ("missing_key", "cy.barred", "yes", "Cy isn't barred",
     "say that Cy is barred from the market"),
    ("missing_key", "cy.barred", "no", "Cy is barred",
     "say that Cy is not barred from the market"),
    ("missing_key", "cy.barred", "yes", "no, no — yes, Cy is barred", None),
    ("cancelled_meeting", "ned.field_crossed", "yes", "well, hello",
     "say anything about whether the well would cross Ned's field"),  # ("well": in passing)
    ("cancelled_meeting", "ned.field_crossed", "yes", "the well crosses Ned's field", None),
    ("the_ledger", "mira.fever", "no", "Mira has no fever", None),
    ("the_ledger", "mira.fever", "yes", "Mira is feverish", None),
    ("the_ledger", "mira.given_willowbark", "yes", "someone gave Mira willowbark", None),
    # any other answer: its own words, not another answer's
    ("bad_blood", "ben.refused_why", "working", "Ben was working the night shift", None),
    ("bad_blood", "ben.refused_why", "slight", "Ben was working the night shift",
     "say that Ben stayed away from the supper on purpose, as a slight"),
    ("bad_blood", "ben.refused_why", "slight", "Ben stayed away on purpose", None),
    ("cancelled_meeting", "meeting.when", "d2_1800", "the meeting is on day 2", None),
    ("cancelled_meeting", "meeting.when", "d3_1800", "the meeting is on day 2",
     "say that the town meeting is on day 3 at six"),
    ("cancelled_meeting", "meeting.when", "cancelled", "the town meeting is cancelled", None),
])
def test_what_the_words_must_say_of_a_reading(scenario, claim, value, typed, missing):
    from game.model import _not_said
    from game.sim import Simulation

    sim = Simulation.new(scenario, seed=0)
    assert _not_said(sim, claim, value, typed) == missing


@pytest.mark.parametrize("typed", [
    "I'm the one who moved it", "I’m the one who moved it", "I've moved it", "I’ve moved it",
    "I'd moved it before she came", "I’d moved it", "I'll own up: it was me",
    "Iʼm the one",  # (a modifier letter apostrophe, as some keyboards type)
])
def test_a_contraction_names_the_player(typed):
    """'I'm the one who moved it' did not name the player, though 'I’m' did (a review)."""
    from game.model import _named_in
    from game.sim import Simulation

    sim = Simulation.new("missing_key", seed=0)
    assert _named_in(sim, "player", typed)
    assert not _named_in(sim, "player", typed.replace("I", "Dee", 1).replace("me", "Dee"))


@pytest.mark.parametrize("garbage, why", [
    (body(b"{}"), NOT_A_COMPLETION),
    (answer(None), "the model gave an empty answer"),
    (body(b"not json"), "did not answer in JSON"),
])
def test_a_server_that_fails_fast_is_rested_and_named(fake, monkeypatch, garbage, why):
    """A server answering garbage at once was asked on every verb: the failure was found after
    the call was counted a success. Now it counts: two in a row, then a minute's rest, and the
    rest names the latest failure (not an older, different one)."""
    from game.model import LanguageModel, ModelSettings

    model = LanguageModel(ModelSettings(base_url=fake.url, model="fake", verb_budget=BUDGET))
    fake.queue.append(status(401))
    fake.default = garbage
    model.new_verb()
    assert model.reword("Cy did it.", "Ada", ["Cy"]) == "Cy did it."  # the 401
    assert "HTTP 401" in model.last_failure
    model.new_verb()
    assert model.reword("Cy did it.", "Ada", ["Cy"]) == "Cy did it."  # the garbage
    assert model.resting() and why in model.last_failure, model.last_failure
    asked = len(fake.requests)
    model.new_verb()
    t = time.monotonic()
    assert model.reword("Cy did it.", "Ada", ["Cy"]) == "Cy did it."
    assert len(fake.requests) == asked and time.monotonic() - t < 0.3
    said = model._not_asked()
    # ("HTTP 401", not "401": the fake server's port may hold those digits — 127.0.0.1:40123
    # failed a fresh clone's CI)
    assert "failed twice in a row" in said and why in said and "HTTP 401" not in said, said


def test_a_good_answer_between_failures_starts_the_count_again(fake):
    from game.model import LanguageModel, ModelSettings

    model = LanguageModel(ModelSettings(base_url=fake.url, model="fake", verb_budget=BUDGET))
    fake.queue += [body(b"{}"), answer("Cy did it, I hear."), body(b"{}")]
    for _ in range(3):
        model.new_verb()
        model.reword("Cy did it.", "Ada", ["Cy"])
    assert not model.resting() and model.failures == 1


def test_a_fast_garbage_server_is_rested_through_say(fake, monkeypatch):
    """Through the game: the third `say` is not sent, and says why with the latest failure."""
    sim = at_the_apothecary(monkeypatch, fake)
    fake.default = body(b"{}")
    line = "say Tilly, Mira is allergic to willowbark"
    for _ in range(2):
        assert NOT_A_COMPLETION in sim.command(line).text()
    asked = len(fake.requests)
    text = sim.command(line).text()
    assert len(fake.requests) == asked
    assert "failed twice in a row" in text and NOT_A_COMPLETION in text, text


@pytest.mark.parametrize("typed, value, missing", [
    # (a fuzz run, 2026-12-07: each was read into Ada's memory)
    ("Ada, it was not Cy who moved your key, Cy never did", "cy",
     "say plainly that Ada's key was moved by Cy (they have a no in them)"),
    ("Ada, Dee is back from Riverton on day 3", "ada",
     "name Ada, nor say anything about who moved Ada's key"),
    # (a model fuzz, 2026-12-07: a question, a greeting, an aside — each read as the answer)
    ("Ada, have you heard from Dee lately?", "dee",
     "say that Ada's key was moved by Dee (they ask a question)"),
    ("Ada, Dee is lovely", "dee", "say anything about who moved Ada's key"),
    ("Dee sends her love, Ada", "dee", "say anything about who moved Ada's key"),
    # still read: a plain answer, and one who is told of themselves as "you"
    ("Ada, it was Dee who moved your key", "dee", None),
    ("Ada, you moved your key yourself", "ada", None),
    ("I'm the one who moved it", "player", None),
    # (a review, 2026-12-07: said to Ada of her own key, each was refused as naming no claim)
    ("Ada, it was Dee", "dee", None),
    ("I was wrong, Ada, it was Dee", "dee", None),
    ("Ada, Dee's the one", "dee", None),
    ("Ada, Dee moved it. Trust me?", "dee", None),
    ("Dee took your key, didn't you know?", "dee", None),
    ("Ada, did you know? Dee moved your key.", "dee", None),
    # and a question is one however it ends (it was its last character)
    ("Ada, did Dee move your key?!", "dee",
     "say that Ada's key was moved by Dee (they ask a question)"),
    ("Ada, did Dee move your key", "dee",
     "say that Ada's key was moved by Dee (they ask a question)"),
    ("Was it Dee who moved your key?\u201d", "dee",
     "say that Ada's key was moved by Dee (they ask a question)"),
    ("Did Dee move your key? I wonder.", "dee",
     "say that Ada's key was moved by Dee (they say it is not known so)"),
    ("Ada, it was Dee, the baker's girl, everyone says", "dee",
     "say anything about who moved Ada's key"),
])
def test_a_no_or_a_greeting_is_not_the_answer(typed, value, missing):
    from game.model import _not_said
    from game.sim import Simulation

    sim = Simulation.new("missing_key", seed=0)
    assert _not_said(sim, "ada_key.moved_by", value, typed, "ada") == missing


@pytest.mark.parametrize("typed, missing", [
    # (a model fuzz, 2026-12-07: Tilly took each as Mira's allergy, a yes)
    ("Tilly, how is Mira today?",
     "say that Mira is allergic to willowbark (they ask a question)"),
    ("Mira has a cough, Tilly",
     "say anything about whether Mira is allergic to willowbark"),
    ("Tilly, Mira is allergic to willowbark", None),
    ("Tilly, it was Joss", "say anything about whether Mira is allergic to willowbark"),
])
def test_a_yes_is_said_of_what_is_asked(typed, missing):
    from game.model import _not_said
    from game.sim import Simulation

    sim = Simulation.new("the_ledger", seed=0)
    assert _not_said(sim, "mira.willowbark_allergy", "yes", typed, "tilly") == missing


def test_a_place_said_in_passing_is_not_where_the_key_is():
    from game.model import _not_said
    from game.sim import Simulation

    sim = Simulation.new("missing_key", seed=0)
    place = next(p for p, info in sim.places.items() if "inn" in info["name"].lower()) \
        if any("inn" in i["name"].lower() for i in sim.places.values()) else "cafe"
    typed = f"Ada, shall we meet at the {sim.places[place]['name']} later"
    assert _not_said(sim, "ada_key.location", place, typed, "ada") == \
        f"say that {sim.say_claim('ada_key.location', place)} (they ask a question)"
    told = f"Ada, we met at the {sim.places[place]['name']} later"
    assert _not_said(sim, "ada_key.location", place, told, "ada") == \
        "say anything about where Ada's key is"


@pytest.mark.parametrize("typed, value, missing", [
    # (a review asked "Ben came, Ana" be read; a model fuzz then had "Ben came to the mill"
    # and "Ben came by this morning" read as the supper: "came" alone names no supper)
    ("Ben came to the supper, Ana", "yes", None),
    ("Ben never came to the supper, Ana", "no", None),
    ("Ben came, Ana", "yes", "say anything about whether Ben came to Ana's supper"),
    ("Ben came to the mill, Ana", "yes",
     "say anything about whether Ben came to Ana's supper"),
    ("she came by, Ana", "yes", "say anything about whether Ben came to Ana's supper"),
    ("Ben was lovely, Ana", "yes", "say anything about whether Ben came to Ana's supper"),
])
def test_a_yes_or_no_of_a_claim_in_common_words(typed, value, missing):
    from game.model import _not_said
    from game.sim import Simulation

    sim = Simulation.new("bad_blood", seed=0)
    assert _not_said(sim, "ben.came_to_supper", value, typed, "ana") == missing


# A model fuzz of 2026-12-07 (147 lines read straight into `_not_said`, as play calls it):
# each of these was read into the listener's memory as the player's word.
@pytest.mark.parametrize("scenario, claim, value, listener, typed", [
    # a question's words, said of another subject
    ("the_ledger", "mira.willowbark_allergy", "yes", "tilly", "Joss is allergic to willowbark"),
    ("the_ledger", "mira.willowbark_allergy", "yes", "tilly",
     "I'm allergic to willowbark, Tilly"),
    ("missing_key", "cy.barred", "yes", "ada", "Bo is barred from the market"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Dee moved the chairs, Ada"),
    ("the_ledger", "mira.fever", "yes", "tilly", "Joss has a fever"),
    # another question of the same subject
    ("the_ledger", "mira.willowbark_allergy", "yes", "tilly", "Mira was given willowbark"),
    # a no the word list missed, or a yes that outweighed it
    ("missing_key", "cy.barred", "yes", "ada", "Cy isnt barred from the market"),
    ("missing_key", "cy.barred", "yes", "ada", "Yes, Cy isn't barred from the market"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Dee didnt move your key"),
    ("the_ledger", "mira.willowbark_allergy", "yes", "tilly",
     "Mira ist nicht allergisch gegen willowbark"),
    ("bad_blood", "ben.refused_why", "working", "ana", "Ben wasn't working that night"),
    # a value's words said in passing
    ("bad_blood", "ben.refused_why", "slight", "ana", "Ben stayed away, as usual"),
    ("bad_blood", "ben.refused_why", "working", "ana", "Ben stayed away because he was angry"),
    # a place named by its owner's name alone
    ("missing_key", "ada_key.location", "ada_home", "ada", "Ada, your key is on the counter"),
    # "your" is not "you did it"
    ("missing_key", "ada_key.moved_by", "ada", "ada", "Ada, Dee moved your key"),
    # a doubt, a wish, a condition, a scoff, a maybe
    ("missing_key", "cy.barred", "no", "ada", "I don't know whether Cy is barred from the market"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "if Dee moved your key, she'd have said"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Dee moved your key, but I doubt it"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Oh sure, Dee moved your key. As if."),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Dee could have moved your key, or Bo"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "I wonder if Dee moved your key"),
    # a line that takes itself back, or calls itself a lie, a joke or a folly (a model fuzz)
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, it is a lie that Dee moved your key"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, Dee moved your key, not"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, Dee moved your key. Just kidding."),
    ("missing_key", "ada_key.moved_by", "dee", "ada",
     "Ada, Cy swears Dee moved your key but Cy is lying"),
    ("missing_key", "ada_key.moved_by", "dee", "ada",
     "Ada, only a fool would say Dee moved your key"),
    ("missing_key", "ada_key.moved_by", "dee", "ada",
     "Ada, it's absurd to claim Dee moved your key"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, I am joking: Dee moved your key"),
    ("missing_key", "ada_key.moved_by", "dee", "ada",
     "Ada, Dee moved your key, said nobody ever"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, imagine Dee moved your key"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, pretend Dee moved your key"),
    ("missing_key", "cy.barred", "yes", "ada", "Cy is barred from the market. Not!"),
    # one who holds it, named as the answer
    ("missing_key", "ada_key.moved_by", "bo", "ada", "Bo thinks Dee moved your key"),
    ("missing_key", "ada_key.moved_by", "player", "ada", "I think Dee moved your key"),
    ("missing_key", "ada_key.moved_by", "player", "ada", "I'm sorry someone moved your key"),
    # said to someone else
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Bo, Dee moved Ada's key"),
    ("the_ledger", "mira.willowbark_allergy", "yes", "tilly",
     "Joss, Mira is allergic to willowbark"),
    # a name with no answer's frame (a review)
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, tell Dee"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, I believe Dee"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, you know Dee"),
    # questions in other forms
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, tell me, did Dee move your key"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Hey there Ada, did Dee move your key"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Was it Dee who moved your key, you think?"),
])
def test_a_reading_the_words_do_not_say_is_refused(scenario, claim, value, listener, typed):
    from game.model import _not_said
    from game.sim import Simulation

    sim = Simulation.new(scenario, seed=0)
    assert _not_said(sim, claim, value, typed, listener) is not None


@pytest.mark.parametrize("scenario, claim, value, listener, typed", [
    ("missing_key", "ada_key.moved_by", "bo", "ada", "It wasn't Cy who moved your key, it was Bo"),
    ("missing_key", "ada_key.moved_by", "bo", "ada", "Not Cy - Bo moved your key"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Dee moved your key. I'm not joking"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "No lie, Ada: Dee moved your key"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Dee moved your key, not Cy"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "No, Ada, Dee moved your key"),
    # a liar named, a thing that lies somewhere, a no said again, a joke disowned (a review:
    # each was refused by the first word lists)
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, Bo lied to you: Dee moved your key"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, Bo is lying. Dee moved your key"),
    ("missing_key", "ada_key.moved_by", "dee", "ada",
     "Ada, Bo's a liar; it was Dee who moved your key"),
    ("the_ledger", "mira.willowbark_allergy", "yes", "tilly",
     "Tilly, Joss lied: Mira is allergic to willowbark"),
    ("bad_blood", "ben.refused_why", "working", "ana",
     "Ana, Ivo lied to you, Ben was working that night"),
    ("missing_key", "ada_key.location", "cafe.drawer", "ada",
     "Ada, your key lies in the drawer in the café"),
    ("the_ledger", "mira.willowbark_allergy", "no", "tilly",
     "Tilly, Mira isn't allergic to willowbark, no."),
    ("missing_key", "cy.barred", "no", "ada", "Ada, Cy isn't barred from the market. Never."),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, Dee moved your key, no kidding"),
    ("missing_key", "ada_key.moved_by", "dee", "ada",
     "Ada, Dee moved your key — not a word of a lie"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, Dee moved your key, imagine that!"),
    ("missing_key", "ada_key.moved_by", "dee", "ada",
     "I know it sounds absurd, but Dee moved your key"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Dee moved your key, no doubt about it"),
    ("missing_key", "ada_key.moved_by", "dee", "ada", "Ada, Dee moved it"),
    ("missing_key", "ada_key.moved_by", "player", "ada", "Ada, I moved it"),
    ("missing_key", "cy.barred", "yes", "ada", "no, no — yes, Cy is barred from the market"),
    ("the_ledger", "mira.willowbark_allergy", "no", "tilly", "Mira isnt allergic to willowbark"),
])
def test_a_reading_the_words_do_say_is_read(scenario, claim, value, listener, typed):
    """(and with a no in another clause than the answer's: "…, it was Bo" was refused)"""
    from game.model import _not_said
    from game.sim import Simulation

    sim = Simulation.new(scenario, seed=0)
    assert _not_said(sim, claim, value, typed, listener) is None
