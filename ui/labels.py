"""Short human words for what the window shows: claims, values, sources, evidence steps.

The simulation speaks in ids (`ada_key.moved_by = cy`); tables need "Ada's key · moved by"
and "Cy". These are display words only — nothing here changes or decides anything.
"""

from __future__ import annotations

import re

from game import (
    KIND_WORDS,
    PLAYER,
    clock,
    clue_seen,
    read_at,
    said,
    seen_summary,
    seen_wrongly,
    told_by,
    told_minutes,
)
from game.copresence import clock_words
from memory import DORMANT_AFTER, GONE_AFTER

BELIEVES = "believes "
_SLOT = re.compile(r"^at_d(\d{1,6})_(\d{2})(\d{2})$")

STATE_WORDS = {
    "influencing": "sure of it, acts on it",
    "past": "faded; no longer acts on it",
    "doubtful": "torn between two accounts",
    "anomalous": "at odds: met something that does not fit",
    "corrected": "changed their mind",
}

# The same, of the player's own beliefs (the notebook).
YOUR_STATE_WORDS = {
    "influencing": "you believe it and go by it",
    "past": "faded; you no longer go by it",
    "doubtful": "you are torn between two accounts",
    "anomalous": "something you heard does not fit",
    "corrected": "you changed your mind",
}

# A belief's state as the player reads it in their notebook (open minds keeps memory's names).
PLAY_STATES = {
    "influencing": "believed",
    "past": "faded",
    "doubtful": "doubtful",
    "anomalous": "at odds",
    "corrected": "corrected",
}


def state_label(state: str, open_minds: bool = False) -> str:
    return state if open_minds else PLAY_STATES.get(state, state)


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


def attribute_words(attribute: str, told=()) -> str:
    """'moved by'; for where someone was, the hour the claim covers ('where, day 1
    07:00–08:00') — or, given the minutes the player asked about (`told`), those
    ('where, day 1 07:30')."""
    m = _SLOT.match(attribute)
    if m:
        return f"where, day {int(m.group(1))} {clock_words(attribute, told)}"
    return attribute.replace("_", " ")


def told_of(session, resident: str, subject: str, attribute: str) -> list[int]:
    """In your notebook, a note of where someone was is filed under the hour (game.copresence),
    but what you were told was a minute: the minutes you asked about, for its label. Nothing
    for anyone else's beliefs, or any other claim."""
    if resident != PLAYER or "at_d" not in attribute:
        return []
    known = getattr(session, "known", None)  # a session caches it; else read (a sim or not)
    heard = known().said if callable(known) else said(getattr(session, "sim", session))
    if attribute.startswith(BELIEVES):
        return told_minutes(heard, attribute[len(BELIEVES):], teller=subject)
    return told_minutes(heard, f"{subject}.{attribute}")


def claim_label(sim, subject: str, attribute: str, told=()) -> str:
    """'Ada's key · moved by'; what someone believes: 'Bo thinks: Ada's key · moved by'.
    `told`: for where someone was, the minutes the player asked about (attribute_words)."""
    if attribute.startswith(BELIEVES):
        inner = attribute[len(BELIEVES):]
        s, _, a = inner.partition(".")
        verb = "think" if subject == PLAYER else "thinks"
        return f"{name_of(sim, subject)} {verb}: {claim_label(sim, s, a, told)}"
    if name_of(sim, subject) == subject and hasattr(sim, "say_claim") and \
            not _SLOT.match(attribute):
        # A subject that is no one and nothing in town ("meeting") is an id: the question's
        # own words say it ("Ora thinks: meeting · when" in the notebook; the final check).
        return sim.say_claim(f"{subject}.{attribute}")
    return f"{name_of(sim, subject)} · {attribute_words(attribute, told)}"


def claim_text(sim, claim: str) -> str:
    s, _, a = claim.partition(".")
    return claim_label(sim, s, a)


def value_label(sim, value: str | None, attribute: str | None = None) -> str:
    """'Cy', 'the drawer in Ada's Café', 'yes' — or the scenario's own words for a value of
    `attribute` ('on day 3 at six')."""
    if value is None:
        return "—"
    if attribute is not None and attribute.startswith(BELIEVES):
        # What someone believes is a value of the claim it is about: Ora's "when the meeting
        # is" read "d2 1800" in the notebook, not "on day 2 at six" (a window playtest).
        attribute = attribute[len(BELIEVES):].partition(".")[2]
    if attribute is not None:
        words = getattr(sim.attributes.get(attribute), "values", {}) or {}
        if value in words:
            return words[value]
    if value in sim.people or value in sim.objects:
        return name_of(sim, value)
    if value == "missing" and (attribute or "location").rpartition(".")[2] == "location":
        return sim.value_words(value, "location")  # "nowhere to be found"
    place, _, spot = value.partition(".")
    if place in sim.places:
        return f"{sim.places[place]['name']}, {spot}" if spot else sim.places[place]["name"]
    return value.replace("_", " ")


