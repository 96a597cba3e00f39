"""Checks of what a story says and when, for the scenario loader's `Checker`: values an
attribute does not have, times outside the story, a player with nothing to win, claims about
nothing (a misspelt subject or attribute), and a resident's day that cannot be (two visits at
once, sleep that starts as it ends). Each takes the checker and reports through it, with the
line of the key at fault (an author tester's 119 broken variants of one scenario, many of
which passed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from difflib import get_close_matches
from typing import TYPE_CHECKING

from .. import clock

if TYPE_CHECKING:
    from .loader import Checker

# Motives' default claims (game.lies.RELATION; the scenario package does not import the
# game's): what `known_to` hold of the liar.
MOTIVE_CLAIMS = {"harm_rival": "rival_of", "protect_friend": "friend_of", "gain": "gains_from"}


def near(x: str, names, cutoff: float = 0.6) -> str:
    found = get_close_matches(x, list(names), n=1, cutoff=cutoff)
    return f" (did you mean {found[0]!r}?)" if found else ""


def typo_of(x: str, names) -> str:
    """' (did you mean …?)' with the name `x` is a typo of, if any, else ''. A near miss is
    taken for a typo within one edit (a letter wrong, missing, extra, or two swapped: 'tobais'
    for 'tobias', 'bne' for 'ben'), two in a word of eight letters or more ('dismisedd' for
    'dismissed') — not 'meeting' for a place 'meeting_hall'."""
    return Typos(names).of(x)


class Typos:
    """`typo_of` against one set of names, for many: each name indexed once by what it reads
    with a letter or two taken out, so a near miss is looked up, not compared with every name
    (a file of a thousand near misses of a thousand names took minutes to validate: a scenario
    fuzz). Two strings within k edits read the same with at most k letters taken out of each;
    the few names found so are measured, as before."""

    LONG = 40  # past this, a name is indexed (and a word looked up) one letter out only

    def __init__(self, names) -> None:
        self.index: dict[str, set[str]] = {}
        for n in names:
            for v in _taken_out(n, 2 if 6 <= len(n) <= self.LONG else 1):
                self.index.setdefault(v, set()).add(n)

    MEASURED = 200  # names measured for a two-edit guess, at most (nearest lengths first)

    def of(self, x: str) -> str:
        most = 1 if len(x) <= 7 else 2
        # One edit first: if any name is one edit away, the nearest is among them, and they
        # read the same with one letter (or none) out of each — few to measure, where two
        # letters out of "resident_00001" reads as hundreds of its neighbours.
        one = {n for v in _taken_out(x, 1) for n in self.index.get(v, ())
               if n != x and abs(len(n) - len(x)) <= 1 and _edits(x, n, 1) <= 1}
        if one:
            return f" (did you mean {min(one)!r}?)"
        if most == 1:
            return ""
        found: set[str] = set()
        for v in _taken_out(x, most if len(x) <= self.LONG else 1):
            found |= self.index.get(v, set())
        near = sorted((abs(len(n) - len(x)), n) for n in found
                      if abs(len(n) - len(x)) <= most and n != x)
        best = min(((d, n) for _, n in near[:self.MEASURED]
                    if (d := _edits(x, n, most)) <= most), default=None)
        return f" (did you mean {best[1]!r}?)" if best else ""


def _taken_out(word: str, k: int) -> set[str]:
    """`word`, and it with up to `k` letters taken out."""
    out, ring = {word}, {word}
    for _ in range(k):
        ring = {w[:i] + w[i + 1:] for w in ring for i in range(len(w))}
        out |= ring
    return out


def _edits(a: str, b: str, most: int) -> int:
    """Edits from `a` to `b` (optimal string alignment: a swap of two letters is one), or
    `most` + 1 once it is sure to be more. Only the cells within `most` of the diagonal are
    worked out: any other is more than `most` already."""
    over = most + 1
    if abs(len(a) - len(b)) > most:
        return over
    n = len(b)
    prev2: list[int] = []
    prev = [j if j <= most else over for j in range(n + 1)]
    for i in range(1, len(a) + 1):
        row = [over] * (n + 1)
        row[0] = i if i <= most else over
        least = row[0]
        for j in range(max(1, i - most), min(n, i + most) + 1):
            cost = a[i - 1] != b[j - 1]
            v = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            row[j] = v if v < over else over
            least = min(least, row[j])
        if least > most:
            return over
        prev2, prev = prev, row
    return prev[-1]


# -- values ---------------------------------------------------------------------------------


def stated(ck: Checker) -> Iterator[tuple[tuple, str, str]]:
    """Every claim = value the scenario writes, with the location of its value: facts,
    beliefs, clues, papers, what events say, change, reveal and seem, edits, lies and what
    others know of a liar's motive, what reactions change and wait for."""
    sc = ck.sc
    for i, f in enumerate(sc.facts):
        yield ("facts", i, "value"), f.claim, f.value
    for i, b in enumerate(sc.beliefs):
        yield ("beliefs", i, "value"), b.claim, b.value
    for i, o in enumerate(sc.objects):
        for j, st in enumerate(o.shows):
            yield ("objects", i, "shows", j, "value"), st.claim, st.value
    for i, d in enumerate(sc.documents):
        for j, st in enumerate(d.says):
            yield ("documents", i, "says", j, "value"), st.claim, st.value
    for i, e in enumerate(sc.events):
        for key in ("says", "effects", "reveals", "seen_as"):
            for j, st in enumerate(getattr(e, key)):
                yield ("events", i, key, j, "value"), st.claim, st.value
        if e.kind == "edit" and e.claim and e.value:
            yield ("events", i, "value"), e.claim, e.value
    for i, r in enumerate(sc.residents):
        for j, lie in enumerate(r.lies):
            yield ("residents", i, "lies", j, "value"), lie.claim, lie.value
            m = lie.motive
            if m is not None and m.claim and m.value:
                yield ("residents", i, "lies", j, "motive", "value"), m.claim, m.value
    for i, r in enumerate(sc.reactions):
        for j, st in enumerate(r.effects):
            yield ("reactions", i, "effects", j, "value"), st.claim, st.value
        for j, st in enumerate(r.reveals):
            yield ("reactions", i, "reveals", j, "value"), st.claim, st.value
        yield ("reactions", i, "believes", "value"), r.believes.claim, r.believes.value


