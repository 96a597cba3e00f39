"""Seed 001's mechanism counts, and how alike residents' memories become over time.

The counts are `game.report.mechanisms` on nine_neighbours (nine residents, no player, seed 0)
read at 30, 120 and 240 hourly steps, as seed 001 ran nine characters for 30, 120 and 240.

Seed 001 opens with the problem it sets out to solve: in long social simulations characters
start different and grow alike ("角色一开始各不相同，后来却越来越像"). It gives no figure for
it, so we define one. Two residents' memories are compared over the claims about the world
they hold — not what they take others to believe, not the hour-by-hour memories of who stood
where (cue-only), not beliefs gone `past`:

- **alike** — the Jaccard similarity of their sets of (claim, value) held: 1 when they hold
  exactly the same things, 0 when nothing in common; averaged over every pair;
- **agree** — of the claims both hold, the share on which they hold the same value.

Both are read at each reading (residents start knowing nothing in common), for our rules and,
on the same towns and seeds, for two baselines of `memory.policies` — a memory where the latest
word wins and one where the majority of what was heard does — and averaged over four seeds:
one town's figures move with a single visit in its scenario, and a claim about how memories
grow alike should not rest on one draw.
"""

from __future__ import annotations

import dataclasses
from itertools import combinations

from memory import MemoryStore

from .. import Simulation, clock  # the package's API: evals drive whole towns, like ui
from ..report import SEED_001, mechanisms
from ..scenario import load_scenario
from .common import LABELS, table

SCENARIO = "nine_neighbours"
READINGS = (30, 120, 240)  # hours
CONVERGENCE_POLICIES = ("rules", "latest_wins", "majority")
CONVERGENCE_SEEDS = (0, 1, 2, 3)

# Rows of the mechanism table: (key, words); seed 001's figure and run length from SEED_001.
ROWS = (
    ("world_events", "world events"),
    ("updates_after_use", "memory updates after use"),
    ("judgements", "high-consequence judgements"),
    ("judgements_acted", "— acted"),
    ("judgements_verified", "— verified first"),
    ("acted_on_verified", "— acted on evidence they had verified"),
    ("lookbacks", "importance look-backs"),
    ("lookbacks_lengthened", "— lengthening a half-life"),
    ("reduced", "reduced processing"),
    ("skipped", "skipped processing"),
    ("dormancy_entries", "entries into dormancy"),
    ("cue_recalls", "cue recalls"),
    ("associative_recalls", "associative recalls"),
    ("memory_state_expressions", "expressions of memory state"),
)
SEED_EXTRA = {"lookbacks_lengthened": (240, 349)}  # 944 judgements at 240, 349 lengthening


@dataclasses.dataclass(frozen=True)
class Size:
    readings: tuple[int, ...]
    policies: tuple[str, ...]
    seeds: tuple[int, ...] = CONVERGENCE_SEEDS  # the mechanism counts are the first seed's


FULL = Size(READINGS, CONVERGENCE_POLICIES)
QUICK = FULL  # one town per policy and seed: already quick (about 30 s)


def held(store: MemoryStore) -> dict[str, set[tuple[str, str, str]]]:
    """Each resident's held (subject, attribute, value) about the world."""
    out: dict[str, set[tuple[str, str, str]]] = {}
    modes: dict[str, str] = {}
    for b in store.beliefs(about_others=False):
        mode = modes.setdefault(b.attribute, store.recall_mode(b.attribute))
        if mode == "cue" or b.state.value == "past":
            continue
        out.setdefault(b.resident, set()).add((b.subject, b.attribute, b.value))
    return out


def convergence(store: MemoryStore, residents: list[str]) -> dict[str, float]:
    """Mean pairwise `alike` and `agree` over `residents` (see the module docstring)."""
    h = held(store)
    alike, agree = [], []
    for a, b in combinations(sorted(residents), 2):
        x, y = h.get(a, set()), h.get(b, set())
        union = x | y
        alike.append(len(x & y) / len(union) if union else 1.0)
        cx = {(s, at): v for s, at, v in x}
        cy = {(s, at): v for s, at, v in y}
        both = cx.keys() & cy.keys()
        if both:
            agree.append(sum(cx[k] == cy[k] for k in both) / len(both))
    mean = lambda xs: round(sum(xs) / len(xs), 3) if xs else 0.0  # noqa: E731
    return {"alike": mean(alike), "agree": mean(agree)}


def town(policy: str, seed: int = 0) -> Simulation:
    """nine_neighbours under `policy` (the scenario's own is `rules`): the same town, seed and
    events, only the memory's arbitration differs."""
    loaded = load_scenario(SCENARIO)
    if policy != loaded.scenario.scenario.revision:
        info = loaded.scenario.scenario.model_copy(update={"revision": policy})
        loaded = dataclasses.replace(
            loaded, scenario=loaded.scenario.model_copy(update={"scenario": info}))
    return Simulation.new(loaded, seed)


def one_town(policy: str, readings: tuple[int, ...], counts: bool, seed: int = 0) -> dict:
    sim = town(policy, seed)
    residents = sorted(sim.people)
    start = sim.now
    out: dict = {"convergence": {}, "mechanisms": {}}
    for h in readings:
        sim.run(until=start + h * clock.HOUR)
        out["convergence"][h] = convergence(sim.store, residents)
        if counts:
            out["mechanisms"][h] = mechanisms(sim)
    return out


def run(size: Size = FULL) -> dict:
    first = size.seeds[0]
    towns = {(p, seed): one_town(p, size.readings, counts=p == "rules" and seed == first,
                                 seed=seed)
             for p in size.policies for seed in size.seeds}
    return {"scenario": SCENARIO, "readings": list(size.readings), "seeds": list(size.seeds),
            "mechanisms": towns["rules", first]["mechanisms"],
            "convergence": {p: {h: {k: round(sum(towns[p, seed]["convergence"][h][k]
                                                 for seed in size.seeds) / len(size.seeds), 3)
                                    for k in ("alike", "agree")}
                                for h in size.readings}
                            for p in size.policies}}


def _seed(key: str) -> str:
    got = SEED_EXTRA.get(key) or SEED_001.get(key)
    return f"{got[1]:,} ({got[0]})" if got else "—"


def lines(res: dict) -> list[str]:
    hours = [int(h) for h in res["readings"]]
    mech = {int(h): v for h, v in res["mechanisms"].items()}
    out = [f"Seed 001 — mechanisms in {res['scenario']} (nine residents, seed 0), by hourly "
           "steps; seed 001's figure at the run length where it reports it."]
    rows = [[words] + [f"{mech[h][key]:,}" for h in hours] + [_seed(key)]
            for key, words in ROWS]
    out += table(["mechanism"] + [f"{h} h" for h in hours] + ["seed 001"], rows)
    seeds = res.get("seeds", [0])
    out += ["", "How alike residents' memories become (mean over pairs; 1 = identical): "
            "alike = Jaccard of held claim–values, agree = same value where both hold the "
            f"claim; the mean of seeds {seeds[0]}–{seeds[-1]}. Seed 001 reports that "
            "characters converge, with no figure."]
    cols = hours
    rows = []
    for p, conv in res["convergence"].items():
        conv = {int(h): v for h, v in conv.items()}
        rows.append([LABELS[p]] + [f"{conv[h]['alike']:.2f} / {conv[h]['agree']:.2f}"
                                   for h in cols])
    out += table(["alike / agree"] + [f"{h} h" for h in cols], rows)
    return out
