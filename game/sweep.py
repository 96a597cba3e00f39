"""A sweep: one scenario over many seeds and routes, to see what its endings depend on.

The routes: nobody playing; each walkthrough (by default every `win-*` and `lose-*` beside
the scenario); and K random players (`game.randomplayer`). Every run is the same deterministic
run as `hearsay run SCENARIO --seed S [--commands FILE]` — the same world log, byte for byte —
and its result is small: the ending, when, the world log's hash, and for a lost ending the
post-mortem's cause (`game.postmortem`).

Runs are independent, so they go to any `concurrent.futures.Executor`: a process pool on this
machine, or a Dask cluster's (`Client(address).get_executor()`). A worker loads the scenario
once and keeps it; tasks carry only the scenario's name or path, the route and the seed, so a
cluster's workers need Hearsay installed and the scenario where the path says (a shipped name
works anywhere). The table comes out in the same order whatever ran it.

For each route the table gives each ending's share with a 95 % Wilson interval, the median
time of the ending, and for lost endings what the post-mortem says caused them — and, against
the balance a shipped scenario must meet, a verdict: nobody playing loses to the scenario's
consequence, `win-*` wins, `lose-*` loses, random players rarely win.
"""

from __future__ import annotations

import gc
import math
import statistics
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path

from . import clock

NOBODY, WALKTHROUGH, RANDOM = "none", "walkthrough", "random"
Z95 = 1.959964  # the normal quantile for a 95 % interval
# The balance a shipped scenario must meet (issue 11), as shares of runs.
DO_NOTHING_LOSES = 0.95
WIN_WINS = 0.95
LOSE_LOSES = 0.95
RANDOM_WINS_AT_MOST = 0.05


@dataclass(frozen=True)
class Route:
    name: str  # "no player", "win-show-the-key", "random 3"
    kind: str  # none, walkthrough or random
    text: str = ""  # a walkthrough's text, sent to the worker (no shared files needed)
    number: int = 0  # a random player's number
    path: str = ""  # a walkthrough's file, for the errors that name it


@dataclass(frozen=True)
class Task:
    scenario: str  # a shipped name or a path, as the worker will load it
    route: Route
    seed: int


@dataclass(frozen=True)
class RunResult:
    route: str
    seed: int
    ending: str | None
    win: bool | None
    at: int | None  # the sim minute the ending came
    log_sha256: str
    cause: str  # the post-mortem's one line, for a lost ending
    value: str  # the false value that decided it, "" if none
    origin: str  # whose word it came from (a name), "" if none
    commands: int
    seconds: float


# -- running one ----------------------------------------------------------------------------

_loaded: dict[str, object] = {}
_lock = threading.Lock()


def loaded_scenario(scenario: str):
    """The scenario, loaded once per worker process (and shared by a thread pool's threads:
    a loaded scenario is never changed by the runs made from it)."""
    with _lock:
        if scenario not in _loaded:
            from .scenario import load_scenario

            _loaded[scenario] = load_scenario(scenario)
        return _loaded[scenario]


_local = threading.local()


def _narrator(scenario: str, templates: dict[str, str]):
    from .words import TemplateNarrator

    cache = _local.__dict__.setdefault("narrators", {})
    if scenario not in cache:
        cache[scenario] = TemplateNarrator(templates)
    return cache[scenario]


def _fresh_db(scenario: str, loaded):
    """An empty town database with the schema already built: a copy (SQLite's backup API) of
    one this thread built once — building the schema is half of setting up a run, and a run
    from the copy is the same run (the sweep's tests compare world logs with `hearsay run`)."""
    from sqlite_utils import Database

    from . import Simulation  # the package's API: a sweep drives whole towns, like ui

    cache = _local.__dict__.setdefault("schemas", {})
    if scenario not in cache:
        empty = Database(memory=True)
        Simulation(empty, loaded.scenario, file=str(loaded.file), templates=loaded.templates)
        cache[scenario] = empty
    db = Database(memory=True)
    cache[scenario].conn.backup(db.conn)
    return db


