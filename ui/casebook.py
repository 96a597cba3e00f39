"""The case board and the page on one resident's mind, as the player knows them — pages of
words that the window draws and the command line prints (`hearsay run … --notebook`).

Both are built from the player's knowledge only (`game.knowledge`): what people said in the
player's hearing, the questions the player asked, what the player did and saw. Open minds
adds what is really so, marked as such. No pygame here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from game import (
    PLAYER,
    Said,
    and_list,
    answers,
    brief_tells,
    clock,
    clue_behind,
    clue_seen,
    done_by_player,
    gave,
    last_whereabouts,
    looks_round,
    origin_name,
    put_it_up,
    questions,
    refusals,
    said,
    seen_summary,
    short_words,
    sure_words,
    unanswered,
)


@dataclass
class Block:
    style: str  # title, head, sub, text, quote, good, bad, warn, dim, truth
    text: str
    indent: int = 0


@dataclass
class Page:
    blocks: list[Block] = field(default_factory=list)

    def add(self, style: str, text: str, indent: int = 0) -> None:
        self.blocks.append(Block(style, text, indent))

    def lines(self) -> list[str]:
        return [b.text for b in self.blocks]

    def text(self) -> str:
        """The page as plain text, for the command line."""
        out = []
        for b in self.blocks:
            if b.style == "title":
                out += [b.text, "=" * len(b.text)]
            elif b.style == "head":
                out += ["", b.text.upper()]
            else:
                mark = {"warn": "! ", "good": "✓ ", "bad": "✗ ", "truth": "◆ "}.get(b.style, "")
                out.append("  " * (b.indent + 1) + mark + b.text)
        return "\n".join(out)


def when(minute: int) -> str:
    """'08:10 on day 1'."""
    return f"{clock.fmt_clock(minute)} on day {clock.day_of(minute)}"


def question_text(sim, claim: str) -> str:
    """The question a claim asks, as a heading: 'Who moved Ada's key'."""
    q = sim.say_claim(claim)
    return q[:1].upper() + q[1:]


def account(sim, s: Said, *, with_teller: bool = True) -> str:
    """'Fen said she saw it herself (09:20 on day 1, when you asked); she seemed certain'."""
    p = sim.pronoun(s.teller)
    if s.kind == "reaction":
        return _reaction(sim, s, with_teller)
    src = gave(sim, s.teller, s.kind, s.basis, s.origin, s.via)
    src = src[4:] if src.startswith("who ") else f"spoke {src}"
    if s.basis == "saw" and s.kind == "hearsay" and put_it_up(sim, s.teller, s.claim,
                                                              s.value, s.at):
        # as their words said ("I put the notice up myself"), not "said he saw it"
        src = f"said {p.subj} put it up {p.refl}"
    elif (clue := _clue(sim, s)) is not None:  # "I've seen Ada's key for myself"
        src = f"said {p.subj} had seen {sim.their_thing(clue, s.teller)} for {p.refl}"
    how = ("when you asked" if s.asked else "to you" if s.to == PLAYER else
           f"at the meeting you set up with {sim.name(s.to)}" if s.turn == "mediate" else
           f"overheard, to {sim.name(s.to)}")
    who = f"{sim.name(s.teller)}: " if with_teller else ""
    sure = sure_words(s.sure, p)
    return f"{who}{p.subj} {src} ({when(s.at)}, {how})" + (f"; {sure}" if sure else "")


def _same_account(was: Said, s: Said) -> bool:
    """Whether `s` says again what `was` said, from the same source as sure: no news."""
    return (was.kind, was.basis, was.origin, was.via, was.sure) == (
        s.kind, s.basis, s.origin, s.via, s.sure)


def _before(changed: list[Said], now: str) -> list[Said]:
    """The accounts someone gave before the one they hold to now, the last of each other
    value, newest first: each "before that" goes one further back (oldest first read
    "cancelled" as before "day 2 at six", which it came after: a playtest)."""
    last: dict[str, Said] = {}
    for e in changed:
        if e.value != now:
            last.pop(e.value, None)
            last[e.value] = e
    return list(reversed(last.values()))


