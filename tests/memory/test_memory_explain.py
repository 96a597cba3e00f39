"""A belief's explanation (issue 2, epistemics §1, §3, §5): the chain of evidence behind the
current value, teller by teller back to the origin, as data the UI and command line render."""

from mem_helpers import read, seen, told

K = ("key", "taken_by")


def test_chain_teller_by_teller_to_the_origin(store):
    """dee saw cy take the key, told bo ("I saw it"), bo told ada ("I heard"): ada's
    explanation walks ada <- bo <- dee, who saw it (complete)."""
    store.perceive(seen("dee", *K, "cy", event="take", at=0))
    store.perceive(told("bo", *K, "cy", teller="dee", basis="saw", at=10))
    store.perceive(told("ada", *K, "cy", teller="bo", origin="dee", at=20))

    ex = store.explain("ada", *K)
    assert (ex.value, ex.confidence, ex.source) == ("cy", 58, "rumour")
    [chain] = ex.supports
    assert chain.origin_key == "person:dee"
    assert chain.as_told == ["dee", "bo"]
    assert [(s.resident, s.kind, s.teller) for s in chain.steps] == [
        ("ada", "hearsay", "bo"), ("bo", "hearsay", "dee"), ("dee", "witnessed", None)]
    assert chain.steps[-1].event == "take"
    assert chain.complete
    lines = ex.lines()
    assert lines[0].startswith("ada believes key.taken_by = cy (58")
    assert "dee saw it happen (take)" in lines[-1]


def test_teller_who_said_it_without_evidence(store):
    """A chain ends at someone with no evidence at all, who said it anyway."""
    store.perceive(told("ada", *K, "cy", teller="eve", at=5))
    [chain] = store.explain("ada", *K).supports
    assert [s.resident for s in chain.steps] == ["ada", "eve"]
    assert chain.steps[-1].recorded is False
    assert not chain.complete
    assert "said it without knowing it" in chain.steps[-1].describe()


def test_a_teller_who_holds_otherwise_said_what_they_do_not_believe(store):
    """A developer: Bo saw Dee do it and told Ada "Cy" — the chain read "bo has no evidence of
    it: they said it without knowing it", ignorance where it was a lie. It says what he
    holds instead."""
    store.perceive(seen("bo", *K, "dee", event="take", at=30))
    store.perceive(told("ada", *K, "cy", teller="bo", basis="saw", at=60))
    [chain] = store.explain("ada", *K).supports
    last = chain.steps[-1]
    assert (last.resident, last.recorded, last.holds) == ("bo", False, "dee")
    assert last.describe() == ("bo has no evidence of it and holds dee: they said what they "
                               "do not believe")


def test_worked_out_names_its_premises(store):
    """'Bo worked it out' alone: from what? The premises the evidence keeps are named."""
    store.perceive(seen("bo", "cy", "at_counter", "yes", event="e", at=0))
    store.perceive({"resident": "bo", "subject": "key", "attribute": "taken_by", "value": "cy",
                    "kind": "inferred", "at": 5, "premises": ["cy.at_counter"]})
    [chain] = store.explain("bo", *K).supports
    assert chain.steps[0].premises == ["cy.at_counter"]
    assert chain.steps[0].describe() == "bo worked it out from cy.at_counter"


def test_teller_heard_it_only_after_telling(store):
    """Evidence the teller met only after telling does not explain what they told."""
    store.perceive(told("ada", *K, "cy", teller="eve", at=5))
    store.perceive(seen("eve", *K, "cy", at=50))
    [chain] = store.explain("ada", *K).supports
    assert chain.steps[-1].recorded is False


def test_one_chain_per_independent_origin_and_what_stands_against(store):
    store.perceive(read("ada", *K, "cy", document="ledger"))
    store.perceive(told("ada", *K, "cy", teller="bo", at=5))
    store.perceive(told("ada", *K, "cy", teller="fay", origin="bo", at=6))  # same origin
    store.perceive(told("ada", *K, "dee", teller="gus", at=7))
    ex = store.explain("ada", *K)
    assert [c.origin_key for c in ex.supports] == ["document:ledger", "person:bo"]
    assert [(e.value, e.teller) for e in ex.against] == [("dee", "gus")]
    assert [c.value for c in ex.candidates] == ["cy", "dee"]
    assert ex.history[0].cause == "new"


def test_cycles_stop(store):
    """Tellers who told each other stop the walk instead of looping."""
    store.perceive(told("bo", *K, "cy", teller="eve", at=1))
    store.perceive(told("eve", *K, "cy", teller="bo", at=2))
    store.perceive(told("ada", *K, "cy", teller="bo", at=3))
    [chain] = store.explain("ada", *K).supports
    assert [s.resident for s in chain.steps] == ["ada", "bo", "eve"]
    assert not chain.complete


def test_no_belief_no_explanation(store):
    assert store.explain("ada", *K) is None


def test_explanation_is_plain_data(store):
    store.perceive(told("ada", *K, "cy", teller="bo", at=5))
    data = store.explain("ada", *K).model_dump()
    assert data["supports"][0]["steps"][0]["teller"] == "bo"


