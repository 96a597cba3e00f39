"""The title screen: the game's name, a little town passing a rumour along, and the shipped
scenarios to choose from (plus a generated town to watch) — then play, or load a save.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game import ScenarioError, load_scenario, shipped_names

from .. import theme as T
from ..widgets.base import button, hovered, panel
from .base import Scene

CARD_H = 100
GENERATED = "generated town"


@dataclass
class Choice:
    ref: object  # a shipped name, or a LoadedScenario
    title: str
    role: str
    premise: str
    residents: int
    days: int
    problem: str = ""


def scenario_choices() -> list[Choice]:
    out = []
    for name in shipped_names():
        try:
            sc = load_scenario(name).scenario
        except ScenarioError as exc:
            out.append(Choice(name, name, "", "", 0, 0, problem=str(exc).splitlines()[0]))
            continue
        info = sc.scenario
        out.append(Choice(name, info.title, info.role, info.told,
                          len(sc.residents), info.days))
    out.append(Choice(GENERATED, "A generated town", "observer",
                      "Sixty residents with schedules, objects that go missing and gossip. No "
                      "player: watch rumours spread, and inspect what anyone believes.", 60, 10))
    return out


class TitleScene(Scene):
    still = False  # its network of rumours pulses

    def __init__(self, app) -> None:
        super().__init__(app)
        self.choices = scenario_choices()
        self.index = 0
        self.t = 0.0
        pygame.display.set_caption("Hearsay")

    def start(self, i: int | None = None) -> None:
        from ..session import Session
        from .briefing import BriefingScene
        from .town import TownScene

        c = self.choices[self.index if i is None else i]
        if c.problem:
            self.app.toast("That scenario does not load; see `hearsay validate`.")
            return
        if c.ref == GENERATED:
            from game import generated_town

            session = Session.new(generated_town(60, 1), 1)
        else:
            session = Session.new(c.ref, 0)
        town = TownScene(self.app, session)
        self.app.replace(town)
        if session.has_player:
            self.app.push(BriefingScene(self.app, town))

    def load(self) -> None:
        from .slots import SlotsScene

        self.app.push(SlotsScene(self.app, None))

    def pick(self, i: int) -> None:
        if i == self.index:
            self.start(i)
        self.index = i

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEWHEEL:
            self.scroll(-e.y)
            return True
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_DOWN, pygame.K_j):
                self.index = (self.index + 1) % len(self.choices)
            elif e.key in (pygame.K_UP, pygame.K_k):
                self.index = (self.index - 1) % len(self.choices)
            elif e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.start()
            elif e.key == pygame.K_l:
                self.load()
            elif e.key in (pygame.K_ESCAPE, pygame.K_q):
                self.app.quit()
            else:
                return False
            return True
        return super().handle_event(e)

    def scroll(self, dy: int) -> None:
        self.index = max(0, min(len(self.choices) - 1, self.index + dy))

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        self.zones.clear()
        sw, sh = surface.get_size()
        surface.fill(T.BG)
        left = pygame.Rect(0, 0, int(sw * 0.44), sh)
        pygame.draw.rect(surface, T.PANEL, left)
        self._network(surface, pygame.Rect(left.x + 40, sh // 2 - 40, left.width - 80,
                                           sh // 2 - 60))
        T.text(surface, "Hearsay", (left.x + 56, 70), "title", T.ACCENT)
        tag = ("A town where what people believe matters more than what is true. Everyone "
               "remembers it their own way — who told them, how sure they are, what they "
               "used to think.")
        T.paragraph(surface, tag, pygame.Rect(left.x + 60, 170, left.width - 110, 140),
                    "prose", T.TEXT)
        T.text(surface, "H for help in the town · Esc for the menu", (left.x + 60, sh - 40),
               "small", T.FAINT)
        # the scenarios
        right = pygame.Rect(left.right + 40, 50, sw - left.right - 80, sh - 100)
        T.text(surface, "Choose a story", (right.x, right.y), "big", T.TEXT)
        y = right.y + 62
        room = (right.bottom - 70 - y) // (CARD_H + 12)
        first = max(0, min(self.index - room + 1, len(self.choices) - room))
        for i in range(first, min(len(self.choices), first + room)):
            self._card(surface, pygame.Rect(right.x, y, right.width, CARD_H), i)
            y += CARD_H + 12
        hidden = len(self.choices) - room
        if hidden > 0:
            more = f"{first} above · {len(self.choices) - first - room} below — ↑ ↓ or wheel"
            T.text(surface, more, (right.right, right.y + 40), "small", T.FAINT, align="right")
        by = right.bottom - 40
        button(surface, self.zones, (right.x, by, 150, 40), "Play  ↵", self.start,
               name="play", active=True)
        button(surface, self.zones, (right.x + 162, by, 190, 40), "Load a saved game  L",
               self.load, name="load")
        button(surface, self.zones, (right.right - 100, by, 100, 40), "Quit", self.app.quit,
               name="quit")

    def _card(self, surface, r: pygame.Rect, i: int) -> None:
        c = self.choices[i]
        sel = i == self.index
        panel(surface, r, T.HOVER if (sel or hovered(r)) else T.RAISED,
              T.ACCENT if sel else T.BORDER, radius=10, width=2 if sel else 1)
        x = r.x + 18
        T.text(surface, c.title, (x, r.y + 12), "head", T.TEXT, width=r.width - 200)
        if c.role:
            label = c.role.capitalize()
            w = T.width_of(label, "small_bold") + 18
            rr = pygame.Rect(r.right - 18 - w, r.y + 14, w, 20)
            panel(surface, rr, T.ACCENT if c.role != "observer" else T.TEAL, None, radius=10)
            T.text(surface, label, rr.center, "small_bold", T.BG, align="center",
                   valign="center")
        meta = (f"{c.residents} residents · {c.days} days" if not c.problem else c.problem)
        T.text(surface, meta, (x, r.y + 36), "small", T.BAD if c.problem else T.DIM,
               width=r.width - 36)
        lines = T.wrap(c.premise, "small", r.width - 36)[:2]
        if len(T.wrap(c.premise, "small", r.width - 36)) > 2:
            lines[-1] = T.fit(lines[-1] + " …", "small", r.width - 36)
        for j, line in enumerate(lines):
            T.text(surface, line, (x, r.y + 58 + j * 16), "small", T.TEXT)
        self.zones.add(r, lambda k=i: self.pick(k), f"scenario:{c.title}")

    def _network(self, surface, r: pygame.Rect) -> None:
        """A handful of townsfolk passing a rumour along, over and over."""
        spots = [(0.10, 0.55), (0.28, 0.22), (0.30, 0.78), (0.50, 0.45), (0.55, 0.90),
                 (0.68, 0.15), (0.78, 0.60), (0.92, 0.30), (0.95, 0.85)]
        pts = [(r.x + x * r.width, r.y + y * r.height) for x, y in spots]
        edges = [(0, 1), (0, 2), (1, 3), (2, 3), (2, 4), (3, 5), (3, 6), (5, 7), (6, 7), (6, 8),
                 (4, 8)]
        order = [0, 1, 3, 5, 7, 6, 8, 4, 2]  # who hears it when, along the paths
        phase = (self.t / 0.8) % 13
        for a, b in edges:
            pygame.draw.line(surface, T.BORDER, pts[a], pts[b], 2)
        heard_at = {node: k for k, node in enumerate(order)}
        for i, p in enumerate(pts):
            k = heard_at[i]
            heard = k < phase
            col = T.VALUE_HUES[0] if heard else T.RAISED
            c = (int(p[0]), int(p[1]))
            pygame.draw.circle(surface, T.BG, (c[0], c[1] + 2), 15)
            pygame.draw.circle(surface, col, c, 14)
            pygame.draw.circle(surface, T.TEXT if heard else T.BORDER, c, 14, 2)
            if heard:
                sure = min(1.0, (phase - k) / 3)
                ring = pygame.Rect(c[0] - 19, c[1] - 19, 38, 38)
                pygame.draw.arc(surface, T.ACCENT, ring, math.pi / 2 - 2 * math.pi * sure,
                                math.pi / 2, 3)
        k = int(phase)
        if 0 < k < len(order):
            a, b = pts[order[k - 1]], pts[order[k]]
            f = phase - k
            if f < 0.7:
                f /= 0.7
                m = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f - 18)
                bubble = pygame.Rect(0, 0, 26, 17)
                bubble.center = (int(m[0]), int(m[1]))
                pygame.draw.rect(surface, T.TEXT, bubble, border_radius=8)
                for d in (-6, 0, 6):
                    pygame.draw.circle(surface, T.BG, (bubble.centerx + d, bubble.centery), 2)
