"""Words for things in logs and replies: residents' names, places, objects, claims, values.

A mixin of `Simulation` (it reads the scenario's names and attribute labels), kept apart so the
simulation module holds the tick and nothing else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memory import Belief

from . import copresence, perception, phrase


@dataclass(frozen=True)
class Pronoun:
    """How words refer to someone: 'she … her … herself', with verbs that agree."""

    subj: str
    obj: str
    poss: str
    refl: str
    plural: bool  # they and you take "are", "were", "have"

    def verb(self, base: str) -> str:
        """'say' -> 'says' (or 'say' for they and you); 'have' -> 'has'; 'be' -> 'is'."""
        if self.plural:
            return {"be": "are", "was": "were"}.get(base, base)
        return {"have": "has", "be": "is", "do": "does", "was": "was"}.get(
            base, base + ("es" if base.endswith(("s", "sh", "ch")) else "s"))

    @property
    def subj_be(self) -> str:
        """"she's", "they're", "you're"."""
        return self.subj + ("'re" if self.plural else "'s")


PRONOUNS = {
    "she": Pronoun("she", "her", "her", "herself", False),
    "he": Pronoun("he", "him", "his", "himself", False),
    "they": Pronoun("they", "them", "their", "themselves", True),
    "you": Pronoun("you", "you", "your", "yourself", True),
}


class Naming:

    def name(self, rid: str | None) -> str:
        if rid is None:
            return "someone"
        p = self.people.get(rid)
        if p is not None and p.is_player and p.name == "You":
            return "you"  # mid-sentence in the log; sentences are capitalised when recorded
        return p.name if p else rid

    def pronoun(self, rid: str | None) -> Pronoun:
        p = self.people.get(rid or "")
        if p is not None and p.is_player:
            return PRONOUNS["you"]
        return PRONOUNS.get(p.pronoun if p is not None else "they", PRONOUNS["they"])

    def nverb(self, rid: str | None, base: str) -> str:
        """A verb after someone's name: singular ("Mo says"), or "you say" for the player."""
        p = self.people.get(rid or "")
        return (PRONOUNS["you"] if p is not None and p.is_player else PRONOUNS["she"]).verb(
            base)

    def lives_at(self, rid: str) -> str | None:
        """Where someone lives, as the cast list tells the player — "Hal's yard" — when their
        home is a home whose name does not already name them ("Tilly's room", "Ava and Ben's"). A
        witness who says "I was at home" is then noted at a place the player was told of
        (a playtester read "Joss says he was at Hal's yard, his home", never told so)."""
        p = self.people.get(rid)
        home = getattr(p, "home", None)
        if p is None or p.is_player or home is None or \
                self.places.get(home, {}).get("kind") != "home":
            return None
        # "Tilly's room", "Ava and Ben's", "Ann-Marie's loft": a name in it already says whose.
        named = re.search(r"(?<!\w)" + re.escape(p.name) + r"(?!\w)", self.place_label(home))
        return None if named else self.place_name(home)

    def place_name(self, pid: str) -> str:
        """A place as running text names it: "You walk to the Mill", not "to The Mill" (a
        name's own leading "The" is an article mid-sentence). A label, or the start of a
        sentence, takes `place_label`."""
        name = self.place_label(pid)
        return "the " + name[4:] if name.startswith("The ") else name

    def place_label(self, pid: str) -> str:
        """A place's name as the scenario writes it: "The Mill"."""
        p = self.places.get(pid)
        return p["name"] if p else pid

    def where(self, loc: str) -> str:
        place, _, spot = loc.partition(".")
        if place in self.people:
            return self.name(place)
        return f"the {spot} in {self.place_name(place)}" if spot else self.place_name(place)

    def their_thing(self, ident: str, rid: str) -> str:
        """A thing as said of `rid` in the third person: "her key" of Ada's key, of Ada ("she
        said she had seen Ada's key for herself" read as someone else's; a playtest)."""
        o = self.objects.get(ident)
        if o is not None and o.get("owner") == rid and rid in self.people and \
                o["name"].startswith(self.name(rid) + "'s "):
            return f"{self.pronoun(rid).poss} {o['name'][len(self.name(rid)) + 3:]}"
        return self.thing(ident)

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

    def quoted_told(self, speaker: str, listener: str, claim: str, value: str) -> str | None:
        """Of themselves and the one they tell, or of themselves to one of the same pronoun,
        in the speaker's own words: 'Ivo told Ben, "I am avoiding you"', not "Ivo told Ben that
        he is avoiding Ben" (a playtest); None where "… told … that" + `told_claim` says it."""
        about = {claim.partition(".")[0], value}
        if speaker not in about or "player" in (speaker, listener):
            return None
        # (also when the one told takes the same pronoun: "Eli told Bo that he is avoiding
        # Cy" could be either of them; a window playtest)
        same = listener in self.people and \
            self.pronoun(listener).subj == self.pronoun(speaker).subj
        if listener not in about and not same:
            return None
        quoted = self.say_claim(claim, value, me=speaker, you=listener)
        # (the full stop is the sentence's: 'Cy told Ada, "…".' had it twice)
        return f'{self.name(speaker)} told {self.name(listener)}, "{quoted[:1].upper()}' \
            f'{quoted[1:]}"'

    def told_claim(self, speaker: str, listener: str, claim: str, value: str) -> str:
        """What `speaker` told `listener`, after "… told … that": of the speaker, in their
        pronoun ("Ivo told Ana that he is avoiding Ben", not "…that Ivo is avoiding Ben": a
        playtest read it as robotic); of the one told, named just before, in theirs where it
        cannot be taken for the speaker's ("Bo told Cy that Eli is avoiding her")."""
        subject = claim.partition(".")[0]
        own = self.objects.get(subject, {}).get("owner") == speaker  # "her shears"
        if (speaker in (subject, value) or own) and speaker != "player":
            return self.say_claim(claim, value, them=speaker)
        about = {subject, value}
        if listener in about and listener in self.people and \
                self.pronoun(listener).subj != self.pronoun(speaker).subj:
            return self.say_claim(claim, value, them=listener)
        return self.say_claim(claim, value)

    def say_claim(self, claim: str, value: str | None = None, *, me: str | None = None,
                  you: str | None = None, told: tuple[int, ...] | list[int] = (),
                  them: str | None = None) -> str:
        """A claim in words: 'Ada's key was moved by Cy'; with no value, what it is about:
        'who moved Ada's key'. Said by `me` to `you`, they become 'I'/'me' and 'you'. Where
        someone was covers an hour ('between 07:00 and 08:00 on day 1'); `told`, the minutes
        the listener was asked or told about, says those instead ('at 07:30 on day 1'). A
        claim about `them`, already named in the sentence, takes their pronoun ('Mira frowns —
        she's no longer sure that she is allergic')."""
        subject, attribute = perception.split(claim)
        if them is not None and value is None and subject == them and \
                subject not in (me, you) and subject in self.people:
            label = self.attributes.get(attribute)
            if label is not None and label.about:
                # What a question about them asks, in their pronoun: "Cy does not know whether
                # she was at the café counter early", "who moved her key".
                p = self.pronoun(them)
                about = label.about.replace("{subject}'s", p.poss)
                text = phrase.render(about, phrase.ABOUT_FIELDS, subject=p.subj)
                if p.plural:
                    for a, b in _PLURAL:
                        text = text.replace(f" {p.subj}{a}", f" {p.subj}{b}", 1)
                return text
        text = self._say_claim(claim, value, me=me, you=you, told=told)
        if them is not None and them not in (me, you) and subject in self.objects and \
                self.objects[subject].get("owner") == them:
            # Their own thing, in their possessive: "Ada says her key is missing", not
            # "Ada says Ada's key is missing" (a playtest).
            who, owned = self.thing(subject, me, you), self.name(them) + "'s "
            if who.startswith(owned) and text.startswith(who + " "):
                return f"{self.pronoun(them).poss} {who[len(owned):]}{text[len(who):]}"
            if who.startswith(owned) and text.count(who) == 1:
                # ...within it too: "Ada frowns — she's no longer sure of where her key is",
                # not "where Ada's key is" (a playtest)
                return text.replace(who, f"{self.pronoun(them).poss} {who[len(owned):]}")
            return text
        if them is not None and value == them and subject != them and \
                them not in (me, you) and them in self.people:
            # Of them, at the end: "Ben says Ana broke off with him", not "…with Ben"
            named = " " + self.name(them)
            if text.endswith(named):
                return text[:-len(named)] + " " + self.pronoun(them).obj
            if text.count(named + " ") == 1 and text.count(named) == 1:
                # ...or within it: "Ben says Ivo owes him money", not "…owes Ben money" (a
                # playtest) — and where it stands before its verb, as one doing it: "Ivo
                # says he is owed money", not "him is owed" (a review).
                after = text.split(named + " ", 1)[1].split(" ", 1)[0]
                p = self.pronoun(them)
                said = p.subj if after in _VERB_AFTER else p.obj
                return text.replace(named + " ", f" {said} ", 1)
            return text
        if them is None or subject != them or subject in (me, you):
            return text
        who = self.thing(subject, me, you)
        if not text.startswith(who + " "):
            return text
        p = self.pronoun(them)
        rest = text[len(who):]
        if p.plural:
            for a, b in _PLURAL:
                if rest.startswith(a):
                    rest = b + rest[len(a):]
                    break
        return p.subj + rest

    def _say_claim(self, claim: str, value: str | None = None, *, me: str | None = None,
                   you: str | None = None, told: tuple[int, ...] | list[int] = ()) -> str:
        subject, attribute = perception.split(claim)
        label = self.attributes.get(attribute)
        who = self.thing(subject, me, you)
        if attribute.startswith("believes "):  # what someone believes about another claim
            inner = self._say_claim(attribute[len("believes "):], value, me=me, you=you,
                                    told=told)
            if value is None:
                return f"what {who} believes about {inner}"
            return _person(f"{who} believes {inner}", subject, me, you, who)
        if value is None:
            if label is not None and label.about:
                text = phrase.render(label.about, phrase.ABOUT_FIELDS, subject=who)
                if self.objects.get(subject, {}).get("plural") and who in text:
                    # "where Ava's shears are", not "…is" (a review)
                    at = text.index(who) + len(who)
                    rest = text[at:] + " "
                    for a, b in _PLURAL:
                        if rest.startswith(a):
                            text = text[:at] + (b + rest[len(a):])[:-1]
                            break
                return text
            if attribute.startswith("at_d"):
                return f"where {who} {'were' if who in ('you', 'we', 'they') else 'was'}"
            return f"{who} ({attribute.replace('_', ' ')})"
        words = self.value_words(value, attribute)
        if value == me:
            words = "me"
        elif value == you:
            words = "you"
        if copresence.slot_minute(attribute) is not None:
            # One claim covers an hour (game.copresence): say the hour, not a minute.
            text = f"{who} was at {words} {copresence.when_words(attribute, told)}"
        elif attribute == "location" and value == "missing":  # the engine's "not where I looked"
            text = f"{who} is missing"
        elif attribute == "location" and value in self.people and subject not in self.people \
                and (label is None or label.label == AT_LABEL):
            # A thing "at" a person is in their hands: "you have Ada's key", "Cy has it".
            holder = "I" if value == me else "you" if value == you else words
            has = "have" if holder in ("I", "you") else self.nverb(value, "have")
            text = f"{holder} {has} {who}"
        elif attribute == "location" and "." in value and value.partition(".")[0] in \
                self.places and (label is None or label.label == AT_LABEL):
            # In a spot, by what it is: "in the drawer", "on the shelf" ("is at the drawer in
            # Ada's Café" read oddly; a playtest).
            text = f"{who} is {preposition(value)} {words}"
        elif label is not None and label.label and label.label.endswith(": {value}") and \
                value in ("yes", "no") and value not in label.values:
            # "Cy was at the café counter early: no" reads "Cy was not at the café counter
            # early"
            text = label.label[:-len(": {value}")].format(subject=who)
            if value == "no":
                text = _negate(text)
        elif label is not None and label.label:
            text = phrase.render(label.label, phrase.LABEL_FIELDS, subject=who, value=words)
        else:
            text = f"{who} {attribute.replace('_', ' ')}: {words}"
        if self.objects.get(subject, {}).get("plural") and text.startswith(who + " "):
            rest = text[len(who):]
            for a, b in _PLURAL:  # "Ava's shears were moved", "…are missing"
                if rest.startswith(a):
                    text = who + b + rest[len(a):]
                    break
        if value is not None and value in (me, you) and subject not in (me, you) and \
                subject in self.people:
            # Said of the speaker's or the listener's own deed to someone, actively: 'Ada told
            # Hana, "I accused Cy"', not "Cy was accused by me" (a window playtest). (Not of
            # a thing: "Ada accused me of it: I moved Ada's key" read as a confession.)
            m = _BY_ME.match(text)
            if m and m.group(1) == who and m.group(4) == words:
                doer = "I" if words == "me" else "you"
                return f"{doer} {m.group(3)} {who}"
        return _person(text, subject, me, you, who)

    def document_name(self, b: Belief) -> str:
        rec = self.held_evidence(b.resident, b)
        return self.document_words(rec.document if rec else None)

    def document_words(self, doc: str | None) -> str:
        """A document (or a thing with writing, or a scripted letter) by name."""
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
        if value == "missing" and (attribute or "location").rpartition(".")[2] == "location":
            return "nowhere to be found"  # the engine's "not where I looked", as a value
        place, _, spot = value.partition(".")
        if place in self.places:
            return self.where(value)
        return value