def _reaction(sim, s: Said, with_teller: bool) -> str:
    """'Ada: she came round to it after you showed her Ada's key (10:10 on day 1)'."""
    p = sim.pronoun(s.teller)
    what = sim.objects.get(s.origin or "", {}).get("name", "it")
    why = {"told": f"after you told {p.obj}",
           "shown": f"after you showed {p.obj} {what}",
           "mediated": f"after {sim.name(s.origin)} told {p.obj}"}.get(s.basis or "", "")
    who = f"{sim.name(s.teller)}: " if with_teller else ""
    change = s.turn.partition(":")[2]
    did = {"new": "came to believe it", "changed": "came round to it",
           "reinforce": "held to it", "same": "held to it",
           "doubt": f"{p.verb('was')} left unsure of it",
           "less": f"{p.verb('was')} left unsure of it",
           "torn": f"{p.verb('was')} left torn over it",
           "rejected": "kept to it"}.get(change, "held to it")
    sure = sure_words(s.sure, p)
    return (f"{who}{p.subj} {did} {why} ({when(s.at)}, in front of you)"
            + (f"; {sure}" if sure else ""))


# -- the case board ------------------------------------------------------------------------------


def case_board(sim, open_minds: bool = False) -> Page:
    """Each open question with the answers heard (who, the source they gave, when), accounts
    that contradict each other side by side, who has not been asked; what the player has
    shown or told whom; the deadline."""
    page = Page()
    info = sim.sc.scenario
    page.add("title", info.title)
    page.add("sub", _deadline(sim))
    for g in sim.sc.goals:
        page.add("text", f"Goal: {g.text}" + (f" (by {_by(g.by)})" if g.by else ""))
    heard_all = [s for s in said(sim) if not s.where_slot]
    for claim in questions(sim):
        _question(page, sim, claim, [s for s in heard_all if s.claim == claim], open_minds)
    others = sorted({s.claim for s in heard_all} - set(questions(sim)))
    if others:
        page.add("head", "Other things you heard")
        for claim in others:
            latest = {x.teller: x for x in heard_all if x.claim == claim}
            for s in latest.values():
                # "Ana says she broke off with Ben", not "Ana: Ana broke off with Ben"
                page.add("text", f"{sim.name(s.teller)} {sim.nverb(s.teller, 'say')} "
                         f"{sim.say_claim(claim, s.value, them=s.teller)} — "
                         f"{account(sim, s, with_teller=False)}")
    _whereabouts(page, sim)
    _saw(page, sim)
    _done(page, sim)
    reached = sim.stages_reached() if sim.has_player else set()
    if sim.sc.stages:
        page.add("head", "What you have found out")
        # (one the player's belief reaches is the story's answer: ticked once it is over;
        # game.knowledge.verdict)
        from game.knowledge import verdict

        found = [st for st in sim.sc.stages if st.id in reached
                 and (open_minds or sim.ending or not verdict(st))]
        for st in found:
            page.add("good", st.text)
        # How many more the author wrote is theirs to know, and the ending's to tell: "3 more
        # to find out" in the first minute said how much of the story was hidden (an audit).
        if len(found) < len(sim.sc.stages) and (open_minds or sim.ending):
            page.add("dim", f"{len(sim.sc.stages) - len(found)} more to find out")
        elif not found:
            page.add("dim", "nothing yet")
    _vocabulary(page, sim, heard_all)
    carried = [o["name"] for oid, o in sim.objects.items()
               if sim.world.fact(oid, "location") == PLAYER]
    page.add("head", "You carry")
    page.add("text" if carried else "dim", ", ".join(carried) if carried else "nothing yet")
    if open_minds:
        page.add("truth", "Open minds is on: lines marked ◆ show what is really so.")
    return page


def _source(sim, s: Said) -> str:
    if s.kind == "reaction":
        # With its subject: "— were left unsure of it" of a "they" read as a line missing
        # one (a window playtest).
        return _reaction(sim, s, False).split(" (")[0]
    if s.basis == "saw" and s.kind == "hearsay" and put_it_up(sim, s.teller, s.claim,
                                                              s.value, s.at):
        p = sim.pronoun(s.teller)
        return f"said {p.subj} put it up {p.refl}"
    if (clue := _clue(sim, s)) is not None:
        p = sim.pronoun(s.teller)
        return f"said {p.subj} had seen {sim.their_thing(clue, s.teller)} for {p.refl}"
    src = gave(sim, s.teller, s.kind, s.basis, s.origin, s.via)
    return src[4:] if src.startswith("who ") else f"speaking {src}"


