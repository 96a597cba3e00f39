"""Is a change behaviour-preserving? Digests of many runs, compared with another commit's.

    .venv/bin/python benchmarks/equivalence.py                 # this tree against `main`
    .venv/bin/python benchmarks/equivalence.py --against HEAD~3
    .venv/bin/python benchmarks/equivalence.py --quick         # a few cases, a minute or so
    .venv/bin/python benchmarks/equivalence.py --record out.json   # only write this tree's

For every shipped scenario × seeds 0–4 × {nobody playing, each walkthrough}, a few generated
towns, a game saved half way and continued with `--load`, a town under each other revision
policy, and the seeds' experiments (`game/evals` at the quick size: the baseline policies and
version tracking off; digested as their results), it records: the world log's hash;
the replies the player read; every belief (value, confidence, state, candidates, provenance,
recall state, history) through the public API; every piece of evidence behind each; trust
changes; memory events; memory edits; what the player was told (`memory.heard`); the
mechanism counters and each resident's runtime state. The other commit is checked out into a
temporary directory (`git worktree`) and run with this tree's `.venv`, so the two sides run
the same cases on the same machine. A difference names the case and the part that differs.

A rebuild of the engine's insides must leave every digest unchanged; a deliberate change of
behaviour shows here as the cases it changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing as mp
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cases(quick: bool) -> list[tuple]:
    """(kind, name, seed, walkthrough or None) for every run to digest."""
    from game.scenario.loader import SCENARIOS, shipped_names
    from game.walkthrough import walkthroughs

    seeds = (0, 1) if quick else (0, 1, 2, 3, 4)
    out: list[tuple] = []
    for name in shipped_names():
        for seed in seeds:
            out.append(("scenario", name, seed, None))
            if quick and seed:
                continue
            for path in walkthroughs(SCENARIOS / name):
                out.append(("scenario", name, seed, path.name))
    towns = [(12, 1, 1.0), (40, 2, 2.0)]
    if not quick:
        towns += [(80, 3, 3.0), (25, 4, 9.0)]
    for n, seed, days in towns:
        out.append(("town", f"{n}:{days}", seed, None))
    out.append(("reload", "missing_key", 1, None))
    if not quick:
        out.append(("reload", "nine_neighbours", 2, None))
    # The seeds' experiments (game/evals, quick size) run the memory under the baseline
    # policies and with version tracking off: their results must not move either.
    try:
        from game.evals import EXPERIMENTS
    except ImportError:  # a commit from before issue 15
        EXPERIMENTS = {}
    for name in EXPERIMENTS:
        out.append(("evals", name, 0, None))
    if EXPERIMENTS:  # and a whole town under each other policy, digested like any run
        for policy in ("noisy_or", "latest_wins", "majority", "sum_confidence",
                       "confidence_first"):
            out.append(("policy", policy, 1, None))
    return out


def _h(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=str).encode()).hexdigest()[:16]


def digest(sim, played=None) -> dict:
    """Sub-hashes of everything a run leaves behind, read through public APIs only."""
    from memory import heard

    store = sim.store
    beliefs, history, evidence = [], [], []
    for b in store.beliefs():
        beliefs.append([b.resident, b.subject, b.attribute, b.value, b.confidence,
                        b.state.value, b.kind, b.source, b.teller, b.origin, b.basis, b.nature,
                        [[c.value, c.confidence, c.kind, c.source, c.origins, c.held, c.teller,
                          c.origin, c.evidence_id] for c in b.candidates],
                        b.since, b.created_at, b.updated_at, b.stale, b.recheck,
                        b.wants_look, b.misremembered, b.exposures, b.uses, b.sources,
                        b.last_evoked_at, b.importance, round(b.half_life, 6)])
        full = store.belief(b.resident, b.subject, b.attribute)
        history.append([b.resident, b.subject, b.attribute, full.evidence_count,
                        [[v.n, v.at, v.cause, v.value, v.confidence, v.state, v.evidence_id,
                          v.note] for v in full.history]])
        evidence.append([[e.id, e.value, e.kind, e.source, e.at, e.event, e.document,
                          e.version, e.teller, e.origin, e.chain, e.basis, e.premises,
                          e.implanted_by, e.origin_key, e.confidence, e.outcome, e.by_player]
                         for e in store.evidence(b.resident, b.subject, b.attribute)])
    people = sorted(sim.people)
    out = {
        "log": sim.world.log_hash(),
        "events": sim.world.count_events(),
        "beliefs": _h(beliefs),
        "n_beliefs": len(beliefs),
        "history": _h(history),
        "evidence": _h(evidence),
        "trust": _h([list(t) for t in store.trust_changes()]),
        "trust_now": _h([[a, b, store.trust(a, b)] for a in people for b in people]),
        "memory_events": store.memory_events(),
        # Every memory event, in the order they happened (by minute, then memory: the order
        # the passes write them), those of lazy memories too — theirs are the clock's while
        # only their evidence stands for them (memory.unwritten) — and the report's figures.
        "memory_event_rows": _h(sim.db.execute(
            "SELECT at, resident, belief_id, kind, detail FROM memory_events ORDER BY at, "
            "belief_id, kind, detail").fetchall()),
        "mechanisms": _mechanisms(sim),
        "edits": _h([e.model_dump() for e in store.edits()]),
        "heard": _h([list(h) for r in people for h in heard(store, r)]),
        "counters": sim.counters,
        "state": _h({r: sim.state[r].dumps() for r in people}),
        "now": sim.now,
        "ending": sim.ending,
        "decisions": _h(sim.db.execute("SELECT * FROM decisions ORDER BY id").fetchall()),
        "attention": _h(sim.db.execute("SELECT * FROM attention_log ORDER BY at, resident")
                        .fetchall()),
    }
    if played is not None:
        out["played"] = _h(played.as_dict())
    return out


def _mechanisms(sim) -> str:
    """The mechanism report's figures and first dormancy (`game.report`), where it has them."""
    try:
        from game import report
    except ImportError:
        return ""
    return _h([report.mechanisms(sim), report.first_dormancy(sim)])


