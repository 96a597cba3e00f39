"""Frame time of the game window, headless: a generated town of 200 residents on the map and
the belief inspector open on a resident holding 1,000 beliefs.

    .venv/bin/python benchmarks/ui_bench.py [--frames 600]

Prints the median and 95th-percentile frame time, each as a fraction of the 16.7 ms a frame
may take at 60 frames per second, for: the clock paused (drawing only), the inspector scrolled
every frame, and the clock running at 16x — paced strictly (each tick lands on the frame it is
due, as in headless runs and tests) and elastically (a tick lands when its systems are done, as
in the interactive window: ui.session) — each with the simulation's share of the frames, the
ticks that landed against those 16x asks for, and what the window itself costs. `--cpu`
measures (and paces) by the window thread's CPU time instead of wall time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game import Simulation, clock, generated_town  # noqa: E402
from memory import Evidence  # noqa: E402
from ui.app import App  # noqa: E402
from ui.scenes.town import TownScene  # noqa: E402
from ui.session import Session  # noqa: E402

BUDGET_MS = 1000 / 60
RESIDENTS = 200
BELIEFS = 1000


def setup(app: App) -> tuple[TownScene, str]:
    sim = Simulation.new(generated_town(RESIDENTS, 1), 1)
    sim.run(until=sim.now + 6 * clock.HOUR)  # people about, rumours under way
    rid = sorted(r for r in sim.people if not sim.people[r].is_player)[0]
    have = len(sim.store.beliefs(rid, about_others=True))
    sim.store.perceive_many([
        Evidence(resident=rid, subject=f"bench{i:04d}", attribute="colour",
                 value=("red", "blue", "green")[i % 3], kind="witnessed", event=f"bench{i}",
                 at=sim.now) for i in range(max(0, BELIEFS - have))])
    town = TownScene(app, Session(sim, "generated", 1))
    app.replace(town)
    town.select(rid)
    return town, rid


CLOCK = time.perf_counter  # --cpu: this thread's CPU time (a shared machine's other load aside)


def measure(app: App, frames: int, each=None) -> list[float]:
    out = []
    for i in range(frames):
        if each:
            each(i)
        t0 = CLOCK()
        app.frame(1 / 60)
        out.append((CLOCK() - t0) * 1000)
    return out


def report(name: str, ms: list[float]) -> str:
    ms = sorted(ms)
    med = statistics.median(ms)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    return (f"{name:<34} median {med:6.2f} ms = {med / BUDGET_MS:5.1%} of 16.7 ms   "
            f"p95 {p95:6.2f} ms = {p95 / BUDGET_MS:5.1%}")


def running_at_16(app: App, town: TownScene, frames: int, elastic: bool) -> None:
    """Frames with the clock at 16x: strict pacing (each tick lands on the frame it is due,
    finished there if need be — headless runs and tests) or elastic (the interactive window:
    a tick lands when done, the clock makes up the time after a heavy one)."""
    work: list[float] = []  # the simulation's share of each frame (whole ticks and slices)
    session = town.session
    advance = session.advance

    def timed_advance(dt: float) -> int:
        t0 = CLOCK()
        n = advance(dt)
        work.append((CLOCK() - t0) * 1000)
        return n
    session.advance = timed_advance
    session.clock = app.clock = CLOCK  # elastic pacing budgets in the frames' own time
    session.set_speed(16)
    before_now = session.now
    owed: list[float] = []
    running = measure(app, frames, lambda i: owed.append(session.acc))
    session.settle()
    ticks = (session.now - before_now) // clock.TICK
    asked = frames * 16 / 60
    name = "elastic (the window)" if elastic else "strict (headless)"
    print(report(f"clock at 16x, {name}", running))
    if work:
        w = sorted(work)
        print(f"{'':<34} of which the simulation: median {statistics.median(w):6.2f} ms, p95 "
              f"{w[int(0.95 * (len(w) - 1))]:6.2f} ms; {ticks} ticks in {frames} frames "
              f"({ticks / asked:.0%} of the {asked:.0f} that 16x asks)")
        print(f"{'':<34} the clock owed at most {max(owed):.1f} ticks, let "
              f"{session.dropped:.1f} go; {sum(1 for a in owed if a >= 1):d} frames began "
              "with a tick due")
        print(report("  the window alone", [f - x for f, x in zip(running, work, strict=True)]))
    session.set_speed(0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--cpu", action="store_true",
                    help="measure (and pace) by this thread's CPU time, not wall time: what "
                         "the frames cost on a machine nobody else is using")
    args = ap.parse_args()
    global CLOCK
    if args.cpu:
        CLOCK = time.thread_time
    app = App((1280, 720), headless=True, saves=Path("/tmp/hearsay-bench-saves"))
    town, rid = setup(app)
    app.run_frames(30)  # warm the text cache and the map
    rows = len(town.inspector.model.rows())
    print(f"ui_bench: {len(town.session.sim.people)} residents on the map, inspector on "
          f"{rid} with {rows} beliefs, 1280x720, headless (SDL dummy driver); "
          + ("CPU time of the window's thread" if args.cpu else "wall time"))
    paused = measure(app, args.frames)
    print(report("paused (drawing only)", paused))

    def scroll(i: int) -> None:
        town.inspector.scroll(37 if (i // 50) % 2 == 0 else -37)
    scrolling = measure(app, args.frames, scroll)
    print(report("scrolling the inspector", scrolling))
    for elastic in (False, True):
        if elastic:  # the same town from the same moment, paced as the interactive window is
            town, rid = setup(app)
            app.run_frames(30)
        app.elastic = elastic
        running_at_16(app, town, args.frames, elastic)
    pygame.quit()


if __name__ == "__main__":
    main()
