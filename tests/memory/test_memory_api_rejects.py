"""Hostile calls to the memory API: every call with a bad argument — a NaN or infinite time, a
time past the end, an integer too big for SQLite, trust outside 0..1, an empty or oversized id,
the wrong type — raises InvalidEvidence (or, for a proposal, GuardRefusal) and changes nothing:
not the database, and not what the store holds in memory (the trust book, the cached claims and
attributes). A property test draws sequences of good and bad calls and checks it for each."""

import math
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mem_helpers import dump, seen, told

from memory import GuardRefusal, InvalidEvidence, MemoryStore
from memory.args import MAX_TIME

BAD_NUMBERS = [math.nan, math.inf, -math.inf, -1, 2**63, 2**64, -(2**63) - 1, 1.5, MAX_TIME + 1,
               "noon", None, True, [1]]
BAD_IDS = ["", "   ", "x" * 201, 5, None, 2**64, b"ada", "a\x00b"]
BAD_TRUST = [1.5, -0.1, math.nan, math.inf, "high", None, True, 2**64]


# Each argument of a call is drawn from its good values or from its bad ones, and a call has
# at most one bad argument, so that the bad one alone must be what refuses it: a call with a
# bad argument must raise, and one with only good ones must go through (a proposal may still
# be turned down by the guard for what it claims).
@dataclass(frozen=True)
class Arg:
    good: st.SearchStrategy
    bad: list
    default: object  # one good value, for the sweep below


NOT_NONE = [x for x in BAD_NUMBERS if x is not None]
# A version is 1 or more, up to 2**62 (a time past the end is a fine version).
BAD_VERSIONS = [0, *(x for x in NOT_NONE if x != MAX_TIME + 1)]
NAMES = st.sampled_from(["ada", "bo", "cy", "key", "location", "taken_by"])

TIME = Arg(st.integers(0, 20_000), BAD_NUMBERS, 100)
SINCE = Arg(st.none() | st.integers(0, 20_000), NOT_NONE, None)  # None: since the start
ID = Arg(NAMES, BAD_IDS, "ada")
MAYBE_ID = Arg(st.none() | NAMES, [x for x in BAD_IDS if x is not None], None)
TRUST = Arg(st.floats(0, 1), BAD_TRUST, 0.5)
SMALL = Arg(st.integers(0, 10), BAD_NUMBERS, 3)
MAYBE_SMALL = Arg(st.none() | st.integers(0, 10), NOT_NONE, None)  # None: not given
CONFIDENCE = Arg(st.none() | st.integers(0, 100), NOT_NONE, None)
VERSION = Arg(st.integers(1, 10), [None, *BAD_VERSIONS], 2)
MAYBE_VERSION = Arg(st.none() | st.integers(1, 10), BAD_VERSIONS, None)
CHANGES = Arg(st.just([("key.location", 2)]), [5, "ab", None, 1.5], [("key.location", 2)])
NATURE = Arg(st.sampled_from(["state", "event"]), ["liquid", 3], "event")
CUE = Arg(st.sampled_from(["key", "cy took it"]), [7, "k" * 20_000], "key")
# (a cue naming nothing brought back every memory, the engine's beliefs about others among
# them: None, among the bad ids, is a bad subject here)
SUBJECT = Arg(NAMES, BAD_IDS, "key")
CITES = Arg(st.sampled_from([[], [1], [10**6]]), [[2**63], [-1]], [1])
# (a proposal's time took True as minute 1 until its fields were made strict:
# test_a_proposal_at_true_is_refused)
PROPOSED_AT = Arg(TIME.good, list(BAD_NUMBERS), 100)