def value_problem(ck: Checker, claim: str, value: str) -> str | None:
    """Why `value` cannot be a value of `claim`, or None: a spot its place does not have
    ('office.dsk'), or — for an attribute that declares its `values` — none of them, naming
    nobody and nothing in the scenario, and not yes or no."""
    if not value or value.startswith("?"):
        return None  # (a reaction's variable matches any)
    if value == "player" and ck.sc.player is None:
        # (a fact "hal_coat.taken_by = player" in a town with no player was shown as
        # "player ✗: Hal 58%"; a review)
        return "no resident 'player' (this scenario has no [player]: nobody plays it)"
    place, dot, spot = value.partition(".")
    if dot and place in ck.places:
        spots = ck.places[place].spots
        if spot not in spots:
            return (f"{place!r} has no spot {spot!r} (spots: {', '.join(spots) or 'none'})" +
                    near(value, [f"{place}.{x}" for x in spots]))
        return None
    attribute = claim.partition(".")[2]
    a = ck.sc.attributes.get(attribute)
    if attribute == "location" and (a is None or not a.values) and value != "missing" and \
            value not in ck.places and value not in ck.people:
        # Where someone or something is names a place, a spot of one or someone: a brief's
        # "Dee is at atlantis" passed and its answer was dropped unsaid (a scenario fuzz).
        return (f"{value!r} is not a place, place.spot or anyone here" +
                near(value, [*ck.places, *ck.people]))
    if a is None or not a.values:
        return None
    if value in a.values or value in ("yes", "no") or value in ck.people or \
            value in ck.places or value in ck.objects or value in ck.documents or \
            (attribute == "location" and value == "missing"):
        return None
    listed = list(a.values)
    shown = ", ".join(listed[:12]) + (", …" if len(listed) > 12 else "")
    return (f"{value!r} is not one of the values of {attribute!r} ({shown}), and names nobody "
            "and nothing here" + near(value, listed, 0.45))


