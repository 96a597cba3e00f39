"""Seed 003's experiment: a town whose facts change, its residents asked at intervals — the
same memory with version tracking on and switched off (`MemoryStore(track_versions=False)`).

The town: twelve residents, five places, and eighteen facts that change — six **notices**
(meeting times on boards, read as documents), six **objects** that get moved (a ladder, a
cart, …: where each is, seen first-hand) and six **states** (the bakery open, closed or on a
half day, seen at the door). Each day every fact changes with chance 0.1 (a new version: the
world tells the memory, as the simulation does every tick, `mark_changed`); every resident
visits two places and takes in each thing there with chance 0.5; every resident tells one
other something it believes (hearsay, which carries no version, as in the game); and every
resident checks one thing it has reason to doubt — a belief the memory marks stale, or one it
wants to go and look at (§8) — by going to look: it re-reads the notice, looks at the door, or
looks for the object where it believes it is (if the object has gone, it learns nothing).
Every third day each resident is asked about everything it holds; answering recalls the memory
(a weak one may come back wrong, issue 10) and names it (a cue: it comes back to mind).

An answer is **current** (what the world holds now), **stale** (a value the world held at an
earlier version), **no source** (misremembered: no evidence the resident has says it) or
**wrong** otherwise (a misremembering passed on as hearsay). Seed 003 counts stale claims 80 →
9 and hallucinated (unsupported) ones 15 → 0 over its runs, without and with its claims
runtime.

Seed 003's runtime hands stale claims to the agent to re-verify; the notes (§9) keep the mark
from the resident until it meets the new version. Here the seed is followed: the mark is what
sends a resident to check — and it is all the switch adds besides recording versions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from memory import Evidence, MemoryStore

from .common import DAY, pct, read, seen, table, told

PLACES = ("square", "inn", "mill", "chapel", "market")
RESIDENTS = tuple(f"r{i}" for i in range(12))
NOTICES = tuple(f"meeting{i}" for i in range(6))  # attribute "time", on a board
TIMES = ("9am", "noon", "4pm", "6pm")
OBJECTS = ("ladder", "cart", "lamp", "rope", "barrel", "saw")  # attribute "location"
SHOPS = ("bakery", "forge", "ferry", "school", "well", "baths")  # attribute "state"
STATES = ("open", "closed", "half_day")
KIND_OF = {"time": "notices", "location": "objects", "state": "states"}
SIMILAR = {"time": TIMES, "location": PLACES, "state": STATES}

CHANGE = 0.1  # chance a fact changes on a given day
TAKE_IN = 0.5  # chance a resident at a place takes in each thing there
VISITS = 2  # places a resident visits a day
CHECKS = 1  # things a resident goes to check a day
ASK_EVERY = 3  # days
MEMORY_TRAIT = 0.7  # the residents' memory (misremembering, issue 10)

SEED = {"stale": (80, 9), "no_source": (15, 0)}  # without -> with the claims runtime


@dataclass(frozen=True)
class Size:
    seeds: int
    days: int


FULL = Size(12, 30)
QUICK = Size(3, 15)


class Town:
    """The world's truth: each fact's value and version, its history, where things are."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.value: dict[tuple[str, str], str] = {}
        self.version: dict[tuple[str, str], int] = {}
        self.history: dict[tuple[str, str], set[str]] = {}
        self.board = {m: PLACES[i % len(PLACES)] for i, m in enumerate(NOTICES)}
        self.door = {s: PLACES[(i + 2) % len(PLACES)] for i, s in enumerate(SHOPS)}
        for m in NOTICES:
            self._set((m, "time"), rng.choice(TIMES))
        for o in OBJECTS:
            self._set((o, "location"), rng.choice(PLACES))
        for s in SHOPS:
            self._set((s, "state"), rng.choice(STATES))

    def _set(self, fact: tuple[str, str], value: str) -> None:
        self.value[fact] = value
        self.version[fact] = self.version.get(fact, 0) + 1
        self.history.setdefault(fact, set()).add(value)

    @staticmethod
    def fact_key(fact: tuple[str, str]) -> str:
        """How the memory names the fact a piece of evidence saw (a notice: its board's)."""
        subject, attribute = fact
        return f"notice_{subject}.version" if attribute == "time" else f"{subject}.{attribute}"

    def change(self) -> list[tuple[str, int]]:
        """Each fact moves on with chance CHANGE; returns the (fact key, version) pairs."""
        out = []
        for fact in sorted(self.value):
            if self.rng.random() < CHANGE:
                options = [v for v in SIMILAR[fact[1]] if v != self.value[fact]]
                self._set(fact, self.rng.choice(options))
                out.append((self.fact_key(fact), self.version[fact]))
        return out

    def at(self, place: str) -> list[tuple[str, str]]:
        """The facts one can take in at `place`."""
        return ([(m, "time") for m in NOTICES if self.board[m] == place]
                + [(o, "location") for o in OBJECTS if self.value[(o, "location")] == place]
                + [(s, "state") for s in SHOPS if self.door[s] == place])

    def look(self, who: str, fact: tuple[str, str], now: int) -> Evidence:
        """Taking the fact in as it is now: reading the notice, or seeing it."""
        subject, attribute = fact
        v, version = self.value[fact], self.version[fact]
        if attribute == "time":
            return read(who, subject, attribute, v, now, document=f"notice_{subject}",
                        version=version, fact=self.fact_key(fact))
        return seen(who, subject, attribute, v, now, version=version)


