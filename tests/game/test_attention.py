"""Epistemics §11 (attention), as issue 6 built it: a daily budget of wake hours × 6 ten-minute
slots; being awake, acting and taking in news spend it, sleep restores it; each hourly
cognitive step runs full (α ≥ ⅔), reduced (⅓ ≤ α < ⅔: keep the current plan, act on what
clears the bar, set off to verify nothing new) or is skipped (α < ⅓), and a skip records its
reason — asleep, busy, exhausted. News of importance 8 or more raises the depth one level."""

from pathlib import Path

import pytest

from game import attention, clock, talk
from game.people import Person
from game.scenario.loader import parse_text
from game.sim import DECIDE_EVERY, Simulation
from game.state import Intent
from memory import Evidence

# Ann talks whenever she can; Ben and Cat never start a conversation. Ben has heard a rumour
# that the ring is on the shelf at home (below the bar to report it: he would go and look),
# and saw Cat move it (first-hand: enough to accuse her).
TOWN = '''
[scenario]
id = "attention"
title = "Attention"
premise = "Three neighbours on a square, one ring."
start = "day 1 09:00"
days = 2

[attributes.moved_by]
actor = true
importance = 7

[[places]]
id = "square"
name = "Square"
spots = ["bench"]

[[places]]
id = "home"
name = "Home"
kind = "home"
spots = ["shelf"]

[[objects]]
id = "ring"
name = "the ring"
owner = "ann"
location = "square.bench"

[[residents]]
id = "ann"
name = "Ann"
home = "home"
traits = { talkativeness = 1.0 }
schedule = [{ at = "07:00", place = "square" }]

[[residents]]
id = "ben"
name = "Ben"
home = "home"
traits = { talkativeness = 0.0 }
schedule = [{ at = "07:00", place = "square" }]

[[residents]]
id = "cat"
name = "Cat"
home = "home"
traits = { talkativeness = 0.0 }
schedule = [{ at = "07:00", place = "square" }]

[[beliefs]]
resident = "ann"
claim = "ring.location"
value = "square.bench"
kind = "witnessed"

[[beliefs]]
resident = "ben"
claim = "ring.location"
value = "home.shelf"
kind = "hearsay"
teller = "cat"
origin = "cat"

[[beliefs]]
resident = "ben"
claim = "ring.moved_by"
value = "cat"
kind = "witnessed"

[[reactions]]
id = "report_ring"
who = ["ben"]
believes = { claim = "ring.location", value = "home.shelf" }
action = "report"
target = "ann"
verify = ["look"]

[[reactions]]
id = "accuse_mover"
who = ["ben"]
believes = { claim = "ring.moved_by", value = "?who" }
action = "accuse"
target = "value"
'''

BUDGET = 96.0  # default sleep 22:00-06:00: 16 wake hours × 6 slots


def town(start: str = "day 1 09:00", seed: int = 0) -> Simulation:
    text = TOWN.replace('start = "day 1 09:00"', f'start = "{start}"')
    return Simulation.new(parse_text(text, Path("attention.toml")), seed)


