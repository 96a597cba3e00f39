"""The claim view's model: one claim, what every resident believes about it, at a chosen time.

In open minds, live, it reads `store.believers(...)`; stepped back in time, it reconstructs
each belief from its history (`memory.believers_at`). In play it shows what the player has
learned of who believes what: what each resident last said about it in the player's hearing
(and how sure they sounded), up to the chosen time — residents not heard from are unknown.
Each value keeps one colour for the whole run, so a rumour's colour can be watched spreading.
No pygame here.
"""

from __future__ import annotations

from game import Said, brief_tells, clock
from memory import believers_at, claim_change_times, claim_values

from .theme import VALUE_HUES

# How sure someone sounded, as a strength for drawing (play has no numbers to show).
SOUNDED = {"certain": 90, "fairly sure": 70, "thinks so": 50, "unsure": 30, "torn": 45,
           "hazy": 35, "vague": 35}


def brief_said(sim, claim: str | None = None) -> list[Said]:
    """The brief's word of what a resident says (`brief_tells` with `by`), as said to the
    player when the story starts."""
    start = clock.parse_when(sim.sc.scenario.start)
    return [Said(teller=t.by, claim=t.claim, value=t.value, at=start, kind="hearsay",
                 basis=None, origin=None, event=None, to="player", asked=False, sure="",
                 turn="brief")
            for t in brief_tells(sim) if t.by and (claim is None or t.claim == claim)]


class ClaimView:
    def __init__(self, session, subject: str, attribute: str):
        self.session = session
        self.subject, self.attribute = subject, attribute
        self.time: int | None = None  # None: now
        self._key = None
        self._beliefs: dict[str, tuple[str, int, str]] = {}
        self._colours: dict[str, tuple] = {}
        self._times: tuple = (None, [])

    @property
    def claim(self) -> str:
        return f"{self.subject}.{self.attribute}"

    @property
    def live(self) -> bool:
        return self.time is None

    @property
    def at(self) -> int:
        return self.session.now if self.time is None else self.time

    @property
    def play(self) -> bool:
        return not self.session.full_minds

    def _heard(self) -> list:
        """What the player heard said of the claim: their brief's word of who says what
        first (the case board had "Your brief: Ana says…", the claim view "unknown" of Ana;
        a playtest), then what each said in their hearing."""
        return brief_said(self.session.sim, self.claim) + \
            [s for s in self.session.known().said if s.claim == self.claim]

    def times(self) -> list[int]:
        """Every minute someone's belief about the claim changed — in play, every minute
        someone told the player about it (cached per tick)."""
        key = (self.session.stamp, self.play)
        if self._times[0] != key:
            times = sorted({s.at for s in self._heard()}) if self.play else \
                claim_change_times(self.session.sim.store, self.subject, self.attribute)
            self._times = (key, times)
        return self._times[1]

    def start(self) -> int:
        """The earliest minute worth stepping back to: the first belief, or the start."""
        begin = clock.align(clock.parse_when(self.session.sim.sc.scenario.start))
        return min([begin] + self.times()[:1])

    def beliefs(self) -> dict[str, tuple[str, int, str]]:
        """{resident: (value, confidence, state)} at the chosen time."""
        key = (self.session.stamp, self.time, self.play)
        if key != self._key:
            sim = self.session.sim
            if self.play:
                upto = self.session.now if self.time is None else self.time
                self._beliefs = {}
                for s in self._heard():
                    if s.at <= upto:
                        self._beliefs[s.teller] = (s.value, SOUNDED.get(s.sure, 60),
                                                   "doubtful" if s.sure == "torn" else
                                                   "influencing")
            elif self.time is None:
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
            values = list(dict.fromkeys(s.value for s in self._heard())) if self.play else \
                claim_values(self.session.sim.store, self.subject, self.attribute)
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
