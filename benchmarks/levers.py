"""What three parts of the memory model cost a town: beliefs about what tellers believe, who
saw whom each hour, and recall as residents talk. For deciding issue 13's remaining aims, not a
result: with a part taken out the town is a different town (the hashes the tests pin change), so
these runs are never the game.

    .venv/bin/python benchmarks/levers.py                  # 100 residents x 6 days
    .venv/bin/python benchmarks/levers.py --residents 300 --days 10 --repeat 3

Runs the same generated town five ways, each in its own process: as it is; without beliefs
about tellers (a hearsay's "teller believes k" — epistemics §10 — is not recorded: the writer's
`about_teller` gives nothing); without sightings (residents do not take in who is about each
hour: `copresence.taking_in` does nothing); without recall as they talk (whom one meets and
what one hears is no cue, §7: `talk.come_to_mind` does nothing, so nothing is re-evoked or
brought back from dormancy that way, and the recall index, built when recall asks, stays
empty); and without the first two ("neither"). For each it prints the CPU time, its ratio to
the town as it is, the first and last day's CPU time and their ratio (how flat a day is), the
evidence and beliefs written, and the recall index's size (memories indexed and postings) at
the end.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from children import figures  # noqa: E402

WAYS = ("as it is", "no beliefs about tellers", "no sightings", "no recall as they talk",
        "neither")


def one(way: str, n: int, days: int, seed: int, out: mp.Queue) -> None:
    from game import copresence, talk
    from memory import writer

    if way in ("no beliefs about tellers", "neither"):
        writer.about_teller = lambda e: None
    if way in ("no sightings", "neither"):
        def nobody(sim, by_place):
            return
            yield
        copresence.taking_in = nobody
    if way == "no recall as they talk":
        talk.come_to_mind = lambda sim, rid, cue: None
    from game import Simulation, generated_town

    sim = Simulation.new(generated_town(n, seed, days=days), seed)
    per_day = []
    c0 = time.process_time()
    for _ in range(days):
        c = time.process_time()
        sim.run(days=1)
        per_day.append(time.process_time() - c)
    cpu = time.process_time() - c0
    counts = sim.store.counts()
    index = sim.store._index
    out.put({"way": way, "cpu": cpu, "per_day": per_day, "evidence": counts["evidence"],
             "beliefs": counts["beliefs"], "indexed": index.rows,
             "postings": sum(len(p) for terms in index.postings.values()
                             for p in terms.values())})


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--residents", type=int, default=100)
    ap.add_argument("--days", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=1,
                    help="runs of each way; each day's least CPU time is kept (a shared "
                         "machine's noise is all upward)")
    args = ap.parse_args()
    if not 2 <= args.residents <= 5000:
        ap.error("--residents must be from 2 to 5000")
    if not 1 <= args.repeat <= 20:
        ap.error("--repeat must be from 1 to 20")
    if args.days > 60:
        ap.error("--days must be at most 60")
    if args.days < 2:
        ap.error("--days must be at least 2 (the first and last day are compared)")
    ctx = mp.get_context("spawn")
    rows = []
    for way in WAYS:  # one at a time: two towns at once would share the two cores
        runs = []
        for _ in range(max(1, args.repeat)):
            q = ctx.Queue()
            p = ctx.Process(target=one, args=(way, args.residents, args.days, args.seed, q))
            p.start()
            runs.append(figures(q, p, f"levers: the run {way!r}"))
            p.join()
        best = dict(runs[0])
        best["per_day"] = [min(r["per_day"][i] for r in runs) for i in range(args.days)]
        best["cpu"] = sum(best["per_day"])
        rows.append(best)
    base = rows[0]["cpu"]
    print(f"levers: {args.residents} residents x {args.days} days, seed {args.seed} "
          "(CPU time; each way its own process)")
    print(f"{'':<26}{'CPU s':>7}{'ratio':>7}{'day 2':>7}{'last':>7}{'last/2':>8}"
          f"{'evidence':>11}{'beliefs':>11}{'indexed':>9}{'postings':>11}")
    for r in rows:
        d = r["per_day"]
        print(f"{r['way']:<26}{r['cpu']:7.1f}{r['cpu'] / base:7.2f}{d[1]:7.2f}{d[-1]:7.2f}"
              f"{d[-1] / d[1]:8.2f}{r['evidence']:11,}{r['beliefs']:11,}{r['indexed']:9,}"
              f"{r['postings']:11,}")
    print("each day's CPU s:")
    for r in rows:
        print(f"  {r['way']:<24}" + " ".join(f"{d:5.2f}" for d in r["per_day"]))


if __name__ == "__main__":
    main()
