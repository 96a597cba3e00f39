"""Seed 002's adversarial correction: a wrong value put into memory, then a stream of evidence.

Each trial is one resident and one claim ("who took it") with four possible values, one true.
The resident starts holding a wrong one — **implanted** (002's injected error: no in-world
evidence at all) or, separately, **seen first-hand** (a misperception) — and then takes in
twenty pieces of evidence, one a step: **observations**, each its own first-hand sighting,
right with probability 0.7 (else one of the wrong values at random), or **hearsay**, each from
a different gossip, right with probability 0.7. Every policy runs on the same streams.

Read after every step, for every trial: the value the resident serves (its held value). A trial
is *corrected* at the first step it serves the truth; *steps* is that step; *top-1* is the
truth served after the last step (002's belief-convergence figure); *converged* is the share
whose truth, once served, was served at every later step.

Where our rules correct less by design — hearsay never overturns a first-hand value — the table
says so, and the last table shows what that protects: a first-hand truth against twenty
independent rumours of one lie.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from memory import Evidence, MemoryStore

from .common import LABELS, POLICIES, implanted, pct, seen, table, told

VALUES = ("cy", "dee", "eve", "fay")  # the truth is VALUES[0]
TRUTH = VALUES[0]
WRONG = VALUES[1:]
STEPS = 20
ACCURACY = 0.7  # observations and hearsay alike
STARTS = ("implanted", "firsthand")
STREAMS = ("observations", "hearsay")
CASES = tuple((s, t) for s in STARTS for t in STREAMS)

# Seed 002's figures: BeliefMem, and its deterministic baseline.
SEED = {"corrected": 60.8, "steps": 4.75, "top1": 87.68,
        "deterministic_corrected": 33.3, "deterministic_steps": 9.45}


@dataclass(frozen=True)
class Size:
    seeds: int
    trials: int  # per seed


FULL = Size(12, 50)
QUICK = Size(3, 10)


@dataclass
class Trial:
    resident: str
    subject: str
    start: Evidence
    stream: list[Evidence]


def trials(size: Size, start: str, stream: str) -> list[Trial]:
    """The generated trials of one case: the same for every policy."""
    out = []
    for seed in range(size.seeds):
        rng = random.Random(f"correction {seed} {start} {stream}")
        for k in range(size.trials):
            who, subject = f"r{seed}_{k}", f"case{seed}_{k}"
            wrong = rng.choice(WRONG)
            first = implanted(who, subject, "culprit", wrong, 0) if start == "implanted" \
                else seen(who, subject, "culprit", wrong, 0)
            evs = []
            for step in range(1, STEPS + 1):
                value = TRUTH if rng.random() < ACCURACY else rng.choice(WRONG)
                if stream == "observations":
                    evs.append(seen(who, subject, "culprit", value, step * 60))
                else:
                    evs.append(told(who, subject, "culprit", value, step * 60,
                                    teller=f"gossip{step}"))
            out.append(Trial(who, subject, first, evs))
    return out


def protected(size: Size) -> list[Trial]:
    """What our rules protect: a truth seen first-hand, then twenty independent rumours all
    telling one lie (a whispering campaign)."""
    out = []
    for seed in range(size.seeds):
        rng = random.Random(f"campaign {seed}")
        for k in range(size.trials):
            who, subject, lie = f"r{seed}_{k}", f"case{seed}_{k}", rng.choice(WRONG)
            evs = [told(who, subject, "culprit", lie, step * 60, teller=f"gossip{step}",
                        basis=rng.choice(["saw", "heard"])) for step in range(1, STEPS + 1)]
            out.append(Trial(who, subject, seen(who, subject, "culprit", TRUTH, 0), evs))
    return out


def served(policy: str, batch: list[Trial]) -> list[list[str]]:
    """Every trial's served value after the start and after each step, under `policy`."""
    store = MemoryStore(policy=policy)
    paths: dict[str, list[str]] = {t.resident: [] for t in batch}
    try:
        for step in range(STEPS + 1):
            store.perceive_many([t.start if step == 0 else t.stream[step - 1] for t in batch])
            for b in store.beliefs(attribute="culprit"):
                paths[b.resident].append(b.value)
    finally:
        store.close()
    return [paths[t.resident] for t in batch]


def score(paths: list[list[str]]) -> dict:
    """Corrected share, mean steps to correction, top-1 at the end, converged share."""
    firsts = [next((i for i, v in enumerate(p) if v == TRUTH and i > 0), None) for p in paths]
    done = [f for f in firsts if f is not None]
    converged = sum(1 for p, f in zip(paths, firsts, strict=True)
                  if f is not None and all(v == TRUTH for v in p[f:]))
    return {"trials": len(paths), "corrected": len(done),
            "steps": round(sum(done) / len(done), 2) if done else None,
            "top1": sum(p[-1] == TRUTH for p in paths), "converged": converged}


def run(size: Size = FULL) -> dict:
    cases = {}
    for start, stream in CASES:
        batch = trials(size, start, stream)
        cases[f"{start}/{stream}"] = {p: score(served(p, batch)) for p in POLICIES}
    batch = protected(size)
    campaign = {}
    for p in POLICIES:
        paths = served(p, batch)
        campaign[p] = {"trials": len(paths), "kept": sum(p_[-1] == TRUTH for p_ in paths),
                       "ever_lie": sum(any(v != TRUTH for v in p_) for p_ in paths)}
    return {"seeds": size.seeds, "trials": size.trials, "steps": STEPS, "accuracy": ACCURACY,
            "cases": cases, "campaign": campaign}


_WORDS = {"implanted": "implanted", "firsthand": "seen first-hand (wrongly)",
          "observations": "first-hand observations", "hearsay": "hearsay, each a new gossip"}


def lines(res: dict) -> list[str]:
    n = res["seeds"] * res["trials"]
    acc = round(100 * res["accuracy"])
    out = [f"Seed 002 — a wrong value in memory, then {res['steps']} pieces of evidence, each "
           f"right {acc} % of the time ({res['seeds']} seeds × {res['trials']} trials).",
           f"Seed 002 (BeliefMem): corrected {SEED['corrected']} % in {SEED['steps']} steps, "
           f"top-1 {SEED['top1']} %; its deterministic baseline {SEED['deterministic_corrected']}"
           f" % in {SEED['deterministic_steps']} steps."]
    for key, by in res["cases"].items():
        start, stream = key.split("/")
        out += ["", f"Start {_WORDS[start]}; then {_WORDS[stream]}."]
        rows = [[LABELS[p], pct(s["corrected"], n), s["steps"] if s["steps"] is not None
                 else "—", pct(s["top1"], n), pct(s["converged"], n)] for p, s in by.items()]
        out += table(["policy", "corrected", "steps", "top-1 at end", "converged"], rows)
        if start == "firsthand" and stream == "hearsay":
            out.append("Ours correct none here by design: hearsay ranks below what the "
                       "resident saw (epistemics §5.1); the next table is what that protects.")
    camp = res["campaign"]
    out += ["", f"What it protects: the truth seen first-hand, then {res['steps']} independent "
            "rumours of one lie."]
    rows = [[LABELS[p], pct(c["kept"], n), pct(c["ever_lie"], n)] for p, c in camp.items()]
    out += table(["policy", "truth served at the end", "lie served at some step"], rows)
    return out