def source_words(b) -> str:
    """A belief's source as it was: "declared" (one's own word of oneself) and "witnessed"
    (shown it) rank with first-hand, and were shown as "first-hand" — Joss's word of where he
    was read as if the player had seen it (a window playtest). Others by their rank."""
    return b.kind if b.kind in ("declared", "witnessed") else b.source


def provenance(sim, b) -> str:
    """Who told them and the source that teller gave, in the one wording used everywhere
    (`game.sources`): 'told by Bo, who said he saw it', 'told by Ada, of herself'."""
    k = b.kind
    if k == "hearsay":
        return told_by(sim, b.teller, "hearsay", b.basis, b.origin)
    if k == "declared":
        if b.teller == PLAYER:
            return "you said so yourself"
        return told_by(sim, b.teller, "declared")
    if k == "witnessed":
        # A thing seen that shows it is no deed seen happening: the key found in Dee's cloth
        # was "witnessed — seen happening" of Dee moving it (a window playtest).
        clue = _clue_behind(sim, b)
        if clue:
            return f"shown by {sim.thing(clue)}"
    return KIND_WORDS.get(k, k)


def _clue_behind(sim, b) -> str | None:
    """The thing whose sight gave `b` (a witnessed belief), if a thing's."""
    held = getattr(sim, "held_evidence", None)
    rec = held(b.resident, b) if held is not None else None
    return clue_seen(sim, rec.event, f"{b.subject}.{b.attribute}", b.value) \
        if rec is not None else None


def step_words(sim, step) -> str:
    """One link of an evidence chain (memory.explain.Step), with names instead of ids."""
    who = name_of(sim, step.resident)
    you = step.resident == PLAYER
    was, has = ("were", "have") if you else ("was", "has")
    if getattr(step, "loop", False):
        return f"… which leads back to {who}, already shown: the chain goes round"
    if getattr(step, "misremembered", False):
        was = getattr(step, "was", None) or ""
        claim, _, value = was.partition(" = ")
        took = sim.say_claim(claim, value) if value else "something else"
        when = f" ({clock.fmt(step.at)})" if step.at is not None else ""
        return (f"{who} misremember{'' if you else 's'} it — what {'you' if you else who} took "
                f"in{when} was: {took}")
    holds = getattr(step, "holds", None)
    if not step.recorded and holds is not None:
        # Said against what they hold — a lie, not ignorance (a developer's reading).
        claim = getattr(step, "claim", None) or ""
        held = sim.say_claim(claim, holds, them=step.resident) if claim else holds
        p = sim.pronoun(step.resident)
        believe = "believe" if you else sim.nverb(step.resident, "believe")
        return (f"{who} {has} no evidence of it and {believe} that {held} — said what "
                f"{'you do' if you else p.subj + ' ' + p.verb('do')} not believe")
    if not step.recorded:
        return f"{who} {has} no evidence of it — said it without knowing it"
    when = f" ({clock.fmt(step.at)})" if step.at is not None else ""
    k = step.kind
    if k == "hearsay":
        return f"{who} {was} {told_by(sim, step.teller, 'hearsay', step.basis, step.origin)}" \
               f"{when}"
    if k == "declared":
        return f"{who} heard it {told_by(sim, step.teller, 'declared')}{when}"
    if k == "document":
        # "on the notice board" ("read it in the notice board": a window playtest)
        return f"{who} read it {read_at(name_of(sim, step.document) or 'a document')}{when}"
    if k in ("witnessed", "firsthand"):
        seen = "saw it happen" if k == "witnessed" else f"{was} there, did it or saw it"
        clue = clue_seen(sim, step.event, None, step.value) if k == "witnessed" else None
        if clue:  # a thing that shows it, not the deed itself
            seen = (f"saw {sim.thing(clue)} for "
                    f"{'yourself' if you else sim.pronoun(step.resident).refl}")
        what = _seen_words(sim, step.event) if you else \
            sim.world.summary_of(step.event) if step.event else ""
        if not you and k == "witnessed" and \
                (wrong := seen_wrongly(sim, step.event, step.resident)) is not None:
            # What they saw, and (open minds: another's chain) what happened, marked.
            what = f"{wrong} (what happened: {what})"
        return f"{who} {seen}{when}" + (f": {what}" if what else "")
    if k == "inferred":
        # From what (the evidence keeps its premises): "Bo worked it out" alone left a
        # developer asking from what.
        premises = []
        for claim in getattr(step, "premises", ()) or ():
            ps, _, pa = claim.partition(".")
            held = sim.store.held(step.resident, ps, pa)
            premises.append(f"believing that {sim.say_claim(claim, held[0])}" if held else
                            f"from {sim.say_claim(claim)}")
        return f"{who} worked it out{when}" + (f", {' and '.join(premises)}" if premises
                                               else "")
    return f"{who} had it put in {'your' if you else 'their'} head{when}"


