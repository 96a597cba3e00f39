"""Conversation: residents in one place talk, and beliefs travel as hearsay (epistemics §10).

A speaker chooses what to tell by importance, novelty and whom they are talking to; the listener
gets the claim with teller, origin and the chain of tellers, and — through memory — a belief
about what the speaker believes. Dishonest residents sometimes tell what they do not believe,
or claim to have seen what they only heard. The origin survives any number of retellings.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from memory import Belief, about_attribute

from . import lies, perception, witness
from .sureness import sureness
from .world import Event

if TYPE_CHECKING:
    from .town import Town

TALK_RATE = 0.22  # chance per tick that a resident in company starts a conversation, x talk.
OVERHEAR_BASE = 0.15
OVERHEAR_CURIOSITY = 0.35
OVERHEAR_MAX = 3
RECALL_K = 5
REDUCED_K = 2  # at reduced depth: fewer memories, and none brought along by association
FORGOTTEN = "someone"  # the origin of a rumour whose teller has been forgotten
MIN_TELL_CONFIDENCE = 40
NOVELTY_HOURS = 12


def converse(sim: Town, place: str, present: list[str]) -> None:
    """Let the residents present at `place` talk, in a deterministic order."""
    for _ in conversing(sim, place, present):
        pass


def conversing(sim: Town, place: str, present: list[str]) -> Iterator[None]:
    """`converse`, pausing after each conversation (a window spreads a tick over frames)."""
    people = sim.people
    talkers = [p for p in present if not people[p].is_player]
    if len(talkers) < 2:
        return
    busy: set[str] = set()
    rng = sim.rng
    for speaker in talkers:
        if speaker in busy:
            continue
        if rng.random() >= TALK_RATE * people[speaker].talkativeness:
            continue
        if sim.attention_of(speaker) < 1 / 3:
            continue  # too worn out to start a conversation (§11)
        others = [x for x in talkers if x != speaker and x not in busy]
        if not others:
            break
        weights = [max(0.05, 1.2 + sim.world.affinity(speaker, x)) for x in others]
        listener = rng.choices(others, weights=weights)[0]
        busy.update((speaker, listener))
        sim.acted(speaker)
        sim.acted(listener)
        b = choose_topic(sim, speaker, listener)
        if b is not None:
            tell(sim, speaker, listener, b, place, present)
        yield


def memory_state(sim: Town, b: Belief) -> str:
    """How the resident's memory of `b` stands now (§7): gone (unrecallable), hazy (dormant),
    forgot_source (hearsay whose telling is dormant: the value is there, the teller is not),
    sure, or think."""
    a = b.access(sim.now)
    if a == "unrecallable":
        return "gone"
    if a == "dormant":
        return "hazy"
    if b.kind == "hearsay" and not teller_remembered(sim, b):
        return "forgot_source"
    return "sure" if b.confidence >= 80 else "think"


def teller_remembered(sim: Town, b: Belief) -> bool:
    """Asked "who told you?", a resident names their teller while the memory of that telling —
    what they take the teller to believe about it (epistemics §10) — still comes to mind; once
    it is dormant, the teller is "someone"."""
    if not b.teller:
        return False
    a = sim.store.accessibility(b.resident, b.teller, about_attribute(b.subject, b.attribute),
                                sim.now)
    return a is not None and a >= sim.store.params.active_at


EXPRESSED = ("sure", "forgot_source", "hazy", "gone")  # what counts as saying how one remembers


def come_to_mind(sim: Town, rid: str, cue: str) -> None:
    """What `rid` perceives is a cue (§7): recall re-evokes what it names — bringing dormant
    memories back — and, one hop on, what shares their people, places or objects. At reduced
    depth fewer memories are recalled and none by association; skipped, none (§11)."""
    depth = sim.state[rid].depth
    if depth == "skip" or sim.people[rid].is_player:
        return
    full = depth == "full"
    for r in sim.store.recall(rid, cue, sim.now, k=RECALL_K if full else REDUCED_K,
                              associate=full, views=False):
        if r.how != "ranked":
            sim.count(f"recall_{r.how}")


def choose_topic(sim: Town, speaker: str, listener: str) -> Belief | None:
    st = sim.state[speaker]
    told = set(st.told)
    options, weights = [], []
    person = sim.people[speaker]
    # Seeing someone brings to mind what one knows about them and about the place.
    come_to_mind(sim, speaker, f"{listener} {st.place}")
    # Whom to tell reads what the speaker believes the listener believes (§10): nobody tells
    # what they believe the listener already knows, and a liar keeps their lie from someone
    # they believe knows otherwise (game.lies).
    knows = sim.store.beliefs_about(speaker, listener)
    for b in sim.tellable(speaker):  # light records; the chosen one is loaded in full
        claim = f"{b.subject}.{b.attribute}"
        stance = lies.stance(sim, speaker, claim, listener) if claim in person.lies else \
            lies.TRUTH
        if stance == lies.QUIET:
            continue
        lie = person.lie_for(claim, listener) if stance == lies.LIE else None
        value = lie["value"] if lie else b.value  # what they would say
        if f"{listener}|{claim}|{value}" in told:
            continue
        known = knows.get((b.subject, b.attribute))
        if lie is None and known is not None and known.value == value and \
                known.state != "past":
            continue  # they already know it (so the speaker believes); a liar's "I saw it"
            # is news to them all the same, and pressing it is the liar's point
        if b.subject == listener or (value == listener and sim.is_actor_attribute(
                b.attribute)):
            continue  # not gossip to its subject's face
        if listener in (b.teller, b.origin) and not lie:
            continue  # not back to whoever told them (a liar tells anyone)
        imp = b.importance
        age_h = max(0, sim.now - b.updated_at) / 60
        novelty = 1.0 / (1.0 + age_h / NOVELTY_HOURS)
        options.append(b)
        weights.append(max(0.01, imp * (0.3 + novelty) * b.confidence / 100))
    if not options:
        return None
    pick = sim.rng.choices(options, weights=weights)[0]
    full = sim.store.belief(speaker, pick.subject, pick.attribute, history=False)
    return witness.recalled(sim, speaker, full) if full is not None else None


def provenance(sim: Town, speaker: str, b: Belief,
               mstate: str | None = None) -> tuple[str, list[str], str]:
    """(origin, chain, basis) the speaker gives, honestly, for their held value (`mstate`:
    `memory_state(sim, b)`, if the caller has it already)."""
    k = b.kind
    if (mstate or memory_state(sim, b)) == "hazy":
        # A memory come back hazily names no source, whatever its kind: the words say "It's
        # hazy… Eve seems stern, I believe", and the note named Dot (a leak audit, a review)
        return FORGOTTEN, [FORGOTTEN, speaker], "heard"
    if k in ("firsthand", "witnessed"):
        return speaker, [speaker], "saw"
    if k == "declared":
        return b.teller or speaker, [b.teller or speaker, speaker], "heard"
    if k == "hearsay":
        if (mstate or memory_state(sim, b)) == "forgot_source":
            return FORGOTTEN, [FORGOTTEN, speaker], "heard"  # "someone told me, once"
        rec = sim.held_evidence(speaker, b)
        chain = list(rec.chain) if rec and rec.chain else [b.origin or speaker]
        return b.origin or speaker, chain + [speaker], "heard"
    if k == "document":
        rec = sim.held_evidence(speaker, b)
        doc = rec.document if rec and rec.document else speaker
        return doc, [doc, speaker], "heard"
    if k == "inferred":
        return speaker, [speaker], "reckon"
    return speaker, [speaker], "heard"


@dataclass(frozen=True)
class Told:
    """What was said: the value and the provenance the speaker gave for it."""

    event_id: int
    claim: str
    value: str
    basis: str
    origin: str
    chain: tuple[str, ...]
    lie: bool
    # The provenance given is the one they hold (talk.provenance); False for a lie, words a
    # scenario scripts, and a claim to have seen what they heard or worked out.
    as_held: bool = True
    sure: str = ""  # how sure they sounded, as the event records it (a liar sounds certain)
    # Told as a liar tells it — the lie's value, basis and certainty — whether or not the
    # value is what they hold (a false "I saw it" of what they believe is a lie too).
    acted: bool = False


def with_player(sim: Town, present: list[str], catching: list[str],
                exclude: list[str]) -> list[str]:
    """Those who catch something said or done here, with the player among them when they
    stand here: what happens in front of them is what they are there for. A playtest of
    the_ledger, waiting in the shop, missed Joss's word to Tilly on a coin toss ("you hear
    most of what is said in the shop"). Everyone's draws are made as before, the player's
    too, so the town's random stream is the same whether or not they were there."""
    you = next((x for x in present if sim.people[x].is_player), None)
    if you is None or you in catching or you in exclude:
        return catching
    return sorted([*catching, you])


