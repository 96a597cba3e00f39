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

from .test_model_server import NOT_A_COMPLETION, FakeModel, answer, body, status

BUDGET = 0.8


@pytest.fixture
def fake():
    f = FakeModel()
    yield f
    f.close()


def at_the_apothecary(monkeypatch, fake: FakeModel | None):
    """the_ledger, seed 0, the player with Tilly (with `fake` as the model, or none)."""
    from game.sim import Simulation

    if fake is None:
        monkeypatch.delenv("HEARSAY_MODEL_URL", raising=False)
    else:
        fake.env(monkeypatch, BUDGET)
    sim = Simulation.new("the_ledger", seed=0)
    for line in ("go clinic", "wait 30"):
        assert sim.command(line).ok
    assert "tilly" in sim.present("clinic")
    return sim


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
    assert "failed twice in a row" in said and why in said and "401" not in said, said


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
