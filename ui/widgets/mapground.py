"""The still part of the town map, drawn once per size: the ground with a little grain and
trees, paths joining the places (a spanning tree plus nearest neighbours, so the town has a
few loops), each place drawn by kind, and place names set where they do not collide.
"""

from __future__ import annotations

import random

import pygame

from .. import theme as T
from . import glyphs

MANY_HOMES = 14  # above this many homes, their names show only on hover


class Ground:
    """Draws the map's background for one simulation at one size."""

    def __init__(self, sim, centers: dict, radius: dict, token_r: int) -> None:
        self.sim = sim
        self.centers = centers
        self.radius = radius
        self.token_r = token_r
        self.label_at: dict[str, pygame.Rect] = {}

    def draw(self, rect: pygame.Rect) -> pygame.Surface:
        sim = self.sim
        s = pygame.Surface(rect.size)
        s.fill(T.MAP_BG)
        rng = random.Random(7)
        for _ in range(rect.width * rect.height // 900):  # a little grain in the ground
            x, y = rng.randrange(rect.width), rng.randrange(rect.height)
            c = T.mix(T.MAP_BG, T.MAP_EDGE, rng.uniform(0.2, 0.6))
            pygame.draw.circle(s, c, (x, y), rng.choice((1, 1, 2)))
        for i in range(14):  # darker towards the edges
            pygame.draw.rect(s, T.mix(T.MAP_EDGE, T.MAP_BG, i / 14), s.get_rect().inflate(
                -i * 2, -i * 2), 1)
        off = pygame.Vector2(rect.topleft)
        local = {pid: pygame.Vector2(c) - off for pid, c in self.centers.items()}
        edges = paths({p: v for p, v in local.items()
                        if sim.places[p]["kind"] != "away"})
        self._trees(s, rng, local, edges)
        w = 9 if len(local) < 30 else 6
        for a, b in edges:
            pygame.draw.line(s, T.PATH_EDGE, local[a], local[b], w + 4)
        for p in local:
            if sim.places[p]["kind"] != "away":
                pygame.draw.circle(s, T.PATH_EDGE, local[p], w // 2 + 2)
        for a, b in edges:
            pygame.draw.line(s, T.PATH, local[a], local[b], w)
        for p in local:
            if sim.places[p]["kind"] != "away":
                pygame.draw.circle(s, T.PATH, local[p], w // 2)
        for pid, c in local.items():
            glyphs.place(s, sim.places[pid]["kind"], c, self.radius[pid])
        self._labels(s, local)
        return s

    def _trees(self, s, rng, local, edges) -> None:
        """Clumps of trees where nothing else is, so the town sits in a landscape."""
        w, h = s.get_size()
        pts = list(local.values())
        segs = [(local[a], local[b]) for a, b in edges]
        clear = 46 + self.token_r * 2
        tries = w * h // 2500
        for _ in range(tries):
            cx, cy = rng.uniform(12, w - 12), rng.uniform(12, h - 12)
            v = pygame.Vector2(cx, cy)
            if any(v.distance_to(p) < clear for p in pts):
                continue
            if any(seg_dist(v, a, b) < 16 for a, b in segs):
                continue
            r = rng.choice((5, 6, 7, 8))
            green = T.mix((112, 142, 88), (86, 120, 74), rng.random())
            pygame.draw.circle(s, T.mix(T.MAP_BG, (90, 80, 60), 0.35), (cx + 2, cy + 3), r)
            pygame.draw.circle(s, green, (cx, cy), r)
            pygame.draw.circle(s, T.mix(green, (200, 220, 150), 0.35), (cx - r / 3, cy - r / 3),
                               max(1, r // 3))

    def _labels(self, s, local) -> None:
        """Place names: below each place, or above, right or left of it where that is free
        and nearer its own place than any other; a name with no such spot shows when the
        place is hovered."""
        sim = self.sim
        homes = sum(1 for p in sim.places.values() if p["kind"] == "home")
        blocked = []
        for pid, c in local.items():
            r = self.radius[pid]
            blocked.append(pygame.Rect(c.x - r - 4, c.y - r - 4, 2 * r + 8, 2 * r + 8))
        self.label_at: dict[str, pygame.Rect] = {}
        order = sorted(local, key=lambda p: (sim.places[p]["kind"] == "home", p))
        area = s.get_rect()
        for pid in order:
            kind = sim.places[pid]["kind"]
            if kind == "home" and homes > MANY_HOMES:
                continue
            size = T.render(map_name(sim.places[pid]), "map").get_size()
            for box in self._spots(pid, local, size):
                if area.contains(box) and box.collidelist(blocked) < 0:
                    blocked.append(box)
                    self.label_at[pid] = box
                    self._pill(s, map_name(sim.places[pid]), box, kind)
                    break

    def _spots(self, pid: str, local, size) -> list[pygame.Rect]:
        """Where a place's name may go: below, above, right or left of it, clear of the
        ring its residents' tokens stand in — or, where the places are close (a squashed
        map: a small or odd-shaped window, the claim view's strip under it), nearer. Only
        spots nearer this place than any other: at a token's width off, 'Ada's Café' sat
        beside the Square and 'Riverton' by Ada's house (a window playtest)."""
        c, r = local[pid], self.radius[pid]
        out = []
        for gap in (r + self.token_r * 2 + 8, r + self.token_r + 5, r + 4):
            spots = [pygame.Rect(0, 0, size[0] + 10, size[1] + 4) for _ in range(4)]
            spots[0].midtop = (c.x, c.y + gap - 2)
            spots[1].midbottom = (c.x, c.y - gap + 2)
            spots[2].midleft = (c.x + gap, c.y)
            spots[3].midright = (c.x - gap, c.y)
            out += [b for b in spots if nearest(b, local, self.radius, pid)]
        return out

    def _pill(self, s, name: str, pill: pygame.Rect, kind: str) -> None:
        surf = T.render(name, "map", T.MAP_INK if kind != "away" else T.MAP_INK_DIM)
        bgc = pygame.Surface(pill.size, pygame.SRCALPHA)
        pygame.draw.rect(bgc, (*T.mix(T.MAP_BG, (255, 255, 255), 0.45), 215), bgc.get_rect(),
                         border_radius=pill.height // 2)
        s.blit(bgc, pill)
        s.blit(surf, surf.get_rect(center=pill.center))

    def label(self, s, pid: str) -> None:
        """A place's name by it (for hovering a place whose name is not shown): the first of
        its spots (`_spots`) on the map, else below it."""
        place = self.sim.places[pid]
        c = pygame.Vector2(self.centers[pid])
        size = T.render(map_name(place), "map").get_size()
        local = {q: pygame.Vector2(v) for q, v in self.centers.items()}
        area = s.get_clip()
        spots = [b for b in self._spots(pid, local, size) if area.contains(b)]
        if spots:
            pill = spots[0]
        else:
            pill = pygame.Rect(0, 0, size[0] + 10, size[1] + 4)
            pill.midtop = (c.x, c.y + self.radius[pid] + 4)
        self._pill(s, map_name(place), pill, place["kind"])


def map_name(place: dict) -> str:
    """A place's name on the map: one out of town says so there ("Riverton (away)"), and
    only there — in words it is "Riverton" ("at the hill farms (away)?" was said aloud)."""
    name = place["name"]
    if place["kind"] == "away" and not name.lower().endswith("(away)"):
        return f"{name} (away)"
    return name


def nearest(box: pygame.Rect, centers, radius: dict, pid: str, margin: float = 10.0) -> bool:
    """Is `box` nearer place `pid`'s drawing (a circle of its radius) than any other place's,
    by `margin` pixels at least — so a name put there reads as that place's?"""
    def off(q: str) -> float:
        cx, cy = centers[q]
        dx = max(box.left - cx, 0, cx - box.right)
        dy = max(box.top - cy, 0, cy - box.bottom)
        return (dx * dx + dy * dy) ** 0.5 - radius[q]

    mine = off(pid)
    return all(mine + margin <= off(q) for q in centers if q != pid)


def seg_dist(p: pygame.Vector2, a: pygame.Vector2, b: pygame.Vector2) -> float:
    ab = b - a
    if ab.length_squared() == 0:
        return p.distance_to(a)
    t = max(0.0, min(1.0, (p - a).dot(ab) / ab.length_squared()))
    return p.distance_to(a + ab * t)


def paths(points: dict[str, pygame.Vector2]) -> list[tuple[str, str]]:
    """Paths between places: a minimum spanning tree (so every place is reachable) plus
    each place's nearest neighbour, for a few loops."""
    ids = sorted(points)
    if len(ids) < 2:
        return []
    edges: set[tuple[str, str]] = set()
    inside = {ids[0]}
    best = {p: (points[ids[0]].distance_to(points[p]), ids[0]) for p in ids[1:]}
    while best:
        p = min(best, key=lambda q: best[q][0])
        _, via = best.pop(p)
        edges.add(tuple(sorted((p, via))))
        inside.add(p)
        for q in best:
            d = points[p].distance_to(points[q])
            if d < best[q][0]:
                best[q] = (d, p)
    for p in ids:
        others = sorted((points[p].distance_to(points[q]), q) for q in ids if q != p)
        if len(others) > 1:
            edges.add(tuple(sorted((p, others[1][1]))))
    return sorted(edges)
