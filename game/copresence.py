"""Who was there (issue 10): co-presence is perceived, not looked up.

Each hour, residents awake in one place take in who else is there — as witnessed evidence of a
claim per person and hour, `fen.at_d1_0800 = cafe` ("Fen was at the café on day 1 in the hour
from eight"), and first-hand evidence of where they were themselves. Each person gets one
chance an hour to be noticed: most of the time at full attention, less when tired or busy
(§11), and in a crowd no one takes in more than the town's crowd limit. The evidence points at
the world's presence record of the one seen (`p<row id>`), never at a log event.

These are memories like any other (§7): they fade, go dormant and are forgotten — a hundred of
them an hour would drown everything else, so they are a cue-recalled family (`at_*`): seeing
someone again does not call up every hour one saw them; a question naming the hour does
(`store.cue`). They matter little (importance 0: nobody brings them up unasked), they cost no
attention, and they change nothing in the world.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from memory import Observed, SourceKind, seeded_draws

from . import clock
from .town import CROWD_SEEN

if TYPE_CHECKING:
    from .town import Town

FAMILY = "at_*"
PREFIX = "at_d"
TOPIC = "whereabouts"
NOTICE = {"full": 0.95, "reduced": 0.8, "skip": 0.6}  # chance to take in each other person
_WITNESSED, _FIRSTHAND = SourceKind.WITNESSED, SourceKind.FIRSTHAND
# The town's own ids (residents, places, the hour's claim: validated when the scenario was
# read), so each sighting is made without the checks `Observed` runs on what it is given.
_observed = Observed.known


def slot(minute: int) -> str:
    """The claim attribute of the hour `minute` falls in: 'at_d1_0800'."""
    hour = clock.time_of_day(minute) // clock.HOUR
    return f"{PREFIX}{clock.day_of(minute)}_{hour:02d}00"


def moved_slot(minute: int) -> str:
    """The claim of where one moved to within an hour, at the minute they did: 'at_d1_0920'
    (one's own place only; the hour's claim holds the first place of the hour)."""
    t = clock.time_of_day(minute)
    return f"{PREFIX}{clock.day_of(minute)}_{t // clock.HOUR:02d}{t % clock.HOUR:02d}"


def moved_slots(hour_slot: str) -> list[str]:
    """The claims of moves within the hour `hour_slot` could have: a tick apart."""
    return [hour_slot[:-2] + f"{m:02d}" for m in range(clock.TICK, clock.HOUR, clock.TICK)]


def slot_minute(attribute: str) -> int | None:
    """The sim minute an hour's claim ('at_d1_0800') starts at, or None."""
    if not attribute.startswith(PREFIX):
        return None
    try:
        day, hhmm = attribute[len(PREFIX):].split("_")
        return (int(day) - 1) * clock.DAY + int(hhmm[:2]) * clock.HOUR + int(hhmm[2:])
    except ValueError:
        return None


