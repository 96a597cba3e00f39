"""The rules of epistemics.md held in a running town (issue 10): checked over whole runs —
nine_neighbours left alone for four days, missing_key played to a win — and on a small town
built to make each one happen."""

from pathlib import Path

import pytest

from game.scenario.loader import SCENARIOS, parse_text
from game.sim import Simulation
from game.walkthrough import play
from memory.explain import MAX_DEPTH

from .conftest import TINY


@pytest.fixture(scope="module")
def runs():
    left = Simulation.new("nine_neighbours", 0)
    left.run(days=4)
    won = Simulation.new("missing_key", 0)
    play(won, SCENARIOS / "missing_key" / "win-show-the-key.txt")
    return [left, won]


def test_own_account_coming_back_is_never_new_evidence(runs):
    """§5.2: whatever a resident hears whose origin is themselves is exposure — never
    support, never contradiction."""
    seen = 0
    for sim in runs:
        rows = sim.db.execute("SELECT outcome FROM evidence WHERE kind = 'hearsay' AND "
                              "origin = resident").fetchall()
        seen += len(rows)
        assert {r[0] for r in rows} <= {"keep", "new"}
    assert seen  # it happens in the town


def test_corrected_only_when_first_hand_evidence_meets_a_belief_in_doubt(runs):
    """Seed 000 §12 in the town: every "correct" version was caused by first-hand-ranked
    evidence, and the version before it was doubtful or anomalous; no note calls a source
    first-hand that was not."""
    corrected = 0
    for sim in runs:
        store = sim.store
        # A belief's versions made by evidence are its evidence rows (memory.history).
        changed = sim.db.execute(
            "SELECT DISTINCT e.resident, c.subject, c.attribute FROM evidence e JOIN claims c "
            "ON c.id = e.claim_id WHERE e.outcome IN ('update', 'reconsider', 'correct')")
        for resident, subject, attribute in changed:
            history = store.history(resident, subject, attribute)
            kinds = {e.id: (e.kind, e.source)
                     for e in store.evidence(resident, subject, attribute)}
            for before, v in zip(history, history[1:], strict=False):
                if v.cause == "correct":
                    corrected += 1
                    assert kinds[v.evidence_id][1] == "first-hand"
                    assert before.state in ("doubtful", "anomalous")
                if v.cause in ("update", "reconsider", "correct") and \
                        "first-hand evidence" in v.note:
                    assert kinds[v.evidence_id][0] == "firsthand", v.note
    assert corrected


def test_why_chains_end_and_never_go_round(runs):
    sim = runs[0]
    for rid in sorted(sim.people):
        for b in sim.store.beliefs(rid, about_others=False):
            if b.attribute.startswith("at_d") or b.kind != "hearsay":
                continue
            for chain in sim.store.explain(rid, b.subject, b.attribute).supports:
                shown = [s.resident for s in chain.steps if not s.loop]
                assert len(shown) == len(set(shown)), shown
                assert len(chain.steps) <= MAX_DEPTH + 2


DISCREDIT = TINY + '''
[[events]]
id = "ben_says_ring"
at = "day 1 09:10"
kind = "say"
actor = "ben"
target = "ann"
says = [{ claim = "ring.took", value = "cat" }, { claim = "purse.took", value = "cat" }]

[[events]]
id = "ann_finds_out"
at = "day 1 10:00"
kind = "happen"
actor = "ann"
place = "home"
reveals = [{ claim = "ring.took", value = "dan" }]
'''


def test_a_discredited_source_is_weighed_again_in_the_town():
    """Seed 000 §30: Ben told Ann Cat took the ring and the purse; Ann finds the ring was
    Dan's doing. Her trust in Ben on "took" falls, and the purse — still Ben's word alone —
    counts for less, with a history version saying why."""
    sim = Simulation.new(parse_text(DISCREDIT, Path("discredit.toml")), 0)
    sim.run(until=sim.now + 90)
    assert sim.store.trust("ann", "ben", "took") == pytest.approx(0.5)
    purse = sim.store.belief("ann", "purse", "took")
    assert purse.value == "cat" and purse.confidence == 52
    last = purse.history[-1]
    assert last.cause == "reweigh" and "trust in ben on took fell from 0.60 to 0.50" in last.note
