"""A scenario's `[memory]` table overrides the memory model's defaults (issue 10): each key is
checked like any other (an unknown key is a warning with its line, a bad value an error with its
line), and the town runs with the numbers it gives."""

from game.scenario import ScenarioError, load_scenario
from game.sim import Simulation
from memory import Evidence

from .conftest import TINY

MEMORY = '''
[memory]
firsthand_confidence = 90
half_life_hours = 24
forgetfulness = 3
'''


def line_of(text: str, needle: str) -> int:
    return next(n for n, ln in enumerate(text.splitlines(), 1) if needle in ln)


def test_the_memory_table_sets_the_numbers_the_town_runs_with(write_scenario):
    text = TINY + MEMORY
    loaded = load_scenario(write_scenario(text))
    assert any(f":{line_of(text, 'forgetfulness')}: memory.forgetfulness: unknown key" in w
               for w in loaded.warnings)
    sim = Simulation.new(loaded, 0)
    p = sim.store.params
    assert (p.firsthand_confidence, p.half_life_hours) == (90, 24)
    assert p.overrides() == {"firsthand_confidence": 90, "half_life_hours": 24.0}
    sim.store.perceive(Evidence(resident="ann", subject="ben", attribute="took", value="cat",
                                kind="witnessed", event="e1", at=sim.now))
    assert sim.store.belief("ann", "ben", "took").confidence == 90


def test_a_save_keeps_the_scenarios_numbers(write_scenario, tmp_path):
    sim = Simulation.new(load_scenario(write_scenario(TINY + MEMORY)), 0)
    again = Simulation.load(sim.save(tmp_path / "s.db"))
    assert again.store.params.firsthand_confidence == 90


def test_a_bad_number_is_an_error_at_its_line(write_scenario):
    text = TINY + "\n[memory]\ndoubt_step = -4\n"
    try:
        load_scenario(write_scenario(text))
    except ScenarioError as exc:
        assert exc.field == "memory.doubt_step"
        assert exc.line == line_of(text, "doubt_step")
    else:
        raise AssertionError("accepted a negative doubt_step")


def test_numbers_that_contradict_each_other_are_an_error(write_scenario):
    text = TINY + "\n[memory]\nhearsay_low = 60\nhearsay_high = 40\n"
    try:
        load_scenario(write_scenario(text))
    except ScenarioError as exc:
        assert exc.field == "memory.hearsay_high"
        assert exc.line == line_of(text, "hearsay_high")
        assert "hearsay_low" in exc.reason
    else:
        raise AssertionError("accepted hearsay_high below hearsay_low")
