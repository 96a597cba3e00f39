"""The window's look: palette, fonts (shipped in content/fonts, loaded once) and text drawing.

Every piece of text the window draws goes through `text()` here, which caches rendered
surfaces (rendering text is the costliest thing a frame does) and records what was drawn in
`drawn`, so tests can ask "is this text on screen?" without comparing pixels.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

FONTS = Path(__file__).resolve().parents[1] / "content" / "fonts"

# -- palette ----------------------------------------------------------------------------------

BG = (22, 25, 34)
PANEL = (31, 35, 47)
RAISED = (41, 46, 61)
HOVER = (52, 58, 77)
BORDER = (64, 71, 92)
TEXT = (233, 228, 214)
DIM = (170, 169, 176)
FAINT = (118, 122, 138)
ACCENT = (234, 172, 78)  # amber: the player, the selection, what to press
ACCENT_DARK = (120, 86, 36)
TEAL = (110, 184, 196)
GOOD = (110, 190, 130)
BAD = (226, 104, 92)
SHADOW = (0, 0, 0, 90)

MAP_BG = (216, 209, 181)
MAP_EDGE = (186, 176, 142)
PATH = (236, 228, 202)
PATH_EDGE = (196, 184, 150)
MAP_INK = (62, 54, 44)
MAP_INK_DIM = (120, 108, 90)

STATE = {
    "influencing": (106, 186, 126),
    "past": (132, 136, 146),
    "doubtful": (228, 174, 70),
    "anomalous": (200, 110, 206),
    "corrected": (96, 156, 226),
}

SOURCE = {  # provenance rank names (memory.kinds.RANK_NAMES), and first-hand's kinds
    "first-hand": (106, 186, 126),
    "witnessed": (106, 186, 126),
    "declared": (106, 186, 126),
    "document": (122, 164, 214),
    "testimony": (222, 184, 96),
    "rumour": (226, 126, 94),
    "inferred": (172, 144, 214),
    "implanted": (206, 96, 120),
}

RECALL = {  # how easily a memory comes to mind (epistemics §7): one hue, dimming
    "vivid": (124, 208, 226),
    "fading": (96, 158, 178),
    "dormant": (122, 118, 156),
    "forgotten": (104, 106, 120),
}

PLACE = {  # map colours by place kind
    "cafe": (192, 116, 78),
    "market": (210, 158, 58),
    "square": (170, 162, 142),
    "home": (166, 134, 104),
    "inn": (148, 88, 72),
    "hall": (112, 104, 146),
    "board": (134, 114, 84),
    "shop": (94, 138, 106),
    "clinic": (196, 198, 206),
    "mill": (150, 124, 84),
    "farm": (128, 150, 82),
    "church": (150, 150, 168),
    "school": (180, 120, 120),
    "garden": (96, 156, 96),
    "away": (140, 140, 140),
    "other": (150, 140, 120),
}

# Distinct, calm hues for residents and for claim values.
HUES = [
    (86, 140, 210), (216, 104, 88), (98, 176, 120), (204, 150, 60), (158, 110, 196),
    (70, 170, 180), (210, 116, 170), (140, 150, 70), (120, 120, 210), (196, 130, 96),
    (80, 150, 140), (176, 84, 110),
]
VALUE_HUES = [
    (214, 84, 72), (64, 146, 214), (96, 178, 96), (236, 170, 50), (156, 100, 200),
    (54, 180, 180), (226, 120, 180), (150, 150, 60),
]
NO_BELIEF = (150, 146, 134)

# -- sizes ------------------------------------------------------------------------------------

MIN_SIZE = (1024, 600)  # below this the window is drawn at this size and scaled down
TOP_H = 50
RIGHT_W = 510
DIALOGUE_H = 290  # the replies' pane: eight lines over the verbs and the command line...
DIALOGUE_MIN = 236  # ...five, in a window too short to keep the map MAP_MIN_H tall beside it
MAP_MIN_H = 380
PAD = 12
RADIUS = 6

# -- fonts ------------------------------------------------------------------------------------

STYLES = {
    # name: (file, size)
    "ui": ("DejaVuSans.ttf", 14),
    "ui_bold": ("DejaVuSans-Bold.ttf", 14),
    "small": ("DejaVuSansCondensed.ttf", 12),
    "small_bold": ("DejaVuSansCondensed-Bold.ttf", 12),
    "cell": ("DejaVuSansCondensed.ttf", 13),
    "cell_bold": ("DejaVuSansCondensed-Bold.ttf", 13),
    "head": ("DejaVuSans-Bold.ttf", 17),
    "logo": ("DejaVuSerif-Bold.ttf", 20),
    "clock": ("DejaVuSans-Bold.ttf", 18),
    "big": ("DejaVuSerif-Bold.ttf", 28),
    "title": ("DejaVuSerif-Bold.ttf", 72),
    "say": ("DejaVuSerif-Italic.ttf", 15),
    "prose": ("DejaVuSerif-Italic.ttf", 16),
    "mono": ("DejaVuSansMono.ttf", 14),
    "map": ("DejaVuSansCondensed-Bold.ttf", 12),
    "token": ("DejaVuSansCondensed-Bold.ttf", 11),
}

_fonts: dict[str, pygame.font.Font] = {}
_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_fitted: dict[tuple[str, str, int], str] = {}  # (text, style, width) -> what `fit` gave
CACHE_SIZE = 6000
drawn: list[str] = []  # texts drawn since the last `begin_frame()`, for tests
loads = 0  # how many times a font file was opened: once per style per window


def font(style: str) -> pygame.font.Font:
    """The font for a style, loaded from content/fonts on first use and kept."""
    global loads
    f = _fonts.get(style)
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        file, size = STYLES[style]
        f = _fonts[style] = pygame.font.Font(str(FONTS / file), size)
        loads += 1
    return f


def reset() -> None:
    """Forget loaded fonts and rendered text (after `pygame.quit()`, they are invalid)."""
    global loads
    loads = 0
    _fonts.clear()
    _cache.clear()
    _fitted.clear()


def begin_frame() -> None:
    drawn.clear()


def render(s: str, style: str = "ui", color=TEXT) -> pygame.Surface:
    """Rendered text, cached by (text, style, colour)."""
    key = (s, style, color)
    surf = _cache.get(key)
    if surf is None:
        surf = _rendered(s, style, color)
        _cache[key] = surf
        if len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return surf


def _rendered(s: str, style: str, color) -> pygame.Surface:
    """The font's rendering of `s` — or of what it can draw: a NUL stops SDL_ttf ("A null
    character was found in the text") and text of only zero-width characters has no width
    to draw ("Text has zero width"), each a crash of the window on words a scenario's
    `values`, a role or a save let by (a review). Validate refuses them; this draws them as
    nothing, not a traceback."""
    f = font(style)
    try:
        return f.render(s, True, color)
    except (pygame.error, ValueError):
        kept = "".join(c for c in s if c >= " " or c == "\t")
        try:
            if kept and kept != s:
                return f.render(kept, True, color)
        except (pygame.error, ValueError):
            pass
        return pygame.Surface((1, f.get_linesize()), pygame.SRCALPHA)


def text(surface: pygame.Surface, s: str, pos, style: str = "ui", color=TEXT, *,
         width: int | None = None, align: str = "left", valign: str = "top") -> pygame.Rect:
    """Draw one line of text at `pos` (x, y), cut with an ellipsis to `width` if given."""
    if width is not None:
        s = fit(s, style, width)
    if not s:
        return pygame.Rect(pos, (0, 0))
    drawn.append(s)
    surf = render(s, style, color)
    r = surf.get_rect()
    x, y = pos
    if align == "center":
        r.centerx = x
    elif align == "right":
        r.right = x
    else:
        r.x = x
    if valign == "center":
        r.centery = y
    elif valign == "bottom":
        r.bottom = y
    else:
        r.y = y
    surface.blit(surf, r)
    return r


def width_of(s: str, style: str = "ui") -> int:
    return font(style).size(s)[0]


def line_height(style: str = "ui") -> int:
    return font(style).get_linesize()


def fit(s: str, style: str, width: int) -> str:
    """`s`, cut short with an ellipsis so it fits `width` pixels (kept: a frame fits the same
    texts to the same widths as the one before, a few hundred measurements each)."""
    key = (s, style, width)
    got = _fitted.get(key)
    if got is None:
        got = _fit(s, style, width)
        if len(_fitted) >= CACHE_SIZE:
            _fitted.clear()
        _fitted[key] = got
    return got


def _fit(s: str, style: str, width: int) -> str:
    f = font(style)
    if f.size(s)[0] <= width:
        return s
    lo, hi = 0, len(s)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(s[:mid].rstrip() + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return (s[:lo].rstrip() + "…") if lo else ""


def wrap(s: str, style: str, width: int) -> list[str]:
    """Split `s` into lines no wider than `width` (keeping its own line breaks)."""
    f = font(style)
    out: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = f"{line} {w}" if line else w
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = w
            while f.size(line)[0] > width and len(line) > 1:  # one very long word
                cut = fit(line, style, width).rstrip("…")
                if not cut:
                    break
                out.append(cut)
                line = line[len(cut):]
        out.append(line)
    return out


def paragraph(surface: pygame.Surface, s: str, rect: pygame.Rect, style: str = "ui",
              color=TEXT, *, gap: int = 2) -> int:
    """Draw wrapped text inside `rect` (clipped to it); returns the height used."""
    y = rect.y
    lh = line_height(style) + gap
    for line in wrap(s, style, rect.width):
        if y + lh > rect.bottom + gap:
            break
        text(surface, line, (rect.x, y), style, color)
        y += lh
    return y - rect.y


def wrapped_height(s: str, style: str, width: int, gap: int = 2) -> int:
    return len(wrap(s, style, width)) * (line_height(style) + gap)


def mix(a, b, t: float):
    """Blend two colours: t=0 gives a, t=1 gives b."""
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))


def hue(i: int):
    return HUES[i % len(HUES)]