def to_think(sim: Simulation, rid: str) -> None:
    """Step until the next step() is the one in which `rid` thinks (hourly, staggered)."""
    i = sorted(sim.people).index(rid)
    while (sim.now // clock.TICK + i) % DECIDE_EVERY:
        sim.step()


def think_at(sim: Simulation, rid: str, alpha: float, news: int | None = None) -> dict:
    """Run `rid`'s next cognitive step with α = `alpha`; return how the counters moved."""
    to_think(sim, rid)
    sim.state[rid].attention = alpha * attention.budget(sim.people[rid].wake_minutes)
    if news is not None:
        sim.queue(Evidence(resident=rid, subject="fair", attribute="cancelled", value="yes",
                           kind="hearsay", teller="cat", origin="cat", at=sim.now,
                           importance=news))
    before = dict(sim.counters)
    sim.step()
    return {k: v - before.get(k, 0) for k, v in sim.counters.items() if v != before.get(k, 0)}


def decisions(sim: Simulation, rid: str) -> list[tuple[str, str]]:
    return [tuple(r) for r in sim.db.execute(
        "SELECT action, outcome FROM decisions WHERE resident = ? ORDER BY id", (rid,))]


# -- the budget -------------------------------------------------------------------------------


def test_budget_is_wake_hours_times_six_slots():
    """§11: wake hours × slots per hour (10-minute slots)."""
    assert attention.budget(16 * 60) == 96
    assert attention.budget(24 * 60) == 144
    p = Person(id="x", name="X", role="", home="h", traits={}, schedule=[], sleep=(22 * 60,
               6 * 60))
    assert p.wake_minutes == 16 * 60
    assert attention.budget(p.wake_minutes) == BUDGET


def test_a_day_starts_with_the_full_budget_and_being_awake_spends_it():
    """§11: α starts at 1; an idle awake hour spends 6 × 0.5 slots; each piece of news taken
    in costs 0.15 more."""
    sim = town(start="day 1 06:00")
    assert sim.attention_of("cat") == 1.0
    sim.run(until=sim.now + clock.HOUR)
    assert sim.state["cat"].attention == pytest.approx(BUDGET - 6 * attention.AWAKE_COST)
    spent = sim.state["cat"].attention
    for i in range(10):
        sim.queue(Evidence(resident="cat", subject="well", attribute=f"depth{i}", value="deep",
                           kind="hearsay", teller="ann", origin="ann", at=sim.now))
    sim.step()
    assert sim.state["cat"].attention == pytest.approx(
        spent - attention.AWAKE_COST - 10 * attention.ARRIVAL_COST)


def test_sleep_restores_attention():
    """§11: sleep restores the budget: 96 slots over 8 hours asleep, 2 per tick, capped at
    the budget; a resident who went to bed exhausted wakes with α = 1."""
    sim = town(start="day 1 21:00")
    sim.run(until=clock.parse_when("day 1 22:00"))
    sim.state["ben"].attention = 0.0  # worn out at bedtime
    sim.step()  # the 22:00 tick puts him to bed
    assert sim.state["ben"].status == "asleep"
    sim.run(until=clock.parse_when("day 1 23:00"))
    assert attention.recover_per_tick(16 * 60) == 2.0
    assert sim.state["ben"].attention == 6 * 2.0
    sim.run(until=clock.parse_when("day 2 05:50"))
    assert sim.state["ben"].attention == BUDGET - 2.0
    sim.run(until=clock.parse_when("day 2 06:00"))  # the last tick of a 48-tick night
    assert sim.state["ben"].attention == BUDGET and sim.attention_of("ben") == 1.0
    sim.step()
    assert sim.state["ben"].status == "awake"
    assert sim.state["ben"].attention < BUDGET  # awake again: spending
    sim.state["ben"].attention = BUDGET + 40
    sim.run(until=clock.parse_when("day 2 23:00"))
    sim.run(until=clock.parse_when("day 3 06:00"))
    assert sim.state["ben"].attention == BUDGET  # never more than the budget


# -- depth --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("alpha", "depth"), [
    (1.0, "full"), (2 / 3, "full"), (0.66, "reduced"), (0.5, "reduced"), (1 / 3, "reduced"),
    (0.33, "skip"), (0.0, "skip")])
def test_depth_thresholds_two_thirds_and_one_third(alpha, depth):
    """§11: full while α ≥ ⅔, reduced while ⅓ ≤ α < ⅔, skipped below ⅓."""
    assert attention.depth(alpha) == depth


@pytest.mark.parametrize(("alpha", "depth"), [(0.9, "full"), (0.5, "full"), (0.2, "reduced")])
def test_important_news_raises_the_depth_one_level(alpha, depth):
    """§11: very important information raises the depth one level (never past full)."""
    assert attention.depth(alpha, important=True) == depth
    assert attention.IMPORTANT_NEWS == 8


# -- the cognitive step in the town -------------------------------------------------------------


def test_at_full_depth_a_resident_below_the_bar_sets_off_to_verify():
    """§8/§11, the control: with attention to spare, Ben does not report on one rumour — he
    goes to look first."""
    sim = town()
    moved = think_at(sim, "ben", 0.9)
    assert moved.get("processing_full") == 1
    assert decisions(sim, "ben") == [("report", "verified")]
    it = sim.state["ben"].intent
    assert it is not None and (it.purpose, it.action, it.via) == ("verify", "look", "look")


def test_at_reduced_depth_no_new_verification_but_acts_on_what_clears_the_bar():
    """§11: at reduced depth (⅓ ≤ α < ⅔) a resident keeps to its plan: it does not set off to
    verify the rumour, but it still acts on the first-hand belief that clears the bar."""
    sim = town()
    moved = think_at(sim, "ben", 0.5)
    assert moved.get("processing_reduced") == 1 and "processing_full" not in moved
    assert sim.state["ben"].depth == "reduced"
    assert decisions(sim, "ben") == [("accuse", "acted")]
    # Cat is right there: he carried it out in the same tick, and did not go to look.
    assert [(e["actor"], e["target"]) for e in sim.world.log(kind="accuse")] == [("ben", "cat")]
    assert sim.world.log(kind="look") == []
    assert sim.state["ben"].intent is None


def test_at_reduced_depth_nothing_new_when_nothing_clears_the_bar():
    """§11: with only the rumour to go on, a reduced step does nothing at all."""
    sim = town()
    sim.state["ben"].fired.append("accuse_mover:ring.moved_by:cat")  # already done
    think_at(sim, "ben", 0.5)
    assert decisions(sim, "ben") == []
    assert sim.state["ben"].intent is None


