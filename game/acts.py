"""Things that happen: scheduled events and residents' actions, as world events (§13).

Each writes one world-log entry (with its fact changes) and queues the evidence that those who
took part and those who saw it get. An action's class (reversible, verifiable, irreversible)
is in `support.ACTION_CLASS`; the bar is checked before an action is chosen (`decide`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from memory import Belief, Evidence

from . import clock, lies, perception, relay, talk, witness
from .perception import split
from .world import Event

if TYPE_CHECKING:
    from .scenario.model import ScheduledEvent
    from .town import Town

ACCUSED_HURT = -0.5  # how the accused comes to feel about the accuser
ACCUSER_COOLS = -0.3


# -- scheduled events ---------------------------------------------------------------------------


def scheduled(sim: Town, ev: ScheduledEvent) -> None:
    if ev.when and not sim.condition(ev.when):
        return
    if ev.kind == "edit":  # an author's hand in a memory: nothing happens in the world
        from . import edits

        edits.scripted(sim, ev)
        return
    place = ev.place or sim.state[ev.actor].place
    present = sim.present(place)
    participants = [x for x in (ev.actor, ev.target) if x]
    witnesses = sim.onlookers(place, participants)
    effects = [(*split(s.claim), s.value) for s in ev.effects]
    name = sim.name
    k = ev.kind
    if k in ("move_object", "take_object"):
        to = ev.to if k == "move_object" else ev.actor
        obj = ev.object
        changes = [(obj, "location", to)] + effects
        summary = ev.text or (f"{name(ev.actor)} moved {sim.objects[obj]['name']} to "
                              f"{sim.where(to)}" if k == "move_object" else
                              f"{name(ev.actor)} took {sim.objects[obj]['name']}")
        eid = _record(sim, ev, place, summary, changes, participants, witnesses)
        learned = [(f"{obj}.location", to)] + [(s.claim, s.value) for s in ev.reveals + ev.effects]
        perception.seen(sim, eid, learned, participants, "firsthand")
        perception.seen(sim, eid, _seen_as(ev) or learned, witnesses, "witnessed")
    elif k == "say" and ev.by == "letter":
        relay.send_letter(sim, ev, place)
    elif k in ("say", "announce"):
        if k == "say" and ev.target:
            # Spoken words reach only someone there to hear them (a letter goes anywhere).
            hearers = [ev.target] if ev.target in present else []
        else:
            hearers = [x for x in present if x != ev.actor]
        for s in ev.says:
            subject, attribute = split(s.claim)
            # What the actor says, with the basis the scenario gives it (saw/heard/reckon),
            # and, for what they heard, where it came from (see game.relay).
            kind = {"saw": "firsthand", "heard": "implanted", "reckon": "inferred"}[ev.basis]
            b = Belief(resident=ev.actor, subject=subject, attribute=attribute, value=s.value,
                       confidence=78, state="influencing", kind=kind, source="first-hand")
            if hearers:
                talk.tell(sim, ev.actor, hearers[0], b, place, present,
                          extra_listeners=hearers[1:], kind=k,
                          given=relay.provenance(sim, ev, s))
        if effects:
            _record(sim, ev, place, ev.text or f"{name(ev.actor)} spoke", effects,
                    participants, witnesses)
    elif k == "post_notice":
        doc = sim.documents[ev.document]
        version = sim.world.version(ev.document, "version") + 1
        doc["says"] = [(s.claim, s.value) for s in ev.says]
        sim.save_document(ev.document)
        changes = [(ev.document, "version", str(version))] + effects
        # ...with what it says ("A new notice went up: the notice at the well" said nothing
        # of the new date: a playtest; those who see it go up read it).
        said = " and ".join(sim.say_claim(c, v) for c, v in doc["says"])
        summary = ev.text or f"a new notice went up: {doc['name']}" + (
            f" says {said}" if said else "")
        eid = _record(sim, ev, place or doc["place"], summary, changes, participants,
                      witnesses)
        # Whoever posts a notice knows what it says first-hand; the rest read it.
        perception.seen(sim, eid, doc["says"], participants, "firsthand")
        for who in witnesses:
            perception.read(sim, who, ev.document, eid)
    else:  # happen
        summary = ev.text or f"{ev.id.replace('_', ' ')}"
        eid = _record(sim, ev, place, summary, effects, participants, witnesses)
        learned = [(s.claim, s.value) for s in ev.reveals + ev.effects]
        perception.seen(sim, eid, learned, participants, "firsthand")
        perception.seen(sim, eid, _seen_as(ev) or learned, witnesses, "witnessed")


def backstory(sim: Town, ev: ScheduledEvent) -> int:
    """Write an event from before the start into the log, with its fact changes only."""
    effects = [(*split(s.claim), s.value) for s in ev.effects]
    if ev.kind == "move_object":
        effects.insert(0, (ev.object, "location", ev.to))
    elif ev.kind == "take_object":
        effects.insert(0, (ev.object, "location", ev.actor))
    eid, _ = sim.world.record(Event(
        kind=ev.kind, at=clock.parse_when(ev.at), summary=ev.text or ev.id.replace("_", " "),
        actor=ev.actor, target=ev.target, place=ev.place, data={"id": ev.id, "backstory": True},
        participants=[x for x in (ev.actor, ev.target) if x], changes=effects))
    return eid


def _seen_as(ev: ScheduledEvent) -> list[tuple[str, str]]:
    return [(s.claim, s.value) for s in ev.seen_as]


def _record(sim: Town, ev: ScheduledEvent, place: str, summary: str, changes: list,
            participants: list[str], witnesses: list[str]) -> int:
    eid, _ = sim.record(Event(
        kind=ev.kind, at=sim.now, summary=summary, actor=ev.actor, target=ev.target,
        place=place, data={"id": ev.id}, participants=participants, witnesses=witnesses,
        changes=changes))
    return eid


# -- residents' actions -------------------------------------------------------------------------


def ask(sim: Town, asker: str, target: str, claim: str, place: str, *,
        kind: str = "talk") -> bool:
    """`asker` asks `target` about a claim; the answer comes from target's belief (or lie).
    Returns whether there was an answer."""
    subject, attribute = split(claim)
    b = sim.store.belief(target, subject, attribute, history=False)
    present = sim.present(place)
    if lies.stance(sim, target, claim, asker) == lies.QUIET:
        sim.record(Event(kind="ask", at=sim.now, actor=asker, target=target, place=place,
                         claim=claim, summary=f"{sim.name(asker)} asked {sim.name(target)} "
                         f"about {sim.say_claim(claim)}; {sim.name(target)} would not say",
                         data={"answer": None, "quiet": True}, participants=[asker, target]))
        return False
    mstate = talk.memory_state(sim, b) if b is not None else None
    if mstate in talk.EXPRESSED:
        sim.count("memory_state_expressed")
    talk.come_to_mind(sim, target, claim.replace(".", " "))  # being asked is a cue
    if b is not None and mstate == "gone":
        sim.record(Event(kind="ask", at=sim.now, actor=asker, target=target, place=place,
                         claim=claim, summary=f"{sim.name(asker)} asked {sim.name(target)} "
                         f"about {sim.say_claim(claim)}; {sim.name(target)} could not "
                         "remember", data={"answer": None, "memory": "gone"},
                         participants=[asker, target]))
        return False
    if b is not None:
        b = witness.recalled(sim, target, b)  # a weak memory may come back wrong
        b = sim.store.belief(target, subject, attribute, history=False)  # re-evoked
    if b is None or b.state.value == "past":
        sim.record(Event(kind="ask", at=sim.now, actor=asker, target=target, place=place,
                         claim=claim, summary=f"{sim.name(asker)} asked {sim.name(target)} "
                         f"about {sim.say_claim(claim)}; {sim.name(target)} did not know",
                         data={"answer": None}, participants=[asker, target],
                         witnesses=sim.onlookers(place, (asker, target))))
        return False
    talk.tell(sim, target, asker, b, place, present, asked_by=asker, kind=kind)
    return True


def look(sim: Town, who: str, place: str, spot: str | None = None,
         looking_for: str | None = None, reading: Sequence[str] = ()) -> list[str]:
    """Look at a place (or one spot of it): first-hand evidence of every object there.
    Returns the objects seen. `reading`: the names of what hangs there that they read as they
    look (a notice board), for the event's words — "looked around Town Square and found
    nothing" was logged of a player who had read the board (a window playtest)."""
    loc = f"{place}.{spot}" if spot else place
    found = []
    hidden = {f"{place}.{h}" for h in sim.places[place]["hidden"]} if place in sim.places \
        else set()
    for oid in sorted(sim.objects):
        where = sim.world.fact(oid, "location") or ""
        if where == loc or (spot is None and where.split(".")[0] == place
                            and where not in hidden):
            found.append((oid, where))
    learned = [(f"{oid}.location", where) for oid, where in found]
    missing = looking_for and looking_for not in [o for o, _ in found]
    if missing:
        learned.append((f"{looking_for}.location", "missing"))
    names = ", ".join(sim.objects[o]["name"] for o, _ in found)
    read = f"read {', '.join(reading)}" if reading else ""
    summary = (f"{sim.name(who)} looked {'at the ' + spot + ' in' if spot else 'around'} "
               f"{sim.place_name(place)} and " + (
                   f"found {names}" + (f", and {read}" if read else "") if names else
                   read or "found nothing"))
    eid, _ = sim.record(Event(kind="look", at=sim.now, actor=who, place=place, summary=summary,
                              data={"spot": spot, "found": [o for o, _ in found]},
                              participants=[who],
                              witnesses=sim.onlookers(place, (who,))))
    perception.seen(sim, eid, learned, [who], "firsthand")
    for oid, _ in found:
        what_it_shows(sim, eid, oid, who)
    return [o for o, _ in found]


