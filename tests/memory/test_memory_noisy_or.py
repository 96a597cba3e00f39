"""Epistemics §5, alternative policy (seed 002): revision = "noisy_or". A new candidate enters
within [70, 90]; supporting evidence of strength s merges as min(99, 100 - (100 - c)(1 - s));
a contradicted candidate drops to 25; the held value is the strongest candidate. Provenance
first and independence still hold."""

import pytest
from mem_helpers import cands, read, seen, told

from memory import Evidence, InvalidEvidence, MemoryStore

K = ("key", "taken_by")


def test_policy_is_chosen_per_store_and_validated():
    assert MemoryStore(policy="noisy_or").policy == "noisy_or"
    assert MemoryStore().policy == "rules"
    with pytest.raises(InvalidEvidence) as exc:
        MemoryStore(policy="loudest")  # majority is a baseline now (policies)
    assert exc.value.field == "policy"


@pytest.mark.parametrize("evidence,expected", [
    (told("ada", *K, "cy", teller="bo"), 70),  # hearsay 58 -> raised to 70
    (seen("ada", *K, "cy"), 78),  # first-hand 78 is already inside
    (Evidence(resident="ada", subject="key", attribute="taken_by", value="cy", kind="witnessed",
              event="e1", at=0, confidence=95), 90),  # capped at 90
])
def test_new_candidate_enters_within_70_90(noisy, evidence, expected):
    assert noisy.perceive(evidence).confidence == expected


def test_support_merges_noisy_or_capped_at_99(noisy):
    """min(99, 100 - (100 - c)(1 - s)), s = the evidence's own strength (0.78 first-hand)."""
    noisy.perceive(seen("ada", *K, "cy"))  # 78
    got = [noisy.perceive(seen("ada", *K, "cy", at=i + 1)).confidence for i in range(3)]
    # 100 - 22 * .22 = 95.16 -> 95; 100 - 5 * .22 = 98.9 -> 99; then capped at 99
    assert got == [95, 99, 99]


def test_contradicted_candidate_drops_to_25(noisy):
    """An equal-rank contradiction: the new candidate enters at 70, the old drops to 25, and
    the held value is the strongest candidate."""
    noisy.perceive(told("ada", *K, "cy", teller="bo"))  # 70
    b = noisy.perceive(told("ada", *K, "dee", teller="eve", at=1))
    assert (b.value, b.confidence) == ("dee", 70)
    assert cands(b) == {"dee": 70, "cy": 25}
    assert b.history[-1].cause == "reconsider"


def test_higher_ranked_contradiction_wins_and_is_corrected_only_from_doubt(noisy):
    """Seed 000 §12 under noisy-OR too: the stronger value wins; "corrected" only when the
    belief was already in doubt."""
    noisy.perceive(told("ada", *K, "cy", teller="bo"))
    b = noisy.perceive(seen("ada", *K, "dee", at=1))
    assert (b.value, b.confidence, b.state) == ("dee", 78, "influencing")
    assert cands(b)["cy"] == 25
    noisy.perceive(told("ada", "box", "taken_by", "cy", teller="bo"))
    noisy.perceive(seen("ada", "box", "taken_by", "cy", at=1))
    noisy.perceive(told("ada", "box", "taken_by", "eve", teller="gus", at=2))  # doubt
    b = noisy.perceive(seen("ada", "box", "taken_by", "dee", at=3))
    assert (b.value, b.state) == ("dee", "corrected")


def test_provenance_first_holds_under_noisy_or(noisy):
    """§5.1 under noisy_or: eight independent rumours never beat a first-hand value, and the
    lower-ranked candidate stays below it."""
    noisy.perceive(seen("ada", *K, "cy"))
    for i in range(8):
        b = noisy.perceive(told("ada", *K, "dee", teller=f"t{i}", origin=f"o{i}", at=i + 1))
        assert b.value == "cy"
        assert cands(b)["dee"] < b.confidence
    assert b.confidence == 50  # the first-hand floor


def test_document_never_beats_declaration_under_noisy_or(noisy):
    """Seed 004 under noisy_or: an eight-page document does not beat a declaration."""
    noisy.perceive(Evidence(resident="ada", subject="bo", attribute="allergy",
                            value="penicillin", kind="declared", teller="bo", at=0))
    for page in range(8):
        b = noisy.perceive(read("ada", "bo", "allergy", "none", document="export", at=page + 1))
    assert (b.value, b.confidence, b.exposures) == ("penicillin", 50, 7)


def test_independence_holds_under_noisy_or(noisy):
    """§5.2 under noisy_or: the same origin again is exposure; no confidence change."""
    noisy.perceive(told("ada", *K, "cy", teller="bo"))
    for i, teller in enumerate(["bo", "eve", "fay"]):
        b = noisy.perceive(told("ada", *K, "cy", teller=teller, origin="bo", at=i + 1))
    assert (b.confidence, b.exposures) == (70, 3)
    b = noisy.perceive(told("ada", *K, "cy", teller="gus", at=9))  # independent: s = .58
    assert b.confidence == 87  # 100 - 30 * .42 = 87.4


def test_weaker_candidate_never_takes_over_when_the_held_value_falls(noisy):
    """Provenance first under noisy_or: a rumour kept just below a strong document value must
    not become the held value when an equal-rank contradiction drops that value to 25; the
    strongest candidate is chosen among those ranking with the old value or above."""
    noisy.set_trust("ada", "gus", 1.0)  # gus's hearsay starts at 78
    for i in range(4):
        b = noisy.perceive(read("ada", *K, "cy", document=f"ledger{i}", at=i))
    assert b.confidence == 99
    b = noisy.perceive(told("ada", *K, "dee", teller="gus", at=5))  # rumour
    assert (b.value, cands(b)) == ("cy", {"cy": 79, "dee": 78})
    b = noisy.perceive(read("ada", *K, "eve", document="notice", at=6))  # equal rank
    assert (b.value, b.confidence) == ("eve", 70)
    assert cands(b) == {"eve": 70, "dee": 78, "cy": 25}
