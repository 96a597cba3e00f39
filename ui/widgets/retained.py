"""Retained drawing: a panel drawn once and copied to the screen while nothing it shows changed.

The window draws every widget every frame, which is simple and always right, but a panel like
the belief inspector (filter chips, a table of rows, each with bars, badges and gauges) costs a
frame a few milliseconds to draw again exactly as it was — while the clock runs at 16x, that is
time the simulation needs. A `Retained` keeps the pixels of the panel's rectangle from the last
time it was drawn, with what drawing it told the rest of the window (the texts the frame drew,
read by headless tests; the tooltip it asked for), and on a frame whose key — everything the
panel's drawing reads — equals the last one's, blits them back and tells the same. The widget's
own click zones stay as the last draw left them: the same key means the same layout.

The key is the widget's to make, and it must name everything its drawing reads (the pointer's
position when it is over the panel, a text box's caret, the clock minute the rows show); a test
draws with and without the cache and compares the pixels frame by frame.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import theme as T

enabled = True  # off: every frame draws afresh (the tests' reference drawing)


class Retained:
    """The last drawing of one panel, and what it told the window."""

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.pixels: pygame.Surface | None = None
        self.at: pygame.Rect | None = None
        self.drawn: list[str] = []
        self.tips: list[str] = []
        self.hits = 0  # frames served from the kept drawing (for benchmarks and tests)

    def forget(self) -> None:
        self.key = self.pixels = self.at = None

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, key: tuple,
             paint: Callable[[Callable[[str], None]], None], tip: Callable[[str], None],
             after: Callable[[], tuple] | None = None) -> None:
        """Draw the panel in `rect` of `surf`: `paint(tip)` if `key` differs from the last
        drawing's (it must send tooltips through the `tip` it is given), else the kept pixels."""
        area = pygame.Rect(rect).clip(surf.get_rect())
        full = (key, tuple(area), surf.get_size(), tuple(surf.get_clip()))
        if enabled and full == self.key and self.pixels is not None:
            surf.blit(self.pixels, area)
            T.drawn.extend(self.drawn)
            for t in self.tips:
                tip(t)
            self.hits += 1
            return
        start = len(T.drawn)
        tips: list[str] = []

        def told(text: str) -> None:
            tips.append(text)
            tip(text)

        clip = surf.get_clip()
        surf.set_clip(area.clip(clip))  # the kept pixels are the area's: paint nothing else
        try:
            paint(told)
        finally:
            surf.set_clip(clip)
        if after is not None:  # painting may settle what the key read (a clamped offset)
            full = (after(), *full[1:])
        self.drawn = T.drawn[start:]
        self.tips = tips
        if not enabled or area.width <= 0 or area.height <= 0:
            self.forget()
            return
        self.pixels = surf.subsurface(area).copy()  # the same format: an exact copy
        self.key, self.at = full, area
