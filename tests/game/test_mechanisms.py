"""Issue 6, "shown to work the way seed 001 showed it": nine_neighbours (nine residents, no
player) read at 30, 120 and 240 hourly steps. At 240 every mechanism has happened; dormancy
first appears three effective half-lives after the memory was last evoked, as a = 2^(−Δt/H)
predicts (so none by 30 hours, when even the shortest H — 72 h × ⅕ × 1.5 = 21.6 h — has not
run three times); look-backs start only once a memory is one base half-life (72 h) old.

One simulation run for the module (a 240-hour run takes a few seconds), read as it goes."""

import json

import pytest
from click.testing import CliRunner

from game import clock
from game.report import first_dormancy, mechanisms
from game.sim import Simulation
from memory import access as acc

READINGS = (30, 71, 72, 120, 240)  # hours after the start

# Every count the report gives that must have happened by 240 hourly steps.
EVERY = ("world_events", "updates_after_use", "judgements", "judgements_acted",
         "judgements_verified", "acted_on_verified", "lookbacks", "lookbacks_lengthened",
         "reduced", "skipped", "dormancy_entries", "cue_recalls", "associative_recalls",
         "memory_state_expressions")


@pytest.fixture(scope="module")
def run():
    """nine_neighbours, seed 0, read at each hour in READINGS (counts are cumulative)."""
    sim = Simulation.new("nine_neighbours", 0)
    start = sim.now
    readings, firsts = {}, {}
    for h in READINGS:
        sim.run(until=start + h * clock.HOUR)
        readings[h] = mechanisms(sim)
        firsts[h] = first_dormancy(sim)
    return sim, start, readings, firsts


def test_the_scenario_has_nine_residents_and_no_player(run):
    sim, *_ = run
    assert not sim.has_player
    assert len(sim.people) == 9


def test_at_240_hours_every_mechanism_count_is_above_zero(run):
    """Issue 6: world events, updates after use, judgements (acted, verified first, acted on
    verified evidence), look-backs (and lengthenings), reduced and skipped processing,
    dormancy, cue and associative recalls and memory-state expressions all happen."""
    _, _, readings, _ = run
    at240 = readings[240]
    assert set(EVERY) <= set(at240)
    assert {k: at240[k] for k in EVERY if at240[k] <= 0} == {}


def test_counts_are_cumulative_and_split_consistently(run):
    """The three readings only grow; acted + verified make up the judgements; acted on
    verified evidence is part of acted; lengthened look-backs are part of look-backs;
    skipped is the sum of its reasons."""
    _, _, readings, _ = run
    for a, b in zip(READINGS, READINGS[1:], strict=False):
        assert all(readings[b][k] >= readings[a][k] for k in readings[a]), (a, b)
    for h in READINGS:
        r = readings[h]
        assert r["judgements"] == r["judgements_acted"] + r["judgements_verified"]
        assert r["acted_on_verified"] <= r["judgements_acted"]
        assert r["lookbacks_lengthened"] <= r["lookbacks"]
        assert r["skipped"] == r["skipped_asleep"] + r["skipped_busy"] + r["skipped_exhausted"]
    assert readings[240]["skipped_asleep"] > 0


def test_no_dormancy_at_30_hours(run):
    """§7: at 30 hours no memory has been quiet for three of even the shortest effective
    half-life (3 × 21.6 h = 64.8 h)."""
    _, _, readings, firsts = run
    assert 3 * acc.half_life(0, 0, 0, 1) / 60 == pytest.approx(64.8)
    assert readings[30]["dormancy_entries"] == 0
    assert firsts[30] is None


def test_dormancy_first_appears_after_about_three_effective_half_lives(run):
    """§7: a < 2⁻³ after three effective half-lives: the first memory to go dormant did so
    2.9–3.2 of its own half-lives after it was last evoked, and no sooner than 64.8 hours
    into the run."""
    sim, start, readings, firsts = run
    first = firsts[240]
    assert first is not None
    assert 2.9 <= first["half_lives"] <= 3.2
    assert first["at"] - start >= 3 * acc.half_life(0, 0, 0, 1)
    assert readings[120]["dormancy_entries"] > 0
    assert firsts[120] == first  # the first stays the first


def test_every_dormancy_entry_is_three_half_lives_after_its_last_evocation(run):
    """§7: not only the first — every recorded entry into dormancy came three effective
    half-lives (to the minute) after the evocation it records."""
    sim, *_ = run
    rows = sim.db.execute("SELECT at, detail FROM memory_events WHERE kind = 'dormant'")
    ratios = [(at - int(d.split()[0])) / float(d.split()[1]) for at, d in rows]
    assert ratios
    assert all(2.99 <= r <= 3.0 for r in ratios), (min(ratios), max(ratios))


def test_look_backs_start_only_after_one_base_half_life(run):
    """§7: a memory's importance is judged again once it is 72 hours old: none by 71 hours
    into the run (every memory is younger), some at 72, and every look-back judged a
    memory at least 72 hours old."""
    sim, start, readings, _ = run
    assert readings[30]["lookbacks"] == readings[71]["lookbacks"] == 0
    assert readings[72]["lookbacks"] > 0
    first, youngest = sim.db.execute(
        "SELECT min(m.at), min(m.at - b.created_at) FROM memory_events m JOIN beliefs b ON "
        "b.id = m.belief_id WHERE m.kind = 'lookback'").fetchone()
    assert first - start == 72 * clock.HOUR
    assert youngest >= acc.H0


def test_the_cli_mechanism_report_has_the_same_keys_and_counts(run):
    """`hearsay run nine_neighbours --days 10 --report mechanisms --json` reports every count
    (and when the first dormancy came); ten days are the 240 hourly steps, so the counts
    equal the module run's at 240 (the run is deterministic)."""
    from ui.cli import main

    _, _, readings, firsts = run
    res = CliRunner().invoke(main, ["run", "nine_neighbours", "--days", "10", "--report",
                                    "mechanisms", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert set(EVERY) <= set(out["mechanisms"])
    assert out["mechanisms"] == readings[240]
    assert out["first_dormancy"] == firsts[240]
    assert out["ticks"] == 240 * clock.TICKS_PER_HOUR