def _clue(sim, s: Said) -> str | None:
    """The thing a teller said they had seen for themselves ("I've seen Ada's key"), when
    what they said they saw is a thing that shows it, not the deed."""
    if s.basis != "saw" or s.kind != "hearsay":
        return None
    return clue_behind(sim, s.teller, s.claim, s.value, s.at)


def typed(words_: str, name: str) -> str:
    """'Ada's Café (cafe)': a name, with the word to type when it is not the name itself."""
    return name if words_.lower() == name.lower() else f"{name} ({words_})"


def _vocabulary(page: Page, sim, heard: list[Said]) -> None:
    """The words the player can use: each question with what to type for it, the people,
    places and things by name, and the answers met so far."""
    v = sim.names()
    page.add("head", "Words you can use")
    qs = questions(sim)
    # The case's questions, then any other heard of: an overheard "the well would cross Ned's
    # field" had no words to ask of it (a playtest).
    # ... and every other question met (an accusation or a snub seen): the case board left
    # out "who accused cy", which `ask` took and a miss suggested (a playtest).
    for claim in qs + sorted(({s.claim for s in heard} | v.met_claims()) - set(qs)):
        typed_as = short_words(v, "claims_met", claim)
        if claim not in qs and "." in typed_as:
            continue  # (no few words name it alone: an id is no word to offer a player)
        page.add("entry", f"{question_text(sim, claim)}: type “{typed_as}”")
    page.add("entry", "People: " + ", ".join(
        typed(short_words(v, "residents", r), sim.name(r))
        for r in sorted(v.residents, key=sim.name)) + ".")
    page.add("entry", "Places: " + ", ".join(
        typed(short_words(v, "places", p), sim.place_label(p))
        for p in v.places if sim.places[p]["kind"] != "away") + ".")
    found = [o for o in v.objects if sim.store.belief(PLAYER, o, "location", history=False)]
    if found:
        page.add("entry", "Things you know of: " + ", ".join(
            typed(short_words(v, "objects", o), sim.objects[o]["name"]) for o in found) + ".")
    met: dict[str, None] = {}

    def add(claim: str, value: str) -> None:
        # An answer of the scenario's own words comes with its word to type (a walkthrough
        # is read before its run, so an answer heard only on the way is typed by it);
        # people, places and things are typed by the names listed above.
        attribute = claim.partition(".")[2]
        said = sim.value_words(value, attribute)
        attr = sim.attributes.get(attribute)
        if attr is not None and value in attr.values:
            said = typed(short_words(v, "values", value), said)
        elif said in ("yes", "no"):  # a bare "yes" in the list said nothing of what (a
            # playtest): what it answers, and the word to type — of this question only where
            # it was met for it (known_values goes by attribute: Bo's yes is not Dee's)
            from game.knowledge import met_for

            if not met_for(sim, claim, value):
                return
            said = typed(value, sim.say_claim(claim, value))
        met.setdefault(said, None)

    asked = questions(sim)
    for s in heard:
        if s.claim in asked:
            add(s.claim, s.value)
    # ...and those read or seen: the new notice's "day 3 at six" was missing from the list
    # while `tell` took it (a playtest). The same answers `tell` takes (game.knowledge).
    from game.knowledge import known_values

    for claim in asked:
        allowed = v.allowed(claim)
        for value in sorted(known_values(sim, claim.partition(".")[2]) & allowed):
            add(claim, value)
    if met:
        page.add("entry", "Answers you have met (heard, read or seen): " + ", ".join(met) + ".")


def _by(by) -> str:
    t = clock.parse_when(by)
    return f"{clock.fmt_clock(t)} on day {clock.day_of(t)}"