@pytest.mark.parametrize(("alpha", "depth", "k", "associate"), [
    (0.9, "full", talk.RECALL_K, True), (0.5, "reduced", talk.REDUCED_K, False)])
def test_at_reduced_depth_fewer_memories_come_to_mind_and_none_by_association(
        monkeypatch, alpha, depth, k, associate):
    """§11: a reduced step recalls fewer memories (top REDUCED_K, nothing brought along one
    hop); a full one the top RECALL_K and their associates. What reaches the store's recall
    is read with a spy."""
    assert talk.REDUCED_K < talk.RECALL_K
    sim = town()
    think_at(sim, "ben", alpha)
    assert sim.state["ben"].depth == depth
    calls, recall = [], sim.store.recall

    def spy(rid, cue, now, **kw):
        calls.append((rid, cue, now, kw.get("k"), kw.get("associate")))
        return recall(rid, cue, now, **kw)

    monkeypatch.setattr(sim.store, "recall", spy)
    talk.come_to_mind(sim, "ben", "ring cat")
    assert calls == [("ben", "ring cat", sim.now, k, associate)]


@pytest.mark.parametrize(("news", "depth"), [(9, "full"), (7, "reduced")])
def test_important_news_raises_a_reduced_step_to_full(news, depth):
    """§11: news of importance ≥ 8 arriving this tick lifts a reduced step to full, with
    full-depth behaviour (Ben sets off to verify); importance 7 does not."""
    sim = town()
    moved = think_at(sim, "ben", 0.5, news=news)
    assert moved.get("processing_" + depth) == 1
    expected = ("report", "verified") if depth == "full" else ("accuse", "acted")
    assert decisions(sim, "ben") == [expected]


def test_an_exhausted_resident_skips_its_step_and_starts_no_conversation():
    """§11: below ⅓ the step is skipped with reason exhausted — no judgement, no intent — and
    an exhausted resident does not start conversations; with attention, the same resident
    in the same town (same seed) does."""
    for exhausted in (False, True):
        sim = town(seed=1)  # seed 1: Ann's first chance to talk comes in the first tick
        if exhausted:
            sim.state["ann"].attention = 0.2 * BUDGET
            sim.state["ben"].attention = 0.2 * BUDGET
        sim.run(until=sim.now + 6 * clock.HOUR)
        talks = [e for e in sim.world.log(kind="talk") if e["actor"] == "ann"]
        skipped = sim.counters.get("skipped_exhausted", 0)
        if exhausted:
            assert talks == []
            assert skipped == 12  # Ann and Ben, once an hour for six hours
            assert sim.counters.get("processing_skipped") == 12
            assert decisions(sim, "ben") == [] and sim.state["ben"].intent is None
            assert sim.state["ben"].depth == "skip"
            assert sim.attention_of("ann") < 1 / 3
        else:
            assert talks, "the control: Ann, rested, talks"
            assert skipped == 0
            assert decisions(sim, "ben")


def test_asleep_residents_are_skipped_with_reason_asleep():
    """§11: a step that falls while the resident sleeps is skipped, reason asleep."""
    sim = town(start="day 1 23:00")
    sim.run(until=sim.now + clock.HOUR)
    c = sim.counters
    assert c.get("skipped_asleep") == 3 == c.get("processing_skipped")
    assert not any(k in c for k in ("processing_full", "processing_reduced",
                                    "skipped_exhausted", "skipped_busy"))
    assert all(st.depth == "skip" for st in sim.state.values())


def test_a_resident_busy_with_a_plan_is_skipped_with_reason_busy():
    """§11: a resident carrying out a plan (an intent other than staying) is skipped, reason
    busy, however much attention it has."""
    sim = town()
    to_think(sim, "ben")
    sim.state["ben"].intent = Intent(action="ask", purpose="verify", reaction="report_ring",
                                     claim="ring.location", value="home.shelf",
                                     since=sim.now, expires=sim.now + 6 * clock.HOUR,
                                     target="cat", via="ask_teller")
    sim.step()
    assert sim.counters.get("skipped_busy") == 1
    assert decisions(sim, "ben") == []


def test_important_news_since_the_last_step_raises_the_next_one():
    """§11: importance-9 news heard ten minutes before Ben's hourly step still raises it."""
    sim = town()
    i = sorted(sim.people).index("ben")
    while (sim.now // clock.TICK + 1 + i) % DECIDE_EVERY:
        sim.step()
    sim.queue(Evidence(resident="ben", subject="fair", attribute="cancelled", value="yes",
                       kind="hearsay", teller="cat", origin="cat", at=sim.now, importance=9))
    sim.step()  # the news arrives
    sim.state["ben"].attention = 0.5 * BUDGET
    sim.step()  # Ben's step
    assert sim.state["ben"].depth == "full"
    assert decisions(sim, "ben") == [("report", "verified")]
