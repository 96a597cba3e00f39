"""A scene: one screen of the window, or an overlay on the one below it.

The app keeps scenes as a stack; only the top one gets events and `update`, and drawing
starts from the topmost opaque scene, so an overlay (help, the ending) is drawn over the town
and the town's clock stands still beneath it.
"""

from __future__ import annotations

import pygame

from .. import theme as T
from ..widgets.base import Zones


class Scene:
    opaque = True  # False: the scene below shows through
    # Nothing on it moves without input (a caret's blink aside), so the window may draw it
    # seldom while no input comes (`App.turn`). A scene that animates says otherwise.
    still = True

    def __init__(self, app) -> None:
        self.app = app
        self.zones = Zones()

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            action = self.zones.hit(e.pos)
            if action is not None:
                action()
                return True
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def texts(self) -> list[str]:
        """What the last frame drew (for tests)."""
        return list(T.drawn)


class Overlay(Scene):
    """A card over a dimmed scene below; Esc or a click outside closes it."""

    opaque = False
    closable = True

    def dim(self, surface: pygame.Surface, alpha: int = 165) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((10, 12, 18, alpha))
        surface.blit(veil, (0, 0))

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE and self.closable:
            self.close()
            return True
        return super().handle_event(e)
