"""Who gets what from an event (epistemics §1, §13): the world -> evidence projection.

Those who took part get first-hand evidence, those present and awake saw it (witnessed), and
talk reaches its listener as hearsay (or as a declaration, when the speaker talks about
themselves) and may be overheard nearby. Evidence always points back at the world event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memory import Basis, Evidence, SourceKind, about_attribute

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
            sim.queue(Evidence.made(
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
    event = f"w{event_id}"
    if (value == listener and sim.is_actor_attribute(attribute)) or knows_otherwise(
            sim, listener, subject, attribute, value):
        # Told that they did something they know they did not, or something of themselves
        # they saw otherwise (their own reason, their own body): they do not take it on, but
        # they do learn that the speaker says so.
        sim.queue(_made(listener, speaker, about_attribute(subject, attribute), value,
                        _DECLARED, sim.now, event, speaker, speaker, None, None, False, None))
        return
    if subject == speaker or value == speaker:
        sim.queue(_made(listener, subject, attribute, value, _DECLARED, sim.now, event,
                        speaker, speaker, None, None, by_player, importance))
        return
    if chain[0] != origin:
        chain = [origin] + chain
    if chain[-1] != speaker:
        chain = chain + [speaker]
    sim.queue(_made(listener, subject, attribute, value, _HEARSAY, sim.now, event, speaker,
                    origin, tuple(_dedupe(chain)), Basis(basis), by_player, importance))


def knows_otherwise(sim: Town, listener: str, subject: str, attribute: str,
                    value: str) -> bool:
    """Is this about the listener themselves, who holds another value of it from their own
    eyes — or a deed they saw themselves do? Then a teller's word (or a page's) does not put
    it in doubt: Ben came to doubt why he himself had stayed away on one stranger's word, and
    Mira whether she herself is allergic on a ledger's copy (two playtests). What others say
    of a person is evidence about the world; about what that person saw of themselves, it is
    only what the teller says."""
    # Nor what they did themselves: Fin, who moved the hammer, came to doubt it on a rumour
    # that someone else had (a playtest).
    if subject != listener and not sim.is_actor_attribute(attribute):
        return False
    held = sim.store.belief(listener, subject, attribute, history=False)
    if held is None or held.value == value or held.teller is not None or \
            held.kind not in _OWN_EYES:
        return False
    return subject == listener or held.value == listener


_OWN_EYES = ("firsthand", "witnessed")


# Evidence made by the thousand a day from words a resident spoke: valid by construction — a
# hearsay names its teller and origin and its chain runs from the origin to the teller, a
# declaration is the speaker's about themselves, nobody tells themselves — so built without
# pydantic's validation (`Evidence(...)` checked these, and cost a conversation's recall).
_HEARSAY, _DECLARED = SourceKind.HEARSAY, SourceKind.DECLARED


def _made(resident: str, subject: str, attribute: str, value: str, kind: SourceKind, at: int,
          event: str, teller: str, origin: str, chain: tuple[str, ...] | None,
          basis: Basis | None, by_player: bool, importance: int | None) -> Evidence:
    return Evidence.made(
        resident=resident, subject=subject, attribute=attribute, value=value, kind=kind, at=at,
        event=event, document=None, version=None, fact=None, teller=teller, origin=origin,
        chain=chain, basis=basis, premises=(), implanted_by=None, by_player=by_player,
        confidence=None, importance=importance)


def read(sim: Town, who: str, doc_id: str, event_id: int | None = None) -> None:
    """Queue document evidence for everything the document currently says."""
    doc = sim.documents[doc_id]
    version = sim.world.version(doc_id, "version") or 1
    for claim, value in doc["says"]:
        subject, attribute = split(claim)
        if knows_otherwise(sim, who, subject, attribute, value):
            # Read of themselves, against what they saw of themselves: as told so, it puts
            # nothing in doubt (Mira, reading the new ledger in the shop, came to doubt her
            # own allergy: a playtest).
            continue
        sim.queue(Evidence(resident=who, subject=subject, attribute=attribute, value=value,
                           kind="document", document=doc_id, version=version,
                           fact=f"{doc_id}.version", at=sim.now))
    sim.state[who].read[doc_id] = version


def _kind(kind: str):
    return SourceKind(kind)


def _dedupe(chain: list[str]) -> list[str]:
    out: list[str] = []
    for x in chain:
        if not out or out[-1] != x:
            out.append(x)
    return out
