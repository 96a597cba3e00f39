"""The `hearsay` command line: play, run, validate, inspect, why, report, demo (and edit,
edits, diff: `ui/cli_edit.py`).

Exit codes: 0 success, 2 bad input (a broken scenario, an unknown resident, a corrupt save,
a bad walkthrough), 1 a bug (an uncaught exception, with its traceback).
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
import textwrap
from pathlib import Path

import click

from game import clock, resident_named
from game.generate import MAX_RESIDENTS
from game.save import SaveError, check_target
from game.scenario import ScenarioError, load_scenario
from ui.labels import evidence_words, step_words
from ui.termsafe import clean

BAD_INPUT = 2
# The reader went away before the output ended (`hearsay run ... | head -1`): neither a bug (1)
# nor bad input (2) — the status a shell gives a program that SIGPIPE ends (128 + 13), as `cat`
# and `git` end. Click's own handling exited 1, and 1 is a bug here.
READER_GONE = 141
INTERRUPTED = 130  # 128 + SIGINT, as a shell reports it


class _Seed(click.ParamType):
    """A whole number SQLite can keep (a signed 64-bit integer), said so when it is not —
    click's IntRange reads "'abc' is not a valid integer range"."""

    name = "integer"
    LOW, HIGH = -(2**63), 2**63 - 1

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool):
            n = value
        else:
            text = str(value).strip()
            shown = repr(text if len(text) <= 40 else text[:37] + "...")
            if re.fullmatch(r"[+-]?0*[1-9][0-9]{19,}", text):  # (int() refuses past 4,300 digits)
                self.fail(f"{shown} is out of range (a seed is from {self.LOW} to "
                          f"{self.HIGH})", param, ctx)
            try:
                n = int(text, 10)
            except ValueError:
                self.fail(f"{shown} is not a whole number (a seed is one, like 0 or 42)",
                          param, ctx)
        if not self.LOW <= n <= self.HIGH:
            self.fail(f"{value!r} is out of range (a seed is from {self.LOW} to {self.HIGH})",
                      param, ctx)
        return n


SEED = _Seed()


class _Events(click.ParamType):
    """How many events to list: a whole number from 0, or 'all' (None)."""

    name = "N|all"

    def convert(self, value, param, ctx):
        if value is None or isinstance(value, int) and not isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text == "all":
            return None
        if not re.fullmatch(r"[0-9]{1,9}", text):
            shown = repr(text if len(text) <= 40 else text[:37] + "...")
            self.fail(f"{shown} is not a number of events (a whole number, or 'all')", param,
                      ctx)
        return int(text)


EVENTS = _Events()


def _reader_gone() -> None:
    """Whatever is still buffered goes nowhere, so the flush at exit cannot fail again
    (Python's own advice for SIGPIPE); a stream with no descriptor has nothing to flush."""
    for stream in (sys.stdout, sys.stderr):
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stream.fileno())
        except (OSError, ValueError, AttributeError):
            pass


class _Main(click.Group):
    """The `hearsay` group: a closed pipe ends the command quietly, with READER_GONE."""

    def invoke(self, ctx: click.Context):
        from game.model import ModelConfigError, ModelSettings

        try:
            ModelSettings.from_env()  # before anything runs: the window's title screen too
            return super().invoke(ctx)
        except ModelConfigError as exc:  # the environment is input too
            raise _bad(str(exc)) from None
        except BrokenPipeError:
            _reader_gone()
            raise click.exceptions.Exit(READER_GONE) from None
        except KeyboardInterrupt:
            # Ctrl+C is the user's, not a bug: click's "Aborted!" exited 1, which here says a
            # bug (a model fuzz). The shell's own code for it, and nothing written half-way:
            # a save is written whole or not at all.
            echo("hearsay: interrupted", err=True)
            raise click.exceptions.Exit(INTERRUPTED) from None

    def main(self, *args, **kwargs):
        # Outside a command too: `--help`, `--version` and a usage error's message, written
        # to a closed pipe, reached click's own EPIPE handling, which exits 1 (a review).
        try:
            return super().main(*args, **kwargs)
        except BrokenPipeError:
            _reader_gone()
            sys.exit(READER_GONE)
        except SystemExit as exc:
            # click pacifies the streams when a write met a closed pipe, then exits 1.
            if exc.code == 1 and "Pacify" in type(sys.stdout).__name__:
                _reader_gone()
                sys.exit(READER_GONE)
            raise


class BadInput(click.ClickException):
    exit_code = BAD_INPUT

    def show(self, file=None) -> None:  # noqa: D102 - one clear line, no "Error:" noise twice
        echo(f"hearsay: {self.message}", err=True)


def _bad(message: str) -> BadInput:
    return BadInput(message)


def echo(text: object = "", err: bool = False) -> None:
    """click.echo, with names and messages cleaned for the terminal (see ui.termsafe)."""
    click.echo(clean(text), err=err)


