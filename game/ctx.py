"""What conditions can ask about a running simulation: the functions of `game.conditions`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import clock
from .perception import split as _split

if TYPE_CHECKING:
    from .town import Game

DEFAULT_MIN_CONFIDENCE = 0


def split(claim: str) -> tuple[str, str]:
    """A claim's subject and attribute; one that is not `subject.attribute` (a computed
    argument: validate refuses written ones) names nothing, so nothing holds it, never an
    error from memory in the middle of a run."""
    s, a = _split(str(claim))
    return (s, a) if s and a else ("?", "?")


def named(who) -> str:
    """A resident argument as memory reads it: one that names nobody — a computed argument
    still empty, `concluded("…")` before any answer — is "?", who holds nothing and is
    trusted as a stranger, never an error from memory in the middle of a run (memory
    refuses an empty id)."""
    return str(who).strip() or "?"


class ConditionContext:
    def __init__(self, sim: Game):
        self.sim = sim

    def fn_fact(self, claim: str) -> str:
        s, a = split(claim)
        return self.sim.world.fact(s, a) or ""

    def _held(self, who: str, claim: str) -> tuple[str, int, str] | None:
        s, a = split(claim)
        return self.sim.store.held(named(who), s, a)

    def fn_believes(self, who: str, claim: str, value: str,
                    min_confidence: int = DEFAULT_MIN_CONFIDENCE) -> bool:
        h = self._held(who, claim)
        return (h is not None and h[0] == str(value) and h[2] != "past"
                and h[1] >= min_confidence and self._learned(who, claim, str(value)))

    def fn_heard(self, who: str, claim: str, value: str) -> bool:
        """Whether any of their evidence about the claim has this value: what a stage means
        by "you have read or been told that…", whatever they came to hold (a playtest heard
        Tilly say the ledger's "not allergic" after the card, and the stage stayed unmet)."""
        s, a = split(claim)
        who = named(who)
        return any(e.value == str(value) and not self._own_word(who, e)
                   for e in self.sim.store.evidence(who, s, a))

    def _own_word(self, who: str, e) -> bool:
        """Whether `e` is the player's own word come back to them ("You told me Ada's key
        was moved by Dee"): what they found out it is not. A playtest told Eli "Dee", asked
        him, and "Someone saw Dee move the key" was ticked."""
        person = self.sim.people.get(who)
        return person is not None and person.is_player and _through(e, who)

    def _learned(self, who: str, claim: str, value: str) -> bool:
        """For the player, some evidence for `value` that is not their own word come back;
        anyone else holds what they hold, however they came by it."""
        person = self.sim.people.get(who)
        if person is None or not person.is_player:
            return True
        s, a = split(claim)
        return any(e.value == value and not _through(e, who)
                   for e in self.sim.store.evidence(named(who), s, a))

    def fn_value(self, who: str, claim: str) -> str:
        h = self._held(who, claim)
        return h[0] if h is not None else ""

    def fn_confidence(self, who: str, claim: str) -> int:
        h = self._held(who, claim)
        return h[1] if h is not None else 0

    def fn_knows(self, who: str, claim: str) -> bool:
        h = self._held(who, claim)
        return h is not None and h[2] != "past" and h[0] == self.fn_fact(claim) and \
            self._learned(who, claim, h[0])

    def fn_count_believers(self, claim: str, value: str,
                           min_confidence: int = DEFAULT_MIN_CONFIDENCE,
                           among: list | None = None) -> int:
        s, a = split(claim)
        n = 0
        for b in self.sim.store.believers(s, a):
            if among is not None and b.resident not in among:
                continue
            if self.sim.people.get(b.resident) and self.sim.people[b.resident].is_player:
                continue
            if b.value == str(value) and b.state.value != "past" and \
                    b.confidence >= min_confidence:
                n += 1
        return n

    def fn_happened(self, what: str, actor: str | None = None,
                    target: str | None = None) -> bool:
        return self.fn_times(what, actor, target) > 0

    def fn_times(self, what: str, actor: str | None = None, target: str | None = None) -> int:
        w = self.sim.world
        by_id = w.count_events(event_id=what, actor=actor, target=target)
        return by_id or w.count_events(kind=what, actor=actor, target=target)

    def fn_now(self) -> int:
        return self.sim.now

    def fn_time(self, when: str) -> int:
        return clock.parse_when(when)

    def fn_at(self, who: str, place: str) -> bool:
        st = self.sim.state.get(who)
        return st is not None and st.place == place

    def fn_trust(self, who: str, other: str) -> float:
        return self.sim.store.trust(named(who), named(other))

    def fn_reached(self, stage: str) -> bool:
        return stage in self.sim.stages_reached()

    def fn_concluded(self, claim: str) -> str:
        rows = [e for e in self.sim.world.log(kind="conclude") if e["claim"] == claim]
        return rows[-1]["value"] if rows else ""

    def fn_affinity(self, a: str, b: str) -> float:
        return self.sim.world.affinity(a, b)

    def present_for(self, place: str, *held: str) -> list[str]:
        """Residents there now, awake (not the player); given claims each with a value, only
        those who hold every one (as `believes` has it): there for it. Five "in the
        schoolroom" counted two the player had brought along who thought the meeting was
        off, and a player who guessed the room won having learnt nothing (a playtest)."""
        there = [r for r in self.sim.present(place) if not self.sim.people[r].is_player]
        pairs = list(zip(held[::2], held[1::2], strict=True))
        return [r for r in there if all(self.fn_believes(r, c, str(v)) for c, v in pairs)]

    def fn_present(self, place: str, *held: str) -> int:
        return len(self.present_for(place, *held))


def _through(e, who: str) -> bool:
    """Whether the evidence came from `who`, or passed through them: told anonymously ("heard
    it from someone"), the player is in the chain, not the origin (a review)."""
    return e.origin == who or who in (e.chain or ())