def _deadline(sim) -> str:
    ahead = sorted({clock.parse_when(g.by) for g in sim.sc.goals if g.by})
    ahead = [t for t in ahead if t >= sim.now]
    now = f"It is {when(sim.now)}."
    if sim.ending:  # "The deadline is … 29 hours from now" on the board of a story over (a
        # playtest)
        e = next((x for x in sim.sc.endings if x.id == sim.ending), None)
        return f"{now} The story is over" + (f": {e.title}." if e is not None else ".")
    if not ahead:
        return now
    gap = ahead[0] - sim.now
    left, minutes = divmod(gap, clock.HOUR)
    if ahead[0] == sim.now:
        return f"{now} The deadline is now."
    # Close to it, the minutes too: "one hour from now" at 15:10 for 17:00 (as the top bar
    # says it: "1h 50m left").
    span = (f"{gap} minutes" if left == 0 else
            f"{'one hour' if left == 1 else f'{left} hours'} and {minutes} minutes"
            if left < 6 and minutes else f"{left} hours" if left > 1 else "one hour")
    return f"{now} The deadline is {when(ahead[0])} — {span} from now."


def _question(page: Page, sim, claim: str, heard: list[Said], open_minds: bool) -> None:
    page.add("head", question_text(sim, claim))
    latest: dict[str, Said] = {}
    earlier: dict[str, list[Said]] = {}  # what each said before they changed their mind
    for s in heard:
        was = latest.get(s.teller)
        # What each said last — but their answer to the player stands for the same words
        # overheard since: Quill's 11:20 answer had become "13:20, overheard, to Ned" (a
        # window playtest); and for the same account said again (`why`, asked twice), which
        # moved "when you asked" from 08:50 to the 10:20 of the `why` (a playtest).
        if was is not None and was.value == s.value and (
                (s.overheard and not was.overheard) or _same_account(was, s)):
            continue
        if was is not None and was.value != s.value:
            earlier.setdefault(s.teller, []).append(was)
        latest[s.teller] = s
    mine = _own(sim, claim)
    if mine:
        page.add("text", mine)
    for line, indent in _read_before(sim, claim):
        page.add("text" if not indent else "dim", line, indent)
    for t in brief_tells(sim):  # what the brief said of it: told, not yet heard from anyone
        if t.claim == claim:
            said_ = sim.say_claim(claim, t.value, them=t.by)  # "Mira says she is…"
            # Heard from them since, the brief's word of them is of the start: "Your brief:
            # Ana says … as a slight" stood over her change of mind (a playtest).
            since = t.by in latest
            page.add("dim", (f"Your brief, at the start: {sim.name(t.by)} said {said_}."
                             if since else f"Your brief: {sim.name(t.by)} "
                             f"{sim.nverb(t.by, 'say')} {said_}.") if t.by else
                     f"Your brief: {said_[:1].upper()}{said_[1:]}.")
    if not latest and not mine:
        page.add("dim", "No answers yet.")
    by_value: dict[str, list[Said]] = {}
    for s in latest.values():
        by_value.setdefault(s.value, []).append(s)
    for value, group in by_value.items():
        said_ = sim.say_claim(claim, value)
        page.add("text", f"{said_[:1].upper()}{said_[1:]}:")
        for s in group:
            page.add("entry", account(sim, s), 1)
            # A changed mind keeps what it said before: Ana's "as a slight — from Ivo" left
            # the board once the rota turned her, and with it where the slight came from.
            for e in _before(earlier.get(s.teller, []), s.value):
                said_e = sim.say_claim(claim, e.value)
                page.add("dim", f"before that: {said_e} — "
                         f"{account(sim, e, with_teller=False)}", 2)
    # "Missing" is "not where I looked", not a place: beside a place it contradicts nothing
    # ("Ada says her key is missing" and "Fen says it is in the drawer" are both so; a
    # playtest was sent after a false lead).
    # What changes over time (where a thing is) was told at different times: an account
    # older than what the player has since seen for themselves is overtaken, not
    # contradicted — Mo's "at the desk" (09:00) and Pia's "you have it" (09:40), when the
    # player took the rota at 09:20, were flagged "someone is mistaken, or lying" (a
    # window playtest).
    label = sim.attributes.get(claim.partition(".")[2])
    moves = label is not None and label.nature == "state"
    since = _own_at(sim, claim) if moves else None
    now_told = {v: [s for s in g if since is None or s.at >= since]
                for v, g in by_value.items()}
    now_told = {v: g for v, g in now_told.items() if g}
    places = {v for v in now_told if not (v == "missing" and claim.endswith(".location"))}
    if len(places) > 1:
        page.add("warn", "These accounts differ — it may have moved between them, or someone "
                 "is mistaken:" if moves else "These accounts contradict each other:")
        for value, group in now_told.items():
            if len(group) == 1:
                s = group[0]
                page.add("warn", f"{sim.name(s.teller)} says "
                         f"{sim.say_claim(claim, value, them=s.teller)}"
                         f" — {_source(sim, s)}", 1)
                continue
            # Side by side: one line a side. Five who agree were five lines, read as five
            # accounts at odds with each other (a playtest).
            saw = [s for s in group if s.basis == "saw" and _clue(sim, s) is None]
            said_saw = "" if not saw else f" — {sim.name(saw[0].teller)} said " \
                f"{sim.pronoun(saw[0].teller).subj} saw it" if len(saw) == 1 else \
                f" — {and_list([sim.name(s.teller) for s in saw])} said they saw it"
            page.add("warn", f"{and_list([sim.name(s.teller) for s in group])} "
                     f"{'both' if len(group) == 2 else 'all'} say "
                     f"{sim.say_claim(claim, value)}{said_saw}", 1)
        # Witnesses of the deed: one shown a thing that shows it saw the thing, not the deed.
        saw = [s for g in now_told.values() for s in g if s.basis == "saw" and
               _clue(sim, s) is None]
        if len({s.value for s in saw}) > 1:
            page.add("warn", "Each says they saw it: " + ("it moved, or someone is mistaken "
                     "or lying." if moves else "someone is mistaken, or lying."), 1)
    # Once each, the last time asked: `ask` then `why` read "Cy does not know (asked 12:20)"
    # and "(asked 12:30)" (a playtest).
    last_asked = {u.resident: u for u in unanswered(sim) if u.claim == claim}
    for u in last_asked.values():
        if u.resident not in latest:
            # "Bo does not know" of one who would not say ("Ask someone else") told the
            # player more than they heard, and the wrong thing.
            did = "would not say" if u.quiet else f"{sim.nverb(u.resident, 'do')} not know"
            page.add("dim", f"{sim.name(u.resident)} {did} ("
                     f"{'could not remember; ' if u.forgot else ''}asked {when(u.at)}).")
    # One who shook their head at what the player told them showed only that they hold
    # something else: what the player saw, not an answer of theirs.
    shook = [r for r in refusals(sim, claim) if r.teller not in latest]
    for r in {r.teller: r for r in shook}.values():
        page.add("dim", f"{when(r.at)}: {r.seen}")
    asked = {s.teller for s in heard} | {u.resident for u in unanswered(sim)
                                         if u.claim == claim} | {r.teller for r in shook}
    not_asked = [sim.name(r) for r in sorted(sim.people, key=sim.name)
                 if r != PLAYER and r not in asked]
    if not_asked:
        page.add("dim", "Not asked yet: " + ", ".join(not_asked) + ".")
    if open_minds:
        s, a = claim.split(".")
        truth = sim.world.fact(s, a)
        if truth is not None:
            page.add("truth", f"Really: {sim.say_claim(claim, truth)}.")
        held = {b.resident: b for b in sim.store.believers(s, a) if b.resident != PLAYER}
        if held:
            page.add("truth", "Minds: " + "; ".join(
                # "Greta: is allergic to willowbark (70, influencing)", not "Greta is allergic"
                f"{sim.name(r)}: {sim.value_words(b.value, a)} ({b.confidence}, "
                f"{b.state.value})"
                for r, b in sorted(held.items())))