class Number(click.ParamType):
    """A finite number in a range: 'nan', 'inf' and absurd values are bad input."""

    name = "number"

    def __init__(self, lo: float, hi: float, *, above: bool = False):
        self.lo, self.hi, self.above = lo, hi, above  # above: lo itself is not allowed

    def convert(self, value, param, ctx):
        if isinstance(value, float | int) and not isinstance(value, bool):
            x = float(value)
        else:
            try:
                x = float(str(value)[:40])
            except ValueError:
                self.fail(f"{clean(value)[:40]!r} is not a number", param, ctx)
        if not math.isfinite(x) or not self.lo <= x <= self.hi or (self.above and x == self.lo):
            span = f"more than {self.lo:g} and at most {self.hi:g}" if self.above else \
                f"from {self.lo:g} to {self.hi:g}"
            self.fail(f"{clean(value)[:40]}: it must be a number {span}", param, ctx)
        return x


def _regular_file(path: str | None, what: str, *, may_be_new: bool = False) -> None:
    """Bad input unless `path` is a regular file (or absent, when it will be written): a
    pipe, device or folder would hang or mislead a read or a write."""
    if path is None:
        return
    p = Path(path)
    if not p.exists():
        if may_be_new:
            return
        raise _bad(f"{what} {path}: no such file")
    if not p.is_file():
        raise _bad(f"{what} {path}: not a regular file")


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="hearsay")
def main() -> None:
    """Hearsay: a town where every resident remembers events its own way."""


# -- validate -----------------------------------------------------------------------------------


@main.command()
@click.argument("scenario")
def validate(scenario: str) -> None:
    """Check a scenario file (or folder, or shipped name) without running it."""
    try:
        loaded = load_scenario(scenario)
    except ScenarioError as exc:
        raise _bad(str(exc)) from None
    for w in loaded.warnings:
        echo(f"warning: {w}", err=True)
    sc = loaded.scenario
    echo(f"ok: {loaded.file}: \"{sc.scenario.title}\" — {len(sc.residents)} residents, "
               f"{len(sc.places)} places, {len(sc.events)} events, {len(sc.endings)} endings")


@main.command()
@click.argument("scenario")
def brief(scenario: str) -> None:
    """What a player is told before starting: the brief, the goals, and the words to use in
    commands — people, places, things, and the questions of the case. No spoilers."""
    from game.sim import Simulation

    try:
        loaded = load_scenario(scenario)
    except ScenarioError as exc:
        raise _bad(str(exc)) from None
    sc = loaded.scenario
    sim = Simulation.new(loaded, 0)
    echo(f"{sc.scenario.title} ({sc.scenario.role})\n")
    echo(sc.scenario.told)
    if sc.player is not None:
        if sc.player.note:  # what the window's log opens with, so both are told the same
            echo(f"\n{sc.player.note}")
        echo(f"\nYou start at {sim.place_name(sc.player.start)}, "
                   f"{clock.fmt(sim.now)}.")
    for g in sc.goals:
        echo(f"  goal: {g.text}" + (f" (by {g.by})" if g.by else ""))
    from game import short_words

    from .casebook import typed as _typed

    # With no player there is nothing to type: names alone.
    def typed(word: str, name: str) -> str:
        return _typed(word, name) if sc.player is not None else name

    v = sim.names()
    echo("\nPeople (type a name, or its first letters):" if sc.player is not None
         else "\nPeople:")
    for r in sc.residents:
        home = sim.lives_at(r.id)
        about = "; ".join(x for x in (r.role, home and f"lives at {home}") if x)
        echo(f"  {typed(short_words(v, 'residents', r.id), r.name)}"
                   + (f" — {about}" if about else ""))
    echo("Places:")
    for p in sc.places:
        if p.kind != "away":
            spots = [x for x in p.spots if x not in p.hidden]
            echo(f"  {typed(short_words(v, 'places', p.id), p.name)}"
                       + (f"  (spots: {', '.join(spots)})" if spots else ""))
    from game.knowledge import unmet_secrets

    # (a secret thing is the story's to reveal: not listed until the player meets it)
    listed = [o for o in sc.objects if o.id not in unmet_secrets(sim)]
    if listed:
        echo("Things:")
        for o in listed:
            echo(f"  {typed(short_words(v, 'objects', o.id), o.name)}")
    from game import questions

    if sc.player is None:  # a town to watch: nothing to type, so no verbs nor words for them
        echo("Questions the town talks about:")
        for c in questions(sim):
            echo(f"  {sim.say_claim(c)}")
        echo(f"\nThere is no player in this scenario: you watch the town. `hearsay play "
             f"{sc.scenario.id}` shows it; `hearsay run {sc.scenario.id}` runs it headless.")
        return
    echo("Questions (ask people about these; type the words in quotes):")
    for c in questions(sim):
        echo(f"  {sim.say_claim(c)}: “{short_words(v, 'claims', c)}”")
    echo("\nVerbs: " + "; ".join(x.split(" — ")[0] for x in
                                       __import__("game.commands").commands.VERBS.values()))
    # An example built from the scenario's first resident and question: it names nobody
    # the player should go to first, so it gives nothing away.
    qs = questions(sim)
    if sc.residents and qs:
        who = short_words(v, "residents", sc.residents[0].id)
        what = short_words(v, "claims", qs[0])
        echo(f"For example: ask {who} {what} · why {who} {what} · who {who} "
             f"{clock.fmt(sim.now)} · where is {who}")
    echo("Names and ids both work, in any case.")


# -- run ----------------------------------------------------------------------------------------


