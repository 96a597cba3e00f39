"""`secret = true` on a thing: the story's to reveal. An author hid an entry card under the
judging table; `brief` listed it under "Things" and asked "where a bake-off entry card is"
from the first minute. A secret thing is not named in the brief, is no question on the case
board and no answer anyone can name until the player meets it — sees it, or hears it named.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from game.commands import CommandError
from game.knowledge import questions, unmet_secrets
from game.scenario.loader import SCENARIOS
from game.sim import Simulation
from memory import Evidence
from ui.cli import main


@pytest.fixture
def ledger(tmp_path):
    text = (SCENARIOS / "the_ledger" / "scenario.toml").read_text()
    card = 'id = "oswin_card"\n'
    assert text.count(card) == 1
    (tmp_path / "sl").mkdir()
    (tmp_path / "sl" / "scenario.toml").write_text(
        text.replace(card, card + "secret = true\n"))
    return tmp_path / "sl"


def _told(sim, subject: str, attribute: str, value: str) -> None:
    """The player told `subject.attribute = value` by Tilly (as if she had said so)."""
    sim.queue(Evidence(resident="player", subject=subject, attribute=attribute, value=value,
                       kind="hearsay", teller="tilly", origin="tilly", at=sim.now,
                       basis="heard"))
    sim.flush()


def test_the_brief_does_not_name_a_secret_thing(ledger):
    out = CliRunner().invoke(main, ["brief", str(ledger)]).output
    assert "Oswin's old index card" not in out and "card" not in out.lower(), out
    shipped = CliRunner().invoke(main, ["brief", "the_ledger"]).output
    assert "Oswin's old index card" in shipped  # (not secret there: the brief's lead)


def test_a_secret_thing_is_no_question_until_the_player_hears_of_it(ledger):
    from game.scenario import load_scenario

    sim = Simulation.new(load_scenario(ledger), 0)
    assert unmet_secrets(sim) == {"oswin_card"}
    assert "oswin_card.location" not in questions(sim)
    with pytest.raises(CommandError):
        sim.parse_typed("ask tilly card location")
    # Told where it is (as if someone had said so): met, asked about, and named.
    _told(sim, "oswin_card", "location", "oswin_home.desk")
    assert unmet_secrets(sim) == set()
    assert "oswin_card.location" in questions(sim)
    sim.parse_typed("ask tilly card location")


def test_a_secret_thing_named_as_an_answer_is_met(ledger):
    from game.scenario import load_scenario

    sim = Simulation.new(load_scenario(ledger), 0)
    _told(sim, "mira", "willowbark_allergy", "oswin_card")
    assert unmet_secrets(sim) == set()
