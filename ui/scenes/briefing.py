"""The briefing card shown over the town when a scenario starts: who you are, what happened,
what you must do and by when, and how to begin. The clock stands still until it is closed.

Enter (or Begin) closes it into the command line, since the first thing a player does is
type, and letters typed on the town screen without Enter are its shortcut keys (a playtest
typed `go well` there: G opened the Case tab and the space started the clock). Space closes it
and lets time run, as its hint says.
"""

from __future__ import annotations

import pygame

from .. import theme as T
from ..widgets.base import button, panel, shadow
from .base import Overlay

ROLE = {"detective": "You are the detective", "mediator": "You are the mediator",
        "observer": "You are watching"}


class BriefingScene(Overlay):
    def __init__(self, app, town) -> None:
        super().__init__(app)
        self.town = town

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.begin()
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_SPACE:
            self.run()
            return True
        return super().handle_event(e)

    def begin(self) -> None:
        """Close into the command line: time holds while the player types. In a town with
        no player there is no one to command: it only closes."""
        self.close()
        if self.town.session.sim.has_player:
            self.town.do_command()

    def run(self) -> None:
        """Close and let time run at 1×."""
        self.close()
        s = self.town.session
        if s.speed == 0 and not s.over:
            s.set_speed(1)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        self.zones.clear()
        sim = self.town.session.sim
        info = sim.sc.scenario
        sw, sh = surface.get_size()
        w = min(760, sw - 80)
        inner = w - 64
        premise = T.wrap(info.told, "prose", inner)
        goals = [f"◆ {g.text}" + (f" — by {g.by}" if getattr(g, "by", None) else "")
                 for g in sim.sc.goals]
        goal_lines = [line for g in goals for line in T.wrap(g, "ui", inner)]
        from game import questions, short_words

        asks = [f"{sim.say_claim(c)} — type “{short_words(sim.names(), 'claims', c)}”"
                for c in questions(sim)] if sim.has_player else []
        ask_lines = [line for a in asks for line in T.wrap("? " + a, "ui", inner)]
        h = 130 + len(premise) * T.line_height("prose") + 40 + len(goal_lines) * 20 + 80
        h += (34 + len(ask_lines) * 20) if ask_lines else 0
        h = min(h, sh - 40)
        card = pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)
        shadow(surface, card, 10, 14)
        panel(surface, card, T.PANEL, T.ACCENT, radius=14)
        x, y = card.x + 32, card.y + 26
        T.text(surface, ROLE.get(info.role, "").upper(), (x, y), "small_bold", T.ACCENT)
        y += 20
        T.text(surface, info.title, (x, y), "big", T.TEXT, width=inner)
        y += 50
        for line in premise:
            T.text(surface, line, (x, y), "prose", T.TEXT)
            y += T.line_height("prose")
        if goal_lines:
            y += 14
            T.text(surface, "YOUR GOALS", (x, y), "small_bold", T.ACCENT)
            y += 20
            for line in goal_lines:
                T.text(surface, line, (x, y), "ui", T.TEXT)
                y += 20
        if ask_lines:
            y += 14
            T.text(surface, "WHAT TO FIND OUT — ASK PEOPLE ABOUT", (x, y), "small_bold",
                   T.ACCENT)
            y += 20
            for line in ask_lines:
                T.text(surface, line, (x, y), "ui", T.TEXT)
                y += 20
        # (a town with no player has no commands: "type your first command" over a town to
        # watch read as a promise the window broke; a playtest)
        first = "Time is paused. " + ("Enter: type your first command." if sim.has_player
                                      else "Enter: look around.")
        hint_lines = [line for part in (first,
                                        "Space: let time run.  H: every key.")
                      for line in T.wrap(part, "small", inner - 180)]
        lh = T.line_height("small")
        top = card.bottom - 46 - (len(hint_lines) - 1) * lh / 2
        for i, line in enumerate(hint_lines):
            T.text(surface, line, (x, round(top + i * lh)), "small", T.DIM, valign="center")
        button(surface, self.zones, (card.right - 32 - 150, card.bottom - 62, 150, 36),
               "Begin  ↵", self.begin, name="begin", active=True)
