"""The simulation: one town, one SQLite database, one seeded random generator, 10-minute ticks.

Each tick (one transaction; ticks run back to back share one) is a pipeline of systems, each a
module called in order with the town (typed by the protocols of `game.town`): scheduled events
(`acts`) -> reading (`reading`) -> company (`copresence`) -> talk (`talk`, place by place) ->
perception (memory takes in the tick's evidence) -> decisions and actions (`thinking`,
`pursuit`, resident by resident) -> perception -> attention (`attention`) -> the memory passes
(hourly, and daily aging) -> the clock moves on -> movement (`movement`: everyone goes where the
new minute has them, so the player, acting between ticks, meets them there). `stepping()`
yields between systems, so a window can run a tick a few systems a frame; nothing outside
reads the town until the tick is done. Everything that decides what happens next is in the
database or in the saved runtime state, so the same scenario, seed and commands give the same
world log, byte for byte.
"""

from __future__ import annotations

import gc
import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from sqlite_utils import Database

from memory import Belief, Evidence, EvidenceRecord, MemoryStore, Salient
from memory.driver import sqlite3

from . import (
    acts,
    attention,
    clock,
    commands,
    copresence,
    knowledge,
    movement,
    pacing,
    perception,
    player,
    pursuit,
    reading,
    talk,
    thinking,
)
from .attributes import BUILTIN_ATTRIBUTES
from .commands import Command
from .conditions import Condition
from .ctx import ConditionContext
from .model import LanguageModel, ModelNarrator, ModelSettings
from .naming import Naming
from .people import AWAKE, Person
from .player import PLAYER, Reply
from .scenario import load_scenario
from .scenario.loader import LoadedScenario
from .scenario.model import Reaction, Scenario
from .setup import Setup
from .state import RState
from .thinking import DECIDE_EVERY  # noqa: F401 - part of this module's public names
from .town import CROWD_SEEN
from .transcript import Transcript
from .vocab import Vocabulary
from .words import TemplateNarrator
from .world import Event, World

OVERHEARD_SHOWN = 6  # words caught in passing said in one reply, the latest

TELLABLE = 12  # how many of its beliefs a speaker considers bringing up
DEFAULT_IMPORTANCE = 3


# A tick makes and drops hundreds of thousands of small objects, and memory keeps a working
# set of a few hundred thousand more: Python's cyclic collector, left at its default of a
# young collection every 700 allocations, spends a fifth of a town's time scanning them (and
# its pauses land on frames). Nothing here makes cycles that need it soon; collect less often.
GC_YOUNG = 50_000
# Ticks run back to back with nobody watching (`run`, a verb's time) collect rarer still: a
# young collection walks every container made since the last (a tick's batch is thousands of
# rows), and at a thousand residents they were 3-4 % of a run; four times the span halves
# that. The window keeps GC_YOUNG, whose pauses fit between its frames.
GC_YOUNG_RUN = 200_000
# Residents who think and pursue between two of a tick's pauses (`stepping`): a window runs a
# tick a slice at a time between frames, and two hundred residents' decisions are one too many.
DECIDE_STRETCH = 25


@contextmanager
def _collecting_rarely():
    """GC_YOUNG_RUN for the ticks of a run, the thresholds as they were after it."""
    young, middle, old = gc.get_threshold()
    if not young or young >= GC_YOUNG_RUN:
        yield
        return
    gc.set_threshold(GC_YOUNG_RUN, middle, old)
    try:
        yield
    finally:
        gc.set_threshold(young, middle, old)


def _collect_less_often() -> None:
    young, middle, old = gc.get_threshold()
    if young and young < GC_YOUNG:
        gc.set_threshold(GC_YOUNG, max(middle, 20), max(old, 20))


