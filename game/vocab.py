"""The words a player may use in commands, and how typed words become the scenario's ids.

Commands accept ids or names, in any case, and unique prefixes: `ask Ada key moved` is
`ask ada ada_key.moved_by` when nothing else fits. A claim may be typed as its id, as the
question it asks ("who moved Ada's key") or as a few words from either; a value must be one
the scenario's vocabulary allows for that claim. What fits nothing is an error that names the
nearest thing there is — and costs no time, since nothing was attempted.

The vocabulary is built once per scenario from the scenario itself (never from what anyone
believes). One thing depends on the player: a claim is named by its words, and suggested for a
miss, only among those the player knows of (the brief's questions, what they have seen, been
told or asked) — its id works always. A walkthrough is read before it is played, so its lines
name other claims by id.
"""

from __future__ import annotations

import re
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import TYPE_CHECKING

from .commands import Ambiguous, CommandError, said_back

if TYPE_CHECKING:
    from .town import Game

# Words that carry no meaning in a phrase ("ask fen about the key").
STOP = {"the", "a", "an", "of", "about", "in", "on", "at", "to", "is", "was", "s", "did",
        "does", "do", "whether", "what", "thing", "and"}  # "Ava and Ben's": 'ava ben'
YES_NO = ("yes", "no")
# What else a yes or a no is typed as ("tell tilly mira allergy true" was refused; a playtest).
YES_NO_WORDS = {"yes": "true", "no": "false"}


# Latin letters with no accent to drop, in the plain letters they are typed as.
_LATIN = str.maketrans({"ø": "o", "Ø": "O", "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe",
                        "Œ": "OE", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D",
                        "þ": "th", "Þ": "Th", "ı": "i", "ŋ": "ng", "Ŋ": "Ng"})


def norm(text: str) -> str:
    """Lower case, accents and possessive 's dropped: "Ada's Café" -> "ada cafe", "Søren"
    -> "soren"."""
    t = unicodedata.normalize("NFKD", text.translate(_LATIN)).encode(
        "ascii", "ignore").decode().lower()
    return re.sub(r"['’]s\b", "", t)


def words(text: str) -> list[str]:
    return [w for w in re.split(r"[^a-z0-9]+", norm(text)) if w]


@dataclass
class Entry:
    """One thing a word may name: its id, what it is called, and every word it answers to."""

    id: str
    label: str  # how the player knows it ("who moved Ada's key", "Fen", "Ada's Café")
    names: list[str] = field(default_factory=list)
    words: set[str] = field(default_factory=set)
    # What else it answers to that the player is never shown it called (a place's kind:
    # "home" names each home, but "h" must not offer Mira's cottage for it).
    aliases: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.keys = {norm(self.id), " ".join(words(self.id))} | {
            " ".join(words(n)) for n in [self.label, *self.names, *self.aliases]}
        # The words of what the player is shown (its name, what else it is called), apart
        # from those only its id has: "h" offered "Mira's cottage" for its id `mira_home`.
        self.shown = {w for n in [self.label, *self.names] for w in words(n)}
        # A possessive typed without its apostrophe names it too: "oswins house" was refused
        # for "Oswin's house" (a playtest).
        for n in [self.label, *self.names]:
            plain = unicodedata.normalize("NFKD", n.translate(_LATIN)).encode(
                "ascii", "ignore").decode().lower()
            for w in re.findall(r"\b([a-z0-9]+)['’]s\b", plain):
                self.shown.add(w + "s")
                self.keys.add(" ".join(words(re.sub(r"['’]s\b", "s", plain))))
        self.words |= set(words(self.id)) | self.shown | {
            w for n in self.aliases for w in words(n)}


