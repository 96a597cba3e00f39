"""`conclude` says what an answer does in this case: counted, when the case reads it with
`concluded(...)`, or kept in the notes, when it ends on what the town believes and does (the
playtest found it silent, repeatable, and read by no shipped case)."""

from dataclasses import replace

from game.scenario import load_scenario
from game.sim import Simulation


def test_an_answer_no_condition_reads_is_said_to_be_only_a_note():
    sim = Simulation.new("missing_key", seed=0)
    text = sim.command("conclude key moved dee").text()
    assert "Your answer: Ada's key was moved by Dee." in text
    assert "stays in your notes" in text and "counts" not in text


def test_an_answer_the_case_reads_is_said_to_count():
    loaded = load_scenario("missing_key")
    sc = loaded.scenario
    first = sc.endings[0].model_copy(update={"when": 'concluded("ada_key.moved_by") == "dee"'})
    sc = sc.model_copy(update={"endings": [first, *sc.endings[1:]]})
    sim = Simulation.new(replace(loaded, scenario=sc), seed=0)
    text = sim.command("conclude key moved dee").text()
    assert "Your last answer before the end is the one that counts." in text
    assert "stays in your notes" not in text
    # Another question of the case is still only a note.
    assert "stays in your notes" in sim.command("conclude key location cafe").text()