def values(ck: Checker) -> None:
    """A value the attribute does not have is an error where it is written: the run said
    "the harbour lamp went dark oil" of `value = "oil"` for `short_oil`. Two facts of one
    claim that differ are an error at the second: the later won unsaid, and a story was lost
    at its first tick (`cy.barred = "yes"` beside `"no"`: a scenario fuzz)."""
    first: dict[str, int] = {}
    for i, f in enumerate(ck.sc.facts):
        j = first.setdefault(f.claim, i)
        if j != i and ck.sc.facts[j].value != f.value:
            line = ck.lines.line_of(("facts", j, "value"))
            ck.bad(("facts", i, "value"), f"{f.claim!r} is already {ck.sc.facts[j].value!r} "
                   f"(facts[{j}]" + (f", line {line}" if line else "") + "): a fact is one "
                   "value at the start; what changes later is an event's `effects`")
    for loc, claim, value in stated(ck):
        if value and value.startswith("?") and loc[0] != "reactions":
            # (a variable matches any value in what a reaction waits for; a fact or a clue
            # of "?x" was taken as the value "?x": a fuzzer)
            ck.bad(loc, f"{value!r} is a variable, which only a reaction may use (to match "
                   "any value); here write the value itself")
            continue
        why = value_problem(ck, claim, value)
        if why:
            ck.bad(loc, why)
            continue
        a = ck.sc.attributes.get(claim.partition(".")[2])
        if a is not None and a.actor and value and not value.startswith("?") and \
                value not in ck.people and value not in a.values and \
                value not in ("missing", "yes", "no", "nobody", "someone", "unknown"):
            # The one who did it is someone: a lie of "tom" for "tam" spread through the
            # town unwarned (an author's trial).
            ck.warnings.append((ck.lines.line_of(loc), _name(loc),
                                f"{value!r} is no one in the scenario, but {claim!r} is "
                                "whoever did it (its attribute has actor = true)" +
                                near(value, sorted(ck.people))))


# -- times ------------------------------------------------------------------------------------


def end_of(ck: Checker) -> int:
    """When `hearsay run` stops by default: the story's `days` after its start."""
    info = ck.sc.scenario
    return clock.align(clock.parse_when(info.start)) + info.days * clock.DAY


def times(ck: Checker) -> None:
    """Times outside the story. Before the start: a deadline already past, an ending never
    checked, a memory of what has not happened yet — errors. After its `days`: an event, an
    ending or a deadline `hearsay run` never reaches unless told to run on (`--days`) —
    warnings."""
    sc = ck.sc
    start = clock.parse_when(sc.scenario.start)
    end = end_of(ck)
    begins = f"the story starts at {clock.fmt(start)} (scenario.start)"
    over = (f"the story's {sc.scenario.days} day{'s' if sc.scenario.days != 1 else ''} end at "
            f"{clock.fmt(end)} (scenario.days)")

    def late(loc: tuple, what: str) -> None:
        ck.warnings.append((ck.lines.line_of(loc), _name(loc), f"{what}: {over}, and "
                            "`hearsay run` stops then unless given more --days"))

    timed = [(("goals", i, "by"), g.by, "due at", "the deadline has passed before the player "
              "can do anything") for i, g in enumerate(sc.goals)] + \
        [(("endings", i, "at"), e.at, "checked at", "it can never come")
         for i, e in enumerate(sc.endings)]
    for loc, when, said, why in timed:
        if when is None:
            continue
        at = clock.parse_when(when)
        if at < start:
            ck.bad(loc, f"{said} {clock.fmt(at)}, before {begins}: {why}")
        elif at > end:
            late(loc, f"{said} {clock.fmt(at)}")
    for i, e in enumerate(sc.events):
        at = clock.parse_when(e.at)
        if at > end:
            late(("events", i, "at"), f"at {clock.fmt(at)} it never happens in a run")
    for i, b in enumerate(sc.beliefs):
        if b.at is not None and (at := clock.parse_when(b.at)) > start:
            ck.bad(("beliefs", i, "at"), f"a memory from {clock.fmt(at)}, after {begins}: "
                   "what residents believe at the start they came by before it (an event "
                   "then can tell them)")