AT_LABEL = "{subject} is at {value}"  # where a thing is: the wording "has" stands in for

# Spots a thing is in or on, by the spot's last word; at any other.
_IN = {"drawer", "till", "box", "chest", "cupboard", "cabinet", "basket", "bag", "jar",
       "safe", "trunk", "barrel", "office", "room", "cellar", "loft", "shed", "pantry"}
_ON = {"shelf", "floor", "table", "bench", "board", "sill", "windowsill", "mantel", "hook"}


def preposition(loc: str) -> str:
    """'in' a place; in, on or at a spot in one, by what the spot is."""
    _, _, spot = loc.partition(".")
    if not spot:
        return "in"
    last = spot.rsplit("_", 1)[-1]
    return "in" if last in _IN else "on" if last in _ON else "at"

_AUXILIARIES = ("is", "was", "are", "were", "has", "had", "have", "will", "did", "does")


def _negate(text: str) -> str:
    """'Cy was at the counter' -> 'Cy was not at the counter'; 'Mira can take it' -> 'Mira
    cannot take it'; with no auxiliary verb: 'it is not so that Ben came to supper'."""
    words = text.split(" ")
    for i, w in enumerate(words[1:], start=1):
        after = words[i + 1] if i + 1 < len(words) else ""
        if w in ("has", "have") and after in ("a", "an", "any", "some"):  # "has a fever"
            do = "does" if w == "has" else "do"
            return " ".join(words[:i] + [do, "not", "have"] + words[i + 1:])
        if w in _AUXILIARIES:
            return " ".join(words[:i + 1] + ["not"] + words[i + 1:])
        if w == "can":
            return " ".join(words[:i] + ["cannot"] + words[i + 1:])
    for i, w in enumerate(words[1:], start=1):
        if w in _PAST:  # "Ben came to Ana's supper" -> "Ben did not come to Ana's supper"
            return " ".join(words[:i] + ["did", "not", _PAST[w]] + words[i + 1:])
    return f"it is not so that {text}"


