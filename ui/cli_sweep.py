"""`hearsay sweep`: a scenario over many seeds and routes — what its endings depend on.

    hearsay sweep missing_key              # 100 seeds, every walkthrough, 10 random players
    hearsay sweep missing_key --seeds 20 --jobs 2 --random-players 3
    hearsay sweep missing_key --commands my-route.txt --json
    hearsay sweep missing_key --cluster tcp://scheduler:8786
    hearsay sweep missing_key --show-random 3:17      # what random player 3 did on seed 17

Each run is the same run as `hearsay run SCENARIO --seed S [--commands FILE]` (the same world
log, byte for byte); `--show-random K:S` prints random player K's walkthrough on seed S, to
replay with `hearsay run --seed S --commands`.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from game import ScenarioError
from game.commands import WalkthroughError

from .cli import _bad, _regular_file, _Seed, echo, main


@main.command()
@click.argument("scenario")
@click.option("--seeds", type=click.IntRange(1, 100_000), default=100, show_default=True,
              help="How many seeds (0 … N−1).")
@click.option("--first-seed", type=click.IntRange(0, 2**62), default=0, show_default=True,
              help="Start at this seed.")
@click.option("--commands", "commands", type=click.Path(dir_okay=False), multiple=True,
              help="A walkthrough to sweep (repeatable); default: every win-*/lose-* beside "
              "the scenario.")
@click.option("--random-players", type=click.IntRange(0, 1_000), default=10,
              show_default=True, help="How many random players.")
@click.option("--jobs", type=click.IntRange(1, 512), default=None,
              help="Worker processes on this machine (default: one per core).")
@click.option("--cluster", metavar="ADDRESS", default=None,
              help="Run on a Dask distributed cluster (tcp://host:8786); needs "
              "pip install 'hearsay[cluster]'.")
@click.option("--json", "as_json", is_flag=True, help="Print the table as JSON.")
@click.option("--show-random", "show_random", metavar="K:SEED", default=None,
              help="Print what random player K did on SEED, as a walkthrough, and stop.")
def sweep(scenario: str, seeds: int, first_seed: int, commands: tuple[str, ...],
          random_players: int, jobs: int | None, cluster: str | None, as_json: bool,
          show_random: str | None) -> None:
    """Run a scenario over many seeds — nobody playing, each walkthrough, random players —
    and print how often each ending came, when, and what the lost ones turned on."""
    from game import sweep as sw

    try:
        loaded = sw.loaded_scenario(scenario)
    except ScenarioError as exc:
        raise _bad(str(exc)) from None
    if show_random is not None:
        _show_random(scenario, show_random)
        return
    for c in commands:
        _regular_file(c, "--commands")
    if loaded.scenario.player is None:  # nobody to play: the town alone
        if commands:
            raise _bad(f"{loaded.scenario.scenario.id} has no player to give commands to")
        random_players = 0
    folder = Path(loaded.file).parent
    try:
        routes = sw.routes_for(folder if loaded.scenario.player else None,
                               [Path(c) for c in commands] or None, random_players)
        _check_walkthroughs(loaded, routes)
    except (OSError, UnicodeDecodeError) as exc:
        raise _bad(f"--commands: cannot read it: {exc}") from None
    except WalkthroughError as exc:
        raise _bad(str(exc)) from None
    runs = seeds * len(routes)
    show = not as_json and sys.stderr.isatty()
    client = None
    if cluster:
        try:
            client, executor = sw.cluster_executor(cluster)
        except RuntimeError as exc:
            raise _bad(str(exc)) from None
        except (OSError, TimeoutError, ValueError) as exc:
            raise _bad(f"--cluster {cluster}: cannot reach it ({exc})") from None
        how = f"Dask cluster {cluster}"
    else:
        jobs = jobs or os.cpu_count() or 1
        executor = sw.process_pool(jobs, scenario) if jobs > 1 else None
        how = f"{jobs} job{'s' if jobs != 1 else ''}"
    try:
        table = _run(sw, scenario, routes, seeds, first_seed, executor, how, runs, show)
    finally:
        if executor is not None:
            executor.shutdown()
        if client is not None:
            client.close()
    if as_json:
        echo(json.dumps(table.as_dict(), indent=2))
    else:
        print_table(table)


def _run(sw, scenario, routes, seeds, first_seed, executor, how, runs, show):
    if not show:
        return sw.sweep(scenario, routes, seeds, executor, jobs=how, first_seed=first_seed)
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    with Progress(TextColumn("[bold]sweeping"), BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), transient=True) as bar:
        task = bar.add_task("runs", total=runs)
        return sw.sweep(scenario, routes, seeds, executor, jobs=how, first_seed=first_seed,
                        progress=lambda done, _n: bar.update(task, completed=done))


def _check_walkthroughs(loaded, routes) -> None:
    """Bad walkthroughs are bad input before the sweep runs (line and reason named): each is
    played through its steps on seed 0, as `hearsay run --commands` would, since a
    line's words are read when its step comes (a word met on the way is one by then). On
    the seeds after, a step that names nothing then is a refused step, as the verb refuses
    (game.sweep)."""
    from pathlib import Path

    from game.sim import Simulation
    from game.walkthrough import play
    from game.words import TemplateNarrator

    for r in routes:
        if r.kind == "walkthrough":
            # (named by its file, as `run --commands` names it: "lose-typo:1:" was not
            # a file an author could open; an author)
            sim = Simulation.new(loaded, 0)
            # As the sweep plays it: with no language model (one that hung made the check
            # wait out each verb's budget, with nothing shown; a model fuzz).
            sim.model, sim.words = None, TemplateNarrator(sim.templates)
            play(sim, Path(r.path or r.name), text=r.text, to_end=False, watch=False)


def _show_random(scenario: str, spec: str) -> None:
    from game import Simulation, post_mortem, random_walkthrough
    from game.sweep import loaded_scenario

    k, _, seed = spec.partition(":")
    if not (k.isascii() and seed.isascii() and k.isdigit() and seed.isdigit()):
        raise _bad(f"--show-random {spec[:40]!r}: give the player's number and a seed, "
                   "like 3:17")
    if len(k) > 6 or len(seed) > 19 or int(seed) > _Seed.HIGH:  # (as `run --seed` takes it)
        raise _bad(f"--show-random {spec[:40]!r}: out of range (players up to 999999, seeds "
                   f"up to {_Seed.HIGH})")
    sim = Simulation.new(loaded_scenario(scenario), int(seed))
    lines = random_walkthrough(sim, int(k), int(seed))
    # The scenario as typed: an author's own folder is not found by its id (an author).
    import shlex

    echo(f"# random player {int(k)} on seed {int(seed)} — replay with: hearsay run "
         f"{shlex.quote(str(scenario))} --seed {int(seed)} --commands FILE")
    for ln in lines:
        echo(ln)
    pm = post_mortem(sim)
    if pm is not None:
        echo(f"# ending: {pm.title} ({'won' if pm.win else 'lost'}), {pm.time}")


def _mark(win: bool | None) -> str:
    return "·" if win is None else "✓" if win else "✗"


def _pct(x: float) -> str:
    from game.sweep import share_words

    return share_words(x).rstrip("%")


def _cause_line(r, e) -> str:
    if e.win:
        return ""
    c = next((c for c in r.causes if c.ending == e.id), None)
    return f"{c.value} — from {c.origin} ({c.count})" if c else ""


def print_table(t) -> None:
    """The sweep's table, for a terminal (or a pipe)."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    echo(f"{t.title} — {t.seeds} seeds × {len(t.rows)} routes = {t.runs:,} runs in "
         f"{t.seconds:,.0f} s ({t.jobs}; {t.run_seconds:.2f} s a run)")
    tab = Table(show_lines=False, box=None, pad_edge=False, padding=(0, 2, 0, 0))
    for col in ("route", "won", "endings: share (95% interval), median time", "lost to",
                "balance"):
        tab.add_column(col)
    # A town with no endings (one to watch) has nothing to win: "won 0%" read as a verdict
    # on it (a playtest).
    watched = all(e.win is None for r in t.rows for e in r.endings)
    for r in t.rows:
        ends = "\n".join(
            f"{_mark(e.win)} {e.title} {_pct(e.share)}% ({_pct(e.low)}–{_pct(e.high)})"
            f"{' · ' + e.median_time if e.median_time else ''}" for e in r.endings)
        # One line per ending, beside it: a losing ending's most frequent cause, nothing
        # beside a win (a cause listed on a win's line would read as what the win lost to).
        lost = "\n".join(_cause_line(r, e) for e in r.endings)
        won = "—" if watched else f"{_pct(r.win_share)}% ({_pct(r.win_low)}–{_pct(r.win_high)})"
        tab.add_row(*(Text(x) for x in (r.name, won, ends, lost, r.verdict)))
    console = Console()
    if not console.is_terminal or console.width < 150:
        console = Console(width=170)
    console.print(tab)
    if watched:
        echo("(no endings: a town to watch, with nothing to win or lose)")
    short = t.shortfalls()
    if any(r.verdict for r in t.rows):  # (a town with no ending to lose has no balance)
        echo("meets the balance: yes" if not short else
             "meets the balance: NO — " + "; ".join(short))
    wins = [r for r in t.rows if r.kind == "random" and r.won_seeds]
    if wins:
        echo("random players that won (see one with --show-random K:SEED):")
        for r in wins:
            echo(f"  {r.name}: seeds {', '.join(str(s) for s in r.won_seeds[:12])}"
                 + (" …" if len(r.won_seeds) > 12 else ""))
