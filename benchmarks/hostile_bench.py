"""Hostile input at a larger scale than the test suite: kills during saves, many more damaged
saves and scenario mutants, and what the save gate costs against a plain copy.

    .venv/bin/python benchmarks/hostile_bench.py           # about 2-3 minutes on 2 cores
    .venv/bin/python benchmarks/hostile_bench.py --quick   # seconds
    .venv/bin/python benchmarks/hostile_bench.py --json

1. kills: a child process saves a running town to one path over and over; it is killed with
   SIGKILL at a random moment, 90 times. After each kill the path must hold a whole save (the
   old or the new one, passing the gate), and the next open must remove any temporary file
   the kill left.
2. damaged saves: 1,000 copies of a good save, each with 1 to 8 random bytes flipped or cut
   short at a random length, through the gate: refused with a SaveError or loaded — never any
   other exception.
3. scenario mutants: 600 random line edits of the shipped scenarios (delete, duplicate, swap,
   garble a number, drop a quote, truncate a line): refused with a ScenarioError, or loaded and
   run for half a day — never any other exception.
4. the gate's cost: opening a 100-resident town's save through the gate, against the floor of
   copying the same file into memory with SQLite's backup API (the least a load must do).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.save import SaveError, open_checked  # noqa: E402
from game.scenario import ScenarioError, load_scenario  # noqa: E402
from game.scenario.loader import SCENARIOS, parse_text, shipped_names  # noqa: E402
from game.sim import Simulation  # noqa: E402
from memory.driver import sqlite3  # noqa: E402  (the engine's driver: a floor on another is none)

CHILD = """
import sys
sys.path.insert(0, {root!r})
from game.sim import Simulation
sim = Simulation.new("missing_key", seed=1)
print("ready", flush=True)
while True:
    sim.step()
    sim.save({path!r})
"""


def kills(n: int, folder: Path) -> dict:
    path = folder / "killed.db"
    whole = temps = removed = 0
    rng = random.Random(5)
    for _ in range(n):
        child = subprocess.Popen([sys.executable, "-c", CHILD.format(root=str(ROOT),
                                                                     path=str(path))],
                                 stdout=subprocess.PIPE)
        assert child.stdout is not None
        child.stdout.readline()
        time.sleep(rng.uniform(0.02, 0.6))
        child.send_signal(signal.SIGKILL)
        child.wait()
        left = [p for p in folder.iterdir() if p.name.endswith(".tmp")]
        temps += len(left)
        if path.exists():
            open_checked(path)  # raises if the save is not whole
            whole += 1
            removed += sum(1 for p in left if not p.exists())
        else:
            for p in left:
                p.unlink()
    return {"kills": n, "whole_saves_after_a_kill": whole, "temps_left_by_kills": temps,
            "temps_removed_on_next_open": removed}


def damaged(n: int, folder: Path) -> dict:
    sim = Simulation.new("missing_key", seed=2)
    for line in ("go cafe", "ask ada ada_key.moved_by", "wait 2h"):
        sim.command(line)
    good = folder / "good.db"
    sim.save(good)
    data = good.read_bytes()
    rng = random.Random(9)
    refused = loaded = 0
    t = time.perf_counter()
    for i in range(n):
        b = bytearray(data)
        if i % 5 == 4:
            b = b[:rng.randrange(len(b))]
        else:
            for _ in range(rng.randint(1, 8)):
                b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        p = folder / "d.db"
        p.write_bytes(bytes(b))
        try:
            Simulation.load(p)
            loaded += 1
        except SaveError:
            refused += 1
    return {"damaged_saves": n, "refused": refused, "loaded": loaded,
            "seconds": round(time.perf_counter() - t, 1)}


def mutants(n: int) -> dict:
    rng = random.Random(11)
    texts = {name: (SCENARIOS / name / "scenario.toml").read_text(encoding="utf-8")
             for name in shipped_names()}
    refused = ran = 0
    t = time.perf_counter()
    for _ in range(n):
        name = rng.choice(sorted(texts))
        lines = texts[name].splitlines()
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(lines))
            op = rng.randrange(6)
            if op == 0:
                del lines[k]
            elif op == 1:
                lines.insert(k, lines[k])
            elif op == 2:
                j = rng.randrange(len(lines))
                lines[k], lines[j] = lines[j], lines[k]
            elif op == 3:
                lines[k] = "".join(rng.choice(["-1", "nan", "1e309", "99999999999"])
                                   if c.isdigit() and rng.random() < 0.3 else c
                                   for c in lines[k])
            elif op == 4:
                lines[k] = lines[k].replace('"', "", 1)
            else:
                lines[k] = lines[k][:rng.randrange(len(lines[k]) + 1)]
        try:
            loaded = parse_text("\n".join(lines) + "\n", Path(f"{name}/scenario.toml"))
        except ScenarioError:
            refused += 1
            continue
        sim = Simulation.new(loaded, seed=1)
        sim.run(days=0.5)
        ran += 1
    return {"scenario_mutants": n, "refused": refused, "loaded_and_ran": ran,
            "seconds": round(time.perf_counter() - t, 1)}


def gate_cost(folder: Path, residents: int) -> dict:
    from game.generate import generated_town

    sim = Simulation.new(generated_town(residents, 1), 1)
    sim.run(days=3)
    path = folder / "town.db"
    t = time.perf_counter()
    sim.save(path)
    save_s = time.perf_counter() - t
    t = time.perf_counter()
    open_checked(path).db.close()
    gate_s = time.perf_counter() - t
    t = time.perf_counter()
    src = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    mem = sqlite3.connect(":memory:")
    src.backup(mem)
    src.close()
    mem.close()
    floor_s = time.perf_counter() - t
    return {"residents": residents, "save_mb": round(path.stat().st_size / 1e6, 1),
            "save_s": round(save_s, 2), "gate_s": round(gate_s, 2),
            "copy_floor_s": round(floor_s, 3),
            "gate_vs_copy": round(gate_s / floor_s, 1) if floor_s else None}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        (folder / "k").mkdir()
        (folder / "s").mkdir()
        out = {
            "kills": kills(5 if a.quick else 90, folder / "k"),
            "damaged": damaged(50 if a.quick else 1000, folder / "s"),
            "mutants": mutants(30 if a.quick else 600),
            "gate": gate_cost(folder, 20 if a.quick else 100),
        }
    assert load_scenario("missing_key")
    if a.json:
        print(json.dumps(out, indent=2))
        return
    k, dm, m, g = out["kills"], out["damaged"], out["mutants"], out["gate"]
    print(f"kills:   {k['kills']} SIGKILLs during saves: {k['whole_saves_after_a_kill']} "
          f"whole saves after them; {k['temps_left_by_kills']} temporary files left, "
          f"{k['temps_removed_on_next_open']} removed on the next open")
    print(f"damaged: {dm['damaged_saves']} saves with random flips or cuts: {dm['refused']} "
          f"refused, {dm['loaded']} loaded (flips in unused bytes), no other error "
          f"({dm['seconds']} s)")
    print(f"mutants: {m['scenario_mutants']} random scenario edits: {m['refused']} refused, "
          f"{m['loaded_and_ran']} loaded and ran half a day, no other error ({m['seconds']} s)")
    print(f"gate:    a {g['residents']}-resident town's {g['save_mb']} MB save: saved in "
          f"{g['save_s']} s; opened through the gate in {g['gate_s']} s, "
          f"{g['gate_vs_copy']}x the floor of copying it into memory ({g['copy_floor_s']} s)")


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    main()