class Simulation(Setup, Naming):
    def __init__(self, db: Database, scenario: Scenario, *, file: str = "scenario.toml",
                 templates: dict[str, str] | None = None):
        """`templates`: the scenario's own word templates, already checked (see
        `game.templates`); `file` only names the scenario in messages."""
        _collect_less_often()
        self.db = db
        self.sc = scenario
        self.file = file
        info = scenario.scenario
        self.store = MemoryStore(db, policy=info.revision, default_trust=info.default_trust,
                                 params=scenario.memory_params())
        self.world = World(db)
        self.transcript = Transcript(db)
        self.rng = random.Random(0)
        self.seed = 0  # the run's seed: hashed for draws that must not use the rng's stream
        self.pending: list[Evidence] = []
        self.ambient: list[Evidence] = []  # taken in without attention (game.copresence)
        # place -> (the hour, who was there) when its company was last taken in, the tick
        # before (game.copresence); nothing to save: empty, every place is taken in afresh.
        self.taken_in: dict[str, tuple[str, frozenset[str]]] = {}
        self.changed: list[tuple[str, int]] = []
        self.places = {p.id: {"name": p.name, "kind": p.kind, "x": p.x, "y": p.y,
                              "spots": list(p.spots), "hidden": list(p.hidden)}
                       for p in scenario.places}
        self.objects = {o.id: {"name": o.name, "owner": o.owner, "text": o.text,
                               "shows": [(x.claim, x.value) for x in o.shows],
                               "readable": o.readable, "portable": o.portable,
                               "secret": o.secret, "plural": o.plural}
                        for o in scenario.objects}
        self.templates = dict(templates or {})
        self.words = TemplateNarrator(self.templates)
        # An optional language model (HEARSAY_MODEL_URL / HEARSAY_MODEL): words and typed text
        # only; it never decides what anyone believes (see game/model.py).
        self.model = None
        settings = ModelSettings.from_env()
        if settings is not None:
            from .model import vocabulary

            self.model = LanguageModel(settings)
            self.words = ModelNarrator(self.words, self.model, lambda: vocabulary(self))
        self.documents: dict[str, dict] = {}
        self.people: dict[str, Person] = {}
        self._in_order: list[str] = []  # `in_order`'s
        self.state: dict[str, RState] = {}
        self.attributes = {**BUILTIN_ATTRIBUTES, **scenario.attributes}
        self.events = sorted(enumerate(scenario.events),
                             key=lambda ie: (clock.parse_when(ie[1].at), ie[0]))
        self._reactions: dict[str, list[Reaction]] = {}
        self._conditions: dict[str, Condition] = {}
        self.ctx = ConditionContext(self)
        self.now = 0
        self.ending: str | None = None
        # Open minds (every mind and the world's truth shown) was on at some point of this
        # game: kept with the save, said on the ending and in `run --json`.
        self.open_minds_used = False
        self._present: dict[str, list[str]] | None = None
        self.arrivals: dict[str, int] = {}  # news taken in this tick, by resident (attention)
        self.news: dict[str, int] = {}  # the most important news since each last thought
        self.acting: set[str] = set()  # who acted this tick (attention)
        self.thoughts: list[tuple] = []  # how each thought this tick (game.thinking)
        self._by_tick: dict[int, list] | None = None
        self.realised: list[str] = []  # discoveries of memory edits the player saw (edits.py)
        self._run_tx = False  # ticks are running back to back in one transaction

    # -- building and loading -----------------------------------------------------------------

    @classmethod
    def new(cls, loaded: LoadedScenario | str | Path, seed: int = 0,
            db: Database | None = None) -> Simulation:
        """A fresh run of a scenario (a loaded one, a path, or a shipped name)."""
        if not isinstance(loaded, LoadedScenario):
            loaded = load_scenario(loaded)
        db = db or Database(memory=True)
        sim = cls(db, loaded.scenario, file=str(loaded.file), templates=loaded.templates)
        # Python seeds a Random with an integer's absolute value, so -1 ran the world of 1 (a
        # playtest): a negative seed is taken as its 64-bit two's complement, past every
        # non-negative one (whose worlds are as they were).
        sim.rng = random.Random(seed if seed >= 0 else (1 << 64) + seed)
        sim.seed = seed
        with db.atomic():
            sim.store.set_seed(seed)  # what misremembering draws from (memory.misremember)
            sim._populate(loaded, seed)
        return sim

    @classmethod
    def load(cls, path: str | Path) -> Simulation:
        """Continue a saved game (see `game.save` for the checks a save must pass). The
        scenario and its word templates come from the save itself, checked again as if
        loaded from a file; nothing is read from beside the save or from where it says its
        scenario came from."""
        from .save import SaveError, open_checked
        from .setup import check_ending, saved_scenario

        checked = open_checked(path)
        try:
            loaded = saved_scenario(checked.meta["world_meta"], Path(path))
            check_ending(checked.db, path, checked.meta["world_meta"].get("ending"))
            sim = cls(checked.db, loaded.scenario, file=str(loaded.file),
                      templates=loaded.templates)
            sim._restore()
            if not sim.ending:
                with sim.db.atomic():
                    # A save written before movement came at a tick's end has everyone where
                    # the tick before its minute left them: moved into that minute, the
                    # player meets them where the clock says. (That Hearsay ran the minute's
                    # events before moving anyone, so such a save's first tick can go
                    # otherwise than it would have there.) Any later save: nobody moves.
                    movement.move(sim)
        except SaveError:
            checked.db.close()
            raise
        except (ValueError, TypeError, KeyError, LookupError, sqlite3.Error,
                RecursionError) as exc:
            # A save that passed the gate but whose rows do not make a town (crafted, or
            # written by a Hearsay with a bug): refused, never half-loaded.
            checked.db.close()
            raise SaveError(f"{path}: the save's data is damaged ({type(exc).__name__}: "
                            f"{str(exc)[:200]})") from None
        return sim

    def save(self, path: str | Path) -> Path:
        from .save import write_save

        with self.db.atomic():
            self._save_runtime()
        return write_save(self.db, path)

    # -- the tick ------------------------------------------------------------------------------

    def step(self) -> None:
        """Advance one tick, in one transaction (or in the one its run shares)."""
        for _ in self.stepping():
            pass

    @contextmanager
    def _back_to_back(self):
        """Ticks run one after another with nothing between them — a headless run, the time
        a player's verb takes — in one transaction, for a town in memory: SQLite keeps every
        page of an in-memory database dirty, so each COMMIT walks them all, and a town ten
        days old paid a millisecond or more a tick (more every day) for a commit nothing
        between two ticks needs. Each tick is the unit it always was (`_tick_transaction`:
        journal off, nothing undone); the run commits once, at its end (a tick that fails is
        a bug that ends the run: its transaction is ended, with the journal off nothing is
        undone — as a failed tick's own was not — and none is left open). A file town, or
        ticks run inside a transaction already, go tick by tick as before. Either way the run
        collects garbage less often (GC_YOUNG_RUN)."""
        conn = self.db.conn
        if self._run_tx:
            yield
            return
        with _collecting_rarely():
            if not self.db.memory or conn.in_transaction:
                yield
                return
            yield from self._in_one_transaction(conn)

    def _in_one_transaction(self, conn) -> Iterator[None]:
        conn.execute("PRAGMA journal_mode=OFF")
        conn.execute("BEGIN")
        self._run_tx = True
        try:
            yield
            self._run_tx = False
            conn.execute("COMMIT")
        except BaseException:
            self._run_tx = False
            # Ended, not undone: with the journal off SQLite has nothing to roll back with.
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
        finally:
            try:
                if not conn.in_transaction:
                    conn.execute("PRAGMA journal_mode=MEMORY")
            except sqlite3.ProgrammingError:
                pass

    @contextmanager
    def _tick_transaction(self):
        """The tick's transaction. A tick abandoned half-run after its database was closed (a
        window shut mid-tick, a town dropped) ends quietly: there is nothing left to roll
        back, and the rollback's error surfaced as an 'exception ignored' at teardown.

        A town in memory (every game's: saves are copies of it) runs its ticks with SQLite's
        rollback journal off: keeping a copy of every page a tick first writes, to undo the
        tick, cost a tenth of a town's time, and a tick is never undone — one that fails is a
        bug, and ends the run (exit 1, nothing saved); one abandoned half-run belongs to a
        town being dropped. (Inside a tick, what can refuse — a memory edit a scenario
        scripts — refuses before it writes.) A player's command keeps the journal. Inside a
        run of ticks back to back (`_back_to_back`) the run's transaction is the tick's."""
        if self._run_tx:
            yield
            return
        journal_off = self.db.memory and not self.db.conn.in_transaction
        if journal_off:
            self.db.conn.execute("PRAGMA journal_mode=OFF")
        try:
            with self.db.atomic():
                yield
        except sqlite3.ProgrammingError as exc:
            try:
                self.db.conn.total_changes  # noqa: B018 (raises once the database is closed)
            except sqlite3.ProgrammingError:
                if isinstance(exc.__context__, GeneratorExit):
                    raise GeneratorExit from None
            raise
        finally:
            if journal_off:
                try:
                    if not self.db.conn.in_transaction:
                        self.db.conn.execute("PRAGMA journal_mode=MEMORY")
                except sqlite3.ProgrammingError:
                    pass  # closed: nothing runs between ticks any more

    def stepping(self) -> Iterator[str]:
        """One tick as its pipeline of systems, yielding the name of each as it is done. The
        tick is one transaction: run the generator to its end (`step` does) before anything
        else reads or writes the town."""
        if self.ending:
            return
        with self._tick_transaction(), self.store.deferred():
            t = self.now
            # Everyone is where the minute has them (moved as the last tick ended), so what
            # happens at a minute happens among the people there at that minute: an actor
            # whose day brings them to the place then is there to do it.
            for _, ev in self._due(t):
                acts.scheduled(self, ev)
            reading.read_documents(self)
            yield "events"
            by_place = self._by_place()
            for _ in copresence.taking_in(self, by_place):  # who is here with whom
                yield "company"
            for place in sorted(by_place):
                for _ in talk.conversing(self, place, by_place[place]):
                    yield "talk"
            for _ in self.flushing():
                yield "perception"
            yield "perception"
            tick_no = t // clock.TICK
            for i, rid in enumerate(self.in_order):
                if i and i % DECIDE_STRETCH == 0:
                    yield "deciding"
                if self.people[rid].is_player:
                    continue
                st = self.state[rid]
                if thinking.due(tick_no, i):
                    thinking.think(self, rid)
                if st.status != AWAKE or st.following:
                    continue  # asleep, away, or with the player for now
                pursuit.pursue(self, rid)
            thinking.write_log(self)
            yield "decisions and actions"
            for _ in self.flushing():
                yield "perception"
            attention.spend(self)
            yield "perception"
            if (t + clock.TICK) % clock.HOUR == 0:
                # The hourly memory passes (§7, §9): who slipped into dormancy, and the
                # importance look-back for memories a base half-life old.
                self.store.refresh_access(t + clock.TICK)
                yield "memory"
                self.store.look_back(t + clock.TICK)
            if (t + clock.TICK) % clock.DAY == 0:
                self.store.age(t + clock.TICK)
            yield "ready"  # all but the clock moving on: the window waits until it is due
            self.now = t + clock.TICK
            # Movement into the new minute, done as the clock moves on: between ticks — when
            # the player looks, asks and acts, and when stages and endings are judged ("five
            # in the schoolroom at 18:10") — everyone is where that minute has them. (Done at
            # the start of the next tick, a player told "it is 10:00" met Quill in the old
            # hall, who then said he was in the square at ten.)
            movement.move(self)
            self._check_stages()
            self._check_endings()

    def run(self, *, days: float | None = None, until: int | None = None,
            progress: Callable[[int], None] | None = None) -> None:
        end = until if until is not None else self.now + int(round((days or 0) * clock.DAY))
        with self._back_to_back():
            while self.now < end and not self.ending:
                self.step()
                if progress:
                    progress(self.now)

    def _due(self, t: int):
        """Scheduled events whose minute falls in this tick (backstory ones never do)."""
        if self._by_tick is None:
            # From the start's tick, as setup counts the backstory (an unaligned start at
            # 09:05 left an event at 09:02 in neither: never run).
            start = clock.align(clock.parse_when(self.sc.scenario.start))
            self._by_tick = {}
            for i, ev in self.events:
                at = clock.parse_when(ev.at)
                if at >= start:
                    self._by_tick.setdefault(clock.align(at), []).append((i, ev))
        return self._by_tick.get(t, [])

    def _by_place(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for rid in self.in_order:
            st = self.state[rid]
            if st.status == AWAKE:
                out.setdefault(st.place, []).append(rid)
        return out

    # -- evidence ------------------------------------------------------------------------------

    def queue(self, e: Evidence) -> None:
        self.pending.append(e)

    def record(self, ev: Event) -> tuple[int, list[tuple[str, int]]]:
        eid, changed = self.world.record(ev)
        self.changed.extend(changed)
        self.count("event")
        return eid, changed

    def flush(self) -> None:
        """Perceive what this tick queued: staleness first, then revision (§9, §5)."""
        self.flush_outcomes()

    def flush_outcomes(self) -> list:
        """Flush, and return what each queued piece of evidence did, in order."""
        gen = self.flushing()
        while True:
            try:
                next(gen)
            except StopIteration as done:
                return done.value

    def flushing(self) -> Iterator[None]:
        """`flush_outcomes`, pausing between stretches of memory's batch (`stepping`)."""
        if self.changed:
            self.store.mark_changed(self.changed)
            self.changed = []
        outs = []
        if self.pending or self.ambient:
            for e in self.pending:
                self.arrivals[e.resident] = self.arrivals.get(e.resident, 0) + 1
                if e.importance is not None and e.importance > self.news.get(e.resident, -1):
                    self.news[e.resident] = e.importance
            n = len(self.ambient)
            outs = (yield from self.store.perceiving(self.ambient + self.pending))[n:]
            self.pending, self.ambient = [], []
            if self.store.discovered:  # someone found out a memory was not their own
                from . import edits

                self.realised.extend(edits.notice(self))
        return outs

    # -- the player ----------------------------------------------------------------------------

    @property
    def in_order(self) -> list[str]:
        """Every resident's id (the player's too), in id order: asked several times a tick,
        sorted once (residents are only ever added, when the town is set up or loaded)."""
        ids = self._in_order
        if len(ids) != len(self.people):
            ids = self._in_order = sorted(self.people)
        return ids

    @property
    def has_player(self) -> bool:
        return PLAYER in self.people

    def names(self) -> Vocabulary:
        """What commands may name in this scenario (built once: the scenario never changes
        during a run)."""
        if getattr(self, "_vocab", None) is None:
            self._vocab = Vocabulary(self)
        return self._vocab

    def parse_typed(self, text: str) -> Command:
        """A line the player typed now, read with what they know now. A hidden spot they
        have no lead on is as unknown as a made-up one, down to the error it raises (its
        id parses in a walkthrough read before its run; a step naming it with no lead is
        read again by this when it comes: game.walkthrough)."""
        with self.names().as_guessed() as v:
            return commands.parse(text, v)

    def command(self, cmd: Command | str, typed: str | None = None) -> Reply:
        """Carry out a player command now, then let the time it takes pass. What was typed
        (`typed`, or the command) and what came back go into the transcript."""
        typed = typed or (cmd if isinstance(cmd, str) else cmd.text)
        if isinstance(cmd, str):
            cmd = self.parse_typed(cmd)
        if not self.has_player:
            return player.fail("This scenario has no player.", minutes=0)
        if self.ending:
            return player.fail("The story is over.", minutes=0)
        at, ended_before = self.now, self.ending
        if self.model is not None:
            self.model.new_verb()  # its calls in this verb share one time budget
        with self.db.atomic(), self.store.deferred():
            self.realised = []
            reply = player.perform(self, cmd)
            self.flush()
            for text in self.realised:  # the player saw someone find out (edits.notice)
                reply.mark(text + ".")
            self.realised = []
            self._check_stages()
            self.transcript.add("command", " ".join(typed.split()), at)
            self._write_lines(reply.lines, at)
        return self._let_pass(reply, ended_before)

    def pass_until(self, until: int) -> Reply:
        """Let time pass to `until` with no verb — a walkthrough's line timed later than now —
        watched as a wait is: what the player saw and overheard meanwhile, who came and went.
        Its ticks are those `run(until=…)` runs (it does not run on to an ending, as a wait
        past a deadline does). A walkthrough that jumped from 08:30 to 12:50 said nothing of
        Ana walking off at 11:20, and the ending counted what was overheard at 10:50 (a
        playtest)."""
        minutes = -(-(until - self.now) // clock.TICK) * clock.TICK
        if minutes <= 0 or self.ending or not self.has_player:
            self.run(until=until)
            return Reply(True, [], 0)
        return self._let_pass(Reply(True, [], minutes), self.ending, run_on=False)

    def _let_pass(self, reply: Reply, ended_before: str | None, *,
                  run_on: bool = True) -> Reply:
        """The time `reply` takes, passed and watched: the reply gets what the player saw."""
        before, since = pacing.last_event(self), self.now
        place = self.state[PLAYER].place
        here_before = [x for x in self.present(place) if x != PLAYER]
        asleep_before = player.asleep_here(self, place)
        with_before = player.followers(self)
        # Who was here at some minute while the time passed (first and last minute seen),
        # for those who came and went in between: a long wait said nothing of Ora's hour in
        # the square, and `where` then said "You last saw Ora there" (a playtest).
        # Each stay keeps the presence record it was seen in, so its ends are said as `where`
        # says them: one who walked in as a tick's decisions were made is recorded from that
        # tick's minute ("Came and went: Cy (09:50…)" beside "You last saw Cy … from 09:40").
        # One asleep here is still here: Ivo dozing off in the lodgings was "Came and went"
        # beside look's "Asleep here: Ivo" (a playtest), and is said to fall asleep or wake.
        passing: dict[str, list[list]] = {
            x: [[since, since, self.world.presence_id(x)]] for x in here_before + asleep_before}
        asleep = set(asleep_before)
        dozed: list[tuple[str, int]] = []  # (who, the minute they were first seen asleep)
        woke: list[tuple[str, int]] = []
        # Who read what hangs here while the player watched: Tilly read the new ledger at the
        # counter as the player stood there, and her "no" a minute later had no cause the
        # player could see (a playtest). What it says is not seen: only that they read it.
        # (as the tick's reading saw them, with the player there: one who read and walked out
        # in the same tick was left out when looked for among those still here; a review)
        docs_here = sorted(d for d, doc in self.documents.items() if doc["place"] == place)
        reading: dict[str, list[tuple[str, int]]] = {}

        def look_round() -> None:
            for x, d in getattr(self, "read_seen", ()):
                if d in docs_here:
                    reading.setdefault(d, []).append((x, self.now - clock.TICK))
            if self.state[PLAYER].place != place or self.state[PLAYER].status != AWAKE:
                return
            sleeping = set(player.asleep_here(self, place))
            for x in sorted(sleeping - asleep):
                if x in passing and passing[x][-1][1] == self.now - clock.TICK:
                    dozed.append((x, self.now))
            for x in sorted(asleep - sleeping):
                if x in self.present(place) and passing[x][-1][1] == self.now - clock.TICK:
                    woke.append((x, self.now))
            asleep.clear()
            asleep.update(sleeping)
            for x in self.present(place) + sorted(sleeping):
                if x != PLAYER:
                    seen_at = passing.setdefault(x, [])
                    if seen_at and seen_at[-1][1] == self.now - clock.TICK:
                        seen_at[-1][1] = self.now
                    else:
                        seen_at.append([self.now, self.now, self.world.presence_id(x)])
        with self._back_to_back():
            for _ in range(reply.minutes // clock.TICK):
                if self.ending:
                    break
                self.step()
                look_round()
            # Time run up to a deadline runs on to how it ends: endings are judged a tick or
            # so after the deadline they follow (the council votes at 18:00, the story ends
            # at 18:10), and a playtester who waited "until day 4 17:00" read that the
            # deadline had come and never how it ended.
            for _ in range(self._to_the_ending(since) // clock.TICK if run_on else 0):
                if self.ending:
                    break
                self.step()
                look_round()
        # What the player saw happen while the verb's time passed (a wait, a walk, a talk):
        # the reply says so, as the window's log does — a witnessed event the reply left out
        # was learnt in silence, and found only on the case board.
        seen = self._seen_while(before, since, with_before) if self.now > since else []
        # Who came or went where the player stayed while the time passed: they see the
        # room change, as they see it on arriving ("Here: …").
        here_now = [x for x in self.present(place) if x != PLAYER]
        asleep_now = player.asleep_here(self, place)
        # Gone: here at the start, awake or asleep, and neither now (one who woke and walked
        # out was in no line at all; a review).
        gone = [x for x in here_before + asleep_before if x not in here_now and
                x not in asleep_now and x not in with_before]
        here = player.Line("", player.here_now(
            [self.name(x) for x in here_now], [self.name(x) for x in sorted(gone)],
            bool(asleep_now)), "mark") \
            if self.now > since and (here_now != here_before or asleep_now != asleep_before) \
            else None
        for d in docs_here:
            if reading.get(d) and self.now > since:
                seen.append(self._at_line(f"Read {self.documents[d]['name']} here",
                                          reading[d], since))
        # (in the order they came: "Fell asleep" at 23:30 said before "Woke up" at 08:30)
        for head, changes in sorted((("Fell asleep here", dozed), ("Woke up here", woke)),
                                    key=lambda hc: hc[1][0][1] if hc[1] else 0):
            if changes and self.now > since:
                seen.append(self._at_line(head, changes, since))
        # A stay that began after the time did and was over before it ended (one that had
        # begun is "has gone", one still going "Here now"); until the minute they left.
        # (Not one here at both ends: "Stepped out and came back" says their time away, and
        # listing their stays between as well named Bo in both lines.)
        # (One who came along counts too, once gone their own way: Mira, back the next day,
        # was in no line at all; a playtest.)
        came_went = sorted(((x, *self._stay_span(a, b, pid)) for x, stays in passing.items()
                            if not (stays[0][0] == since and stays[-1][1] == self.now)
                            for a, b, pid in stays
                            if a > since and b < self.now), key=lambda c: (c[1], c[0]))
        if came_went:
            seen.append(self._spans_line("Came and went while you were here", came_went,
                                         since, ""))
        # Came and stayed: here now, not at the start — "Here now: Ben, Mo and Pia" said he
        # was there, and never when he came (a playtest).
        came = sorted(((x, self._stay_span(*stays[-1])[0]) for x, stays in passing.items()
                       if stays[0][0] > since and stays[-1][1] == self.now),
                      key=lambda c: (c[1], c[0]))
        if came:
            seen.append(self._at_line("Came while you were here", came, since))
        # Here at both ends, away in between: Quill walked out of the hall at 10:00, pinned
        # up the new notice and was back by 10:20, and a wait there said nothing of it (a
        # playtest: the one clue to who changed the board).
        out_back = sorted(((x, self._stay_span(*s1)[1], self._stay_span(*s2)[0])
                           for x, stays in passing.items()
                           if len(stays) > 1
                           and stays[0][0] == since and stays[-1][1] == self.now
                           for s1, s2 in zip(stays, stays[1:], strict=False)),
                          key=lambda c: (c[1], c[0]))
        if out_back:
            # Said to be the time away: "Mo (12:30 to 13:30)" beside "Came and went: Pia
            # (09:00 to 13:00)" read as the same kind of span (a playtest).
            seen.append(self._spans_line("Stepped out and came back while you were here",
                                         out_back, since, "away "))
        over: list[player.Line] = []
        if self.ending and not ended_before:  # the reply says how it ended, not only when
            over = self.ending_lines()
        if reply.after is not None or seen or here is not None or over:
            with self.db.atomic(), self.store.deferred():
                more = reply.after() if reply.after is not None else []
                if here is not None and self.state[PLAYER].place == place:
                    seen.append(here)  # (walked on, their arrival's "Here: …" says it)
                more = seen + more + over
                self.flush()
                self._check_stages()
                self._write_lines(more, self.now)
            reply.lines.extend(more)
            reply.after = None
        return reply

    def _stay_span(self, first: int, last: int, pid: int | None) -> tuple[int, int]:
        """The minutes a stay the player watched began and ended, from its presence record
        (as `where` reads them), within what the player's looks allow: it began after the
        look before the first that saw it, and ended after the last look that saw it."""
        got = self.world.presence_words(pid) if pid is not None else None
        start, end = first, last + clock.TICK
        if got is not None:
            _, _, since, until = got
            if first - clock.TICK <= since <= first:
                start = since
            if until is not None and last <= until <= last + clock.TICK:
                end = until
        return start, end

    def _at_line(self, head: str, changes: list[tuple[str, int]], since: int) -> player.Line:
        """"Fell asleep here: Ivo (at 23:00) and Tam (at 23:30)." — each at the look that
        first saw the change, each name once with its times in order."""
        days = clock.day_of(since) != clock.day_of(self.now)
        by_name: dict[str, list[str]] = {}  # each name once ("Bo (…) and Bo (…)": a playtest)
        for x, at in changes:
            by_name.setdefault(x, []).append(player.span_words(at, at, self.now, days))
        who = [f"{self.name(x)} ({player.and_list(s)})" for x, s in by_name.items()]
        return player.Line("", f"{head}: " + player.and_list(who) + ".", "mark")

    def _spans_line(self, head: str, spans: list[tuple[str, int, int]], since: int,
                    lead: str) -> player.Line:
        """"Head: Pat (06:00 to 10:00 and 14:00 to 17:50) and Bo (…)." — each name once, with
        its spans in order ("Pat (…) and Pat (…)" read as two Pats: a playtest)."""
        days = clock.day_of(since) != clock.day_of(self.now)
        by_name: dict[str, list[str]] = {}
        for x, a, b in spans:
            by_name.setdefault(x, []).append(player.span_words(a, b, self.now, days))
        who = [f"{self.name(x)} ({lead}{player.and_list(s)})" for x, s in by_name.items()]
        return player.Line("", f"{head}: " + player.and_list(who) + ".", "mark")

    def _to_the_ending(self, since: int) -> int:
        """Minutes to the last ending timed within the hour after now, if time since `since`
        reached a goal's deadline and the story has not ended yet; else 0."""
        if self.ending or not any(since < clock.parse_when(g.by) <= self.now
                                  for g in self.sc.goals if g.by):
            return 0
        soon = [at for e in self.sc.endings if e.at is not None
                if self.now < (at := clock.parse_when(e.at)) <= self.now + clock.HOUR]
        return max(soon) - self.now if soon else 0

    def _seen_while(self, before: int, since: int, with_before: list[str]
                    ) -> list[player.Line]:
        """What the player saw happen while a verb's time passed, in time order: notices,
        words caught in passing (the latest few: a long wait in a busy room would list
        dozens; the case board keeps them all), and someone brought along going their own
        way — at the minute their time ran out, on a long wait (Ana "goes her own way" was
        said after a deadline two days later; a playtest)."""
        heard = pacing.overheard(self, before)
        more = len(heard) - OVERHEARD_SHOWN
        timed = pacing.notices(self, before, since) + heard[max(0, more):]
        following = player.followers(self)
        untimed = []
        for x in with_before:
            if x in following:
                continue
            until = self.state[x].follow_until
            if since < until <= self.now and self.now - since > clock.TICK:
                # (said though the story ended later in the wait: Tilly's going at 17:30 was
                # in no line of a wait to the deadline the next day; a playtest)
                timed.append(pacing.Notice(until, player.own_way(self, x, past=True)))
            elif not self.ending:  # asleep or away, or the one tick that passed
                untimed.append(player.Line("", player.own_way(self, x), "mark"))
        # The day is said unless all the time passed within one day: after "You wait until
        # 12:00 on day 2", "At 10:00: …" then "At 10:00 on day 2: …" left the first unplaced.
        one_day = clock.day_of(since) == clock.day_of(self.now)
        lines = [player.Line("", f"At {clock.fmt_clock(n.at)}"
                             + ("" if one_day else f" on day {clock.day_of(n.at)}")
                             + f": {n.text.rstrip('.')}.", "mark", event=n.event)
                 for n in sorted(timed, key=lambda n: (n.at, n.event or 0))]
        if more > 0:
            # ("before these" was said above a notice earlier than some of them; a playtest)
            lines.insert(0, player.Line("", f"You also overheard {more} earlier exchange"
                                        f"{'s' if more != 1 else ''}, not listed here: the "
                                        "case board has them all.", "mark"))
        return lines + untimed

    def ending_lines(self) -> list[player.Line]:
        """How the story ended, in a reply: its title, its text, and what the player found
        out of what the story asks — the window's ending screen says as much; the reply
        said only the title, and a playtester who won could not tell what they had done."""
        e = next(x for x in self.sc.endings if x.id == self.ending)
        out = [player.Line("", f"The story is over: {e.title}.", "mark"),
               player.Line("", " ".join(e.text.split()))]
        if self.sc.stages:
            reached = self.stages_reached()
            n = sum(st.id in reached for st in self.sc.stages)
            # What was missed is the truth, or a mind never asked: said only now the story is
            # over, and said to be so (a playtest read Mo's account, never asked, as found).
            missed = " (what you missed, shown now the story is over)" \
                if n < len(self.sc.stages) else ""
            out.append(player.Line("", f"You found out {n} of {len(self.sc.stages)}{missed}:",
                                   "mark"))
            out += [player.Line("", ("✓ " if st.id in reached else "· ") + st.text
                                + self._why_not_held(st, reached), "mark")
                    for st in self.sc.stages]
        return out

    def _why_not_held(self, st, reached: set[str]) -> str:
        """After a stage not reached that asks the player to believe what they heard: why;
        after one reached, an answer the player gave otherwise."""
        if st.id in reached:
            other = knowledge.concluded_otherwise(self, st)
            return (" (Though your answer was otherwise: " + "; ".join(
                self.say_claim(c, v) for c, v in other) + ".)") if other else ""
        if not knowledge.heard_not_held(self, st):
            return ""
        if knowledge.concluded_all(self, st):  # your answer is not your notes
            return (" (You concluded so, but what you had heard still weighed against it: "
                    "it counts once the accounts you heard bear it out.)")
        return " (You read or heard so, but did not come to believe it.)"

    def _write_lines(self, lines, at: int) -> None:
        for ln in lines:
            self.transcript.add(ln.kind, ln.text, at, who=ln.who, detail=ln.detail,
                                event=ln.event)

    def stages_reached(self) -> set[str]:
        return {e["data"]["id"] for e in self.world.log(kind="stage")}

    def _check_stages(self) -> None:
        if not self.sc.stages or not self.has_player:
            return
        reached = self.stages_reached()
        for st in self.sc.stages:
            if st.id not in reached and self.condition(st.when):
                # (one reached by the player's belief is the story's answer: recorded, and
                # not shown them until the end — knowledge.verdict)
                self.world.record(Event(kind="stage", at=self.now, actor=PLAYER,
                                        summary=f"you found out: {st.text}",
                                        data={"id": st.id}, participants=[] if
                                        knowledge.verdict(st) else [PLAYER]))

    # -- questions the rules ask ---------------------------------------------------------------

    def present(self, place: str) -> list[str]:
        """Who is at `place` now and awake, in id order."""
        if self._present is None:
            by: dict[str, set[str]] = {}
            self._indexed = {}
            for rid, st in self.state.items():
                if st.status == AWAKE:
                    by.setdefault(st.place, set()).add(rid)
                    self._indexed[rid] = st.place
            self._present = by
        return sorted(self._present.get(place, ()))

    def move_to(self, rid: str, place: str, at: int) -> None:
        """Record a move (the resident's state already says where they are)."""
        self.world.move(rid, place, at)
        if self._present is not None:
            old = self._indexed.pop(rid, None)
            if old is not None:
                self._present[old].discard(rid)
            if self.state[rid].status == AWAKE:
                self._present.setdefault(place, set()).add(rid)
                self._indexed[rid] = place

    def moved(self) -> None:
        """Someone changed place or woke or slept: `present` must look again."""
        self._present = None

    def onlookers(self, place: str, exclude=()) -> list[str]:
        """Who sees something happen at `place`: everyone there, but in a crowd only those
        near enough — CROWD_SEEN of them, drawn by the simulation's random generator — and
        the player, when there."""
        here = self.present(place)
        out = [x for x in here if x not in exclude]
        if len(out) > CROWD_SEEN:
            # The player, there and watching, sees it whatever the draw (talk.with_player).
            out = talk.with_player(self, here, sorted(self.rng.sample(out, CROWD_SEEN)),
                                   list(exclude))
        return out

    def tellable(self, rid: str) -> list[Salient]:
        # Importance 0 is what a resident never brings up unasked (they still answer).
        return [b for b in self.store.top_beliefs(rid, limit=TELLABLE,
                                                  min_confidence=talk.MIN_TELL_CONFIDENCE,
                                                  default_importance=DEFAULT_IMPORTANCE)
                if b.value != "missing"]

    def wants_look(self, rid: str) -> list[Belief]:
        return self.store.beliefs(rid, attribute="location", wants_look=True)

    def held_evidence(self, rid: str, b: Belief) -> EvidenceRecord | None:
        """The evidence behind what `rid` holds: the one whose teller and origin the belief
        carries (else the latest for its value, of its kind). Pat, holding Quill's word, said
        "Ned told me" — Ned's later word, the latest — while the note, from the belief, had
        "heard it from Quill" (a playtest)."""
        held = next((c for c in b.candidates if c.held), None)
        if held is not None and held.evidence_id is not None:
            rec = self.store.evidence_by_id(held.evidence_id)
            if rec is not None and rec.resident == rid and rec.value == b.value:
                return rec
        return self.store.latest_evidence(rid, b.subject, b.attribute, b.value, b.kind)

    def importance(self, claim: str) -> int:
        a = self.attributes.get(perception.split(claim)[1])
        return a.importance if a else DEFAULT_IMPORTANCE

    def is_actor_attribute(self, attribute: str) -> bool:
        a = self.attributes.get(attribute)
        return bool(a and a.actor)

    def topic(self, attribute: str) -> str:
        a = self.attributes.get(attribute)
        return (a.topic if a and a.topic else attribute)

    def reactions_for(self, rid: str) -> list[Reaction]:
        if rid not in self._reactions:
            self._reactions[rid] = [r for r in self.sc.reactions
                                    if r.who == "anyone" or rid in r.who]
        return self._reactions[rid]

    def condition(self, text: str) -> bool:
        c = self._conditions.get(text)
        if c is None:
            c = self._conditions[text] = Condition(text)
        return c.holds(self.ctx)

    def _check_endings(self) -> None:
        for e in self.sc.endings:
            if e.at is not None:
                at = clock.parse_when(e.at)
                if not (self.now - clock.TICK < at <= self.now):
                    continue
            if self.condition(e.when or "true"):
                self.ending = e.id
                self.world.record(Event(kind="ending", at=self.now, summary=f"ending: {e.title}",
                                        data={"id": e.id, "win": e.win}))
                return

    def save_document(self, did: str) -> None:
        self.db.execute("UPDATE documents SET says = ? WHERE id = ?",
                        (json.dumps(self.documents[did]["says"]), did))

    # -- attention (game.attention) ------------------------------------------------------------

    def attention_of(self, rid: str) -> float:
        """α: the fraction of today's attention budget left."""
        return attention.alpha(self, rid)

    def acted(self, rid: str) -> None:
        self.acting.add(rid)

    def attention_log(self, start: int, end: int) -> list[tuple[int, str, str]]:
        """(minute, resident, depth) of every hourly step between `start` and `end`."""
        return attention.attention_log(self.db, start, end)

    # -- counters for the mechanism report -----------------------------------------------------

    @property
    def counters(self) -> dict[str, int]:
        if not hasattr(self, "_counters"):
            self._counters = {}
        return self._counters

    def count(self, what: str, n: int = 1) -> None:
        c = self.counters
        c[what] = c.get(what, 0) + n