def _seen_words(sim, ref: str | None) -> str:
    """What the player saw at the world event their evidence cites — in what they perceived
    (`seen_summary`: a move seen wrongly reads as it was seen) — or a presence record's
    words."""
    ev = sim.world.entry(ref)
    return seen_summary(sim, ev) if ev is not None else sim.world.summary_of(ref)


def evidence_words(sim, e) -> str:
    """A piece of evidence against the held value (memory.records.EvidenceRecord)."""
    if e.teller:
        src = told_by(sim, e.teller, e.kind, e.basis, e.origin)
    else:
        src = {"document": f"read in {name_of(sim, e.document) or 'a document'}",
               "inferred": "their own reasoning", "implanted": "no evidence"}.get(
            e.kind, "seen with their own eyes")
    return f"{value_label(sim, e.value, e.attribute)} — {src} ({e.source}, {clock.fmt(e.at)})"


CAUSE_WORDS = {
    "new": "first learned",
    "reinforce": "borne out again",  # by another source: seen, read or heard
    "correct": "corrected",
    "doubt": "began to doubt",
    "anomaly": "heard something odd",
    "reconsider": "changed their mind",
    "update": "moved on",
    "age": "faded with time",
    "reweigh": "weighed again: the teller was shown wrong",
    "misremembered": "misremembered",
    "discovered": "realised it was not their own",
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


# -- how easily a memory comes to mind (epistemics §7) -----------------------------------------

RECALL = ("vivid", "fading", "dormant", "forgotten")
RECALL_WORDS = {
    "vivid": "comes to mind at once",
    "fading": "still comes to mind, less readily",
    "dormant": "comes to mind only if something calls it up",
    "forgotten": "can no longer be recalled",
}


def half_lives(now: int, last_evoked_at: int, half_life: float) -> float:
    """How many effective half-lives have passed since the memory was last brought to mind:
    its accessibility is 2 to the minus this (§7)."""
    return max(0, now - last_evoked_at) / half_life


def recall_word(k: float) -> str:
    """After `k` half-lives: vivid (within one), fading (still active), dormant (memory's
    "dormant", from three), forgotten (its "unrecallable", from five)."""
    if k <= 1:
        return "vivid"
    if k <= DORMANT_AFTER:
        return "fading"
    return "dormant" if k <= GONE_AFTER else "forgotten"


def half_lives_left(k: float) -> float:
    """How many half-lives remain before the memory can no longer be recalled, 0..5."""
    return max(0.0, min(float(GONE_AFTER), GONE_AFTER - k))


def hours(minutes: float) -> str:
    """'36 h', '4.5 h'; past two days, with the days beside it: '86 h (3.6 days)'."""
    h = minutes / clock.HOUR
    out = f"{h:.1f} h" if h < 10 else f"{round(h)} h"
    return out + (f" ({h / 24:.1f} days)" if h >= 48 else "")


def ago(now: int, at: int) -> str:
    """'just now', '40 min ago', '5 h ago', '2 days ago'."""
    dt = max(0, now - at)
    if dt < clock.TICK:
        return "just now"
    if dt < clock.HOUR:
        return f"{dt} min ago"
    if dt < 2 * clock.DAY:
        return f"{round(dt / clock.HOUR)} h ago"
    return f"{round(dt / clock.DAY)} days ago"


# -- memory edits (issue 14) --------------------------------------------------------------------


def edit_words(sim, e) -> str:
    """One memory edit in words: 'edit 1 · day 1 09:00 · author implanted in Fen's memory of
    who moved Ada's key: Cy (50), in place of Dee — discovered day 1 09:50 (first-hand
    evidence)'."""
    attribute = e.attribute

    def val(v):
        return value_label(sim, v, attribute)
    head = f"edit {e.id} · {clock.fmt(e.at)} · {e.by}"
    about = sim.say_claim(e.claim)
    if e.kind == "undo":
        return f"{head} undid edit {e.undoes} ({name_of(sim, e.resident)}, {about})"
    whose = f"{name_of(sim, e.resident)}'s memory of {about}"
    if e.kind == "suppress":
        text = f"{head} suppressed {whose}"
    elif e.value is None:
        text = f"{head} distorted {whose}: confidence {e.before.confidence} → {e.confidence}"
    else:
        verb = "implanted in" if e.kind == "implant" else "distorted"
        text = f"{head} {verb} {whose}: {val(e.value)} ({e.confidence})"
        if e.before is not None and e.before.value != e.value:
            text += f", in place of {val(e.before.value)}"
    if e.undone_by is not None:
        text += f" — undone by edit {e.undone_by}"
    if e.discovered_at is not None:
        text += f" — discovered {clock.fmt(e.discovered_at)} ({e.discovered_how} evidence)"
    return text
