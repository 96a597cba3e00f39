"""The card that opens on the map when a place is clicked: what it is, who is there now, and
— for the player — buttons to walk there or search it (they become `go` and `search`
commands, like anything typed).
"""

from __future__ import annotations

import pygame

from .. import theme as T
from .base import Widget, button, panel, shadow

W = 250


class PlaceCard(Widget):
    def __init__(self, town) -> None:
        super().__init__()
        self.town = town

    def draw(self, surf: pygame.Surface, map_rect: pygame.Rect) -> None:
        self.zones.clear()
        town = self.town
        pid = town.place_card
        sim = town.session.sim
        if pid is None or pid not in sim.places:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        p = sim.places[pid]
        here = [r for r in sim.present(pid)]
        asleep = [r for r, st in sim.state.items() if st.place == pid and st.status != "awake"]
        names = ", ".join("you" if r == "player" else sim.name(r) for r in here) or "nobody"
        lines = T.wrap(f"Here now: {names}.", "small", W - 20)
        if asleep:
            lines += T.wrap("Asleep or away: " + ", ".join(sim.name(r) for r in asleep) + ".",
                            "small", W - 20)
        s = town.session
        can_go = s.has_player and not s.over and s.place != pid and p["kind"] != "away"
        can_search = s.has_player and not s.over and s.place == pid
        h = 50 + len(lines) * 16 + (36 if (can_go or can_search) else 6)
        c = town.map.centers.get(pid, map_rect.center)
        x = c[0] + 34 if c[0] + 34 + W < map_rect.right - 6 else c[0] - 34 - W
        y = max(map_rect.y + 6, min(c[1] - h // 2, map_rect.bottom - h - 6))
        self.rect = pygame.Rect(x, y, W, h)
        shadow(surf, self.rect, 5)
        panel(surf, self.rect, T.PANEL, T.ACCENT, radius=8)
        T.text(surf, p["name"], (x + 10, y + 8), "ui_bold", T.TEXT, width=W - 46)
        T.text(surf, p["kind"], (x + 10, y + 27), "small", T.PLACE.get(p["kind"], T.DIM))
        button(surf, self.zones, (self.rect.right - 30, y + 6, 24, 22), "×", town.close_place,
               name="close place")
        for i, line in enumerate(lines):
            T.text(surf, line, (x + 10, y + 46 + i * 16), "small", T.DIM)
        by = self.rect.bottom - 34
        if can_go:
            button(surf, self.zones, (x + 10, by, 110, 26), "Walk here",
                   lambda: town.run_command(f"go {pid}"), name="walk here", style="small_bold")
        if can_search:
            button(surf, self.zones, (x + 10, by, 110, 26), "Search here",
                   lambda: town.start_verb("search"), name="search here", style="small_bold")
