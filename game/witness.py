"""Answers from memory (issue 10): where was I then, whom did I see — and recall that can go
wrong.

Asked about an hour, a resident does not look it up in the world: the question is a cue
naming that hour (`store.cue`), which brings back what they took in then (game.copresence) —
vividly, faintly, or not at all once forgotten. A weak memory may come back wrong as it is
recalled (memory.misremember): another place, another person in the place of the one seen, or
someone filled in who was not there. What they say is what they now remember, in words that
say how well (sure / think / hazy); a liar's alibi is what they say instead (game.lies).

`recalled()` is the same for any single memory recalled to be told or asked about: a weak one
may drift before it is said.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from memory import Belief

from . import clock, copresence
from .copresence import slot_minute
from .people import AWAKE

if TYPE_CHECKING:
    from .town import Town

SURE, THINK, HAZY = "sure", "think", "hazy"
VIVID = 0.5  # accessibility above which a memory comes back clearly


@dataclass
class Seen:
    who: str
    memory: str  # sure / think / hazy
    misremembered: bool = False  # debug: the memory is not what was taken in


@dataclass
class Hour:
    """What a resident remembers of one hour: where they were, and whom they saw there."""

    at: int
    slot: str
    status: str = AWAKE  # awake, asleep or away (asleep/away: by their own routine)
    place: str | None = None  # None: they cannot remember where they were
    memory: str = SURE  # how well they remember where they were
    seen: list[Seen] = field(default_factory=list)
    misremembered: list[str] = field(default_factory=list)  # debug: kinds that happened
    alibi: bool = False  # debug: they said somewhere else than they remember (a lie)
    own_slot: str | None = None  # the claim their place comes from, when a move in the hour


def recall_hour(sim: Town, rid: str, at: int) -> Hour:
    """`rid` is asked where they were at minute `at` and whom they saw: from their memory."""
    s = copresence.slot(at)
    out = Hour(at=at, slot=s)
    person = sim.people[rid]
    back = sim.store.cue(rid, sim.now, attribute=s)  # the question names the hour
    before = {r.claim[0]: r.accessibility for r in back}
    for r in back:
        subject = r.claim[0]
        if r.belief is None or r.belief.state.value == "past":
            continue
        got = sim.store.misremember(
            rid, subject, s, sim.now, accessibility=r.accessibility, trait=person.memory,
            similar=lambda subject=subject, v=r.belief.value: similar_values(
                sim, rid, subject, s, v),
            stand_ins=(lambda v=r.belief.value, subject=subject: stand_ins(sim, rid, subject,
                                                                           s, v))
            if subject != rid else ())
        if got is not None:
            out.misremembered.append(got.kind)
            sim.count("misremembered")
            if got.stand_in:
                before[got.stand_in] = r.accessibility
    held = {b.subject: b for b in sim.store.beliefs(rid, attribute=s)
            if b.state.value != "past" and b.subject in before}
    # Where they moved to within the hour, each at its minute (game.copresence): the
    # question names the hour, and these are of it.
    moves: list[tuple[Belief, float]] = []
    for sub in copresence.moved_slots(s):
        for r in sim.store.cue(rid, sim.now, attribute=sub):
            b = r.belief
            if b is not None and r.claim[0] == rid and b.state.value != "past":
                moves.append((b, r.accessibility))
    if not held:
        status, _ = person.status_at(at)  # their own routine: asleep at home, or away
        if status != AWAKE:
            out.status = status
        return out
    # Where they were at that minute: one claim holds the first place of the hour they were
    # in, but each face they took in is a place and a time too — the latest of these at or
    # before the minute asked about says where they were then (they saw Ada at the café at
    # half past, so at twenty to eight they were at the café).
    # Faces taken in at the same moment outvote each other (and their own place, if it
    # disagrees): the place most of them say.
    times = sorted({b.since for b in held.values()} | {b.since for b, _ in moves})
    t = max((x for x in times if x <= at), default=times[0])
    moved = next((m for m in moves if m[0].since == t), None)
    here = [b for b in held.values() if b.since == t]
    if moved is not None:  # they moved then: where to is their own first-hand memory
        where, anchor = moved[0].value, moved[0]
        out.own_slot = moved[0].attribute
    else:
        votes = {v: sum(b.value == v for b in here) for v in {b.value for b in here}}
        where = max(sorted(votes), key=lambda v: (votes[v], any(
            b.subject == rid and b.value == v for b in here)))
        anchor = next(b for b in sorted(here, key=lambda b: (b.subject != rid, b.subject))
                      if b.value == where)
    out.place = where
    own = held.pop(rid, None)
    if moved is not None:
        out.memory = _how(moved[1], moved[0].confidence)
    elif own is not None and own.value == where:
        out.memory = _how(before[rid], own.confidence)
    else:  # only the faces say where they were
        out.memory = HAZY if own is None else _how(before[anchor.subject], anchor.confidence)
    # Whom they saw there by then: a face first taken in later in the hour was not there at
    # the minute asked about ("At 09:00 I was at the café. I saw you there." of a player
    # who came at 09:20; a playtest).
    by = max(at, t)
    for x, b in sorted(held.items(), key=lambda kv: (-before[kv[0]], kv[0])):
        if b.value == where and b.since <= by:
            out.seen.append(Seen(x, _how(before[x], b.confidence), b.misremembered))
    return out


def _how(accessibility: float, confidence: int) -> str:
    if accessibility >= VIVID:
        return SURE if confidence >= 70 else THINK
    return THINK if accessibility >= 2 ** -3 else HAZY


def recalled(sim: Town, rid: str, b: Belief) -> Belief:
    """`rid` recalls `b` to tell it or to answer about it: a weak memory may come back wrong
    (a place drifts to a similar one); the belief as now remembered."""
    person = sim.people.get(rid)
    if person is None or person.is_player:
        return b
    got = sim.store.misremember(
        rid, b.subject, b.attribute, sim.now, accessibility=b.accessibility(sim.now),
        trait=person.memory,
        similar=lambda: similar_values(sim, rid, b.subject, b.attribute, b.value))
    if got is None:
        return b
    sim.count("misremembered")
    return sim.store.belief(rid, b.subject, b.attribute, history=True) or b


# -- what a memory can drift to -----------------------------------------------------------------


def similar_values(sim: Town, rid: str, subject: str, attribute: str,
                   value: str) -> list[str]:
    """Values a memory of `value` could drift to: another spot of the same place; for a place,
    where the resident has seen the subject at other times, else the nearest public places."""
    place, _, spot = value.partition(".")
    info = sim.places.get(place)
    if info is None:
        return []
    if spot:
        return [f"{place}.{x}" for x in info["spots"] if x != spot]
    habits = sorted({b.value for b in _sightings(sim, rid, subject=subject)
                     if b.value != value and b.value in sim.places})
    if habits:
        return habits
    public = [p for p, i in sim.places.items() if p != place and i["kind"] not in ("home",
                                                                                   "away")]
    public.sort(key=lambda p: (math.dist((info["x"], info["y"]), (sim.places[p]["x"],
                                                                  sim.places[p]["y"])), p))
    return public[:2]


def stand_ins(sim: Town, rid: str, subject: str, attribute: str, value: str) -> list[str]:
    """People who could take the subject's place in a memory of an hour at `value`: those the
    resident has seen there at other hours (the regulars), else anyone seen near that hour."""
    seen_there = sorted({b.subject for b in _sightings(sim, rid, value=value)
                         if b.attribute != attribute} - {subject, rid})
    people = [x for x in seen_there if x in sim.people and not sim.people[x].is_player]
    if people:
        return people
    near = _near_slots(attribute)
    return sorted({b.subject for b in _sightings(sim, rid) if b.attribute in near
                   and b.subject in sim.people and not sim.people[b.subject].is_player}
                  - {subject, rid})


def _sightings(sim: Town, rid: str, *, subject: str | None = None,
               value: str | None = None) -> list[Belief]:
    return [b for b in sim.store.beliefs(rid, subject=subject, about_others=False)
            if b.attribute.startswith(copresence.PREFIX) and (value is None or
                                                              b.value == value)]


def _near_slots(attribute: str) -> set[str]:
    at = slot_minute(attribute)
    if at is None:
        return set()
    return {copresence.slot(at + d * clock.HOUR) for d in (-2, -1, 1, 2) if at + d * clock.HOUR
            >= 0}
