"""What the player knows of other people's minds, and of where people are: a perceiver's view.

Play mode shows nothing else. It is built from the player's own records: their evidence rows
(`memory.heard` — what each resident told them or said in their hearing, each pointing at the
conversation turn), the world events they took part in or saw, the times they were somewhere
with someone, and the transcript of the words they heard. A resident's own mind is never read
here: what Fen believes is what Fen *said*, as the player heard it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memory import heard

from . import clock, copresence
from .people import AWAKE
from .player import PLAYER
from .sureness import words as sounded

if TYPE_CHECKING:
    from .town import Game

# Conversation turns the player can hear (an accused's reply too: its summary in the world
# log said "(a lie)" in the Log tab and the map's tooltip — an audit).
TALK_KINDS = ("talk", "why", "mediate", "report", "reply")
# Everything `talk.tell` records: a story's words said or announced are noticed as the story's
# (`pacing.STORY`), but read as any other turn — never with whether they were a lie.
SPOKEN = (*TALK_KINDS, "say", "announce")


@dataclass(frozen=True)
class Said:
    """One thing a resident said that the player heard."""

    teller: str
    claim: str
    value: str
    at: int
    kind: str  # "hearsay"; "declared": the teller spoke of themselves; "reaction": how they
    # took what the player told or showed them (`basis`: told, shown, mediated; `origin`: by
    # whom, or what was shown)
    basis: str | None  # the source they gave: saw, heard, reckon
    origin: str | None  # whom they said they had it from
    event: int | None  # the conversation turn
    to: str | None  # whom they said it to: the player, or someone overheard
    asked: bool  # the player asked for it
    sure: str  # how sure they sounded (`sureness.WORDS`), "" if not recorded
    turn: str  # what kind of turn: talk, why, mediate, report, ask_who; for a reaction,
    # "react:" and how it moved them (`visible.Change.kind`)
    about: int | None = None  # an answer to `who`: the minute the player asked about. The
    # claim it is filed under covers the hour (game.copresence); this is what was said.
    via: str | None = None  # whom they said they had it from, when not where it began

    @property
    def overheard(self) -> bool:
        """Caught in passing, said to someone else (not to the player, not at a meeting the
        player set up)."""
        return self.to != PLAYER and self.turn != "mediate"

    @property
    def where_slot(self) -> bool:
        """An answer to "where were you, whom did you see?" (a `who` question)."""
        return self.claim.partition(".")[2].startswith("at_d")


def said(sim: Game, teller: str | None = None, claim: str | None = None) -> list[Said]:
    """Everything residents said in the player's hearing (by `teller`, about `claim`), oldest
    first: the player's own hearsay and declared evidence, with the turn it came from."""
    subject, _, attribute = (claim or "").partition(".")
    rows = heard(sim.store, PLAYER, teller=teller, subject=subject or None,
                 attribute=attribute or None)
    turns = _turns(sim, [r.event for r in rows])
    out = []
    for r in rows:
        eid = _event_id(r.event)
        t = turns.get(eid, {})
        data = t.get("data", {})
        to = PLAYER if t.get("kind") == "ask_who" else t.get("target")
        out.append(Said(
            teller=r.teller, claim=f"{r.subject}.{r.attribute}", value=r.value, at=r.at,
            kind=r.kind, basis=r.basis, origin=r.origin, event=eid,
            to=to, asked=data.get("asked_by") == PLAYER or
            t.get("kind") == "ask_who", sure=data.get("sure", "") or "",
            turn=t.get("kind", "talk"),
            about=data.get("when") if t.get("kind") == "ask_who" else None,
            via=r.chain[-2] if len(r.chain) > 2 and r.chain[-1] == r.teller else None))
    out += reactions(sim, teller, claim)
    return sorted(out, key=lambda x: (x.at, x.event or 0))


# Reactions whose face shows only that they hold something other than what they were told
# (a shake of the head), or that they cannot recall it: what they do hold is not seen.
HELD_UNSEEN = ("rejected", "blank")


