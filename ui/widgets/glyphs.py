"""Little drawings of places by kind — a café with an awning, a hall with columns, a house
with a roof — so the map's places are told apart at a glance, and the icons of the time
controls (pause, play) that the shipped fonts have no glyphs for.
"""

from __future__ import annotations

import math

import pygame

from .. import theme as T

INK = T.MAP_INK


def _dark(c, t: float = 0.35):
    return T.mix(c, (30, 24, 20), t)


def _light(c, t: float = 0.35):
    return T.mix(c, (255, 250, 240), t)


def _house(s, cx, cy, r, body, roof, *, door=True, wide=1.0):
    w, h = int(r * 1.5 * wide), int(r * 1.0)
    rect = pygame.Rect(0, 0, w, h)
    rect.midbottom = (cx, cy + int(r * 0.75))
    pygame.draw.rect(s, body, rect)
    pygame.draw.rect(s, INK, rect, 2)
    top = rect.y - int(r * 0.75)
    roof_pts = [(rect.x - 4, rect.y + 1), (cx, top), (rect.right + 4, rect.y + 1)]
    pygame.draw.polygon(s, roof, roof_pts)
    pygame.draw.polygon(s, INK, roof_pts, 2)
    if door:
        d = pygame.Rect(0, 0, max(4, r // 3), max(6, r // 2))
        d.midbottom = rect.midbottom
        pygame.draw.rect(s, _dark(body, 0.5), d)
    return rect


def _awning(s, rect, a, b, stripes=5):
    sw = rect.width / stripes
    for i in range(stripes):
        c = a if i % 2 == 0 else b
        x = rect.x + int(i * sw)
        pygame.draw.rect(s, c, (x, rect.y, int(sw) + 1, rect.height))
        pygame.draw.circle(s, c, (x + int(sw / 2), rect.bottom), int(sw / 2))
    pygame.draw.rect(s, INK, rect, 1)


def place(s: pygame.Surface, kind: str, center, r: int) -> pygame.Rect:
    """Draw a place of `kind` centred on `center` with half-size `r`; returns its bounds."""
    cx, cy = int(center[0]), int(center[1])
    col = T.PLACE.get(kind, T.PLACE["other"])
    bounds = pygame.Rect(cx - r - 4, cy - r - 4, 2 * r + 8, 2 * r + 8)
    if kind == "square":
        pygame.draw.circle(s, _light(col, 0.25), (cx, cy), r + 2)
        pygame.draw.circle(s, INK, (cx, cy), r + 2, 2)
        pygame.draw.circle(s, _dark(col, 0.1), (cx, cy), int(r * 0.55), 2)
        pygame.draw.circle(s, (110, 160, 200), (cx, cy), int(r * 0.28))
        pygame.draw.circle(s, INK, (cx, cy), int(r * 0.28), 1)
    elif kind == "market":
        base = pygame.Rect(cx - r, cy - r // 2, 2 * r, r + r // 2)
        pygame.draw.rect(s, _light(col, 0.5), base)
        pygame.draw.rect(s, INK, base, 2)
        _awning(s, pygame.Rect(cx - r - 3, cy - r + 2, 2 * r + 6, r // 2 + 2), col,
                (245, 236, 214), 6)
        for i in range(3):
            x = cx - r + 6 + i * (2 * r - 12) // 2
            pygame.draw.rect(s, _dark(col, 0.25), (x - 4, cy + 2, 8, r // 2))
    elif kind == "cafe":
        rect = pygame.Rect(cx - r, cy - r // 2, 2 * r, r + r // 2 + 2)
        pygame.draw.rect(s, _light(col, 0.45), rect, border_radius=3)
        pygame.draw.rect(s, INK, rect, 2, border_radius=3)
        _awning(s, pygame.Rect(cx - r - 2, cy - r, 2 * r + 4, r // 2 + 2), col,
                (250, 240, 220), 5)
        pygame.draw.circle(s, (240, 236, 226), (cx, cy + r // 3), r // 3)
        pygame.draw.circle(s, INK, (cx, cy + r // 3), r // 3, 2)
        pygame.draw.arc(s, INK, (cx + r // 4, cy + r // 6, r // 3, r // 3), -1.6, 1.6, 2)
    elif kind == "hall":
        body = pygame.Rect(cx - r, cy - r // 3, 2 * r, r + r // 3)
        pygame.draw.rect(s, _light(col, 0.55), body)
        pygame.draw.rect(s, INK, body, 2)
        for i in range(4):
            x = body.x + 5 + i * (body.width - 10) // 3
            pygame.draw.line(s, _dark(col, 0.2), (x, body.y + 4), (x, body.bottom - 4), 3)
        ped = [(cx - r - 4, body.y), (cx, cy - r - 2), (cx + r + 4, body.y)]
        pygame.draw.polygon(s, col, ped)
        pygame.draw.polygon(s, INK, ped, 2)
    elif kind == "inn":
        rect = _house(s, cx, cy, r, _light(col, 0.5), col, wide=1.15)
        pygame.draw.line(s, INK, (rect.right, rect.y + 4), (rect.right + 8, rect.y + 4), 2)
        pygame.draw.rect(s, (226, 190, 90), (rect.right + 3, rect.y + 6, 9, 8))
        pygame.draw.rect(s, INK, (rect.right + 3, rect.y + 6, 9, 8), 1)
    elif kind == "board":
        pygame.draw.line(s, INK, (cx - r // 2, cy), (cx - r // 2, cy + r), 3)
        pygame.draw.line(s, INK, (cx + r // 2, cy), (cx + r // 2, cy + r), 3)
        b = pygame.Rect(cx - r, cy - r + 2, 2 * r, r + 4)
        pygame.draw.rect(s, col, b)
        pygame.draw.rect(s, INK, b, 2)
        for i, x in enumerate((b.x + 5, b.centerx + 2)):
            pygame.draw.rect(s, (244, 238, 222), (x, b.y + 4 + 2 * i, r - 8, r - 4))
    elif kind == "clinic":
        rect = _house(s, cx, cy, r, (236, 236, 240), _dark(col, 0.2))
        pygame.draw.rect(s, (206, 64, 64), (rect.centerx - 2, rect.y + 3, 5, 13))
        pygame.draw.rect(s, (206, 64, 64), (rect.centerx - 6, rect.y + 7, 13, 5))
    elif kind == "church":
        rect = _house(s, cx, cy, r, _light(col, 0.5), col)
        pygame.draw.line(s, INK, (cx, rect.y - r), (cx, rect.y - r - 8), 2)
        pygame.draw.line(s, INK, (cx - 4, rect.y - r - 5), (cx + 4, rect.y - r - 5), 2)
    elif kind == "mill":
        rect = _house(s, cx, cy, int(r * 0.85), _light(col, 0.5), col)
        hub = (cx, rect.y - 2)
        for a in range(4):
            ang = a * math.pi / 2 + math.pi / 4
            pygame.draw.line(s, INK, hub, (hub[0] + math.cos(ang) * r,
                                           hub[1] + math.sin(ang) * r), 3)
    elif kind == "farm":
        rect = _house(s, cx, cy, r, (186, 84, 66), _dark((186, 84, 66), 0.3), door=False)
        pygame.draw.line(s, (245, 236, 214), rect.topleft, rect.bottomright, 2)
        pygame.draw.line(s, (245, 236, 214), rect.topright, rect.bottomleft, 2)
    elif kind == "garden":
        pygame.draw.circle(s, col, (cx, cy), r)
        pygame.draw.circle(s, INK, (cx, cy), r, 2)
        for i in range(6):
            ang = i * math.pi / 3
            pygame.draw.circle(s, (226, 120, 150) if i % 2 else (240, 210, 90),
                               (cx + int(math.cos(ang) * r * 0.55),
                                cy + int(math.sin(ang) * r * 0.55)), 3)
    elif kind == "away":
        n = 18
        for i in range(0, n, 2):
            a0, a1 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
            pygame.draw.arc(s, T.MAP_INK_DIM, (cx - r, cy - r, 2 * r, 2 * r), a0, a1, 2)
        pygame.draw.line(s, T.MAP_INK_DIM, (cx - r // 2, cy), (cx + r // 2, cy), 2)
        pygame.draw.polygon(s, T.MAP_INK_DIM, [(cx + r // 2 + 1, cy - 4), (cx + r // 2 + 7, cy),
                                               (cx + r // 2 + 1, cy + 4)])
    elif kind == "school":
        rect = _house(s, cx, cy, r, _light(col, 0.5), col, wide=1.2)
        pygame.draw.circle(s, (245, 236, 214), (cx, rect.y - r // 3), 3)
    elif kind == "shop":
        rect = pygame.Rect(cx - r, cy - r // 2, 2 * r, r + r // 2 + 2)
        pygame.draw.rect(s, _light(col, 0.45), rect)
        pygame.draw.rect(s, INK, rect, 2)
        pygame.draw.rect(s, col, (rect.x - 2, rect.y - 8, rect.width + 4, 10))
        pygame.draw.rect(s, INK, (rect.x - 2, rect.y - 8, rect.width + 4, 10), 2)
        pygame.draw.rect(s, (200, 226, 236), (rect.x + 5, rect.y + 6, rect.width // 2 - 4,
                                               rect.height // 2))
        pygame.draw.rect(s, INK, (rect.x + 5, rect.y + 6, rect.width // 2 - 4,
                                  rect.height // 2), 1)
    elif kind == "home":
        _house(s, cx, cy, r, _light(col, 0.4), _dark(col, 0.15))
    else:
        rect = pygame.Rect(cx - r, cy - r // 2, 2 * r, r + r // 2)
        pygame.draw.rect(s, _light(col, 0.4), rect, border_radius=4)
        pygame.draw.rect(s, INK, rect, 2, border_radius=4)
    return bounds


def pause_icon(s: pygame.Surface, center, color, size: int = 12) -> None:
    cx, cy = center
    h = size
    pygame.draw.rect(s, color, (cx - size // 2, cy - h // 2, size // 3, h), border_radius=1)
    pygame.draw.rect(s, color, (cx + size // 2 - size // 3, cy - h // 2, size // 3, h),
                     border_radius=1)


def play_icon(s: pygame.Surface, center, color, size: int = 12) -> None:
    cx, cy = center
    pts = [(cx - size // 2 + 1, cy - size // 2), (cx + size // 2 + 1, cy),
           (cx - size // 2 + 1, cy + size // 2)]
    pygame.draw.polygon(s, color, pts)


def step_icon(s: pygame.Surface, center, color, size: int = 12) -> None:
    cx, cy = center
    play_icon(s, (cx - 2, cy), color, size - 2)
    pygame.draw.rect(s, color, (cx + size // 2 - 2, cy - size // 2 + 1, 3, size - 2))