def run_case(case: tuple) -> tuple[str, dict]:
    from game.generate import generated_town
    from game.scenario import load_scenario
    from game.scenario.loader import SCENARIOS
    from game.sim import Simulation
    from game.walkthrough import play

    kind, name, seed, walk = case
    key = f"{kind}:{name}:{seed}:{walk or '-'}"
    t = time.process_time()
    if kind == "evals":
        from game.evals import EXPERIMENTS

        mod = EXPERIMENTS[name]
        res = mod.run(mod.QUICK)
        d = {"result": _h(res), "table": _h(list(mod.lines(res)))}
    elif kind == "policy":
        from game.evals.mechanisms import town

        sim = town(name, seed)
        sim.run(days=1.5)
        d = digest(sim)
    elif kind == "town":
        n, days = name.split(":")
        sim = Simulation.new(generated_town(int(n), seed, days=max(1, int(float(days)))), seed)
        sim.run(days=float(days))
        d = digest(sim)
    elif kind == "reload":
        with tempfile.TemporaryDirectory() as tmp:
            sim = Simulation.new(load_scenario(name), seed)
            sim.run(days=1.3)
            path = sim.save(Path(tmp) / "half.db")
            back = Simulation.load(path)
            back.run(days=1.0)
            d = digest(back)
            back.db.close()
    else:
        sim = Simulation.new(load_scenario(name), seed)
        if walk is None:
            sim.run(days=sim.sc.scenario.days + 1)
            d = digest(sim)
        else:
            d = digest(sim, play(sim, SCENARIOS / name / walk))
    d["cpu_s"] = round(time.process_time() - t, 2)
    return key, d