def reactions(sim: Game, teller: str | None, claim: str | None) -> list[Said]:
    """How people took what the player told or showed them, as the player saw it: each
    reaction that shows what they hold now. Not a shake of the head: "Hana does not believe
    that Ada's key was moved by Dee" filed her under "Cy" on the case board, "she kept to it
    … torn between two accounts", which she never said nor showed (a playtest) — the world
    log keeps what she holds (`refusals` has what the player saw)."""
    out = []
    for ev in sim.world.log(kind="react"):
        if (teller and ev["actor"] != teller) or (claim and ev["claim"] != claim) or \
                ev["value"] is None or PLAYER not in ev["participants"] or \
                ev["data"].get("change") in HELD_UNSEEN or ev["data"].get("unnamed"):
            continue
        d = ev["data"]
        out.append(Said(teller=ev["actor"], claim=ev["claim"], value=ev["value"], at=ev["at"],
                        kind="reaction", basis=d.get("because"), origin=d.get("by"),
                        event=ev["id"], to=PLAYER, asked=False, sure=d.get("sure", ""),
                        turn="react:" + d.get("change", "")))
    return out


def seen_since(sim: Game, teller: str | None = None,
               claim: str | None = None) -> dict[tuple[str, str], Said]:
    """{(resident, claim): how they took it in front of the player} where that is the last
    the player perceived of their view of the claim — later than anything they said (of
    `teller` and `claim` only, if given). The player's memory keeps what each one *said* they
    believe (epistemics §10, from hearsay and declarations); a change of mind seen afterwards
    is not a telling, so the notebook's "Sam thinks: day 2 at six" stood after Sam came round
    to day 3 in front of the player (a playtest). What reads the memory for the player shows
    this beside it. One read of the reactions and one of what the player heard, in `said`'s
    order ((minute, event)): not `said` again for each pair (a review: 83 ms a call)."""
    latest: dict[tuple[str, str], Said] = {}
    for r in reactions(sim, teller, claim):  # oldest first: the last of each pair stays
        latest[(r.teller, r.claim)] = r
    if not latest:
        return {}
    subject, _, attribute = (claim or "").partition(".")
    told: dict[tuple[str, str], tuple[int, int]] = {}
    for h in heard(sim.store, PLAYER, teller=teller, subject=subject or None,
                   attribute=attribute or None):
        key = (h.teller, f"{h.subject}.{h.attribute}")
        told[key] = max(told.get(key, (-1, -1)), (h.at, _event_id(h.event) or 0))
    return {key: r for key, r in latest.items()
            if (r.at, r.event or 0) > told.get(key, (-1, -1))}


@dataclass(frozen=True)
class Refusal:
    """One who would not take what the player told or showed them, as the player saw it."""

    teller: str
    claim: str
    at: int
    seen: str  # what the player saw: "Hana shakes her head: she does not believe that …"


def refusals(sim: Game, claim: str | None = None) -> list[Refusal]:
    """Reactions that show no answer (`HELD_UNSEEN`, or a face that named nothing they hold:
    `visible.Change.named`), oldest first: what the player saw of them, without what the
    resident holds instead."""
    return [Refusal(ev["actor"], ev["claim"], ev["at"], ev["summary"])
            for ev in sim.world.log(kind="react")
            if (claim is None or ev["claim"] == claim) and PLAYER in ev["participants"]
            and (ev["data"].get("change") in HELD_UNSEEN or ev["data"].get("unnamed"))]


def _event_id(ref: str | None) -> int | None:
    if ref and ref.startswith("w") and ref[1:].isdigit():
        return int(ref[1:])
    return None


def _turns(sim: Game, refs: list[str | None]) -> dict[int, dict]:
    """The conversation turns the evidence points at — only what a listener perceives of
    them: who spoke to whom, what kind of turn, who asked, how sure the speaker sounded."""
    ids = sorted({i for i in map(_event_id, refs) if i is not None})
    out: dict[int, dict] = {}
    for k in range(0, len(ids), 500):
        chunk = ids[k:k + 500]
        marks = ", ".join("?" for _ in chunk)
        for eid, kind, actor, target, data, participants in sim.db.execute(
                f"SELECT id, kind, actor, target, data, participants FROM world_log WHERE id "
                f"IN ({marks})", chunk):
            d = json.loads(data)
            out[eid] = {"kind": kind, "actor": actor, "target": target,
                        "participants": json.loads(participants),
                        "data": {"asked_by": d.get("asked_by"), "sure": d.get("sure"),
                                 "when": d.get("when") if kind == "ask_who" else None}}
    return out


