"""Misremembering (issue 10; Talk of the Town's mutation, transference and confabulation) and
recall by a cue naming a claim (epistemics §7).

The chance a weak memory comes back wrong is misremember_rate × (1 − memory trait) × (1 − a):
0.5 × 0.3 × 0.8 = 0.12 for a resident of memory 0.7 recalling at a = 0.2; nothing above
a = 0.5. The world and the evidence keep what happened; the belief's history says
"misremembered" and what it was."""

import pytest
from mem_helpers import seen

from memory import MemoryParams, MemoryStore, misremember

SLOT = "at_d1_0800"


def sighting(store, who, whom, place, at=0):
    return store.perceive(seen(who, whom, SLOT, place, at=at, event=f"p-{whom}",
                               importance=0))


@pytest.fixture
def town():
    s = MemoryStore(":memory:")
    s.define_attribute("at_*", nature="event", topic="whereabouts", importance=0,
                       recall="cue")
    yield s
    s.close()


def test_the_chance_follows_trait_and_accessibility():
    p = MemoryParams()
    assert misremember.chance(p, 0.7, 0.2) == pytest.approx(0.12)
    assert misremember.chance(p, 0.7, 0.5) == pytest.approx(0.075)
    assert misremember.chance(p, 0.7, 0.51) == 0.0  # not weak: comes back as it was
    assert misremember.chance(p, 1.0, 0.0) == 0.0  # a perfect memory
    assert misremember.chance(MemoryParams(misremember_rate=0), 0.0, 0.0) == 0.0


@pytest.mark.parametrize("trait", [0.2, 0.5, 0.8])
def test_the_rate_over_many_seeds_matches_the_configured_trait(town, trait):
    """1,500 seeds, one weak memory each recalled at a = 0.25: the share misremembered is
    0.5 × (1 − trait) × 0.75, within three standard errors."""
    n, a = 1500, 0.25
    town.perceive_many([seen(f"r{i}", "fen", SLOT, "cafe", event="p1", importance=0)
                        for i in range(n)])
    wrong = 0
    for i in range(n):
        town.set_seed(i)
        got = town.misremember(f"r{i}", "fen", SLOT, 60, accessibility=a, trait=trait,
                               similar=["inn", "market"])
        wrong += got is not None
    expect = 0.5 * (1 - trait) * (1 - a)
    sd = (expect * (1 - expect) / n) ** 0.5
    assert abs(wrong / n - expect) < 3 * sd, (wrong / n, expect)


def _first_seed(store, kind, **kw):
    for seed in range(500):
        store.set_seed(seed)
        probe = misremember.draw(seed, "ada", "fen", SLOT, 60)
        if probe < misremember.chance(store.params, 0.0, 0.0):
            how = misremember.choose(store.params, misremember.draw(
                seed, "how", "ada", "fen", SLOT, 60), can_mutate=True, can_stand_in=True)
            if how == kind:
                return seed
    raise AssertionError(kind)


def test_mutation_changes_the_value_and_says_what_it_was(town):
    sighting(town, "ada", "fen", "cafe")
    town.set_seed(_first_seed(town, "mutation"))
    got = town.misremember("ada", "fen", SLOT, 60, accessibility=0.0, trait=0.0,
                           similar=["inn"], stand_ins=["gus"])
    assert (got.kind, got.was, got.value) == ("mutation", "cafe", "inn")
    b = town.belief("ada", "fen", SLOT)
    assert (b.value, b.misremembered, b.kind) == ("inn", True, "witnessed")
    last = b.history[-1]
    assert last.cause == "misremembered" and "took in cafe" in last.note
    assert [e.value for e in town.evidence("ada", "fen", SLOT)] == ["cafe"]  # evidence true
    [chain] = town.explain("ada", "fen", SLOT).supports
    assert chain.steps[0].misremembered and chain.steps[0].was == f"fen.{SLOT} = cafe"


def test_transference_puts_another_in_the_persons_place(town):
    sighting(town, "ada", "fen", "cafe")
    town.set_seed(_first_seed(town, "transference"))
    got = town.misremember("ada", "fen", SLOT, 60, accessibility=0.0, trait=0.0,
                           similar=["inn"], stand_ins=["gus"])
    assert (got.kind, got.stand_in) == ("transference", "gus")
    gus = town.belief("ada", "gus", SLOT)
    assert (gus.value, gus.misremembered, gus.history[0].cause) == ("cafe", True,
                                                                    "misremembered")
    fen = town.belief("ada", "fen", SLOT)
    assert fen.state.value == "past" and fen.history[-1].cause == "misremembered"
    assert town.evidence("ada", "gus", SLOT) == []  # nothing was ever taken in about Gus


def test_confabulation_fills_in_someone_beside_the_original(town):
    sighting(town, "ada", "fen", "cafe")
    town.set_seed(_first_seed(town, "confabulation"))
    got = town.misremember("ada", "fen", SLOT, 60, accessibility=0.0, trait=0.0,
                           stand_ins=["bo"], similar=["inn"])
    assert (got.kind, got.stand_in) == ("confabulation", "bo")
    assert town.belief("ada", "bo", SLOT).misremembered
    fen = town.belief("ada", "fen", SLOT)
    assert (fen.value, fen.state.value, fen.misremembered) == ("cafe", "influencing", False)


def test_new_evidence_for_the_remembered_value_clears_the_mark(town):
    sighting(town, "ada", "fen", "cafe")
    town.set_seed(_first_seed(town, "mutation"))
    town.misremember("ada", "fen", SLOT, 60, accessibility=0.0, trait=0.0, similar=["inn"])
    b = town.perceive(seen("ada", "fen", SLOT, "inn", at=70, event="p-other"))
    assert not b.misremembered


def test_a_cue_naming_the_claim_brings_back_dormant_memories_but_not_forgotten_ones(town):
    """H = 72 h × ⅕ × 1.5 = 21.6 h for these (importance 0, one source): at 70 h they are
    dormant (3.2 half-lives), at 110 h gone (5.1). Free recall never finds them."""
    sighting(town, "ada", "fen", "cafe", at=0)
    sighting(town, "ada", "dee", "cafe", at=0)
    town.perceive(seen("ada", "cy", "at_d2_0900", "market", at=40 * 60, event="p2",
                       importance=0))
    assert town.recall("ada", "fen cafe", 70 * 60) == []
    got = town.cue("ada", 70 * 60, attribute=SLOT)
    assert sorted((r.claim[0], r.how) for r in got) == [("dee", "cue"), ("fen", "cue")]
    assert all(0.03 < r.accessibility < 0.125 for r in got)
    assert town.belief("ada", "fen", SLOT).access(70 * 60) == "active"  # brought back
    assert town.memory_events()["cue"] == 2
    assert town.cue("ada", 250 * 60, attribute="at_d2_0900") == []  # 210 h on: unrecallable


def test_bad_arguments_are_refused_naming_them(town):
    from memory import InvalidEvidence

    for kw, field in (({"accessibility": 1.5, "trait": 0.5}, "accessibility"),
                      ({"accessibility": 0.2, "trait": -1}, "trait")):
        with pytest.raises(InvalidEvidence, match=field):
            town.misremember("ada", "fen", SLOT, 0, **kw)
    with pytest.raises(InvalidEvidence, match="now"):
        town.cue("ada", -5, attribute=SLOT)
