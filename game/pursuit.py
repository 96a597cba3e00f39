"""Actions, a system of the tick: each resident carries out the intent it has (game.thinking
decides them) — goes where it leads, and acts when there (`acts`, `talk`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import acts, perception, phrase, talk
from .people import AWAKE
from .state import NO_ANSWER, Intent
from .support import clears_bar
from .world import Event

if TYPE_CHECKING:
    from .town import Town


def pursue(town: Town, rid: str) -> None:
    """Carry out the resident's intent: go where it leads, and act when there."""
    st = town.state[rid]
    it = st.intent
    if it is None:
        return
    if town.now > it.expires:
        st.intent = None
        return
    if it.action == "stay":
        if st.place != it.place:
            st.place = it.place
            town.move_to(rid, it.place, town.now)
        return  # stays until the intent expires
    if it.target and it.target in town.state:
        tst = town.state[it.target]
        if tst.status != AWAKE:
            return  # wait for them to be about
        dest = tst.place
    else:
        dest = it.place or st.place
    town.acted(rid)
    if st.place != dest:
        st.place = dest
        town.move_to(rid, dest, town.now)
        return
    _perform(town, rid, it)
    if st.intent is it:
        st.intent = None


def _perform(town: Town, rid: str, it) -> None:
    st = town.state[rid]
    place = st.place
    key = f"{it.reaction}:{it.claim}:{it.value}"
    subject, attribute = perception.split(it.claim)
    if it.purpose == "verify":
        st.verified[key] = st.verified.get(key, 0) + 1
        town.count("verification")
        if it.action == "look":
            spot = it.value.split(".", 1)[1] if "." in it.value else None
            acts.look(town, rid, place, spot, looking_for=subject if attribute == "location"
                      else None)
        elif it.target and not acts.ask(town, rid, it.target, it.claim, place):
            st.verified[f"{key}{NO_ANSWER}{it.target}"] = 1  # (not asked it again: decide)
        return
    b = town.store.belief(rid, subject, attribute, history=False)
    reaction = next((r for r in town.sc.reactions if r.id == it.reaction), None)
    if b is None or b.value != it.value or reaction is None:
        return

    trust = town.store.trust(rid, b.teller, town.topic(attribute)) if b.teller else 0.6
    if not clears_bar(b, it.action, trust):
        return  # something changed on the way: no longer sure enough
    st.fired.append(key)
    target = it.target
    if it.action == "accuse" and target:
        acts.accuse(town, rid, target, b, place)
    elif it.action == "report" and target:
        talk.tell(town, rid, target, b, place, town.present(place), kind="report")
    elif it.action in ("avoid", "break_off", "reconcile", "administer") and target:
        delta = {"avoid": (-0.1, 0.0), "break_off": (-0.8, -0.5),
                 "reconcile": (0.4, 0.4), "administer": (0.0, 0.0)}[it.action]
        changes = [(*perception.split(s.claim), s.value) for s in reaction.effects]
        # (what it shows, only where it is so: a reaction's `when` need not say it)
        shows = [(*perception.split(s.claim), s.value) for s in reaction.reveals
                 if town.world.fact(*perception.split(s.claim)) == s.value]
        acts.social(town, it.action, rid, target, place, *delta,
                    summary=phrase.render(reaction.text, phrase.ACT_FIELDS,
                                          actor=town.name(rid), target=town.name(target))
                    if reaction.text else
                    f"{town.name(rid)} {_VERB[it.action]} {town.name(target)}",
                    claim=it.claim, value=it.value, changes=changes, shows=shows)
    elif it.action in ("ask", "confront") and target:
        # Confronting someone with it is asking them, face to face, as when verifying.
        acts.ask(town, rid, target, it.claim, place)
    elif it.action == "look":
        # Go and see: at the spot the belief names when it is where something is, else
        # around the place (an acted look did nothing at all; an author's report).
        where = it.value.split(".", 1) if attribute == "location" else []
        spot = where[1] if len(where) == 2 and where[0] == place else None
        # Looking *for* it (and so finding it missing) only where the belief says it is: one
        # who believes Cat has the ring, looking around their own home, does not learn that
        # the ring is missing (a review).
        there = bool(where) and where[0] == place
        acts.look(town, rid, place, spot, looking_for=subject if there else None)
    elif it.action == "attend":
        town.record(Event(kind="attend", at=town.now, actor=rid, place=place,
                          claim=it.claim, value=it.value,
                          # "waited", not "came to": they are there already, moved in as
                          # the last tick ended — "At 17:50: Vee came to the Schoolroom" was
                          # read after "Here now: … Vee" at 17:50 (a playtest).
                          summary=f"{town.name(rid)} waited at {town.place_name(place)}, "
                          f"believing that {town.say_claim(it.claim, it.value)}",
                          participants=[rid],
                          witnesses=town.onlookers(place, (rid,))))
        town.state[rid].intent = Intent(action="stay", purpose="act", reaction=it.reaction,
                                        claim=it.claim, value=it.value, since=town.now,
                                        expires=it.expires, place=place)
        town.count("action_attend")
        return
    town.count("action_" + it.action)


_VERB = {"avoid": "avoided", "break_off": "broke off with", "reconcile": "made peace with",
         "administer": "treated"}
