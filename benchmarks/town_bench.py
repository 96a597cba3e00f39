"""How fast the town runs: generated towns of 10, 100 and 1,000 residents for 10 sim days.

    .venv/bin/python benchmarks/town_bench.py            # full: 10 / 100 / 1,000 x 10 days
    .venv/bin/python benchmarks/town_bench.py --quick    # 10 / 100 x 1 day, a smoke test
    .venv/bin/python benchmarks/town_bench.py --flat     # 300 residents x 20 days, day by day
    .venv/bin/python benchmarks/town_bench.py --json

Prints CPU seconds (process_time: the machine is shared, and CPU time is what the town
costs), resident-ticks per second, evidence per second, peak memory and save size for each
town, how time grows with residents (the ratio from 100 to 1,000: 10.0 means linear), and each
day's CPU time, so a day late in a run can be compared with an early one (`--flat`: day 20
against day 2). Each size runs in its own process, so peak memory is that town's own; `--repeat
N` runs each N times, round after round (every size once a round, so the machine's drift over
the minutes colours every size alike), and keeps the least CPU time (each day's least, for the
days).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from children import figures  # noqa: E402


class Timed:
    """The town's connection, with the time spent inside each SQL statement it runs summed by
    statement (`--statements`): what the record costs, beside everything else."""

    def __init__(self, conn) -> None:
        self._conn, self.spent = conn, {}

    def __getattr__(self, name):
        return getattr(self._conn, name)

    def __enter__(self):
        return self._conn.__enter__()

    def __exit__(self, *exc):
        t = time.perf_counter()
        try:
            return self._conn.__exit__(*exc)
        finally:
            self._add("COMMIT (leaving a with block)", time.perf_counter() - t, 0)

    def _add(self, sql: str, took: float, rows: int) -> None:
        got = self.spent.setdefault(" ".join(sql.split())[:90], [0.0, 0, 0])
        got[0] += took
        got[1] += 1
        got[2] += rows

    def execute(self, sql, *args):
        t = time.perf_counter()
        try:
            return self._conn.execute(sql, *args)
        finally:
            self._add(sql, time.perf_counter() - t, 0)

    def executemany(self, sql, rows):
        rows = list(rows)
        t = time.perf_counter()
        try:
            return self._conn.executemany(sql, rows)
        finally:
            self._add(sql, time.perf_counter() - t, len(rows))


def one(n: int, days: float, seed: int, out: mp.Queue, statements: bool = False) -> None:
    from game import clock
    from game.generate import generated_town
    from game.sim import Simulation

    t0 = time.perf_counter()
    sim = Simulation.new(generated_town(n, seed, days=max(1, int(math.ceil(days)))), seed)
    setup = time.perf_counter() - t0
    timed = None
    if statements:
        timed = sim.db.conn = Timed(sim.db.conn)
    ticks = int(days * clock.DAY) // clock.TICK
    t1, c1 = time.perf_counter(), time.process_time()
    per_day = []
    left = days
    while left > 0:
        c = time.process_time()
        sim.run(days=min(1.0, left))
        per_day.append(round(time.process_time() - c, 2))
        left -= 1.0
    run = time.perf_counter() - t1
    cpu = time.process_time() - c1
    spent = None
    if timed is not None:
        sim.db.conn = timed._conn
        spent = sorted(([round(v[0], 2), v[1], v[2], k] for k, v in timed.spent.items()),
                       reverse=True)
    counts = sim.store.counts()
    with tempfile.TemporaryDirectory() as d:
        path = sim.save(Path(d) / "town.db")
        size = os.path.getsize(path)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    out.put({
        "residents": n, "days": days, "ticks": ticks, "setup_s": round(setup, 2),
        "run_s": round(run, 2), "cpu_s": round(cpu, 2), "per_day_cpu_s": per_day,
        "resident_ticks_per_s": round(n * ticks / cpu),
        "evidence": counts["evidence"], "evidence_per_s": round(counts["evidence"] / cpu),
        "beliefs": counts["beliefs"], "world_events": sim.world.count_events(),
        "peak_mb": round(peak_kb / 1024), "save_mb": round(size / 2**20, 1),
        **({"statements_s": round(sum(x[0] for x in spent), 2), "statements": spent[:10]}
           if spent is not None else {}),
    })


def measure_once(n: int, days: float, seed: int, statements: bool = False) -> dict:
    q: mp.Queue = mp.Queue()
    p = mp.get_context("fork").Process(target=one, args=(n, days, seed, q, statements))
    p.start()
    result = figures(q, p, f"town_bench: the run of {n:,} residents")
    p.join()
    return result


def least(best: dict | None, result: dict) -> dict:
    """The least CPU time of the runs so far, and each day's least."""
    if best is None:
        return result
    days_best = [min(a, b) for a, b in zip(best["per_day_cpu_s"], result["per_day_cpu_s"],
                                          strict=True)]
    if result["cpu_s"] < best["cpu_s"]:
        best = result
    best["per_day_cpu_s"] = days_best
    return best


