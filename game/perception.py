"""Who gets what from an event (epistemics §1, §13): the world -> evidence projection.

Those who took part get first-hand evidence, those present and awake saw it (witnessed), and
talk reaches its listener as hearsay (or as a declaration, when the speaker talks about
themselves) and may be overheard nearby. Evidence always points back at the world event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memory import Evidence, about_attribute

if TYPE_CHECKING:
    from .town import Town


def split(claim: str) -> tuple[str, str]:
    subject, _, attribute = claim.partition(".")
    return subject, attribute


def seen(sim: Town, event_id: int, claims: list[tuple[str, str]], people: list[str],
         kind: str, importance: int | None = None) -> None:
    """Queue first-hand or witnessed evidence of `claims` for each of `people`."""
    for who in people:
        for claim, value in claims:
            subject, attribute = split(claim)
            version = sim.world.version(subject, attribute) or None
            sim.queue(Evidence.model_construct(
                resident=who, subject=subject, attribute=attribute, value=value,
                kind=_kind(kind), at=sim.now, event=f"w{event_id}",
                version=version if version and sim.world.fact(subject, attribute) == value
                else None, fact=None, document=None, teller=None, origin=None, chain=None,
                basis=None, premises=(), implanted_by=None, by_player=False, confidence=None,
                importance=importance))


def told(sim: Town, event_id: int, listener: str, speaker: str, claim: str, value: str,
         origin: str, chain: list[str], basis: str, by_player: bool = False,
         importance: int | None = None) -> None:
    """Queue what `listener` learns when `speaker` tells them claim = value."""
    subject, attribute = split(claim)
    if listener == speaker:
        return
    if value == listener and sim.is_actor_attribute(attribute):
        # Told that they did something they know they did not: they do not take it on, but
        # they do learn that the speaker says so.
        sim.queue(Evidence(resident=listener, subject=speaker,
                           attribute=about_attribute(subject, attribute), value=value,
                           kind="declared", teller=speaker, at=sim.now, event=f"w{event_id}"))
        return
    if subject == speaker or value == speaker:
        ev = dict(kind="declared", teller=speaker)
    else:
        if chain[0] != origin:
            chain = [origin] + chain
        if chain[-1] != speaker:
            chain = chain + [speaker]
        ev = dict(kind="hearsay", teller=speaker, origin=origin, chain=tuple(_dedupe(chain)),
                  basis=basis)
    sim.queue(Evidence(resident=listener, subject=subject, attribute=attribute, value=value,
                       at=sim.now, event=f"w{event_id}", by_player=by_player,
                       importance=importance, **ev))


def read(sim: Town, who: str, doc_id: str, event_id: int | None = None) -> None:
    """Queue document evidence for everything the document currently says."""
    doc = sim.documents[doc_id]
    version = sim.world.version(doc_id, "version") or 1
    for claim, value in doc["says"]:
        subject, attribute = split(claim)
        sim.queue(Evidence(resident=who, subject=subject, attribute=attribute, value=value,
                           kind="document", document=doc_id, version=version,
                           fact=f"{doc_id}.version", at=sim.now))
    sim.state[who].read[doc_id] = version


def _kind(kind: str):
    from memory import SourceKind

    return SourceKind(kind)


def _dedupe(chain: list[str]) -> list[str]:
    out: list[str] = []
    for x in chain:
        if not out or out[-1] != x:
            out.append(x)
    return out
