"""Building a player command by clicking: what the command line expects next, and choices.

The dialogue box offers the verbs as buttons; once a verb is chosen it offers the next word
it needs (someone here, a claim you know of, a value, a place, a thing you carry, a time) as
clickable chips, and Tab completes a half-typed word. Typed or clicked, the command ends up as
text that `game.commands.parse` checks. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass

from game import PLAYER, VERBS, CommandError, clock, known_values, questions, short_words
from game import known_claims as game_known_claims
from game import split_words as words
from game.commands import ALIASES

from .labels import name_of, value_label

# What each verb's words are; a trailing "?" marks an optional one. `who`'s time is the rest
# of the line ("day 1 08:10").
ARGS: dict[str, list[str]] = {
    "go": ["place"],
    "wait": ["duration?"],
    "ask": ["resident", "claim"],
    "why": ["resident", "claim"],
    "who": ["resident", "time?"],
    "tell": ["resident", "claim", "value", "anonymously?"],
    "show": ["resident", "object"],
    "search": ["spot?"],
    "take": ["object"],
    "bring": ["resident"],
    "mediate": ["resident", "resident", "claim"],
    "conclude": ["claim", "value"],
    "say": ["words"],  # free text: nothing to offer
    "where": ["anyone"],  # "where is fen": anyone in town, not only who is here
    "look": [],  # nothing to add: a chip or button for it runs it at once
    "help": [],
}

MAX_CHOICES = 14


@dataclass(frozen=True)
class Choice:
    label: str  # what the chip shows
    insert: str  # the word it puts on the command line
    hint: str = ""  # a second, fainter word (e.g. "here")


@dataclass(frozen=True)
class Expect:
    kind: str  # "verb", an ARGS kind without "?", or "" when nothing more is needed
    prefix: str  # the half-typed word (a claim: every word of it typed so far)
    verb: str | None
    args: list[str]  # the complete words so far, after the verb
    optional: bool = False
    claim: str = ""  # the claim the words so far name, once they name one


def usage(verb: str | None) -> str:
    v = (verb or "").lower()
    return VERBS.get(ALIASES.get(v, v), "")


def expecting(text: str, vocab=None) -> Expect:
    """What the command line needs next. With the scenario's vocabulary, a claim may take
    several words ("tell fen key moved dee"): the fewest words that name one claim."""
    words = text.split()
    open_word = bool(text) and not text[-1].isspace()
    if not words or (len(words) == 1 and open_word):
        return Expect("verb", words[0] if words else "", None, [])
    verb = words[0].lower()
    verb = ALIASES.get(verb, verb)  # "walk …" is "go …", as the parser reads it
    done = words[1:-1] if open_word else words[1:]
    prefix = words[-1] if open_word else ""
    spec = ARGS.get(verb)
    if verb == "where" and done[:1] == ["is"]:
        done = done[1:]
    if spec is None:
        return Expect("", prefix, verb, done)
    if verb == "who" and len(done) >= 1:
        return Expect("time", prefix, verb, done, optional=True)
    i = j = 0
    claim = ""
    while i < len(spec) and j < len(done):
        if spec[i] == "claim" and vocab is not None:
            span = _claim_span(vocab, done[j:])
            if span is None:  # still typing it: all its words are the half-typed part
                rest = " ".join(done[j:] + ([prefix] if prefix else []))
                return Expect("claim", rest, verb, done[:j])
            claim = vocab.claim(" ".join(done[j:j + span]))
            j += span
        else:
            j += 1
        i += 1
    if j < len(done) or i >= len(spec):
        return Expect("", prefix, verb, done, claim=claim)
    kind = spec[i]
    return Expect(kind.rstrip("?"), prefix, verb, done, optional=kind.endswith("?"),
                  claim=claim)


def _claim_span(vocab, words: list[str]) -> int | None:
    """How many of `words` the claim takes: the fewest that name exactly one."""
    for k in range(1, len(words) + 1):
        try:
            claim = vocab.claim(" ".join(words[:k]))
        except CommandError:
            continue
        # ...or as many as its chip put on the line: 'ben refused' names Ben's question,
        # but so does 'ben' alone, and 'refused' was taken for the answer ("Ready").
        chip = short_words(vocab, "claims_met", claim).lower().split()
        if len(chip) > k and [w.lower() for w in words[:len(chip)]] == chip:
            return len(chip)
        return k
    return None


def choices(session, text: str) -> list[Choice]:
    """What can come next on the command line, filtered by what is half typed. Each choice
    puts words on the line, not ids: the fewest that name it (`game.vocab.short_words`)."""
    sim = session.sim
    v = sim.names()
    ex = expecting(text, v)
    out: list[Choice]
    if ex.kind == "verb":
        # (say with no language model: no one here takes anything from it, as its missing
        # button says; the picker still offered it: a window playtest)
        out = [Choice(x, x) for x in VERBS
               if x != "say" or getattr(sim, "model", None) is not None]
    elif ex.kind == "resident":
        out = [Choice(name_of(sim, r), short_words(v, "residents", r), "here")
               for r in session.here() if r not in ex.args]
    elif ex.kind == "anyone":
        out = [Choice(name_of(sim, r), short_words(v, "residents", r))
               for r in sorted(sim.people, key=sim.name) if r != PLAYER]
    elif ex.kind == "place":
        out = [Choice(p["name"], short_words(v, "places", pid))
               for pid, p in sim.places.items()
               if p["kind"] != "away" and pid != session.place]
    elif ex.kind == "claim":
        out = [Choice(sim.say_claim(c), short_words(v, "claims_met", c))
               for c in known_claims(session)]
    elif ex.kind == "value":
        claim = ex.claim or next((a for a in ex.args if "." in a), "")
        attr = claim.partition(".")[2] or None
        allowed = v.allowed(claim) if claim else None
        out = [Choice(value_label(sim, x, attr), _one_word(v, x, allowed))
               for x in values_for(session, claim)]
    elif ex.kind == "object":
        got = things(session)
        if ALIASES.get(ex.verb or "", ex.verb) == "take":
            # Take: what is here to take — not the card already in hand, offered first once
            # carried things came first for show (a review).
            got = [(o, hint) for o, hint in got if hint != "you carry it"]
        out = [Choice(sim.objects[o]["name"], short_words(v, "objects", o), hint)
               for o, hint in got]
    elif ex.kind == "spot":
        place = session.place
        spots = sim.places.get(place, {}).get("spots", []) if place else []
        unled = v.unled_spots()  # a hidden spot is offered once someone has led you to it
        out = [Choice(s, short_words(v, "spots", f"{place}.{s}")) for s in spots
               if f"{place}.{s}" not in unled]
    elif ex.kind == "time":
        out = [Choice(t, t) for t in recent_times(session)]
    elif ex.kind == "duration":
        out = [Choice(d, d) for d in ("30m", "1h", "2h", "4h", "8h")]  # ("30" had no unit)
    elif ex.kind == "anonymously":
        out = [Choice("anonymously", "anonymously", "hide where it came from")]
    else:
        out = []
    if ex.prefix and ex.kind != "time":
        typed = words(ex.prefix)
        out = [c for c in out if all(any(w.startswith(t) for w in words(
            f"{c.insert} {c.label}")) for t in typed)]
    # every verb (sixteen: 'look' and 'help' came last and were cut); other kinds, a few
    return out if ex.kind == "verb" else out[:MAX_CHOICES]


def _one_word(v, value: str, allowed: set[str] | None) -> str:
    """A value goes last on the line, so it must be one word: its shortest name if that is
    one word, else its id."""
    for kind in ("residents", "spots", "places", "objects"):
        if value in getattr(v, kind):
            w = short_words(v, kind, value, allowed=allowed)
            return w if " " not in w else value
    return value


def apply(text: str, choice: Choice, vocab=None) -> str:
    """The command line with `choice` put in place of the half-typed words."""
    ex = expecting(text, vocab)
    if ex.kind == "time" and ex.prefix:
        # "who fen day 1" + a whole time: replace everything after the resident
        head = " ".join([ex.verb or "", *ex.args[:1]])
        return f"{head} {choice.insert} "
    parts = text.split()
    if ex.prefix:
        parts = parts[:len(parts) - len(ex.prefix.split())]
    return " ".join([*parts, choice.insert]) + " "


def complete(session, text: str) -> str:
    """Tab: fill in the half-typed word with the first choice that fits."""
    opts = choices(session, text)
    return apply(text, opts[0], session.sim.names()) if opts else text


def known_claims(session) -> list[str]:
    """The claims the player knows of (`game.known_claims`: the brief's questions first, as
    the briefing lists them, then whatever they have met); with no player, the ones the
    scenario's endings turn on. The Ask picker left out the brief's "where the mill rota is"
    until someone had answered it."""
    sim = session.sim
    first = questions(sim)
    if not session.has_player:
        return list(dict.fromkeys(c for e in sim.sc.endings
                                  for c in (getattr(e, "explain", []) or [])))
    # Not where someone was at an hour: those are asked with 'who', and the vocabulary has
    # no words for them (a chip put 'ask ada dee.at_d1_0700' on the line, then refused).
    met = {c for c in game_known_claims(sim) if not c.partition(".")[2].startswith("at_d")}
    return [*first, *sorted(met - set(first))]


def values_for(session, claim: str) -> list[str]:
    """Values worth offering for a claim: what the player has heard (their own belief's
    candidates, then every answer they have met for such questions), and — for "who did it"
    claims — everyone in town, by name. What residents believe is offered only with open
    minds on: in play, the chips offered the café drawer for where Ada's key is at the start,
    which only Dee and Fen knew, and put Dee before the others for who moved it."""
    sim = session.sim
    s, _, a = claim.partition(".")
    vals: dict[str, None] = {}
    if s and a:
        if session.has_player:
            b = sim.store.belief(PLAYER, s, a, history=False)
            for c in (b.candidates if b else []):
                vals[c.value] = None
            for v in sorted(known_values(sim, a)):
                vals[v] = None
        if session.full_minds or not session.has_player:
            for b in sim.store.believers(s, a):
                vals[b.value] = None
        if sim.is_actor_attribute(a):
            for r in sorted(sim.people, key=sim.name):
                if r != PLAYER:
                    vals[r] = None
    if s and a and {"yes", "no"} <= sim.names().allowed(claim):
        # Both answers of a yes-or-no question are anyone's to give, heard or not (the
        # briefing's "is allergic" was no chip once the player had heard only "is not").
        vals.update({"yes": None, "no": None})
    return list(vals)


def things(session) -> list[tuple[str, str]]:
    """(object, hint) the player can name: what they carry, then what they know is here."""
    sim = session.sim
    out = []
    here = session.place
    for oid in sim.objects:
        loc = sim.world.fact(oid, "location") or ""
        if loc == PLAYER:
            out.append((oid, "you carry it"))
        elif here and session.has_player:
            # Where the player last saw it, not where it is: the chip vanished when a thing
            # was moved out of sight, while the notebook still had it here (an audit).
            b = sim.store.belief(PLAYER, oid, "location", history=False)
            if b is not None and b.value.split(".")[0] == here:
                out.append((oid, "here"))
    # Carried first, as said: the ledger lying in the shop came before the card in hand, and
    # Tab showed it instead (a window playtest).
    return sorted(out, key=lambda oh: oh[1] != "you carry it")


def recent_times(session) -> list[str]:
    """A few past times to ask 'who was there?' about: the last few half hours (any other
    time can be typed, like "day 1 08:10")."""
    now = session.now
    times = []
    t = clock.align(now) - clock.align(now) % 30
    for _ in range(6):
        if t < 0:
            break
        times.append(clock.fmt(t))
        t -= 30
    return times
