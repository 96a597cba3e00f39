"""Play a walkthrough — a file of player commands with times — headless, to an ending."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from . import clock
from .commands import (
    Command,
    CommandError,
    WalkthroughError,
    parse_walkthrough,
    parse_walkthrough_text,
)
from .player import PLAYER

if TYPE_CHECKING:
    from .town import Game


@dataclass
class Played:
    ending: str | None
    win: bool | None
    steps: list[dict] = field(default_factory=list)
    # What the player saw and overheard as the story ran on after the last step (its lines,
    # as a step's reply), with the minutes it ran from and to.
    after: dict | None = None

    def as_dict(self) -> dict:
        return {"ending": self.ending, "win": self.win, "steps": self.steps,
                **({"after": self.after} if self.after else {})}


def watch_until(sim: Game, until: int, open_minds: bool = False) -> dict | None:
    """Time run on to `until` as the player lives it: what they saw and overheard meanwhile
    (`Game.pass_until`), as {"from", "to", "reply"} — or None when they saw nothing."""
    since = sim.now
    got = sim.pass_until(until)
    if not got.lines:
        return None
    return {"from": clock.fmt(since), "to": clock.fmt(sim.now),
            "reply": got.text(open_minds)}


def play(sim: Game, path: Path | None, *, to_end: bool = True,
         open_minds: bool = False, text: str | None = None, strict: bool = True,
         watch: bool = True) -> Played:
    """Run `path`'s commands (or those of `text`, a walkthrough's words) at their times, then
    (by default) to the scenario's end. The replies are as the player reads them (with open
    minds: with the numbers behind them). A step naming a spot the player cannot see — hidden
    with no lead, or not there — stops it with a WalkthroughError when it comes (`_read_now`);
    not `strict` (a sweep, playing one walkthrough over many seeds), it is a refused step
    and the walkthrough goes on. Not `watch` (a sweep, which reads only the ending), the time
    between steps is run without telling what was seen in it: the same world, a third faster
    (a review)."""

    def passing(until: int) -> dict | None:
        if watch:
            return watch_until(sim, until, open_minds)
        sim.run(until=until)
        return None

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
        typed = st.typed or (st.command.text if st.command else "")
        if sim.ending:
            # At the minute it ended: a step printed with no time read as a glitch (a playtest).
            out.steps.append({"line": st.line, "time": clock.fmt(sim.now),
                              "command": typed, "ok": False,
                              "reply": "The story was already over."})
            continue
        meanwhile = passing(st.at) if st.at is not None else None
        at = sim.now
        cmd, refused = _read_now(sim, st, strict)
        if refused is not None and strict:
            err = WalkthroughError(path or Path("<walkthrough>"), st.line, refused)
            err.played = out.steps  # what went before the stop, for the one who debugs it
            err.meanwhile = meanwhile  # and the time lived up to it (it was lost)
            raise err
        if cmd is None:  # (a sweep: refused as the verb refuses a guessed hidden spot)
            out.steps.append({"line": st.line, "time": clock.fmt(at), "command": typed,
                              "ok": False, "reply": refused,
                              **({"meanwhile": meanwhile} if meanwhile else {})})
            continue
        reply = sim.command(cmd, typed=st.typed or None)
        out.steps.append({"line": st.line, "time": clock.fmt(at), "command": typed,
                          "ok": reply.ok, "reply": reply.text(open_minds),
                          **({"meanwhile": meanwhile} if meanwhile else {})})
    if to_end and not sim.ending:
        out.after = passing(end)
    if sim.ending:
        e = next(x for x in sim.sc.endings if x.id == sim.ending)
        out.ending, out.win = e.id, e.win
    return out


def _read_now(sim: Game, st, strict: bool) -> tuple[Command | None, str | None]:
    """The step's command as it stands when its step comes, or why it names nothing then.

    A spot nobody can see by a place's name — a hidden one the player has no lead on, or
    one that is not there — is refused when its step comes, in the words typed play gives
    (`parse_typed`), whichever it is: a hidden spot's id is read before the run (it may
    be led to by then), and a made-up one waits with it (`commands._spot_of_a_place`).
    Refused before the run while a hidden one ran as a refused step, a guess told which
    spots exist (a playtest). So is an answer the player has not met by then, by its id or
    its words, as play refuses it (read before the run, a walkthrough's line may name any
    answer: `vocab.value`). Otherwise the step stays as read before the run."""
    if st.command is None:
        try:
            return sim.parse_typed(st.typed), None
        except CommandError as exc:
            return None, str(exc)
    v = sim.names()
    if st.typed and st.command.verb == "search" and st.command.args and \
            "." in st.command.args[0] and \
            st.command.args[0].partition(".")[0] != sim.state[PLAYER].place:
        # A spot by a word two places share ("desk"), read before the run as the one known
        # then: read again where the player stands, as play reads it ("search desk" at
        # Oswin's house searched the apothecary's in a walkthrough, his in the window; a
        # playtest).
        try:
            again = sim.parse_typed(st.typed)
        except CommandError:
            again = None
        if again is not None and again.args[:1] and \
                again.args[0].partition(".")[0] == sim.state[PLAYER].place:
            return again, None
    if strict:  # (a sweep lets the verb refuse a hidden one in those words)
        unled = v.unled_spots()
        if unled and unled.intersection(st.command.args):
            try:
                sim.parse_typed(st.typed or st.command.text)
            except CommandError as exc:
                return None, str(exc)
    if _names_unmet_answer(v, st.command) or _names_unmet_claim(v, st.command) or \
            (unmet := v.unmet_things()) and unmet.intersection(st.command.args):
        # (a secret thing not met by now, by its id: as play refuses it — `vocab.thing`)
        # Read as play reads it: an answer the player has not met by now names nothing, by
        # its id or its words. 'conclude ben refused working' in a walkthrough's first
        # minute spelt out the hidden answer, while '… night shift' was refused (a
        # playtest): ids were a free oracle. No verb refuses it later, so a sweep too.
        try:
            sim.parse_typed(st.typed or st.command.text)
        except CommandError as exc:
            return None, str(exc)
    return st.command, None


def _names_unmet_claim(v, cmd: Command) -> bool:
    """Whether `cmd` names a question the player does not know of by now (by its id: read
    before the run, a walkthrough's line may name any — `vocab.claim`)."""
    attributes = v.sim.attributes
    for arg in cmd.args:
        s, dot, a = arg.partition(".")
        if dot and (arg in v.claims.entries or (a in attributes and arg not in
                                                 v.spots.entries)) and v.unmet_claim(arg):
            return True
    return False


def _names_unmet_answer(v, cmd: Command) -> bool:
    """Whether `cmd` gives a claim an answer the player has not met (nor can anyone name)."""
    for i, arg in enumerate(cmd.args[:-1]):
        if arg in v.claims.entries:
            known = v.known_answers(arg)
            value = cmd.args[i + 1]
            return known is not None and value in v.values.entries and value not in known
    return False


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