# Common verbs in the past tense, to their base form: a label with no auxiliary is negated
# with "did not" ("it is not so that Ben came to Ana's supper" read as a logic dump to a
# playtester).
_PAST = {"came": "come", "went": "go", "saw": "see", "took": "take", "gave": "give",
         "told": "tell", "left": "leave", "knew": "know", "found": "find", "made": "make",
         "brought": "bring", "kept": "keep", "paid": "pay", "said": "say", "stole": "steal",
         "broke": "break", "wrote": "write", "sent": "send", "ate": "eat", "drank": "drink",
         "met": "meet", "sat": "sit", "slept": "sleep", "heard": "hear", "got": "get",
         "stayed": "stay", "moved": "move", "worked": "work", "showed": "show",
         "asked": "ask", "called": "call", "visited": "visit", "helped": "help",
         "opened": "open", "closed": "close", "locked": "lock", "signed": "sign",
         "posted": "post", "lied": "lie", "agreed": "agree", "refused": "refuse"}


_GRAMMAR = [("I is ", "I am "), ("I has ", "I have "), ("I does ", "I do "),
            ("you is ", "you are "), ("you was ", "you were "), ("you has ", "you have "),
            ("you does ", "you do ")]


# "Cy was accused by me": a deed in the passive, by the speaker or the one spoken to.
# (a past tense that is its participle too: not "-en", "I forgiven Cy"; a review)
_BY_ME = re.compile(r"^(.+) (was|were) ([a-z]+(?:ed|ught|old)) by (me|you)$")
_PLURAL = [(" is ", " are "), (" was ", " were "), (" has ", " have "), (" does ", " do ")]
# Words that, after a name, make it the one doing (a subject): "Ben is owed money".
_VERB_AFTER = {"is", "was", "has", "had", "does", "did", "will", "would", "can", "could",
               "should", "must", "may", "might", "owes", "owed", "says", "said", "knows", "knew",
               "thinks", "thought", "believes", "took", "takes", "moved", "moves", "stayed",
               "came", "went", "is,", "was,", "never", "always", "isn't", "wasn't", "doesn't",
               "didn't", "won't", "hasn't", "hadn't"}


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