@dataclass(frozen=True)
class Answer:
    """One answer to "where were you then, whom did you see?", as the player heard it: where
    the teller said they were at the time asked, and whom they named there (each once)."""

    teller: str
    attribute: str  # the hour's claim it is filed under ('at_d1_0700')
    about: int | None  # the minute asked about; None: only the hour is known
    place: str | None  # where the teller said they were (None: they named only others)
    seen: tuple[tuple[str, str], ...]  # (whom they named, the place they named them at)
    at: int  # when the player heard it
    event: int | None = None  # the `who` turn it was said in

    @property
    def when(self) -> str:
        """'at 07:30 on day 1' — or, told only the hour, 'between 07:00 and 08:00 on day 1'."""
        return copresence.when_words(self.attribute, () if self.about is None else
                                     (self.about,))


def answers(heard: list[Said], teller: str | None = None) -> list[Answer]:
    """The `who` answers among what the player heard, one per answer given (oldest first): the
    teller's own place and everyone they named, each once. The same answer heard twice is
    listed once."""
    groups: dict[tuple, list[Said]] = {}
    for s in heard:
        if not s.where_slot or (teller is not None and s.teller != teller):
            continue
        key = (s.teller, s.event) if s.event is not None else (s.teller, s.claim, s.at)
        groups.setdefault(key, []).append(s)
    out: list[Answer] = []
    seen_before: set[tuple] = set()
    for group in groups.values():
        first = group[0]
        attribute = first.claim.partition(".")[2]
        place = next((s.value for s in group if s.claim.partition(".")[0] == s.teller), None)
        named: dict[str, str] = {}
        for s in group:
            subject = s.claim.partition(".")[0]
            if subject != s.teller:
                named.setdefault(subject, s.value)
        a = Answer(first.teller, attribute, first.about, place, tuple(named.items()), first.at,
                   first.event)
        same = (a.teller, a.attribute, a.about, a.place, a.seen)
        if same not in seen_before:
            seen_before.add(same)
            out.append(a)
    return out


def told_minutes(heard: list[Said], claim: str, teller: str | None = None) -> list[int]:
    """The minutes the player asked about in the `who` answers (by `teller`) filed under
    `claim` (an hour's whereabouts claim), earliest first."""
    return sorted({s.about for s in heard if s.claim == claim and s.about is not None
                   and (teller is None or s.teller == teller)})


def sure_words(sure: str, pronoun) -> str:
    """How sure they sounded, after their pronoun: 'she seemed certain'."""
    return sounded(sure, pronoun)


# -- what the player asked, did, and saw ----------------------------------------------------------


@dataclass(frozen=True)
class Unanswered:
    resident: str
    claim: str
    at: int
    forgot: bool  # they had known, and could not remember
    quiet: bool = False  # they would not say ("Ask someone else"): not that they do not know


def unanswered(sim: Game, resident: str | None = None) -> list[Unanswered]:
    """Questions the player asked that got no answer ("I don't know", "I can't remember")."""
    out = []
    for ev in sim.world.log(kind="ask"):
        if ev["actor"] != PLAYER or (resident and ev["target"] != resident):
            continue
        if ev["data"].get("answer") is None:
            out.append(Unanswered(ev["target"], ev["claim"], ev["at"],
                                  ev["data"].get("memory") == "gone",
                                  bool(ev["data"].get("quiet"))))
    return out


def asked(sim: Game) -> set[tuple[str, str]]:
    """(resident, claim) pairs the player has asked about, answered or not."""
    out = {(u.resident, u.claim) for u in unanswered(sim)}
    out |= {(s.teller, s.claim) for s in said(sim) if s.asked and not s.where_slot}
    out |= {(s.teller, s.claim) for s in said(sim) if s.kind == "reaction"}
    out |= {(r.teller, r.claim) for r in refusals(sim)}
    return out


PLAYER_ACTS = ("talk", "show", "mediate", "bring", "take_object", "conclude")

# What others did that is worth listing of what the player saw (talk has its own pages).
NOTABLE_KINDS = ("accuse", "report", "break_off", "avoid", "happen", "ending", "move_object",
                 "post_notice", "announce", "administer", "reconcile", "confront")


def notable(events: list[dict]) -> list[dict]:
    """Of world-log rows, those worth listing: acts, the story's events, and a resident
    finding something where they looked (Ada finding her key in front of the player went
    unsaid: a playtest); never the backstory."""
    return [e for e in events if (e["kind"] in NOTABLE_KINDS or (
        e["kind"] == "look" and e["actor"] != PLAYER and (e["data"] or {}).get("found")))
        and not (e["data"] or {}).get("backstory")]