def one_run(seed: int, days: int, tracking: bool) -> dict:
    """One town for `days` days; the answers counted by kind and class."""
    # Separate streams, so the world's changes and everyone's visits are the same both ways
    # (what residents say and check depends on what they believe, and so differs).
    town = Town(random.Random(f"staleness {seed} world"))
    rng, talk = random.Random(f"staleness {seed} visits"), random.Random(f"staleness {seed} talk")
    store = MemoryStore(states=["time", "location", "state"], track_versions=tracking)
    store.set_seed(seed)
    counts = {k: {"answers": 0, "current": 0, "stale": 0, "no_source": 0, "wrong": 0}
              for k in KIND_OF.values()}
    checks = 0
    try:
        for day in range(1, days + 1):
            now = day * DAY
            store.mark_changed(town.change())
            evidence = []
            for who in RESIDENTS:
                for place in rng.sample(PLACES, VISITS):
                    evidence += [town.look(who, f, now + 600) for f in town.at(place)
                                 if rng.random() < TAKE_IN]
            store.perceive_many(evidence)
            store.perceive_many(_gossip(store, talk, now + 720))
            checks += _check(store, town, talk, now + 900)
            if day % ASK_EVERY == 0:
                _ask(store, town, now + 1200, counts)
    finally:
        store.close()
    return {"counts": counts, "checks": checks}


def _gossip(store: MemoryStore, rng: random.Random, now: int) -> list[Evidence]:
    """Everyone tells one other one thing they hold, as they hold it."""
    out = []
    for who in RESIDENTS:
        held = store.beliefs(who, about_others=False)
        if not held:
            continue
        b = rng.choice(held)
        listener = rng.choice([r for r in RESIDENTS if r != who])
        origin = b.origin if b.kind == "hearsay" and b.origin else who
        basis = "heard" if b.kind == "hearsay" else "saw"
        if origin == listener:
            continue  # their own account coming back: nothing to tell
        out.append(told(listener, b.subject, b.attribute, b.value, now, teller=who,
                        origin=origin, basis=basis))
    return out