@main.command()
@click.argument("scenario", required=False)
@click.option("--seed", type=SEED, default=0, show_default=True, help="Random seed.")
@click.option("--days", type=Number(0, 3650), default=None,
              help="Sim days to run (default: the scenario's length, or 1 when continuing a "
              "save). With --commands, 0 stops when the last command is done.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False), help="Write a save here.")
@click.option("--load", "load_path", type=click.Path(dir_okay=False),
              help="Continue this save instead of starting a scenario.")
@click.option("--residents", type=click.IntRange(2, MAX_RESIDENTS), default=None,
              help="Generate a town of this many residents instead of a scenario file (a sim "
              "day costs about half a minute at 1,500, an hour or more at 20,000).")
@click.option("--commands", "commands_file", type=click.Path(dir_okay=False),
              help="Play this walkthrough of player commands, then run to the ending (with "
              "--days: to that many days from the start, or the last command if later; "
              "--days 0: stop there; go on with --save/--load). One command a line, after "
              "its time: 'day 1 09:10 go cafe', '09:10 ask ada key location', or '+ look' "
              "for as soon as the one before is done; '#' starts a comment.")
@click.option("--report", type=click.Choice(["mechanisms"]), default=None,
              help="Add a report: 'mechanisms' counts what the memory did (seed 001's table).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON summary.")
@click.option("--notebook", is_flag=True, help="Print the case board: what you have learned "
              "— answers with who said them, contradictions, who was not asked.")
@click.option("--open-minds", "open_minds", is_flag=True, help="Show what everyone really "
              "believes and what is really so (for authors; the summary says it was used).")
@click.option("--events", "events", type=EVENTS, default="15", show_default=True,
              help="How many of the latest notable events to list, or 'all'.")
def run(scenario: str | None, seed: int, days: float | None, save_path: str | None,
        load_path: str | None, residents: int | None, commands_file: str | None,
        report: str | None, as_json: bool, notebook: bool, open_minds: bool,
        events: int | None = 15) -> None:
    """Run a scenario headless (no window) and report what happened — as the player knows
    it, unless --open-minds."""
    from game.sim import Simulation

    if residents is not None and residents < 2:
        raise _bad("--residents: a town needs at least 2 residents")
    if residents is not None and scenario:
        raise _bad("give a SCENARIO or --residents N, not both")
    if save_path:
        try:  # first, so a bad target costs nothing (and is checked again when written)
            check_target(save_path)
        except SaveError as exc:
            raise _bad(str(exc)) from None
    _regular_file(commands_file, "--commands")
    days_given = days is not None  # (with --commands: where to stop, not the ending)
    seen_before = 0  # world events before this run (a loaded save's)
    try:
        if load_path:
            if scenario or residents:
                raise _bad("give a scenario or --load, not both" if scenario else
                           "--residents makes a new town: --load continues a saved one, "
                           "not both")
            given = click.get_current_context().get_parameter_source("seed")
            if given is not None and given.name not in ("DEFAULT", "DEFAULT_MAP"):
                # (accepted and ignored, the run went on with the save's own: a fuzz run)
                raise _bad("--seed starts a new town: a loaded game goes on with the seed "
                           "it was saved with")
            sim = Simulation.load(load_path)
            days = 1.0 if days is None else days
            # What the player saw before this run was said in the runs before it: stepping
            # a game a command at a time printed every old sighting again (a playtest).
            from game import last_event

            seen_before = last_event(sim)
        elif residents:
            from game.generate import generated_town

            sim = Simulation.new(generated_town(residents, seed), seed)
            days = 1.0 if days is None else days
        elif scenario:
            loaded = load_scenario(scenario)
            for w in loaded.warnings:
                echo(f"warning: {w}", err=True)
            sim = Simulation.new(loaded, seed)
            days = loaded.scenario.scenario.days if days is None else days
        else:
            raise _bad("give a SCENARIO, --load SAVE or --residents N")
    except ScenarioError as exc:
        raise _bad(str(exc)) from None
    except SaveError as exc:
        raise _bad(str(exc)) from None
    if days is None or (days <= 0 and not commands_file):
        # (0 with --commands: stop when the last is done — stepping through a game with
        # --save/--load cost a tick after each step with --days 0.001: a playtest)
        raise _bad("--days must be more than 0 (0 only with --commands)")
    if open_minds:
        sim.open_minds_used = True
    if notebook and not sim.has_player:
        raise _bad(f"{sim.sc.scenario.id} has no player, so no notebook")
    played = None
    if commands_file:
        from game.commands import WalkthroughError
        from game.walkthrough import play as play_walkthrough
        from game.walkthrough import watch_until

        if not sim.has_player:
            raise _bad(f"{sim.sc.scenario.id} has no player to give commands to")
        start = sim.now
        try:
            # --days was ignored beside --commands without a word (a playtest): given, the
            # run stops that many days from the start, or when the last command is done.
            played = play_walkthrough(sim, Path(commands_file), open_minds=open_minds,
                                      to_end=not days_given)
        except WalkthroughError as exc:
            if (exc.played or exc.meanwhile) and not as_json:
                # A stop on line 6 said only why: the five steps before it, and what the
                # player had met by then, were the way to see why (an author) — and what
                # they saw as the clock ran on to it.
                echo(f"Played until the stop ({len(exc.played)} "
                     f"step{'s' if len(exc.played) != 1 else ''}):")
                _print_steps(exc.played)
                _print_meanwhile(exc.meanwhile)
            # The steps above were played in this run only: say so, or a player stepping
            # with --save thinks them kept (a playtest).
            kept = (f"; {save_path} was not written (fix the line and run the step again)"
                    if save_path else "")
            raise _bad(f"{exc}{kept}") from None
        if days_given and not sim.ending:
            played.after = watch_until(sim, max(sim.now, start + int(round(days * clock.DAY))),
                                       open_minds)
            if sim.ending:
                e = next(x for x in sim.sc.endings if x.id == sim.ending)
                played.ending, played.win = e.id, e.win
    else:
        end = sim.now + int(round(days * clock.DAY))
        _run_with_progress(sim, end, show=not as_json and sys.stderr.isatty())
    if save_path:
        try:
            sim.save(save_path)
        except SaveError as exc:  # changed since it was checked, or the disk said no
            raise _bad(str(exc)) from None
    summary = sim_summary(sim)
    if played is not None:
        summary["walkthrough"] = played.as_dict()
    from game import post_mortem

    pm = post_mortem(sim)  # which belief, whose, on whose word, decided the ending
    summary["post_mortem"] = pm.as_dict() if pm is not None else None
    if report == "mechanisms":
        from game.report import first_dormancy, mechanisms

        summary["mechanisms"] = mechanisms(sim)
        summary["first_dormancy"] = first_dormancy(sim)
    board = None
    if notebook:
        from .casebook import case_board

        board = case_board(sim, open_minds=sim.open_minds_used)
        summary["case_board"] = [{"style": b.style, "text": b.text, "indent": b.indent}
                                 for b in board.blocks]
    if as_json:
        echo(json.dumps(summary, indent=2, sort_keys=True))
    else:
        _print_summary(sim, summary, save_path, seen_before, events)
        if board is not None:
            echo("")
            echo(board.text())


def _run_with_progress(sim, end: int, show: bool) -> None:
    if not show:
        sim.run(until=end)
        return
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    start = sim.now
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                  TextColumn("{task.fields[when]}"), TimeRemainingColumn(),
                  transient=True) as bar:
        task = bar.add_task("simulating", total=end - start, when=clock.fmt(start))
        sim.run(until=end, progress=lambda now: bar.update(
            task, completed=now - start, when=clock.fmt(now)))


