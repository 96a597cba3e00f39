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
        return p.name if p else rid

    def place_name(self, pid: str) -> str:
        p = self.places.get(pid)
        return p["name"] if p else pid

    def where(self, loc: str) -> str:
        place, _, spot = loc.partition(".")
        if place in self.people:
            return self.name(place)
        return f"the {spot} in {self.place_name(place)}" if spot else self.place_name(place)

    def say_claim(self, claim: str, value: str | None = None) -> str:
        subject, attribute = perception.split(claim)
        label = self.attributes.get(attribute)
        who = self.name(subject) if subject in self.people else (
            self.objects[subject]["name"] if subject in self.objects else subject)
        if attribute.startswith("believes "):  # what someone believes about another claim
            return f"{who} believes " + self.say_claim(attribute[len("believes "):], value)
        if value is None:
            if label and label.label and label.label.endswith("{value}"):
                return label.label.format(subject=who, value="…")
            return f"{who}'s {attribute.replace('_', ' ')}"
        words = self.value_words(value, attribute)
        if attribute.startswith("at_d") and attribute[4:].replace("_", "").isdigit():
            day, hhmm = attribute[4:].split("_")
            return f"{who} was at {words} on day {day} at {hhmm[:2]}:{hhmm[2:]}"
        if label and label.label:
            return label.label.format(subject=who, value=words)
        return f"{who} {attribute.replace('_', ' ')}: {words}"

    def document_name(self, b: Belief) -> str:
        rec = self.held_evidence(b.resident, b)
        doc = rec.document if rec else None
        if doc in self.documents:
            return self.documents[doc]["name"]
        if doc in self.objects:
            return self.objects[doc]["name"]
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
