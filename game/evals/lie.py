"""Seed 004's experiment: a lie repeated 1–8 times against a fact its subject declared once.

As 004 measured it: each run is a fresh memory holding 60 background facts (every source kind,
about other things, to ada and to everyone else), into which bo's declaration ("I'm allergic to
penicillin") and then the lie ("no known allergies") are mixed. The lie comes by one of four
routes: **direct** (cy tells ada, again and again), **relayed** (cy's word through other
tellers), **document** (pages of one imported record, 004's "old medical export that says no
known allergies in eight places") or **independent** (every repetition a new lower-ranked
origin: other gossips, other records — only provenance first stops this one; independence does
not). Every policy runs on the same corpus.

Read: does ada serve the lie? Then one later, independent first-hand observation of the truth
(ada sees bo break out in hives after penicillin): does ada serve the lie still? And 004's
variant: an explicit correction (bo says it again) after three repetitions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from memory import Evidence, MemoryStore

from .common import LABELS, POLICIES, declared, read, seen, table, told

ROUTES = ("direct", "relayed", "document", "independent")
RESIDENTS = ("ada", "bo", "cy", "dee", "eve", "fay", "gus", "hal")
RELAYS = ("eve", "fay", "gus", "hal")
TRUTH, LIE = "penicillin", "none"
BACKGROUND = 60

# Seed 004's own figures (runs of 12 serving the lie, or keeping the declared fact).
SEED = {
    "naive_at_2": "12/12 serve the lie",
    "correction_after_3": "11/12 still serve the lie",
    "check_after": "12/12 serve the lie",
    "check_before": "12/12 keep the fact, at every count",
    "overwrite": "12/12 serve the lie",
}


@dataclass(frozen=True)
class Size:
    seeds: int
    repeats: tuple[int, ...]


FULL = Size(12, tuple(range(1, 9)))
QUICK = Size(3, (1, 2, 3, 8))


def _background(rng: random.Random) -> list[Evidence]:
    """Facts about other things, of every kind, to ada and everyone else."""
    out = []
    for i in range(BACKGROUND):
        who = rng.choice(RESIDENTS)
        subject, attribute = f"thing{rng.randrange(20)}", rng.choice(["place", "owner", "state"])
        value, kind, at = f"v{rng.randrange(5)}", rng.choice(["seen", "told", "read", "said"]), \
            rng.randrange(1000)
        other = rng.choice([r for r in RESIDENTS if r != who])
        if kind == "seen":
            out.append(seen(who, subject, attribute, value, at))
        elif kind == "read":
            out.append(read(who, subject, attribute, value, at, document=f"doc{i % 7}"))
        elif kind == "said":
            out.append(declared(who, other, attribute, value, at))
        else:
            out.append(told(who, subject, attribute, value, at, teller=other,
                            origin=rng.choice(RESIDENTS)))
    return out


def _lie(rng: random.Random, route: str, i: int, at: int) -> Evidence:
    """The i-th repetition of the lie."""
    if route == "direct":
        return told("ada", "bo", "allergy", LIE, at, teller="cy",
                    basis=rng.choice(["saw", "heard"]))
    if route == "relayed":
        teller = rng.choice(RELAYS)
        return told("ada", "bo", "allergy", LIE, at, teller=teller, origin="cy",
                    chain=("cy", teller), basis=rng.choice(["saw", "heard", "reckon"]))
    if route == "document":
        return read("ada", "bo", "allergy", LIE, at, document="medical_export")  # page i
    if i % 2:
        return read("ada", "bo", "allergy", LIE, at, document=f"export{i}")
    return told("ada", "bo", "allergy", LIE, at, teller=rng.choice(RELAYS), origin=f"gossip{i}",
                basis=rng.choice(["saw", "heard"]))


def corpus(seed: int, repeats: int, route: str, *, correction: bool = False) -> list[Evidence]:
    """One run's evidence in order: background, the declaration, the lie interleaved with
    the rest of the background — and, for 004's variant, bo saying it again at the end."""
    rng = random.Random(f"lie {seed} {repeats} {route}")
    background = _background(rng)
    cut = rng.randrange(BACKGROUND)
    out = background[:cut] + [declared("ada", "bo", "allergy", TRUTH, 1000)]
    rest = background[cut:]
    for i in range(repeats):
        out.append(_lie(rng, route, i, 1001 + i))
        take = rng.randrange(len(rest) + 1)
        out += rest[:take]
        rest = rest[take:]
    out += rest
    if correction:
        out.append(declared("ada", "bo", "allergy", TRUTH, 1500))
    return out