def record(quick: bool, jobs: int, root: Path) -> dict:
    import game

    assert Path(game.__file__).resolve().is_relative_to(root.resolve()), game.__file__
    todo = cases(quick)
    if jobs > 1:
        with mp.get_context("fork").Pool(jobs) as pool:
            got = pool.map(run_case, todo, chunksize=1)
    else:
        got = [run_case(c) for c in todo]
    return dict(got)


def other_side(ref: str, quick: bool, jobs: int) -> dict:
    """Record the same cases at `ref`, checked out into a temporary worktree."""
    with tempfile.TemporaryDirectory(prefix="hearsay-equiv-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                        str(tree), ref], check=True)
        try:
            out = Path(tmp) / "out.json"
            args = [sys.executable, str(Path(__file__).resolve()), "--record", str(out),
                    "--jobs", str(jobs), "--root", str(tree)] + (["--quick"] if quick else [])
            subprocess.run(args, check=True, cwd=tree)
            return json.loads(out.read_text())
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(tree)], check=False)


def compare(mine: dict, theirs: dict) -> list[str]:
    problems = []
    for key in sorted(set(mine) | set(theirs)):
        a, b = mine.get(key), theirs.get(key)
        if a is None or b is None:
            problems.append(f"{key}: only on {'this tree' if b is None else 'the other'}")
            continue
        parts = [p for p in sorted(set(a) | set(b)) if p != "cpu_s" and a.get(p) != b.get(p)]
        if parts:
            problems.append(f"{key}: " + ", ".join(
                f"{p} {b.get(p)!r} -> {a.get(p)!r}" if not isinstance(a.get(p), str) or
                len(str(a.get(p))) < 40 else p for p in parts))
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", default="main", help="the commit to compare with")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--record", type=Path, help="write this tree's digests here and stop")
    ap.add_argument("--baseline", type=Path, help="compare with digests recorded before")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    ap.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    a = ap.parse_args()
    # Everything asked for is checked before a minute is spent recording.
    if not 1 <= a.jobs <= 64:
        ap.error("--jobs 1..64")
    theirs = None
    if a.baseline:
        if not a.baseline.is_file():  # a FIFO or a device would hang the read
            ap.error(f"--baseline {a.baseline}: not a file")
        try:
            theirs = json.loads(a.baseline.read_text())
        except (OSError, UnicodeError, ValueError) as exc:
            ap.error(f"--baseline {a.baseline}: not digests recorded by --record ({exc})")
        if not isinstance(theirs, dict) or not all(
                isinstance(d, dict) and isinstance(d.get("cpu_s"), (int, float))
                for d in theirs.values()):
            ap.error(f"--baseline {a.baseline}: not digests recorded by --record")
    elif not a.record and subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet",
             f"{a.against}^{{commit}}"], capture_output=True).returncode:
        ap.error(f"--against {a.against!r}: no such commit in {ROOT}")
    sys.path.insert(0, str(a.root))
    os.chdir(a.root)
    t = time.perf_counter()
    mine = record(a.quick, a.jobs, a.root)
    if a.record:
        a.record.write_text(json.dumps(mine, indent=1, sort_keys=True))
        print(f"recorded {len(mine)} cases in {time.perf_counter() - t:.0f} s -> {a.record}")
        return 0
    if theirs is None:
        theirs = other_side(a.against, a.quick, a.jobs)
    problems = compare(mine, theirs)
    cpu_mine = sum(d["cpu_s"] for d in mine.values())
    cpu_theirs = sum(d["cpu_s"] for d in theirs.values())
    print(f"{len(mine)} cases; CPU {cpu_mine:.0f} s here, {cpu_theirs:.0f} s at "
          f"{a.baseline or a.against}")
    if problems:
        print(f"{len(problems)} differ:")
        for p in problems:
            print("  " + p)
        return 1
    print("every digest is the same")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
