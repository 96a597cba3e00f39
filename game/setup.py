"""Building a simulation from a scenario, and restoring one from a save.

A mixin of `Simulation`: writing the scenario into the world and memory tables (places, people,
objects, documents, facts, the backstory, initial beliefs and trust), and saving and restoring
the runtime state that is not in a world table (the clock, the random generator's state, what
each resident is doing).
"""

from __future__ import annotations

import json

from memory import Evidence

from . import acts, clock, people, perception
from .people import Person
from .player import PLAYER
from .scenario.loader import LoadedScenario
from .state import RState


class Setup:
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
        backstory = [ev for _, ev in self.events if clock.parse_when(ev.at) < self.now
                     and ev.kind != "edit"]
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
        # An author's edits from before the start apply to the memories just written.
        from . import edits

        for _, ev in self.events:
            at = clock.parse_when(ev.at)
            if ev.kind == "edit" and at < self.now and (not ev.when or self.condition(ev.when)):
                edits.scripted(self, ev, at)
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

    def _restore(self) -> None:
        w = self.world
        self.now = int(w.meta("now") or 0)
        state = json.loads(w.meta("rng") or "null")
        if state:
            self.rng.setstate((state[0], tuple(state[1]), state[2]))
        self.ending = w.meta("ending")
        self.open_minds_used = w.meta("open_minds") == "1"
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
        if self.open_minds_used:
            w.set_meta("open_minds", "1")
        self.db.conn.executemany(
            "INSERT INTO sim_state (resident, state) VALUES (?, ?) ON CONFLICT (resident) "
            "DO UPDATE SET state = excluded.state",
            [(rid, st.dumps()) for rid, st in sorted(self.state.items())])
