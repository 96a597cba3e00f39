"""`[scenario] brief_tells`: the answers the brief names are the player's to type from the
first minute. Bad Blood's brief says Ana has decided Ben meant a slight, and `tell ana ben
refused slight` was refused until someone said "slight" (a playtest). Told of, not convinced:
nothing goes into the player's memory."""

from __future__ import annotations

import pytest

from game.commands import CommandError
from game.scenario import ScenarioError, load_scenario
from game.scenario.loader import SCENARIOS
from game.sim import Simulation
from ui.casebook import case_board


def test_the_briefs_answer_is_the_players_to_name_from_the_start():
    sim = Simulation.new("bad_blood", seed=0)
    assert sim.parse_typed("tell ana ben refused slight").args[-1] == "slight"
    assert sim.parse_typed("conclude ben refused slight").args[-1] == "slight"
    # (not "working": the brief does not say it)
    with pytest.raises(CommandError, match="'working' is not someone or something") as e:
        sim.parse_typed("tell ana ben refused working")
    assert "did you mean 'on purpose, as a slight'?" in str(e.value)  # the brief's answer
    assert sim.store.belief("player", "ben", "refused_why") is None  # told of, not believing
    board = case_board(sim).lines()
    assert "Your brief: Ana says Ben stayed away from the supper on purpose, as a slight." \
        in board
    assert "Your brief: Ivo says Ben stayed away from the supper on purpose, as a slight." \
        in board


def test_a_brief_that_names_no_one_is_said_as_the_brief_says_it():
    board = case_board(Simulation.new("cancelled_meeting", seed=0)).lines()
    assert "Your brief: The town meeting is on day 2 at six." in board
    assert "Your brief: The town meeting is in the old hall." in board


@pytest.mark.parametrize("told, field, says", [
    ('{ claim = "ben.refused_why", value = "bored", by = "ana" }', "value",
     "'bored' is not one of the values of 'refused_why'"),
    ('{ claim = "ben.refused_whyy", value = "slight" }', "claim", "no attribute 'refused_whyy'"),
    ('{ claim = "ben.refused_why", value = "slight", by = "anna" }', "by", "no resident 'anna'"),
    ('{ claim = "ben.refused_why", value = "slight", by = "player" }', "by",
     "a resident's, not the player's own"),
    ('{ claim = "?x.refused_why", value = "slight" }', "claim", "a definite claim"),
])
def test_a_bad_brief_tells_names_its_line_and_field(tmp_path, told, field, says):
    text = (SCENARIOS / "bad_blood" / "scenario.toml").read_text()
    old = '  { claim = "ben.refused_why", value = "slight", by = "ivo" },\n'
    assert old in text
    (tmp_path / "bb").mkdir()
    path = tmp_path / "bb" / "scenario.toml"
    path.write_text(text.replace(old, f"  {told},\n"))
    line = text[:text.index(old)].count("\n") + 1
    with pytest.raises(ScenarioError) as err:
        load_scenario(tmp_path / "bb")
    assert f"scenario.toml:{line}: scenario.brief_tells[1].{field}: " in str(err.value), \
        str(err.value)
    assert says in str(err.value)


@pytest.mark.parametrize("told, field, says", [
    ('{ claim = "mira.willowbark_allergy", value = "oswin_card" }', "value",
     "'oswin_card' is a secret thing"),
    ('{ claim = "oswin_card.location", value = "oswin_home" }', "claim",
     "'oswin_card' is a secret thing"),
    ('{ claim = "oswin_card.location", value = "oswin_home.desk" }', "value",
     "'oswin_home.desk' is a hidden spot"),
])
def test_the_brief_tells_of_no_secret(tmp_path, told, field, says):
    """A hostile-input test: a brief naming a secret thing put it on the board from the first
    minute while typing it was refused; one naming a hidden spot, likewise."""
    text = (SCENARIOS / "the_ledger" / "scenario.toml").read_text()
    old = 'brief_tells = [{ claim = "mira.willowbark_allergy", value = "yes", by = "mira" }]'
    assert old in text
    text = text.replace(old, f"brief_tells = [{told}]").replace(
        'id = "oswin_card"\n', 'id = "oswin_card"\nsecret = true\n')
    (tmp_path / "l").mkdir()
    (tmp_path / "l" / "scenario.toml").write_text(text)
    with pytest.raises(ScenarioError) as err:
        load_scenario(tmp_path / "l")
    assert f"scenario.brief_tells[0].{field}: " in str(err.value), str(err.value)
    assert says in str(err.value)


def test_a_secret_things_name_is_no_word_until_met(tmp_path):
    """A hostile-input test: 'take banana' offered "oswin's old index card", a secret, and
    'take card' said "You have not found Oswin's old index card here"."""
    from game.commands import CommandError

    text = (SCENARIOS / "the_ledger" / "scenario.toml").read_text().replace(
        'id = "oswin_card"\n', 'id = "oswin_card"\nsecret = true\n')
    (tmp_path / "l").mkdir()
    (tmp_path / "l" / "scenario.toml").write_text(text)
    sim = Simulation.new(load_scenario(tmp_path / "l"), 0)
    for typed in ("take banana", "take card", "show tilly oswin_car", "take oswin_card"):
        with pytest.raises(CommandError) as err:
            sim.parse_typed(typed)
        assert "index card" not in str(err.value) and "oswin_card'?" not in str(err.value)
    # Met (told where it is), it is a word like any other.
    from memory import Evidence

    sim.queue(Evidence(resident="player", subject="oswin_card", attribute="location",
                       value="oswin_home.desk", kind="hearsay", teller="tilly",
                       origin="tilly", at=sim.now))
    sim.flush()
    assert sim.parse_typed("take card").args == ("oswin_card",)
