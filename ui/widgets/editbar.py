"""The author's hand on one belief, in open minds: Implant / Distort / Suppress.

Choosing one opens a small form — the value to put in (the answers the scenario has words
for) and how sure, with − and + — then a confirmation that says in words what will happen;
confirming makes the edit through the session (`game.edit_memory`: audited, undoable), and the
belief's history below shows it. Each edit of this belief is listed with Undo while it stands.
Nothing here is shown in play.
"""

from __future__ import annotations

import pygame

from game import realised

from .. import theme as T
from ..labels import edit_words, name_of, value_label
from .base import button, chip

VERBS = (("implant", "Implant"), ("distort", "Distort"), ("suppress", "Suppress"))
STEP = 10
MAX_VALUES = 8


class EditBar:
    def __init__(self, detail) -> None:
        self.detail = detail
        self.key = None
        self.reset()

    def reset(self) -> None:
        self.kind: str | None = None
        self.value: str | None = None
        self.confidence = 50
        self.confirming = False
        self.message = ""
        self.lines: list[str] = []  # what the bar says (tests)

    # -- actions ------------------------------------------------------------------------------

    def choose(self, kind: str) -> None:
        town = self.detail.town
        rid, s, a = town.belief
        b = town.session.sim.store.belief(rid, s, a, history=False)
        self.kind, self.confirming, self.message = kind, False, ""
        self.confidence = 50 if kind == "implant" or b is None else b.confidence
        self.value = None if kind != "distort" or b is None else b.value

    def pick(self, value: str) -> None:
        self.value, self.confirming = value, False

    def nudge(self, d: int) -> None:
        self.confidence = max(0, min(100, self.confidence + d))
        self.confirming = False

    def ask(self) -> None:
        if self.kind == "implant" and self.value is None:
            self.message = "Pick the value to implant first."
            return
        self.confirming = True

    def cancel(self) -> None:
        self.reset()

    def confirm(self) -> None:
        town = self.detail.town
        rid, s, a = town.belief
        sim = town.session.sim
        b = sim.store.belief(rid, s, a, history=False)
        value = self.value
        conf = self.confidence if self.kind != "suppress" else None
        if self.kind == "distort" and b is not None:
            value = None if value == b.value else value
            conf = None if conf == b.confidence and value is not None else conf
        out = town.session.edit(self.kind, rid, f"{s}.{a}", value=value, confidence=conf)
        self.reset()
        self.message = out if isinstance(out, str) else "Done: " + edit_words(sim, out)

    def undo(self, edit_id: int) -> None:
        sim = self.detail.town.session.sim
        out = self.detail.town.session.edit("", "", "", undo=edit_id)
        self.reset()
        self.message = out if isinstance(out, str) else "Done: " + edit_words(sim, out)

    # -- drawing ------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface, x: int, y: int, w: int) -> int:
        """Draw the bar at (x, y), `w` wide; returns the height used."""
        town = self.detail.town
        if self.key != town.belief:
            self.key = town.belief
            self.reset()
        zones = self.detail.zones
        sim = town.session.sim
        rid, s, a = town.belief
        claim = f"{s}.{a}"
        self.lines = []
        top = y
        T.text(surf, "AUTHOR'S HAND", (x, y + 6), "small_bold", T.BAD)
        bx = x + T.width_of("AUTHOR'S HAND", "small_bold") + 12
        for kind, label in VERBS:
            button(surf, zones, (bx, y, 92, 26), label, lambda k=kind: self.choose(k),
                   name=f"edit:{kind}", active=self.kind == kind, style="small_bold")
            bx += 98
        y += 32
        if self.kind in ("implant", "distort"):
            T.text(surf, "value:", (x, y + 4), "small", T.DIM)
            cx = x + 48
            for v in self._values(sim, claim):
                label = value_label(sim, v, a)
                r = chip(surf, zones, (cx, y), label, lambda v=v: self.pick(v),
                         name=f"value:{v}", color=T.ACCENT_DARK if v == self.value else
                         T.RAISED, max_width=140)
                cx = r.right + 6
                if cx > x + w - 80:
                    cx, y = x + 48, y + 26
            y += 28
            T.text(surf, f"how sure: {self.confidence}", (x, y + 4), "small", T.DIM)
            button(surf, zones, (x + 110, y, 28, 22), "−", lambda: self.nudge(-STEP),
                   name="conf:-", style="small_bold")
            button(surf, zones, (x + 142, y, 28, 22), "+", lambda: self.nudge(STEP),
                   name="conf:+", style="small_bold")
            button(surf, zones, (x + w - 100, y - 2, 100, 26), "Apply…", self.ask,
                   name="edit:apply", style="small_bold")
            y += 30
        elif self.kind == "suppress":
            T.text(surf, "Make it unrecallable now; it comes back if the claim is met again.",
                   (x, y + 4), "small", T.DIM, width=w - 110)
            button(surf, zones, (x + w - 100, y - 2, 100, 26), "Apply…", self.ask,
                   name="edit:apply", style="small_bold")
            y += 30
        if self.confirming:
            ask = self._question(sim, rid, claim)
            self.lines.append(ask)
            lines = T.wrap(ask, "small_bold", w - 190)
            for i, line in enumerate(lines):
                T.text(surf, line, (x, y + 2 + i * 16), "small_bold", T.ACCENT)
            button(surf, zones, (x + w - 180, y, 86, 26), "Confirm", self.confirm,
                   name="edit:confirm", style="small_bold")
            button(surf, zones, (x + w - 88, y, 86, 26), "Cancel", self.cancel,
                   name="edit:cancel", style="small")
            y += max(30, len(lines) * 16 + 8)
        for e in sim.store.edits(rid, s, a):
            if e.kind == "undo":
                continue
            words = edit_words(sim, e)
            self.lines.append(words)
            text = T.fit("✎ " + words, "small", w - (70 if e.live else 0))
            T.text(surf, text, (x, y + 3), "small", T.BAD if e.live else T.FAINT)
            if e.live:
                button(surf, zones, (x + w - 62, y, 62, 20), "Undo",
                       lambda i=e.id: self.undo(i), name=f"edit:undo:{e.id}", style="small")
            if e.discovered_at is not None:
                y += 18
                T.text(surf, "   " + realised(sim, e) + ".", (x, y + 3), "small", T.BAD,
                       width=w)
            y += 22
        if self.message:
            self.lines.append(self.message)
            for line in T.wrap(self.message, "small", w)[:2]:
                T.text(surf, line, (x, y + 2), "small", T.DIM)
                y += 16
        return y - top + 6

    def _values(self, sim, claim: str) -> list[str]:
        """The answers the scenario has words for, held ones first."""
        rid, s, a = self.detail.town.belief
        b = sim.store.belief(rid, s, a, history=False)
        held = [c.value for c in b.candidates] if b else []
        try:
            allowed = sorted(sim.names().allowed(claim))
        except KeyError:
            allowed = []
        out = list(dict.fromkeys(held + [v for v in allowed if v not in held]))
        people = [v for v in out if v in sim.people and v != "player"]
        rest = [v for v in out if v not in sim.people]
        return (people + rest)[:MAX_VALUES]

    def _question(self, sim, rid: str, claim: str) -> str:
        who = f"{name_of(sim, rid)}'s memory of {sim.say_claim(claim)}"
        a = claim.partition(".")[2]
        if self.kind == "suppress":
            return f"Suppress {who}? It becomes unrecallable now."
        if self.kind == "implant":
            return (f"Implant {value_label(sim, self.value, a)} in {who}, at "
                    f"{self.confidence}? Recorded as your edit; undo puts it back.")
        v = f" to {value_label(sim, self.value, a)}" if self.value else ""
        return f"Distort {who}{v}, at {self.confidence}? Recorded as your edit."
