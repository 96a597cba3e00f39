"""Drawing a page of words (`ui.casebook.Page`) in a panel: headings, answers, quotes, the
flagged contradictions and, in open minds, the truth — wrapped once per page and width, and
scrolled by drawing only the lines in view.
"""

from __future__ import annotations

import pygame

from .. import theme as T
from ..casebook import Page
from .base import clamp_scroll, scrollbar, separator

# style -> (font, colour, prefix, gap before)
LOOK = {
    "title": ("big", T.TEXT, "", 0),
    "sub": ("small", T.ACCENT, "", 2),
    "head": ("small_bold", T.ACCENT, "", 14),
    "text": ("ui", T.TEXT, "", 4),
    "prose": ("prose", T.TEXT, "", 6),
    "quote": ("say", T.TEXT, "", 2),
    "entry": ("small", T.TEXT, "", 2),
    "dim": ("small", T.DIM, "", 3),
    "good": ("ui", T.GOOD, "✓ ", 3),
    "bad": ("ui", T.BAD, "✗ ", 3),
    "warn": ("small_bold", T.BAD, "⚠ ", 4),
    "truth": ("small", T.TEAL, "◆ ", 3),
}
INDENT = 16


class PageView:
    """Lays out and draws one `Page` inside a rect, with its own scroll offset."""

    def __init__(self) -> None:
        self.offset = 0
        self._key = None
        self._rows: list[tuple[int, str, str, tuple, int, bool]] = []  # y, text, font, ...
        self._height = 0
        self.lines: list[str] = []  # the page's text, as drawn last (tests)

    def scroll(self, dy: int) -> None:
        self.offset += dy

    def _layout(self, page: Page, width: int) -> None:
        rows = []
        y = 0
        for b in page.blocks:
            style, colour, prefix, gap = LOOK.get(b.style, LOOK["text"])
            y += gap if rows else 0
            x = b.indent * INDENT
            text = (b.text.upper() if b.style == "head" else b.text)
            lines = T.wrap(prefix + text, style, width - x)
            lh = T.line_height(style) + 1
            for i, line in enumerate(lines):
                rows.append((y, line, style, colour, x + (T.width_of(prefix, style) if i else 0),
                             b.style == "head" and i == 0))
                y += lh
        self._rows, self._height = rows, y + 8
        self.lines = [b.text for b in page.blocks]

    def draw(self, surf: pygame.Surface, rect: pygame.Rect, page: Page, key) -> None:
        width = rect.width - 14
        if (key, width) != self._key:
            self._layout(page, width)
            self._key = (key, width)
        self.offset = clamp_scroll(self.offset, self._height, rect.height)
        clip = surf.get_clip()
        surf.set_clip(rect)
        for y, line, style, colour, x, head in self._rows:
            top = rect.y + y - self.offset
            if top > rect.bottom:
                break
            if top + 30 < rect.y:
                continue
            r = T.text(surf, line, (rect.x + x, top), style, colour)
            if head:
                separator(surf, r.right + 8, rect.x + width, top + 8)
        surf.set_clip(clip)
        scrollbar(surf, rect, self.offset, self._height)
