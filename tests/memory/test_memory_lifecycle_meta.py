"""The lazy lifecycle's pass minutes follow the record (memory.lifecycle, memory_meta): a
rolled-back tick, another connection on the same file, a store reopened with other numbers.
Each story runs in a store that writes sightings lazy and in one that never does
(`Clock.enabled = False`), and every table must come out the same."""

import pytest
from mem_helpers import HOUR, same_lazy_eager, sighting

from memory import MemoryStore


def _define(s: MemoryStore) -> MemoryStore:
    s.define_attribute("at_*", nature="event", topic="whereabouts", importance=0,
                       recall="cue")
    return s


def test_passes_rolled_back_with_their_tick_run_again_alike():
    """A tick that ran the hourly passes fails and its transaction is rolled back (what
    `deferred` asks of its caller): the passes' minutes are rolled back with it, so the next
    passes write the events the rolled-back ones had written, lazy or not."""
    runs = []
    for enabled in (True, False):
        s = _define(MemoryStore(":memory:"))
        s._clock.enabled = enabled
        s.perceive_many([sighting("ada", "bo", 8 * HOUR)])
        s.refresh_access(9 * HOUR)
        s.look_back(9 * HOUR)
        # Past its dormancy (72.8 h) and its look-back (80 h), in a tick that fails.
        with pytest.raises(RuntimeError), s.db.atomic(), s.deferred():
            s.refresh_access(81 * HOUR)
            s.look_back(81 * HOUR)
            raise RuntimeError("the tick fails")
        s.refresh_access(82 * HOUR)
        s.look_back(82 * HOUR)
        runs.append(s)
    same_lazy_eager(*runs)


def test_a_second_store_on_the_same_file_goes_on_from_the_passes_already_run(tmp_path):
    """Two programs on one file (what the cache follows by PRAGMA data_version): the
    second, opened before the first ran its passes, must not write the dormancy of a memory
    the first already recorded."""
    runs = []
    for enabled in (True, False):
        path = tmp_path / f"m{enabled}.db"
        mine = _define(MemoryStore(path))
        other = MemoryStore(path)  # opened now: no pass has run yet
        for s in (mine, other):
            s._clock.enabled = enabled
        mine.perceive_many([sighting("ada", "bo", 8 * HOUR)])
        mine.refresh_access(80 * HOUR)  # dormant at 72.8 h: recorded
        mine.look_back(80 * HOUR)  # judged (kept) at 80 h
        other.refresh_access(120 * HOUR)  # unrecallable at 116 h: recorded, dormancy not again
        other.look_back(120 * HOUR)  # not judged again
        runs.append(other)
    same_lazy_eager(*runs)


def test_a_store_reopened_with_other_numbers_goes_on_alike(tmp_path):
    """Reopened with other params (`MemoryStore(path, params=...)` overwrites the kept ones):
    a memory written before keeps the half-life and thresholds it was written with, and the
    passes must record its dormancy when its row says, lazy or not."""
    runs = []
    for enabled in (True, False):
        path = tmp_path / f"m{enabled}.db"
        s = _define(MemoryStore(path))
        s._clock.enabled = enabled
        s.perceive_many([sighting("ada", "bo", 8 * HOUR)])
        s.refresh_access(9 * HOUR)
        s.look_back(9 * HOUR)
        s.close()
        s = MemoryStore(path, params={"half_life_hours": 24.0})
        s._clock.enabled = enabled
        for hour in range(10, 200, 5):
            s.refresh_access(hour * HOUR)
            s.look_back(hour * HOUR)
        runs.append(s)
    same_lazy_eager(*runs)
