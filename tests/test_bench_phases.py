"""`benchmarks/sweep_bench.py` shares a run's time out by the tick's systems: each names a
function that is there, and a profiled run spends time in the tick's own. (They had named
functions the tick no longer called, and printed 0.0% for talk and perception.)"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _bench():
    spec = importlib.util.spec_from_file_location("sweep_bench",
                                                  ROOT / "benchmarks" / "sweep_bench.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["sweep_bench"] = mod
    spec.loader.exec_module(mod)
    return mod


def test_every_phase_names_a_function_that_is_there():
    for label, (path, fn) in _bench().PHASES.items():
        text = (ROOT / path).read_text()
        assert re.search(rf"^\s*def {re.escape(fn)}\(", text, re.M), (label, path, fn)


def test_a_profiled_run_spends_time_in_talk_and_perception():
    shares = _bench().profile_run("missing_key")["shares"]
    assert shares["conversation (talk.conversing)"] > 0
    assert shares["perceiving and revising (sim.flushing)"] > 0
    assert shares["judging reactions (thinking.think)"] > 0