def done_by_player(sim: Game) -> list[dict]:
    """What the player told, showed, brought, took and concluded, oldest first (their own
    actions: they know them)."""
    return [e for e in sim.world.log() if e["actor"] == PLAYER and e["kind"] in PLAYER_ACTS]


def questions(sim: Game) -> list[str]:
    """The case's open questions: the claims its endings turn on, then the other claims of
    the scenario that matter (importance 4 and up), never engine bookkeeping."""
    from .attributes import BUILTIN_ATTRIBUTES

    out: dict[str, None] = {}
    for e in sim.sc.endings:
        for c in e.explain:
            out[c] = None
    own = set(sim.sc.attributes)
    clues = _clues(sim)
    for claim in sim.names().claims:
        subject, _, a = claim.partition(".")
        if a == "location":
            # A clue's whereabouts is a question from the first minute, as the format says,
            # whatever `location`'s importance: at 3, or not declared, it was none, and the
            # only lead to a hidden clue could never be asked after (an author's trial).
            if subject in clues:
                out[claim] = None
            continue
        attr = sim.attributes.get(a)
        if attr is None or a.startswith("at_d") or (a in BUILTIN_ATTRIBUTES and a not in own):
            continue
        if attr.importance >= 4:
            out[claim] = None
    return list(out)


# Acts whose world-log claim is the belief the actor acted on (`pursuit`), not what was seen:
# one sees Ana break off with Ben, not why.
MOTIVES = ("avoid", "break_off", "reconcile", "administer", "attend")


def known_claims(sim: Game) -> set[str]:
    """The claims the player knows of: the brief's questions; whatever they have seen, read or
    been told (their own beliefs, and what they heard others believe); and every claim in an
    event they took part in or witnessed — what they asked, told, mediated or concluded
    themselves included, answered or not. What else a scenario holds they have not met."""
    # (where the brief says a resident is, `X.location`, is no claim: `where` answers it)
    out = set(questions(sim)) | {t.claim for t in brief_tells(sim)
                                 if t.claim.partition(".")[0] not in sim.people}
    for b in sim.store.beliefs(PLAYER, about_others=True):
        a = b.attribute
        if a.startswith("believes "):
            out.add(a[len("believes "):])
        elif not a.startswith("at_d"):
            out.add(f"{b.subject}.{a}")
    # Not the belief another's act stood on (`MOTIVES`): seeing Cy avoid Ada is seeing whom
    # Cy avoids (the player's own memory has it), not that Ada accused Cy — "who accused
    # Cy" was offered as words to use, and `ask ada cy.accused_by` taken, of an accusation
    # made out of the player's sight (an audit).
    motives = ", ".join(f"'{k}'" for k in MOTIVES)
    out |= {c for (c,) in sim.db.execute(
        "SELECT DISTINCT claim FROM world_log WHERE claim IS NOT NULL AND (actor = :me OR "
        f"(kind NOT IN ({motives}) AND ("
        "EXISTS (SELECT 1 FROM json_each(participants) WHERE value = :me) OR "
        "EXISTS (SELECT 1 FROM json_each(witnesses) WHERE value = :me))))", {"me": PLAYER})}
    return out


def known_values(sim: Game, attribute: str) -> set[str]:
    """The answers the player has met for questions of `attribute`: every value any piece of
    their evidence gave — seen, read (each version of a notice, the old ones too), told, or
    what someone said they believe — and the values they gave themselves (told, concluded).
    Not what an act they saw stood on: "Ana broke off with Ben" does not tell them why. And
    the answers the brief names (`brief_tells`): told of them, they may name them."""
    out: set[str] = {t.value for t in brief_tells(sim)
                     if t.claim.partition(".")[2] == attribute}
    for b in sim.store.beliefs(PLAYER, about_others=True):
        a = b.attribute
        if (a[len("believes "):].rpartition(".")[2] if a.startswith("believes ") else a) \
                == attribute:
            out.update(e.value for e in sim.store.evidence(PLAYER, b.subject, b.attribute))
    out |= {v for c, v in sim.db.execute(
        "SELECT DISTINCT claim, value FROM world_log WHERE actor = ? AND value IS NOT NULL",
        (PLAYER,)) if c is not None and c.rpartition(".")[2] == attribute}
    return out