# What each call is: (method, build(*values) -> (args, kwargs), its arguments).
SPECS = {
    "age": ("age", lambda t: ((t,), {}), (TIME,)),
    "set_trust": ("set_trust", lambda a, b, v, t, topic: ((a, b, v), {"at": t, "topic": topic}),
                  (ID, ID, TRUST, TIME, ID)),
    "define_attribute": (
        "define_attribute",
        lambda n, nature, topic, imp: ((n,), {"nature": nature, "topic": topic,
                                              "importance": imp}),
        (ID, NATURE, MAYBE_ID, MAYBE_SMALL)),
    "recall": ("recall", lambda r, q, t, k: ((r, q, t), {"k": k}), (ID, CUE, TIME, SMALL)),
    "record_use": ("record_use", lambda *a: (a, {}), (ID, ID, ID, TIME)),
    "refresh_access": ("refresh_access", lambda t: ((t,), {}), (TIME,)),
    "look_back": ("look_back", lambda t: ((t,), {}), (TIME,)),
    "memory_events": ("memory_events", lambda t: ((t,), {}), (SINCE,)),
    "mark_changed": ("mark_changed", lambda f, v: (([(f, v)],), {}), (ID, VERSION)),
    "mark_changed_not_a_list": ("mark_changed", lambda c: ((c,), {}), (CHANGES,)),
    "accessibility": ("accessibility", lambda *a: (a, {}), (ID, ID, ID, TIME)),
    "cue": ("cue", lambda r, t, subject: ((r, t), {"subject": subject}), (ID, TIME, SUBJECT)),
    "perceive": (
        "perceive",
        lambda r, t, conf, v: (({"resident": r, "subject": "key", "attribute": "taken_by",
                                 "value": "dee", "kind": "hearsay", "teller": "eve",
                                 "origin": "eve", "at": t, "confidence": conf,
                                 "version": v},), {}),
        (ID, TIME, CONFIDENCE, MAYBE_VERSION)),
    "propose": (
        "propose",
        lambda r, t, cites: (({"resident": r, "subject": "key", "attribute": "taken_by",
                               "value": "dee", "kind": "inferred",
                               "premises": ("key.location",), "at": t, "cites": cites},), {}),
        (ID, PROPOSED_AT, CITES)),
}


def call(name: str, build, args: tuple[Arg, ...]) -> st.SearchStrategy:
    """(name, args, kwargs, good?) of a call built by `build` from values drawn for `args`:
    all good, or one of them bad."""

    def drawn(bad: int | None) -> st.SearchStrategy:
        parts = [st.sampled_from(a.bad) if i == bad else a.good for i, a in enumerate(args)]
        return st.tuples(*parts).map(lambda vs: (name, *build(*vs), bad is None))

    return (st.none() | st.sampled_from(range(len(args)))).flatmap(drawn)


CALLS = {key: call(*spec) for key, spec in SPECS.items()}


def state(store: MemoryStore) -> tuple:
    """What the store keeps in memory besides the database."""
    tb = store.trust_book
    return (dict(tb._t), tb.default, tb._pending, list(tb._changes), dict(store._claims),
            dict(store._attributes), dict(store._importance), store.policy)


def fresh() -> MemoryStore:
    s = MemoryStore(":memory:", states=["location"])
    s.perceive(seen("ada", "key", "location", "counter", at=0))
    s.perceive(told("ada", "key", "taken_by", "cy", teller="bo", at=10))
    s.set_trust("ada", "bo", 0.6)
    return s


def refusals(name: str) -> tuple:
    """A proposal goes through the guard: a bad argument in it is a GuardRefusal (its evidence
    contract) as often as InvalidEvidence."""
    return (InvalidEvidence, GuardRefusal) if name == "propose" else (InvalidEvidence,)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(*CALLS.values()), min_size=1, max_size=6))
def test_a_rejected_call_changes_nothing_in_the_database_or_in_memory(calls):
    store = fresh()
    try:
        for name, args, kw, ok in calls:
            before = (dump(store), state(store))
            try:
                getattr(store, name)(*args, **kw)
            except refusals(name):
                # (a good proposal may be turned down for what it claims)
                assert not ok or name == "propose", ("a good call refused", name, args, kw)
                assert (dump(store), state(store)) == before, (name, args, kw)
            else:
                assert ok, ("a bad argument taken", name, args, kw)
    finally:
        store.close()


@pytest.mark.parametrize("key", sorted(SPECS))
def test_every_bad_argument_alone_is_refused(key):
    """The sweep the property test samples from: each call with good arguments but one, for
    every argument and every bad value of it, is refused and changes nothing; with good ones
    only, it goes through."""
    name, build, args = SPECS[key]
    store = fresh()
    try:
        good = [a.default for a in args]
        for i, a in enumerate(args):
            for value in a.bad:
                drawn, kw = build(*good[:i], value, *good[i + 1:])
                before = (dump(store), state(store))
                with pytest.raises(refusals(name)):
                    getattr(store, name)(*drawn, **kw)
                assert (dump(store), state(store)) == before, (key, i, value)
        drawn, kw = build(*good)
        getattr(store, name)(*drawn, **kw)
    finally:
        store.close()


