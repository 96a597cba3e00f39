"""Is this tree faster than another commit? One generated town run by both, turn about.

    .venv/bin/python benchmarks/ab.py                        # against main: 300 x 8 days, 3 pairs
    .venv/bin/python benchmarks/ab.py --against HEAD~3 --residents 1000 --days 5 --pairs 2
    .venv/bin/python benchmarks/ab.py --together             # both at once, one on each core

The other commit is checked out into a temporary worktree and run with this tree's `.venv`.
Each pair runs both sides one after the other, in alternating order (this tree first, then the
other; then the other first), each town in a fresh process, so a machine that slows down over
the minutes slows both alike; `--together` runs a pair's two at the same time instead, one on
each core (the README's side by side: quicker, but two big towns share the memory bus and the
last-level cache, which colours both). Prints each run's CPU seconds and its days', the least
and the median of each side and the ratio of the least (the machine's noise is all upward: the
least is the truest), and checks that both sides wrote the same world log (its hash): a
change of behaviour that reaches the world shows here; `equivalence.py` compares everything
else a run leaves (beliefs, evidence, memory events, replies).

A change worth less than about 5 % is below what a shared machine lets a wall- or CPU-clock
tell apart in a few runs; count instructions instead (deterministic, whatever else runs):
`valgrind --tool=callgrind .venv/bin/python benchmarks/ab.py --one ROOT 100 2` on each tree,
the setup's count (days 0) subtracted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def one(root: Path, residents: int, days: int, seed: int) -> dict:
    """Run one town in this process from the tree at `root`; its figures."""
    sys.path.insert(0, str(root))
    from game.generate import generated_town
    from game.sim import Simulation

    sim = Simulation.new(generated_town(residents, seed, days=max(1, days)), seed)
    per_day = []
    for _ in range(days):
        c = time.process_time()
        sim.run(days=1)
        per_day.append(round(time.process_time() - c, 2))
    return {"cpu_s": round(sum(per_day), 2), "per_day": per_day,
            "log": sim.world.log_hash()}


def start(root: Path, residents: int, days: int, seed: int) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--one", str(root),
                             str(residents), str(days), "--seed", str(seed)],
                            cwd=root, stdout=subprocess.PIPE, text=True)


def result(p: subprocess.Popen, side: str) -> dict:
    out, _ = p.communicate()
    if p.returncode != 0:
        sys.exit(f"ab: the run of {side} failed (exit code {p.returncode})")
    return json.loads(out.strip().splitlines()[-1])


def is_commit(ref: str) -> bool:
    """Does `ref` name a commit of this repository (checked before a worktree is made of it)?"""
    got = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet",
                          f"{ref}^{{commit}}"], capture_output=True, text=True)
    return got.returncode == 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", default="main", help="the commit to compare with")
    ap.add_argument("--residents", type=int, default=300)
    ap.add_argument("--days", type=int, default=8)
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--together", action="store_true",
                    help="run each pair's two at once, one on each core")
    ap.add_argument("--one", nargs=3, metavar=("ROOT", "RESIDENTS", "DAYS"),
                    help=argparse.SUPPRESS)  # a child: run one town, print its figures
    a = ap.parse_args()
    if a.one:
        root, residents, days = Path(a.one[0]), a.one[1], a.one[2]
        if not (root / "game").is_dir() or not residents.isdigit() or not days.isdigit():
            ap.error("--one ROOT RESIDENTS DAYS: a Hearsay tree and two whole numbers")
        print(json.dumps(one(root, int(residents), int(days), a.seed)))
        return 0
    if not 2 <= a.residents <= 5000 or not 0 <= a.days <= 60 or not 1 <= a.pairs <= 20:
        ap.error("--residents 2..5000, --days 0..60, --pairs 1..20")
    if not is_commit(a.against):
        ap.error(f"--against {a.against!r}: no such commit in {ROOT}")
    with tempfile.TemporaryDirectory(prefix="hearsay-ab-") as tmp:
        other = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                        str(other), a.against], check=True)
        try:
            runs: dict[str, list[dict]] = {"this tree": [], a.against: []}
            roots = {"this tree": ROOT, a.against: other}
            for i in range(a.pairs):
                order = list(roots) if i % 2 == 0 else list(reversed(roots))
                if a.together:
                    ps = {s: start(roots[s], a.residents, a.days, a.seed) for s in order}
                    got = {s: result(p, s) for s, p in ps.items()}
                else:
                    got = {s: result(start(roots[s], a.residents, a.days, a.seed), s)
                           for s in order}
                for side in order:
                    r = got[side]
                    runs[side].append(r)
                    print(f"{side:>12}: {r['cpu_s']:7.2f} s CPU  days "
                          + " ".join(f"{d:.2f}" for d in r["per_day"]), flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(other)], check=False)
    print(f"{a.residents:,} residents x {a.days} days, seed {a.seed}, {a.pairs} pairs"
          + (" (together)" if a.together else " (turn about)"))
    least = {}
    for side, rs in runs.items():
        cpu = [r["cpu_s"] for r in rs]
        least[side] = min(cpu)
        print(f"{side:>12}: least {min(cpu):7.2f} s  median {statistics.median(cpu):7.2f} s")
    ratio = least["this tree"] / least[a.against] if least[a.against] else float("nan")
    print(f"this tree / {a.against} (least): {ratio:.3f}")
    logs = {r["log"] for rs in runs.values() for r in rs}
    if len(logs) != 1:
        print("the two wrote different world logs")
        return 1
    print("the same world log (its hash)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
