"""The confidence chart draws to now, not past it (a window playtest: at 08:40 the line ran
on to about 09:30)."""

from types import SimpleNamespace

import pygame

from game import clock
from game.sim import Simulation
from ui import theme as T
from ui.widgets.chart import confidence_chart


def _drawn_right_of(surf: pygame.Surface, x: int, rect: pygame.Rect) -> bool:
    return any(surf.get_at((i, j))[:3] == T.TEXT[:3]
               for i in range(x + 2, rect.right) for j in range(rect.y + 10, rect.bottom - 20))


def test_the_line_ends_at_now(ui):  # (`ui`: pygame and its fonts, headless)
    rect = pygame.Rect(0, 0, 400, 140)
    at = clock.parse_when("day 1 08:00")
    now = at + 40
    pts = [SimpleNamespace(at=at, confidence=60, state="active", value="x")]
    data = SimpleNamespace(points=pts, edits=[], claim="meeting.when")
    surf = pygame.Surface(rect.size)
    confidence_chart(surf, rect, Simulation.new("cancelled_meeting", 0), data, now)
    plot = pygame.Rect(rect.x + 30, rect.y + 8, rect.width - 40, rect.height - 26)
    x_now = plot.x + (now - at) / clock.HOUR * plot.width  # the axis is an hour wide
    assert not _drawn_right_of(surf, int(x_now) + 2, rect)
    assert _drawn_right_of(surf, int(x_now) - 20, rect)  # (the line is there up to now)