def what_it_shows(sim: Town, event_id: int, oid: str, who: str) -> None:
    """Whoever finds a thing sees what it shows — the key folded in Dee's cloth, the names on
    a rota — as they would if someone showed it to them: witnessed, or read for a thing with
    writing on it. Found for oneself, it is nobody's say-so."""
    o = sim.objects[oid]
    for claim, value in o.get("shows", []):
        subject, attribute = split(claim)
        if o.get("readable"):
            sim.queue(Evidence(resident=who, subject=subject, attribute=attribute, value=value,
                               kind="document", document=oid, at=sim.now))
        else:
            perception.seen(sim, event_id, [(claim, value)], [who], "witnessed")


def clue_seen(sim: Town, event_ref: str | None, claim: str | None, value: str) -> str | None:
    """The thing (its id) whose sight was this evidence ("Ada's key", folded in Dee's
    cloth): one shown to the resident, or found where they looked, that shows claim = value.
    None when the evidence was an event seen happening. A clue is seen for oneself, but what
    it shows is not a deed watched: words about it name the thing, not 'I was there'. With no
    claim given, any claim it shows with that value."""
    got = sim.world.event(event_ref)
    if got is None:
        return None
    kind, data = got
    if not isinstance(data, dict):  # a loaded save's row; the words must not fail on it
        return None
    oids = [data.get("object")] if kind == "show" else data.get("found", []) \
        if kind == "look" else []
    for oid in oids if isinstance(oids, list) else []:
        o = sim.objects.get(oid) if isinstance(oid, str) else None
        if o and any(v == value and claim in (None, c) for c, v in o.get("shows", [])):
            return oid
    return None