def _own_at(sim, claim: str) -> int | None:
    """When the player last saw or read for themselves what the claim is, if ever."""
    s, a = claim.split(".")
    return next((e.at for e in reversed(sim.store.evidence(PLAYER, s, a))
                 if e.kind in ("firsthand", "witnessed", "document")), None)


def _own(sim, claim: str) -> str:
    """What the player saw or read about the claim themselves."""
    s, a = claim.split(".")
    for e in reversed(sim.store.evidence(PLAYER, s, a)):
        if e.kind in ("firsthand", "witnessed"):
            clue = clue_seen(sim, e.event, claim, e.value)
            if clue:  # a thing that shows it, not the deed itself
                return (f"You saw {sim.thing(clue, me=PLAYER)} for yourself ({when(e.at)}); it "
                        f"tells you {sim.say_claim(claim, e.value)}.")
            return f"You saw for yourself ({when(e.at)}): {sim.say_claim(claim, e.value)}."
        if e.kind == "document":
            doc = origin_name(sim, e.document)
            last, times = _last_read(sim, e.document, e.at)
            # "said", not "in" or "on": right for a notice board and a ledger alike.
            return (f"{doc[:1].upper()}{doc[1:]} said, when you "
                    f"{'last ' if times > 1 else ''}read it ({when(last)}): "
                    f"{sim.say_claim(claim, e.value)}.")
    return ""