def met_for(sim: Game, claim: str, value: str) -> bool:
    """Whether the player met `value` as an answer to `claim` itself — in their evidence, or
    said by them — not only to another question of its attribute (`known_values`)."""
    s, a = claim.split(".", 1)
    return any(e.value == value for e in sim.store.evidence(PLAYER, s, a)) or \
        sim.db.execute("SELECT 1 FROM world_log WHERE actor = ? AND claim = ? AND value = ? "
                       "LIMIT 1", (PLAYER, claim, value)).fetchone() is not None


def brief_tells(sim: Game) -> list:
    """The answers the scenario's brief names (`[scenario] brief_tells`): none in a town with
    no player, who is told nothing."""
    if not getattr(sim, "has_player", False):
        return []
    sc = getattr(sim, "sc", None)
    return list(sc.scenario.brief_tells) if sc is not None else []


def _clues(sim: Game) -> set[str]:
    """Things whose whereabouts matter to the case: objects that show something (not a
    secret one the player has not met: `unmet_secrets`)."""
    unmet = unmet_secrets(sim)
    return {oid for oid, o in sim.objects.items() if o.get("shows") and oid not in unmet}


def unmet_secrets(sim: Game) -> set[str]:
    """The scenario's secret things (`secret = true`) the player has not met: no belief of
    theirs is about one, and nothing they saw or were told names one. Kept out of the brief,
    the case's questions and the answers anyone can name until then (none in a town with no
    player: there is no one to keep them from)."""
    secret = {oid for oid, o in sim.objects.items() if o.get("secret")}
    if not secret or not getattr(sim, "has_player", False):
        return set()
    for b in sim.store.beliefs(PLAYER, about_others=True):
        subject = b.attribute[len("believes "):].partition(".")[0] \
            if b.attribute.startswith("believes ") else b.subject
        secret.discard(subject)
        for c in b.candidates:
            secret.discard(c.value)
        if secret:
            secret -= {e.value for e in sim.store.evidence(PLAYER, b.subject, b.attribute)}
        if not secret:
            break
    return secret


# -- where people are -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Whereabouts:
    resident: str
    place: str
    start: int  # when they were there, as far as the player knows
    end: int
    seen: bool  # the player saw them there (else: was told)
    teller: str | None = None  # who told the player
    hour: str = ""  # told of an hour's claim with no minute asked: that claim ('at_d1_0700')
    left_in_view: bool = False  # seen: they left while the player was still there to see it

    @property
    def when(self) -> str:
        """When they were there, as far as the player knows, in words: 'at 07:30 on day 1',
        or for a claim known only by its hour 'between 07:00 and 08:00 on day 1'."""
        if self.hour:
            return copresence.when_words(self.hour)
        m = self.end if self.seen else self.start
        return f"at {clock.fmt_clock(m)} on day {clock.day_of(m)}"

    @property
    def clock(self) -> str:
        """The same, short: '07:30', '07:00–08:00'."""
        if self.hour:
            return copresence.clock_words(self.hour)
        return clock.fmt_clock(self.end if self.seen else self.start)


def _came_after_you_left(sim: Game, rid: str, row: tuple) -> bool:
    """Whether all the player shares with `rid` at a place is the minute they set off, and
    `rid` came in that minute on an errand of their own (game.pursuit moves one during the
    tick, after the player has looked and gone; the schedule moves everyone before it). The
    look at 09:40 said only Ada, and `where cy` then said "You last saw Cy at Ada's Café at
    09:40" (a window playtest)."""
    place, a, b, until, since = row
    if until is None or b - a != 1 or since != a or a != until - clock.TICK:
        return False
    status, scheduled = sim.people[rid].status_at(a)
    return not (status == AWAKE and scheduled == place)