# -- endings ----------------------------------------------------------------------------------


def endings(ck: Checker) -> None:
    """A story with a player is played to an ending: with none it runs on with nothing to
    reach, with no `win = true` there is nothing to win. (A town with no player, like
    nine_neighbours, needs neither.) Warnings: a sandbox may mean it."""
    sc = ck.sc
    if sc.player is None:
        return
    if not sc.endings:
        ck.warnings.append((ck.lines.line_of(("player",)), "player",
                            "a story with a player has no [[endings]]: it never ends, and "
                            "there is nothing to win"))
    elif not any(e.win for e in sc.endings):
        ck.warnings.append((ck.lines.line_of(("endings",)), "endings",
                            "no ending has win = true: the player cannot win"))


# -- claims -----------------------------------------------------------------------------------


def mentions(ck: Checker) -> Iterator[tuple[tuple, str, bool]]:
    """Every claim the scenario names, with its location and whether a warning about an
    attribute nothing sets already covers it (conditions and reactions)."""
    sc = ck.sc
    for loc, claim, _ in stated(ck):
        yield loc[:-1] + ("claim",), claim, loc[0] == "reactions" and loc[2] == "believes"
    for i, b in enumerate(sc.beliefs):
        for j, p in enumerate(b.premises):
            yield ("beliefs", i, "premises", j), p, False
    for i, e in enumerate(sc.events):
        if e.claim and not (e.kind == "edit" and e.value):
            yield ("events", i, "claim"), e.claim, False
    for i, r in enumerate(sc.residents):
        for j, lie in enumerate(r.lies):
            m = lie.motive
            if m is not None and m.claim and not m.value:
                yield ("residents", i, "lies", j, "motive", "claim"), m.claim, False
    for i, r in enumerate(sc.reactions):
        if r.place_from:
            yield ("reactions", i, "place_from"), r.place_from, False
    for i, e in enumerate(sc.endings):
        for j, c in enumerate(e.explain):
            yield ("endings", i, "explain", j), c, False
    for loc, claim in ck.asked:
        yield loc, claim, True


