"""Residents as the world defines them: schedule, sleep, absences, traits, lies.

A `Person` is static for a run (it comes from the scenario and is stored as JSON in the
`people` table, so a save carries it). Where a resident is at a given minute follows from the
schedule on demand, as Evennia's OnDemandHandler derives state from a stored start time,
instead of being ticked.
"""

from __future__ import annotations

import bisect
import json
from dataclasses import dataclass, field
from functools import cached_property

from . import clock

AWAKE, ASLEEP, AWAY = "awake", "asleep", "away"
WALKING = "walking"  # the player between places, for the tick a walk takes (player.go)
DEFAULT_MEMORY = 0.7  # the memory trait of a resident whose scenario gives none


@dataclass
class Person:
    id: str
    name: str
    role: str
    home: str
    traits: dict[str, float]
    schedule: list[tuple[int, str]]  # (minute of day, place), sorted
    sleep: tuple[int, int]  # (start, end) minute of day; may wrap past midnight
    away: list[tuple[int, int, str]] = field(default_factory=list)  # (from, to, place)
    visits: list[tuple[int, int, str]] = field(default_factory=list)  # (from, to, place)
    lies: dict[str, dict] = field(default_factory=dict)  # claim -> {value, basis, to}
    note: str = ""
    is_player: bool = False
    pronoun: str = "they"

    @property
    def talkativeness(self) -> float:
        return self.traits.get("talkativeness", 0.5)

    @property
    def credulity(self) -> float:
        return self.traits.get("credulity", 0.5)

    @property
    def honesty(self) -> float:
        return self.traits.get("honesty", 0.8)

    @property
    def curiosity(self) -> float:
        return self.traits.get("curiosity", 0.5)

    @property
    def memory(self) -> float:
        """How well they remember (0..1): the lower, the more a weak memory comes back wrong
        (memory.misremember)."""
        return self.traits.get("memory", DEFAULT_MEMORY)

    def status_at(self, minute: int) -> tuple[str, str]:
        """(status, place) at `minute` by the schedule alone: away, asleep at home, or awake.

        Asked of every resident every tick, and the same for hours at a time: the answer is
        kept with the minutes it holds for (until the next time anything in the schedule
        starts or ends), so a tick's ask is a comparison."""
        span = self.__dict__.get("_span")
        if span is not None and span[0] <= minute < span[1]:
            return span[2]
        got = self._status_at(minute)
        self.__dict__["_span"] = (minute, self._next_change(minute), got)
        return got

    def _next_change(self, minute: int) -> int:
        """The first minute after `minute` at which `_status_at` may answer otherwise: the
        next start or end of an absence or a visit, of sleep, or of a scheduled stay (or the
        next midnight)."""
        tod = clock.time_of_day(minute)
        day_start = minute - tod
        until = day_start + clock.DAY
        daily = self._daily_breaks
        i = bisect.bisect_right(daily, tod)
        if i < len(daily):
            until = min(until, day_start + daily[i])
        marks = self._marks
        j = bisect.bisect_right(marks, minute)
        if j < len(marks):
            until = min(until, marks[j])
        return until

    @cached_property
    def _daily_breaks(self) -> list[int]:
        return sorted({*self.sleep, *(t for t, _ in self.schedule)})

    @cached_property
    def _marks(self) -> list[int]:
        return sorted({x for start, end, _ in (*self.away, *self.visits) for x in (start, end)})

    def _status_at(self, minute: int) -> tuple[str, str]:
        for start, end, place in self.away:
            if start <= minute < end:
                return AWAY, place
        for start, end, place in self.visits:
            if start <= minute < end:
                return AWAKE, place
        tod = clock.time_of_day(minute)
        if self.sleep[0] != self.sleep[1] and clock.in_window(tod, *self.sleep):
            return ASLEEP, self.home
        return AWAKE, self.scheduled_place(tod)

    def scheduled_place(self, tod: int) -> str:
        if not self.schedule:
            return self.home
        i = bisect.bisect_right(self._schedule_times, tod) - 1
        return self.schedule[i][1]  # i == -1 wraps to the last entry of the day before

    # A person is static for a run: what follows from the schedule and sleep alone is worked
    # out once (asked of every resident every tick).
    @cached_property
    def _schedule_times(self) -> list[int]:
        return [t for t, _ in self.schedule]

    @cached_property
    def wake_minutes(self) -> int:
        """How long a day they are awake (for the attention budget)."""
        start, end = self.sleep
        if start == end:
            return clock.DAY
        asleep = (end - start) % clock.DAY
        return clock.DAY - asleep

    def lie_for(self, claim: str, listener: str) -> dict | None:
        lie = self.lies.get(claim)
        if lie is None:
            return None
        to = lie.get("to", "anyone")
        return lie if to == "anyone" or listener in to else None

    # -- storage -------------------------------------------------------------------------------

    def spec(self) -> str:
        return json.dumps({
            "traits": self.traits, "schedule": self.schedule, "sleep": self.sleep,
            "away": self.away, "visits": self.visits, "lies": self.lies, "note": self.note,
            "pronoun": self.pronoun,
        }, sort_keys=True)

    @classmethod
    def from_row(cls, pid: str, name: str, role: str, home: str, spec: str,
                 is_player: int) -> Person:
        s = json.loads(spec)
        return cls(id=pid, name=name, role=role, home=home, traits=s["traits"],
                   schedule=[tuple(x) for x in s["schedule"]], sleep=tuple(s["sleep"]),
                   away=[tuple(x) for x in s["away"]],
                   visits=[tuple(x) for x in s.get("visits", [])],
                   # (each lie whole, as the save gate reads it, its defaults filled in: one
                   # edited to lack its basis passed the gate and crashed a telling; a fuzz run)
                   lies={c: {"basis": "saw", "to": "anyone", "motive": None, "alibi": None,
                             **lie} for c, lie in s["lies"].items()},
                   note=s.get("note", ""), pronoun=s.get("pronoun", "they"),
                   is_player=bool(is_player))


def from_scenario(r) -> Person:
    """A Person from a scenario `Resident` model."""
    schedule = sorted((clock.parse_time_of_day(s.at), s.place) for s in r.schedule)
    return Person(
        id=r.id, name=r.name, role=r.role, home=r.home, traits=r.traits.model_dump(
            exclude=set(r.traits.model_extra or {})),
        schedule=schedule,
        sleep=(clock.parse_time_of_day(r.sleep.start), clock.parse_time_of_day(r.sleep.end)),
        away=sorted((clock.parse_when(a.start), clock.parse_when(a.end), a.place)
                    for a in r.away),
        visits=sorted((clock.parse_when(a.start), clock.parse_when(a.end), a.place)
                      for a in r.visits),
        lies={lie.claim: {"value": lie.value, "basis": lie.basis, "to": lie.to,
                          "motive": lie.motive.model_dump(exclude_none=True,
                                                          exclude=set(lie.motive.model_extra
                                                                      or {}))
                          if lie.motive else None, "alibi": lie.alibi}
              for lie in r.lies},
        note=r.note, pronoun=r.pronoun,
    )