def test_a_proposal_at_true_is_refused():
    """`at=True` was written as minute 1, where perceive refuses it (found by the sweep
    above)."""
    store = fresh()
    name, build, _ = SPECS["propose"]
    args, kw = build("ada", True, [1])
    with pytest.raises(refusals(name)):
        store.propose(*args, **kw)


@pytest.mark.parametrize("bad", [math.nan, math.inf, 2**63, -5, 1e300])
def test_age_refuses_times_that_are_not_sim_minutes(bad):
    store = fresh()
    before = dump(store)
    with pytest.raises(InvalidEvidence) as exc:
        store.age(bad)
    assert exc.value.field == "now"
    assert dump(store) == before
    assert store.belief("ada", "key", "taken_by") is not None  # still readable


def test_a_rejected_set_trust_leaves_the_trust_in_memory_as_it_was():
    """A NaN time used to be refused by SQLite after the cached trust had changed, so the next
    hearsay got the wrong confidence."""
    store = fresh()
    with pytest.raises(InvalidEvidence) as exc:
        store.set_trust("ada", "bo", 0.9, at=math.nan)
    assert exc.value.field == "at"
    assert store.trust("ada", "bo") == 0.6
    b = store.perceive(told("ada", "pie", "taken_by", "cy", teller="bo", at=20))
    assert b.confidence == 58  # trust 0.6 -> 58 (epistemics §10), not 0.9's 75


@pytest.mark.parametrize("field,value", [("at", 2**63), ("version", 2**64), ("at", 2**70)])
def test_integers_too_big_for_sqlite_are_invalid_evidence_not_overflow(field, value):
    store = fresh()
    data = {"resident": "ada", "subject": "key", "attribute": "taken_by", "value": "dee",
            "kind": "document", "document": "ledger", "at": 5, field: value}
    with pytest.raises(InvalidEvidence) as exc:
        store.perceive(data)
    assert exc.value.field == field


@pytest.mark.parametrize("where", ["missing/folder/town.db", "README"])
def test_a_store_that_cannot_be_opened_says_so(tmp_path, where):
    """A folder that does not exist, or a file that is not SQLite: InvalidEvidence naming the
    path, not sqlite3's own error (a developer's report); the file is left as it was."""
    path = tmp_path / where
    if where == "README":
        path.write_text("not a database")
    with pytest.raises(InvalidEvidence) as exc:
        MemoryStore(path)
    assert exc.value.field == "db" and str(path) in exc.value.reason
    assert not (tmp_path / "missing").exists()
    if where == "README":
        assert path.read_text() == "not a database"


def test_a_cue_that_names_nothing_is_refused():
    store = fresh()
    with pytest.raises(InvalidEvidence) as exc:
        store.cue("ada", 100)
    assert exc.value.field == "cue"
    assert [r.claim for r in store.cue("ada", 100, subject="key")]


def test_misremember_takes_lists_not_strings(tmp_path):
    """A developer passed `similar="counter"`: the memory drifted to 'r', 'e', … letter by
    letter. A string, a number among the values, or a non-number accessibility is refused
    before anything is read or written."""
    store = MemoryStore(tmp_path / "m.db", states=["location"])
    store.perceive(seen("ada", "key", "location", "counter", at=0))
    before = dump(store)
    for kw in ({"similar": "shelf"}, {"similar": [1]}, {"stand_ins": "bo"},
               {"accessibility": "low"}, {"trait": True}, {"similar": 5}):
        args = {"accessibility": 0.05, "trait": 1.0, "similar": ["shelf"], **kw}
        with pytest.raises(InvalidEvidence):
            store.misremember("ada", "key", "location", 100_000, **args)
    with pytest.raises(InvalidEvidence):
        store.misremember("ada", "key", "location", math.nan, accessibility=0.05, trait=1.0)
    assert dump(store) == before


