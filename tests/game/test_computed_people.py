"""A condition's resident argument may be computed — `concluded("…")`, `fact("…")` — and is
"" until there is an answer. Memory refuses an empty id; the condition must read it as naming
nobody (holds nothing, trusted as a stranger), not end the run with a traceback. A review
found `believes(concluded("ada_key.moved_by"), …)` passed `validate` and then crashed
`hearsay run` and `sweep` (exit 1) on its first tick.
"""

from __future__ import annotations

import pytest

from game.ctx import ConditionContext
from game.sim import Simulation

COMPUTED = 'concluded("ada_key.moved_by")'  # nobody has concluded anything yet: ""


@pytest.mark.parametrize("text, expected", [
    (f'believes({COMPUTED}, "ada_key.location", "cafe.drawer")', False),
    (f'knows({COMPUTED}, "ada_key.location")', False),
    (f'heard({COMPUTED}, "ada_key.moved_by", "cy")', False),
    (f'value({COMPUTED}, "ada_key.location") == ""', True),
    (f'confidence({COMPUTED}, "ada_key.location") == 0', True),
    (f'trust({COMPUTED}, "ada") == trust("ada", "nobody_at_all")', True),
    (f'trust("ada", {COMPUTED}) == trust("ada", "nobody_at_all")', True),
])
def test_a_computed_resident_that_names_nobody_holds_nothing(text, expected):
    sim = Simulation.new("missing_key", seed=0)
    assert ConditionContext(sim).fn_concluded("ada_key.moved_by") == ""
    assert sim.condition(text) is expected


def test_a_scenario_with_one_runs(tmp_path):
    from click.testing import CliRunner

    from game.scenario.loader import SCENARIOS
    from ui.cli import main

    src = SCENARIOS / "missing_key" / "scenario.toml"
    text = src.read_text() + (
        '\n[[stages]]\nid = "accused_thinks"\ntext = "The one you named believes the key is '
        'in the drawer."\nwhen = \'believes(concluded("ada_key.moved_by"), "ada_key.location",'
        ' "cafe.drawer")\'\n')
    (tmp_path / "mk").mkdir()
    (tmp_path / "mk" / "scenario.toml").write_text(text)
    got = CliRunner().invoke(main, ["run", str(tmp_path / "mk"), "--days", "0.5"])
    assert got.exit_code == 0, got.output
    assert "Traceback" not in got.output
