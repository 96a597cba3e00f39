"""What every widget shares: click zones recorded while drawing, and the drawing primitives
(panels, buttons, chips, badges, confidence bars, scroll bars) in the window's palette.

Widgets are drawn immediately each frame; while drawing, each clickable thing registers its
rectangle and what a click on it does (`Zones`). Events are matched against the zones of the
last frame drawn — what the player actually saw.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import theme as T

mouse = [-1, -1]  # the pointer's position in canvas coordinates, kept by the app


class Zones:
    """Clickable rectangles registered during a draw, the last one on top."""

    def __init__(self) -> None:
        self.items: list[tuple[pygame.Rect, Callable[[], None], str]] = []

    def clear(self) -> None:
        self.items.clear()

    def add(self, rect, action: Callable[[], None], name: str = "") -> None:
        self.items.append((pygame.Rect(rect), action, name))

    def hit(self, pos) -> Callable[[], None] | None:
        for rect, action, _ in reversed(self.items):
            if rect.collidepoint(pos):
                return action
        return None

    def find(self, name: str) -> pygame.Rect | None:
        """Where the zone called `name` was drawn (for tests and keyboard shortcuts)."""
        for rect, _, n in self.items:
            if n == name:
                return rect
        return None

    def names(self) -> list[str]:
        return [n for _, _, n in self.items if n]


class Widget:
    """A rectangle of the screen that draws itself and answers the events in it."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.zones = Zones()

    def click(self, pos) -> bool:
        action = self.zones.hit(pos)
        if action is None:
            return False
        action()
        return True

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.rect.collidepoint(e.pos):
            return self.click(e.pos)
        return False


def hovered(rect) -> bool:
    return pygame.Rect(rect).collidepoint(mouse)


def panel(surf: pygame.Surface, rect, color=T.PANEL, border=T.BORDER, radius: int = T.RADIUS,
          width: int = 1) -> None:
    pygame.draw.rect(surf, color, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surf, border, rect, width, border_radius=radius)


def shadow(surf: pygame.Surface, rect, offset: int = 6, radius: int = 10) -> None:
    r = pygame.Rect(rect).move(offset // 2, offset)
    s = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(s, T.SHADOW, s.get_rect(), border_radius=radius)
    surf.blit(s, r)


def button(surf: pygame.Surface, zones: Zones, rect, label: str, action, *, name: str = "",
           active: bool = False, enabled: bool = True, style: str = "ui_bold",
           hint: str = "") -> pygame.Rect:
    """A labelled button; `active` draws it pressed (the current speed, the open tab)."""
    rect = pygame.Rect(rect)
    hot = enabled and hovered(rect)
    fill = T.ACCENT if active else (T.HOVER if hot else T.RAISED)
    ink = T.BG if active else (T.TEXT if enabled else T.FAINT)
    panel(surf, rect, fill, T.ACCENT if (hot and not active) else T.BORDER)
    if hint:
        hw = T.width_of(hint, "small") + 8
        T.text(surf, label, (rect.x + 10, rect.centery), style, ink,
               width=rect.width - hw - 14, valign="center")
        T.text(surf, hint, (rect.right - 8, rect.centery), "small",
               T.ACCENT_DARK if active else T.FAINT, align="right", valign="center")
    else:
        T.text(surf, label, rect.center, style, ink, width=rect.width - 10, align="center",
               valign="center")
    if enabled:
        zones.add(rect, action, name or label)
    return rect


def chip(surf: pygame.Surface, zones: Zones | None, pos, label: str, action=None, *,
         color=T.RAISED, ink=T.TEXT, name: str = "", hint: str = "", style: str = "small",
         max_width: int = 260, height: int = 22) -> pygame.Rect:
    """A small rounded label, clickable when given an action; returns its rectangle."""
    label = T.fit(label, style, max_width)
    w = T.width_of(label, style) + 16 + (T.width_of(hint, "small") + 6 if hint else 0)
    rect = pygame.Rect(pos[0], pos[1], w, height)
    hot = action is not None and hovered(rect)
    pygame.draw.rect(surf, T.HOVER if hot else color, rect, border_radius=height // 2)
    if hot:
        pygame.draw.rect(surf, T.ACCENT, rect, 1, border_radius=height // 2)
    T.text(surf, label, (rect.x + 8, rect.centery), style, ink, valign="center")
    if hint:
        T.text(surf, hint, (rect.right - 8, rect.centery), "small", T.FAINT, align="right",
               valign="center")
    if action is not None and zones is not None:
        zones.add(rect, action, name or label)
    return rect


def badge(surf: pygame.Surface, rect, label: str, color, *, style: str = "small_bold") -> None:
    """A filled pill with dark text: a belief's state, a source kind."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, T.mix(color, T.PANEL, 0.15), rect, border_radius=rect.height // 2)
    T.text(surf, label, rect.center, style, T.BG, width=rect.width - 6, align="center",
           valign="center")


def bar(surf: pygame.Surface, rect, fraction: float, color, *, back=T.BG) -> None:
    """A confidence bar: `fraction` of `rect` filled."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(surf, back, rect, border_radius=3)
    w = int(round(rect.width * max(0.0, min(1.0, fraction))))
    if w > 0:
        pygame.draw.rect(surf, color, (rect.x, rect.y, w, rect.height), border_radius=3)


def meter(surf: pygame.Surface, pos, filled: float, color, *, segments: int = 5,
          seg_w: int = 4, height: int = 8, gap: int = 1) -> pygame.Rect:
    """A small segmented gauge (like signal strength): `filled` of `segments` lit, the last
    one partly; returns its rectangle."""
    x, y = pos
    for i in range(segments):
        r = pygame.Rect(x + i * (seg_w + gap), y, seg_w, height)
        pygame.draw.rect(surf, T.BG, r, border_radius=1)
        part = max(0.0, min(1.0, filled - i))
        if part > 0:
            h = max(1, int(round(height * part))) if part < 1 else height
            pygame.draw.rect(surf, color, (r.x, r.bottom - h, seg_w, h), border_radius=1)
    return pygame.Rect(x, y, segments * (seg_w + gap) - gap, height)


def scrollbar(surf: pygame.Surface, rect, offset: int, content: int) -> None:
    """A thin bar at the right of `rect` showing where `offset` is in `content` pixels."""
    rect = pygame.Rect(rect)
    if content <= rect.height:
        return
    track = pygame.Rect(rect.right - 5, rect.y + 2, 4, rect.height - 4)
    pygame.draw.rect(surf, T.RAISED, track, border_radius=2)
    h = max(24, int(track.height * rect.height / content))
    y = track.y + int((track.height - h) * offset / max(1, content - rect.height))
    pygame.draw.rect(surf, T.FAINT, (track.x, y, track.width, h), border_radius=2)


def clamp_scroll(offset: int, content: int, view: int) -> int:
    return max(0, min(offset, max(0, content - view)))


def separator(surf: pygame.Surface, x1: int, x2: int, y: int) -> None:
    pygame.draw.line(surf, T.BORDER, (x1, y), (x2, y))