def test_a_paused_batch_refuses_other_writes_and_closing(tmp_path):
    """A developer ran one next() of `perceiving()`, then perceive() and set_trust(), then
    close(): after reopening, the store was empty — everything had joined the paused batch's
    transaction and went with it. Now those writes and close() are refused while it is
    paused; dropped (`close()` on it), the batch leaves nothing and the store goes on."""
    path = tmp_path / "m.db"
    store = MemoryStore(path, states=["location"])
    store.perceive(seen("ada", "key", "location", "counter", at=0))
    batch = store.perceiving([seen("bo", "key", "location", "shelf", at=5)])
    next(batch)
    for write in (lambda: store.perceive(seen("cy", "key", "location", "shelf", at=5)),
                  lambda: store.set_trust("ada", "bo", 0.5), lambda: store.age(100),
                  lambda: store.set_seed(42), store.close):
        with pytest.raises(InvalidEvidence, match="paused unfinished"):
            write()
    assert store.belief("ada", "key", "location").value == "counter"  # reads still work
    batch.close()
    store.perceive(seen("cy", "key", "location", "shelf", at=5))
    store.close()
    again = MemoryStore(path)
    assert again.belief("ada", "key", "location").value == "counter"
    assert again.belief("cy", "key", "location").value == "shelf"
    assert again.belief("bo", "key", "location") is None


def test_a_batch_run_to_its_end_is_written(tmp_path):
    path = tmp_path / "m.db"
    store = MemoryStore(path, states=["location"])
    out = None
    batch = store.perceiving([seen("bo", "key", "location", "shelf", at=5)])
    while True:
        try:
            next(batch)
        except StopIteration as done:
            out = done.value
            break
    assert out and store.belief("bo", "key", "location").value == "shelf"
    store.set_trust("ada", "bo", 0.5)  # not paused any more
    store.close()
    assert MemoryStore(path).belief("bo", "key", "location").value == "shelf"


def test_a_closed_store_says_so(tmp_path):
    """A developer's call after close() got sqlite3's "Cannot operate on a closed database":
    the module's own error now, reads and writes alike; closing twice is closing once."""
    from memory import MemoryModuleError, StoreClosed

    def calls(store: MemoryStore) -> list:
        return [lambda: store.belief("ada", "key", "location"), store.beliefs,
                lambda: store.held("ada", "key", "location"), lambda: store.trust("ada", "bo"),
                lambda: store.beliefs_about("ada", "bo"),
                lambda: store.perceive(seen("ada", "key", "location", "shelf", at=1)),
                lambda: store.age(10), lambda: store.recall("ada", "key", 10)]

    for where in (":memory:", tmp_path / "m.db"):
        store = MemoryStore(where)
        store.perceive(seen("ada", "key", "location", "counter", at=0))
        store.close()
        store.close()
        for call in calls(store):
            with pytest.raises(StoreClosed) as e:
                call()
            assert isinstance(e.value, MemoryModuleError) and "closed" in str(e.value)


@pytest.mark.parametrize("kw,field", [
    ({"db": 42}, "db"), ({"db": None}, "db"), ({"default_trust": "0.5"}, "default_trust"),
    ({"default_trust": True}, "default_trust"), ({"default_trust": math.nan}, "default_trust"),
    ({"policy": ["rules"]}, "policy"), ({"states": "location"}, "states"),
    ({"states": ["location", 5]}, "states"), ({"track_versions": "yes"}, "track_versions"),
    ({"busy_timeout": "100"}, "busy_timeout"), ({"busy_timeout": -1}, "busy_timeout"),
])
def test_a_store_with_a_bad_argument_is_refused_before_the_file_is_touched(tmp_path, kw, field):
    """`MemoryStore(42)` raised AttributeError from sqlite-utils, `default_trust='0.5'` a
    TypeError, `states='location'` defined 'l', 'o', 'c', …: each is InvalidEvidence naming
    the argument now, checked before a file is opened (a bad policy was found only after the
    tables were made in it)."""
    path = tmp_path / "m.db"
    with pytest.raises(InvalidEvidence) as e:
        MemoryStore(kw.pop("db", path), **kw)
    assert e.value.field == field
    assert not path.exists()


