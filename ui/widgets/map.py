"""The town map: places by kind joined by paths, residents as tokens gliding between them,
conversations as they happen, the player's position — and, in the claim view, every token
coloured by what that resident believes about one claim and how strongly.

The still part (ground, paths, places, names: `mapground.Ground`) is drawn once per size into
a cached surface; each frame only blits it and draws the tokens.
"""

from __future__ import annotations

import math

import pygame

from game import PLAYER, clock, positions_at, seen_summary

from .. import theme as T
from .base import Widget, hovered
from .mapground import Ground

TALK_KINDS = {"talk", "ask", "why", "mediate", "report", "accuse", "reply", "show", "ask_who",
              "bring"}


def _initials(people: dict) -> dict[str, str]:
    """One letter per resident where that is unique, two where it is not."""
    firsts: dict[str, int] = {}
    for p in people.values():
        firsts[p.name[:1].upper()] = firsts.get(p.name[:1].upper(), 0) + 1
    out = {}
    for rid, p in people.items():
        n = p.name.strip() or rid
        out[rid] = n[:1].upper() if firsts[n[:1].upper()] == 1 else (n[:1].upper() + n[1:2])
    return out


class TownMap(Widget):
    """The map; clicks on a resident or a place go to the town scene (`on_resident`,
    `on_place`)."""

    def __init__(self, town) -> None:
        super().__init__()
        self.town = town
        self._bg: pygame.Surface | None = None
        self._bg_key = None
        self.centers: dict[str, tuple[int, int]] = {}
        self.radius: dict[str, int] = {}
        self.shown: dict[str, list[float]] = {}  # resident -> drawn position (glides)
        self.targets: dict[str, tuple[float, float]] = {}
        self._initials: dict[str, str] = {}
        self._hues: dict[str, tuple] = {}
        self.token_r = 9
        self._sprites: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}
        self.hover: str | None = None  # "resident:x" or "place:y"
        self._where: dict[str, tuple[str, str]] = {}
        self.talk_lines: list[tuple[str, str, str]] = []
        self._people_of = None
        self.label_at: dict[str, pygame.Rect] = {}
        self._tkey = None

    # -- layout -----------------------------------------------------------------------------

    @property
    def sim(self):
        return self.town.session.sim

    def _layout(self, rect: pygame.Rect) -> None:
        sim = self.sim
        key = (rect.size, id(sim), self.town.session.open_minds)
        if key == self._bg_key:
            return
        self._bg_key = key
        many = len(sim.people) > 60
        scale = max(0.8, min(1.5, min(rect.width / 770, rect.height / 450)))
        self.token_r = 7 if many else max(9, int(round(9 * min(scale, 1.25))))
        inner = rect.inflate(-int(110 * scale), -int(100 * scale))
        self.centers, self.radius = {}, {}
        for pid, p in sim.places.items():
            x = inner.x + p["x"] * inner.width
            y = inner.y + p["y"] * inner.height
            self.centers[pid] = (int(x), int(y))
            small = p["kind"] in ("home", "away")
            base = (11 if many else 14) if small else (17 if many else 22)
            self.radius[pid] = int(round(base * scale))
        self._people()
        ground = Ground(sim, self.centers, self.radius, self.token_r)
        self._bg = ground.draw(rect)
        self.label_at = ground.label_at
        self.shown = {}
        self._tkey = None

    def free_spot(self, w: int, h: int) -> pygame.Rect:
        """A w×h box along the map's edge that covers no place, name or resident (the first
        such of top, bottom and the corners), for ribbons over the map — or, where every one
        covers something (a small window), the one that covers fewest."""
        things = [r.move(self.rect.topleft) for r in self.label_at.values()]
        for pid, c in self.centers.items():
            r = self.radius[pid] + 6
            things.append(pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r))
        tr = self.token_r + 3
        things += [pygame.Rect(p[0] - tr, p[1] - tr, 2 * tr, 2 * tr) for p in self.shown.values()]
        area = self.rect.inflate(-16, -16)
        best = None
        for anchor in ("midtop", "midbottom", "topright", "bottomright", "bottomleft", "topleft"):
            box = pygame.Rect(0, 0, w, h)
            setattr(box, anchor, getattr(area, anchor))
            covered = len(box.collidelistall(things))
            if not covered:
                return box
            if best is None or covered < best[0]:
                best = (covered, box)
        return best[1]

    def _people(self) -> None:
        if self._people_of is not self.sim:
            order = sorted(r for r in self.sim.people if r != PLAYER)
            self._hues = {r: T.hue(i) for i, r in enumerate(order)}
            self._initials = _initials(self.sim.people)
            self._people_of = self.sim

    def hue_of(self, rid: str):
        self._people()
        return self._hues.get(rid, T.HUES[0])

    def initial(self, rid: str) -> str:
        self._people()
        return "Y" if rid == PLAYER else self._initials.get(rid, "?")

    # -- where tokens go --------------------------------------------------------------------

    def _whereabouts(self) -> dict[str, tuple[str, str]]:
        """{resident: (place, status)} now, or at the claim view's chosen time. In play, only
        who the player can see, and the others where the player last saw them or was told
        they were (status "unseen")."""
        sim = self.sim
        session = self.town.session
        cv = self.town.claim_view
        if not session.full_minds and cv is not None and not cv.live:
            # Looking back in play: where the player was then, and who was there with them
            # (they saw them); nobody else. Everyone was drawn where they are now, the player
            # too (a window playtest).
            at = cv.at
            places = positions_at(sim, at)
            here = places.get(PLAYER, session.place)
            out = {PLAYER: (here, "awake")}
            for rid, person in sim.people.items():
                status, sched = person.status_at(at)
                if rid != PLAYER and places.get(rid, sched) == here and status == "awake":
                    out[rid] = (here, status)
            return out
        if not session.full_minds:
            here = session.place
            out = {PLAYER: (here, "awake")}
            known = session.known()
            for rid, st in sim.state.items():
                if rid == PLAYER:
                    continue
                if st.place == here:
                    out[rid] = (here, st.status)
                elif (w := known.where.get(rid)) is not None and w.place != here and \
                        not w.left_in_view and known.visited.get(w.place, -1) <= w.end:
                    # (last seen here, and gone: the player sees they are not here, and
                    # knows no better place for them, so there is none to draw them at —
                    # nor, once gone, back there: the player has been there since and not
                    # seen them. Dee's faded token, "said to be" at the café at 07:30, came
                    # back as the player left it each time: a window playtest)
                    out[rid] = (w.place, "unseen")
            return out
        cv = self.town.claim_view
        if cv is not None and not cv.live:
            at = cv.at
            places = positions_at(sim, at)
            out = {}
            for rid, person in sim.people.items():
                status, sched = person.status_at(at)
                out[rid] = (places.get(rid, sched), "awake" if person.is_player else status)
            return out
        return {rid: (st.place, st.status) for rid, st in sim.state.items()}

    def _targets(self) -> dict[str, tuple[float, float]]:
        where = self._whereabouts()
        by_place: dict[str, list[str]] = {}
        for rid in sorted(where, key=lambda r: (r != PLAYER, r)):
            by_place.setdefault(where[rid][0], []).append(rid)
        out = {}
        tr = self.token_r
        gap = tr * 2 + 3
        for pid, rids in by_place.items():
            c = self.centers.get(pid)
            if c is None:
                continue
            base = self.radius[pid] + tr + 3
            name = self._name_side(pid, c, base + tr)
            i, ring = 0, 0
            while i < len(rids):
                rr = base + ring * gap
                cap = max(4, int(2 * math.pi * rr / gap))
                span = 2 * math.pi if ring == 0 else 2 * math.pi * 0.8  # keep the label free
                n = min(cap if ring == 0 else int(cap * 0.8), len(rids) - i)
                step = span / max(n, 1) if n < cap else span / cap
                a0 = name + math.pi - (step * (n - 1) / 2 if ring == 0 and n < cap else 0)
                if ring > 0:
                    a0 = name + math.pi * 0.2 + step / 2
                for k in range(n):
                    a = a0 + k * step
                    out[rids[i + k]] = (c[0] + math.cos(a) * rr, c[1] + math.sin(a) * rr)
                i += n
                ring += 1
        self._where = where
        return out

    def _name_side(self, pid: str, c, ring: float) -> float:
        """The angle a place's residents leave free for its name: below (where a name goes
        first) — or, where the map is so squashed the name went close by, inside the ring its
        residents stand in (`mapground.Ground._spots`), the side it is on: the token of
        Riverton's one visitor stood over 'Riverton (away)' above it."""
        box = self.label_at.get(pid)
        if box is None:
            return math.pi / 2
        box = box.move(self.rect.topleft)
        dx = max(box.left - c[0], 0, c[0] - box.right)
        dy = max(box.top - c[1], 0, c[1] - box.bottom)
        if math.hypot(dx, dy) >= ring:
            return math.pi / 2
        return math.atan2(box.centery - c[1], box.centerx - c[0])

    def update(self, dt: float) -> None:
        if not self.centers:
            return
        cv = self.town.claim_view
        key = (self.town.session.stamp, cv.time if cv else None, self._bg_key,
               self.town.session.full_minds)
        if key != self._tkey:
            self.targets = self._targets()
            self._tkey = key
        k = 1.0 - math.exp(-dt * 9.0)
        for rid, (tx, ty) in self.targets.items():
            p = self.shown.get(rid)
            if p is None:
                self.shown[rid] = [tx, ty]
            else:
                p[0] += (tx - p[0]) * k
                p[1] += (ty - p[1]) * k
        for rid in list(self.shown):
            if rid not in self.targets:
                del self.shown[rid]

    def settled(self) -> bool:
        """Every resident is drawn where they are (no glide under way, to half a pixel)."""
        targets = self.targets
        for rid, p in self.shown.items():
            t = targets.get(rid)
            if t is None or abs(t[0] - p[0]) > 0.5 or abs(t[1] - p[1]) > 0.5:
                return False
        return len(self.shown) == len(targets)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.zones.clear()
        self._layout(self.rect)
        if not self.shown:
            self.update(0.0)
        surf.blit(self._bg, self.rect)
        clip = surf.get_clip()
        surf.set_clip(self.rect)
        sim = self.sim
        self.hover = None
        for pid, c in self.centers.items():
            r = self.radius[pid]
            box = pygame.Rect(c[0] - r - 4, c[1] - r - 4, 2 * r + 8, 2 * r + 8)
            self.zones.add(box, lambda p=pid: self.town.on_place(p), f"place:{pid}")
            if hovered(box) or self.town.place_card == pid:
                pygame.draw.circle(surf, T.ACCENT, c, r + 8, 2)
                if hovered(box):
                    self.hover = f"place:{pid}"
                if pid not in self.label_at:
                    Ground(sim, self.centers, self.radius, self.token_r).label(surf, pid)
        if self.town.session.has_player and self.town.claim_view is None:
            here = self.town.session.place
            if here in self.centers:
                c = self.centers[here]
                pygame.draw.circle(surf, T.ACCENT, c, self.radius[here] + 5, 3)
        self._draw_talk(surf)
        self._draw_tokens(surf)
        surf.set_clip(clip)

    def _draw_talk(self, surf: pygame.Surface) -> None:
        cv = self.town.claim_view
        if cv is not None and not cv.live:
            return
        session = self.town.session
        self.talk_lines = []  # (speaker, listener, place) drawn this frame
        for ev in session.recent():
            if ev["kind"] not in TALK_KINDS or not ev["actor"] or not ev["target"]:
                continue
            if not session.full_minds and PLAYER not in ev["participants"] + ev["witnesses"]:
                continue  # in play, only the talk you are there to see
            a, b = self.shown.get(ev["actor"]), self.shown.get(ev["target"])
            if a is None or b is None:
                continue
            if {self._where.get(ev["actor"], ("",))[0],
                    self._where.get(ev["target"], ("",))[0]} != {ev["place"]}:
                # One of them has gone since (the talk is of the last ten minutes): a line
                # from the Lane to the Chapel, its bubble over another place's name, stood
                # for talk between two places (a playtest).
                continue
            self.talk_lines.append((ev["actor"], ev["target"], ev["place"]))
            about = cv is not None and ev["claim"] == cv.claim and ev["value"]
            col = cv.colour(ev["value"]) if about else (250, 248, 240)
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2 - 14)
            pygame.draw.line(surf, T.MAP_INK, a, b, 5 if about else 4)
            pygame.draw.line(surf, col, a, b, 3 if about else 2)
            bubble = pygame.Rect(0, 0, 22, 15)
            bubble.center = (int(mid[0]), int(mid[1]))
            pygame.draw.rect(surf, col, bubble, border_radius=6)
            pygame.draw.rect(surf, T.MAP_INK, bubble, 1, border_radius=6)
            tail = [(bubble.centerx - 3, bubble.bottom - 1), (bubble.centerx + 3,
                                                              bubble.bottom - 1),
                    (bubble.centerx, bubble.bottom + 4)]
            pygame.draw.polygon(surf, col, tail)
            for i in (-5, 0, 5):
                pygame.draw.circle(surf, T.MAP_INK, (bubble.centerx + i, bubble.centery), 1)
            if hovered(bubble.inflate(6, 6)):
                tip = ev["summary"] if session.full_minds else seen_summary(self.sim, ev)
                self.town.tip(f"{clock.fmt_clock(ev['at'])} {tip}")

    def _draw_tokens(self, surf: pygame.Surface) -> None:
        sim = self.sim
        cv = self.town.claim_view
        beliefs = cv.beliefs() if cv is not None else {}
        tr = self.token_r
        selected = self.town.selected
        tags: list[tuple[str, tuple, tuple, tuple]] = []
        tokens: list[pygame.Rect] = []  # (a tag is not put over another's token)
        for rid, p in self.shown.items():
            x, y = int(p[0]), int(p[1])
            person = sim.people[rid]
            status = self._where.get(rid, ("", "awake"))[1]
            is_player = rid == PLAYER
            if cv is not None:
                self._claim_token(surf, (x, y), beliefs.get(rid), cv, is_player,
                                  faded=status == "unseen")
                if status == "unseen":
                    pygame.draw.circle(surf, T.MAP_BG, (x, y), tr + 5, 3)
            label = "You"[:1] if is_player else self._initials.get(rid, "?")
            ink = T.BG if (cv is None or rid not in beliefs) else (255, 255, 255)
            if cv is None:
                col = T.ACCENT if is_player else self._hues.get(rid, T.HUES[0])
                if status != "awake":
                    col = T.mix(col, T.MAP_BG, 0.75 if status == "unseen" else 0.6)
                sprite, (cx, cy) = self._token(col, tr, is_player, label, ink,
                                               tr >= 9 or is_player)
                surf.blit(sprite, (x - cx, y - cy))
                if tr >= 9 or is_player:
                    T.drawn.append(label)  # what a headless test reads as on screen
            elif tr >= 9 or is_player:
                T.text(surf, label, (x, y), "token", ink, align="center", valign="center")
            if status == "asleep":
                T.text(surf, "z", (x + tr - 1, y - tr - 4), "small_bold", T.MAP_INK_DIM)
            box = pygame.Rect(x - tr - 2, y - tr - 2, 2 * tr + 4, 2 * tr + 4)
            tokens.append(box)
            self.zones.add(box, lambda r=rid: self.town.on_resident(r), f"resident:{rid}")
            hot = hovered(box)
            if hot:
                self.hover = f"resident:{rid}"
            if rid == selected:
                pygame.draw.circle(surf, T.ACCENT, (x, y), tr + 4, 2)
            if hot or rid == selected or is_player:
                text = "You" if is_player else person.name
                if hot and not is_player:
                    # Where they were seen or said to be before their role: the tag is cut to
                    # its width, and "Eli · grocer; sits on the market council · said to…"
                    # lost the one thing it was for (a window playtest).
                    if status == "unseen":
                        text += " · " + self._last_seen(rid)
                    elif status != "awake":
                        text += f" ({status})"
                    text += f" · {person.role}" if person.role else ""
                tags.append((text, (x, y - tr - 3), T.ACCENT if is_player else T.TEXT,
                             (x, y, tr)))
        placed: list[pygame.Rect] = []
        # Place names, which a tag above its token covered ("You" over "Gus's house" made it
        # read "You's house"; a window playtest): beside or below the token instead, the
        # first of those that covers no name and no other tag.
        names = [r.move(self.rect.topleft) for r in self.label_at.values()]
        self.tags_at = placed  # (where the tags went, for tests)
        for text, pos, col, (tx, ty, tr_) in tags:  # never on each other
            surf_t = T.render(T.fit(text, "small_bold", 300), "small_bold", col)
            box = surf_t.get_rect(midbottom=pos)
            # Nor over another's token: "You" hid Ned's "N" at the Lamb (a window playtest).
            avoid = names + [t for t in tokens if not t.collidepoint(tx, ty)]
            if box.inflate(10, 4).collidelist(avoid) >= 0:
                for other in (surf_t.get_rect(midleft=(tx + tr_ + 8, ty)),
                              surf_t.get_rect(midright=(tx - tr_ - 8, ty)),
                              surf_t.get_rect(midtop=(tx, ty + tr_ + 3))):
                    pill = other.inflate(10, 4)
                    if pill.collidelist(avoid) < 0 and pill.collidelist(placed) < 0 and \
                            self.rect.contains(pill):
                        box = other
                        break
            while box.inflate(10, 4).collidelist(placed) >= 0:
                box.y -= box.height + 4
            pill = box.inflate(10, 4)
            placed.append(pill)
            pygame.draw.rect(surf, T.BG, pill, border_radius=pill.height // 2)
            T.text(surf, T.fit(text, "small_bold", 300), box.topleft, "small_bold", col)

    def _token(self, col, tr: int, is_player: bool, label: str, ink,
               lettered: bool) -> tuple[pygame.Surface, tuple[int, int]]:
        """A resident's token — shadow, disc, rim and initials — drawn once and kept: two
        hundred residents are six hundred circles a frame otherwise. The same pixels as
        drawing it in place; returns the sprite and where its centre is in it."""
        key = (col, tr, is_player, label if lettered else None, ink)
        got = self._sprites.get(key)
        if got is None:
            c = tr + 3
            sprite = pygame.Surface((2 * c + 1, 2 * c + 2), pygame.SRCALPHA)
            pygame.draw.circle(sprite, T.MAP_INK, (c, c + 1), tr + 1)
            pygame.draw.circle(sprite, col, (c, c), tr)
            pygame.draw.circle(sprite, (250, 246, 236), (c, c), tr, 2 if is_player else 1)
            if lettered:
                T.text(sprite, label, (c, c), "token", ink, align="center", valign="center")
                T.drawn.pop()  # drawn into the sprite, not on screen: the blit says so
            got = self._sprites[key] = (sprite, (c, c))
            if len(self._sprites) > 2048:  # hues × states × sizes: never near this in a town
                self._sprites.clear()
        return got

    def _last_seen(self, rid: str) -> str:
        w = self.town.session.known().where.get(rid)
        if w is None:
            return ""
        at = w.clock
        return f"last seen here {at}" if w.seen else f"said to be here at {at}"

    def _claim_token(self, surf, pos, held, cv, is_player: bool, faded: bool = False) -> None:
        """`faded`: drawn where the player last saw them or heard they were, not seen there
        now — paler, as on the plain map."""
        x, y = pos
        tr = self.token_r
        if held is None:
            pygame.draw.circle(surf, T.mix(T.MAP_BG, (255, 255, 255), 0.3), (x, y), tr)
            pygame.draw.circle(surf, T.NO_BELIEF, (x, y), tr, 2)
            if is_player:
                pygame.draw.circle(surf, T.ACCENT, (x, y), tr + 2, 2)
            return
        value, conf, state = held
        col = cv.colour(value)
        strength = max(0.15, min(1.0, conf / 100))
        fill = T.mix(T.mix(T.MAP_BG, (255, 255, 255), 0.2), col, 0.35 + 0.65 * strength)
        if state == "past":
            fill = T.mix(fill, T.NO_BELIEF, 0.6)
        if faded:
            fill = T.mix(fill, T.MAP_BG, 0.6)
        pygame.draw.circle(surf, T.MAP_INK, (x, y + 1), tr + 1)
        pygame.draw.circle(surf, fill, (x, y), tr)
        ring = pygame.Rect(x - tr - 4, y - tr - 4, 2 * tr + 8, 2 * tr + 8)
        pygame.draw.circle(surf, T.mix(T.MAP_BG, T.MAP_EDGE, 0.5), (x, y), tr + 4, 3)
        end = math.pi / 2
        start = end - 2 * math.pi * conf / 100
        if conf > 0:
            pygame.draw.arc(surf, T.mix(col, T.MAP_INK, 0.25), ring, start, end, 3)
        if state in ("doubtful", "anomalous"):
            mark = pygame.Rect(x + tr - 3, y - tr - 6, 11, 11)
            pygame.draw.circle(surf, T.STATE[state], mark.center, 6)
            T.text(surf, "?", mark.center, "small_bold", T.BG, align="center", valign="center")
        if is_player:
            pygame.draw.circle(surf, T.ACCENT, (x, y), tr + 7, 2)
