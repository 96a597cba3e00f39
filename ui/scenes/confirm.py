"""A question before something that cannot be undone: loading over unsaved play, saving over a
slot, starting again or quitting with play unsaved. A small card over what is open: Enter or Y
does it, Esc or N leaves everything as it was. Asked only where something would be lost
(`Session.unsaved`, a slot that holds a save).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import theme as T
from ..widgets.base import button, panel, shadow
from .base import Overlay

YES = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y)
NO = (pygame.K_ESCAPE, pygame.K_n)


class ConfirmScene(Overlay):
    def __init__(self, app, question: str, detail: str, yes: str,
                 action: Callable[[], None], *, quitting: bool = False) -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.yes = yes
        self.action = action
        self.quitting = quitting  # (Ctrl+Q again, over this, quits)

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN:
            if e.key in YES or e.key in NO:
                if e.key in (pygame.K_y, pygame.K_n):
                    self.app.swallow = e.unicode or chr(e.key)  # not typed where it lands
                if e.key in YES:
                    self.confirm()
                else:
                    self.close()
            return True  # the keys are the question's while it is asked
        if e.type == pygame.TEXTINPUT:
            return True
        return super().handle_event(e)

    def confirm(self) -> None:
        self.close()
        self.action()

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        self.zones.clear()
        sw, sh = surface.get_size()
        w = min(520, sw - 60)
        inner = w - 56
        head = T.wrap(self.question, "head", inner)
        body = T.wrap(self.detail, "ui", inner)
        hh, bh = T.line_height("head") + 2, T.line_height("ui") + 2
        h = 24 + len(head) * hh + 10 + len(body) * bh + 22 + 34 + 22
        card = pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)
        shadow(surface, card, 10, 14)
        panel(surface, card, T.PANEL, T.ACCENT, radius=14)
        x, y = card.x + 28, card.y + 24
        for line in head:
            T.text(surface, line, (x, y), "head", T.TEXT)
            y += hh
        y += 10
        for line in body:
            T.text(surface, line, (x, y), "ui", T.DIM)
            y += bh
        y += 22
        yes_w = T.width_of(self.yes, "ui_bold") + T.width_of("Enter", "small") + 44
        no_w = T.width_of("Cancel", "ui_bold") + T.width_of("Esc", "small") + 44
        button(surface, self.zones, (x, y, yes_w, 34), self.yes, self.confirm, name="yes",
               active=True, hint="Enter")
        button(surface, self.zones, (x + yes_w + 10, y, no_w, 34), "Cancel", self.close,
               name="no", hint="Esc")
        T.text(surface, "or Y / N", (card.right - 28, y + 17), "small", T.FAINT, align="right",
               valign="center")