class Kind:
    """A set of entries of one kind (residents, places, claims...) and how to name a miss:
    `far`, when given, is said for a miss that nothing is near, instead of a guess."""

    def __init__(self, what: str, entries: list[Entry], far: str | None = None):
        self.what = what
        self.entries = {e.id: e for e in entries}
        self.far = far

    def __contains__(self, ident: str) -> bool:
        return ident in self.entries

    def __iter__(self):
        return iter(self.entries)

    def resolve(self, typed: str, *, allowed: set[str] | None = None, ids: bool = False
                ) -> str:
        """The one id `typed` names, or a CommandError naming the nearest (by its id, with
        `ids`: an author's tool, where ids are what is typed)."""
        pool = [e for e in self.entries.values() if allowed is None or e.id in allowed]
        found = match(typed, pool)
        if len(found) == 1:
            return found[0].id
        if found:
            options = " or ".join(f"“{e.label}”" for e in found[:4])
            raise Ambiguous(f"'{said_back(typed)}' could be {options} — say which")
        raise CommandError(f"no {self.what} '{said_back(typed)}'"
                           + suggest(typed, pool, far=self.far, ids=ids))


def _unreadable(typed: str) -> bool:
    """A letter, digit or symbol that folds to nothing ('€', '😀', '你'): a word of it names
    nothing here, so the rest of the line must not be read as if it were not there ('ä€😀'
    read as 'a', and found two questions beginning with it)."""
    return any(unicodedata.category(ch)[0] in "LNS" and not unicodedata.normalize(
        "NFKD", ch.translate(_LATIN)).encode("ascii", "ignore") for ch in typed)


def match(typed: str, pool: list[Entry]) -> list[Entry]:
    """Entries `typed` names: an exact id or name first; else those that a prefix of the id
    names, or where every typed word begins one of the entry's words."""
    if _unreadable(typed):
        return []
    key = norm(typed).strip()
    spaced = " ".join(words(typed))
    exact = [e for e in pool if key in e.keys or spaced in e.keys]
    if len(exact) > 1:  # two called "Ada": the one whose id it is (else neither could be named)
        own = [e for e in exact if e.id == key]
        if len(own) == 1:
            return own
    if exact:
        return exact
    typed_words = [w for w in words(typed) if w not in STOP] or words(typed)
    if not typed_words:
        return []
    # A prefix of an id names what it is the id of only when typed as an id is written
    # ("ada_key.m"): "o" went to Oswin's house (`oswin_home`) though Oswin's Apothecary
    # begins with it as much, and "m" to Mira's cottage, not Mill Lane (a playtest).
    if "_" in key or "." in key:
        by_id = [e for e in pool if e.id.startswith(key)]
        if len(by_id) == 1:
            return by_id
    hits = [e for e in pool if all(any(w2.startswith(w) for w2 in e.words)
                                   for w in typed_words)]
    fields = ("words",)
    if len(hits) > 1:  # what the player is shown first: an id's words are ours, not theirs
        shown = [e for e in hits if all(any(w2.startswith(w) for w2 in e.shown)
                                        for w in typed_words)]
        if shown:
            hits, fields = shown, ("shown",)
    last = words(typed)[-1]
    if len(hits) > 1 and last in STOP and len(words(typed)) > 1:
        # The last word, left out as meaningless, may be a word begun: "oswins a" is
        # Oswin's Apothecary, not Oswin's house as well (a playtest). Only the last, and only
        # as the start of a longer word: "in oswin house" is the house, not "the desk in…".
        begun = [e for e in hits if any(w2.startswith(last) and w2 != last and w2 not in STOP
                                        for w2 in e.words)]
        if len(begun) == 1:
            return begun
    if len(hits) > 1:  # "key moved": prefer what has every typed word whole — in its shown
        # name first ("c" is the Chapel, not Cal and Dot's by its id `home_c`; a review)
        for field_ in fields:
            whole = [e for e in hits if all(w in getattr(e, field_) for w in typed_words)]
            if len(whole) == 1:
                return whole
        # "apothecary" names the place, not each spot in it as well (a spot's words include
        # its place's): `search apothecary` was refused as ambiguous in a playtest.
        roots = [e for e in hits if not any(e.id.startswith(o.id + ".") for o in hits)]
        if len(roots) == 1:
            return roots
        # "is allergic": the words as typed, in their order, in what one of them is called —
        # not "is not allergic" (a playtest could narrow an answer only by typing it whole).
        # After the place-first rule: "in the old hall" is the hall, not "the desk in the old
        # hall" (a review).
        seq = words(typed)
        phrased = [e for e in hits if any(_has_run(words(n), seq) for n in [e.label, *e.names])]
        if len(phrased) == 1:
            return phrased
    return hits


