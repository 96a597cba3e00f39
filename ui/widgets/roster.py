"""The People panel: everyone in town — where they are, awake or not, how many beliefs they
hold — with your own notebook first. Click one to open the belief inspector on them.
"""

from __future__ import annotations

import pygame

from game import PLAYER, clock

from .. import theme as T
from ..labels import whereabouts
from .base import Widget, clamp_scroll, hovered, scrollbar

ROW = 44


class Roster(Widget):
    def __init__(self, town) -> None:
        super().__init__()
        self.town = town
        self.offset = 0

    def scroll(self, dy: int) -> None:
        self.offset += dy

    def _where(self, rid: str) -> tuple[str, bool]:
        """Where they are (open minds, or you), or where you last saw them or heard they were
        (play); and whether that is now."""
        s, sim = self.town.session, self.town.session.sim
        st = sim.state[rid]
        if s.full_minds or rid == PLAYER:
            where = whereabouts(sim, rid)  # a label here: "The Mill", as running text "the Mill"
            return where[:1].upper() + where[1:], st.status == "awake"
        if st.place == s.place:
            return f"here, {whereabouts(sim, rid)}", True
        w = s.known().where.get(rid)
        if w is None:
            return "not seen yet", False
        at = w.clock
        m = w.end if w.seen else w.start
        if not w.hour and clock.day_of(m) != clock.day_of(s.now):
            at = f"day {clock.day_of(m)} {at}"  # ("seen at the Plough 12:00" — which day?)
        return (f"seen at {sim.place_name(w.place)} {at}" if w.seen else
                f"said to be at {sim.place_name(w.place)} {at}"), False

    def _count(self, rid: str) -> str:
        """How many beliefs (open minds, or your notebook); in play, how much they told you."""
        s = self.town.session
        if s.full_minds or rid == PLAYER:
            n = self.town.belief_count(rid)
            return f"{n} belief{'s' if n != 1 else ''}"
        known = s.known()
        n = known.told.get(rid, 0)
        return f"said {n} thing{'s' if n != 1 else ''} in your hearing" if n else \
            "showed you where they stand" if rid in known.reacted else \
            "asked; knew nothing" if rid in known.asked else "not asked yet"

    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.zones.clear()
        town, sim = self.town, self.town.session.sim
        T.text(surf, "People", (rect.x, rect.y), "head", T.TEXT)
        # With open minds (or no player) a pick opens their whole mind, not what you heard.
        T.text(surf, "Pick someone: what they believe — as far as you have heard."
               if not town.session.full_minds else
               "Pick someone: their whole mind (open minds)." if town.session.has_player
               else "Pick someone: their whole mind (there is no player in this town).",
               (rect.x, rect.y + 24), "small", T.DIM, width=rect.width)
        body = pygame.Rect(rect.x, rect.y + 48, rect.width, rect.height - 48)
        rids = sorted((r for r in sim.people if r != PLAYER), key=lambda r: sim.name(r))
        if sim.has_player:
            rids.insert(0, PLAYER)
        content = len(rids) * ROW
        self.offset = clamp_scroll(self.offset, content, body.height)
        clip = surf.get_clip()
        surf.set_clip(body)
        first = self.offset // ROW
        hues = town.map.hue_of
        for i in range(first, min(len(rids), first + body.height // ROW + 2)):
            rid = rids[i]
            y = body.y + i * ROW - self.offset
            r = pygame.Rect(body.x, y, body.width - 8, ROW - 4)
            sel = town.selected == rid
            pygame.draw.rect(surf, T.HOVER if (hovered(r) or sel) else T.RAISED, r,
                             border_radius=T.RADIUS)
            if sel:
                pygame.draw.rect(surf, T.ACCENT, r, 1, border_radius=T.RADIUS)
            person = sim.people[rid]
            col = T.ACCENT if rid == PLAYER else hues(rid)
            pygame.draw.circle(surf, col, (r.x + 20, r.centery), 11)
            T.text(surf, town.map.initial(rid), (r.x + 20, r.centery), "token", T.BG,
                   align="center", valign="center")
            name = "You — your notebook" if rid == PLAYER else person.name
            T.text(surf, name, (r.x + 40, r.y + 5), "ui_bold", T.TEXT, width=r.width - 200)
            role = person.role if rid != PLAYER else "what you have learned, and from whom"
            home = sim.lives_at(rid)  # as the brief tells it: "at home" is then a place known
            if home:
                # first: short, and what a witness's "at home" means (a long role is cut)
                role = f"lives at {home} · {role}" if role else f"lives at {home}"
            # As wide as the count on its right leaves ("carter; brought the new ledger from
            # Tollbridge · lives at Hal's yard" was cut at a fixed width).
            count = self._count(rid)
            room = r.width - 64 - T.width_of(count, "small")
            T.text(surf, role, (r.x + 40, r.y + 22), "small", T.DIM, width=room)
            if hovered(r) and T.fit(role, "small", room) != role:
                town.tip(role)  # the whole of a role cut short (a window playtest)
            where, status = self._where(rid)
            # On the name's line, as wide as the name leaves: "seen at Ada's Café day 1 09:…"
            # was cut at a fixed width beside a short name.
            room = max(170, r.width - 60 - T.width_of(name, "ui_bold"))
            T.text(surf, where, (r.right - 10, r.y + 6), "small",
                   T.TEXT if status else T.FAINT, align="right", width=room)
            T.text(surf, count, (r.right - 10, r.y + 22), "small", T.FAINT,
                   align="right")
            self.zones.add(r.clip(body), lambda x=rid: town.select(x), f"person:{rid}")
        surf.set_clip(clip)
        scrollbar(surf, body, self.offset, content)
