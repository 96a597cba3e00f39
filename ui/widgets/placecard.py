"""The card that opens on the map when a place is clicked: what it is, who is there now, and
— for the player — buttons to walk there or search it (they become `go` and `search`
commands, like anything typed).
"""

from __future__ import annotations

import pygame

from game import short_words

from .. import theme as T
from .base import Widget, button, panel, shadow

W = 250


class PlaceCard(Widget):
    def __init__(self, town) -> None:
        super().__init__()
        self.town = town

    def _who(self, pid: str) -> str:
        """Who is there: seen, if you are there (or in open minds); otherwise only whom you
        last saw there, or were told was there."""
        s = self.town.session
        sim = s.sim
        if s.full_minds or s.place == pid:
            here = [r for r in sim.present(pid)]
            asleep = [r for r, st in sim.state.items() if st.place == pid and
                      st.status != "awake"]
            names = ", ".join("you" if r == "player" else sim.name(r) for r in here)
            out = f"Here now: {names or 'nobody'}."
            if asleep:
                out += " Asleep or away: " + ", ".join(sim.name(r) for r in asleep) + "."
            return out
        last = [sim.name(r) for r, w in s.known().where.items()
                if w is not None and w.place == pid]
        return ("You see who is here when you go there." +
                (f" Last seen or said to be here: {', '.join(last)}." if last else ""))

    def draw(self, surf: pygame.Surface, map_rect: pygame.Rect) -> None:
        self.zones.clear()
        town = self.town
        pid = town.place_card
        sim = town.session.sim
        if pid is None or pid not in sim.places:
            self.rect = pygame.Rect(0, 0, 0, 0)
            return
        p = sim.places[pid]
        lines = T.wrap(self._who(pid), "small", W - 20)
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
            # In the words a player types ("go cottage"), not the place's id ("go dee_home"),
            # as the log echoes it (a window playtest).
            button(surf, self.zones, (x + 10, by, 110, 26), "Walk here",
                   lambda: town.run_command(
                       f"go {short_words(town.session.sim.names(), 'places', pid)}"),
                   name="walk here", style="small_bold")
        if can_search:
            button(surf, self.zones, (x + 10, by, 110, 26), "Search here",
                   lambda: town.start_verb("search"), name="search here", style="small_bold")