def last_whereabouts(sim: Game, rid: str,
                     heard_: list[Said] | None = None) -> Whereabouts | None:
    """Where the player last saw `rid`, or was last told they were — whichever is later.
    `heard_`: everything the player heard (`said(sim)`), if already read. Someone who left a
    place in the minute the player arrived was not seen there: everyone has moved for a
    minute before the player arrives or acts in it (game.sim: movement ends the tick). The
    player's own record of a place closes when they arrive at the next, a walk's tick after
    they set off — on the way, they saw nobody ("from 12:40 to 14:10" was read by a
    playtester who had walked out at 14:00)."""
    start = clock.align(clock.parse_when(sim.sc.scenario.start))
    # (the minute they set off is one they saw, as is now: both ends count, hence the + 1)
    rows = sim.db.execute(
        "SELECT q.place, max(p.since, q.since) AS a, min(coalesce(p.until - :walk + 1, :now), "
        "coalesce(q.until, :now)) AS b, p.until, q.since, q.until FROM presence p JOIN "
        "presence q ON "
        "q.place = p.place WHERE p.resident = :me AND q.resident = :rid AND "
        "max(p.since, q.since) < min(coalesce(p.until - :walk + 1, :now), "
        "coalesce(q.until, :now)) ORDER BY b DESC, a DESC LIMIT 4",
        {"me": PLAYER, "rid": rid, "now": sim.now + 1, "walk": clock.TICK}).fetchall()
    seen = next((r for r in rows if not _came_after_you_left(sim, rid, r[:5])), None)
    best = None
    if seen is not None and seen[2] > start:
        left = seen[3] - clock.TICK if seen[3] is not None else sim.now
        # (gone by the last minute the player was there: they saw the place without them —
        # Hana, who left the bakery at 11:10 in front of the player, was drawn there faded
        # after they left too; a window playtest)
        gone = seen[5] is not None and seen[5] <= min(left, sim.now)
        best = Whereabouts(rid, seen[0], max(seen[1], start), min(seen[2], left, sim.now),
                           True, left_in_view=gone)
    for s in heard_ if heard_ is not None else said(sim):
        subject, _, a = s.claim.partition(".")
        if subject != rid or not (a.startswith("at_d") or a == "location"):
            continue
        hour = ""
        if a == "location":
            when = s.at
        elif s.about is not None:
            when = s.about  # the minute they were asked about: what they said
        else:  # only the hour's claim: somewhere in that hour
            when, hour = copresence.slot_minute(a), a
        if when is None or s.value not in sim.places:
            continue
        if best is None or when > best.end:
            end = when + clock.HOUR - 1 if hour else when
            best = Whereabouts(rid, s.value, when, end, False, s.teller, hour)
    return best


def last_visits(sim: Game) -> dict[str, int]:
    """The last minute the player was at each place they have been (their record of a place
    closes as they arrive at the next, a walk's tick after they set off; now, where they are)."""
    return dict(sim.db.execute(
        "SELECT place, max(coalesce(until - ?, ?)) FROM presence WHERE resident = ? "
        "GROUP BY place", (clock.TICK, sim.now, PLAYER)).fetchall())


def here_now(sim: Game) -> list[str]:
    """Who the player can see: awake where the player is."""
    place = sim.state[PLAYER].place
    return [r for r in sim.present(place) if r != PLAYER]


# -- events as the player perceived them ----------------------------------------------------------


