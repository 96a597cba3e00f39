"""The claim view's parts: the list of claims to pick from (right panel), and on the map a
legend of values — colour, how many believe it, how strongly — with a time bar to step back
through the claim's history and watch a rumour spread.
"""

from __future__ import annotations

import pygame

from game import clock
from memory import claims as claims_in_play

from .. import theme as T
from ..labels import claim_label, value_label
from .base import Widget, button, clamp_scroll, hovered, scrollbar

ROW = 44


class ClaimsPanel(Widget):
    """Pick a claim; the map colours every resident by what they believe about it."""

    def __init__(self, town) -> None:
        super().__init__()
        self.town = town
        self.offset = 0
        self._key = None
        self._claims: list[tuple[str, str, int]] = []
        self._spread_key = None
        self._spread_data = None

    def scroll(self, dy: int) -> None:
        self.offset += dy

    def claims(self) -> list[tuple[str, str, int]]:
        """(subject, attribute, how many) — in open minds, how many believe something about
        it; in play, how many have told you something about it (the case's questions
        first)."""
        s = self.town.session
        key = (s.stamp, id(s), s.full_minds)
        if key != self._key:
            if s.full_minds:
                # The player's notes of who was where at a time are notebook entries, not
                # claims the town holds views about.
                self._claims = [c for c in claims_in_play(s.sim.store, limit=500)
                                if not _is_slot(c)]
            else:
                from game import questions

                from ..claimview import brief_said

                told: dict[str, set[str]] = {}
                for x in brief_said(s.sim) + list(s.known().said):
                    if not x.where_slot:
                        told.setdefault(x.claim, set()).add(x.teller)
                order = questions(s.sim) + sorted(c for c in told if c not in
                                                  questions(s.sim))
                self._claims = [(*c.split(".", 1), len(told.get(c, ()))) for c in order]
            self._key = key
        return self._claims

    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.zones.clear()
        town, sim = self.town, self.town.session.sim
        T.text(surf, "Claim view", (rect.x, rect.y), "head", T.TEXT)
        cv = town.claim_view
        # (short enough to be read whole: "…and how sur…" was cut off, a window playtest)
        T.text(surf, "Pick a claim: the map shows who believes what." if
               town.session.full_minds else "Pick a question: the map shows who told you what.",
               (rect.x, rect.y + 24), "small", T.DIM,
               width=rect.width - (120 if cv is not None else 0))
        if cv is not None:
            button(surf, self.zones, (rect.right - 110, rect.y, 110, 28), "Close view",
                   town.close_claim, name="close claim", style="small_bold")
        top = rect.y + 50
        if cv is not None and town.session.full_minds:  # open minds: how it spread
            top += self._spread(surf, pygame.Rect(rect.x, top, rect.width - 8, 150), cv)
        body = pygame.Rect(rect.x, top, rect.width, rect.bottom - top)
        rows = self.claims()
        content = len(rows) * ROW
        self.offset = clamp_scroll(self.offset, content, body.height)
        clip = surf.get_clip()
        surf.set_clip(body)
        first = self.offset // ROW
        people = max(1, len([p for p in sim.people.values() if not p.is_player]))
        for i in range(first, min(len(rows), first + body.height // ROW + 2)):
            s, a, n = rows[i]
            y = body.y + i * ROW - self.offset
            r = pygame.Rect(body.x, y, body.width - 8, ROW - 4)
            active = cv is not None and (cv.subject, cv.attribute) == (s, a)
            pygame.draw.rect(surf, T.HOVER if (active or hovered(r)) else T.RAISED, r,
                             border_radius=T.RADIUS)
            if active:
                pygame.draw.rect(surf, T.ACCENT, r, 1, border_radius=T.RADIUS)
            # The question in words first, its short label under it: "Ben · refused why"
            # over "why Ben stayed away…" read as an id (a window playtest).
            said = sim.say_claim(f"{s}.{a}")
            T.text(surf, said[:1].upper() + said[1:], (r.x + 10, r.y + 5), "cell_bold",
                   T.TEXT, width=r.width - 120)
            T.text(surf, claim_label(sim, s, a), (r.x + 10, r.y + 22), "small", T.FAINT,
                   width=r.width - 120)
            count = (f"{n} believe{'s' if n == 1 else ''}" if town.session.full_minds else
                     f"{n} told you" if n else "nobody yet")
            T.text(surf, count, (r.right - 10, r.y + 5), "small", T.DIM, align="right")
            frac = min(1.0, n / people)
            pygame.draw.rect(surf, T.BG, (r.right - 90, r.y + 26, 80, 6), border_radius=3)
            pygame.draw.rect(surf, T.TEAL, (r.right - 90, r.y + 26, int(80 * frac), 6),
                             border_radius=3)
            self.zones.add(r.clip(body), lambda x=(s, a): town.open_claim(*x), f"claim:{s}.{a}")
        if not rows:
            T.text(surf, "Nobody believes anything yet.", (body.x, body.y + 8), "small",
                   T.FAINT)
        surf.set_clip(clip)
        scrollbar(surf, body, self.offset, content)


    def _spread(self, surf, rect: pygame.Rect, cv) -> int:
        """The claim's spread over time (open minds only: in play the player sees only what
        they were told, on the map); read once per change of the game."""
        from game import plots

        from .chart import spread_chart

        session = self.town.session
        key = (session.stamp, cv.subject, cv.attribute)
        if key != self._spread_key:
            self._spread_key = key
            self._spread_data = plots.spread(session.sim, f"{cv.subject}.{cv.attribute}")
        T.text(surf, "HOW IT SPREAD (open minds)", (rect.x, rect.y), "small_bold", T.BAD)
        chart = pygame.Rect(rect.x, rect.y + 18, rect.width, rect.height - 44)
        legend = spread_chart(surf, chart, session.sim, self._spread_data, cv.colour)
        x = rect.x
        for words, colour in legend:
            pygame.draw.rect(surf, colour, (x, chart.bottom + 8, 10, 10), border_radius=2)
            r = T.text(surf, words, (x + 14, chart.bottom + 5), "small", T.DIM, width=150)
            x = r.right + 14
        return rect.height + 6


class ClaimOverlay(Widget):
    """Under the map in the claim view: the legend, and the time bar."""

    def __init__(self, town) -> None:
        super().__init__()
        self.town = town
        self.replaying = False
        self._replay_t = 0.0
        self.legend: list[tuple[str, int]] = []  # (value words, believers) drawn (tests)
        self.more_box: pygame.Rect | None = None  # where "+N more" was drawn (tests)

    def update(self, dt: float) -> None:
        cv = self.town.claim_view
        if not self.replaying or cv is None:
            self.replaying = False
            return
        self._replay_t += dt
        while self._replay_t >= 0.25:
            self._replay_t -= 0.25
            cv.step(clock.HOUR)
            if cv.live:
                self.replaying = False
                break

    def replay(self) -> None:
        cv = self.town.claim_view
        if cv is None:
            return
        cv.seek(cv.start())
        self.replaying, self._replay_t = True, 0.0

    def draw(self, surf: pygame.Surface, strip: pygame.Rect) -> None:
        """The legend and the time bar, in the strip under the map."""
        self.rect = pygame.Rect(strip)
        self.zones.clear()
        cv = self.town.claim_view
        if cv is None:
            return
        pygame.draw.rect(surf, T.PANEL, strip)
        pygame.draw.line(surf, T.BORDER, strip.topleft, strip.topright)
        self._legend(surf, pygame.Rect(strip.x + 12, strip.y + 8, strip.width - 24, 24), cv)
        self._timebar(surf, pygame.Rect(strip.x + 8, strip.y + 36, strip.width - 16, 36), cv)

    def _legend(self, surf, r: pygame.Rect, cv) -> None:
        """One line: the claim, then each value's colour, believers and mean confidence."""
        sim = self.town.session.sim
        beliefs = cv.beliefs()
        none = len([rid for rid in sim.people if rid not in beliefs and rid != "player"])
        faded = len([b for b in beliefs.values() if b[2] == "past"])
        truth = sim.world.fact(cv.subject, cv.attribute) if self.town.session.open_minds else None
        x = T.text(surf, claim_label(sim, cv.subject, cv.attribute), (r.x, r.centery),
                   "ui_bold", T.TEXT, width=min(240, r.width // 3), valign="center").right + 14
        self.legend, self.more_box = [], None
        items = [(value_label(sim, v, cv.attribute), n, mean, cv.colour(v), v == truth)
                 for v, n, mean in cv.counts()]
        items.append(("no belief" if self.town.session.full_minds else "not heard from",
                      none, None, None, False))
        if faded:
            items.append(("faded", faded, None, T.mix(T.NO_BELIEF, T.MAP_BG, 0.3), False))
        for words, n, mean, col, true in items:
            shown = len(self.legend)
            label = f"{words}{' ✓' if true else ''}  {n}"
            w = 20 + T.width_of(label, "small_bold") + (46 if mean is not None else 0) + 16
            # Room kept for "+N more" while more follow (a value's bar ran into it; a window
            # playtest).
            more = T.width_of(f"+{len(items) - shown - 1} more", "small") + 8 \
                if shown < len(items) - 1 else 0
            if x + w + more > r.right - 10 and shown:
                # A long answer is cut to the room there is, not left out for "+2 more" beside
                # an empty stretch of the line ("because of the night shift at the mill").
                room = r.right - 10 - more - x - (w - T.width_of(label, "small_bold"))
                cut = _cut(words, f"{' ✓' if true else ''}  {n}", room)
                if cut is None:
                    box = T.text(surf, f"+{len(items) - shown} more", (r.right, r.centery),
                                 "small", T.FAINT, align="right", valign="center")
                    self.more_box = box.inflate(6, 10)
                    if hovered(self.more_box):  # what "+1 more" stands for (it said
                        # nothing, and clicking it did nothing: a window playtest)
                        self.town.tip(" · ".join(f"{w_}  {n_}" for w_, n_, *_ in
                                                 items[shown:]))
                    break
                label = cut
                w = r.right - 10 - more - x
            if col is None:
                pygame.draw.circle(surf, T.NO_BELIEF, (x + 7, r.centery), 7, 2)
            else:
                pygame.draw.circle(surf, col, (x + 7, r.centery), 7)
            tx = T.text(surf, label, (x + 20, r.centery), "small_bold",
                        T.GOOD if true else (T.TEXT if mean is not None else T.DIM),
                        valign="center").right
            if mean is not None:
                pygame.draw.rect(surf, T.BG, (tx + 8, r.centery - 3, 40, 6), border_radius=3)
                pygame.draw.rect(surf, col, (tx + 8, r.centery - 3, int(40 * mean / 100), 6),
                                 border_radius=3)
            self.legend.append((words, n))
            x += w

    def _timebar(self, surf, rect, cv) -> None:
        s = self.town.session
        box = rect
        x = box.x + 8
        for label, action, name in (("◀ 1h", lambda: self._step(-clock.HOUR), "back hour"),
                                    ("1h ▶", lambda: self._step(clock.HOUR), "forward hour")):
            button(surf, self.zones, (x, box.y + 5, 52, 26), label, action, name=name,
                   style="small_bold")
            x += 56
        button(surf, self.zones, (x, box.y + 5, 66, 26), "Replay", self.replay, name="replay",
               style="small_bold", active=self.replaying)
        x += 70
        button(surf, self.zones, (x, box.y + 5, 50, 26), "Now", lambda: cv.seek(None),
               name="live", style="small_bold", active=cv.live)
        x += 58
        track = pygame.Rect(x + 4, box.centery - 3, box.right - x - 100, 6)
        start, end = cv.start(), max(s.now, cv.start() + clock.TICK)
        pygame.draw.rect(surf, T.BG, track, border_radius=3)

        def px(t: int) -> int:
            return track.x + int(track.width * (t - start) / (end - start))
        for t in cv.times():
            if start <= t <= end:
                pygame.draw.line(surf, T.TEAL, (px(t), track.y - 5), (px(t), track.bottom + 4))
        # A mark a day, while the days fit the track (a save's clock years on had it drawing
        # a line for each of them, and the window hung; a fuzzer).
        days = max(1, -(-(end - start) * 4 // (clock.DAY * max(1, track.width))))
        day = start - start % clock.DAY + clock.DAY
        while day < end:
            pygame.draw.line(surf, T.FAINT, (px(day), track.y - 8), (px(day), track.bottom + 7))
            day += clock.DAY * days
        knob = (px(cv.at), track.centery)
        pygame.draw.rect(surf, T.ACCENT, (track.x, track.y, knob[0] - track.x, track.height),
                         border_radius=3)
        pygame.draw.circle(surf, T.ACCENT, knob, 8)
        pygame.draw.circle(surf, T.BG, knob, 3)
        hit = track.inflate(0, 22)

        def seek() -> None:
            from .base import mouse
            frac = (mouse[0] - track.x) / max(1, track.width)
            cv.seek(int(start + frac * (end - start)))
            self.replaying = False
        self.zones.add(hit, seek, "timebar")
        T.text(surf, "now" if cv.live else clock.fmt(cv.at), (box.right - 10, box.centery),
               "small_bold", T.TEXT if cv.live else T.ACCENT, align="right", valign="center")

    def _step(self, minutes: int) -> None:
        self.replaying = False
        self.town.claim_view.step(minutes)


def _is_slot(c) -> bool:
    attribute = c[1] if isinstance(c, tuple) else getattr(c, "attribute", "")
    return str(attribute).startswith("at_d")


def _cut(words: str, tail: str, room: int) -> str | None:
    """`words` shortened with "…" so that it and `tail` fit `room` pixels — or None when not
    even a few words' start would."""
    if room < 110:
        return None
    for n in range(len(words) - 1, 7, -1):
        label = words[:n].rstrip() + "…" + tail
        if T.width_of(label, "small_bold") <= room:
            return label
    return None
