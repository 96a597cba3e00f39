"""The seeds' experiments at full size, with their baselines (issue 15): four tables, each with
the seed's own figure beside ours. About three minutes on this 2-core machine.

    .venv/bin/python benchmarks/epistemic_eval.py [--quick] [--json out.json]

`hearsay eval --full` prints the same tables; the README shows them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from game import evals


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="the small size the tests pin")
    ap.add_argument("--json", type=Path, help="also write the results as JSON here")
    args = ap.parse_args()
    t = time.perf_counter()
    res = evals.run(full=not args.quick,
                    progress=lambda name, s: print(f"[{name}: {s:.1f} s]", file=sys.stderr))
    print(evals.render(res))
    print(f"({res['size']} size, {time.perf_counter() - t:.0f} s: "
          + ", ".join(f"{k} {v:.0f} s" for k, v in res["seconds"].items()) + ")")
    if args.json:
        args.json.write_text(json.dumps(res, indent=1, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
