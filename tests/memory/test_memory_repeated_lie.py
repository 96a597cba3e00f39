"""What it must withstand (a): seed 004's repeated lie, measured the way 004 measured it —
12 random seeds, 60 background facts per run. A resident told something first-hand once (bo
declares his own allergy) keeps it when a single origin repeats the opposite 1 to 8 times —
directly, relayed through several tellers, or as a document repeating it page after page; the
first-hand value must win 12/12 at every repetition count. Then an independent first-hand
observation of the opposite must correct it, 12/12. Under both revision policies.

One origin repeating itself is already stopped by independence (§5.2). The harder route,
"independent", has every repetition come from a different lower-ranked origin (other gossips,
other documents): only provenance first (§5.1) stops that one, so the suite fails if the rank
check is removed or moved after the confidence arithmetic."""

import random

import pytest
from mem_helpers import declared, read, seen, told

from memory import Evidence, MemoryStore

SEEDS = range(12)
BACKGROUND = 60
REPEATS = range(1, 9)
RESIDENTS = ["ada", "bo", "cy", "dee", "eve", "fay", "gus", "hal"]
RELAYS = ["eve", "fay", "gus", "hal"]
TRUTH, LIE = "penicillin", "none"


def _background(rng: random.Random, n: int) -> list[Evidence]:
    """Facts unrelated to the claim under test, of every kind, to ada and everyone else."""
    out = []
    for i in range(n):
        who = rng.choice(RESIDENTS)
        subject, attribute = f"thing{rng.randrange(20)}", rng.choice(["place", "owner", "state"])
        value = f"v{rng.randrange(5)}"
        kind = rng.choice(["witnessed", "hearsay", "document", "declared"])
        at = rng.randrange(0, 1000)
        if kind == "witnessed":
            out.append(seen(who, subject, attribute, value, at=at))
        elif kind == "document":
            out.append(read(who, subject, attribute, value, document=f"doc{i % 7}", at=at))
        elif kind == "declared":
            teller = rng.choice([r for r in RESIDENTS if r != who])
            out.append(declared(who, teller, attribute, value, at=at))
        else:
            teller = rng.choice([r for r in RESIDENTS if r != who])
            out.append(told(who, subject, attribute, value, teller=teller,
                            origin=rng.choice(RESIDENTS), at=at))
    return out


def _lie(rng: random.Random, route: str, i: int, at: int) -> Evidence:
    """The i-th repetition of the lie: one origin (direct, relayed, document pages) or, on the
    "independent" route, a new lower-ranked origin each time."""
    if route == "direct":
        return told("ada", "bo", "allergy", LIE, teller="cy", origin="cy", at=at,
                    basis=rng.choice(["saw", "heard"]))
    if route == "relayed":
        teller = rng.choice(RELAYS)
        return told("ada", "bo", "allergy", LIE, teller=teller, origin="cy", at=at,
                    chain=("cy", teller), basis=rng.choice(["saw", "heard", "reckon"]))
    if route == "document":
        return read("ada", "bo", "allergy", LIE, document="medical_export", at=at)  # page i
    if i % 2:
        return read("ada", "bo", "allergy", LIE, document=f"export{i}", at=at)
    return told("ada", "bo", "allergy", LIE, teller=rng.choice(RELAYS), origin=f"gossip{i}",
                at=at, basis=rng.choice(["saw", "heard"]))


def _run(seed: int, repeats: int, route: str, policy: str) -> tuple[str, str]:
    """One 004-style run: returns (held value after the lie, held value after the check)."""
    rng = random.Random(seed * 1000 + repeats)
    store = MemoryStore(policy=policy)
    background = _background(rng, BACKGROUND)
    cut = rng.randrange(BACKGROUND)
    store.perceive_many(background[:cut])
    store.perceive(declared("ada", "bo", "allergy", TRUTH, at=1000))  # told once, first-hand
    rest = background[cut:]
    for i in range(repeats):  # the lie, with background interleaved
        store.perceive(_lie(rng, route, i, at=1001 + i))
        take = rng.randrange(len(rest) + 1)
        store.perceive_many(rest[:take])
        rest = rest[take:]
    store.perceive_many(rest)
    after_lie = store.belief("ada", "bo", "allergy").value
    # An independent first-hand observation: ada watches bo take penicillin, no reaction.
    store.perceive(seen("ada", "bo", "allergy", LIE, at=2000, event="lunch"))
    after_check = store.belief("ada", "bo", "allergy").value
    store.close()
    return after_lie, after_check


@pytest.mark.parametrize("policy", ["rules", "noisy_or"])
@pytest.mark.parametrize("route", ["direct", "relayed", "document", "independent"])
@pytest.mark.parametrize("repeats", REPEATS)
def test_firsthand_value_wins_12_of_12_and_correction_wins_12_of_12(repeats, route, policy):
    results = [_run(seed, repeats, route, policy) for seed in SEEDS]
    kept = sum(after_lie == TRUTH for after_lie, _ in results)
    corrected = sum(after_check == LIE for _, after_check in results)
    assert (kept, corrected) == (12, 12), f"{route} x{repeats}: kept {kept}/12, " \
                                          f"corrected {corrected}/12"


def test_the_lie_lowers_confidence_once_and_never_below_50():
    """The arithmetic behind the wins: one origin lowers 70 once, to 50, however often."""
    store = MemoryStore()
    store.perceive(declared("ada", "bo", "allergy", TRUTH))
    for i in range(8):
        b = store.perceive(told("ada", "bo", "allergy", LIE, teller=RELAYS[i % 4], origin="cy",
                                at=i + 1))
    assert (b.value, b.confidence, b.state, b.exposures) == (TRUTH, 50, "doubtful", 7)
    b = store.perceive(seen("ada", "bo", "allergy", LIE, at=20))
    assert (b.value, b.confidence, b.state) == (LIE, 72, "corrected")
