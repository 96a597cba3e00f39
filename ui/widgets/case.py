"""The Case panel: the premise, the player's goals and deadlines, what they have found out so
far (the scenario's stages), what they carry, and a few words on how to play.
"""

from __future__ import annotations

import pygame

from game import PLAYER, clock

from .. import theme as T
from .base import Widget, clamp_scroll, scrollbar, separator

HOW = [
    "Click someone on the map to see what they believe, and why.",
    "Go where people are, then ask them — the verbs are under the map.",
    "Ask 'who' was where at a time to find witnesses.",
    "Show what you find; bring a witness; mediate between two people.",
    "C colours the town by one claim; D shows the truth (debug).",
]


class CasePanel(Widget):
    def __init__(self, town) -> None:
        super().__init__()
        self.town = town
        self.offset = 0
        self.lines: list[str] = []

    def scroll(self, dy: int) -> None:
        self.offset += dy

    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.zones.clear()
        s = self.town.session
        sim = s.sim
        info = sim.sc.scenario
        blocks = []  # (text, style, colour, gap after)
        blocks.append((info.title, "big", T.TEXT, 2))
        role = {"detective": "You are the detective.", "mediator": "You are the mediator.",
                "observer": "You watch the town."}.get(info.role, "")
        blocks.append((f"{role}  {info.days} days from {clock.fmt(clock.parse_when(info.start))}",
                       "small", T.ACCENT, 10))
        blocks.append((info.told, "prose", T.TEXT, 12))
        if sim.sc.goals:
            blocks.append(("GOALS", "small_bold", T.ACCENT, 4))
            for g in sim.sc.goals:
                by = f"  (by {g.by})" if getattr(g, "by", None) else ""
                blocks.append((f"◆ {g.text}{by}", "ui", T.TEXT, 4))
            blocks.append(("", "small", T.TEXT, 6))
        if sim.sc.stages and s.has_player:
            reached = sim.stages_reached()
            blocks.append(("WHAT YOU HAVE FOUND OUT", "small_bold", T.ACCENT, 4))
            found = [st for st in sim.sc.stages if st.id in reached]
            for st in found:
                blocks.append((f"✓ {st.text}", "ui", T.GOOD, 4))
            left = len(sim.sc.stages) - len(found)
            if left:
                blocks.append((f"… {left} more to find out", "small", T.FAINT, 4))
            blocks.append(("", "small", T.TEXT, 6))
        if s.has_player:
            carried = [o["name"] for oid, o in sim.objects.items()
                       if sim.world.fact(oid, "location") == PLAYER]
            blocks.append(("YOU CARRY", "small_bold", T.ACCENT, 4))
            blocks.append((", ".join(carried) if carried else "nothing yet", "ui",
                           T.TEXT if carried else T.FAINT, 10))
            blocks.append(("HOW TO PLAY", "small_bold", T.ACCENT, 4))
            for h in HOW:
                blocks.append((f"• {h}", "small", T.DIM, 2))
        width = rect.width - 14
        content = sum(T.wrapped_height(t, st, width) + g for t, st, _, g in blocks if t) + \
            sum(g for t, _, _, g in blocks if not t)
        self.offset = clamp_scroll(self.offset, content, rect.height)
        clip = surf.get_clip()
        surf.set_clip(rect)
        y = rect.y - self.offset
        self.lines = []
        for t, style, col, gap in blocks:
            if not t:
                y += gap
                continue
            if t.isupper() and style == "small_bold":
                separator(surf, rect.x + T.width_of(t, style) + 8, rect.x + width, y + 8)
            h = T.paragraph(surf, t, pygame.Rect(rect.x, y, width, 2000), style, col)
            self.lines.append(t)
            y += h + gap
        surf.set_clip(clip)
        scrollbar(surf, rect, self.offset, content)