def _embellishes(sim: Town, speaker: str, listener: str, claim: str, drawn: bool) -> bool:
    """Whether one given to it claims to have seen what they heard: as drawn — except to the
    player, who can ask twice, and is told the story they were told before. Ivo said "With
    my own eyes…", then, asked why, "Nobody told me. I worked it out" (a playtest). The draw
    is made either way, so the town's random stream is the same."""
    if not sim.people[listener].is_player:
        return drawn
    row = sim.db.execute(
        "SELECT json_extract(data, '$.embellished'), json_extract(data, '$.basis') FROM "
        "world_log WHERE actor = ? AND kind IN ('talk', 'why') AND target = ? AND claim = ? "
        "ORDER BY id DESC LIMIT 1", (speaker, listener, claim)).fetchone()
    if row is None:
        return drawn
    return bool(row[0]) or row[1] == "saw"


def tell(sim: Town, speaker: str, listener: str, b: Belief, place: str,
         present: list[str], *, asked_by: str | None = None, kind: str = "talk",
         extra_listeners: list[str] | None = None,
         given: tuple[str, list[str], str] | None = None,
         mstate: str | None = None) -> Told:
    """`speaker` tells `listener` what they hold about b's claim (or their lie). Words a
    scenario scripts come `given` as (origin, chain, basis): said as written. `mstate`: how
    their memory stood when they were asked, if the question itself brought it back — the
    words say it as it stood, and the source they give is the one those words give."""
    claim = f"{b.subject}.{b.attribute}"
    person = sim.people[speaker]
    stance = lies.stance(sim, speaker, claim, listener) if given is None and \
        claim in person.lies else lies.TRUTH
    lie = person.lie_for(claim, listener) if stance == lies.LIE else None
    embellished = False
    # How the speaker's memory of it stands, asked once: nothing below changes it.
    mstate = mstate or memory_state(sim, b)
    if given is not None:
        value = b.value
        origin, chain, basis = given[0], list(given[1]), given[2]
    elif lie is not None:
        value, basis, origin, chain = lie["value"], lie["basis"], speaker, [speaker]
    else:
        value = b.value
        origin, chain, basis = provenance(sim, speaker, b, mstate)
        if mstate in ("forgot_source", "hazy") and asked_by is None:
            sim.count("memory_state_expressed")  # "someone told me once — I forget who"
        if person.honesty < 0.5 and basis != "saw" and (
                _embellishes(sim, speaker, listener, claim,
                             sim.rng.random() < 0.5 - person.honesty)):
            basis, origin, chain, embellished = "saw", speaker, [speaker], True
    overhear = [x for x in present if x not in (speaker, listener)
                and x not in (extra_listeners or [])
                and sim.rng.random() < OVERHEAR_BASE + OVERHEAR_CURIOSITY
                * sim.people[x].curiosity]
    if len(overhear) > OVERHEAR_MAX:  # in a crowd, only those close by catch the words
        overhear = sorted(sim.rng.sample(overhear, OVERHEAR_MAX))
    hearers = [listener] + list(extra_listeners or [])
    overhear = with_player(sim, present, overhear, [speaker, *hearers])
    sure = sureness(b.confidence, b.state.value, mstate, lie=lie is not None)
    name = sim.name
    # (of themselves in their pronoun or own words, as the player's log says it: "Cal told
    # Ava that Cal was accused by Ben" in the world log read as robotic; a playtest)
    told = (not asked_by and sim.quoted_told(speaker, listener, claim, value)) or \
        f"{name(speaker)} told {name(listener)} that " \
        f"{sim.told_claim(speaker, listener, claim, value)}"
    summary = (told
               + (" (a lie)" if lie and lie["value"] != b.value else "")
               + (" (claiming to have seen it)" if embellished else ""))
    if asked_by:
        summary = f"asked by {name(asked_by)}, " + summary
    eid, _ = sim.world.record(Event(
        kind=kind, at=sim.now, summary=summary, actor=speaker, target=listener, place=place,
        claim=claim, value=value,
        data={"basis": basis, "origin": origin, "chain": chain,
              "lie": lie is not None and lie["value"] != b.value, "embellished": embellished,
              "believed": b.value, "asked_by": asked_by,
              "sure": sure},
        participants=[speaker] + hearers, witnesses=overhear))
    imp = b.importance
    for h in hearers + overhear:
        perception.told(sim, eid, h, speaker, claim, value, origin, chain, basis,
                        importance=imp)
    for h in hearers:  # what one is told is a cue; words caught in passing are not attended
        come_to_mind(sim, h, f"{b.subject} {value}")
    st = sim.state[speaker]
    for h in hearers:
        st.remember_told(f"{h}|{claim}|{value}")
    sim.count("talk")
    return Told(eid, claim, value, basis, origin, tuple(chain),
                lie is not None and lie["value"] != b.value,
                given is None and lie is None and not embellished, sure, lie is not None)
