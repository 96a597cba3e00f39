"""One name for each source kind, wherever a player or an author reads it (window, command
line, report): testimony is "told by Bo, who said he saw it"; rumour is "told by Bo, who had
heard it" (from whom, if Bo said); a declaration is "from Fen herself".

Every function takes the simulation for names and pronouns and returns words with no ids.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .town import Game

FORGOTTEN = "someone"  # the origin of a rumour whose teller could not say who told them

# What each kind of evidence is called, in the same words everywhere.
KIND_WORDS = {
    "firsthand": "seen first-hand",
    "witnessed": "seen happening",
    "declared": "told by the person concerned",
    "document": "read in a document",
    "hearsay": "told",
    "inferred": "worked out",
    "implanted": "no evidence for it",
}
RANK_WORDS = {  # memory's provenance ranks, as the player reads them
    "first-hand": "own eyes",
    "document": "a document",
    "testimony": "testimony",
    "rumour": "rumour",
    "inferred": "worked out",
    "implanted": "no evidence",
}


# Writing read on a surface; anything else (a ledger, a book, a letter) is read in.
_READ_ON = {"board", "notice", "sign", "poster", "handbill", "bill", "card", "wall", "door",
            "label", "slate", "placard", "note", "noticeboard"}


def read_at(name: str) -> str:
    """'on the notice board', 'in the new ledger': where writing is read, by the words of
    its name."""
    # any of its words: "the notice at the well" is read on, like "the notice board"
    on = any(w.lower().strip(".,'’") in _READ_ON for w in name.split())
    return f"{'on' if on else 'in'} {name}"


def origin_name(sim: Game, origin: str | None) -> str:
    """Whom a rumour came from: a person, a document or thing ('the notice board'), or
    'someone' when the teller could not say."""
    if not origin or origin == FORGOTTEN:
        return "someone"
    if origin in sim.people:
        return sim.name(origin)
    docs = getattr(sim, "documents", {})
    if origin in docs:
        return docs[origin]["name"]
    if origin in sim.objects:
        return sim.objects[origin]["name"]
    return origin.replace("_", " ")


def gave(sim: Game, teller: str, kind: str, basis: str | None,
         origin: str | None, via: str | None = None) -> str:
    """The source a teller gave, after their name: 'who said he saw it', 'who had heard it
    from Ada', 'who worked it out', 'of herself' — and, given whom they had it from (`via`)
    when that is not where it began, 'who had heard it from Eli, who had it from Bo'."""
    p = sim.pronoun(teller)
    if kind == "declared":
        return f"of {p.refl}"
    if basis == "saw":
        return f"who said {p.subj} saw it"
    if basis == "reckon":
        return f"who said {p.subj} worked it out"
    if origin and origin != teller:
        if origin == FORGOTTEN:
            return "who had heard it, and could not say from whom"
        if via and via not in (origin, teller) and via in sim.people:
            # Gus said "Eli told me — had it from Bo"; the note had only Bo (a playtest).
            return f"who had heard it from {sim.name(via)}, who " + (
                f"had it from {origin_name(sim, origin)}" if origin in sim.people else
                f"said it came from {origin_name(sim, origin)}")
        if origin not in sim.people:  # read by them, or by whoever told them: not said
            return f"who said it came from {origin_name(sim, origin)}"
        return f"who had heard it from {origin_name(sim, origin)}"
    return "who had heard it"


def told_by(sim: Game, teller: str, kind: str = "hearsay", basis: str | None = None,
            origin: str | None = None) -> str:
    """'told by Bo, who said he saw it' (testimony) or 'told by Bo, who had heard it'
    (rumour); 'from Fen herself' (a declaration)."""
    if kind == "declared":
        return f"from {sim.name(teller)} {sim.pronoun(teller).refl}"
    if teller == "player" and basis not in ("saw", "reckon") and origin in (None, teller):
        # The player's own word, with no source given: "told by you, who had heard it" was
        # read above "you had no evidence of it" (a playtest).
        return f"told by {sim.name(teller)}, who gave no source"
    return f"told by {sim.name(teller)}, {gave(sim, teller, kind, basis, origin)}"