READS = {
    "belief": lambda s, x: s.belief(x, "key", "location"),
    "belief subject": lambda s, x: s.belief("ada", x, "location"),
    "belief attribute": lambda s, x: s.belief("ada", "key", x),
    "belief of an unknown claim": lambda s, x: s.belief(x, "key", "nothing_of_the_sort"),
    "held": lambda s, x: s.held(x, "key", "location"),
    "held of an unknown claim": lambda s, x: s.held(x, "nope", "location"),
    "held subject": lambda s, x: s.held("ada", x, "location"),
    "trust": lambda s, x: s.trust("ada", x),
    "trust listener": lambda s, x: s.trust(x, "bo"),
    "trust topic": lambda s, x: s.trust("ada", "cy", x),
    "beliefs": lambda s, x: s.beliefs(x),
    "beliefs subject": lambda s, x: s.beliefs(subject=x),
    "believers": lambda s, x: s.believers(x, "location"),
    "belief_about": lambda s, x: s.belief_about("ada", x, "key", "location"),
    "beliefs_about": lambda s, x: s.beliefs_about("ada", x),
    "top_beliefs": lambda s, x: s.top_beliefs(x),
    "history": lambda s, x: s.history(x, "key", "location"),
    "evidence": lambda s, x: s.evidence(x, "key", "location"),
    "explain": lambda s, x: s.explain("ada", x, "location"),
    "latest_evidence": lambda s, x: s.latest_evidence("ada", "key", "location", x, "witnessed"),
    "stale": lambda s, x: s.stale(x),
    "trust_changes": lambda s, x: s.trust_changes(x),
    "edits": lambda s, x: s.edits(x),
    "attribute_importance": lambda s, x: s.attribute_importance(x),
    "recall_mode": lambda s, x: s.recall_mode(x),
}
NOT_IDS = [None, 1, 2.5, ["a"], ("ada",), b"ada", "", "   "]


@pytest.mark.parametrize("bad", NOT_IDS, ids=repr)
@pytest.mark.parametrize("call", sorted(READS))
def test_a_read_with_an_id_that_is_not_one_is_refused_not_answered_nothing(call, bad):
    """`belief(None, ...)` and `belief(1, 2, 3)` answered None, `trust("ada", None)` 0.6,
    `held(['a'], ...)` raised TypeError (unhashable): a typo must not look like "no belief".
    Every read refuses an id that is not a non-empty string, naming the argument."""
    s = fresh()
    if call in ("stale", "trust_changes", "edits", "beliefs", "beliefs subject",
                "trust topic") and \
            bad is None:
        return  # (None is "any": no filter)
    with pytest.raises(InvalidEvidence):
        READS[call](s, bad)


def test_other_read_arguments_are_refused_naming_them():
    s = fresh()
    for call, field in [
        (lambda: s.beliefs(state="bogus"), "state"),
        (lambda: s.beliefs(state="Influencing"), "state"),
        (lambda: s.beliefs(about_others="no"), "about_others"),
        (lambda: s.top_beliefs("ada", limit="x"), "limit"),
        (lambda: s.top_beliefs("ada", limit=-1), "limit"),
        (lambda: s.top_beliefs("ada", min_confidence=101), "min_confidence"),
        (lambda: s.top_beliefs("ada", default_importance=None), "default_importance"),
        (lambda: s.latest_evidence("ada", "key", "location", "counter", "seen"), "kind"),
        (lambda: s.edit("1"), "edit_id"),
        (lambda: s.evidence_by_id(None), "evidence_id"),
        (lambda: s.perceive_many(None), "evidence"),
        (lambda: s.perceive_many(5), "evidence"),
        (lambda: s.perceive_many("abc"), "evidence"),
        (lambda: s.perceive_many(seen("ada", "key", "location", "x", at=1)), "evidence"),
        (lambda: s.perceive_many(dict(resident="ada")), "evidence"),
    ]:
        with pytest.raises(InvalidEvidence) as e:
            call()
        assert e.value.field == field
    # A real state still filters, as the enum or its word.
    from memory import State

    assert [b.value for b in s.beliefs(state="influencing", attribute="location")] == \
        [b.value for b in s.beliefs(state=State.INFLUENCING, attribute="location")] == \
        ["counter"]


def test_what_a_closed_store_answered_from_memory_is_store_closed_too(tmp_path):
    """After close() `params`, `recall_mode()`, `attribute_importance()` and
    `take_discoveries()` still answered (from what the store kept in memory); the README
    says any call after close() is StoreClosed."""
    from memory import StoreClosed

    def calls(store: MemoryStore) -> list:
        return [lambda: store.params, lambda: store.policy, lambda: store.track_versions,
                lambda: store.recall_mode("location"),
                lambda: store.attribute_importance("taken_by"), store.take_discoveries,
                lambda: store.trust("ada", "bo"), lambda: store.belief("ada", "nope", "no"),
                store.edits, lambda: store.evidence("ada", "key", "location"), store.counts]

    for where in (":memory:", tmp_path / "m.db"):
        store = MemoryStore(where, states=["location"])
        store.define_attribute("taken_by", importance=8)
        store.close()
        for call in calls(store):
            with pytest.raises(StoreClosed):
                call()
