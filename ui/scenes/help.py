"""The help overlay: every key the town answers (from `ui.keys`, the same table the town
dispatches from) and what the mouse does, in columns by group.
"""

from __future__ import annotations

import pygame

from .. import keys
from .. import theme as T
from ..widgets.base import button, panel, shadow
from .base import Overlay


class HelpScene(Overlay):
    def __init__(self, app, has_player: bool = True) -> None:
        super().__init__(app)
        # A town with no player (an observer's) types no commands and keeps no notebook: its
        # help listed both, and a playtester typed "ask ava mood" into the shortcuts.
        self.has_player = has_player

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_h, pygame.K_F1):
            self.close()
            return True
        return super().handle_event(e)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        self.zones.clear()
        sw, sh = surface.get_size()
        w, h = min(1000, sw - 60), min(600, sh - 40)
        card = pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)
        shadow(surface, card, 10, 14)
        panel(surface, card, T.PANEL, T.ACCENT, radius=14)
        T.text(surface, "Keys and mouse", (card.x + 28, card.y + 20), "big", T.TEXT)
        button(surface, self.zones, (card.right - 120, card.y + 22, 96, 30), "Close  Esc",
               self.close, name="close")
        groups: dict[str, list[tuple[str, str]]] = {}
        if not self.has_player:
            groups["Watching"] = [("No player", "Nobody plays in this town: watch it run, "
                                   "pause it, click a resident or a place to see minds. "
                                   "Letters are shortcuts here, not commands.")]
        for b in keys.BINDINGS:
            if self.has_player:
                groups.setdefault(b.group, []).append((b.label, b.text))
            elif b.action not in keys.PLAYER_ONLY:
                group = "Watching" if b.group == "Talk" else b.group
                groups.setdefault(group, []).append(
                    (b.label, keys.NO_PLAYER_WORDS.get(b.action, b.text)))
        groups["Mouse"] = [(m, t if self.has_player else keys.NO_PLAYER_MOUSE.get(m, t))
                           for m, t in keys.MOUSE
                           if self.has_player or "command line" not in m]
        cols = [["Time", "Talk" if self.has_player else "Watching", "Claim view"],
                ["Panels", "Game"], ["Mouse"]]
        col_w = (w - 56) // 3
        for i, names in enumerate(cols):
            x = card.x + 28 + i * col_w
            y = card.y + 74
            for g in names:
                T.text(surface, g.upper(), (x, y), "small_bold", T.ACCENT)
                y += 20
                for label, text in groups.get(g, []):
                    kw = 96 if g != "Mouse" else col_w - 12
                    T.text(surface, label, (x, y), "small_bold", T.TEXT, width=kw)
                    if g == "Mouse":
                        y += 15
                        lines = T.wrap(text, "small", col_w - 20)
                        lx = x + 8
                    else:
                        lines = T.wrap(text, "small", col_w - kw - 16)
                        lx = x + kw + 4
                    for line in lines:
                        T.text(surface, line, (lx, y), "small", T.DIM)
                        y += 15
                    y += 4
                y += 10