def _last_read(sim, doc: str | None, since: int) -> tuple[int, int]:
    """(when, how many times) the player read a posted paper since it came to say what it
    said at `since` — the evidence keeps the minute it was posted, and a paper read again
    unchanged is no new evidence: the board kept "when you read it (11:00)" after a reading
    at 14:20 (a window playtest). Each look round its place reads it (the world log's looks
    without a spot); (since, 1) for a paper that is not posted anywhere."""
    place = getattr(sim, "documents", {}).get(doc or "", {}).get("place")
    if place is None:
        return since, 1
    last, times = looks_round(sim, PLAYER, place, since)
    return (last, times) if last is not None else (since, 1)


def _read_before(sim, claim: str) -> list[tuple[str, int]]:
    """What each paper the player read said of the claim at earlier readings, where it said
    otherwise: the notice board read "day 2 at six", then "cancelled", then "day 3" — the
    board kept only the last, and nothing said it had changed, which was the whole case (a
    playtest). Newest first; a reading that is `_own`'s line is not said again. Each line
    with its indent: another paper's last reading stands on its own (it sat under the card's
    line, as if the card had said it), what a paper said before under it. Papers go by their
    name: the ledger read from the shelf and as a thing found on the desk are one ledger
    ("when you last read it" twice, the older second; a playtest)."""
    s, a = claim.split(".")
    readings = [e for e in sim.store.evidence(PLAYER, s, a) if e.kind == "document"]
    shown = _own_evidence(sim, claim)
    shown_name = origin_name(sim, shown.document) if shown is not None and \
        shown.kind == "document" else None
    out: list[tuple[str, int]] = []
    for name in dict.fromkeys(origin_name(sim, e.document) for e in readings):
        mine = [e for e in readings if origin_name(sim, e.document) == name]
        last = mine[-1]
        if name != shown_name:
            out.append((f"{name[:1].upper()}{name[1:]} said, when you last read it "
                        f"({when(_last_read(sim, last.document, last.at)[0])}): "
                        f"{sim.say_claim(claim, last.value)}.", 0))
        before = last
        for e in reversed(mine[:-1]):
            if e.value != before.value:
                out.append((f"before that, {name} said ({when(e.at)}): "
                            f"{sim.say_claim(claim, e.value)}.", 1))
                before = e
    return out


def _own_evidence(sim, claim: str):
    """The evidence `_own` speaks of: the player's latest seen or read of the claim."""
    s, a = claim.split(".")
    for e in reversed(sim.store.evidence(PLAYER, s, a)):
        if e.kind in ("firsthand", "witnessed", "document"):
            return e
    return None


