"""What residents do between hearing and acting: attention, judgement, intents carried out.

A mixin of `Simulation`. Each hour a resident thinks at the depth its remaining attention allows
(epistemics §11) — full, reduced, or skipped with a reason — and judges its reactions against
its beliefs (`decide`); every tick it carries out whatever intent it has: goes where it leads,
and acts when there (`acts`, `talk`).
"""

from __future__ import annotations

from . import acts, attention, decide, perception, talk
from .people import AWAKE
from .state import Intent
from .world import Event


class Mind:

    def attention_of(self, rid: str) -> float:
        """α: the fraction of today's attention budget left."""
        st, person = self.state[rid], self.people[rid]
        full = attention.budget(person.wake_minutes)
        if st.attention < 0:
            st.attention = full
        return st.attention / full

    def _think(self, rid: str) -> None:
        """One cognitive step (hourly): judge beliefs against reactions, at the depth the
        remaining attention allows; a skip records why."""
        st = self.state[rid]
        if st.status != AWAKE:
            return self._skipped(rid, attention.ASLEEP)
        if st.following or (st.intent is not None and st.intent.action != "stay"):
            return self._skipped(rid, attention.BUSY)
        # News since the resident last thought; very important news raises the depth (§11).
        important = self._news.pop(rid, 0) >= attention.IMPORTANT_NEWS
        st.depth = attention.depth(self.attention_of(rid), important)
        if st.depth == attention.SKIP:
            return self._skipped(rid, attention.EXHAUSTED)
        self.count("processing_" + st.depth)
        self._log_attention(rid, st.depth, None)
        decide.decide(self, rid, reduced=st.depth == attention.REDUCED)

    def _skipped(self, rid: str, why: str) -> None:
        self.state[rid].depth = attention.SKIP
        self.count("processing_skipped")
        self.count("skipped_" + why)
        self._log_attention(rid, attention.SKIP, why)

    def _log_attention(self, rid: str, depth: str, why: str | None) -> None:
        """Keep how the resident thought this hour, for the report's attention plot."""
        self.db.conn.execute("INSERT OR REPLACE INTO attention_log (at, resident, depth, "
                             "reason) VALUES (?, ?, ?, ?)", (self.now, rid, depth, why))

    def _spend_attention(self) -> None:
        """Being awake, acting and taking in news spend attention; sleep restores it."""
        arrivals, self._arrivals = self._arrivals, {}
        acted, self._acted = self._acted, set()
        for rid in sorted(self.people):
            person, st = self.people[rid], self.state[rid]
            if person.is_player:
                continue
            full = attention.budget(person.wake_minutes)
            if st.attention < 0:
                st.attention = full
            if st.status == AWAKE:
                cost = attention.AWAKE_COST + attention.ARRIVAL_COST * arrivals.get(rid, 0)
                if rid in acted:
                    cost += attention.ACTION_COST
                st.attention = max(0.0, st.attention - cost)
            else:
                st.attention = min(full, st.attention + attention.recover_per_tick(
                    person.wake_minutes))

    def attention_log(self, start: int, end: int) -> list[tuple[int, str, str]]:
        """(minute, resident, depth) of every hourly step between `start` and `end`."""
        return [tuple(r) for r in self.db.execute(
            "SELECT at, resident, depth FROM attention_log WHERE at >= ? AND at < ? "
            "ORDER BY at, resident", (start, end))]

    def acted(self, rid: str) -> None:
        self._acted.add(rid)

    def _pursue(self, rid: str) -> None:
        """Carry out the resident's intent: go where it leads, and act when there."""
        st = self.state[rid]
        it = st.intent
        if it is None:
            return
        if self.now > it.expires:
            st.intent = None
            return
        if it.action == "stay":
            if st.place != it.place:
                st.place = it.place
                self.move_to(rid, it.place, self.now)
            return  # stays until the intent expires
        if it.target and it.target in self.state:
            tst = self.state[it.target]
            if tst.status != AWAKE:
                return  # wait for them to be about
            dest = tst.place
        else:
            dest = it.place or st.place
        self._acted.add(rid)
        if st.place != dest:
            st.place = dest
            self.move_to(rid, dest, self.now)
            return
        self._perform(rid, it)
        if st.intent is it:
            st.intent = None

    def _perform(self, rid: str, it) -> None:
        st = self.state[rid]
        place = st.place
        key = f"{it.reaction}:{it.claim}:{it.value}"
        subject, attribute = perception.split(it.claim)
        if it.purpose == "verify":
            st.verified[key] = st.verified.get(key, 0) + 1
            self.count("verification")
            if it.action == "look":
                spot = it.value.split(".", 1)[1] if "." in it.value else None
                acts.look(self, rid, place, spot, looking_for=subject if attribute == "location"
                          else None)
            elif it.target:
                acts.ask(self, rid, it.target, it.claim, place)
            return
        b = self.store.belief(rid, subject, attribute, history=False)
        reaction = next((r for r in self.sc.reactions if r.id == it.reaction), None)
        if b is None or b.value != it.value or reaction is None:
            return
        from .support import clears_bar  # noqa: I001 - kept local: support imports memory

        trust = self.store.trust(rid, b.teller, self.topic(attribute)) if b.teller else 0.6
        if not clears_bar(b, it.action, trust):
            return  # something changed on the way: no longer sure enough
        st.fired.append(key)
        target = it.target
        if it.action == "accuse" and target:
            acts.accuse(self, rid, target, b, place)
        elif it.action == "report" and target:
            talk.tell(self, rid, target, b, place, self.present(place), kind="report")
        elif it.action in ("avoid", "break_off", "reconcile", "administer") and target:
            delta = {"avoid": (-0.1, 0.0), "break_off": (-0.8, -0.5),
                     "reconcile": (0.4, 0.4), "administer": (0.0, 0.0)}[it.action]
            changes = [(*perception.split(s.claim), s.value) for s in reaction.effects]
            acts.social(self, it.action, rid, target, place, *delta,
                        summary=f"{self.name(rid)} {_VERB[it.action]} {self.name(target)}",
                        claim=it.claim, value=it.value, changes=changes)
        elif it.action == "ask" and target:
            acts.ask(self, rid, target, it.claim, place)
        elif it.action == "attend":
            self.record(Event(kind="attend", at=self.now, actor=rid, place=place,
                              claim=it.claim, value=it.value,
                              summary=f"{self.name(rid)} came to {self.place_name(place)} for "
                              f"{self.say_claim(it.claim, it.value)}", participants=[rid],
                              witnesses=self.onlookers(place, (rid,))))
            self.state[rid].intent = Intent(action="stay", purpose="act", reaction=it.reaction,
                                            claim=it.claim, value=it.value, since=self.now,
                                            expires=it.expires, place=place)
            self.count("action_attend")
            return
        self.count("action_" + it.action)

_VERB = {"avoid": "avoided", "break_off": "broke off with", "reconcile": "made peace with",
         "administer": "treated"}