def _check(store: MemoryStore, town: Town, rng: random.Random, now: int) -> int:
    """Each resident goes to check what it has reason to doubt: stale first (only a store that
    tracks versions marks any), then what it wants to look at (§8)."""
    evidence, looks = [], 0
    for who in RESIDENTS:
        stale = store.stale(who)
        wanted = store.beliefs(who, wants_look=True, about_others=False)
        for pool in (stale, wanted):
            rng.shuffle(pool)  # not the same one every day
        for b in (stale + wanted)[:CHECKS]:
            looks += 1
            fact = (b.subject, b.attribute)
            if b.attribute == "location" and town.value[fact] != b.value:
                continue  # looked where it was believed to be: gone, and nothing learned
            evidence.append(town.look(who, fact, now))
    store.perceive_many(evidence)
    return looks


def _ask(store: MemoryStore, town: Town, now: int, counts: dict) -> None:
    for who in RESIDENTS:
        for b in store.beliefs(who, about_others=False):
            fact = (b.subject, b.attribute)
            wrong = store.misremember(who, b.subject, b.attribute, now,
                                      accessibility=b.accessibility(now), trait=MEMORY_TRAIT,
                                      similar=[v for v in SIMILAR[b.attribute] if v != b.value])
            value = wrong.value if wrong else b.value
            c = counts[KIND_OF[b.attribute]]
            c["answers"] += 1
            if wrong or b.misremembered:
                c["no_source"] += 1
            elif value == town.value[fact]:
                c["current"] += 1
            elif value in town.history[fact]:
                c["stale"] += 1
            else:
                c["wrong"] += 1
        for attribute in KIND_OF:  # being asked names the claims: they come back to mind
            store.cue(who, now, attribute=attribute)


def run(size: Size = FULL) -> dict:
    out = {}
    for tracking in (False, True):
        total = {k: {"answers": 0, "current": 0, "stale": 0, "no_source": 0, "wrong": 0}
                 for k in KIND_OF.values()}
        checks = 0
        for seed in range(size.seeds):
            r = one_run(seed, size.days, tracking)
            checks += r["checks"]
            for kind, c in r["counts"].items():
                for k, v in c.items():
                    total[kind][k] += v
        out["with" if tracking else "without"] = {"by_kind": total, "checks": checks}
    return {"seeds": size.seeds, "days": size.days, "runs": out}


def _sum(by_kind: dict) -> dict:
    return {k: sum(c[k] for c in by_kind.values())
            for k in ("answers", "current", "stale", "no_source", "wrong")}


def lines(res: dict) -> list[str]:
    out = [f"Seed 003 — a town whose facts change, residents asked every {ASK_EVERY} days "
           f"({res['seeds']} seeds × {res['days']} days, {len(RESIDENTS)} residents, "
           f"{len(NOTICES) + len(OBJECTS) + len(SHOPS)} facts).",
           f"Seed 003 (its claims runtime off → on): stale {SEED['stale'][0]} → "
           f"{SEED['stale'][1]}, unsupported {SEED['no_source'][0]} → {SEED['no_source'][1]}."]
    rows = []
    for name in ("without", "with"):
        r = res["runs"][name]
        t = _sum(r["by_kind"])
        rows.append([f"versions {'on' if name == 'with' else 'off'}", t["answers"],
                     f"{t['stale']} ({pct(t['stale'], t['answers'])})",
                     f"{t['no_source']} ({pct(t['no_source'], t['answers'])})",
                     f"{t['wrong']}", pct(t["current"], t["answers"]), r["checks"]])
    out += table(["memory", "answers", "stale", "no source", "wrong", "current", "checks"],
                 rows)
    out += ["", "Stale answers by what changed."]
    kinds = list(KIND_OF.values())
    rows = [[f"versions {'on' if name == 'with' else 'off'}"]
            + [f"{res['runs'][name]['by_kind'][k]['stale']} / "
               f"{res['runs'][name]['by_kind'][k]['answers']}" for k in kinds]
            for name in ("without", "with")]
    out += table(["memory"] + kinds, rows)
    return out