def _whereabouts(page: Page, sim) -> None:
    """Each answer to "where were you, whom did you see?" once, at the time asked about."""
    got = answers(said(sim))
    if not got:
        return
    page.add("head", "Who was where")
    # In the order of the times asked about: "Ada … 08:30" above "Ada … 08:00", in the order
    # asked, read as a muddle (a playtest).
    from game.copresence import slot_minute

    def asked_about(a) -> tuple:
        return (a.about if a.about is not None else slot_minute(a.attribute) or 0,
                sim.name(a.teller))

    for a in sorted(got, key=asked_about):
        p = sim.pronoun(a.teller)
        if a.place is not None:
            page.add("text", f"{sim.name(a.teller)} {sim.nverb(a.teller, 'say')} {p.subj} "
                     f"{p.verb('was')} at {sim.place_name(a.place)} {a.when}.")
        for x, place in a.seen:
            page.add("text", f"{sim.name(a.teller)} saw {sim.name(x)} at "
                     f"{sim.place_name(place)} {a.when}.", 1 if a.place is not None else 0)


def _saw(page: Page, sim) -> None:
    """What the player saw others do (the command line's head lists the latest and sends the
    player here for the rest, which were nowhere: a playtest)."""
    from game import notable, seen_events

    seen = notable(seen_events(sim, PLAYER))
    if not seen:
        return
    page.add("head", "What you saw happen")
    for ev in seen:
        page.add("text", f"{clock.fmt_clock(ev['at'])} on day {clock.day_of(ev['at'])}: "
                 f"{seen_summary(sim, ev)}")


def _done(page: Page, sim) -> None:
    done = [ev for ev in done_by_player(sim) if ev["kind"] != "conclude"]
    page.add("head", "What you have shown or told")
    if not done:
        page.add("dim", "Nothing yet.")
    for ev in done:
        page.add("text", f"{clock.fmt_clock(ev['at'])} on day {clock.day_of(ev['at'])}: "
                 f"{seen_summary(sim, ev)}")
    # Your answers are your own, not something shown or told (listed there, they read as
    # told to someone; a window playtest).
    answers = [ev for ev in done_by_player(sim) if ev["kind"] == "conclude"]
    if answers:
        page.add("head", "Your answers")
        for ev in answers:
            page.add("text", f"{clock.fmt_clock(ev['at'])} on day {clock.day_of(ev['at'])}: "
                     f"you concluded that {sim.say_claim(ev['claim'], ev['value'])}.")


# -- one resident's mind, as the player knows it --------------------------------------------------