def _has_run(ws: list[str], seq: list[str]) -> bool:
    """Are `seq`'s words in `ws`, one after another?"""
    n = len(seq)
    return any(ws[i:i + n] == seq for i in range(len(ws) - n + 1))


def _exact_id(typed: str) -> str:
    """What was typed, as an id would be written ('cafe.drawer')."""
    return norm(typed).strip()


NEAR = 0.6  # how alike (difflib's ratio) a miss and a name must be to be offered, sharing no word


def _shared(typed_words: list[str], e: Entry) -> int:
    """How many of the typed words are words of `e`'s, whole, or one beginning the other (of
    three letters or more): 'desk' is shared with "the desk in Oswin's Apothecary"."""
    return sum(any(w == x or min(len(w), len(x)) >= 3 and (x.startswith(w) or w.startswith(x))
                   for x in e.words) for w in typed_words)


def suggest(typed: str, pool: list[Entry], far: str | None = None, ids: bool = False) -> str:
    """' — did you mean X?' with the nearest entry, in the form the player typed it: one that
    shares a word with what was typed first ('search desk' offered "ana's bakery", a
    playtest), else the most alike in its letters. With `far`, a miss that shares no word
    and is like nothing gets `far` instead of a guess. `pool` is all it may offer: the
    caller leaves out what the player must not be told of (an unled hidden spot, a question
    or an answer they have not met)."""
    if not pool:
        return ""
    # An id is suggested to one who typed ids ("ada_key.moved_bye"); to one who typed words
    # with a dot ("quill house.desk", "hall.desk"), words: "did you mean 'quill_home'?" read
    # as a leaked internal name (a playtest).
    # An author's tool takes ids: 'nothing.here' there was offered "where ada's key is",
    # which it would not take (a developer's trial).
    idlike = "_" in typed or bool(re.search(r"\.", typed)) and " " not in typed and (
        ids or _exact_id(typed.partition(".")[0]) in {norm(e.id).partition(".")[0]
                                                      for e in pool})
    key = norm(typed)

    typed_words = [w for w in words(typed) if w not in STOP]

    def score(e: Entry) -> float:
        return max(SequenceMatcher(None, key, k).ratio() for k in e.keys | {norm(e.id)})
    def alike(e: Entry) -> float:
        """How like the entry's words the typed ones are, word by word: 'mira alergy' is
        nearer "whether mira is allergic…" than "whether mira has a fever", which a whole-line
        likeness offered (a playtest)."""
        return round(sum(max((SequenceMatcher(None, w, x).ratio() for x in e.words),
                             default=0.0) for w in typed_words), 6)
    # (an id typed is offered the id most like it as a whole: "oswin_home.desk" is nearer
    # "oswin_home" than another place's desk)
    best = max(pool, key=lambda e: (_shared(typed_words, e), 0.0 if idlike else alike(e),
                                    score(e), -len(e.id)))
    if far is not None and not _shared(typed_words, best) and score(best) < NEAR:
        return f" — {far}"
    shown = best.id if idlike or norm(best.label) == best.id else best.label.lower()
    return f" — did you mean '{shown}'?"


