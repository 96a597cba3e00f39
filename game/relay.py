"""Scripted words passed on: where a relay says it came from, and letters (issue 10).

A scenario's `say` and `announce` events put words in a resident's mouth. When the speaker says
they *heard* it, the listener must still learn who first said it — an origin survives any
number of retellings (epistemics §5.2), so two scripted relays of one rumour are one origin:

- the event may name `origin` (who first said it) and `heard_from` (whom the speaker had it
  from);
- a relay that names neither takes the speaker's own belief's origin — not the speaker, who
  says they only heard it; if the speaker holds no such belief, the origin is unknown
  ("someone").

A `say` with `by = "letter"` is not spoken: the target reads it wherever they are, as document
evidence (a letter is a document, epistemics §3), and learns that the writer says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memory import Evidence, about_attribute

from .perception import knows_otherwise, split
from .world import Event

if TYPE_CHECKING:
    from .scenario.model import ScheduledEvent, Statement
    from .town import Town

UNKNOWN = "someone"  # the origin of words whose source nobody can name


def provenance(sim: Town, ev: ScheduledEvent, stmt: Statement) -> tuple[str, list[str],
                                                                             str]:
    """(origin, chain of tellers ending with the speaker, basis) the speaker gives."""
    speaker = ev.actor
    if ev.basis != "heard":
        return speaker, [speaker], ev.basis
    if ev.origin:
        chain = [ev.origin] + ([ev.heard_from] if ev.heard_from and ev.heard_from != ev.origin
                               else [])
        return ev.origin, chain + [speaker], "heard"
    subject, attribute = split(stmt.claim)
    own = _own_origin(sim, speaker, subject, attribute, stmt.value, ev.heard_from)
    if own is not None:
        return own[0], own[1] + [speaker], "heard"
    if ev.heard_from:
        return ev.heard_from, [ev.heard_from, speaker], "heard"
    return UNKNOWN, [UNKNOWN, speaker], "heard"


def _own_origin(sim: Town, speaker: str, subject: str, attribute: str, value: str,
                teller: str | None) -> tuple[str, list[str]] | None:
    """The origin and chain of the speaker's own evidence for the value (from `teller`, if
    named): what they would honestly say if asked where it came from."""
    best = None
    for e in sim.store.evidence(speaker, subject, attribute):
        if e.value != value or (teller and e.teller != teller):
            continue
        if e.kind in ("hearsay", "declared"):
            best = (e.origin or e.teller, list(e.chain) if e.chain else [e.origin or e.teller])
        elif e.kind == "document":
            best = (e.document, [e.document])
        elif best is None:
            best = (speaker, [])
    if best is not None and best[1] and best[1][-1] == speaker:
        best = (best[0], best[1][:-1])
    return best


def send_letter(sim: Town, ev: ScheduledEvent, place: str) -> None:
    """The writer's letter reaches its reader wherever they are: document evidence of what it
    says (the letter is the document), and a declaration of what the writer believes."""
    writer, reader = ev.actor, ev.target
    doc = f"letter_{ev.id}"
    says = [(s.claim, s.value) for s in ev.says]
    summary = ev.text or (f"{sim.name(writer)} sent {sim.name(reader)} a letter: "
                          + "; ".join(sim.say_claim(c, v) for c, v in says))
    eid, _ = sim.record(Event(
        kind="letter", at=sim.now, summary=summary, actor=writer, target=reader, place=place,
        data={"id": ev.id, "document": doc, "says": says}, participants=[writer, reader]))
    for claim, value in says:
        subject, attribute = split(claim)
        # Of the reader themselves, or a deed they did, against what they saw: a letter puts
        # nothing in doubt, as a page read or a word said does not (`perception.read`); they
        # learn that the writer says so (a review).
        if not knows_otherwise(sim, reader, subject, attribute, value):
            sim.queue(Evidence(resident=reader, subject=subject, attribute=attribute,
                               value=value, kind="document", document=doc, version=1,
                               at=sim.now, importance=sim.importance(claim)))
        if reader != writer:
            sim.queue(Evidence(resident=reader, subject=writer,
                               attribute=about_attribute(subject, attribute), value=value,
                               kind="declared", teller=writer, event=f"w{eid}", at=sim.now))