def sim_summary(sim) -> dict:
    counts = sim.store.counts()
    start = clock.align(clock.parse_when(sim.sc.scenario.start))
    ending = None
    if sim.ending:
        e = next(x for x in sim.sc.endings if x.id == sim.ending)
        ending = {"id": e.id, "title": e.title, "win": e.win}
    return {
        "scenario": sim.sc.scenario.id,
        "seed": int(sim.world.meta("seed") or 0),
        "now": sim.now,
        "time": clock.fmt(sim.now),
        "ticks": (sim.now - start) // clock.TICK,
        "residents": len([p for p in sim.people.values() if not p.is_player]),
        "log_sha256": sim.world.log_hash(),
        "ending": ending,
        # Every mind shown: by the player's choice, or because there is no player (a town to
        # watch showed them all under "open_minds": false; a playtest).
        "open_minds": sim.open_minds_used or not sim.has_player,
        # What the town did ("action_accuse": 1) is the open-minds view's: in play the
        # player had not seen the accusation it counted (a playtest).
        # So are the town's totals: "88 world events, 982 pieces of evidence" counted what
        # the player never saw happen (a playtest and an audit).
        **({"world_events": sim.world.count_events(), "evidence": counts["evidence"],
            "beliefs": counts["beliefs"], "belief_versions": counts["versions"],
            "counters": dict(sorted(sim.counters.items()))}
           if sim.open_minds_used or not sim.has_player else {}),
        **({"minds": _minds(sim)} if sim.open_minds_used or not sim.has_player else {}),
    }


def _print_meanwhile(passed: dict | None) -> None:
    """What the player saw while time ran on between two timed steps (or after the last)."""
    if not passed:
        return
    day = passed["from"].rpartition(" ")[0]  # "day 2": said once when both are on it
    to = passed["to"].removeprefix(day + " ") if day else passed["to"]
    echo(f"  … {passed['from']} to {to}, as time went by:")
    for line in passed["reply"].splitlines():
        echo(f"      {line}")


def _print_steps(steps: list[dict]) -> None:
    for step in steps:
        _print_meanwhile(step.get("meanwhile"))
        mark = "" if step["ok"] else "  (could not)"
        echo(f"  > {step.get('time', '')}  {step['command']}{mark}")
        for line in step["reply"].splitlines():
            echo(f"      {line}")


MINDS_SHOWN = 12  # questions whose every mind the summary prints


