"""The README's figures for the hostile suite are the suite's own: counted here, not copied."""

from __future__ import annotations

import re
from pathlib import Path

from .saves import cases
from .scenarios import mutants
from .test_hostile_saves import COMMANDS
from .test_hostile_walkthroughs import MUTANTS as WALKTHROUGHS
from .test_hostile_walkthroughs import test_absurd_numbers_and_targets_are_bad_input as absurd

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_the_readme_states_the_suites_figures(tmp_path, corpus):
    text = " ".join(README.split())
    saves = len(cases(tmp_path))
    assert f"{saves} damaged, tampered and crafted saves × {len(COMMANDS)} commands" in text
    assert f"{len(mutants())} scenario mutants × 5 commands" in text
    assert f"{len(WALKTHROUGHS)} walkthrough mutants" in text
    lines = len(absurd.pytestmark[0].args[1])
    assert f"{lines} absurd command lines" in text
    refused, loaded = (int(x) for x in re.search(
        r"(\d+) are refused with a reason; the other (\d+)", text).groups())
    assert refused + loaded == saves

    from game.save import SaveError
    from game.sim import Simulation

    n = 0
    for path in corpus.values():
        try:
            Simulation.load(path)
        except SaveError:
            n += 1
    assert n == refused
