"""Words for things in logs and replies: residents' names, places, objects, claims, values.

A mixin of `Simulation` (it reads the scenario's names and attribute labels), kept apart so the
simulation module holds the tick and nothing else.
"""

from __future__ import annotations

from memory import Belief

from . import perception


class Naming:

    def name(self, rid: str | None) -> str:
        if rid is None:
            return "someone"
        p = self.people.get(rid)
        if p is not None and p.is_player and p.name == "You":
            return "you"  # mid-sentence in the log; sentences are capitalised when recorded
        return p.name if p else rid

    def place_name(self, pid: str) -> str:
        p = self.places.get(pid)
        return p["name"] if p else pid

    def where(self, loc: str) -> str:
        place, _, spot = loc.partition(".")
        if place in self.people:
            return self.name(place)
        return f"the {spot} in {self.place_name(place)}" if spot else self.place_name(place)

    def thing(self, ident: str, me: str | None = None, you: str | None = None) -> str:
        if ident in self.people:
            return self.name(ident)
        if ident in self.objects:
            o = self.objects[ident]
            owner = o.get("owner")
            # "Ada's key", said by Ada, is "my key"; said to her, "your key".
            if owner in (me, you) and o["name"].startswith(self.name(owner) + "'s "):
                mine = "my " if owner == me else "your "
                return mine + o["name"][len(self.name(owner)) + 3:]
            return o["name"]
        return ident

    def say_claim(self, claim: str, value: str | None = None, *, me: str | None = None,
                  you: str | None = None) -> str:
        """A claim in words: 'Ada's key was moved by Cy'; with no value, what it is about:
        'who moved Ada's key'. Said by `me` to `you`, they become 'I'/'me' and 'you'."""
        subject, attribute = perception.split(claim)
        label = self.attributes.get(attribute)
        who = self.thing(subject, me, you)
        if attribute.startswith("believes "):  # what someone believes about another claim
            inner = self.say_claim(attribute[len("believes "):], value, me=me, you=you)
            if value is None:
                return f"what {who} believes about {inner}"
            return _person(f"{who} believes {inner}", subject, me, you, who)
        if value is None:
            if label is not None and label.about:
                return label.about.format(subject=who)
            if attribute.startswith("at_d"):
                return f"where {who} was"
            return f"{who} ({attribute.replace('_', ' ')})"
        words = self.value_words(value, attribute)
        if value == me:
            words = "me"
        elif value == you:
            words = "you"
        if attribute.startswith("at_d") and attribute[4:].replace("_", "").isdigit():
            day, hhmm = attribute[4:].split("_")
            text = f"{who} was at {words} on day {day} at {hhmm[:2]}:{hhmm[2:]}"
        elif attribute == "location" and value == "missing":  # the engine's "not where I looked"
            text = f"{who} is missing"
        elif label is not None and label.label:
            text = label.label.format(subject=who, value=words)
        else:
            text = f"{who} {attribute.replace('_', ' ')}: {words}"
        return _person(text, subject, me, you, who)

    def document_name(self, b: Belief) -> str:
        rec = self.held_evidence(b.resident, b)
        doc = rec.document if rec else None
        if doc in self.documents:
            return self.documents[doc]["name"]
        if doc in self.objects:
            return self.objects[doc]["name"]
        if doc and doc.startswith("letter_"):  # a scripted letter (game.relay)
            ev = next((e for e in self.sc.events if e.id == doc[len("letter_"):]), None)
            return f"a letter from {self.name(ev.actor)}" if ev is not None else "a letter"
        return "a notice"

    def value_words(self, value: str, attribute: str | None = None) -> str:
        if attribute is not None:
            a = self.attributes.get(attribute)
            if a is not None and value in a.values:
                return a.values[value]
        if value in self.people:
            return self.name(value)
        place, _, spot = value.partition(".")
        if place in self.places:
            return self.where(value)
        return value


_GRAMMAR = [("I is ", "I am "), ("I has ", "I have "), ("I does ", "I do "),
            ("you is ", "you are "), ("you was ", "you were "), ("you has ", "you have "),
            ("you does ", "you do ")]


def _person(text: str, subject: str, me: str | None, you: str | None, who: str) -> str:
    """Put the speaker and the listener in the first and second person when the claim is
    about them: "Ben stayed away" said by Ben is "I stayed away"."""
    if subject not in (me, you) or not text.startswith(who):
        return text
    pronoun = "I" if subject == me else "you"
    rest = text[len(who):]
    if rest.startswith("'s "):
        return ("my" if pronoun == "I" else "your") + rest[2:]
    text = pronoun + rest
    for a, b in _GRAMMAR:
        if text.startswith(a):
            return b + text[len(a):]
    return text
