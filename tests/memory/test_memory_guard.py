"""Epistemics §12: the structured memory guard. A write proposed from outside the rules is
refused with a reason (GuardRefusal.rule) when it breaks the contract — only world events prove
that something happened; a rejected, interrupted or replaced action is never recorded as done;
a guess is never written as a fact; a source kind is never upgraded; no relationship changes
without new evidence — and the store is left byte-for-byte as it was."""

import pytest
from mem_helpers import dump, told

from memory import GuardRefusal, TrustProposal, WorldEvent


class World:
    """A stand-in world log: memory knows nothing of the world, the caller passes a view."""

    def __init__(self, *events: WorldEvent):
        self.events = {e.id: e for e in events}

    def event(self, event_id):
        return self.events.get(event_id)


WORLD = World(
    WorldEvent(id="take", participants=["cy"], witnesses=["ada"]),
    WorldEvent(id="talk", participants=["bo", "ada"]),
    WorldEvent(id="theft", status="rejected", participants=["ada"]),
    WorldEvent(id="gift", status="interrupted", participants=["ada"]),
    WorldEvent(id="swap", status="replaced", participants=["ada"]),
)


def _p(**kw) -> dict:
    base = dict(proposer="model", resident="ada", subject="key", attribute="taken_by",
                value="cy", kind="witnessed", at=10, event="take")
    base.update(kw)
    return base


@pytest.fixture
def seeded(store):
    """A store with some memory in it, so "unchanged" means something."""
    store.perceive(told("ada", "key", "taken_by", "dee", teller="bo", at=0, event="talk"))
    return store


def _refused(store, proposal, rule, world=WORLD):
    before = dump(store)
    trust = dict(store.trust_book._t)
    with pytest.raises(GuardRefusal) as exc:
        if isinstance(proposal, TrustProposal):
            store.propose_trust(proposal)
        else:
            store.propose(proposal, world)
    assert exc.value.rule == rule, exc.value
    assert exc.value.reason
    assert dump(store) == before
    assert store.trust_book._t == trust
    return exc.value


def test_an_allowed_proposal_is_written(seeded):
    b = seeded.propose(_p(), WORLD)
    assert (b.value, b.kind) == ("cy", "witnessed")


@pytest.mark.parametrize("proposal", [
    _p(event=None),  # names no event
    _p(event="nowhere"),  # not in the world log
    _p(resident="eve"),  # eve was not there
    _p(kind="hearsay", teller="bo", origin="bo", event=None),  # a telling is an event too
    _p(kind="hearsay", teller="fay", origin="fay", event="talk"),  # fay took no part in it
])
def test_only_world_events_prove_something_happened(seeded, proposal):
    _refused(seeded, proposal, "world-events-only")


def test_without_a_world_nothing_can_be_proved(seeded):
    _refused(seeded, _p(), "world-events-only", world=None)


@pytest.mark.parametrize("event", ["theft", "gift", "swap"])
def test_rejected_interrupted_or_replaced_is_never_done(seeded, event):
    e = _refused(seeded, _p(kind="firsthand", event=event, records_done=True), "not-done")
    assert event in e.reason


def test_a_guess_is_never_a_fact(seeded):
    _refused(seeded, _p(certainty="guess"), "guess-not-fact")
    _refused(seeded, _p(kind="hearsay", teller="bo", origin="bo", event="talk", confidence=95),
             "guess-not-fact")
    _refused(seeded, _p(kind="document", document="ledger", event=None, confidence=90),
             "guess-not-fact")


def test_a_guess_may_be_written_as_inferred(seeded):
    b = seeded.propose(_p(kind="inferred", event=None, certainty="guess",
                          premises=("key.taken_by",), attribute="guilty", subject="dee",
                          value="yes"), WORLD)
    assert (b.kind, b.confidence) == ("inferred", 48)  # weakest premise 58 - 10


def test_a_source_kind_is_never_upgraded(seeded):
    heard = seeded.evidence("ada", "key", "taken_by")[0]
    # a model rewording "bo told me" as "I read it"
    _refused(seeded, _p(kind="document", document="ledger", event=None, value="dee",
                        cites=[heard.id]), "no-upgrade")
    # ... or as "bo saw it himself" (rumour -> testimony)
    _refused(seeded, _p(kind="hearsay", teller="bo", origin="bo", basis="saw", event="talk",
                        value="dee", cites=[heard.id]), "no-upgrade")
    # ada only watched: witnessed, not firsthand
    _refused(seeded, _p(kind="firsthand"), "no-upgrade")


def test_relationships_never_change_without_new_evidence(seeded):
    heard = seeded.evidence("ada", "key", "taken_by")[0]
    _refused(seeded, TrustProposal(listener="ada", teller="bo", value=0.1, at=20),
             "relationship-needs-evidence")
    _refused(seeded, TrustProposal(listener="ada", teller="eve", value=0.1, at=20,
                                   cites=[heard.id]), "relationship-needs-evidence")
    assert seeded.propose_trust(TrustProposal(listener="ada", teller="bo", value=0.3, at=20,
                                              cites=[heard.id])) == 0.3
    # the same evidence cannot move it again
    _refused(seeded, TrustProposal(listener="ada", teller="bo", value=0.0, at=30,
                                   cites=[heard.id]), "relationship-needs-evidence")


@pytest.mark.parametrize("proposal", [
    _p(kind="implanted", event=None),  # only a scenario implants
    _p(kind="hearsay", event="talk"),  # hearsay without teller: breaks the evidence contract
    _p(cites=[999]),  # cites evidence that does not exist
    {"resident": "ada", "subject": "key"},  # malformed: a model's broken JSON
    _p(kind="gossip"),
])
def test_contract_breaking_proposals_are_refused(seeded, proposal):
    _refused(seeded, proposal, "evidence-contract")


def test_scenario_may_implant(seeded):
    b = seeded.propose(_p(proposer="scenario", kind="implanted", event=None, subject="pie"),
                       WORLD)
    assert (b.kind, b.confidence) == ("implanted", 50)
