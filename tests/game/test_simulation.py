"""The town runs by itself: determinism, saves, an append-only log, and false beliefs with real
consequences (issue 3)."""

import pytest

from game.generate import generated_town
from game.player import PLAYER
from game.sim import Simulation
from memory import Evidence, MemoryStore
from memory.driver import sqlite3


def run(loaded, seed, days=3.0):
    sim = Simulation.new(loaded, seed)
    sim.run(days=days)
    return sim


def test_same_scenario_and_seed_give_the_same_world_log(missing_key):
    a, b = run(missing_key, 7), run(missing_key, 7)
    assert a.world.log_hash() == b.world.log_hash()
    assert a.world.log() == b.world.log()
    assert len({run(missing_key, s, 1).world.log_hash() for s in (1, 2, 3)}) > 1


def test_save_load_continue_equals_a_straight_run(missing_key, tmp_path):
    straight = run(missing_key, 4, 3)
    first = run(missing_key, 4, 1)
    path = first.save(tmp_path / "s.db")
    cont = Simulation.load(path)
    cont.run(until=straight.now)
    assert cont.world.log_hash() == straight.world.log_hash()
    assert cont.store.counts() == straight.store.counts()
    assert cont.ending == straight.ending


def test_the_world_log_never_changes_after_it_is_written(missing_key):
    sim = run(missing_key, 1, 0.5)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        sim.db.execute("UPDATE world_log SET summary = 'nothing happened'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        sim.db.execute("DELETE FROM world_log")


def test_beliefs_never_change_world_facts(missing_key):
    sim = run(missing_key, 2, 1)
    before = sim.world.facts()
    rows = sim.db.execute("SELECT count(*) FROM fact_history").fetchone()[0]
    # Everyone now "knows" the key is at the inn; the world does not move it.
    for rid in sorted(sim.people):
        sim.store.perceive(Evidence(resident=rid, subject="ada_key", attribute="location",
                                    value="inn", kind="witnessed", event="imagined",
                                    at=sim.now))
    sim.world.reload()
    assert sim.world.facts() == before
    assert sim.db.execute("SELECT count(*) FROM fact_history").fetchone()[0] == rows
    # Every fact change after the start was made by a logged world event.
    orphans = sim.db.execute(
        "SELECT count(*) FROM fact_history h LEFT JOIN world_log w ON w.id = h.event_id "
        "WHERE h.event_id IS NOT NULL AND w.id IS NULL").fetchone()[0]
    assert orphans == 0


def test_a_false_belief_leads_to_a_real_event_that_others_witness(missing_key):
    """Ada's wrong belief that Cy moved her key ends in a real accusation: sure on her own
    reading and Bo's word, she goes to Cy's bakery at once and accuses her there. Whoever is
    in the bakery sees it and hears what Ada said — here the player, a perceiver like anyone,
    who went to the bakery first thing."""
    sim = Simulation.new(missing_key, 0)
    assert sim.command("go bakery").ok
    sim.run(days=3)
    accusations = sim.world.log(kind="accuse")
    assert accusations
    acc = accusations[0]
    assert acc["actor"] == "ada" and acc["target"] == "cy" and acc["place"] == "bakery"
    assert acc["at"] < 3 * 24 * 60
    assert PLAYER in acc["witnesses"]
    assert sim.world.fact("ada_key", "moved_by") == "dee"  # the belief was false
    assert sim.world.fact("cy", "accused_by") == "ada"  # ...and the accusation is a fact
    got = [e for e in sim.store.evidence(PLAYER, "ada_key", "moved_by")
           if e.event == f"w{acc['id']}"]
    assert got and got[0].kind == "hearsay" and got[0].teller == "ada"
    # The accusation hurt the relationship.
    assert sim.world.affinity("cy", "ada") < 0


def test_decisions_record_the_beliefs_that_supported_them(missing_key):
    sim = run(missing_key, 3, 3)
    rows = sim.db.execute("SELECT outcome, used, class FROM decisions").fetchall()
    assert rows
    assert {r[0] for r in rows} <= {"acted", "verified", "waited"}
    assert all(r[1].startswith("[") for r in rows)


def test_a_reopened_store_waits_to_index_only_what_was_waiting(tmp_path):
    """A store reopened on its file (a loaded save) rebuilds the recall index as it was: the
    memories indexed stay indexed, and only those that were waiting to be (written or
    reworded since their resident last recalled) wait again — not every memory written once
    and indexed since, which would be read and indexed all over at each resident's first
    recall after a load."""
    sim = Simulation.new(generated_town(12, 5, days=3), 5)
    sim.run(days=2.0)
    store = sim.store
    waiting = {r: set(p) for r, p in store._index.pending.items() if p}
    docs = {bid: words for bid, (_, words) in store._index.docs.items()}
    path = sim.save(tmp_path / "town.db")
    from game.save import open_save

    again = MemoryStore(open_save(path))  # (a save by path is refused: the store would write it)
    assert {r: set(p) for r, p in again._index.pending.items() if p} == waiting
    assert {bid: words for bid, (_, words) in again._index.docs.items()} == docs
    assert (again._index.rows, again._index.tokens) == (store._index.rows, store._index.tokens)



@pytest.mark.parametrize("name, seed", [("missing_key", 1), ("nine_neighbours", 2)])
def test_a_game_continued_from_its_save_believes_what_the_game_that_went_on_does(
        name, seed, tmp_path):
    """Saved part way and continued with --load, a game ends as the one that went on: the same
    world log, and every belief the same through the public API — its recall state included
    (a loaded save used to define its families of memories again, catching every lazy memory
    up and reading the working set twice: two re-evocations came out other than they were)."""
    from game.scenario import load_scenario

    straight = Simulation.new(load_scenario(name), seed)
    straight.run(days=2.3)
    half = Simulation.new(load_scenario(name), seed)
    half.run(days=1.3)
    back = Simulation.load(half.save(tmp_path / "half.db"))
    back.run(days=1.0)
    assert back.world.log_hash() == straight.world.log_hash()
    assert [b.model_dump() for b in back.store.beliefs()] == \
        [b.model_dump() for b in straight.store.beliefs()]
    assert back.store.memory_events() == straight.store.memory_events()


def test_an_event_happens_among_the_people_there_at_its_minute():
    """The playtest: Quill's notices went up at the minute his day brought him to the square,
    yet the tick ran its events before anyone moved, so he (and whoever came with him) was
    still elsewhere and nobody saw him do it. Now the tick moves everyone, then runs the
    minute's events."""
    from pathlib import Path

    from game.scenario.loader import parse_text

    from .conftest import SEEN_AT_TEN, TINY, with_keys

    text = with_keys(with_keys(TINY, "ann", SEEN_AT_TEN), "ben", SEEN_AT_TEN) + '''
[[events]]
id = "pie"
at = "day 1 10:00"
kind = "happen"
actor = "ann"
place = "square"
effects = [{ claim = "ann.took", value = "yes" }]
'''
    sim = Simulation.new(parse_text(text, Path("tiny.toml")), 0)
    sim.run(days=0.5)
    event = next(e for e in sim.world.log(kind="happen") if e["data"].get("id") == "pie")
    assert event["participants"] == ["ann"] and event["witnesses"] == ["ben"]
    assert sim.store.belief("ben", "ann", "took").value == "yes"
    assert sim.store.belief("cat", "ann", "took") is None  # at home, saw nothing


def test_an_ending_is_judged_where_everyone_is_at_its_minute(tmp_path):
    """A review: an ending at 10:00 asking whether Ann is in the square read where she was a
    tick earlier, though her day puts her there at ten. And a save of a story over loads as
    it was left: nobody moves."""
    from pathlib import Path

    from game.scenario.loader import parse_text

    from .conftest import SEEN_AT_TEN, TINY, with_keys

    text = with_keys(TINY, "ann", SEEN_AT_TEN) + '''
[[endings]]
id = "there"
title = "There"
text = "Ann is in the square."
at = "day 1 10:00"
when = 'at("ann", "square")'

[[endings]]
id = "not_there"
title = "Not there"
text = "Ann is not."
at = "day 1 10:00"
when = "true"
'''
    sim = Simulation.new(parse_text(text, Path("tiny.toml")), 0)
    sim.run(days=0.5)
    assert sim.ending == "there"
    where = {r: (st.place, st.status) for r, st in sim.state.items()}
    path = sim.save(tmp_path / "over.db")
    again = Simulation.load(path)
    assert again.ending == "there"
    assert {r: (st.place, st.status) for r, st in again.state.items()} == where


def test_an_event_between_the_start_tick_and_an_unaligned_start_happens():
    """A review: with the start at 09:05, an event at 09:02 was neither backstory (setup
    counts from the start's tick, 09:00) nor run (the tick's events counted from 09:05)."""
    from pathlib import Path

    from game.scenario.loader import parse_text

    from .conftest import TINY

    text = TINY.replace('start = "day 1 09:00"', 'start = "day 1 09:05"') + '''
[[events]]
id = "pie"
at = "day 1 09:02"
kind = "happen"
place = "home"
effects = [{ claim = "ann.took", value = "yes" }]
'''
    sim = Simulation.new(parse_text(text, Path("tiny.toml")), 0)
    sim.run(days=0.1)
    assert sim.world.fact("ann", "took") == "yes"


def test_a_tick_in_memory_runs_without_the_rollback_journal_and_a_command_with_it():
    """A town in memory runs its ticks with the journal off (nothing ever undoes a tick: it
    cost a tenth of a town's time) and between ticks — a player's command — with it on."""
    sim = Simulation.new("missing_key", seed=1)
    modes = []
    for name in sim.stepping():
        if name == "events":
            modes.append(sim.db.execute("PRAGMA journal_mode").fetchone()[0])
    modes.append(sim.db.execute("PRAGMA journal_mode").fetchone()[0])
    assert modes == ["off", "memory"]


def _statements(sim):
    said = []
    sim.db.conn.set_trace_callback(said.append)
    return said


def test_ticks_run_back_to_back_commit_once():
    """A headless run (and the time a player's verb takes) runs its ticks in one transaction:
    SQLite keeps an in-memory database's pages dirty, so each COMMIT walks them all, and a
    commit per tick grew with everything the town remembered. The run commits at its end,
    with the journal back on, and is the town a tick-by-tick run makes."""
    sim = Simulation.new("missing_key", seed=2)
    said = _statements(sim)
    sim.run(days=0.5)
    sim.db.conn.set_trace_callback(None)
    assert said.count("COMMIT") == 1 and said.count("BEGIN") == 1
    assert not sim.db.conn.in_transaction
    assert sim.db.execute("PRAGMA journal_mode").fetchone()[0] == "memory"
    by_tick = Simulation.new("missing_key", seed=2)
    while by_tick.now < sim.now:
        by_tick.step()  # each in its own transaction
    assert by_tick.world.log_hash() == sim.world.log_hash()
    assert by_tick.store.counts() == sim.store.counts()

    said = _statements(sim)
    sim.command("wait 1h")  # the verb in its own transaction, then its six ticks in one
    sim.db.conn.set_trace_callback(None)
    assert said.count("COMMIT") <= 3
    assert not sim.db.conn.in_transaction


def test_a_run_that_fails_leaves_no_transaction_open(monkeypatch):
    """A tick that fails is a bug: the run ends — its transaction ended, not undone (with the
    journal off there is nothing to undo with, as there was not for the tick's own) — and
    the town is left with no transaction open and its journal back on."""
    sim = Simulation.new("missing_key", seed=3)
    from game import movement

    calls = []

    def fail(town):
        calls.append(town.now)
        if len(calls) == 3:
            raise RuntimeError("a bug")

    monkeypatch.setattr(movement, "move", fail)
    with pytest.raises(RuntimeError, match="a bug"):
        sim.run(days=1)
    assert not sim.db.conn.in_transaction
    assert sim.db.execute("PRAGMA journal_mode").fetchone()[0] == "memory"


def test_a_run_collects_garbage_rarely_and_puts_the_thresholds_back(monkeypatch):
    """A young collection walks every container made since the last; ticks run back to back
    collect four times less often (GC_YOUNG_RUN), and the window's thresholds, whose pauses fit
    between frames, are back once the run ends."""
    import gc

    from game import movement
    from game import sim as sim_module

    sim = Simulation.new("missing_key", seed=4)
    before = gc.get_threshold()
    seen = []
    move = movement.move

    def watching(town):
        seen.append(gc.get_threshold()[0])
        move(town)

    monkeypatch.setattr(movement, "move", watching)
    sim.run(days=0.1)
    assert seen and set(seen) == {sim_module.GC_YOUNG_RUN}
    assert gc.get_threshold() == before
    sim.step()  # a tick on its own (the window's) keeps the window's thresholds
    assert seen[-1] == before[0]


def test_a_loaded_game_runs_as_a_new_one_does(tmp_path):
    """A save is loaded into a copy in memory: its ticks too run with the journal off and back
    to back in one transaction (a run after --load had committed every tick)."""
    sim = Simulation.new("missing_key", seed=5)
    sim.run(days=0.2)
    back = Simulation.load(sim.save(tmp_path / "s.db"))
    assert back.db.memory
    said = _statements(back)
    back.run(days=0.2)
    back.db.conn.set_trace_callback(None)
    assert said.count("COMMIT") == 1 and said.count("BEGIN") == 1
    sim.run(days=0.2)
    assert back.world.log_hash() == sim.world.log_hash()