def seen_summary(sim: Game, ev: dict) -> str:
    """A world event in words that hold only what the player could perceive: a conversation is
    who told whom what, and the source they gave — never whether it was a lie."""
    if (ev["kind"] in TALK_KINDS or ev["kind"] in SPOKEN and "chain" in ev["data"]) and \
            ev.get("claim") and ev.get("value") is not None:
        d = ev["data"]
        speaker, listener = ev["actor"], ev["target"]
        p = sim.pronoun(speaker)
        self_ = speaker in {ev["claim"].partition(".")[0], ev["value"]} and speaker != PLAYER
        if not d.get("asked_by") and \
                (quoted := sim.quoted_told(speaker, listener, ev["claim"], ev["value"])):
            return quoted
        said_ = sim.told_claim(speaker, listener, ev["claim"], ev["value"])
        if d.get("asked_by") and d["asked_by"] != speaker:
            # Asked why, they gave their reason (the Log tab logged a `why` as an ask: a
            # window playtest).
            if ev["kind"] == "why":
                # What they were asked about, not their answer: "he told you that…" read as
                # his reason, beside Ivo's "Nobody told me. I worked it out" (a playtest).
                text = (f"{sim.name(d['asked_by'])} asked {sim.name(speaker)} why "
                        f"{p.subj} {p.verb('hold')} that {said_}")
            else:
                text = (f"{sim.name(d['asked_by'])} asked {sim.name(speaker)}, who told "
                        f"{sim.name(listener)} that {said_}")
        else:
            text = f"{sim.name(speaker)} told {sim.name(listener)} that {said_}"
        if not self_ and d.get("basis") == "saw" and speaker != PLAYER:
            # What they said they saw: a thing that shows it is not the deed (the Log tab read
            # "he said he saw it" of Gus's "I've seen Ada's key for myself": a playtest).
            from .player import clue_behind, put_it_up

            clue = clue_behind(sim, speaker, ev["claim"], ev["value"], ev["at"])
            # A notice they pinned is said so here as in the reply and on the case board
            # ("he said he saw it" in the Log beside "I pinned it up myself": a playtest).
            text += (f" ({p.subj} said {p.subj} had seen "
                     f"{sim.their_thing(clue, speaker)} for {p.refl})"
                     if clue else f" ({p.subj} said {p.subj} put it up {p.refl})"
                     if put_it_up(sim, speaker, ev["claim"], ev["value"], ev["at"])
                     else f" ({p.subj} said {p.subj} saw it)")
        elif not self_ and d.get("basis") == "heard" and speaker != PLAYER and \
                not d.get("asked_by") and d.get("origin") and d["origin"] != speaker:
            # The source they gave, as the case board notes it: "Pat told Sam that…" in the
            # Log, and "Pat had heard it from Rue, who said it came from the notice board"
            # on the board, from the same words (a window playtest).
            from .sources import gave

            chain = d.get("chain") or []
            via = chain[-2] if len(chain) > 2 and chain[-1] == speaker else None
            src = gave(sim, speaker, "hearsay", "heard", d["origin"], via)
            if src.startswith("who "):
                text += f" ({p.subj} {src[4:]})"
        if speaker == PLAYER and d.get("anonymous"):
            text += " (without saying where you heard it)"
        return text[:1].upper() + text[1:]
    if (seen := _seen_as(sim, ev)) is not None:
        return seen
    if ev["kind"] == "attend" and ev.get("actor") and ev.get("place"):
        # What one sees of it is someone waiting there; why — what they believe — is in their
        # mind, and asked, they say. "Quill waited at the Schoolroom, believing that the town
        # meeting is on day 3 at six" read a mind (a playtest); the world log keeps the why.
        # ("was waiting": "Quill waited at the Schoolroom" read as if he had gone; a window
        # playtest)
        return f"{sim.name(ev['actor'])} was waiting at {sim.place_name(ev['place'])}."
    if ev["kind"] == "stage" and ev["summary"].startswith(_FOUND):
        # "You found out: You have come to believe…" (a window playtest)
        text = ev["summary"][len(_FOUND):]
        if text.startswith(("You ", "Your ")):
            text = text[:1].lower() + text[1:]
        return "You found out: " + text
    return ev["summary"]


_FOUND = "you found out: "  # a stage's summary in the world log (game.sim)


def _seen_as(sim: Game, ev: dict, who: str = PLAYER) -> str | None:
    """What onlookers saw of a story's event that the scenario has them see wrongly
    (`seen_as`), for `who` if they only looked on: "Eli's basket was moved by Cy", not the
    log's "Eli moved Eli's basket" while the player's memory holds Cy (an audit). Those who
    took part saw what happened; None for every other event."""
    seen = _seen_as_statements(sim, ev, who)
    if seen is None:
        return None
    said = "; ".join(sim.say_claim(x.claim, x.value) for x in seen)
    return said[:1].upper() + said[1:]


def _seen_as_statements(sim: Game, ev: dict, who: str) -> list | None:
    """The story's `seen_as` statements of world event `ev` for `who` looking on; None where
    they saw what happened (they took part, or the story has it seen as it was)."""
    if ev["kind"] not in ("move_object", "take_object", "happen") or \
            who in (ev.get("participants") or []):
        return None
    sid = (ev.get("data") or {}).get("id")
    sc = getattr(sim, "sc", None)
    story = next((e for e in getattr(sc, "events", ()) if e.id == sid), None) if sid else None
    return list(story.seen_as) if story is not None and story.seen_as else None


def seen_doers(sim: Game, ev: dict, who: str = PLAYER) -> set[str]:
    """Who `who` saw do world event `ev`: its actor, or — where the story has onlookers see
    it wrongly — the residents what they saw names ("moved by Cy"). The window listed Fin's
    deed under Fin's "What you saw them do" while the player saw Cal do it (an audit)."""
    actor = {ev["actor"]} if ev.get("actor") else set()
    seen = _seen_as_statements(sim, ev, who)
    # Only what is seen of who did it ("…moved_by"): a thing seen somewhere else is no deed
    # of whoever it names, and seen wrongly only in where it went, it was still seen done.
    doers = {x.value for x in seen or () if x.claim.endswith("_by")
             and isinstance(x.value, str) and x.value in sim.state}
    return doers or actor


