"""Liars and their reasons (issue 10): what a liar says, to whom, and when they stop.

A scenario's lie carries its motive as data — to protect oneself or a friend, to harm a rival,
to gain — and the reason is something others know of: those named in `known_to` hold the
motive's claim ("Bo has it in for Cy") as their own memory and say so when asked. What a liar
does with the lie reads what they believe others believe (epistemics §10):

- they do not tell the lie to someone they believe holds another value (who would contradict
  them) — they keep quiet about it with them; of the player, only a thing shown counts (told
  otherwise by a stranger, a liar insists);
- once they believe they have been found out — someone they told it to has since told them
  otherwise — an honest-enough liar (honesty ≥ 0.5) changes their story and says what they
  actually believe; the rest go quiet on it;
- a liar protecting themselves also lies about where they were at the hours their lie covers
  (an alibi: the lie's `alibi` place, or home); one protecting a friend leaves the friend out
  of whom they saw then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import copresence
from .perception import split
from .witness import Hour

if TYPE_CHECKING:
    from .town import Town

LIE, TRUTH, QUIET = "lie", "truth", "quiet"
HONEST_ENOUGH = 0.5  # found out: at or above this honesty, change the story; below, go quiet
MOTIVE_IMPORTANCE = 2  # a rivalry or a debt is gossip, if minor gossip

# What those who know of a motive know, by its kind: the claim's attribute, about the liar.
RELATION = {"harm_rival": "rival_of", "protect_friend": "friend_of", "gain": "gains_from"}


def stance(sim: Town, speaker: str, claim: str, listener: str) -> str:
    """What `speaker` does about `claim` with `listener`: tell their lie, tell the truth as
    they believe it, or keep quiet."""
    person = sim.people[speaker]
    lie = person.lie_for(claim, listener)
    if lie is None:
        return TRUTH
    if found_out(sim, speaker, claim, lie["value"]):
        return TRUTH if person.honesty >= HONEST_ENOUGH else QUIET
    if knows_otherwise(sim, speaker, listener, claim, lie["value"]):
        return QUIET
    return LIE


def knows_otherwise(sim: Town, speaker: str, listener: str, claim: str,
                    value: str) -> bool:
    """Does `speaker` believe `listener` holds another value of the claim than `value`? Of the
    player, only what they have shown the speaker counts: one word from a stranger ("tell bo
    key moved fen") silenced a liar for good while honest believers went on talking — one
    move, no evidence, and the liar stood out (a playtest). Told otherwise, a liar insists;
    shown otherwise, they know the player knows."""
    from .player import PLAYER

    if listener == PLAYER:
        return shown_otherwise(sim, speaker, claim, value)
    s, a = split(claim)
    b = sim.store.belief_about(speaker, listener, s, a)
    return b is not None and b.state.value != "past" and b.value != value


def shown_otherwise(sim: Town, rid: str, claim: str, value: str) -> bool:
    """Has the player shown `rid` a thing that shows another value of the claim?"""
    for (oid,) in sim.db.execute(
            "SELECT DISTINCT json_extract(data, '$.object') FROM world_log WHERE kind = "
            "'show' AND actor = 'player' AND target = ?", (rid,)):
        if any(c == claim and v != value for c, v in sim.objects.get(oid, {}).get("shows", [])):
            return True
    return False


def found_out(sim: Town, liar: str, claim: str, value: str) -> bool:
    """Does the liar believe they have been found out: someone they told the lie to has since
    told them something else?"""
    st = sim.state[liar]
    if claim in st.found_out:
        return True
    told = {k.split("|", 1)[0] for k in st.told if k.endswith(f"|{claim}|{value}")}
    for x in sorted(told):
        if knows_otherwise(sim, liar, x, claim, value):
            st.found_out.append(claim)
            sim.count("liar_found_out")
            return True
    return False


def alibi(sim: Town, liar: str, listener: str, hour: Hour) -> Hour:
    """What the liar says of an hour their lie covers: protecting themselves, somewhere else
    and nobody about; protecting a friend, not the friend. Others' answers pass unchanged."""
    person = sim.people[liar]
    for claim, lie in sorted(person.lies.items()):
        motive = lie.get("motive") or {}
        kind = motive.get("kind")
        if kind not in ("protect_self", "protect_friend") or person.lie_for(
                claim, listener) is None:
            continue
        if stance(sim, liar, claim, listener) != LIE or hour.slot not in _covered(sim, liar,
                                                                                 claim):
            continue
        if kind == "protect_self":
            place = lie.get("alibi") or person.home
            if hour.place != place:
                hour.place, hour.memory, hour.seen, hour.alibi = place, "sure", [], True
        else:
            friend = motive.get("about")
            kept = [x for x in hour.seen if x.who != friend]
            if len(kept) != len(hour.seen):
                hour.seen, hour.alibi = kept, True
        if hour.alibi:
            sim.count("alibi")
    return hour


def _covered(sim: Town, liar: str, claim: str) -> set[str]:
    """The hours a lie covers: when the liar saw or did what the lie is about."""
    s, a = split(claim)
    return {copresence.slot(e.at) for e in sim.store.evidence(liar, s, a)
            if e.kind in ("firsthand", "witnessed")}


def motive_claim(liar: str, motive: dict) -> tuple[str, str] | None:
    """The claim and value those who know of a liar's motive hold: the scenario's own, or by
    kind ("bo.rival_of" = "cy"); None when there is nothing to know (a secret kept alone)."""
    if motive.get("claim"):
        return motive["claim"], motive.get("value") or motive.get("about") or "yes"
    attribute = RELATION.get(motive.get("kind", ""))
    if attribute and motive.get("about"):
        return f"{liar}.{attribute}", motive["about"]
    return None
