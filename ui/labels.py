"""Short human words for what the window shows: claims, values, sources, evidence steps.

The simulation speaks in ids (`ada_key.moved_by = cy`); tables need "Ada's key · moved by"
and "Cy". These are display words only — nothing here changes or decides anything.
"""

from __future__ import annotations

import re

from game import clock
from game.player import PLAYER

BELIEVES = "believes "
_SLOT = re.compile(r"^at_d(\d+)_(\d{2})(\d{2})$")

STATE_WORDS = {
    "influencing": "sure of it, acts on it",
    "past": "faded; no longer acts on it",
    "doubtful": "torn between two accounts",
    "anomalous": "odd: came out of nowhere",
    "corrected": "changed their mind",
}

KIND_WORDS = {
    "firsthand": "did it / was there",
    "witnessed": "saw it happen",
    "declared": "told by the person concerned",
    "document": "read it",
    "hearsay": "was told",
    "inferred": "worked it out",
    "implanted": "no evidence",
}


def name_of(sim, ident: str | None) -> str:
    """A resident's, object's, place's or document's display name; the id otherwise."""
    if not ident:
        return ""
    if ident in sim.people:
        return sim.people[ident].name
    if ident in sim.objects:
        return sim.objects[ident]["name"]
    if ident in sim.places:
        return sim.places[ident]["name"]
    docs = getattr(sim, "documents", {})
    if ident in docs:
        return docs[ident]["name"]
    return ident


def attribute_words(attribute: str) -> str:
    m = _SLOT.match(attribute)
    if m:
        return f"where, day {int(m.group(1))} {m.group(2)}:{m.group(3)}"
    return attribute.replace("_", " ")


def claim_label(sim, subject: str, attribute: str) -> str:
    """'Ada's key · moved by'; what someone believes: 'Bo thinks: Ada's key · moved by'."""
    if attribute.startswith(BELIEVES):
        inner = attribute[len(BELIEVES):]
        s, _, a = inner.partition(".")
        verb = "think" if subject == PLAYER else "thinks"
        return f"{name_of(sim, subject)} {verb}: {claim_label(sim, s, a)}"
    return f"{name_of(sim, subject)} · {attribute_words(attribute)}"


def claim_text(sim, claim: str) -> str:
    s, _, a = claim.partition(".")
    return claim_label(sim, s, a)


def value_label(sim, value: str | None) -> str:
    """'Cy', 'the drawer in Ada's Café', 'yes'."""
    if value is None:
        return "—"
    if value in sim.people or value in sim.objects:
        return name_of(sim, value)
    place, _, spot = value.partition(".")
    if place in sim.places:
        return f"{sim.places[place]['name']}, {spot}" if spot else sim.places[place]["name"]
    return value.replace("_", " ")


def provenance(sim, b) -> str:
    """Who told them and where it came from, in a few words."""
    k = b.kind
    if k == "hearsay":
        teller, origin = name_of(sim, b.teller), name_of(sim, b.origin)
        if b.origin and b.origin != b.teller:
            return f"told by {teller} · from {origin}"
        return f"told by {teller}" + (" (saw it, they say)" if b.basis == "saw" else "")
    if k == "declared":
        if b.teller == PLAYER:
            return "you said so yourself"
        return f"{name_of(sim, b.teller)} said so of themselves"
    return KIND_WORDS.get(k, k)


def step_words(sim, step) -> str:
    """One link of an evidence chain (memory.explain.Step), with names instead of ids."""
    who = name_of(sim, step.resident)
    you = step.resident == PLAYER
    was, has = ("were", "have") if you else ("was", "has")
    if not step.recorded:
        return f"{who} {has} no evidence of it — said it without knowing it"
    when = f" ({clock.fmt(step.at)})" if step.at is not None else ""
    k = step.kind
    if k == "hearsay":
        teller = name_of(sim, step.teller)
        basis = {"saw": "said they saw it", "heard": "had heard it",
                 "reckon": "reckoned so"}.get(step.basis or "", "said so")
        if step.teller == PLAYER:
            basis = {"saw": "said you saw it", "heard": "said you had heard it"}.get(
                step.basis or "", "said so")
        return f"{who} {was} told by {teller} — {teller} {basis}{when}"
    if k == "declared":
        return f"{who} heard it from {name_of(sim, step.teller)}, about themselves{when}"
    if k == "document":
        return f"{who} read it in {name_of(sim, step.document) or 'a document'}{when}"
    if k == "witnessed":
        return f"{who} saw it happen{when}"
    if k == "firsthand":
        return f"{who} {was} there, did it or saw it{when}"
    if k == "inferred":
        return f"{who} worked it out{when}"
    return f"{who} had it put in their head{when}"


def evidence_words(sim, e) -> str:
    """A piece of evidence against the held value (memory.records.EvidenceRecord)."""
    who = name_of(sim, e.teller) if e.teller else None
    src = {"hearsay": f"{who} said so" if who else "hearsay",
           "declared": f"{who} said so of themselves",
           "document": f"read in {name_of(sim, e.document) or 'a document'}",
           "inferred": "their own reasoning", "implanted": "no evidence"}.get(
        e.kind, "seen with their own eyes")
    return f"{value_label(sim, e.value)} — {src} ({e.source}, {clock.fmt(e.at)})"


CAUSE_WORDS = {
    "new": "first learned",
    "reinforce": "heard again",
    "correct": "corrected",
    "doubt": "began to doubt",
    "anomaly": "heard something odd",
    "reconsider": "changed their mind",
    "update": "moved on",
    "age": "faded with time",
}


def cause_words(cause: str) -> str:
    return CAUSE_WORDS.get(cause, cause.replace("_", " "))


def whereabouts(sim, rid: str) -> str:
    """'Ada's Café', 'Ada's house (asleep)', 'Riverton (away)'."""
    st = sim.state[rid]
    where = sim.place_name(st.place)
    if st.status == "awake" or st.status in where.lower():
        return where
    return f"{where} ({st.status})"
