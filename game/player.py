"""The player's verbs: each takes sim time and produces world events and evidence, like any
resident's action (issue 4). The player is a resident of the memory model — id "player" —
so everything they learn has provenance, and their notebook is their own beliefs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from memory import Belief, Candidate, Evidence, Outcome, about_attribute

from . import acts, clock, lies, perception, talk, visible, witness
from .commands import Command, CommandError, asked_minutes, wait_minutes
from .naming import preposition
from .people import ASLEEP, AWAKE, AWAY, WALKING
from .perception import split
from .sources import FORGOTTEN, origin_name, read_at
from .world import GRIEVANCE_KINDS, Event

if TYPE_CHECKING:
    from .town import Game

PLAYER = "player"
ANONYMOUS = "someone"  # the origin a rumour carries when the player hides where it came from
BRING_HOURS = 3  # how long a brought resident stays with the player
WILLING_TRUST = 0.35  # below this trust in the player, a resident will not come along


@dataclass
class Line:
    who: str  # a resident's name, or "" for narration
    text: str
    kind: str = ""  # speech, narration, mark (what visibly changed) or error; "" = by `who`
    detail: str = ""  # open minds only: the numbers behind a mark ("Cy 76 → 56, doubtful")
    event: int | None = None  # the conversation turn (world event) these words belong to

    def __post_init__(self) -> None:
        if not self.kind:
            self.kind = "speech" if self.who else "narration"

    def words(self, open_minds: bool = False) -> str:
        text = f"▸ {self.text}" if self.kind == "mark" else self.text
        if open_minds and self.detail:
            text += f"  [{self.detail}]"
        return f"{self.who}: {text}" if self.who else text


@dataclass
class Reply:
    ok: bool
    lines: list[Line] = field(default_factory=list)
    minutes: int = clock.TICK
    # Done once the verb's time has passed (arriving somewhere): more lines, at that minute.
    after: Callable[[], list[Line]] | None = None

    def say(self, who: str, text: str, event: int | None = None) -> Reply:
        self.lines.append(Line(who, text, event=event))
        return self

    def mark(self, text: str, detail: str = "") -> Reply:
        """The short line the player can scan: what visibly changed."""
        self.lines.append(Line("", text, "mark", detail))
        return self

    def text(self, open_minds: bool = False) -> str:
        return "\n".join(ln.words(open_minds) for ln in self.lines)


def fail(text: str, minutes: int = clock.TICK) -> Reply:
    """A verb that was tried and could not be done: it still took its time, unless `minutes`
    says otherwise. Someone not here (or asleep, or away) costs nothing — `look` says who is
    here for nothing, and "Ada is not here. ▸ Here now: Ada." read as a contradiction to
    both playtesters who met it."""
    return Reply(False, [Line("", text, "error")], minutes=minutes)


def perform(sim: Game, cmd: Command) -> Reply:
    """Carry out one player command at the current minute (the caller advances time)."""
    fn = _VERBS[cmd.verb]
    return fn(sim, *cmd.args)


# -- moving about -------------------------------------------------------------------------------


def go(sim: Game, place: str) -> Reply:
    """Walk somewhere: the walk takes its tick, and you arrive at its end — after whoever was
    leaving has left and whoever was coming has come — so "Here: Ada" holds for the next
    verb."""
    st = sim.state[PLAYER]
    if sim.places[place]["kind"] == "away":
        # (the place's name mid-sentence: "the hill farms is out of town" began a reply)
        return fail(f"You cannot go to {sim.place_name(place)}: that is out of town.",
                    minutes=0)  # not begun: no walk, no time (a playtest)
    if st.place == place:
        return fail(f"You are already at {sim.place_name(place)}.", minutes=0)
    r = Reply(True).say("", f"You walk to {sim.place_name(place)}.")
    # On the way for the walk's tick: at neither place, so nothing that happens at either is
    # seen or overheard (a playtest, leaving the café at 09:40, was told on arriving at the
    # market that Cy avoided Ada in the café at 09:50).
    st.status = WALKING
    sim.moved()

    def arrive() -> list[Line]:
        st.status = AWAKE
        sim.moved()
        st.place = place
        sim.move_to(PLAYER, place, sim.now)
        out = []
        with_you = followers(sim)
        for rid in with_you:
            sim.state[rid].place = place
            sim.move_to(rid, place, sim.now)
            out.append(Line("", f"{sim.name(rid)} comes with you."))
        # Who is there besides whoever came along ("Mira comes with you." says her), as
        # `look` has it.
        here = [sim.name(x) for x in sim.present(place) if x != PLAYER and x not in with_you]
        sleeping = [sim.name(x) for x in asleep_here(sim, place)]
        awake = " awake" if sleeping else ""
        # "Also here" after someone came along: "Ana comes with you. Here: Ben." read as if
        # Ana were not there (a playtest).
        out.append(Line("", ("Also here: " if with_you else "Here: ") + and_list(here) + "."
                        if here else
                        f"Nobody else is{awake} here." if with_you else
                        f"Nobody is{awake} here.", "mark"))
        if sleeping:
            out.append(Line("", f"Asleep here: {and_list(sleeping)}.", "mark"))
        return out
    r.after = arrive
    return r


def own_way(sim: Game, rid: str, past: bool = False) -> str:
    """Someone who came along with the player and no longer does: their time is up, or they
    are asleep or away. `past` where it is told at its minute ("At 15:50: Sam went his own
    way"; "goes" there mixed the tenses, a window playtest)."""
    return f"{sim.name(rid)} {'went' if past else 'goes'} {sim.pronoun(rid).poss} own way."


def here_now(names: list[str], gone: list[str] = (), sleepers: bool = False) -> str:
    """Who the player sees where they stayed, once it changed: 'Here now: Greta.' — and who
    left, when someone did: 'Ivo has gone. Here now: Ana.' ("Here now: Ana" of a room Ana had
    been in all along read as a contradiction: a playtest). With someone asleep there, nobody
    else is awake, as on arriving ("Nobody is here now" beside "Asleep here: Ivo")."""
    left = f"{and_list(list(gone))} {'has' if len(gone) == 1 else 'have'} gone. " \
        if gone else ""
    return left + (f"Here now: {and_list(names)}." if names else
                   "Nobody else is awake here now." if sleepers else "Nobody is here now.")


def span_words(first: int, last: int, now: int, days: bool = False) -> str:
    """'17:00 to 18:00'; 'at 17:00' for one minute seen; '06:00 to 12:30 on day 3' when
    not `now`'s day, or whenever `days` (a wait of more than a day: "Mo (06:00 on day 3 to
    12:30 on day 3) … and Mo (06:00 to 12:30)" read as one stay twice; a playtest)."""
    d1, d2 = clock.day_of(first), clock.day_of(last)
    named = days or d1 != clock.day_of(now) or d2 != clock.day_of(now)
    c = clock.fmt_clock
    if d1 != d2:
        return f"{c(first)} on day {d1} to {c(last)} on day {d2}"
    on = f" on day {d1}" if named else ""
    return f"at {c(first)}{on}" if first == last else f"{c(first)} to {c(last)}{on}"


def and_list(names: list[str]) -> str:
    """'Ana', 'Ana and Ben', 'Ana, Ben and Mo'."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def wait(sim: Game, *words: str) -> Reply:
    if words and words[0] == "until":
        return _wait_until(sim, words[1:])
    duration = words[0] if words else None
    minutes = wait_minutes(duration) if duration else clock.TICK
    hours, rest = divmod(minutes, 60)
    span = (f"{hours} hour{'s' if hours != 1 else ''}" if hours else "") + \
        (" and " if hours and rest else "") + (f"{rest} minutes" if rest else "")
    stepped = duration is not None and asked_minutes(duration) != minutes
    r = Reply(True, [Line("", f"You wait {span}" + (
        f" (time passes in steps of {clock.TICK} minutes)." if stepped else "."))], minutes)
    until = sim.now + minutes
    r.after = lambda: _waited(sim, until)
    return r


PASSED_LATELY = 6 * clock.HOUR  # a bare time gone by this recently is refused, not tomorrow's


def _wait_until(sim: Game, when: tuple[str, ...]) -> Reply:
    """Wait until a time: a time with no day is the next such time to come (today's, or
    tomorrow's). "wait until day 3 20:00" was refused; a playtester counted hours instead."""
    text = " ".join(when)
    at = clock.parse_when(text)
    if not text.strip().lower().startswith("day"):
        at = (clock.day_of(sim.now) - 1) * clock.DAY + clock.time_of_day(at)
        last = at if at <= sim.now else at - clock.DAY  # the latest such time gone by
        if sim.now - PASSED_LATELY < last <= sim.now:
            # A time gone by a little while ago was a slip, not tomorrow: at 10:00 "wait
            # until 09:30" waited a whole day, past Ana's break with Ben (a playtest) — and
            # so across midnight (at 01:00, "until 23:30"; a review). The next one is said
            # by its day; tonight's "wait until 07:00" is still the next 07:00.
            nxt = last + clock.DAY
            gone = "It is" if last == sim.now else "It is already past"
            return fail(f"{gone} {clock.fmt_clock(last)} (day {clock.day_of(last)}): to wait "
                        f"until the next, type wait until day {clock.day_of(nxt)} "
                        f"{clock.fmt_clock(nxt)}.", minutes=0)
        if at <= sim.now:
            at += clock.DAY
    if at <= sim.now:
        return fail(f"It is already past {clock.fmt_clock(at)} on day {clock.day_of(at)}.",
                    minutes=0)
    if at - sim.now > 7 * clock.DAY:  # as `wait` takes at most 7 days
        return fail("That is more than 7 days away: wait at most 7 days at a time.",
                    minutes=0)
    minutes = -(-(at - sim.now) // clock.TICK) * clock.TICK  # whole ticks, up to it
    # Asked for 17:59, waited until 18:00: say why, as `wait 25` does (a playtest).
    stepped = sim.now + minutes != at
    r = Reply(True, [Line("", f"You wait until {clock.fmt_clock(sim.now + minutes)} on day "
                              f"{clock.day_of(sim.now + minutes)}" + (
                                  f" (time passes in steps of {clock.TICK} minutes)."
                                  if stepped else "."))], minutes)
    until = sim.now + minutes
    r.after = lambda: _waited(sim, until)
    return r


def _waited(sim: Game, until: int) -> list[Line]:
    """The time a wait stopped at — and if the story ended while they waited, it says so
    (not only the time it stopped at), and that it ended before the time waited for ("You
    wait until 20:00 on day 3" read beside "The story ended at 14:10 on day 2": a playtest)."""
    at = f"{clock.fmt_clock(sim.now)} on day {clock.day_of(sim.now)}"
    if not sim.ending:
        return [Line("", f"It is {at}.", "mark")]
    return [Line("", f"The story ended at {at}" + (
        ", before the time you waited for." if sim.now < until else "."), "mark")]


def followers(sim: Game) -> list[str]:
    return [rid for rid in sorted(sim.state) if sim.state[rid].following == PLAYER
            and sim.state[rid].follow_until > sim.now]


# -- talking ------------------------------------------------------------------------------------


def _here(sim: Game, rid: str) -> str | None:
    """Why the player cannot talk to `rid` now, or None if they can."""
    st, me = sim.state[rid], sim.state[PLAYER]
    if st.place != me.place:
        return f"{sim.name(rid)} is not here."
    if st.status == ASLEEP:
        return f"{sim.name(rid)} is asleep."
    if st.status == AWAY:
        return f"{sim.name(rid)} is out of town."
    return None


def ask(sim: Game, rid: str, claim: str, *, why: bool = False) -> Reply:
    if (no := _here(sim, rid)) is not None:
        return fail(no, minutes=0)
    s, a = split(claim)
    b = sim.store.belief(rid, s, a, history=True)
    place = sim.state[PLAYER].place
    if lies.stance(sim, rid, claim, PLAYER) == lies.QUIET:
        return _keeps_quiet(sim, rid, claim, place)
    memory = talk.memory_state(sim, b) if b is not None else None
    if memory in talk.EXPRESSED:
        sim.count("memory_state_expressed")
    if b is not None and memory != "gone":
        b = witness.recalled(sim, rid, b)  # a weak memory may come back wrong
    talk.come_to_mind(sim, rid, claim.replace(".", " "))  # being asked is a cue (§7)
    if b is not None and memory != "gone":
        b = sim.store.belief(rid, s, a, history=True)
    name = sim.name(rid)
    if b is None or memory == "gone":
        eid, _ = sim.record(Event(
            kind="ask", at=sim.now, actor=PLAYER, target=rid, place=place, claim=claim,
            summary=f"you asked {name} about {sim.say_claim(claim)}; {name} did not know",
            data={"answer": None, "why": why, "memory": memory}, participants=[PLAYER, rid]))
        ctx = said_context(sim, rid, claim, None, None)
        ctx["memory"] = memory or ""
        if memory is None:
            ctx["others_say"] = _others_say(sim, rid, claim)
        r = Reply(True).say(name, sim.words.render(
            "why" if why else "answer", f"{rid}|{claim}|{sim.now}", s=ctx), event=eid)
        about = sim.say_claim(claim, them=rid)  # "whether she was…", of herself
        return r.mark(f"{name} could not remember {about}." if memory == "gone"
                      else f"{name} {sim.nverb(rid, 'do')} not know {about}.",
                      "forgotten" if memory == "gone" else "no belief")
    told = talk.tell(sim, rid, PLAYER, b, place, sim.present(place), asked_by=PLAYER,
                     kind="why" if why else "talk", mstate=memory)
    ctx = said_context(sim, rid, claim, told, b)
    ctx["memory"] = memory or ""
    r = Reply(True).say(name, sim.words.render(
        "why" if why else "answer", f"{rid}|{claim}|{sim.now}", s=ctx), event=told.event_id)
    line = noted(sim, rid, claim, told)
    if why and sim.db.execute("SELECT 1 FROM transcript WHERE kind = 'mark' AND text = ? "
                              "LIMIT 1", (line,)).fetchone():
        return r  # asked why after asking what: the same note again says nothing new
    return r.mark(line, _mind(sim, b, told))


def noted(sim: Game, rid: str, claim: str, told: talk.Told) -> str:
    """The scannable line for an answer: what they said, the source they gave, how sure they
    sounded."""
    from .sources import gave, origin_name
    from .sureness import sureness
    from .sureness import words as sure_words

    p = sim.pronoun(rid)
    kind = "declared" if (claim.partition(".")[0] == rid or told.value == rid) else "hearsay"
    via = told.chain[-2] if len(told.chain) > 2 and told.chain[-1] == rid else None
    src = gave(sim, rid, kind, told.basis, told.origin, via)
    src = f"{p.subj} {src[4:]}" if src.startswith("who ") else f"speaking {src}"
    if kind == "declared" and told.basis == "heard" and told.origin not in (rid, None):
        # Of themselves, but from what they were told ("Ada told me I was at the counter"):
        # the note says so, as their words do — and only that: "speaking of herself, as
        # Greta told her" read as two sources that contradict each other (a playtest).
        src = f"as {origin_name(sim, told.origin)} told {p.obj}"
    b = sim.store.belief(rid, *split(claim), history=False)
    if told.basis == "saw" and told.as_held and b is not None and kind == "hearsay" and \
            put_it_up(sim, rid, claim, told.value, sim.now):  # as their words say: "I put
        # the notice up myself"
        src = f"{p.subj} said {p.subj} put it up {p.refl}"
    elif told.basis == "saw" and told.as_held and kind == "hearsay" and \
            (clue := clue_behind(sim, rid, claim, told.value)) is not None:  # "I've seen…"
        src = f"{p.subj} said {p.subj} had seen {sim.their_thing(clue, rid)} for {p.refl}"
    # As the telling recorded it, so the note, the case board and the window agree.
    sure = told.sure or ("certain" if told.lie or b is None else sureness(
        b.confidence, b.state.value, talk.memory_state(sim, b)))
    return (f"Noted: {sim.name(rid)} {sim.nverb(rid, 'say')} "
            f"{sim.say_claim(claim, told.value, them=rid)} — "
            f"{src}; {sure_words(sure, p)}.")


def _mind(sim: Game, b: Belief, told: talk.Told) -> str:
    """Open minds: what they really hold, beside what they said."""
    held = f"holds {sim.value_words(b.value, b.attribute)} {b.confidence}, {b.state.value}"
    return held + (" — the answer was a lie" if told.lie else "")


def _overheard(sim: Game, rid: str, b: Belief) -> bool:
    """Whether the telling behind `rid`'s hearsay belief was said to someone else, and `rid`
    only caught it in passing."""
    rec = sim.held_evidence(rid, b)
    ref = (rec.event or "") if rec is not None else ""
    if ref[:1] != "w" or not ref[1:].isdigit():
        return False
    row = sim.db.execute("SELECT target, participants FROM world_log WHERE id = ?",
                         (int(ref[1:]),)).fetchone()
    return row is not None and row[0] is not None and row[0] != rid and \
        f'"{rid}"' not in (row[1] or "")


def _others_say(sim: Game, rid: str, claim: str) -> str:
    """What someone else said to `rid` of a claim `rid` holds nothing of — the latest such,
    in `rid`'s words ("Ada says I took her key"), or "". Cy, just accused by Ada, answered
    "Nobody's said a word to me about that" (a playtest); she knew only what Ada holds."""
    s, a = split(claim)
    got = [b for b in sim.store.beliefs(rid, attribute=about_attribute(s, a))
           if b.subject not in (PLAYER, rid) and b.state.value != "past"]
    if not got:
        # Accused of it: their memory of the accusation, and the words it was made in.
        for e in reversed(sim.store.evidence(rid, rid, "accused_by")):
            ref = e.event or ""
            row = sim.db.execute(
                "SELECT actor, value FROM world_log WHERE id = ? AND kind = 'accuse' AND "
                "claim = ?", (int(ref[1:]), claim)).fetchone() \
                if ref[:1] == "w" and ref[1:].isdigit() else None
            if row and row[0] != PLAYER:
                return (f"{sim.name(row[0])} accused me of it: "
                        f"{sim.say_claim(claim, row[1], me=rid, them=row[0])}")
        return ""
    b = max(got, key=lambda x: (x.updated_at, x.subject))
    return (f"{sim.name(b.subject)} {sim.nverb(b.subject, 'say')} "
            f"{sim.say_claim(claim, b.value, me=rid, them=b.subject)}")


def _keeps_quiet(sim: Game, rid: str, claim: str, place: str) -> Reply:
    """A liar who will not tell you their lie (they believe you know otherwise, or that they
    have been found out) and will not tell the truth either (game.lies)."""
    sim.record(Event(kind="ask", at=sim.now, actor=PLAYER, target=rid, place=place,
                     claim=claim, summary=f"you asked {sim.name(rid)} about "
                     f"{sim.say_claim(claim)}; {sim.name(rid)} would not say",
                     data={"answer": None, "quiet": True}, participants=[PLAYER, rid]))
    return Reply(True).say(sim.name(rid), sim.words.render(
        "refuse", f"{rid}|quiet|{claim}|{sim.now}", reason="quiet")).mark(
        f"{sim.name(rid)} would not say anything about {sim.say_claim(claim)}.", "kept quiet")


def _quiet_between(sim: Game, speaker: str, listener: str, claim: str) -> bool:
    """Sat down with someone in front of the player, a liar says one thing to both or keeps
    quiet: his lie only if he would tell it to each, the truth only if he would tell each
    the truth. Bo, guarded with the player, told Ada the truth at the table in front of them
    (a window playtest)."""
    if claim not in sim.people[speaker].lies:
        return False
    stances = {lies.stance(sim, speaker, claim, x) for x in (listener, PLAYER)}
    return len(stances) > 1 or lies.QUIET in stances


def ask_why(sim: Game, rid: str, claim: str) -> Reply:
    return ask(sim, rid, claim, why=True)


def _asked_time(sim: Game, when: tuple[str, ...]) -> int:
    """The minute a typed time names. A time with no day is the latest such time gone by —
    today's, or yesterday's if today's has not come: on day 2, "who lin 07:00" asked about
    day 1 (a playtest), as a bare time in a scenario file means day 1."""
    text = " ".join(when)
    at = clock.parse_when(text)
    if text.strip().lower().startswith("day"):
        return at
    today = (clock.day_of(sim.now) - 1) * clock.DAY + clock.time_of_day(at)
    return today if today <= sim.now or today < clock.DAY else today - clock.DAY


def who(sim: Game, rid: str, *when: str) -> Reply:
    """Where was `rid` at a time, and whom did they see there? The way to find witnesses —
    answered from their memory of that hour (game.witness), which may be faint, empty or
    wrong; never from the world."""
    if (no := _here(sim, rid)) is not None:
        return fail(no, minutes=0)
    # With no time, the last minute gone by: its hour is in their memory, where the minute
    # now may not be yet (on the hour, before they have taken in who is about) — asked at
    # 09:00 beside the player, "I can't remember where I was".
    # Where everyone was is written from the start's own day (or the backstory's): the minute
    # before the start is theirs to remember too — 'who lin' in the first minute said no time
    # had gone by, while 'who lin 03:00' answered of the night before (a playtest).
    from .scenario.loader import written_from

    if not when and sim.now - clock.TICK < written_from(sim.sc):
        return fail("No time has gone by yet to ask about: let some pass, then ask.",
                    minutes=0)
    at = _asked_time(sim, when) if when else sim.now - clock.TICK
    if at > sim.now:
        return fail("That has not happened yet.", minutes=0)  # nothing asked: no time
    if at >= clock.align(sim.now):
        # The minute now: not yet a memory (who is about is taken in as it passes), so
        # Joss, in front of the player, said "It's gone" of it (a playtest).
        return fail("That is now: nothing of it has gone by to remember yet — `look` shows "
                    "who is here.", minutes=0)
    hour = lies.alibi(sim, rid, PLAYER, witness.recall_hour(sim, rid, at))
    p = sim.pronoun(rid)
    slot = hour.slot
    named = [x.who for x in hour.seen]
    eid, _ = sim.record(Event(
        kind="ask_who", at=sim.now, actor=PLAYER, target=rid, place=sim.state[PLAYER].place,
        summary=f"you asked {sim.name(rid)} where {p.subj} {p.verb('was')} {_at_time(at)}",
        data={"when": at, "place": hour.place, "named": named,
              "memory": {x.who: x.memory for x in hour.seen}},
        participants=[PLAYER, rid]))
    # Their own whereabouts they declare; whom they saw is their testimony.
    if hour.place is not None:
        # (of a move within the hour, that move's claim: the hour's keeps its first place)
        sim.queue(Evidence(resident=PLAYER, subject=rid, attribute=hour.own_slot or slot,
                           value=hour.place, kind="declared", teller=rid, at=sim.now,
                           event=f"w{eid}"))
    for x in named:
        if x != PLAYER:
            sim.queue(Evidence(resident=PLAYER, subject=x, attribute=slot, value=hour.place,
                               kind="hearsay", teller=rid, origin=rid, basis="saw",
                               at=sim.now, event=f"w{eid}"))
    names = [sim.name(x.who) for x in hour.seen]
    # "I was at home", not "I was at Mira's cottage" in Mira's mouth — but not of a home that
    # is a public place: Sam, who lives at the Lamb, said "at home" with Ned, Pat and Rue
    # about, and the note "at The Lamb" (a playtest).
    home = getattr(sim.people.get(rid), "home", None)
    if home is not None and sim.places.get(home, {}).get("kind") not in ("home", None):
        home = None
    ctx = {"time": _at_time(at)[3:], "place": "" if not hour.place else "home"
           if hour.place == home else sim.place_name(hour.place),
           "asleep": hour.status == ASLEEP, "away": hour.status == AWAY,
           "forgot": hour.place is None, "memory": hour.memory,
           "others": names, "others_words": and_list(names) if names else "",
           "seen": [{"name": sim.name(x.who), "memory": x.memory} for x in hour.seen]}
    for how in ("sure", "think", "hazy"):
        group = [sim.name(x.who) for x in hour.seen if x.memory == how]
        ctx[how] = and_list(group) if group else ""
        # "you" takes "were" however many: "I think you was there" (a playtest)
        ctx[f"{how}_n"] = 2 if any(x.who == PLAYER for x in hour.seen if x.memory == how) \
            else len(group)
    # "I saw you and Tilly there", not "There were you and Tilly there" (a playtest)
    ctx["sure_you"] = any(x.who == PLAYER and x.memory == "sure" for x in hour.seen)
    r = Reply(True).say(sim.name(rid), sim.words.render("who", f"{rid}|who|{at}", s=ctx),
                        event=eid)
    name = sim.name(rid)
    if hour.status in (ASLEEP, AWAY):
        return r.mark(f"Noted: {name} {sim.nverb(rid, 'say')} {p.subj} {p.verb('was')} "
                      f"{'asleep' if hour.status == ASLEEP else 'out of town'} {_at_time(at)}.")
    if hour.place is None:
        return r.mark(f"Noted: {name} could not remember where {p.subj} {p.verb('was')} "
                      f"{_at_time(at)}.", "forgotten")
    seen = ", and named nobody else"
    if names:
        parts = [f"saw {ctx['sure']} there" if ctx["sure"] else "",
                 f"thinks {ctx['think']} {'was' if ctx['think_n'] == 1 else 'were'} there"
                 if ctx["think"] else "",
                 f"maybe saw {ctx['hazy']}" if ctx["hazy"] else ""]
        seen = ", and " + and_list([x for x in parts if x])
    # "at home" in their words is a place in the note, and which: "at Hal's yard, his home"
    # (a playtester read "I was at home" above "at Hal's yard", not knowing it was his).
    # ("at Tilly's room", not "at Tilly's room, her home,": the name says whose it is)
    mine = sim.place_label(hour.place).startswith(name + "'s ")
    where = sim.place_name(hour.place) + (f", {p.poss} home," if hour.place == home and
                                          not mine else "")
    return r.mark(f"Noted: {name} {sim.nverb(rid, 'say')} {p.subj} {p.verb('was')} at "
                  f"{where} {_at_time(at)}{seen}.")


def _no_lead(sim: Game, value: str, claim: str | None = None) -> Reply | None:
    """A hidden spot the player has no lead on is nothing they can tell, conclude or search:
    by its id it parses (walkthroughs are read before their run), but 'tell bo key location
    cafe.drawer', guessed, won missing_key without a word from anyone (the playtest)."""
    place, _, spot = value.partition(".")
    if not (spot and spot in sim.places.get(place, {}).get("hidden", ())) or \
            has_lead(sim, value):
        return None
    # Refused in the words the parser gives an id that names nothing, suggestion and all,
    # so a guess cannot tell a real hidden spot from a made-up one (the review).
    with sim.names().as_guessed() as v:
        try:
            v.value(claim, value) if claim else v.spot_or_place(value)
        except CommandError as e:
            return fail(str(e), minutes=0)
    return fail(f"'{value}' is not someone or something in this town, nor an answer you "
                "have heard", minutes=0)


def tell(sim: Game, rid: str, claim: str, value: str, anonymously: str = "") -> Reply:
    """Spread a rumour: as yourself, or without saying where it came from (§5 anomaly)."""
    if (no := _here(sim, rid)) is not None:
        return fail(no, minutes=0)
    if (no_lead := _no_lead(sim, value, claim)) is not None:
        return no_lead
    s, a = split(claim)
    anon = bool(anonymously)
    origin = ANONYMOUS if anon else PLAYER
    place = sim.state[PLAYER].place
    present = sim.present(place)
    overhear = [x for x in present if x not in (PLAYER, rid)
                and sim.rng.random() < talk.OVERHEAR_BASE + talk.OVERHEAR_CURIOSITY
                * sim.people[x].curiosity]
    if len(overhear) > talk.OVERHEAR_MAX:
        overhear = sorted(sim.rng.sample(overhear, talk.OVERHEAR_MAX))
    eid, _ = sim.record(Event(
        kind="talk", at=sim.now, actor=PLAYER, target=rid, place=place, claim=claim,
        value=value, summary=f"you told {sim.name(rid)} that {sim.say_claim(claim, value)}"
        + (" (without saying where you heard it)" if anon else ""),
        data={"basis": "heard", "origin": origin, "anonymous": anon},
        participants=[PLAYER, rid], witnesses=overhear))
    before = visible.before(sim, rid, claim)
    # Told them so to their face before (not only overheard by them: "You told me that
    # already" was said to one who had only overheard it: a review).
    again = sim.db.execute(
        "SELECT 1 FROM world_log WHERE kind = 'talk' AND actor = ? AND target = ? AND "
        "claim = ? AND value = ? AND id != ? LIMIT 1", (PLAYER, rid, claim, value, eid)
    ).fetchone() is not None or _said_through_model(sim, rid, s, a, value)
    for h in [rid] + overhear:
        if (value == h and sim.is_actor_attribute(a)) or perception.knows_otherwise(
                sim, h, s, a, value):
            # Told they did something they know they did not, or something of themselves
            # they saw otherwise (as `perception.told` has it for residents): they do not
            # take it on — they learn that you say so.
            sim.queue(Evidence(resident=h, subject=PLAYER, attribute=about_attribute(s, a),
                               value=value, kind="declared", teller=PLAYER, at=sim.now,
                               event=f"w{eid}"))
            continue
        sim.queue(Evidence(resident=h, subject=s, attribute=a, value=value, kind="hearsay",
                           teller=PLAYER, origin=origin_for(sim, h, s, a, value, origin),
                           basis="heard", at=sim.now, event=f"w{eid}", by_player=True))
    out = sim.flush_outcomes()[0]
    after = visible.held(sim, rid, claim)
    ch = visible.change(sim, rid, claim, value, before, after)
    visible.witnessed(sim, rid, claim, ch, after, "told", PLAYER)
    held_now = sim.store.belief(rid, s, a, history=False)
    # One who saw it does not say "that's what I heard too" (Fen, of the drawer; a playtest).
    saw = held_now is not None and held_now.value == value and held_now.kind in (
        "firsthand", "witnessed")
    if before is not None and before.acting:  # as the liar tells it: "I saw it myself"
        lie = sim.people[rid].lie_for(claim, PLAYER) or {}
        saw = value == before.value and lie.get("basis") == "saw"
    # What they saw may be a thing that shows it, not the deed: "just as Ada's key shows",
    # not "I saw as much myself" of Dee moving it (a window playtest).
    clue = _clue(sim, rid, held_now) if saw and held_now is not None and \
        held_now.kind == "witnessed" and not (before is not None and before.acting) else ""
    # What happened to them, or what they did, they know, not saw: "Ivo owes me money — I saw
    # as much myself", said Ben of a debt (a playtest).
    own = saw and rid in (s, value) and not (before is not None and before.acting)
    ctx = {"what": sim.say_claim(claim, value, me=rid, you=PLAYER), "change": ch.kind,
           "saw": saw, "again": again, "clue": clue, "own": own}
    return Reply(True).say(sim.name(rid), sim.words.render(
        "told", f"{rid}|told|{claim}|{sim.now}", o=out, s=ctx), event=eid).mark(
        ch.line, ch.detail)


def _said_through_model(sim: Game, rid: str, s: str, a: str, value: str) -> bool:
    """Whether the player said this to `rid` in their own words (`say`, read by a model into
    `rid`'s memory) before: one face, one source, as `origin_for` has it — and "You told me
    that already", which a `say` did not count for (a review)."""
    events = [e.event[1:] for e in sim.store.evidence(rid, s, a)
              if e.teller == PLAYER and e.value == value and e.event and
              e.event.startswith("w") and e.event[1:].isdigit()]
    if not events:
        return False
    marks = ", ".join("?" for _ in events)
    return sim.db.execute(f"SELECT 1 FROM world_log WHERE kind = 'speak' AND id IN ({marks}) "
                          "LIMIT 1", [int(x) for x in events]).fetchone() is not None


def origin_for(sim: Game, h: str, s: str, a: str, value: str, origin: str) -> str:
    """Whose word `h` takes the player's telling for: the same as the first time the player
    told them this, whatever "anonymously" says now (or a `say` through a model: the same
    face, whatever the words). One face saying it twice is one source
    (§5 step 2): told openly, then again "without saying where you heard it", Tilly counted
    two independent origins and changed her mind on the player's word alone (a playtest)."""
    for e in sim.store.evidence(h, s, a):
        if e.teller == PLAYER and e.value == value and e.origin is not None:
            return e.origin
    return origin


def mediate(sim: Game, a: str, b: str, claim: str) -> Reply:
    """Put two residents together on one question; each tells the other what they know."""
    for rid in (a, b):
        if (no := _here(sim, rid)) is not None:
            return fail(no, minutes=0)
    s, attr = split(claim)
    for rid in (a, b):
        # A mediator sits people down over a question knowing where each of them stands.
        if not heard_from(sim, rid, claim):
            # (a name takes "stands", whatever the pronoun: "where Sam stands") The brief's
            # word of them is not theirs: "You do not know where Ada stands", under a brief
            # saying what Ada says, read as the game forgetting it (a playtest).
            from .knowledge import brief_tells

            only = any(t.by == rid and t.claim == claim for t in brief_tells(sim))
            return fail((f"You have only the brief's word for where {sim.name(rid)} stands "
                         if only else f"You do not know where {sim.name(rid)} stands ")
                        + f"on {sim.say_claim(claim)}: ask {sim.pronoun(rid).obj} first.",
                        minutes=0)  # nobody was sat down: nothing done, no time
    place = sim.state[PLAYER].place
    present = sim.present(place)
    r = Reply(True)
    sim.record(Event(kind="mediate", at=sim.now, actor=PLAYER, target=a, place=place,
                     claim=claim, summary=f"you sat {sim.name(a)} and {sim.name(b)} down to "
                     f"compare what they know about {sim.say_claim(claim)}",
                     data={"with": b}, participants=[PLAYER, a, b],
                     witnesses=sim.onlookers(place, (PLAYER, a, b))))
    before = {x: visible.before(sim, x, claim) for x in (a, b)}
    said: dict[str, talk.Told | None] = {}
    quiet: set[str] = set()
    for speaker, listener in ((a, b), (b, a)):
        belief = sim.store.belief(speaker, s, attr, history=True)
        told = None
        if _quiet_between(sim, speaker, listener, claim):
            said[speaker] = None
            quiet.add(speaker)
            r.say(sim.name(speaker), sim.words.render(
                "refuse", f"{speaker}|quiet|{claim}|{sim.now}", reason="quiet"))
            continue
        # A witness answers from memory: what they cannot recall now, they cannot tell (§7).
        if belief is not None and belief.state.value != "past" and \
                talk.memory_state(sim, belief) != "gone":
            told = talk.tell(sim, speaker, listener, belief, place, present,
                             extra_listeners=[PLAYER], kind="mediate")
        said[speaker] = told
        ctx = said_context(sim, speaker, claim, told, belief, listener=listener)
        r.say("", sim.words.render("mediate", f"{speaker}|mediate|{claim}|{sim.now}", s=ctx),
              event=told.event_id if told else None)
    sim.flush()
    for speaker, listener in ((a, b), (b, a)):
        told = said[speaker]
        if told is None:
            r.mark(f"{sim.name(speaker)} would not say anything about "
                   f"{sim.say_claim(claim)}." if speaker in quiet else
                   f"{sim.name(speaker)} had nothing to tell {sim.name(listener)}.")
            continue
        after = visible.held(sim, listener, claim)
        # One keeping quiet at this table shows nothing on his face either: Gil, quiet with
        # Ida, shook his head at Cal — his own lie to her — in her presence (a review).
        ch = visible.change(sim, listener, claim, told.value, before[listener], after,
                            guard=listener in quiet)
        visible.witnessed(sim, listener, claim, ch, after, "mediated", speaker)
        r.mark(ch.line, ch.detail)
    # Having compared notes, people who were at odds and now agree mend what the question
    # had broken; people who were not quarrelling have nothing to mend, and agreeing on
    # another question mends nothing: Ana and Ben, agreed only that he never came, made
    # peace over why he stayed away, and won the game (a playtest). A quarrel the town
    # began with, over nothing either acted on, is any question's to mend.
    ba = sim.store.belief(a, s, attr, history=False)
    bb = sim.store.belief(b, s, attr, history=False)
    at_odds = sim.world.affinity(a, b) < 0 or sim.world.affinity(b, a) < 0
    # Only if both spoke: Bo would not talk about it, gave nothing away, and "Bo and Cy find
    # they agree, and make peace" (a window playtest).
    if ba and bb and ba.value == bb.value and at_odds and not quiet:
        over = sim.world.grievances(a, b)
        if over and claim not in over:
            # Said only of a falling-out the player saw or heard of: to anyone else it is no
            # more than two who agree (a review: the line told which question it was not).
            if _knows_of_quarrel(sim, a, b):
                r.say("", f"{sim.name(a)} and {sim.name(b)} agree on that much; it mends "
                          "nothing between them.")
        else:
            acts.social(sim, "reconcile", a, b, place, 0.4, 0.4,
                        summary=f"{sim.name(a)} and {sim.name(b)} made peace")
            r.say("", f"{sim.name(a)} and {sim.name(b)} find they agree, and make peace.")
    return r


def _knows_of_quarrel(sim: Game, a: str, b: str) -> bool:
    """Whether the player holds that one of the two avoided, broke off with, accused or
    confronted the other (seen, or told of)."""
    for x, y in ((a, b), (b, a)):
        for kind in GRIEVANCE_KINDS:
            held = sim.store.held(PLAYER, x, kind)
            if held is not None and held[0] == y and held[2] != "past":
                return True
    return False


# -- things -------------------------------------------------------------------------------------


def search(sim: Game, where: str | None = None) -> Reply:
    """Look around where you are, or in one spot of it. A hidden spot (a drawer, a desk) is
    gone through only with a lead — something you were told or saw is, or went, there;
    without one it is refused as a spot that is not there, and a look around passes it by."""
    st = sim.state[PLAYER]
    place, _, spot = (where or st.place).partition(".")
    if spot and (no_lead := _no_lead(sim, f"{place}.{spot}")) is not None:
        return no_lead
    if place != st.place:  # nothing done, so no time taken
        # Which one they named, and where they are: "search desk" at Oswin's house named the
        # apothecary's, and "You are not at Oswin's Apothecary" read as nonsense (a playtest).
        if spot:
            return fail(f"The {spot.replace('_', ' ')} you know of is in "
                        f"{sim.place_name(place)}, and you are at "
                        f"{sim.place_name(st.place)}.", minutes=0)
        return fail(f"You are not at {sim.place_name(place)}.", minutes=0)
    r = Reply(True)
    reading = [] if where and "." in where else [
        sim.documents[d]["name"] for d in sorted(sim.documents)
        if sim.documents[d]["place"] == place and sim.documents[d]["says"]]
    seen_before = {o for o in _known_here(sim, place) if (b := sim.store.belief(
        PLAYER, o, "location", history=False)) is not None and b.kind in ("firsthand",
                                                                          "witnessed")}
    found = acts.look(sim, PLAYER, place, spot or None, reading=reading)
    read = [] if where and "." in where else _read_here(sim, place, r)
    if not found and read:
        return r.mark("Read: " + and_list(read) + ".")
    if not found:
        return r.say("", _searched(sim, place, spot)).mark("Nothing found.")
    for oid in found:
        o = sim.objects[oid]
        loc = sim.world.fact(oid, "location") or place
        at = preposition(loc).capitalize()  # in the drawer, at the desk, in the café
        r.say("", f"{at} {sim.where(loc)}: {o['name']}." + (f" {o['text']}" if o.get("text")
                                                               else ""))
    # What was there before is not found again: "▸ Found: the new ledger." on every re-read
    # of it (a playtest).
    new = [sim.objects[o]["name"] for o in found if o not in seen_before]
    old = [sim.objects[o]["name"] for o in found if o in seen_before]
    if not new:
        # ("Nothing new found" under the thing's own line read as a contradiction to one who
        # had watched it put there and searched for the first time: a playtest)
        return r.mark(f"Nothing new: {and_list(old)} {'is' if len(old) == 1 else 'are'} "
                      "still there, as you saw before.")
    return r.mark("Found: " + and_list(new) + (
        f" ({and_list(old)} still there, as before)" if old else "") + ".")


def _searched(sim: Game, place: str, spot: str) -> str:
    """What a search that found nothing went through: the spot, or the place's open spots
    and any hidden one the player knows of, which a look around passes by. "You search The
    Mill and find nothing of note", with the rota on the desk, read as if there was nothing
    there (a playtest)."""
    if spot:
        return f"You search {sim.where(f'{place}.{spot}')} and find nothing of note."
    p = sim.places[place]
    open_ = [s for s in p["spots"] if s not in p["hidden"]]
    led = [s for s in p["spots"] if s in p["hidden"] and has_lead(sim, f"{place}.{s}")]
    spots = and_list([f"the {s.replace('_', ' ')}" for s in open_]) if open_ else ""
    text = (f"You look around {sim.place_name(place)}" + (f" — {spots} —" if spots else "")
            + " and find nothing of note.")
    for s in led:
        name = s.replace("_", " ")
        text += f" To go through the {name}, search the {name}."
    return text


def _read_here(sim: Game, place: str, r: Reply) -> list[str]:
    """Looking around a place reads what hangs there (a notice board): the reply says what
    it says now, and the player takes it in (document evidence) unless they already read
    this version — so what the case board says they read, a reply said first."""
    names = []
    for did in sorted(sim.documents):
        doc = sim.documents[did]
        if doc["place"] != place or not doc["says"]:
            continue
        if sim.state[PLAYER].read.get(did, 0) < (sim.world.version(did, "version") or 1):
            perception.read(sim, PLAYER, did)
        says = "; ".join(dict.fromkeys(sim.say_claim(c, v) for c, v in doc["says"]))
        name = doc["name"]
        r.say("", f"{name[:1].upper()}{name[1:]} says: {says}.")
        names.append(name)
    return names


def has_lead(sim: Game, spot: str) -> bool:
    """Has the player a reason to look in `spot`: a value of something they believe — held or
    only heard, from anyone, seen or told — that is that spot? Any of their evidence counts,
    not only what their belief weighs now: once they saw the key in the drawer and took it,
    the belief held only 'you have it', and Fen's word that it was in the drawer — the lead —
    was lost (the drawer was no word any more, and telling it was refused)."""
    for b in sim.store.beliefs(PLAYER, about_others=False):
        if any(c.value == spot for c in b.candidates) or any(
                e.value == spot for e in sim.store.evidence(PLAYER, b.subject, b.attribute)):
            return True
    return False


def take(sim: Game, oid: str) -> Reply:
    st = sim.state[PLAYER]
    loc = sim.world.fact(oid, "location") or ""
    # Nothing to pick up is nothing done, so no time taken (a refused take cost ten minutes
    # of a playtester's clock, where a search elsewhere costs none).
    if loc == PLAYER:
        return fail("You already have it.", minutes=0)
    # A thing that hangs here as a document is in plain sight (look says "The new ledger is
    # here"): one that stays put says so, not "You have not found the new ledger here" (a
    # playtest). Authors write the thing and the pages it is read as apart, of one name.
    in_sight = any(d["place"] == st.place and d["says"] and d["name"] == sim.objects[oid]["name"]
                   for d in sim.documents.values())
    found = oid in _known_here(sim, st.place)
    if loc.split(".")[0] != st.place or (
            not found and not (in_sight and not sim.objects[oid].get("portable", True))):
        return fail(_not_found(sim, oid, st.place), minutes=0)
    if not sim.objects[oid].get("portable", True):
        # Why, and what to do instead: a bare refusal left the player guessing (the playtest).
        name = sim.objects[oid]["name"]
        then = "" if found else "search here to look it over, and then "
        return fail(f"{name[:1].upper()}{name[1:]} stays where it is: you cannot carry it "
                    f"off, but {then}you can show it to someone here.", minutes=0)
    onlookers = sim.onlookers(st.place, (PLAYER,))
    eid, _ = sim.record(Event(
        kind="take_object", at=sim.now, actor=PLAYER, place=st.place,
        summary=f"you took {sim.objects[oid]['name']} from {sim.where(loc)}",
        data={"object": oid, "from": loc}, participants=[PLAYER],
        witnesses=onlookers, changes=[(oid, "location", PLAYER)]))
    perception.seen(sim, eid, [(f"{oid}.location", PLAYER)], [PLAYER], "firsthand")
    perception.seen(sim, eid, [(f"{oid}.location", PLAYER)], onlookers, "witnessed")
    if not _seen_what_it_shows(sim, oid):
        # Picked up where someone said it was, unsearched: in your hands, you see what it
        # shows as a search would have shown it ("take card", then "read card", taught a
        # playtester nothing: the case board still said "No answers yet").
        acts.what_it_shows(sim, eid, oid, PLAYER)
    return Reply(True).say("", f"You take {sim.objects[oid]['name']}.").mark(
        f"You carry {sim.objects[oid]['name']} now.")


def _seen_what_it_shows(sim: Game, oid: str) -> bool:
    """Whether the player has already taken in what a thing shows: read it, or seen it where
    they looked (what a search, a take or a showing put in their memory)."""
    o = sim.objects[oid]
    for claim, value in o.get("shows", []):
        s, a = split(claim)
        for e in sim.store.evidence(PLAYER, s, a):
            if e.value != value:
                continue
            if e.document == oid or acts.clue_seen(sim, e.event, claim, value) == oid:
                return True
    return not o.get("shows")


def show(sim: Game, rid: str, oid: str) -> Reply:
    """The resident sees the thing for themselves: first-hand (or, for a note, document)
    evidence of what it shows."""
    if (no := _here(sim, rid)) is not None:
        return fail(no, minutes=0)
    o = sim.objects[oid]
    place = sim.state[PLAYER].place
    where = sim.world.fact(oid, "location") or ""
    if where != PLAYER and not (where.split(".")[0] == place and
                                oid in _known_here(sim, place)):
        # As `take` says it: "it is not here" was untrue of a thing hidden in a spot nobody
        # had led the player to, and told them so (a playtest).
        # Nothing to hold up, so no time: as `take` of a thing not found (a playtest met
        # one costing ten minutes and the other none).
        return fail(f"You do not have {o['name']}, and you have not found it here.",
                    minutes=0)
    again = any(e["target"] == rid and e["data"].get("object") == oid
                for e in sim.world.log(kind="show"))
    # How they stood before it was shown: a liar's face acts out the lie it shows against
    # (once shown, they know the player knows: `lies.knows_otherwise`).
    before = {c: visible.before(sim, rid, c) for c, _ in o.get("shows", [])}
    eid, _ = sim.record(Event(
        kind="show", at=sim.now, actor=PLAYER, target=rid, place=place,
        summary=f"you showed {sim.name(rid)} {o['name']}", data={"object": oid},
        participants=[PLAYER, rid]))
    shows = o.get("shows", [])
    r = Reply(True)
    if not shows:
        return r.say(sim.name(rid), "And? What of it?")
    for claim, value in shows:
        s, a = split(claim)
        if o.get("readable"):
            sim.queue(Evidence(resident=rid, subject=s, attribute=a, value=value,
                               kind="document", document=oid, at=sim.now, by_player=True))
        else:
            sim.queue(Evidence(resident=rid, subject=s, attribute=a, value=value,
                               kind="witnessed", event=f"w{eid}", at=sim.now, by_player=True))
    outs = sim.flush_outcomes()
    changes = []
    # The ledger's eight entries for Mira are eight pieces of evidence, but one thing seen
    # and one reaction to it: it said the same line eight times.
    seen_as = []
    for c, v in dict.fromkeys(map(tuple, shows)):
        after = visible.held(sim, rid, c)
        ch = visible.change(sim, rid, c, v, before[c], after, seen=True)
        if again and ch.kind in ("rejected", "same", "torn"):  # seen before: adds nothing
            ch = replace(ch, kind="same", line=f"{sim.name(rid)} has seen it before; "
                         "nothing changes.")
        changes.append(ch)
        seen_as.append((c, after))
    guard = next((ch for ch in changes if ch.kind == "guarded"), None)
    if guard is not None:
        # One face for one thing shown: Ned, lying about when the meeting is, "gives nothing
        # away" — and then "nods: it is as he thought… in the schoolroom" of the same
        # handbill, under his "Means nothing to me" (a playtest).
        changes = [replace(ch, kind="guarded", line=guard.line) for ch in changes]
    first = 0
    if guard is None and any(ch.face is not None for ch in changes):
        # So with a face acting out a lie: a frown at the lie beside an honest nod at the rest
        # of the same handbill was two faces, and the second the tell (a review). The acted
        # one is the face; the rest show nothing of what they hold.
        first = next(i for i, ch in enumerate(changes) if ch.face is not None)
        changes = [ch if ch.face is not None else replace(
            ch, kind="guarded", line=changes[first].line) for ch in changes]
    for (c, after), ch in zip(seen_as, changes, strict=True):
        visible.witnessed(sim, rid, c, ch, after, "shown", oid)
    claim, value = list(dict.fromkeys(map(tuple, shows)))[first]
    ctx = {"what": sim.say_claim(claim, value, me=rid, you=PLAYER),
           "change": changes[first].kind,
           # About themselves: not "Good to see it with my own eyes. I am allergic…"
           "self_about": split(claim)[0] == rid}
    if again and changes[0].kind == "same":
        # Shown it before, and it moves them no further: they say so, not that they cannot
        # see what it has to do with anything.
        r.say(sim.name(rid), f"You've shown me {sim.thing(oid, me=rid, you=PLAYER)} already.",
              event=eid)
    else:
        r.say(sim.name(rid), sim.words.render("shown", f"{rid}|shown|{oid}|{sim.now}", s=ctx,
                                              o=outs[0]), event=eid)
    said: set[str] = set()
    for ch in changes:  # (a handbill shown again: one "seen it before", not one a claim)
        if ch.line not in said:
            said.add(ch.line)
            r.mark(ch.line, ch.detail)
    return r


def _not_found(sim: Game, oid: str, place: str) -> str:
    """Why a thing is not to hand: never found here — or, where the player last saw it
    here, gone from there (reaching for it, they see that much)."""
    name = sim.objects[oid]["name"]
    b = sim.store.belief(PLAYER, oid, "location", history=False)
    if b is not None and b.value.split(".")[0] == place and b.value != sim.world.fact(
            oid, "location"):
        # (as they had it: "where you last saw it" of a thing they were only told of read
        # as a sighting they never had — a review)
        had = "last saw it" if b.kind in ("firsthand", "witnessed") else \
            "read it was" if b.kind == "document" else "were told it was"
        return f"{name[:1].upper()}{name[1:]} is not where you {had} ({sim.where(b.value)})."
    return f"You have not found {name} here."


def _known_here(sim: Game, place: str) -> set[str]:
    """Objects the player has seen where they now are."""
    out = set()
    for oid in sim.objects:
        b = sim.store.belief(PLAYER, oid, "location", history=False)
        if b is not None and b.value.split(".")[0] == place and \
                b.value == sim.world.fact(oid, "location"):
            out.add(oid)
    return out


def bring(sim: Game, rid: str) -> Reply:
    if (no := _here(sim, rid)) is not None:
        return fail(no, minutes=0)
    if not heard_from(sim, rid):
        # Nobody leaves what they are doing for a stranger's hunch: you bring a witness you
        # have found, someone whose account of the case you have heard. One you have only
        # told or shown something is asked, not told "you haven't said what this is about":
        # Ana, just shown the rota, said so (a window playtest).
        from .knowledge import questions

        p = sim.pronoun(rid)
        # (told or shown anything of the case, taken in or not: one who shook his head at it
        # was told "you haven't said what this is about" as well; a review)
        qs = questions(sim)
        if any(kind == "show" or c in qs for kind, c in sim.db.execute(
                "SELECT kind, claim FROM world_log WHERE actor = ? AND target = ? AND kind IN "
                "('talk', 'show')", (PLAYER, rid))):
            return Reply(False, minutes=clock.TICK).say(sim.name(rid), sim.words.render(
                "refuse", f"{rid}|refuse|{sim.now}", reason="unheard")).mark(
                f"{sim.name(rid)} will not come with you: you have told or shown {p.obj} "
                f"something, but not asked what {p.subj} {p.verb('make')} of the case — ask "
                f"{p.obj} first.", "never asked")
        return Reply(False, minutes=clock.TICK).say(sim.name(rid), sim.words.render(
            "refuse", f"{rid}|refuse|{sim.now}", reason="unasked")).mark(
            f"{sim.name(rid)} will not come with you: you have not talked with "
            f"{p.obj} about the case.", "never asked")
    trust = sim.store.trust(rid, PLAYER)
    if trust < WILLING_TRUST:
        return Reply(False, minutes=clock.TICK).say(sim.name(rid), sim.words.render(
            "refuse", f"{rid}|refuse|{sim.now}", reason="distrust")).mark(
            f"{sim.name(rid)} will not come with you: {sim.pronoun(rid).subj} "
            f"{sim.pronoun(rid).verb('do')} not trust you enough. You could bring others to "
            f"{sim.pronoun(rid).obj} instead.", f"trust in you {trust:.2f}")
    st = sim.state[rid]
    st.following = PLAYER
    st.follow_until = sim.now + BRING_HOURS * clock.HOUR
    st.intent = None
    sim.record(Event(kind="bring", at=sim.now, actor=PLAYER, target=rid,
                     place=sim.state[PLAYER].place, summary=f"{sim.name(rid)} agreed to come "
                     "with you", participants=[PLAYER, rid]))
    return Reply(True).say("", f"{sim.name(rid)} will come with you for a while.").mark(
        f"{sim.name(rid)} follows you until {clock.fmt_clock(st.follow_until)}.")


def heard_from(sim: Game, rid: str, claim: str | None = None) -> bool:
    """Has the player heard `rid`'s own account of `claim` — or, with none given, of any
    question of the case — asked them, or been told or overheard them say it? Having asked
    them counts even when they knew nothing: you know where they stand (and, for the case as a
    whole, you have talked with them about it)."""
    from .knowledge import questions, reactions

    told = sim.store.beliefs_about(PLAYER, rid)  # what they told you they believe...
    for q in [claim] if claim else questions(sim):
        s, a = split(q)
        if (s, a) in told or any(e.teller == rid for e in sim.store.evidence(PLAYER, s, a)):
            return True  # ...or said of themselves (a declaration)
    # ...or, for one question, showed where they stand on it in how they took what you told
    # or showed them — a nod, a frown, a change of mind says what they hold; a shake of the
    # head only that they hold something else. Not for the case as a whole: coming along
    # (`bring`) still asks that you have heard them out, not only told them something.
    if claim is not None and any(x.turn not in ("react:rejected", "react:blank")
                                 for x in reactions(sim, rid, claim)):
        return True
    # ...or that they know nothing of it, cannot remember, or will not say: you asked.
    asked = {claim} if claim else set(questions(sim))
    return any(e["actor"] == PLAYER and e["target"] == rid and e["claim"] in asked
               for e in sim.world.log(kind="ask"))


def where(sim: Game, rid: str) -> Reply:
    """Where you last saw someone, or were last told they were: a look in your own notes,
    so it takes no time."""
    from .knowledge import last_whereabouts

    name = sim.name(rid)
    st = sim.state[rid]
    if st.place == sim.state[PLAYER].place and st.status == AWAKE:
        return Reply(True, minutes=0).mark(f"{name} is here, at "
                                            f"{sim.place_name(st.place)}.")
    w = last_whereabouts(sim, rid)
    from .knowledge import brief_tells

    told = next((t.value for t in brief_tells(sim) if t.claim == f"{rid}.location"
                 and t.value in sim.places), None)
    if w is None:
        p = sim.pronoun(rid)
        if told is not None:
            # Where the brief said they are, before anyone in town did: "(Dee … is visiting
            # her sister in Riverton)", and `where is dee` said nobody had told you (a
            # playtest).
            return Reply(True, minutes=0).mark(
                f"You have not seen {name}. You were told at the start that {p.subj} "
                f"{p.verb('be')} at {sim.place_name(told)}.")
        return Reply(True, minutes=0).mark(f"You have not seen {name}, and nobody has told "
                                            f"you where {p.subj} {p.verb('be')}.")
    place = sim.place_name(w.place)
    if w.seen:
        # Across midnight, both days: "from 18:30 on day 1 to 07:00 on day 2" (only the
        # start was said — "at 18:30 on day 1" — after a night at Quill's: a playtest).
        span = _at_time(w.start) if w.end - w.start < clock.TICK else \
            f"from {clock.fmt_clock(w.start)} on day {clock.day_of(w.start)} to " \
            f"{clock.fmt_clock(w.end)} on day {clock.day_of(w.end)}" \
            if clock.day_of(w.start) != clock.day_of(w.end) else \
            f"from {clock.fmt_clock(w.start)} to {clock.fmt_clock(w.end)} on day " \
            f"{clock.day_of(w.end)}"
        left = ""
        if w.left_in_view:  # (the map no longer draws them there either)
            p = sim.pronoun(w.resident)
            left = f" You saw {p.obj} leave, and not where {p.subj} went."
        return Reply(True, minutes=0).mark(f"You last saw {name} at {place} {span}.{left}")
    when = w.when  # the minute they were asked about, or only the hour known
    p = sim.pronoun(rid)
    # Told where they were in town, the brief's word of where they went still stands: it
    # was dropped once Fen had said Dee was at the café that morning (a playtest).
    brief = (f" You were told at the start that {p.subj} {p.verb('be')} at "
             f"{sim.place_name(told)}.") if told is not None and told != w.place else ""
    if w.teller == rid:
        return Reply(True, minutes=0).mark(f"{name} told you {p.subj} {p.verb('was')} at "
                                           f"{place} {when}.{brief}")
    return Reply(True, minutes=0).mark(f"{sim.name(w.teller)} told you {name} was at {place} "
                                       f"{when}.{brief}")


def look(sim: Game) -> Reply:
    """Where you are, who is here and what you could search: what your own eyes give you
    on the spot, so it takes no time and finds nothing (a search does that). A hidden spot
    is named only once someone has led you to it."""
    st = sim.state[PLAYER]
    place = st.place
    r = Reply(True, minutes=0)
    r.say("", f"You are at {sim.place_name(place)}; it is {clock.fmt_clock(sim.now)} on day "
          f"{clock.day_of(sim.now)}.")
    following = followers(sim)
    with_you = [sim.name(x) for x in following]
    here = [sim.name(x) for x in sim.present(place) if x != PLAYER and x not in following]
    spots = [s for s in sim.places[place]["spots"]
             if s not in sim.places[place]["hidden"] or has_lead(sim, f"{place}.{s}")]
    if spots:
        r.say("", "Spots you could search here: "
              + and_list([f"the {s.replace('_', ' ')}" for s in spots]) + ".")
    here_docs = [d for d in sorted(sim.documents)
                 if sim.documents[d]["place"] == place and sim.documents[d]["says"]]
    # Read as it stands now, a document says so ("search to read it" stayed after reading;
    # a playtest); a new version of it is to be read again.
    read = {d for d in here_docs if sim.state[PLAYER].read.get(d, 0) >=
            (sim.world.version(d, "version") or 1)}
    for group, words in (([d for d in here_docs if d not in read], "search to read {it}"),
                         ([d for d in here_docs if d in read], "you have read {it}")):
        if group:
            them = and_list([sim.documents[d]["name"] for d in group])
            it = "it" if len(group) == 1 else "them"
            r.say("", f"{them[:1].upper()}{them[1:]} {'is' if len(group) == 1 else 'are'} "
                  f"here: {words.format(it=it)}.")
    carried = [o["name"] for oid, o in sim.objects.items()
               if sim.world.fact(oid, "location") == PLAYER]
    if carried:
        r.say("", f"You carry {and_list(carried)}.")
    if with_you:
        r.say("", f"With you: {and_list(with_you)}.")
    r.mark("Here: " + and_list(here) + "." if here else
           "Nobody else is awake here." if asleep_here(sim, place) else "Nobody else is here.")
    return _sleepers(sim, place, r)


def asleep_here(sim: Game, place: str) -> list[str]:
    """Who is asleep at `place` (their home, at night): the player who walks in sees them,
    where "Nobody is here" had a playtester wondering where the town slept."""
    return [rid for rid, st in sorted(sim.state.items())
            if st.status == ASLEEP and st.place == place and rid != PLAYER]


def _sleepers(sim: Game, place: str, r: Reply) -> Reply:
    sleeping = asleep_here(sim, place)
    if sleeping:
        r.mark(f"Asleep here: {and_list([sim.name(x) for x in sleeping])}.")
    return r


def help_(sim: Game) -> Reply:
    """The verbs and what each needs, as the command line's hints give them."""
    from .commands import VERBS

    r = Reply(True, minutes=0)
    for usage in VERBS.values():
        r.say("", usage)
    # (the same words in the window and in a headless run: "the window's Case tab, or
    # `hearsay run --notebook`" read oddly in both, playtesters said)
    # (A playtest typed walk, examine and inventory: they work, and are said to.)
    r.say("", "Other words work too: walk (go), examine or read (search), inventory (look), "
              "question (ask), get (take).")
    return r.mark("Type names or ids, in any case, or their first letters; the case board "
                  "gives the words for each question.")


def _at_time(minute: int) -> str:
    """'at 08:10 on day 1'."""
    return f"at {clock.fmt_clock(minute)} on day {clock.day_of(minute)}"


def conclude(sim: Game, claim: str, value: str) -> Reply:
    if (no_lead := _no_lead(sim, value, claim)) is not None:
        return no_lead
    sim.record(Event(kind="conclude", at=sim.now, actor=PLAYER, claim=claim, value=value,
                     place=sim.state[PLAYER].place,
                     summary=f"you concluded that {sim.say_claim(claim, value)}",
                     participants=[PLAYER]))
    # Say what an answer does here: a case may read it (`concluded(...)` in its conditions),
    # or end only on what the town comes to believe and do.
    text = sim.sc.model_dump_json()
    read = any(f'concluded({q}{claim}{q})' in text for q in ('\\"', "'"))
    what = ("Your last answer before the end is the one that counts." if read else
            "Nothing in this case turns on your answer alone: it ends on what the town comes "
            "to believe and do. Your answer stays in your notes.")
    return Reply(True, minutes=0).say("", f"You conclude: {sim.say_claim(claim, value)}.").mark(
        f"Your answer: {sim.say_claim(claim, value)}. {what}")


def examine(sim: Game, oid: str) -> Reply:
    """Look at a thing in your hands, and read it if it has words: 'read oswin_card' while
    carrying it stopped a walkthrough as a thing not to be searched (a hostile-input run).
    Nothing happens in the world and no time passes."""
    o = sim.objects[oid]
    name = o["name"]
    if sim.world.fact(oid, "location") != PLAYER:
        return fail(f"You do not have {name}.", minutes=0)
    if o.get("readable") and o.get("text"):
        words = " ".join(str(o["text"]).split())
        if not _seen_what_it_shows(sim, oid):  # (one you held from the start: now read)
            acts.what_it_shows(sim, 0, oid, PLAYER)
        return Reply(True, minutes=0).say("", f"You read {name}: {words}")
    text = f" {o['text']}" if o.get("text") else ""
    return Reply(True, minutes=0).say("", f"You look at {name}.{text} Show it to someone "
                                      "here to let them see it too.")


def say(sim: Game, text: str) -> Reply:
    """Free words, said to whoever is here (a world event); a configured language model reads
    them into a claim, which the memory guard checks (see game/model.py)."""
    from .model import say as say_words

    return say_words(sim, sim.model, text)


_VERBS = {"go": go, "wait": wait, "ask": ask, "why": ask_why, "who": who, "tell": tell,
          "say": say,
          "mediate": mediate, "search": search, "take": take, "show": show, "bring": bring,
          "conclude": conclude, "where": where, "look": look, "examine": examine,
          "help": help_}


# -- words --------------------------------------------------------------------------------------


def said_context(sim: Game, speaker: str, claim: str, told: talk.Told | None,
                 b: Belief | None, listener: str = PLAYER) -> dict:
    """What a resident says about a claim, in the terms templates use."""
    s, a = split(claim)
    ctx: dict = {"speaker": sim.name(speaker), "listener": sim.name(listener),
                 "topic": sim.say_claim(claim), "known": told is not None,
                 "memory": talk.memory_state(sim, b) if b is not None else "",
                 # asked of themselves ("do you have a fever?"), holding nothing of it
                 "of_self": s == speaker}
    if told is None or b is None:
        return ctx
    name = sim.name
    basis_source = {"saw": "saw", "heard": "heard", "reckon": "reckon"}
    source = basis_source.get(told.basis, "heard")
    # Their words follow what they told, not what they hold: one who claims to have seen what
    # they heard or worked out says "I saw it", as the note of the answer does.
    if told.as_held:
        source = {"firsthand": "saw", "witnessed": "saw", "declared": "declared",
                  "document": "document", "hearsay": "heard", "inferred": "reckon",
                  "implanted": "heard"}[b.kind]
    chain = [name(x) for x in told.chain]
    # Who told them, as the chain they give has it: the teller of the telling it comes from.
    # Pat said "Ned told me" (the belief's first teller) while the note, from the same
    # telling, had "heard it from Sam, who had it from Ned" (a playtest).
    teller = b.teller
    if told.as_held and b.kind == "hearsay" and len(told.chain) >= 2 and \
            told.chain[-2] in sim.people:
        teller = told.chain[-2]
    ctx.update({
        "what": sim.say_claim(claim, told.value, me=speaker, you=listener),
        # After "Ben told me so himself:", Ben is "he" ("…: he stayed away from the supper").
        "what_of_teller": sim.say_claim(claim, told.value, me=speaker, you=listener,
                                        them=teller if teller and s == teller else None),
        "value": sim.value_words(told.value, a),
        # A liar says it as sure as a liar sounds, whatever they hold: Joss, shaken by the
        # card, said "It's muddled now…" while the note had him certain he saw it.
        "state": "influencing" if told.acted else b.state.value,
        "confidence": 85 if told.acted else b.confidence, "source": source,
        # "Who told you?" — the teller, or "someone" once that telling is dormant (§10).
        # The one they tell it to, when it was them: "You told me…", not "Ivo told me…" to
        # Ivo's face in a mediation (a playtest).
        # The player, to someone else, is "the detective": Tilly told Mira in a mediation
        # "You told me you do not have a fever" of the player's word (a playtest).
        "teller": (("someone" if ctx["memory"] == "forgot_source" else
                    "you" if teller == listener else
                    player_to_others(sim) if teller == PLAYER else name(teller))
                   if teller else "") if told.as_held else
        (name(told.chain[-2]) if told.basis == "heard" and len(told.chain) > 1 else ""),
        # "Mira told me so herself": the teller's own reflexive, not a fixed "themselves" —
        # unless the teller is forgotten ("someone told me so themselves").
        "teller_self": "yourself" if teller == listener else sim.pronoun(teller).refl
        if teller and ctx["memory"] != "forgot_source" else "themselves",
        "teller_subj": "you" if teller == listener else sim.pronoun(teller).subj
        if teller and ctx["memory"] != "forgot_source" else "they",
        # Whom the teller had it from, or what they read it on ("the notice board").
        "origin": origin_name(sim, told.origin), "chain": chain,
        "origin_read": bool(told.origin) and told.origin not in sim.people and
        told.origin in getattr(sim, "documents", {}),
        "document": sim.document_name(b) if source == "document" else "",
        "self_about": s == speaker or (told.value == speaker),
        # Seen for themselves, but a thing that shows it, not the deed: "I've seen Ada's key".
        "clue": _clue(sim, speaker, b) if told.as_held and source == "saw" else "",
        # Seen because they did it: the clerk who pinned the notice up says so, not "With my
        # own eyes… I was standing right there" (a playtest).
        # (by the sighting behind what they say, as the case board reads it after: the
        # reply said "I saw it myself" and the board "he said he put it up himself" of one
        # answer of Quill's; a playtest)
        "posted": told.as_held and source == "saw" and
        put_it_up(sim, speaker, claim, told.value, sim.now),
        # It is about them because they did it ("Ada's key was moved by Cy", said by Cy) —
        # not just any claim about them ("Mira is allergic to willowbark").
        "self_did": told.value == speaker and _is_actor(sim, a),
        # A deed or a moment one can have been there for, not a state of things ("I was
        # there: the town meeting is on day 2 at six" read oddly; a playtest).
        "event": getattr(sim.attributes.get(a), "nature", "event") != "state",
        "basis_said": b.basis or "", "sources": b.sources,
        # Caught in passing, not told: Pat "Rue told me" of Rue's answer to the player that
        # Pat overheard, and the log had no telling of Rue's to Pat (a window playtest).
        "overheard": told.as_held and source == "heard" and teller == b.teller and
        bool(teller) and ctx["memory"] != "forgot_source" and _overheard(sim, speaker, b),
        **(_also(sim, b, listener, teller) if told.as_held else {"also_from": "", "also_read": "",
                                                          "also_reckoned": False}),
        "when": _when(sim, b), "links": _links(sim, b, told, teller),
        "premises": _premises(sim, b),
        "old_what": "", "corrected_by": "", "against_what": "", "against_who": "",
        "against_says": "says", "history": "",
    })
    if b.state.value == "corrected" and not told.acted:
        old = [c for c in b.candidates if not c.held]
        if old:
            ctx["old_what"] = sim.say_claim(claim, old[0].value, me=speaker, you=listener)
        last = b.history[-1] if b.history else None
        ctx["corrected_by"] = ("I saw otherwise with my own eyes" if b.kind in (
            "firsthand", "witnessed") else f"{name(b.teller)} set me straight" if b.teller
            else "I found out otherwise")
        if last and last.cause == "correct":
            ctx["history"] = ""
    if b.state.value in ("doubtful", "anomalous") and not told.acted:
        others = [c for c in b.candidates if not c.held]
        if others:
            # The surest rival; of rivals as sure, the first heard — what raised the doubt
            # ("but you say Bo" was said of a tip she had just refused, after Dee's had
            # unsettled her: a playtest).
            top = max(others, key=lambda c: (c.confidence, -(c.evidence_id or 0)))
            # A whole claim, in the speaker's words to the listener ("you say Mira is
            # allergic to willowbark"), not a bare value after a verb.
            ctx["against_what"] = sim.say_claim(claim, top.value, me=speaker, you=listener)
            ctx["against_who"], ctx["against_says"] = _who_says(sim, top, speaker, listener)
    return ctx


def _also(sim: Game, b: Belief, listener: str, named: str | None) -> dict:
    """What else what they hold stands on, by name: whom else they heard it from ("Eli and
    Gus"; "you" to the listener), what they read it in, and whether they worked it out for
    themselves too. "And I've heard it from one other besides" named nobody — and was said
    of Ana's own reasoning (a playtest)."""
    tellers, docs, reckoned = [], [], False
    for e in sim.store.evidence(b.resident, b.subject, b.attribute):
        if e.value != b.value:
            continue
        if e.kind == "inferred" and b.kind != "inferred":
            reckoned = True
        elif e.kind == "document" and b.kind != "document" and e.document:
            name = sim.document_words(e.document)
            if name not in docs:
                docs.append(name)
        elif e.teller and e.teller not in (named, b.resident) and e.teller not in tellers \
                and (e.teller in sim.people or e.teller == PLAYER):
            tellers.append(e.teller)
    return {"also_from": and_list(["you" if x == listener else sim.name(x) for x in tellers])
            if tellers else "", "also_read": and_list(docs) if docs else "",
            "also_reckoned": reckoned}


def _is_actor(sim: Game, attribute: str) -> bool:
    """Whether the attribute's value is whoever did it ("moved_by")."""
    a = sim.attributes.get(attribute)
    return bool(a is not None and a.actor)


def player_to_others(sim: Game) -> str:
    """The player as a resident names them to someone else: by their role, "the detective"
    ("You told me…" to another's face read as that one's word: a playtest)."""
    role = getattr(sim.sc.scenario, "role", None)
    return f"the {role}" if role else "the stranger"


def _who_says(sim: Game, other: Candidate, speaker: str, listener: str) -> tuple[str, str]:
    """Who (or what) gives the other account, as the speaker says it to the listener, with
    "say" agreeing: ("you", "say"), ("Bo", "says"), ("the old card", "says"), ("someone",
    "says")."""
    teller = other.teller
    if teller is None:
        rec = sim.store.evidence_by_id(other.evidence_id) if other.evidence_id else None
        if rec is not None and rec.document:
            return sim.document_words(rec.document), "says"
        return "someone", "says"
    if teller == listener:
        return "you", "say"
    if teller == speaker:
        return "I", "say"
    if teller == PLAYER:
        # The player, spoken of to someone else: "the detective says…". Eli told Cy, in a
        # mediation, "but you say Ada's key was moved by Bo" of the player's own tip, and
        # pinned it on Cy (a playtest).
        return player_to_others(sim), "says"
    return sim.name(teller), sim.nverb(teller, "say")


def _clue(sim: Game, speaker: str, b: Belief) -> str:
    rec = sim.held_evidence(speaker, b)
    oid = acts.clue_seen(sim, rec.event, f"{b.subject}.{b.attribute}", b.value) \
        if rec is not None else None
    return sim.thing(oid, me=speaker, you=PLAYER) if oid else ""


def put_it_up(sim: Game, rid: str, claim: str, value: str | None = None,
              at: int | None = None) -> bool:
    """Whether what `rid` holds of `claim` they saw by putting it up themselves (a notice
    they pinned): said so, not "said he saw it", wherever their word is shown. Given what
    they said and when (`value`, `at`), as it stood then: read from what they hold now, a
    later change of mind turned Quill's day-1 "I put it up myself" into "he said he saw it",
    and told the player so without meeting him (a playtest)."""
    if value is not None and at is not None:
        rec = _sighting(sim, rid, claim, value, at)
        return rec is not None and _pinned(sim, rid, rec.event)
    b = sim.store.belief(rid, *split(claim), history=False)
    return b is not None and _posted(sim, rid, b)


def clue_behind(sim: Game, rid: str, claim: str, value: str | None = None,
                at: int | None = None) -> str | None:
    """The thing (its id) `rid` saw that shows what they hold of `claim` — "I've seen Ada's
    key for myself", as their words say it — or None if what they hold they saw happen or
    had otherwise. Where their word is shown, "said she saw it" made those shown the key
    into witnesses of the deed ("Each says they saw it", a playtest). Given what they said
    and when (`value`, `at`), as it stood then, whatever they hold now."""
    if value is not None and at is not None:
        rec = _sighting(sim, rid, claim, value, at)
        return acts.clue_seen(sim, rec.event, claim, value) if rec is not None else None
    b = sim.store.belief(rid, *split(claim), history=False)
    if b is None or (value is not None and b.value != value):
        return None  # (what they said is not what they hold: not this)
    rec = sim.held_evidence(rid, b)
    return acts.clue_seen(sim, rec.event, claim, b.value) if rec is not None else None


def _sighting(sim: Game, rid: str, claim: str, value: str, at: int):
    """The last thing `rid` saw for themselves, by `at`, that gave `claim` = `value`: what
    "I saw it" said then stood on (None if nothing did: a lie, or hearsay)."""
    seen = [e for e in sim.store.evidence(rid, *split(claim))
            if e.value == value and e.at <= at and e.kind in ("witnessed", "firsthand")]
    return seen[-1] if seen else None


def _posted(sim: Game, speaker: str, b: Belief) -> bool:
    """Whether what they hold they saw by putting it up themselves (a notice they pinned)."""
    rec = sim.held_evidence(speaker, b)
    return _pinned(sim, speaker, rec.event if rec is not None else None)


def _pinned(sim: Game, speaker: str, ref: str | None) -> bool:
    """Whether the world event `ref` is `speaker` pinning up a notice."""
    if not ref or not ref.startswith("w") or not ref[1:].isdigit():
        return False
    row = sim.db.execute("SELECT kind, actor FROM world_log WHERE id = ?",
                         (int(ref[1:]),)).fetchone()
    return row is not None and row[0] == "post_notice" and row[1] == speaker


def _when(sim: Game, b: Belief) -> str:
    """When a memory was come by, as a resident says it. "I read it this afternoon" of 12:00,
    said at 12:20 (a playtest): within half an hour it is "just now"; after six, "this
    evening"; late the night before, said before noon, "last night"."""
    days = clock.day_of(sim.now) - clock.day_of(b.since)
    t = clock.time_of_day(b.since)
    if days <= 0:
        if sim.now - b.since < 30:
            return "just now"
        return "this morning" if t < 12 * 60 else "this afternoon" if t < 18 * 60 else \
            "this evening"
    if days == 1 and t >= 20 * 60 and clock.time_of_day(sim.now) < 12 * 60:
        return "last night"
    return "yesterday" if days == 1 else f"{days} days ago"


def _links(sim: Game, b: Belief, told: talk.Told, teller: str | None) -> list[str]:
    chain = list(told.chain)[:-1]  # without the speaker
    speaker = told.chain[-1] if told.chain else b.resident
    if told.as_held and chain and teller and chain[-1] != teller:
        # The chain is the latest telling's (Rue's), the teller named the one the belief
        # rests on (Ora): "Ora told me. Pat had it from Sam…" would join two stories.
        return []
    if speaker in chain:
        # Word that came round to the speaker again: told from where it left them ("Pat had
        # it from me"), not through them in the third person and on round the loop.
        chain = chain[len(chain) - 1 - chain[::-1].index(speaker):]
    out = []
    for earlier, later in zip(chain, chain[1:], strict=False):
        if earlier == speaker:
            out.append(f"{sim.name(later)} had it from me.")
        elif earlier in sim.people or earlier == FORGOTTEN:
            out.append(f"{sim.name(later)} had it from {origin_name(sim, earlier)}.")
        else:  # a notice, a ledger, a letter: "Ora read it on the notice board."
            out.append(f"{sim.name(later)} read it {read_at(sim.document_words(earlier))}.")
    return list(reversed(out))


def _premises(sim: Game, b: Belief) -> str:
    rec = sim.held_evidence(b.resident, b)
    if rec is None or not rec.premises:
        return "it stands to reason"
    parts = []
    for p in rec.premises:
        ps, pa = split(p)
        pb = sim.store.belief(b.resident, ps, pa, history=False)
        if pb is not None:
            parts.append(sim.say_claim(p, pb.value))
    return ", and ".join(parts) or "it stands to reason"


def outcome_words(out: Outcome) -> str:
    return out.action