def mind_page(sim, rid: str, open_minds: bool = False) -> Page:
    """What the player has learned of `rid`'s mind: what they said to the player or in the
    player's hearing (when, in their words, how sure they seemed, whom they named), what they
    could not answer, and which of the case's questions the player has not asked them."""
    page = Page()
    name, p = sim.name(rid), sim.pronoun(rid)
    w = last_whereabouts(sim, rid)
    st = sim.state[rid]
    if st.place == sim.state[PLAYER].place and st.status == "awake":
        page.add("sub", f"Here with you, at {sim.place_name(st.place)}.")
    elif w is not None:
        # (in their pronoun: "You last saw them" beside "he said"; a window playtest)
        how = (f"You last saw {p.obj}" if w.seen else f"{name} said {p.subj} {p.verb('was')}"
               if w.teller == rid else f"{sim.name(w.teller)} said {name} was")
        page.add("sub", f"{how} at {sim.place_name(w.place)} {w.when}.")
    else:
        page.add("sub", f"You have not seen {p.obj} yet.")
    heard = [s for s in said(sim, teller=rid)]
    talk = [s for s in heard if not s.where_slot]
    by_claim: dict[str, list[Said]] = {}
    for s in talk:
        by_claim.setdefault(s.claim, []).append(s)
    qs = questions(sim)
    for claim in qs + [c for c in by_claim if c not in qs]:
        page.add("head", question_text(sim, claim))
        entries = by_claim.get(claim, [])
        gaps = [u for u in unanswered(sim, rid) if u.claim == claim]
        shook = [r for r in refusals(sim, claim) if r.teller == rid]
        if not entries and not gaps and not shook:
            page.add("dim", f"You haven't asked {name} about {sim.say_claim(claim)}.")
        # One line for what they said, and under it each time they said it: Bo's page read
        # "Ada's key was moved by Cy." three times over (a window playtest).
        by_value: dict[str, list[Said]] = {}
        for s in entries:
            by_value.setdefault(s.value, []).append(s)
        # In time's order against what they said: a shake of the head on day 1 read below
        # their answer of day 2.
        first = min((s.at for s in entries), default=None)
        before = [r for r in shook if first is None or r.at < first]
        shook = [r for r in shook if r not in before]
        for r in before:
            page.add("dim", f"{when(r.at)}: {r.seen}")
        # What they said last first, and each answer they gave before it after, newest
        # first and said to be older: "Ada's key was moved by Cy." over "…by Dee.", as equals,
        # after she came round to Dee in front of you (a playtest; the case board said
        # "before that").
        order = sorted(by_value.items(), reverse=True,  # in `said`'s order: (minute, event)
                       key=lambda kv: max((s.at, s.event or 0) for s in kv[1]))
        for i, (value, times) in enumerate(order):
            said_ = f"{sim.say_claim(claim, value)}."
            page.add("text", said_[:1].upper() + said_[1:] if i == 0 else
                     f"Before that: {said_}")  # ("you have Ada's key." began a line)
            # newest first within an answer too, as the answers are (Gus's day 3 words sat
            # under his day 1 ones: a window playtest)
            for s in sorted(times, key=lambda x: (x.at, x.event or 0), reverse=True):
                words = _words(sim, s)
                if words:
                    page.add("quote", words, 1)
                page.add("dim", account(sim, s, with_teller=False), 1)
        for r in shook:
            page.add("dim", f"{when(r.at)}: {r.seen}")
        for u in gaps:
            did = "would not say" if u.quiet else "could not remember" if u.forgot else \
                p.verb("do") + " not know"
            page.add("dim", f"You asked {when(u.at)}: {p.subj} {did}.")
        if open_minds:
            s_, a = claim.split(".")
            b = sim.store.belief(rid, s_, a, history=False)
            page.add("truth", f"In {p.poss} mind: " + (
                f"{sim.value_words(b.value, a)}, {b.confidence}, {b.state.value}" if b
                else "nothing"))
    own = [a for a in answers(heard) if a.place is not None]
    if own:
        page.add("head", "Where they say they were")
        for a in own:  # one answer each, at the time you asked about; everyone named once
            saw = [sim.name(x) for x, _ in a.seen]
            # Named, the player is no evidence to the player ("I saw you there" was filed
            # as "saw nobody else there": a window playtest); the turn says so.
            turn = sim.world.entry(f"w{a.event}") if a.event is not None else None
            if turn and PLAYER in (turn.get("data") or {}).get("named", ()):
                saw.append("you")
            page.add("text", f"{name} {sim.nverb(rid, 'say')} {p.subj} {p.verb('was')} at "
                     f"{sim.place_name(a.place)} {a.when}, and saw "
                     + (and_list(saw) if saw else "nobody else") + " there.")
    seen = [ev for ev in _seen_doing(sim, rid)]
    if seen:
        page.add("head", "What you saw them do")
        for ev in seen:
            page.add("text", f"{when(ev['at'])}: {seen_summary(sim, ev)}")
    return page


_TO = re.compile(r'^([^:"]{1,80}?) to ([^:"]{1,80}): "(.*)"$', re.S)


def _words(sim, s: Said) -> str:
    """Their words, as the player heard them (only when said to the player), in quotes —
    or, said to someone else before the player (a mediation's "Tilly to Mira: "…""), whom
    they were said to and the words: quoted whole, the line read “Tilly to Mira: "…"”."""
    if s.event is None or s.overheard:
        return ""
    lines = [e.text for e in sim.transcript.spoken(s.event) if e.kind == "speech"]
    if lines:
        return f"“{lines[0]}”"
    lines = [e.text for e in sim.transcript.spoken(s.event)]
    if not lines:
        return ""
    m = _TO.match(lines[0])
    return f"To {m.group(2)}: “{m.group(3)}”" if m else f"“{lines[0]}”"


def _seen_doing(sim, rid: str) -> list[dict]:
    """Things `rid` did that the player saw (not talk: that is above)."""
    from game import seen_events
    from game.knowledge import seen_doers

    return [ev for ev in seen_events(sim, PLAYER) if rid in seen_doers(sim, ev) and ev["kind"] in (
        "accuse", "avoid", "break_off", "reconcile", "administer", "attend", "look",
        "take_object", "move_object", "report", "happen", "announce", "post_notice")]