def seen_wrongly(sim: Game, ref: int | str | None, who: str) -> str | None:
    """What resident `who`, looking on, saw of world event `ref` where the scenario has
    onlookers see it wrongly (`seen_as`), in words; None where they saw what happened. An
    open-minds chain said "Ben saw it happen: Fin moved Ben's hammer…" of Ben, who holds that
    Cal did (a playtest)."""
    ev = sim.world.entry(ref) if ref is not None else None
    return _seen_as(sim, ev, who) if ev is not None else None


def verdict(stage) -> bool:
    """Whether a stage is reached by what the player comes to believe (`believes("player",
    …)`): the story's own answer, so ticked only once the story is over. "✓ You have come to
    believe that Dee moved Ada's key" came up the moment the player's belief turned to Dee,
    and never for Cy: a test of any guess (a playtest). A stage of what they have heard
    (`heard(…)`) holds for either answer, and is said as it comes."""
    from .conditions import Condition

    return any(c.value == "believes" and c.args and c.args[0].op == "lit"
               and c.args[0].value == PLAYER for c in Condition(stage.when).calls())


def heard_not_held(sim: Game, stage) -> bool:
    """Whether the player met every answer a stage asks them to hold (`believes("player",
    claim, value[, min_confidence])`, not under a `not`) — told, overheard or read — and does
    not hold them all as it asks: the story asks what they heard, and their own memory was
    not convinced. A playtester who had overheard the new date read "You found out 0 of 1"
    and took it for the game forgetting what they heard; their memory still held the old
    notice."""
    from .ctx import ConditionContext

    wants = _held_wanted(stage)
    if not wants:
        return False
    ctx = ConditionContext(sim)
    if not all(ctx.fn_heard(PLAYER, claim, value) for claim, value, _ in wants):
        return False
    return not all(ctx.fn_believes(PLAYER, claim, value, least)
                   for claim, value, least in wants)


def concluded_all(sim: Game, stage) -> bool:
    """Whether the player's last answer (`conclude`) to each claim a stage asks them to hold
    is the value it asks: "You conclude: Dee moved Ada's key", then "(You read or heard so,
    but did not come to believe it.)" left a playtester unable to tell what more it took."""
    wants = _held_wanted(stage)
    if not wants:
        return False
    last: dict[str, str] = {}
    for e in sim.world.log(kind="conclude"):
        if e["actor"] == PLAYER and e["claim"]:
            last[e["claim"]] = e["value"]
    return all(last.get(claim) == value for claim, value, _ in wants)


def concluded_otherwise(sim: Game, stage) -> list[tuple[str, str]]:
    """(claim, value) of the player's last answer (`conclude`) to a claim a stage asks them to
    hold, where it is not the value the stage asks: "✓ You have come to believe the meeting
    was moved to day 3", under "Your answer: the town meeting is cancelled", credited what
    the player had turned down (a playtest)."""
    wants = _held_wanted(stage)
    if not wants:
        return []
    last: dict[str, str] = {}
    for e in sim.world.log(kind="conclude"):
        if e["actor"] == PLAYER and e["claim"]:
            last[e["claim"]] = e["value"]
    return [(claim, last[claim]) for claim, value, _ in wants
            if claim in last and last[claim] != value]


def _held_wanted(stage) -> list[tuple[str, str, int]]:
    """(claim, value, least confidence) of each `believes("player", …)` a stage asks, not
    under a `not`."""
    from .conditions import Condition
    from .ctx import DEFAULT_MIN_CONFIDENCE

    wants: list[tuple[str, str, int]] = []
    for call, cmp in Condition(stage.when or "").asked():
        if call.value != "believes" or cmp is not None:
            continue
        if any(a.op != "lit" for a in call.args):
            continue  # (a list or a nested call: not one answer to name)
        args = [a.value for a in call.args]
        if len(args) < 3 or args[0] != PLAYER:
            continue
        least = args[3] if len(args) > 3 else DEFAULT_MIN_CONFIDENCE
        wants.append((str(args[1]), str(args[2]), least))
    return wants
