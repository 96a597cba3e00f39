"""Property tests (hypothesis) for the invariants of epistemics §3–§6, under both policies:

- confidence is always in [0, 100], held value and candidates alike (§4);
- the held value is always among the candidates (§4);
- evidence rows and belief versions only grow, and old rows never change (§1, §5: append-only,
  nothing deleted);
- a lower-ranked contradiction never changes the held value, and no change of value adopts a
  value resting on weaker evidence than the one it replaces (§5.1, provenance first);
- hearsay and implanted evidence never produce a first-hand belief (§3);
- perceive_many(batch) gives the same beliefs as perceiving one at a time;
- aging daily or once gives the same result (§6).
"""

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from mem_helpers import DAY

from memory import Evidence, MemoryStore, rank

RESIDENTS = ["ada", "bo", "cy"]
PEOPLE = RESIDENTS + ["dee"]
VALUES = ["v1", "v2", "v3"]
CLAIMS = [("key", "taken_by"), ("key", "location"), ("bo", "mood")]  # location is a state
KINDS = ["firsthand", "witnessed", "declared", "document", "hearsay", "implanted", "inferred"]
FIRSTHAND_KINDS = {"firsthand", "witnessed", "declared"}

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def evidence(draw, at: int) -> Evidence:
    kind = draw(st.sampled_from(KINDS))
    resident = draw(st.sampled_from(RESIDENTS))
    subject, attribute = draw(st.sampled_from(CLAIMS))
    value = draw(st.sampled_from(VALUES))
    kw: dict = dict(resident=resident, subject=subject, attribute=attribute, value=value,
                    kind=kind, at=at, by_player=draw(st.booleans()))
    if draw(st.integers(0, 4)) == 0:
        kw["confidence"] = draw(st.integers(0, 100))
    if kind in ("firsthand", "witnessed"):
        kw["event"] = draw(st.sampled_from(["e1", "e2", "e3", "e4"]))  # repeats: exposure
    elif kind == "document":
        kw["document"] = draw(st.sampled_from(["ledger", "notice"]))
        kw["version"] = draw(st.integers(1, 3))
    elif kind == "declared":
        kw.update(subject="bo", attribute="mood", teller="bo")
    elif kind == "hearsay":
        kw["teller"] = draw(st.sampled_from([p for p in PEOPLE if p != resident]))
        kw["origin"] = draw(st.sampled_from(PEOPLE))
        kw["chain"] = None
        kw["basis"] = draw(st.sampled_from(["saw", "heard", "reckon"]))
    elif kind == "inferred":
        # Infer from the other claims; the store refuses it if none is held (tested elsewhere).
        kw["premises"] = ("key.taken_by",)
        kw.update(subject="cy", attribute="guilty")
    return Evidence(**kw)


@st.composite
def histories(draw, max_size: int = 24) -> list[Evidence]:
    n = draw(st.integers(1, max_size))
    at, out = 0, []
    for _ in range(n):
        at += draw(st.integers(0, 3 * DAY))
        out.append(draw(evidence(at)))
    return out


def _perceive(store: MemoryStore, e: Evidence) -> bool:
    """Perceive e; False if the store refused it (an inference with no premise held)."""
    if e.kind == "inferred" and store.belief(e.resident, "key", "taken_by") is None:
        return False
    store.perceive(e)
    return True


def _rows(store: MemoryStore, table: str, columns: str = "*") -> list[tuple]:
    return store.db.execute(f"SELECT {columns} FROM {table} ORDER BY rowid").fetchall()


EVIDENCE_COLUMNS = ("id, resident, claim_id, value, kind, rank, at, event, document, version, "
                    "fact, teller, origin, chain, basis, premises, implanted_by, by_player, "
                    "origin_key, confidence, outcome")  # all but the `judged` bookkeeping flag


def _rank_of_source(source: str) -> int:
    from memory.kinds import RANK_NAMES

    return {name: r for r, name in RANK_NAMES.items()}[source]


@SETTINGS
@given(seq=histories(), policy=st.sampled_from(["rules", "noisy_or"]))
def test_invariants_hold_after_every_step(seq, policy):
    store = MemoryStore(policy=policy, states=["location"])
    evidence_rows, version_rows = [], []
    for e in seq:
        before = store.belief(e.resident, e.subject, e.attribute, history=False)
        if not _perceive(store, e):
            continue
        after = store.belief(e.resident, e.subject, e.attribute)

        # §5.1: a lower-ranked contradiction never changes the held value ...
        if before is not None and e.value != before.value and \
                e.rank < _rank_of_source(before.source):
            assert after.value == before.value, (before, e, after)
        # ... nor does any change of value adopt one resting on weaker evidence than the value
        # it replaces (reconsider and noisy-OR arithmetic included).
        if before is not None and after.value != before.value:
            assert _rank_of_source(after.source) >= _rank_of_source(before.source), \
                (before, e, after)

        for b in store.beliefs():
            # §4: confidence always in [0, 100].
            assert 0 <= b.confidence <= 100
            assert all(0 <= c.confidence <= 100 for c in b.candidates)
            # §4: the held value is always among the candidates, exactly once.
            held = [c for c in b.candidates if c.held]
            assert len(held) == 1 and held[0].value == b.value
            assert len({c.value for c in b.candidates}) == len(b.candidates)
            # §3: a first-hand belief rests on first-hand evidence of the resident's own;
            # hearsay and implanted never produce one.
            if b.source == "first-hand":
                own = store.evidence(b.resident, b.subject, b.attribute)
                assert any(x.value == b.value and x.kind in FIRSTHAND_KINDS for x in own), b
            assert b.kind in KINDS

        # §1/§5: append-only — old rows unchanged, new rows only added.
        ev, vs = _rows(store, "evidence", EVIDENCE_COLUMNS), _rows(store, "belief_versions")
        assert ev[:len(evidence_rows)] == evidence_rows and len(ev) > len(evidence_rows)
        assert vs[:len(version_rows)] == version_rows
        evidence_rows, version_rows = ev, vs
    store.close()