def claims(ck: Checker) -> None:
    """A claim about a subject that is nobody and nothing here, or an attribute that is not
    declared, may be abstract (`meeting.when`); named once and a near miss of a known one
    (`tobais.dismissed`, `tobias.dismised`) it is most likely a typo: a warning. An ending's
    `explain` naming a claim nothing states or asks about shows nobody: an error."""
    sc = ck.sc
    found = list(mentions(ck))
    subjects = Counter(c.partition(".")[0] for _, c, _ in found)
    attributes = Counter(c.partition(".")[2] for _, c, _ in found)
    things = {*ck.people, *ck.places, *ck.objects, *ck.documents}
    from .loader import BUILTIN_ATTRIBUTES

    declared = set(BUILTIN_ATTRIBUTES) | set(sc.attributes)
    subject_typos = attribute_typos = None  # (built when first wanted)
    for loc, claim, covered in found:
        subject, _, attribute = claim.partition(".")
        if not subject.startswith("?") and subject not in things and subjects[subject] == 1:
            subject_typos = subject_typos or Typos(things | set(subjects))
            hint = subject_typos.of(subject)
            if hint:
                ck.warnings.append((ck.lines.line_of(loc), _name(loc), f"{subject!r} is "
                                    "nobody and nothing in the scenario, and no other claim is "
                                    f"about it{hint}"))
        if not covered and attribute not in declared and attributes[attribute] == 1 and \
                not attribute.startswith(("believes ", "at_d")):  # (the engine's own)
            attribute_typos = attribute_typos or Typos(declared | set(attributes))
            hint = attribute_typos.of(attribute)
            if hint:
                ck.warnings.append((ck.lines.line_of(loc), _name(loc), f"{attribute!r} is "
                                    "not a declared attribute, and no other claim has it"
                                    f"{hint}"))
    known = {c for loc, c, _ in found if loc[:1] != ("endings",) or loc[2:3] != ("explain",)}
    known |= {f"{o}.location" for o in ck.objects}
    known |= {f"{r.id}.{MOTIVE_CLAIMS[lie.motive.kind]}" for r in sc.residents
              for lie in r.lies if lie.motive and lie.motive.kind in MOTIVE_CLAIMS}
    any_subject = {c.partition(".")[2] for c in known if c.startswith("?")}
    for i, e in enumerate(sc.endings):
        for j, c in enumerate(e.explain):
            attribute = c.partition(".")[2]
            if c in known or c.startswith("?") or attribute in any_subject or \
                    attribute in BUILTIN_ATTRIBUTES:
                continue
            ck.bad(("endings", i, "explain", j), f"nothing in the scenario states or asks "
                   f"about {c!r}, so the ending screen has no believers of it to show" +
                   near(c, sorted(known - {c})))


# -- residents' days ------------------------------------------------------------------------


def days(ck: Checker, i: int, r) -> None:
    """Two visits (or two absences) of one resident at once: only one of them can be kept.
    Two places at one time of day in a schedule: only one of them is kept, whichever sorts
    last. A visit wholly inside an absence never happens (the absence wins). (Sleep from a
    time to the same time is a resident who never sleeps, as the engine reads it.)"""
    for key in ("visits", "away"):
        stays = sorted((clock.parse_when(a.start), clock.parse_when(a.end), j)
                       for j, a in enumerate(getattr(r, key)))
        for (_, e0, j0), (s1, _, j1) in zip(stays, stays[1:], strict=False):
            if s1 < e0:  # (sorted by start: the later starts before the earlier ends)
                other = getattr(r, key)[min(j0, j1)]
                ck.bad(("residents", i, key, max(j0, j1)), f"overlaps {key}[{min(j0, j1)}] "
                       f"({other.start} to {other.end}): one resident is in one place at a "
                       "time")
    at: dict[int, int] = {}
    for j, entry in enumerate(r.schedule):
        t = clock.parse_time_of_day(entry.at)
        if t in at:
            ck.bad(("residents", i, "schedule", j), f"at {entry.at} again (schedule[{at[t]}] "
                   "is at that time too): one resident is in one place at a time")
        at.setdefault(t, j)
    away = [(clock.parse_when(a.start), clock.parse_when(a.end), k)
            for k, a in enumerate(r.away)]
    for j, v in enumerate(r.visits):
        vs, ve = clock.parse_when(v.start), clock.parse_when(v.end)
        inside = next((k for s0, e0, k in away if s0 <= vs and ve <= e0), None)
        if inside is not None:
            ck.warnings.append((ck.lines.line_of(("residents", i, "visits", j)),
                                _name(("residents", i, "visits", j)),
                                f"falls while they are away (away[{inside}]): the absence "
                                "wins, and this visit never happens"))


def _name(loc: tuple) -> str:
    from .loader import _loc_name

    return _loc_name(loc)
