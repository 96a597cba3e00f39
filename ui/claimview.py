"""The claim view's model: one claim, what every resident believes about it, at a chosen time.

Live, it reads `store.believers(...)`; stepped back in time, it reconstructs each belief from
its history (`memory.believers_at`). Each value keeps one colour for the whole run, so a
rumour's colour can be watched spreading. No pygame here.
"""

from __future__ import annotations

from game import clock
from memory import believers_at, claim_change_times, claim_values

from .theme import VALUE_HUES


class ClaimView:
    def __init__(self, session, subject: str, attribute: str):
        self.session = session
        self.subject, self.attribute = subject, attribute
        self.time: int | None = None  # None: now
        self._key = None
        self._beliefs: dict[str, tuple[str, int, str]] = {}
        self._colours: dict[str, tuple] = {}
        self._times: tuple[int, list[int]] = (-1, [])

    @property
    def claim(self) -> str:
        return f"{self.subject}.{self.attribute}"

    @property
    def live(self) -> bool:
        return self.time is None

    @property
    def at(self) -> int:
        return self.session.now if self.time is None else self.time

    def times(self) -> list[int]:
        """Every minute someone's belief about the claim changed (cached per tick)."""
        if self._times[0] != self.session.stamp:
            self._times = (self.session.stamp, claim_change_times(
                self.session.sim.store, self.subject, self.attribute))
        return self._times[1]

    def start(self) -> int:
        """The earliest minute worth stepping back to: the first belief, or the start."""
        begin = clock.align(clock.parse_when(self.session.sim.sc.scenario.start))
        return min([begin] + self.times()[:1])

    def beliefs(self) -> dict[str, tuple[str, int, str]]:
        """{resident: (value, confidence, state)} at the chosen time."""
        key = (self.session.stamp, self.time)
        if key != self._key:
            sim = self.session.sim
            if self.time is None:
                self._beliefs = {b.resident: (b.value, b.confidence, b.state.value)
                                 for b in sim.store.believers(self.subject, self.attribute)}
            else:
                self._beliefs = believers_at(sim.store, self.subject, self.attribute,
                                             self.time)
            self._colours = {}
            self._key = key
        return self._beliefs

    def colour(self, value: str):
        if not self._colours:
            values = claim_values(self.session.sim.store, self.subject, self.attribute)
            self._colours = {v: VALUE_HUES[i % len(VALUE_HUES)] for i, v in enumerate(values)}
        return self._colours.get(value, VALUE_HUES[-1])

    def counts(self) -> list[tuple[str, int, float]]:
        """(value, believers, mean confidence), most believed first."""
        groups: dict[str, list[int]] = {}
        for value, conf, state in self.beliefs().values():
            if state != "past":
                groups.setdefault(value, []).append(conf)
        out = [(v, len(cs), sum(cs) / len(cs)) for v, cs in groups.items()]
        return sorted(out, key=lambda x: (-x[1], x[0]))

    def step(self, minutes: int) -> None:
        """Move the view `minutes` back (negative) or forward; reaching now goes live."""
        t = self.at + minutes
        t = max(self.start(), t)
        self.time = None if t >= self.session.now else clock.align(t)

    def seek(self, minute: int | None) -> None:
        if minute is None or minute >= self.session.now:
            self.time = None
        else:
            self.time = clock.align(max(self.start(), minute))
