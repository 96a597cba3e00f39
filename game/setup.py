"""Building a simulation from a scenario, and restoring one from a save.

A mixin of `Simulation`: writing the scenario into the world and memory tables (places, people,
objects, documents, facts, the backstory, initial beliefs and trust), and saving and restoring
the runtime state that is not in a world table (the clock, the random generator's state, what
each resident is doing).
"""

from __future__ import annotations

import json
from pathlib import Path

from memory import Evidence

from . import acts, clock, copresence, lies, people, perception
from .generate import saved_scenario_text
from .people import Person
from .player import PLAYER
from .scenario.loader import LoadedScenario, ScenarioError, written_from
from .state import RState


def saved_scenario(meta: dict, save: Path) -> LoadedScenario:
    """The scenario a save carries — its text and its own word templates — checked as if
    loaded from a file. The recorded file name only labels messages: nothing is read from
    there (a save from someone else must not pick a folder on this machine)."""
    from .save import SaveError
    from .templates import check_sources

    label = Path(str(meta.get("scenario_file") or "scenario.toml"))
    try:
        loaded = saved_scenario_text(str(meta["scenario_text"]), label)
    except ScenarioError as exc:
        # Named as the save's copy: "…: /work/…/scenario.toml:1:8: not valid TOML" sent the
        # reader to a file on disk that was fine, while the broken text was the save's (a
        # save fuzz).
        copy = Path(f"the save's copy of {label.name}")
        again = ScenarioError(copy, exc.problems, exc.column)
        raise SaveError(f"{save}: the scenario in the save is broken: {again}") from None
    if loaded.scenario.scenario.id != meta["scenario"]:
        raise SaveError(f"{save}: the save's scenario text is not the scenario it names")
    templates = dict(meta.get("templates") or {})
    problems = check_sources(templates)
    if problems:
        name, line, msg = problems[0]
        raise SaveError(f"{save}: the save's template {name}.j2 is broken"
                        + (f" (line {line})" if line else "") + f": {msg}")
    loaded.templates = templates
    ending = meta.get("ending")
    if ending is not None and ending not in {e.id for e in loaded.scenario.endings}:
        raise SaveError(f"{save}: the save's ending {ending!r} is not one of its scenario's")
    return loaded


def check_ending(db, save: str | Path, ending: str | None) -> None:
    """The save's ending is the one its world log records, or none if none is: one set on a
    game in play was printed as how it ended, and one taken off a finished game let it go on
    (a save fuzz)."""
    from .save import SaveError

    rows = [r[0] for r in db.execute(
        "SELECT json_extract(data, '$.id') FROM world_log WHERE kind = 'ending'")]
    logged = rows[-1] if rows else None
    if len(rows) > 1 or logged != ending:
        said = f"{ending!r}" if ending else "none"
        raise SaveError(f"{save}: the save is damaged (its ending is {said}, but its world log "
                        f"records " + (f"{len(rows)} endings" if len(rows) > 1 else
                                       f"{logged!r}" if logged else "none") + ")")


class Setup:
    def _populate(self, loaded: LoadedScenario, seed: int) -> None:
        sc, w, store = self.sc, self.world, self.store
        start = clock.parse_when(sc.scenario.start)
        self.now = clock.align(start)
        w.set_meta("scenario", sc.scenario.id)
        w.set_meta("scenario_text", loaded.text)
        w.set_meta("scenario_file", str(loaded.file))
        if loaded.templates:
            w.set_meta("templates", json.dumps(loaded.templates, sort_keys=True))
        w.set_meta("seed", str(seed))
        copresence.define(self)
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
        day_start = written_from(self.sc)  # the backstory's first day, or the start's
        for rid, person in self.people.items():
            # Where everyone was since that day began follows from their schedules: write it,
            # so "who was there?" can be asked about the backstory too — bad_blood's supper
            # was the evening before the start, and nobody could say where they had been.
            last = None
            for t in range(day_start, self.now + 1, clock.TICK):
                place = person.status_at(t)[1]
                if place != last:
                    w.move(rid, place, t)
                    last = place
            status, place = person.status_at(self.now)
            self.state[rid] = RState(place=place, status=status)
        # Who saw whom earlier that day: perceived like any company (game.copresence).
        copresence.backstory(self, day_start, self.now)
        self._initial_beliefs()
        self._motives(t0)
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

    def _motives(self, t0: int) -> None:
        """A liar's motive is a fact of the world (Bo has it in for Cy), and those the
        scenario names know it, long since, from what they have seen (game.lies)."""
        evs = []
        for r in self.sc.residents:
            for lie in r.lies:
                if lie.motive is None:
                    continue
                got = lies.motive_claim(r.id, lie.motive.model_dump())
                if got is None:
                    continue
                claim, value = got
                s, a = perception.split(claim)
                self.world.init_fact(s, a, value, t0)
                for who in lie.motive.known_to:
                    evs.append(Evidence(
                        resident=who, subject=s, attribute=a, value=value, kind="witnessed",
                        event=f"scenario:motive:{r.id}", at=t0,
                        importance=lies.MOTIVE_IMPORTANCE))
        if evs:
            self.store.perceive_many(evs)

    def _event_ref(self, name: str | None, i: int, kind: str) -> str | None:
        if name and name in self.event_ids:
            return f"w{self.event_ids[name]}"
        if name:
            return name
        return f"scenario:{i}" if kind in ("firsthand", "witnessed") else None

    def _restore(self) -> None:
        w = self.world
        self.now = int(w.meta("now") or 0)
        self.seed = int(w.meta("seed") or 0)
        # A save from before issue 10 knows nothing of who-stood-where memories or the seed
        # misremembering draws from; both are idempotent for a newer one.
        copresence.define(self)
        self.store.set_seed(self.seed)
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
        self._check_restored()

    def _check_restored(self) -> None:
        """What was read back makes this scenario's town: the same people, each with a state
        at a place that exists. (The gate checked the file; this checks its rows agree.)"""
        want = {r.id for r in self.sc.residents} | ({PLAYER} if self.sc.player else set())
        if set(self.people) != want:
            raise ValueError("the people in the save are not the scenario's residents")
        if set(self.state) != want:
            raise ValueError("not every resident's state is in the save")
        for rid, st in self.state.items():
            if not isinstance(st, RState) or st.place not in self.places:
                raise ValueError(f"{rid} is at no place of the scenario")
            if st.following is not None and st.following not in want:
                raise ValueError(f"{rid} follows no one in the town")
        if set(self.documents) != {d.id for d in self.sc.documents}:
            raise ValueError("the documents in the save are not the scenario's")

    def _save_runtime(self) -> None:
        # What memory held back (re-evocations past a tick's end) goes on its rows first: a
        # save is the record (memory.deferred).
        self.store.flush()
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