def _minds(sim) -> list[dict]:
    """What everyone believes of each question the endings turn on, beside what is so — the
    open-minds view `run --open-minds` promised and did not print (a playtest)."""
    from game.knowledge import questions

    claims = list(dict.fromkeys(c for e in sim.sc.endings for c in e.explain)) or \
        questions(sim)
    out = []
    for claim in claims:
        s_, _, a = claim.partition(".")
        truth = sim.world.fact(s_, a)
        held = sorted(((b.value, -b.confidence, b.resident) for b in sim.store.believers(s_, a)
                       if not sim.people[b.resident].is_player), key=lambda x: x)
        by_value: dict[str, list[dict]] = {}
        for value, conf, rid in held:
            by_value.setdefault(value, []).append({"resident": rid, "confidence": -conf})
        out.append({"claim": claim, "question": sim.say_claim(claim), "truth": truth,
                    "truth_words": sim.value_words(truth, a) if truth is not None else None,
                    "held": [{"value": v, "words": sim.value_words(v, a), "true":
                              None if truth is None else v == truth, "by": by}
                             for v, by in sorted(by_value.items(),
                                                 key=lambda kv: (-len(kv[1]), kv[0]))]})
    return out


def _print_summary(sim, s: dict, save_path: str | None, since_event: int = 0,
                   shown: int | None = 15) -> None:
    """`shown`: how many of the latest notable events to list (None: all)."""
    echo(f"{sim.sc.scenario.title} — seed {s['seed']}, now {s['time']} "
               f"({s['ticks']} tick{'' if s['ticks'] == 1 else 's'})")
    if "world_events" in s:  # (the town's totals: open minds, or no player)
        echo(f"  {s['world_events']} world events, {s['evidence']} pieces of evidence, "
             f"{s['beliefs']} beliefs")
    from game import PLAYER, seen_events, seen_summary
    from game import notable as notable_events

    # In play, what the player saw happen; with open minds (or no player), everything.
    everything = sim.open_minds_used or not sim.has_player
    events = sim.world.log() if everything else seen_events(sim, PLAYER)
    # (the story's own events too: a notice pinned up in front of you, an announcement)
    notable = notable_events(events)
    earlier = sum(1 for e in notable if e["id"] <= since_event)
    notable = [e for e in notable if e["id"] > since_event]
    if not everything:
        echo(("  what you saw happen this run:" if since_event else "  what you saw happen:")
             if notable else "  you saw nothing notable happen" +
             (" this run" if since_event else ""))
    elif notable:  # the world as it was, not what anyone saw: marked as such (an author's view)
        echo("  what happened (open minds: the world as it was):" if sim.has_player else
             "  what happened (no player in this scenario: the world as it was):")
    cap = len(notable) if shown is None else shown
    if len(notable) > cap or (earlier and not everything):
        # the latest are listed; say how many came before them (before this run too)
        n = max(0, len(notable) - cap) + earlier
        # (said before the list: "… and 1 thing seen before this run" read as a trailer
        # with the list still to come; a playtest) — and how to see them: a playtest found
        # no way to the story's first events but the HTML report.
        echo(f"  … {n} earlier not shown (--events all lists them)"
             if not earlier or len(notable) > cap else
             f"  … {n} thing{'s' if n != 1 else ''} seen before this run, not shown")
        if earlier and not everything:  # (a town with no player has no case board)
            echo("    (the case board lists all you saw: --notebook, under What you saw happen)")
    for e in notable[max(0, len(notable) - cap):] if cap else ():
        echo(f"  {clock.fmt(e['at'])}  "
                   f"{e['summary'] if everything else seen_summary(sim, e)}")
    if "mechanisms" in s:
        # Counts over every resident's memory: an author's view, never the player's.
        echo("  mechanisms (what every resident's memory did, for authors):")
        for k, v in s["mechanisms"].items():
            echo(f"    {k.replace('_', ' '):<28} {v:>7,}")
        if s.get("first_dormancy"):
            fd = s["first_dormancy"]
            echo(f"    first dormancy at {clock.fmt(fd['at'])}, {fd['half_lives']} "
                       f"effective half-lives ({fd['half_life_hours']} h) after last evoked")
    _print_steps(s.get("walkthrough", {}).get("steps", []))
    _print_meanwhile(s.get("walkthrough", {}).get("after"))
    if s["ending"]:
        won = "won" if s["ending"]["win"] else "lost"
        echo(f"  ending: {s['ending']['title']} ({won})")
        # How it ended, as a reply tells it — unless a step's reply already did (a run with no
        # commands, or one whose last step came before the end, said only the title).
        walked = s.get("walkthrough", {})
        told = any("The story is over: " in said["reply"]
                   for step in walked.get("steps", [])
                   for said in (step, step.get("meanwhile") or {"reply": ""}))
        told = told or "The story is over: " in (walked.get("after") or {}).get("reply", "")
        if not told:
            for line in sim.ending_lines()[1:]:
                for part in textwrap.wrap(line.text, 92) or [""]:
                    echo(f"    {part}")
        from game import post_mortem

        pm = post_mortem(sim)
        if pm is not None and sim.has_player and not everything:
            # The truth and whose beliefs decided it are every mind's, which play never shows:
            # marked as the open-minds view they are (two playtests took them for findings).
            echo("  now the story is over (open minds: what was so, and every mind):")
        for line in pm.lines()[1:] if pm is not None else []:
            echo(f"  {line}")
    if s.get("minds"):
        echo("  what everyone believes (open minds: every mind and what is so):" if
             sim.has_player else "  what everyone believes (no player: every mind and what is so):")
        # A generated town's hundreds of questions printed 1,800 lines (an author's run): the
        # first dozen, and how many more --json holds.
        for m in s["minds"][:MINDS_SHOWN]:
            truth = f" — really {m['truth_words']}" if m["truth_words"] is not None else ""
            echo(f"    {m['question'][:1].upper()}{m['question'][1:]}{truth}")
            for h in m["held"]:
                mark = "" if h["true"] is None else (" ✓" if h["true"] else " ✗")
                who = ", ".join(f"{sim.name(b['resident'])} {b['confidence']}%" for b in h["by"])
                echo(f"      {h['words']}{mark}: {who}")
            if not m["held"]:
                echo("      nobody holds a belief about it")
        if len(s["minds"]) > MINDS_SHOWN:
            echo(f"    … and {len(s['minds']) - MINDS_SHOWN:,} more questions (--json lists "
                 "every one)")
    if s["open_minds"] and sim.has_player:
        echo("  open minds was on: every mind and the truth were shown")
    # (said what it is for: a playtester read it as a stray debug line)
    echo(f"  world log sha256 {s['log_sha256'][:16]}… (a fingerprint of what happened: the "
         "same scenario, seed and commands give the same)")
    if save_path:
        echo(f"  saved to {save_path}")


