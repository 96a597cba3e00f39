"""The shipped scenarios' balance, over 100 seeds, and what a sweep costs.

    .venv/bin/python benchmarks/sweep_bench.py                 # 4 scenarios x 100 seeds: ~15 min
    .venv/bin/python benchmarks/sweep_bench.py --quick         # 10 seeds, 2 random players
    .venv/bin/python benchmarks/sweep_bench.py --scenario missing_key --markdown
    .venv/bin/python benchmarks/sweep_bench.py --json

For each scenario with a player: nobody playing, every walkthrough beside it (win-* and
lose-*), and 10 random players, each over seeds 0-99 on a process pool (`--jobs`, 2 by
default) — exactly `hearsay sweep SCENARIO --seeds 100 --jobs 2`. Prints each table (as
Markdown with `--markdown`, the README's form), whether it meets issue 11's balance, and the
cost: the sweep's wall time, the mean time of one run in its worker, the pool's efficiency
(the runs' summed time over wall time x jobs: 1.0 is perfect), and where one missing_key run's
time goes (a cProfile of a no-player run, by the tick's phases, as shares of the run). The
machine is shared and noisy: compare the ratios.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SCENARIOS = ("missing_key", "bad_blood", "the_ledger", "cancelled_meeting")
# Where a run's time goes: the tick's systems (`Simulation.stepping`), by function. (They
# named functions the tick no longer calls, and printed 0.0% for talk and perception.)
PHASES = {
    "setting up the town (a copy of the seed's start)": ("game/sweep.py", "_start"),
    "conversation (talk.conversing)": ("game/talk.py", "conversing"),
    "perceiving and revising (sim.flushing)": ("game/sim.py", "flushing"),
    "judging reactions (thinking.think)": ("game/thinking.py", "think"),
    "carrying out intents (pursuit.pursue)": ("game/pursuit.py", "pursue"),
    "who is with whom (copresence.taking_in)": ("game/copresence.py", "taking_in"),
    "hourly memory pass: dormancy (refresh_access)": ("memory/store.py", "refresh_access"),
    "stage checks (sim._check_stages)": ("game/sim.py", "_check_stages"),
    "ending checks (sim._check_endings)": ("game/sim.py", "_check_endings"),
    "player verbs (sim.command)": ("game/sim.py", "command"),
    "post-mortem": ("game/postmortem.py", "post_mortem"),
}


def profile_run(name: str, seed: int = 0) -> dict:
    from game import sweep as sw

    sw.loaded_scenario(name)
    task = sw.Task(name, sw.Route("no player", sw.NOBODY), seed)
    sw.run_one(task)  # warm: templates compiled, modules imported
    pr = cProfile.Profile()
    t0 = time.perf_counter()
    pr.enable()
    sw.run_one(task)
    pr.disable()
    wall = time.perf_counter() - t0
    stats = pstats.Stats(pr).stats
    total = sum(v[2] for v in stats.values()) or 1.0  # tottime summed: the profiled run
    root = next((v[3] for (f, _, fn), v in stats.items()
                 if fn == "run_one" and f.endswith("game/sweep.py")), total)
    out = {}
    for label, (path, fn) in PHASES.items():
        cum = sum(v[3] for (f, _, name_), v in stats.items()
                  if name_ == fn and f.endswith(path))
        out[label] = round(cum / root, 3)
    out["look_back"] = round(sum(v[3] for (f, _, n), v in stats.items()
                                 if n == "look_back" and f.endswith("memory/store.py"))
                             / root, 3)
    sql = sum(v[2] for (f, _, n), v in stats.items() if "sqlite3.Connection" in n
              or n in ("<method 'execute' of 'sqlite3.Connection' objects>",
                       "<method 'executemany' of 'sqlite3.Connection' objects>"))
    out["of which inside SQLite (execute, executemany)"] = round(sql / root, 3)
    return {"profiled_wall_s": round(wall, 3), "shares": out}


def sweep_one(name: str, seeds: int, players: int, jobs: int) -> dict:
    from game import sweep as sw
    from game.scenario.loader import SCENARIOS as ROOT

    routes = sw.routes_for(ROOT / name, random_players=players)
    with sw.process_pool(jobs, name) as pool:
        table = sw.sweep(name, routes, seeds, pool, jobs=f"{jobs} jobs")
    summed = sum(r.seconds for r in table.rows)
    return {"table": table, "wall_s": table.seconds, "runs": table.runs,
            "run_s": table.run_seconds, "efficiency": round(summed / (table.seconds * jobs), 2)}


def markdown(table) -> str:
    """The README's form: one row per route, the random players gathered in one row (their
    runs pooled, and the range of each player's own share of wins)."""
    from game.sweep import RANDOM, wilson
    from game.sweep import share_words as pct

    lines = ["| route | won | endings (share, 95% interval) | lost to: the false belief — whose "
             "word (runs) | balance |",
             "|---|---:|---|---|---|"]

    def ends(endings) -> str:
        return "<br>".join(f"{'✓' if e['win'] else '✗'} {e['title']} {pct(e['share'])} "
                           f"({pct(e['low'])}–{pct(e['high'])})" for e in endings)

    def lost(causes) -> str:
        return "<br>".join(f"{c.value} — from {c.origin} ({c.count})" for c in causes[:1])

    for r in table.rows:
        if r.kind == RANDOM:
            continue
        es = [{"win": e.win, "title": e.title, "share": e.share, "low": e.low, "high": e.high}
              for e in r.endings]
        lines.append(f"| {r.name} | {pct(r.win_share)} | {ends(es)} | {lost(r.causes)} | "
                     f"{r.verdict} |")
    rand = [r for r in table.rows if r.kind == RANDOM]
    if rand:
        n = sum(r.runs for r in rand)
        wins = sum(r.wins for r in rand)
        counts: dict[str, list] = {}
        for r in rand:
            for e in r.endings:
                c = counts.setdefault(e.id, [e.title, e.win, 0])
                c[2] += e.count
        es = []
        for title, win, k in counts.values():
            lo, hi = wilson(k, n)
            es.append({"win": win, "title": title, "share": k / n, "low": lo, "high": hi})
        shares = [r.win_share for r in rand]
        ok = all(r.verdict == "ok" for r in rand)
        lines.append(f"| {len(rand)} random players × {rand[0].runs} | {wins} of {n:,} "
                     f"({pct(min(shares))}–{pct(max(shares))} each) | {ends(es)} | | "
                     f"{'ok' if ok else 'NO'} |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="10 seeds, 2 random players")
    ap.add_argument("--seeds", type=int, default=None)
    ap.add_argument("--random-players", type=int, default=None)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--scenario", action="append", choices=SCENARIOS)
    ap.add_argument("--markdown", action="store_true", help="tables as Markdown")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--save", metavar="FILE", help="also write the figures as JSON here")
    a = ap.parse_args()
    seeds = a.seeds or (10 if a.quick else 100)
    players = a.random_players if a.random_players is not None else (2 if a.quick else 10)
    out = {"seeds": seeds, "random_players": players, "jobs": a.jobs, "scenarios": {}}
    prof = profile_run("missing_key")
    out["missing_key_run_profile"] = prof
    if not a.json:
        print(f"one missing_key run (no player), profiled: {prof['profiled_wall_s']} s")
        for label, share in prof["shares"].items():
            print(f"  {label:<52} {share:6.1%}")
    for name in a.scenario or SCENARIOS:
        res = sweep_one(name, seeds, players, a.jobs)
        t = res["table"]
        balanced = not t.shortfalls()  # (the same judgement `hearsay sweep` prints)
        out["scenarios"][name] = {**{k: v for k, v in res.items() if k != "table"},
                                  "balanced": balanced, "table": t.as_dict()}
        if a.json:
            continue
        print(f"\n{t.title}: {res['runs']:,} runs in {res['wall_s']:,.0f} s with {a.jobs} jobs "
              f"({res['run_s']:.3f} s a run in its worker; pool efficiency "
              f"{res['efficiency']:.2f}); balanced: {'yes' if balanced else 'NO'}")
        if a.markdown:
            print(markdown(t))
        else:
            from ui.cli_sweep import print_table

            print_table(t)
    if a.json:
        print(json.dumps(out, indent=2))
    if a.save:
        Path(a.save).write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