def accuse(sim: Town, actor: str, target: str, b: Belief, place: str) -> int | None:
    """A public accusation: it really happens, hurts the relationship, is witnessed and talked
    about (epistemics §13). Only a resident can be accused: an animal or a thing cannot, and
    nothing is recorded."""
    if target not in sim.people or target == actor:
        return None
    claim = f"{b.subject}.{b.attribute}"
    present = sim.present(place)
    witnesses = sim.onlookers(place, (actor, target))
    participants = [actor] + ([target] if target in present else [])
    eid, _ = sim.record(Event(
        kind="accuse", at=sim.now, actor=actor, target=target, place=place, claim=claim,
        value=b.value, summary=f"{sim.name(actor)} accused {sim.name(target)} at "
        f"{sim.place_name(place)}: {sim.say_claim(claim, b.value)}",
        data={"believed_confidence": b.confidence, "source": b.source},
        participants=participants, witnesses=witnesses,
        changes=[(target, "accused_by", actor)]))
    origin, chain, basis = talk.provenance(sim, actor, b)
    for w in witnesses:
        perception.told(sim, eid, w, actor, claim, b.value, origin, chain, basis)
    perception.seen(sim, eid, [(f"{target}.accused_by", actor)], participants, "firsthand")
    perception.seen(sim, eid, [(f"{target}.accused_by", actor)], witnesses, "witnessed")
    w = sim.world
    w.set_affinity(target, actor, w.affinity(target, actor) + ACCUSED_HURT)
    w.set_affinity(actor, target, w.affinity(actor, target) + ACCUSER_COOLS)
    if target in present:
        # The accused answers from what they know, to everyone there.
        mine = sim.store.belief(target, b.subject, b.attribute, history=False)
        if mine is not None and mine.value != b.value and mine.state.value != "past":
            talk.tell(sim, target, actor, mine, place, present, extra_listeners=witnesses,
                      kind="reply")
    return eid


def social(sim: Town, kind: str, actor: str, target: str, place: str, delta_ab: float,
           delta_ba: float, summary: str, claim: str | None = None, value: str | None = None,
           changes: list | None = None, shows: list | None = None) -> int:
    """Avoid, break off, reconcile, report...: a relationship move others can see. `changes`
    (subject, attribute, value) it makes so; `shows`, what those there see is so as it is
    done (a reaction's `reveals`)."""
    present = sim.present(place)
    onlookers = sim.onlookers(place, (actor, target))
    eid, _ = sim.record(Event(kind=kind, at=sim.now, actor=actor, target=target, place=place,
                              claim=claim, value=value, summary=summary,
                              participants=[actor] + ([target] if target in present else []),
                              witnesses=onlookers, changes=changes or []))
    w = sim.world
    if delta_ab:
        w.set_affinity(actor, target, w.affinity(actor, target) + delta_ab)
    if delta_ba:
        w.set_affinity(target, actor, w.affinity(target, actor) + delta_ba)
    learned = [(f"{actor}.{kind}", target)] + [(f"{s}.{a}", v) for s, a, v in
                                                 [*(changes or []), *(shows or [])]]
    perception.seen(sim, eid, learned, [actor] + ([target] if target in present else []),
                    "firsthand")
    perception.seen(sim, eid, learned, onlookers, "witnessed")
    return eid