def _start(scenario: str, loaded, seed: int):
    """The town of `seed` at its start: restored from a snapshot this thread took of it (the
    runtime state saved into its database, as a save does), so the routes of one seed set the
    town up once. Continuing a restored town is what `hearsay run --load` does, and gives the
    same world log as running straight through."""
    from sqlite_utils import Database

    from . import Simulation  # the package's API: a sweep drives whole towns, like ui

    snap = _local.__dict__.get("start")
    if snap is None or snap[0] != (scenario, seed):
        # What a worker keeps between runs (modules, the scenario, compiled rules and
        # templates, the empty schema) need not be walked by the cyclic collector in every
        # run: collected once a seed and frozen, a run costs ~8 % less (missing_key's sweep).
        gc.collect()
        gc.freeze()
        base = Simulation.new(loaded, seed, db=_fresh_db(scenario, loaded))
        with base.db.atomic():
            base._save_runtime()
        snap = _local.__dict__["start"] = ((scenario, seed), base.db)
    db = Database(memory=True)
    snap[1].conn.backup(db.conn)
    sim = Simulation(db, loaded.scenario, file=str(loaded.file), templates=loaded.templates)
    sim._restore()
    return sim


def run_one(task: Task) -> RunResult:
    """Play one route on one seed to its end, as `hearsay run` would."""
    from .postmortem import post_mortem
    from .walkthrough import play
    t0 = time.perf_counter()
    loaded = loaded_scenario(task.scenario)
    sim = _start(task.scenario, loaded, task.seed)
    # Words never touch the world log: a sweep calls no language model, and each worker
    # thread keeps one narrator — its templates compiled once, not once a run.
    sim.model, sim.words = None, _narrator(task.scenario, sim.templates)
    route = task.route
    commands = 0
    if route.kind == NOBODY:
        sim.run(until=sim.now + int(round(loaded.scenario.scenario.days * clock.DAY)))
    elif route.kind == WALKTHROUGH:
        # (not watched: a sweep reads the ending, not what was seen between the steps)
        commands = len(play(sim, Path(route.name), text=route.text, strict=False,
                            watch=False).steps)
    elif route.kind == RANDOM:
        from .randomplayer import random_walkthrough

        commands = len(random_walkthrough(sim, route.number, task.seed))
    else:
        raise ValueError(f"no route kind {route.kind!r}")
    ending = win = at = None
    cause = value = origin = ""
    if sim.ending:
        e = next(x for x in sim.sc.endings if x.id == sim.ending)
        ending, win = e.id, e.win
        pm = post_mortem(sim)
        at = pm.at
        if not e.win:
            cause = pm.cause
            wrong = pm.wrong()
            if wrong:
                value = wrong[0].value_words
                origin = _main_origin(wrong)
    return RunResult(route.name, task.seed, ending, win, at, sim.world.log_hash(), cause,
                     value, origin, commands, round(time.perf_counter() - t0, 4))


def _main_origin(wrong) -> str:
    counts: dict[str, int] = {}
    for d in wrong:
        key = d.origin_name or f"{d.name}'s own"
        counts[key] = counts.get(key, 0) + 1
    return max(sorted(counts), key=lambda k: counts[k])


# -- the routes -----------------------------------------------------------------------------


def routes_for(folder: Path | None, commands: Iterable[Path] | None = None,
               random_players: int = 10, nobody: bool = True) -> list[Route]:
    """No player, the walkthroughs (those given, else every win-*/lose-* in `folder`), and
    `random_players` random players."""
    from .commands import read_walkthrough
    from .walkthrough import walkthroughs

    out = [Route("no player", NOBODY)] if nobody else []
    files = list(commands) if commands else (walkthroughs(folder) if folder else [])
    for p in files:
        out.append(Route(Path(p).stem, WALKTHROUGH, text=read_walkthrough(Path(p)),
                         path=str(p)))
    out += [Route(f"random {k}", RANDOM, number=k) for k in range(1, random_players + 1)]
    return out


# -- the table ------------------------------------------------------------------------------