# -- inspect and why ----------------------------------------------------------------------------


def _open(save: str):
    from game.sim import Simulation

    try:
        return Simulation.load(save)
    except (SaveError, ScenarioError) as exc:
        raise _bad(str(exc)) from None


@main.command()
@click.argument("save", type=click.Path(dir_okay=False))
@click.option("--resident", "-r", required=True, help="Whose beliefs (a resident id).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--all", "show_all", is_flag=True, help="Include beliefs about what others "
              "believe.")
@click.option("--claim", "claims", multiple=True, metavar="CLAIM",
              help="Only these claims: 'pie.taken_by', or every claim about a subject ('pie') "
                   "or of an attribute ('.taken_by'). Repeatable.")
def inspect(save: str, resident: str, as_json: bool, show_all: bool,
            claims: tuple[str, ...]) -> None:
    """Every belief a resident holds, with provenance (and the debug view: truth, staleness).
    The author's open-minds view: a whole mind, which a player only learns by asking."""
    sim = _open(save)
    resident = resident_named(sim, resident) or resident
    if resident not in sim.people:
        raise _bad(f"no resident {resident!r} in this save (residents: "
                   f"{', '.join(sorted(sim.people))})")
    rows = inspect_rows(sim, resident, show_all)
    if claims:
        # An author after one question among ninety presence memories ("pie.taken_by").
        every = rows
        rows = [r for r in rows if any(_claim_matches(r["claim"], c) for c in claims)]
        if not rows:
            # with the nearest of their own, as `why` says it (an author's trial)
            from difflib import get_close_matches

            near = get_close_matches(claims[0], sorted({r["claim"] for r in every}), n=1)
            raise _bad(f"{resident} holds no belief about {', '.join(claims)}"
                       + (f" (did you mean {near[0]!r}?)" if near else ""))
    if as_json:
        echo(json.dumps({"resident": resident, "time": clock.fmt(sim.now),
                         "open_minds": True, "beliefs": rows}, indent=2))
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    # Marked as the open-minds view, as the report is: a whole mind, truth beside it.
    t = Table(title=Text(clean(f"{sim.name(resident)} at {clock.fmt(sim.now)} — "
                               f"{len(rows)} belief{'' if len(rows) == 1 else 's'} · "
                               "open minds (the author's view)")),
              title_justify="left")
    for col in ("claim", "value", "conf", "state", "source", "told by", "origin", "others",
                "recall", "hist", "debug: true?", "flags"):
        t.add_column(col, no_wrap=col in ("claim", "value", "conf", "state", "hist", "recall"))
    for r in rows:
        # The source as `why` and the window name it (testimony, rumour, …), not its kind.
        cells = (r["claim"], r["value"], str(r["confidence"]), r["state"],
                 r["kind"] if r["kind"] in ("declared", "witnessed") else r["source"],
                 r["teller"] or "", r["origin"] or "", ", ".join(
                     f"{c['value']} {c['confidence']}" for c in r["candidates"][1:]),
                 f"{r['accessibility']:.2f} {r['access']}",
                 str(r["history"]),
                 {True: "yes", False: "NO", None: "—"}[r["debug"]["matches_truth"]],
                 " ".join(k.upper().replace("_", "-") for k, v in r["flags"].items() if v))
        # Text, not markup: a value like "[bold]" is shown as written, never interpreted.
        t.add_row(*(Text(clean(c)) for c in cells))
    console = Console()
    if not console.is_terminal or console.width < 140:
        console = Console(width=160)  # a pipe or a narrow window: keep the claims readable
    console.print(t)


def _claim_matches(claim: str, wanted: str) -> bool:
    """Whether `claim` (subject.attribute) is the one `wanted` names: the whole claim, a
    subject alone ("pie") or an attribute alone (".taken_by")."""
    wanted = wanted.strip()
    subject, _, attribute = claim.partition(".")
    if wanted.startswith("."):
        return attribute == wanted[1:]
    return claim == wanted if "." in wanted else subject == wanted


