"""One game in the window: the simulation, its fixed-step clock, and what the player sees.

No pygame here. The session owns the `Simulation`, advances it in whole 10-minute ticks at the
chosen speed however fast the screen draws (a fixed-step accumulator), sends the player's
commands through `sim.command(...)` — the only way the window changes anything — and keeps the
transcript of what was said. Everything the scenes show is read from here.
"""

from __future__ import annotations

import time
from pathlib import Path

from game import (
    PLAYER,
    CommandError,
    Simulation,
    and_list,
    clock,
    followers,
    here_now,
    last_event,
    notices,
    overheard,
    own_way,
    seen_events,
    started_from,
)
from game.people import ASLEEP

from .slotnames import slot_label


class Known:
    """The player's knowledge at one moment, for the panels that draw it every frame: what
    each resident said in their hearing and where each was last seen or said to be."""

    def __init__(self, sim: Simulation, stamp: int):
        from game import last_visits, last_whereabouts, said, unanswered

        self.stamp = stamp
        self.said = said(sim) if sim.has_player else []
        self.where = {rid: last_whereabouts(sim, rid, self.said) for rid in sim.people
                      if rid != PLAYER} if sim.has_player else {}
        # Different things each said in the player's hearing — an answer, then the same
        # answer to `why`, is one; how they took what they were told or shown is not a thing
        # said ("Ada — told you 18 things" after six questions: a window playtest).
        things: dict[str, set[tuple[str, str]]] = {}
        for s in self.said:
            if s.kind != "reaction":
                things.setdefault(s.teller, set()).add((s.claim, s.value))
        self.told: dict[str, int] = {rid: len(t) for rid, t in things.items()}
        # Who showed where they stand in how they took what they were told or shown: not
        # "asked; knew nothing" of Hana, who came round to Dee when shown the key (a window
        # playtest).
        self.reacted: set[str] = {s.teller for s in self.said if s.kind == "reaction"}
        # asked, and told nothing ("I don't know"): not "not asked yet" (a window playtest)
        self.asked = {u.resident for u in unanswered(sim)} if sim.has_player else set()
        # The last minute the player was at each place (their record of it closes as they
        # arrive at the next, a walk's tick after they set off).
        self.visited: dict[str, int] = last_visits(sim) if sim.has_player else {}


SPEEDS = (0, 1, 4, 16)  # pause, 1x, 4x, 16x
TICKS_PER_SECOND = 1.0  # at 1x: one 10-minute tick per second of real time
MAX_STEPS_PER_FRAME = 4  # a slow frame never makes the clock race to catch up
AHEAD_MS = 8.0  # of a frame's time, at most this much runs the next tick ahead...
AHEAD_AFTER_MS = 1.5  # ...or this, in a frame that just finished one (the window looks again)
# Elastic pacing (the interactive window): a tick lands when its systems are done, a frame or
# a few late if it is a heavy one (the hour's sightings), and the clock makes the time up on
# the light ticks after it — so no frame waits for a tick, and over an hour of game time the
# clock keeps the speed asked for. Only when the machine cannot keep up for this long does
# the clock slow (it drops what it owes beyond MAX_BEHIND, as a slow frame always did).
ELASTIC_MS = 10.0  # of a frame's time, at most this much runs the simulation...
LOOK_MS = 4.0  # ...less this, in a frame that lands a tick (it draws what changed)...
FRAME_MS = 15.0  # ...and never more than leaves the window its own time within this
# However slow the drawing, the town keeps this much of a frame: on a display that takes most of
# a frame to draw and flip (Xvfb: 12-14 ms), 2 ms left 16x at a tenth of its speed; a frame of
# 18 ms (55 a second) is hardly seen, a clock at a tenth is.
MIN_MS = 5.0
MAX_BEHIND = 6.0  # ticks the clock may owe
# A light tick done before it is due may land up to this much of a tick early (the clock is
# then ahead, by a fraction of a second at 16x), so the time it saves goes to the heavy one.
EARLY = 0.75