def share_words(x: float) -> str:
    """A share as a person reads it: '97%', '0.4%' (a decimal below 10%), '0%'."""
    return f"{x:.0%}" if x == 0 or x >= 0.1 or x == round(x, 2) else f"{x:.1%}"


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for k successes in n trials."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


@dataclass
class EndingShare:
    id: str
    title: str
    win: bool | None
    count: int
    share: float
    low: float
    high: float
    median_at: int | None
    median_time: str


@dataclass
class Cause:
    ending: str
    value: str
    origin: str
    count: int


@dataclass
class RouteRow:
    name: str
    kind: str
    runs: int
    wins: int
    win_share: float
    win_low: float
    win_high: float
    endings: list[EndingShare]
    causes: list[Cause]
    won_seeds: list[int] = field(default_factory=list)  # for random players: to replay
    verdict: str = ""  # "ok", or what falls short of the balance a route must meet
    seconds: float = 0.0


@dataclass
class Table:
    scenario: str
    title: str
    seeds: int
    runs: int
    jobs: str
    seconds: float
    rows: list[RouteRow]
    run_seconds: float  # the mean time of one run, in its worker

    def as_dict(self) -> dict:
        return {**asdict(self), "balance": {"meets": not self.shortfalls(),
                                            "shortfalls": self.shortfalls()}}

    def shortfalls(self) -> list[str]:
        """What keeps the scenario from the balance as a whole (README, issue 11): each
        route's verdict, at least two routes that win, and a `lose-*-unasked` route to show
        that winning needs something learned. Empty: it meets it (or, with no ending to
        lose, there is nothing to balance)."""
        out = [f"{r.name}: {r.verdict}" for r in self.rows if r.verdict not in ("ok", "")]
        if not any(r.verdict for r in self.rows):
            return out  # no ending to lose (nine_neighbours)
        wins = [r.name for r in self.rows if r.name.startswith("win-") and r.verdict == "ok"]
        if len(wins) < 2:
            out.append(f"{len(wins)} route{'s' if len(wins) != 1 else ''} win"
                       f"{'s' if len(wins) == 1 else ''}; the balance asks for two or more")
        if wins and not any(r.name.startswith("lose-") and r.name.endswith("-unasked")
                            for r in self.rows):
            out.append("no lose-*-unasked route shows that a win needs something learned")
        return out

    def same_as(self, other: Table) -> bool:
        """The same outcomes (all but the timings)."""
        def strip(t: Table) -> list:
            return [{**asdict(r), "seconds": 0} for r in t.rows]
        return strip(self) == strip(other)

    def row(self, name: str) -> RouteRow:
        return next(r for r in self.rows if r.name == name)


def table(scenario_id: str, title: str, endings: list, routes: list[Route],
          results: list[RunResult], seeds: int, jobs: str, seconds: float) -> Table:
    """Gather results into the table (in route order; results in any order)."""
    by_route: dict[str, list[RunResult]] = {r.name: [] for r in routes}
    for res in results:
        by_route[res.route].append(res)
    consequence = consequence_endings(endings)
    rows = []
    for r in routes:
        rs = sorted(by_route[r.name], key=lambda x: x.seed)
        n = len(rs)
        wins = sum(1 for x in rs if x.win)
        shares = []
        for e in endings:
            got = [x for x in rs if x.ending == e.id]
            if not got:
                continue
            lo, hi = wilson(len(got), n)
            med = int(statistics.median_low([x.at for x in got if x.at is not None])) \
                if any(x.at is not None for x in got) else None
            shares.append(EndingShare(e.id, e.title, e.win, len(got), len(got) / n, lo, hi,
                                      med, clock.fmt(med) if med is not None else ""))
        none = [x for x in rs if x.ending is None]
        if none:
            lo, hi = wilson(len(none), n)
            shares.append(EndingShare("", "no ending", None, len(none), len(none) / n, lo, hi,
                                      None, ""))
        causes: dict[tuple[str, str, str], int] = {}
        for x in rs:
            if x.win is False and x.value:
                key = (x.ending or "", x.value, x.origin)
                causes[key] = causes.get(key, 0) + 1
        lo, hi = wilson(wins, n)
        row = RouteRow(r.name, r.kind, n, wins, wins / n if n else 0.0, lo, hi, shares,
                       [Cause(e, v, o, c) for (e, v, o), c in
                        sorted(causes.items(), key=lambda kv: (-kv[1], kv[0]))],
                       [x.seed for x in rs if x.win] if r.kind == RANDOM else [],
                       seconds=round(sum(x.seconds for x in rs), 2))
        row.verdict = verdict(row, consequence)
        rows.append(row)
    total = sum(x.seconds for x in results)
    return Table(scenario_id, title, seeds, len(results), jobs, round(seconds, 1), rows,
                 round(total / len(results), 3) if results else 0.0)