def when_words(attribute: str, told: Iterable[int] = ()) -> str:
    """When a whereabouts claim is about, in words that claim no more than is known. The claim
    covers an hour, so on its own it is 'between 07:00 and 08:00 on day 1'; the minutes the
    listener was asked or told about, when known, are what they were told: 'at 07:30 on day
    1', 'at 08:00 and 08:30 on day 1'."""
    minutes = sorted(set(told))
    if minutes:
        times = [clock.fmt_clock(m) for m in minutes]
        said = times[0] if len(times) == 1 else ", ".join(times[:-1]) + " and " + times[-1]
        return f"at {said} on day {clock.day_of(minutes[0])}"
    start = slot_minute(attribute)
    if start is None:
        return ""
    end = (start // clock.HOUR + 1) * clock.HOUR  # a move's claim, from its minute
    return (f"between {clock.fmt_clock(start)} and {clock.fmt_clock(end)} on "
            f"day {clock.day_of(start)}")


def clock_words(attribute: str, told: Iterable[int] = ()) -> str:
    """The same, short, for a table cell or a label: '07:30', '08:00, 08:30', '07:00–08:00'
    (no day)."""
    minutes = sorted(set(told))
    if minutes:
        return ", ".join(clock.fmt_clock(m) for m in minutes)
    start = slot_minute(attribute)
    if start is None:
        return ""
    return f"{clock.fmt_clock(start)}–{clock.fmt_clock((start // clock.HOUR + 1) * clock.HOUR)}"


def define(sim: Town) -> None:
    """Tell memory how these claims behave: events (where someone was then does not change),
    on the whereabouts trust topic, of no importance to gossip, recalled by a cue."""
    sim.store.define_attribute(FAMILY, nature="event", topic=TOPIC, importance=0,
                               recall="cue")


def take_in(sim: Town, by_place: dict[str, list[str]]) -> None:
    """This tick: everyone awake takes in whoever they have not yet taken in this hour."""
    for _ in taking_in(sim, by_place):
        pass


def taking_in(sim: Town, by_place: dict[str, list[str]]) -> Iterator[None]:
    """`take_in`, pausing after each place (a window spreads a tick over frames)."""
    evs: list[Observed] = []
    at = sim.now
    s = slot(at)
    presence = sim.world.presence_id
    # A place nobody came to since the last tick, in the same hour, has nothing new to take
    # in: everyone there had their chance at everyone there then (and nobody moved in from
    # elsewhere, so no move within the hour either). Most places, most ticks.
    before, sim.taken_in = sim.taken_in, {}
    for place in sorted(by_place):
        here = by_place[place]
        last = before.get(place)
        if last is None or last[0] != s or not last[1].issuperset(here):
            for rid in here:
                if sim.people[rid].is_player:
                    continue
                st = sim.state[rid]
                evs += _notice(sim, rid, here, place, at, st, st.depth, presence, s)
        sim.taken_in[place] = (s, frozenset(here))
        yield
    # Ambient perception: written as memory with the tick's evidence, but not news that
    # spends attention (§11).
    sim.ambient.extend(evs)


def backstory(sim: Town, start: int, end: int) -> None:
    """Who saw whom before the run began (from the day's schedules, as the presence record
    has it), so "who was at the café at eight?" has witnesses when the story starts later."""
    evs: list[Observed] = []
    for t in range(start, end, clock.TICK):
        by: dict[str, list[str]] = {}
        for rid in sim.in_order:
            person = sim.people[rid]
            if person.is_player:
                continue
            status, place = person.status_at(t)
            if status == "awake":
                by.setdefault(place, []).append(rid)
        for place in sorted(by):
            for rid in by[place]:
                evs += _notice(sim, rid, by[place], place, t, sim.state[rid], "full",
                               lambda x, t=t: sim.world.presence_id(x, t), slot(t))
    if evs:
        sim.store.perceive_many(evs)


def _notice(sim: Town, rid: str, here: list[str], place: str, at: int, st, depth: str,
            presence, s: str) -> list[Observed]:
    if st.sighted_slot != s:
        st.sighted_slot, st.sighted, st.noticed, st.sighted_place = s, [], 0, ""
    seen = st.sighted
    out: list[Observed] = []
    had = set(seen)
    if rid in had and st.sighted_place and st.sighted_place != place:
        # Moved within the hour: where they are now, at this minute. The hour's claim keeps
        # the first place; without this Ada, back in her café at 09:20, said at 09:50 she
        # was at the bakery she had looked into at 09:10 (a playtest).
        pid = presence(rid)
        out.append(_observed(rid, rid, moved_slot(at), place, _FIRSTHAND, at,
                             f"p{pid}" if pid else "presence", 0))
    if rid in here:
        st.sighted_place = place
    fresh = [x for x in here if x not in had]
    if not fresh:
        return out
    # One draw per pair and hour: whom one happens to take in first in a crowd is chance, not
    # alphabetical order, and so is whether one takes them in at all.
    chance = NOTICE.get(depth, 1.0)
    draw = seeded_draws(sim.seed, "notice", rid)
    drawn = sorted((draw(x, s), x) for x in fresh)
    for u, x in drawn:
        seen.append(x)
        if x == rid:
            kind = _FIRSTHAND
        elif st.noticed >= CROWD_SEEN or u >= chance:
            continue
        else:
            kind = _WITNESSED
            st.noticed += 1
        pid = presence(x)
        # Made by the thousand: a plain record, not a pydantic model (memory.observed).
        out.append(_observed(rid, x, s, place, kind, at,
                             f"p{pid}" if pid else "presence", 0))
    return out