def inspect_rows(sim, resident: str, show_all: bool = False) -> list[dict]:
    rows = []
    for b in sim.store.beliefs(resident, about_others=show_all):
        full = sim.store.belief(resident, b.subject, b.attribute)
        truth = sim.world.fact(b.subject, b.attribute)
        rows.append({
            "claim": f"{b.subject}.{b.attribute}", "value": b.value,
            "candidates": [{"value": c.value, "confidence": c.confidence, "source": c.source}
                           for c in b.candidates],
            "confidence": b.confidence, "state": b.state.value, "kind": b.kind,
            "source": b.source, "teller": b.teller, "origin": b.origin,
            "accessibility": round(b.accessibility(sim.now), 3), "access": b.access(sim.now),
            "half_life_hours": round(b.half_life / 60, 1),
            "history": len(full.history) if full else 0,
            # Every flag a belief carries (issue 10): rechecks (§9), wants to go and look
            # (§8), stale (§9), misremembered (memory.misremember).
            "flags": {"recheck": b.recheck, "wants_look": b.wants_look, "stale": b.stale,
                      "misremembered": b.misremembered},
            "debug": {"matches_truth": None if truth is None else truth == b.value,
                      "truth": truth, "stale": b.stale},
        })
    return rows


@main.command()
@click.argument("save", type=click.Path(dir_okay=False))
@click.argument("resident")
@click.argument("claim", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True)
def why(save: str, resident: str, claim: tuple[str, ...], as_json: bool) -> None:
    """Why does RESIDENT believe CLAIM (subject.attribute)? The evidence chain and history,
    from the author's open-minds view (a player's `why` verb hears only what they say)."""
    from difflib import get_close_matches

    # Words typed unquoted ("ada_key moved") are one claim, read as the quoted ones are: click
    # refused the second as an "unexpected extra argument" (an author's trial).
    claim = " ".join(claim)  # type: ignore[assignment]
    sim = _open(save)
    if " " in claim.strip() or "." not in claim:
        # ... and named by its words as a command names it ("ada key moved"): the author's
        # words name any claim of the story (a review: the words were only refused).
        from game import CommandError

        try:
            with sim.names().as_author() as words:
                claim = words.claim(claim)
        except CommandError:
            pass  # refused below, with the nearest of their claims
    resident = resident_named(sim, resident) or resident
    if resident not in sim.people:
        near = get_close_matches(resident, sorted(sim.people), n=1)
        raise _bad(f"no resident {resident!r}" + (f" (did you mean {near[0]!r}?)" if near else ""))
    # (Blank parts name nothing: memory refuses an empty id, so " .location" is no claim.)
    subject, _, attribute = (part.strip() for part in claim.partition("."))
    ex = sim.store.explain(resident, subject, attribute) if subject and attribute else None
    if ex is None:
        # A misspelt claim is not the same as one this resident never formed a belief about:
        # say which, with the nearest of the resident's own claims (a claim as typed here:
        # not a belief about what someone else believes).
        theirs = sorted({f"{b.subject}.{b.attribute}" for b in sim.store.beliefs(resident)
                         if " " not in b.subject + b.attribute})
        near = get_close_matches(claim, theirs, n=1)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        if not subject or not attribute:
            raise _bad(f"{claim!r} is not a claim: write it subject.attribute, like "
                       f"'ada_key.location'{hint}")
        if not sim.store.believers(subject, attribute):
            raise _bad(f"nobody in this save holds a belief about {claim!r}{hint}")
        raise _bad(f"{resident} holds no belief about {claim}{hint}")
    if as_json:  # marked as the author's view, as run --json marks open minds
        echo(json.dumps({**json.loads(ex.model_dump_json()), "open_minds": True}, indent=2))
        return
    for line in why_lines(sim, ex):
        echo(line)
    echo("(open minds: the author's view of a whole memory, not what a player hears)")


def why_lines(sim, ex) -> list[str]:
    """An explanation in words: names for ids, what happened for event ids, times of day."""
    claim = f"{ex.subject}.{ex.attribute}"
    who = sim.name(ex.resident)
    out = [f"{who[:1].upper() + who[1:]} {sim.nverb(ex.resident, 'believe')} "
           f"{sim.say_claim(claim, ex.value)} "
           f"(confidence {ex.confidence}, {ex.state}, {ex.source})"]
    for chain in ex.supports:
        for depth, step in enumerate(chain.steps):
            out.append("  " * (depth + 1) + "← " + step_words(sim, step))
    for e in ex.against:
        out.append(f"  against it: {evidence_words(sim, e)}")
    out.append("history:")
    for v in ex.history:
        out.append(f"  {clock.fmt(v.at)}  {v.cause:<10} {v.value} {v.confidence} {v.state}"
                   f"  {v.note}")
    return out


# -- play and demo ------------------------------------------------------------------------------


@main.command()
@click.argument("scenario", required=False)
@click.option("--seed", type=SEED, default=0, show_default=True, help="Random seed.")
@click.option("--load", "load_path", type=click.Path(dir_okay=False),
              help="Continue this save.")
@click.option("--frames", type=click.IntRange(1, 1_000_000), default=None,
              help="Run this many frames headless (no window), then stop.")
@click.option("--screenshot", "shot", type=click.Path(dir_okay=False),
              help="Save a PNG of the last frame (headless).")