def test_a_chain_that_goes_round_says_so_and_ends_at_the_origins_own_evidence(store):
    """Why-chains never loop: Ada had it from Bo, who (he says) had it from Ada. The chain
    shows Ada <- Bo, then says it leads back to Ada, already shown, and stops there — ending
    at the origin Cy's own evidence (she saw it)."""
    store.perceive(seen("cy", *K, "dee", event="take", at=0))
    store.perceive(told("bo", *K, "dee", teller="ada", origin="cy", at=0))
    store.perceive(told("ada", *K, "dee", teller="bo", origin="cy", at=1))
    [chain] = store.explain("ada", *K).supports
    assert [(s.resident, s.loop) for s in chain.steps] == [
        ("ada", False), ("bo", False), ("ada", True), ("cy", False)]
    assert chain.steps[-1].kind == "witnessed" and chain.complete
    assert "leads back to ada, already shown" in chain.steps[2].describe()


def test_a_loop_with_an_origin_who_has_no_evidence_ends_at_the_absence(store):
    store.perceive(told("bo", *K, "dee", teller="ada", origin="eve", at=0))
    store.perceive(told("ada", *K, "dee", teller="bo", origin="eve", at=1))
    [chain] = store.explain("ada", *K).supports
    assert [s.resident for s in chain.steps] == ["ada", "bo", "ada", "eve"]
    assert chain.steps[-1].recorded is False and not chain.complete


def test_a_teller_is_judged_by_what_they_held_when_they_told_it(store):
    """A developer: alice told bram "eve" at minute 10 holding nothing (she reckoned so); at
    minute 2000 she came to hold "bram" — and explain called her a liar ("holds bram: they
    said what they do not believe") for what she said before she held anything. What she
    held then is what counts, either way round."""
    store.perceive(told("bram", "ring", "taken_by", "eve", teller="alice", basis="reckon",
                        at=10))
    store.perceive(told("alice", "ring", "taken_by", "bram", teller="eve", at=2000))
    last = store.explain("bram", "ring", "taken_by").supports[0].steps[-1]
    assert (last.resident, last.recorded, last.holds) == ("alice", False, None)
    assert last.describe() == "alice has no evidence of it: they said it without knowing it"
    # cora held "dee" when she told ada "cy", and only came to hold "cy" after: a lie then.
    store.perceive(told("cora", *K, "dee", teller="gus", at=0))
    store.perceive(told("ada", *K, "cy", teller="cora", basis="saw", at=5))
    store.perceive(seen("cora", *K, "cy", at=100))
    assert store.belief("cora", *K).value == "cy"
    last = store.explain("ada", *K).supports[0].steps[-1]
    assert (last.resident, last.recorded, last.holds) == ("cora", False, "dee")


def test_what_stands_against_names_its_source_once(store):
    """"against: cora (implanted, implanted)" read doubled: an implant names who put it in."""
    store.perceive(seen("ada", *K, "dee", at=0))
    store.implant("ada", *K, "cora", by="author", at=5)
    store.perceive(seen("ada", *K, "dee", at=10))
    store.perceive(seen("ada", "eli", "at_counter", "yes", at=11))
    store.perceive({"resident": "ada", "subject": "key", "attribute": "taken_by",
                    "value": "eli", "kind": "inferred", "at": 12,
                    "premises": ["eli.at_counter"]})
    store.perceive(told("ada", *K, "fay", teller="gus", at=15))
    lines = store.explain("ada", *K).lines()
    assert [x for x in lines if "against" in x] == [
        "  against: cora (implanted by author)",
        "  against: eli (inferred from eli.at_counter)",
        "  against: fay (rumour, gus)"]


def test_a_chain_longer_than_is_followed_says_it_goes_on():
    """A twenty-teller chain ended at "p5 was told by p4" with no word that it went further
    (a developer's trial): one cut at MAX_DEPTH says so; one that ends there does not."""
    from memory import MemoryStore
    from memory.explain import MAX_DEPTH

    def chain_of(n: int):
        s = MemoryStore(":memory:")
        s.perceive(seen("p0", "key", "taken_by", "eve", at=0))
        for i in range(1, n + 1):
            s.perceive(told(f"p{i}", "key", "taken_by", "eve", teller=f"p{i - 1}",
                            origin="p0", chain=[f"p{j}" for j in range(i)], at=i))
        return s.explain(f"p{n}", "key", "taken_by")

    long = chain_of(20)
    c = long.supports[0]
    assert len(c.steps) == MAX_DEPTH and c.cut and not c.complete
    assert long.lines()[-1].strip() == (f"<- … (it goes on: only the first {MAX_DEPTH} links "
                                        "are followed)")
    whole = chain_of(MAX_DEPTH - 1)  # p15 … p0: sixteen links, the last p0's own sighting
    assert whole.supports[0].complete and not whole.supports[0].cut
    assert whole.lines()[-1].strip().startswith("<- p0 saw it happen")
