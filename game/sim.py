"""The simulation: one town, one SQLite database, one seeded random generator, 10-minute ticks.

Each tick (one transaction): scheduled events -> movement -> reading -> conversation ->
perception and revision -> decisions and actions -> perception and revision; once a day,
hearsay aging. Everything that decides what happens next is in the database or in the saved
runtime state, so the same scenario, seed and commands give the same world log, byte for byte.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from sqlite_utils import Database

from memory import Belief, Evidence, EvidenceRecord, MemoryStore, Salient

from . import acts, attention, clock, commands, decide, people, perception, player, talk
from .commands import Command, Names
from .conditions import Condition
from .ctx import ConditionContext
from .model import LanguageModel, ModelNarrator, ModelSettings
from .people import AWAKE, Person
from .player import PLAYER, Reply
from .scenario import load_scenario
from .scenario.loader import LoadedScenario, parse_text
from .scenario.model import Attribute, Reaction, Scenario
from .state import Intent, RState
from .words import TemplateNarrator
from .world import Event, World

DECIDE_EVERY = 6  # ticks between a resident's judgements (hourly), staggered by resident
TELLABLE = 12  # how many of its beliefs a speaker considers bringing up
DEFAULT_IMPORTANCE = 3
CROWD_SEEN = 8  # in a crowd, how many see any one thing happen


# Attributes the engine itself writes claims about; a scenario may redefine any of them.
BUILTIN_ATTRIBUTES = {
    "location": Attribute(nature="state", topic="whereabouts", label="{subject} is at {value}"),
    "accused_by": Attribute(label="{subject} was accused by {value}", importance=6),
    "avoid": Attribute(nature="state", label="{subject} is avoiding {value}", importance=2),
    "break_off": Attribute(nature="state", label="{subject} broke off with {value}",
                           importance=5),
    "reconcile": Attribute(nature="state", label="{subject} made peace with {value}",
                           importance=4),
    "administer": Attribute(label="{subject} treated {value}", importance=4),
}


class Simulation:
    def __init__(self, db: Database, scenario: Scenario, *, file: str = "scenario.toml"):
        self.db = db
        self.sc = scenario
        self.file = file
        info = scenario.scenario
        self.store = MemoryStore(db, policy=info.revision, default_trust=info.default_trust)
        self.world = World(db)
        self.rng = random.Random(0)
        self.pending: list[Evidence] = []
        self.changed: list[tuple[str, int]] = []
        self.places = {p.id: {"name": p.name, "kind": p.kind, "x": p.x, "y": p.y,
                              "spots": list(p.spots), "hidden": list(p.hidden)}
                       for p in scenario.places}
        self.objects = {o.id: {"name": o.name, "owner": o.owner, "text": o.text,
                               "shows": [(x.claim, x.value) for x in o.shows],
                               "readable": o.readable, "portable": o.portable}
                        for o in scenario.objects}
        folder = Path(file).parent if Path(file).name == "scenario.toml" else None
        self.words = TemplateNarrator(folder if folder and folder.is_dir() else None)
        # An optional language model (HEARSAY_MODEL_URL / HEARSAY_MODEL): words and typed text
        # only; it never decides what anyone believes (see game/model.py).
        self.model = None
        settings = ModelSettings.from_env()
        if settings is not None:
            self.model = LanguageModel(settings)
            self.words = ModelNarrator(self.words, self.model)
        self.documents: dict[str, dict] = {}
        self.people: dict[str, Person] = {}
        self.state: dict[str, RState] = {}
        self.attributes = {**BUILTIN_ATTRIBUTES, **scenario.attributes}
        self.events = sorted(enumerate(scenario.events),
                             key=lambda ie: (clock.parse_when(ie[1].at), ie[0]))
        self._reactions: dict[str, list[Reaction]] = {}
        self._conditions: dict[str, Condition] = {}
        self.ctx = ConditionContext(self)
        self.now = 0
        self.ending: str | None = None
        self._present: dict[str, list[str]] | None = None
        self._arrivals: dict[str, int] = {}
        self._news: dict[str, int] = {}
        self._acted: set[str] = set()
        self._by_tick: dict[int, list] | None = None

    # -- building and loading -----------------------------------------------------------------

    @classmethod
    def new(cls, loaded: LoadedScenario | str | Path, seed: int = 0,
            db: Database | None = None) -> Simulation:
        """A fresh run of a scenario (a loaded one, a path, or a shipped name)."""
        if not isinstance(loaded, LoadedScenario):
            loaded = load_scenario(loaded)
        db = db or Database(memory=True)
        sim = cls(db, loaded.scenario, file=str(loaded.file))
        sim.rng = random.Random(seed)
        with db.atomic():
            sim._populate(loaded, seed)
        return sim

    def _populate(self, loaded: LoadedScenario, seed: int) -> None:
        sc, w, store = self.sc, self.world, self.store
        start = clock.parse_when(sc.scenario.start)
        self.now = clock.align(start)
        w.set_meta("scenario", sc.scenario.id)
        w.set_meta("scenario_text", loaded.text)
        w.set_meta("scenario_file", str(loaded.file))
        w.set_meta("seed", str(seed))
        for name, attr in sorted(self.attributes.items()):
            store.define_attribute(name, nature=attr.nature, topic=attr.topic,
                                   importance=attr.importance)
        for p in sc.places:
            self.db.execute("INSERT INTO places VALUES (?, ?, ?, ?, ?, ?)",
                            (p.id, p.name, p.kind, p.x, p.y, json.dumps(p.spots)))
        for r in sc.residents:
            person = people.from_scenario(r)
            self.people[r.id] = person
            self.db.execute("INSERT INTO people VALUES (?, ?, ?, ?, ?, 0)",
                            (r.id, r.name, r.role, r.home, person.spec()))
            for other, value in sorted(r.relationships.items()):
                w.set_affinity(r.id, other, value)
            for other, value in sorted(r.trust.items()):
                store.set_trust(r.id, other, value)
        for t in sc.trust:
            store.set_trust(t.listener, t.teller, t.value, topic=t.topic)
        backstory = [ev for _, ev in self.events if clock.parse_when(ev.at) < self.now]
        t0 = min([self.now] + [clock.parse_when(ev.at) for ev in backstory])
        for o in sc.objects:
            self.db.execute("INSERT INTO objects VALUES (?, ?, ?)", (o.id, o.name, o.owner))
            w.init_fact(o.id, "location", o.location, t0)
            if o.owner:
                w.init_fact(o.id, "owner", o.owner, t0)
        for d in sc.documents:
            self.documents[d.id] = {"name": d.name, "place": d.place, "text": d.text,
                                    "says": [(s.claim, s.value) for s in d.says]}
            self.db.execute("INSERT INTO documents VALUES (?, ?, ?, ?, ?)",
                            (d.id, d.name, d.place, d.text,
                             json.dumps(self.documents[d.id]["says"])))
            w.init_fact(d.id, "version", "1", self.now)
        for f in sc.facts:
            s, a = perception.split(f.claim)
            w.init_fact(s, a, f.value, t0)
        # Events before the start are the backstory: logged, facts changed, nobody perceives
        # them here — what residents know of them is in the scenario's initial beliefs.
        self.event_ids = {ev.id: acts.backstory(self, ev) for ev in backstory}
        if sc.player is not None:
            pl = sc.player
            self.people[PLAYER] = Person(id=PLAYER, name=pl.name, role="you", home=pl.start,
                                         traits={"talkativeness": 0.0, "curiosity": 1.0},
                                         schedule=[], sleep=(0, 0), is_player=True)
            self.db.execute("INSERT INTO people VALUES (?, ?, ?, ?, ?, 1)",
                            (PLAYER, pl.name, "you", pl.start, self.people[PLAYER].spec()))
        day_start = self.now - clock.time_of_day(self.now)
        for rid, person in self.people.items():
            # Where everyone was earlier that day follows from their schedules: write it, so
            # "who was there?" can be asked about the backstory too.
            last = None
            for t in range(day_start, self.now + 1, clock.TICK):
                place = person.status_at(t)[1]
                if place != last:
                    w.move(rid, place, t)
                    last = place
            status, place = person.status_at(self.now)
            self.state[rid] = RState(place=place, status=status)
        self._initial_beliefs()
        self._save_runtime()

    def _initial_beliefs(self) -> None:
        evs = []
        for i, b in enumerate(self.sc.beliefs):
            s, a = perception.split(b.claim)
            at = clock.parse_when(b.at) if b.at is not None else self.now
            kind = b.kind
            doc_version = None
            if kind == "document" and b.document:
                doc_version = self.world.version(b.document, "version") or 1
            evs.append(Evidence(
                resident=b.resident, subject=s, attribute=a, value=b.value, kind=kind, at=at,
                event=self._event_ref(b.event, i, kind),
                document=b.document, version=doc_version,
                fact=f"{b.document}.version" if b.document else None, teller=b.teller,
                origin=b.origin, chain=tuple(b.chain) if b.chain else None, basis=b.basis,
                premises=tuple(b.premises), confidence=b.confidence, importance=b.importance))
        # Inferred beliefs need their premises first: perceive in file order, one by one.
        for e in evs:
            self.store.perceive_many([e])

    def _event_ref(self, name: str | None, i: int, kind: str) -> str | None:
        if name and name in self.event_ids:
            return f"w{self.event_ids[name]}"
        if name:
            return name
        return f"scenario:{i}" if kind in ("firsthand", "witnessed") else None

    @classmethod
    def load(cls, path: str | Path) -> Simulation:
        """Continue a saved game (see `game.save` for the checks a save must pass)."""
        from .save import open_save

        db = open_save(path)
        w = World(db)
        text = w.meta("scenario_text") or ""
        loaded = parse_text(text, Path(w.meta("scenario_file") or "scenario.toml"))
        sim = cls(db, loaded.scenario, file=str(loaded.file))
        sim._restore()
        return sim

    def _restore(self) -> None:
        w = self.world
        self.now = int(w.meta("now") or 0)
        state = json.loads(w.meta("rng") or "null")
        if state:
            self.rng.setstate((state[0], tuple(state[1]), state[2]))
        self.ending = w.meta("ending")
        for row in self.db.execute("SELECT id, name, role, home, spec, is_player FROM people "
                                   "ORDER BY id"):
            self.people[row[0]] = Person.from_row(*row)
        for rid, text in self.db.execute("SELECT resident, state FROM sim_state"):
            self.state[rid] = RState.loads(text)
        for did, name, place, text, says in self.db.execute(
                "SELECT id, name, place, text, says FROM documents ORDER BY id"):
            self.documents[did] = {"name": name, "place": place, "text": text,
                                   "says": [tuple(x) for x in json.loads(says)]}
        self._counters = json.loads(w.meta("counters") or "{}")

    def _save_runtime(self) -> None:
        w = self.world
        w.set_meta("now", str(self.now))
        st = self.rng.getstate()
        w.set_meta("rng", json.dumps([st[0], list(st[1]), st[2]]))
        w.set_meta("counters", json.dumps(self.counters, sort_keys=True))
        if self.ending:
            w.set_meta("ending", self.ending)
        self.db.conn.executemany(
            "INSERT INTO sim_state (resident, state) VALUES (?, ?) ON CONFLICT (resident) "
            "DO UPDATE SET state = excluded.state",
            [(rid, st.dumps()) for rid, st in sorted(self.state.items())])

    def save(self, path: str | Path) -> Path:
        from .save import write_save

        with self.db.atomic():
            self._save_runtime()
        return write_save(self.db, path)

    # -- the tick ------------------------------------------------------------------------------

    def step(self) -> None:
        """Advance one tick, in one transaction."""
        if self.ending:
            return
        with self.db.atomic():
            t = self.now
            for _, ev in self._due(t):
                acts.scheduled(self, ev)
            self._move()
            self._read_documents()
            by_place = self._by_place()
            for place in sorted(by_place):
                talk.converse(self, place, by_place[place])
            self.flush()
            tick_no = t // clock.TICK
            for i, rid in enumerate(sorted(self.people)):
                if self.people[rid].is_player:
                    continue
                st = self.state[rid]
                if (tick_no + i) % DECIDE_EVERY == 0:
                    self._think(rid)
                if st.status != AWAKE or st.following:
                    continue  # asleep, away, or with the player for now
                self._pursue(rid)
            self.flush()
            self._spend_attention()
            if (t + clock.TICK) % clock.HOUR == 0:
                # The hourly memory passes (§7, §9): who slipped into dormancy, and the
                # importance look-back for memories a base half-life old.
                self.store.refresh_access(t + clock.TICK)
                self.store.look_back(t + clock.TICK)
            if (t + clock.TICK) % clock.DAY == 0:
                self.store.age(t + clock.TICK)
            self.now = t + clock.TICK
            self._check_stages()
            self._check_endings()

    def run(self, *, days: float | None = None, until: int | None = None,
            progress: Callable[[int], None] | None = None) -> None:
        end = until if until is not None else self.now + int(round((days or 0) * clock.DAY))
        while self.now < end and not self.ending:
            self.step()
            if progress:
                progress(self.now)

    def _due(self, t: int):
        """Scheduled events whose minute falls in this tick (backstory ones never do)."""
        if self._by_tick is None:
            start = clock.parse_when(self.sc.scenario.start)
            self._by_tick = {}
            for i, ev in self.events:
                at = clock.parse_when(ev.at)
                if at >= start:
                    self._by_tick.setdefault(clock.align(at), []).append((i, ev))
        return self._by_tick.get(t, [])

    def _move(self) -> None:
        for rid in sorted(self.people):
            person, st = self.people[rid], self.state[rid]
            if person.is_player:
                continue
            status, place = person.status_at(self.now)
            if st.following and st.follow_until <= self.now:
                st.following = None
            if st.following and status == AWAKE:
                place = self.state[st.following].place  # brought along by the player
            elif status == AWAKE and st.intent is not None:
                place = st.place  # an intent moves them (see _pursue)
            if st.status != status:
                st.status = status
                self._present = None
            if place != st.place:
                st.place = place
                self.move_to(rid, place, self.now)

    def _by_place(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for rid in sorted(self.people):
            st = self.state[rid]
            if st.status == AWAKE:
                out.setdefault(st.place, []).append(rid)
        return out

    def _read_documents(self) -> None:
        for did in sorted(self.documents):
            doc = self.documents[did]
            version = self.world.version(did, "version") or 1
            for rid in self.present(doc["place"]):
                st = self.state[rid]
                if st.read.get(did, 0) >= version:
                    continue
                if self.rng.random() < 0.3 + 0.5 * self.people[rid].curiosity:
                    perception.read(self, rid, did)
                    self.count("read")

    # -- attention (§11) -------------------------------------------------------------------------

    def attention_of(self, rid: str) -> float:
        """α: the fraction of today's attention budget left."""
        st, person = self.state[rid], self.people[rid]
        full = attention.budget(person.wake_minutes)
        if st.attention < 0:
            st.attention = full
        return st.attention / full

    def _think(self, rid: str) -> None:
        """One cognitive step (hourly): judge beliefs against reactions, at the depth the
        remaining attention allows; a skip records why."""
        st = self.state[rid]
        if st.status != AWAKE:
            return self._skipped(rid, attention.ASLEEP)
        if st.following or (st.intent is not None and st.intent.action != "stay"):
            return self._skipped(rid, attention.BUSY)
        # News since the resident last thought; very important news raises the depth (§11).
        important = self._news.pop(rid, 0) >= attention.IMPORTANT_NEWS
        st.depth = attention.depth(self.attention_of(rid), important)
        if st.depth == attention.SKIP:
            return self._skipped(rid, attention.EXHAUSTED)
        self.count("processing_" + st.depth)
        decide.decide(self, rid, reduced=st.depth == attention.REDUCED)

    def _skipped(self, rid: str, why: str) -> None:
        self.state[rid].depth = attention.SKIP
        self.count("processing_skipped")
        self.count("skipped_" + why)

    def _spend_attention(self) -> None:
        """Being awake, acting and taking in news spend attention; sleep restores it."""
        arrivals, self._arrivals = self._arrivals, {}
        acted, self._acted = self._acted, set()
        for rid in sorted(self.people):
            person, st = self.people[rid], self.state[rid]
            if person.is_player:
                continue
            full = attention.budget(person.wake_minutes)
            if st.attention < 0:
                st.attention = full
            if st.status == AWAKE:
                cost = attention.AWAKE_COST + attention.ARRIVAL_COST * arrivals.get(rid, 0)
                if rid in acted:
                    cost += attention.ACTION_COST
                st.attention = max(0.0, st.attention - cost)
            else:
                st.attention = min(full, st.attention + attention.recover_per_tick(
                    person.wake_minutes))

    def acted(self, rid: str) -> None:
        self._acted.add(rid)

    def _pursue(self, rid: str) -> None:
        """Carry out the resident's intent: go where it leads, and act when there."""
        st = self.state[rid]
        it = st.intent
        if it is None:
            return
        if self.now > it.expires:
            st.intent = None
            return
        if it.action == "stay":
            if st.place != it.place:
                st.place = it.place
                self.move_to(rid, it.place, self.now)
            return  # stays until the intent expires
        if it.target and it.target in self.state:
            tst = self.state[it.target]
            if tst.status != AWAKE:
                return  # wait for them to be about
            dest = tst.place
        else:
            dest = it.place or st.place
        self._acted.add(rid)
        if st.place != dest:
            st.place = dest
            self.move_to(rid, dest, self.now)
            return
        self._perform(rid, it)
        if st.intent is it:
            st.intent = None

    def _perform(self, rid: str, it) -> None:
        st = self.state[rid]
        place = st.place
        key = f"{it.reaction}:{it.claim}:{it.value}"
        subject, attribute = perception.split(it.claim)
        if it.purpose == "verify":
            st.verified[key] = st.verified.get(key, 0) + 1
            self.count("verification")
            if it.action == "look":
                spot = it.value.split(".", 1)[1] if "." in it.value else None
                acts.look(self, rid, place, spot, looking_for=subject if attribute == "location"
                          else None)
            elif it.target:
                acts.ask(self, rid, it.target, it.claim, place)
            return
        b = self.store.belief(rid, subject, attribute, history=False)
        reaction = next((r for r in self.sc.reactions if r.id == it.reaction), None)
        if b is None or b.value != it.value or reaction is None:
            return
        from .support import clears_bar

        trust = self.store.trust(rid, b.teller, self.topic(attribute)) if b.teller else 0.6
        if not clears_bar(b, it.action, trust):
            return  # something changed on the way: no longer sure enough
        st.fired.append(key)
        target = it.target
        if it.action == "accuse" and target:
            acts.accuse(self, rid, target, b, place)
        elif it.action == "report" and target:
            talk.tell(self, rid, target, b, place, self.present(place), kind="report")
        elif it.action in ("avoid", "break_off", "reconcile", "administer") and target:
            delta = {"avoid": (-0.1, 0.0), "break_off": (-0.8, -0.5),
                     "reconcile": (0.4, 0.4), "administer": (0.0, 0.0)}[it.action]
            changes = [(*perception.split(s.claim), s.value) for s in reaction.effects]
            acts.social(self, it.action, rid, target, place, *delta,
                        summary=f"{self.name(rid)} {_VERB[it.action]} {self.name(target)}",
                        claim=it.claim, value=it.value, changes=changes)
        elif it.action == "ask" and target:
            acts.ask(self, rid, target, it.claim, place)
        elif it.action == "attend":
            self.record(Event(kind="attend", at=self.now, actor=rid, place=place,
                              claim=it.claim, value=it.value,
                              summary=f"{self.name(rid)} came to {self.place_name(place)} for "
                              f"{self.say_claim(it.claim, it.value)}", participants=[rid],
                              witnesses=self.onlookers(place, (rid,))))
            self.state[rid].intent = Intent(action="stay", purpose="act", reaction=it.reaction,
                                            claim=it.claim, value=it.value, since=self.now,
                                            expires=it.expires, place=place)
            self.count("action_attend")
            return
        self.count("action_" + it.action)

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
        if self.changed:
            self.store.mark_changed(self.changed)
            self.changed = []
        outs = []
        if self.pending:
            for e in self.pending:
                self._arrivals[e.resident] = self._arrivals.get(e.resident, 0) + 1
                if e.importance is not None and e.importance > self._news.get(e.resident, -1):
                    self._news[e.resident] = e.importance
            outs = self.store.perceive_many(self.pending)
            self.pending = []
        return outs

    # -- the player ----------------------------------------------------------------------------

    @property
    def has_player(self) -> bool:
        return PLAYER in self.people

    def names(self) -> Names:
        spots = [f"{p}.{s}" for p, info in self.places.items() for s in info["spots"]]
        return Names([r for r in self.people if r != PLAYER], self.places, self.objects, spots)

    def command(self, cmd: Command | str) -> Reply:
        """Carry out a player command now, then let the time it takes pass."""
        if isinstance(cmd, str):
            cmd = commands.parse(cmd, self.names())
        if not self.has_player:
            return player.fail("This scenario has no player.")
        if self.ending:
            return player.fail("The story is over.")
        with self.db.atomic():
            reply = player.perform(self, cmd)
            self.flush()
            self._check_stages()
        for _ in range(reply.minutes // clock.TICK):
            if self.ending:
                break
            self.step()
        return reply

    def stages_reached(self) -> set[str]:
        return {e["data"]["id"] for e in self.world.log(kind="stage")}

    def _check_stages(self) -> None:
        if not self.sc.stages or not self.has_player:
            return
        reached = self.stages_reached()
        for st in self.sc.stages:
            if st.id not in reached and self.condition(st.when):
                self.world.record(Event(kind="stage", at=self.now, actor=PLAYER,
                                        summary=f"you found out: {st.text}",
                                        data={"id": st.id}, participants=[PLAYER]))

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
        near enough — CROWD_SEEN of them, drawn by the simulation's random generator."""
        out = [x for x in self.present(place) if x not in exclude]
        if len(out) > CROWD_SEEN:
            out = sorted(self.rng.sample(out, CROWD_SEEN))
        return out

    def tellable(self, rid: str) -> list[Salient]:
        # Importance 0 is what a resident never brings up unasked (they still answer).
        return [b for b in self.store.top_beliefs(rid, limit=TELLABLE,
                                                  min_confidence=talk.MIN_TELL_CONFIDENCE,
                                                  default_importance=DEFAULT_IMPORTANCE)
                if b.value != "missing"]

    def wants_look(self, rid: str) -> list[Belief]:
        return [b for b in self.store.beliefs(rid, attribute="location") if b.wants_look]

    def held_evidence(self, rid: str, b: Belief) -> EvidenceRecord | None:
        best = None
        for e in self.store.evidence(rid, b.subject, b.attribute):
            if e.value == b.value and e.kind == b.kind:
                best = e
        return best

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
            if self.condition(e.when):
                self.ending = e.id
                self.world.record(Event(kind="ending", at=self.now, summary=f"ending: {e.title}",
                                        data={"id": e.id, "win": e.win}))
                return

    # -- words for logs ------------------------------------------------------------------------

    def name(self, rid: str | None) -> str:
        if rid is None:
            return "someone"
        p = self.people.get(rid)
        return p.name if p else rid

    def place_name(self, pid: str) -> str:
        p = self.places.get(pid)
        return p["name"] if p else pid

    def where(self, loc: str) -> str:
        place, _, spot = loc.partition(".")
        if place in self.people:
            return self.name(place)
        return f"the {spot} in {self.place_name(place)}" if spot else self.place_name(place)

    def say_claim(self, claim: str, value: str | None = None) -> str:
        subject, attribute = perception.split(claim)
        label = self.attributes.get(attribute)
        who = self.name(subject) if subject in self.people else (
            self.objects[subject]["name"] if subject in self.objects else subject)
        if attribute.startswith("believes "):  # what someone believes about another claim
            return f"{who} believes " + self.say_claim(attribute[len("believes "):], value)
        if value is None:
            if label and label.label and label.label.endswith("{value}"):
                return label.label.format(subject=who, value="…")
            return f"{who}'s {attribute.replace('_', ' ')}"
        words = self.value_words(value, attribute)
        if attribute.startswith("at_d") and attribute[4:].replace("_", "").isdigit():
            day, hhmm = attribute[4:].split("_")
            return f"{who} was at {words} on day {day} at {hhmm[:2]}:{hhmm[2:]}"
        if label and label.label:
            return label.label.format(subject=who, value=words)
        return f"{who} {attribute.replace('_', ' ')}: {words}"

    def document_name(self, b: Belief) -> str:
        rec = self.held_evidence(b.resident, b)
        doc = rec.document if rec else None
        if doc in self.documents:
            return self.documents[doc]["name"]
        if doc in self.objects:
            return self.objects[doc]["name"]
        return "a notice"

    def value_words(self, value: str, attribute: str | None = None) -> str:
        if attribute is not None:
            a = self.attributes.get(attribute)
            if a is not None and value in a.values:
                return a.values[value]
        if value in self.people:
            return self.name(value)
        place, _, spot = value.partition(".")
        if place in self.places:
            return self.where(value)
        return value

    def save_document(self, did: str) -> None:
        self.db.execute("UPDATE documents SET says = ? WHERE id = ?",
                        (json.dumps(self.documents[did]["says"]), did))

    # -- counters for the mechanism report -----------------------------------------------------

    @property
    def counters(self) -> dict[str, int]:
        if not hasattr(self, "_counters"):
            self._counters = {}
        return self._counters

    def count(self, what: str, n: int = 1) -> None:
        c = self.counters
        c[what] = c.get(what, 0) + n


_VERB = {"avoid": "avoided", "break_off": "broke off with", "reconcile": "made peace with",
         "administer": "treated"}