class Vocabulary:
    """Everything a command may name in one scenario."""

    def __init__(self, sim: Game):
        from .player import PLAYER

        sc = sim.sc
        self.residents = Kind("resident", [
            Entry(rid, p.name, [p.name.split()[0]]) for rid, p in sim.people.items()
            if rid != PLAYER])
        self.places = Kind("place", [
            Entry(pid, p["name"], aliases=[p["kind"]]) for pid, p in sim.places.items()])
        self.spots = Kind("spot", [
            Entry(f"{pid}.{s}", f"the {s} in {p['name']}", [s])
            for pid, p in sim.places.items() for s in p["spots"]])
        self.objects = Kind("thing", [
            Entry(oid, o["name"], []) for oid, o in sim.objects.items()])
        claims: dict[str, None] = {}
        seen: dict[str, dict[str, None]] = {}

        def note(claim: str, value: str | None = None) -> None:
            if claim.startswith("?") or "." not in claim:
                return
            claims.setdefault(claim, None)
            if value is not None and not value.startswith("?"):
                seen.setdefault(claim.partition(".")[2], {}).setdefault(value, None)

        for e in sc.endings:
            for c in e.explain:
                note(c)
        for b in sc.beliefs:
            note(b.claim, b.value)
        for f in sc.facts:
            note(f.claim, f.value)
        for o in sc.objects:
            note(f"{o.id}.location", o.location)
            for s in o.shows:
                note(s.claim, s.value)
        for d in sc.documents:
            for s in d.says:
                note(s.claim, s.value)
        from .lies import motive_claim

        for r in sc.residents:
            for lie in r.lies:
                note(lie.claim, lie.value)
                # What those who know of the liar's motive say ("the well would cross Ned's
                # field"): overheard, it was on the case board with no words to ask of it
                # (a playtest).
                got = motive_claim(r.id, lie.motive.model_dump()) if lie.motive else None
                if got is not None:
                    note(*got)
        for ev in sc.events:
            for s in [*ev.effects, *ev.reveals, *ev.seen_as, *ev.says]:
                note(s.claim, s.value)
        for rx in sc.reactions:
            note(rx.believes.claim, rx.believes.value)
            for s in rx.effects:
                note(s.claim, s.value)
        for name, attr in sim.attributes.items():
            for v in attr.values:
                seen.setdefault(name, {}).setdefault(v, None)
        self.sim = sim
        self.claims = Kind("claim", [self._claim_entry(c) for c in claims])
        self._seen = {a: list(v) for a, v in seen.items()}
        people = list(self.residents)
        # A value named by its own words: "because of the night shift at the mill" answers to
        # "night shift" as "working" does. Its words are its attribute's (one id may have
        # words under several attributes: each is a name it answers to).
        said: dict[str, list[str]] = {}
        for a, vs in self._seen.items():
            for v in vs:
                if (v in sim.people or v in sim.places or v in sim.objects or "." in v
                        or v in YES_NO):
                    continue
                w = sim.value_words(v, a)
                names = said.setdefault(v, [])
                if w not in names:
                    names.append(w)
        self.values = Kind("value", [
            *[Entry(r, self.residents.entries[r].label, []) for r in people],
            *self.places.entries.values(), *self.spots.entries.values(),
            *self.objects.entries.values(),
            *[Entry(v, ws[0], ws[1:]) for v, ws in said.items()],
            *[Entry(v, v, [YES_NO_WORDS[v]]) for v in YES_NO]])
        self._worded_cache: dict[tuple[str, str], Entry] = {}  # (attribute, value) -> entry
        # What anyone in town can name without having heard it as an answer.
        # Spots the scenario hides (the café's drawer): no word names one, nor is it offered
        # as the nearest, until the player has a lead on it — only its exact id does, as a
        # walkthrough, read before its run, writes it (`unled_spots`; when its step comes
        # with no lead, it stops the walkthrough as a made-up one does: game.walkthrough).
        self.hidden = {f"{pid}.{s}" for pid, p in sim.places.items()
                       for s in p.get("hidden", ())}
        self._public = set(people) | set(self.places) | (set(self.spots) - self.hidden) \
            | set(self.objects) | set(YES_NO)
        # While True, an unled hidden spot's exact id names nothing either (`as_guessed`).
        self._guessing = False
        self._author = False

    @contextmanager
    def as_author(self):
        """Read as the author, not the player: every answer and spot in the scenario is
        named, and a refusal never speaks of what 'you have heard' (an author's `edit`)."""
        was, self._author = self._author, True
        try:
            yield self
        finally:
            self._author = was

    @contextmanager
    def as_guessed(self):
        """Parse as if an unled hidden spot's exact id were a made-up one: the words a guess
        of it is refused in, so the refusal cannot tell a real hidden spot from a made-up
        one (its id parses otherwise only because walkthroughs are read before their run)."""
        was, self._guessing = self._guessing, True
        try:
            yield self
        finally:
            self._guessing = was

    def _claim_entry(self, claim: str) -> Entry:
        sim = self.sim
        subject, _, attribute = claim.partition(".")
        question = sim.say_claim(claim)
        label = sim.attributes.get(attribute)
        names = [question, sim.thing(subject), attribute.replace("_", " ")]
        if label is not None and label.label:
            names.append(label.label.replace("{subject}", "").replace("{value}", ""))
        return Entry(claim, question, names)

    # -- what commands ask for --------------------------------------------------------------

    def resident(self, typed: str) -> str:
        return self.residents.resolve(typed)

    def place(self, typed: str) -> str:
        return self.places.resolve(typed)

    def thing(self, typed: str) -> str:
        """A thing by its words — not a secret one the player has not met
        (`knowledge.unmet_secrets`): refused, and never offered, as a made-up one is ('take
        banana' offered "oswin's old index card", a secret; a hostile-input test). Its exact
        id parses outside play, as an unled hidden spot's does (`spot_or_place`)."""
        unmet = self.unmet_things()
        if unmet and _exact_id(typed) in unmet and not self._guessing:
            return _exact_id(typed)
        return self.objects.resolve(typed, allowed=(set(self.objects.entries) - unmet)
                                    if unmet else None)

    def unmet_things(self) -> set[str]:
        """The secret things the player has not met (none for the author, or with no
        player)."""
        if self._author or not getattr(self.sim, "has_player", False):
            return set()
        from .knowledge import unmet_secrets

        return unmet_secrets(self.sim)

    def unled_spots(self) -> set[str]:
        """The hidden spots the player has no lead on (none in a town with no player)."""
        if not self.hidden or self._author or not getattr(self.sim, "has_player", False):
            return set()
        from .player import has_lead

        return {h for h in self.hidden if not has_lead(self.sim, h)}

    def spot_or_place(self, typed: str) -> str:
        """A place or a spot in one — or a place by what hangs there ("search notice
        board": the square, where it hangs). A hidden spot the player has no lead on answers
        only to its exact id: 'search drawr' offered the café's drawer as the nearest."""
        unled = self.unled_spots()
        if _exact_id(typed) in unled and not self._guessing:
            return _exact_id(typed)
        hung: dict[str, list[str]] = {}
        for doc in getattr(self.sim, "documents", {}).values():
            hung.setdefault(doc["place"], []).append(doc["name"])
        places = [Entry(e.id, e.label, [*e.names, *hung[e.id]], aliases=e.aliases)
                  if e.id in hung else e
                  for e in self.places.entries.values()]
        # (a miss like nothing here is not answered with a guess: 'search desk', with the
        # mill's desk hidden, offered "ana's bakery" — a playtest)
        pool = Kind("place or spot", [*places, *(e for e in self.spots.entries.values()
                                                  if e.id not in unled)],
                    far="look says what you could search where you stand")
        try:
            return pool.resolve(typed)
        except CommandError:
            # 'search desk' in the apothecary means its desk, not the one in Oswin's house:
            # of several, the one where the player stands (read as the line is parsed — a
            # walkthrough read up front names spots elsewhere by their ids).
            st = getattr(self.sim, "state", {}).get("player")
            here = getattr(st, "place", None)
            found = [e for e in match(typed, list(pool.entries.values()))
                     if here and (e.id == here or e.id.startswith(here + "."))]
            if len(found) == 1:
                return found[0].id
            raise

    def claim(self, typed: str) -> str:
        """A claim of the scenario by its id (`ada_key.moved_by`, or its words spelled out:
        'ada key moved by') — or any `subject.attribute` whose subject is someone or something
        in town and whose attribute the scenario knows. By a few words or a prefix, and in the
        nearest suggested for a miss, only among the claims the player knows of
        (`knowledge.known_claims`): the player is a perceiver too, and a word that happens to
        fit a question they have not met must not name it to them."""
        key, spaced = norm(typed).strip(), " ".join(words(typed))
        known = self._known()
        # Typed in play, even a claim's id names it only once the player knows of it: 'ask
        # lin ana.break_off' in the first minute answered "Lin does not know whom Ana broke
        # off with" of a break-off hours away, and 'ivo owes' reached the liar's motive (a
        # playtest and an audit). Read before its run, a walkthrough may name any; its step
        # is read again when it comes (game.walkthrough._read_now).
        closed = known if self._guessing and not self._author else None
        pool = self.claims_met
        for c in pool:
            if (key == norm(c) or spaced == " ".join(words(c))) and \
                    (closed is None or c in closed):
                return c
        try:
            return pool.resolve(typed, allowed=known, ids=self._author)
        except CommandError:
            m = re.fullmatch(r"\s*([A-Za-z][\w]*)\.([A-Za-z][\w]*)\s*", typed)
            if m:
                s, a = m.group(1).lower(), m.group(2).lower()
                # (people and things: a place is where things are, not a question —
                # 'ask bo cafe.location' answered "Bo does not know where cafe is")
                things = set(self.residents) | set(self.objects)
                # (of an attribute the player has met a question of: 'bo.rival_of' taken
                # while 'bo.rival_ofx' was refused told which questions exist)
                met = None if closed is None else \
                    {c.partition(".")[2] for c in known_claims_of(self.sim)}
                # (nor a scenario's question the player has not met by its id, through here:
                # 'bo.rival_of' once any rival_of question was met — a review)
                hidden = closed is not None and f"{s}.{a}" in self.claims and \
                    f"{s}.{a}" not in closed
                if s in things and a in self.sim.attributes and (met is None or a in met) \
                        and not hidden:
                    return f"{s}.{a}"
            raise

    def unmet_claim(self, claim: str) -> bool:
        """Whether the player does not know of `claim` now (`claim` as `claim()` reads it)."""
        known = self._known()
        if known is None or self._author:
            return False
        if claim in self.claims:
            return claim not in known
        return claim.partition(".")[2] not in {c.partition(".")[2]
                                               for c in known_claims_of(self.sim)}

    def met_claims(self) -> set[str]:
        """The questions the player has met that commands name by words (none with no
        player)."""
        return self._known() or set()

    @property
    def claims_met(self) -> Kind:
        """The scenario's claims, and beside them any question the player has met that the
        scenario never states — what an act they saw stood on, "whom Ivo is avoiding": the
        claim view listed it, and `ask tam ivo avoid` was "no claim" (a window playtest).
        Built from what the player knows now, never kept in `claims` (the case's questions
        are read from those: kept there, what had been parsed changed the game, and a game
        continued from a save played otherwise than one played through; a review)."""
        if not getattr(self.sim, "has_player", False):
            return self.claims
        from .knowledge import known_claims

        things = set(self.residents) | set(self.objects)
        extra = tuple(sorted(c for c in known_claims(self.sim) - set(self.claims.entries)
                             if c.partition(".")[0] in things and
                             c.partition(".")[2] in self.sim.attributes))
        if not extra:
            return self.claims
        if getattr(self, "_met_key", None) != extra:
            self._met_key, self._met_kind = extra, Kind("claim", [
                *self.claims.entries.values(), *(self._claim_entry(c) for c in extra)])
        return self._met_kind

    def _known(self) -> set[str] | None:
        """The claims the player knows of now, of those commands name by words
        (`claims_met`); None (all of them) in a town with no player."""
        if not getattr(self.sim, "has_player", False):
            return None
        from .knowledge import known_claims

        return known_claims(self.sim) & set(self.claims_met.entries)

    def allowed(self, claim: str) -> set[str]:
        """The values the scenario's vocabulary allows for a claim: those it gives the
        attribute anywhere; everyone, for "who did it"; places, for whereabouts; both of yes
        and no, for a yes-or-no question; anything in town, for an attribute it never gives
        a value."""
        attribute = claim.partition(".")[2]
        attr = self.sim.attributes.get(attribute)
        seen = set(self._seen.get(attribute, ()))
        people, where = set(self.residents), set(self.places) | set(self.spots)
        out = set(seen)
        if (attr is not None and attr.actor) or seen & people:
            out |= people
        if attribute == "location" or attribute.startswith("at_d") or seen & where:
            out |= where | people
        if seen and seen <= set(YES_NO):
            out |= set(YES_NO)
        return out or set(self.values)

    def _worded(self, claim: str, e: Entry) -> Entry:
        """`e` answering, for this claim, to its attribute's own words for it too: "yes" is
        "is allergic to willowbark" for mira.allergy (and something else for another)."""
        attribute = claim.partition(".")[2]
        attr = self.sim.attributes.get(attribute)
        if attr is None or e.id not in attr.values:
            return e
        cache = self._worded_cache
        key = (attribute, e.id)
        if key not in cache:
            said = self.sim.value_words(e.id, attribute)
            cache[key] = e if said == e.label or said in e.names else \
                Entry(e.id, said, [*e.names, e.label], aliases=e.aliases)
        return cache[key]

    def known_answers(self, claim: str) -> set[str] | None:
        """The answers the player has met for `claim`'s attribute, beside what anyone can
        name (people, places, things, yes and no); None (all) in a town with no player."""
        if self._author or not getattr(self.sim, "has_player", False):
            return None
        from .knowledge import known_values, unmet_secrets

        return (self._public - unmet_secrets(self.sim)) | known_values(
            self.sim, claim.partition(".")[2])

    def value(self, claim: str, typed: str) -> str:
        """A value for `claim`: one the vocabulary allows for it, by id or its words exactly,
        or by a few of its words or a prefix — and, like claims, only among the answers the
        player has met or anyone can name: a word that happens to begin an answer nobody has
        given them must not name it, nor be offered as the nearest."""
        allowed = self.allowed(claim)
        everything = [self._worded(claim, e) for e in self.values.entries.values()
                      if e.id in allowed]
        key, spaced = norm(typed).strip(), " ".join(words(typed))
        # A hidden spot nobody has led the player to answers to its exact id only: 'drawer'
        # was a winning guess for where Ada's key is before anyone had said a word of it.
        unled = self.unled_spots()
        known = self.known_answers(claim)
        # Typed in play, even an answer's exact words or id name it only once the player has
        # met it: 'conclude meeting when on day 3 at six' was taken before the new notice
        # was up, and 'postponed' refused — a guess told which answers exist. (A walkthrough,
        # read before its run, may name any by its words or id; its step is read again
        # when it comes, as play reads it: game.walkthrough._read_now.)
        exact = [e for e in everything if (key in e.keys or spaced in e.keys)
                 and (e.id not in unled or (_exact_id(typed) == e.id
                                            and not self._guessing))
                 and not (self._guessing and known is not None and e.id not in known)]
        if len(exact) == 1:
            return exact[0].id
        pool = everything if known is None else [e for e in everything if e.id in known]
        found = match(typed, pool)
        if len(found) == 1:
            return found[0].id
        if found:
            # With the word that names each: 'allergic to willowbark' could be "is allergic…"
            # or "is not allergic…", and only "yes" or "no" would do — said nowhere (a
            # playtest).
            options = " or ".join(
                f"“{e.label}”" + (f" (type {w})" if (w := short_words(
                    self, "values", e.id, {x.id for x in pool})) != e.label else "")
                for e in found[:4])
            raise Ambiguous(f"'{said_back(typed)}' could be {options} — say which")
        visible = [e for e in self.values.entries.values() if known is None or e.id in known]
        if not match(typed, visible):  # (an answer they have not met is as good as no word)
            heard = "" if known is None else ", nor an answer you have heard"
            raise CommandError(f"'{said_back(typed)}' is not someone or something in this "
                               f"town{heard}" + suggest(typed, pool))
        question = self.claims.entries[claim].label if claim in self.claims else claim
        raise CommandError(f"'{said_back(typed)}' is not an answer to {question}"
                           + suggest(typed, pool))