def measure_all(sizes: list[int], days: float, seed: int, repeat: int = 1,
                statements: bool = False) -> list[dict]:
    """Each size `repeat` times, round after round (every size once a round), so a machine
    that slows down or speeds up over the minutes colours every size alike — the ratio from
    100 to 1,000 residents is of runs a few minutes apart, not of one size's runs all before
    the other's."""
    best: dict[int, dict | None] = {n: None for n in sizes}
    for _ in range(repeat):
        for n in sizes:
            best[n] = least(best[n], measure_once(n, days, seed, statements))
    return [best[n] for n in sizes]  # type: ignore[misc]


def measure(n: int, days: float, seed: int, repeat: int = 1, statements: bool = False) -> dict:
    return measure_all([n], days, seed, repeat, statements)[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="10 and 100 residents, 1 day")
    ap.add_argument("--flat", action="store_true",
                    help="300 residents for 20 days: is a late day as quick as an early one?")
    ap.add_argument("--days", type=float, default=None)
    ap.add_argument("--sizes", default=None, help="comma-separated town sizes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=1, help="runs per size; the least CPU kept")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--statements", action="store_true",
                    help="also time each SQL statement the town runs (wall time inside "
                    "SQLite; adds a little to CPU): how much of a town is its record")
    a = ap.parse_args()
    sizes = [int(x) for x in a.sizes.split(",")] if a.sizes else (
        [300] if a.flat else [10, 100] if a.quick else [10, 100, 1000])
    days = a.days if a.days is not None else (20.0 if a.flat else 1.0 if a.quick else 10.0)
    rows = measure_all(sizes, days, a.seed, a.repeat, a.statements)
    by = {r["residents"]: r for r in rows}
    growth = None
    if 100 in by and 1000 in by:
        growth = round(by[1000]["cpu_s"] / by[100]["cpu_s"], 2)
    flat = {}
    for r in rows:
        d = r["per_day_cpu_s"]
        if len(d) >= 20:
            flat[r["residents"]] = round(d[19] / d[1], 2)
    if a.json:
        print(json.dumps({"rows": rows, "growth_100_to_1000": growth,
                          "day20_over_day2": flat}, indent=2))
        return
    from rich import box
    from rich.console import Console
    from rich.table import Table

    # Headers on two lines, a light box and no cell padding (the box's single-space column
    # separators remain), so a 1,000-resident row fits 80 columns whole: rich cuts cells to
    # the terminal's width, or to 80 columns when the output goes to a file.
    t = Table(title=f"Hearsay town benchmark: generated towns, {days:g} sim days, seed {a.seed}",
              box=box.SIMPLE_HEAD, padding=(0, 0))
    for col in ("residents", "CPU\ns", "wall\ns", "resident-\nticks/s", "evidence",
                "evidence\n/s", "world\nevents", "peak\nMB", "save\nMB"):
        t.add_column(col, justify="right", no_wrap=True)
    for r in rows:
        t.add_row(f"{r['residents']:,}", f"{r['cpu_s']:.1f}", f"{r['run_s']:.1f}",
                  f"{r['resident_ticks_per_s']:,}", f"{r['evidence']:,}",
                  f"{r['evidence_per_s']:,}", f"{r['world_events']:,}", str(r["peak_mb"]),
                  str(r["save_mb"]))
    Console().print(t)
    for r in rows:
        print(f"{r['residents']:,} residents, CPU s per day: "
              + " ".join(f"{x:g}" for x in r["per_day_cpu_s"]))
    for r in rows:
        if "statements_s" in r:
            print(f"{r['residents']:,} residents: {r['statements_s']:.1f} s inside SQL "
                  f"statements ({100 * r['statements_s'] / r['cpu_s']:.0f} % of CPU); the "
                  "costliest:")
            for took, calls, n_rows, sql in r["statements"]:
                many = f"{n_rows:10,} rows" if n_rows else " " * 15
                print(f"  {took:7.2f} s {calls:8,} calls {many}  {sql}")
    if growth is not None:
        print(f"CPU time from 100 to 1,000 residents: x{growth} (x10 would be linear)")
    for n, ratio in flat.items():
        print(f"{n:,} residents: day 20 took x{ratio} day 2's CPU time")


if __name__ == "__main__":
    main()
