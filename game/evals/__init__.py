"""The seeds' experiments, reproduced beside their baselines (issue 15).

Each seed document backs its design with a measurement; these run the same experiments on
Hearsay's memory, with our rules and the naive policies of `memory.policies` on the same
generated corpus, and print the seed's own figure beside ours:

- `lie` — seed 004: a lie repeated 1–8 times against a fact declared once;
- `correction` — seed 002: a wrong value in memory, then a stream of noisy evidence;
- `staleness` — seed 003: a town whose facts change, with version tracking on and off;
- `mechanisms` — seed 001: the mechanism counts, and how alike residents' memories become.

`run(full=False)` returns every result as plain data (JSON-ready); `render(results)` the
tables. `benchmarks/epistemic_eval.py` and `hearsay eval` print them; the quick size is what
the tests pin.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from . import correction, lie, mechanisms, staleness

EXPERIMENTS = {"lie": lie, "correction": correction, "staleness": staleness,
               "mechanisms": mechanisms}


def run(full: bool = False, only: list[str] | None = None,
        progress: Callable[[str, float], None] | None = None) -> dict:
    """Every experiment (or those named in `only`), at the full size or the quick one."""
    out = {"size": "full" if full else "quick", "experiments": {}, "seconds": {}}
    for name, mod in EXPERIMENTS.items():
        if only and name not in only:
            continue
        t = time.perf_counter()
        out["experiments"][name] = mod.run(mod.FULL if full else mod.QUICK)
        out["seconds"][name] = round(time.perf_counter() - t, 1)
        if progress:
            progress(name, out["seconds"][name])
    return out


def render(results: dict) -> str:
    parts = []
    for name, res in results["experiments"].items():
        parts.append("\n".join(EXPERIMENTS[name].lines(res)))
    return "\n\n\n".join(parts) + "\n"
