"""Play a walkthrough — a file of player commands with times — headless, to an ending."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from . import clock
from .commands import CommandError, WalkthroughError, parse_walkthrough, parse_walkthrough_text

if TYPE_CHECKING:
    from .town import Game


@dataclass
class Played:
    ending: str | None
    win: bool | None
    steps: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"ending": self.ending, "win": self.win, "steps": self.steps}


def play(sim: Game, path: Path | None, *, to_end: bool = True,
         open_minds: bool = False, text: str | None = None, strict: bool = True) -> Played:
    """Run `path`'s commands (or those of `text`, a walkthrough's words) at their times, then
    (by default) to the scenario's end. The replies are as the player reads them (with open
    minds: with the numbers behind them). A step naming a hidden spot the player has no lead
    on then stops it with a WalkthroughError, as a made-up spot does before the run; not
    `strict` (a sweep, playing one walkthrough over many seeds), the verb refuses it in
    those words and the walkthrough goes on."""
    start = sim.now
    end = end_of(sim)
    last = story_end(sim)
    if text is not None:
        steps = parse_walkthrough_text(text, sim.names(), start, last,
                                       path or "<walkthrough>")
    else:
        steps = parse_walkthrough(path, sim.names(), start, last)
    out = Played(None, None)
    for st in steps:
        if sim.ending:
            # At the minute it ended: a step printed with no time read as a glitch (a playtest).
            out.steps.append({"line": st.line, "time": clock.fmt(sim.now),
                              "command": st.typed or st.command.text, "ok": False,
                              "reply": "the story was already over"})
            continue
        if st.at is not None:
            sim.run(until=st.at)
        at = sim.now
        if strict:
            _guessed_spot(sim, st, path)
        reply = sim.command(st.command, typed=st.typed or None)
        out.steps.append({"line": st.line, "time": clock.fmt(at),
                          "command": st.typed or st.command.text,
                          "ok": reply.ok, "reply": reply.text(open_minds)})
    if to_end:
        sim.run(until=end)
    if sim.ending:
        e = next(x for x in sim.sc.endings if x.id == sim.ending)
        out.ending, out.win = e.id, e.win
    return out


def _guessed_spot(sim: Game, st, path: Path | None) -> None:
    """A step that names a hidden spot the player has no lead on stops the file, in the words
    a made-up spot stops it with before the run. Read only before the run (where a hidden
    spot's id parses), it ran as a refused step while a made-up id stopped the file: which
    spots exist could be told apart by a guess (a playtest). The rest of the step stays as
    read before the run: a walkthrough may name an answer by its id (`vocab.value`)."""
    unled = sim.names().unled_spots()
    if not unled or not unled.intersection(st.command.args):
        return
    try:
        sim.parse_typed(st.typed or st.command.text)
    except CommandError as exc:
        raise WalkthroughError(path or Path("<walkthrough>"), st.line, str(exc)) from None


def end_of(sim: Game) -> int:
    """When a played game stops if no ending came: an hour past the scenario's last day."""
    return clock.align(clock.parse_when(sim.sc.scenario.start)) + sim.sc.scenario.days * \
        clock.DAY + clock.HOUR


def story_end(sim: Game) -> int:
    """When the story is over for certain: the first minute an ending comes whatever happened
    (its condition "true", or none), or else `end_of`. A step at or after it can do nothing.
    (A goal's `by` is a deadline for the player, not the end: in missing_key the goals are
    due at day 3 18:00 and the story ends at 18:10.)"""
    ends = [clock.parse_when(e.at) for e in sim.sc.endings
            if e.at is not None and (e.when or "true").strip() == "true"]
    return min([end_of(sim), *ends])


def walkthroughs(folder: Path) -> list[Path]:
    """A scenario's walkthroughs: win-*.txt and lose-*.txt beside its scenario.toml."""
    return sorted(p for p in folder.glob("*.txt") if p.name.startswith(("win-", "lose-")))
