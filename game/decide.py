"""Decisions: intents come from beliefs, gated by the evidence bar (epistemics §8, seed 001).

A scenario's reactions say what a resident does about a belief ("if Ada believes someone moved
her key, she accuses them"). If the belief clears the bar of the action's class, the resident
goes and does it; below the bar it reduces uncertainty instead — goes to look, asks the teller
or whoever first said it, asks the person concerned, or waits for another source. Every
judgement is recorded in `decisions` with the beliefs that supported it.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from memory import Belief, about_attribute

from . import clock, talk
from .perception import split
from .scenario.minds import PERSON_ACTIONS
from .state import NO_ANSWER, Intent
from .support import ACTION_CLASS, IRREVERSIBLE, clears_bar, support

if TYPE_CHECKING:
    from .scenario.model import Reaction
    from .town import Town

INTENT_HOURS = 6  # an intent not carried out in this long is dropped
RECHECK_HOURS = 3  # after verifying, wait this long before judging the same belief again


def decide(sim: Town, rid: str, reduced: bool = False) -> None:
    """Judge the resident's reactions against its beliefs; set at most one intent. At reduced
    depth (§11) the resident keeps to what it already plans: it acts on what clears the bar
    but does not set off to verify anything new."""
    st = sim.state[rid]
    if st.intent is not None:
        return
    for reaction in sim.reactions_for(rid):
        if reaction.when and not sim.condition(reaction.when):
            continue
        for b in _matches(sim, rid, reaction):
            target = _target(reaction, b)
            if target == rid:
                continue
            if reaction.action in PERSON_ACTIONS and target is not None and \
                    target not in sim.people:
                continue  # a belief about an animal or a thing names nobody to act on
            key = f"{reaction.id}:{b.subject}.{b.attribute}:{b.value}"
            if key in st.fired or st.cooldown.get(key, -1) > sim.now:
                continue
            if _judge(sim, rid, reaction, b, target, key, reduced):
                return
    if not reduced:
        _look_when_told(sim, rid)


def _matches(sim: Town, rid: str, reaction: Reaction) -> list[Belief]:
    pattern = reaction.believes
    subject, attribute = split(pattern.claim)
    want = pattern.value
    if subject.startswith("?"):
        found = sim.store.beliefs(rid, attribute=attribute)
    else:
        # Most reactions match nothing most ticks: look at the three fields first, and build
        # the belief only for one that matches.
        h = sim.store.held(rid, subject, attribute)
        if h is None or h[2] == "past" or h[0] == "missing" or \
                not (want.startswith("?") or h[0] == want):
            return []
        b = sim.store.belief(rid, subject, attribute, history=False)
        found = [b] if b else []
    return [b for b in found if (want.startswith("?") or b.value == want)
            and b.state.value != "past" and b.value != "missing"]


def _target(reaction: Reaction, b: Belief) -> str | None:
    t = reaction.target
    if t is None or t == "value":
        return b.value if t == "value" else None
    if t == "subject" or t.startswith("?"):
        return b.subject
    return t


ATTEND_EARLY = 40  # minutes before the believed time a resident sets off to attend


def _attend(sim: Town, rid: str, reaction: Reaction, b: Belief, key: str) -> bool:
    """Go to a meeting where and when the resident believes it is (a reversible action)."""
    when = clock.parse_token(b.value)
    if when is None or not (0 <= when - sim.now <= ATTEND_EARLY + 20):
        return False
    place = reaction.place
    if reaction.place_from:
        ps, pa = split(reaction.place_from)
        pb = sim.store.belief(rid, ps, pa, history=False)
        if pb is None or pb.state.value == "past":
            return False
        place = pb.value
    if place not in sim.places:
        return False
    st = sim.state[rid]
    st.fired.append(key)
    st.intent = Intent(action="attend", purpose="act", reaction=reaction.id,
                       claim=f"{b.subject}.{b.attribute}", value=b.value, since=sim.now,
                       expires=when + clock.HOUR, place=place)
    sim.db.execute(
        "INSERT INTO decisions (at, resident, reaction, action, class, claim, value, support, "
        "bar, outcome, via, used, verified_first) VALUES (?, ?, ?, 'attend', 'reversible', ?, "
        "?, ?, ?, 'acted', NULL, ?, 0)",
        (sim.now, rid, reaction.id, f"{b.subject}.{b.attribute}", b.value,
         support(b).score, _bar("reversible"),
         json.dumps([f"{b.subject}.{b.attribute}"] + ([reaction.place_from]
                                                        if reaction.place_from else []))))
    sim.store.record_use(rid, b.subject, b.attribute, sim.now)
    return True


def _judge(sim: Town, rid: str, reaction: Reaction, b: Belief, target: str | None,
           key: str, reduced: bool = False) -> bool:
    st = sim.state[rid]
    action = reaction.action
    if action == "attend":
        return _attend(sim, rid, reaction, b, key)
    cls = ACTION_CLASS[action]
    topic = sim.topic(b.attribute)
    trust = sim.store.trust(rid, b.teller, topic) if b.teller else 0.6
    dormant = b.access(sim.now) != "active"
    sup = support(b, trust, dormant)
    claim = f"{b.subject}.{b.attribute}"
    if not clears_bar(b, action, trust, dormant) and reduced:
        return False  # no attention to spare for verifying: keep the current plan
    friend = _friend_to_ask(sim, rid, b, key) if cls == IRREVERSIBLE and clears_bar(
        b, action, trust, dormant) else None
    if friend is not None:
        # §8: before a high-consequence act, a resident who believes a trusted friend believes
        # otherwise asks that friend first — once per friend and value.
        st.verified[f"{key}:friend:{friend}"] = 1
        st.cooldown[key] = sim.now + RECHECK_HOURS * clock.HOUR
        st.intent = Intent(action="ask", purpose="verify", reaction=reaction.id, claim=claim,
                           value=b.value, since=sim.now,
                           expires=sim.now + INTENT_HOURS * clock.HOUR, target=friend,
                           via="ask_friend")
        outcome, via = "verified", "ask_friend"
        sim.count("asked_friend_first")
    elif clears_bar(b, action, trust, dormant):
        place = reaction.place
        if action == "look" and place is None and b.attribute == "location" and \
                b.value.split(".")[0] in sim.places:
            place = b.value.split(".")[0]  # look where they believe it is
        st.intent = Intent(action=action, purpose="act", reaction=reaction.id, claim=claim,
                           value=b.value, since=sim.now,
                           expires=sim.now + INTENT_HOURS * clock.HOUR, target=target,
                           place=place)
        outcome, via = "acted", None
    else:
        via = _verification(sim, rid, reaction, b, key)
        if via is None:
            return False
        st.cooldown[key] = sim.now + RECHECK_HOURS * clock.HOUR
        outcome = "verified" if via != "wait" else "waited"
        if via != "wait":
            place, who = _where_to_verify(sim, rid, b, via)
            st.intent = Intent(action=_VERIFY_ACTION[via], purpose="verify",
                               reaction=reaction.id, claim=claim, value=b.value,
                               since=sim.now, expires=sim.now + INTENT_HOURS * clock.HOUR,
                               target=who, place=place, via=via)
    sim.db.execute(
        "INSERT INTO decisions (at, resident, reaction, action, class, claim, value, support, "
        "bar, outcome, via, used, verified_first) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (sim.now, rid, reaction.id, action, cls, claim, b.value, sup.score,
         _bar(cls), outcome, via, json.dumps([claim]), int(st.verified.get(key, 0) > 0)))
    if outcome == "acted":
        sim.store.record_use(rid, b.subject, b.attribute, sim.now)
    if cls == IRREVERSIBLE:
        sim.count("judgement_" + outcome)
    return True


FRIEND_TRUST = 0.7  # trusted enough to ask before doing something that cannot be undone


def _friend_to_ask(sim: Town, rid: str, b: Belief, key: str) -> str | None:
    """A trusted friend the resident believes holds another value of the claim, not yet asked
    about this value: whom to ask before acting (reads beliefs about beliefs, §10)."""
    st = sim.state[rid]
    for other in sim.store.beliefs(rid, attribute=about_attribute(b.subject, b.attribute)):
        friend = other.subject
        if other.value == b.value or other.state.value == "past" or friend == rid or \
                friend not in sim.people or sim.people[friend].is_player:
            continue
        if sim.store.trust(rid, friend) < FRIEND_TRUST or sim.world.affinity(rid, friend) < 0:
            continue
        if st.verified.get(f"{key}:friend:{friend}"):
            continue
        return friend
    return None


def _bar(cls: str) -> float:
    from .support import BARS

    return BARS[cls]


_VERIFY_ACTION = {"look": "look", "ask_teller": "ask", "ask_origin": "ask",
                  "ask_subject": "confront", "ask_friend": "ask"}


def _verification(sim: Town, rid: str, reaction: Reaction, b: Belief,
                  key: str = "") -> str | None:
    """Choose how to reduce uncertainty: look, ask the teller or origin, ask the person
    concerned, or wait. Weighted by the resident's traits; deterministic through the sim rng.
    One who was asked it and gave no answer (did not know, would not say, could not
    remember) is not asked it again while the belief stands: Ava asked Cal who moved Ben's
    hammer ten times over eight days, "Cal did not know" each time (a playtest)."""
    person = sim.people[rid]
    options, weights = [], []
    unanswered = sim.state[rid].verified
    allowed = {v for v in reaction.verify if not (
        v in _ASKS and (who := _asked(sim, b, v)) is not None
        and unanswered.get(f"{key}{NO_ANSWER}{who}"))}
    if "look" in allowed and b.attribute == "location" and b.subject in sim.objects:
        options.append("look")
        weights.append(0.5 + person.curiosity)
    # Asking the teller needs remembering who told them (§10: "someone", once dormant).
    if "ask_teller" in allowed and b.teller and b.teller != rid and b.teller in sim.people \
            and talk.teller_remembered(sim, b):
        options.append("ask_teller")
        weights.append(0.4 + person.credulity)
        if b.origin and b.origin not in (b.teller, rid) and b.origin in sim.people:
            options.append("ask_origin")
            weights.append(0.3 + person.curiosity)
    concerned = _concerned(sim, b)
    if "ask_subject" in allowed and concerned and concerned not in (rid, b.teller):
        options.append("ask_subject")
        weights.append(0.3 + (1 - person.credulity))
    if "wait" in allowed:
        options.append("wait")
        weights.append(0.6)
    if not options:
        return None
    return sim.rng.choices(options, weights=weights)[0]


_ASKS = ("ask_teller", "ask_origin", "ask_subject")


def _asked(sim: Town, b: Belief, via: str) -> str | None:
    """Whom a verification that asks would ask."""
    return b.teller if via == "ask_teller" else b.origin if via == "ask_origin" else \
        _concerned(sim, b)


def _where_to_verify(sim: Town, rid: str, b: Belief, via: str) -> tuple[str | None,
                                                                            str | None]:
    if via == "look":
        # Where they believe it is, if that is a place: of a key believed to be with Bo, the
        # intent named "bo" as its place, the resident was moved "to" him, and the save was
        # refused (a review). Otherwise they look where they are, as the act does.
        where = b.value.split(".")[0]
        return (where if where in sim.places else None), None
    if via == "ask_teller":
        return None, b.teller
    if via == "ask_origin":
        return None, b.origin
    return None, _concerned(sim, b)


def _concerned(sim: Town, b: Belief) -> str | None:
    """The person a claim is about: its subject, or for "who did it" claims, its value."""
    if b.subject in sim.people:
        return b.subject
    if sim.is_actor_attribute(b.attribute) and b.value in sim.people:
        return b.value
    return None


def _look_when_told(sim: Town, rid: str) -> None:
    """Newer, weaker news about where something is makes a resident want to go and look (§5)."""
    st = sim.state[rid]
    for b in sim.wants_look(rid):
        if b.attribute != "location" or b.subject not in sim.objects:
            continue
        told = [c for c in b.candidates if not c.held and c.value != "missing"]
        if not told:
            continue
        where = max(told, key=lambda c: c.confidence).value
        key = f"look:{b.subject}:{where}"
        if st.cooldown.get(key, -1) > sim.now or where.split(".")[0] not in sim.places:
            continue
        st.cooldown[key] = sim.now + RECHECK_HOURS * clock.HOUR
        st.intent = Intent(action="look", purpose="verify", reaction="look", claim=
                           f"{b.subject}.location", value=where, since=sim.now,
                           expires=sim.now + INTENT_HOURS * clock.HOUR,
                           place=where.split(".")[0], via="look")
        return
