"""What a resident visibly shows when told or shown something, as a short line the player can
scan ("Ada frowns — she's no longer sure that her key was moved by Cy"), and, for open minds
only, the numbers behind it ("Cy 76 → 56, doubtful").

The line comes from the change in the listener's belief (before and after the verb), in the
words of what the player said or showed: so two opposite inputs never read the same. It names
what the listener shows — surprise, a nod, a frown, a change of mind — not what they hold
inside beyond that.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .sureness import sureness
from .world import Event

if TYPE_CHECKING:
    from .town import Game


@dataclass(frozen=True)
class Held:
    value: str
    confidence: int
    state: str
    acting: bool = False  # not what they hold: the lie they keep up with the player


# How sure a liar's face plays their lie: as sure as they sound telling it (`sureness`).
ACTED_CONFIDENCE = 90


def before(sim: Game, rid: str, claim: str) -> Held | None:
    """What `rid` holds of `claim` before the player tells or shows them something — or, for
    one telling the player a lie about it, the lie their face will act out (`change`)."""
    if (lie := _acted(sim, rid, claim)) is not None:
        return Held(lie, ACTED_CONFIDENCE, "held", acting=True)
    return held(sim, rid, claim)


def held(sim: Game, rid: str, claim: str) -> Held | None:
    """What `rid` holds of `claim`."""
    subject, _, attribute = claim.partition(".")
    b = sim.store.belief(rid, subject, attribute, history=False)
    return None if b is None else Held(b.value, b.confidence, b.state.value)


def _acted(sim: Game, rid: str, claim: str) -> str | None:
    """The lie `rid` is telling the player about `claim` now, if any (`lies.stance`)."""
    from .lies import LIE, stance
    from .player import PLAYER

    if claim not in sim.people[rid].lies or stance(sim, rid, claim, PLAYER) != LIE:
        return None
    # Only a lie they would tell now: one who holds nothing of it, or cannot recall it,
    # tells nothing (`player.ask`) — a nod "I saw as much myself" to one guess after another
    # named the liar and his lie (a review).
    from .talk import memory_state

    subject, _, attribute = claim.partition(".")
    b = sim.store.belief(rid, subject, attribute, history=False)
    if b is None or b.state.value == "past" or memory_state(sim, b) == "gone":
        return None
    lie = sim.people[rid].lie_for(claim, PLAYER)
    return lie["value"] if lie else None


def acted(before: Held, value: str, seen: bool) -> Held:
    """The face of one who keeps up a lie, told or shown `value`: what an honest holder of the
    lie would show — a nod to the lie, a frown at a thing seen against it, a shake of the head
    at words against it. A blank face only on the question they lie about was a lie detector:
    one `tell` found the liar (a playtest)."""
    if value == before.value:
        return replace(before, confidence=min(100, before.confidence + 5))
    return replace(before, state="doubtful") if seen else before


@dataclass(frozen=True)
class Change:
    """How a listener took something: `kind` is one of new, reinforce, same, torn, changed,
    doubt, less, rejected, blank, guarded; `line` is the scannable words; `detail` the
    open-minds numbers."""

    kind: str
    line: str
    detail: str
    face: Held | None = None  # what a liar's face acted out, in place of what they hold
    # Whether the line names what they hold: not when the player never heard them say it
    # (a frown is seen; what they had thought is theirs) — then it is no account of theirs.
    named: bool = True


UNSURE = ("doubtful", "anomalous")  # torn between two accounts


def change(sim: Game, rid: str, claim: str, value: str, before: Held | None,
           after: Held | None, *, seen: bool = False, guard: bool = False) -> Change:
    """How `rid` took being told (or, `seen`, shown) that claim = value; `guard`: their face
    shows nothing (a liar keeping quiet at a table the player set)."""
    name, p = sim.name(rid), sim.pronoun(rid)

    def v(base: str) -> str:  # a verb after the name: "Mo frowns"
        return sim.nverb(rid, base)
    what = sim.say_claim(claim, value, them=rid)  # "Ben nods: … surer now that he stayed…"
    attribute = claim.partition(".")[2]
    detail = _numbers(sim, attribute, before, after)
    look = f"{v('see')} it for {p.refl} and " if seen else ""
    if before is not None and before.acting:
        detail = f"acting out {sim.value_words(before.value, attribute)}; holds " + (
            _numbers(sim, attribute, None, after).removeprefix("new: "))
        after = acted(before, value, seen)
        return replace(_change(sim, rid, claim, value, before, after, seen, what, look),
                       detail=detail, face=after)
    if guard or guarded(sim, rid, claim):
        # One who keeps quiet with the player about it shows them nothing of what they hold:
        # Bo, shown the key, "nods: it is as he thought… that Ada's key was moved by Dee",
        # then said Cy again, and the twist was given away (a playtest). One telling the
        # player a lie acts it out instead (`acted`).
        return Change("guarded", f"{name} {look}{v('give')} nothing away.", detail)
    return replace(_change(sim, rid, claim, value, before, after, seen, what, look),
                   detail=detail)


def _change(sim: Game, rid: str, claim: str, value: str, before: Held | None,
            after: Held | None, seen: bool, what: str, look: str) -> Change:
    """The line for a change from `before` to `after` (detail left to `change`)."""
    name, p = sim.name(rid), sim.pronoun(rid)
    detail = ""

    def v(base: str) -> str:
        return sim.nverb(rid, base)
    attribute = claim.partition(".")[2]
    if after is None:
        return Change("rejected", f"{name} takes no notice.", detail)
    if before is None:
        if after.value == value:
            first = f"{name} {look}" + ("takes it in" if seen else
                                        f"{v('have')} not heard that before, and "
                                        f"{v('take')} it in")
            return Change("new", f"{first}: {what}.", detail)
        return Change("rejected", f"{name} {v('do')} not believe that {what}.", detail)
    old = sim.say_claim(claim, before.value, them=rid)  # "she's no longer sure that she…"
    # What they held is named only if the player heard them say it: "Ora frowns — no longer
    # sure that the meeting is cancelled" of an Ora who had told the player "day 2 at six"
    # and came to hold "cancelled" out of sight, and the case board then filed "Ora says
    # the town meeting is cancelled" (a playtest).
    # (A frown at "no" shows they thought "yes": of a yes or no, the face says which.)
    knew = {before.value, value} == {"yes", "no"} or heard_hold(sim, rid, claim, before.value)
    if after.value == before.value != value and _gone(sim, rid, claim):
        # What they cannot recall they cannot weigh it against, or show (§7).
        return Change("blank", f"{name} {v('look')} blank — {p.subj} can't recall anything "
                      f"about {sim.say_claim(claim)}.", detail)
    if after.value != before.value:
        if after.value == value:
            # "— not Cy" when the values are names; when a value is a phrase of its own
            # ("is not allergic to willowbark", "no"), the whole of what they thought.
            instead = "" if not knew else \
                f" — not {sim.value_words(before.value, attribute)}" if \
                _named(sim, before.value, attribute) and _named(sim, value, attribute) else \
                f" — {p.subj} had thought {old}"
            return Change("changed", f"{name} {look}{v('change')} {p.poss} mind: {what}"
                          f"{instead}.", detail)
        # (what they came to instead is theirs: never said to the player)
        return Change("changed", f"{name} {v('change')} {p.poss} mind, but not to that.",
                      detail, named=False)
    if before.value == value:
        if after.confidence > before.confidence:
            # Surer, yet still torn between two accounts: said, or the next answer ("torn")
            # seems to undo the nod (a playtest).
            torn = f", though {p.subj_be} torn between two accounts" if \
                after.state in UNSURE else ""
            # What the player saw and heard, not "it is as he thought" from one who last told
            # them otherwise: Ivo said "a slight", came round (told by Ana), then nodded at the
            # rota "as he thought" (a playtest). Whether he came round or lied, it is unseen.
            if _last_told_player(sim, rid, claim) not in (None, value):
                return Change("reinforce", f"{name} {look}{v('nod')}, though {p.subj} "
                              f"told you otherwise before: {p.subj_be} surer now that "
                              f"{what}{torn}.", detail)
            return Change("reinforce", f"{name} {look}{v('nod')}: it is as {p.subj} "
                          f"thought, and {p.subj_be} surer now that {what}{torn}.", detail)
        if after.state in UNSURE:
            # (its own kind: the words said "I know:" beside "torn over whether": a playtest)
            return Change("torn", f"{name} {v('be')} torn over whether {what}; nothing "
                          "changes.", detail)
        return Change("same", f"{name} already {v('believe')} that {what}; nothing "
                      "changes.", detail)
    about = sim.say_claim(claim, them=rid)  # "when the town meeting is", "where her key is"
    if after.state in UNSURE and before.state not in UNSURE:
        return Change("doubt", f"{name} {v('frown')} — {p.subj_be} no longer sure that "
                      f"{old}.", detail) if knew else \
            Change("doubt", f"{name} {v('frown')} — {p.subj_be} no longer sure of "
                   f"{about}.", detail, named=False)
    if after.confidence < before.confidence:
        # Not "still less sure": that they were unsure before is nothing the player saw.
        return Change("less", f"{name} {v('be')} less sure now that {old}.", detail) \
            if knew else Change("less", f"{name} {v('be')} less sure now of {about}.",
                                detail, named=False)
    # What they do not believe, said: after a mediation's two accounts "it" named neither.
    if {before.value, value} == {"yes", "no"}:
        # Of a yes or a no, the face says which they hold — and "she does not believe that
        # she is not allergic" was a double negative (a window playtest).
        return Change("rejected", f"{name} {v('shake')} {p.poss} head: {p.subj} "
                      f"{p.verb('hold')} that {old}.", detail)
    return Change("rejected", f"{name} {v('shake')} {p.poss} head: {p.subj} "
                  f"{p.verb('do')} not believe that {what}.", detail)


def heard_hold(sim: Game, rid: str, claim: str, value: str) -> bool:
    """Whether the player heard `rid` give `value` for `claim` — told, asked, overheard or at
    a table they set: what they know `rid` holds, or held (their memory of `rid`'s word) —
    or was told so by their brief ("Ada is sure Cy took it": `brief_tells`)."""
    from .knowledge import brief_tells
    from .player import PLAYER

    subject, _, attribute = claim.partition(".")
    if not subject or not attribute:
        return False
    if any(t.by == rid and t.claim == claim and t.value == value for t in brief_tells(sim)):
        return True
    return any(e.value == value for e in sim.store.evidence(PLAYER, rid, f"believes {claim}"))


def _last_told_player(sim: Game, rid: str, claim: str) -> str | None:
    """The value `rid` last told the player for `claim`, if they ever did — or showed them,
    changing their mind in front of them: Ana, shown the rota, said "I had it wrong", and a
    nod later read "though she told you otherwise before" (a playtest)."""
    from .knowledge import reactions
    from .player import PLAYER

    row = sim.db.execute(
        "SELECT id, value FROM world_log WHERE kind IN ('talk', 'why') AND actor = ? AND "
        "target = ? AND claim = ? AND value IS NOT NULL ORDER BY id DESC LIMIT 1",
        (rid, PLAYER, claim)).fetchone()
    shown = max(reactions(sim, rid, claim), key=lambda r: r.event or 0, default=None)
    if shown is not None and (row is None or (shown.event or 0) > row[0]):
        return shown.value
    return row[1] if row else None


def guarded(sim: Game, rid: str, claim: str) -> bool:
    """Whether `rid` keeps up a lie about `claim` with the player, or keeps quiet about it
    (`lies.stance`): their face shows nothing of what they hold."""
    from .lies import LIE, QUIET, stance
    from .player import PLAYER

    return claim in sim.people[rid].lies and stance(sim, rid, claim, PLAYER) in (LIE, QUIET)


def _named(sim: Game, value: str, attribute: str) -> bool:
    """Whether the value reads as a name (a person, place or thing) rather than as words of
    the attribute's own ("is allergic to willowbark") or a bare yes or no."""
    a = sim.attributes.get(attribute)
    if a is not None and value in a.values:
        return False
    return value in sim.people or value in sim.objects or value.partition(".")[0] in sim.places


def _gone(sim: Game, rid: str, claim: str) -> bool:
    subject, _, attribute = claim.partition(".")
    b = sim.store.belief(rid, subject, attribute, history=False)
    return b is not None and b.access(sim.now) == "unrecallable"


def _numbers(sim: Game, attribute: str, before: Held | None, after: Held | None) -> str:
    """'Cy 76 → 56, doubtful'; 'Cy 76 → Dee 72, corrected'; 'new: Dee 58, influencing'."""
    def words(v: str) -> str:
        return sim.value_words(v, attribute)
    if after is None:
        return "no belief"
    if before is None:
        return f"new: {words(after.value)} {after.confidence}, {after.state}"
    if before.value != after.value:
        return (f"{words(before.value)} {before.confidence} → {words(after.value)} "
                f"{after.confidence}, {after.state}")
    return f"{words(after.value)} {before.confidence} → {after.confidence}, {after.state}"


def witnessed(sim: Game, rid: str, claim: str, ch: Change, after: Held | None,
              because: str, by: str) -> None:
    """Record the reaction as what it is — something that happened in front of the player
    (`because` they were shown, told or mediated, `by` whom): a world event the player took
    part in, so what the player knows of `rid` now includes it."""
    from .player import PLAYER

    data = {"change": ch.kind, "because": because, "by": by}
    if not ch.named:
        data["unnamed"] = True  # the face was seen, what they hold was not (`Change.named`)
    shown = after if ch.kind != "guarded" else None  # a guarded face shows no value
    if ch.face is not None:  # a liar's face: what it acted out (the world log says so)
        shown, data["acting"] = ch.face, True
    if shown is not None:
        data["sure"] = sureness(shown.confidence, shown.state, "")
    sim.record(Event(kind="react", at=sim.now, actor=rid, target=PLAYER,
                     place=sim.state[PLAYER].place, claim=claim,
                     value=shown.value if shown else None, summary=ch.line, data=data,
                     participants=[rid, PLAYER]))
