"""One resident, as the player knows them (play mode): what they said to the player or in the
player's hearing — when, in their words, how sure they seemed, whom they named — what they
could not answer, and what the player has not asked them yet. Their whole mind is open minds'
(the belief inspector); this panel never reads it.
"""

from __future__ import annotations

import pygame

from .. import theme as T
from ..casebook import mind_page
from .base import Widget, button, hovered
from .pageview import PageView


class MindPanel(Widget):
    def __init__(self, town) -> None:
        super().__init__()
        self.town = town
        self.view = PageView()
        self.resident: str | None = None
        self._page = None
        self._key = None

    @property
    def lines(self) -> list[str]:
        return self.view.lines

    def scroll(self, dy: int) -> None:
        self.view.scroll(dy)

    def page(self):
        town = self.town
        key = (town.selected, town.session.stamp, id(town.session))
        if key != self._key:
            if town.selected != self.resident:
                self.view.offset = 0
                self.resident = town.selected
            self._page = mind_page(town.session.sim, town.selected)
            self._key = key
        return self._page

    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.zones.clear()
        town, sim = self.town, self.town.session.sim
        rid = town.selected
        if rid is None:
            return
        person = sim.people[rid]
        back = button(surf, self.zones, (rect.x, rect.y, 30, 30), "‹", town.unselect,
                      name="back")
        if hovered(back):
            town.tip("Back to everyone (Esc)")
        T.text(surf, person.name, (rect.x + 40, rect.y - 1), "head", T.TEXT,
               width=rect.width - 170)
        T.text(surf, person.role, (rect.x + 40, rect.y + 20), "small", T.DIM,
               width=rect.width - 170)
        if sim.has_player:
            button(surf, self.zones, (rect.right - 118, rect.y, 118, 28), "Your notebook",
                   town.do_notebook, name="notebook", style="small_bold")
        T.text(surf, "What you know of their mind: only what they said in your hearing.",
               (rect.x, rect.y + 40), "small", T.FAINT, width=rect.width)
        body = pygame.Rect(rect.x, rect.y + 62, rect.width, rect.height - 62)
        self.view.draw(surf, body, self.page(), self._key)