class Session:
    def __init__(self, sim: Simulation, scenario: str | Path | None = None, seed: int = 0):
        self.sim = sim
        # Strict pacing (the default: tests, headless frames) lands each tick on the frame it
        # is due, finishing it there if need be, so what a frame shows follows from the frames
        # alone; the interactive window paces elastically (`elastic`, ELASTIC_MS).
        self.elastic = False
        self.clock = time.perf_counter  # what elastic pacing measures a frame's time by
        self.dropped = 0.0  # ticks' worth of time the clock let go when it could not keep up
        self._sim_ms = 0.0  # what the simulation took of the last frame (elastic)
        self._window_ms = 5.0  # what the window itself takes of a frame, smoothed (elastic)
        self.scenario = scenario if scenario is not None else sim.sc.scenario.id
        self.seed = seed
        self.speed = 0
        self._resume = 1  # the speed Space runs the clock at again (the last one it ran at)
        self.acc = 0.0
        self._open_minds = False
        self.stamp = 0  # bumps whenever the simulation changes, for caches
        self._checked: tuple = (None, None)  # (text, stamp, minute) -> what check said
        self.typed: list[str] = []  # commands the player typed, for recall with Up/Down
        self._log: list[dict] = []
        self._log_last = 0
        self._log_debug = False
        self._recent: tuple[int, list[dict]] = (-1, [])
        self._known: Known | None = None
        self._noticed = (last_event(sim), sim.now)  # notices are for what comes after
        # (place, who was here, who was with them) when the player last looked
        self._room: tuple | None = None
        # the tick's list of who read what with the player there, once it is said (a
        # command's reply says it: game.sim)
        self._reads: list | None = None
        self._asleep: set[str] = set()  # who slept where the player stood, last looked
        self.notice: str | None = None  # why the clock last paused itself
        # A story with no endings (an observer's town) stops the clock once, when the days
        # it was written for are over: it ran on past them with nothing said (a playtest).
        sc = sim.sc.scenario
        self._days_end = None if sim.sc.endings else \
            clock.parse_when(sc.start) + sc.days * clock.DAY
        if self._days_end is not None and sim.now >= self._days_end:
            self._days_end = None  # (a save from after them: already said)
        # The next tick, run ahead a few of its systems a frame (`sim.stepping()`) while it
        # comes due; it completes — the clock moves, the window looks again — only when it is
        # due, so the clock keeps the same time as running whole ticks.
        self._tick = None
        self._ran = 0  # slices of it done
        self._ready = False  # all of it done but the commit
        # What the slice after each step of a tick took, smoothed (elastic pacing): a frame
        # does not start a slice it has no time left for. The step names say which system
        # comes next — the hour's sightings after "company", a place's talk after "talk".
        self._expect: dict[str, float] = {}
        self._last = "start"  # the step the tick under way last paused after
        self.edits = 0  # authors' memory edits and undos made through this session
        if not len(sim.transcript):
            self._intro()
        self._keep("started")

    # -- making one -------------------------------------------------------------------------

    @classmethod
    def new(cls, scenario: str | Path, seed: int = 0) -> Session:
        return cls(Simulation.new(scenario, seed), scenario, seed)

    @classmethod
    def load(cls, path: str | Path) -> Session:
        sim = Simulation.load(path)
        # Restarting a loaded game starts the scenario the save was made from (its text is in
        # the save), even if the file has changed or, for a generated town, never existed.
        scenario, seed = started_from(sim)
        s = cls(sim, scenario, seed)
        s.note(f"Loaded {slot_label(path)} — {clock.fmt(sim.now)}.")
        s._keep("loaded", slot_label(path))
        return s

    def restart(self) -> Session:
        return Session.new(self.scenario, self.seed)

    def save(self, path: str | Path) -> Path:
        self.settle()
        out = self.sim.save(path)
        self.note(f"Saved to {slot_label(path)}.")
        self._keep("saved", slot_label(path))
        return out

    # -- what a save would keep ----------------------------------------------------------------

    def _mark(self) -> tuple:
        """Where the game stands: the minute, the last world event, what the transcript says
        (a refused command is not play), and authors' edits."""
        entries = list(self.transcript)
        # (A command the game refused is written down with its refusal, and does nothing:
        # F9 after "Ada is not here." asked whether to throw away play (a review).)
        said = sum(1 for i, e in enumerate(entries) if e.kind != "error" and not (
            e.kind == "command" and i + 1 < len(entries) and entries[i + 1].kind == "error"))
        return (self.sim.now, last_event(self.sim), said, self.edits)

    def _keep(self, how: str, slot: str = "") -> None:
        self._kept = self._mark()
        self.kept = (how, slot, self.sim.now)  # how the game last matched a file, and when

    @property
    def unsaved(self) -> bool:
        """Has the game moved on since it began, was loaded or last saved — so that loading
        another, starting again or quitting would lose play? A story that is over has none
        to lose: it ends where it ended."""
        return not self.over and self._mark() != self._kept

    def unsaved_words(self) -> str:
        """Since when the play is not saved, for a question before it is thrown away."""
        how, slot, at = self.kept
        since = {"started": f"the game began ({clock.fmt(at)})",
                 "loaded": f"you loaded {slot} ({clock.fmt(at)})",
                 "saved": f"you saved to {slot} ({clock.fmt(at)})"}[how]
        return f"What you have done since {since} is not saved, and would be lost."

    # -- two ways of looking -----------------------------------------------------------------

    @property
    def open_minds(self) -> bool:
        """Open minds: every resident's whole mind and the world's truth, for authors and
        debugging. Off, the screen shows only what the player has seen or been told."""
        return self._open_minds

    @open_minds.setter
    def open_minds(self, on: bool) -> None:
        self._open_minds = bool(on)
        # Said on the ending, kept with a save — but only if used before the story ended: on
        # after it, the ending's "not reached on what you found out alone" was untrue (a
        # window playtest).
        if on and not self.sim.ending:
            self.sim.open_minds_used = True
        self.stamp += 1

    debug = open_minds  # the old name of the same switch

    @property
    def full_minds(self) -> bool:
        """Show residents' whole minds: in open minds, or in a town with no player (there is
        no perceiver to be limited to)."""
        return self._open_minds or not self.has_player

    @property
    def transcript(self) -> list:
        """The conversation so far (the game keeps it, so a save holds it): entries with
        kind, who, text, at."""
        return self.sim.transcript.entries()

    def _intro(self) -> None:
        sim = self.sim
        if sim.has_player and sim.sc.player is not None and sim.sc.player.note:
            self.note(sim.sc.player.note)
        if sim.has_player:
            self.note(f"You are at {sim.place_name(self.place)}. {self._here_words()}")
        else:
            self.note("There is no player in this town: watch, select residents and inspect "
                      "what they believe.")

    def jumped(self) -> None:
        """After time was run on before the window opened (`play --at`): where the player
        stands now and who is here — the intro had said it of the start ('Nobody is here'
        stood above a status line's 'Here: Ola'; an author). What passed in the jump is not
        replayed as notices."""
        self._noticed = (last_event(self.sim), self.sim.now)
        if self._days_end is not None and self.sim.now >= self._days_end:
            self._days_end = None  # jumped past them: as a save from after them, not said
        if self.has_player:
            self.note(f"It is {clock.fmt(self.sim.now)}. You are at "
                      f"{self.sim.place_name(self.place)}. {self._here_words()}")
        self._room = None
        self._reads = getattr(self.sim, "read_seen", None)  # (before the jump: not said now)
        self._look_around()
        self.stamp += 1

    # -- the clock --------------------------------------------------------------------------

    @property
    def now(self) -> int:
        return self.sim.now

    @property
    def over(self) -> bool:
        return self.sim.ending is not None

    def set_speed(self, speed: int) -> None:
        if speed not in SPEEDS:
            raise ValueError(f"speed is one of {SPEEDS}")
        if speed == 0:
            self.acc = 0.0  # a tick run ahead stays so, until it is due or settled
        elif speed != self.speed:
            # What the clock owed at one speed is not owed at another (at 1x, six ticks owed
            # at 16x would be an hour of the town in a few frames).
            self.acc = min(self.acc, 1.0)
        if speed and not self.speed:  # (the clock starts: its lines are timed from today)
            self._run_day = clock.day_of(self.sim.now)
        self.speed = speed
        if speed:
            self._resume = speed

    def _at(self, minute: int) -> str:
        """"At 14:00: " — and its day, once the clock has run past the day it started on:
        two nights at 16x logged "At 14:00: Pia has gone" on day 3 and again on day 4 (a
        window playtest), as a reply names the day when its time crossed one."""
        day = clock.day_of(minute)
        return f"At {clock.fmt_clock(minute)}" + (
            f" on day {day}: " if day != getattr(self, "_run_day", day) else ": ")

    def toggle_pause(self, resume_to: int | None = None) -> None:
        """Space: pause, or run again at the speed it last ran at (1x at first) — after the
        clock stopped itself at a notice, a player at 16x was put back to 1x."""
        self.set_speed(0 if self.speed else resume_to or self._resume)

    def advance(self, dt: float) -> int:
        """Let `dt` seconds of real time pass; returns how many ticks the simulation took."""
        if self.speed == 0 or self.over:
            return 0
        self.acc += dt * self.speed * TICKS_PER_SECOND
        if self.elastic:
            t0 = self.clock()
            n = self._advance_elastic()
            self._sim_ms = (self.clock() - t0) * 1000
            return n
        steps = int(self.acc + 1e-9)  # 6 frames of 1/6 s at 4x are 4 ticks, not 3.999…
        if steps > MAX_STEPS_PER_FRAME:
            steps, self.acc = MAX_STEPS_PER_FRAME, 0.0
        else:
            self.acc = max(0.0, self.acc - steps)
        for i in range(steps):
            self.step()
            if self.over:
                break
            if self.take_notice():  # something the player should see: stop the clock
                self.set_speed(0)
                return i + 1
        if self.speed and not self.over:
            self._ahead(self.acc, AHEAD_AFTER_MS if steps else AHEAD_MS)
        return steps

    def window_took(self, frame_ms: float) -> None:
        """The last frame took `frame_ms` in all (the window tells the session): less the
        simulation's part, that is what drawing costs on this machine and display, and the
        simulation gets what is left of FRAME_MS — a slow display slows the clock, not the
        frames."""
        own = max(0.0, frame_ms - self._sim_ms)
        self._window_ms += (own - self._window_ms) * 0.2

    def _advance_elastic(self) -> int:
        """Run the simulation for at most ELASTIC_MS of this frame: land the tick under way
        when it is done and due, and run the next one's systems ahead. A frame that lands a
        tick also draws what changed, so it keeps LOOK_MS of its time for that. A tick that
        comes due before it is done lands on a later frame; the clock owes it (`acc` above 1)
        and lands the ticks after it as soon as each is done, until it has caught up."""
        start = self.clock()
        if self.acc > MAX_BEHIND:
            self.dropped += self.acc - MAX_BEHIND
            self.acc = MAX_BEHIND
        stop = start + max(MIN_MS, min(ELASTIC_MS, FRAME_MS - self._window_ms)) / 1000
        landed = ran = 0
        while True:
            if self._tick is not None and self._ready and self.acc >= 1 - EARLY:
                if not landed:
                    if ran and self.clock() > stop - LOOK_MS / 1000:
                        return 0  # no time left to draw what it changes: the next frame
                    stop -= LOOK_MS / 1000  # (a frame can always land one first thing)
                self._finish_tick()  # the clock moves; the window looks again
                self.acc -= 1
                self.stamp += 1
                landed += 1
                if self.over:
                    return landed
                if self.take_notice():  # something the player should see: stop the clock
                    self.set_speed(0)
                    return landed
            if self._tick is None:
                self._tick, self._ran, self._ready = self.sim.stepping(), 0, False
                self._last = "start"
            expect = self._expect
            t = self.clock()
            while not self._ready:
                # The first slice of a frame always runs (the town never stops); after it, one
                # that would not fit in what is left waits for the next frame.
                if t >= stop or (ran and t + expect.get(self._last, 0.0) > stop):
                    break
                try:
                    name = next(self._tick)
                except StopIteration:  # an ending, or a town already over: nothing to run
                    self._ready = True
                    break
                now = self.clock()
                was = expect.get(self._last, now - t)
                expect[self._last] = was + (now - t - was) * 0.3
                self._last, t = name, now
                self._ran += 1
                ran += 1
                if name == "ready":
                    self._ready = True
            if not self._ready or self.acc < 1 - EARLY:
                return landed  # out of this frame's time, or done and not yet due

    def _ahead(self, due: float, budget_ms: float = AHEAD_MS) -> None:
        """Run the next tick's systems ahead, for at most `budget_ms` of this frame: a tick's
        work is spread over the frames before it is due instead of landing on one frame. It
        completes only when due (`advance`), so the clock keeps its time."""
        if due <= 0 and self._tick is None:
            return
        if self._tick is None:
            self._tick, self._ran = self.sim.stepping(), 0
        if self._ready:
            return
        stop = time.perf_counter() + budget_ms / 1000
        while time.perf_counter() < stop:
            try:
                name = next(self._tick)
            except StopIteration:  # an ending: nothing more to run
                self._finish_tick()
                return
            self._ran += 1
            if name == "ready":  # all but the tick's commit: that waits until it is due
                self._ready = True
                return

    def _finish_tick(self) -> None:
        if self._tick is not None:
            for _ in self._tick:
                self._ran += 1
            self._tick, self._ready = None, False

    def settle(self) -> None:
        """Finish a tick run ahead, before anything else reads or changes the town (a
        command, a save, an edit, a pause)."""
        if self._tick is not None:
            self._finish_tick()
            self.acc = 0.0
            self.stamp += 1
            self.take_notice()

    def take_notice(self) -> bool:
        """Write the notices of what happened since the last look into the transcript (the
        log lists them); True if there were any."""
        after, since = self._noticed
        found = notices(self.sim, after, since)
        # Into the log too, stopping nothing — unless a command's reply has said them.
        heard = [n for n in overheard(self.sim, after)
                 if not self.sim.transcript.spoken(n.event)]
        self._noticed = (last_event(self.sim), self.sim.now)
        for n in sorted(found + heard, key=lambda n: (n.at, n.event or 0)):
            # Words caught in passing carry their minute, as a reply's do ("At 09:10: …"):
            # untimed under "It is 09:50 on day 3" they read as out of order (a playtest).
            # And their day, when it is not today's: after a wait of two days the log ran
            # "At 17:10: …" then "At 08:40: …" (a window playtest).
            # (as a reply says them: game.sim, unless all the time passed within one day)
            # (or past the day the clock started running on, as the comings and goings are)
            when = clock.fmt_clock(n.at) + ("" if clock.day_of(since) == clock.day_of(
                self.sim.now) and clock.day_of(n.at) == getattr(
                    self, "_run_day", clock.day_of(n.at)) else f" on day {clock.day_of(n.at)}")
            self.sim.transcript.add(
                "notice" if n in found else "mark",
                n.text if n in found else f"At {when}: {n.text}", n.at,
                event=n.event)
        if heard and not found:
            self.stamp += 1
        self._look_around()
        if found:
            self.notice = found[-1].text
            self.stamp += 1
        if self._days_end is not None and self.sim.now >= self._days_end:
            days = self.sim.sc.scenario.days
            text = (f"The story's {days} day{'s are' if days != 1 else ' is'} over "
                    f"({clock.fmt(self._days_end)}). The town goes on if you let the clock "
                    "run.")
            self._days_end = None
            self.sim.transcript.add("notice", text, self.sim.now)
            self.notice = text
            self.stamp += 1
            return True
        return bool(found)

    def _look_around(self) -> None:
        """While the clock runs, who came or went where the player stands goes into the log
        as a command's reply says it ("Here now: Greta."), though it stops nothing: Ben left
        and Lin came with nothing said (a playtest)."""
        if not self.has_player:
            return
        room = (self.place, tuple(self.here()), tuple(followers(self.sim)))
        if self._room is not None:
            place, here, with_you = self._room
            gone = [r for r in with_you if r not in room[2] and not self.sim.ending]
            # At the minute, as a wait's reply places what it saw ("At 10:00: …"): six lines
            # of comings and goings with no time read as one moment (a window playtest).
            at = self._at(self.sim.now)
            for rid in gone:  # "At 10:00: Pat went their own way."
                self.sim.transcript.add("mark", at + own_way(self.sim, rid, past=True),
                                        self.sim.now)
            moved = room[0] == place and room[1] != here
            if moved:
                self.sim.transcript.add("mark", at + self._room_words(here, room[1], with_you),
                                        self.sim.now)
            if gone or moved:
                self.stamp += 1
        self._room = room
        self._asleep = self._asleep_here()
        self._look_at_reading()

    def _look_at_reading(self) -> None:
        """Who read what hangs where the player stands, while the clock ran ("At 08:10:
        Tilly read the new ledger here."): her change of mind after had no cause the player
        could see (a playtest). Only that they read it: what it says is theirs. As the last
        tick's reading saw them with the player there (`game.reading`); once a tick, not
        again after a command, whose reply said them."""
        sim = self.sim
        seen = getattr(sim, "read_seen", None)
        if not seen or seen is self._reads:
            return
        self._reads = seen
        at = self._at(sim.now - clock.TICK)
        for x, d in seen:
            sim.transcript.add("mark", f"{at}{sim.name(x)} read {sim.documents[d]['name']} "
                               "here.", sim.now - clock.TICK)
            self.stamp += 1

    def _room_words(self, was: tuple, now: tuple, with_you: tuple) -> str:
        """Who came or went where the player stands — and who fell asleep or woke there:
        "Greta has gone. Nobody is here now." four times over one night, of a Greta asleep
        in her own cottage (a window playtest)."""
        sim = self.sim
        asleep = self._asleep_here()
        out = [r for r in was if r not in now and r not in with_you]  # (one going their
        slept = [r for r in out if r in asleep]                       # own way is said so)
        woke = [r for r in now if r not in was and r in self._asleep]
        if not slept and not woke:
            return here_now([sim.name(r) for r in now], [sim.name(r) for r in out])

        def did(who: list[str], one: str, many: str) -> list[str]:
            return [f"{and_list([sim.name(r) for r in who])} "
                    f"{one if len(who) == 1 else many}"] if who else []

        names = [sim.name(r) for r in now]
        return " ".join([*did([r for r in out if r not in slept], "has gone.", "have gone."),
                         *did(slept, "has fallen asleep.", "have fallen asleep."),
                         *did(woke, "wakes.", "wake."),
                         f"Here now: {and_list(names)}." if names else
                         "Nobody awake here now."])

    def _asleep_here(self) -> set[str]:
        return {r for r, st in self.sim.state.items()
                if st.place == self.place and st.status == ASLEEP and r != PLAYER}

    @property
    def alpha(self) -> float:
        """How far into the next tick the clock is (0..1), for smooth drawing."""
        return max(0.0, min(1.0, self.acc)) if self.speed else 0.0  # (elastic: it may owe)

    def step(self) -> None:
        """One whole tick (the rest of one run ahead, if there is one)."""
        if self._tick is not None:
            self._finish_tick()
        else:
            self.sim.step()
        self.stamp += 1

    # -- the player -------------------------------------------------------------------------

    @property
    def has_player(self) -> bool:
        return self.sim.has_player

    @property
    def place(self) -> str | None:
        st = self.sim.state.get(PLAYER)
        return st.place if st else None

    def here(self) -> list[str]:
        """Residents awake where the player is (whom the player can talk to)."""
        if self.place is None:
            return []
        return [r for r in self.sim.present(self.place) if r != PLAYER]

    def _here_words(self) -> str:
        names = [self.sim.name(r) for r in self.here()]
        return ("Here: " + ", ".join(names) + ".") if names else "Nobody is here."

    def check(self, text: str) -> str | None:
        """Why `text` is not a command (the parser's words), or None if it is one. Kept
        while the text and the town stand still: the command line asks every frame, and a
        claim and value of several words are tried split after split."""
        key = (text, self.stamp, self.sim.now)
        if self._checked[0] == key:
            return self._checked[1]
        try:
            self.sim.parse_typed(text)
            out = None
        except CommandError as exc:
            out = str(exc)
        self._checked = (key, out)
        return out

    def submit(self, text: str) -> bool:
        """Carry out a typed command through `sim.command` (which writes what was typed and
        said into the transcript); True if it was a command."""
        text = " ".join(text.split())
        if not text:
            return False
        try:
            cmd = self.sim.parse_typed(text)
        except CommandError as exc:
            self.sim.transcript.add("error", str(exc), self.sim.now)
            return False
        self.typed.append(text)
        was = self.sim.now
        self.settle()
        if self.sim.now != was:
            # A tick already under way when the clock stopped lands before the command: said,
            # or the player reads "paused at 17:50, my command ran at 18:00" as the command's
            # cost (two playtesters did).
            # ("The clock ran on to 13:50 first: those 10 minutes were already under way"
            # was unclear to a window playtester)
            self.note(f"The clock was already moving when you paused: it finished its "
                      f"{self.sim.now - was} minutes to {clock.fmt_clock(self.sim.now)}, "
                      "then your command.")
        self.sim.command(cmd, typed=text)
        self._run_day = clock.day_of(self.sim.now)  # (its reply said the days it crossed)
        # Its reply said who is here now, and who went their own way.
        self._room = (self.place, tuple(self.here()), tuple(followers(self.sim)))
        self._reads = getattr(self.sim, "read_seen", None)  # (its reply said who read)
        self.take_notice()  # what happened while the verb took its time
        self.stamp += 1
        return True

    def edit(self, kind: str, rid: str, claim: str, *, value: str | None = None,
             confidence: int | None = None, undo: int | None = None):
        """An author's edit of a memory (open minds only): through `game.edit_memory`, which
        audits it; returns the edit, or the reason it was refused (a string)."""
        from game import edit_memory, undo_edit
        from memory import InvalidEvidence

        if not self.full_minds:
            return "Memory edits are for authors: open minds (D) first."
        self.settle()
        try:
            if undo is not None:
                e = undo_edit(self.sim, undo)
            else:
                e = edit_memory(self.sim, kind, rid, claim, value=value, confidence=confidence)
        except InvalidEvidence as exc:
            return exc.reason
        self.stamp += 1
        self.edits += 1  # an undo can leave memory's signature as it was (ui.inspectmodel)
        return e

    def note(self, text: str) -> None:
        self.sim.transcript.add("narration", text, self.sim.now)

    def known(self) -> Known:
        """What the player knows, read once per change of the game (see `Known`)."""
        if self._known is None or self._known.stamp != self.stamp:
            self._known = Known(self.sim, self.stamp)
        return self._known

    # -- what was seen ----------------------------------------------------------------------

    def log(self) -> list[dict]:
        """The event log: what the player took part in or witnessed — in the debug view (or a
        town with no player), every world event. Read incrementally."""
        everything = self.open_minds or not self.has_player
        if everything != self._log_debug:
            self._log, self._log_last, self._log_debug = [], 0, everything
        new = seen_events(self.sim, None if everything else PLAYER, self._log_last)
        if new:
            self._log.extend(new)
            self._log_last = new[-1]["id"]
        return self._log

    def recent(self) -> list[dict]:
        """World events of the last tick (conversations to show on the map), cached."""
        if self._recent[0] != self.stamp:
            since = self.sim.now - clock.TICK
            self._recent = (self.stamp, self.sim.world.log(since=since))
        return self._recent[1]

    def ending(self):
        """The scenario's ending record once the story is over, else None."""
        if not self.sim.ending:
            return None
        return next((e for e in self.sim.sc.endings if e.id == self.sim.ending), None)
