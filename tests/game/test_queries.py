"""game.queries: where everyone was at a past minute, what a resident saw, a save's scenario and
time without loading it, and starting a run again from what it began with."""

import game
from game import clock
from game.queries import (
    SaveInfo,
    peek_save,
    positions_at,
    restart,
    seen_events,
    started_from,
)
from game.sim import Simulation


def test_positions_at_a_past_minute_match_the_presence_record():
    sim = Simulation.new("missing_key", seed=0)
    start = sim.now
    sim.run(until=clock.parse_when("day 1 14:00"))
    now = positions_at(sim, sim.now)
    assert now == {rid: st.place for rid, st in sim.state.items() if rid in now}
    assert set(now) >= {"ada", "bo", "cy"}
    for rid in ("ada", "bo", "gus"):
        for place, since, until in sim.world.whereabouts(rid, start, sim.now):
            for t in (since, until - 1):
                assert positions_at(sim, t)[rid] == place
    assert positions_at(sim, -10) == {}


def test_seen_events_are_what_one_took_part_in_or_witnessed():
    sim = Simulation.new("missing_key", seed=0)
    sim.run(until=clock.parse_when("day 1 16:00"))
    everything = seen_events(sim, None)
    assert [e["id"] for e in everything] == [e["id"] for e in sim.world.log()]
    assert everything == sim.world.log()  # the same rows, JSON decoded
    ada = seen_events(sim, "ada")
    assert ada and all("ada" in e["participants"] or "ada" in e["witnesses"] for e in ada)
    assert len(ada) == sum(1 for e in everything
                           if "ada" in e["participants"] or "ada" in e["witnesses"])
    # read incrementally: after an id, at most `limit`
    later = seen_events(sim, None, after_id=everything[2]["id"], limit=3)
    assert later == everything[3:6]
    assert seen_events(sim, "nobody") == []


def test_peek_save_reads_a_save_without_loading_it(tmp_path):
    sim = Simulation.new("missing_key", seed=3)
    sim.run(until=clock.parse_when("day 1 12:00"))
    path = sim.save(tmp_path / "slot.hearsay")
    before = path.read_bytes()
    info = peek_save(path)
    # The title is the save's own scenario's (the Saves list shows it, not the id; a
    # playtest), read from its text without parsing it whole.
    assert info == SaveInfo("missing_key", sim.now, None, "The Missing Key")
    assert path.read_bytes() == before
    assert peek_save(tmp_path / "missing.hearsay") is None
    junk = tmp_path / "junk.hearsay"
    junk.write_text("not a database")
    assert peek_save(junk) is None
    from game.generate import generated_town

    town = Simulation.new(generated_town(5, 1), 1).save(tmp_path / "town.hearsay")
    assert peek_save(town).title == "A generated town of 5"


def test_restart_begins_the_same_scenario_and_seed_again(tmp_path):
    sim = Simulation.new("missing_key", seed=5)
    sim.run(until=clock.parse_when("day 1 13:00"))
    loaded = Simulation.load(sim.save(tmp_path / "a.hearsay"))
    scenario, seed = started_from(loaded)
    assert scenario.scenario.scenario.id == "missing_key" and seed == 5
    again = restart(loaded)
    fresh = Simulation.new("missing_key", seed=5)
    assert again.now == fresh.now < sim.now
    assert again.world.log_hash() == fresh.world.log_hash()
    again.run(until=sim.now)
    assert again.world.log_hash() == sim.world.log_hash()  # same start, same run


def test_the_package_exports_them():
    for name in ("positions_at", "seen_events", "peek_save", "SaveInfo", "started_from",
                 "restart", "Simulation", "clock", "PLAYER"):
        assert name in game.__all__ and getattr(game, name) is not None
    assert game.peek_save is peek_save