def known_claims_of(sim) -> set[str]:
    """Every claim the player knows of, the scenario's or not (`knowledge.known_claims`)."""
    from .knowledge import known_claims

    return known_claims(sim)


def short_words(v: Vocabulary, kind: str, ident: str, allowed: set[str] | None = None) -> str:
    """The fewest words that name `ident` and nothing else — what a chip puts on the command
    line and the case board suggests: 'fen', 'cafe', 'key moved', 'drawer'. An id without
    `_` or `.` is already a word; failing all else, the id itself."""
    pool: Kind = getattr(v, kind)
    if "_" not in ident and "." not in ident:
        return ident
    # Spots are named where places are too ("search drawer"): a word must not name a place.
    rivals = list(pool.entries.values()) + (list(v.places.entries.values())
                                            if kind == "spots" else [])

    def names_it(phrase: str) -> bool:
        entries = [e for e in rivals if allowed is None or e.id in allowed]
        found = match(phrase, entries)
        return len(found) == 1 and found[0].id == ident

    e = pool.entries.get(ident)
    if e is None:
        return ident
    if kind in ("claims", "claims_met"):
        subject, _, attribute = ident.partition(".")
        thing = words(v.sim.thing(subject)) or words(subject)
        noun = thing[-1]
        said = [x for x in words(attribute) if x not in STOP] + words(e.label)
        said = [w for w in dict.fromkeys(said) if w not in STOP and w != noun]
        for w in said:
            if names_it(f"{noun} {w}"):
                return f"{noun} {w}"
        # Two words when one does not tell it apart: "mira given willowbark" beside "mira
        # given feverfew" (the id itself was offered as the words to type).
        for i, w in enumerate(said):
            for w2 in said[i + 1:]:
                if names_it(f"{noun} {w} {w2}"):
                    return f"{noun} {w} {w2}"
        return ident
    label = [w for w in words(e.label) if w not in STOP]
    people = {w for r in v.residents.entries.values() for w in words(r.label)}
    for w in reversed(label):  # "Ada's key" -> "key"; "the mill rota" -> "rota"
        if w not in people and names_it(w):
            return w
    for a, b in zip(label, label[1:], strict=False):  # "Bo's house" -> "bo house"
        if names_it(f"{a} {b}"):
            return f"{a} {b}"
    return ident


def resident_named(sim, typed: str) -> str | None:
    """The resident an author's tool is given (`--select`, `inspect -r`, `why RESIDENT`): the
    id, or as a command takes one — any case, a unique prefix, their name ("BEN", "Ben", "be"
    were refused where `ask be …` is not: a playtest); None if it names nobody, or more than
    one, for the tool to say so."""
    if typed in sim.people:
        return typed
    try:
        with sim.names().as_author() as words:
            return words.resident(typed)
    except CommandError:
        return None