@click.option("--select", help="Open the belief inspector on this resident.")
@click.option("--claim", help="Open the claim view on SUBJECT.ATTRIBUTE.")
@click.option("--belief", help="Open this claim's history and evidence chain for the "
              "selected resident (or your notebook).")
@click.option("--open-minds", "--debug", "debug", is_flag=True,
              help="Start with open minds on: every mind and the truth (for authors).")
@click.option("--at", "at", help="Run the town headless to this time first ('day 2 10:00').")
@click.option("--commands", "commands_file", type=click.Path(dir_okay=False),
              help="Play this walkthrough's commands first.")
@click.option("--speed", type=click.Choice(["0", "1", "4", "16"]), default="0",
              show_default=True, help="Clock speed to start at (0: paused).")
@click.option("--tab", type=click.Choice(["case", "people", "claims", "log"]),
              help="Which panel to show.")
@click.option("--show", type=click.Choice(["help", "slots", "menu", "briefing", "command"]),
              help="Open an overlay (for screenshots).")
@click.option("--size", default="1280x720", show_default=True, help="Window size WxH.")
def play(scenario: str | None, seed: int, load_path: str | None, frames: int | None,
         shot: str | None, select: str | None, claim: str | None, belief: str | None,
         debug: bool, at: str | None, commands_file: str | None, speed: str,
         tab: str | None, show: str | None, size: str) -> None:
    """Open the game window (with --frames/--screenshot: headless, and save a PNG)."""
    from . import play as ui_play

    try:
        w, h = (int(x) for x in size.lower().split("x"))
    except ValueError:
        raise _bad(f"--size {size[:40]!r} is not like 1280x720") from None
    if not (320 <= w <= 8192 and 240 <= h <= 8192):
        raise _bad(f"--size {w}x{h}: from 320x240 to 8192x8192")
    if shot is not None:
        from game.save import check_output

        try:
            check_output(Path(shot), "screenshot")
        except SaveError as exc:
            raise _bad(str(exc)) from None
    _regular_file(commands_file, "--commands")
    if load_path and scenario is not None:  # (as `run`: the scenario was silently ignored)
        raise _bad("give a scenario or --load, not both")
    headless = frames is not None or shot is not None
    if frames is not None and frames < 1:
        raise _bad("--frames must be at least 1")
    if scenario is not None:  # a bad scenario is an error with or without a display
        try:
            load_scenario(scenario)
        except ScenarioError as exc:
            raise _bad(str(exc)) from None
    if not headless and not ui_play.has_display():
        echo(ui_play.no_display(scenario, load_path))
        return
    if at is not None:
        try:
            clock.parse_when(at)
        except clock.TimeFormatError as exc:
            raise _bad(str(exc)) from None
    kw = dict(scenario=scenario, seed=seed, load=load_path, select=select, claim=claim,
              belief=belief, debug=debug, at=at, speed=int(speed), tab=tab, show=show,
              commands=Path(commands_file) if commands_file else None)
    try:
        if headless:
            out = ui_play.screenshot(Path(shot or "hearsay-screenshot.png"), frames or 60,
                                     (w, h), **kw)
            echo(f"saved {out} ({frames or 60} frames, {w}x{h})")
        else:
            ui_play.window((w, h), **kw)
    except (SaveError, ui_play.PlayInputError, ui_play.WindowError) as exc:
        # (bad input, or SDL refusing a window: not a bug of ours; anything else once the
        # window runs is one, exit 1)
        raise _bad(str(exc)) from None


@main.command()
def demo() -> None:
    """Run the missing_key scenario for a day headless and print what people believe."""
    from game.sim import Simulation

    sim = Simulation.new("missing_key", seed=1)
    sim.run(days=1)
    # Every mind: the author's view, marked as `inspect`, `why` and `report` mark it (an audit)
    echo("Who moved Ada's key, in everyone's mind after a day (open minds: the author's "
         "view, not what a player hears):")
    for rid in sorted(sim.people):
        b = sim.store.belief(rid, "ada_key", "moved_by", history=False)
        if b:
            src = f" (told by {b.teller}, from {b.origin})" if b.teller else ""
            echo(f"{sim.name(rid):>5}: the key was moved by {b.value:<4} "
                       f"{b.confidence:>3}  {b.state.value:<11} {b.source}{src}")


@main.command()
@click.argument("save", type=click.Path(dir_okay=False))
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None,
              help="Where to write the HTML (default: SAVE with .html).")
def report(save: str, output: str | None) -> None:
    """Write an HTML report of a save: what everyone believes, and why (open it in a browser).
    The author's open-minds view: it shows what really happened, so it spoils a game still
    being played."""
    from game.save import report_target, write_text
    from ui.report import render

    try:
        out = report_target(Path(save), Path(output) if output else None)
        sim = _open(save)
        write_text(out, render(sim))
    except SaveError as exc:
        raise _bad(str(exc)) from None
    echo(f"wrote {out}" + (" (open minds: it shows what really happened, and this story is "
                           "not over)" if sim.has_player and not sim.ending else ""))





# Register more commands on `main`: edit, edits and diff; sweep (issue 11); eval (issue 15).
from . import cli_edit, cli_eval, cli_sweep  # noqa: E402,F401,I001


def entry() -> None:  # pragma: no cover
    main()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
