"""A misbehaving model, driven through the window (headless, SDL's dummy display): the player
types `say …` on the command line, as at the real window, against the fake server of
test_model_server.py. The window must not freeze past the verb's budget, must show why the say
came to nothing, and must go on taking commands; nothing the guard refuses reaches memory."""

from __future__ import annotations

import time

import pytest

from tests.ui.conftest import Harness  # (sets SDL's dummy drivers before pygame starts)

from .test_model_server import CASES, FakeModel, answer, reading

BUDGET = 0.8
SAID = "say Ada, it was Dee who moved your key"


@pytest.fixture
def fake(monkeypatch):
    f = FakeModel()
    f.env(monkeypatch, BUDGET)
    yield f
    f.close()


@pytest.fixture
def window(fake, tmp_path):
    import pygame

    from ui.app import App
    from ui.play import build

    app = App((1280, 720), headless=True, saves=tmp_path / "saves")
    build(app, "missing_key", seed=0)
    ui = Harness(app)
    ui.frame(2)
    ui.command("go cafe")
    ui.command("wait 10m")
    assert "ada" in ui.town.session.here()
    yield ui
    pygame.quit()


def said_rows(sim) -> int:
    """Evidence written from the latest spoken line."""
    said = sim.world.log(kind="speak")[-1]
    return sim.db.execute("SELECT count(*) FROM evidence WHERE event = ?",
                          (f"w{said['id']}",)).fetchone()[0]


@pytest.mark.parametrize("name", ["hang", "a byte at a time", "garbage stream", "http 401",
                                  "http 429", "closed mid-body", "redirect 307",
                                  "content prose", "json array", "content 1 MB"])
def test_the_window_says_why_and_goes_on(fake, window, name):
    behaviour, why = CASES[name]
    fake.default = behaviour
    sim = window.town.session.sim
    t = time.monotonic()
    window.command(SAID)
    took = time.monotonic() - t
    assert took < BUDGET + 1.0, f"the window was frozen {took:.2f} s"
    line = [e for e in sim.transcript.entries() if "model's reading was refused" in e.text]
    assert line and why in line[-1].text, [e.text for e in sim.transcript.entries()[-4:]]
    window.frame(2)
    assert window.shows("refused"), window.texts()[-10:]
    assert said_rows(sim) == 0
    assert sim.db.execute("SELECT count(*) FROM evidence WHERE by_player = 1 AND "
                          "kind = 'hearsay' AND value = 'dee'").fetchone()[0] == 0
    # The game goes on: a verb that needs no model still works, at once.
    window.command("ask ada ada_key.moved_by")
    speech = [e for e in sim.transcript.entries() if e.kind == "speech"]
    assert speech and speech[-1].who == "Ada" and "Cy" in speech[-1].text


def test_the_window_takes_a_behaving_models_reading(fake, window):
    fake.default = answer(reading())
    sim = window.town.session.sim
    window.command(SAID)
    speech = [e for e in sim.transcript.entries() if e.kind == "speech"]
    assert speech[-1].who == "Ada" and "moved by Dee?" in speech[-1].text
    assert said_rows(sim) >= 1


def test_the_window_refuses_words_the_player_did_not_say(fake, window):
    """'say hello' read as an accusation of Dee: refused, shown, nothing written."""
    fake.default = answer(reading())
    sim = window.town.session.sim
    window.command("say hello")
    window.frame(2)
    assert window.shows("your words do not name Dee"), window.texts()[-10:]
    assert said_rows(sim) == 0