@SETTINGS
@given(seq=histories(), policy=st.sampled_from(["rules", "noisy_or"]),
       chunk=st.integers(1, 30))
def test_batch_equals_one_at_a_time(seq, policy, chunk):
    one, many = (MemoryStore(policy=policy, states=["location"]) for _ in range(2))
    kept = [e for e in seq if _perceive(one, e)]
    for i in range(0, len(kept), chunk):
        many.perceive_many(kept[i:i + chunk])

    def snapshot(store):
        return [(b.resident, b.subject, b.attribute, b.value, b.confidence, b.state,
                 b.candidates, b.stale, b.exposures,
                 [(v.cause, v.value, v.confidence, v.state, v.evidence_id, v.note)
                  for v in store.history(b.resident, b.subject, b.attribute)])
                for b in store.beliefs()]

    assert snapshot(one) == snapshot(many)
    assert _rows(one, "trust_changes") == _rows(many, "trust_changes")


@SETTINGS
@given(seq=st.lists(st.sampled_from(["heard", "saw", "implanted"]), min_size=1, max_size=30),
       tellers=st.lists(st.sampled_from(PEOPLE[1:]), min_size=30, max_size=30),
       origins=st.lists(st.sampled_from(PEOPLE + ["eve", "fay"]), min_size=30, max_size=30),
       policy=st.sampled_from(["rules", "noisy_or"]))
def test_hearsay_and_implanted_never_become_firsthand(seq, tellers, origins, policy):
    """§3: however often and through whomever repeated, never firsthand or witnessed."""
    store = MemoryStore(policy=policy)
    for i, how in enumerate(seq):
        if how == "implanted":
            e = Evidence(resident="ada", subject="key", attribute="taken_by", value="cy",
                         kind="implanted", at=i)
        else:
            e = Evidence(resident="ada", subject="key", attribute="taken_by", value="cy",
                         kind="hearsay", teller=tellers[i], origin=origins[i], basis=how, at=i)
        b = store.perceive(e)
        assert b.kind in ("hearsay", "implanted")
        assert _rank_of_source(b.source) <= rank("hearsay", "saw")


# §6's own figures, for hearsay heard at trust 0.6 (58): (from day, confidence, state).
SECTION_6 = [(21, 34, "past"), (14, 42, "influencing"), (7, 50, "influencing"),
             (0, 58, "influencing")]


@SETTINGS
@given(trust=st.floats(0, 1), day=st.integers(0, 60), poke=st.integers(0, 60),
       extra=st.sampled_from(["none", "support", "player", "exposure"]))
@example(trust=0.6, day=6, poke=0, extra="none")
@example(trust=0.6, day=7, poke=0, extra="none")
@example(trust=0.6, day=14, poke=0, extra="none")
@example(trust=0.6, day=20, poke=0, extra="none")
@example(trust=0.6, day=21, poke=0, extra="none")
@example(trust=0.6, day=35, poke=0, extra="none")
@example(trust=0.2, day=14, poke=0, extra="none")  # 35: one step down to the floor, past
def test_aging_daily_or_once_is_the_same(trust, day, poke, extra):
    """§6: one pass on day N equals N daily passes, whatever happened on the way (new
    evidence, a player's intervention, a mere repetition), as long as both see it. With
    nothing on the way, both are §6's: −8 per 7 quiet days down to 34, and past there."""
    stores = [MemoryStore(), MemoryStore()]
    for s in stores:
        s.set_trust("ada", "bo", trust)
        first = s.perceive(Evidence(resident="ada", subject="key", attribute="taken_by",
                                    value="cy", kind="hearsay", teller="bo", origin="bo",
                                    at=0))
    poke = min(poke, day)
    daily, once = stores
    for d in range(1, day + 1):
        if d == poke:
            for s in stores:
                s.age(d * DAY - 1)  # both have aged up to just before the event
                _poke(s, extra, d * DAY - 1)
        daily.age(d * DAY)
    once.age(day * DAY)
    a, b = (s.belief("ada", "key", "taken_by") for s in stores)
    assert (a.confidence, a.state) == (b.confidence, b.state)
    if extra == "none" or poke == 0:  # nothing on the way
        steps, c0 = day // 7, first.confidence
        aged = c0 > 34 and steps > 0
        want = max(34, c0 - 8 * steps) if aged else c0
        state = "past" if aged and want == 34 else first.state
        assert (a.confidence, a.state) == (want, state)
        if trust == 0.6:
            due = next((conf, word) for d, conf, word in SECTION_6 if day >= d)
            assert (a.confidence, a.state) == due


def _poke(store: MemoryStore, extra: str, at: int) -> None:
    if extra == "none":
        return
    teller, origin = {"support": ("eve", "eve"), "player": ("eve", "bo"),
                      "exposure": ("eve", "bo")}[extra]
    store.perceive(Evidence(resident="ada", subject="key", attribute="taken_by", value="cy",
                            kind="hearsay", teller=teller, origin=origin, at=at,
                            by_player=extra == "player"))
