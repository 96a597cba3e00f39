"""The menu (Esc in the town): resume, see the ending again, save and load, help, start the
scenario again, pick another scenario, quit.
"""

from __future__ import annotations

import pygame

from .. import theme as T
from ..widgets.base import button, panel, shadow
from .base import Overlay


class MenuScene(Overlay):
    def __init__(self, app, town) -> None:
        super().__init__(app)
        self.town = town
        self.at = 0  # the highlighted item: Up and Down move it, Enter takes it

    def handle_event(self, e: pygame.event.Event) -> bool:
        # Keys as the highlight promises: Enter on "Resume" did nothing, and only Esc or a
        # click left the menu (a window playtest).
        if e.type == pygame.KEYDOWN:
            items = self.items()
            if e.key in (pygame.K_UP, pygame.K_DOWN):
                self.at = (self.at + (1 if e.key == pygame.K_DOWN else -1)) % len(items)
                return True
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                items[min(self.at, len(items) - 1)][1]()
                return True
        return super().handle_event(e)

    def items(self):
        town = self.town
        out = [("Resume", self.close)]
        if town.session.over:
            out.append(("See the ending", self.ending))
        out += [("Save or load", self.slots), ("Help", self.help),
                ("Start this scenario again", self.restart),
                ("Pick another scenario", self.title), ("Quit", lambda: self.app.ask_quit())]
        return out

    def ending(self) -> None:
        from .ending import EndingScene

        self.app.pop()
        self.app.push(EndingScene(self.app, self.town))

    def slots(self) -> None:
        self.app.pop()
        self.town.do_slots()

    def help(self) -> None:
        self.app.pop()
        self.town.do_help()

    def restart(self) -> None:
        from .town import TownScene

        self.town.if_nothing_lost(
            "Start this scenario again?", "Start again",
            lambda: self.app.replace(TownScene(self.app, self.town.session.restart())))

    def title(self) -> None:
        from .title import TitleScene

        self.town.if_nothing_lost("Leave this game for another scenario?", "Leave it",
                                  lambda: self.app.replace(TitleScene(self.app)))

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        self.zones.clear()
        items = self.items()
        sw, sh = surface.get_size()
        w, h = 340, 80 + 46 * len(items)
        card = pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)
        shadow(surface, card, 10, 14)
        panel(surface, card, T.PANEL, T.ACCENT, radius=14)
        T.text(surface, "Hearsay", (card.centerx, card.y + 18), "big", T.ACCENT, align="center")
        y = card.y + 70
        for i, (label, action) in enumerate(items):
            button(surface, self.zones, (card.x + 30, y, w - 60, 36), label, action, name=label,
                   active=i == self.at)
            y += 46
