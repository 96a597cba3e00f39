"""Memory edits in the town: the author's hand in a resident's memory, and what comes of it.

The edits themselves are memory's (`memory.edits`: implant, distort, suppress, undo — audited,
append-only). This module is the town's side: an edit names a resident and a claim the
scenario knows and happens at the town's clock; a scenario may script edits as events (an
author's "what if Ada had been told…"); and when a resident discovers one, the town hears of
it only if the scenario says residents can notice (`[scenario] noticing`): a world event
"Fen realises her memory of who moved Ada's key was not her own", seen by whoever is there —
the player, if present, reads it in the reply and in the log. The window and the command line
both come here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memory import Edit, InvalidEvidence

from .perception import split
from .player import PLAYER
from .world import Event

if TYPE_CHECKING:
    from .scenario.model import ScheduledEvent
    from .town import Game

KINDS = ("implant", "distort", "suppress")
AUTHOR = "author"  # who edits from the window's open minds or the command line
SCENARIO = "scenario"  # who edits in a scenario's scripted edit events


def edit(sim: Game, kind: str, resident: str, claim: str, *, value: str | None = None,
         confidence: int | None = None, by: str = AUTHOR) -> Edit:
    """Edit `resident`'s memory of `claim` (subject.attribute) now. Raises `InvalidEvidence`
    (naming the argument) and changes nothing if the edit cannot be made."""
    if kind not in KINDS:
        raise InvalidEvidence("kind", f"an edit is one of {', '.join(KINDS)}")
    if resident not in sim.people or resident == PLAYER:
        raise InvalidEvidence("resident", f"no resident {resident!r}")
    if claim.count(".") < 1:
        raise InvalidEvidence("claim", f"{claim!r} is not of the form subject.attribute")
    s, a = split(claim)
    store, at = sim.store, sim.now
    with sim.db.atomic():
        if kind == "implant":
            if value is None:
                raise InvalidEvidence("value", "an implant needs a value")
            return store.implant(resident, s, a, value, confidence=confidence, by=by, at=at)
        if kind == "distort":
            return store.distort(resident, s, a, value=value, confidence=confidence, by=by,
                                 at=at)
        if value is not None or confidence is not None:
            raise InvalidEvidence("value", "a suppression takes no value or confidence")
        return store.suppress(resident, s, a, by=by, at=at)


def undo(sim: Game, edit_id: int, *, by: str = AUTHOR) -> Edit:
    with sim.db.atomic():
        return sim.store.undo(edit_id, by=by, at=sim.now)


def scripted(sim: Game, ev: ScheduledEvent, at: int | None = None) -> None:
    """A scenario's edit event. One that cannot apply when its time comes (a distortion of a
    memory the resident does not hold) does nothing, and is counted."""
    s, a = split(ev.claim or "")
    store, when = sim.store, sim.now if at is None else at
    try:
        if ev.edit == "implant":
            store.implant(ev.target, s, a, ev.value, confidence=ev.confidence, by=SCENARIO,
                          at=when)
        elif ev.edit == "distort":
            store.distort(ev.target, s, a, value=ev.value, confidence=ev.confidence,
                          by=SCENARIO, at=when)
        else:
            store.suppress(ev.target, s, a, by=SCENARIO, at=when)
        sim.count("edits_scripted")
    except InvalidEvidence:
        sim.count("edits_refused")


def notice(sim: Game) -> list[str]:
    """The edits just discovered: a world event for each when the scenario lets residents
    notice. Returns the words of those the player saw, for the reply."""
    seen = []
    for ed in sim.store.take_discoveries():
        if ed.discovered_at is None or not sim.sc.scenario.noticing:
            continue
        rid = ed.resident
        st = sim.state.get(rid)
        place = st.place if st else None
        p = sim.pronoun(rid)
        text = realised(sim, ed)
        witnesses = sim.onlookers(place, (rid,)) if place else []
        sim.record(Event(kind="realise", at=sim.now, actor=rid, place=place, claim=ed.claim,
                         value=ed.value, summary=text,
                         data={"edit": ed.id, "how": ed.discovered_how, "by": ed.by,
                               "pronoun": p.subj},
                         participants=[rid], witnesses=witnesses))
        if PLAYER in witnesses:
            seen.append(text)
    return seen


def realised(sim: Game, ed: Edit) -> str:
    """'Fen realises her memory of who moved Ada's key was not her own'."""
    p = sim.pronoun(ed.resident)
    return (f"{sim.name(ed.resident)} realises {p.poss} memory of "
            f"{sim.say_claim(ed.claim)} was not {p.poss} own")