def consequence_endings(endings: list) -> set[str]:
    """The losing endings in which the false belief did its harm: every losing ending but a
    catch-all (`when = "true"`), unless the catch-all is the only way to lose."""
    lost = [e for e in endings if not e.win]
    real = {e.id for e in lost if (e.when or "true").strip() != "true"}
    return real or {e.id for e in lost}


def verdict(row: RouteRow, consequence: set[str]) -> str:
    """'ok', or what falls short of issue 11's balance for this kind of route."""
    n = row.runs or 1
    name = row.name
    if row.kind == NOBODY or name.startswith("lose-do-nothing"):
        if not consequence:
            return ""  # a town with no ending to lose (nine_neighbours): nothing to balance
        harm = sum(e.count for e in row.endings if e.id in consequence) / n
        if (n - row.wins) / n < DO_NOTHING_LOSES:
            return f"wins {row.win_share:.0%} with nobody doing anything"
        if harm < DO_NOTHING_LOSES:
            return f"the consequence comes in only {harm:.0%}"
        return "ok"
    if row.kind == RANDOM:
        return "ok" if row.win_share <= RANDOM_WINS_AT_MOST else \
            f"won by chance {row.win_share:.0%}"
    if name.startswith("win-"):
        return "ok" if row.win_share >= WIN_WINS else f"wins only {row.win_share:.0%}"
    if name.startswith("lose-"):
        lost = 1 - row.win_share
        return "ok" if lost >= LOSE_LOSES else f"loses only {lost:.0%}"
    return ""


# -- running many ---------------------------------------------------------------------------


def sweep(scenario: str, routes: list[Route], seeds: int, executor: Executor | None = None,
          *, jobs: str = "1", progress: Callable[[int, int], None] | None = None,
          first_seed: int = 0) -> Table:
    """Run every route on seeds first_seed … first_seed+seeds−1 and gather the table. With no
    executor the runs are made here, one after another."""
    loaded = loaded_scenario(scenario)
    sc = loaded.scenario
    tasks = [Task(scenario, r, s) for s in range(first_seed, first_seed + seeds)
             for r in routes]
    t0 = time.perf_counter()
    results: list[RunResult] = []
    if executor is None:
        for i, t in enumerate(tasks, 1):
            results.append(run_one(t))
            if progress:
                progress(i, len(tasks))
    else:
        futures = [executor.submit(run_one, t) for t in tasks]
        for i, f in enumerate(as_completed(futures), 1):
            results.append(f.result())
            if progress:
                progress(i, len(tasks))
    return table(sc.scenario.id, sc.scenario.title, sc.endings, routes, results, seeds, jobs,
                 time.perf_counter() - t0)


def process_pool(jobs: int, scenario: str):
    """A process pool whose workers have loaded the scenario before the first run."""
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=jobs, initializer=loaded_scenario,
                               initargs=(scenario,))


def cluster_executor(address: str):
    """A Dask distributed cluster's executor (needs `pip install 'hearsay[cluster]'`);
    returns (client, executor) — close the client when done."""
    try:
        from dask.distributed import Client
    except ImportError as exc:
        raise RuntimeError("--cluster needs Dask: pip install 'hearsay[cluster]'") from exc
    client = Client(address)
    return client, client.get_executor()