def serves_lie(policy: str, evidence: list[Evidence]) -> tuple[bool, bool]:
    """(the lie served after `evidence`, and still after one first-hand sighting of the
    truth), in a fresh memory under `policy`."""
    store = MemoryStore(policy=policy)
    try:
        store.perceive_many(evidence)
        before = store.belief("ada", "bo", "allergy", history=False).value == LIE
        store.perceive(seen("ada", "bo", "allergy", TRUTH, 2000))  # hives after penicillin
        after = store.belief("ada", "bo", "allergy", history=False).value == LIE
    finally:
        store.close()
    return before, after


def run(size: Size = FULL) -> dict:
    """served[route][policy][repeats] = [seeds serving the lie, …still after the sighting];
    correction[policy] = seeds still serving the lie after bo's correction (3 repetitions)."""
    served: dict = {r: {p: {} for p in POLICIES} for r in ROUTES}
    for route in ROUTES:
        for n in size.repeats:
            runs = [corpus(s, n, route) for s in range(size.seeds)]
            for p in POLICIES:
                got = [serves_lie(p, ev) for ev in runs]
                served[route][p][n] = [sum(b for b, _ in got), sum(a for _, a in got)]
    runs = [corpus(s, 3, "document", correction=True) for s in range(size.seeds)]
    correction = {p: sum(serves_lie(p, ev)[0] for ev in runs) for p in POLICIES}
    return {"seeds": size.seeds, "repeats": list(size.repeats), "served": served,
            "correction": correction}


def _fewest(row: dict, seeds: int) -> str:
    """The fewest repetitions at which every seed served the lie."""
    for n, (s, _) in sorted(row.items(), key=lambda kv: int(kv[0])):
        if s == seeds:
            return str(n)
    return "never"


def lines(res: dict) -> list[str]:
    seeds, reps = res["seeds"], res["repeats"]
    served = {r: {p: {int(n): v for n, v in row.items()} for p, row in by.items()}
              for r, by in res["served"].items()}
    doc = served["document"]
    out = [f"Seed 004 — a lie repeated against a fact bo declared once ({seeds} seeds × "
           f"{BACKGROUND} background facts).",
           "Lie on n pages of one imported record. Cell: seeds serving the lie → still "
           "serving it after one later first-hand observation of the truth."]
    rows = [[LABELS[p]] + [f"{doc[p][n][0]}→{doc[p][n][1]}" for n in reps] for p in POLICIES]
    out += table(["policy"] + [str(n) for n in reps], rows)
    out += ["", "Every route: the fewest repetitions that serve the lie in every seed."]
    out += table(["policy"] + list(ROUTES),
                 [[LABELS[p]] + [_fewest(served[r][p], seeds) for r in ROUTES]
                  for p in POLICIES])
    top = max(reps)
    two = 2 if 2 in reps else min(reps)
    corr = res["correction"]
    out += ["", "Seed 004's own figures beside ours (the record route)."]
    rows = [
        [f"naive arbitration, {two} pages: lie served", SEED["naive_at_2"],
         f"majority {doc['majority'][two][0]}/{seeds}, sum {doc['sum_confidence'][two][0]}"
         f"/{seeds}"],
        ["explicit correction after 3 pages: lie still served", SEED["correction_after_3"],
         f"majority {corr['majority']}/{seeds}, sum {corr['sum_confidence']}/{seeds}; "
         f"rules {corr['rules']}/{seeds}"],
        [f"provenance check after arbitration, {top} pages", SEED["check_after"],
         f"{doc['confidence_first'][top][0]}/{seeds} serve the lie"],
        [f"provenance check first (rules), 1–{top} pages", SEED["check_before"],
         f"{seeds - max(served[r]['rules'][n][0] for r in ROUTES for n in reps)}/{seeds} keep "
         "the fact, every count and route"],
        ["a record allowed to overwrite the fact (latest wins)", SEED["overwrite"],
         f"{doc['latest_wins'][top][0]}/{seeds} serve the lie"],
    ]
    out += table(["", "seed 004", "ours"], rows)
    return out
